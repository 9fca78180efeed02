"""What a Hunspell .aff/.dic pair says, as plain classes named after the directives.

Attribute names follow the directives (``SFX``, ``NEEDAFFIX``, ``FLAG``) so that
code and .aff files can be grepped together. Nothing here does any work: the
reader fills these in, expand.py uses them.
"""
from __future__ import annotations

from pathlib import Path
from typing import NamedTuple, Sequence

from ..record import Record


class AffixEntry(Record):
    """One rule line, e.g. ``SFX p   ão   ões   ão   +N=p`` (pt_PT.aff).

    ``strip`` and ``add`` are empty strings where the file writes ``0``;
    ``cont`` holds the continuation flags written after ``add/``;
    ``elements`` is the condition split into its character positions
    (``"[^ã]"``, ``"l"`` …) so its length is Hunspell's numconds.
    Compared and hashed by identity: each rule line is one object.
    """

    __slots__ = ("kind", "flag", "strip", "add", "condition", "elements", "cont", "line",
                 "index", "delta")

    def __init__(self, kind: str, flag: str, strip: str, add: str, condition: str,
                 elements: tuple[str, ...], cont: frozenset[str], line: int, index: int):
        self.kind = kind  # "PFX" or "SFX"
        self.flag, self.strip, self.add, self.condition = flag, strip, add, condition
        self.elements, self.cont = elements, cont
        self.line = line  # 1-based line in the .aff
        self.index = index  # 1-based position within its class
        self.delta = len(add) - len(strip)  # characters the rule adds (may be negative)


class AffixClass(Record):
    """A ``PFX A Y 4`` header and its entries."""

    __slots__ = ("kind", "flag", "cross_product", "line", "entries")

    def __init__(self, kind: str, flag: str, cross_product: bool, line: int,
                 entries: list[AffixEntry] | None = None):
        self.kind, self.flag, self.cross_product, self.line = kind, flag, cross_product, line
        self.entries = [] if entries is None else entries


class AffixFile(Record):
    """Everything in a .aff that changes which words exist."""

    __slots__ = ("path", "SET", "FLAG", "PFX", "SFX", "AF", "NEEDAFFIX", "FORBIDDENWORD",
                 "KEEPCASE", "ONLYINCOMPOUND", "FULLSTRIP", "IGNORE", "ICONV", "OCONV")

    def __init__(self, path: Path, SET: str = "ISO8859-1", FLAG: str = "char"):  # noqa: N803
        self.path, self.SET = path, SET
        self.FLAG = FLAG  # char | long | num | UTF-8
        self.PFX: dict[str, AffixClass] = {}
        self.SFX: dict[str, AffixClass] = {}
        self.AF: list[frozenset[str]] = []  # 1-based aliases: AF[n - 1]
        self.NEEDAFFIX: str | None = None
        self.FORBIDDENWORD: str | None = None
        self.KEEPCASE: str | None = None
        self.ONLYINCOMPOUND: str | None = None
        self.FULLSTRIP = False
        self.IGNORE = ""
        self.ICONV: list[tuple[str, str]] = []
        self.OCONV: list[tuple[str, str]] = []

    @property
    def encoding(self) -> str:
        """The Python codec for ``SET``."""
        return PYTHON_CODECS[self.SET.upper()]

    def special_flags(self) -> set[str]:
        """Flags that mark entries rather than name affix classes."""
        flags = (self.NEEDAFFIX, self.FORBIDDENWORD, self.KEEPCASE, self.ONLYINCOMPOUND)
        return {flag for flag in flags if flag is not None}


class DicEntry(NamedTuple):
    """One .dic line: ``aio/fp<TAB>[CAT=nc,G=m,N=s]`` (a tuple: there are ~44,000)."""

    stem: str
    flags: frozenset[str]
    line: int
    raw_flags: str = ""
    morph: str = ""


class DicFile:
    """A .dic's entries as columns, one item per entry in file order: the word-list
    step reads ~88,000 of them and needs no object per entry. `entries` gives them
    as DicEntry tuples, made on first use."""

    __slots__ = ("path", "declared_count", "stems", "flags", "lines", "raw_flags", "morphs",
                 "_entries")

    def __init__(self, path: Path, declared_count: int, stems: list[str],
                 flags: list[frozenset[str]], lines: Sequence[int], raw_flags: list[str],
                 morphs: list[str]):
        self.path, self.declared_count = path, declared_count
        self.stems, self.flags, self.lines = stems, flags, lines
        self.raw_flags, self.morphs = raw_flags, morphs
        self._entries: list[DicEntry] | None = None

    @classmethod
    def of(cls, path: Path, declared_count: int, entries: list[DicEntry]) -> DicFile:
        """The columns of entries read one by one."""
        columns = [list(column) for column in zip(*entries)] or [[] for _ in DicEntry._fields]
        return cls(path, declared_count, *columns)

    @property
    def entries(self) -> list[DicEntry]:
        if self._entries is None:
            self._entries = list(map(DicEntry._make, zip(self.stems, self.flags, self.lines,
                                                         self.raw_flags, self.morphs)))
        return self._entries

    def __len__(self) -> int:
        return len(self.stems)


# Hunspell's SET names → Python codecs (Hunspell accepts these spellings).
PYTHON_CODECS = {
    "UTF-8": "utf-8",
    **{f"ISO8859-{n}": f"iso8859-{n}" for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14, 15)},
    "KOI8-R": "koi8-r",
    "KOI8-U": "koi8-u",
    "MICROSOFT-CP1251": "cp1251",
    "CP1251": "cp1251",
    "TIS620-2533": "tis-620",
}
