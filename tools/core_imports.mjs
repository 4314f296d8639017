// What Pyodide's own start imports after CPython's (its `import _pyodide_core` and the rest of
// `finalizeBootstrap`), in the order the imports complete, one module a line: written by hand into
// data/core-imports.txt after a Pyodide upgrade (tests/test_core_imports.py fails until then). From
// it tools/build.py writes the groups that startup/pyodide-start.mjs imports ahead, a task each.
// Runs the same Pyodide as the page, from npm, under Node:
//   node tools/core_imports.mjs > data/core-imports.txt
import { loadPyodide } from "pyodide";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const { default: create } = await import(path.join(path.dirname(require.resolve("pyodide")), "pyodide.asm.mjs"));
let before = null;
const pyodide = await loadPyodide({
  // Pyodide's own option, called once CPython has started and before Pyodide's start imports anything.
  createPyodideModule: async (settings) => {
    const module = await create(settings);
    const [status, output] = module.API.rawRun("import sys; sys.stderr.write(' '.join(sys.modules)); sys.stderr.flush()");
    if (status) throw new Error(output);
    before = new Set(output.split(" "));
    return module;
  },
});
const after = pyodide.runPython("import sys; ' '.join(sys.modules)").split(" ");
process.stdout.write(after.filter((name) => !before.has(name)).join("\n") + "\n");
