// The page's side of Python's copy of it (webapp/mirror/): it describes the page's elements once,
// applies the batches of operations Python records, and forwards the events Python listens for.
// It is the only script that changes the page on Python's behalf, and it decides nothing: it knows
// no card, rule, word or storage key, only how to apply each kind of operation; the few facts it
// shares with Python (the keys of the document and the window, the values an event carries, how a
// key is named) come from Python in the first batch. Nothing is ever inserted as HTML but the markup
// Python makes itself (an `html` operation: the chart, the calendar).
(() => {
  const byKey = new Map(); // key -> element; a key is forgotten only when Python says so
  const keyOf = new WeakMap(); // element -> key
  const warned = new Set();
  let facts = null; // Python's: { document, window, fields, modifiers }
  let dispatch = null;
  let claimed = []; // Python's rules: the events whose default the page prevents in their own task
  let applying = false;
  const held = []; // events raised while a batch is applied, forwarded once it is
  const waiting = new Map(); // name -> the timer of a group Python asked for later

  const remember = (element, key) => {
    byKey.set(key, element);
    keyOf.set(element, key);
  };

  // Every element in document order, keyed 0, 1, 2, …: [tag, attributes, children, properties].
  // A script's or a style's text is not described (Python never reads it).
  let counter = 0;
  const describe = (element) => {
    remember(element, counter++);
    const attributes = Array.from(element.attributes, (a) => [a.name, a.value]);
    const children = [];
    if (element.tagName !== "SCRIPT" && element.tagName !== "STYLE") {
      for (const child of element.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) children.push(child.data);
        else if (child.nodeType === Node.ELEMENT_NODE) children.push(describe(child));
      }
    }
    const properties = {};
    if (element.tagName === "INPUT" || element.tagName === "SELECT") {
      properties.value = element.value;
      if (element.type === "checkbox") properties.checked = element.checked;
    }
    return [element.tagName, attributes, children, properties];
  };


  // Storage (webapp/browser/page_storage.py, saving.py). Python, in a worker, has no localStorage:
  // its writes arrive as operations of its batches and are made here, in the batch's task. A write
  // that throws, and the batch's storage writes after it (a removal that follows a backup must not be
  // made without it), are told back at once with what storage holds (`stored`); Python saves the
  // change again, and says the game saved only once a later write of its key is told made (`landed`).
  // What a pagehide would write is held here and written at `pagehide` without asking
  // the worker (which may be frozen by then), each only while storage still holds what Python read.
  const storage = (() => {
    const held = new Map(); // key -> [value or [before, after] around the clock's time, expected, clock]
    // key -> [what storage held, what the pagehide wrote over it]: the page's own write, which a write
    // of Python's already on its way (made before Python heard of the pagehide) must not take for
    // another tab's.
    const ownAtPagehide = new Map();
    const written = new Map(); // key -> how many of Python's writes of it were made (or tried)
    const failing = new Set(); // keys whose last write of Python's threw
    let refused = null; // this batch's refused writes, told once the batch is applied
    let landed = null; // this batch's failing keys whose write was made, told with what storage then holds
    const now = (key) => localStorage.getItem(key);
    const count = (key) => written.set(key, (written.get(key) || 0) + 1);
    const put = (key, value) => (value == null ? localStorage.removeItem(key) : localStorage.setItem(key, value));
    const report = (what, entries) => window.halfmoonPage.tell && window.halfmoonPage.tell(what, entries);
    // A write; with `expected` (store-if), made only while storage holds it, else refused as "changed".
    const store = (key, value, ...expected) => {
      if (refused === null) {
        [refused, landed] = [[], new Set()];
        queueMicrotask(() => {
          const [entries, made] = [refused, landed];
          refused = landed = null;
          if (entries.length) report("stored", entries);
          if (made.size) report("landed", [...made].map((key) => [key, now(key), written.get(key)]));
        });
      }
      count(key);
      const was = now(key);
      const own = ownAtPagehide.get(key);
      ownAtPagehide.delete(key);
      const expecting = expected[0] ?? null;
      const unchanged = was === expecting || (own !== undefined && own[1] === was && own[0] === expecting);
      if (refused.length) refused.push([key, "skipped", was, expected[0]]);
      else if (expected.length && !unchanged) refused.push([key, "changed", was, expected[0]]);
      else {
        try {
          put(key, value);
          if (failing.delete(key)) landed.add(key);
        } catch (error) {
          failing.add(key);
          landed.delete(key);
          refused.push([key, String(error && error.name), now(key), expected[0]]);
        }
      }
    };
    // A group written whole or not at all, only while storage holds what Python read: the writes
    // already made are put back when one throws. Answers the refused writes ([] when written).
    const storeGroup = (writes) => {
      writes.forEach(([key]) => count(key));
      const changed = writes.filter(([key, , expected]) => now(key) !== (expected ?? null));
      if (changed.length) return changed.map(([key]) => [key, "changed", now(key)]);
      const before = [];
      for (const [key, value] of writes) {
        before.push([key, now(key)]);
        try {
          put(key, value);
        } catch (error) {
          for (const [made, was] of before.reverse()) {
            try {
              put(made, was);
            } catch {} // nothing more to do: Python reads storage again before its next try
          }
          return [[key, String(error && error.name), now(key)]];
        }
      }
      return [];
    };
    const clockTime = ([elapsed, at, max], instant) => Math.min(max, elapsed + Math.max(0, Math.trunc(instant - at)));
    addEventListener("pagehide", () => {
      // One reading of the clock for every held write: the game and the early-paint record quoting it
      // must carry the same time.
      const instant = performance.now();
      const entries = [];
      for (const [key, [value, expected, clock]] of held) {
        try {
          const before = now(key);
          if (before !== (expected ?? null)) continue;
          put(key, clock ? value.join(String(clockTime(clock, instant))) : value);
          entries.push([key, now(key), written.get(key) || 0]);
          ownAtPagehide.set(key, [before, now(key)]);
        } catch {} // a write refused at pagehide: storage keeps what it held
      }
      held.clear();
      if (entries.length) report("held", entries);
    });
    window.halfmoonPorts = window.halfmoonPorts || {};
    window.halfmoonPorts.read = (keys) => Object.fromEntries(keys.map((key) => [key, now(key)]));
    window.halfmoonPorts["store-group"] = storeGroup;
    return {
      ops: {
        store: (key, value) => store(key, value),
        "store-if": store,
        hold: (key, value, expected, clock) => held.set(key, [value, expected, clock]),
        unhold: (key) => held.delete(key),
      },
      // A storage event's values: what storage holds as it is forwarded (the event's own may be old),
      // and how many of Python's writes of its key were made by then.
      fields: (event) => ({
        newValue: event.key === null ? null : now(event.key),
        written: written.get(event.key) || 0,
      }),
    };
  })();

  const element = (key) => {
    const found = byKey.get(key);
    if (!found) throw new Error(`the page has no element of key ${key}`);
    return found;
  };
  const ops = {
    configure: (given) => {
      facts = given;
    },
    // Python's None arrives as undefined.
    attr: (key, name, value) =>
      value == null ? element(key).removeAttribute(name) : element(key).setAttribute(name, value),
    text: (key, text) => {
      element(key).textContent = text;
    },
    "append-text": (key, text) => element(key).append(text),
    html: (key, markup) => {
      element(key).innerHTML = markup;
    },
    prop: (key, name, value) => {
      element(key)[name] = value;
    },
    class: (key, name, on) => element(key).classList.toggle(name, on),
    create: (key, tag) => remember(document.createElement(tag), key),
    insert: (parent, key, before) => element(parent).insertBefore(element(key), before == null ? null : element(before)),
    remove: (key) => element(key).remove(),
    forget: (keys) => keys.forEach((key) => byKey.delete(key)),
    call: (key, method) => element(key)[method](),
    // What only the page can do, in order with the batch (static/page-ports.js).
    port: (name, ...args) => window.halfmoonPorts[name](...args),
    animate: (key, keyframes, timing) => element(key).animate(keyframes, timing),
    // The window's events (a page transition's target is the document, the storage event's the
    // window) are the window's; every other type is heard on its way down to its element.
    listen: (where, kind) =>
      where === "window"
        ? window.addEventListener(kind, (event) => forward(event, facts.window))
        : document.addEventListener(kind, (event) => forward(event, targetKey(event)), true),
    prevent: (rules) => {
      claimed = rules;
    },
    // A group of optional operations (an effect): one that throws skips the rest of its group, and
    // the page says so once per effect, as Python wrote it.
    effect: (warning, group) => {
      try {
        group.forEach(run);
      } catch (error) {
        if (!warned.has(warning)) console.warn(`${warning} (${error})`);
        warned.add(warning);
      }
    },
    // A group made `ms` later, in place of the one still waiting under the same name (an empty
    // group: none): a live region emptied, then given its sentence, is heard again.
    later: (name, ms, group) => {
      clearTimeout(waiting.get(name));
      waiting.delete(name);
      if (group.length) waiting.set(name, setTimeout(() => (waiting.delete(name), group.forEach(run)), ms));
    },
    ...storage.ops,
  };
  const run = ([name, ...args]) => ops[name](...args);
  // Events a batch raises (a focus moved, a dialog closed) reach Python after the batch, in order.
  const apply = (batch) => {
    applying = true;
    try {
      batch.forEach(run);
    } finally {
      applying = false;
    }
    while (held.length && !applying) send(...held.shift());
  };

  const targetKey = (event) => {
    let node = event.target;
    while (node && node.nodeType === Node.ELEMENT_NODE) {
      if (keyOf.has(node) && byKey.get(keyOf.get(node)) === node) return keyOf.get(node);
      node = node.parentNode;
    }
    return facts.document;
  };
  // A key as Python names it: the modifiers held, in Python's order, then the key in lower case.
  const keyName = (event, anyModifiers) =>
    [...(anyModifiers ? [] : facts.modifiers.filter((m) => event[`${m}Key`])), String(event.key).toLowerCase()].join("+");
  const inside = (target, selector) => !!(selector && target.closest && target.closest(selector));
  const isClaimed = (event) =>
    !event.isComposing &&
    claimed.some(
      ([type, within, unless, keys, anyModifiers]) =>
        type === event.type &&
        (!within || inside(event.target, within)) &&
        !inside(event.target, unless) &&
        (!keys || keys.includes(keyName(event, anyModifiers))),
    );

  // The event's values Python asks for, and the state of its target that the page, not Python, changed.
  function forward(event, key) {
    if (!dispatch) return;
    if (isClaimed(event)) event.preventDefault();
    const fields = { bubbles: event.bubbles, visibilityState: document.visibilityState };
    for (const name of facts.fields) if (name in event) fields[name] = event[name];
    if (event instanceof StorageEvent) Object.assign(fields, storage.fields(event));
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) {
      fields.value = target.value;
      if (target.type === "checkbox") fields.checked = target.checked;
      if (target.files) fields.files = target.files;
    }
    if (target instanceof HTMLDialogElement || target instanceof HTMLDetailsElement) fields.open = target.open;
    if (applying) held.push([event.type, key, fields, target]);
    else send(event.type, key, fields, target);
  }

  // The popover the target is in, as it is when Python hears of the event: its toggle event comes a
  // task later, and a click in it may come first.
  function send(type, key, fields, target) {
    const popover = target.closest?.("[popover]");
    if (popover && keyOf.has(popover)) fields.popover = [keyOf.get(popover), popover.matches(":popover-open")];
    dispatch(type, key, fields);
  }

  let tell = () => {};
  let settled = () => Promise.resolve();
  window.halfmoonPage = {
    describe: () => {
      counter = 0;
      return describe(document.documentElement);
    },
    apply,
    connect: (handler) => {
      dispatch = handler;
    },
    element,
    // News for Python (a timer fired, the board resized), sent by static/worker-boot.js.
    tell: (what, value) => tell(what, value),
    tells: (handler) => {
      tell = handler;
    },
    // A promise of every call made so far, answered and applied (automation awaits it before it reads).
    settled: () => settled(),
    settles: (handler) => {
      settled = handler;
    },
  };
})();
