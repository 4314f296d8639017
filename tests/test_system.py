"""`make test` sets up the browsers it drives: installed as root, the one command named otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import system

ROOT = Path(__file__).resolve().parent.parent


def test_make_test_sets_up_the_system_before_anything_runs() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "\ntest: system build\n" in makefile
    assert (ROOT / ".ci" / "run").read_text(encoding="utf-8").rstrip().endswith("make test")


def test_the_command_installs_every_package_of_each_engine_named() -> None:
    command = system.command_for(["webkit", "firefox"])
    for package in ("webkit2gtk-driver", "xvfb", "python3-gi", "gir1.2-webkit2-4.1", "locales", "firefox-esr"):
        assert f" {package}" in command
    assert "chromium" not in command
    assert command.endswith("locale-gen")


def test_another_user_is_told_the_command_and_nothing_is_installed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(system, "lacking", lambda: ["firefox"])
    monkeypatch.setattr(system.os, "geteuid", lambda: 1000)
    monkeypatch.setattr(system, "install", lambda engines: pytest.fail("installed as another user"))
    assert system.main() == 1
    assert "apt-get install -y --no-install-recommends firefox-esr" in capsys.readouterr().err


def test_nothing_to_do_when_every_engine_is_there(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(system, "lacking", lambda: [])
    monkeypatch.setattr(system, "install", lambda engines: pytest.fail("installed with nothing missing"))
    assert system.main() == 0
