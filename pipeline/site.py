"""The static site: jinja2 pages from site_src/templates, assets, sw.js, _headers.

Autoescape is on for every HTML template and `StrictUndefined` turns a typo
into an error instead of an empty string. URLs reach the client through
data-attributes (no inline script), see templates/index.html.
"""
from __future__ import annotations

import hashlib
import json
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
import markupsafe

from . import assets
from . import common_words
from . import constants as C
from . import icons
from . import spdx
from .bundle import BundleError, Module, bundle_files, compact
from . import days
from .published import VERSIONS, WordListVersion, word_list_version

SITE_SRC = Path(__file__).resolve().parent.parent / "site_src"
LAYOUTS = frozenset({"base.html"})
WORD_PAGE = "coimbra-palavra.html"
# Pages written at the root under their own name: the service worker answers
# them for a URL that is not in the build (404) or not kept offline (sem-rede).
ROOT_PAGES = ("index.html", "404.html", "sem-rede.html")
# Files copied from site_src/ to the root of dist/. boot.js has a
# stable name, outside static/<hash>/: it must load even when a stale page
# points at a static folder that is gone, to say so. It is on every first visit,
# so it goes without its comments and indentation, as the bundles do (COMPACTED).
ROOT_FILES = ("favicon.svg", "manifest.webmanifest", "boot.js")
COMPACTED = frozenset({"boot.js"})
# The game page's one script, made from site_src/js by pipeline/bundle.py, and
# every page's one stylesheet, the sheets joined in this order (the cascade of
# two sheets in a row is that of the two joined): one request each (issue 14).
BUNDLE = "js/torre.js"
# The archive's, the replay's and the challenge's pages each load their own, smaller script
# (entry → bundle); the practice page (/treino/) the game's modules with the practice mode, so
# that the game page's first visit never carries it.
ARCHIVE_BUNDLE, REPLAY_BUNDLE, PRACTICE_BUNDLE = "js/arquivo.js", "js/repeticao.js", "js/treino.js"
CHALLENGE_BUNDLE = "js/desafio.js"
PAGE_BUNDLES = {ARCHIVE_BUNDLE: "archive_main.js", REPLAY_BUNDLE: "replay_main.js",
                PRACTICE_BUNDLE: "practice_main.js", CHALLENGE_BUNDLE: "challenge_main.js"}
# Each page bundle comes with a chunk per dynamic import's target (pipeline/bundle.py), e.g.
# js/torre.run_end.js: loaded when a run ends or a dialog opens, never by a first visit, but
# precached, so that a run can end offline.
# The analysis worker's bundle: loaded only when a run ends (ui/shared/analysis_client.js), not precached.
WORKER_BUNDLE = "js/analise.js"
WORKER_ENTRY = "worker/analysis.js"
STYLESHEET = "css/estilo.css"
STYLESHEET_PARTS = ("css/game.css", "css/aprender.css", "css/site.css", "css/fim.css")
# The game page's own: the same less its last part (LATER_STYLESHEET: the end screen's, the dialogs'
# and the other pages' rules), which ui/game/run_end.js links once a run ends or a dialog opens (issue 23).
GAME_STYLESHEET = "css/jogo.css"
LATER_STYLESHEET = STYLESHEET_PARTS[-1]
# What a service worker never lists among the build's files.
NOT_SERVED = frozenset({"_headers"})
# Every published word list under its id (pipeline.published), and the list of the days
# written by pipeline.days, which the archive page reads.
DAY_INDEX = f"/dias/{days.DAY_INDEX}"
# The practice towers' folder (pipeline.days.write_practice), beside the /treino/ page.
PRACTICE = "treino"


def is_partial(name: str) -> bool:
    """Templates whose name starts with "_" are only included, never rendered."""
    return Path(name).name.startswith("_")


def page_path(template: str) -> str:
    """Where a page template is written: a root page (index.html, 404.html, …) or <stem>/index.html."""
    if template in ROOT_PAGES:
        return template
    return f"{Path(template).stem}/index.html"


def page_url(path: str) -> str:
    """The URL a written page is asked for: / and /x/ for index pages, else its file."""
    if path == "index.html" or path.endswith("/index.html"):
        return "/" + path[:-len("index.html")]
    return f"/{path}"


