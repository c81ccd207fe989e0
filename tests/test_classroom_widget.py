"""The exercise widget (issue 13), headless: for every variant and preset, click everything it offers in
random order; no click raises, right and wrong are marked, the teacher view shows the answer."""

import random

import pytest

pytest.importorskip("ipywidgets")

from cardlab import variants  # noqa: E402
from cardlab.classroom import kinds_for  # noqa: E402
from cardlab.classroom.exercises import _CODE_OF  # noqa: E402
from cardlab.classroom.widget import ExerciseWidget  # noqa: E402


def _clickables(widget):
    out = []
    for c in widget.controls.children:
        out.append(c)
    out.append(widget.next_button)
    out.append(widget.card_size)
    return out


def _poke(c, rng):
    if hasattr(c, "options"):
        choice = rng.choice(c.options)
        c.value = choice[1] if isinstance(choice, tuple) else choice
    elif hasattr(c, "click"):
        c.click()
    elif hasattr(c, "value") and isinstance(c.value, bool):
        c.value = not c.value
    elif hasattr(c, "value"):
        c.value = rng.randrange(-50, 500)


@pytest.mark.parametrize("variant,preset", [(v, p) for v in variants.names() for p in variants.get(v).presets])
def test_random_clicks_never_raise(variant, preset):
    rng = random.Random(f"{variant}/{preset}")
    code = f"{_CODE_OF[variant]}-{preset}-{','.join(kinds_for(variant))}-7"
    widget = ExerciseWidget(code, count=2 * len(kinds_for(variant)))
    clicks = 0
    for _ in range(300):
        options = _clickables(widget)
        _poke(rng.choice(options), rng)
        clicks += 1
        assert "Traceback" not in widget.verdict.value
        assert widget.errors == [], widget.errors    # only typed mistakes, said in words
    assert widget.set.answered >= 1 and clicks == 300


@pytest.mark.parametrize("variant", variants.names())
def test_right_and_wrong_are_marked_and_the_teacher_sees_the_answer(variant):
    v = variants.get(variant)
    for kind in kinds_for(variant):
        widget = ExerciseWidget(f"{_CODE_OF[variant]}-{next(iter(v.presets))}-{kind}-3", count=1, teacher=True)
        ex = widget.set.current
        assert ex.answer_text() in widget.answer_pane.value
        widget.answer(ex.expected)
        assert "cardlab-class-right" in widget.verdict.value and "Score: 1 of 1 right" == widget.score.value
        student = ExerciseWidget(f"{_CODE_OF[variant]}-{next(iter(v.presets))}-{kind}-3", count=1)
        assert student.answer_pane.value == ""
        student.answer(object())
        assert "cardlab-class-mistake" in student.verdict.value and student.set.answered == 0


def test_the_card_controls_answer_with_the_clicked_cards():
    widget = ExerciseWidget("m3-russian-legal-5", count=1)
    ex = widget.set.current
    toggles = [c for c in widget.controls.children if hasattr(c, "card")]
    for t in toggles:
        t.value = t.card in ex.expected
    check = widget.controls.children[-1]
    check.click()
    assert "cardlab-class-right" in widget.verdict.value


def test_the_seat_buttons_answer_with_the_seat():
    widget = ExerciseWidget("m4-russian-trick-5", count=1)
    ex = widget.set.current
    widget.controls.children[ex.expected].click()
    assert "cardlab-class-right" in widget.verdict.value
    widget.next_button.click()
    assert "last exercise" in widget.verdict.value


def test_card_size_setting():
    widget = ExerciseWidget("66-santase-trick-1", count=1, card_size="projector")
    assert "zoom:1.8" in widget.position.value
    widget.card_size.value = "normal"
    assert "zoom" not in widget.position.value.split(">", 1)[0]
    with pytest.raises(ValueError):
        ExerciseWidget("66-santase-trick-1", card_size="huge")


def test_one_card_size_setting_is_honoured_by_every_table_drawing():
    """cardlab.render.set_card_size zooms every drawing made through render.state_html: the
    exercise widget's default, the position editor, the steppers and tables, _repr_html_."""
    from cardlab import render, variants
    from cardlab.classroom.editor import PositionEditor
    from cardlab.widgets.stepper import Stepper

    try:
        render.set_card_size("large")
        assert ExerciseWidget("66-santase-trick-1", count=1).card_size.value == "large"
        editor = PositionEditor(variant="mariage-3")
        assert editor.check() and "zoom:1.4" in editor.drawing.value
        for name in variants.BUILTIN:
            v = variants.get(name)
            s = v.deal(next(iter(v.presets.values())), 0, seed=2)
            assert 'class="cardlab-zoom" style="zoom:1.4"' in s._repr_html_()
            assert "zoom:1.4" in Stepper([s]).view.value
        with pytest.raises(ValueError):
            render.set_card_size("huge")
        assert render.card_size() == "large"
    finally:
        render.set_card_size("normal")
    assert "cardlab-zoom" not in variants.get("sixty-six").deal(seed=1)._repr_html_()


@pytest.mark.parametrize("code", ["66-santase-score-4", "m3-russian-score-4", "501-pagat-scores-4", "99-classic-scores-4",
                                  "99-revised-scores-4", "m4-russian-eight-4"])
def test_the_students_view_does_not_show_the_result_that_answers_the_question(code):
    student = ExerciseWidget(code, count=1)
    teacher = ExerciseWidget(code, count=1, teacher=True)
    assert 'class="cardlab-result"' not in student.position.value
    assert 'class="cardlab-result"' in teacher.position.value
    assert student.position.value.count("<div") == student.position.value.count("</div>")


def test_a_bug_in_a_callback_is_kept_in_errors_and_said_in_words(monkeypatch):
    """A CardlabError is a person's mistake, said in its own words; anything else is a bug: kept in
    ``errors`` (which the random-click tests check stays empty) and said as "Something went wrong"."""
    widget = ExerciseWidget("66-santase-points-1", count=1)
    widget.answer("many")
    assert "whole number" in widget.verdict.value and widget.errors == []

    def broken(answer):
        raise RuntimeError("a bug")

    monkeypatch.setattr(widget.set, "answer", broken)
    widget.answer(3)
    assert widget.errors == ["RuntimeError: a bug"]
    assert "Something went wrong (RuntimeError); the exercise is as it was." in widget.verdict.value
