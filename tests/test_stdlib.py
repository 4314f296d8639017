"""The trimmed standard library (data/stdlib-modules.txt) holds every module the page's code can
import, found by its static import graph (tools/stdlib_graph.py): no browser, under a second."""

from __future__ import annotations

from pathlib import Path

from tools.stdlib_graph import imported_stdlib, page_modules, pyodide_stdlib_names

ROOT = Path(__file__).resolve().parent.parent


LISTED = ROOT / "data" / "stdlib-modules.txt"


def shipped() -> set[str]:
    lines = LISTED.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def test_the_trimmed_runtime_has_every_module_the_page_can_import() -> None:
    missing = imported_stdlib() - shipped()
    assert missing == set(), f"the page's code imports {sorted(missing)}: run python -m tools.trace_stdlib"


def test_every_shipped_module_is_in_pyodide_s_standard_library() -> None:
    assert shipped() - pyodide_stdlib_names() == set()


def test_the_graph_starts_at_the_entry_and_leaves_out_the_command_line() -> None:
    names = [p.relative_to(ROOT).as_posix() for p in page_modules()]
    assert names[0] == "webapp/browser/main.py" and {"halfmoon/game.py", "webapp/browser/page.py"} <= set(names)
    assert not {"halfmoon/cli.py", "halfmoon/__main__.py"} & set(names)


def test_an_import_inside_a_function_is_found(tmp_path: Path) -> None:
    script = tmp_path / "late.py"
    script.write_text("def export():\n    import csv\n    from xml.dom import minidom\n", encoding="utf-8")
    found = imported_stdlib([script])
    assert {"csv", "xml.dom.minidom"} <= found and not {"csv", "xml.dom.minidom"} <= shipped()


def test_a_standard_library_module_s_own_function_imports_are_not_followed(tmp_path: Path) -> None:
    script = tmp_path / "uses_json.py"
    script.write_text("import json\n", encoding="utf-8")
    found = imported_stdlib([script])
    assert {"json", "json.decoder", "json.encoder", "re"} <= found  # what importing json runs
    assert "doctest" not in found and "unittest" not in found
