"""Learning from a run (issue 10): the end screen's par and "Análise da corrida" (computed
in a Web Worker, checked against the engine's own numbers), the par in the share text and
the statistics, and the first-visit guide: shown once, skippable, never over what it talks
about, back from Como jogar, and usable from the keyboard alone."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e_support import DESKTOP, browser, new_player, play_praxe_by_taps, site_url  # noqa: F401
from e2e_support import axe_in_each_scheme

SMALL_PHONE = {"width": 360, "height": 640}
NO_VIOLATIONS = {"light": [], "dark": []}

# Replays the saved run in the page with the engine's own modules (static/<hash>/js/engine):
# for each play made or pass, [its points, the best common-word play's points (the common
# words' DAWG of data-comuns), the best legal play's points], and the par.
ENGINE_NUMBERS = """async (base) => {
  const e = await import(base + 'js/engine/index.js');
  const d = await import(base + 'js/dawg.js');
  const main = document.getElementById('jogo');
  const read = async (url) => new d.Dawg(await (await fetch(url)).arrayBuffer());
  const words = d.wordLookup(await read(main.dataset.dawg), await read(main.dataset.comuns));
  const day = await (await fetch('/dias/2026-12-01.json')).json();
  const constants = await (await fetch('/constantes.json')).json();
  let state = e.newRun(day, constants);
  const rows = [];
  for (const action of JSON.parse(localStorage.getItem('torre.corrida')).actions) {
    const result = e.apply(state, action, words);
    const played = result.events.find((x) => x.type === 'played');
    if (played || action.type === 'pass') {
      rows.push([played ? played.points : 0, e.bestCommonPlay(state, words)?.points ?? 0, e.bestLegalPlay(state, words)?.points ?? 0]);
    }
    state = result.state;
  }
  const par = e.parRun(day, constants, words);
  return { rows, par: [par.floor, par.total] };
}"""

# A strong player's whole run (the best legal play each time, the first trunfo offered),
# saved as the day's run: the page replays it on reload and shows its end.
STRONG_RUN = """async (base) => {
  const e = await import(base + 'js/engine/index.js');
  const d = await import(base + 'js/dawg.js');
  const words = d.wordLookup(new d.Dawg(await (await fetch(document.getElementById('jogo').dataset.dawg)).arrayBuffer()));
  const day = await (await fetch('/dias/2026-12-01.json')).json();
  const constants = await (await fetch('/constantes.json')).json();
  let state = e.newRun(day, constants);
  const actions = [];
  while (state.phase === 'play' || state.phase === 'trunfo') {
    const best = state.phase === 'play' ? e.bestLegalPlay(state, words) : null;
    const next = state.phase === 'trunfo' ? [{ type: 'chooseTrunfo', id: state.offer[0] }]
      : best ? e.playActions(state, best) : [{ type: 'pass' }];
    for (const action of next) { state = e.apply(state, action, words).state; actions.push(action); }
  }
  localStorage.setItem('torre.corrida', JSON.stringify({ v: 1, date: '2026-12-01', actions }));
  return e.summary(state).total;
}"""


def static_base(player) -> str:
    return player.page.locator("#jogo").get_attribute("data-static")


def end_by_praxe_then_passes(player):
    """Floor 1 climbed with PRAXE, the first trunfo, then three passes: the run ends on floor 2."""
    play_praxe_by_taps(player)
    player.page.locator("#dialogo .carta").first.click()
    player.pass_turn(3)
    player.expect_text("#dialogo-titulo", "Fim da corrida")


def open_analysis(player):
    player.dialog_button("Análise da corrida").click()
    player.expect_text("#dialogo-titulo", "Análise da corrida")
    player.page.locator("#dialogo ol.analise").wait_for()


def test_the_analysis_lists_each_play_next_to_the_best_one_as_the_engine_counts_them(new_player):
    player = new_player().open().wait_ready()
    worker_requests = []
    player.page.on("request", lambda r: "/js/analise.js" in r.url and worker_requests.append(r.url))
    player.page.wait_for_load_state("networkidle")
    assert worker_requests == [], "a first visit never loads the worker bundle"
    play_praxe_by_taps(player)  # the opponent's line starts the worker at the first action
    player.page.locator("#dialogo .carta").first.click()
    player.pass_turn(3)
    player.expect_text("#par-linha", re.compile(r"^Par do dia: \d\.º andar, \d+ pontos\.$"))
    assert len(worker_requests) == 1, "one worker for the opponent's line and the analysis"
    expected = player.page.evaluate(ENGINE_NUMBERS, static_base(player))
    floor, total = expected["par"]
    assert player.text("#par-linha") == f"Par do dia: {floor}.º andar, {total} pontos."
    assert player.text("#par-veredicto") == "Não o bateu."
    assert f"Par do dia: {floor}.º andar, {total} pontos" in player.text("#texto-partilha").splitlines()
    open_analysis(player)
    rows = player.page.locator("#dialogo ol.analise > li")
    got = rows.evaluate_all(
        "items => items.map(li => [Number(li.dataset.sua), Number(li.dataset.comum), Number(li.dataset.melhor)])")
    assert got == expected["rows"] and len(got) == 4  # PRAXE and three passes
    assert rows.nth(0).locator("h3").inner_text() == "1.º andar, 1.ª jogada"
    assert rows.nth(0).locator(".sua").inner_text() == "A sua: PRAXE (62 pontos)"
    assert rows.nth(0).locator(".comum").inner_text() == "Com palavras comuns: nenhuma valia mais do que a sua."
    assert rows.nth(1).locator(".sua").inner_text() == "A sua: passou a vez"
    summary = player.text("#analise-resumo")
    assert re.fullmatch(r"Ficou a \d+ pontos? do 3\.º andar\. Na [1-3]\.ª jogada do 2\.º andar, .+ "
                        r"\((palavra comum|palavras comuns)\) em [A-G][1-7] dariam? \d+ pontos?(; nessa jogada, passou| e subiria de andar)\.",
                        summary), summary
    player.screenshot("analise")
    assert player.errors == []



@pytest.mark.parametrize("viewport", [SMALL_PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_par_line_links_to_the_par_explained_and_the_keyboard_reaches_it(new_player, viewport):
    """Issue 23 §5: the end screen's par line leads to «O par do dia» on Como jogar."""
    player = new_player(viewport=viewport).open().wait_ready()
    player.pass_turn(3)
    player.expect_text("#par-linha", re.compile(r"^Par do dia: "))
    link = player.page.locator("#dialogo").get_by_role("link", name="O que é o par do dia?")
    assert link.get_attribute("href") == "/como-jogar/#par"
    for _ in range(40):  # Tab through the end screen, as a keyboard player would
        if player.page.evaluate("() => document.activeElement?.id") == "par-o-que-e":
            break
        player.page.keyboard.press("Tab")
    assert player.page.evaluate("() => document.activeElement?.id") == "par-o-que-e", "Tab reaches the link"
    player.screenshot("fim-par-ligacao")
    player.page.keyboard.press("Enter")
    player.page.wait_for_url(re.compile(r"/como-jogar/#par$"))
    heading = player.page.locator("h2#par")
    expect(heading).to_have_text("O par do dia")
    expect(heading).to_be_in_viewport()
    player.screenshot("como-jogar-par")
    assert player.errors == []


