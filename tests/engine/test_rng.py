"""The generator draws exactly what the plain 64-bit formulas give (saves and seeds replay).

``Rng`` computes on 32-bit halves so that, compiled, no step needs a Python big integer; the
reference here is the formula on Python ints, as the generator was first written.
"""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap

import pytest

from doomtable.engine.rng import Rng, splitmix64

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
LCG_MULT = 6364136223846793005
LCG_INC = 1442695040888963407

SEEDS = [0, 1, 7, -1, -(1 << 70), MASK, MASK - 1, 1 << 63, (1 << 64) + 5, 0xDEADBEEF]
COUNTERS = [0, 1, 41, (1 << 32) - 1, 1 << 32, (1 << 33) + 7, (1 << 62) + 3, (1 << 64) - 2]


def reference_next64(seed: int, counter: int) -> int:
    """The draw after ``counter`` draws: splitmix64 of seed * golden + (counter + 1)."""
    return splitmix64(((seed & MASK) * GOLDEN + counter + 1) & MASK)


def reference_shuffle(seed: int, counter: int, items: list[int]) -> list[int]:
    out = list(items)
    x = reference_next64(seed, counter)
    for i in range(len(out) - 1, 0, -1):
        x = (x * LCG_MULT + LCG_INC) & MASK
        j = (x >> 32) % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def test_splitmix64_known_values() -> None:
    # splitmix64's published first outputs for the state sequence starting at seed 0.
    assert splitmix64(0) == 0xE220A8397B1DCDAF
    assert splitmix64(GOLDEN) == 0x6E789E6AA1B965F4


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("counter", COUNTERS)
def test_draws_match_the_formula(seed: int, counter: int) -> None:
    rng = Rng(seed, counter)
    for step in range(20):
        assert rng.next64() == reference_next64(seed, counter + step)
    assert rng.counter == counter + 20


def test_many_random_seeds_and_bounds() -> None:
    meta = random.Random(15)
    for _ in range(2000):
        seed = meta.getrandbits(meta.choice([8, 32, 63, 64, 80]))
        counter = meta.getrandbits(meta.choice([4, 31, 40, 64]))
        n = meta.choice(
            [1, 2, 3, 7, 52, 116, (1 << 31) - 1, 1 << 31, 1 << 40, 1 << 61, (1 << 62) - 1]
            + [1 << 62, (1 << 64) + 3]
        )
        assert Rng(seed, counter).below(n) == reference_next64(seed, counter) % n
        assert Rng(seed, counter).next64() == reference_next64(seed, counter)


def test_below_keeps_python_modulo_for_odd_bounds() -> None:
    assert Rng(3).below(-5) == reference_next64(3, 0) % -5
    with pytest.raises(ZeroDivisionError):
        Rng(3).below(0)


@pytest.mark.parametrize("size", [0, 1, 2, 5, 116, 300])
@pytest.mark.parametrize("seed", SEEDS)
def test_shuffle_matches_the_formula(size: int, seed: int) -> None:
    for counter in (0, 5, (1 << 32) + 1):
        items = list(range(size))
        Rng(seed, counter).shuffle(items)
        assert items == reference_shuffle(seed, counter, list(range(size)))


def test_choice_and_sample_draw_as_below() -> None:
    items = list(range(10, 40))
    a = Rng(99)
    assert a.choice(items) == items[reference_next64(99, 0) % len(items)]
    picked = a.sample(items, 5)
    pool = list(items)
    expected: list[int] = []
    counter = 1
    for _ in range(5):
        expected.append(pool.pop(reference_next64(99, counter) % len(pool)))
        counter += 1
    assert picked == expected
    assert a.counter == 6 and items == list(range(10, 40))


SIGNALS_DURING_DRAWS = textwrap.dedent(
    """
    import signal
    from doomtable.engine.rng import Rng

    signal.signal(signal.SIGALRM, signal.default_int_handler)
    interrupted = 0
    for round_ in range(600):
        try:
            signal.setitimer(signal.ITIMER_REAL, 0.0002 + (round_ % 17) * 0.00001)
            while True:
                rng = Rng(0xF123456789ABCDEF + round_, 1)
                rng.next64()
                rng.below((1 << 40) + 3)
        except KeyboardInterrupt:
            interrupted += 1
    print("interrupted", interrupted)
    """
)


def test_ctrl_c_while_seeding_and_drawing_raises_keyboard_interrupt() -> None:
    # Compiled code aborts the process ("fatal: out of memory") when an int operation fails,
    # and CPython's big-integer products and divisions stop for a pending signal: a searching
    # bot seeds a generator per sampled world, so Ctrl-C used to kill `play` and `simulate`.
    done = subprocess.run(
        [sys.executable, "-c", SIGNALS_DURING_DRAWS], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "interrupted 600"
