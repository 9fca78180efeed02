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
     "se não ganhar a nenhum, não há categoria do dia", "como-jogar/index.html"),
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
     "só conta a corrida começada no próprio dia da torre, mesmo que acabe depois da meia-noite", "arquivo/index.html"),
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
     "depois de tantas jogadas como as que já fez (passar a vez também conta)", "como-jogar/index.html"),
    ("the table's group", "num grupo em que todos respondem a todos",
     "duas pessoas que abriram as mesmas ligações veem o mesmo quadro", "como-jogar/index.html"),
    ("no ellipsis in what the statistics count", "contam-se por nome e os dias contra cada adversário",
     "contam-se pelo nome que vinha em cada ligação, e as torres diárias contam-se por adversário", "como-jogar/index.html"),
    ("the midnight paragraph", "Uma corrida que ainda esteja a meio à meia-noite",
     "Se a meia-noite chegar a meio de uma corrida, não a perde: a corrida continua", "como-jogar/index.html"),
    ("no sentence of zeros in the day's table", "desafiantes neste quadro", "ainda não tem desafiantes", "the scripts"),
    ("the runs are verified: «as corridas, sim»", "as corridas são.", "não são verificados; as corridas, sim.", "the scripts"),
    ("the table's share line", '${heightText(r)} ${r.total}', '— ${heightText(r)}, ${r.total}', "the scripts"),
    ("the names' note in the statistics", "Pelo nome que cada desafio trouxe.", "Os desafios contam-se pelo nome que vinha em cada ligação.", "the scripts"),
    ("the guide's offer", "treinar primeiro numa torre de treino", "ou treinar primeiro: nas torres de treino", "the scripts"),
    ("the Briosa plays in black", "equipa de futebol de negro", "a equipa de futebol que joga de negro, nascida", "coimbra/briosa/index.html"),
    ("the replay's download failure", "aquilo de que a repetição precisa", "não se conseguem descarregar os ficheiros necessários", "the scripts"),
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


