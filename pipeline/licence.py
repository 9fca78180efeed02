"""`torre licence`: an auditor's questions answered from the build's SPDX document.

For a file of dist/: its licence, copyright, the sources it is GENERATED_FROM and what it is
derived from (pipeline.spdx writes all of it). For a word: the published files that hold it
and their licences, then what `torre words why` says (the dictionary file, line and rules).
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from . import spdx
from .coimbra import fold, load_coimbra
from .errors import TorreError

WORD_FILES = ("palavras.txt", "palavras-comuns.txt")


class UnknownName(TorreError):
    """A name that is neither a file of the document nor a word."""


def entry_name(asked: str, entries: dict[str, dict]) -> str | None:
    """The document's name for a path as an auditor may write it: /fontes/, dist/palavras.txt,
    or as the document does (its fileName, ./palavras.txt)."""
    parts = [part for part in asked.strip().split("/") if part not in ("", ".")]
    name = "/".join(parts[1:] if parts[:1] == ["dist"] else parts)
    for candidate in (name, f"{name}/index.html" if name else "index.html"):
        if candidate in entries:
            return candidate
    return None


def file_answer(dist: Path, asked: str, path: Path | None = None) -> list[str] | None:
    """Lines about one file of dist/, or None when the document (dist's, or the one at
    `path`) has no such file."""
    document = spdx.read_document(dist, path)
    entries = spdx.dist_entries(document)
    name = entry_name(asked, entries)
    if name is None:
        return None
    entry = entries[name]
    names = {e["SPDXID"]: e.get("name") or e["fileName"].removeprefix("./")
             for e in [*document["packages"], *document["files"]]}
    sources = [names.get(r["relatedSpdxElement"], r["relatedSpdxElement"])
               for r in document["relationships"]
               if r["spdxElementId"] == entry["SPDXID"] and r["relationshipType"] == "GENERATED_FROM"]
    built = Path(dist) / name
    state = (f"matches {built}" if built.is_file() and spdx.digests(built)[1] == spdx.sha256_of(entry)
             else f"DIFFERS from {built}")
    return [name,
            f"  licence: {entry['licenseConcluded']}",
            *(f"  copyright: {line}" for line in entry["copyrightText"].splitlines()),
            f"  generated from: {'; '.join(sources) or 'nothing else'}",
            f"  {entry.get('comment', 'Derived from: NOASSERTION').replace('Derived from:', 'derived from:')}",
            f"  SHA-256 {spdx.sha256_of(entry)} ({state})"]


def word_answer(dist: Path, word: str, why: Callable[[list[str]], list[list[str]]],
                path: Path | None = None) -> list[str]:
    """Lines about a word: the files of dist/ that hold it (with their line and licence), then
    `why`'s explanation (pipeline.why.why_lines over the dictionaries)."""
    entries = spdx.dist_entries(spdx.read_document(dist, path))
    folded = fold(word.strip())
    lines = [folded]
    for name in WORD_FILES:
        path = Path(dist) / name
        words = path.read_text(encoding="utf-8").split("\n") if path.is_file() else []
        if folded in words and name in entries:
            lines.append(f"  {name}:{words.index(folded) + 1}  licence: "
                         f"{entries[name]['licenseConcluded']}")
    coimbra = [w for w in load_coimbra() if w.folded == folded]
    if coimbra and "coimbra.json" in entries:
        lines.append(f"  coimbra.json and /coimbra/{coimbra[0].slug}/  licence: "
                     f"{entries['coimbra.json']['licenseConcluded']} "
                     "(dictionaries/coimbra.toml)")
    if len(lines) == 1:
        raise UnknownName(f"{word}: no file of {dist} is named so, and the word is in none of "
                          f"{', '.join(WORD_FILES)} nor a Coimbra word "
                          f"(`torre words why {folded}` says why)")
    return lines + ["", *why([folded])[0]]
