"""A counter-based random generator: the whole generator state is one integer.

Each draw hashes ``seed`` and a counter with splitmix64, so cloning a game copies one int
and replaying from the seed reproduces every draw.

The 64-bit arithmetic runs on 32-bit halves held in :data:`~mypy_extensions.i64` variables,
multiplying by 16-bit quarters of the constants, so no intermediate value reaches 2**50:
compiled, every step is a native machine operation instead of a Python big-integer one (64-bit
values do not fit mypyc's tagged ints), and as Python it computes the very same numbers.
:func:`splitmix64` keeps the plain formula, the reference the halves are tested against.
"""

from __future__ import annotations

from typing import Final, TypeVar

from mypy_extensions import i64

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_C1: Final = 0xBF58476D1CE4E5B9
_C2: Final = 0x94D049BB133111EB
_LCG_MULT: Final = 6364136223846793005
_LCG_INC: Final = 1442695040888963407

_M32: Final[i64] = 0xFFFFFFFF
_M16: Final[i64] = 0xFFFF

# The constants in halves (hi, lo) and the multipliers in 16-bit quarters (q0 lowest).
_GOLDEN_HI: Final[i64] = _GOLDEN >> 32
_GOLDEN_LO: Final[i64] = _GOLDEN & 0xFFFFFFFF
_GOLDEN_Q0: Final[i64] = _GOLDEN & 0xFFFF
_GOLDEN_Q1: Final[i64] = (_GOLDEN >> 16) & 0xFFFF
_GOLDEN_Q2: Final[i64] = (_GOLDEN >> 32) & 0xFFFF
_GOLDEN_Q3: Final[i64] = _GOLDEN >> 48
_C1_Q0: Final[i64] = _C1 & 0xFFFF
_C1_Q1: Final[i64] = (_C1 >> 16) & 0xFFFF
_C1_Q2: Final[i64] = (_C1 >> 32) & 0xFFFF
_C1_Q3: Final[i64] = _C1 >> 48
_C2_Q0: Final[i64] = _C2 & 0xFFFF
_C2_Q1: Final[i64] = (_C2 >> 16) & 0xFFFF
_C2_Q2: Final[i64] = (_C2 >> 32) & 0xFFFF
_C2_Q3: Final[i64] = _C2 >> 48
_LCG_Q0: Final[i64] = _LCG_MULT & 0xFFFF
_LCG_Q1: Final[i64] = (_LCG_MULT >> 16) & 0xFFFF
_LCG_Q2: Final[i64] = (_LCG_MULT >> 32) & 0xFFFF
_LCG_Q3: Final[i64] = _LCG_MULT >> 48
_LCG_INC_HI: Final[i64] = _LCG_INC >> 32
_LCG_INC_LO: Final[i64] = _LCG_INC & 0xFFFFFFFF
_TWO_32: Final = 1 << 32
_SMALL: Final = 1 << 31
"""Below this, ``below(n)`` reduces the halves without forming the 64-bit value."""
_LARGE: Final = 1 << 62
"""Below this (and from :data:`_SMALL`), ``below(n)`` still reduces in native integers."""

T = TypeVar("T")


def splitmix64(x: int) -> int:
    """Mix a 64-bit integer into a well-distributed 64-bit value."""
    x = (x + _GOLDEN) & _MASK
    x = ((x ^ (x >> 30)) * _C1) & _MASK
    x = ((x ^ (x >> 27)) * _C2) & _MASK
    return x ^ (x >> 31)


def _times(hi: i64, lo: i64, q0: i64, q1: i64, q2: i64, q3: i64) -> tuple[i64, i64]:
    """``(hi, lo)`` times the constant with 16-bit quarters ``q0..q3``, mod 2**64, in halves.

    The product's terms are ``lo * q_j << 16 j`` and ``hi * q_j << 32 + 16 j``; only their
    bits below 64 count. Every term is under 2**49, and the high half's sum under 2**52."""
    lo_q1 = lo * q1
    low_sum = lo * q0 + (lo_q1 & _M16) * 65536
    high_sum = (
        (low_sum >> 32)
        + (lo_q1 >> 16)
        + lo * q2
        + ((lo * q3) & _M16) * 65536
        + hi * q0
        + ((hi * q1) & _M16) * 65536
    )
    return high_sum & _M32, low_sum & _M32


