"""One script for the game page: site_src/js's ES modules joined into one file.

On a phone's network every module is a request and every level of imports a
round trip (issue 14): main.js sits six imports deep over 40 files. The page
loads this bundle instead; the modules stay as they are in site_src/ (and are
still copied to static/<hash>/js/ for the tests that import them one by one).

The game's modules use a small part of the module syntax, and the bundler
accepts exactly that part, refusing anything else with file:line:

    import { a, b as c } from "./x.js";      const { a, b: c } = $m3;
    import * as engine from "./engine/index.js";   const engine = $m7;
    export { a, b as c } from "./x.js";       a: $m3.a, c: $m3.b  (in the exports)
    export function f / async function / class / const / let   (the keyword dropped)

Each module becomes a function scope run once, in dependency order, returning
its exports; so names never clash between modules, and a module runs after
everything it imports, as the browser would run them. A cycle is refused.
Comments on lines of their own and indentation are dropped (a third of the
bytes): safe because no string in these modules spans lines, which the
bundler checks (a template literal or a backslash continuation over a line
end is refused). Why
not esbuild: it would make `make build` need Node and an npm download for a
job this small; the output here is deterministic, readable, and every e2e test
runs on it.
"""
from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import InputFileError

IDENT = r"[A-Za-z_$][\w$]*"
SPECIFIER = r'"(\.{1,2}/[^"]+\.js)"'
IMPORT_NAMED = re.compile(rf"^import\s*\{{([^}}]*)\}}\s*from\s*{SPECIFIER};[ \t]*$", re.M)
IMPORT_ALL = re.compile(rf"^import\s*\*\s*as\s+({IDENT})\s+from\s*{SPECIFIER};[ \t]*$", re.M)
EXPORT_FROM = re.compile(rf"^export\s*\{{([^}}]*)\}}\s*from\s*{SPECIFIER};[ \t]*$", re.M)
EXPORT_DECL = re.compile(rf"^export\s+((?:async\s+)?function\*?\s+|class\s+|const\s+|let\s+)({IDENT})", re.M)
# Comments that fill their lines: `// …` lines and `/* … */` blocks opening a line.
LINE_COMMENT = re.compile(r"^[ \t]*//.*\n", re.M)
BLOCK_COMMENT = re.compile(r"^[ \t]*/\*.*?\*/[ \t]*\n", re.M | re.S)
INDENT = re.compile(r"^[ \t]+", re.M)
BLANK_LINES = re.compile(r"\n{2,}")
# A comment after the code of its line (after ; { } , ) or ]): no string can hold it, since
# its text has no quote of any kind and no string goes past its line (compact checks).
TRAILING_COMMENT = re.compile(r"(?<=[;{},)\]])[ \t]+//[^\n\"'`]*$", re.M)
# Anything of the module syntax left after the rewrites above is not supported.
LEFT_OVER = re.compile(r"^\s*(import\b|export\b)|\bimport\s*\(|\bimport\.meta\b", re.M)


class BundleError(InputFileError):
    """A module the bundler cannot join: unsupported syntax, a missing file, a cycle."""


@dataclass
class Module:
    name: str                     # path under the JS root, e.g. "ui/game/game.js"
    source: str
    imports: list[str] = field(default_factory=list)  # module names, in source order


def line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def pairs(names: str, path: Path, text: str, offset: int) -> list[tuple[str, str]]:
    """"a, b as c" → [("a", "a"), ("b", "c")]: (name exported, name bound)."""
    result = []
    for part in (p.strip() for p in names.split(",")):
        if not part:
            continue
        match = re.fullmatch(rf"({IDENT})(?:\s+as\s+({IDENT}))?", part)
        if not match:
            raise BundleError(path, line_of(text, offset), f"cannot read the import or export list item {part!r}")
        result.append((match.group(1), match.group(2) or match.group(1)))
    return result


def resolve(importer: str, specifier: str) -> str:
    return posixpath.normpath(posixpath.join(posixpath.dirname(importer), specifier))


