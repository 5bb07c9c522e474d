"""How much work the score page (``/score``) asks to score a real game, and a time model for it.

Run by hand: ``.venv/bin/python bench/score_sheet_entry.py [--games 10] [--seed 1]
[--edition classic|blackbox|both] [--sets all|base] [--players 4] [--phones one|each]``.

For each seed, a Doomlings game (4 players unless ``--players`` says otherwise) with the
chosen sets is played to the end with random legal choices; each player's final trait pile (as
the calculator labels the cards) and the game's 3rd catastrophe make a sheet. A fresh Chromium
page at a phone's size (390x844) enters that sheet as a person would: tick the sets (every
set: its one button), pick the catastrophe, add and name the players, and for each card tap
the search field, type its letters one at a time until it is among the
first 4 suggestions (what a phone shows above its keyboard), then tap it. Then it answers what
the page still asks, until it shows no error and every player has a total: each World's End
question by its first option; numbers (cards in hand, Gene Pool, face-down cards) from the
played game; hand cards, the discard pile's counts, Meaning of Life cards and pocketed
trinkets as the game ended with them. The sheet is exported (the page's Export JSON) and scored by
``doomtable score FILE --json``: any total that differs from the page's is reported.

Counted per sheet: cards entered, keys typed, taps (field focus, suggestions, buttons, ticks,
each select as 2: open and pick) and fields filled. Measured: the page's own waiting, from the
last input to ``data-busy`` turning false, summed over every change (the bench waits for each
change to settle, as a person reading the totals would) and after the sheet's last input.

The modelled time is a keystroke-level model (KLM), not a timed study with people:

* M = 1.35 s, the mental operator of the original KLM (Card, Moran and Newell, 1980): once per
  card (reading its name off the table and finding it), per field, question and select.
* K = 0.39 s per key on a phone: the keystroke operator Holleis, Otto, Hussmann and Schmidt
  measured for mobile phones ("Keystroke-Level Model for Advanced Mobile Phone Interaction",
  CHI 2007); slower than the desktop KLM's 0.28 s for an average typist.
* T = 0.61 s per tap on a target of the page: that keystroke plus the same paper's finger
  movement operator (about 0.22 s) to reach it.
* L = 0.5 s per card looked at to count the discard pile (its dominants, ...) where a pile's
  card counts it: the page asks for the counts, not the cards. This one is our assumption
  (a glance at each card while going through the pile once), not a KLM operator.

With ``--phones each`` every player enters their own pile on their own phone (the same steps
for the sets, the catastrophe, their name, their cards and what their pile asks), then taps
Share and sends the link (3 taps and a decision on the phone's share sheet); the first
player's phone keeps the sheet: it opens each link (a look and a tap), taps "Add to this
sheet", and answers what is still asked (the top card, a host in another pile). The discard
pile's counts are given on the phone of the player whose card reads them. The players work
at once, so a sheet's time is the slowest phone's plus the keeper's part after the links
arrived; the time a message takes to arrive is not counted. Attachments' hosts are picked
as the played game left them.

Sheets are entered in the browser's offline scorer (Pyodide), as a phone does once the page
has loaded; ``DOOMTABLE_PYODIDE`` names its folder when the checkout has none.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import httpx
from playwright.sync_api import Browser, BrowserContext, Locator, Page, sync_playwright

from doomtable.engine import new_game
from doomtable.games.doomlings.data import AGES, MEANINGS, SET_NAMES, TRAIT_OF, TRINKETS
from doomtable.games.doomlings.game import DoomlingsState
from doomtable.games.doomlings.tally import (
    DISCARD_COUNT_KEYS,
    TRAIT_NAMES,
    count_label,
    discard_kinds,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from web.conftest import CHROMIUM, CHROMIUM_ARGS, Server  # noqa: E402

PHONE = {"width": 390, "height": 844}
SUGGESTIONS_IN_VIEW = 4
"""What a 390x844 phone shows of the suggestions above its keyboard."""
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo")

MENTAL_S = 1.35
KEY_S = 0.39
TAP_S = 0.39 + 0.22
LOOK_S = 0.5

EDITION_GAMES = {"classic": "doomlings", "blackbox": "doomlings-blackbox"}
SETTLE_TIMEOUT_MS = 30_000

INSTALL_TIMING = """() => {
  // Each input's time, and each settle's wait after the last input before it.
  const log = { lastInput: null, lastWhat: "", waits: [], what: [] };
  window.benchTiming = log;
  const mark = (event) => {
    log.lastInput = performance.now();
    log.lastWhat = `${event.type} ${event.target.className || event.target.tagName}`;
  };
  // Not "change": a field's change fires again as it loses focus, after its input was scored.
  for (const type of ["input", "click"]) document.addEventListener(type, mark, true);
  new MutationObserver(() => {
    if (document.body.dataset.busy === "false" && log.lastInput !== null) {
      log.waits.push(performance.now() - log.lastInput);
      log.what.push(log.lastWhat);
      log.lastInput = null;
    }
  }).observe(document.body, { attributes: true, attributeFilter: ["data-busy"] });
}"""
TOP_CARD_NEEDED = "last.needs.some((want) => (want || []).includes('TOP_CARD'))"
LABEL_TEXT = "(label) => label.firstChild.textContent.trim()"
"""A field's label as the page writes it (the text before its input or select)."""
WAIT_SETTLED = """(timeout) => new Promise((resolve) => {
  const start = performance.now();
  const check = () => {
    if (window.benchTiming.lastInput === null) resolve(true);
    else if (performance.now() - start > timeout) resolve(false);
    else setTimeout(check, 5);
  };
  check();
})"""


