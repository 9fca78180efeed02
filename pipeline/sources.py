"""The two Natura dictionaries: the manifest, where the files are, their checksums.

`resolve_sources` is what the build calls: it reads dictionaries/sources.toml,
finds each .aff/.dic pair, and refuses files whose SHA-256 differs from the
manifest (unless told to accept a new release, which rewrites the manifest).
`fetch` downloads and unpacks the upstream tarballs for `make dictionaries`.
"""
from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import NamedTuple

from .errors import ChecksumMismatchError, ConfigError, MissingInputError, TorreError, quoted
from .files import sha256_file, write_atomic

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MANIFEST = ROOT / "dictionaries" / "sources.toml"
ENV_VAR = "TORRE_NATURA_DIR"
SHA256 = re.compile(r"[0-9a-f]{64}")
REQUIRED = ("id", "release", "url", "folder", "aff", "dic", "aff_sha256", "dic_sha256",
            "licence", "authors")
# Optional texts players read (/fontes/, LICENCA-palavras.txt), in Portuguese.
PLAYER_TEXTS = ("spelling", "obtained_from", "url_label")
DEFAULT_URL_LABEL = "Edição do Projecto Natura"


class DictionarySource(NamedTuple):
    """One dictionary as the manifest records it and as found on disk (a NamedTuple, not
    a dataclass: see pipeline.record)."""

    id: str
    release: str
    url: str
    aff_path: Path
    dic_path: Path
    aff_sha256: str
    dic_sha256: str
    licence: str
    authors: tuple[str, ...] = ()
    spelling: str = ""
    obtained_from: str = ""
    tolerated_entries: frozenset[str] = frozenset()
    url_label: str = DEFAULT_URL_LABEL  # the text of the `url` link


