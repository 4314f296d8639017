"""The browser side (Pyodide only): copy the view onto the page and forward what the player does.

One delegated click listener serves the board and every command; a handful of other listeners
(settings, visibility, storage, dialogs) are each created once, so no proxy is made per card or
per render. Nothing read from the address or storage is inserted as HTML: only ``textContent``
and attribute values are set. The page is drawn and its view recorded before the optional effects of
the change run (motion, sound, the address: effects.py), so one that fails leaves the page as drawn.
"""

from __future__ import annotations

from typing import Any

from halfmoon import PLACES, Place
from webapp.app.actions import BROWSER_ACTIONS, REPLAY_ACTIONS, Action, Dialog, Setting
from webapp.app.app import App
from webapp.browser.commands import BrowserCommands
from webapp.browser.dom import found, listen, set_attributes
from webapp.browser.early_record import EarlyRecord
from webapp.browser.effects import warning
from webapp.browser.file_transfer import FILE_INPUTS, read_chosen
from webapp.browser.key_listener import Keys
from webapp.browser.launch import Launched
from webapp.browser.motion import Motion
from webapp.browser.phone import Cue, IntroView, Menu
from webapp.browser.ports import Browser
from webapp.browser.preferences import Preferred
from webapp.browser.stats_panel import StatsPanel
from webapp.draw.view import INFO_KEYS, SLOTS, PlaceView, View, build, clock_text
from webapp.mirror.batch import Rule
from webapp.store.prefs import Preference
from webapp.text.words import PAGES, page_file, text

CLAIMED: tuple[Rule, ...] = (
    # A command button's default (a form's submission) is the page's, but the menu's popover button's.
    Rule("click", "button[data-action]", f'[data-action="{Action.MENU.value}"]'),
    Rule("cancel", "dialog"),  # Escape in a dialog: the App decides (``on_dialog_cancel``)
)
"""The events whose browser default the page prevents, whatever the state."""


