"""Challenges (issue 20): a finished run's end screen offers it as a challenge
(/desafio/#<code>); a friend's fresh browser opens it, sees whose tower and what the
run reached, verified, but not its plays; accepts, plays that tower, and reads the
comparison on the end screen; "Ver a corrida" then shows the plays, and "Responder"
sends a challenge back. Kept in Estatísticas and in the export; a changed link never
counts; the page opens offline once visited."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e_archive import finish_by_passing, first_play, make_play
from e2e_support import DESKTOP, axe_in_each_scheme, axe_violations, browser, new_player, site_url  # noqa: F401
from test_docs_examples import BASE64URL, outsider_code
from test_e2e_layout import box, in_view
from test_e2e_replay import one_changed

PAST = "2026-11-30"
TODAY = "2026-12-01"  # the fixed clock's Lisbon day (e2e_support.FIXTURE_NOON)
SMALL_PHONE = {"width": 360, "height": 640}
VERIFIED = re.compile(r"^Corrida verificada: chegou ao 1\.º andar, com (\d+) pontos\.$")


def challenge_link(player) -> str:
    """The link the end screen's Desafiar (or Responder) shares: its text's last line."""
    text = player.page.locator("#desafiar").get_attribute("data-partilha")
    assert text.splitlines()[-2] == "Consegue fazer melhor?", text
    return text.splitlines()[-1]


def challenger(new_player, built_dist, date: str, **options) -> tuple[str, object]:
    """A first browser's finished run of `date` (one real play, then passes) and its challenge link."""
    player = new_player(route=False, **options).open("/" if date == TODAY else f"/?dia={date}").wait_ready()
    make_play(player, first_play(built_dist, date))
    finish_by_passing(player)
    link = challenge_link(player)
    assert player.page.locator("#desafiar").inner_text() == "Desafiar"
    assert "/desafio/#1" in link and len(link) - len(player.url) + len("https://atorre.pt") <= 170
    return link, player


def open_challenge(player, link: str) -> list[str]:
    errors = []
    player.page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    player.page.goto("about:blank")
    player.page.goto(link)
    player.page.wait_for_selector("#desafio[data-veredicto]", state="attached")
    return errors


def tap_to_the_end(player):
    """Passes by touch until the run ends."""
    dialog = player.page.locator("#dialogo")
    for _ in range(12):
        if dialog.is_visible() or player.run_is_over():
            break
        player.button("passar").tap()
        player.dialog_button("Passar").tap()
    dialog.wait_for(state="visible")


def keys_to_the_end(player):
    """Passes by keyboard (the button focused, Enter; the confirmation's button, Enter) until the run ends."""
    for _ in range(12):
        if player.run_is_over():
            break
        player.button("passar").focus()
        player.press("Enter")
        player.dialog_button("Passar").focus()
        player.press("Enter")
    player.page.locator("#desafiar").wait_for()


def stats_line(player) -> str:
    player.dialog_button("Estatísticas").click()
    return player.text("#estatisticas-desafios")