@dataclass
class Sheet:
    """What a person reads off the table at the end of one played game."""

    seed: int
    edition: str
    catastrophe: str
    piles: list[list[str]]
    hands: list[list[str]]
    gene_pools: list[int]
    discard: list[str]
    discard_counts: dict[str, int]
    """The discard pile's counts by the page's label (``Dominant traits``: 3)."""
    top_card: str | None
    face_down: list[int]
    under: list[dict[str, int]]
    meanings: list[list[str]]
    meaning_points: list[int]
    pocketed: list[list[str]]
    hosts: list[dict[str, list[str]]]
    """Per player, each attachment's hosts (one per copy) as the page's picker values them:
    ``Bark`` in the player's own pile, ``Ann: Bark`` in another's."""


@dataclass
class Entry:
    """What entering one sheet took, and what came of it."""

    seed: int
    edition: str
    cards: int = 0
    keys: int = 0
    taps: int = 0
    fields: int = 0
    decisions: int = 0
    """Questions answered and selects picked: each a mental operator of its own."""
    waits_ms: list[float] = field(default_factory=list)
    final_wait_ms: float = 0.0
    scorer: str = ""
    page_totals: list[int] = field(default_factory=list)
    cli_totals: list[int] = field(default_factory=list)
    problem: str = ""
    asked: list[str] = field(default_factory=list)
    """What the page asked after the piles, in order."""
    shortest_waits: list[tuple[float, str]] = field(default_factory=list)
    looked_at: int = 0
    """Cards of the discard pile gone through to count them."""
    phones: list[float] = field(default_factory=list)
    """With a phone per player: each phone's own modelled seconds, the keeper's first."""
    merge_seconds: float = 0.0
    """With a phone per player: the keeper's modelled seconds after the piles arrived."""

    def modelled_parts(self) -> tuple[float, float, float, float]:
        """Seconds of thinking (M), keys (K), taps (T) and looking through the discard (L)."""
        mental = self.cards + self.fields + self.decisions
        return MENTAL_S * mental, KEY_S * self.keys, TAP_S * self.taps, LOOK_S * self.looked_at

    def modelled_seconds(self) -> float:
        return sum(self.modelled_parts())


