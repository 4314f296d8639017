// The page's functions that Python, in its worker, has the page carry out (a `port` operation of a
// batch, or an answer it asks for), and the facts and news only the page has (docs/architecture.md
// "The page's ports"). Generic: it knows no card, rule, word or storage key; the prefix of the
// project's storage keys is on the early-paint script's tag, written by the build.
(() => {
  const prefix = document.querySelector("script[data-storage-prefix]").dataset.storagePrefix;
  const page = window.halfmoonPage;
  const board = document.querySelector("[data-board]");
  const timers = new Map(); // Python's timer number -> the page's
  const fire = (number) => page.tell("timer", number);
  const geometry = () => getComputedStyle(board).getPropertyValue("--geometry").trim();
  const reduced = matchMedia("(prefers-reduced-motion: reduce)");

  // The project's items of localStorage, or null where storage is blocked (the game still plays).
  const items = () => {
    try {
      const found = {};
      for (let i = 0; i < localStorage.length; i += 1) {
        const key = localStorage.key(i);
        if (key !== null && key.startsWith(prefix)) found[key] = localStorage.getItem(key);
      }
      return found;
    } catch {
      return null;
    }
  };

  // Added to what the applier put there before (its storage functions, static/applier.js).
  window.halfmoonPorts = Object.assign(window.halfmoonPorts ?? {}, {
    facts: () => ({
      items: items(),
      href: location.href,
      visibility: document.visibilityState,
      reducedMotion: reduced.matches,
      geometry: geometry(),
    }),
    later: (number, ms) => timers.set(number, setTimeout(() => (timers.delete(number), fire(number)), ms)),
    cancel: (number) => {
      clearTimeout(timers.get(number));
      clearInterval(timers.get(number));
      timers.delete(number);
    },
    every: (number, ms) => timers.set(number, setInterval(() => fire(number), ms)),
    idle: (number) =>
      globalThis.requestIdleCallback ? requestIdleCallback(() => fire(number)) : setTimeout(() => fire(number), 0),
    address: (query) => history.replaceState(null, "", query),
    reload: () => location.reload(),
    theme: (name) => window.halfmoonTheme?.(name),
    download: (content, name, type) => {
      const url = URL.createObjectURL(new Blob([content], { type }));
      const link = Object.assign(document.createElement("a"), { href: url, download: name });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });

  // What changes on the page that Python follows.
  new ResizeObserver(() => page.tell("geometry", geometry())).observe(board.parentElement);
  reduced.addEventListener("change", () => page.tell("motion", reduced.matches));
})();
