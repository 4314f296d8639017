"""Python run in the game's worker, for the tests' and the benchmarks' checks of its interpreter: the
worker's start hands the page a port for that (startup/worker-start.mjs, ``probe`` of
static/build/page-start.mjs)."""

from __future__ import annotations

import json

PAGE_START = "./static/build/page-start.mjs"


def in_worker(python: str) -> str:
    """A page function answering the value of ``python``'s last expression, run in the game's
    worker's interpreter."""
    return f"""async () => {{
  const {{ probe }} = await import('{PAGE_START}');
  return new Promise((resolve) => {{
    probe.onmessage = ({{ data }}) => resolve(data);
    probe.postMessage({json.dumps(python)});
  }});
}}"""