def label(card: int) -> str:
    return TRAIT_NAMES[TRAIT_OF[card]]


def play_out(seed: int, edition: str, sets: list[str], players: int) -> DoomlingsState | None:
    """A game with random legal choices; None when the traits ran out before the
    3rd catastrophe (the page asks for that one)."""
    options = {"sets": ",".join(sets)} if sets != ["base"] else {}
    state = new_game(EDITION_GAMES[edition], players=players, seed=seed, options=options)
    assert isinstance(state, DoomlingsState)
    rng = random.Random(seed)
    while state.pending is not None:
        state.apply(state.pending.player, rng.choice(state.legal_options()))
    return state if state.final_doom >= 0 else None


def sheet_of(state: DoomlingsState, seed: int, edition: str) -> Sheet:
    third = next(a for era in reversed(state.eras) for a in reversed(era) if AGES[a].catastrophe)
    shown = [e[2] for e in state.events if e[1] == "shows_top"]
    players = range(state.players)
    return Sheet(
        seed=seed,
        edition=edition,
        catastrophe=AGES[third].name,
        piles=[[label(c) for c in state.piles[p]] for p in players],
        hands=[[label(c) for c in state.hands[p]] for p in players],
        gene_pools=list(state.gene_pool),
        discard=[label(c) for c in state.discard],
        discard_counts={
            count_label(need): sum(need in discard_kinds(state, c) for c in state.discard)
            for need in DISCARD_COUNT_KEYS
        },
        top_card=label(shown[-1]) if shown else None,
        face_down=[len(state.suppressed[p]) for p in players],
        under=[
            {label(c): state.suppressed_under[p].count(c) for c in state.piles[p]} for p in players
        ],
        meanings=[[MEANINGS[m].name for m in state.meanings[p]] for p in players],
        meaning_points=list(state.meaning_points),
        pocketed=[[TRINKETS[t].name for t in state.pocketed[p]] for p in players],
        hosts=[hosts_of(state, p) for p in players],
    )


def hosts_of(state: DoomlingsState, player: int) -> dict[str, list[str]]:
    """The hosts of ``player``'s attachments as the game ended."""
    hosts: dict[str, list[str]] = {}
    for gear, host in state.attached:
        if gear in state.piles[player]:
            owner = next(q for q in range(state.players) if host in state.piles[q])
            value = label(host) if owner == player else f"{NAMES[owner]}: {label(host)}"
            hosts.setdefault(label(gear), []).append(value)
    return hosts


def search_key(text: str) -> str:
    """What the page matches typed text against (score.js ``key``)."""
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


class Person:
    """Enters a sheet on the page, counting what each step costs a person."""

    def __init__(self, page: Page, entry: Entry) -> None:
        self.page = page
        self.entry = entry

    def settle(self) -> None:
        """Wait until the page has scored the last change (its wait is logged in the page)."""
        if not self.page.evaluate(WAIT_SETTLED, SETTLE_TIMEOUT_MS):
            raise RuntimeError(f"the page did not settle in {SETTLE_TIMEOUT_MS} ms")

    def tap(self, target: Locator, changes: bool = True) -> None:
        target.click()
        self.entry.taps += 1
        if changes:
            self.settle()

    def pick(self, select: Locator, value: str) -> None:
        """A select: open it and pick (2 taps, 1 decision)."""
        select.select_option(value)
        self.entry.taps += 2
        self.entry.decisions += 1
        self.settle()

    def type_field(self, box: Locator, text: str, clear: bool = False) -> None:
        """Tap a field and type ``text`` a key at a time, the page scoring each key."""
        box.click()
        self.entry.taps += 1
        self.entry.fields += 1
        if clear:  # one key: the field's clear button or a held delete
            box.fill("")
            self.entry.keys += 1
            self.settle()
        for char in text:
            self.page.keyboard.type(char)
            self.entry.keys += 1
            self.settle()

    def add_card(self, zone: Locator, card: str) -> None:
        """Find ``card`` in a zone's search: letters one at a time until it is among the
        suggestions in view, then tap it."""
        find = zone.locator(".find")
        if not find.evaluate("(e) => e === document.activeElement"):
            find.click()
            self.entry.taps += 1
        wanted = search_key(card)
        typed = 0
        while card not in self.in_view(zone):
            if typed == len(wanted):
                raise RuntimeError(f"{card!r} is not among the first suggestions once typed")
            self.page.keyboard.type(wanted[typed])
            typed += 1
        self.entry.keys += typed
        self.entry.cards += 1
        self.tap(zone.locator(f".suggestions button[data-card={json.dumps(card)}]"))

    def in_view(self, zone: Locator) -> list[str]:
        shown: list[str] = zone.locator(".suggestions button").evaluate_all(
            f"(all) => all.slice(0, {SUGGESTIONS_IN_VIEW}).map((b) => b.dataset.card)"
        )
        return shown


