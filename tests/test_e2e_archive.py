"""The archive: the days before today listed newest first, a past day played on
the game page at /?dia=, saved and resumed apart from today's run, never
counted for the streak or the daily statistics; days it will not open refused."""
from __future__ import annotations

import base64
import json
import re

import pytest

from e2e_archive import finish_by_passing, first_play, make_play
from e2e_support import DESKTOP, browser, new_player, play_praxe_by_taps, site_url  # noqa: F401
from e2e_support import axe_in_each_scheme

PAST = "2026-11-30"  # the day before the fixed clock's day (2026-12-01)
STREAK_STATS = {"v": 1, "runs": 4, "wins": 0, "floors": [0, 2, 2, 0, 0], "best": 200, "streak": 4,
                "bestStreak": 4, "lastDate": "2026-11-30"}
NO_VIOLATIONS = {"light": [], "dark": []}


def day_file(dist, date: str) -> dict:
    return json.loads((dist / "dias" / f"{date}.json").read_text(encoding="utf-8"))


def console_errors(player) -> list[str]:
    errors = []
    player.page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    return errors


def open_archive(player):
    player.open("/arquivo/")
    player.page.wait_for_selector("#arquivo[data-arquivo=pronto]")
    return player.page.locator("#arquivo-lista li")


def test_the_archive_lists_every_day_before_today_newest_first_with_its_opener(new_player, built_dist):
    player = new_player(route=False)
    errors = console_errors(player)
    items = open_archive(player)
    index = json.loads((built_dist / "dias" / "indice.json").read_text(encoding="utf-8"))
    expected = sorted((d["date"] for d in index["days"] if d["date"] < "2026-12-01"), reverse=True)
    dates = items.evaluate_all("items => items.map(i => i.dataset.date)")
    assert dates == expected and dates[0] == PAST
    for item, date in zip(items.all()[:10], dates[:10]):
        assert f"?dia={date}" in item.locator("a").get_attribute("href")
        assert item.locator(".arquivo-abertura").inner_text() == day_file(built_dist, date)["floors"][0]["opener"]
    assert player.page.locator("#arquivo-lista h2").first.inner_text() == "Novembro de 2026"
    assert "2026-12-01" not in player.page.content(), "today is never listed"
    player.screenshot("arquivo")
    assert player.errors == [] and errors == []


def test_a_past_day_plays_its_own_tower_resumes_and_never_touches_the_streak(new_player, built_dist):
    player = new_player(viewport=DESKTOP, route=False)
    errors = console_errors(player)
    player.open("/")
    player.page.evaluate("s => localStorage.setItem('torre.estatisticas', JSON.stringify(s))", STREAK_STATS)
    player.open(f"/?dia={PAST}").wait_ready()
    expect_opener = day_file(built_dist, PAST)["floors"][0]["opener"]
    assert player.text("h1") == "A torre de 30/11/2026"
    assert "Arquivo" in player.text("#marca-arquivo")
    row = player.page.locator("#tabuleiro [role=row]").nth(3).locator("[role=gridcell]").evaluate_all(
        "cells => cells.map(c => c.querySelector('.letra')?.textContent ?? '').join('')")
    assert row == expect_opener, "the board opens with that day's opener"
    play = first_play(built_dist, PAST)
    make_play(player, play)
    player.expect_text("#total", str(play["points"]))
    player.page.reload()
    player.wait_ready()
    player.expect_text("#total", str(play["points"]))  # resumed
    saved = player.page.evaluate("() => [localStorage.getItem('torre.corrida'), JSON.parse(localStorage.getItem('torre.arquivo'))]")
    assert saved[0] is None, "today's run is untouched"
    assert saved[1]["runs"][PAST]["wordList"] == player.page.get_attribute("#jogo", "data-versao")
    finish_by_passing(player)
    player.expect_text("#par-linha", re.compile(r"^Par do dia: "))  # the analysis has answered
    player.screenshot("arquivo-fim")
    player.dialog_button("Estatísticas").click()
    player.expect_text("#dialogo-titulo", "Estatísticas")
    facts = player.page.locator("#dialogo .factos dd").all_inner_texts()
    assert facts == ["4", "0", "200", "4", "4", "0"], "runs, towers, best, Dias seguidos, best streak, par: as before"
    assert "Dias seguidos" in player.text("#dialogo .factos")
    player.expect_text("#estatisticas-arquivo", re.compile(r"^Arquivo: 1 corrida, nenhuma torre subida "))
    player.page.locator("#dialogo").get_by_role("button", name="Exportar").click()
    exported = player.page.input_value("#estatisticas-texto")
    payload = json.loads(base64.b64decode(exported.removeprefix("TORRE-ESTATISTICAS-1:")))
    assert list(payload["arquivo"]["results"]) == [PAST], "the archive's finished day travels with the statistics"
    player.screenshot("arquivo-estatisticas")
    assert player.page.evaluate("() => JSON.parse(localStorage.getItem('torre.estatisticas'))") == STREAK_STATS
    items = open_archive(player)
    assert re.search(r"andar, \d+ pontos, par (não )?batido", items.first.inner_text()), \
        "the finished day shows its result and the par's verdict"
    assert player.page.evaluate("() => JSON.parse(localStorage.getItem('torre.estatisticas'))") == STREAK_STATS, \
        "a par beaten in the archive is never counted in the daily statistics"
    assert player.errors == [] and errors == []


