"""The common words (issue 23): palavras-comuns.txt, its provenance, its DAWG, its licence.

The list is checked against wordfreq itself, re-derived here without the pipeline's code.
"""
from __future__ import annotations

import hashlib
import re
import tomllib
from importlib import metadata

import brotli
import pytest
import wordfreq
from unidecode import unidecode

from conftest import ROOT, outputs_in_two_environments
from pipeline import common_words
from pipeline.common_words import (ATTRIBUTIONS, SPDX, CommonWord, common_words as derive,
                                   explain_common, origin_text, ranked_words, top_forms)
from pipeline.dawg.format import FLAG_WORD
from pipeline.dawg.reader import Dawg
from pipeline.errors import TorreError

PLAYABLE = re.compile(r"[A-JL-VXZ]{2,7}")


def lines(path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def coimbra_words() -> set[str]:
    entries = tomllib.loads((ROOT / "dictionaries" / "coimbra.toml").read_text(encoding="utf-8"))
    return {unidecode(entry["word"]).upper() for entry in next(iter(entries.values()))}


def wordfreq_ranks(game: set[str]) -> dict[str, list[tuple[int, str]]]:
    """Game word → [(rank, form)] for wordfreq's 20,000 most frequent Portuguese forms."""
    ranks: dict[str, list[tuple[int, str]]] = {}
    for rank, form in enumerate(wordfreq.top_n_list("pt", 20000), 1):
        folded = unidecode(form).upper()
        if PLAYABLE.fullmatch(folded) and folded in game:
            ranks.setdefault(folded, []).append((rank, form))
    return ranks


@pytest.fixture(scope="module")
def game_words(built_dist) -> set[str]:
    return set(lines(built_dist / "palavras.txt"))


@pytest.fixture(scope="module")
def common(built_dist) -> list[str]:
    return lines(built_dist / "palavras-comuns.txt")


def common_dawg_path(built_dist):
    index = (built_dist / "index.html").read_text(encoding="utf-8")
    return built_dist / re.search(r'data-comuns="/([^"]+)"', index).group(1)


def test_the_common_list_is_exactly_the_game_words_in_wordfreqs_top_20000_but_the_coimbra_words(
        built_dist, game_words, common):
    assert metadata.version("wordfreq") == "3.1.1"
    expected = set(wordfreq_ranks(game_words)) - coimbra_words()
    assert common == sorted(expected)
    assert len(common) > 5000  # 7,578 with the 2025 dictionaries (Roman numerals out)


def test_every_common_word_is_a_game_word_once_in_sorted_order(game_words, common):
    assert set(common) <= game_words
    assert common == sorted(set(common))
    assert all(PLAYABLE.fullmatch(word) for word in common)


def test_no_coimbra_word_is_written_in_the_common_list_even_a_frequent_one(common, game_words):
    frequent_coimbra = set(wordfreq_ranks(game_words)) & coimbra_words()
    assert "CAPA" in frequent_coimbra  # frequent, a dictionary word and a Coimbra word
    assert not frequent_coimbra & set(common)


def test_the_provenance_gives_each_words_best_rank_and_every_wordfreq_form_it_comes_from(
        built_dist, game_words, common):
    rows = lines(built_dist / "palavras-comuns-origem.tsv")
    assert rows[0] == "palavra\tposicao\tformas"
    ranks = wordfreq_ranks(game_words)
    got = {}
    for row in rows[1:]:
        word, rank, forms = row.split("\t")
        got[word] = (int(rank), [(int(r), f) for f, r in (p.rsplit(":", 1) for p in forms.split(" "))])
    assert list(got) == common
    for word, (rank, forms) in got.items():
        assert forms == ranks[word] and rank == min(ranks[word])[0], word
    assert got["AGUA"] == (254, [(254, "água"), (8282, "agua")])


def test_the_common_dawg_holds_exactly_the_common_words_as_dictionary_words_only(built_dist, common):
    path = common_dawg_path(built_dist)
    data = path.read_bytes()
    assert path.name == f"palavras-comuns.{hashlib.sha256(data).hexdigest()[:10]}.dawg"
    dawg = Dawg(data)
    assert list(dawg.entries()) == [(word, FLAG_WORD) for word in common]
    assert dawg.header.dictionary_words == len(common) and dawg.header.coimbra_words == 0


def test_the_common_outputs_are_in_the_manifest_with_compressed_copies(built_dist):
    manifest = (built_dist / ".torre-build").read_text(encoding="utf-8")
    for path in (built_dist / "palavras-comuns.txt", built_dist / "palavras-comuns-origem.tsv",
                 common_dawg_path(built_dist)):
        data = path.read_bytes()
        assert f"{hashlib.sha256(data).hexdigest()}  {path.name}" in manifest
        assert brotli.decompress(path.with_name(path.name + ".br").read_bytes()) == data
        assert path.with_name(path.name + ".gz").is_file()


def test_the_common_dawg_is_immutable_and_the_downloads_revalidated_in_headers(built_dist):
    headers = (built_dist / "_headers").read_text(encoding="utf-8")
    name = common_dawg_path(built_dist).name
    assert f"/{name}\n  Cache-Control: public, max-age=31536000, immutable\n" in headers
    for download in ("palavras-comuns.txt", "palavras-comuns-origem.tsv"):
        assert f"/{download}\n  Cache-Control: public, max-age=0, must-revalidate\n" in headers


def service_worker_list(built_dist, name: str) -> list[str]:
    import json
    text = (built_dist / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(rf"^const {name} = (.*);$", text, re.M).group(1))


def test_the_service_worker_knows_the_common_dawg_but_never_precaches_it(built_dist):
    url = "/" + common_dawg_path(built_dist).name
    assert url in service_worker_list(built_dist, "OTHER_FILES")
    assert url not in service_worker_list(built_dist, "PRECACHE")
    worker = (built_dist / "sw.js").read_text(encoding="utf-8")
    assert r"/^\/palavras(?:-comuns)?\.[0-9a-f]+\.dawg$/.test(url.pathname)" in worker  # cache first


def test_only_the_pages_that_play_the_opponents_or_suggest_name_the_common_dawg_and_none_preloads_it(built_dist):
    name = common_dawg_path(built_dist).name
    naming = sorted(p.relative_to(built_dist).as_posix() for p in built_dist.rglob("*.html")
                    if name in p.read_text(encoding="utf-8"))
    # The game and Treino (the analysis, the opponent's line, Sugestão); the archive and the
    # challenge page (the opponents of the day's table).
    assert naming == ["arquivo/index.html", "desafio/index.html", "index.html", "treino/index.html"]
    for page in naming:
        text = (built_dist / page).read_text(encoding="utf-8")
        assert re.search(r'<main id="[a-z]+"[^>]* data-comuns="/' + re.escape(name) + '"', text)
        assert not re.search(r"<link[^>]*" + re.escape(name), text)


def test_wordfreq_ships_its_portuguese_data_in_its_wheel():
    files = {f.as_posix() for f in metadata.files("wordfreq")}
    assert "wordfreq/data/large_pt.msgpack.gz" in files


def test_another_wordfreq_version_is_refused(monkeypatch):
    monkeypatch.setattr(common_words.metadata, "version", lambda _name: "3.0.0")
    with pytest.raises(TorreError, match="wordfreq 3.0.0 is installed, the common words need 3.1.1"):
        top_forms()


FORMS = ["não", "às", "as", "ok", "k-pop", "casa", "nao", "mondego", "águas", "xilofones", "capa"]


def test_forms_fold_as_the_game_folds_and_keep_their_best_rank():
    ranked = ranked_words(["NAO", "AS", "CASA", "AGUAS", "CAPA", "ZZZ"], FORMS)
    assert ranked == {
        "AGUAS": CommonWord("AGUAS", ((9, "águas"),)),
        "AS": CommonWord("AS", ((2, "às"), (3, "as"))),
        "CAPA": CommonWord("CAPA", ((11, "capa"),)),
        "CASA": CommonWord("CASA", ((6, "casa"),)),
        "NAO": CommonWord("NAO", ((1, "não"), (7, "nao"))),
    }
    assert ranked["NAO"].rank == 1


def test_the_coimbra_words_are_left_out_of_the_list():
    listed = derive(["CAPA", "CASA", "NAO"], ["CAPA", "MONDEGO"], FORMS)
    assert [entry.word for entry in listed] == ["CASA", "NAO"]
    assert origin_text(listed) == "palavra\tposicao\tformas\nCASA\t6\tcasa:6\nNAO\t1\tnão:1 nao:7\n"


@pytest.mark.parametrize("word, in_list, line", [
    ("NAO", True, "NAO is common: rank 1 among wordfreq 3.1.1's 20000 most frequent Portuguese "
                  "forms, from não (1), nao (7)."),
    ("CAPA", True, "CAPA is common: a Coimbra word, common by rule (not written in "
                   "palavras-comuns.txt); also rank 11 among wordfreq 3.1.1's 20000 most frequent "
                   "Portuguese forms, from capa (11)."),
    ("MONDEGO", False, "MONDEGO is common: a Coimbra word, common by rule (not written in "
                       "palavras-comuns.txt)."),
    ("ZZZ", True, "ZZZ is not common: no form among wordfreq 3.1.1's 20000 most frequent "
                  "Portuguese forms is the game word ZZZ."),
    ("XILOFONE", False, "XILOFONE is not common: only words of palavras.txt can be."),
])
def test_why_says_whether_a_word_is_common_and_its_rank(word, in_list, line):
    ranked = ranked_words(["NAO", "CAPA", "ZZZ"], FORMS)
    assert explain_common(word, ranked, ["CAPA", "MONDEGO"], in_list) == line


def test_the_common_files_do_not_depend_on_hash_seed_locale_or_timezone(tmp_path, game_words):
    words = tmp_path / "palavras.txt"
    words.write_text("\n".join(sorted(game_words)) + "\n", encoding="utf-8")
    code = ("import sys; from pathlib import Path; from pipeline.common_words import *; "
            "from pipeline.dawg.builder import build_dawg; "
            "w = Path(sys.argv[1]).read_text().split(); c = common_words(w, ['CAPA']); "
            "write_common_words(c, Path(sys.argv[2])); "
            "Path(sys.argv[2], 'c.dawg').write_bytes(build_dawg([e.word for e in c], []))")
    outputs = outputs_in_two_environments(code, [str(words)], lambda seed: tmp_path / f"out-{seed}",
                                          lambda out: {p.name: p.read_bytes() for p in sorted(out.iterdir())})
    assert outputs[0] == outputs[1] and len(outputs[0]) == 3


# The licence: wordfreq's data is CC BY-SA 4.0 with its sources' attributions, its code Apache-2.0.
def wordfreq_readme_licence() -> str:
    readme = metadata.metadata("wordfreq").get_payload()
    return readme.split("## License", 1)[1].split("## Citing wordfreq", 1)[0]


def test_the_attributions_are_the_sources_wordfreqs_own_readme_names():
    licence = " ".join(wordfreq_readme_licence().split())
    for name, url, _ in ATTRIBUTIONS:
        assert url in licence, url
        # The names as players read them («Wikipédia») against wordfreq's English README.
        for part in re.split(r"[ (),]+", unidecode(name).replace("2018", "")):
            assert part in licence, part
    assert "Creative Commons Attribution-ShareAlike 4.0" in licence and "Apache" in licence


def test_the_licence_file_states_wordfreqs_terms_its_sources_and_the_spdx_expression(built_dist):
    text = (built_dist / "LICENCA-palavras.txt").read_text(encoding="utf-8")
    common_count = len(lines(built_dist / "palavras-comuns.txt"))
    assert f"Estas {common_count:,} palavras são as palavras da lista acima".replace(",", "\u00a0") in text
    assert "wordfreq\n3.1.1" in text or "wordfreq 3.1.1" in text
    assert "CC BY-SA 4.0" in text and "Apache 2.0" in text and "Apache-2.0" in text
    assert f"(SPDX: {SPDX})" in text
    assert SPDX == "CC-BY-SA-4.0 AND (GPL-2.0-only OR LGPL-2.1-only OR MPL-1.1)"
    assert "As palavras de Coimbra não estão na lista" in text
    for name, url, _ in ATTRIBUTIONS:
        assert f"{name} ({url})" in text
    assert "Twitter" in text and "10.5281/zenodo.7199437" in text


def test_the_fontes_page_states_the_common_words_licence_and_credits_wordfreqs_sources(built_dist):
    page = re.sub(r"[ \n]+", " ", (built_dist / "fontes" / "index.html").read_text(encoding="utf-8"))
    common_count = len(lines(built_dist / "palavras-comuns.txt"))
    assert '<h2 id="comuns">As palavras comuns</h2>' in page
    assert f"são {common_count:,} palavras.".replace(",", "\u00a0") in page
    assert "Creative Commons Atribuição-PartilhaIgual 4.0</a> (CC BY-SA 4.0)" in page
    assert "licença Apache 2.0" in page and f"<code>{SPDX}</code>" in page
    for name, url, _ in ATTRIBUTIONS:
        assert f'<a href="{url}">{name}</a>' in page
    for download in ("palavras-comuns.txt", "palavras-comuns-origem.tsv", "LICENCA-palavras.txt"):
        assert f'href="/{download}" download' in page


def test_the_readme_states_the_common_words_licence():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    licences = readme.split("## Licences", 1)[1]
    assert "wordfreq" in licences and "CC BY-SA 4.0" in licences and "Apache-2.0" in licences
    assert SPDX in licences


def test_the_word_list_doc_gives_the_built_count_and_the_dawgs_sizes(built_dist, common):
    doc = " ".join(re.sub(r"<!-- figure: [\w.]+ -->", "",
                          (ROOT / "docs" / "wordlist.md").read_text(encoding="utf-8")).split())
    path = common_dawg_path(built_dist)
    raw, br = path.stat().st_size, path.with_name(path.name + ".br").stat().st_size
    assert f"**{len(common):,} common words**" in doc
    assert f"{raw:,} bytes, {br:,} with brotli" in doc
