"""The folder rules, as docs/architecture.md's table "Folders and what they may import" states them (the
one source: this test reads the table), checked against the import graph: a module imports its own
folder and the folders its row names, only the rows that say so reach the browser, no import circle
(``TYPE_CHECKING`` imports counted); no module outside the engine and the tests over a fixed number
of non-blank lines, the engine under its own; and no two modules of one name among those the page runs
(``halfmoon/``, ``webapp/``), nor a module of the build or the tools (``sitegen/``, ``tools/``) named as
one of them, so a module's name alone says which it is."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BROWSER_MODULES = {"js", "pyodide", "pyscript"}
ARCHITECTURE = ROOT / "docs" / "architecture.md"
RULES_HEADING = "## Folders and what they may import"
FOLDER = re.compile(r"`([a-z_]+(?:/[a-z_]+)*/)`")


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


def folder_rules(text: str) -> dict[str, tuple[set[str], bool]]:
    """The table under RULES_HEADING: each folder, the folders it may import, and whether it reaches
    the browser."""
    section = text.split(RULES_HEADING, 1)[1].split("\n## ", 1)[0]
    rules: dict[str, tuple[set[str], bool]] = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and (folder := FOLDER.fullmatch(cells[0])):
            rules[folder[1]] = (set(FOLDER.findall(cells[1])), cells[2] == "yes")
    return rules


RULES = folder_rules(ARCHITECTURE.read_text(encoding="utf-8"))


def folder_of(name: str) -> str:
    """The most specific folder of the table that holds module ``name``."""
    path = OWN[name].relative_to(ROOT).as_posix()
    holding = [folder for folder in RULES if path.startswith(folder)]
    assert holding, f"{path}: no row of {ARCHITECTURE.name}'s table holds it"
    return max(holding, key=len)


def crossings(edges: dict[str, set[str]]) -> list[str]:
    """Every import from one folder into another its row does not name."""
    wrong = []
    for name, targets in sorted(edges.items()):
        here = folder_of(name)
        for target in sorted(targets):
            there = folder_of(target)
            if there != here and there not in RULES[here][0]:
                wrong.append(f"{name} → {target} ({here} may not import {there})")
    return wrong


def test_the_table_has_a_row_for_every_folder_of_the_code() -> None:
    folders = {p.parent.relative_to(ROOT).as_posix() + "/" for p in OWN.values()}
    assert folders <= set(RULES), sorted(folders - set(RULES))
    assert {target for allowed, _ in RULES.values() for target in allowed} <= set(RULES)


def test_the_table_is_read_as_written() -> None:
    """The parser sees a rule, its absence and the browser column (so a table it cannot read fails)."""
    table = f"{RULES_HEADING}\n\n| folder | may import | reaches the browser | holds |\n|---|---|---|---|\n"
    table += "| `a/` | the standard library only | no | x |\n| `b/` | `a/` | yes | y |\n"
    table += "\n## Next\n| `c/` | – | no | z |\n"
    assert folder_rules(table) == {"a/": (set(), False), "b/": ({"a/"}, True)}
    assert {"halfmoon/", "webapp/browser/", "sitegen/"} <= set(RULES)
    assert RULES["webapp/browser/"][1] and not RULES["webapp/app/"][1]


def test_every_import_between_folders_is_one_the_table_allows() -> None:
    assert crossings(graph()) == []


def test_the_check_sees_an_import_the_table_does_not_allow() -> None:
    engine, shell = next(iter(ENGINE)), next(n for n in SHELL if n.startswith("webapp.app."))
    assert crossings({engine: {shell}}) == [f"{engine} → {shell} ({folder_of(engine)} may not import webapp/app/)"]


def test_only_the_browser_package_imports_the_browser() -> None:
    for name, path in OWN.items():
        reached = {m.split(".")[0] for m in imported(name, path)} & BROWSER_MODULES
        assert not reached or RULES[folder_of(name)][1], (name, reached)


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


def non_blank(path: Path) -> int:
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


# Every module written by hand outside the engine and the tests: the shell, the build, the tools, the
# support package the tests and tools share, the start and the page's own JavaScript (the vendored runtime
# and the build's output are not ours).
LIMITED = (
    "webapp/**/*.py",
    "sitegen/**/*.py",
    "tools/**/*.py",
    "tools/**/*.mjs",
    "support/**/*.py",
    "startup/**/*.mjs",
    "startup/**/*.js",
    "startup/**/*.py",
    "static/*.js",
    "service-worker.js",
)
LIMIT = 300
ENGINE_LIMIT = 350


def limited_modules() -> list[Path]:
    found = {path for pattern in LIMITED for path in ROOT.glob(pattern) if "__pycache__" not in path.parts}
    return sorted(found)


def test_the_size_limit_covers_every_kind_of_module_it_names() -> None:
    covered = {path.relative_to(ROOT).as_posix() for path in limited_modules()}
    for expected in (
        "webapp/app/app.py",
        "sitegen/pages.py",
        "tools/build.py",
        "support/pageobject.py",
        "startup/worker-start.mjs",
        "startup/early-fetch.js",
        "static/early-paint.js",
        "service-worker.js",
    ):
        assert expected in covered, expected
    assert not any(name.startswith(("static/vendor/", "static/build/", "tests/", "halfmoon/")) for name in covered)


def test_no_module_outside_the_engine_and_the_tests_is_over_the_limit() -> None:
    over = {path.relative_to(ROOT).as_posix(): non_blank(path) for path in limited_modules()}
    over = {name: count for name, count in over.items() if count > LIMIT}
    assert over == {}, f"over {LIMIT} non-blank lines: split along jobs: {over}"


def test_no_engine_module_is_over_the_engine_s_limit() -> None:
    over = {path.relative_to(ROOT).as_posix(): non_blank(path) for path in ENGINE.values()}
    assert {name: count for name, count in over.items() if count > ENGINE_LIMIT} == {}


def test_the_layout_is_described_where_a_newcomer_looks() -> None:
    described = (ROOT / "webapp" / "__init__.py").read_text(encoding="utf-8")
    for folder in RULES:
        if folder.startswith("webapp/") and folder != "webapp/":
            assert folder in described, folder


RUNTIME = ("halfmoon", "webapp")
BESIDE_THE_RUNTIME = ("sitegen", "tools")


def module_files(folders: tuple[str, ...], root: Path = ROOT) -> list[Path]:
    """The modules of ``folders``, packages' ``__init__`` and ``__main__`` left out (their names are the
    package's)."""
    return [
        path
        for folder in folders
        for path in sorted((root / folder).rglob("*.py"))
        if "__pycache__" not in path.parts and not path.name.startswith("__")
    ]


