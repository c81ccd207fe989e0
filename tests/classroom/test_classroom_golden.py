"""Set codes stay valid: a code written on a board, in a worksheet or in a lesson gives the same
exercises after later changes to generation, players or shuffles (issue 20).

Each generator version has a golden file, ``tests/golden/classroom_v<N>.json``, holding a few
codes per version and, for each exercise of each code, its kind, question, answer
(:meth:`~cardlab.classroom.exercises.Exercise.answer_text`) and position
(:func:`cardlab.classroom.notation.position_text`). The test regenerates every code and compares.

Regenerating a golden file is for an *intended* change only:

* a published version's exercises never change. A change to how exercises are generated (the
  players, the filters, the rng's use) goes into a new version: add it to
  ``cardlab.classroom.exercises`` (``VERSIONS``, ``CURRENT``), add its codes to :data:`CODES`, and
  write its file with ``.venv/bin/python tests/classroom/test_classroom_golden.py --write <N>``;
* a rules-engine fix that changes positions of an old version is a decision for the maintainers
  (old codes would give other exercises): rewrite that version's file with the same command and
  say so in the commit message.

The command rewrites only the version named, and prints which codes changed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parents[1] / "golden"

#: The codes pinned per version: code -> number of exercises in the set.
CODES: dict[int, dict[str, int]] = {
    1: {  # today's format, without a version; the classroom notebook's codes first
        "66-santase-legal,trick,points,marriage,score-2026": 8,
        "501-pagat-legal,trick,points,marriage,scores-2026": 8,
        "99-classic-legal,trick,bid-2026": 6,
        "m3-russian-legal,trick,points,marriage,score-2026": 8,
        "m4-russian-legal,trick,points,redeal,eight-2026": 8,
        "66-santase-legal,trick-1234": 10,
        "66-german-legal,trick,points,marriage,score-7": 10,
        "501-fives-legal,trick,points,marriage,scores-31": 10,
        "99-revised-legal,trick,bid,scores-5": 8,
        "m3-pagat-legal,trick,points,marriage,score-11": 10,
        "m4-literal-legal,trick,points,marriage,redeal,eight-3": 12,
    },
    2: {  # hands played by the rule-based players, positions chosen by level
        "66-santase-legal,trick,points,marriage,score-e2-2026": 10,
        "66-german-legal,trick,points,marriage,score-h2-7": 10,
        "501-pagat-legal,trick,points,marriage,scores-h2-2026": 10,
        "501-fives-legal,trick,points,marriage,scores-e2-31": 10,
        "99-classic-legal,trick,bid,scores-e2-2026": 8,
        "99-revised-legal,trick,bid,scores-h2-5": 8,
        "m3-russian-legal,trick,points,marriage,score-h2-2026": 10,
        "m3-pagat-legal,trick,points,marriage,score-e2-11": 10,
        "m4-russian-legal,trick,points,marriage,redeal,eight-e2-2026": 12,
        "m4-literal-legal,trick,points,marriage,redeal,eight-h2-3": 12,
    },
}


def _exercises(code: str, count: int) -> list[dict]:
    from cardlab.classroom.exercises import ExerciseSet
    from cardlab.classroom.notation import position_text

    s = ExerciseSet(code, count=count)
    out = []
    for i in range(count):
        ex = s.exercise(i)
        out.append({"kind": ex.kind, "question": ex.question, "answer": ex.answer_text(),
                    "position": position_text(ex.state)})
    return out


def _path(version: int) -> Path:
    return GOLDEN / f"classroom_v{version}.json"


def _load(version: int) -> dict:
    return json.loads(_path(version).read_text(encoding="utf-8"))


CASES = [(v, code) for v, codes in CODES.items() for code in codes]


@pytest.mark.parametrize("version,code", CASES)
def test_codes_give_the_pinned_exercises(version, code):
    from cardlab.classroom.exercises import parse_code

    golden = _load(version)
    assert golden["version"] == version
    assert parse_code(code).version == version
    pinned = golden["codes"][code]
    assert pinned["count"] == CODES[version][code]
    got = _exercises(code, pinned["count"])
    for i, (want, have) in enumerate(zip(pinned["exercises"], got)):
        assert have == want, f"{code} exercise {i + 1} changed"
    assert len(got) == len(pinned["exercises"])


def test_every_version_has_golden_codes():
    from cardlab.classroom.exercises import VERSIONS

    assert set(CODES) == set(VERSIONS)
    for version in VERSIONS:
        assert _path(version).exists(), f"no golden file for version {version}"
        assert set(_load(version)["codes"]) == set(CODES[version])


def write(version: int) -> None:
    """Rewrite ``tests/golden/classroom_v<version>.json`` from the generator as it is now."""
    old = _load(version)["codes"] if _path(version).exists() else {}
    codes = {code: {"count": n, "exercises": _exercises(code, n)} for code, n in CODES[version].items()}
    for code, entry in codes.items():
        if old.get(code) != entry:
            print(f"changed: {code}" if code in old else f"new: {code}")
    GOLDEN.mkdir(exist_ok=True)
    _path(version).write_text(json.dumps({"version": version, "codes": codes}, ensure_ascii=False, indent=1) + "\n",
                              encoding="utf-8")
    print(f"wrote {_path(version)}")


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "--write" or not sys.argv[2].isdigit():
        sys.exit("usage: .venv/bin/python tests/classroom/test_classroom_golden.py --write <version>")
    write(int(sys.argv[2]))