class Page:
    def __init__(self, app: App, browser: Browser) -> None:
        self.app = app
        self.document = document = browser.document
        self.timers = browser.timers
        self.address = browser.address

        def query(selector: str, root: Any = document) -> Any:
            return root.one(selector)

        self.board = query("[data-board]")
        self.places = {p: query(f'[data-place="{p}"]', self.board) for p in PLACES}
        self.buttons = {p: query("button", element) for p, element in self.places.items()}
        self.slots = {p: [query(f'[data-slot="{n}"]', element) for n in SLOTS] for p, element in self.places.items()}
        self.save_warning = query("[data-save-warning]")
        self.info = {k: query(f'[data-info="{k}"]') for k in INFO_KEYS}
        self.message = query("[data-message]")
        self.code_input = query('[data-input="code"]')
        self.dialogs = {
            name: query(f'[data-dialog="{name}"]') for name in ("settings", "end", "confirm", "stats", "keys")
        }
        self.stats = StatsPanel(document, browser.timers)
        self.replay_controls = query("[data-replay-controls]")
        self.replay_position = query("[data-replay-position]")
        self.replay_play = query('[data-action="replay-play"]')
        # Looked up once: render runs on every tap.
        self.commands = [
            (b, str(b.getAttribute("data-action"))) for b in document.querySelectorAll("button[data-action]")
        ]
        self.settings = {name: query(f'[data-setting="{name}"]') for name in Setting}
        self.file_inputs = [query(f'[data-input="{name}"]') for name in FILE_INPUTS]
        self.motion = Motion(document, browser.reduced_motion)
        self.menu, self.intro = Menu(document), IntroView(document, browser.storage)
        self.cue = Cue(self.places, browser.timers)
        self.last: View | None = None
        self._today = app.tally.today()
        self.record = EarlyRecord(app, lambda: self.last)
        self._run = browser.run
        document.claim("page", CLAIMED)
        self._listeners = [
            listen(document, "click", self.on_click),
            listen(document, "change", self.on_change),
            listen(document, "visibilitychange", self.on_visibility),
            listen(browser.document.window, "pagehide", self.on_pagehide),
            listen(browser.document.window, "pageshow", self.on_pageshow),
            listen(browser.document.window, "storage", self.on_storage),
            *(listen(d, "cancel", self.on_dialog_cancel) for d in self.dialogs.values()),
        ]
        browser.timers.every(500, self.on_tick)
        self.browser = BrowserCommands(app, browser, self.tell, self.intro.close)
        # The keyboard and spoken results.
        self.keys = Keys(document, browser.layout, self.board, self.buttons, self)
        # The theme and sound.
        self.prefs = Preferred(document, browser.storage, browser.link)
        self._refused = False
        # A game file the installed app opens.
        self.launched = Launched(app, browser.link, self._run, self.render)

    # Events

    def on_click(self, event: Any) -> None:
        button = event.target.closest("button")
        if not found(button):
            return
        place = button.closest("[data-board] [data-place]")
        if found(place):
            marked = self.app.tap(Place(place.dataset.place))
            self.cue.show(marked)
            self._refused = bool(marked)
        elif button.getAttribute("data-action") == Action.MENU:
            return  # the browser toggles the popover (``CLAIMED`` leaves its default)
        elif button.hasAttribute("data-action"):
            self.menu.chosen(button)
            row = button.closest("[data-history-game]")  # a game of the history: its row's number
            self.on_action(Action(button.getAttribute("data-action")), row.dataset.historyGame if found(row) else "")
        self.render()

    def on_action(self, action: Action, value: str = "") -> None:
        if action in BROWSER_ACTIONS:
            self.browser.do(action)
        else:
            self.app.command(action, self.code_input.value if action is Action.PLAY_CODE else value)

    def on_change(self, event: Any) -> None:
        target = event.target
        chosen = FILE_INPUTS.get(str(target.getAttribute("data-input")))
        if chosen is not None:
            self._run(self.read_file(target, event.files, chosen))
            return
        name = target.getAttribute("data-setting")
        if name in tuple(Preference):
            self.prefs.change(Preference(name), target)
        elif name:
            setting = Setting(name)
            self.app.set_setting(setting, target.value if setting is Setting.LANGUAGE else bool(target.checked))
            self.render()

    def on_visibility(self, _event: Any) -> None:
        self.app.set_visible(self.document.visibilityState == "visible")
        self.render()

    def on_pagehide(self, _event: Any) -> None:
        self.app.set_visible(False)
        self.render()  # the game was saved with its clock: the early-paint record follows it

    def on_pageshow(self, event: Any) -> None:
        if event.persisted:  # back from the back/forward cache: re-read storage first
            self.app.resumed()
            self.app.set_visible(self.document.visibilityState == "visible")
            self.render()

    def on_storage(self, event: Any) -> None:
        """Another tab changed storage: each part reads again what the change concerns."""
        self.prefs.storage_changed(event.key)
        self.app.storage_changed(event.key)
        self.render()

    def on_dialog_cancel(self, event: Any) -> None:
        """Escape closes a dialog: the controller decides what that means (cancel, close); the
        browser's own closing is prevented (``CLAIMED``)."""
        self.app.command(Action.CANCEL if self.app.dialog is Dialog.CONFIRM else Action.CLOSE)
        self.render()

    def on_tick(self) -> None:
        today = self.app.tally.today()
        if self.app.watching.tick() or today != self._today:  # a replay's step, or midnight passed:
            self._today = today  # the daily figures, the calendar's today and the daily command follow
            self.render()
        time = clock_text(self.app)
        if self.last is not None and time != self.last.time:
            self.info["time"].textContent = time

    def tell(self, key: str | None, **params: str) -> None:
        """A message from the browser side (a link copied, a new version), shown at once; None: only
        what the browser reported changed (the storage's persistence), drawn again; "": nothing said,
        and nothing left of an earlier message (a share the player cancelled)."""
        if key:
            self.app.say(key, **params)
        elif key == "":
            self.app.message = None
        self.render()

    async def read_file(self, chooser: Any, files: Any, kind: str) -> None:
        await read_chosen(self.app, files, kind)
        chooser.value = ""  # the same file can be chosen again
        self.render()

    # What the keys ask (webapp/browser/key_listener.py ``Controls``)

    def act(self, action: Action) -> None:
        self.on_action(action)
        self.render()

    def clear_selection(self) -> None:
        self.app.clear_selection()
        self.render()

    def pause_replay(self) -> None:
        self.app.watching.pause()
        self.render()

    # Rendering: only what changed is written

    def render(self) -> None:
        view = build(self.app)
        last = self.last
        if last is None or last.lang != view.lang:
            self.translate(view.lang)
        leaving = []  # the copies of the cards that left their places (none under reduced motion)
        for i, place in enumerate(view.places):
            if last is None or last.places[i] != place:
                lost = last is not None and place.count < last.places[i].count
                if lost and (ghost := self.motion.ghost(self.places[place.place])) is not None:
                    leaving.append(ghost)
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
        self.intro.render(view.moves, view.replay is not None)
        self.render_commands(view)
        self.render_replay(view)
        self.stats.render(self.app, view.dialog is Dialog.STATS)
        self.render_dialogs(view)
        self.keys.render(view)
        refused, self._refused = self._refused, False
        self.last = view
        self.record.write()
        self.effects(view, last, leaving, refused)

    def effects(self, view: View, last: View | None, leaving: list[Any], refused: bool) -> None:
        """The optional effects of what was just drawn, each guarded (effects.py)."""
        self.motion.removed(leaving)
        if last is not None and last.status != view.status:
            self.motion.ended(view.status, [self.places[p].firstElementChild for p in PLACES], self.message)
        if last is None or last.query != view.query:
            with self.document.effect(warning("the address")):
                self.address.replace(view.query)
        self.prefs.after(last, self.app, refused)
        self.browser.lasting.after_render()
        self.browser.publish(view.saved)

    def render_replay(self, view: View) -> None:
        self.replay_controls.hidden = view.replay is None
        if view.replay is None:
            self.board.removeAttribute("data-replay")
            return
        step, steps, playing = view.replay
        set_attributes(self.board, (("data-replay", "true"), ("data-step", str(step)), ("data-steps", str(steps))))
        self.replay_position.textContent = text("replay-step", view.lang, step=step, steps=steps)
        self.replay_play.setAttribute("aria-pressed", "true" if playing else "false")

    def render_place(self, view: PlaceView) -> None:
        set_attributes(self.places[view.place], view.attributes)
        set_attributes(self.buttons[view.place], view.button)
        for slot, value in zip(self.slots[view.place], view.slots, strict=True):
            slot.textContent = value

    def render_commands(self, view: View) -> None:
        enabled = {"undo": view.can_undo, "redo": view.can_redo, "restart": view.can_restart, "daily": view.can_daily}
        enabled["share-result"] = view.can_share_result
        replaying = view.replay is not None
        for button, action in self.commands:
            inert = replaying and action not in REPLAY_ACTIONS
            button.disabled = inert or not enabled.get(action, True)
        for chooser in self.file_inputs:  # like every other command, a file is not opened during a replay
            chooser.disabled = replaying
        for setting, on in view.checkboxes:
            self.settings[setting].checked = on
        set_attributes(self.document.documentElement, view.root)
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
            dialog.one("[data-dialog-title]").textContent = view.dialog_title
            dialog.one("[data-dialog-text]").textContent = view.dialog_text
        status = dialog.querySelector("[data-dialog-message]")
        if found(status) and status.textContent != view.dialog_message:
            status.textContent = view.dialog_message
        for button in dialog.querySelectorAll("[data-when]"):
            button.hidden = button.getAttribute("data-when") != view.dialog.value
        if not dialog.open:
            dialog.showModal()

    def translate(self, lang: str) -> None:
        """Every static word of the page in ``lang`` (the rest is drawn by ``render``)."""
        document = self.document
        document.documentElement.lang = lang
        for element in document.querySelectorAll("[data-t]"):
            element.textContent = text(str(element.getAttribute("data-t")), lang)
        for element in document.querySelectorAll("[data-t-label]"):
            element.setAttribute("aria-label", text(str(element.getAttribute("data-t-label")), lang))
        for name in PAGES:  # the Rules and Examples pages in the same language
            document.one(f'[data-link="{name}"]').setAttribute("href", f"./{page_file(name, lang)}")
        document.one("[data-rules-link]").setAttribute("href", f"./{page_file('rules', lang)}")
