"""The game as a screen reader hears it (issue 40, «Heard in full»): what its live regions say,
recorded by a MutationObserver with whether a modal dialog was open and the region outside it
(a screen reader then reads only the dialog), and the dialogs' names and descriptions as the
accessibility tree gives them (CDP `Accessibility.getFullAXTree`).
"""
from __future__ import annotations

import re

from e2e_support import HEARD_RECORDER as RECORDER, browser, new_player, play_praxe_by_taps, site_url  # noqa: F401


EMOJI = re.compile("[\U0001F300-\U0001FAFF\u2600-\u27BF]")


def recording(new_player, **options):
    player = new_player(**options)
    player.page.add_init_script(RECORDER)
    return player.open().wait_ready()


def heard(player, since: int = 0) -> list[str]:
    """What a screen reader hears of the live regions: none outside an open modal dialog."""
    return [h["text"] for h in player.page.evaluate("() => window.__heard")[since:] if not h["outside"]]


def heard_count(player) -> int:
    return player.page.evaluate("() => window.__heard.length")


def dialog_heard(player) -> tuple[str, str]:
    """The open dialog's name and description, from the accessibility tree."""
    cdp = player.page.context.new_cdp_session(player.page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    dialogs = [n for n in nodes if n.get("role", {}).get("value") == "dialog" and not n.get("ignored")]
    assert len(dialogs) == 1, dialogs
    value = lambda key: dialogs[0].get(key, {}).get("value", "")  # noqa: E731
    return value("name"), value("description")


def test_the_play_that_climbs_is_heard_in_the_trunfo_dialog(new_player):
    player = recording(new_player)
    play_praxe_by_taps(player)
    player.expect_text("#dialogo-titulo", "Escolha um trunfo")
    name, description = dialog_heard(player)
    assert name == "Escolha um trunfo"
    assert description.startswith("PRAXE: 62 pontos.")
    assert "Subiu ao 2.º andar!" in description


def test_each_question_is_described_when_it_opens(new_player):
    player = recording(new_player)
    player.button("passar").click()
    player.dialog_button("Passar").wait_for()
    name, description = dialog_heard(player)
    assert (name, description) == ("Passar a vez?", player.text("#dialogo-corpo p"))
    assert description.startswith("Passar gasta uma jogada")
    player.dialog_button("Cancelar").click()
    player.button("trocar").click()
    player.dialog_button("Trocar").wait_for()
    name, description = dialog_heard(player)
    assert name == "Trocar peças" and description.startswith("Escolha as peças a devolver ao saco")
    player.dialog_button("Cancelar").click()


def test_the_end_screen_opens_on_the_play_that_ended_the_run_and_its_total(new_player):
    player = recording(new_player)
    player.pass_turn(3)
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    name, description = dialog_heard(player)
    assert name == "Fim da corrida"
    assert description.startswith("Passou a vez. Acabaram-se as jogadas sem chegar ao alvo")
    assert description.endswith("A corrida acabou no 1.º andar, com 0 pontos.")
    player.dialog_button("Fechar").click()
    player.button("resultado").click()
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    assert dialog_heard(player)[1] == "A corrida acabou no 1.º andar, com 0 pontos."  # the last play said once


def test_progress_is_said_after_each_play_pass_exchange_and_shuffle(new_player):
    player = recording(new_player)
    player.cell("F4").click()  # FADO + S: FADOS, short of the target
    player.tile("S").click()
    player.button("jogar").click()
    player.announced(re.compile(r"^FADOS: \d+ pontos\. \d+ de 25, faltam 2 jogadas\. Tirou [A-Z]\.$"))
    player.pass_turn()
    player.announced(re.compile(r"^Passou a vez\. \d+ de 25, falta 1 jogada\.$"))
    hand = player.hand()
    player.button("baralhar").click()
    player.announced(re.compile(r"^Nova ordem: ([A-Z], ){7}[A-Z]\.$"))
    assert sorted(player.text("#anuncio")[12:-1].split(", ")) == sorted(hand)
    player.button("trocar").click()
    player.page.locator("#dialogo .mao-troca .peca").nth(0).click()
    player.page.locator("#dialogo .mao-troca .peca").nth(1).click()
    player.dialog_button("Trocar").click()
    player.announced(re.compile(r"^Trocou 2 peças\. Recebeu [A-Z], [A-Z]\.$"))


def test_a_new_floor_is_said_once_its_trunfo_is_chosen_without_emoji(new_player):
    player = recording(new_player)
    play_praxe_by_taps(player)
    player.page.locator("#dialogo .carta[data-trunfo=latada]").click()
    player.announced(re.compile("^Trunfo: "))
    assert [text for text in heard(player) if EMOJI.search(text)] == []
    player.announced(re.compile(r"^Trunfo: Latada\. 2\.º andar: alvo de 50 pontos em 3 jogadas; "
                                r"a palavra de abertura é FITAS\. Na mão: ([A-Z], ){7,8}[A-Z]\.$"))


def test_arrow_presses_say_the_square_once_not_the_entry_line_again(new_player):
    player = recording(new_player)
    player.page.locator("#tabuleiro [tabindex='0']").focus()
    player.press("ArrowUp")  # the cursor appears: the line says where the pieces enter
    player.expect_text("#previsao", re.compile("^As peças entram a partir de D4, para a direita"))
    before = heard_count(player)
    player.press("ArrowLeft", "ArrowUp")
    player.expect_text("#previsao", re.compile("^As peças entram a partir de C3, para a direita"))
    assert [t for t in heard(player, before) if t.startswith("As peças entram")] == []
    player.press("Space")  # the way turns: said
    player.expect_text("#previsao", re.compile("para baixo"))
    assert [t for t in heard(player, before) if t.startswith("As peças entram")] == [
        player.text("#previsao")]


def test_the_challenge_name_field_says_its_sentence_once_not_at_every_character(new_player):
    player = recording(new_player)
    player.pass_turn(3)
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    player.page.locator("#desafiar").click()
    before = len(player.page.evaluate("() => window.__heard"))
    player.page.locator("#desafio-nome-campo").press_sequentially("Ana")
    said = [h for h in player.page.evaluate("() => window.__heard")[before:] if h["id"] == "desafio-nome-aviso"]
    assert said == []  # the same sentence as before the name was typed: nothing new to say


def test_the_archive_says_each_days_opening_word_in_its_text(new_player):
    player = new_player().open("/arquivo/")
    player.page.locator(".arquivo-dias a").first.wait_for()
    nodes = player.page.context.new_cdp_session(player.page).send("Accessibility.getFullAXTree")["nodes"]
    named_generics = [n["name"]["value"] for n in nodes if n.get("role", {}).get("value") == "generic"
                      and n.get("name", {}).get("value", "").startswith("abertura")]
    assert named_generics == []
    texts = [n["name"]["value"] for n in nodes if n.get("role", {}).get("value") == "StaticText"]
    assert "abertura: " in texts or "abertura:" in texts


# Item 4 (focus) and item 5 (back to the board) --------------------------------------------

def focused(player) -> str:
    return player.page.evaluate("() => document.activeElement.dataset.square ?? document.activeElement.textContent.trim()")


def ended_by_keys(new_player):
    player = new_player().open().wait_ready()
    player.pass_turn(3)
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    return player


def test_escape_in_estatisticas_opened_from_the_end_screen_goes_back_to_it_on_its_button(new_player):
    player = ended_by_keys(new_player)
    player.dialog_button("Estatísticas").click()
    player.expect_text("#dialogo-titulo", "Estatísticas")
    player.press("Escape")
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    player.page.wait_for_function("() => document.activeElement.textContent === 'Estatísticas'")
    player.dialog_button("Estatísticas").click()
    player.dialog_button("Voltar ao resultado").click()
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    assert player.errors == []


def test_voltar_ao_resultado_returns_focus_to_analise_da_corrida(new_player):
    player = ended_by_keys(new_player)
    player.dialog_button("Análise da corrida").click()
    player.expect_text("#dialogo-titulo", "Análise da corrida")
    player.dialog_button("Voltar ao resultado").click()
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    player.page.wait_for_function("() => document.activeElement.textContent === 'Análise da corrida'")
    player.dialog_button("Análise da corrida").click()
    player.press("Escape")  # Escape too goes back, as «Voltar ao resultado»
    player.expect_text("#dialogo-titulo", "Fim da corrida")


def test_escape_on_a_button_or_a_hand_tile_goes_back_to_the_board_and_takes_nothing_back(new_player):
    player = new_player().open().wait_ready()
    player.cell("A1").click()
    player.tile("S").click()  # a tile put down: Escape on the board would take it back
    player.button("baralhar").focus()
    player.press("Escape")
    player.page.wait_for_function("() => document.querySelector('#tabuleiro').contains(document.activeElement)")
    assert player.label("A1").startswith("S 1 ponto, A1, por confirmar"), "nothing taken back"
    player.page.locator("#mao button").first.focus()
    player.press("Escape")
    player.page.wait_for_function("() => document.querySelector('#tabuleiro').contains(document.activeElement)")
    player.press("Escape")  # on the board: the tiles put down come back, as before
    assert not player.label("A1").startswith("S 1 ponto")
    assert "Escape recolhe todas (num botão ou numa peça da mão, volta ao tabuleiro)" in player.text("#dica-teclado")
    assert player.errors == []


def test_after_a_refused_play_the_chosen_square_is_where_it_began_and_has_the_focus(new_player):
    # Before: no square was «casa escolhida» while the next letter went to the one focused.
    player = new_player().open().wait_ready()
    player.cell("C5").click()
    player.cell("C5").click()  # down, under the A of FADO
    player.type_word("XT")
    player.press("Enter")
    player.announced("A jogada não conta. Não vale: AXT.")
    player.page.wait_for_function("() => document.activeElement.dataset.square === 'C5'")
    assert player.label("C5") == "C5, vazia, casa escolhida, para baixo"
    player.type_word("S")  # the line starts again where it began, the way it ran
    assert player.label("C5").startswith("S 1 ponto, C5, por confirmar")


def test_backspace_moves_the_focus_with_the_chosen_square(new_player):
    # Before: focus stayed on the square after the word while the chosen one was the tile taken back.
    player = new_player().open().wait_ready()
    player.cell("A5").click()
    player.type_word("UM")
    assert focused(player) == "C5"
    player.press("Backspace")
    assert focused(player) == "B5"
    assert player.label("B5") == "B5, vazia, casa escolhida, para a direita"


def test_the_guide_s_jogar_step_gives_the_focus_to_the_board_where_enter_plays(new_player):
    # Before: the focused «Seguinte» went away at step 4 and focus fell to the page (12 Tabs back).
    player = new_player(guide=True).open().wait_ready()
    card = player.page.locator("#guia")
    for title in ("Pôr peças", "A previsão", "Jogar"):
        card.get_by_role("button", name="Seguinte").focus()
        player.press("Enter")
        player.expect_text("#guia-titulo", title)
        if title == "A previsão":  # the keyboard's way to take a tile back, not only the click's
            assert player.text("#guia-texto").endswith("no teclado, Backspace tira a última.")
    player.page.wait_for_function("() => document.querySelector('#tabuleiro').contains(document.activeElement)")
    assert player.errors == []


def test_the_end_screen_reopened_does_not_say_the_par_and_the_opponents_again(new_player):
    player = recording(new_player)
    player.pass_turn(3)
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    player.page.wait_for_function("() => !/A calcular/.test(document.querySelector('#par-linha').textContent)"
                                  " && document.querySelector('#adversarios-linha').textContent.includes('Caloiro')")
    first = heard(player)
    assert any("Par do dia" in h for h in first) and any("Caloiro" in h for h in first), first
    player.dialog_button("Fechar").click()
    since = heard_count(player)
    player.button("resultado").click()
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    player.page.wait_for_function("() => !/A calcular/.test(document.querySelector('#par-linha').textContent)"
                                  " && document.querySelector('#adversarios-linha').textContent.includes('Caloiro')")
    again = heard(player, since)
    assert not [h for h in again if "Par do dia" in h or "Caloiro" in h], again
    assert player.errors == []


# Found by bench/keyboard_run.py's whole run by keyboard --------------------------------------

def test_the_guide_back_after_the_first_trunfo_leaves_the_focus_where_the_player_is(new_player):
    # Before: its «E agora?» step took the focus to «Treinar primeiro» (Enter there leaves the tower).
    player = new_player(guide=True).open().wait_ready()
    card = player.page.locator("#guia")
    for title in ("Pôr peças", "A previsão", "Jogar"):
        card.get_by_role("button", name="Seguinte").click()
        player.expect_text("#guia-titulo", title)
    play_praxe_by_taps(player)
    player.page.locator("#dialogo .carta[data-trunfo=latada]").focus()
    player.press("Enter")
    player.expect_text("#guia-titulo", "E agora?")
    assert player.page.evaluate("() => !document.querySelector('#guia').contains(document.activeElement)")
    assert player.errors == []


def test_after_a_play_the_board_s_tab_stop_is_the_square_with_the_focus(new_player):
    # Before: the Tab stop went to D4 while the focus stayed on C7, so the first Tab went to D4.
    player = new_player().open().wait_ready()
    player.cell("C2").click()
    player.cell("C2").click()  # down
    player.type_word("PRAXE")  # passes over FADO's A on C4
    player.press("Enter")
    player.page.locator("#dialogo .carta").first.wait_for()
    player.page.locator("#dialogo .carta").first.focus()
    player.press("Enter")
    player.page.wait_for_function("() => document.querySelector('#tabuleiro').contains(document.activeElement)")
    assert player.page.evaluate("() => [document.activeElement.dataset.square, document.activeElement.tabIndex]") == ["C7", 0]
    assert player.page.locator("#tabuleiro [tabindex='0']").count() == 1


def test_estatisticas_is_described_by_what_a_screen_reader_gets_not_a_hidden_legend(new_player):
    # Before: its description was the calendar's legend, hidden from screen readers («subiu a torre jogou …»).
    player = ended_by_keys(new_player)
    player.dialog_button("Estatísticas").click()
    player.expect_text("#dialogo-titulo", "Estatísticas")
    described = player.page.evaluate("""() => (document.querySelector('#dialogo').getAttribute('aria-describedby') || '')
        .split(' ').filter(Boolean).map((id) => !!document.getElementById(id).closest('[aria-hidden=true]'))""")
    assert described and not any(described), described
    # Described by its figures, which it opens on (before: a challenges' sentence further down).
    assert dialog_heard(player)[1].startswith("Corridas 1 Torres subidas 0 Melhor pontuação 0")


def test_the_hand_is_one_tab_stop_with_left_and_right_along_it(new_player):
    # Before: every hand tile was a Tab stop, 12 Tabs from the board to «Trocar» (an exchange cost 33 keys).
    player = new_player().open().wait_ready()
    player.cell("A1").focus()
    player.press("Tab")
    assert player.page.evaluate("() => document.activeElement.closest('#mao') !== null"), "the hand, after the board"
    assert focused(player) == "P 2"
    player.press("ArrowRight", "ArrowRight")
    assert focused(player) == "X 8", "along the hand, not the board's cursor"
    player.press("ArrowLeft")
    assert focused(player) == "R 1"
    player.press("Tab")
    assert player.page.evaluate("() => document.activeElement.closest('.controlos') !== null"), "one Tab: out of the hand"
    player.press("Shift+Tab")
    assert focused(player) == "R 1", "back into the hand on the tile last focused"
    assert player.page.locator("#mao [tabindex='0']").count() == 1
    assert "na mão, ← e → passam de peça em peça" in player.text("#dica-teclado")
