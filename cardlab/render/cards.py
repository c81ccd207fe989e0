"""Shared rendering pieces: card images, card chips, hand order, the style sheet, score sheets.

Standard library only (no ipywidgets, no pandas). Every variant's renderer
(``cardlab/render/<variant>.py``) builds its table from these.

* :func:`card_svg` / :func:`card_back_svg`: one card, face up or face down, as inline SVG
  (about 44×62 px at the default size ``"md"``; the suit signs are drawn as paths, so no font
  or emoji presentation can change them).
* :func:`card_chip`: a card as small coloured text; :func:`sort_hand`: cards in display order.
* :data:`CSS`: the style sheet every table carries, scoped under ``cardlab-`` class names.
* :func:`score_sheet_html`: a small table from a list of dicts (one per hand).
"""

from __future__ import annotations

import re
from html import escape, unescape
from typing import Any, Iterable, Mapping, Sequence

from ..cards import Card, Rank, Suit, format_cards, parse_card
from ..tricks import RANKS_66

__all__ = ["HIDE_TOKENS", "hide_set", "LAYOUTS", "AROUND_CSS", "around_html", "table_class", "play_status",
           "CARD_SIZES", "CSS", "STYLE", "card_name", "card_svg", "card_back_svg", "card_chip", "sort_hand",
           "score_sheet_html", "text_escape", "cards_text", "SUIT_PATHS", "points_words", "uncounted_marriage_words", "mark_hand",
           "hand_cards"]

#: Card image sizes in CSS pixels, (width, height), by name.
CARD_SIZES: dict[str, tuple[int, int]] = {"sm": (32, 45), "md": (44, 62), "lg": (66, 93)}

_RED = "#c62828"
_BLACK = "#1b1b1b"

_RANK_NAMES = {
    Rank.ACE: "Ace", Rank.KING: "King", Rank.QUEEN: "Queen", Rank.JACK: "Jack", Rank.TEN: "Ten",
    Rank.NINE: "Nine", Rank.EIGHT: "Eight", Rank.SEVEN: "Seven", Rank.SIX: "Six", Rank.FIVE: "Five",
    Rank.FOUR: "Four", Rank.THREE: "Three", Rank.TWO: "Two",
}
_SUIT_NAMES = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}


#: What a drawing can leave out (``hide=`` of every ``state_html``), so that a position drawn under
#: a question does not show its answer: ``"card_points"`` (each seat's or pair's card points,
#: wherever they are written), ``"bids"`` (the bid each player made, and a contract's value),
#: ``"result"`` (the hand's result box and every line that says who won, game points or scores)
#: and ``"pips"`` (the pips an eight uncovers). The table HIDDEN of
#: :mod:`cardlab.classroom.verdicts` names them per kind of question.
HIDE_TOKENS: tuple[str, ...] = ("card_points", "bids", "result", "pips")


def hide_set(hide: Iterable[str] | str | None) -> frozenset:
    """``hide`` as a frozenset of :data:`HIDE_TOKENS` (a single token may be given as a string;
    ``None`` is nothing hidden). Raises ``ValueError`` naming the valid tokens for any other."""
    if hide is None:
        return frozenset()
    items = frozenset((hide,)) if isinstance(hide, str) else frozenset(hide)
    bad = sorted(map(repr, items - frozenset(HIDE_TOKENS)))
    if bad:
        raise ValueError(f"hide names what a drawing leaves out: {', '.join(HIDE_TOKENS)}; not {', '.join(bad)}")
    return items


def _t(text: str) -> str:
    """Escape text for an HTML text node (quotes stay readable: "A's view")."""
    return escape(text, quote=False)


def _circle(cx: float, cy: float, r: float) -> str:
    return f"M{cx - r} {cy}a{r} {r} 0 1 0 {2 * r} 0a{r} {r} 0 1 0 {-2 * r} 0Z"


