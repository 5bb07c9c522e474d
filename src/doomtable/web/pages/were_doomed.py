"""The We're Doomed! table, from the view dict alone: the clock counting down, the Project and
the seats it buys, every leader's tokens and civilization, events in play, the viewer's own
clandestine cards, and any vote or pressure countdown under way."""

from __future__ import annotations

from typing import Any

from doomtable.web.pages.html import card, cards, definition_list, esc, items, section
from doomtable.web.pages.icons import icon


def clock_text(ms: int) -> str:
    """Minutes and seconds, as the countdown shows them."""
    seconds = max(0, ms) // 1000
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def _countdown(ms: int, label: str) -> str:
    """A countdown the page script keeps running between updates (``data-ms``)."""
    return (
        f'<time class="countdown" data-ms="{esc(max(0, ms))}" title="{esc(label)}">'
        f"{esc(clock_text(ms))}</time>"
    )


def _status(row: dict[str, Any], view: dict[str, Any]) -> str:
    if not row["alive"]:
        return f"{icon('dead')} dead"
    if row["aboard"]:
        return f"{icon('aboard')} aboard"
    if view.get("acting") == row["seat"]:
        return f"{icon('turn')} taking an action"
    if view["phase"] == "contribute":
        return f"{icon('done')} done" if row["done"] else f"{icon('waiting')} raising"
    return ""


def _vote(vote: int, view: dict[str, Any]) -> str:
    if vote < 0:
        return "not yet"
    if (view.get("vote") or {}).get("purpose") == "dilemma":
        return "yes" if vote == 1 else "no"
    return f"player {esc(vote)}"


def _seat(row: dict[str, Any], view: dict[str, Any], seat: int | None) -> str:
    number = row["seat"]
    tags = []
    if number == seat:
        tags.append('<span class="tag you">you</span>')
    if number == view.get("coin"):
        tags.append(f'<span class="tag">{icon("coin")} coin</span>')
    status = _status(row, view)
    if status:
        tags.append(f'<span class="tag">{status}</span>')
    if number in (view.get("winners") or []):
        tags.append(f'<span class="tag">{icon("star")} winner</span>')
    civilization = (
        card(str(row["civilization"]), str(row.get("bonus") or ""), css="civilization")
        if row["civilization"]
        else '<span class="none">not chosen</span>'
    )
    rows = [
        ("civilization", civilization),
        ("resources", f"{icon('resources')}{esc(row['resources'])}"),
        ("influence", f"{icon('influence')}{esc(row['influence'])}"),
        ("raising now", esc(row["contribution"] or 0)),
        ("given in all", esc(row["contributed_total"])),
        ("clandestine cards", esc(row["clandestine"])),
    ]
    if row.get("vote") is not None:
        rows.append(("vote", _vote(int(row["vote"]), view)))
    css = "seat" if row["alive"] else "seat out"
    return (
        f'<article class="{css}" data-seat="{esc(number)}"><h3>'
        f"{'you' if number == seat else f'player {esc(number)}'} {''.join(tags)}</h3>"
        f"{definition_list(rows)}</article>"
    )


def _under_way(view: dict[str, Any]) -> str:
    lines = []
    pressure = view.get("pressure")
    if pressure:
        lines.append(
            f"Player {esc(pressure['by'])} pressures player {esc(pressure['on'])} to act: "
            + _countdown(int(pressure["left_ms"]), "time left under pressure")
        )
    vote = view.get("vote")
    if vote:
        candidates = ", ".join(f"player {esc(c)}" for c in vote["candidates"])
        lines.append(
            f"Vote ({esc(vote['purpose'])}) on {candidates}: "
            + _countdown(int(vote["left_ms"]), "time left to vote")
        )
    return section("Under way", items(lines, "plain"), "countdowns") if lines else ""


def render(view: dict[str, Any], seat: int | None) -> str:
    left = int(view["remaining_ms"])
    if view.get("ended"):
        clock = "ended"
    elif view["phase"] == "setup":  # the clock starts once every leader has a civilization
        clock = f"<time>{esc(clock_text(left))}</time> (starts after setup)"
    else:
        clock = _countdown(left, "time left before the end")
    board = definition_list(
        [
            ("clock", clock),
            ("round", f"{esc(view['round'])}, {esc(view['phase'])} phase"),
            (
                "Project",
                f"{icon('resources')}{esc(view['project'])} {icon('arrow', 'buys')} "
                f"{esc(view['seats'])} seats",
            ),
            (
                "bags",
                f"{icon('resources')}{esc(view['bags']['resources'])} resources, "
                f"{icon('influence')}{esc(view['bags']['influence'])} influence",
            ),
            ("event deck", cards(view["deck_size"])),
        ]
    )
    parts = [section("We're Doomed!", board, "world")]
    parts.append(_under_way(view))
    players = "".join(_seat(row, view, seat) for row in view["players"])
    parts.append(section("Leaders", players, "seats"))
    in_play = items(card(str(e["name"]), str(e["text"]), css="event") for e in view["in_play"])
    parts.append(section("Events in play", in_play, "events"))
    if seat is not None and "hand" in view:
        hand = items(card(str(c["name"]), str(c["text"]), css="clandestine") for c in view["hand"])
        parts.append(section(f"Your clandestine cards ({len(view['hand'])})", hand, "hand"))
    if view["phase"] == "setup" and view.get("civilizations_left"):
        left_over = items(map(esc, view["civilizations_left"]), "plain")
        parts.append(section("Civilizations left", left_over))
    return "".join(parts)
