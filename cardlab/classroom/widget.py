"""The exercise widget: a position, a question, controls that fit the answer, a verdict.

``ExerciseWidget("66-santase-legal,trick-1234")`` shows every student the same set;
``ExerciseWidget(variant="mariage-4")`` is random practice; ``ExerciseWidget(set)`` a set made
already, such as a worksheet's (:class:`~cardlab.classroom.worksheet.WorksheetSet`). ``teacher=True`` also shows each
expected answer and draws the whole position; by default the page decides
(:func:`cardlab.classroom.roles.page_role`: the teacher's page needs the server's key in its
address), so the students' and the teacher's pages are one notebook. On the students' page the
position is drawn without what the question asks (``Exercise.hidden``: the points while points
are asked, the bid while the bid is asked, the result and pips while scores are asked).

Answers are given with controls that fit them: cards of the hand to click for "which cards may X
play?", a button per player for "who wins this trick?", yes and no buttons, a number field (one
per seat for the scores after a 501 hand or a Ninety-Nine deal; with a menu of how the hand was
won for "how many game points, and why?"). The verdict is marked in colour and in word ("✔ Right"
green, "✘ Wrong" red, classes ``cardlab-class-right`` / ``cardlab-class-wrong``), then explained
in the rule's words; the rule ids are shown on the teacher's page only. **Next** goes on; the
score is kept. The card-size menu sizes this widget only: its drawing (cards around the table),
question, verdict and controls grow together. No callback raises: a mistake (an answer in the
wrong form) is a message in words, and anything else is "Something went wrong", kept in
``errors``. Widgets only update ``HTML.value``/``Label.value`` (see :mod:`cardlab.widgets.base`),
and every part has a ``cardlab-class-…`` CSS class.

**Recording.** Given ``join=`` (a :class:`~cardlab.classroom.join.JoinBox`), an exercise is
answerable only once the page has joined (before, an answer is not checked and the page says to
join first); each checked answer is then recorded with
:meth:`~cardlab.classroom.join.JoinBox.record`: the set's code, the exercise's index, the answer's
canonical text (:func:`answer_text`: equal answers give equal text), right or wrong, the seconds
since the exercise was shown, its kind and the verdict's rule ids. What the database says (an
exercise answered already; an answer checked but not saved) is shown under the verdict.
"""

from __future__ import annotations

import html
import re
import time

import ipywidgets as w

from ..render import CARD_ZOOM, card_size as _card_size, state_html
from ..widgets.base import StaticFallback, button, guarded, html_pane
from ..widgets.stepper import SIZE_CSS, show_size
from ..cards import Card, format_cards, parse_card
from .exercises import ExerciseSet
from .verdicts import AnswerError, score_reasons

__all__ = ["ExerciseWidget", "MARKS", "answer_text", "verdict_html"]

#: The exercise's drawing at the larger card sizes shows no status line under the table.
_NO_STATUS = ".cardlab-class-position .cardlab-status{display:none}"


def answer_text(ex, answer) -> str:
    """The canonical text of ``answer`` (as the controls give it) to exercise ``ex``: the same
    text for equal answers, in the form of :meth:`~cardlab.classroom.verdicts.Exercise.answer_text`
    (cards sorted in the pack's order, or ``"none"``; a seat's name; ``"yes"``/``"no"``; ``"A 12,
    B 0"`` per seat; ``"40: <reason in words>"``; a whole number). Raises
    :class:`~cardlab.classroom.verdicts.AnswerError` or :class:`~cardlab.errors.NotationError` for an
    answer that is not in the exercise's form (call it after :meth:`Exercise.check` accepted it)."""
    form = ex.answer_form
    names = ex.state.names
    if form == "cards":
        items = [answer] if isinstance(answer, (str, Card)) else list(answer)
        cards = set()
        for item in items:
            if isinstance(item, str):
                cards.update(parse_card(t) for t in item.replace(",", " ").split())
            else:
                cards.add(parse_card(item))
        return format_cards(sorted(cards)) if cards else "none"
    if form == "seat":
        if isinstance(answer, str) and not answer.strip().isdigit():
            return next((str(n) for n in names if str(n).lower() == answer.strip().lower()), answer.strip())
        return str(names[int(answer)])
    if form == "yesno":
        if isinstance(answer, str):
            return "yes" if answer.strip().lower().startswith("y") else "no"
        return "yes" if answer else "no"
    if form == "numbers":
        values = answer.replace(",", " ").split() if isinstance(answer, str) else list(answer)
        return ", ".join(f"{names[i]} {int(x)}" for i, x in enumerate(values))
    if form == "score":
        points, reason = answer
        return f"{int(points)}: {score_reasons(ex.variant).get(reason, reason)}"
    return str(int(answer))


#: The verdict's mark, in word and colour: (word, class, colour) for a right and a wrong answer.
MARKS = {True: ("✔ Right", "cardlab-class-right", "#1b7a3a"), False: ("✘ Wrong", "cardlab-class-wrong", "#b3261e")}


