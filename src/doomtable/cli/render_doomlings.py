"""The Doomlings table in the terminal, drawn from the view dict alone.

The view's keys are documented with ``doomtable.games.doomlings``; this module reads only them
(age, catastrophes, seats with their trait piles, the viewer's hand, revealed cards, the
pending decision and the final result). Both editions share it.

Colour is never the only signal: every trait shows its colours as letters too (B blue,
G green, P purple, R red, ○ colourless), so the table reads the same with ``NO_COLOR`` or for a
colour-blind player. On a small terminal (under 100 columns or 40 rows) the table is drawn
compactly, one line per seat and per hand card, so that table and choices fit in 80×24 with the
header still on screen; no card name is ever broken across lines.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from doomtable.cli.layout import ChipFlow, compact_wanted, fitting, one_line

COLOR_STYLES: dict[str, str] = {
    "blue": "bold blue",
    "green": "bold green",
    "purple": "bold magenta",
    "red": "bold red",
}
COLOR_LETTERS: dict[str, str] = {"blue": "B", "green": "G", "purple": "P", "red": "R"}
COLORLESS_STYLE = "grey62"
COLORLESS_MARK = "○"
DOMINANT = "★"
UNPLAYABLE = "✗"
LEGEND = "B blue  G green  P purple  R red  ○ colourless  ★ dominant"
EDITIONS: dict[str, str] = {"doomlings": "Doomlings", "doomlings-blackbox": "Doomlings (Blackbox)"}


def _name_style(colors: list[str]) -> str:
    if not colors:
        return COLORLESS_STYLE
    if len(colors) == 1:
        return COLOR_STYLES.get(colors[0], "bold")
    return "bold"


def swatches(colors: list[str]) -> Text:
    """The card's colours as letters, each in its colour (``○`` when colourless)."""
    if not colors:
        return Text(COLORLESS_MARK, style=COLORLESS_STYLE)
    return Text.assemble(
        *((COLOR_LETTERS.get(c, c[:1].upper()), COLOR_STYLES.get(c, "bold")) for c in colors)
    )


def face_text(card: dict[str, Any]) -> str:
    """The card's face value, ``?`` when it varies."""
    face = card["face"]
    return "?" if face is None else str(face)


def card_chip(card: dict[str, Any]) -> Text:
    """A card in one short run: colour letters, name, face value, a star if dominant."""
    colors = list(card["colors"])
    chip = swatches(colors)
    name = card.get("shown") or card["name"]  # Opposable Thumbs (as Heroic): a copy
    chip.append(f" {name}", style=_name_style(colors))
    chip.append(f" {face_text(card)}", style="cyan")
    if card["dominant"]:
        chip.append(f" {DOMINANT}", style="bold yellow")
    if card.get("attached_to"):  # Techlings: an attachment names its host
        chip.append(f" on {card['attached_to']}", style="dim")
    return chip


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _title(view: dict[str, Any]) -> str:
    edition = EDITIONS.get(str(view["game"]), "Doomlings")
    variant = view.get("variant")
    if variant and variant != "none":
        edition += f" · {str(variant).replace('-', ' ').title()}"
    stage = view.get("stage")
    if stage == "worlds_end":
        return f"{edition} · World's End · Era {view['era']}"
    # A new age's effects come before its round: they belong to the round about to start.
    round_no = view["round"] + 1 if stage == "age" else view["round"]
    if round_no == 0:
        return f"{edition} · Before round 1 · Era {view['era']}"
    return f"{edition} · Round {round_no} · Era {view['era']}"


def _age_line(view: dict[str, Any]) -> Text | None:
    """The current age, or a catastrophe's round said as such."""
    age = view["age"]
    if age is None:
        return None
    if age.get("catastrophe"):
        line = Text.assemble(("CATASTROPHE ROUND: ", "bold red"), (age["name"], "bold red"))
    else:
        line = Text.assemble(("Age: ", "bold"), (age["name"], "bold yellow"))
    if age.get("text"):
        line.append(f" — {age['text']}")
    return line


