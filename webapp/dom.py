"""The browser side (Pyodide only): copy the view onto the page and forward what the player does.

One delegated click listener serves the board and every command; a handful of other listeners
(settings, visibility, storage, dialogs) are each created once, so no proxy is made per card or
per render. Nothing read from the address or storage is inserted as HTML: only ``textContent``
and attribute values are set.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, jsnull, to_js  # type: ignore[import-not-found]

from halfmoon import PLACES, HalfMoonError, Place

from .controller import App, Dialog
from .storage import Store
from .strings import PAGES, page_file, text
from .view import PlaceView, View, build

document: Any = js.document
window: Any = js.window


def _query(selector: str, root: Any = None) -> Any:
    return (root or document).querySelector(selector)


def _found(element: Any) -> bool:
    """DOM look-ups answer JavaScript's null as ``jsnull``, not None."""
    return element is not None and element is not jsnull


def _listen(target: Any, event: str, handler: Any) -> Any:
    """One proxy for the handler, made once and kept: a proxy never destroyed is a leak only if
    made again and again."""
    proxy = create_proxy(handler)
    target.addEventListener(event, proxy)
    return proxy


def _set_flag(element: Any, name: str, on: bool) -> None:
    if on:
        element.setAttribute(name, "true")
    else:
        element.removeAttribute(name)


