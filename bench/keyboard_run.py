"""A whole daily run by keyboard and the accessibility tree alone (issue 40): what a screen reader
user has — the focused element's role and name, the live regions, the dialogs' names and
descriptions — and the keys they press, counted.

Usage: python bench/keyboard_run.py [DIST] [--day=YYYY-MM-DD] [--trace]   (DIST: $TORRE_DIST, else dist/)
(--day plays Dux's run of that day, won or not; --trace prints each key, the focus after it and
what the live regions said.)

The strong player's run of one day, computer opponent Dux's (bench/keyboard_run.mjs picks the first
day of the window where Dux climbs all five floors using each help it ever uses, and where typing
its plays puts down its very tiles), is played in Debian's Chromium at 390×844 from a first visit
(fresh context, the first-visit guide on) with `page.keyboard.press` only, every press counted:

- the guide: «Seguinte» has the focus when it opens; a first-time player reads each step and
  presses Enter on it, until the step «Jogar» hands the focus to the board (the later steps of the
  guide are read from its live text; a «Continuar» that is not focused is left alone, the guide is
  not modal; when the guide takes the focus itself, as its last step does after the first climb's
  trunfo, the player Tabs to «Continuar» and presses Enter, counted with the guide);
- each play: arrow keys from the focused square to the play's first square (the first arrow
  after a play shows the chosen square where the focus is, without moving), Space when the play
  runs down and the chosen square says «para a direita» (or the other way round), the letters
  from its first tile to its last, board letters in between included (typing passes over them;
  a blank is typed as its letter, which takes it when the hand has no such tile), Enter;
- a trunfo: Tab from where the dialog put the focus to the chosen card, Enter;
- a help: its digit key (1–4, the rules' order);
- an exchange: Tab from the board to «Trocar», Enter, Space on each tile (Tab between), Tab to the
  dialog's «Trocar», Enter; a pass: Tab to «Passar», Enter, Tab to the dialog's «Passar», Enter
  (Dux exchanges only when it has no play, and passes never on a day it wins: the day chosen has neither);
- the end screen: Tab from where it put the focus to «Estatísticas», Enter.

Every decision is read from the accessibility tree (CDP Accessibility.getFullAXTree: the focused
node's role and name, a square's «casa escolhida, para baixo»); nothing is clicked and no page
function is called to act. A MutationObserver (tests/e2e_support.py's HEARD_RECORDER) records each
change of a live region with whether a modal dialog was open and the region outside it (a
screen reader then reads only the dialog), and each dialog's accessible name and description are
read from the tree as it opens. A play's result («PALAVRA: N pontos.») is said when a live region
outside no open modal said it, or the dialog that opened on it has it in its description; it is
lost when it was said only into a region behind an open modal.
"""
from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
from datetime import datetime, time as clock_time, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from e2e_support import CHROMIUM, CHROMIUM_ARGS, HEARD_RECORDER  # noqa: E402  (Debian's full browser, as a player has it; what is heard)
from pipeline.serve import start_server  # noqa: E402

PHONE = {"width": 390, "height": 844}
TIMEOUT_MS = 20_000
SQUARE = re.compile(r"\b([A-G][1-7])\b")
# The Ç key of a Portuguese (pt-PT) keyboard, right of L: Playwright's keyboard has no «ç», so it is sent
# as the same key event through CDP (Input.dispatchKeyEvent), one press.
PT_KEYS = {"ç": {"key": "ç", "code": "Semicolon", "windowsVirtualKeyCode": 186}}
GUIDE_BUTTONS = ("Saltar", "Voltar", "Treinar primeiro", "Seguinte", "Continuar")
BUTTONS = ("button", "ToggleButton")  # a hand tile (aria-pressed) is a toggle button in Chromium's tree
MAX_KEYS_PER_STEP = 60  # more than this to reach one thing is a trap, reported as such

# Measurement only (never acting): the recorder's length, and what the page's one modal dialog is now.
HEARD_COUNT = "() => window.__heard.length"
HEARD_SINCE = "(n) => window.__heard.slice(n)"
MODAL_NOW = "() => { const d = document.querySelector('dialog:modal'); return d ? d.querySelector('h2')?.textContent ?? '' : null; }"
READY = ("() => !document.querySelector('#partida').hidden && document.querySelector('#tabuleiro [data-square=A1]')"
         " && document.querySelector('#jogo')?.dataset.palavras === 'prontas'")
