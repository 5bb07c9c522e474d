"""A game at the terminal table: one human seat (or none) against bots, saves and resumes.

The loop is the one every adapter uses: while a decision is pending, whoever must decide picks
one of its options. A bot sees only its seat's information set (``doomtable.bots.InfoSet``);
the human sees the table drawn from the seat's view, the numbered labels, and the events since
the last look.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.prompt import Confirm

from doomtable.bots import Bot, InfoSet, bot_seed, make_bot
from doomtable.cli.card_text import CardBook, card_request, show_card, why_not_playable
from doomtable.cli.matching import match_label, words
from doomtable.cli.render import (
    game_help,
    print_result,
    print_rules,
    print_table,
    render_view,
    score_table,
)
from doomtable.cli.savefile import save_text
from doomtable.engine import (
    PASS,
    BadOptionError,
    Decision,
    DoomtableError,
    GameState,
    IllegalChoiceError,
    TimedGameState,
    find_game,
    new_game,
)
from doomtable.files import write_atomic

DEFAULT_SAVE = "doomtable-save.json"

HELP = (
    "Type the number of a choice, its label (any case), or a unique part of it:\n"
    "the start of a word or of several (apex, apex pred). If several match, they are listed.\n"
    "Several choices in a row, separated by commas (keep 1, 4, heroic), are made one after\n"
    "another while the decision stays yours; if one cannot be made, none is.\n"
    "Other commands:\n"
    "  more   the next page of choices, when there are too many to show at once\n"
    "  card NAME  any card of the game with its full text (also ? NAME, help NAME)\n"
    "  rules  a summary of the game's rules\n"
    "  save   write the game to the save file and keep playing (save FILE: to FILE)\n"
    "  quit   leave the game (it asks whether to save it first)\n"
    "  undo   take back your last decision, if nothing hidden was shown to you since\n"
    "  table  draw the table again\n"
    "  log    every event so far\n"
    "  help   this text (also ?)\n"
    "Ctrl-C saves the game and leaves; so does closing the terminal."
)


def seat_bots(spec: str, seats: Sequence[int]) -> dict[int, str]:
    """Bot specs for ``seats`` from ``random,greedy,...``: one for all seats, or one per seat."""
    names = [n.strip().lower() for n in spec.split(",") if n.strip()]
    if not names:
        raise BadOptionError("--bots needs at least one bot name")
    if len(names) == 1:
        names = names * len(seats)
    if len(names) != len(seats):
        raise BadOptionError(
            f"--bots gave {len(names)} names for {len(seats)} bot seats: give one name for all, "
            f"or one per bot seat"
        )
    return dict(zip(seats, names, strict=True))


# --------------------------------------------------------------------------- the table


class Leave(Exception):
    """The human left the table; ``code`` is the exit code to leave with."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


