"""Doom Pile rush search: how early can a legal deck meet each Master Plan?

For every Master Plan, rush decks are built from the cards that feed it (the Minions for a
plan that counts Minions, the sacrifice outlets for one that counts sacrifices, the slow cards
and the hastes for one that counts time-expensive cards, ...), in several variants (with or
without the draw engines, draws first), plus each shipped deck's list under that plan; each
is stacked the "rush" way: the plan's cards in the order that meets it first (lowest Starting
Countdown on top), the rest under them. Each variant plays ``--games`` games against a
greedy opponent with a preconstructed deck (the rusher a greedy bot too), taking the first
turn in half of them.

Prints, per plan, the best variant's share of games won before the owner's 4th turn and its
fastest win (in the owner's turns). The bound in docs/rulings.md: no legal deck wins before
its owner's 4th turn in more than 5% of games against a greedy opponent.

``.venv/bin/python bench/doom_pile_rush.py --games 6``
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from doomtable.bots import make_bot
from doomtable.bots.base import InfoSet
from doomtable.engine import new_game
from doomtable.games.doom_pile import (
    CARD_DEFS,
    PLAN_DEFS,
    copy_limit,
    precon_deck,
    precon_names,
)
from doomtable.games.doom_pile.cards import (
    ARTIFICE,
    BURN,
    BURN_ALL,
    COST_DISCARD,
    COST_SACRIFICE,
    DESTROY,
    DRAW,
    HASTEN,
    INTER,
    KILL,
    MINION,
    PLAN_ARTIFICES,
    PLAN_COUNTDOWN,
    PLAN_DESTROY,
    PLAN_DISCARD,
    PLAN_INTER,
    PLAN_KILL,
    PLAN_MINIONS,
    PLAN_MIXED,
    PLAN_RESOLVE_BIG,
    PLAN_REVIVE,
    PLAN_SACRIFICE,
    PLAN_SUBTYPES,
    PLAN_THWART,
    PLOT,
    REVIVE,
    SACRIFICE,
    THWART,
    CardDef,
    PlanDef,
)

EARLY_TURN = 4
"""A win during the owner's turns before this one is a rush."""


def _ops(card: CardDef) -> set[str]:
    effects = [*card.resolves, *(e for t in card.triggers for e in t.effects)]
    if card.command:
        effects.extend(card.command.effects)
    return {e.op for e in effects}


def _draws(card: CardDef) -> bool:
    return DRAW in _ops(card) or (card.command is not None and DRAW in _ops(card))


def _feeds(plan: PlanDef) -> Callable[[CardDef], bool]:
    """Whether a card helps meet ``plan`` directly."""
    goal = plan.goal
    if goal == PLAN_MINIONS:
        return lambda c: c.kind == MINION
    if goal == PLAN_ARTIFICES:
        return lambda c: c.kind == ARTIFICE
    if goal in (PLAN_MIXED, PLAN_SUBTYPES):
        return lambda c: c.kind != PLOT
    if goal == PLAN_SACRIFICE:
        return lambda c: (
            c.kind == MINION
            or SACRIFICE in _ops(c)
            or (c.cost is not None and c.cost.kind == COST_SACRIFICE)
            or (c.command is not None and c.command.cost is not None)
        )
    if goal == PLAN_RESOLVE_BIG:
        return lambda c: c.countdown >= plan.n or HASTEN in _ops(c)
    if goal == PLAN_COUNTDOWN:
        return lambda c: c.countdown >= 2
    if goal == PLAN_DISCARD:
        return lambda c: c.kind == PLOT or (c.cost is not None and c.cost.kind == COST_DISCARD)
    wanted = {
        PLAN_KILL: {KILL, BURN, BURN_ALL},
        PLAN_DESTROY: {DESTROY, BURN, BURN_ALL},
        PLAN_THWART: {THWART},
        PLAN_INTER: {INTER},
        PLAN_REVIVE: {REVIVE},
    }[goal]
    return lambda c: bool(wanted & _ops(c)) or (c.kind == MINION and c.countdown <= 1)