#: Each suit's sign as one SVG path (the ``d`` attribute) in a 100×100 box, drawn with a nonzero
#: fill: scale and translate it to place the sign (as the card faces and the eights' pips do).
SUIT_PATHS: dict[Suit, str] = {
    Suit.HEARTS: "M50 95C35 80 0 60 0 30C0 12 13 2 27 2C38 2 46 9 50 18C54 9 62 2 73 2C87 2 100 12 100 30"
                 "C100 60 65 80 50 95Z",
    Suit.DIAMONDS: "M50 0L88 50L50 100L12 50Z",
    Suit.SPADES: "M50 2C65 25 100 42 100 64C100 80 88 88 76 88C66 88 58 83 54 76C55 88 60 95 68 100L32 100"
                 "C40 95 45 88 46 76C42 83 34 88 24 88C12 88 0 80 0 64C0 42 35 25 50 2Z",
    Suit.CLUBS: _circle(50, 26, 23) + _circle(24, 60, 23) + _circle(76, 60, 23) + _circle(50, 52, 12)
                + "M46 58C46 80 40 92 30 100L70 100C60 92 54 80 54 58Z",
}


def card_name(card: Card | str) -> str:
    """The card in words, e.g. ``"Ace of spades"``, ``"Ten of hearts"``, ``"Joker"``.

    Raises :class:`~cardlab.errors.NotationError` if ``card`` is text that is not a card."""
    c = parse_card(card)
    if c.is_joker:
        return "Joker"
    return f"{_RANK_NAMES[c.rank]} of {_SUIT_NAMES[c.suit]}"


def _size(size: str) -> tuple[int, int]:
    try:
        return CARD_SIZES[size]
    except KeyError:
        raise ValueError(f"unknown card size {size!r}; use one of {', '.join(CARD_SIZES)}") from None


def _suit_glyph(suit: Suit, x: float, y: float, width: float, fill: str) -> str:
    s = width / 100
    return f'<path d="{SUIT_PATHS[suit]}" transform="translate({x:g} {y:g}) scale({s:g})" fill="{fill}"/>'


def _classes(base: str, extra: str | None) -> str:
    return base if not extra else f"{base} {escape(extra)}"


def card_svg(card: Card | str, size: str = "md", extra_class: str | None = None) -> str:
    """One face-up card as an inline SVG string.

    A rounded white card with the rank and suit sign in the top-left and (upside down) the
    bottom-right corner and a large suit sign in the middle; red for ♥ ♦, black for ♣ ♠.

    Parameters
    ----------
    card : Card or str
        The card, or its text in any notation :func:`~cardlab.cards.parse_card` accepts.
    size : {"sm", "md", "lg"}
        Display size: 32×45, 44×62 (default) or 66×93 CSS pixels (see :data:`CARD_SIZES`).
    extra_class : str, optional
        More CSS classes, appended to ``cardlab-card``.

    Returns
    -------
    str
        ``<svg class="cardlab-card" data-card="A♠" …><title>Ace of spades</title>…</svg>``;
        ``data-card`` holds the canonical text (:func:`str` of the card); :func:`mark_hand`
        marks the cards of a hand that a click takes.

    Raises
    ------
    NotationError
        If ``card`` is text that is not a card.
    ValueError
        If ``size`` is not one of :data:`CARD_SIZES`.
    """
    c = parse_card(card)
    w, h = _size(size)
    name = card_name(c)
    text = str(c)
    if c.is_joker:
        color = _BLACK
        corner = (f'<text x="8" y="25" font-size="20" font-weight="700" fill="{color}">Jo</text>')
        centre = (f'<text x="44" y="76" font-size="40" text-anchor="middle" fill="{color}">&#9733;</text>')
    else:
        color = _RED if c.suit.is_red else _BLACK
        label = escape(c.rank.label)
        fit = ' textLength="22" lengthAdjust="spacingAndGlyphs"' if len(c.rank.label) > 1 else ""
        corner = (f'<text x="7" y="25" font-size="23" font-weight="700" fill="{color}"{fit}>{label}</text>'
                  + _suit_glyph(c.suit, 7, 31, 17, color))
        centre = _suit_glyph(c.suit, 27, 45, 34, color)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{_classes("cardlab-card", extra_class)}" '
        f'data-card="{escape(text)}" width="{w}" height="{h}" viewBox="0 0 88 124" role="img" '
        f'aria-label="{escape(name)}">'
        f"<title>{escape(name)}</title>"
        f'<rect x="1" y="1" width="86" height="122" rx="8" ry="8" fill="#fff" stroke="#8e969c" stroke-width="2"/>'
        f'<g font-family="DejaVu Sans, Arial, Helvetica, sans-serif">{corner}'
        f'<g transform="rotate(180 44 62)">{corner}</g></g>{centre}</svg>'
    )


