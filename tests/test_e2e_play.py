"""Playing the fixture tower in Chromium: keyboard, taps, rejections, a climb, a reload."""
from __future__ import annotations

import re

import pytest

from e2e_support import DESKTOP, PHONE, browser, fixture_day, new_player, play_praxe_by_taps, site_url, wait_until  # noqa: F401
from e2e_support import axe_in_each_scheme


def test_valid_word_by_keyboard_scores_and_refills_the_hand(new_player):
    player = new_player().open().wait_ready()
    assert player.hand() == "PRXESTUM"
    # The first arrow shows the cursor on D3; right, right, down: F4, after FADO.
    player.press("ArrowRight", "ArrowRight", "ArrowRight", "ArrowDown")
    player.type_word("S")
    assert player.label("F4") == "S 1 ponto, F4, por confirmar"
    assert player.text("#previsao") == "9 pontos: FADOS 9"
    player.press("Enter")
    player.announced(re.compile(r"^FADOS: 9 pontos\."))  # then where the floor stands
    assert player.number("pontos-andar") == 9
    assert player.number("total") == 9
    assert player.number("jogadas") == 2
    assert player.label("F4") == "S 1 ponto, F4"
    assert player.hand() == "PRXETUMA"  # S played, A drawn from the front of the bag
    player.screenshot("jogada-teclado")
    assert player.errors == []


def with_a_in_the_first_hand(day: dict) -> dict:
    """The fixture tower with the bag's first A swapped into the first hand (for its M): P R X E S T U A."""
    bag = list(day["bag"])
    a = bag.index("A")
    bag[7], bag[a] = bag[a], bag[7]
    return {**day, "bag": "".join(bag)}


def test_typing_a_word_passes_over_the_board_letter_it_meets_on_its_line(new_player):
    # PRAXE down column C from C2 goes through the A of the opener FADO on C4; the hand has no A.
    player = new_player(viewport=DESKTOP).open().wait_ready()
    player.cell("C2").click()
    player.press("Space")
    player.type_word("PRAXE")
    assert "na mão" not in player.text("#anuncio")  # the A was not looked for in the hand
    assert [player.label(sq).split(" ")[0] for sq in ("C2", "C3", "C5", "C6")] == list("PRXE")
    assert player.text("#previsao").startswith("62 pontos: PRAXE")
    player.press("Enter")
    assert player.number("total") == 62
    assert player.errors == []


def test_typing_the_board_letter_passes_over_it_even_when_the_hand_holds_it_too(new_player):
    player = new_player(viewport=DESKTOP, day=with_a_in_the_first_hand(fixture_day())).open().wait_ready()
    assert player.hand() == "PRXESTUA"
    player.cell("C2").click()
    player.press("Space")
    player.type_word("PRAXE")
    assert player.text("#previsao").startswith("62 pontos: PRAXE")
    assert "A" in player.hand()  # the hand's A stayed: the board's was used
    player.type_word("S")  # the cursor went on along the line, past the E
    assert player.label("C7").startswith("S ")
    assert player.errors == []


def test_word_by_taps_tile_then_square_and_square_then_tiles(new_player):
    player = new_player().open().wait_ready()
    player.tile("E").click()  # tile first…
    assert player.tile("E").get_attribute("aria-pressed") == "true"
    player.cell("D5").click()  # …then the square: DE down from the D of FADO
    assert player.label("D5") == "E 1 ponto, D5, por confirmar"
    assert player.text("#previsao") == "3 pontos: DE 3"
    player.button("jogar").click()
    player.announced(re.compile(r"^DE: 3 pontos\."))  # then where the floor stands
    player.cell("F4").click()  # square first…
    player.tile("S").click()  # …then the tile enters there
    assert player.text("#previsao") == "9 pontos: FADOS 9"
    player.button("jogar").click()
    assert player.number("total") == 12
    assert player.errors == []


def test_invalid_word_is_rejected_and_its_tiles_return_to_the_hand(new_player):
    player = new_player().open().wait_ready()
    player.cell("F4").click()
    player.type_word("X")
    assert "FADOX" in player.text("#previsao")
    player.press("Enter")
    player.announced("A jogada não conta. Não vale: FADOX.")  # one word: singular
    assert player.text("#previsao") == "Não vale: FADOX"
    assert player.label("F4") == "F4, vazia, casa escolhida, para a direita"  # where it began: type it again
    assert sorted(player.hand()) == sorted("PRXESTUM")
    assert player.number("jogadas") == 3  # a rejected play spends nothing


