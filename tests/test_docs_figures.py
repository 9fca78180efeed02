"""Every figure docs/ gives of the build is the current build's, so a new word list, a new
window of days or a new bundle cannot leave one stale.

How a doc states a figure of the build: the figure, then at once an HTML comment naming
it, `49,140<!-- figure: dawg.words -->`. The text just before the comment must end with
what FIGURES[name] computes from TORRE_DIST (the built tree) or the code, written the way
the doc writes it (thousands with a comma, sizes in KB of 1,000 bytes rounded; a size that
moves with every page or script change, `≈ 320 KB`, to the nearest 10 KB). One name
may be used in several places.

Which numbers must be so marked (the sweep, `test_no_unmarked_number_looks_like_a_build_figure`):
outside code (fenced blocks, blocks indented by 4 spaces, `inline code`), every
  - number of 1,000 or more written with a thousands comma (`19,334`),
  - number with a size or length unit (`8 KB`, `0.76 KB`, `16 MiB`, `304 bytes`, `65 characters`),
  - percentage (`86.0 %`),
  - number after "median", "max" or "pNN" (`median 75`, `p90 290`),
is a marked figure, or stands in a block (a paragraph, a table: lines between blank lines;
a top-level list item) that says why its numbers are not this build's with a comment
`<!-- not of this build: <why> -->`: a rule or a format fixes them (checked by the tests of
that rule), they describe an earlier word list (which one is said), the dictionaries'
source files, or a measurement of time or of the machine, which `make bench` prints again;
or with `<!-- checked by tests/<module>.py::<test> -->` when that test already reads the
block's figures from the build (the test must exist). A whole section (a heading, to the
next heading of its level or higher) is excused by `<!-- section not of this build: <why> -->`
on the line after its heading. Marked figures are checked wherever they stand, excused
blocks and sections included.

The figures over the 500 days and the 50 days of links come from the benches, run once per
build and engine (`bench/opponents.mjs`, `bench/common_climb.mjs`, `bench/replay_link.mjs`),
their output kept under .cache/docs-figures/ keyed by a hash of what they read.
"""
from __future__ import annotations

import functools
import gzip
import hashlib
import json
import os
import re
import subprocess
from pathlib import Path
from typing import Callable

import pytest

from conftest import ROOT
from pipeline.common_words import TOP_N
from pipeline.dawg.reader import Dawg

DOCS = ROOT / "docs"
MARK = re.compile(r"<!-- figure: ([\w.]+) -->")
EXCUSE = re.compile(r"<!-- not of this build: [^>]*\S[^>]*-->")
SECTION_EXCUSE = re.compile(r"<!-- section not of this build: [^>]*\S[^>]*-->")
CHECKED = re.compile(r"<!-- checked by (tests/\w+\.py)::(\w+) -->")
LOOKS_LIKE_A_FIGURE = re.compile(
    r"(?<![\w.,-])\d{1,3}(?:,\d{3})+\b"
    r"|(?<![\w.,-])\d+(?:\.\d+)?\s?(?:B|KB|KiB|MB|MiB|GB|bytes|characters)\b"
    r"|(?<![\w.,-])\d+(?:\.\d+)?\s?%"
    r"|\b(?:median|max|p\d\d)\s\d+")


# --- reading the docs --------------------------------------------------------------------

def doc_names() -> list[str]:
    return sorted(p.name for p in DOCS.glob("*.md"))


def blocks(text: str) -> list[str]:
    """The doc's blocks outside code (fenced, or indented by 4): runs of lines between blank lines."""
    text = re.sub(r"^```.*?^```$", "", text, flags=re.MULTILINE | re.DOTALL)
    parts = re.split(r"\n\s*\n|\n(?=(?:- |\d+\. ))", text)  # a top-level list item is a block of its own
    return [b for b in parts if b.strip() and not all(line.startswith("    ") for line in b.splitlines())]


def marked(text: str) -> list[tuple[str, str]]:
    """(name, the text just before the comment) of every marked figure."""
    return [(m.group(1), text[max(0, m.start() - 80):m.start()]) for m in MARK.finditer(text)]


def excused_sections_removed(text: str) -> str:
    """The text without the sections (a heading to the next of its level or higher) whose
    heading is followed at once by `<!-- section not of this build: <why> -->`."""
    parts = re.split(r"^(?=#{1,6} )", text, flags=re.MULTILINE)
    kept, skip_level = [], 0
    for part in parts:
        level = len(part) - len(part.lstrip("#")) if part.startswith("#") else 0
        if skip_level and level and level <= skip_level:
            skip_level = 0
        if level and SECTION_EXCUSE.match(part.split("\n", 1)[1] if "\n" in part else ""):
            skip_level = level
        if not skip_level:
            kept.append(part)
    return "".join(kept)


