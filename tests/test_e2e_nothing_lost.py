"""Nothing a player saved is lost, second round (issues 31 and 34, the browser's items): two
tabs never send a save backwards, a damaged practice save is kept aside, an unknown word
list never locks a page, a day that has not opened is never verified nor kept, the end
screen's chunk served empty is said, a challenge is of a finished run, a full storage is
said once, and every damaged value gets its own copy. Each new state is checked by axe,
light and dark (one page walked once, looked at in both schemes), and photographed at phone
and desktop sizes."""
from __future__ import annotations

import base64
import datetime
import json
import re

import pytest

from e2e_support import (DESKTOP, FIXTURE_NOON, Player, browser, new_player,  # noqa: F401
                         route_day, site_url)
from e2e_support import axe_in_each_scheme, axe_violations
from test_e2e_challenge import challenger, open_challenge
from test_docs_examples import outsider_code
from test_e2e_saves import FULL_FOR, PHONE_SMALL, QUIET_PAGE, STATS, VIEWPORTS, check_looks, photograph, put, storage

TODAY = "2026-12-01"


def second_tab(player: Player) -> Player:
    """Another tab of the same browser (same storage), on the same day."""
    page = player.page.context.new_page()
    page.clock.set_fixed_time(FIXTURE_NOON)
    route_day(page)
    return Player(page, player.url)


# Issue 31, item 1 -------------------------------------------------------------------------

def test_a_play_in_one_tab_is_never_lost_to_an_older_state_in_another(new_player):
    first = new_player().open().wait_ready()
    other = second_tab(first).open().wait_ready()
    first.pass_turn()
    first.expect_text("#jogadas", "2")
    other.expect_text("#jogadas", "2")  # the other tab takes up the newer save
    other.announced(re.compile("noutro separador"))
    other.button("baralhar").click()
    first.page.reload()
    first.wait_ready()
    first.expect_text("#jogadas", "2")
    assert [a["type"] for a in json.loads(storage(first, "torre.corrida"))["actions"]] == ["pass", "shuffle"], "both kept"
    assert first.errors == [] and other.errors == []


def test_a_tab_that_missed_the_news_takes_up_the_newer_save_before_it_writes(new_player):
    first = new_player().open().wait_ready()
    other = second_tab(first).open().wait_ready()
    # A newer save written behind the other tab's back (no storage event reaches it).
    newer = json.dumps({"v": 1, "date": TODAY, "actions": [{"type": "pass"}],
                        "wordList": first.page.get_attribute("#jogo", "data-versao")})
    put(other, "torre.corrida", newer)
    other.button("baralhar").click()
    other.expect_text("#jogadas", "2")
    other.announced(re.compile("noutro separador"))
    assert json.loads(storage(other, "torre.corrida"))["actions"][0] == {"type": "pass"}, "the newer save is never overwritten"


# Issue 31, item 2 -------------------------------------------------------------------------

RESULT = {"floor": 3, "total": 150, "won": False}
# Cut short, of an unknown version, and with one result no run could have written.
DAMAGED_PRACTICE = [
    '{"v":1,"current":2,"run":{"number":2,"actions":[{"type":"pa',
    json.dumps({"v": 2, "current": 1, "run": None, "results": {}}),
    json.dumps({"v": 1, "current": 1, "run": None, "results": {"1": RESULT, "2": {**RESULT, "floor": 0}}}),
]


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["phone", "desktop"])
def test_a_damaged_practice_save_is_kept_aside_and_the_player_told(new_player, viewport):
    player = new_player(viewport=viewport).open(QUIET_PAGE)
    for raw in DAMAGED_PRACTICE:
        put(player, "torre.treino", raw)
        player.open("/treino/")
        player.expect_text("#dialogo-titulo", "O treino guardado estava danificado")
        player.expect_text("#dialogo-corpo", re.compile(r"\(ficou guardada uma cópia do original à parte\)\.$"))
        if raw == DAMAGED_PRACTICE[0]:
            check_looks(player, "treino-danificado")
        player.dialog_button("Continuar").click()
        player.wait_ready()
        player.pass_turn()
    copies = [storage(player, key) for key in ("torre.treino.danificado", "torre.treino.danificado.2",
                                               "torre.treino.danificado.3")]
    assert copies == DAMAGED_PRACTICE, "each damaged save kept under its own key"
    assert json.loads(storage(player, "torre.treino"))["results"] == {"1": RESULT}, "the readable result kept"
    player.page.reload()
    player.wait_ready()
    assert not player.page.locator("#dialogo").is_visible(), "said once: what was readable is now sound"
    assert player.errors == []


