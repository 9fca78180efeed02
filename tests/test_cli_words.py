"""`torre words …` and `torre dictionaries verify` driven through click's CliRunner."""
from __future__ import annotations

import hashlib

import pytest
from click.testing import CliRunner

from conftest import FIXTURES, SHARED_DICTIONARIES, outputs_in_two_environments
from pipeline import sources, wordlist
from pipeline.cli import main
from pipeline.wordlist import FILES

HUNSPELL = FIXTURES / "hunspell"


def setup_dictionaries(tmp_path, aff_text: str, dic_text: str, *, record: bool = True):
    """One dictionary in tmp_path/natura and a manifest recording its hashes."""
    folder = tmp_path / "natura"
    folder.mkdir()
    (folder / "t.aff").write_text(aff_text, encoding="utf-8")
    (folder / "t.dic").write_bytes(dic_text.encode("utf-8") if isinstance(dic_text, str) else dic_text)
    digest = {n: hashlib.sha256((folder / n).read_bytes()).hexdigest() for n in ("t.aff", "t.dic")}
    manifest = tmp_path / "sources.toml"
    manifest.write_text(
        '[[dictionary]]\nid = "ao90"\nrelease = "test"\nurl = "https://example.org/t.tar.gz"\n'
        'folder = "t"\naff = "t.aff"\ndic = "t.dic"\n'
        f'aff_sha256 = "{digest["t.aff"]}"\n'
        f'dic_sha256 = "{digest["t.dic"] if record else "0" * 64}"\n'
        'licence = "GPL-2.0-only OR LGPL-2.1-only OR MPL-1.1"\nauthors = ["A", "B"]\n',
        encoding="utf-8")
    return folder, manifest


@pytest.fixture
def fixture_dictionary(tmp_path, monkeypatch):
    folder, manifest = setup_dictionaries(
        tmp_path, (HUNSPELL / "affixes.aff").read_text(encoding="utf-8"),
        (HUNSPELL / "affixes.dic").read_text(encoding="utf-8"))
    monkeypatch.setattr(sources, "DEFAULT_MANIFEST", manifest)
    return folder, manifest


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_words_build_writes_the_four_files(fixture_dictionary, tmp_path):
    folder, _ = fixture_dictionary
    result = run("words", "build", "--natura", str(folder), "--out", str(tmp_path / "out"), "--quiet")
    assert result.exit_code == 0, result.output
    assert result.output == ""
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert written == sorted([*FILES, ".torre-stage"])
    words = (tmp_path / "out" / "palavras.txt").read_text(encoding="utf-8").split()
    assert "PORTUGUESES" not in words and "LEOES" in words and "FALAMOS" in words


