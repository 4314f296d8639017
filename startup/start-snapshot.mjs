// The interpreter snapshot, the page's side (startup/page-start.mjs): whether the fast start is on,
// whether a stored snapshot may be restored (the crash guard, the failures), and the making of one
// after ready, in a Worker. The restore itself is the worker's (startup/worker-start.mjs). The
// build copies it to static/build/ and writes the build key and Python's facts into it.

// Python's facts, written by tools/build.py: the build key (Pyodide's version and a hash of every file
// that goes into a snapshot), the storage keys (webapp/store/storage_keys.py), the settings' field of
// the fast start, the page's default language, the words of a start that failed, the site's paths.
export const FACTS = JSON.parse('@HALF_MOON_PAGE_FACTS@');
const BUILD = FACTS.build;
export const SITE = new URL("../../", import.meta.url);
// Not under the service worker's prefix ("half-moon:<scope>:"), whose activation deletes the
// project's old caches: a snapshot is keyed by the build itself, and this module deletes stale ones.
const CACHE = `half-moon-interpreter:${SITE.href}`;
const ENTRY = `${SITE.href}__interpreter-snapshot__?build=${BUILD}`;
const SETTINGS = FACTS.settingsKey;
// Set while a restored start runs, cleared at ready: found at the next start with no tab holding
// its lock, it means that start crashed or hung.
const STARTING = FACTS.startingKey;
const FAILURES = FACTS.failuresKey;
const MAX_FAILURES = 3; // then this build makes no more snapshots on this device
const root = document.documentElement;

export function mark(name, value) {
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
    const value = localStorage.getItem(key);
    return value !== null && value.length <= MAX_RECORD ? JSON.parse(value) : null;
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

// Whether this start restores: the setting on, a snapshot of this build stored, and the last
// restored start not crashed. (What is decided is what the worker is told: `?restore=1`.)
export async function restoring() {
  if (!enabled()) {
    mark("snapshot", "off");
    forget().catch(() => {});
    return false;
  }
  try {
    if (!(await caches.match(ENTRY, { cacheName: CACHE }))) {
      await forget(); // any snapshot of another build is stale
      return false;
    }
    if (await crashed()) {
      console.warn("Half Moon: the last start from a snapshot did not finish; starting normally");
      write(STARTING, null);
      await drop(true);
      return false;
    }
    return true;
  } catch {
    return false;
  }
}

export let dropped = false;

export async function drop(countFailure) {
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

// After ready, once the player pauses, a normal start makes the snapshot the next visit restores:
// not in the visit that dropped a bad one (the next visit makes it), nor for a build that keeps failing.
export function makeLater() {
  if (dropped || failures() >= MAX_FAILURES || !enabled()) return;
  // Its worker's module is asked for at ready, ahead of the service worker's precache, which then
  // finds it in the HTTP cache (one download in every engine); the work waits for a pause.
  const worker = new Worker(new URL(FACTS.snapshotWorker, SITE), { type: "module" });
  afterAPause(() => make(worker));
}

// The making boots a second interpreter and stores a large snapshot: on a phone it takes the CPU
// from the taps of a player who plays on, for a snapshot that serves only the next visit. So it
// waits until no tap or key came for PAUSE_MS (counted from ready), then for an idle page; a player
// who never pauses gets it LATEST_MS after ready.
const PAUSE_MS = 2000;
const LATEST_MS = 60_000;
const INPUT = ["pointerdown", "keydown"];

function afterAPause(job) {
  let timer = null;
  const latest = setTimeout(() => idle(), LATEST_MS);
  const idle = () => {
    clearTimeout(timer);
    clearTimeout(latest);
    for (const type of INPUT) removeEventListener(type, input, true);
    if (globalThis.requestIdleCallback) requestIdleCallback(job, { timeout: 2000 });
    else setTimeout(job, 200);
  };
  const input = () => {
    clearTimeout(timer);
    timer = setTimeout(idle, PAUSE_MS);
  };
  for (const type of INPUT) addEventListener(type, input, { capture: true, passive: true });
  input();
}

async function make(worker) {
  mark("snapshot", "making");
  try {
    const made = performance.now();
    const { bytes, hash } = await inWorker(worker, "make");
    const stored = performance.now();
    if (!enabled()) return mark("snapshot", "off"); // turned off meanwhile
    await forget(); // one snapshot at a time: older builds' go
    const headers = { [FACTS.hashHeader]: hash, "content-type": "application/octet-stream" };
    await (await caches.open(CACHE)).put(ENTRY, new Response(bytes, { headers }));
    const detail = { bytes: bytes.length, makeMs: stored - made, storeMs: performance.now() - stored };
    performance.mark("half-moon:snapshot-stored", { detail });
    mark("snapshot", "stored");
  } catch (error) {
    console.warn(`Half Moon: no interpreter snapshot made (${error})`);
    mark("snapshot", "failed");
  }
}

// A job of startup/snapshot-worker.mjs: a promise of its answer.
function inWorker(worker, job) {
  return new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => (data.error ? reject(new Error(data.error)) : resolve(data));
    worker.onerror = (event) => reject(new Error(event.message || "the worker failed"));
    worker.postMessage({ job });
  }).finally(() => worker.terminate());
}
