"""The ledger of the published store: what `torre publish` recorded, so that a loss shows.

`dictionaries/published/ledger` holds one line per `torre publish` that added
something; lines are only ever appended:

    <n>  <first day>..<last day>  <v1>,<v2>,…  <content SHA-256>  <chain SHA-256>

- the days: every date from the first to the last is published. The recorded
  days are always one unbroken run (a build writes the whole window and may not
  drop a recorded day), so `days.sha256` must list exactly these dates;
- the word-list versions ever published, sorted: `words/` must hold exactly these;
- content: the SHA-256 of the store as publish left it (the lines of
  days.sha256, then each version with the SHA-256 of its two files), so an
  edited hash shows too;
- chain: the SHA-256 of the previous line's chain and this line's fields, so an
  earlier line cannot be edited unseen either.

Only the last line is compared with the store; the earlier ones show that the
store only ever grew.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import re
from dataclasses import dataclass, replace
from typing import Mapping

from .days import date_range
from .errors import PublishedError, quoted

LEDGER = "ledger"
NO_CHAIN = "0" * 64
LINE = re.compile(r"^(\d+)  (-|\d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2})  "
                  r"(-|[0-9a-f]{10}(?:,[0-9a-f]{10})*)  ([0-9a-f]{64})  ([0-9a-f]{64})$")


@dataclass(frozen=True)
class Publication:
    """One line of the ledger: the whole store as one `torre publish` left it."""

    number: int
    days: tuple[dt.date, dt.date] | None  # first, last; None before any day was published
    versions: tuple[str, ...]
    content: str
    chain: str

    def fields(self) -> str:
        days = f"{self.days[0]}..{self.days[1]}" if self.days else "-"
        return f"{self.number}  {days}  {','.join(self.versions) or '-'}  {self.content}"

    def line(self) -> str:
        return f"{self.fields()}  {self.chain}\n"

    def dates(self) -> list[str]:
        if not self.days:
            return []
        return [date.isoformat() for date in date_range(*self.days)]


def content_digest(days: Mapping[str, str], files: Mapping[str, tuple[bytes, bytes]]) -> str:
    """The store's digest: days (date → SHA-256), versions (id → dawg, coimbra.json bytes)."""
    return digest_of_hashes(days, {version: (hashlib.sha256(dawg).hexdigest(),
                                             hashlib.sha256(coimbra).hexdigest())
                                   for version, (dawg, coimbra) in files.items()})


def digest_of_hashes(days: Mapping[str, str], files: Mapping[str, tuple[str, str]]) -> str:
    """content_digest from the SHA-256 of each version's two files (a build's versoes/)."""
    text = "".join(f"{date}  {digest}\n" for date, digest in sorted(days.items()))
    text += "".join(f"{version}  {dawg}  {coimbra}\n"
                    for version, (dawg, coimbra) in sorted(files.items()))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def chained(previous: str, fields: str) -> str:
    return hashlib.sha256(f"{previous}  {fields}".encode("utf-8")).hexdigest()


def next_publication(ledger: list[Publication], days: Mapping[str, str],
                     files: Mapping[str, tuple[bytes, bytes]]) -> Publication:
    """The line a publish appends for the store it leaves (days one unbroken run)."""
    dates = sorted(days)
    span = (dt.date.fromisoformat(dates[0]), dt.date.fromisoformat(dates[-1])) if dates else None
    draft = Publication(len(ledger) + 1, span, tuple(sorted(files)),
                        content_digest(days, files), "")
    previous = ledger[-1].chain if ledger else NO_CHAIN
    return replace(draft, chain=chained(previous, draft.fields()))


def parse_ledger(text: str, where: str,
                 remedy: str = " (restore it from git)") -> list[Publication]:
    """Every line, checked: numbered 1, 2, …, chained, each holding all the one before held.
    `remedy` ends each error: what to do about a bad line of this copy of the ledger."""
    ledger: list[Publication] = []
    for number, line in enumerate(text.splitlines(), start=1):
        match = LINE.match(line)
        if not match or int(match.group(1)) != number:
            raise PublishedError(f"{where}:{number}: not a line torre publish wrote: "
                                 f"{quoted(line)}{remedy}")
        span = None
        if match.group(2) != "-":
            first, last = match.group(2).split("..")
            try:
                span = (dt.date.fromisoformat(first), dt.date.fromisoformat(last))
            except ValueError:
                raise PublishedError(f"{where}:{number}: {quoted(match.group(2))} is not a "
                                     f"range of dates{remedy}") from None
        versions = tuple(match.group(3).split(",")) if match.group(3) != "-" else ()
        publication = Publication(number, span, versions, match.group(4), match.group(5))
        previous = ledger[-1] if ledger else None
        if publication.chain != chained(previous.chain if previous else NO_CHAIN,
                                        publication.fields()):
            raise PublishedError(f"{where}:{number}: its chain digest does not follow from the "
                                 f"lines before it: the ledger was edited{remedy}")
        if previous and not (set(previous.versions) <= set(versions)
                             and set(previous.dates()) <= set(publication.dates())):
            raise PublishedError(f"{where}:{number}: holds less than line {number - 1}: the "
                                 f"store only ever grows{remedy}")
        ledger.append(publication)
    return ledger