def answer_what_is_asked(
    person: Person, sheet: Sheet, answered: set[tuple[int, str]] | None = None
) -> None:
    """Fill what the page still asks, a round at a time, until nothing more is asked;
    ``answered``: what was entered elsewhere already, by player and field."""
    page = person.page
    entered = set(answered or ())
    for _ in range(12):
        acted = False
        for i in range(len(sheet.piles)):
            needs = page.locator(f'.player[data-player="{i}"] .needs')
            acted |= answer_player(person, sheet, i, needs, entered)
        top = page.locator("#top-card")
        # Asked where the catastrophe shows one (the page's own test for drawing the picker).
        if page.evaluate(TOP_CARD_NEEDED) and top.input_value() == "":
            person.entry.asked.append(f"top card = {sheet.top_card or 'none'}")
            person.pick(top, sheet.top_card or "none")
            acted = True
        acted |= count_discard(person, sheet)
        if not acted:
            return


def count_discard(person: Person, sheet: Sheet) -> bool:
    """The discard pile's counts the page asks and nobody gave yet (a look through the
    pile, once, for all of them); whether any was asked."""
    discard = person.page.locator("#discard-box")
    if not discard.is_visible():
        return False
    fields = discard.locator(".discard-counts label").all()
    blank = [f for f in fields if f.locator("input").input_value() == ""]
    if not blank:
        return False
    person.entry.looked_at += len(sheet.discard)
    for field_label in blank:
        name = field_label.text_content() or ""
        value = sheet.discard_counts[name]
        person.entry.asked.append(f"discard pile ({len(sheet.discard)}): {name} {value}")
        person.type_field(field_label.locator("input"), str(value))
    return True


def answer_own(person: Person, sheet: Sheet, player: int) -> None:
    """On a player's own phone (the page's first player): what their own pile asks, the
    discard pile's counts their cards read included. The trait deck's top card is left to
    the phone keeping the sheet."""
    needs = person.page.locator('.player[data-player="0"] .needs')
    entered: set[tuple[int, str]] = set()
    for _ in range(12):
        if not answer_player(person, sheet, player, needs, entered):
            break
    count_discard(person, sheet)


