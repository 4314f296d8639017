"""The page's runtime tags in index.html's head, written from pyscript.toml: the early fetch's script
(startup/early-fetch.js), which adds the start's modules once the first frame is painted, and
PyScript's page configs (``<py-config>`` and ``<mpy-config>``, hidden: core sets up both types),
whose plugin list keeps PyScript's core from fetching every plugin's module; and the Content
Security Policy (sitegen/csp.py)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from sitegen.csp import META
from sitegen.skeleton import _replace_between, fence

ROOT = Path(__file__).resolve().parent.parent
RUNTIME_START, RUNTIME_END = fence("runtime", "pyscript.toml and sitegen/runtime.py")
# Preloaded once the first frame is painted, so that the start waits on no chain of imports: the
# page's start modules (static/build/, from startup/).
PRELOAD = ("./static/build/page-start.mjs", "./static/build/start-snapshot.mjs", "./static/build/start-progress.mjs")
# Run then: PyScript's core (it defines the elements whose hooks the start waits for) and the
# boot module, which starts the worker (it imports ./build/page-start.mjs).
MODULES = ("./static/vendor/pyscript/core.js", "./static/worker-boot.js")


def runtime_html(config_file: Path = ROOT / "pyscript.toml") -> str:
    plugins = tomllib.loads(config_file.read_text(encoding="utf-8"))["plugins"]
    return "\n".join(
        [
            RUNTIME_START,
            f'<script src="./static/build/early-fetch.js" data-preload="{" ".join(PRELOAD)}"'
            f' data-modules="{" ".join(MODULES)}"></script>',
            f"<py-config hidden>{json.dumps({'plugins': plugins})}</py-config>",
            f"<mpy-config hidden>{json.dumps({'plugins': plugins})}</mpy-config>",
            RUNTIME_END,
        ]
    )


def refresh_runtime(path: Path, write: bool = True) -> bool:
    """Put the runtime's tags and the policy into index.html; return whether they were stale."""
    page = path.read_text(encoding="utf-8")
    fresh = _replace_between(page, RUNTIME_START, RUNTIME_END, runtime_html())
    fresh = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', META, fresh, count=1)
    if fresh != page and write:
        path.write_text(fresh, encoding="utf-8")
    return fresh != page
