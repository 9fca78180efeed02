"""One term per thing (issue 32 §3): docs/glossary.md's rules, checked on everything players
read in the built site: every page, every script's strings and coimbra.json. How each is
read is said at the top of the glossary."""
from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary.md"
CONTEXT = 40


@dataclass
class Rule:
    thing: str
    pattern: re.Pattern
    exceptions: list[str] = field(default_factory=list)


def glossary() -> tuple[list[Rule], dict[str, list[str]]]:
    """The glossary's `ruled out:` rules and its buttons, each with its `except:` contexts."""
    rules, buttons, thing = [], {}, ""
    last: list[str] = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            thing = line[3:]
        elif found := re.fullmatch(r"- ruled out: `(.+)`", line):
            rules.append(Rule(thing, re.compile(found.group(1))))
            last = rules[-1].exceptions
        elif found := re.fullmatch(r"  - except: `(.+)`.*", line):
            last.append(found.group(1))
        elif found := re.fullmatch(r"- button: (.+)", line):
            last = buttons.setdefault(found.group(1), [])
    return rules, buttons


RULES, BUTTONS = glossary()


# ---- pages -----------------------------------------------------------------------------

READ_ATTRIBUTES = {"title", "aria-label", "alt", "placeholder"}


class PageText(HTMLParser):
    """A page as players read it, minus scripts, styles and buttons' own labels."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.chunks: list[str] = []
        self.labels: list[str] = []
        self.skipping: list[str] = []
        self.label = ""

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in READ_ATTRIBUTES & attrs.keys():
            self.chunks.append(f" ¶ {attrs[name]} ¶ ")
        if tag == "meta" and attrs.get("name") == "description":
            self.chunks.append(f" ¶ {attrs.get('content', '')} ¶ ")
        if tag in ("script", "style", "button"):
            self.skipping.append(tag)

    def handle_endtag(self, tag):
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()
            if tag == "button":
                self.labels.append(" ".join(self.label.split()))
                self.label = ""
        elif tag in ("p", "li", "h1", "h2", "h3", "td", "th", "dt", "dd", "title", "caption", "summary"):
            self.chunks.append(" ¶ ")

    def handle_data(self, data):
        if not self.skipping:
            self.chunks.append(data)
        elif self.skipping[-1] == "button":
            self.label += data

    def text(self) -> str:
        return " ".join("".join(self.chunks).split())


def read_page(path: Path) -> PageText:
    parser = PageText()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


# ---- scripts ---------------------------------------------------------------------------

# A "/" after one of these (or at the start) opens a regular expression, not a division.
REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^") | {""}
REGEX_AFTER_WORDS = ("return", "typeof", "case", "of", "in", "void", "delete", "throw")


def js_strings(source: str) -> list[str]:
    """Every string and template literal of a script, each `${…}` read as `{}`.

    A small scanner, enough for the site's own scripts: it skips comments and regular
    expressions, and reads the code inside `${…}` for the literals nested in it."""
    found: list[str] = []
    i, n = 0, len(source)
    # Each open template literal: (its text so far, the brace depth its `${` opened at).
    templates: list[tuple[list[str], int]] = []
    depth = 0
    last = ""  # the last significant character outside literals and comments

    def read_quoted(start: int, quote: str) -> int:
        j, text = start + 1, []
        while j < n and source[j] != quote:
            if source[j] == "\\":
                text.append(source[j:j + 2])
                j += 2
            else:
                text.append(source[j])
                j += 1
        found.append(decode("".join(text)))
        return j + 1

    def read_template(start: int, text: list[str]) -> int:
        """Reads template text from `start` up to its end (returns after the backtick) or
        up to a `${` (pushes the template and returns after the brace)."""
        nonlocal depth
        j = start
        while j < n:
            c = source[j]
            if c == "\\":
                text.append(source[j:j + 2])
                j += 2
            elif c == "`":
                found.append(decode("".join(text)))
                return j + 1
            elif source.startswith("${", j):
                text.append("{}")
                depth += 1
                templates.append((text, depth))
                return j + 2
            else:
                text.append(c)
                j += 1
        return j

    while i < n:
        c = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            i = source.find("*/", i + 2) + 2
        elif c in "\"'":
            i = read_quoted(i, c)
            last = "a"
        elif c == "`":
            i = read_template(i + 1, [])
            last = "a"
        elif c == "/" and (last in REGEX_BEFORE or source[:i].rstrip().endswith(REGEX_AFTER_WORDS)):
            j, in_class = i + 1, False
            while j < n and (in_class or source[j] != "/"):
                if source[j] == "\\":
                    j += 1
                elif source[j] == "[":
                    in_class = True
                elif source[j] == "]":
                    in_class = False
                j += 1
            i = j + 1
            last = "a"
        elif c == "{":
            depth += 1
            i += 1
            last = c
        elif c == "}":
            if templates and templates[-1][1] == depth:
                text, _ = templates.pop()
                depth -= 1
                i = read_template(i + 1, text)
                last = "a"
            else:
                depth -= 1
                i += 1
                last = c
        else:
            if not c.isspace():
                last = c if not (c.isalnum() or c in "_$") else "a"
            i += 1
    return found


def decode(text: str) -> str:
    try:
        return json.loads(f'"{text}"') if "\\" in text and '"' not in text else text
    except ValueError:
        return text


def player_facing(text: str) -> bool:
    """A sentence or a label: a space in it, or a letter outside ASCII."""
    return bool(re.search(r"\s", text.strip())) or any(ord(ch) > 127 and ch.isalpha() for ch in text)


# ---- what players read -----------------------------------------------------------------

@pytest.fixture(scope="module")
def read(built_dist: Path) -> dict[str, list[str]]:
    """Where → the texts read there: one per page, one per player-facing script string,
    and coimbra.json's strings."""
    texts: dict[str, list[str]] = {}
    for page in sorted(built_dist.rglob("*.html")):
        texts[page.relative_to(built_dist).as_posix()] = [read_page(page).text()]
    for script in sorted(built_dist.rglob("*.js")):
        strings = [s for s in js_strings(script.read_text(encoding="utf-8")) if player_facing(s)]
        texts[script.relative_to(built_dist).as_posix()] = sorted(set(strings))
    texts["coimbra.json"] = list(strings_in(json.loads((built_dist / "coimbra.json").read_text(encoding="utf-8"))))
    return texts


