// How the page's interpreter starts: PyScript's config (pyscript.toml) names this module as its
// interpreter, and it wraps Pyodide's loadPyodide. tools/build.py copies it beside pyodide.mjs
// (PyScript takes Pyodide's indexURL from this module's folder) and writes the build key into it.
// Browser plumbing only: it knows nothing of cards or rules.
//
// A warm start restores the interpreter from a memory snapshot made on this device, instead of
// starting Python (Pyodide's private `_loadSnapshot`, pinned with Pyodide; docs/start.md "Fast start").
// The snapshot is made after ready, off the critical path, in a Worker (the page's own interpreter
// holds live JS objects and cannot be snapshotted), and kept in Cache Storage under the build key.
// It can never break the game: a missing, stale, corrupt or foreign snapshot, a restore that throws,
// or a restored start that never reached ready (found by the next visit) means a normal boot, and
// the bad snapshot is dropped.
import { loadPyodide as startPyodide } from "./pyodide.mjs";

export * from "./pyodide.mjs";

// The Pyodide build and a hash of every file that goes into a snapshot, written by tools/build.py.
const BUILD = "@HALF_MOON_BUILD@";
const SCOPE = new URL("../../../", import.meta.url).href;
// Not under the service worker's prefix ("half-moon:<scope>:"), whose activation deletes the
// project's old caches: a snapshot is keyed by the build itself, and this module deletes stale ones.
const CACHE = `half-moon-interpreter:${SCOPE}`;
const ENTRY = `${SCOPE}__interpreter-snapshot__?build=${BUILD}`;
const HASH = "x-half-moon-sha256";
// Python's facts, written by tools/build.py: the storage keys (webapp/store/storage_keys.py), the settings'
// field of the fast start and the page's default language.
const FACTS = JSON.parse('@HALF_MOON_FACTS@');
const SETTINGS = FACTS.settingsKey;
// Set while a restored start runs, cleared at ready: found at the next start with no tab holding
// its lock, it means that start crashed or hung.
const STARTING = FACTS.startingKey;
const FAILURES = FACTS.failuresKey;
const MAX_FAILURES = 3; // then this build makes no more snapshots on this device
// A device clock past the last moment CPython can hold (April 2262) stops the interpreter's own start
// (`time.time_ns()` overflows while `logging` is imported). The interpreter reads the time through
// `Date.now`, so that is held at the limit; `new Date()` keeps the device's date, from which the page
// learns that the daily deal is not available (docs/ui-contract.md "What counts").
const deviceNow = Date.now;
if (deviceNow() > FACTS.lastMomentMs) Date.now = () => Math.min(deviceNow(), FACTS.lastMomentMs);
const root = document.documentElement;
// The raw sizes of the runtime's two large files, written by tools/build.py: the progress bar's whole.
const SIZES = JSON.parse('@HALF_MOON_SIZES@');

// The started interpreter, for the tests' checks of a restored start (e.g. `random` reseeded).
export let interpreter = null;

// PyScript's own Python package as bytecode (tools/build.py `pyscript_bytecode`), put beside the
// sources PyScript writes at every start, normal or restored, so that its import compiles nothing
// (compiling made it the start's longest task). Fetched from the start, and waited for at most
// BYTECODE_WAIT_MS once the interpreter has started; without it, PyScript compiles its package itself.
const BYTECODE_WAIT_MS = 1000;
const pyscriptBytecode = fetch(new URL("@HALF_MOON_PYSCRIPT_BYTECODE@", import.meta.url))
  .then((response) => (response.ok ? response.arrayBuffer() : null))
  .catch(() => null);

