"""The table page as players meet it, in Debian's Chromium: cards drawn as cards, chosen by
clicking them, the log following the game, chat, the end screen and play again, the phone
layout and We're Doomed!'s typing challenge."""

from __future__ import annotations

import json
import random
import re
import time
from contextlib import suppress
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from doomtable.engine import find_game
from web.conftest import Server

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
FONT_SYMBOLS = re.compile("[\u2190-\u2bff\u2600-\u27bf\U0001f300-\U0001faff]")
"""Arrows, shapes, dingbats and emoji: drawn by the viewer's fonts, so never on the table."""


def _table(server: Server, game: str, seats: list[dict[str, Any]], **extra: Any) -> Any:
    body = {"game": game, "players": len(seats), "seats": seats, "seed": 21, **extra}
    response = httpx.post(server.url + "/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def _open(chromium: Browser, server: Server, url: str, size: dict[str, int]) -> Page:
    page = chromium.new_context(viewport=size).new_page()  # type: ignore[arg-type]
    page.goto(server.url + url)
    expect(page.locator("#status")).not_to_have_text("Connecting…")
    return page


def _decision(page: Page) -> int:
    return int(page.evaluate("Number(document.body.dataset.decision ?? -1)"))


def _wait_past(page: Page, decision: int) -> None:
    """Wait until the page shows a later decision (numbers only grow). An auto-waiting
    assertion, not ``wait_for_function``: a Content-Security-Policy without 'unsafe-eval'
    forbids the string evaluation that polls with."""
    expect(page.locator("body")).not_to_have_attribute(
        "data-decision", str(decision), timeout=30_000
    )


def test_cards_are_drawn_as_cards_and_chosen_by_clicking_them(
    chromium: Browser, server: Server
) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * 2
    created = _table(server, "doomlings", [{"kind": "human"}, *bots])
    page = _open(chromium, server, created["invites"][0]["url"], DESKTOP)
    texts = {c["name"]: c["text"] for c in find_game("doomlings").cards()}
    deadline = time.monotonic() + 60
    while not page.locator("#dock-hand .card.choosable").count():
        assert time.monotonic() < deadline, "no card to choose came up"
        if page.locator("#options button").count():
            page.locator("#options button").first.click()
        page.wait_for_timeout(200)
    hand = page.locator("#dock-hand .card")
    first = hand.first
    name = first.get_attribute("data-card") or ""
    expect(first.locator(".card-name")).to_have_text(name)
    if texts[name]:
        expect(first.locator(".card-text")).to_have_text(texts[name])
    assert not FONT_SYMBOLS.search(page.locator("#view").inner_text())
    assert not FONT_SYMBOLS.search(page.locator("#status-bar").inner_text())

    # a card that exactly one choice names is that choice
    chosen = page.locator("#dock-hand .card.choosable").first
    label = (chosen.get_attribute("aria-label") or "").rsplit(" (choice", 1)[0]
    played = chosen.get_attribute("data-card") or ""
    assert played in label
    before = _decision(page)
    chosen.click()
    _wait_past(page, before)
    expect(page.locator("#log")).to_contain_text(f"player 0 plays {played}")

    # a card named in the log shows itself on hover
    reference = page.locator(f"#log .card-ref[data-card='{played}']").last
    reference.hover()
    expect(page.locator("#card-pop")).to_be_visible()
    expect(page.locator("#card-pop strong")).to_have_text(played)

    # the log follows the game, one block per turn, what is new since this seat's move marked
    deadline = time.monotonic() + 60
    while page.locator("#log li.new").count() == 0:
        assert time.monotonic() < deadline, "nothing new came after the move"
        page.wait_for_timeout(200)
    assert page.locator("#log .turn-group").count() >= 2
    at_end = page.evaluate(
        "(() => { const b = document.getElementById('log-box');"
        " return b.scrollHeight - b.scrollTop - b.clientHeight < 2; })()"
    )
    assert at_end


def test_seats_given_a_name_are_called_by_it(chromium: Browser, server: Server) -> None:
    """The game's words say "player 1"; the page says the name the seat was given (an unnamed
    seat keeps its number) in the log, the status line, the prompt and the view."""
    seats = [
        {"kind": "human", "name": "Ada"},
        {"kind": "bot", "bot": "random", "name": "Bo"},
        {"kind": "bot", "bot": "random"},
    ]
    created = _table(server, "doom-on-you", seats)
    page = _open(chromium, server, created["invites"][0]["url"], DESKTOP)
    log = page.locator("#log")
    wanted = ("Ada places", "Bo places", "player 2 places")
    deadline = time.monotonic() + 60
    while not all(words in log.inner_text() for words in wanted):
        assert time.monotonic() < deadline, f"the log never said all of {wanted}"
        if page.locator("#options button").count():
            page.locator("#options button").first.click()
        page.wait_for_timeout(200)
    shown = " ".join(
        page.locator(where).inner_text() for where in ("#log", "#status", "#prompt", "#view")
    )
    assert not re.search(r"\b[Pp]layer [01]\b", shown), shown
    expect(page.locator('article.seat[data-seat="1"] h3')).to_contain_text("Bo (seat 1)")


def test_chat_marks_seats_and_spectators_escapes_and_is_kept(
    chromium: Browser, server: Server
) -> None:
    created = _table(
        server,
        "doom-on-you",
        [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}],
        name="Duel",
    )
    ada = _open(chromium, server, created["invites"][0]["url"], DESKTOP)
    watcher = _open(chromium, server, created["watch_url"], PHONE)
    expect(watcher.locator("article.seat[data-seat='1'] h3")).to_contain_text("Bo (seat 1)")
    expect(watcher.locator("#options button")).to_have_count(0)
    expect(watcher.locator("#dock")).to_be_hidden()
    assert "Duel" in ada.title()

    ada.fill("#chat-text", "<b>hi</b> all")
    ada.press("#chat-text", "Enter")
    watcher.fill("#chat-text", "go Bo")
    watcher.press("#chat-text", "Enter")
    for page in (ada, watcher):
        lines = page.locator("#chat li")
        expect(lines).to_have_count(2)
        expect(lines.nth(0)).to_have_text("Ada (seat 0): <b>hi</b> all")
        expect(lines.nth(1)).to_have_text("Spectator: go Bo")
        expect(page.locator("#chat b")).to_have_count(0)

    # too fast: the sixth line at once is refused with a sentence, and not stored
    for n in range(5):
        ada.evaluate(f"socket.send(JSON.stringify({{type: 'chat', text: 'spam {n}'}}))")
    expect(ada.locator("#error")).to_have_text("you are chatting too fast: wait a moment")
    ada.reload()
    expect(ada.locator("#chat li")).to_have_count(6)


