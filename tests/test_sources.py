"""pipeline.sources: the manifest, finding the files, checksums, `make dictionaries`."""
from __future__ import annotations

import functools
import hashlib
import io
import re
import tarfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from click.testing import CliRunner

from conftest import FIXTURES, ROOT, SHARED_DICTIONARIES
from pipeline import sources
from pipeline.cli import main
from pipeline.errors import ChecksumMismatchError, ConfigError, MissingInputError
from pipeline.sources import FetchError, fetch, load_manifest, record_hashes, resolve_sources

HUNSPELL = FIXTURES / "hunspell"
SPDX = "GPL-2.0-only OR LGPL-2.1-only OR MPL-1.1"


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def manifest_text(entries: list[dict]) -> str:
    """A manifest like dictionaries/sources.toml for the given dictionaries."""
    blocks = []
    for e in entries:
        blocks.append(
            "[[dictionary]]\n"
            f'id = "{e["id"]}"\nrelease = "test-{e["id"]}"\nurl = "{e.get("url", "http://127.0.0.1/x")}"\n'
            f'folder = "{e["folder"]}"\naff = "{e["aff"]}"\ndic = "{e["dic"]}"\n'
            f'aff_sha256 = "{e["aff_sha256"]}"\n# keep this comment\n'
            f'dic_sha256 = "{e["dic_sha256"]}"\nlicence = "{SPDX}"\nauthors = ["A", "B"]\n')
    return "\n".join(blocks)


def fixture_entry(ident: str, name: str = "affixes") -> dict:
    return {"id": ident, "fixture": name, "folder": f"dict-{ident}", "aff": f"{ident}.aff", "dic": f"{ident}.dic",
            "aff_sha256": sha((HUNSPELL / f"{name}.aff").read_bytes()),
            "dic_sha256": sha((HUNSPELL / f"{name}.dic").read_bytes())}


def place(folder, entry):
    name = entry["fixture"]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / entry["aff"]).write_bytes((HUNSPELL / f"{name}.aff").read_bytes())
    (folder / entry["dic"]).write_bytes((HUNSPELL / f"{name}.dic").read_bytes())


@pytest.fixture
def manifest(tmp_path):
    entries = [fixture_entry("um"), fixture_entry("dois", "special")]
    path = tmp_path / "sources.toml"
    path.write_text(manifest_text(entries), encoding="utf-8")
    return path, entries


def test_real_manifest_records_both_dictionaries_and_the_readme_hashes():
    entries = {e["id"]: e for e in load_manifest()}
    assert set(entries) == {"ao90", "preao"}
    readme = (SHARED_DICTIONARIES / "README.md").read_text(encoding="utf-8") \
        if SHARED_DICTIONARIES.exists() else None
    for e in entries.values():
        assert e["licence"] == SPDX
        assert e["authors"] == ["José João de Almeida", "Rui Vilela", "Alberto Simões"]
        assert e["url"].startswith("https://natura.di.uminho.pt/") and e["url"].endswith(".tar.gz")
        if readme:
            assert f'{e["aff_sha256"]}  {e["folder"]}/{e["aff"]}' in readme
            assert f'{e["dic_sha256"]}  {e["folder"]}/{e["dic"]}' in readme


@pytest.mark.skipif(not SHARED_DICTIONARIES.exists(), reason="needs ../shared/dictionaries")
def test_shared_folder_is_the_last_default_and_its_files_verify(monkeypatch):
    monkeypatch.delenv(sources.ENV_VAR, raising=False)
    found = resolve_sources()
    assert [s.id for s in found] == ["ao90", "preao"]
    assert found[0].aff_path.name == "pt_PT.aff"
    assert found[1].dic_path.parent.name == "hunspell-pt_PT-preao"
    assert sources.search_dirs()[-1] == ROOT.parent / "shared" / "dictionaries"


def test_files_directly_in_the_natura_folder(tmp_path, manifest):
    path, entries = manifest
    for entry in entries:
        place(tmp_path / "flat", entry)
    found = resolve_sources(tmp_path / "flat", manifest=path)
    assert [s.aff_path for s in found] == [tmp_path / "flat" / "um.aff", tmp_path / "flat" / "dois.aff"]


def test_files_in_per_dictionary_subfolders(tmp_path, manifest):
    path, entries = manifest
    for entry in entries:
        place(tmp_path / "nested" / entry["folder"], entry)
    found = resolve_sources(tmp_path / "nested", manifest=path)
    assert found[1].dic_path == tmp_path / "nested" / "dict-dois" / "dois.dic"


def test_environment_variable_names_the_folder(tmp_path, manifest, monkeypatch):
    path, entries = manifest
    for entry in entries:
        place(tmp_path / "env", entry)
    monkeypatch.setenv("TORRE_NATURA_DIR", str(tmp_path / "env"))
    assert resolve_sources(manifest=path)[0].aff_path.parent == tmp_path / "env"


