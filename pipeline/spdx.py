"""The SPDX 2.3 document of a build: dist/a-torre.spdx.json, what licence auditors' tools read.

One package per source (the Natura dictionaries, wordfreq's data and code, the tile
distribution, the Coimbra words and texts, the site's code) and one file entry per file of
dist/, with its checksums, the licence concluded from what it is made of, and
GENERATED_FROM relationships to its sources. The build writes it last, once every other
file is in the new tree; only the build's manifest (.torre-build, which lists this
document, so it is written after it and is not served) and the document itself have no
entry. Nothing in it depends on the clock: `created` is SOURCE_DATE_EPOCH or the newest
date the inputs carry, and the namespace is a hash of the content.

`check_document` compares a tree with its document; `torre licence` and the tests use it.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any, Iterable, NamedTuple

from . import common_words
from .coimbra import DEFAULT_PATH as COIMBRA_PATH
from .errors import TorreError
from .files import read_input
from .outdir import MANIFEST
from .wordlist import SPDX_DOCUMENT

DOCUMENT = SPDX_DOCUMENT  # named in LICENCA-palavras.txt, which pipeline.wordlist writes
NOT_LISTED = frozenset({DOCUMENT, MANIFEST})
DIST_ID = "SPDXRef-dist-"  # the prefix of the SPDXID of every file of dist/
ROOT_ID = "SPDXRef-a-torre"
COMPRESSED = (".br", ".gz")
NAMESPACE = "https://spdx.org/spdxdocs/a-torre-"
PROJECT_ROOT = Path(__file__).resolve().parent.parent
WINDOW_FIRST_DAY = re.compile(r'^first_day\s*=\s*"(\d{4}-\d{2}-\d{2})"', re.M)
RELEASE_DATE = re.compile(r"(?<!\d)(20\d{2})-?(\d{2})-?(\d{2})(?!\d)")
SITE_COPYRIGHT = "Copyright (c) 2026 A Torre contributors"
COIMBRA_LICENCE = "MIT"  # as README.md has always said; coimbra.toml's header and docs/licensing.md


class Source(NamedTuple):
    """A package of the document other than the dictionaries."""

    ident: str
    name: str
    version: str
    download: str
    supplier: str
    licence: str  # what the files made from it take on; NOASSERTION adds nothing
    declared: str
    copyright: str
    comment: str


SOURCES = {
    "wordfreq-data": Source(
        "SPDXRef-wordfreq-data", "wordfreq data (Portuguese word frequencies)",
        common_words.WORDFREQ_VERSION, f"https://pypi.org/project/wordfreq/{common_words.WORDFREQ_VERSION}/",
        "Person: Robyn Speer", "CC-BY-SA-4.0", "CC-BY-SA-4.0",
        "Copyright (c) Robyn Speer and the sources named in LICENCA-palavras.txt",
        f"The {common_words.TOP_N} most frequent Portuguese forms of wordfreq "
        f"{common_words.WORDFREQ_VERSION}; cite as: {common_words.WORDFREQ_CITATION}"),
    "wordfreq-code": Source(
        "SPDXRef-wordfreq-code", "wordfreq (Python library)", common_words.WORDFREQ_VERSION,
        f"https://pypi.org/project/wordfreq/{common_words.WORDFREQ_VERSION}/",
        "Person: Robyn Speer", "NOASSERTION", "Apache-2.0", "Copyright (c) Robyn Speer",
        "Used only by the build, to read the data; no file of dist/ contains its code."),
    "tiles": Source(
        "SPDXRef-tiles", "Portuguese Scrabble tile distribution", "NOASSERTION",
        "https://en.wikipedia.org/wiki/Scrabble_letter_distributions#Portuguese",
        "NOASSERTION", "NOASSERTION", "NOASSERTION", "NOASSERTION",
        "The values and counts of the 117 tiles (the Portuguese distribution without its 3 "
        "blanks), facts recorded in pipeline/constants.py (MIT); see RULES.md and /fontes/."),
    "coimbra": Source(
        "SPDXRef-coimbra", "A Torre Coimbra words and texts", "NOASSERTION", "NOASSERTION",
        "Organization: A Torre contributors", COIMBRA_LICENCE, COIMBRA_LICENCE, SITE_COPYRIGHT,
        "dictionaries/coimbra.toml in the repository of A Torre: the Coimbra words, their "
        "sentences and page texts, written by the project."),
    "site": Source(
        "SPDXRef-site-source", "A Torre site and pipeline source", "NOASSERTION", "NOASSERTION",
        "Organization: A Torre contributors", "MIT", "MIT", SITE_COPYRIGHT,
        "site_src/ (templates, scripts, styles) and pipeline/ of the repository (LICENSE)."),
}


class Kind(NamedTuple):
    """A kind of file of dist/: which paths, made from which sources, and from what."""

    pattern: re.Pattern
    sources: tuple[str, ...]  # "natura" (each dictionary) or keys of SOURCES
    derived_from: str


def kind(pattern: str, sources: tuple[str, ...], derived_from: str) -> Kind:
    return Kind(re.compile(pattern), sources, derived_from)


DICTIONARY_FILES = "the .dic and .aff files of the dictionaries ({files})"
KINDS = (
    kind(r"palavras(\.txt|-origem\.tsv|-stats\.json)", ("natura",),
         DICTIONARY_FILES + "; palavras-origem.tsv gives each word's .dic line and affix rules"),
    kind(r"palavras-comuns(\.txt|-origem\.tsv|\.[0-9a-f]+\.dawg)", ("wordfreq-data", "natura"),
         "palavras.txt and wordfreq's Portuguese frequency list; palavras-comuns-origem.tsv "
         "gives each word's rank and forms"),
    kind(r"palavras(\.[0-9a-f]+)?\.dawg", ("natura", "coimbra"),
         "palavras.txt and the Coimbra words of dictionaries/coimbra.toml"),
    kind(r"versoes/[0-9a-f]+\.dawg", ("natura", "coimbra"),
         "a word list published earlier, copied from dictionaries/published/words/"),
    kind(r"versoes/[0-9a-f]+\.coimbra\.json", ("coimbra",),
         "the Coimbra words of a published word list, copied from dictionaries/published/words/"),
    kind(r"coimbra\.json", ("coimbra",), "dictionaries/coimbra.toml"),
    kind(r"coimbra/(?P<slug>[a-z0-9-]+)/index\.html", ("coimbra", "site"),
         "dictionaries/coimbra.toml{line} and site_src/templates/coimbra-palavra.html"),
    kind(r"coimbra/index\.html", ("coimbra", "site"),
         "dictionaries/coimbra.toml and site_src/templates/"),
    kind(r"(dias/\d{4}-\d{2}-\d{2}|treino/\d+)\.json", ("coimbra", "tiles", "site"),
         "the openers of dictionaries/coimbra.toml, the tiles of pipeline/constants.py and "
         "the generator pipeline/days.py"),
    kind(r"constantes\.json", ("tiles", "site"), "pipeline/constants.py"),
    kind(r"static/[0-9a-f]+/js/(?P<bundle>torre|arquivo|repeticao|treino|desafio|analise)(?:\.(?P<chunk>[a-z_]+))?\.js",
         ("site",), "site_src/js/{entry} and the modules it imports, joined by pipeline/bundle.py{chunk}"),
    kind(r"static/[0-9a-f]+/(?P<asset>.+)", ("site",), "site_src/{asset}"),
    kind(r".*", ("site",), "site_src/ and pipeline/ (written by `torre build`)"),
)


def coimbra_lines(path: Path = COIMBRA_PATH) -> dict[str, int]:
    """slug → the line of coimbra.toml that names it, for the pages' `derived from`."""
    found = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        match = re.match(r'\s*slug\s*=\s*"([^"]+)"', line)
        if match:
            found[match.group(1)] = number
    return found


