"""What goes wrong is said in Portuguese: bad saves, a missing day file, a broken DAWG,
a module or stylesheet that does not load (with a button that tries again)."""
from __future__ import annotations

import json
import re

from e2e_support import DESKTOP, PHONE, browser, fixture_day, new_player, site_url  # noqa: F401

RUN_KEY = "torre.corrida"


def saved(player, value: str):
    """Opens the game once, stores `value` as the saved run, and reloads."""
    player.open().wait_ready()
    player.page.evaluate("([key, value]) => localStorage.setItem(key, value)", [RUN_KEY, value])
    player.page.reload()


def test_unreadable_save_is_reported_and_the_player_can_start_over(new_player):
    player = new_player()
    saved(player, "{isto não é json")
    player.expect_text("#dialogo-titulo", "Não foi possível retomar a corrida")
    # Why, for a developer, is under «Detalhes» (test_e2e_diagnostics.py), not in the sentence.
    assert "A corrida guardada não se consegue ler." in player.page.locator("#dialogo-corpo details").text_content()
    player.screenshot("registo-danificado")
    player.dialog_button("Recomeçar a torre de hoje").click()
    player.wait_ready()
    assert player.hand() == "PRXESTUM"
    assert player.page.evaluate("key => localStorage.getItem(key)", RUN_KEY) is None
    assert player.errors == []


def test_save_of_an_unknown_version_is_reported(new_player):
    player = new_player()
    saved(player, json.dumps({"v": 99, "date": "2026-12-01", "actions": []}))
    player.expect_text("#dialogo-corpo details p", re.compile("formato desconhecido"))  # for a developer


def test_save_whose_actions_the_engine_refuses_names_the_bad_action_under_details(new_player):
    player = new_player()
    actions = [{"type": "place", "tile": 0, "square": "F4"}, {"type": "place", "tile": 0, "square": "G4"}]
    saved(player, json.dumps({"v": 1, "date": "2026-12-01", "actions": actions}))
    player.expect_text("#dialogo-corpo > p", re.compile(
        r"^A corrida guardada neste aparelho não pode ser retomada\. Ficou guardada uma cópia dela à parte\. Pode recomeçar"))
    player.expect_text("#dialogo-corpo details p", "A ação n.º 2 da corrida guardada foi recusada: «Essa peça não está na sua mão».")
    player.dialog_button("Recomeçar a torre de hoje").click()
    assert player.label("F4") == "F4, vazia"


def test_save_of_another_day_is_left_for_a_new_run(new_player):
    player = new_player()
    saved(player, json.dumps({"v": 1, "date": "2026-11-30", "actions": [{"type": "pass"}]}))
    player.wait_ready()
    assert player.number("jogadas") == 3
    assert not player.page.locator("#dialogo").is_visible()


def test_missing_day_file_shows_a_message_not_a_blank_page(new_player):
    player = new_player(route=False)
    player.page.route(re.compile(r"/dias/"), lambda route: route.fulfill(status=404, body="não há"))
    player.open()
    player.expect_text("#erro-texto", "Ainda não há torre para o dia 01/12/2026. Tente outra vez daqui a pouco.")
    assert player.page.locator("#partida").is_hidden()
    assert player.page.locator("#abertura").is_hidden()  # the build day's opener would mislead
    player.screenshot("sem-dia")


def test_day_file_that_is_not_json_is_reported(new_player):
    player = new_player(route=False)
    player.page.route(re.compile(r"/dias/"), lambda route: route.fulfill(status=200, body="<html>"))
    player.open()
    player.expect_text("#erro-texto", "O ficheiro da torre de hoje está danificado.")


def test_unreadable_dawg_shows_a_message(new_player):
    player = new_player()
    player.page.route(re.compile(r"\.dawg$"), lambda route: route.fulfill(status=200, body=b"\x00" * 80))
    player.open()
    player.expect_text("#erro-texto", "A lista de palavras está danificada. Recarregue a página.")


def test_unreachable_dawg_shows_a_message(new_player):
    player = new_player()
    player.page.route(re.compile(r"\.dawg$"), lambda route: route.abort())
    player.open()
    player.expect_text("#erro-texto", re.compile("^Não foi possível descarregar a lista de palavras"))


def test_day_outside_the_build_window_says_there_is_no_tower_yet(new_player):
    player = new_player(route=False, clock="2031-06-01T12:00:00Z")
    player.open()
    player.expect_text("#erro-texto", "Ainda não há torre para o dia 01/06/2031. Tente outra vez daqui a pouco.")


