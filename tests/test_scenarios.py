"""Every scenario file under tests/scenarios/ runs as its own test case."""

from __future__ import annotations

from pathlib import Path

import pytest

from doomtable.engine import ScenarioError
from doomtable.scenario import Scenario, find_scenario_files, load_scenarios, run_scenario

ROOT = Path(__file__).parent / "scenarios"


def _cases() -> list[pytest.ParameterSet]:
    if not ROOT.is_dir():
        return []
    cases = []
    for path in find_scenario_files([ROOT]):
        name = path.relative_to(ROOT).as_posix()
        try:
            scenarios = load_scenarios(path)
        except ScenarioError as exc:
            cases.append(pytest.param(None, str(exc), id=name))
            continue
        cases.extend(pytest.param(s, "", id=f"{name}::{s.name}") for s in scenarios)
    return cases


@pytest.mark.parametrize(("scenario", "load_error"), _cases())
def test_scenario(scenario: Scenario | None, load_error: str) -> None:
    if scenario is None:
        pytest.fail(load_error, pytrace=False)
    result = run_scenario(scenario)
    if not result.passed:
        pytest.fail(f"{scenario.title}\n{result.report()}", pytrace=False)
