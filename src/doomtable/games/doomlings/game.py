"""The Doomlings game: setup, labels, views, the event log, scenarios and determinization."""

from __future__ import annotations

from typing import Any, ClassVar, Final, Self

from mypy_extensions import mypyc_attr

from doomtable.engine import (
    BadOptionError,
    Frame,
    GameState,
    Option,
    Rng,
    ScenarioError,
    did_you_mean,
)
from doomtable.engine.state import Handler
from doomtable.games.doomlings import rules, variants
from doomtable.games.doomlings import value as win_model
from doomtable.games.doomlings.cards import COLOR_NAMES, AgeRule, Trait, color_names
from doomtable.games.doomlings.data import (  # --- trinkets ---
    AGE_INDEX,
    AGE_SET,
    AGES,
    BASE,
    BIRTH_OF_LIFE,
    MEANING_INDEX,
    MEANING_OF_LIFE,
    MEANING_SET,
    MEANINGS,
    MERCHANT_INDEX,
    MERCHANT_OF,
    MERCHANTS,
    TRAIT_SET,
    TRAITS,
    TRINKET_INDEX,
    TRINKETS,
    ages_of_sets,
    card_sets,
    cards_of_sets,
    meanings_of_sets,
    merchants_of_sets,
    trinkets_of_sets,
)
from doomtable.games.doomlings.rules import DoomlingsRules
from doomtable.games.doomlings.scoring import breakdown, final_scores
from doomtable.games.doomlings.state import (
    ALL,
    BY_RULE,
    CARD,
    N_CARDS,
    NO_TIE_DRAW,
    bit,
    cause_name,
)

HAND_SIZE: Final = 5
START_GENE_POOL: Final = 5
TIEBREAKS = ("casual", "draw")


def _trait_dict(trait: Trait) -> dict[str, Any]:
    return {
        "name": trait.name,
        "colors": color_names(trait.colors),
        "face": trait.face,
        "dominant": trait.dominant,
        "text": trait.text(),
    }


_CARD_DICTS = tuple(_trait_dict(trait) for trait in CARD)


def card_dict(card: int | Trait) -> dict[str, Any]:
    """A card as views show it (a fresh dict: callers may change it)."""
    if isinstance(card, int):
        return dict(_CARD_DICTS[card])
    return _trait_dict(card)


