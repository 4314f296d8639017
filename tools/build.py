"""Build step: vendor the pinned runtime, zip the Python for the page, refresh generated HTML.

    python -m tools.build [--check]

- copies PyScript (``@pyscript/core``) and Pyodide (``pyodide``) from node_modules into the
  git-ignored ``static/vendor/`` (installed by ``npm ci`` at the versions package-lock.json pins),
  of PyScript only the modules the page can load (not its editor, terminals, MicroPython, package
  graph or zip reader: a megabyte that every first visit's service worker would precache),
  with Pyodide's standard library cut to the modules the page imports (data/stdlib-modules.txt,
  found by tools/trace_stdlib.py) and compiled to bytecode by tools/minify_stdlib.mjs, a lock file that
  lists no package (the page loads none), and one patch (``receipt_in_steps``: Emscripten's receipt of
  the wasm instance in four tasks);
- compiles PyScript's own Python package, as its core module holds it, into
  ``static/build/pyscript.zip`` (checked pycs the start-up module puts beside PyScript's sources);
- zips the engine ``halfmoon`` and the browser shell ``webapp`` into ``static/build/app.zip``,
  which pyscript.toml writes whole into Pyodide's file system (imported through zipimport), as
  bytecode only (no sources) compiled by Pyodide's own Python (tools/compile_pyc.mjs, run in
  Node), so the page compiles nothing at start;
- copies the interpreter's start-up (startup/*.mjs: the memory-snapshot warm start) beside
  Pyodide, with the build key written in: Pyodide's version and a hash of every file a snapshot
  holds, so that a snapshot of another build is never restored, and the runtime's sizes (the first
  visit's progress bar);
- writes the early fetch (startup/early-fetch.js, the first script of index.html) into
  ``static/build/early-fetch.js`` with the list of the runtime's files it starts downloading;
- renders the icons (tools/icons.py) into ``static/build/icons/``;
- writes the service worker's precache list, ``static/build/precache-manifest.js``: every file
  the site needs, each with a revision hash of its contents, never kept by hand;
- rewrites the generated board skeleton in index.html from the engine's layout code, and the
  Rules and Examples pages (``rules-fi.html`` …) from sitegen/pages.py.
With ``--check`` it changes nothing and fails when a generated page is stale.

The slow steps (vendoring, compiling PyScript's and the app's bytecode, the icons) run only when one of their
inputs changed since they last ran (a hash of each step's inputs in ``.build-stamps.json``) or an
output is missing, so a build with nothing changed takes about a second; ``--force`` runs them all.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from collections.abc import Callable
from pathlib import Path

from halfmoon.i18n import DEFAULT_LANGUAGE
from sitegen.manifest import SCREENSHOT_DIR, manifest_text
from sitegen.pages import PAGE_FILES, write_pages
from sitegen.skeleton import refresh_css, refresh_index
from tools.icons import SIZES, render
from webapp.app.actions import Setting
from webapp.store import storage_keys

ROOT = Path(__file__).resolve().parent.parent


VENDOR = ROOT / "static" / "vendor"
BUILD = ROOT / "static" / "build"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
STDLIB_MODULES = ROOT / "data" / "stdlib-modules.txt"
# PyScript's modules loaded on demand (``import("./name-HASH.js")``), by name: those of features
# the page uses (its TOML config; the error plugin, imported at every start), and those it never
# loads. A name in neither list (a new PyScript) stops the build: someone must decide.
PYSCRIPT_ON_DEMAND = {"toml", "error"}
PYSCRIPT_UNUSED = {
    *("codemirror", "codemirror_commands", "codemirror_lang-python", "codemirror_language"),
    *("codemirror_state", "codemirror_view", "py-editor", "py-terminal", "py-game", "donkey"),
    *("deprecations-manager", "pyodide_graph", "zip"),
}
# The start-up modules (startup/), copied beside pyodide.mjs under these names.
STARTUP = {"pyodide-start.mjs": "half-moon-start.mjs", "snapshot-worker.mjs": "half-moon-snapshot-worker.mjs"}
BUILD_KEY_MARK = "@HALF_MOON_BUILD@"
SIZES_MARK = "@HALF_MOON_SIZES@"  # the raw sizes of the runtime's large files, for the progress bar
FACTS_MARK = "@HALF_MOON_FACTS@"  # Python's facts that the start-up module needs (keys, defaults)
MODULES_MARK = "@HALF_MOON_MODULES@"  # the page's modules a memory snapshot imports
# The one list of standard-library modules a start imports ahead of the game: a first visit's start
# imports it in groups of START_GROUP, a task each (startup/pyodide-start.mjs), and the snapshot Worker
# imports it whole into the memory snapshot that later visits restore (startup/snapshot-worker.mjs).
START_IMPORTS_MARK = "@HALF_MOON_START_IMPORTS@"
PYSCRIPT_BYTECODE_MARK = "@HALF_MOON_PYSCRIPT_BYTECODE@"  # its URL from the start-up module
# What Pyodide's own start imports (tools/core_imports.mjs), but for what its start must import itself:
# its own packages need the JavaScript API its start sets up, and `_pyodide.jsbind` only
# `_pyodide_core`'s own import may import.
CORE_IMPORTS = ROOT / "data" / "core-imports.txt"
OWN_START = ("pyodide", "_pyodide_core", "_pyodide.jsbind")
# Then what the shell imports at every start beyond those (webapp/: `datetime` for the clock and the
# daily deal, `html` to escape the statistics' drawings): modules holding no JS object and no time.
# Each must be in data/stdlib-modules.txt (the build stops otherwise).
SHELL_STDLIB = ("datetime", "html")
START_GROUP = 3  # a task each: a larger group (ssl and asyncio's first modules together) is a long task
EARLY_FETCH_MARK = "@HALF_MOON_EARLY_FETCH@"  # the files the early fetch starts downloading
EARLY_FETCH = ROOT / "startup" / "early-fetch.js"
PACKAGES = ("halfmoon", "webapp")
# Modules the page never imports: the command line, and the build's own page generators.
NOT_IN_PAGE = {"halfmoon/cli.py", "halfmoon/__main__.py"}
# The site's own files at the top level; everything under static/ is part of the site too.
SITE_FILES = ("index.html", "pyscript.toml", "manifest.webmanifest", *PAGE_FILES)
# Zip entries get a fixed date so that an unchanged tree builds a byte-identical zip.
EPOCH = (2026, 1, 1, 0, 0, 0)
PYC_BYTES = ROOT / "tools" / "pyc_bytes.py"  # how both compile steps write bytecode
STAMPS = ROOT / ".build-stamps.json"  # each slow step's input hash when it last ran (git-ignored)
BUILD_SCRIPT = Path(__file__).resolve()


def vendor() -> None:
    modules = ROOT / "node_modules"
    if not (modules / "pyodide").is_dir():
        sys.exit("build: node_modules is missing: run `npm ci` (or `make build`) first")
    shutil.rmtree(VENDOR, ignore_errors=True)
    (VENDOR / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(modules / "pyodide" / name, VENDOR / "pyodide" / name)
    asm = VENDOR / "pyodide" / "pyodide.asm.mjs"
    asm.write_text(receipt_in_steps(asm.read_text(encoding="utf-8")), encoding="utf-8")
    stdlib = VENDOR / "pyodide" / "python_stdlib.zip"
    trim_stdlib(modules / "pyodide" / "python_stdlib.zip", stdlib)
    subprocess.run(["node", str(ROOT / "tools" / "minify_stdlib.mjs"), str(stdlib)], check=True)
    # The page loads no package, so its lock file lists none (the full one lists every package Pyodide has).
    lock = json.loads((modules / "pyodide" / "pyodide-lock.json").read_text())
    (VENDOR / "pyodide" / "pyodide-lock.json").write_text(json.dumps({"info": lock["info"], "packages": {}}))
    dist = modules / "@pyscript" / "core" / "dist"
    (VENDOR / "pyscript").mkdir()
    for name in pyscript_modules(dist):
        shutil.copy2(dist / name, VENDOR / "pyscript" / name)


RECEIPT = (
    "function receiveInstance(instance,module){",
    "wasmExports=applySignatureConversions(wasmExports);assignWasmExports(wasmExports);"
    "updateGOT(origExports);LDSO.init();loadDylibs();",
)
RECEIPT_CALLERS = ("resolve(receiveInstance(inst,mod))", "wasmExports=await (createWasm());run();")
"""Where the receipt's result is waited for before the runtime runs: what makes it safe to make async."""
RECEIPT_STEP = 'await Module["receiveStep"]?.();'


