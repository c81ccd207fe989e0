"""Notebook widgets and charts for hand analysis (:mod:`cardlab.analysis`).

* :class:`BestLineStepper`: the double-dummy value of a position in words, the value of each
  legal action as a table, and the generic :class:`~cardlab.widgets.Stepper` walking through the
  best line of play to the end of the hand.
* :func:`value_chart`: a matplotlib bar chart of the value of each legal action.
* :func:`estimate_html`: a sampled chance with its sample count and Wilson interval, as HTML.

Like :mod:`cardlab.widgets`, these only set ``HTML.value``; nothing prints into Output widgets,
so nbval and Voila see the same thing. ipywidgets and pandas are imported here, matplotlib
inside :func:`value_chart`.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from ..analysis import adapters
from ..analysis.exact import best_line, maximising_seats, value_table
from .base import StaticFallback
from .stepper import Stepper

__all__ = ["BestLineStepper", "value_chart", "estimate_html"]


class BestLineStepper(StaticFallback, w.VBox):
    """The double-dummy analysis of ``state`` with a stepper over the best line.

    Parameters
    ----------
    state : a variant's state
        A position the solver can take (e.g. a Sixty-six end game, a 501 hand in play); a
        Sixty-six position with the stock open is valued for "close" only and has no best line.
    seats : int or tuple of int, optional
        The side whose value is shown (default: the adapter's, e.g. the player to act).
    seat_view : int or None
        The view the stepper shows first (None: all cards open).

    Raises
    ------
    cardlab.analysis.NotSolvable
        If the position cannot be solved (with the reason).

    Attributes
    ----------
    table : pandas.DataFrame
        :func:`cardlab.analysis.value_table` of ``state``.
    line : list
        The states of the best line, ``state`` first.
    summary : ipywidgets.HTML
        The value in words (class ``cardlab-analysis-summary``).
    values : ipywidgets.HTML
        The table as HTML (class ``cardlab-analysis-values``).
    stepper : cardlab.widgets.Stepper
        Over :attr:`line`.
    """

    def __init__(self, state: Any, seats: Any = None, seat_view: int | None = None):
        ad = adapters.get(state.variant)
        seats = maximising_seats(state, seats)
        self.seats = seats
        self.table = value_table(state, seats)
        self.line = best_line(state, seats)
        final = self.line[-1]
        v = ad.result_value(final, seats)
        who = ", ".join(state.names[s] for s in seats)
        self.value = v
        other = ""
        if ad.other_side is not None:
            other = (f" For the other side the best is the same with the sign reversed: "
                     f"{escape(ad.describe_value(-v, ad.other_side(seats, state), state))}.")
        self.summary = w.HTML(
            f'<div class="cardlab-analysis-summary"><b>Double dummy, all cards open:</b> with best play by '
            f'everyone, {escape(ad.describe_value(v, seats, state))} ({who}: {v} {escape(ad.value_unit)}).'
            f'{other} The best line has {len(self.line) - 1} steps; the table gives the value of each action '
            f'now.</div>')
        self.summary.add_class("cardlab-analysis-summary")
        self.values = w.HTML(self.table.to_html(classes="cardlab-analysis-table", escape=True))
        self.values.add_class("cardlab-analysis-values")
        self.stepper = Stepper(self.line, seat=seat_view)
        super().__init__(children=[self.summary, self.values, self.stepper])
        self.add_class("cardlab-best-line")

    def __repr__(self) -> str:
        return f"BestLineStepper({len(self.line)} states, value {self.value})"


def value_chart(state: Any, seats: Any = None, ax: Any = None, title: str | None = None):
    """A bar chart of the double-dummy value of each legal action of ``state`` (for ``seats``);
    the best actions in a darker colour, actions that cannot be valued left out. Returns the
    matplotlib Axes. Imports matplotlib."""
    import matplotlib.pyplot as plt

    ad = adapters.get(state.variant)
    seats = maximising_seats(state, seats)
    t = value_table(state, seats)
    col = f"value ({ad.value_unit})"
    t = t[t[col].notna()]
    if ax is None:
        _fig, ax = plt.subplots(figsize=(max(3.5, 0.7 * len(t) + 1.5), 2.8))
    colors = ["#1b5e20" if b else "#90a4ae" for b in t["best"]]  # "★" on the best choices, "" elsewhere
    ax.bar(list(t.index), [float(x) for x in t[col]], color=colors)
    ax.axhline(0, color="black", linewidth=0.8)
    from matplotlib.ticker import MaxNLocator

    ax.yaxis.set_major_locator(MaxNLocator(integer=True))   # every value is a whole number
    ax.set_ylabel(ad.value_unit)
    who = ", ".join(state.names[s] for s in seats)
    ax.set_title(title or f"Double-dummy value of each action for {who}")
    ax.figure.tight_layout()
    return ax


def estimate_html(est) -> str:
    """An :class:`~cardlab.analysis.Estimate` as an HTML sentence: the chance, the sample count
    and the Wilson 95 % interval."""
    return (f'<div class="cardlab-estimate"><b>{escape(est.question or "chance")}:</b> {est.p:.1%} '
            f'({est.successes} of {est.samples} sampled deals; 95% Wilson interval '
            f'{est.low:.1%} to {est.high:.1%})</div>')
