"""Stem + affix rules → every word form, per Hunspell's semantics.

For a .dic entry ``stem/flags`` the forms are: the stem itself (unless it
carries NEEDAFFIX), each matching suffix, each suffix's continuation suffixes
(Hunspell's twofold suffixes), each matching prefix, and each prefix applied
to each suffixed form when both classes allow cross products (``PFX A Y 4``).
As in Hunspell's own checker (and unmunch), a prefix's condition is tested on
the word it is added to, so on the suffixed form in a cross product.

A rule applies when the word is longer than ``strip`` (or as long, with
FULLSTRIP), has at least as many characters as the condition has positions,
ends (SFX) or starts (PFX) with ``strip`` and matches the condition there.

Speed: which rules of a class apply depends only on the last (SFX) or first
(PFX) characters of the word, as many as the class's most demanding rule
needs, so the answer is cached by that slice and found, on a miss, by a tree
of states shared by all words (CompiledClass). `applies` is the same test
written plainly, rule by rule, with one regex per condition; the tests hold
the two to agree. Each answer is sorted by how many characters a rule adds;
with ``max_length`` set, rules whose forms (and everything derived from
them) must be longer are never spelled out. The pruning is exact: the bound
allows for prefixes and second suffixes that shorten a word.
"""
from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator

from ..errors import AffixFileError
from .data import AffixClass, AffixEntry, AffixFile, DicEntry

Rules = tuple[AffixEntry, ...]


def condition_regex(entry: AffixEntry) -> re.Pattern[str]:
    """``[^ã][^lsmrnzx]`` → a regex that matches exactly that many characters."""
    return condition_regex_of(entry.elements)


def applies(entry: AffixEntry, pattern: re.Pattern[str], word: str, fullstrip: bool) -> bool:
    """Whether a rule may be added to ``word``: the reference CompiledClass must match.

    Hunspell's own test (affentry.cxx) reads the same: ``len > strip.size()``
    (or equal with FULLSTRIP), ``len >= numconds``, the condition, the strip.
    """
    strip, n = entry.strip, len(entry.elements)
    if not (len(word) > len(strip) or (fullstrip and len(word) == len(strip))):
        return False
    if len(word) < n:
        return False
    if entry.kind == "SFX":
        return word.endswith(strip) and (not n or pattern.fullmatch(word, len(word) - n) is not None)
    return word.startswith(strip) and (not n or pattern.match(word) is not None)


def add_affix(word: str, entry: AffixEntry) -> str:
    if entry.kind == "SFX":
        return (word[: len(word) - len(entry.strip)] if entry.strip else word) + entry.add
    return entry.add + word[len(entry.strip):]


def element_chars(element: str) -> tuple[bool, frozenset[str]] | None:
    """One condition position (``a``, ``[^ã]``, ``[lm]``) as (negated, characters).

    A set test, not a regex: the same answer as `condition_regex_of` gives for
    one position, and ~60 times cheaper to build (1,300 rules per dictionary).
    """
    if element == ".":
        return None
    if element.startswith("["):
        negate = element.startswith("[^")
        return negate, frozenset(element[2:-1] if negate else element[1:-1])
    return False, frozenset(element)


def condition_regex_of(elements: tuple[str, ...]) -> re.Pattern[str]:
    parts = []
    for element in elements:
        if element == ".":
            parts.append(".")
        elif element.startswith("["):
            negate = element.startswith("[^")
            chars = element[2:-1] if negate else element[1:-1]
            parts.append(("[^" if negate else "[") + re.escape(chars) + "]")
        else:
            parts.append(re.escape(element))
    return re.compile("".join(parts), re.DOTALL)


class _Node:
    """A state of a class's matcher: rules already decided and rules still open."""

    __slots__ = ("accepted", "pending", "depth", "children", "result")

    def __init__(self, accepted: tuple, pending: tuple, depth: int):
        self.accepted, self.pending, self.depth = accepted, pending, depth
        self.children: dict[str | None, _Node] = {}
        self.result: tuple[list[AffixEntry], list[int]] | None = None


