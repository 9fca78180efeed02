"""Benchmark: our whole word-list step next to Hunspell's `unmunch`, same run.

Ours: one process that finds and verifies both dictionaries, expands them,
filters, merges and writes the four files (what `torre words build` does).
unmunch: expands each .dic with its .aff (output to /dev/null). Each command
runs REPEAT times; the table shows the best wall time, its CPU time (user +
sys) and the peak resident memory of the process (GNU time's %M, else wait4).

Usage: python bench/words.py [--repeat N]
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.sources import resolve_sources  # noqa: E402

OURS = """
import sys
from pathlib import Path
from pipeline.sources import resolve_sources
from pipeline.wordlist import build_word_list, write_word_list
sources = resolve_sources()
write_word_list(build_word_list(sources), sources, Path(sys.argv[1]))
"""


def measure(command: list[str]) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, peak RSS in KiB) of one child process.

    Run under GNU time when it is installed: a child forked straight from this
    Python process would report this process's pages in its peak RSS.
    """
    if shutil.which("/usr/bin/time") is None:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"{command[0]} failed")
        return time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss
    with tempfile.TemporaryFile() as log:
        result = subprocess.run(["/usr/bin/time", "-f", "TORRE-BENCH %e %U %S %M", *command],
                                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log)
        log.seek(0)
        last = log.read().decode("utf-8", "replace").rstrip().rsplit("\n", 1)[-1]
    if result.returncode != 0 or not last.startswith("TORRE-BENCH "):
        raise SystemExit(f"{command[0]} failed: {last}")
    wall, user, system, rss = last.split()[1:]
    return float(wall), float(user) + float(system), int(rss)


def best(command: list[str], repeat: int) -> tuple[float, float, int]:
    runs = [measure(command) for _ in range(repeat)]
    return min(runs, key=lambda run: run[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if not shutil.which("unmunch"):
        raise SystemExit("unmunch not found (Debian package hunspell-tools)")
    sources = resolve_sources()
    rows = []
    with tempfile.TemporaryDirectory(prefix="torre-bench-") as out:
        rows.append(("ours: whole word-list step (2 dictionaries)",
                     *best([sys.executable, "-c", OURS, out], args.repeat)))
        words = sum(1 for _ in open(Path(out) / "palavras.txt", encoding="utf-8"))
    unmunched = []
    for source in sources:
        figures = best(["unmunch", str(source.dic_path), str(source.aff_path)], args.repeat)
        unmunched.append(figures)
        rows.append((f"unmunch {source.id}", *figures))
    rows.append(("unmunch, both dictionaries", sum(r[0] for r in unmunched),
                 sum(r[1] for r in unmunched), max(r[2] for r in unmunched)))
    print(f"Word list ({words} words); best of {args.repeat} runs, "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"{'step':<46} {'wall s':>7} {'cpu s':>7} {'peak MiB':>9}")
    for name, wall, cpu, rss in rows:
        print(f"{name:<46} {wall:7.2f} {cpu:7.2f} {rss / 1024:9.1f}")
    ratio = rows[-1][1] / rows[0][1]
    print(f"ours / unmunch (wall): {rows[0][1] / rows[-1][1]:.2f}  "
          f"({'faster' if ratio > 1 else 'slower'} than unmunch alone)")


if __name__ == "__main__":
    main()
