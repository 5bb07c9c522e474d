"""The browser table in Debian's Chromium, driven by Playwright against a real server process.

Kept to a few short games: browsers are slow on a shared two-core machine.
"""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from doomtable.engine import replay
from doomtable.web.store import Store
from web.conftest import Server

TIMEOUT_S = 120


def _decision(page: Page) -> int:
    return int(page.evaluate("Number(document.body.dataset.decision ?? -1)"))


def _wait_past(page: Page, decision: int) -> None:
    """Wait until the page shows a later decision (numbers only grow). An auto-waiting
    assertion, not ``wait_for_function``: a Content-Security-Policy without 'unsafe-eval'
    forbids the string evaluation that polls with."""
    expect(page.locator("body")).not_to_have_attribute(
        "data-decision", str(decision), timeout=30_000
    )


def _over(page: Page) -> bool:
    return bool(page.evaluate("document.body.dataset.over === 'true'"))


def _click_choice(page: Page, rng: random.Random, count: int) -> bool:
    """Click one of the ``count`` choices shown and wait for the table to move on; whether it
    could (a response window of a seat with auto-pass closes by itself, taking its choice
    away, maybe just before the click)."""
    before = _decision(page)
    try:
        page.locator("#options button").nth(rng.randrange(count)).click(timeout=2_000)
    except PlaywrightTimeoutError:
        return False
    _wait_past(page, before)
    return True


def _play(pages: list[Page], rng: random.Random, *, until: int | None = None) -> None:
    """Click a random choice wherever one is offered, until the game ends (or decision
    ``until`` is reached)."""
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        if all(_over(p) for p in pages):
            return
        if until is not None and _decision(pages[0]) >= until:
            return
        acted = False
        for page in pages:
            buttons = page.locator("#options button")
            count = buttons.count()
            if count == 0:
                continue
            acted = _click_choice(page, rng, count) or acted
        if not acted:
            time.sleep(0.05)
    raise AssertionError("the game did not finish in time")


def _wait_for_turn(page: Page, other: Page, rng: random.Random) -> None:
    """Let ``other`` play until ``page`` has a choice to make (then nothing moves without it)."""
    deadline = time.monotonic() + TIMEOUT_S
    while page.locator("#options button").count() == 0:
        assert time.monotonic() < deadline and not _over(page), "no turn came"
        count = other.locator("#options button").count()
        if not (count and _click_choice(other, rng, count)):
            time.sleep(0.05)


def _names(view_or_hand: list[dict[str, Any]]) -> set[str]:
    return {card["name"] for card in view_or_hand}


def test_two_humans_and_two_bots_play_doomlings_to_the_end(
    chromium: Browser, server: Server
) -> None:
    lobby = chromium.new_page()
    lobby.goto(server.url + "/")
    lobby.select_option("#game", "doomlings")
    lobby.fill("#players", "4")
    lobby.dispatch_event("#players", "change")
    lobby.select_option("select[name=seat3]", "bot:random")
    lobby.click("details summary")  # the deal's seed is tucked away
    lobby.fill("#seed", "2024")
    lobby.click("button[type=submit]")
    links = lobby.locator("#links a")
    expect(links).to_have_count(3)
    seat_urls = [links.nth(i).get_attribute("href") or "" for i in range(2)]
    watch_url = links.nth(2).get_attribute("href") or ""

    contexts = [chromium.new_context() for _ in range(3)]
    pages = [context.new_page() for context in contexts[:2]]
    frames: list[str] = []
    pages[1].on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))),
    )
    for page, url in zip(pages, seat_urls, strict=True):
        page.goto(server.url + url)
        expect(page.locator("#status")).not_to_have_text("Connecting…")
    expect(pages[0].locator("article.seat[data-seat='0'] .tag.you")).to_be_visible()
    expect(pages[1].locator("article.seat[data-seat='1'] .tag.you")).to_be_visible()

    spectator = contexts[2].new_page()
    spectator.goto(server.url + watch_url)
    expect(spectator.locator("#status")).not_to_have_text("Connecting…")
    expect(spectator.locator("section.hand")).to_have_count(0)
    expect(spectator.locator("#options button")).to_have_count(0)

    rng = random.Random(3)
    _play(pages, rng, until=25)

    # An illegal action and a stale one are refused with a message; nothing changes.
    page = pages[0]
    _wait_for_turn(page, pages[1], rng)
    before = _decision(page)
    page.evaluate("socket.send(JSON.stringify({type: 'act', decision, option: 999}))")
    expect(page.locator("#error")).not_to_be_empty()
    assert _decision(page) == before
    page.evaluate("socket.send(JSON.stringify({type: 'act', decision: decision - 1, option: 0}))")
    expect(page.locator("#error")).to_contain_text("pending")
    assert _decision(page) == before

    # A reload keeps the seat and the table exactly where it was.
    pages[0].reload()
    expect(pages[0].locator("article.seat[data-seat='0'] .tag.you")).to_be_visible()
    # (A response window may close by its timer meanwhile: the two pages then meet again.)
    deadline = time.monotonic() + 15
    while _decision(pages[0]) != _decision(pages[1]):
        assert time.monotonic() < deadline, "the reloaded page stays behind the table"
        pages[0].wait_for_timeout(100)

    _play(pages, rng)
    for page in pages:
        expect(page.locator("#result table")).to_be_visible()
        expect(page.locator("#status")).to_have_text("Game over")
    expect(spectator.locator("#status")).to_have_text("Game over")
    expect(pages[0].locator(".breakdown").first).to_be_visible()

    # The replay viewer steps through the finished game.
    replay_page = contexts[2].new_page()
    replay_page.goto(server.url + watch_url.replace("/watch/", "/replay/"))
    expect(replay_page.locator("#step")).to_contain_text("decision 0 of")
    replay_page.keyboard.press("ArrowRight")
    expect(replay_page.locator("#step")).to_contain_text("decision 1 of")
    replay_page.keyboard.press("End")
    expect(replay_page.locator("#status")).to_have_text("Game over")

    _no_frame_names_another_hand(server, watch_url.rsplit("/", 1)[1], frames, seat=1)
    for context in contexts:
        context.close()
    lobby.close()


