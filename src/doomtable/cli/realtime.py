"""A timed game at the terminal: the game clock follows the wall clock, bots act after their
modelled thinking time, and the human types short commands (``produce``, ``invade 3``,
``contribute 4``, ``vote 2``, ``pressure 5``) whenever the clock runs.

A reader thread only queues typed lines; the main loop owns the state, so every change (a
command, a bot's answer, a deadline passing) happens in one place, stamped with the game
clock, and the game's log replays it exactly.
"""

from __future__ import annotations

import json
import queue
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.markup import escape

from doomtable.bots import Bot, InfoSet, make_bot
from doomtable.cli.card_text import CardBook, card_request, show_card
from doomtable.cli.render import print_rules, render_view, score_table
from doomtable.cli.render_were_doomed import clock_text
from doomtable.cli.savefile import save_text
from doomtable.engine import DoomtableError, SaveFileError, TimedGameState, find_game, replay
from doomtable.files import data_dir, write_atomic

TICK_S = 0.1
CLOCK_EVERY_MS = 30_000
"""How often the countdown is printed (a third as long in the last minute)."""
CONTRIBUTE_CLOCK_EVERY_MS = 3_000
"""How often it is printed while a Contribute phase counts down to its close."""

HELP = (
    "Type a command at any time while the clock runs: one of your options (e.g. produce,\n"
    "invade 3, contribute 4, done, vote 2, pressure 5), or:\n"
    "  table  draw the table     options  your options now     help  this text\n"
    "  rules  the rules in brief     card NAME  a card's full text (also ? NAME)\n"
    "  save [FILE]  save the game and play on\n"
    "  quit   save the game and leave (doomtable play --load FILE resumes it; the clock\n"
    "         stands still while you are away)"
)


