// The runtime's downloads, started once the first frame is painted, each handed to the first plain
// fetch() of its URL: one download per file in every engine. index.html runs this file first, as a
// classic script (the Content Security Policy allows no inline script); tools/build.py writes the
// URL list in (the runtime's files, relative to the page) and copies it to static/build/. The
// runtime's modules (its tag's data-preload, preloaded, and data-modules, run in order of arrival)
// are added to the page at the same moment.
//
// Why after the first frame: a page-load simulator (Lighthouse's) charges every request that starts
// before the largest paint to that paint, and the first frame already shows the early-painted cards
// (index.html's rel=expect holds every frame until the early paint has run, in Chromium). The frame
// is taken as painted when both a task queued from a requestAnimationFrame callback after the early
// paint has run and the first contentful paint's entry has arrived; a hidden page paints no frame,
// so it starts at once (or when it is hidden before its first frame).
//
// Why not <link rel="preload" as="fetch" crossorigin>: Chromium and Firefox hand a preloaded
// response to the later fetch(), but WebKit does not (it compares the request headers: the preload
// sends Origin, the fetch does not), so Safari would download every runtime file twice.
//
// Pyodide and PyScript fetch these files later with plain GETs (PyScript its config and the game's
// zip, Pyodide its wasm, standard library and lock file). The start-up module's progress bar
// (startup/pyodide-start.mjs) wraps fetch() over this one and counts the bytes as they stream in.
// Browser plumbing only: it knows nothing of cards or rules.
(() => {
  const FILES = JSON.parse('@HALF_MOON_EARLY_FETCH@');
  const script = document.currentScript;
  const original = globalThis.fetch;
  const started = new Map();
  const list = (name) => (script.dataset[name] || "").split(" ").filter(Boolean);
  const absolute = (file) => new URL(file, document.baseURI).href;

  const download = () => {
    if (typeof original !== "function") return;
    for (const file of FILES) {
      const response = original(absolute(file));
      response.catch(() => {}); // a failed early fetch is fetched again when asked for
      started.set(absolute(file), response);
    }
  };
  const add = (tag, attributes) => document.head.append(Object.assign(document.createElement(tag), attributes));
  const modules = () => {
    for (const href of list("preload")) add("link", { rel: "modulepreload", href });
    for (const src of list("modules")) add("script", { type: "module", src });
  };

  let begun = false;
  const begin = (painted) => {
    if (begun) return;
    begun = true;
    if (painted) performance.mark("half-moon:first-frame");
    download();
    modules();
  };
  // A frame drawn after the early paint (at the end of the body) has run.
  const drawn = new Promise((resolve) => {
    const frame = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", frame, { once: true });
    else frame();
  });
  // The first contentful paint on screen: its entry arrives once the frame is presented, which may be
  // after the frame's own task; a browser without paint timing has only the frame.
  const presented = new Promise((resolve) => {
    if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint")) return resolve();
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      resolve();
    }).observe({ type: "paint", buffered: true });
  });
  if (document.visibilityState === "hidden") begin(false);
  else {
    Promise.all([drawn, presented]).then(() => begin(true));
    document.addEventListener("visibilitychange", () => begin(false), { once: true });
  }

  if (typeof original !== "function") return;
  globalThis.fetch = function fetch(input, init) {
    if (started.size && (init?.method ?? input?.method ?? "GET").toUpperCase() === "GET") {
      const url = new URL(String(input?.url ?? input), document.baseURI).href.split("#")[0];
      const early = started.get(url);
      if (early) {
        started.delete(url);
        return early.catch(() => original(input, init));
      }
    }
    return original(input, init);
  };
})();