def kind_of(name: str) -> tuple[Kind, re.Match]:
    for candidate in KINDS:
        match = candidate.pattern.fullmatch(name)
        if match:
            return candidate, match
    raise AssertionError(name)  # the last kind matches every name


def joined(licences: Iterable[str]) -> str:
    """The AND of distinct licence expressions, an OR in parentheses; NOASSERTION if none."""
    parts = list(dict.fromkeys(x for x in licences if x != "NOASSERTION"))
    if len(parts) == 1:
        return parts[0]
    return " AND ".join(f"({p})" if " OR " in p else p for p in parts) or "NOASSERTION"


def digests(path: Path) -> tuple[str, str]:
    data = path.read_bytes()
    return hashlib.sha1(data).hexdigest(), hashlib.sha256(data).hexdigest()


def checksums(sha1: str, sha256: str) -> list[dict]:
    return [{"algorithm": "SHA1", "checksumValue": sha1},
            {"algorithm": "SHA256", "checksumValue": sha256}]


def verification_code(sha1s: Iterable[str]) -> str:
    """SPDX's package verification code: the SHA-1 of the sorted SHA-1s of its files."""
    return hashlib.sha1("".join(sorted(sha1s)).encode("ascii")).hexdigest()


def id_part(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9.]", "-", name)


