"""pipeline.hunspell.expand: stem + affix rules → forms, per Hunspell's semantics."""
from __future__ import annotations

import pytest

from conftest import FIXTURES, SHARED_DICTIONARIES
from pipeline.errors import AffixFileError
from pipeline.hunspell import Expander, convert, read_aff, read_dic
from pipeline.hunspell.expand import applies, condition_regex

HUNSPELL = FIXTURES / "hunspell"


def expand_fixture(name, max_length=None):
    """{stem: set of forms} for a fixture pair, forbidden words left out."""
    aff = read_aff(HUNSPELL / f"{name}.aff")
    dic = read_dic(HUNSPELL / f"{name}.dic", aff)
    expander = Expander(aff, max_length)
    forms: dict[str, set[str]] = {}
    for entry, form, _ in expander.expand_entries(dic.entries, expander.forbidden_words(dic.entries)):
        forms.setdefault(entry.stem, set()).add(form)
    return forms


def forms_of(text_aff, text_dic, tmp_path, max_length=None):
    (tmp_path / "t.aff").write_text(text_aff, encoding="utf-8")
    (tmp_path / "t.dic").write_text(text_dic, encoding="utf-8")
    aff = read_aff(tmp_path / "t.aff")
    dic = read_dic(tmp_path / "t.dic", aff)
    expander = Expander(aff, max_length)
    return sorted(f for _, f, _ in expander.expand_entries(dic.entries, expander.forbidden_words(dic.entries)))


# Every form of tests/fixtures/hunspell/affixes.dic, worked out by hand from the rules.
AFFIXES_EXPECTED = {
    "gato": {"gato", "gatos", "gata", "gatas", "regato", "regatos", "regata", "regatas"},
    "leão": {"leão", "leões"},
    "canal": {"canal", "canais"},
    "mar": {"mar", "mares"},
    "português": {"português", "portugueses"},
    "falar": {"falar", "falo", "falámos", "refalar", "desfalar"},
    "ficar": {"ficar", "fico", "fiquei"},
    "honrar": {"honrar", "desonrar"},
    "sentir": {"sentir", "ressentir"},
    "casa": {"casa", "casas", "nãocasa"},
}


def test_affixes_fixture_gives_exactly_the_hand_worked_forms():
    assert expand_fixture("affixes") == AFFIXES_EXPECTED


def test_strip_then_add_replaces_the_ending():
    assert "leões" in expand_fixture("affixes")["leão"]


def test_negated_class_in_condition_blocks_the_rule():
    # SFX p 0 s [^ã][aeiou]: "gato" takes -s, "leão" does not ("leãos").
    forms = expand_fixture("affixes")
    assert "gatos" in forms["gato"] and "leãos" not in forms["leão"]


def test_class_condition_picks_the_rule_per_ending():
    # SFX p l is [au]l → canais; SFX p 0 es [^aeiouls] → mares, not "canales".
    forms = expand_fixture("affixes")
    assert "canais" in forms["canal"] and "canales" not in forms["canal"]
    assert "mares" in forms["mar"]


def test_accented_condition_matches_accented_letters():
    # SFX p ês eses ês; SFX X ar ámos [^c]ar: falámos but not ficámos.
    forms = expand_fixture("affixes")
    assert "portugueses" in forms["português"]
    assert "falámos" in forms["falar"] and "ficámos" not in forms["ficar"]


def test_prefix_may_strip_before_adding():
    # PFX S h des h: honrar → desonrar.
    assert expand_fixture("affixes")["honrar"] == {"honrar", "desonrar"}


def test_prefix_condition_chooses_between_rules():
    # PFX R 0 re [^s] / PFX R 0 res s: sentir → ressentir.
    assert expand_fixture("affixes")["sentir"] == {"sentir", "ressentir"}


def test_cross_product_on_combines_prefix_and_suffixes():
    assert {"regatos", "regata", "regatas"} <= expand_fixture("affixes")["gato"]


def test_cross_product_off_on_the_prefix_keeps_it_alone():
    # PFX N N 1: nãocasa, but never "nãocasas".
    assert expand_fixture("affixes")["casa"] == {"casa", "casas", "nãocasa"}


def test_cross_product_off_on_the_suffix_keeps_it_alone():
    # SFX X N: falo and refalar exist, "refalo" does not.
    forms = expand_fixture("affixes")["falar"]
    assert "refalo" not in forms and "desfalámos" not in forms


def test_several_prefixes_and_suffixes_on_one_stem():
    assert expand_fixture("affixes")["falar"] == {"falar", "falo", "falámos", "refalar", "desfalar"}


@pytest.mark.parametrize("name", ["flag_char", "flag_long", "flag_num", "flag_utf8"])
def test_every_flag_type_gives_the_same_forms(name):
    assert expand_fixture(name) == {
        "gato": {"gato", "gatos", "gatinho", "regato", "regatos", "regatinho"},
        "lobo": {"lobo", "lobos"},
    }


