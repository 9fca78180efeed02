"""Long-lived assets: content hashes, the hashed static folder, compression, _headers.

Hashed names (static/<hash>/, palavras.<hash>.dawg) can be cached for ever;
stable names (HTML, day files, constantes.json) must be revalidated. Every
byte written here depends only on the inputs, so two builds are identical.
"""
from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import brotli

from .wordlist import SPDX_DOCUMENT

HASH_LENGTH = 10
STATIC_DIRS = ("js", "css")
# Extensions of text assets that get .br and .gz siblings.
TEXT_EXTENSIONS = frozenset({".html", ".css", ".js", ".mjs", ".json", ".txt", ".tsv", ".svg",
                             ".webmanifest", ".dawg"})

# Only directives every engine knows: WebKit logs each one it does not (manifest-src, twice a page:
# header and <meta>). A fetch directive left out falls back to default-src 'self', so the manifest,
# fonts, media and frames are the site's own exactly as if each were named (issue 40 item 10).
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; worker-src 'self'; object-src 'none'; "
       "base-uri 'self'; form-action 'self'")
# frame-ancestors is ignored in a <meta> CSP, so the header adds it.
CSP_HEADER = CSP + "; frame-ancestors 'none'"
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "public, max-age=0, must-revalidate"
SHORT = "public, max-age=3600"


def short_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:HASH_LENGTH]


def static_files(site_src: Path) -> list[Path]:
    """Every file under site_src/js and site_src/css, in a fixed order."""
    files = [p for d in STATIC_DIRS if (site_src / d).is_dir()
             for p in (site_src / d).rglob("*") if p.is_file()]
    return sorted(files, key=lambda p: p.relative_to(site_src).as_posix())


def static_contents(site_src: Path, generated: dict[str, bytes] | None = None) -> dict[str, bytes]:
    """What goes in static/<hash>/: js/** and css/** of site_src, plus the files the
    build makes from them (`generated`, e.g. the bundle), by relative path."""
    contents = {p.relative_to(site_src).as_posix(): p.read_bytes() for p in static_files(site_src)}
    return {**contents, **(generated or {})}


def static_hash(site_src: Path, generated: dict[str, bytes] | None = None) -> str:
    """One hash of everything in the static folder: paths and contents both count,
    generated files too, so a change in how they are made also changes the name."""
    digest = hashlib.sha256()
    for relative, data in sorted(static_contents(site_src, generated).items()):
        name = relative.encode("utf-8")
        digest.update(len(name).to_bytes(4, "big") + name)
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()[:HASH_LENGTH]


def copy_static(site_src: Path, out_dir: Path,
                generated: dict[str, bytes] | None = None) -> tuple[str, list[str]]:
    """Write js/**, css/** and `generated` into out/static/<hash>/; returns hash and URL paths."""
    folder = static_hash(site_src, generated)
    urls = []
    for relative, data in sorted(static_contents(site_src, generated).items()):
        target = out_dir / "static" / folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        urls.append(f"/static/{folder}/{relative}")
    return folder, urls


def write_dawg(data: bytes, out_dir: Path, stem: str = "palavras", alias: bool = True) -> str:
    """<stem>.<hash>.dawg (what pages load) and, with `alias`, the stable <stem>.dawg:
    palavras.dawg has one; the common words' palavras-comuns.<hash>.dawg (data-comuns) has
    none: only pages load it, through their data-comuns, and palavras-comuns.txt is the download."""
    name = f"{stem}.{short_hash(data)}.dawg"
    (out_dir / name).write_bytes(data)
    if alias:
        (out_dir / f"{stem}.dawg").write_bytes(data)
    return name


def is_text_asset(path: Path) -> bool:
    return path.suffix in TEXT_EXTENSIONS and path.is_file()


# Download-only data over this size (palavras-origem.tsv, 6.6 MB) gets brotli
# quality 9 with a 16 MiB window: 0.4 s instead of 10 s at quality 11, for a
# file 20 % larger that no page loads. Everything a page loads is under it.
LARGE_ASSET = 1 << 20


def compressed(data: bytes) -> tuple[bytes, bytes]:
    """(brotli quality 11 — 9 for large data —, gzip -9 with mtime 0 so the bytes never vary)."""
    if len(data) > LARGE_ASSET:
        br = brotli.compress(data, quality=9, lgwin=24)
    else:
        br = brotli.compress(data, quality=11)
    return br, gzip.compress(data, compresslevel=9, mtime=0)


def decompresses_to(pair: tuple[bytes, bytes], data: bytes) -> bool:
    """Whether a (.br, .gz) pair holds exactly `data`; damaged bytes are just a no."""
    br, gz = pair
    try:
        return brotli.decompress(br) == data and gzip.decompress(gz) == data
    except (brotli.error, OSError, EOFError, zlib.error):
        return False


