# The worker's entry (PyWorker, started by static/worker-boot.js): the game's zip on the path, and the
# three calls the page makes (webapp/browser/main.py).
import sys

sys.path.insert(0, "app.zip")

from webapp.browser.main import event, start, told  # noqa: F401

__export__ = ["start", "event", "told"]
