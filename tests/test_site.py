"""The static site: pages, CSP, escaping, links, hashed assets, compression, _headers."""
from __future__ import annotations

import brotli
import gzip
import json
import re
import shutil
import urllib.parse
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import jinja2
import markupsafe
import pytest

from pipeline import spdx
from pipeline import constants as C
from pipeline.coimbra import CoimbraWord as Word
from pipeline.sources import DictionarySource
from pipeline.assets import CSP, static_hash
from pipeline.bundle import BundleError, bundle, bundle_files, compact
from pipeline.site import (SITE_SRC, compact_css, SiteInput, generated_assets, is_partial, page_path, page_url, render_site,
                           worker_script)
from test_days import OPENERS
HOSTILE = 'Sino da Universidade <script>alert("x")</script> & "aspas"'


def fixture_words() -> list[Word]:
    words = [Word(w.capitalize(), w, f"Frase sobre {w.lower()}.", w.lower(), True,
                  f"Primeira frase. Frase sobre {w.lower()}.") for w in OPENERS]
    words[2] = Word("Cabra", "CABRA", HOSTILE, "cabra", True, f"A torre tem um sino. {HOSTILE}")
    words.append(Word("Penedo da Saudade", "PENEDO", "Miradouro.", "penedo", False,
                      "Um jardim. Miradouro."))
    return words


def fixture_sources() -> list[DictionarySource]:
    return [DictionarySource(i, f"hunspell-pt_PT{s}-20251001", f"https://example.org/{i}.tar.gz",
                   Path(f"pt_PT{s}.aff"), Path(f"pt_PT{s}.dic"), "a" * 64, "b" * 64,
                   "GPL-2.0 OR LGPL-2.1 OR MPL-1.1") for i, s in (("ao90", ""), ("preao", "-preao"))]


def render(out: Path, site_src: Path = SITE_SRC, dawg: bytes = b"DAWG" * 100,
           words: list[Word] | None = None, compression_cache: Path | None = None):
    (out / "palavras.txt").write_text("AB\nABA\n")
    return render_site(out, SiteInput(words or fixture_words(), fixture_sources(), dawg=dawg,
                                      word_count=49109, word_files=["palavras.txt"],
                                      site_src=site_src, compression_cache=compression_cache))


