"""bench/bench_rl_env.py runs against this checkout (no figures are checked)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "bench_rl_env.py"


def run_script(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, env=env, timeout=300
    )


def test_measures_every_mode_of_the_games_asked() -> None:
    done = run_script(
        "--seconds", "0.05", "--games", "doom-on-you,were_doomed", "--json", "--clock", "cpu"
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["clock"] == "cpu"
    results = report["results"]
    assert list(results) == ["doom-on-you", "were-doomed"]
    for row in results.values():
        assert row["players"] == 4
        assert row["raw"] > 0 and row["aec"] > 0 and row["aec_view"] > 0 and row["gym"] > 0
        assert row["aec_vs_raw"] == round(row["raw"] / row["aec"], 1)


def test_bad_arguments_are_one_line_errors() -> None:
    unknown = run_script("--games", "chess")
    assert unknown.returncode == 2 and "chess" in unknown.stderr.splitlines()[-1]
    assert "Traceback" not in unknown.stderr
    clock = run_script("--clock", "sundial")
    assert clock.returncode == 2 and "sundial" in clock.stderr.splitlines()[-1]
    zero = run_script("--seconds", "0")
    assert zero.returncode == 2 and "--seconds must be above 0" in zero.stderr
