"""The build's SPDX document (dist/a-torre.spdx.json), checked by spdx-tools and against the
files, and `torre licence`, which answers from it. The session's built tree (TORRE_DIST) is
read, never rebuilt; a tree with a file more is a copy of it made of symbolic links."""
from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline import spdx
from pipeline.cli import main
from pipeline.sources import resolve_sources
from conftest import ROOT
from test_cli_errors import SPECIAL, one_line_error
from test_cli_words import fixture_dictionary  # noqa: F401 (a fixture)
from test_docs_examples import fenced_blocks

NATURA_LICENCE = "GPL-2.0-only OR LGPL-2.1-only OR MPL-1.1"


def run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def document(built_dist):
    return json.loads((built_dist / spdx.DOCUMENT).read_text(encoding="utf-8"))


def generated_from(document: dict, name: str) -> set[str]:
    ident = spdx.dist_entries(document)[name]["SPDXID"]
    return {r["relatedSpdxElement"] for r in document["relationships"]
            if r["spdxElementId"] == ident and r["relationshipType"] == "GENERATED_FROM"}


def copy_of(dist, tmp_path):
    """A copy of the tree in symbolic links (instant); replace a file, never write into one."""
    copy = tmp_path / "dist"
    shutil.copytree(dist, copy, copy_function=os.symlink)
    return copy


def test_the_build_document_is_valid_spdx_by_spdx_tools_with_zero_messages(built_dist, monkeypatch):
    from spdx_tools.spdx.parser.parse_anything import parse_file
    from spdx_tools.spdx.validation import spdx_id_validators
    from spdx_tools.spdx.validation.document_validator import validate_full_spdx_document

    # spdx-tools rebuilds the list of every SPDXID for each reference it checks (minutes for
    # 13,000 relationships): the same check against a set made once per document.
    known = {}

    def present(spdx_id, document):
        if id(document) not in known:
            known[id(document)] = frozenset(spdx_id_validators.get_list_of_all_spdx_ids(document))
        return spdx_id in known[id(document)]

    monkeypatch.setattr(spdx_id_validators, "is_spdx_id_present_in_document", present)
    parsed = parse_file(str(built_dist / spdx.DOCUMENT))
    messages = validate_full_spdx_document(parsed, "SPDX-2.3")
    assert [m.validation_message for m in messages] == []
    assert len(parsed.files) > 5000


def test_every_file_of_dist_has_an_entry_with_its_sha256_and_every_entry_its_file(built_dist, document):
    assert spdx.check_document(built_dist) == []
    listed = spdx.dist_entries(document)
    assert spdx.DOCUMENT not in listed and ".torre-build" not in listed  # the comment says why
    assert {"palavras.txt", "palavras.txt.br", "index.html", "dias/2026-12-01.json"} <= set(listed)


def test_a_file_added_to_dist_without_an_entry_fails_the_check(built_dist, tmp_path):
    copy = copy_of(built_dist, tmp_path)
    (copy / "dias" / "extra.json").write_text("{}", encoding="utf-8")
    (copy / "palavras.txt").unlink()
    (copy / "palavras.txt").write_text("CASA\n", encoding="utf-8")
    assert spdx.check_document(copy) == [
        f"dias/extra.json: in the tree but not in {spdx.DOCUMENT}",
        f"palavras.txt: its SHA-256 differs from {spdx.DOCUMENT}'s"]
    result = run("licence", "--check", "--dist", str(copy))
    assert result.exit_code == 1 and "dias/extra.json: in the tree but not" in result.output


def test_each_source_is_a_package_with_its_licence_and_the_dictionaries_with_their_checked_files(document):
    packages = {p["SPDXID"]: p for p in document["packages"]}
    for source in resolve_sources(None):
        package = packages[f"SPDXRef-natura-{source.id}"]
        assert package["downloadLocation"] == source.url
        assert package["licenseDeclared"] == NATURA_LICENCE
        assert source.obtained_from in package["sourceInfo"]
        files = {r["relatedSpdxElement"] for r in document["relationships"]
                 if r["spdxElementId"] == package["SPDXID"] and r["relationshipType"] == "CONTAINS"}
        sums = {c["checksumValue"] for f in document["files"] if f["SPDXID"] in files
                for c in f["checksums"]}
        assert {source.aff_sha256, source.dic_sha256} <= sums
    assert packages["SPDXRef-wordfreq-data"]["licenseDeclared"] == "CC-BY-SA-4.0"
    assert packages["SPDXRef-wordfreq-code"]["licenseDeclared"] == "Apache-2.0"
    assert packages["SPDXRef-coimbra"]["licenseDeclared"] == "MIT"  # as README.md always said
    assert packages["SPDXRef-site-source"]["licenseDeclared"] == "MIT"
    assert "constants.py" in packages["SPDXRef-tiles"]["comment"]