def receipt_in_steps(asm: str) -> str:
    """Emscripten's receipt of the wasm instance (its dynamic linking, in one task the longest of a
    restored start) in four tasks: ``receiveInstance`` made async, awaiting
    the hook ``receiveStep`` (set by startup/pyodide-start.mjs) before the signature conversions, the
    global offset table's update and the loader's set-up with its check of undefined symbols. Its
    callers already await it (``await createWasm()``, then ``run()``). A Pyodide whose code differs
    stops the build, so that an upgrade never loses the split silently."""
    head, steps = RECEIPT
    if any(asm.count(text) != 1 for text in (head, steps, *RECEIPT_CALLERS)):
        sys.exit("build: pyodide.asm.mjs's receiveInstance is not as tools/build.py patches it (a new Pyodide?)")
    split = steps
    for call in ("wasmExports=applySignatureConversions", "updateGOT(origExports)", "LDSO.init()"):
        split = split.replace(call, RECEIPT_STEP + call)
    return asm.replace(head, "async " + head).replace(steps, split)


def pyscript_modules(dist: Path) -> set[str]:
    """core.js and every module it imports, and of those it imports on demand, the ones named in
    PYSCRIPT_ON_DEMAND: the modules the page can load. A module left out that PyScript asked for
    would be a failed request, which every page test counts as an error."""
    found: set[str] = set()
    todo = ["core.js"]
    while todo:
        name = todo.pop()
        if name in found:
            continue
        found.add(name)
        text = (dist / name).read_text(encoding="utf-8")
        todo += re.findall(r'(?:\bfrom\s*|\bimport\s*)"\./([^"]+)"', text)
        for module in re.findall(r'\bimport\("\./([^"]+)"\)', text):
            feature = re.sub(r"-[\w-]{8}\.js$", "", module)  # the name without its content hash
            if feature in PYSCRIPT_ON_DEMAND:
                todo.append(module)
            elif feature not in PYSCRIPT_UNUSED:
                sys.exit(f"build: PyScript's {name} may load {module}: add {feature!r} to PYSCRIPT_ON_DEMAND/_UNUSED")
    return found