def test_the_common_word_and_best_plays_show_on_a_small_labelled_board_on_demand(new_player):
    player = new_player(viewport=SMALL_PHONE).open().wait_ready()
    player.pass_turn(3)
    open_analysis(player)
    first = player.page.locator("#dialogo ol.analise > li").first
    toggle = first.get_by_role("button", name="Ver no tabuleiro")
    board = first.locator("table.mini-tabuleiro")
    expect(board).to_be_hidden()
    toggle.click()
    expect(board).to_be_visible()
    assert first.get_by_role("button", name="Esconder o tabuleiro").get_attribute("aria-expanded") == "true"
    assert board.count() == 1, "PRAXE, a Coimbra word, is both the best common-word play and the best: one board"
    assert board.locator("caption").inner_text().startswith("Com palavras comuns: PRAXE em C2–C6")
    assert board.locator("th[scope=col]").all_inner_texts() == list("ABCDEFG")
    assert board.locator("td.nova").count() == 4 and "(nova)" in board.locator("td.nova").first.inner_text()
    assert board.locator("tr").nth(4).locator("td").all_inner_texts()[1:5] == ["F", "A", "D", "O"]  # the opener
    box = board.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= SMALL_PHONE["width"], "the small board fits a phone"
    player.screenshot("analise-tabuleiro")
    player.dialog_button("Voltar ao resultado").click()
    player.expect_text("#dialogo-titulo", "Fim da corrida")


