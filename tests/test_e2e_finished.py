"""A finished run once its end dialog is closed (issue 26, item 10b): the hand and the play
controls look finished and say so, on the day's page, a day of the archive and Treino, so
no player thinks the tiles still play."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from e2e_archive import finish_by_passing
from e2e_support import DESKTOP, axe_violations, browser, in_each_scheme, new_player, site_url  # noqa: F401

PHONE = {"width": 360, "height": 640}
FINISHED = "Corrida terminada: já não há jogadas nesta torre."
PLACES = {"hoje": "/", "arquivo": "/?dia=2026-11-30", "treino": "/treino/"}
PLAY_CONTROLS = ["jogar", "baralhar", "trocar", "desfazer", "passar"]


def finish_and_close(player):
    finish_by_passing(player)
    player.dialog_button("Fechar").click()
    expect(player.page.locator("#dialogo")).to_be_hidden()


@pytest.mark.parametrize("place", PLACES)
def test_after_the_end_dialog_the_hand_and_the_controls_show_the_run_finished(new_player, place):
    player = new_player(viewport=PHONE, route=place == "hoje").open(PLACES[place]).wait_ready()
    tiles = player.page.locator("#mao .peca")
    assert tiles.evaluate_all("ts => ts.map(t => t.getAttribute('aria-disabled'))") == [None] * 8
    finish_and_close(player)
    player.expect_text("#previsao", FINISHED)  # above the hand, in a live region: said once as the run ends
    hand = player.page.locator("#mao")
    expect(hand).to_have_attribute("aria-disabled", "true")
    expect(hand).to_have_attribute("aria-describedby", "previsao")  # said again on entering the hand
    assert tiles.count() > 0
    assert tiles.evaluate_all("ts => ts.map(t => t.getAttribute('aria-disabled'))") == ["true"] * tiles.count()
    assert tiles.evaluate_all("ts => ts.map(t => Number(getComputedStyle(t).opacity))") == [0.45] * tiles.count()
    for action in PLAY_CONTROLS:
        expect(player.button(action)).to_be_disabled()
    # A tile pressed or dragged neither is chosen nor leaves the hand.
    tile = tiles.first
    tile.click(force=True)  # aria-disabled: Playwright would wait for it to be enabled
    assert tile.get_attribute("aria-pressed") == "false"
    box = tile.bounding_box()
    player.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    player.page.mouse.down()
    player.page.mouse.move(box["x"], box["y"] - 60, steps=4)
    assert player.page.locator(".peca-arrastada").count() == 0
    player.page.mouse.up()
    assert player.errors == []


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_finished_run_after_its_end_dialog_has_no_axe_violations(new_player, viewport):
    player = new_player(viewport=viewport).open().wait_ready()
    finish_and_close(player)
    player.expect_text("#previsao", FINISHED)
    scrolled = player.page.evaluate("() => [window.scrollX, window.scrollY]")
    for scheme in in_each_scheme(player, "corrida-terminada"):
        # axe in each scheme where the run left the page (every rule in light, the colours in dark),
        # the screenshot with the hand in view.
        player.page.evaluate("([x, y]) => window.scrollTo(x, y)", scrolled)
        assert axe_violations(player.page, colours_only=scheme == "dark") == [], scheme
        player.page.locator("#mao").scroll_into_view_if_needed()
