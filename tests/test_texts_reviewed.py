"""What a pt-PT editor who knows Coimbra's traditions asked to change (issue 42), checked where
players read it: every page's visible text, every string of the scripts the pages and the
analysis worker load, and coimbra.json (the sentences under the board). Each row: what was
wrong, the text that must be gone from all of them, and the text said instead (in the page
named, or anywhere when no page is named)."""
from __future__ import annotations

from pathlib import Path

import pytest

from test_texts import visible_text


@pytest.fixture(scope="module")
def read(built_dist: Path) -> dict[str, str]:
    texts = {p.relative_to(built_dist).as_posix(): visible_text(p) for p in sorted(built_dist.rglob("*.html"))}
    scripts = sorted(built_dist.glob("static/*/js/*.js"))
    texts["the scripts"] = "\n".join(s.read_text(encoding="utf-8") for s in scripts)
    texts["coimbra.json"] = (built_dist / "coimbra.json").read_text(encoding="utf-8")
    return texts


# (what was wrong, what must be gone everywhere, what is said instead, where: a page or None for anywhere)
ERRORS = [
    ("the kept run that cannot be resumed is «a corrida»", "não pode ser retomado aqui",
     "não pode ser retomada aqui", "the scripts"),
    ("bicho: the clause «acima dele» between commas", "em que, acima dele estão",
     "em que, acima dele, estão os paraquedistas", "coimbra/bicho/index.html"),
    ("the opponent's line: as many plays as the player's", "depois do mesmo número de jogadas",
     "depois de tantas jogadas como as que já fez", "como-jogar/index.html"),
    ("the opponent's dialog: as many plays as the player's", "do mesmo número de jogadas que as suas",
     "tantas jogadas como as que já fez", "the scripts"),
    ("the challenge's verification: two chained colons", "a ligação foi alterada: as jogadas",
     "a ligação foi alterada e as jogadas", "the scripts"),
    ("the storage-full dialog: the conditional between commas, and what is lost is to come",
     "mas se a recarregar ou fechar perde o que jogou desde agora",
     "mas, se a recarregar ou fechar, perde o que jogar a partir de agora", "the scripts"),
    ("the Latada and the «Dobro» are masculine together", "Com as duas, vale o quádruplo",
     "Com os dois, vale o quádruplo.", "como-jogar/index.html"),
    ("a word page's bonus sentence", "cada vez que formar esta palavra",
     "Cada vez que a formar, ganha mais 10 pontos, e essa jogada dá uma ajuda", "coimbra/praxe/index.html"),
    ("plays «com palavras comuns», as elsewhere", "em palavras comuns", "com palavras comuns", "como-jogar/index.html"),
    ("the analysis says «com palavras comuns» too", "Em palavras comuns", "Com palavras comuns", "the scripts"),
]


def check(read: dict[str, str], wrong: str, right: str | None, where: str | None) -> None:
    found = [name for name, text in read.items() if wrong in text]
    assert not found, f"still said in {', '.join(found)}: {wrong!r}"
    if right is not None:
        texts = [read[where]] if where else list(read.values())
        assert any(right in text for text in texts), f"{where or 'nowhere'} says {right!r}"



# Issue 42 §1: the ladder is three categories of the Código da Praxe (glossary: «Doutor» and
# «patente» are ruled out everywhere players read).
LADDER = [
    ("the opponents are not «nomes da hierarquia»", "nomes da hierarquia da praxe",
     "com os nomes de três categorias do Código da Praxe de Coimbra: o Caloiro, o Veterano e o Dux", "como-jogar/index.html"),
    ("the rank of the day is the Código's «categoria»", "Patente do dia", "Categoria do dia: ", "the scripts"),
    ("the best rank ever too", "Melhor patente", '"Melhor categoria"', "the scripts"),
    ("the rank of the day beating none", "A patente do dia é",
     "quando não ganha a nenhum, não há categoria nesse dia", "como-jogar/index.html"),
]



# Issue 42 §3: one term per thing (the rest is in docs/glossary.md, read by tests/test_glossary.py).
ONE_TERM = [
    ("Treino has statistics of its own: it counts for none of the daily ones", "O treino não conta para as estatísticas,",
     "O treino tem estatísticas próprias e não conta para as estatísticas diárias", "treino/index.html"),
    ("Treino's meta description", "sem contar para as estatísticas.", None, None),
    ("the guide's practice offer", "e nada conta para as estatísticas.", "nada conta para as estatísticas diárias.", "the scripts"),
    ("practice runs are «corridas», climbed towers «torres subidas»", '"Torres jogadas"', '"Onde acabaram as corridas de treino"', "the scripts"),
    ("the practice line", '"subida", "subidas")} até ao fim', None, None),
    ("a run carried past midnight counts", "Uma corrida do arquivo fica guardada neste aparelho como as outras, mas não conta",
     "conta só a de uma torre começada no próprio dia, mesmo que acabe depois da meia-noite", "arquivo/index.html"),
    ("a help earned over the target is not «Passar»", "por passar o alvo em", "por ultrapassar o alvo em {} pontos ou mais", "the scripts"),
    ("Serenata «dá», as the other trunfos", "ou mais vale +", "ou mais dá +", "the scripts"),
    ("a storage refusal said one way, and space is never «bloqueado»", "bloqueado", "o armazenamento está cheio ou não é permitido a este site", "the scripts"),
    ("a dated run counts «para o dia»", "esta corrida conta para {}.", "esta corrida conta para o dia {}.", "the scripts"),
    ("the worker's failure in Portuguese", '"worker error"', "o cálculo parou sem dizer porquê", "the scripts"),
    ("the analysis client names the opponents one way", "acompanhar os adversários", None, None),
]


