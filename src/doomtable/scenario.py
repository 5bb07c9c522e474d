"""Scenario files: a dealt game, a board set up by hand, scripted choices, expected results.

A scenario is YAML (one per file, or a list under ``scenarios:``)::

    name: Sweat discards one card
    game: doomlings
    players: 2
    seed: 3
    setup: {...}                 # passed as-is to state.setup_scenario(setup)
    steps:
      - {player: 0, choose: play Sweat}
      - {expect: {players.0.hand_size: 4}}
      - {player: 1, choose: play Bark, error: "not a legal"}
    expect:
      game_over: false

Expectations are partial matches on ``state.snapshot()`` by dotted path (``players.0.hand``);
see ``docs/scenarios.md``. The runner knows no game: it only uses the engine's registry and the
:class:`~doomtable.engine.GameState` interface.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from doomtable.engine import (
    DoomtableError,
    GameState,
    IllegalChoiceError,
    ScenarioError,
    TimedGameState,
    did_you_mean,
    new_game,
)
from doomtable.safe_yaml import YamlLimitError, load_yaml, read_text_file, yaml_problem

SCENARIO_KEYS = (
    "name",
    "game",
    "players",
    "seed",
    "options",
    "setup",
    "setup_error",
    "steps",
    "expect",
    "note",
)
"""Keys a scenario may have; every key but ``name``, ``setup_error``, ``steps`` and ``expect``
may also be given once at the top of a ``scenarios:`` file as a default for each scenario in it
(a scenario's ``options`` are merged over the file's)."""

OWN_KEYS = frozenset({"name", "setup_error", "steps", "expect"})
"""Keys only a scenario itself may give, never a file as a default."""

STEP_KEYS = ("player", "choose", "error", "expect", "note", "clock")

MATCHER_KEYS = frozenset({"contains", "excludes", "length"})

SUFFIXES = (".yaml", ".yml")

_MISSING = object()


@dataclass(frozen=True)
class Step:
    """One scripted step: a choice by ``player`` and/or expectations checked afterwards."""

    number: int
    """1-based position in the scenario's ``steps``."""
    player: int | None = None
    choose: str | int | None = None
    error: str | None = None
    expect: Mapping[str, Any] = field(default_factory=dict)
    clock: float | None = None
    """Seconds of game clock to let pass first (timed games only)."""

    def describe(self) -> str:
        if self.choose is None:
            return f"step {self.number}"
        return f"step {self.number} (player {self.player} chooses {self.choose!r})"


@dataclass(frozen=True)
class Scenario:
    """A scenario as read from its file, checked for shape but not yet run."""

    name: str
    source: str
    game: str
    players: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    setup: Mapping[str, Any] | None = None
    steps: tuple[Step, ...] = ()
    expect: Mapping[str, Any] = field(default_factory=dict)
    setup_error: str | None = None
    """Text the refusal of this game or its set-up must contain: the scenario expects the game
    not to start (an illegal deck, a player count the game does not take)."""

    @property
    def title(self) -> str:
        return f"{self.source} :: {self.name}"


@dataclass(frozen=True)
class Failure:
    """One way a scenario went wrong: an unmet expectation or an unexpected turn of play."""

    where: str
    message: str
    path: str | None = None
    expected: Any = _MISSING
    actual: Any = _MISSING

    def lines(self) -> list[str]:
        """The failure in readable lines: where, what path, expected against actual."""
        head = (
            f"{self.where}: {self.path}: {self.message}"
            if self.path
            else (f"{self.where}: {self.message}")
        )
        lines = [head]
        if self.expected is not _MISSING:
            lines.append(f"  expected: {_show(self.expected)}")
        if self.actual is not _MISSING:
            lines.append(f"  actual:   {_show(self.actual)}")
        if isinstance(self.expected, list | dict) and isinstance(self.actual, list | dict):
            diff = difflib.ndiff(_items(self.expected), _items(self.actual))
            changed = [f"    {line}" for line in diff if line[:1] in "-+"]
            if changed:
                lines.append("  diff (- expected, + actual):")
                lines.extend(changed)
        return lines


@dataclass(frozen=True)
class ScenarioResult:
    scenario: Scenario
    failures: tuple[Failure, ...]

    @property
    def passed(self) -> bool:
        return not self.failures

    def report(self) -> str:
        """Every failure as readable text (empty when the scenario passed)."""
        return "\n".join(line for failure in self.failures for line in failure.lines())


# --------------------------------------------------------------------------- loading


