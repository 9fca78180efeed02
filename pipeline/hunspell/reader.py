"""Read Hunspell .aff and .dic text into the dataclasses of data.py.

The reader strips a UTF-8 byte order mark, honours ``SET`` (the .dic is
decoded with the .aff's encoding), counts lines from 1, and reports every
problem as ``file:line: what was found, what was expected``. Directives that
only steer suggestions (TRY, KEY, REP, MAP …) are skipped; directives that
would change which words exist but that we do not implement (compounding,
CIRCUMFIX …) stop the build, so the list can never silently miss words.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..errors import AffixFileError, DicFileError, quoted
from .data import PYTHON_CODECS, AffixClass, AffixEntry, AffixFile, DicEntry, DicFile

BOM = "\ufeff"

# Suggestion, tokenizer and metadata directives: they never add or remove a word.
IGNORED = frozenset(
    "TRY KEY REP MAP PHONE LANG WORDCHARS NOSUGGEST MAXCPDSUGS MAXNGRAMSUGS MAXDIFF "
    "ONLYMAXDIFF NOSPLITSUGS SUGSWITHDOTS FORBIDWARN WARN BREAK NAME VERSION HOME "
    "AM SUBSTANDARD LEMMA_PRESENT CHECKSHARPS".split()
)
# Directives that would make Hunspell accept words we could not list.
UNSUPPORTED = frozenset(
    "COMPOUNDFLAG COMPOUNDBEGIN COMPOUNDMIDDLE COMPOUNDEND COMPOUNDRULE COMPOUNDLAST "
    "COMPOUNDROOT COMPOUNDPERMITFLAG COMPOUNDWORDMAX COMPOUNDSYLLABLE SYLLABLENUM "
    "CIRCUMFIX COMPLEXPREFIXES FORCEUCASE".split()
)
# Directives that only tune compounding: harmless while compounding is off.
COMPOUND_TUNING = frozenset(
    "COMPOUNDMIN COMPOUNDFORBIDFLAG CHECKCOMPOUNDDUP CHECKCOMPOUNDREP CHECKCOMPOUNDCASE "
    "CHECKCOMPOUNDTRIPLE SIMPLIFIEDTRIPLE CHECKCOMPOUNDPATTERN COMPOUNDMORESUFFIXES "
    "CHECKNUM".split()
)
SPECIAL_FLAGS = {"NEEDAFFIX": "NEEDAFFIX", "PSEUDOROOT": "NEEDAFFIX",
                 "FORBIDDENWORD": "FORBIDDENWORD", "KEEPCASE": "KEEPCASE",
                 "ONLYINCOMPOUND": "ONLYINCOMPOUND"}
FLAG_TYPES = {"long": "long", "num": "num", "UTF-8": "UTF-8", "utf-8": "UTF-8"}
CONDITION_ELEMENT = re.compile(r"\[\^?[^\]]+\]|[^\[\]]")


def decode(data: bytes, encoding: str, path: Path, error: type) -> list[str]:
    """Bytes → lines without BOM or line ends; bad bytes are reported by line."""
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise error(path, line, f"byte 0x{data[exc.start]:02x} is not valid {encoding} "
                                "(check the SET line of the .aff)") from None
    if text.startswith(BOM):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def sniff_set(data: bytes, path: Path) -> str:
    """The SET value, read before decoding (it says how to decode)."""
    match = re.search(rb"^(?:\xef\xbb\xbf)?SET[ \t]+(\S+)", data, re.MULTILINE)
    if not match:
        return "ISO8859-1"  # Hunspell's default
    name = match.group(1).decode("ascii", "replace")
    if name.upper() not in PYTHON_CODECS:
        line = data.count(b"\n", 0, match.start()) + 1
        raise AffixFileError(path, line, f"SET {name}: unsupported encoding")
    return name


def parse_flags(text: str, aff: AffixFile) -> frozenset[str]:
    """A flag field as the FLAG directive says to read it (or an AF alias number)."""
    if aff.AF and text.isdigit():
        number = int(text)
        if not 1 <= number <= len(aff.AF):
            raise FlagSyntaxError(f"AF alias {number} does not exist "
                                  f"(AF declares {len(aff.AF)})")
        return aff.AF[number - 1]
    return frozenset(split_flags(text, aff.FLAG))


def split_flags(text: str, flag_type: str) -> list[str]:
    """``"ab"`` → ``["a", "b"]`` (char, UTF-8), ``["ab"]`` (long); ``"1,2"`` (num)."""
    if flag_type == "long":
        if len(text) % 2:
            raise FlagSyntaxError(f"flags {quoted(text)}: FLAG long needs pairs of characters")
        return [text[i:i + 2] for i in range(0, len(text), 2)]
    if flag_type == "num":
        parts = text.split(",")
        if not all(part.isdigit() and 0 < int(part) < 65536 for part in parts):
            raise FlagSyntaxError(f"flags {quoted(text)}: FLAG num needs numbers 1–65535 "
                                  "separated by commas")
        return [str(int(part)) for part in parts]
    if flag_type == "char" and not text.isascii():
        raise FlagSyntaxError(f"flags {quoted(text)}: non-ASCII flags need FLAG UTF-8")
    return list(text)


class FlagSyntaxError(ValueError):
    """A flag field that does not fit the FLAG type; the caller adds file:line."""


def read_aff(path: Path) -> AffixFile:
    """Parse a .aff file."""
    path = Path(path)
    data = path.read_bytes()
    aff = AffixFile(path=path, SET=sniff_set(data, path))
    lines = decode(data, aff.encoding, path, AffixFileError)
    _AffParser(aff, lines).run()
    return aff


class _AffParser:
    def __init__(self, aff: AffixFile, lines: list[str]):
        self.aff, self.lines, self.i = aff, lines, 0

    def fail(self, line: int, message: str) -> AffixFileError:
        return AffixFileError(self.aff.path, line, message)

    def run(self) -> None:
        while self.i < len(self.lines):
            number, fields = self.i + 1, self.lines[self.i].split()
            self.i += 1
            if not fields or fields[0].startswith("#"):
                continue
            self.directive(number, fields[0], fields)

    def directive(self, number: int, name: str, fields: list[str]) -> None:
        aff = self.aff
        if name in IGNORED or name in COMPOUND_TUNING or name == "SET":
            return
        if name in UNSUPPORTED:
            raise self.fail(number, f"{name} is not supported (A Torre lists affixed forms "
                                    "only; compounding and circumfixes are not implemented)")
        if name == "FLAG":
            value = self.value(number, fields)
            if value not in FLAG_TYPES:
                raise self.fail(number, f"FLAG {value}: expected long, num or UTF-8")
            aff.FLAG = FLAG_TYPES[value]
        elif name in SPECIAL_FLAGS:
            flags = self.flags(number, self.value(number, fields))
            if len(flags) != 1:
                raise self.fail(number, f"{name} takes one flag, found {quoted(fields[1])}")
            setattr(aff, SPECIAL_FLAGS[name], next(iter(flags)))
        elif name == "FULLSTRIP":
            aff.FULLSTRIP = True
        elif name == "IGNORE":
            aff.IGNORE = self.value(number, fields)
        elif name in ("ICONV", "OCONV"):
            getattr(aff, name).extend(self.table(number, name, fields, 3))
        elif name == "AF":
            for row_line, row in self.table(number, name, fields, 2, with_lines=True):
                aff.AF.append(frozenset(self.split(row_line, row[0])))
        elif name in ("PFX", "SFX"):
            self.affix_class(number, name, fields)
        else:
            raise self.fail(number, f"unknown directive {quoted(name)}")

    def value(self, number: int, fields: list[str]) -> str:
        if len(fields) < 2:
            raise self.fail(number, f"{fields[0]} needs a value")
        return fields[1]

    def split(self, number: int, text: str) -> list[str]:
        try:
            return split_flags(text, self.aff.FLAG)
        except FlagSyntaxError as exc:
            raise self.fail(number, str(exc)) from None

    def flags(self, number: int, text: str) -> frozenset[str]:
        return frozenset(self.split(number, text))

    def count(self, number: int, fields: list[str], position: int) -> int:
        if len(fields) <= position or not fields[position].isdigit():
            found = fields[position] if len(fields) > position else "nothing"
            raise self.fail(number, f"{' '.join(fields[:position])}: expected a number of "
                                    f"entries, found {quoted(found)}")
        return int(fields[position])

    def table(self, number: int, name: str, fields: list[str], width: int,
              with_lines: bool = False):
        """Read ``NAME n`` then n lines ``NAME a [b]``; a short table is an error."""
        expected = self.count(number, fields, 1)
        rows = []
        for found in range(expected):
            row_number, row = self.next_row()
            if not row or row[0] != name or len(row) < width:
                raise self.fail(number, f"{name} declares {expected} entries, found {found}")
            rows.append((row_number, row[1:width]) if with_lines else tuple(row[1:width]))
        return rows

    def next_row(self) -> tuple[int, list[str]]:
        """The next line that is not blank or a comment."""
        while self.i < len(self.lines):
            number, fields = self.i + 1, self.lines[self.i].split()
            if fields and not fields[0].startswith("#"):
                self.i += 1
                return number, fields
            self.i += 1
        return len(self.lines), []

    def affix_class(self, number: int, kind: str, fields: list[str]) -> None:
        if len(fields) < 4:
            raise self.fail(number, f"{kind} header needs flag, cross product and count, "
                                    f"found {quoted(' '.join(fields))}")
        flag = self.single_flag(number, fields[1])
        table = getattr(self.aff, kind)
        if flag in table:
            earlier = table[flag]
            if fields[2] not in ("Y", "N"):  # an entry line after the block ended
                raise self.fail(number, f"{kind} {flag}: more entries than the "
                                        f"{len(earlier.entries)} declared on line {earlier.line}")
            raise self.fail(number, f"{kind} {flag} is already declared on line {earlier.line}")
        if fields[2] not in ("Y", "N"):
            raise self.fail(number, f"{kind} {flag}: cross product must be Y or N, "
                                    f"found {quoted(fields[2])}")
        expected = self.count(number, fields, 3)
        affix_class = AffixClass(kind, flag, fields[2] == "Y", number)
        for found in range(expected):
            row_number, row = self.next_row()
            if row[:2] != [kind, fields[1]]:
                raise self.fail(number, f"{kind} {flag} declares {expected} entries, "
                                        f"found {found}")
            if len(row) < 4:
                raise self.fail(row_number, f"{kind} {flag} entry needs strip and add, "
                                            f"found {quoted(' '.join(row))}")
            affix_class.entries.append(self.affix_entry(row_number, kind, flag, row, found + 1))
        table[flag] = affix_class

    def single_flag(self, number: int, text: str) -> str:
        flags = self.split(number, text)
        if len(flags) != 1:
            raise self.fail(number, f"expected one flag, found {quoted(text)}")
        return flags[0]

    def affix_entry(self, number: int, kind: str, flag: str, row: list[str],
                    index: int) -> AffixEntry:
        strip = "" if row[2] == "0" else row[2]
        add, _, cont = row[3].partition("/")
        add = "" if add == "0" else add
        condition = row[4] if len(row) > 4 else "."
        ignore = self.aff.IGNORE
        if ignore:
            add = "".join(c for c in add if c not in ignore)
        try:
            cont_flags = parse_flags(cont, self.aff) if cont else frozenset()
        except FlagSyntaxError as exc:
            raise self.fail(number, str(exc)) from None
        return AffixEntry(kind, flag, strip, add, condition,
                          self.condition_elements(number, condition), cont_flags,
                          number, index)

    def condition_elements(self, number: int, condition: str) -> tuple[str, ...]:
        if condition == ".":
            return ()
        elements = CONDITION_ELEMENT.findall(condition)
        if "".join(elements) != condition:
            raise self.fail(number, f"condition {quoted(condition)}: unbalanced brackets")
        return tuple(elements)


def read_dic(path: Path, aff: AffixFile, tolerated: frozenset[str] = frozenset()) -> DicFile:
    """Parse a .dic file; every flag must be declared in the .aff.

    ``tolerated`` lists ``stem/flags`` fields of known upstream entries whose
    undeclared flags are ignored, as Hunspell itself ignores them.
    """
    path = Path(path)
    lines = decode(path.read_bytes(), aff.encoding, path, DicFileError)
    if not lines or not lines[0].strip().isdigit():
        found = lines[0].strip() if lines else "nothing"
        raise DicFileError(path, 1, f"expected the number of entries, found {quoted(found)}")
    declared = int(lines[0].strip())
    reader = _DicLineReader(path, aff, tolerated)
    body = lines[1:]
    dic = None if aff.IGNORE else read_columns(path, declared, body, reader)
    if dic is None:  # line by line
        dic = DicFile.of(path, declared, [entry for number, line in enumerate(body, start=2)
                                          if (entry := reader.read(line, number))])
    check_count(path, declared, len(dic))
    return dic


# The characters str.isspace takes but the space, the tab and the line end: one in a
# stem/flags field (the tab ends it) may make a line blank. Each is looked for in C
# (`in`), ~25 times faster than a regex class over a part's fields.
OTHER_SPACES = ("\x0b\x0c\r\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004"
                "\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")
PART = 4096  # lines split at a time


def read_columns(path: Path, declared: int, body: list[str],
                 reader: _DicLineReader) -> DicFile | None:
    """The .dic's columns, each line split by a few passes over all lines (in C, not
    one Python statement after another per line: there are ~44,000); the lines that
    are not `stem/flags<TAB>morphology` with declared flags (`odd_lines`) then read one
    by one, in order, so that an error names the first bad line. None if a stem holds
    a whitespace other than the space: such a file is read line by line.

    The passes go over 4,096 lines at a time: the pieces of a part are dropped before
    the next is split, so each part reuses the memory of the one before it.
    """
    stems: list[str] = []
    flags: list[frozenset[str] | None] = []
    raw_flags: list[str] = []
    morphs: list[str] = []
    odd: set[int] = set()
    plain = reader.plain
    # A flag field or a morphology kept once per distinct text (911 and 7,650 for
    # ~44,000 lines): less memory to fill, and to hand out page by page.
    flag_texts: dict[str, str] = {}
    morph_texts: dict[str, str] = {}
    for start in range(0, len(body), PART):
        split = [line.partition("\t") for line in body[start:start + PART]]
        joined = "\n".join([part[0] for part in split])
        if any(char in joined for char in OTHER_SPACES):
            return None
        parts = [part[0].partition("/") for part in split]
        part_stems = [part[0] for part in parts]
        texts = [part[2] for part in parts]
        texts = list(map(flag_texts.setdefault, texts, texts))
        bad = {text for text in set(texts).difference(plain) if not reader.plain_flags(text)}
        odd.update(start + i for i in odd_lines(part_stems, texts, joined, bad))
        stems += part_stems
        raw_flags += texts
        flags += map(plain.get, texts)
        part_morphs = [part[2].strip() for part in split]
        morphs += map(morph_texts.setdefault, part_morphs, part_morphs)
    gone = set()  # places of the lines that give no entry
    for i in sorted(odd):
        entry = reader.read(body[i], i + 2)
        if entry is None:
            gone.add(i)
        else:
            stems[i], flags[i], _, raw_flags[i], morphs[i] = entry
    kept = len(body) - len(gone)
    if all(i >= kept for i in gone):  # none, or blank lines at the end: no int per line
        numbers: range | list[int] = range(2, kept + 2)
        for column in (stems, flags, raw_flags, morphs):
            del column[kept:]
    else:
        numbers = [n for n in range(2, len(body) + 2) if n - 2 not in gone]
        stems, flags, raw_flags, morphs = ([item for i, item in enumerate(column) if i not in gone]
                                           for column in (stems, flags, raw_flags, morphs))
    return DicFile(path, declared, stems, flags, numbers, raw_flags, morphs)


def odd_lines(stems: list[str], raw_flags: list[str], joined: str, bad: set[str]) -> set[int]:
    """Places of the lines to read one by one: no stem (a blank line, a comment, which
    Hunspell starts with a tab, ``/flags``), a space or backslash in the stem/flags
    field (`joined`, one line's field per line), a flag field in `bad`."""
    odd, i = set(), -1
    while True:
        try:
            i = stems.index("", i + 1)
        except ValueError:
            break
        odd.add(i)
    for char in " \\":
        line, start, pos = 0, 0, joined.find(char)
        while pos != -1:
            line += joined.count("\n", start, pos)
            odd.add(line)
            start = joined.find("\n", pos)
            pos = joined.find(char, start) if start != -1 else -1
    if bad:
        odd.update(i for i, text in enumerate(raw_flags) if text in bad)
    return odd


# How far the entries read may stray from the count on the first line. Hunspell
# only uses that count to size its hash table and never compares it; we take
# 1 % or 10 entries either way, whichever is more, so hand-counted small files
# pass and a truncated or emptied dictionary stops the build.
COUNT_TOLERANCE, COUNT_SLACK = 0.01, 10


def check_count(path: Path, declared: int, found: int) -> None:
    if abs(found - declared) > max(COUNT_SLACK, declared * COUNT_TOLERANCE):
        raise DicFileError(path, 1, f"declares {declared} entries, found {found} (more than "
                                    f"{COUNT_TOLERANCE:.0%} apart: a truncated or damaged file?)")


class _DicLineReader:
    """Turns ``stem/flags<TAB>morphology`` lines into DicEntry, flags cached by text."""

    def __init__(self, path: Path, aff: AffixFile, tolerated: frozenset[str]):
        self.path, self.aff, self.tolerated = path, aff, tolerated
        self.declared = set(aff.PFX) | set(aff.SFX) | aff.special_flags()
        self.flags: dict[str, tuple[frozenset[str], list[str]]] = {}
        self.plain: dict[str, frozenset[str]] = {"": frozenset()}  # flag fields all declared

    def plain_flags(self, text: str) -> bool:
        """Whether a flag field parses and declares all its flags (then kept in `plain`)."""
        try:
            flags, unknown = self.parse(text, 0)
        except DicFileError:
            return False
        if not unknown:
            self.plain[text] = flags
        return not unknown

    def read(self, line: str, number: int) -> DicEntry | None:
        """Any line's entry; None for a blank line or a comment (Hunspell: tab = comment)."""
        if not line or line[0] == "\t" or line.isspace():
            return None
        return self.entry(line, number)

    def entry(self, line: str, number: int) -> DicEntry:
        word, _, morph = line.partition("\t")
        if " " in word:
            word = word.rstrip(" ")
            if " " in word:  # morphological fields after a space: `word/AB po:noun`
                word, _, rest = word.partition(" ")
                morph = f"{rest} {morph}"
        if "\\" in word or word.startswith("/"):
            stem, flags_text = split_word(word)
        else:
            stem, _, flags_text = word.partition("/")
        flags: frozenset[str] = frozenset()
        if flags_text:
            known = self.flags.get(flags_text)
            if known is None:
                known = self.flags[flags_text] = self.parse(flags_text, number)
            flags, unknown = known
            if unknown and word not in self.tolerated:
                raise DicFileError(self.path, number, f"{stem}: flag(s) {' '.join(unknown)} "
                                                      f"are not declared in {self.aff.path.name}")
        if self.aff.IGNORE:
            stem = "".join(c for c in stem if c not in self.aff.IGNORE)
        return DicEntry(stem, flags, number, flags_text, morph.strip())

    def parse(self, text: str, number: int) -> tuple[frozenset[str], list[str]]:
        """(declared flags, sorted undeclared flags) of a flag field."""
        try:
            flags = parse_flags(text, self.aff)
        except FlagSyntaxError as exc:
            raise DicFileError(self.path, number, str(exc)) from None
        return flags & self.declared, sorted(flags - self.declared)


def split_word(word: str) -> tuple[str, str]:
    """``stem/flags`` → (stem, flags); ``\\/`` is a literal slash in the stem."""
    position = 0
    while True:
        slash = word.find("/", position)
        if slash <= 0:
            return word.replace("\\/", "/"), ""
        if word[slash - 1] != "\\":
            return word[:slash].replace("\\/", "/"), word[slash + 1:]
        position = slash + 1
