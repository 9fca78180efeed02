"""pipeline.hunspell.reader: .aff/.dic text → data, and clear errors with file:line."""
from __future__ import annotations

import pytest

from pipeline.errors import AffixFileError, DicFileError
from pipeline.hunspell import read_aff, read_dic

from conftest import FIXTURES

HUNSPELL = FIXTURES / "hunspell"


def write(path, text, encoding="utf-8"):
    path.write_bytes(text.encode(encoding))
    return path


def test_affix_lines_become_entries_with_strip_add_condition_and_line():
    aff = read_aff(HUNSPELL / "affixes.aff")
    plural = aff.SFX["p"]
    assert plural.cross_product is True
    assert plural.line == 18
    ao = plural.entries[1]
    assert (ao.strip, ao.add, ao.condition, ao.line, ao.index) == ("ão", "ões", "ão", 20, 2)
    assert ao.elements == ("ã", "o")
    first = plural.entries[0]
    assert (first.strip, first.add, first.elements) == ("", "s", ("[^ã]", "[aeiou]"))


def test_cross_product_n_is_read_as_false():
    aff = read_aff(HUNSPELL / "affixes.aff")
    assert aff.PFX["N"].cross_product is False
    assert aff.SFX["X"].cross_product is False


def test_dot_condition_has_no_positions():
    aff = read_aff(HUNSPELL / "affixes.aff")
    assert aff.PFX["N"].entries[0].elements == ()


@pytest.mark.parametrize("name, flags", [
    ("flag_char", {"a", "c", "E"}),
    ("flag_long", {"Aa", "Bb", "Cc"}),
    ("flag_num", {"101", "7", "65000"}),
    ("flag_utf8", {"á", "ç", "€"}),
])
def test_every_flag_type_splits_the_dic_flags(name, flags):
    aff = read_aff(HUNSPELL / f"{name}.aff")
    dic = read_dic(HUNSPELL / f"{name}.dic", aff)
    assert dic.entries[0].stem == "gato"
    assert dic.entries[0].flags == flags


def test_special_flags_are_recorded():
    aff = read_aff(HUNSPELL / "special.aff")
    assert (aff.NEEDAFFIX, aff.FORBIDDENWORD, aff.KEEPCASE, aff.ONLYINCOMPOUND) == ("!", "*", "K", "C")
    assert aff.FULLSTRIP is True
    assert aff.SFX["d"].entries[0].cont == {"p"}
    assert aff.SFX["n"].entries[0].cont == {"p", "!"}


def test_dic_lines_keep_their_1_based_line_numbers_and_morphology(tmp_path):
    aff = read_aff(HUNSPELL / "affixes.aff")
    dic = read_dic(write(tmp_path / "m.dic", "2\ngato/p\t[CAT=nc]\n\tcomentário\nleão\n"), aff)
    assert [(e.stem, e.line, e.morph) for e in dic.entries] == [
        ("gato", 2, "[CAT=nc]"), ("leão", 4, "")]
    assert dic.declared_count == 2


def test_utf8_bom_is_stripped(tmp_path):
    aff = read_aff(write(tmp_path / "b.aff", "\ufeffSET UTF-8\nSFX p Y 1\nSFX p 0 s .\n"))
    assert aff.SET == "UTF-8" and "p" in aff.SFX


def test_set_iso8859_1_decodes_both_files(tmp_path):
    aff = read_aff(write(tmp_path / "l.aff", "SET ISO8859-1\nSFX p Y 1\nSFX p ão ões ão\n",
                         "iso8859-1"))
    dic = read_dic(write(tmp_path / "l.dic", "1\nleão/p\n", "iso8859-1"), aff)
    assert aff.SFX["p"].entries[0].add == "ões"
    assert dic.entries[0].stem == "leão"


def test_escaped_slash_belongs_to_the_stem(tmp_path):
    aff = read_aff(HUNSPELL / "affixes.aff")
    dic = read_dic(write(tmp_path / "s.dic", "1\n1\\/2/p\n"), aff)
    assert (dic.entries[0].stem, dic.entries[0].flags) == ("1/2", {"p"})


def test_af_aliases_stand_for_flag_sets(tmp_path):
    aff = read_aff(write(tmp_path / "a.aff", "SET UTF-8\nAF 2\nAF pf\nAF p\n"
                         "SFX p Y 1\nSFX p 0 s .\nSFX f Y 1\nSFX f o a o\n"))
    dic = read_dic(write(tmp_path / "a.dic", "2\ngato/1\nlobo/2\n"), aff)
    assert [e.flags for e in dic.entries] == [{"p", "f"}, {"p"}]


def test_iconv_and_oconv_tables_are_read(tmp_path):
    aff = read_aff(write(tmp_path / "c.aff", "SET UTF-8\nICONV 1\nICONV ’ '\nOCONV 2\n"
                         "OCONV a A\nOCONV ão ÃO\n"))
    assert aff.ICONV == [("’", "'")]
    assert aff.OCONV == [("a", "A"), ("ão", "ÃO")]


