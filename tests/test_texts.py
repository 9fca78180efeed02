"""What players read says one thing one way (issue 12), checked on the built site:
every page's text and every string of the game's script (the bundle). A rejected
word "não vale" (it may well exist), the word on the middle row is "a palavra de
abertura", a website is a "site", the device is an "aparelho", helps are named
"a ajuda «X»", counts agree in number."""
from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def text_of(source: str) -> str:
    """HTML as read: scripts and styles and tags dropped, entities decoded, spaces collapsed."""
    source = re.sub(r"<(script|style)\b.*?</\1>", " ", source, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", source)).split())


def visible_text(page: Path) -> str:
    return text_of(page.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def pages(built_dist: Path) -> dict[str, str]:
    return {p.relative_to(built_dist).as_posix(): visible_text(p)
            for p in sorted(built_dist.rglob("*.html"))}


@pytest.fixture(scope="module")
def bundle(built_dist: Path) -> str:
    """Every script a page or the analysis worker loads, joined."""
    scripts = sorted(built_dist.glob("static/*/js/*.js"))
    assert {s.name for s in scripts} >= {"torre.js", "arquivo.js", "repeticao.js", "analise.js"}
    return "\n".join(script.read_text(encoding="utf-8") for script in scripts)


def page(pages: dict[str, str], name: str) -> str:
    assert name in pages, f"{name} was not built"
    return pages[name]


# (what is wrong, pattern that must not appear anywhere players read)
BANNED = [
    ("a rejected word is said not to exist", r"Não existem?\b"),
    ("the rules call rejected words something other than «não vale»", r"\brecusadas\b|palavra[s]? não existir"),
    ("the opening word has another name", r"palavra inicial|palavra que abriu"),
    ("a website is called «sítio»", r"\bsítios?\b"),
    ("the game's name is contracted", r"d'A Torre"),
    ("the device is called a phone", r"\btelemóve(l|is)\b"),
    ("the direction is changed with another verb", r"(troca|muda) a direção"),
    ("trunfo offers are called something other than «propostos»", r"\boferecid[oa]s\b|\bpropostas\b|\bofertas? de trunfos\b"),
    ("the blank is not called «a peça branca»", r"\b[aA] branca\b"),
    # «Ganhou ao Caloiro»: an opponent beaten, not a help.
    ("a help is named without «a ajuda «X»»", r"\b(Usou|Ganhou) (?!a ajuda «|aos? )"),
    ("two wordings of a climb", r"Subiu do\b"),
    ("a fault that does not name its file", r"mal formado|Um ficheiro do jogo está danificado"),
    ("English left on a Portuguese page", r"Orthographic|\brepository\b|\brenamed\b|obtained from"),
    # Issue 32 §2: «…» quotes a sentence inside brackets without its full stop.
    ("a full stop inside «…» before a closing bracket", r"\.»\)"),
]


@pytest.mark.parametrize("fault, pattern", BANNED, ids=[b[0] for b in BANNED])
def test_no_page_and_no_game_string_says_it_the_wrong_way(pages, bundle, fault, pattern):
    found = [name for name, text in pages.items() if re.search(pattern, text)]
    found += ["the game's script"] if re.search(pattern, bundle) else []
    assert not found, f"{fault}: {', '.join(found)}"


def test_the_rules_page_uses_the_one_term_for_each_thing(pages):
    rules = page(pages, "como-jogar/index.html")
    for term in ("vira a direção", "trunfos propostos", "a peça branca", "palavra de abertura",
                 "não valem", "a não ser as palavras de Coimbra", "Se chegar ao alvo, sobe",
                 "Subir o 5.º andar é subir a torre toda", "Sempre que sobe de andar",
                 "vale o quádruplo", "Pôr 7 peças numa só jogada (uma linha ou uma coluna inteira)",
                 "à exceção da palavra de abertura"):
        assert term in rules, term


def test_the_game_page_says_how_to_turn_the_direction(pages):
    assert "vira a direção" in page(pages, "index.html")


def test_the_site_says_it_contacts_no_other_site(pages):
    for name, text in pages.items():
        assert "Este site não faz pedidos a outros sites." in text, name


def test_the_game_script_names_rejected_words_as_not_counting(bundle):
    assert '"Não vale"' in bundle and '"Não valem"' in bundle


def test_a_word_page_says_the_help_is_one_per_play(pages):
    text = page(pages, "coimbra/praxe/index.html")
    assert ("Cada vez que a formar, ganha mais 10 pontos, e essa jogada dá uma ajuda "
            "(uma só por jogada, mesmo que forme várias palavras de Coimbra).") in text
    assert "e a jogada ganha uma ajuda." not in text


def test_the_sources_page_says_which_release_link_is_not_the_one_used(pages):
    text = page(pages, "fontes/index.html")
    assert "Edição mais recente no Projecto Natura (não é a usada)" in text
    assert "depois do Acordo Ortográfico de 1990" in text and "antes do Acordo Ortográfico de 1990" in text
    assert "escolhidas por nós" not in text and "«A Cheia»" in text


def test_the_rules_and_sources_pages_say_roman_numerals_are_not_words(pages):
    assert "abreviaturas, numerais romanos (VIII, XX) nem palavras com hífen" in page(pages, "como-jogar/index.html")
    assert "abreviaturas, numerais romanos, hífenes" in page(pages, "fontes/index.html")


COUNTS = """
import { counted } from "./site_src/js/ui/shared/labels.js";
import { exchangeIntro } from "./site_src/js/ui/shared/dialogs.js";
import { refuse } from "./site_src/js/engine/errors.js";
console.log(JSON.stringify({
  counted: [0, 1, 2].map((n) => counted(n, "troca", "trocas")),
  exchange: [1, 2].map(exchangeIntro),
  refused: [["PRAX"], ["DE", "OU"]].map((w) => refuse("invalid_words", { invalidWords: w }).message),
}));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_counts_and_refusals_agree_in_number_in_the_game_script():
    out = subprocess.run(["node", "--input-type=module", "-e", COUNTS], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    said = json.loads(out)
    assert said["counted"] == ["0 trocas", "1 troca", "2 trocas"]
    assert [("resta 1 troca" in said["exchange"][0]), ("restam 2 trocas" in said["exchange"][1])] == [True, True]
    assert said["refused"] == ["Não vale: PRAX.", "Não valem: DE, OU."]


# Issue 24 §1: facts about Coimbra a careful reader found wrong, checked where players read
# them (the word's page, the list of words, and coimbra.json, which the game shows under the
# board): (page, what must be gone from everything players read, what the page says instead).
COIMBRA_FACTS = [
    ("fitas", "é a elas que a Queima das Fitas deve o nome",
     "Quem as usa é um fitado e estreia-as no cortejo da Queima das Fitas."),
    ("bicho", "logo acima, estão os caloiros", "acima dele, estão os paraquedistas, os caloiros"),
    ("grelo", "no penúltimo ano do curso",
     "ata à pasta no último ano da licenciatura. É imposto aos finalistas"),
    ("cortejo", "Cortejo dos Grelados", "Na manhã do cortejo, os grelados queimam o grelo e depois seguem nos carros."),
    ("bengala", "uma só insígnia", "só a cartola é contada pelo Código da Praxe como insígnia pessoal"),
    ("cabra", "Toca ao fim da tarde e outra vez de manhã, nos dias de aulas",
     "Toca ao fim da tarde, na véspera de cada dia de aulas, e outra vez na manhã desse dia."),
    ("cabra", "outro, de som mais grave, é o Cabrão", "o Cabrão é maior e de som mais grave do que a Cabra"),
    ("pasta", "uma cerimónia só para elas", "as pastas têm uma cerimónia própria, na Sé Nova: a Bênção das Pastas"),
    ("briosa", "Universidade, que joga de negro",
     "a equipa de futebol que joga de negro, nascida entre os estudantes da Universidade."),
]


@pytest.mark.parametrize("slug, wrong, right", COIMBRA_FACTS, ids=[f"{f[0]}: {f[1]}" for f in COIMBRA_FACTS])
def test_a_coimbra_word_says_the_sourced_fact(pages, built_dist, slug, wrong, right):
    shown_in_game = (built_dist / "coimbra.json").read_text(encoding="utf-8")
    found = [name for name, text in pages.items() if wrong in text]
    assert not found and wrong not in shown_in_game, f"still said: {found or 'coimbra.json'}"
    assert right in page(pages, f"coimbra/{slug}/index.html")


def section(built_dist: Path, name: str, anchor: str) -> str:
    """The visible text of one <h2 id=anchor> section of a page, up to the next <h2>."""
    source = (built_dist / name).read_text(encoding="utf-8")
    start = source.index(f'<h2 id="{anchor}">')
    end = source.find("<h2", start + 1)
    return text_of(source[start:end if end != -1 else len(source)])


def test_the_play_buttons_are_explained_under_the_play_not_the_floors(built_dist):
    play = section(built_dist, "como-jogar/index.html", "jogada")
    floors = section(built_dist, "como-jogar/index.html", "andares")
    for button in ("Baralhar muda", "Trocar devolve", "Desfazer tira", "Passar gasta"):
        assert button in play and button not in floors, button


# (where, what must be gone, what is said instead): the game's script holds the dialogs' texts.
SCRIPT_TEXTS = [
    ("the blank's help", "faz a letra que quiser", "Uma peça que faz de qualquer letra, com 0 pontos."),
    ("the blank's letter dialog", '"Que letra faz a peça branca?"', '"De que letra faz a peça branca?"'),
    ("the replay's download failure", "o que a repetição precisa", "não se conseguem descarregar os ficheiros necessários"),
    ("the replay's list of steps", '"Jogada a jogada"', '"Passo a passo"'),
    ("the statistics' best streak", '"Melhor sequência"', '"Mais dias seguidos"'),
    ("a future day refused", "e só depois entra no arquivo", "e só entra no arquivo no dia seguinte."),
]


@pytest.mark.parametrize("where, wrong, right", SCRIPT_TEXTS, ids=[t[0] for t in SCRIPT_TEXTS])
def test_the_game_script_says_it_the_reviewed_way(bundle, where, wrong, right):
    assert wrong not in bundle and right in bundle


def test_the_statistics_name_the_streak_one_way(bundle):
    assert '"Dias seguidos"' in bundle and "sequência" not in bundle


def test_the_sources_page_says_where_the_coimbra_words_come_from_as_a_fact(pages):
    text = page(pages, "fontes/index.html")
    assert "Enquanto essa lista não estiver disponível" not in text
    assert ("A lista foi feita para este site, no espírito das respostas de uma só palavra de «A Cheia», "
            "um jogo de perguntas sobre Coimbra.") in text


PAR_LENGTH = 'import { PAR_WORD_LENGTH } from "./site_src/js/engine/par.js"; console.log(PAR_WORD_LENGTH);'


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_the_rules_page_explains_the_par_as_the_engine_plays_it(pages, built_dist):
    """Issue 23 §5: who plays the par (par.js) and what beating it means (beatsPar)."""
    length = subprocess.run(["node", "--input-type=module", "-e", PAR_LENGTH], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.strip()
    par = section(built_dist, "como-jogar/index.html", "par")
    assert par.startswith("O par do dia ")
    for fact in (f"só forma palavras de {length} letras, no máximo, incluindo as que nascem na perpendicular",
                 "faz a que dá mais pontos entre as que só formam essas palavras; se não houver nenhuma, passa",
                 "sempre que sobe de andar, fica com o primeiro dos trunfos propostos",
                 "nunca usa ajudas (por isso nunca tem a peça branca) e nunca troca peças",
                 "o par é o mesmo para toda a gente",
                 "Bate o par quem chegar mais alto do que ele (subir a torre toda fica acima de qualquer andar) "
                 "ou quem acabar no mesmo andar com mais pontos no total da corrida.",
                 "Acabar no mesmo andar com os mesmos pontos é empatar com o par, não batê-lo.",
                 "«Dias com o par batido» conta os dias em que a sua corrida, feita no próprio dia, bateu o par"):
        assert fact in par, fact
    rules = (built_dist / "como-jogar/index.html").read_text(encoding="utf-8")
    assert '<a href="#par">O par do dia</a>' in rules, "the page's index lists the section"


def test_the_end_screen_and_the_archive_link_to_the_par_explained(built_dist, bundle):
    assert '"/como-jogar/#par"' in bundle and '"O que é o par do dia?"' in bundle
    assert '<a href="/como-jogar/#par">par do dia</a>' in (built_dist / "arquivo/index.html").read_text(encoding="utf-8")


# Issue 32 §2 and §5: what a pt-PT editor rewrote, checked where players read it:
# (page, or None for the game's scripts; what must be gone; what is said instead).
REWORDED = [
    ("como-jogar/index.html", "para a casa que tocar", "Cada peça vai para a casa em que tocar."),
    ("como-jogar/index.html", "palavras de até 4 letras", "só forma palavras de 4 letras, no máximo,"),
    ("como-jogar/index.html", "ele acompanha", ", que acompanha a sua primeira jogada no tabuleiro de hoje."),
    ("fontes/index.html", "que se atribuam as fontes", "pede que se citem as fontes dos seus dados"),
    ("fontes/index.html", "acordo de programador", "nos termos do acordo para programadores do Twitter"),
    ("fontes/index.html", "do jogo «A Cheia», sobre Coimbra", "de «A Cheia», um jogo de perguntas sobre Coimbra."),
    ("index.html", "não contacta outros sites", "Este site não faz pedidos a outros sites."),
    ("treino/index.html", "com palavras comuns e, outra vez, a melhor",
     "«Sugestão» mostra uma boa jogada só com palavras comuns; carregando outra vez, a melhor. "
     "O treino tem estatísticas próprias e não conta para as estatísticas diárias, para os dias seguidos nem para o arquivo."),
    ("desafio/index.html", "jogou uma torre de A Torre", "Quem lhe enviou esta ligação jogou uma corrida de A Torre"),
    (None, "no par nem no arquivo", "nos dias seguidos nem no arquivo, nem é comparado com o par."),
    (None, "conta à parte, não para os dias seguidos", "Corrida do arquivo: conta à parte, fora das estatísticas diárias e dos dias seguidos."),
    (None, "em vez de passar", "; nessa jogada, passou"),
    (None, '"passou"}', '"passou a vez"'),
    (None, "Não bateu o par do dia.", '"Não o bateu."'),
    (None, '"Jogar a torre de hoje" : "Seguinte"', '"Continuar" : "Seguinte"'),
    (None, "a seguir.`", '"seguem-se"'),
]


@pytest.mark.parametrize("name, wrong, right", REWORDED, ids=[f"{r[0] or 'scripts'}: {r[1]}" for r in REWORDED])
def test_the_editor_s_rewording_is_what_players_read(pages, bundle, name, wrong, right):
    text = bundle if name is None else page(pages, name)
    assert wrong not in text and right in text
