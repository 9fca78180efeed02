"""Benchmark: our whole word-list step next to Hunspell's `unmunch`, run correctly.

unmunch on the Natura files as given is wrong (it misreads the TAB morphology
fields and, in UTF-8, conditions with non-ASCII classes: ~67,700 words instead
of 49,132), so it is given what it can read: each .dic line cut to its
word/flags, the CAT=punct entries, the ABR=1 and subcat=rom entries (abbreviations
and Roman numerals, pipeline.filters.entry_filter) and the capitalised
CAT=np entries dropped (the lowercase CAT=np ones, month names and "verões",
stay), and both files converted to ISO-8859-1 with `SET ISO8859-1`. Its
output, put through the game's filter (pipeline.filters), must equal our
palavras.txt word for word; the script fails otherwise.

Ours: one process that finds and verifies both dictionaries, reads them,
expands and filters their entries (an entry both share once), merges and
writes the four files (what `torre words build` does), Python's start-up
and imports included, from compiled bytecode (compiled before the rounds,
as Python itself does on a first run unless PYTHONDONTWRITEBYTECODE is set,
as it is on the build machine). unmunch: each
dictionary in turn, output to a file (the preparation is not timed).

The machine is shared, so the two are interleaved: each of the REPEAT rounds
runs unmunch on both dictionaries and ours back to back (which goes first
alternates), so both see the same load. The table shows each one's best wall
time and best CPU time (user + sys, children included) over the rounds, and
the peak resident memory of the largest process (GNU time's %M, else wait4);
the ratios are of the bests, and the median of the rounds' own ratios follows.
Both wall and CPU are held to the limit. The load average is printed before
and after.

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
from statistics import median
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.filters import Folder, classify, entry_filter  # noqa: E402
from pipeline.sources import resolve_sources  # noqa: E402

GOAL, LIMIT = 1.0, 2.0  # ours / unmunch, wall and CPU time (issues 13, 24)
OURS = """
import sys
from pathlib import Path
from pipeline.sources import resolve_sources
from pipeline.wordlist import build_word_list, write_word_list
sources = resolve_sources()
write_word_list(build_word_list(sources), sources, Path(sys.argv[1]))
"""


def unmunch_entry(line: str) -> str | None:
    """A .dic line as unmunch can read it (word/flags), or None for entries the game drops."""
    word, _, morph = line.partition("\t")
    word = word.rstrip()
    stem = word.split("/")[0]
    if not word or "CAT=punct" in morph or entry_filter(morph):
        return None
    if "CAT=np" in morph and stem != stem.lower():
        return None
    return word


def prepare(source, folder: Path) -> tuple[Path, Path]:
    """ISO-8859-1 copies of one dictionary that unmunch reads as Hunspell does."""
    aff_text = source.aff_path.read_text(encoding="utf-8")
    aff_text = aff_text.replace("SET UTF-8", "SET ISO8859-1", 1)
    # Only TRY/KEY hold characters outside Latin-1; they steer suggestions, never words.
    aff = folder / f"{source.id}.aff"
    aff.write_bytes(aff_text.encode("latin-1", "replace"))
    lines = source.dic_path.read_text(encoding="utf-8").split("\n")[1:]
    kept = [entry for entry in map(unmunch_entry, lines) if entry]
    dic = folder / f"{source.id}.dic"
    dic.write_bytes((f"{len(kept)}\n" + "\n".join(kept) + "\n").encode("latin-1"))
    return dic, aff


def measure(command: list[str], stdout=subprocess.DEVNULL) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, peak RSS in KiB) of one child process.

    Run under GNU time when it is installed: a child forked straight from this
    Python process would report this process's pages in its peak RSS.
    """
    if shutil.which("/usr/bin/time") is None:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=ROOT, stdout=stdout, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"{command[0]} failed")
        return time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss
    with tempfile.TemporaryFile() as log:
        result = subprocess.run(["/usr/bin/time", "-f",
                                 "TORRE-BENCH %e %U %S %M", *command],
                                cwd=ROOT, stdout=stdout, stderr=log)
        log.seek(0)
        last = log.read().decode("utf-8", "replace").rstrip().rsplit("\n", 1)[-1]
    if result.returncode != 0 or not last.startswith("TORRE-BENCH "):
        raise SystemExit(f"{command[0]} failed: {last}")
    wall, user, system, rss = last.split()[1:]
    return float(wall), float(user) + float(system), int(rss)


