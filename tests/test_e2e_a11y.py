"""Accessibility in Chromium: axe-core on every page and in the game's main states,
light and dark; the keys for the helps; where focus goes after a dialog or a help.

axe-core is the pinned npm package in tests/a11y (installed by `make test`). It
runs through the DevTools protocol, which the page's CSP does not govern, so the
page itself keeps its policy. Besides axe's default rules we run the
experimental `label-content-name-mismatch`: a control's spoken name must begin
with what it shows.
"""
from __future__ import annotations

import re

import pytest

from e2e_support import (DESKTOP, PHONE, axe_in_each_scheme, axe_violations, browser,  # noqa: F401
                         new_player, route_day, site_url, wander_the_game)

def page_shape(html: str) -> str:
    """A page's markup without its words: its tags and their attributes' names and classes, in order.
    Two word pages of one shape differ only in text, which none of axe's rules reads differently."""
    return " ".join(f"{tag}{classes}" for tag, classes in re.findall(r"<(/?[a-z0-9]+)(?:[^>]*?(class=\"[^\"]*\"))?[^>]*>", html))


def site_pages(built_dist, every_word: bool) -> list[str]:
    """Every page; of the Coimbra word pages (one template) the first of each shape (page_shape), or only the first."""
    pages = ["/", "/arquivo/", "/repeticao/", "/desafio/", "/como-jogar/", "/coimbra/", "/fontes/", "/nao-existe/",
             "/sem-rede.html"]
    slugs = sorted(p.name for p in (built_dist / "coimbra").iterdir() if p.is_dir())
    shapes: dict[str, str] = {}
    for slug in slugs:
        shapes.setdefault(page_shape((built_dist / "coimbra" / slug / "index.html").read_text(encoding="utf-8")), slug)
    words = sorted(shapes.values()) if every_word else slugs[:1]
    return [*pages, *(f"/coimbra/{slug}/" for slug in words)]


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_page_has_no_axe_violations(new_player, built_dist, viewport):
    """Each page in light and dark; on a phone a Coimbra word's page of each shape too, in light (their
    one template's colours are judged in dark on the first)."""
    player = new_player(viewport=viewport)
    pages = site_pages(built_dist, every_word=False)
    for path in site_pages(built_dist, every_word=viewport == PHONE):
        player.open(path)
        if path == "/":
            player.wait_ready()
        name = "pagina-" + (path.strip("/").replace("/", "-") or "jogo")
        if path in pages:
            assert axe_in_each_scheme(player, name) == {"light": [], "dark": []}, path
        else:
            player.page.emulate_media(color_scheme="light")
            assert axe_violations(player.page) == [], path
            player.screenshot(f"{name}-light")


def test_the_message_that_replaces_a_game_that_cannot_start_has_no_axe_violations(new_player):
    player = new_player()
    route_day(player.page, status=500)
    player.open()
    player.page.wait_for_selector("#erro:not([hidden])")
    assert axe_in_each_scheme(player, "a11y-erro") == {"light": [], "dark": []}


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_message_for_an_end_screen_that_cannot_load_has_no_axe_violations(new_player, viewport):
    player = new_player(viewport=viewport).open().wait_ready()
    player.page.route(re.compile(r"/js/torre\.run_end\.js$"), lambda route: route.abort("internetdisconnected"))
    player.pass_turn(3)
    player.expect_text("#dialogo-titulo", "Não foi possível mostrar o fim da corrida")
    assert axe_in_each_scheme(player, "a11y-fim-sem-modulo") == {"light": [], "dark": []}


def run_states(player):
    """The game's main states, in order; yields the name of each as it is reached."""
    yield "inicio"
    player.cell("C2").click()
    player.cell("C2").click()
    player.type_word("PRX")
    yield "pecas-por-confirmar"
    player.type_word("ET")
    player.press("Enter")
    player.announced("A jogada não conta. Não vale: PRAXET.")
    yield "recusa"
    for square in ("C3", "C2", "C2"):  # a fresh start on C2, pointing down
        player.cell(square).click()
    player.type_word("PRXE")
    player.press("Enter")
    player.expect_text("#dialogo-titulo", "Escolha um trunfo")
    yield "trunfo"
    player.page.locator("#dialogo .carta[data-trunfo=latada]").click()
    player.page.locator("#ajudas button").first.click()
    player.announced(re.compile("^Usou "))
    yield "ajuda-usada"
    player.pass_turn(3)
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    yield "fim"
    player.dialog_button("Estatísticas").click()
    player.expect_text("#dialogo-titulo", "Estatísticas")
    yield "estatisticas"


def test_game_states_have_no_axe_violations(new_player):
    player = new_player().open().wait_ready()
    found = {}
    for state in run_states(player):
        found[state] = axe_in_each_scheme(player, f"a11y-{state}")
    assert found == {state: {"light": [], "dark": []} for state in found}
    assert list(found) == ["inicio", "pecas-por-confirmar", "recusa", "trunfo", "ajuda-usada", "fim", "estatisticas"]