@pytest.mark.parametrize("name, licence, sources", [
    ("palavras.txt", NATURA_LICENCE, {"SPDXRef-natura-ao90", "SPDXRef-natura-preao"}),
    ("palavras-origem.tsv", NATURA_LICENCE, {"SPDXRef-natura-ao90", "SPDXRef-natura-preao"}),
    ("palavras-comuns.txt", f"CC-BY-SA-4.0 AND ({NATURA_LICENCE})",
     {"SPDXRef-wordfreq-data", "SPDXRef-natura-ao90", "SPDXRef-natura-preao"}),
    ("dias/2026-12-01.json", "MIT",
     {"SPDXRef-coimbra", "SPDXRef-tiles", "SPDXRef-site-source"}),
    ("treino/0001.json", "MIT",
     {"SPDXRef-coimbra", "SPDXRef-tiles", "SPDXRef-site-source"}),
    ("coimbra.json", "MIT", {"SPDXRef-coimbra"}),
    ("palavras.dawg", f"({NATURA_LICENCE}) AND MIT",
     {"SPDXRef-natura-ao90", "SPDXRef-natura-preao", "SPDXRef-coimbra"}),
    ("index.html", "MIT", {"SPDXRef-site-source"}),
])
def test_each_file_takes_the_licences_of_the_sources_it_is_generated_from(document, name, licence, sources):
    assert spdx.dist_entries(document)[name]["licenseConcluded"] == licence
    assert generated_from(document, name) == sources


def test_the_dawgs_and_scripts_name_their_sources_and_a_compressed_copy_its_original(document):
    entries = spdx.dist_entries(document)
    dawg = next(n for n in entries if n.startswith("palavras.") and n.endswith(".dawg"))
    assert generated_from(document, dawg) == {"SPDXRef-natura-ao90", "SPDXRef-natura-preao",
                                              "SPDXRef-coimbra"}
    script = next(n for n in entries if n.startswith("static/") and n.endswith("/js/main.js"))
    assert generated_from(document, script) == {"SPDXRef-site-source"}
    assert entries[script]["comment"] == "Derived from: site_src/js/main.js"
    assert generated_from(document, script + ".br") == {entries[script]["SPDXID"]}


def test_a_bundles_comment_names_its_entry_module_which_exists(built_dist):
    """Issue 42 §5: a bundle is made from its entry module and what it imports, not from a
    same-named file of site_src (there is no site_src/js/torre.js)."""
    entries = spdx.dist_entries(json.loads((built_dist / spdx.DOCUMENT).read_text(encoding="utf-8")))
    bundles = {n.split("/js/", 1)[1]: e["comment"] for n, e in entries.items()
               if n.startswith("static/") and "/js/" in n and n.endswith(".js") and "/" not in n.split("/js/", 1)[1]}
    assert bundles["torre.js"] == "Derived from: site_src/js/main.js and the modules it imports, joined by pipeline/bundle.py"
    assert bundles["torre.run_end.js"].endswith("(the chunk its dynamic import of run_end.js loads)")
    for name, comment in bundles.items():
        entry = comment.removeprefix("Derived from: ").split(" ", 1)[0]
        assert (ROOT / entry).is_file(), (name, comment)


def test_the_creation_date_is_source_date_epoch_or_the_newest_input_date_never_the_clock():
    assert spdx.created([], {"SOURCE_DATE_EPOCH": "1767225600"}) == "2026-01-01T00:00:00Z"
    assert spdx.created(resolve_sources(None), {}) == "2026-11-01T00:00:00Z"  # the window's first day


def test_licence_of_a_file_names_its_sources_licence_and_the_line_it_comes_from(built_dist):
    result = run("licence", "--dist", str(built_dist), "/coimbra/praxe/")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    line = next(n for n, text in enumerate(
        (spdx.PROJECT_ROOT / "dictionaries" / "coimbra.toml").read_text(encoding="utf-8").splitlines(), 1)
        if text == 'slug = "praxe"')
    assert lines[:4] == ["coimbra/praxe/index.html", "  licence: MIT",
                         "  copyright: Copyright (c) 2026 A Torre contributors",
                         "  generated from: A Torre Coimbra words and texts; "
                         "A Torre site and pipeline source"]
    assert lines[4] == (f"  derived from: dictionaries/coimbra.toml:{line} and "
                        "site_src/templates/coimbra-palavra.html")
    assert lines[5].endswith(f"(matches {built_dist / 'coimbra/praxe/index.html'})")


