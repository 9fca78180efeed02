"""Debian's Firefox ESR driven through WebDriver BiDi (`--remote-debugging-port`): JSON over a
WebSocket, spoken by the few lines of RFC 6455 below (a client's masked text frames; the
server's frames, fragmented or not)."""
from __future__ import annotations

import base64
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import tempfile
import threading
import time

from .tab import Tab

FIREFOX = "firefox-esr"
# A profile that starts straight on the page: no first-run tab, no update or telemetry traffic.
PREFS = {"browser.shell.checkDefaultBrowser": False, "browser.startup.homepage_override.mstone": "ignore",
         "browser.aboutwelcome.enabled": False, "datareporting.policy.dataSubmissionEnabled": False,
         "toolkit.telemetry.reportingpolicy.firstRun": False, "app.update.disabledForTesting": True,
         "browser.safebrowsing.update.enabled": False, "network.captive-portal-service.enabled": False}


def missing() -> list[str]:
    return [] if shutil.which(FIREFOX) else ["firefox-esr"]


class WebSocket:
    def __init__(self, host: str, port: int, path: str):
        self.sock = socket.create_connection((host, port), timeout=60)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("the WebSocket handshake was cut")
            head += chunk
        head, self.buffer = head.split(b"\r\n\r\n", 1)
        if not head.startswith(b"HTTP/1.1 101"):
            raise ConnectionError(f"no WebSocket: {head.splitlines()[0]!r}")

    def _read(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise ConnectionError("the WebSocket was closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def _send(self, opcode: int, payload: bytes):
        size = len(payload)
        head = bytes([0x80 | opcode])
        if size < 126:
            head += bytes([0x80 | size])
        elif size < 1 << 16:
            head += bytes([0x80 | 126]) + struct.pack(">H", size)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", size)
        mask = os.urandom(4)
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def send(self, text: str):
        self._send(0x1, text.encode())

    def receive(self) -> str:
        message = b""
        while True:
            first, second = self._read(2)
            size = second & 0x7F
            if size == 126:
                size = struct.unpack(">H", self._read(2))[0]
            elif size == 127:
                size = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(size)
            opcode = first & 0x0F
            if opcode == 0x8:
                raise ConnectionError("the browser closed the WebSocket")
            if opcode == 0x9:
                self._send(0xA, payload)
                continue
            if opcode in (0x0, 0x1, 0x2):
                message += payload
                if first & 0x80:
                    return message.decode()

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class Firefox(Tab):
    engine = "firefox"

    def __init__(self, width: int, height: int):
        self.profile = tempfile.mkdtemp(prefix="torre-firefox-")
        with open(os.path.join(self.profile, "user.js"), "w", encoding="utf-8") as prefs:
            prefs.writelines(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in PREFS.items())
        self.socket = None
        self.next_id = 0
        self.console: list[str] = []  # what the page logged (log.entryAdded), as "level: text"
        self.process = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", self.profile, "--remote-debugging-port=0"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"})
        try:
            port = self._listening_port()
            self.socket = WebSocket("127.0.0.1", port, "/session")
            created = self.command("session.new", {"capabilities": {}})
            self.version = created["capabilities"]["browserVersion"]
            self.command("session.subscribe", {"events": ["log.entryAdded"]})
            self.context = self.command("browsingContext.getTree", {})["contexts"][0]["context"]
            self.resize(width, height)
        except BaseException:
            self.close()
            raise

    def _listening_port(self) -> int:
        """The port Firefox took, from the line it prints once WebDriver BiDi listens."""
        found: list[int] = []
        seen = threading.Event()

        def read():
            for line in self.process.stderr:
                match = re.search(r"WebDriver BiDi listening on ws://[\d.]+:(\d+)", line)
                if match and not found:
                    found.append(int(match[1]))
                    seen.set()
            seen.set()

        threading.Thread(target=read, daemon=True).start()  # also keeps draining stderr afterwards
        if not seen.wait(30) or not found:
            raise RuntimeError("Firefox did not start WebDriver BiDi")
        return found[0]

    def command(self, method: str, params: dict):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.receive())
            if message.get("id") == self.next_id:
                if message.get("type") == "error":
                    raise AssertionError(f"firefox: {method}: {message.get('error')}: {message.get('message')}")
                return message["result"]
            if message.get("method") == "log.entryAdded":
                entry = message["params"]
                self.console.append(f"{entry.get('level')}: {entry.get('text')}")

    def resize(self, width: int, height: int):
        self.command("browsingContext.setViewport", {"context": self.context,
                                                     "viewport": {"width": width, "height": height}})

    def _evaluate(self, source: str):
        result = self.command("script.evaluate", {"expression": source, "target": {"context": self.context},
                                                  "awaitPromise": True, "resultOwnership": "none"})
        if result["type"] == "exception":
            raise AssertionError(f"firefox: {result['exceptionDetails'].get('text')}")
        return result["result"]["value"]

    def _actions(self, actions: list):
        self.command("input.performActions", {"context": self.context, "actions": actions})
        self.command("input.releaseActions", {"context": self.context})

    def navigate(self, url: str):
        self.command("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self):
        self.command("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def png(self) -> bytes:
        return base64.b64decode(self.command("browsingContext.captureScreenshot", {"context": self.context})["data"])

    def close(self):
        if self.socket is not None:
            try:
                self.command("browser.close", {})
            except (AssertionError, OSError):
                pass
            self.socket.close()
            self.socket = None
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)