def natura_id(source: Any) -> str:
    return f"SPDXRef-natura-{id_part(source.id)}"


def element_id(prefix: str, name: str, taken: set[str]) -> str:
    """An SPDXID (letters, digits, '.', '-') for a path, unique in the document."""
    ident, number = prefix + id_part(name), 1
    while ident in taken:
        number += 1
        ident = f"{prefix}{id_part(name)}-{number}"
    taken.add(ident)
    return ident


class Document:
    """The document being assembled: packages, files, relationships."""

    def __init__(self, dictionaries: list[Any]):
        self.dictionaries = dictionaries
        self.packages: list[dict] = []
        self.files: list[dict] = []
        self.relationships: list[dict] = []
        self.taken: set[str] = set()

    def relate(self, element: str, kind_name: str, other: str) -> None:
        self.relationships.append({"spdxElementId": element, "relationshipType": kind_name,
                                   "relatedSpdxElement": other})

    def each(self, keys: tuple[str, ...], of_dictionary, of_source) -> list:
        """of_dictionary(d) for each dictionary where keys say "natura", of_source(s) else."""
        return [value for key in keys for value in
                ([of_dictionary(d) for d in self.dictionaries] if key == "natura"
                 else [of_source(SOURCES[key])])]

    def source_ids(self, keys: tuple[str, ...]) -> list[str]:
        return self.each(keys, natura_id, lambda s: s.ident)

    def licence(self, keys: tuple[str, ...]) -> str:
        return joined(self.each(keys, lambda d: d.licence, lambda s: s.licence))

    def copyright(self, keys: tuple[str, ...]) -> str:
        lines = self.each(keys, dictionary_copyright, lambda s: s.copyright)
        return "\n".join(dict.fromkeys(x for x in lines if x != "NOASSERTION")) or "NOASSERTION"


def dictionary_copyright(source: Any) -> str:
    return f"Copyright (C) {', '.join(source.authors)} (Projecto Natura, Universidade do Minho)"


