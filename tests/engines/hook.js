// The cross-engine tests' same-origin hook (tests/engines/conftest.py serves it and puts it first in
// every page it serves, after the Content Security Policy; never part of the site). WebKit's driver
// has no console and no request events, so every engine is read the same way, through this:
// console.error and console.warn, uncaught errors, unhandled rejections, Content Security Policy
// violations, resources that failed to load, and any resource fetched from another origin. Kept in
// sessionStorage, so that what a page records just before a navigation is still there to read, and
// what a same-origin iframe records lands in the same list.
(() => {
  const KEY = "half-moon-test:seen";
  const note = (kind, text) => {
    try {
      const seen = JSON.parse(sessionStorage.getItem(KEY) || "[]");
      seen.push([kind, String(text).slice(0, 400), location.pathname + location.search]);
      sessionStorage.setItem(KEY, JSON.stringify(seen));
    } catch {
      // storage full or blocked: a test of those faults is not this suite's
    }
  };
  const describe = (value) => {
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    try {
      return typeof value === "object" ? JSON.stringify(value) : String(value);
    } catch {
      return String(value);
    }
  };
  for (const level of ["error", "warn"]) {
    const original = console[level];
    console[level] = function (...args) {
      note(level, args.map(describe).join(" "));
      return original.apply(this, args);
    };
  }
  addEventListener("error", (event) => {
    const target = event.target;
    if (target && target !== window) note("error", `failed to load <${target.localName}> ${target.src || target.href || ""}`);
    else note("error", `${event.message} (${event.filename}:${event.lineno})`);
  }, true);
  addEventListener("unhandledrejection", (event) => note("error", `unhandled rejection: ${describe(event.reason)}`));
  document.addEventListener("securitypolicyviolation", (event) =>
    note("error", `CSP ${event.violatedDirective}: ${event.blockedURI}`));
  const offHost = (entries) => {
    for (const entry of entries) {
      if (!entry.name.startsWith(location.origin + "/") && !/^(data|blob|about):/.test(entry.name)) note("off-host", entry.name);
    }
  };
  try {
    new PerformanceObserver((list) => offHost(list.getEntries())).observe({ type: "resource", buffered: true });
  } catch {
    note("error", "no PerformanceObserver for resources: off-host requests cannot be seen");
  }
})();
