"""The documents say each thing once: a sentence written twice in one document is a stray copy
(issue 41 item 14: «…an unreadable record from storage). An import adds the codes this device
lacks.» left over in docs/replay-link.md's «The day's table»)."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

DOCS = sorted((Path(__file__).resolve().parent.parent / "docs").glob("*.md"))
SHORTEST = 5  # words: shorter sentences ("Both count.") may well be said twice


def prose(text: str) -> str:
    """The document's running text: without code (fenced or indented), tables and comments."""
    lines, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and not line.startswith("    ") and not line.lstrip().startswith("|"):
            lines.append(line.strip())
    return re.sub(r"<!--.*?-->", " ", " ".join(lines), flags=re.S)


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", prose(text)) if len(s.split()) >= SHORTEST]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_no_sentence_is_written_twice_in_a_document(doc):
    twice = [s for s, n in Counter(sentences(doc.read_text(encoding="utf-8"))).items() if n > 1]
    assert twice == [], f"{doc.name} says twice: {twice}"


def test_a_sentence_written_twice_is_found():
    assert sentences("An import adds the codes. An import adds the codes.\n\n    code. code.") == [
        "An import adds the codes.", "An import adds the codes."]