def answer_player(
    person: Person, sheet: Sheet, i: int, needs: Locator, entered: set[tuple[int, str]]
) -> bool:
    """One pass over a player's needs panel; whether anything was entered."""
    acted = False
    hand = needs.locator(".hand-box")
    if hand.count() and (i, "hand") not in entered:
        entered.add((i, "hand"))
        person.entry.asked.append(f"{NAMES[i]}: hand cards ({len(sheet.hands[i])})")
        for card in sheet.hands[i]:
            person.add_card(hand, card)
        if not sheet.hands[i]:  # a hand of no cards: one tap says so
            person.tap(hand.get_by_role("button", name="The hand is empty"))
        acted = True
    for field_box in needs.locator("label.field:has(input[type=number])").all():
        text = field_box.evaluate(LABEL_TEXT)
        number = field_box.locator("input")
        if (i, text) in entered or number.input_value() != "" or "optional" in text:
            continue
        value = number_for(sheet, i, text)
        if value is None:
            continue
        entered.add((i, text))
        person.entry.asked.append(f"{NAMES[i]}: {text} = {value}")
        person.type_field(number, str(value))
        acted = True
    for field_box in needs.locator("label.field:has(select)").all():
        text = field_box.evaluate(LABEL_TEXT)
        select = field_box.locator("select")
        if select.input_value() != "" or (i, text) in entered:
            continue
        if not text.startswith("Pocketed trinkets"):  # that picker adds one trinket a pick
            entered.add((i, text))
        option = select_for(sheet, i, text, select)
        if option is not None:
            person.entry.asked.append(f"{NAMES[i]}: {text} = {option}")
            person.pick(select, option)
            acted = True
    for question in needs.locator(".question").all():
        legend = question.locator("legend").inner_text()
        if legend.endswith("(optional)") or question.locator("[aria-pressed=true]").count():
            continue
        first = question.locator("button").first
        person.entry.asked.append(f"{NAMES[i]}: {legend} -> {first.inner_text()}")
        person.tap(first)
        person.entry.decisions += 1
        acted = True
    return acted


def number_for(sheet: Sheet, i: int, text: str) -> int | None:
    """The number a person at the table gives for the field labelled ``text``; None: leave it
    empty (nothing of that kind on the table)."""
    if text.startswith("Cards in hand"):
        return len(sheet.hands[i])
    if text.startswith("Gene Pool"):
        return sheet.gene_pools[i]
    if text.startswith("Face-down cards in the pile"):
        return sheet.face_down[i] or None
    if text.startswith("Face-down cards under "):
        name = text.removeprefix("Face-down cards under ")
        return sum(n for card, n in sheet.under[i].items() if card.startswith(name)) or None
    if text.startswith("Points The Silent Elder"):
        return sheet.meaning_points[i]
    return 1  # a draw's value (Deus Ex Machina, a tie-break): what the table says


def select_for(sheet: Sheet, i: int, text: str, select: Locator) -> str | None:
    if text.startswith("Meaning of Life card"):
        drawn = int(m.group(1)) - 1 if (m := re.search(r"card (\d+)", text)) else 0
        held = sheet.meanings[i]
        return held[drawn] if drawn < len(held) else None
    if text.startswith("Pocketed trinkets"):
        free = select.locator("option").evaluate_all("(all) => all.map((o) => o.value)")
        mine = [name for name in sheet.pocketed[i] if name in free]
        return mine[0] if mine else None
    if "is attached to" in text:  # the host as the game ended, once its pile is on the sheet
        values = select.locator("option").evaluate_all("(all) => all.map((o) => o.value)")
        shown = text.removesuffix(" is attached to")
        copy = int(m.group(1)) - 1 if (m := re.search(r" \(copy (\d+)\)$", shown)) else 0
        hosts = sheet.hosts[i].get(re.sub(r" \(copy \d+\)$", "", shown), [])
        if copy >= len(hosts):  # none as it ended (its host left): the first offered
            return values[1] if len(values) > 1 else None
        return hosts[copy] if hosts[copy] in values else None  # else not on this phone yet
    return None


def open_sheet(browser: Browser, url: str) -> tuple[BrowserContext, Page]:
    """A fresh phone with the score page loaded, its offline scorer ready."""
    context = browser.new_context(viewport=PHONE, accept_downloads=True)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(f"{url}/score")
    page.wait_for_selector("body[data-python=ready]", timeout=180_000)
    page.wait_for_selector("body[data-busy=false]", timeout=SETTLE_TIMEOUT_MS)
    page.evaluate(INSTALL_TIMING)
    return context, page