class Page:
    def __init__(self, app: App) -> None:
        self.app = app
        self.board = _query("[data-board]")
        self.places = {p: _query(f'[data-place="{p}"]', self.board) for p in PLACES}
        self.info = {k: _query(f'[data-info="{k}"]') for k in ("time", "score", "moves", "code")}
        self.message = _query("[data-message]")
        self.code_input = _query('[data-input="code"]')
        self.dialogs = {name: _query(f'[data-dialog="{name}"]') for name in ("settings", "end", "confirm")}
        # Looked up once: render runs on every tap.
        self.commands = [(b, b.getAttribute("data-action")) for b in document.querySelectorAll("button[data-action]")]
        self.settings = {
            name: _query(f'[data-setting="{name}"]')
            for name in ("move-errors", "layout-help", "fast-start", "language")
        }
        self.last: View | None = None
        self._tasks: set[asyncio.Future[None]] = set()
        self._proxies = [
            _listen(document, "click", self.on_click),
            _listen(document, "change", self.on_change),
            _listen(document, "visibilitychange", self.on_visibility),
            _listen(window, "pagehide", self.on_pagehide),
            _listen(window, "storage", self.on_storage),
            *(_listen(d, "cancel", self.on_dialog_cancel) for d in self.dialogs.values()),
        ]
        self._ticker = create_proxy(self.on_tick)
        window.setInterval(self._ticker, 500)
        self.offline = Offline(self)

    # Events

    def on_click(self, event: Any) -> None:
        button = event.target.closest("button")
        if not _found(button):
            return
        place = button.closest("[data-board] [data-place]")
        if _found(place):
            self.app.tap(Place(place.dataset.place))
        elif button.hasAttribute("data-action"):
            event.preventDefault()
            self.on_action(button.getAttribute("data-action"))
        self.render()

    def on_action(self, action: str) -> None:
        if action == "share":
            self._run(self.share())
        elif action == "install":
            self.offline.install()
        elif action == "update":
            self.offline.update()
        else:
            self.app.command(action, self.code_input.value if action == "play-code" else "")

    def _run(self, job: Any) -> None:
        task = asyncio.ensure_future(job)
        self._tasks.add(task)  # keep a reference until it is done
        task.add_done_callback(self._tasks.discard)

    def on_change(self, event: Any) -> None:
        target = event.target
        name = target.getAttribute("data-setting")
        if name:
            self.app.set_setting(name, target.value if name == "language" else bool(target.checked))
            self.render()

    def on_visibility(self, _event: Any) -> None:
        self.app.set_visible(document.visibilityState == "visible")
        self.render()

    def on_pagehide(self, _event: Any) -> None:
        self.app.set_visible(False)

    def on_storage(self, event: Any) -> None:
        self.app.storage_changed(event.key)
        self.render()

    def on_dialog_cancel(self, event: Any) -> None:
        """Escape closes a dialog: the controller decides what that means (cancel, close)."""
        event.preventDefault()
        self.app.command("cancel" if self.app.dialog is Dialog.CONFIRM else "close")
        self.render()

    def on_tick(self) -> None:
        time = self.app.time_text()
        if self.last is not None and time != self.last.time:
            self.info["time"].textContent = time

    async def share(self) -> None:
        """The system share sheet where there is one, else the clipboard; the player is told."""
        url = window.location.href
        try:
            if hasattr(window.navigator, "share"):
                data = to_js({"title": "Half Moon", "url": url}, dict_converter=js.Object.fromEntries)
                await window.navigator.share(data)
                self.app.say("link-shared")
            else:
                await window.navigator.clipboard.writeText(url)
                self.app.say("link-copied")
        except Exception as error:
            if "AbortError" not in str(error):
                self.app.say("link-not-copied", url=url)
        self.render()

    # Rendering: only what changed is written

    def render(self) -> None:
        view = build(self.app)
        last = self.last
        if last is None or last.lang != view.lang:
            self.translate(view.lang)
        for i, place in enumerate(view.places):
            if last is None or last.places[i] != place:
                self.render_place(place)
        board = self.board
        board.setAttribute("data-code", view.code)
        board.setAttribute("data-status", view.status)
        board.setAttribute("data-score", str(view.score))
        board.setAttribute("data-moves", str(view.moves))
        for key, value in (("time", view.time), ("score", view.score), ("moves", view.moves), ("code", view.code)):
            self.info[key].textContent = str(value)
        self.message.textContent = view.message
        self.render_commands(view)
        self.render_dialogs(view)
        if last is None or last.query != view.query:
            window.history.replaceState(None, "", view.query)
        self.last = view

    def render_place(self, view: PlaceView) -> None:
        element = self.places[view.place]
        button = element.firstElementChild
        element.setAttribute("data-count", str(view.count))
        element.setAttribute("data-card", view.card)
        element.classList.toggle("red", view.red)
        _set_flag(element, "data-dimmed", view.dimmed)
        button.setAttribute("aria-pressed", "true" if view.pressed else "false")
        _set_flag(button, "aria-disabled", not view.card)
        button.setAttribute("aria-label", view.label)
        button.children[0].textContent = view.rank
        button.children[1].textContent = view.suit
        element.lastElementChild.textContent = str(view.count)

    def render_commands(self, view: View) -> None:
        enabled = {"undo": view.can_undo, "redo": view.can_redo, "restart": view.can_restart}
        for button, action in self.commands:
            button.disabled = not enabled.get(action, True)
        self.settings["move-errors"].checked = view.move_errors
        self.settings["layout-help"].checked = view.layout_help
        self.settings["fast-start"].checked = view.fast_start
        self.settings["language"].value = view.lang

    def render_dialogs(self, view: View) -> None:
        wanted = {
            Dialog.SETTINGS: "settings",
            Dialog.WON: "end",
            Dialog.DEAD_END: "end",
            Dialog.CONFIRM: "confirm",
        }.get(view.dialog)
        for name, dialog in self.dialogs.items():
            if name != wanted and dialog.open:
                dialog.close()
        if wanted is None:
            return
        dialog = self.dialogs[wanted]
        if view.dialog_title:
            _query("[data-dialog-title]", dialog).textContent = view.dialog_title
            _query("[data-dialog-text]", dialog).textContent = view.dialog_text
        for button in dialog.querySelectorAll("[data-when]"):
            button.hidden = button.getAttribute("data-when") != view.dialog.value
        if not dialog.open:
            dialog.showModal()

    def translate(self, lang: str) -> None:
        document.documentElement.lang = lang
        for element in document.querySelectorAll("[data-t]"):
            element.textContent = text(element.getAttribute("data-t"), lang)
        for name in PAGES:  # the Rules and Examples pages in the same language
            _query(f'[data-link="{name}"]').setAttribute("href", f"./{page_file(name, lang)}")


