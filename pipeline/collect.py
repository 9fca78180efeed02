"""Every dictionary expanded, each form sorted into the list or a filter's bin.

An entry's forms depend only on its stem and on what its flags mean, so they
are expanded and filtered once per (stem, flags) and kept as an `EntryForms`;
and once for both dictionaries when every flag means the same in both .aff
files (pipeline.hunspell.shared: ~41,400 of the ~44,000 lines of each). Each
.dic line then only writes its palavras-origem.tsv lines, naming the rules in
its own .aff. The dictionaries are read in order in one process, so each
word's lines arrive in the file's order (dictionary, .dic line) with no sort,
except among the lines one entry gives a word by different rules.

Speed matters here (the benchmark holds this step to Hunspell's `unmunch`):
the loop in `Collector.trace` makes one string per line of the file and
nothing else; rare cases (abbreviations, FORBIDDENWORD, a word made twice by
one entry, `torre words why`) take `trace_slowly`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import nullcontext
from dataclasses import dataclass, field
from operator import itemgetter

from .constants import WORD_MAX_LENGTH
from .filters import FILTERS, PLAYABLE, Folder, failed_filter, is_abbreviation, letters_key
from .hunspell import AffixFile, DicEntry, DicFile, Expander, convert, read_aff, read_dic
from .hunspell.shared import line_in, shared_flags
from .sources import DictionarySource

Progress = Callable[[Iterable, str, int], object]  # click.progressbar-like factory
Rules = tuple  # of AffixEntry, innermost first


class EntryForms:
    """The forms of one (stem, flags), through the filters, each list in expansion order.

    A word an entry makes twice (``abafa`` by two rules of SFX X) has its
    lines sorted by rules, which this dictionary names in its own way; so
    such words are set apart in `twins`, and `singles` need no sort.
    """

    __slots__ = ("kept", "refused", "singles", "twins", "counted")

    def __init__(self, kept: list[tuple[str, Rules, str]],
                 refused: list[tuple[str, str, Rules, str]]):
        self.kept = kept  # (folded word, rules, form) of the forms that pass
        self.refused = refused  # (form, folded word, rules, first filter failed)
        self.singles: list[tuple[str, Rules, str]] = kept
        self.twins: list[tuple[str, list[tuple[Rules, str]]]] = []  # (word, its rules and forms)
        self.counted = False  # refused forms already in Collected.removed
        if len(kept) > 1 and len(set(map(itemgetter(0), kept))) < len(kept):
            self.set_twins_apart()

    def set_twins_apart(self) -> None:
        made: dict[str, list[tuple[Rules, str]]] = {}
        for word, rules, form in self.kept:
            made.setdefault(word, []).append((rules, form))
        self.singles = [(word, *found[0]) for word, found in made.items() if len(found) == 1]
        self.twins = [(word, found) for word, found in made.items() if len(found) > 1]


def filter_forms(expanded: list[tuple[str, Rules]], oconv: list, fold: Folder) -> EntryForms:
    """Fold each form and put it in `kept` or `refused` (pipeline.filters.classify, inline)."""
    upper, playable = fold.upper_table, PLAYABLE.fullmatch
    kept, refused = [], []
    for form, rules in expanded:
        if oconv:
            form = convert(oconv, form)
        # unidecode leaves ASCII as it is; str.upper is far cheaper than translate
        folded = form.upper() if form.isascii() else form.translate(upper)
        if playable(folded) and form == form.lower():
            kept.append((folded, rules, form))
        else:
            refused.append((form, folded, rules, failed_filter(form, folded)))
    return EntryForms(kept, refused)


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


@dataclass
class Spelling:
    """One dictionary's share of the list."""

    ident: str
    dic_name: str
    aff_name: str
    words: set[str] = field(default_factory=set)
    stats: dict = field(default_factory=dict)  # entries, forms_generated, words, pruned


@dataclass
class Collected:
    rows: dict[str, list[str]]  # word → its palavras-origem.tsv lines, in the file's order
    spellings: list[Spelling]
    removed: dict[str, set[str]]  # filter → the distinct forms it removed
    near: list[tuple[str, str, str]]  # (form, filter, tsv line) of rejected watched forms


def can_prune(aff: AffixFile, dic: DicFile, fold: Folder) -> bool:
    """Pruning by length is exact only if no character folds to nothing."""
    if aff.OCONV:
        return False
    chars = set("".join([entry[0] for entry in dic.entries]))  # the stems
    chars |= {c for cls in (*aff.PFX.values(), *aff.SFX.values())
              for e in cls.entries for c in e.add}
    return all(fold(c) for c in chars)


def abbreviation_lines(dic: DicFile) -> set[int]:
    return {e.line for e in dic.entries if "ABR=" in e.morph and is_abbreviation(e.morph)}


@dataclass
class Dictionary:
    """What tracing one dictionary needs besides its entries."""

    index: int  # its place among the sources; 0 expands for the others
    spelling: Spelling
    texts: RuleTexts
    shared: frozenset[str]  # flags that mean here what they mean in the first dictionary
    forbidden: set[str]  # FORBIDDENWORD stems: no entry may give them
    abbreviations: set[int]  # .dic lines marked ABR=


