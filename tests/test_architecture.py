"""The shell's layout, as webapp/__init__.py states it: folders by what a module may touch, arrows
only downwards, no import circle (``TYPE_CHECKING`` imports counted), only webapp/browser/ talks to
the browser, and no module of the shell longer than the engine's longest."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BROWSER_MODULES = {"js", "pyodide", "pyscript"}
# From the bottom up: a module may import its own folder and the folders below it, never above.
LAYERS = ("stats", "text", "store", "app", "draw", "browser")


def modules(package: str) -> dict[str, Path]:
    return {
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): p
        for p in sorted((ROOT / package).rglob("*.py"))
        if "__pycache__" not in p.parts
    }


SHELL = modules("webapp")
ENGINE = modules("halfmoon")
OWN = {**SHELL, **ENGINE, **modules("sitegen")}


def imported(name: str, path: Path) -> set[str]:
    """Every module ``name`` imports, at any depth of its code (functions, TYPE_CHECKING blocks)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            found |= {f"{base}.{alias.name}" if f"{base}.{alias.name}" in OWN else base for alias in node.names}
    return found


def graph() -> dict[str, set[str]]:
    return {name: {m for m in imported(name, path) if m in OWN and m != name} for name, path in OWN.items()}


def layer(name: str) -> int:
    parts = name.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else -1


def test_only_the_browser_package_imports_the_browser() -> None:
    for name, path in SHELL.items():
        reached = {m.split(".")[0] for m in imported(name, path)} & BROWSER_MODULES
        assert not reached or name.startswith("webapp.browser."), (name, reached)
    for name, path in ENGINE.items():
        assert not {m.split(".")[0] for m in imported(name, path)} & ({"webapp"} | BROWSER_MODULES), name


def test_no_import_circle() -> None:
    edges = graph()
    done: set[str] = set()

    def visit(name: str, trail: list[str]) -> None:
        assert name not in trail, " → ".join([*trail[trail.index(name) :], name])
        if name in done:
            return
        for target in sorted(edges[name]):
            visit(target, [*trail, name])
        done.add(name)

    for name in sorted(edges):
        visit(name, [])


def test_the_shell_imports_only_downwards() -> None:
    for name, targets in graph().items():
        if not name.startswith("webapp."):
            continue
        for target in targets:
            if target.startswith("webapp.") and layer(target) >= 0:
                assert layer(target) <= layer(name), f"{name} → {target} runs up ({' < '.join(LAYERS)})"


def non_blank(path: Path) -> int:
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def test_no_shell_module_is_longer_than_the_engines_longest() -> None:
    limit = max(non_blank(path) for path in ENGINE.values())
    over = {path.relative_to(ROOT).as_posix(): non_blank(path) for path in SHELL.values() if non_blank(path) > limit}
    assert over == {}, f"limit {limit} non-blank lines"


def test_the_layout_is_described_where_a_newcomer_looks() -> None:
    described = (ROOT / "webapp" / "__init__.py").read_text(encoding="utf-8")
    for folder in LAYERS[1:]:
        assert f"webapp/{folder}/" in described, folder