class Offline:
    """The service worker (offline play, updates) and the install prompt: browser plumbing only.

    A new version installs in the background and waits; the player is told and chooses when to
    switch (``update``), then the page reloads under the new version. The game is saved on the way.
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.registration: Any = None
        self.install_prompt: Any = None
        self.switching = False
        self._proxies = [
            _listen(window, "beforeinstallprompt", self.on_install_prompt),
            _listen(window, "appinstalled", self.on_installed),
        ]
        workers = getattr(window.navigator, "serviceWorker", None)
        if _found(workers):
            self._proxies.append(_listen(workers, "controllerchange", self.on_controller_change))
            page._run(self.register(workers))

    async def register(self, workers: Any) -> None:
        try:
            self.registration = await workers.register("./service-worker.js")
        except Exception as error:  # e.g. a private window that refuses it: the game still plays
            js.console.warn(f"service worker not registered: {error}")
            return
        self._proxies.append(_listen(self.registration, "updatefound", self.on_update_found))
        if _found(self.registration.waiting) and _found(workers.controller):
            self.on_waiting()

    def on_update_found(self, _event: Any) -> None:
        worker = self.registration.installing
        if _found(worker):
            proxy = create_proxy(lambda _e: self.on_waiting() if worker.state == "installed" else None)
            worker.addEventListener("statechange", proxy)
            self._proxies.append(proxy)

    def on_waiting(self) -> None:
        if _found(window.navigator.serviceWorker.controller):  # an update, not the first install
            _query('[data-action="update"]').hidden = False
            self.page.app.say("update-ready")
            self.page.render()

    def update(self) -> None:
        waiting: Any = self.registration.waiting if self.registration else None
        if _found(waiting):
            self.switching = True
            waiting.postMessage(to_js({"type": "SKIP_WAITING"}, dict_converter=js.Object.fromEntries))

    def on_controller_change(self, _event: Any) -> None:
        if self.switching:
            window.location.reload()

    def on_install_prompt(self, event: Any) -> None:
        event.preventDefault()  # the page offers its own Install button instead
        self.install_prompt = event
        _query('[data-action="install"]').hidden = False

    def install(self) -> None:
        if self.install_prompt is not None:
            self.install_prompt.prompt()
            self.install_prompt = None
            _query('[data-action="install"]').hidden = True

    def on_installed(self, _event: Any) -> None:
        _query('[data-action="install"]').hidden = True


def apply_queued_taps(app: App) -> None:
    """Taps made on the early-painted board before the engine was up: each applied once, in order."""
    queue: Any = getattr(window, "halfmoonQueue", None)
    if not _found(queue):
        return
    for name in list(queue):
        with contextlib.suppress(HalfMoonError):  # not a place: ignored
            app.tap(Place.parse(str(name)))
    queue.length = 0
    for place in document.querySelectorAll("[data-queued]"):
        place.removeAttribute("data-queued")


def start() -> Page:
    try:
        backend = window.localStorage
        backend.getItem("half-moon:probe")
    except Exception:  # storage blocked: the game still plays
        backend = None
    app = App(
        Store(backend),
        now_ms=lambda: float(js.performance.now()),
        browser_languages=list(window.navigator.languages or []),
        query=str(window.location.search),
    )
    app.set_visible(document.visibilityState == "visible")
    page = Page(app)
    apply_queued_taps(app)
    page.render()
    _query("[data-loading]").hidden = True
    document.documentElement.setAttribute("data-ready", "true")
    return page
