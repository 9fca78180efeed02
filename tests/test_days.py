"""Daily towers: invariants over the whole window, golden files, Lisbon dates."""
from __future__ import annotations

import datetime as dt
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline import constants as C
from pipeline import days as days_module
from pipeline.cli import days as cli_days
from pipeline.cli import main
from pipeline.days import (DAYS_VERSION, HELPS_LENGTH, MAX_WINDOW_DAYS, Window, build_day, day_json,
                           extend_window, legal_squares, lisbon_date, load_window, offer_key,
                           write_days)
from pipeline.errors import ConfigError, DayError

GOLDEN = Path(__file__).parent / "fixtures" / "golden" / "days"
GOLDEN_DATES = ("2026-11-01", "2026-12-25", "2027-03-28")
# A fixed list of 22 openers, so the goldens do not move with coimbra.toml.
OPENERS = ["ALTA", "BATINA", "CABRA", "CALOIRO", "CAPA", "CHOUPAL", "ESTUDO", "FADO",
           "FITAS", "GRELO", "LATADA", "LENTE", "MONDEGO", "PENICO", "PRAXE", "QUEIMA",
           "REITOR", "SEBENTA", "SERENAT", "SOTAINA", "TRICANA", "TUNA"]
UTC = dt.timezone.utc


@pytest.fixture(scope="module")
def window() -> Window:
    return load_window()


@pytest.fixture(scope="module")
def every_day(window) -> list[dict]:
    return [build_day(date, OPENERS, window) for date in window.dates()]


def test_window_starts_2026_11_01_and_holds_at_least_400_days(window):
    assert window.first == dt.date(2026, 11, 1)
    assert window.days >= 400


def test_every_day_has_five_distinct_openers_from_the_22(every_day):
    for day in every_day:
        openers = [floor["opener"] for floor in day["floors"]]
        assert len(day["floors"]) == C.FLOORS
        assert len(set(openers)) == C.FLOORS and set(openers) <= set(OPENERS), day["date"]


def test_every_floor_has_5_2l_2_3l_2_2p_on_distinct_legal_squares(every_day):
    for day in every_day:
        for floor in day["floors"]:
            squares = floor["squares"]
            assert {k: len(v) for k, v in squares.items()} == {"2L": 5, "3L": 2, "2P": 2}
            names = [name for names in squares.values() for name in names]
            assert len(set(names)) == 9
            assert set(names) <= set(legal_squares(floor["opener"])), day["date"]


@pytest.mark.parametrize("opener, covered", [
    ("FADO", {"B4", "C4", "D4", "E4"}),      # floor((7 − 4) / 2) = 1 → column B
    ("PRAXE", {"B4", "C4", "D4", "E4", "F4"}),
    ("TUNA", {"B4", "C4", "D4", "E4"}),
    ("CHOUPAL", {"A4", "B4", "C4", "D4", "E4", "F4", "G4"}),
    ("ALTA", {"B4", "C4", "D4", "E4"}),
    ("LATADA", {"A4", "B4", "C4", "D4", "E4", "F4"}),
])
def test_legal_squares_exclude_corners_and_the_centred_opener(opener, covered):
    legal = set(legal_squares(opener))
    assert not legal & (covered | set(C.CORNERS))
    assert len(legal) == 49 - 4 - len(opener)


def test_every_bag_is_exactly_the_117_tile_multiset(every_day):
    expected = Counter({letter: count for letter, _, count in C.TILES})
    for day in every_day:
        assert len(day["bag"]) == C.BAG_SIZE == 117
        assert Counter(day["bag"]) == expected, day["date"]


def test_every_help_order_uses_the_four_ids_and_cannot_run_out(every_day):
    assert HELPS_LENGTH == 235
    for day in every_day:
        assert len(day["helps"]) == HELPS_LENGTH
        assert set(day["helps"]) <= set(C.HELP_IDS)


def test_every_offer_is_3_distinct_trunfos_not_held_for_every_held_set(every_day):
    for day in every_day:
        offers = day["offers"]
        assert len(offers) == 1 + 6 + 15 + 20
        for key, offered in offers.items():
            held = set(key.split("+")) if key else set()
            assert key == offer_key(held) and len(held) <= 3
            assert held <= set(C.TRUNFO_IDS)
            assert len(offered) == 3 == len(set(offered)), (day["date"], key)
            assert set(offered) <= set(C.TRUNFO_IDS) - held


