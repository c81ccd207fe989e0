"""The students' page gives no answer away; the teacher's page shows it.

For every variant × preset × kind, over at least 200 exercises per variant × kind (seeds spread
over the presets and levels), the students' ExerciseWidget is built in-process, as the served
page builds it, and everything that would reach the browser is collected: ``get_state()`` of
every widget reachable from it (children, layouts, styles), recursively. In that state:

* no answer pane, no "Answer:" and no teacher's marker; the verdict is empty;
* the answer controls hold nothing that depends on the answer (toggles off, numbers 0, menus on
  their first entry, every button alike; the "why" menu lists every reason in the same order);
* the drawing leaves out what the question asks (``Exercise.hidden``): with ``card_points`` no
  figure next to "points"; with ``bids`` no "bid 8" / "bid cards: 8"; with ``result`` no result
  box (``cardlab-result`` or its data attributes) and none of its sentences ("game points",
  "wins the hand", "Scores:", "uncover", "outright" ...); with ``pips`` no "N pips" and no drawn
  eight;
* the expected answer does not stand next to its unit anywhere but in the question: "N card
  points", "N points", "bid N", "bid cards: N", "N game points", "N pips", "uncover N", a
  player's score after the hand next to "score", and the teacher's answer text itself.

The drawing is checked again after the card size is changed (a redraw must hide the same).
The teacher's widget (``teacher=True``) of a sample of the same exercises does show the answer.
A students' ClassroomPanel, stepped through every exercise of every kind of every variant and
preset, holds no answer anywhere in its widget state, nor the teacher's key.
"""

from __future__ import annotations

import html
import json
import re
from collections import Counter

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as w  # noqa: E402

from cardlab import variants  # noqa: E402
from cardlab.classroom import exercises  # noqa: E402
from cardlab.classroom.exercises import SCORE_REASONS, SetCode, kinds_for  # noqa: E402
from cardlab.classroom.panel import ClassroomPanel  # noqa: E402
from cardlab.classroom.widget import ExerciseWidget  # noqa: E402

#: Exercises checked per variant × kind on the students' page (spread over presets and levels).
PER_VARIANT_KIND = 200
#: Of those, how many are also checked on the teacher's page.
TEACHER_SAMPLE = 20
LEVELS = exercises.LEVELS

CASES = [(v, k) for v in variants.names() for k in kinds_for(v)]


# -- what reaches the browser -------------------------------------------------------------------
def reachable(root: w.Widget, every_trait: bool = False) -> list[w.Widget]:
    """Every widget whose state the front end receives with ``root``'s: ``root`` and every widget
    in its traits, recursively. The traits that hold widgets in ipywidgets' controls are
    ``children``, ``layout`` and ``style``; ``every_trait`` looks in every synced trait instead
    (slower; the test checks once per case that both find the same widgets)."""
    seen: dict[str, w.Widget] = {}
    stack = [root]
    while stack:
        widget = stack.pop()
        if widget.model_id in seen:
            continue
        seen[widget.model_id] = widget
        for name in (widget.keys if every_trait else ("children", "layout", "style")):
            value = getattr(widget, name, None)
            items = value if isinstance(value, (list, tuple)) else (value,)
            stack.extend(v for v in items if isinstance(v, w.Widget))
    return list(seen.values())


def states(root: w.Widget, layouts: bool = True) -> list[tuple[w.Widget, dict]]:
    """``(widget, get_state())`` of every widget reachable from ``root`` (without the Layout
    widgets, which hold only CSS sizes, unless ``layouts``)."""
    return [(x, x.get_state()) for x in reachable(root) if layouts or not isinstance(x, w.Layout)]


_STYLE = re.compile(r"<style\b.*?</style>", re.S | re.I)
_TAG = re.compile(r"<[^>]+>")


def words(markup: str) -> str:
    """``markup`` as the words a person reads (no style sheets, no tags, entities decoded, one
    space between words)."""
    return " ".join(html.unescape(_TAG.sub(" ", _STYLE.sub(" ", markup))).split())


def corpus(root: w.Widget, leave_out: tuple = (), layouts: bool = True) -> tuple[str, str]:
    """``(raw, text)``: every string in the state of every widget reachable from ``root`` except
    the widgets in ``leave_out``, as raw JSON (markup included) and as words (without the
    entries of menus, which :func:`check_controls` checks are the same for every exercise).
    ``layouts=False`` leaves out the Layout widgets (CSS sizes only), for speed."""
    skip = {x.model_id for x in leave_out}
    raw, strings = [], []
    for widget, state in states(root, layouts):
        if widget.model_id in skip:
            continue
        raw.append(json.dumps(state, ensure_ascii=False, default=str))
        for key, value in state.items():
            if key == "_options_labels":   # a menu's entries: the same for every exercise (check_controls)
                continue
            for v in (value if isinstance(value, (list, tuple)) else (value,)):
                if isinstance(v, str) and not v.startswith("IPY_MODEL_"):
                    strings.append(words(v))
    raw_text = "\n".join(raw)
    return raw_text, "\n".join(strings)


