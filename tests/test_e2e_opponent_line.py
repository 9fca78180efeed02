"""The chosen opponent during a run (issue 29 §2): a line under the buttons says where the
Caloiro, the Veterano or the Dux stood after as many turns (plays and passes) as the player has
made, never its letters or words; the choice is remembered on the device; a screen reader
hears the opponent's climbs; the line fits every size without moving the board, the hand or
the buttons; and at the end it agrees with the end screen, the patente, the replay link and
the statistics."""
from __future__ import annotations

import json
import os
import re
import subprocess
from functools import lru_cache
from pathlib import Path

import pytest
from playwright.sync_api import expect

from e2e_archive import first_play, make_play
from e2e_support import (  # noqa: F401
    FIXTURE_DATE, FIXTURE_DAYS, axe_in_each_scheme, browser, in_each_scheme, new_player, play_praxe_by_taps,
    site_url,
)
from test_e2e_opponents import check_replays_verify, replay_links

ROOT = Path(__file__).resolve().parent.parent
NAMES = {"caloiro": "Caloiro", "doutor": "Veterano", "dux": "Dux"}
# Each size with its opponent, so that the three levels are each played.
SIZES = [((360, 640), "caloiro"), ((390, 844), "doutor"), ((844, 390), "dux"), ((1280, 800), "dux")]
PAST = "2026-11-30"

STANDINGS = """
import { readFileSync } from "node:fs";
import { wordLookup } from "./site_src/js/dawg.js";
import { apply, newRun, OPPONENT_LEVELS, opponentRun, opponentStandings } from "./site_src/js/engine/index.js";
import { realCommonDawg } from "./tests/js/helpers/common-words.mjs";
import { loadDistConstants, realWords } from "./tests/js/helpers/real-dist.mjs";
const day = JSON.parse(readFileSync(process.argv[1], "utf8"));
const constants = loadDistConstants();
const words = wordLookup(realWords().dawg, realCommonDawg());
const out = {};
for (const level of OPPONENT_LEVELS) {
  let state = newRun(day, constants);
  for (const action of opponentRun(day, constants, words, level).actions) state = apply(state, action, words).state;
  out[level] = { standings: opponentStandings(day, constants, words, level),
    words: [...new Set(state.history.flatMap((entry) => (entry.words ?? []).map((w) => w.word)))] };
}
console.log(JSON.stringify(out));
"""

# Every message the page gets from a worker, kept in the page (the worker is the only way in for an opponent's run).
RECORD_WORKER = """(() => {
  const Real = window.Worker;
  if (typeof Real !== "function") return;
  window.__fromWorker = [];
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => window.__fromWorker.push(event.data));
    }
  };
})();"""


@lru_cache(maxsize=None)
def opponents_of(dist: Path, day_file: Path) -> dict:
    """Per level: its standings after each turn ({floor, total, won}) and the words its run forms."""
    out = subprocess.run(["node", "--input-type=module", "-e", STANDINGS, str(day_file)], cwd=ROOT, check=True,
                         capture_output=True, text=True, env=dict(os.environ, TORRE_DIST=str(dist)))
    return json.loads(out.stdout)


def line_text(level: str, standing: dict) -> str:
    """As the line says it: "Veterano: 2.º andar, 48"."""
    where = "subiu a torre toda" if standing["won"] else f"{standing['floor']}.º andar"
    return f"{NAMES[level]}: {where}, {standing['total']}"


def after(standings: list[dict], turns: int) -> dict:
    return standings[min(turns, len(standings) - 1)]


def expect_line(player, text: str):
    expect(player.page.locator("#adversario-texto")).to_have_text(text)


def choose(player, level: str):
    player.page.locator("#adversario-botao").click()
    player.expect_text("#dialogo-titulo", "Escolha o adversário")
    player.dialog_button(NAMES[level]).click()
    expect(player.page.locator("#dialogo")).to_be_hidden()


def opponent_words_in_page(player, words: set[str]) -> set[str]:
    """The opponents' words (of 3 letters or more) found whole in the page's text or any attribute, but
    for the floor's opening word's blurb (#abertura, the site's own prose, which may use one: "pasta")."""
    page = player.page.evaluate("""() => {
      const parts = [];
      for (const el of document.querySelectorAll("body *")) {
        if (el.closest("#abertura")) continue;
        for (const node of el.childNodes) if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent);
        for (const a of el.attributes) parts.push(a.value);
      }
      return parts.join(" ").toUpperCase();
    }""")
    return {w for w in words if len(w) >= 3 and re.search(rf"(?<![A-ZÀ-Ü]){w}(?![A-ZÀ-Ü])", page)}


