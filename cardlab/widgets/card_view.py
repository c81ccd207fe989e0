"""The play table's picture, whose cards take clicks: :class:`CardView`.

ipywidgets' ``HTML`` has no click events, so the table's picture is an
`anywidget <https://anywidget.dev>`_ widget: the same markup as :func:`cardlab.render.state_html`
(its ``html`` trait), drawn by a small ES module (:data:`ESM`) that listens for clicks and for
Enter or Space on a card marked clickable (``data-playable`` with ``data-card``, marked by
:func:`cardlab.render.cards.marking`) and sends ``{"kind": "card", "card": "K♣"}`` to Python.
Python answers every message with ``{"kind": "done"}``, which lets the picture take the next
click (one click at a time: a double click sends one message).

A message comes from a browser, which on a served page anyone may drive: :func:`card_from_message`
accepts only that exact form with a card in its canonical text and raises
:class:`~cardlab.errors.NotationError` for anything else; the table then checks that the card
is one of its player's cards that a click may take now (:meth:`PlayTable._card_message
<cardlab.widgets.table.PlayTable>`). Works wherever anywidget's front end is installed:
JupyterLab, Voila and the static JupyterLite site (which ships it).

Imported only by :mod:`cardlab.widgets.table`, so ``import cardlab`` does not load anywidget.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

import anywidget
import traitlets

from ..cards import Card, parse_card
from ..errors import NotationError
from ..render.cards import hand_cards
from .base import StaticFallback, static_markup

__all__ = ["CardView", "card_from_message", "drawn_order", "ESM", "CSS"]

#: The longest card text a message may carry ("10♥" is 3 characters).
_MAX_CARD_TEXT = 4

#: The picture's front end: draws ``html`` and sends a clicked card (one at a time).
ESM = r"""
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "cardlab-view-body";
  el.appendChild(box);
  let waiting = false;
  const ready = () => { waiting = false; box.removeAttribute("data-waiting"); };
  const draw = () => {
    // a keyboard user keeps the focus in the hand, on its first clickable card
    const had = box.contains(document.activeElement);
    box.innerHTML = model.get("html");
    ready();
    if (had) {
      const first = box.querySelector("[data-playable]");
      if (first) first.focus();
    }
  };
  const card = (ev) => {
    const t = ev.target && ev.target.closest ? ev.target.closest("[data-playable][data-card]") : null;
    return t && box.contains(t) ? t : null;
  };
  const choose = (ev) => {
    const t = card(ev);
    if (!t) return;
    ev.preventDefault();
    ev.stopPropagation();
    if (waiting) return;
    waiting = true;
    box.setAttribute("data-waiting", "");
    model.send({ kind: "card", card: t.getAttribute("data-card") });
  };
  const key = (ev) => { if (ev.key === "Enter" || ev.key === " ") choose(ev); };
  const done = (msg) => { if (msg && msg.kind === "done") ready(); };
  draw();
  model.on("change:html", draw);
  model.on("msg:custom", done);
  box.addEventListener("click", choose);
  box.addEventListener("keydown", key);
  return () => {
    model.off("change:html", draw);
    model.off("msg:custom", done);
    box.removeEventListener("click", choose);
    box.removeEventListener("keydown", key);
  };
}
export default { render };
"""

#: The picture's styles: a clickable card shows a pointer and an outline on hover and focus (drawn
#: above its neighbours in a fanned hand), a picked bid card a dark outline on pale amber (as its
#: button); other cards look as drawn.
CSS = """
.cardlab-view-body [data-playable]{cursor:pointer;border-radius:5px}
.cardlab-view-body [data-playable]:hover,.cardlab-view-body [data-playable]:focus-visible{
 outline:3px solid #1565c0;outline-offset:1px;position:relative;z-index:1}
.cardlab-view-body [data-playable]:focus:not(:focus-visible){outline:none}
.cardlab-view-body [data-picked]{outline:3px solid #1b1b1b;outline-offset:1px}
.cardlab-view-body [data-picked] rect:first-of-type{fill:#fff4cc}
.cardlab-view-body[data-waiting] [data-playable]{cursor:progress}
""".strip()


def card_from_message(content: Any) -> Card:
    """The card a picture's click message names: ``content`` must be exactly
    ``{"kind": "card", "card": text}`` with ``text`` a card's canonical text (``"K♣"``,
    ``"10♥"``, ``"Jo"``: :func:`str` of a :class:`~cardlab.cards.Card`).

    Raises
    ------
    NotationError
        For anything else (another shape, kind or key, text that is not a card or not written
        canonically); its message quotes at most a few characters of what came.
    """
    if not isinstance(content, dict) or set(content) != {"kind", "card"} or content.get("kind") != "card":
        raise NotationError("a click on the table that is not a card was ignored")
    text = content["card"]
    if not isinstance(text, str) or not 0 < len(text) <= _MAX_CARD_TEXT:
        raise NotationError("a click on the table that names no card was ignored")
    try:
        card = parse_card(text)
    except NotationError:
        raise NotationError(f"a click on {text!r}, which is not a card, was ignored") from None
    if str(card) != text:
        raise NotationError(f"a click on {text!r}, which is not a card as the table writes it, was ignored")
    return card


def drawn_order(markup: str, cards: Iterable[Card], seat: int) -> list[Card]:
    """``cards`` in the order they are drawn in ``seat``'s hand in ``markup`` (a table drawn by
    :func:`cardlab.render.state_html`: so the buttons follow each renderer's own order, whatever
    it is); cards not drawn face up there follow in their given order. Raises nothing."""
    cards = list(cards)
    where = {text: i for i, text in reversed(list(enumerate(hand_cards(markup, seat))))}
    return sorted(cards, key=lambda c: (where.get(str(c), len(where)), cards.index(c)))


class CardView(StaticFallback, anywidget.AnyWidget):
    """The table's picture: ``html`` (the markup of :func:`cardlab.render.state_html`; also as
    :attr:`value`, as on an ``HTML`` pane) drawn in the browser, whose clickable cards send a
    message that calls ``on_message(content)`` (the table validates it; see
    :func:`card_from_message`). Carries the CSS class ``css_class`` (default ``cardlab-view``).
    Its static picture (:class:`~cardlab.widgets.base.StaticFallback`) is the markup made
    static, as for an ``HTML`` pane."""

    html = traitlets.Unicode("").tag(sync=True)
    _esm = ESM
    _css = CSS

    def __init__(self, value: str = "", on_message: Callable[[Any], None] | None = None,
                 css_class: str = "cardlab-view", **kwargs):
        super().__init__(html=value, **kwargs)
        self.add_class(css_class)
        self._on_message = on_message
        self.on_msg(self._received)

    @property
    def value(self) -> str:
        """The markup drawn (the ``html`` trait)."""
        return self.html

    @value.setter
    def value(self, markup: str) -> None:
        self.html = markup

    def _received(self, _widget, content, _buffers) -> None:
        try:
            if self._on_message is not None:
                self._on_message(content)
        finally:
            try:
                self.send({"kind": "done"})
            except Exception:  # noqa: BLE001 - a picture closed meanwhile: nobody waits for the answer
                pass

    def _repr_mimebundle_(self, **kwargs):
        # anywidget returns (data, metadata); the picture goes into data
        bundle = anywidget.AnyWidget._repr_mimebundle_(self, **kwargs)
        if isinstance(bundle, tuple):
            data, meta = bundle
            picture = self.static_html()
            if picture:
                data = {**data, "text/html": f'<div class="cardlab-static">{picture}</div>'}
            return data, meta
        return bundle

    def static_html(self) -> str:
        """The picture as static HTML (:func:`~cardlab.widgets.base.static_markup` of ``html``)."""
        return static_markup(self.html) if self.html else ""
