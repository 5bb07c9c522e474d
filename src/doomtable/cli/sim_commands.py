"""`simulate`, `tournament` and `report`: bots against bots, many games at a time."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from doomtable.bots import bot_help
from doomtable.cli.common import GameOptions, parse_options
from doomtable.engine import DoomtableError, GameSpec, find_game
from doomtable.sim import (
    BACKENDS,
    SimResult,
    build_report,
    run,
    summarize,
    tournament,
    write_csv,
)

console = Console(stderr=True)
out = Console()

GameArg = Annotated[
    str, typer.Argument(help="The game, e.g. [blue]doomlings[/]", show_default=False)
]
GamesOpt = Annotated[int, typer.Option("--games", "-n", help="How many games to play.")]
PlayersOpt = Annotated[
    int | None, typer.Option("--players", "-p", help="Seats (default: 4, or the nearest allowed).")
]
SeedOpt = Annotated[int, typer.Option(help="Seed of the whole run; same seed, same results.")]
WorkersOpt = Annotated[
    int | None, typer.Option("--workers", "-w", help="Processes (default: every core).")
]
BackendOpt = Annotated[str, typer.Option(help=f"Where games run: {', '.join(BACKENDS)}.")]
AddressOpt = Annotated[
    str | None, typer.Option(help="Address of a running Ray cluster (ray backend only).")
]
_BOTS_HELP = "Comma-separated bot specs, one per seat (cycled), rotated game by game: " + "; ".join(
    f"{name}: {text}" for name, text in bot_help().items()
)


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
    app.command()(simulate)
    app.command(name="tournament")(tournament_command)
    app.command()(report)


def simulate(
    game: GameArg,
    *,
    games: GamesOpt = 100,
    players: PlayersOpt = None,
    bots: Annotated[str, typer.Option("--bots", "-b", help=_BOTS_HELP)] = "random",
    seed: SeedOpt = 0,
    workers: WorkersOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the JSON summary.")] = False,
    csv: Annotated[Path | None, typer.Option(help="Write one CSV row per game to this file.")] = (
        None
    ),
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    option: GameOptions = None,
) -> None:
    """Play bots against each other and print win rates by bot and by seat."""
    with _errors():
        spec = find_game(game)
        seats = _players(spec, players)
        options = parse_options(option)
        with _progress(quiet=as_json) as advance:
            result = run(
                spec,
                games,
                seats,
                _split(bots),
                seed,
                workers,
                backend=backend,
                address=address,
                progress=advance,
                card_stats=as_json,  # only the JSON summary shows them
                options=options,
            )
        if result.interrupted:
            console.print(
                f"Interrupted: {len(result.records)} of {games} games finished.",
                highlight=False,
            )
            if not result.records:
                raise typer.Exit(code=130)
        summary = summarize(result)
        if csv is not None:
            _write_csv(result, csv)
        if as_json:
            typer.echo(json.dumps(summary, indent=2))
        else:
            _print_summary(summary)
            if csv is not None:
                console.print(f"wrote {len(result.records)} rows to {csv}")
        if result.interrupted:
            raise typer.Exit(code=130)


def tournament_command(
    game: GameArg,
    *,
    bots: Annotated[
        str, typer.Option("--bots", "-b", help="Comma-separated bot specs, each once.")
    ] = "random,greedy,ismcts:50",
    games: Annotated[int, typer.Option("--games", "-n", help="Games per pair of bots.")] = 20,
    players: PlayersOpt = None,
    seed: SeedOpt = 0,
    workers: WorkersOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the JSON results.")] = False,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    option: GameOptions = None,
) -> None:
    """Every pair of bots plays the same number of games, seats alternating: win rates, ratings."""
    with _errors():
        spec = find_game(game)
        seats = _players(spec, players)
        options = parse_options(option)
        with _progress(quiet=as_json) as advance:
            results = tournament(
                spec,
                _split(bots),
                games,
                seats,
                seed,
                workers,
                backend=backend,
                address=address,
                progress=advance,
                options=options,
            )
        if as_json:
            typer.echo(json.dumps(results, indent=2))
        else:
            _print_tournament(results)


def report(
    game: GameArg,
    *,
    games: GamesOpt = 200,
    out_file: Annotated[Path, typer.Option("--out", help="The HTML file to write.")] = Path(
        "report.html"
    ),
    players: PlayersOpt = None,
    bots: Annotated[str, typer.Option("--bots", "-b", help=_BOTS_HELP)] = "greedy",
    seed: SeedOpt = 0,
    workers: WorkersOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    option: GameOptions = None,
) -> None:
    """Simulate, then write one self-contained HTML page of charts and tables."""
    with _errors():
        spec = find_game(game)
        seats = _players(spec, players)
        options = parse_options(option)
        with _progress(quiet=False) as advance:
            result = run(
                spec,
                games,
                seats,
                _split(bots),
                seed,
                workers,
                backend=backend,
                address=address,
                progress=advance,
                options=options,
            )
        title = f"{spec.title}: {games} simulated games, bots {', '.join(_split(bots))}"
        page = build_report(summarize(result), title=title)
        try:
            out_file.write_text(page, encoding="utf-8")
        except OSError as exc:
            raise _Fail(f"cannot write {out_file}: {exc.strerror or exc}") from None
        console.print(f"wrote {out_file} ({len(page) // 1024} KiB)")


class _Fail(Exception):
    """A one-line error for the user."""


@contextmanager
def _errors() -> Iterator[None]:
    """Turn bad input into one red line and exit code 1."""
    try:
        yield
    except (DoomtableError, _Fail) as exc:
        console.print(f"[red]error:[/] {exc}", highlight=False, soft_wrap=True)
        raise typer.Exit(code=1) from None


def _players(spec: GameSpec, players: int | None) -> int:
    if players is None:
        return spec.default_players or min(max(4, spec.min_players), spec.max_players)
    return players


def _split(bots: str) -> list[str]:
    names = [b.strip() for b in bots.split(",")]
    if not all(names):
        raise _Fail(f"bad --bots {bots!r}: give comma-separated bot specs, e.g. random,greedy")
    return names


class _RateColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:.1f} games/s" if speed else "- games/s", style="cyan")


@contextmanager
def _progress(quiet: bool) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on stderr (games done, games/s, ETA); nothing when ``quiet``.

    The bar appears at the first report, which the simulator sends once the run's input has
    been checked, so an error message stands alone.
    """
    bar = Progress(
        TextColumn("[bold]playing"),
        BarColumn(),
        MofNCompleteColumn(),
        _RateColumn(),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=quiet,
    )
    task = bar.add_task("games", total=None)

    def advance(done: int, total: int) -> None:
        if not bar.live.is_started:
            bar.start()
        bar.update(task, completed=done, total=total)

    try:
        yield advance
    finally:
        if bar.live.is_started:
            bar.stop()


