"""One browser tab, whatever drives it: what the cross-engine scenario does and reads.

A driver gives `_evaluate(source)` (a JavaScript expression whose promise is awaited and whose
value, a JSON string, comes back), `_actions(actions)` (WebDriver input sources), `navigate`,
`reload`, `png` and `close`; the rest is common: every value crosses as JSON, every wait is a
condition polled against a deadline.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

# WebDriver's code points for the keys the scenario presses (the spec's "normalised key values").
KEYS = {"Enter": "\ue007", "Backspace": "\ue003", "Tab": "\ue004", "Escape": "\ue00c",
        "ArrowLeft": "\ue012", "ArrowUp": "\ue013", "ArrowRight": "\ue014", "ArrowDown": "\ue015"}


class Tab:
    engine = "?"

    def run(self, function: str, *args):
        """The value of `function` (a JavaScript function's source) called with `args`, awaited."""
        source = f"Promise.resolve(({function})(...{json.dumps(list(args))})).then((v) => JSON.stringify(v ?? null))"
        return json.loads(self._evaluate(source))

    def wait(self, function: str, what: str, *args, seconds: float = 15.0):
        """Polls `function` until it returns something true; that value, or a failure naming `what`."""
        deadline = time.monotonic() + seconds
        while True:
            value = self.run(function, *args)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: timed out waiting for {what}")
            time.sleep(0.05)

    def text(self, selector: str) -> str | None:
        return self.run("(s) => document.querySelector(s)?.textContent ?? null", selector)

    def wait_text(self, selector: str, test, what: str):
        """Waits until `selector`'s text passes `test` (a string to equal, or a callable)."""
        check = test if callable(test) else (lambda t: t == test)
        deadline = time.monotonic() + 15
        while True:
            text = self.text(selector)
            if text is not None and check(text):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: {what}: {selector} says {text!r}")
            time.sleep(0.05)

    def centre(self, selector: str, text: str | None = None) -> tuple[int, int]:
        """Where `selector` (the first whose text is `text`, when given; visible, scrolled into view)
        is, in the viewport's CSS pixels."""
        try:
            box = self._find(selector, text)
        except AssertionError as error:
            why = self.run("""(s, text) => {
                const e = [...document.querySelectorAll(s)].find((e) => text === null || e.textContent.trim() === text);
                if (!e) return "none there";
                const r = e.getBoundingClientRect(), on = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                const running = document.getAnimations().filter((a) => a.playState === "running");
                return `visible ${e.checkVisibility()}, ${JSON.stringify(r)}, on top: ${on?.outerHTML.slice(0, 120)}, `
                    + `running: ${running.map((a) => a.animationName || a.constructor.name + " " + (a.effect?.target?.id ?? ""))}`;
            }""", selector, text)
            raise AssertionError(f"{error}: {why}") from None
        return round(box[0]), round(box[1])

    def _find(self, selector: str, text: str | None):
        return self.wait("""(s, text) => {
            const e = [...document.querySelectorAll(s)].find((e) => text === null || e.textContent.trim() === text);
            if (!e || !e.checkVisibility()) return null;
            e.scrollIntoView({ block: "nearest", inline: "nearest" });
            const r = e.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
            // Settled (a dialog's opening animation moves its buttons) and on top where it is.
            if (document.getAnimations().some((a) => a.playState === "running")) return null;
            return r.width && r.height && e.contains(document.elementFromPoint(x, y)) ? [x, y] : null;
        }""", f"{selector} {text or ''} shown", selector, text)

    def tap(self, selector: str, text: str | None = None, pointer: str = "touch"):
        """A finger's tap (or, with pointer="mouse", a click) on the middle of `selector` (see centre)."""
        x, y = self.centre(selector, text)
        self._actions([{"type": "pointer", "id": pointer, "parameters": {"pointerType": pointer}, "actions": [
            {"type": "pointerMove", "x": x, "y": y, "origin": "viewport", "duration": 0},
            {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}])

    def press(self, *keys: str):
        """Each key pressed and released in turn, as the keyboard sends it to the focused element."""
        actions = []
        for key in keys:
            value = KEYS.get(key, key)
            actions += [{"type": "keyDown", "value": value}, {"type": "keyUp", "value": value}]
        self._actions([{"type": "key", "id": "keyboard", "actions": actions}])

    def screenshot(self, folder: Path, name: str):
        folder.mkdir(exist_ok=True)
        size = self.run("() => [innerWidth, innerHeight]")
        path = folder / f"{name}-{self.engine}-{size[0]}x{size[1]}.png"
        path.write_bytes(self.png())
        return path
