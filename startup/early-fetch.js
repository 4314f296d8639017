// The start's modules, added to the page once the first frame is painted: its tag's data-preload
// (preloaded: the start waits on no chain of imports) and data-modules (PyScript's core and the
// boot module that starts the game's worker, run in order of arrival). index.html runs this file
// first, as a classic script (the Content Security Policy allows no inline script); the build
// writes its tag (sitegen/runtime.py) and copies it to static/build/. The worker downloads the
// runtime itself.
//
// Why after the first frame: a page-load simulator (Lighthouse's) charges every request that starts
// before the largest paint to that paint, and the first frame already shows the early-painted cards
// (index.html's rel=expect holds every frame until the early paint has run, in Chromium). The frame
// is taken as painted when both a task queued from a requestAnimationFrame callback after the early
// paint has run and the first contentful paint's entry has arrived; a hidden page paints no frame,
// so it starts at once (or when it is hidden before its first frame).
// Browser plumbing only: it knows nothing of cards or rules.
(() => {
  const script = document.currentScript;
  const list = (name) => (script.dataset[name] || "").split(" ").filter(Boolean);
  const add = (tag, attributes) => document.head.append(Object.assign(document.createElement(tag), attributes));

  let begun = false;
  const begin = (painted) => {
    if (begun) return;
    begun = true;
    if (painted) performance.mark("half-moon:first-frame");
    for (const href of list("preload")) add("link", { rel: "modulepreload", href });
    for (const src of list("modules")) add("script", { type: "module", src });
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
})();
