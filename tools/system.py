"""The system packages `make test` needs: the browser engines it drives, from Debian's registry.

Chromium always (the page tests), and each engine of HALFMOON_ENGINES (the cross-engine suite). Run as
root, it installs what is missing, so that `make test` alone sets up a fresh Debian machine; run as
another user, it installs nothing and prints the one command to run as root, and `make test` stops
before running any test.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from support.engines import ENGINES, LOCALE, PACKAGES, missing, wanted_engines

LOCALE_GEN = Path("/etc/locale.gen")


def lacking() -> list[str]:
    """The engines this run drives that cannot run here yet."""
    wanted = {"chromium", *wanted_engines()}
    return [engine for engine in ENGINES if engine in wanted and missing(engine)]


def packages_of(engines: list[str]) -> list[str]:
    return sorted({package for engine in engines for package in PACKAGES[engine]})


def command_for(engines: list[str]) -> str:
    """One shell command that installs the engines (and WebKit's UTF-8 locale)."""
    install = "apt-get update && apt-get install -y --no-install-recommends " + " ".join(packages_of(engines))
    if "webkit" in engines:
        install += f" && sed -i 's/^# *{LOCALE} UTF-8/{LOCALE} UTF-8/' {LOCALE_GEN} && locale-gen"
    return install


def install(engines: list[str]) -> None:
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    quiet = ["-qq", "-o", "Dpkg::Use-Pty=0"]
    subprocess.run(
        ["apt-get", "install", "-y", *quiet, "--no-install-recommends", *packages_of(engines)], check=True, env=env
    )
    if "webkit" in engines:
        text = LOCALE_GEN.read_text(encoding="utf-8")
        enabled = re.sub(rf"^# *{re.escape(LOCALE)} UTF-8", f"{LOCALE} UTF-8", text, flags=re.MULTILINE)
        LOCALE_GEN.write_text(enabled, encoding="utf-8")
        subprocess.run(["locale-gen"], check=True, stdout=subprocess.DEVNULL)


def main() -> int:
    engines = lacking()
    if not engines:
        return 0
    if os.geteuid() != 0:
        print(f"make test needs {', '.join(engines)} and runs no test without them. As root, run:", file=sys.stderr)
        print(f"  {command_for(engines)}", file=sys.stderr)
        print("(or run make test itself as root: it installs them)", file=sys.stderr)
        return 1
    print(f"make test: installing {', '.join(engines)} from Debian's packages", flush=True)
    install(engines)
    still = [f"{engine}: {missing(engine)}" for engine in lacking()]
    if still:
        print("\n".join(still), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
