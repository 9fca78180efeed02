"""Both dictionaries read and traced, in one process, and their lines put in order.

Tracing (pipeline.trace) is the step's bulk. It runs in this one process:
split between two (each taking one part of every dictionary), it cost ~15 %
more CPU time (the second process's start, its findings pickled through a
pipe and joined back) and, on a busy machine, more wall time too. The
lines are kept as traced, one list for all, and put in the file's order by
one stable sort by word when the file is written (`Collected.order`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cached_property
from itertools import chain, groupby

from .constants import WORD_MAX_LENGTH
from .filters import Folder, entry_filter
from .hunspell import AffixFile, DicFile, Expander, read_aff, read_dic
from .hunspell.shared import shared_flags
from .record import Record
from .sources import DictionarySource
from .trace import Dictionary, Traced, Tracer

Progress = Callable[[Iterable, str, int], object]  # click.progressbar-like factory


class Spelling(Record):
    """One dictionary's share of the list."""

    __slots__ = ("ident", "dic_name", "aff_name", "words", "stats")

    def __init__(self, ident: str, dic_name: str, aff_name: str,
                 words: set[str] | None = None, stats: dict | None = None):
        self.ident, self.dic_name, self.aff_name = ident, dic_name, aff_name
        self.words = set() if words is None else words
        self.stats = {} if stats is None else stats  # entries, forms_generated, words, pruned


class Collected:
    """What the step found: every line of palavras-origem.tsv, each line's word, the
    dictionaries' shares, the forms each filter removed, the rejected watched forms."""

    def __init__(self, line_words: list[str], lines: list[str], spellings: list[Spelling],
                 removed: dict[str, set[str]], near: list[tuple[str, str, str]]):
        self.line_words = line_words  # the word of each line of `lines`
        self.lines = lines  # every palavras-origem.tsv line, dictionary by dictionary, as traced
        self.spellings = spellings
        self.removed = removed  # filter → the distinct forms it removed
        self.near = near  # (form, filter, tsv line) of rejected watched forms

    @cached_property
    def order(self) -> list[int]:
        """The lines' places in the file: a stable sort by word (in C), which keeps a
        word's lines as traced: dictionary by dictionary, each in its .dic's order.
        Grouping them by word as they came cost more (a look-up and a new string
        per line)."""
        return sorted(range(len(self.lines)), key=self.line_words.__getitem__)

    def words(self) -> list[str]:
        """Every word, once, sorted (each run of a word in the file's order, once)."""
        return [word for word, _ in groupby(map(self.line_words.__getitem__, self.order))]

    def text(self) -> str:
        """palavras-origem.tsv without its header."""
        return "".join(self.text_parts())

    def text_parts(self, size: int = 8192) -> Iterator[str]:
        """`text` in parts of `size` lines: written part by part, the 6.6 MB file is
        never whole in memory, nor its UTF-8 copy (~3,000 fewer pages touched)."""
        order, line = self.order, self.lines.__getitem__
        for start in range(0, len(order), size):
            yield "".join(map(line, order[start:start + size]))

    @cached_property
    def rows(self) -> dict[str, str]:
        """Word → its lines, in the file's order (for look-ups: `torre words why`, tests)."""
        rows: dict[str, str] = {}
        for index in self.order:
            word = self.line_words[index]
            rows[word] = rows.get(word, "") + self.lines[index]
        return rows


def can_prune(aff: AffixFile, dic: DicFile, fold: Folder) -> bool:
    """Pruning by length is exact only if no character folds to nothing (unidecode
    leaves ASCII as it is: only the others need asking)."""
    if aff.OCONV:
        return False
    chars = not_ascii("".join(dic.stems))
    chars |= {c for cls in (*aff.PFX.values(), *aff.SFX.values())
              for e in cls.entries for c in e.add}
    return all(fold(c) for c in chars)


ASCII = bytes(range(128))


def not_ascii(text: str) -> set[str]:
    """The characters of `text` outside ASCII (the stems of a .dic: ~400,000 characters,
    most of them ASCII, dropped in C by bytes.translate where the text is Latin-1)."""
    try:
        data = text.encode("latin-1")
    except UnicodeEncodeError:
        return {c for c in set(text) if not c.isascii()}
    return set(data.translate(None, ASCII).decode("latin-1"))


def dropped_entries(dic: DicFile) -> dict[int, str]:
    """.dic line → the filter its morphology puts the entry under (abbreviation, Roman numeral)."""
    reasons = {morph: reason for morph in set(dic.morphs)  # 7,650 distinct of ~44,000
               if (reason := entry_filter(morph))}
    if not reasons:
        return {}
    return {line: reasons[morph] for line, morph in zip(dic.lines, dic.morphs) if morph in reasons}


def read_dictionaries(sources: list[DictionarySource], limit: int,
                      fold: Folder) -> list[Dictionary]:
    """Each dictionary read, with its expander and the flags it shares with the first."""
    dictionaries: list[Dictionary] = []
    for index, source in enumerate(sources):
        aff = read_aff(source.aff_path)
        dic = read_dic(source.dic_path, aff, source.tolerated_entries)
        expander = Expander(aff, limit if can_prune(aff, dic, fold) else None)
        first = dictionaries[0].expander if dictionaries else expander
        # Shared expansion needs the same pruning: the same limit, and the same slack
        # (which the whole .aff sets, shared classes or not).
        same_pruning = (first.max_length, first.slack) == (expander.max_length, expander.slack)
        shared = shared_flags(first.aff, aff) if same_pruning else frozenset()
        forbidden = expander.forbidden_words(dic.entries) if aff.FORBIDDENWORD else set()
        dictionaries.append(Dictionary(index, source.id, dic, expander, shared, forbidden,
                                       dropped_entries(dic)))
    return dictionaries


def gather(sources: list[DictionarySource], dictionaries: list[Dictionary],
           traced: Traced) -> Collected:
    """What the tracer found, with each dictionary's words and figures."""
    spellings = []
    for source, d in zip(sources, dictionaries):
        spelling = Spelling(source.id, source.dic_path.name, source.aff_path.name,
                            set(traced.words[d.index]))
        spelling.stats = {"entries": len(d.dic), "words": len(spelling.words),
                          "forms_generated": traced.generated[d.index],
                          "pruned": d.expander.max_length is not None}
        spellings.append(spelling)
    near = [found for d in dictionaries for found in traced.near[d.index]]
    return Collected(list(chain.from_iterable(traced.words)),
                     list(chain.from_iterable(traced.lines)), spellings, traced.removed, near)


def collect(sources: list[DictionarySource], watch: frozenset[str] = frozenset(),
            progress: Progress | None = None) -> Collected:
    """Read, expand, filter and trace the dictionaries (see the module docstring).

    ``watch``: letters of words whose rejected look-alikes to keep (for `why`);
    forms a little longer than the longest are then spelled out too.
    """
    fold = Folder()
    limit = max(WORD_MAX_LENGTH, max(map(len, watch), default=0) + 3)
    dictionaries = read_dictionaries(sources, limit, fold)
    tracer = Tracer(dictionaries, watch, fold)
    for d in dictionaries:
        rows, count = tracer.rows(d)
        if progress is None:
            tracer.trace(d, rows)
            continue
        with progress(rows, f"expanding {d.ident}", count) as rows:
            tracer.trace(d, rows)
    return gather(sources, dictionaries, tracer.traced)
