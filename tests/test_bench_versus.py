"""bench/bench_versus.py runs against this checkout: its options parse, and its measuring
children play through the public API of the tree they import (no figures are checked)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "bench" / "bench_versus.py"


def run_script(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, env=env, timeout=120
    )


def child(kind: str, **params: Any) -> dict[str, Any]:
    done = run_script("--child", kind, json.dumps(params))
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def test_help_names_every_option() -> None:
    done = run_script("--help")
    assert done.returncode == 0
    for option in ("--base", "--rounds", "--quick", "--only", "--json", "--markdown"):
        assert option in done.stdout


def test_unknown_part_is_refused_in_one_line() -> None:
    done = run_script("--only", "a,x")
    assert done.returncode == 2
    assert "--only takes letters among a,b,c,d, not 'a,x'" in done.stderr
    assert "Traceback" not in done.stderr


def test_identity_child_names_this_tree() -> None:
    result = child("identity")
    assert Path(result["file"]) == ROOT / "src" / "doomtable" / "__init__.py"
    assert type(result["auto_pass"]) is bool
    assert all(name.startswith("doomtable.") for name in result["compiled"])


def test_random_games_child_plays_this_tree() -> None:
    result = child("games", game="doom-on-you", games=2, seed=5)
    assert Path(result["file"]).is_relative_to(ROOT / "src")
    assert result["value"] > 0
    # the driver answers every logged decision, or fewer where forced passes answer themselves
    assert 0 < result["answered"] <= result["log_entries"]


def test_ismcts_child_searches_a_real_choice() -> None:
    result = child("ismcts", game="doomlings", positions=2, iterations=3, passes=1)
    assert result["positions"] == 2
    assert result["root_options"] >= 2
