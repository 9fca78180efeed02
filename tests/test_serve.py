"""The local server: precompressed bodies, content types, 404 page, directory index."""
from __future__ import annotations

import gzip
import http.client
import os
import resource
import select
import socket
import struct
import subprocess
import sys

import brotli
import pytest
from click.testing import CliRunner

from pipeline.cli import main
from pipeline.errors import MissingInputError
from e2e_support import browser, site_url, wait_until  # noqa: F401 - pytest fixtures
from pipeline.assets import CSP_HEADER, IMMUTABLE, REVALIDATE, SHORT, headers_file
from pipeline.build import PROJECT_ROOT
from pipeline.serve import DistHandler, DistServer, accepted_encodings, start_server

INDEX = b"<!doctype html><title>A Torre</title>" + b"x" * 200
SCRIPT = b"export const a = 1;\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = tmp_path_factory.mktemp("dist")
    files = {"index.html": INDEX, "404.html": b"<p>Esta p\xc3\xa1gina n\xc3\xa3o existe</p>",
             "static/abc/js/main.js": SCRIPT, "como-jogar/index.html": b"<h1>Como jogar</h1>",
             "palavras.dawg": b"\x00\x01binary", "dias/2026-12-25.json": b'{"date":"2026-12-25"}',
             "versoes/0123456789.coimbra.json": b"{}", "treino/0001.json": b'{"treino":1}',
             "treino/index.html": b"<h1>Treino</h1>"}
    for name, data in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        if name != "palavras.dawg":
            path.with_name(path.name + ".br").write_bytes(brotli.compress(data))
            path.with_name(path.name + ".gz").write_bytes(gzip.compress(data, mtime=0))
    (root.parent / "secret.txt").write_text("outside")
    (root / "_headers").write_text(headers_file("palavras.abc.dawg"), encoding="utf-8")
    srv, url = start_server(root)
    yield url
    srv.shutdown()
    srv.server_close()


