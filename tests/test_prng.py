"""The PRNG: documented streams, unbiased integers, shuffles and samples."""
from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from pipeline.prng import Prng, prng_for, seed_string


def test_seed_string_names_version_date_and_purpose():
    assert seed_string(1, "2026-12-25", "bag") == "a-torre/v1/2026-12-25/bag"


def test_stream_is_sha256_of_seed_nul_and_big_endian_counter():
    seed = "a-torre/v1/2026-12-25/bag"
    rng = Prng(seed)
    words = [rng.next_word() for _ in range(8)]
    stream = b"".join(hashlib.sha256(seed.encode() + b"\x00" + i.to_bytes(8, "big")).digest()
                      for i in range(2))
    expected = [int.from_bytes(stream[k:k + 8], "big") for k in range(0, 64, 8)]
    assert words == expected


def test_same_seed_gives_same_stream_and_different_purposes_differ():
    a, b = prng_for(1, "2026-12-25", "bag"), prng_for(1, "2026-12-25", "bag")
    c = prng_for(1, "2026-12-25", "helps")
    first = [a.next_word() for _ in range(10)]
    assert first == [b.next_word() for _ in range(10)]
    assert first != [c.next_word() for _ in range(10)]


class FixedWords(Prng):
    """A stream that replays given words, to check the rejection step."""

    def __init__(self, words):
        super().__init__("test")
        self.words = list(words)

    def next_word(self):
        return self.words.pop(0)


def test_below_rejects_words_at_or_above_the_largest_multiple_of_n():
    top = 2 ** 64 - 1  # 2**64 mod 3 == 1, so 2**64 - 1 is the one word rejected for n=3
    assert FixedWords([top, 7]).below(3) == 1
    assert FixedWords([top - 1]).below(3) == (top - 1) % 3


@pytest.mark.parametrize("n", [0, -1, 2 ** 64 + 1])
def test_below_refuses_an_empty_or_too_large_range(n):
    with pytest.raises(ValueError):
        Prng("x").below(n)


def test_below_is_roughly_uniform_over_small_ranges():
    rng = Prng("uniformity")
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_400 < c < 10_600 for c in counts.values())


def test_shuffle_is_a_permutation_and_leaves_the_input_alone():
    items = list("AAABBCÇ")
    shuffled = Prng("s").shuffle(items)
    assert sorted(shuffled) == sorted(items)
    assert items == list("AAABBCÇ")


def test_shuffle_reaches_every_order_of_three_items_evenly():
    rng = Prng("perm")
    counts = Counter(tuple(rng.shuffle("abc")) for _ in range(12_000))
    assert len(counts) == 6
    assert all(1_700 < c < 2_300 for c in counts.values())


def test_sample_draws_distinct_items_in_draw_order():
    picked = Prng("sample").sample(range(22), 5)
    assert len(set(picked)) == 5 and all(0 <= p < 22 for p in picked)
    assert Prng("sample").sample(range(22), 5) == picked


def test_sample_refuses_more_than_there_are():
    with pytest.raises(ValueError):
        Prng("x").sample([1, 2], 3)


def test_choice_of_an_empty_sequence_is_an_error():
    with pytest.raises(ValueError):
        Prng("x").choice([])
