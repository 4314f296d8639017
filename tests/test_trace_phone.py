"""tools/trace_phone.py's reading of a Chrome trace, on a trace written by hand (in Chrome's unit, the microsecond)."""

from __future__ import annotations

from typing import Any

from tools.trace_phone import gaps

MAIN, OTHER = (1, 1), (1, 2)


def event(name: str, ts: int, dur: int = 0, thread: tuple[int, int] = MAIN, **data: Any) -> dict[str, Any]:
    pid, tid = thread
    return {"name": name, "ph": "X", "pid": pid, "tid": tid, "ts": ts, "dur": dur, "args": {"data": data}}


def beat(ts: int, thread: tuple[int, int] = MAIN) -> dict[str, Any]:
    return event("FunctionCall", ts, 100, thread, functionName="__tick")


def named(thread: tuple[int, int], name: str) -> dict[str, Any]:
    pid, tid = thread
    return {"name": "thread_name", "ph": "M", "pid": pid, "tid": tid, "args": {"name": name}}


TRACE = [
    named(MAIN, "CrRendererMain"),
    named(OTHER, "DedicatedWorker thread"),
    beat(0),
    beat(40_000),  # a gap within the threshold: not listed
    event("ThreadControllerImpl::RunTask", 50_000, 60_000),  # a task inside the next gap
    event("Layout", 55_000, 30_000),
    event("FunctionCall", 90_000, 8_000, url="http://x/static/applier.js"),
    event("EventDispatch", 99_000, 2_000, type="click"),
    event("ThreadControllerImpl::RunTask", 115_000, 3_000),  # too short to be listed, but busy
    beat(120_000),  # the gap past the threshold
    beat(125_000),
    *[beat(ts, OTHER) for ts in (0, 500_000)],  # another thread's gap is not the page's
]


def test_each_gap_past_the_threshold_is_listed_with_the_time_busy_in_it_and_its_longer_tasks() -> None:
    lines = gaps(TRACE)
    assert lines[0] == "gap 80 ms, 40 ms in: 2 tasks, busy 63 ms"
    assert len(lines) == 2  # the gap, and its one task over the listing's floor
    task = lines[1]
    assert task.split()[0] == "60.0"
    assert "Layout 30" in task and "FunctionCall applier.js 8" in task and "EventDispatch click 2" in task


def test_a_trace_with_no_long_gap_lists_nothing() -> None:
    assert gaps([named(MAIN, "CrRendererMain"), beat(0), beat(30_000), beat(70_000)]) == []
