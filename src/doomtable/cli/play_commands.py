"""``doomtable play``: a game at the terminal against bots, or bots alone."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer
import yaml
from rich.console import Console
from rich.markup import escape
from rich.prompt import Confirm

from doomtable.cli.common import GameOptions, errors_to_exit, fail, make_console, parse_options
from doomtable.cli.savefile import fresh_path, read_save
from doomtable.cli.session import DEFAULT_SAVE, TableSession, seat_bots
from doomtable.engine import (
    BadOptionError,
    GameSpec,
    GameState,
    SaveFileError,
    TimedGameState,
    find_game,
    game_names,
    new_game,
)
from doomtable.safe_yaml import YamlLimitError, load_yaml, read_text_file, yaml_problem

DEFAULT_PLAYERS = 4
DEFAULT_BOT = "greedy"


def _think(names: dict[int, str], think: str | None) -> dict[int, str]:
    """Give every plain ``ismcts`` bot the ``--think`` time per move."""
    if think is None:
        return names
    seconds = think.strip().lower().removesuffix("s")
    try:
        if float(seconds) <= 0:
            raise ValueError
    except ValueError:
        raise BadOptionError(
            f"--think takes a time per move such as 1s or 0.5s, not {think!r}"
        ) from None
    if "ismcts" not in names.values():
        raise BadOptionError("--think sets the time of ismcts bots: add --bots ismcts")
    return {seat: f"ismcts:{seconds}s" if n == "ismcts" else n for seat, n in names.items()}


def _options(
    spec: GameSpec, raw: list[str], variant: str | None, tiebreak: str | None
) -> dict[str, Any]:
    options = parse_options(raw)
    for key, value in (("variant", variant), ("tiebreak", tiebreak)):
        if value is None:
            continue
        if key not in spec.default_options:
            raise BadOptionError(f"{spec.title} has no {key} option")
        options[key] = value
    return options


def _read_deck(path: Path) -> Any:
    """A deck file's data; the game itself says whether the deck is legal."""
    try:
        return load_yaml(read_text_file(path), str(path))
    except OSError as exc:
        raise BadOptionError(f"cannot read deck file {path}: {exc.strerror or exc}") from None
    except YamlLimitError as exc:
        raise BadOptionError(str(exc)) from None
    except yaml.YAMLError as exc:
        raise BadOptionError(f"{path} is not valid YAML: {yaml_problem(exc)}") from None


def _deck_option(
    spec: GameSpec, players: int, human: int, deck: Path | None, opponent: Path | None
) -> list[Any] | None:
    """Deck files as the game's ``decks`` option: yours in your seat, the opponent's deck in
    every other seat (a seat without one plays the game's default deck)."""
    if deck is None and opponent is None:
        return None
    if "decks" not in spec.default_options:
        raise BadOptionError(f"{spec.title} is not played with decks of your own")
    mine = _read_deck(deck) if deck else None
    theirs = _read_deck(opponent) if opponent else None
    return [mine if seat == human else theirs for seat in range(players)]


def _resume(
    game: str | None, load: Path, players: int | None, seat: int | None, fixed: list[str]
) -> tuple[GameState, int | None, dict[str, Any], list[dict[str, Any]], str]:
    """The saved game, the human's seat (``None``: bots only), the saved bots, the decisions
    taken back (``undo``), a header."""
    if fixed:
        raise BadOptionError(f"{', '.join(fixed)} cannot be used with --load: the save fixes them")
    state, table = read_save(load)
    if game is not None and find_game(game).name != find_game(state.GAME).name:
        raise BadOptionError(f"{load} holds a game of {state.GAME}, not {game}")
    if players is not None and players != state.players:
        raise BadOptionError(f"{load} holds a {state.players}-player game, not {players}")
    saved = table.get("human", 0)
    human = seat if seat is not None else saved if isinstance(saved, int) else None
    bots = table.get("bots")
    header = f"Resumed {state.GAME} from {load} after {len(state.log)} decisions."
    undone = _saved_undone(table.get("undone", []), load)
    return state, human, bots if isinstance(bots, dict) else {}, undone, header


def _saved_undone(undone: object, load: Path) -> list[dict[str, Any]]:
    """The save's record of decisions taken back, checked: it is only shown in the log."""
    keys = {"decision": int, "label": str, "event": int}
    if isinstance(undone, list) and all(
        isinstance(mark, dict)
        and set(mark) == set(keys)
        and all(type(mark[key]) is kind for key, kind in keys.items())
        for mark in undone
    ):
        return undone
    raise SaveFileError(f"{load}: refused: 'undone' is not a list of decisions taken back")