#: A rule id written into an explanation, such as " [66.follow]" or " [rule 501.protect]".
_RULE_REF = re.compile(r"\s*\[(?:rules? )?[a-z0-9]+(?:\.[a-z0-9_-]+)+(?:, ?[a-z0-9]+(?:\.[a-z0-9_-]+)+)*\]")


def verdict_html(right: bool, explanation: str, rule_ids=(), teacher: bool = False) -> str:
    """A verdict as HTML: the mark in word and colour (:data:`MARKS`), then ``explanation``; the
    rule ids only for the teacher (``teacher=True``), in a ``cardlab-class-rules`` span (on the
    students' page the rule ids an explanation quotes in brackets, "[66.follow]", are left out:
    the students' handouts name no rule ids). An explanation that already starts with the mark's
    word is not marked twice ("✔ Right." then its text)."""
    word, cls, colour = MARKS[bool(right)]
    text = explanation.strip() if teacher else _RULE_REF.sub("", explanation).strip()
    bare = word.split()[1]
    if text.lower().startswith(bare.lower()):
        text = text[len(bare):].lstrip(" .:,")
    rules = ", ".join(rule_ids)
    tail = (f" <span class='cardlab-class-rules' style='color:#56675c;font-size:90%'>(rules: "
            f"{html.escape(rules)})</span>" if teacher and rules else "")
    return (f"<p class='{cls}'><b class='cardlab-class-mark' style='color:{colour}'>{word}.</b> "
            f"{html.escape(text)}{tail}</p>")


