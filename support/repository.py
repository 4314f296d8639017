"""The repository's files as a clone has them, for the tests that read the whole tree (the documents,
the comments): tracked, plus new files git does not ignore."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def repository_files(*paths: str) -> list[Path]:
    """The files under ``paths`` (the whole repository without), sorted. Outside a git checkout there is
    no list of the repository's files to read: that is an error, never a test passed unseen."""
    if not (ROOT / ".git").exists():
        raise RuntimeError("not a git checkout: the tests that read the whole tree need git's list of files")
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", *paths],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")
    return [ROOT / name for name in sorted(set(listed.split("\0"))) if name and (ROOT / name).is_file()]


def text_of(path: Path) -> str | None:
    """A file's text, or None for a binary file."""
    data = path.read_bytes()
    if b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None
