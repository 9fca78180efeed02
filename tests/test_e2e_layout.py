"""Layout and accessibility as seen in Chromium: sizes, grid semantics, focus, screenshots."""
from __future__ import annotations

import re

import pytest

from e2e_archive import finish_by_passing
from e2e_support import (DESKTOP, PHONE, browser, fixture_day, new_player, play_praxe_by_taps,  # noqa: F401
                          site_url, wander_the_game)
from e2e_support import in_each_scheme
from test_e2e_a11y import site_pages


# Every size the game must fit (issue 9): phones upright and on their side, desktops.
PORTRAIT = [(320, 568), (360, 640), (390, 844), (412, 915)]
LANDSCAPE = [(844, 390), (740, 360), (667, 375)]
WIDE = [(1280, 800), (1920, 1080)]
SIZES = PORTRAIT + LANDSCAPE + WIDE


def with_republica(day: dict) -> dict:
    """The fixture tower with Cabra and República swapped, so floor 1's offer holds República."""
    swap = {"cabra": "republica", "republica": "cabra"}
    rename = lambda ids: [swap.get(i, i) for i in ids]  # noqa: E731
    offers = {"+".join(sorted(rename(k.split("+")))) if k else "": rename(v) for k, v in day["offers"].items()}
    return {**day, "offers": offers}


def box(player, selector: str) -> dict:
    return player.page.locator(selector).first.bounding_box()


def in_view(b: dict, width: int, height: int) -> bool:
    return b["x"] >= 0 and b["y"] >= 0 and b["x"] + b["width"] <= width + 0.5 and b["y"] + b["height"] <= height + 0.5


def overlaps(a: dict, b: dict) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


@pytest.mark.parametrize("width, height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_board_whole_hand_of_nine_and_jogar_fit_together_without_scrolling(new_player, width, height):
    touch = width < 1000
    player = new_player(viewport={"width": width, "height": height}, day=with_republica(fixture_day()),
                        has_touch=touch, is_mobile=touch).open().wait_ready()
    play_praxe_by_taps(player)
    player.page.locator("#dialogo .carta[data-trunfo=republica]").click()
    player.expect_text("#trunfos", "🏠 República")
    assert len(player.hand()) == 9
    player.page.evaluate("() => window.scrollTo(0, 0)")
    assert player.page.evaluate("() => document.documentElement.scrollWidth") <= width
    for selector in ["#tabuleiro", "#mao", "[data-action=jogar]", *[f"#mao .peca >> nth={i}" for i in range(9)]]:
        assert in_view(box(player, selector), width, height), selector
    assert min(player.page.locator("#tabuleiro .casa").evaluate_all(
        "cells => cells.map(c => c.getBoundingClientRect().width)")) >= 36
    heights = player.page.locator("#mao .peca, [data-zona=controlos] button").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().height)")
    assert min(heights) >= 40
    clipped = player.page.locator("[data-zona=controlos] button").evaluate_all(
        "els => els.filter(e => e.scrollWidth > e.clientWidth).map(e => e.textContent)")
    assert clipped == []
    if (width, height) in LANDSCAPE:  # the board beside the hand and buttons, not above them
        assert box(player, "#tabuleiro")["x"] + box(player, "#tabuleiro")["width"] <= box(player, "#mao")["x"]
    player.screenshot("republica-claro")
    player.page.emulate_media(color_scheme="dark")
    player.screenshot("republica-escuro")


