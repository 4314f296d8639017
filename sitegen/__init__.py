"""Build-time generators for the site, run under CPython by tools/build.py and never shipped to the page.

``skeleton`` writes the board's static HTML into index.html; ``pages`` writes the Rules and
Examples pages. Both draw with the engine (``halfmoon``) and the shell's view (``webapp``).
"""