# Two animation frames and a task: the page has drawn what a key changed (its handlers are synchronous).
SETTLED = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0))))"


class Blocked(Exception):
    """A step a keyboard user cannot take: what and where."""


class KeyboardRun:
    def __init__(self, page, trace: bool = False):
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Accessibility.enable")
        self.trace = trace
        self.keys: dict[str, int] = {}
        self.phase = "?"
        self.dialogs: list[dict] = []  # each modal dialog as it opened: name, description, heard index
        self.last_modal = None
        self.guide_took: list[str] = []  # where the guide took the focus after the board had it

    # What a screen reader has -------------------------------------------------------------

    def ax_nodes(self) -> list[dict]:
        return self.cdp.send("Accessibility.getFullAXTree")["nodes"]

    @staticmethod
    def value(node: dict, key: str) -> str:
        return node.get(key, {}).get("value", "")

    def focus(self) -> tuple[str, str]:
        """The focused node's role and name (the document's root is "focused" too while the page has focus)."""
        focused = [(self.value(node, "role"), self.value(node, "name")) for node in self.ax_nodes()
                   if any(p["name"] == "focused" and p["value"].get("value") for p in node.get("properties", []))]
        inner = [f for f in focused if f[0] != "RootWebArea"]
        return (inner or focused or [("", "")])[-1]

    def dialog_heard(self) -> list[tuple[str, str]]:
        """Every dialog of the tree a screen reader can reach: its name and description."""
        return [(self.value(n, "name"), self.value(n, "description")) for n in self.ax_nodes()
                if self.value(n, "role") == "dialog" and not n.get("ignored")]

    # Keys --------------------------------------------------------------------------------

    def press(self, key: str) -> None:
        if key in PT_KEYS:  # a key of a Portuguese keyboard that Playwright's US layout lacks
            self.cdp.send("Input.dispatchKeyEvent", {"type": "keyDown", **PT_KEYS[key], "text": key})
            self.cdp.send("Input.dispatchKeyEvent", {"type": "keyUp", **PT_KEYS[key]})
        else:
            self.page.keyboard.press(key)
        self.keys[self.phase] = self.keys.get(self.phase, 0) + 1
        self.page.evaluate(SETTLED)
        self.note_dialog()
        if self.trace:
            role, name = self.focus()
            print(f"    [{self.phase}] {key:<10} → {role}: {name[:90]}")

    def note_dialog(self) -> None:
        """A modal dialog that opened (or was filled with another question): its name and description."""
        title = self.page.evaluate(MODAL_NOW)
        if title is not None and title != self.last_modal:
            modal = [d for d in self.dialog_heard() if d[0] == title] or self.dialog_heard()
            self.dialogs.append({"name": modal[0][0] if modal else title, "description": modal[0][1] if modal else "",
                                 "heard_at": self.page.evaluate(HEARD_COUNT), "phase": self.phase})
        self.last_modal = title

    def wait_modal(self, title: str) -> None:
        self.page.wait_for_function(f"() => document.querySelector('dialog:modal h2')?.textContent === {json.dumps(title)}",
                                    timeout=TIMEOUT_MS)
        self.note_dialog()

    def tab_to(self, wanted, what: str, key: str = "Tab") -> None:
        """Tab (or `key`) until the focused node is `wanted(role, name)`."""
        for _ in range(MAX_KEYS_PER_STEP):
            if wanted(*self.focus()):
                return
            self.press(key)
        role, name = self.focus()
        raise Blocked(f"{what}: not reached in {MAX_KEYS_PER_STEP} presses of {key} (focus on {role} «{name}»)")

    # The run's steps ---------------------------------------------------------------------

    def guide(self) -> None:
        """Enter on the focused «Seguinte» through the guide's steps until the focus is on the board."""
        self.phase = "guide"
        for _ in range(MAX_KEYS_PER_STEP):
            role, name = self.focus()
            if role == "gridcell":
                return
            if (role, name) != ("button", "Seguinte"):
                raise Blocked(f"the guide: the focus is on {role} «{name}», not «Seguinte» nor the board")
            self.press("Enter")
        raise Blocked("the guide: never reached the board")

    def guide_again(self, where: str) -> None:
        """The guide took the focus (its last step, shown after the first climb's trunfo): the player
        reads it and goes on with «Continuar», Tab from where the focus is."""
        phase, self.phase = self.phase, "guide"
        self.guide_took.append(f"{phase}: on «{self.focus()[1]}»")
        self.tab_to(lambda role, name: role in BUTTONS and name == "Continuar", f"the guide's «Continuar» (before {where})")
        self.press("Enter")
        self.phase = phase

    def to_square(self, target: str, down: bool, turn: bool) -> None:
        """Arrows to `target` until it is the chosen square, then Space if its way is not the play's."""
        for _ in range(MAX_KEYS_PER_STEP):
            role, name = self.focus()
            if role in BUTTONS and name in GUIDE_BUTTONS:
                self.guide_again(target)
                continue
            if role in BUTTONS:
                self.press("Escape")  # from a button or a hand tile, back to the board
                continue
            if role != "gridcell":
                raise Blocked(f"a play on {target}: the focus is on {role or 'nothing'} «{name}», not on the board")
            square = SQUARE.search(name).group(1)
            chosen = "casa escolhida" in name
            dx = "ABCDEFG".index(target[0]) - "ABCDEFG".index(square[0])
            dy = int(target[1]) - int(square[1])
            if not chosen or dx or dy:
                self.press("ArrowRight" if dx > 0 else "ArrowLeft" if dx < 0 else "ArrowDown" if dy > 0 else
                           "ArrowUp" if dy < 0 else "ArrowRight")  # the first arrow shows the chosen square
                continue
            if turn and ("para baixo" in name) != down:
                self.press("Space")
                continue
            return
        raise Blocked(f"a play on {target}: not reached in {MAX_KEYS_PER_STEP} keys")

    def play(self, step: dict, number: int) -> dict:
        self.phase = f"play {number}"
        heard_before = self.page.evaluate(HEARD_COUNT)
        dialogs_before = len(self.dialogs)
        self.to_square(step["first"], step["down"], step["tiles"] > 1)
        for letter in step["line"]:
            self.press(letter.lower())
        role, name = self.focus()
        if role != "gridcell":
            raise Blocked(f"play {number}: after typing {step['line']} the focus is on {role} «{name}»: Enter would not play")
        self.press("Enter")
        self.page.wait_for_function(f"(n) => window.__heard.length > n", arg=heard_before, timeout=TIMEOUT_MS)
        if step["climbed"]:
            self.page.wait_for_function("() => document.querySelector('dialog:modal') !== null", timeout=TIMEOUT_MS)
            self.page.evaluate(SETTLED)
            self.note_dialog()
        return {"number": number, "said": step["said"], "keys": self.keys[self.phase],
                "heard_from": heard_before, "dialogs_from": dialogs_before}

    def trunfo(self, step: dict, names: dict[str, str], number: int) -> None:
        self.phase = f"trunfo {number}"
        self.wait_modal("Escolha um trunfo")
        name = names[step["id"]]
        self.tab_to(lambda role, label: role == "button" and label.startswith(name), f"the trunfo card «{name}»")
        self.press("Enter")
        self.page.wait_for_function("() => document.querySelector('dialog:modal') === null", timeout=TIMEOUT_MS)

    def help(self, step: dict, number: int) -> None:
        self.phase = f"help {number}"
        self.press(str(step["key"]))

    def exchange(self, step: dict, number: int) -> None:
        self.phase = f"exchange {number}"
        self.tab_to(lambda role, name: (role, name) == ("button", "Trocar"), "the «Trocar» button")
        self.press("Enter")
        self.wait_modal("Trocar peças")
        self.tab_to(lambda role, name: role in BUTTONS and re.search(r"\d ponto", name), "the first tile to exchange")
        for index in range(step["offered"]):
            if index in step["picks"]:
                self.press("Space")
            self.press("Tab")
        self.tab_to(lambda role, name: (role, name) == ("button", "Trocar"), "the dialog's «Trocar»")
        self.press("Enter")

    def pass_turn(self, number: int) -> None:
        self.phase = f"pass {number}"
        self.tab_to(lambda role, name: (role, name) == ("button", "Passar"), "the «Passar» button")
        self.press("Enter")
        self.wait_modal("Passar a vez?")
        self.tab_to(lambda role, name: (role, name) == ("button", "Passar"), "the dialog's «Passar»")
        self.press("Enter")

    def end(self, won: bool) -> None:
        self.phase = "end"
        self.wait_modal("Subiu a torre toda!" if won else "Fim da corrida")
        self.tab_to(lambda role, name: (role, name) == ("button", "Estatísticas"), "the end screen's «Estatísticas»")
        self.press("Enter")
        self.wait_modal("Estatísticas")


