"""The Doom On You table in the terminal, drawn from the view dict alone.

The view's keys are documented on ``DoomOnYouState.view``; this module reads only them: food,
animal piles (attack, defence, defence left, food taken), attacks in progress, the viewer's
hand and the other hand sizes, hands a Hand-a showed the viewer, the bribes the viewer knows
of, the pending decision, the result and, when the view carries one, a ``log`` of lines.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from doomtable.cli.layout import ChipFlow, compact_wanted, one_line

POWER_NOTES: dict[str, str] = {
    "camo": "Hunt cannot kill it",
    "flame": "Force Field cannot block it",
    "peek": "shows the hand when it succeeds",
}
KIND_STYLES: dict[str, str] = {"animal": "bold green", "battle": "bold magenta", "doom": "bold red"}
LOG_LINES = 8
"""How many of the latest log lines are shown."""

HELP = "\n".join(
    (
        "Bribes: once per attack round you may offer food to one other player: as the "
        "defender before attacks are declared on you (offer a bribe), or while declaring "
        "your attacks. Choose whom, how much (1 to 5 food, never your last) and a note.",
        "They accept or decline at once; the food moves only if they accept. Nothing binds "
        "them to the note: a bribe is a deal, not a rule. Offers show as $ in the table.",
        "Battle cards in your hand show what they do; rules summarises the whole game.",
    )
)


@cache
def card_texts(game: str) -> dict[str, str]:
    """Card name -> rules text, from the game's own card definitions (``GameSpec.cards``)."""
    from doomtable.engine import find_game

    return {str(card["name"]): str(card.get("text", "")) for card in find_game(game).cards()}


def animal_chip(card: dict[str, Any]) -> Text:
    """An animal in one short run: name, attack, defence (what is left of it) and food."""
    chip = Text(str(card["name"]), style="bold green")
    defence = int(card["defence"])
    left = int(card.get("defence_left", defence))
    shown = f"{left}/{defence}" if left != defence else str(defence)
    chip.append(f" ⚔{card['attack']} ⛨{shown} ◆{card['tokens']}", style="cyan")
    if left != defence:
        chip.append(" (sideways)", style="yellow")
    return chip


def _seat(view: dict[str, Any], seat: int) -> str:
    return "you" if seat == view["you"] else f"player {seat}"


def _phase(view: dict[str, Any]) -> str:
    """Where the game is, as the log says it: ``Prep round 2``, ``Attack round 1``, ``Setup``."""
    if view.get("prep_round"):
        return f"Prep round {view['prep_round']}"
    return f"Attack round {view['attack_round']}" if view["attack_round"] else "Setup"


def _header(view: dict[str, Any]) -> Panel:
    title = "Doom On You · " + _phase(view)
    defender = view["defender"]
    lines: list[RenderableType] = []
    if defender is not None and defender >= 0:
        lines.append(Text.assemble(("Defending: ", "bold"), (_seat(view, defender), "bold red")))
    removed = view["removed"]
    lines.append(
        Text(
            f"Draw pile {view['deck_size']}   Removed from play {len(removed)}   "
            f"Pile limit {view['pile_limit']}",
            style="dim",
        )
    )
    return Panel(Group(*lines), title=Text(title, style="bold"), title_align="left")


def seats_table(view: dict[str, Any]) -> Table:
    """Every seat: food, hand size, the animal pile with its numbers, bribe offered."""
    table = Table(expand=True, show_lines=True)
    table.add_column("Seat", justify="right", no_wrap=True)
    table.add_column("Player", no_wrap=True)
    table.add_column("Food", justify="right")
    table.add_column("Hand", justify="right")
    table.add_column("Animal pile (⚔ attack ⛨ defence ◆ food taken)", ratio=1)
    you, defender = view["you"], view["defender"]
    for seat, entry in enumerate(view["players"]):
        alive = bool(entry["alive"])
        marks = "▶" if seat == defender else ""
        name = Text(_seat(view, seat), style="bold" if seat == you else "")
        if entry.get("offered_bribe"):
            name.append(" $", style="yellow")
        if not alive:
            name.append(" (out)", style="red")
        animals = entry["animals"]
        pile = Text("  ").join(animal_chip(card) for card in animals) if animals else None
        table.add_row(
            f"{marks} {seat}",
            name,
            Text(str(entry["food"]), style="bold" if alive else "dim"),
            str(entry["hand_size"]),
            pile if pile is not None else Text("—", style="dim"),
            style=None if alive else "dim",
        )
    table.caption = "▶ defending   $ offered a bribe this round"
    return table