def test_missing_files_message_lists_every_place_looked(tmp_path, manifest):
    path, _ = manifest
    with pytest.raises(MissingInputError) as caught:
        resolve_sources(tmp_path / "nowhere", manifest=path)
    message = str(caught.value)
    assert message.startswith("um.aff and um.dic (um) not found; looked in:")
    assert str(tmp_path / "nowhere") in message
    assert str(tmp_path / "nowhere" / "dict-um") in message


def test_checksum_mismatch_names_the_file_and_both_hashes(tmp_path, manifest):
    path, entries = manifest
    for entry in entries:
        place(tmp_path / "d", entry)
    (tmp_path / "d" / "dois.dic").write_text("1\ngato/p\n", encoding="utf-8")
    with pytest.raises(ChecksumMismatchError) as caught:
        resolve_sources(tmp_path / "d", manifest=path)
    message = str(caught.value)
    assert str(tmp_path / "d" / "dois.dic") in message
    assert f"manifest: {entries[1]['dic_sha256']}" in message
    assert f"file:     {sha(b'1' + bytes([10]) + b'gato/p' + bytes([10]))}" in message
    assert "--accept-new-dictionaries" in message


NEW_DIC = b"1\ngato/p\n"


@pytest.fixture
def new_release(tmp_path, manifest):
    """Both dictionaries in tmp_path/d, dois.dic replaced: (manifest path, entries, its text)."""
    path, entries = manifest
    for entry in entries:
        place(tmp_path / "d", entry)
    (tmp_path / "d" / "dois.dic").write_bytes(NEW_DIC)
    return path, entries, path.read_text(encoding="utf-8")


def test_accept_new_takes_the_files_but_leaves_the_manifest_to_record_hashes(tmp_path, new_release):
    path, _, before = new_release
    found = resolve_sources(tmp_path / "d", accept_new=True, manifest=path)
    assert found[1].dic_sha256 == sha(NEW_DIC)
    assert path.read_text(encoding="utf-8") == before


def test_record_hashes_rewrites_only_the_changed_hash_and_keeps_comments(tmp_path, new_release):
    path, entries, before = new_release
    found = resolve_sources(tmp_path / "d", accept_new=True, manifest=path)
    assert record_hashes(found, path) == [tmp_path / "d" / "dois.dic"]
    after = path.read_text(encoding="utf-8")
    assert after == before.replace(entries[1]["dic_sha256"], sha(NEW_DIC))
    assert after.count("# keep this comment") == 2
    assert resolve_sources(tmp_path / "d", manifest=path)[1].dic_sha256 == sha(NEW_DIC)
    assert record_hashes(found, path) == []


