"""The students' page asks a name first: :class:`JoinBox`, and every checked answer recorded.

``JoinBox(folder=None)`` is a text box and a *Join* button. The name is checked by
:meth:`cardlab.classroom.results.ClassResults.join` (not empty, at most 40 characters, no
control characters); a name already in the class (without regard to case) asks "X is already in
this class: is that you, after a reload?" with *Yes, continue as X* (the record goes on) and *No,
another name* (the box is emptied for another name). A page joins once: afterwards the box says
who answers and the name cannot be changed (a reload is a new page).

:meth:`JoinBox.record` records one checked answer with
:meth:`~cardlab.classroom.results.ClassResults.record` and returns what the page says about it:
nothing when it was saved, a short message when the database refused it (an exercise answered
already), "your answer was checked but could not be saved" when the database could not be
written (a full disk, a lock held beyond the busy timeout, a damaged file). It never raises for
those, so the page keeps working.

The database (``<folder>/results.sqlite3``; ``folder=None``: the class folder,
:func:`cardlab.classroom.roles.class_folder`) is opened at the first *Join*, not when the box is
made: a preheated kernel of the served page opens nothing before a student arrives.

Nothing of other students reaches this widget: its state holds the name this page typed and the
messages about it, never the class's names or answers. Parts carry ``cardlab-join-…`` CSS
classes; callbacks never raise (:func:`cardlab.widgets.base.guarded`; unexpected errors in
:attr:`JoinBox.errors`, database problems in :attr:`JoinBox.problems`).
"""

from __future__ import annotations

import html
import os
import sqlite3
import time
from typing import Callable

import ipywidgets as w

from ..errors import ClassResultsError
from ..widgets.base import StaticFallback, button, guarded, html_pane

__all__ = ["JoinBox", "NOT_SAVED", "JOIN_FIRST"]

#: What the page says when an answer was checked but the database could not take it.
NOT_SAVED = ("Your answer was checked but could not be saved (the class's results cannot be written "
             "just now). Go on: tell your teacher if this keeps happening.")
#: What an exercise says when it is answered before the page has joined.
JOIN_FIRST = "Type your name at the top of the page and press Join first: then your answers count."