def _speed(card: CardDef, plan: PlanDef) -> int:
    """How soon a card does its part: a time-expensive card for The Endless Night is wanted
    as soon as a quick one for the others."""
    if plan.goal == PLAN_RESOLVE_BIG and card.countdown >= plan.n:
        return 0
    if plan.goal == PLAN_COUNTDOWN:
        return -card.countdown
    return card.countdown


def rush_decks(plan: PlanDef) -> dict[str, dict[str, Any]]:
    """Rush variants for ``plan``: each a legal deck in the order it is stacked (top first)."""
    feeds = _feeds(plan)
    pool = sorted(CARD_DEFS, key=lambda c: (_speed(c, plan), c.name))
    variants = {
        "plan cards": [c for c in pool if feeds(c)],
        "plan cards and draws": [c for c in pool if feeds(c) or _draws(c)],
        "draws first": sorted(
            [c for c in pool if feeds(c) or _draws(c)],
            key=lambda c: (not _draws(c) or c.countdown > 1, _speed(c, plan), c.name),
        ),
    }
    decks = {}
    for label, cards in variants.items():
        entries = []
        total = 0
        for card in [*cards, *(c for c in pool if c not in cards)]:
            copies = min(copy_limit(card.name), 30 - total)
            if copies > 0:
                entries.append({"name": card.name, "copies": copies})
                total += copies
        decks[label] = {"name": f"rush {plan.name}", "plan": plan.name, "cards": entries}
    speed = {c.name: _speed(c, plan) for c in CARD_DEFS}
    for name in precon_names():
        # Each shipped deck's list under this plan, its quickest cards on top.
        cards = sorted(precon_deck(name)["cards"], key=lambda e: speed[e["name"]])
        decks[f"{name} list"] = {"name": name, "plan": plan.name, "cards": cards}
    return decks


def play(deck: dict[str, Any], opponent: str, rusher_first: bool, seed: int) -> int | None:
    """The rusher's turn count when it won, or ``None``."""
    seats = [deck, opponent] if rusher_first else [opponent, deck]
    rusher = 0 if rusher_first else 1
    options = {"decks": seats, "stacking": "choose", "first_player": 0, "max_turns": 12}
    # The rusher keeps its own order (the rush stacking); the opponent auto-stacks.
    state = new_game("doom-pile", 2, seed, options)
    while not state.revealed and state.pending is not None:
        p = state.pending.player
        state.apply(p, "keep this order" if p == rusher else "auto-stack (quick cards on top)")
    state.play_without_humans()
    bots = [make_bot("greedy", seed), make_bot("greedy", seed + 1)]
    while (decision := state.pending) is not None:
        state.apply(decision.player, bots[decision.player].choose(InfoSet(state, decision)))
    if state.winners() == [rusher]:
        turns: int = state.turns_taken[rusher]  # type: ignore[attr-defined]
        return turns
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per rush variant")
    parser.add_argument("--plan", default="", help="only this Master Plan")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    opponents = precon_names()
    worst = 0.0
    for plan in PLAN_DEFS:
        if args.plan and plan.name.casefold() != args.plan.casefold():
            continue
        best: tuple[float, int, str] = (-1.0, -99, "")
        for label, deck in rush_decks(plan).items():
            wins = []
            for game in range(args.games):
                opponent = opponents[game % len(opponents)]
                seed = args.seed * 1000 + game
                wins.append(play(deck, opponent, game % 2 == 0, seed))
            turns = [t for t in wins if t is not None]
            early = sum(t < EARLY_TURN for t in turns) / len(wins)
            fastest = min(turns, default=99)
            best = max(best, (early, -fastest, label), key=lambda b: (b[0], b[1]))
            # best: the highest share of early wins, then the fastest win
            print(
                f"  {plan.name:22} {label:22} early {early:5.0%}  wins {len(turns)}/{len(wins)}"
                f"  fastest {fastest if turns else '-'}",
                flush=True,
            )
        worst = max(worst, best[0])
        fastest_text = -best[1] if best[1] > -99 else "-"
        print(
            f"{plan.name}: worst rush wins before turn {EARLY_TURN} in {best[0]:.0%} of games "
            f"({best[2]}), fastest win on turn {fastest_text}",
            flush=True,
        )
    print(f"worst share of early wins over every plan: {worst:.0%} (bound 5%)")


if __name__ == "__main__":
    main()
