"""Is a typed word written in Latin letters? What the CLI accepts as a word.

unidecode folds look-alikes from other scripts into A–Z (Cyrillic "а",
full-width "ｃ", the numeral "Ⅻ"), so without this check `cаsa` typed with a
Cyrillic "а" would be answered as the real word CASA.
"""
from __future__ import annotations

import unicodedata


def foreign_characters(text: str) -> list[str]:
    """Characters of `text` (NFC) that are neither printable ASCII nor Latin letters.

    Accented letters (ç, ã, é) are Latin; hyphens, dots and digits are ASCII
    and simply spell no word; anything else is refused.
    """
    foreign = []
    for char in unicodedata.normalize("NFC", text):
        if " " <= char <= "~":
            continue
        if not (char.isalpha() and unicodedata.name(char, "").startswith("LATIN ")):
            foreign.append(char)
    return foreign


def describe(char: str) -> str:
    return f"{char!r} (U+{ord(char):04X} {unicodedata.name(char, 'unnamed')})"
