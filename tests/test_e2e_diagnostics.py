"""What went wrong is said to the player in one plain sentence: what happened and what to do
(issue 32 §4). What a developer needs (the field, the refused action, the word list's version,
the engine's reason, the HTTP status) is never in that sentence: it is in the console and under
a «Detalhes» disclosure right after it (ui/shared/problem.js), the same on every screen."""
from __future__ import annotations

import base64
import json
import re

import pytest
from playwright.sync_api import expect

from e2e_support import DESKTOP, browser, fixture_day, new_player, route_day, site_url  # noqa: F401
from e2e_support import axe_in_each_scheme
from test_e2e_nothing_lost import code_of
from test_e2e_replay import one_changed

PAST = "2026-11-30"
EXPORT_PREFIX = "TORRE-ESTATISTICAS-1:"

# What only a developer reads: none of it may reach the sentence a player is given.
DIAGNOSTIC_MARKERS = {
    "JSON": r"JSON",
    "a count against what it should be": r"devia ter",
    "an action of the log": r"n\.º\s*\d+ d[ao] (?:registo|corrida)|ação n\.º",
    "a word list's version": r"versão [0-9a-f]{3,}",
    "a programmer's type": r"inteiro sem sinal|número inteiro, de 0 para cima",
    "a key in brackets": r"[(«][a-z]+[A-Z]\w*[)»]|\((?:v|runs|wins|floors|best|streak|extra|arquivo|desafios)\)|«extra»",
    "an ISO date": r"\d{4}-\d{2}-\d{2}",
    "an HTTP status": r"\b(?:HTTP|erro)\s?\d{3}\b",
    "a file name": r"\.(?:json|dawg|js)\b",
    "an engine's reason": r"soma de controlo|decisão é impossível|sobram dados|formato desconhecido|não se consegue ler|"
                          r"tem um dia inválido|desafio inválido|campo que o jogo não conhece",
    "the day file's detail": r"o saco tem|\(o andar|\(o saco|casas especiais",
    "an English error": r"\b(?:Error|undefined|null|Failed|fetch|TypeError|SyntaxError)\b",
}


def assert_plain(text: str):
    found = [name for name, pattern in DIAGNOSTIC_MARKERS.items() if re.search(pattern, text)]
    assert not found, f"the player's sentence holds {found}: {text!r}"
    assert text.strip(), "a sentence is said"


def console_of(player) -> list[str]:
    """The page's console warnings and errors from now on."""
    said: list[str] = []
    player.page.on("console", lambda message: message.type in ("warning", "error") and said.append(message.text))
    return said


def expect_said(player, sentence: str, detail: str | None, console: list[str], main=None):
    """`sentence` (a selector) says something plain; its «Detalhes» (the next element) open on `detail`
    (a regex), which the console has too. `main`: a regex the sentence must match."""
    line = player.page.locator(sentence)
    expect(line).to_be_visible()
    if main is not None:
        expect(line).to_have_text(main)
    assert_plain(line.inner_text())
    details = player.page.locator(f"{sentence} + details.detalhes")
    if detail is None:
        expect(details).to_have_count(0)
        return
    expect(details.locator("summary")).to_have_text("Detalhes")
    body = details.locator("p")
    expect(body).to_be_hidden()  # closed until the player asks
    details.locator("summary").click()
    expect(body).to_have_text(re.compile(detail))
    expect(body).to_be_visible()
    # Logged before the sentence is shown (problem.js): its event came in before the text was seen.
    found = re.compile(detail)
    assert any(found.search(message) for message in console), (detail, console)


def open_statistics(player):
    player.button("estatisticas").click()
    player.expect_text("#dialogo-titulo", "Estatísticas")


def import_text(player, text: str):
    player.page.locator("#estatisticas-texto").fill(text)
    player.dialog_button("Importar").click()


def export_line(stats) -> str:
    return EXPORT_PREFIX + base64.b64encode(json.dumps(stats).encode()).decode()


# A save the engine refuses --------------------------------------------------------------------

def test_a_save_the_engine_refuses_is_said_plainly_and_the_refused_action_is_under_details(new_player):
    player = new_player().open().wait_ready()
    console = console_of(player)
    actions = [{"type": "place", "tile": 0, "square": "F4"}, {"type": "place", "tile": 0, "square": "G4"}]
    player.page.evaluate("value => localStorage.setItem('torre.corrida', value)",
                         json.dumps({"v": 1, "date": "2026-12-01", "actions": actions}))
    player.page.reload()
    player.expect_text("#dialogo-titulo", "Não foi possível retomar a corrida")
    expect_said(player, "#dialogo-corpo > p", r"ação n\.º 2 da corrida guardada foi recusada: «Essa peça não está na sua mão»",
                console, main=re.compile(r"^A corrida guardada neste aparelho não pode ser retomada\. "
                                         r"Ficou guardada uma cópia dela à parte\. Pode recomeçar a torre de hoje\.$"))
    player.dialog_button("Recomeçar a torre de hoje").click()
    player.wait_ready()
    assert player.errors == []


