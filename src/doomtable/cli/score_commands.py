"""``doomtable score``: score a Doomlings game played with physical cards.

The board is entered from flags, a YAML/JSON file, or prompts; ``sheet.report`` (shared with
the score page) rebuilds it as a finished game with ``tally.board_from_entries`` and scores it
with ``scoring.breakdown``, the engine's own scoring.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from itertools import groupby
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
import yaml
from rich.console import Console
from rich.markup import escape
from rich.prompt import Confirm, IntPrompt, Prompt
from rich.table import Table

from doomtable.cli.common import errors_to_exit, fail, make_console
from doomtable.engine import DoomtableError
from doomtable.games.doomlings import tally
from doomtable.games.doomlings.cards import WorldsEnd
from doomtable.games.doomlings.data import AGES, BASE, MEANING_OF_LIFE
from doomtable.games.doomlings.scoring import doom_turned_away
from doomtable.games.doomlings.sheet import (
    Board,
    entries_from_board,
    entry_from_fields,
    expand,
    report,
    table_of,
    unasked_discard_count,
    with_discard,
)
from doomtable.games.doomlings.state import N_CARDS
from doomtable.games.doomlings.tally import Need, PlayerEntry, TallyError
from doomtable.games.doomlings.tally import Table as CardTable
from doomtable.safe_yaml import MAX_BYTES, YamlLimitError, load_yaml, read_text_file, yaml_problem

T = TypeVar("T")

# --------------------------------------------------------------------------- parsing


def _points(n: int) -> str:
    """``1 point``, ``-1 point``, ``16 points``."""
    return f"{n} point" if abs(n) == 1 else f"{n} points"


def parse_player(text: str, number: int) -> PlayerEntry:
    """``NAME: TRAIT, TRAIT x2, ...; key=value; ...`` as an entry.

    >>> parse_player("Ann: Heroic, Bark; hand=3; gp=6", 1)  # doctest: +NORMALIZE_WHITESPACE
    PlayerEntry(name='Ann', traits=('Heroic', 'Bark'), hand=(), hand_size=3, gene_pool=6,
                deus=None, choices=(), after_faith=(), tie_draw=None, attached=(),
                face_down=None, under=(), meanings=(), meaning_draw=None, pocketed=(),
                catastrophe_points=None)
    """
    name, colon, rest = text.partition(":")
    if not colon:
        name, rest = f"Player {number}", text
    where = f"--player {name.strip()}"
    traits: list[str] = []
    fields: dict[str, object] = {}
    for part in rest.split(";"):
        key, eq, value = part.partition("=")
        if eq:
            fields[key.strip()] = value.strip()
        else:
            traits.extend(expand(part, where))
    fields["traits"] = traits
    return entry_from_fields(name.strip(), fields, where)


STDIN = "-"


def read_board_text(path: Path) -> str:
    """The text of a board file, or of standard input for ``-``; binary or oversized input is
    refused."""
    try:
        if str(path) == STDIN:
            raw = sys.stdin.buffer.read(MAX_BYTES + 1)
            if len(raw) > MAX_BYTES or b"\x00" in raw:
                raise YamlLimitError("standard input: not a board (binary or too large)")
            return raw.decode("utf-8")
        return read_text_file(path)
    except UnicodeDecodeError as exc:
        raise TallyError(f"{path}: byte {exc.start} is not UTF-8 text") from None
    except YamlLimitError as exc:
        raise TallyError(str(exc)) from None
    except OSError as exc:
        raise TallyError(f"{path}: cannot read: {exc.strerror or exc}") from None


def load_board(path: Path) -> Board:
    """Players and catastrophe from a YAML or JSON file, or ``-`` for standard input (format:
    docs/score.md). YAML is read with limits (``doomtable.safe_yaml``)."""
    text = read_board_text(path)
    try:
        is_json = path.suffix.casefold() == ".json"
        data = json.loads(text) if is_json else load_yaml(text, str(path))
    except RecursionError:
        raise TallyError(f"{path}: nested too deeply") from None
    except YamlLimitError as exc:
        raise TallyError(str(exc)) from None
    except yaml.YAMLError as exc:
        kind = path.suffix.lstrip(".") or "YAML"
        raise TallyError(f"{path}: not valid {kind}: {yaml_problem(exc)}") from None
    except ValueError as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise TallyError(
            f"{path}: not valid {path.suffix.lstrip('.') or 'YAML'}: {first}"
        ) from None
    return entries_from_board(data, str(path), path.name)


# --------------------------------------------------------------------------- prompts


class _Asker:
    """Rich prompts that ask again, with the reason, until the answer makes sense."""

    def __init__(self, console: Console, sets: Sequence[str] = (BASE,)) -> None:
        self.console = console
        self.sets = sets

    def error(self, message: str) -> None:
        self.console.print(f"  [bold red]error:[/] {escape(message)}", soft_wrap=True)

    def until(self, question: str, parse: Callable[[str], T], default: str | None = None) -> T:
        while True:
            if default is None:
                answer = Prompt.ask(question, console=self.console)
            else:
                answer = Prompt.ask(question, console=self.console, default=default)
            try:
                return parse(answer)
            except TallyError as exc:
                self.error(str(exc))

    def number(self, question: str, low: int, high: int, default: int | None = None) -> int:
        while True:
            if default is None:
                value = IntPrompt.ask(question, console=self.console)
            else:
                value = IntPrompt.ask(question, console=self.console, default=default)
            if low <= value <= high:
                return value
            self.error(f"give a number from {low} to {high}")

    def names(self, question: str, index: Callable[[str, Sequence[str]], int]) -> tuple[str, ...]:
        """A comma-separated line of names that ``index`` knows among the sets in play
        (Meaning of Life cards, trinkets); the whole line is asked again if one is not."""

        def parse(text: str) -> tuple[str, ...]:
            names = tuple(name.strip() for name in text.split(",") if name.strip())
            for name in names:
                index(name, self.sets)
            return names

        return self.until(question, parse, default="")

    def cards(self, question: str) -> tuple[str, ...]:
        """A comma-separated line of cards; each unknown or ambiguous name is asked again."""
        line = self.until(question, lambda text: expand(text, "cards"), default="")
        names: list[str] = []
        for name in line:
            while True:
                try:
                    names.append(tally.TRAIT_NAMES[tally.trait_index(name, self.sets)])
                    break
                except TallyError as exc:
                    self.error(str(exc))
                    name = Prompt.ask(
                        f"  instead of {escape(repr(name))} (empty: leave it out)",
                        console=self.console,
                        default="",
                        show_default=False,
                    )
                    if not name.strip():
                        break
        return tuple(names)


def ask_board(
    console: Console, catastrophe: str | None, table: CardTable = tally.CLASSIC
) -> tuple[list[PlayerEntry], str]:
    """Ask for the board, then each World's End question the cards ask (as the engine asks
    it while scoring the board), and the facts the cards count, only where they are needed."""
    ask = _Asker(console, table.sets)
    if catastrophe is None:
        catastrophe = ask.until(
            "The 3rd catastrophe (the one that ended the world)",
            lambda text: AGES[tally.catastrophe_index(text, table.sets)].name,
        )
    players = ask.number(
        "How many players (1: a solo Genetic Mishap game)", tally.MIN_PLAYERS, tally.MAX_PLAYERS
    )
    entries: list[PlayerEntry] = []
    if players > 1:  # the catastrophe goes round in this order (docs/score.md)
        console.print("Players in turn order, starting with whoever goes first at World's End.")
    for i in range(1, players + 1):
        taken = frozenset(e.name for e in entries)
        name = ask.until(f"Player {i}'s name", partial(_fresh_name, taken=taken), f"Player {i}")
        entries.append(PlayerEntry(name, _ask_pile(ask, name, entries)))
    third = tally.catastrophe_index(catastrophe, table.sets)
    for i, entry in enumerate(entries):
        entries[i] = _ask_details(ask, entry, third, entries[:i] + entries[i + 1 :])
    _ask_questions(ask, entries, catastrophe, table)
    for i in range(len(entries)):
        entries[i] = _ask_deus(ask, entries, catastrophe, i, table)
    return entries, catastrophe


def _ask_questions(
    ask: _Asker,
    entries: list[PlayerEntry],
    catastrophe: str,
    table: CardTable,
    only: int | None = None,
) -> None:
    """Ask each World's End question the board's cards ask (of player ``only``, if given),
    in the engine's order: an answer can raise the next question (Prepper's pick decides
    which trait a catastrophe discards). An optional one offers its default."""
    done: set[tuple[int, str]] = set()
    while True:
        waiting = [
            q
            for q in tally.questions(entries, catastrophe, table)
            if (q.player, q.key) not in done
            and (only is None or q.player == only)
            and (q.answer is None or q.optional)
            and len(q.options) > 1
        ]
        if not waiting:
            return
        question = waiting[0]
        done.add((question.player, question.key))
        who = entries[question.player].name
        short = question.short
        default = None
        if question.answer is not None:
            default = short[question.options.index(question.answer)]
        answer = ask.until(
            f"{escape(who)}, {escape(question.prompt)} ({escape(', '.join(short))})",
            partial(tally.match_option, labels=question.options, what=f"{who}'s {question.key}"),
            default=default,
        )
        entries[question.player] = entries[question.player].answering(question.key, answer)


def _ask_deus(
    ask: _Asker, entries: list[PlayerEntry], catastrophe: str, i: int, table: CardTable
) -> PlayerEntry:
    """The value a player drew for Deus Ex Machina, when the world ends with it for them."""
    state = tally.questions_board(entries, catastrophe, table)[0]
    entry = entries[i]
    if tally.Need.DEUS not in tally.needs(entry.traits, state.final_doom) or (
        state.ignoring & (1 << i) or doom_turned_away(state) >= 0
    ):
        return _with(entry, deus=None)
    low, high = tally.DEUS_RANGE.start, tally.DEUS_RANGE.stop - 1
    value = ask.number(
        f"Value {escape(entry.name)} drew for Deus Ex Machina (face value, at most 5)", low, high
    )
    return _with(entry, deus=value)


def ask_and_report(
    console: Console, catastrophe: str | None, table: CardTable = tally.CLASSIC
) -> dict[str, Any]:
    """Ask for the board and score it; a board that does not add up is reported and the
    player whose entry is wrong is asked again, keeping everything else that was typed."""
    ask = _Asker(console, table.sets)
    entries, catastrophe = ask_board(console, catastrophe, table)
    third = tally.catastrophe_index(catastrophe, table.sets)
    if not table.discard and not table.discard_counts:
        table = _ask_discard_counts(ask, entries, third, table)
    final = tally.questions_board(entries, catastrophe, table)[0].final_doom
    if table.top_card is None and Need.TOP_CARD in tally.needs([], final):
        top = ask.until(
            "The top card of the trait deck that the catastrophe showed (none: the deck was empty)",
            lambda text: (
                text.strip()
                if tally.match_key(text) == tally.NO_COLOR
                else tally.TRAIT_NAMES[tally.trait_index(text, table.sets)]
            ),
        )
        table = replace(table, top_card=top)
    names = [entry.name for entry in entries]
    while True:
        try:
            data = report(entries, catastrophe, table)
            return _ask_tie_draw(ask, entries, catastrophe, data, table)
        except TallyError as exc:
            ask.error(str(exc))
        who = ask.until(
            f"Whose entry should change ({', '.join(escape(n) for n in names)})",
            lambda text: tally.match_name(text, names, "player"),
        )
        i = names.index(who)
        others = entries[:i] + entries[i + 1 :]
        entry = PlayerEntry(who, _ask_pile(ask, who, others))
        third = tally.catastrophe_index(catastrophe, table.sets)
        entries[i] = _ask_details(ask, entry, third, others)
        _ask_questions(ask, entries, catastrophe, table, only=i)
        entries[i] = _ask_deus(ask, entries, catastrophe, i, table)


def _ask_discard_counts(
    ask: _Asker, entries: Sequence[PlayerEntry], third: int, table: CardTable
) -> CardTable:
    """The counts of the discard pile that the piles' Dinolings cards read (how many
    dominant traits, ...), as it lay before the final catastrophe's own discard."""
    counts = [
        (
            need,
            ask.number(
                f"How many {tally.count_words(need)} are in the discard pile, before World's End",
                0,
                N_CARDS,
            ),
        )
        for need in tally.discard_counts_read(entries, third)
    ]
    return replace(table, discard_counts=tuple(counts)) if counts else table


