"""Layout and accessibility as seen in Chromium: sizes, grid semantics, focus, screenshots."""
from __future__ import annotations

import pytest

from e2e_support import DESKTOP, PHONE, ROOT, browser, new_player, play_praxe_by_taps, site_url  # noqa: F401


@pytest.mark.parametrize("viewport", [{"width": 360, "height": 640}, PHONE, DESKTOP],
                         ids=["360x640", "360x740", "1280x800"])
def test_board_and_hand_fit_the_screen_without_scrolling(new_player, viewport):
    player = new_player(viewport=viewport).open().wait_ready()
    board = player.page.locator("#tabuleiro").bounding_box()
    assert board["y"] >= 0 and board["y"] + board["height"] <= viewport["height"]
    assert board["x"] >= 0 and board["x"] + board["width"] <= viewport["width"]
    assert player.page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
    player.screenshot("inicio")
    if viewport["height"] >= 740:
        hand = player.page.locator("#mao").bounding_box()
        assert hand["y"] + hand["height"] <= viewport["height"]


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_of_a_play_being_placed(new_player, viewport, scheme):
    player = new_player(viewport=viewport, color_scheme=scheme).open().wait_ready()
    player.cell("C2").click()
    player.press("Space")
    player.type_word("PRX")
    assert player.text("#previsao") == "Não existe: PRAX."
    player.type_word("E")
    assert player.text("#previsao") == "62 pontos: PRAXE 52 + Coimbra 10"
    player.screenshot(f"previsao-{scheme}")


def test_board_is_an_aria_grid_with_named_cells(new_player):
    player = new_player().open().wait_ready()
    grid = player.page.get_by_role("grid", name="Tabuleiro, 7 por 7")
    assert grid.get_by_role("row").count() == 7
    assert grid.get_by_role("gridcell").count() == 49
    assert player.label("C2") == "C2, vazia, palavra dupla"
    assert player.label("C4") == "C4, A"
    assert player.label("G3") == "G3, vazia, letra tripla"
    assert player.cell("C2").inner_text() == "2P"  # special squares are marked in text, not only colour
    assert player.page.get_by_role("status").first.get_attribute("aria-live") == "polite"


def test_whole_floor_by_keyboard_alone_including_the_trunfo(new_player):
    player = new_player().open().wait_ready()
    player.press("ArrowUp")  # the cursor appears on D3
    player.press("ArrowLeft", "ArrowUp")  # C2
    player.press("Space")  # turn: down
    assert player.label("C2").endswith("cursor, para baixo")
    player.type_word("PRXE")
    player.press("Enter")
    player.expect_text("#dialogo-titulo", "Escolha um trunfo")
    player.press("Tab", "Enter")  # the second card
    player.expect_text("#trunfos", "🎉 Latada")
    player.press("Tab")
    focused = player.page.evaluate("() => document.activeElement.outerHTML")
    assert focused  # something holds focus after the dialog
    assert player.errors == []


def test_focused_cell_shows_a_visible_outline(new_player):
    player = new_player().open().wait_ready()
    player.press("ArrowUp")
    player.page.locator("#tabuleiro [tabindex='0']").focus()
    player.press("ArrowDown")
    focused = player.page.locator("#tabuleiro :focus")
    assert focused.get_attribute("data-square") == "D4"
    outline = focused.evaluate("el => getComputedStyle(el).outlineStyle")
    assert outline == "solid"


def test_climb_screenshot_on_desktop(new_player):
    player = new_player(viewport=DESKTOP).open().wait_ready()
    play_praxe_by_taps(player)
    player.expect_text("#dialogo-titulo", "Escolha um trunfo")
    player.screenshot("trunfo")


def test_without_javascript_the_page_shows_the_first_floor_and_says_why_it_cannot_play(new_player):
    player = new_player(java_script_enabled=False).open()
    assert player.text("noscript .aviso").startswith("Para jogar é preciso JavaScript.")
    cells = player.page.locator(".tabuleiro-estatico td.fixa")
    assert cells.count() == 49
    assert cells.first.inner_text() == "3P"
    first, second = cells.nth(0).bounding_box(), cells.nth(1).bounding_box()
    assert second["x"] > first["x"] and second["y"] == first["y"]  # a real 7 × 7 table
    assert player.page.locator("#partida").is_hidden()
    assert player.page.locator("#carregar").is_hidden()
    assert player.text("noscript .abertura-estatica").startswith("A palavra de abertura: ")  # under the board
    player.screenshot("sem-javascript")


@pytest.mark.parametrize("motion, animation", [("reduce", "none"), ("no-preference", "pousar")])
def test_tiles_animate_only_when_motion_is_welcome(new_player, motion, animation):
    player = new_player(reduced_motion=motion).open().wait_ready()
    player.cell("F4").click()
    player.type_word("S")
    assert player.cell("F4").evaluate("el => getComputedStyle(el).animationName") == animation


def test_board_blocks_double_tap_zoom(new_player):
    player = new_player().open().wait_ready()
    for selector in ("#tabuleiro", "#mao", ".controlos button"):
        touch = player.page.locator(selector).first.evaluate("el => getComputedStyle(el).touchAction")
        assert touch == "manipulation", selector