# -- the checks ---------------------------------------------------------------------------------
def _n(x: int) -> str:
    return rf"(?<![\d.,]){x}(?![\d])"


#: What the drawing must not show when ``Exercise.hidden`` names it, whatever the answer.
HIDDEN_IN_WORDS = {
    "card_points": [r"\d+\s+(?:card\s+)?points?\b", r"\bcard points?\b[^.·|\n]{0,40}?\d", r"\bpoints?\s*:\s*\d"],
    "bids": [r"\bbid\s+\d", r"\bbid cards?\s*:\s*\d", r"\bbids?\s*:\s*\d", r"\bbid(?:s)? of \d"],
    "result": [r"\bgame points?\b", r"\bwins? the hand\b", r"\bScores?\s*:", r"\bDeal over\b", r"\buncovers?\s+\d",
               r"\boutright\b", r"\b100-or-less\b", r"\bmade the bid\b", r"\bgoes? (?:up|down)\b", r"\bpays? \d",
               r"\breceives? \d", r"\bdeal score\b"],
    "pips": [r"\d+\s+pips?\b", r"\bpips?\s*:\s*\d"],
}
HIDDEN_IN_MARKUP = {
    "result": [r"class=['\"][^'\"]*\bcardlab-result\b",
               r"\bdata-(?:game-points|winner|winner-pair|outcome|successes|reason)="],
    "pips": [r"class=['\"][^'\"]*\bcardlab-(?:eight|pip)\b", r"\bdata-pips="],
}


def answer_patterns(ex) -> list[str]:
    """The expected answer next to its unit or label (never allowed outside the question)."""
    e, kind = ex.expected, ex.kind
    if kind == "points":
        return [rf"{_n(e)}\s+(?:card\s+)?points?\b", rf"\bpoints?\s*:?\s*{_n(e)}"]
    if kind == "bid":
        return [rf"\bbid\s*:?\s*{_n(e)}", rf"\bbid cards?\s*:\s*{_n(e)}", rf"{_n(e)}\s+\(in tricks\)"]
    if kind == "eight":
        return [rf"{_n(e)}\s+pips?\b", rf"\buncovers?\s+{_n(e)}", rf"\bpips?\s*:?\s*{_n(e)}"]
    if kind == "score":
        points, reason = e
        return [rf"{_n(points)}\s+game points?\b", re.escape(SCORE_REASONS[ex.variant][reason])]
    if kind == "scores":
        out = []
        for seat, x in enumerate(e):
            name = re.escape(str(ex.state.names[seat]))
            out.append(rf"\bscores?\b[^.\n]{{0,60}}?\b{name}\s*:?\s*{_n(x)}")
            out.append(rf"\b{name}\b[^.\n]{{0,12}}\bscores?\s*:?\s*{_n(x)}")
        return out
    return []


def check_students(widget: ExerciseWidget, ex, where: str, layouts: bool = True) -> None:
    """Everything the students' widget sends to the browser, for its current exercise ``ex``
    (the Layout widgets' sizes only when ``layouts``)."""
    assert widget.answer_pane.value == "", where
    assert widget.verdict.value == "", where
    raw, text = corpus(widget, leave_out=(widget.question,), layouts=layouts)
    assert "cardlab-class-teacher" not in raw, where
    assert "Answer:" not in text, where
    drawing_raw, drawing = _STYLE.sub("", widget.position.value), words(widget.position.value)
    for token in ex.hidden:
        for pattern in HIDDEN_IN_WORDS[token]:
            found = re.search(pattern, drawing, re.I)
            assert found is None, f"{where}: the drawing shows {found.group(0)!r} although {token} is hidden"
        for marker in HIDDEN_IN_MARKUP.get(token, ()):
            found = re.search(marker, drawing_raw)
            assert found is None, f"{where}: the drawing holds {found.group(0)!r} although {token} is hidden"
    check_no_answer(text, ex, where)
    check_controls(widget, ex, where)


def check_no_answer(text: str, ex, where: str) -> None:
    """``text`` (the words a student reads) gives no answer to ``ex`` away: no answer beside its
    unit or label, and for the score kinds not the answer's own text."""
    for pattern in answer_patterns(ex):
        found = re.search(pattern, text, re.I)
        assert found is None, f"{where}: {found.group(0)!r} gives the answer {ex.answer_text()!r} away"
    if ex.kind in ("scores", "score"):
        assert ex.answer_text() not in text, where


