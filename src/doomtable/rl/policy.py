"""The learned bot (``--bots policy``): ISMCTS judged by a learned value network.

The bot searches like ``ismcts`` (``doomtable.bots.ismcts``): on worlds drawn from its own
information set (``InfoSet.sample``) it grows a tree over the next moves, plays a few
decisions on at random, and then, instead of the game's hand-fitted ``win_chances``, asks a
small network for every seat's chance of winning, read from the searching player's *view*
of the world reached. A finished game counts its real win share.

Two networks, one per kind of weights file (``src/doomtable/rl/weights/<game>.json``, base64
little-endian float32 arrays; the forward passes here need neither PyTorch nor numpy):

- Doomlings (``PolicyNet``): for each seat (ordered from the viewer, so seat 0 is always the
  viewer) a row of numbers (``SEAT_FEATURES``) plus the game's progress goes through a tanh
  layer, to which the learned vectors of the seat's traits (and, for the viewer, of its hand
  cards; cards are hashed by name into buckets) are added; a linear read-out gives the seat a
  utility, and a softmax over the seats gives the win chances. Trained by
  ``bench/rl_train_policy.py`` (PyTorch, self-play).
- Every other game (``ObservationNet``): the game's structured observation of the view
  (``doomtable.rl.observation``, the layout the game declares, read sparse) through one tanh
  layer to a utility per seat from the viewer round the table and one for "nobody wins"
  (We're Doomed! may end with nobody aboard); a softmax over the seats playing and that one
  gives the chances. Trained by ``bench/rl_train_value.py`` (numpy).
"""

from __future__ import annotations

import base64
import json
import math
import sys
import zlib
from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from operator import mul
from pathlib import Path
from typing import Any, Protocol

from doomtable.bots.base import InfoSet
from doomtable.bots.ismcts import IsmctsBot
from doomtable.engine import DoomtableError, GameState, Option, find_game
from doomtable.rl.declaration import declaration
from doomtable.rl.observation import StructuredObservation

WEIGHTS_PACKAGE = "doomtable.rl"
WEIGHTS_FOLDER = "weights"
GAMES = ("doomlings", "doomlings-blackbox")
"""Games whose views ``view_features`` (the Doomlings network) understands (the same view in
both editions); every other game's network reads its declared structured observation."""
SHARED_WEIGHTS = {"doomlings-blackbox": "doomlings"}
"""Games that play another game's shipped weights (the Blackbox edition's view is Classic's)."""
OBSERVATION_FORMAT = "observation-mlp"
"""The ``format`` of an ``ObservationNet`` weights file (Doomlings' files have none)."""

COLORS = ("blue", "green", "purple", "red")
SEAT_FEATURES = (
    "score",
    "gene_pool",
    "hand_size",
    "traits",
    "dominants",
    *(f"{color}_traits" for color in COLORS),
    "colorless_traits",
    "face_values",
    "is_viewer",
    "hand_face_values",
    "hand_playable",
    "hand_dominants",
    "is_turn",
    "turns_away",
    "ages_left",
    "catastrophes",
    "round",
    "deck_size",
)
"""Each seat's row of numbers (the last four are the same for every seat; the three ``hand_``
ones are the viewer's own hand and 0 for other seats, whose hands are hidden)."""


class PolicyError(DoomtableError, ValueError):
    """A policy file is missing, malformed, or made for another game."""


def card_bucket(name: str, buckets: int) -> int:
    """The bucket a card's learned vector lives in (cards named, so copies share it)."""
    return zlib.crc32(f"card:{name}".encode()) % buckets


def _face(card: Mapping[str, Any]) -> float:
    face = card.get("face")
    return float(face) if isinstance(face, int | float) else 0.0


