"""How the terminal reads a name someone typed: a choice at the table, a card, a game's card
list. One reading everywhere, so ``apex`` means Apex Predator at the prompt and in ``cards``."""

from __future__ import annotations

import re
from collections.abc import Sequence

from doomtable.engine import close_names


def words(text: str) -> list[str]:
    """``text`` as lower-case words of letters and digits (punctuation and spacing dropped)."""
    return re.sub(r"[^a-z0-9]+", " ", text.casefold()).split()


def match_label(text: str, labels: Sequence[str]) -> list[str]:
    """The labels ``text`` may mean, as ``doomtable score`` reads card names: the label itself
    in any case or spacing; else every label in which the typed words start consecutive words
    (``apex``, ``apex pred``, ``play apex``); else close spellings. One label: a match;
    several: ambiguous; none: unknown.

    >>> match_label("apex", ["Apex Predator", "Late"])
    ['Apex Predator']
    >>> match_label("lat", ["Apex Predator", "Late", "Latent"])
    ['Late', 'Latent']
    """
    typed = words(text)
    if not typed:
        return []
    keyed = {" ".join(words(label)): label for label in labels}
    exact = keyed.get(" ".join(typed))
    if exact is not None:
        return [exact]
    found = []
    for key, label in keyed.items():
        key_words = key.split()
        if any(
            all(key_words[i + j].startswith(w) for j, w in enumerate(typed))
            for i in range(len(key_words) - len(typed) + 1)
        ):
            found.append(label)
    if found:
        return found
    return close_names(text, labels, cutoff=0.75)
