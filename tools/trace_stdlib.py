"""Find the standard-library modules the page imports, for the trimmed runtime.

    python -m tools.trace_stdlib

Serves a copy of the site whose page also exposes ``sys.modules``, drives it in Chromium through
everything a player does (a whole won game, a dead end, undo and redo, settings in both languages, a
bad code and a bad link, a corrupt save, sharing), and writes the modules imported from Pyodide's
standard library to data/stdlib-modules.txt, together with every module the page's code can import
by its static import graph (tools/stdlib_graph.py: the code paths the trace did not walk).
tools/build.py then ships only those. The trace finds what PyScript and Pyodide's newer standard
library import; the graph what the page's own code does. Run it again when the Pyodide or PyScript
version or the page's imports change: tests/test_stdlib.py fails when the page's code imports a
module the list lacks, and the full end-to-end suite runs on the trimmed runtime.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

from support.chromium import ARGS, EXECUTABLE
from tools.serve import make_server
from tools.stdlib_graph import imported_stdlib, pyodide_stdlib_names

ROOT = Path(__file__).resolve().parent.parent


OUT = ROOT / "data" / "stdlib-modules.txt"
STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
PROBE = """<script type="py" config="./pyscript.toml">
import json, sys, js
from pyodide.ffi import create_proxy
js.window.halfmoonModules = create_proxy(lambda: json.dumps(sorted(sys.modules)))
</script>
</body>"""
# Codecs a browser's text may still need although the trace did not meet them.
EXTRA = {"encodings.ascii", "encodings.latin_1", "encodings.utf_8_sig"}


def play_everything(page, base: str) -> None:  # type: ignore[no-untyped-def]
    game = json.loads((ROOT / "data/example-game.json").read_text())
    dead = json.loads((ROOT / "tests/data/lines.json").read_text())["dead_end"]
    page.goto(base + "?deal=%3Cb%3E")
    page.wait_for_selector("html[data-ready]", timeout=60_000)

    def tap(*places: str) -> None:
        for p in places:
            page.click(f'[data-board] [data-place="{p}"] button')

    def action(name: str) -> None:
        in_dialog = page.locator(f'dialog[open] button[data-action="{name}"]')
        (in_dialog if in_dialog.count() else page.locator(f'button[data-action="{name}"]:visible')).first.click()

    for setting in ("move-errors", "layout-help"):
        action("settings")
        page.locator(f'[data-setting="{setting}"]').check()
        action("close")
    page.locator('[data-input="code"]').fill("HM1-N-ZZZ")
    action("play-code")
    page.locator('[data-input="code"]').fill(f"https://x.org/?deal={game['code']}")
    action("play-code")
    if page.locator('[data-dialog="confirm"]').is_visible():
        action("confirm")
    tap("P1", "P4", "P2", "P9", "P9")  # failed taps, then nothing selected
    for move in game["moves"]:
        tap(*move.split("+"))
    action("restart")
    page.locator('[data-input="code"]').fill(dead["code"])
    action("play-code")
    for move in dead["moves"]:
        tap(*move.split("+"))
    action("undo")
    action("redo")
    action("close")
    action("settings")
    page.locator('[data-setting="language"]').select_option("en")
    action("close")
    action("share")
    page.evaluate("localStorage.setItem('half-moon:game', '{bad')")
    page.evaluate("window.dispatchEvent(new StorageEvent('storage', {key: 'half-moon:game'}))")
    page.reload()
    page.wait_for_selector("html[data-ready]", timeout=60_000)


def main() -> None:
    with tempfile.TemporaryDirectory() as temp:
        site = Path(temp)
        for name in ("pyscript.toml", "manifest.webmanifest", "service-worker.js"):
            shutil.copy2(ROOT / name, site / name)
        shutil.copytree(ROOT / "static", site / "static")
        for name in ("python_stdlib.zip", "pyodide-lock.json"):  # the whole runtime, not the trimmed one
            shutil.copy2(ROOT / "node_modules" / "pyodide" / name, site / "static" / "vendor" / "pyodide" / name)
        page_html = (ROOT / "index.html").read_text(encoding="utf-8")
        (site / "index.html").write_text(page_html.replace("</body>", PROBE), encoding="utf-8")
        server = make_server(0, "/", site)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=EXECUTABLE, args=ARGS)
            context = browser.new_context(service_workers="block")
            context.grant_permissions(["clipboard-read", "clipboard-write"])
            page = context.new_page()
            play_everything(page, base)
            modules = set(json.loads(page.evaluate("window.halfmoonModules()")))
            browser.close()
        server.shutdown()
    in_zip = pyodide_stdlib_names(STDLIB)
    traced = {m for m in modules | EXTRA if m in in_zip}
    static = imported_stdlib(available=in_zip)
    used = sorted(traced | static)
    OUT.write_text(
        "# Standard-library modules the page imports, found by tools/trace_stdlib.py (a traced session and the\n"
        "# static import graph of tools/stdlib_graph.py); the build ships only these.\n" + "\n".join(used) + "\n",
        encoding="utf-8",
    )
    print(
        f"trace: {len(used)} of {len(in_zip)} standard-library modules are used ({len(traced)} traced, "
        f"{len(static)} by the import graph, {len(static - traced)} of them not traced); "
        f"written to {OUT.relative_to(ROOT)}"
    )


if __name__ == "__main__":
    main()