def view_features(
    view: Mapping[str, Any], buckets: int
) -> tuple[list[list[float]], list[list[int]]]:
    """Per seat, from the viewer round the table: its numbers and its cards' buckets.

    Reads only the view, so it holds exactly what the viewer may see.
    """
    players = int(view["players"])
    viewer = int(view["viewer"])
    turn = view.get("turn_player")
    shared = [
        float(view["ages_left"]) / 10,
        len(view["catastrophes"]) / 3,
        float(view["round"]) / 10,
        float(view["deck_size"]) / 50,
    ]
    hand = view["hand"]
    rows: list[list[float]] = []
    cards: list[list[int]] = []
    for k in range(players):
        seat = view["seats"][(viewer + k) % players]
        traits = seat["traits"]
        colors = [0.0] * (len(COLORS) + 1)
        for trait in traits:
            names = trait["colors"]
            if not names:
                colors[-1] += 1
            for name in names:
                if name in COLORS:
                    colors[COLORS.index(name)] += 1
        mine = k == 0
        rows.append(
            [
                float(seat["score"]) / 10,
                float(seat["gene_pool"]) / 5,
                float(seat["hand_size"]) / 5,
                len(traits) / 10,
                float(seat["dominants"]) / 2,
                *(c / 5 for c in colors),
                sum(_face(t) for t in traits) / 10,
                1.0 if mine else 0.0,
                sum(_face(c) for c in hand) / 10 if mine else 0.0,
                sum(1 for c in hand if c.get("why_not") is None) / 5 if mine else 0.0,
                sum(1 for c in hand if c.get("dominant")) / 2 if mine else 0.0,
                1.0 if turn is not None and (viewer + k) % players == turn else 0.0,
                ((viewer + k - turn) % players) / players if turn is not None else 0.0,
                *shared,
            ]
        )
        names = [card_bucket(t["name"], buckets) for t in traits]
        if mine:
            names += [buckets + card_bucket(c["name"], buckets) for c in hand]
        cards.append(names)
    return rows, cards


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
    """The value network's weights; cards have ``2 * buckets`` vectors (traits, then hand)."""

    game: str
    hidden: int
    buckets: int
    dense_weights: array[float]  # len(SEAT_FEATURES) x hidden, row-major
    hidden_bias: array[float]  # hidden
    card_vectors: array[float]  # 2 * buckets x hidden
    readout: array[float]  # hidden
    skip: array[float]  # len(SEAT_FEATURES): a linear term beside the hidden layer
    notes: dict[str, Any]

    @classmethod
    def from_json(cls, text: str, source: str) -> PolicyWeights:
        try:
            data = json.loads(text)
            features = [str(name) for name in data["features"]]
            if features != list(SEAT_FEATURES):
                raise PolicyError(f"{source} reads other features: {', '.join(features)}")
            hidden, buckets = int(data["hidden"]), int(data["buckets"])
            size = len(SEAT_FEATURES)
            return cls(
                game=str(data["game"]),
                hidden=hidden,
                buckets=buckets,
                dense_weights=decode_floats(data["dense_weights"], size * hidden, "dense"),
                hidden_bias=decode_floats(data["hidden_bias"], hidden, "hidden_bias"),
                card_vectors=decode_floats(data["card_vectors"], 2 * buckets * hidden, "cards"),
                readout=decode_floats(data["readout"], hidden, "readout"),
                skip=decode_floats(data["skip"], size, "skip"),
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
                "features": list(SEAT_FEATURES),
                "hidden": self.hidden,
                "buckets": self.buckets,
                "notes": self.notes,
                "dense_weights": encode_floats(self.dense_weights),
                "hidden_bias": encode_floats(self.hidden_bias),
                "card_vectors": encode_floats(self.card_vectors),
                "readout": encode_floats(self.readout),
                "skip": encode_floats(self.skip),
            },
            indent=1,
        )


def shipped_weights_path(game: str) -> Path:
    name = find_game(game).name
    name = SHARED_WEIGHTS.get(name, name)
    return Path(str(resources.files(WEIGHTS_PACKAGE) / WEIGHTS_FOLDER / f"{name}.json"))


