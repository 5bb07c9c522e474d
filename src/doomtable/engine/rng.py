"""A counter-based random generator: the whole generator state is one integer.

Each draw hashes ``seed`` and a counter with splitmix64, so cloning a game copies one int
and replaying from the seed reproduces every draw.
"""

from __future__ import annotations

from typing import Final, TypeVar

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_LCG_MULT: Final = 6364136223846793005
_LCG_INC: Final = 1442695040888963407

T = TypeVar("T")


def splitmix64(x: int) -> int:
    """Mix a 64-bit integer into a well-distributed 64-bit value."""
    x = (x + _GOLDEN) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


class Rng:
    """Seeded generator whose state is ``(seed, counter)``.

    >>> a, b = Rng(7), Rng(7)
    >>> [a.below(100) for _ in range(3)] == [b.below(100) for _ in range(3)]
    True
    """

    __slots__ = ("seed", "counter")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed & _MASK
        self.counter = counter

    def next64(self) -> int:
        self.counter += 1
        return splitmix64((self.seed * _GOLDEN + self.counter) & _MASK)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``; ``n`` must be positive."""
        return self.next64() % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place.

        One splitmix64 draw seeds a 64-bit LCG for the swaps: shuffles are the hottest use of
        the generator (determinization redeals whole decks), and an LCG step is several times
        cheaper than a splitmix64 mix. Its high bits are what pick each swap.
        """
        x = self.next64()
        for i in range(len(items) - 1, 0, -1):
            x = (x * _LCG_MULT + _LCG_INC) & _MASK
            j = (x >> 32) % (i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.next64() % len(items)]

    def sample(self, items: list[T], k: int) -> list[T]:
        """``k`` distinct items in random order (without changing ``items``)."""
        pool = list(items)
        picked: list[T] = []
        for _ in range(min(k, len(pool))):
            picked.append(pool.pop(self.next64() % len(pool)))
        return picked

    def fork(self) -> Rng:
        return Rng(self.seed, self.counter)

    def __reduce__(self) -> tuple[type[Rng], tuple[int, int]]:
        # Copies and pickles rebuild it from (seed, counter): compiled, its __init__ is the
        # only way in.
        return (Rng, (self.seed, self.counter))