def test_damaged_statistics_are_reported_in_the_statistics_dialog(new_player):
    player = new_player().open().wait_ready()
    player.page.evaluate("() => localStorage.setItem('torre.estatisticas', '{\"v\": 1, \"runs\": -3}')")
    player.button("estatisticas").click()
    player.expect_text("#dialogo .aviso-erro", re.compile(
        "^As estatísticas guardadas neste aparelho estavam danificadas: recomeçaram do zero"))
    player.expect_text("#estatisticas-nada", re.compile(r"^Ainda não há nada para contar neste aparelho\."))


def test_day_file_the_engine_refuses_is_reported(new_player):
    day = fixture_day()
    day["bag"] = day["bag"][:-1]  # 116 tiles
    player = new_player(day=day).open()
    # Plainly, which tower; the engine's own words (what is wrong with it) under «Detalhes».
    player.expect_text("#erro-texto", "O ficheiro da torre de hoje está danificado. Recarregue a página daqui a pouco.")
    player.expect_text("#erro details p", "O ficheiro da torre de 01/12/2026 está danificado: o saco devia ter 117 peças.")


# Failures before the game starts: /boot.js shows the #erro box with a retry button.
RETRY = "Tentar outra vez"
SCRIPT_FAILED = re.compile("^O jogo não arrancou")


def expect_retry_message(player, text):
    player.expect_text("#erro-texto", text)
    assert player.page.locator("#erro").get_by_role("button", name=RETRY).is_visible()
    assert player.page.locator("#partida").is_hidden()


def test_a_module_that_fails_to_download_shows_a_message_and_the_retry_reloads(new_player):
    player = new_player()
    player.page.route(re.compile(r"/js/torre\.js$"), lambda route: route.fulfill(status=404, body=""))
    player.open()
    expect_retry_message(player, SCRIPT_FAILED)
    player.page.unroute(re.compile(r"/js/torre\.js$"))
    player.page.locator("#erro-repetir").click()
    player.wait_ready()
    assert player.page.locator("#erro").is_hidden()


def test_a_module_that_throws_while_loading_shows_a_message(new_player):
    player = new_player()
    player.page.route(re.compile(r"/js/torre\.js$"), lambda route: route.fulfill(
        status=200, content_type="application/javascript", body="throw new Error('avaria');"))
    player.open()
    expect_retry_message(player, SCRIPT_FAILED)


def test_a_stale_page_whose_static_folder_is_gone_shows_a_message(new_player):
    player = new_player()
    player.page.route(re.compile(r"/static/"), lambda route: route.fulfill(status=404, body=""))
    player.open()
    player.expect_text("#erro-texto", re.compile("Verifique se o aparelho tem Internet e tente outra vez"))
    assert player.page.locator("#erro-repetir").is_visible()
    player.screenshot("falha-sem-estilos")


def test_a_stylesheet_that_fails_shows_a_message_and_never_the_game(new_player):
    player = new_player()
    player.page.route(re.compile(r"/css/jogo\.css$"), lambda route: route.abort())
    player.open()
    expect_retry_message(player, re.compile("^A página chegou incompleta"))
    player.page.wait_for_function("() => document.documentElement.dataset.jogo === 'iniciado'")
    player.page.wait_for_timeout(300)  # the game's own start has had time to finish
    assert player.page.locator("#partida").is_hidden()


def test_a_data_file_that_fails_offers_the_retry_button(new_player):
    player = new_player()
    player.page.route(re.compile(r"/constantes\.json$"), lambda route: route.fulfill(status=500, body=""))
    player.open()
    expect_retry_message(player, "Não foi possível descarregar as regras do jogo. Tente outra vez daqui a pouco.")
    player.expect_text("#erro details p", "O site respondeu com o código HTTP 500 ao pedir /constantes.json.")  # for a developer
    player.page.unroute(re.compile(r"/constantes\.json$"))
    player.page.locator("#erro-repetir").click()
    player.wait_ready()


def test_failure_message_looks_like_the_site(new_player):
    for scheme in ("light", "dark"):
        for viewport in (PHONE, DESKTOP):
            player = new_player(viewport=viewport, color_scheme=scheme)
            player.page.route(re.compile(r"/js/torre\.js$"), lambda route: route.abort())
            player.open()
            expect_retry_message(player, SCRIPT_FAILED)
            player.screenshot(f"falha-modulo-{scheme}")


def test_html_that_does_not_match_the_modules_shows_a_message_not_a_blank_page(new_player):
    # As when a page of one build meets modules of another: the page cannot even be wired.
    player = new_player()

    def without_dialog(route):
        html = route.fetch().text()
        start, end = html.index('<dialog id="dialogo"'), html.index("</dialog>") + len("</dialog>")
        route.fulfill(status=200, content_type="text/html; charset=utf-8", body=html[:start] + html[end:])

    player.page.route(re.compile(r"/$"), without_dialog)
    player.open()
    expect_retry_message(player, SCRIPT_FAILED)
