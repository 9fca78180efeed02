"""Entries both dictionaries share are expanded once, and each still names its own lines.

pipeline.hunspell.shared decides which flags mean the same in two .aff files;
pipeline.trace expands such entries once for both, and gives an entry that no
rule can lengthen enough its stem alone without expanding it; pipeline.collect
keeps each dictionary's lines apart until the file is written. None of it may
change a byte of the output.
"""
from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

import pytest

from conftest import SHARED_DICTIONARIES
from pipeline.collect import collect, read_dictionaries
from pipeline.filters import Folder
from pipeline.hunspell import Expander, read_aff
from pipeline.hunspell.expand import condition_regex_of, element_chars
from pipeline.hunspell.shared import line_in, shared_flags
from pipeline.files import sha256_file
from pipeline.sources import DictionarySource, resolve_sources
from pipeline.trace import Tracer, filter_forms

# The same classes in both files, but preao's sit one line lower (a comment), so
# its rule lines differ, and SFX T's two rules sit at 9 and 10 there: "…:10" sorts
# before "…:9", the other way round from ao90's 8 and 9. SFX X differs.
AFF_AO90 = """SET UTF-8
SFX p Y 2
SFX p 0 s [^ãs]o
SFX p ão ões ão
PFX R Y 1
PFX R 0 re .
SFX T Y 2
SFX T ar a ar
SFX T ar a [^c]ar
SFX X Y 1
SFX X o inho o
"""
AFF_PREAO = AFF_AO90.replace("SET UTF-8\n", "SET UTF-8\n# antes do Acordo\n").replace(
    "SFX X o inho o", "SFX X o ito o")
DIC_AO90 = """5
fato/p
gato/pX
falar/T
ler/R
rato/p
"""
DIC_PREAO = """5
facto/p
fato/p
gato/pX
falar/T
rato/pR
"""


def source(tmp_path: Path, ident: str, aff: str, dic: str) -> DictionarySource:
    folder = tmp_path / ident
    folder.mkdir(exist_ok=True)
    aff_path, dic_path = folder / f"{ident}.aff", folder / f"{ident}.dic"
    aff_path.write_text(aff, encoding="utf-8")
    dic_path.write_text(dic, encoding="utf-8")
    return DictionarySource(ident, f"release-{ident}", f"https://example.org/{ident}.tar.gz",
                            aff_path, dic_path, sha256_file(aff_path), sha256_file(dic_path),
                            "GPL-2.0-only OR LGPL-2.1-only OR MPL-1.1")


@pytest.fixture
def pair(tmp_path):
    return [source(tmp_path, "ao90", AFF_AO90, DIC_AO90),
            source(tmp_path, "preao", AFF_PREAO, DIC_PREAO)]


def with_bars(entries, label, length):
    """A stand-in for click.progressbar."""
    return nullcontext(entries)


def lines_of(collected, word: str) -> list[str]:
    return collected.rows[word].splitlines()


def test_shared_classes_are_the_identical_ones_wherever_they_are_written(pair):
    first, other = (read_aff(s.aff_path) for s in pair)
    assert shared_flags(first, other) == {"p", "R", "T"}  # X adds -inho in one, -ito in the other


def shared_between(tmp_path, first_text: str, other_text: str) -> frozenset[str]:
    first, other = tmp_path / "a.aff", tmp_path / "b.aff"
    first.write_text(first_text, "utf-8")
    other.write_text(other_text, "utf-8")
    return shared_flags(read_aff(first), read_aff(other))


def test_a_class_whose_continuation_differs_is_not_shared(tmp_path):
    assert shared_between(tmp_path, "SET UTF-8\nSFX A Y 1\nSFX A 0 s/B .\nSFX B Y 1\nSFX B 0 x .\n",
                          "SET UTF-8\nSFX A Y 1\nSFX A 0 s/B .\nSFX B Y 1\nSFX B 0 y .\n") == set()


