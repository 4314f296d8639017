"""What fills the phone benchmark's blocking: each heartbeat gap it counts and the main-thread tasks in it.

    python -m tools.trace_phone SITE [--taps 8] [--after 6]

SITE is a folder that ``tools/build.py --site DIR`` made. The phone benchmark's page (tools/bench_phone.py:
its viewport, main-thread slowdown, link and probes) is traced with Chrome's tracing: a first visit
until ready, then, once the service worker controls the page, ``--taps`` taps of the winning line after
the first ``--after`` (made untraced). For every gap of the heartbeat past the blocking threshold
it prints the gap, how long the main thread was busy in it, and each of the longer tasks with its largest
parts (style, layout, paint, event dispatch, a script's function or module). Figures, not a test: a
trace's own cost lengthens what it measures, so the tool says where the time goes, and tools/bench_phone.py how much.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import CDPSession, Page, sync_playwright

from support.chromium import ARGS, EXECUTABLE
from tools.bench_page import PAINT_PROBE, serve
from tools.bench_phone import (
    BLOCKING_PAST_MS,
    BOARD,
    PHONE,
    PHONE_PROBE,
    SETTLED,
    slow_down,
    tap,
    taps_of,
    winning_line,
)

CATEGORIES = "devtools.timeline,toplevel,v8.execute"
TASK = "ThreadControllerImpl::RunTask"
SHOWN_TASK_MS = 4
NAMED = {"FunctionCall", "EvaluateScript", "v8.compileModule", "v8.evaluateModule"}
"""The parts that name the script they run (its function, else its file)."""
NESTED = {TASK, "RunTask", "v8.callFunction"}
"""Wrappers around the parts, not parts themselves."""

Event = dict[str, Any]


def traced(page: Page, cdp: CDPSession, act: Callable[[], None]) -> list[Event]:
    """The trace events of ``act()``."""
    events: list[Event] = []
    done: list[bool] = []
    cdp.on("Tracing.dataCollected", lambda message: events.extend(message["value"]))
    cdp.on("Tracing.tracingComplete", lambda _message: done.append(True))
    cdp.send("Tracing.start", {"categories": CATEGORIES, "transferMode": "ReportEvents"})
    act()
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(100)
    return events


def main_thread(events: list[Event]) -> list[Event]:
    """The complete events of the renderer's main thread (the busiest one, if several renderers ran)."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    threads = [key for key, name in names.items() if name == "CrRendererMain"]
    count = collections.Counter((e["pid"], e["tid"]) for e in events)
    chosen = max(threads, key=lambda key: count[key])
    mine = [e for e in events if (e["pid"], e["tid"]) == chosen and e.get("ph") == "X"]
    return sorted(mine, key=lambda e: (e["ts"], -e.get("dur", 0)))


def part_name(event: Event) -> str:
    data = event.get("args", {}).get("data") or {}
    name = str(event["name"])
    if name in NAMED:
        return f"{name} {data.get('functionName') or str(data.get('url') or '').split('/')[-1][:32]}"
    return f"{name} {data.get('type', '')}" if name == "EventDispatch" else name


def parts(task: Event, events: list[Event]) -> str:
    """The largest parts of ``task``, in ms (parts nest: a layout inside a forced update counts in both)."""
    end = task["ts"] + task["dur"]
    spent: collections.Counter[str] = collections.Counter()
    for event in events:
        if task["ts"] <= event["ts"] < end and event is not task and event["name"] not in NESTED:
            spent[part_name(event)] += event.get("dur", 0) / 1000
    return ", ".join(f"{name} {ms:.0f}" for name, ms in spent.most_common(6) if ms >= 1)


def gaps(events: list[Event]) -> list[str]:
    """Each heartbeat gap past the blocking threshold, with the tasks that filled it."""
    thread = main_thread(events)
    tasks = [e for e in thread if e["name"] == TASK]
    beats = [
        e
        for e in thread
        if e["name"] == "FunctionCall" and (e["args"].get("data") or {}).get("functionName") == "__tick"
    ]
    lines: list[str] = []
    for before, after in itertools.pairwise(beats):
        gap = (after["ts"] - before["ts"]) / 1000
        if gap <= BLOCKING_PAST_MS:
            continue
        inside = [t for t in tasks if before["ts"] < t["ts"] < after["ts"]]
        busy = sum(t["dur"] for t in inside) / 1000
        at = (before["ts"] - beats[0]["ts"]) / 1000
        lines.append(f"gap {gap:.0f} ms, {at:.0f} ms in: {len(inside)} tasks, busy {busy:.0f} ms")
        lines.extend(f"  {t['dur'] / 1000:5.1f}  {parts(t, thread)}" for t in inside if t["dur"] > SHOWN_TASK_MS * 1000)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--taps", type=int, default=8)
    parser.add_argument("--after", type=int, default=6, help="taps made before the traced ones")
    args = parser.parse_args()
    url = serve(args.site, {})
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=EXECUTABLE, args=ARGS, headless=True, **PHONE
        )
        context.add_init_script(PAINT_PROBE + PHONE_PROBE)
        page = context.pages[0] if context.pages else context.new_page()
        cdp = context.new_cdp_session(page)
        slow_down(cdp)

        def first_visit() -> None:
            page.goto(url, wait_until="commit")
            page.wait_for_function("window.__readyAt !== undefined", polling=100, timeout=600_000)

        print("# A first visit, until ready", *gaps(traced(page, cdp, first_visit)), sep="\n")
        page.wait_for_function(SETTLED, polling=200, timeout=600_000)
        board = page.evaluate(BOARD)
        places = taps_of(winning_line(board["code"], {})[board["moves"] :])
        seen = [0]

        def taps(chosen: list[str]) -> None:
            for place in chosen:
                tap(cdp, board["centres"][place])
                seen[0] = page.evaluate(f"window.__frameCount({seen[0] + 1}, 5000)")

        taps(places[: args.after])
        chosen = places[args.after : args.after + args.taps]

        def traced_taps() -> None:
            page.wait_for_timeout(300)  # heartbeats before the first tap: its gap has a start
            taps(chosen)
            page.wait_for_timeout(800)  # what the last tap leaves behind (its timers, the saving)

        print(f"# {len(chosen)} taps", *gaps(traced(page, cdp, traced_taps)), sep="\n")
        context.close()


if __name__ == "__main__":
    main()
