"""What `torre words why` says about words, which `torre licence WORD` says too: the
dictionary lines and affix rules that give each word (or why it is missing), whether it is
a Coimbra word, and whether it is common."""
from __future__ import annotations

from .coimbra import fold, folded_set, load_coimbra
from .collect import Progress
from .common_words import explain_common, ranked_words, top_forms
from .sources import DictionarySource
from .wordlist import explain_words_and_list


def why_lines(words: list[str], sources: list[DictionarySource],
              progress: Progress | None = None) -> list[list[str]]:
    """One list of lines per word; both dictionaries are expanded once."""
    coimbra = folded_set(load_coimbra())
    word_list, explained = explain_words_and_list(words, sources, progress)
    ranked = ranked_words(word_list.words, top_forms())
    answers = []
    for word, lines in zip(words, explained):
        folded = fold(word.strip())
        lines = list(lines)
        if folded in coimbra:
            lines.append(f"{folded} is a Coimbra word (dictionaries/coimbra.toml): valid in the "
                         "game, with the Coimbra bonus.")
        lines.append(explain_common(folded, ranked, coimbra, folded in word_list.origins))
        answers.append(lines)
    return answers
