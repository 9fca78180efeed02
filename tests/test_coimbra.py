"""The Coimbra words: the real coimbra.toml, and every rule the loader enforces."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pipeline import constants as C
from pipeline.coimbra import (
    BLURB_MAX_LENGTH,
    DEFAULT_PATH,
    CoimbraWord,
    fold,
    folded_set,
    load_coimbra,
    openers,
    split_sentences,
)
from pipeline.errors import ConfigError, MissingInputError

REQUIRED = ("PRAXE", "CABRA", "FADO", "CHOUPAL", "MONDEGO", "TUNA", "BATINA", "QUEIMA")
TRUNFO_NAMES_THAT_FIT = ("FITAS", "GRELO", "LATADA")
# Spellings from before the 1990 Agreement that must not appear in the texts.
PRE_AGREEMENT = ("acção", "acções", "direcção", "actual", "lectivo", "recepção", "colecção",
                 "baptiz", "óptim", "arquitect", "insecto", "projecto", "objectivo", "selecção",
                 "exacto")


# --- the real file -------------------------------------------------------------------

@pytest.fixture(scope="module")
def words() -> list[CoimbraWord]:
    return load_coimbra()


def test_real_file_holds_at_least_42_words(words):
    assert len(words) >= 42


def test_real_file_links_only_to_its_own_pages(words):
    slugs = {w.slug for w in words}
    assert all(set(w.see) <= slugs - {w.slug} for w in words)


def test_real_file_has_exactly_22_openers(words):
    assert C.OPENERS == 22
    assert len(openers(words)) == C.OPENERS


@pytest.mark.parametrize("folded", REQUIRED + TRUNFO_NAMES_THAT_FIT)
def test_required_word_is_present(words, folded):
    assert folded in folded_set(words)


def test_words_come_sorted_by_folded_form(words):
    assert [w.folded for w in words] == sorted(w.folded for w in words)


def test_folded_forms_use_only_the_game_alphabet_and_2_to_7_letters(words):
    for w in words:
        assert set(w.folded) <= set(C.ALPHABET), w.folded
        assert C.WORD_MIN_LENGTH <= len(w.folded) <= C.WORD_MAX_LENGTH, w.folded
        assert w.folded == fold(w.word)


def test_openers_have_3_to_7_letters(words):
    for folded in openers(words):
        assert C.OPENER_MIN_LENGTH <= len(folded) <= C.OPENER_MAX_LENGTH, folded


def test_folded_forms_and_slugs_are_unique(words):
    assert len({w.folded for w in words}) == len(words)
    assert len({w.slug for w in words}) == len(words)


def test_slug_is_the_folded_word_in_lowercase(words):
    for w in words:
        assert w.slug == w.folded.lower()


def test_word_is_lowercase_or_a_capitalised_name(words):
    for w in words:
        assert w.word in (w.word.lower(), w.word[0].upper() + w.word[1:].lower()), w.word


def test_every_blurb_is_one_sentence_of_its_page_text(words):
    for w in words:
        assert 0 < len(w.blurb) <= BLURB_MAX_LENGTH, w.folded
        sentences = split_sentences(w.text)
        assert 2 <= len(sentences) <= 4, w.folded
        assert w.blurb in sentences, w.folded


def test_every_page_text_names_its_word(words):
    for w in words:
        assert w.folded in fold(w.text).upper(), w.folded


def test_texts_use_the_1990_agreement_spelling(words):
    for w in words:
        for old in PRE_AGREEMENT:
            assert old not in w.text, (w.folded, old)


def test_openers_helper_returns_the_folded_openers_sorted(words):
    chosen = openers(words)
    assert chosen == sorted(chosen)
    assert set(chosen) == {w.folded for w in words if w.opener}


def test_folded_set_holds_every_folded_form(words):
    assert folded_set(words) == frozenset(w.folded for w in words)


def test_default_path_is_the_project_file():
    assert DEFAULT_PATH == Path(__file__).resolve().parent.parent / "dictionaries" / "coimbra.toml"


# --- sentences -----------------------------------------------------------------------

@pytest.mark.parametrize("text, count", [
    ("Uma frase.", 1),
    ("Uma frase. Outra frase.", 2),
    ("Morreu por ordem do rei D. Afonso IV. Depois veio outra.", 2),
    ("Foi no século XVIII. Deve o nome a D. João V.", 2),
    ("Diz-se «à futrica». É roupa comum!", 2),
    ("Três? Sim. À noite.", 3),
    ("Nome oficial: Festa das Latas. O resto.", 2),
    ("Fica na Praça 8 de Maio. E mais.", 2),
])
def test_sentences_split_at_end_marks_but_not_after_abbreviations(text, count):
    assert len(split_sentences(text)) == count


# --- the rules, on fixtures ----------------------------------------------------------

NAMES = [c + v + "ra" for c in "bcdfglmnp" for v in "aeiou"][:25]


def fixture_entry(name: str, opener: bool) -> dict:
    blurb = f"A {name} é uma palavra de ensaio."
    return {"word": name, "folded": name.upper(), "slug": name, "opener": opener,
            "blurb": blurb, "text": f"{blurb} Existe só para testar o carregador.",
            "fonte": "Ensaio, «Palavras de ensaio»: existe só para testar o carregador."}


def fixture_entries() -> list[dict]:
    """25 valid entries, the first 22 of them openers."""
    return [fixture_entry(name, n < C.OPENERS) for n, name in enumerate(NAMES)]


def toml_value(value) -> str:
    """JSON strings and numbers are valid TOML; booleans are spelt the same."""
    return json.dumps(value, ensure_ascii=False)


def write_toml(path: Path, entries: list[dict], preamble: str = "") -> Path:
    """coimbra.toml-shaped file: per entry "[[word]]", one line per key, a blank line."""
    out = [preamble] if preamble else []
    for entry in entries:
        out.append("[[word]]")
        out.extend(f"{key} = {toml_value(value)}" for key, value in entry.items())
        out.append("")
    path.write_text("\n".join(out), encoding="utf-8")
    return path


def load_broken(tmp_path: Path, entries: list[dict]) -> ConfigError:
    with pytest.raises(ConfigError) as caught:
        load_coimbra(write_toml(tmp_path / "coimbra.toml", entries))
    return caught.value


def test_the_grelo_is_of_the_last_year_of_the_licenciatura_as_the_fitas_say(words):
    by_slug = {w.slug: w for w in words}
    grelo, fitas = by_slug["grelo"], by_slug["fitas"]
    assert "no último ano da licenciatura" in grelo.blurb
    assert "marcam o fim da licenciatura" in grelo.text and "marcam" in fitas.blurb
    assert "penúltimo" in grelo.text.split(". ")[-1]  # the five-year courses: history only
    assert "É imposto" in grelo.text and "É-lhe posto" not in grelo.text


def test_the_caloiro_was_a_paraquedista_until_enrolling(words):
    caloiro = next(w for w in words if w.slug == "caloiro")
    assert "Antes era bicho e, até se matricular, paraquedista" in caloiro.text


def test_the_entries_a_review_corrected_name_their_source(words):
    by_slug = {w.slug: w for w in words}
    for slug in ("grelo", "caloiro", "fitas"):
        assert by_slug[slug].source.strip(), slug


# Issue 42: every fact has its source beside it, for the next review.
def test_every_entry_of_the_real_file_names_where_its_facts_were_checked(words):
    unsourced = [w.slug for w in words if not w.source.strip()]
    assert not unsourced, f"entries without fonte: {unsourced}"
    # A fonte is a publication the facts were checked in: each names at least one, and none is a note
    # that a fact is still to be checked (the fact is then rewritten to what the sources say).
    unchecked = [w.slug for w in words if re.search(r"(?i)por confirmar|sem fonte|não tem fonte", w.source)]
    assert not unchecked, f"fonte says a fact is unchecked: {unchecked}"
    without_publication = [w.slug for w in words if not re.search(r"https?://|Código da Praxe|«[^»]+»", w.source)]
    assert not without_publication, f"fonte names no publication: {without_publication}"


def test_valid_fixture_loads(tmp_path):
    words = load_coimbra(write_toml(tmp_path / "coimbra.toml", fixture_entries()))
    assert len(words) == 25 and len(openers(words)) == 22


def test_see_links_to_other_entries_in_the_order_written(tmp_path):
    entries = fixture_entries()
    entries[3]["see"] = ["cara", "bara"]
    words = {w.slug: w for w in load_coimbra(write_toml(tmp_path / "coimbra.toml", entries))}
    assert words["bora"].see == ("cara", "bara") and words["bara"].see == ()


def test_folded_with_c_for_c_cedilla_and_no_accents_loads(tmp_path):
    entries = fixture_entries()
    entries[23] = fixture_entry("paço", False) | {"folded": "PACO", "slug": "paco"}
    entries[24] = fixture_entry("Inês", False) | {"folded": "INES", "slug": "ines"}
    words = load_coimbra(write_toml(tmp_path / "coimbra.toml", entries))
    assert {"PACO", "INES"} <= folded_set(words)


def replace(key, value):
    return lambda entry: entry.update({key: value})


def delete(key):
    return lambda entry: entry.pop(key)


LONG_BLURB = "A bera " + "é longa " * 20 + "demais."
BROKEN_ENTRY = [  # (rule, change to entry 4 "bora", what the message must say)
    ("missing_key", delete("blurb"), "missing key(s) blurb"),
    ("unknown_key", replace("colour", "red"), "unknown key(s) colour"),
    ("opener_must_be_boolean", replace("opener", "yes"), "opener must be true or false"),
    ("text_must_be_string", replace("text", 3), "text must be a string"),
    ("word_must_be_letters_only", lambda e: e.update(word="bo-ra"), "letters only"),
    ("folded_must_equal_the_fold_of_word", replace("folded", "BURA"),
     "folded is 'BURA' but 'bora' folds to 'BORA'"),
    ("folded_must_not_keep_the_c_cedilla",
     lambda e: e.update(word="boça", folded="BOÇA"), "'boça' folds to 'BOCA'"),
    ("folded_must_avoid_k_w_y", lambda e: e.update(word="kowy", folded="KOWY"),
     "outside the game's alphabet: KWY"),
    ("word_must_have_at_most_7_letters",
     lambda e: e.update(word="boraboras", folded="BORABORAS", opener=False), "has 9 letters"),
    ("word_must_have_at_least_2_letters",
     lambda e: e.update(word="b", folded="B", opener=False), "has 1 letters"),
    ("opener_must_have_at_least_3_letters", lambda e: e.update(word="bo", folded="BO"),
     "opener 'BO' has 2 letters; openers have 3–7"),
    ("slug_must_be_lowercase_ascii_with_hyphens", replace("slug", "Bora Nova"), "slug 'Bora Nova'"),
    ("slug_must_not_end_in_a_hyphen", replace("slug", "bora-"), "slug 'bora-'"),
    ("blurb_must_not_be_empty", lambda e: e.update(blurb="", text="Uma. Duas."), "blurb is empty"),
    ("blurb_must_have_at_most_160_characters",
     lambda e: e.update(blurb=LONG_BLURB, text=LONG_BLURB + " Outra."),
     f"blurb has {len(LONG_BLURB)} characters; at most 160"),
    ("blurb_must_be_one_sentence",
     lambda e: e.update(blurb="Uma. Duas.", text="Uma. Duas. Três."), "exactly one sentence"),
    ("blurb_must_end_a_sentence",
     lambda e: e.update(blurb="Sem ponto final", text="Sem ponto final. Outra."),
     "exactly one sentence"),
    ("text_must_contain_the_blurb", replace("text", "Uma frase. Outra frase."),
     "must contain the blurb"),
    ("blurb_must_be_a_whole_sentence_of_the_text",
     replace("text", "Já se sabe que a bora é uma palavra de ensaio. Outra."),
     "must contain the blurb"),
    ("text_must_have_at_least_2_sentences",
     lambda e: e.update(text=e["blurb"]), "text has 1 sentence(s); pages have 2–4"),
    ("text_must_have_at_most_4_sentences",
     lambda e: e.update(text=e["blurb"] + " Dois. Três. Quatro. Cinco."), "text has 5 sentence(s)"),
    ("text_must_be_one_line", lambda e: e.update(text=e["blurb"] + "\nOutra."), "one line"),
    ("text_must_not_have_double_spaces",
     lambda e: e.update(text=e["blurb"] + "  Outra."), "double space"),
    ("see_must_be_a_list_of_slugs", replace("see", "bara"), "see must be a list of slugs"),
    ("see_must_name_an_entry", replace("see", ["nenhuma"]), "see names 'nenhuma', which is no entry's slug"),
    ("see_must_not_name_its_own_entry", replace("see", ["bora"]), "see lists the entry's own slug 'bora'"),
    ("see_must_not_repeat_a_slug", replace("see", ["bara", "bara"]), "see lists a slug twice"),
    ("fonte_is_required", delete("fonte"), "missing key(s) fonte"),
    ("fonte_must_be_a_string", replace("fonte", ["Código da Praxe"]), "fonte must be a non-empty string"),
    ("fonte_must_not_be_empty", replace("fonte", " "), "fonte must be a non-empty string"),
    ("fonte_must_not_be_the_empty_string", replace("fonte", ""), "fonte must be a non-empty string"),
]


@pytest.mark.parametrize("rule, change, message", BROKEN_ENTRY, ids=[r[0] for r in BROKEN_ENTRY])
def test_broken_entry_is_an_error_naming_file_line_and_entry(tmp_path, rule, change, message):
    entries = fixture_entries()
    change(entries[3])
    error = load_broken(tmp_path, entries)
    header_line = 1 + sum(2 + len(e) for e in entries[:3])  # "[[word]]", keys, blank line
    assert str(error).startswith(f"coimbra.toml:{header_line}: word 4 (")
    assert message in str(error)
    assert error.line == header_line


# Issue 42: the loader checks the fonte of every entry; a file where one entry has none
# (as 36 of the 43 had before) stops the build, naming the file, the line and the entry.
def test_an_entry_without_fonte_names_its_file_and_line(tmp_path):
    entries = fixture_entries()
    del entries[6]["fonte"]
    error = load_broken(tmp_path, entries)
    header_line = 1 + sum(2 + len(e) for e in entries[:6])  # "[[word]]", keys, blank line
    assert error.line == header_line
    assert str(error).startswith(f"coimbra.toml:{header_line}: word 7 ({NAMES[6].upper()}): "
                                 "missing key(s) fonte; fonte says where the entry's facts were checked")


def test_every_entry_without_fonte_is_refused_not_only_the_first_ones(tmp_path):
    entries = fixture_entries()
    del entries[24]["fonte"]  # the last entry, not an opener
    error = load_broken(tmp_path, entries)
    assert f"word 25 ({NAMES[24].upper()}): missing key(s) fonte" in str(error)


def test_unknown_key_message_lists_fonte_among_the_required_keys(tmp_path):
    entries = fixture_entries()
    entries[3]["fontes"] = entries[3].pop("fonte")  # a plural typo is not a fonte
    error = load_broken(tmp_path, entries)
    assert "missing key(s) fonte" in str(error)
    entries = fixture_entries()
    entries[3]["colour"] = "red"
    error = load_broken(tmp_path, entries)
    assert "expected word, folded, blurb, slug, opener, text, fonte and optionally see" in str(error)


def test_duplicate_folded_form_is_an_error_naming_both_entries(tmp_path):
    entries = fixture_entries()
    entries[9] = fixture_entry(NAMES[3], False) | {"slug": "outra"}
    error = load_broken(tmp_path, entries)
    assert "word 10 (BORA): duplicate folded 'BORA', already used by word 4" in str(error)


def test_duplicate_slug_is_an_error_naming_both_entries(tmp_path):
    entries = fixture_entries()
    entries[9]["slug"] = entries[3]["slug"]
    error = load_broken(tmp_path, entries)
    assert "duplicate slug 'bora', already used by word 4" in str(error)
    assert "word 10 (" in str(error)


@pytest.mark.parametrize("change, count", [
    (lambda entries: entries[0].update(opener=False), 21),
    (lambda entries: entries[24].update(opener=True), 23),
])
def test_exactly_22_openers_are_required(tmp_path, change, count):
    entries = fixture_entries()
    change(entries)
    error = load_broken(tmp_path, entries)
    assert str(error).startswith(f"coimbra.toml: {count} openers (")
    assert "exactly 22 words must have opener = true" in str(error)


def test_unknown_top_level_key_is_an_error(tmp_path):
    path = write_toml(tmp_path / "coimbra.toml", fixture_entries(), preamble='version = 1\n')
    with pytest.raises(ConfigError, match=r"coimbra.toml: unknown top-level key\(s\) version"):
        load_coimbra(path)


def test_invalid_toml_is_an_error_naming_the_file(tmp_path):
    path = tmp_path / "coimbra.toml"
    path.write_text('[[word]]\nword = "praxe\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"^coimbra.toml: invalid TOML: .*line 2"):
        load_coimbra(path)


def test_file_that_is_not_utf8_is_an_error(tmp_path):
    path = tmp_path / "coimbra.toml"
    path.write_bytes('[[word]]\nword = "Inês"\n'.encode("latin-1"))
    with pytest.raises(ConfigError, match=rf"^{path}: not UTF-8"):  # the whole path (issue 22)
        load_coimbra(path)


def test_missing_file_says_where_it_looked(tmp_path):
    with pytest.raises(MissingInputError, match=re.escape(str(tmp_path / "nada.toml"))):
        load_coimbra(tmp_path / "nada.toml")


def test_words_are_frozen():
    word = CoimbraWord("praxe", "PRAXE", "Uma.", "praxe", True, "Uma. Duas.")
    with pytest.raises(AttributeError):
        word.folded = "OUTRA"  # type: ignore[misc]


# Issue 13 item 12: a BOM failed as "Invalid statement (line 1, column 1)".
def test_a_file_saved_with_a_byte_order_mark_loads(tmp_path):
    path = write_toml(tmp_path / "coimbra.toml", fixture_entries())
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert len(load_coimbra(path)) == 25


def test_a_page_text_longer_than_the_bound_is_refused(tmp_path):
    entries = fixture_entries()
    long_sentence = "Existe só para testar " + "muito " * 150 + "o carregador."
    entries[3]["text"] = f"{entries[3]['blurb']} {long_sentence}"
    error = load_broken(tmp_path, entries)
    assert re.search(r"coimbra.toml:\d+: word 4 \(\w+\): text has \d+ characters; at most 800",
                     str(error))