class Collector:
    """Traces the dictionaries, in order, into one `Collected`."""

    def __init__(self, watch: frozenset[str] = frozenset(), progress: Progress | None = None):
        self.watch, self.progress, self.fold = watch, progress, Folder()
        # With watched words, forms a little longer than the longest are spelled out too.
        self.limit = max(WORD_MAX_LENGTH, max(map(len, watch), default=0) + 3)
        self.collected = Collected({}, [], {reason: set() for reason in FILTERS}, [])
        self.expanders: list[Expander] = []
        self.cache: dict[tuple[int, frozenset[str], str], EntryForms] = {}
        self.flag_sets: dict[tuple[int, frozenset[str]], frozenset[str]] = {}

    def add(self, source: DictionarySource) -> None:
        """Read, expand, filter and trace one dictionary."""
        aff = read_aff(source.aff_path)
        dic = read_dic(source.dic_path, aff, source.tolerated_entries)
        expander = Expander(aff, self.limit if can_prune(aff, dic, self.fold) else None)
        first = self.expanders[0] if self.expanders else expander
        shared = (shared_flags(first.aff, aff) if first.max_length == expander.max_length
                  else frozenset())
        self.expanders.append(expander)
        spelling = Spelling(source.id, source.dic_path.name, source.aff_path.name)
        d = Dictionary(len(self.expanders) - 1, spelling, RuleTexts(aff), shared,
                       expander.forbidden_words(dic.entries), abbreviation_lines(dic))
        bar = (self.progress(dic.entries, f"expanding {source.id}", len(dic.entries))
               if self.progress else nullcontext(dic.entries))
        with bar as entries:
            generated = self.trace(entries, d)
        spelling.stats = {"entries": len(dic.entries), "forms_generated": generated,
                          "words": len(spelling.words), "pruned": expander.max_length is not None}
        self.collected.spellings.append(spelling)

    def key(self, flags: frozenset[str], index: int, shared: frozenset[str],
            keys: dict[frozenset[str], tuple]) -> tuple[int, frozenset[str]]:
        """Which dictionary expands entries with these flags (the first one if it can),
        and one frozenset object per flag set, so that cache keys compare by identity."""
        scope = 0 if flags <= shared else index
        found = keys[flags] = (scope, self.flag_sets.setdefault((scope, flags), flags))
        return found

    def forms(self, scope: int, flags: frozenset[str], stem: str) -> EntryForms:
        """An entry's forms, expanded by dictionary `scope` the first time they are asked for."""
        expander = self.expanders[scope]
        found = self.cache[scope, flags, stem] = filter_forms(
            expander.expand(stem, flags), expander.aff.OCONV, self.fold)
        return found

    def trace(self, entries: Iterable[DicEntry], d: Dictionary) -> int:
        """Every entry's lines into `rows`, its refused forms into `removed`; forms counted."""
        rows, cache, removed = self.collected.rows, self.cache, self.collected.removed
        texts, words, index, shared = d.texts, d.spelling.words, d.index, d.shared
        ident, abbreviations, rare = d.spelling.ident, d.abbreviations, bool(self.watch or d.forbidden)
        keys: dict[frozenset[str], tuple] = {}  # flags → (dictionary that expands them, flags)
        generated = 0
        for entry in entries:
            stem, flags, line = entry[:3]  # faster than by name, ~88,000 times
            key = keys.get(flags) or self.key(flags, index, shared, keys)
            forms = cache.get((*key, stem)) or self.forms(*key, stem)
            middle = f"\t{ident}\t{line}\t{stem}\t"
            if rare or line in abbreviations:
                generated += self.trace_slowly(entry, forms, middle, d)
                continue
            generated += len(forms.kept) + len(forms.refused)
            for word, rules, form in forms.singles:
                row = f"{word}{middle}{texts[rules]}\t{form}\n"
                found = rows.get(word)
                if found is None:
                    rows[word] = [row]
                else:
                    found.append(row)
                words.add(word)
            for word, made in forms.twins:  # its lines by rules, then form
                lines = sorted((texts[rules], form) for rules, form in made)
                rows.setdefault(word, []).extend(f"{word}{middle}{text}\t{form}\n"
                                                 for text, form in lines)
                words.add(word)
            if not forms.counted:
                for form, _, _, reason in forms.refused:
                    removed[reason].add(form)
                forms.counted = True
        return generated

    def trace_slowly(self, entry: DicEntry, forms: EntryForms, middle: str,
                     d: Dictionary) -> int:
        """`trace` for the rare entry: ABR=, FORBIDDENWORD, watched words (`torre words why`).

        Kept and refused forms are taken apart: one spelling is always in the
        same list, so each form's near misses stay in expansion order.
        """
        abbreviation = entry.line in d.abbreviations
        refused = [(form, word, rules, "abbreviation") for word, rules, form in forms.kept
                   if abbreviation] + forms.refused
        kept = [] if abbreviation else [(word, d.texts[rules], form)
                                        for word, rules, form in forms.kept]
        kept = [found for found in kept if found[2] not in d.forbidden]
        refused = [found for found in refused if found[0] not in d.forbidden]
        for word, text, form in sorted(kept):  # a word's lines: by rules, then form
            self.collected.rows.setdefault(word, []).append(f"{word}{middle}{text}\t{form}\n")
            d.spelling.words.add(word)
        for form, word, rules, reason in refused:
            self.collected.removed[reason].add(form)
            if self.watch and letters_key(word) in self.watch:
                row = f"{word}{middle}{d.texts[rules]}\t{form}"
                self.collected.near.append((form, reason, row))
        return len(kept) + len(refused)


def collect(sources: list[DictionarySource], watch: frozenset[str] = frozenset(),
            progress: Progress | None = None) -> Collected:
    """Expand, filter and trace the dictionaries (see the module docstring).

    ``watch``: letters of words whose rejected look-alikes to keep (for `why`).
    """
    collector = Collector(watch, progress)
    for source in sources:
        collector.add(source)
    return collector.collected
