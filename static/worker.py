# The worker's entry (PyWorker, started by static/worker-boot.js): the game's zip on the path, its
# dataclasses' methods compiled by the build (webapp/browser/compiled_methods.py) installed before it
# imports the game, and the two calls the page makes (webapp/browser/main.py).
import sys

sys.path.insert(0, "app.zip")

from webapp.browser.compiled_methods import install

install()

from webapp.browser.main import calls, start  # noqa: E402, F401

__export__ = ["start", "calls"]
