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


def visible_text(page: Path) -> str:
    """The page's text as read: tags dropped, entities decoded, spaces collapsed."""
    source = page.read_text(encoding="utf-8")
    source = re.sub(r"<(script|style)\b.*?</\1>", " ", source, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", source)).split())


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
    ("a help is named without «a ajuda «X»»", r"\b(Usou|Ganhou) (?!a ajuda «)"),
    ("two wordings of a climb", r"Subiu do\b"),
    ("a fault that does not name its file", r"mal formado|Um ficheiro do jogo está danificado"),
    ("English left on a Portuguese page", r"Orthographic|\brepository\b|\brenamed\b|obtained from"),
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
                 "Quem subir o 5.º andar ganha a torre", "Sempre que sobe de andar",
                 "vale o quádruplo", "Pôr 7 peças numa só jogada (uma linha inteira)"):
        assert term in rules, term


def test_the_game_page_says_how_to_turn_the_direction(pages):
    assert "vira a direção" in page(pages, "index.html")


def test_the_site_says_it_contacts_no_other_site(pages):
    for name, text in pages.items():
        assert "Este site não contacta outros sites." in text, name


def test_the_game_script_names_rejected_words_as_not_counting(bundle):
    assert '"Não vale"' in bundle and '"Não valem"' in bundle


def test_a_word_page_says_the_help_is_one_per_play(pages):
    text = page(pages, "coimbra/praxe/index.html")
    assert "cada vez que formar esta palavra ganha mais 10 pontos, e a jogada ganha uma ajuda." in text


def test_the_sources_page_says_which_release_link_is_not_the_one_used(pages):
    text = page(pages, "fontes/index.html")
    assert "Edição mais recente no Projecto Natura (não é a usada)" in text
    assert "depois do Acordo Ortográfico de 1990" in text and "antes do Acordo Ortográfico de 1990" in text
    assert "escolhidas por nós" not in text and "«A Cheia»" in text


def test_the_rules_and_sources_pages_say_roman_numerals_are_not_words(pages):
    assert "abreviaturas, numerais romanos (VIII, XX) nem palavras com hífen" in page(pages, "como-jogar/index.html")
    assert "abreviaturas, numerais romanos, hífenes" in page(pages, "fontes/index.html")


COUNTS = """
import { counted } from "./site_src/js/ui/labels.js";
import { exchangeIntro } from "./site_src/js/ui/dialogs.js";
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
