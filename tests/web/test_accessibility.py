"""axe-core (the pinned copy in web/static, MPL-2.0) finds no serious or critical violation on
the lobby, each game's table, the end screen and the replay viewer; the table plays from the
keyboard alone."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from web.conftest import Server

GAMES = [("doomlings", 3), ("doom-on-you", 3), ("doom-pile", 2), ("were-doomed", 4)]


def _violations(page: Page) -> list[str]:
    """Serious and critical axe-core findings on ``page``, one line each."""
    page.add_script_tag(url="/static/axe.min.js")  # same origin: allowed by the page's CSP
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def _wait_past(page: Page, decision: int) -> None:
    """Wait until the page shows a later decision (numbers only grow). An auto-waiting
    assertion, not ``wait_for_function``: a Content-Security-Policy without 'unsafe-eval'
    forbids the string evaluation that polls with."""
    expect(page.locator("body")).not_to_have_attribute(
        "data-decision", str(decision), timeout=30_000
    )


def _table(server: Server, game: str, seats: list[dict[str, Any]], **extra: Any) -> Any:
    body = {"game": game, "players": len(seats), "seats": seats, "seed": 8, **extra}
    response = httpx.post(server.url + "/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def test_the_lobby_has_no_serious_violation(chromium: Browser, server: Server) -> None:
    page = chromium.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url + "/")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    page.select_option("#game", "doom-pile")
    page.select_option("#deck0", "file")
    assert _violations(page) == []


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_each_games_table_has_no_serious_violation(
    chromium: Browser, server: Server, game: str, players: int
) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * (players - 1)
    created = _table(server, game, [{"kind": "human"}, *bots])
    page = chromium.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server.url + created["invites"][0]["url"])
    expect(page.locator("#options button").first).to_be_visible()
    assert _violations(page) == []


def test_the_end_screen_and_the_replay_have_no_serious_violation(
    chromium: Browser, server: Server
) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * 2
    created = _table(server, "doom-on-you", bots, options={"max_attack_rounds": 1})
    deadline = time.monotonic() + 60
    while not httpx.get(f"{server.url}/api/tables/{created['id']}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    page = chromium.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url + created["watch_url"])
    expect(page.locator("#result h2")).to_be_visible()
    assert _violations(page) == []
    page.goto(server.url + created["replay_url"])
    expect(page.locator("#step")).to_contain_text("decision 0 of")
    page.keyboard.press("End")
    expect(page.locator("#status")).to_have_text("Game over")
    assert _violations(page) == []


def test_a_game_plays_from_the_keyboard_alone(chromium: Browser, server: Server) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * 2
    created = _table(server, "doomlings", [{"kind": "human"}, *bots])
    page = chromium.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server.url + created["invites"][0]["url"])
    expect(page.locator("#options button").first).to_be_visible()
    # a card that a choice names: reached with Tab, chosen with Enter
    card = page.locator("#dock-hand .card.choosable").first
    expect(card).to_be_visible()
    played = card.get_attribute("data-card")
    before = int(page.evaluate("document.body.dataset.decision"))
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.card || ''") == played:
            break
    else:
        raise AssertionError(f"Tab never reached {played}")
    page.keyboard.press("Enter")
    _wait_past(page, before)
    expect(page.locator("#log")).to_contain_text(f"player 0 plays {played}")
    # number keys choose too, wherever the focus is outside a text field
    deadline = time.monotonic() + 60
    while page.locator("#options button").count() == 0:
        assert time.monotonic() < deadline, "no second choice came"
        page.wait_for_timeout(100)
    before = int(page.evaluate("document.body.dataset.decision"))
    page.keyboard.press("1")
    _wait_past(page, before)