_HAND_TAG = re.compile(r'<div class="cardlab-hand\b[^"]*" data-seat="(\d+)"[^>]*>')
_DIV_TAG = re.compile(r"<(/?)div\b[^>]*>")
_CARD_TAG = re.compile(r'<svg\b[^>]*?\sdata-card="([^"]+)"[^>]*>')


def mark_hand(markup: str, seat: int, clickable: Iterable[Card] = (), picked: Iterable[Card] = ()) -> str:
    """``markup`` (a table drawn by a renderer) with the face-up cards of ``seat``'s hand (the
    ``<div class="cardlab-hand …" data-seat="seat">`` every renderer draws a hand in) marked for
    the play table: a card of ``clickable`` (one a click takes now: play, give, place, leave, pick
    as a bid card) gets ``data-playable=""``, ``tabindex="0"`` and ``role="button"``, a card of
    ``picked`` (bid cards picked so far) ``data-picked=""``. Only that hand is marked: a card also
    drawn elsewhere (the faded trump card of an exhausted stock) is not. The marks are data
    attributes, so a static picture (:func:`cardlab.widgets.base.static_markup`) drops them.
    Raises nothing; markup without that hand comes back unchanged."""
    clickable, picked = {str(c) for c in clickable}, {str(c) for c in picked}
    start, end = _hand_span(markup, seat)
    if start == end or not (clickable or picked):
        return markup

    def mark(tag: re.Match) -> str:
        card = unescape(tag.group(1))
        extra = ' data-picked=""' if card in picked else ""
        if card in clickable:
            extra += ' data-playable="" tabindex="0"'
            text = tag.group(0).replace(' role="img"', ' role="button"', 1)
        elif not extra:
            return tag.group(0)
        else:
            text = tag.group(0)
        return text[:-1] + extra + ">"

    return markup[:start] + _CARD_TAG.sub(mark, markup[start:end]) + markup[end:]


def _hand_span(markup: str, seat: int) -> tuple[int, int]:
    """Where the inside of ``seat``'s hand (``<div class="cardlab-hand …" data-seat="seat">``)
    starts and ends in ``markup``; ``(0, 0)`` without one."""
    m = next((h for h in _HAND_TAG.finditer(markup) if h.group(1) == str(seat)), None)
    if m is None:
        return 0, 0
    depth = 1
    for t in _DIV_TAG.finditer(markup, m.end()):
        depth += -1 if t.group(1) else 1
        if depth == 0:
            return m.end(), t.start()
    return m.end(), len(markup)


def hand_cards(markup: str, seat: int) -> list[str]:
    """The cards drawn face up in ``seat``'s hand in ``markup`` (their ``data-card`` texts), in
    the order the renderer lays them out. Raises nothing (``[]`` without that hand)."""
    start, end = _hand_span(markup, seat)
    return [unescape(m.group(1)) for m in _CARD_TAG.finditer(markup, start, end)]