def test_needaffix_stem_is_not_a_word_but_its_affixed_forms_are():
    assert expand_fixture("special")["amig"] == {"amigo", "amigos"}


def test_continuation_class_adds_a_second_suffix():
    # SFX d o inho/p o, then SFX p 0 s o: gatinho → gatinhos.
    assert {"gatinho", "gatinhos"} <= expand_fixture("special")["gato"]


def test_needaffix_in_continuation_needs_another_affix():
    # SFX n o ito/p! o: "gatito" alone is not a word; gatitos and regatito are.
    forms = expand_fixture("special")["gato"]
    assert "gatito" not in forms
    assert {"gatitos", "regatito", "regatitos", "regatinhos"} <= forms


def test_forbiddenword_removes_the_form_from_every_entry():
    # lobos/* forbids "lobos", which lobo/p would otherwise give.
    forms = expand_fixture("special")
    assert forms["lobo"] == {"lobo"} and "lobos" not in forms


def test_onlyincompound_entry_gives_no_standalone_form():
    assert "pós" not in expand_fixture("special")


def test_keepcase_entry_is_listed_as_written():
    assert expand_fixture("special")["Roma"] == {"Roma"}


def test_fullstrip_lets_a_rule_strip_the_whole_word():
    assert expand_fixture("special")["ir"] == {"ir", "vai"}


def test_without_fullstrip_a_rule_cannot_strip_the_whole_word(tmp_path):
    assert forms_of("SET UTF-8\nSFX z Y 1\nSFX z ir vai ir\n", "1\nir/z\nsair/z\n", tmp_path) \
        == ["ir", "sair", "savai"]


def test_condition_longer_than_the_word_does_not_apply(tmp_path):
    assert forms_of("SET UTF-8\nSFX a Y 1\nSFX a 0 s [^x]ar\n", "2\nar/a\nlar/a\n", tmp_path) \
        == ["ar", "lar", "lars"]


def test_rules_are_reported_innermost_first():
    aff = read_aff(HUNSPELL / "special.aff")
    expander = Expander(aff)
    rules = dict(expander.expand("gato", frozenset("dnr")))
    assert [(r.kind, r.flag) for r in rules["regatinhos"]] == [("SFX", "d"), ("SFX", "p"), ("PFX", "r")]
    assert rules["gato"] == ()


def test_oconv_is_applied_to_every_form(tmp_path):
    text = "SET UTF-8\nOCONV 1\nOCONV ' ’\nSFX p Y 1\nSFX p 0 s .\n"
    assert forms_of(text, "1\nd'água/p\n", tmp_path) == ["d’água", "d’águas"]


def test_conversion_prefers_the_longest_pattern():
    assert convert([("a", "1"), ("ab", "2")], "abac") == "21c"


def test_prefix_continuation_classes_fail_loudly(tmp_path):
    (tmp_path / "c.aff").write_text("SET UTF-8\nSFX p Y 1\nSFX p 0 s .\nPFX r Y 1\nPFX r 0 re/p .\n",
                                    encoding="utf-8")
    with pytest.raises(AffixFileError, match=r"^c.aff:5: PFX continuation classes"):
        Expander(read_aff(tmp_path / "c.aff"))


@pytest.mark.parametrize("name", ["affixes", "special", "flag_utf8"])
def test_pruning_keeps_every_short_form_of_the_fixtures(name):
    full = expand_fixture(name)
    for limit in range(1, 10):
        pruned = expand_fixture(name, max_length=limit)
        expected = {s: {f for f in forms if len(f) <= limit} for s, forms in full.items()}
        got = {s: {f for f in forms if len(f) <= limit} for s, forms in pruned.items()}
        assert {s: f for s, f in got.items() if f} == {s: f for s, f in expected.items() if f}


def test_pruning_allows_for_prefixes_that_shorten_words(tmp_path):
    # "deslocar" → SFX e "desloco" (7 letters) → PFX c (strip des, add d) "dloco" (5):
    # a limit of 5 must not drop the 7-letter suffixed form on the way.
    aff = ("SET UTF-8\nSFX e Y 1\nSFX e ar o ar\nSFX b Y 1\nSFX b ização 0 ização\n"
           "PFX c Y 1\nPFX c des d des\n")
    dic = "2\nnormalização/b\ndeslocar/ce\n"
    short = [f for f in forms_of(aff, dic, tmp_path, max_length=6) if len(f) <= 6]
    assert short == [f for f in forms_of(aff, dic, tmp_path) if len(f) <= 6]
    assert short == ["dlocar", "dloco", "normal"]


