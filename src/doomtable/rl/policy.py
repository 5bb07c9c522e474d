"""The learned policy bot (``--bots policy``): a small network run in pure Python.

The network reads what the seat may see and nothing else: the hashed view
(``doomtable.rl.encoding``) goes through one tanh layer to a hidden vector ``h``; each legal
option is scored as ``h · e + c``, where ``e`` and ``c`` sum a learned vector and bias over
the option's tokens (its verb and its label, hashed into buckets), so copies of a card share
what was learned about it. The bot plays the best-scored option. Weights are a JSON file of
base64 little-endian float32 arrays, trained by ``bench/rl_train_policy.py`` (PyTorch); the
forward pass here needs neither PyTorch nor numpy.
"""

from __future__ import annotations

import base64
import json
import math
import sys
import zlib
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from doomtable.bots.base import InfoSet
from doomtable.engine import DoomtableError, Option, Rng, find_game
from doomtable.rl.encoding import game_encoding

WEIGHTS_PACKAGE = "doomtable.rl"
WEIGHTS_FOLDER = "weights"


class PolicyError(DoomtableError, ValueError):
    """A policy file is missing, malformed, or made for another game."""


def option_tokens(verb: str, label: str, buckets: int) -> tuple[int, int]:
    """The option's two token buckets: its verb and its label (cards named, not ids)."""
    return (
        zlib.crc32(f"verb:{verb}".encode()) % buckets,
        zlib.crc32(f"label:{label}".encode()) % buckets,
    )


def encode_floats(values: Sequence[float]) -> str:
    packed = array("f", values)
    if sys.byteorder != "little":
        packed.byteswap()
    return base64.b64encode(packed.tobytes()).decode()


def decode_floats(text: str, count: int, what: str) -> array[float]:
    values = array("f")
    values.frombytes(base64.b64decode(text))
    if sys.byteorder != "little":
        values.byteswap()
    if len(values) != count:
        raise PolicyError(f"policy weights {what!r}: {len(values)} numbers, expected {count}")
    return values


@dataclass
class PolicyWeights:
    game: str
    observation_size: int
    hidden: int
    buckets: int
    input_weights: array[float]  # observation_size x hidden, row-major
    input_bias: array[float]  # hidden
    token_vectors: array[float]  # buckets x hidden
    token_bias: array[float]  # buckets
    notes: dict[str, Any]

    @classmethod
    def from_json(cls, text: str, source: str) -> PolicyWeights:
        try:
            data = json.loads(text)
            size, hidden, buckets = (
                int(data["observation_size"]),
                int(data["hidden"]),
                int(data["buckets"]),
            )
            return cls(
                game=str(data["game"]),
                observation_size=size,
                hidden=hidden,
                buckets=buckets,
                input_weights=decode_floats(data["input_weights"], size * hidden, "input_weights"),
                input_bias=decode_floats(data["input_bias"], hidden, "input_bias"),
                token_vectors=decode_floats(data["token_vectors"], buckets * hidden, "tokens"),
                token_bias=decode_floats(data["token_bias"], buckets, "token_bias"),
                notes=dict(data.get("notes", {})),
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, PolicyError):
                raise
            raise PolicyError(f"{source} is not a policy file: {exc}") from None

    def to_json(self) -> str:
        return json.dumps(
            {
                "game": self.game,
                "observation_size": self.observation_size,
                "hidden": self.hidden,
                "buckets": self.buckets,
                "notes": self.notes,
                "input_weights": encode_floats(self.input_weights),
                "input_bias": encode_floats(self.input_bias),
                "token_vectors": encode_floats(self.token_vectors),
                "token_bias": encode_floats(self.token_bias),
            },
            indent=1,
        )


def shipped_weights_path(game: str) -> Path:
    name = find_game(game).name
    return Path(str(resources.files(WEIGHTS_PACKAGE) / WEIGHTS_FOLDER / f"{name}.json"))


def load_weights(game: str, path: str | Path | None = None) -> PolicyWeights:
    """The weights in ``path``, or the ones shipped for ``game``."""
    file = Path(path) if path is not None else shipped_weights_path(game)
    try:
        text = file.read_text()
    except OSError:
        raise PolicyError(f"no policy weights for {find_game(game).name} at {file}") from None
    weights = PolicyWeights.from_json(text, str(file))
    if weights.game != find_game(game).name:
        raise PolicyError(f"{file} is a policy for {weights.game}, not {find_game(game).name}")
    if weights.observation_size != game_encoding(game).observations.size:
        raise PolicyError(f"{file} expects observations of {weights.observation_size} numbers")
    return weights


class PolicyNet:
    """The forward pass in pure Python."""

    def __init__(self, weights: PolicyWeights) -> None:
        self.weights = weights
        self.encoding = game_encoding(weights.game)

    def hidden(self, view: dict[str, Any], player: int, players: int) -> list[float]:
        w = self.weights
        size = w.hidden
        total = list(w.input_bias)
        rows = w.input_weights
        for slot, value in self.encoding.observations.features(view, player, players).items():
            start = slot * size
            for j in range(size):
                total[j] += value * rows[start + j]
        return [math.tanh(t) for t in total]

    def scores(
        self, hidden: list[float], options: Sequence[Option], labels: Sequence[str]
    ) -> list[float]:
        w = self.weights
        size = w.hidden
        out = []
        for option, label in zip(options, labels, strict=True):
            score = 0.0
            for token in option_tokens(str(option[0]), label, w.buckets):
                start = token * size
                score += w.token_bias[token] + sum(
                    h * w.token_vectors[start + j] for j, h in enumerate(hidden)
                )
            out.append(score)
        return out


_NETS: dict[tuple[str, str], PolicyNet] = {}


class PolicyBot:
    """Plays the option the learned policy scores highest (ties broken at random)."""

    def __init__(self, seed: int, weights: str | None = None) -> None:
        self.rng = Rng(seed)
        self.weights_file = weights
        self._net_in_hand: PolicyNet | None = None

    @classmethod
    def with_weights(cls, seed: int, weights: PolicyWeights) -> PolicyBot:
        """A bot playing weights held in memory (a training run's current ones)."""
        bot = cls(seed)
        bot._net_in_hand = PolicyNet(weights)
        return bot

    @property
    def name(self) -> str:
        return "policy" if self.weights_file is None else f"policy:{self.weights_file}"

    def _net(self, game: str) -> PolicyNet:
        if self._net_in_hand is not None:
            if self._net_in_hand.weights.game != find_game(game).name:
                raise PolicyError(f"these weights are for {self._net_in_hand.weights.game}")
            return self._net_in_hand
        key = (find_game(game).name, self.weights_file or "")
        net = _NETS.get(key)
        if net is None:
            net = _NETS[key] = PolicyNet(load_weights(game, self.weights_file))
        return net

    def choose(self, info: InfoSet) -> Option:
        options = info.options
        if len(options) == 1:
            return options[0]
        view = info.view()
        net = self._net(str(view["game"]))
        hidden = net.hidden(view, info.player, info.players)
        scores = net.scores(hidden, options, info.labels())
        best = max(scores)
        ties = [option for option, score in zip(options, scores, strict=True) if score == best]
        return ties[self.rng.below(len(ties))] if len(ties) > 1 else ties[0]
