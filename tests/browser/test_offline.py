"""Offline and installable (service worker, manifest), in real Chromium, served from a sub-path."""

from __future__ import annotations

import json
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import CHROMIUM, CHROMIUM_ARGS, PREFIX, Watch
from PIL import Image
from playwright.sync_api import Browser, BrowserType, Page, expect

from support.pageobject import GamePage
from support.testdata import WON
from tools.build import SITE_FILES, precache_manifest, write_precache_manifest
from tools.serve import make_server

ROOT = Path(__file__).resolve().parents[2]


CONTROLLED = "navigator.serviceWorker.controller !== null"


class Site:
    """A site of our own for one test, on its own port: it can be changed and stopped."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.server = make_server(0, PREFIX, root)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.url = self.origin + PREFIX
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.server.shutdown()
            self.server.server_close()
            self.running = False


def copy_site(target: Path) -> Path:
    for name in (*SITE_FILES, "service-worker.js"):
        shutil.copy2(ROOT / name, target / name)
    shutil.copytree(ROOT / "static", target / "static")
    return target


@pytest.fixture
def own_site(tmp_path: Path) -> Iterator[Callable[[Path], Site]]:
    sites: list[Site] = []

    def start(root: Path = ROOT) -> Site:
        sites.append(Site(root))
        return sites[-1]

    yield start
    for site in sites:
        site.stop()


def watched(page: Page, site: Site) -> Watch:
    watch = Watch(site.origin)
    watch.attach(page)
    return watch


def cache_names(page: Page) -> list[str]:
    return list(page.evaluate("caches.keys()"))


def precaches(page: Page, site: Site) -> list[str]:
    """The service worker's own caches, one per version: named by the project and the worker's
    scope (service-worker.js), unlike the interpreter snapshot's ``half-moon-interpreter:<scope>``."""
    return [name for name in cache_names(page) if name.startswith(f"half-moon:{site.url}:")]


def test_after_one_visit_the_game_plays_offline(page: Page, own_site: Callable[..., Site]) -> None:
    site = own_site()
    watch = watched(page, site)
    game = GamePage(page, site.url).open()
    page.wait_for_function(CONTROLLED, timeout=120_000)
    game.expect_root("data-snapshot", "stored", 120_000)
    game.play(WON["moves"][:2])
    cards = game.cards()
    site.stop()  # from now on every request to the network fails
    page.reload()
    game.wait_ready()
    assert game.cards() == cards and game.figures() == (20, 2)
    assert game.root("data-start") == "restored"  # the fast start works offline too
    game.action("new")
    game.confirm()
    assert game.board("data-code") != "HM1-N-AAAAAAB" and game.figures() == (0, 0)
    game.open("index.html?deal=HM1-N-AAAAAAZ")  # the page by its file name too: cached once, as ./
    assert game.board("data-code") == "HM1-N-AAAAAAZ"
    page.locator('[data-link="rules"]').click()  # the rules and examples work offline too
    expect(page.locator("[data-diagram]").first).to_be_visible()
    page.locator('[data-link="examples"]').click()
    expect(page.locator("#step-1 [data-diagram]")).to_be_visible()
    page.locator('[data-link="game"]').click()
    game.wait_ready()
    assert game.board("data-code") == "HM1-N-AAAAAAZ"
    game.open("?stats")  # the installed app's shortcuts work offline too
    assert game.is_open("stats")
    game.open("?daily")  # nothing in progress: the daily deal at once
    assert (game.board("data-code") or "").startswith("HM1-D-")
    watch.check()


def test_an_update_waits_for_the_player_and_keeps_the_game(
    page: Page, own_site: Callable[..., Site], tmp_path: Path
) -> None:
    root = copy_site(tmp_path)
    site = own_site(root)
    watch = watched(page, site)
    game = GamePage(page, site.url).open()
    page.wait_for_function(CONTROLLED, timeout=120_000)
    old_precache = precaches(page, site)
    assert len(old_precache) == 1
    game.play_line(WON["moves"])  # a game won: in the statistics and the history
    game.action("close")
    game.play_code(WON["code"])  # the won game is not in progress: no question (R7.6)
    game.play(WON["moves"][:2])  # the update arrives mid-game
    records = game.records()
    assert all(records) and '"won"' in records[1]  # both written: the won game is in the history
    build_mark = "getComputedStyle(document.documentElement).getPropertyValue('--build').trim()"
    assert game.read(build_mark) == ""
    page.evaluate("window.notReloaded = true")

    with (root / "static" / "app.css").open("a") as css:  # version B: one changed file
        css.write("\n:root { --build: b; }\n")
    write_precache_manifest(root)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    expect(game.command("update")).to_be_visible(timeout=120_000)
    assert "new version" in game.message()
    game.play(WON["moves"][2:3])  # offered, not forced: the game plays on in this page, the new version waits
    assert game.read("navigator.serviceWorker.getRegistration().then(r => r.waiting !== null)")
    assert game.read("window.notReloaded") is True and game.figures() == (35, 3)

    page.reload()  # not accepted yet: version A keeps serving
    game.wait_ready()
    assert game.read(build_mark) == "" and game.figures() == (35, 3)
    expect(game.command("update")).to_be_visible()

    with page.expect_navigation():
        game.action("update")
    game.wait_ready()
    assert game.read(build_mark) == "b"
    assert game.figures() == (35, 3) and game.board("data-code") == "HM1-N-AAAAAAB"
    assert game.records() == records  # the statistics and the history kept (no game ended meanwhile)
    assert (game.stat("played"), game.stat("won")) == ("2", "1")
    new_precache = precaches(page, site)
    assert len(new_precache) == 1 and new_precache != old_precache  # the new version's precache replaced the old
    # Beside it, only the interpreter snapshot's cache may stay (it outlives versions on purpose).
    assert set(cache_names(page)) - set(new_precache) <= {f"half-moon-interpreter:{site.url}"}
    watch.check()


def test_chromium_finds_the_page_installable(browser_type: BrowserType, tmp_path: Path, own_site) -> None:
    site = own_site()
    context = browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    page = context.new_page()
    GamePage(page, site.url).open("")
    page.wait_for_function(CONTROLLED, timeout=120_000)
    cdp = context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    context.close()


def test_the_manifest_icons_exist_with_their_sizes() -> None:
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["scope"] == "./" and manifest["display"] == "standalone"
    purposes = set()
    for icon in manifest["icons"]:
        width, height = (int(n) for n in icon["sizes"].split("x"))
        with Image.open(ROOT / icon["src"]) as image:
            assert image.size == (width, height)
        purposes.add((icon["purpose"], width))
    assert {("any", 192), ("any", 512), ("maskable", 512)} <= purposes


def test_the_precache_covers_every_file_a_whole_game_requests(browser: Browser, site: str) -> None:
    context = browser.new_context(service_workers="block")  # every request reaches the server
    page = context.new_page()
    seen: set[str] = set()
    page.on("request", lambda r: seen.add(r.url.split("?")[0]))
    game = GamePage(page, site).open()
    game.setting("layout-help", True)
    game.play_line(WON["moves"])
    game.action("new")  # the end dialog's copy
    game.open("?deal=HM1-N-AAAAAAZ")
    context.close()
    # The worker's interpreter module is listed under a first visit's address (its query): any query finds it.
    listed = {site + url.split("?")[0] if url != "./" else site for url, _ in precache_manifest()["files"]}  # type: ignore[union-attr]
    seen = {url for url in seen if url.startswith(site)}  # not PyScript's worker's blob
    assert len(seen) > 10 and seen - listed == set()
