"""The page benchmark's report (tools/bench_page.py): its figures as Markdown tables, the first
visit's targets beside this run's figures, and what a report file keeps that other commands measured."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def table(results: dict[str, Any], runs: int) -> str:
    def span(s: dict[str, float]) -> str:
        return f"{s['median']:.0f} ({s['min']:.0f}–{s['max']:.0f})"

    lines = [
        f"Start, ms after navigation: median (min–max) of {runs} interleaved runs; ratio = median ÷ the control's"
        " ready in the same mode (cold: stock Pyodide's; offline: the warm control's). \"game, first visit\":"
        " the plain address in a new profile (the first deal's cards painted before Python)",
        "",
        "| mode | page | started | board painted | ready | paint ratio | ready ratio | longest block |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for mode, pages in results["start"].items():
        for name, r in pages.items():
            lines.append(
                f"| {mode} | {name} | {', '.join(r['starts']) or '–'} | {span(r['paint'])} | {span(r['ready'])} |"
                f" {r['paint_ratio']:.3f} | {r['ready_ratio']:.3f} | {span(r['gap'])} |"
            )
    snap, mem = results["snapshot"], results["memory_mb"]
    lines += [
        "",
        "started: how the interpreter started (`data-start`: restored from a snapshot, or normal). Longest block:"
        " the longest gap of a 5 ms heartbeat timer between navigation and ready, ms.",
        "",
        f"Interpreter snapshot: {snap['bytes']:,} bytes; made in a Worker in {snap['makeMs']:.0f} ms, stored in"
        f" {snap['storeMs']:.0f} ms (after ready); storage used by the origin: {snap['storageUsed'] / 1e6:.1f} MB.",
        "Memory after ready (wasm heap + JS heap): restored"
        f" {mem['restored']['wasm']:.1f} + {mem['restored']['js']:.1f} = {mem['restored']['total']:.1f} MB, normal"
        f" {mem['normal']['wasm']:.1f} + {mem['normal']['js']:.1f} = {mem['normal']['total']:.1f} MB.",
    ]
    served = results["served_first_visit"]
    lines.append(
        "Bytes served for a first visit (counted by the server, service worker on, own profile on disk,"
        " up to 8 s past ready): " + ", ".join(f"{name} {count:,}" for name, count in served.items()) + "."
    )
    t, h, lt = results["tap_to_dom_ms"], results["heap_mb"], results["long_tasks_after_ready"]
    c = results["tap_controls_ms"]
    rf = results["removal_frames"]
    lines += [
        "",
        f"Tap → DOM over {t['taps']} taps: {taps_of(t)};"
        f" with reduced motion (no removal's frames on the page's thread): {taps_of(c['reduced motion'])};"
        f" each tap on a page at rest (every animation ended and a frame drawn since): {taps_of(c['at rest'])};"
        " a bare worker's trip (bench/worker-echo.html: the same PyScript and Pyodide answering a tap's call"
        f" with seven operations, no game): {taps_of(c['worker echo'])}.",
        f"JS heap over {h['actions']} taps, undos and redos: {h['before']:.2f} → {h['after']:.2f} MB"
        f" ({h['growth']:+.3f} MB). Long tasks (> 50 ms) after ready, over 60 taps at a player's pace and 1.5 s"
        f" idle: {lt['count']} (longest {lt['max_ms']:.0f} ms).",
        "",
        f"Frames while each of {rf['removals']} removals animates, and in a control tab with reduced motion"
        " (removals in turn): "
        + "; ".join(
            f"{name}: longest {r['max_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms, {r['over_50']} of {r['frames']}"
            " over 50 ms"
            for name, r in rf.items()
            if name != "removals"
        )
        + ".",
        "",
        "First visit (cold), each file as served and gzip-9 compressed:",
        "",
        "| file | raw bytes | gzip bytes |",
        "|---|---|---|",
    ]
    files = results["first_visit"]
    for f in files:
        lines.append(f"| {f['url'].split('/', 3)[-1] or './ (index.html)'} | {f['raw']:,} | {f['gzip']:,} |")
    lines.append(f"| **total** | **{sum(f['raw'] for f in files):,}** | **{sum(f['gzip'] for f in files):,}** |")
    return "\n".join([*targets(results), "", *lines])


def taps_of(found: dict[str, float]) -> str:
    return f"p50 {found['p50']:.2f} ms, p95 {found['p95']:.2f} ms, max {found['max']:.2f} ms"


def targets(results: dict[str, Any]) -> list[str]:
    """The first visit's targets beside this run's figures: medians; a figure, not a test."""
    cold, warm, tap = results["start"]["cold"], results["start"]["warm"]["game"], results["tap_to_dom_ms"]
    gzip_bytes = sum(f["gzip"] for f in results["first_visit"])
    first_cards = cold["game, first visit"]["paint"]["median"]
    rows: list[tuple[str, str, float, float, str]] = [
        (f"longest block, cold {name}", "≤ 250 ms", cold[name]["gap"]["median"], 250, "{:.0f} ms")
        for name in ("game", "game, first visit")
    ]
    rows += [
        (f"ready ÷ stock Pyodide's, cold {name}", "≤ 0.7", cold[name]["ready_ratio"], 0.7, "{:.2f}")
        for name in ("game", "game, first visit")
    ]
    rows += [
        ("real cards on screen, first visit", "≤ 300 ms", first_cards, 300, "{:.0f} ms"),
        ("first visit, gzip (line tables: lines kept)", "≤ 5.4 MB", gzip_bytes / 1e6, 5.4, "{:.2f} MB"),
        ("longest block, warm (restored)", "≤ 100 ms", warm["gap"]["median"], 100, "{:.0f} ms"),
        ("tap → DOM p95", "≤ 4 ms", tap["p95"], 4, "{:.2f} ms"),
    ]
    lines = [
        "The first visit's targets, this run:",
        "",
        "| figure | target | this run | met |",
        "|---|---|---|---|",
    ]
    for name, target, value, limit, shown in rows:
        lines.append(f"| {name} | {target} | {shown.format(value)} | {'yes' if value <= limit else '**no**'} |")
    return lines


KEPT = "<!-- Measured apart: kept by tools/bench_page.py --update. -->"


def kept_by_hand(path: Path) -> str:
    """What a file holds from the KEPT line on (sections measured by other commands), kept as it is."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    return "\n" + text[text.index(KEPT) :] if KEPT in text else ""
