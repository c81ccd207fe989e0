"""Predict-first questions for the lessons: answer first, then the answer opens on a click.

A lesson stops at a position it has just shown and asks the learner to predict what the rules
say before reading on. Two widgets (they need ipywidgets):

- :class:`Question`: one classroom exercise (:func:`~cardlab.classroom.make_exercise_from_position`)
  about the lesson's own position, written in the position notation of
  :mod:`cardlab.classroom.notation` (make it with
  :func:`~cardlab.classroom.notation.position_text`). The learner answers with the class page's
  controls and gets the verdict in the rule's words; **Show the answer** opens the answer and
  why without answering. Nothing about the answer is drawn before either click (the drawing
  leaves out what the kind asks, as the students' page does: :data:`~cardlab.classroom.verdicts.HIDDEN`).
- :class:`Reveal`: a question in words whose answer, also in words, opens on **Show the answer**
  (for what no exercise kind asks, such as "which card would you lead?").

A lesson ends with a short set of the matching class exercises: :func:`lesson_set` (an
:class:`~cardlab.classroom.widget.ExerciseWidget` on a set code, whose code a teacher can give
the class page).
"""

from __future__ import annotations

import html

import ipywidgets as w

from ..widgets.base import StaticFallback, button, guarded, html_pane
from .exercises import ExerciseSet
from .from_position import make_exercise_from_position
from .verdicts import Exercise
from .widget import ExerciseWidget

__all__ = ["Question", "Reveal", "lesson_set"]

SHOW = "Show the answer"


class _OneExercise(ExerciseSet):
    """A set of one exercise made already (the lesson's own position)."""

    def __init__(self, exercise: Exercise, label: str):
        self.code = label
        self.count = 1
        self.index = 0
        self.right = 0
        self.answered = 0
        self._done: set = set()
        self._cache: dict = {0: exercise}

    def exercise(self, i: int) -> Exercise:
        """The exercise (``i`` is 0)."""
        return self._cache[i]


class Question(ExerciseWidget):
    """A predict-first question about a lesson's own position.

    Parameters
    ----------
    position : str
        The position in the notation of :mod:`cardlab.classroom.notation` (one line, as
        :func:`~cardlab.classroom.notation.position_text` writes it; with ``before`` where the
        kind needs the standing before the hand).
    kind : str
        An exercise kind the variant has (``"legal"``, ``"trick"``, ``"points"``, ``"marriage"``,
        ``"bid"``, ``"score"``, ``"scores"``, ``"redeal"``, ``"eight"``: see
        :func:`~cardlab.classroom.kinds_for`).
    question : str
        The question in the lesson's own words (default: the class page's question for the kind).
    card_size : {"normal", "large", "projector"} or None
        As for :class:`~cardlab.classroom.widget.ExerciseWidget`.

    Raises
    ------
    PositionError
        ``position`` is not a position (the place and field at fault).
    ExerciseError
        The kind does not apply to that position, or ``question`` is empty or too long.

    The answer is checked as on the class page (:meth:`~cardlab.classroom.verdicts.Exercise.check`);
    nothing is recorded. :meth:`show` opens the answer as the button does.
    """

    def __init__(self, position: str, kind: str, question: str = "", *, card_size: str | None = None):
        exercise = make_exercise_from_position(position, kind, question)
        super().__init__(_OneExercise(exercise, "lesson"), teacher=False, card_size=card_size)
        self.add_class("cardlab-lesson-question")
        self.header.value = "<b>Your turn:</b> answer first, then read why."
        self.show_button = button(SHOW, "cardlab-lesson-show", "open the answer without answering")
        self.show_button.on_click(self._safe(self._show_answer))
        bottom = self.children[-1]
        bottom.children = [self.show_button, self.card_size]

    def __repr__(self) -> str:
        ex = self.set.current
        state = "answer shown" if self.answer_pane.value else "answer hidden"
        return f"Question({ex.kind} in {ex.variant}, {state})"

    def show(self) -> None:
        """Open the answer and why (as **Show the answer** does). Never raises."""
        self._safe(self._show_answer)()

    def _answer(self, value) -> None:
        super()._answer(value)
        self.score.value = ""

    def _show_answer(self, _=None) -> None:
        ex = self.set.current
        why = ex.check(ex.expected).explanation
        self.answer_pane.value = (f"<p class='cardlab-lesson-answer'>Answer: <b>{html.escape(ex.answer_text())}</b>. "
                                  f"{html.escape(_plain(why))}</p>")


def _plain(explanation: str) -> str:
    """The verdict's words without its leading "Right." (the answer pane names the answer)."""
    text = explanation.strip()
    for word in ("Right", "Yes", "Correct"):
        if text.startswith(word):
            return text[len(word):].lstrip(" .:,!")
    return text


class Reveal(StaticFallback, w.VBox):
    """A question in words whose answer opens on a click.

    Parameters
    ----------
    question : str
        The question, as HTML (``<b>``, ``<i>``, card symbols ...); shown at once.
    answer : str
        The answer and why, as HTML; shown only after **Show the answer** is clicked (it is not
        in the widget's state before that).

    Raises ``ValueError`` for an empty question or answer. :meth:`show` opens the answer.
    """

    def __init__(self, question: str, answer: str):
        if not isinstance(question, str) or not question.strip():
            raise ValueError("a Reveal needs a question in words")
        if not isinstance(answer, str) or not answer.strip():
            raise ValueError("a Reveal needs an answer in words")
        self._answer_html = answer
        #: Unexpected errors met in the callback (empty unless a bug).
        self.errors: list[str] = []
        self.question = html_pane("cardlab-lesson-reveal-question", f"<p><b>Your turn:</b> {question}</p>")
        self.answer = html_pane("cardlab-lesson-reveal-answer")
        self.show_button = button(SHOW, "cardlab-lesson-show", "open the answer")
        self.show_button.on_click(guarded(self._show, self._say, self.errors, "the answer"))
        super().__init__([self.question, self.show_button, self.answer])
        self.add_class("cardlab-lesson-reveal")

    def show(self) -> None:
        """Open the answer (as the button does). Never raises."""
        guarded(self._show, self._say, self.errors, "the answer")()

    def _say(self, words: str) -> None:
        self.answer.value = f"<p>{html.escape(words)}</p>"

    def _show(self, _=None) -> None:
        self.answer.value = f"<div class='cardlab-lesson-answer'>{self._answer_html}</div>"
        self.show_button.layout.display = "none"

    def __repr__(self) -> str:
        return "Reveal(answer shown)" if self.answer.value else "Reveal(answer hidden)"


def lesson_set(code: str, count: int = 5, card_size: str | None = None) -> ExerciseWidget:
    """The short set of class exercises that ends a lesson: an
    :class:`~cardlab.classroom.widget.ExerciseWidget` on set ``code`` (as on the class page, where
    a teacher can give the same code: the same exercises), ``count`` exercises, the learner's view
    (no answers shown before an answer). Raises
    :class:`~cardlab.classroom.exercises.CodeError` for a bad code."""
    return ExerciseWidget(code, count=count, teacher=False, card_size=card_size)
