"""The "Como jogar" page says to players what the engine decided where RULES.md
leaves room (docs/engine.md "Rule decisions"), read from the built page."""
from __future__ import annotations

import html
import re

import pytest


@pytest.fixture(scope="module")
def rules_text(built_dist) -> str:
    page = (built_dist / "como-jogar" / "index.html").read_text(encoding="utf-8")
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


@pytest.mark.parametrize("rule, sentence", [
    ("latada counts a pass as the floor's first play",
     "Para a Latada, passar conta como jogada (quem passa primeiro perde o dobro nesse andar); "
     "uma jogada recusada não conta."),
    ("dobro waits for a word play, not a pass",
     "a próxima jogada válida (passar não conta) vale a dobrar"),
    ("latada and dobro stack to ×4", "Com os dois, vale o quádruplo."),
    ("the word multipliers leave the bonuses alone",
     "As casas de palavra multiplicam só a soma das letras: os pontos a mais das 7 peças, das palavras "
     "de Coimbra e da Serenata não se multiplicam por elas, só pela Latada e pelo «Dobro»."),
    ("grelo makes 5 exchanges", "Há 3 trocas por corrida (5 com o trunfo Grelo)"),
    ("cabra corners ×4", "os cantos multiplicam a palavra por 4 em vez de 3"),
    ("the blank is worth 0 but keeps its word multiplier",
     "A peça branca vale 0 pontos onde quer que fique, mas a casa de palavra que estiver por baixo "
     "dela multiplica a palavra na mesma."),
    ("república draws the extra tile at once", "a mão passa a ter 9 peças; a peça a mais tira-se logo"),
    ("exchanged tiles go to the back of the bag", "devolve peças ao fim do saco e tira outras tantas da frente"),
    ("mais uma jogada must be used before the last play", "Use-a antes de gastar a última"),
    ("helps overflow is lost but the order advances", "quer fique com ela quer não"),
])
def test_rules_page_states_the_engines_decision(rules_text, rule, sentence):
    assert sentence in rules_text, rule