def _write_csv(result: SimResult, path: Path) -> None:
    try:
        with path.open("w", newline="", encoding="utf-8") as handle:
            write_csv(result, handle)
    except OSError as exc:
        raise _Fail(f"cannot write {path}: {exc.strerror or exc}") from None


def _interval(entry: dict[str, Any]) -> str:
    lo, hi = entry["ci95"]
    return f"{100 * lo:.1f}-{100 * hi:.1f}%"


def _print_summary(s: dict[str, Any]) -> None:
    bots = Table(title=f"{s['game']}: {s['games']} games, {s['players']} players, seed {s['seed']}")
    for column in ("bot", "seat-games", "wins", "win rate", "95% interval", "mean score"):
        bots.add_column(column, justify="left" if column == "bot" else "right")
    for name, b in s["wins_by_bot"].items():
        mean = "-" if b["mean_score"] is None else f"{b['mean_score']:.2f}"
        bots.add_row(
            name, str(b["games"]), f"{b['wins']:g}", f"{100 * b['rate']:.1f}%", _interval(b), mean
        )
    seats = Table(title=f"by seat (even: {100 * s['expected_rate']:.1f}%)")
    for column in ("seat", "wins", "win rate", "95% interval"):
        seats.add_column(column, justify="right")
    for seat in s["wins_by_seat"]:
        seats.add_row(
            str(seat["seat"]), f"{seat['wins']:g}", f"{100 * seat['rate']:.1f}%", _interval(seat)
        )
    out.print(bots)
    out.print(seats)
    lines = [
        f"decisions per game: mean {s['decisions']['mean']}, median {s['decisions']['median']}",
        f"score: mean {s['scores'].get('mean', '-')}, "
        f"winning mean {s['winning_scores'].get('mean', '-')}",
    ]
    if "rounds" in s:
        lines.append(f"rounds per game: mean {s['rounds']['mean']}")
    lines.append(
        f"{s['finished']} finished, {s['unfinished']} stopped, {s['ties']} tied; "
        f"{s['games_per_second']} games/s"
    )
    for line in lines:
        out.print(line, highlight=False)


def _print_tournament(t: dict[str, Any]) -> None:
    names: list[str] = t["bots"]
    matrix = Table(
        title=f"{t['game']}: {t['games_per_pair']} games per pair, {t['players']} players "
        "(row's win rate against column)"
    )
    matrix.add_column("bot")
    for name in names:
        matrix.add_column(name, justify="right")
    cells = {(p["bot"], p["opponent"]): p for p in t["pairwise"]}
    for a in names:
        row = [a]
        for b in names:
            p = cells.get((a, b))
            row.append("-" if p is None else f"{100 * p['rate']:.0f}% ({_interval(p)})")
        matrix.add_row(*row)
    overall = Table(title="overall")
    for column in ("bot", "games", "win rate", "95% interval", "rating"):
        overall.add_column(column, justify="left" if column == "bot" else "right")
    for name, rating in t["ratings"].items():
        o = t["overall"][name]
        overall.add_row(
            name, str(o["games"]), f"{100 * o['rate']:.1f}%", _interval(o), f"{rating:.0f}"
        )
    out.print(matrix)
    out.print(overall)
    out.print(
        f"{t['games']} games, {t['unfinished']} stopped; {t['games_per_second']} games/s",
        highlight=False,
    )