def attacks_panel(view: dict[str, Any]) -> Panel:
    """Attacks in progress: whose animal, on whom, what is left to block, who gains."""
    table = Table(box=box.SIMPLE_HEAD, expand=True, pad_edge=False)
    for column in ("Animal", "Owner", "On", "To block", "Food", "Food goes to"):
        table.add_column(column)
    for attack in view["attacks"]:
        power = POWER_NOTES.get(str(attack.get("power") or ""), "")
        animal = Text(str(attack["animal"]), style="bold green")
        if power:
            animal.append(f" ({power})", style="italic")
        table.add_row(
            animal,
            _seat(view, attack["owner"]),
            Text(_seat(view, attack["target"]), style="red"),
            f"{attack['to_block']} of {attack.get('attack', attack['to_block'])}",
            str(attack.get("tokens", "?")),
            _seat(view, attack["beneficiary"]),
        )
    title = f"Attacks ({len(view['attacks'])})"
    return Panel(table, title=Text(title, style="bold red"), title_align="left")


def _card_line(card: dict[str, Any], texts: dict[str, str]) -> Text:
    kind = str(card.get("kind", ""))
    line = Text(str(card["name"]), style=KIND_STYLES.get(kind, "bold"))
    if kind == "animal":
        line.append(f"  ⚔{card['attack']} ⛨{card['defence']} ◆{card['tokens']}", style="cyan")
        power = POWER_NOTES.get(str(card.get("power") or ""), "")
        if power:
            line.append(f"  {power}", style="italic")
    elif kind:
        line.append(f"  {kind} card", style="dim")
        text = texts.get(str(card["name"]))
        if text:
            line.append(f": {text}", style="italic")
    return line


def hand_panel(view: dict[str, Any]) -> Panel:
    """The viewer's own hand, with each animal's numbers and each other card's text."""
    hand = view["players"][view["you"]].get("hand") or []
    texts = card_texts(str(view["game"])) if hand else {}
    body: RenderableType = (
        Group(*(_card_line(card, texts) for card in hand)) if hand else Text("empty", style="dim")
    )
    return Panel(body, title=Text(f"Your hand ({len(hand)})", style="bold"), title_align="left")


def seen_panel(view: dict[str, Any]) -> Panel:
    """Hands a Hand-a showed the viewer, as they were then."""
    lines = [
        Text.assemble((f"{_seat(view, int(target))}: ", "bold"), ", ".join(cards) or "nothing")
        for target, cards in sorted(view["seen_hands"].items(), key=lambda item: int(item[0]))
    ]
    return Panel(Group(*lines), title="Hands shown to you", title_align="left")


def bribes_panel(view: dict[str, Any]) -> Panel:
    """This round's bribes the viewer knows of."""
    lines = []
    for offer in view["bribes"]:
        text = Text(
            f"{_seat(view, offer['from'])} → {_seat(view, offer['to'])}: {offer['amount']} food"
        )
        if offer.get("note"):
            text.append(f" ({offer['note']!r})", style="italic")
        status = str(offer.get("status", ""))
        style = {"accepted": "green", "declined": "red"}.get(status, "yellow")
        text.append(f"  {status}", style=style)
        lines.append(text)
    return Panel(Group(*lines), title="Bribes this round", title_align="left")


def log_panel(view: dict[str, Any]) -> Panel:
    """The latest lines of the log the view carries."""
    lines = [str(line) for line in view["log"]][-LOG_LINES:]
    return Panel(Text("\n".join(lines), style="dim"), title="Latest events", title_align="left")


