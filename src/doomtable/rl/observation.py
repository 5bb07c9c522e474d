"""Structured observations: a view read into named, fixed slots, one feature per slot.

A game declares its layout as plain data (``RL_ENCODING["observation"]``, see ``docs/rl.md``):
a list of entries, each reading one path of the view. A path is dotted keys; a list met on the
way is read item by item, so ``"attacks.animal"`` reaches every attack's animal. Entries:

- ``("number", path)`` or ``("number", path, scale)``: one slot, the sum of the numbers (a
  bool is 0 or 1, ``None`` adds nothing) divided by ``scale``;
- ``("one_of", path, values)``: one slot per value and one for any other, counting the
  values read;
- ``("seat", path)``: one slot per seat *relative to the viewer* (``+0`` is the viewer),
  counting the absolute seats read;
- ``("cards", path, kinds)``: one slot per card identity (a name among the game's
  ``spec.cards()`` whose kind is in ``kinds``, or any kind for ``()``), counting the cards
  read (a name, or a dict with a ``"name"``); a name outside them is an
  ``ObservationLayoutError``;
- ``("seats", path, entries)``: the per-seat list (or a dict keyed by seat); ``entries``
  read each seat's item into a block of their own, one block per seat relative to the viewer
  (``max_players`` blocks); the path ``""`` is the item itself.

Every observation starts with the decision: ``deciding`` (the viewer has a decision open) and
one slot per declared decision kind plus one for any other. No string is hashed: every slot has
one name (``names``), and no two features share a slot.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from doomtable.engine import DoomtableError

if TYPE_CHECKING:
    import numpy as np


class _Sink:
    """What one encoding collects: slots counted once per hit, and number slots with a value
    to add, turned into the vector at the end in two numpy calls."""

    __slots__ = ("hits", "slots", "values")

    def __init__(self) -> None:
        self.hits: list[int] = []
        self.slots: list[int] = []
        self.values: list[float] = []


Step = Callable[[Any, int, int, _Sink, int], None]
"""Reads one entry of a view node at block offset ``at``: (node, viewer, players, sink, at)."""

OTHER = "other"


class ObservationLayoutError(DoomtableError, ValueError):
    """A view or a layout does not fit a game's structured observation."""


def gather(node: Any, keys: Sequence[str]) -> list[Any]:
    """Every value at ``keys`` under ``node``, lists read item by item (``None`` kept out).

    Views are JSON-ready, so exact ``dict``/``list``/``tuple`` type tests suffice (and are far
    cheaper than the abstract ``Mapping``/``Sequence`` ones)."""
    if not keys:  # the node itself (a seat's value that is a list of cards)
        if type(node) is list or type(node) is tuple:
            return [v for v in node if v is not None]
        return [] if node is None else [node]
    if len(keys) == 1:  # most entries: one key, read without the general loop
        value: Any = node.get(keys[0]) if type(node) is dict else None
        if type(value) is list or type(value) is tuple:
            return [v for v in value if v is not None]
        return [] if value is None else [value]
    found = [node]
    for key in keys:
        step: list[Any] = []
        for item in found:
            if type(item) is dict:
                value = item.get(key)
                if type(value) is list or type(value) is tuple:
                    step.extend(v for v in value if v is not None)
                elif value is not None:
                    step.append(value)
        found = step
    return found


