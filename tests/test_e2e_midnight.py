"""Midnight in Lisbon with a run under way (issue 28 §1): the run goes on as its own day's
tower and counts for that day when it ends, streak included; the new tower is offered, not
forced; a reload, a second tab or a change of summer time never loses it. The stores' side is
tests/js/ui/midnight.test.mjs."""
from __future__ import annotations

import json
import re

import pytest

from e2e_archive import finish_by_passing
from e2e_support import DESKTOP, PHONE, browser, fixture_day, new_player, play_praxe_by_taps, site_url  # noqa: F401
from e2e_support import axe_violations

DAY_FILE = re.compile(r"/dias/(\d{4}-\d{2}-\d{2})\.json$")


def every_day_the_fixture(page):
    """Every day file is the fixture tower under its own date, so any two days play alike."""
    def handle(route):
        date = DAY_FILE.search(route.request.url).group(1)
        route.fulfill(status=200, content_type="application/json",
                      body=json.dumps({**fixture_day(), "date": date}, ensure_ascii=False))

    page.context.route(DAY_FILE, handle)  # every tab of the player


def stored(page, key: str):
    return page.evaluate("key => JSON.parse(localStorage.getItem(key))", key)


def open_at(new_player, time: str, viewport=DESKTOP, scheme="light"):
    player = new_player(viewport=viewport, clock=None, route=False, color_scheme=scheme)
    every_day_the_fixture(player.page)
    player.page.clock.install(time=time)
    return player.open().wait_ready()


def climb_and_leave_a_tile(player):
    """PRAXE (62, a climb), a trunfo chosen, and S left pending on A1: a run well under way."""
    play_praxe_by_taps(player)
    player.page.locator("#dialogo .carta").first.click()
    player.page.locator("#dialogo").wait_for(state="hidden")
    player.tile("S").click()
    player.cell("A1").click()
    assert player.label("A1").startswith("S 1 ponto, A1, por confirmar")


SIZES = [(DESKTOP, "light"), (PHONE, "dark")]


@pytest.mark.parametrize("viewport, scheme", SIZES, ids=["desktop-light", "phone-dark"])
def test_a_run_under_way_at_midnight_goes_on_and_counts_for_its_own_day(new_player, viewport, scheme):
    player = open_at(new_player, "2026-12-01T23:58:30Z", viewport, scheme)  # 23:58:30 in Lisbon (winter time)
    climb_and_leave_a_tile(player)
    player.page.clock.run_for(120_000)
    player.expect_text("#outro-dia-texto", "Já passou a meia-noite: esta corrida conta para o dia 01/12/2026.")
    assert player.page.locator("#outro-dia-ligacao").get_attribute("href") == "/"
    assert player.text("h1") == "A torre de 01/12/2026"
    assert player.number("total") == 62 and player.text("#andar") == "2.º andar"
    assert player.label("A1").startswith("S 1 ponto, A1, por confirmar")
    assert stored(player.page, "torre.corrida") is None  # the day's save is the new day's now
    assert stored(player.page, "torre.arquivo")["runs"]["2026-12-01"]["daily"] is True
    assert axe_violations(player.page) == []
    player.screenshot(f"meia-noite-corrida-continua-{scheme}")
    finish_by_passing(player)
    stats = stored(player.page, "torre.estatisticas")
    assert (stats["runs"], stats["lastDate"], stats["streak"], stats["floors"][1]) == (1, "2026-12-01", 1, 1)
    assert "2026-12-01" in stored(player.page, "torre.arquivo")["daily"]
    assert player.errors == []


