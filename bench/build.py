"""Benchmark of issue 4: the days stage, the whole build, the first visit's bytes.

Run: .venv/bin/python bench/build.py
Goals: whole build < 10 s; first visit < 150 KB brotli (HTML + CSS + the JS
modules reachable from main.js + constants + day file + DAWG + coimbra.json).
Prints figures; asserts nothing.
"""
from __future__ import annotations

import datetime as dt
import re
import sys
import tempfile
import time
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.build import build_all  # noqa: E402
from pipeline.days import default_openers, load_window, write_days  # noqa: E402

TODAY = dt.date(2026, 12, 25)
# Static imports only: a dynamic import() (a chunk such as torre.run_end.js) is loaded when a
# run ends or a dialog opens, never by the first visit.
IMPORT = re.compile(r"""(?:\bimport\s*(?:[\w*{}\s,]+from\s*)?|\bexport\s*[\w*{}\s,]+from\s*)["'](\.{1,2}/[^"']+)["']""")


class PageAssets(HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls: list[str] = []
        self.data: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "link" and attrs.get("rel") == "stylesheet":
            self.urls.append(attrs["href"])
        if tag == "script" and attrs.get("src"):
            self.urls.append(attrs["src"])
        if tag == "main" and attrs.get("id") == "jogo":
            self.data = {k: v for k, v in attrs.items() if k.startswith("data-")}


def reachable_modules(dist: Path, entry: str) -> list[str]:
    """URL paths of every ES module entry imports statically (what the page loads at once)."""
    seen, queue = set(), [entry]
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        text = (dist / url.lstrip("/")).read_text(encoding="utf-8")
        base = url.rsplit("/", 1)[0]
        for relative in IMPORT.findall(text):
            parts = (base + "/" + relative).split("/")
            resolved: list[str] = []
            for part in parts:
                if part == "..":
                    resolved.pop()
                elif part != ".":
                    resolved.append(part)
            queue.append("/".join(resolved))
    return sorted(seen)


def first_visit(dist: Path, date: dt.date) -> list[tuple[str, int, int]]:
    """(url, raw bytes, brotli bytes) of everything / loads on a first visit."""
    page = PageAssets()
    page.feed((dist / "index.html").read_text(encoding="utf-8"))
    urls = ["/index.html"]
    for url in page.urls:
        urls += reachable_modules(dist, url) if url.endswith(".js") else [url]
    urls += [page.data["data-constants"], page.data["data-coimbra"],
             f"{page.data['data-days']}{date.isoformat()}.json"]
    if page.data.get("data-dawg"):
        urls.append(page.data["data-dawg"])
    rows = []
    for url in urls:
        path = dist / url.lstrip("/")
        rows.append((url, path.stat().st_size, path.with_name(path.name + ".br").stat().st_size))
    return rows


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        window = load_window()
        openers = default_openers()
        start = time.perf_counter()
        count = write_days(tmp / "dias", window.first, window.first + dt.timedelta(days=399),
                           openers, window)
        print(f"days stage: {count} days in {time.perf_counter() - start:.2f} s")

        for label, cache in (("cold (no compression cache)", tmp / "fresh-cache"),
                             ("warm (compression cache)", tmp / "fresh-cache")):
            start = time.perf_counter()
            report = build_all(tmp / "dist", today=TODAY, quiet=True, compression_cache=cache)
            total = time.perf_counter() - start
            stages = ", ".join(f"{s.name} {s.seconds:.2f}" for s in report.stages)
            print(f"whole build, {label}: {total:.2f} s  ({stages}; "
                  f"{report.files} files, {report.bytes / 1e6:.1f} MB)")

        rows = first_visit(tmp / "dist", TODAY)
        print(f"first visit of / on {TODAY}: {len(rows)} requests")
        for url, raw, br in sorted(rows, key=lambda r: -r[2])[:8]:
            print(f"  {br:>8,} B br  {raw:>9,} B raw  {url}")
        print(f"  total: {sum(r[2] for r in rows):,} B brotli "
              f"({sum(r[2] for r in rows) / 1024:.1f} KiB), {sum(r[1] for r in rows):,} B raw")


if __name__ == "__main__":
    main()