def test_licence_of_a_word_names_the_files_that_hold_it_and_its_dictionary_line(
        fixture_dictionary, tmp_path):  # noqa: F811 (the fixture imported above)
    folder, manifest = fixture_dictionary
    out = tmp_path / "out"
    assert run("words", "build", "--natura", str(folder), "--out", str(out), "--quiet").exit_code == 0
    spdx.write_document(out, resolve_sources(folder, manifest=manifest))
    result = run("licence", "--dist", str(out), "--natura", str(folder), "--quiet", "leões")
    assert result.exit_code == 0, result.output
    line = (out / "palavras.txt").read_text(encoding="utf-8").split("\n").index("LEOES") + 1
    assert result.output.splitlines()[:4] == [
        "LEOES", f"  palavras.txt:{line}  licence: {NATURA_LICENCE}", "", "LEOES is in the list:"]
    assert "  ao90  t.dic:3  leão  SFX p t.aff:20  → leões" in result.output.splitlines()


@pytest.mark.parametrize("asked, message", [
    ("nada/ficheiro.txt", "nada/ficheiro.txt: no such file in"),
    ("zzzzqx", "zzzzqx: no file of"),
])
def test_licence_of_an_unknown_file_or_word_is_a_clear_error(built_dist, asked, message):
    result = run("licence", "--dist", str(built_dist), "--quiet", asked)
    assert result.exit_code == 1 and message in result.output


def test_licence_of_a_build_without_a_document_says_to_build(tmp_path):
    result = run("licence", "--dist", str(tmp_path), "palavras.txt")
    assert result.exit_code == 1 and "not found; build the site with `torre build`" in result.output


# Issue 41 item 9: the document skipped the input rule (hangs, a whole 3 GiB read, tracebacks).
@pytest.mark.parametrize("given", ["--document", "--dist"])
@pytest.mark.parametrize("special", SPECIAL.values(), ids=SPECIAL.keys())
def test_a_document_that_is_a_fifo_or_dev_zero_is_refused_without_hanging(tmp_path, given, special):
    path = tmp_path / "fifo" if special == "FIFO" else Path(special)
    if special == "FIFO":
        os.mkfifo(path)
    dist = tmp_path / "dist"
    dist.mkdir()
    if given == "--dist":
        (dist / spdx.DOCUMENT).symlink_to(path)
    args = ["--document", str(path)] if given == "--document" else []
    process = subprocess.run([sys.executable, "-m", "pipeline", "licence", "--dist", str(dist),
                              *args, "palavras.txt"], capture_output=True, text=True,
                             timeout=60, cwd=ROOT)
    shown = path if given == "--document" else dist / spdx.DOCUMENT
    assert process.returncode == 1
    assert process.stderr.strip().startswith(f"Error: {shown}: not a regular file; ")
    assert len(process.stderr.strip().splitlines()) == 1, process.stderr


def test_a_document_larger_than_any_input_is_refused_unread(tmp_path):
    path = tmp_path / "huge.spdx.json"
    with open(path, "wb") as sparse:
        sparse.truncate((64 << 20) + 1)  # sparse: no disk, and refused before it is read
    for args in (["palavras.txt"], ["--check"]):
        one_line_error(run("licence", "--dist", str(tmp_path), "--document", str(path), *args),
                       f"{path}: {(64 << 20) + 1} bytes, more than the 64 MiB")


ENTRY = {"SPDXID": "SPDXRef-dist-palavras.txt", "fileName": "./palavras.txt",
         "checksums": [{"algorithm": "SHA256", "checksumValue": "0" * 64}],
         "licenseConcluded": "MIT", "copyrightText": "NOASSERTION"}


def with_file(**changed) -> str:
    return json.dumps({"packages": [], "relationships": [], "files": [{**ENTRY, **changed}]})