def test_ignore_removes_characters_from_stems_and_affixes(tmp_path):
    aff = read_aff(write(tmp_path / "i.aff", "SET UTF-8\nIGNORE ·\nSFX p Y 1\nSFX p 0 ·s .\n"))
    dic = read_dic(write(tmp_path / "i.dic", "1\nga·to/p\n"), aff)
    assert aff.SFX["p"].entries[0].add == "s"
    assert dic.entries[0].stem == "gato"


def test_bad_count_line_names_file_line_and_what_was_found():
    with pytest.raises(AffixFileError) as caught:
        read_aff(HUNSPELL / "bad_count.aff")
    assert str(caught.value) == ("bad_count.aff:4: SFX p Y: expected a number of entries, "
                                 "found 'two'")


def test_truncated_affix_block_says_declared_and_found():
    with pytest.raises(AffixFileError) as caught:
        read_aff(HUNSPELL / "truncated.aff")
    assert str(caught.value) == "truncated.aff:4: SFX p declares 3 entries, found 2"


def test_truncated_block_at_end_of_file(tmp_path):
    with pytest.raises(AffixFileError, match=r"^t.aff:2: SFX p declares 2 entries, found 1$"):
        read_aff(write(tmp_path / "t.aff", "SET UTF-8\nSFX p Y 2\nSFX p 0 s .\n"))


def test_more_entries_than_declared_names_the_extra_line_and_the_header(tmp_path):
    text = "SET UTF-8\nSFX p Y 1\nSFX p 0 s .\nSFX p 0 es .\n"
    with pytest.raises(AffixFileError, match=r"^m.aff:4: SFX p: more entries than the 1 "
                                             r"declared on line 2$"):
        read_aff(write(tmp_path / "m.aff", text))


def test_an_entry_without_strip_and_add_names_its_own_line(tmp_path):
    text = "SET UTF-8\nSFX p Y 2\nSFX p 0 s .\nSFX p 0\n"
    with pytest.raises(AffixFileError, match=r"^e.aff:4: SFX p entry needs strip and add, "
                                             r"found 'SFX p 0'$"):
        read_aff(write(tmp_path / "e.aff", text))


def test_cross_product_other_than_y_or_n_is_an_error(tmp_path):
    with pytest.raises(AffixFileError, match=r"^x.aff:2: SFX p: cross product must be Y or N"):
        read_aff(write(tmp_path / "x.aff", "SET UTF-8\nSFX p X 1\nSFX p 0 s .\n"))


def test_unknown_flag_in_dic_names_file_line_and_flag():
    aff = read_aff(HUNSPELL / "affixes.aff")
    with pytest.raises(DicFileError) as caught:
        read_dic(HUNSPELL / "unknown_flag.dic", aff)
    assert str(caught.value) == "unknown_flag.dic:3: lobo: flag(s) Z are not declared in affixes.aff"


def test_tolerated_entry_keeps_its_declared_flags_and_drops_the_rest():
    aff = read_aff(HUNSPELL / "affixes.aff")
    dic = read_dic(HUNSPELL / "unknown_flag.dic", aff, frozenset({"lobo/pZ"}))
    assert dic.entries[1].flags == {"p"}


def test_undecodable_bytes_name_the_line(tmp_path):
    aff = read_aff(HUNSPELL / "affixes.aff")
    path = tmp_path / "bad.dic"
    path.write_bytes(b"3\ngato/p\nle\xe3o/p\ncasa\n")  # ISO-8859-1 "ã" in a UTF-8 file
    with pytest.raises(DicFileError) as caught:
        read_dic(path, aff)
    assert str(caught.value).startswith("bad.dic:3: byte 0xe3 is not valid utf-8")


def test_missing_count_line_in_dic(tmp_path):
    aff = read_aff(HUNSPELL / "affixes.aff")
    with pytest.raises(DicFileError, match=r"^n.dic:1: expected the number of entries, found 'gato/p'"):
        read_dic(write(tmp_path / "n.dic", "gato/p\n"), aff)


@pytest.mark.parametrize("flag_type, field, message", [
    ("long", "abc", "FLAG long needs pairs of characters"),
    ("num", "12,x", "FLAG num needs numbers"),
])
def test_flag_fields_that_do_not_fit_the_flag_type(tmp_path, flag_type, field, message):
    aff = read_aff(write(tmp_path / "f.aff", f"SET UTF-8\nFLAG {flag_type}\n"))
    with pytest.raises(DicFileError, match=rf"^f.dic:2: flags '{field}': {message}"):
        read_dic(write(tmp_path / "f.dic", f"1\ngato/{field}\n"), aff)


