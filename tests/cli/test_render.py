"""Renderers draw from the view dict alone: the Doomlings table and the generic fallback."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from doomtable.cli.render import render_choices, render_view, score_table


def card(name: str, colors: list[str], face: int | None, dominant: bool = False) -> dict[str, Any]:
    return {"name": name, "colors": colors, "face": face, "dominant": dominant, "text": f"{name}!"}


def doomlings_view(**changes: Any) -> dict[str, Any]:
    view: dict[str, Any] = {
        "game": "doomlings",
        "viewer": 0,
        "players": 2,
        "round": 3,
        "age": {"name": "Age of Reason", "text": "Draw 1 card."},
        "era": 2,
        "catastrophes": ["Ice Age"],
        "ages_left": 7,
        "first_player": 1,
        "turn_player": 0,
        "deck_size": 40,
        "discard_size": 5,
        "discard_top": card("Antlers", ["red"], 3),
        "hand": [card("Gills", ["blue"], 1), card("Sweat", ["red"], 0)],
        "seats": [
            {
                "seat": 0,
                "name": "Ada",
                "gene_pool": 5,
                "hand_size": 2,
                "score": 9,
                "dominants": 1,
                "traits": [card("Apex Predator", ["red"], 4, True), card("Altruistic", [], None)],
            },
            {
                "seat": 1,
                "name": "Bo",
                "gene_pool": 4,
                "hand_size": 5,
                "score": 2,
                "dominants": 0,
                "traits": [card("Chromatophores", ["blue", "purple"], 2)],
            },
        ],
        "revealed": [{"from": 1, "card": card("Bark", ["green"], 2)}],
        "pending": {"player": 1, "kind": "turn", "prompt": "Play a trait"},
        "game_over": False,
        "scores": None,
        "winners": None,
    }
    view.update(changes)
    return view


def draw(renderable: Any, color: bool = False, width: int = 120, height: int = 60) -> str:
    console = Console(
        width=width, height=height, record=True, color_system="truecolor" if color else None
    )
    console.print(renderable)
    return console.export_text(styles=color)


def test_the_doomlings_table_shows_everything_the_view_holds() -> None:
    text = draw(render_view(doomlings_view()))
    for phrase in (
        "Doomlings · Round 3 · Era 2",
        "Age: Age of Reason — Draw 1 card.",
        "Catastrophes: Ice Age",
        "Deck 40   Discard 5 (top: Antlers)   7 ages left",
        "Ada (you)",
        "R Apex Predator 4 ★",
        "○ Altruistic ?",
        "BP Chromatophores 2",
        "(you know: Bark)",
        "Your hand (2)",
        "Gills!",
        "Waiting for Bo: Play a trait",
    ):
        assert phrase in text, phrase


def test_trait_colours_are_drawn() -> None:
    text = draw(render_view(doomlings_view()), color=True)
    assert "\x1b[1;34m" in text  # bold blue: Gills and Chromatophores
    assert "\x1b[1;35m" in text  # bold magenta: the purple half of Chromatophores


def test_game_over_names_the_winner() -> None:
    view = doomlings_view(game_over=True, pending=None, scores=[9, 2], winners=[0], age=None)
    text = draw(render_view(view))
    assert "Game over — winner: Ada" in text
    assert "Age:" not in text


def test_unknown_games_and_odd_views_fall_back_to_the_generic_table() -> None:
    text = draw(render_view({"game": "chess", "viewer": 1, "board": "rnbqkbnr"}))
    assert "chess — seat 1" in text and "'board': 'rnbqkbnr'" in text
    assert "(no table for chess: showing what the view holds)" in text
    text = draw(render_view({"game": "doomlings", "viewer": 0, "round": 1}))
    assert "doomlings — seat 0" in text and "'round': 1" in text
    assert "the doomlings table could not be drawn (KeyError" in text


def test_choices_and_scores() -> None:
    text = draw(render_choices("Play a trait", ["play Gills", "pass"]))
    assert "1. play Gills" in text and "2. pass" in text
    text = draw(score_table([3, 7, 7], [1, 2], ["you", "random bot", "greedy bot"]))
    assert text.index("random bot") < text.index("greedy bot") < text.index("you")
    assert text.count("★ winner") == 2
    text = draw(score_table([1], [0], ["player 0 (you)"]))
    assert "Solo game: final score" in text and "1 point" in text and "winner" not in text


def test_variation_zones_and_a_peeked_age_are_drawn() -> None:
    view = doomlings_view(
        lab=[card("Bark", ["green"], 2)],
        pack=[card("Fangs", ["red"], 1)],
        next_age={"name": "Eclipse", "text": "No red."},
    )
    out = draw(render_view(view))
    assert "The Lab" in out and "Bark" in out
    assert "Your draft pack (1)" in out and "Fangs" in out
    assert "Next age (only you know): Eclipse" in out


def test_an_attachment_names_its_host_and_face_down_cards_are_counted() -> None:
    view = doomlings_view()
    nano = {**card("Nano", ["colorless"], 1), "attached_to": "Antlers"}
    view["seats"][1]["traits"] = [card("Antlers", ["red"], 3), nano]
    view["seats"][1]["suppressed"] = 2
    text = draw(render_view(view))
    assert "Nano 1 on Antlers" in text
    assert "[2 face down]" in text
