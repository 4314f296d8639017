"""Engine benchmark under CPython: microseconds per operation, median of many runs.

    python -m tools.bench_engine [--runs 2000]

Measures deal from code, one tap, the legal-move scan, the dead-end check, save and load. The
target is ≤ 50 µs for every per-tap operation, so that under Pyodide a tap stays far under a frame.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from halfmoon import DealCode, Game, load, save

LINE = json.loads((Path(__file__).resolve().parent.parent / "data/example-game.json").read_text())


def median_us(action: Callable[[], object], runs: int, setup: Callable[[], object] | None = None) -> float:
    times = []
    for _ in range(runs):
        if setup:
            setup()
        start = time.perf_counter_ns()
        action()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    runs = parser.parse_args().runs
    code = DealCode.parse(LINE["code"])
    midgame = Game.from_code(code)
    for move in LINE["moves"][:20]:
        midgame.remove(move)
    text = save(midgame)
    tapper = Game.from_code(code)
    first, second = LINE["moves"][0].split("+")

    def select_first() -> None:
        tapper.restart()
        tapper.tap(first)

    chooser = next(iter(midgame.legal_moves)).places[0]

    results = {
        "deal from code": median_us(lambda: Game.from_code(code), runs),
        "tap (select)": median_us(lambda: tapper.tap(first), runs, setup=tapper.restart),
        "tap (pair removed)": median_us(lambda: tapper.tap(second), runs, setup=select_first),
        "legal-move scan": median_us(lambda: list(midgame.legal_moves), runs),
        "dead-end check (status)": median_us(lambda: midgame.status, runs),
        "layout help (dimmed)": median_us(
            midgame.dimmed, runs, setup=lambda: midgame.selection or midgame.tap(chooser)
        ),
        "undo + redo": median_us(lambda: (midgame.undo(), midgame.redo()), runs),
        "save (20 moves)": median_us(lambda: save(midgame), runs),
        "load (20 moves)": median_us(lambda: load(text), max(50, runs // 10)),
    }
    print(f"Half Moon engine, CPython {platform.python_version()} on {platform.machine()}, median of {runs} runs")
    for name, us in results.items():
        print(f"  {name:<26} {us:9.1f} µs")


if __name__ == "__main__":
    main()
