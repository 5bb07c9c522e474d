"""Typed errors raised by the engine; each message says what was wrong and what is allowed."""

from __future__ import annotations


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
