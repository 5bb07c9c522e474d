"""Privacy: in 1,000 seeded random games every player's view and log say only what that player
has legitimately seen, and a searching bot's sample holds nothing more.

What a player may know: their own hand, every pile, attack and removed card, doom cards drawn
(played face up), hands a Hand-a showed them, bribe offers made to or by them, and payments.
The checks below are written from those rules, not from the game's own view code.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from doomtable.engine import Rng, new_game
from doomtable.games.doom_on_you import DoomOnYouState
from doomtable.games.doom_on_you.cards import BATTLE_NAMES, IS_DOOM, NAMES
from doomtable.games.doom_on_you.game import HIDDEN

GAMES = 1000
CHUNK = 100  # games per test case, so that the 1,000 games spread over the workers
SAMPLE_EVERY = 5  # decisions between two determinize checks
NAME_RE = re.compile("|".join(sorted((re.escape(n) for n in set(NAMES)), key=len, reverse=True)))
BATTLE_CARDS = set(BATTLE_NAMES.values())
OFFER_RE = re.compile(r"player (\d+) offers player (\d+)|player (\d+) declines player (\d+)")


def options_for(game: int) -> tuple[int, dict[str, Any]]:
    """Players and options of game ``game``: every count, every option, a low round cap."""
    players = 2 + game % 5
    options: dict[str, Any] = {"max_attack_rounds": 1 if players > 3 else 2}
    if game % 3 == 1:
        options["drawn_animal_to_pile"] = True
    if game % 4 == 2:
        options["successful_return"] = True
    if game % 7 == 3:
        options["two_player_variant"] = False
    return players, options


class Observer:
    """What one seat has legitimately seen so far, kept from the true state as play goes on."""

    def __init__(self, state: DoomOnYouState, seat: int) -> None:
        self.seat = seat
        self.seen: set[int] = set()
        self.log_read = 0
        self.look(state)

    def look(self, s: DoomOnYouState) -> None:
        self.seen.update(s.hands[self.seat], s.removed, (a[0] for a in s.attacks))
        for pile in s.piles:
            self.seen.update(pile)
        for viewer, _, cards in s.revealed:
            if viewer == self.seat:
                self.seen.update(cards)

    def seen_names(self) -> set[str]:
        return {NAMES[c] for c in self.seen}


def round_events(s: DoomOnYouState) -> list[tuple[Any, ...]]:
    begin = len(s.events)
    while begin and s.events[begin - 1][0] != "attack_round":
        begin -= 1
    return s.events[begin:]


def offers_known(s: DoomOnYouState, seat: int) -> set[int]:
    """Players ``seat`` may know offered a bribe this attack round."""
    known = {seat} if s.bribed[seat] else set()
    for event in round_events(s):
        if (event[0] == "offer" and seat in event[1:3]) or event[0] == "paid":
            known.add(event[1])
    return known


def check_view(s: DoomOnYouState, seat: int) -> None:
    view = s.view(seat)
    # Cards: own hand, the table, and hands shown to this seat, nothing else.
    visible = [*s.hands[seat], *s.removed, *(a[0] for a in s.attacks)]
    for pile in s.piles:
        visible.extend(pile)
    for viewer, _, cards in s.revealed:
        if viewer == seat:
            visible.extend(cards)
    allowed = {NAMES[c] for c in visible}
    # A window's prompt names the battle card it asks about ("Block Meteor with a Force
    # Field?"), asked alike of every player, holder or not.
    prompt = (view["decision"] or {}).pop("prompt", "")
    assert set(NAME_RE.findall(prompt)) <= allowed | BATTLE_CARDS, (seat, prompt)
    assert set(NAME_RE.findall(json.dumps(view))) <= allowed, (seat, view)
    # Bribes: only offers this seat made or received, and payments.
    for offer in view["bribes"]:
        assert seat in (offer["from"], offer["to"]) or offer["status"] == "accepted", offer
    flagged = {q for q, entry in enumerate(view["players"]) if entry["offered_bribe"]}
    assert flagged <= offers_known(s, seat), (seat, flagged)
    # Who decides: a bribe's recipient answers in private; the others still see the offerer.
    decision = s.pending
    if decision is not None:
        shown = view["decision"]["player"]
        frame = s.stack[-1]
        if frame[0] == "bribe_answer" and seat not in frame[1:3]:
            assert shown == frame[1], (seat, frame, shown)
        else:
            assert shown == decision.player
        assert ("options" in view["decision"]) == (decision.player == seat)


def check_log(s: DoomOnYouState, observer: Observer) -> None:
    """New log lines name only cards this seat has seen, and no one else's bribe offers."""
    seat = observer.seat
    lines = s.log_lines(seat, observer.log_read)
    observer.log_read = len(s.events)
    names = observer.seen_names()
    for line in lines:
        assert set(NAME_RE.findall(line)) <= names, (seat, line)
        match = OFFER_RE.search(line)
        if match is not None:
            assert str(seat) in match.groups(), (seat, line)


