"""What a phone playtest found (issue 19, items 2–9), each as the rule it broke."""
from __future__ import annotations

import re

import pytest

from e2e_support import DESKTOP, browser, fixture_day, new_player, play_praxe_by_taps, site_url  # noqa: F401

PHONE_640 = {"width": 360, "height": 640}
LAST_PLAY = ("Esta jogada não chega ao alvo e é a última deste andar: se jogar, a corrida acaba aqui. "
             "Ainda tem a ajuda «Mais uma jogada»: use-a antes.")


def focused_text(player) -> str:
    return player.page.evaluate("() => document.activeElement?.textContent ?? ''")


@pytest.mark.parametrize("size", [PHONE_640, DESKTOP], ids=["360x640", "1280x800"])
def test_a_short_last_play_that_ends_the_run_asks_first_while_a_help_could_save_it(new_player, size):
    day = fixture_day()
    day["helps"][:2] = ["jogada", "espreitar"]  # PRAXE earns Mais uma jogada, the climb Espreitar
    player = new_player(viewport=size, day=day).open().wait_ready()
    play_praxe_by_taps(player)
    player.page.locator("#dialogo .carta[data-trunfo=cabra]").click()
    player.pass_turn(2)
    assert player.number("jogadas") == 1
    player.cell("D5").click()  # under the T of FITAS: TU, far from the target
    player.type_word("U")
    player.button("jogar").click()
    player.expect_text("#dialogo-titulo", "Jogar e acabar a corrida?")
    player.expect_text("#dialogo-corpo", LAST_PLAY)
    assert focused_text(player) == "Cancelar"  # the safe choice
    player.screenshot("ultima-jogada-curta")
    player.press("Enter")
    assert player.number("jogadas") == 1 and player.number("total") == 62  # nothing spent
    player.page.locator("#ajudas [data-help=jogada]").click()
    assert player.number("jogadas") == 2
    player.button("jogar").click()  # no longer the last play: no question
    player.announced(re.compile("^TU: "))
    assert player.page.locator("#dialogo[open]").count() == 0


def cursor_square(player) -> list[str]:
    return player.page.locator("#tabuleiro .casa.cursor").evaluate_all("cs => cs.map(c => c.dataset.square)")


def test_typing_a_word_through_letters_on_the_board_steps_over_them_without_those_tiles(new_player):
    player = new_player(viewport=DESKTOP).open().wait_ready()  # hand P R X E S T U M: no F, A, D, O
    player.cell("B4").click()
    player.type_word("FADOS")
    assert player.page.locator("#tabuleiro .casa.pendente").evaluate_all("cs => cs.map(c => c.dataset.square)") == ["F4"]
    assert player.hand() == "PRXETUM"
    assert player.errors == []


def test_typing_a_letter_on_the_board_steps_over_it_even_when_the_hand_holds_it(new_player):
    player = new_player(viewport=DESKTOP).open().wait_ready()
    player.cell("C5").click()
    player.type_word("SEU")
    player.press("Enter")  # SEU draws A E I: the hand now holds an A
    player.announced("SEU, AS, DE, OU: 10 pontos.")
    assert "A" in player.hand()
    player.cell("C4").click()  # the A of FADO
    player.type_word("A")
    assert cursor_square(player) == ["D4"]
    assert player.page.locator("#tabuleiro .casa.pendente").count() == 0  # no A put on F4


def test_the_first_arrow_on_a_new_floor_starts_from_the_focused_square(new_player):
    player = new_player(viewport=DESKTOP).open().wait_ready()
    player.page.locator("#tabuleiro [tabindex='0']").focus()  # D4 on a fresh board too
    player.press("ArrowUp", "ArrowLeft", "ArrowUp", "ArrowUp", "Space")  # D4, C4, C3, C2, pointing down
    player.type_word("PRXE")
    player.press("Enter")
    player.page.locator("#dialogo .carta[data-trunfo=cabra]").click()
    player.page.locator("#tabuleiro [tabindex='0']").focus()  # the board takes focus: D4
    assert player.page.evaluate("() => document.activeElement.dataset.square") == "D4"
    player.press("ArrowRight")
    assert cursor_square(player) == ["D4"]
    player.press("ArrowRight")
    assert cursor_square(player) == ["E4"]


TOUCH = {"has_touch": True, "is_mobile": True}
LANDSCAPE_390 = {"width": 844, "height": 390}


def two_jogadas(player):
    """PRAXE earns Mais uma jogada twice (a Coimbra word, then the climb's margin)."""
    play_praxe_by_taps(player)
    player.page.locator("#dialogo .carta[data-trunfo=cabra]").click()


def help_names(player) -> list[str]:
    return player.page.locator("#ajudas button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")


@pytest.mark.parametrize("size", [PHONE_640, LANDSCAPE_390], ids=["360x640", "844x390"])
def test_a_touch_only_screen_shows_no_keyboard_words_and_two_alike_helps_have_distinct_names(new_player, size):
    day = fixture_day()
    day["helps"][:2] = ["jogada", "jogada"]
    player = new_player(viewport=size, day=day, **TOUCH).open().wait_ready()
    assert player.page.locator("#dica-teclado").is_hidden()
    assert player.text("#previsao") == "Toque numa peça e numa casa, ou numa casa e nas peças."
    two_jogadas(player)
    assert player.page.locator("#ajudas kbd").count() == 0
    names = help_names(player)
    assert len(names) == 2 and len(set(names)) == 2
    assert names[1].startswith("Mais uma jogada (2):")
    assert all("tecla" not in name for name in names)
    assert player.page.locator("#ajudas button").nth(1).inner_text() == "Mais uma jogada (2)"
    player.screenshot("ajudas-toque")


def test_a_keyboard_and_mouse_screen_never_says_toque_and_names_the_keys(new_player):
    day = fixture_day()
    day["helps"][:2] = ["jogada", "jogada"]
    player = new_player(viewport=DESKTOP, day=day).open().wait_ready()
    assert player.page.locator("#dica-teclado").is_visible()
    assert "oque" not in player.text("#previsao")
    player.cell("C5").click()
    assert "oque" not in player.text("#previsao")
    player.cell("C5").click()
    player.cell("C5").click()  # let go: tile first
    player.tile("S").click()
    assert player.text("#previsao") == "A peça S escolhida: clique na casa onde a quer pôr."
    player.tile("S").click()
    two_jogadas(player)
    names = help_names(player)
    assert names[0].startswith("Mais uma jogada 3:") and names[1].startswith("Mais uma jogada (2) 3:")
    assert player.page.locator("#ajudas kbd").count() == 2


def test_the_guide_on_a_touch_only_phone_names_no_keys(new_player):
    player = new_player(viewport=PHONE_640, guide=True, **TOUCH).open().wait_ready()
    player.page.locator("#guia").get_by_role("button", name="Seguinte").click()
    player.expect_text("#guia-titulo", "Pôr peças")
    assert "setas" not in player.text("#guia")