# Three passes on floor 1: the run ends there, and PRAXE (a Coimbra word, so common) would have
# climbed it at the first of them.
ADVICE = "Na 1.ª jogada do 1.º andar, PRAXE (palavra comum) em C2 daria 62 pontos e subiria de andar."


def end_by_three_passes(player, touch: bool):
    """Floor 1 lost by three passes, by taps or by keys (focus and Enter): the end screen, then the analysis opened."""
    def use(button):
        if touch:
            button.tap()
        else:
            button.focus()
            player.press("Enter")
    for _ in range(3):
        use(player.button("passar"))
        use(player.dialog_button("Passar"))
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    player.expect_text("#par-linha", re.compile(r"^Par do dia"))
    player.screenshot(f"fim-conselho-{'touch' if touch else 'keyboard'}")
    use(player.dialog_button("Análise da corrida"))
    player.page.locator("#dialogo ol.analise").wait_for()
    return use


@pytest.mark.parametrize("how", ["touch", "keyboard"])
def test_the_analysis_shows_the_common_word_play_of_each_row_and_the_advice_to_use(new_player, how):
    touch = how == "touch"
    viewport = SMALL_PHONE if touch else DESKTOP
    player = new_player(viewport=viewport, has_touch=touch, is_mobile=touch).open().wait_ready()
    use = end_by_three_passes(player, touch)
    target = player.page.evaluate("() => fetch('/constantes.json').then(r => r.json()).then(c => c.targets[0])")
    assert player.text("#analise-resumo") == f"Ficou a {target} pontos do 2.º andar. {ADVICE}"
    rows = player.page.locator("#dialogo ol.analise > li")
    assert rows.count() == 3
    for k in range(3):
        assert rows.nth(k).locator(".sua").inner_text() == "A sua: passou a vez"
        assert rows.nth(k).locator(".comum").inner_text() == "Com palavras comuns: PRAXE (62 pontos), em C2–C6"
        assert rows.nth(k).locator(".melhor").inner_text() == "A melhor: a mesma, com palavras comuns."
    use(rows.first.get_by_role("button", name="Ver no tabuleiro"))
    board = rows.first.locator("table.mini-tabuleiro")
    expect(board).to_be_visible()
    box = board.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    player.screenshot(f"analise-comum-{how}")
    summary = player.page.locator("#analise-resumo").bounding_box()
    assert summary["x"] >= 0 and summary["x"] + summary["width"] <= viewport["width"], "the advice fits the screen"
    assert player.errors == []


def test_the_analysis_is_there_again_after_a_reload_and_never_while_the_run_is_on(new_player):
    player = new_player().open().wait_ready()
    assert player.page.get_by_role("button", name="Análise da corrida").count() == 0
    player.pass_turn(3)
    player.expect_text("#par-linha", re.compile(r"^Par do dia"))
    player.page.reload()
    player.wait_ready()
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    open_analysis(player)
    assert player.page.locator("#dialogo ol.analise > li").count() == 3


