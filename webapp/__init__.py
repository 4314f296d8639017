"""The Half Moon page: a thin browser shell around the ``halfmoon`` engine. No rule lives here:
every rule question is answered by the engine.

Folders by what a module may touch, from the bottom up; a module imports its own folder and the
folders below it, never above (tests/test_architecture.py checks it, and that there is no circle):

- ``webapp/stats/``: the statistics record and what counts (``record``), the record as stored and
  exported, validated whole (``stored``), the history of finished games (``history``), why a stored
  record is refused (``record_errors``) and the export file holding both (``export``).
- ``webapp/text/``: every word of the page, Finnish and English, in one table (``word_table``) merged
  from a word table per feature: the game's (``game_table``), the statistics dialog's
  (``stats_dialog_table``), the statistics record's, chart's and calendar's (``stats_table``), a file's
  and a replay's (``file_replay_table``), the keyboard's (``keyboard_table``), the menus' and
  introduction's (``menu_intro_table``), the shared result's and history's (``history_table``), the
  theme's, sound's and manifest's (``theme_sound_install_table``); and the page's language (a chosen
  one over the browser's) with the words chosen when drawn (``words``).
- ``webapp/store/``: localStorage, defensively: every key (``storage_keys``, the one owner, which the
  build writes into the JavaScript that reads storage before Python), the saved game and settings
  (``storage``), the introduction's state (``intro_state``), the theme and sound under a key of their
  own (``prefs``), the statistics record and the history as stored (``records``), each under the same
  trust rules (``trusted``), and the number of their latest change, which the tabs compare
  (``written``).
- ``webapp/app/``: what the player and the browser can do, as plain Python: the ``App`` (``app``)
  with its command groups on the state they share (``state``): the game (``game_commands``), the
  statistics and files (``stats_commands``), the replays (``replay_commands``); its commands and
  dialogs (``actions``), the game on the table and its clock (``game_on_table``), links and
  replays (``links``, ``replay``), the two-tab rule (``tabs``), the keyboard's decisions (``keyboard``),
  the introduction (``intro``), files the player opens (``opened_files``), the spoken sentences
  (``announce``), what is said of the stored records outside a command (``told``), the installed app's
  shortcuts (``shortcuts``) and the first visit's deal (``opening``).
- ``webapp/draw/``: what the page shows, as plain values and markup: the board and dialogs (``view``),
  the statistics' figures (``statsview``), chart (``chart``) and calendar (``calendar``), a result to
  share and the history's rows (``share_and_history``), and which sound a change makes (``sounds``).
- ``webapp/mirror/``: Python's copy of the page's elements, standard library only: each element
  (``element``) and the CSS selectors it answers (``selectors``), the operations written since the
  last batch (``batch``), and the copy made from the page's description, dispatching the events the
  page forwards (``document``); the page's applier (static/applier.js) makes the operations.
- ``webapp/browser/``: the only package that imports ``js``, ``pyodide`` or ``pyscript``: the copy
  handed out as ``document`` and joined to the page's applier (``dom``), the page's listeners and
  rendering (``page``), the keys (``key_listener``, handed the buttons, the page's
  controls and each view, never the page), the motion, offline and install, files (``file_transfer``),
  sharing, the statistics panel with the history of games (``history_panel``), storage that lasts
  (``lasting``), the Web Lock around every change of the statistics (``locks``), the theme's and sound's
  controls and the sound (``preferences``, ``sound``), a file the installed app opens (``launch``),
  the dataclasses' methods the build compiled (``compiled_methods``, installed by the worker's entry
  before it imports the game), and the start (``start``; ``main`` is what index.html imports). The
  build imports ``start`` and all it imports outside a page (tools/method_code.py): nothing reaches
  a page-only object as it is imported.

Everything outside ``webapp/browser/`` runs and is tested under CPython.
"""
