"""`make bench`: every benchmark of the project, one after another, in one run.

Builds a fresh tree into .cache/bench-dist first so each benchmark measures the
same inputs; each script prints its own table next to its reference tools.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / ".cache" / "bench-dist"

STEPS = [
    ("word list vs unmunch", [sys.executable, "bench/words.py"]),
    ("DAWG vs marisa-trie, dawg-lookup, Set", [sys.executable, "bench/dawg.py"]),
    ("days and whole build", [sys.executable, "bench/build.py"]),
    ("engine: preview/apply, legalPlays vs brute force, bestCommonPlay, par, analysis", ["node", "bench/engine.mjs"]),
    ("common-word climbs: lost floors a common play would have climbed, every day", ["node", "bench/common_climb.mjs"]),
    ("computer opponents: spread over every day, and the three runs' time next to the par's", ["node", "bench/opponents.mjs"]),
    ("replay links: length over whole runs of 50 real days", ["node", "bench/replay_link.mjs"]),
    ("page weight and latency in Chromium", [sys.executable, "bench/page.py"]),
]


def main() -> int:
    env = dict(os.environ, TORRE_DIST=str(DIST), PYTHONHASHSEED="0")
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pipeline", "build", "--out", str(DIST), "--quiet",
                    "--replace-foreign-out"],  # a cache of ours, whatever an older build left
                   cwd=ROOT, env=env, check=True)
    failed = []
    for title, command in STEPS:
        print(f"\n== {title} ==", flush=True)
        if subprocess.run(command, cwd=ROOT, env=env).returncode != 0:
            failed.append(title)
    print(f"\nall benchmarks: {time.perf_counter() - started:.1f} s")
    if failed:
        print("failed: " + ", ".join(failed), file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
