"""The dataclasses' methods compiled at build time (tools/method_code.py) and run by the page
(webapp/browser/compiled_methods.py), under this CPython: a class made with the build's code is the
class made without it. tests/browser/test_fast_start.py checks the page's own classes under Pyodide."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import marshal
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import CodeType, FunctionType, ModuleType

import pytest

from tools.build_bytecode import METHODS_ENTRY
from tools.method_code import compiled_methods, recorded
from tools.pyc_bytes import lines_only
from webapp.browser.compiled_methods import install, use

ROOT = Path(__file__).resolve().parent.parent
SOURCE = """
from dataclasses import dataclass, field

@dataclass(frozen=True, order=True)
class Card:
    rank: int
    suit: str = "hearts"
    marks: list[str] = field(default_factory=list, compare=False)
"""
OTHER = """
from dataclasses import dataclass

@dataclass
class Elsewhere:
    far_away: str
"""


@pytest.fixture
def modules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on the path for the tests' modules; dataclasses as they were afterwards."""
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    vars(dataclasses).pop("exec", None)
    for name in [n for n in sys.modules if n.startswith(("cards_", "elsewhere"))]:
        del sys.modules[name]


def write(folder: Path, name: str, source: str = SOURCE) -> None:
    (folder / f"{name}.py").write_text(source, encoding="utf-8")
    importlib.invalidate_caches()


def module(folder: Path, name: str, source: str = SOURCE) -> ModuleType:
    write(folder, name, source)
    return importlib.import_module(name)


def has_columns(code: CodeType) -> bool:
    """Compiled here (a source's columns) rather than by the build (lines only, as the game's)."""
    return any(position[2] is not None for position in code.co_positions())


def generated(cls: type) -> dict[str, FunctionType]:
    """The methods dataclasses wrote for ``cls`` (compiled from a text), unwrapped."""
    methods = {name: inspect.unwrap(value) for name, value in vars(cls).items() if inspect.isfunction(value)}
    return {name: f for name, f in methods.items() if f.__code__.co_filename == "<string>"}


def test_a_class_made_with_the_build_s_code_is_the_class_made_without_it(modules: Path) -> None:
    write(modules, "cards_built")  # what the build imports, through another module
    write(modules, "elsewhere", f"import cards_built\n{OTHER}")
    built = dict(marshal.loads(compiled_methods(["elsewhere"], ["cards_built"])))
    plain = module(modules, "cards_plain").Card
    use(built)
    made = module(modules, "cards_made").Card
    assert generated(plain).keys() == generated(made).keys() >= {"__init__", "__repr__", "__eq__", "__lt__"}
    for name, method in generated(made).items():
        ours = generated(plain)[name]
        assert method.__code__ == lines_only(ours.__code__) and not has_columns(method.__code__), name
        assert inspect.signature(method) == inspect.signature(ours), name
        assert method.__annotations__ == ours.__annotations__, name
    for card in (plain, made):
        first, second = card(3, marks=["a"]), card(3, "spades")
        assert repr(first) == "Card(rank=3, suit='hearts', marks=['a'])"
        assert first == card(3) and first < second and hash(first) == hash(card(3))
        assert card(4).marks == [] and card(4).marks is not card(4).marks
        with pytest.raises(dataclasses.FrozenInstanceError):
            first.rank = 4  # type: ignore[misc]
        with pytest.raises(TypeError):
            card()


def test_only_the_named_packages_classes_are_kept(modules: Path) -> None:
    write(modules, "elsewhere", OTHER)
    write(modules, "cards_kept", f"import elsewhere\n{SOURCE}")
    kept = recorded(["cards_kept"], ["cards_kept"])
    assert kept and all("rank" in source and "far_away" not in source for source in kept)
    assert "exec" not in vars(dataclasses)


def test_a_source_the_build_did_not_compile_is_compiled_as_before(modules: Path) -> None:
    use({})
    card = module(modules, "cards_unknown").Card
    assert "exec" in vars(dataclasses) and has_columns(card.__init__.__code__)
    assert card(2) == card(2, "hearts") and card(2) < card(3)


def test_without_the_build_s_file_dataclasses_stay_as_they_are(modules: Path) -> None:
    install()
    assert "exec" not in vars(dataclasses)


def test_the_page_s_zip_hands_dataclasses_the_build_s_code(modules: Path) -> None:
    """``install`` finds the methods beside its module in a zip on the path, as the page's worker
    imports it (in a Python of its own: the zip's ``webapp`` is not this one)."""
    write(modules, "cards_zipped")
    built = compiled_methods(["cards_zipped"], ["cards_zipped"])
    with zipfile.ZipFile(modules / "app.zip", "w") as archive:
        for name in ("webapp/__init__.py", "webapp/browser/__init__.py", "webapp/browser/compiled_methods.py"):
            archive.write(ROOT / name, name)
        archive.writestr(METHODS_ENTRY, built)
        archive.write(modules / "cards_zipped.py", "cards_zipped.py")
    check = (
        "import sys; sys.path.insert(0, 'app.zip')\n"
        "from webapp.browser.compiled_methods import install; install()\n"
        "from cards_zipped import Card\n"
        "print(all(p[2] is None for p in Card.__init__.__code__.co_positions()), Card(1) < Card(2))"
    )
    answer = subprocess.run([sys.executable, "-c", check], cwd=modules, capture_output=True, text=True, check=True)
    assert answer.stdout.split() == ["True", "True"]
