"""The shell's ports are handed in at one place: the start (webapp/browser/start.py) makes every port
from the browser's globals (webapp/browser/ports.py holds the adapters), and no other module of the
shell reaches a browser global; a part is given what it serves."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BROWSER = ROOT / "webapp" / "browser"
COMPOSITION = {"start.py", "ports.py", "main.py", "page_link.py"}
"""The start, the adapters it makes, the link to the page, and the worker's entry point."""
LANGUAGE = {"Object", "Promise", "console"}
"""JavaScript's own objects, which every realm has: not the browser's."""


def reached(path: Path) -> list[str]:
    """The names a module reads from JavaScript's globals (``js.name``, ``getattr(js, "name")``)."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "js":
            names.append(node.attr)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr":
            first, *rest = node.args
            if isinstance(first, ast.Name) and first.id == "js" and rest and isinstance(rest[0], ast.Constant):
                names.append(str(rest[0].value))
    return names


def test_only_the_start_reaches_the_browser_s_globals() -> None:
    outside = {
        path.name: sorted(set(reached(path)) - LANGUAGE)
        for path in sorted(BROWSER.glob("*.py"))
        if path.name not in COMPOSITION
    }
    assert {name: found for name, found in outside.items() if found} == {}


def test_no_module_is_handed_the_window_by_import() -> None:
    """``window`` and ``document`` are ports: never a name imported from another module, from ``js``
    or from ``pyscript``, and ``js`` is never imported under another name."""
    for path in sorted(BROWSER.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert all(alias.asname is None for alias in node.names if alias.name == "js"), path.name
            if not isinstance(node, ast.ImportFrom) or path.name in COMPOSITION:
                continue
            module = node.module or ""
            assert module not in ("js", "pyscript"), (path.name, module)
            if module.startswith("webapp.browser"):
                imported = {alias.name for alias in node.names}
                assert not imported & {"window", "document", "navigator"}, (path.name, module)


def test_the_check_sees_a_reach_for_the_storage(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import js\nbackend = js.window.localStorage\nq = getattr(js, 'launchQueue', None)\n")
    assert sorted(reached(sample)) == ["launchQueue", "window"]