def _ask_tie_draw(
    ask: _Asker,
    entries: list[PlayerEntry],
    catastrophe: str,
    data: dict[str, Any],
    table: CardTable,
) -> dict[str, Any]:
    """A tie for the lead: ask whether the draw tie-break was played, and each draw."""
    winners = data["winners"]
    if len(winners) < 2:
        return data
    try:
        drew = Confirm.ask(
            f"{', '.join(escape(w) for w in winners)} tie. "
            "Did they break it by drawing a card each",
            console=ask.console,
            default=False,
        )
    except EOFError:  # the board is complete; the tie stands
        drew = False
    if not drew:
        return data
    low, high = tally.TIE_DRAW_RANGE.start, tally.TIE_DRAW_RANGE.stop - 1
    for i, entry in enumerate(entries):
        if entry.name in winners:
            value = ask.number(f"Face value {escape(entry.name)} drew", low, high)
            entries[i] = _with(entry, tie_draw=value)
    return report(entries, catastrophe, table)


def _ask_pile(ask: _Asker, name: str, others: Sequence[PlayerEntry]) -> tuple[str, ...]:
    """A trait pile, asked again until it fits beside the other players' cards."""
    while True:
        traits = ask.cards(f"{escape(name)}'s trait pile (e.g. Bark, Kidney x3)")
        try:
            tally.check_piles([*others, PlayerEntry(name, traits)])
            return traits
        except TallyError as exc:
            ask.error(f"{exc}; enter {name}'s pile again")


