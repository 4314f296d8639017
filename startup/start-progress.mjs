// The first visit's progress bar (startup/page-start.mjs), fed by the worker's counts of the runtime's
// download (startup/worker-start.mjs). Shown only when the download is still going half a second
// after its first count, i.e. not from a warm cache; its words are the [data-progress] box's data-*
// (written by the build from Python's word table), in the page's language.
const SHOW_AFTER_MS = 500;

export function progress(language) {
  const root = document.documentElement;
  const box = document.querySelector("[data-progress]");
  const bar = box?.querySelector("progress");
  if (!bar) return { update() {}, done() {} };
  let received = 0;
  let total = Infinity;
  let show = null;
  const shown = () => {
    if (received >= total) return; // from a warm cache: no "getting ready to play offline"
    const words = box.getAttribute(`data-${root.lang}`) ?? box.getAttribute(`data-${language}`);
    bar.setAttribute("aria-label", words);
    bar.hidden = false;
    box.lastElementChild.textContent = words; // said once by the status region
  };
  return {
    update(now, whole) {
      [received, total] = [now, whole];
      bar.value = Math.min(received / total, 1);
      show ??= setTimeout(shown, SHOW_AFTER_MS);
    },
    done() {
      clearTimeout(show);
      show = 0;
    },
  };
}