@dataclass
class TableSession:
    """A game in progress at the terminal."""

    state: GameState
    console: Console
    bots: dict[int, str]
    human: int | None = None
    save_path: Path = Path(DEFAULT_SAVE)
    auto_pass: bool = True
    shown: int = 0
    """How many of the state's events have been printed."""
    _players: dict[int, Bot] = field(default_factory=dict)
    _checkpoint: dict[str, Any] = field(default_factory=dict)
    _book: CardBook | None = None
    _page: int = 0
    """The page of choices shown (``more`` turns it), for a decision with many."""
    undone: list[dict[str, Any]] = field(default_factory=list)
    """Decisions taken back with ``undo``, each ``{"decision": N, "label": ..., "event": E}``:
    the N-th decision of the log, as it read, taken back when the game had E events. The log
    shows them there, and saves keep them (the table part of the file)."""
    saved_to: set[Path] = field(default_factory=set)
    """Files that hold this game's save (the one it was resumed from, every one it wrote):
    removed when the game ends, so a finished game leaves no save to resume."""

    def __post_init__(self) -> None:
        self._seat_bots()
        self._checkpoint = self.state.to_dict()

    def _seat_bots(self) -> None:
        decisions = len(self.state.log)
        self._players = {
            seat: make_bot(name, bot_seed(self.state.seed, seat, decisions))
            for seat, name in self.bots.items()
        }

    def seat_name(self, seat: int) -> str:
        """A seat as the log and the final table both name it: ``player 2 (greedy bot)``."""
        if seat == self.human:
            return f"player {seat} (you)"
        return f"player {seat} ({self.bots[seat]} bot)"

    def table_info(self) -> dict[str, Any]:
        return {
            "human": self.human,
            "bots": {str(seat): name for seat, name in self.bots.items()},
            "auto_pass": self.auto_pass,
            "undone": self.undone,
        }

    def play(self) -> int:
        """Play until the game ends or the human leaves; the exit code."""
        try:
            with _hangup_interrupts():
                while (decision := self.state.pending) is not None:
                    if decision.player == self.human:
                        self._human_turn()
                    else:
                        self._bot_turn(decision.player)
                    self._checkpoint = self.state.to_dict()
        except Leave as leave:
            return leave.code
        except KeyboardInterrupt:
            path = self._save(self._checkpoint)
            try:
                self.console.print()
                if path is not None:
                    self.console.print(
                        f"Interrupted. The game is saved in [bold]{escape(str(path))}[/].",
                        soft_wrap=True,
                    )
            except OSError:  # the terminal is gone (SIGHUP): the save is what matters
                pass
            return 130 if path is not None else 1
        self._game_over()
        self._remove_saves()
        return 0

    # ---------------------------------------------------------------- turns

    def _bot_turn(self, seat: int) -> None:
        state = self.state
        decision = state.pending
        assert decision is not None
        option = self._players[seat].choose(InfoSet(state, decision))
        try:
            state.apply(seat, tuple(option))
        except IllegalChoiceError as exc:
            raise DoomtableError(f"the {self.bots[seat]} bot in seat {seat} erred: {exc}") from None
        self._print_events()

    def _human_turn(self) -> None:
        state = self.state
        decision = state.pending
        assert decision is not None and self.human is not None
        if not self._asked(decision):
            if decision.options != (PASS,):  # a pass is not worth a line; a lone move is
                label = state.label(decision.options[0])
                self.console.print(
                    f"({decision.prompt}: {label}, the only choice)",
                    style="dim",
                    markup=False,
                    soft_wrap=True,
                )
            state.apply(self.human, decision.options[0])
            self._print_events()
            return
        self._print_events()
        self._page = 0
        self._show_table()
        while True:
            try:
                text = self.console.input("[bold cyan]your choice>[/] ")
            except EOFError:
                self.console.print()
                path = self._save(self.state.to_dict())
                if path is None:
                    raise Leave(1) from None
                self.console.print(
                    f"End of input. The game is saved in [bold]{escape(str(path))}[/].",
                    soft_wrap=True,
                )
                raise Leave(0) from None
            if self._command(text.strip()):
                return

    def _command(self, text: str) -> bool:
        """Carry out one line of input; whether the decision was answered."""
        state = self.state
        assert self.human is not None
        word = text.casefold()
        if not word:
            return False
        labels = state.labels()
        card_name = card_request(text, labels)
        if card_name is not None:
            show_card(self.console, self.book, card_name)
            return False
        if word in ("help", "?"):
            self.console.print(HELP, markup=False)
            extra = game_help(state.GAME)
            if extra:
                self.console.print(extra, markup=False)
            return False
        if word == "rules":
            print_rules(self.console, state.GAME, state.options)
            return False
        if word == "save" or word.startswith("save "):
            target = text[4:].strip()
            path = self._save(state.to_dict(), Path(target) if target else None)
            if path is not None:
                self.console.print(f"Saved to [bold]{escape(str(path))}[/].", soft_wrap=True)
            return False
        if word in ("quit", "exit"):
            self._quit()
            return False
        if word == "table":
            self._show_table()
            return False
        if word == "more":
            self._page += 1
            self._show_table()
            return False
        if word == "log":
            self._print_log()
            return False
        if word == "undo":
            return self._undo()
        if "," in text and " ".join(words(text)) not in {" ".join(words(x)) for x in labels}:
            return self._several(text, labels)
        matches: list[str] = []
        if word.isdigit():
            number = int(word)
            if not 1 <= number <= len(labels):
                self.console.print(
                    f"[red]There is no choice {number}: type 1 to {len(labels)}, a label, "
                    "or help.[/]"
                )
                return False
            choice: int | str = number - 1
        else:
            matches = match_label(text, labels)
            if len(matches) > 1:
                listed = "; ".join(f"{labels.index(m) + 1}. {m}" for m in matches)
                self.console.print(
                    f"{text!r} matches {len(matches)} choices: {listed}. Type more, or a number.",
                    markup=False,
                    style="red",
                    soft_wrap=True,
                )
                return False
            choice = matches[0] if matches else text
        try:
            state.apply(self.human, choice)
        except IllegalChoiceError as exc:
            why_not = why_not_playable(state.view(self.human), text) if not matches else None
            self.console.print(why_not or str(exc), style="red", markup=False, soft_wrap=True)
            return False
        return True

    def _several(self, text: str, labels: Sequence[str]) -> bool:
        """``keep 1, 4, heroic``: each choice in turn, all or none. Numbers are those shown
        now; names are read against each decision as it comes. Tried on a copy first, so a
        choice that cannot be made changes nothing."""
        assert self.human is not None
        parts = [part.strip() for part in text.split(",") if part.strip()]
        wanted = [
            labels[int(part) - 1] if part.isdigit() and 1 <= int(part) <= len(labels) else part
            for part in parts
        ]
        trial = self.state.clone()
        for number, part in enumerate(wanted, start=1):
            decision = trial.pending
            problem = None
            if decision is None or decision.player != self.human:
                problem = "the decision is no longer yours by then"
            else:
                found = match_label(part, trial.labels())
                if len(found) != 1:
                    some = f"{len(found)} choices: {', '.join(found)}" if found else "no choice"
                    problem = f"it matches {some} there"
                else:
                    trial.apply(self.human, found[0])
            if problem is not None:
                self.console.print(
                    f"Choice {number} of {len(wanted)} ({parts[number - 1]!r}) cannot be made: "
                    f"{problem}. Nothing was chosen.",
                    style="red",
                    markup=False,
                    soft_wrap=True,
                )
                return False
        for entry in trial.log[len(self.state.log) :]:
            self.state.apply(entry[0], entry[1])
        return True

    def _asked(self, decision: Decision) -> bool:
        """Whether the human is asked ``decision``: with auto-pass on, a decision with one
        option (a window offering only pass, a lone move) is answered for them."""
        return not (self.auto_pass and len(decision.options) == 1)

    def _undo(self) -> bool:
        """Take back the human's last decision they were asked: the game is replayed from its
        seed and log up to that decision. Refused when an event since reads differently for
        the human than for an onlooker (a card drawn, a hand shown: something hidden was
        revealed), as the decision could then be taken again knowing it. Whether the game
        went back (the table is then drawn again)."""
        state = self.state
        if isinstance(state, TimedGameState):
            self.console.print("[red]A game on the clock cannot be undone.[/]")
            return False
        replayed = new_game(state.GAME, state.players, state.seed, state.options)
        before: GameState | None = None
        number = 0
        for index, entry in enumerate(state.log):
            decision = replayed.pending
            if entry[0] == self.human and decision is not None and self._asked(decision):
                before, number = replayed.clone(), index + 1
            replayed.replay_entry(entry)
        if before is None:
            self.console.print("[red]Nothing to undo: you have not decided anything yet.[/]")
            return False
        for event in state.events[len(before.events) :]:
            seen = state.event_text(event, self.human)
            if seen != state.event_text(event, None):
                self.console.print(
                    f"Cannot undo decision {number}: since then you saw {seen!r}, "
                    "which the other players did not.",
                    style="red",
                    markup=False,
                    soft_wrap=True,
                )
                return False
        label = before.label(tuple(state.log[number - 1][1]))
        self.undone.append({"decision": number, "label": label, "event": len(before.events)})
        self.state = before
        self.shown = len(before.events)
        self._seat_bots()
        self.console.print(f"You took back decision {number} ({label}).", markup=False)
        return True

    def _print_log(self) -> None:
        """Every event so far as the human sees it, with the decisions taken back where they
        were taken back."""
        state = self.state
        marks = sorted(self.undone, key=lambda mark: (mark["event"], mark["decision"]))
        for index in range(len(state.events) + 1):
            for mark in marks:
                if mark["event"] == index:
                    self.console.print(
                        f"(undone: decision {mark['decision']}, {mark['label']})",
                        markup=False,
                        style="dim",
                        soft_wrap=True,
                    )
            if index < len(state.events):
                line = state.event_text(state.events[index], self.human)
                if line is not None:
                    self.console.print(line, markup=False, soft_wrap=True)

    @property
    def book(self) -> CardBook:
        """The game's cards, read once when first asked for."""
        if self._book is None:
            self._book = CardBook.of_game(self.state.GAME)
        return self._book

    # ---------------------------------------------------------------- output

    def _print_events(self) -> None:
        for line in self.state.log_lines(self.human, self.shown):
            self.console.print(line, markup=False, soft_wrap=True)
        self.shown = len(self.state.events)

    def _show_table(self) -> None:
        state = self.state
        decision = state.pending
        assert decision is not None and self.human is not None
        notes = [self.book.summary(card) for card in self.book.named_in(decision.prompt)]
        print_table(
            self.console,
            state.view(self.human),
            decision.prompt,
            state.labels(),
            notes,
            self._page,
        )

    def _save(self, data: dict[str, Any], path: Path | None = None) -> Path | None:
        """Write the save (to ``path``, which then becomes the save file); the path written,
        or ``None`` after saying at the prompt why it could not be."""
        target = path or self.save_path
        try:
            write_atomic(target, save_text(data, self.table_info()))
        except OSError as exc:
            reason = exc.strerror or str(exc)
            self.console.print(
                f"[red]Could not save to {escape(str(target))}: {escape(reason)}. "
                "The game goes on: type [bold]save FILE[/] to save elsewhere.[/]",
                soft_wrap=True,
            )
            return None
        self.save_path = target
        self.saved_to.add(target)
        return target

    def _quit(self) -> None:
        """Leave the table, saving first if the player says so (the default, as Ctrl-C does);
        a save that fails keeps the player at the table."""
        try:
            keep = Confirm.ask("Save the game before leaving?", console=self.console, default=True)
        except EOFError:
            keep = True
        if not keep:
            self.console.print("You left the table without saving.")
            raise Leave(0)
        path = self._save(self.state.to_dict())
        if path is not None:
            self.console.print(
                f"You left the table. The game is saved in [bold]{escape(str(path))}[/].",
                soft_wrap=True,
            )
            raise Leave(0)

    def _remove_saves(self) -> None:
        """Delete the finished game's saves: there is nothing left to resume."""
        for path in sorted(self.saved_to):
            if not path.is_file():  # /dev/null, a pipe: never removed
                continue
            try:
                path.unlink()
            except OSError as exc:
                reason = escape(exc.strerror or str(exc))
                self.console.print(f"[red]Could not remove {escape(str(path))}: {reason}.[/]")
                continue
            self.console.print(
                f"The game is over: its save {escape(str(path))} was removed.", soft_wrap=True
            )
        self.saved_to.clear()

    def _game_over(self) -> None:
        state = self.state
        self._print_events()
        view = state.view(0 if self.human is None else self.human)
        if self.human is not None:
            self.console.print(render_view(view))
        names = [self.seat_name(seat) for seat in range(state.players)]
        print_result(self.console, view, names)
        score_name = find_game(state.GAME).score_name
        self.console.print(score_table(state.scores(), state.winners(), names, score_name))


class _Hangup(KeyboardInterrupt):
    """The terminal was closed: leave the way Ctrl-C does, saving the game."""


@contextmanager
def _hangup_interrupts() -> Iterator[None]:
    """Turn SIGHUP into :class:`_Hangup` while the table is open (main thread, POSIX only)."""

    def hang_up(signum: int, frame: object) -> None:
        raise _Hangup

    try:
        previous = signal.signal(signal.SIGHUP, hang_up)
    except (AttributeError, ValueError):  # no SIGHUP here, or not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGHUP, previous)