def _fresh_name(text: str, taken: frozenset[str]) -> str:
    name = text.strip()
    if not name:
        raise TallyError("a player needs a name")
    if name in taken:
        raise TallyError(f"{name!r} is taken")
    return name


def _with(entry: PlayerEntry, **changes: Any) -> PlayerEntry:
    fields = {f: getattr(entry, f) for f in PlayerEntry.__dataclass_fields__}
    return PlayerEntry(**{**fields, **changes})


def _ask_details(
    ask: _Asker, entry: PlayerEntry, doom: int, others: Sequence[PlayerEntry]
) -> PlayerEntry:
    wanted = tally.needs(entry.traits, doom)
    who = escape(entry.name)
    changes: dict[str, Any] = {}
    if Need.HAND_CARDS in wanted:
        while True:
            hand = ask.cards(f"{who}'s hand, every card by name")
            try:
                tally.check_piles(
                    [*others, PlayerEntry(entry.name, entry.traits, hand)], back_in_hand=False
                )
                break
            except TallyError as exc:
                ask.error(str(exc))
        changes["hand"] = hand
    elif Need.HAND_SIZE in wanted:
        changes["hand_size"] = ask.number(f"How many cards are in {who}'s hand", 0, 30)
    if Need.GENE_POOL in wanted:
        changes["gene_pool"] = ask.number(f"{who}'s Gene Pool", 1, 8, tally.DEFAULT_GENE_POOL)
    if MEANING_OF_LIFE in ask.sets:
        changes["meanings"] = ask.names(
            f"{who}'s Meaning of Life card (The Blind Dragon's too; empty: none)",
            tally.meaning_index,
        )
        if Need.MEANING_DRAW in tally.needs([], doom, changes["meanings"]):
            changes["meaning_draw"] = ask.number(
                f"Points {who}'s Meaning of Life draw scored", -10, 20
            )
    if "trinkets" in ask.sets:
        changes["pocketed"] = ask.names(
            f"{who}'s pocketed trinkets (empty: none)", tally.trinket_index
        )
    if any(tally.CARD_WORLDS_END[tally.trait_index(n)] is WorldsEnd.RECOLOR for n in entry.traits):
        late = ask.cards(f"Traits that came into {who}'s pile after its recolour (empty: none)")
        changes["after_faith"] = late
    return _with(entry, **changes)