@pytest.mark.parametrize("fault, wrong, right, where", ONE_TERM, ids=[e[0] for e in ONE_TERM])
def test_one_thing_is_said_one_way(read, fault, wrong, right, where):
    check(read, wrong.replace("{}", "${shownDate(date)}"), right and right.replace("{}", "${shownDate(date)}" if "dia" in right else "${constants.help_climb_margin}"), where)


def test_the_word_count_is_grouped_as_the_pages_write_it(built_dist):
    licence = (built_dist / "LICENCA-palavras.txt").read_text(encoding="utf-8")
    assert "Estas 49\u00a0132 palavras são uma obra derivada" in licence


# Issue 42 §4: the editor's style.
STYLE = [
    ("the opponent choice does not talk like a developer", "A linha mostra onde ia", "O botão «Adversário» diz onde ele estava", "the scripts"),
    ("nor point back or say nothing", "com critério", None, None),
    ("the «Adversário» paragraph is sentences, not one of 50 words", "(as passagens contam)",
     "depois de tantas jogadas como as que já fez, contando as passagens", "como-jogar/index.html"),
    ("the table's group", "num grupo em que todos respondem a todos",
     "duas pessoas que abriram as mesmas ligações veem o mesmo quadro", "como-jogar/index.html"),
    ("no ellipsis in what the statistics count", "contam-se por nome e os dias contra cada adversário",
     "contam-se pelo nome que cada um trouxe, e as torres diárias, por adversário", "como-jogar/index.html"),
    ("the midnight paragraph", "Uma corrida que ainda esteja a meio à meia-noite",
     "Se a meia-noite chegar a meio de uma corrida, não a perde: a corrida continua", "como-jogar/index.html"),
    ("no sentence of zeros in the day's table", "desafiantes neste quadro", "ainda não tem desafiantes", "the scripts"),
    ("the runs are verified: «as corridas, sim»", "as corridas são.", "não são verificados; as corridas, sim.", "the scripts"),
    ("the table's share line", '${heightText(r)} ${r.total}', '— ${heightText(r)}, ${r.total}', "the scripts"),
    ("the names' note in the statistics", "Pelo nome que cada desafio trouxe.", "Cada desafio conta pelo nome que trouxe.", "the scripts"),
    ("the guide's offer", "treinar primeiro numa torre de treino", "ou treinar primeiro: nas torres de treino", "the scripts"),
    ("the Briosa plays in black", "equipa de futebol de negro", "a equipa de futebol que joga de negro, nascida", "coimbra/briosa/index.html"),
    ("the replay's download failure", "aquilo de que a repetição precisa", "os ficheiros de que a repetição precisa", "the scripts"),
    ("the analysis' advice is a conditional", '"subia de andar"', '"subiria de andar"', "the scripts"),
    ("the storage-full dialog", "cada jogada volta a tentar", "o jogo volta a tentar a cada jogada.", "the scripts"),
]



# Issue 42 §1: the facts the editor found wrong, where players read them.
FACTS = [
    ("the Bênção das Pastas is weeks after the Queima, in the Sé Nova", "Na Queima das Fitas, as pastas têm",
     "Semanas depois da Queima das Fitas, as pastas têm uma cerimónia própria, na Sé Nova", "coimbra/pasta/index.html"),
    ("the Tuna's founding is disputed", "fundada em 1888", "conta a sua história desde 1888", "coimbra/tuna/index.html"),
    ("the doctoral insígnias are not only two", "as insígnias doutorais: a borla e o capelo",
     "as insígnias doutorais, entre elas a borla e o capelo", "coimbra/borla/index.html"),
    ("only trupes ordinárias walk at night, formed at a república oficializada", "Só pode andar entre a meia-noite",
     "A trupe ordinária só anda entre a meia-noite", "coimbra/trupe/index.html"),
    ("the república must be oficializada", "a Porta Férrea ou uma república.", "ou uma república oficializada.", "coimbra/trupe/index.html"),
    ("D. Pedro moved Inês's body years after he became king", "Quando subiu ao trono, D. Pedro",
     "Já rei, D. Pedro mandou levar o corpo de Inês", "coimbra/ines/index.html"),
]


# (section of issue 42, row): every row above but ONE_TERM's, which read ${…} in the scripts.
CHECKED = [(f"§1 {r[0]}", *r[1:]) for r in LADDER + FACTS] + [(f"§2 {r[0]}", *r[1:]) for r in ERRORS] \
    + [(f"§4 {r[0]}", *r[1:]) for r in STYLE]


@pytest.mark.parametrize("fault, wrong, right, where", CHECKED, ids=[e[0] for e in CHECKED])
def test_what_the_editor_found_is_said_the_reviewed_way(read, fault, wrong, right, where):
    check(read, wrong, right, where)