class ExerciseWidget(StaticFallback, w.VBox):
    """An exercise set as a widget (see the module docstring).

    Parameters
    ----------
    code : str or None
        A set code (``"66-santase-legal,trick-1234"``), a set made already (an
        :class:`~cardlab.classroom.exercises.ExerciseSet`, such as a worksheet's
        :class:`~cardlab.classroom.worksheet.WorksheetSet`), or ``None`` for random practice.
    variant : str
        Registry name, for random practice (default: the first game of the registry).
    count : int
        Exercises in the set.
    teacher : bool or None
        Show each expected answer, the whole position and the rule ids (the teacher's view);
        ``None`` (default) asks :func:`cardlab.classroom.roles.page_role` (the teacher's page has
        the server's key in its address), so one page serves both.
    join : JoinBox or None
        The page's :class:`~cardlab.classroom.join.JoinBox`: answers count only once it has
        joined, and each checked answer is recorded (see the module docstring). ``None``
        (default): nothing is recorded.
    card_size : {"normal", "large", "projector"} or None
        How large this widget is drawn (a CSS zoom of 1, 1.4 or 1.8 on the table, cards
        included, with the question, verdict and controls grown to match); ``None`` (default)
        for the setting of :func:`cardlab.render.set_card_size` when the widget is made; a menu
        in the widget changes it for this widget only. Raises
        :class:`~cardlab.classroom.verdicts.AnswerError` for another value.

    Raises :class:`~cardlab.classroom.exercises.CodeError` for a bad code (when the widget is
    made, not in a callback).
    """

    def __init__(self, code: str | None = None, *, variant: str | None = None, count: int = 10,
                 teacher: bool | None = None, card_size: str | None = None, join=None):
        card_size = _card_size() if card_size is None else card_size
        if card_size not in CARD_ZOOM:
            raise AnswerError(f"card_size must be one of {', '.join(CARD_ZOOM)}, not {card_size!r}", "a card size")
        if isinstance(code, ExerciseSet):      # a set made already, such as a worksheet's (WorksheetSet)
            self.set = code
        else:
            self.set = ExerciseSet(code, variant=variant, count=count)
        self.join = join
        self._shown_at = time.monotonic()
        if teacher is None:
            from .roles import page_role
            teacher = page_role() == "teacher"
        self.teacher = bool(teacher)
        #: Unexpected errors met in callbacks (each shown as "Something went wrong"); empty unless a bug.
        self.errors: list[str] = []
        self.header = html_pane("cardlab-class-header")
        self.question = html_pane("cardlab-class-question")
        self.position = html_pane("cardlab-class-position")
        self.controls = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.controls.add_class("cardlab-class-controls")
        self.verdict = html_pane("cardlab-class-verdict")
        self.saved = html_pane("cardlab-class-saved")
        self.answer_pane = html_pane("cardlab-class-answer")
        self.next_button = button("Next", "cardlab-class-next", "the next exercise")
        self.next_button.on_click(self._safe(self._next))
        self.score = w.Label()
        self.score.add_class("cardlab-class-score")
        self.card_size = w.Dropdown(options=list(CARD_ZOOM), value=card_size, description="Cards",
                                    layout=w.Layout(width="14em"))
        self.card_size.add_class("cardlab-class-size")
        self.card_size.observe(self._safe(lambda _: self._draw_position()), names="value")
        self.card_size.add_class("cardlab-class-size-menu")
        super().__init__([self.header, self.question, self.position, self.controls, self.verdict, self.saved,
                          self.answer_pane,
                          w.HBox([self.next_button, self.score, self.card_size])])
        self.add_class("cardlab-class")
        self._show()

    def __repr__(self) -> str:
        view = "teacher's view" if self.teacher else "learner's view"
        return f"ExerciseWidget({self.set.code}, exercise {self.set.index + 1} of {self.set.count}, {view})"

    # -- callbacks -------------------------------------------------------------------------------
    def _safe(self, fn):
        return guarded(fn, self._mistake, self.errors, "the exercise")

    def _mistake(self, words: str) -> None:
        self.verdict.value = f"<p class='cardlab-class-mistake'>{html.escape(words)}</p>"

    def answer(self, value) -> None:
        """Check ``value`` against the current exercise and show the verdict (as the controls
        do). Never raises: an answer in the wrong form is shown as a message."""
        self._safe(self._answer)(value)

    def _answer(self, value) -> None:
        if self.join is not None and self.join.student is None:
            self.verdict.value = ""
            self.saved.value = f"<p class='cardlab-class-join-first'>{html.escape(_join_first())}</p>"
            return
        ex = self.set.current
        v = self.set.answer(value)
        self.verdict.value = verdict_html(v.right, v.explanation, v.rule_ids, self.teacher)
        self.score.value = f"Score: {self.set.score}"
        self.saved.value = ""
        if self.join is not None:
            said = self.join.record(str(self.set.code), self.set.index, answer_text(ex, value), bool(v.right),
                                    time.monotonic() - max(self._shown_at, self.join.joined_at), kind=ex.kind, rules=tuple(v.rule_ids))
            if said:
                self.saved.value = f"<p class='cardlab-class-not-saved'>{html.escape(said)}</p>"

    def _next(self, _=None) -> None:
        if not self.set.next():
            self.verdict.value = f"<p>That was the last exercise. Score: {html.escape(self.set.score)}.</p>"
            return
        self._show()

    # -- display ------------------------------------------------------------------------------------
    def _show(self) -> None:
        ex = self.set.current
        what = "worksheet" if hasattr(self.set, "title") else "set code"   # a WorksheetSet has its title
        self.header.value = (f"<b>Exercise {self.set.index + 1} of {self.set.count}</b> · {what} "
                             f"<code>{html.escape(str(self.set.code))}</code>")
        self.question.value = f"<p style='font-size:120%;margin:4px 0'>{html.escape(ex.question)}</p>"
        self._draw_position()
        self.verdict.value = ""
        self.saved.value = ""
        self._shown_at = time.monotonic()
        self.answer_pane.value = (f"<p class='cardlab-class-teacher'>Answer: <b>{html.escape(ex.answer_text())}</b></p>"
                                  if self.teacher else "")
        self.score.value = f"Score: {self.set.score}"
        self.controls.children = self._controls(ex)

    def _draw_position(self) -> None:
        ex = self.set.current
        size = self.card_size.value
        show_size(self, size)
        table = state_html(ex.state, ex.seat, size=size, hide=() if self.teacher else ex.hidden, layout="table")
        # at the larger sizes the table's status line ("C to play to A's 9♣.") is left out: the
        # question above says the same, and the screen must hold question, table and controls
        self.position.value = table if size == "normal" else f"<style>{SIZE_CSS}{_NO_STATUS}</style>{table}"

    def _controls(self, ex) -> list:
        form = ex.answer_form
        names = ex.state.names
        if form == "seat":
            out = []
            for seat, name in enumerate(names):
                b = button(str(name), "cardlab-class-seat")
                b.on_click(self._safe(lambda _, s=seat: self._answer(s)))
                out.append(b)
            return out
        if form == "yesno":
            out = []
            for word in ("yes", "no"):
                b = button(word.capitalize(), f"cardlab-class-{word}")
                b.on_click(self._safe(lambda _, a=word: self._answer(a)))
                out.append(b)
            return out
        check = button("Check", "cardlab-class-check")
        if form == "cards":
            toggles = []
            for card in ex.state.hands[ex.state.to_act]:
                t = w.ToggleButton(description=str(card), layout=w.Layout(width="auto"))
                t.add_class("cardlab-class-card")
                t.card = card
                toggles.append(t)
            check.on_click(self._safe(lambda _: self._answer([t.card for t in toggles if t.value])))
            return toggles + [check]
        if form == "numbers":
            fields = [w.IntText(value=0, description=str(n), layout=w.Layout(width="10em")) for n in names]
            for f in fields:
                f.add_class("cardlab-class-number")
            check.on_click(self._safe(lambda _: self._answer([f.value for f in fields])))
            return fields + [check]
        if form == "score":
            points = w.IntText(value=0, description="Game points", layout=w.Layout(width="16em"),
                               style={"description_width": "initial"})
            points.add_class("cardlab-class-number")
            why = w.Dropdown(options=[(words, key) for key, words in score_reasons(ex.variant).items()],
                             description="Why", layout=w.Layout(width="34em"))
            why.add_class("cardlab-class-why")
            check.on_click(self._safe(lambda _: self._answer((points.value, why.value))))
            return [points, why, check]
        field = w.IntText(value=0, description="Answer", layout=w.Layout(width="12em"))
        field.add_class("cardlab-class-number")
        check.on_click(self._safe(lambda _: self._answer(field.value)))
        return [field, check]


def _join_first() -> str:
    from .join import JOIN_FIRST
    return JOIN_FIRST
