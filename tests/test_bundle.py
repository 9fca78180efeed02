"""pipeline/bundle.py: the game's modules joined into one script, run as the browser runs them."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from pipeline.bundle import BundleError, bundle, bundle_files, read_modules
from pipeline.site import SITE_SRC

NODE = shutil.which("node")


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def run(script: str) -> str:
    """Runs a bundle in Node as a module script, as the page does; returns what it logged."""
    if not NODE:
        pytest.fail("node is missing (make system-deps)")
    done = subprocess.run([NODE, "--input-type=module", "-"], input=script, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


MODULES = {
    "main.js": 'import * as engine from "./engine/index.js";\n'
               'import { twice as double, NAME } from "./ui/util.js";\n'
               '// a comment of its own: dropped\n'
               'console.log(NAME, double(engine.answer()), engine.label, "https://x.pt/a//b");\n',
    "engine/index.js": 'export { answer, LABEL as label } from "./core.js";\n',
    "engine/core.js": '/**\n * Doc comment.\n */\nexport const LABEL = "núcleo";\n'
                      'export function answer() {\n    return 21; // after the code: dropped too\n}\n'
                      'export const label = "a; // b", path = `c, // d`; // after a string: dropped\n'
                      'export const quoted = ["a", " "]; // with "quotes", after closed strings: dropped\n'
                      'export const tricky = "x; // y"; // "quoted", after a // in a string: kept\n'
                      'export const pattern = /;"/; // "quoted", after a regular expression: kept\n',
    "ui/util.js": 'import { LABEL } from "../engine/core.js";\n'
                  'export const NAME = `util de ${LABEL}`;\nexport async function later() {}\n'
                  'export function twice(n) { return n * 2; }\nexport class Thing {}\n',
}


def test_modules_come_after_what_they_import_and_each_once(tmp_path):
    order = [m.name for m in read_modules(write(tmp_path, MODULES), "main.js")]
    assert order == ["engine/core.js", "engine/index.js", "ui/util.js", "main.js"]


def test_the_bundle_runs_with_renamed_imports_namespaces_and_re_exports(tmp_path):
    out = run(bundle(write(tmp_path, MODULES)))
    assert out == "util de núcleo 42 núcleo https://x.pt/a//b\n"


def test_comments_and_indentation_are_dropped_but_never_inside_a_string(tmp_path):
    text = bundle(write(tmp_path, MODULES))
    assert "Doc comment" not in text and "a comment of its own" not in text
    assert "return 21;\n" in text and "dropped" not in text
    assert 'label = "a; // b", path = `c, // d`;\n' in text, "a // inside a string is no comment"
    assert 'quoted = ["a", " "];\n' in text and "with" not in text, "a comment with quotes, after whole strings"
    assert '"x; // y"; // "quoted", after a // in a string: kept\n' in text, "kept where it may be a string"
    assert '/;"/; // "quoted", after a regular expression: kept\n' in text
    assert "\n    " not in text


@pytest.mark.parametrize("source, line, says", [
    ('const a = 1;\nexport default a;\n', 2, "module syntax the bundler does not support"),
    ('const a = 1;\nexport { a };\n', 2, "module syntax the bundler does not support"),
    ('const a = 1;\nconst m = import(name);\n', 2, "module syntax the bundler does not support"),
    ('const a = 1;\nconst m = import(`./x.js`);\n', 2, "module syntax the bundler does not support"),
    ('const a = 1;\n\nconst m = import("./nao-existe.js");\n', 3, "imports nao-existe.js, which does not exist"),
    ('const u = import.meta.url;\n', 1, "module syntax the bundler does not support"),
    ('import x from "./x.js";\n', 1, "module syntax the bundler does not support"),
    ('const t = `one\ntwo`;\n', 1, "a string goes on past the end of the line"),
])
def test_syntax_outside_what_the_bundler_knows_is_refused_with_file_and_line(tmp_path, source, line, says):
    write(tmp_path, {"main.js": source, "x.js": "export const x = 1;\n"})
    with pytest.raises(BundleError) as error:
        bundle(tmp_path)
    assert str(error.value).startswith(f"main.js:{line}: {says}")


# A page whose end screen is loaded on demand: main.js reaches shared.js and util.js; the end
# (end.js) reaches shared.js too, and its own text.js.
LAZY = {
    "main.js": 'import { count, tick } from "./shared.js";\nimport { NAME } from "./util.js";\n'
               'tick();\nimport("./ui/end.js").then((end) => {\n'
               '  console.log(NAME, end.ending("fim"), count(), end.LABEL);\n'
               '  return import("./ui/end.js").then((again) => console.log(again === end, count()));\n});\n',
    "shared.js": 'let ticks = 0;\nexport function tick() { ticks += 1; }\nexport function count() { return ticks; }\n',
    "util.js": 'export const NAME = "util";\n',
    "ui/end.js": 'import { tick } from "../shared.js";\nimport { words } from "./text.js";\n'
                 'export { words as LABEL } from "./text.js";\n'
                 'tick();\nexport function ending(x) { return `${words} ${x}`; }\n',
    "ui/text.js": 'export const words = "o";\n',
}


def test_a_dynamic_import_becomes_a_chunk_of_the_modules_the_bundle_lacks(tmp_path):
    files = bundle_files(write(tmp_path, LAZY), "main.js", "torre.js", labels=True)
    assert list(files) == ["torre.js", "torre.end.js"]
    assert module_names(files["torre.js"]) == {"shared.js", "util.js", "main.js"}
    assert module_names(files["torre.end.js"]) == {"ui/text.js", "ui/end.js"}, "shared.js stays in the bundle only"
    assert 'import("./torre.end.js")' in files["torre.js"]


def test_the_bundle_exports_exactly_the_modules_its_chunks_import_from_it(tmp_path):
    files = bundle_files(write(tmp_path, LAZY), "main.js", "torre.js", labels=True)
    shared = files["torre.js"].split("// ---- shared.js\nconst ", 1)[1].split(" ", 1)[0]
    exports = [line for line in files["torre.js"].splitlines() if line.startswith("export")]
    assert exports == [f"export {{ {shared} }};"], "util.js is not exported: no chunk needs it"
    imports = [line for line in files["torre.end.js"].splitlines() if line.startswith("import")]
    assert imports == [f'import {{ {shared} }} from "./torre.js";']
    assert files["torre.end.js"].rstrip().endswith("export const { LABEL, ending } = $m4;")


def test_a_chunk_runs_once_on_the_bundles_own_modules_as_the_browser_runs_them(tmp_path):
    """Node as the browser: the chunk's import of ./torre.js is the module already run (one tick
    count), and a second dynamic import returns the same module."""
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    for name, text in bundle_files(write(tmp_path / "src", LAZY), "main.js", "torre.js").items():
        (out_dir / name.replace(".js", ".mjs")).write_text(text.replace('.js"', '.mjs"'), encoding="utf-8")
    if not NODE:
        pytest.fail("node is missing (make system-deps)")
    done = subprocess.run([NODE, str(out_dir / "torre.mjs")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "util o fim 2 o\ntrue 2\n"


def test_a_dynamic_import_of_a_module_the_bundle_holds_makes_no_chunk(tmp_path):
    files = bundle_files(write(tmp_path, {**LAZY, "main.js": 'import { count } from "./shared.js";\n'
                                          'import("./shared.js").then((s) => console.log(s.count === count));\n'}))
    assert list(files) == ["torre.js"] and "export" not in files["torre.js"].split("\n// ----")[-1]
    assert run(files["torre.js"]) == "true\n"


def test_chunks_and_bundle_are_the_same_bytes_every_time(tmp_path):
    write(tmp_path, LAZY)
    assert bundle_files(tmp_path, "main.js", "torre.js") == bundle_files(tmp_path, "main.js", "torre.js")
    assert list(bundle_files(tmp_path, "main.js", "treino.js")) == ["treino.js", "treino.end.js"]


@pytest.mark.parametrize("extra, says", [
    ({"ui/text.js": 'export const words = "o";\nconst later = () => import("../util.js");\n'},
     "text.js:2: a dynamic import inside a lazily loaded chunk is not supported"),
    ({"main.js": LAZY["main.js"] + 'import("./other.js");\n',
      "other.js": 'import { words } from "./ui/text.js";\nexport const o = words;\n'},
     "text.js: reached from two chunks' targets (ui/end.js, other.js)"),
])
def test_what_would_run_a_module_twice_is_refused_with_the_file(tmp_path, extra, says):
    with pytest.raises(BundleError) as error:
        bundle_files(write(tmp_path, {**LAZY, **extra}))
    assert str(error.value).startswith(says)


def test_an_import_cycle_is_refused_and_named(tmp_path):
    write(tmp_path, {"main.js": 'import { a } from "./a.js";\n', "a.js": 'import { b } from "./b.js";\nexport const a = 1;\n',
                     "b.js": 'import { a } from "./a.js";\nexport const b = 2;\n'})
    with pytest.raises(BundleError, match="import cycle: main.js → a.js → b.js → a.js"):
        bundle(tmp_path)


def test_a_missing_module_names_the_importer(tmp_path):
    write(tmp_path, {"main.js": 'import { a } from "./nao-existe.js";\n'})
    with pytest.raises(BundleError, match=r"main.js: imports nao-existe.js, which does not exist"):
        bundle(tmp_path)


def test_the_game_bundle_holds_every_module_main_js_reaches_and_parses(tmp_path):
    text = bundle(SITE_SRC / "js", labels=True)
    names = [line.removeprefix("// ---- ") for line in text.splitlines() if line.startswith("// ---- ")]
    assert names[-1] == "main.js" and len(names) == len(set(names))
    assert {"ui/game/page.js", "engine/play.js", "dawg.js", "ui/shared/lisbon_date.js"} <= set(names)
    (tmp_path / "torre.mjs").write_text(text, encoding="utf-8")
    if not NODE:
        pytest.fail("node is missing (make system-deps)")
    subprocess.run([NODE, "--check", str(tmp_path / "torre.mjs")], check=True)


def test_the_game_page_leaves_the_end_screen_analysis_and_statistics_to_its_chunk():
    files = bundle_files(SITE_SRC / "js", "main.js", "torre.js", labels=True)
    # The «Detalhes» of a failure and the archive's mode (a past day, a refusal) are chunks of their own too.
    assert list(files) == ["torre.js", "torre.problem_details.js", "torre.archive_mode.js", "torre.run_end.js"]
    page, end = module_names(files["torre.js"]), module_names(files["torre.run_end.js"])
    assert module_names(files["torre.archive_mode.js"]) == {"ui/game/archive_mode.js"}
    later = {"ui/game/run_end.js", "ui/game/end_view.js", "ui/game/share.js", "ui/analysis/run_analysis.js",
             "ui/analysis/analysis_view.js", "ui/analysis/analysis_text.js", "ui/shared/analysis_client.js",
             "ui/game/end_challenge.js", "ui/shared/challenge_texts.js", "engine/replay_code.js",
             "ui/shared/stats_import.js", "ui/game/opponent_line.js", "ui/game/opponent_line_text.js"}
    assert later <= end and not page & end  # the opponent's line too: made at the first action (opponent_slot.js)
    # A kept challenge (its store, its code's reader) is read before a run only on a device that keeps one.
    challenges = {"engine/replay_read.js", "ui/shared/challenge_store.js", "ui/shared/challenge_records.js",
                  "ui/shared/challenge_goal.js", "engine/rank.js"}
    assert challenges <= end and not challenges & page
    assert {"ui/shared/challenge_key.js", "engine/calendar.js"} <= page, "whether there are any; a ?dia= date"
    practice = bundle_files(SITE_SRC / "js", "practice_main.js", "treino.js", labels=True)
    assert list(practice) == ["treino.js", "treino.problem_details.js", "treino.archive_mode.js", "treino.run_end.js"]
    assert "ui/shared/analysis_client.js" in module_names(practice["treino.js"]), "suggestions need it at once"


def test_the_sites_bundles_carry_no_comment_but_their_first_line():
    """Every byte is on a first visit: the modules' names head them only for the tests (labels)."""
    for entry, file in [("main.js", "torre.js"), ("practice_main.js", "treino.js"), ("worker/analysis.js", "analise.js")]:
        for name, text in bundle_files(SITE_SRC / "js", entry, file).items():
            comments = [line for line in text.splitlines()[1:] if line.lstrip().startswith("//")]
            assert comments == [], name