def find_scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    """Every YAML file named by ``paths``; folders are searched recursively, in sorted order."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file()))
        elif path.is_file():
            found.append(path)
        else:
            raise ScenarioError(f"{path}: no such file or folder")
    return found


def load_scenarios(path: str | Path) -> list[Scenario]:
    """The scenarios in one YAML file. Raises :class:`ScenarioError` naming the file."""
    path = Path(path)
    try:
        text = read_text_file(path)
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except YamlLimitError as exc:
        raise ScenarioError(str(exc)) from None
    return parse_scenarios(text, str(path))


def parse_scenarios(text: str, source: str = "<scenario>") -> list[Scenario]:
    """The scenarios in YAML ``text``; ``source`` names the text in error messages."""
    try:
        data = load_yaml(text, source)
    except YamlLimitError as exc:
        raise ScenarioError(str(exc)) from None
    except yaml.YAMLError as exc:
        raise ScenarioError(f"{source}: malformed YAML at {yaml_problem(exc)}") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{source}: a scenario file must be a mapping (name, game, ...)")
    if "scenarios" not in data:
        return [_scenario(data, source, Path(source).stem, {})]
    defaults = {k: v for k, v in data.items() if k != "scenarios"}
    _check_keys(defaults, set(SCENARIO_KEYS) - OWN_KEYS, source, "file")
    entries = data["scenarios"]
    if not isinstance(entries, list) or not entries:
        raise ScenarioError(f"{source}: 'scenarios' must be a non-empty list of scenarios")
    scenarios = []
    for index, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict):
            raise ScenarioError(f"{source}: scenario {index} must be a mapping")
        scenarios.append(_scenario(entry, source, f"{Path(source).stem} #{index}", defaults))
    names = [s.name for s in scenarios]
    for name in names:
        if names.count(name) > 1:
            raise ScenarioError(f"{source}: two scenarios are named {name!r}")
    return scenarios


def _check_keys(data: Mapping[Any, Any], allowed: Iterable[str], source: str, where: str) -> None:
    allowed = sorted(allowed)
    for key in data:
        if key not in allowed:
            hint = did_you_mean(str(key), allowed, most=1, quote=True)
            suggestion = f" ({hint})" if hint else ""
            raise ScenarioError(
                f"{source}: {where}: unknown key {key!r}{suggestion}; allowed: {', '.join(allowed)}"
            )


def _scenario(
    entry: Mapping[str, Any], source: str, default_name: str, defaults: Mapping[str, Any]
) -> Scenario:
    name = entry.get("name", default_name)
    if not isinstance(name, str | int) or isinstance(name, bool):
        raise ScenarioError(f"{source}: scenario name must be text, not {name!r}")
    name = str(name)
    _check_keys(entry, SCENARIO_KEYS, source, f"scenario {name!r}")
    data = {**defaults, **entry}
    where = f"{source}: scenario {name!r}"
    for required in ("game", "players"):
        if required not in data:
            raise ScenarioError(f"{where}: missing {required!r}")
    game = data["game"]
    if not isinstance(game, str):
        raise ScenarioError(f"{where}: 'game' must be a game name, not {game!r}")
    players = _int(data["players"], f"{where}: 'players'")
    seed = _int(data.get("seed", 0), f"{where}: 'seed'")
    options = {
        **_mapping(defaults.get("options", {}), f"{source}: 'options'"),
        **_mapping(entry.get("options", {}), f"{where}: 'options'"),
    }
    setup = data.get("setup")
    if setup is not None:
        setup = _mapping(setup, f"{where}: 'setup'")
    raw_steps = data.get("steps", [])
    if not isinstance(raw_steps, list):
        raise ScenarioError(f"{where}: 'steps' must be a list")
    steps = tuple(
        _step(raw, number, players, where) for number, raw in enumerate(raw_steps, start=1)
    )
    expect = _mapping(data.get("expect", {}), f"{where}: 'expect'")
    setup_error = data.get("setup_error")
    if setup_error is not None:
        if not isinstance(setup_error, str) or not setup_error.strip():
            raise ScenarioError(f"{where}: 'setup_error' must be text found in the refusal")
        if steps or expect:
            raise ScenarioError(f"{where}: a scenario with 'setup_error' has no steps or expect")
    return Scenario(name, source, game, players, seed, options, setup, steps, expect, setup_error)


def _step(raw: Any, number: int, players: int, where: str) -> Step:
    here = f"{where}: step {number}"
    if not isinstance(raw, dict):
        raise ScenarioError(f"{here}: a step must be a mapping like {{player: 0, choose: ...}}")
    _check_keys(raw, STEP_KEYS, where, f"step {number}")
    player = raw.get("player")
    choose = raw.get("choose")
    error = raw.get("error")
    expect = _mapping(raw.get("expect", {}), f"{here}: 'expect'")
    clock = raw.get("clock")
    if clock is not None:
        if not isinstance(clock, int | float) or isinstance(clock, bool) or clock < 0:
            raise ScenarioError(f"{here}: 'clock' must be seconds of game clock to let pass")
        if choose is None and player is None and error is None:
            return Step(number, expect=expect, clock=float(clock))
    if choose is None and not expect:
        raise ScenarioError(f"{here}: a step needs 'choose' (with 'player') or 'expect'")
    if choose is None:
        if player is not None or error is not None:
            raise ScenarioError(f"{here}: 'player' and 'error' need a 'choose'")
        return Step(number, expect=expect)
    if not isinstance(choose, str | int) or isinstance(choose, bool):
        raise ScenarioError(f"{here}: 'choose' must be an option label or index, not {choose!r}")
    if player is None:
        raise ScenarioError(f"{here}: 'choose' needs the 'player' who chooses")
    player = _int(player, f"{here}: 'player'")
    if not 0 <= player < players:
        raise ScenarioError(f"{here}: unknown player {player} (players are 0 to {players - 1})")
    if error is not None and not isinstance(error, str):
        raise ScenarioError(f"{here}: 'error' must be text found in the error message")
    return Step(number, player, choose, error, expect, None if clock is None else float(clock))


def _int(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScenarioError(f"{where} must be a whole number, not {value!r}")
    return value


def _mapping(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ScenarioError(f"{where} must be a mapping, not {value!r}")
    return {str(k): v for k, v in value.items()}


# --------------------------------------------------------------------------- running


def start_scenario(scenario: Scenario) -> GameState:
    """The scenario's game, dealt from its seed and set up as it says."""
    try:
        state = new_game(scenario.game, scenario.players, scenario.seed, dict(scenario.options))
        if scenario.setup is not None:
            state.setup_scenario(dict(scenario.setup))
    except DoomtableError as exc:
        raise ScenarioError(f"{scenario.source}: scenario {scenario.name!r}: {exc}") from None
    return state


