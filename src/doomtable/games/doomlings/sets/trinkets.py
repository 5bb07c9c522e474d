"""Trinkets and merchants (Imaginary Ends): a deck of trinkets beside the game, each with an
Awesome Power its holder lives with and a Pocket Objective that scores it, and the merchants
who trade them after each catastrophe but the last. The reading is in docs/rulings.md."""

from __future__ import annotations

from doomtable.games.doomlings.cards import (
    BLUE,
    COLORLESS,
    GREEN,
    PURPLE,
    RED,
    Deal,
    Goal,
    Merchant,
    Objective,
    Power,
    PowerKind,
    TraitTest,
    Trinket,
)
from doomtable.games.doomlings.sets import CardSet

K = PowerKind
T = TraitTest


def _no(test: TraitTest) -> Power:
    return Power(K.CANNOT_PLAY, test)


def _draw_on(color: int) -> Power:
    return Power(K.DRAW_ON_PLAY, T(color=color))


TO_FOUR = Power(K.STABILIZE_TO, n=4)
ONE_PLAY = Power(K.ONE_PLAY_PER_TURN)
PREVENT = Power(K.PREVENT_OWN_ACTIONS)

SET = CardSet(
    name="trinkets",
    title="Trinkets and Merchants",
    summary="A trinket each: live with its power, meet its objective to pocket its value; "
    "merchants trade trinkets after each catastrophe.",
    traits=(),
    trinkets=(
        Trinket(
            "Anxiety Elixir",
            2,
            Power(K.TURN_START_DISCARD_DOMINANTS),
            Objective(Goal.REVEAL, 2, T(color=RED)),
        ),
        Trinket("Apathy Stone", 2, _no(T(color=BLUE)), Objective(Goal.PLAY, 1, T(color=COLORLESS))),
        Trinket("Bottled Air", 2, ONE_PLAY, Objective(Goal.REVEAL, 2, T(color=BLUE))),
        Trinket("Chu Box", 2, _no(T(dominant=True)), Objective(Goal.REVEAL, 2, T(color=GREEN))),
        Trinket("Collector's Cap", 1, _draw_on(RED), Objective(Goal.REVEAL, 1, T(color=PURPLE))),
        Trinket("Crackle Ore", 4, TO_FOUR, Objective(Goal.DRAW, 2)),
        Trinket("Dimming Hat", 2, PREVENT, Objective(Goal.PLAY, 1, T(action=True))),
        Trinket(
            "Fool's Gold",
            4,
            _no(T(dominant=True)),
            Objective(Goal.HAND_DISCARD, 1, T(dominant=True)),
        ),
        Trinket(
            "Forbidden Mushroom", 1, _draw_on(PURPLE), Objective(Goal.REVEAL, 1, T(color=BLUE))
        ),
        Trinket(
            "Galaxy in a Jar",
            4,
            _no(T(min_face=1, max_face=1)),
            Objective(Goal.REVEAL, 2, T(dominant=True)),
        ),
        Trinket(
            "Gilded Lily",
            2,
            Power(K.DRAW_ONLY_STABILIZING),
            Objective(Goal.REVEAL, 2, T(color=COLORLESS)),
        ),
        Trinket(
            "Glass Hammer",
            3,
            _no(T(action=True)),
            Objective(Goal.HAND_DISCARD, 1, T(color=RED | GREEN)),
        ),
        Trinket("Glitter Pouch", 3, _no(T(color=BLUE)), Objective(Goal.PILE, 3, T(color=GREEN))),
        Trinket(
            "Half-Off Sandwich",
            1,
            Power(K.NO_NEGATIVE_INTO_PILE),
            Objective(Goal.PLAY, 1, T(min_face=2)),
        ),
        Trinket(
            "Harmonic Sea Shell",
            3,
            _no(T(color=PURPLE)),
            Objective(Goal.PILE, 3, T(color=COLORLESS)),
        ),
        Trinket(
            "Invisible Painting",
            1,
            Power(K.TURN_START_MAY_PLAY, TraitTest(effectless=True)),
            Objective(Goal.PLAY, 1, T(effectless=True)),
        ),
        Trinket("Izzy", 5, _no(T(color=COLORLESS)), Objective(Goal.REVEAL_COLORS, 4)),
        Trinket(
            "Lemony Lemons", 2, _no(T(color=COLORLESS)), Objective(Goal.PLAY, 1, T(color=GREEN))
        ),
        Trinket("Muffins", 4, _no(T(min_face=3)), Objective(Goal.PILE, 2, T(max_face=-1))),
        Trinket(
            "Mysterious Lantern", 2, _no(T(color=PURPLE)), Objective(Goal.PLAY, 1, T(color=RED))
        ),
        Trinket(
            "Omniscient Ball",
            2,
            _no(T(effectless=True)),
            Objective(Goal.REVEAL, 2, T(color=COLORLESS)),
        ),
        Trinket(
            "Party Mask",
            2,
            _no(T(drop_of_life=True)),
            Objective(Goal.HAND_DISCARD, 1, T(color=BLUE | PURPLE)),
        ),
        Trinket(
            "Perpetual Motion Machine",
            3,
            _no(T(color=COLORLESS)),
            Objective(Goal.PILE, 3, T(color=RED)),
        ),
        Trinket("Philosopher's Key", 5, ONE_PLAY, Objective(Goal.PILE_EACH_COLOR, 2)),
        Trinket("Pointy Stick", 2, _no(T(color=RED)), Objective(Goal.PLAY, 1, T(color=PURPLE))),
        Trinket(
            "Shade Berry",
            5,
            Power(K.DISCARD_OWN_DOMINANT),
            Objective(Goal.PILE_REMOVAL, 1, T(dominant=True)),
        ),
        Trinket("Silby Bark", 2, PREVENT, Objective(Goal.REVEAL, 2, T(color=PURPLE))),
        Trinket("Spyglass", 1, _draw_on(BLUE), Objective(Goal.REVEAL, 1, T(color=GREEN))),
        Trinket("T.O.M. Four", 4, Power(K.OPPONENTS_MAY_DRAW), Objective(Goal.REVEAL_COLORS, 3)),
        Trinket("Terror Root", 3, _no(T(color=GREEN)), Objective(Goal.PILE, 3, T(color=BLUE))),
        Trinket(
            "Tiny House", 1, Power(K.TURN_START_MAY_DISCARD), Objective(Goal.PLAY, 1, T(min_face=2))
        ),
        Trinket(
            "Tome of Common Knowledge",
            2,
            _no(T(color=GREEN)),
            Objective(Goal.PLAY, 1, T(color=BLUE)),
        ),
        Trinket(
            "Tome of Hidden Knowledge",
            3,
            _no(T(color=RED)),
            Objective(Goal.PILE, 3, T(color=PURPLE)),
        ),
        Trinket(
            "Treasure Goggles",
            1,
            Power(K.TURN_START_DRAW),
            Objective(Goal.PLAY, 1, T(min_face=1, max_face=1)),
        ),
        Trinket("Unicorn Horn", 1, _draw_on(GREEN), Objective(Goal.REVEAL, 1, T(color=RED))),
        Trinket(
            "Unlabeled Vial",
            3,
            Power(K.NO_PLAYS_OFF_TURN),
            Objective(Goal.PILE, 2, T(dominant=True)),
        ),
        Trinket("Unsolvable Puzzle", 1, TO_FOUR, Objective(Goal.PLAY, 1, T(action=True))),
        Trinket("Unusual Tooth", 3, TO_FOUR, Objective(Goal.PLAY, 1, T(max_face=-1))),
        Trinket("Weird Map", 4, Power(K.TURN_START_DISCARD), Objective(Goal.PILE_SAME_COLOR, 4)),
        Trinket("World's End Insurance", 2, Power(K.POCKET_AT_WORLDS_END), Objective(Goal.PLAY, 2)),
    ),
    merchants=(
        # Copies as the set codes number them: Toddles MGMC 01-04, Fowler 05-08, Huk 09-10,
        # Bon 11 (docs/rulings.md).
        Merchant("Toddles", Deal.BUY, copies=4),
        Merchant("Fowler", Deal.EXCHANGE, copies=4),
        Merchant("Huk", Deal.COLLECT, copies=2),
        Merchant("Bon", Deal.BARGAIN, copies=1),
    ),
)