def card_back_svg(size: str = "md", extra_class: str | None = None, title: str = "Face-down card") -> str:
    """A face-down card as an inline SVG string (``class="cardlab-card cardlab-back"``, no
    ``data-card``: nothing about the card is written).

    ``size`` as in :func:`card_svg`; ``title`` is the accessible name. Raises ``ValueError`` for
    an unknown size."""
    w, h = _size(size)
    t = escape(title)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{_classes("cardlab-card cardlab-back", extra_class)}" '
        f'width="{w}" height="{h}" viewBox="0 0 88 124" role="img" aria-label="{t}"><title>{t}</title>'
        '<rect x="1" y="1" width="86" height="122" rx="8" ry="8" fill="#24528f" stroke="#16355d" stroke-width="2"/>'
        '<rect x="8" y="8" width="72" height="108" rx="5" ry="5" fill="none" stroke="#cfe0f5" stroke-width="2"/>'
        '<path d="M44 22L70 62L44 102L18 62Z" fill="none" stroke="#cfe0f5" stroke-width="2"/>'
        '<path d="M44 42L57 62L44 82L31 62Z" fill="#cfe0f5"/></svg>'
    )


def card_chip(card: Card | str) -> str:
    """A card as a small coloured text chip (``<span class="cardlab-chip" data-card="K♥">``),
    used where whole images would take too much room (tricks taken, the text of a result)."""
    c = parse_card(card)
    red = " cardlab-red" if (c.suit is not None and c.suit.is_red) else ""
    t = escape(str(c))
    return f'<span class="cardlab-chip{red}" data-card="{t}" title="{escape(card_name(c))}">{t}</span>'


def sort_hand(cards: Iterable[Card], trump: Suit | None = None,
              rank_order: Sequence[Rank] = RANKS_66) -> list[Card]:
    """Cards sorted for display: by suit in the order ♣ ♦ ♥ ♠ with the trump suit last, then
    by trick-taking strength within the suit (``rank_order``, default A 10 K Q J 9). Ranks not
    in ``rank_order`` follow, high to low; the joker comes last."""
    order = {r: i for i, r in enumerate(rank_order)}

    def key(c: Card):
        if c.suit is None:
            return (2, 0, 0)
        return (1 if c.suit == trump else 0, int(c.suit), order.get(c.rank, len(order) + 20 - int(c.rank)))

    return sorted(cards, key=key)


# ---------------------------------------------------------------------------------------------
# CSS