def test_words_build_reports_what_it_wrote(fixture_dictionary, tmp_path):
    folder, _ = fixture_dictionary
    result = run("words", "build", "--natura", str(folder), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert "words; wrote" in result.output and "palavras-origem.tsv" in result.output


@pytest.mark.parametrize("aff, dic, message", [
    ("bad_count.aff", "affixes.dic", "bad_count.aff:4: SFX p Y: expected a number of entries"),
    ("truncated.aff", "affixes.dic", "truncated.aff:4: SFX p declares 3 entries, found 2"),
    ("affixes.aff", "unknown_flag.dic", "unknown_flag.dic:3: lobo: flag(s) Z are not declared"),
    ("affixes.aff", b"2\ngato/p\nle\xe3o/p\n", "3: byte 0xe3 is not valid utf-8"),
])
def test_malformed_input_exits_1_with_file_and_line_and_writes_nothing(
        tmp_path, monkeypatch, aff, dic, message):
    dic_text = dic if isinstance(dic, bytes) else (HUNSPELL / dic).read_text(encoding="utf-8")
    folder, manifest = setup_dictionaries(
        tmp_path, (HUNSPELL / aff).read_text(encoding="utf-8"), dic_text)
    # The messages name the fixture; here the files are called t.aff / t.dic.
    message = message.replace("bad_count.aff", "t.aff").replace("truncated.aff", "t.aff") \
        .replace("unknown_flag.dic", "t.dic").replace("affixes.aff", "t.aff")
    monkeypatch.setattr(sources, "DEFAULT_MANIFEST", manifest)
    out = tmp_path / "out"
    result = run("words", "build", "--natura", str(folder), "--out", str(out), "--quiet")
    assert result.exit_code == 1
    assert result.output.count("Error:") == 1 and message in result.output
    assert not out.exists()


def test_checksum_mismatch_exits_1_and_accepting_records_the_new_hash(tmp_path, monkeypatch):
    folder, manifest = setup_dictionaries(
        tmp_path, (HUNSPELL / "affixes.aff").read_text(encoding="utf-8"),
        (HUNSPELL / "affixes.dic").read_text(encoding="utf-8"), record=False)
    monkeypatch.setattr(sources, "DEFAULT_MANIFEST", manifest)
    args = ("words", "build", "--natura", str(folder), "--out", str(tmp_path / "out"), "--quiet")
    refused = run(*args)
    assert refused.exit_code == 1
    assert "t.dic: SHA-256 mismatch" in refused.output and "0" * 64 in refused.output
    assert not (tmp_path / "out").exists()
    accepted = run(*args, "--accept-new-dictionaries")
    assert accepted.exit_code == 0, accepted.output
    assert "0" * 64 not in manifest.read_text(encoding="utf-8")
    assert run(*args).exit_code == 0


def test_accepting_a_new_release_that_fails_to_read_leaves_the_manifest_alone(
        tmp_path, monkeypatch):
    folder, manifest = setup_dictionaries(
        tmp_path, (HUNSPELL / "truncated.aff").read_text(encoding="utf-8"),
        (HUNSPELL / "affixes.dic").read_text(encoding="utf-8"), record=False)
    monkeypatch.setattr(sources, "DEFAULT_MANIFEST", manifest)
    before = manifest.read_bytes()
    result = run("words", "build", "--natura", str(folder), "--out", str(tmp_path / "out"),
                 "--quiet", "--accept-new-dictionaries")
    assert result.exit_code == 1 and "t.aff:4: SFX p declares 3 entries" in result.output
    assert manifest.read_bytes() == before
    assert not (tmp_path / "out").exists()


def test_missing_dictionaries_exit_1_listing_the_places(tmp_path, fixture_dictionary):
    result = run("words", "build", "--natura", str(tmp_path / "none"), "--out", str(tmp_path / "o"))
    assert result.exit_code == 1
    assert "not found; looked in:" in result.output and str(tmp_path / "none" / "t") in result.output


@pytest.mark.parametrize("word, lines", [
    ("leões", ["LEOES is in the list:",
               "  ao90  t.dic:3  leão  SFX p t.aff:20  → leões",
               "LEOES is common: rank 10033 among wordfreq 3.1.1's 20000 most frequent "
               "Portuguese forms, from leões (10033)."]),
    # Missing, and a close form explains why.
    ("desonrar", ["DESONRAR is not in the list.",
                  "Dictionary forms that spell it, and why they were left out:",
                  "  desonrar: is longer than 7 letters",
                  "    ao90  t.dic:9  honrar  PFX S t.aff:12  → desonrar",
                  "DESONRAR is not common: only words of palavras.txt can be."]),
    # Not in the dictionaries, but valid in the game all the same.
    ("Mondego", ["MONDEGO is not in the list.",
                 "  Neither dictionary produces it.",
                 "MONDEGO is a Coimbra word (dictionaries/coimbra.toml): valid in the game, "
                 "with the Coimbra bonus.",
                 "MONDEGO is common: a Coimbra word, common by rule (not written in "
                 "palavras-comuns.txt)."]),
])
def test_why_gives_the_provenance_or_the_reason_a_word_is_missing(fixture_dictionary, word, lines):
    folder, _ = fixture_dictionary
    result = run("words", "why", word, "--natura", str(folder), "--quiet")
    assert result.exit_code == 0
    assert result.output.splitlines() == lines


@pytest.mark.parametrize("word", ["", "  ", "123", "..."])
def test_why_without_a_letter_is_a_usage_error(fixture_dictionary, word):
    folder, _ = fixture_dictionary
    result = run("words", "why", word, "--natura", str(folder), "--quiet")
    assert result.exit_code == 2
    assert "WORD needs at least one letter" in result.output


def test_stats_prints_the_counts(fixture_dictionary):
    folder, _ = fixture_dictionary
    result = run("words", "stats", "--natura", str(folder), "--quiet")
    assert result.exit_code == 0
    # 26 forms of 2–7 letters (hand count in test_hunspell_expand); "português" is the
    # one longer form spelled out (a bare stem); longer affixed forms are pruned.
    assert result.output.startswith("words: 26\nby length: 3: 1, 4: 6, 5: 8, 6: 6, 7: 5\n")
    assert "  too_long: 1" in result.output


def test_progress_bars_go_to_stderr_and_quiet_hides_them(fixture_dictionary, tmp_path):
    folder, _ = fixture_dictionary
    runner = CliRunner()
    loud = runner.invoke(main, ["words", "stats", "--natura", str(folder)])
    quiet = runner.invoke(main, ["words", "stats", "--natura", str(folder), "--quiet"])
    assert "expanding ao90" in loud.stderr and quiet.stderr == ""


@pytest.mark.skipif(not SHARED_DICTIONARIES.exists(), reason="needs ../shared/dictionaries")
def test_why_on_the_real_dictionaries_explains_a_place_name(monkeypatch):
    monkeypatch.delenv("TORRE_NATURA_DIR", raising=False)
    result = run("words", "why", "Évora", "--natura", str(SHARED_DICTIONARIES), "--quiet")
    assert result.exit_code == 0
    assert "EVORA is not in the list." in result.output
    assert "Évora: is capitalised (a proper noun or an acronym)" in result.output


@pytest.mark.skipif(not SHARED_DICTIONARIES.exists(), reason="needs ../shared/dictionaries")
def test_why_on_the_real_dictionaries_says_a_roman_numeral_is_no_word_and_vi_comes_from_ver(monkeypatch):
    monkeypatch.delenv("TORRE_NATURA_DIR", raising=False)
    result = run("words", "why", "VIII", "VI", "--natura", str(SHARED_DICTIONARIES), "--quiet")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert "VIII is not in the list." in lines and "VI is in the list:" in lines
    assert "  viii: is a Roman numeral, not a word (subcat=rom in the .dic entry)" in lines
    assert "  ao90  pt_PT.dic:41586  vi  -  → vi" in lines  # vi/PL, of the verb ver


def test_output_does_not_depend_on_hash_seed_locale_or_timezone(fixture_dictionary, tmp_path):
    folder, manifest = fixture_dictionary
    code = ("import sys; from pathlib import Path; from pipeline.sources import resolve_sources; "
            "from pipeline.wordlist import build_word_list, write_word_list; "
            "s = resolve_sources(Path(sys.argv[1]), manifest=Path(sys.argv[2])); "
            "write_word_list(build_word_list(s), s, Path(sys.argv[3]))")
    outputs = outputs_in_two_environments(code, [str(folder), str(manifest)], lambda seed: tmp_path / f"out-{seed}",
                                          lambda out: {name: (out / name).read_bytes() for name in FILES})
    assert outputs[0] == outputs[1]


# Issue 13 item 12: `words why` took one word only (and expanded both dictionaries per word).
def test_why_explains_several_words_expanding_the_dictionaries_once(fixture_dictionary,
                                                                     monkeypatch):
    folder, _ = fixture_dictionary
    single = {word: run("words", "why", word, "--natura", str(folder), "--quiet").output
              for word in ("desonrar", "Mondego")}
    calls = []
    real = wordlist.build_word_list
    monkeypatch.setattr(wordlist, "build_word_list",
                        lambda *args, **kwargs: calls.append(kwargs) or real(*args, **kwargs))
    result = run("words", "why", "desonrar", "Mondego", "--natura", str(folder), "--quiet")
    assert result.exit_code == 0, result.output
    assert result.output == single["desonrar"] + "\n" + single["Mondego"]
    assert len(calls) == 1


def test_why_refuses_words_not_written_in_latin_letters(fixture_dictionary):
    folder, _ = fixture_dictionary
    result = run("words", "why", "cаsa", "--natura", str(folder), "--quiet")
    assert result.exit_code == 2 and "U+0430 CYRILLIC SMALL LETTER A" in result.output
