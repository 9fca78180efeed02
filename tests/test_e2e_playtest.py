"""What a phone playtest found (issue 19, items 2–9), each as the rule it broke."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e_support import DESKTOP, browser, fixture_day, new_player, play_praxe_by_taps, site_url  # noqa: F401
from e2e_support import axe_in_each_scheme, in_each_scheme

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
    assert "Não tem" not in player.page.locator("#anuncio").text_content()  # F, A, D, O were stepped over, not refused
    assert player.errors == []


def test_typing_a_letter_on_the_board_steps_over_it_even_when_the_hand_holds_it(new_player):
    player = new_player(viewport=DESKTOP).open().wait_ready()
    player.cell("C5").click()
    player.type_word("SEU")
    player.press("Enter")  # SEU draws A E I: the hand now holds an A
    player.announced(re.compile(r"^SEU, AS, DE, OU: 10 pontos\."))  # then where the floor stands
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
    # The board's Tab stop is the square that had the focus, C7, after the word typed down from C2.
    player.page.locator("#tabuleiro [tabindex='0']").focus()
    assert player.page.evaluate("() => document.activeElement.dataset.square") == "C7"
    player.press("ArrowRight")
    assert cursor_square(player) == ["C7"]
    player.press("ArrowRight")
    assert cursor_square(player) == ["D7"]


TOUCH = {"has_touch": True, "is_mobile": True}
LANDSCAPE_390 = {"width": 844, "height": 390}


def two_jogadas(player):
    """PRAXE earns Mais uma jogada twice (a Coimbra word, then the climb's margin)."""
    play_praxe_by_taps(player)
    player.page.locator("#dialogo .carta[data-trunfo=cabra]").click()


def help_names(player) -> list[str]:
    return player.page.locator("#ajudas button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")


@pytest.mark.parametrize("size", [PHONE_640, LANDSCAPE_390], ids=["360x640", "844x390"])
def test_a_touch_only_screen_shows_no_keyboard_words_and_two_alike_helps_as_one_help_x2(new_player, size):
    day = fixture_day()
    day["helps"][:2] = ["jogada", "jogada"]
    player = new_player(viewport=size, day=day, **TOUCH).open().wait_ready()
    assert player.page.locator("#dica-teclado").is_hidden()
    assert player.text("#previsao") == "Toque numa peça e numa casa, ou numa casa e nas peças."
    two_jogadas(player)
    assert player.page.locator("#ajudas kbd").count() == 0
    names = help_names(player)
    assert len(names) == 1 and names[0].startswith("Mais uma jogada ×2: usar uma destas 2 ajudas.")
    assert all("tecla" not in name for name in names)
    assert player.page.locator("#ajudas button").all_inner_texts() == ["Mais uma jogada ×2"]
    player.screenshot("ajudas-toque")


@pytest.mark.parametrize("size", [PHONE_640, DESKTOP], ids=["360x640", "1280x800"])
def test_one_play_that_earns_two_dobro_says_why_it_earned_each_and_lists_them_as_dobro_x2(new_player, size):
    """Issue 32 §2: a Coimbra word and the climb's margin, each a Dobro, not «Ganhou a ajuda «Dobro».» twice."""
    day = fixture_day()
    day["helps"][:2] = ["dobro", "dobro"]
    touch = TOUCH if size == PHONE_640 else {}
    player = new_player(viewport=size, day=day, **touch).open().wait_ready()
    play_praxe_by_taps(player)
    player.expect_text("#dialogo .jogada-subiu",
                       "PRAXE: 62 pontos. Ganhou a ajuda «Dobro» pela palavra de Coimbra "
                       "e a ajuda «Dobro» por ultrapassar o alvo em 10 pontos ou mais.")
    for _ in in_each_scheme(player, "dois-dobros-trunfo"):
        pass  # screenshotted in each
    player.page.locator("#dialogo .carta[data-trunfo=cabra]").click()
    helps = player.page.locator("#ajudas button")
    expect(helps).to_have_text([re.compile(r"^Dobro ×2( 4)?$")])
    assert axe_in_each_scheme(player, "dois-dobros") == {"light": [], "dark": []}
    helps.first.focus()
    player.press("Enter")  # uses one of the two
    expect(helps).to_have_text([re.compile(r"^Dobro( 4)?$")])
    assert player.page.evaluate("() => document.activeElement.dataset.help") == "dobro", "focus stays on the help"
    assert player.errors == []


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
    assert len(names) == 1 and names[0].startswith("Mais uma jogada ×2 3: usar uma destas 2 ajudas (tecla 3).")
    assert player.page.locator("#ajudas kbd").count() == 1


def test_the_guide_on_a_touch_only_phone_names_no_keys(new_player):
    player = new_player(viewport=PHONE_640, guide=True, **TOUCH).open().wait_ready()
    player.page.locator("#guia").get_by_role("button", name="Seguinte").click()
    player.expect_text("#guia-titulo", "Pôr peças")
    assert "setas" not in player.text("#guia")


def test_trocar_with_no_tile_chosen_says_what_to_do_and_stays_open(new_player):
    player = new_player(viewport=PHONE_640, **TOUCH).open().wait_ready()
    player.button("trocar").tap()
    player.dialog_button("Trocar").tap()
    dialog = player.page.locator("#dialogo")
    assert dialog.is_visible()
    player.expect_text("#dialogo .aviso-troca",
                       "Ainda não escolheu nenhuma peça: escolha as que quer devolver e depois carregue em «Trocar».")
    assert player.number("trocas") == 3
    dialog.get_by_role("button", name="P 2 pontos").tap()
    player.dialog_button("Trocar").tap()
    player.announced(re.compile(r"^Trocou 1 peça\."))  # then the tiles received


def luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


CURSOR_COLOURS = """cell => {
  const s = getComputedStyle(cell);
  const rgb = (text) => text.match(/\\d+/g).slice(0, 3).map(Number);
  return {outline: rgb(s.outlineColor), ring: rgb(s.boxShadow), background: rgb(s.backgroundColor),
          inside: parseFloat(s.outlineOffset) <= -parseFloat(s.outlineWidth)};
}"""


@pytest.mark.parametrize("size", [PHONE_640, DESKTOP], ids=["360x640", "1280x800"])
def test_the_cursor_stands_out_on_every_square_colour_and_at_the_board_edge(new_player, size):
    player = new_player(viewport=size).open().wait_ready()

    def cursor_colours(square: str) -> dict:
        return {scheme: player.cell(square).evaluate(CURSOR_COLOURS) for scheme in in_each_scheme(player)}

    player.cell("C5").click()
    player.type_word("S")
    player.press("ArrowLeft")  # the cursor on the pending S
    seen = {"pendente": cursor_colours("C5")}
    # A1 and G7: 3P corners on the edge; A2 2L, G3 3L, C2 2P, B1 empty on the edge, B4 a tile.
    for square in ("A1", "G7", "A2", "G3", "C2", "B1", "B4"):
        player.cell(square).click()
        seen[square] = cursor_colours(square)
    for square, schemes in seen.items():
        for scheme, c in schemes.items():
            best = max(contrast(c["outline"], c["background"]), contrast(c["ring"], c["background"]))
            assert best >= 3, (square, scheme, c, best)
            assert c["inside"], (square, scheme)
    player.cell("A1").click()
    for _ in in_each_scheme(player, "cursor-canto"):
        pass  # screenshotted in each


def overlap(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


@pytest.mark.parametrize("size", [{"width": 320, "height": 568}, PHONE_640, LANDSCAPE_390, {"width": 740, "height": 360}],
                         ids=["320x568", "360x640", "844x390", "740x360"])
def test_a_message_never_covers_the_floor_panel(new_player, size):
    player = new_player(viewport=size, **TOUCH).open().wait_ready()
    toast, panel = player.page.locator("#anuncio"), player.page.locator(".painel")

    def check():
        player.page.wait_for_function("() => document.querySelector('#anuncio').classList.contains('visivel')")
        assert not overlap(toast.bounding_box(), panel.bounding_box()), (toast.bounding_box(), panel.bounding_box())

    play_praxe_by_taps(player)  # the longest message of a floor: the play, two helps, the climb
    check()
    player.page.locator("#dialogo .carta[data-trunfo=cabra]").click()
    check()
    player.page.evaluate("() => window.scrollTo(0, 120)")
    player.button("baralhar").click()
    player.button("passar").click()
    player.dialog_button("Passar").click()
    check()
    player.screenshot("mensagem-sem-tapar-o-painel")


@pytest.mark.parametrize("size", [{"width": 320, "height": 568}, PHONE_640, LANDSCAPE_390, DESKTOP],
                         ids=["320x568", "360x640", "844x390", "1280x800"])
def test_the_statistics_button_is_at_least_40_px_tall(new_player, size):
    player = new_player(viewport=size).open().wait_ready()
    assert player.button("estatisticas").bounding_box()["height"] >= 40


SHORT_SCREENS = [{"width": 320, "height": 568}, PHONE_640, LANDSCAPE_390, {"width": 740, "height": 360}]
SHORT_IDS = ["320x568", "360x640", "844x390", "740x360"]

FITS = """d => {
  const inView = (e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 0.5; };
  return {scrolls: d.scrollHeight > d.clientHeight + 1, top: d.scrollTop,
          shown: [...d.querySelectorAll('h2, .jogada-subiu, .carta')].map(inView)};
}"""


@pytest.mark.parametrize("size", SHORT_SCREENS, ids=SHORT_IDS)
def test_the_trunfo_dialog_shows_the_climbing_play_and_three_cards_without_scrolling(new_player, size):
    player = new_player(viewport=size, **TOUCH).open().wait_ready()
    play_praxe_by_taps(player)
    player.expect_text("#dialogo-titulo", "Escolha um trunfo")
    player.expect_text("#dialogo .jogada-subiu",
                       "PRAXE: 62 pontos. Ganhou a ajuda «Peça branca» pela palavra de Coimbra "
                       "e a ajuda «Espreitar» por ultrapassar o alvo em 10 pontos ou mais.")
    fit = player.page.locator("#dialogo").evaluate(FITS)
    assert fit == {"scrolls": False, "top": 0, "shown": [True] * 5}, fit
    for _ in in_each_scheme(player, "trunfo-cabe"):
        pass  # screenshotted in each


@pytest.mark.parametrize("size", SHORT_SCREENS, ids=SHORT_IDS)
def test_the_end_dialog_opens_at_its_top_with_focus_on_its_first_control(new_player, size):
    player = new_player(viewport=size, **TOUCH).open().wait_ready()
    player.pass_turn(3)
    player.page.wait_for_selector("#dialogo[open]")
    player.page.wait_for_timeout(300)
    state = player.page.locator("#dialogo").evaluate("""d => {
      const h = d.querySelector('h2').getBoundingClientRect();
      const first = [...d.querySelectorAll('a[href], button:not([disabled]), textarea, [tabindex]')]
        .find((e) => e.getClientRects().length);
      return {top: d.scrollTop, heading: h.top >= 0 && h.bottom <= innerHeight,
              focusFirst: document.activeElement === first};
    }""")
    assert state == {"top": 0, "heading": True, "focusFirst": True}, state
    player.screenshot("fim-no-topo")


def test_a_replay_of_a_run_on_the_current_word_list_verifies_offline_after_a_visit(new_player, built_dist):
    from e2e_archive import finish_by_passing, first_play, make_play, share_link
    past = "2026-11-30"
    player = new_player(route=False, service_workers="allow", own_server=True).open(f"/?dia={past}").wait_ready()
    player.wait_service_worker()
    make_play(player, first_play(built_dist, past))
    finish_by_passing(player)
    link = share_link(player)
    player.wait_kept(f"/dias/{past}.json")
    player.go_offline()
    player.page.goto("about:blank")
    player.page.goto(link)
    player.page.wait_for_selector("#repeticao[data-veredicto]", state="attached")
    player.expect_text("#veredicto", re.compile(r"^Corrida verificada: "))
    player.screenshot("repeticao-sem-rede")


LANDSCAPES = [LANDSCAPE_390, {"width": 740, "height": 360}, {"width": 667, "height": 375}]


@pytest.mark.parametrize("size", LANDSCAPES, ids=["844x390", "740x360", "667x375"])
def test_in_landscape_the_guide_sits_beside_the_board_and_never_blocks_a_tap_on_it(new_player, size):
    player = new_player(viewport=size, guide=True, **TOUCH).open().wait_ready()
    card, board = player.page.locator("#guia"), player.page.locator("#tabuleiro")

    def beside():
        assert not overlap(card.bounding_box(), board.bounding_box()), (player.text("#guia-titulo"), card.bounding_box())

    player.expect_text("#guia-titulo", "O alvo do andar")
    beside()
    card.get_by_role("button", name="Seguinte").tap()
    player.expect_text("#guia-titulo", "Pôr peças")
    beside()
    for square in ("A1", "G1", "C2", "G3"):  # rows 1-3, where the card used to sit
        player.cell(square).tap()
        assert player.page.locator("#tabuleiro .casa.cursor").get_attribute("data-square") == square
    player.cell("G3").tap()
    player.cell("G3").tap()  # let go of the square
    player.tile("S").tap()
    player.cell("C5").tap()
    player.expect_text("#guia-titulo", "A previsão")
    beside()
    card.get_by_role("button", name="Seguinte").tap()
    player.expect_text("#guia-titulo", "Jogar")
    beside()
    assert not overlap(card.bounding_box(), player.button("jogar").bounding_box())  # what the step names
    player.screenshot("guia-ao-lado")


def test_every_state_this_issue_touches_has_no_axe_violations(new_player):
    found = {}
    day = fixture_day()
    day["helps"][:2] = ["jogada", "jogada"]
    phone = new_player(viewport=PHONE_640, day=day, **TOUCH).open().wait_ready()
    page = phone.page
    tile, cell = phone.tile("S").bounding_box(), phone.cell("C5").bounding_box()
    cdp = page.context.new_cdp_session(page)
    touch = lambda kind, points: cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})  # noqa: E731
    touch("touchStart", [{"x": tile["x"] + 10, "y": tile["y"] + 10}])
    for step in range(1, 6):
        touch("touchMove", [{"x": tile["x"] + 10 + (cell["x"] - tile["x"]) * step / 5,
                             "y": tile["y"] + 10 + (cell["y"] - tile["y"]) * step / 5}])
    expect(page.locator("#tabuleiro .alvo-arrasto")).to_have_attribute("data-square", "C5")  # the square under it is marked
    assert page.locator(".peca-arrastada").count() == 1
    found["a-arrastar"] = axe_in_each_scheme(phone)
    touch("touchEnd", [])
    phone.button("trocar").tap()
    phone.dialog_button("Trocar").tap()
    phone.expect_text("#dialogo .aviso-troca", re.compile("^Ainda não escolheu"))
    found["trocar-sem-pecas"] = axe_in_each_scheme(phone)
    phone.press("Escape")
    if phone.button("desfazer").is_enabled():
        phone.button("desfazer").tap()
    play_praxe_by_taps(phone)
    phone.expect_text("#dialogo .jogada-subiu", re.compile("^PRAXE"))
    found["trunfo-com-jogada"] = axe_in_each_scheme(phone)
    page.locator("#dialogo .carta[data-trunfo=cabra]").click()
    found["ajudas-toque"] = axe_in_each_scheme(phone)
    phone.pass_turn(2)
    phone.cell("D5").tap()
    phone.tile("U").tap()
    phone.button("jogar").tap()
    phone.expect_text("#dialogo-titulo", "Jogar e acabar a corrida?")
    found["ultima-jogada"] = axe_in_each_scheme(phone)
    side = new_player(viewport=LANDSCAPE_390, guide=True, **TOUCH).open().wait_ready()
    side.expect_text("#guia-titulo", "O alvo do andar")
    found["guia-ao-lado"] = axe_in_each_scheme(side)
    desk = new_player(viewport=DESKTOP).open().wait_ready()
    desk.cell("A1").click()
    found["cursor-no-canto"] = axe_in_each_scheme(desk)
    assert found == {state: {"light": [], "dark": []} for state in found}


def test_a_modal_dialog_hides_the_message_it_repeats_and_a_screen_reader_still_hears_it(new_player):
    player = new_player(viewport=PHONE_640).open().wait_ready()
    play_praxe_by_taps(player)
    player.expect_text("#dialogo-titulo", "Escolha um trunfo")
    player.announced(re.compile(r"Subiu ao 2\.º andar! Escolha um trunfo\.$"))  # the live region keeps it
    assert "Subiu ao 2.º andar! Escolha um trunfo" in player.text("#dialogo-corpo")  # and the dialog says it
    toast = player.page.locator("#anuncio")
    expect(toast).to_have_css("opacity", "0")  # not peeking out under the dialog's edge
    player.screenshot("trunfo-sem-mensagem-por-baixo")
    player.page.locator("#dialogo .carta[data-trunfo=latada]").click()
    player.cell("A1").click()
    player.type_word("Z")  # no Z in the hand: a refusal, shown again once the dialog is gone
    expect(toast).to_have_css("opacity", "1")