def _status(view: dict[str, Any]) -> Text | None:
    if view["game_over"]:
        names = [_seat(view, w) for w in view["winners"] or []]
        return Text(f"Game over — winner: {', '.join(names) or 'nobody'}", style="bold yellow")
    decision = view.get("decision")
    if not decision or decision["player"] == view["you"]:
        return None
    return Text(f"Waiting for {_seat(view, decision['player'])}", style="dim")


def full_table(view: dict[str, Any]) -> Group:
    """The table with panels, for a terminal of 100×40 or more."""
    parts: list[RenderableType] = [_header(view), seats_table(view)]
    if view["attacks"]:
        parts.append(attacks_panel(view))
    if view.get("bribes"):
        parts.append(bribes_panel(view))
    if view["seen_hands"]:
        parts.append(seen_panel(view))
    parts.append(hand_panel(view))
    if view.get("log"):
        parts.append(log_panel(view))
    status = _status(view)
    if status is not None:
        parts.append(status)
    return Group(*parts)


def _compact_seat(view: dict[str, Any], seat: int, entry: dict[str, Any]) -> Table:
    line = Table.grid(padding=(0, 1))
    line.add_column(no_wrap=True)
    line.add_column(ratio=1)
    alive = bool(entry["alive"])
    head = Text("▶" if seat == view["defender"] else " ")
    head.append(f"{seat} ")
    head.append(_seat(view, seat), style="bold" if seat == view["you"] else "")
    if entry.get("offered_bribe"):
        head.append(" $", style="yellow")
    head.append(f" food {entry['food']} hand {entry['hand_size']}" if alive else " (out)")
    animals = [animal_chip(card) for card in entry["animals"]]
    line.add_row(head, ChipFlow(animals) if animals else Text("—", style="dim"))
    return line


def compact_table(view: dict[str, Any]) -> Group:
    """The table in as few lines as it takes: the header first, one line per seat, attack,
    bribe and hand card (texts cut at the edge), no boxes."""
    title = "Doom On You · " + _phase(view)
    title += f" · draw pile {view['deck_size']} · pile limit {view['pile_limit']}"
    parts: list[RenderableType] = [one_line(Text(title, style="bold reverse"))]
    parts.extend(_compact_seat(view, seat, entry) for seat, entry in enumerate(view["players"]))
    legend = "Animal piles: ⚔ attack ⛨ defence ◆ food; ▶ defending; $ offered a bribe"
    parts.append(one_line(Text(legend, style="dim")))
    for attack in view["attacks"]:
        parts.append(
            one_line(
                Text.assemble(
                    ("attack: ", "bold red"),
                    f"{attack['animal']} of {_seat(view, attack['owner'])} on "
                    f"{_seat(view, attack['target'])}, {attack['to_block']} to block, "
                    f"food to {_seat(view, attack['beneficiary'])}",
                )
            )
        )
    for offer in view.get("bribes") or []:
        parts.append(
            one_line(
                Text(
                    f"bribe: {_seat(view, offer['from'])} → {_seat(view, offer['to'])} "
                    f"{offer['amount']} food, {offer.get('status', '')}",
                    style="yellow",
                )
            )
        )
    for target, cards in sorted(view["seen_hands"].items(), key=lambda item: int(item[0])):
        parts.append(one_line(Text(f"{_seat(view, int(target))} showed you: {', '.join(cards)}")))
    hand = view["players"][view["you"]].get("hand") or []
    texts = card_texts(str(view["game"])) if hand else {}
    parts.append(Text(f"Your hand ({len(hand)}){':' if hand else ': empty'}", style="bold"))
    parts.extend(one_line(_card_line(card, texts)) for card in hand)
    status = _status(view)
    if status is not None:
        parts.append(one_line(status))
    return Group(*parts)


class DoomOnYouTable:
    """The table, drawn compactly or in full depending on the terminal's size."""

    def __init__(self, view: dict[str, Any]) -> None:
        # Both layouts are built now, so a view a layout cannot read fails here, not mid-print.
        self.full = full_table(view)
        self.compact = compact_table(view)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.compact if compact_wanted(console, options) else self.full


def render_table(view: dict[str, Any]) -> RenderableType:
    """The whole Doom On You table as ``view['you']`` sees it."""
    return DoomOnYouTable(view)
