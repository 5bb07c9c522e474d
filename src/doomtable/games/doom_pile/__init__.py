"""Doom Pile: stack your deck, count down your Plots, Minions and Artifices, meet your Master Plan.

Registered as ``doom-pile`` (2 players by the rulebook; 3 or 4 as a free-for-all extension).
Layers, each importing only those before it: the card vocabulary (``cards.py``), our card set
(``card_set.py``), decks and static tables (``data.py``), the state's fields and zone helpers
(``state.py``), the effect interpreter (``effects.py``), the turn as frames (``rules.py``),
Master Plan progress and bot heuristics (``scoring.py``), labels, views and the log
(``view.py``), and the playable state with set-up, samples and scenarios (``game.py``).
Preconstructed decks: ``decks/*.yaml``. Rulings: docs/rulings.md.
"""

from __future__ import annotations

from typing import Any

from doomtable.engine import GameSpec, OptionSpec
from doomtable.games.doom_pile.data import (
    CARD_DEFS,
    DECK_SIZE,
    GAME,
    LIMITS,
    PLAN_DEFS,
    STACKING_MODES,
    DeckError,
    copy_limit,
    deck_problems,
    precon_deck,
    precon_names,
    read_deck_file,
    suggest,
    write_deck_file,
)
from doomtable.games.doom_pile.game import DoomPileState
from doomtable.games.doom_pile.ids import CARD_IDENTITY


def _create(players: int, seed: int, options: dict[str, Any]) -> DoomPileState:
    return DoomPileState(players, seed, options)


def card_dicts() -> list[dict[str, Any]]:
    """Every card and Master Plan as JSON-ready dicts, for ``GameSpec.cards``."""
    cards = [d.to_json() for d in CARD_DEFS]
    for entry in cards:
        if entry["name"] in LIMITS:
            entry["limit"] = LIMITS[entry["name"]]
    return cards + [p.to_json() for p in PLAN_DEFS]


# One paragraph a string; the terminal wraps them to its width.
RULES_SUMMARY = "\n".join(
    [
        "Goal: meet your Master Plan (public once every deck is stacked), or end your turn "
        "with nothing in countdown and an empty deck. There are no life points.",
        "Before play: each player stacks their 30-card deck in any order, in secret, and "
        "draws 5. Each player skips their first Draw Phase.",
        "A turn: Start (every card you have in countdown counts down by 1; those at 0 resolve "
        "in the order you choose), Draw, Plot (play Plots, Minions and Artifices into "
        "countdown at their Starting Countdown, paying their costs; use ON COMMAND effects), "
        "Attack (each Minion may attack one Minion or Artifice), End (Minions and Artifices "
        "heal fully).",
        "A card whose count reaches 0 resolves at once: a Plot does what it can and is "
        "discarded; a Minion or Artifice enters the field.",
        "Card text beats these rules. Keywords (Target, Burn, Thwart, Stack, Restack, Inter, "
        "Revive, ON COMMAND) are explained by each card's text.",
    ]
)


SPEC = GameSpec(
    name=GAME,
    title="Doom Pile",
    min_players=2,
    max_players=4,
    create=_create,
    state_class=DoomPileState,
    default_options={
        "decks": [],
        "stacking": "choose",
        "first_player": -1,
        "max_turns": 40,
    },
    aliases=("doompile",),
    summary="Stacked decks and countdowns: be first to meet your public Master Plan.",
    cards=card_dicts,
    card_identity=CARD_IDENTITY,
    default_players=2,
    option_schema={
        "decks": OptionSpec(list, "one deck per seat: {name, plan, cards: [{name, copies}]}"),
        "stacking": OptionSpec(str, "how decks are stacked", choices=STACKING_MODES),
        "first_player": OptionSpec(int, "the seat that starts (-1: at random)", minimum=-1),
        "max_turns": OptionSpec(int, "turns each before a draw", minimum=1, maximum=1000),
    },
    rules_summary=RULES_SUMMARY,
    score_name="Master Plan progress (%)",
    terminal_table="doomtable.cli.render_doom_pile",
    web_page="doomtable.web.pages.doom_pile",
    commands="doomtable.cli.deck_commands",
)

__all__ = [
    "CARD_DEFS",
    "DECK_SIZE",
    "LIMITS",
    "PLAN_DEFS",
    "SPEC",
    "DeckError",
    "DoomPileState",
    "card_dicts",
    "copy_limit",
    "deck_problems",
    "suggest",
    "precon_deck",
    "precon_names",
    "read_deck_file",
    "write_deck_file",
]
