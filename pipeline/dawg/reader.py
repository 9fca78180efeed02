"""Read a DAWG file (format.py) without unpacking it.

A node is a small int: ``(first edge + 1) << 2 | end flags``, where the end
flags are those of the edge that led there (1: a dictionary word ends here,
2: a Coimbra word ends here) and first edge + 1 = 0 is the empty end state.
Word ends live on edges in the file, so the node carries them along; a move
generator can walk `child` and ask `is_terminal` as with final states.

Every read is bounds-checked: a file that passed the header check but holds
a wild target or letter raises DawgFormatError, never IndexError, and no walk
is longer than the longest word the header declares.
"""
from __future__ import annotations

import sys
from array import array
from collections.abc import Iterator
from pathlib import Path

from ..constants import ALPHABET
from ..errors import DawgFormatError
from .format import (
    FLAG_COIMBRA, FLAG_SHIFT, FLAG_WORD, LAST, LETTER_CODES, LETTER_MASK, TARGET_SHIFT,
    check_blocks, edges_offset, parse_header, shared_starts,
)

FOLD = str.maketrans({"Ç": "C", "ç": "C"})


class Dawg:
    """The word list: membership, Coimbra flags, enumeration and walking."""

    def __init__(self, data: bytes, name: str = "DAWG"):
        self.name = name
        self.header = parse_header(data, name)
        check_blocks(data, self.header, name)  # all of them: zlib makes it cheap here
        count = self.header.edges
        self.records = array("I", bytes(data[edges_offset(count):]))
        if sys.byteorder != "little":
            self.records.byteswap()
        self.shared = shared_starts(self.records, self.header, name)
        self.root = (self.header.shared_edges + 1) << 2 if count else 0

    @classmethod
    def load(cls, path: Path | str) -> Dawg:
        path = Path(path)
        return cls(path.read_bytes(), name=str(path))

    # The move generator's primitives.

    def child(self, node: int, letter: str) -> int | None:
        """The node after reading `letter` (A–Z, Ç as C) from `node`, or None."""
        code = LETTER_CODES.get(letter.translate(FOLD))
        if code is None:
            return None
        state = self._state(node)
        for index, record in state:
            if record & LETTER_MASK == code:
                return self._node_after(record, state[-1][0] + 1)
        return None

    def edges(self, node: int) -> list[tuple[str, int]]:
        """(letter, node) for every edge leaving `node`, in descending letter order."""
        state = self._state(node)
        end = state[-1][0] + 1 if state else 0
        return [(self._letter(record), self._node_after(record, end)) for _, record in state]

    @staticmethod
    def is_terminal(node: int) -> bool:
        """Does the path to `node` spell a word (dictionary or Coimbra)?"""
        return node & (FLAG_WORD | FLAG_COIMBRA) != 0

    @staticmethod
    def is_coimbra_node(node: int) -> bool:
        return node & FLAG_COIMBRA != 0

    @staticmethod
    def is_dictionary_node(node: int) -> bool:
        return node & FLAG_WORD != 0

    # Whole words.

    def find(self, word: str) -> int | None:
        """The node `word` leads to (or None); Ç reads as C, anything outside A–Z fails."""
        if len(word) > self.header.max_length:
            return None
        node = self.root
        for letter in word:
            node = self.child(node, letter)
            if node is None:
                return None
        return node

    def contains(self, word: str) -> bool:
        node = self.find(word)
        return node is not None and self.is_terminal(node)

    def is_coimbra(self, word: str) -> bool:
        node = self.find(word)
        return node is not None and self.is_coimbra_node(node)

    def __contains__(self, word: str) -> bool:
        return self.contains(word)

    def words(self) -> Iterator[str]:
        """Every word in alphabetical order."""
        yield from (word for word, _ in self.entries())

    def entries(self) -> Iterator[tuple[str, int]]:
        """(word, end flags) for every word in alphabetical order."""
        stack = [("", self.root)]
        found = 0
        while stack:
            prefix, node = stack.pop()
            if len(prefix) > self.header.max_length:
                raise DawgFormatError(f"{self.name}: a path longer than the longest word")
            if prefix and self.is_terminal(node):
                found += 1
                if found > self.header.words:
                    raise DawgFormatError(f"{self.name}: more words than the header's {self.header.words}")
                yield prefix, node & (FLAG_WORD | FLAG_COIMBRA)
            # Edges are stored Z→A; pushing them in that order pops A first.
            for letter, target in self.edges(node):
                stack.append((prefix + letter, target))

    # Reading edges.

    def _state(self, node: int) -> list[tuple[int, int]]:
        """(index, edge word) for each edge of the state `node` is in."""
        index = (node >> 2) - 1
        edges: list[tuple[int, int]] = []
        records = self.records
        while index >= 0:
            if index >= len(records):
                raise DawgFormatError(f"{self.name}: edge {index} is past the last edge")
            record = records[index]
            edges.append((index, record))
            if record & LAST:
                break
            index += 1
        return edges

    def _node_after(self, record: int, end: int) -> int:
        """The node an edge leads to; `end` is the index just past the edge's state."""
        code = record >> TARGET_SHIFT
        flags = (record >> FLAG_SHIFT) & 3
        if code == 0:
            return flags
        shared = self.header.shared_states
        target = self.shared[code - 1] if code <= shared else end + code - shared - 1
        if target >= len(self.records):
            raise DawgFormatError(f"{self.name}: an edge leads to edge {target}, past the end")
        return (target + 1) << 2 | flags

    def _letter(self, record: int) -> str:
        code = record & LETTER_MASK
        if code >= len(ALPHABET):
            raise DawgFormatError(f"{self.name}: letter code {code} outside the alphabet")
        return ALPHABET[code]
