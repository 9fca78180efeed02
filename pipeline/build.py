"""`torre build`: every stage into a temporary tree, swapped into dist/ at the end.

Why atomic: a half-written dist/ (a crash, a bad dictionary) must never be
served. The new tree is written beside `out` (same file system, so renames
are atomic) and only replaces it when every stage succeeded, in one step
(pipeline.outdir.install); on any failure the previous dist/ is left as it
was and the temporary tree is removed.
"""
from __future__ import annotations

import datetime as dt
import shutil
import signal
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from .coimbra import folded_set, load_coimbra, openers
from . import common_words
from .dawg.builder import build_dawg
from .days import Window, lisbon_date, load_window, write_days, write_practice
from . import published
from .outdir import (BuildError, install, make_temporary_tree, replaceable_state,  # noqa: F401 (BuildError: the build's error, for callers)
                     publish_permissions, real_out, remove_stale_trees, restore_interrupted,
                     write_manifest)
from .site import SiteInput, render_site
from . import spdx
from .sources import resolve_sources
from .update import prepare_update, record_update
from .wordlist import build_word_list, write_word_list

PROJECT_ROOT = Path(__file__).resolve().parent.parent
COMPRESSION_CACHE = PROJECT_ROOT / ".cache" / "compressed"
WORD_FILES_LINKED = ("palavras.txt", "palavras-origem.tsv", "LICENCA-palavras.txt")


@dataclass
class StageReport:
    name: str
    seconds: float
    detail: str


@dataclass
class BuildReport:
    out: Path
    stages: list[StageReport] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    files: int = 0
    bytes: int = 0

    def summary(self) -> str:
        lines = [f"{'ok':>7}  {s.name:<9} {s.seconds:6.2f} s  {s.detail}"
                 for s in self.stages]
        total = sum(s.seconds for s in self.stages)
        lines.append(f"{'':>7}  {'total':<9} {total:6.2f} s  {self.files} files, "
                     f"{self.bytes / 1e6:.2f} MB in {self.out}")
        return "\n".join(lines)


def days_left_warning(window: Window, today: dt.date) -> str | None:
    left = (window.last - today).days
    if left < window.warn_days_left:
        return (f"only {max(left, 0)} days of towers left after {today} (window ends "
                f"{window.last}); run `torre days extend N` before they run out")
    return None


class Builder:
    """The stages, run in order; each adds what the next ones need to `self`."""

    def __init__(self, tmp: Path, natura_dir: Path | None, today: dt.date,
                 say: Callable[[str], None], compression_cache: Path | None = None,
                 accept_new: bool = False, deployed: Path | None = None,
                 foreign_ok: bool = False, drop_unpublished: bool = False):
        self.tmp, self.natura_dir, self.today, self.say = tmp, natura_dir, today, say
        self.compression_cache, self.accept_new = compression_cache, accept_new
        self.deployed = deployed  # the earlier build at --out, which this one replaces
        self.foreign_ok = foreign_ok  # --replace-foreign-out: it may not be this store's
        self.drop_unpublished = drop_unpublished  # it may lose what no publish recorded
        self.sources: list[Any] = []
        self.words: list[str] | None = None
        self.word_stats: dict = {}
        self.word_files: list[str] = []
        self.coimbra: list[Any] = []
        self.dawg: bytes | None = None
        self.common_dawg: bytes | None = None
        self.common_count = 0
        self.published_versions: dict[str, published.WordListVersion] = {}
        self.window = load_window()

    def stage_words(self) -> str:
        self.sources = resolve_sources(self.natura_dir, accept_new=self.accept_new)
        word_list = build_word_list(self.sources)
        written = write_word_list(word_list, self.sources, self.tmp)
        self.words, self.word_stats = word_list.words, word_list.stats
        self.word_files = list(WORD_FILES_LINKED)  # write_word_list writes them all
        return f"{len(self.words)} words, {len(written)} files"

    def stage_coimbra(self) -> str:
        self.coimbra = list(load_coimbra())
        return f"{len(self.coimbra)} Coimbra words, {sum(w.opener for w in self.coimbra)} openers"

    def stage_dawg(self) -> str:
        self.dawg = build_dawg(self.words, folded_set(self.coimbra))
        return f"{len(self.dawg)} bytes"

    def stage_common(self) -> str:
        """The common words (pipeline.common_words): their two files and their own DAWG."""
        common = common_words.common_words(self.words, folded_set(self.coimbra))
        common_words.write_common_words(common, self.tmp)
        common_words.append_licence(self.tmp, len(common))
        self.common_count = len(common)
        self.common_dawg = build_dawg([entry.word for entry in common], [])
        return f"{len(common)} common words, DAWG {len(self.common_dawg)} bytes"

    def stage_days(self) -> str:
        count = write_days(self.tmp / "dias", self.window.first, self.window.last,
                           openers(self.coimbra), self.window)
        practice = write_practice(self.tmp / "treino", openers(self.coimbra))
        return (f"{count} days, {self.window.first} … {self.window.last}; "
                f"{practice} practice towers")

    def stage_published(self) -> str:
        """Refuse to change a published day, to build from a store older than the one
        --out was built from, or to drop a word list or day --out serves that the store
        lacks; load every published word list (dictionaries/published,
        pipeline.published) for versoes/, and keep a copy of the ledger beside them."""
        store = published.verify_store(deployed=self.deployed, foreign_ok=self.foreign_ok)
        published.check_days(self.tmp / "dias", store.days)
        current = published.word_list_version(self.dawg, (w.folded for w in self.coimbra))
        published.check_not_dropped(self.deployed, store, current, self.tmp / "dias",
                                    self.drop_unpublished)
        self.published_versions = store.versions
        if store.ledger:
            published.write_ledger(self.tmp, store.ledger, published.SERVED_LEDGER)
        return (f"{len(store.days)} published days unchanged, "
                f"{len(self.published_versions)} published word lists")

    def stage_site(self) -> str:
        report = render_site(self.tmp, SiteInput(
            coimbra=self.coimbra, sources=self.sources, dawg=self.dawg,
            common_dawg=self.common_dawg, common_count=self.common_count,
            word_count=len(self.words), word_files=self.word_files,
            compression_cache=self.compression_cache,
            published_versions=self.published_versions, first_day=self.window.first.isoformat()))
        return (f"word list {report.version} ({len(report.versions)} in versoes/), "
                f"{len(report.pages)} pages, static/{report.static_hash}/, "
                f"{report.compressed} files compressed (.br, .gz)")

    def run(self, report: BuildReport) -> None:
        for name in ("words", "coimbra", "dawg", "common", "days", "published", "site"):
            self.say(f"[{name}] …")
            start = time.perf_counter()
            detail = getattr(self, f"stage_{name}")()
            seconds = time.perf_counter() - start
            report.stages.append(StageReport(name, seconds, detail))
            self.say(f"[{name}] {detail} ({seconds:.2f} s)")