def set_up(person: Person, sheet: Sheet, sets: list[dict[str, str]]) -> None:
    """The edition, the sets in play and the catastrophe: what every phone starts with."""
    page = person.page
    if sheet.edition == "blackbox":
        person.tap(page.locator("#blackbox"))
    expansions = [s["title"] for s in sets[1:]]
    if expansions:
        person.entry.decisions += 1  # which sets are in play
        person.tap(page.locator(".sets-box summary"), changes=False)
        if len(sets) == page.evaluate("catalog.sets.length"):
            person.tap(page.get_by_role("button", name="Every set"))
        else:
            for title in expansions:
                person.tap(page.get_by_label(title, exact=True))
        person.tap(page.locator(".sets-box summary"), changes=False)
    person.pick(page.locator("#catastrophe"), sheet.catastrophe)


def enter_pile(person: Person, sheet: Sheet, player: int, row: int) -> None:
    """Name the page's player ``row`` and enter the sheet's pile ``player`` into it."""
    page = person.page
    person.type_field(page.locator(".player-name").nth(row), NAMES[player], clear=True)
    zone = page.locator(f'.player[data-player="{row}"] .pile-box')
    for card in sheet.piles[player]:
        person.add_card(zone, card)


def check_totals(page: Page, entry: Entry) -> None:
    """The page's totals once nothing more is asked, and the CLI's for its exported sheet."""
    entry.waits_ms = page.evaluate("window.benchTiming.waits")
    causes: list[str] = page.evaluate("window.benchTiming.what")
    entry.shortest_waits = sorted(zip(entry.waits_ms, causes, strict=True))[:3]
    entry.final_wait_ms = entry.waits_ms[-1] if entry.waits_ms else 0.0
    entry.scorer = page.evaluate("document.body.dataset.scorer")
    error = page.locator("#error").inner_text()
    shown = page.locator(".player .total").all_text_contents()
    if error or not all(t.lstrip("-").isdigit() for t in shown):
        entry.problem = f"the page still asks: {error or shown}"
        return
    entry.page_totals = [int(t) for t in shown]
    entry.cli_totals = cli_totals(page)
    if entry.cli_totals != entry.page_totals:
        entry.problem = "the CLI scores the exported sheet otherwise"


def enter_sheet(browser: Browser, url: str, sheet: Sheet, sets: list[dict[str, str]]) -> Entry:
    """One phone enters the whole sheet."""
    entry = Entry(sheet.seed, sheet.edition)
    context: BrowserContext | None = None
    try:
        context, page = open_sheet(browser, url)
        person = Person(page, entry)
        set_up(person, sheet, sets)
        for _ in range(len(sheet.piles) - 2):
            person.tap(page.locator("#add-player"))
        for i in range(len(sheet.piles)):
            enter_pile(person, sheet, i, i)
        answer_what_is_asked(person, sheet)
        check_totals(page, entry)
    except Exception as error:  # noqa: BLE001  (a sheet the bench could not enter is reported)
        entry.problem = f"{type(error).__name__}: {str(error).splitlines()[0]}"
    finally:
        if context is not None:
            context.close()
    return entry


