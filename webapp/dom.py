"""The browser side (Pyodide only): copy the view onto the page and forward what the player does.

One delegated click listener serves the board and every command; a handful of other listeners
(settings, visibility, storage, dialogs) are each created once, so no proxy is made per card or
per render. Nothing read from the address or storage is inserted as HTML: only ``textContent``
and attribute values are set.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js  # type: ignore[import-not-found]

from halfmoon import PLACES, HalfMoonError, Place, save

from . import stats as st
from .controller import BROWSER_ACTIONS, REPLAY_ACTIONS, Action, App, Dialog, Setting
from .keys_dom import Keys
from .motion import Motion
from .statsview import stats_attributes, stats_markup, stats_rows
from .storage import Store
from .strings import PAGES, page_file, text
from .view import SLOTS, PlaceView, View, build, clock_text, snapshot

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


def _set_attributes(element: Any, attributes: tuple[tuple[str, str | None], ...]) -> None:
    for name, value in attributes:
        if value is None:
            element.removeAttribute(name)
        else:
            element.setAttribute(name, value)


class Page:
    def __init__(self, app: App) -> None:
        self.app = app
        self.board = _query("[data-board]")
        self.places = {p: _query(f'[data-place="{p}"]', self.board) for p in PLACES}
        self.buttons = {p: _query("button", element) for p, element in self.places.items()}
        self.slots = {p: [_query(f'[data-slot="{n}"]', element) for n in SLOTS] for p, element in self.places.items()}
        self.save_warning = _query("[data-save-warning]")
        self.info = {k: _query(f'[data-info="{k}"]') for k in ("time", "score", "moves", "code")}
        self.message = _query("[data-message]")
        self.code_input = _query('[data-input="code"]')
        self.dialogs = {
            name: _query(f'[data-dialog="{name}"]') for name in ("settings", "end", "confirm", "stats", "keys")
        }
        self.stats = StatsPanel()
        self.replay_controls = _query("[data-replay-controls]")
        self.replay_position = _query("[data-replay-position]")
        self.replay_link = _query("[data-replay-link]")
        # Looked up once: render runs on every tap.
        self.commands = [(b, b.getAttribute("data-action")) for b in document.querySelectorAll("button[data-action]")]
        self.settings = {name: _query(f'[data-setting="{name}"]') for name in Setting}
        self.motion = Motion(document, window, len(PLACES))
        self.last: View | None = None
        self._snapshot_of: tuple[object, ...] = ()
        self._tasks: set[asyncio.Future[None]] = set()
        self._proxies = [
            _listen(document, "click", self.on_click),
            _listen(document, "change", self.on_change),
            _listen(document, "visibilitychange", self.on_visibility),
            _listen(window, "pagehide", self.on_pagehide),
            _listen(window, "pageshow", self.on_pageshow),
            _listen(window, "storage", self.on_storage),
            *(_listen(d, "cancel", self.on_dialog_cancel) for d in self.dialogs.values()),
        ]
        self._ticker = create_proxy(self.on_tick)
        window.setInterval(self._ticker, 500)
        self.offline = Offline(self)
        self.keys = Keys(self, document, window)  # issue 12: keyboard and spoken results
        self._browser_actions: dict[Action, Callable[[], None]] = {
            Action.SHARE: lambda: self._run(self.share()),
            Action.INSTALL: self.offline.install,
            Action.UPDATE: self.offline.update,
            Action.COPY_GAME: lambda: self._run(self.copy_game()),
            Action.STATS_EXPORT: lambda: download(st.dumps(self.app.tally.stats), "half-moon-statistics.json"),
            Action.GAME_EXPORT: lambda: download(save(self.app.record), f"half-moon-{self.app.code}.json"),
            Action.SHARE_REPLAY: lambda: self._run(self.copy_replay_link(self.show_replay_link())),
        }

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
            self.on_action(Action(button.getAttribute("data-action")))
        self.render()

    def on_action(self, action: Action) -> None:
        if action in BROWSER_ACTIONS:
            self._browser_actions[action]()
        else:
            self.app.command(action, self.code_input.value if action is Action.PLAY_CODE else "")

    def _run(self, job: Any) -> None:
        task = asyncio.ensure_future(job)
        self._tasks.add(task)  # keep a reference until it is done
        task.add_done_callback(self._tasks.discard)

    def on_change(self, event: Any) -> None:
        target = event.target
        chosen = FILE_INPUTS.get(str(target.getAttribute("data-input")))
        if chosen is not None:
            self._run(self.open_file(target, chosen))
            return
        name = target.getAttribute("data-setting")
        if name:
            setting = Setting(name)
            self.app.set_setting(setting, target.value if setting is Setting.LANGUAGE else bool(target.checked))
            self.render()

    def on_visibility(self, _event: Any) -> None:
        self.app.set_visible(document.visibilityState == "visible")
        self.render()

    def on_pagehide(self, _event: Any) -> None:
        self.app.set_visible(False)
        self.render()  # the game was saved with its clock: the early-paint record follows it

    def on_pageshow(self, event: Any) -> None:
        if event.persisted:  # back from the back/forward cache: re-read storage first
            self.app.resumed()
            self.app.set_visible(document.visibilityState == "visible")
            self.render()

    def on_storage(self, event: Any) -> None:
        self.app.storage_changed(event.key)
        self.render()

    def on_dialog_cancel(self, event: Any) -> None:
        """Escape closes a dialog: the controller decides what that means (cancel, close)."""
        event.preventDefault()
        self.app.command(Action.CANCEL if self.app.dialog is Dialog.CONFIRM else Action.CLOSE)
        self.render()

    def on_tick(self) -> None:
        if self.app.replay_tick():
            self.render()
        time = clock_text(self.app)
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

    def show_replay_link(self) -> str:
        """The replay link of the game on the table, shown in ``data-replay-link`` at once."""
        url = str(window.location.href).split("?")[0].split("#")[0] + self.app.replay_link_query()
        self.replay_link.href = url
        self.replay_link.textContent = url
        self.replay_link.parentElement.hidden = False
        return url

    async def copy_replay_link(self, url: str) -> None:
        try:
            await window.navigator.clipboard.writeText(url)
            self.app.say("replay-link-copied")
        except Exception:
            self.app.say("link-not-copied", url=url)
        self.render()

    async def copy_game(self) -> None:
        """While the game cannot be saved, the player can keep it as text (the saved-game JSON)."""
        try:
            await window.navigator.clipboard.writeText(save(self.app.record))
            self.app.say("game-copied")
        except Exception:
            self.app.say("game-not-copied")
        self.render()

    async def open_file(self, input_element: Any, kind: str) -> None:
        """A chosen file, read no further than any record of ours can be long, to the controller."""
        files = input_element.files
        if not _found(files) or files.length == 0:
            return
        text = str(await files.item(0).slice(0, FILE_BYTES).text())
        input_element.value = ""  # the same file can be chosen again
        if kind == "game":
            self.app.open_game_file(text)
        else:
            self.app.open_stats_file(text)
        self.render()

    # Rendering: only what changed is written

    def render(self) -> None:
        view = build(self.app)
        last = self.last
        if last is None or last.lang != view.lang:
            self.translate(view.lang)
        for i, place in enumerate(view.places):
            if last is None or last.places[i] != place:
                if last is not None and place.count < last.places[i].count:
                    self.motion.removed(self.places[place.place])
                self.render_place(place)
        board = self.board
        board.setAttribute("data-code", view.code)
        board.setAttribute("data-status", view.status)
        board.setAttribute("data-score", str(view.score))
        board.setAttribute("data-moves", str(view.moves))
        board.setAttribute("data-saved", "true" if view.saved else "false")
        self.save_warning.hidden = view.saved
        for key, value in view.info.items():
            self.info[key].textContent = value
        self.message.textContent = view.message
        self.render_commands(view)
        self.render_replay(view)
        self.stats.render(self.app, view.dialog is Dialog.STATS)
        self.render_dialogs(view)
        if last is not None and last.status != view.status:
            self.motion.ended(view.status, [self.places[p].firstElementChild for p in PLACES], self.message)
        if last is None or last.query != view.query:
            window.history.replaceState(None, "", view.query)
        self.save_snapshot(view)
        self.keys.render(view)
        self.last = view

    def render_replay(self, view: View) -> None:
        self.replay_controls.hidden = view.replay is None
        if view.replay is None:
            self.board.removeAttribute("data-replay")
            return
        step, steps, playing = view.replay
        _set_attributes(self.board, (("data-replay", "true"), ("data-step", str(step)), ("data-steps", str(steps))))
        self.replay_position.textContent = text("replay-step", view.lang, step=step, steps=steps)
        _query('[data-action="replay-play"]').setAttribute("aria-pressed", "true" if playing else "false")

    def save_snapshot(self, view: View) -> None:
        """Keep the early-paint record in step with the saved game and the words on screen."""
        if view.replay is not None:
            return  # the board shows the replay, not the saved game
        saved = self.app.saved_text  # what this page last wrote or read: no storage read per render
        shown = (saved, view.lang, view.places, view.info)
        if view.saved and saved is not None and shown != self._snapshot_of:
            self.app.store.save_snapshot(snapshot(view, self.app.game, saved))
            self._snapshot_of = shown

    def render_place(self, view: PlaceView) -> None:
        _set_attributes(self.places[view.place], view.attributes)
        _set_attributes(self.buttons[view.place], view.button)
        for slot, value in zip(self.slots[view.place], view.slots, strict=True):
            slot.textContent = value

    def render_commands(self, view: View) -> None:
        enabled = {"undo": view.can_undo, "redo": view.can_redo, "restart": view.can_restart}
        replaying = view.replay is not None
        for button, action in self.commands:
            inert = replaying and action not in REPLAY_ACTIONS
            button.disabled = inert or not enabled.get(action, True)
        self.settings[Setting.MOVE_ERRORS].checked = view.move_errors
        self.settings[Setting.LAYOUT_HELP].checked = view.layout_help
        self.settings[Setting.FOUR_COLOUR].checked = view.four_colour
        self.settings[Setting.FAST_START].checked = view.fast_start
        _set_attributes(document.documentElement, view.root)
        self.settings[Setting.LANGUAGE].value = view.lang

    def render_dialogs(self, view: View) -> None:
        wanted = {
            Dialog.SETTINGS: "settings",
            Dialog.WON: "end",
            Dialog.DEAD_END: "end",
            Dialog.CONFIRM: "confirm",
            Dialog.STATS: "stats",
            Dialog.KEYS: "keys",
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
        """Every static word of the page in ``lang`` (the rest is drawn by ``render``)."""
        document.documentElement.lang = lang
        for element in document.querySelectorAll("[data-t]"):
            element.textContent = text(element.getAttribute("data-t"), lang)
        for element in document.querySelectorAll("[data-t-label]"):
            element.setAttribute("aria-label", text(element.getAttribute("data-t-label"), lang))
        for name in PAGES:  # the Rules and Examples pages in the same language
            _query(f'[data-link="{name}"]').setAttribute("href", f"./{page_file(name, lang)}")


FILE_INPUTS = {"game-file": "game", "stats-file": "stats"}
FILE_BYTES = st.MAX_CHARS * 4 + 4
"""No record of ours is longer (in UTF-8): reading stops there and the parser refuses the rest."""


def download(content: str, name: str) -> None:
    """A file made in Python, downloaded through a Blob URL and a clicked ``<a download>``."""
    options = to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries)
    url = js.URL.createObjectURL(js.Blob.new(to_js([content]), options))
    link = document.createElement("a")
    link.href = url
    link.download = name
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 60_000)


def local_today() -> datetime.date:
    """The device's local date (the browser's time zone and clock, as the daily deal needs)."""
    now = js.Date.new()
    return datetime.date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))


class StatsPanel:
    """``data-stats`` (always current), and the dialog's words, chart and calendar: drawn while it
    is open, and once ahead when the page is idle after start."""

    def __init__(self) -> None:
        self.box = _query("[data-stats]")
        self.chart = _query("[data-stats-chart]")
        self.calendar = _query("[data-stats-calendar]")
        self._shown: st.Figures | None = None
        self._drawn: tuple[object, ...] = ()

    def render(self, app: App, open_: bool) -> None:
        figures = app.tally.figures()
        if figures is not self._shown:
            _set_attributes(self.box, stats_attributes(figures))
            self._shown = figures
        if open_:
            self.prepare(app)

    def prepare(self, app: App) -> None:
        """The dialog's words, chart and calendar, drawn once for the figures, the language and the
        date: reopening draws nothing. Also done once the page is idle after start (``start``), so
        that the first opening need not draw either."""
        figures = app.tally.figures()
        # The record, not only its figures: equal figures can come with other daily dates (an
        # import), which the calendar draws. The tally keeps one object per stored text, so the
        # comparison is mostly by identity.
        drawn = (app.tally.stats, app.lang, app.tally.today())
        if drawn != self._drawn:
            self.draw(app, figures)
            self._drawn = drawn

    def draw(self, app: App, figures: st.Figures) -> None:
        rows = []
        for label, value in stats_rows(figures, app.lang):
            term, detail = document.createElement("dt"), document.createElement("dd")
            term.textContent, detail.textContent = label, value
            rows += [term, detail]
        self.box.replaceChildren(*rows)
        chart, calendar = stats_markup(app.tally.stats, figures, app.tally.today(), app.lang)
        self.chart.innerHTML = chart  # made from validated numbers, every text escaped (webapp/stats.py)
        self.calendar.innerHTML = calendar


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
        wall_ms=lambda: int(js.Date.now()),
        browser_languages=list(window.navigator.languages or []),
        query=str(window.location.search),
        today=local_today,
    )
    app.set_visible(document.visibilityState == "visible")
    page = Page(app)
    apply_queued_taps(app)
    page.render()
    for name in FILE_INPUTS:
        _query(f'[data-input="{name}"]').disabled = False
    _query("[data-loading]").hidden = True
    document.documentElement.setAttribute("data-ready", "true")
    idle = getattr(window, "requestIdleCallback", None)  # not in every browser: then a moment later
    (idle or window.setTimeout)(create_once_callable(lambda *_: page.stats.prepare(app)))
    return page
