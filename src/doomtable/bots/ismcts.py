"""Single-observer information-set Monte Carlo tree search (Cowling, Powley, Whitehouse 2012).

Every iteration draws a world from the bot's information set, walks down one shared tree of
option sequences with UCB (counting for each option how often it was available, since which
options exist depends on the sampled world), adds one node, plays a few decisions on at random
(the game's ``PLAYOUT_DECISIONS``, unless told otherwise) and backs up every player's result,
each node scoring the result of the player who chose it. The result is the game's own estimate
of each player's chances where it has one (``GameState.win_chances``): a short play-out judged
by it is less noisy than a long one to the end. A game without an estimate is played out to
the end.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from doomtable.bots.base import InfoSet, outcome_shares, score_shares
from doomtable.engine import GameState, Option, Rng

Judge = Callable[[GameState, int], list[float]]
"""Each seat's chance of winning a (sampled, unfinished) world, judged for the searching
player, whose seat is the second argument."""

REWARDS = ("win", "score")


class _Node:
    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self) -> None:
        self.children: dict[Option, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


class IsmctsBot:
    """ISMCTS with ``iterations`` per move, or as many as fit in ``seconds`` when given.

    ``c`` is the UCB exploration constant; ``rollout`` is how many decisions the random
    play-out makes before the game's ``win_chances`` judge it (by default the game's
    ``PLAYOUT_DECISIONS``; a game without chances plays on to the end); ``reward`` is ``win``
    (win share, ties split, or the estimated chances) or ``score`` (a play-out to the end,
    scores scaled from lowest 0 to highest 1). ``judge``, when given, replaces the game's
    ``win_chances`` as the estimate (the learned policy bot passes its network). A time budget
    makes choices depend on the machine's speed; an iteration budget keeps them reproducible.
    """

    judge: Judge | None
    _searcher: int

    def __init__(
        self,
        seed: int,
        iterations: int = 200,
        seconds: float | None = None,
        c: float = 0.7,
        rollout: int | None = None,
        reward: str = "win",
        judge: Judge | None = None,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"ismcts needs at least 1 iteration, not {iterations}")
        if rollout is not None and rollout < 0:
            raise ValueError(f"ismcts play-outs need rollout >= 0 decisions, not {rollout}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"ismcts needs a positive time per move, not {seconds}s")
        if reward not in REWARDS:
            raise ValueError(f"ismcts reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.reward = reward
        self.judge = judge
        self._searcher = 0

    @property
    def name(self) -> str:
        if self.seconds is not None:
            return f"ismcts:{self.seconds:g}s"
        return f"ismcts:{self.iterations}"

    def choose(self, info: InfoSet) -> Option:
        options = info.options
        if len(options) == 1:
            return options[0]
        root = _Node()
        rng = self.rng
        self._searcher = info.player
        if self.seconds is None:
            for _ in range(self.iterations):
                self._iterate(root, info.sample(rng), rng)
        else:
            deadline = time.perf_counter() + self.seconds
            self._iterate(root, info.sample(rng), rng)
            while time.perf_counter() < deadline:
                self._iterate(root, info.sample(rng), rng)
        children = root.children
        return max(options, key=lambda o: children[o].visits if o in children else -1)

    def _iterate(self, root: _Node, world: GameState, rng: Rng) -> None:
        node = root
        path: list[tuple[_Node, int]] = []
        c = self.c
        # Selection and expansion.
        while (decision := world.pending) is not None:
            options = decision.options
            children = node.children
            untried = []
            for option in options:
                child = children.get(option)
                if child is None:
                    untried.append(option)
                else:
                    child.avail += 1
            if untried:
                option = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                child = _Node()
                children[option] = child
                world._apply_unchecked(option)
                path.append((child, decision.player))
                break
            best_option = options[0]
            best_value = -math.inf
            for option in options:
                child = children[option]
                value = child.total / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if value > best_value:
                    best_option, best_value = option, value
            node = children[best_option]
            world._apply_unchecked(best_option)
            path.append((node, decision.player))
        # Play-out: a few decisions at random, then the game's estimate, or on to the end.
        results = None
        if self.reward == "win":
            rollout = world.PLAYOUT_DECISIONS if self.rollout is None else self.rollout
            _play_at_random(world, rng, rollout)
            if not world.is_over:
                judge = self.judge
                results = world.win_chances() if judge is None else judge(world, self._searcher)
        if results is None:
            _play_at_random(world, rng, None)
            results = outcome_shares(world) if self.reward == "win" else score_shares(world)
        for visited, mover in path:
            visited.visits += 1
            visited.total += results[mover]


def _play_at_random(world: GameState, rng: Rng, decisions: int | None) -> None:
    """Apply uniformly random options: ``decisions`` of them, or (``None``) to the end."""
    while (decision := world.pending) is not None and decisions != 0:
        options = decision.options
        world._apply_unchecked(options[rng.below(len(options))])
        if decisions is not None:
            decisions -= 1
