"""Event effects: what a drawn, played or voted event does, by its effect's ``op``.

Every op is listed in ``cards.EFFECT_OPS`` and checked when the deck loads; the ops of cards
that stay in play act through the rules while there (``_in_play``), not here.
"""

from __future__ import annotations

from typing import Any

from doomtable.games.were_doomed.state import WereDoomedBase


class WereDoomedEffects(WereDoomedBase):
    """The effect interpreter and the End of Days' mission checks."""

    def _resolve(self, p: int, card: int, e: dict[str, Any]) -> None:
        """Carry out one event effect for the drawer ``p`` (``EFFECTS`` lists every op)."""
        op = e["op"]
        if op == "gain":
            self._gain(p, int(e.get("resources", 0)), int(e.get("influence", 0)))
        elif op == "everyone":
            for q in self.living():
                self._gain(q, int(e.get("resources", 0)), int(e.get("influence", 0)))
            self._add_project(int(e.get("project", 0)))
            self._shift_end(int(e.get("seconds", 0)))
        elif op == "project":
            before = self.project
            self._add_project(int(e["resources"]))
            if e.get("credit"):
                self.given[p] += self.project - before
        elif op == "time":
            self._shift_end(int(e["seconds"]))
        elif op == "rob":
            victim = self._pick(e["who"], p, others_only=True)
            if victim >= 0:
                self._steal(p, victim, int(e.get("resources", 0)), int(e.get("influence", 0)))
        elif op == "rob_all_above":
            # Who is above is settled before any Influence moves, as the text says.
            above = [q for q in self.living() if self.inf[q] > self.inf[p]]
            for q in above:
                self._steal(p, q, 0, int(e["influence"]))
        elif op == "swap_influence":
            q = self._pick("most_influence", p, others_only=True)
            if q >= 0:
                self.inf[p], self.inf[q] = self.inf[q], self.inf[p]
        elif op == "extra_action":
            if not self.ended:
                self.stack.append(("turn", p))
        elif op == "coin_to":
            q = self._pick(e["who"], p, others_only=False)
            self.coin = q
            self._gain(q, int(e.get("resources", 0)))
        elif op == "halve":
            q = self._pick(e["who"], p, others_only=False)
            self._pay_res(q, self.res[q] // 2)
        elif op == "gift":
            q = self._pick(e["who"], p, others_only=False)
            self._gain(q, 0, int(e["influence"]))
        elif op == "abduct":
            q = self._pick(e["who"], p, others_only=True)
            if q >= 0:
                self.eliminate(q, "abducted by aliens")
        elif op == "lottery":
            self.bonus_seats += 1
            living = self.living()
            self.eliminate(living[self.rng.below(len(living))], "lost the lottery of souls")
        elif op == "dilemma":
            self.stack.append(("vote_open", "dilemma", (1, 0), 1, card))
        elif op == "lizard_vote":
            self.stack.append(("vote_open", "lizard", tuple(self.living()), 1, card))
        elif op == "challenge":
            self.stack.append(("challenge", p, card, self.clock + int(e["seconds"]) * 1000))

    def _shift_end(self, seconds: int) -> None:
        if seconds and not self.ended:
            self.end_at = max(self.clock + 1, self.end_at + seconds * 1000)

    def _mission_done(self, p: int, e: dict[str, Any]) -> bool:
        condition = e["condition"]
        if condition == "contributed":
            return self.given[p] >= int(e["amount"])
        if condition == "most_resources":
            return all(self.res[q] <= self.res[p] for q in self.living())
        if condition == "project":
            return self.project >= int(e["amount"])
        if condition == "survivors":
            return len(self.living()) <= (self.players + 1) // 2
        raise ValueError(f"unknown mission condition {condition!r}")
