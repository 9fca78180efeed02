"""Entries of the dictionaries → their palavras-origem.tsv lines and refused forms.

An entry's forms depend only on its stem and on what its flags mean, so they
are expanded and filtered once per (stem, flags) and kept as an `EntryForms`;
and once for both dictionaries when every flag means the same in both .aff
files (pipeline.hunspell.shared: ~41,400 of the ~44,000 lines of each). Each
.dic line then only writes its lines of palavras-origem.tsv, naming the rules
in its own .aff. An entry whose stem is too long for any of its rules to
bring a form down to the longest word (`Expander.bare_above`: 3 entries in 4)
gives its stem alone, and is not expanded at all; when that stem is longer
than any word too (3 entries in 5), the entry gives no line, and `Tracer.rows`
counts such entries and files their stems all at once. A `Tracer` takes each
dictionary's other entries in .dic order, so a word's lines from one
dictionary arrive in the file's order (pipeline.collect only sorts them by
word), except among the lines one entry gives a word by different rules
(`twins`).

Speed matters here (the benchmark holds this step to Hunspell's `unmunch`):
the loop in `Tracer.trace` makes one string per line of the file and little
else; rare cases (abbreviations, Roman numerals, FORBIDDENWORD, `torre words why`) take
`trace_slowly`.
"""
from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Iterable
from itertools import compress, filterfalse
from operator import itemgetter, le, not_

from .constants import WORD_MAX_LENGTH
from .filters import FILTERS, Folder, classify, letters_key
from .hunspell import AffixFile, DicFile, Expander, convert
from .hunspell.expand import Rules  # AffixEntry, innermost first
from .hunspell.shared import line_in
from .record import Record


# The forms of one (stem, flags), through the filters, each list in expansion order:
# (kept, refused, twins). kept: (folded word, rules, form) of the forms that pass;
# refused: (form, folded word, rules, first filter failed); twins: whether the entry
# makes a word twice (``abafa`` by two rules of SFX X), whose lines then go by rules,
# which each dictionary names in its own way (`Tracer.trace` sorts them). A tuple, not
# an object: one is made per expanded (stem, flags), ~12,000.
EntryForms = tuple[list[tuple[str, Rules, str]], list[tuple[str, str, Rules, str]], bool]


def filter_forms(expanded: list[tuple[str, Rules]], oconv: list, fold: Folder) -> EntryForms:
    """Fold each form and put it in `kept` or `refused` (pipeline.filters.classify)."""
    kept, refused = [], []
    for form, rules in expanded:
        if oconv:
            form = convert(oconv, form)
        reason, folded = classify(form, fold)
        if reason is None:
            kept.append((folded, rules, form))
        else:
            refused.append((form, folded, rules, reason))
    return kept, refused, len(kept) > 1 and len(set(map(itemgetter(0), kept))) < len(kept)


ALONE = object()  # Tracer.forms of an entry whose only form is its stem


class RuleTexts(dict):
    """Rules tuple → ``SFX p pt_PT.aff:64 + PFX R pt_PT.aff:24`` (innermost first), or ``-``.

    The rules may be another file's (a shared expansion): each is named by
    its twin in this dictionary's .aff (`line_in`).
    """

    def __init__(self, aff: AffixFile):
        super().__init__()
        self.aff = aff

    def __missing__(self, rules: Rules) -> str:
        name = self.aff.path.name
        text = " + ".join(f"{r.kind} {r.flag} {name}:{line_in(self.aff, r)}" for r in rules)
        self[rules] = text or "-"
        return text or "-"


class Dictionary(Record):
    """One dictionary, read, and what tracing its entries needs."""

    __slots__ = ("index", "ident", "dic", "expander", "shared", "forbidden", "dropped")

    def __init__(self, index: int, ident: str, dic: DicFile, expander: Expander,
                 shared: frozenset[str], forbidden: set[str], dropped: dict[int, str]):
        self.index = index  # its place among the sources; 0 expands for the others
        self.ident, self.dic, self.expander = ident, dic, expander
        self.shared = shared  # flags that mean here what they mean in the first dictionary
        self.forbidden = forbidden  # FORBIDDENWORD stems: no entry may give them
        self.dropped = dropped  # .dic line → filter: entries marked ABR= or subcat=rom


