"""What a bot is, and the one thing it may look at: its own player's information set."""

from __future__ import annotations

from typing import Any, Protocol

from doomtable.engine import Decision, GameState, Option, Rng, TimedGameState


class InfoSet:
    """Everything the deciding player may know at one decision, and nothing else.

    A bot gets the player's :meth:`view`, the pending :attr:`decision`, the option
    :meth:`labels`, and :meth:`sample`: a full game state drawn from the player's
    information set, in which every card hidden from the player has been redealt at random by
    the game's ``determinize``. Searching bots play forward on samples, never on the real
    state; on top of the game's redeal, every sample gets a fresh random generator (the real
    one would foretell future shuffles) and an empty decision log (the real one records the
    opponents' hidden choices).

    The real state is held only to build these answers; bots must not reach for it.
    """

    __slots__ = ("player", "decision", "_state")

    def __init__(self, state: GameState, decision: Decision) -> None:
        self.player = decision.player
        self.decision = decision
        self._state = state

    @property
    def options(self) -> tuple[Option, ...]:
        """The options to choose among: the decision's, narrowed to one where the game has a
        table convention (:meth:`GameState.bot_options`)."""
        return self._state.bot_options(self.decision)

    @property
    def game(self) -> str:
        """The registry name of the game being played (public knowledge)."""
        return self._state.GAME

    @property
    def players(self) -> int:
        """How many players sit at the table (public knowledge)."""
        return self._state.players

    def view(self) -> dict[str, Any]:
        """The deciding player's view, as the game builds it for a screen."""
        return self._state.view(self.player)

    def labels(self) -> list[str]:
        """Readable labels of :attr:`options`, in the same order."""
        return [self._state.label(option) for option in self.decision.options]

    def sample(self, rng: Rng) -> GameState:
        """A state consistent with everything the deciding player has seen, drawn with ``rng``.

        The sample is the bot's own to change; its pending decision is this one.
        """
        world = self._state.determinize(self.player, rng)
        world.rng = Rng(rng.next64())
        world.log = []
        # In the bot's own sample nobody watches: a window with nothing to play is a pass.
        world.auto_pass = True
        if isinstance(world, TimedGameState):
            world.simulate_for(self.player)
        return world


class Bot(Protocol):
    """A player: picks one of the legal options of a decision from what its seat may know."""

    @property
    def name(self) -> str:
        """The spec the bot was made from (``random``, ``ismcts:200``), used in results."""
        ...

    def choose(self, info: InfoSet) -> Option:
        """One of ``info.options``."""
        ...


def outcome_shares(state: GameState) -> list[float]:
    """Each player's share of the win: 1 alone, 1/k when k players tie, 0 otherwise."""
    winners = state.winners()
    shares = [0.0] * state.players
    for player in winners:
        shares[player] = 1.0 / len(winners)
    return shares


def score_shares(state: GameState) -> list[float]:
    """Scores scaled to 0 (lowest) .. 1 (highest); all 0.5 when everyone is level."""
    scores = state.scores()
    low, high = min(scores), max(scores)
    if high == low:
        return [0.5] * len(scores)
    return [(s - low) / (high - low) for s in scores]
