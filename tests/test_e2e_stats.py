"""Estatísticas as pictures (issue 39): a column per floor and one for the top, heights in
proportion, the latest run's marked; a calendar of the month with the days played, climbed,
with the par beaten or missed, and the streak, month by month; the opponents and friends as
small tables; nothing said as a sentence of zeros. Older statistics, archives and exports open
as they did."""
from __future__ import annotations

import base64
import json
import re

import pytest

from e2e_support import DESKTOP, axe_in_each_scheme, browser, new_player, site_url  # noqa: F401
from test_e2e_midnight import open_at

SMALL_PHONE = {"width": 360, "height": 640}
OUTCOMES = {"caloiro": "won", "doutor": "lost", "dux": "lost"}
# Four daily towers: 25 November (1st floor), then 28–30 November in a row (the 29th climbed it all).
ARCHIVE = {"v": 1, "runs": {}, "results": {"2026-11-03": {"floor": 2, "total": 80, "won": False}}, "daily": {
    "2026-11-25": {"floor": 1, "total": 10, "won": False},
    "2026-11-28": {"floor": 3, "total": 150, "won": False, "beatPar": True, "opponents": OUTCOMES},
    "2026-11-29": {"floor": 5, "total": 420, "won": True, "beatPar": True,
                   "opponents": {"caloiro": "won", "doutor": "won", "dux": "won"}},
    "2026-11-30": {"floor": 2, "total": 60, "won": False, "beatPar": False, "opponents": OUTCOMES}}}
STATS = {"v": 1, "runs": 4, "wins": 1, "floors": [1, 1, 1, 0, 1], "best": 420, "streak": 3, "bestStreak": 3,
         "lastDate": "2026-11-30", "parBeaten": 2, "parDate": "2026-11-29",
         "opponentsBeaten": {"caloiro": 3, "doutor": 1, "dux": 1}, "opponentsDate": "2026-11-30", "bestPatente": "dux"}
# As the game wrote statistics before the par and the opponents, and an archive before it kept the daily towers.
OLD_STATS = {"v": 1, "runs": 2, "wins": 0, "floors": [1, 1, 0, 0, 0], "best": 70, "streak": 1, "bestStreak": 2,
             "lastDate": "2026-11-30"}
OLD_ARCHIVE = {"v": 1, "runs": {}, "results": {"2026-11-10": {"floor": 2, "total": 70, "won": False}}}
ZEROS = re.compile(r"\b0 (ganhos|perdidos|corridas|torres|dias)\b|nenhum dia")


def stats_open(player, saves: dict):
    """The game page with `saves` on the device before it loads, and Estatísticas open."""
    player.page.add_init_script(f"""Object.entries({json.dumps({k: json.dumps(v) for k, v in saves.items()})})
      .forEach(([k, v]) => {{ try {{ localStorage.setItem(k, v); }} catch (error) {{}} }});""")
    player.open().wait_ready()
    player.button("estatisticas").click()
    player.expect_text("#dialogo-titulo", "Estatísticas")
    return player


def columns(player, chart: str = "#grafico-andares") -> list[dict]:
    return player.page.locator(f"{chart} > li").evaluate_all("""items => items.map((li) => ({
      count: Number(li.dataset.conta), label: li.querySelector('.coluna-rotulo').textContent,
      bar: li.querySelector('.coluna-barra').getBoundingClientRect().height,
      track: li.querySelector('.coluna-pista').getBoundingClientRect().height,
      latest: li.classList.contains('ultima'), said: li.querySelector('.so-leitor').textContent }))""")


def day_marks(player) -> dict[str, list[str]]:
    return dict(player.page.locator("#calendario td[data-dia]").evaluate_all(
        "cells => cells.map((td) => [td.dataset.dia, [...td.classList].sort()])"))


