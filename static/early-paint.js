// Early paint, before Python has booted: the saved board, copied from the record
// Python writes with every change (webapp/draw/view.py `snapshot`), and the page's words in the record's
// language, from the words the build writes into the page; on a first visit, the first deal's board,
// which the build writes into the page too.
//
// Three decisions must be made before Python runs, so they are made here alone and left on `<html>`
// for Python to read (webapp/browser/start.py, webapp/browser/phone.py): whether this is a first visit
// (`data-first-visit`), the page's language for this browser (`data-browser-language`; a language the
// player chose, which Python stores, wins over it) and whether the first game's introduction shows
// (`[data-intro]` un-hidden).
//
// Beyond those it decides nothing about the game: it copies allow-listed attributes and texts. Which
// names are allowed and which storage keys to read come from its own tag's data attributes, which
// the build writes from Python (sitegen/skeleton.py). It paints only while storage still holds the
// very saved game the record was made with, and while the address names no other deal (a deal code
// of another, or a name such as the daily deal's shortcut, `?daily`, that may mean another) and no replay
// (a line of play: the engine shows that line's steps, not the saved board); the query's names come
// from the engine (halfmoon/deal.py), written in by the build. Taps on the
// painted cards are queued; the engine applies them in order, once, when it starts (webapp/browser/start.py).
// Nothing is ever inserted as HTML.
(() => {
  const script = document.currentScript;
  const root = document.documentElement;
  const board = document.querySelector("[data-board]");
  const list = (name) => (script.dataset[name] || "").split(" ");
  const allowed = {
    root: list("rootAttributes"), place: list("placeAttributes"), button: list("buttonAttributes"), slots: list("slots"),
  };
  const caps = Object.fromEntries(list("caps").map((cap) => cap.split(":")).map(([name, n]) => [name, Number(n)]));
  const queue = (window.halfmoonQueue = []);

  // The browser's first language that the page has, else the page's default (both from the build).
  const languages = list("languages");
  const wanted = (navigator.languages || []).map((tag) => String(tag).split("-")[0].toLowerCase());
  const browserLanguage = wanted.find((tag) => languages.includes(tag)) || script.dataset.defaultLanguage;
  root.setAttribute("data-browser-language", browserLanguage);

  // A first visit: none of these keys stored; without storage, never. The first game's introduction:
  // on a first visit, and while its own key says shown (a reload before it is done).
  let firstVisit = false;
  try {
    firstVisit = list("firstVisitKeys").every((key) => localStorage.getItem(key) === null);
    const state = localStorage.getItem(script.dataset.introKey);
    if (state === null ? firstVisit : state === script.dataset.introShown) {
      document.querySelector("[data-intro]").hidden = false;
    }
  } catch (error) {
    // no storage: no first visit and no introduction
  }
  if (firstVisit) root.setAttribute("data-first-visit", "true");

  board.addEventListener("click", (event) => {
    const place = event.target.closest("[data-place]");
    const button = place && place.querySelector("button");
    if (root.hasAttribute("data-ready") || !button || button.getAttribute("aria-disabled") === "true") return;
    queue.push(place.getAttribute("data-place"));
    place.setAttribute("data-queued", "true");
  });

  const isText = (value, max) => typeof value === "string" && value.length <= max;
  const isTable = (value, names, max) =>
    value !== null && typeof value === "object" && !Array.isArray(value) &&
    Object.entries(value).every(([k, v]) => (!names || names.includes(k)) && (v === null || isText(v, max)));

  const words = (table) => {
    for (const element of document.querySelectorAll("[data-t]")) {
      const word = table[element.getAttribute("data-t")];
      if (isText(word, caps.word)) element.textContent = word;
    }
    for (const element of document.querySelectorAll("[data-t-label]")) {
      const word = table[element.getAttribute("data-t-label")];
      if (isText(word, caps.word)) element.setAttribute("aria-label", word);
    }
  };

  // The page's words in every language, written into the page by the build.
  let all;
  try {
    all = JSON.parse(document.getElementById(script.dataset.words).textContent);
  } catch (error) {
    all = null;
  }

  // No record to paint: the page's words in the browser's language. That language, or null without
  // the words.
  const browserWords = () => {
    if (!all || !Object.hasOwn(all.texts, browserLanguage)) return null;
    if (browserLanguage !== root.lang) {
      root.lang = browserLanguage;
      words(all.texts[browserLanguage]);
    }
    return browserLanguage;
  };

  let record;
  try {
    const text = localStorage.getItem(script.dataset.snapshotKey);
    record = text && text.length <= caps.record ? JSON.parse(text) : null;
    if (!record || String(record.version) !== script.dataset.recordVersion || localStorage.getItem(script.dataset.gameKey) !== record.game) record = null;
  } catch (error) {
    record = null; // no storage, or not JSON
  }
  const query = new URLSearchParams(location.search);
  const deal = query.get(script.dataset.dealQuery);
  const places = board.querySelectorAll("[data-place]");
  const paintable = (record) =>
    typeof record.lang === "string" &&
    all && Object.hasOwn(all.texts, record.lang) && isTable(record.info, list("infoKeys"), caps.info) &&
    isTable(record.root, allowed.root, caps.root) &&
    Array.isArray(record.places) && record.places.length === places.length &&
    record.places.every((p) => p && isTable(p.place, allowed.place, caps.place) &&
      isTable(p.button, allowed.button, caps.button) && isTable(p.slots, allowed.slots, caps.slot));

  const set = (element, attributes) => {
    for (const [name, value] of Object.entries(attributes)) {
      if (value === null) element.removeAttribute(name);
      else element.setAttribute(name, value);
    }
  };
  const paint = (record) => {
    root.lang = record.lang;
    set(root, record.root);
    words(all.texts[record.lang]);
    record.places.forEach((view, i) => {
      set(places[i], view.place);
      set(places[i].querySelector("button"), view.button);
      for (const [slot, value] of Object.entries(view.slots)) {
        places[i].querySelector(`[data-slot="${slot}"]`).textContent = value;
      }
    });
    for (const [key, value] of Object.entries(record.info)) {
      const element = document.querySelector(`[data-info="${key}"]`);
      if (element) element.textContent = value;
    }
  };

  const otherDeal = list("otherDeals").some((name) => query.has(name));
  if (record && (deal === null || deal === record.code) && !otherDeal && !query.has(script.dataset.lineQuery) && paintable(record)) {
    paint(record);
    return;
  }
  // The first deal's board (the build writes it: webapp/app/opening.py), which Python opens on a
  // first visit, painted only when the address names nothing (a link's deal is another).
  const lang = browserWords();
  const first = lang && all.first && all.first[lang];
  if (firstVisit && location.search === "" && first && paintable(first)) paint(first);
})();