def enter_on_several_phones(
    browser: Browser, url: str, sheet: Sheet, sets: list[dict[str, str]]
) -> Entry:
    """A phone per player: each enters their own pile and what it asks, and sends its Share
    link (all at once); the first player's phone, which keeps the sheet, then opens each link,
    adds it, and answers what is still asked (the discard pile, the top card, hosts in other
    piles). The entry's time is the slowest player's phone plus that last part."""
    entry = Entry(sheet.seed, sheet.edition)
    contexts: list[BrowserContext] = []
    try:
        links: list[str] = []
        phones: list[Entry] = []
        keeper: Page | None = None
        for player in range(len(sheet.piles)):
            phone = Entry(sheet.seed, sheet.edition)
            context, page = open_sheet(browser, url)
            contexts.append(context)
            person = Person(page, phone)
            set_up(person, sheet, sets)
            enter_pile(person, sheet, player, 0)
            answer_own(person, sheet, player)
            phones.append(phone)
            if player == 0:
                keeper = page
                continue
            person.tap(page.locator("#share"), changes=False)
            # The phone's share sheet: pick the messenger, the keeper and send (a decision).
            phone.taps += 3
            phone.decisions += 1
            link = page.locator("#share-link").get_attribute("href")
            assert link is not None
            links.append(link)
        assert keeper is not None
        merging = Entry(sheet.seed, sheet.edition)
        person = Person(keeper, merging)
        for link in links:
            merging.decisions += 1  # the message read
            merging.taps += 1  # its link tapped
            keeper.goto(link)
            keeper.wait_for_selector("#link-add:visible")
            person.tap(keeper.locator("#link-add"))
        answered = {(i, "hand") for i in range(len(sheet.piles))}
        answer_what_is_asked(person, sheet, answered)
        check_totals(keeper, merging)
        slowest = max(phones, key=Entry.modelled_seconds)
        entry.phones = [p.modelled_seconds() for p in phones]
        for part in (slowest, merging):
            entry.cards += part.cards
            entry.keys += part.keys
            entry.taps += part.taps
            entry.fields += part.fields
            entry.decisions += part.decisions
            entry.looked_at += part.looked_at
            entry.asked += part.asked
        entry.merge_seconds = merging.modelled_seconds()
        entry.waits_ms = merging.waits_ms
        entry.final_wait_ms = merging.final_wait_ms
        entry.scorer = merging.scorer
        entry.page_totals = merging.page_totals
        entry.cli_totals = merging.cli_totals
        entry.problem = merging.problem
    except Exception as error:  # noqa: BLE001  (a sheet the bench could not enter is reported)
        entry.problem = f"{type(error).__name__}: {str(error).splitlines()[0]}"
    finally:
        for context in contexts:
            context.close()
    return entry