# --------------------------------------------------------------------------- output


def _rows(player: dict[str, Any], doom: str) -> list[tuple[str, int]]:
    b = player["breakdown"]
    rows = [(f"catastrophe ({doom})", b["catastrophe"]), ("face values", b["face"])]
    for name, group in groupby(b["bonuses"], key=lambda x: x["card"]):
        points = [x["points"] for x in group]
        label = name if len(points) == 1 else f"{name} ×{len(points)}"
        rows.append((label, sum(points)))
    for item in player.get("worlds_end_points", []):  # Lily Pad's, Deus Ex Machina's draw
        rows.append((f"{item['source']} (World's End)", item["points"]))
    for item in b["opponents"]:
        rows.append((f"{item['card']} ({item['owner']}'s)", item["points"]))
    for item in b.get("trinkets", []):
        rows.append((f"{item['trinket']} (pocketed)", item["points"]))
    for item in b.get("meanings", []):
        rows.append((f"{item['card']} (Meaning of Life)", item["points"]))
    if b.get("tie_draw") is not None:  # the Blackbox edition adds it to the score
        rows.append(("tie-break draw", b["tie_draw"]))
    return rows


def render(console: Console, data: dict[str, Any]) -> None:
    doom = data["worlds_end"]
    if doom != data["catastrophe"]:
        console.print(f"The world ends with {data['catastrophe']}; Prepper picked {doom}.")
    for player in data["players"]:
        if player.get("discarded"):
            console.print(
                f"{escape(player['name'])} discards {escape(player['discarded'])} ({doom}).",
                soft_wrap=True,
            )
        table = Table(
            title=f"{escape(player['name'])}: {_points(player['score'])}",
            title_justify="left",
            title_style="bold",
            show_header=False,
            box=None,
            padding=(0, 2),
        )
        table.add_column("step")
        table.add_column("points", justify="right")
        for label, points in _rows(player, doom):
            table.add_row(escape(label), f"{points:+d}" if points else "0")
        table.add_row("[bold]total[/]", f"[bold]{player['score']}[/]")
        console.print(table)
        for reading in player.get("readings", []):
            console.print(f"  ({escape(reading)})", soft_wrap=True)
        console.print()
    winners = data["winners"]
    best = max(p["score"] for p in data["players"])
    draws = [p for p in data["players"] if p.get("tie_draw") is not None]
    if draws:
        drawn = ", ".join(f"{escape(p['name'])} {p['tie_draw']}" for p in draws)
        console.print(f"Tied at {best}; the tie-break draws: {drawn}.")
    if len(data["players"]) == 1:
        console.print(f"[bold green]Solo score:[/] {_points(best)}")
    elif len(winners) == 1:
        console.print(f"[bold green]Winner:[/] {escape(winners[0])} with {_points(best)}")
    else:
        names = ", ".join(escape(w) for w in winners)
        console.print(f"[bold yellow]Tie:[/] {names} with {best} points each")


