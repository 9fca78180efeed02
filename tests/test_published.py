"""Published word lists stay reachable under their id, and published days never change."""
from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline import days as days_module
from pipeline import published
from pipeline.assets import short_hash
from pipeline.build import Builder, build_all
from pipeline.coimbra import CoimbraWord
from pipeline.dawg.reader import Dawg
from pipeline.cli import main
from pipeline.published import (PublishedError, check_days, day_hashes,
                                load_versions, read_days_manifest, record_build,
                                stored_versions, word_list_version)
from pipeline.site import SiteInput, coimbra_json, current_version, render_site, write_versions
from test_build import FAST_WINDOW, TODAY, fixture_coimbra, tree_hashes  # noqa: F401 (a fixture)
from test_site import fixture_sources, fixture_words, worker_constant

DAWG = b"DAWG" * 100
COIMBRA = ["PRAXE", "CABRA", "FITAS"]


# The version id

def test_the_version_is_the_short_hash_of_the_dawg_a_nul_and_the_sorted_coimbra_words():
    assert word_list_version(DAWG, COIMBRA) == short_hash(DAWG + b"\0CABRA\nFITAS\nPRAXE")


def test_the_version_changes_when_the_dawg_changes():
    assert word_list_version(DAWG + b"!", COIMBRA) != word_list_version(DAWG, COIMBRA)


def test_the_version_changes_when_only_the_coimbra_words_change():
    assert word_list_version(DAWG, COIMBRA + ["TORRE"]) != word_list_version(DAWG, COIMBRA)


def test_the_version_ignores_the_order_of_the_coimbra_words():
    assert word_list_version(DAWG, reversed(COIMBRA)) == word_list_version(DAWG, COIMBRA)


# The store of word lists

def store_version(store: Path, dawg: bytes, words=None) -> str:
    """Write one version into a store as `torre publish` would; returns its id."""
    words = words or fixture_words()
    version = word_list_version(dawg, (w.folded for w in words))
    folder = store / published.WORDS
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{version}.dawg").write_bytes(dawg)
    (folder / f"{version}.coimbra.json").write_bytes(coimbra_json(words))
    return version


def test_a_stored_version_is_read_back_with_both_files(tmp_path):
    version = store_version(tmp_path, DAWG)
    versions = stored_versions(tmp_path)
    assert list(versions) == [version]
    assert versions[version].dawg == DAWG
    assert json.loads(versions[version].coimbra_json)["CABRA"]["slug"] == "cabra"


def test_no_store_is_no_published_version(tmp_path):
    assert stored_versions(tmp_path / "none") == {}


def test_a_stored_dawg_whose_bytes_do_not_match_its_name_is_one_error_naming_it(tmp_path):
    version = store_version(tmp_path, DAWG)
    (tmp_path / "words" / f"{version}.dawg").write_bytes(DAWG + b"x")
    with pytest.raises(PublishedError, match=rf"{version}\.dawg: the store is damaged"):
        stored_versions(tmp_path)


def test_a_stored_coimbra_index_with_another_word_set_is_damage_too(tmp_path):
    version = store_version(tmp_path, DAWG)
    path = tmp_path / "words" / f"{version}.coimbra.json"
    index = json.loads(path.read_bytes())
    index["TORRE"] = index["CABRA"]
    path.write_text(json.dumps(index), encoding="utf-8")
    with pytest.raises(PublishedError, match="the store is damaged"):
        stored_versions(tmp_path)


def test_a_stored_coimbra_index_that_is_not_json_is_named(tmp_path):
    version = store_version(tmp_path, DAWG)
    (tmp_path / "words" / f"{version}.coimbra.json").write_bytes(b"{oops")
    with pytest.raises(PublishedError, match=rf"{version}\.coimbra\.json: not a Coimbra index"):
        stored_versions(tmp_path)


def test_a_version_missing_one_of_its_files_is_named(tmp_path):
    version = store_version(tmp_path, DAWG)
    (tmp_path / "words" / f"{version}.coimbra.json").unlink()
    with pytest.raises(PublishedError, match=rf"{version}\.coimbra\.json: missing"):
        stored_versions(tmp_path)


