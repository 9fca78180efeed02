"""Date → the day's tower (dist/dias/YYYY-MM-DD.json), the same on every machine.

Every field is drawn from its own stream of pipeline.prng seeded with the
format version, the date and a purpose; docs/days-format.md says how, so
anyone can re-derive a tower. The numbers come from pipeline.constants.
"""
from __future__ import annotations

import datetime as dt
import itertools
import json
import tomllib
import zoneinfo
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from . import constants as C
from .errors import ConfigError, DayError, quoted
from .files import write_atomic
from .prng import prng_for

# Version of the day file format and of the derivation below; bump it when
# either changes (the seed contains it, so every tower changes with it).
DAYS_VERSION = 1

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"
# The longest window: ten years of towers (each day is three files in dist/).
MAX_WINDOW_DAYS = 3653
LISBON = "Europe/Lisbon"
# dias/indice.json, the archive page's list of days; "v" is its format version.
DAY_INDEX = "indice.json"
DAY_INDEX_VERSION = 1
# Practice towers ("Treino", dist/treino/NNNN.json): drawn like the days from seeds whose
# date slot is "treino-<n>", which no calendar date can spell, so a practice tower is never
# a day's. Enough that a player never runs out in practice; after the last comes the first.
PRACTICE_TOWERS = 1000
PRACTICE_PREFIX = "treino-"
PRACTICE_DIGITS = 4

# How many helps a run can possibly earn. One per play that forms a Coimbra
# word, plus one per climb. Plays per floor are 3 + one per "Mais uma jogada"
# used, and those come from helps, so counting plays gives no bound; the board
# does: a play that forms a word puts at least one new tile on an empty
# square, and a floor's board has 7×7 squares less the opener's (at least 3).
# Passes earn nothing. So a run earns at most 5 × (49 − 3) helps from plays
# plus 5 from climbs = 235, whatever the hand, bag or trunfos: an order that
# long can never be exhausted.
HELPS_LENGTH = C.FLOORS * (C.BOARD_SIZE ** 2 - C.OPENER_MIN_LENGTH) + C.FLOORS


def date_range(first: dt.date, last: dt.date) -> list[dt.date]:
    """first … last, both included; none when last is before first."""
    return [first + dt.timedelta(days=offset) for offset in range((last - first).days + 1)]


@dataclass(frozen=True)
class Window:
    """The days the build precomputes: first … last, both included."""

    first: dt.date
    last: dt.date
    warn_days_left: int

    @property
    def days(self) -> int:
        return (self.last - self.first).days + 1

    def dates(self) -> list[dt.date]:
        return date_range(self.first, self.last)

    def check(self, date: dt.date) -> None:
        if not self.first <= date <= self.last:
            raise DayError(
                f"{date.isoformat()} is outside the build window "
                f"{self.first.isoformat()} … {self.last.isoformat()} "
                f"([tool.torre] in pyproject.toml; `torre days extend N` adds days)"
            )


WINDOW_KEYS = ("first_day", "days", "warn_days_left")


def load_window(pyproject: Path = PYPROJECT) -> Window:
    """The window from [tool.torre]: first_day, days, warn_days_left."""
    try:
        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(f"{pyproject}: cannot read the build window: {error}") from error
    config = data.get("tool", {}).get("torre", {})
    missing = [key for key in WINDOW_KEYS if key not in config]
    if missing:
        raise ConfigError(f"{pyproject}: [tool.torre] needs {', '.join(WINDOW_KEYS)}; "
                          f"it lacks {', '.join(missing)}")
    first = config_date(config["first_day"], pyproject)
    days, warn = (config_count(config, key, pyproject) for key in WINDOW_KEYS[1:])
    if not 1 <= days <= MAX_WINDOW_DAYS:
        raise ConfigError(f"{pyproject}: [tool.torre] days must be 1–{MAX_WINDOW_DAYS} "
                          f"(ten years), got {days}")
    return Window(first, first + dt.timedelta(days=days - 1), warn)


def config_date(value: object, pyproject: Path) -> dt.date:
    """first_day as a TOML date (2026-11-01) or a string ("2026-11-01")."""
    if type(value) is dt.date:  # a TOML date-time is a datetime: refused below
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            pass
    raise ConfigError(f"{pyproject}: [tool.torre] first_day {quoted(value)} is not a date "
                      "YYYY-MM-DD")


