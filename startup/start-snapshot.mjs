// The interpreter snapshot of the page's start (startup/pyodide-start.mjs): whether the fast start is
// on, the restore of a stored snapshot (read and checked in a Worker, guarded against a start that
// crashes), and the making of one after ready. tools/build.py copies it beside the start module and
// writes the build key and Python's facts into it.

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
export const FACTS = JSON.parse('@HALF_MOON_FACTS@');
const SETTINGS = FACTS.settingsKey;
// Set while a restored start runs, cleared at ready: found at the next start with no tab holding
// its lock, it means that start crashed or hung.
const STARTING = FACTS.startingKey;
const FAILURES = FACTS.failuresKey;
export const MAX_FAILURES = 3; // then this build makes no more snapshots on this device
const root = document.documentElement;

export function mark(name, value) {
  root.setAttribute(`data-${name}`, value);
}

// The "fast start" setting (webapp/store/storage.py writes it; on unless turned off), and what it needs.
export function enabled() {
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


// The restore

export class HashMismatch extends Error {}

export async function restorable() {
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

export const never = new Promise(() => {});

// Pyodide copies the snapshot into its memory after its file-system hook, a step of Emscripten's
// pre-run that comes once the wasm module is compiled and instantiated. There the hook waits for
// the hash's verdict (on a mismatch, for ever: loadPyodide falls back on the verdict itself, and
// no Python ever runs on bad bytes), then for a task of its own: Pyodide's restore, one run of
// promise callbacks that would be one long block of the main thread, is split in two.
export function verified(checked, fsInit) {
  return async (...args) => {
    await checked.catch(() => never);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await fsInit?.(...args);
  };
}

// What a snapshot carries over from where it was made, and must not.
export function settle(pyodide) {
  delete pyodide._api.config._loadSnapshot; // the config would keep the snapshot's bytes for the page's life
  // The same random state on every restore until reseeded; a second "" in sys.path from Pyodide.
  pyodide.runPython("import random, sys\nrandom.seed()\nsys.path[:] = dict.fromkeys(sys.path)");
}

export let dropped = false;

export async function drop(countFailure) {
  dropped = true;
  mark("snapshot", "dropped");
  if (countFailure) write(FAILURES, JSON.stringify({ build: BUILD, count: failures() + 1 }));
  await forget();
}

export function forget() {
  return caches.delete(CACHE);
}

export function failures() {
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

export async function hold() {
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

export function whenReady() {
  return new Promise((resolve) => {
    const check = () => root.hasAttribute("data-ready") && (observer.disconnect(), resolve(), true);
    const observer = new MutationObserver(check);
    if (!check()) observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  });
}

// Making one, after ready, off the critical path

export function idle(job) {
  if (globalThis.requestIdleCallback) requestIdleCallback(() => job(), { timeout: 2000 });
  else setTimeout(job, 200);
}

export async function make() {
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

