// The page's side of Python's copy of it (webapp/mirror/): it describes the page's elements once,
// applies the batches of operations Python records, and forwards the events Python listens for.
// It is the only script that changes the page on Python's behalf, and it decides nothing: it knows
// no card, rule, word or storage key, only how to apply each kind of operation. Nothing is ever
// inserted as HTML but the markup Python makes itself (an `html` operation: the chart, the calendar).
(() => {
  const byKey = new Map(); // key -> element
  const keyOf = new WeakMap(); // element -> key
  const DOCUMENT = -1;
  const WINDOW = -2;
  const warned = new Set();
  let dispatch = null;
  let claimed = []; // Python's rules: the events whose default the page prevents in their own task

  const remember = (element, key) => {
    byKey.set(key, element);
    keyOf.set(element, key);
  };
  const forgetInside = (element) => {
    for (const inner of element.querySelectorAll("*")) byKey.delete(keyOf.get(inner));
  };
  const forget = (element) => {
    byKey.delete(keyOf.get(element));
    forgetInside(element);
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
    if ("value" in element && (element.tagName === "INPUT" || element.tagName === "SELECT")) {
      properties.value = element.value;
      if (element.type === "checkbox") properties.checked = element.checked;
    }
    return [element.tagName, attributes, children, properties];
  };

  const element = (key) => byKey.get(key);
  const ops = {
    // Python's None arrives as undefined.
    attr: (key, name, value) =>
      value == null ? element(key).removeAttribute(name) : element(key).setAttribute(name, value),
    text: (key, text) => {
      forgetInside(element(key));
      element(key).textContent = text;
    },
    "append-text": (key, text) => element(key).append(text),
    html: (key, markup) => {
      forgetInside(element(key));
      element(key).innerHTML = markup;
    },
    prop: (key, name, value) => {
      element(key)[name] = value;
    },
    class: (key, name, on) => element(key).classList.toggle(name, on),
    create: (key, tag) => remember(document.createElement(tag), key),
    insert: (parent, key, before) => element(parent).insertBefore(element(key), before == null ? null : element(before)),
    remove: (key) => {
      const gone = element(key);
      forget(gone);
      gone.remove();
    },
    call: (key, method) => element(key)[method](),
    animate: (key, keyframes, timing, thenRemove) => {
      const target = element(key);
      const animation = target.animate(keyframes, timing);
      if (thenRemove) {
        // The copy forgot it already: it is the page's until the animation ends.
        animation.addEventListener("finish", () => {
          forget(target);
          target.remove();
        });
      }
    },
    // The window's events (a page transition's target is the document, the storage event's the
    // window) are the window's; every other type is heard on its way down to its element.
    listen: (where, kind) =>
      where === "window"
        ? window.addEventListener(kind, (event) => forward(event, WINDOW))
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
  };
  const run = ([name, ...args]) => ops[name](...args);
  const apply = (batch) => batch.forEach(run);

  const targetKey = (event) => {
    let node = event.target;
    while (node && node.nodeType === Node.ELEMENT_NODE) {
      if (keyOf.has(node) && byKey.get(keyOf.get(node)) === node) return keyOf.get(node);
      node = node.parentNode;
    }
    return DOCUMENT;
  };
  // A key as Python names it (webapp/app/keyboard.py `combination`): the modifiers held, then the key.
  const MODIFIERS = ["altKey", "ctrlKey", "metaKey", "shiftKey"];
  const keyName = (event, anyModifiers) =>
    [...(anyModifiers ? [] : MODIFIERS.filter((m) => event[m]).map((m) => m.slice(0, -3))), String(event.key).toLowerCase()]
      .join("+");
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

  // The plain values of an event, and the state of its target that the page, not Python, changed.
  const FIELDS = ["key", "ctrlKey", "metaKey", "shiftKey", "altKey", "isComposing", "newState", "persisted", "newValue"];
  function forward(event, key) {
    if (!dispatch) return;
    const fields = { defaultPrevented: event.defaultPrevented, visibilityState: document.visibilityState };
    if (isClaimed(event)) event.preventDefault();
    for (const name of FIELDS) if (name in event) fields[name] = event[name];
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) {
      fields.value = target.value;
      if (target.type === "checkbox") fields.checked = target.checked;
      if (target.files) fields.files = target.files;
    }
    dispatch(event.type, key, fields);
  }

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
  };
})();
