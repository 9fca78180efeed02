"""The day's table («Quadro do dia», issue 30): three browsers play the same tower and send each
other their challenge links; each ends with the same table of the three runs and the three computer
opponents, ranked by the par's rule (ties share a place), on the end screen and on the challenge
page; a changed link is refused and never joins it; the archive opens it for a day with a challenge.
It fits a small phone and a phone on its side without scrolling sideways, with no axe violations."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from e2e_archive import finish_by_passing, first_play, make_play
from e2e_support import DESKTOP, browser, new_player, site_url  # noqa: F401
from e2e_support import axe_violations
from test_e2e_challenge import challenge_link, open_challenge
from test_e2e_replay import one_changed

PAST = "2026-11-30"
SMALL_PHONE = {"width": 360, "height": 640}
PHONE_ON_ITS_SIDE = {"width": 844, "height": 390}
OPPONENTS = {"Caloiro", "Veterano", "Dux"}


def finished(new_player, built_dist, first: str, **options):
    """A browser's finished run of PAST (`first` "play", "exchange" or "pass", then passes) and its challenge link."""
    player = new_player(route=False, **options).open(f"/?dia={PAST}").wait_ready()
    if first == "play":
        make_play(player, first_play(built_dist, PAST))
    if first == "exchange":  # no points, as passing, but another run: another code
        player.button("trocar").click()
        player.page.locator("#dialogo-corpo button").first.click()
        player.dialog_button("Trocar").click()
    finish_by_passing(player)
    return player, challenge_link(player)


def table_rows(player, scope: str = "#quadro-do-dia", count: int = 6) -> list[tuple[str, str, str, str]]:
    """(place, who, floor, points) of each of the `count` rows, once the opponents have joined the table."""
    table = player.page.locator(scope)
    if table.get_attribute("open") is None:
        table.locator("summary").click()
    expect(table.locator("tbody tr")).to_have_count(count)
    return [tuple(cell.strip() for cell in row.locator("td, th").all_inner_texts()[:4])
            for row in table.locator("tbody tr").all()]


def as_seen_by_all(rows) -> list[tuple[str, str, str]]:
    """The rows without who they are, except the opponents (a challenger's label is the device's own)."""
    return [(place, who if who in OPPONENTS else "pessoa", floor, points) for place, who, floor, points in rows]


def no_sideways_scroll(player):
    assert player.page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    assert player.page.evaluate("() => { const t = document.querySelector('.quadro-tabela');"
                                " return t.getBoundingClientRect().right <= window.innerWidth; }")


def test_three_browsers_that_exchange_links_end_with_the_same_table(new_player, built_dist):
    ana, ana_link = finished(new_player, built_dist, "play", viewport=SMALL_PHONE)
    rui, rui_link = finished(new_player, built_dist, "pass", viewport=PHONE_ON_ITS_SIDE)
    eva, eva_link = finished(new_player, built_dist, "exchange", viewport=DESKTOP, color_scheme="dark")
    links = {"ana": ana_link, "rui": rui_link, "eva": eva_link}
    players = {"ana": ana, "rui": rui, "eva": eva}
    for name, player in players.items():
        errors = open_challenge(player, one_changed(links[name], 7))  # a changed link: refused, never in the table
        assert player.page.locator("#desafio").get_attribute("data-veredicto") == "recusada" and errors == []
        for other, link in links.items():
            if other != name:
                open_challenge(player, link)
                assert player.page.locator("#desafio").get_attribute("data-veredicto") == "verificada"
        player.page.locator("#quadro-do-dia").wait_for()
        rows = table_rows(player)
        assert player.text("#quadro-do-dia .quadro-nota") == \
            "O quadro tem 2 desafiantes: só entram os desafios desta torre abertos neste aparelho."
        assert sum(who == "A sua corrida" for _, who, _, _ in rows) == 1
        own = player.page.locator("#quadro-do-dia tr.quadro-eu a").get_attribute("href")
        assert own.startswith(f"{player.url}/repeticao/#1"), "the run's own replay, kept by its end screen"
        assert axe_violations(player.page) == [], name
        no_sideways_scroll(player)
        player.screenshot(f"quadro-desafio-{name}")
    seen = {name: as_seen_by_all(table_rows(player)) for name, player in players.items()}
    assert seen["ana"] == seen["rui"] == seen["eva"], seen
    places = [place for place, who, _, _ in seen["ana"] if who == "pessoa"]
    assert places.count(places[-1]) == 2, "rui and eva made no points on the first floor: they share a place"
    # The end screen of each browser's run holds the same table, with its own run's replay link.
    for name, player in players.items():
        player.open(f"/?dia={PAST}").wait_ready()
        player.page.locator("#dialogo").wait_for(state="visible")
        assert as_seen_by_all(table_rows(player)) == seen[name]
        assert player.page.locator("#quadro-do-dia tr.quadro-eu a").get_attribute("href").startswith(player.url)
        assert axe_violations(player.page) == [], name
        no_sideways_scroll(player)
        player.page.locator("#quadro-do-dia").scroll_into_view_if_needed()
        player.screenshot(f"quadro-fim-{name}")
        share = player.page.locator("#quadro-do-dia .quadro-partilhar").get_attribute("data-partilha")
        assert re.fullmatch(r"A Torre · 30/11/2026 — 1\.º .+", share) and " eu " in share
        assert ana.errors == [] and rui.errors == [] and eva.errors == []


