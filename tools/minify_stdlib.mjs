// The trimmed standard library made ready for the page: each module is parsed by Pyodide's own Python
// (the one the page runs), stripped of docstrings except in Pyodide's own packages, which read
// docstrings at run time, and written as bytecode (`module.pyc`, an unchecked-hash pyc, no source):
// a first visit then imports it without compiling it, which was about 80 % of the interpreter's start
// (issue 22). Line tables are kept: a traceback still names the line, though it cannot show it.
//   node tools/minify_stdlib.mjs STDLIB.zip
import { loadPyodide } from "pyodide";
import path from "node:path";

const zipPath = path.resolve(process.argv[2]);
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/host");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.dirname(zipPath) }, "/host");
pyodide.globals.set("name", path.basename(zipPath));
pyodide.runPython(`
import ast, os, py_compile, zipfile

KEEP_DOCSTRINGS = ("_pyodide/", "pyodide/")


def strip_docstrings(tree):
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body:
            first = body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                body[0] = ast.Pass() if len(body) == 1 else None
                node.body = [s for s in body if s is not None]
    return tree


path = "/host/" + name
with zipfile.ZipFile(path) as source:
    entries = [(info, source.read(info)) for info in source.infolist()]
with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for info, data in entries:
        tree = ast.parse(data, info.filename)
        keep = info.filename.startswith(KEEP_DOCSTRINGS)
        if not keep:
            tree = strip_docstrings(tree)
        with open("/tmp/module.py", "w", encoding="utf-8") as source:
            source.write(ast.unparse(tree))
        py_compile.compile(
            "/tmp/module.py", cfile="/tmp/module.pyc", dfile=info.filename, doraise=True, optimize=1 if keep else 2,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
        with open("/tmp/module.pyc", "rb") as compiled:
            out.writestr(zipfile.ZipInfo(info.filename + "c", info.date_time), compiled.read(), zipfile.ZIP_DEFLATED)
`);