@dataclass
class SiteInput:
    """What the pages show; every field comes from an earlier stage."""

    coimbra: list[Any]            # pipeline.coimbra.CoimbraWord (word, folded, blurb, slug, …)
    sources: list[Any]            # pipeline.sources.DictionarySource
    dawg: bytes                   # palavras.dawg, written under its content hash
    word_count: int               # words in palavras.txt, shown on /fontes/
    word_files: list[str] = field(default_factory=list)  # e.g. ["palavras.txt", …]
    site_src: Path = SITE_SRC
    compression_cache: Path | None = None  # see assets.CompressionCache
    # Earlier word lists still in play in saves and replay links (pipeline.published).
    published_versions: dict[str, WordListVersion] = field(default_factory=dict)
    # The common words' own DAWG (pipeline.common_words), written under its content hash
    # and named by data-comuns; none in a site built without them.
    common_dawg: bytes | None = None
    common_count: int = 0         # words in palavras-comuns.txt, shown on /fontes/
    # The build window's first day (pipeline.days): no day before it was ever played, so an import
    # that brings one is refused (data-primeiro-dia).
    first_day: str | None = None


@dataclass
class SiteReport:
    static_hash: str
    dawg_name: str
    version: str                  # the current word list's id (data-versao)
    versions: list[str]           # every id in versoes/, the current one included
    pages: list[str]
    compressed: int


def environment(site_src: Path) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(site_src / "templates"),
        # On for every template file; off only for sw.js (JavaScript, read with
        # from_string), whose values go through `tojson`.
        autoescape=jinja2.select_autoescape(default_for_string=False, default=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["grouped_digits"] = lambda n: f"{n:,}".replace(",", "\u00a0")
    env.filters["dates_in_words"] = dates_in_words
    return env


MONTHS = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro",
          "outubro", "novembro", "dezembro")


def dates_in_words(text: str) -> str:
    """«hunspell-pt_PT-preao (2015-01-06)» as the pages write dates: «… (6 de janeiro de 2015)». The
    release's name keeps its ISO date where it is an identifier (the CLI, docs/licensing.md)."""
    return re.sub(r"\b(\d{4})-(\d{2})-(\d{2})\b",
                  lambda m: f"{int(m[3])} de {MONTHS[int(m[2]) - 1]} de {m[1]}", text)


def coimbra_index(words: list[Any]) -> dict[str, dict]:
    """dist/coimbra.json: folded word → {word, blurb, slug, opener}, for the client; `opener`
    publishes the 22 openers that every day file is derived from (docs/days-format.md)."""
    return {w.folded: {"word": w.word, "blurb": w.blurb, "slug": w.slug, "opener": w.opener}
            for w in sorted(words, key=lambda w: w.folded)}


def write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def write_text(path: Path, text: str) -> None:
    write_bytes(path, text.encode("utf-8"))