def _mix(hi: i64, lo: i64) -> tuple[i64, i64]:
    """splitmix64 of ``(hi, lo)``, in halves."""
    lo = lo + _GOLDEN_LO
    hi = (hi + _GOLDEN_HI + (lo >> 32)) & _M32
    lo = lo & _M32
    lo = lo ^ ((lo >> 30) | ((hi << 2) & _M32))
    hi = hi ^ (hi >> 30)
    hi, lo = _times(hi, lo, _C1_Q0, _C1_Q1, _C1_Q2, _C1_Q3)
    lo = lo ^ ((lo >> 27) | ((hi << 5) & _M32))
    hi = hi ^ (hi >> 27)
    hi, lo = _times(hi, lo, _C2_Q0, _C2_Q1, _C2_Q2, _C2_Q3)
    lo = lo ^ ((lo >> 31) | ((hi << 1) & _M32))
    hi = hi ^ (hi >> 31)
    return hi, lo


class Rng:
    """Seeded generator whose state is ``(seed, counter)``.

    >>> a, b = Rng(7), Rng(7)
    >>> [a.below(100) for _ in range(3)] == [b.below(100) for _ in range(3)]
    True
    """

    __slots__ = ("seed", "counter", "_base_hi", "_base_lo")

    seed: int
    counter: int
    _base_hi: i64
    _base_lo: i64

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed & _MASK
        self.counter = counter
        # Each draw mixes seed * golden + counter: the first term, in halves, once. Not as a
        # Python big-integer product: compiled code treats a failed int operation as out of
        # memory and aborts, and CPython's multiplication of large ints stops for a pending
        # signal, so Ctrl-C during a search (which seeds a generator per sampled world)
        # would abort the process instead of raising KeyboardInterrupt.
        seed_hi = i64((self.seed >> 32) & 0xFFFFFFFF)
        seed_lo = i64(self.seed & 0xFFFFFFFF)
        self._base_hi, self._base_lo = _times(
            seed_hi, seed_lo, _GOLDEN_Q0, _GOLDEN_Q1, _GOLDEN_Q2, _GOLDEN_Q3
        )

    def _draw(self) -> tuple[i64, i64]:
        """The next 64-bit draw, in halves."""
        self.counter += 1
        counter = self.counter
        lo: i64 = self._base_lo + i64(counter & 0xFFFFFFFF)
        hi: i64 = (self._base_hi + i64((counter >> 32) & 0xFFFFFFFF) + (lo >> 32)) & _M32
        return _mix(hi, lo & _M32)

    def next64(self) -> int:
        hi, lo = self._draw()
        # A shift, not a product: see __init__ (shifts never stop for signals).
        return (int(hi) << 32) | int(lo)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``; ``n`` must be positive."""
        if not 0 < n < _SMALL:
            if 0 < n < _LARGE:
                return self._below_large(n)
            return self.next64() % n
        hi, lo = self._draw()
        m = i64(n)
        # (hi * 2**32 + lo) % n, every product under 2**62.
        return int(((hi % m) * (_TWO_32 % m) + lo) % m)

    def _below_large(self, n: int) -> int:
        """``next64() % n`` for ``2**31 <= n < 2**62`` in native integers (see __init__):
        ``hi * 2**32 + lo`` reduced one doubling at a time, every value under ``2 * n``."""
        hi, lo = self._draw()
        m = i64(n)
        value = hi % m
        for _ in range(32):
            value = value * 2
            if value >= m:
                value -= m
        return int((value + lo) % m)

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place.

        One splitmix64 draw seeds a 64-bit LCG for the swaps: shuffles are the hottest use of
        the generator (determinization redeals whole decks), and an LCG step is several times
        cheaper than a splitmix64 mix. Its high bits are what pick each swap.
        """
        hi, lo = self._draw()
        for i in range(len(items) - 1, 0, -1):
            hi, lo = _times(hi, lo, _LCG_Q0, _LCG_Q1, _LCG_Q2, _LCG_Q3)
            lo = lo + _LCG_INC_LO
            hi = (hi + _LCG_INC_HI + (lo >> 32)) & _M32
            lo = lo & _M32
            j = int(hi % i64(i + 1))
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.below(len(items))]

    def sample(self, items: list[T], k: int) -> list[T]:
        """``k`` distinct items in random order (without changing ``items``)."""
        pool = list(items)
        picked: list[T] = []
        for _ in range(min(k, len(pool))):
            picked.append(pool.pop(self.below(len(pool))))
        return picked

    def fork(self) -> Rng:
        return Rng(self.seed, self.counter)

    def __reduce__(self) -> tuple[type[Rng], tuple[int, int]]:
        # Copies and pickles rebuild it from (seed, counter): compiled, its __init__ is the
        # only way in.
        return (Rng, (self.seed, self.counter))
