"""What players read: option labels, each seat's view, the scenario snapshot and the event log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from doomtable.engine import Option
from doomtable.games.doom_pile.cards import (
    COUNTDOWN,
    FIELD,
    HAND,
)
from doomtable.games.doom_pile.data import (
    CARD_DEFS,
    GAME,
    HAND_SIZE,
    HEALTH,
    IS_MINION,
    IS_PLOT,
    NAME,
    PLAN_DEFS,
    START,
    TALLY_NAMES,
)
from doomtable.games.doom_pile.rules import DoomPileRules
from doomtable.games.doom_pile.scoring import plan_progress
from doomtable.games.doom_pile.state import HIDDEN, owner_of

FIXED_LABELS: Final = {
    "keep": "keep this order",
    "shuffle": "shuffle the rest",
    "auto": "auto-stack (quick cards on top)",
    "end": "end the phase",
    "yes": "yes",
    "no": "no",
}


def label(s: DoomPileRules, option: Option) -> str:
    verb = option[0]
    if verb in FIXED_LABELS:
        return FIXED_LABELS[verb]
    if verb == "next":
        return f"put {NAME[s.defs[option[1]]]} next"
    if verb == "play":
        return f"play {NAME[s.defs[option[1]]]}"
    if verb == "command":
        return f"command {NAME[s.defs[option[1]]]}"
    if verb == "resolve":
        return f"resolve {NAME[s.defs[option[1]]]}"
    if verb == "first":
        return f"activate {NAME[s.defs[option[1]]]}"
    if verb in ("pay", "target"):
        return f"{verb} {card_text(s, option[1])}"
    if verb == "attack":
        return f"{card_text(s, option[1])} attacks {card_text(s, option[2])}"
    raise ValueError(f"not a Doom Pile option: {option!r}")


def card_text(s: DoomPileRules, card: int) -> str:
    """A card as choices name it: name, whose zone, and its numbers there."""
    d = s.defs[card]
    q = owner_of(card)
    zone = s.zone_of(card)
    name = NAME[d]
    if zone == FIELD:
        if IS_MINION[d]:
            return f"{name} {s.strength(card)}/{s.health_left(card)} (player {q})"
        return f"{name} {s.health_left(card)} (player {q})"
    if zone == COUNTDOWN:
        return f"{name} [{s.count[card]}] (player {q}'s countdown)"
    if zone == HAND:
        return f"{name} (hand)"
    return f"{name} (player {q}'s discard)"


def card_entry(s: DoomPileRules, card: int) -> dict[str, Any]:
    d = s.defs[card]
    entry: dict[str, Any] = {"name": NAME[d], "kind": CARD_DEFS[d].kind}
    if not IS_PLOT[d]:
        entry["health"] = s.health_left(card)
        entry["max_health"] = HEALTH[d]
    if IS_MINION[d]:
        entry["strength"] = s.strength(card)
    return entry


def plan_entry(s: DoomPileRules, p: int) -> dict[str, Any]:
    plan = PLAN_DEFS[s.plans[p]]
    value, needed = plan_progress(s, p)
    return {"name": plan.name, "text": plan.text, "progress": [value, needed]}


def view(s: DoomPileRules, player: int) -> dict[str, Any]:
    """What ``player`` may see: every countdown (with counts), field (Strength/Health),
    discard pile and the interred cards; hand and deck sizes; the Master Plans once
    revealed (one's own always); one's own hand and deck order (top first)."""
    players = []
    for q in range(s.players):
        entry: dict[str, Any] = {
            "plan": plan_entry(s, q) if s.revealed or q == player else None,
            "hand_size": len(s.hand[q]),
            "deck_size": len(s.deck[q]),
            "countdown": [
                {**card_entry(s, c), "count": s.count[c], "start": START[s.defs[c]]}
                for c in s.countdown[q]
            ],
            "field": [card_entry(s, c) for c in s.field[q]],
            "discard": [NAME[s.defs[c]] for c in s.discard[q]],
            "tally": dict(zip(TALLY_NAMES, s.tally[q], strict=False)),
            "turns": s.turns_taken[q],
        }
        if q == player:
            entry["hand"] = [
                {
                    **card_entry(s, c),
                    "countdown": START[s.defs[c]],
                    "text": CARD_DEFS[s.defs[c]].text,
                }
                for c in s.hand[q]
            ]
            entry["deck"] = [NAME[s.defs[c]] for c in reversed(s.deck[q])]
        players.append(entry)
    decision = s._pending
    due: dict[str, Any] | None = None
    if decision is not None:
        due = {"player": decision.player}
        if decision.player == player:
            due.update(prompt=decision.prompt, options=s.labels())
    return {
        "game": GAME,
        "you": player,
        "players": players,
        "interred": [NAME[s.defs[c]] for c in s.interred],
        "turn_player": s.turn_player,
        "turn": sum(s.turns_taken),
        "phase": s.phase,
        "decision": due,
        "game_over": s.over,
        "winners": list(s.winner_list),
        "end_reason": s.end_reason,
    }


def snapshot(s: DoomPileRules) -> dict[str, Any]:
    players = []
    for q in range(s.players):
        names = s.defs
        players.append(
            {
                "plan": PLAN_DEFS[s.plans[q]].name,
                "hand": [NAME[names[c]] for c in s.hand[q]],
                "hand_size": len(s.hand[q]),
                "deck": [NAME[names[c]] for c in reversed(s.deck[q])],
                "deck_size": len(s.deck[q]),
                "countdown": [f"{NAME[names[c]]}:{s.count[c]}" for c in s.countdown[q]],
                "field": [NAME[names[c]] for c in s.field[q]],
                "health": [s.health_left(c) for c in s.field[q]],
                "strength": [s.strength(c) if IS_MINION[names[c]] else None for c in s.field[q]],
                "discard": [NAME[names[c]] for c in s.discard[q]],
                **dict(zip(TALLY_NAMES, s.tally[q], strict=False)),
                "turns": s.turns_taken[q],
            }
        )
    return {
        "players": players,
        "interred": [NAME[s.defs[c]] for c in s.interred],
        "turn_player": s.turn_player,
        "phase": s.phase,
        "revealed": s.revealed,
        "rounds": max(s.turns_taken),
        "game_over": s.over,
        "winners": list(s.winner_list),
        "end_reason": s.end_reason,
        "options": s.labels(),
        "waiting": [NAME[s.defs[c]] for _, c, _ in s.triggered],
    }


def event_text(s: DoomPileRules, event: tuple[Any, ...], viewer: int | None) -> str | None:
    kind = event[0]
    if kind == "draw":
        _, p, card = event
        if viewer == p and card != HIDDEN:
            return f"player {p} draws {_n(s, card)}"
        return f"player {p} draws a card"
    if kind == "stack" and event[2] == HAND:
        p = event[3] if event[1] == HIDDEN else owner_of(event[1])
        shown = _n(s, event[1]) if viewer == p and event[1] != HIDDEN else "a card"
        return f"player {p} Stacks {shown} from their hand on top of their deck"
    text = EVENT_TEXT.get(kind)
    if text is None or (kind == "arranged" and event[3] != "stack"):
        return None
    return text(s, event)


# --------------------------------------------------------------------- event log


def _n(s: DoomPileRules, card: int) -> str:
    return NAME[s.defs[card]]


def _who(card: int) -> str:
    return f"player {owner_of(card)}'s"


EVENT_TEXT: Final[dict[str, Callable[[DoomPileRules, tuple[Any, ...]], str]]] = {
    "setup": lambda s, e: f"{e[1]} players stack their decks in secret",
    "scenario": lambda s, e: "the table is arranged for a scenario",
    "arranged": lambda s, e: f"player {e[1]} has stacked their deck",
    "reveal": lambda s, e: (
        "Master Plans revealed: "
        + "; ".join(f"player {p}: {PLAN_DEFS[i].name}" for p, i in enumerate(e[1]))
    ),
    "first": lambda s, e: f"player {e[1]} goes first; everyone draws {HAND_SIZE}",
    "turn": lambda s, e: f"— player {e[1]}'s turn {e[2]} —",
    "empty_draw": lambda s, e: f"player {e[1]} has no card to draw",
    "skip_draw": lambda s, e: f"player {e[1]} skips their first Draw Phase",
    "played": lambda s, e: (
        f"player {e[1]} plays {_n(s, e[2])} into countdown ({START[s.defs[e[2]]]})"
    ),
    "command": lambda s, e: f"player {e[1]} commands {_n(s, e[2])}",
    "resolves": lambda s, e: f"{_n(s, e[2])} resolves for player {e[1]}",
    "activates": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} activates",
    "attack": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} attacks {_who(e[2])} {_n(s, e[2])}",
    "attack_fizzles": lambda s, e: f"{_n(s, e[1])}'s attack on {_n(s, e[2])} does nothing",
    "hit": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} takes {e[2]} damage",
    "burn": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} is burned for {e[2]}",
    "killed": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} is killed",
    "sacrificed": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} is sacrificed",
    "destroyed": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} is destroyed",
    "thwarted": lambda s, e: f"player {e[2]} Thwarts {_who(e[1])} {_n(s, e[1])}",
    "stack": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} is Stacked on top of their deck",
    "restack": lambda s, e: f"player {e[1]} Restacks the top {e[2]} cards of their deck",
    "interred": lambda s, e: f"player {e[2]} Inters {_who(e[1])} {_n(s, e[1])}",
    "revived": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} is Revived",
    "hasten": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} counts down {e[2]} more",
    "delay": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} is delayed by {e[2]}",
    "rewind": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} returns to countdown",
    "empower": lambda s, e: f"{_who(e[1])} {_n(s, e[1])} gets +{e[2]} Strength this turn",
    "discarded": lambda s, e: f"player {e[1]} discards {_n(s, e[2])}",
    "game_over": lambda s, e: (
        f"game over ({e[2]}): " + (", ".join(f"player {p}" for p in e[1]) or "nobody") + " wins"
    ),
}
