"""The exercise widget (issue 13), headless: for every variant and preset, click everything it offers in
random order; no click raises, right and wrong are marked, the teacher view shows the answer."""

import random
import re

import pytest

pytest.importorskip("ipywidgets")

from cardlab import variants  # noqa: E402
from cardlab.classroom import kinds_for  # noqa: E402
from cardlab.classroom.exercises import CODE_OF  # noqa: E402
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
    code = f"{CODE_OF[variant]}-{preset}-{','.join(kinds_for(variant))}-7"
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
        widget = ExerciseWidget(f"{CODE_OF[variant]}-{next(iter(v.presets))}-{kind}-3", count=1, teacher=True)
        ex = widget.set.current
        assert ex.answer_text() in widget.answer_pane.value
        widget.answer(ex.expected)
        assert "cardlab-class-right" in widget.verdict.value and "Score: 1 of 1 right" == widget.score.value
        student = ExerciseWidget(f"{CODE_OF[variant]}-{next(iter(v.presets))}-{kind}-3", count=1)
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
    assert "cardlab-size-projector" in widget._dom_classes                  # question, verdict, buttons grow
    assert ".cardlab-size-projector{--jp-widgets-font-size:23px" in widget.position.value
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
        for name in variants.names():
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


def test_a_size_chosen_applies_to_that_widget_only():
    """Changing one widget's size changes neither another widget's drawing nor the setting the
    next widgets start from."""
    from cardlab import render

    one = ExerciseWidget("m4-russian-trick-5", count=2)
    other = ExerciseWidget("m4-russian-trick-5", count=2)
    before = other.position.value
    one.card_size.value = "projector"
    assert "zoom:1.8" in one.position.value and "cardlab-size-projector" in one._dom_classes
    one.next_button.click()
    assert "zoom:1.8" in one.position.value                                  # the next exercise too
    assert other.position.value == before and "cardlab-size-projector" not in other._dom_classes
    assert render.card_size() == "normal" and ExerciseWidget("m4-russian-trick-5").card_size.value == "normal"
    one.card_size.value = "large"
    assert "zoom:1.4" in one.position.value and "cardlab-size-projector" not in one._dom_classes


@pytest.mark.parametrize("variant", variants.names())
def test_the_verdict_is_marked_in_word_and_colour_once(variant):
    """A right answer reads "✔ Right." in green, a wrong one "✘ Wrong." in red, each with its CSS
    class, followed by the explanation; the word is never said twice; rule ids only for the teacher."""
    v = variants.get(variant)
    for kind in kinds_for(variant):
        code = f"{CODE_OF[variant]}-{next(iter(v.presets))}-{kind}-3"
        for teacher in (False, True):
            widget = ExerciseWidget(code, count=1, teacher=teacher)
            ex = widget.set.current
            widget.answer(ex.expected)
            right = widget.verdict.value
            assert "class='cardlab-class-right'" in right and "color:#1b7a3a'>✔ Right.</b>" in right
            assert right.count("Right") == 1, right
            assert ("(rules:" in right) == (teacher and bool(ex.check(ex.expected).rule_ids))
            wrong = _a_wrong_answer(ex)
            assert teacher or not re.search(r"\[(rule )?\w+\.\w", right), right      # no rule id for students
            if wrong is None:
                continue
            widget = ExerciseWidget(code, count=1, teacher=teacher)
            widget.answer(wrong)
            text = widget.verdict.value
            assert "class='cardlab-class-wrong'" in text and "color:#b3261e'>✘ Wrong.</b>" in text, text
            assert "✔" not in text and "Right" not in text.split("</b>", 1)[0]
            assert teacher or not re.search(r"\[(rule )?\w+\.\w|\(rules:", text), text


def _a_wrong_answer(ex):
    form = ex.answer_form
    if form == "yesno":
        return not ex.expected
    if form == "seat":
        return (ex.expected + 1) % len(ex.state.names)
    if form == "number":
        return ex.expected + 1
    if form == "numbers":
        return [x + 1 for x in ex.expected]
    if form == "score":
        return (ex.expected[0] + 1, ex.expected[1])
    if form == "cards":
        return [] if ex.expected else list(ex.state.hands[ex.state.to_act])[:1]
    return None


def test_verdict_html_marks_once():
    from cardlab.classroom.widget import verdict_html

    assert verdict_html(True, "Right. A leads.").count("Right") == 1
    assert "✔ Right.</b> A leads." in verdict_html(True, "A leads.")
    assert "✘ Wrong.</b> The answer is 3." in verdict_html(False, "The answer is 3.", ("66.score",))
    assert "66.score" not in verdict_html(False, "x", ("66.score",))
    assert "(rules: 66.score)" in verdict_html(False, "x", ("66.score",), teacher=True)
    assert "&lt;b&gt;" in verdict_html(True, "<b>")
    quoted = "B leads: any card may be led [66.follow]. A is at 1: nothing [rule 501.protect]."
    assert "✔ Right.</b> B leads: any card may be led. A is at 1: nothing.</p>" in verdict_html(True, quoted)
    assert "[66.follow]" in verdict_html(True, quoted, teacher=True)


@pytest.mark.parametrize("variant", variants.names())
def test_the_students_drawing_hides_what_each_kind_asks(variant):
    """The students' page draws each exercise with hide=ex.hidden; the teacher's page draws it all."""
    from cardlab import render

    for kind in kinds_for(variant):
        code = f"{CODE_OF[variant]}-{next(iter(variants.get(variant).presets))}-{kind}-11"
        student = ExerciseWidget(code, count=2)
        teacher = ExerciseWidget(code, count=2, teacher=True)
        for _ in range(2):
            ex = student.set.current
            assert student.position.value == render.state_html(ex.state, ex.seat, size="normal", hide=ex.hidden,
                                                                layout="table")
            assert teacher.position.value == render.state_html(ex.state, ex.seat, size="normal", layout="table")
            if "card_points" in ex.hidden:
                assert "card point" not in re.sub(r"<style>.*?</style>", "", student.position.value)
            student.next_button.click()
            teacher.next_button.click()


@pytest.mark.parametrize("code", ["66-santase-score-4", "m3-russian-score-4", "501-pagat-scores-4",
                                  "99-classic-scores-4", "99-revised-scores-4", "m4-russian-eight-4"])
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