def test_backspace_takes_the_last_tile_and_escape_recalls_all(new_player):
    player = new_player().open().wait_ready()
    player.cell("A5").click()
    player.type_word("UM")
    assert player.label("B5") == "M 1 ponto, B5, por confirmar"
    player.press("Backspace")  # the cursor goes back to the freed square
    assert player.label("B5") == "B5, vazia, casa escolhida, para a direita"
    player.press("Escape")
    assert player.label("A5") == "3L, A5, vazia, letra tripla, casa escolhida, para a direita"
    assert sorted(player.hand()) == sorted("PRXESTUM")


def test_climbing_a_floor_offers_three_trunfos_and_the_choice_is_kept(new_player):
    player = new_player().open().wait_ready()
    play_praxe_by_taps(player)
    dialog = player.page.locator("#dialogo")
    dialog.wait_for(state="visible")
    cards = dialog.locator(".carta")
    assert cards.evaluate_all("cs => cs.map(c => c.dataset.trunfo)") == ["cabra", "latada", "fitas"]
    player.screenshot("trunfo")
    player.page.keyboard.press("Escape")  # the choice cannot be dismissed
    assert dialog.is_visible()
    cards.nth(2).click()
    assert not dialog.is_visible()
    assert player.text("#andar") == "2.º andar"
    assert player.number("alvo") == 50
    assert player.number("total") == 62
    assert player.text("#trunfos") == "🎀 Fitas"
    # PRAXE is a Coimbra word and 62 ≥ 25 + 10: two helps, the fixture's first two.
    assert player.page.locator("#ajudas .ajuda").evaluate_all("bs => bs.map(b => b.dataset.help)") == [
        "branca", "espreitar"]
    assert player.text("#abertura-ligacao").upper() == "FITAS"  # floor 2 opens with FITAS
    player.page.locator("#ajudas [data-help=espreitar]").click()
    assert player.text("#espreitar").startswith("No saco, a seguir: ")
    player.screenshot("andar-2")
    assert player.errors == []


def test_the_blank_takes_a_typed_letter_the_hand_lacks(new_player):
    player = new_player().open().wait_ready()
    play_praxe_by_taps(player)
    player.page.locator("#dialogo .carta").first.click()  # Cabra: the corners count ×4
    player.page.locator("#ajudas [data-help=branca]").click()
    assert "?" in player.hand()
    player.cell("A1").click()
    player.type_word("Z")  # no Z in the hand: the blank becomes Z
    assert player.label("A1") == "Z, peça branca, 0 pontos, A1, por confirmar, palavra quádrupla"
    assert "?" not in player.hand()


def test_reload_mid_run_resumes_the_same_state(new_player):
    player = new_player(viewport=DESKTOP).open().wait_ready()
    player.cell("F4").click()
    player.type_word("S")
    player.press("Enter")
    player.cell("D5").click()
    player.type_word("E")  # pending, not played
    player.button("baralhar").click()
    def seen():  # the cursor is where the player looks, not part of the run
        board = [label.split(", casa escolhida")[0] for label in player.board_snapshot()]
        return board, player.hand(), player.text("#previsao"), player.number("total"), player.number("jogadas")

    before = seen()
    player.page.reload()
    player.wait_ready()
    after = seen()
    assert after == before
    assert player.errors == []


def test_exchange_returns_chosen_tiles_and_draws_as_many_without_spending_a_play(new_player):
    player = new_player().open().wait_ready()
    player.button("trocar").click()
    dialog = player.page.locator("#dialogo")
    dialog.get_by_role("button", name="P 2 pontos").click()
    dialog.get_by_role("button", name="R 1 ponto").click()
    player.screenshot("trocar")
    player.dialog_button("Trocar").click()
    player.announced(re.compile(r"^Trocou 2 peças\."))  # then the tiles received
    assert player.hand() == "AEXESTUM"  # the next two of the bag take the returned tiles' places
    assert player.number("trocas") == 2
    assert player.number("jogadas") == 3
    assert player.number("saco") == 109


