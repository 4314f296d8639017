// The first visit's progress bar, for the page's start (startup/pyodide-start.mjs). tools/build.py
// copies it beside the start module and writes the runtime's sizes into it.

// The raw sizes of the runtime's two large files, written by tools/build.py: the progress bar's whole.
const SIZES = JSON.parse('@HALF_MOON_SIZES@');

// The first visit: a determinate progress bar through the download, from the bytes Pyodide really
// receives (its own requests are counted as they stream in: nothing is fetched twice), and then
// through the start's steps (its short tasks, startup/start-tasks.mjs), so it never stands still longer than a task.
// Shown only when the download is still going after half a second, i.e. not from a warm cache.
const DOWNLOAD_SHARE = 0.7; // of the bar; the start's steps fill the rest

// `steps`: how many steps the start reports after the download; `language`: the words' language when
// the page has none.
export function progress(steps, language) {
  const root = document.documentElement;
  const box = document.querySelector("[data-progress]");
  const bar = box?.querySelector("progress");
  if (!bar) return { step() {}, done() {} };
  const total = Object.values(SIZES).reduce((a, b) => a + b, 0);
  const original = globalThis.fetch;
  let received = 0;
  let stepped = 0;
  const draw = () => {
    bar.value = Math.min(received / total, 1) * DOWNLOAD_SHARE + (stepped / steps) * (1 - DOWNLOAD_SHARE);
  };
  const show = setTimeout(() => {
    if (received >= total) return; // from a warm cache: no "getting ready to play offline"
    // The language the early paint gave the page (its saved words', or the browser's on a first visit).
    const words = box.getAttribute(`data-${root.lang}`) ?? box.getAttribute(`data-${language}`);
    bar.setAttribute("aria-label", words);
    bar.hidden = false;
    box.lastElementChild.textContent = words; // said once by the status region
  }, 500);
  globalThis.fetch = async (input, init) => {
    const response = await original(input, init);
    const name = String(input?.url ?? input).split("?")[0].split("/").pop();
    if (!(name in SIZES) || !response.body) return response;
    const { status, statusText, headers } = response;
    const counted = new TransformStream({
      transform(chunk, controller) {
        received += chunk.byteLength;
        draw();
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(counted), { status, statusText, headers });
  };
  return {
    step() {
      stepped += 1;
      draw();
    },
    done() {
      globalThis.fetch = original;
      clearTimeout(show);
    },
  };
}