class JoinBox(StaticFallback, w.VBox):
    """A student's name for the page, and the recording of their answers (see the module docstring).

    Parameters
    ----------
    folder : str, os.PathLike or None
        The class folder holding ``results.sqlite3``; ``None`` (default) is
        :func:`cardlab.classroom.roles.class_folder` at the first *Join*.

    Attributes
    ----------
    student : str or None
        The name as the class's database holds it, once joined; ``None`` before.
    joined_at : float
        ``time.monotonic()`` when the page joined (0 before).
    errors : list of str
        Unexpected errors met in callbacks (a bug; empty otherwise).
    problems : list of str
        Database problems met (a full disk, a lock held too long): the page said so and went on.
    """

    def __init__(self, folder: str | os.PathLike | None = None):
        self.folder = folder
        self.student: str | None = None
        #: When the page joined (``time.monotonic()``; 0 before): an exercise's seconds count from
        #: the later of this and the moment it was shown.
        self.joined_at = 0.0
        self.errors: list[str] = []
        self.problems: list[str] = []
        self._results = None
        self._pending: str | None = None
        self._listeners: list[Callable[[str], None]] = []
        self.name = w.Text(placeholder="your name", description="Your name", layout=w.Layout(width="22em"))
        self.name.add_class("cardlab-join-name")
        self.join_button = button("Join", "cardlab-join-button", "join the class with this name")
        self.yes_button = button("Yes", "cardlab-join-yes", "continue the record under this name")
        self.no_button = button("No, another name", "cardlab-join-no", "type another name")
        self.confirm = w.HBox([self.yes_button, self.no_button])
        self.confirm.add_class("cardlab-join-confirm")
        self.confirm.layout.display = "none"
        self.message = html_pane("cardlab-join-message")
        self.join_button.on_click(self._safe(lambda _: self._join()))
        self.yes_button.on_click(self._safe(lambda _: self._yes()))
        self.no_button.on_click(self._safe(lambda _: self._no()))
        self.row = w.HBox([self.name, self.join_button], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([self.row, self.confirm, self.message])
        self.add_class("cardlab-join")
        self._say("Type your name and press <b>Join</b>: the exercises can be answered once you have joined, "
                  "and your teacher sees your answers.", "note", escape=False)

    # -- callbacks ----------------------------------------------------------------------------
    def _safe(self, fn):
        return guarded(fn, lambda words: self._say(words, "mistake"), self.errors, "the name box")

    def _say(self, words: str, kind: str = "note", *, escape: bool = True) -> None:
        text = html.escape(words) if escape else words
        self.message.value = f"<p class='cardlab-join-{kind}'>{text}</p>"

    def on_join(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(name)`` once the page has joined (at once if it has)."""
        self._listeners.append(callback)
        if self.student is not None:
            callback(self.student)

    @property
    def results(self):
        """The class's :class:`~cardlab.classroom.results.ClassResults` (opened on first use).
        Raises what opening it raises."""
        if self._results is None:
            from .results import ClassResults
            self._results = ClassResults(self.folder)
        return self._results

    def join(self, name: str) -> bool:
        """Join with ``name`` as *Join* does (a returning name then waits for :meth:`confirm_same`);
        True once the page has joined. Never raises."""
        self.name.value = name if isinstance(name, str) else ""
        self._safe(lambda: self._join())()
        return self.student is not None

    def confirm_same(self, same: bool) -> None:
        """Answer the "is that you?" question as *Yes* (``True``) or *No* (``False``) do."""
        self._safe(lambda: self._yes() if same else self._no())()

    def _join(self) -> None:
        if self.student is not None:
            self._say(f"You have joined as {self.student}. To answer under another name, reload the page.")
            return
        self._pending = None
        self.confirm.layout.display = "none"
        try:
            student = self.results.join(self.name.value)
        except ClassResultsError as e:
            if e.argument == "name":
                self._say(str(e), "mistake")
                return
            self._problem(e)
            self._say("You cannot join just now: the class's results cannot be opened. Try again in a moment, "
                      "or tell your teacher.", "mistake")
            return
        except (sqlite3.Error, OSError) as e:
            self._problem(e)
            self._say("You cannot join just now: the class's results cannot be written. Try again in a moment, "
                      "or tell your teacher.", "mistake")
            return
        if student.returning:
            self._pending = student.name
            self.yes_button.description = f"Yes, continue as {student.name}"
            self.confirm.layout.display = None
            self._say(f"{student.name} is already in this class: is that you, after a reload?")
            return
        self._joined(student.name)

    def _yes(self) -> None:
        if self._pending is None:
            return
        self._joined(self._pending)

    def _no(self) -> None:
        if self._pending is None:
            return
        self._pending = None
        self.confirm.layout.display = "none"
        self.name.value = ""
        self._say("Type another name (your first name and the first letter of your last name, for example), "
                  "then press Join.")

    def _joined(self, name: str) -> None:
        self.student = name
        self.joined_at = time.monotonic()
        self._pending = None
        self.confirm.layout.display = "none"
        self.name.value = name
        self.name.disabled = True
        self.join_button.disabled = True
        self.row.layout.display = "none"
        self._say(f"You are <b>{html.escape(name)}</b>: answer the exercises below; each answer you check is "
                  f"saved for your teacher.", "joined", escape=False)
        for callback in self._listeners:
            callback(name)

    def _problem(self, error: BaseException) -> None:
        self.problems.append(f"{type(error).__name__}: {error}")

    # -- recording ----------------------------------------------------------------------------
    def record(self, set_code: str, exercise: int, answer: str, right: bool, seconds: float, *, kind: str = "",
               rules=()) -> str:
        """Record one checked answer of this page's student; returns what the page says about it
        (``""`` when it was saved). Never raises: a refusal of the database (an exercise answered
        already, a value it does not take) is its message; a database that cannot be written is
        :data:`NOT_SAVED` (and kept in :attr:`problems`). Before joining: :data:`JOIN_FIRST`."""
        if self.student is None:
            return JOIN_FIRST
        try:
            self.results.record(self.student, set_code, exercise, answer, right, float(max(seconds, 0.0)),
                                kind=kind, rules=tuple(rules))
        except ClassResultsError as e:
            if e.argument in ("file", "folder"):
                self._problem(e)
                return NOT_SAVED
            if e.argument == "exercise" and "already" in str(e):
                return "You answered this exercise before: your first answer is the one saved."
            return f"Not saved: {e}"
        except (sqlite3.Error, OSError) as e:
            self._problem(e)
            return NOT_SAVED
        return ""