def check_sample(s: DoomOnYouState, seat: int, rng: Rng) -> None:
    """The seat's view and log are the same in a sample, and the sample holds no secret."""
    sample = s.determinize(seat, rng)
    assert sample.view(seat) == s.view(seat)
    assert sample.log_lines(seat) == s.log_lines(seat)
    assert not sample.log
    for event in sample.events:
        if event[0] == "draw" and event[1] != seat:
            assert event[2] == HIDDEN or IS_DOOM[event[2]], event
        if event[0] in ("offer", "declined", "reveal"):
            assert seat in event[1:3], event
    assert all(seat in entry[:2] for entry in sample.revealed)
    assert {q for q in range(s.players) if sample.bribed[q]} <= offers_known(s, seat)


def play_checked(game: int) -> None:
    players, options = options_for(game)
    s = new_game("doom-on-you", players, game, options)
    assert isinstance(s, DoomOnYouState)
    observers = [Observer(s, seat) for seat in range(players)]
    rng = Rng(game)
    decisions = 0
    while True:
        # Every seat's log at every step; the views of the decider and of one seat in turn
        # (a view is rebuilt whole, so all of them at every step would cost 4x the time).
        decider = s.pending.player if s.pending is not None else -1
        for observer in observers:
            observer.look(s)
            check_log(s, observer)
        for seat in {decider, decisions % players} - {-1}:
            check_view(s, seat)
            if decisions % SAMPLE_EVERY == 0:
                check_sample(s, seat, rng)
        if s.pending is None:
            for seat in range(players):
                check_view(s, seat)
            return
        s.apply(s.pending.player, rng.choice(s.pending.options))
        decisions += 1


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_views_and_logs_show_each_player_only_what_they_have_seen(chunk: int) -> None:
    for game in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        play_checked(game)


def test_a_third_player_sees_neither_the_offer_nor_who_answers_it() -> None:
    s = new_game("doom-on-you", 3, 1, {})
    assert isinstance(s, DoomOnYouState)
    s.setup_scenario({"start": "attack", "first_defender": 0})
    for label in ("offer a bribe", "offer to player 2", "offer 2 food", "note: don't attack me"):
        s.apply(0, label)
    assert s.pending is not None and s.pending.player == 2
    outsider = s.view(1)
    assert outsider["decision"] == {"player": 0}
    assert not any(entry["offered_bribe"] for entry in outsider["players"])
    assert outsider["bribes"] == []
    assert s.view(2)["decision"]["player"] == 2 and s.view(2)["players"][0]["offered_bribe"]
    s.apply(2, "decline the offer")
    assert not s.view(1)["players"][0]["offered_bribe"] and s.view(0)["players"][0]["offered_bribe"]


def test_a_sample_keeps_no_hidden_draw_or_private_offer() -> None:
    s = new_game("doom-on-you", 3, 4, {})
    assert isinstance(s, DoomOnYouState)
    s.setup_scenario({"start": "prep", "first_defender": 0, "deck_top": ["Camo", "Hunt"]})
    s.apply(0, "draw a card")
    s.apply(0, "draw a card")
    sample = s.determinize(1, Rng(3))
    draws = [e for e in sample.events if e[0] == "draw"]
    assert draws == [("draw", 0, HIDDEN), ("draw", 0, HIDDEN)]
    assert s.determinize(0, Rng(3)).events == s.events
