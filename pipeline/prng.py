"""The project's own PRNG: SHA-256 in counter mode, never Python's `random`.

Why our own: `random`'s algorithms are not promised to stay the same between
Python versions, and towers must be byte-identical on any machine for ever.
SHA-256 is specified once (FIPS 180-4), so anyone can re-derive a tower in
any language from docs/days-format.md.

The stream for a seed string S (UTF-8) is

    block(i) = SHA-256(S || 0x00 || i as 8-byte big-endian), i = 0, 1, 2, …

and the stream is block(0) || block(1) || …; integers are read from it as
8-byte big-endian words. Seeds are "a-torre/v{version}/{date}/{purpose}" so
every purpose (openers, squares of a floor, bag, …) has its own stream and
adding a purpose never shifts another one.
"""
from __future__ import annotations

import hashlib
from typing import Sequence, TypeVar

T = TypeVar("T")

WORD_BYTES = 8
WORD_RANGE = 1 << (8 * WORD_BYTES)


def seed_string(version: int, date: str, purpose: str) -> str:
    """The documented seed: one stream per format version, day and purpose."""
    return f"a-torre/v{version}/{date}/{purpose}"


class Prng:
    """A deterministic stream of 64-bit words and what we draw from them."""

    def __init__(self, seed: str):
        self.seed = seed
        self._prefix = seed.encode("utf-8") + b"\x00"
        self._counter = 0
        self._buffer = b""
        self._offset = 0

    def next_word(self) -> int:
        """The next 8 bytes of the stream as an unsigned big-endian integer."""
        if self._offset + WORD_BYTES > len(self._buffer):
            block = self._prefix + self._counter.to_bytes(8, "big")
            self._buffer = hashlib.sha256(block).digest()
            self._counter += 1
            self._offset = 0
        word = self._buffer[self._offset:self._offset + WORD_BYTES]
        self._offset += WORD_BYTES
        return int.from_bytes(word, "big")

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias (rejection sampling).

        Words at or above the largest multiple of n below 2**64 are thrown
        away, so every residue is equally likely.
        """
        if not 0 < n <= WORD_RANGE:
            raise ValueError(f"below() needs 0 < n <= 2**64, got {n}")
        limit = WORD_RANGE - WORD_RANGE % n
        while True:
            word = self.next_word()
            if word < limit:
                return word % n

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A new list: Fisher–Yates, from the last position down to 1."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """k distinct positions of items, in the order drawn.

        A partial Fisher–Yates from the front: position i swaps with a uniform
        position in [i, len), for i = 0 … k − 1.
        """
        pool = list(items)
        if not 0 <= k <= len(pool):
            raise ValueError(f"cannot sample {k} of {len(pool)} items")
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def choice(self, items: Sequence[T]) -> T:
        """One uniform element."""
        if not items:
            raise ValueError("cannot choose from an empty sequence")
        return items[self.below(len(items))]


def prng_for(version: int, date: str, purpose: str) -> Prng:
    return Prng(seed_string(version, date, purpose))