def run_scenario(scenario: Scenario) -> ScenarioResult:
    """Play the scenario's steps and check its expectations.

    An unmet expectation is recorded and play goes on; a choice that goes wrong stops play.
    Raises :class:`ScenarioError` when the game cannot be created or set up, unless the
    scenario expects that (``setup_error``).
    """
    if scenario.setup_error is not None:
        return ScenarioResult(scenario, tuple(_refused_setup(scenario, scenario.setup_error)))
    state = start_scenario(scenario)
    failures: list[Failure] = []
    for step in scenario.steps:
        if step.clock is not None:
            if not isinstance(state, TimedGameState):
                failures.append(Failure(step.describe(), f"{state.GAME} has no game clock"))
                return ScenarioResult(scenario, tuple(failures))
            state.advance_clock(state.clock + round(step.clock * 1000))
        if step.choose is not None:
            problem = _play_step(state, step)
            if problem is not None:
                failures.append(problem)
                return ScenarioResult(scenario, tuple(failures))
        failures.extend(check_expectations(state, step.expect, f"after {step.describe()}"))
    failures.extend(check_expectations(state, scenario.expect, "at the end"))
    return ScenarioResult(scenario, tuple(failures))


def _refused_setup(scenario: Scenario, wanted: str) -> list[Failure]:
    """No failure when creating or setting up the game is refused with ``wanted`` in the
    message; otherwise what happened instead."""
    try:
        start_scenario(scenario)
    except ScenarioError as exc:
        if wanted.casefold() in str(exc).casefold():
            return []
        return [Failure("set-up", "refused for another reason", None, wanted, str(exc))]
    return [Failure("set-up", "was accepted, but it should be refused", None, wanted)]


def _play_step(state: GameState, step: Step) -> Failure | None:
    assert step.player is not None and step.choose is not None
    where = step.describe()
    if state.is_over:
        return Failure(where, "the game is already over")
    before = state.to_dict()
    try:
        state.apply(step.player, step.choose)
    except IllegalChoiceError as exc:
        if step.error is None:
            return Failure(where, f"illegal choice: {exc}")
        if step.error.casefold() not in str(exc).casefold():
            return Failure(
                where, "the choice was refused with another error", None, step.error, str(exc)
            )
        if state.to_dict() != before:
            return Failure(where, "the refused choice changed the state")
        return None
    except DoomtableError as exc:
        return Failure(where, f"{type(exc).__name__}: {exc}")
    if step.error is not None:
        return Failure(
            where,
            f"expected an illegal-choice error containing {step.error!r}, "
            "but the choice was accepted",
        )
    return None


def observed(state: GameState) -> dict[str, Callable[[], Any]]:
    """Top-level values expectations may name besides the game's own snapshot keys."""

    def pending() -> Any:
        decision = state.pending
        if decision is None:
            return None
        return {
            "player": decision.player,
            "kind": decision.kind,
            "prompt": decision.prompt,
            "options": state.labels(),
        }

    return {
        "game_over": lambda: state.is_over,
        "pending": pending,
        "labels": state.labels,
        "scores": state.scores,
        "winners": lambda: state.winners() if state.is_over else None,
        "log": state.log_lines,
    }