class CompiledClass:
    """One PFX/SFX class, its conditions compiled, its matches found fast.

    Each rule becomes, per character position counted from the end of the word
    (SFX) or its start (PFX), a test: the characters that condition position
    allows or refuses (`element_chars`) and the character of ``strip`` there,
    plus the word length the rule needs. Words are read one character at a time through a tree of
    states built on demand and shared by every word with the same ending, so
    a condition is tested once per distinct ending, not once per word.
    """

    def __init__(self, affix_class: AffixClass, fullstrip: bool):
        self.flag = affix_class.flag
        self.cross_product = affix_class.cross_product
        self.suffix = affix_class.kind == "SFX"
        ordered = sorted(affix_class.entries, key=lambda e: (e.delta, e.index))
        self.rank = {id(e): i for i, e in enumerate(ordered)}
        specs = [self._spec(e, fullstrip) for e in affix_class.entries]
        self.root = _Node(tuple(e for e, _, need in specs if need == 0),
                          tuple(spec for spec in specs if spec[2] > 0), 0)
        self.width = max((need for _, _, need in specs), default=0)
        self.min_delta = min((e.delta for e in affix_class.entries), default=0)
        self.cache: dict[str, tuple[list[AffixEntry], list[int]]] = {}

    def _spec(self, e: AffixEntry, fullstrip: bool) -> tuple[AffixEntry, tuple, int]:
        """(entry, per-position tests, characters the word needs at least)."""
        n, strip = len(e.elements), e.strip
        need = max(n, len(strip) + (0 if fullstrip else 1))
        elements = e.elements[::-1] if self.suffix else e.elements
        strip_chars = strip[::-1] if self.suffix else strip
        tests = tuple((strip_chars[i] if i < len(strip) else None,
                       element_chars(elements[i]) if i < n else None) for i in range(need))
        return e, tests, need

    def _step(self, node: _Node, char: str | None) -> _Node:
        accepted, pending, depth = list(node.accepted), [], node.depth
        if char is not None:
            for spec in node.pending:
                literal, chars = spec[1][depth]
                if (literal is None or char == literal) and (chars is None
                                                             or (char in chars[1]) != chars[0]):
                    if spec[2] == depth + 1:
                        accepted.append(spec[0])
                    else:
                        pending.append(spec)
        child = node.children[char] = _Node(tuple(accepted), tuple(pending), depth + 1)
        return child

    def matching(self, word: str, limit: int | None = None) -> list[AffixEntry]:
        """Rules that apply to ``word`` and add at most ``limit`` characters."""
        key = word[max(0, len(word) - self.width):] if self.suffix else word[:self.width]
        hit = self.cache.get(key)
        if hit is None:
            hit = self.cache[key] = self._walk(word)
        if limit is None:
            return hit[0]
        return hit[0][: bisect_right(hit[1], limit)]

    def _walk(self, word: str) -> tuple[list[AffixEntry], list[int]]:
        node, size = self.root, len(word)
        while node.pending:
            i = node.depth
            char = (word[size - 1 - i] if self.suffix else word[i]) if i < size else None
            node = node.children.get(char) or self._step(node, char)
        if node.result is None:
            found = sorted(node.accepted, key=lambda e: self.rank[id(e)])
            node.result = (found, [e.delta for e in found])
        return node.result


class CompiledClasses(dict):
    """Flag → CompiledClass of one table (SFX or PFX), each compiled when first used: a
    second dictionary expands its entries with shared classes by the first's, and never
    uses its own."""

    def __init__(self, table: dict[str, AffixClass], fullstrip: bool):
        super().__init__()
        self.table, self.fullstrip = table, fullstrip

    def __missing__(self, flag: str) -> CompiledClass:
        compiled = self[flag] = CompiledClass(self.table[flag], self.fullstrip)
        return compiled