@pytest.mark.parametrize("viewport, scheme", SIZES, ids=["desktop-light", "phone-dark"])
def test_a_reload_after_midnight_offers_the_unfinished_run_which_resumes_where_it_was(new_player, viewport, scheme):
    player = open_at(new_player, "2026-12-01T23:59:00Z", viewport, scheme)
    climb_and_leave_a_tile(player)
    player.page.clock.set_system_time("2026-12-02T08:00:00Z")
    player.page.reload()
    player.wait_ready()
    assert player.text("h1") == "A torre de hoje"
    assert player.number("total") == 0  # today's tower, fresh
    link = player.page.locator("#outro-dia-ligacao")
    assert link.inner_text() == "Acabar essa corrida"
    assert "01/12/2026" in player.text("#outro-dia-texto")
    assert axe_violations(player.page) == []
    player.screenshot(f"meia-noite-oferta-{scheme}")
    link.click()
    player.wait_ready()
    assert player.number("total") == 62 and player.text("#andar") == "2.º andar"
    assert player.label("A1").startswith("S 1 ponto, A1, por confirmar")
    assert "Esta corrida é da torre do dia 01/12/2026 e conta para esse dia" in player.text("#outro-dia-texto")
    assert axe_violations(player.page) == []
    player.screenshot(f"meia-noite-retomada-{scheme}")
    finish_by_passing(player)
    assert "conta à parte" not in player.text("#dialogo")  # it counts as the day's tower
    stats = stored(player.page, "torre.estatisticas")
    assert (stats["runs"], stats["lastDate"], stats["streak"]) == (1, "2026-12-01", 1)
    player.page.goto(player.url + "/arquivo/")
    player.page.wait_for_selector("#arquivo[data-arquivo=pronto]")
    assert "2.º andar, 62 pontos" in player.text("li[data-date='2026-12-01']")
    assert player.errors == []


def test_a_run_left_for_days_is_still_in_the_archive_in_progress(new_player):
    player = open_at(new_player, "2026-12-01T23:59:00Z")
    climb_and_leave_a_tile(player)
    player.page.clock.set_system_time("2026-12-05T12:00:00Z")
    player.page.reload()
    player.wait_ready()  # the day's tower of 5 December carried the run of the 1st into the archive
    player.page.goto(player.url + "/arquivo/")
    player.page.wait_for_selector("#arquivo[data-arquivo=pronto]")
    assert "em curso" in player.text("li[data-date='2026-12-01']")
    player.page.goto(player.url + "/?dia=2026-12-01")
    player.wait_ready()
    assert player.number("total") == 62


def test_midnight_on_the_night_summer_time_ends_comes_at_lisbon_midnight_not_utc(new_player):
    # 24 October 2026, 23:58:30 in Lisbon is 22:58:30 UTC (summer time); clocks go back at 01:00 UTC.
    player = open_at(new_player, "2026-10-24T22:58:30Z")
    climb_and_leave_a_tile(player)
    player.page.clock.run_for(120_000)  # 00:00:30 in Lisbon, 23:00:30 UTC: still 24 October in UTC
    player.expect_text("#outro-dia-texto", re.compile("conta para o dia 24/10/2026"))
    player.page.clock.run_for(3 * 3600_000)  # past the change of time: nothing more changes
    assert player.text("h1") == "A torre de 24/10/2026"
    assert player.number("total") == 62
    finish_by_passing(player)
    assert stored(player.page, "torre.estatisticas")["lastDate"] == "2026-10-24"


def test_a_second_tab_opened_after_midnight_never_overwrites_the_run_the_first_goes_on_with(new_player):
    first = open_at(new_player, "2026-12-01T23:59:30Z")
    climb_and_leave_a_tile(first)
    first.page.clock.set_system_time("2026-12-02T00:00:20Z")  # no timer has run in the first tab yet
    second_page = first.page.context.new_page()
    second = type(first)(second_page, first.url)
    second.open().wait_ready()
    assert second.page.locator("#outro-dia-ligacao").inner_text() == "Acabar essa corrida"
    second.button("baralhar").click()  # the new day's run begins: its save is written
    first.button("baralhar").click()  # the first tab goes on with the day before's run
    first.page.clock.run_for(61_000)
    first.expect_text("#outro-dia-texto", re.compile("conta para o dia 01/12/2026"))
    today = stored(first.page, "torre.corrida")
    assert today["date"] == "2026-12-02" and today["actions"] == [{"type": "shuffle"}]
    kept = stored(first.page, "torre.arquivo")["runs"]["2026-12-01"]
    assert kept["daily"] is True and kept["actions"][-1]["type"] == "shuffle"
    second.page.goto(second.url + "/?dia=2026-12-01")
    second.wait_ready()
    assert second.number("total") == 62 and second.hand() == first.hand()
    assert first.errors == [] and second.errors == []