def check_controls(widget: ExerciseWidget, ex, where: str) -> None:
    """The answer controls are the same whatever the answer: nothing chosen, nothing coloured."""
    styles = set()
    for c in widget.controls.children:
        if isinstance(c, w.ToggleButton):
            assert c.value is False, where
        elif isinstance(c, w.IntText):
            assert c.value == 0, where
        elif isinstance(c, w.Dropdown):
            assert c.index == 0, where
            if ex.kind == "score":
                assert list(c.options) == [(t, k) for k, t in SCORE_REASONS[ex.variant].items()], where
        if isinstance(c, (w.Button, w.ToggleButton)) and "cardlab-class-check" not in c._dom_classes:
            styles.add((c.button_style, c.icon, c.disabled, bool(c.tooltip)))
            assert not any(re.search("right|wrong|answer|correct|expected|legal|winner", k) for k in c._dom_classes), \
                f"{where}: {c._dom_classes}"
    assert len(styles) <= 1, f"{where}: the answer buttons differ: {styles}"


def check_teacher(widget: ExerciseWidget, ex, where: str) -> None:
    raw, text = corpus(widget)
    assert "Answer:" in text, where
    assert "cardlab-class-teacher" in raw, where
    assert words(html.escape(ex.answer_text())) in text, where


# -- the plan: >= PER_VARIANT_KIND exercises per variant × kind, over presets and levels ------------
def plan(variant: str) -> list[tuple[str, str, int]]:
    """``(preset, level, count)`` runs whose counts add up to PER_VARIANT_KIND, every preset and
    level in turn."""
    combos = [(p, lv) for p in variants.get(variant).presets for lv in LEVELS]
    out = []
    for i, (preset, level) in enumerate(combos):
        count = PER_VARIANT_KIND // len(combos) + (1 if i < PER_VARIANT_KIND % len(combos) else 0)
        out.append((preset, level, count))
    return out


def _code(variant, preset, kind, level, seed) -> str:
    return str(SetCode(variant, preset, (kind,), seed, level=level))


@pytest.mark.parametrize("variant,kind", CASES)
def test_the_students_page_never_shows_the_answer(variant, kind):
    checked = Counter()
    for preset, level, count in plan(variant):
        code = _code(variant, preset, kind, level, 7)
        student = ExerciseWidget(code, count=count, teacher=False)
        teacher = ExerciseWidget(code, count=count, teacher=True)
        teacher.set._cache = student.set._cache    # the same code's exercises: made once, for speed
        sizes = list(student.card_size.options)
        assert {x.model_id for x in reachable(student)} == {x.model_id for x in reachable(student, every_trait=True)}
        for i in range(count):
            ex = student.set.current
            assert ex.kind == kind
            where = f"{student.set.code} exercise {i + 1}"
            check_students(student, ex, where, layouts=i % 10 == 0)   # the CSS sizes of every tenth
            if i % 25 == 0:           # a redraw at another card size hides the same
                student.card_size.value = sizes[(sizes.index(student.card_size.value) + 1) % len(sizes)]
                check_students(student, ex, where + " (card size changed)")
            if i < TEACHER_SAMPLE * count // PER_VARIANT_KIND + 1:
                assert teacher.set.index == i
                check_teacher(teacher, teacher.set.current, where + " (teacher)")
                teacher.next_button.click()
            checked[preset] += 1
            student.next_button.click()
        assert student.errors == [] and teacher.errors == []
    assert sum(checked.values()) >= PER_VARIANT_KIND and set(checked) == set(variants.get(variant).presets)


KEY = "a-teacher-key-not-to-be-sent-0123456789"


@pytest.mark.parametrize("variant,preset", [(v, p) for v in variants.names() for p in variants.get(v).presets])
def test_a_students_panel_holds_no_answer_anywhere(variant, preset, monkeypatch):
    """The class's page as a student opens it (no key in the address, a key on the server):
    every exercise of every kind at each level, stepped through with Next."""
    monkeypatch.setenv("CARDLAB_TEACHER_KEY", KEY)
    monkeypatch.setenv("QUERY_STRING", "view=teacher")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    every = kinds_for(variant)
    panel = ClassroomPanel(str(SetCode(variant, preset, every, 3, level=LEVELS[-1])))
    assert not panel.teacher and not panel.widget.teacher
    for level in (None, LEVELS[0]):
        if level is not None:       # first the harder set, then the easy one, opened as a student does
            panel.code.value = str(SetCode(variant, preset, every, 4, level=level))
            panel.open_button.click()
        ex_widget = panel.widget
        for i in range(ex_widget.set.count):
            ex = ex_widget.set.current
            raw, text = corpus(panel, leave_out=(ex_widget.question,))
            assert KEY not in raw and "view=teacher" not in raw and "key=" not in raw
            assert "Teacher" not in text
            check_students(ex_widget, ex, f"panel {ex_widget.set.code} exercise {i + 1}")
            ex_widget.next_button.click()
    assert panel.errors == [] and panel.widget.errors == []
