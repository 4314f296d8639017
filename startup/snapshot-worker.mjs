// The making of an interpreter snapshot, off the page's main thread (startup/start-snapshot.mjs
// starts it after ready): a plain module Worker that loads Pyodide itself with snapshot-making on.
// Only the game's pure modules are imported (nothing that holds a JS object or a time), as the
// game's worker imports them: from the same zip at the same path (pyscript.toml's [files]), so the
// restored modules find their files.
import { makeOptions, makeSnapshot } from "./half-moon-pyodide-private.mjs";

const APP = new URL("../../build/app.zip", import.meta.url);
// Written by tools/build.py: every module of the engine and of the shell outside webapp/browser/
// (nothing that holds a JS object or a time), and the standard library the shell imports at every start.
const MODULES = JSON.parse('@HALF_MOON_MODULES@');

self.onmessage = async () => {
  try {
    await make();
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};

async function make() {
  const { loadPyodide } = await import("./pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: new URL("./", import.meta.url).href, ...makeOptions() });
  const response = await fetch(APP);
  if (!response.ok) throw new Error(`app.zip answered ${response.status}`);
  pyodide.FS.writeFile("app.zip", new Uint8Array(await response.arrayBuffer()));
  // On the path only while importing: the worker's entry puts it first again, and a second copy
  // in a restored `sys.path` would be searched twice for every later import.
  pyodide.runPython(`import sys; sys.path.insert(0, "app.zip"); import ${MODULES.join(", ")}; sys.path.remove("app.zip")`);
  const bytes = makeSnapshot(pyodide);
  self.postMessage({ bytes, hash: await sha256(bytes) }, [bytes.buffer]);
}

async function sha256(data) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