def lisbon_noon(date: str) -> str:
    day = datetime.fromisoformat(date).date()
    noon = datetime.combine(day, clock_time(12), tzinfo=ZoneInfo("Europe/Lisbon"))
    return noon.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def dux_run(dist: Path, day: str | None) -> dict:
    env = dict(os.environ, TORRE_DIST=str(dist))
    out = subprocess.run(["node", "bench/keyboard_run.mjs", *([day] if day else [])], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True)
    return json.loads(out.stdout)


def judge(plays: list[dict], heard: list[dict], dialogs: list[dict]) -> list[dict]:
    """Each play's result: said (live, outside any modal), in the dialog it opened, or lost."""
    for index, play in enumerate(plays):
        end = plays[index + 1]["heard_from"] if index + 1 < len(plays) else len(heard)
        mine = [h for h in heard[play["heard_from"]:end] if play["said"] in h["text"]]
        later = plays[index + 1]["dialogs_from"] if index + 1 < len(plays) else len(dialogs)
        opened = [d for d in dialogs[play["dialogs_from"]:later] if play["said"] in d["description"]]
        play["live"] = any(not h["outside"] and not h["hidden"] for h in mine)
        play["dialog"] = bool(opened)
        play["lost"] = not play["live"] and not play["dialog"] and any(h["outside"] for h in mine)
    return plays