def _new(
    game: str | None,
    players: int | None,
    seat: int | None,
    seed: int | None,
    raw_options: list[str],
    variant: str | None,
    tiebreak: str | None,
    deck_files: tuple[Path | None, Path | None] = (None, None),
) -> tuple[GameState, int, str]:
    """A new game, the human's seat, a header naming the seed."""
    if game is None:
        fail(f"name a game to play ({', '.join(game_names())}) or give --load FILE")
    spec = find_game(game)
    if players is None:
        players = spec.default_players or min(
            max(DEFAULT_PLAYERS, spec.min_players), spec.max_players
        )
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big") % 1_000_000
    options = _options(spec, raw_options, variant, tiebreak)
    human = 0 if seat is None else seat
    decks = _deck_option(spec, players, human, *deck_files)
    if decks is not None:
        options["decks"] = decks
    state = new_game(spec.name, players, seed, options)
    seated = "1 player" if players == 1 else f"{players} players"
    return state, human, f"{spec.title}: {seated}, seed {seed}"


def _save_path(console: Console, save: Path | None, load: Path | None) -> Path:
    """Where this game saves: never over another game's save without asking.

    A resumed game saves to its own file. A new game saves to ``--save`` (asking first when
    that file exists), else to the first free name of doomtable-save.json,
    doomtable-save-2.json, ...
    """
    if save is None:
        if load is not None:
            return load
        path = fresh_path(Path(DEFAULT_SAVE))
        if path != Path(DEFAULT_SAVE):
            console.print(
                f"{DEFAULT_SAVE} holds another game; this one saves to {path}.",
                markup=False,
                soft_wrap=True,
            )
        return path
    # Only a regular file can hold a save; writing to /dev/null or a pipe overwrites nothing.
    if save.is_file() and save.stat().st_size > 0 and save != load:
        try:
            overwrite = Confirm.ask(
                f"{escape(str(save))} already holds a save. Overwrite it when this game saves?",
                console=console,
                default=False,
            )
        except EOFError:
            overwrite = False
        if not overwrite:
            raise BadOptionError(f"{save} was kept: give another --save file, or --load it")
    return save


