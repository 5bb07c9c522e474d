"""`doomtable serve` itself: its hint without the web extra, and its one-line errors."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from doomtable.cli import serve_commands
from doomtable.cli.app import app


def test_serve_without_the_web_extra_prints_a_one_line_hint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = importlib.util.find_spec

    def missing_fastapi(name: str, *args: Any) -> Any:
        return None if name == "fastapi" else real(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", missing_fastapi)
    result = CliRunner().invoke(app, ["serve"])
    assert result.exit_code == 1
    assert serve_commands.install_hint() in result.output  # a checkout's own command
    assert 'install -e ".[web]"' in result.output
    assert "fastapi missing" in result.output and "Traceback" not in result.output


def test_the_hint_outside_a_checkout_is_plain_pip(tmp_path: Path) -> None:
    installed = tmp_path / "site-packages" / "doomtable" / "cli" / "serve_commands.py"
    assert serve_commands.install_hint(str(installed)) == "pip install 'doomtable[web]'"


def test_serve_with_an_unusable_database_says_so_in_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = CliRunner().invoke(app, ["serve", "--database", str(blocker / "t.sqlite")])
    assert result.exit_code == 1
    assert "error:" in result.output and "Traceback" not in result.output


def test_the_default_database_lives_in_the_user_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert serve_commands.default_database() == tmp_path / "doomtable" / "tables.sqlite"