def test_an_unreadable_save_is_said_plainly_and_why_is_under_details(new_player):
    player = new_player().open().wait_ready()
    console = console_of(player)
    player.page.evaluate("() => localStorage.setItem('torre.corrida', '{isto não é json')")
    player.page.reload()
    expect_said(player, "#dialogo-corpo > p", r"não se consegue ler", console)


# A day file the game cannot use ---------------------------------------------------------------

def test_a_day_file_with_a_wrong_bag_is_said_plainly_and_what_is_wrong_is_under_details(new_player):
    day = fixture_day()
    day["bag"] = "A" + day["bag"][1:]  # one A too many, one of its first letter too few
    player = new_player(day=day)
    console = console_of(player)
    player.open()
    expect_said(player, "#erro-texto", r"o saco tem \d+ × \w, devia ter \d+", console,
                main="O ficheiro da torre de hoje está danificado. Recarregue a página daqui a pouco.")
    assert player.page.locator("#partida").is_hidden()


def test_a_day_file_the_site_answers_with_an_error_keeps_the_status_under_details(new_player):
    player = new_player(route=False)
    route_day(player.page, status=503)
    console = console_of(player)
    player.open()
    expect_said(player, "#erro-texto", r"503", console, main=re.compile("^Não foi possível descarregar a torre de hoje"))


# The statistics' import -----------------------------------------------------------------------

def test_an_empty_import_box_says_that_nothing_was_pasted_and_how_to_paste(new_player):
    player = new_player().open().wait_ready()
    console = console_of(player)
    open_statistics(player)
    for text in ("", "  \n "):
        import_text(player, text)
        expect_said(player, "#dialogo .confirmacao", None, console, main=re.compile(
            r"^Não colou nada: no outro aparelho, abra as Estatísticas e carregue em «Exportar»; "
            r"depois cole aqui o texto copiado e carregue em «Importar»\.$"))


# (what is changed in a good export line, the detail under «Detalhes»)
DAMAGED_IMPORTS = [
    ({"runs": 2.5}, r"número de corridas não é um número inteiro"),
    ({"bestStreak": 10 ** 9}, r"máximo de dias seguidos é grande de mais"),
    ({"lastDate": "2099-01-01"}, r"último dia contado é um dia que ainda não chegou \(2099-01-01\)"),
    ({"parDate": "2026-02-30"}, r"último dia com o par batido não é uma data do calendário"),
    ({"wins": 1}, r"número de torres subidas é maior do que o número de corridas"),
    ({"floors": [0, 0]}, r"lista dos andares onde as corridas acabaram não tem 5 números"),
    ({"opponentsBeaten": {"caloiro": 0}}, r"contagem dos dias em que ganhou a cada adversário"),
    ({"bestPatente": "reitor"}, r"melhor categoria não é um adversário"),
    ({"v": 2}, r"versão do formato"),
    ({"extra": 1}, r"campo que o jogo não conhece \(«extra»\)"),
    ({"arquivo": {"results": {"2026-99-99": {"floor": 1, "total": 0, "won": False}}}},
     r"lista dos dias do arquivo tem um dia inválido: 2026-99-99"),
    ({"desafios": {"0": 1}}, r"lista dos desafios recebidos não é uma lista válida"),
]


def test_a_damaged_import_is_refused_plainly_and_the_field_is_under_details_for_every_kind_of_field(new_player):
    player = new_player().open().wait_ready()
    console = console_of(player)
    open_statistics(player)
    player.dialog_button("Exportar").click()
    good = player.page.locator("#estatisticas-texto").input_value()
    stats = json.loads(base64.b64decode(good[len(EXPORT_PREFIX):]))
    refused = re.compile(r"^O texto foi recusado: ")
    for change, detail in DAMAGED_IMPORTS:
        import_text(player, export_line({**stats, **change}))
        expect_said(player, "#dialogo .confirmacao", detail, console, main=refused)
    import_text(player, export_line([1, 2]))
    expect_said(player, "#dialogo .confirmacao", r"não é um objeto", console)
    import_text(player, EXPORT_PREFIX + "%%%")
    expect_said(player, "#dialogo .confirmacao", r"\w", console, main=re.compile(r"incompleto ou foi alterado"))
    import_text(player, "texto qualquer")  # not an export at all: nothing more to tell
    expect_said(player, "#dialogo .confirmacao", None, console,
                main="Este texto não é uma exportação de estatísticas de A Torre.")
    assert player.errors == []


