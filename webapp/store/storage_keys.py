"""Every localStorage key of the page, in one place (docs/trust.md "Storage keys and two tabs").

Keys carry the project prefix, since every project of a github.io owner shares one origin (and any
of them can write these keys). The JavaScript that reads storage before Python runs (the early
paint, the interpreter's start-up) never types a key: the build writes these values into it
(sitegen/skeleton.py, tools/build.py).
"""

from __future__ import annotations

PREFIX = "half-moon:"
GAME_KEY = PREFIX + "game"
"""The engine's saved-game JSON."""
BACKUP_KEY = PREFIX + "game-backup"
"""Saved games that failed validation (at most three)."""
SETTINGS_KEY = PREFIX + "settings"
SNAPSHOT_KEY = PREFIX + "snapshot"
"""The early-paint record: the board and words as last shown."""
STATS_KEY = PREFIX + "stats"
STATS_BACKUP_KEY = STATS_KEY + "-backup"
STATS_LOCK = STATS_KEY
"""The Web Lock (``navigator.locks``, a namespace of its own) held around every change of ``STATS_KEY``."""
STATS_WRITTEN_KEY = STATS_KEY + "-written"
"""The sequence number of the latest change of the records, written by its tab under ``STATS_LOCK``
just after the change (webapp/browser/locks.py; read and counted by webapp/store/written.py)."""
STATS_WRITTEN_LOCK_PREFIX = STATS_WRITTEN_KEY + ":"
"""With a change's number, the name of a Web Lock its tab holds for a moment after the change
(webapp/browser/locks.py): the lock manager, one for all tabs, is never stale, where another tab's
storage write reaches this tab's storage later."""
STARTING_KEY = PREFIX + "starting"
"""Set while a restored start runs (the fast start's crash guard, startup/pyodide-start.mjs)."""
FAILURES_KEY = PREFIX + "snapshot-failures"
"""How many restored starts of this build failed (startup/pyodide-start.mjs)."""
PROBE_KEY = PREFIX + "probe"
"""Read once at start to learn whether storage can be used at all."""
INTRO_KEY = PREFIX + "intro"
"""The first game's introduction: ``shown`` while it is, ``done`` once dismissed or once
the first removal was made; never inside the settings."""
FIRST_VISIT_KEYS = (GAME_KEY, STATS_KEY, INTRO_KEY)
"""A first visit stores none of these: the early paint then shows the introduction and the first
deal's cards (webapp/app/opening.py)."""
PREFERENCES_KEY = PREFIX + "preferences"
"""The look and sound preferences (the theme, sound): a key of their own, since copies of
the page already deployed drop a settings record's names they do not know. Read before the first
paint by static/theme.js (the build writes this key into its tag)."""
HISTORY_KEY = PREFIX + "history"
"""The latest finished games (webapp/stats/history.py): a key of its own, never inside ``STATS_KEY``, and
changed only under ``STATS_LOCK``, in the same job as the statistics."""
HISTORY_BACKUP_KEY = HISTORY_KEY + "-backup"
