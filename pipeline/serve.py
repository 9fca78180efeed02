"""`torre serve`: dist/ on 127.0.0.1, as a static host would serve it.

It sends the precompressed .br or .gz sibling when the request's
Accept-Encoding allows it, so what we test locally is what a host with
`brotli_static`/`gzip_static` sends. Not a production server.
"""
from __future__ import annotations

import threading
from functools import partial
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

from .assets import CSP_HEADER
from .errors import MissingInputError, TorreError

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "application/javascript; charset=utf-8",
    ".mjs": "application/javascript; charset=utf-8",
    ".json": "application/json; charset=utf-8",
    ".webmanifest": "application/manifest+json; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".tsv": "text/tab-separated-values; charset=utf-8",
    ".svg": "image/svg+xml",
    ".dawg": "application/octet-stream",
    ".png": "image/png",
    ".ico": "image/x-icon",
}


class ServeError(TorreError):
    """The server cannot start (the port is taken, or not ours to use)."""


# Preferred first; each with the suffix of its precompressed sibling.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def accepted_encodings(header: str | None) -> set[str]:
    """Codings the client accepts (q=0 means refused)."""
    accepted = set()
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip()
        if q.startswith("q="):
            try:
                if float(q[2:]) == 0:
                    continue
            except ValueError:
                continue
        if name.strip():
            accepted.add(name.strip().lower())
    return accepted


class DistHandler(BaseHTTPRequestHandler):
    """GET/HEAD of files under `root`; directories serve their index.html."""

    server_version = "torre-serve"
    root: Path

    def __init__(self, *args, root: Path, **kwargs):
        self.root = root
        super().__init__(*args, **kwargs)

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def resolve(self, url_path: str) -> Path | None:
        """The file for a URL path, never outside root; None when missing."""
        parts = [p for p in unquote(url_path).split("/") if p not in ("", ".")]
        if ".." in parts or any("\\" in p or "\x00" in p for p in parts):
            return None
        path = self.root.joinpath(*parts)
        if path.is_dir():
            if not url_path.endswith("/"):
                return path  # redirected by send_file
            path = path / "index.html"
        return path if path.is_file() else None

    def do_GET(self):
        self.respond(send_body=True)

    def do_HEAD(self):
        self.respond(send_body=False)

    def respond(self, send_body: bool):
        url_path = urlsplit(self.path).path
        path = self.resolve(url_path)
        if path is not None and path.is_dir():
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", url_path + "/")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        status = HTTPStatus.OK
        if path is None:
            status, path = HTTPStatus.NOT_FOUND, self.root / "404.html"
            if not path.is_file():
                self.send_error(HTTPStatus.NOT_FOUND)
                return
        self.send_file(path, status, send_body)

    def send_file(self, path: Path, status: HTTPStatus, send_body: bool):
        accepted = accepted_encodings(self.headers.get("Accept-Encoding"))
        candidates = [(name, path.with_name(path.name + suffix)) for name, suffix in ENCODINGS]
        siblings = [(name, sibling) for name, sibling in candidates if sibling.is_file()]
        encoding, body_path = next(((name, sibling) for name, sibling in siblings
                                    if name in accepted), (None, path))
        data = body_path.read_bytes()
        self.send_response(status)
        self.send_header("Content-Type", CONTENT_TYPES.get(path.suffix, "application/octet-stream"))
        self.send_header("Content-Length", str(len(data)))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        if path.suffix in CONTENT_TYPES and siblings:
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Cache-Control", "no-cache")
        if path.suffix == ".html":
            self.send_header("Content-Security-Policy", CSP_HEADER)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if send_body:
            self.wfile.write(data)


def built_root(directory: Path) -> Path:
    root = Path(directory).resolve()
    if not (root / "index.html").is_file():
        raise MissingInputError("a built site (index.html; run `torre build` first)", [root])
    return root


def listen(root: Path, port: int) -> ThreadingHTTPServer:
    """A server for `root` bound to 127.0.0.1:port (0: any free port)."""
    try:
        server = ThreadingHTTPServer(("127.0.0.1", port), partial(DistHandler, root=root))
    except OSError as error:
        raise ServeError(f"cannot listen on 127.0.0.1:{port}: {error.strerror or error}; "
                         "choose another --port") from None
    server.daemon_threads = True
    return server


def start_server(directory: Path, port: int = 0) -> tuple[ThreadingHTTPServer, str]:
    """Serve `directory` on 127.0.0.1 in a daemon thread; returns (server, base URL).

    Stop it with `server.shutdown(); server.server_close()`.
    """
    server = listen(built_root(directory), port)
    thread = threading.Thread(target=server.serve_forever, name="torre-serve", daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def serve(directory: Path = Path("dist"), port: int = 8000) -> None:
    """Serve until interrupted (Ctrl-C)."""
    root = built_root(directory)
    with listen(root, port) as server:
        print(f"Serving {root} at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
