// The trimmed standard library made ready for the page: each module is parsed by Pyodide's own Python
// (the one the page runs), without docstrings except in Pyodide's own packages, which read
// docstrings at run time, and a dataclass's (tools/pyc_bytes.py), and written as bytecode
// (`module.pyc`, an unchecked-hash pyc, no source): a first visit then imports it without compiling
// it.
// Lines without columns (tools/pyc_bytes.py): a traceback names CPython's own source lines.
//   node tools/minify_stdlib.mjs STDLIB.zip
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";

const zipPath = path.resolve(process.argv[2]);
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/host");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.dirname(zipPath) }, "/host");
pyodide.globals.set("name", path.basename(zipPath));
pyodide.runPython(fs.readFileSync(new URL("pyc_bytes.py", import.meta.url), "utf8"));
pyodide.runPython(`
import zipfile

KEEP_DOCSTRINGS = ("_pyodide/", "pyodide/")

path = "/host/" + name
with zipfile.ZipFile(path) as source:
    entries = [(info, source.read(info)) for info in source.infolist()]
with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for info, data in entries:
        compiled = pyc(data, info.filename, 1 if info.filename.startswith(KEEP_DOCSTRINGS) else 2)
        out.writestr(zipfile.ZipInfo(info.filename + "c", info.date_time), compiled, zipfile.ZIP_DEFLATED)
`);