@pytest.mark.parametrize("text, problem", [
    ("[]", "the document is not an object"),
    ('{"packages": [], "relationships": [], "files": 3}', "files is not a list"),
    ('{"packages": [], "relationships": [], "files": ["palavras.txt"]}', "files[0] is not an object"),
    (with_file(fileName=3), "files[0].fileName is not a string"),
    (with_file(checksums=None), "files[0].checksums is not a list"),
    (with_file(checksums=[{"algorithm": "SHA256"}]), "files[0].checksums[0].checksumValue is missing"),
    (json.dumps({"packages": [], "relationships": []}), "files is missing"),
    (json.dumps({"files": [], "relationships": [], "packages": [{"name": "x"}]}),
     "packages[0].SPDXID is missing"),
    ('{"packages": [], "files": [], "relationships": [{}]}', "relationships[0].spdxElementId is missing"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
], ids=["an array", "files a number", "files of strings", "fileName a number", "checksums null",
        "a checksum without its value", "no files", "a package without its id",
        "an empty relationship", "100,000 deep"])
def test_a_document_of_the_wrong_shape_is_one_line_naming_what_is_wrong(tmp_path, text, problem):
    path = tmp_path / "site.spdx.json"
    path.write_text(text, encoding="utf-8")
    for args in (["palavras.txt"], ["--check"]):
        one_line_error(run("licence", "--dist", str(tmp_path), "--document", str(path), *args),
                       f"{path}: not the SPDX document of a build", problem)


@pytest.mark.parametrize("blank", ["", " ", "\t"])
def test_a_blank_path_or_word_is_a_usage_error_not_the_home_page(built_dist, blank):
    result = run("licence", "--dist", str(built_dist), blank)
    assert result.exit_code == 2 and "licence:" not in result.output  # no answer
    one_line_error(result, "PATH_OR_WORD: it is blank")


def test_a_file_is_found_by_its_name_in_the_document_too(built_dist):
    """The document's fileName form (./palavras.txt) names the same file as palavras.txt."""
    same = run("licence", "--dist", str(built_dist), "palavras.txt")
    assert same.exit_code == 0, same.output
    for asked in ("./palavras.txt", "dist/./palavras.txt", "./coimbra/praxe/"):
        result = run("licence", "--dist", str(built_dist), asked)
        assert result.exit_code == 0, (asked, result.output)
    assert run("licence", "--dist", str(built_dist), "./palavras.txt").output == same.output


def test_fontes_and_the_licence_file_link_the_document_the_build_wrote(built_dist):
    fontes = (built_dist / "fontes" / "index.html").read_text(encoding="utf-8")
    assert f'<a href="/{spdx.DOCUMENT}">{spdx.DOCUMENT}</a>' in fontes
    assert "a licença MIT (identificador SPDX: <code>MIT</code>)" in fontes  # the Coimbra texts
    assert f"O documento SPDX {spdx.DOCUMENT}" in (built_dist / "LICENCA-palavras.txt").read_text(
        encoding="utf-8")
    assert (built_dist / spdx.DOCUMENT).is_file()


def test_licence_compares_a_rebuilt_file_with_the_sites_document(built_dist, document, tmp_path):
    published = tmp_path / "site.spdx.json"
    published.write_text(json.dumps(document), encoding="utf-8")
    same = run("licence", "--dist", str(built_dist), "--document", str(published), "palavras.txt")
    assert same.exit_code == 0 and f"(matches {built_dist / 'palavras.txt'})" in same.output
    for entry in document["files"]:
        if entry["fileName"] == "./palavras.txt":
            entry = {**entry, "checksums": [{"algorithm": "SHA256", "checksumValue": "0" * 64}]}
            break
    changed = {**document, "files": [entry if f["fileName"] == "./palavras.txt" else f
                                     for f in document["files"]]}
    published.write_text(json.dumps(changed), encoding="utf-8")
    other = run("licence", "--dist", str(built_dist), "--document", str(published), "palavras.txt")
    assert f"(DIFFERS from {built_dist / 'palavras.txt'})" in other.output
    check = run("licence", "--dist", str(built_dist), "--document", str(published), "--check")
    assert check.exit_code == 1
    assert check.output == f"palavras.txt: its SHA-256 differs from {spdx.DOCUMENT}'s\n"


LICENSING = ROOT / "docs" / "licensing.md"


def audit_commands() -> list[str]:
    """The lines of docs/licensing.md's `sh audit` block."""
    blocks = [body for info, body in fenced_blocks(LICENSING.read_text(encoding="utf-8"))
              if info == "sh audit"]
    return [line for line in blocks[0].splitlines() if line.strip()]


def test_the_licensing_doc_s_three_audit_commands_are_real_and_say_what_it_shows(built_dist):
    """The doc's commands run here but `make build` (the session's tree stands for it: a make
    target is only checked to exist), the site's document being the session tree's own."""
    commands, doc = audit_commands(), LICENSING.read_text(encoding="utf-8")
    assert len(commands) == 3
    for part in (p.strip() for command in commands for p in command.split("&&")):
        words = shlex.split(part)
        if words[0] == "make":
            assert re.search(rf"^{words[1]}:", (ROOT / "Makefile").read_text(), re.M), part
            continue
        assert words[0] == ".venv/bin/torre", part
        args = [str(built_dist / spdx.DOCUMENT) if w == spdx.DOCUMENT else w for w in words[1:]]
        result = run(*args, *(["--dist", str(built_dist)] if "--document" in args else []))
        assert result.exit_code == 0, (part, result.output)
        for line in result.output.splitlines():  # as the doc shows it, but this machine's paths
            assert re.sub(r"\(matches .*\)$", "", line.split("  ")[-2] if " ok" in line
                          else line) in doc, line