def test_files_with_different_settings_share_nothing(tmp_path):
    assert shared_between(tmp_path, "SET UTF-8\nSFX A Y 1\nSFX A 0 s .\n",
                          "SET UTF-8\nFULLSTRIP\nSFX A Y 1\nSFX A 0 s .\n") == set()


def test_files_that_give_a_flag_another_special_role_share_nothing(tmp_path):
    classes = "SFX A Y 1\nSFX A 0 s .\nSFX B Y 1\nSFX B 0 x .\n"
    assert shared_between(tmp_path, f"SET UTF-8\nNEEDAFFIX B\n{classes}", f"SET UTF-8\n{classes}") == set()
    assert shared_between(tmp_path, f"SET UTF-8\nNEEDAFFIX B\n{classes}", f"SET UTF-8\nNEEDAFFIX B\n{classes}") == {"A", "B"}


def test_a_shared_rule_is_named_by_its_twin_line_in_the_other_file(pair):
    first, other = (read_aff(s.aff_path) for s in pair)
    rule = first.SFX["T"].entries[1]
    assert (line_in(first, rule), line_in(other, rule)) == (9, 10)


def test_shared_expansion_gives_each_dictionary_what_it_gives_alone(pair):
    together = collect(pair)
    alone = [collect([s]) for s in pair]
    words = set(alone[0].rows) | set(alone[1].rows)
    assert set(together.rows) == words
    for word in words:
        assert together.rows[word] == "".join(a.rows.get(word, "") for a in alone), word
    assert together.removed == {reason: alone[0].removed[reason] | alone[1].removed[reason]
                                for reason in together.removed}


def assert_together_is_each_alone(sources):
    together = collect(sources)
    alone = [collect([s]) for s in sources]
    for word in set(together.rows) | set(alone[0].rows) | set(alone[1].rows):
        assert together.rows.get(word) == "".join(a.rows.get(word, "") for a in alone), word
    assert together.removed == {reason: alone[0].removed[reason] | alone[1].removed[reason]
                                for reason in together.removed}


def test_an_entry_without_flags_is_not_shared_when_the_files_settings_differ(tmp_path):
    # OCONV in one file only: nothing is shared, not even an entry with no flags at all.
    assert_together_is_each_alone([source(tmp_path, "ao90", "SET UTF-8\nOCONV 1\nOCONV a b\n", "1\ncasa\n"),
                                   source(tmp_path, "preao", "SET UTF-8\n", "1\ncasa\n")])


def test_files_that_prune_lengths_differently_share_nothing(tmp_path):
    # The second file's prefix strips two letters, so it spells out forms two letters longer.
    suffix = "SET UTF-8\nSFX p Y 1\nSFX p 0 s .\n"
    assert_together_is_each_alone([source(tmp_path, "ao90", suffix, "1\nratosxx/p\n"),
                                   source(tmp_path, "preao", suffix + "PFX Z Y 1\nPFX Z ab 0 ab\n", "1\nratosxx/p\n")])


def test_an_entry_in_both_dictionaries_is_expanded_once(pair, monkeypatch):
    calls = []
    expand = Expander.expand
    monkeypatch.setattr(Expander, "expand",
                        lambda self, stem, flags: calls.append(stem) or expand(self, stem, flags))
    collect(pair, progress=with_bars)
    assert calls.count("fato") == 1  # fato/p in both, p the same class
    assert calls.count("falar") == 1
    assert calls.count("gato") == 2  # gato/pX: X differs
    assert calls.count("rato") == 2  # rato/p here, rato/pR there


def test_each_dictionary_names_its_own_rule_lines(pair):
    collected = collect(pair)
    assert lines_of(collected, "FATOS") == ["FATOS\tao90\t2\tfato\tSFX p ao90.aff:3\tfatos",
                                            "FATOS\tpreao\t3\tfato\tSFX p preao.aff:4\tfatos"]
    assert lines_of(collected, "GATINHO") == ["GATINHO\tao90\t3\tgato\tSFX X ao90.aff:11\tgatinho"]
    assert lines_of(collected, "GATITO") == ["GATITO\tpreao\t4\tgato\tSFX X preao.aff:12\tgatito"]
    assert lines_of(collected, "RERATOS") == [
        "RERATOS\tpreao\t6\trato\tSFX p preao.aff:4 + PFX R preao.aff:7\treratos"]


