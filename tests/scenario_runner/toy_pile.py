"""A tiny game for testing game-agnostic adapters (scenario runner, command line).

Players take 1 to 3 tokens from a pile in turn. After each take, every other player may
answer in a response window: pass, or spend their single "boo" to put one token back. When
the pile is empty the game ends; most tokens wins (ties share).
"""

from __future__ import annotations

from typing import Any, Self

from doomtable.engine import (
    Decision,
    Field,
    Frame,
    GameSpec,
    GameState,
    Option,
    OptionSpec,
    Rng,
    ScenarioError,
    register_game,
)

GAME = "toy-pile"


class ToyPile(GameState):
    GAME = GAME
    FIELDS = {
        "pile": Field.VALUE,
        "taken": Field.LIST,
        "boos": Field.LIST,
    }

    pile: int
    taken: list[int]
    boos: list[int]

    @classmethod
    def create(cls, players: int, seed: int, options: dict[str, Any]) -> ToyPile:
        state = cls()
        state._init_core(players, seed, options)
        state.pile = int(options["pile"])
        state.taken = [0] * players
        state.boos = [1] * players
        state.push(("turn", 0))
        state._advance()
        return state

    @staticmethod
    def _turn(state: ToyPile, frame: Frame, option: Option | None) -> Decision | None:
        player = frame[1]
        if option is None:
            most = min(3, state.pile)
            options = tuple(("take", n) for n in range(1, most + 1))
            return Decision(player, "turn", options, f"Player {player}: take 1 to {most} tokens")
        state.stack.pop()
        count = option[1]
        state.pile -= count
        state.taken[player] += count
        state.events.append(("take", player, count))
        if state.pile > 0:
            state.push(("turn", (player + 1) % state.players))
            others = [(player + i) % state.players for i in range(1, state.players)]
            state.open_window(("take", player, count), others)
        return None

    def label(self, option: Option) -> str:
        if option[0] == "take":
            return f"take {option[1]}"
        return str(option[0])

    def response_options(self, player: int, trigger: tuple[Any, ...]) -> list[Option]:
        return [("boo",)] if self.boos[player] else []

    def on_response(self, player: int, option: Option, trigger: tuple[Any, ...]) -> bool:
        self.boos[player] -= 1
        self.pile += 1
        self.events.append(("boo", player))
        return False

    def window_prompt(self, trigger: tuple[Any, ...]) -> str:
        return f"Player {trigger[1]} took {trigger[2]}: boo?"

    def view(self, player: int) -> dict[str, Any]:
        return {
            "game": GAME,
            "viewer": player,
            "pile": self.pile,
            "taken": list(self.taken),
            "my_boos": self.boos[player],
        }

    def scores(self) -> list[int]:
        return list(self.taken)

    def winners(self) -> list[int]:
        best = max(self.taken)
        return [p for p, t in enumerate(self.taken) if t == best]

    def event_text(self, event: tuple[Any, ...], viewer: int | None) -> str | None:
        if event[0] == "take":
            return f"Player {event[1]} takes {event[2]}."
        return f"Player {event[1]} boos: a token goes back."

    def determinize(self, player: int, rng: Rng) -> Self:
        return self.clone()

    def snapshot(self) -> dict[str, Any]:
        return {
            "pile": self.pile,
            "players": [
                {"taken": t, "boos": b, "tags": ["toy"]}
                for t, b in zip(self.taken, self.boos, strict=True)
            ],
        }

    def setup_scenario(self, setup: dict[str, Any]) -> None:
        for key, value in setup.items():
            if key == "pile":
                self.pile = int(value)
            elif key == "boos":
                self.boos = [int(v) for v in value]
            else:
                raise ScenarioError(f"unknown setup key {key!r} (keys: boos, pile)")
        self.stack = [("turn", 0)]
        self._advance()


ToyPile.HANDLERS = {**GameState.HANDLERS, "turn": ToyPile._turn}

CARDS = [
    {"name": "Take", "kind": "action", "colors": [], "text": "Take 1 to 3 tokens."},
    {"name": "Boo", "kind": "response", "colors": ["red"], "text": "Put one token back."},
]

SPEC = GameSpec(
    name=GAME,
    title="Toy Pile",
    min_players=2,
    max_players=4,
    create=ToyPile.create,
    state_class=ToyPile,
    default_options={"pile": 7, "variant": "classic"},
    option_schema={
        "pile": OptionSpec(int, "tokens in the pile", minimum=1, maximum=1000),
        "variant": OptionSpec(str, "a name the game only stores"),
    },
    cards=lambda: [dict(card) for card in CARDS],
)


def register_toy() -> GameSpec:
    """Register the toy game (again: registering is idempotent)."""
    return register_game(SPEC)
