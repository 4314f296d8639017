# The worker of bench/worker-echo.html: a tap's call taken as the game takes it (webapp/browser/main.py,
# page_link.py), answered with seven operations, as a selection's answer has.
import js
from pyodide.ffi import to_js

OPERATIONS = [["set", key, "aria-pressed", "true"] for key in range(7)]


def calls(clock, made):
    clock.to_py(), [call.to_py(depth=1) for call in made]
    return to_js(OPERATIONS, dict_converter=js.Object.fromEntries)


__export__ = ["calls"]