SMALL_PHONE = {"width": 360, "height": 640}
LANDSCAPE_PHONE = {"width": 844, "height": 390}


@pytest.mark.parametrize("viewport", [SMALL_PHONE, LANDSCAPE_PHONE, DESKTOP], ids=["phone", "landscape", "desktop"])
def test_the_guide_the_end_screen_its_analysis_and_the_archive_list_have_no_axe_violations(new_player, viewport):
    """The states whose buttons and links are 44 px targets (test_e2e_layout.py) that the tests above
    do not reach, at a small phone's size, on its side, and on a desktop."""
    player = new_player(viewport=viewport, guide=True).open().wait_ready()
    found = {}
    for state in wander_the_game(player):
        if state in ("guia", "fim", "analise"):
            found[state] = axe_in_each_scheme(player, f"a11y-alvos-{state}")
            player.page.emulate_media(color_scheme="light")
    player.open("/arquivo/")
    player.page.locator(".arquivo-dias a").first.wait_for()  # the list, drawn by the archive's script
    found["arquivo"] = axe_in_each_scheme(player, "a11y-alvos-arquivo")
    assert found == {state: {"light": [], "dark": []} for state in ("guia", "fim", "analise", "arquivo")}


def climb_by_keyboard(player):
    """PRAXE down column C from the keyboard alone; it earns Peça branca and Espreitar."""
    player.page.locator("#tabuleiro [tabindex='0']").focus()  # the board takes focus: D4
    player.press("ArrowUp", "ArrowLeft", "ArrowUp", "ArrowUp", "Space")  # D4, C4, C3, C2, pointing down
    player.type_word("PRXE")
    player.press("Enter")
    player.expect_text("#dialogo-titulo", "Escolha um trunfo")


def focused(player) -> str:
    return player.page.evaluate("() => { const e = document.activeElement;"
                                " return e.dataset.square || e.dataset.help || e.dataset.tile || e.tagName; }")


def test_focus_goes_back_to_the_board_after_the_trunfo_dialog(new_player):
    player = new_player().open().wait_ready()
    player.page.locator("#tabuleiro [tabindex='0']").focus()
    climb_by_keyboard(player)
    player.press("Tab", "Enter")  # the second card, from the keyboard
    player.expect_text("#trunfos", "🎉 Latada")
    assert focused(player) == "C7"  # the board cell the player was on, not <body>


def test_keys_use_the_helps_and_focus_stays_where_the_player_is(new_player):
    player = new_player().open().wait_ready()
    player.page.locator("#tabuleiro [tabindex='0']").focus()
    climb_by_keyboard(player)
    player.page.locator("#dialogo .carta[data-trunfo=latada]").click()
    assert player.page.locator("#ajudas button").evaluate_all(
        "bs => bs.map(b => [b.dataset.help, b.getAttribute('aria-keyshortcuts')])") == [["branca", "1"], ["espreitar", "2"]]
    player.page.locator("#tabuleiro [tabindex='0']").focus()
    player.press("4")  # Dobro: not held
    player.announced("Não tem a ajuda «Dobro».")
    player.press("2")
    player.announced(re.compile("^Usou a ajuda «Espreitar». "))
    assert player.page.locator("#ajudas [data-help=espreitar]").count() == 0
    assert focused(player).startswith(("A", "B", "C", "D", "E", "F", "G"))  # still on the board


def test_after_a_help_button_goes_focus_moves_to_the_next_help(new_player):
    player = new_player().open().wait_ready()
    climb_by_keyboard(player)
    player.page.locator("#dialogo .carta[data-trunfo=latada]").click()
    player.page.locator("#ajudas [data-help=espreitar]").focus()
    player.press("Enter")
    player.announced(re.compile("^Usou a ajuda «Espreitar». "))
    assert focused(player) == "branca"
    player.press("Enter")  # Peça branca: the last help; focus falls back to the board
    player.announced(re.compile("^Usou a ajuda «Peça branca». "))
    assert len(focused(player)) == 2  # a square such as "D4", not BODY


def test_a_blank_on_the_board_is_named_as_the_blank_with_no_points(new_player):
    player = new_player().open().wait_ready()
    climb_by_keyboard(player)
    player.page.locator("#dialogo .carta[data-trunfo=latada]").click()
    player.press("1")  # Peça branca
    player.announced(re.compile("^Usou a ajuda «Peça branca». "))
    assert player.page.locator("#mao .peca-branca").get_attribute("aria-label") == "peça branca, 0 pontos"
    player.cell("G1").click()
    player.type_word("Z")  # no Z in the hand: the blank becomes Z
    # G1 is a corner on the board's edge: the active square stays there.
    assert player.label("G1") == "Z, peça branca, 0 pontos, G1, por confirmar, palavra tripla, " \
        "casa escolhida, para a direita"
    assert player.cell("G1").inner_text().split() == ["Z"]  # the blank shows no value
