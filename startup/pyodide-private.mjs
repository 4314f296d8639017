// Pyodide's private parts that the start uses, in one place: each is pinned with Pyodide and has a
// test against the vendored Pyodide's text (tests/test_build.py) that fails when a release renames
// it; docs/start.md "Upgrading Pyodide" lists them. tools/build.py copies this module beside
// pyodide.mjs (half-moon-pyodide-private.mjs).

// loadPyodide's options of a start restored from a memory snapshot (`_loadSnapshot`: the snapshot's
// bytes, or a promise of them).
export function restoreOptions(bytes) {
  return { _loadSnapshot: bytes };
}

// loadPyodide's options of an interpreter that makes a snapshot (`_makeSnapshot`).
export function makeOptions() {
  return { _makeSnapshot: true };
}

// The snapshot of an interpreter started with makeOptions (`makeMemorySnapshot`).
export function makeSnapshot(pyodide) {
  return pyodide.makeMemorySnapshot();
}

// Pyodide keeps its options in `_api.config` for the interpreter's life: a restored one lets go of
// the snapshot's bytes (a whole heap).
export function forgetSnapshot(pyodide) {
  delete pyodide._api.config._loadSnapshot;
}