def load_weights(game: str, path: str | Path | None = None) -> PolicyWeights | ObservationWeights:
    """The weights in ``path``, or the ones shipped for ``game``, checked against the game:
    Doomlings' per-seat network, or any other game's network over its observation."""
    name = find_game(game).name
    file = Path(path) if path is not None else shipped_weights_path(game)
    try:
        text = file.read_text()
    except (OSError, UnicodeDecodeError):
        # A bot argument that was meant as a budget (policy:xs) reads as a file name.
        forms = " (policy:ARG takes ITERATIONS, SECONDSs or a weights FILE.json)" if path else ""
        raise PolicyError(f"no policy weights for {name} at {file}{forms}") from None
    try:
        fmt = json.loads(text).get("format")
    except (ValueError, AttributeError):
        raise PolicyError(f"{file} is not a policy file: not a JSON object") from None
    weights: PolicyWeights | ObservationWeights
    if fmt == OBSERVATION_FORMAT:
        weights = ObservationWeights.from_json(text, str(file))
        if weights.game != name:
            raise PolicyError(f"{file} is a policy for {weights.game}, not {name}")
        reader = observation_reader(name)
        if weights.layout != layout_fingerprint(reader) or weights.inputs != reader.size:
            raise PolicyError(
                f"{file} was trained on another observation layout of {name} "
                f"({weights.inputs} slots; the game now reads {reader.size}): train it again"
            )
        return weights
    if fmt is not None:
        raise PolicyError(f"{file} is not a policy file: unknown format {fmt!r}")
    weights = PolicyWeights.from_json(text, str(file))
    if weights.game not in GAMES or name not in GAMES:
        raise PolicyError(f"{file} is a policy for {weights.game}, not {name}")
    return weights


class ValueNet(Protocol):
    """A learned judge of positions: what the policy bot's search asks at its leaves."""

    def judge(self, world: GameState, player: int) -> list[float]:
        """Each seat's chance of winning ``world`` (absolute seats), from ``player``'s view."""
        ...


class PolicyNet:
    """The value network's forward pass in pure Python."""

    def __init__(self, weights: PolicyWeights) -> None:
        self.weights = weights
        size, hidden = len(SEAT_FEATURES), weights.hidden
        w = weights.dense_weights
        self._rows = [list(w[i * hidden : (i + 1) * hidden]) for i in range(size)]
        c = weights.card_vectors
        self._cards = [list(c[i * hidden : (i + 1) * hidden]) for i in range(2 * weights.buckets)]
        self._bias = list(weights.hidden_bias)
        self._readout = list(weights.readout)
        self._skip = list(weights.skip)

    def utilities(self, rows: list[list[float]], cards: list[list[int]]) -> list[float]:
        """Each seat's utility (its win chance is the softmax of these over the seats)."""
        out = []
        for row, names in zip(rows, cards, strict=True):
            total = list(self._bias)
            for x, weights in zip(row, self._rows, strict=True):
                if x:
                    total = [t + x * w for t, w in zip(total, weights, strict=True)]
            for bucket in names:
                total = [t + w for t, w in zip(total, self._cards[bucket], strict=True)]
            u = sum(math.tanh(t) * v for t, v in zip(total, self._readout, strict=True))
            out.append(u + sum(x * s for x, s in zip(row, self._skip, strict=True)))
        return out

    def win_chances(self, view: Mapping[str, Any]) -> list[float]:
        """Each seat's chance of winning, from the viewer round the table."""
        return softmax(self.utilities(*view_features(view, self.weights.buckets)))

    def judge(self, world: GameState, player: int) -> list[float]:
        chances = self.win_chances(world.view(player))
        players = len(chances)
        return [chances[(seat - player) % players] for seat in range(players)]


def softmax(utilities: Sequence[float]) -> list[float]:
    top = max(utilities)
    odds = [math.exp(u - top) for u in utilities]
    total = sum(odds)
    return [o / total for o in odds]


_READERS: dict[str, StructuredObservation] = {}