def check_expectations(state: GameState, expect: Mapping[str, Any], where: str) -> list[Failure]:
    """Failures of ``expect`` against the state (an empty list when all hold)."""
    if not expect:
        return []
    snapshot = _plain(state.snapshot())
    extra = observed(state)
    failures: list[Failure] = []
    for path, wanted in expect.items():
        head = path.split(".", 1)[0]
        root: Any = snapshot
        if isinstance(snapshot, dict) and head not in snapshot and head in extra:
            root = {head: _plain(extra[head]())}
        failures.extend(match(root, str(path), wanted, where))
    return failures


def match(root: Any, path: str, wanted: Any, where: str = "") -> list[Failure]:
    """Failures of ``wanted`` against the value at dotted ``path`` inside ``root``.

    ``wanted`` is compared exactly, except that a mapping matches part of a mapping (its keys
    being further paths) and ``{contains: X}`` / ``{excludes: X}`` / ``{length: N}`` test
    membership, absence and size.
    """
    actual, missing = _lookup(root, path)
    if missing is not None:
        return [Failure(where, missing, path)]
    if isinstance(wanted, dict) and wanted and set(wanted) <= MATCHER_KEYS:
        return _match_matchers(actual, path, wanted, where)
    if isinstance(wanted, dict) and wanted and isinstance(actual, dict):
        failures = []
        for key, sub in wanted.items():
            failures.extend(match(actual, str(key), sub, where))
        return [
            Failure(f.where, f.message, f"{path}.{f.path}", f.expected, f.actual) for f in failures
        ]
    wanted = _plain(wanted)
    if not same(wanted, actual):
        return [Failure(where, "differs", path, wanted, actual)]
    return []


def _match_matchers(actual: Any, path: str, wanted: Mapping[str, Any], where: str) -> list[Failure]:
    failures: list[Failure] = []
    if "length" in wanted:
        size = wanted["length"]
        if not isinstance(actual, list | dict | str):
            failures.append(Failure(where, "has no length", path, {"length": size}, actual))
        elif len(actual) != size:
            failures.append(
                Failure(where, f"length {len(actual)}, expected {size}", path, size, actual)
            )
    if "excludes" in wanted:
        items = wanted["excludes"]
        items = _plain(items) if isinstance(items, list) else [_plain(items)]
        if not isinstance(actual, list | dict | str):
            failures.append(Failure(where, "cannot contain anything", path, wanted, actual))
        else:
            present = [item for item in items if _contains(actual, item)]
            if present:
                failures.append(
                    Failure(where, f"contains {_show(present)[1:-1]}", path, wanted, actual)
                )
    if "contains" in wanted:
        items = wanted["contains"]
        items = _plain(items) if isinstance(items, list) else [_plain(items)]
        if not isinstance(actual, list | dict | str):
            failures.append(Failure(where, "cannot contain anything", path, wanted, actual))
        else:
            absent = [item for item in items if not _contains(actual, item)]
            if absent:
                failures.append(
                    Failure(where, f"does not contain {_show(absent)[1:-1]}", path, wanted, actual)
                )
    return failures


def _contains(actual: list[Any] | dict[str, Any] | str, item: Any) -> bool:
    if isinstance(actual, str):
        return isinstance(item, str) and item in actual
    if isinstance(actual, dict):
        return str(item) in actual
    return any(same(item, element) for element in actual)


def _lookup(root: Any, path: str) -> tuple[Any, str | None]:
    """The value at ``path``, or ``(None, reason)`` when the path leads nowhere."""
    value = root
    walked: list[str] = []
    for part in path.split("."):
        if isinstance(value, dict):
            if part not in value:
                keys = ", ".join(sorted(str(k) for k in value)) or "none"
                at = ".".join(walked) or "the snapshot"
                return None, f"no key {part!r} in {at} (keys: {keys})"
            value = value[part]
        elif isinstance(value, list):
            try:
                index = int(part)
                value = value[index]
            except (ValueError, IndexError):
                at = ".".join(walked)
                return None, f"no item {part!r} in {at} (a list of {len(value)})"
        else:
            return None, f"{'.'.join(walked)} is {_show(value)}, which has no {part!r}"
        walked.append(part)
    return value, None


def same(a: Any, b: Any) -> bool:
    """Exact equality that, unlike ``==``, tells ``True`` from ``1`` and ``1.0`` from ``1``."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return bool(a == b)


def _plain(value: Any) -> Any:
    """``value`` with tuples as lists and mapping keys as strings, as YAML and JSON see it."""
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=repr)


def _items(value: list[Any] | dict[str, Any]) -> list[str]:
    """A list's items, or a mapping's ``key: value`` pairs, one line each, for diffs."""
    if isinstance(value, dict):
        return [f"{key}: {_show(item)}" for key, item in value.items()]
    return [_show(item) for item in value]