#: The style sheet written with every table; every rule is scoped under a ``cardlab-`` class.
CSS = """
.cardlab-table{--cl-felt:#e7f2ea;--cl-line:#b3d1bd;--cl-ink:#1e2a23;--cl-muted:#56675c;--cl-red:#c62828;
 display:inline-block;box-sizing:border-box;min-width:440px;max-width:100%;padding:8px 10px;
 font-family:var(--jp-ui-font-family,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif);
 font-size:13px;line-height:1.35;color:var(--cl-ink);background:var(--cl-felt);
 border:1px solid var(--cl-line);border-radius:10px}
.cardlab-table .cardlab-caption{color:var(--cl-muted);font-size:12px;margin:0 0 4px}
.cardlab-table .cardlab-player{margin:4px 0;padding:4px 6px;border-radius:8px;border:2px solid transparent}
.cardlab-table .cardlab-player.cardlab-to-act{border-color:#d79b00;background:rgba(255,255,255,.5)}
.cardlab-table .cardlab-head{display:flex;flex-wrap:wrap;gap:2px 12px;align-items:baseline;margin-bottom:3px}
.cardlab-table .cardlab-name{font-weight:600}
.cardlab-table .cardlab-badge{font-size:11px;padding:0 6px;border-radius:8px;background:#fff;
 border:1px solid var(--cl-line);color:var(--cl-ink)}
.cardlab-table .cardlab-badge.cardlab-turn{background:#ffe08a;border-color:#d79b00}
.cardlab-table .cardlab-cards{display:flex;flex-wrap:wrap;gap:3px;align-items:flex-end;min-height:62px}
.cardlab-table .cardlab-cards.cardlab-small{min-height:45px}
.cardlab-table .cardlab-card{display:block;flex:none}
.cardlab-table .cardlab-known{outline:2px solid #d79b00;outline-offset:-1px;border-radius:4px}
.cardlab-table .cardlab-gone,.cardlab-table .cardlab-turned-down{opacity:.45}
.cardlab-table .cardlab-middle{display:flex;flex-wrap:wrap;gap:10px 22px;margin:6px 0;padding:6px 4px;
 border-top:1px dashed var(--cl-line);border-bottom:1px dashed var(--cl-line)}
.cardlab-table .cardlab-label{font-size:12px;color:var(--cl-muted);margin-bottom:2px}
.cardlab-table .cardlab-slot{display:flex;flex-direction:column;align-items:center;gap:1px;margin-right:6px;
 font-size:11px;color:var(--cl-muted)}
.cardlab-table .cardlab-empty{display:flex;align-items:center;justify-content:center;width:44px;height:62px;
 box-sizing:border-box;border:2px dashed var(--cl-line);border-radius:5px;color:var(--cl-muted);font-size:11px}
.cardlab-table .cardlab-last-trick{opacity:.6}
.cardlab-table .cardlab-taken{margin-top:3px;font-size:12px;color:var(--cl-muted)}
.cardlab-table .cardlab-pair{display:inline-block;margin:1px 6px 1px 0;white-space:nowrap}
.cardlab-chip{display:inline-block;padding:0 3px;margin:0 1px;border-radius:3px;background:#fff;
 border:1px solid #c9cfd3;color:#1b1b1b;font-weight:600;font-size:12px;line-height:1.3}
.cardlab-chip.cardlab-red{color:#c62828}
.cardlab-table .cardlab-status{margin-top:4px;font-weight:600}
.cardlab-table .cardlab-result{margin-top:6px;padding:6px 8px;border-radius:8px;background:#fff;
 border:1px solid #d79b00}
.cardlab-table .cardlab-result-head{font-weight:700;margin-bottom:2px}
.cardlab-score-sheet{border-collapse:collapse;font-size:13px;
 font-family:var(--jp-ui-font-family,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif)}
.cardlab-score-sheet th,.cardlab-score-sheet td{padding:2px 10px;border-bottom:1px solid #d5dbd7;text-align:right}
.cardlab-score-sheet th{background:#e7f2ea;text-align:center}
.cardlab-explain-text{font-size:13px;line-height:1.4;padding:4px 2px}
.cardlab-message-text{font-size:13px;padding:2px 0}
.cardlab-message-text.cardlab-error{color:#b3261e;font-weight:600}
.cardlab-log-box{max-height:14em;overflow-y:auto;display:flex;flex-direction:column-reverse;font-size:12px;
 border:1px solid #d5dbd7;border-radius:6px;padding:2px 6px}
.cardlab-log-box ol{margin:2px 0;padding-left:2.2em}
""".strip()

_STYLE = f"<style>{CSS}</style>"

#: How a table's seats are laid out: ``"column"`` (one above the other, the middle between the
#: viewer and the others: the notebooks' drawings) or ``"table"`` (the others side by side in a
#: row, then the middle beside the viewer, hands fanned: a drawing about half as tall, for the
#: classroom and the projector).
LAYOUTS: tuple[str, ...] = ("column", "table")