class CompressionCache:
    """Compressed bytes by SHA-256 of the input, kept between builds.

    Why: brotli q11 runs at well under 1 MB/s and most of dist/ (day files,
    word list) is the same from one build to the next. The output depends
    only on the input bytes, so a hit is exactly what compressing would give.
    Entries are written to a temporary name and renamed, so a crash or two
    concurrent builds never leave a truncated entry.
    """

    KEY = "br11-9large-gz9-v2"
    MAX_BYTES = 200_000_000  # cleared when it grows past this

    def __init__(self, directory: Path):
        self.directory = directory
        directory.mkdir(parents=True, exist_ok=True)
        if sum(p.stat().st_size for p in directory.glob("*")) > self.MAX_BYTES:
            shutil.rmtree(directory)
            directory.mkdir(parents=True)

    def _paths(self, data: bytes) -> tuple[Path, Path]:
        key = hashlib.sha256(self.KEY.encode() + b"\0" + data).hexdigest()
        return self.directory / f"{key}.br", self.directory / f"{key}.gz"

    def get(self, data: bytes) -> tuple[bytes, bytes] | None:
        """The cached pair, only if both decompress to exactly `data` (else None).

        Why check: anything can write into .cache/ (a crash, a full disk, a
        hand), and a wrong entry would ship as dist/*.br. Decompressing costs
        ~0.1 s for the whole tree, against ~15 s to compress it again.
        """
        br, gz = self._paths(data)
        try:
            pair = br.read_bytes(), gz.read_bytes()
        except OSError:
            return None
        if decompresses_to(pair, data):
            return pair
        br.unlink(missing_ok=True)
        gz.unlink(missing_ok=True)
        return None

    def put(self, data: bytes, result: tuple[bytes, bytes]) -> None:
        for path, payload in zip(self._paths(data), result):
            partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
            partial.write_bytes(payload)
            os.replace(partial, path)


def compress_tree(root: Path, workers: int = 2, cache: CompressionCache | None = None) -> int:
    """Write .br and .gz beside every text asset under root; returns files compressed.

    Equal contents (palavras.dawg and its hashed twin) are compressed once.
    brotli and zlib release the GIL, so threads use both cores.
    """
    paths = sorted(p for p in root.rglob("*") if is_text_asset(p))
    by_content: dict[bytes, list[Path]] = {}
    for path in paths:
        by_content.setdefault(path.read_bytes(), []).append(path)
    results = {}
    for data in by_content:
        hit = cache.get(data) if cache else None
        if hit:
            results[data] = hit
    # Largest first, so the slow q11 jobs don't end up last on one core.
    missing = sorted((d for d in by_content if d not in results), key=len, reverse=True)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for data, result in zip(missing, pool.map(compressed, missing)):
            results[data] = result
            if cache:
                cache.put(data, result)
    for data, (br, gz) in results.items():
        for path in by_content[data]:
            path.with_name(path.name + ".br").write_bytes(br)
            path.with_name(path.name + ".gz").write_bytes(gz)
    return len(paths)


def headers_file(dawg_name: str | None, common_name: str | None = None) -> str:
    """dist/_headers (Netlify / Cloudflare Pages).

    Cache-Control is set on paths that never overlap, because both hosts join
    the values of every rule that matches a path.
    """
    rules = [
        ("/*", [f"Content-Security-Policy: {CSP_HEADER}",
                "X-Content-Type-Options: nosniff",
                "Referrer-Policy: no-referrer",
                "Permissions-Policy: camera=(), microphone=(), geolocation=()"]),
        ("/static/*", [f"Cache-Control: {IMMUTABLE}"]),
        # Word lists under their id (pipeline.published): never change, never removed.
        ("/versoes/*", [f"Cache-Control: {IMMUTABLE}"]),
    ]
    rules += [(f"/{name}", [f"Cache-Control: {IMMUTABLE}"]) for name in (dawg_name, common_name) if name]
    rules += [
        ("/dias/*", [f"Cache-Control: {SHORT}"]),
        ("/sw.js", ["Cache-Control: no-cache"]),
    ]
    # /treino/*: the practice page and its towers, which a new build may change.
    for path in ("/", "/como-jogar/", "/coimbra/*", "/fontes/", "/arquivo/", "/repeticao/", "/treino/*", "/desafio/",
                 "/404.html",
                 "/constantes.json", "/coimbra.json", "/palavras.dawg", "/palavras.txt",
                 "/palavras-origem.tsv", "/LICENCA-palavras.txt", "/palavras-stats.json",
                 "/palavras-comuns.txt", "/palavras-comuns-origem.tsv", f"/{SPDX_DOCUMENT}",
                 "/manifest.webmanifest", "/favicon.svg", "/boot.js", "/sem-rede.html",
                 "/icone-192.png", "/icone-512.png", "/icone-mascaravel-512.png", "/apple-touch-icon.png"):
        rules.append((path, [f"Cache-Control: {REVALIDATE}"]))
    return "".join(f"{path}\n" + "".join(f"  {h}\n" for h in headers) for path, headers in rules)