def get(url: str, path: str, encoding: str | None = None, method: str = "GET"):
    host, port = url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=5)
    headers = {"Accept-Encoding": encoding} if encoding is not None else {}
    connection.request(method, path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response, body


def test_server_listens_on_loopback_only(server):
    assert server.startswith("http://127.0.0.1:")


def test_brotli_is_sent_when_the_browser_accepts_it(server):
    response, body = get(server, "/static/abc/js/main.js", "gzip, deflate, br")
    assert response.status == 200
    assert response.getheader("Content-Encoding") == "br"
    assert response.getheader("Content-Type") == "application/javascript; charset=utf-8"
    assert response.getheader("Vary") == "Accept-Encoding"
    assert brotli.decompress(body) == SCRIPT


def test_gzip_is_sent_when_brotli_is_not_accepted(server):
    response, body = get(server, "/", "gzip")
    assert response.getheader("Content-Encoding") == "gzip"
    assert gzip.decompress(body) == INDEX


def test_identity_when_nothing_is_accepted_or_brotli_has_q_0(server):
    for header in (None, "br;q=0, identity"):
        response, body = get(server, "/", header)
        assert response.getheader("Content-Encoding") is None
        assert body == INDEX
        assert response.getheader("Content-Type") == "text/html; charset=utf-8"


def test_a_directory_serves_its_index_and_redirects_without_slash(server):
    response, body = get(server, "/como-jogar/", "")
    assert (response.status, body) == (200, b"<h1>Como jogar</h1>")
    response, _ = get(server, "/como-jogar")
    assert response.status == 301 and response.getheader("Location") == "/como-jogar/"


def test_a_miss_gets_the_404_page_with_status_404(server):
    response, body = get(server, "/nada/aqui", "")
    assert response.status == 404
    assert "não existe".encode() in body


def test_paths_outside_the_directory_are_not_served_but_a_bad_request_as_in_nginx(server):
    for path in ("/../secret.txt", "/%2e%2e/secret.txt", "/static/../../secret.txt"):
        response, body = get(server, path, "")
        assert response.status == 400 and b"outside" not in body


# Issue 41 item 10: `GET http://x//fontes` was redirected to //fontes/ (the host "fontes"), and
# _headers, .torre-build and .torre-ledger were served when spelt otherwise. Every request here
# gets what nginx with deploy/nginx/ answers (tests/test_nginx.py asks both): the absolute
# form's scheme and host dropped, %XX decoded, // merged, . and .. resolved, then the three
# files refused; 400 where nginx cannot make a path of the target.
NOT_THE_SITE = ("_headers", ".torre-build", ".torre-ledger")


def spellings(name: str) -> list[str]:
    """Twelve ways of asking for the file `name` at the top of the tree."""
    escaped = f"%{ord(name[0]):02x}{name[1:]}"
    return [f"/{name}", f"//{name}", f"/{name}/", f"/./{name}", f"/dias/../{name}", f"/{escaped}",
            f"/{escaped.upper()}", f"/{name}?x", f"/{name}/.", f"/{name}%2f", f"http://x/{name}",
            f"HTTP://x//{name}"]


ODD_REQUESTS = [  # (request target, status, Location)
    ("/fontes", 301, "/fontes/"), ("//fontes", 301, "/fontes/"),
    ("http://x//fontes", 301, "/fontes/"), ("https://x//fontes", 301, "/fontes/"),
    ("HTTP://x//fontes", 301, "/fontes/"), ("http://x:8000//fontes", 301, "/fontes/"),
    ("/fonte%73", 301, "/fontes/"), ("/./fontes", 301, "/fontes/"),
    ("/dias/../fontes", 301, "/fontes/"), ("/static%2f..%2ffontes", 301, "/fontes/"),
    ("/fontes?a=1", 301, "/fontes/?a=1"), ("//fontes?a=1", 301, "/fontes/?a=1"),
    ("/fontes#x", 301, "/fontes/"), ("/fontes?a#b", 301, "/fontes/?a"),
    ("http://x", 200, None), ("http://x:80?a=1", 200, None), ("/fontes/.", 200, None),
    ("/fontes/..", 200, None), ("/fontes/x/..", 200, None), ("/como-jogar//", 200, None),
    ("http://u@x//fontes", 400, None), ("http://u:p@x/fontes", 400, None),
    ("http:///fontes", 400, None), ("http://x_y/fontes", 400, None),
    ("http://x..y/fontes", 400, None), ("http:/x/fontes", 400, None), ("*", 400, None),
    ("/..", 400, None), ("/%2e%2e/x", 400, None), ("/fontes/../..", 400, None),
    ("/fonte%zz", 400, None), ("/fonte%7", 400, None), ("/index.html%00", 400, None),
    ("/palavras.txt/", 404, None), ("/fontes/index.html/", 404, None), ("/fontes%3fa=1", 404, None),
    *((target, 404, None) for name in NOT_THE_SITE for target in spellings(name)),
]


def raw_answer(url: str, target: str) -> tuple[int, str | None]:
    """(status, Location) of `GET target`, the target sent as written (http.client would
    normalise it)."""
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as client:
        client.sendall(f"GET {target} HTTP/1.1\r\nHost: torre.example.pt\r\n"
                       "Connection: close\r\n\r\n".encode("latin-1"))
        answer = b"".join(iter(lambda: client.recv(65536), b""))
    status, *fields = answer.partition(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    headers = {name.lower(): value for name, _, value in (f.partition(": ") for f in fields)}
    return int(status.split()[1]), headers.get("location")


def test_every_spelling_of_a_request_is_answered_as_nginx_answers_it(site_url):
    assert [(target, *raw_answer(site_url, target)) for target, _, _ in ODD_REQUESTS] == ODD_REQUESTS


def test_binary_and_json_content_types(server):
    response, body = get(server, "/palavras.dawg", "br")
    assert response.getheader("Content-Type") == "application/octet-stream"
    assert response.getheader("Content-Encoding") is None and body == b"\x00\x01binary"
    response, _ = get(server, "/dias/2026-12-25.json", "")
    assert response.getheader("Content-Type") == "application/json; charset=utf-8"


def test_head_sends_headers_without_a_body(server):
    response, body = get(server, "/", "br", method="HEAD")
    assert response.status == 200 and body == b""
    assert int(response.getheader("Content-Length")) > 0


def test_html_gets_the_csp_header_with_frame_ancestors(server):
    response, _ = get(server, "/", "")
    assert "frame-ancestors 'none'" in response.getheader("Content-Security-Policy")


# Issue 13 item 7: every response said no-cache and only HTML had the CSP; _headers rules.
@pytest.mark.parametrize("path, cache_control", [
    ("/", REVALIDATE), ("/static/abc/js/main.js", IMMUTABLE), ("/dias/2026-12-25.json", SHORT),
    ("/palavras.dawg", REVALIDATE), ("/versoes/0123456789.coimbra.json", IMMUTABLE),
    ("/treino/", REVALIDATE), ("/treino/0001.json", REVALIDATE)])
def test_each_path_gets_the_headers_that_headers_file_gives_it(server, path, cache_control):
    response, _ = get(server, path, "br")
    assert response.getheader("Cache-Control") == cache_control
    assert response.getheader("Content-Security-Policy") == CSP_HEADER
    assert response.getheader("Referrer-Policy") == "no-referrer"
    assert response.getheader("Permissions-Policy").startswith("camera=()")
    assert response.getheader("X-Content-Type-Options") == "nosniff"


def test_a_miss_under_an_immutable_path_is_never_cached_but_keeps_the_security_headers(server):
    # A page deployed before its assets must not leave a year-long 404 in the browser's cache.
    response, _ = get(server, "/static/abc/js/nao-existe.js", "br")
    assert response.status == 404 and response.getheader("Cache-Control") is None
    assert response.getheader("Content-Security-Policy") == CSP_HEADER


def test_a_path_segment_too_long_for_the_file_system_is_a_404(server):
    response, body = get(server, "/" + "a" * 300 + "/x", "")
    assert response.status == 404 and "não existe".encode() in body


def test_a_client_that_hangs_up_leaves_no_traceback(server, capfd):
    host, port = server.removeprefix("http://").split(":")
    for _ in range(20):
        with socket.create_connection((host, int(port))) as client:
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            client.sendall(b"GET /static/abc/js/main.js HTTP/1.1\r\nHost: x\r\n\r\n")
    get(server, "/", "")  # the server still answers
    assert "Traceback" not in capfd.readouterr().err


def test_the_listen_queue_takes_a_burst_of_connections(server):
    host, port = server.removeprefix("http://").split(":")
    clients = [socket.create_connection((host, int(port)), timeout=5) for _ in range(150)]
    try:
        for client in clients:
            client.sendall(b"HEAD / HTTP/1.0\r\n\r\n")
        assert all(client.recv(12).startswith(b"HTTP/1.0 200") for client in clients)
    finally:
        for client in clients:
            client.close()
    assert DistServer.request_queue_size >= 128


def test_an_idle_connection_is_closed_after_the_timeout(built_dist, monkeypatch):
    monkeypatch.setattr(DistHandler, "timeout", 0.3)
    srv, url = start_server(built_dist)
    try:
        host, port = url.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=5) as idle:
            idle.sendall(b"GET / HTTP/1.1\r\n")  # and then nothing: a slowloris
            assert idle.recv(100) == b""  # closed by the server, not by our 5 s
    finally:
        srv.shutdown()
        srv.server_close()


@pytest.mark.parametrize("header, expected", [
    ("gzip, deflate, br", {"gzip", "deflate", "br"}),
    ("br;q=0, gzip;q=0.5", {"gzip"}),
    ("", set()),
    (None, set()),
    ("br;q=abc", set()),
])
def test_accept_encoding_parsing(header, expected):
    assert accepted_encodings(header) == expected


def test_serving_a_directory_without_a_build_is_a_clear_error(tmp_path):
    with pytest.raises(MissingInputError, match="run `torre build` first"):
        start_server(tmp_path)


def test_a_port_already_in_use_is_a_clear_error(built_dist):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "--dir", str(built_dist), "--port", str(port)])
    assert result.exit_code == 1
    assert f"cannot listen on 127.0.0.1:{port}" in result.output and "--port" in result.output