def _no_frame_names_another_hand(
    server: Server, table_id: str, frames: list[str], seat: int
) -> None:
    """Each raw frame seat ``seat`` received names no card that was then in another hand,
    unless the seat could see that name anyway (its own view or its log lines)."""
    store = Store(server.database)
    stored = store.load(table_id)
    store.close()
    assert stored is not None
    checked = 0
    for frame in frames:
        message = json.loads(frame)
        if message.get("type") != "update":
            continue
        state = replay(
            stored.game,
            stored.players,
            stored.seed,
            stored.options,
            stored.log[: message["decision"]],
        )
        if state.is_over:
            continue  # the final scoring is public
        seen = json.dumps(state.view(seat)) + "\n".join(state.log_lines(seat))
        for other in range(stored.players):
            if other == seat:
                continue
            hidden = _names(state.view(other)["hand"])
            for name in hidden:
                pattern = re.compile(rf"\b{re.escape(name)}\b")
                if not pattern.search(seen):
                    assert not pattern.search(frame), f"frame names {name} from seat {other}"
                    checked += 1
    assert checked > 0


def test_kill_9_mid_game_then_restart_and_finish(chromium: Browser, server: Server) -> None:
    import httpx

    body = {
        "game": "doomlings",
        "players": 3,
        "seed": 77,
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
    }
    created = httpx.post(server.url + "/api/tables", json=body).json()
    contexts = [chromium.new_context() for _ in range(2)]
    pages = [context.new_page() for context in contexts]
    for page, invite in zip(pages, created["invites"], strict=True):
        page.goto(server.url + invite["url"])
    rng = random.Random(8)
    _play(pages, rng, until=20)
    stored_before = httpx.get(f"{server.url}/api/tables/{created['id']}").json()["decisions"]

    server.kill()
    expect(pages[0].locator("#status")).to_contain_text("reconnecting")
    server.start()
    for page in pages:  # the pages reconnect by themselves
        expect(page.locator("#status")).not_to_contain_text("reconnecting", timeout=15_000)
    # The bot seat may move again as the pages reconnect: wait until both pages show the
    # decision the server has, rather than comparing readings taken a moment apart.
    for _ in range(50):
        after = httpx.get(f"{server.url}/api/tables/{created['id']}").json()
        if _decision(pages[0]) == _decision(pages[1]) == after["decisions"]:
            break
        time.sleep(0.1)
    assert after["decisions"] >= stored_before
    assert _decision(pages[0]) == _decision(pages[1]) == after["decisions"]

    _play(pages, rng)
    final = httpx.get(f"{server.url}/api/tables/{created['id']}").json()
    assert final["over"] and final["winners"]
    store = Store(server.database)
    stored = store.load(created["id"])
    store.close()
    assert stored is not None
    rebuilt = replay(stored.game, stored.players, stored.seed, stored.options, stored.log)
    assert rebuilt.is_over and rebuilt.scores() == final["scores"]
    for context in contexts:
        context.close()


def test_were_doomed_runs_its_countdown_live(chromium: Browser, server: Server) -> None:
    import httpx

    bots = [{"kind": "bot", "bot": "random"}] * 3
    body = {"game": "were-doomed", "players": 4, "seed": 13, "seats": [{"kind": "human"}, *bots]}
    created = httpx.post(server.url + "/api/tables", json=body).json()
    context = chromium.new_context()
    page = context.new_page()
    page.goto(server.url + created["invites"][0]["url"])
    clock = page.locator("section.world time.countdown")
    deadline = time.monotonic() + TIMEOUT_S
    while clock.count() == 0:  # the clock starts once every leader has picked
        assert time.monotonic() < deadline, "the game clock never started"
        buttons = page.locator("#options button")
        if buttons.count():
            buttons.first.click()
        page.wait_for_timeout(200)
    # Between updates the page itself counts down: with the view left as drawn (a mark set
    # on it survives), the shown time falls as the wall clock runs.
    for _ in range(10):
        page.evaluate("document.querySelector('section.world').dataset.marked = 'yes'")
        first = clock.text_content() or ""
        page.wait_for_timeout(2_200)
        later = clock.text_content() or ""
        if page.locator("section.world[data-marked]").count():
            break
    else:
        raise AssertionError("the view was redrawn every time: no quiet spell to watch")
    seconds = [int(t[:2]) * 60 + int(t[3:]) for t in (first, later)]
    assert seconds[0] - seconds[1] >= 1, (first, later)
    context.close()
