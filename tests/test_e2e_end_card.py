"""The end of a run at a glance (issue 39): the end dialog's first view holds the headline, a
picture of the day's tower with a marker where each run stopped, the verdict against the three
opponents with the day's patente, and «Partilhar o resultado»; the challenge's name is asked
only once «Desafiar» is chosen; the rest is below. Looked at in light and dark at the four sizes."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from e2e_support import axe_in_each_scheme, browser, in_each_scheme, new_player, site_url  # noqa: F401
from test_e2e_layout import in_view
from test_e2e_nothing_lost import code_of

SIZES = [(360, 640), (390, 844), (844, 390), (1280, 800)]
RESULTS = re.compile(r"[oO] (Caloiro|Veterano|Dux) (?:chegou ao (\d)\.º andar|subiu a torre toda) com (\d+) pontos?")
IN_THE_FIRST_VIEW = ["#dialogo-titulo", ".fim-cartao > .manchete", "#torre-figura", "#veredicto-do-dia", "#partilhar"]


def ended(new_player, width: int, height: int, **options):
    """Today's tower ended at once by three passes, the end screen open and its opponents in."""
    touch = width < 1000
    player = new_player(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch, **options)
    player.open().wait_ready()
    player.pass_turn(3)
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    player.page.locator(".adversarios:not(.espera)").wait_for()
    player.expect_text("#par-linha", re.compile(r"^Par do dia: "))
    return player


# The level ids (the markers' ids) by the names players read: the middle level's id stays `doutor`.
LEVEL_OF = {"Caloiro": "caloiro", "Veterano": "doutor", "Dux": "dux"}


def where_each_stopped(player) -> dict[str, tuple[int, int]]:
    """{runner: (row from the top, points)} as the end screen's text says them: the player's run,
    the par's and each opponent's (row 0 is the top, for a run that climbed it all)."""
    said = {"eu": (5, 0)}  # three passes: the 1st floor (row 5), no points
    par = re.match(r"Par do dia: (?:torre toda|(\d)\.º andar), (\d+) pontos?", player.text("#par-linha"))
    said["par"] = (6 - int(par[1]) if par[1] else 0, int(par[2]))
    for name, floor, total in RESULTS.findall(player.text("#adversarios-linha")):
        said[LEVEL_OF[name]] = (6 - int(floor) if floor else 0, int(total))
    return said


def markers(player) -> list[dict]:
    """Each marker of the picture: its runner, its points and the row it sits in (by its centre)."""
    return player.page.evaluate("""() => {
      const rows = [...document.querySelectorAll('#torre-figura .torre-andar')].map((r) => r.getBoundingClientRect()).reverse();
      const floorsTop = rows[0].top, height = rows[0].height;
      return [...document.querySelectorAll('#torre-figura .torre-marca')].map((m) => {
        const r = m.querySelector('circle').getBoundingClientRect();
        const y = r.top + r.height / 2;
        return { who: m.dataset.corredor, points: Number(m.dataset.pontos), x: r.left + r.width / 2,
                 row: Math.floor((y - floorsTop) / height) + 1 };
      });
    }""")


