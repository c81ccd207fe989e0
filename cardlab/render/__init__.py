"""Pure rendering: cards, tables and score sheets as HTML/SVG strings and as plain text.

Standard library only (no ipywidgets, no pandas), so it can be imported anywhere: by
``_repr_html_`` of the engine's states, by the widgets, by docs and tests.

* :mod:`cardlab.render.cards`: the shared pieces (card images and chips, hand order, the style
  sheet :data:`CSS`, :func:`score_sheet_html`), re-exported here;
* one module per variant (``cardlab.render.sixtysix``, ``.russian501``, ``.ninetynine``,
  ``.mariage3``, ``.mariage4``) with ``state_html(state, seat=None, hide=frozenset(),
  layout="column")`` and ``state_text(state, seat=None)``; :func:`state_html` and
  :func:`state_text` here find it through the variant registry
  (``cardlab.variants.get(state.variant).renderer``). ``hide`` (:data:`HIDE_TOKENS`) leaves out
  what a classroom question asks (points, bids, the result, pips), each renderer where it
  writes it; ``layout`` (:data:`LAYOUTS`) lays the seats one above the other (``"column"``, the
  notebooks' drawings) or around the table (``"table"``: the classroom and the projector).
  ``clickable`` and ``picked`` mark cards of the viewer's hand for the play table (``data-playable``,
  ``data-picked``; :func:`cardlab.render.cards.mark_hand`, in the hand every renderer draws as
  ``cardlab-hand`` with ``data-seat``): the renderers need not know.

Seat views are built from the engine's ``state.view(seat)``, so a hidden card is never written
into the output. CSS classes (for styling and for browser tests): ``cardlab-card`` (every card
image; face-down cards also ``cardlab-back``), ``cardlab-table``, ``cardlab-player``,
``cardlab-hand`` (with ``data-seat``), ``cardlab-stock``, ``cardlab-trick``, ``cardlab-taken``
(with ``data-seat``), ``cardlab-result``, ``cardlab-status``, ``cardlab-chip`` (a card as small
text), ``cardlab-score-sheet``.
"""

from __future__ import annotations

from typing import Any

from .cards import (CARD_SIZES, CSS, HIDE_TOKENS, LAYOUTS, STYLE, card_back_svg, card_chip, card_name, card_svg,
                    cards_text, hide_set, mark_hand, score_sheet_html, sort_hand, table_class, text_escape)

__all__ = ["CARD_SIZES", "CSS", "HIDE_TOKENS", "LAYOUTS", "STYLE", "card_name", "card_svg", "card_back_svg",
           "card_chip", "cards_text", "sort_hand", "hide_set", "state_html", "state_text", "score_sheet_html",
           "text_escape", "renderer_of", "CARD_ZOOM", "set_card_size", "card_size"]

#: The card-size setting, by name: the CSS zoom of a whole table drawing (cards, labels and
#: all), for a class in front of a projector. Every drawing made by :func:`state_html` (the
#: steppers, the play and bidding tables, the classroom, ``_repr_html_``) honours it.
CARD_ZOOM: dict[str, float] = {"normal": 1.0, "large": 1.4, "projector": 1.8}
_SETTING = {"size": "normal"}


def set_card_size(size: str) -> None:
    """Draw every table from now on at ``size`` (``"normal"``, ``"large"`` or ``"projector"``:
    a zoom of 1, 1.4 or 1.8; see :data:`CARD_ZOOM`). Raises ``ValueError`` for another name.
    A widget redraws at the new size on its next change."""
    if size not in CARD_ZOOM:
        raise ValueError(f"the card size is one of {', '.join(CARD_ZOOM)}, not {size!r}")
    _SETTING["size"] = size


def card_size() -> str:
    """The current card-size setting (see :func:`set_card_size`)."""
    return _SETTING["size"]


def renderer_of(state: Any):
    """The renderer module of ``state``'s variant. Raises ``ValueError`` if the state names no
    registered variant."""
    from .. import variants

    name = getattr(state, "variant", None)
    try:
        return variants.get(name).render()
    except KeyError as exc:
        raise ValueError(f"no renderer for {type(state).__name__}: {exc.args[0]}") from None


def state_html(state: Any, seat: int | None = None, size: str | None = None, hide=frozenset(),
               layout: str | None = None, clickable=(), picked=()) -> str:
    """The table of ``state`` as one HTML string (a ``<div class="cardlab-table">`` with its
    own ``<style>`` block), for ``_repr_html_`` and the widgets.

    Parameters
    ----------
    state : GameState
        A state of any registered variant.
    seat : int or None
        ``None`` shows every card face up (the teacher's view); a seat number shows only what
        that seat may know (``state.view(seat)``).
    size : str or None
        A card size of :data:`CARD_ZOOM`; ``None`` (default) for the setting of
        :func:`set_card_size`. Other than "normal", the table is wrapped in a
        ``<div class="cardlab-zoom">`` with that CSS zoom.
    hide : set of str
        What to leave out, so that a position drawn under a question does not give its answer
        (:data:`HIDE_TOKENS`: ``"card_points"``, ``"bids"``, ``"result"``, ``"pips"``; the
        classroom's ``Exercise.hidden``); each variant's renderer leaves out where it writes
        them, and everything else (the cards, the tricks taken) stays. Default: nothing.
    layout : str or None
        :data:`LAYOUTS`: ``"column"`` (the seats one above the other) or ``"table"`` (the other
        seats side by side, the middle beside the viewer, hands fanned: about half as tall, for
        the classroom and a projector); ``None`` (default): ``"table"`` at the large and
        projector sizes, ``"column"`` at the normal size.
    clickable, picked : iterables of Card
        Cards of ``seat``'s hand that a click may take now, and bid cards picked so far (the
        play table's): each such card's picture carries ``data-playable`` (with ``tabindex="0"``
        and ``role="button"``) or ``data-picked``, in ``seat``'s hand only
        (:func:`cardlab.render.cards.mark_hand`). Default: none.

    Raises
    ------
    ValueError
        If ``state`` belongs to no registered variant, ``seat`` is not a seat, ``size`` is
        not a card size, ``hide`` names something else than :data:`HIDE_TOKENS`, or ``layout``
        is not one of :data:`LAYOUTS`.
    """
    hide = hide_set(hide)
    zoom = CARD_ZOOM.get(size or _SETTING["size"])
    if zoom is None:
        raise ValueError(f"the card size is one of {', '.join(CARD_ZOOM)}, not {size!r}")
    layout = ("column" if zoom == 1.0 else "table") if layout is None else layout
    table_class(layout)
    module = renderer_of(state)
    extra = {**({"hide": hide} if hide else {}), **({"layout": layout} if layout != "column" else {})}
    html = module.state_html(state, seat, **extra)
    if seat is not None and (clickable or picked):
        html = mark_hand(html, seat, clickable, picked)
    return html if zoom == 1.0 else f'<div class="cardlab-zoom" style="zoom:{zoom:g}">{html}</div>'


def state_text(state: Any, seat: int | None = None) -> str:
    """The table of ``state`` as plain multi-line text, with cards in canonical notation
    (``"A♠ 10♥"``); a hidden card is written ``??``. Same parameters and errors as
    :func:`state_html`."""
    return renderer_of(state).state_text(state, seat)