def run(dist: Path, day: str | None, trace: bool) -> dict:
    from playwright.sync_api import sync_playwright

    dux = dux_run(dist, day)
    constants = json.loads((dist / "constantes.json").read_text(encoding="utf-8"))
    names = {t["id"]: t["name"] for t in constants["trunfos"]}
    server, url = start_server(dist, port=0)
    blocked = None
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport=PHONE, locale="pt-PT", service_workers="block")
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.add_init_script(HEARD_RECORDER)
            page.clock.set_fixed_time(lisbon_noon(dux["date"]))
            page.goto(url + "/")
            page.wait_for_function(READY, timeout=TIMEOUT_MS)
            page.wait_for_selector("#guia[open]", timeout=TIMEOUT_MS)
            player = KeyboardRun(page, trace)
            plays: list[dict] = []
            counts = {"play": 0, "trunfo": 0, "help": 0, "exchange": 0, "pass": 0}
            try:
                player.guide()
                for step in dux["steps"]:
                    kind = step["type"]
                    counts[kind] += 1
                    if trace:
                        print(f"  {kind} {counts[kind]}: {json.dumps(step, ensure_ascii=False)}")
                    if kind == "play":
                        plays.append(player.play(step, counts[kind]))
                    elif kind == "trunfo":
                        player.trunfo(step, names, counts[kind])
                    elif kind == "help":
                        player.help(step, counts[kind])
                    elif kind == "exchange":
                        player.exchange(step, counts[kind])
                    else:
                        player.pass_turn(counts[kind])
                player.end(dux["won"])
            except Blocked as why:
                blocked = f"{why} (at {player.phase})"
            heard = page.evaluate(HEARD_SINCE, 0)
            finished = page.evaluate("() => document.querySelector('#total')?.textContent")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return {"dux": dux, "keys": player.keys, "plays": judge(plays, heard, player.dialogs), "dialogs": player.dialogs,
            "heard": heard, "blocked": blocked, "guide_took": player.guide_took, "errors": errors, "total_shown": finished, "counts": counts}


