// Compile the page's Python to bytecode for the Python that runs it (Pyodide's, not the build
// machine's), so that the page imports it without compiling at every start.
//   node tools/compile_pyc.mjs OUT_DIR PACKAGE...
// Writes OUT_DIR/PACKAGE/[SUB/]__pycache__/*.cpython-3XX.pyc (sub-packages too) as unchecked-hash pycs, optimized as with
// -OO (no docstrings, no asserts: the page never reads a docstring, and the asserts only narrow
// types for mypy), lines without columns (tools/pyc_bytes.py); tools/build.py ships them without their sources, as sourceless modules.
import { loadPyodide } from "pyodide";
import path from "node:path";
import fs from "node:fs";

const [outDir, ...packages] = process.argv.slice(2);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const pyodide = await loadPyodide();
const out = path.resolve(outDir);
fs.mkdirSync(out, { recursive: true });
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/repo");
pyodide.FS.mkdirTree("/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: out }, "/out");
pyodide.globals.set("packages", pyodide.toPy(packages));
pyodide.runPython(fs.readFileSync(new URL("pyc_bytes.py", import.meta.url), "utf8"));
pyodide.runPython(`
import pathlib, sys
for package in packages:
    for source in sorted(pathlib.Path("/repo", package).rglob("*.py")):
        name = source.relative_to("/repo")
        target = pathlib.Path("/out", name.parent, "__pycache__", f"{source.stem}.{sys.implementation.cache_tag}.pyc")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(pyc(source.read_bytes(), name.as_posix(), 2))
`);
