// What a tap must do in its own task, while it still carries the player's activation: the share
// sheet, the clipboard and the install prompt. Python, in its worker, hears of a tap a task later, so
// it publishes on each such button the offer it would make (its `halfmoonOffer` property, written with
// the rest of the page); this script carries the offer out inside the click and tells Python the
// outcome. It decides nothing: what is offered, and what the player is told, are Python's.
(() => {
  const page = window.halfmoonPage;
  let installOffer = null; // the browser's install prompt, kept for the page's own Install button

  addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    installOffer = event;
    page.tell("installable", true);
  });
  addEventListener("appinstalled", () => page.tell("installable", false));

  // The share sheet where there is one and Python offers a share, else (or when the sheet refuses)
  // the clipboard: "shared", "copied", "instead" (copied after the sheet refused), "failed" or
  // "cancelled" (the player closed the sheet).
  const carry = async (offer) => {
    let copied = "copied";
    if (offer.share && typeof navigator.share === "function") {
      try {
        await navigator.share(offer.share);
        return "shared";
      } catch (error) {
        if (error?.name === "AbortError") return "cancelled";
        copied = "instead";
      }
    }
    try {
      await navigator.clipboard.writeText(offer.copy);
      return copied;
    } catch {
      return "failed";
    }
  };

  const install = () => {
    const offer = installOffer;
    installOffer = null;
    const failed = (error) => console.warn(`Half Moon: the install prompt did not work here (${error})`);
    // A prompt may throw at once as well as reject: either way the game goes on.
    try {
      offer?.prompt().catch(failed);
    } catch (error) {
      failed(error);
    }
  };

  document.addEventListener(
    "click",
    (event) => {
      const offer = event.target.closest?.("button")?.halfmoonOffer;
      if (!offer || event.target.closest("button").disabled) return;
      if (offer.install) install();
      else carry(offer).then((outcome) => page.tell("offer", [offer.action, outcome]));
    },
    true,
  );
})();