export async function loadPyodide(options) {
  if (!stored) {
    mark("snapshot", "off");
    forget().catch(() => {});
    return started(await startPyodide(inShortTasks(options, {})), "normal");
  }
  const found = await stored;
  if (found) {
    const { bytes, checked } = found;
    found.bytes = null; // `stored` outlives the start: the snapshot's bytes (a whole heap) must not stay
    const guard = await hold();
    try {
      const settings = { ...options, _loadSnapshot: bytes, fsInit: verified(checked, options.fsInit) };
      const pyodide = await Promise.race([startPyodide(inShortTasks(settings, { restore: true })), checked.then(() => never)]);
      settle(pyodide);
      whenReady().then(guard.release);
      return started(pyodide, "restored");
    } catch (error) {
      console.warn(`Half Moon: the interpreter snapshot was not usable (${error}); starting normally`);
      guard.release();
      await drop(!(error instanceof HashMismatch));
    }
  }
  const bar = progress();
  const pyodide = await startPyodide(inShortTasks(options, { step: bar.step })).finally(bar.done);
  // Not in the visit that dropped a bad one (the next visit makes it), nor for a build that keeps failing.
  if (!dropped && failures() < MAX_FAILURES) whenReady().then(() => idle(make));
  return started(pyodide, "normal");
}

async function started(pyodide, how) {
  if (how === "normal") ahead.late = lateImports(pyodide);
  const late = new Promise((resolve) => setTimeout(resolve, BYTECODE_WAIT_MS, null));
  const bytecode = await Promise.race([pyscriptBytecode, late]);
  try {
    if (bytecode) pyodide.unpackArchive(bytecode, "zip", { extractDir: pyodide.FS.cwd() });
  } catch (error) {
    console.warn(`Half Moon: PyScript's bytecode was not usable (${error}); it compiles its sources`);
  }
  interpreter = pyodide;
  mark("start", how);
  performance.mark(`half-moon:start-${how}`);
  return pyodide;
}

function mark(name, value) {
  root.setAttribute(`data-${name}`, value);
}

// The "fast start" setting (webapp/store/storage.py writes it; on unless turned off), and what it needs.
function enabled() {
  try {
    // Reading `caches` itself throws in a sandboxed frame.
    if (!globalThis.caches || !globalThis.crypto?.subtle || typeof Worker !== "function") return false;
  } catch {
    return false;
  }
  return readRecord(SETTINGS)?.[FACTS.fastStartField] !== false;
}

// Our records here are a few dozen bytes: anything long is not ours and is not parsed.
const MAX_RECORD = 4096;

// One of our short JSON records, or null (absent, too long, not JSON).
function readRecord(key) {
  try {
    return JSON.parse(read(key));
  } catch {
    return null;
  }
}

function read(key) {
  try {
    const value = localStorage.getItem(key);
    return value !== null && value.length <= MAX_RECORD ? value : null;
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage blocked or full: the guard is lost, the start itself is not
  }
}