class Expander:
    """Expands .dic entries of one .aff; keep one per dictionary (it caches)."""

    def __init__(self, aff: AffixFile, max_length: int | None = None):
        self.aff = aff
        self.max_length = max_length
        self.suffixes = CompiledClasses(aff.SFX, aff.FULLSTRIP)
        self.prefixes = CompiledClasses(aff.PFX, aff.FULLSTRIP)
        self.not_final = {f for f in (aff.NEEDAFFIX, aff.ONLYINCOMPOUND, aff.FORBIDDENWORD) if f}
        self.blocking = {f for f in (aff.ONLYINCOMPOUND, aff.FORBIDDENWORD) if f}
        self._check_continuations()
        pfx_deltas = [e.delta for c in aff.PFX.values() for e in c.entries]
        second = {f for c in aff.SFX.values() for e in c.entries for f in e.cont if f in aff.SFX}
        sfx2_deltas = [e.delta for f in second for e in aff.SFX[f].entries]
        # How much a prefix and a second suffix could shorten a word, at most.
        self.slack = -min(0, min(pfx_deltas, default=0)) - min(0, min(sfx2_deltas, default=0))
        self.flag_plans: dict[frozenset[str], tuple] = {}

    def _check_continuations(self) -> None:
        """Continuation classes we implement: SFX → SFX, and the special flags."""
        for affix_class in (*self.aff.PFX.values(), *self.aff.SFX.values()):
            for e in affix_class.entries:
                if e.kind == "PFX" and e.cont & (set(self.aff.PFX) | set(self.aff.SFX)):
                    raise AffixFileError(self.aff.path, e.line, "PFX continuation classes are "
                                         "not supported (only SFX → SFX)")
                if e.kind == "SFX" and e.cont & set(self.aff.PFX):
                    raise AffixFileError(self.aff.path, e.line, "a PFX flag in a SFX "
                                         "continuation class is not supported")

    def plan(self, flags: frozenset[str]) -> tuple:
        plan = self.flag_plans.get(flags)
        if plan is None:
            plan = self.flag_plans[flags] = (
                bool(flags & self.blocking),
                self.aff.NEEDAFFIX in flags if self.aff.NEEDAFFIX else False,
                [self.suffixes[f] for f in sorted(flags) if f in self.aff.SFX],
                [self.prefixes[f] for f in sorted(flags) if f in self.aff.PFX],
            )
        return plan

    def bare_above(self, flags: frozenset[str]) -> float:
        """A stem length above which `expand` gives the stem alone, by the pruning
        (``inf`` if none: a class is never skipped, or the stem needs or blocks a rule).

        `expand` skips a class whose rules all add more than its limit allows; the
        limit shrinks as the stem grows, so past this length every class is skipped.
        """
        blocked, needs_affix, suffix_classes, prefix_classes = self.plan(flags)
        if blocked or needs_affix or self.aff.OCONV:
            return math.inf
        if not suffix_classes and not prefix_classes:
            return -1
        top = self.max_length
        if top is None:
            return math.inf
        return max([top + self.slack - c.min_delta for c in suffix_classes]
                   + [top - c.min_delta for c in prefix_classes])

    def expand(self, stem: str, flags: frozenset[str]) -> list[tuple[str, Rules]]:
        """Every form of one entry with the rules that made it (innermost first).

        A list, not a generator: built in one go it costs less per form, and
        every caller reads all of it.
        """
        blocked, needs_affix, suffix_classes, prefix_classes = self.plan(flags)
        if blocked:
            return []
        out: list[tuple[str, Rules]] = [] if needs_affix else [(stem, ())]
        top = self.max_length
        crossable: list[tuple[str, Rules]] = [(stem, ())]
        for compiled in suffix_classes:
            limit = None if top is None else top + self.slack - len(stem)
            if limit is not None and compiled.min_delta > limit:
                continue
            cross = compiled.cross_product and bool(prefix_classes)  # else nothing crosses
            for entry in compiled.matching(stem, limit):
                strip = entry.strip  # add_affix(stem, entry), inline: the hot path
                form = (stem[:len(stem) - len(strip)] if strip else stem) + entry.add
                if not entry.cont:
                    rules = (entry,)
                    out.append((form, rules))
                    if cross:
                        crossable.append((form, rules))
                    continue
                self._continue(form, entry, cross, crossable, top, out)
        for compiled in prefix_classes:
            for base, rules in crossable if compiled.cross_product else crossable[:1]:
                limit = None if top is None else top - len(base)
                if limit is not None and compiled.min_delta > limit:
                    continue
                for entry in compiled.matching(base, limit):
                    if entry.cont & self.blocking or (not rules and entry.cont & self.not_final):
                        continue
                    out.append((add_affix(base, entry), rules + (entry,)))
        return out

    def forbidden_words(self, entries: Iterable[DicEntry]) -> set[str]:
        """A FORBIDDENWORD entry forbids its spelling whatever entry produces it."""
        flag = self.aff.FORBIDDENWORD
        return {e.stem for e in entries if flag in e.flags} if flag else set()

    def expand_entries(self, entries: Iterable[DicEntry],
                       forbidden: set[str]) -> Iterator[tuple[DicEntry, str, Rules]]:
        """Every (entry, form, rules) of a .dic, without the forbidden words."""
        expand = self.expand
        for entry in entries:
            for form, rules in expand(entry.stem, entry.flags):
                if self.aff.OCONV:
                    form = convert(self.aff.OCONV, form)
                if form not in forbidden:
                    yield entry, form, rules

    def _continue(self, form: str, entry: AffixEntry, cross: bool,
                  crossable: list[tuple[str, Rules]], top: int | None,
                  out: list[tuple[str, Rules]]) -> None:
        """A suffix with continuation flags: special flags and second suffixes, into `out`."""
        if entry.cont & self.blocking:
            return
        if not entry.cont & self.not_final:
            out.append((form, (entry,)))
        if cross:
            crossable.append((form, (entry,)))
        for flag in sorted(entry.cont & self.aff.SFX.keys()):
            outer = self.suffixes[flag]
            limit = None if top is None else top + self.slack - len(form)
            if limit is not None and outer.min_delta > limit:
                continue
            for entry2 in outer.matching(form, limit):
                if entry2.cont & self.blocking:
                    continue
                form2 = add_affix(form, entry2)
                if not entry2.cont & self.not_final:
                    out.append((form2, (entry, entry2)))
                if cross and outer.cross_product:
                    crossable.append((form2, (entry, entry2)))


def convert(table: list[tuple[str, str]], text: str) -> str:
    """ICONV/OCONV: left to right, the longest pattern at each position wins."""
    if not table:
        return text
    out, i = [], 0
    while i < len(text):
        best = max(((a, b) for a, b in table if text.startswith(a, i)),
                   key=lambda pair: len(pair[0]), default=None)
        if best is None:
            out.append(text[i])
            i += 1
        else:
            out.append(best[1])
            i += len(best[0])
    return "".join(out)
