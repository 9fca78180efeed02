"""Our expansion against Hunspell itself (Debian `hunspell`) and `unmunch` (hunspell-tools).

Every form we generate must be accepted by `hunspell`; every form `unmunch`
generates must be in our expansion, or the difference is explained below.
"""
from __future__ import annotations

import shutil
import subprocess

import pytest

from conftest import FIXTURES, SHARED_DICTIONARIES
from pipeline.hunspell import Expander, read_aff, read_dic
from pipeline.sources import load_manifest

HUNSPELL = FIXTURES / "hunspell"
pytestmark = pytest.mark.skipif(not (shutil.which("hunspell") and shutil.which("unmunch")),
                                reason="needs Debian hunspell and hunspell-tools (make system-deps)")


def our_forms(aff_path, dic_path, entries=None, tolerated=frozenset()):
    aff = read_aff(aff_path)
    dic = read_dic(dic_path, aff, tolerated)
    expander = Expander(aff)
    chosen = dic.entries if entries is None else entries(dic.entries)
    forbidden = expander.forbidden_words(dic.entries)
    return chosen, {form for _, form, _ in expander.expand_entries(chosen, forbidden)}


def rejected_by_hunspell(dictionary_base, forms) -> list[str]:
    """Forms `hunspell -l` lists as misspelt (it reads one word per line)."""
    result = subprocess.run(["hunspell", "-d", str(dictionary_base), "-l"], check=True,
                            input="".join(f"{f}\n" for f in sorted(forms)),
                            capture_output=True, text=True, encoding="utf-8")
    return result.stdout.split()


def unmunch(dic_path, aff_path) -> set[str]:
    # unmunch chatters on stderr, cutting UTF-8 flags mid-character: drop it.
    result = subprocess.run(["unmunch", str(dic_path), str(aff_path)], check=True,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return {line.split("\t")[0] for line in result.stdout.decode("utf-8").split("\n") if line}


@pytest.mark.parametrize("name", ["affixes", "special", "flag_char", "flag_long", "flag_num",
                                  "flag_utf8"])
def test_hunspell_accepts_every_form_we_generate_from_the_fixtures(name):
    _, ours = our_forms(HUNSPELL / f"{name}.aff", HUNSPELL / f"{name}.dic")
    assert rejected_by_hunspell(HUNSPELL / name, ours) == []


def test_hunspell_rejects_what_we_leave_out_of_the_special_fixture():
    # NEEDAFFIX stem, NEEDAFFIX suffix alone, FORBIDDENWORD, ONLYINCOMPOUND.
    left_out = ["amig", "gatito", "lobos", "pós"]
    assert rejected_by_hunspell(HUNSPELL / "special", left_out) == left_out


@pytest.mark.parametrize("name", ["affixes", "flag_char", "flag_long", "flag_num"])
def test_unmunch_forms_of_the_fixtures_are_all_ours(name):
    _, ours = our_forms(HUNSPELL / f"{name}.aff", HUNSPELL / f"{name}.dic")
    assert unmunch(HUNSPELL / f"{name}.dic", HUNSPELL / f"{name}.aff") == ours


def test_unmunch_reads_utf8_flags_byte_by_byte():
    # Not our bug: unmunch ignores FLAG UTF-8, so "á" and "ç" (both starting with byte
    # 0xC3) look alike to it and lobo/á gets the -inho rule of ç. `hunspell` agrees with us.
    _, ours = our_forms(HUNSPELL / "flag_utf8.aff", HUNSPELL / "flag_utf8.dic")
    theirs = unmunch(HUNSPELL / "flag_utf8.dic", HUNSPELL / "flag_utf8.aff")
    assert theirs - ours == {"lobinho"}
    assert rejected_by_hunspell(HUNSPELL / "flag_utf8", ["lobinho"]) == ["lobinho"]


def test_unmunch_ignores_the_special_flags_that_hunspell_honours():
    # unmunch knows nothing of NEEDAFFIX, FORBIDDENWORD or ONLYINCOMPOUND and prints
    # suffixes with continuation classes as "gatinho/p|" without applying them; the
    # forms it adds are exactly those `hunspell` rejects (test above).
    _, ours = our_forms(HUNSPELL / "special.aff", HUNSPELL / "special.dic")
    theirs = {form.split("/")[0] for form in unmunch(HUNSPELL / "special.dic",
                                                     HUNSPELL / "special.aff")}
    assert theirs - ours == {"amig", "gatito", "lobos", "pós"}


def real_dictionaries():
    if not SHARED_DICTIONARIES.exists():
        return []
    return [pytest.param(e, id=e["id"]) for e in load_manifest()]


def sample(entries):
    """About 1 in 37 entries that carry flags: some 800 stems and ~29,000 forms."""
    return [e for e in entries[::37] if e.flags]


@pytest.mark.parametrize("entry", real_dictionaries())
def test_real_dictionaries_sample_agrees_with_hunspell_and_unmunch(entry, tmp_path):
    folder = SHARED_DICTIONARIES / entry["folder"]
    aff_path, dic_path = folder / entry["aff"], folder / entry["dic"]
    chosen, ours = our_forms(aff_path, dic_path, sample, frozenset(entry["tolerated_entries"]))
    assert len(ours) > 20_000
    assert rejected_by_hunspell(aff_path.with_suffix(""), ours) == []
    # unmunch takes everything after the slash as flags, morphology included
    # ("abelha/p<TAB>[CAT=nc,G=f…]" would get flags C, A, T, G …), so we give it
    # the sampled lines without their morphological fields.
    raw = dic_path.read_text(encoding="utf-8").split("\n")
    sample_dic = tmp_path / "sample.dic"
    sample_dic.write_text(f"{len(chosen)}\n" + "".join(
        raw[e.line - 1].split("\t")[0].rstrip() + "\n" for e in chosen), encoding="utf-8")
    theirs = unmunch(sample_dic, aff_path)
    assert theirs <= ours
    # The other way round we find a few plurals unmunch misses, e.g. chimpanzés, dominós,
    # titãs: unmunch tests conditions byte by byte, so a final two-byte letter (é, ó, ã)
    # fails a one-character class such as [^lsmrnzx]. `hunspell` accepts them (above).
    assert len(ours - theirs) <= 10
