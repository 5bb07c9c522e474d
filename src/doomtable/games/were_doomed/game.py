"""The playable We're Doomed! state: the engine's hooks on top of the rules and views, bots'
samples, and scenario set-up."""

from __future__ import annotations

from typing import Any, Self

from doomtable.engine import Decision, Option, Rng, ScenarioError
from doomtable.games.were_doomed import scoring
from doomtable.games.were_doomed.cards import (
    CIV_BY_NAME,
    EVENT_BY_SLUG,
    civilizations_for,
    is_clandestine,
)
from doomtable.games.were_doomed.data import CONVENTION_VOTE
from doomtable.games.were_doomed.rules import RULE_HANDLERS
from doomtable.games.were_doomed.view import WereDoomedViews


class WereDoomedState(WereDoomedViews):
    """A game of We're Doomed!: 4 to 10 leaders, a game clock, one rocket."""

    HANDLERS = RULE_HANDLERS

    def bot_options(self, decision: Decision) -> tuple[Option, ...]:
        """The table convention bots keep to: from the third vote in a row on a tie, every
        bot votes for the tied leader first clockwise from the 1st Player Coin (on a dilemma:
        no), so bots break a tie by changing their votes. Public facts only: the coin and how
        many votes have been tied."""
        top = self.stack[-1] if self.stack else ()
        if decision.kind != "vote" or not top or top[0] != "vote" or top[3] < CONVENTION_VOTE:
            return decision.options
        if top[1] == "dilemma":
            return (("no",),)
        focal = min(top[2], key=lambda c: (c - self.coin) % self.players)
        return (("vote", focal),)

    def determinize(self, player: int, rng: Rng) -> Self:
        world = self.clone()
        unknown = list(world.deck)
        for p in range(self.players):
            if p != player:
                unknown += world.hands[p]
        unknown.sort()  # the redeal must not depend on where the hidden cards really are
        rng.shuffle(unknown)
        world.deck = unknown[: len(world.deck)]
        rest = unknown[len(world.deck) :]
        for p in range(self.players):
            if p != player:
                n = len(world.hands[p])
                world.hands[p], rest = rest[:n], rest[n:]
        # Nothing the player did not see: secret draws redacted (and so the cards drawn), no
        # decision log, and a future of chance of its own rather than the real one.
        world.events = world.seen_events(player)
        world.drawn = [int(e[2]) for e in world.events if e[0] == "draw"]
        world.log = []
        world.rng = Rng(rng.next64())
        top = world.stack[-1] if world.stack else ()
        if top and top[0] == "vote":
            # Who has voted is public, for whom is not until the vote closes.
            choices = (1, 0) if top[1] == "dilemma" else tuple(top[2])
            for p in range(self.players):
                if p != player and world.votes[p] >= 0:
                    world.votes[p] = choices[rng.below(len(choices))]
        return world

    def seen_events(self, player: int) -> list[tuple[Any, ...]]:
        """The events ``player`` saw, with the card of another leader's clandestine draw
        taken out (they saw only that a card was drawn)."""
        seen: list[tuple[Any, ...]] = []
        for event in self.events:
            if event[0] == "draw" and event[1] != player and is_clandestine(event[2]):
                seen.append(("draw_hidden", event[1]))
            elif self.event_visible(event, player):
                seen.append(event)
        return seen

    def setup_scenario(self, setup: dict[str, Any]) -> None:
        """Keys: ``civs`` (a name per seat: skips the picks), ``players`` ({seat: {resources,
        influence, hand, alive}}), ``project``, ``coin``, ``deck_top`` and ``in_play`` (event
        names). Tokens come from the bags, so they stay conserved."""
        known = {"civs", "players", "project", "coin", "deck_top", "in_play"}
        unknown = set(setup) - known
        if unknown:
            raise ScenarioError(f"unknown setup keys: {', '.join(sorted(unknown))}")
        if "coin" in setup:
            self.coin = int(setup["coin"]) % self.players
            if self.stack and self.stack[-1][0] == "pick":
                order = tuple(self._clockwise(self.coin, everyone=True))
                self.stack[-1] = ("pick", 0, order)
        if "civs" in setup:
            names = list(setup["civs"])
            if len(names) != self.players:
                raise ScenarioError(f"civs needs {self.players} names, not {len(names)}")
            self.civ = [_civ_id(n) for n in names]
            self.pool = [c for c in civilizations_for(self.players) if c not in self.civ]
            self.stack = [("board",)]
            self.clock = 0
            self.end_at = int(self.options.get("minutes", 15) * 60_000)
            self.push(("start",))
        for name in list(setup.get("deck_top", []))[::-1]:
            card = _event_id(name)
            self.deck.remove(card)
            self.deck.insert(0, card)
        for name in setup.get("in_play", []):
            card = _event_id(name)
            self.deck.remove(card)
            self.in_play.append(card)
        for seat, spec in dict(setup.get("players", {})).items():
            p = int(seat)
            self._gain(p, int(spec.get("resources", 0)), int(spec.get("influence", 0)))
            for name in spec.get("hand", []):
                card = _event_id(name)
                self.deck.remove(card)
                self.hands[p].append(card)
            if spec.get("alive", True) is False:
                self.eliminate(p, "set up")
        if "project" in setup:
            self._add_project(int(setup["project"]))
        self._advance()

    # ----------------------------------------------------------------- results

    def scores(self) -> list[int]:
        return scoring.scores(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    def evaluate(self, player: int) -> float:
        return scoring.evaluate(self, player)

    def win_chances(self) -> list[float] | None:
        return scoring.win_chances(self)

    def aboard_chance(self, player: int) -> float:
        return scoring.aboard_chance(self, player)


def _civ_id(name: str) -> int:
    civ = CIV_BY_NAME.get(str(name).strip().lower())
    if civ is None:
        raise ScenarioError(f"unknown civilization {name!r}")
    return civ.id


def _event_id(name: str) -> int:
    slug = "".join(c if c.isalnum() else "-" for c in str(name).lower()).strip("-")
    card = EVENT_BY_SLUG.get(slug)
    if card is None:
        raise ScenarioError(f"unknown event {name!r}")
    return card.id
