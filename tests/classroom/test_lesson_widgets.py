"""The lessons' predict-first widgets (cardlab.classroom.lesson, issue 25), used as a learner
uses them: on positions of every variant, preset and kind, nothing about the answer is sent to
the browser before a click; every control clicked in random order to the end never raises; Show
the answer opens the expected answer; Reveal keeps its answer out of the widget's state until
clicked; lesson_set opens a set code."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as w  # noqa: E402

from cardlab import variants  # noqa: E402
from cardlab.classroom import ExerciseError, kinds_for, make_exercise  # noqa: E402
from cardlab.classroom.exercises import CodeError  # noqa: E402
from cardlab.classroom.lesson import Question, Reveal, lesson_set  # noqa: E402
from cardlab.classroom.notation import PositionError  # noqa: E402
from test_classroom_leaks import check_students, corpus, words  # noqa: E402
from test_exercise_from_position import position_of, wrong_answer  # noqa: E402

CASES = [(v, p, k) for v in variants.names() for p in variants.get(v).presets for k in kinds_for(v)]


def _click_everything(q: Question, rng: random.Random) -> None:
    """Every control the question offers, in random order, twice over (toggles on and off,
    numbers typed, menus changed, Check, Show the answer, the card size)."""
    controls = list(q.controls.children) + [q.show_button, q.card_size]
    for _ in range(2):
        rng.shuffle(controls)
        for c in controls:
            if isinstance(c, w.ToggleButton):
                c.value = not c.value
            elif isinstance(c, w.IntText):
                c.value = rng.randrange(-3, 200)
            elif isinstance(c, w.Dropdown):
                c.index = rng.randrange(len(c.options))
            elif isinstance(c, w.Button):
                c.click()


@pytest.mark.parametrize("variant,preset,kind", CASES)
def test_a_question_shows_nothing_of_its_answer_until_clicked_and_never_raises(variant, preset, kind):
    rng = random.Random(f"{variant}{preset}{kind}")
    for seed in range(3):
        ex = make_exercise(variant, kind, seed, preset, level=("easy", "harder")[seed % 2])
        q = Question(position_of(ex), kind)
        mine = q.set.current
        where = f"{variant} {preset} {kind} seed {seed}"
        assert "Exercise 1 of" not in q.header.value and q.score.value == "Score: 0 of 0 right", where
        check_students(q, mine, where)
        assert q.next_button not in q.children[-1].children, where
        q.show()
        _, text = corpus(q)
        assert f"Answer: {words(mine.answer_text())}" in text, where
        q2 = Question(position_of(ex), kind)
        q2.answer(wrong_answer(q2.set.current))
        assert "Wrong" in q2.verdict.value or q2.set.current.expected == wrong_answer(q2.set.current), where
        q2.answer(q2.set.current.expected)
        assert "Right" in q2.verdict.value and q2.score.value == "", where
        _click_everything(q2, rng)
        assert q.errors == [] and q2.errors == [], (where, q.errors, q2.errors)


def test_a_question_refuses_a_position_or_kind_in_words():
    with pytest.raises(PositionError):
        Question("not a position", "legal")
    ex = make_exercise(variants.names()[0], "legal", 1, next(iter(variants.get(variants.names()[0]).presets)))
    with pytest.raises(ExerciseError, match="no exercise 'eighty'"):
        Question(position_of(ex), "eighty")
    with pytest.raises(ExerciseError):
        Question(position_of(ex), "legal", question="   ")


def test_reveal_keeps_its_answer_out_of_the_state_until_clicked():
    r = Reveal("Which card would you lead?", "The <b>A♥</b>: it wins the trick whatever they hold.")
    _, text = corpus(r)
    assert "A♥" not in text and "wins the trick" not in text
    r.show_button.click()
    _, text = corpus(r)
    assert "A♥" in text and "it wins the trick whatever they hold" in text and r.errors == []
    assert r.show_button.layout.display == "none"
    for bad in ("", "  ", None):
        with pytest.raises(ValueError):
            Reveal(bad, "x")
        with pytest.raises(ValueError):
            Reveal("x", bad)


def test_lesson_set_opens_a_code_for_the_learner():
    widget = lesson_set("66-santase-legal,trick-e2-7")
    assert not widget.teacher and widget.set.count == 5 and widget.answer_pane.value == ""
    with pytest.raises(CodeError):
        lesson_set("no such code")