def load_manifest(manifest: Path | None = None) -> list[dict]:
    """The [[dictionary]] tables of the manifest, checked for required keys."""
    manifest = Path(manifest) if manifest else DEFAULT_MANIFEST
    try:
        data = tomllib.loads(Path(manifest).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MissingInputError("the dictionary manifest", [manifest]) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{manifest}: {exc}") from None
    entries = data.get("dictionary", [])
    if not entries:
        raise ConfigError(f"{manifest}: no [[dictionary]] tables")
    for number, entry in enumerate(entries, start=1):
        missing = [key for key in REQUIRED if key not in entry]
        if missing:
            raise ConfigError(f"{manifest}: dictionary #{number} "
                              f"({entry.get('id', '?')}) lacks {', '.join(missing)}")
        check_recorded_values(manifest, number, entry)
    return entries


def check_recorded_values(manifest: Path, number: int, entry: dict) -> None:
    """The values `record_hashes` rewrites must have the shape it can rewrite."""
    for key in ("aff_sha256", "dic_sha256"):
        if not (isinstance(entry[key], str) and SHA256.fullmatch(entry[key])):
            raise ConfigError(f"{manifest}: dictionary #{number} ({entry['id']}): {key} "
                              f"{quoted(entry[key])} is not 64 hexadecimal digits in quotes")
    for key in PLAYER_TEXTS:
        if key in entry and not (isinstance(entry[key], str) and entry[key].strip()):
            raise ConfigError(f"{manifest}: dictionary #{number} ({entry['id']}): {key} "
                              f"{quoted(entry[key])} must be a non-empty text")
    words = entry.get("words")
    if words is not None and (not isinstance(words, int) or isinstance(words, bool) or words < 0):
        raise ConfigError(f"{manifest}: dictionary #{number} ({entry['id']}): words "
                          f"{quoted(words)} is not a whole number")


def search_dirs(natura_dir: Path | None = None) -> list[Path]:
    """Where to look, in order: an explicit folder or the env var stand alone."""
    if natura_dir is not None:
        return [Path(natura_dir)]
    if os.environ.get(ENV_VAR):
        return [Path(os.environ[ENV_VAR])]
    return [ROOT / "dictionaries" / "natura", ROOT.parent / "shared" / "dictionaries"]


def locate(entry: dict, dirs: list[Path]) -> tuple[Path, Path]:
    """The first place holding both files, directly or in the entry's folder."""
    looked: list[Path] = []
    for base in dirs:
        for folder in (base, base / entry["folder"]):
            aff, dic = folder / entry["aff"], folder / entry["dic"]
            if aff.is_file() and dic.is_file():
                return aff, dic
            looked.append(folder)
    raise MissingInputError(f"{entry['aff']} and {entry['dic']} ({entry['id']})", looked)


def resolve_sources(natura_dir: Path | None = None, *, accept_new: bool = False,
                    manifest: Path | None = None) -> list[DictionarySource]:
    """Find and verify both dictionaries (see the module docstring).

    With ``accept_new`` a file whose SHA-256 differs is taken as it is; the
    manifest is not touched here but by `record_hashes`, once whatever used
    the files has succeeded (a new release that fails to read records nothing).
    """
    manifest = Path(manifest) if manifest else DEFAULT_MANIFEST
    dirs = search_dirs(natura_dir)
    sources = []
    for entry in load_manifest(manifest):
        aff, dic = locate(entry, dirs)
        actual = {"aff_sha256": sha256_file(aff), "dic_sha256": sha256_file(dic)}
        for key, path in (("aff_sha256", aff), ("dic_sha256", dic)):
            if actual[key] != entry[key] and not accept_new:
                raise ChecksumMismatchError(path, entry[key], actual[key])
        sources.append(DictionarySource(
            id=entry["id"], release=entry["release"], url=entry["url"],
            aff_path=aff, dic_path=dic, licence=entry["licence"],
            authors=tuple(entry["authors"]), spelling=entry.get("spelling", ""),
            obtained_from=entry.get("obtained_from", ""),
            tolerated_entries=frozenset(entry.get("tolerated_entries", ())),
            url_label=entry.get("url_label", DEFAULT_URL_LABEL), **actual))
    return sources


def record_hashes(sources: list[DictionarySource], manifest: Path | None = None,
                  words: dict[str, int] | None = None) -> list[Path]:
    """Write the SHA-256 of the files in use where the manifest differs; the files changed.

    ``words`` (dictionary id → words it gives) is recorded beside the hashes:
    the next update compares its counts with these (pipeline.update).
    """
    manifest = Path(manifest) if manifest else DEFAULT_MANIFEST
    recorded = {entry["id"]: entry for entry in load_manifest(manifest)}
    changes, changed = {}, []
    for source in sources:
        for key, path in (("aff_sha256", source.aff_path), ("dic_sha256", source.dic_path)):
            value = getattr(source, key)
            if recorded[source.id][key] != value:
                changes[(source.id, key)] = f'"{value}"'
                changed.append(path)
        if words and source.id in words and recorded[source.id].get("words") != words[source.id]:
            changes[(source.id, "words")] = str(words[source.id])
    if changes:
        rewrite_values(manifest, changes)
    return changed


VALUE_LINE = re.compile(r'(\s*)(aff_sha256|dic_sha256|words)(\s*=\s*)\S+')


def rewrite_values(manifest: Path, changes: dict[tuple[str, str], str]) -> None:
    """Replace ``key = value`` lines in place, keeping comments and order.

    A ``words`` line an entry lacks is added after its dic_sha256 line.
    """
    lines = Path(manifest).read_text(encoding="utf-8").splitlines(keepends=True)
    out, current, pending_words = [], None, None
    for index, line in enumerate(lines):
        match = re.match(r'\s*id\s*=\s*"([^"]*)"', line)
        if match:
            current = match.group(1)
            pending_words = changes.get((current, "words"))
        match = VALUE_LINE.match(line)
        if match and (current, match.group(2)) in changes:
            key = match.group(2)
            line = f"{match.group(1)}{key}{match.group(3)}{changes[(current, key)]}\n"
            if key == "words":
                pending_words = None
        out.append(line)
        if match and match.group(2) == "dic_sha256" and pending_words is not None \
                and not any(re.match(r"\s*words\s*=", later) for later in
                            entry_rest(lines, index + 1)):
            out.append(f"words = {pending_words}\n")
            pending_words = None
    write_atomic(Path(manifest), "".join(out).encode("utf-8"))


def entry_rest(lines: list[str], start: int) -> list[str]:
    """The lines after `start` up to the next [[dictionary]] table."""
    rest = []
    for line in lines[start:]:
        if line.lstrip().startswith("[["):
            break
        rest.append(line)
    return rest


def extract_files(archive: Path, dest: Path) -> None:
    """Unpack only regular files, and only inside dest (no ../, absolute paths, links)."""
    import tarfile  # here only: the build never unpacks anything

    root = dest.resolve()
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            if not member.isfile():
                continue
            target = (root / member.name).resolve()
            if member.name.startswith("/") or root not in target.parents:
                raise ValueError(f"member {quoted(member.name)} would land outside the folder")
            target.parent.mkdir(parents=True, exist_ok=True)
            source = tar.extractfile(member)
            target.write_bytes(source.read() if source else b"")


class FetchError(TorreError):
    """A download or an archive that did not give the expected files."""


def fetch(dest: Path, manifest: Path | None = None, timeout: float = 60) -> list[Path]:
    """Download each dictionary's tarball and put its .aff/.dic in dest/<folder>/."""
    import tarfile
    import tempfile
    import urllib.request  # only here: the build itself never downloads

    written = []
    for entry in load_manifest(manifest):
        with tempfile.TemporaryDirectory(prefix="torre-fetch-") as tmp:
            archive = Path(tmp) / "download.tar.gz"
            try:
                with urllib.request.urlopen(entry["url"], timeout=timeout) as response:
                    archive.write_bytes(response.read())
            except OSError as exc:
                raise FetchError(f"{entry['id']}: could not download {entry['url']}: {exc}") from None
            unpacked = Path(tmp) / "unpacked"
            try:
                extract_files(archive, unpacked)
            except (tarfile.TarError, OSError, ValueError) as exc:
                raise FetchError(f"{entry['url']}: not a usable tarball: {exc}") from None
            target = Path(dest) / entry["folder"]
            target.mkdir(parents=True, exist_ok=True)
            for name in (entry["aff"], entry["dic"]):
                found = sorted(p for p in unpacked.rglob(name) if p.is_file())
                if not found:
                    raise FetchError(f"{entry['url']}: the archive holds no {name}")
                write_atomic(target / name, found[0].read_bytes())
                written.append(target / name)
    return written
