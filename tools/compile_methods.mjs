// The dataclasses' methods of the game's zip, compiled by Pyodide's own Python (tools/method_code.py)
// from the zip's modules as the page's worker imports them, and written to OUT_FILE for
// webapp/browser/compiled_methods.py.
//   node tools/compile_methods.mjs APP_ZIP OUT_FILE PACKAGE...
import { loadPyodide } from "pyodide";
import path from "node:path";
import fs from "node:fs";

const [zipPath, outPath, ...packages] = process.argv.slice(2);
const root = path.join(path.dirname(new URL(import.meta.url).pathname), "..");
const pyodide = await loadPyodide();
pyodide.FS.writeFile("/app.zip", fs.readFileSync(zipPath));
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/repo");
pyodide.globals.set("packages", pyodide.toPy(packages));
const bytes = pyodide.runPython(`
import sys
sys.path[:0] = ["/app.zip", "/repo"]  # the game from its zip, the build's tools from the repository
from tools.method_code import START, compiled_methods
compiled_methods([START], packages)
`);
fs.writeFileSync(outPath, bytes.toJs());
bytes.destroy();
