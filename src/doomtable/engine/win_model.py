"""The arithmetic of a game's win-chance model, shared by every game that fits one.

A conditional logit: player ``p`` wins with probability ``exp(u[p]) / sum(exp(u))``, where
``u[p]`` is the dot product of ``p``'s feature row with coefficients that are each a
polynomial in the game's progress (0 at the start, 1 near the end). A game supplies its
feature names, the polynomial's degree, its progress and its feature rows, and ships the
fitted weights as ``value.json`` in its package (``bench/fit_value.py`` writes them).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from importlib import resources
from typing import Any

Weights = tuple[tuple[float, ...], ...]
"""One row per feature: the coefficients of its polynomial in progress, lowest power first."""


def parse_weights(data: Any, features: Sequence[str], degree: int) -> Weights:
    """The weights of a ``value.json``, feature by feature; ``ValueError`` says what is
    wrong."""
    try:
        table = data["weights"]
        weights = tuple(tuple(float(w) for w in table[name]) for name in features)
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(
            f"value.json needs 'weights' with numbers for {', '.join(features)}: {error!r}"
        ) from None
    for name, row in zip(features, weights, strict=True):
        if len(row) != degree + 1:
            raise ValueError(f"value.json: {name} needs {degree + 1} weights, not {len(row)}")
    return weights


def load_weights(package: str, features: Sequence[str], degree: int) -> Weights:
    """The weights of ``package``'s ``value.json``."""
    text = resources.files(package).joinpath("value.json").read_text()
    return parse_weights(json.loads(text), features, degree)


def chances(
    weights: Weights,
    progress: float,
    rows: Sequence[Sequence[float]],
    playing: Sequence[bool] | None = None,
) -> list[float]:
    """Each player's chance of winning from their feature ``rows`` at ``progress``; a player
    not ``playing`` (out of the game) has none."""
    powers = [progress**k for k in range(len(weights[0]))]
    coefficients = [sum(w * x for w, x in zip(ws, powers, strict=True)) for ws in weights]
    utilities = [
        sum(c * f for c, f in zip(coefficients, row, strict=True))
        if playing is None or playing[p]
        else -math.inf
        for p, row in enumerate(rows)
    ]
    top = max(utilities)
    odds = [math.exp(u - top) for u in utilities]
    total = sum(odds)
    return [o / total for o in odds]