def module_names(text: str) -> set[str]:
    return {line.removeprefix("// ---- ") for line in text.splitlines() if line.startswith("// ---- ")}


def test_the_page_bundle_leaves_the_move_generator_and_the_par_to_the_analysis_worker():
    page = module_names(bundle(SITE_SRC / "js", labels=True))
    worker = module_names(bundle(SITE_SRC / "js", "worker/analysis.js", labels=True))
    generator = {"engine/movegen/legal_plays.js", "engine/movegen/generate.js", "engine/par.js", "engine/analysis.js"}
    assert not {name for name in page if name.startswith("engine/movegen/")} | (page & generator)
    assert generator <= worker
    assert not {name for name in worker if name.startswith("ui/")}, "the worker has no page code"



def test_each_page_loads_only_its_own_code_the_game_neither_the_archive_nor_the_replay():
    game = module_names(bundle(SITE_SRC / "js", labels=True))
    archive = module_names(bundle(SITE_SRC / "js", "archive_main.js", labels=True))
    replay = module_names(bundle(SITE_SRC / "js", "replay_main.js", labels=True))
    assert not game & {"ui/archive/archive_page.js", "ui/replay/replay_page.js"}
    assert "ui/archive/archive_page.js" in archive and not archive & {"ui/game/page.js", "ui/replay/replay_page.js"}
    assert "ui/replay/replay_page.js" in replay and not replay & {"ui/game/page.js", "ui/archive/archive_page.js"}
    challenge = module_names(bundle(SITE_SRC / "js", "challenge_main.js", labels=True))
    assert "ui/challenge/challenge_page.js" in challenge and not challenge & {"ui/game/page.js", "ui/archive/archive_page.js", "engine/analysis.js"}
    assert not game & {"ui/challenge/challenge_page.js"}
    end = module_names(bundle_files(SITE_SRC / "js", labels=True)["torre.run_end.js"])
    assert "ui/shared/challenge_texts.js" in end, "the challenge's texts: once a run ends"