def test_a_stray_file_in_the_store_is_refused(tmp_path):
    store_version(tmp_path, DAWG)
    (tmp_path / "words" / "notes.txt").write_text("hello")
    with pytest.raises(PublishedError, match="notes.txt: not a stored version"):
        stored_versions(tmp_path)


def test_the_committed_store_is_intact():
    versions = stored_versions()
    assert versions, "dictionaries/published/words/ holds no version: run torre publish"
    for version in versions.values():
        assert len(version.dawg) > 10_000


# versoes/ in the site

def test_the_site_holds_the_current_and_every_published_version_under_its_id(tmp_path):
    old_words = fixture_words()[:-1]  # another Coimbra set: another version
    old = store_version(tmp_path / "store", b"OLD DAWG" * 50, old_words)
    out = tmp_path / "out"
    out.mkdir()
    (out / "palavras.txt").write_text("AB\n")
    report = render_site(out, SiteInput(fixture_words(), fixture_sources(), dawg=DAWG,
                                        word_count=2, published_versions=stored_versions(
                                            tmp_path / "store")))
    assert report.version == word_list_version(DAWG, (w.folded for w in fixture_words()))
    assert sorted(report.versions) == sorted([old, report.version])
    assert (out / "versoes" / f"{report.version}.dawg").read_bytes() == DAWG
    assert (out / "versoes" / f"{report.version}.coimbra.json").read_bytes() == \
        (out / "coimbra.json").read_bytes()
    assert (out / "versoes" / f"{old}.dawg").read_bytes() == b"OLD DAWG" * 50
    assert (out / "versoes" / f"{old}.coimbra.json").read_bytes() == coimbra_json(old_words)
    assert (out / "versoes" / f"{old}.dawg.br").is_file()  # precompressed like the rest
    assert set(load_versions(out / "versoes")) == {old, report.version}


def test_a_stored_version_keeps_its_bytes_when_only_a_blurb_changed(tmp_path):
    words = fixture_words()
    version = store_version(tmp_path / "store", DAWG, words)
    edited = [dataclasses.replace(w, blurb="Outra frase.") for w in words]
    current = current_version(SiteInput(edited, fixture_sources(), DAWG, 2))
    assert current.id == version  # same words, same DAWG: same id, whatever the blurbs
    out = tmp_path / "out"
    write_versions(out, current, stored_versions(tmp_path / "store"))
    assert (out / "versoes" / f"{version}.coimbra.json").read_bytes() == coimbra_json(words)


# Published days

