"""Every shipped game declares a fixed action table, and docs/rl.md shows each one as built."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from bots.toygame import SPEC as TOY_SPEC
from doomtable.engine import find_game
from doomtable.games.doom_pile.encoding import RL_ENCODING as DOOM_PILE_ENCODING
from doomtable.rl.encoding import DeclaredActions, declaration, game_encoding

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
SIZES = {
    "doomlings": 117_140,
    "doomlings-blackbox": 117_140,
    "doom-on-you": 13_573,
    "doom-pile": 15_366,
    "were-doomed": 301,
}


@pytest.mark.parametrize("game", sorted(SIZES))
def test_every_shipped_game_declares_its_actions(game: str) -> None:
    actions = game_encoding(game).actions
    assert isinstance(actions, DeclaredActions)
    assert actions.size == SIZES[game]
    # The verbs tile the index range with no gap and no overlap.
    starts = [offset for _, offset, _, _ in actions.layout]
    ends = [offset + count for _, offset, count, _ in actions.layout]
    assert starts == [0, *ends[:-1]] and ends[-1] == actions.size


@pytest.mark.parametrize("game", ["doomlings", "doom-on-you", "doom-pile", "were-doomed"])
def test_docs_show_the_table_the_code_builds(game: str) -> None:
    actions = game_encoding(game).actions
    assert isinstance(actions, DeclaredActions)
    assert actions.table() in DOCS.read_text(encoding="utf-8"), (
        f"docs/rl.md does not show {game}'s action table; it is:\n{actions.table()}"
    )


def test_fixed_indexes_of_doom_pile_and_were_doomed() -> None:
    """A few indexes worked out by hand from the tables in docs/rl.md."""
    pile = game_encoding("doom-pile").actions
    assert pile.indexes([("end",), ("play", 31), ("first", 2, 1), ("attack", 10, 119)]) == [
        0,
        6 + 31,
        726 + 2 * 2 + 1,
        966 + 10 * 120 + 119,
    ]
    doomed = game_encoding("were-doomed").actions
    assert doomed.indexes([("produce",), ("nuke", -1), ("nuke", 3), ("vote", 9)]) == [
        0,
        37,
        41,
        291 + 9,
    ]


def test_declaration_is_found_from_a_subpackage_and_missing_is_empty() -> None:
    """A game's state class may live in a subpackage: the package above still declares."""
    spec = find_game("doom-pile")
    moved = type(
        "MovedState", (spec.state_class,), {"__module__": "doomtable.games.doom_pile.rules.state"}
    )
    assert declaration(dataclasses.replace(spec, state_class=moved)) is DOOM_PILE_ENCODING
    assert declaration(TOY_SPEC) == {}  # the tests' toy game declares nothing


def _set_row(name: str) -> str:
    """The docs/rl.md row of one Doomlings card set: the verbs it adds and decision kinds."""
    from doomtable.games.doomlings.encoding import SET_DECISION_KINDS, SET_VERBS

    verbs = ", ".join(
        f"`{verb}`" + (f" ({', '.join(args)})" if args else "")
        for verb, *args in SET_VERBS.get(name, [])
    )
    kinds = ", ".join(f"`{kind}`" for kind in SET_DECISION_KINDS.get(name, []))
    return f"| {name} | {verbs or 'none'} | {kinds or 'none'} |"


def test_docs_show_the_verbs_each_doomlings_set_adds() -> None:
    from doomtable.games.doomlings.data import SET_NAMES

    docs = DOCS.read_text(encoding="utf-8")
    rows = [_set_row(name) for name in SET_NAMES if name != "base"]
    missing = [row for row in rows if row not in docs]
    assert not missing, "docs/rl.md's Doomlings card sets table should read:\n" + "\n".join(rows)