def test_the_end_shows_the_winner_first_and_play_again_keeps_the_seats(
    chromium: Browser, server: Server
) -> None:
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]
    created = _table(server, "doom-on-you", seats, options={"max_attack_rounds": 1})
    page = _open(chromium, server, created["invites"][0]["url"], PHONE)
    rng = random.Random(2)
    deadline = time.monotonic() + 90
    while page.evaluate("document.body.dataset.over") != "true":
        assert time.monotonic() < deadline, "the game did not end"
        buttons = page.locator("#options button")
        if buttons.count():
            # the choice may go away under the click (a window closing): then look again
            with suppress(PlaywrightTimeoutError, ValueError):
                buttons.nth(rng.randrange(buttons.count())).click(timeout=2_000)
        page.wait_for_timeout(100)
    final = httpx.get(f"{server.url}/api/tables/{created['id']}").json()
    winner = final["seats"][final["winners"][0]]["name"]
    title = page.locator("#result h2")
    expect(title).to_contain_text(f"{winner} wins!")
    # the result comes before the table itself
    assert page.evaluate(
        "document.getElementById('result').compareDocumentPosition("
        "document.getElementById('view')) & Node.DOCUMENT_POSITION_FOLLOWING"
    )
    page.click("#again")
    page.wait_for_url(re.compile(r"/table/(?!" + created["id"] + ")"))
    expect(page.locator("#status")).not_to_have_text("Connecting…")
    next_id = page.url.split("/table/")[1].split("#")[0]
    again = httpx.get(f"{server.url}/api/tables/{next_id}").json()
    assert [s["name"] for s in again["seats"]] == [s["name"] for s in final["seats"]]
    assert again["options"]["max_attack_rounds"] == 1 and again["decisions"] < 5
    assert httpx.get(f"{server.url}/api/tables/{created['id']}").json()["next_table"] == next_id
    expect(page.locator("article.seat[data-seat='0'] .tag.you")).to_be_visible()