def test_an_archive_days_challenge_is_accepted_by_touch_compared_and_answered(new_player, built_dist):
    link, first = challenger(new_player, built_dist, PAST)
    friend = new_player(viewport=SMALL_PHONE, route=False, has_touch=True, is_mobile=True)
    errors = open_challenge(friend, link)
    total = int(VERIFIED.match(friend.text("#veredicto"))[1])
    assert friend.text("#desafio-torre") == "Desafio: a torre de 30/11/2026, do arquivo"
    assert friend.page.locator(".tabuleiro, .repeticao-lista").count() == 0, "no plays before playing that tower"
    assert friend.page.get_by_role("link", name="Ver a corrida", exact=True).count() == 0
    assert axe_violations(friend.page) == []
    friend.screenshot("desafio")
    friend.page.get_by_role("link", name="Aceitar o desafio").tap()
    friend.page.wait_for_url(re.compile(rf"/\?dia={PAST}$"))
    friend.wait_ready()
    friend.expect_text("#desafio-alvo", f"Desafio a bater: 1.º andar com {total} pontos.")
    tap_to_the_end(friend)
    assert friend.text("#desafio-comparacao") == f"Não bateu o desafio: 1.º andar com 0 pontos, contra 1.º andar com {total}."
    assert friend.page.locator("#desafiar").inner_text() == "Responder"
    expect(friend.page.locator("#desafio-comparacao")).to_be_in_viewport()  # under the headline, not scrolled away
    reply = friend.page.locator("#desafiar").get_attribute("data-partilha")
    assert reply.splitlines()[1] == f"Não bati o seu desafio: 1.º andar com 0 pontos, contra 1.º andar com {total}."
    answer = challenge_link(friend)
    assert axe_violations(friend.page) == []
    friend.screenshot("desafio-fim")
    friend.page.locator("#desafiar").scroll_into_view_if_needed()
    friend.screenshot("desafio-responder")
    assert stats_line(friend) == "Desafios: 1 perdido"
    assert axe_violations(friend.page) == []
    friend.screenshot("desafio-estatisticas")
    # Played: the same link now compares at once, and the plays can be seen.
    open_challenge(friend, link)
    assert friend.text("#desafio-comparacao").startswith("Não bateu o desafio")
    friend.screenshot("desafio-jogado")
    friend.page.get_by_role("link", name="Ver a corrida", exact=True).tap()
    friend.page.wait_for_selector("#repeticao[data-veredicto=verificada]", state="attached")
    assert friend.page.locator(".repeticao-lista li").count() >= 2
    assert friend.errors == [] and errors == []
    # The reply, opened by the first browser, which played that tower: the comparison at once.
    open_challenge(first, answer)
    assert first.text("#desafio-comparacao") == f"Bateu o desafio: 1.º andar com {total} pontos, contra 1.º andar com 0."
    assert first.page.get_by_role("link", name="Ver a corrida", exact=True).count() == 1
    first.open(f"/?dia={PAST}").wait_ready()
    first.page.locator("#dialogo").wait_for(state="visible")  # a finished run opens on its end screen
    assert first.text("#desafio-comparacao").startswith("Bateu o desafio")
    assert stats_line(first) == "Desafios: 1 ganho"


def test_todays_challenge_by_keyboard_counts_as_the_daily_run_and_travels_with_the_export(new_player, built_dist):
    link, _ = challenger(new_player, built_dist, TODAY, viewport=DESKTOP)
    friend = new_player(viewport=DESKTOP, route=False)
    open_challenge(friend, link)
    total = int(VERIFIED.match(friend.text("#veredicto"))[1])
    assert friend.text("#desafio-torre") == "Desafio: a torre de hoje (01/12/2026)"
    friend.screenshot("desafio-hoje")
    for _ in range(30):
        friend.press("Tab")
        if friend.page.evaluate("() => document.activeElement.textContent") == "Aceitar o desafio":
            break
    friend.press("Enter")
    friend.page.wait_for_url(re.compile(r"/$"))
    friend.wait_ready()
    keys_to_the_end(friend)
    assert friend.text("#desafio-comparacao") == f"Não bateu o desafio: 1.º andar com 0 pontos, contra 1.º andar com {total}."
    assert friend.page.locator("#dialogo .aviso-erro").count() == 0, "not an archive run"
    assert stats_line(friend) == "Desafios: 1 perdido"
    facts = friend.page.locator("#dialogo .factos").first.inner_text()
    assert re.search(r"Corridas\s+1\b", facts) and re.search(r"Dias seguidos\s+1\b", facts), facts
    friend.page.get_by_role("button", name="Exportar").click()
    exported = friend.page.locator("#estatisticas-texto").input_value()
    other = new_player(viewport=DESKTOP, route=False).open().wait_ready()
    other.button("estatisticas").click()
    other.expect_text("#estatisticas-nada", re.compile("^Ainda não há nada para contar"))  # no sentence of zeros
    other.page.locator("#estatisticas-texto").fill(exported)
    other.page.get_by_role("button", name="Importar").click()
    other.expect_text("#estatisticas-desafios", "Desafios: 1 perdido")
    assert friend.errors == [] and other.errors == []