def read_modules(root: Path, entry: str) -> list[Module]:
    """Every module reachable from `entry`, each after the modules it imports."""
    ordered: list[Module] = []
    done: set[str] = set()
    visiting: list[str] = []

    def visit(name: str, importer: str | None) -> None:
        if name in done:
            return
        if name in visiting:
            raise BundleError(root / name, None, "import cycle: " + " → ".join([*visiting, name]))
        path = root / name
        if not path.is_file():
            raise BundleError(root / (importer or name), None, f"imports {name}, which does not exist under {root}")
        source = path.read_text(encoding="utf-8")
        found = sorted((m.start(), resolve(name, m.group(m.lastindex)))
                       for regex in (IMPORT_NAMED, IMPORT_ALL, EXPORT_FROM) for m in regex.finditer(source))
        module = Module(name, source, [dependency for _, dependency in found])
        visiting.append(name)
        for dependency in module.imports:
            visit(dependency, name)
        visiting.pop()
        done.add(name)
        ordered.append(module)

    visit(entry, None)
    return ordered


def rewrite(module: Module, path: Path, var_of: dict[str, str]) -> tuple[str, list[str]]:
    """The module's body without module syntax, and its exports as object entries."""
    text, exports = module.source, []

    def named_import(match: re.Match) -> str:
        items = pairs(match.group(1), path, text, match.start())
        binds = ", ".join(name if name == bound else f"{name}: {bound}" for name, bound in items)
        return f"const {{ {binds} }} = {var_of[resolve(module.name, match.group(2))]};"

    def export_from(match: re.Match) -> str:
        source = var_of[resolve(module.name, match.group(2))]
        exports.extend(f"{bound}: {source}.{name}" for name, bound in pairs(match.group(1), path, text, match.start()))
        return ""

    def declaration(match: re.Match) -> str:
        exports.append(match.group(2))
        return match.group(1) + match.group(2)

    body = IMPORT_NAMED.sub(named_import, text)
    body = IMPORT_ALL.sub(lambda m: f"const {m.group(1)} = {var_of[resolve(module.name, m.group(2))]};", body)
    body = EXPORT_FROM.sub(export_from, body)
    body = EXPORT_DECL.sub(declaration, body)
    left = LEFT_OVER.search(body)
    if left:
        raise BundleError(path, line_of(body, left.start()), "module syntax the bundler does not support "
                          f"({left.group(0).strip()!r}); see pipeline/bundle.py for what it accepts")
    return body, exports


def compact(source: str, path: Path) -> str:
    """`source` without its comments (whole-line ones, and those after a line's code) and
    indentation; refuses a string over a line end."""
    for number, line in enumerate(source.splitlines(), 1):
        if line.count("`") % 2 or line.rstrip().endswith("\\"):
            raise BundleError(path, number, "a string goes on past the end of the line; the bundler drops "
                              "indentation and would change it")
    source = TRAILING_COMMENT.sub("", LINE_COMMENT.sub("", source))
    return BLANK_LINES.sub("\n", INDENT.sub("", BLOCK_COMMENT.sub("", source)))


def bundle(root: Path, entry: str = "main.js") -> str:
    """The page's one script: every module reachable from `entry`, joined."""
    modules = read_modules(root, entry)
    var_of = {m.name: f"$m{i}" for i, m in enumerate(modules)}
    parts = [f"// A Torre: {len(modules)} modules of site_src/js joined by pipeline/bundle.py, "
             f"from {entry}. Generated: edit the modules, not this file.\n"]
    for module in modules:
        body, exports = rewrite(module, root / module.name, var_of)
        body = compact(body, root / module.name)
        returned = f"  return Object.freeze({{ {', '.join(exports)} }});\n" if exports else ""
        parts.append(f"\n// ---- {module.name}\nconst {var_of[module.name]} = (() => {{\n"
                     f"{body.rstrip()}\n{returned}}})();\n")
    return "".join(parts)