def trim_stdlib(source: Path, target: Path) -> None:
    """Pyodide's standard library with only the modules the page imports (data/stdlib-modules.txt,
    found by tools/trace_stdlib.py): about a quarter of the bytes of the whole."""
    wanted = {line for line in STDLIB_MODULES.read_text().split() if line and not line.startswith("#")}
    with zipfile.ZipFile(source) as full, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info in full.infolist():
            module = info.filename.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
            if info.filename.endswith(".py") and module in wanted:
                out.writestr(info, full.read(info))


PYSCRIPT_BYTECODE = BUILD / "pyscript.zip"
UTF8_NAMES = 0x800  # a zip entry's name flagged UTF-8: Python's zipfile reads it without importing cp437
PYSCRIPT_PACKAGE = "{pyscript:"  # where PyScript's core module holds its Python package's sources


def pyscript_sources(core: str) -> dict[str, str]:
    """The Python package PyScript's core module writes into the interpreter's file system at every
    start, and then imports (``{"pyscript/context.py": source, ...}``): the text of a JSON object there."""
    if core.count(PYSCRIPT_PACKAGE) != 1:
        sys.exit("build: PyScript's core module does not hold its Python package as tools/build.py reads it")
    tree, _ = json.JSONDecoder().raw_decode('{"pyscript":' + core.split(PYSCRIPT_PACKAGE, 1)[1])

    def files(node: dict[str, object], folder: str) -> dict[str, str]:
        found: dict[str, str] = {}
        for name, value in node.items():
            found.update({f"{folder}{name}": value} if isinstance(value, str) else files(value, f"{folder}{name}/"))  # type: ignore[arg-type]
        return found

    return files(tree, "")