class StructuredObservation:
    """A game's declared observation layout, compiled; see the module docstring."""

    def __init__(
        self,
        game: str,
        layout: Sequence[Sequence[Any]],
        cards: Sequence[Mapping[str, Any]],
        max_players: int,
        decision_kinds: Sequence[str],
    ) -> None:
        self.game = game
        self.max_players = max_players
        self._cards = cards
        self.names: list[str] = ["deciding"]
        self._kinds = {kind: 1 + i for i, kind in enumerate(decision_kinds)}
        self.names += [f"decision={kind}" for kind in (*decision_kinds, OTHER)]
        self._steps = self._compile_block(layout, self.names)
        self.size = len(self.names)

    def decision_slot(self, kind: str) -> int:
        """The slot of decision ``kind`` (the ``other`` one for a kind not declared)."""
        return self._kinds.get(kind, len(self._kinds) + 1)

    def table(self) -> str:
        """The layout as the Markdown table ``docs/rl.md`` shows (a test keeps them equal):
        each entry's first slot and number of slots; a seat block's entries by their place
        inside the block."""
        rows = [
            f"**{self.game}**: {self.size:,} floats.",
            "",
            "| first slot | slots | feature |",
            "|---:|---:|---|",
        ]
        names = self.names
        start = 0
        while start < self.size:
            head = _head(names[start])
            if "[+0]" in head:
                group = head.partition("[")[0]
                end = start
                while end < self.size and names[end].startswith(group + "["):
                    end += 1
                block = (end - start) // self.max_players
                rows.append(
                    f"| {start:,} | {end - start:,} | `{group}`: {self.max_players} blocks of "
                    f"{block}, one per seat from the viewer round the table |"
                )
                prefix = f"{group}[+0]"
                inner = [
                    name.removeprefix(prefix).removeprefix(".")
                    for name in names[start : start + block]
                ]
                rows += [f"| +{at:,} | {count:,} | `{what}` |" for at, count, what in _runs(inner)]
            else:
                count, what = _run(names, start)
                rows.append(f"| {start:,} | {count:,} | `{what}` |")
                end = start + count
            start = end
        return "\n".join(rows)

    def encode(
        self, view: Mapping[str, Any], viewer: int, players: int, kind: str | None = None
    ) -> np.ndarray[Any, Any]:
        """The view as ``size`` float32s; ``kind`` is the viewer's open decision, if any."""
        import numpy as np  # here, so that ``features`` runs where numpy is not installed

        sink = self._read(view, viewer, players, kind)
        out = np.bincount(sink.hits, minlength=self.size)
        if sink.slots:  # a number over a list's items is read once per item: summed here
            out = out + np.bincount(sink.slots, weights=sink.values, minlength=self.size)
        return out.astype(np.float32)

    def features(
        self, view: Mapping[str, Any], viewer: int, players: int, kind: str | None = None
    ) -> dict[int, float]:
        """The same observation as ``encode``, sparse and in pure Python: slot to value, the
        slots that stay 0 left out (the policy bot reads it without numpy)."""
        sink = self._read(view, viewer, players, kind)
        out: dict[int, float] = {}
        for slot in sink.hits:
            out[slot] = out.get(slot, 0.0) + 1.0
        for slot, value in zip(sink.slots, sink.values, strict=True):
            out[slot] = out.get(slot, 0.0) + value
        return out

    def _read(self, view: Mapping[str, Any], viewer: int, players: int, kind: str | None) -> _Sink:
        sink = _Sink()
        if kind is not None:
            sink.hits += (0, self.decision_slot(kind))
        for step in self._steps:
            step(view, viewer, players, sink, 0)
        return sink

    def _compile_block(self, layout: Sequence[Sequence[Any]], names: list[str]) -> list[Step]:
        """The steps of ``layout``, its plain numbers (one key each, the most common entry)
        read by one step, which saves a call per number."""
        steps: list[Step] = []
        plain: list[tuple[str, int, float]] = []
        groups: dict[str, tuple[list[Step], list[tuple[str, int, float]]]] = {}
        for entry in layout:
            what, path = entry[0], str(entry[1])
            head, _, tail = path.partition(".")
            scale = float(entry[2]) if what == "number" and entry[2:] else 1.0
            if what == "number" and not tail:
                plain.append((path, len(names), scale))
                names.append(path)
            elif tail and what != "seats":
                # Entries under one key (``attacks.owner``, ``attacks.target``, ...) read its
                # items once, each entry on each item.
                if head not in groups:
                    groups[head] = ([], [])
                    steps.append(_group_step(head, groups[head][0]))
                group_steps, group_plain = groups[head]
                if what == "number" and "." not in tail:
                    group_plain.append((tail, len(names), scale))
                    names.append(path)
                else:
                    group_steps.append(self._compile((what, tail, *entry[2:]), names, path))
            else:
                steps.append(self._compile(entry, names, path))
        for group_steps, group_plain in groups.values():
            if group_plain:
                group_steps.append(_plain_numbers_step(group_plain))
        if plain:
            steps.append(_plain_numbers_step(plain))
        return steps

    def _compile(self, entry: Sequence[Any], names: list[str], label: str) -> Step:
        what, path, *rest = entry
        keys = tuple(str(path).split(".")) if path else ()
        start = len(names)
        if what == "number":
            scale = float(rest[0]) if rest else 1.0
            names.append(label)
            return _number_step(keys, start, scale)
        if what == "one_of":
            values = list(rest[0])
            names.extend(f"{label}={value}" for value in (*values, OTHER))
            return _one_of_step(keys, start, {v: i for i, v in enumerate(values)})
        if what == "seat":
            names.extend(f"{label}=seat+{k}" for k in range(self.max_players))
            return _seat_step(keys, start)
        if what == "cards":
            kinds = set(rest[0])
            vocabulary = sorted(
                {str(c["name"]) for c in self._cards if not kinds or c.get("kind") in kinds}
            )
            names.extend(f"{label}:{name}" for name in vocabulary)
            slots = {name: i for i, name in enumerate(vocabulary)}
            return _cards_step(keys, start, slots, self.game, label)
        if what == "seats":
            block: list[str] = []
            steps = self._compile_block(rest[0], block)
            for k in range(self.max_players):
                names.extend(f"{label}[+{k}]{_join(name)}" for name in block)
            return _seats_step(keys, start, len(block), steps)
        raise ObservationLayoutError(f"{self.game}: unknown observation entry {entry!r}")