def test_a_changed_challenge_link_is_refused_says_why_and_never_counts(new_player, built_dist):
    link, _ = challenger(new_player, built_dist, PAST)
    friend = new_player(route=False)
    code_length = len(link) - link.index("#") - 1
    for at in (0, code_length // 2, code_length - 1):
        errors = open_challenge(friend, one_changed(link, at))
        friend.expect_text("#veredicto", "Não foi possível verificar esta corrida: a ligação está danificada ou foi alterada. "
                           "Este desafio não conta.")
        assert friend.page.locator("#desafio").get_attribute("data-veredicto") == "recusada"
        assert friend.page.get_by_role("link", name="Aceitar o desafio").count() == 0
        assert errors == []
    assert friend.page.evaluate("() => localStorage.getItem('torre.desafios')") is None
    assert axe_violations(friend.page) == []
    friend.screenshot("desafio-recusado")
    friend.open("/").wait_ready()
    friend.button("estatisticas").click()
    friend.expect_text("#estatisticas-nada", re.compile("^Ainda não há nada para contar"))  # nothing kept, nothing counted
    assert friend.page.locator("#estatisticas-desafios").count() == 0


def with_total_raised(link: str) -> str:
    """The link with its claimed total one higher and its checksum made again: it reads, but cannot verify."""
    head, code = link.split("#")
    n = 0
    for digit in code[1:-4]:
        n = n * 64 + BASE64URL.index(digit)
    n += 32768 * 16 ** 10 * 8  # one more in the total field (docs/replay-link.md "Format 1")
    return f"{head}#{outsider_code(n)}"


def test_a_link_claiming_more_than_its_run_made_is_refused_and_never_counts(new_player, built_dist):
    link, _ = challenger(new_player, built_dist, PAST)
    friend = new_player(route=False)
    open_challenge(friend, with_total_raised(link))
    friend.expect_text("#veredicto", "Não foi possível verificar esta corrida: a ligação foi alterada e as jogadas "
                                     "que traz não dão o resultado que anuncia. Este desafio não conta.")
    friend.expect_text("#desafio details p", re.compile(r"^A ligação anuncia o 1\.º andar e \d+ pontos; as jogadas dão o 1\.º andar"))
    assert friend.page.get_by_role("link", name="Aceitar o desafio").count() == 0
    assert friend.page.evaluate("() => localStorage.getItem('torre.desafios')") is None


def test_the_challenge_page_has_no_axe_violations_in_dark(new_player, built_dist):
    link, _ = challenger(new_player, built_dist, PAST)
    friend = new_player(route=False, color_scheme="dark")
    open_challenge(friend, link)
    assert axe_violations(friend.page) == []
    friend.screenshot("desafio-escuro")
    friend.page.get_by_role("link", name="Aceitar o desafio").click()
    friend.wait_ready()
    finish_by_passing(friend)
    friend.page.locator("#desafio-comparacao").wait_for()
    assert axe_violations(friend.page) == []
    friend.screenshot("desafio-fim-escuro")


def test_a_visited_challenge_opens_offline(new_player, built_dist):
    link, first = challenger(new_player, built_dist, PAST)
    friend = new_player(route=False, service_workers="allow", own_server=True)
    link = link.replace(first.url, friend.url)  # the same link, on the friend's own server
    open_challenge(friend, link)
    assert VERIFIED.match(friend.text("#veredicto"))
    friend.wait_service_worker()
    dawg = friend.page.get_attribute("#desafio", "data-dawg")  # the run is on the current list: its page name
    friend.wait_kept(f"/dias/{PAST}.json", dawg)
    friend.go_offline()
    open_challenge(friend, link)
    assert VERIFIED.match(friend.text("#veredicto"))
    friend.page.get_by_role("link", name="Aceitar o desafio").click()
    friend.wait_ready()
    assert friend.errors == []


def goal_is_said(player, goal: str, name: str):
    """The line of the challenge to beat shows `goal`, light and dark, with no axe violations, and
    leaves the board, the hand and Jogar in view: on a small phone it is under the buttons."""
    player.expect_text("#desafio-alvo", goal)
    size = player.page.viewport_size
    for selector in ("#tabuleiro", "#mao", "[data-action=jogar]"):
        assert in_view(box(player, selector), size["width"], size["height"]), selector
    assert axe_in_each_scheme(player, name) == {"light": [], "dark": []}
    player.page.locator("#desafio-alvo").scroll_into_view_if_needed()
    expect(player.page.locator("#desafio-alvo")).to_be_in_viewport()
    player.screenshot(f"{name}-dark-rolada")
    player.page.emulate_media(color_scheme="light")
    player.page.evaluate("() => window.scrollTo(0, 0)")


@pytest.mark.parametrize("viewport", [SMALL_PHONE, DESKTOP], ids=["phone", "desktop"])
def test_an_accepted_challenge_says_what_to_beat_through_a_reload_until_the_run_ends(new_player, built_dist, viewport):
    link, first = challenger(new_player, built_dist, TODAY, viewport=viewport)
    friend = new_player(viewport=viewport, route=False)
    open_challenge(friend, link)
    total = int(VERIFIED.match(friend.text("#veredicto"))[1])
    friend.page.get_by_role("link", name="Aceitar o desafio").click()
    friend.wait_ready()
    goal = f"Desafio a bater: 1.º andar com {total} pontos."  # the floor and points only, never the plays
    goal_is_said(friend, goal, "desafio-alvo")
    friend.pass_turn()
    friend.page.reload()
    friend.wait_ready()
    friend.expect_text("#desafio-alvo", goal)  # a run in progress keeps it
    finish_by_passing(friend)
    expect(friend.page.locator("#desafio-alvo")).to_be_hidden()  # the end screen compares instead
    assert friend.text("#desafio-comparacao").startswith("Não bateu o desafio")
    friend.page.reload()
    friend.page.locator("#dialogo").wait_for(state="visible")  # a finished run opens on its end screen
    expect(friend.page.locator("#desafio-alvo")).to_be_hidden()
    assert friend.errors == [] and first.errors == []


def test_a_cut_or_changed_challenge_link_drops_the_question_and_offers_todays_tower(new_player, built_dist):
    link, _ = challenger(new_player, built_dist, PAST)
    for viewport in (SMALL_PHONE, DESKTOP):
        friend = new_player(viewport=viewport, route=False)
        broken = {"cortada": link[:-7], "alterada": one_changed(link, 5), "total": with_total_raised(link)}
        for name, changed in broken.items():
            errors = open_challenge(friend, changed)
            friend.expect_text("#veredicto", re.compile(r"^Não foi possível verificar esta corrida: .+ Este desafio não conta\.$"))
            friend.expect_text("#desafio h1", "Desafio não verificado")
            assert "Consegue bater" not in friend.text("#desafio") and "desafia-o" not in friend.text("#desafio"), name
            expect(friend.page.get_by_role("link", name="Jogar a torre de hoje")).to_be_in_viewport()
            way = friend.page.get_by_role("link", name="Jogar a torre de hoje")
            assert way.get_attribute("href") == "/" and errors == [], name
            assert axe_in_each_scheme(friend, f"desafio-{name}") == {"light": [], "dark": []}, name
    way.click()
    friend.page.wait_for_url(re.compile(r"/$"))
    friend.wait_ready()
    expect(friend.page.locator("#desafio-alvo")).to_be_hidden()  # a refused challenge is none to beat
    assert friend.errors == []


def test_a_challenge_of_a_day_not_opened_yet_says_so_plainly_and_offers_no_dead_accept(new_player, built_dist):
    """A device whose clock is behind the sender's: the link verifies on its day, not before."""
    link, _ = challenger(new_player, built_dist, "2026-12-02", clock="2026-12-02T10:00:00Z")
    for viewport in (SMALL_PHONE, DESKTOP):
        friend = new_player(viewport=viewport, route=False)
        errors = open_challenge(friend, link)
        friend.expect_text("#desafio h1", "Desafio de uma torre que ainda não abriu")
        friend.expect_text("#veredicto", "Este desafio é da torre de 02/12/2026, que ainda não abriu: "
                                         "abra esta ligação nesse dia para o aceitar.")
        assert "Não foi possível verificar" not in friend.text("#desafio")
        assert friend.page.get_by_role("link", name=re.compile("Aceitar")).count() == 0
        expect(friend.page.get_by_role("link", name="Jogar a torre de hoje")).to_be_in_viewport()
        assert friend.page.evaluate("() => localStorage.getItem('torre.desafios')") is None
        assert axe_in_each_scheme(friend, f"desafio-por-abrir-{viewport['width']}") == {"light": [], "dark": []}
        assert errors == []
