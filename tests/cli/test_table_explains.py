"""The terminal table explains itself (issue 11): colour is never the only signal, it says
why (scores, World's End, causes, unplayable cards), fits 80×24, takes partial answers, has
rules and bribe help, says "1 player" and "1 point", names bots alike, and drops stale
panels."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from doomtable.cli import render_doom_on_you
from doomtable.cli.app import app
from doomtable.cli.render import print_table, render_view
from doomtable.engine import GameState, find_game, game_names, new_game
from doomtable.games.doomlings import DoomlingsState

runner = CliRunner()


def play(*args: str, input: str | None = None) -> str:
    result = runner.invoke(app, ["play", *args], input=input)
    assert result.exit_code == 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.output


def draw(renderable: Any, width: int = 120, height: int = 60, **console: Any) -> str:
    """What the console writes: with ``force_terminal``, the escape codes too."""
    written = io.StringIO()
    Console(width=width, height=height, file=written, **console).print(renderable)
    return written.getvalue()


def random_until(state: GameState, wanted: Any, seed: int, limit: int = 3000) -> bool:
    """Random choices until ``wanted(state)`` holds at a decision of player 0."""
    rng = random.Random(seed)
    for _ in range(limit):
        decision = state.pending
        if decision is None:
            return False
        if decision.player == 0 and wanted(state):
            return True
        state.apply(decision.player, rng.randrange(len(decision.options)))
    return False


def scenario(setup: dict[str, Any], players: int = 2) -> DoomlingsState:
    state = new_game("doomlings", players, 1)
    assert isinstance(state, DoomlingsState)
    state.setup_scenario(setup)
    return state


HANDS = {
    0: {"hand": ["Reckless", "Gills", "Fangs", "Leaves", "Spiny"], "traits": ["Bark"]},
    1: {
        "hand": ["Woody Stems", "Deep Roots", "Stone Skin", "Fear", "Big Ears"],
        "traits": ["Clever", "Antlers"],
    },
}


# ----------------------------------------------------------------------------- colour


@pytest.mark.parametrize("height", [60, 24])
def test_every_trait_colour_is_a_letter_too_and_no_color_is_honoured(
    height: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    state = scenario({"players": HANDS})
    text = draw(render_view(state.view(0)), height=height, force_terminal=True)
    assert not re.search(r"\x1b\[[0-9;]*3[0-7]m", text)  # no foreground colour at all
    plain = re.sub(r"\x1b\[[0-9;]*m", "", text)
    for chip in ("G Bark 2", "P Clever 1", "R Antlers 3", "R Reckless", "B Gills"):
        assert chip in plain, chip
    if height == 60:
        assert "B blue  G green  P purple  R red  ○ colourless  ★ dominant" in plain


# ----------------------------------------------------------------------------- say why


def test_log_lines_name_the_card_that_caused_them_and_stabilizing_is_not_blamed() -> None:
    state = scenario({"players": HANDS})
    for label in ("play Reckless", "pass", "target player 1"):
        state.apply(state.pending.player if state.pending else 0, label)
    state.apply(0, "discard Clever from player 1's pile")
    state.apply(1, "discard Bark from player 0's pile")
    lines = state.log_lines(0)
    assert "Reckless: player 1 loses Clever from their trait pile." in lines
    assert "Reckless: player 0 loses Bark from their trait pile." in lines
    draw_line = next(line for line in lines if "player 0 draws" in line)
    assert not draw_line.startswith("Reckless")  # stabilizing, not Reckless's doing
    assert "player 0 draws 1 card." in state.log_lines(1)  # the onlooker's plural


def test_cards_that_cannot_be_played_show_why_from_the_game() -> None:
    state = scenario(
        {
            "age": "Eclipse",
            "players": {
                0: {
                    "hand": ["Fangs", "Denial", "Gills", "Leaves", "Spiny"],
                    "traits": ["Apex Predator", "Heroic"],
                },
                1: {"hand": ["Woody Stems", "Deep Roots", "Stone Skin", "Fear", "Big Ears"]},
            },
        }
    )
    reasons = {card["name"]: card["why_not"] for card in state.view(0)["hand"]}
    assert reasons["Fangs"] == "Eclipse forbids it"
    assert reasons["Denial"] == "you already have 2 dominant traits"
    assert reasons["Gills"] is None
    assert "play Fangs" not in state.labels() and "play Denial" not in state.labels()
    full = draw(render_view(state.view(0)))
    assert "✗ cannot play now: Eclipse forbids it" in full
    compact = draw(render_view(state.view(0)), width=80, height=24)
    assert "Denial 4 ★  ✗ you already have 2 dominant traits" in compact


def test_a_catastrophe_round_says_so_with_every_world_s_end_text() -> None:
    state = new_game("doomlings", 3, 4)
    assert random_until(state, lambda s: (s.view(0)["age"] or {}).get("catastrophe"), seed=4)
    view = state.view(0)
    text = draw(render_view(view))
    assert f"CATASTROPHE ROUND: {view['age']['name']}" in text
    for number, card in enumerate(view["catastrophe_cards"], start=1):
        assert f"Catastrophe {number}: {card['name']} — World's End: " in text
        assert card["worlds_end"][:30] in text


def test_the_end_shows_each_player_s_score_breakdown_and_the_world_s_end_texts() -> None:
    out = play("doomlings", "-p", "3", "--seed", "3", "--bots-only")
    finals = dict(re.findall(r"│\s+\d │ (player \d \(greedy bot\)) │\s+(-?\d+) │", out))
    assert len(finals) == 3
    for name, score in finals.items():
        assert f"{name}: {score} points" in out  # the breakdown's total, as `score` prints it
    assert "face values" in out and "catastrophe (" in out
    assert re.search(r"Catastrophe 3: .+ — World's End: ", out)


# ----------------------------------------------------------------------------- 80×24


@pytest.mark.parametrize("game", ["doomlings", "doomlings-blackbox", "doom-on-you"])
def test_table_choices_and_prompt_fit_80_by_24_with_the_header_on_top(game: str) -> None:
    checked = 0
    for seed in range(12):
        state = new_game(game, 4, seed)
        steps = random.Random(seed).randrange(20, 300)
        reached = random_until(state, lambda s, n=steps: len(s.log) >= n, seed)
        if not reached or len(state.labels()) > 8:  # a long list of choices cannot fit
            continue
        out = Console(width=80, height=24, record=True, file=io.StringIO())
        assert state.pending is not None
        view = state.view(0)
        print_table(out, view, state.pending.prompt, state.labels())
        lines = out.export_text().rstrip("\n").split("\n")
        assert len(lines) <= 23, "\n".join(lines)  # and one line for the prompt
        assert max(len(line) for line in lines) <= 80
        assert lines[0].startswith(("Doomlings", "Doom On You"))
        text = "\n".join(lines)
        names = [c["name"] for seat in view.get("seats", []) for c in seat["traits"]]
        if isinstance(view.get("players"), list):
            names += [c["name"] for p in view["players"] for c in p["animals"]]
        for name in names:  # each shown whole on one line, or counted in "+N more"
            assert name in text or "more" in text, name
        checked += 1
    assert checked >= 6


# ----------------------------------------------------------------------------- answers


def test_answers_may_be_unique_prefixes_and_ambiguous_ones_list_the_matches() -> None:
    out = play("doomlings", "--seed", "4", "--save", "/dev/null", input="im\nimmun\nquit\n")
    assert "'im' matches 2 choices: 2. play Immunity; 4. play Impatience." in out
    assert "player 0 plays Immunity." in out


# ----------------------------------------------------------------------------- help


@pytest.mark.parametrize(
    "game",
    [g for g in game_names() if find_game(g).state_class.__module__.startswith("doomtable.")],
)
def test_rules_summarises_every_game_from_its_package(game: str) -> None:
    spec = find_game(game)
    assert len(spec.rules_summary.split()) > 40
    players = str(min(max(3, spec.min_players), spec.max_players))
    out = play(game, "--seed", "1", "-p", players, "--save", "/dev/null", input="rules\nquit\n")
    assert f"{spec.title}: the rules in brief" in out
    first = spec.rules_summary.split("\n")[0]
    assert " ".join(first.split()[:6]) in " ".join(out.split())


def test_doom_on_you_help_explains_bribes_and_battle_cards_show_their_text() -> None:
    out = play("doom-on-you", "--seed", "1", "--save", "/dev/null", input="help\nquit\n")
    assert "Bribes: once per attack round" in " ".join(out.split())
    state = new_game("doom-on-you", 3, 2)
    assert random_until(
        state,
        lambda s: any(c["kind"] == "battle" for c in s.view(0)["players"][0].get("hand", [])),
        seed=2,
    )
    battle = next(c for c in state.view(0)["players"][0]["hand"] if c["kind"] == "battle")
    text = draw(render_view(state.view(0)), width=200)
    card_text = render_doom_on_you.card_texts("doom-on-you")[battle["name"]]
    assert f"{battle['name']}  battle card: {card_text}" in text


# ----------------------------------------------------------------------------- words


def test_one_player_one_point_and_a_solo_result(tmp_path: Path) -> None:
    out = play("doomlings", "-p", "1", "--variant", "genetic-mishap", "--seed", "2", "--bots-only")
    assert "Doomlings: 1 player, seed 2" in out
    assert "Solo game: final score" in out
    assert "winner" not in out.lower()


def test_bots_are_named_the_same_in_play_and_in_the_final_table() -> None:
    out = play(
        "doomlings", "-p", "3", "--seed", "5", "--bots-only", "--bots", "greedy,random,greedy"
    )
    assert "player 1 plays" in out or "player 1 draws" in out
    assert "player 1 (random bot)" in out and "player 2 (greedy bot)" in out
    assert "│ random bot" not in out and "│ greedy bot" not in out


def test_cards_revealed_to_you_are_remembered_by_the_seat_not_a_stale_panel() -> None:
    state = new_game("doomlings", 3, 1)
    assert random_until(state, lambda s: bool(s.view(0)["revealed"]), seed=11, limit=20000)
    view = state.view(0)
    text = draw(render_view(view))
    assert "Revealed" not in text
    entry = view["revealed"][0]
    assert f"(you know: {entry['card']['name']}" in text
