// The browser's services that only the page has, for Python in its worker: Web Audio, the service
// worker and its updates, the launch queue and the storage's persistence (static/page-ports.js and
// static/page-offers.js have the rest). Each is added to `halfmoonPorts`; what
// happens on its own is told to Python. It decides nothing: Python says when and what.
(() => {
  const page = window.halfmoonPage;
  const ports = window.halfmoonPorts;

  // Web Audio, made only after the player's first interaction (the browsers' autoplay rule); a
  // sound is told back once a running context has started it.
  let audio = null;
  const tones = (context, voices, peak, quiet) => {
    const now = context.currentTime;
    for (const [wave, frequency, start, length] of voices) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = wave;
      oscillator.frequency.value = frequency;
      const at = now + start;
      const end = at + length;
      gain.gain.setValueAtTime(quiet, at);
      gain.gain.exponentialRampToValueAtTime(peak, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(quiet, end);
      oscillator.connect(gain);
      gain.connect(context.destination);
      oscillator.start(at);
      oscillator.stop(end + 0.02);
    }
  };
  ports.sound = (name, voices, peak, quiet) => {
    if (!navigator.userActivation?.hasBeenActive) return;
    audio ??= new AudioContext();
    const play = () => {
      if (audio.state !== "running") return;
      tones(audio, voices, peak, quiet);
      page.tell("sounded", name);
    };
    if (audio.state === "running") play();
    else audio.resume().then(play, (error) => console.warn(`Half Moon: sound did not work here (${error})`));
  };

  // The service worker, registered when Python says (once the game is ready); a new version that
  // waits is told (an update, not the first install), and the page reloads once it takes over.
  let registration = null;
  let switching = false;
  const waiting = () => {
    if (registration?.waiting && navigator.serviceWorker.controller) page.tell("update-waiting", true);
  };
  ports.register = async () => {
    if (!navigator.serviceWorker) return;
    try {
      registration = await navigator.serviceWorker.register("./service-worker.js");
    } catch (error) {
      console.warn(`service worker not registered: ${error}`);
      return;
    }
    if (!registration) return;
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => worker.state === "installed" && waiting());
    });
    waiting();
  };
  ports.update = () => {
    if (!registration?.waiting) return;
    switching = true;
    registration.waiting.postMessage({ type: "SKIP_WAITING" });
  };
  navigator.serviceWorker?.addEventListener("controllerchange", () => switching && location.reload());

  // The storage that lasts: null where the browser cannot say.
  ports.persisted = () => navigator.storage?.persisted?.() ?? null;
  ports.persist = () => navigator.storage?.persist?.() ?? null;

  // A game file the installed app is asked to open.
  window.launchQueue?.setConsumer((params) => {
    const file = params.files?.[0];
    file?.getFile().then((found) => page.tell("launched", found));
  });
})();
