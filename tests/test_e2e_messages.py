"""Messages (the #anuncio toast of phones, announcer.js and toast_place.js) are always on top and
in view: never under the first-visit guide, never over the header's links."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e_support import browser, new_player, play_praxe_by_taps, site_url  # noqa: F401
from e2e_support import axe_violations, in_each_scheme
from test_e2e_layout import LANDSCAPE, SIZES, box, in_view, overlaps

SHOWN = "() => getComputedStyle(document.querySelector('#anuncio')).opacity === '1'"
# What the player sees at the toast's centre (the toast takes no taps, so it is asked to for a moment).
ON_TOP_AT_CENTRE = """() => {
  const toast = document.querySelector('#anuncio');
  const r = toast.getBoundingClientRect();
  toast.style.pointerEvents = 'auto';
  const seen = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  toast.style.pointerEvents = '';
  return toast.contains(seen);
}"""


# The toast and the guide's card side by side, not one over the other.
CLEAR_OF_THE_GUIDE = """() => {
  const [a, b] = ['#anuncio', '#guia'].map((s) => document.querySelector(s).getBoundingClientRect());
  return a.bottom <= b.top || b.bottom <= a.top || a.right <= b.left || b.right <= a.left;
}"""


def refuse_a_letter(player):
    """A letter not in the hand, typed on the board: a refusal toast."""
    player.cell("F4").click()
    player.type_word("Z")
    player.announced("Não tem nenhum Z na mão.")
    player.page.wait_for_function(SHOWN)


@pytest.mark.parametrize("width, height", LANDSCAPE, ids=[f"{w}x{h}" for w, h in LANDSCAPE])
def test_a_refusal_shows_on_top_of_the_guide_and_clear_of_it_on_a_phone_on_its_side(new_player, width, height):
    player = new_player(viewport={"width": width, "height": height}, guide=True, has_touch=True,
                        is_mobile=True).open().wait_ready()
    card = player.page.locator("#guia")
    card.get_by_role("button", name="Seguinte").click()
    player.expect_text("#guia-titulo", "Pôr peças")  # the guide at the foot of the column beside the board
    refuse_a_letter(player)
    expect(card).to_be_visible()
    toast = box(player, "#anuncio")
    assert in_view(toast, width, height)
    assert not overlaps(toast, box(player, "#guia")), "the guide and the message side by side, not one over the other"
    assert player.page.evaluate(ON_TOP_AT_CENTRE), "nothing covers the message"
    for selector in ("#tabuleiro", "#mao", "[data-action=jogar]", ".painel"):
        assert not overlaps(toast, box(player, selector)), selector
    found = {}
    for scheme in in_each_scheme(player, "mensagem-e-guia"):
        # The same refusal again (the toast fades after 6 s): axe judges the toast's colours in each scheme.
        player.type_word("Z")
        player.page.wait_for_function(SHOWN)
        found[scheme] = axe_violations(player.page, colours_only=scheme == "dark")
    assert found == {"light": [], "dark": []}


@pytest.mark.parametrize("width, height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_message_never_covers_the_header_links(new_player, width, height):
    touch = width < 1000
    player = new_player(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch).open().wait_ready()
    refuse_a_letter(player)
    toast = box(player, "#anuncio")
    assert in_view(toast, width, height)
    links = player.page.locator("header a")
    for k in range(links.count()):
        assert not overlaps(toast, links.nth(k).bounding_box()), links.nth(k).inner_text()
    for selector in ("#tabuleiro", "#mao", "[data-action=jogar]", ".painel"):
        assert not overlaps(toast, box(player, selector)), selector
    assert player.page.evaluate(ON_TOP_AT_CENTRE), "nothing covers the message"
    player.screenshot("mensagem-sem-tapar-o-cabecalho")


@pytest.mark.parametrize("width, height", [(360, 640), (844, 390), (1280, 800)], ids=["360x640", "844x390", "1280x800"])
def test_the_message_of_a_first_play_stays_clear_of_the_guide_that_moves_after_it(new_player, width, height):
    touch = width < 1000
    player = new_player(viewport={"width": width, "height": height}, guide=True, has_touch=touch,
                        is_mobile=touch).open().wait_ready()
    card = player.page.locator("#guia")
    card.get_by_role("button", name="Seguinte").click()
    player.cell("F4").click()
    player.tile("S").click()
    player.expect_text("#guia-titulo", "A previsão")
    card.get_by_role("button", name="Seguinte").click()
    player.button("jogar").click()
    player.announced(re.compile(r"^FADOS: 9 pontos\."))  # then where the floor stands
    player.expect_text("#guia-titulo", "Continue a subir")  # the guide moves beside the panel
    player.page.wait_for_function(SHOWN)
    # The guide moves, then the message is placed again off it (a frame or more later on a loaded machine).
    player.page.wait_for_function(CLEAR_OF_THE_GUIDE, timeout=10000)
    toast = box(player, "#anuncio")
    assert in_view(toast, width, height)
    assert not overlaps(toast, box(player, "#guia")), (toast, box(player, "#guia"))
    assert player.page.evaluate(ON_TOP_AT_CENTRE), "nothing covers the message"
    player.screenshot("mensagem-e-guia-depois-da-jogada")


# Issue 39, item 3: after a trunfo is chosen the panel grows a «Trunfos» line and the board moves
# down, while the message placed before it covered the board's bottom.
@pytest.mark.parametrize("width, height", [(360, 640), (390, 844)], ids=["360x640", "390x844"])
def test_the_trunfo_message_stays_clear_of_the_board_after_the_panel_grows(new_player, width, height):
    player = new_player(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True).open().wait_ready()
    board_before = box(player, "#tabuleiro")
    play_praxe_by_taps(player)
    player.page.locator("#dialogo .carta").first.click()
    player.page.locator("#dialogo").wait_for(state="hidden")
    player.announced(re.compile(r"^Trunfo: "))
    player.page.wait_for_function(SHOWN)
    player.page.wait_for_function("([top]) => document.querySelector('#tabuleiro').getBoundingClientRect().top > top",
                                  arg=[board_before["y"]])  # the panel grew: the board moved down
    player.page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    toast = box(player, "#anuncio")
    assert in_view(toast, width, height)
    for selector in ("#tabuleiro", "#mao", "[data-action=jogar]", ".painel"):
        assert not overlaps(toast, box(player, selector)), selector
    player.screenshot("mensagem-trunfo-sem-tapar-o-tabuleiro")
