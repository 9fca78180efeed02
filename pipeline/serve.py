"""`torre serve`: dist/ on 127.0.0.1, as a static host would serve it.

It sends the precompressed .br or .gz sibling when the request's
Accept-Encoding allows it, and the headers `dist/_headers` gives each path
(the file Netlify and Cloudflare Pages read), so what we test locally is what
such a host sends. It reads a request's target as nginx does (deploy/nginx/:
the same path, redirect or refusal for every spelling, tests/test_nginx.py
compares them). Not a production server, but it holds up under a load
test: a deep listen queue, a time limit per connection, and clients that hang
up are not errors.
"""
from __future__ import annotations

import errno
import os
import re
import resource
import sys
import threading
from functools import partial
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote_to_bytes

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


# deploy/nginx/a-torre.conf's `location ~ ^/(_headers|\.torre-build|\.torre-ledger)$`: not the
# site (the rules for Netlify and Cloudflare Pages, the build's manifest, the store's ledger).
NOT_SERVED = re.compile(r"/(_headers|\.torre-build|\.torre-ledger)")
# A target in absolute form, as nginx parses it: its scheme, then a host of letters, digits,
# dots and hyphens (no user@) or an IPv6 literal, then a port.
ABSOLUTE = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://(?P<host>\[[^\]]*\]|[A-Za-z0-9.-]*)(:[0-9]*)?"
                      r"(?=[/?]|$)")
BAD_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")


def request_path(target: str) -> tuple[str, str] | None:
    """The path nginx serves for a request target and the target's query, or None where
    nginx answers 400 Bad Request.

    The absolute form's scheme and host are dropped (`http://x//fontes` is `/fontes`); the
    path ends at `?` or `#`; %XX is decoded (a bad escape or %00 is refused), `//` merged,
    `.` and `..` resolved (`..` above the top is refused). The path's characters are its
    bytes (Latin-1), as nginx sends them back in a Location.
    """
    absolute = ABSOLUTE.match(target)
    if absolute:
        host = absolute["host"].removesuffix(".")
        if not host or ".." in host:
            return None
        target = "/" + target[absolute.end():]
    elif not target.startswith("/"):
        return None
    raw, _, rest = target.partition("#")[0].partition("?")
    if BAD_ESCAPE.search(raw):
        return None
    decoded = unquote_to_bytes(raw)
    if b"\0" in decoded:
        return None
    segments = decoded.split(b"/")[1:]
    parts: list[bytes] = []
    for segment in segments:
        if segment == b"..":
            if not parts:
                return None
            parts.pop()
        elif segment not in (b"", b"."):
            parts.append(segment)
    folder = segments[-1] in (b"", b".", b"..") and bool(parts)
    path = b"/" + b"/".join(parts) + (b"/" if folder else b"")
    return path.decode("latin-1"), rest


Rules = list[tuple[str, list[tuple[str, str]]]]


def read_headers_file(text: str) -> Rules:
    """`_headers` → [(path pattern, [(name, value), …]), …] in file order."""
    rules: Rules = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rules.append((line.strip(), []))
        elif rules and ":" in line:
            name, _, value = line.strip().partition(":")
            rules[-1][1].append((name.strip(), value.strip()))
    return rules


def headers_for(rules: Rules, url_path: str) -> list[tuple[str, str]]:
    """Every header of every rule matching the path (`/static/*` is a prefix, else exact)."""
    found = []
    for pattern, headers in rules:
        if pattern.endswith("*") and url_path.startswith(pattern[:-1]) or url_path == pattern:
            found += headers
    return found