def test_a_run_that_beats_the_par_says_so_and_counts_once_in_the_statistics(new_player):
    player = new_player(viewport=DESKTOP).open().wait_ready()
    player.page.evaluate(STRONG_RUN, static_base(player))
    player.page.reload()
    player.wait_ready()
    player.expect_text("#par-veredicto", "Bateu-o.")
    player.dialog_button("Estatísticas").click()
    facts = player.page.locator("#dialogo .factos").first  # the daily figures (the opponents' follow)
    expect(facts.locator("dt").last).to_have_text("Dias com o par batido")
    expect(facts.locator("dd").last).to_have_text("1")
    player.page.reload()  # the end screen again: the day is not counted twice
    player.wait_ready()
    player.expect_text("#par-veredicto", "Bateu-o.")
    player.dialog_button("Estatísticas").click()
    expect(player.page.locator("#dialogo .factos").first.locator("dd").last).to_have_text("1")


def test_without_workers_the_end_screen_says_so_and_still_works(new_player):
    player = new_player(permissions=["clipboard-read", "clipboard-write"])
    player.page.add_init_script("delete window.Worker;")
    player.open().wait_ready()
    player.pass_turn(3)
    message = "Este navegador não consegue fazer a análise da corrida; o resto do jogo funciona na mesma."
    player.expect_text("#par-linha", message)
    player.dialog_button("Partilhar o resultado").click()
    player.expect_text("#partilha-estado", "Copiado: cole onde quiser.")
    open_analysis_failed = player.dialog_button("Análise da corrida")
    open_analysis_failed.click()
    player.expect_text("#dialogo .aviso-erro", message)
    assert player.errors == []


def test_a_broken_worker_is_a_sentence_not_a_blank_end_screen(new_player):
    player = new_player()
    player.page.route(re.compile(r"/js/analise\.js$"), lambda route: route.fulfill(status=500, body=""))
    player.open().wait_ready()
    player.pass_turn(3)
    player.expect_text("#par-linha", "A análise da corrida falhou; o resto do jogo funciona na mesma.")
    player.expect_text("#texto-partilha", re.compile(r"^A Torre · 01/12/2026"))


# The guide ---------------------------------------------------------------------------

def overlaps(a: dict, b: dict) -> bool:
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] and \
        a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


def assert_guide_clear_of(player, *selectors):
    box = player.page.locator("#guia").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= player.page.viewport_size["height"], "the guide is in view"
    for selector in selectors:
        target = player.page.locator(selector).first.bounding_box()
        assert not overlaps(box, target), f"the guide covers {selector}"


def test_a_first_visit_is_guided_through_a_first_play_without_covering_what_each_step_shows(new_player):
    player = new_player(viewport=SMALL_PHONE, guide=True).open().wait_ready()
    card = player.page.locator("#guia")
    expect(card).to_be_visible()
    player.expect_text("#guia-titulo", "O alvo do andar")
    assert player.text("#guia-texto").startswith("Para subir de andar, faça 25 pontos em 3 jogadas.")
    assert_guide_clear_of(player, ".painel")
    player.screenshot("guia-1")
    card.get_by_role("button", name="Seguinte").click()
    player.expect_text("#guia-titulo", "Pôr peças")
    assert "passe por FADO" in player.text("#guia-texto")
    assert_guide_clear_of(player, "#tabuleiro", "#mao")
    player.cell("C2").click()
    player.cell("C2").click()
    player.tile("P").click()
    player.expect_text("#guia-titulo", "A previsão")  # the first tile put moves the guide on
    assert_guide_clear_of(player, "#tabuleiro", "#previsao")
    for letter in "RXE":
        player.tile(letter).click()
    card.get_by_role("button", name="Seguinte").click()
    player.expect_text("#guia-titulo", "Jogar")
    assert_guide_clear_of(player, "#previsao", ".controlos")
    player.screenshot("guia-4")
    player.button("jogar").click()
    player.expect_text("#dialogo-titulo", "Escolha um trunfo")
    expect(player.page.locator("#dialogo .guia-nota h3")).to_have_text("O que é um trunfo?")
    expect(card).to_be_hidden()
    player.screenshot("guia-trunfo")
    player.page.locator("#dialogo .carta").first.click()
    player.expect_text("#guia-titulo", "E agora?")  # the last step: a practice tower first, or today's
    card.get_by_role("button", name="Continuar", exact=True).click()
    expect(card).to_be_hidden()
    assert player.page.evaluate("() => localStorage.getItem('torre.guia')") == "visto"
    player.page.reload()
    player.wait_ready()
    expect(card).to_have_count(0)
    assert player.errors == []


