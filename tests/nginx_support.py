"""Debian's nginx run as an ordinary process over a built tree, with the
configuration the project ships (deploy/nginx/), for the tests and the bench.

The server block is docs/hosting.md's, as a maintainer fills it in, with a
local port instead of TLS; every path nginx would write to (pid, logs, temp
files) is in a folder of its own, so no root is needed and nothing outside it
is touched.
"""
from __future__ import annotations

import getpass
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONF = ROOT / "deploy" / "nginx" / "a-torre.conf"
BROTLI_CONF = ROOT / "deploy" / "nginx" / "a-torre-brotli.conf"
HOSTING = ROOT / "docs" / "hosting.md"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
MIME_TYPES = Path("/etc/nginx/mime.types")
BROTLI_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")
INSTALL_HINT = "install Debian's nginx and libnginx-mod-http-brotli-static (make system-deps, as root)"


def missing() -> str | None:
    """Why nginx cannot run here, or None."""
    if not Path(NGINX).is_file():
        return f"nginx is not installed: {INSTALL_HINT}"
    if not MIME_TYPES.is_file():
        return f"{MIME_TYPES} is missing: {INSTALL_HINT}"
    return None


def version() -> str:
    """"nginx/1.22.1", as `nginx -v` names it."""
    out = subprocess.run([NGINX, "-v"], capture_output=True, text=True, check=True)
    return out.stderr.strip().rpartition(" ")[2]


def has_brotli() -> bool:
    return BROTLI_MODULE.is_file()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def documented_server(dist: Path, port: int, brotli: bool) -> str:
    """docs/hosting.md's server block, as a maintainer fills it in, on a local port
    without TLS: the snippets by their path here, the brotli one only when asked."""
    doc = HOSTING.read_text(encoding="utf-8")
    block = re.search(r"```nginx\n(server \{.*?\n\})\n```", doc, re.S).group(1)
    replacements = [
        (r"listen 443 ssl http2;", f"listen 127.0.0.1:{port};"),
        (r"\n *ssl_certificate [^\n]*", ""),
        (r"\n *ssl_certificate_key[^\n]*", ""),
        (r"root /srv/a-torre/dist;", f"root {dist};"),
        (r"include snippets/a-torre\.conf;", f"include {CONF};"),
        (r"include snippets/a-torre-brotli\.conf;", f"include {BROTLI_CONF};" if brotli else ""),
    ]
    for pattern, replacement in replacements:
        block, count = re.subn(pattern, replacement, block)
        if count != 1:
            raise AssertionError(f"docs/hosting.md's server block no longer has {pattern!r}")
    return block


def main_conf(prefix: Path, dist: Path, port: int, brotli: bool) -> str:
    """nginx.conf: the module where asked, an http block like Debian's, the documented server."""
    temp = "".join(f"    {name}_temp_path {prefix / name};\n"
                   for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    user = f"user {getpass.getuser()};\n" if os.geteuid() == 0 else ""  # workers keep read access
    return (f"{f'load_module {BROTLI_MODULE};' if brotli else ''}\n{user}"
            "worker_processes 1;\nevents { worker_connections 256; }\nhttp {\n"
            f"{temp}    access_log off;\n    sendfile on;\n    gzip on;  # as in Debian's nginx.conf\n"
            f"    include {MIME_TYPES};\n    default_type application/octet-stream;\n"
            f"{documented_server(dist, port, brotli)}\n}}\n")


class Nginx:
    """One nginx over `dist`; `url` once started, `stop()` ends it."""

    def __init__(self, dist: Path, brotli: bool):
        self.dist, self.brotli = Path(dist).resolve(), brotli
        self.prefix = Path(tempfile.mkdtemp(prefix="torre-nginx-"))
        self.process: subprocess.Popen | None = None
        self.url = ""

    def start(self) -> "Nginx":
        shutil.copy(MIME_TYPES, self.prefix / "mime.types")  # `include mime.types` is relative to the conf
        for attempt in range(3):  # another process may take the free port first
            port = free_port()
            conf = self.prefix / "nginx.conf"
            conf.write_text(main_conf(self.prefix, self.dist, port, self.brotli), encoding="utf-8")
            log = self.prefix / "error.log"
            self.process = subprocess.Popen(
                [NGINX, "-p", f"{self.prefix}/", "-c", str(conf), "-e", str(log),
                 "-g", f"daemon off; pid {self.prefix / 'nginx.pid'};"],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            if self._wait_listening(port):
                self.url = f"http://127.0.0.1:{port}"
                return self
        raise RuntimeError(f"nginx did not start: {self.errors()}")

    def _wait_listening(self, port: int) -> bool:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                return True
            except OSError:
                time.sleep(0.05)
        self.stop()
        return False

    def errors(self) -> str:
        log = self.prefix / "error.log"
        text = log.read_text(encoding="utf-8", errors="replace") if log.is_file() else ""
        if self.process and self.process.poll() is not None and self.process.stderr:
            text += self.process.stderr.read().decode(errors="replace")
        return text.strip()

    def stop(self) -> None:
        """Stops nginx (at once, as a server that goes away) and removes its folder."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process and self.process.stderr:
            self.process.stderr.close()
        shutil.rmtree(self.prefix, ignore_errors=True)


def start_nginx(dist: Path, brotli: bool | None = None) -> Nginx:
    """nginx over `dist`, with the brotli module when it is installed (or as asked)."""
    return Nginx(dist, has_brotli() if brotli is None else brotli).start()
