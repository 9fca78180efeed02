"""A base for plain classes with slots, shown as their fields.

What @dataclass would make, without importing dataclasses (and inspect with it)
or generating code at start-up: the word-list step imports its modules anew in
each run, and its eight dataclasses cost ~15 ms of it.
"""
from __future__ import annotations


class Record:
    __slots__ = ()

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"