def coimbra_json(words: list[Any]) -> bytes:
    """The bytes of dist/coimbra.json."""
    return (json.dumps(coimbra_index(words), ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def current_version(site: SiteInput) -> WordListVersion:
    """The word list this build plays with, under its id (pipeline.published)."""
    version = word_list_version(site.dawg, (w.folded for w in site.coimbra))
    return WordListVersion(version, site.dawg, coimbra_json(site.coimbra))


def write_versions(out_dir: Path, current: WordListVersion,
                   published: dict[str, WordListVersion]) -> list[str]:
    """versoes/<id>.dawg and <id>.coimbra.json for every published version and the current
    one. A stored version keeps its stored bytes: the files are immutable under their name."""
    versions = {current.id: current, **published}
    for version in versions.values():
        write_bytes(out_dir / VERSIONS / f"{version.id}.dawg", version.dawg)
        write_bytes(out_dir / VERSIONS / f"{version.id}.coimbra.json", version.coimbra_json)
    return sorted(versions)


def favicon_uri(svg: str) -> markupsafe.Markup:
    """site_src/favicon.svg as a data: URI for the pages' <link rel=icon>: no request of its own on
    any visit (a first visit paid 778 B of headers and body for it). Only the characters a URL or a
    double-quoted attribute may not hold are escaped, so the markup stays short and readable."""
    compact_svg = " ".join(svg.replace('"', "'").split()).replace("> <", "><")
    escaped = "".join(f"%{ord(ch):02X}" if ch in '%#<>&"' or ord(ch) > 126 else ch for ch in compact_svg)
    return markupsafe.Markup(f"data:image/svg+xml,{escaped}")


def page_context(site: SiteInput, folder: str, static_urls: list[str], dawg_name: str,
                 version: str, common_name: str | None = None) -> dict:
    """What every page template may use."""
    return {
        # Our own constant, without '"': kept readable ('self', not &#39;self&#39;).
        "csp": markupsafe.Markup(assets.CSP),
        "favicon": favicon_uri((site.site_src / "favicon.svg").read_text(encoding="utf-8")),
        "c": C, "trunfos": {t["id"]: t for t in C.TRUNFOS}, "static": f"/static/{folder}/",
        "dawg_url": f"/{dawg_name}", "first_day": site.first_day,
        "comuns_url": f"/{common_name}" if common_name else "",
        "common_count": site.common_count, "common_files": list(common_words.FILES),
        "common_top": common_words.TOP_N, "common_spdx": common_words.SPDX,
        "wordfreq_version": common_words.WORDFREQ_VERSION,
        "common_attributions": common_words.ATTRIBUTIONS, "wordfreq_url": common_words.WORDFREQ_URL,
        "cc_by_sa_url": common_words.CC_BY_SA_URL,
        "spdx_document": spdx.DOCUMENT, "coimbra_licence": spdx.COIMBRA_LICENCE,
        "stylesheets": [f"/static/{folder}/{STYLESHEET}"],
        "game_stylesheets": [f"/static/{folder}/{GAME_STYLESHEET}"],
        "later_stylesheet": f"/static/{folder}/{LATER_STYLESHEET}",
        "main_js": f"/static/{folder}/{BUNDLE}",
        "archive_js": f"/static/{folder}/{ARCHIVE_BUNDLE}", "replay_js": f"/static/{folder}/{REPLAY_BUNDLE}",
        "practice_js": f"/static/{folder}/{PRACTICE_BUNDLE}",
        "challenge_js": f"/static/{folder}/{CHALLENGE_BUNDLE}",
        "coimbra_words": sorted(site.coimbra, key=lambda w: w.folded), "sources": site.sources,
        "coimbra_by_slug": {w.slug: w for w in site.coimbra},
        "word_count": site.word_count, "word_files": site.word_files,
        "versao": version, "versoes_url": f"/{VERSIONS}/",
        "practice_url": f"/{PRACTICE}/", "practice_towers": days.PRACTICE_TOWERS,
    }


def render_pages(env: jinja2.Environment, templates: Path, out_dir: Path, shared: dict,
                 coimbra: list[Any]) -> list[str]:
    """Every page template but layouts and partials, plus one page per Coimbra word."""
    pages = []
    for template in sorted(p.name for p in templates.glob("*.html")):
        if is_partial(template) or template in LAYOUTS or template == WORD_PAGE:
            continue
        path = page_path(template)
        write_text(out_dir / path, env.get_template(template).render(shared, page=path))
        pages.append(path)
    for word in coimbra:
        path = f"coimbra/{word.slug}/index.html"
        write_text(out_dir / path,
                   env.get_template(WORD_PAGE).render(shared, entry=word, page=path))
        pages.append(path)
    return sorted(pages)


def is_tower_file(relative: Path) -> bool:
    """Day files and practice towers: the service worker knows them by pattern, not by list."""
    return relative.parts[0] == "dias" or (relative.parts[0] == PRACTICE and relative.suffix == ".json")


def build_files(out_dir: Path) -> list[str]:
    """URL paths of every file written so far, but tower files and compressed copies."""
    return sorted("/" + p.relative_to(out_dir).as_posix() for p in out_dir.rglob("*")
                  if p.is_file() and p.suffix not in (".br", ".gz") and p.name not in NOT_SERVED
                  and not p.name.startswith(".")
                  and not is_tower_file(p.relative_to(out_dir)))


def day_range(out_dir: Path) -> dict | None:
    """{first, last} of the day files written (dias/YYYY-MM-DD.json), or None."""
    dates = sorted(p.stem for p in (out_dir / "dias").glob("????-??-??.json"))
    return {"first": dates[0], "last": dates[-1]} if dates else None


def content_version(out_dir: Path, urls: list[str]) -> str:
    """A hash of the precached files' names and bytes: any change installs a new worker."""
    digest = hashlib.sha256()
    for url in urls:
        path = out_dir / (url.lstrip("/") + ("index.html" if url.endswith("/") else ""))
        digest.update(url.encode("utf-8") + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:assets.HASH_LENGTH]


def page_scripts(src: Path, cache: dict[str, Module] | None = None) -> dict[str, bytes]:
    """Every page's bundle and its chunks, under their names in static/<hash>/ (js/…).
    The bundles share `cache`, so each module of site_src/js is read once (bundle.read_modules)."""
    cache = {} if cache is None else cache
    scripts = {}
    for name, entry in {BUNDLE: "main.js", **PAGE_BUNDLES}.items():
        folder, file = posixpath.split(name)
        for chunk, text in bundle_files(src / "js", entry, file, cache).items():
            scripts[f"{folder}/{chunk}"] = text.encode("utf-8")
    return scripts


def worker_script(src: Path, cache: dict[str, Module] | None = None) -> bytes:
    """The analysis worker's bundle: a classic script (analysis_client.js), so no chunk, no export."""
    files = bundle_files(src / "js", WORKER_ENTRY, posixpath.basename(WORKER_BUNDLE), cache)
    if len(files) > 1:
        raise BundleError(src / "js" / WORKER_ENTRY, None, "the analysis worker is a classic script: "
                          "it cannot load a chunk (a dynamic import)")
    return next(iter(files.values())).encode("utf-8")


CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
CSS_STRING = re.compile(r"\"[^\"\n]*\"|'[^'\n]*'")


def compact_css(text: str, path: Path) -> str:
    """A stylesheet without its comments, indentation and blank lines (a third of its bytes under
    brotli, on every first visit); refuses a string that holds a comment's mark, which this would cut."""
    for number, line in enumerate(text.splitlines(), 1):
        if any("/*" in s or "*/" in s for s in CSS_STRING.findall(line)):
            raise BundleError(path, number, "a string holds /* or */: the stylesheet's comments cannot be dropped")
    text = CSS_COMMENT.sub("", text)
    return "\n".join(line.strip() for line in text.splitlines() if line.strip()) + "\n"


def generated_assets(src: Path) -> dict[str, bytes]:
    """The files of static/<hash>/ that the build makes: the bundles, their chunks and the joined stylesheets."""
    parts = [compact_css((src / part).read_text(encoding="utf-8"), src / part) for part in STYLESHEET_PARTS]
    cache: dict[str, Module] = {}
    return {**page_scripts(src, cache), STYLESHEET: "".join(parts).encode("utf-8"),
            GAME_STYLESHEET: "".join(parts[:-1]).encode("utf-8"), WORKER_BUNDLE: worker_script(src, cache)}


def page_assets(static_urls: list[str], generated: dict[str, bytes]) -> list[str]:
    """The static files pages load, or may load offline: the pages' bundles and their chunks, the
    joined stylesheets and the game page's later one, not the other parts, nor the analysis worker."""
    loaded = tuple("/" + name for name in [*generated, LATER_STYLESHEET] if name != WORKER_BUNDLE)
    return [u for u in static_urls if u.endswith(loaded)]


def render_service_worker(env: jinja2.Environment, src: Path, out_dir: Path,
                          precache: list[str]) -> None:
    """sw.js from the client's template: version, precache, the build's other files, its days."""
    precache = sorted(set(precache))
    others = {url for url in build_files(out_dir) if page_url(url[1:]) not in precache}
    worker = env.from_string((src / "sw.js").read_text(encoding="utf-8"))
    write_text(out_dir / "sw.js", worker.render(
        version=content_version(out_dir, precache), precache=precache,
        other_files=sorted(others | {"/sw.js"}), days=day_range(out_dir),
        practice=len(list((out_dir / PRACTICE).glob("*.json")))))


def render_site(out_dir: Path, site: SiteInput) -> SiteReport:
    """Write pages, assets, coimbra.json, constantes.json, sw.js, _headers, then compress."""
    src = site.site_src
    generated = generated_assets(src)
    folder, static_urls = assets.copy_static(src, out_dir, generated)
    dawg_name = assets.write_dawg(site.dawg, out_dir)
    common_name = (assets.write_dawg(site.common_dawg, out_dir, "palavras-comuns", alias=False)
                   if site.common_dawg else None)
    write_text(out_dir / "constantes.json", C.as_json())
    current = current_version(site)
    (out_dir / "coimbra.json").write_bytes(current.coimbra_json)
    versions = write_versions(out_dir, current, site.published_versions)
    for name in ROOT_FILES:
        source = (src / name).read_bytes()
        if name in COMPACTED:
            source = compact(source.decode("utf-8"), src / name).encode("utf-8")
        (out_dir / name).write_bytes(source)
    icon_urls = icons.write_icons(out_dir)
    env = environment(src)
    shared = page_context(site, folder, static_urls, dawg_name, current.id, common_name)
    pages = render_pages(env, src / "templates", out_dir, shared, site.coimbra)
    render_service_worker(env, src, out_dir, [
        *(page_url(p) for p in pages), "/constantes.json", "/coimbra.json", *page_assets(static_urls, generated),
        *([DAY_INDEX] if (out_dir / DAY_INDEX.lstrip("/")).is_file() else []),
        f"/{dawg_name}", *(f"/{name}" for name in ROOT_FILES), *icon_urls])
    write_text(out_dir / "_headers", assets.headers_file(dawg_name, common_name))
    cache = assets.CompressionCache(site.compression_cache) if site.compression_cache else None
    count = assets.compress_tree(out_dir, cache=cache)
    return SiteReport(folder, dawg_name, current.id, versions, pages, count)
