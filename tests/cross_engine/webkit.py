"""Debian's WebKitGTK driven through its classic WebDriver, WebKitWebDriver: plain JSON over HTTP
(urllib), its MiniBrowser on an Xvfb display of its own."""
from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from .tab import Tab

DRIVER = "WebKitWebDriver"
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")


def missing() -> list[str]:
    """The Debian packages this engine needs that are not installed."""
    return ([] if shutil.which(DRIVER) else ["webkit2gtk-driver"]) + \
           ([] if shutil.which("Xvfb") else ["xvfb"]) + ([] if MINIBROWSER.exists() else ["libwebkit2gtk-4.1-0"])


def _start_xvfb() -> tuple[subprocess.Popen, str]:
    """An Xvfb on a display it picks itself (-displayfd), so two runs never take the same one."""
    read, write = os.pipe()
    process = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1400x1000x24", "-nolisten", "tcp"],
                               pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        process.kill()
        raise RuntimeError("Xvfb did not start")
    return process, f":{number}"


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class WebKit(Tab):
    engine = "webkit"

    def __init__(self, width: int, height: int):
        self.processes: list[subprocess.Popen] = []
        self.session = None
        self.profile = tempfile.mkdtemp(prefix="torre-webkit-")
        try:
            xvfb, display = _start_xvfb()
            self.processes.append(xvfb)
            port = _free_port()
            env = {**os.environ, "DISPLAY": display, "XDG_CACHE_HOME": self.profile, "XDG_DATA_HOME": self.profile}
            self.processes.append(subprocess.Popen([DRIVER, f"--port={port}"], env=env,
                                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            self.base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 10
            while not self._ready():
                if time.monotonic() > deadline:
                    raise RuntimeError("WebKitWebDriver did not answer")
                time.sleep(0.05)
            created = self._call("POST", "/session", {"capabilities": {"alwaysMatch": {
                "browserName": "MiniBrowser",
                "webkitgtk:browserOptions": {"binary": str(MINIBROWSER), "args": ["--automation"]}}}})
            self.session = f"/session/{created['sessionId']}"
            self.version = created["capabilities"]["browserVersion"]
            self.resize(width, height)
        except BaseException:
            self.close()
            raise

    def _ready(self) -> bool:
        try:
            return bool(self._call("GET", "/status").get("ready"))
        except OSError:
            return False

    def _call(self, method: str, path: str, body=None):
        data = json.dumps(body if body is not None else {}).encode() if method == "POST" else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json; charset=utf-8"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as error:
            value = json.loads(error.read() or b"{}").get("value", {})
            raise AssertionError(f"webkit: {method} {path}: {value.get('error')}: {value.get('message')}") from None

    def resize(self, width: int, height: int):
        """The page's viewport (innerWidth × innerHeight) made `width` × `height`: the window is
        sized, then corrected by what its own frame takes."""
        for _ in range(3):
            inner = self.run("() => [innerWidth, innerHeight]")
            if inner == [width, height]:
                return
            rect = self._call("GET", self.session + "/window/rect")
            self._call("POST", self.session + "/window/rect", {
                "width": rect["width"] + width - inner[0], "height": rect["height"] + height - inner[1]})

    def _evaluate(self, source: str):
        return self._call("POST", self.session + "/execute/sync", {"script": f"return {source};", "args": []})

    def _actions(self, actions: list):
        self._call("POST", self.session + "/actions", {"actions": actions})
        self._call("DELETE", self.session + "/actions")

    def navigate(self, url: str):
        self._call("POST", self.session + "/url", {"url": url})

    def reload(self):
        self._call("POST", self.session + "/refresh")

    def png(self) -> bytes:
        return base64.b64decode(self._call("GET", self.session + "/screenshot"))

    def close(self):
        if self.session:
            try:
                self._call("DELETE", self.session)
            except (AssertionError, OSError):
                pass
            self.session = None
        for process in reversed(self.processes):
            process.terminate()
        for process in reversed(self.processes):
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.processes = []
        shutil.rmtree(self.profile, ignore_errors=True)
