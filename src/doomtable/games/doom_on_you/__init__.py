"""Doom On You: steal food with animal attacks, survive doom cards, bribe your way through.

Registered as ``doom-on-you`` (2 to 6 players). Layers, as in Doomlings: ``cards.py`` (the card
vocabulary and the deck read from ``deck.yaml``), ``data.py`` (fixed numbers), ``state.py``
(fields and zone helpers), ``rules.py`` (frame handlers), ``scoring.py`` and ``game.py`` (the
playable state: labels, views, log, scenarios). Rulings (damaged passages, deck design, the
2-player duel, the round cap): docs/rulings.md.
"""

from __future__ import annotations

from typing import Any

from doomtable.engine import GameSpec, OptionSpec
from doomtable.games.doom_on_you.cards import CARD_DEFS, CARDS, card_dicts, card_reference
from doomtable.games.doom_on_you.data import GAME
from doomtable.games.doom_on_you.game import DoomOnYouState


def _create(players: int, seed: int, options: dict[str, Any]) -> DoomOnYouState:
    return DoomOnYouState(players, seed, options)


SPEC = GameSpec(
    name=GAME,
    title="Doom On You",
    min_players=2,
    max_players=6,
    create=_create,
    state_class=DoomOnYouState,
    default_options={
        "successful_return": False,
        "drawn_animal_to_pile": False,
        "end_on_first_out": False,
        "two_player_variant": True,
        "max_attack_rounds": 30,
    },
    aliases=("doomonyou",),
    summary="Attack rounds, battle cards and bribes: be the last player with food.",
    cards=card_dicts,
    option_schema={
        "successful_return": OptionSpec(bool, "a successful attacking animal returns to its pile"),
        "drawn_animal_to_pile": OptionSpec(bool, "the defender may pile a drawn animal"),
        "end_on_first_out": OptionSpec(bool, "the game ends when the first player is out"),
        "two_player_variant": OptionSpec(bool, "the 2-player duel (15 food, pile of 4)"),
        "max_attack_rounds": OptionSpec(int, "round cap (0: none)", minimum=0, maximum=10_000),
    },
)

__all__ = ["CARDS", "CARD_DEFS", "SPEC", "DoomOnYouState", "card_dicts", "card_reference"]
