"""Which flags two .aff files define alike, so one expansion serves both.

The two Natura files share most of their classes (37 of 39 SFX, 10 of 11 PFX)
and most of their .dic lines. A .dic entry whose flags all name the same
classes in both files gives the same forms in both, by the same rules in the
same order: only the .aff line numbers that palavras-origem.tsv names differ.
So an entry is expanded once with the first file's rules, and each rule is
named in the other file by its class and position there (`line_in`).
"""
from __future__ import annotations

from .data import AffixClass, AffixEntry, AffixFile


def settings(aff: AffixFile) -> tuple:
    """Everything outside the classes that changes which forms an entry gives."""
    return (aff.FULLSTRIP, aff.NEEDAFFIX, aff.FORBIDDENWORD, aff.KEEPCASE,
            aff.ONLYINCOMPOUND, aff.IGNORE, tuple(aff.OCONV))


def class_text(affix_class: AffixClass) -> tuple:
    """A class as what it does: cross product and each rule, not where it is written."""
    return (affix_class.cross_product,
            tuple((e.strip, e.add, e.condition, e.cont) for e in affix_class.entries))


def flag_meaning(aff: AffixFile, flag: str) -> tuple:
    """What one flag's classes do in one file, SFX and PFX (its special role, if any, is
    part of settings(), which two sharing files have alike)."""
    suffix, prefix = aff.SFX.get(flag), aff.PFX.get(flag)
    return (suffix and class_text(suffix), prefix and class_text(prefix))


def shared_flags(first: AffixFile, other: AffixFile) -> frozenset[str]:
    """Flags whose entries expand in `other` exactly as in `first`.

    A flag is shared when it means the same in both files and so does every
    continuation flag its rules carry (checked until nothing changes). Files
    whose settings differ share nothing.
    """
    if settings(first) != settings(other):
        return frozenset()
    flags = set(first.SFX) | set(first.PFX) | first.special_flags()
    shared = {f for f in flags if flag_meaning(first, f) == flag_meaning(other, f)}
    changed = True
    while changed:
        changed = False
        for flag in list(shared):
            classes = (first.SFX.get(flag), first.PFX.get(flag))
            conts = {c for cls in classes if cls for e in cls.entries for c in e.cont}
            if not conts <= shared:
                shared.discard(flag)
                changed = True
    return frozenset(shared)


def line_in(aff: AffixFile, entry: AffixEntry) -> int:
    """The .aff line of the rule at `entry`'s place (kind, flag, position) in `aff`.

    For a rule of `aff` itself that is its own line; for a rule of a shared
    class of another file, the line of its twin here.
    """
    return getattr(aff, entry.kind)[entry.flag].entries[entry.index - 1].line