# Games and variants outside the compiled modules (and tests) subclass it.
@mypyc_attr(allow_interpreted_subclasses=True)
class DoomlingsState(DoomlingsRules):
    """A game of Doomlings (Classic)."""

    HANDLERS: ClassVar[dict[str, Handler]] = {**GameState.HANDLERS, **rules.HANDLERS}

    @classmethod
    def create(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        if options.get("tiebreak") not in TIEBREAKS:
            raise BadOptionError(
                f"tiebreak must be one of {', '.join(TIEBREAKS)}, not {options.get('tiebreak')!r}"
            )
        variants.check_options(players, options)
        sets = card_sets(options)
        # Kept as the game reads it ("all" and any order name the same game), and left out
        # for the base set alone, so such a game is stored exactly as before sets existed.
        options = {k: v for k, v in options.items() if k != "sets"}
        if sets != (BASE,):
            options["sets"] = ",".join(sets)
        s = cls.__new__(cls)
        s._init_core(players, seed, options)
        s.event_causes = []
        s.hands = [[] for _ in range(players)]
        s.piles = [[] for _ in range(players)]
        s.gene_pool = [START_GENE_POOL] * players
        s.deck = cards_of_sets(sets)
        s.rng.shuffle(s.deck)
        s.discard = []
        s.age_deck = cls.deal_ages(s.rng, ages_of_sets(sets), *variants.era_layout(options))
        s.eras = [[]]
        s.age = -1
        s.catastrophes = 0
        s.first_player = 0
        s.turn_player = -1
        s.round_no = 0
        s.last_colors = -1
        s.revealed = []
        s.age_seen = 0
        s.gp_applied = []
        s.denial_spent = False
        # Per card id, up to the highest id dealt: a base game's lists stay as they were
        # before the expansions were added.
        ids = max(s.deck) + 1
        s.recolor = [-1] * ids
        s.named_color = [-1] * ids
        s.end_points = [0] * players
        s.final_doom = -1
        s.deck_out = False
        s.hero = -1
        s.ignoring = 0
        s.tie_draws = [NO_TIE_DRAW] * players
        s.tie_drawn = []
        s.over = False
        s.packs = [[] for _ in range(players)]
        s.decks = [[] for _ in range(players)]
        s.discards = [[] for _ in range(players)]
        s.lab = []
        s.attached = []
        s.copies = []  # --- overlush: Opposable Thumbs ---
        # --- deeplings ---
        s.suppressed = [[] for _ in range(players)]
        s.suppressed_under = [[] for _ in range(players)]
        # --- trinkets ---: the trinket and merchant decks are shuffled only when dealt, so a
        # game without them draws from the generator as before; each player gains 1 trinket.
        s.trinket_deck = trinkets_of_sets(sets)
        s.trinkets = [[] for _ in range(players)]
        s.pocketed = [[] for _ in range(players)]
        s.trashed = []
        s.merchant_deck = merchants_of_sets(sets)
        s.merchants_seen = []
        s.turn_discards = []
        s.turn_draws = 0
        s.turn_removed = []
        if s.trinket_deck:
            s.rng.shuffle(s.trinket_deck)
            s.rng.shuffle(s.merchant_deck)
            for p in range(players):
                rules.gain_trinket(s, p, BY_RULE)
        # --- meaning of life: each player is dealt 2 and keeps 1, after the traits ---
        s.meanings = [[] for _ in range(players)]
        s.meaning_deck = meanings_of_sets(sets)
        s.meaning_points = [0] * players
        keep = rules.deal_meanings(s)
        s.push_all([*variants.deal(s, HAND_SIZE), *keep, ("flip", 0)])
        s._advance()
        return s

    @staticmethod
    def deal_ages(rng: Rng, pool: list[int], piles: int = 3, ages_per_pile: int = 3) -> list[int]:
        """Era piles of ages plus one catastrophe each, from the ages in ``pool``, shuffled
        apart; Birth of Life on top."""
        ages = [a for a in pool if not AGES[a].catastrophe and not AGES[a].birth_of_life]
        catastrophes = [a for a in pool if AGES[a].catastrophe]
        rng.shuffle(ages)
        rng.shuffle(catastrophes)
        deck: list[int] = []
        for _ in range(piles):
            pile = [ages.pop() for _ in range(ages_per_pile)] + [catastrophes.pop()]
            rng.shuffle(pile)
            deck = pile + deck  # the first pile dealt ends on top
        return [*deck, BIRTH_OF_LIFE]

    # ------------------------------------------------------------------ engine hooks

    def response_options(self, player: int, trigger: tuple[Any, ...]) -> list[Option]:
        return rules.response_options(self, player, trigger)

    def on_response(self, player: int, option: Option, trigger: tuple[Any, ...]) -> bool:
        return rules.on_response(self, player, option, trigger)

    def window_prompt(self, trigger: tuple[Any, ...]) -> str:
        kind = trigger[0]
        if kind == "played":
            return f"Player {trigger[1]} played {CARD[trigger[2]].name}: respond?"
        if kind == "action":
            # Opposable Thumbs (as Remarkable): the action is the copy's.
            return f"Player {trigger[1]} uses the action of {self.shown_name(trigger[2])}: respond?"
        if kind == "stabilized":
            return "You have stabilized: play anything more?"
        if kind == "hero":
            return "Birth of a Hero: play Heroic now?"
        if kind == "stolen":  # --- mythlings ---
            return f"Player {trigger[1]} took from you: respond?"
        if kind == "trait_discarded":
            return f"{CARD[trigger[2]].name} left player {trigger[1]}'s pile: respond?"
        if kind == "left_pile":  # --- overlush: Dart, Motion Dazzle, Patches, Quills ---
            return f"{CARD[trigger[2]].name} left your trait pile: respond?"
        if kind == "round_over":
            return "The round is over: play anything before the next age?"
        if kind == "catastrophe":
            return f"{AGES[trigger[1]].name} is flipped: respond?"
        if kind == "arrived":
            return "Cards came into your hand: play anything?"
        return "The world is ending: play anything from your hand?"

    _scores_at_end: tuple[int, tuple[int, ...]] = (-1, ())
    """The final scores, counted once (with the number of events then, in case anything
    changes after all): a finished game's results, snapshot and card statistics each ask for
    them. Not a field: copies count again."""

    def scores(self) -> list[int]:
        if not self.over:
            return final_scores(self)
        at, scores = self._scores_at_end
        if at != len(self.events):
            scores = tuple(final_scores(self))
            self._scores_at_end = (len(self.events), scores)
        return list(scores)

    def winners(self) -> list[int]:
        if not self.over:
            return []
        scores = self.scores()
        best = max(scores)
        tied = [p for p in range(self.players) if scores[p] == best]
        # Blackbox: the draws are already in the scores; Classic compares them among the tied.
        if len(tied) > 1 and self.options.get("tiebreak") == "draw" and not self.TIE_DRAW_SCORES:
            top = max(self.tie_draws[p] for p in tied)
            tied = [p for p in tied if self.tie_draws[p] == top]
        return tied

    def win_chances(self) -> list[float]:
        return win_model.win_chances(self, self.scores())

    def evaluate(self, player: int) -> float:
        scores = self.scores()
        rivals = max((s for q, s in enumerate(scores) if q != player), default=0)
        return float(scores[player] - rivals) + 0.1 * len(self.hands[player])

    # ------------------------------------------------------------------ labels and log

    def label(self, option: Option) -> str:
        verb = option[0]
        name = _name
        if verb == "pass":
            return "pass"
        if verb in ("play", "respond"):
            return f"play {name(option[1])}"
        if verb in ("play_on", "respond_on"):
            return f"play {name(option[1])} on player {option[2]}"
        if verb == "discard":
            return f"discard {name(option[1])}"
        if verb == "discard_trait":
            return f"discard {name(option[2])} from player {option[1]}'s pile"
        if verb == "give":
            return f"give {name(option[2])} to player {option[1]}"
        if verb == "give_trait":
            return f"give {name(option[2])} to player {option[1]}"
        if verb in ("take", "take_card"):
            return f"take {name(option[2])} from player {option[1]}"
        if verb == "return_to":
            return f"return {name(option[2])} to player {option[1]}'s hand"
        if verb == "return":
            return f"return {name(option[1])} to hand"
        if verb == "keep":
            return f"keep {name(option[1])}"
        if verb == "show":
            return f"show {name(option[1])}"
        if verb == "target":
            return f"target player {option[1]}"
        if verb == "color":
            return f"color {COLOR_NAMES[option[1]]}"
        if verb == "swap":
            return f"swap {name(option[1])} for {name(option[3])} of player {option[2]}"
        if verb == "use":
            return f"use {name(option[2])} of player {option[1]}"
        if verb == "recolor":
            return f"recolor {COLOR_NAMES[option[1]]} to {COLOR_NAMES[option[2]]}"
        if verb == "lab":
            return f"move {name(option[1])} to the Lab"
        if verb == "doom":
            return f"end on {AGES[option[1]].name}"
        # --- overlush (traits b) ---
        if verb == "bottom":
            return f"put {name(option[1])} under the deck"
        if verb == "top":
            return f"put {name(option[1])} on top of the deck"
        if verb == "face":
            return f"face value {option[1]}"
        if verb == "effect":
            return _one_of_label(option)
        if verb == "nimble":
            return f"discard {name(option[1])} to discard a trait of your pile"
        if verb == "scavenge":
            return f"take {name(option[1])} from the discard pile"
        if verb == "again":
            return f"repeat {AGES[option[1]].name}"
        if verb == "seedwing":
            return f"discard {name(option[1])} from your pile to play 1 more trait"
        if verb == "discard_color":
            return f"discard every {COLOR_NAMES[option[1]]} card"
        if verb == "to_deck":
            return f"put {name(option[1])} on top of the deck"
        # --- mythlings, relics, special edition ---
        if verb == "replay":
            return f"play {name(option[1])}"
        if verb == "replay_on":
            return f"play {name(option[1])} into player {option[2]}'s pile"
        if verb == "conjure":
            return f"play {name(option[1])} from the discard pile"
        if verb == "place":
            return f"place {AGES[option[1]].name}"
        if verb == "copy":  # --- overlush: Opposable Thumbs ---
            return f"copy {name(option[1])}"
        if verb == "suppress":  # --- deeplings ---
            return f"suppress {name(option[1])}"
        if verb in ("trash", "pocket"):  # --- trinkets ---
            return f"{verb} {TRINKETS[option[1]].name}"
        if verb == "meaning":  # --- meaning of life ---
            return f"keep {MEANINGS[option[1]].name}"
        if verb == "revive":  # --- newer ---
            return f"play {name(option[1])} from the discard pile"
        return _FIXED_LABELS[verb]

    def event_visible(self, event: tuple[Any, ...], viewer: int) -> bool:
        mask: int = event[0]
        return mask == ALL or bool(mask & bit(viewer))

    def event_text(self, event: tuple[Any, ...], viewer: int | None) -> str | None:
        if event[0] != ALL and (viewer is None or not self.event_visible(event, viewer)):
            return None
        return _describe(event[1], event[2:])

    def log_lines(self, viewer: int | None = None, start: int = 0) -> list[str]:
        """The log as ``viewer`` may see it, each line that changes a zone naming its cause:
        the trait whose effect it is, the age or catastrophe, or World's End ("Reckless:
        player 1 loses ..."). A state without recorded causes (a copy) names none."""
        causes = self.event_causes
        if causes is not None and len(causes) != len(self.events):
            causes = None
        lines = []
        for index in range(start, len(self.events)):
            event = self.events[index]
            text = self.event_text(event, viewer)
            if text is None:
                continue
            cause = cause_name(causes[index]) if causes is not None else None
            lines.append(f"{cause}: {text}" if cause and event[1] in _CAUSED else text)
        return lines

    def stabilize_now(self, player: int, size: int, cause: int) -> int:
        # An unseen mark, which the log once read to stop naming the trait just played as the
        # cause; kept so that the events of games saved before stay the same. Asking again for
        # the same discard (as loading a save does) adds no second mark.
        mark: tuple[Any, ...] = (0, "stabilizes", player)
        if not self.events or self.events[-1] != mark:
            self.emit(mark)
        return super().stabilize_now(player, size, cause)

    # ------------------------------------------------------------------ views

    def view(self, player: int) -> dict[str, Any]:
        return {
            "game": self.GAME,
            "viewer": player,
            "players": self.players,
            "round": self.round_no,
            "stage": self.stage(),
            "variant": self.variant,
            "age": _age_dict(self.age),
            "era": len(self.eras),
            "catastrophes": [AGES[a].name for e in self.eras for a in e if AGES[a].catastrophe],
            "catastrophe_cards": [
                _age_dict(a) for e in self.eras for a in e if AGES[a].catastrophe
            ],
            "ages_left": len(self.age_deck),
            "next_age": _age_dict(self.age_deck[-1])
            if self.age_seen & bit(player) and self.age_deck
            else None,
            "first_player": self.first_player,
            "turn_player": self.turn_player if self.turn_player >= 0 else None,
            "deck_size": len(self.deck),
            "discard_size": len(self.discard),
            "discard_top": card_dict(self.discard[-1]) if self.discard else None,
            "discard": [CARD[c].name for c in self.discard],
            "hand": [self._hand_card(player, c) for c in self.hands[player]],
            "pack": [card_dict(c) for c in self.packs[player]],
            "own_deck_size": len(self.decks[player]),
            # Its owner drafted it: what it holds is known, its order is not (sorted here).
            "own_deck": [card_dict(c) for c in sorted(self.decks[player], key=_design)],
            "lab": [card_dict(c) for c in self.lab],
            "seats": [self._seat(q, player) for q in range(self.players)],
            "revealed": [{"from": q, "card": card_dict(c)} for q, c in self.revealed_to(player)],
            "pending": self._pending_view(player),
            "game_over": self.over,
            "scores": self.scores() if self.over else None,
            "winners": self.winners() if self.over else None,
            "breakdowns": [breakdown(self, q).as_dict() for q in range(self.players)]
            if self.over
            else None,
            "worlds_end": AGES[self.final_doom].name if self.final_doom >= 0 else None,
            # --- deeplings: face-down cards, known to their owner alone ---
            "suppressed": [card_dict(c) for c in self.suppressed[player]],
            **self._trinkets_view(),
            # --- meaning of life: the player's own, hidden from the others until the end ---
            "meanings": [meaning_dict(m) for m in self.meanings[player]],
        }

    def _trinkets_view(self) -> dict[str, Any]:
        """--- trinkets ---: every trinket held or pocketed is face up; of the decks, only
        their sizes are known."""
        if not self.trinkets_in_game():
            return {}
        return {
            "trinkets": [[trinket_dict(t) for t in held] for held in self.trinkets],
            "pocketed": [[trinket_dict(t) for t in held] for held in self.pocketed],
            "trinket_deck_size": len(self.trinket_deck),
            "trashed": [TRINKETS[t].name for t in self.trashed],
            "merchants": [merchant_dict(m) for m in self.merchants_seen],
            "merchant_deck_size": len(self.merchant_deck),
        }

    def revealed_to(self, player: int) -> list[tuple[int, int]]:
        """(holder, card) of each card in another player's hand that ``player`` may see: the
        cards revealed to them, then, under the Age of Metadata, the rest of every other hand
        (Techlings)."""
        shown = [
            (q, c)
            for mask, c in self.revealed
            if mask & bit(player)
            for q in range(self.players)
            if q != player and c in self.hands[q]
        ]
        if self.rule() is not AgeRule.OPEN_HANDS:
            return shown
        seen = {c for mask, c in self.revealed if mask & bit(player)}
        return shown + [
            (q, c)
            for q in range(self.players)
            if q != player
            for c in self.hands[q]
            if c not in seen
        ]

    def stage(self) -> str:
        """Where the game is: ``round`` (turns, or between them), ``age`` (a new age's
        effects before its round: a catastrophe's disasters) or ``worlds_end``."""
        kinds = {frame[0] for frame in self.stack}
        if "doom" in kinds:
            return "worlds_end"
        if "round" in kinds and "round_end" not in kinds:
            return "age"
        return "round"

    def unplayable_reason(self, player: int, card: int) -> str | None:
        """Why ``player`` could not play ``card`` from the hand as a turn's trait now, in a few
        words (the age's rule, a 3rd dominant, an unmet requirement); ``None`` if they could."""
        trait = CARD[card]
        if not self.age_allows(card):
            if AGES[self.age].rule is AgeRule.NATURAL_HARMONY:
                return f"{AGES[self.age].name}: shares a colour with the last trait played"
            return f"{AGES[self.age].name} forbids it"
        if trait.dominant and not self.dominant_room(player):
            return f"you already have {self.dominants(player)} dominant traits"
        if self.rule() is AgeRule.RAMBLIN and rules.banned_colors(self, player) & trait.colors:
            return f"{AGES[self.age].name}: its color was named against you"
        if self.trinkets_in_game():  # --- trinkets ---
            trinket = rules.trinket_refusal(self, player, card)
            if trinket >= 0:
                return f"{TRINKETS[trinket].name}: {TRINKETS[trinket].power.text()}"
        if not self.requirement_met(player, card):
            requirement = trait.requirement
            return requirement.text() if requirement is not None else "its requirement is not met"
        return None

    def _hand_card(self, player: int, card: int) -> dict[str, Any]:
        d = card_dict(card)
        d["why_not"] = None if self.over else self.unplayable_reason(player, card)
        return d

    def _seat(self, q: int, viewer: int) -> dict[str, Any]:
        traits = []
        for c in self.piles[q]:
            d = card_dict(c)
            if self.copies and self.same(c) != c:  # --- overlush: Opposable Thumbs ---
                # The copy's facts under the card's own name (which names the card to every
                # reader of a view), and what tables show: "Opposable Thumbs (as Heroic)".
                d = card_dict(self.same(c))
                d["name"] = CARD[c].name
                d["copy_of"] = CARD[self.same(c)].name
                d["shown"] = self.shown_name(c)
            if self.recolor[c] >= 0:
                d["colors"] = color_names(self.recolor[c])
            if self.attached:
                host = self.host_of(c)
                if host >= 0:
                    d["attached_to"] = CARD[host].name
            traits.append(d)
        score = breakdown(self, q, viewer)
        seat = {
            "seat": q,
            "name": f"player {q}",
            "gene_pool": self.gene_pool[q],
            "hand_size": len(self.hands[q]),
            "traits": traits,
            "score": score.total,
            "dominants": self.dominants(q),
            "discard": [CARD[c].name for c in self.discards[q]],
            "suppressed": len(self.suppressed[q]),  # --- deeplings: face down, a count
            "meanings": len(self.meanings[q]),  # --- meaning of life: hidden, a count
        }
        if self.over:  # the final scoring is public, step by step
            seat["breakdown"] = score.as_dict()
        return seat

    def _pending_view(self, player: int) -> dict[str, Any] | None:
        d = self._pending
        if d is None:
            return None
        if d.player != player:
            # Some questions go only to a player holding certain cards (Alien Terraform asks
            # holders of a dominant, where others would be asked to play a trait): others see
            # only whose decision it is.
            return {"player": d.player, "kind": None, "prompt": "choosing"}
        out: dict[str, Any] = {"player": d.player, "kind": d.kind, "prompt": d.prompt}
        if d.player == player:
            out["options"] = [self.label(o) for o in d.options]
        return out

    def card_stats(self) -> dict[str, dict[str, int]]:
        """Per card, for balance reports: plays this game, piles holding it at the end, and
        how many of those piles won; per age: flipped, with the game's winning margin (the
        report compares it with the margin of all games: the age's swing)."""
        stats: dict[str, dict[str, int]] = {}
        for event in self.events:
            if event[1] == "plays":
                entry = stats.setdefault(CARD[event[3]].name, {})
                entry["played"] = entry.get("played", 0) + 1
        winners = set(self.winners())
        for p in range(self.players):
            for name in {CARD[c].name for c in self.piles[p]}:
                entry = stats.setdefault(name, {})
                entry["held"] = entry.get("held", 0) + 1
                entry["held_by_winner"] = entry.get("held_by_winner", 0) + (p in winners)
        for p, held in enumerate(self.meanings):  # --- meaning of life: kept, and won with
            for m in held:
                entry = stats.setdefault(MEANINGS[m].name, {})
                entry["held"] = entry.get("held", 0) + 1
                entry["held_by_winner"] = entry.get("held_by_winner", 0) + (p in winners)
        ranked = sorted(self.scores(), reverse=True)
        margin = ranked[0] - ranked[1] if len(ranked) > 1 else 0
        for era in self.eras:
            for age in era:
                stats[f"age: {AGES[age].name}"] = {
                    "flipped": 1,
                    "margin": margin,
                    "margin_sq": margin * margin,  # for the swing's confidence interval
                }
        return stats

    def final_record(self, card_stats: bool = True) -> dict[str, Any]:
        record: dict[str, Any] = {"round": self.round_no}
        if card_stats:
            record["card_stats"] = self.card_stats() if self.over else None
        return record

    def snapshot(self) -> dict[str, Any]:
        scores = self.scores()
        snap = {
            "players": [
                {
                    "hand": [CARD[c].name for c in self.hands[p]],
                    "hand_size": len(self.hands[p]),
                    "traits": [CARD[c].name for c in self.piles[p]],
                    "gene_pool": self.gene_pool[p],
                    "score": scores[p],
                    "breakdown": breakdown(self, p).as_dict(),
                    "dominants": self.dominants(p),
                    "suppressed": [CARD[c].name for c in self.suppressed[p]],  # --- deeplings
                    "meanings": [MEANINGS[m].name for m in self.meanings[p]],  # meaning of life
                    # Techlings: each attachment of this pile with its host, by name.
                    "attachments": [
                        [CARD[a].name, CARD[h].name] for a, h in self.attached if a in self.piles[p]
                    ],
                    # Opposable Thumbs with the dominant it copies, by name.
                    "copies": [
                        [CARD[t].name, CARD[c].name] for t, c in self.copies if t in self.piles[p]
                    ],
                }
                for p in range(self.players)
            ],
            "deck_size": len(self.deck),
            "deck_top": [CARD[c].name for c in reversed(self.deck[-5:])],
            "deck_bottom": [CARD[c].name for c in self.deck[:5]],  # the very bottom first
            "lab": [CARD[c].name for c in self.lab],
            "packs": [[CARD[c].name for c in pack] for pack in self.packs],
            "own_decks": [len(deck) for deck in self.decks],
            "own_discards": [[CARD[c].name for c in pile] for pile in self.discards],
            "discard": [CARD[c].name for c in self.discard],
            "age": AGES[self.age].name if self.age >= 0 else None,
            "age_deck": [AGES[a].name for a in reversed(self.age_deck)],
            "catastrophes": self.catastrophes,
            "era": len(self.eras),
            "next_age_seen_by": [p for p in range(self.players) if self.age_seen & bit(p)],
            "first_player": self.first_player,
            "turn_player": self.turn_player,
            "round": self.round_no,
            "game_over": self.over,
            "winners": self.winners(),
            "scores": scores,
            "card_stats": self.card_stats() if self.over else None,
            **self._trinkets_snapshot(),
            "pending": None
            if self._pending is None
            else {
                "player": self._pending.player,
                "kind": self._pending.kind,
                "prompt": self._pending.prompt,
                "options": self.labels(),
            },
        }
        if self.trinkets_in_game():  # --- trinkets ---
            for p, seat in enumerate(snap["players"]):
                seat["trinkets"] = [TRINKETS[t].name for t in self.trinkets[p]]
                seat["pocketed"] = [TRINKETS[t].name for t in self.pocketed[p]]
        return snap

    def _trinkets_snapshot(self) -> dict[str, Any]:
        """--- trinkets ---: by name, each deck top first."""
        if not self.trinkets_in_game():
            return {}
        return {
            "trinket_deck": [TRINKETS[t].name for t in reversed(self.trinket_deck)],
            "trashed": [TRINKETS[t].name for t in self.trashed],
            "merchant_deck": [MERCHANTS[MERCHANT_OF[m]].name for m in reversed(self.merchant_deck)],
            "merchants": [MERCHANTS[MERCHANT_OF[m]].name for m in self.merchants_seen],
        }

    # ------------------------------------------------------------------ determinization

    def determinize(self, player: int, rng: Rng) -> Self:
        """Redeal what ``player`` cannot see: opponents' unrevealed hand cards and the deck,
        and the unflipped ages (keeping one catastrophe per remaining era pile). Only the
        events the player saw are kept, and no decision log."""
        s = self.clone()
        # The history keeps only what the player saw; the decision log holds others' choices.
        s.events = self.seen_events(player)
        s.log = []
        known = {c for mask, c in s.revealed if mask & bit(player)}
        if s.rule() is AgeRule.OPEN_HANDS:  # Age of Metadata: every hand is on the table
            known.update(c for hand in s.hands for c in hand)
        hidden: list[int] = list(s.deck)
        slots: list[tuple[list[int], int]] = []  # (zone, index) of hidden cards
        for q in range(s.players):
            if q == player:
                continue
            for zone in (s.hands[q], s.packs[q], s.decks[q], s.suppressed[q]):
                for i, c in enumerate(zone):
                    if c not in known:
                        hidden.append(c)
                        slots.append((zone, i))
        hidden.sort()  # shuffle from a canonical order: the real one must not show through
        rng.shuffle(hidden)
        for zone, i in slots:
            zone[i] = hidden.pop()
        s.deck = hidden
        s.decks[player].sort()  # its cards are known, their order is not
        rng.shuffle(s.decks[player])
        s.age_deck = self._redeal_ages(player, rng)
        # --- trinkets ---: what the face-down decks hold is known, their order is not (a
        # game without them draws nothing more from the generator: its samples stay as they were)
        if s.trinket_deck or s.merchant_deck:
            s.trinket_deck.sort()
            rng.shuffle(s.trinket_deck)
            s.merchant_deck.sort()
            rng.shuffle(s.merchant_deck)
        s.stack = [_unseen_picks(frame, s, player, rng) for frame in s.stack]
        if s.meaning_deck or (any(s.meanings) and not s.over):  # --- meaning of life ---
            _redeal_meanings(s, player, rng)
        return s

    def _redeal_ages(self, player: int, rng: Rng) -> list[int]:
        deck = self.age_deck
        seen_top = deck[-1] if deck and self.age_seen & bit(player) else None
        flipped = {a for e in self.eras for a in e}
        pools: dict[bool, list[int]] = {True: [], False: []}
        for i in ages_of_sets(card_sets(self.options)):
            a = AGES[i]
            if not a.birth_of_life and i not in flipped and i != seen_top:
                pools[a.catastrophe].append(i)
        rng.shuffle(pools[True])
        rng.shuffle(pools[False])
        # Era piles hold one catastrophe each: the player knows that much of the structure.
        cats_left = sum(1 for a in deck if AGES[a].catastrophe)
        pile = variants.era_layout(self.options)[1] + 1
        full = min(cats_left, len(deck) // pile)
        segments = [[pile, 1] for _ in range(full)]
        segments.append([len(deck) - full * pile, cats_left - full])
        if seen_top is not None:
            top = next(seg for seg in reversed(segments) if seg[0])
            top[0] -= 1
            top[1] -= AGES[seen_top].catastrophe
        # Ages moved by a card (Omnipotent's order) may break that structure: each segment
        # holds what it can, and the count left over goes to the segments nearest the top.
        unseen_cats = cats_left - (seen_top is not None and AGES[seen_top].catastrophe)
        for seg in segments:
            seg[1] = max(0, min(seg[1], seg[0]))
        extra = unseen_cats - sum(seg[1] for seg in segments)
        for seg in reversed(segments):
            change = max(-seg[1], min(extra, seg[0] - seg[1]))
            seg[1] += change
            extra -= change
        out: list[int] = []
        try:
            for size, cats in segments:
                cards = [pools[True].pop() for _ in range(cats)]
                cards += [pools[False].pop() for _ in range(size - cats)]
                rng.shuffle(cards)
                out.extend(cards)
        except IndexError:
            return list(deck)  # a hand-made scenario deck that no era structure explains
        if seen_top is not None:
            out.append(seen_top)
        return out

    # ------------------------------------------------------------------ scenarios

    def setup_scenario(self, setup: dict[str, Any]) -> None:
        known = {
            "players",
            "deck_top",
            "discard",
            "age",
            "age_deck",
            "catastrophes",
            "first_player",
            "deck_bottom",  # --- overlush (traits b) ---: the very bottom card first
            "trinket_deck",  # --- trinkets ---: top first
            "merchant_deck",
            "meaning_deck_top",  # --- meaning of life ---: the top card first
        }
        unknown = set(setup) - known
        if unknown:
            raise ScenarioError(
                f"unknown setup key(s) {', '.join(sorted(unknown))}; known: "
                f"{', '.join(sorted(known))}"
            )
        self.stack.clear()
        # A draft cut short by the scenario: Strategic Start's packs are the dealt hands;
        # Intelligent Design's go back to the community deck (own decks start empty), and
        # everyone draws a hand from it.
        for p, pack in enumerate(self.packs):
            if self.own_decks:
                self.deck[0:0] = pack + self.decks[p]
                self.decks[p] = []
                self.hands[p] = [self.deck.pop() for _ in range(HAND_SIZE)]
            else:
                self.hands[p].extend(pack)
            self.packs[p] = []
        players = setup.get("players") or {}
        if isinstance(players, list):
            players = dict(enumerate(players))
        seats: dict[int, dict[str, Any]] = {}
        for key, value in players.items():
            seat = int(key)
            if not 0 <= seat < self.players:
                raise ScenarioError(f"no player {seat} in a {self.players}-player game")
            if not isinstance(value, dict):
                raise ScenarioError(f"players.{seat} must be a mapping")
            extra = set(value) - {
                "hand",
                "traits",
                "gene_pool",
                "suppressed",
                "trinkets",  # --- trinkets ---
                "pocketed",
                "meanings",  # --- meaning of life ---
            }
            if extra:
                raise ScenarioError(
                    f"players.{seat}: unknown key(s) {', '.join(sorted(extra))}; "
                    "known: gene_pool, hand, meanings, pocketed, suppressed, traits, trinkets"
                )
            seats[seat] = value
        for seat, value in seats.items():
            if "hand" in value:
                self.deck[0:0] = self.hands[seat]
                self.hands[seat] = []
        self.deck.extend(self.discard)
        self.discard = []
        free_hands = [q for q in range(self.players) if "hand" not in seats.get(q, {})]

        def take(name: str, where: str) -> int:
            index = _trait_index(name, where)
            for c in self.deck:
                if TRAITS[_trait_of(c)] is TRAITS[index]:
                    self.deck.remove(c)
                    return c
            for q in free_hands:
                for c in self.hands[q]:
                    if TRAITS[_trait_of(c)] is TRAITS[index]:
                        self.hands[q].remove(c)
                        self.hands[q].append(self.deck.pop(0))
                        return c
            if TRAIT_SET[index] not in card_sets(self.options):
                raise ScenarioError(
                    f"{where}: {TRAITS[index].name!r} is a card of the {TRAIT_SET[index]} set; "
                    f"add it to the options (sets: {TRAIT_SET[index]})"
                )
            raise ScenarioError(f"{where}: no copy of {TRAITS[index].name!r} is left to place")

        for seat, value in seats.items():
            for name in value.get("hand", []):
                self.hands[seat].append(take(name, f"players.{seat}.hand"))
            for name in value.get("traits", []):
                self.enter_pile(seat, take(name, f"players.{seat}.traits"))
            for name in value.get("suppressed", []):  # --- deeplings: face down, by the rules
                self.suppressed[seat].append(take(name, f"players.{seat}.suppressed"))
                self.suppressed_under[seat].append(-1)
            if "gene_pool" in value:
                self.gene_pool[seat] = int(value["gene_pool"])
        self.discard = [take(n, "discard") for n in setup.get("discard", [])]
        top = [take(n, "deck_top") for n in setup.get("deck_top", [])]
        self.deck.extend(reversed(top))
        self.deck[0:0] = [take(n, "deck_bottom") for n in setup.get("deck_bottom", [])]
        self._setup_ages(setup)
        self._setup_trinkets(setup, seats)
        self._setup_meanings(setup, seats)  # --- meaning of life ---
        if "first_player" in setup:
            self.first_player = int(setup["first_player"]) % self.players
        self.round_no = 0
        self.events = []  # the deal being rearranged is not part of the scenario's story
        self.event_causes = []
        self.emit((ALL, "scenario"))
        self.push(("round",))
        if AGES[self.age].rule is AgeRule.HERO:
            rules.call_hero(self)
        self._advance()

    def _setup_trinkets(self, setup: dict[str, Any], seats: dict[int, dict[str, Any]]) -> None:
        """--- trinkets ---: the trinkets each seat holds and has pocketed, the decks' tops."""
        named = [seat.get(k, []) for seat in seats.values() for k in ("trinkets", "pocketed")]
        if (
            any(named) or setup.get("trinket_deck") or setup.get("merchant_deck")
        ) and not self.trinkets_in_game():
            raise ScenarioError("trinkets and merchants need the trinkets set (sets: trinkets)")
        for seat, value in seats.items():
            if "trinkets" in value:
                self.trinket_deck[0:0] = self.trinkets[seat]
                self.trinkets[seat] = []
        free = [q for q in range(self.players) if "trinkets" not in seats.get(q, {})]

        def take(name: str, where: str) -> int:
            index = TRINKET_INDEX.get(str(name).casefold())
            if index is None:
                names = [t.name for t in TRINKETS]
                raise ScenarioError(
                    f"{where}: no trinket is called {name!r}{_suggest(str(name), names)}"
                )
            if index in self.trinket_deck:
                self.trinket_deck.remove(index)
                return index
            for q in free:  # dealt to a seat the scenario leaves as dealt: it gets another
                if index in self.trinkets[q]:
                    self.trinkets[q].remove(index)
                    self.trinkets[q].append(self.trinket_deck.pop(0))
                    return index
            raise ScenarioError(f"{where}: {TRINKETS[index].name!r} is placed twice")

        for seat, value in seats.items():
            for name in value.get("trinkets", []):
                self.trinkets[seat].append(take(name, f"players.{seat}.trinkets"))
            for name in value.get("pocketed", []):
                self.pocketed[seat].append(take(name, f"players.{seat}.pocketed"))
        top = [take(n, "trinket_deck") for n in setup.get("trinket_deck", [])]
        self.trinket_deck.extend(reversed(top))
        merchants: list[int] = []
        for name in setup.get("merchant_deck", []):
            design = MERCHANT_INDEX.get(str(name).casefold(), -1)
            card = next((m for m in self.merchant_deck if MERCHANT_OF[m] == design), -1)
            if card < 0:
                names = [m.name for m in MERCHANTS]
                raise ScenarioError(
                    f"merchant_deck: no {name!r} merchant card is left{_suggest(str(name), names)}"
                )
            self.merchant_deck.remove(card)
            merchants.append(card)
        self.merchant_deck.extend(reversed(merchants))

    def _setup_meanings(self, setup: dict[str, Any], seats: dict[int, dict[str, Any]]) -> None:
        """Meaning of Life cards as the scenario names them: the dealt ones go back to their
        deck, each player holds those of ``players.N.meanings`` (none if not given) and the
        deck's top cards are ``meaning_deck_top``."""
        for held in self.meanings:
            self.meaning_deck.extend(held)
            held.clear()
        in_game = set(self.meaning_deck)

        def take(name: str, where: str) -> int:
            index = MEANING_INDEX.get(name.casefold())
            if index is None:
                raise ScenarioError(
                    f"{where}: no Meaning of Life card {name!r}"
                    + _suggest(name, [m.name for m in MEANINGS])
                )
            if index not in in_game:
                raise ScenarioError(
                    f"{where}: {MEANINGS[index].name!r} is not dealt in this game; add the sets "
                    f"{MEANING_OF_LIFE} and {MEANING_SET[index]} to the options"
                )
            if index not in self.meaning_deck:
                raise ScenarioError(f"{where}: {MEANINGS[index].name!r} is placed twice")
            self.meaning_deck.remove(index)
            return index

        for seat, value in seats.items():
            names = value.get("meanings", [])
            self.meanings[seat] = [take(n, f"players.{seat}.meanings") for n in names]
        top = [take(n, "meaning_deck_top") for n in setup.get("meaning_deck_top", [])]
        self.meaning_deck.extend(reversed(top))

    def _setup_ages(self, setup: dict[str, Any]) -> None:
        sets = card_sets(self.options)

        def age_index(name: str, where: str) -> int:
            index = _age_index(name, where)
            if AGE_SET[index] not in sets:
                raise ScenarioError(
                    f"{where}: {AGES[index].name!r} is a card of the {AGE_SET[index]} set; "
                    f"add it to the options (sets: {AGE_SET[index]})"
                )
            return index

        flipped = [age_index(n, "catastrophes") for n in setup.get("catastrophes", [])]
        for a in flipped:
            if not AGES[a].catastrophe:
                raise ScenarioError(f"catastrophes: {AGES[a].name!r} is not a catastrophe")
        current = age_index(setup["age"], "age") if "age" in setup else BIRTH_OF_LIFE
        if AGES[current].catastrophe:
            raise ScenarioError(
                "age: the current age of a scenario must be an age, not a catastrophe"
            )
        used = set(flipped) | {current}
        if "age_deck" in setup:
            deck = [age_index(n, "age_deck") for n in setup["age_deck"]]
            self.age_deck = list(reversed(deck))
        else:
            self.age_deck = [a for a in self.age_deck if a not in used]
            if len(flipped) + sum(1 for a in self.age_deck if AGES[a].catastrophe) < 3:
                spare = [
                    i
                    for i in ages_of_sets(card_sets(self.options))
                    if AGES[i].catastrophe and i not in used and i not in self.age_deck
                ]
                self.age_deck.insert(0, spare[0])
        self.catastrophes = len(flipped)
        self.eras = [[BIRTH_OF_LIFE]] if current != BIRTH_OF_LIFE else [[]]
        for a in flipped:
            self.eras[-1].append(a)
            self.eras.append([])
        self.eras[-1].append(current)
        self.age = current


def _unseen_picks(frame: Frame, s: DoomlingsState, player: int, rng: Rng) -> Frame:
    """King of the Jungle's picks not shown yet: in a sample, each other player's pick is a
    card of their redealt hand drawn at random, as ``player`` cannot know it."""
    if frame[0] != "jungle":
        return frame
    picks = []
    for q, card in frame[2]:
        hand = s.hands[q]
        if q != player and hand:
            card = hand[rng.below(len(hand))]
        picks.append((q, card))
    return (*frame[:2], tuple(picks), *frame[3:])


def _trait_of(card: int) -> int:
    from doomtable.games.doomlings.data import TRAIT_OF

    return TRAIT_OF[card]


def _name(card: int) -> str:
    return CARD[card].name


def _suggest(name: str, names: list[str]) -> str:
    hint = did_you_mean(name, names, most=3)
    return f" ({hint})" if hint else ""


def _trait_index(name: str, where: str) -> int:
    from doomtable.games.doomlings.data import TRAIT_INDEX

    index = TRAIT_INDEX.get(str(name).strip().casefold())
    if index is None:
        names = [t.name for t in TRAITS]
        raise ScenarioError(f"{where}: unknown trait {name!r}{_suggest(str(name), names)}")
    return index


def _age_index(name: str, where: str) -> int:
    index = AGE_INDEX.get(str(name).strip().casefold())
    if index is None:
        names = [a.name for a in AGES]
        raise ScenarioError(f"{where}: unknown age {name!r}{_suggest(str(name), names)}")
    return index


def _age_dict(age: int) -> dict[str, Any] | None:
    if age < 0:
        return None
    info = AGES[age]
    return {
        "name": info.name,
        "text": info.text,
        "catastrophe": info.catastrophe,
        "worlds_end": info.doom_text or None,
        "gene_pool": info.gene_pool,
    }


_FIXED_LABELS: Final = {
    "skip": "skip turn",
    "redraw": "discard hand and draw 3",
    "terraform": "discard dominants and stabilize",
    "stabilize": "stabilize",
    "no_stabilize": "do not stabilize",
    "memory": "discard hand and stabilize",
    "from_bottom": "draw 1 from the bottom of the deck",  # --- overlush (traits b) ---
    # --- overlush and kickstarter ages ---
    "draw_bottom": "draw the bottom card of the deck",
    "draw_one": "draw 1 card",
    "discard_two": "discard 2 cards",
    "two_plays": "play 2 traits without actions",
    "play_another": "play another trait",
    # --- glitterlings ---
    "play_both": "play both",
    "discard_one": "discard 1 card",
    "discard_three": "discard 3 cards",
    # --- newer ---
    "discard_drawn": "discard the cards drawn",
    "discard_rest": "discard every other card",
    "discard_random": "discard 1 card at random",
}


def _describe(kind: str, a: tuple[Any, ...]) -> str:
    n = _name
    p = "player {}".format
    if kind == "plays":
        where = "" if a[0] == a[2] else f" into {p(a[2])}'s pile"
        return f"{p(a[0])} plays {n(a[1])}{where}."
    if kind == "draws":
        return f"{p(a[0])} draws {_cards(a[1])}."
    if kind == "drew":
        return f"{p(a[0])} draws {', '.join(n(c) for c in a[1])}."
    if kind == "discards":
        return f"{p(a[0])} discards {n(a[1])}."
    if kind in _TRINKET_EVENTS:  # --- trinkets ---
        return _trinket_event(kind, a)
    if kind in _MEANING_EVENTS:  # --- meaning of life ---
        return _describe_meaning(kind, a)
    if kind in ("peeks_ages", "orders_ages"):  # --- mythlings, relics ---
        ages = ", ".join(AGES[age].name for age in a[1])
        verb = "looks at the ages" if kind == "peeks_ages" else "puts back the next ages as"
        return f"{p(a[0])} {verb}: {ages}."
    texts: dict[str, str] = {
        "reshuffle": "The discard pile is shuffled into a new trait deck.",
        "age": "A new age: {age0}.",
        "skip_age": "{age0} passes without effect.",
        "catastrophe": "Catastrophe {a1}: {age0}!",
        "denial": "{p0} ignores {age1} (Denial).",
        "first_player": "{p0} is now the 1st player.",
        "deck_out": "The traits have run out: the world ends after this round.",
        "turn": "{p0}'s turn.",
        "peek": "{p0} looks at the next age: {age1}.",
        "cannot_play": "{p0} cannot play a trait this turn.",
        "empty_hand": "{p0} has no cards: draws {a1} and skips the turn.",
        "no_stabilize": "{p0} does not stabilize.",
        "stabilizes": "{p0} stabilizes.",
        "discards_dominant": "{p0} cannot hold a 3rd dominant: {n1} is discarded.",
        "returns_to_hand": "{p0} takes {n1} back into their hand.",
        "peace": "Age of Peace: the action of {n0} does not happen.",
        "prevents": "{p0} prevents the action of {n1}.",
        "steals_trait": "{p0} takes {n1} from {p2}'s pile.",
        "passes_hand": "{p0} passes their hand to {p1}.",
        "gives_card": "{p0} gives a card to {p1}.",
        "gave_card": "{p0} gives {n2} to {p1}.",
        "gives_trait": "{p0} gives {n1} to {p2}.",
        "endures": "{n1} comes straight back to {p0}'s pile (Endurance).",
        "discards_trait": "{p0} loses {n1} from their trait pile.",
        "steals_card": "{p0} takes a random card from {p1}'s hand.",
        "stole_card": "{p0} takes {n2} from {p1}'s hand.",
        "sees": "{p0} looks at {p1}'s {cards2}.",
        "looks": "{p0} looks at {count2} in {p1}'s hand.",
        "swaps_hands": "{p0} and {p1} swap hands.",
        "takes_shown": "{p0} takes {n2} from {p1}.",
        "takes_hidden": "{p0} takes a card from {p1}'s hand.",
        "shows": "{p0} shows {n1}.",
        "rush": "{p0} brings the next catastrophe at once (Optimistic Nihilism)!",
        "names_color": "{p0} names {c2} for {n1}.",
        "returns_trait": "{p0} sends {n1} back to {p2}'s hand.",
        "swaps": "{p0} swaps {n1} for {p2}'s {n3}.",
        "moves_trait": "{p0} moves {n1} into {p2}'s pile.",
        "worlds_end": "THE WORLD ENDS with {age0}.",
        "recolors": "{p0} turns their {c1} traits {c2} (Faith).",
        "prepper": "{p0} picks the World's End effect of {age1} (Prepper).",
        "deus": "{p0} draws {n1} and adds {a2} (Deus Ex Machina).",
        "tie_draw": "Tie-break: {p0} draws {n1}.",
        "game_over": "The game is over.",
        "scenario": "Scenario set up.",
        "lab": "The Lab opens with {cards0}.",
        "packs_passed": "Everyone passes the rest of their pack to the {a0}.",
        "mishap": "Genetic Mishap draws {n0}.",
        "to_lab": "{n0} moves to the Lab.",
        # --- overlush (traits b) ---
        "bottoms": "{p0} puts {n1} under the trait deck.",
        "bottoms_hidden": "{p0} puts a card under the trait deck.",
        "tops": "{p0} puts {n1} on top of the trait deck.",
        "discards_top": "{p0} discards {n1} from the top of the trait deck.",
        "gene_pool": "{n2}: {p0}'s Gene Pool changes by {a1}.",
        "peek_last": "{p0} looks at the last ages: {ages1}.",
        "names_face": "{p0} names face value {a2} for {n1}.",
        "sees_bottom": "{p0} looks at the bottom of the trait deck: {cards1}.",
        "skims": "{n2}: {p0} uses the action of {n1} again.",
        "strange": "{n2}: {p0} has the effect of {age1} happen again.",
        "pinches": "{p0} takes {n1} from {p2}'s pile into their hand.",
        "sleeps": "{n2}: {p0} turns back the Gene Pool change of {age1}.",
        "restarts": "{n1}: {p0} starts the round over.",
        "scavenges": "{p0} takes {n1} from the discard pile.",
        "patches": "{p0} brings {n1} back into their pile.",
        "looks_bottom": "{p0} looks at the bottom {count1} of the trait deck.",
        # --- overlush and kickstarter ages ---
        "turns_up": "{p0} turns up {n1} from the trait deck.",
        "discards_turned_up": "{p0} cannot play {n1}: it is discarded.",
        "canopies": "{age0}: the discard pile is shuffled into the trait deck.",
        "names_age_color": "{p0} names {c1} for {age2}.",
        "has_no_color": "{p0} has no {c1} card to hand over.",
        "tops_deck": "{p0} puts a card on top of the trait deck.",
        "topped_deck": "{p0} puts {n1} on top of the trait deck.",
        "muted": "{age1}: the action of {n0} does not happen.",
        "bans_color": "{p0} names {c1}: neither they nor the player on their left may play it "
        "during {age2}.",
        "passes_cards": "{p0} passes {count2} to {p1}.",
        "passed_cards": "{p0} passes {p1} {cards2}.",
        # --- dinolings ---
        "dealt": "{p0} is dealt a card from the discard pile.",
        "dealt_card": "{p0} is dealt {n1} from the discard pile.",
        # --- techlings ---
        "attaches": "{p0} attaches {n1} to {n2} in {p3}'s pile.",
        # --- overlush ---
        "copies_dominant": "{p0}'s {n1} becomes a copy of {n2} for the rest of the game.",
        "shielded": "{n1} cannot be discarded from {p0}'s pile: an attachment holds it.",
        "peek_later": "{p0} looks at the age after it: {age1}.",
        "names_color_for": "{p0} names {c1} for {p2}.",
        # --- mythlings, relics ---
        "to_deck_bottom": "{p0} puts {count1} at the bottom of the trait deck.",
        "reorders_ages": "{p0} puts the next {a1} ages back in an order of their choosing.",
        "doom_ignored": "{n0}: nobody applies the World's End effect of {age1}.",
        "takes_discarded": "{p0} takes {n1} from the discard pile into their hand.",
        "passes_to_hand": "{p0} passes {n1} into {p2}'s hand.",
        # --- deeplings ---
        "suppresses_trait": "{p0} suppresses {n1} in their trait pile.",
        "suppresses_card": "{p0} suppresses a card from their hand.",
        "suppressed_card": "{p0} suppresses {n1} from their hand.",
        "gene_pool_set": "{p0}'s Gene Pool is now {a1}.",
        # --- overlush ---
        "shuffles_in": "{p0} shuffles the discard pile into the trait deck.",
        "takes_discard": "{p0} takes {n1} from the discard pile.",
        # --- glitterlings ---
        "scores_hand": "{p0} adds {a1} to their score from the face values in their hand.",
        "shows_top": "The top card of the trait deck is {n0}.",
        "scores_top_color": "{p0} adds {a1} for their traits of {n2}'s color.",
    }
    values: dict[str, Any] = {}
    for i, v in enumerate(a):
        values[f"a{i}"] = v
        if isinstance(v, int):
            values[f"count{i}"] = _cards(v)
            values[f"p{i}"] = p(v)
            if 0 <= v < N_CARDS:
                values[f"n{i}"] = n(v)
            if 0 <= v < len(AGES):
                values[f"age{i}"] = AGES[v].name
            values[f"c{i}"] = COLOR_NAMES.get(v, "?")
        elif isinstance(v, tuple):
            values[f"cards{i}"] = ", ".join(n(c) for c in v)
            values[f"ages{i}"] = ", ".join(AGES[c].name for c in v if 0 <= c < len(AGES))
    return texts[kind].format(**values)


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


_CAUSED = frozenset(
    (
        "draws",
        "drew",
        "discards",
        "discards_trait",
        "steals_trait",
        "passes_hand",
        "gives_card",
        "gave_card",
        "gives_trait",
        "steals_card",
        "stole_card",
        "sees",
        "looks",
        "swaps_hands",
        "takes_shown",
        "takes_hidden",
        "shows",
        "returns_trait",
        "swaps",
        "moves_trait",
        "returns_to_hand",
        "to_lab",
        # --- overlush (traits b) ---
        "bottoms",
        "bottoms_hidden",
        "tops",
        "discards_top",
        # --- overlush and kickstarter ages ---
        "turns_up",
        "discards_turned_up",
        "tops_deck",
        "topped_deck",
        "passes_cards",
        "passed_cards",
        # --- dinolings ---
        "dealt",
        "dealt_card",
        # --- mythlings ---
        "to_deck_bottom",
        "takes_discarded",
        "passes_to_hand",
        # --- deeplings ---
        "suppresses_trait",
        "suppresses_card",
        "suppressed_card",
        "gene_pool_set",
        # --- trinkets ---
        "gains_trinket",
        "pockets",
        "trashes",
        "pinches",
        "scavenges",
        "patches",
        # --- overlush ---
        "shuffles_in",
        "takes_discard",
        "sees_bottom",
        "looks_bottom",
        # --- glitterlings ---
        "scores_hand",
    )
)
"""Events that change a zone: the log names their cause before them."""


# --- overlush (traits b) ---


def _one_of_label(option: Option) -> str:
    """A OneOf choice, ``("effect", one_of, i)``, labelled by the chosen effect's text."""
    _, index, i = option
    text = rules.ONE_OFS[index].options[i].text().rstrip(".")
    return text[:1].lower() + text[1:]


def _design(card: int) -> tuple[str, int]:
    """A card's name, then its colours: same-named designs (Overlush's Swarms) sort apart,
    so a list sorted by it shows nothing of the order it was sorted from."""
    return CARD[card].name, CARD[card].colors


# --- trinkets ---


def trinket_dict(trinket: int) -> dict[str, Any]:
    t = TRINKETS[trinket]
    return {"name": t.name, "value": t.value, "text": t.text()}


def merchant_dict(merchant: int) -> dict[str, Any]:
    m = MERCHANTS[MERCHANT_OF[merchant]]
    return {"name": m.name, "text": m.text()}


_TRINKET_EVENTS: Final = frozenset(
    {"gains_trinket", "pockets", "trashes", "shows_for", "merchant", "no_draw", "trinket_prevents"}
)


def _trinket_event(kind: str, a: tuple[Any, ...]) -> str:
    player = f"player {a[0]}"
    if kind == "gains_trinket":
        return f"{player} gains the trinket {TRINKETS[a[1]].name}."
    if kind == "pockets":
        return f"{player} pockets {TRINKETS[a[1]].name} (worth {TRINKETS[a[1]].value})."
    if kind == "trashes":
        return f"{player} trashes {TRINKETS[a[1]].name}."
    if kind == "shows_for":
        shown = ", ".join(_name(c) for c in a[1])
        return f"{player} shows {shown} for {TRINKETS[a[2]].name}."
    if kind == "merchant":
        m = MERCHANTS[MERCHANT_OF[a[0]]]
        return f"The merchant {m.name} comes. {m.text()}"
    if kind == "no_draw":
        return f"{TRINKETS[a[1]].name}: {player} draws nothing."
    return f"{TRINKETS[a[2]].name}: the action of {_name(a[1])} does not happen."


# --- meaning of life ---

_MEANING_EVENTS: Final = frozenset(
    {"keeps_meaning", "keeps_a_meaning", "draws_meanings", "meaning_draw", "reveals_meanings"}
)


def _meaning_names(meanings: tuple[int, ...]) -> str:
    return ", ".join(MEANINGS[m].name for m in meanings) or "nothing"


def _describe_meaning(kind: str, a: tuple[Any, ...]) -> str:
    """The log lines of Meaning of Life cards; a line made by a card names it first."""
    who = f"player {a[0]}"
    if kind == "keeps_meaning":
        return f"{who} keeps {MEANINGS[a[1]].name} as their Meaning of Life."
    if kind == "keeps_a_meaning":
        return f"{who} keeps a Meaning of Life card."
    if kind == "draws_meanings":
        return f"{MEANINGS[a[1]].name}: {who} draws {_meaning_names(a[2])} as well."
    if kind == "meaning_draw":
        return f"{MEANINGS[a[1]].name}: {who} draws {_name(a[2])} and scores {a[3]}."
    return f"{who}'s Meaning of Life: {_meaning_names(a[1])}."


def meaning_dict(meaning: int) -> dict[str, Any]:
    """A Meaning of Life card as views show it."""
    return {
        "name": MEANINGS[meaning].name,
        "kind": "meaning of life",
        "text": MEANINGS[meaning].text(),
    }


def _redeal_meanings(s: DoomlingsState, player: int, rng: Rng) -> None:
    """The Meaning of Life cards ``player`` has not seen (the undealt ones, and the others'
    until the end) dealt again at random among the same places."""
    pool = list(s.meaning_deck)
    slots: list[tuple[list[int], int]] = []
    if not s.over:
        for q in range(s.players):
            if q != player:
                slots.extend((s.meanings[q], i) for i in range(len(s.meanings[q])))
                pool.extend(s.meanings[q])
    pool.sort()  # from a canonical order, so the real one does not show through
    rng.shuffle(pool)
    for zone, i in slots:
        zone[i] = pool.pop()
    s.meaning_deck = pool
