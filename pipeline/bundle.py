"""One script for the game page: site_src/js's ES modules joined into one file,
and what it needs only later in chunks beside it.

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

Code needed only later (the end of a run, a dialog) sits behind a standard
dynamic import, string literal only, which works unbundled too (issue 23):

    const end = await import("./run_end.js");   →   import("./torre.run_end.js")

Each target of a bundle's dynamic imports becomes a chunk file beside it,
<bundle stem>.<target stem>.js: the modules reachable from the target that
the bundle lacks, as an ES module that imports the module objects it needs
from the bundle's own file (`import { $m3 } from "./torre.js";`: the same URL,
so the browser reuses the module it already ran) and exports its entry's
exports. The bundle exports exactly those module objects. A target the bundle
already holds resolves to it; a dynamic import inside a chunk, or a module two
chunks both reach, is refused (each would run twice).

Comments on lines of their own and after a line's code, and indentation, are
dropped (a third of the bytes; the modules' names head them only for the tests,
`labels`): safe because no string in these modules spans lines, which the
bundler checks (a template literal or a backslash continuation over a line
end is refused). Why not esbuild: it would make `make build` need Node and an npm download for a
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
# A dynamic import of a literal specifier: the boundary of a lazily loaded chunk.
DYNAMIC_IMPORT = re.compile(rf"\bimport\([ \t]*{SPECIFIER}[ \t]*\)")
EXPORT_DECL = re.compile(rf"^export\s+((?:async\s+)?function\*?\s+|class\s+|const\s+|let\s+)({IDENT})", re.M)
# Comments that fill their lines: `// …` lines and `/* … */` blocks opening a line.
LINE_COMMENT = re.compile(r"^[ \t]*//.*\n", re.M)
BLOCK_COMMENT = re.compile(r"^[ \t]*/\*.*?\*/[ \t]*\n", re.M | re.S)
INDENT = re.compile(r"^[ \t]+", re.M)
BLANK_LINES = re.compile(r"\n{2,}")
# A comment after the code of its line (after ; { } , ) or ]): dropped when no string can hold
# it (without_trailing_comment), since no string goes past its line (compact checks).
TRAILING_COMMENT = re.compile(r"(?<=[;{},)\]])[ \t]+//")
QUOTES = re.compile(r"[\"'`]")
# Anything of the module syntax left after the rewrites above is not supported.
LEFT_OVER = re.compile(r"^\s*(import\b|export\b)|\bimport\s*\(|\bimport\.meta\b", re.M)


class BundleError(InputFileError):
    """A module the bundler cannot join: unsupported syntax, a missing file, a cycle."""


@dataclass
class Module:
    name: str                     # path under the JS root, e.g. "ui/game/game.js"
    source: str
    imports: list[str] = field(default_factory=list)  # module names, in source order
    lazy: list[tuple[int, str]] = field(default_factory=list)  # dynamic imports: (line, module name)


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


def read_modules(root: Path, entry: str, held: set[str] = frozenset(),
                 cache: dict[str, Module] | None = None) -> list[Module]:
    """Every module reachable from `entry` but those `held` (read already, with all they import),
    each after the modules it imports. `cache` (name → Module) spares reading a module again
    for another bundle of the same root."""
    ordered: list[Module] = []
    done: set[str] = set(held)
    cache = {} if cache is None else cache
    visiting: list[str] = []

    def visit(name: str, importer: str | None) -> None:
        if name in done:
            return
        if name in visiting:
            raise BundleError(root / name, None, "import cycle: " + " → ".join([*visiting, name]))
        if name not in cache:
            cache[name] = read_module(root, name, importer)
        module = cache[name]
        visiting.append(name)
        for dependency in module.imports:
            visit(dependency, name)
        visiting.pop()
        done.add(name)
        ordered.append(module)

    visit(entry, None)
    return ordered


def rewrite(module: Module, path: Path, var_of: dict[str, str],
            lazy_of: dict[str, str]) -> tuple[str, list[str]]:
    """The module's body without module syntax, and its exports as object entries;
    `lazy_of`: what each dynamic import's target becomes (a chunk's import, or a module held)."""
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
    left = LEFT_OVER.search(DYNAMIC_IMPORT.sub("chunk", body))  # same lines, the literal ones aside
    if left:
        raise BundleError(path, line_of(body, left.start()), "module syntax the bundler does not support "
                          f"({left.group(0).strip()!r}); see pipeline/bundle.py for what it accepts")
    return DYNAMIC_IMPORT.sub(lambda m: lazy_of[resolve(module.name, m.group(1))], body), exports


def compact(source: str, path: Path) -> str:
    """`source` without its comments (whole-line ones, and those after a line's code) and
    indentation; refuses a string over a line end."""
    for number, line in enumerate(source.splitlines(), 1):
        if line.count("`") % 2 or line.rstrip().endswith("\\"):
            raise BundleError(path, number, "a string goes on past the end of the line; the bundler drops "
                              "indentation and would change it")
    source = "\n".join(map(without_trailing_comment, LINE_COMMENT.sub("", source).split("\n")))
    return BLANK_LINES.sub("\n", INDENT.sub("", BLOCK_COMMENT.sub("", source)))


def without_trailing_comment(line: str) -> str:
    """`line` without the comment after its code, when it is sure to be one: its text has no quote
    (so no string of the line ends after it), or the code before it has no slash (no regular
    expression), no backtick and closes every string it opens (so it is not inside one)."""
    for match in TRAILING_COMMENT.finditer(line):
        code, comment = line[:match.start()], line[match.start():]
        if not QUOTES.search(comment) or ("/" not in code and "`" not in code and not open_string(code)):
            return code
    return line


def open_string(code: str) -> bool:
    """Does `code` (quotes ' and " only, no regular expression) end inside a string?"""
    quote, escaped = None, False
    for char in code:
        if escaped:
            escaped = False
        elif quote and char == "\\":
            escaped = True
        elif char == quote:
            quote = None
        elif not quote and char in "\"'":
            quote = char
    return quote is not None


def read_module(root: Path, name: str, importer: str | None) -> Module:
    """The module `name` under root, with its imports, static and dynamic (these must exist)."""
    path = root / name
    if not path.is_file():
        raise BundleError(root / (importer or name), None, f"imports {name}, which does not exist under {root}")
    source = path.read_text(encoding="utf-8")
    found = sorted((m.start(), resolve(name, m.group(m.lastindex)))
                   for regex in (IMPORT_NAMED, IMPORT_ALL, EXPORT_FROM) for m in regex.finditer(source))
    lazy = [(line_of(source, m.start()), resolve(name, m.group(1))) for m in DYNAMIC_IMPORT.finditer(source)]
    for line, target in lazy:
        if not (root / target).is_file():
            raise BundleError(path, line, f"imports {target}, which does not exist under {root}")
    return Module(name, source, [dependency for _, dependency in found], lazy)


def chunk_name(file: str, target: str) -> str:
    """torre.js + ui/game/run_end.js → torre.run_end.js: one name per bundle and target."""
    return f"{posixpath.splitext(posixpath.basename(file))[0]}.{posixpath.splitext(posixpath.basename(target))[0]}.js"


def split_chunks(root: Path, held: set[str], targets: list[str], file: str,
                 cache: dict[str, Module] | None = None) -> dict[str, tuple[str, list[Module]]]:
    """target → (chunk file, the modules reachable from it that the bundle lacks)."""
    chunks: dict[str, tuple[str, list[Module]]] = {}
    owner: dict[str, str] = {}
    for target in targets:
        name = chunk_name(file, target)
        if any(name == other for other, _ in chunks.values()):
            raise BundleError(root / target, None, f"its chunk would be named {name}, as another dynamic import's is")
        own = read_modules(root, target, held, cache)
        for module in own:
            if module.name in owner:
                raise BundleError(root / module.name, None, f"reached from two chunks' targets ({owner[module.name]}, "
                                  f"{target}): it would run twice; import it from the bundle instead")
            if module.lazy:
                raise BundleError(root / module.name, module.lazy[0][0], "a dynamic import inside a lazily loaded chunk "
                                  "is not supported")
            owner[module.name] = target
        chunks[target] = (name, own)
    return chunks


def module_text(module: Module, root: Path, var_of: dict[str, str], lazy_of: dict[str, str],
                labels: bool = False) -> tuple[str, list[str]]:
    """One module as a function scope run once, and its exports' names; `labels`: headed by its name."""
    body, exports = rewrite(module, root / module.name, var_of, lazy_of)
    body = compact(body, root / module.name)
    returned = f"  return Object.freeze({{ {', '.join(exports)} }});\n" if exports else ""
    label = f"\n// ---- {module.name}\n" if labels else ""
    text = f"{label}const {var_of[module.name]} = (() => {{\n{body.strip()}\n{returned}}})();\n"
    return text, [entry.split(":")[0] for entry in exports]


def bundle_files(root: Path, entry: str = "main.js", file: str = "torre.js",
                 cache: dict[str, Module] | None = None, *, labels: bool = False) -> dict[str, str]:
    """The page's script `file` (every module `entry` imports, joined) and its chunks, by file name.
    `cache`: the modules read for another bundle of the same root (read_modules). `labels`: each
    module headed by a comment with its name (`// ---- ui/game/page.js`), for the tests that read
    which modules a file holds; the site's files go without (300 bytes of every first visit)."""
    cache = {} if cache is None else cache
    modules = read_modules(root, entry, cache=cache)
    held = {m.name for m in modules}
    var_of = {m.name: f"$m{i}" for i, m in enumerate(modules)}
    targets = list(dict.fromkeys(t for m in modules for _, t in m.lazy if t not in held))
    chunks = split_chunks(root, held, targets, file, cache)
    for number, module in enumerate((m for _, own in chunks.values() for m in own), len(modules)):
        var_of[module.name] = f"$m{number}"
    lazy_of = {t: f"Promise.resolve().then(() => {var_of[t]})" for t in held}
    lazy_of.update({t: f'import("./{name}")' for t, (name, _) in chunks.items()})
    imported = {target: {d for m in own for d in m.imports} for target, (_, own) in chunks.items()}
    uses = {target: [var_of[m.name] for m in modules if m.name in names] for target, names in imported.items()}
    needed = set().union(*uses.values())
    shared = [var_of[m.name] for m in modules if var_of[m.name] in needed]
    parts = [f"// A Torre: {len(modules)} modules of site_src/js joined by pipeline/bundle.py, "
             f"from {entry}. Generated: edit the modules, not this file.\n"]
    parts.extend(module_text(m, root, var_of, lazy_of, labels)[0] for m in modules)
    if shared:
        parts.append(f"export {{ {', '.join(shared)} }};\n")
    files = {file: "".join(parts)}
    for target, (name, own) in chunks.items():
        files[name] = chunk_text(file, target, own, uses[target], root, var_of, lazy_of, labels)
    return files


def chunk_text(file: str, target: str, own: list[Module], uses: list[str], root: Path,
               var_of: dict[str, str], lazy_of: dict[str, str], labels: bool = False) -> str:
    """A chunk: it imports `uses` (module objects) from the bundle `file`, runs its own modules
    (the target's last) and exports the target's exports."""
    parts = [f"// A Torre: {len(own)} modules of site_src/js that {file} loads when it first imports {target}, "
             f"joined by pipeline/bundle.py. Generated: edit the modules, not this file.\n"]
    if uses:
        parts.append(f'import {{ {", ".join(uses)} }} from "./{posixpath.basename(file)}";\n')
    exported: list[str] = []
    for module in own:
        text, exported = module_text(module, root, var_of, lazy_of, labels)
        parts.append(text)
    if exported:
        parts.append(f"export const {{ {', '.join(exported)} }} = {var_of[target]};\n")
    return "".join(parts)


def bundle(root: Path, entry: str = "main.js", file: str = "torre.js", *, labels: bool = False) -> str:
    """The page's one script, without its chunks (bundle_files): every module reachable from `entry`, joined."""
    return bundle_files(root, entry, file, labels=labels)[file]