def tree(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    return out, render(out)


class Tags(HTMLParser):
    """Every start tag with its attributes, for the checks below."""

    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.script_text = ""
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.script_text += data


def parse(path: Path) -> Tags:
    tags = Tags()
    tags.feed(path.read_text(encoding="utf-8"))
    return tags


def html_pages(root: Path) -> list[Path]:
    return sorted(root.rglob("*.html"))


def test_every_page_is_rendered(site):
    out, report = site
    for page in ("index.html", "como-jogar/index.html", "coimbra/index.html",
                 "fontes/index.html", "404.html", "sem-rede.html", "coimbra/cabra/index.html",
                 "coimbra/penedo/index.html", "arquivo/index.html", "repeticao/index.html",
                 "treino/index.html", "desafio/index.html"):
        assert (out / page).is_file(), page
    assert len(report.pages) == 10 + len(fixture_words())


def test_every_page_has_the_csp_meta_lang_pt_pt_and_open_graph(site):
    out, _ = site
    for page in html_pages(out):
        tags = parse(page)
        metas = [a for t, a in tags.tags if t == "meta"]
        assert {"http-equiv": "Content-Security-Policy", "content": CSP} in metas, page
        assert f'content="{CSP}"' in page.read_text(), page
        assert ("html", {"lang": "pt-PT"}) in tags.tags, page
        properties = {m.get("property") for m in metas}
        assert {"og:title", "og:description", "og:type", "og:locale"} <= properties, page
        names = {m.get("name") for m in metas}
        assert {"description", "theme-color", "viewport"} <= names, page
        rels = {a.get("rel") for t, a in tags.tags if t == "link"}
        assert {"icon", "manifest", "stylesheet"} <= rels, page


def test_no_page_has_inline_script_style_or_event_handler(site):
    out, _ = site
    for page in html_pages(out):
        tags = parse(page)
        assert tags.script_text.strip() == "", page
        for tag, attrs in tags.tags:
            assert tag != "style", page
            assert "style" not in attrs, (page, tag)
            assert not any(name.startswith("on") for name in attrs), (page, tag)
            if tag == "script":
                assert attrs.get("src", "").startswith("/static/") or attrs["src"] == "/boot.js", page


def test_no_page_loads_anything_from_another_origin(site):
    out, _ = site
    for page in html_pages(out):
        for tag, attrs in parse(page).tags:
            for name in ("src",) + (("href",) if tag == "link" else ()):
                if name in attrs and not (tag == "link" and attrs.get("rel") == "icon"):  # the favicon is inline (below)
                    assert attrs[name].startswith("/"), (page, tag, attrs)


def test_every_page_carries_the_favicon_inline_the_very_svg_of_site_src(site):
    # A data: URI: no request of its own on any visit (a first visit paid 778 B for it as a file).
    out, _ = site
    source = ET.canonicalize((SITE_SRC / "favicon.svg").read_text(encoding="utf-8"), strip_text=True)
    for page in html_pages(out):
        icons = [a["href"] for t, a in parse(page).tags if t == "link" and a.get("rel") == "icon"]
        assert len(icons) == 1 and icons[0].startswith("data:image/svg+xml,"), page
        svg = urllib.parse.unquote(icons[0].removeprefix("data:image/svg+xml,"))
        assert ET.canonicalize(svg, strip_text=True) == source, page
        assert not set(icons[0]) & set('"<>#&'), "only what an attribute and a URL may hold"


def internal_target(root: Path, url: str) -> Path:
    path = url.split("#")[0].split("?")[0]
    return root / (path.lstrip("/") + "index.html" if path.endswith("/") else path.lstrip("/"))


def test_all_internal_links_resolve(site):
    out, _ = site
    checked = 0
    for page in html_pages(out):
        for tag, attrs in parse(page).tags:
            for name in ("href", "src"):
                url = attrs.get(name, "")
                if url == f"/{spdx.DOCUMENT}":  # written by the build after the site (test_licence.py)
                    continue
                if url.startswith("/"):
                    assert internal_target(out, url).is_file(), (page, url)
                    checked += 1
    assert checked > 100


def test_a_blurb_with_a_script_tag_renders_escaped(site):
    out, _ = site
    for page in ("coimbra/cabra/index.html", "coimbra/index.html"):
        text = (out / page).read_text()
        assert "<script>alert" not in text
        assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &#34;aspas&#34;" in text


def test_the_home_page_passes_urls_through_data_attributes(site):
    out, report = site
    main = next(a for t, a in parse(out / "index.html").tags if t == "main")
    assert main["id"] == "jogo"
    assert main["data-static"] == f"/static/{report.static_hash}/"
    assert main["data-dawg"] == f"/{report.dawg_name}"
    assert main["data-constants"] == "/constantes.json"
    assert main["data-days"] == "/dias/"
    assert main["data-coimbra"] == "/coimbra.json"
    assert main["data-versao"] == report.version and re.fullmatch(r"[0-9a-f]{10}", report.version)
    assert main["data-versoes"] == "/versoes/"


def test_the_archive_page_is_a_shell_its_script_fills_from_the_day_index(site):
    out, report = site
    tags = parse(out / "arquivo" / "index.html").tags
    main = next(a for t, a in tags if t == "main")
    assert (main["id"], main["data-indice"], main["data-days"]) == (
        "arquivo", "/dias/indice.json", "/dias/")
    assert ("script", {"type": "module", "src": f"/static/{report.static_hash}/js/arquivo.js"}) in tags
    text = (out / "arquivo" / "index.html").read_text(encoding="utf-8")
    assert "<h1>Arquivo</h1>" in text and "<noscript>" in text


@pytest.mark.parametrize("folder, bundle", [("repeticao", "repeticao.js"), ("desafio", "desafio.js")])
def test_the_replay_and_challenge_pages_are_shells_naming_the_word_lists_days_and_constants(site, folder, bundle):
    out, report = site
    tags = parse(out / folder / "index.html").tags
    main = next(a for t, a in tags if t == "main")
    assert main["id"] == folder
    assert main["data-versoes"] == "/versoes/" and main["data-days"] == "/dias/"
    assert main["data-constants"] == "/constantes.json" and main["data-versao"] == report.version
    assert ("script", {"type": "module", "src": f"/static/{report.static_hash}/js/{bundle}"}) in tags
    assert "<noscript>" in (out / folder / "index.html").read_text(encoding="utf-8")


def test_every_page_links_the_archive_in_its_navigation_and_the_replay_page_in_its_footer(site):
    out, _ = site
    for path in html_pages(out):
        text = path.read_text(encoding="utf-8")
        nav = text[text.index("<nav"):text.index("</nav>")]
        footer = text[text.index("<footer"):text.index("</footer>")]
        assert 'href="/arquivo/"' in nav, path
        assert 'href="/repeticao/"' in footer, path


def test_every_file_at_the_root_has_a_cache_rule_in_headers(site):
    out, _ = site
    rules, path = {}, None
    for line in (out / "_headers").read_text().splitlines():
        if not line.startswith(" "):
            path = line
        elif line.strip().startswith("Cache-Control:"):
            rules[path] = line
    files = ["/" if p.name == "index.html" else f"/{p.name}" for p in out.iterdir()
             if p.is_file() and p.suffix not in (".br", ".gz") and p.name != "_headers"]
    missing = [f for f in files if not any(f == r or (r.endswith("*") and f.startswith(r[:-1])) for r in rules)]
    assert missing == []


def test_every_coimbra_word_page_contains_its_blurb(site):
    out, _ = site
    for word in fixture_words():
        if "<" not in word.blurb:
            assert word.blurb in (out / "coimbra" / word.slug / "index.html").read_text()


def tile_rows(html: str) -> list[tuple[str, int, int]]:
    table = html.split('<table class="pecas">')[1].split("</table>")[0]
    return [(l, int(v), int(c)) for l, v, c in re.findall(
        r'<tr><th scope="row">(\w)</th><td>(\d+)</td><td>(\d+)</td></tr>', table)]


def test_the_rules_page_shows_all_117_tiles_values_and_counts(site):
    out, _ = site
    rows = tile_rows((out / "como-jogar" / "index.html").read_text())
    assert rows == list(C.TILES)
    assert sum(count for _, _, count in rows) == 117


def test_the_rules_page_states_the_targets_and_trunfos_from_the_constants(site):
    text = (site[0] / "como-jogar" / "index.html").read_text()
    for target in C.TARGETS:
        assert f"<td>{target}</td>" in text
    for trunfo in C.TRUNFOS:
        assert trunfo["name"] in text and trunfo["emoji"] in text
    for help_ in C.HELPS:
        assert help_["name"] in text


def test_sources_page_lists_releases_hashes_and_downloads(site):
    text = (site[0] / "fontes" / "index.html").read_text()
    for source in fixture_sources():
        assert source.release in text and source.aff_path.name in text
    assert "a" * 64 in text and "b" * 64 in text
    assert 'href="/palavras.txt"' in text and "49\u00a0109" in text


def test_coimbra_json_maps_folded_words_to_word_blurb_slug_and_opener(site):
    data = json.loads((site[0] / "coimbra.json").read_text())
    assert list(data) == sorted(data)
    assert data["CABRA"] == {"word": "Cabra", "blurb": HOSTILE, "slug": "cabra", "opener": True}


def test_coimbra_json_publishes_exactly_the_openers(site):
    data = json.loads((site[0] / "coimbra.json").read_text())
    assert sorted(k for k, v in data.items() if v["opener"]) == sorted(
        w.folded for w in fixture_words() if w.opener)


def test_constants_json_is_the_constants_module(site):
    assert (site[0] / "constantes.json").read_text() == C.as_json()


def test_static_files_are_copied_under_their_content_hash(site):
    out, report = site
    assert report.static_hash == static_hash(SITE_SRC, generated_assets(SITE_SRC))
    for source in (SITE_SRC / "css").rglob("*"):
        if source.is_file():
            relative = source.relative_to(SITE_SRC)
            assert (out / "static" / report.static_hash / relative).read_bytes() == \
                source.read_bytes()


def test_pages_load_one_stylesheet_and_one_script_made_from_the_sources(site):
    out, report = site
    folder = out / "static" / report.static_hash
    parts = [compact_css((SITE_SRC / "css" / name).read_text(), SITE_SRC / "css" / name)
             for name in ("game.css", "aprender.css", "site.css", "fim.css")]
    assert (folder / "css" / "estilo.css").read_text() == "".join(parts)  # the same cascade as the parts in a row
    assert (folder / "js" / "torre.js").read_text() == bundle(SITE_SRC / "js")
    for page in ("como-jogar/index.html", "404.html", "treino/index.html", "arquivo/index.html"):
        tags = parse(out / page).tags
        sheets = [a["href"] for t, a in tags if t == "link" and a.get("rel") == "stylesheet"]
        assert sheets == [f"/static/{report.static_hash}/css/estilo.css"], page
    scripts = [a["src"] for t, a in parse(out / "index.html").tags if t == "script"]
    assert scripts == ["/boot.js", f"/static/{report.static_hash}/js/torre.js"]


def test_the_game_page_leaves_the_end_screens_rules_to_a_sheet_its_end_chunk_links(site):
    out, report = site
    static = f"/static/{report.static_hash}/css/"
    tags = parse(out / "index.html").tags
    assert [a["href"] for t, a in tags if t == "link" and a.get("rel") == "stylesheet"] == [static + "jogo.css"]
    assert next(a for t, a in tags if t == "main")["data-estilo-fim"] == static + "fim.css"
    estilo, jogo = ((out / static.lstrip("/") / name).read_text() for name in ("estilo.css", "jogo.css"))
    assert estilo.startswith(jogo) and ".colunas" in estilo and ".colunas" not in jogo
    assert "/*" not in jogo and "\n  " not in jogo, "no comments, no indentation"


def test_a_stylesheet_whose_string_holds_a_comments_mark_is_refused_with_its_line(tmp_path):
    with pytest.raises(BundleError, match=r"x\.css:2"):
        compact_css('a { color: red; }\na::after { content: "/* no */"; }\n', tmp_path / "x.css")
    assert compact_css("/* why */\na {\n  color: red; /* this */\n}\n\n", tmp_path / "x.css") == "a {\ncolor: red;\n}\n"


def test_the_end_screens_chunk_is_written_beside_its_bundle_and_never_preloaded(site):
    out, report = site
    folder = out / "static" / report.static_hash / "js"
    for name, entry in (("torre.js", "main.js"), ("treino.js", "practice_main.js")):
        chunk = name.replace(".js", ".run_end.js")
        assert (folder / chunk).read_text() == bundle_files(SITE_SRC / "js", entry, name)[chunk]
    preloads = [a["href"] for t, a in parse(out / "index.html").tags if t == "link" and "preload" in a.get("rel", "")]
    assert preloads == [], "no script preloaded, no modulepreload"
    assert "run_end" not in (out / "index.html").read_text()


# Issue 40 item 11: WebKit never hands a `<link rel=preload as=fetch>` to the page's fetch() (whatever
# its crossorigin, credentials or cache headers: tests/test_cross_engine.py counts them), so it fetched
# constantes.json and coimbra.json twice on a first visit and warned. No page preloads them.
def test_no_page_preloads_in_its_markup_what_the_game_fetches(site):
    out, _ = site
    for page in sorted(out.rglob("*.html")):
        links = [a for t, a in parse(page).tags if t == "link" and "preload" in a.get("rel", "").split()]
        assert [a for a in links if a.get("as") == "fetch"] == [], page.relative_to(out)


def test_the_analysis_worker_a_classic_script_may_not_load_a_chunk(tmp_path):
    (tmp_path / "js" / "worker").mkdir(parents=True)
    (tmp_path / "js" / "worker" / "analysis.js").write_text('const later = () => import("../x.js");\n')
    (tmp_path / "js" / "x.js").write_text("export const x = 1;\n")
    with pytest.raises(BundleError, match="the analysis worker is a classic script"):
        worker_script(tmp_path)


def test_the_static_folder_changes_name_when_a_generated_file_changes():
    assert static_hash(SITE_SRC, {"js/torre.js": b"a"}) != static_hash(SITE_SRC, {"js/torre.js": b"b"})


def test_the_dawg_has_a_hashed_name_and_a_stable_alias(site):
    out, report = site
    assert re.fullmatch(r"palavras\.[0-9a-f]{10}\.dawg", report.dawg_name)
    assert (out / report.dawg_name).read_bytes() == (out / "palavras.dawg").read_bytes()


def test_every_text_asset_has_brotli_and_gzip_siblings_with_the_same_bytes(site):
    out, _ = site
    suffixes = {".html", ".css", ".js", ".json", ".txt", ".svg", ".webmanifest", ".dawg"}
    assets = [p for p in out.rglob("*") if p.suffix in suffixes]
    assert len(assets) > 30
    for path in assets:
        data = path.read_bytes()
        assert brotli.decompress(path.with_name(path.name + ".br").read_bytes()) == data
        gz = path.with_name(path.name + ".gz").read_bytes()
        assert gzip.decompress(gz) == data
        assert gz[4:8] == b"\0\0\0\0", f"{path}: gzip mtime must be 0"


def test_headers_file_caches_hashed_assets_for_ever_and_sets_security_headers(site):
    out, report = site
    text = (out / "_headers").read_text()
    rules = dict(re.findall(r"^(\S+)\n((?:  .+\n)+)", text, re.M))
    assert "immutable" in rules["/static/*"]
    assert "immutable" in rules[f"/{report.dawg_name}"]
    assert "immutable" in rules["/versoes/*"]
    assert "max-age=0" in rules["/arquivo/"] and "max-age=0" in rules["/repeticao/"] and "max-age=0" in rules["/desafio/"]
    assert "max-age=0" in rules["/"] and "immutable" not in rules["/dias/*"]
    assert f"Content-Security-Policy: {CSP}; frame-ancestors 'none'" in rules["/*"]
    assert "X-Content-Type-Options: nosniff" in rules["/*"]
    assert "Referrer-Policy:" in rules["/*"]
    assert "Cache-Control" not in rules["/*"]


def worker_constant(out: Path, name: str):
    """A JSON constant rendered into sw.js (`const NAME = …;`)."""
    text = (out / "sw.js").read_text()
    return json.loads(re.search(rf"^const {name} = (.*);$", text, re.M).group(1))


def test_service_worker_precaches_every_page_and_the_games_files(site):
    out, report = site
    precache = worker_constant(out, "PRECACHE")
    pages = ["/", "/como-jogar/", "/coimbra/", "/fontes/", "/404.html", "/sem-rede.html",
             "/arquivo/", "/repeticao/", "/desafio/"]
    pages += [f"/coimbra/{w.slug}/" for w in fixture_words()]
    assert set(pages) <= set(precache)
    assert {"/constantes.json", "/coimbra.json", f"/{report.dawg_name}", "/boot.js",
            "/favicon.svg", "/manifest.webmanifest", "/icone-192.png", "/icone-512.png",
            "/icone-mascaravel-512.png", "/apple-touch-icon.png",
            f"/static/{report.static_hash}/js/torre.js", f"/static/{report.static_hash}/css/estilo.css",
            f"/static/{report.static_hash}/css/jogo.css", f"/static/{report.static_hash}/css/fim.css",
            f"/static/{report.static_hash}/js/arquivo.js", f"/static/{report.static_hash}/js/repeticao.js",
            f"/static/{report.static_hash}/js/desafio.js", f"/static/{report.static_hash}/js/torre.run_end.js",
            f"/static/{report.static_hash}/js/treino.run_end.js"} <= set(precache), "a run can end offline"
    assert not any(url.endswith("/js/analise.js") for url in precache)  # the worker: fetched when a run ends
    assert not any(url.endswith("/js/main.js") for url in precache)  # the bundle's parts are not loaded
    assert precache == sorted(precache)
    for url in precache:
        assert internal_target(out, url).is_file(), url


def test_service_worker_knows_the_builds_other_files_but_not_its_own_config(site):
    out, _ = site
    others = worker_constant(out, "OTHER_FILES")
    assert "/palavras.txt" in others and "/sw.js" in others
    assert "/_headers" not in others
    assert not set(others) & set(worker_constant(out, "PRECACHE"))
    assert not any(url.endswith((".br", ".gz", "index.html")) for url in others)
    assert worker_constant(out, "DAYS") is None  # this render wrote no day files


def test_service_worker_version_changes_with_any_precached_byte(tmp_path):
    versions = []
    for name, blurb in (("a", "Um sino."), ("b", "Um sino."), ("c", "Dois sinos.")):
        out = tmp_path / name
        out.mkdir()
        words = fixture_words()
        words[0] = Word(words[0].word, words[0].folded, blurb, words[0].slug, True, blurb)
        render(out, words=words, compression_cache=tmp_path / "cache")  # the .br/.gz are not the point
        versions.append(worker_constant(out, "VERSION"))
    assert versions[0] == versions[1] != versions[2]


def test_every_page_links_the_apple_touch_icon(site):
    out, _ = site
    for page in html_pages(out):
        links = [a for t, a in parse(page).tags if t == "link"]
        assert {"rel": "apple-touch-icon", "href": "/apple-touch-icon.png"} in links, page


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_manifest_lists_png_icons_of_192_and_512_and_a_maskable_one_as_written(site):
    out, _ = site
    icons = json.loads((out / "manifest.webmanifest").read_text())["icons"]
    pngs = [i for i in icons if i["type"] == "image/png"]
    for icon in pngs:
        width, height = png_size(out / icon["src"].lstrip("/"))
        assert icon["sizes"] == f"{width}x{height}", icon
    assert {(i["sizes"], i["purpose"]) for i in pngs} >= {
        ("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    assert png_size(out / "apple-touch-icon.png") == (180, 180)


def test_the_game_page_loads_boot_js_from_a_stable_url_before_its_modules(site):
    out, _ = site
    scripts = [a for t, a in parse(out / "index.html").tags if t == "script"]
    assert scripts[0] == {"src": "/boot.js", "async": None, "data-cedo": "/constantes.json /coimbra.json",
                          "data-days": "/dias/"}
    assert scripts[1]["type"] == "module" and scripts[1]["src"].startswith("/static/")


def test_boot_js_asks_early_for_the_very_urls_the_game_fetches(site):
    # earlyFetch hands an answer over only for the same URL: a data-constants, data-coimbra or data-days
    # changed without boot.js's tag would silently ask for every file twice.
    out, _ = site
    for name in ("index.html", "treino/index.html"):
        tags = parse(out / name).tags
        boot = next(a for t, a in tags if t == "script" and a.get("src") == "/boot.js")
        main = next(a for t, a in tags if t == "main")
        assert boot["data-cedo"].split() == [main["data-constants"], main["data-coimbra"]], name
        assert boot.get("data-days") in (None, main["data-days"]), name


def test_boot_js_is_served_without_its_comments_and_indentation_as_the_bundles_are(site):
    served = (site[0] / "boot.js").read_text(encoding="utf-8")
    assert served == compact((SITE_SRC / "boot.js").read_text(encoding="utf-8"), SITE_SRC / "boot.js")
    assert not re.search(r"^\s*//|^[ \t]", served, re.M)
    assert "function lisbonToday(ms) {" in served and "askEarly(document.currentScript);" in served


def test_the_offline_page_says_so_in_portuguese_and_is_not_indexed(site):
    tags = parse(site[0] / "sem-rede.html")
    assert ("meta", {"name": "robots", "content": "noindex"}) in tags.tags
    text = (site[0] / "sem-rede.html").read_text()
    assert "<h1>Sem Internet</h1>" in text and 'id="jogo"' not in text


def test_a_typo_in_a_template_is_an_error_not_an_empty_string(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(SITE_SRC, src)
    (src / "templates" / "404.html").write_text(
        '{% extends "base.html" %}{% block content %}{{ no_such_variable }}{% endblock %}')
    out = tmp_path / "out"
    out.mkdir()
    with pytest.raises(jinja2.UndefinedError, match="no_such_variable"):
        render(out, src)


@pytest.mark.parametrize("name, partial", [("_game.html", True), ("index.html", False),
                                           ("sub/_x.html", True), ("base.html", False)])
def test_templates_starting_with_underscore_are_partials(name, partial):
    assert is_partial(name) is partial


@pytest.mark.parametrize("template, path", [("index.html", "index.html"),
                                            ("404.html", "404.html"),
                                            ("sem-rede.html", "sem-rede.html"),
                                            ("como-jogar.html", "como-jogar/index.html")])
def test_pages_get_clean_urls(template, path):
    assert page_path(template) == path


@pytest.mark.parametrize("path, url", [("index.html", "/"), ("404.html", "/404.html"),
                                       ("coimbra/index.html", "/coimbra/"),
                                       ("coimbra/cabra/index.html", "/coimbra/cabra/")])
def test_a_page_is_asked_for_by_its_folder_or_its_root_file(path, url):
    assert page_url(path) == url


def test_two_renders_are_byte_identical(tmp_path):
    trees = []
    for name in ("a", "b"):
        out = tmp_path / name
        out.mkdir()
        render(out)
        trees.append(tree(out))
    assert trees[0] == trees[1]


def test_the_built_site_has_csp_no_inline_script_and_resolving_links(built_dist):
    pages = html_pages(built_dist)
    assert len(pages) > 10
    for page in pages:
        tags = parse(page)
        assert {"http-equiv": "Content-Security-Policy", "content": CSP} in \
            [a for t, a in tags.tags if t == "meta"], page
        assert tags.script_text.strip() == "" and not any(
            "style" in a or any(n.startswith("on") for n in a) for _, a in tags.tags), page
        for _, attrs in tags.tags:
            for name in ("href", "src"):
                url = attrs.get(name, "")
                if url == f"/{spdx.DOCUMENT}":  # written by the build after the site (test_licence.py)
                    continue
                if url.startswith("/"):
                    assert internal_target(built_dist, url).is_file(), (page, url)


def test_the_built_service_worker_knows_the_window_of_day_files(built_dist):
    dates = sorted(p.stem for p in (built_dist / "dias").glob("????-??-??.json"))
    assert worker_constant(built_dist, "DAYS") == {"first": dates[0], "last": dates[-1]}
    others = worker_constant(built_dist, "OTHER_FILES")
    assert {"/palavras.txt", "/palavras-origem.tsv", "/LICENCA-palavras.txt"} <= set(others)


def test_the_built_site_has_a_page_with_its_blurb_for_every_coimbra_word(built_dist):
    index = json.loads((built_dist / "coimbra.json").read_text())
    assert len(index) >= 22
    for entry in index.values():
        page = (built_dist / "coimbra" / entry["slug"] / "index.html").read_text()
        assert str(markupsafe.escape(entry["blurb"])) in page
