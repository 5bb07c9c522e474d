"""``doomtable scenario``: run scenario files and report PASS or FAIL for each scenario."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from doomtable.cli.common import errors_to_exit, make_console
from doomtable.engine import DoomtableError
from doomtable.scenario import find_scenario_files, load_scenarios, run_scenario


def _run_file(console: Console, path: Path) -> tuple[int, int]:
    """Run every scenario in ``path``; (passed, failed) counts."""
    try:
        scenarios = load_scenarios(path)
    except DoomtableError as exc:
        console.print(f"[bold red]ERROR[/] {escape(str(exc))}")
        return 0, 1
    passed = failed = 0
    for scenario in scenarios:
        try:
            result = run_scenario(scenario)
        except DoomtableError as exc:
            console.print(f"[bold red]ERROR[/] {escape(str(exc))}")
            failed += 1
            continue
        except Exception as exc:  # a bug in the game: report it and go on with the others
            console.print(
                f"[bold red]ERROR[/] {escape(scenario.title)}: the game raised "
                f"{type(exc).__name__}: {escape(str(exc))}"
            )
            failed += 1
            continue
        if result.passed:
            console.print(f"[bold green]PASS[/]  {escape(scenario.title)}")
            passed += 1
        else:
            console.print(f"[bold red]FAIL[/]  {escape(scenario.title)}")
            for line in result.report().splitlines():
                console.print(f"      {line}", markup=False)
            failed += 1
    return passed, failed


def scenario(
    paths: Annotated[
        list[Path], typer.Argument(help="Scenario YAML files, or folders to search for them.")
    ],
) -> None:
    """Run scenario files: set up a board, play scripted choices, check the expected state."""
    console = make_console(soft_wrap=True)
    with errors_to_exit():
        files = find_scenario_files(paths)
    if not files:
        console.print("No scenario files found.")
        raise typer.Exit(code=1)
    passed = failed = 0
    for path in files:
        ok, bad = _run_file(console, path)
        passed += ok
        failed += bad
    style = "bold red" if failed else "bold green"
    console.print(f"[{style}]{passed} passed, {failed} failed[/]")
    if failed:
        raise typer.Exit(code=1)


def register(app: typer.Typer) -> None:
    app.command()(scenario)
