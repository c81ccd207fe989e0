"""Students join with a name and their answers are recorded (issue 22): the join box
(cardlab.classroom.join.JoinBox) on the students' page (ClassroomPanel(join=True)), with a real
ClassResults in a temporary class folder.

* a name is checked (empty, too long, control characters: refused in words, nothing written); a
  name already in the class asks "is that you?" (Yes continues the record, No asks another name);
* an exercise is answerable only after joining; each checked answer is recorded once, with the
  answer's canonical text (the same for equal answers), right, seconds, kind and rule ids; a second
  answer, a database locked beyond its timeout or a full disk is said in words and the page goes on;
* the same box opens worksheet codes, and their answers are recorded under the worksheet's code;
* random clicks over every control of the page, for every variant's set, raise nothing;
* the students' widget state never holds another student's name or result.
"""

import html
import json
import random
import sqlite3

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as w  # noqa: E402
from ipywidgets.widgets.widget import _instances  # noqa: E402  (every live widget by model id)

from cardlab import variants  # noqa: E402
from cardlab.classroom import kinds_for  # noqa: E402
from cardlab.classroom import results as results_module  # noqa: E402
from cardlab.classroom.exercises import CODE_OF, SetCode  # noqa: E402
from cardlab.classroom.join import JOIN_FIRST, NOT_SAVED, JoinBox  # noqa: E402
from cardlab.classroom.panel import ClassroomPanel  # noqa: E402
from cardlab.classroom.results import ClassResults  # noqa: E402
from cardlab.classroom.widget import answer_text  # noqa: E402


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDLAB_CLASS_FOLDER", str(tmp_path))
    return tmp_path


def visible_controls(widget, hidden=False):
    """Every control a person can reach in ``widget``: not hidden (``display: none`` on it or
    an ancestor), not disabled."""
    if hidden or getattr(widget.layout, "display", None) == "none":
        return []
    out = []
    if isinstance(widget, (w.Button, w.ToggleButton, w.Checkbox, w.Text, w.IntText, w.Dropdown, w.ToggleButtons,
                           w.Textarea, w.IntSlider)) and not getattr(widget, "disabled", False):
        out.append(widget)
    for child in getattr(widget, "children", ()):
        out.extend(visible_controls(child))
    return out


NAMES = ["Anna", "anna ", "ANNA", "Ben", "", "   ", "x" * 41, "Tab\there", "Zoë", "Line\nbreak", "Chen"]


def poke(c, rng):
    """One action of a person on control ``c``."""
    if isinstance(c, w.Button):
        c.click()
    elif isinstance(c, (w.Dropdown, w.ToggleButtons)):
        choice = rng.choice(c.options)
        c.value = choice[1] if isinstance(choice, tuple) else choice
    elif isinstance(c, (w.ToggleButton, w.Checkbox)):
        c.value = not c.value
    elif isinstance(c, (w.Text, w.Textarea)):
        c.value = rng.choice(NAMES + ["66-santase-legal-12", "ws-zzzzz", "WS 22222", "nonsense"])
    else:
        c.value = rng.randrange(-50, 500)


def widget_state(widget) -> str:
    """The state of ``widget`` and every widget under it, as the browser gets it (JSON)."""
    seen, out, todo = set(), [], [widget]
    while todo:
        x = todo.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        state = x.get_state()
        out.append(state)
        for value in state.values():
            items = value if isinstance(value, (list, tuple)) else [value]
            for item in items:
                if isinstance(item, str) and item.startswith("IPY_MODEL_"):
                    todo.append(_instances[item[len("IPY_MODEL_"):]])
    return json.dumps(out, ensure_ascii=False, default=str)


def answer_right(widget):
    ex = widget.set.current
    widget.answer(ex.expected if ex.answer_form != "cards" else sorted(ex.expected))
    return ex


# -- joining --------------------------------------------------------------------------------------

@pytest.mark.parametrize("bad", ["", "   ", "x" * 41, "Tab\there", "Line\nbreak", "zero\u200bwidth"])
def test_a_bad_name_is_refused_in_words_and_nothing_is_written(folder, bad):
    box = JoinBox(folder)
    assert not box.join(bad)
    assert box.student is None and "cardlab-join-mistake" in box.message.value
    assert "Traceback" not in box.message.value and box.errors == [] and box.problems == []
    assert ClassResults(folder).students() == []


