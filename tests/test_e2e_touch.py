"""Playing by touch on a phone (RULES.md "Controls"): real taps, both ways of placing.

Tile first: a tapped tile is selected and the next tapped square takes it; no
square stays active afterwards. Square first: a tapped square becomes active
with a direction (tapped again: down; a third time: let go) and tapped tiles
enter along the line. The fixture's floor 1 has FADO on B4–E4 and the hand
P R X E S T U M.
"""
from __future__ import annotations

import re

import pytest

from e2e_support import PHONE, browser, new_player, site_url  # noqa: F401

TOUCH = {"has_touch": True, "is_mobile": True}
# SEU on C5–E5, under FADO's A, D and O: AS, DE and OU down.
SEU = "10 pontos: SEU 3 + AS 2 + DE 3 + OU 2"
IDLE_HINT = "Toque numa peça e numa casa, ou numa casa e nas peças."


def cursor_squares(player) -> list[str]:
    return player.page.locator("#tabuleiro .casa.cursor").evaluate_all("cells => cells.map(c => c.dataset.square)")


def pending_squares(player) -> list[str]:
    return player.page.locator("#tabuleiro .casa.pendente").evaluate_all("cells => cells.map(c => c.dataset.square)")


@pytest.fixture
def phone(new_player):
    return new_player(viewport=PHONE, **TOUCH).open().wait_ready()


def test_tile_first_a_second_tile_is_selected_not_dropped_beside_the_first(phone):
    phone.tile("S").tap()
    phone.cell("C5").tap()
    assert pending_squares(phone) == ["C5"]
    assert cursor_squares(phone) == []  # no active square after a tile-first placement
    phone.tile("E").tap()  # the bug: this went straight to D5
    assert pending_squares(phone) == ["C5"]
    assert phone.tile("E").get_attribute("aria-pressed") == "true"
    assert phone.text("#previsao") == "A peça E escolhida: toque na casa onde a quer pôr."


def test_tile_first_across_places_three_tiles_where_they_are_tapped(phone):
    for letter, square in (("S", "C5"), ("E", "D5"), ("U", "E5")):
        phone.tile(letter).tap()
        assert phone.tile(letter).get_attribute("aria-pressed") == "true"
        phone.cell(square).tap()
        assert cursor_squares(phone) == []
    assert pending_squares(phone) == ["C5", "D5", "E5"]
    assert phone.label("D5") == "E 1 ponto, D5, por confirmar"
    assert phone.text("#previsao") == SEU
    phone.button("jogar").tap()
    phone.announced(re.compile(r"^SEU, AS, DE, OU: 10 pontos\."))  # then where the floor stands
    assert phone.errors == []


def test_tile_first_down_places_praxe_in_any_order(phone):
    for letter, square in (("X", "C5"), ("P", "C2"), ("E", "C6"), ("R", "C3")):
        phone.tile(letter).tap()
        phone.cell(square).tap()
    assert sorted(pending_squares(phone)) == ["C2", "C3", "C5", "C6"]
    assert phone.text("#previsao") == "62 pontos: PRAXE 52 + Coimbra 10"
    phone.button("jogar").tap()
    phone.expect_text("#dialogo-titulo", "Escolha um trunfo")


def test_square_first_across_tiles_enter_along_the_row(phone):
    phone.cell("C5").tap()
    assert cursor_squares(phone) == ["C5"]
    assert phone.text("#previsao") == "As peças entram a partir de C5, para a direita. Toque nas peças."
    for letter in "SEU":
        phone.tile(letter).tap()
    assert pending_squares(phone) == ["C5", "D5", "E5"]
    assert cursor_squares(phone) == ["F5"]  # the active square moved on along the line
    assert phone.text("#previsao") == SEU
    phone.screenshot("toque-casa-primeiro")


def test_square_first_down_turns_on_the_second_tap_and_lets_go_on_the_third(phone):
    phone.cell("C2").tap()
    phone.cell("C2").tap()
    assert phone.label("C2").endswith("casa escolhida, para baixo")
    assert phone.cell("C2").get_attribute("class").split()[-1] == "para-baixo"
    for letter in "PRXE":
        phone.tile(letter).tap()
    assert pending_squares(phone) == ["C2", "C3", "C5", "C6"]  # C4 holds FADO's A: skipped
    assert phone.text("#previsao") == "62 pontos: PRAXE 52 + Coimbra 10"
    phone.button("desfazer").tap()
    assert pending_squares(phone) == []
    assert cursor_squares(phone) == ["C2"]
    phone.cell("C2").tap()  # the third tap: no active square any more
    assert cursor_squares(phone) == []
    assert phone.text("#previsao") == IDLE_HINT
    phone.tile("P").tap()
    assert phone.tile("P").get_attribute("aria-pressed") == "true"  # tile first again
    assert pending_squares(phone) == []


def test_tapping_a_placed_tile_sends_it_back_to_the_hand(phone):
    phone.tile("S").tap()
    phone.cell("F4").tap()
    assert phone.text("#previsao") == "9 pontos: FADOS 9"
    phone.cell("F4").tap()
    assert pending_squares(phone) == []
    assert "S" in phone.hand()


def test_a_selected_tile_on_a_taken_square_says_why_and_stays_selected(phone):
    phone.tile("S").tap()
    phone.cell("B4").tap()
    phone.announced("A casa B4 já está ocupada: escolha uma casa livre.")
    assert phone.tile("S").get_attribute("aria-pressed") == "true"
    assert pending_squares(phone) == []
