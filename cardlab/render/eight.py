"""Drawing the "eight" of four-player Mariage (:class:`cardlab.eight.Eight`) as inline SVG.

Pure string building, standard library only. :func:`eight_svg` draws one pair's eight with CSS
classes a browser test can check: ``svg.cardlab-eight`` (``data-pips`` = pips uncovered,
``data-coat``, ``data-lining``), each pip a ``path.cardlab-pip`` with ``data-pip`` = 1..8 and
``cardlab-uncovered`` or ``cardlab-covered``; the coat is ``.cardlab-coat`` and the lining
``.cardlab-lining``. :func:`eights_html` puts both pairs' eights side by side.
"""

from __future__ import annotations

from html import escape

from ..cards import Suit
from ..eight import PIP_ORDER, Eight
from .cards import _SUIT_PATHS

__all__ = ["eight_svg", "eights_html"]

_RED = "#c62828"
_BLACK = "#1b1b1b"
_PIP_W = 16


def eight_svg(eight: Eight, suit: Suit = Suit.HEARTS, label: str = "", size: str = "md") -> str:
    """Draw one eight as an inline SVG string.

    The eight of ``suit`` with its uncovered pips in colour and its covered pips as faint
    outlines under a grey cover card, which slides down as pips are uncovered; a fur coat is a
    dark card laid across the top, a lining a card showing under the bottom edge.

    Parameters
    ----------
    eight : Eight
    suit : Suit
        Suit of the eight card drawn (♥ by default; only the look changes).
    label : str
        Caption under the card (e.g. the pair's names); escaped.
    size : {"sm", "md", "lg"}
        Scale: 0.8, 1 or 1.5 times 110×170 CSS pixels.

    Returns
    -------
    str
        ``<svg class="cardlab-eight" data-pips="3" data-coat="0" data-lining="0" …>``.

    Raises
    ------
    ValueError
        For an unknown ``size``.
    """
    scale = {"sm": 0.8, "md": 1.0, "lg": 1.5}.get(size)
    if scale is None:
        raise ValueError(f"unknown size {size!r}; use sm, md or lg")
    color = _RED if suit.is_red else _BLACK
    w, h = 110, 170
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="cardlab-eight" data-pips="{eight.pips}" '
             f'data-size="{eight.size}" data-coat="{int(eight.coat)}" data-lining="{int(eight.lining)}" '
             f'width="{w * scale:g}" height="{h * scale:g}" viewBox="0 0 {w} {h}" role="img" '
             f'aria-label="{escape(_words(eight, label))}"><title>{escape(_words(eight, label))}</title>']
    ox, oy = 11, 14  # the eight card's top-left corner
    if eight.lining:
        parts.append(f'<rect class="cardlab-lining" x="{ox - 6}" y="{oy + 14}" width="88" height="124" rx="8" '
                     f'fill="#8d6e63" stroke="#5d4037" stroke-width="2"/>')
    parts.append(f'<g transform="translate({ox} {oy})">'
                 '<rect x="1" y="1" width="86" height="122" rx="8" fill="#fff" stroke="#8e969c" stroke-width="2"/>'
                 f'<text x="6" y="16" font-size="14" font-weight="700" fill="{color}" '
                 'font-family="DejaVu Sans, Arial, sans-serif">8</text>')
    for i, (cx, cy) in enumerate(PIP_ORDER[:eight.size]):
        up = i < eight.pips
        cls = "cardlab-pip cardlab-uncovered" if up else "cardlab-pip cardlab-covered"
        paint = f'fill="{color}"' if up else 'fill="none" stroke="#b0b7bc" stroke-width="5"'
        s = _PIP_W / 100
        parts.append(f'<path class="{cls}" data-pip="{i + 1}" d="{_SUIT_PATHS[suit]}" '
                     f'transform="translate({cx - _PIP_W / 2:g} {cy - _PIP_W / 2:g}) scale({s:g})" {paint}/>')
    if eight.pips < eight.size:  # the cover card: it hides every pip from the next one to uncover on
        nx, ny = PIP_ORDER[eight.pips]
        top = max(2, ny - 11)
        if eight.pips and PIP_ORDER[eight.pips - 1][1] == ny:  # the row is half uncovered: a notch
            d = f"M{nx - 11} {top}H87V123H1V{ny + 11}H{nx - 11}Z"
        else:
            d = f"M1 {top}H87V123H1Z"
        parts.append(f'<path class="cardlab-cover" d="{d}" fill="#9aa5ad" fill-opacity="0.55" '
                     'stroke="#6b7780" stroke-width="1.5"/>')
    parts.append("</g>")
    if eight.coat:
        parts.append(f'<g class="cardlab-coat"><rect x="{ox + 4}" y="{oy - 10}" width="80" height="46" rx="6" '
                     'fill="#3e2723" stroke="#1b0f0c" stroke-width="2"/>'
                     f'<text x="{ox + 44}" y="{oy + 18}" font-size="13" text-anchor="middle" fill="#fff" '
                     'font-family="DejaVu Sans, Arial, sans-serif">fur coat</text></g>')
    parts.append(f'<text x="{w / 2:g}" y="{h - 6}" font-size="11" text-anchor="middle" fill="#333" '
                 f'font-family="DejaVu Sans, Arial, sans-serif">{escape(label or f"{eight.pips} / {eight.size}")}'
                 '</text></svg>')
    return "".join(parts)


def _words(eight: Eight, label: str) -> str:
    who = f"{label}: " if label else ""
    marks = " with a fur coat and a lining (a suit)" if eight.lining else (" with a fur coat" if eight.coat else "")
    return f"{who}eight with {eight.pips} of {eight.size} pips uncovered{marks}"


def eights_html(eights, labels, won=(0, 0), caption: str = "") -> str:
    """Both pairs' eights side by side as one HTML block (``<div class="cardlab-eights">``).

    ``eights``: two :class:`Eight`; ``labels``: two texts (the pairs' names); ``won``: eights
    each pair has already won. Pure string building; the SVGs come from :func:`eight_svg`."""
    cells = []
    for i, (e, lab) in enumerate(zip(eights, labels)):
        suit = Suit.HEARTS if i == 0 else Suit.SPADES
        n = won[i]
        cells.append(f'<div class="cardlab-eight-box" data-pair="{i}" style="display:inline-block;'
                     f'text-align:center;margin:0 14px 0 0">{eight_svg(e, suit, lab)}'
                     f'<div style="font-size:12px">{n} eight{"s" if n != 1 else ""} won</div></div>')
    head = f'<div style="font-size:12px;color:#56675c">{escape(caption)}</div>' if caption else ""
    return f'<div class="cardlab-eights">{head}{"".join(cells)}</div>'