def write_day_files(folder: Path, contents: dict[str, bytes]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for date, data in contents.items():
        (folder / f"{date}.json").write_bytes(data)


def test_day_hashes_cover_day_files_only_not_the_index(tmp_path):
    write_day_files(tmp_path, {"2026-11-01": b"{}\n"})
    (tmp_path / "indice.json").write_text("{}")
    assert day_hashes(tmp_path) == {"2026-11-01": hashlib.sha256(b"{}\n").hexdigest()}


def test_a_day_whose_bytes_differ_from_the_recorded_ones_is_refused_by_date(tmp_path):
    write_day_files(tmp_path, {"2026-11-01": b"a", "2026-11-02": b"b", "2026-11-03": b"c"})
    recorded = {**day_hashes(tmp_path), "2026-11-02": hashlib.sha256(b"B").hexdigest(),
                "2026-11-03": hashlib.sha256(b"C").hexdigest()}
    with pytest.raises(PublishedError, match=r"^day 2026-11-02 would change"):
        check_days(tmp_path, recorded)


def test_a_recorded_day_the_build_no_longer_writes_is_refused(tmp_path):
    write_day_files(tmp_path, {"2026-11-02": b"b"})
    recorded = {"2026-11-01": hashlib.sha256(b"a").hexdigest(), **day_hashes(tmp_path)}
    with pytest.raises(PublishedError, match="day 2026-11-01 was published but this build"):
        check_days(tmp_path, recorded)


def test_days_not_yet_recorded_are_fine(tmp_path):
    write_day_files(tmp_path, {"2026-11-01": b"a", "2026-11-02": b"b"})
    check_days(tmp_path, {"2026-11-01": hashlib.sha256(b"a").hexdigest()})


def test_a_malformed_days_manifest_line_is_named_with_its_line(tmp_path):
    (tmp_path / "days.sha256").write_text(f"2026-11-01  {'0' * 64}\n2026-11-02 oops\n")
    with pytest.raises(PublishedError, match=r"days\.sha256:2: expected"):
        read_days_manifest(tmp_path)


def test_the_built_site_matches_the_committed_days_manifest_and_holds_every_version(built_dist):
    recorded = read_days_manifest()
    assert len(recorded) >= 500
    written = day_hashes(built_dist / "dias")
    assert {date: written.get(date) for date in recorded} == recorded
    assert set(stored_versions()) <= set(load_versions(built_dist / "versoes"))


# Builds and `torre publish` (fast builds: fixture words, an empty store in tmp_path)

def current_version_of(out: Path) -> str:
    """The word list a built game page plays with (its data-versao)."""
    return (out / "index.html").read_text(encoding="utf-8").split('data-versao="')[1][:10]


def build_and_publish(out: Path) -> published.Recorded:
    build_all(out, today=TODAY, quiet=True)
    return record_build(out)


def test_publish_records_the_builds_version_and_every_day(tmp_path, fixture_coimbra):
    out = tmp_path / "dist"
    build_all(out, today=TODAY, quiet=True)
    result = CliRunner().invoke(main, ["publish", "--dist", str(out)])
    assert result.exit_code == 0, result.output
    version = current_version_of(out)
    assert (f"word lists: {version}; days: {FAST_WINDOW.days} new, {FAST_WINDOW.first} … "
            f"{FAST_WINDOW.last}") in result.output
    assert set(stored_versions()) == {version}
    assert read_days_manifest() == day_hashes(out / "dias")
    again = CliRunner().invoke(main, ["publish", "--dist", str(out)])
    assert again.exit_code == 0 and "word lists: none new; days: none new" in again.output


def test_publish_help_says_what_it_does_with_an_example():
    result = CliRunner().invoke(main, ["publish", "--help"])
    assert result.exit_code == 0
    assert "Record the word lists and towers of a build as published" in result.output
    assert "Example: torre publish --dist dist" in result.output


def test_publish_refuses_a_folder_that_is_not_an_unchanged_build(tmp_path, fixture_coimbra):
    out = tmp_path / "dist"
    result = CliRunner().invoke(main, ["publish", "--dist", str(out)])
    assert result.exit_code == 1 and "is not a finished build" in result.output
    build_all(out, today=TODAY, quiet=True)
    (out / "dias" / "2026-11-05.json").write_text("{}\n")
    result = CliRunner().invoke(main, ["publish", "--dist", str(out)])
    assert result.exit_code == 1 and "has changed since it was built" in result.output
    assert not published.STORE.exists()


def test_a_build_that_would_change_a_published_day_is_refused_and_dist_left_as_it_was(
        tmp_path, fixture_coimbra, monkeypatch):
    out = tmp_path / "dist"
    build_and_publish(out)
    before = tree_hashes(out)
    monkeypatch.setattr(days_module, "DAYS_VERSION", 2)  # a new derivation: every tower changes
    result = CliRunner().invoke(main, ["build", "--out", str(out), "--today", "2026-12-25",
                                       "--quiet"])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        f"Error: day {FAST_WINDOW.first} would change: its bytes differ from the ones published "
        "(days.sha256); published days never change"]
    assert tree_hashes(out) == before
    assert not list(tmp_path.glob(".dist-*"))


def test_a_tampered_days_manifest_stops_the_build(tmp_path, fixture_coimbra):
    out = tmp_path / "dist"
    build_and_publish(out)
    manifest = published.STORE / published.DAYS_MANIFEST
    lines = manifest.read_text().splitlines()
    lines[9] = lines[9][:12] + "0" * 64  # 2026-11-10
    manifest.write_text("\n".join(lines) + "\n")
    with pytest.raises(PublishedError, match="is not what torre publish recorded in ledger "
                                             "line 1 \\(a hash was edited\\)"):
        build_all(out, today=TODAY, quiet=True)