@pytest.mark.skipif(not SHARED_DICTIONARIES.exists(), reason="needs ../shared/dictionaries")
def test_pruning_is_exact_on_a_sample_of_the_real_dictionary():
    aff = read_aff(SHARED_DICTIONARIES / "hunspell-pt_PT" / "pt_PT.aff")
    dic = read_dic(SHARED_DICTIONARIES / "hunspell-pt_PT" / "pt_PT.dic", aff,
                   frozenset({"joões-pestanas/;", "toilette/ORIG=fra"}))
    full, pruned = Expander(aff), Expander(aff, max_length=7)
    for entry in dic.entries[::149]:
        everything = [(f, r) for f, r in full.expand(entry.stem, entry.flags) if len(f) <= 7]
        short = [(f, r) for f, r in pruned.expand(entry.stem, entry.flags) if len(f) <= 7]
        assert sorted(short, key=repr) == sorted(everything, key=repr), entry.stem


@pytest.mark.skipif(not SHARED_DICTIONARIES.exists(), reason="needs ../shared/dictionaries")
def test_matcher_agrees_with_each_rule_tested_on_its_own():
    """The shared-state matcher gives what testing every rule's regex one by one gives."""
    aff = read_aff(SHARED_DICTIONARIES / "hunspell-pt_PT" / "pt_PT.aff")
    dic = read_dic(SHARED_DICTIONARIES / "hunspell-pt_PT" / "pt_PT.dic", aff,
                   frozenset({"joões-pestanas/;", "toilette/ORIG=fra"}))
    expander = Expander(aff)
    words = [e.stem for e in dic.entries[::23]] + ["", "a", "ão", "h", "ar"]
    for table, compiled in ((aff.SFX, expander.suffixes), (aff.PFX, expander.prefixes)):
        for flag, affix_class in table.items():
            patterns = [(e, condition_regex(e)) for e in affix_class.entries]
            for word in words:
                expected = {id(e) for e, p in patterns if applies(e, p, word, False)}
                assert {id(e) for e in compiled[flag].matching(word)} == expected, (flag, word)


def entries_past_the_bound(expander, entries):
    return [e for e in entries if len(e.stem) > expander.bare_above(e.flags)]


@pytest.mark.parametrize("name", ["affixes", "special", "flag_utf8"])
def test_an_entry_longer_than_its_bound_gives_its_stem_alone(name):
    aff = read_aff(HUNSPELL / f"{name}.aff")
    dic = read_dic(HUNSPELL / f"{name}.dic", aff)
    for limit in range(1, 10):
        expander = Expander(aff, limit)
        for entry in entries_past_the_bound(expander, dic.entries):
            assert expander.expand(entry.stem, entry.flags) == [(entry.stem, ())], (limit, entry)


def test_the_bound_allows_for_rules_that_shorten_a_word(tmp_path):
    # SFX b strips "ização" (6 letters, adds none): "normalização" (12) still gives "normal".
    (tmp_path / "t.aff").write_text("SET UTF-8\nSFX b Y 1\nSFX b ização 0 ização\n", "utf-8")
    expander = Expander(read_aff(tmp_path / "t.aff"), 7)
    assert expander.bare_above(frozenset("b")) == 13  # 7 + 6: longer stems give nothing shorter
    assert expander.bare_above(frozenset()) == -1  # no rule: every stem is its only form


def test_needaffix_oconv_and_no_pruning_never_give_the_stem_alone(tmp_path):
    suffix = "SET UTF-8\nNEEDAFFIX N\nSFX p Y 1\nSFX p 0 s .\n"
    (tmp_path / "n.aff").write_text(suffix, "utf-8")
    (tmp_path / "o.aff").write_text(suffix + "OCONV 1\nOCONV a b\n", "utf-8")
    needs, converts = read_aff(tmp_path / "n.aff"), read_aff(tmp_path / "o.aff")
    assert Expander(needs, 7).bare_above(frozenset("Np")) == float("inf")
    assert Expander(converts, 7).bare_above(frozenset()) == float("inf")
    assert Expander(needs).bare_above(frozenset("p")) == float("inf")


@pytest.mark.skipif(not SHARED_DICTIONARIES.exists(), reason="needs ../shared/dictionaries")
def test_every_entry_of_the_real_dictionary_past_its_bound_gives_its_stem_alone():
    aff = read_aff(SHARED_DICTIONARIES / "hunspell-pt_PT" / "pt_PT.aff")
    dic = read_dic(SHARED_DICTIONARIES / "hunspell-pt_PT" / "pt_PT.dic", aff,
                   frozenset({"joões-pestanas/;", "toilette/ORIG=fra"}))
    expander = Expander(aff, 7)
    past = entries_past_the_bound(expander, dic.entries)
    assert len(past) > len(dic.entries) * 2 // 3  # the shortcut is the common case
    for entry in past:
        assert expander.expand(entry.stem, entry.flags) == [(entry.stem, ())], entry
