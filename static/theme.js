// The theme before the first paint: a render-blocking script in the head, so that the page
// never flashes the other theme. It resolves the player's stored choice (the first name of its tag's
// `data-themes` follows the system's `prefers-color-scheme`, live) to `<html data-theme>` and the
// browser's `theme-color`. Which key to read, the names and the colours come from its tag, written by
// the build from Python (sitegen/skeleton.py); Python hands it a new choice through `halfmoonTheme`.
// The stylesheet alone follows the system where this script does not run (the Rules and Examples pages).
(() => {
  const script = document.currentScript;
  const root = document.documentElement;
  const [system, light, dark] = script.dataset.themes.split(" ");
  const meta = document.querySelector('meta[name="theme-color"]');
  const darkSystem = matchMedia("(prefers-color-scheme: dark)");
  // Python's rule for the stored record (webapp/store/prefs.py, read by webapp/store/storage.py
  // `flat_record`), its limits from the tag: at most `data-max-chars` characters (code points, as
  // Python counts them), nested at most `data-max-depth` levels, strict JSON, an object; else the
  // defaults. So this script never paints a theme that Python then throws away.
  const maxChars = Number(script.dataset.maxChars);
  const deeper = (value, levels) =>
    value !== null && typeof value === "object" && (levels === 0 || Object.values(value).some((v) => deeper(v, levels - 1)));
  const record = (text) => {
    const value = text && Array.from(text).length <= maxChars ? JSON.parse(text) : null;
    const object = value !== null && typeof value === "object" && !Array.isArray(value);
    return object && !deeper(value, Number(script.dataset.maxDepth)) ? value : {};
  };
  let choice = system;
  try {
    const stored = record(localStorage.getItem(script.dataset.key)).theme;
    if ([light, dark].includes(stored)) choice = stored;
  } catch (error) {
    // no storage, or not JSON: the system's theme
  }
  const apply = () => {
    const theme = choice === system ? (darkSystem.matches ? dark : light) : choice;
    root.setAttribute("data-theme", theme);
    meta.setAttribute("content", meta.getAttribute(`data-${theme}`));
  };
  darkSystem.addEventListener("change", apply);
  window.halfmoonTheme = (chosen) => {
    if ([system, light, dark].includes(chosen)) {
      choice = chosen;
      apply();
    }
  };
  apply();
})();