# --------------------------------------------------------------------------- the command


def _board(
    console: Console,
    file: Path | None,
    player: list[str] | None,
    catastrophe: str | None,
    as_json: bool,
    sets: str | None = None,
    edition: str | None = None,
    discard: str | None = None,
    top_card: str | None = None,
) -> dict[str, Any]:
    """One scored board, from a file, flags or prompts; ``sets``, ``edition``, ``discard``
    and ``top_card`` (flags) override a file's."""
    table = table_of(sets, edition, "--sets/--edition")
    if discard is not None:
        table = with_discard(table, discard, "--discard")
    if top_card is not None:
        table = replace(table, top_card=top_card.strip())
    if file is not None:
        entries, from_file, file_table = load_board(file)
        catastrophe = catastrophe or from_file
        if catastrophe is None:
            raise TallyError(f"{file}: no catastrophe (add one, or give --catastrophe)")
        table = CardTable(
            sets=table.sets if sets is not None else file_table.sets,
            edition=table.edition if edition is not None else file_table.edition,
            discard=table.discard if discard is not None else file_table.discard,
            top_card=table.top_card if top_card is not None else file_table.top_card,
            discard_counts=(
                table.discard_counts if discard is not None else file_table.discard_counts
            ),
        )
        where = f"under discard: in {file}, or with --discard"
        _require_discard(entries, catastrophe, table, where)
        return report(entries, catastrophe, table)
    if player:
        entries = [parse_player(text, i) for i, text in enumerate(player, 1)]
        if catastrophe is None:
            raise TallyError("give the 3rd catastrophe with --catastrophe")
        _require_discard(entries, catastrophe, table, "with --discard")
        return report(entries, catastrophe, table)
    try:
        asker = Console(stderr=True, highlight=False) if as_json else console
        return ask_and_report(asker, catastrophe, table)
    except EOFError:
        raise TallyError("the input ended before the board was complete") from None


def _require_discard(
    entries: Sequence[PlayerEntry], catastrophe: str, table: CardTable, where: str
) -> None:
    """A board from a file or flags gives each count of the discard pile a pile reads (the
    prompts ask it): a forgotten one would score as an empty pile without a word."""
    missing = unasked_discard_count(entries, catastrophe, table)
    if missing is not None:
        raise TallyError(f"{missing} {where}")


