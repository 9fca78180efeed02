"""Adopting a new dictionary release (--accept-new-dictionaries) safely.

Three checks stand between a new .aff/.dic and dictionaries/sources.toml:

1. the .dic's first line must agree with the entries read, within 1 %
   (pipeline.hunspell.reader.check_count; this holds at every build);
2. no dictionary may give more than MAX_WORD_LOSS fewer words than the count
   recorded for it in the manifest (`words = …`), unless the caller allows it
   (`--allow-word-loss`): a truncated file would otherwise be recorded;
3. the words added and removed against the list already at --out are printed
   before anything is recorded, so the change can be read in the log.

Only then does `record_update` write the new SHA-256 and word counts.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from .errors import TorreError
from .sources import DictionarySource, load_manifest, record_hashes

MAX_WORD_LOSS = 0.01
SHOWN = 40  # words listed per direction; the counts are always complete


class DictionaryUpdateError(TorreError):
    """A new dictionary release that looks damaged; nothing was recorded."""


@dataclass
class Update:
    counts: dict[str, int]  # dictionary id → words it gives now
    added: list[str]
    removed: list[str]
    compared_with: Path | None


def check_word_loss(sources: list[DictionarySource], counts: dict[str, int],
                    allow_loss: bool = False, manifest: Path | None = None) -> None:
    """Refuse a dictionary that loses more than MAX_WORD_LOSS of its recorded words."""
    recorded = {entry["id"]: entry.get("words") for entry in load_manifest(manifest)}
    for source in sources:
        before, now = recorded.get(source.id), counts.get(source.id, 0)
        if before is None or allow_loss or now >= before * (1 - MAX_WORD_LOSS):
            continue
        raise DictionaryUpdateError(
            f"{source.dic_path}: {source.id} now gives {now} words, {before - now} fewer than "
            f"the {before} recorded in sources.toml ({(before - now) / before:.1%}; at most "
            f"{MAX_WORD_LOSS:.0%} may go). Nothing was recorded; if the loss is real, rerun "
            "with --allow-word-loss")


def read_previous(out_dir: Path) -> list[str] | None:
    path = out_dir / "palavras.txt"
    try:
        return path.read_text(encoding="utf-8").split()
    except (OSError, UnicodeDecodeError):
        return None


def diff_lines(update: Update) -> list[str]:
    """What the log shows: counts per dictionary, then the words added and removed."""
    lines = ["new dictionaries: " + ", ".join(f"{k} {v} words" for k, v in update.counts.items())]
    if update.compared_with is None:
        return lines + ["no earlier palavras.txt at --out to compare with"]
    lines.append(f"against {update.compared_with}: +{len(update.added)} words, "
                 f"-{len(update.removed)} words")
    for sign, words in (("+", update.added), ("-", update.removed)):
        if words:
            shown = " ".join(words[:SHOWN]) + (f" … ({len(words) - SHOWN} more)"
                                               if len(words) > SHOWN else "")
            lines.append(f"  {sign} {shown}")
    return lines


def prepare_update(words: list[str], stats: dict, sources: list[DictionarySource],
                   out_dir: Path, allow_loss: bool = False,
                   manifest: Path | None = None) -> Update:
    """Run checks 2 and 3 (see the module docstring); prints the diff to stderr."""
    counts = {ident: info["words"] for ident, info in stats["dictionaries"].items()}
    check_word_loss(sources, counts, allow_loss, manifest)
    previous = read_previous(out_dir)
    update = Update(counts, [], [], None)
    if previous is not None:
        before, now = set(previous), set(words)
        update = Update(counts, sorted(now - before), sorted(before - now),
                        out_dir / "palavras.txt")
    for line in diff_lines(update):
        print(line, file=sys.stderr, flush=True)
    return update


def record_update(sources: list[DictionarySource], update: Update,
                  manifest: Path | None = None) -> list[Path]:
    """Write the new SHA-256 and word counts into the manifest; the files recorded."""
    return record_hashes(sources, manifest, words=update.counts)
