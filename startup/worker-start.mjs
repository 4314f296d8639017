// The interpreter module of the game's PyScript worker: page-start.mjs names it as the worker's
// `version`, and PyScript imports it in the worker and calls its loadPyodide. tools/build.py copies
// it beside pyodide.mjs (PyScript takes Pyodide's folder from this module's address) and writes
// the build key and Python's facts into it. Browser plumbing only: it knows nothing of cards or rules.
//
// It runs in a Worker: no document, no localStorage. What the page decided arrives in this module's
// query (`?restore=0|1`; no "/" in a value: PyScript cuts Pyodide's folder at the last one), and
// what the page must know goes to it by `self.postMessage({ "half-moon:start": what, ... })`:
// the download's progress, how the interpreter started, a snapshot dropped, the worker's console
// errors and warnings and its uncaught errors (the page says them on its own console).
//
// A restore (`?restore=1`) reads the memory snapshot stored in Cache Storage under the build key,
// checks its SHA-256 while Pyodide downloads and compiles its runtime, and restores from it; no
// Python runs on bytes that do not match. Any failure means a normal start, the snapshot dropped.
import { loadPyodide as startPyodide } from "./pyodide.mjs";
import { forgetSnapshot, restoreOptions } from "./half-moon-pyodide-private.mjs";

export * from "./pyodide.mjs";

// Written by tools/build.py: the build key, the raw sizes of the runtime's two large files (the
// progress bar's whole), the snapshot's hash header, CPython's last moment, PyScript's bytecode.
const FACTS = JSON.parse('@HALF_MOON_WORKER_FACTS@');
const TAG = "half-moon:start";
const RESTORE = new URL(import.meta.url).searchParams.get("restore") === "1";
const SCOPE = new URL("../../../", import.meta.url).href;
const CACHE = `half-moon-interpreter:${SCOPE}`;
const ENTRY = `${SCOPE}__interpreter-snapshot__?build=${FACTS.build}`;

const tell = (what, detail = {}) => self.postMessage({ [TAG]: what, ...detail });

// The worker's console errors and warnings, and its uncaught errors, are said on the page's console
// (where the player's error report and the tests look), not on the worker's own.
const said = (value) => {
  if (value instanceof Error) return value.stack?.includes(value.message) ? value.stack : `${value}\n${value.stack}`;
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};
for (const level of ["error", "warn"]) {
  const own = console[level].bind(console);
  console[level] = (...args) => {
    try {
      tell("console", { level, text: args.map(said).join(" ") });
    } catch {
      own(...args);
    }
  };
}
self.addEventListener("error", (event) => {
  event.preventDefault(); // said once, here: not again by the Worker's error event on the page
  tell("console", { level: "error", text: `Uncaught ${said(event.error ?? event.message)}` });
});
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  tell("console", { level: "error", text: `Uncaught (in promise) ${said(event.reason)}` });
});

// A device clock past the last moment CPython can hold (April 2262) stops the interpreter's own start
// (`time.time_ns()` overflows while `logging` is imported). The interpreter reads the time through
// `Date.now`, so that is held at the limit; `new Date()` keeps the device's date. (The game's clock
// is the page's: it reaches Python with every call.)
const deviceNow = Date.now;
if (deviceNow() > FACTS.lastMomentMs) Date.now = () => Math.min(deviceNow(), FACTS.lastMomentMs);

// PyScript's own Python package as bytecode (tools/build.py `pyscript_bytecode`), put beside the
// sources PyScript writes at every start, so that its import compiles nothing. Fetched from the
// start, waited for at most BYTECODE_WAIT_MS once the interpreter has started.
const BYTECODE_WAIT_MS = 1000;
const pyscriptBytecode = fetch(new URL(FACTS.pyscriptBytecode, import.meta.url))
  .then((response) => (response.ok ? response.arrayBuffer() : null))
  .catch(() => null);

