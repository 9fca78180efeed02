"""The end of a run: the end screen, its share text, the statistics and their export."""
from __future__ import annotations

import re

import pytest

from e2e_support import DESKTOP, PHONE, axe_in_each_scheme, browser, new_player, site_url, wait_until  # noqa: F401

SMALL_PHONE = {"width": 360, "height": 640}


def test_falling_on_floor_1_shows_the_end_screen_and_a_share_text_without_spoilers(new_player):
    player = new_player(permissions=["clipboard-read", "clipboard-write"]).open().wait_ready()
    player.pass_turn(3)
    dialog = player.page.locator("#dialogo")
    dialog.wait_for(state="visible")
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    player.expect_text("#par-linha", re.compile(r"^Par do dia: "))  # the par joins the share text when computed
    share = player.text("#texto-partilha")
    *lines, link = share.splitlines()
    assert lines == [
        "A Torre · 01/12/2026",
        "Cheguei ao 1.º andar com 0 pontos.",
        "1.º andar 🟥 0/25",
        player.text("#par-linha").removesuffix("."),
    ]
    assert re.fullmatch(re.escape(player.url) + r"/repeticao/#1[A-Za-z0-9_-]+", link), "the run's replay link"
    assert "FADO" not in share
    player.expect_text(".contagem", "A torre de amanhã abre daqui a 14:00:00")  # 10:00 in Lisbon
    player.screenshot("fim")
    dialog.get_by_role("button", name="Partilhar o resultado").click()
    player.expect_text("#partilha-estado", "Copiado: cole onde quiser.")
    assert player.page.evaluate("navigator.clipboard.readText()") == share
    assert player.button("jogar").is_disabled()
    assert player.errors == []


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_end_screen_buttons_stay_put_when_the_par_arrives(new_player, viewport):
    # The par (and its line in the share text) comes from the analysis worker, maybe seconds later:
    # if the buttons moved then, a tap aimed at one would land elsewhere.
    player = new_player(viewport=viewport).open().wait_ready()
    held = []
    player.page.route(re.compile(r"/js/analise\.js"), lambda route: held.append(route))
    player.pass_turn(3)
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    wait_until(lambda: player.page.wait_for_timeout(50) or held, "the analysis worker's request")
    buttons = player.page.locator("#dialogo button")
    before = buttons.evaluate_all("bs => bs.map(b => JSON.stringify(b.getBoundingClientRect()))")
    held[0].continue_()
    player.expect_text("#par-linha", re.compile(r"^Par do dia: "))
    assert "Par do dia" in player.text("#texto-partilha")
    assert buttons.evaluate_all("bs => bs.map(b => JSON.stringify(b.getBoundingClientRect()))") == before
    assert player.errors == []


# The end screen, the analysis and the statistics dialog: a chunk of torre.js (ui/game/run_end.js),
# and the rules the game page needs only then (pipeline/site.py LATER_STYLESHEET).
END_CHUNK = re.compile(r"/static/[0-9a-f]+/js/torre\.run_end\.js$")
LATER_SHEET = re.compile(r"/static/[0-9a-f]+/css/fim\.css$")


def test_a_first_visit_never_asks_for_the_end_screens_chunk_and_the_end_of_a_run_loads_it(new_player):
    player = new_player()
    asked = []
    player.page.on("request", lambda request: asked.append(request.url))
    player.open().wait_ready()
    player.page.wait_for_load_state("networkidle")
    assert [url for url in asked if "run_end" in url] == [], "not loaded, not preloaded"
    assert [url for url in asked if "/css/" in url and not url.endswith("/css/jogo.css")] == [], "nor the later sheet"
    player.pass_turn(3)
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    assert len([url for url in asked if END_CHUNK.search(url)]) == 1
    assert len([url for url in asked if LATER_SHEET.search(url)]) == 1
    assert player.page.locator("#dialogo .manchete").evaluate("e => getComputedStyle(e).fontWeight") == "700"
    assert player.page.locator("#erro").is_hidden(), "boot.js leaves a later sheet to the game"
    player.page.reload()
    player.expect_text("#dialogo-titulo", "Fim da corrida")  # today's run already over: at once
    assert player.errors == []


def test_statistics_open_from_a_fresh_page_loading_their_chunk(new_player):
    player = new_player().open().wait_ready()
    player.button("estatisticas").click()
    player.expect_text("#dialogo-titulo", "Estatísticas")
    assert player.page.locator("#dialogo").get_by_role("button", name="Importar").count() == 1
    assert player.errors == []