def tree_size(root: Path) -> tuple[int, int]:
    files = [p for p in root.rglob("*") if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files)


class Interrupted(KeyboardInterrupt):
    """SIGTERM or SIGHUP during a build: unwinds like Ctrl-C, so the cleanup runs."""


@contextmanager
def interrupts_unwind():
    """Turn SIGTERM and SIGHUP into an exception while the build runs (main thread only)."""
    def stop(number, _frame):
        raise Interrupted(f"stopped by signal {signal.Signals(number).name}")

    try:
        previous = {number: signal.signal(number, stop) for number in (signal.SIGTERM, signal.SIGHUP)}
    except ValueError:  # not the main thread: signals cannot be caught here
        previous = {}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def build_all(out: Path = Path("dist"), natura_dir: Path | None = None,
              today: dt.date | None = None, quiet: bool = False, *,
              compression_cache: Path | None = COMPRESSION_CACHE,
              accept_new_dictionaries: bool = False, allow_word_loss: bool = False,
              replace_foreign: bool = False, drop_unpublished: bool = False) -> BuildReport:
    """Build the whole of `out` atomically; returns what each stage did.

    compression_cache: where .br/.gz of unchanged files are kept between
    builds (None compresses everything afresh). accept_new_dictionaries:
    take dictionary files whose checksum differs and, once the new tree is in
    place, record their checksums in the manifest (a failed build records none;
    see pipeline.update for the checks). replace_foreign: replace an --out that
    is not an unchanged earlier build (see pipeline.outdir), whatever its copy of the
    ledger says but a rolled-back store. drop_unpublished: let the new build stop
    serving word lists and days the earlier one served and no publish recorded.
    """
    out = real_out(out)
    say = (lambda _m: None) if quiet else (lambda m: print(m, file=sys.stderr, flush=True))
    report = BuildReport(out)
    restored = restore_interrupted(out)
    if restored is not None:
        report.warnings.append(f"put {out} back from {restored}: a build was killed between "
                               "the two renames of its swap")
    before = replaceable_state(out, replace_foreign)
    today = today or lisbon_date(dt.datetime.now(dt.timezone.utc))
    report.warnings += remove_stale_trees(out.parent)
    with interrupts_unwind():
        tmp = make_temporary_tree(out.parent)
        try:
            builder = Builder(tmp, natura_dir, today, say, compression_cache,
                              accept_new_dictionaries, deployed=out,
                              foreign_ok=replace_foreign, drop_unpublished=drop_unpublished)
            warning = days_left_warning(builder.window, today)
            if warning:
                report.warnings.append(warning)
            builder.run(report)
            update = None
            if accept_new_dictionaries:
                update = prepare_update(builder.words, builder.word_stats, builder.sources, out,
                                        allow_word_loss)
            spdx.write_document(tmp, builder.sources)  # last: it lists every other file
            write_manifest(tmp)
            publish_permissions(tmp)
            report.files, report.bytes = tree_size(tmp)
            report.warnings += install(tmp, out, before)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
    if update is not None:
        for path in record_update(builder.sources, update):
            print(f"recorded the SHA-256 of {path} in dictionaries/sources.toml",
                  file=sys.stderr, flush=True)
    for warning in report.warnings:
        print(f"\n!!! WARNING: {warning} !!!\n", file=sys.stderr, flush=True)
    say(report.summary())
    return report