def test_a_damaged_store_stops_the_build_with_one_line(tmp_path, fixture_coimbra):
    out = tmp_path / "dist"
    build_and_publish(out)
    dawg = next((published.STORE / "words").glob("*.dawg"))
    dawg.write_bytes(dawg.read_bytes()[:-1])
    result = CliRunner().invoke(main, ["build", "--out", str(out), "--quiet"])
    assert result.exit_code == 1
    assert len(result.output.strip().splitlines()) == 1 and "the store is damaged" in result.output


def test_a_build_carries_an_older_published_word_list_into_versoes(tmp_path, fixture_coimbra):
    old = store_version(published.STORE, b"AN OLDER DAWG" * 40, fixture_words()[:-1])
    published.begin_ledger(published.STORE)
    out = tmp_path / "dist"
    build_all(out, today=TODAY, quiet=True)
    assert (out / "versoes" / f"{old}.dawg").read_bytes() == b"AN OLDER DAWG" * 40
    current = current_version_of(out)
    assert current != old and (out / "versoes" / f"{current}.dawg").is_file()


def test_two_builds_with_a_store_are_byte_identical_and_publishing_changes_nothing(
        tmp_path, fixture_coimbra):
    store_version(published.STORE, b"AN OLDER DAWG" * 40, fixture_words()[:-1])
    published.begin_ledger(published.STORE)
    build_and_publish(tmp_path / "a")
    build_all(tmp_path / "b", today=TODAY, quiet=True)
    served = [tree_hashes(tmp_path / name) for name in "ab"]
    # Only the copy of the ledger differs (and the manifest and the SPDX document listing
    # it): b was built after the publication, and a later build must not go back before it.
    for hashes in served:
        del hashes[published.SERVED_LEDGER], hashes[".torre-build"], hashes["a-torre.spdx.json"]
    assert served[0] == served[1]
    ledgers = [(tmp_path / name / published.SERVED_LEDGER).read_text() for name in "ab"]
    assert ledgers[1] == ledgers[0] + ledgers[1].splitlines(keepends=True)[1]


def test_the_day_index_is_precached_and_lists_every_day_of_the_window(tmp_path, fixture_coimbra):
    out = tmp_path / "dist"
    build_all(out, today=TODAY, quiet=True)
    index = json.loads((out / "dias" / "indice.json").read_bytes())
    assert [d["date"] for d in index["days"]] == sorted(day_hashes(out / "dias"))
    assert "/dias/indice.json" in worker_constant(out, "PRECACHE")
    assert worker_constant(out, "DAYS") == {"first": FAST_WINDOW.first.isoformat(),
                                            "last": FAST_WINDOW.last.isoformat()}


def more_words(self):
    self.words = ["CASA", "LUA", "MAR", "SOL"]
    return "4 fixture words"


def one_more_coimbra_word(self):
    lua = CoimbraWord("Lua", "LUA", "A lua sobre o rio.", "lua", False,
                      "Uma noite. A lua sobre o rio.")
    self.coimbra = [*fixture_words(), lua]
    return f"{len(self.coimbra)} fixture words"


@pytest.mark.parametrize("stage, change", [("stage_words", more_words),
                                           ("stage_coimbra", one_more_coimbra_word)],
                         ids=["a new dictionary word", "a new Coimbra word"])
def test_a_new_word_list_is_served_beside_the_published_one_kept_byte_for_byte(
        tmp_path, fixture_coimbra, monkeypatch, stage, change):
    out = tmp_path / "dist"
    build_and_publish(out)
    old = current_version_of(out)
    kept = {p.name: p.read_bytes() for p in (out / "versoes").glob(f"{old}.*")}
    monkeypatch.setattr(Builder, stage, change)
    build_all(out, today=TODAY, quiet=True)  # the days did not change: no refusal
    new = current_version_of(out)
    assert new != old
    assert {p.name: p.read_bytes() for p in (out / "versoes").glob(f"{old}.*")} == kept
    assert Dawg((out / "versoes" / f"{new}.dawg").read_bytes()).contains("LUA")
    assert not Dawg(kept[f"{old}.dawg"]).contains("LUA")
    assert record_build(out).versions == [new]
    ledger = published.verify_store().ledger  # one line per publish, the second holding both
    assert [line.versions for line in ledger] == [(old,), tuple(sorted([old, new]))]
