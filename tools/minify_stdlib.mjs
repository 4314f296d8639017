// Shrink the trimmed standard library for the page: each module is parsed and written back by
// Pyodide's own Python (ast.unparse), without comments and without docstrings, except in Pyodide's
// own packages, which read docstrings at run time. The code is unchanged, only smaller.
//   node tools/minify_stdlib.mjs STDLIB.zip
import { loadPyodide } from "pyodide";
import path from "node:path";

const zipPath = path.resolve(process.argv[2]);
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/host");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.dirname(zipPath) }, "/host");
pyodide.globals.set("name", path.basename(zipPath));
pyodide.runPython(`
import ast, io, zipfile

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
        if not info.filename.startswith(KEEP_DOCSTRINGS):
            tree = strip_docstrings(tree)
        out.writestr(info, ast.unparse(tree).encode())
`);
