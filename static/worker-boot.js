// The page's side of the game's worker: it starts the worker (startup/page-start.mjs), sends it the
// page's facts, forwards the events Python listens for and the news the page tells, and applies each
// answer, the batch of what Python changed, in the task that receives it. What one task of the page
// sends (a tap's focus and click) goes as one call with one answer. Every call is chained behind the
// last, so the worker handles them one at a time, in the order made, and each carries the page's
// clock as it was when the task made it (the game's clock is the page's). It decides nothing.
import { startWorker } from "./build/page-start.mjs";

const page = window.halfmoonPage;
const ports = window.halfmoonPorts;
let chain = null;
let worker = null;

const clock = () => {
  const now = new Date();
  return [performance.now(), Date.now(), [now.getFullYear(), now.getMonth() + 1, now.getDate()]];
};

const applied = (batch) => {
  if (batch) page.apply(batch);
};
const failed = (error) => console.error(`Half Moon: the game's worker did not answer (${error?.message ?? error})`);

// What this task sends, gathered: at its end (a microtask) one call of the worker's `calls`, behind
// every call made before it.
let gathered = null;
function send(...call) {
  if (gathered) return gathered.push(call);
  gathered = [call];
  const at = clock();
  queueMicrotask(() => {
    const made = gathered;
    gathered = null;
    chain = chain.then(() => worker.sync.calls(at, made)).then(applied, failed);
  });
}

function onWorker(xworker) {
  // What Python starts itself (a lock's answer, a coroutine's end), and what it asks of the page.
  xworker.sync.apply = (batch) => applied(batch);
  xworker.sync.ask = (name, ...args) => ports[name](...args);
}

// The taps on the early-painted cards (static/early-paint.js queues them until the page is ready):
// those made before the start's call go with it, those made while it runs right after it.
const queue = () => window.halfmoonQueue ?? [];

chain = startWorker({ onWorker }).then(async (started) => {
  worker = started;
  const queued = [...queue()];
  applied(await worker.sync.start(clock(), { ...ports.facts(), described: page.describe(), queued }));
  const later = queue().slice(queued.length);
  if (!later.length) return;
  applied(await worker.sync.calls(clock(), [["told", "queued", later]]));
  // Their marks are the early paint's, made after the copy of the page was taken: Python cannot see them.
  for (const place of document.querySelectorAll("[data-queued]")) place.removeAttribute("data-queued");
});
chain.catch(failed);
page.connect((type, key, fields) => send("event", type, key, fields));
page.tells((what, value) => send("told", what, value));
// Every call made so far answered and applied: the chain once this task's gathered call has joined it.
// Read in the task that applies the last answer; a call that answer makes in turn (a refused write
// told back, a timer) is not waited for.
const turn = () => new Promise((resolve) => queueMicrotask(resolve));
page.settles(() => turn().then(() => chain));