def worker_letters(player) -> list:
    """What the page got from the worker that is more than the standings' numbers."""
    messages = player.page.evaluate("() => window.__fromWorker ?? []")
    numbers = lambda s: set(s) == {"floor", "total", "won"} and all(isinstance(v, (int, bool)) for v in s.values())  # noqa: E731
    return [m for m in messages if not (m.get("ok") and all(numbers(s) for run in m["result"].values() for s in run))]


def boxes(player) -> list:
    return player.page.locator("#tabuleiro, #mao, [data-zona=controlos] button").evaluate_all(
        "els => els.map(e => JSON.stringify(e.getBoundingClientRect()))")


def check_fits(player, width: int, height: int):
    """The line covers none of the board, the hand or the buttons; whatever it says (one line or two)
    moves none of them; and with the page at its top it is in full view."""
    player.page.evaluate("() => window.scrollTo(0, 0)")
    before = boxes(player)
    text = player.page.locator("#adversario-texto")
    said = text.text_content()
    for other in ("Dux", "Caloiro: subiu a torre toda, 1234", "Veterano: indisponível", "Veterano: a calcular…"):
        text.evaluate("(e, t) => { e.textContent = t; }", other)
        assert boxes(player) == before, f"the line saying {other!r} moved the board, the hand or the buttons"
        assert player.page.locator("#adversario-botao").bounding_box()["height"] == 44
    text.evaluate("(e, t) => { e.textContent = t; }", said)
    line = player.page.locator("#adversario-botao").bounding_box()
    for selector in ("#tabuleiro", "#mao", "[data-zona=controlos]"):
        other = player.page.locator(selector).bounding_box()
        assert (line["y"] >= other["y"] + other["height"] or line["y"] + line["height"] <= other["y"]
                or line["x"] >= other["x"] + other["width"] or line["x"] + line["width"] <= other["x"]), selector
    assert line["x"] >= 0 and line["x"] + line["width"] <= width and line["y"] >= 0 and line["y"] + line["height"] <= height, line
    assert line["height"] >= 44 and line["width"] >= 44
    assert player.page.evaluate("() => document.documentElement.scrollWidth") <= width, "no sideways scroll"