def score(
    files: Annotated[
        list[Path] | None,
        typer.Argument(
            help="YAML or JSON boards (format: docs/score.md); - reads one from standard input.",
            show_default=False,
        ),
    ] = None,
    *,
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            "-p",
            metavar="PLAYER",
            help="One player, once per player, in turn order from whoever goes first at "
            "World's End: [blue]'Ann: Heroic, Bark, Kidney x3; hand=3; gp=5'[/]. "
            "Keys: hand (a count, or the hand's card names), gp, deus, after_faith, "
            "discarded, draw, meaning (Meaning of Life cards), meaning_draw, pocketed "
            "(trinkets), and a card's name for its World's End choice "
            "(sentience=red, faith=red>blue, prepper=Ice Age, denial=yes, awesome=9).",
            show_default=False,
        ),
    ] = None,
    catastrophe: Annotated[
        str | None,
        typer.Option(
            "--catastrophe", "-c", help="The 3rd catastrophe, e.g. 'Grey Goo'.", show_default=False
        ),
    ] = None,
    sets: Annotated[
        str | None,
        typer.Option(
            "--sets",
            help="The card sets in play, comma-separated (base, multicolor, ...; or all). "
            "Default: a board file's sets, else the base set.",
            show_default=False,
        ),
    ] = None,
    edition: Annotated[
        str | None,
        typer.Option(
            "--edition",
            help="classic or blackbox (its World's End order; tie draws add to the score). "
            "Default: a board file's, else classic.",
            show_default=False,
        ),
    ] = None,
    discard: Annotated[
        str | None,
        typer.Option(
            "--discard",
            help="The discard pile where a pile counts it (Dinolings' Serrated Teeth, Tiny "
            "Arms, Cranial Crest), before World's End discards: its counts "
            "(dominants=2, negative=1, dinolings=3) or its traits, comma-separated. "
            "Default: a board file's.",
            show_default=False,
        ),
    ] = None,
    top_card: Annotated[
        str | None,
        typer.Option(
            "--top-card",
            help="The trait deck's top card that Too Much Pink shows at World's End (none: "
            "the deck was empty). Default: a board file's.",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the scored board as JSON.")
    ] = False,
) -> None:
    """Score a Doomlings game played with physical cards: each step, and the winner(s)."""
    console = make_console()
    files = files or []
    if files and player:
        fail("give the board as files or as --player flags, not both")
    if sum(1 for f in files if str(f) == STDIN) > 1:
        fail("- (standard input) can be given once")
    if len(files) <= 1:
        with errors_to_exit():
            data = _board(
                console,
                files[0] if files else None,
                player,
                catastrophe,
                as_json,
                sets,
                edition,
                discard,
                top_card,
            )
        if as_json:
            typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        else:
            render(console, data)
        return
    # Several boards in one run: each is scored on its own; a bad one is an error line and
    # the others are still scored.
    boards: list[dict[str, Any]] = []
    failed = 0
    for file in files:
        try:
            scored = _board(
                console, file, None, catastrophe, as_json, sets, edition, discard, top_card
            )
            data = {"file": str(file), **scored}
        except DoomtableError as exc:
            Console(stderr=True, highlight=False).print(
                f"[bold red]error:[/] {escape(str(exc))}", soft_wrap=True
            )
            failed += 1
            continue
        boards.append(data)
        if not as_json:
            console.rule(escape(str(file)), align="left")
            render(console, data)
    if as_json:
        typer.echo(json.dumps(boards, indent=2, ensure_ascii=False))
    if failed:
        raise typer.Exit(code=1)


HELP = (
    "Score a Doomlings game played with physical cards: each player's points step by step "
    "(catastrophe, face values, each bonus by card, opponents' cards), and the winner(s).\n\n"
    "Enter trait piles by card name (any case; close spellings are accepted, `Kidney x3` "
    "counts) with --player flags, YAML/JSON FILEs (several in one run; - reads standard "
    "input), or, with neither, at prompts. Enter each pile before the final catastrophe's "
    "World's End discard: the calculator applies it (discarded=NAME where there was a "
    "choice).\n\n"
    "The prompts ask only what the cards need: the hand for Fortunate, Camouflage, Boredom, "
    "Brave and Saudade; the Gene Pool for Altruistic and Random Fertilization; each World's "
    "End choice a card asks (the colour named for Sentience, Faith's recolour, Prepper's "
    "pick, Denial, Awesome!'s points, ...), as the game asks it; the Deus Ex Machina draw; "
    "Too Much Pink's top card; which trait the final catastrophe discarded, when there was a "
    "choice; each player's Meaning of Life cards and pocketed trinkets, when those sets are "
    "in play; and tie-break draws. One player: a solo Genetic Mishap board."
)


def register(app: typer.Typer) -> None:
    app.command(help=HELP)(score)