def test_the_archive_opens_the_table_of_a_day_with_a_challenge(new_player, built_dist):
    ana, ana_link = finished(new_player, built_dist, "play")
    for viewport, scheme in ((SMALL_PHONE, "light"), (SMALL_PHONE, "dark"), (DESKTOP, "light"), (DESKTOP, "dark")):
        rui, _ = finished(new_player, built_dist, "pass", viewport=viewport, color_scheme=scheme)
        open_challenge(rui, ana_link)
        rui.open("/arquivo/")
        rui.page.wait_for_selector("#arquivo[data-arquivo=pronto]", state="attached")
        day = rui.page.locator(f"li[data-date='{PAST}']")
        assert rui.page.locator("details.quadro").count() == 1, "only the days with a challenge"
        rows = table_rows(rui, f"li[data-date='{PAST}'] details.quadro", count=5)
        assert [who for _, who, _, _ in rows if who not in OPPONENTS] == ["Desafio 1", "A sua corrida"]
        assert axe_violations(rui.page) == [], (viewport, scheme)
        day.scroll_into_view_if_needed()
        rui.screenshot(f"quadro-arquivo-{viewport['width']}-{scheme}")
        no_sideways_scroll(rui)
        assert rui.errors == []


def table_cells(player, table: str) -> list[list[str]]:
    """A won–lost table's rows as shown: the name, then this month's and all days' «won–lost»."""
    return player.page.locator(f"{table} tbody tr").evaluate_all(
        "rows => rows.map((r) => [...r.children].map((c) => c.querySelector('[aria-hidden]')?.textContent ?? c.textContent))")


def named_link(player, name: str) -> str:
    """The challenge link once `name` is typed in the end screen's field (asked for by «Desafiar»)."""
    if player.page.locator("#desafio-nome-campo").is_hidden():
        player.page.locator("#desafiar").click()
    player.page.locator("#desafio-nome-campo").fill(name)
    return challenge_link(player)


def test_a_name_travels_in_the_link_is_shown_as_written_and_marked_not_verified(new_player, built_dist):
    for viewport, scheme in ((SMALL_PHONE, "light"), (DESKTOP, "dark")):
        ana, plain = finished(new_player, built_dist, "play", viewport=viewport, color_scheme=scheme)
        assert "~" not in plain, "no name: the link keeps its form"
        for hostile in ("<b>Ana</b>", "ana.pt", "Ana\u202eRui", "Abcdefghijklmnopq"):
            assert named_link(ana, hostile) == plain, hostile
            expect(ana.page.locator("#desafio-nome-aviso")).to_have_class(re.compile("aviso-erro"))
        link = named_link(ana, "  Ana   Rita 🎓 ")
        assert link.startswith(plain + "~") and len(link) <= len(ana.url) + 170
        assert axe_violations(ana.page) == [], (viewport, scheme)
        ana.page.locator("#desafio-nome-campo").scroll_into_view_if_needed()
        ana.screenshot(f"quadro-nome-campo-{scheme}")
        ana.page.locator("#desafio-enviar").click()  # the name is kept for the next challenge
        assert ana.page.evaluate("() => localStorage.getItem('torre.nome')") == "Ana Rita 🎓"
        rui, _ = finished(new_player, built_dist, "pass", viewport=viewport, color_scheme=scheme)
        open_challenge(rui, link)
        assert rui.text("#desafio-nome") == "Enviado por: Ana Rita 🎓 (nome não verificado: só a corrida é verificada)"
        rows = table_rows(rui, count=5)
        assert ("Ana Rita 🎓 (nome não verificado)" in [who for _, who, _, _ in rows]), rows
        assert rui.page.locator("#desafio b, #quadro-do-dia b").count() == 0
        assert axe_violations(rui.page) == [], (viewport, scheme)
        rui.screenshot(f"quadro-nome-{scheme}")
        # Estatísticas: the days against that name, this month (December, by the fixed clock) and since the first.
        rui.open(f"/?dia={PAST}").wait_ready()
        rui.dialog_button("Estatísticas").click()
        rui.page.locator("#tabela-desafiantes").wait_for()
        assert table_cells(rui, "#tabela-desafiantes") == [["Ana Rita 🎓", "0–0", "0–1"]]
        assert "não são verificados nem identificam ninguém" in rui.text("#estatisticas-desafiantes")
        assert axe_violations(rui.page) == [], (viewport, scheme)
        rui.page.locator("#estatisticas-desafiantes").scroll_into_view_if_needed()
        rui.screenshot(f"quadro-nome-estatisticas-{scheme}")
        assert ana.errors == [] and rui.errors == []


def test_statistics_count_the_days_against_each_opponent_this_month_and_since_the_first(new_player):
    for viewport, scheme in ((SMALL_PHONE, "dark"), (DESKTOP, "light")):
        player = new_player(viewport=viewport, color_scheme=scheme).open().wait_ready()
        finish_by_passing(player)  # today's tower, 0 points: every opponent ahead
        player.page.locator(".adversarios:not(.espera)").wait_for()
        player.dialog_button("Estatísticas").click()
        rows = table_cells(player, "#tabela-adversarios")
        assert rows == [[name, "0–1", "0–1"] for name in ("Caloiro", "Veterano", "Dux")], rows
        assert axe_violations(player.page) == [], (viewport, scheme)
        player.page.locator("#estatisticas-adversarios").scroll_into_view_if_needed()
        player.screenshot(f"quadro-estatisticas-adversarios-{scheme}")
        assert player.errors == []