def test_offer_key_sorts_ids_so_the_choice_order_does_not_matter():
    assert offer_key(["latada", "cabra"]) == offer_key(["cabra", "latada"]) == "cabra+latada"
    assert offer_key([]) == ""


def test_days_differ_from_one_another(every_day):
    assert len({day["bag"] for day in every_day}) == len(every_day)


def test_same_date_gives_the_same_file(window):
    date = dt.date(2027, 6, 1)
    assert day_json(build_day(date, OPENERS, window)) == day_json(build_day(date, OPENERS, window))


def test_opener_order_in_the_source_does_not_change_the_tower(window):
    date = dt.date(2027, 6, 1)
    assert build_day(date, OPENERS, window) == build_day(date, OPENERS[::-1], window)


@pytest.mark.parametrize("date", GOLDEN_DATES)
def test_golden_days_are_pinned_byte_for_byte(date, window):
    built = day_json(build_day(dt.date.fromisoformat(date), OPENERS, window))
    assert built == (GOLDEN / f"{date}.json").read_text(encoding="utf-8")


def test_golden_files_carry_the_current_version():
    for date in GOLDEN_DATES:
        assert json.loads((GOLDEN / f"{date}.json").read_text())["version"] == DAYS_VERSION


@pytest.mark.parametrize("date", ["2026-10-31", "2028-03-15", "1999-01-01"])
def test_a_date_outside_the_window_is_a_clear_error(date, window):
    with pytest.raises(DayError, match=rf"{date} is outside the build window 2026-11-01"):
        build_day(dt.date.fromisoformat(date), OPENERS, window)


def test_the_last_day_of_the_window_builds(window):
    assert build_day(window.last, OPENERS, window)["date"] == window.last.isoformat()


def test_a_day_needs_22_distinct_openers(window):
    with pytest.raises(DayError, match="22 distinct openers"):
        build_day(window.first, OPENERS[:21], window)


def test_an_opener_with_a_letter_no_tile_has_is_refused(window):
    with pytest.raises(DayError, match="KAPA"):
        build_day(window.first, OPENERS[:21] + ["KAPA"], window)


def test_the_openers_are_checked_once_for_all_the_towers_a_writer_builds(tmp_path, window, monkeypatch):
    checked = []

    class Counted(days_module.Openers):
        def __new__(cls, items):
            checked.append(len(items))
            return super().__new__(cls, items)

    monkeypatch.setattr(days_module, "Openers", Counted)
    write_days(tmp_path, window.first, window.first + dt.timedelta(days=4), OPENERS, window)
    days_module.write_practice(tmp_path / "treino", OPENERS, count=5)
    assert checked == [22, 22]


def test_write_days_writes_one_file_per_date(tmp_path, window):
    last = window.first + dt.timedelta(days=2)
    assert write_days(tmp_path, window.first, last, OPENERS, window) == 3
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["2026-11-01.json", "2026-11-02.json", "2026-11-03.json", "indice.json"]
    assert (tmp_path / names[0]).read_bytes() == (GOLDEN / names[0]).read_bytes()


def test_the_day_index_lists_every_day_written_oldest_first_with_its_floor_1_opener(
        tmp_path, window):
    write_days(tmp_path, window.first, window.first + dt.timedelta(days=2), OPENERS, window)
    index = json.loads((tmp_path / "indice.json").read_text(encoding="utf-8"))
    assert index["v"] == 1
    assert [d["date"] for d in index["days"]] == ["2026-11-01", "2026-11-02", "2026-11-03"]
    for entry in index["days"]:
        day = json.loads((tmp_path / f"{entry['date']}.json").read_text(encoding="utf-8"))
        assert entry == {"date": day["date"], "opener": day["floors"][0]["opener"]}


def test_a_range_reaching_past_the_window_writes_no_file(tmp_path, window):
    with pytest.raises(DayError, match="outside the build window"):
        write_days(tmp_path / "dias", window.last - dt.timedelta(days=2),
                   window.last + dt.timedelta(days=1), OPENERS, window)
    assert not (tmp_path / "dias").exists()


def test_a_range_whose_first_day_is_after_its_last_is_an_error(tmp_path, window):
    with pytest.raises(DayError, match="2026-11-05 is after 2026-11-02"):
        write_days(tmp_path, dt.date(2026, 11, 5), dt.date(2026, 11, 2), OPENERS, window)


