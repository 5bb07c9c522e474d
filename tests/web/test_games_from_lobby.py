"""Every game made from the lobby page and played to the end by two people (one on a desktop,
one on a phone) and bots, in Debian's Chromium, with a screenshot of each size.

Set ``DOOMTABLE_SCREENSHOTS`` to a folder to keep the screenshots (docs/screenshots holds the
README's); otherwise they go to the test's temporary folder. Short options keep each game
brief: one attack round, a few turns each, a half-minute clock.
"""

from __future__ import annotations

import os
import random
import time
from contextlib import suppress
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from web.conftest import Server

EVERY_SET = "#option-sets input[type=checkbox]:not(:checked)"
GAMES: list[tuple[str, str, int, dict[str, str]]] = [
    ("doomlings", "doomlings", 3, {}),
    # Six seats and every card set: each box of the sets ticked on the lobby page.
    ("doomlings-sets", "doomlings", 6, {EVERY_SET: "check"}),
    ("doom-on-you", "doom-on-you", 3, {"#option-max_attack_rounds": "1"}),
    ("doom-pile", "doom-pile", 3, {"#option-max_turns": "3"}),
    ("were-doomed", "were-doomed", 4, {"#option-minutes": "0.5"}),
]
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def _over(page: Page) -> bool:
    return bool(page.evaluate("document.body.dataset.over === 'true'"))


@pytest.mark.parametrize(("label", "game", "players", "fields"), GAMES)
def test_a_game_made_in_the_lobby_is_played_to_the_end(
    chromium: Browser,
    server: Server,
    tmp_path: Path,
    label: str,
    game: str,
    players: int,
    fields: dict[str, str],
) -> None:
    lobby = chromium.new_page()
    lobby.goto(server.url + "/")
    expect(lobby.locator("body[data-ready=true]")).to_have_count(1)
    lobby.select_option("#game", game)
    lobby.fill("#players", str(players))
    lobby.fill("#table-name", "Screenshot table")
    lobby.fill("#seat-name0", "Ada")
    lobby.fill("#seat-name1", "Bo")
    for seat in range(2, players):
        lobby.select_option(f"#seat{seat}", "bot:random")
    for selector, value in fields.items():
        if value == "check":
            boxes = lobby.locator(selector)
            while boxes.count():
                boxes.first.check()
        else:
            lobby.fill(selector, value)
    lobby.click("button[type=submit]")
    links = lobby.locator("#links a")
    expect(links).to_have_count(3)
    urls = [links.nth(i).get_attribute("href") or "" for i in range(2)]
    pages = []
    for url, size in zip(urls, SIZES.values(), strict=True):
        page = chromium.new_context(viewport=size).new_page()  # type: ignore[arg-type]
        page.goto(server.url + url)
        pages.append(page)
    folder = Path(os.environ.get("DOOMTABLE_SCREENSHOTS") or tmp_path)
    rng = random.Random(label)
    shot_at = time.monotonic() + 3
    shots: dict[str, Path] = {}
    deadline = time.monotonic() + 25 * (players + 3)
    while not all(_over(page) for page in pages):
        assert time.monotonic() < deadline, f"{label} did not finish"
        for page, size in zip(pages, SIZES, strict=True):
            due = size not in shots and time.monotonic() > shot_at and not _over(page)
            if due and page.locator("#options button").count():  # mid-game, a choice to make
                shots[size] = folder / f"{label}-{size}.png"
                page.screenshot(path=str(shots[size]))
            buttons = page.locator("#options button")
            count = buttons.count()
            if count:
                # a choice may go away under the click (a window closing): then look again
                with suppress(PlaywrightTimeoutError, ValueError):
                    buttons.nth(rng.randrange(count)).click(timeout=2_000)
        time.sleep(0.05)
    for page, size in zip(pages, SIZES, strict=True):
        expect(page.locator("#result h2")).to_contain_text("win")
        expect(page.locator("#status")).to_have_text("Game over")
        if size not in shots:  # over before a mid-game moment came: the end screen, then
            shots[size] = folder / f"{label}-{size}.png"
            page.screenshot(path=str(shots[size]))
    assert all(path.stat().st_size > 10_000 for path in shots.values())
