"""We're Doomed!: 4 to 10 leaders, a game clock, one rocket.

Registered as ``were-doomed``. In layers, as the other games: ``data.py`` (components,
timings), ``state.py`` (fields and helpers, on the engine's ``TimedGameState``),
``effects.py``, ``rules.py``, ``scoring.py``, ``view.py`` and ``game.py`` (the playable state);
civilizations, events and components: the YAML files beside them, read by ``cards.py``;
the event deck kept between games: ``deckfile.py``; rulings: docs/rulings.md.
"""

from __future__ import annotations

from typing import Any

from doomtable.engine import CarryOver, GameSpec, OptionSpec
from doomtable.games.were_doomed.cards import CIVILIZATIONS, EVENTS, card_dicts
from doomtable.games.were_doomed.data import GAME, QUIET_SECONDS, seat_count
from doomtable.games.were_doomed.deckfile import order_left
from doomtable.games.were_doomed.game import WereDoomedState
from doomtable.games.were_doomed.ids import CARD_IDENTITY

# One paragraph a string; the terminal wraps them to its width.
RULES_SUMMARY = "\n".join(
    [
        "Goal: be aboard the one rocket when the clock runs out. Everyone aboard wins; "
        "everyone left behind loses.",
        "Start: each leader picks a civilization, which makes one standard action better.",
        "A round: clockwise from the holder of the 1st Player Coin, each leader takes one "
        "action: produce 2 Resources, indoctrinate 1 Influence, propagandize (pay 1 Resource, "
        "steal 1 Influence), invade (pay 1 Influence, steal 2 Resources) or nuke (pay 8 "
        "Resources, eliminate a leader).",
        "Then anyone may put Resources into the Project at any time, never taking any back; "
        "the phase ends when nobody has raised for a few seconds (8 unless the table says). "
        "The top contributor takes the coin and 1 Influence and draws an event; a tie is "
        "settled by a vote of the living leaders.",
        "Events may be public or secret (clandestine) and can change any rule, including how "
        "to win. Every token is public. A slow leader may be pressured: at the end of a "
        "10-second countdown they are eliminated.",
        "End of Days: the Project's Resources buy seats (40 for the first, one more per 10, "
        "at most 10; less in proportion on a clock under 15 minutes). Leaders board by "
        "Influence, then Resources, then a vote.",
    ]
)


def _create(players: int, seed: int, options: dict[str, Any]) -> WereDoomedState:
    return WereDoomedState(players, seed, options)


SPEC = GameSpec(
    name=GAME,
    title="We're Doomed!",
    min_players=4,
    max_players=10,
    create=_create,
    state_class=WereDoomedState,
    default_options={"minutes": 15, "realtime": False, "event_order": "", "quiet": QUIET_SECONDS},
    aliases=("weredoomed", "doomed"),
    summary="15 minutes to build a rocket: produce, steal, contribute, vote, board by Influence.",
    cards=card_dicts,
    card_identity=CARD_IDENTITY,
    # "The event deck is not shuffled between games": each host keeps its order.
    carry_over=CarryOver("event_order", order_left),
    option_schema={
        "minutes": OptionSpec(float, "length of the game clock in minutes", minimum=0, maximum=120),
        "quiet": OptionSpec(
            float, "seconds without a raise that close a Contribute phase", minimum=1, maximum=60
        ),
        "realtime": OptionSpec(bool, "the clock follows the wall clock (the terminal sets it)"),
        "event_order": OptionSpec(str, "the event deck's order kept from earlier games"),
    },
    rules_summary=RULES_SUMMARY,
    terminal_table="doomtable.cli.render_were_doomed",
    web_page="doomtable.web.pages.were_doomed",
)

__all__ = ["CIVILIZATIONS", "EVENTS", "SPEC", "WereDoomedState", "card_dicts", "seat_count"]