# Replay and challenge links -------------------------------------------------------------------

def open_link(player, link: str, page: str):
    player.page.goto("about:blank")  # a new document each time, not a same-page change of fragment
    player.page.goto(link)
    player.page.wait_for_selector(f"#{page}[data-veredicto]", state="attached")


def test_a_changed_replay_or_challenge_link_is_refused_plainly_and_why_is_under_details(new_player):
    player = new_player(route=False).open("/").wait_ready()
    version = player.page.locator("#jogo").get_attribute("data-versao")
    good = code_of(PAST, version)
    links = [  # (the code, what «Detalhes» says)
        (one_changed(f"#{good}", 3)[1:], r"soma de controlo errada"),
        (code_of(PAST, "ffffffffff"), r"versão ffffffffff"),
        (code_of(PAST, version, floor=2, total=50), r"anuncia o 2\.º andar e 50 pontos; as jogadas dão o 1\.º andar e 0 pontos"),
    ]
    console = console_of(player)
    for page in ("repeticao", "desafio"):
        for code, detail in links:
            open_link(player, f"{player.url}/{page}/#{code}", page)
            expect_said(player, "#veredicto", detail, console, main=re.compile(r"^Não foi possível verificar esta corrida: "))
    assert player.errors == []


def test_a_link_to_a_tower_whose_day_file_is_damaged_blames_the_file_not_the_link(new_player):
    day = fixture_day()
    day["bag"] = "A" + day["bag"][1:]
    player = new_player(day=day).open("/como-jogar/")
    version = player.page.evaluate("() => fetch('/').then((r) => r.text())").split('data-versao="')[1].split('"')[0]
    console = console_of(player)
    for page in ("repeticao", "desafio"):
        open_link(player, f"{player.url}/{page}/#{code_of(day['date'], version)}", page)
        expect_said(player, "#veredicto", r"o saco tem \d+ × \w, devia ter \d+", console, main=re.compile(
            r"^Não foi possível verificar esta corrida: o ficheiro da torre de 01/12/2026 está danificado\."))


# The end of a run, whose part of the game did not arrive ---------------------------------------

def test_an_end_screen_that_cannot_load_is_said_plainly_and_why_is_under_details(new_player):
    player = new_player().open().wait_ready()
    console = console_of(player)
    player.page.route(re.compile(r"/js/torre\.run_end\.js$"), lambda route: route.abort("internetdisconnected"))
    player.pass_turn(3)
    player.expect_text("#dialogo-titulo", "Não foi possível mostrar o fim da corrida")
    expect_said(player, "#dialogo-corpo > p", r"run_end", console,
                main=re.compile(r"^Esta parte do jogo não chegou a este aparelho"))


# How «Detalhes» look: phone and desktop, light and dark -----------------------------------------

SMALL_PHONE = {"width": 360, "height": 640}
NO_VIOLATIONS = {"light": [], "dark": []}


@pytest.mark.parametrize("viewport", [SMALL_PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_details_of_a_failure_have_no_axe_violations_open_or_closed(new_player, viewport):
    day = fixture_day()
    day["bag"] = day["bag"][:-1]
    player = new_player(viewport=viewport, day=day).open()
    details = player.page.locator("#erro details.detalhes")
    details.wait_for()
    assert axe_in_each_scheme(player) == NO_VIOLATIONS, "closed"
    details.locator("summary").click()
    assert axe_in_each_scheme(player, "detalhes-ficheiro-do-dia") == NO_VIOLATIONS, "open"

    player = new_player(viewport=viewport).open().wait_ready()
    open_statistics(player)
    import_text(player, export_line({"v": 1, "runs": -1}))
    player.page.locator("#dialogo details.detalhes summary").click()
    assert axe_in_each_scheme(player, "detalhes-importacao") == NO_VIOLATIONS

    player.page.evaluate("() => localStorage.setItem('torre.corrida', '{isto não é json')")
    player.page.reload()
    player.page.locator("#dialogo details.detalhes summary").click()
    assert axe_in_each_scheme(player, "detalhes-jogo-guardado") == NO_VIOLATIONS

    player.page.goto(f"{player.url}/desafio/#{code_of(PAST, 'ffffffffff')}")
    player.page.wait_for_selector("#desafio[data-veredicto]", state="attached")
    player.page.locator("#desafio details.detalhes summary").click()
    assert axe_in_each_scheme(player, "detalhes-desafio") == NO_VIOLATIONS