def test_a_name_already_in_the_class_asks_whether_it_is_the_same_student(folder):
    first = JoinBox(folder)
    assert first.join(" Anna ") and first.student == "Anna"
    assert first.row.layout.display == "none" and first.name.disabled    # once per page
    again = JoinBox(folder)
    assert not again.join("ANNA")
    assert "Anna is already in this class: is that you, after a reload?" in again.message.value
    assert again.confirm.layout.display != "none" and again.yes_button.description == "Yes, continue as Anna"
    again.confirm_same(False)
    assert again.student is None and again.name.value == "" and again.confirm.layout.display == "none"
    assert not again.join("anna")
    assert again.student is None
    again.confirm_same(True)
    assert again.student == "Anna" and ClassResults(folder).students() == ["Anna"]


def test_nothing_is_opened_or_written_before_a_student_joins(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDLAB_CLASS_FOLDER", str(tmp_path / "class"))
    panel = ClassroomPanel(teacher=False, join=True)
    answer_right(panel.widget)
    assert not (tmp_path / "class").exists()          # a preheated kernel opens nothing
    assert panel.widget.verdict.value == "" and JOIN_FIRST in panel.widget.saved.value
    assert panel.widget.set.answered == 0             # not checked: no verdict shows the answer
    assert panel.join_box.join("Ben")
    assert (tmp_path / "class" / "results.sqlite3").exists()


def test_each_checked_answer_is_recorded_once_with_its_canonical_text(folder):
    code = "66-santase-legal,trick-e2-77"
    a = ClassroomPanel(code, teacher=False, join=True)
    a.join_box.join("Anna")
    ex = a.widget.set.current
    assert ex.answer_form == "cards"
    a.widget.answer(sorted(ex.expected, reverse=True))
    assert "cardlab-class-right" in a.widget.verdict.value and a.widget.saved.value == ""
    a.widget.answer(sorted(ex.expected))                 # a second answer: checked, not recorded again
    assert "your first answer is the one saved" in a.widget.saved.value
    b = ClassroomPanel(code, teacher=False, join=True)
    b.join_box.join("Ben")
    b.widget.answer(" ".join(str(c) for c in sorted(ex.expected)))   # typed as text, in the other order
    frame = ClassResults(folder).answers()
    assert list(frame["student"]) == ["Anna", "Ben"]
    assert list(frame["set_code"]) == [str(SetCode("sixty-six", "santase", ("legal", "trick"), 77))] * 2
    assert list(frame["exercise"]) == [0, 0] and list(frame["kind"]) == ["legal", "legal"]
    assert frame["answer"][0] == frame["answer"][1] == ex.answer_text()     # equal answers, equal text
    assert list(frame["right"]) == [True, True] and (frame["seconds"] >= 0).all()
    assert frame["rules"][0] == ex.check(ex.expected).rule_ids
    a.widget.next_button.click()
    answer_right(a.widget)
    assert list(ClassResults(folder).answers()["exercise"]) == [0, 0, 1]


@pytest.mark.parametrize("variant", variants.names())
def test_the_canonical_text_is_the_same_for_equal_answers(variant):
    from cardlab.classroom import make_exercise

    for kind in kinds_for(variant):
        ex = make_exercise(variant, kind, 5)
        e = ex.expected
        form = ex.answer_form
        if form == "cards":
            forms = [sorted(e), sorted(e, reverse=True), " ".join(map(str, sorted(e))), set(e)]
        elif form == "seat":
            forms = [e, str(ex.state.names[e]), str(ex.state.names[e]).upper(), str(e)]
        elif form == "yesno":
            forms = [e, "yes" if e else "no", "Yes" if e else "No"]
        elif form == "numbers":
            forms = [list(e), tuple(e), " ".join(map(str, e))]
        elif form == "score":
            forms = [e, (str(e[0]), e[1]), [e[0], e[1]]]
        else:
            forms = [e, str(e), float(e)]
        texts = {answer_text(ex, f) for f in forms}
        assert texts == {ex.answer_text()}, (variant, kind, texts)


def test_a_database_locked_beyond_its_timeout_is_said_and_the_page_goes_on(folder, monkeypatch):
    monkeypatch.setattr(results_module, "BUSY_TIMEOUT_MS", 200)
    panel = ClassroomPanel("66-santase-legal,trick-e2-5", teacher=False, join=True)
    panel.join_box.join("Anna")
    other = sqlite3.connect(folder / "results.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")             # another writer holds the lock
    try:
        answer_right(panel.widget)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert "cardlab-class-right" in panel.widget.verdict.value    # checked ...
    assert html.escape(NOT_SAVED) in panel.widget.saved.value                   # ... not saved, said so
    assert panel.join_box.problems and panel.join_box.errors == [] and panel.widget.errors == []
    panel.widget.next_button.click()
    answer_right(panel.widget)                                     # the page goes on
    assert panel.widget.saved.value == "" and len(ClassResults(folder).answers()) == 1


def test_a_full_disk_is_said_and_the_page_goes_on(folder, monkeypatch):
    panel = ClassroomPanel("99-classic-bid,scores-e2-5", teacher=False, join=True)
    panel.join_box.join("Chen")

    def full(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(ClassResults, "record", full)
    answer_right(panel.widget)
    assert html.escape(NOT_SAVED) in panel.widget.saved.value and panel.widget.errors == [] and panel.join_box.errors == []
    assert panel.widget.set.answered == 1


def test_a_worksheet_code_opens_in_the_same_box_and_its_answers_are_recorded(folder):
    from cardlab.classroom.notation import position_text
    from cardlab.classroom.worksheet import Worksheet
    from cardlab.records import load

    states = load(__import__("pathlib").Path(__file__).resolve().parents[2] / "data" / "santase_close.json").states()
    sheet = Worksheet("Lesson 3", [(position_text(states[6]), "legal", "Which cards may be played now?")])
    code = sheet.save(folder)
    panel = ClassroomPanel(teacher=False, join=True)
    panel.join_box.join("Dana")
    panel.open_code("  " + code.upper().replace("-", " ") + " ")
    assert panel.set_code == code and "cardlab-panel-mistake" not in panel.message.value
    assert "Which cards may be played now?" in panel.widget.question.value
    ex = answer_right(panel.widget)
    frame = ClassResults(folder).answers()
    assert list(frame["set_code"]) == [code] and list(frame["answer"]) == [ex.answer_text()]
    panel.open_code("ws-zzzzz")
    assert "cardlab-panel-mistake" in panel.message.value and panel.set_code == code


# -- random clicks and privacy ----------------------------------------------------------------------

CASES = [(v, next(iter(variants.get(v).presets))) for v in variants.names()]


@pytest.mark.parametrize("variant,preset", CASES)
def test_random_clicks_over_the_join_box_and_the_page_never_raise(variant, preset, folder):
    rng = random.Random(f"join/{variant}")
    ClassResults(folder).join("Anna")        # a name already in the class
    code = str(SetCode(variant, preset, kinds_for(variant), 3))
    panel = ClassroomPanel(code, teacher=False, join=True)
    seen = set()
    for _ in range(250):
        controls = visible_controls(panel)
        c = rng.choice(controls)
        seen.add(type(c).__name__ + ":" + (getattr(c, "description", "") or ""))
        poke(c, rng)
        assert panel.errors == [] and panel.widget.errors == [] and panel.join_box.errors == [], \
            (panel.errors, panel.widget.errors, panel.join_box.errors)
        assert panel.join_box.problems == []
        assert "Traceback" not in panel.join_box.message.value + panel.widget.saved.value + panel.message.value
    assert "Button:Join" in seen
    frame = ClassResults(folder).answers()
    if panel.join_box.student is not None:
        assert set(frame["student"]) <= {panel.join_box.student}


def test_the_students_widget_state_holds_no_other_students_names_or_results(folder):
    code = "m3-russian-legal,trick-e2-9"
    others = ["Quentin Others", "Ravindra Elsewhere"]
    for name in others:
        p = ClassroomPanel(code, teacher=False, join=True)
        p.join_box.join(name)
        for _ in range(3):
            answer_right(p.widget)
            p.widget.next_button.click()
    mine = ClassroomPanel(code, teacher=False, join=True)
    mine.join_box.join("Sam")
    for _ in range(4):
        answer_right(mine.widget)
        mine.widget.answer(mine.widget.set.current.expected)   # a second answer: refused, said in words
        mine.widget.next_button.click()
    state = widget_state(mine)
    assert "Sam" in state
    for name in others:
        assert name not in state and name.split()[0] not in state
    assert "results.sqlite3" not in state and str(folder) not in state
    assert len(ClassResults(folder).answers()) == 3 + 3 + 4