def strings_in(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item)


def faults(texts: dict[str, list[str]], pattern: re.Pattern, exceptions=(), labels=()) -> list[str]:
    out = []
    for where, strings in texts.items():
        for text in strings:
            if text in labels:
                continue
            for match in pattern.finditer(text):
                context = text[max(0, match.start() - CONTEXT):match.end() + CONTEXT]
                if any(allowed in context for allowed in exceptions):
                    continue
                out.append(f"{where}: …{context}…")
    return out


@pytest.mark.parametrize("rule", RULES, ids=[f"{r.thing}: {r.pattern.pattern}" for r in RULES])
def test_nothing_players_read_uses_a_word_the_glossary_rules_out(read, rule):
    found = faults(read, rule.pattern, rule.exceptions, labels=BUTTONS)
    assert not found, f"{rule.thing} — ruled out /{rule.pattern.pattern}/:\n" + "\n".join(found)


@pytest.mark.parametrize("button", BUTTONS)
def test_a_sentence_that_names_a_button_puts_it_in_guillemets(read, button):
    named = re.compile(rf"(?<=[a-zà-ÿ,;] ){re.escape(button)}(?![»\w])")
    found = faults(read, named, BUTTONS[button], labels=BUTTONS)
    assert not found, f"«{button}» named without «»:\n" + "\n".join(found)


def test_every_button_on_the_pages_is_in_the_glossary(built_dist):
    labels = {label for page in built_dist.rglob("*.html") for label in read_page(page).labels}
    assert labels <= set(BUTTONS), f"buttons missing from docs/glossary.md: {sorted(labels - set(BUTTONS))}"


SCRIPT_LABELS = (re.compile(r'el\("button", \{[^\n]*?\btext: ([^\n]*?)(?:, "?[\w-]+"?:| \}\))'),
                 re.compile(r'\{ text: ([^\n]*?), value:'))


def script_button_labels() -> dict[str, str]:
    """Each label a script of site_src/js/ui gives a button or a dialog's choice as a string → where."""
    labels = {}
    for script in sorted((ROOT / "site_src" / "js" / "ui").rglob("*.js")):
        for line in script.read_text(encoding="utf-8").splitlines():
            for found in (f for pattern in SCRIPT_LABELS for f in pattern.finditer(line)):
                for text in re.findall(r'"([^"]+)"|`([^`]+)`', found.group(1)):
                    label = (text[0] or text[1]).replace("${tower}", "a torre de hoje")
                    if "${" not in label and any(ch.isalpha() for ch in label):
                        labels[label] = script.relative_to(ROOT).as_posix()
    return labels


def test_every_button_a_script_makes_is_in_the_glossary():
    labels = script_button_labels()
    assert {"Fechar", "Seguinte", "Desafiar", "Responder", "Recomeçar a torre de hoje"} <= labels.keys(), sorted(labels)
    missing = {label: where for label, where in labels.items() if label not in BUTTONS}
    assert not missing, f"buttons missing from docs/glossary.md: {missing}"


# ---- the reader itself -----------------------------------------------------------------

def test_the_script_reader_finds_strings_and_template_text_and_skips_comments_and_regexes():
    source = r'''
    // a comment with "no string"
    const a = "Próxima torre"; /* "nor here" */ const b = 'x y';
    const c = `Subiu ao ${ordinal(n)} andar, ${count(k, "jogada", `${m} jogadas`)}.`;
    const d = /["']`/g.test(s) ? 1 / 2 : "fim";
    '''
    assert js_strings(source) == ["Próxima torre", "x y", "jogada", "{} jogadas",
                                  "Subiu ao {} andar, {}.", "fim"]


def test_the_page_reader_reads_attributes_and_leaves_out_scripts_and_button_labels():
    parser = PageText()
    parser.feed('<title>T</title><p title="dica">Texto <b>forte</b></p><script>"x y"</script>'
                '<button aria-label="Usar">Próxima torre</button>')
    assert parser.text() == "T ¶ ¶ dica ¶ Texto forte ¶ ¶ Usar ¶"
    assert parser.labels == ["Próxima torre"]


def test_the_glossary_has_rules_for_each_thing_the_issue_names():
    things = {rule.thing.split(" — ")[0] for rule in RULES}
    assert {"The run", "The blank", "Climbing the last floor", "A tie", "«Próxima torre»",
            "Today's tower", "Wikipédia", "The day's table"} <= things
    assert any("Internet" in rule.pattern.pattern for rule in RULES)
    assert "Próxima torre" in BUTTONS and "Trocar" in BUTTONS