SITE_PAGES = ("/como-jogar/", "/coimbra/", "/fontes/", "/coimbra/praxe/", "/arquivo/",
              "/repeticao/", "/nao-existe/")


def test_site_pages_load_in_chromium_with_their_styles_and_no_csp_refusal(site_url, browser):
    """Served by our server, each page applies site.css and the CSP refuses nothing."""
    page = browser.new_page(color_scheme="dark")
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda message: "Content Security Policy" in message.text
            and problems.append(message.text))
    page.on("requestfinished", lambda request: request.url.startswith(site_url)
            or problems.append(f"request left the site: {request.url}"))
    try:
        for path in SITE_PAGES:
            response = page.goto(site_url + path)
            assert response.status == (404 if path == "/nao-existe/" else 200), path
            assert response.headers.get("content-encoding") == "br", path
            links = page.locator("header.topo ul")  # a list flowing as text: site.css applied
            assert links.evaluate("e => getComputedStyle(e).display") == "inline", path
            # Dark mode: light text on a dark background (site.css custom properties).
            assert page.evaluate("getComputedStyle(document.body).backgroundColor") \
                == "rgb(27, 20, 23)", path
    finally:
        page.close()
    assert problems == []


def serve_in_a_child(root, open_files: int) -> tuple[subprocess.Popen, str]:
    """`torre serve` in a process allowed `open_files` descriptors; returns it and its URL."""
    limit = lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))  # noqa: E731
    process = subprocess.Popen([sys.executable, "-u", "-m", "pipeline", "serve", "--dir",
                                str(root), "--port", "0"], cwd=PROJECT_ROOT, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=limit)
    ready, _, _ = select.select([process.stdout], [], [], 60)
    if not ready:
        process.kill()
        pytest.fail(f"torre serve said nothing in 60 s: {process.communicate()[1]}")
    return process, process.stdout.readline().split(" at ")[1].split("/ ")[0]