def tarball(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


@pytest.fixture
def http_folder(tmp_path):
    """A folder served over HTTP on 127.0.0.1; the server stops after the test."""
    root = tmp_path / "www"
    root.mkdir()
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield root, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    thread.join(5)


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def served_manifest(tmp_path, www, base):
    entries = []
    for ident in ("um", "dois"):
        entry = fixture_entry(ident)
        entry["url"] = f"{base}/hunspell-{ident}-20990101.tar.gz"
        (www / f"hunspell-{ident}-20990101.tar.gz").write_bytes(tarball({
            f"hunspell-{ident}-20990101/{entry['aff']}": (HUNSPELL / "affixes.aff").read_bytes(),
            f"hunspell-{ident}-20990101/{entry['dic']}": (HUNSPELL / "affixes.dic").read_bytes(),
            f"hunspell-{ident}-20990101/README": b"readme\n",
        }))
        entries.append(entry)
    path = tmp_path / "served.toml"
    path.write_text(manifest_text(entries), encoding="utf-8")
    return path


def test_fetch_downloads_unpacks_and_the_files_verify(tmp_path, http_folder):
    www, base = http_folder
    path = served_manifest(tmp_path, www, base)
    written = fetch(tmp_path / "natura", path)
    assert written == [tmp_path / "natura" / "dict-um" / "um.aff", tmp_path / "natura" / "dict-um" / "um.dic",
                       tmp_path / "natura" / "dict-dois" / "dois.aff",
                       tmp_path / "natura" / "dict-dois" / "dois.dic"]
    assert [s.id for s in resolve_sources(tmp_path / "natura", manifest=path)] == ["um", "dois"]


def test_make_dictionaries_command_fetches_into_dest(tmp_path, http_folder, monkeypatch):
    www, base = http_folder
    monkeypatch.setattr(sources, "DEFAULT_MANIFEST", served_manifest(tmp_path, www, base))
    result = CliRunner().invoke(main, ["dictionaries", "fetch", "--dest", str(tmp_path / "n")])
    assert result.exit_code == 0, result.output
    assert f"wrote {tmp_path / 'n' / 'dict-dois' / 'dois.dic'}" in result.output
    verify = CliRunner().invoke(main, ["dictionaries", "verify", "--natura", str(tmp_path / "n")])
    assert verify.exit_code == 0 and verify.output.count(" ok") == 4


@pytest.mark.parametrize("member", ["../evil.aff", "/tmp/evil.aff", "a/../../evil.aff"])
def test_fetch_refuses_archive_paths_that_escape_the_folder(tmp_path, http_folder, member):
    www, base = http_folder
    path = served_manifest(tmp_path, www, base)
    (www / "hunspell-um-20990101.tar.gz").write_bytes(tarball({member: b"x"}))
    with pytest.raises(FetchError, match="not a usable tarball"):
        fetch(tmp_path / "natura", path)
    assert not (tmp_path / "evil.aff").exists()


def test_fetch_reports_a_missing_file_in_the_archive(tmp_path, http_folder):
    www, base = http_folder
    path = served_manifest(tmp_path, www, base)
    (www / "hunspell-um-20990101.tar.gz").write_bytes(tarball({"x/um.aff": b"SET UTF-8\n"}))
    with pytest.raises(FetchError, match=re.escape("the archive holds no um.dic")):
        fetch(tmp_path / "natura", path)


def test_fetch_reports_a_failed_download(tmp_path, http_folder):
    www, base = http_folder
    path = served_manifest(tmp_path, www, base)
    (www / "hunspell-um-20990101.tar.gz").unlink()
    with pytest.raises(FetchError, match=r"um: could not download http://127\.0\.0\.1:\d+/hunspell-um"):
        fetch(tmp_path / "natura", path)


def test_record_hashes_adds_or_rewrites_the_word_counts(tmp_path, new_release):
    path, entries, before = new_release
    found = resolve_sources(tmp_path / "d", accept_new=True, manifest=path)
    record_hashes(found, path, words={"um": 26, "dois": 7})
    after = path.read_text(encoding="utf-8")
    assert [entry.get("words") for entry in load_manifest(path)] == [26, 7]
    assert after.count("words = ") == 2 and after.count("# keep this comment") == 2
    record_hashes(found, path, words={"um": 26, "dois": 5})
    assert [entry.get("words") for entry in load_manifest(path)] == [26, 5]


# Issue 13 item 12: `aff_sha256 = 42` printed "recorded" but nothing was written.
@pytest.mark.parametrize("line, shown", [
    ("aff_sha256 = 42", "aff_sha256 42 is not 64 hexadecimal digits"),
    ('aff_sha256 = "abc"', "aff_sha256 'abc' is not 64 hexadecimal digits"),
    ('words = "many"', "words 'many' is not a whole number"),
])
def test_a_recorded_value_of_the_wrong_shape_is_a_config_error(manifest, line, shown):
    path, entries = manifest
    text = path.read_text(encoding="utf-8")
    key = line.split(" ")[0]
    if key == "words":
        text = text.replace("licence =", f"{line}\nlicence =", 1)
    else:
        text = text.replace(f'{key} = "{entries[0][key]}"', line)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=re.escape(f"dictionary #1 (um): {shown}")):
        load_manifest(path)


@pytest.mark.parametrize("line, shown", [
    ('url_label = ""', "url_label '' must be a non-empty text"),
    ("spelling = 3", "spelling 3 must be a non-empty text"),
])
def test_a_text_players_read_must_be_a_non_empty_text(manifest, line, shown):
    path, _ = manifest
    text = path.read_text(encoding="utf-8").replace("licence =", f"{line}\nlicence =", 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=re.escape(f"dictionary #1 (um): {shown}")):
        load_manifest(path)


def test_the_link_is_named_as_a_natura_release_unless_the_manifest_says_otherwise(tmp_path, manifest):
    path, entries = manifest
    text = path.read_text(encoding="utf-8").replace(
        "licence =", 'url_label = "Edição mais recente (não é a usada)"\nlicence =', 1)
    path.write_text(text, encoding="utf-8")
    for entry in entries:
        place(tmp_path / "flat", entry)
    found = resolve_sources(tmp_path / "flat", manifest=path)
    assert [s.url_label for s in found] == ["Edição mais recente (não é a usada)", "Edição do Projecto Natura"]


def test_the_real_manifest_speaks_portuguese_to_players():
    for entry in load_manifest():
        for key in sources.PLAYER_TEXTS:
            assert not re.search(r"\b(the|after|before|repository|renamed|folder|files)\b",
                                 entry.get(key, "")), (entry["id"], key)
