// The game's start on the page: Python runs in a PyScript worker, started here. The build copies
// this module to static/build/page-start.mjs and static/worker-boot.js calls
// `startWorker({ onWorker })`: a promise of the PyWorker once its exports are ready.
//
// The page decides whether the worker restores the interpreter from a memory snapshot (the setting,
// the crash guard and the failures live in localStorage, which the worker cannot read) and tells it
// in the interpreter module's query. The worker tells the page, by its own messages
// (`{ "half-moon:start": what, ... }`), the download's progress, how it started, a snapshot it
// dropped and its console's errors and warnings. A watchdog says on the page that the game could not
// start when the worker fails or falls silent before ready. Browser plumbing only: it knows
// nothing of cards or rules.
import { FACTS, SITE, drop, hold, makeLater, mark, restoring, whenReady } from "./start-snapshot.mjs";
import { progress } from "./start-progress.mjs";

// The worker's config, written by tools/build.py from pyscript.toml (an object: a URL would reach
// the worker as a bare string).
const CONFIG = JSON.parse('@HALF_MOON_WORKER_CONFIG@');
const TAG = "half-moon:start";
const SILENCE_MS = 60_000; // no word from the worker for this long before ready: it is not starting
const at = (path) => new URL(path, SITE).href;
const root = document.documentElement;
// The worker's port that runs Python for the tests' checks of its interpreter.
export let probe = null;

export async function startWorker({ onWorker = () => {} } = {}) {
  const watch = watchdog();
  try {
    const restore = await restoring();
    const guard = restore ? await hold() : null;
    const { PyWorker, hooks } = await import(at(FACTS.core));
    await customElements.whenDefined("py-script"); // PyScript's hooks are set up by then
    const heard = listener(guard, watch);
    // Called as PyScript makes the worker, before it boots: for this worker only.
    const hook = (wrap, xworker) => {
      hooks.main.onWorker.delete(hook);
      xworker.addEventListener("message", heard);
      xworker.addEventListener("error", (event) => watch.fail(event.message || "the worker failed"));
      onWorker(xworker);
    };
    hooks.main.onWorker.add(hook);
    const version = `${at(FACTS.interpreter)}?restore=${restore ? 1 : 0}`;
    const ready = await PyWorker(at(FACTS.entry), { type: "pyodide", version, config: config() });
    whenReady().then(() => {
      guard?.release();
      if (!restore) makeLater();
    });
    return ready;
  } catch (error) {
    watch.fail(error);
    throw error;
  }
}

// The files' addresses relative to the page, made absolute: the worker runs from a blob.
function config() {
  const files = Object.fromEntries(Object.entries(CONFIG.files ?? {}).map(([from, to]) => [at(from), to]));
  return { ...CONFIG, files };
}

function listener(guard, watch) {
  const bar = progress(FACTS.defaultLanguage);
  return ({ data }) => {
    watch.heard();
    const what = data?.[TAG];
    if (what === "progress") bar.update(data.received, data.total);
    else if (what === "probe") probe = data.port;
    else if (what === "console") (data.level === "warn" ? console.warn : console.error)(String(data.text));
    else if (what === "dropped") {
      guard?.release();
      drop(data.counted === true).catch(() => {});
    } else if (what === "started") {
      bar.done();
      const how = data.how === "restored" ? "restored" : "normal";
      mark("start", how);
      performance.mark(`half-moon:start-${how}`);
    }
  };
}

// The start fails when the worker does, or when neither ready nor a word from the worker came for
// SILENCE_MS: the page then says so in its language, with the spinner stopped.
function watchdog() {
  let timer = null;
  let failed = false;
  const fail = (why) => {
    if (failed || root.hasAttribute("data-ready")) return;
    failed = true;
    clearTimeout(timer);
    console.error(`Half Moon: the game could not start (${why})`);
    const box = document.querySelector("[data-loading]");
    const spinner = box?.querySelector(".spinner");
    if (spinner?.nextElementSibling) spinner.nextElementSibling.hidden = true; // "loading…"
    spinner?.remove();
    box?.querySelector("progress")?.setAttribute("hidden", "");
    const status = box?.querySelector("[data-progress] > span");
    if (status) status.textContent = FACTS.failed[root.lang] ?? FACTS.failed[FACTS.defaultLanguage];
    root.setAttribute("data-start-failed", "");
  };
  const heard = () => {
    clearTimeout(timer);
    if (!failed && !root.hasAttribute("data-ready")) timer = setTimeout(fail, SILENCE_MS, "no word from the worker");
  };
  heard();
  whenReady().then(() => clearTimeout(timer));
  return { heard, fail };
}