class Traced:
    """What a Tracer found."""

    def __init__(self, count: int):
        # Per dictionary, in the order traced: each palavras-origem.tsv line, and its word.
        # Appended, not grouped by word: a stable sort by word puts them in the file's order.
        self.lines: list[list[str]] = [[] for _ in range(count)]
        self.words: list[list[str]] = [[] for _ in range(count)]
        self.generated = [0] * count  # forms spelled out, per dictionary
        self.removed: dict[str, set[str]] = {reason: set() for reason in FILTERS}
        self.near: list[list[tuple[str, str, str]]] = [[] for _ in range(count)]  # per
        # dictionary: (form, filter, tsv line) of rejected watched forms


class Tracer:
    """Traces entries of the dictionaries into one `Traced`, entry by entry."""

    def __init__(self, dictionaries: list[Dictionary], watch: frozenset[str], fold: Folder):
        self.dictionaries, self.watch, self.fold = dictionaries, watch, fold
        self.traced = Traced(len(dictionaries))
        self.texts = [RuleTexts(d.expander.aff) for d in dictionaries]
        self.cache: dict[tuple[int, frozenset[str], str], EntryForms] = {}
        self.flag_sets: dict[tuple[int, frozenset[str]], frozenset[str]] = {}
        self.bare: dict[str, str] = {}  # stem → its word if the stem alone passes, else ""
        self.keys: list[dict[frozenset[str], tuple]] = [{} for _ in dictionaries]
        self.long_stems: set[str] = set()  # stems `rows` put under their filter

    def rows(self, d: Dictionary) -> tuple[Iterable[tuple[str, frozenset[str], int]], int]:
        """The entries `trace` must take, (stem, flags, .dic line) in .dic order, and
        how many. The others are done here, all at once: an entry that gives its stem
        alone (`key`) gives no word when the stem is longer than the longest word (a
        stem folds to as many letters or more where the length pruning is on), so
        all it makes is a refused form: ~27,000 entries per dictionary (3 in 5), that
        `trace` would take one by one for nothing."""
        stems, flag_sets, lines, keys = d.dic.stems, d.dic.flags, d.dic.lines, self.keys[d.index]
        for flags in set(flag_sets):
            self.key(flags, d, keys)
        if d.expander.max_length is None:
            return zip(stems, flag_sets, lines), len(stems)
        limits = {flags: max(key[2], WORD_MAX_LENGTH) for flags, key in keys.items()}
        busy = list(map(le, map(len, stems), map(limits.__getitem__, flag_sets)))
        for line in d.dropped:  # such an entry's forms are all refused under its filter
            busy[bisect_left(lines, line)] = True  # the lines ascend
        taken = sum(busy)
        self.traced.generated[d.index] += len(busy) - taken
        long_stems = compress(stems, map(not_, busy))
        self.refuse_stems(set(filterfalse(self.long_stems.__contains__, long_stems)))
        return zip(compress(stems, busy), compress(flag_sets, busy), compress(lines, busy)), taken

    def refuse_stems(self, stems: set[str]) -> None:
        """Each stem, longer than the longest word, under the first filter it fails: too
        long for those of lowercase letters a–z (failed_filter's answer, without asking)."""
        self.long_stems |= stems
        removed = self.traced.removed
        plain = {stem for stem in stems if stem.isascii() and stem.isalpha() and stem.islower()}
        removed["too_long"] |= plain
        for stem in stems - plain:
            removed[classify(stem, self.fold)[0]].add(stem)

    def key(self, flags: frozenset[str], d: Dictionary,
            keys: dict[frozenset[str], tuple]) -> tuple[int, frozenset[str], float]:
        """Which dictionary expands entries with these flags (the first one if it can),
        one frozenset object per flag set, so that cache keys compare by identity,
        and the stem length above which such an entry gives its stem alone."""
        scope = 0 if d.shared and flags <= d.shared else d.index  # no flags: shared only if the files are
        rare = self.watch or d.forbidden  # every entry then takes trace_slowly
        bound = math.inf if rare else self.dictionaries[scope].expander.bare_above(flags)
        found = keys[flags] = (scope, self.flag_sets.setdefault((scope, flags), flags), bound)
        return found

    def forms(self, scope: int, flags: frozenset[str], stem: str) -> EntryForms | object:
        """An entry's forms, expanded by dictionary `scope` the first time they are asked for;
        ALONE if they are the stem alone (a third of the entries expanded: no rule matches)."""
        expander = self.dictionaries[scope].expander
        expanded = expander.expand(stem, flags)
        if len(expanded) == 1 and not expanded[0][1] and not expander.aff.OCONV:
            found = self.cache[scope, flags, stem] = ALONE
            return found
        found = self.cache[scope, flags, stem] = filter_forms(expanded, expander.aff.OCONV,
                                                              self.fold)
        return found

    def trace(self, d: Dictionary, rows: Iterable[tuple[str, frozenset[str], int]]) -> None:
        """Each entry's lines (and their words) into `traced`, its refused forms into
        `removed`; forms counted. `rows`: (stem, flags, .dic line) of each entry."""
        cache, texts = self.cache, self.texts[d.index]
        lines, words = self.traced.lines[d.index], self.traced.words[d.index]
        add_line, add_word = lines.append, words.append
        removed, ident, dropped = self.traced.removed, d.ident, d.dropped
        rare = bool(self.watch or d.forbidden)
        keys = self.keys[d.index]  # flags → (expanding dictionary, flags, bound)
        generated = 0
        fold, bare = self.fold, self.bare
        # The last dictionary takes what it reuses out of the cache: memory freed early is
        # memory its own lines reuse (fewer pages for the system to hand out).
        take = cache.pop if d.index == len(self.dictionaries) - 1 else cache.get
        for stem, flags, line in rows:
            scope, flags, bare_above = keys.get(flags) or self.key(flags, d, keys)
            forms = ALONE if len(stem) > bare_above else (take((scope, flags, stem), None)
                                                          or self.forms(scope, flags, stem))
            if forms is ALONE and not rare and line not in dropped:
                # The stem alone (5 entries in 6: no rule can make a form short enough, or
                # none matches): filter_forms and the lines below, inline, once per stem.
                generated += 1
                word = bare.get(stem)
                if word is None:  # once per distinct stem
                    reason, word = classify(stem, fold)
                    if reason:
                        removed[reason].add(stem)
                        word = ""
                    bare[stem] = word
                if word:
                    add_line(f"{word}\t{ident}\t{line}\t{stem}\t-\t{stem}\n")
                    add_word(word)
                continue
            if forms is ALONE:
                forms = filter_forms([(stem, ())], [], self.fold)
            middle = f"\t{ident}\t{line}\t{stem}\t"
            if rare or line in dropped:
                generated += self.trace_slowly(d, line, forms, middle)
                continue
            kept, refused, twins = forms
            generated += len(kept) + len(refused)
            if twins:
                # A word's lines by rules, then form: the entry's lines sorted as strings
                # (they share the word and `middle`; a word of A–Z sorts as the line it
                # starts, so the words sorted are the lines' words). Other words' lines go
                # apart anyway: only one word's lines from one entry need an order here.
                lines += sorted([f"{word}{middle}{texts[rules]}\t{form}\n"
                                 for word, rules, form in kept])
                words += sorted(map(itemgetter(0), kept))
            else:
                lines += [f"{word}{middle}{texts[rules]}\t{form}\n" for word, rules, form in kept]
                words += map(itemgetter(0), kept)
            for form, _, _, reason in refused:
                removed[reason].add(form)
        self.traced.generated[d.index] += generated

    def trace_slowly(self, d: Dictionary, line: int, forms: EntryForms, middle: str) -> int:
        """`trace` for the rare entry: ABR=, subcat=rom, FORBIDDENWORD, watched words
        (`torre words why`). An entry ABR= or subcat=rom marks gives no word: all its
        forms are refused under that filter (another entry may still give the same word).

        Kept and refused forms are taken apart: one spelling is always in the
        same list, so each form's near misses stay in expansion order.
        """
        texts = self.texts[d.index]
        dropped = d.dropped.get(line)
        refused = [(form, word, rules, dropped) for word, rules, form in forms[0]
                   if dropped] + forms[1]
        kept = [] if dropped else [(word, texts[rules], form) for word, rules, form in forms[0]]
        kept = [found for found in kept if found[2] not in d.forbidden]
        refused = [found for found in refused if found[0] not in d.forbidden]
        for word, text, form in sorted(kept):  # a word's lines: by rules, then form
            self.traced.lines[d.index].append(f"{word}{middle}{text}\t{form}\n")
            self.traced.words[d.index].append(word)
        for form, word, rules, reason in refused:
            self.traced.removed[reason].add(form)
            if self.watch and letters_key(word) in self.watch:
                row = f"{word}{middle}{texts[rules]}\t{form}"
                self.traced.near[d.index].append((form, reason, row))
        return len(kept) + len(refused)