@pytest.mark.parametrize("instant, expected", [
    # Winter (UTC+0): Lisbon midnight is UTC midnight.
    ("2026-12-31T23:59:59+00:00", "2026-12-31"),
    ("2027-01-01T00:00:00+00:00", "2027-01-01"),
    # Summer (UTC+1): the day starts at 23:00 UTC the evening before.
    ("2027-07-14T22:59:59+00:00", "2027-07-14"),
    ("2027-07-14T23:00:00+00:00", "2027-07-15"),
    # 2027-03-28: clocks go forward at 01:00 UTC (01:00 → 02:00 Lisbon).
    ("2027-03-27T23:59:59+00:00", "2027-03-27"),
    ("2027-03-28T00:30:00+00:00", "2027-03-28"),
    ("2027-03-28T22:59:59+00:00", "2027-03-28"),
    ("2027-03-28T23:00:00+00:00", "2027-03-29"),
    # 2026-03-29: the change of the spec's example year.
    ("2026-03-28T23:30:00+00:00", "2026-03-28"),
    ("2026-03-29T00:30:00+00:00", "2026-03-29"),
    ("2026-03-29T22:30:00+00:00", "2026-03-29"),
    ("2026-03-29T23:30:00+00:00", "2026-03-30"),
    # 2026-10-25: clocks go back at 01:00 UTC (02:00 → 01:00 Lisbon).
    ("2026-10-24T22:59:59+00:00", "2026-10-24"),
    ("2026-10-24T23:00:00+00:00", "2026-10-25"),
    ("2026-10-25T00:59:59+00:00", "2026-10-25"),
    ("2026-10-25T01:00:00+00:00", "2026-10-25"),
    ("2026-10-25T23:59:59+00:00", "2026-10-25"),
    ("2026-10-26T00:00:00+00:00", "2026-10-26"),
    # Another zone's clock does not matter, only the instant.
    ("2027-01-01T08:30:00+09:00", "2026-12-31"),
])
def test_lisbon_date_is_the_calendar_day_in_europe_lisbon(instant, expected):
    assert lisbon_date(dt.datetime.fromisoformat(instant)).isoformat() == expected


def test_lisbon_date_refuses_a_naive_datetime():
    with pytest.raises(ValueError, match="aware"):
        lisbon_date(dt.datetime(2026, 12, 25, 12, 0))


def test_extend_window_rewrites_only_the_days_line(tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "x"\ndays = 3\n\n[tool.torre]\n# window\n'
                         'first_day = "2026-11-01"\ndays = 500\nwarn_days_left = 60\n')
    window = extend_window(100, pyproject)
    assert window.days == 600 and window.last == dt.date(2028, 6, 22)
    assert pyproject.read_text() == ('[project]\nname = "x"\ndays = 3\n\n[tool.torre]\n'
                                     '# window\nfirst_day = "2026-11-01"\ndays = 600\n'
                                     'warn_days_left = 60\n')


def test_extend_window_refuses_zero_days(tmp_path):
    with pytest.raises(ConfigError, match="positive"):
        extend_window(0, tmp_path / "pyproject.toml")