# Issue 31, item 3 -------------------------------------------------------------------------

UNKNOWN_VERSION = "ffffffffff"


def code_of(date: str, version: str, floor: int = 1, total: int = 0, rest: int = 0) -> str:
    """A replay code that reads (checksum included) for `date`, word list `version`, `floor` and `total`,
    its decisions `rest` (0: none, a run with nothing played)."""
    days = (datetime.date.fromisoformat(date) - datetime.date(2020, 1, 1)).days
    return outsider_code(days + 32768 * (int(version, 16) + 16 ** 10 * ((floor - 1) + 8 * (total + 16384 * rest))))


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["phone", "desktop"])
def test_a_practice_save_of_a_word_list_the_site_lacks_is_kept_aside_and_the_tower_starts_again(
        new_player, viewport):
    player = new_player(viewport=viewport).open("/treino/").wait_ready()
    player.pass_turn()
    save = json.loads(storage(player, "torre.treino"))
    save["run"]["wordList"] = UNKNOWN_VERSION
    put(player, "torre.treino", json.dumps(save))
    for _ in range(2):  # and again after a reload
        player.page.reload()
        player.expect_text("#dialogo-titulo", "Não foi possível retomar a corrida")
        player.expect_text("#dialogo-corpo > p", re.compile(
            r"lista de palavras que este site não tem.*Ficou guardada uma cópia dela à parte.*Pode recomeçar a torre de treino n\.º 1\.$"))
        player.expect_text("#dialogo-corpo details p", re.compile(rf"versão {UNKNOWN_VERSION}\.$"))
        assert player.page.locator("#erro").is_hidden(), "not the error whose «Tentar outra vez» fails the same way"
    check_looks(player, "treino-versao-desconhecida")
    player.dialog_button("Recomeçar a torre de treino n.º 1").click()
    player.wait_ready()
    player.expect_text("#jogadas", "3")
    assert json.loads(storage(player, "torre.treino.posta-de-parte.1")) == save["run"]
    player.pass_turn()
    player.page.reload()
    player.wait_ready()
    player.expect_text("#jogadas", "2")
    assert not player.page.locator("#dialogo").is_visible(), "the new run resumes"
    assert player.errors == []


def test_a_challenge_of_today_on_a_word_list_the_site_lacks_never_locks_the_daily_page(new_player):
    player = new_player().open(QUIET_PAGE)
    code = code_of(TODAY, UNKNOWN_VERSION, floor=2, total=130)
    record = {"code": code, "date": TODAY, "them": {"floor": 2, "total": 130, "won": False}, "me": None}
    put(player, "torre.desafios", json.dumps({"v": 1, "list": [record]}))
    for _ in range(2):  # and again after a reload
        player.open("/").wait_ready()
        player.expect_text("#desafio-alvo", re.compile("130"))
        player.pass_turn()
    player.expect_text("#jogadas", "1")
    assert json.loads(storage(player, "torre.corrida"))["wordList"] == player.page.get_attribute("#jogo", "data-versao")
    assert player.errors == []


# Issue 31, item 4 -------------------------------------------------------------------------

TOMORROW = "2026-12-02"
NOT_OPENED = re.compile(r"^Não foi possível verificar esta corrida: é de 02/12/2026, um dia que ainda não chegou\.")
# The challenge page says it plainly: too early is not the link's fault (issue 32 §6).
CHALLENGE_NOT_OPENED = ("Este desafio é da torre de 02/12/2026, que ainda não abriu: abra esta ligação nesse dia "
                        "para o aceitar.")


