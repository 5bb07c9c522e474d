"""The score page (``/score``): its API, the sources it runs in the browser, and the page
itself in Debian's Chromium at a phone's size."""

from __future__ import annotations

import base64
import io
import json
import os
import re
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, BrowserContext, Page, expect
from typer.testing import CliRunner

from doomtable.cli.app import app as cli_app
from doomtable.games.doomlings.data import TRAITS
from doomtable.games.doomlings.tally import TIE_DRAW_RANGE
from doomtable.web.app import create_app
from doomtable.web.security import SCORE_PAGE_POLICY
from web.conftest import Server

BOARD: dict[str, Any] = {
    # The fields of the sheets written before World's End questions came from the cards
    # (viral=, faith=, denial=, sentience=): kept, so old files and links still load.
    "catastrophe": "Ice Age",
    "players": [
        {
            "name": "Ann",
            "traits": ["Viral", "Heroic", "Bark", "Leaves", "Woody Stems", "Deep Roots"],
            "viral": "red",
            "hand": 2,
        },
        {
            "name": "Bob",
            "traits": "Kidney x2, Fangs, Faith, Denial",
            "faith": "red > blue",
            "denial": "yes",
        },
        {
            "name": "Cy",
            "traits": ["Camouflage", "Antlers", "Quick", "Sentience"],
            "hand": ["Gills", "Spiny"],
            "gene_pool": 6,
            "sentience": "red",
        },
    ],
}

KIDNEY = "Kidney (Classic, red)"
"""The base set's Kidney as the sheet keeps it (Overlush prints a green one)."""
TIE_DRAW_LABEL = f"Tie-break draw: face value ({TIE_DRAW_RANGE.start} to {TIE_DRAW_RANGE.stop - 1})"
"""Every set's face values (Mythlings' Effigial is below the base set's lowest, -2)."""


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    app = create_app(str(tmp_path_factory.mktemp("score") / "t.sqlite"), bot_processes=False)
    with TestClient(app) as test_client:
        yield test_client