def answers(url: str) -> bool:
    try:
        return get(url, "/")[0].status == 200
    except OSError:
        return False


# Issue 34 item 6: past the limit of open files, `torre serve` printed a "Too many open
# files" traceback (and went on serving).
def test_past_the_open_files_limit_the_server_refuses_quietly_logs_one_line_and_serves_on(
        tmp_path):
    (tmp_path / "index.html").write_bytes(INDEX)
    process, url = serve_in_a_child(tmp_path, open_files=32)
    host, port = url.removeprefix("http://").split(":")
    try:
        clients = [socket.create_connection((host, int(port)), timeout=20) for _ in range(60)]
        wait_until(lambda: len(os.listdir(f"/proc/{process.pid}/fd")) >= 32,
                   "the server holding all 32 descriptors", seconds=60)
        for client in clients:
            client.sendall(b"GET / HTTP/1.0\r\n\r\n")
        for client in clients:  # each is answered, or refused (closed)
            try:
                client.recv(12)
            except OSError:
                pass
            client.close()
        wait_until(lambda: answers(url), "torre serve answering again", seconds=60)
    finally:
        process.terminate()
        _, err = process.communicate(timeout=30)
    assert "Traceback" not in err, err
    refusals = [line for line in err.splitlines() if "too many open files" in line]
    assert len(refusals) == 1 and refusals[0] == (
        "torre serve: too many open files (ulimit -n is 32): refusing connections until "
        "some close"), err