@dataclass
class RealtimeSession:
    """One human seat (or none) against bots on the real clock."""

    state: TimedGameState
    console: Console
    bot_names: dict[int, str]
    human: int | None
    source: TextIO = field(default_factory=lambda: sys.stdin)
    speed: float = 1.0
    """Game milliseconds per wall-clock millisecond (1: real time; tests run faster)."""
    save_path: Path | None = None
    """Where ``save`` and ``quit`` write the game (``None``: it is not saved)."""
    shown: int = 0
    bots: dict[int, Bot] = field(default_factory=dict)
    _lines: queue.Queue[str | None] = field(default_factory=queue.Queue)
    _last_clock_print: int = -CLOCK_EVERY_MS
    _now: int = 0
    _last_options: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        self.bots = {
            seat: make_bot(name, self.state.seed * 1_000_003 + seat)
            for seat, name in self.bot_names.items()
        }

    def play(self) -> int:
        if self.human is not None:
            self.console.print(HELP, markup=False)
            threading.Thread(target=self._read, daemon=True).start()
        start_wall = time.monotonic()
        start_clock = self.state.clock
        self._show_table()
        try:
            while not self.state.is_over:
                now = start_clock + int((time.monotonic() - start_wall) * 1000 * self.speed)
                self._now = now
                if not self._handle_input(now):
                    self._save_and_say(now, "You left the table.")
                    return 0
                self._run_until(now)
                self._print_events()
                self._prompt_if_changed()
                every = CLOCK_EVERY_MS if self._remaining() > 60_000 else CLOCK_EVERY_MS // 3
                if self._closing():
                    every = CONTRIBUTE_CLOCK_EVERY_MS
                if now - self._last_clock_print >= every and not self.state.is_over:
                    self._last_clock_print = now
                    self._print_clock()
                time.sleep(TICK_S)
        except KeyboardInterrupt:
            # The interrupt may have come in the middle of a change: the log is whole, so the
            # state is rebuilt from it before it is saved.
            state = self.state
            rebuilt = replay(state.GAME, state.players, state.seed, state.options, state.log)
            assert isinstance(rebuilt, TimedGameState)
            self.state = rebuilt
            self._save_and_say(self._now, "Interrupted.")
            return 130
        self._game_over()
        return 0

    # ----------------------------------------------------------------- the clock

    def _run_until(self, now: int) -> None:
        """Everything due by ``now``, earliest first: deadlines and bots' answers."""
        state = self.state
        for _ in range(10_000):
            if state.is_over:
                return
            due = state.deadline()
            bot_turns = sorted(
                (state.clock + state.think_ms(d.player), d.player)
                for d in state.decisions
                if d.player in self.bots
            )
            first_bot = bot_turns[0] if bot_turns else None
            if due is not None and due <= now and (first_bot is None or due <= first_bot[0]):
                state.advance_clock(due)
                continue
            if first_bot is None or first_bot[0] > now:
                return
            at, seat = first_bot
            decision = state.decision_for(seat)
            assert decision is not None
            option = self.bots[seat].choose(InfoSet(state, decision))
            state.apply(seat, option, at=max(at, state.clock))

    # ----------------------------------------------------------------- the human

    def _read(self) -> None:
        for line in self.source:
            self._lines.put(line.strip())
        self._lines.put(None)

    def _handle_input(self, now: int) -> bool:
        """Carry out the typed lines; ``False`` when the human leaves."""
        while True:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return True
            if line is None or not line:
                continue  # input ended: the bots play on while this seat stays silent
            if line.lower() in ("quit", "exit"):
                return False
            self._command(line, now)

    def _command(self, text: str, now: int) -> None:
        word = text.lower()
        card_name = card_request(text, [])
        if card_name is not None:
            show_card(self.console, CardBook.of_game(self.state.GAME), card_name)
            return
        if word in ("help", "?"):
            self.console.print(HELP, markup=False)
            return
        if word == "table":
            self._show_table()
            return
        if word == "rules":
            print_rules(self.console, self.state.GAME, self.state.options)
            return
        if word == "options":
            self._print_options(force=True)
            return
        if word == "save" or word.startswith("save "):
            target = text[4:].strip()
            if target:
                self.save_path = Path(target)
            self._save_and_say(now, "Saved.")
            return
        state = self.state
        assert self.human is not None
        try:
            self._run_until(now)
            due = state.deadline()
            if due is not None and due <= now:
                state.advance_clock(now)
            if state.decision_for(self.human) is None:
                self.console.print("[red]Nothing for you to do right now.[/]")
                return
            state.apply(self.human, text, at=max(now, state.clock))
        except DoomtableError as exc:
            self.console.print(f"[red]{escape(str(exc))}[/]")

    # ----------------------------------------------------------------- saving

    def _save_and_say(self, now: int, opening: str) -> None:
        """Save the game as it stands at ``now`` (time passed by then is in its log, so the
        save replays exactly) and say where, or why it could not be saved."""
        path = self.save_path
        if path is None or self.state.is_over:
            self.console.print(opening)
            return
        try:
            self._run_until(now)
            if not self.state.is_over:
                self.state.advance_clock(max(now, self.state.clock))
            write_atomic(path, save_text(self.state.to_dict(), self._table_info()))
        except (OSError, DoomtableError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            self.console.print(
                f"{opening} [red]Could not save to {escape(str(path))}: {escape(reason)}[/]"
            )
            return
        self.console.print(
            f"{opening} The game is saved in [bold]{escape(str(path))}[/]; "
            f"resume it with [bold]doomtable play --load {escape(str(path))}[/].",
        )

    def seat_name(self, seat: int) -> str:
        """A seat as the turn-based table names it: ``player 2 (greedy bot)``."""
        if seat == self.human:
            return f"player {seat} (you)"
        return f"player {seat} ({self.bot_names.get(seat, 'random')} bot)"

    def _table_info(self) -> dict[str, Any]:
        """The seating a save keeps, as the turn-based table writes it."""
        return {
            "human": self.human,
            "bots": {str(seat): name for seat, name in self.bot_names.items()},
            "auto_pass": True,
        }

    # ----------------------------------------------------------------- output

    def _print_events(self) -> None:
        viewer = self.human
        for line in self.state.log_lines(viewer, self.shown):
            self.console.print(line, markup=False)  # wrapped at word boundaries
        self.shown = len(self.state.events)

    def _print_clock(self) -> None:
        view = self.state.view(self.human if self.human is not None else -1)
        self.console.print(
            f"[bold]⏳ {clock_text(self._remaining())}[/] left · Project "
            f"{view['project']} → {view['seats']} seats{self._closing()}"
        )

    def _closing(self) -> str:
        """The running phase's own countdown (a Contribute phase closing, a civilization to
        pick), on the wall clock."""
        view = self.state.view(-1)
        lag = max(0, self._now - self.state.clock)
        if view.get("contribute"):
            left = int(view["contribute"]["closes_in_ms"]) - lag
            return f" · contributions close in {_seconds(left)}s"
        if view.get("pick"):
            left = int(view["pick"]["left_ms"]) - lag
            return f" · player {view['pick']['on']} picks within {_seconds(left)}s"
        return ""

    def _prompt_if_changed(self) -> None:
        self._print_options(force=False)

    def _print_options(self, force: bool) -> None:
        if self.human is None:
            return
        decision = self.state.decision_for(self.human)
        options = decision.options if decision is not None else ()
        if not force and (options == self._last_options or decision is None):
            self._last_options = options
            return
        self._last_options = options
        if decision is None:
            self.console.print("[dim]Nothing for you to do right now.[/]")
            return
        labels = [self.state.label(o) for o in options]
        shown = labels if len(labels) <= 12 else [*labels[:10], "...", labels[-1]]
        self.console.print(
            f"[bold cyan]{escape(decision.prompt)}[/] "
            f"({clock_text(self._remaining())} left{self._closing()}): " + escape(", ".join(shown)),
        )

    def _remaining(self) -> int:
        """Game time left on the wall clock (the state's clock moves only when something
        happens; the hourglass turns only once every civilization is picked)."""
        state = self.state
        view = state.view(-1)
        left = int(view["remaining_ms"])
        if state.deadline() is None or view["phase"] == "setup":
            return left
        return left - max(0, self._now - state.clock)

    def _show_table(self) -> None:
        seat = self.human if self.human is not None else -1
        self.console.print(render_view(self.state.view(seat)))

    def _game_over(self) -> None:
        self._print_events()
        self._show_table()
        names = [self.seat_name(seat) for seat in range(self.state.players)]
        self.console.print(score_table(self.state.scores(), self.state.winners(), names))


def _seconds(ms: int) -> int:
    """Whole seconds left, rounded up, as a countdown shows them."""
    return -(-max(0, ms) // 1000)


def timed_options(game: str | None, raw: list[str], bots_only: bool, fresh: bool) -> list[str]:
    """``--option`` texts for a new game, with a timed game set to the real clock when a human
    plays and what the last game left for it (``GameSpec.carry_over``: We're Doomed!'s event
    deck) taken over from the data folder, unless ``fresh``. Bots alone continue nothing
    unless ``-o`` gives it, so one seed gives one game."""
    if game is None:
        return raw
    spec = find_game(game)
    given = {text.partition("=")[0].strip() for text in raw}
    extra = []
    if "realtime" in spec.default_options and "realtime" not in given and not bots_only:
        extra.append("realtime=true")
    carry_over = spec.carry_over
    if carry_over is not None and carry_over.option not in given and not (fresh or bots_only):
        kept = read_kept(spec.name)
        if kept:
            extra.append(f"{carry_over.option}={json.dumps(kept)}")
    return [*raw, *extra]


def kept_path(game: str) -> Path:
    """Where the terminal keeps what the last game of ``game`` left for the next."""
    return data_dir() / f"{game}-kept.json"


def read_kept(game: str) -> str:
    """What the last finished game of ``game`` left (``""``: nothing yet); a damaged file is
    one clear error."""
    path = kept_path(game)
    if not path.exists():
        return ""
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))["kept"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise SaveFileError(
            f"{path} is not what a {game} game keeps ({exc}); use --fresh-events to start over"
        ) from None
    if not isinstance(kept, str):
        raise SaveFileError(f"{path} is damaged; use --fresh-events to start over")
    return kept


def keep_for_next_game(state: TimedGameState, console: Console) -> None:
    """Once the game is over, keep what it leaves for the next (``GameSpec.carry_over``) in
    the data folder, written atomically."""
    carry_over = find_game(state.GAME).carry_over
    kept = carry_over.out_of(state) if carry_over is not None else ""
    if not kept:
        return
    path = kept_path(state.GAME)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps({"game": state.GAME, "kept": kept}))
    console.print(f"[dim]Kept for the next game in {escape(str(path))}.[/]", soft_wrap=True)
