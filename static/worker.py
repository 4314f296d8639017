# The worker's entry (PyWorker, started by static/worker-boot.js): the game's zip on the path, and the
# two calls the page makes (webapp/browser/main.py).
import sys

sys.path.insert(0, "app.zip")

from webapp.browser.main import calls, start  # noqa: F401

__export__ = ["start", "calls"]