def play(
    game: Annotated[
        str | None,
        typer.Argument(help="Game to play, e.g. [blue]doomlings[/] (optional with --load)."),
    ] = None,
    *,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help=f"Number of players (default {DEFAULT_PLAYERS})."),
    ] = None,
    seat: Annotated[int | None, typer.Option(help="Your seat, from 0 (default 0).")] = None,
    seed: Annotated[int | None, typer.Option(help="Deal from this seed (default: random).")] = None,
    bots_only: Annotated[bool, typer.Option("--bots-only", help="Bots play every seat.")] = False,
    bots: Annotated[
        str | None,
        typer.Option(help="Bot names, e.g. random,greedy: one for all bot seats, or one each."),
    ] = None,
    load: Annotated[Path | None, typer.Option(help="Resume the game saved in this file.")] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            help=f"Save file (default: the --load file, or a free name like {DEFAULT_SAVE}; "
            "an existing file is overwritten only if you say so)."
        ),
    ] = None,
    option: GameOptions = None,
    variant: Annotated[str | None, typer.Option(help="Rules variant (option 'variant').")] = None,
    tiebreak: Annotated[
        str | None, typer.Option(help="Tie-break rule (option 'tiebreak').")
    ] = None,
    auto_pass: Annotated[
        bool,
        typer.Option(help="Answer for you a decision with one choice (a window with only pass)."),
    ] = True,
    think: Annotated[
        str | None, typer.Option(help="Time per move for ismcts bots, e.g. 1s.")
    ] = None,
    fresh_events: Annotated[
        bool, typer.Option("--fresh-events", help="We're Doomed!: start a new event deck.")
    ] = False,
    deck: Annotated[
        Path | None, typer.Option(help="Your deck file (games played with own decks).")
    ] = None,
    opponent_deck: Annotated[
        Path | None, typer.Option(help="The deck file every other seat plays.")
    ] = None,
    match: Annotated[
        bool, typer.Option("--match", help="Best of 3; the loser of a game picks who starts.")
    ] = False,
) -> None:
    """Play a game at the terminal against bots, resume a saved one, or watch bots play."""
    console = make_console()
    with errors_to_exit():
        human: int | None
        saved_bots: dict[str, Any] = {}
        undone: list[dict[str, Any]] = []
        if load is not None:
            given: dict[str, object] = {
                "--seed": seed,
                "--variant": variant,
                "--tiebreak": tiebreak,
                "--option": option,
            }
            given |= {"--deck": deck, "--opponent-deck": opponent_deck, "--match": match or None}
            fixed = [flag for flag, value in given.items() if value is not None and value != []]
            state, human, saved_bots, undone, header = _resume(game, load, players, seat, fixed)
        else:
            raw = option or []
            if game is not None and issubclass(find_game(game).state_class, TimedGameState):
                # Imported only for a timed game: it brings that game's event deck file.
                from doomtable.cli import realtime

                raw = realtime.timed_options(game, raw, bots_only, fresh_events)
            state, human, header = _new(
                game, players, seat, seed, raw, variant, tiebreak, (deck, opponent_deck)
            )
        if bots_only:
            human = None
        elif human is not None and not 0 <= human < state.players:
            raise BadOptionError(f"--seat must be 0 to {state.players - 1}, not {human}")
        bot_seats = [s for s in range(state.players) if s != human]
        if bots is None and saved_bots:
            names = {s: str(saved_bots.get(str(s), "random")) for s in bot_seats}
        else:
            names = seat_bots(bots or DEFAULT_BOT, bot_seats)
        names = _think(names, think)
        if isinstance(state, TimedGameState) and human is not None:
            from doomtable.cli import realtime

            save_to = _save_path(console, save, load)
            console.print(header, markup=False, soft_wrap=True)
            code = realtime.RealtimeSession(state, console, names, human, save_path=save_to).play()
            realtime.keep_for_next_game(state, console)
            raise typer.Exit(code=code)
        save_path = _save_path(console, save, load)
        session = TableSession(
            state,
            console,
            names,
            human,
            save_path=save_path,
            auto_pass=auto_pass,
            shown=len(state.events) if load is not None else 0,
            undone=undone,
        )
        if load is not None:
            session.saved_to.add(load)
        console.print(header, markup=False, soft_wrap=True)
        # Bots alone play a fresh event deck (realtime.timed_options) and keep none.
        code = session.play() if not match else _play_match(session)
    if code:
        raise typer.Exit(code=code)


def _play_match(session: TableSession) -> int:
    """A best-of-3 match of two-player games; the loser of each game picks who starts the
    next (a bot that lost starts itself). Each game is dealt from the next seed."""
    state = session.state
    if state.players != 2 or "first_player" not in state.options:
        raise BadOptionError("--match needs a two-player game with a first_player option")
    wins = [0, 0]
    for number in range(1, 4):
        session.console.print(f"Match game {number}", style="bold")
        code = session.play()
        if code or session.state.pending is not None:
            return code
        winners = session.state.winners()
        if len(winners) == 1:
            wins[winners[0]] += 1
        names = [session.seat_name(seat) for seat in range(2)]
        session.console.print(
            f"Match score, games won: {names[0]} {wins[0]}, {names[1]} {wins[1]}", style="bold"
        )
        if max(wins) == 2 or number == 3:
            break
        loser = 1 - winners[0] if len(winners) == 1 else -1
        first = _next_first_player(session, loser)
        options = {**session.state.options, "first_player": first}
        nxt = new_game(state.GAME, 2, session.state.seed + 1, options)
        session = TableSession(
            nxt,
            session.console,
            session.bots,
            session.human,
            save_path=session.save_path,
            auto_pass=session.auto_pass,
        )
    best = max(wins)
    result = "drawn" if wins[0] == wins[1] else f"won by {session.seat_name(wins.index(best))}"
    session.console.print(f"Match {result}, {wins[0]}–{wins[1]} in games won.", style="bold yellow")
    return 0


def _next_first_player(session: TableSession, loser: int) -> int:
    if loser < 0:
        return -1  # a drawn game: chance picks again
    if loser != session.human:
        return loser
    while True:
        # Not "[me/them]": the console would read it as markup and show no answers at all.
        answer = session.console.input("You lost: who starts the next game? (me or them) ")
        word = answer.strip().casefold()
        if word in ("me", "them"):
            return loser if word == "me" else 1 - loser
        session.console.print("[red]Type me or them.[/]")


def register(app: typer.Typer) -> None:
    app.command()(play)
