// Compile the page's Python to bytecode for the Python that runs it (Pyodide's, not the build
// machine's), so that the page imports it without compiling at every start.
//   node tools/compile_pyc.mjs OUT_DIR PACKAGE... [--from DIR] [--optimize N] [--checked]
// Writes OUT_DIR/PACKAGE/[SUB/]__pycache__/*.cpython-3XX.pyc (sub-packages too) of the packages under
// DIR (by default the repository) as unchecked-hash pycs (checked ones with --checked), lines without
// columns (tools/pyc_bytes.py), optimized as with -OO unless N says otherwise (no docstrings, no asserts:
// the page never reads a docstring, and its asserts only narrow types for mypy; a dataclass keeps one, its
// own or its name, else it makes one at every start).
// tools/build.py ships the game's without their sources, as sourceless modules, and PyScript's own
// package beside the sources PyScript writes.
import { loadPyodide } from "pyodide";
import path from "node:path";
import fs from "node:fs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args.splice(at, 2)[1];
};
const flag = (name) => {
  const at = args.indexOf(name);
  if (at !== -1) args.splice(at, 1);
  return at !== -1;
};
const root = path.resolve(option("--from", path.join(path.dirname(new URL(import.meta.url).pathname), "..")));
const optimize = Number(option("--optimize", "2"));
const checked = flag("--checked");
const [outDir, ...packages] = args;
const pyodide = await loadPyodide();
const out = path.resolve(outDir);
fs.mkdirSync(out, { recursive: true });
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/repo");
pyodide.FS.mkdirTree("/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: out }, "/out");
pyodide.globals.set("packages", pyodide.toPy(packages));
pyodide.globals.set("optimize", optimize);
pyodide.globals.set("checked", checked);
pyodide.runPython(fs.readFileSync(new URL("pyc_bytes.py", import.meta.url), "utf8"));
pyodide.runPython(`
import pathlib, sys
for package in packages:
    for source in sorted(pathlib.Path("/repo", package).rglob("*.py")):
        name = source.relative_to("/repo")
        target = pathlib.Path("/out", name.parent, "__pycache__", f"{source.stem}.{sys.implementation.cache_tag}.pyc")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(pyc(source.read_bytes(), name.as_posix(), optimize, checked))
`);