def _catastrophe_lines(view: dict[str, Any]) -> list[Text]:
    """Each flipped catastrophe with its World's End text (the last one flipped decides)."""
    cards = view.get("catastrophe_cards")
    if not cards:
        names = view["catastrophes"]
        return [Text.assemble(("Catastrophes: ", "bold"), (", ".join(names) or "none yet", "red"))]
    return [
        Text.assemble(
            (f"Catastrophe {number}: ", "bold"),
            (card["name"], "red"),
            f" — World's End: {card.get('worlds_end') or 'none'}",
        )
        for number, card in enumerate(cards, start=1)
    ]


def _counts_line(view: dict[str, Any]) -> Text:
    discard = f"Discard {view['discard_size']}"
    if view["discard_top"] is not None:
        discard += f" (top: {view['discard_top']['name']})"
    return Text(
        f"Deck {view['deck_size']}   {discard}   {_plural(view['ages_left'], 'age')} left",
        style="dim",
    )


def _header(view: dict[str, Any]) -> Panel:
    lines: list[RenderableType] = []
    age_line = _age_line(view)
    if age_line is not None:
        lines.append(age_line)
    lines.extend(_catastrophe_lines(view))
    lines.append(_counts_line(view))
    return Panel(Group(*lines), title=Text(_title(view), style="bold"), title_align="left")


def _known_cards(view: dict[str, Any]) -> dict[int, list[str]]:
    """Cards in other hands the viewer has been shown (still there), by seat."""
    known: dict[int, list[str]] = {}
    for entry in view["revealed"]:
        known.setdefault(int(entry["from"]), []).append(str(entry["card"]["name"]))
    return known


def _marks(view: dict[str, Any], number: int) -> str:
    marks = "▶" if number == view["turn_player"] else " "
    return marks + ("◆" if number == view["first_player"] else " ")


def _seat_name(view: dict[str, Any], seat: dict[str, Any]) -> Text:
    number = seat["seat"]
    name = Text(seat["name"], style="bold" if number == view["viewer"] else "")
    if number == view["viewer"]:
        name.append(" (you)", style="dim")
    return name


def seats_table(view: dict[str, Any]) -> Table:
    """Every seat: score, gene pool, hand size and the trait pile."""
    table = Table(expand=True, show_lines=True)
    table.add_column("Seat", justify="right", no_wrap=True)
    table.add_column("Player", no_wrap=True)
    table.add_column("Score", justify="right")
    table.add_column("Gene pool", justify="right")
    table.add_column("Hand", justify="right")
    table.add_column(f"Traits ({DOMINANT} dominant)", ratio=1)
    known = _known_cards(view)
    for seat in view["seats"]:
        number = seat["seat"]
        chips = [card_chip(card) for card in seat["traits"]]
        if seat["dominants"]:
            chips.append(Text(f"[{seat['dominants']}{DOMINANT}]", style="yellow"))
        if seat.get("suppressed"):  # Deeplings: face-down cards, a count
            chips.append(Text(f"[{seat['suppressed']} face down]", style="dim"))
        chips.extend(_trinket_chips(view, number))
        if number in known:
            chips.append(Text(f"(you know: {', '.join(known[number])})", style="italic"))
        table.add_row(
            f"{_marks(view, number)}{number}",
            _seat_name(view, seat),
            Text(str(seat["score"]), style="bold"),
            str(seat["gene_pool"]),
            str(seat["hand_size"]),
            ChipFlow(chips) if chips else Text("—", style="dim"),
        )
    table.caption = f"▶ turn   ◆ first player   {LEGEND}"
    return table


def _card_name(card: dict[str, Any]) -> Text:
    name = swatches(list(card["colors"]))
    name.append(f" {card['name']}", style=_name_style(list(card["colors"])))
    if card["dominant"]:
        name.append(f" {DOMINANT}", style="bold yellow")
    return name


