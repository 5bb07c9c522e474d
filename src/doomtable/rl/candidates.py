"""Candidate lists: a decision's legal options as fixed-width feature vectors.

For a policy that scores options one by one (a pointer network, a dot product with the state's
embedding) instead of reading a flat table of 117,140 outputs. Each option of a declared game
becomes one row: a one-hot of its verb, then for each argument position a one-hot of the
argument in its domain's block (one block per domain, in declaration order). A ``player``
argument is counted from the viewer round the table (``+0`` is the deciding player), as in the
observations. Rows come with the options' fixed action indexes, so a chosen row is played as
that action. A decision has at most a few hundred options, so a list is small where the flat
table is large.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from doomtable.engine import Option
from doomtable.rl.encoding import DeclaredActions, EncodingError


class CandidateEncoder:
    """Turns the options of a declared game's decisions into rows; see the module docstring."""

    def __init__(self, actions: DeclaredActions) -> None:
        self.actions = actions
        self.verbs = {verb: i for i, (verb, _, _, _) in enumerate(actions.layout)}
        self.arguments = {verb: arguments for verb, _, _, arguments in actions.layout}
        domains: dict[str, int] = {}
        for _, _, _, arguments in actions.layout:
            for domain in arguments:
                domains.setdefault(domain, 0)
        self._domain_start: dict[str, int] = {}
        at = 0
        for domain in domains:
            self._domain_start[domain] = at
            at += actions.radix(domain)
        self.block = at
        """Width of one argument position's block: every domain's values side by side."""
        self.positions = max((len(a) for a in self.arguments.values()), default=0)
        self.width = len(self.verbs) + self.positions * self.block
        self.names = [f"verb={verb}" for verb in self.verbs] + [
            f"arg{position}.{domain}={value}"
            for position in range(self.positions)
            for domain in domains
            for value in range(actions.radix(domain))
        ]

    def encode(
        self, options: Sequence[Option], viewer: int, players: int
    ) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """The options' action indexes (int64, ``(n,)``) and rows (float32, ``(n, width)``)."""
        indexes = np.array(self.actions.indexes(options), np.int64)
        rows = np.zeros((len(options), self.width), np.float32)
        for row, option in enumerate(options):
            verb = option[0]
            rows[row, self.verbs[verb]] = 1.0
            for position, (domain, value) in enumerate(
                zip(self.arguments[verb], option[1:], strict=True)
            ):
                digit = self.actions.digit(domain, value)
                if domain == "player":
                    digit = (digit - viewer) % players
                column = len(self.verbs) + position * self.block + self._domain_start[domain]
                rows[row, column + digit] = 1.0
        return indexes, rows


def candidate_encoder(actions: object) -> CandidateEncoder:
    """The candidate encoder of a game's action space (a declared one only: the generic
    layout's actions mean nothing by themselves)."""
    if not isinstance(actions, DeclaredActions):
        raise EncodingError("candidate lists need a game that declares its actions")
    return CandidateEncoder(actions)
