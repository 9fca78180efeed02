"""`torre days`: show, build and extend the daily towers."""
from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import click

from .. import constants as C
from ..days import (DAY_INDEX, MAX_WINDOW_DAYS, build_day, date_range, default_openers,
                    extend_window, load_window, opener_squares, square_kinds, too_many_days,
                    write_days)
from ..errors import quoted
from .common import (STAGE_OUT, guard_stage_files, record_stage_files,
                     replace_foreign_option, stage_out)

# fromisoformat also takes 20261225 and 2026-W52-5; the help promises YYYY-MM-DD only.
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def parse_date(_ctx, _param, value: str | None) -> dt.date | None:
    if value is None:
        return None
    try:
        if not ISO_DATE.fullmatch(value):
            raise ValueError(value)
        return dt.date.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(f"{quoted(value)} is not a date YYYY-MM-DD") from None


@click.group()
def days() -> None:
    """The daily towers (dist/dias/YYYY-MM-DD.json).

    Example: torre days show 2026-12-25
    """


def board_lines(floor: dict) -> list[str]:
    """A 7×7 text board: opener letters, special squares, corners as 3P."""
    kinds = square_kinds(floor)
    for name, letter in zip(opener_squares(floor["opener"]), floor["opener"]):
        kinds[name] = f" {letter}"
    lines = ["     " + "  ".join(f"{c:>2}" for c in C.COLUMNS)]
    for row in range(1, C.BOARD_SIZE + 1):
        cells = [kinds.get(f"{c}{row}", " .") for c in C.COLUMNS]
        lines.append(f"  {row}  " + "  ".join(f"{cell:>2}" for cell in cells))
    return lines


def show_lines(day: dict) -> list[str]:
    lines = [f"Tower of {day['date']} (format version {day['version']})", ""]
    for number, (floor, target) in enumerate(zip(day["floors"], C.TARGETS), start=1):
        lines.append(f"Floor {number}: {floor['opener']}  (target {target})")
        lines += board_lines(floor) + [""]
    bag = day["bag"]
    lines.append(f"First hand: {' '.join(bag[:C.HAND_SIZE])}   (then {bag[C.HAND_SIZE:]})")
    lines.append(f"Helps (first 12 of {len(day['helps'])}): {', '.join(day['helps'][:12])}")
    lines.append("Offers (held → offered):")
    for key, offered in day["offers"].items():
        lines.append(f"  {key or '(none)':<28} → {', '.join(offered)}")
    return lines


@days.command()
@click.argument("date", callback=parse_date)
def show(date: dt.date) -> None:
    """Print a day's tower readably: boards, first hand, helps, offers.

    Example: torre days show 2026-12-25
    """
    click.echo("\n".join(show_lines(build_day(date, default_openers()))))


@days.command("build")
@click.option("--out", type=click.Path(path_type=Path, file_okay=False),
              default=STAGE_OUT / "dias", show_default=True, callback=lambda _c, _p, v: stage_out(v),
              help="Directory for the day files (not inside a `torre build` tree).")
@click.option("--first", callback=parse_date, help="First date (default: the window's).")
@click.option("--last", callback=parse_date, help="Last date (default: the window's).")
@replace_foreign_option
def build_command(out: Path, first: dt.date | None, last: dt.date | None,
                  replace_foreign_out: bool) -> None:
    """Write one file per day of the window (or of --first … --last), and indice.json.

    Example: torre days build --out /tmp/dias --first 2026-12-01 --last 2026-12-31
    """
    window = load_window()
    first, last = first or window.first, last or window.last
    bound_error = too_many_days((last - first).days + 1)
    if bound_error:
        raise click.UsageError(f"{first} … {last} would be {bound_error}")
    names = [date.isoformat() + ".json" for date in date_range(first, last)] + [DAY_INDEX]
    guard_stage_files(out, names, replace_foreign_out)
    count = write_days(out, first, last, default_openers(), window)
    record_stage_files(out, names)
    click.echo(f"{count} day files in {out}")


@days.command()
@click.argument("extra_days", type=click.IntRange(min=1, max=MAX_WINDOW_DAYS))
def extend(extra_days: int) -> None:
    """Add EXTRA_DAYS days to the window ([tool.torre] days in pyproject.toml).

    Example: torre days extend 100
    """
    window = extend_window(extra_days)
    click.echo(f"window: {window.first} … {window.last} ({window.days} days)")
