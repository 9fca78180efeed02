"""Build the minimal DAWG of the word list ∪ the Coimbra words.

The automaton carries word ends on its edges, not its states: the edge that
reads the last letter of a word says whether that word is a dictionary word,
a Coimbra word, or both. Two states whose outgoing edges agree (letter, end
flags, target) are then the same state even when one of them ends a word and
the other does not, which makes the automaton smaller than one with final
states.

Construction is Daciuk et al.'s incremental algorithm for sorted input: once
a word has been added, every state below the point where the next word
diverges is final in shape and is replaced by its registered twin, if any.
"""
from __future__ import annotations

from collections.abc import Iterable

from ..constants import ALPHABET
from ..errors import DawgFormatError, quoted
from .format import (
    FLAG_COIMBRA, FLAG_SHIFT, FLAG_WORD, LAST, LETTER_CODES, TARGET_SHIFT, VERSION, Header, encode,
)


class State:
    """A state under construction: letter → [end flags, target state]."""

    __slots__ = ("edges",)

    def __init__(self) -> None:
        self.edges: dict[str, list] = {}

    def signature(self) -> tuple:
        """What makes two finished states interchangeable (targets are registered)."""
        return tuple(
            (letter, flags, id(target)) for letter, (flags, target) in sorted(self.edges.items())
        )


def merge_words(words: Iterable[str], coimbra: Iterable[str]) -> list[tuple[str, int]]:
    """Sorted (word, flags) pairs; refuses a word the DAWG's alphabet cannot hold."""
    flags: dict[str, int] = {}
    for source, flag in ((words, FLAG_WORD), (coimbra, FLAG_COIMBRA)):
        for word in source:
            check_word(word)
            flags[word] = flags.get(word, 0) | flag
    return sorted(flags.items())


MAX_WORD_LENGTH = 255  # the header stores the longest word in one byte


def check_word(word: str) -> None:
    if len(word) > MAX_WORD_LENGTH:
        raise DawgFormatError(f"a line of {len(word)} letters ({quoted(word)}): the DAWG "
                              f"stores words of at most {MAX_WORD_LENGTH}")
    if not word or any(letter not in ALPHABET for letter in word):
        raise DawgFormatError(
            f"cannot store {quoted(word)} in the DAWG: words are non-empty and use only {ALPHABET}"
        )


class Builder:
    """Daciuk's incremental construction; words must arrive in sorted order."""

    def __init__(self) -> None:
        self.root = State()
        self.register: dict[tuple, State] = {}
        self.previous = ""
        # The path of the last word added: (parent, letter) pairs, not yet minimised.
        self.unchecked: list[tuple[State, str]] = []

    def add(self, word: str, flags: int) -> None:
        if word <= self.previous:
            raise ValueError(f"words must be sorted and unique: {quoted(word)} after "
                             f"{quoted(self.previous)}")
        common = 0
        for a, b in zip(word, self.previous):
            if a != b:
                break
            common += 1
        self.minimise(common)
        state = self.root
        if self.unchecked:
            parent, letter = self.unchecked[-1]
            state = parent.edges[letter][1]
        for letter in word[common:]:
            child = State()
            state.edges[letter] = [0, child]
            self.unchecked.append((state, letter))
            state = child
        parent, letter = self.unchecked[-1]
        parent.edges[letter][0] |= flags
        self.previous = word

    def minimise(self, down_to: int) -> None:
        """Replace the states of the unchecked path deeper than `down_to` by registered twins."""
        while len(self.unchecked) > down_to:
            parent, letter = self.unchecked.pop()
            child = parent.edges[letter][1]
            key = child.signature()
            twin = self.register.get(key)
            if twin is None:
                self.register[key] = child
            else:
                parent.edges[letter][1] = twin

    def finish(self) -> State:
        self.minimise(0)
        return self.root


def states_in_order(root: State) -> list[State]:
    """Every state with edges, depth-first from the root, edges in letter order."""
    seen: set[int] = set()
    order: list[State] = []
    stack = [root]
    while stack:
        state = stack.pop()
        if id(state) in seen or not state.edges:
            continue
        seen.add(id(state))
        order.append(state)
        stack.extend(target for _, (_, target) in sorted(state.edges.items(), reverse=True))
    return order


def lay_out(root: State) -> tuple[list[State], int]:
    """Shared states first (most shared first), then the rest in depth-first order.

    Returns the states and how many of them are shared. A state with one
    parent is placed after it, so its address is a short forward offset;
    shared states are few and get small absolute addresses. (Measured on the
    word list: this halves the cost of addresses after brotli compared with
    absolute addresses in depth-first order; see docs/dawg-format.md.)
    """
    order = states_in_order(root)
    parents: dict[int, int] = {}
    for state in order:
        for _, target in state.edges.values():
            parents[id(target)] = parents.get(id(target), 0) + 1
    rank = {id(state): n for n, state in enumerate(order)}
    shared = [s for s in order if parents.get(id(s), 0) >= 2]
    shared.sort(key=lambda s: (-parents[id(s)], rank[id(s)]))
    return shared + [s for s in order if parents.get(id(s), 0) < 2], len(shared)


def edge_records(states: list[State], shared_count: int) -> tuple[list[int], int]:
    """The uint32 edge words (see format.py) and the number of shared-region edges."""
    start: dict[int, int] = {}
    position = 0
    for state in states:
        start[id(state)] = position
        position += len(state.edges)
    ordinal = {id(state): n for n, state in enumerate(states[:shared_count])}
    records: list[int] = []
    for state in states:
        letters = sorted(state.edges, reverse=True)
        end = start[id(state)] + len(letters)
        for n, letter in enumerate(letters):
            flags, target = state.edges[letter]
            if not target.edges:
                code = 0
            elif id(target) in ordinal:
                code = ordinal[id(target)] + 1
            else:  # unshared: laid out after its only parent, so at or after `end`
                code = shared_count + 1 + start[id(target)] - end
            last = LAST if n == len(letters) - 1 else 0
            records.append(
                LETTER_CODES[letter] | last | flags << FLAG_SHIFT | code << TARGET_SHIFT
            )
    shared_edges = sum(len(state.edges) for state in states[:shared_count])
    return records, shared_edges


def build_dawg(words: Iterable[str], coimbra: Iterable[str]) -> bytes:
    """The DAWG file of `words` (dictionary words) and `coimbra` (Coimbra words), A–Z folded."""
    merged = merge_words(words, coimbra)
    builder = Builder()
    for word, flags in merged:
        builder.add(word, flags)
    states, shared_count = lay_out(builder.finish())
    records, shared_edges = edge_records(states, shared_count)
    header = Header(
        version=VERSION, crc=0, edges=len(records), shared_states=shared_count,
        shared_edges=shared_edges,
        words=len(merged),
        dictionary_words=sum(1 for _, flags in merged if flags & FLAG_WORD),
        coimbra_words=sum(1 for _, flags in merged if flags & FLAG_COIMBRA),
        states=len(states) + 1,
        max_length=max((len(word) for word, _ in merged), default=0),
    )
    return encode(records, header)