def test_a_challenge_or_replay_of_a_day_that_has_not_opened_is_not_verified_nor_kept(new_player, built_dist):
    link, _ = challenger(new_player, built_dist, TOMORROW, clock="2026-12-02T10:00:00Z")
    friend = new_player(route=False, viewport=PHONE_SMALL)
    open_challenge(friend, link)
    friend.expect_text("#veredicto", CHALLENGE_NOT_OPENED)
    assert friend.page.get_attribute("#desafio", "data-veredicto") == "recusada"
    assert storage(friend, "torre.desafios") is None, "not kept"
    check_looks(friend, "desafio-de-amanha")
    friend.page.set_viewport_size(DESKTOP)
    photograph(friend, "desafio-de-amanha")
    friend.page.goto("about:blank")
    friend.page.goto(link.replace("/desafio/#", "/repeticao/#"))
    friend.page.wait_for_selector("#repeticao[data-veredicto]", state="attached")
    friend.expect_text("#veredicto", NOT_OPENED)
    assert friend.page.get_attribute("#repeticao", "data-veredicto") == "recusada"
    assert axe_in_each_scheme(friend) == {"light": [], "dark": []}


def test_a_kept_challenge_of_a_day_that_has_not_opened_is_not_exported(new_player):
    player = new_player().open(QUIET_PAGE)
    ahead = {"code": code_of(TOMORROW, "0123456789", floor=2, total=130), "date": TOMORROW,
             "them": {"floor": 2, "total": 130, "won": False}, "me": None}
    today = {**ahead, "code": code_of(TODAY, "0123456789", floor=2, total=130), "date": TODAY}
    put(player, "torre.desafios", json.dumps({"v": 1, "list": [today, ahead]}))
    player.open("/").wait_ready()
    player.button("estatisticas").click()
    player.page.get_by_role("button", name="Exportar").click()
    exported = player.page.locator("#estatisticas-texto").input_value()
    line = json.loads(base64.b64decode(exported.split(":", 1)[1]))
    assert [r["date"] for r in line["desafios"]] == [TODAY]


# Issue 31, item 5 -------------------------------------------------------------------------

END_CHUNK = re.compile(r"/js/torre\.run_end\.js$")


@pytest.mark.parametrize("body", ["", "export const nothing = 1;\n"], ids=["empty", "other-exports"])
def test_an_end_screen_chunk_served_without_its_functions_is_said_as_a_missing_one(new_player, body):
    player = new_player().open().wait_ready()
    player.page.route(END_CHUNK, lambda route: route.fulfill(status=200, content_type="text/javascript", body=body))
    player.pass_turn(3)
    player.expect_text("#dialogo-titulo", "Não foi possível mostrar o fim da corrida")
    assert player.text("#dialogo-corpo > p") == ("Esta parte do jogo não chegou a este aparelho: verifique se o aparelho tem Internet "
                                         "e recarregue a página. A corrida ficou guardada e contada.")
    player.dialog_button("Fechar").click()
    player.button("estatisticas").click()
    player.expect_text("#dialogo-titulo", "Não foi possível abrir as estatísticas")
    assert player.errors == []


# Issue 31, item 10 ------------------------------------------------------------------------

def test_a_challenge_of_an_unfinished_run_is_not_kept_and_its_replay_says_it_is_unfinished(new_player):
    player = new_player(route=False, viewport=PHONE_SMALL).open().wait_ready()
    code = code_of(TODAY, player.page.get_attribute("#jogo", "data-versao"))  # nothing played: floor 1, 0 points
    open_challenge(player, f"{player.url}/desafio/#{code}")
    player.expect_text("#veredicto", "Esta corrida não acabou (ficou no 1.º andar, com 0 pontos): só uma corrida "
                                     "acabada pode ser um desafio. Este desafio não conta.")
    assert player.page.get_attribute("#desafio", "data-veredicto") == "recusada"
    assert storage(player, "torre.desafios") is None, "not kept"
    check_looks(player, "desafio-por-acabar")
    player.page.goto("about:blank")
    player.page.goto(f"{player.url}/repeticao/#{code}")
    player.page.wait_for_selector("#repeticao[data-veredicto]", state="attached")
    player.expect_text("#veredicto", "Corrida verificada, mas por acabar: ficou no 1.º andar, com 0 pontos.")
    check_looks(player, "repeticao-por-acabar")
    player.page.set_viewport_size(DESKTOP)
    photograph(player, "repeticao-por-acabar")
    assert player.errors == []


