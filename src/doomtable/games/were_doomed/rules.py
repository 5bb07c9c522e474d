"""We're Doomed! rules: a real-time game on the engine's game clock (``TimedGameState``).

Frames (plain tuples) drive the game: civilization picks, then rounds of Take Action
(``turn``/``act``), an open Contribute phase (``contribute``, simultaneous), the award to the
top contributor (votes on ties), the event drawn, and at the End of Days the boarding
(``board``/``board_fill``). Deadlines: a pick is made by lot after ``PICK_MS``, a turn turns
slow after ``SLOW_MS`` and may then be pressured (``PRESSURE_MS`` to act or be eliminated),
contributions close after a quiet spell, votes and challenges close on time, and the game
clock runs out at ``end_at``.
"""

from __future__ import annotations

from doomtable.engine import Decision, Frame, GameState, Option
from doomtable.engine.state import Handler
from doomtable.games.were_doomed.cards import CIVILIZATIONS, EVENTS
from doomtable.games.were_doomed.data import (
    EVENT_FRAMES,
    EVENT_VOTES,
    PICK_MS,
    PRESSURE_MS,
    ROBOTS,
    SLOW_MS,
    VOTE_MS,
)
from doomtable.games.were_doomed.effects import WereDoomedEffects


class WereDoomedRules(WereDoomedEffects):
    """The frames and their handlers, the actions, the votes and the clock's deadlines."""

    # ----------------------------------------------------------------- the clock

    def think_ms(self, player: int) -> int:
        base = super().think_ms(player)
        # Now and then a modelled player dithers, so stalling and pressure happen in play.
        return base * 4 if base % 25 == 0 else base

    def deadline(self) -> int | None:
        times: list[int] = []
        if self.started and not self.ended:
            times.append(self.end_at)
        if self.stack:
            frame = self.stack[-1]
            op = frame[0]
            if op == "pick":
                times.append(self.turn_since + PICK_MS)
            elif op == "act":
                times.append(
                    self.pressure_at + PRESSURE_MS
                    if self.pressure_by >= 0
                    else self.turn_since + SLOW_MS
                    if not self.slow
                    else self.end_at
                )
            elif op == "contribute":
                times.append(self.quiet_since + self._quiet_ms())
            elif op == "vote":
                times.append(self.vote_close)
            elif op == "challenge":
                times.append(int(frame[3]))
        return min(times) if times else None

    def on_deadline(self) -> None:
        if self.started and not self.ended and self.clock >= self.end_at:
            self._end_of_days()
            return
        frame = self.stack[-1]
        op = frame[0]
        if op == "pick":
            # An absent leader cannot hold the table: the civilization is drawn by lot.
            self._take_civ(frame[2][frame[1]], self.pool[self.rng.below(len(self.pool))], True)
        elif op == "act":
            if self.pressure_by >= 0:
                self.stack.pop()
                self.eliminate(frame[1], "stalled under pressure")
            else:
                self.slow = 1
        elif op == "contribute":
            self.stack.pop()
        elif op == "vote":
            self.stack.pop()
            self._tally(frame)
        elif op == "challenge":
            self.stack.pop()
            self.events.append(("challenge", frame[1], frame[2], False))
            self.push(("effect", frame[1], frame[2], "lose"))

    def _end_of_days(self) -> None:
        self.ended = 1
        self.events.append(("end_of_days",))
        # In place: the engine's loop holds this very list.
        self.stack[:] = [
            f
            for f in self.stack
            if f[0] == "board"
            or f[0] in EVENT_FRAMES
            or (f[0] in ("vote", "vote_open") and f[1] in EVENT_VOTES)
        ]

    # ----------------------------------------------------------------- actions

    def _action_options(self, p: int) -> list[Option]:
        forbidden = {r["action"] for r in self._in_play("forbid")}
        others = [q for q in self.living() if q != p]
        options: list[Option] = [("produce",), ("indoctrinate",)]
        if "propagandize" not in forbidden and self.res[p] >= self._cost(p, "propagandize"):
            options += [("propagandize", q) for q in others if self.inf[q] > 0]
        if "invade" not in forbidden and self.inf[p] >= self._cost(p, "invade"):
            options += [("invade", q) for q in others if self.res[q] > 0]
        if "nuke" not in forbidden and self.res[p] >= self._cost(p, "nuke"):
            options += [("nuke", q) for q in others]
            if self._in_play("robots"):
                options.append(("nuke", ROBOTS))
        return options

    def _do_action(self, p: int, option: Option) -> None:
        verb = option[0]
        civ = CIVILIZATIONS[self.civ[p]]
        bonus = civ.bonus if civ.action == verb else {}
        if verb == "produce":
            gain = int(bonus.get("gain", 2))
            if "underdog" in bonus and all(self.res[q] >= self.res[p] for q in self.living()):
                gain += int(bonus["underdog"])
            gain += sum(int(r["extra"]) for r in self._in_play("boost"))
            self.events.append(("produce", p, self._take_res(p, gain)))
        elif verb == "indoctrinate":
            got = self._take_inf(p, int(bonus.get("gain", 1)))
            self._take_res(p, int(bonus.get("resources", 0)))
            self.events.append(("indoctrinate", p, got))
        elif verb == "propagandize":
            self._pay_res(p, self._cost(p, verb))
            self.events.append(("action", p, verb, option[1]))
            self._steal(p, option[1], int(bonus.get("loot", 0)), 1)
        elif verb == "invade":
            self._pay_inf(p, self._cost(p, verb))
            self.events.append(("action", p, verb, option[1]))
            self._steal(p, option[1], int(bonus.get("steal", 2)), 0)
        elif verb == "nuke":
            self._pay_res(p, self._cost(p, verb))
            target = option[1]
            self.events.append(("action", p, verb, target))
            if target == ROBOTS:
                for card in [c for c in self.in_play if EVENTS[c].effect["op"] == "robots"]:
                    self.in_play.remove(card)
                    self.deck.append(card)
                self.events.append(("robots_destroyed", p))
            else:
                if bonus.get("plunder"):
                    self.res[p] += self.res[target]
                    self.res[target] = 0
                self.eliminate(target, "nuked", by=p)

    # ----------------------------------------------------------------- frames

    @staticmethod
    def _h_pick(s: WereDoomedRules, f: Frame, o: Option | None) -> Decision | None:
        _, k, order = f
        p = order[k]
        if o is None:
            options = tuple(("pick", c) for c in s.pool)
            return Decision(p, "pick", options, "Pick your civilization")
        s._take_civ(p, int(o[1]), by_lot=False)
        return None

    def _take_civ(self, p: int, civ: int, by_lot: bool) -> None:
        _, k, order = self.stack.pop()
        self.civ[p] = civ
        self.pool.remove(civ)
        self.events.append(("pick", p, civ, by_lot))
        if k + 1 < len(order):
            self.turn_since = self.clock  # the next leader's pick starts its own time
            self.stack.append(("pick", k + 1, order))

    @staticmethod
    def _h_start(s: WereDoomedRules, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        s.started = 1
        s.end_at += s.clock
        s.events.append(("start", s.coin))
        s.push(("round",))
        return None

    @staticmethod
    def _h_round(s: WereDoomedRules, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        if not s.living():
            s._end_of_days()
            return None
        s.round += 1
        if s._in_play("robots"):
            tax = sum(int(rule["tax"]) for rule in s._in_play("robots"))
            for p in s.living():
                s._pay_res(p, tax)
            s.events.append(("robots_tax", tax))
        s.push(
            *(("turn", p) for p in s._turn_order()), ("contribute_open",), ("award",), ("round",)
        )
        return None

    @staticmethod
    def _h_turn(s: WereDoomedRules, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        if s.alive[f[1]]:
            s.turn_since = s.clock
            s.slow = 0
            s.pressure_by = -1
            s.stack.append(("act", f[1]))
        return None

    @staticmethod
    def _h_act(s: WereDoomedRules, f: Frame, o: Option | None) -> Decision | None:
        p = f[1]
        if o is None:
            if not s.alive[p]:
                s.stack.pop()
                return None
            others: tuple[Decision, ...] = ()
            if s.slow and s.pressure_by < 0:
                others = tuple(
                    Decision(q, "pressure", (("pressure", p), ("wait",)), f"Pressure player {p}?")
                    for q in s.living()
                    if q != p
                )
            return Decision(p, "act", tuple(s._action_options(p)), "Take an action", others)
        actor = s.actor
        if actor != p:
            if o[0] == "pressure":
                s.pressure_by = actor
                s.pressure_at = s.clock
                s.events.append(("pressure", actor, p))
            return None
        s.stack.pop()
        s._do_action(p, o)
        return None

    @staticmethod
    def _h_contribute_open(s: WereDoomedRules, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        s.contrib = [0] * s.players
        s.done = [0 if a else 1 for a in s.alive]
        s.quiet_since = s.clock
        s.stack.append(("contribute",))
        return None

    @staticmethod
    def _h_contribute(s: WereDoomedRules, f: Frame, o: Option | None) -> Decision | None:
        if o is None:
            living = s.living()
            if all(s.done[p] for p in living):
                s.stack.pop()
                return None
            # A leader who said done may still raise ("at any time"), so everyone stays open.
            decisions = [s._contribute_decision(p) for p in living]
            return Decision(*_head(decisions[0]), also=tuple(decisions[1:]))
        p = s.actor
        if o[0] == "contribute":
            more = o[1] - s.contrib[p]
            s.res[p] -= more
            s.project += more
            s.given[p] += more
            s.contrib[p] = o[1]
            s.quiet_since = s.clock
            # A raise is a challenge to all: whoever said done may answer it.
            for q in s.living():
                s.done[q] = 0
            s.events.append(("contribute", p, o[1]))
        elif o[0] == "done":
            s.done[p] = 1
        elif o[0] == "play":
            s.hands[p].remove(o[1])
            s.events.append(("play", p, o[1]))
            s.push(("effect", p, o[1], "play"), ("finish", p, o[1], 1))
        return None

    def _contribute_decision(self, p: int) -> Decision:
        now = self.contrib[p]
        options: list[Option] = [("contribute", t) for t in range(now + 1, now + self.res[p] + 1)]
        options.append(("done",))
        options += [("play", c) for c in self.hands[p] if EVENTS[c].effect["op"] == "secret"]
        prompt = "Raise, or stay done" if self.done[p] else "Contribute to the Project"
        return Decision(p, "contribute", tuple(options), prompt)

    @staticmethod
    def _h_award(s: WereDoomedRules, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        top = max(s.contrib[p] for p in s.living()) if s.living() else 0
        if top == 0:
            s.events.append(("nobody_contributed",))
            return None
        tied = tuple(p for p in s.living() if s.contrib[p] == top)
        if len(tied) == 1:
            s.stack.append(("award_to", tied[0]))
        else:
            s.events.append(("tie", tied))
            s.stack.append(("vote_open", "coin", tied, 1, -1))
        return None

    @staticmethod
    def _h_award_to(s: WereDoomedRules, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        p = f[1]
        s.coin = p
        s._take_inf(p, 1)
        s.events.append(("award", p))
        if s.deck:
            s.stack.append(("draw", p))
        return None

    @staticmethod
    def _h_draw(s: WereDoomedRules, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        p = f[1]
        card = s.deck.pop(0)
        s.drawn.append(card)
        s.events.append(("draw", p, card))
        op = EVENTS[card].effect["op"]
        if op in ("secret", "mission"):
            s.hands[p].append(card)
            return None
        s.push(("effect", p, card, ""), ("finish", p, card, 0))
        return None

    @staticmethod
    def _h_finish(s: WereDoomedRules, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        _, p, card, played = f
        if EVENTS[card].stays and not played:
            s.in_play.append(card)
        else:
            s.deck.append(card)
        return None

    @staticmethod
    def _h_effect(s: WereDoomedRules, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        _, p, card, branch = f
        effect = EVENTS[card].effect
        if branch:
            effect = effect[branch]
        s._resolve(p, card, effect)
        return None

    @staticmethod
    def _h_challenge(s: WereDoomedRules, f: Frame, o: Option | None) -> Decision | None:
        _, p, card, _until = f
        if o is None:
            if not s.alive[p]:
                s.stack.pop()
                return None
            s_options = (("type", card), ("give_up",))
            return Decision(p, "challenge", s_options, f"Type: {EVENTS[card].effect['phrase']}")
        s.stack.pop()
        won = o[0] == "type"
        s.events.append(("challenge", p, card, won))
        s.stack.append(("effect", p, card, "win" if won else "lose"))
        return None

    # ----------------------------------------------------------------- votes

    @staticmethod
    def _h_vote_open(s: WereDoomedRules, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        s.votes = [-1] * s.players
        s.vote_close = s.clock + VOTE_MS
        s.stack.append(("vote", *f[1:]))
        return None

    @staticmethod
    def _h_vote(s: WereDoomedRules, f: Frame, o: Option | None) -> Decision | None:
        _, purpose, candidates, round_no, _extra = f
        if o is None:
            open_ = [p for p in s.living() if s.votes[p] < 0]
            if not open_:
                s.stack.pop()
                s._tally(f)
                return None
            if purpose == "dilemma":
                options: tuple[Option, ...] = (("yes",), ("no",))
                prompt = f"Vote on {EVENTS[_extra].name}"
            else:
                options = tuple(("vote", c) for c in candidates)
                prompt = {
                    "coin": "Vote for the top contributor",
                    "board": "Vote who boards first",
                    "lizard": "Vote who is the lizard",
                }[purpose]
            if round_no > 1:
                prompt += f" (vote {round_no}: the last one was tied)"
            decisions = [Decision(p, "vote", options, prompt) for p in open_]
            return Decision(*_head(decisions[0]), also=tuple(decisions[1:]))
        s.votes[s.actor] = 1 if o == ("yes",) else 0 if o == ("no",) else o[1]
        return None

    def _tally(self, f: Frame) -> None:
        """Close a vote: every ballot is shown at once, then the win is carried out, or the
        vote is held again among those tied on top ("Still tied? Vote again until there's a
        win"). A vote nobody answered at all is not held again (docs/rulings.md)."""
        _, purpose, candidates, round_no, extra = f
        ballots = tuple(self.votes[p] if self.alive[p] else -1 for p in range(self.players))
        self.events.append(("ballots", purpose, ballots))
        counts = {c: 0 for c in candidates}
        for vote in ballots:
            if vote in counts:
                counts[vote] += 1
        best = max(counts.values())
        top = tuple(c for c in candidates if counts[c] == best)
        if best == 0:
            self._unanswered(purpose, extra)
            return
        if len(top) > 1:
            if purpose == "lizard" and round_no >= int(EVENTS[extra].effect["ties"]):
                self.events.append(("lizard_escaped",))
                return
            self.events.append(("vote_tied", purpose, top))
            self.stack.append(("vote_open", purpose, top, round_no + 1, extra))
            return
        winner = top[0]
        if purpose == "dilemma":
            self.events.append(("dilemma", extra, bool(winner), counts[1], counts[0]))
            self.stack.append(("effect", self._drawer(extra), extra, "yes" if winner else "no"))
            return
        self.events.append(("vote_won", purpose, winner))
        if purpose == "coin":
            self.stack.append(("award_to", winner))
        elif purpose == "lizard":
            self.eliminate(winner, "voted a lizard")
        elif purpose == "board":
            self.aboard.append(winner)
            self.events.append(("aboard", winner))

    def _unanswered(self, purpose: str, extra: int) -> None:
        """Nobody voted at all: nobody wins the contribution, a dilemma stays as it is (no),
        the lizard escapes, and the tied leaders do not board."""
        self.events.append(("vote_unanswered", purpose))
        if purpose == "dilemma":
            self.stack.append(("effect", self._drawer(extra), extra, "no"))
        elif purpose == "board":
            # The rocket leaves with the seats filled so far: the boarding under this vote ends.
            self.stack.pop()
            self.events.append(("launch", self.seats(), tuple(self.aboard)))

    # ----------------------------------------------------------------- End of Days

    @staticmethod
    def _h_board(s: WereDoomedRules, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        s.ended = 1
        for p in s.living():
            for card in list(s.hands[p]):
                e = EVENTS[card].effect
                if e["op"] == "mission":
                    done = s._mission_done(p, e)
                    s.events.append(("mission", p, card, done))
                    if done:
                        s._take_inf(p, int(e["influence"]))
        s.stack.append(("board_fill",))
        return None

    @staticmethod
    def _h_board_fill(s: WereDoomedRules, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        left = s.seats() - len(s.aboard)
        waiting = [p for p in s.living() if p not in s.aboard]
        if left <= 0 or not waiting:
            s.events.append(("launch", s.seats(), tuple(s.aboard)))
            return None
        best = max(s.boarding_key(p) for p in waiting)
        group = tuple(p for p in waiting if s.boarding_key(p) == best)
        s.stack.append(("board_fill",))
        if len(group) <= left:
            for p in group:
                s.aboard.append(p)
                s.events.append(("aboard", p))
        else:
            s.events.append(("tie", group))
            s.stack.append(("vote_open", "board", group, 1, -1))
        return None


def _head(d: Decision) -> tuple[int, str, tuple[Option, ...], str]:
    return d.player, d.kind, d.options, d.prompt


RULE_HANDLERS: dict[str, Handler] = {
    **GameState.HANDLERS,
    "pick": WereDoomedRules._h_pick,
    "start": WereDoomedRules._h_start,
    "round": WereDoomedRules._h_round,
    "turn": WereDoomedRules._h_turn,
    "act": WereDoomedRules._h_act,
    "contribute_open": WereDoomedRules._h_contribute_open,
    "contribute": WereDoomedRules._h_contribute,
    "award": WereDoomedRules._h_award,
    "award_to": WereDoomedRules._h_award_to,
    "draw": WereDoomedRules._h_draw,
    "effect": WereDoomedRules._h_effect,
    "finish": WereDoomedRules._h_finish,
    "challenge": WereDoomedRules._h_challenge,
    "vote_open": WereDoomedRules._h_vote_open,
    "vote": WereDoomedRules._h_vote,
    "board": WereDoomedRules._h_board,
    "board_fill": WereDoomedRules._h_board_fill,
}
"""Every frame's handler (the playable class takes them as its ``HANDLERS``)."""
