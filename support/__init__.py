"""What the tests and the tools share: the browsers they launch (``engines``, ``chromium``), the page
object that drives the game in them (``pageobject``), the shell's test doubles (``fakes``), the test
data (``testdata``), the windows the layout is checked in (``viewports``) and the rectangles' geometry
(``geometry``).

pytest finds it through ``pythonpath`` (pyproject.toml), the tools as ``python -m tools.NAME`` run from
the repository's root. Nothing here imports a test or a tool.
"""
