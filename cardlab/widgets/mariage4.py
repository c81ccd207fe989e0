"""Widgets for four-player Russian Mariage (ipywidgets; a thin layer over pure HTML).

* :class:`NinesWidget` walks through a "three nines" game step by step (the nines laid out,
  each opponent's card placed on top or at the bottom of his pile, the nine left on the table,
  who scores), and lets the reader try any other legal choice at any step (a button per choice,
  in the rule's words), then go back to the sample; a mistake is shown as a message, never as
  a traceback.
* :class:`EightBoard` steps through a game record hand by hand and draws both pairs' eights,
  pips uncovering as a pair scores, with the fur coat and lining laid on the losers.

As every widget of :mod:`cardlab.widgets`, these only update ``HTML.value`` / ``Label.value`` and
carry ``cardlab-…`` CSS classes for browser tests: ``cardlab-nines-widget`` (``cardlab-next``,
``cardlab-prev``, ``cardlab-step-label``, ``cardlab-view``, ``cardlab-choice`` buttons,
``cardlab-back-to-sample``, ``cardlab-message``) and ``cardlab-eight-board`` (the same buttons and
label; the drawing in ``cardlab-eights-view``). No callback raises: each runs through
:func:`cardlab.widgets.base.guarded`, a person's mistake is said in the widget's message area and
an unexpected error (a bug) is kept in the widget's ``errors`` list.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from .. import mariage4 as m4
from ..errors import CardlabError
from ..render.mariage4 import nines_html
from .base import StaticFallback, button, guarded, html_pane

__all__ = ["NinesWidget", "EightBoard"]


class NinesWidget(StaticFallback, w.VBox):
    """Walk through a three-nines game.

    Parameters
    ----------
    source : Mariage4State or a record (anything with ``replay()``)
        A hand in which three nines was declared; the walk starts at the declaration and ends
        when it is settled.
    seat : int or None
        Show the piles as that seat sees them (placed cards face down until the nine is left),
        or everything open (``None``).

    Raises
    ------
    ValueError
        If no three nines is declared in the hand.

    Attributes
    ----------
    states : list of Mariage4State
        The steps shown: the sample's (the declaration, each placement, the nine left), or, after
        a choice was tried, the sample up to that step and the line played from it.
    sample : list of Mariage4State
        The sample's steps, kept for :meth:`back_to_sample`.
    index : int
    view : ipywidgets.HTML
        :func:`cardlab.render.mariage4.nines_html` of the step (class ``cardlab-view``).
    explanation, message : ipywidgets.HTML
    choices : ipywidgets.HBox
        One button per legal choice at the step shown (class ``cardlab-choice``; label and
        tooltip in the rule's words); pressing one plays it from there.
    back_button : ipywidgets.Button
        "Back to the sample" (class ``cardlab-back-to-sample``), shown once a choice was tried.
    errors : list of str
        Unexpected errors met by callbacks, as ``"Type: message"`` (always empty unless there is
        a bug; the message area then says the step is as it was).
    """

    def __init__(self, source: Any, seat: int | None = None):
        final = source if isinstance(source, m4.Mariage4State) else source.replay()[-1]
        hist = final.history()
        start = next((i for i, s in enumerate(hist) if s.nines is not None), None)
        if start is None:
            raise ValueError("no three nines was declared in this hand")
        end = next((i for i in range(start, len(hist)) if hist[i].nines["winner"] is not None), len(hist) - 1)
        self.states = self.sample = hist[start:end + 1]
        self.index = 0
        self.seat = seat
        self.prev_button = button("‹ Prev", "cardlab-prev")
        self.next_button = button("Next ›", "cardlab-next")
        self.step_label = w.Label()
        self.step_label.add_class("cardlab-step-label")
        self.explanation = html_pane("cardlab-explain")
        self.view = html_pane("cardlab-view")
        self.choices = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.choices.add_class("cardlab-choices")
        self.back_button = button("Back to the sample", "cardlab-back-to-sample",
                                   "Drop the choices you tried and show the sample's steps again")
        self.message = html_pane("cardlab-message")
        self.errors: list[str] = []
        self.prev_button.on_click(self._guard(lambda _b: self.go(self.index - 1)))
        self.next_button.on_click(self._guard(lambda _b: self.go(self.index + 1)))
        self.back_button.on_click(self._guard(lambda _b: self.back_to_sample()))
        super().__init__([w.HBox([self.prev_button, self.next_button, self.step_label, self.back_button]),
                          self.explanation, self.view, self.choices, self.message])
        self.add_class("cardlab-nines-widget")
        self._refresh()

    def _guard(self, fn):
        """``fn`` as a callback that never raises (:func:`cardlab.widgets.base.guarded`)."""
        return guarded(fn, self._say, self.errors, "the step shown")

    def _say(self, text: str) -> None:
        self.message.value = (f'<div class="cardlab-message-text cardlab-error">'
                              f'{escape(text, quote=False)}</div>')

    def go(self, k: int) -> None:
        """Show step ``k`` (clamped to the steps there are)."""
        self.index = max(0, min(k, len(self.states) - 1))
        self._refresh()

    def back_to_sample(self) -> None:
        """Show the sample's steps again (at the same step number, or its last)."""
        self.states = self.sample
        self.go(self.index)
        self.message.value = '<div class="cardlab-message-text">Back to the sample.</div>'

    def try_action(self, action: Any) -> bool:
        """Play ``action`` (an Action or its text, as the choice buttons do) from the step shown;
        on success it becomes the next step (later steps of this line are dropped) and True is
        returned; a refused action is explained in :attr:`message`. Never raises."""
        state = self.states[self.index]
        try:
            new = state.apply(action)
        except CardlabError as exc:
            self.message.value = (f'<div class="cardlab-message-text cardlab-error">Not allowed: '
                                  f'{escape(str(exc), quote=False)}</div>')
            return False
        self.states = self.states[:self.index + 1] + [new]
        self.index += 1
        self.message.value = f'<div class="cardlab-message-text">Applied {escape(str(new.last_action))}.</div>'
        self._refresh(keep_message=True)
        return True

    def _refresh(self, keep_message: bool = False) -> None:
        n = len(self.states)
        s = self.states[self.index]
        self.step_label.value = f"step {self.index + 1} / {n}"
        self.prev_button.disabled = self.index == 0
        self.next_button.disabled = self.index == n - 1
        self.explanation.value = f'<div class="cardlab-explain-text">{escape(s.explain(), quote=False)}</div>'
        self.view.value = nines_html(s, self.seat)
        self.back_button.layout.display = None if self.states is not self.sample else "none"
        old = self.choices.children
        buttons = []
        for a in s.legal_actions():
            text = m4.describe_action(a, s)
            b = button(text.label, "cardlab-choice", text.help)
            b.on_click(self._guard(lambda _b, a=a: self.try_action(a)))
            buttons.append(b)
        label = w.Label("Try instead:" if self.index < n - 1 else "Play on:") if buttons else w.Label()
        self.choices.children = [label, *buttons] if buttons else []
        for b in old:
            b.close()
        if not keep_message:
            self.message.value = ""

    def __repr__(self) -> str:
        return f"NinesWidget(step {self.index + 1} / {len(self.states)})"


class EightBoard(StaticFallback, w.VBox):
    """Step through a game record hand by hand, drawing both pairs' eights after each hand.

    Parameters
    ----------
    record : a game record (anything with ``replay()`` and ``game()`` whose game is an
        :class:`~cardlab.mariage4_game.EightGame`)
    start : int
        Hand shown first: 0 is before the first hand, ``k`` after hand ``k``.

    Attributes
    ----------
    game : EightGame
    index : int
        0 (before the first hand) to the number of hands.
    view : ipywidgets.HTML
        The eights (class ``cardlab-eights-view``); ``summary`` what the hand scored.
    errors : list of str
        Unexpected errors met by callbacks, as ``"Type: message"`` (always empty unless there is
        a bug; the summary then says the board is as it was).
    """

    def __init__(self, record: Any, start: int = 0):
        self.game = record.game()
        self.n = len(self.game.hands)
        self.index = max(0, min(start, self.n))
        self.prev_button = button("‹ Prev", "cardlab-prev")
        self.next_button = button("Next ›", "cardlab-next")
        self.step_label = w.Label()
        self.step_label.add_class("cardlab-step-label")
        self.summary = html_pane("cardlab-explain")
        self.view = html_pane("cardlab-eights-view")
        self.errors: list[str] = []
        self.prev_button.on_click(self._guard(lambda _b: self.go(self.index - 1)))
        self.next_button.on_click(self._guard(lambda _b: self.go(self.index + 1)))
        super().__init__([w.HBox([self.prev_button, self.next_button, self.step_label]), self.summary, self.view])
        self.add_class("cardlab-eight-board")
        self._refresh()

    def _guard(self, fn):
        """``fn`` as a callback that never raises (:func:`cardlab.widgets.base.guarded`)."""
        return guarded(fn, self._say, self.errors, "the board")

    def _say(self, text: str) -> None:
        self.summary.value = f'<div class="cardlab-explain-text cardlab-error">{escape(text, quote=False)}</div>'

    def go(self, k: int) -> None:
        """Show the eights after hand ``k`` (0: before the first), clamped."""
        self.index = max(0, min(k, self.n))
        self._refresh()

    def _refresh(self) -> None:
        k = self.index
        self.step_label.value = f"hand {k} / {self.n}"
        self.prev_button.disabled = k == 0
        self.next_button.disabled = k == self.n
        if k == 0:
            text = f"Before the first hand ({self.game.goal})."
        else:
            row = self.game.rows()[k - 1]
            text = f"Hand {k} ({row['dealer']} deals, {row['how']}): {self.game.row_summary(row)}."
        self.summary.value = f'<div class="cardlab-explain-text">{escape(text, quote=False)}</div>'
        self.view.value = self.game.eights_html(k - 1)

    def __repr__(self) -> str:
        return f"EightBoard(hand {self.index} / {self.n})"
