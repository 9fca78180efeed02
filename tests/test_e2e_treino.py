"""Treino (/treino/): practice towers played on the game's own page, with Sugestão (the best
common-word play, then the best play, marked and not placed), saved and resumed apart from
the day's run, never touching the daily statistics, the streak, the par counts or the
archive; reachable from every page's header, the end screen and the first-visit guide;
offline once visited."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e_archive import finish_by_passing
from e2e_support import (DESKTOP, GUIDE_SEEN, Player, browser, new_player,  # noqa: F401
                         play_praxe_by_taps, site_url)
from pipeline.serve import start_server
from e2e_support import axe_in_each_scheme, in_each_scheme

SMALL_PHONE = {"width": 360, "height": 640}
TOUCH = {"has_touch": True, "is_mobile": True}
NO_VIOLATIONS = {"light": [], "dark": []}
DAILY = {
    "torre.estatisticas": {"v": 1, "runs": 4, "wins": 1, "floors": [0, 2, 1, 0, 1], "best": 420, "streak": 3,
                           "bestStreak": 3, "lastDate": "2026-11-30", "parBeaten": 2, "parDate": "2026-11-29"},
    "torre.arquivo": {"v": 1, "runs": {}, "results": {"2026-11-20": {"floor": 2, "total": 90, "won": False}}, "daily": {}},
    "torre.corrida": {"v": 1, "date": "2026-12-01", "actions": [{"type": "pass"}]},
}


def daily_saves(player) -> dict:
    return player.page.evaluate("keys => Object.fromEntries(keys.map(k => [k, JSON.parse(localStorage.getItem(k))]))",
                                list(DAILY))


def open_practice(player, daily: bool = True) -> Player:
    """/treino/ ready, with a daily record already on the device (to check it never changes)."""
    player.open("/treino/")
    if daily:
        player.page.evaluate("saves => Object.entries(saves).forEach(([k, v]) => localStorage.setItem(k, JSON.stringify(v)))",
                             DAILY)
        player.page.reload()
    return player.wait_ready()


def use(player, action: str, keyboard: bool):
    """A button used by a tap, or from the keyboard (focused, then Enter)."""
    if keyboard:
        player.button(action).focus()
        player.press("Enter")
    else:
        player.button(action).tap()


def suggest(player, keyboard: bool, kind: str) -> dict:
    """Uses Sugestão and returns what it shows: {text, points, squares:[(square, letter)], tiles}."""
    use(player, "sugestao", keyboard)
    player.expect_text("#sugestao-texto", re.compile(rf"^Sugestão \({kind}\)"))
    text = player.text("#sugestao-texto")
    squares = player.page.locator("#tabuleiro .casa.sugerida").evaluate_all(
        "cells => cells.map(c => [c.dataset.square, c.querySelector('.letra').textContent])")
    tiles = player.page.locator("#mao .peca.sugerida").evaluate_all("ts => ts.map(t => t.querySelector('.letra').textContent)")
    return {"text": text, "points": int(re.search(r"(\d+) pontos?\.", text).group(1)), "squares": squares, "tiles": tiles}


def place_by_taps(player, squares):
    for square, letter in squares:
        player.tile(letter).tap()
        player.cell(square).tap()
    player.button("jogar").tap()


def place_by_keys(player, squares):
    """The cursor moved with the arrows to the first square, the direction set with Space, the letters typed."""
    first, last = squares[0][0], squares[-1][0]
    player.cell(player.page.locator("#tabuleiro [tabindex='0']").get_attribute("data-square")).focus()
    player.press("ArrowRight", "ArrowLeft")  # a cursor, wherever it was
    at = player.page.locator("#tabuleiro .casa.cursor").get_attribute("data-square")
    dx, dy = ord(first[0]) - ord(at[0]), int(first[1:]) - int(at[1:])
    player.press(*(["ArrowRight"] * dx + ["ArrowLeft"] * -dx + ["ArrowDown"] * dy + ["ArrowUp"] * -dy))
    if first[0] == last[0] and first != last:
        player.press(" ")  # down
    player.type_word("".join(letter for _, letter in squares))
    player.press("Enter")


def choose_trunfo_if_asked(player, keyboard: bool):
    player.page.wait_for_timeout(200)
    if player.page.locator("#dialogo .carta").count():
        if keyboard:
            player.page.locator("#dialogo .carta").first.focus()
            player.press("Enter")
        else:
            player.page.locator("#dialogo .carta").first.tap()
        expect(player.page.locator("#dialogo")).to_be_hidden()


@pytest.mark.parametrize("viewport,keyboard", [(SMALL_PHONE, False), (DESKTOP, True)], ids=["phone-taps", "desktop-keys"])
def test_a_practice_tower_is_played_to_its_end_with_suggestions_resumed_and_the_daily_record_unchanged(
        new_player, viewport, keyboard):
    options = {} if keyboard else TOUCH
    player = open_practice(new_player(viewport=viewport, route=False, **options))
    assert player.text("h1") == "Treino: torre n.º 1"
    assert player.text("#marca-treino") == "Treino n.º 1"
    common = suggest(player, keyboard, "com palavras comuns")
    assert common["squares"] and len(common["tiles"]) == len(common["squares"])
    assert sorted(common["tiles"]) == sorted(letter for _, letter in common["squares"])
    player.expect_text("#previsao", re.compile(r"^Sugestão: .+ \(palavras comuns\), \d+ pontos"))
    assert player.page.locator("#tabuleiro .casa.pendente").count() == 0, "shown, never placed"
    player.screenshot("treino-sugestao-comum")
    best = suggest(player, keyboard, "a melhor jogada")
    assert best["points"] >= common["points"]
    player.screenshot("treino-sugestao-melhor")
    (place_by_keys if keyboard else place_by_taps)(player, common["squares"])
    player.expect_text("#total", str(common["points"]))
    expect(player.page.locator("#tabuleiro .casa.sugerida")).to_have_count(0)
    expect(player.page.locator("#sugestao-texto")).to_be_hidden()
    choose_trunfo_if_asked(player, keyboard)

    player.page.reload()
    player.wait_ready()
    player.expect_text("#total", str(common["points"]))  # resumed
    assert player.text("h1") == "Treino: torre n.º 1"
    saved = player.page.evaluate("() => JSON.parse(localStorage.getItem('torre.treino'))")
    assert saved["run"]["number"] == 1 and saved["run"]["wordList"] == player.page.get_attribute("#jogo", "data-versao")

    finish_by_passing(player)
    player.expect_text("#dialogo-titulo", re.compile(r"^(Fim do treino|Subiu toda a torre de treino!)$"))
    assert "não entra nas estatísticas diárias, nos dias seguidos nem no arquivo, nem é comparado com o par" in player.text("#dialogo")
    player.screenshot("treino-fim")
    assert daily_saves(player) == DAILY, "the day's run, statistics, streak, par count and archive as they were"
    player.dialog_button("Fechar").click()
    player.button("estatisticas").click()
    facts = player.page.locator("#estatisticas-do-treino .factos dd").all_inner_texts()
    assert facts[0] == "1" and facts[1] in ("0", "1"), "the tower just played, first"
    facts = player.page.locator("#dialogo .factos").nth(1).locator("dd").all_inner_texts()
    assert facts == ["4", "1", "420", "3", "3", "2"], "Corridas … Dias seguidos … par: the daily ones, after"
    player.dialog_button("Fechar").click()
    player.button("proxima").click()
    player.expect_text("h1", "Treino: torre n.º 2")
    player.page.reload()
    player.wait_ready()
    assert player.text("h1") == "Treino: torre n.º 2", "the next tower is where the player is"
    assert daily_saves(player) == DAILY
    assert player.errors == []


def test_the_practice_page_works_offline_after_a_visit_sugestao_included(browser, built_dist):
    server, url = start_server(built_dist)
    context = browser.new_context(viewport=SMALL_PHONE, locale="pt-PT", service_workers="allow", **TOUCH)
    context.add_init_script(GUIDE_SEEN)
    try:
        page = context.new_page()
        player = Player(page, url).open("/treino/").wait_ready()
        player.wait_service_worker()
        common = page.get_attribute("#jogo", "data-comuns")
        player.wait_kept("/treino/0001.json", "/treino/0002.json", common)
        player.pass_turn()
        server.shutdown()
        server.server_close()
        context.set_offline(True)
        assert page.reload().from_service_worker
        player.wait_ready()
        assert player.number("jogadas") == 2 and player.text("h1") == "Treino: torre n.º 1"
        suggest(player, False, "com palavras comuns")
        player.screenshot("treino-offline")
        assert player.errors == []
    finally:
        context.close()
        server.server_close()


def test_the_end_screen_of_the_day_offers_treinar(new_player):
    player = new_player().open().wait_ready()
    player.pass_turn(3)
    player.dialog_button("Treinar").click()
    player.page.wait_for_url(re.compile(r"/treino/$"))
    player.wait_ready()
    assert player.text("h1") == "Treino: torre n.º 1"


def test_every_page_header_leads_to_treino(new_player):
    player = new_player(route=False)
    for path in ("/", "/arquivo/", "/como-jogar/", "/fontes/", "/coimbra/"):
        player.open(path)
        expect(player.page.locator("header nav a", has_text="Treino")).to_have_attribute("href", "/treino/")
    player.open("/treino/")
    expect(player.page.locator("header nav a[aria-current=page]")).to_have_text("Treino")


def test_the_guide_ends_offering_treinar_primeiro_or_todays_tower(new_player):
    player = new_player(viewport=SMALL_PHONE, guide=True).open().wait_ready()
    card = player.page.locator("#guia")
    card.get_by_role("button", name="Seguinte").click()
    play_praxe_by_taps(player)  # climbs: the trunfo dialog, with the guide's note
    expect(player.page.locator("#dialogo .guia-nota")).to_be_visible()
    player.page.locator("#dialogo .carta").first.click()
    player.expect_text("#guia-titulo", "E agora?")
    assert "treinar primeiro: nas torres de treino" in player.text("#guia-texto")
    expect(card.get_by_role("button", name="Continuar", exact=True)).to_be_visible()
    player.screenshot("guia-fim")
    card.get_by_role("button", name="Treinar primeiro").click()
    player.page.wait_for_url(re.compile(r"/treino/$"))
    player.wait_ready()
    assert player.page.evaluate("() => localStorage.getItem('torre.guia')") == "visto"
    expect(player.page.locator("#guia")).to_have_count(0)


def test_a_first_play_that_does_not_climb_ends_the_guide_with_both_ways_on(new_player):
    player = new_player(guide=True).open().wait_ready()
    card = player.page.locator("#guia")
    card.get_by_role("button", name="Seguinte").click()
    player.cell("F4").click()
    player.tile("S").click()  # FADOS: a play under the target
    player.expect_text("#previsao", re.compile(r"pontos"))
    player.button("jogar").click()
    player.expect_text("#guia-titulo", "Continue a subir")
    assert "treinar primeiro: nas torres de treino" in player.text("#guia-texto")
    expect(card.get_by_role("button", name="Treinar primeiro")).to_be_visible()
    expect(card.get_by_role("button", name="Saltar")).to_be_hidden()
    card.get_by_role("button", name="Continuar", exact=True).click()
    expect(card).to_be_hidden()
    assert player.page.url == player.url + "/"


# Three finished practice towers, and two results no run could have written (a floor past the
# fifth, a climb that ended on the third): those are left out of every figure.
PRACTICE = {"v": 1, "current": 6, "run": None, "results": {
    "1": {"floor": 5, "total": 612, "won": True}, "2": {"floor": 2, "total": 80, "won": False},
    "3": {"floor": 2, "total": 95, "won": False},
    "4": {"floor": 9, "total": 700, "won": False}, "5": {"floor": 3, "total": 900, "won": True}}}


def statistics(player, path: str):
    """Estatísticas opened on `path`: (its headings, its lists of facts, its histograms' counts)."""
    player.open(path).wait_ready()
    player.button("estatisticas").click()
    player.expect_text("#dialogo-titulo", "Estatísticas")
    dialog = player.page.locator("#dialogo")
    facts = [dl.locator("dd").all_inner_texts() for dl in dialog.locator(".factos").all()]
    counts = [ol.locator("li").evaluate_all("items => items.map((li) => li.dataset.conta)") for ol in dialog.locator(".colunas").all()]
    return dialog.locator("h3").all_inner_texts(), facts, counts


@pytest.mark.parametrize("viewport", [SMALL_PHONE, DESKTOP], ids=["phone", "desktop"])
def test_estatisticas_from_treino_show_the_practice_figures_first_then_the_daily_ones(new_player, viewport):
    player = new_player(viewport=viewport, route=False)
    player.open("/treino/")
    player.page.evaluate("saves => Object.entries(saves).forEach(([k, v]) => localStorage.setItem(k, JSON.stringify(v)))",
                         {**DAILY, "torre.treino": PRACTICE})
    headings, facts, counts = statistics(player, "/treino/")
    assert headings == ["Treino", "Onde acabaram as corridas de treino", "Torres diárias", "Onde acabaram as corridas",
                        "Os dias jogados", "Adversários", "Desafios", "Levar para outro aparelho"]
    assert player.page.locator("#estatisticas-do-treino dt").all_inner_texts() == [
        "Corridas", "Torres subidas", "Melhor pontuação"]
    assert facts[0] == ["3", "1", "612"], "towers played, climbed to the top, best total"
    assert counts[0] == ["0", "2", "0", "0", "0", "1"], "where the practice towers ended: the climbed one at the top"
    assert facts[1] == ["4", "1", "420", "3", "3", "2"] and counts[1] == ["0", "2", "1", "0", "0", "1"], "then the daily ones"
    assert player.page.locator("#estatisticas-treino").count() == 0, "the practice line would say it twice"
    assert axe_in_each_scheme(player, "treino-estatisticas") == NO_VIOLATIONS
    player.page.locator("#grafico-treino").scroll_into_view_if_needed()
    for _ in in_each_scheme(player, "treino-estatisticas-histograma"):
        pass  # the chart scrolled into view, screenshotted in each scheme

    headings, facts, counts = statistics(player, "/")  # the daily page as before, with its practice line and chart
    assert headings == ["Onde acabaram as corridas", "Os dias jogados", "Adversários", "Desafios", "Treino",
                        "Levar para outro aparelho"]
    assert facts == [["4", "1", "420", "3", "3", "2"]]
    assert counts == [["0", "2", "1", "0", "0", "1"], ["0", "2", "0", "0", "0", "1"]]
    player.expect_text("#estatisticas-treino", re.compile(r"^Treino: 3 corridas, 1 torre subida "))
    assert player.errors == []


@pytest.mark.parametrize("viewport", [SMALL_PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_practice_screens_have_no_axe_violations(new_player, viewport):
    player = open_practice(new_player(viewport=viewport, route=False), daily=False)
    assert axe_in_each_scheme(player) == NO_VIOLATIONS, "the practice page"
    player.button("sugestao").click()
    player.expect_text("#sugestao-texto", re.compile(r"^Sugestão"))
    assert axe_in_each_scheme(player, "treino-sugestao") == NO_VIOLATIONS, "a suggestion shown"
    finish_by_passing(player)
    assert axe_in_each_scheme(player, "treino-fim") == NO_VIOLATIONS, "the practice end screen"
    player.dialog_button("Fechar").click()
    player.button("estatisticas").click()
    assert axe_in_each_scheme(player) == NO_VIOLATIONS, "the statistics with the practice line"
