// The runtime's downloads, started as the page begins to load, each handed to the first plain
// fetch() of its URL: one download per file in every engine. index.html runs this file first, as a
// classic script (the Content Security Policy allows no inline script); tools/build.py writes the
// URL list in (the runtime's files, relative to the page) and copies it to static/build/.
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
  const original = globalThis.fetch;
  if (typeof original !== "function") return;
  const started = new Map();
  for (const file of FILES) {
    const url = new URL(file, document.baseURI).href;
    const response = original(url);
    response.catch(() => {}); // a failed early fetch is fetched again when asked for
    started.set(url, response);
  }
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