def test_skipping_the_guide_hides_it_for_good_and_como_jogar_brings_it_back(new_player):
    player = new_player(guide=True).open().wait_ready()
    card = player.page.locator("#guia")
    expect(card).to_be_visible()
    card.get_by_role("button", name="Saltar").click()
    expect(card).to_be_hidden()
    player.page.reload()
    player.wait_ready()
    expect(card).to_have_count(0)  # a fresh page, no save yet: the flag alone keeps it away
    player.open("/como-jogar/")
    player.page.get_by_role("link", name="Jogue com o guia").click()
    player.wait_ready()
    expect(card).to_be_visible()
    player.expect_text("#guia-titulo", "O alvo do andar")
    assert player.page.url == player.url + "/", "the address forgets ?guia=1: a reload does not ask again"


def test_the_guide_is_not_shown_to_someone_who_has_played_before(new_player):
    player = new_player(guide=True)
    player.page.add_init_script("localStorage.setItem('torre.estatisticas', JSON.stringify("
                                "{v: 1, runs: 1, wins: 0, floors: [1, 0, 0, 0, 0], best: 0, streak: 1, bestStreak: 1,"
                                " lastDate: '2026-11-30'}))")
    player.open().wait_ready()
    player.page.wait_for_timeout(300)
    expect(player.page.locator("#guia")).to_have_count(0)


def test_the_guide_from_the_keyboard_alone_with_escape_to_skip(new_player):
    player = new_player(viewport=DESKTOP, guide=True).open().wait_ready()
    card = player.page.locator("#guia")
    expect(card).to_be_visible()
    focused = lambda: player.page.evaluate("() => document.activeElement.textContent")  # noqa: E731
    assert focused() == "Seguinte", "focus starts on the guide"
    assert card.get_attribute("aria-labelledby") == "guia-titulo"
    player.press("Enter")
    player.expect_text("#guia-titulo", "Pôr peças")
    player.press("ArrowLeft", "ArrowLeft", "ArrowUp")  # the board's cursor: D3, then C3, then C2
    player.page.locator("#tabuleiro [data-square=C2]").focus()
    player.press(" ")  # down
    player.type_word("PRXE")
    player.expect_text("#guia-titulo", "A previsão")
    player.expect_text("#previsao", re.compile("62 pontos"))
    card.get_by_role("button", name="Seguinte").focus()
    player.press("Escape")
    expect(card).to_be_hidden()
    assert player.page.evaluate("() => localStorage.getItem('torre.guia')") == "visto"
    assert player.page.evaluate("() => document.activeElement.closest('#tabuleiro') !== null"), "focus back on the board"
    assert len(player.board_snapshot()) == 49 and player.number("jogadas") == 3
    player.press("Enter")  # the tiles stayed: Enter plays them
    player.expect_text("#dialogo-titulo", "Escolha um trunfo")
    assert player.page.locator("#dialogo .guia-nota").count() == 0, "a skipped guide says nothing more"