def test_a_word_one_entry_makes_twice_is_sorted_by_each_files_own_rule_text(pair):
    assert lines_of(collect(pair), "FALA") == [
        "FALA\tao90\t4\tfalar\tSFX T ao90.aff:8\tfala",
        "FALA\tao90\t4\tfalar\tSFX T ao90.aff:9\tfala",
        "FALA\tpreao\t5\tfalar\tSFX T preao.aff:10\tfala",  # "10" sorts before "9"
        "FALA\tpreao\t5\tfalar\tSFX T preao.aff:9\tfala",
    ]


@pytest.mark.parametrize("element", ["a", "ã", "[ao]", "[^ã]", "[^cgç]", "[-]"])
def test_a_condition_position_as_characters_matches_what_its_regex_matches(element):
    negate, chars = element_chars(element)
    regex = condition_regex_of((element,))
    for char in "aãocgçx-]^[":
        assert ((char in chars) != negate) == bool(regex.fullmatch(char)), (element, char)


@pytest.mark.skipif(not SHARED_DICTIONARIES.exists(), reason="needs ../shared/dictionaries")
def test_the_real_dictionaries_share_most_of_their_classes():
    dictionaries = read_dictionaries(resolve_sources(SHARED_DICTIONARIES), 7, Folder())
    assert len(dictionaries[1].shared) >= 45  # 37 of 39 SFX and 10 of 11 PFX classes at the time of writing


@pytest.mark.skipif(not SHARED_DICTIONARIES.exists(), reason="needs ../shared/dictionaries")
def test_the_stem_alone_shortcut_finds_what_expanding_and_filtering_every_entry_finds(monkeypatch):
    sources = resolve_sources(SHARED_DICTIONARIES)
    quick = collect(sources)

    def every_entry_expanded_and_filtered(tracer, scope, flags, stem):
        expander = tracer.dictionaries[scope].expander
        found = tracer.cache[scope, flags, stem] = filter_forms(
            expander.expand(stem, flags), expander.aff.OCONV, tracer.fold)
        return found

    monkeypatch.setattr(Expander, "bare_above", lambda self, flags: float("inf"))
    monkeypatch.setattr(Tracer, "forms", every_entry_expanded_and_filtered)
    slow = collect(sources)
    assert quick.rows == slow.rows
    assert quick.removed == slow.removed
    assert [s.stats for s in quick.spellings] == [s.stats for s in slow.spellings]


def test_the_file_gives_each_word_its_lines_by_dictionary_then_dic_line_not_by_their_text(tmp_path):
    # The first dictionary's id sorts after the second's, and line 10 after line 9 only as a number.
    aff = "SET UTF-8\nSFX p Y 1\nSFX p 0 s [^s]\n"
    dic = "9\nabc\nabd\nabe\nabf\nabg\nabh\nabi\ngatos\ngato/p\n"
    collected = collect([source(tmp_path, "zeta", aff, dic), source(tmp_path, "alfa", aff, dic)])
    assert collected.words() == sorted(collected.rows) == sorted(set(collected.line_words))
    gatos = [line for line in collected.text().splitlines() if line.startswith("GATOS\t")]
    assert gatos == ["GATOS\tzeta\t9\tgatos\t-\tgatos", "GATOS\tzeta\t10\tgato\tSFX p zeta.aff:3\tgatos",
                     "GATOS\talfa\t9\tgatos\t-\tgatos", "GATOS\talfa\t10\tgato\tSFX p alfa.aff:3\tgatos"]
    assert collected.text() == "".join(collected.rows[word] for word in collected.words())