def cards_table(cards: list[dict[str, Any]], title: str) -> Panel:
    """Cards in full: colour letters, name, face value, dominant star and text; a card that
    cannot be played now says why instead of its text."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column(justify="right", style="cyan")
    table.add_column(ratio=1)
    for card in cards:
        table.add_row(_card_name(card), face_text(card), _card_text(card))
    return Panel(table, title=Text(title, style="bold"), title_align="left")


def _card_text(card: dict[str, Any]) -> Text:
    why_not = card.get("why_not")
    if why_not:
        return Text(f"{UNPLAYABLE} cannot play now: {why_not}", style="yellow")
    return Text(card["text"] or "", style="italic")


def _status(view: dict[str, Any]) -> Text | None:
    if view["game_over"]:
        winners = view["winners"] or []
        names = [view["seats"][w]["name"] for w in winners]
        if view["players"] == 1:
            score = (view["scores"] or [view["seats"][0]["score"]])[0]
            return Text(f"Game over — you scored {_plural(score, 'point')}", style="bold yellow")
        label = "winner" if len(names) == 1 else "winners"
        return Text(f"Game over — {label}: {', '.join(names) or 'nobody'}", style="bold yellow")
    pending = view["pending"]
    if pending is None or pending["player"] == view["viewer"]:
        return None
    who = view["seats"][pending["player"]]["name"]
    return Text(f"Waiting for {who}: {pending['prompt']}", style="dim")


def _extras(view: dict[str, Any]) -> Iterable[RenderableType]:
    if view.get("next_age"):
        age = view["next_age"]
        yield Text(f"Next age (only you know): {age['name']} — {age['text']}")
    if view.get("lab"):
        yield cards_table(view["lab"], "The Lab (scores nothing)")
    if view.get("pack"):
        yield cards_table(view["pack"], f"Your draft pack ({len(view['pack'])})")
    if view.get("own_deck"):
        yield _own_deck_line(view["own_deck"])
    if view.get("suppressed"):
        yield cards_table(view["suppressed"], "Your face-down (suppressed) cards: worth nothing")
    if view.get("trinkets"):
        yield _trinkets_panel(view)
    if view.get("meanings"):  # Meaning of Life: the player's own, hidden from the others
        yield _meanings_panel(view["meanings"])


def _trinket_chips(view: dict[str, Any], number: int) -> list[Text]:
    """Trinkets (held, then pocketed with their value) of a seat, when the set is played."""
    if "trinkets" not in view:
        return []
    held = [Text(f"[trinket: {t['name']}]", style="magenta") for t in view["trinkets"][number]]
    return held + [
        Text(f"[pocketed: {t['name']} +{t['value']}]", style="green")
        for t in view["pocketed"][number]
    ]


def _trinkets_panel(view: dict[str, Any]) -> Panel:
    """The viewer's held trinkets in full; the decks' sizes and the merchants that came."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, style="magenta")
    table.add_column(ratio=1)
    for trinket in view["trinkets"][view["viewer"]]:
        table.add_row(trinket["name"], Text(trinket["text"], style="italic"))
    merchants = ", ".join(m["name"] for m in view["merchants"]) or "none yet"
    title = (
        f"Your trinkets ({view['trinket_deck_size']} in the trinket deck; merchants: {merchants})"
    )
    return Panel(table, title=Text(title, style="bold"), title_align="left")