# Issue 34, item 2 -------------------------------------------------------------------------

REFUSED_SAVE = re.compile(r"^O navegador recusou guardar esta corrida \(o armazenamento está cheio ou não é permitido a este site\)\. Pode continuar a jogar nesta página")


def refused_save_said_once(player, path: str, key: str):
    """The page at `path`, its storage refusing `key`: the first save's refusal said, then never again."""
    player.page.add_init_script(f"({FULL_FOR})('{key}')")
    player.open(path).wait_ready()
    player.pass_turn()
    player.expect_text("#dialogo-titulo", "Não foi possível guardar a corrida")
    player.expect_text("#dialogo-corpo", REFUSED_SAVE)
    check_looks(player, "guardar-recusado")
    player.dialog_button("Continuar a jogar").click()
    player.pass_turn()
    player.expect_text("#jogadas", "1")  # the run goes on in memory
    assert not player.page.locator("#dialogo").is_visible(), "said once"
    assert player.errors == []


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["phone", "desktop"])
def test_a_save_the_full_storage_refuses_is_said_once_and_the_run_goes_on_in_memory(new_player, viewport):
    refused_save_said_once(new_player(viewport=viewport), "/", "torre.corrida")


@pytest.mark.parametrize("path,key", [("/treino/", "torre.treino"), ("/?dia=2026-11-30", "torre.arquivo")],
                         ids=["treino", "archive"])
def test_a_practice_or_archive_save_the_full_storage_refuses_is_said_once_too(new_player, path, key):
    refused_save_said_once(new_player(viewport=PHONE_SMALL, route=False), path, key)  # a past day: its own file


def test_an_import_the_full_storage_refuses_is_never_announced(new_player):
    player = new_player()
    player.page.add_init_script(f"({FULL_FOR})('torre.estatisticas')")
    player.open().wait_ready()
    exported = "TORRE-ESTATISTICAS-1:" + base64.b64encode(json.dumps(STATS).encode()).decode()
    player.button("estatisticas").click()
    player.page.fill("#estatisticas-texto", exported)
    player.dialog_button("Importar").click()
    player.expect_text("#dialogo .confirmacao", re.compile(r"^Não foi possível guardar as estatísticas importadas"))
    assert "recusa" in player.page.get_attribute("#dialogo .confirmacao", "class")
    assert player.text("#anuncio") != "Estatísticas importadas."
    assert axe_violations(player.page) == [], "importacao-nao-guardada"  # light alone, as ever
    player.screenshot("importacao-nao-guardada-light")
    assert storage(player, "torre.estatisticas") is None


# Issue 34, item 4 -------------------------------------------------------------------------

