"""What each seat sees of a We're Doomed! table: its view, option labels, the log in words,
and the readable snapshot scenarios match against."""

from __future__ import annotations

from typing import Any

from doomtable.engine import Option
from doomtable.games.were_doomed.cards import CIVILIZATIONS, EVENTS, is_clandestine
from doomtable.games.were_doomed.data import GAME, PICK_MS, PRESSURE_MS, ROBOTS
from doomtable.games.were_doomed.rules import WereDoomedRules


class WereDoomedViews(WereDoomedRules):
    """Views, labels, snapshots and the words of the log."""

    def label(self, option: Option) -> str:
        verb = option[0]
        if verb == "pick":
            return f"pick {CIVILIZATIONS[option[1]].name}"
        if verb == "play":
            return f"play {EVENTS[option[1]].name}"
        if verb == "type":
            return str(EVENTS[option[1]].effect["phrase"])
        if verb == "give_up":
            return "give up"
        if verb in ("yes", "no"):
            return f"vote {verb}"
        if verb == "nuke" and option[1] == ROBOTS:
            return "nuke robots"
        return " ".join(str(x) for x in option)

    def _player_rows(self, viewer: int | None) -> list[dict[str, Any]]:
        rows = []
        for p in range(self.players):
            civ = CIVILIZATIONS[self.civ[p]] if self.civ[p] >= 0 else None
            rows.append(
                {
                    "seat": p,
                    "civilization": civ.name if civ else None,
                    "bonus": civ.text if civ else None,
                    "resources": self.res[p],
                    "influence": self.inf[p],
                    "alive": bool(self.alive[p]),
                    "contribution": self.contrib[p],
                    "contributed_total": self.given[p],
                    "done": bool(self.done[p]),
                    "clandestine": len(self.hands[p]),
                    "aboard": p in self.aboard,
                    # Ballots are secret until the vote closes: each sees only their own.
                    "vote": self.votes[p] if self._voting() and p == viewer else None,
                    "voted": self._voting() and self.votes[p] >= 0,
                }
            )
        return rows

    def _voting(self) -> bool:
        return bool(self.stack) and self.stack[-1][0] == "vote"

    def _phase(self) -> str:
        if not self.stack:
            return "over"
        op = str(self.stack[-1][0])
        return {
            "pick": "setup",
            "act": "take action",
            "contribute": "contribute",
            "vote": "vote",
            "challenge": "challenge",
        }.get(op, op)

    def view(self, player: int) -> dict[str, Any]:
        """Public table plus the viewer's own clandestine cards."""
        remaining = max(0, self.end_at - self.clock) if self.started else self.end_at
        top = self.stack[-1] if self.stack else ()
        return {
            "game": GAME,
            "viewer": player,
            "clock_ms": self.clock,
            "remaining_ms": 0 if self.ended else remaining,
            "ended": bool(self.ended),
            "phase": self._phase(),
            "round": self.round,
            "acting": top[1] if top and top[0] == "act" else None,
            "project": self.project,
            "seats": self.seats(),
            "seat_chart": dict(zip(("first", "step"), self.seat_chart(), strict=True)),
            "bags": {"resources": self.bag_res, "influence": self.bag_inf},
            "coin": self.coin,
            "players": self._player_rows(player),
            "civilizations_left": [CIVILIZATIONS[c].name for c in self.pool],
            "in_play": [{"name": EVENTS[c].name, "text": EVENTS[c].text} for c in self.in_play],
            "hand": [{"name": EVENTS[c].name, "text": EVENTS[c].text} for c in self.hands[player]]
            if 0 <= player < self.players
            else [],
            "deck_size": len(self.deck),
            "pressure": {
                "by": self.pressure_by,
                "on": top[1],
                "left_ms": max(0, self.pressure_at + PRESSURE_MS - self.clock),
            }
            if top and top[0] == "act" and self.pressure_by >= 0
            else None,
            "pick": {
                "on": top[2][top[1]],
                "left_ms": max(0, self.turn_since + PICK_MS - self.clock),
            }
            if top and top[0] == "pick"
            else None,
            "contribute": {
                "quiet_ms": self._quiet_ms(),
                "closes_in_ms": max(0, self.quiet_since + self._quiet_ms() - self.clock),
            }
            if top and top[0] == "contribute"
            else None,
            "vote": {
                "purpose": top[1],
                "candidates": list(top[2]),
                "round": top[3],
                "left_ms": max(0, self.vote_close - self.clock),
            }
            if top and top[0] == "vote"
            else None,
            "aboard": list(self.aboard),
            "winners": self.winners(),
        }

    def snapshot(self) -> dict[str, Any]:
        data = self.view(-1)
        data.pop("hand")
        data["hands"] = [[EVENTS[c].name for c in h] for h in self.hands]
        data["deck"] = [EVENTS[c].name for c in self.deck]
        data["event_order"] = self.event_order()
        data["eliminated"] = list(self.eliminated)
        data["open"] = sorted(d.player for d in self.decisions)
        data["game_over"] = self.is_over
        data["rounds"] = self.round
        data["tokens"] = {
            "resources": self.bag_res + sum(self.res) + self.project,
            "influence": self.bag_inf + sum(self.inf),
        }
        data["card_stats"] = self._card_stats()
        return data

    def event_order(self) -> str:
        """The event deck's order to keep for the next game: the deck, then cards in play and
        in hands (they go to the bottom when the game is over)."""
        cards = self.deck + self.in_play + [c for h in self.hands for c in h]
        return ",".join(EVENTS[c].slug for c in cards)

    def _card_stats(self) -> dict[str, dict[str, float]]:
        stats: dict[str, dict[str, float]] = {}
        for p in range(self.players):
            if self.civ[p] >= 0:
                stats[f"civ {CIVILIZATIONS[self.civ[p]].name}"] = {
                    "picked": 1,
                    "survived": float(p in self.aboard),
                }
        for card in self.drawn:
            drawer = self._drawer(card)
            entry = stats.setdefault(EVENTS[card].name, {"drawn": 0, "drawer_aboard": 0})
            entry["drawn"] += 1
            entry["drawer_aboard"] += float(drawer in self.aboard)
        stats["rocket"] = {"seats": self.seats(), "project": self.project}
        return stats

    def event_text(self, event: tuple[Any, ...], viewer: int | None) -> str | None:
        return _event_text(event, viewer)