def test_every_module_preload_exists_and_every_ui_module_is_preloaded(site_url, built_dist):
    import re
    import urllib.request

    home = (built_dist / "index.html").read_text(encoding="utf-8")
    preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)">', home)
    for href in preloads:
        with urllib.request.urlopen(site_url + href) as response:
            assert response.status == 200, href
    ui_modules = sorted(p.name for p in (ROOT / "site_src" / "js" / "ui").glob("*.js"))
    assert sorted(h.rsplit("/", 1)[1] for h in preloads if "/js/ui/" in h) == ui_modules


def climb_with_cabra(player):
    play_praxe_by_taps(player)
    player.page.locator("#dialogo .carta[data-trunfo=cabra]").click()
    player.expect_text("#trunfos", "🔔 Cabra")


def inside(box, viewport) -> bool:
    return box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]


def test_wide_screen_shows_the_opener_helps_and_messages_without_scrolling(new_player):
    player = new_player(viewport=DESKTOP).open().wait_ready()
    climb_with_cabra(player)
    for selector in ("#tabuleiro", "#mao", ".controlos", "#abertura", "#ajudas", "#anuncio", "#andar"):
        assert inside(player.page.locator(selector).first.bounding_box(), DESKTOP), selector
    assert player.text("#abertura-texto").strip()  # floor 2's blurb, not an empty box
    assert player.page.evaluate("() => window.scrollY") == 0
    player.screenshot("andar-2-largo")


def test_phone_shows_helps_and_messages_before_the_opener_and_the_hint_last(new_player):
    player = new_player().open().wait_ready()
    climb_with_cabra(player)
    tops = [player.page.locator(s).first.bounding_box()["y"]
            for s in ("#mao", ".controlos", "#ajudas", "#anuncio", "#abertura", ".secundarios", "#dica-teclado")]
    assert tops == sorted(tops)


def test_corners_read_4p_once_cabra_is_held(new_player):
    player = new_player().open().wait_ready()
    assert player.cell("A1").inner_text() == "3P"
    climb_with_cabra(player)
    assert player.cell("A1").inner_text() == "4P"
    assert player.label("G7") == "G7, vazia, palavra quádrupla"


def test_a_hand_of_twelve_tiles_stays_on_one_row_on_a_phone(new_player):
    player = new_player(viewport={"width": 360, "height": 640}).open().wait_ready()
    player.page.evaluate("""() => {
        const hand = document.querySelector('#mao');
        const first = hand.querySelector('.peca');
        while (hand.children.length < 12) hand.append(first.cloneNode(true));
    }""")
    boxes = player.page.locator("#mao .peca").evaluate_all(
        "tiles => tiles.map(t => { const r = t.getBoundingClientRect(); return [r.top, r.left, r.right]; })")
    assert len({top for top, _, _ in boxes}) == 1
    assert min(left for _, left, _ in boxes) >= 0 and max(right for _, _, right in boxes) <= 360


def test_the_hand_stays_put_while_the_preview_changes(new_player):
    player = new_player().open().wait_ready()
    before = player.page.locator("#mao").bounding_box()["y"]
    player.cell("A1").click()
    player.type_word("U")  # not touching the board: the longest refusal, two lines on a phone
    player.expect_text("#previsao", "Pelo menos uma peça tem de tocar numa letra que já esteja no tabuleiro.")
    assert player.page.locator("#mao").bounding_box()["y"] == before


# Text colour against the first opaque background behind it, as the browser computes them.
CONTRAST = """(selectors) => {
  const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => v / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const background = (el) => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length === 3 || c[3] === 1) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  return selectors.map((s) => {
    const el = document.querySelector(s);
    const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(background(el))].sort((x, y) => y - x);
    return [s, Math.round(((a + 0.05) / (b + 0.05)) * 100) / 100];
  });
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_game_text_meets_aa_contrast(new_player, scheme):
    player = new_player(color_scheme=scheme).open().wait_ready()
    player.cell("C2").click()
    player.press("Space")
    player.type_word("PRXE")  # a valid preview, a pending tile, a cursor
    selectors = ["#andar", ".numeros dt", ".numeros dd", ".trunfos-linha", "#previsao",
                 "#tabuleiro .casa-3P .rotulo-casa", "#tabuleiro .casa-3L .rotulo-casa",
                 "#tabuleiro .casa-2L .rotulo-casa", "#tabuleiro .ocupada .letra", "#tabuleiro .pendente .letra",
                 "#mao .peca .letra", "#mao .peca .valor", "[data-action=jogar]", "[data-action=baralhar]",
                 ".ajudas .rotulo", "#abertura-texto", "#abertura-ligacao", "#dica-teclado"]
    low = [(s, ratio) for s, ratio in player.page.evaluate(CONTRAST, selectors) if ratio < 4.5]
    assert low == []
    player.type_word("T")  # PRAXET is not a word: the refusal's colour
    assert "invalida" in player.page.get_attribute("#previsao", "class")
    assert player.page.evaluate(CONTRAST, ["#previsao"])[0][1] >= 4.5