# A worker's global scope in Node: its listeners, what it posts, and fetch reading files.
WORKER_SCOPE = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const answers = [];
globalThis.self = { listeners: [], addEventListener(type, fn) { this.listeners.push(fn); },
  postMessage(data) { answers.push(data); } };
globalThis.fetch = async (url) => ({ ok: true, arrayBuffer: async () => {
  const bytes = readFileSync(url); return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength); } });
await import(process.argv[2]);
const [day, constants] = [JSON.parse(readFileSync(process.argv[3], "utf8")), JSON.parse(readFileSync(process.argv[4], "utf8"))];
const url = process.argv[5];
const ask = async (data) => { for (const fn of self.listeners) await fn({ data }); };
"""
ANALYSE = 'await ask({ id: 7, day, constants, dawgUrl: url, actions: [{ type: "pass" }] });'
SUGGEST = """
const { newRun } = await import(pathToFileURL(process.argv[6]).href);
const state = structuredClone(newRun(day, constants));
await ask({ id: 8, kind: "suggest", state, dawgUrl: url, commonUrl: url });
await ask({ id: 9, kind: "suggest", state, dawgUrl: url });
"""


def worker_answers(tmp_path, built_dist, requests: str) -> list[dict]:
    """What the analysis worker's bundle posts for `requests` (JS run after WORKER_SCOPE), in Node
    on the real word list and the e2e fixture's day."""
    if not NODE:
        pytest.fail("node is missing (make system-deps)")
    (tmp_path / "analise.mjs").write_text(bundle(SITE_SRC / "js", "worker/analysis.js"), encoding="utf-8")
    host = WORKER_SCOPE + requests + "\nawait new Promise((resolve) => setTimeout(resolve, 50));\nconsole.log(JSON.stringify(answers));\n"
    (tmp_path / "host.mjs").write_text(host, encoding="utf-8")
    day = Path(__file__).parent / "fixtures" / "e2e" / "2026-12-01.json"
    done = subprocess.run([NODE, str(tmp_path / "host.mjs"), str(tmp_path / "analise.mjs"), str(day),
                           str(built_dist / "constantes.json"), str(built_dist / "palavras.dawg"),
                           str(SITE_SRC / "js" / "engine" / "state.js")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_analysis_worker_bundle_answers_a_run_with_its_rows_and_the_par(tmp_path, built_dist):
    """The worker's protocol (docs/architecture.md), run in Node on the real word list."""
    [answer] = worker_answers(tmp_path, built_dist, ANALYSE)
    assert answer["id"] == 7 and answer["ok"] is True
    result = answer["result"]
    assert [row["yours"] for row in result["plays"]] == [None]
    assert result["plays"][0]["best"]["words"][0] == "PRAXE"  # the fixture's 62-point play (e2e_support.py)
    assert set(result["par"]) == {"floor", "total", "won"} and result["beaten"] is False


def test_the_analysis_worker_bundle_suggests_the_best_common_play_and_the_best_play(tmp_path, built_dist):
    """A "suggest" request (docs/architecture.md): a state in, {common, best} out; commonUrl is needed."""
    suggested, refused = worker_answers(tmp_path, built_dist, SUGGEST)
    assert suggested["id"] == 8 and suggested["ok"] is True
    best = suggested["result"]["best"]
    assert best["words"][0] == "PRAXE" and best["points"] == 62  # the fixture's best play (e2e_support.py)
    assert suggested["result"]["common"] == best, "with every word common, the best common play is the best"
    assert set(best) == {"words", "points", "tiles"} and set(best["tiles"][0]) == {"square", "letter", "blank"}
    assert refused["id"] == 9 and refused["ok"] is False and refused["message"]