def test_non_ascii_flag_needs_flag_utf8(tmp_path):
    aff = read_aff(write(tmp_path / "u.aff", "SET UTF-8\n"))
    with pytest.raises(DicFileError, match=r"non-ASCII flags need FLAG UTF-8"):
        read_dic(write(tmp_path / "u.dic", "1\ngato/á\n"), aff)


@pytest.mark.parametrize("line, message", [
    ("COMPOUNDFLAG X", "COMPOUNDFLAG is not supported"),
    ("CIRCUMFIX X", "CIRCUMFIX is not supported"),
    ("FROBNICATE 1", "unknown directive 'FROBNICATE'"),
    ("FLAG wide", "FLAG wide: expected long, num or UTF-8"),
    ("SET EBCDIC", "SET EBCDIC: unsupported encoding"),
])
def test_directives_we_cannot_honour_fail_loudly(tmp_path, line, message):
    with pytest.raises(AffixFileError, match=rf"^d.aff:2: {message}"):
        read_aff(write(tmp_path / "d.aff", f"# first line\n{line}\n"))


def test_suggestion_directives_are_skipped_with_their_tables(tmp_path):
    aff = read_aff(write(tmp_path / "s.aff", "SET UTF-8\nTRY abc\nKEY qwe\nREP 1\nREP a b\n"
                         "MAP 1\nMAP aá\nWORDCHARS -\n"))
    assert not aff.PFX and not aff.SFX


# Issue 13 item 2: the count line was parsed and never compared with the entries.
@pytest.mark.parametrize("declared, found, refused", [
    (44476, 0, True),        # `printf '44476\n'`
    (44476, 19999, True),    # `head -n 20000`
    (44476, 44476 - 444, False),  # within 1 %
    (44476, 44476 + 445, True),
    (5, 15, False),          # hand-counted small files: 10 entries either way
    (5, 16, True),
])
def test_a_dic_whose_entries_stray_from_its_count_is_refused(tmp_path, declared, found, refused):
    aff = tmp_path / "t.aff"
    aff.write_text("SET UTF-8\n", encoding="utf-8")
    dic = tmp_path / "t.dic"
    dic.write_text(f"{declared}\n" + "".join(f"w{n}\n" for n in range(found)), encoding="utf-8")
    if refused:
        with pytest.raises(DicFileError, match=f"t.dic:1: declares {declared} entries, found {found}"):
            read_dic(dic, read_aff(aff))
    else:
        assert len(read_dic(dic, read_aff(aff)).entries) == found


def test_the_parsed_classes_show_their_fields():
    from pipeline.hunspell import AffixClass

    assert repr(AffixClass("SFX", "p", True, 3)) == (
        "AffixClass(kind='SFX', flag='p', cross_product=True, line=3, entries=[])")


def test_a_long_dic_reads_its_odd_lines_and_names_its_first_bad_one_past_the_first_4096(tmp_path):
    aff = read_aff(write(tmp_path / "t.aff", "SET UTF-8\nSFX p Y 1\nSFX p 0 s .\n"))
    lines = [f"palavra{i}/p\t[CAT=nc]" for i in range(6000)]
    lines[2999] = "\tum comentário"  # no entry
    lines[4199] = "casa/p po:noun"  # morphology after a space
    lines[4299] = "a\\/b/p"  # an escaped slash in the stem
    good = read_dic(write(tmp_path / "good.dic", "5999\n" + "\n".join(lines) + "\n"), aff)
    assert len(good.entries) == 5999 and good.entries[2999].line == 3002
    assert [(e.stem, e.line, e.morph) for e in good.entries[4198:4200]] == [
        ("casa", 4201, "po:noun"), ("palavra4200", 4202, "[CAT=nc]")]
    assert (good.entries[4298].stem, good.entries[4298].flags) == ("a/b", {"p"})
    lines[4499], lines[5499] = "gato/Z", "rato/Y"
    with pytest.raises(DicFileError) as caught:
        read_dic(write(tmp_path / "bad.dic", "5999\n" + "\n".join(lines) + "\n"), aff)
    assert str(caught.value) == "bad.dic:4501: gato: flag(s) Z are not declared in t.aff"


def test_the_other_spaces_a_stem_is_checked_for_are_all_the_spaces_but_space_tab_and_newline():
    import sys

    from pipeline.hunspell.reader import OTHER_SPACES

    spaces = {chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace()}
    assert set(OTHER_SPACES) == spaces - {" ", "\t", "\n"}


def test_a_line_of_other_whitespace_is_blank_and_gives_no_entry(tmp_path):
    aff = read_aff(write(tmp_path / "w.aff", "SET UTF-8\nSFX p Y 1\nSFX p 0 s .\n"))
    dic = read_dic(write(tmp_path / "w.dic", "2\ngato/p\n\u3000\x0b\nrato/p\n"), aff)
    assert [(e.stem, e.line) for e in dic.entries] == [("gato", 2), ("rato", 4)]
