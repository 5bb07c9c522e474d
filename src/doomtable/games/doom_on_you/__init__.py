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
from doomtable.games.doom_on_you.ids import CARD_IDENTITY


def _create(players: int, seed: int, options: dict[str, Any]) -> DoomOnYouState:
    return DoomOnYouState(players, seed, options)


# One paragraph a string; the terminal wraps them to its width.
RULES_SUMMARY = "\n".join(
    (
        "Goal: be the last player with food (everyone starts with 10).",
        "Prep round: draw up to 3 cards, then put animals from your hand into your animal "
        "pile (up to 3).",
        "Attack round: one player defends. The defender may first offer a bribe, and each "
        "player may offer one while declaring attacks: 1 to 5 food (never your last) to one "
        "player, with a note. The food moves only if they accept; the deal is not enforced.",
        "Each other player declares attacks with animals from their pile, or says done. The "
        "defender draws a card (a doom card strikes at once), then blocks: an attack needs "
        "defence points equal to its attack; blocked attackers and spent blockers are removed.",
        "Battle cards (Hunt, Force Field, Deflect, Capture, Sneak Attack) are played in attack "
        "rounds; Hunt, Force Field and Deflect can be cancelled by another copy.",
        "Each attack that is not blocked takes its food from the defender. At 0 food a player "
        "is out; the last one with food wins.",
    )
)

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
    card_identity=CARD_IDENTITY,
    option_schema={
        "successful_return": OptionSpec(bool, "a successful attacking animal returns to its pile"),
        "drawn_animal_to_pile": OptionSpec(bool, "the defender may pile a drawn animal"),
        "end_on_first_out": OptionSpec(bool, "the game ends when the first player is out"),
        "two_player_variant": OptionSpec(bool, "the 2-player duel (15 food, pile of 4)"),
        "max_attack_rounds": OptionSpec(int, "round cap (0: none)", minimum=0, maximum=10_000),
    },
    rules_summary=RULES_SUMMARY,
    terminal_table="doomtable.cli.render_doom_on_you",
    web_page="doomtable.web.pages.doom_on_you",
)

__all__ = ["CARDS", "CARD_DEFS", "SPEC", "DoomOnYouState", "card_dicts", "card_reference"]
