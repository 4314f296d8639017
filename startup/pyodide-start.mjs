// How the page's interpreter starts: PyScript's config (pyscript.toml) names this module as its
// interpreter, and it wraps Pyodide's loadPyodide. tools/build.py copies it and its modules beside
// pyodide.mjs (PyScript takes Pyodide's indexURL from this module's folder) and writes the build key
// and Python's facts into them.
// Browser plumbing only: it knows nothing of cards or rules.
//
// A warm start restores the interpreter from a memory snapshot made on this device, instead of
// starting Python (Pyodide's private `_loadSnapshot`, pinned with Pyodide; docs/start.md "Fast start").
// The snapshot is made after ready, off the critical path, in a Worker (the page's own interpreter
// holds live JS objects and cannot be snapshotted), and kept in Cache Storage under the build key.
// It can never break the game: a missing, stale, corrupt or foreign snapshot, a restore that throws,
// or a restored start that never reached ready (found by the next visit) means a normal boot, and
// the bad snapshot is dropped.
//
// Each job is a module of its own beside this one: the snapshot (startup/start-snapshot.mjs), the start
// in short tasks (startup/start-tasks.mjs), the first visit's progress bar (startup/start-progress.mjs).
import { loadPyodide as startPyodide } from "./pyodide.mjs";
import { FACTS, HashMismatch, MAX_FAILURES, drop, dropped, enabled, failures, forget, hold, idle, make, mark,
  never, restorable, settle, verified, whenReady } from "./half-moon-start-snapshot.mjs";
import { STEPS, inShortTasks, lateImports, ahead } from "./half-moon-start-tasks.mjs";
import { progress } from "./half-moon-start-progress.mjs";

export * from "./pyodide.mjs";
// For the tests: the groups imported ahead that failed, and what Pyodide's start imported late.
export { ahead };

// A device clock past the last moment CPython can hold (April 2262) stops the interpreter's own start
// (`time.time_ns()` overflows while `logging` is imported). The interpreter reads the time through
// `Date.now`, so that is held at the limit; `new Date()` keeps the device's date, from which the page
// learns that the daily deal is not available (docs/ui-contract.md "What counts").
const deviceNow = Date.now;
if (deviceNow() > FACTS.lastMomentMs) Date.now = () => Math.min(deviceNow(), FACTS.lastMomentMs);

// The started interpreter, for the tests' checks of a restored start (e.g. `random` reseeded).
export let interpreter = null;

// PyScript's own Python package as bytecode (tools/build.py `pyscript_bytecode`), put beside the
// sources PyScript writes at every start, normal or restored, so that its import compiles nothing
// (compiling made it the start's longest task). Fetched from the start, and waited for at most
// BYTECODE_WAIT_MS once the interpreter has started; without it, PyScript compiles its package itself.
const BYTECODE_WAIT_MS = 1000;
const pyscriptBytecode = fetch(new URL("@HALF_MOON_PYSCRIPT_BYTECODE@", import.meta.url))
  .then((response) => (response.ok ? response.arrayBuffer() : null))
  .catch(() => null);

export async function loadPyodide(options) {
  if (!stored) {
    mark("snapshot", "off");
    forget().catch(() => {});
    return started(await startPyodide(inShortTasks(options, {})), "normal");
  }
  const found = await stored;
  if (found) {
    const { bytes, checked } = found;
    found.bytes = null; // `stored` outlives the start: the snapshot's bytes (a whole heap) must not stay
    const guard = await hold();
    try {
      const settings = { ...options, _loadSnapshot: bytes, fsInit: verified(checked, options.fsInit) };
      const pyodide = await Promise.race([startPyodide(inShortTasks(settings, { restore: true })), checked.then(() => never)]);
      settle(pyodide);
      whenReady().then(guard.release);
      return started(pyodide, "restored");
    } catch (error) {
      console.warn(`Half Moon: the interpreter snapshot was not usable (${error}); starting normally`);
      guard.release();
      await drop(!(error instanceof HashMismatch));
    }
  }
  const bar = progress(STEPS, FACTS.defaultLanguage);
  const pyodide = await startPyodide(inShortTasks(options, { step: bar.step })).finally(bar.done);
  // Not in the visit that dropped a bad one (the next visit makes it), nor for a build that keeps failing.
  if (!dropped && failures() < MAX_FAILURES) whenReady().then(() => idle(make));
  return started(pyodide, "normal");
}

async function started(pyodide, how) {
  if (how === "normal") ahead.late = lateImports(pyodide);
  const late = new Promise((resolve) => setTimeout(resolve, BYTECODE_WAIT_MS, null));
  const bytecode = await Promise.race([pyscriptBytecode, late]);
  try {
    if (bytecode) pyodide.unpackArchive(bytecode, "zip", { extractDir: pyodide.FS.cwd() });
  } catch (error) {
    console.warn(`Half Moon: PyScript's bytecode was not usable (${error}); it compiles its sources`);
  }
  interpreter = pyodide;
  mark("start", how);
  performance.mark(`half-moon:start-${how}`);
  return pyodide;
}

// The stored snapshot is looked for, read and checked as soon as the page evaluates this module:
// index.html runs it as soon as it arrives, and when PyScript starts the interpreter it imports
// this same module (already evaluated), so all that happens while PyScript itself loads. (Last in
// the module: what it calls is all defined by now.)
const stored = enabled() ? restorable().catch(() => null) : null;
