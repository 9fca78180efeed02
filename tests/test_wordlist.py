"""pipeline.wordlist: the game's filters, the merged list and its four files."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from unidecode import unidecode

from conftest import SHARED_DICTIONARIES
from pipeline.files import sha256_file
from pipeline.sources import DictionarySource, resolve_sources
from pipeline.wordlist import (FILES, TSV_HEADER, Folder, build_word_list, classify,
                               explain_word, explain_words, is_abbreviation, is_roman_numeral,
                               write_word_list)

AFF = """SET UTF-8
SFX p Y 2
SFX p 0 s [^ãs]o
SFX p ão ões ão
PFX R Y 1
PFX R 0 re .
"""
# Two small "spellings": acção/ação and facto/fato, plus every kind of form the filters drop.
DIC_NEW = """15
ação/p
fato/p
Lisboa
sr\t[$senhor$CAT=nc$ABR=1]
etc.
anti-herói
d'água
covid19
kiwi/p
é
desnacionalizar
ler/R
xiv\t[CAT=card,N=p,subcat=rom]
vi\t[CAT=card,N=p,subcat=rom]
vi\t[$ver$CAT=v,T=inf]
"""
DIC_OLD = """4
acção/p
facto/p
fato/p
ler/R
"""


def source(tmp_path: Path, ident: str, dic: str) -> DictionarySource:
    folder = tmp_path / ident
    folder.mkdir(exist_ok=True)
    (folder / f"{ident}.aff").write_text(AFF, encoding="utf-8")
    (folder / f"{ident}.dic").write_text(dic, encoding="utf-8")
    aff, dic_path = folder / f"{ident}.aff", folder / f"{ident}.dic"
    return DictionarySource(ident, f"release-{ident}", f"https://example.org/{ident}.tar.gz",
                            aff, dic_path, sha256_file(aff), sha256_file(dic_path),
                            "GPL-2.0-only OR LGPL-2.1-only OR MPL-1.1",
                            ("José João de Almeida", "Rui Vilela", "Alberto Simões"), "spelling")


@pytest.fixture
def small(tmp_path):
    sources = [source(tmp_path, "ao90", DIC_NEW), source(tmp_path, "preao", DIC_OLD)]
    return sources, build_word_list(sources)


@pytest.mark.parametrize("form, reason, folded", [
    ("ação", None, "ACAO"),
    ("acção", None, "ACCAO"),
    ("pôr", None, "POR"),
    ("Lisboa", "capitalised", "LISBOA"),
    ("ONU", "capitalised", "ONU"),
    ("etc.", "abbreviation", "ETC."),
    ("anti-herói", "hyphen", "ANTI-HEROI"),
    ("d'água", "apostrophe", "D'AGUA"),
    ("covid19", "digit", "COVID19"),
    ("ab·c", "other_character", "AB*C"),
    ("é", "too_short", "E"),
    ("desnacionalizar", "too_long", "DESNACIONALIZAR"),
    ("kiwi", "k_w_y", "KIWI"),
    ("yoga", "k_w_y", "YOGA"),
])
def test_each_filter_catches_its_forms(form, reason, folded):
    got_reason, got_folded = classify(form, Folder())
    assert got_reason == reason
    if reason is None:
        assert got_folded == folded


def test_fold_is_unidecode_character_by_character():
    fold = Folder()
    for text in ("ação", "Çé", "pãozinho", "über", "naïve"):
        assert fold(text) == unidecode(text)


def test_abbreviations_without_a_dot_are_known_by_abr_in_the_entry():
    assert is_abbreviation("[$senhor$CAT=nc,G=m,N=s$ABR=1]")
    assert not is_abbreviation("[CAT=nc,G=m,N=s]")


def test_roman_numerals_are_known_by_subcat_rom_in_the_entry():
    assert is_roman_numeral("[CAT=card,N=p,subcat=rom]")
    assert not is_roman_numeral("[CAT=card,N=p]")
    assert not is_roman_numeral("[CAT=nc,subcat=romano]")


def test_a_roman_numeral_gives_no_word_but_its_spelling_from_another_entry_stays(small):
    _, word_list = small
    assert "XIV" not in word_list.origins
    assert [(o.line, o.stem) for o in word_list.origins["VI"]] == [(16, "vi")]


def test_an_abbreviation_after_a_comment_line_is_still_left_out(tmp_path):
    dic = "3\nfato/p\n\tcomentário\nsr\t[$senhor$CAT=nc$ABR=1]\nser\n"
    word_list = build_word_list([source(tmp_path, "ao90", dic)])
    assert word_list.words == ["FATO", "FATOS", "SER"]
    assert word_list.stats["removed_forms"]["abbreviation"] == 1


def test_words_are_sorted_folded_uppercase_and_both_spellings_merged(small):
    _, word_list = small
    assert word_list.words == ["ACAO", "ACCAO", "ACCOES", "ACOES", "FACTO", "FACTOS",
                               "FATO", "FATOS", "LER", "RELER", "VI"]


def test_proper_nouns_abbreviations_hyphens_and_kwy_stay_out(small):
    _, word_list = small
    for word in ("LISBOA", "SR", "ETC", "ANTIHEROI", "DAGUA", "COVID", "KIWI", "KIWIS", "E",
                 "DESNACIONALIZAR"):
        assert word not in word_list.words


def test_origins_name_dictionary_line_stem_rules_and_form(small):
    _, word_list = small
    (origin,) = word_list.origins["ACOES"]
    assert (origin.dictionary, origin.line, origin.stem, origin.form) == ("ao90", 2, "ação", "ações")
    assert origin.rules_text() == "SFX p ao90.aff:4"
    assert [o.dictionary for o in word_list.origins["FATO"]] == ["ao90", "preao"]
    assert word_list.origins["LER"][0].rules_text() == "-"


def test_stats_count_lengths_spellings_and_filters(small):
    _, word_list = small
    stats = word_list.stats
    assert stats["words"] == 11
    assert stats["by_length"] == {"2": 1, "3": 1, "4": 2, "5": 5, "6": 2}
    assert stats["by_spelling"] == {"both": 4, "only_ao90": 3, "only_preao": 4}
    assert stats["removed_forms"] == {
        "capitalised": 1, "abbreviation": 2, "roman_numeral": 2, "hyphen": 1, "apostrophe": 1,
        "digit": 1, "other_character": 0, "too_short": 1, "too_long": 1, "k_w_y": 1}
    assert stats["dictionaries"]["preao"] == {"entries": 4, "forms_generated": 8, "words": 8,
                                              "pruned": True}


@pytest.mark.parametrize("stem, pruned", [
    ("fatos", True),
    ("ca\u00adsa", False),  # a soft hyphen, Latin-1, folds to nothing
    ("cafe\u0301", False),  # a combining accent, outside Latin-1, folds to nothing
    ("euro\u20ac", True),  # € folds to EUR
])
def test_the_length_pruning_is_off_where_a_stem_has_a_character_that_folds_to_nothing(
        tmp_path, stem, pruned):
    word_list = build_word_list([source(tmp_path, "ao90", f"2\nfato/p\n{stem}\n")])
    assert word_list.stats["dictionaries"]["ao90"]["pruned"] is pruned


def test_spelling_counts_count_each_word_under_the_one_group_of_dictionaries_giving_it():
    from pipeline.collect import Spelling
    from pipeline.wordlist import spelling_counts

    spellings = [Spelling("x", "x.dic", "x.aff", {"A", "B", "C"}),
                 Spelling("y", "y.dic", "y.aff", {"B", "C", "D"}),
                 Spelling("z", "z.dic", "z.aff", {"C", "E"})]
    assert spelling_counts(spellings) == {"both": 1, "only_x": 1, "only_x+y": 1, "only_y": 1,
                                          "only_z": 1}
    assert spelling_counts(spellings[:2]) == {"both": 2, "only_x": 1, "only_y": 1}


def test_written_files_are_sorted_lf_utf8_without_bom(small, tmp_path):
    sources, word_list = small
    written = write_word_list(word_list, sources, tmp_path / "out")
    assert [p.name for p in written] == list(FILES)
    text = (tmp_path / "out" / "palavras.txt").read_bytes()
    assert not text.startswith(b"\xef\xbb\xbf") and b"\r" not in text
    assert text.decode("utf-8").splitlines() == word_list.words
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(FILES)  # no temp files


def test_origin_tsv_has_a_header_and_one_line_per_origin(small, tmp_path):
    sources, word_list = small
    write_word_list(word_list, sources, tmp_path)
    lines = (tmp_path / "palavras-origem.tsv").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "palavra\tdicionario\tlinha_dic\tradical\tregras\tforma"
    assert "RELER\tao90\t13\tler\tPFX R ao90.aff:6\treler" in lines
    assert len(lines) - 1 == sum(len(v) for v in word_list.origins.values())


def test_licence_names_the_licences_authors_releases_and_hashes(small, tmp_path):
    sources, word_list = small
    write_word_list(word_list, sources, tmp_path)
    text = (tmp_path / "LICENCA-palavras.txt").read_text(encoding="utf-8")
    assert "GPL-2.0-only OR LGPL-2.1-only OR MPL-1.1" in text
    assert "José João de Almeida, Rui Vilela e Alberto Simões" in text
    assert "obra derivada" in text and "derived work" in text
    for s in sources:
        assert s.release in text
        assert f"{s.aff_path.name}  SHA-256 {s.aff_sha256}" in text
        assert f"{s.dic_path.name}  SHA-256 {s.dic_sha256}" in text


def test_writing_twice_gives_identical_bytes(small, tmp_path):
    sources, word_list = small
    write_word_list(word_list, sources, tmp_path / "a")
    write_word_list(build_word_list(sources), sources, tmp_path / "b")
    for name in FILES:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_explain_word_gives_provenance_or_the_reason(small):
    sources, _ = small
    assert explain_word("acção", sources)[:2] == [
        "ACCAO is in the list:", "  preao  preao.dic:2  acção  -  → acção"]
    lisboa = explain_word("lisboa", sources)
    assert lisboa[0] == "LISBOA is not in the list."
    assert "  Lisboa: is capitalised (a proper noun or an acronym)" in lisboa
    long_word = explain_word("desnacionalizar", sources)
    assert "  desnacionalizar: is longer than 7 letters" in long_word
    assert "  kiwi: has K, W or Y (no tile spells them)" in explain_word("kiwi", sources)
    assert "  sr: is an abbreviation (has a dot, or ABR= in the .dic entry)" in explain_word("SR", sources)
    assert "  anti-herói: has a hyphen" in explain_word("antiheroi", sources)
    assert explain_word("zzz", sources)[1] == "  Neither dictionary produces it."


def test_why_says_a_numeral_is_no_word_and_where_its_twin_word_comes_from(small):
    sources, _ = small
    xiv, vi = explain_words(["xiv", "vi"], sources)
    assert xiv[:3] == ["XIV is not in the list.",
                       "Dictionary forms that spell it, and why they were left out:",
                       "  xiv: is a Roman numeral, not a word (subcat=rom in the .dic entry)"]
    assert vi == ["VI is in the list:", "  ao90  ao90.dic:16  vi  -  → vi",
                  "Entries that also spell it but give no word (the entries above give it):",
                  "  vi: is a Roman numeral, not a word (subcat=rom in the .dic entry)",
                  "    ao90  ao90.dic:15  vi  -  → vi"]


# --- the real dictionaries ------------------------------------------------------------

needs_real = pytest.mark.skipif(not SHARED_DICTIONARIES.exists(), reason="needs ../shared/dictionaries")


@pytest.fixture(scope="module")
def real(tmp_path_factory):
    """The real list, built and written once for this module."""
    sources = resolve_sources(SHARED_DICTIONARIES)
    out = tmp_path_factory.mktemp("real-words")
    word_list = build_word_list(sources)
    write_word_list(word_list, sources, out)
    return sources, word_list, out


@needs_real
@pytest.mark.parametrize("word", ["ACCAO", "ACAO", "OPTIMO", "OTIMO", "ACTO", "ATO", "FACTO", "FATO"])
def test_both_spellings_are_in_the_real_list(real, word):
    assert word in real[1].origins


@needs_real
@pytest.mark.parametrize("word", ["LISBOA", "BRAGA", "EVORA", "SR", "ETC"])
def test_place_names_and_abbreviations_are_not(real, word):
    assert word not in real[1].origins


ROMAN_NUMERALS = ["II", "III", "IV", "IX", "VII", "VIII", "XI", "XII", "XIII", "XIV", "XV",
                  "XVI", "XVII", "XVIII", "XIX", "XX", "XXX"]


@needs_real
@pytest.mark.parametrize("word", ROMAN_NUMERALS)
def test_roman_numerals_of_the_real_list_are_not_words(real, word):
    assert word not in real[1].origins


@needs_real
@pytest.mark.parametrize("word, stem", [("VI", "vi"), ("LI", "ler"), ("MI", "mi")])
def test_a_numeral_spelling_another_entry_gives_stays(real, word, stem):
    """VI (I saw, from *ver*), LI (I read, from *ler*), MI (the note) are words."""
    sources, word_list, _ = real
    dic_lines = {s.id: s.dic_path.read_text(encoding="utf-8").split("\n") for s in sources}
    origins = word_list.origins[word]
    assert stem in {o.stem for o in origins}
    assert not [o for o in origins if "subcat=rom" in dic_lines[o.dictionary][o.line - 1]]


@needs_real
def test_why_on_the_real_list_says_what_the_word_list_doc_shows(real):
    doc = (Path(__file__).parent.parent / "docs" / "wordlist.md").read_text(encoding="utf-8")
    shown = re.search(r"^```\n(VIII is not in the list\.\n.*?)^```$", doc, re.M | re.S).group(1)
    viii, vi = explain_words(["VIII", "VI"], real[0])
    assert viii == shown.splitlines()
    assert vi[-2:] == ["  vi: is a Roman numeral, not a word (subcat=rom in the .dic entry)",
                       "    ao90  pt_PT.dic:38299  vi  -  → vi"]
    assert "  ao90  pt_PT.dic:41586  vi  -  → vi" in vi


@needs_real
def test_real_count_is_within_half_a_percent_of_49109(real):
    assert abs(len(real[1].words) - 49_109) <= 49_109 * 0.005


@needs_real
def test_real_stats_add_up(real):
    stats = json.loads((real[2] / "palavras-stats.json").read_text(encoding="utf-8"))
    assert sum(stats["by_length"].values()) == stats["words"] == len(real[1].words)
    assert sum(stats["by_spelling"].values()) == stats["words"]
    assert set(stats["by_length"]) <= {"2", "3", "4", "5", "6", "7"}


@needs_real
def test_every_origin_line_re_derives_its_word(real):
    """Re-apply each named rule from the raw .aff/.dic text, without our reader."""
    sources, word_list, out = real
    raw = {}
    for s in sources:
        raw[s.id] = (s.aff_path.read_text(encoding="utf-8").split("\n"),
                     s.dic_path.read_text(encoding="utf-8").split("\n"), s.aff_path.name)
    words = set((out / "palavras.txt").read_text(encoding="utf-8").split())
    seen = set()
    lines = (out / "palavras-origem.tsv").read_text(encoding="utf-8").split("\n")[1:-1]
    for line in lines:
        word, ident, number, stem, rules, form = line.split("\t")
        aff_lines, dic_lines, aff_name = raw[ident]
        field = dic_lines[int(number) - 1].split("\t")[0].rstrip()
        dic_stem, _, flags = field.partition("/")
        assert dic_stem == stem, line
        current = stem
        for kind, flag, where in re.findall(r"(PFX|SFX) (\S+) (\S+)", rules):
            name, _, aff_line = where.rpartition(":")
            assert name == aff_name and flag in flags, line
            fields = aff_lines[int(aff_line) - 1].split()
            assert fields[:2] == [kind, flag], line
            strip, add, condition = ("" if f == "0" else f for f in fields[2:5])
            if kind == "SFX":
                assert re.search(f"(?:{condition})$", current) and current.endswith(strip), line
                current = current[: len(current) - len(strip)] + add
            else:
                assert re.match(condition, current) and current.startswith(strip), line
                current = add + current[len(strip):]
        assert current == form, line
        assert unidecode(form).upper() == word and word in words, line
        seen.add(word)
    assert seen == words


@needs_real
def test_real_build_is_byte_identical_when_repeated(real, tmp_path):
    sources, _, out = real
    write_word_list(build_word_list(sources), sources, tmp_path)
    for name in FILES:
        assert (tmp_path / name).read_bytes() == (out / name).read_bytes(), name


def test_a_file_is_written_whole_and_no_temporary_file_is_left(tmp_path):
    from pipeline.files import write_atomic

    (tmp_path / f".palavras.txt.{os.getpid()}-0.tmp").write_text("left by a dead process")
    write_atomic(tmp_path / "palavras.txt", b"ABA\n")
    write_atomic(tmp_path / "palavras.txt", b"ABAS\n")
    assert (tmp_path / "palavras.txt").read_bytes() == b"ABAS\n"
    assert oct((tmp_path / "palavras.txt").stat().st_mode & 0o777) == oct(0o644)
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == [
        f".palavras.txt.{os.getpid()}-0.tmp"]  # only the stranger's, untouched


def test_every_character_lowercasing_changes_is_upper_or_titlecase():
    # so a form that str.islower() accepts equals its lower(): the filter asks islower first
    changed = (chr(c) for c in range(sys.maxunicode + 1) if chr(c).lower() != chr(c))
    assert all(char.isupper() or char.istitle() for char in changed)


def test_what_the_build_made_is_not_left_for_the_garbage_collector_to_scan(tmp_path):
    import gc

    sources = [source(tmp_path, "ao90", DIC_NEW), source(tmp_path, "preao", DIC_OLD)]
    assert gc.isenabled()
    build_word_list(sources)
    assert gc.isenabled()
    assert gc.get_count()[0] < 100  # the young generation, which the next collection scans


def test_a_file_given_in_parts_is_written_whole_in_their_order(tmp_path):
    from pipeline.files import write_atomic

    write_atomic(tmp_path / "palavras-origem.tsv", iter([b"palavra\n", b"", b"ABA\n", b"ABAS\n"]))
    assert (tmp_path / "palavras-origem.tsv").read_bytes() == b"palavra\nABA\nABAS\n"


@needs_real
def test_the_origin_file_in_parts_is_the_header_and_the_text_whole(real):
    _, word_list, _ = real
    parts = list(word_list.origin_parts())
    assert len(parts) > 2  # the header, and the lines in more than one part
    assert b"".join(parts).decode("utf-8") == TSV_HEADER + word_list.origin_text()


def test_the_word_list_step_imports_no_module_it_does_not_use():
    code = ("import sys; import pipeline.sources, pipeline.wordlist; "
            "print(' '.join(sorted(m for m in ('tempfile', 'pickle', 'shutil', 'random', 'click', "
            "'dataclasses', 'inspect') "
            "if m in sys.modules)))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, cwd=Path(__file__).resolve().parent.parent).stdout.split()
    assert found == []