@pytest.mark.parametrize("width, height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_end_card_is_the_first_view_with_a_marker_where_each_run_stopped(new_player, width, height):
    player = ended(new_player, width, height)
    assert player.page.evaluate("() => document.querySelector('#dialogo').scrollTop") == 0
    for selector in IN_THE_FIRST_VIEW:
        expect(player.page.locator(selector)).to_be_in_viewport(ratio=1)
        assert in_view(player.page.locator(selector).bounding_box(), width, height), selector
    assert player.text(".fim-cartao > .manchete") == "A corrida acabou no 1.º andar, com 0 pontos."
    assert re.fullmatch(r"Perdeu com o Caloiro, o Veterano e o Dux\. Categoria do dia: nenhuma, desta vez\.",
                        player.text("#veredicto-do-dia"))
    said = where_each_stopped(player)
    shown = markers(player)
    assert sorted(m["who"] for m in shown) == sorted(said), "one marker per runner"
    for m in shown:
        assert (m["row"], m["points"]) == said[m["who"]], m
    for row in {m["row"] for m in shown}:
        in_row = sorted((m for m in shown if m["row"] == row), key=lambda m: m["x"])
        assert [m["points"] for m in in_row] == sorted(m["points"] for m in in_row), f"row {row}: left to right by points"
    mine = player.page.locator("#torre-figura [data-corredor=eu] circle").bounding_box()
    theirs = player.page.locator("#torre-figura [data-corredor=par] circle").bounding_box()
    assert mine["width"] > theirs["width"], "the player's marker stands out"
    found = axe_in_each_scheme(player, f"fim-cartao-{width}x{height}")
    assert found == {"light": [], "dark": []}
    assert player.errors == []


def test_the_pictures_text_alternative_says_every_marker(new_player):
    player = ended(new_player, 390, 844)
    picture = player.page.get_by_role("img", name=re.compile("^A torre, com os pontos"))
    label = picture.get_attribute("aria-label")
    assert label.startswith("A torre, com os pontos para subir cada andar (1.º andar, 25; 2.º andar, 50; ")
    for who, (row, points) in where_each_stopped(player).items():
        name = {"eu": "A sua corrida", "par": "O par"}.get(who) or f"O {next(n for n, level in LEVEL_OF.items() if level == who)}"
        where = "no topo da torre" if row == 0 else f"no {6 - row}.º andar"
        assert f"{name}: {where}, com {points} ponto" in label, (who, label)


def test_the_challenge_name_is_asked_only_once_desafiar_is_chosen_and_the_last_one_offered(new_player):
    player = ended(new_player, 360, 640)
    field = player.page.locator("#desafio-nome-campo")
    expect(field).to_be_hidden()
    assert player.page.locator("#desafio-nome-aviso").is_hidden(), "no warning shown to everyone"
    player.page.locator("#desafiar").click()
    expect(field).to_be_visible()
    expect(field).to_be_focused()
    assert player.page.get_attribute("#desafiar", "aria-expanded") == "true"
    field.fill("Rita")
    player.page.locator("#desafio-enviar").click()
    assert player.page.evaluate("() => localStorage.getItem('torre.nome')") == "Rita"
    for _ in in_each_scheme(player, "fim-desafiar"):
        pass
    player.dialog_button("Fechar").click()
    player.page.reload()
    player.wait_ready()
    player.page.locator("#dialogo").wait_for()  # a finished run opens on its end screen
    player.page.locator("#desafiar").click()
    expect(field).to_have_value("Rita")
    assert player.errors == []


def test_friends_kept_for_the_tower_join_the_picture_once_the_days_table_is_opened(new_player):
    player = new_player(viewport={"width": 390, "height": 844}).open().wait_ready()
    version = player.page.get_attribute("#jogo", "data-versao")
    friend = {"code": code_of("2026-12-01", version, floor=2, total=40), "date": "2026-12-01",
              "them": {"floor": 2, "total": 40, "won": False}, "me": None, "name": "Rui"}
    player.page.evaluate("r => localStorage.setItem('torre.desafios', JSON.stringify({v: 1, list: [r]}))", friend)
    player.open().wait_ready()
    player.pass_turn(3)
    player.page.locator(".adversarios:not(.espera)").wait_for()
    assert player.page.locator("#torre-figura .torre-marca-amigo").count() == 0, "not before the table is opened"
    player.page.locator("#quadro-do-dia summary").click()
    marker = player.page.locator("#torre-figura .torre-marca-amigo")
    expect(marker).to_have_count(1)
    assert marker.get_attribute("data-pontos") == "40"
    assert "Rui (desafio): no 2.º andar, com 40 pontos" in player.page.get_attribute("#torre-figura", "aria-label")
    assert json.loads(player.page.evaluate("() => localStorage.getItem('torre.desafios')"))["list"][0]["me"] is not None