def test_phone_layout_keeps_choices_at_the_bottom_and_nothing_sideways(
    chromium: Browser, server: Server
) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * 3
    created = _table(server, "were-doomed", [{"kind": "human"}, *bots])
    page = _open(chromium, server, created["invites"][0]["url"], PHONE)
    expect(page.locator("#options button").first).to_be_visible()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    dock = page.locator("#dock").bounding_box()
    assert dock is not None and abs(dock["y"] + dock["height"] - PHONE["height"]) < 2
    for box in (b.bounding_box() for b in page.locator("#options button").all()):
        assert box is not None and box["height"] >= 44


def test_a_card_beside_a_seats_facts_stays_inside_that_seat(
    chromium: Browser, server: Server
) -> None:
    """We're Doomed!'s civilization cards sit under their label, each inside its leader's
    column at a desktop's width (beside the label they ran over the next leader's facts)."""
    bots = [{"kind": "bot", "bot": "random"}] * 3
    created = _table(server, "were-doomed", [{"kind": "human"}, *bots])
    page = _open(chromium, server, created["invites"][0]["url"], DESKTOP)
    cards = page.locator("article.seat .civilization")
    deadline = time.monotonic() + 30
    while cards.count() < 4:  # each leader picks in turn: the bots at once, this seat here
        assert time.monotonic() < deadline, "the civilizations were not all picked"
        if page.locator("#options button").count():
            with suppress(PlaywrightTimeoutError):
                page.locator("#options button").first.click(timeout=2_000)
        page.wait_for_timeout(200)
    for card in cards.all():
        seat = card.locator("xpath=ancestor::article[1]").bounding_box()
        box = card.bounding_box()
        assert seat is not None and box is not None
        assert seat["x"] <= box["x"] and box["x"] + box["width"] <= seat["x"] + seat["width"]


def test_phone_hand_is_one_row_that_scrolls_sideways(chromium: Browser, server: Server) -> None:
    """Five cards in hand on a phone: one row in the dock, scrolled sideways, so the dock
    leaves most of the screen to the table (it took half of it with the cards wrapped)."""
    bots = [{"kind": "bot", "bot": "random"}] * 2
    created = _table(server, "doomlings", [{"kind": "human"}, *bots])
    page = _open(chromium, server, created["invites"][0]["url"], PHONE)
    hand = page.locator("#dock-hand .card")
    expect(hand).to_have_count(5)
    tops = {round((hand.nth(i).bounding_box() or {"y": -1})["y"]) for i in range(5)}
    assert len(tops) == 1, f"the hand wraps onto {len(tops)} rows"
    row = page.locator("#dock-hand .cards")
    assert row.evaluate("(list) => list.scrollWidth > list.clientWidth")
    panel = page.locator("#dock-hand").bounding_box()
    assert panel is not None and panel["height"] < PHONE["height"] / 4
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]


def test_a_typing_challenge_is_met_by_typing_the_phrase(chromium: Browser, server: Server) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * 3
    created = _table(server, "were-doomed", [{"kind": "human"}, *bots])
    page = _open(chromium, server, created["invites"][0]["url"], PHONE)
    # the page as a challenge reaches it: the phrase is one choice, giving up the other
    message = {
        "type": "update",
        "seat": 0,
        "decision": 7,
        "html": "",
        "log": [],
        "log_from": 1,
        "over": False,
        "kind": "challenge",
        "status": "Your decision: Type: doom is near",
        "prompt": "Type: doom is near",
        "options": ["doom is near", "give up"],
        "closes_in_ms": 10_000,
        "clock": {"lag_ms": 0},
        "auto_pass": True,
    }
    page.evaluate(
        "(m) => { window.sent = []; socket.send = (t) => window.sent.push(t); show(m); }",
        message,
    )
    expect(page.locator("#options button", has_text="doom is near")).to_have_count(0)
    expect(page.locator("#closes")).to_contain_text("Closes in 00:1")
    page.fill("#typed", "doom is far")
    page.press("#typed", "Enter")
    expect(page.locator(".typing .field-error")).to_contain_text("not the phrase")
    assert page.evaluate("window.sent") == []
    page.fill("#typed", "Doom  is near")
    page.press("#typed", "Enter")
    sent = [json.loads(text) for text in page.evaluate("window.sent")]
    assert sent == [{"type": "act", "decision": 7, "option": 0}]