def test_a_damaged_daily_save_is_copied_before_recomecar_deletes_it_each_damage_its_own_copy(new_player):
    player = new_player(viewport=PHONE_SMALL).open(QUIET_PAGE)
    damaged = ["{isto não é json", json.dumps({"v": 99, "date": TODAY, "actions": []})]
    for raw in damaged:
        put(player, "torre.corrida", raw)
        player.open("/")
        player.expect_text("#dialogo-corpo > p", re.compile(
            r"não pode ser retomada\. Ficou guardada uma cópia dela à parte\. Pode recomeçar a torre de hoje\.$"))
        if raw == damaged[0]:
            check_looks(player, "registo-danificado-copiado")
        player.dialog_button("Recomeçar a torre de hoje").click()
        player.wait_ready()
    assert [storage(player, k) for k in ("torre.corrida.danificada", "torre.corrida.danificada.2")] == damaged
    assert player.errors == []


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["phone", "desktop"])
def test_damaged_challenges_are_copied_aside_their_readable_ones_kept_and_the_player_told_once(new_player, viewport):
    player = new_player(viewport=viewport).open(QUIET_PAGE)
    good = {"code": code_of(TODAY, "0123456789", floor=2, total=130), "date": TODAY,
            "them": {"floor": 2, "total": 130, "won": False}, "me": None}
    raw = json.dumps({"v": 1, "list": [good, {**good, "them": {"floor": 9, "total": 1, "won": False}}]})
    put(player, "torre.desafios", raw)
    player.open("/")
    player.expect_text("#dialogo-titulo", "Os desafios estavam danificados")
    player.expect_text("#dialogo-corpo", "Os desafios guardados neste aparelho estavam danificados: ficaram os que se "
                                         "conseguiram ler (ficou guardada uma cópia do original à parte).")
    check_looks(player, "desafios-danificados")
    player.dialog_button("Continuar").click()
    player.wait_ready()
    assert storage(player, "torre.desafios.danificados") == raw
    assert json.loads(storage(player, "torre.desafios"))["list"] == [good]
    player.page.reload()
    player.wait_ready()
    assert not player.page.locator("#dialogo").is_visible(), "said once"
    put(player, "torre.desafios", "{cortado")
    player.page.reload()
    player.expect_text("#dialogo-titulo", "Os desafios estavam danificados")
    assert storage(player, "torre.desafios.danificados.2") == "{cortado", "a second damage never overwrites the first copy"
    assert player.errors == []


def test_damaged_statistics_twice_keep_two_copies(new_player):
    player = new_player().open().wait_ready()
    for raw in ("[1,2", '{"v": 1, "runs": "muitas"}'):
        put(player, "torre.estatisticas", raw)
        player.button("estatisticas").click()
        player.expect_text("#dialogo .aviso-erro", re.compile(r"\(ficou guardada uma cópia do original à parte\)\.$"))
        player.dialog_button("Fechar").click()
    assert [storage(player, k) for k in ("torre.estatisticas.danificadas", "torre.estatisticas.danificadas.2")] == \
        ["[1,2", '{"v": 1, "runs": "muitas"}']


# Issue 41, item 3 -------------------------------------------------------------------------

def import_line(stats: dict, challenges: list) -> str:
    return "TORRE-ESTATISTICAS-1:" + base64.b64encode(json.dumps({**stats, "desafios": challenges}).encode()).decode()


def imported(player, line: str):
    player.button("estatisticas").click()
    player.page.fill("#estatisticas-texto", line)
    player.dialog_button("Importar").click()


def test_a_forged_challenge_in_an_import_is_refused_and_nothing_of_the_import_is_kept(new_player):
    player = new_player().open().wait_ready()
    version = player.page.get_attribute("#jogo", "data-versao")
    # Only the fixed fields and a correct checksum: the whole tower with 16,383 points, under the name «Dux».
    forged = {"code": code_of(TODAY, version, floor=5, total=16383), "date": TODAY,
              "them": {"floor": 5, "total": 16383, "won": True}, "me": None, "name": "Dux"}
    imported(player, import_line(STATS, [forged]))
    player.expect_text("#dialogo .confirmacao", re.compile(
        r"^O texto foi recusado: traz um desafio cujas jogadas não se conseguiram verificar neste site\."))
    player.page.locator("#dialogo details summary").click()
    assert player.text("#dialogo details").endswith("O 1.º desafio: Não foi possível verificar esta corrida: a ligação foi "
                                                    "alterada e as jogadas que traz não dão o resultado que anuncia.")
    assert player.text("#anuncio") != "Estatísticas importadas."
    assert [storage(player, k) for k in ("torre.desafios", "torre.estatisticas")] == [None, None]
    check_looks(player, "importacao-desafio-forjado")
    player.dialog_button("Fechar").click()
    assert player.page.locator("#desafio-alvo").is_hidden()
    assert player.errors == []


