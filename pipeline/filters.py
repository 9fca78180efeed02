"""The game's filters on a dictionary form (RULES.md "Words").

A form enters the list only if it is all lowercase (no proper nouns or
acronyms), has no dot (abbreviations), hyphen, apostrophe or digit, and, with
accents folded by unidecode (Ç → C) and put in uppercase, is 2–7 letters of
A–Z without K, W or Y. Two kinds of entry are caught by their morphology, per
entry: abbreviations written without a dot (ABR=1, is_abbreviation) and Roman
numerals (subcat=rom, is_roman_numeral: VIII is no word). A form another
entry also gives stays: VI (from *ver*) and LI (from *ler*) are words.
"""
from __future__ import annotations

import re

from unidecode import unidecode

from .constants import WORD_MAX_LENGTH, WORD_MIN_LENGTH

PLAYABLE = re.compile(f"[A-JL-VXZ]{{{WORD_MIN_LENGTH},{WORD_MAX_LENGTH}}}")
# The filters, in the order they are tried; a form is counted under the first it fails.
FILTERS = {
    "capitalised": "is capitalised (a proper noun or an acronym)",
    "abbreviation": "is an abbreviation (has a dot, or ABR= in the .dic entry)",
    "roman_numeral": "is a Roman numeral, not a word (subcat=rom in the .dic entry)",
    "hyphen": "has a hyphen",
    "apostrophe": "has an apostrophe",
    "digit": "has a digit",
    "other_character": "has a character that is not a letter",
    "too_short": f"is shorter than {WORD_MIN_LENGTH} letters",
    "too_long": f"is longer than {WORD_MAX_LENGTH} letters",
    "k_w_y": "has K, W or Y (no tile spells them)",
}
DIGIT = re.compile(r"\d")
ABBREVIATION = re.compile(r"\bABR=(?!0)")
ROMAN_NUMERAL = re.compile(r"\bsubcat=rom\b")
# The filters decided by a whole .dic entry (its morphology), not by the form.
ENTRY_FILTERS = ("abbreviation", "roman_numeral")
NOT_LETTER = re.compile(r"[^A-Z]")


class FoldTable(dict):
    """unidecode as a str.translate table, filled on demand.

    unidecode maps each code point on its own, so folding character by
    character gives the same text as folding the whole string, only faster.
    """

    def __missing__(self, code: int) -> str:
        value = self[code] = unidecode(chr(code))
        return value


class UpperFoldTable(dict):
    """unidecode, then uppercase, as one str.translate table (unidecode gives ASCII)."""

    def __missing__(self, code: int) -> str:
        value = self[code] = unidecode(chr(code)).upper()
        return value


class Folder:
    def __init__(self):
        self.table = FoldTable()
        self.upper_table = UpperFoldTable()

    def __call__(self, text: str) -> str:
        return text.translate(self.table)


def classify(form: str, fold: Folder) -> tuple[str | None, str]:
    """(first filter the form fails or None, its folded uppercase spelling).

    unidecode leaves ASCII as it is, so str.upper, far cheaper than translate, folds
    an ASCII form; str.islower makes no new string and implies form == form.lower().
    No copy of it is inlined: in pipeline.trace.filter_forms (~63,000 forms a run) a
    call each costs ~3 ms, which bench/words.py does not tell from its noise.
    """
    folded = form.upper() if form.isascii() else form.translate(fold.upper_table)
    if PLAYABLE.fullmatch(folded) and (form.islower() or form == form.lower()):
        return None, folded
    return failed_filter(form, folded), folded


def failed_filter(form: str, folded: str) -> str:
    """The first filter a form fails, given that it fails one (`folded` is its fold)."""
    if form != form.lower():
        return "capitalised"
    if form.isalpha() and folded.isascii() and folded.isalpha():  # none of the next five
        return length_filter(folded)
    if "." in form:
        return "abbreviation"
    if "-" in form:
        return "hyphen"
    if "'" in form or "’" in form:
        return "apostrophe"
    if DIGIT.search(form):
        return "digit"
    if not folded.isascii() or not folded.isalpha():
        return "other_character"
    return length_filter(folded)


def length_filter(folded: str) -> str:
    """The filter a lowercase form of letters A–Z fails: its length, else K, W or Y."""
    if len(folded) < WORD_MIN_LENGTH:
        return "too_short"
    if len(folded) > WORD_MAX_LENGTH:
        return "too_long"
    return "k_w_y"


def is_abbreviation(morph: str) -> bool:
    """Natura marks abbreviations without a dot (``sr``, ``pág``) with ABR=1."""
    return ABBREVIATION.search(morph) is not None


def is_roman_numeral(morph: str) -> bool:
    """Natura's ao90 file lists the Roman numerals ``ii`` … ``xxx`` as CAT=card, subcat=rom."""
    return "subcat=rom" in morph and ROMAN_NUMERAL.search(morph) is not None


def entry_filter(morph: str) -> str | None:
    """The filter (of ENTRY_FILTERS) that a .dic entry's morphology puts all its forms under."""
    if "ABR=" in morph and is_abbreviation(morph):
        return "abbreviation"
    if is_roman_numeral(morph):
        return "roman_numeral"
    return None


def letters_key(folded: str) -> str:
    """What a player would type for a form: its letters only."""
    return NOT_LETTER.sub("", folded)