# The fresh pt-PT reader's report (Erros, Termos, Estilo), where players read it: (finding, what must be
# gone everywhere, what is said instead, where: a page or None for anywhere).
READER_ERRORS = [
    ("1 a kept value agrees with its name", "não se conseguem ler e não há lugar para uma cópia: ficam como estão, e o que acabou de jogar não entra neles",
     "não se ${can} ler e não há lugar para uma cópia: ${stays}, e o que acabou de jogar ", "the scripts"),
    ("1 an unknown key is «Os dados guardados»", "Um valor guardado", '"Os dados guardados"', "the scripts"),
    ("2 the full storage is why it did not pass to the archive", '"e não passou para o arquivo.',
     '"está cheio, não passou para o arquivo.', "the scripts"),
    ("3 what the statistics count agrees with what it counts", "por adversário: ganhos e perdidos neste mês",
     "por adversário: quantas vezes ganhou e quantas perdeu, neste mês e desde o início.", "como-jogar/index.html"),
    ("4 what counts is the run begun on the tower's own day", "conta só a de uma torre começada no próprio dia",
     "só conta a corrida começada no próprio dia da torre", "arquivo/index.html"),
    ("5 the picture's list: each runner a sentence", '.join("; ")}.`', '${whereText(r)}.`).join(" ")', "the scripts"),
    ("6 a failed copy asks to select only a text it shows", "selecione o texto da partilha e copie-o à mão",
     "Não foi possível copiar: selecione o texto abaixo e copie-o à mão.", "the scripts"),
    ("6 the day's table too", "selecione o texto do quadro e copie-o à mão", '"partilha copia-manual"', "the scripts"),
    ("7 the Paço: the clause between commas", "é desde o século XVI a casa",
     "o Paço das Escolas é, desde o século XVI, a casa da Universidade de Coimbra.", "coimbra/paco/index.html"),
]
READER_TERMS = [
    ("1 the Quadro do dia is a place, not in «»", "«Quadro do dia»", "não entra no Quadro do dia nem nas Estatísticas", "the scripts"),
    ("2 the picture's legend says «desafiantes»", "amigos, no", "desafiantes, no Quadro do dia", "the scripts"),
    ("3 a tie is «empatado» in the tables too", 'counted(tied, "empate", "empates")', 'counted(tied, "empatado", "empatados")', "the scripts"),
    ("4 an archive run counts apart from the daily statistics too", "conta à parte e não entra nos dias seguidos.",
     "Corrida do arquivo: conta à parte, fora das estatísticas diárias e dos dias seguidos.", "the scripts"),
    ("4 the archive's line in Estatísticas", "(à parte: não contam para os dias seguidos)",
     "(à parte: não contam para as estatísticas diárias nem para os dias seguidos).", "the scripts"),
    ("5 the calendar's legend", '["subiu", "subiu a torre"]', '["subiu", "subiu a torre toda"]', "the scripts"),
    ("6 the practice's end title", '"Subiu a torre de treino!"', '"Subiu toda a torre de treino!"', "the scripts"),
    ("7 a storage refusal said one way on the challenge page", "(o armazenamento está cheio): ",
     "guardá-lo neste aparelho (${STORAGE_REFUSED_WHY}): ", "the scripts"),
    ("8 practice figures named as below them", "as suas torres, as subidas e onde acabou cada uma",
     "ficam aqui as suas corridas de treino, as torres subidas e onde acabou cada corrida.", "the scripts"),
    ("9 the practice is «o treino», its towers not «as diárias»", "o Treino conta à parte, com torres que não são as do dia",
     "o treino conta à parte, com torres que não são as diárias.", "the scripts"),
    ("10 a challenge link, not a link «Desafiar»", "uma ligação «Desafiar»",
     "quando abrir a ligação de um desafio e jogar essa torre, o resultado fica aqui.", "the scripts"),
    ("12 the archive's results are nouns", "`subiu a torre toda, ${points(result.total)}`", "`torre toda, ${points(result.total)}`", "the scripts"),
    ("13 the replay names a help «a ajuda «X»»", "`Ajuda: ${", "`Usou a ajuda «${", "the scripts"),
    ("14 passing is «passar a vez»", "contando as passagens", "(passar a vez também conta)", "como-jogar/index.html"),
    ("15 the page is «Fontes»", "nas fontes.", "e ver de onde vêm as palavras do jogo, em Fontes", "index.html"),
    ("16 the word list unread, whatever asked for it", "a lista de palavras para a análise.",
     '"Não foi possível ler a lista de palavras."', "the scripts"),
    ("17 «try again later» said one way", "Tente mais tarde.", "está danificado. Tente outra vez daqui a pouco.", "the scripts"),
    ("17 the same for a tower not yet there", "Volte mais tarde.", ". Tente outra vez daqui a pouco.` }", "the scripts"),
    ("17 the same for a damaged tower", "Recarregue a página mais tarde.", "está danificado. Recarregue a página daqui a pouco.", "the scripts"),
]
READER_STYLE = [
    ("1 the site speaks in the third person", "Usamos duas edições", "O jogo usa duas edições:", "fontes/index.html"),
    ("2 nor «nossa»", "A lista é nossa", "A lista foi feita para este site, no espírito das respostas", "fontes/index.html"),
    ("3 nor «nosso»", "com um texto nosso", "Cada uma tem uma página neste site, com um texto original;", "fontes/index.html"),
    ("4 nor «obra nossa»", "obra nossa", "os seus textos são obra original deste projeto e têm", "fontes/index.html"),
    ("5 not «5» and «cinco» in one sentence", "(cinco diferentes, de entre", "andares (todas diferentes, de entre", "como-jogar/index.html"),
    ("6 the midnight run's count, and until when", "também nos dias seguidos. Até lá",
     "também na contagem dos dias seguidos. Enquanto não a acabar, fica guardada no arquivo", "como-jogar/index.html"),
    ("7 the category of the day in one tense", "a quem a corrida ganhou; quando não ganha",
     "a quem a corrida ganha; se não ganhar a nenhum, não há categoria do dia.", "como-jogar/index.html"),
    ("8 Treino says the outcome", "como a corrida se saiu contra ele", "diz se a corrida lhe ganhou, empatou ou perdeu.", "como-jogar/index.html"),
    ("9 the names' note", "Cada desafio conta pelo nome que trouxe.", "Os desafios contam-se pelo nome que vinha em cada ligação.", "the scripts"),
    ("10 the archive's noscript", "Para ver e jogar o arquivo", "Para ver o arquivo e jogar as suas torres é preciso JavaScript", "arquivo/index.html"),
    ("11 the challenges' tally shows only counts that are not 0", '[count(won, "ganho", "ganhos"), count(lost, "perdido", "perdidos")]',
     ".filter(([n]) => n > 0)", "the scripts"),
    ("12 no «0 torres subidas»", "${counted(figures.wins, \"torre subida\", \"torres subidas\")}", '"nenhuma torre subida"', "the scripts"),
    ("13 the end screen says whom the run beat and the category once, on the card", "patente.textContent = patenteLine",
     "line.textContent = standingsLine(opponents)", "the scripts"),
    ("14 storage in a player's words", "cinco cópias de valores danificados",
     "o armazenamento está cheio ou já guarda demasiadas cópias de dados danificados", "the scripts"),
    ("15 a copy of what, said", "uma cópia dos antigos", "(ficou guardada uma cópia do original à parte).", "the scripts"),
    ("15 the same for the statistics", "uma cópia das antigas", "recomeçaram do zero (ficou guardada uma cópia do original à parte).", "the scripts"),
    ("15 the same for the practice", "uma cópia do antigo", None, None),
    ("16 the held run at midnight", "fica guardada onde estava",
     "Como o armazenamento está cheio, não passa para o arquivo: acabe-a aqui ou, antes de jogar ", "the scripts"),
    ("17 an import's version, in words", "não é uma que esta versão do jogo conheça",
     "o texto usa uma versão do formato que esta versão do jogo não conhece", "the scripts"),
    ("18 a count, in words", "de 0 para cima", "não é um número inteiro maior ou igual a 0", "the scripts"),
    ("19 what does not add up", "não soma o número de corridas", "não é o número de corridas", "the scripts"),
    ("21 verifying offline says what to do", "sem Internet para descarregar",
     "sem Internet, não se conseguem descarregar os ficheiros necessários. Verifique se o aparelho tem Internet e recarregue a página.",
     "the scripts"),
    ("22 no URL to edit by hand", "escreva a data como ?dia=AAAA-MM-DD", "Este endereço não indica um dia válido: escolha um dia no arquivo.", "the scripts"),
    ("24 what the statistics will hold, one list", "o Veterano e o Dux; os desafios e o treino também",
     "os resultados contra o Caloiro, o Veterano e o Dux, os desafios e o treino.", "the scripts"),
    ("25 opponents compared, not counted «contra»", "que acabar conta contra o Caloiro",
     "com as corridas do Caloiro, do Veterano e do Dux.", "the scripts"),
    ("26 the suggestion's squares and points", "${words} em ${squares}, ${points(play.points)}",
     "${words} em ${squares}, por ${points(play.points)}", "the scripts"),
    ("30 a release's date as the pages write dates", "hunspell-pt_PT-preao (2015-01-06)",
     "hunspell-pt_PT-preao (6 de janeiro de 2015)", "fontes/index.html"),
    ("27 the quadra's apostrophe", "p'ra ser Coimbra", "«Coimbra, p’ra ser Coimbra, /", "coimbra/tricana/index.html"),
    ("28 the lápides, not the versos, are «deixadas»", "lápides com versos deixadas", "guarda lápides com versos, deixadas por gerações de estudantes.",
     "coimbra/penedo/index.html"),
]


# (section of issue 42, row): every row above but ONE_TERM's, which read ${…} in the scripts.
CHECKED = [(f"§1 {r[0]}", *r[1:]) for r in LADDER + FACTS] + [(f"§2 {r[0]}", *r[1:]) for r in ERRORS] \
    + [(f"§4 {r[0]}", *r[1:]) for r in STYLE] + [(f"Erros {r[0]}", *r[1:]) for r in READER_ERRORS] \
    + [(f"Termos {r[0]}", *r[1:]) for r in READER_TERMS] + [(f"Estilo {r[0]}", *r[1:]) for r in READER_STYLE]


@pytest.mark.parametrize("fault, wrong, right, where", CHECKED, ids=[e[0] for e in CHECKED])
def test_what_the_editor_found_is_said_the_reviewed_way(read, fault, wrong, right, where):
    check(read, wrong, right, where)


def test_the_404_page_s_description_does_not_say_em_a_torre(built_dist):
    """Estilo 29: the meta description, which visible_text leaves out."""
    source = (built_dist / "404.html").read_text(encoding="utf-8")
    assert "não existe em A Torre" not in source
    assert '<meta name="description" content="Esta página não existe neste site.">' in source
