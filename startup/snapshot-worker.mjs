// The interpreter snapshot's work off the page's main thread (startup/pyodide-start.mjs starts
// it): checking a stored snapshot's hash while the page restores, and making a new snapshot (and
// its hash) after ready. A plain module Worker: no PyScript worker machinery, so no COOP/COEP
// headers are needed.
//
// Checking: the Worker reads the stored bytes, hands a copy to the page at once (Pyodide needs them
// before it compiles its runtime) and then answers their hash: hashing a whole heap takes time that
// the page's main thread, busy loading PyScript and Pyodide, cannot spare.
//
// Making: it loads Pyodide itself. Snapshot-making wraps the JS globals in a proxy that the page's
// own interpreter could not live with; here there is no DOM to reach, and only the game's pure
// modules are imported (nothing that holds a JS object or a time), as the page imports them: from
// the same zip at the same path (pyscript.toml's [files]), so the restored modules find their files.
const APP = new URL("../../build/app.zip", import.meta.url);
// Written by tools/build.py: every module of the engine and of the shell outside webapp/browser/
// (nothing that holds a JS object or a time), and the standard library that a first visit's start
// imports ahead (the same list, in its groups: startup/pyodide-start.mjs).
const MODULES = JSON.parse('@HALF_MOON_MODULES@');
const START_IMPORTS = JSON.parse('@HALF_MOON_START_IMPORTS@');

const jobs = { check, make };

self.onmessage = async ({ data }) => {
  try {
    await jobs[data.job](data);
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};

async function check({ cache, entry, header }) {
  // Looked up, not opened: opening would make the cache anew after the page dropped it (no snapshot).
  const response = await caches.match(entry, { cacheName: cache });
  if (!response) throw new Error("the snapshot is gone");
  const bytes = await response.arrayBuffer();
  const copy = bytes.slice(0); // for the page at once (handed over, not copied again)
  self.postMessage({ bytes: copy }, [copy]);
  // The hash stored with these very bytes: another tab may have stored a new snapshot meanwhile.
  self.postMessage({ hash: await sha256(bytes), expected: response.headers.get(header) });
}

async function make() {
  // Imported here, not at the top: a worker that only checks a hash never loads Pyodide.
  const { loadPyodide } = await import("./pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: new URL("./", import.meta.url).href, _makeSnapshot: true });
  const response = await fetch(APP);
  if (!response.ok) throw new Error(`app.zip answered ${response.status}`);
  pyodide.FS.writeFile("app.zip", new Uint8Array(await response.arrayBuffer()));
  // On the path only while importing: the page's entry (index.html) puts it first again, and a
  // second copy in a restored `sys.path` would be searched twice for every later import.
  pyodide.runPython(`import sys; sys.path.insert(0, "app.zip"); import ${[...START_IMPORTS.flat(), ...MODULES].join(", ")}; sys.path.remove("app.zip")`);
  const bytes = pyodide.makeMemorySnapshot();
  self.postMessage({ bytes, hash: await sha256(bytes) }, [bytes.buffer]);
}

async function sha256(data) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