class DistHandler(BaseHTTPRequestHandler):
    """GET/HEAD of files under `root`; directories serve their index.html."""

    server_version = "torre-serve"
    timeout = 10  # seconds a connection may sit idle (slow or stalled clients)
    root: Path
    rules: Rules

    def version_string(self) -> str:
        """The Server header without Python's version: nothing to tell a visitor (nginx: server_tokens off)."""
        return self.server_version

    def __init__(self, *args, root: Path, rules: Rules, **kwargs):
        self.root, self.rules = root, rules
        super().__init__(*args, **kwargs)

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def resolve(self, url_path: str) -> Path | None:
        """The file for a path of request_path (never outside root); None when missing or not
        the site. A file asked for as a folder (`palavras.txt/`) is missing, as in nginx."""
        if NOT_SERVED.fullmatch(url_path):
            return None
        path = self.root.joinpath(*(os.fsdecode(part.encode("latin-1"))
                                    for part in url_path.split("/") if part))
        try:
            if path.is_dir():
                if not url_path.endswith("/"):
                    return path  # redirected by respond
                path = path / "index.html"
            elif url_path.endswith("/"):
                return None
            return path if path.is_file() else None
        except OSError:  # a name too long for the file system, and the like: not here
            return None

    def do_GET(self):
        self.respond(send_body=True)

    def do_HEAD(self):
        self.respond(send_body=False)

    def respond(self, send_body: bool):
        request = request_path(self.path)
        if request is None:
            self.send_error(HTTPStatus.BAD_REQUEST)
            return
        url_path, query = request
        path = self.resolve(url_path)
        if path is not None and path.is_dir():
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", url_path + "/" + (f"?{query}" if query else ""))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        status = HTTPStatus.OK
        if path is None:
            status, path = HTTPStatus.NOT_FOUND, self.root / "404.html"
            if not path.is_file():
                self.send_error(HTTPStatus.NOT_FOUND)
                return
        self.send_file(path, status, send_body, url_path)

    def send_file(self, path: Path, status: HTTPStatus, send_body: bool, url_path: str):
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
        for name, value in headers_for(self.rules, url_path):
            if name.lower() != "cache-control" or status == HTTPStatus.OK:  # a miss is never kept
                self.send_header(name, value)
        self.end_headers()
        if send_body:
            self.wfile.write(data)


def built_root(directory: Path) -> Path:
    from .outdir import resolved

    root = resolved(Path(directory), "--dir")
    if not (root / "index.html").is_file():
        raise MissingInputError("a built site (index.html; run `torre build` first)", [root])
    return root


NO_FILES = (errno.EMFILE, errno.ENFILE)  # "Too many open files", for the process or the system


def spare_descriptor() -> int | None:
    """A descriptor held in reserve, closed to accept (and refuse) a connection when
    there is no other: else the connection waits in the queue and is offered again at once."""
    try:
        return os.open(os.devnull, os.O_RDONLY)
    except OSError:
        return None


class DistServer(ThreadingHTTPServer):
    """Past the limit of open files (ulimit -n), connections are refused (closed unanswered)
    and one line says so, until every connection is closed."""

    request_queue_size = 128  # socketserver's 5 refuses a burst of simultaneous connects
    daemon_threads = True

    def __init__(self, *args, **kwargs):
        self.lock = threading.Lock()
        self.connections, self.out_of_files = 0, False
        self.spare = spare_descriptor()
        super().__init__(*args, **kwargs)

    def get_request(self):
        try:
            return super().get_request()
        except OSError as error:  # socketserver drops it and asks again
            if error.errno in NO_FILES:
                self.refuse_one()
            raise

    def refuse_one(self) -> None:
        self.say_out_of_files()
        if self.spare is None:
            self.spare = spare_descriptor()
            return
        os.close(self.spare)
        try:
            self.socket.accept()[0].close()
        except OSError:
            pass
        self.spare = spare_descriptor()

    def process_request(self, request, client_address):
        with self.lock:
            self.connections += 1
        super().process_request(request, client_address)

    def shutdown_request(self, request):
        super().shutdown_request(request)
        with self.lock:
            self.connections -= 1
            if self.connections == 0:
                self.out_of_files = False

    def say_out_of_files(self) -> None:
        with self.lock:
            said, self.out_of_files = self.out_of_files, True
        if not said:
            limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
            print(f"torre serve: too many open files (ulimit -n is {limit}): refusing "
                  "connections until some close", file=sys.stderr, flush=True)

    def handle_error(self, request, client_address):
        """A client that hangs up or stalls is not an error worth a traceback, nor is a
        request refused for want of a descriptor (said once)."""
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):
            return
        if isinstance(error, OSError) and error.errno in NO_FILES:
            self.say_out_of_files()
            return
        super().handle_error(request, client_address)

    def server_close(self):
        super().server_close()
        if self.spare is not None:
            os.close(self.spare)
            self.spare = None


def listen(root: Path, port: int) -> ThreadingHTTPServer:
    """A server for `root` bound to 127.0.0.1:port (0: any free port)."""
    headers = root / "_headers"
    rules = read_headers_file(headers.read_text(encoding="utf-8")) if headers.is_file() else []
    try:
        server = DistServer(("127.0.0.1", port), partial(DistHandler, root=root, rules=rules))
    except OSError as error:
        raise ServeError(f"cannot listen on 127.0.0.1:{port}: {error.strerror or error}; "
                         "choose another --port") from None
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