# Issue 41, item 2: at midnight with a full storage the run in progress was deleted.
FILL_STORAGE = """() => {
  let n = 0;
  for (let size = 1 << 20; size >= 8; size >>= 1) {
    try { for (;;) localStorage.setItem(`lastro.${n++}`, "x".repeat(size)); } catch { /* this size is full */ }
  }
  return n;
}"""
FREE_STORAGE = "() => Object.keys(localStorage).filter((k) => k.startsWith('lastro.')).forEach((k) => localStorage.removeItem(k))"


def test_a_run_under_way_at_midnight_with_a_full_storage_stays_where_it_was_and_says_so(new_player):
    player = open_at(new_player, "2026-12-01T23:58:00Z", PHONE, "light")
    player.pass_turn(2)
    passes = stored(player.page, "torre.corrida")["actions"]
    assert [a["type"] for a in passes] == ["pass", "pass"]
    player.page.evaluate(FILL_STORAGE)
    player.page.clock.run_for(150_000)
    player.expect_text("#outro-dia-texto", re.compile(
        r"^Já passou a meia-noite: esta corrida conta para o dia 01/12/2026\. Como o armazenamento está cheio, não passa "
        r"para o arquivo: acabe-a aqui"))
    assert stored(player.page, "torre.corrida") == {"v": 1, "date": "2026-12-01", "actions": passes,
                                                    "wordList": stored(player.page, "torre.corrida")["wordList"]}
    assert axe_violations(player.page) == []
    player.screenshot("meia-noite-armazenamento-cheio")
    player.page.reload()
    player.wait_ready()
    player.expect_text("#outro-dia-texto", re.compile(r"^A corrida de 01/12/2026 ficou a meio e continua guardada, mas, "
                                                      r"como o armazenamento está cheio.*recarregue a página"))
    player.button("baralhar").click()  # today's run begins: its save never writes over the kept one
    player.expect_text("#dialogo-titulo", "Não foi possível guardar a corrida")
    player.dialog_button("Continuar a jogar").click()
    assert stored(player.page, "torre.corrida")["actions"] == passes
    player.page.evaluate(FREE_STORAGE)
    player.button("baralhar").click()  # space again: the kept run moves into the archive, today's is saved
    kept = stored(player.page, "torre.arquivo")["runs"]["2026-12-01"]
    assert kept["daily"] is True and kept["actions"] == passes
    assert stored(player.page, "torre.corrida")["date"] == "2026-12-02"
    assert player.errors == []


# Issue 41, item 5: setting the clock back after a run was kept past midnight began that day afresh.
def test_the_clock_set_back_to_a_day_whose_run_was_kept_past_midnight_resumes_that_run(new_player):
    player = open_at(new_player, "2026-12-01T23:58:30Z")
    climb_and_leave_a_tile(player)
    player.page.clock.run_for(120_000)
    player.expect_text("#outro-dia-texto", re.compile("conta para (o dia )?01/12/2026"))
    assert stored(player.page, "torre.corrida") is None
    player.page.clock.set_system_time("2026-12-01T20:00:00Z")  # the clock set back to the 1st
    player.page.reload()
    player.wait_ready()
    assert player.number("total") == 62 and player.text("#andar") == "2.º andar", "the kept run, not a fresh one"
    player.button("baralhar").click()
    kept = stored(player.page, "torre.arquivo")["runs"]["2026-12-01"]["actions"]
    assert stored(player.page, "torre.corrida")["actions"][:len(kept)] == kept, "the same run, taken further"
    player.page.clock.set_system_time("2026-12-02T08:00:00Z")
    player.page.reload()
    player.wait_ready()
    assert stored(player.page, "torre.arquivo")["runs"]["2026-12-01"]["actions"][-1] == {"type": "shuffle"}, "no log dropped"
    assert player.errors == []