def _join(name: str) -> str:
    """A block entry's name after its seat: ``.hand:X``, or ``:X`` for the seat's own value."""
    return name if name.startswith(":") else f".{name}"


def _head(name: str) -> str:
    """The feature a slot belongs to: its name before any ``=value`` or ``:card``."""
    return name.partition("=")[0].partition(":")[0]


def _run(names: Sequence[str], at: int) -> tuple[int, str]:
    """How many slots from ``at`` hold one feature, and its description."""
    head = _head(names[at])
    end = at
    while end < len(names) and _head(names[end]) == head:
        end += 1
    head = head or "cards"  # a seat's own value read as cards (``:X``)
    return end - at, head if end - at == 1 else f"{head} ({names[at]} …)"


def _runs(names: Sequence[str]) -> list[tuple[int, int, str]]:
    """(first, count, description) of each run of slots of one feature."""
    runs: list[tuple[int, int, str]] = []
    at = 0
    while at < len(names):
        count, what = _run(names, at)
        runs.append((at, count, what))
        at += count
    return runs


def _plain_numbers_step(plain: Sequence[tuple[str, int, float]]) -> Step:
    def step(node: Any, viewer: int, players: int, sink: _Sink, at: int) -> None:
        get = node.get
        for key, slot, scale in plain:
            value = get(key)
            if value:  # None, 0 and False add nothing
                sink.slots.append(at + slot)
                sink.values.append(value / scale)

    return step


def _group_step(key: str, steps: Sequence[Step]) -> Step:
    def step(node: Any, viewer: int, players: int, sink: _Sink, at: int) -> None:
        value = node.get(key)
        if not value:
            return
        for item in value if type(value) is list else (value,):
            if type(item) is dict:
                for sub in steps:
                    sub(item, viewer, players, sink, at)

    return step


def _number_step(keys: Sequence[str], slot: int, scale: float) -> Step:
    def step(node: Any, viewer: int, players: int, sink: _Sink, at: int) -> None:
        total = 0.0
        for value in gather(node, keys):
            total += float(value)
        if total:
            sink.slots.append(at + slot)
            sink.values.append(total / scale)

    return step


def _one_of_step(keys: Sequence[str], start: int, slots: dict[Any, int]) -> Step:
    other = len(slots)

    def step(node: Any, viewer: int, players: int, sink: _Sink, at: int) -> None:
        for value in gather(node, keys):
            sink.hits.append(at + start + slots.get(value, other))

    return step


def _seat_step(keys: Sequence[str], start: int) -> Step:
    def step(node: Any, viewer: int, players: int, sink: _Sink, at: int) -> None:
        for seat in gather(node, keys):
            if 0 <= seat < players:
                sink.hits.append(at + start + (seat - viewer) % players)

    return step


def _cards_step(
    keys: Sequence[str], start: int, slots: dict[str, int], game: str, label: str
) -> Step:
    key = keys[0] if len(keys) == 1 else None

    def step(node: Any, viewer: int, players: int, sink: _Sink, at: int) -> None:
        if key is None:
            cards = gather(node, keys)
        else:  # one key, the usual zone: read in place
            cards = node.get(key)
            if not cards:
                return
            if type(cards) is not list:
                cards = [cards]
        base = at + start
        hits = sink.hits
        for card in cards:
            name = card["name"] if type(card) is dict else card
            slot = slots.get(name)
            if slot is None:
                if name is None:
                    continue
                raise ObservationLayoutError(f"{game}: {label} holds {name!r}, not a known card")
            hits.append(base + slot)

    return step


def _seats_step(keys: Sequence[str], start: int, block: int, steps: Sequence[Step]) -> Step:
    def step(node: Any, viewer: int, players: int, sink: _Sink, at: int) -> None:
        found = gather(node, keys)
        if len(found) == 1 and type(found[0]) is dict and all(k.isdigit() for k in found[0]):
            seats = [(int(seat), item) for seat, item in found[0].items()]  # keyed by seat
        else:
            seats = list(enumerate(found))
        for seat, item in seats:
            base = at + start + ((seat - viewer) % players) * block
            for sub in steps:
                sub(item, viewer, players, sink, base)

    return step