def observation_reader(game: str) -> StructuredObservation:
    """The game's declared structured observation (``RL_ENCODING["observation"]``), which
    reads a player's view into named slots; the ``ObservationNet``'s input."""
    spec = find_game(game)
    reader = _READERS.get(spec.name)
    if reader is None:
        declared = declaration(spec)
        if "observation" not in declared:
            raise PolicyError(f"{spec.name} declares no observation for the policy bot to read")
        reader = _READERS[spec.name] = StructuredObservation(
            spec.name,
            declared["observation"],
            spec.cards(),
            spec.max_players,
            declared.get("decision_kinds", ()),
        )
    return reader


def layout_fingerprint(reader: StructuredObservation) -> int:
    """A checksum of the observation's slot names: weights trained on another layout (a
    game whose declaration changed since) are refused, not misread."""
    return zlib.crc32("\n".join(reader.names).encode())


@dataclass
class ObservationWeights:
    """``ObservationNet``'s weights: ``inputs`` observation slots, one tanh layer of
    ``hidden`` units, ``seats + 1`` utilities (each seat from the viewer round, then nobody)."""

    game: str
    layout: int
    inputs: int
    hidden: int
    seats: int
    input_weights: array[float]  # inputs x hidden, row-major (input scaling folded in)
    hidden_bias: array[float]  # hidden
    output_weights: array[float]  # hidden x (seats + 1), row-major
    output_bias: array[float]  # seats + 1
    notes: dict[str, Any]

    @classmethod
    def from_json(cls, text: str, source: str) -> ObservationWeights:
        try:
            data = json.loads(text)
            if data.get("format") != OBSERVATION_FORMAT:
                raise PolicyError(f"{source} is not a policy file of format {OBSERVATION_FORMAT}")
            inputs, hidden, seats = int(data["inputs"]), int(data["hidden"]), int(data["seats"])
            if min(inputs, hidden, seats) < 1:
                raise PolicyError(f"{source}: inputs, hidden and seats must be positive")
            outputs = seats + 1
            return cls(
                game=str(data["game"]),
                layout=int(data["layout"]),
                inputs=inputs,
                hidden=hidden,
                seats=seats,
                input_weights=decode_floats(data["input_weights"], inputs * hidden, "input"),
                hidden_bias=decode_floats(data["hidden_bias"], hidden, "hidden_bias"),
                output_weights=decode_floats(data["output_weights"], hidden * outputs, "output"),
                output_bias=decode_floats(data["output_bias"], outputs, "output_bias"),
                notes=dict(data.get("notes", {})),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            if isinstance(exc, PolicyError):
                raise
            raise PolicyError(f"{source} is not a policy file: {exc}") from None

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": OBSERVATION_FORMAT,
                "game": self.game,
                "layout": self.layout,
                "inputs": self.inputs,
                "hidden": self.hidden,
                "seats": self.seats,
                "notes": self.notes,
                "input_weights": encode_floats(self.input_weights),
                "hidden_bias": encode_floats(self.hidden_bias),
                "output_weights": encode_floats(self.output_weights),
                "output_bias": encode_floats(self.output_bias),
            },
            indent=1,
        )