def test_an_import_with_a_real_finished_challenge_is_kept_after_its_replay(new_player, built_dist):
    link, first = challenger(new_player, built_dist, TODAY)
    code = link.split("#", 1)[1]
    read = first.page.evaluate("""async (code) => {
      const { readCode } = await import(document.querySelector('#jogo').dataset.static + 'js/engine/replay_read.js');
      return readCode(code); }""", code)
    them = {"floor": read["floor"], "total": read["total"], "won": False}
    player = new_player(route=False).open().wait_ready()
    imported(player, import_line(STATS, [{"code": code, "date": TODAY, "them": them, "me": None}]))
    player.announced("Estatísticas importadas.")
    assert [r["code"] for r in json.loads(storage(player, "torre.desafios"))["list"]] == [code]
    assert player.errors == []


# Issue 41, item 4 -------------------------------------------------------------------------

def test_a_sixth_unreadable_daily_save_is_never_deleted_and_the_player_plays_on_without_saving(new_player):
    player = new_player(viewport=PHONE_SMALL).open(QUIET_PAGE)
    for i, key in enumerate(["torre.corrida.danificada"] + [f"torre.corrida.danificada.{n}" for n in range(2, 6)]):
        put(player, key, f"estrago antigo {i + 1}")
    # Thirty actions of today's run, in a format this version cannot read.
    damaged = json.dumps({"v": 99, "date": TODAY, "actions": [{"type": "pass"}] * 30})
    put(player, "torre.corrida", damaged)
    player.open("/")
    player.expect_text("#dialogo-corpo > p", re.compile(
        r"não pode ser retomada\. Não foi possível guardar uma cópia dela à parte \(o armazenamento está cheio ou já guarda "
        r"demasiadas cópias de dados danificados\), por isso fica guardada como está\. Pode jogar a torre de hoje nesta página"))
    assert player.page.locator("#dialogo-botoes button").all_inner_texts() == ["Jogar sem guardar"]
    check_looks(player, "registo-danificado-sem-copia")
    player.dialog_button("Jogar sem guardar").click()
    player.wait_ready()
    player.pass_turn()
    player.expect_text("#jogadas", "2")
    assert storage(player, "torre.corrida") == damaged, "its 30 actions are still there"
    assert not player.page.locator("#dialogo").is_visible(), "no second refusal: the player was told"
    assert player.errors == []


# Issue 41, item 12 ------------------------------------------------------------------------

def test_an_import_the_full_storage_half_refuses_is_not_kept_at_all(new_player):
    player = new_player()
    player.page.add_init_script(f"({FULL_FOR})('torre.arquivo')")
    player.open().wait_ready()
    line = {**STATS, "arquivo": {"results": {"2026-11-20": {"floor": 1, "total": 0, "won": False}}, "daily": {}}}
    exported = "TORRE-ESTATISTICAS-1:" + base64.b64encode(json.dumps(line).encode()).decode()
    player.button("estatisticas").click()
    player.page.fill("#estatisticas-texto", exported)
    player.dialog_button("Importar").click()
    player.expect_text("#dialogo .confirmacao", re.compile(r"^Não foi possível guardar as estatísticas importadas"))
    assert [storage(player, k) for k in ("torre.estatisticas", "torre.arquivo")] == [None, None], "all or nothing"
    assert player.errors == []


def test_a_verified_challenge_the_full_storage_refuses_is_said_not_kept(new_player, built_dist):
    link, _ = challenger(new_player, built_dist, TODAY)
    friend = new_player(route=False)
    friend.page.add_init_script(f"({FULL_FOR})('torre.desafios')")
    open_challenge(friend, link)
    friend.expect_text("#desafio-nao-guardado", re.compile(
        r"^Este desafio foi verificado, mas o navegador não deixou guardá-lo neste aparelho \(o armazenamento está cheio ou não é permitido a este site\): não entra no Quadro do dia"))
    assert storage(friend, "torre.desafios") is None
    check_looks(friend, "desafio-nao-guardado")
    assert friend.errors == []
