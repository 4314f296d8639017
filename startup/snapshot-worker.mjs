// Makes the interpreter snapshot that later visits restore (startup/pyodide-start.mjs starts it
// after ready). A plain module Worker that loads Pyodide itself: no PyScript worker machinery, so
// no COOP/COEP headers are needed. Snapshot-making wraps the JS globals in a proxy that the page's
// own interpreter could not live with; here there is no DOM to reach, and only the game's pure
// modules are imported (nothing that holds a JS object or a time), as the page's config will
// import them: the same zip unpacked into the same folder, so the restored modules' files match.
import { loadPyodide } from "./pyodide.mjs";

const APP = new URL("../../build/app.zip", import.meta.url);
const MODULES = ["halfmoon", "webapp.controller", "webapp.view", "webapp.storage", "webapp.strings"];
// Standard-library modules that PyScript's own package and the shell import at every start: pure
// Python, holding no JS object and no time (so not logging, which keeps its import time).
const STDLIB = ["asyncio", "inspect", "html", "base64", "pathlib", "zipfile", "tempfile", "shutil", "glob", "textwrap", "codeop", "traceback"];

self.onmessage = async () => {
  try {
    const pyodide = await loadPyodide({ indexURL: new URL("./", import.meta.url).href, _makeSnapshot: true });
    const response = await fetch(APP);
    if (!response.ok) throw new Error(`app.zip answered ${response.status}`);
    pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "./" });
    pyodide.runPython(`import ${[...STDLIB, ...MODULES].join(", ")}`);
    const bytes = pyodide.makeMemorySnapshot();
    self.postMessage({ bytes }, [bytes.buffer]);
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
