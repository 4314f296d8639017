// A start in short tasks, for the page's start (startup/pyodide-start.mjs). tools/build.py copies it
// beside the start module and writes the groups of modules imported ahead into it.

// Pyodide's own start runs the wasm's instantiation, CPython's start and the import of about 160
// modules (its `finalizeBootstrap`) in two long tasks: the progress bar stands still and taps wait for
// seconds. Through its `createPyodideModule` option, the instantiation and CPython's start get tasks
// of their own and the modules its start imports are imported ahead, in groups (its private `API.rawRun`, pinned with
// Pyodide: docs/start.md "Fast start"), each group a task, so that timers, input and the progress bar run
// between them; its start then finds them imported, and so does the game's. The groups, written by
// tools/build.py (data/core-imports.txt and the shell's own; the snapshot Worker imports the same).
// A group that fails is left to Pyodide's start, which imports it itself.
const START_IMPORTS = JSON.parse('@HALF_MOON_START_IMPORTS@');

// For the tests: the groups that failed, and what Pyodide's start imported that was not imported
// ahead (its own packages only, unless a new Pyodide imports more: tests/browser/test_fast_start.py).
export const ahead = { failed: [], late: null };
const AHEAD_MARK = "_half_moon_ahead";

// A restore (its modules in the snapshot: no groups) takes the receipt of the instance apart too,
// which is otherwise its longest block.
export function inShortTasks(options, { step = () => {}, restore = false }) {
  return {
    ...options,
    async createPyodideModule(settings) {
      const { default: create } = await import("./pyodide.asm.mjs");
      const instantiate = settings.instantiateWasm;
      // The receipt of the instance in a task of its own; on a first start, the instantiation too,
      // apart from the module's own set-up (not on a restore, which that makes slower).
      let failed; // a deferred instantiation that throws fails the start, as Pyodide's own would
      const failure = new Promise((_, reject) => (failed = reject));
      settings.instantiateWasm = (imports, receive) => {
        const received = (instance, module) => nextTask().then(() => (step(), receive(instance, module))).catch(failed);
        if (restore) return instantiate(imports, received);
        nextTask().then(() => instantiate(imports, received)).catch(failed);
        return {}; // Emscripten's sign that the instance comes later
      };
      // The instance's receipt (Emscripten's dynamic linking) in four tasks (tools/build.py
      // `receipt_in_steps` makes it await this hook three times).
      settings.receiveStep = nextTask;
      // CPython's own start (`callMain`) in a task of its own, after Emscripten's pre-run.
      settings.preRun = [...(settings.preRun ?? []), (module) => {
        module.addRunDependency(AHEAD_MARK);
        nextTask().then(() => (step(), module.removeRunDependency(AHEAD_MARK)));
      }];
      const module = await Promise.race([create(settings), failure]);
      if (restore) return module;
      for (const group of START_IMPORTS) {
        await nextTask();
        performance.mark(`half-moon:ahead ${group[0]}`); // where each task begins, for a trace
        const [status, error] = module.API.rawRun(`import ${group.join(", ")}`);
        if (status) ahead.failed.push(`${group.join(", ")}: ${error}`);
        step();
      }
      module.API.rawRun(`import sys; sys.${AHEAD_MARK} = set(sys.modules)`);
      await nextTask();
      return module;
    },
  };
}

// One short run of Python per normal start, for the tests' guard above (a new Pyodide's start that
// imports more than the list is found by the first-visit test, not by a slower start).
export function lateImports(pyodide) {
  const late = pyodide.runPython(`import sys; sorted(set(sys.modules) - sys.__dict__.pop("${AHEAD_MARK}", set(sys.modules)))`);
  try {
    return late.toJs();
  } finally {
    late.destroy();
  }
}

// A new task, behind the tasks already waiting, timers too: a message to ourselves, then a timer
// set from that message's task (its nesting level stays under the browsers' clamp of nested timers). A message alone runs
// ahead of waiting timers, which then wait through two or three steps in a row; `scheduler.yield()`
// is worse: its continuation runs ahead of them through the whole start, so a timer waits through
// every step. In a hidden page, whose timers the browser wakes about once a
// second, the message alone: nobody sees its frames, and fifty steps must not take fifty seconds.
function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => (document.hidden ? resolve() : setTimeout(resolve, 0));
    channel.port2.postMessage(null);
  });
}

// The steps a first start reports (the progress bar's share after the download): the
// instantiation, CPython's start, then each group.
export const STEPS = 2 + START_IMPORTS.length;