#: The styles of the ``"table"`` layout (scoped under ``cardlab-around``).
AROUND_CSS = """
.cardlab-table.cardlab-around{display:block;min-width:0;padding:6px 8px}
.cardlab-around .cardlab-row{display:flex;flex-wrap:wrap;gap:6px 8px;align-items:stretch}
.cardlab-around .cardlab-row+.cardlab-row{margin-top:6px}
.cardlab-around .cardlab-row.cardlab-near{flex-wrap:nowrap}
.cardlab-around .cardlab-player{flex:1 1 0;margin:0;padding:3px 6px;background:rgba(255,255,255,.28)}
.cardlab-around .cardlab-player .cardlab-head{gap:0 8px}
.cardlab-around .cardlab-player .cardlab-head>*{white-space:nowrap}
.cardlab-around .cardlab-player .cardlab-head>.cardlab-points{white-space:normal}
.cardlab-around .cardlab-m4-middle{flex-wrap:nowrap}
.cardlab-around .cardlab-trick>.cardlab-cards{flex-wrap:nowrap}
.cardlab-around .cardlab-trick .cardlab-slot>.cardlab-empty{width:26px}
.cardlab-around .cardlab-m4-facts{flex:1 1 220px;min-width:0}
.cardlab-around .cardlab-m4-facts>*+*{margin-top:4px}
.cardlab-around .cardlab-hand.cardlab-cards{flex-wrap:nowrap;gap:0;min-height:0}
.cardlab-around .cardlab-hand>.cardlab-empty{height:auto;width:auto;padding:1px 8px}
.cardlab-around .cardlab-hand>.cardlab-card+.cardlab-card,
.cardlab-around .cardlab-hand>.cardlab-card+.cardlab-empty{margin-left:-26px}
.cardlab-around .cardlab-cards.cardlab-small{flex-wrap:nowrap;gap:0}
.cardlab-around .cardlab-small>.cardlab-card+.cardlab-card{margin-left:-18px}
.cardlab-around .cardlab-row99{flex-wrap:nowrap;gap:4px 8px}
.cardlab-around .cardlab-bidpile>.cardlab-card+.cardlab-card{margin-left:-20px}
.cardlab-around .cardlab-middle{flex:0 1 auto;margin:0;padding:4px 8px;border:1px dashed var(--cl-line);
 border-radius:8px;gap:4px 14px;align-content:flex-start}
.cardlab-around .cardlab-taken{margin-top:1px;line-height:1.2}
.cardlab-around .cardlab-taken .cardlab-chip{font-size:11px;padding:0 2px;line-height:1.25}
.cardlab-around .cardlab-taken .cardlab-pair{margin:0 4px 0 0}
.cardlab-around .cardlab-head-row{align-items:baseline;gap:0 14px}
.cardlab-around .cardlab-head-row>*{margin:0}
.cardlab-around .cardlab-badge{white-space:nowrap}
.cardlab-around .cardlab-near>.cardlab-player{min-width:190px}
.cardlab-around .cardlab-auction-line .cardlab-call{font-size:11px;padding:0 4px;margin:0 3px 1px 0}
.cardlab-around .cardlab-status{margin-top:3px}
.cardlab-around .cardlab-contract{display:inline-block;max-width:10em}
""".strip()


