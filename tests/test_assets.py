"""pipeline.assets: content hashes, compression (and its cache), what docs/hosting.md says."""
from __future__ import annotations

import gzip
import re
import shutil
from pathlib import Path

import brotli

from pipeline.assets import (CSP_HEADER, LARGE_ASSET, CompressionCache, compress_tree, compressed,
                             headers_file, static_hash)
from pipeline.site import SITE_SRC

HOSTING = Path(__file__).resolve().parent.parent / "docs" / "hosting.md"


def test_the_static_hash_changes_with_any_byte(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(SITE_SRC / "css", src / "css")
    before = static_hash(src)
    css = src / "css" / "site.css"
    css.write_bytes(css.read_bytes() + b" ")
    assert static_hash(src) != before


def test_compression_cache_gives_exactly_what_compressing_gives(tmp_path):
    cache = CompressionCache(tmp_path / "cache")
    data = "PRAXE\tao90\n".encode() * 500
    assert cache.get(data) is None
    cache.put(data, compressed(data))
    assert cache.get(data) == compressed(data)
    assert cache.get(data + b"x") is None
    assert not list((tmp_path / "cache").glob("*.tmp"))


def test_compress_tree_with_a_cache_writes_the_same_bytes_as_without(tmp_path):
    trees = []
    for name, cache in (("a", None), ("b", CompressionCache(tmp_path / "cache")),
                        ("c", CompressionCache(tmp_path / "cache"))):
        root = tmp_path / name
        (root / "dias").mkdir(parents=True)
        (root / "dias" / "x.json").write_text('{"bag":"AÇ"}' * 50)
        (root / "palavras.txt").write_text("ABA\nABAS\n" * 100)
        (root / "img.png").write_bytes(b"\x89PNG")
        assert compress_tree(root, cache=cache) == 2
        trees.append({p.relative_to(root).as_posix(): p.read_bytes()
                      for p in root.rglob("*") if p.is_file()})
    assert trees[0] == trees[1] == trees[2]
    assert "img.png.br" not in trees[0] and "palavras.txt.br" in trees[0]


def test_brotli_is_quality_11_below_the_large_asset_size():
    data = "PRAXE\tao90\tpt_PT.dic:27018\n".encode() * 2000
    assert len(data) < LARGE_ASSET
    assert compressed(data)[0] == brotli.compress(data, quality=11)


def test_hosting_doc_gives_the_csp_and_security_headers_of_headers_file():
    text = HOSTING.read_text(encoding="utf-8")
    assert f"Content-Security-Policy: {CSP_HEADER}\n" in text
    nginx = (HOSTING.parent.parent / "deploy" / "nginx" / "a-torre.conf").read_text(encoding="utf-8")
    assert f'add_header Content-Security-Policy "{CSP_HEADER}" always;' in nginx  # also without nginx installed
    security = re.search(r"^/\*\n((?:  .+\n)+)", headers_file(None), re.M).group(1)
    for line in security.strip().split("\n"):
        name, _, value = line.strip().partition(": ")
        if name != "Content-Security-Policy":
            assert f"    {name}: {value}\n" in text, name


# Issue 40 item 10: WebKit logged "Unrecognized Content-Security-Policy directive 'manifest-src'" for
# the header and again for the <meta>, on every page. Every directive must be one that Chromium, Firefox
# and WebKit all know; what a dropped fetch directive governed falls back to default-src 'self'.
KNOWN_TO_EVERY_ENGINE = {"default-src", "script-src", "style-src", "img-src", "connect-src", "worker-src",
                         "object-src", "base-uri", "form-action", "frame-ancestors"}
# Fetch directives that fall back to default-src when absent (CSP Level 3, "directive fallback list").
FALLS_BACK_TO_DEFAULT = {"manifest-src", "font-src", "media-src", "frame-src", "child-src", "prefetch-src"}


def directives(policy: str) -> dict[str, str]:
    return {name: value.strip() for name, _, value in
            (part.strip().partition(" ") for part in policy.split(";") if part.strip())}


def test_the_csp_has_only_directives_every_engine_knows_and_is_no_weaker_without_them():
    policy = directives(CSP_HEADER)
    assert set(policy) <= KNOWN_TO_EVERY_ENGINE, set(policy) - KNOWN_TO_EVERY_ENGINE
    assert policy["default-src"] == "'self'"  # so the manifest (manifest-src) is still the site's own only
    assert not FALLS_BACK_TO_DEFAULT & set(policy)
    for name in ("script-src", "style-src", "connect-src", "worker-src", "base-uri", "form-action"):
        assert policy[name] == "'self'", name
    assert policy["object-src"] == "'none'" and policy["frame-ancestors"] == "'none'"
    assert policy["img-src"] == "'self' data:"


# Issue 13 item 3: an entry overwritten with garbage was shipped as dist/index.html.br.
def test_a_damaged_cache_entry_is_recompressed_not_shipped(tmp_path):
    root, cache_dir = tmp_path / "site", tmp_path / "cache"
    root.mkdir()
    (root / "index.html").write_text("<!doctype html><p>A Torre</p>" * 50)
    compress_tree(root, cache=CompressionCache(cache_dir))
    for entry in cache_dir.iterdir():
        entry.write_bytes(b"garbage")
    compress_tree(root, cache=CompressionCache(cache_dir))
    data = (root / "index.html").read_bytes()
    assert brotli.decompress((root / "index.html.br").read_bytes()) == data
    assert gzip.decompress((root / "index.html.gz").read_bytes()) == data
    assert CompressionCache(cache_dir).get(data) == compressed(data)  # repaired in place