@pytest.mark.parametrize("size, level", SIZES, ids=[f"{w}x{h}-{level}" for (w, h), level in SIZES])
def test_the_line_follows_the_chosen_opponent_turn_by_turn_and_agrees_with_the_end(new_player, built_dist, size, level):
    width, height = size
    opponents = opponents_of(built_dist, FIXTURE_DAYS / f"{FIXTURE_DATE}.json")
    standings = opponents[level]["standings"]
    words = {w for o in opponents.values() for w in o["words"]}
    touch = width < 1000
    player = new_player(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
    player.page.add_init_script(RECORD_WORKER)
    player.open().wait_ready()
    expect_line(player, "Veterano")  # the default, before any choice; its standing comes with the first action
    choose(player, level)
    expect_line(player, line_text(level, standings[0]))
    assert player.page.evaluate("() => localStorage.getItem('torre.adversario')") == level
    player.page.reload()
    player.wait_ready()
    expect_line(player, NAMES[level])  # remembered on the device
    check_fits(player, width, height)
    shown_before = opponent_words_in_page(player, words)
    play_praxe_by_taps(player)
    turns = 1
    expect_line(player, line_text(level, after(standings, turns)))
    player.page.locator("#dialogo .carta[data-trunfo=latada]").click()
    player.expect_text("#trunfos", "🎉 Latada")
    for _ in in_each_scheme(player, f"adversario-{level}"):
        pass  # looked at in each scheme: the screenshots
    while not player.run_is_over():
        assert worker_letters(player) == [], "the page got more than numbers from the worker before the end"
        assert opponent_words_in_page(player, words) <= shown_before | {"PRAXE"}
        player.pass_turn()
        turns += 1
        if not player.run_is_over():
            expect_line(player, line_text(level, after(standings, turns)))
    final = standings[-1]
    expect_line(player, line_text(level, final))  # the run over: where its whole run got
    player.page.locator(".adversarios:not(.espera)").wait_for()
    end_line = player.text("#adversarios-linha")
    beaten = level == "caloiro"  # PRAXE's floor 2 beats only the Caloiro's floor 1
    where = f"o {NAMES[level]} chegou ao {final['floor']}.º andar com {final['total']} pontos"
    assert where.lower() in end_line.lower(), end_line
    if beaten:
        assert player.text("#veredicto-do-dia").startswith(f"Ganhou ao {NAMES[level]}")
        player.expect_text("#veredicto-do-dia", re.compile(f"Categoria do dia: {NAMES[level]}\\.$"))
    stats = player.page.evaluate("() => JSON.parse(localStorage.getItem('torre.estatisticas'))")
    assert stats["opponentsBeaten"][level] == (1 if beaten else 0)
    links = replay_links(player)
    check_replays_verify(new_player, {level: links[level]}, [{"level": level, **final}])
    assert player.errors == []


# The line's code is in the end screen's chunk (ui/game/opponent_slot.js), with the worker's client.
END_CHUNK = re.compile(r"/static/[0-9a-f]+/js/torre\.run_end\.js$")


def test_the_line_comes_with_the_first_action_and_at_once_for_a_run_under_way(new_player, built_dist):
    doutor = opponents_of(built_dist, FIXTURE_DAYS / f"{FIXTURE_DATE}.json")["doutor"]["standings"]
    player = new_player()
    asked = []
    player.page.on("request", lambda request: asked.append(request.url))
    player.open().wait_ready()
    player.page.wait_for_load_state("networkidle")
    expect_line(player, "Veterano")
    assert not [url for url in asked if END_CHUNK.search(url)], "a first visit carries none of the line's code"
    play_praxe_by_taps(player)
    expect_line(player, line_text("doutor", doutor[1]))
    assert len([url for url in asked if END_CHUNK.search(url)]) == 1
    asked.clear()
    player.page.reload()  # a run under way: no first visit, its line at once
    player.wait_ready()
    expect_line(player, line_text("doutor", doutor[1]))
    assert len([url for url in asked if END_CHUNK.search(url)]) == 1
    assert player.errors == []


def test_a_tap_on_the_opponent_before_the_first_action_loads_the_choice_and_says_when_it_cannot(new_player):
    player = new_player().open().wait_ready()
    player.page.route(END_CHUNK, lambda route: route.abort("internetdisconnected"))
    player.page.locator("#adversario-botao").click()
    player.expect_text("#dialogo-titulo", "Não foi possível abrir a escolha do adversário")
    player.dialog_button("Fechar").click()
    player.page.unroute(END_CHUNK)
    choose(player, "dux")  # asked for again, and had
    expect_line(player, "Dux: 1.º andar, 0")
    assert player.errors == []


@pytest.mark.parametrize("size", [size for size, _ in SIZES], ids=[f"{w}x{h}" for (w, h), _ in SIZES])
def test_the_opponents_button_is_in_full_view_without_scrolling(new_player, size):
    width, height = size
    touch = width < 1000
    player = new_player(viewport={"width": width, "height": height}, has_touch=touch,
                        is_mobile=touch).open().wait_ready()
    play_praxe_by_taps(player)
    player.page.locator("#dialogo .carta[data-trunfo=latada]").click()
    expect_line(player, re.compile(r"^Veterano: 2\.º andar, \d+$"))
    check_fits(player, width, height)
    assert axe_in_each_scheme(player, "adversario-a-vista") == {"light": [], "dark": []}
    assert player.errors == []


def test_a_screen_reader_hears_the_opponent_climb_not_every_key(new_player, built_dist):
    dux = opponents_of(built_dist, FIXTURE_DAYS / f"{FIXTURE_DATE}.json")["dux"]["standings"]
    player = new_player().open().wait_ready()
    choose(player, "dux")
    news = player.page.locator("#adversario-novidade")
    assert news.get_attribute("role") == "status"
    player.cell("C2").click()
    player.press("ArrowDown")
    player.type_word("P")  # a key: no news
    expect_line(player, "Dux: 1.º andar, 0")
    assert news.text_content() == ""
    player.press("Escape")
    play_praxe_by_taps(player)
    # The climb comes with the trunfo dialog, which a screen reader reads alone: said once it closes.
    expect_line(player, line_text("dux", dux[1]))
    assert player.page.locator("#dialogo").evaluate("d => d.matches(':modal')")
    assert news.text_content() == ""
    player.page.locator("#dialogo .carta[data-trunfo=latada]").click()
    expect(news).to_have_text(f"O Dux subiu ao 2.º andar, com {dux[1]['total']} pontos.")
    player.pass_turn()  # the Dux's 2nd turn stays on floor 2: nothing new is said
    expect_line(player, line_text("dux", dux[2]))
    assert dux[2]["floor"] == dux[1]["floor"]
    expect(news).to_have_text(f"O Dux subiu ao 2.º andar, com {dux[1]['total']} pontos.")


def test_a_damaged_choice_reads_as_the_doutor(new_player):
    player = new_player()
    player.page.add_init_script("localStorage.setItem('torre.adversario', '{\"dux\"')")
    player.open().wait_ready()
    expect_line(player, "Veterano")


def test_without_a_worker_the_line_says_the_opponent_is_unavailable_and_the_game_plays_on(new_player):
    player = new_player()
    player.page.add_init_script("delete window.Worker;")
    player.open().wait_ready()
    play_praxe_by_taps(player)
    player.expect_text("#dialogo-titulo", "Escolha um trunfo")
    expect_line(player, "Veterano: indisponível")
    player.page.locator("#dialogo .carta[data-trunfo=latada]").click()
    player.expect_text("#trunfos", "🎉 Latada")
    assert player.errors == []


def test_an_archive_day_has_its_own_opponents_line(new_player, built_dist):
    doutor = opponents_of(built_dist, built_dist / "dias" / f"{PAST}.json")["doutor"]["standings"]
    player = new_player(route=False).open(f"/?dia={PAST}").wait_ready()
    expect_line(player, "Veterano")
    make_play(player, first_play(built_dist, PAST))
    expect_line(player, line_text("doutor", doutor[1]))
    assert player.errors == []


@pytest.mark.parametrize("viewport", [{"width": 360, "height": 640}, {"width": 1280, "height": 800}],
                         ids=["phone", "desktop"])
def test_the_line_and_its_choice_have_no_axe_violations(new_player, viewport):
    player = new_player(viewport=viewport).open().wait_ready()
    play_praxe_by_taps(player)
    player.page.locator("#dialogo .carta[data-trunfo=latada]").click()
    expect(player.page.locator("#adversario-texto")).to_have_text(re.compile(r"^Veterano: 2\.º andar, \d+$"))
    assert axe_in_each_scheme(player) == {"light": [], "dark": []}
    player.page.locator("#adversario-botao").click()
    player.expect_text("#dialogo-titulo", "Escolha o adversário")
    expect(player.page.locator("#dialogo-corpo p").first).to_contain_text("Agora joga contra o Veterano.")
    assert axe_in_each_scheme(player, "adversario-escolha") == {"light": [], "dark": []}
    player.page.keyboard.press("Escape")
    expect(player.page.locator("#dialogo")).to_be_hidden()
    expect(player.page.locator("#adversario-botao")).to_be_focused()  # back where the choice was opened


def test_treino_plays_against_the_chosen_opponent_and_its_end_says_how_the_run_did(new_player, built_dist):
    caloiro = opponents_of(built_dist, built_dist / "treino" / "0001.json")["caloiro"]["standings"]
    player = new_player(route=False).open("/treino/").wait_ready()
    expect_line(player, "Veterano")
    choose(player, "caloiro")
    turns = 0
    while not player.run_is_over():
        player.pass_turn()
        turns += 1
        if not player.run_is_over():
            expect_line(player, line_text("caloiro", after(caloiro, turns)))
    final = caloiro[-1]
    player.expect_text("#dialogo-titulo", "Fim do treino")
    where = "subiu a torre toda" if final["won"] else f"chegou ao {final['floor']}.º andar"
    expected = "Empatou com o Caloiro." if final["total"] == 0 else f"O Caloiro {where} com {final['total']} pontos."
    player.expect_text("#treino-adversario", expected)  # a run of passes: 1st floor, 0 points
    player.screenshot("treino-fim-adversario")
    expect_line(player, line_text("caloiro", final))
    assert player.errors == []
