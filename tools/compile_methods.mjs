// The dataclasses' methods of the game's zip, compiled by Pyodide's own Python (tools/method_code.py):
// MODULE... imported from the zip as the page imports them, and each method source their dataclasses
// compile kept, with its code, in OUT_FILE (webapp/browser/compiled_methods.py reads it).
//   node tools/compile_methods.mjs APP_ZIP OUT_FILE MODULE...
import { loadPyodide } from "pyodide";
import path from "node:path";
import fs from "node:fs";

const [zipPath, outPath, ...modules] = process.argv.slice(2);
const root = path.join(path.dirname(new URL(import.meta.url).pathname), "..");
const pyodide = await loadPyodide();
pyodide.FS.writeFile("/app.zip", fs.readFileSync(zipPath));
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/repo");
pyodide.globals.set("modules", pyodide.toPy(modules));
const bytes = pyodide.runPython(`
import sys, zipfile
sys.path[:0] = ["/app.zip", "/repo"]  # the game from its zip, the build's tools from the repository
from tools.method_code import compiled_methods

with zipfile.ZipFile("/app.zip") as archive:
    packages = {name.partition("/")[0] for name in archive.namelist()}
compiled_methods(modules, packages)
`);
fs.writeFileSync(outPath, bytes.toJs());
bytes.destroy();