def pyscript_bytecode() -> None:
    """PyScript's Python package as bytecode, for the start-up module to put beside the sources
    PyScript writes, so that its import compiles nothing (compiling makes it the start's longest
    task), compiled from the vendored core's own text at optimize level 0, as PyScript's interpreter
    runs. Checked pycs (PEP 552): beside sources of another PyScript (a stale cache), Python compiles
    those instead."""
    core = next((VENDOR / "pyscript").glob("core-*.js")).read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as temp:
        source, compiled = Path(temp, "source"), Path(temp, "compiled")
        for name, text in pyscript_sources(core).items():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            (source / name).write_text(text, encoding="utf-8")
        compile_pyc = [str(ROOT / "tools" / "compile_pyc.mjs"), str(compiled), "pyscript"]
        subprocess.run(["node", *compile_pyc, "--from", str(source), "--optimize", "0", "--checked"], check=True)
        with zipfile.ZipFile(PYSCRIPT_BYTECODE, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for path in sorted(compiled.rglob("*.pyc")):
                info = zipfile.ZipInfo(path.relative_to(compiled).as_posix(), date_time=EPOCH)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.flag_bits |= UTF8_NAMES
                archive.writestr(info, path.read_bytes())


def app_zip() -> None:
    with tempfile.TemporaryDirectory() as temp:
        pyc = Path(temp)
        subprocess.run(["node", str(ROOT / "tools" / "compile_pyc.mjs"), str(pyc), *PACKAGES], check=True)
        # Bytecode only, beside where each source would be (``halfmoon/game.pyc``): Python imports
        # such sourceless modules as they are, and the zip stays small.
        compiled = [(p.relative_to(pyc), p) for p in sorted(pyc.rglob("*.pyc"))]
        files = [(Path(_source_of(name) + "c"), path) for name, path in compiled if _source_of(name) not in NOT_IN_PAGE]
        with zipfile.ZipFile(BUILD / "app.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for name, path in files:
                info = zipfile.ZipInfo(name.as_posix(), date_time=EPOCH)
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, path.read_bytes())


def _source_of(name: Path) -> str:
    """halfmoon/__pycache__/cli.cpython-314.pyc → halfmoon/cli.py"""
    if name.suffix == ".pyc":
        return f"{name.parent.parent.as_posix()}/{name.name.split('.')[0]}.py"
    return name.as_posix()


def startup() -> None:
    """The start-up modules beside Pyodide, with the key of the snapshots this build may restore."""
    pyodide = VENDOR / "pyodide"
    version = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())["version"]
    held = [pyodide / name for name in (*PYODIDE_FILES, "python_stdlib.zip", "pyodide-lock.json")]
    held += [BUILD / "app.zip", *(ROOT / "startup" / name for name in sorted(STARTUP))]
    digest = hashlib.sha256()
    for path in held:
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    key = f"pyodide-{version}-{digest.hexdigest()[:20]}"
    sizes = {name: (pyodide / name).stat().st_size for name in ("pyodide.asm.wasm", "python_stdlib.zip")}
    marks = {
        BUILD_KEY_MARK: key,
        SIZES_MARK: json.dumps(sizes),
        FACTS_MARK: json.dumps(start_facts()),
        MODULES_MARK: json.dumps(snapshot_modules()),
        START_IMPORTS_MARK: json.dumps(start_import_groups()),
        PYSCRIPT_BYTECODE_MARK: Path(os.path.relpath(PYSCRIPT_BYTECODE, pyodide)).as_posix(),
    }
    for source, target in STARTUP.items():
        text = _without_comments((ROOT / "startup" / source).read_text(encoding="utf-8"))
        for mark, value in marks.items():
            text = text.replace(mark, value)
        (pyodide / target).write_text(text, encoding="utf-8")