def unmunch_words(outputs: list[Path]) -> list[str]:
    """unmunch's forms through the game's filter: the folded playable words, sorted."""
    fold, words = Folder(), set()
    for output in outputs:
        for form in output.read_bytes().decode("latin-1").split("\n"):
            if form:
                reason, folded = classify(form, fold)
                if reason is None:
                    words.add(folded)
    return sorted(words)


def compile_bytecode() -> None:
    """The pipeline's .pyc files, as Python writes them on a first run; where
    PYTHONDONTWRITEBYTECODE is set it never does, and every run would compile
    the pipeline's sources again (~13 ms of CPU time) instead of starting."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "pipeline")],
                   cwd=ROOT, check=True)


def unmunch_both(pairs, outputs) -> tuple[float, float, int]:
    """unmunch on each dictionary in turn: (wall, CPU, peak RSS) summed, peak the larger."""
    figures = []
    for (dic, aff), output in zip(pairs, outputs):
        with output.open("wb") as handle:
            figures.append(measure(["unmunch", str(dic), str(aff)], stdout=handle))
    return (sum(f[0] for f in figures), sum(f[1] for f in figures),
            max(f[2] for f in figures))


def interleaved(pairs, outputs, tmp: Path, repeat: int) -> list[tuple[tuple, tuple]]:
    """(ours, unmunch) figures of each round; the first to run alternates."""
    rounds = []
    for number in range(repeat):
        if number % 2:
            ours = measure([sys.executable, "-c", OURS, str(tmp)])
            theirs = unmunch_both(pairs, outputs)
        else:
            theirs = unmunch_both(pairs, outputs)
            ours = measure([sys.executable, "-c", OURS, str(tmp)])
        rounds.append((ours, theirs))
    return rounds


def bests(figures: list[tuple[float, float, int]]) -> tuple[float, float, int]:
    """Best wall, best CPU, largest peak memory."""
    return (min(f[0] for f in figures), min(f[1] for f in figures), max(f[2] for f in figures))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if not shutil.which("unmunch"):
        raise SystemExit("unmunch not found (Debian package hunspell-tools)")
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="torre-bench-") as tmp:
        tmp = Path(tmp)
        pairs = [prepare(source, tmp) for source in resolve_sources()]
        outputs = [tmp / f"{dic.stem}.out" for dic, _ in pairs]
        compile_bytecode()
        rounds = interleaved(pairs, outputs, tmp, args.repeat)
        ours_words = (tmp / "palavras.txt").read_text(encoding="utf-8").split()
        theirs = unmunch_words(outputs)
    load_after = os.getloadavg()
    ours, both = bests([r[0] for r in rounds]), bests([r[1] for r in rounds])
    print(f"Word list: ours {len(ours_words)} words; unmunch after the game's filter "
          f"{len(theirs)} words, {'identical' if theirs == ours_words else 'DIFFERENT'}")
    print(f"{args.repeat} interleaved rounds; load average before "
          + " ".join(f"{x:.2f}" for x in load_before) + ", after "
          + " ".join(f"{x:.2f}" for x in load_after))
    print(f"{'step (best of the rounds)':<46} {'wall s':>7} {'cpu s':>7} {'peak MiB':>9}")
    for name, (wall, cpu, rss) in [("ours: whole word-list step (2 dictionaries)", ours),
                                   ("unmunch, both dictionaries (prepared input)", both)]:
        print(f"{name:<46} {wall:7.2f} {cpu:7.2f} {rss / 1024:9.1f}")
    wall, cpu = ours[0] / both[0], ours[1] / both[1]
    worst = max(wall, cpu)
    verdict = "goal met" if worst <= GOAL else "within the limit" if worst <= LIMIT else "TOO SLOW"
    print(f"ours / unmunch: wall {wall:.2f}, cpu {cpu:.2f} (goal ≤ {GOAL}, limit ≤ {LIMIT}, "
          f"both: {verdict}); peak memory {ours[2] / both[2]:.1f}×")
    print("median of the rounds' ratios: wall "
          f"{median([o[0] / t[0] for o, t in rounds]):.2f}, "
          f"cpu {median([o[1] / t[1] for o, t in rounds]):.2f}")
    if theirs != ours_words:
        missing, extra = set(ours_words) - set(theirs), set(theirs) - set(ours_words)
        print(f"only ours: {sorted(missing)[:10]} ({len(missing)}); "
              f"only unmunch: {sorted(extra)[:10]} ({len(extra)})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
