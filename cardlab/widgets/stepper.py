"""The Stepper: step back and forth through the states of a hand or a game."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from .. import render
from ..state import GameState
from .base import StaticFallback, button as _button, guarded, html_pane as _html

__all__ = ["Stepper", "SIZE_CSS", "size_class"]

#: Text and controls that grow with the card size of a widget: a widget drawn at a size carries
#: the class :func:`size_class` of it (``cardlab-size-large``, ``cardlab-size-projector``), and
#: these rules (written with its drawings) scale the widgets' font and control height inside it
#: by the size's zoom (:data:`cardlab.render.CARD_ZOOM`: 13 px text at normal, 18 px large, 23 px
#: projector), so a question, a verdict and the buttons can be read as far as the cards.
SIZE_CSS = "".join(
    f".cardlab-size-{name}{{--jp-widgets-font-size:{13 * zoom:.0f}px;"
    f"--jp-widgets-inline-height:{28 * zoom:.0f}px}}"
    f".cardlab-size-{name} .widget-inline-hbox{{width:auto!important}}"
    f".cardlab-size-{name} .widget-inline-hbox .widget-label"
    f"{{width:auto;max-width:none;padding-right:{6 * zoom:.0f}px}}"
    f".cardlab-size-{name} .widget-inline-hbox input{{width:{70 * zoom:.0f}px}}"
    f".cardlab-size-{name} .widget-button,.cardlab-size-{name} .widget-toggle-button,"
    f".cardlab-size-{name} .widget-label,.cardlab-size-{name} .widget-readout,"
    f".cardlab-size-{name} input,.cardlab-size-{name} select{{font-size:{13 * zoom:.0f}px}}"
    f".cardlab-size-{name} .widget-button,.cardlab-size-{name} .widget-toggle-button"
    f"{{height:auto;min-height:{28 * zoom:.0f}px;padding:0 {10 * zoom:.0f}px}}"
    f".cardlab-size-{name} .widget-html-content,.cardlab-size-{name} .cardlab-explain-text"
    f"{{font-size:{13 * zoom:.0f}px;line-height:1.3}}"
    for name, zoom in render.CARD_ZOOM.items() if zoom != 1.0)


def size_class(size: str) -> str:
    """The CSS class of a widget drawn at card size ``size`` (see :data:`SIZE_CSS`)."""
    return f"cardlab-size-{size}"


def show_size(widget: w.DOMWidget, size: str) -> None:
    """Give ``widget`` the class of card size ``size`` (and drop any other size's)."""
    for name in render.CARD_ZOOM:
        if name != size:
            widget.remove_class(size_class(name))
    widget.add_class(size_class(size))


def _as_states(source: Any) -> list:
    """The list of states behind ``source`` (see :class:`Stepper`)."""
    if isinstance(source, GameState):
        states = source.history()
    elif callable(getattr(source, "states", None)):
        states = list(source.states())
    elif isinstance(source, (list, tuple)):
        states = list(source)
    else:
        raise TypeError(f"a Stepper needs a list of states, a state or an object with a .states() method, "
                        f"not {type(source).__name__}")
    if not states:
        raise ValueError("a Stepper needs at least one state")
    for i, s in enumerate(states):
        if not hasattr(s, "explain") or not hasattr(s, "variant"):
            raise TypeError(f"item {i} is not a game state ({type(s).__name__})")
    return states


def _index(k: Any, n: int, what: str) -> int:
    if not isinstance(k, int) or isinstance(k, bool):
        raise TypeError(f"{what} must be a whole number, not {k!r}")
    if not -n <= k < n:
        raise IndexError(f"{what} {k} is out of range: there are {n} steps (0 to {n - 1}, or -1 for the last)")
    return k % n


def _game_lines(source: Any, states: list) -> list[str] | None:
    """For a record of a game (anything with ``replay()`` and ``game()``), one line per state:
    the hand number and the game score before it, and after a finished hand what it scored."""
    if not (callable(getattr(source, "replay", None)) and callable(getattr(source, "game", None))):
        return None
    finals = source.replay()
    game = source.game()
    rows = game.rows()
    names = game.names
    goal = getattr(game, "goal", None) or f"game to {game.rules.target}"
    lines: list[str] = []
    before = tuple(getattr(game, "start_totals", (0,) * len(names)))
    for h, final in enumerate(finals):
        n_states = len(final.history())
        head = f"Hand {h + 1} of {len(finals)} · {goal}: {_score(names, before)}"
        lines.extend([head] * (n_states - 1))
        if h < len(rows):
            row = rows[h]
            after = tuple(row[name] for name in names)
            if callable(getattr(game, "row_summary", None)):
                won = game.row_summary(row)
            else:
                won = (f"{row['winner']} scores {row['game points']}" if final.result.winner is not None
                       else "drawn hand")
            tail = f"{head} → {won}: {_score(names, after)}"
            if h == len(finals) - 1 and game.is_over:
                tail += f" · {names[game.winner]} wins the game"
            before = after
        else:
            tail = head
        lines.append(tail)
    return lines if len(lines) == len(states) else None


def _score(names: tuple, totals: tuple) -> str:
    return " – ".join(f"{name} {total}" for name, total in zip(names, totals))


# Seat picker values: -1 stands for "all cards open" (None), since selection widgets use None
# for "nothing selected".
_ALL = -1


class Stepper(StaticFallback, w.VBox):
    """Step through the states of a hand.

    Parameters
    ----------
    source : list of states, a state, or an object with a ``states()`` method
        A single state stands for its whole history (``state.history()``, from the deal to it);
        a record (anything with ``.states()``) for the states it replays.
    seat : int or None
        The view shown first: ``None`` for all cards open, ``0`` or ``1`` for that seat's view.
    start : int
        0-based index of the first step shown; negative counts from the end (``-1``: last).
    size : str or None
        The card size of this stepper's drawings (``"normal"``, ``"large"`` or ``"projector"``,
        :data:`cardlab.render.CARD_ZOOM`; its text and buttons grow with it); ``None`` (default)
        follows :func:`cardlab.render.set_card_size` at each drawing. Set :attr:`size` to change it.
    layout : str or None
        :data:`cardlab.render.LAYOUTS` (``"column"`` or ``"table"``); ``None`` (default): the
        size's (see :func:`cardlab.render.state_html`).

    Raises
    ------
    TypeError
        If ``source`` is none of the above.
    ValueError
        If there is no state, ``seat`` is neither None nor a seat of the table, or ``size`` or
        ``layout`` is not one of theirs.
    IndexError
        If ``start`` is out of range.

    Attributes
    ----------
    states : list
        The states, in order.
    index : int
        0-based index of the state shown.
    first_button, prev_button, next_button, last_button : ipywidgets.Button
        Classes ``cardlab-first``, ``cardlab-prev``, ``cardlab-next``, ``cardlab-last``;
        disabled at the ends.
    slider : ipywidgets.IntSlider
        Over the steps, 1-based like the label (class ``cardlab-slider``).
    step_label : ipywidgets.Label
        ``"step k / n"``, ``k`` 1-based (class ``cardlab-step-label``).
    seat_picker : ipywidgets.ToggleButtons
        "All cards open" or a player's view by name (class ``cardlab-seat``).
    explanation : ipywidgets.HTML
        ``state.explain()`` of the step shown (class ``cardlab-explain``).
    view : ipywidgets.HTML
        ``render.state_html(state, seat)`` (class ``cardlab-view``).
    game_score : ipywidgets.HTML
        For a record (``replay()`` and ``game()``): the hand number and the game score, and after
        each hand what it scored (class ``cardlab-game-score``); empty otherwise.
    errors : list of str
        Unexpected errors met in callbacks (no callback raises: a bug is kept here and said in
        the explanation pane); empty unless a bug.
    """

    def __init__(self, source: Any, seat: int | None = None, start: int = 0, size: str | None = None,
                 layout: str | None = None):
        self._size = self._check_size(size)
        if layout is not None and layout not in render.LAYOUTS:
            raise ValueError(f"the layout is one of {', '.join(render.LAYOUTS)}, not {layout!r}")
        self._layout = layout
        states = _as_states(source)
        n = len(states)
        names = tuple(getattr(states[0], "names", ("seat 0", "seat 1")))
        self._seats = range(len(names))
        self._check_seat(seat)
        index = _index(start, n, "start")
        self.states = states
        self.index = index
        self._syncing = False

        self.first_button = _button("« First", "cardlab-first", "Go to the deal")
        self.prev_button = _button("‹ Prev", "cardlab-prev", "One step back")
        self.next_button = _button("Next ›", "cardlab-next", "One step forward")
        self.last_button = _button("Last »", "cardlab-last", "Go to the last step")
        self.slider = w.IntSlider(value=index + 1, min=1, max=n, step=1, readout=False, disabled=n == 1,
                                  layout=w.Layout(width="220px"))
        self.slider.add_class("cardlab-slider")
        self.step_label = w.Label()
        self.step_label.add_class("cardlab-step-label")
        self.seat_picker = w.ToggleButtons(
            options=[("All cards open", _ALL)] + [(f"{name}'s view", i) for i, name in enumerate(names)],
            value=_ALL if seat is None else seat, style={"button_width": "auto"})
        self.seat_picker.add_class("cardlab-seat")
        self.explanation = _html("cardlab-explain")
        self.view = _html("cardlab-view")
        self._game_lines = _game_lines(source, states)
        self.game_score = _html("cardlab-game-score")

        #: Unexpected errors met in callbacks (each said in the explanation pane); empty unless a bug.
        self.errors: list[str] = []

        def safe(fn):
            return guarded(fn, self._say, self.errors, "the step shown")

        self.first_button.on_click(safe(lambda _b: self.go(0)))
        self.prev_button.on_click(safe(lambda _b: self.prev()))
        self.next_button.on_click(safe(lambda _b: self.next()))
        self.last_button.on_click(safe(lambda _b: self.go(-1)))
        self.slider.observe(safe(self._on_slider), names="value")
        self.seat_picker.observe(safe(lambda _change: self._refresh()), names="value")

        controls = w.HBox([self.first_button, self.prev_button, self.slider, self.next_button, self.last_button,
                           self.step_label], layout=w.Layout(align_items="center", flex_flow="row wrap"))
        children = [controls, self.seat_picker, self.explanation, self.view]
        if self._game_lines is not None:
            children.insert(2, self.game_score)
        super().__init__(children=children)
        self.add_class("cardlab-stepper")
        self._refresh()

    def _say(self, words: str) -> None:
        """Say ``words`` (a callback's refusal or failure) in the explanation pane."""
        self.explanation.value = f"<div class='cardlab-message'>{escape(words)}</div>"

    # -- public API ---------------------------------------------------------------------------
    @property
    def state(self):
        """The state shown."""
        return self.states[self.index]

    @property
    def seat(self) -> int | None:
        """The view shown: ``None`` (all cards open), ``0`` or ``1``. Setting it updates the
        picker and the table; anything else raises ``ValueError``."""
        v = self.seat_picker.value
        return None if v == _ALL else v

    @seat.setter
    def seat(self, seat: int | None) -> None:
        self._check_seat(seat)
        self.seat_picker.value = _ALL if seat is None else seat

    @property
    def size(self) -> str | None:
        """This stepper's card size (``None``: the setting of :func:`cardlab.render.set_card_size`).
        Setting it redraws this stepper only; a name not in :data:`cardlab.render.CARD_ZOOM`
        raises ``ValueError``."""
        return self._size

    @size.setter
    def size(self, size: str | None) -> None:
        self._size = self._check_size(size)
        self._refresh()

    @staticmethod
    def _check_size(size: Any) -> str | None:
        if size is not None and size not in render.CARD_ZOOM:
            raise ValueError(f"the card size is one of {', '.join(render.CARD_ZOOM)}, not {size!r}")
        return size

    def _check_seat(self, seat: Any) -> None:
        if seat is not None and (seat not in self._seats or isinstance(seat, bool)):
            raise ValueError(f"seat must be None (all cards open) or a seat from 0 to {len(self._seats) - 1}, "
                             f"not {seat!r}")

    def go(self, k: int) -> None:
        """Show step ``k`` (0-based; negative counts from the end). Raises ``IndexError`` when
        out of range and ``TypeError`` when not a whole number."""
        self.index = _index(k, len(self.states), "step")
        self._refresh()

    def next(self) -> None:
        """One step forward (nothing happens at the last step)."""
        if self.index < len(self.states) - 1:
            self.go(self.index + 1)

    def prev(self) -> None:
        """One step back (nothing happens at the first step)."""
        if self.index > 0:
            self.go(self.index - 1)

    def __repr__(self) -> str:
        seat = self.seat
        view = "all cards open" if seat is None else f"seat {seat}"
        return f"Stepper(step {self.index + 1} / {len(self.states)}, {view})"

    # -- internals --------------------------------------------------------------------------
    def _on_slider(self, change) -> None:
        if not self._syncing:
            self.go(change["new"] - 1)

    def _refresh(self) -> None:
        n = len(self.states)
        k = self.index
        state = self.states[k]
        self._syncing = True
        try:
            self.slider.value = k + 1
        finally:
            self._syncing = False
        self.step_label.value = f"step {k + 1} / {n}"
        self.first_button.disabled = self.prev_button.disabled = k == 0
        self.next_button.disabled = self.last_button.disabled = k == n - 1
        self.explanation.value = f'<div class="cardlab-explain-text">{escape(state.explain(), quote=False)}</div>'
        if self._game_lines is not None:
            self.game_score.value = f"<b>{escape(self._game_lines[k], quote=False)}</b>"
        size = self._size or render.card_size()
        show_size(self, size)
        table = render.state_html(state, self.seat, size=size, layout=self._layout)
        self.view.value = table if size == "normal" else f"<style>{SIZE_CSS}</style>{table}"