def report(result: dict, trace: bool = False) -> None:
    dux, keys, plays = result["dux"], result["keys"], result["plays"]
    group = lambda prefix: sum(n for phase, n in keys.items() if phase.startswith(prefix))  # noqa: E731
    per_play = [p["keys"] for p in plays]
    print(f"day {dux['date']} (noon in Lisbon), Dux's run: {'won' if dux['won'] else 'floor ' + str(dux['floor'])}, "
          f"{dux['total']} points; played from a first visit at {PHONE['width']}×{PHONE['height']} by keyboard alone")
    print(f"  {len(plays)} plays, {result['counts']['trunfo']} trunfos, {result['counts']['help']} helps, "
          f"{result['counts']['exchange']} exchanges, {result['counts']['pass']} passes; total shown at the end: "
          f"{result['total_shown']}")
    if per_play:
        print(f"  keys per play (arrows, Space, letters, Enter): min {min(per_play)} / median "
              f"{statistics.median(per_play):g} / max {max(per_play)}   (issue 40's earlier measurement: 14–16)")
        print("    " + " ".join(f"{p['keys']}" for p in plays))
    print(f"  keys for the guide (Enter on «Seguinte» to the board, and «Continuar» when it takes the focus): "
          f"{keys.get('guide', 0)}")
    print(f"  keys for the trunfos (Tab to the card, Enter): {group('trunfo')}   helps (digits): {group('help')}   "
          f"exchanges: {group('exchange')}   passes: {group('pass')}")
    print(f"  keys from the end screen to «Estatísticas» open: {keys.get('end', 0)}")
    print(f"  keys for the whole run: {sum(keys.values())}   (issue 40's earlier measurement: 138)")
    said = [p for p in plays if p["live"] or p["dialog"]]
    print(f"  results said: {len(said)} of {len(plays)} plays ({sum(p['live'] for p in plays)} in a live region, "
          f"{sum(p['dialog'] and not p['live'] for p in plays)} only in the dialog that opened on them)")
    lost = [p for p in plays if p["lost"]]
    print(f"  results lost (said only into a live region behind an open modal): {len(lost)}"
          + "".join(f"\n    play {p['number']}: {p['said']}" for p in lost))
    unsaid = [p for p in plays if not (p["live"] or p["dialog"] or p["lost"])]
    for p in unsaid:
        print(f"    play {p['number']} never said: {p['said']}")
    behind = [h for h in result["heard"] if h["outside"]]
    print(f"  live-region changes behind an open modal (not heard): {len(behind)} of {len(result['heard'])}"
          f" (and {sum(h['hidden'] for h in result['heard'])} in a hidden region)")
    repeated = [p["said"] for p in plays if p["dialog"]]
    for h in behind:
        if not any(said in h["text"] for said in repeated):
            print(f"    lost behind a modal, not in its dialog: #{h['id']}: {h['text'][:120]}")
    for took in result["guide_took"]:
        print(f"  the guide took the focus from the board ({took}): «Continuar» by Tab, Enter (counted with the guide)")
    print("  dialogs as they opened (name — description):")
    for d in result["dialogs"]:
        print(f"    [{d['phase']}] {d['name']} — {d['description'][:110]}")
    if trace:
        print("  what the live regions said (× behind an open modal, h hidden):")
        for h in result["heard"]:
            print(f"    {'×' if h['outside'] else 'h' if h['hidden'] else ' '} #{h['id'] or '?'}: {h['text'][:140]}")
    if result["blocked"]:
        print(f"  BLOCKED: {result['blocked']}")
    for error in result["errors"]:
        print(f"  page error: {error}")


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    dist = Path(args[0] if args else os.environ.get("TORRE_DIST", "dist")).resolve()
    if not (dist / "dias").is_dir():
        print(f"{dist} is not a built tree (no dias/): build it with `torre build --out {dist}`", file=sys.stderr)
        return 2
    day = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--day=")), None)
    result = run(dist, day, "--trace" in sys.argv)
    report(result, "--trace" in sys.argv)
    return 1 if result["blocked"] or result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