def _meanings_panel(meanings: list[dict[str, Any]]) -> Panel:
    """The player's Meaning of Life cards, scored at the end (only they see them)."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, style="bold magenta")
    table.add_column(ratio=1)
    for meaning in meanings:
        table.add_row(meaning["name"], Text(meaning["text"], style="italic"))
    title = Text("Your Meaning of Life (hidden from the others)", style="bold")
    return Panel(table, title=title, title_align="left")


def _own_deck_line(cards: list[dict[str, Any]], most_lines: int | None = None) -> Group:
    """The trait deck a player drafted (its cards, not their order)."""
    title = Text(f"Your trait deck ({len(cards)}, shuffled):", style="bold")
    return Group(title, ChipFlow([_short_card(card) for card in cards], most_lines))


def full_table(view: dict[str, Any]) -> Group:
    """The table with panels and card texts, for a terminal of 100×40 or more."""
    parts: list[RenderableType] = [_header(view), seats_table(view), *_extras(view)]
    hand = view["hand"]
    parts.append(
        cards_table(hand, f"Your hand ({len(hand)})")
        if hand
        else Panel(Text("empty", style="dim"), title="Your hand", title_align="left")
    )
    status = _status(view)
    if status is not None:
        parts.append(status)
    return Group(*parts)


# ----------------------------------------------------------------------------- compact


def _compact_seat(
    view: dict[str, Any], seat: dict[str, Any], known: list[str], most_lines: int | None
) -> Table:
    number = seat["seat"]
    line = Table.grid(padding=(0, 1))
    line.add_column(no_wrap=True)
    line.add_column(ratio=1)
    head = Text(f"{_marks(view, number)}{number}")
    if number == view["viewer"]:
        head.append(" you", style="bold")
    head.append(
        f" {_plural(seat['score'], 'pt')} GP{seat['gene_pool']} H{seat['hand_size']}",
        style="cyan",
    )
    chips = [card_chip(card) for card in seat["traits"]]
    chips.extend(_trinket_chips(view, number))
    if known:
        chips.append(Text(f"(you know: {', '.join(known)})", style="italic"))
    line.add_row(head, ChipFlow(chips, most_lines) if chips else Text("—", style="dim"))
    return line


def _compact_card(card: dict[str, Any]) -> Text:
    line = card_chip(card)
    why_not = card.get("why_not")
    if why_not:
        line.append(f"  {UNPLAYABLE} {why_not}", style="yellow")
    elif card.get("text"):
        line.append(f"  {card['text']}", style="italic")
    return line


def _short_card(card: dict[str, Any]) -> Text:
    line = card_chip(card)
    if card.get("why_not"):
        line.append(f" {UNPLAYABLE}", style="yellow")
    return line


def _compact_cards(cards: list[dict[str, Any]], texts: bool) -> list[RenderableType]:
    if texts:
        return [one_line(_compact_card(card)) for card in cards]
    lines: list[RenderableType] = [ChipFlow([_short_card(card) for card in cards])]
    reasons = [f"{card['name']}: {card['why_not']}" for card in cards if card.get("why_not")]
    if reasons:
        lines.append(one_line(Text(f"{UNPLAYABLE} " + "; ".join(reasons), style="yellow")))
    return lines


def compact_table(view: dict[str, Any], level: int = 0) -> Group:
    """The table in as few lines as it takes: the header first, one line per seat and per
    hand card (texts cut at the edge), no boxes. Higher ``level``s save lines for crowded
    tables: the hand's cards side by side without texts (1), each pile at most 2 lines (2)."""
    parts: list[RenderableType] = [
        one_line(Text(_title(view), style="bold reverse")),
    ]
    age_line = _age_line(view)
    if age_line is not None:
        parts.append(one_line(age_line))
    parts.extend(one_line(line) for line in _catastrophe_lines(view) if view["catastrophes"])
    parts.append(one_line(_counts_line(view)))
    known = _known_cards(view)
    most_lines = 2 if level >= 2 else None
    parts.extend(
        _compact_seat(view, seat, known.get(seat["seat"], []), most_lines) for seat in view["seats"]
    )
    if view.get("next_age"):
        age = view["next_age"]
        parts.append(one_line(Text(f"Next age (only you know): {age['name']} — {age['text']}")))
    zones = (("The Lab (scores nothing)", view.get("lab")), ("Draft pack", view.get("pack")))
    for title, cards in zones:
        if cards:
            parts.append(Text(f"{title}:", style="bold"))
            parts.extend(_compact_cards(cards, texts=level < 1))
    if view.get("own_deck"):
        parts.append(_own_deck_line(view["own_deck"], most_lines=2 if level else None))
    for meaning in view.get("meanings", []):  # Meaning of Life: only the viewer's own
        line = Text.assemble(("Your Meaning of Life: ", "bold"), (meaning["name"], "magenta"))
        if level < 1:
            line.append(f" — {meaning['text']}", style="italic")
        parts.append(one_line(line))
    hand = view["hand"]
    parts.append(Text(f"Your hand ({len(hand)}){':' if hand else ': empty'}", style="bold"))
    if hand:
        parts.extend(_compact_cards(hand, texts=level < 1))
    status = _status(view)
    if status is not None:
        parts.append(one_line(status))
    return Group(*parts)