def cli_json(board: dict[str, Any], tmp_path: Path) -> Any:
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board))
    result = CliRunner().invoke(cli_app, ["score", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_api_scores_as_the_cli_does(client: TestClient, tmp_path: Path) -> None:
    answer = client.post("/api/score", json=BOARD)
    assert answer.status_code == 200
    body = answer.json()
    assert body["report"] == cli_json(BOARD, tmp_path)
    assert [p["score"] for p in body["report"]["players"]] == [15, 13, 7]  # docs/score.md
    assert body["error"] is None
    assert body["needs"] == [[], [], ["HAND_SIZE"]]
    asked = [[(q["key"], q["answer"], q["optional"]) for q in p] for p in body["questions"]]
    assert asked == [
        [("Viral", "color red", False)],
        [("Denial", "yes", False), ("Faith", "recolor red to blue", False)],
        [("Sentience", "color red", False)],
    ]


FREE_WILL: dict[str, Any] = {
    # Ann: Free Will (Multi-Color, colourless 2) turned red, Fangs (red 1): Ice Age -2.
    # 3 - 2 = 1. Bob: Bark 2, Leaves 1 = 3, no red.
    "catastrophe": "Ice Age",
    "sets": ["base", "multicolor"],
    "players": [
        {"name": "Ann", "traits": ["Free Will", "Fangs"], "choices": {"Free Will": "red"}},
        {"name": "Bob", "traits": ["Bark", "Leaves"]},
    ],
}


def test_free_will_is_asked_and_scored_by_the_api_and_the_cli(
    client: TestClient, tmp_path: Path
) -> None:
    unanswered = {**FREE_WILL, "players": [{"name": "Ann", "traits": "Free Will, Fangs"}]}
    base_only = {**unanswered, "sets": "base"}
    assert client.post("/api/score", json=base_only).json()["error"] == (
        "Free Will is a card of Multi-Color (set multicolor), which is not among the sets in "
        "play (base)"
    )
    body = client.post("/api/score", json=unanswered).json()
    assert body["error"] == (
        "Ann's Free Will asks 'name a color': give free_will= one of blue, green, purple, red, none"
    )
    (question,) = body["questions"][0]
    assert question["short"] == ["blue", "green", "purple", "red", "none"]
    answer = client.post("/api/score", json=FREE_WILL)
    assert answer.status_code == 200
    report = answer.json()["report"]
    assert report == cli_json(FREE_WILL, tmp_path)
    ann = report["players"][0]
    assert (ann["score"], ann["breakdown"]["catastrophe"]) == (1, -2)
    assert ann["choices"] == {"Free Will": "color red"}
    # Blue instead: Ice Age takes 1 (Fangs) only.
    blue = {**FREE_WILL, "players": [{**FREE_WILL["players"][0], "free-will": "blue"}]}
    del blue["players"][0]["choices"]
    assert client.post("/api/score", json=blue).json()["report"]["players"][0]["score"] == 2


def test_api_refuses_bad_boards_in_one_line(client: TestClient) -> None:
    wrong = client.post("/api/score", json={**BOARD, "catastrophe": "Birth of Lief"})
    assert wrong.status_code == 422
    assert wrong.json()["error"] == "unknown catastrophe 'Birth of Lief'"
    assert wrong.json()["report"] is None
    not_json = client.post("/api/score", content=b"{players", headers={"content-type": "text"})
    assert not_json.status_code == 400
    assert not_json.json()["detail"] == "the body is not JSON: send the board as a JSON object"
    huge = client.post("/api/score", content=b"[" + b"1," * 40_000 + b"1]")
    assert huge.status_code == 413
    assert huge.json()["detail"] == "a board is at most 64 KiB"


def test_cards_come_from_the_game(client: TestClient) -> None:
    from doomtable.games.doomlings.data import AGE_SET, AGES, TRAITS

    cards = client.get("/api/score/cards").json()
    assert [t["name"] for t in cards["traits"]] == [t.name for t in TRAITS]
    # Every set's: the base set's 15, then the expansions' (Invasive Species among them).
    names = [c["name"] for c in cards["catastrophes"]]
    assert names == [a.name for a in AGES if a.catastrophe] and len(names) > 15
    assert sum(1 for i, a in enumerate(AGES) if a.catastrophe and AGE_SET[i] == "base") == 15
    assert "Invasive Species" in names


def test_zip_holds_everything_the_scorer_imports(client: TestClient, tmp_path: Path) -> None:
    """Only the zip and the standard library on the path (no site-packages), as in Pyodide."""
    answer = client.get("/score/doomtable.zip")
    assert answer.status_code == 200
    zipfile.ZipFile(io.BytesIO(answer.content)).extractall(tmp_path)
    code = (
        "import json, sys; from doomtable.games.doomlings.sheet import sheet; "
        "print(json.dumps(sheet(json.loads(sys.stdin.read()))))"
    )
    run = subprocess.run(
        [sys.executable, "-I", "-S", "-c", f"import sys; sys.path.insert(0, '.'); {code}"],
        cwd=tmp_path,
        input=json.dumps(BOARD),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == client.post("/api/score", json=BOARD).json()


def test_page_files_are_served(client: TestClient) -> None:
    page = client.get("/score")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "<script>" not in page.text and "onclick" not in page.text
    worker = client.get("/score-sw.js")
    assert worker.headers["content-type"].startswith("text/javascript")
    assert re.search(r'const CACHE = "doomtable-score-[0-9a-f]{16}";', worker.text)
    manifest = client.get("/score/manifest.webmanifest").json()
    assert manifest["start_url"] == "/score"
    assert client.get("/score/nothing.js").status_code == 404
    assert client.get("/score/pyodide/../score.py").status_code == 404
    wasm = client.get("/score/pyodide/pyodide.asm.wasm")
    assert wasm.status_code == 200 and wasm.headers["content-type"] == "application/wasm"
    assert wasm.content[:4] == b"\0asm"


# --------------------------------------------------------------------------- the page

PHONE = {"width": 390, "height": 844}
PYODIDE = Path(__file__).parents[2] / "build/pyodide/pyodide.mjs"
TABLE: dict[str, Any] = {
    "catastrophe": "Ice Age",
    "players": [
        {"name": "Ann", "traits": ["Viral", "Heroic", "Bark", "Leaves"], "viral": "red"},
        {
            "name": "Bob",
            "traits": ["Kidney", "Kidney", "Fangs", "Faith", "Denial"],
            "faith": "red>blue",
            "denial": True,
        },
        {
            "name": "Cy",
            "traits": ["Camouflage", "Antlers", "Quick", "Sentience"],
            "hand_size": 2,
            "sentience": "red",
        },
        {
            "name": "Dee",
            "traits": ["Saudade", "Altruistic", "Swarm"],
            "hand": ["Gills", "Spiny"],
            "gene_pool": 6,
        },
    ],
}
"""The 4-player board the test taps in; the CLI scores the same board."""


@pytest.fixture(scope="module")
def score_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    if not PYODIDE.exists():
        pytest.fail(f"{PYODIDE} is missing: run `make pyodide` (make test does)")
    running = Server(str(tmp_path_factory.mktemp("score-web") / "tables.sqlite"))
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def context(chromium: Browser) -> Iterator[BrowserContext]:
    made = chromium.new_context(viewport=PHONE, accept_downloads=True)
    yield made
    made.close()


def settled(page: Page) -> None:
    """Wait until the last change is scored."""
    page.wait_for_timeout(100)  # the page gathers quick changes for 60 ms
    expect(page.locator("body")).to_have_attribute("data-busy", "false", timeout=30_000)


def player(page: Page, i: int) -> Any:
    return page.locator(".player").nth(i)


def tap_card(box: Any, typed: str, card: str) -> None:
    """Type a few letters into the box's search and tap the suggestion."""
    box.locator(".find").fill(typed)
    box.locator(f'.suggestions button[data-card="{card}"]').click()


def tick_sets(page: Page, titles: Sequence[str]) -> None:
    """Open the set picker, tick each set by its title, close it."""
    page.locator(".sets-box summary").click()
    for title in titles:
        page.get_by_label(title, exact=True).check()
    page.locator(".sets-box summary").click()


def tap_piles(page: Page, players: Sequence[dict[str, Any]]) -> None:
    """Name each player and tap in their pile, a card at a time (a few letters each)."""
    for i, entered in enumerate(players):
        box = player(page, i)
        box.locator(".player-name").fill(entered["name"])
        for card in entered["traits"]:
            tap_card(box.locator(".pile-box"), card[:4].lower(), card)
    settled(page)


def answer(box: Any, question: str, option: str) -> None:
    """Tap an option of a World's End question, and wait for the page to redraw it."""
    group = box.locator(f'.question[data-question="{question}"]')
    group.get_by_role("button", name=option, exact=True).click()
    expect(group.get_by_role("button", name=option, exact=True)).to_have_attribute(
        "aria-pressed", "true", timeout=30_000
    )


def totals(page: Page) -> list[int]:
    return [int(t) for t in page.locator(".player .total").all_text_contents()]


@pytest.fixture(scope="module")
def entered(context: BrowserContext, score_server: Server) -> Page:
    """The 4-player game of TABLE entered at a phone's size by tapping only."""
    page = context.new_page()
    page.goto(f"{score_server.url}/score")
    settled(page)
    page.select_option("#catastrophe", "Ice Age")
    page.locator("#add-player").click()
    page.locator("#add-player").click()
    for i, name in enumerate(["Ann", "Bob", "Cy", "Dee"]):
        player(page, i).locator(".player-name").fill(name)
    ann, bob, cy, dee = (player(page, i) for i in range(4))
    piles = [p.locator(".pile-box") for p in (ann, bob, cy, dee)]
    for typed, card in [("vir", "Viral"), ("hero", "Heroic"), ("bark", "Bark"), ("leav", "Leaves")]:
        tap_card(piles[0], typed, card)
    # Misspelt: still found. Overlush prints a Kidney too: the sheet keeps the base set's
    # design by its label, and shows its name alone while the base set is the only one in play.
    tap_card(piles[1], "kidny", KIDNEY)
    for typed, card in [("fang", "Fangs"), ("fait", "Faith"), ("deni", "Denial")]:
        tap_card(piles[1], typed, card)
    bob.locator(".pile button", has_text="Kidney").click()  # tap the card: change its count
    bob.locator(".chip-edit button", has_text="+1").click()
    for typed, card in [("camo", "Camouflage"), ("antl", "Antlers"), ("quic", "Quick")]:
        tap_card(piles[2], typed, card)
    tap_card(piles[2], "sent", "Sentience")
    # Overlush prints Swarms too: the base set's is named by its design.
    swarm = "Swarm (Classic, green)"
    for typed, card in [("saud", "Saudade"), ("altru", "Altruistic"), ("swar", swarm)]:
        tap_card(piles[3], typed, card)
    tap_card(piles[3], "bark", "Bark")  # a wrong card, taken out again
    dee.locator(".pile button", has_text="Bark").click()
    dee.locator(".chip-edit button", has_text="Remove").click()
    settled(page)
    # What the cards need appears only now, each under its player; World's End questions
    # are the game's own, one button per option.
    answer(ann, "Viral", "red")
    answer(bob, "Faith", "red to blue")
    answer(bob, "Denial", "yes")
    cy.get_by_label("Cards in hand").fill("2")
    answer(cy, "Sentience", "red")
    tap_card(dee.locator(".hand-box"), "gill", "Gills")
    tap_card(dee.locator(".hand-box"), "spin", "Spiny")
    dee.get_by_label("Gene Pool (1–8)").fill("6")
    settled(page)
    return page


def test_four_players_tapped_in_score_as_the_cli(entered: Page, tmp_path: Path) -> None:
    page = entered
    expected = cli_json(TABLE, tmp_path)
    assert page.locator("#error").text_content() == ""
    assert totals(page) == [p["score"] for p in expected["players"]]
    best = max(p["score"] for p in expected["players"])
    assert expected["winners"] == ["Bob"]
    assert page.locator("#winner").text_content() == f"Winner: Bob with {best} points"
    rows = player(page, 1).locator(".breakdown li").all_text_contents()
    assert "Kidney ×2+4" in rows  # each Kidney counts both
    # Each pile card shows what it brought: its face value and its own bonus.
    assert player(page, 1).locator(f'.pile button[data-card="{KIDNEY}"]').text_content() == (
        "RKidney ×2 +4"
    )
    assert player(page, 0).locator('.pile button[data-card="Bark"]').text_content() == "GBark +2"
    # Once Pyodide has loaded, the page scores in the browser, with the same result.
    expect(page.locator("body")).to_have_attribute("data-python", "ready", timeout=120_000)
    settled(page)
    assert page.evaluate("document.body.dataset.scorer") == "pyodide"
    assert totals(page) == [p["score"] for p in expected["players"]]


def test_phone_layout(entered: Page) -> None:
    page = entered
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    small = page.evaluate(
        """[...document.querySelectorAll('button, select, input:not([type=checkbox])')]
        .filter((e) => e.offsetParent !== null)
        .filter((e) => e.getBoundingClientRect().height < 44).map((e) => e.outerHTML)"""
    )
    assert small == []


def test_search_is_forgiving_and_offers_recent_cards_first(entered: Page) -> None:
    pile = player(entered, 0).locator(".pile-box")
    pile.locator(".find").fill("")
    offered = pile.locator(".suggestions button").evaluate_all(
        "(all) => all.map((b) => b.dataset.card)"
    )
    # The last cards tapped anywhere (the base set's Swarm by its design's label).
    assert offered == ["Spiny", "Gills", "Bark", "Swarm (Classic, green)"]
    pile.locator(".find").fill("pak behav")
    assert pile.locator(".suggestions button").first.get_attribute("data-card") == "Pack Behavior"
    expect(pile.locator(".suggestions .textless")).to_have_count(0)
    # A real card without known text is named, with why it cannot be added.
    pile.locator(".find").fill("tube f")
    expect(pile.locator(".suggestions .textless")).to_have_text(
        "Tube Feet: a Special Edition card whose text doomtable does not have, so it cannot be "
        "scored here"
    )
    pile.locator(".find").fill("")


def test_export_reads_back_in_the_cli(entered: Page, tmp_path: Path) -> None:
    with entered.expect_download() as download:
        entered.locator("#export").click()
    path = tmp_path / "sheet.json"
    download.value.save_as(path)
    result = CliRunner().invoke(cli_app, ["score", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert [p["score"] for p in json.loads(result.output)["players"]] == totals(entered)


def test_share_link_opens_the_same_sheet(entered: Page, chromium: Browser) -> None:
    entered.locator("#share").click()
    link = entered.locator("#share-link").get_attribute("href")
    assert link is not None and "/score#sheet=" in link
    fresh = chromium.new_context(viewport=PHONE)
    try:
        page = fresh.new_page()
        page.goto(link)
        settled(page)
        names = page.locator(".player-name").evaluate_all("(all) => all.map((e) => e.value)")
        assert names == ["Ann", "Bob", "Cy", "Dee"]
        assert (
            page.locator(".player .pile").all_text_contents()
            == entered.locator(".player .pile").all_text_contents()
        )
        assert totals(page) == totals(entered)
        assert page.url.endswith("/score")  # the sheet left the address bar once read
    finally:
        fresh.close()


def test_players_send_their_own_piles_from_their_phones_to_one_sheet(
    chromium: Browser, score_server: Server, tmp_path: Path
) -> None:
    """Each player enters their own pile on their own phone and sends its link; the phone
    keeping the sheet is asked before anything changes, adds each pile, and scores as the
    CLI does. A pile sent again replaces the sender's; "Open it instead" replaces the sheet."""
    keeper, bobs_phone = (chromium.new_context(viewport=PHONE) for _ in range(2))
    try:
        page = keeper.new_page()
        page.goto(f"{score_server.url}/score")
        settled(page)
        page.select_option("#catastrophe", "Ice Age")
        tap_piles(page, [{"name": "Ann", "traits": ["Heroic", "Bark"]}])
        bob = bobs_phone.new_page()
        bob.goto(f"{score_server.url}/score")
        settled(bob)
        tap_piles(bob, [{"name": "Bob", "traits": ["Fangs", "Leaves", "Quick"]}])

        def link_from_bob() -> str:
            bob.locator("#share").click()
            link = bob.locator("#share-link").get_attribute("href")
            assert link is not None
            return link

        def names() -> list[str]:
            return cast(
                list[str],
                page.locator(".player-name").evaluate_all("(all) => all.map((e) => e.value)"),
            )

        first = link_from_bob()
        page.goto(first)
        settled(page)
        expect(page.locator("#linked-text")).to_have_text(
            "The link holds Bob (3 cards). This browser's sheet has cards too."
        )
        assert names() == ["Ann", "Player 2"]  # nothing replaced before the answer
        page.locator("#link-add").click()
        settled(page)
        expect(page.locator("#linked-text")).to_have_text("Added Bob to this sheet.")
        assert names() == ["Ann", "Bob"]
        page.get_by_role("button", name="Close").click()
        expect(page.locator("#linked")).to_be_hidden()

        tap_card(player(bob, 0).locator(".pile-box"), "antl", "Antlers")
        settled(bob)
        page.goto(link_from_bob())
        settled(page)
        page.locator("#link-add").click()
        settled(page)
        assert names() == ["Ann", "Bob"]
        board = {
            "catastrophe": "Ice Age",
            "players": [
                {"name": "Ann", "traits": ["Heroic", "Bark"]},
                {"name": "Bob", "traits": ["Fangs", "Leaves", "Quick", "Antlers"]},
            ],
        }
        expected = [p["score"] for p in cli_json(board, tmp_path)["players"]]
        assert totals(page) == expected

        page.goto(first)
        settled(page)
        page.locator("#link-open").click()
        settled(page)
        assert names() == ["Bob", "Player 2"]
        chips = player(page, 0).locator(".pile button").all_text_contents()
        assert len(chips) == 3 and not any("Antlers" in chip for chip in chips)  # the first link
    finally:
        keeper.close()
        bobs_phone.close()


def test_offline_reload_keeps_the_sheet_and_scores_in_the_browser(
    entered: Page, context: BrowserContext
) -> None:
    page = entered
    # Polled through Playwright's evaluate: the page's policy forbids evaluating strings in it.
    deadline = time.monotonic() + 30
    while page.evaluate("navigator.serviceWorker.controller === null"):
        assert time.monotonic() < deadline, "the service worker never took the page"
        page.wait_for_timeout(200)
    before = totals(page)
    context.set_offline(True)
    try:
        page.reload()
        expect(page.locator("body")).to_have_attribute("data-python", "ready", timeout=120_000)
        settled(page)
        names = page.locator(".player-name").evaluate_all("(all) => all.map((e) => e.value)")
        assert names == ["Ann", "Bob", "Cy", "Dee"]
        assert page.locator("#error").text_content() == ""
        assert totals(page) == before
        # Fire Skin is red, face 3: under Ice Age, +3 - 1.
        tap_card(player(page, 0).locator(".pile-box"), "fire", "Fire Skin")
        settled(page)
        assert page.evaluate("document.body.dataset.scorer") == "pyodide"
        assert page.locator("#error").text_content() == ""
        assert totals(page)[0] == before[0] + 2
    finally:
        context.set_offline(False)


def test_page_scores_in_pyodide_under_a_strict_csp(chromium: Browser, score_server: Server) -> None:
    # The server's own policy for the page: no inline script, WebAssembly allowed.
    sent = httpx.get(f"{score_server.url}/score").headers["content-security-policy"]
    assert sent == SCORE_PAGE_POLICY and "'unsafe-inline'" not in sent
    fresh = chromium.new_context(viewport=PHONE)
    violations: list[str] = []
    try:
        page = fresh.new_page()
        page.on(
            "console",
            lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
        )
        page.goto(f"{score_server.url}/score")
        # Polled from Playwright's own world: the policy forbids the page evaluating strings.
        expect(page.locator("body")).to_have_attribute("data-python", "ready", timeout=120_000)
        page.select_option("#catastrophe", "Ice Age")
        tap_card(player(page, 0).locator(".pile-box"), "bark", "Bark")  # green, face 2
        expect(player(page, 0).locator(".total")).to_have_text("2")
        expect(page.locator("body")).to_have_attribute("data-scorer", "pyodide")
        assert violations == []
    finally:
        fresh.close()


def test_a_tie_broken_by_draws(chromium: Browser, score_server: Server) -> None:
    fresh = chromium.new_context(viewport=PHONE)
    try:
        page = fresh.new_page()
        page.goto(f"{score_server.url}/score")
        settled(page)
        page.select_option("#catastrophe", "Ice Age")
        tap_card(player(page, 0).locator(".pile-box"), "bark", "Bark")  # green, face 2
        tap_card(player(page, 1).locator(".pile-box"), "migr", "Migratory")  # blue, face 2
        settled(page)
        assert (
            page.locator("#winner").text_content() == "Tie: Player 1, Player 2 with 2 points each"
        )
        assert player(page, 0).get_by_label(TIE_DRAW_LABEL).count() == 0
        page.locator("#tie-draw").check()
        settled(page)
        player(page, 0).get_by_label(TIE_DRAW_LABEL).fill("3")
        settled(page)
        assert page.locator("#error").text_content() == (
            "Player 2 tied for the lead too: give their tie draw"
        )
        player(page, 1).get_by_label(TIE_DRAW_LABEL).fill("1")
        settled(page)
        assert page.locator("#winner").text_content() == "Winner: Player 1 with 2 points"
    finally:
        fresh.close()


def test_world_end_choices_follow_the_catastrophe(chromium: Browser, score_server: Server) -> None:
    fresh = chromium.new_context(viewport=PHONE)
    try:
        page = fresh.new_page()
        page.goto(f"{score_server.url}/score")
        settled(page)
        page.select_option("#catastrophe", "Mega Tsunami")
        tap_card(player(page, 0).locator(".pile-box"), "antl", "Antlers")  # red, face 3
        tap_card(player(page, 0).locator(".pile-box"), "fang", "Fangs")  # red, face 1
        tap_card(player(page, 1).locator(".pile-box"), "bark", "Bark")  # green, face 2
        settled(page)
        discard = player(page, 0).locator(""".question[data-question="World's End"]""")
        assert discard.locator("legend").text_content() == (
            "World's End (Mega Tsunami): discard a red trait from your pile"
        )
        assert discard.locator("button").all_text_contents() == ["Antlers", "Fangs"]
        assert player(page, 1).locator(".question").count() == 0
        answer(player(page, 0), "World's End", "Fangs")
        settled(page)
        assert totals(page) == [3, 2]
        assert (
            "Discarded Fangs (Mega Tsunami)" in player(page, 0).locator(".breakdown").inner_text()
        )
        # Another catastrophe asks other questions: the discard goes, the draws come.
        page.select_option("#catastrophe", "Deus Ex Machina")
        settled(page)
        assert player(page, 0).locator(".question").count() == 0
        assert page.locator("#error").text_content() == (
            "the world ends with Deus Ex Machina: give the value Player 1 drew"
        )
        player(page, 0).get_by_label("Deus Ex Machina draw (-3 to 5)").fill("5")
        player(page, 1).get_by_label("Deus Ex Machina draw (-3 to 5)").fill("0")
        settled(page)
        assert totals(page) == [9, 2]
        assert page.locator("#winner").text_content() == "Winner: Player 1 with 9 points"
    finally:
        fresh.close()


OLD_SHEET: dict[str, Any] = {
    # A sheet as the page kept and shared it before World's End questions came from the
    # cards: one field per base card.
    "catastrophe": "Ice Age",
    "tieDraw": False,
    "players": [
        {
            "name": "Ann",
            "traits": ["Viral", "Bark"],
            "hand": [],
            "hand_size": None,
            "gene_pool": None,
            "sentience": "",
            "viral": "green",
            "faith_from": "",
            "faith_to": "",
            "prepper": "",
            "denial": False,
            "deus": None,
            "discarded": "",
            "tie_draw": None,
        },
        {
            "name": "Bob",
            "traits": ["Faith", "Fangs", "Leaves"],
            "hand": [],
            "hand_size": None,
            "gene_pool": None,
            "sentience": "",
            "viral": "",
            "faith_from": "red",
            "faith_to": "blue",
            "prepper": "",
            "denial": False,
            "deus": None,
            "discarded": "",
            "tie_draw": None,
        },
    ],
}


def test_an_old_share_link_opens_with_its_answers(chromium: Browser, score_server: Server) -> None:
    # Ann: Viral 2 + Bark 2 = 4, no red. Bob: Faith 4 + Fangs 1 + Leaves 1 = 6, Fangs turned
    # blue (no Ice Age penalty), and Ann's Viral on green takes 1 (Leaves): 5.
    encoded = base64.urlsafe_b64encode(json.dumps(OLD_SHEET).encode()).decode().rstrip("=")
    fresh = chromium.new_context(viewport=PHONE)
    try:
        page = fresh.new_page()
        page.goto(f"{score_server.url}/score#sheet={encoded}")
        settled(page)
        assert page.locator("#error").text_content() == ""
        assert totals(page) == [4, 5]
        pressed = player(page, 1).locator('.question[data-question="Faith"] [aria-pressed=true]')
        assert pressed.text_content() == "red to blue"
    finally:
        fresh.close()


def test_free_will_is_tapped_in_on_the_page(
    chromium: Browser, score_server: Server, tmp_path: Path
) -> None:
    fresh = chromium.new_context(viewport=PHONE)
    try:
        page = fresh.new_page()
        page.goto(f"{score_server.url}/score")
        settled(page)
        page.select_option("#catastrophe", "Ice Age")
        ann, bob = player(page, 0), player(page, 1)
        ann.locator(".pile-box .find").fill("free w")
        expect(ann.locator(".suggestions button")).to_have_count(0)  # the base set alone
        page.locator(".sets-box summary").click()
        page.get_by_label("Multi-Color").check()
        expect(page.locator("#sets-summary")).to_have_text("Classic, Multi-Color")
        tap_card(ann.locator(".pile-box"), "free w", "Free Will")
        tap_card(ann.locator(".pile-box"), "fang", "Fangs")
        tap_card(bob.locator(".pile-box"), "bark", "Bark")
        tap_card(bob.locator(".pile-box"), "leav", "Leaves")
        settled(page)
        assert page.locator("#error").text_content() == (
            "Player 1's Free Will asks 'name a color': give free_will= one of blue, green, "
            "purple, red, none"
        )
        answer(ann, "Free Will", "red")
        settled(page)
        expected = cli_json(
            {
                **FREE_WILL,
                "players": [
                    {**p, "name": f"Player {i + 1}"} for i, p in enumerate(FREE_WILL["players"])
                ],
            },
            tmp_path,
        )
        assert totals(page) == [p["score"] for p in expected["players"]] == [1, 3]
    finally:
        fresh.close()


THUMBS_AS_RUGGEDIZED: dict[str, Any] = {
    # Ann: Ruggedized (dominant 4) guards Bark 2; Opposable Thumbs, copying it (4), guards
    # Leaves 1. Mass Extinction finds no green trait to discard: 11. Bob: Fangs 1.
    "catastrophe": "Mass Extinction",
    "sets": ["base", "overlush", "techlings"],
    "players": [
        {
            "name": "Ann",
            "traits": ["Ruggedized", "Opposable Thumbs", "Bark", "Leaves"],
            "attached": [["Ruggedized", "Bark"], ["Opposable Thumbs", "Leaves"]],
        },
        {"name": "Bob", "traits": ["Fangs"]},
    ],
}


def test_an_opposable_thumbs_copying_an_attachment_is_given_a_host(
    chromium: Browser, score_server: Server, tmp_path: Path
) -> None:
    expected = [p["score"] for p in cli_json(THUMBS_AS_RUGGEDIZED, tmp_path)["players"]]
    assert expected == [11, 1]
    sets = ("Overlush", "Techlings")
    with _tapped_in(chromium, score_server, THUMBS_AS_RUGGEDIZED, sets) as page:
        ann = player(page, 0)
        ann.get_by_label("Ruggedized is attached to").select_option("Bark")
        settled(page)
        # The Thumbs copies the only other dominant: it attaches as Ruggedized does. Left
        # without a host, it guards nothing and Leaves goes: 4 + 4 + 2 = 10.
        thumbs = ann.get_by_label("Opposable Thumbs is attached to")
        expect(thumbs).to_be_visible()
        assert totals(page) == [10, 1]
        thumbs.select_option("Leaves")
        settled(page)
        assert page.locator("#error").text_content() == ""
        assert totals(page) == expected


def test_an_empty_hand_a_card_counts_is_one_tap(
    chromium: Browser, score_server: Server, tmp_path: Path
) -> None:
    """Saudade counts the colours in the hand, so the page asks for the hand's cards; a hand
    of none is answered with one tap (no names alone is not an answer yet). The top-card
    picker, for Too Much Pink only, stays hidden."""
    board = {
        "catastrophe": "Ice Age",
        "players": [
            # Ann: Saudade 1 (+1 per colour in an empty hand: 0) + Bark 2 = 3; Bob: Fangs 1,
            # Ice Age -1 for his red trait: 0.
            {"name": "Ann", "traits": ["Saudade", "Bark"], "hand": [], "hand_size": 0},
            {"name": "Bob", "traits": ["Fangs"]},
        ],
    }
    expected = [p["score"] for p in cli_json(board, tmp_path)["players"]]
    assert expected == [3, 0]
    with _tapped_in(chromium, score_server, board) as page:
        expect(page.locator("#top-card-box")).to_be_hidden()
        ann = player(page, 0)
        assert "name Ann's hand cards" in (page.locator("#error").text_content() or "")
        empty = ann.get_by_role("button", name="The hand is empty")
        empty.click()
        settled(page)
        expect(empty).to_have_attribute("aria-pressed", "true")
        assert page.locator("#error").text_content() == ""
        assert totals(page) == expected
        # A hand card named takes the place of the answer: the button goes.
        tap_card(ann.locator(".hand-box"), "leav", "Leaves")
        # The search keeps the focus: the next card's letters go straight in.
        expect(ann.locator(".hand-box .find")).to_be_focused()
        settled(page)
        expect(empty).to_be_hidden()
        assert totals(page) == [4, 0]  # Saudade +1 for the green in the hand


@contextmanager
def _tapped_in(
    chromium: Browser, score_server: Server, board: dict[str, Any], sets: Sequence[str] = ()
) -> Iterator[Page]:
    """A fresh page at a phone's size with ``sets`` ticked, the board's catastrophe chosen
    and its players' piles tapped in."""
    fresh = chromium.new_context(viewport=PHONE)
    try:
        page = fresh.new_page()
        page.goto(f"{score_server.url}/score")
        settled(page)
        if sets:
            tick_sets(page, sets)
        page.select_option("#catastrophe", board["catastrophe"])
        tap_piles(page, board["players"])
        yield page
    finally:
        fresh.close()


def _axe(page: Page) -> list[str]:
    """Serious and critical axe-core findings on ``page`` (the pinned copy the server serves,
    same origin, so the score page's policy allows it)."""
    page.add_script_tag(url="/static/axe.min.js")
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


MULTICOLOR_TABLE: dict[str, Any] = {
    # Ice Age (-1 per red trait). Ann: Free Will (colourless 2) turned blue, Bloom (blue/green
    # 1), Curiosity (blue/red 1): 4 - 1 = 3. Bob: Wild (all four colours, 4), Fangs (red 1):
    # 5 - 2 = 3. Cy: Tetrachromatic (purple 4, -1 per colourless trait), Mindful (colourless
    # 0, +1 per colourless trait), Bark (green 2): 6 - 1 + 1 = 6. Dee: Hand-Wing (purple/red
    # 1), Acrobatic (green/purple 2), Kidney x2 (red, worth 2 each): 3 + 4 - 3 = 4.
    "catastrophe": "Ice Age",
    "sets": ["base", "multicolor"],
    "players": [
        {"name": "Ann", "traits": ["Free Will", "Bloom", "Curiosity"], "free_will": "blue"},
        {"name": "Bob", "traits": ["Wild", "Fangs"]},
        {"name": "Cy", "traits": ["Tetrachromatic", "Mindful", "Bark"]},
        {"name": "Dee", "traits": ["Hand-Wing", "Acrobatic", KIDNEY, KIDNEY]},
    ],
}


def test_four_players_with_multicolor_cards_tapped_in_on_a_phone(
    chromium: Browser, score_server: Server, tmp_path: Path
) -> None:
    """A 4-player game with Multi-Color cards, entered by tapping at 390x844: the CLI's
    scores, no serious axe-core finding, the sheet shared and reloaded offline, screenshots
    at both sizes (``DOOMTABLE_SCREENSHOTS`` keeps them, as docs/screenshots does)."""
    folder = Path(os.environ.get("DOOMTABLE_SCREENSHOTS") or tmp_path)
    expected = [p["score"] for p in cli_json(MULTICOLOR_TABLE, tmp_path)["players"]]
    assert expected == [3, 3, 6, 4]
    context = chromium.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"{score_server.url}/score")
        settled(page)
        page.locator(".sets-box summary").click()
        page.get_by_label("Multi-Color").check()
        assert _axe(page) == []  # the set picker open
        page.locator(".sets-box summary").click()
        page.select_option("#catastrophe", "Ice Age")
        page.locator("#add-player").click()
        page.locator("#add-player").click()
        tap_piles(page, MULTICOLOR_TABLE["players"])
        answer(player(page, 0), "Free Will", "blue")
        settled(page)
        assert page.locator("#error").text_content() == ""
        assert totals(page) == expected
        assert page.locator("#winner").text_content() == "Winner: Cy with 6 points"
        assert _axe(page) == []
        page.screenshot(path=str(folder / "score-phone.png"), full_page=True)
        # The link opens the same sheet, here at a desktop's size.
        _shared_link_scores(chromium, page, expected, folder / "score-desktop.png")
        # Offline: the page reloads from the service worker and scores in the browser.
        deadline = time.monotonic() + 30
        while page.evaluate("navigator.serviceWorker.controller === null"):
            assert time.monotonic() < deadline, "the service worker never took the page"
            page.wait_for_timeout(200)
        context.set_offline(True)
        page.reload()
        expect(page.locator("body")).to_have_attribute("data-python", "ready", timeout=120_000)
        settled(page)
        assert page.evaluate("document.body.dataset.scorer") == "pyodide"
        assert totals(page) == expected
    finally:
        context.close()
    for name in ("score-phone.png", "score-desktop.png"):
        assert (folder / name).stat().st_size > 10_000


def test_the_blackbox_switch_adds_tie_draws_to_the_scores(
    chromium: Browser, score_server: Server, tmp_path: Path
) -> None:
    fresh = chromium.new_context(viewport=PHONE)
    try:
        page = fresh.new_page()
        page.goto(f"{score_server.url}/score")
        settled(page)
        page.get_by_label("Blackbox edition").check()
        page.select_option("#catastrophe", "Ice Age")
        tap_card(player(page, 0).locator(".pile-box"), "bark", "Bark")  # green, face 2
        tap_card(player(page, 1).locator(".pile-box"), "migr", "Migratory")  # blue, face 2
        page.locator("#tie-draw").check()
        settled(page)
        draw = TIE_DRAW_LABEL
        player(page, 0).get_by_label(draw).fill("3")
        player(page, 1).get_by_label(draw).fill("1")
        settled(page)
        assert totals(page) == [5, 3]  # each draw is added in the Blackbox edition
        with page.expect_download() as download:
            page.locator("#export").click()
        path = tmp_path / "blackbox.json"
        download.value.save_as(path)
        assert json.loads(path.read_text())["edition"] == "blackbox"
        result = CliRunner().invoke(cli_app, ["score", str(path), "--json"])
        assert result.exit_code == 0, result.output
        assert [p["score"] for p in json.loads(result.output)["players"]] == [5, 3]
    finally:
        fresh.close()


EXPANSION_TABLE: dict[str, Any] = {
    # Ice Age (-1 per red trait), five sets. Ann: GMO (-1) attached to Bark (2; GMO +1 per
    # green trait: Bark, Leaves), Leaves 1: 2 + 2 = 4. Bob: Untold (red -1, +1 per face-down
    # card under it: 2), Antlers (red 3), the 2 face-down cards worth nothing: 2 + 2 - 2 = 2.
    # Cy: Serrated Teeth (red -1, +1 per dominant in the discard pile: Heroic, Faith), Fangs
    # (red 1): 0 + 2 - 2 = 0. Dee: Lily Pad (blue/green 2) took 2 traits back into the hand
    # (+2), Quick (red 2): 4 + 2 - 1 = 5.
    "catastrophe": "Ice Age",
    "sets": ["base", "overlush", "techlings", "deeplings", "dinolings"],
    "discard": ["Heroic", "Faith"],
    "players": [
        {"name": "Ann", "traits": ["GMO", "Bark", "Leaves"], "attached": [["GMO", "Bark"]]},
        {
            "name": "Bob",
            "traits": ["Untold", "Antlers"],
            "face_down": 2,
            "under": ["Untold", "Untold"],
        },
        {"name": "Cy", "traits": ["Serrated Teeth", "Fangs"]},
        {"name": "Dee", "traits": ["Lily Pad", "Quick"], "lily_pad": "2"},
    ],
}


def test_four_players_with_several_sets_tapped_in_on_a_phone(
    chromium: Browser, score_server: Server, tmp_path: Path
) -> None:
    """Cards of five sets tapped in at 390x844, with a Techlings attachment and its host,
    Deeplings face-down cards (a count, and how many lie under Untold), the discard pile
    Dinolings count and Lily Pad's World's End question: the scores are the CLI's on the
    exported JSON and on the hand-worked board, axe-core finds nothing serious, and
    screenshots are taken at both sizes (``DOOMTABLE_SCREENSHOTS`` keeps them)."""
    folder = Path(os.environ.get("DOOMTABLE_SCREENSHOTS") or tmp_path)
    expected = [p["score"] for p in cli_json(EXPANSION_TABLE, tmp_path)["players"]]
    assert expected == [4, 2, 0, 5]
    context = chromium.new_context(viewport=PHONE, accept_downloads=True)
    try:
        page = context.new_page()
        page.goto(f"{score_server.url}/score")
        settled(page)
        tick_sets(page, ("Overlush", "Techlings", "Deeplings", "Dinolings"))
        expect(page.locator("#sets-summary")).to_have_text(
            "Classic, Overlush, Techlings, Dinolings, Deeplings"
        )
        # Every set's catastrophes are offered once their set is in play.
        catastrophes = page.locator("#catastrophe option").all_text_contents()
        assert "Ice Age" in catastrophes and "Invasive Species" in catastrophes
        page.select_option("#catastrophe", "Ice Age")
        page.locator("#add-player").click()
        page.locator("#add-player").click()
        tap_piles(page, EXPANSION_TABLE["players"])
        ann, bob, cy, dee = (player(page, i) for i in range(4))
        # The discard pile's dominants are asked for once a pile counts them (Serrated
        # Teeth), and only they.
        discard = page.locator("#discard-box")
        expect(discard).to_be_visible()
        assert discard.locator(".discard-counts label").all_text_contents() == ["Dominant traits"]
        # Until it is filled in, the page says a blank count scores as 0.
        expect(discard.locator(".discard-missing")).to_be_visible()
        discard.get_by_label("Dominant traits").fill("2")
        expect(discard.locator(".discard-missing")).to_be_hidden()
        ann.get_by_label("GMO is attached to").select_option("Bark")
        bob.get_by_label("Face-down cards in the pile (each a trait worth nothing)").fill("2")
        bob.get_by_label("Face-down cards under Untold").fill("2")
        answer(dee, "Lily Pad", "2")
        settled(page)
        assert page.locator("#error").text_content() == ""
        assert totals(page) == expected
        rows = dee.locator(".breakdown li").all_text_contents()
        assert "Lily Pad (World's End)+2" in rows
        # GMO's chip shows its face value and bonus: -1 + 2.
        assert ann.locator('.pile button[data-card="GMO"]').text_content() == "–GMO +1"
        assert _axe(page) == []
        page.screenshot(path=str(folder / "score-sets-phone.png"), full_page=True)
        bob.scroll_into_view_if_needed()  # what a phone shows: Bob's face-down cards
        page.screenshot(path=str(folder / "score-sets-phone-bob.png"))
        with page.expect_download() as download:
            page.locator("#export").click()
        path = tmp_path / "sheet.json"
        download.value.save_as(path)
        exported = json.loads(path.read_text())
        assert exported["discard"] == {"dominants": 2}
        assert exported["players"][0]["attached"] == [["GMO", "Bark"]]
        assert [p["score"] for p in cli_json(exported, tmp_path)["players"]] == expected
        # Or the discard pile's traits, named: used once no count is filled in.
        discard.get_by_label("Dominant traits").fill("")
        discard.locator("summary").click()
        tap_card(discard, "hero", "Heroic")
        settled(page)
        assert totals(page)[2] == expected[2] - 1  # Cy: 1 dominant of the 2
        tap_card(discard, "fait", "Faith")
        settled(page)
        assert totals(page) == expected
        _shared_link_scores(chromium, page, expected, folder / "score-sets-desktop.png")
    finally:
        context.close()
    for name in ("score-sets-phone.png", "score-sets-phone-bob.png", "score-sets-desktop.png"):
        assert (folder / name).stat().st_size > 10_000


def _shared_link_scores(chromium: Browser, page: Page, expected: list[int], shot: Path) -> None:
    """The sheet's share link opens the same sheet, at a desktop's size, with the same totals."""
    page.locator("#share").click()
    link = page.locator("#share-link").get_attribute("href")
    assert link is not None
    desktop = chromium.new_context(viewport={"width": 1280, "height": 800})
    try:
        shared = desktop.new_page()
        shared.goto(link)
        settled(shared)
        assert totals(shared) == expected
        shared.screenshot(path=str(shot), full_page=True)
    finally:
        desktop.close()


IMAGINARY_TABLE: dict[str, Any] = {
    # Too Much Pink shows Woody Stems (green): +1 per green trait. Ann: Awesome! (every
    # colour, 1), Bark 2, Leaves 1: 4, +3 green, Awesome! added 9 from her hand, The Warbler
    # (3 to 5 green traits: +3), Glitter Pouch pocketed (+3): 22. Bob: Gills, Spiny (blue 1
    # each): 2, The Cabochon (no red trait: +6): 8.
    "catastrophe": "Too Much Pink",
    "top_card": "Woody Stems",
    "sets": ["base", "glitterlings", "meaning_of_life", "trinkets"],
    "players": [
        {
            "name": "Ann",
            "traits": ["Awesome!", "Bark", "Leaves"],
            "awesome": "9",
            "meaning": "The Warbler",
            "pocketed": ["Glitter Pouch"],
        },
        {"name": "Bob", "traits": ["Gills", "Spiny"], "meaning": "The Cabochon"},
    ],
}


def test_meaning_trinket_and_glitterlings_worlds_end_tapped_in_on_a_phone(
    chromium: Browser, score_server: Server, tmp_path: Path
) -> None:
    """A Meaning of Life card, a pocketed trinket, Awesome!'s points and Too Much Pink's top
    card entered at 390x844: the totals are the CLI's, on the hand-worked board and on the
    exported JSON, and the share link keeps them (``DOOMTABLE_SCREENSHOTS`` keeps a phone's
    screenshot)."""
    folder = Path(os.environ.get("DOOMTABLE_SCREENSHOTS") or tmp_path)
    expected = [p["score"] for p in cli_json(IMAGINARY_TABLE, tmp_path)["players"]]
    assert expected == [22, 8]
    context = chromium.new_context(viewport=PHONE, accept_downloads=True)
    try:
        page = context.new_page()
        page.goto(f"{score_server.url}/score")
        settled(page)
        tick_sets(page, ("Glitterlings", "Meaning of Life", "Trinkets and Merchants"))
        page.select_option("#catastrophe", "Too Much Pink")
        tap_piles(page, IMAGINARY_TABLE["players"])
        ann, bob = player(page, 0), player(page, 1)
        # The top card is asked for once the catastrophe shows one.
        expect(page.locator("#top-card-box")).to_be_visible()
        page.locator("#top-card").select_option("Woody Stems")
        answer(ann, "Awesome!", "9")
        ann.get_by_label("Meaning of Life card").select_option("The Warbler")
        settled(page)
        ann.get_by_label("Pocketed trinkets: add one").select_option("Glitter Pouch")
        settled(page)
        bob.get_by_label("Meaning of Life card").select_option("The Cabochon")
        settled(page)
        assert page.locator("#error").text_content() == ""
        assert totals(page) == expected
        rows = ann.locator(".breakdown li").all_text_contents()
        assert "Glitter Pouch (pocketed)+3" in rows
        assert "The Warbler (Meaning of Life)+3" in rows
        assert "Too Much Pink (World's End)+3" in rows
        # A pocketed trinket is offered to nobody else, and taken out with its button.
        assert "Glitter Pouch" not in bob.get_by_label("Pocketed trinkets: add one").inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert _axe(page) == []
        ann.scroll_into_view_if_needed()
        page.screenshot(path=str(folder / "score-imaginary-phone.png"))
        with page.expect_download() as download:
            page.locator("#export").click()
        path = tmp_path / "imaginary.json"
        download.value.save_as(path)
        exported = json.loads(path.read_text())
        assert exported["top_card"] == "Woody Stems"
        assert exported["players"][0]["meaning"] == ["The Warbler"]
        assert exported["players"][0]["pocketed"] == ["Glitter Pouch"]
        assert [p["score"] for p in cli_json(exported, tmp_path)["players"]] == expected
        _shared_link_scores(chromium, page, expected, tmp_path / "imaginary-desktop.png")
        ann.get_by_role("button", name="Take Glitter Pouch out of the pocket").click()
        settled(page)
        assert totals(page) == [expected[0] - 3, expected[1]]
        # Blackbox: the traits act after Too Much Pink; what it counted then may be given.
        page.locator("#blackbox").check()
        settled(page)
        ann.get_by_label("Points the catastrophe counted as it acted").fill("5")
        settled(page)
        assert totals(page) == [expected[0] - 3 + 2, expected[1]]
    finally:
        context.close()


# What a 390x844 phone shows of the suggestions above its keyboard: the first 4.
SUGGESTIONS_IN_VIEW = 4
# What a person types to find a card: the first letters of its name; where several sets
# print the name, maybe a space and the first letters of the set or colour ("sw r").
FEWEST_LETTERS = """(shown) => catalog.traits.filter(inPlay).map((card) => {
    const name = key(card.name);
    const extra = key(card.label).split(" ").slice(name.split(" ").length);
    const tries = [];
    for (let n = 1; n <= name.length; n += 1) {
      tries.push(name.slice(0, n));
      for (const word of extra) {
        for (let m = 1; m <= 2; m += 1) tries.push(`${name.slice(0, n)} ${word.slice(0, m)}`);
      }
    }
    tries.sort((a, b) => a.length - b.length);
    const found = tries.find((typed) => matches(typed, shown).some((c) => c.label === card.label));
    return [card.label, found === undefined ? null : found];
})"""


def test_every_card_is_found_with_a_few_letters(chromium: Browser, score_server: Server) -> None:
    """With every set ticked, a few letters bring any card among the suggestions a phone
    shows above its keyboard: 5 keys at most (a space counted), 2 for most cards
    (docs/score.md, "How long a sheet takes")."""
    context = chromium.new_context(viewport=PHONE)  # type: ignore[arg-type]
    try:
        page = context.new_page()
        page.goto(f"{score_server.url}/score")
        settled(page)
        titles: list[str] = page.evaluate("catalog.sets.map((set) => set.title)")
        # Every set is one tap, and one tap goes back to the base set alone.
        page.locator(".sets-box summary").click()
        page.get_by_role("button", name="Every set").click()
        expect(page.locator("#sets-summary")).to_have_text(", ".join(titles))
        assert all(page.get_by_label(title, exact=True).is_checked() for title in titles)
        typed: list[list[Any]] = page.evaluate(FEWEST_LETTERS, SUGGESTIONS_IN_VIEW)
        page.get_by_role("button", name=f"Only {titles[0]}").click()
        expect(page.locator("#sets-summary")).to_have_text(titles[0])
    finally:
        context.close()
    assert len(typed) == len(TRAITS)  # every trait design of every set
    slow = [(label, keys) for label, keys in typed if keys is None or len(keys) > 5]
    assert not slow, f"cards a few letters do not find: {slow}"
    keys = sorted(len(k) for _, k in typed)
    assert keys[len(keys) // 2] <= 2, f"half the cards need {keys[len(keys) // 2]} keys"
    # The name the most designs share (5 Swarms): a set or colour letter tells them apart.
    assert len(dict(typed)["Swarm (Overlush, red)"]) <= 4