@pytest.mark.parametrize("width, height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_message_appears_in_view_without_covering_the_board_or_the_hand(new_player, width, height):
    player = new_player(viewport={"width": width, "height": height}).open().wait_ready()
    player.cell("F4").click()
    shown = "() => getComputedStyle(document.querySelector('#anuncio')).opacity === '1'"
    player.type_word("Z")
    player.announced("Não tem nenhum Z na mão.")
    player.page.wait_for_function(shown)
    toast = box(player, "#anuncio")
    assert in_view(toast, width, height)
    for selector in ("#tabuleiro", "#mao", "[data-action=jogar]"):
        assert not overlaps(toast, box(player, selector)), selector
    assert player.page.get_by_role("status").filter(has_text="Não tem nenhum Z").count() == 1  # the live region
    player.screenshot("mensagem")
    player.page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")  # wherever the page is
    player.type_word("W")
    player.announced("Não há peças com a letra W.")
    player.page.wait_for_function(shown)
    assert in_view(box(player, "#anuncio"), width, height)


def test_a_message_fades_after_a_while_on_a_phone(new_player):
    player = new_player().open().wait_ready()
    player.page.clock.install()
    player.press("ArrowUp")
    player.type_word("Z")
    player.page.wait_for_function("() => getComputedStyle(document.querySelector('#anuncio')).opacity === '1'")
    player.page.clock.run_for(15000)
    player.page.wait_for_function("() => getComputedStyle(document.querySelector('#anuncio')).opacity === '0'")
    assert player.text("#anuncio") == "Não tem nenhum Z na mão."  # still there for a screen reader


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_screenshots_of_a_play_being_placed(new_player, viewport):
    player = new_player(viewport=viewport).open().wait_ready()
    player.cell("C2").click()
    player.press("Space")
    player.type_word("PRX")
    assert player.text("#previsao") == "Não vale: PRAX."
    player.type_word("E")
    assert player.text("#previsao") == "62 pontos: PRAXE 52 + Coimbra 10"
    for _ in in_each_scheme(player, "previsao"):
        pass  # screenshotted in each


def test_board_is_an_aria_grid_with_named_cells(new_player):
    player = new_player().open().wait_ready()
    grid = player.page.get_by_role("grid", name="Tabuleiro, 7 por 7")
    assert grid.get_by_role("row").count() == 7
    assert grid.get_by_role("gridcell").count() == 49
    # A cell's name begins with what it shows, then says where it is and what it counts for.
    assert player.label("C2") == "2P, C2, vazia, palavra dupla"
    assert player.label("C4") == "A 1 ponto, C4"
    assert player.label("G3") == "3L, G3, vazia, letra tripla"
    assert player.label("A2") == "2L, A2, vazia, letra dupla"
    assert player.label("D3") == "D3, vazia"
    assert player.cell("C2").inner_text() == "2P"  # special squares are marked in text, not only colour
    assert player.page.get_by_role("status").first.get_attribute("aria-live") == "polite"


def test_whole_floor_by_keyboard_alone_including_the_trunfo(new_player):
    player = new_player().open().wait_ready()
    player.press("ArrowUp")  # the cursor appears on D3
    player.press("ArrowLeft", "ArrowUp")  # C2
    player.press("Space")  # turn: down
    assert player.label("C2").endswith("casa escolhida, para baixo")
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


def test_without_javascript_the_page_says_why_and_where_to_read_instead(new_player):
    player = new_player(java_script_enabled=False).open()
    notice = player.text("noscript .aviso")
    assert notice.startswith("Para jogar é preciso JavaScript")
    links = player.page.locator("noscript .aviso a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert links == ["/como-jogar/", "/coimbra/", "/fontes/"]
    assert player.page.locator("#partida").is_hidden()
    assert player.page.locator("#carregar").is_hidden()
    assert player.page.locator("#abertura").is_hidden()  # no build day's opener in the page
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


def test_the_game_page_asks_for_everything_it_needs_in_one_round_after_the_html(new_player):
    # One script (the bundle), one stylesheet, and boot.js, which asks at once for the constants,
    # the Coimbra words and the day's tower: fetch() answers the game takes over, each file asked
    # for once (no <link rel=preload>: WebKit never matches one with fetch(), issue 40 item 11).
    # The word list comes after, asked for by the game: the board does not need it.
    player = new_player(route=False)
    # A phone's network, where the small files arrive before the large ones.
    cdp = player.page.context.new_cdp_session(player.page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 40,
                                                  "downloadThroughput": 200000, "uploadThroughput": 93750})
    requests, events = [], []
    player.page.on("request", lambda r: requests.append((r.url.replace(player.url, ""), r.resource_type)))
    player.page.on("request", lambda r: events.append(("request", r.url.replace(player.url, ""))))
    player.page.on("requestfinished", lambda r: events.append(("finished", r.url.replace(player.url, ""))))
    player.open().wait_ready()
    player.page.wait_for_load_state("networkidle")
    # The favicon is the browser's own request, not the page's (the headless shell makes none).
    paths = sorted(path for path, _ in requests if path != "/favicon.svg")
    static = next(p for p in paths if p.startswith("/static/")).split("/")[2]
    dawg = next(p for p in paths if p.endswith(".dawg"))
    assert paths == sorted(["/", f"/static/{static}/css/jogo.css", f"/static/{static}/js/torre.js", "/boot.js",
                            dawg, "/constantes.json", "/coimbra.json", "/dias/2026-12-01.json"])
    assert player.page.locator("link[rel=preload]").count() == 0
    # boot.js asked for them, and the game took every answer.
    assert player.page.evaluate("Object.keys(window.torreCedo)") == []
    bundle = f"/static/{static}/js/torre.js"
    arrived = next(i for i, (what, path) in enumerate(events) if what == "finished" and path == bundle)
    for path in ("/constantes.json", "/coimbra.json", "/dias/2026-12-01.json"):
        assert ("request", path) in events[:arrived], f"{path} asked for only once the game's script had arrived"
    assert player.errors == []


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


def test_phone_shows_helps_before_the_opener_and_the_hint_last(new_player):
    player = new_player().open().wait_ready()
    climb_with_cabra(player)
    tops = [player.page.locator(s).first.bounding_box()["y"]
            for s in ("#mao", ".controlos", "#ajudas", "#abertura", ".secundarios", "#dica-teclado")]
    assert tops == sorted(tops)


def test_corners_read_4p_once_cabra_is_held(new_player):
    player = new_player().open().wait_ready()
    assert player.cell("A1").inner_text() == "3P"
    climb_with_cabra(player)
    assert player.cell("A1").inner_text() == "4P"
    assert player.label("G7") == "4P, G7, vazia, palavra quádrupla"


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


def low_contrast(player, selectors: list[str]) -> dict[str, list]:
    """In each scheme, the selectors whose text is under 4.5:1 against its background, with the ratio."""
    return {scheme: [(s, ratio) for s, ratio in player.page.evaluate(CONTRAST, selectors) if ratio < 4.5]
            for scheme in in_each_scheme(player)}


def test_game_text_meets_aa_contrast(new_player):
    player = new_player().open().wait_ready()
    player.cell("C2").click()
    player.press("Space")
    player.type_word("PRXE")  # a valid preview, a pending tile, a cursor
    selectors = ["#andar", ".numeros dt", ".numeros dd", ".trunfos-linha", "#previsao",
                 "#tabuleiro .casa-3P .rotulo-casa", "#tabuleiro .casa-3L .rotulo-casa",
                 "#tabuleiro .casa-2L .rotulo-casa", "#tabuleiro .ocupada .letra", "#tabuleiro .pendente .letra",
                 "#mao .peca .letra", "#mao .peca .valor", "[data-action=jogar]", "[data-action=baralhar]",
                 ".ajudas .rotulo", "#abertura-texto", "#abertura-ligacao", "#dica-teclado"]
    none = {"light": [], "dark": []}
    assert low_contrast(player, selectors) == none
    player.type_word("T")  # PRAXET is not a word: the refusal's colour
    assert "invalida" in player.page.get_attribute("#previsao", "class")
    assert low_contrast(player, ["#previsao"]) == none
    player.press("Enter")  # refused: the message toast in its error colours
    player.announced("A jogada não conta. Não vale: PRAXET.")
    assert low_contrast(player, ["#anuncio"]) == none
    player.type_word("Z")
    assert low_contrast(player, ["#anuncio"]) == none


# Every control a finger aims at, as the browser lays it out: [where, its text, width, height]
# for each one under 44 × 44 px. See test_every_button_and_link_outside_running_text_is_44_px_square.
SMALL_TARGETS = """() => {
  const controls = "a[href], button";
  const inline = (el) => getComputedStyle(el).display === "inline";
  const words = /[\\p{L}\\p{N}]/u;
  // The text that flows in the same lines as `block`'s own inline content, controls left out.
  const flowText = (block) => [...block.childNodes].map((node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (node.nodeType !== Node.ELEMENT_NODE || node.matches(controls) || !inline(node)) return "";
    return flowText(node);
  }).join("");
  const inRunningText = (control) => {
    let block = control.parentElement;
    while (inline(block)) block = block.parentElement;
    return words.test(flowText(block));
  };
  const where = (el) => {
    const parts = [];
    for (; el && el !== document.body && parts.length < 4; el = el.parentElement) {
      parts.unshift(el.id ? `#${el.id}` : el.tagName.toLowerCase() + (el.classList[0] ? `.${el.classList[0]}` : ""));
    }
    return parts.join(" > ");
  };
  return [...document.querySelectorAll(controls)]
    .filter((el) => !el.matches("#mao .peca, .casa") && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))
    .filter((el) => !inRunningText(el))
    .map((el) => [where(el), el.textContent.trim().slice(0, 30), el.getBoundingClientRect()])
    .filter(([, , r]) => r.width < 43.99 || r.height < 43.99)
    .map(([at, text, r]) => [at, text, Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]);
}"""


FUTURE_DAY = "2026-12-02"  # refused: the message with its ways out


def wander_the_practice(player):
    """Treino: the page with its own buttons, then its end screen."""
    player.open("/treino/").wait_ready()
    yield "treino"
    finish_by_passing(player)
    player.expect_text("#dialogo-titulo", re.compile(r"^(Fim do treino|Subiu toda a torre de treino!)$"))
    yield "treino-fim"


@pytest.mark.parametrize("width, height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_button_and_link_outside_running_text_is_44_px_square(new_player, built_dist, width, height):
    """WCAG 2.5.5: every visible button and link is at least 44 × 44 px, on every page, in every
    dialog and state the game reaches (the guide, the trunfo, the end screen, the statistics, the
    analysis, a refused day's message, Treino's end), at every size. Hand tiles and board squares
    keep their own minimums (test_board_whole_hand_of_nine_and_jogar_fit_together_without_scrolling).

    Left out: a link in running text, which WCAG exempts. A control is in running text when the
    lines it sits in hold words (letters or digits) that are not in a control: the text of its
    nearest ancestor that is not `display: inline`, without what sits in boxes of its own (a
    block, an inline-block, a flex or grid item) and without other links and buttons. So a
    footer's sentence with links is running text; a header's row of links, a link alone in its
    paragraph or list item, a list of links set apart by "·", and a link that is a flex item
    beside other words (the archive's days) are not."""
    touch = width < 1000
    player = new_player(viewport={"width": width, "height": height}, guide=True, has_touch=touch, is_mobile=touch)
    pages = [path for path in site_pages(built_dist, every_word=False) if path != "/"]  # "/": the game's states
    small = {}
    player.open().wait_ready()
    for state in wander_the_game(player):
        small[state] = player.page.evaluate(SMALL_TARGETS)
    player.open(f"/?dia={FUTURE_DAY}")
    player.page.wait_for_selector("#erro:not([hidden])")
    small["dia-recusado"] = player.page.evaluate(SMALL_TARGETS)
    for path in pages:
        player.open(path)
        if path == "/arquivo/":  # the list is drawn by the archive's script
            player.page.locator(".arquivo-dias a").first.wait_for()
        small[path] = player.page.evaluate(SMALL_TARGETS)
    for state in wander_the_practice(player):
        small[state] = player.page.evaluate(SMALL_TARGETS)
    assert [f"{state}: {at} «{text}» {w}×{h}" for state, found in small.items() for at, text, w, h in found] == []
    assert len(small) == 9 + 1 + len(pages) + 2  # every state reached: the game's, a refused day, the pages, Treino