COMPACT_LEVELS = 3


class DoomlingsTable:
    """The table, drawn compactly or in full depending on the terminal's size; compactly, in
    the first layout that fits the height it is given (``print(..., height=N)``; else the
    terminal's height less a line for the prompt)."""

    def __init__(self, view: dict[str, Any]) -> None:
        # The layouts are built now, so a view a layout cannot read fails here, not mid-print.
        self.full = full_table(view)
        self.compact = [compact_table(view, level) for level in range(COMPACT_LEVELS)]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if not compact_wanted(console, options):
            yield self.full
            return
        yield fitting(console, options, self.compact)


def render_table(view: dict[str, Any]) -> RenderableType:
    """The whole Doomlings table as ``view['viewer']`` sees it."""
    return DoomlingsTable(view)


# ----------------------------------------------------------------------------- the result


def print_result(console: Console, view: dict[str, Any], names: list[str]) -> None:
    """Each player's score, step by step, as ``doomtable score`` prints it, and the World's
    End text of every catastrophe flipped."""
    # The score command's module reads YAML and the calculator: loaded only at the end.
    from doomtable.cli.score_commands import render

    breakdowns = view.get("breakdowns")
    if not breakdowns:
        return
    for line in _catastrophe_lines(view):
        console.print(line)
    catastrophes = view["catastrophes"]
    owners = {str(card["name"]): seat["name"] for seat in view["seats"] for card in seat["traits"]}
    players = []
    for seat, steps in zip(view["seats"], breakdowns, strict=True):
        opponents = [
            {**item, "owner": owners.get(item["card"], "?")} for item in steps["opponents"]
        ]
        players.append(
            {
                "name": names[seat["seat"]],
                "score": steps["total"],
                "breakdown": {**steps, "opponents": opponents},
            }
        )
    data = {
        "catastrophe": catastrophes[-1] if catastrophes else view.get("worlds_end") or "?",
        "worlds_end": view.get("worlds_end") or (catastrophes[-1] if catastrophes else "?"),
        "players": players,
        "winners": [names[w] for w in view["winners"] or []],
    }
    if len(players) == 1:
        # A solo game has a score, not a winner: the calculator's last line is left out.
        with console.capture() as captured:
            render(console, data)
        lines = captured.get().rstrip("\n").split("\n")
        console.print(Text.from_ansi("\n".join(lines[:-1])))
        _print_meanings(console, view, names)
        return
    render(console, data)
    _print_meanings(console, view, names)


def _print_meanings(console: Console, view: dict[str, Any], names: list[str]) -> None:
    """Each player's Meaning of Life cards with their points (in the totals above)."""
    for seat, steps in zip(view["seats"], view["breakdowns"], strict=True):
        for item in steps.get("meanings", []):
            points = f"{item['points']:+d}"
            console.print(f"{names[seat['seat']]}'s Meaning of Life: {item['card']} {points}")