#: The play table's sizes (:class:`cardlab.widgets.table.PlayTable`, whose outer box carries
#: ``cardlab-play``), so that at 1280×720 the picture, the learner's hand, the controls and the
#: tools fit the visible part of a notebook (about 600 px under JupyterLab's bars) together: two
#: columns (``cardlab-play-main``: the picture, the hand, the controls; ``cardlab-play-side``: the
#: tools, the hint, the review and the log, each scrolling inside a fixed height) that wrap one
#: below the other where the window is too narrow for both; the ``"table"`` layout's picture made
#: more compact (smaller captions and slots, the opponents' card backs fanned closer, the
#: learner's cards overlapping by less than half a card, so each card's middle stays free for a
#: click); the setup bar's menus as wide as their longest option (so none is cut; the bar wraps
#: onto more rows) and the buttons narrower. Every rule is scoped under ``cardlab-play``.
PLAY_CSS = """
.cardlab-play .cardlab-setup{gap:0 6px}
.cardlab-play .cardlab-setup .widget-dropdown{max-width:100%}
.cardlab-play .cardlab-setup .widget-dropdown select{flex:0 1 auto;width:auto;min-width:0;text-overflow:ellipsis}
.cardlab-play .cardlab-seed .cardlab-seed-field{width:130px!important}
.cardlab-play .cardlab-play-body{gap:0 8px;align-items:flex-start}
.cardlab-play .cardlab-play-main{min-width:0}
.cardlab-play .cardlab-play-side{min-width:0}
.cardlab-play .cardlab-play-side .cardlab-hint,.cardlab-play .cardlab-play-side .cardlab-review{max-height:300px;
 overflow-y:auto;overflow-x:hidden}
.cardlab-play .cardlab-play-side .cardlab-score-sheet{font-size:12px}
.cardlab-play .cardlab-play-side .cardlab-score-sheet th,.cardlab-play .cardlab-play-side .cardlab-score-sheet td{
 padding:1px 5px}
.cardlab-play .cardlab-play-side .cardlab-log-box{max-height:11em}
.cardlab-play .cardlab-play-side .widget-html-content,.cardlab-play .cardlab-message .widget-html-content{
 line-height:1.35;font-size:13px}
.cardlab-play .cardlab-hand-cards .jupyter-button,.cardlab-play .cardlab-actions .jupyter-button,
.cardlab-play .cardlab-tools .jupyter-button{padding:0 7px;min-width:0;margin:1px 2px}
.cardlab-play .cardlab-table{padding:4px 6px;line-height:1.25}
.cardlab-play .cardlab-table .cardlab-caption{margin:0 0 2px;font-size:11px}
.cardlab-play .cardlab-around .cardlab-row+.cardlab-row{margin-top:4px}
.cardlab-play .cardlab-around .cardlab-middle{gap:4px 10px;padding:3px 6px}
.cardlab-play .cardlab-around .cardlab-near>.cardlab-player{flex:1 1 0;min-width:min-content}
.cardlab-play .cardlab-around .cardlab-near>.cardlab-middle{flex:0 1 auto;min-width:0;max-width:60%}
.cardlab-play .cardlab-table .cardlab-slot{margin-right:2px;font-size:10px;line-height:1.15;text-align:center}
.cardlab-play .cardlab-table .cardlab-label{font-size:11px;margin-bottom:1px}
.cardlab-play .cardlab-around .cardlab-others .cardlab-hand>.cardlab-back+.cardlab-back{margin-left:-34px}
.cardlab-play .cardlab-around .cardlab-near .cardlab-hand>.cardlab-card+.cardlab-card{margin-left:-18px}
.cardlab-play .cardlab-table .cardlab-result{margin-top:3px;padding:3px 6px;font-size:12px;line-height:1.25}
.cardlab-play .cardlab-table .cardlab-result td,.cardlab-play .cardlab-table .cardlab-result th{padding:0 6px}
.cardlab-play .cardlab-table .cardlab-status{margin-top:2px}
.cardlab-play .cardlab-table .cardlab-taken{margin-top:1px}
""".strip()

def table_class(layout: str) -> str:
    """The class list of a table's outer ``<div>`` for ``layout`` (one of :data:`LAYOUTS`).
    Raises ``ValueError`` for another layout."""
    if layout not in LAYOUTS:
        raise ValueError(f"the layout is one of {', '.join(LAYOUTS)}, not {layout!r}")
    return "cardlab-table" if layout == "column" else "cardlab-table cardlab-around"


def around_html(others: Sequence[str], middle: str, viewer: str) -> str:
    """The seats of a ``"table"`` layout: ``others`` (each a ``cardlab-player`` block) side by
    side in a row, then ``middle`` (the stock, trumps, trick…) beside ``viewer``'s seat, with the
    layout's style sheet :data:`AROUND_CSS`."""
    return (f'<style>{AROUND_CSS}</style><div class="cardlab-row cardlab-others">{"".join(others)}</div>'
            f'<div class="cardlab-row cardlab-near">{middle}{viewer}</div>')



STYLE = _STYLE
text_escape = _t


def play_status(who: str, names: Sequence[str], leader: int, trick: Sequence[Card],
                pending_marriage: Suit | None) -> str:
    """The status line of the card play in words: ``"Boris to play to Ana's Q♥."``,
    ``"Ana declared the ♥ marriage and must lead K♥ or Q♥."`` or ``"Ana to lead."``."""
    if trick:
        return f"{who} to play to {names[leader]}'s {trick[0]}."
    if pending_marriage is not None:
        s = pending_marriage.symbol
        return f"{who} declared the {s} marriage and must lead K{s} or Q{s}."
    return f"{who} to lead."