def dictionary_package(doc: Document, source: Any) -> dict:
    """A Natura release: its two files as the build checked them, and where they came from."""
    ident = natura_id(source)
    sha1s, file_ids = [], []
    for path, recorded in ((source.aff_path, source.aff_sha256), (source.dic_path, source.dic_sha256)):
        sha1, _ = digests(path)
        sha1s.append(sha1)
        file_ids.append(element_id(f"SPDXRef-source-{id_part(source.id)}-", path.name, doc.taken))
        doc.files.append({
            "SPDXID": file_ids[-1], "fileName": f"./{path.parent.name}/{path.name}",
            "checksums": checksums(sha1, recorded), "licenseConcluded": source.licence,
            "copyrightText": dictionary_copyright(source),
            "comment": "Not in dist/: the dictionary file the build read, its SHA-256 checked "
                       "against dictionaries/sources.toml."})
    for file_id in file_ids:
        doc.relate(ident, "CONTAINS", file_id)
    return {
        "SPDXID": ident, "name": f"Natura Hunspell pt_PT ({source.id})", "versionInfo": source.release,
        "downloadLocation": source.url, "supplier": "Organization: Projecto Natura, Universidade do Minho",
        "filesAnalyzed": True,
        "packageVerificationCode": {"packageVerificationCodeValue": verification_code(sha1s)},
        "licenseConcluded": source.licence, "licenseDeclared": source.licence,
        "copyrightText": dictionary_copyright(source),
        "sourceInfo": f"Copy used: {source.obtained_from}" if source.obtained_from else "NOASSERTION",
        "comment": f"{source.spelling}. The files the build checked are this package's files."
                   if source.spelling else "The files the build checked are this package's files.",
    }


def other_package(source: Source) -> dict:
    package = {"SPDXID": source.ident, "name": source.name, "downloadLocation": source.download,
               "supplier": source.supplier, "filesAnalyzed": False,
               "licenseConcluded": source.declared, "licenseDeclared": source.declared,
               "copyrightText": source.copyright, "comment": source.comment}
    if source.version != "NOASSERTION":
        package["versionInfo"] = source.version
    return package


def dist_names(root: Path) -> list[str]:
    """Every file of the tree the document lists, as POSIX paths relative to root, sorted."""
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                  if p.is_file() and p.relative_to(root).as_posix() not in NOT_LISTED)


# Each bundle's entry module (pipeline/site.py BUNDLE, PAGE_BUNDLES, WORKER_ENTRY): a bundle is no
# file of site_src, so its entry says what it is made from.
BUNDLE_ENTRIES = {"torre": "main.js", "arquivo": "archive_main.js", "repeticao": "replay_main.js",
                  "treino": "practice_main.js", "desafio": "challenge_main.js", "analise": "worker/analysis.js"}


def derived_from(name: str, match: re.Match, found: Kind, doc: Document, lines: dict[str, int]) -> str:
    groups = match.groupdict()
    files = ", ".join(f"{s.id}: {s.dic_path.name}, {s.aff_path.name}" for s in doc.dictionaries)
    line = lines.get(groups.get("slug") or "")
    chunk = groups.get("chunk")
    return found.derived_from.format(files=files or "none", asset=groups.get("asset", ""),
                                     line=f":{line}" if line else "",
                                     entry=BUNDLE_ENTRIES.get(groups.get("bundle") or "", ""),
                                     chunk=f" (the chunk its dynamic import of {chunk}.js loads)" if chunk else "")


def add_dist_files(doc: Document, root: Path) -> tuple[list[str], list[str]]:
    """A file entry per file of dist/ and its relationships; their ids and SHA-1s."""
    ids, sha1s, by_name, lines = [], [], {}, coimbra_lines()
    for name in dist_names(root):
        sha1, sha256 = digests(root / name)
        ident = element_id(DIST_ID, name, doc.taken)
        by_name[name] = ident
        doc.relate(ROOT_ID, "CONTAINS", ident)
        ids.append(ident)
        sha1s.append(sha1)
        original = name.rsplit(".", 1)[0] if name.endswith(COMPRESSED) else None
        found, match = kind_of(original if original in by_name else name)
        entry = {"SPDXID": ident, "fileName": f"./{name}", "checksums": checksums(sha1, sha256),
                 "licenseConcluded": doc.licence(found.sources),
                 "copyrightText": doc.copyright(found.sources)}
        if original in by_name:
            entry["comment"] = f"Derived from: {original} (compressed)"
            doc.relate(ident, "GENERATED_FROM", by_name[original])
        else:
            entry["comment"] = "Derived from: " + derived_from(name, match, found, doc, lines)
            for source in doc.source_ids(found.sources):
                doc.relate(ident, "GENERATED_FROM", source)
        doc.files.append(entry)
    return ids, sha1s