def repeated_names(runtime: list[Path], beside: list[Path], root: Path = ROOT) -> dict[str, list[str]]:
    """Each module name held by two runtime modules, or by a runtime module and one beside the runtime,
    with the paths holding it."""
    counts = Counter(path.name for path in runtime)
    names = {name for name, count in counts.items() if count > 1}
    names |= {path.name for path in beside} & set(counts)
    return {
        name: sorted(path.relative_to(root).as_posix() for path in runtime + beside if path.name == name)
        for name in sorted(names)
    }


def test_no_two_modules_of_the_page_share_a_name() -> None:
    assert module_files(RUNTIME), "no runtime module found"
    assert repeated_names(module_files(RUNTIME), module_files(BESIDE_THE_RUNTIME)) == {}


def test_the_name_check_sees_a_repeat(tmp_path: Path) -> None:
    """A repeat inside the runtime and a tool named as a runtime module are both found; a tool named
    as another tool, and packages' ``__init__``, are not repeats."""
    for name in (
        "halfmoon/game.py",
        "webapp/store/shared.py",
        "webapp/browser/shared.py",
        "webapp/app/__init__.py",
        "webapp/draw/__init__.py",
        "tools/game.py",
        "tools/a/util.py",
        "tools/b/util.py",
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("", encoding="utf-8")
    found = repeated_names(module_files(RUNTIME, tmp_path), module_files(BESIDE_THE_RUNTIME, tmp_path), tmp_path)
    assert found == {
        "game.py": ["halfmoon/game.py", "tools/game.py"],
        "shared.py": ["webapp/browser/shared.py", "webapp/store/shared.py"],
    }
