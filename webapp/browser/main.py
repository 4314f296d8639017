"""The page's entry point, run by PyScript (index.html): start the shell around the engine."""

from webapp.browser.start import start

page = start()