def config_count(config: dict, key: str, pyproject: Path) -> int:
    value = config[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise ConfigError(f"{pyproject}: [tool.torre] {key} {quoted(value)} is not a whole number")
    return value


def lisbon_date(instant: dt.datetime) -> dt.date:
    """The calendar day in Lisbon at an instant: the day whose tower is played."""
    if instant.tzinfo is None or instant.utcoffset() is None:
        raise ValueError("lisbon_date needs an aware datetime (with a time zone)")
    return instant.astimezone(zoneinfo.ZoneInfo(LISBON)).date()


def opener_squares(opener: str) -> list[str]:
    """The squares the opener covers, in order: the middle row, centred."""
    start = (C.BOARD_SIZE - len(opener)) // 2
    return [f"{C.COLUMNS[start + i]}{C.OPENER_ROW}" for i in range(len(opener))]


def square_kinds(floor: dict) -> dict[str, str]:
    """Square name → "2L", "3L", "2P" or "3P" (the corners) for one floor of a day."""
    kinds = {name: kind for kind, names in floor["squares"].items() for name in names}
    kinds.update({corner: "3P" for corner in C.CORNERS})
    return kinds


def legal_squares(opener: str) -> list[str]:
    """Squares a special square may take: not a corner, not under the opener."""
    covered = set(opener_squares(opener))
    return [f"{column}{row}"
            for row in range(1, C.BOARD_SIZE + 1) for column in C.COLUMNS
            if f"{column}{row}" not in covered and f"{column}{row}" not in C.CORNERS]


def square_order(name: str) -> tuple[int, int]:
    """Reading order (row, then column), so each list reads like the board."""
    return int(name[1:]), C.COLUMNS.index(name[0])


class Openers(tuple):
    """The openers once checked: check_openers() passes them through as they are, so the
    1,500 towers of a build are not each checked again."""


def check_openers(openers: Iterable[str]) -> Openers:
    """The 22 openers, sorted so their source's order cannot change a tower."""
    if isinstance(openers, Openers):
        return openers
    result = sorted(set(openers))
    if len(result) != C.OPENERS:
        raise DayError(f"a day needs {C.OPENERS} distinct openers, got {len(result)}")
    for word in result:
        if not (C.OPENER_MIN_LENGTH <= len(word) <= C.OPENER_MAX_LENGTH
                and all(letter in C.ALPHABET for letter in word)):
            raise DayError(f"opener {quoted(word)} must be {C.OPENER_MIN_LENGTH}–"
                           f"{C.OPENER_MAX_LENGTH} letters of {C.ALPHABET}")
    return Openers(result)


def build_floor(key: str, number: int, opener: str) -> dict:
    rng = prng_for(DAYS_VERSION, key, f"squares/{number}")
    drawn = rng.sample(legal_squares(opener), sum(C.SQUARE_COUNTS.values()))
    squares, start = {}, 0
    for kind, count in C.SQUARE_COUNTS.items():
        squares[kind] = sorted(drawn[start:start + count], key=square_order)
        start += count
    return {"opener": opener, "squares": squares}


def offer_key(held: Iterable[str]) -> str:
    """The key of a set of held trunfos: ids sorted and joined with "+"."""
    return "+".join(sorted(held))


def build_offers(key: str) -> dict[str, list[str]]:
    """For every set of 0–3 held trunfos, the 3 offered (own stream per set)."""
    offers = {}
    for size in range(C.FLOORS - 1):  # a choice follows floors 1–4
        for held in itertools.combinations(C.TRUNFO_IDS, size):
            offer = offer_key(held)
            free = [t for t in C.TRUNFO_IDS if t not in held]
            rng = prng_for(DAYS_VERSION, key, f"offers/{offer}")
            offers[offer] = rng.sample(free, C.TRUNFO_OFFER)
    return dict(sorted(offers.items()))


def build_tower(key: str, openers: Iterable[str]) -> dict:
    """A tower's fields (all but its name) drawn from the seeds of `key`: a date or "treino-<n>"."""
    chosen = prng_for(DAYS_VERSION, key, "openers").sample(check_openers(openers), C.FLOORS)
    tiles = [letter for letter, _, count in C.TILES for _ in range(count)]
    helps = prng_for(DAYS_VERSION, key, "helps")
    return {
        "version": DAYS_VERSION,
        "floors": [build_floor(key, n, word) for n, word in enumerate(chosen, start=1)],
        "bag": "".join(prng_for(DAYS_VERSION, key, "bag").shuffle(tiles)),
        "helps": [helps.choice(C.HELP_IDS) for _ in range(HELPS_LENGTH)],
        "offers": build_offers(key),
    }


def build_day(date: dt.date, openers: Iterable[str], window: Window | None = None) -> dict:
    """The day file's content for a date of the window."""
    (window or load_window()).check(date)
    iso = date.isoformat()
    return {"date": iso, **build_tower(iso, openers)}


def practice_key(number: int) -> str:
    """The seeds' date slot of practice tower `number` (1-based): "treino-17"."""
    if not 1 <= number <= PRACTICE_TOWERS:
        raise DayError(f"practice towers are numbered 1–{PRACTICE_TOWERS}, got {number}")
    return f"{PRACTICE_PREFIX}{number}"


def build_practice(number: int, openers: Iterable[str]) -> dict:
    """Practice tower `number`: a day file whose `date` is replaced by `treino` (the number)."""
    return {"treino": number, **build_tower(practice_key(number), openers)}


def practice_name(number: int) -> str:
    """treino/0017.json's name: zero-padded so the files list in order."""
    return f"{number:0{PRACTICE_DIGITS}d}.json"


def write_practice(out_dir: Path, openers: Iterable[str], count: int = PRACTICE_TOWERS) -> int:
    """Write out_dir/0001.json … the practice towers 1 … count; returns how many."""
    openers = check_openers(openers)
    out_dir.mkdir(parents=True, exist_ok=True)
    for number in range(1, count + 1):
        (out_dir / practice_name(number)).write_bytes(
            day_json(build_practice(number, openers)).encode("utf-8"))
    return count


def day_json(day: dict) -> str:
    """Deterministic, compact JSON (key order as built, UTF-8, final LF)."""
    return json.dumps(day, ensure_ascii=False, separators=(",", ":")) + "\n"


def write_days(out_dir: Path, first: dt.date, last: dt.date, openers: Iterable[str],
               window: Window | None = None) -> int:
    """Write out_dir/YYYY-MM-DD.json for first … last; returns how many.

    The whole range is checked first, so a bad one writes no file at all.
    """
    window = window or load_window()
    if first > last:
        raise DayError(f"the range {first.isoformat()} … {last.isoformat()} is empty: "
                       f"{first.isoformat()} is after {last.isoformat()}")
    window.check(first)
    window.check(last)
    openers = check_openers(openers)
    out_dir.mkdir(parents=True, exist_ok=True)
    listed = []
    for date in date_range(first, last):
        day = build_day(date, openers, window)
        (out_dir / f"{day['date']}.json").write_bytes(day_json(day).encode("utf-8"))
        listed.append({"date": day["date"], "opener": day["floors"][0]["opener"]})
    (out_dir / DAY_INDEX).write_bytes(day_index_json(listed).encode("utf-8"))
    return len(listed)


def day_index_json(listed: list[dict]) -> str:
    """dias/indice.json: every day written, oldest first, with its floor-1 opener.

    Why: the archive lists every past day with its opening word; one small file
    (≈ 19 bytes a day after compression) instead of a request per day.
    """
    return json.dumps({"v": DAY_INDEX_VERSION, "days": listed}, ensure_ascii=False,
                      separators=(",", ":")) + "\n"


def default_openers() -> list[str]:
    """The 22 openers of dictionaries/coimbra.toml (folded)."""
    from .coimbra import load_coimbra, openers

    return openers(load_coimbra())


def too_many_days(count: int) -> str | None:
    """The end of the refusal of a span of days past the bound (None: within it): `days
    extend` and `days build` share it, so neither writes for minutes."""
    if count > MAX_WINDOW_DAYS:
        return f"{count} days; at most {MAX_WINDOW_DAYS} (ten years)"
    return None


def extend_window(extra_days: int, pyproject: Path = PYPROJECT) -> Window:
    """Add days to [tool.torre] `days`, editing only that line of pyproject.toml.

    The new window is checked before anything is written, and the file is
    replaced atomically: a refused or interrupted extension changes nothing.
    """
    if extra_days < 1:
        raise ConfigError(f"extend needs a positive number of days, got {extra_days}")
    window = load_window(pyproject)
    total = window.days + extra_days
    bound_error = too_many_days(total)
    if bound_error:
        raise ConfigError(f"{pyproject}: {window.days} + {extra_days} days would make a window "
                          f"of {bound_error}")
    lines = pyproject.read_text(encoding="utf-8").splitlines(keepends=True)
    section = None
    for number, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("["):
            section = stripped
        elif section == "[tool.torre]" and stripped.split("=")[0].strip() == "days":
            lines[number] = f"days = {total}\n"
            write_atomic(pyproject, "".join(lines).encode("utf-8"))
            return load_window(pyproject)
    raise ConfigError(f"{pyproject}: no `days = …` line in [tool.torre]")
