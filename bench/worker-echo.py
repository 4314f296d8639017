# The worker of bench/worker-echo.html: a tap's call taken as the game takes it (webapp/browser/main.py,
# page_link.py), answered with seven operations, as a selection's answer has.
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import to_js  # type: ignore[import-not-found]

OPERATIONS = [["set", key, "aria-pressed", "true"] for key in range(7)]


def calls(clock: Any, made: Any) -> Any:
    clock.to_py(), [call.to_py(depth=1) for call in made]
    return to_js(OPERATIONS, dict_converter=js.Object.fromEntries)


__export__ = ["calls"]
