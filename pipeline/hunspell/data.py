"""What a Hunspell .aff/.dic pair says, as dataclasses named after the directives.

Attribute names follow the directives (``SFX``, ``NEEDAFFIX``, ``FLAG``) so that
code and .aff files can be grepped together. Nothing here does any work: the
reader fills these in, expand.py uses them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple, Sequence


@dataclass(frozen=True, slots=True, eq=False)
class AffixEntry:
    """One rule line, e.g. ``SFX p   ão   ões   ão   +N=p`` (pt_PT.aff).

    ``strip`` and ``add`` are empty strings where the file writes ``0``;
    ``cont`` holds the continuation flags written after ``add/``;
    ``elements`` is the condition split into its character positions
    (``"[^ã]"``, ``"l"`` …) so its length is Hunspell's numconds.
    """

    kind: str  # "PFX" or "SFX"
    flag: str
    strip: str
    add: str
    condition: str
    elements: tuple[str, ...]
    cont: frozenset[str]
    line: int  # 1-based line in the .aff
    index: int  # 1-based position within its class
    delta: int = field(init=False)  # characters the rule adds (may be negative)

    def __post_init__(self):
        object.__setattr__(self, "delta", len(self.add) - len(self.strip))


@dataclass(slots=True)
class AffixClass:
    """A ``PFX A Y 4`` header and its entries."""

    kind: str
    flag: str
    cross_product: bool
    line: int
    entries: list[AffixEntry] = field(default_factory=list)


@dataclass(slots=True)
class AffixFile:
    """Everything in a .aff that changes which words exist."""

    path: Path
    SET: str = "ISO8859-1"
    FLAG: str = "char"  # char | long | num | UTF-8
    PFX: dict[str, AffixClass] = field(default_factory=dict)
    SFX: dict[str, AffixClass] = field(default_factory=dict)
    AF: list[frozenset[str]] = field(default_factory=list)  # 1-based aliases: AF[n - 1]
    NEEDAFFIX: str | None = None
    FORBIDDENWORD: str | None = None
    KEEPCASE: str | None = None
    ONLYINCOMPOUND: str | None = None
    FULLSTRIP: bool = False
    IGNORE: str = ""
    ICONV: list[tuple[str, str]] = field(default_factory=list)
    OCONV: list[tuple[str, str]] = field(default_factory=list)

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