def test_an_unfinished_archive_day_is_shown_in_progress(new_player, built_dist):
    player = new_player(route=False).open(f"/?dia={PAST}").wait_ready()
    player.pass_turn()
    items = open_archive(player)
    assert items.first.locator(".arquivo-resultado").inner_text() == "em curso"


def test_a_future_malformed_or_unknown_day_is_refused_with_the_ways_on(new_player):
    player = new_player(route=False)
    cases = {"2026-12-02": "ainda não abriu", "ontem": "não indica um dia válido", "2026-02-30": "não indica um dia válido",
             "2019-01-01": "não está no arquivo"}
    for value, says in cases.items():
        player.open(f"/?dia={value}")
        player.page.wait_for_selector("#erro:not([hidden])")
        assert says in player.text("#erro-texto"), value
        assert player.page.locator("#partida").is_hidden()
        links = player.page.locator("#erro-ligacoes a")
        assert links.evaluate_all("links => links.map(a => a.getAttribute('href'))") == ["/", "/arquivo/"]
    player.screenshot("arquivo-recusado")
    assert player.errors == []



@pytest.mark.parametrize("value, heading", [("2019-01-01", "A torre de 01/01/2019"), ("2026-12-02", "A torre de 02/12/2026")])
def test_a_day_the_site_will_not_have_is_named_once_and_offers_only_what_helps(new_player, value, heading):
    """Issue 24: a day outside the window said its date twice and offered «Tentar outra vez»,
    which cannot help; the heading names the day, the message does not repeat it, and the
    ways on are today's tower and the archive."""
    player = new_player(route=False).open(f"/?dia={value}")
    player.page.wait_for_selector("#erro:not([hidden])")
    assert player.page.locator("h1").all_inner_texts() == [heading]
    assert player.page.locator("h1").is_visible(), "the heading shows which day was asked for"
    shown = value.split("-")[::-1]
    assert "/".join(shown) not in player.text("#erro-texto"), "the date is said once, in the heading"
    assert not player.page.get_by_role("button", name="Tentar outra vez").is_visible()
    ways = player.page.locator("#erro-ligacoes a")
    assert ways.all_inner_texts() == ["Jogar a torre de hoje", "Ver o arquivo"] and ways.first.is_visible()
    player.screenshot(f"arquivo-recusado-{value}")
    ways.first.click()
    player.wait_ready()
    assert player.text("h1") == "A torre de hoje"
    assert player.errors == []


def test_a_past_day_that_fails_to_download_still_offers_to_try_again(new_player):
    player = new_player(route=False)
    player.page.route(re.compile(r"/dias/2026-11-30\.json$"), lambda route: route.abort())
    player.open(f"/?dia={PAST}")
    player.page.wait_for_selector("#erro:not([hidden])")
    assert player.page.get_by_role("button", name="Tentar outra vez").is_visible()
    assert player.page.locator("#erro-ligacoes a").first.is_visible()

def test_today_by_its_date_is_just_todays_tower(new_player):
    player = new_player().open("/?dia=2026-12-01").wait_ready()
    assert player.text("h1") == "A torre de hoje"
    assert player.page.locator("#marca-arquivo").count() == 0


def test_the_archive_a_past_day_and_a_refused_day_have_no_axe_violations(new_player):
    player = new_player(viewport=DESKTOP, route=False)
    player.open("/")
    player.page.evaluate("() => localStorage.setItem('torre.arquivo', JSON.stringify({v: 1, runs: {'2026-11-29': "
                         "{actions: [{type: 'pass'}]}}, results: {'2026-11-28': {floor: 3, total: 180, won: false}}}))")
    open_archive(player)
    assert axe_in_each_scheme(player, "arquivo") == NO_VIOLATIONS, "/arquivo/"
    player.open(f"/?dia={PAST}").wait_ready()
    assert axe_in_each_scheme(player) == NO_VIOLATIONS, PAST
    player.open("/?dia=2026-12-02")
    player.page.wait_for_selector("#erro:not([hidden])")
    assert axe_in_each_scheme(player) == NO_VIOLATIONS, "a future day"


def test_todays_save_from_before_word_list_versions_still_resumes(new_player):
    player = new_player().open().wait_ready()
    play_praxe_by_taps(player)
    player.expect_text("#total", "62")
    player.page.evaluate("""() => {
        const save = JSON.parse(localStorage.getItem('torre.corrida'));
        localStorage.setItem('torre.corrida', JSON.stringify({v: 1, date: save.date, actions: save.actions}));
    }""")
    player.page.reload()
    player.wait_ready()
    player.expect_text("#total", "62")
    assert player.page.evaluate("() => JSON.parse(localStorage.getItem('torre.corrida')).actions.length") > 0
    assert player.errors == []


def test_a_past_day_on_a_phone_shows_its_mark_board_hand_and_jogar_without_scrolling(new_player):
    player = new_player(viewport={"width": 360, "height": 640}, route=False, has_touch=True, is_mobile=True)
    player.open(f"/?dia={PAST}").wait_ready()
    for selector in ["#marca-arquivo", "#tabuleiro", "#mao", "[data-action=jogar]"]:
        box = player.page.locator(selector).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 640 and box["x"] + box["width"] <= 360, selector
    player.screenshot("arquivo-dia")
