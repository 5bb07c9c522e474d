"""The card set as data: its size and coverage, generated text, legal decks, and every card's
effect applied on a prepared table (a card whose effect does nothing fails here)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from doomtable.engine import new_game
from doomtable.games.doom_pile import card_dicts, deck_problems, precon_deck, precon_names
from doomtable.games.doom_pile.card_set import SUBTYPES
from doomtable.games.doom_pile.cards import (
    ARTIFICE,
    MINION,
    ON_ALLY_RESOLVES,
    ON_ARTIFICE_DESTROYED,
    ON_ATTACKS,
    ON_DIES,
    ON_MAINTENANCE,
    ON_MINION_KILLED,
    ON_PLAYED,
    ON_SACRIFICE,
    ON_TARGETED,
    PLOT,
    CardDef,
    Effect,
)
from doomtable.games.doom_pile.data import CARD_DEFS, PLAN_DEFS
from doomtable.games.doom_pile.game import DoomPileState

KEYWORDS = ("Target", "Burn", "Thwart", "Stack", "Restack", "Inter", "Revive", "ON COMMAND", "COST")

# What an effect step leaves in the event log when it applies.
EVENT_OF = {
    "draw": "draw",
    "burn": "burn",
    "burn_all": "burn",
    "thwart": "thwarted",
    "stack": "stack",
    "restack": "restack",
    "inter": "interred",
    "revive": "revived",
    "kill": "killed",
    "destroy": "destroyed",
    "hasten": "hasten",
    "delay": "delay",
    "recall": "played",
    "rewind": "rewind",
    "empower": "empower",
    "sacrifice": "sacrificed",
}


def test_set_size_subtypes_and_plans() -> None:
    assert len(CARD_DEFS) >= 100
    assert len({d.name for d in CARD_DEFS}) == len(CARD_DEFS)
    for subtype in SUBTYPES:
        kinds = {d.kind for d in CARD_DEFS if d.subtype == subtype}
        assert kinds == {PLOT, MINION, ARTIFICE}, subtype
    assert len(SUBTYPES) >= 5
    assert len(PLAN_DEFS) >= 12
    goals = {p.goal for p in PLAN_DEFS}
    assert {"sacrifice", "resolve_big", "minions", "artifices"} <= goals


def test_every_keyword_is_on_at_least_three_cards() -> None:
    uses = Counter(word for d in CARD_DEFS for word in d.keywords)
    for word in KEYWORDS:
        assert uses[word] >= 3, (word, uses[word])


def test_text_is_generated_from_the_definition() -> None:
    spark = next(d for d in CARD_DEFS if d.name == "Spark Test")
    assert spark.text == "RESOLVES: Burn target Minion or Artifice for 2."
    ray = next(d for d in CARD_DEFS if d.name == "Death Ray")
    assert ray.text == "ON COMMAND Discard 1 card — Burn target Minion or Artifice for 3."
    ghoul = next(d for d in CARD_DEFS if d.name == "Crypt Ghoul")
    assert ghoul.text == "If this card is killed or destroyed, you can: Draw 1 card."
    assert all(entry["text"] or entry["kind"] == MINION for entry in card_dicts())


def test_stack_text_says_whose_deck_the_card_goes_to() -> None:
    texts = {d.name: d.text for d in CARD_DEFS}
    assert texts["Back to the Drawing Board"] == (
        "RESOLVES: Stack target card in an opponent's countdown on top of its owner's deck."
    )
    assert texts["Grave Robber"] == (
        "ON COMMAND — Stack target card in your discard pile on top of your deck."
    )
    assert "Stack a card from your hand on top of your deck." in texts["Eager Initiate"]


def test_preconstructed_decks_are_legal() -> None:
    names = precon_names()
    assert len(names) >= 5
    for name in names:
        assert deck_problems(precon_deck(name)) == [], name


def test_deck_problems_name_each_fault() -> None:
    deck = {
        "plan": "Rise Agian",
        "cards": [
            {"name": "Grave Call", "copies": 4},
            {"name": "Overclock", "copies": 3},
            {"name": "Bone Knigt", "copies": 2},
            {"name": "Conquest", "copies": 1},
        ],
    }
    problems = deck_problems(deck)
    assert "unknown Master Plan 'Rise Agian' (did you mean 'Rise Again'?)" in problems
    assert "Grave Call: 4 copies, but a deck may hold at most 3" in problems
    assert "Overclock: 3 copies, but the limit list allows 2" in problems
    assert "unknown card 'Bone Knigt' (did you mean 'Bone Knight'?)" in problems
    assert "Conquest is a Master Plan: it goes under 'plan', not in the deck" in problems
    assert "the deck has 10 cards; it must have exactly 30" in problems


# --------------------------------------------------------------------- every card's effect

FILLER = ["Footsoldier"] * 8
BOARD: dict[int, dict[str, Any]] = {
    0: {
        "plan": "Overflowing Crypt",
        "hand": ["Corpse Hound", "Footsoldier"],
        "field": ["Bone Knight", "Tomb Door"],
        "countdown": ["Siege Ogre:3"],
        "discard": ["Corpse Hound", "Spark Test", "Watchtower"],
        "deck": FILLER,
    },
    1: {
        "plan": "Overflowing Crypt",
        "hand": ["Footsoldier"],
        "field": ["Shield Bearer", "Berserker", "Watchtower"],
        "countdown": ["Footsoldier:1", "Bone Knight:3"],
        "discard": ["Corpse Hound", "Ambush"],
        "deck": FILLER,
    },
}


def _table(card: CardDef, where: str, **changes: Any) -> DoomPileState:
    players = {
        p: {k: list(v) if isinstance(v, list) else v for k, v in spec.items()}
        for p, spec in BOARD.items()
    }
    start = changes.pop("start", "turn")
    turn_player = changes.pop("turn_player", 0)
    for key, value in changes.items():
        p, zone = key.split("_", 1)
        players[int(p[1:])][zone] = value
    if where:
        owner = players[0]
        owner[where] = [*owner[where], card.name + (":1" if where == "countdown" else "")]
    state = new_game("doom-pile", 2, 0, {"decks": ["warlord", "warlord"]})
    assert isinstance(state, DoomPileState)
    state.setup_scenario({"players": players, "turn_player": turn_player, "start": start})
    return state


def _drive(state: DoomPileState, wanted: list[str], until_turns: int = 1) -> None:
    """Answer every decision, preferring ``wanted`` labels (once each), ``yes``, then the
    first option, until ``until_turns`` more turns have begun."""
    turns = sum(state.turns_taken) + until_turns
    todo = list(wanted)
    for _ in range(300):
        if state.pending is None or sum(state.turns_taken) > turns:
            return
        labels = state.labels()
        pick = next((w for w in todo if w in labels), None)
        if pick is not None:
            todo.remove(pick)
        elif "yes" in labels:
            pick = "yes"
        elif "end the phase" in labels and state.pending.kind in ("plot", "attack"):
            pick = "end the phase"
        else:
            pick = labels[0]
        state.apply(state.pending.player, pick)


def _since_setup(state: DoomPileState) -> int:
    """Where the last scenario setup began in the event log."""
    return max(i for i, e in enumerate(state.events) if e[0] == "scenario")


def _effects_seen(state: DoomPileState, start: int, effects: tuple[Effect, ...]) -> None:
    events = state.events[start:]
    kinds = Counter(e[0] for e in events)
    draws = sum(e[0] == "draw" and e[1] == 0 for e in events)
    draw_phases = sum(e[0] == "draw_phase" and e[1] == 0 for e in events)
    wanted = sum(e.n for e in effects if e.op == "draw")
    # Player 0's Draw Phases draw too: the effect's draws come on top of them.
    assert draws >= draw_phases + wanted, state.log_lines(0, start)
    for effect in effects:
        assert kinds[EVENT_OF[effect.op]] >= 1, (effect.op, state.log_lines(0, start))


TRIGGER_SETUPS: dict[str, tuple[dict[str, Any], list[str]]] = {
    ON_PLAYED: ({"start": "plot"}, ["play Corpse Hound"]),
    ON_ALLY_RESOLVES: ({"p0_countdown": ["Corpse Hound:1"]}, []),
    ON_MINION_KILLED: ({"start": "plot", "p0_hand": ["Blood Offering"]}, ["play Blood Offering"]),
    ON_SACRIFICE: ({"start": "plot", "p0_hand": ["Blood Offering"]}, ["play Blood Offering"]),
    ON_ARTIFICE_DESTROYED: ({"start": "plot", "p1_field": ["Watchtower"]}, []),
    ON_MAINTENANCE: ({"start": "end"}, []),
    ON_ATTACKS: ({"start": "attack"}, []),
}


@pytest.mark.parametrize("card", CARD_DEFS, ids=lambda d: d.name)
def test_every_card_effect_applies(card: CardDef) -> None:
    if card.resolves:
        state = _table(card, "countdown")
        mark = _since_setup(state)
        _drive(state, [])
        _effects_seen(state, mark, card.resolves)
    for trigger in card.triggers:
        changes, wanted = TRIGGER_SETUPS.get(trigger.when, ({}, []))
        changes = dict(changes)
        if trigger.when == ON_ARTIFICE_DESTROYED:
            # Player 0 destroys its own Artifice as a cost (Scrap Heap).
            changes["p0_field"] = ["Scrap Heap"]
            wanted = ["command Scrap Heap"]
        if trigger.when == ON_DIES:
            changes.update(start="plot", p0_hand=["Blood Offering"], p0_field=[])
            wanted = ["play Blood Offering"]
        if trigger.when == ON_ATTACKS:
            changes["p0_field"] = []
            wanted = [
                f"{card.name} {card.strength}/{card.health} (player 0) attacks "
                "Shield Bearer 1/4 (player 1)"
            ]
        if trigger.when == ON_TARGETED:
            # Player 1 attacks it (an Artifice can be attacked once player 0 has no Minion).
            changes = {"p0_field": [], "p1_field": ["Berserker"]}
            state = _table(card, "field", turn_player=1, start="attack", **changes)
            mark = _since_setup(state)
            health = f"{card.strength}/{card.health}" if card.kind == MINION else str(card.health)
            _drive(state, [f"Berserker 3/2 (player 1) attacks {card.name} {health} (player 0)"])
            _effects_seen(state, mark, trigger.effects)
            continue
        state = _table(card, "field", **changes)
        mark = _since_setup(state)
        _drive(state, wanted)
        _effects_seen(state, mark, trigger.effects)
    if card.command:
        state = _table(card, "field", start="plot")
        mark = _since_setup(state)
        _drive(state, [f"command {card.name}"])
        _effects_seen(state, mark, card.command.effects)
    if card.kind == PLOT or not (card.resolves or card.triggers or card.command):
        # Vanilla cards and Plots: the card reaches its zone when it resolves.
        state = _table(card, "countdown")
        _drive(state, [])
        assert (
            card.name in state.snapshot()["players"][0]["discard" if card.kind == PLOT else "field"]
        )


SCENARIO_DIR = Path(__file__).resolve().parents[2] / "scenarios" / "doom-pile"


def test_every_card_and_master_plan_has_a_scenario_naming_it() -> None:
    names = [
        scenario["name"].casefold()
        for path in sorted(SCENARIO_DIR.glob("*.yaml"))
        for scenario in yaml.safe_load(path.read_text(encoding="utf-8"))["scenarios"]
    ]
    missing = [
        d.name
        for d in (*CARD_DEFS, *PLAN_DEFS)
        if not any(d.name.casefold() in name for name in names)
    ]
    assert missing == [], f"no scenario in {SCENARIO_DIR} names: {', '.join(missing)}"
