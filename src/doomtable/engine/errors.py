"""Typed errors raised by the engine; each message says what was wrong and what is allowed."""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence


def _words(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text.casefold()).split())


def close_names(text: str, names: Sequence[str], most: int = 5, cutoff: float = 0.6) -> list[str]:
    """Up to ``most`` of ``names`` spelled like ``text``, closest first; case, spacing and
    punctuation aside (``kidny`` is close to Kidney, ``first-player`` is ``first_player``)."""
    keyed = {_words(name): name for name in names}
    close = difflib.get_close_matches(_words(text), list(keyed), n=most, cutoff=cutoff)
    return [keyed[key] for key in close]


def did_you_mean(
    text: str, names: Sequence[str], most: int = 5, cutoff: float = 0.6, *, quote: bool = False
) -> str:
    """``did you mean A, B?`` naming the :func:`close_names` of ``text``, quoted if asked, for
    an error saying ``text`` names nothing; ``""`` when no name is close. The one place every
    command and game builds this hint.

    >>> did_you_mean("tentacle", ["Tentacles", "Teeth"])
    'did you mean Tentacles?'
    >>> did_you_mean("stepz", ["steps", "setup"], most=1, quote=True)
    "did you mean 'steps'?"
    """
    close = close_names(text, names, most, cutoff)
    if not close:
        return ""
    return f"did you mean {', '.join(repr(n) if quote else n for n in close)}?"


def not_one_of(what: str, name: str, names: Sequence[str], *, also: str = "") -> str:
    """The one wording of "``name`` is none of ``names``": ``card set 'overlsh' is not one of
    base, overlush (or all); did you mean overlush?`` (``also`` names a further accepted word)."""
    hint = did_you_mean(name, names)
    more = f" (or {also})" if also else ""
    return f"{what} {name!r} is not one of {', '.join(names)}{more}" + (f"; {hint}" if hint else "")


class DoomtableError(Exception):
    """Base class of every error doomtable raises on bad input."""


class IllegalChoiceError(DoomtableError, ValueError):
    """A choice that is not among the legal options of the pending decision."""

    def __init__(self, message: str, legal: list[str]) -> None:
        super().__init__(message)
        self.legal = legal


class NotYourDecisionError(IllegalChoiceError):
    """A player tried to choose while another player's decision is pending."""


class GameOverError(DoomtableError):
    """A choice was made after the game ended."""


class UnknownGameError(DoomtableError, KeyError):
    """No game is registered under that name."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class BadOptionError(DoomtableError, ValueError):
    """A game option (player count, variant, tie-break rule, ...) is not valid."""


class SaveFileError(DoomtableError, ValueError):
    """A save file or JSON state could not be read."""


class ScenarioError(DoomtableError, ValueError):
    """A scenario file is malformed: unknown key, unknown card, impossible board."""