def early_fetch_files() -> list[str]:
    """What Pyodide and PyScript fetch() on a first visit, relative to the page: PyScript's config
    and the files it names, Pyodide's wasm, standard library and lock file."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    pyodide = VENDOR.relative_to(ROOT).as_posix() + "/pyodide"
    runtime = [f"./{pyodide}/{name}" for name in ("pyodide-lock.json", "python_stdlib.zip", "pyodide.asm.wasm")]
    return ["./pyscript.toml", *config["files"], *runtime]


def early_fetch() -> None:
    """startup/early-fetch.js into static/build/, with its list of files written in."""
    text = _without_comments(EARLY_FETCH.read_text(encoding="utf-8"))
    files = json.dumps(early_fetch_files(), separators=(",", ":"))
    (BUILD / "early-fetch.js").write_text(text.replace(EARLY_FETCH_MARK, files), encoding="utf-8")


def start_facts() -> dict[str, str | int]:
    """What the start-up module reads before Python runs, from the one Python owner of each."""
    return {
        "settingsKey": storage_keys.SETTINGS_KEY,
        "startingKey": storage_keys.STARTING_KEY,
        "failuresKey": storage_keys.FAILURES_KEY,
        "fastStartField": Setting.FAST_START.field,
        "defaultLanguage": DEFAULT_LANGUAGE,
        # CPython keeps the time as 64-bit nanoseconds (PyTime_t): the last moment it can hold, in ms.
        "lastMomentMs": (2**63 - 1) // 1_000_000,
    }


def snapshot_modules() -> list[str]:
    """The engine, and every module of the shell outside webapp/browser/ (which holds JS objects)."""
    shell = ROOT / "webapp"
    names = [
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for path in sorted(shell.rglob("*.py"))
        if "browser" not in path.relative_to(shell).parts and "__pycache__" not in path.parts
    ]
    return ["halfmoon", *names]


def start_import_groups() -> list[list[str]]:
    """The standard library a start imports ahead (START_IMPORTS_MARK), in groups, in import order."""
    core = [line for line in CORE_IMPORTS.read_text(encoding="utf-8").split() if line]
    shipped = {line for line in STDLIB_MODULES.read_text().split() if line and not line.startswith("#")}
    missing = [name for name in SHELL_STDLIB if name not in shipped]
    if missing:
        sys.exit(f"build: SHELL_STDLIB names modules the page does not ship: {', '.join(missing)}")
    names = [name for name in core if not name.startswith(OWN_START)]
    names += [name for name in SHELL_STDLIB if name not in names]
    return [names[i : i + START_GROUP] for i in range(0, len(names), START_GROUP)]


def _without_comments(text: str) -> str:
    """Our own start-up modules without comment lines, end-of-line comments and indentation: a
    third of the bytes, on every first visit. (Their source must keep " // " out of strings.)"""
    lines = (re.sub(r"\s+// .*$", "", line.strip()) for line in text.splitlines())
    return "".join(f"{line}\n" for line in lines if line and not line.startswith("//"))


def icons() -> None:
    (BUILD / "icons").mkdir(parents=True, exist_ok=True)
    for name, (size, maskable) in SIZES.items():
        render(size, maskable).save(BUILD / "icons" / name, optimize=True)


def site_files(root: Path = ROOT) -> list[str]:
    """Every file of the site, as URLs relative to its top: what the service worker precaches. The
    page once, as ``./`` (the worker answers ``index.html`` from it): not a second download. Not the
    manifest's screenshots: only an install dialog shows them, and it fetches them itself."""
    static = sorted(
        p.relative_to(root).as_posix()
        for p in (root / "static").rglob("*")
        if p.is_file() and not p.relative_to(root).as_posix().startswith(SCREENSHOT_DIR + "/")
    )
    top = (name for name in SITE_FILES if name != "index.html")
    return ["./", *top, *(p for p in static if p != "static/build/precache-manifest.js")]


def precache_manifest(root: Path = ROOT) -> dict[str, object]:
    """Each file with a revision hash of its contents; the version is a hash of them all."""

    def revision(url: str) -> str:
        path = root / ("index.html" if url == "./" else url)
        return hashlib.sha256(path.read_bytes()).hexdigest()[:16]

    files = [[url, revision(url)] for url in site_files(root)]
    version = hashlib.sha256(json.dumps(files).encode()).hexdigest()[:16]
    return {"version": version, "files": files}


def write_precache_manifest(root: Path = ROOT) -> None:
    text = json.dumps(precache_manifest(root), indent=1)
    (root / "static" / "build" / "precache-manifest.js").write_text(
        f"// Generated by tools/build.py: do not edit.\nself.HALFMOON_PRECACHE = {text};\n", encoding="utf-8"
    )