def test_the_guide_the_par_and_the_analysis_have_no_axe_violations(new_player):
    player = new_player(viewport=SMALL_PHONE, guide=True).open().wait_ready()
    expect(player.page.locator("#guia")).to_be_visible()
    assert axe_in_each_scheme(player) == NO_VIOLATIONS, "the guide"
    player.page.locator("#guia").get_by_role("button", name="Saltar").click()
    player.pass_turn(3)
    player.expect_text("#par-linha", re.compile(r"^Par do dia"))
    assert axe_in_each_scheme(player) == NO_VIOLATIONS, "the end screen with the par"
    open_analysis(player)
    player.page.locator("#dialogo .ver-tabuleiro").first.click()
    assert axe_in_each_scheme(player, "analise") == NO_VIOLATIONS, "the analysis with a small board"


def test_a_reload_during_the_guide_resumes_it_on_the_same_step(new_player):
    player = new_player(viewport=SMALL_PHONE, guide=True).open().wait_ready()
    card = player.page.locator("#guia")
    card.get_by_role("button", name="Seguinte").click()
    player.expect_text("#guia-titulo", "Pôr peças")
    player.page.reload()
    player.wait_ready()
    player.expect_text("#guia-titulo", "Pôr peças")
    player.cell("C2").click()
    player.cell("C2").click()
    player.tile("P").click()
    player.expect_text("#guia-titulo", "A previsão")
    player.page.reload()  # a tile is down: the run is saved, this is no longer a first visit
    player.wait_ready()
    expect(card).to_be_visible()
    player.expect_text("#guia-titulo", "A previsão")
    assert player.page.evaluate("() => document.activeElement.closest('#guia') !== null"), "focus on the guide"
    card.get_by_role("button", name="Saltar").click()
    player.page.reload()
    player.wait_ready()
    player.page.wait_for_timeout(300)  # nothing to wait for: the guide must not come back
    expect(card).to_have_count(0)
    assert player.errors == []


@pytest.mark.parametrize("damaged", ["", "passo-que-nao-existe", "{\"v\": 9}"])
def test_a_damaged_guide_step_in_storage_starts_the_guide_over(new_player, damaged):
    player = new_player(guide=True)
    player.page.add_init_script(f"localStorage.setItem('torre.guia.passo', {damaged!r})")
    player.open().wait_ready()
    expect(player.page.locator("#guia")).to_be_visible()
    player.expect_text("#guia-titulo", "O alvo do andar")
    assert player.errors == []


def test_a_guide_left_waiting_for_the_first_climb_still_explains_the_trunfo(new_player):
    """«Continuar» after a first play that did not climb hides the guide until the first climb."""
    player = new_player(viewport=SMALL_PHONE, guide=True)
    player.page.add_init_script("localStorage.setItem('torre.guia.passo', 'subida')")
    player.open().wait_ready()
    card = player.page.locator("#guia")
    expect(card).to_be_hidden()
    play_praxe_by_taps(player)
    expect(player.page.locator("#dialogo .guia-nota h3")).to_have_text("O que é um trunfo?")
    player.page.locator("#dialogo .carta").first.click()
    expect(card).to_be_hidden()
    assert player.page.evaluate("() => localStorage.getItem('torre.guia')") == "visto"
    assert player.page.evaluate("() => localStorage.getItem('torre.guia.passo')") is None


STEP_TARGETS = {"O alvo do andar": [".painel"], "Pôr peças": ["#tabuleiro", "#mao"],
                "A previsão": ["#tabuleiro", "#previsao"], "Jogar": ["#previsao", ".controlos"]}
GUIDE_SIZES = [SMALL_PHONE, {"width": 390, "height": 844}, {"width": 844, "height": 390}, {"width": 667, "height": 375}, DESKTOP]
GUIDE_SIZE_IDS = ["360x640", "390x844", "844x390", "667x375", "1280x800"]


