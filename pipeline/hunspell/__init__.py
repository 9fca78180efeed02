"""Our own Hunspell .aff/.dic reader and affix expander (no bindings).

reader.py turns text into the dataclasses of data.py; expand.py turns a stem
and its flags into every form Hunspell would accept for it.
"""
from .data import AffixClass, AffixEntry, AffixFile, DicEntry, DicFile
from .expand import Expander, convert
from .reader import read_aff, read_dic

__all__ = ["AffixClass", "AffixEntry", "AffixFile", "DicEntry", "DicFile", "Expander",
           "convert", "read_aff", "read_dic"]