// For the tests' checks of the started interpreter (what a restore holds, `random` reseeded): a port
// of its own (PyScript reads every message the worker itself receives), handed to the page at once,
// that answers each Python source it is sent with the source's value.
let interpreter = null;
const probe = new MessageChannel();
probe.port1.onmessage = ({ data }) => {
  let value;
  try {
    const result = interpreter?.runPython(String(data));
    value = result?.toJs ? result.toJs() : result;
    result?.destroy?.();
  } catch (error) {
    value = { error: String(error) };
  }
  probe.port1.postMessage(value);
};
self.postMessage({ [TAG]: "probe", port: probe.port2 }, [probe.port2]);

class HashMismatch extends Error {}
class Gone extends Error {}
const never = new Promise(() => {});

export async function loadPyodide(options) {
  const counting = countDownloads();
  try {
    if (RESTORE) {
      const pyodide = await restored(options).catch(async (error) => {
        console.warn(`Half Moon: the interpreter snapshot was not usable (${error}); starting normally`);
        await caches.delete(CACHE).catch(() => {});
        tell("dropped", { counted: !(error instanceof HashMismatch || error instanceof Gone) });
        return null;
      });
      if (pyodide) return await started(pyodide, "restored");
    }
    return await started(await startPyodide(options), "normal");
  } finally {
    counting.done();
  }
}

// The stored snapshot's bytes go to Pyodide as a promise (it waits for them before it sizes its
// memory); their hash is checked meanwhile, and Pyodide's file-system hook, which comes before the
// bytes are copied into its memory, waits for the verdict (on a mismatch, for ever: the start
// falls back on the verdict itself).
async function restored(options) {
  const read = caches.match(ENTRY, { cacheName: CACHE }).then(async (response) => {
    if (!response) throw new Gone("the snapshot is gone");
    return { bytes: new Uint8Array(await response.arrayBuffer()), expected: response.headers.get(FACTS.hashHeader) };
  });
  const bytes = read.then((found) => found.bytes);
  const checked = read.then(async ({ bytes: found, expected }) => {
    if ((await sha256(found)) !== expected) throw new HashMismatch("its bytes do not match their hash");
  });
  checked.catch(() => {}); // handled by the race below
  const fsInit = async (...args) => {
    await checked.catch(() => never);
    await options.fsInit?.(...args);
  };
  const settings = { ...options, ...restoreOptions(bytes), fsInit };
  const pyodide = await Promise.race([startPyodide(settings), checked.then(() => never)]);
  settle(pyodide);
  return pyodide;
}

// What a snapshot carries over from where it was made, and must not: the snapshot's bytes in
// Pyodide's config, the same random state on every restore, a second "" in sys.path.
function settle(pyodide) {
  forgetSnapshot(pyodide);
  pyodide.runPython("import random, sys\nrandom.seed()\nsys.path[:] = dict.fromkeys(sys.path)");
}

async function started(pyodide, how) {
  const late = new Promise((resolve) => setTimeout(resolve, BYTECODE_WAIT_MS, null));
  const bytecode = await Promise.race([pyscriptBytecode, late]);
  try {
    if (bytecode) pyodide.unpackArchive(bytecode, "zip", { extractDir: pyodide.FS.cwd() });
  } catch (error) {
    console.warn(`Half Moon: PyScript's bytecode was not usable (${error}); it compiles its sources`);
  }
  interpreter = pyodide;
  tell("started", { how });
  return pyodide;
}

// The bytes of the runtime's large files, counted as Pyodide's own requests stream them in (nothing
// is fetched twice) and told to the page, a message per hundredth of the whole and at the end.
function countDownloads() {
  const original = self.fetch;
  const total = Object.values(FACTS.sizes).reduce((a, b) => a + b, 0);
  let received = 0;
  let told = 0;
  self.fetch = async (input, init) => {
    const response = await original(input, init);
    const name = String(input?.url ?? input).split("?")[0].split("/").pop();
    if (!(name in FACTS.sizes) || !response.body) return response;
    const { status, statusText, headers } = response;
    const counted = new TransformStream({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received - told >= total / 100 || received >= total) {
          told = received;
          tell("progress", { received, total });
        }
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(counted), { status, statusText, headers });
  };
  return { done: () => (self.fetch = original) };
}

async function sha256(data) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