class ObservationNet:
    """The forward pass of ``ObservationWeights`` in pure Python, over a sparse observation
    (a few dozen of its hundreds of slots are set in any view)."""

    def __init__(self, weights: ObservationWeights, reader: StructuredObservation) -> None:
        if weights.inputs != reader.size:
            raise PolicyError(
                f"policy weights for {weights.game} read {weights.inputs} slots, "
                f"the observation has {reader.size}"
            )
        self.weights = weights
        self.reader = reader
        hidden, outputs = weights.hidden, weights.seats + 1
        w = weights.input_weights
        self._rows = [list(w[i * hidden : (i + 1) * hidden]) for i in range(weights.inputs)]
        self._bias = list(weights.hidden_bias)
        o = weights.output_weights
        # Stored hidden x outputs; kept as one column per output for the read-out's dot products.
        self._columns = [list(o[k::outputs]) for k in range(outputs)]
        self._out_bias = list(weights.output_bias)

    def win_chances(self, features: Mapping[int, float], players: int) -> list[float]:
        """Each seat's chance of winning (from the viewer round the table) and, last, the
        chance that nobody wins."""
        if players > self.weights.seats:
            raise PolicyError(
                f"policy weights for {self.weights.game} judge at most {self.weights.seats} seats"
            )
        # The rows of the slots set, summed column by column: the search calls this at every
        # leaf, and ``zip(*rows)`` is about fifteen times faster than adding row after row.
        rows = self._rows
        terms = [
            rows[slot] if x == 1.0 else [x * w for w in rows[slot]] for slot, x in features.items()
        ]
        terms.append(self._bias)
        h = [math.tanh(sum(column)) for column in zip(*terms, strict=True)]
        columns, bias = self._columns, self._out_bias
        return softmax(
            [bias[k] + sum(map(mul, h, columns[k])) for k in (*range(players), self.weights.seats)]
        )

    def judge(self, world: GameState, player: int) -> list[float]:
        players = world.players
        pending = world.pending
        kind = pending.kind if pending is not None and pending.player == player else None
        features = self.reader.features(world.view(player), player, players, kind)
        chances = self.win_chances(features, players)
        return [chances[(seat - player) % players] for seat in range(players)]


def value_net(weights: PolicyWeights | ObservationWeights) -> ValueNet:
    """The network that plays ``weights``."""
    if isinstance(weights, PolicyWeights):
        return PolicyNet(weights)
    return ObservationNet(weights, observation_reader(weights.game))


_NETS: dict[str, ValueNet] = {}

DEFAULT_ITERATIONS = 200
"""Search iterations per move of ``--bots policy`` (``policy:N`` sets another)."""


class PolicyBot:
    """ISMCTS (``doomtable.bots.ismcts``) whose positions are judged by the learned network.

    The division of labour of AlphaZero: the search looks at the next few moves on worlds
    drawn from the bot's information set, and where it stops, the network says each seat's
    chance of winning, read from the searching player's view of that world. It searches
    ``iterations`` per move, or as many as fit in ``seconds`` when given (``policy:0.2s``).
    """

    def __init__(
        self,
        seed: int,
        weights: str | None = None,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float | None = None,
    ) -> None:
        self.weights_file = weights
        self.iterations = iterations
        self.seconds = seconds
        self._net: ValueNet | None = None
        self._search = IsmctsBot(seed, iterations=iterations, seconds=seconds, judge=self.judge)

    @classmethod
    def with_weights(
        cls,
        seed: int,
        weights: PolicyWeights | ObservationWeights,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float | None = None,
    ) -> PolicyBot:
        """A bot playing weights held in memory (a training run's current ones)."""
        bot = cls(seed, iterations=iterations, seconds=seconds)
        bot._net = value_net(weights)
        return bot

    @property
    def name(self) -> str:
        if self.seconds is not None:
            budget = f":{self.seconds:g}s"
        else:
            budget = "" if self.iterations == DEFAULT_ITERATIONS else f":{self.iterations}"
        weights = "" if self.weights_file is None else f":{self.weights_file}"
        return f"policy{weights}{budget}"

    def net(self, game: str) -> ValueNet:
        if self._net is None:
            key = self.weights_file or find_game(game).name
            net = _NETS.get(key)
            if net is None:
                net = _NETS[key] = value_net(load_weights(game, self.weights_file))
            self._net = net
        return self._net

    def choose(self, info: InfoSet) -> Option:
        # Fails here, not deep in a search, for a game without weights.
        self.net(info.game)
        return self._search.choose(info)

    def judge(self, world: GameState, player: int) -> list[float]:
        """Each seat's chance of winning ``world``, judged from ``player``'s view of it."""
        return self.net(world.GAME).judge(world, player)