def test_tapping_the_blank_asks_for_its_letter(new_player):
    player = new_player().open().wait_ready()
    play_praxe_by_taps(player)
    player.page.locator("#dialogo .carta").first.click()
    player.page.locator("#ajudas [data-help=branca]").click()
    player.page.locator("#mao .peca-branca").click()
    player.cell("A1").click()
    player.expect_text("#dialogo-titulo", "De que letra faz a peça branca?")
    player.dialog_button("Q").click()
    assert player.label("A1") == "Q, peça branca, 0 pontos, A1, por confirmar, palavra quádrupla"  # Cabra was chosen


def test_passing_asks_for_confirmation_and_cancelling_spends_nothing(new_player):
    player = new_player().open().wait_ready()
    player.button("passar").click()
    player.expect_text("#dialogo-corpo", "Passar gasta uma jogada sem pontos (fica com 2 jogadas neste andar).")
    player.press("Escape")
    assert player.number("jogadas") == 3
    player.button("passar").click()
    player.dialog_button("Passar").click()
    player.announced(re.compile(r"^Passou a vez\."))  # then where the floor stands
    assert player.number("jogadas") == 2


def test_dobro_shows_while_active_and_doubles_the_previewed_play(new_player):
    day = fixture_day()
    day["helps"][0] = "dobro"  # PRAXE earns Dobro, the climb earns Espreitar
    player = new_player(day=day).open().wait_ready()
    play_praxe_by_taps(player)
    player.page.locator("#dialogo .carta[data-trunfo=cabra]").click()
    player.page.locator("#ajudas [data-help=dobro]").click()
    player.expect_text("#ajudas .ativo", "Dobro ativo: a próxima jogada válida vale a dobrar.")
    player.cell("D5").click()  # under the T of FITAS
    player.type_word("U")
    player.expect_text("#previsao", re.compile(r"^\d+ pontos: TU \d+ \(× 2 pela ajuda «Dobro»\)$"))
    player.press("Enter")
    assert player.page.locator("#ajudas .ativo").count() == 0


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["360x740", "1280x800"])
def test_a_doubled_play_s_preview_names_the_latada_and_the_dobro_that_double_it(new_player, size):
    """Issue 32 §2: not a bare «(× 2)»."""
    day = fixture_day()
    day["helps"][0] = "dobro"
    player = new_player(viewport=size, day=day).open().wait_ready()
    play_praxe_by_taps(player)
    player.page.locator("#dialogo .carta[data-trunfo=latada]").click()
    player.cell("D5").click()  # under the T of FITAS: floor 2's first play
    player.type_word("U")
    player.expect_text("#previsao", re.compile(r"^\d+ pontos: TU \d+ \(× 2 pela Latada\)$"))
    player.page.locator("#ajudas [data-help=dobro]").click()
    player.expect_text("#previsao", re.compile(r"^\d+ pontos: TU \d+ \(× 4 pela Latada e pela ajuda «Dobro»\)$"))
    assert axe_in_each_scheme(player, "previsao-latada-dobro") == {"light": [], "dark": []}
    assert player.errors == []


def test_the_board_plays_before_the_word_list_arrives_and_jogar_waits_for_it(new_player):
    player = new_player()
    held = []
    player.page.route(re.compile(r"/palavras\.[0-9a-f]+\.dawg$"), lambda route: held.append(route))
    player.open()
    player.page.wait_for_selector("#partida:not([hidden])")
    player.cell("F4").click()
    player.type_word("S")  # tiles go down without the word list…
    player.expect_text("#previsao", "A carregar a lista de palavras…")
    player.button("jogar").click()  # …and Jogar waits for it
    player.announced("A lista de palavras ainda está a chegar: a jogada conta logo que chegue.")
    assert player.number("jogadas") == 3
    wait_until(lambda: held, "the word list's request")
    held[0].continue_()
    player.announced(re.compile(r"^FADOS: 9 pontos\."))  # then where the floor stands
    assert player.number("jogadas") == 2
    assert player.errors == []


def test_a_word_list_that_cannot_be_had_says_so_in_place_of_the_game(new_player):
    player = new_player()
    player.page.route(re.compile(r"/palavras\.[0-9a-f]+\.dawg$"), lambda route: route.fulfill(status=404, body=""))
    player.open()
    player.expect_text("#erro-texto", "Não foi possível descarregar a lista de palavras. Tente outra vez daqui a pouco.")
    player.expect_text("#erro details p", re.compile(r"^O site respondeu com o código HTTP 404 ao pedir \S+\.dawg\.$"))  # for a developer
    assert player.page.locator("#partida").is_hidden()
