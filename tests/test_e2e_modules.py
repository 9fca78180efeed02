"""The page's pure helpers, run in Chromium as the page runs them (real Intl time zones)."""
from __future__ import annotations

import json

import pytest

from e2e_support import browser, site_url  # noqa: F401


@pytest.fixture(scope="module")
def page(browser, site_url):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(site_url + "/como-jogar/")  # same origin, no game running
    home = page.evaluate("() => fetch('/').then(r => r.text())")
    page.static = home.split('data-static="', 1)[1].split('"', 1)[0]  # /static/<hash>/
    yield page
    context.close()


def call(page, module: str, expression: str, also: str | None = None):
    """Evaluates `expression` with the page's module `ui/<screen>/<module>.js` bound as `m` (and `also`, one
    more, as `later`)."""
    more = f"const later = await import('{page.static}js/ui/{also}.js'); " if also else ""
    return page.evaluate(f"async () => {{ const m = await import('{page.static}js/ui/{module}.js'); {more}"
                         f"return {expression}; }}")


@pytest.mark.parametrize("instant, date, left", [
    ("2026-12-01T10:00:00Z", "2026-12-01", "14:00:00"),
    ("2027-06-30T23:30:00Z", "2027-07-01", "23:30:00"),   # summer: Lisbon is UTC+1
    ("2027-03-27T23:30:00Z", "2027-03-27", "00:30:00"),   # the eve of the spring change
    ("2027-03-28T00:30:00Z", "2027-03-28", "22:30:00"),   # a 23-hour day
    ("2027-10-31T00:30:00Z", "2027-10-31", "23:30:00"),   # a 25-hour day (01:30 summer time)
])
def test_lisbon_date_and_time_to_midnight_follow_lisbon_dst(page, instant, date, left):
    got = call(page, "shared/lisbon_date", f"[m.lisbonDate(Date.parse('{instant}')), "
                                    f"m.formatCountdown(m.msUntilLisbonMidnight(Date.parse('{instant}')))]")
    assert got == [date, left]


@pytest.mark.parametrize("hand, typed, expected", [
    ("ACÇ", "C", {"letter": "C"}),
    ("AÇ", "C", {"letter": "Ç"}),          # no C: the Ç tile, which reads as C
    ("AC", "Ç", {"letter": "C"}),          # no Ç: a C reads the same
    ("A?", "Ç", {"letter": "?", "as": "C"}),  # the blank cannot be Ç: it becomes C
    ("A?", "Z", {"letter": "?", "as": "Z"}),
    ("AB", "Z", None),
])
def test_typed_letter_uses_own_tile_then_its_twin_then_the_blank(page, hand, typed, expected):
    tiles = json.dumps([{"id": i, "letter": letter, "value": 1} for i, letter in enumerate(hand)])
    got = call(page, "game/cursor", f"(c => c && {{letter: c.tile.letter, ...(c.letter ? {{as: c.letter}} : {{}})}})"
                               f"(m.tileForLetter({tiles}, '{typed}'))")
    assert got == expected


def test_keys_fold_accents_and_keep_cedilla(page):
    got = call(page, "game/keyboard_input", "['á', 'ç', 'Ã', 'k', '1', 'Enter'].map(m.typedLetter)")
    assert got == ["A", "Ç", "A", "K", None, None]


def test_streak_grows_on_consecutive_days_and_breaks_after_a_gap(page):
    got = call(page, "shared/storage", """(() => {
      const lost = (floor, total) => ({won: false, floorReached: floor, total});
      let s = m.emptyStats();
      s = m.addRun(s, '2026-12-30', lost(2, 40));
      s = m.addRun(s, '2026-12-31', lost(3, 90));
      s = m.addRun(s, '2026-12-31', lost(5, 999));   // the same day again: not counted
      s = m.addRun(s, '2027-01-01', {won: true, floorReached: 5, total: 500});
      const afterThree = [s.streak, s.bestStreak, s.runs, s.wins, s.best, s.floors.join('')];
      s = m.addRun(s, '2027-01-03', lost(1, 3));
      return [afterThree, [s.streak, s.bestStreak, later.currentStreak(s, '2027-01-05')]];
    })()""", also="shared/stats_later")
    assert got == [[3, 3, 3, 1, 500, "01101"], [1, 3, 0]]


def test_stats_export_round_trips_and_tampering_is_refused(page):
    got = call(page, "shared/stats_import", f"""import('{page.static}js/ui/shared/storage.js').then((storage) => {{
      const s = storage.addRun(storage.emptyStats(), '2026-12-01', {{won: false, floorReached: 2, total: 61}});
      const text = m.exportStats(s);
      const back = m.parseStatsExport('  ' + text + '\\n');
      const cut = m.parseStatsExport(text.slice(0, -6));
      return [back.ok && JSON.stringify(back.stats) === JSON.stringify(s), cut.ok, cut.message];
    }})""")
    assert got[:2] == [True, False]
    assert got[2] in ("O texto está incompleto ou foi alterado; copie-o outra vez.", "O texto não tem estatísticas válidas.")


def test_share_text_of_a_won_tower_has_one_line_per_floor_and_no_words(page):
    got = call(page, "game/share", """m.shareText({won: true, floorReached: 5, total: 520,
      floors: [40, 60, 90, 130, 200], trunfos: ['fitas', 'cabra', 'latada', 'grelo'],
      bestPlay: {words: ['PRAXE'], points: 62}, trunfoEmoji: ['🎀', '🔔', '🎉', '🌱']},
      '2026-12-01', {targets: [25, 50, 75, 110, 150]})""")
    assert got.splitlines() == [
        "A Torre · 01/12/2026",
        "🏆 Subi a torre toda com 520 pontos.",
        "1.º andar 🟩 40/25 🎀",
        "2.º andar 🟩 60/50 🔔",
        "3.º andar 🟩 90/75 🎉",
        "4.º andar 🟩 130/110 🌱",
        "5.º andar 🟩 200/150",
    ]