def created(dictionaries: list[Any], environ: dict | None = None) -> str:
    """SOURCE_DATE_EPOCH when set, else the newest date the inputs carry: the dictionaries'
    release names and the first day of the build window (pyproject.toml)."""
    environ = os.environ if environ is None else environ
    if environ.get("SOURCE_DATE_EPOCH", "").strip():
        moment = dt.datetime.fromtimestamp(int(environ["SOURCE_DATE_EPOCH"]), dt.timezone.utc)
    else:
        dates = [dt.date(*map(int, m.groups())) for s in dictionaries
                 for m in RELEASE_DATE.finditer(s.release)]
        window = WINDOW_FIRST_DAY.search((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
        dates += [dt.date.fromisoformat(window.group(1))] if window else []
        day = max(dates, default=dt.date(2026, 1, 1))
        moment = dt.datetime(day.year, day.month, day.day, tzinfo=dt.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def document(root: Path, dictionaries: list[Any]) -> dict:
    """The SPDX document of the tree at root (every file already written)."""
    doc = Document(dictionaries)
    doc.packages += [dictionary_package(doc, s) for s in dictionaries]
    doc.packages += [other_package(s) for s in SOURCES.values()]
    ids, sha1s = add_dist_files(doc, root)
    doc.packages.insert(0, {
        "SPDXID": ROOT_ID, "name": "A Torre (dist/)", "downloadLocation": "NOASSERTION",
        "supplier": "Organization: A Torre contributors", "filesAnalyzed": True,
        "packageVerificationCode": {"packageVerificationCodeValue": verification_code(sha1s),
                                    "packageVerificationCodeExcludedFiles": sorted(f"./{n}" for n in NOT_LISTED)},
        "licenseConcluded": "NOASSERTION", "licenseDeclared": "NOASSERTION",
        "copyrightText": SITE_COPYRIGHT,
        "comment": "The site as `torre build` wrote it; each file states its own licence."})
    doc.relate(SOURCES["wordfreq-code"].ident, "BUILD_TOOL_OF", ROOT_ID)
    content = json.dumps([doc.packages, doc.files, doc.relationships], sort_keys=True)
    return {
        "spdxVersion": "SPDX-2.3", "dataLicense": "CC0-1.0", "SPDXID": "SPDXRef-DOCUMENT",
        "name": "A Torre dist", "documentNamespace":
            NAMESPACE + hashlib.sha256(content.encode("utf-8")).hexdigest(),
        "creationInfo": {"created": created(dictionaries), "creators": ["Tool: a-torre torre-build"]},
        "comment": f"Every file of dist/ but this document ({DOCUMENT}) and the build's manifest "
                   f"{MANIFEST} (written after this document, which it lists; not served). Files "
                   f"whose SPDXID starts {DIST_ID} are dist/'s; the others are the dictionary "
                   "files the build read. docs/licensing.md says how to audit them.",
        "documentDescribes": [ROOT_ID],
        "packages": doc.packages, "files": doc.files, "relationships": doc.relationships,
    }


def write_document(root: Path, dictionaries: list[Any]) -> Path:
    """Write the document into the tree at root; call it once every other file is there."""
    path = root / DOCUMENT
    path.write_text(json_text(document(root, dictionaries)), encoding="utf-8")
    return path


def json_text(value: dict) -> str:
    """Indented JSON with each package, file and relationship on one line: 5,000 files read
    (and diff) well, at half the size of JSON indented all the way down."""
    def item(key: str, inner: Any) -> str:
        if isinstance(inner, list) and inner and isinstance(inner[0], dict):
            rows = ",\n  ".join(json.dumps(x, ensure_ascii=False) for x in inner)
            return f" {json.dumps(key)}: [\n  {rows}\n ]"
        return f" {json.dumps(key)}: {json.dumps(inner, ensure_ascii=False)}"
    return "{\n" + ",\n".join(item(k, v) for k, v in value.items()) + "\n}\n"


class DocumentError(TorreError):
    """A tree without a readable SPDX document."""


CHECKSUM = {"algorithm": str, "checksumValue": str}
# What `torre licence` reads of a document ("?": may be missing); the rest is not looked at.
SHAPE = {"packages": [{"SPDXID": str, "name?": str}],
         "files": [{"SPDXID": str, "fileName": str, "checksums": [CHECKSUM],
                    "licenseConcluded": str, "copyrightText": str, "comment?": str}],
         "relationships": [{"spdxElementId": str, "relationshipType": str,
                            "relatedSpdxElement": str}]}


def misshapen(value: Any, shape: Any, where: str) -> str | None:
    """Where `value` departs from `shape` (str, a string; [shape], a list of such; {key: shape},
    an object with those keys), or None."""
    if isinstance(shape, list):
        if not isinstance(value, list):
            return f"{where} is not a list"
        return next((problem for number, item in enumerate(value)
                     if (problem := misshapen(item, shape[0], f"{where}[{number}]"))), None)
    if isinstance(shape, dict):
        if not isinstance(value, dict):
            return f"{where or 'the document'} is not an object"
        for key, inner in shape.items():
            name = key.removesuffix("?")
            inside = f"{where}.{name}" if where else name
            if name not in value:
                if key.endswith("?"):
                    continue
                return f"{inside} is missing"
            if problem := misshapen(value[name], inner, inside):
                return problem
        return None
    return None if isinstance(value, str) else f"{where} is not a string"


def read_document(root: Path, path: Path | None = None) -> dict:
    """The document of the tree at root, or the one at `path` (one downloaded from the site),
    read as every input is (pipeline.files.read_input) and of the shape `torre licence` reads."""
    what = ("build the site with `torre build`" if path is None
            else f"give the SPDX document of a build ({DOCUMENT}, as the site serves it)")
    path = Path(root) / DOCUMENT if path is None else Path(path)
    wrong = f"{path}: not the SPDX document of a build"
    try:
        document = json.loads(read_input(path, what))
    except RecursionError:
        raise DocumentError(f"{wrong}: nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise DocumentError(f"{wrong} ({error})") from None
    problem = misshapen(document, SHAPE, "")
    if problem:
        raise DocumentError(f"{wrong}: {problem}")
    return document


def dist_entries(spdx: dict) -> dict[str, dict]:
    """Path relative to dist/ → its file entry."""
    return {f["fileName"].removeprefix("./"): f for f in spdx.get("files", [])
            if f.get("SPDXID", "").startswith(DIST_ID)}


def sha256_of(entry: dict) -> str | None:
    return next((c["checksumValue"] for c in entry.get("checksums", [])
                 if c.get("algorithm") == "SHA256"), None)


def check_document(root: Path, path: Path | None = None) -> list[str]:
    """What differs between the tree at root and its document (or the one at `path`): files
    without an entry, entries without a file, checksums that do not match. Empty if none."""
    root = Path(root)
    entries = dist_entries(read_document(root, path))
    present = set(dist_names(root))
    problems = [f"{name}: in the tree but not in {DOCUMENT}" for name in sorted(present - set(entries))]
    problems += [f"{name}: in {DOCUMENT} but not in the tree" for name in sorted(set(entries) - present)]
    for name in sorted(present & set(entries)):
        if digests(root / name)[1] != sha256_of(entries[name]):
            problems.append(f"{name}: its SHA-256 differs from {DOCUMENT}'s")
    return problems