def unmarked_figures(text: str, figures: dict[str, str]) -> list[str]:
    """Numbers that look like build figures, neither marked nor in an excused block or section."""
    found = []
    for block in blocks(excused_sections_removed(text)):
        if EXCUSE.search(block) or CHECKED.search(block):
            continue
        for name in set(MARK.findall(block)):
            value = figures.get(name, "")
            block = block.replace(f"{value}<!-- figure: {name} -->", " ") if value else block
        prose = re.sub(r"`[^`\n]*`", " ", block)
        found += [m.group(0) for m in LOOKS_LIKE_A_FIGURE.finditer(prose)]
    return found


# --- what the build says -----------------------------------------------------------------

def kb(size: int) -> str:
    return f"{size / 1000:.0f} KB"


def about_kb(size: int) -> str:
    """A size that moves with every page or script change, to the nearest 10 KB."""
    return f"≈ {round(size / 10000) * 10:,} KB"


def thousands(n: int) -> str:
    return f"{n:,}"


def br_size(path: Path) -> int:
    return (path.parent / (path.name + ".br")).stat().st_size


def gz_size(path: Path) -> int:
    return (path.parent / (path.name + ".gz")).stat().st_size


def bench_inputs_key(dist: Path) -> str:
    """A hash of what the benches read: the built words, days and constants, and the JS."""
    digest = hashlib.sha256((ROOT / "site_src/js/dawg.js").read_bytes())
    for path in sorted([*dist.glob("palavras*.dawg"), dist / "constantes.json", dist / "coimbra.json",
                        *(dist / "dias").glob("*.json")]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    for folder in ("site_src/js/engine", "site_src/js/ui/challenge", "site_src/js/ui/shared", "tests/js/helpers", "bench"):
        for path in sorted((ROOT / folder).rglob("*.*js")):
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


BENCHES = {"opponents": "bench/opponents.mjs", "common_climb": "bench/common_climb.mjs",
           "replay_link": "bench/replay_link.mjs"}


@functools.cache
def bench_outputs(dist: Path) -> dict[str, str]:
    """Every bench's printed output on this build, run (side by side) once per build and engine."""
    folder = ROOT / ".cache" / "docs-figures"
    cached = {name: folder / f"{name}-{bench_inputs_key(dist)}.txt" for name in BENCHES}
    env = {**os.environ, "TORRE_DIST": str(dist), "TORRE_BENCH_SPREAD_ONLY": "1"}
    running = {name: subprocess.Popen(["node", BENCHES[name]], cwd=ROOT, env=env, text=True,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE)
               for name, path in cached.items() if not path.exists()}
    for name, process in running.items():
        out, err = process.communicate(timeout=900)
        assert process.returncode == 0, f"{BENCHES[name]}: {out}{err}"
        folder.mkdir(parents=True, exist_ok=True)
        cached[name].write_text(out, encoding="utf-8")
    return {name: path.read_text(encoding="utf-8") for name, path in cached.items()}


def bench_line(dist: Path, name: str, pattern: str) -> re.Match:
    found = re.search(pattern, bench_outputs(dist)[name], re.MULTILINE)
    assert found, f"{BENCHES[name]} no longer prints {pattern!r}"
    return found


def json_file(dist: Path, name: str):
    return json.loads((dist / name).read_text(encoding="utf-8"))


# --- the figures, by name ----------------------------------------------------------------

def _floor_counts(dist: Path, model: str) -> tuple[list[int], int]:
    found = bench_line(dist, "opponents", rf"^  {model}: lost on floors 1–5: ([\d, ]+); won (\d+)$")
    return [int(x) for x in found.group(1).split(", ")], int(found.group(2))


def par_floor_counts(dist: Path) -> str:
    """Where the par ends over the window: floor 5 counts the won towers too."""
    lost, won = _floor_counts(dist, "par")
    return ", ".join(map(str, lost[:-1] + [lost[-1] + won]))


def opponent_row(dist: Path, model: str) -> str:
    lost, won = _floor_counts(dist, model)
    return f"{', '.join(map(str, lost))} / {won}"


def opponent_median(dist: Path, model: str) -> str:
    found = bench_line(dist, "opponents", rf"^{model}\s+(ganha|andar \d), (\d+)")
    where = "won" if found.group(1) == "ganha" else f"floor {found.group(1)[-1]}"
    return f"{where}, {found.group(2)}"


def beaten_share(dist: Path, level: str, model: str) -> str:
    row = bench_line(dist, "opponents", rf"^{level}\s+(?:ganha|andar \d), \d+\s+\d+\s+([\d.]+ %)\s+([\d.]+ %)\s+([\d.]+ %)")
    return row.group(["beginner", "typical", "par"].index(model) + 1)


def link_lengths(dist: Path, runs: str, what: str, shorter: int = 0) -> str:
    found = bench_line(dist, "replay_link", rf"^{runs}\s+link length median (\d+), max (\d+); "
                                            r"reaching floor 5 \((\d+)\): median (\d+), max (\d+)")
    values = dict(zip(["median", "max", "full", "full_median", "full_max"], map(int, found.groups())))
    return str(values[what] - (shorter if what != "full" else 0))


def named_links(dist: Path, what: str) -> str:
    found = bench_line(dist, "replay_link", r"^challenge links of won runs with a 16-letter name \((\d+) runs\): "
                                            r"median (\d+), max (\d+)")
    return found.group({"runs": 1, "median": 2, "max": 3}[what])


def link_days(dist: Path) -> list[str]:
    """The days of bench/replay_link.mjs: sampleDays(50) of tests/js/helpers/real-dist.mjs."""
    names = sorted(p.stem for p in (dist / "dias").glob("????-??-??.json"))
    step = max(1, (len(names) - 1) // 49)
    return names[::step][:50]


def common_climb(dist: Path, model: str, what: str) -> str:
    found = bench_line(dist, "common_climb",
                       rf"^{model}: \d+ runs, (\d+) lost \(on floors 1–5: ([\d, ]+)\); firstCommonClimb not null "
                       r"on (\d+) of \d+ lost floors = ([\d.]+ %).*\n  at the floor's play number (.*); the best "
                       r"play \(any words\) would have climbed (\d+) of \d+ = ([\d.]+ %)")
    lost, floors, climbs, share, numbers, best, best_share = found.groups()
    return {"lost": lost, "floors": floors, "climbs": climbs, "share": share, "best": best,
            "best_share": best_share,
            "numbers": ", ".join(n.split(": ")[1] for n in numbers.split(", ")) if numbers != "—" else ""}[what]


@functools.cache
def ranked_common(dist: Path) -> tuple[int, dict]:
    """(forms that fold to 2–7 letters, game word → CommonWord) from wordfreq, as the build ranks them."""
    from pipeline.common_words import Folder, classify, ranked_words, top_forms

    forms, fold = top_forms(), Folder()
    folding = sum(1 for form in forms if classify(form, fold)[0] is None)
    return folding, ranked_words((dist / "palavras.txt").read_text(encoding="utf-8").split(), forms)


def common_figure(dist: Path, what: str) -> str:
    folding, ranked = ranked_common(dist)
    coimbra = set(json_file(dist, "coimbra.json"))
    common = (dist / "palavras-comuns.txt").read_text(encoding="utf-8").split()
    if what.startswith("len"):
        return thousands(sum(1 for word in common if len(word) == int(what[3:])))
    return thousands({"forms_folding": folding, "forms_to_game": sum(len(e.forms) for e in ranked.values()),
                      "game_words": len(ranked), "multi_form": sum(1 for e in ranked.values() if len(e.forms) > 1),
                      "coimbra_ranked": sum(1 for word in ranked if word in coimbra)}[what])


SPEC_WORDS = 49109  # the specification's (RULES.md) count for the 2025 releases: a fixed reference


def words_vs_spec(dist: Path) -> str:
    n = len((dist / "palavras.txt").read_text(encoding="utf-8").split())
    return f"{n - SPEC_WORDS:+,}, {100 * (n - SPEC_WORDS) / SPEC_WORDS:+.2f} %"


def precache(dist: Path) -> list[Path]:
    """The files sw.js keeps (its PRECACHE list)."""
    text = (dist / "sw.js").read_text(encoding="utf-8")
    listed = json.loads(re.search(r"PRECACHE = (\[.*?\]);", text, re.DOTALL).group(1))
    files = []
    for url in listed:
        path = dist / url.lstrip("/")
        files.append(path / "index.html" if url.endswith("/") or path.is_dir() else path)
    return files


def served_brotli(path: Path) -> int:
    """What a brotli client is sent: the `.br` copy where the build made one."""
    return br_size(path) if (path.parent / (path.name + ".br")).exists() else path.stat().st_size


def bundle(dist: Path, name: str) -> Path:
    return next(dist.glob(f"static/*/js/{name}"))


def hashed_files(dist: Path) -> list[Path]:
    """One build's hashed, immutable files (docs/hosting.md), compressed copies included."""
    found = [*dist.glob("static/*/**/*"), *dist.glob("palavras.*.dawg*"), *dist.glob("palavras-comuns.*.dawg*")]
    return [p for p in found if p.is_file()]


def practice_files(dist: Path) -> list[Path]:
    return sorted((dist / "treino").glob("*.json"))


FIGURES: dict[str, Callable[[Path], str]] = {
    # the word list and its DAWG
    "words.dictionary": lambda d: thousands(len((d / "palavras.txt").read_text(encoding="utf-8").split())),
    "words.common": lambda d: thousands(len((d / "palavras-comuns.txt").read_text(encoding="utf-8").split())),
    "spec.words": lambda d: thousands(SPEC_WORDS),
    "words.vs_spec": words_vs_spec,
    "common.top_n": lambda d: thousands(TOP_N),
    "stats.ao90": lambda d: thousands(json_file(d, "palavras-stats.json")["dictionaries"]["ao90"]["words"]),
    "stats.preao": lambda d: thousands(json_file(d, "palavras-stats.json")["dictionaries"]["preao"]["words"]),
    "stats.both": lambda d: thousands(json_file(d, "palavras-stats.json")["by_spelling"]["both"]),
    "stats.only_ao90": lambda d: thousands(json_file(d, "palavras-stats.json")["by_spelling"]["only_ao90"]),
    "stats.only_preao": lambda d: thousands(json_file(d, "palavras-stats.json")["by_spelling"]["only_preao"]),
    "dawg.bytes": lambda d: thousands((d / "palavras.dawg").stat().st_size),
    "dawg.kb": lambda d: kb((d / "palavras.dawg").stat().st_size),
    "dawg.brotli_kb": lambda d: kb(br_size(d / "palavras.dawg")),
    "coimbra_json.bytes": lambda d: thousands((d / "coimbra.json").stat().st_size),
    "common_dawg.bytes": lambda d: thousands(next(d.glob("palavras-comuns.*.dawg")).stat().st_size),
    "common_dawg.brotli": lambda d: thousands(br_size(next(d.glob("palavras-comuns.*.dawg")))),
    "dawg.blocks": lambda d: str(-(-Dawg((d / "palavras.dawg").read_bytes()).header.edges // 1024)),
    "hashed.mb": lambda d: f"{sum(p.stat().st_size for p in hashed_files(d)) / 1e6:.1f} MB",
    "bundle.treino.brotli_kb": lambda d: about_kb(br_size(bundle(d, "treino.js"))),
    "bundle.torre_run_end.brotli_kb": lambda d: about_kb(br_size(bundle(d, "torre.run_end.js"))),
    "bundle.treino_run_end.brotli_kb": lambda d: about_kb(br_size(bundle(d, "treino.run_end.js"))),
    "precache.files": lambda d: str(len(precache(d))),
    "precache.kb": lambda d: about_kb(sum(p.stat().st_size for p in precache(d))),
    "precache.brotli_kb": lambda d: about_kb(sum(served_brotli(p) for p in precache(d))),
    "precache.pages": lambda d: str(len([p for p in precache(d) if p.suffix == ".html"])),
    "precache.pages_brotli_kb": lambda d: about_kb(sum(served_brotli(p) for p in precache(d) if p.suffix == ".html")),
    "dist.files": lambda d: f"~{round(sum(1 for p in d.rglob('*') if p.is_file()), -3):,}",
    # the days and the practice towers
    "days.count": lambda d: str(len(json_file(d, "dias/indice.json")["days"])),
    "days.first": lambda d: json_file(d, "dias/indice.json")["days"][0]["date"],
    "days.last": lambda d: json_file(d, "dias/indice.json")["days"][-1]["date"],
    "practice.count": lambda d: thousands(len(practice_files(d))),
    "practice.kb": lambda d: f"{sum(p.stat().st_size for p in practice_files(d)) / len(practice_files(d)) / 1000:.1f} KB",
    "practice.brotli_kb": lambda d: f"{sum(br_size(p) for p in practice_files(d)) / len(practice_files(d)) / 1000:.2f} KB",
    "practice.gzip_kb": lambda d: f"{sum(gz_size(p) for p in practice_files(d)) / len(practice_files(d)) / 1000:.2f} KB",
    "practice.mb": lambda d: f"{sum(p.stat().st_size for p in practice_files(d)) / 1e6:.1f} MB",
    "practice.all_mb": lambda d: f"{sum(p.stat().st_size + br_size(p) + gz_size(p) for p in practice_files(d)) / 1e6:.1f} MB",
    "index.kb": lambda d: kb((d / "dias" / "indice.json").stat().st_size),
    "index.brotli_kb": lambda d: f"{br_size(d / 'dias' / 'indice.json') / 1000:.1f} KB",
    "links.first_day": lambda d: link_days(d)[0],
    "links.last_day": lambda d: link_days(d)[-1],
    "links.named.median": lambda d: named_links(d, "median"),
    "links.named.max": lambda d: named_links(d, "max"),
    "links.named.runs": lambda d: named_links(d, "runs"),
    # the par over the window (bench/opponents.mjs)
    "par.floor_counts": par_floor_counts,
    "par.won": lambda d: str(_floor_counts(d, "par")[1]),
    "par.totals": lambda d: bench_line(d, "opponents", r"par totals p10/p50/p90: (\d+/\d+/\d+)").group(1),
    "par.median": lambda d: opponent_median(d, "par"),
}
for _model in ("caloiro", "doutor", "dux", "beginner", "typical", "par"):
    FIGURES[f"spread.{_model}.median"] = functools.partial(opponent_median, model=_model)
    FIGURES[f"spread.{_model}.ends"] = functools.partial(opponent_row, model=_model)
for _level in ("caloiro", "doutor", "dux"):
    for _model in ("beginner", "typical", "par"):
        FIGURES[f"spread.{_level}.{_model}"] = functools.partial(beaten_share, level=_level, model=_model)
for _runs, _key in (("par", "par"), ("strong player", "strong"), ("person", "person")):
    for _what in ("median", "max", "full", "full_median", "full_max"):
        FIGURES[f"links.{_key}.{_what}"] = functools.partial(link_lengths, runs=_runs, what=_what)
        FIGURES[f"challenge_links.{_key}.{_what}"] = functools.partial(link_lengths, runs=_runs, what=_what, shorter=2)
for _what in ("forms_folding", "forms_to_game", "game_words", "multi_form", "coimbra_ranked",
              *(f"len{n}" for n in range(2, 8))):
    FIGURES[f"common.{_what}"] = functools.partial(common_figure, what=_what)
for _model, _key in (("median legal play", "median"), ("best common-word play", "common")):
    for _what in ("lost", "floors", "climbs", "share", "numbers", "best", "best_share"):
        FIGURES[f"climb.{_key}.{_what}"] = functools.partial(common_climb, model=_model, what=_what)


@pytest.fixture(scope="module")
def figures(built_dist: Path) -> dict[str, str]:
    """Every registered figure computed on the build (the benches run at most once)."""
    return {name: compute(built_dist) for name, compute in FIGURES.items()}


# --- the tests ---------------------------------------------------------------------------

@pytest.mark.parametrize("doc", doc_names())
def test_every_marked_figure_is_the_build_s(figures, doc):
    text = (DOCS / doc).read_text(encoding="utf-8")
    wrong = [f"{name}: the doc says …{before[-30:]!r}, the build {figures[name]!r}"
             for name, before in marked(text) if not before.endswith(figures[name])]
    unknown = [name for name, _ in marked(text) if name not in figures]
    assert not unknown, f"{doc}: figures with no computation: {unknown}"
    assert not wrong, f"{doc}: " + "; ".join(wrong)


@pytest.mark.parametrize("doc", doc_names())
def test_no_unmarked_number_looks_like_a_build_figure(figures, doc):
    found = unmarked_figures((DOCS / doc).read_text(encoding="utf-8"), figures)
    assert not found, f"{doc}: mark these as figures of the build or say why they are not: {found}"


def test_the_docs_mark_the_figures_the_issue_found_stale():
    text = " ".join((DOCS / name).read_text(encoding="utf-8") for name in doc_names())
    for name in ("par.floor_counts", "par.totals", "links.par.median", "challenge_links.par.max",
                 "coimbra_json.bytes"):
        assert f"<!-- figure: {name} -->" in text, name


def test_every_test_a_doc_names_as_its_checker_exists():
    named = [m.groups() for name in doc_names() for m in CHECKED.finditer((DOCS / name).read_text(encoding="utf-8"))]
    assert named
    for module, test in named:
        assert re.search(rf"^def {test}\(", (ROOT / module).read_text(encoding="utf-8"), re.MULTILINE), (module, test)
