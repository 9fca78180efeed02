"""A copy that fails (the reader's report, Erros 6): «Enviar o desafio» and «Partilhar o quadro» ask
the player to copy the text by hand only once it is shown, under the sentence, selected."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from e2e_support import browser, new_player, site_url  # noqa: F401

# No share sheet, and a clipboard that refuses: what a browser without either does.
NO_COPY = ("delete Navigator.prototype.share; Object.defineProperty(navigator, 'clipboard', {value: "
           "{writeText: () => Promise.reject(new Error('refused'))}});")
SAID = "Não foi possível copiar: selecione o texto abaixo e copie-o à mão."


def ended_without_copy(new_player):
    player = new_player(viewport={"width": 390, "height": 844})
    player.page.add_init_script(NO_COPY)
    player.open().wait_ready()
    player.pass_turn(3)
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    return player


def test_a_failed_challenge_copy_shows_the_text_to_copy_selected(new_player):
    player = ended_without_copy(new_player)
    player.page.locator("#desafiar").click()
    player.page.locator("#desafio-enviar").click()
    player.expect_text(".desafio-estado", SAID)
    shown = player.page.locator(".desafio-estado + pre.copia-manual")
    expect(shown).to_be_visible()
    text = shown.inner_text()
    assert text == player.page.get_attribute("#desafio-enviar", "data-partilha")
    assert re.search(r"/desafio/#", text)
    assert player.page.evaluate("() => getSelection().toString()").strip() == text.strip()
    player.page.locator("#desafio-enviar").click()  # once more: still one copy of the text
    expect(player.page.locator("pre.copia-manual")).to_have_count(1)
    assert player.errors == []


def test_a_failed_table_copy_shows_the_table_s_text_under_its_sentence(new_player):
    player = ended_without_copy(new_player)
    table = player.page.locator("#dialogo details.quadro")
    table.locator("summary").click()
    table.get_by_role("button", name="Partilhar o quadro").click()
    status = table.locator(".confirmacao")
    expect(status).to_have_text(SAID)
    shown = table.locator(".confirmacao + pre.copia-manual")
    expect(shown).to_be_visible()
    assert shown.inner_text() == table.get_by_role("button", name="Partilhar o quadro").get_attribute("data-partilha")
    assert player.errors == []
