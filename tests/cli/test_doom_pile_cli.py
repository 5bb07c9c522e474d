"""Doom Pile at the command line: deck files, deck commands, play with decks, the table."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from rich.console import Console
from typer.testing import CliRunner

from doomtable.cli.app import app
from doomtable.cli.play_commands import _next_first_player
from doomtable.cli.render import render_view, score_table
from doomtable.engine import find_game, new_game
from doomtable.games.doom_pile import precon_deck

runner = CliRunner()


def _deck_file(tmp_path: Path, name: str, **changes: object) -> Path:
    deck = {**precon_deck(name), **changes}
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(deck, sort_keys=False), encoding="utf-8")
    return path


def test_deck_check_says_legal_or_lists_each_problem(tmp_path: Path) -> None:
    good = _deck_file(tmp_path, "warlord")
    result = runner.invoke(app, ["deck", "check", str(good)])
    assert result.exit_code == 0, result.output
    assert "legal (Conquest, 30 cards)" in result.output
    bad = _deck_file(tmp_path, "cult", plan="Nope", cards=[{"name": "Zealot", "copies": 4}])
    result = runner.invoke(app, ["deck", "check", str(bad)])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 3
    assert "unknown Master Plan 'Nope'" in lines[0]
    assert "Zealot: 4 copies, but a deck may hold at most 3" in result.output
    assert "the deck has 4 cards; it must have exactly 30" in result.output
    broken = tmp_path / "broken.yaml"
    broken.write_text("plan: [unclosed", encoding="utf-8")
    result = runner.invoke(app, ["deck", "check", str(broken)])
    assert result.exit_code == 1 and "is not valid YAML" in result.output


def test_deck_new_writes_and_never_overwrites_without_asking(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    result = runner.invoke(app, ["deck", "new", str(path), "--from", "necromancer"])
    assert result.exit_code == 0, result.output
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["plan"] == "Rise Again"
    before = path.read_text(encoding="utf-8")
    result = runner.invoke(app, ["deck", "new", str(path), "--from", "cult"], input="n\n")
    assert result.exit_code == 1 and "was not replaced" in result.output
    assert path.read_text(encoding="utf-8") == before
    result = runner.invoke(app, ["deck", "new", str(path), "--from", "cult"], input="y\n")
    assert result.exit_code == 0
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["plan"] == "The Grand Offering"
    assert [p.name for p in tmp_path.iterdir()] == ["mine.yaml"]  # no temp file left


def test_deck_new_step_by_step(tmp_path: Path) -> None:
    path = tmp_path / "built.yaml"
    lines = "12\nGrave Call 3\nNo Such Card\nBone Knight=2\ndone\n"
    result = runner.invoke(app, ["deck", "new", str(path)], input=lines)
    assert result.exit_code == 1, result.output
    assert "No card is called 'No Such Card'" in result.output
    deck = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert deck["plan"] == "Rise Again"
    assert deck["cards"] == [
        {"name": "Grave Call", "copies": 3},
        {"name": "Bone Knight", "copies": 2},
    ]
    assert "It is not a legal deck yet" in result.output
    assert "the deck has 5 cards" in result.output


def _build(tmp_path: Path, lines: list[str]) -> tuple[int, str, dict[str, object]]:
    path = tmp_path / "built.yaml"
    text = "\n".join(["Rise Again", *lines, "done"]) + "\n"
    result = runner.invoke(app, ["deck", "new", str(path)], input=text)
    return result.exit_code, result.output, yaml.safe_load(path.read_text(encoding="utf-8"))


def test_deck_new_refuses_a_31st_card_as_it_is_typed(tmp_path: Path) -> None:
    ten = ["Grave Call", "Bone Harvest", "Unmarked Graves", "Mass Exhumation", "Soul Siphon"]
    ten += ["Shambling Thrall", "Crypt Ghoul", "Bone Knight", "Wailing Wraith", "Grave Robber"]
    thirty = [f"{card} 3" for card in ten]
    code, output, deck = _build(tmp_path, [*thirty, "Zealot 1", "Grave Call 4"])
    assert "that makes 31 cards; a deck holds exactly 30 (remove some first)" in output
    assert "that makes 7 Grave Call; a deck may hold at most 3" in output
    assert code == 0, output
    assert sum(entry["copies"] for entry in deck["cards"]) == 30  # type: ignore[attr-defined]
    assert "Zealot" not in str(deck["cards"])


def test_deck_new_removes_and_changes_cards(tmp_path: Path) -> None:
    lines = ["Grave Call 3", "Bone Knight 2", "Zealot", "set Grave Call 1", "remove Bone Knight"]
    lines += ["remove Zealot 1", "remove Zealot", "set Overclock 3", "deck"]
    code, output, deck = _build(tmp_path, lines)
    assert deck["cards"] == [{"name": "Grave Call", "copies": 1}]
    assert "The deck holds no Zealot." in output
    assert "that makes 3 Overclock; a deck may hold at most 2" in output
    assert "1 Grave Call" in output  # what 'deck' shows
    assert code == 1


def test_deck_new_suggests_a_name_for_a_typo(tmp_path: Path) -> None:
    code, output, deck = _build(tmp_path, ["Grave Cal 2", "Army of the Damned"])
    assert "No card is called 'Grave Cal' (did you mean 'Grave Call'?)" in output
    assert "Army of the Damned is a Master Plan, not a card" in output
    assert deck["cards"] == []
    assert code == 1


def test_deck_new_from_options_exits_1_when_the_deck_is_illegal(tmp_path: Path) -> None:
    path = tmp_path / "short.yaml"
    args = ["deck", "new", str(path), "--plan", "Conquest", "-c", "Footsoldir=3"]
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    assert "unknown card 'Footsoldir' (did you mean 'Footsoldier'?)" in result.output
    assert path.exists()


def test_play_with_deck_files_bots_only(tmp_path: Path) -> None:
    mine = _deck_file(tmp_path, "trickster")
    theirs = _deck_file(tmp_path, "warlord")
    args = ["play", "doom-pile", "--seed", "3", "--bots-only", "--bots", "random"]
    args += ["--deck", str(mine), "--opponent-deck", str(theirs)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Doom Pile: 2 players, seed 3" in result.output
    assert "player 0: Sabotage Supreme; player 1: Conquest" in result.output
    assert "Final scores" in result.output


def test_an_illegal_deck_file_is_one_line_and_exit_1(tmp_path: Path) -> None:
    bad = _deck_file(tmp_path, "cult", cards=[{"name": "Zealot", "copies": 3}])
    result = runner.invoke(app, ["play", "doom-pile", "--deck", str(bad), "--bots-only"])
    assert result.exit_code == 1
    assert "error:" in result.output and "exactly 30" in result.output
    assert "Traceback" not in result.output


def test_a_human_stacks_then_plays(tmp_path: Path) -> None:
    moves = "put Bone Knight next\nkeep this order\nend the phase\nquit\n"
    args = ["play", "doom-pile", "--seed", "1", "--bots", "random", "--save"]
    args += [str(tmp_path / "s.json"), "-o", 'decks=["necromancer","warlord"]']
    result = runner.invoke(app, args, input=moves)
    assert result.exit_code == 0, result.output
    assert "Stack your deck: choose card 1 from the top" in result.output
    assert "shuffle the rest" in result.output and "auto-stack" in result.output
    assert "Countdown" in result.output and "Master Plan" in result.output


def test_best_of_three_match_reports_the_result() -> None:
    args = ["play", "doom-pile", "--seed", "5", "--bots-only", "--bots", "random", "--match"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Match game 1" in result.output and "Match game 2" in result.output
    assert "Match score, games won: " in result.output
    assert "Match won by" in result.output or "Match drawn" in result.output


def test_the_table_shows_counts_strength_health_plans_and_sizes() -> None:
    state = new_game("doom-pile", 2, 0, {"decks": ["necromancer", "warlord"]})
    state.setup_scenario(
        {
            "players": {
                0: {"hand": ["Grave Call"], "countdown": ["Bone Knight:2"], "field": ["Tomb Door"]},
                1: {"field": ["Berserker"], "countdown": ["Siege Ogre:1"]},
            }
        }
    )
    console = Console(width=140, record=True)
    console.print(render_view(state.view(0)))
    text = console.export_text()
    assert "Bone Knight [2 of 3]" in text and "Siege Ogre [1 of 3]" in text
    assert "Berserker ⚔3 ♥2/2" in text and "Tomb Door ♥3/3" in text
    assert "Rise Again (0/6)" in text and "Conquest (0/8)" in text
    assert "hand 5 · deck 23" in text and "hand 1 · deck 27" in text
    assert "Grave Call" in text and "Revive target Minion" in text


def test_the_results_table_says_its_numbers_are_master_plan_progress() -> None:
    console = Console(width=120, record=True)
    spec = find_game("doom-pile")
    console.print(score_table([40, 100], [1], ["you", "greedy"], spec.score_name))
    text = console.export_text()
    assert "Master Plan progress (%)" in text
    assert text.index("greedy") < text.index("you")  # best first


def test_a_human_who_lost_a_match_game_is_shown_both_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    console = Console(width=120, record=True)
    answers = iter(["maybe", "them"])
    monkeypatch.setattr("builtins.input", lambda *_: next(answers))
    session = SimpleNamespace(console=console, human=0)
    assert _next_first_player(session, 0) == 1  # type: ignore[arg-type]
    text = console.export_text()
    assert text.count("who starts the next game? (me or them)") == 2
    assert "Type me or them." in text
