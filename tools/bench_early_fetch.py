"""What the early fetch costs or saves Chromium on a first visit, on a throttled link.

    python -m tools.bench_early_fetch [--runs 5] [--latency 40] [--mbit 40]

Three copies of the site, served side by side, differing only in how index.html starts the runtime's
downloads: ``early fetch`` (the page as built: static/build/early-fetch.js), ``preloads`` (the
``<link rel=preload as=fetch crossorigin>`` tags it replaced) and ``none`` (neither: each file is
fetched when Pyodide or PyScript asks). Cold loads (a new context each, service workers blocked),
interleaved, on a link with the given round-trip latency and bandwidth (Chromium's network
emulation); ms from navigation to ``data-ready``, and to the end of the last of the runtime's files
(resource timing's ``responseEnd``: the download alone, less sensitive to a busy CPU), medians.
Figures, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

from support.chromium import ARGS, EXECUTABLE
from tools.bench_page import PROBE
from tools.build import early_fetch_files
from tools.serve import make_server

ROOT = Path(__file__).resolve().parent.parent


TAG = '<script src="./static/build/early-fetch.js"></script>'
# When the last of the runtime's files finished arriving (ms after navigation start).
DOWNLOADED = """(names) => Math.max(...performance.getEntriesByType('resource')
  .filter(e => names.includes(e.name.split('?')[0].split('/').pop())).map(e => e.responseEnd))"""


def variant(target: Path, replacement: str) -> Path:
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert TAG in page, "index.html no longer starts the early fetch"
    target.mkdir()
    (target / "index.html").write_text(page.replace(TAG, replacement), encoding="utf-8")
    for name in ("static", "pyscript.toml", "manifest.webmanifest", "service-worker.js"):
        (target / name).symlink_to(ROOT / name)
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--latency", type=float, default=40, help="round trip, ms")
    parser.add_argument("--mbit", type=float, default=40, help="bandwidth each way, Mbit/s")
    args = parser.parse_args()
    preloads = "\n  ".join(f'<link rel="preload" href="{url}" as="fetch" crossorigin>' for url in early_fetch_files())
    with tempfile.TemporaryDirectory() as temp:
        roots = {
            "early fetch": ROOT,
            "preloads": variant(Path(temp) / "preloads", preloads),
            "none": variant(Path(temp) / "none", ""),
        }
        urls = {}
        for name, root in roots.items():
            server = make_server(0, "/", root)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            urls[name] = f"http://127.0.0.1:{server.server_address[1]}/?deal=HM1-N-AAAAAAB"
        ready: dict[str, list[float]] = {name: [] for name in urls}
        loaded: dict[str, list[float]] = {name: [] for name in urls}
        names = [url.split("/")[-1] for url in early_fetch_files()]
        conditions = {
            "offline": False,
            "latency": args.latency,
            "downloadThroughput": args.mbit * 1e6 / 8,
            "uploadThroughput": args.mbit * 1e6 / 8,
        }
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=EXECUTABLE, args=ARGS)
            for _ in range(args.runs):
                for name, url in urls.items():
                    context = browser.new_context(service_workers="block")
                    context.add_init_script(PROBE)
                    page = context.new_page()
                    cdp = context.new_cdp_session(page)
                    cdp.send("Network.enable")
                    cdp.send("Network.emulateNetworkConditions", conditions)
                    page.goto(url)
                    page.wait_for_function("window.__readyAt !== undefined", timeout=300_000)
                    ready[name].append(float(page.evaluate("window.__readyAt")))
                    loaded[name].append(float(page.evaluate(DOWNLOADED, names)))
                    context.close()
                print({name: [round(v) for v in values] for name, values in ready.items()}, flush=True)
                print({name: [round(v) for v in values] for name, values in loaded.items()}, flush=True)
            browser.close()
    print(f"\nChromium cold ready, {args.latency:.0f} ms / {args.mbit:.0f} Mbit/s, medians of {args.runs} interleaved:")
    for name, values in ready.items():
        print(f"  {name}: {statistics.median(values):,.0f} ms ({min(values):,.0f}–{max(values):,.0f})", end="")
        done = loaded[name]
        span = f"{statistics.median(done):,.0f} ms ({min(done):,.0f}–{max(done):,.0f})"
        print(f"; the runtime's files downloaded at {span}")


if __name__ == "__main__":
    main()
