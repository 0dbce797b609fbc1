"""Seeds, for every game: the one range a seed may take, the first dealer it draws, and the
SplitMix64 stream each hand's shuffle reads, so that a record replays exactly on every
machine. Each game's deal reads ``hand_stream`` its own way (Euchre's int paths draw only
the cards dealt; the rule-module core shuffles the whole deck), from the same start.

>>> seed_first_dealer(7, 4), hand_stream(7, 0) == hand_stream(7, 0) != hand_stream(7, 1)
(0, True)
"""

from __future__ import annotations

import secrets

SEED_LIMIT = 1 << 64
"""Seeds are whole numbers from 0 to ``SEED_LIMIT - 1``: the one range every face accepts."""
M64 = SEED_LIMIT - 1
GAMMA = 0x9E3779B97F4A7C15
"""SplitMix64's increment (the golden ratio in 64 bits)."""


def mix64(z: int) -> int:
    """SplitMix64's output function: a well-mixed 64-bit value of ``z``."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def new_seed() -> int:
    """A fresh seed from the operating system's randomness (never predictable by a player)."""
    return secrets.randbits(64)


def seed_first_dealer(seed: int, players: int = 2) -> int:
    """The first dealer a seed draws."""
    return mix64(seed & M64) % players


def hand_stream(seed: int, hand_number: int) -> int:
    """Where hand ``hand_number``'s stream starts for a seed: a state of SplitMix64, advanced
    by ``GAMMA`` and read through ``mix64``."""
    return (seed + (hand_number + 1) * (GAMMA << 1 | 1)) & M64
