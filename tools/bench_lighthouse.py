"""Lighthouse's mobile audit of the deploy artifact, served gzipped as GitHub Pages serves it.

    python -m tools.bench_lighthouse [--runs 3] SITE [SITE ...]

Each SITE is a folder that ``tools/build.py --site DIR`` made (e.g. one of this commit and one of
another, for a before/after), served by ``tools/serve.py``'s server with ``--gzip`` under a project
sub-path; Lighthouse 12 (``npx -y lighthouse@12``, Node 20) audits its first visit with its default
mobile settings (simulated 4× CPU slowdown and a slow 4G link) in Debian's Chromium, interleaved.
Prints the median (min–max) performance score, total blocking time, largest contentful paint, and
the accessibility and best-practices scores. Figures, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tempfile
import threading
from pathlib import Path

from support.chromium import EXECUTABLE
from tools.serve import make_server

ROOT = Path(__file__).resolve().parent.parent


PREFIX = "/half-moon/"
FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update"


def audit(url: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        command = ["npx", "-y", "lighthouse@12", url, "--output=json", f"--output-path={report}", "--quiet"]
        command += [f"--chrome-flags={FLAGS}", "--only-categories=performance,accessibility,best-practices"]
        subprocess.run(command, check=True, env={**os.environ, "CHROME_PATH": EXECUTABLE}, cwd=folder)
        found = json.loads(report.read_text())
    audits = found["audits"]
    categories = found["categories"]
    return {
        "performance": categories["performance"]["score"],
        "tbt_ms": audits["total-blocking-time"]["numericValue"],
        "lcp_ms": audits["largest-contentful-paint"]["numericValue"],
        "accessibility": categories["accessibility"]["score"],
        "best_practices": categories["best-practices"]["score"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sites", nargs="+", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    urls = {}
    for site in args.sites:
        server = make_server(0, PREFIX, site.resolve(), compress=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        urls[str(site)] = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in urls}
    for _ in range(args.runs):
        for name, url in urls.items():
            runs[name].append(audit(url))
    print(f"Lighthouse 12 mobile, the deploy artifact served gzipped; median (min–max) of {args.runs} interleaved runs")
    columns = (
        "performance",
        "total blocking time, ms",
        "largest contentful paint, ms",
        "accessibility",
        "best practices",
    )
    print(f"| site | {' | '.join(columns)} |")
    print("|---|---|---|---|---|---|")
    for name, found in runs.items():
        cells = []
        for key in ("performance", "tbt_ms", "lcp_ms", "accessibility", "best_practices"):
            values = [run[key] for run in found]
            cells.append(
                f"{statistics.median(values):,.0f} ({min(values):,.0f}–{max(values):,.0f})"
                if key.endswith("_ms")
                else f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"
            )
        print(f"| {name} | {' | '.join(cells)} |")


if __name__ == "__main__":
    main()