def _does(p: int, viewer: int | None, third: str, second: str) -> str:
    """The seat and its verb in agreement: ``player 2 wins``, ``you win``."""
    return f"you {second}" if p == viewer else f"player {p} {third}"


def _seat(p: int, viewer: int | None) -> str:
    return "you" if p == viewer else f"player {p}"


def _ballot(purpose: str, vote: int, viewer: int | None) -> str:
    if purpose == "dilemma":
        return "yes" if vote else "no"
    return "→ " + _seat(vote, viewer)


def _event_text(event: tuple[Any, ...], viewer: int | None) -> str | None:
    kind = event[0]
    if kind == "pick":
        by_lot = " (drawn by lot: no pick in time)" if event[3] else ""
        return f"{_seat(event[1], viewer)}: {CIVILIZATIONS[event[2]].name}{by_lot}"
    if kind == "start":
        return f"The hourglass turns: player {event[1]} holds the 1st Player Coin"
    if kind == "produce":
        return f"{_seat(event[1], viewer)} produced {event[2]} Resources"
    if kind == "indoctrinate":
        return f"{_seat(event[1], viewer)} indoctrinated {event[2]} Influence"
    if kind == "action":
        target = "the robots" if event[3] == ROBOTS else _seat(event[3], viewer)
        return f"{_seat(event[1], viewer)} {event[2]}d {target}"
    if kind == "steal":
        return f"  {_seat(event[1], viewer)} took {event[3]} Resources, {event[4]} Influence"
    if kind == "contribute":
        return f"{_seat(event[1], viewer)}: {event[2]}!"
    if kind == "nobody_contributed":
        return "Nobody contributed: the coin stays and no event is drawn"
    if kind == "tie":
        return "Tie between " + ", ".join(_seat(p, viewer) for p in event[1]) + ": vote!"
    if kind == "award":
        return (
            f"{_does(event[1], viewer, 'wins', 'win')} the contribution: coin, 1 Influence, "
            "an event"
        )
    if kind == "draw":
        card = EVENTS[event[2]]
        if is_clandestine(card.id) and viewer != event[1]:
            return _event_text(("draw_hidden", event[1]), viewer)
        return f"{_seat(event[1], viewer)} drew {card.name}: {card.text}"
    if kind == "draw_hidden":
        return f"{_seat(event[1], viewer)} drew a clandestine event and read it silently"
    if kind == "play":
        card = EVENTS[event[2]]
        return f"{_seat(event[1], viewer)} played {card.name}: {card.text}"
    if kind == "eliminated":
        by = f" by {_seat(event[3], viewer)}" if event[3] >= 0 else ""
        return f"{_does(event[1], viewer, 'is', 'are')} eliminated ({event[2]}{by})"
    if kind == "pressure":
        return (
            f"{_does(event[1], viewer, 'pressures', 'pressure')} {_seat(event[2], viewer)}: "
            "10... 9... 8..."
        )
    if kind == "dilemma":
        return f"The vote on {EVENTS[event[1]].name}: {'yes' if event[2] else 'no'}"
    if kind == "vote_tied":
        return "The vote is tied: vote again"
    if kind == "ballots":
        cast = [
            f"{_seat(p, viewer)} {_ballot(event[1], vote, viewer)}"
            for p, vote in enumerate(event[2])
            if vote >= 0
        ]
        return "Votes shown: " + (", ".join(cast) if cast else "nobody voted")
    if kind == "vote_won":
        return f"Vote ({event[1]}): {_seat(event[2], viewer)}"
    if kind == "vote_unanswered":
        return {
            "coin": "Nobody voted: nobody wins the contribution",
            "dilemma": "Nobody voted: the answer is no",
            "lizard": "Nobody voted: the lizard escapes",
            "board": "Nobody voted: the tied leaders stay behind",
        }[event[1]]
    if kind == "lizard_escaped":
        return "The vote stays tied: the lizard escapes"
    if kind == "challenge":
        return f"{_seat(event[1], viewer)} {'met' if event[3] else 'failed'} the challenge"
    if kind == "robots_tax":
        taken = "1 Resource" if event[1] == 1 else f"{event[1]} Resources"
        return f"The robots take {taken} from every living leader"
    if kind == "robots_destroyed":
        return f"{_seat(event[1], viewer)} nuked the robots"
    if kind == "end_of_days":
        return "TIME IS UP. The End of Days."
    if kind == "mission":
        if viewer != event[1] and not event[3]:
            return None
        return f"{_seat(event[1], viewer)}: secret mission {EVENTS[event[2]].name} " + (
            "accomplished" if event[3] else "failed"
        )
    if kind == "aboard":
        return f"{_does(event[1], viewer, 'boards', 'board')} the rocket"
    if kind == "launch":
        return f"The rocket launches with {event[1]} seats"
    return None