def points_words(total: int, tricks: Iterable[Any], seats: Iterable[int], marriages: Iterable[tuple] = ()) -> str:
    """A seat's or pair's count in the vocabulary of every text: ``"12 card points"`` when
    ``total`` is the value of its cards alone, else ``"32 points (12 card points + marriage ♦ 20)"``
    (or ``"+ last trick 10"``).

    ``total`` (int): the engine's count (``points(seat)`` or ``pair_points(pair)``); ``tricks``:
    completed :class:`~cardlab.tricks.Trick` objects (their cards are valued A 11, 10 10, K 4, Q 3,
    J 2, 9 0, :data:`cardlab.pack24.CARD_POINTS`); ``seats``: the seats whose tricks count;
    ``marriages``: ``(suit, value)`` of the marriages that count in ``total``. Whatever ``total``
    holds besides the cards and these marriages is the last-trick bonus. Raises nothing."""
    from ..pack24 import CARD_POINTS

    seats = frozenset(seats)
    cards = sum(CARD_POINTS.get(c.rank, 0) for t in tricks if t.winner in seats for c in t.played)
    marriages = tuple(marriages)
    parts = [f"marriage {s.symbol} {v}" for s, v in marriages]
    rest = total - cards - sum(v for _, v in marriages)
    if rest > 0:
        parts.append(f"last trick {rest}")
    if not parts and rest == 0:
        return f"{cards} card point{'s' if cards != 1 else ''}"
    if rest < 0:        # a count that is not cards plus these marriages: say only its total
        return f"{total} point{'s' if total != 1 else ''}"
    return f"{total} points ({cards} card point{'s' if cards != 1 else ''} + {' + '.join(parts)})"


def uncounted_marriage_words(marriages: Iterable[tuple], over: bool = False) -> str:
    """A seat's declared marriages that are not in its count because it has taken no trick (the
    marriage rule of every game with marriages here), beside :func:`points_words`: ``"marriage ♣ 20
    (counts after a trick)"``, ``"marriages ♣ 20, ♥ 40 (count after a trick)"``, and once the hand
    is over (``over``) ``"marriage ♣ 20 (not counted: no trick)"``; ``""`` for none.
    ``marriages``: ``(suit, value)`` pairs. Raises nothing."""
    ms = tuple(marriages)
    if not ms:
        return ""
    many = len(ms) > 1
    note = "not counted: no trick" if over else ("count" if many else "counts") + " after a trick"
    return "marriage" + ("s " if many else " ") + ", ".join(f"{s.symbol} {v}" for s, v in ms) + f" ({note})"


def _cards_text(cards: Iterable[Card], hidden: int = 0) -> str:
    parts = [format_cards(cards)] if cards else []
    parts.extend(["??"] * hidden)
    return " ".join(p for p in parts if p) or "(none)"


cards_text = _cards_text


def _cell(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, (tuple, list)):
        return "–".join(_cell(v) for v in value)
    return str(value)


def score_sheet_html(rows: Sequence[Mapping[str, Any]], columns: Sequence[str] | None = None) -> str:
    """A score sheet as an HTML table (``<table class="cardlab-score-sheet">``).

    Parameters
    ----------
    rows : sequence of dict
        One dict per hand, e.g. ``{"hand": 1, "dealer": "A", "winner": "B", "game points": 2,
        "totals": (0, 2)}``. ``None`` is written as a dash, a tuple or list as its items joined
        by an en dash (``0–2``); everything else with ``str``. All text is HTML-escaped.
    columns : sequence of str, optional
        Column order; by default every key in order of first appearance across the rows. A
        row without a column gets an empty cell.

    Returns
    -------
    str
        The table with its ``<style>`` block; an empty sheet has a header only (or no rows
        and no columns: ``"(no hands yet)"`` in a caption).
    """
    if columns is None:
        cols: list[str] = []
        for r in rows:
            for k in r:
                if k not in cols:
                    cols.append(k)
    else:
        cols = list(columns)
    head = "".join(f'<th scope="col">{_t(str(c))}</th>' for c in cols)
    body = "".join(
        "<tr>" + "".join(f"<td>{_t(_cell(r[c])) if c in r else ''}</td>" for c in cols) + "</tr>"
        for r in rows
    )
    caption = "" if rows else "<caption>(no hands yet)</caption>"
    return (f'{_STYLE}<table class="cardlab-score-sheet">{caption}<thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>")