@pytest.mark.parametrize("viewport", GUIDE_SIZES, ids=GUIDE_SIZE_IDS)
def test_the_first_step_outlines_the_score_panel_and_sits_right_next_to_it(new_player, viewport):
    touch = viewport["width"] < 1000
    player = new_player(viewport=viewport, guide=True, has_touch=touch, is_mobile=touch).open().wait_ready()
    player.expect_text("#guia-titulo", "O alvo do andar")
    panel = player.page.locator(".painel")
    assert panel.evaluate("e => getComputedStyle(e).outlineStyle") == "solid", "the panel is outlined"
    assert player.page.locator("#partida .guia-destaque").count() == 1, "and nothing else"
    assert_guide_clear_of(player, ".painel")
    card, target = player.page.locator("#guia").bounding_box(), panel.bounding_box()
    messages = player.page.locator("#anuncio").bounding_box()
    assert not overlaps(card, messages), "the guide leaves the messages in view"
    gap = max(card["y"] - (target["y"] + target["height"]), target["y"] - (card["y"] + card["height"]))
    past_messages = abs(card["y"] - (messages["y"] + messages["height"]) - 8) < 1 and gap <= 96  # a wide screen's status line
    assert 0 <= gap <= 16 or past_messages, f"the guide sits right under or over the panel ({gap} px away)"
    assert card["x"] < target["x"] + target["width"] and target["x"] < card["x"] + card["width"], "lined up with it"
    if viewport["width"] > viewport["height"]:  # upright, step 1 sits over the board, which it does not talk about
        assert not overlaps(card, player.page.locator("#tabuleiro").bounding_box()), "never over the board"
    player.screenshot("guia-passo-1")
    player.page.locator("#guia").get_by_role("button", name="Seguinte").click()
    player.expect_text("#guia-titulo", "Pôr peças")
    assert panel.evaluate("e => getComputedStyle(e).outlineStyle") == "none", "the next step outlines its own"


@pytest.mark.parametrize("viewport", GUIDE_SIZES, ids=GUIDE_SIZE_IDS)
def test_every_step_offers_a_way_on_or_back_and_shows_what_it_points_to(new_player, viewport):
    touch = viewport["width"] < 1000
    player = new_player(viewport=viewport, guide=True, has_touch=touch, is_mobile=touch).open().wait_ready()
    card = player.page.locator("#guia")
    ways = lambda: [b for b in ("Seguinte", "Voltar") if card.get_by_role("button", name=b).is_visible()]  # noqa: E731

    def check(title):
        player.expect_text("#guia-titulo", title)
        assert ways(), f"«{title}» offers only «Saltar»"
        for selector in STEP_TARGETS[title]:
            expect(player.page.locator(selector).first).to_be_in_viewport(ratio=1)
        assert_guide_clear_of(player, *STEP_TARGETS[title])

    for title in STEP_TARGETS:  # «Seguinte» all the way, without putting a tile
        check(title)
        if "Seguinte" in ways():
            card.get_by_role("button", name="Seguinte").click()
    assert ways() == ["Voltar"], "«Jogar» goes on when the player plays, or back"
    player.screenshot("guia-jogar-sem-pecas")
    card.get_by_role("button", name="Voltar").click()
    check("A previsão")
    card.get_by_role("button", name="Voltar").click()
    check("Pôr peças")
    player.screenshot("guia-de-volta-as-pecas")
    assert player.errors == []


@pytest.mark.parametrize("viewport", [SMALL_PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_guide_s_outlined_steps_and_its_way_back_have_no_axe_violations(new_player, viewport):
    player = new_player(viewport=viewport, guide=True).open().wait_ready()
    card = player.page.locator("#guia")
    player.expect_text("#guia-titulo", "O alvo do andar")
    assert axe_in_each_scheme(player, "guia-passo-1") == NO_VIOLATIONS, "step 1, the panel outlined"
    for title in ("Pôr peças", "A previsão", "Jogar"):
        card.get_by_role("button", name="Seguinte").click()
        player.expect_text("#guia-titulo", title)
    assert axe_in_each_scheme(player, "guia-jogar") == NO_VIOLATIONS, "the «Jogar» step with «Voltar»"