def cli_totals(page: Page) -> list[int]:
    """The totals ``doomtable score FILE --json`` gives the page's exported sheet."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sheet.json"
        with page.expect_download() as download:
            page.locator("#export").click()
        download.value.save_as(path)
        run = subprocess.run(
            [sys.executable, "-m", "doomtable", "score", str(path), "--json"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        if run.returncode != 0:
            raise RuntimeError(f"doomtable score failed: {run.stderr.strip()[-300:]}")
        return [p["score"] for p in json.loads(run.stdout)["players"]]


def sheets(
    first_seed: int, count: int, edition: str, sets: list[str], players: int
) -> Iterator[Sheet]:
    """``count`` sheets from consecutive seeds, skipping games that ended without a 3rd
    catastrophe."""
    seed = first_seed
    made = 0
    while made < count:
        state = play_out(seed, edition, sets, players)
        if state is not None:
            yield sheet_of(state, seed, edition)
            made += 1
        seed += 1


def percentile_row(name: str, values: list[float], digits: int = 0) -> str:
    ordered = sorted(values)
    return (
        f"{name:<28}{statistics.median(ordered):>10.{digits}f}"
        f"{ordered[0]:>10.{digits}f}{ordered[-1]:>10.{digits}f}"
    )


def report(entries: list[Entry], load: str, command: str, verbose: bool) -> None:
    print(f"\n{command}\n{datetime.now(UTC):%Y-%m-%d %H:%M} UTC; {load}")
    print(f"model: M {MENTAL_S} s, K {KEY_S} s, T {TAP_S:.2f} s, L {LOOK_S} s\n")
    print(
        f"{'seed':>5} {'edition':<9}{'cards':>6}{'keys':>6}{'taps':>6}{'fields':>7}"
        f"{'asked':>6}{'model s':>9}{'wait s':>8}{'last ms':>8}  totals"
    )
    for e in entries:
        totals = " ".join(map(str, e.page_totals)) or "-"
        print(
            f"{e.seed:>5} {e.edition:<9}{e.cards:>6}{e.keys:>6}{e.taps:>6}{e.fields:>7}"
            f"{e.decisions:>6}{e.modelled_seconds():>9.0f}{sum(e.waits_ms) / 1000:>8.1f}"
            f"{e.final_wait_ms:>8.0f}  {totals} ({e.scorer}){'  ' + e.problem if e.problem else ''}"
        )
        if e.phones:
            phones = ", ".join(f"{s:.0f}" for s in e.phones)
            keeper = f"then the keeper {e.merge_seconds:.0f} s"
            print(f"        phones (keeper first): {phones} s; {keeper}")
        if verbose:
            for step in e.asked:
                print(f"        asked: {step}")
            for ms, cause in e.shortest_waits:
                print(f"        short wait: {ms:.0f} ms after {cause}")
    done = [e for e in entries if not e.problem]
    if not done:
        return
    print(f"\n{'over ' + str(len(done)) + ' sheets':<28}{'median':>10}{'best':>10}{'worst':>10}")
    print(percentile_row("modelled seconds", [e.modelled_seconds() for e in done]))
    if all(e.phones for e in done):
        print(percentile_row("  slowest player's phone", [max(e.phones) for e in done]))
        print(percentile_row("  then the keeper", [e.merge_seconds for e in done]))
    for k, part in enumerate(("thinking (M)", "keys (K)", "taps (T)", "discard looked (L)")):
        print(percentile_row(f"  of which {part}", [e.modelled_parts()[k] for e in done]))
    print(percentile_row("cards", [e.cards for e in done]))
    print(percentile_row("keys", [e.keys for e in done]))
    print(percentile_row("taps", [e.taps for e in done]))
    print(percentile_row("page waiting, summed (s)", [sum(e.waits_ms) / 1000 for e in done], 1))
    print(percentile_row("page wait per change (ms)", [w for e in done for w in e.waits_ms]))
    print(percentile_row("after the last input (ms)", [e.final_wait_ms for e in done]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="sheets per edition")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--edition", choices=["classic", "blackbox", "both"], default="classic")
    parser.add_argument("--sets", choices=["all", "base"], default="all")
    parser.add_argument("--players", type=int, choices=range(2, 7), default=4)
    parser.add_argument(
        "--phones",
        choices=["one", "each"],
        default="one",
        help="one phone enters the sheet, or each player's own phone their pile",
    )
    parser.add_argument("--verbose", action="store_true", help="what each sheet was asked")
    args = parser.parse_args()
    card_sets = list(SET_NAMES) if args.sets == "all" else ["base"]
    editions = ["classic", "blackbox"] if args.edition == "both" else [args.edition]
    server = Server(str(Path(tempfile.mkdtemp(prefix="score-bench-")) / "tables.sqlite"))
    server.start()
    entries: list[Entry] = []
    try:
        catalog = httpx.get(f"{server.url}/api/score/cards", timeout=30).json()
        titles = [s for s in catalog["sets"] if s["name"] in card_sets]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
            )
            for edition in editions:
                for sheet in sheets(args.seed, args.games, edition, card_sets, args.players):
                    enter = enter_sheet if args.phones == "one" else enter_on_several_phones
                    entries.append(enter(browser, server.url, sheet, titles))
                    print(f"seed {sheet.seed} {edition}: done", file=sys.stderr, flush=True)
            browser.close()
    finally:
        server.stop()
    load = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    command = " ".join(["bench/score_sheet_entry.py", *sys.argv[1:]])
    report(entries, load, command, args.verbose)
    sys.exit(1 if any(e.problem for e in entries) else 0)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