@pytest.mark.parametrize("viewport", [SMALL_PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_chart_has_a_column_per_floor_and_the_top_in_proportion_and_marks_the_latest_run(new_player, viewport):
    player = stats_open(new_player(viewport=viewport), {"torre.estatisticas": STATS, "torre.arquivo": ARCHIVE})
    shown = columns(player)
    assert [c["label"] for c in shown] == ["1.º", "2.º", "3.º", "4.º", "5.º", "Topo"]
    assert [c["count"] for c in shown] == [1, 1, 1, 0, 0, 1], "the climbed run on the top, not the 5th floor"
    most = max(c["count"] for c in shown)
    for c in shown:
        assert abs(c["bar"] - (c["count"] / most) * c["track"]) <= 2.5, c  # 2 px: the empty column's line
    assert [c["latest"] for c in shown] == [False, True, False, False, False, False], "30 November ended on the 2nd"
    assert shown[1]["said"] == "No 2.º andar: 1 corrida (a última)."
    player.page.locator("#grafico-andares").scroll_into_view_if_needed()
    assert axe_in_each_scheme(player, f"estatisticas-grafico-{viewport['width']}") == {"light": [], "dark": []}
    assert player.errors == []


@pytest.mark.parametrize("viewport", [SMALL_PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_calendar_marks_the_days_played_climbed_par_missed_and_the_streak_across_a_month_boundary(new_player, viewport):
    player = stats_open(new_player(viewport=viewport), {"torre.estatisticas": STATS, "torre.arquivo": ARCHIVE})
    calendar = player.page.locator("#calendario")
    assert player.text("#calendario caption") == "dezembro de 2026"
    december = day_marks(player)
    assert december["2026-12-01"] == ["hoje"] and december["2026-12-02"] == ["futuro"]
    assert calendar.get_by_role("button", name="Mês seguinte").is_disabled()
    calendar.get_by_role("button", name="Mês anterior").click()
    player.expect_text("#calendario caption", "novembro de 2026")
    november = day_marks(player)
    assert november["2026-11-24"] == [], "before the first day played, nothing is missed"
    assert november["2026-11-25"] == ["jogou"]
    assert november["2026-11-26"] == november["2026-11-27"] == ["falhou"]
    assert november["2026-11-28"] == ["jogou", "par", "seguido"]
    assert november["2026-11-29"] == ["par", "seguido", "subiu"]
    assert november["2026-11-30"] == ["jogou", "seguido"]
    assert player.page.locator("td[data-dia='2026-11-29'] .so-leitor").inner_text() == (
        "29 de novembro: subiu a torre toda, bateu o par, nos dias seguidos")
    assert calendar.get_by_role("button", name="Mês anterior").is_disabled(), "nothing played before November"
    calendar.scroll_into_view_if_needed()
    assert axe_in_each_scheme(player, f"estatisticas-calendario-{viewport['width']}") == {"light": [], "dark": []}
    calendar.get_by_role("button", name="Mês seguinte").click()
    player.expect_text("#calendario caption", "dezembro de 2026")
    assert player.errors == []


def test_a_run_that_ends_after_lisbon_midnight_is_marked_on_its_own_day(new_player):
    player = open_at(new_player, "2026-11-30T23:58:00Z", SMALL_PHONE)  # 23:58 in Lisbon (winter time)
    player.pass_turn(2)
    player.page.clock.run_for(150_000)
    player.expect_text("#outro-dia-texto", re.compile("conta para o dia 30/11/2026"))
    player.pass_turn()
    player.expect_text("#dialogo-titulo", "Fim da corrida")
    player.dialog_button("Estatísticas").click()
    player.expect_text("#calendario caption", "dezembro de 2026")
    assert day_marks(player)["2026-12-01"] == ["hoje"], "today is not played: the run was the 30th's"
    player.page.locator("#calendario").get_by_role("button", name="Mês anterior").click()
    marks = day_marks(player)
    assert marks["2026-11-30"] == ["jogou", "seguido"] and marks["2026-11-29"] == []
    assert player.errors == []


@pytest.mark.parametrize("viewport", [SMALL_PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_fresh_device_says_once_that_there_is_nothing_yet_and_no_sentence_of_zeros(new_player, viewport):
    player = stats_open(new_player(viewport=viewport), {})
    text = player.text("#dialogo-corpo")
    assert not ZEROS.search(text), text
    assert player.page.locator("#estatisticas-nada").count() == 1
    assert player.page.locator(".colunas, #calendario, table").count() == 0
    assert axe_in_each_scheme(player, f"estatisticas-vazias-{viewport['width']}") == {"light": [], "dark": []}


def test_the_opponents_are_a_small_table_of_won_lost_this_month_and_since_the_first(new_player):
    player = stats_open(new_player(viewport=SMALL_PHONE), {"torre.estatisticas": STATS, "torre.arquivo": ARCHIVE})
    rows = player.page.locator("#tabela-adversarios tbody tr").evaluate_all(
        "rows => rows.map((r) => [...r.children].map((c) => c.querySelector('[aria-hidden]')?.textContent ?? c.textContent))")
    assert rows == [["Caloiro", "0–0", "3–0"], ["Veterano", "0–0", "1–2"], ["Dux", "0–0", "1–2"]]
    assert player.page.locator("#tabela-adversarios tbody tr").first.locator("td").nth(1).locator(".so-leitor").inner_text() \
        == "3 ganhos, 0 perdidos"
    assert player.text("#estatisticas-desafiantes p") == (
        "Ainda não recebeu desafios: quando abrir a ligação de um desafio e jogar essa torre, o resultado fica aqui.")
    player.page.locator("#tabela-adversarios").scroll_into_view_if_needed()
    assert axe_in_each_scheme(player, "estatisticas-adversarios-tabela") == {"light": [], "dark": []}


def test_statistics_and_an_archive_from_before_the_pictures_open_as_before(new_player):
    player = stats_open(new_player(viewport=SMALL_PHONE), {"torre.estatisticas": OLD_STATS, "torre.arquivo": OLD_ARCHIVE})
    assert player.page.locator("#dialogo .aviso-erro").count() == 0, "old saves are not damaged ones"
    assert player.page.locator("#dialogo .factos").first.locator("dd").all_inner_texts() == ["2", "0", "70", "1", "2", "0"]
    assert [c["count"] for c in columns(player)] == [1, 1, 0, 0, 0, 0]
    assert [c["latest"] for c in columns(player)] == [False] * 6, "the archive kept no day: no run is known as the latest"
    player.page.locator("#calendario").get_by_role("button", name="Mês anterior").click()
    assert day_marks(player)["2026-11-30"] == ["jogou", "seguido"], "the last day counted, from the statistics alone"
    player.expect_text("#estatisticas-arquivo", re.compile(r"^Arquivo: 1 corrida, nenhuma torre subida "))
    assert player.page.evaluate("() => JSON.parse(localStorage.getItem('torre.estatisticas'))") == OLD_STATS
    assert player.errors == []


def test_an_export_from_before_the_pictures_imports_and_shows_its_figures(new_player):
    player = stats_open(new_player(viewport=DESKTOP), {})
    line = "TORRE-ESTATISTICAS-1:" + base64.b64encode(json.dumps(OLD_STATS).encode()).decode()
    player.page.fill("#estatisticas-texto", line)
    player.dialog_button("Importar").click()
    player.announced("Estatísticas importadas.")
    player.page.locator("#grafico-andares").wait_for()
    assert [c["count"] for c in columns(player)] == [1, 1, 0, 0, 0, 0]
    assert player.page.evaluate("() => JSON.parse(localStorage.getItem('torre.estatisticas'))") == OLD_STATS
