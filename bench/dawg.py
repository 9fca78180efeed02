"""DAWG benchmark: bytes (raw, brotli q11) and, in Node, load time and lookups/s.

On the same list in the same run: our palavras.dawg, palavras.txt, a plain
4-byte-per-edge minimal DAWG (absolute pointers, depth-first: the layout we
started from), a marisa-trie file, and dawg-lookup's packed string; in Node,
our reader vs a Set built from the text vs dawg-lookup's PTrie.

Usage: python bench/dawg.py [--dist DIR]  (default $TORRE_DIST, else dist/)
"""
from __future__ import annotations

import argparse
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

import brotli

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.dawg.builder import Builder, build_dawg, merge_words, states_in_order  # noqa: E402
from pipeline.dawg.format import LETTER_CODES  # noqa: E402

GOAL_BYTES = 29_700  # dawg-lookup's packed string on this list, as the issue measured it
COLD_GOAL_MS = 0.3  # issue 13: the load's check, cold, in a fresh Node process
COLD_RUNS = 15


def brotli_size(data: bytes) -> int:
    return len(brotli.compress(data, quality=11))


def plain_dawg(words: list[str], coimbra: list[str]) -> bytes:
    """The reference layout: one uint32 per edge (letter, flags, last, 24-bit absolute target)."""
    builder = Builder()
    for word, flags in merge_words(words, coimbra):
        builder.add(word, flags)
    states = states_in_order(builder.finish())
    start, position = {}, 0
    for state in states:
        start[id(state)] = position
        position += len(state.edges)
    records = []
    for state in states:
        letters = sorted(state.edges)
        for n, letter in enumerate(letters):
            flags, target = state.edges[letter]
            code = start[id(target)] + 1 if target.edges else 0
            records.append(LETTER_CODES[letter] | (n == len(letters) - 1) << 5 | flags << 6 | code << 8)
    return struct.pack(f"<{len(records)}I", *records)


def marisa_bytes(words: list[str]) -> bytes | None:
    try:
        import marisa_trie
    except ImportError:
        return None
    return marisa_trie.Trie(words).tobytes()


def ensure_node_modules() -> None:
    if not (ROOT / "bench" / "node_modules" / "dawg-lookup").exists():
        subprocess.run(["npm", "ci", "--prefix", str(ROOT / "bench"), "--no-audit", "--no-fund"],
                       check=True)


def node_figures(dawg: Path, words: Path, coimbra: Path, packed: Path) -> dict:
    out = subprocess.run(["node", str(ROOT / "bench" / "dawg.mjs"), str(dawg), str(words),
                          str(coimbra), str(packed)], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def cold_times(what: str, dawg: Path) -> list[float]:
    """Milliseconds of one cold call in each of COLD_RUNS fresh Node processes, sorted."""
    return sorted(float(subprocess.run(
        ["node", str(ROOT / "bench" / "dawg-cold.mjs"), what, str(dawg)], check=True,
        capture_output=True, text=True).stdout) for _ in range(COLD_RUNS))


COLD_ROWS = (
    ("check", "the load's check: CRC-32 of header + block table"),
    ("load", "new Dawg(buffer), the check included"),
    ("first", "new Dawg(buffer) + first lookup (its blocks checked)"),
    ("crc", "before: whole-file CRC-32, a version-1 load's check"),
)


def print_cold(dawg: Path) -> None:
    print(f"\nCold, one call in a fresh Node process ({COLD_RUNS} processes each)"
          f"{'median ms':>17}{'min ms':>9}")
    for what, name in COLD_ROWS:
        times = cold_times(what, dawg)
        print(f"  {name:<56}{times[len(times) // 2]:>10.3f}{times[0]:>9.3f}")
    print(f"  goal: the load's check < {COLD_GOAL_MS} ms cold")


def print_common(dist: Path) -> None:
    """The common words' own DAWG (issue 23), which only the analysis and the suggestions load."""
    found = re.search(r'data-comuns="/([^"]+)"', (dist / "index.html").read_text(encoding="utf-8"))
    if not found:
        print("no common words' DAWG in this build (no data-comuns)")
        return
    data = (dist / found.group(1)).read_bytes()
    count = len((dist / "palavras-comuns.txt").read_text(encoding="utf-8").split())
    print(f"{'common words (' + format(count, ',') + ')':<32}{len(data):>12,}{brotli_size(data):>12,}"
          "   palavras-comuns.<hash>.dawg, not loaded at start")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=Path(os.environ.get("TORRE_DIST", ROOT / "dist")))
    dist = parser.parse_args().dist
    words = (dist / "palavras.txt").read_text(encoding="utf-8").split()
    coimbra = sorted(json.loads((dist / "coimbra.json").read_text(encoding="utf-8")))
    ours = build_dawg(words, coimbra)
    ensure_node_modules()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "palavras.dawg").write_bytes(ours)
        (tmp / "coimbra.txt").write_text("".join(w + "\n" for w in coimbra), encoding="ascii")
        node = node_figures(tmp / "palavras.dawg", dist / "palavras.txt", tmp / "coimbra.txt",
                            tmp / "packed.txt")
        packed = (tmp / "packed.txt").read_bytes()
    text = (dist / "palavras.txt").read_bytes()
    rows = [("our DAWG (palavras.dawg)", ours), ("palavras.txt", text),
            ("plain 4-byte DAWG (reference)", plain_dawg(words, coimbra)),
            ("marisa-trie 1.4.1", marisa_bytes(sorted(set(words) | set(coimbra)))),
            ("dawg-lookup 2.2.1 packed", packed)]
    print(f"{len(words)} words + {len(coimbra)} Coimbra words from {dist}")
    print(f"{'file':<32}{'raw bytes':>12}{'brotli q11':>12}")
    for name, data in rows:
        if data is None:
            print(f"{name:<32}{'(pip install marisa-trie==1.4.1)':>24}")
            continue
        print(f"{name:<32}{len(data):>12,}{brotli_size(data):>12,}")
    print_common(dist)
    ours_br = brotli_size(ours)
    smallest_other = min(brotli_size(d) for n, d in rows[1:] if d is not None)
    print(f"ours vs the smallest reference: {ours_br:,} vs {smallest_other:,} bytes "
          f"({100 * (ours_br / smallest_other - 1):+.1f} %); issue goal < {GOAL_BYTES:,}")
    print(f"\nNode {len(words) + len(coimbra)} words, {node['queries']:,} queries "
          f"(half words, half one-letter changes); best of interleaved rounds")
    print(f"{'reader':<22}{'load first ms':>14}{'load median ms':>16}{'M lookups/s':>13}")
    names = {"dawg": "our DAWG reader", "set": "Set from the text", "dawgLookup": "dawg-lookup PTrie"}
    for key, name in names.items():
        load = node["load"][key]
        print(f"{name:<22}{load['firstMs']:>14.3f}{load['medianMs']:>16.3f}"
              f"{node['lookupsPerSecond'][key] / 1e6:>13.2f}")
    ratio = node["lookupsPerSecond"]["dawg"] / node["lookupsPerSecond"]["set"]
    print(f"our lookups / Set lookups: {ratio:.2f} (goal ≥ 0.5); hits {node['hits']}")
    print_cold(dist / "palavras.dawg")
    return 0


if __name__ == "__main__":
    sys.exit(main())