def test_a_window_config_without_days_is_a_clear_error(tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[tool.torre]\nfirst_day = "2026-11-01"\n')
    with pytest.raises(ConfigError, match=r"pyproject.toml: \[tool.torre\] needs"):
        load_window(pyproject)


def test_a_window_first_day_may_be_a_toml_date(tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text("[tool.torre]\nfirst_day = 2026-11-01\ndays = 400\nwarn_days_left = 60\n")
    assert load_window(pyproject).first == dt.date(2026, 11, 1)


@pytest.mark.parametrize("body, problem", [
    ('first_day = "2026-11-01"\ndays = 400\n', "lacks warn_days_left"),
    ('first_day = "1 Nov"\ndays = 400\nwarn_days_left = 60\n', "first_day '1 Nov' is not"),
    ('first_day = 2026-11-01T10:00:00\ndays = 400\nwarn_days_left = 60\n', "is not a date"),
    ('first_day = "2026-11-01"\ndays = "many"\nwarn_days_left = 60\n', "days 'many' is not"),
])
def test_a_bad_window_config_names_the_key_and_the_problem(tmp_path, body, problem):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text("[tool.torre]\n" + body)
    with pytest.raises(ConfigError, match=re.escape(problem)):
        load_window(pyproject)


@pytest.fixture
def fixture_openers(monkeypatch):
    monkeypatch.setattr(cli_days, "default_openers", lambda: list(OPENERS))


def test_days_show_prints_boards_first_hand_helps_and_offers(fixture_openers):
    result = CliRunner().invoke(main, ["days", "show", "2026-12-25"])
    assert result.exit_code == 0, result.output
    day = build_day(dt.date(2026, 12, 25), OPENERS)
    for number, floor in enumerate(day["floors"], start=1):
        assert f"Floor {number}: {floor['opener']}" in result.output
    assert "First hand: " + " ".join(day["bag"][:8]) in result.output
    assert ", ".join(day["helps"][:12]) in result.output
    assert f"(none){' ' * 22} → {', '.join(day['offers'][''])}" in result.output
    assert "  4 " in result.output and "3P" in result.output


def test_day_show_is_an_alias_of_days_show(fixture_openers):
    alias = CliRunner().invoke(main, ["day", "show", "2026-12-25"])
    assert alias.exit_code == 0, alias.output
    assert alias.output == CliRunner().invoke(main, ["days", "show", "2026-12-25"]).output
    assert "day " not in CliRunner().invoke(main, ["--help"]).output.replace("days ", "")


def test_days_show_outside_the_window_exits_1_with_the_reason(fixture_openers):
    result = CliRunner().invoke(main, ["days", "show", "2031-01-01"])
    assert result.exit_code == 1
    assert "2031-01-01 is outside the build window" in result.output


def test_days_show_with_a_malformed_date_is_a_usage_error(fixture_openers):
    result = CliRunner().invoke(main, ["days", "show", "25-12-2026"])
    assert result.exit_code == 2 and "not a date YYYY-MM-DD" in result.output


def test_days_build_writes_the_requested_range(tmp_path, fixture_openers):
    result = CliRunner().invoke(main, ["days", "build", "--out", str(tmp_path), "--first",
                                       "2026-12-24", "--last", "2026-12-26"])
    assert result.exit_code == 0, result.output
    assert "3 day files" in result.output
    assert (tmp_path / "2026-12-25.json").read_bytes() == (GOLDEN / "2026-12-25.json").read_bytes()


# Issue 13 item 4: `days extend 3000000` wrote pyproject.toml, then crashed with OverflowError.
@pytest.mark.parametrize("extra", [3_000_000, MAX_WINDOW_DAYS])
def test_extending_past_ten_years_is_refused_and_writes_nothing(tmp_path, extra):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[tool.torre]\nfirst_day = "2026-11-01"\ndays = 500\nwarn_days_left = 60\n')
    before = pyproject.read_bytes()
    with pytest.raises(ConfigError, match=f"at most {MAX_WINDOW_DAYS}"):
        extend_window(extra, pyproject)
    assert pyproject.read_bytes() == before


def test_days_extend_beyond_the_bound_is_a_usage_error():
    result = CliRunner().invoke(main, ["days", "extend", "3000000"])
    assert result.exit_code == 2 and "3000000" in result.output


def test_a_window_of_more_than_ten_years_is_a_config_error_not_an_overflow(tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[tool.torre]\nfirst_day = "2026-11-01"\ndays = 3000500\n'
                         'warn_days_left = 60\n')
    with pytest.raises(ConfigError, match=r"days must be 1–3653 \(ten years\), got 3000500"):
        load_window(pyproject)


def test_extend_window_replaces_the_file_atomically(tmp_path, monkeypatch):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[tool.torre]\nfirst_day = "2026-11-01"\ndays = 500\nwarn_days_left = 60\n')
    written = []
    monkeypatch.setattr(days_module, "write_atomic", lambda path, data: written.append(path))
    extend_window(10, pyproject)
    assert written == [pyproject]


# Issue 13 item 12: fromisoformat also took 20261225 and 2026-W52-5.
@pytest.mark.parametrize("text", ["20261225", "2026-W52-5", "2026-12-25T00:00", "2026-359"])
def test_days_show_takes_only_yyyy_mm_dd(fixture_openers, text):
    result = CliRunner().invoke(main, ["days", "show", text])
    assert result.exit_code == 2 and "not a date YYYY-MM-DD" in result.output


# Issue 31 item 7: `days build --first 0001-01-01 --last 9999-12-31` ran past a minute.
def test_days_build_of_more_than_ten_years_is_refused_at_once_like_days_extend(tmp_path,
                                                                               fixture_openers):
    result = CliRunner().invoke(main, ["days", "build", "--out", str(tmp_path), "--first",
                                       "0001-01-01", "--last", "9999-12-31"])
    assert result.exit_code == 2, result.output
    assert (f"0001-01-01 … 9999-12-31 would be 3652059 days; at most {MAX_WINDOW_DAYS} "
            "(ten years)") in result.output
    assert list(tmp_path.iterdir()) == []