// A start in short tasks

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
function inShortTasks(options, { step = () => {}, restore = false }) {
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
function lateImports(pyodide) {
  const late = pyodide.runPython(`import sys; sorted(set(sys.modules) - sys.__dict__.pop("${AHEAD_MARK}", set(sys.modules)))`);
  try {
    return late.toJs();
  } finally {
    late.destroy();
  }
}

// A new task, behind the tasks already waiting, timers too: a message to ourselves, then a timer
// set from that message's task (its nesting level stays under the 4 ms clamp's). A message alone runs
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

// The restore

class HashMismatch extends Error {}

async function restorable() {
  // The Worker reads the bytes, off the main thread, from now on: a copy comes back at once, for
  // Pyodide to read before it compiles its runtime, and their hash's verdict after it. With no
  // snapshot stored it runs until it says so itself: a Worker stopped as its module arrives can
  // leave that download out of the HTTP cache (Chromium, now and then), and the "make" Worker
  // would download the module again.
  const check = inWorker("check", { cache: CACHE, entry: ENTRY, header: HASH }, 2);
  const [read, verdict] = check.replies;
  const bytes = read.then((message) => new Uint8Array(message.bytes));
  const checked = verdict.then(({ hash, expected }) => {
    if (hash !== expected) throw new HashMismatch("its bytes do not match their hash");
  });
  bytes.catch(() => {}); // handled where loadPyodide rejects
  checked.catch(() => {});
  const response = await (await caches.open(CACHE)).match(ENTRY);
  if (!response) {
    await forget(); // any snapshot of another build is stale
    return null;
  }
  if (await crashed()) {
    check.stop();
    console.warn("Half Moon: the last start from a snapshot did not finish; starting normally");
    write(STARTING, null);
    await drop(true);
    return null;
  }
  return { bytes, checked };
}

const never = new Promise(() => {});

// Pyodide copies the snapshot into its memory after its file-system hook, a step of Emscripten's
// pre-run that comes once the wasm module is compiled and instantiated. There the hook waits for
// the hash's verdict (on a mismatch, for ever: loadPyodide falls back on the verdict itself, and
// no Python ever runs on bad bytes), then for a task of its own: Pyodide's restore, one run of
// promise callbacks that would be one long block of the main thread, is split in two.
function verified(checked, fsInit) {
  return async (...args) => {
    await checked.catch(() => never);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await fsInit?.(...args);
  };
}

// What a snapshot carries over from where it was made, and must not.
function settle(pyodide) {
  delete pyodide._api.config._loadSnapshot; // the config would keep the snapshot's bytes for the page's life
  // The same random state on every restore until reseeded; a second "" in sys.path from Pyodide.
  pyodide.runPython("import random, sys\nrandom.seed()\nsys.path[:] = dict.fromkeys(sys.path)");
}

let dropped = false;

async function drop(countFailure) {
  dropped = true;
  mark("snapshot", "dropped");
  if (countFailure) write(FAILURES, JSON.stringify({ build: BUILD, count: failures() + 1 }));
  await forget();
}

function forget() {
  return caches.delete(CACHE);
}

function failures() {
  const seen = readRecord(FAILURES);
  return seen?.build === BUILD && Number.isInteger(seen.count) ? seen.count : 0;
}

// The guard of a restored start. A second tab starting at the same time also finds the flag set:
// it is not a crash while a tab holds the flag's lock (Web Locks are released when a tab closes
// or crashes). Without Web Locks, only a flag older than a minute counts as a crash.
const lockName = (id) => `${STARTING}:${id}`;

async function crashed() {
  const flag = readRecord(STARTING);
  if (typeof flag?.id !== "string" || typeof flag.at !== "number") return false;
  if (!navigator.locks) return Date.now() - flag.at > 60_000;
  const { held } = await navigator.locks.query();
  return !held.some((lock) => lock.name === lockName(flag.id));
}

async function hold() {
  const id = crypto.randomUUID();
  let release = () => {};
  const done = new Promise((resolve) => (release = resolve));
  if (navigator.locks) {
    // A lock that cannot be had (e.g. a document not fully active) must not stop the start: the
    // flag is then unguarded, and a tab starting meanwhile may take it for a crash (a normal boot).
    await new Promise((granted) => navigator.locks.request(lockName(id), () => (granted(), done)).catch(granted));
  }
  write(STARTING, JSON.stringify({ id, at: Date.now() }));
  return {
    release() {
      const flag = readRecord(STARTING); // null when absent or not ours to keep
      if (flag === null || flag.id === id) write(STARTING, null);
      release();
    },
  };
}

function whenReady() {
  return new Promise((resolve) => {
    const check = () => root.hasAttribute("data-ready") && (observer.disconnect(), resolve(), true);
    const observer = new MutationObserver(check);
    if (!check()) observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  });
}

// The first visit: a determinate progress bar through the download, from the bytes Pyodide really
// receives (its own requests are counted as they stream in: nothing is fetched twice), and then
// through the start's steps (its short tasks, above), so it never stands still longer than a task.
// Shown only when the download is still going after half a second, i.e. not from a warm cache.
const DOWNLOAD_SHARE = 0.7; // of the bar; the start's steps fill the rest
const STEPS = 2 + START_IMPORTS.length; // the instantiation, CPython's start, then each group

function progress() {
  const box = document.querySelector("[data-progress]");
  const bar = box?.querySelector("progress");
  if (!bar) return { step() {}, done() {} };
  const total = Object.values(SIZES).reduce((a, b) => a + b, 0);
  const original = globalThis.fetch;
  let received = 0;
  let steps = 0;
  const draw = () => {
    bar.value = Math.min(received / total, 1) * DOWNLOAD_SHARE + (steps / STEPS) * (1 - DOWNLOAD_SHARE);
  };
  const show = setTimeout(() => {
    if (received >= total) return; // from a warm cache: no "getting ready to play offline"
    // The language the early paint gave the page (its saved words', or the browser's on a first visit).
    const words = box.getAttribute(`data-${root.lang}`) ?? box.getAttribute(`data-${FACTS.defaultLanguage}`);
    bar.setAttribute("aria-label", words);
    bar.hidden = false;
    box.lastElementChild.textContent = words; // said once by the status region
  }, 500);
  globalThis.fetch = async (input, init) => {
    const response = await original(input, init);
    const name = String(input?.url ?? input).split("?")[0].split("/").pop();
    if (!(name in SIZES) || !response.body) return response;
    const { status, statusText, headers } = response;
    const counted = new TransformStream({
      transform(chunk, controller) {
        received += chunk.byteLength;
        draw();
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(counted), { status, statusText, headers });
  };
  return {
    step() {
      steps += 1;
      draw();
    },
    done() {
      globalThis.fetch = original;
      clearTimeout(show);
    },
  };
}

// Making one, after ready, off the critical path

function idle(job) {
  if (globalThis.requestIdleCallback) requestIdleCallback(() => job(), { timeout: 2000 });
  else setTimeout(job, 200);
}

async function make() {
  mark("snapshot", "making");
  try {
    const made = performance.now();
    const { bytes, hash } = await inWorker("make").replies[0];
    const stored = performance.now();
    if (!enabled()) return mark("snapshot", "off"); // turned off meanwhile
    await forget(); // one snapshot at a time: older builds' go
    const headers = { [HASH]: hash, "content-type": "application/octet-stream" };
    await (await caches.open(CACHE)).put(ENTRY, new Response(bytes, { headers }));
    const detail = { bytes: bytes.length, makeMs: stored - made, storeMs: performance.now() - stored };
    performance.mark("half-moon:snapshot-stored", { detail });
    mark("snapshot", "stored");
  } catch (error) {
    console.warn(`Half Moon: no interpreter snapshot made (${error})`);
    mark("snapshot", "failed");
  }
}

// A job of startup/snapshot-worker.mjs ("check" a stored snapshot, "make" one): a promise of each
// of the `count` messages it answers, in order (an error fails every one not yet answered), and a
// way to stop it.
function inWorker(job, message = {}, count = 1) {
  const worker = new Worker(new URL("./half-moon-snapshot-worker.mjs", import.meta.url), { type: "module" });
  const replies = Array.from({ length: count }, () => Promise.withResolvers());
  let answered = 0;
  const stop = (error = new Error("stopped")) => {
    for (const reply of replies.slice(answered)) reply.reject(error);
    answered = count;
    worker.terminate();
  };
  worker.onmessage = ({ data }) => {
    if (data.error) return stop(new Error(data.error));
    replies[answered++].resolve(data);
    if (answered === count) worker.terminate();
  };
  worker.onerror = (event) => stop(new Error(event.message || "the worker failed"));
  worker.postMessage({ job, ...message });
  return { replies: replies.map((reply) => reply.promise), stop };
}

// The stored snapshot is looked for, read and checked as soon as the page evaluates this module:
// index.html runs it as soon as it arrives, and when PyScript starts the interpreter it imports
// this same module (already evaluated), so all that happens while PyScript itself loads. (Last in
// the module: what it calls is all defined by now.)
const stored = enabled() ? restorable().catch(() => null) : null;