def test_an_end_screen_that_cannot_be_loaded_is_explained_and_the_run_is_counted_all_the_same(new_player):
    player = new_player().open().wait_ready()
    player.page.route(END_CHUNK, lambda route: route.abort("internetdisconnected"))
    player.pass_turn(3)
    player.expect_text("#dialogo-titulo", "Não foi possível mostrar o fim da corrida")
    assert player.text("#dialogo-corpo > p") == ("Esta parte do jogo não chegou a este aparelho: verifique se o aparelho tem Internet "
                                         "e recarregue a página. A corrida ficou guardada e contada.")
    player.screenshot("fim-sem-modulo")
    player.dialog_button("Fechar").click()
    assert player.page.evaluate("() => JSON.parse(localStorage.getItem('torre.estatisticas')).runs") == 1
    player.button("estatisticas").click()
    player.expect_text("#dialogo-titulo", "Não foi possível abrir as estatísticas")
    assert player.text("#dialogo-corpo > p") == ("Esta parte do jogo não chegou a este aparelho: verifique se o aparelho tem Internet "
                                         "e recarregue a página.")
    player.dialog_button("Fechar").click()
    player.page.unroute(END_CHUNK)
    player.page.reload()  # as the message says: the end screen, and the run counted once
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    assert player.page.evaluate("() => JSON.parse(localStorage.getItem('torre.estatisticas')).runs") == 1
    assert player.errors == []


def test_statistics_count_a_finished_day_once_and_survive_export_and_import(new_player):
    player = new_player(viewport=DESKTOP).open().wait_ready()
    player.pass_turn(3)
    player.dialog_button("Estatísticas").click()
    player.expect_text("#dialogo-titulo", "Estatísticas")
    facts = player.page.locator("#dialogo .factos dd").all_inner_texts()
    assert facts == ["1", "0", "0", "1", "1", "0"]  # runs, towers climbed, best, streak, best streak, par beaten
    player.screenshot("estatisticas")
    player.dialog_button("Exportar").click()
    exported = player.page.locator("#estatisticas-texto").input_value()
    assert exported.startswith("TORRE-ESTATISTICAS-1:")
    player.page.reload()  # the finished run is replayed: it must not count twice
    player.wait_ready()
    player.dialog_button("Fechar").click()
    player.button("estatisticas").click()
    assert player.page.locator("#dialogo .factos dd").first.inner_text() == "1"

    other = new_player(viewport=DESKTOP).open().wait_ready()  # another phone
    other.button("estatisticas").click()
    other.page.locator("#estatisticas-texto").fill("texto qualquer")
    other.dialog_button("Importar").click()
    other.expect_text("#dialogo .confirmacao", "Este texto não é uma exportação de estatísticas de A Torre.")
    other.page.locator("#estatisticas-texto").fill(exported)
    other.dialog_button("Importar").click()
    other.expect_text("#anuncio", "Estatísticas importadas.")
    assert other.page.locator("#dialogo .factos dd").all_inner_texts() == ["1", "0", "0", "1", "1", "0"]


@pytest.mark.parametrize("viewport", [SMALL_PHONE, DESKTOP], ids=["phone", "desktop"])
def test_importing_an_empty_box_says_that_nothing_was_pasted(new_player, viewport):
    player = new_player(viewport=viewport).open().wait_ready()
    player.button("estatisticas").click()
    player.expect_text("#dialogo-titulo", "Estatísticas")
    for text in ("", "  \n "):
        player.page.locator("#estatisticas-texto").fill(text)
        player.dialog_button("Importar").click()
        player.expect_text("#dialogo .confirmacao", re.compile(r"^Não colou nada: .*«Exportar»"))
    assert axe_in_each_scheme(player, "estatisticas-caixa-vazia") == {"light": [], "dark": []}


def test_share_button_uses_the_system_share_sheet_when_there_is_one(new_player):
    player = new_player()
    # A stand-in share sheet that keeps what it was given.
    player.page.add_init_script("navigator.share = async (data) => { window.partilhado = data.text; };")
    player.open().wait_ready()
    player.pass_turn(3)
    player.expect_text("#par-linha", re.compile(r"^Par do dia: "))
    player.dialog_button("Partilhar o resultado").click()
    player.expect_text("#partilha-estado", "Partilhado.")
    assert player.page.evaluate("() => window.partilhado") == player.text("#texto-partilha")


def test_passing_the_last_play_warns_that_the_run_ends(new_player):
    player = new_player().open().wait_ready()
    player.pass_turn(2)
    player.button("passar").click()
    player.expect_text("#dialogo-corpo", "É a última jogada deste andar: se passar, a corrida acaba aqui.")
    player.dialog_button("Cancelar").click()
    assert player.number("jogadas") == 1


def test_statistics_open_on_a_button_not_the_text_field(new_player):
    player = new_player().open().wait_ready()
    player.button("estatisticas").click()
    player.expect_text("#dialogo-titulo", "Estatísticas")
    focused = player.page.evaluate("() => [document.activeElement.tagName, document.activeElement.textContent]")
    assert focused == ["BUTTON", "Exportar"]  # a focused textarea would pop up a phone's keyboard


def test_damaged_statistics_are_kept_aside_and_the_end_screen_says_so(new_player):
    player = new_player().open().wait_ready()
    player.page.evaluate("() => localStorage.setItem('torre.estatisticas', '[1,2')")
    player.pass_turn(3)
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    warning = player.page.locator("#dialogo .aviso-erro")
    assert warning.inner_text().startswith("As estatísticas guardadas neste aparelho estavam danificadas")
    stored = player.page.evaluate("() => [localStorage.getItem('torre.estatisticas.danificadas'),"
                                  " JSON.parse(localStorage.getItem('torre.estatisticas')).runs]")
    assert stored == ["[1,2", 1]  # the old text kept, the new run counted