def refresh_manifest(path: Path, write: bool = True) -> bool:
    """Write the web app manifest (sitegen/manifest.py); return whether it was stale."""
    fresh = manifest_text()
    stale = not path.exists() or path.read_text(encoding="utf-8") != fresh
    if stale and write:
        path.write_text(fresh, encoding="utf-8")
    return stale


def export_site(target: Path) -> None:
    """The static site as GitHub Pages publishes it: the page's files, static/, and .nojekyll
    (without it, files starting with _ such as __init__.py would not be published)."""
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(ROOT / "static", target / "static")
    for name in (*SITE_FILES, "service-worker.js", ".nojekyll"):
        shutil.copy2(ROOT / name, target / name)


def _digest(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _python_files(package: str) -> list[Path]:
    return [path for path in (ROOT / package).rglob("*.py") if "__pycache__" not in path.parts]


def slow_steps() -> dict[str, tuple[Callable[[], None], list[Path], list[Path]]]:
    """Each slow step with the files it reads (beside this script) and the files it writes."""
    lock = ROOT / "package-lock.json"
    vendored = [VENDOR / "pyodide" / name for name in (*PYODIDE_FILES, "python_stdlib.zip", "pyodide-lock.json")]
    return {
        "vendor": (vendor, [lock, STDLIB_MODULES, ROOT / "tools" / "minify_stdlib.mjs", PYC_BYTES], vendored),
        "pyscript_bytecode": (
            pyscript_bytecode,
            [lock, ROOT / "tools" / "compile_pyc.mjs", PYC_BYTES, *vendored, *(VENDOR / "pyscript").glob("core-*.js")],
            [PYSCRIPT_BYTECODE],
        ),
        "app_zip": (
            app_zip,
            [lock, ROOT / "tools" / "compile_pyc.mjs", PYC_BYTES, *(p for pkg in PACKAGES for p in _python_files(pkg))],
            [BUILD / "app.zip"],
        ),
        "icons": (icons, [ROOT / "tools" / "icons.py"], [BUILD / "icons" / name for name in SIZES]),
    }


def run_slow_steps(force: bool) -> list[str]:
    """The slow steps whose inputs changed (or whose output is missing), run; their names."""
    stamps = json.loads(STAMPS.read_text()) if STAMPS.exists() else {}
    ran = []
    for name, (step, inputs, outputs) in slow_steps().items():
        key = _digest([BUILD_SCRIPT, *inputs])
        if force or stamps.get(name) != key or not all(path.exists() for path in outputs):
            stamps.pop(name, None)  # a step that fails half-way must run again next time
            STAMPS.write_text(json.dumps(stamps, indent=1))
            step()
            stamps[name] = key
            STAMPS.write_text(json.dumps(stamps, indent=1))
            ran.append(name)
    return ran


def main() -> None:
    parser = argparse.ArgumentParser(description="Build the static site's generated parts.")
    parser.add_argument("--check", action="store_true", help="fail if a generated file is stale; write nothing")
    parser.add_argument("--force", action="store_true", help="run every step, even those whose inputs did not change")
    parser.add_argument("--site", type=Path, help="also copy the finished static site into this folder")
    args = parser.parse_args()
    stale = write_pages(ROOT, write=not args.check)
    if refresh_index(ROOT / "index.html", write=not args.check):
        stale.append("index.html")
    if refresh_css(ROOT / "static" / "app.css", write=not args.check):
        stale.append("static/app.css")
    if refresh_manifest(ROOT / "manifest.webmanifest", write=not args.check):
        stale.append("manifest.webmanifest")
    if args.check:
        sys.exit(f"build: stale: {', '.join(stale)}: run `make build`" if stale else 0)
    BUILD.mkdir(parents=True, exist_ok=True)
    ran = run_slow_steps(args.force)
    startup()
    early_fetch()
    write_precache_manifest()
    done = f"ran {', '.join(ran)}" if ran else "nothing slow to redo"
    refreshed = f"; refreshed {', '.join(stale)}" if stale else ""
    print(f"build: static/vendor and static/build are ready ({done}){refreshed}")
    if args.site:
        export_site(args.site)
        print(f"build: the site is in {args.site}")


if __name__ == "__main__":
    main()
