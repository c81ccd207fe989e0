"""Pure rendering: cards, tables and score sheets as HTML/SVG strings and as plain text.

Standard library only (no ipywidgets, no pandas), so it can be imported anywhere: by
``_repr_html_`` of the engine's states, by :mod:`cardlab.widgets`, by docs and tests.

* :func:`card_svg` / :func:`card_back_svg`: one card, face up or face down, as inline SVG
  (about 44×62 px at the default size ``"md"``; the suit signs are drawn as paths, so no font
  or emoji presentation can change them).
* :func:`state_html` / :func:`state_text`: the whole table of a state, with all cards open
  (``seat=None``) or as one seat sees it (``seat=0`` or ``1``). Seat views are built from the
  engine's ``state.view(seat)``, so a hidden card (the opponent's unseen cards, the face-down
  stock) is never written into the output.
* :func:`score_sheet_html`: a small table from a list of dicts (one per hand).

Each variant registers its renderers in :data:`RENDERERS` and :data:`TEXT_RENDERERS`
(keyed by ``state.variant``); :func:`state_html` and :func:`state_text` dispatch on it.

CSS classes (for styling and for browser tests): ``cardlab-card`` (every card image; face-down
cards also ``cardlab-back``), ``cardlab-table``, ``cardlab-player``, ``cardlab-hand`` (with
``data-seat``), ``cardlab-stock``, ``cardlab-trick``, ``cardlab-taken`` (with ``data-seat``),
``cardlab-result``, ``cardlab-status``, ``cardlab-chip`` (a card as small text),
``cardlab-score-sheet``. All styles are in :data:`CSS`, scoped under these class names.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable, Iterable, Mapping, Sequence

from .cards import Card, Rank, Suit, format_cards, parse_card
from .tricks import RANKS_66

__all__ = [
    "CARD_SIZES",
    "CSS",
    "RENDERERS",
    "TEXT_RENDERERS",
    "card_name",
    "card_svg",
    "card_back_svg",
    "card_chip",
    "sort_hand",
    "state_html",
    "state_text",
    "score_sheet_html",
    "register",
]

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


def _t(text: str) -> str:
    """Escape text for an HTML text node (quotes stay readable: "A's view")."""
    return escape(text, quote=False)


def _circle(cx: float, cy: float, r: float) -> str:
    return f"M{cx - r} {cy}a{r} {r} 0 1 0 {2 * r} 0a{r} {r} 0 1 0 {-2 * r} 0Z"


# Suit signs as single paths in a 100×100 box (nonzero fill).
_SUIT_PATHS = {
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
    return f'<path d="{_SUIT_PATHS[suit]}" transform="translate({x:g} {y:g}) scale({s:g})" fill="{fill}"/>'


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
        ``data-card`` holds the canonical text (:func:`str` of the card).

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


# ---------------------------------------------------------------------------------------------
# Registry and dispatch

#: variant name (``state.variant``) -> function ``(state, seat) -> HTML str``.
RENDERERS: dict[str, Callable[[Any, int | None], str]] = {}
#: variant name -> function ``(state, seat) -> plain text``.
TEXT_RENDERERS: dict[str, Callable[[Any, int | None], str]] = {}


def register(variant: str, html: Callable[[Any, int | None], str] | None = None,
             text: Callable[[Any, int | None], str] | None = None) -> None:
    """Register a variant's renderers (either may be omitted); later calls replace earlier ones."""
    if html is not None:
        RENDERERS[variant] = html
    if text is not None:
        TEXT_RENDERERS[variant] = text


def _lookup(table: Mapping[str, Callable], state: Any) -> Callable:
    variant = getattr(state, "variant", None)
    try:
        return table[variant]
    except KeyError:
        raise ValueError(f"no renderer for variant {variant!r}; registered: {', '.join(sorted(table)) or 'none'}") \
            from None


def state_html(state: Any, seat: int | None = None) -> str:
    """The table of ``state`` as one HTML string (a ``<div class="cardlab-table">`` with its
    own ``<style>`` block), for ``_repr_html_`` and the widgets.

    Parameters
    ----------
    state : GameState
        Any state whose ``variant`` is in :data:`RENDERERS`.
    seat : int or None
        ``None`` shows every card face up (the teacher's view, including the stock in draw
        order); ``0`` or ``1`` shows only what that seat may know (``state.view(seat)``).

    Raises
    ------
    ValueError
        If no renderer is registered for ``state.variant``, or ``seat`` is not a seat.
    """
    return _lookup(RENDERERS, state)(state, seat)


def state_text(state: Any, seat: int | None = None) -> str:
    """The table of ``state`` as plain multi-line text, with cards in canonical notation
    (``"A♠ 10♥"``); a hidden card is written ``??``. Same parameters and errors as
    :func:`state_html`."""
    return _lookup(TEXT_RENDERERS, state)(state, seat)


# ---------------------------------------------------------------------------------------------
# Sixty-six


class _Table:
    """Everything one view of a Sixty-six table shows; built only from public facts plus, for a
    seat view, that seat's :class:`~cardlab.sixtysix.SeatView`."""

    __slots__ = ("seat", "names", "dealer", "rules_name", "trump", "hands", "hidden", "known", "stock",
                 "stock_hidden", "stock_size", "turnup", "turnup_in_stock", "closed_by", "trick", "leader",
                 "tricks", "points", "tricks_won", "marriages", "to_act", "result", "pending", "trick_number",
                 "draw_pending", "close_exchange")


def _sixtysix_table(state: Any, seat: int | None) -> _Table:
    t = _Table()
    t.seat = seat
    t.names = tuple(state.names)
    t.dealer = state.dealer
    t.rules_name = state.rules.name
    t.result = state.result
    # Announced aloud or decided by the rules, so public:
    t.pending = getattr(state, "pending_marriage", None)
    t.draw_pending = getattr(state, "draw_pending", False)    # trick won; close or draw first
    t.close_exchange = getattr(state, "close_exchange", False)  # exchange offered at a close
    t.trick_number = state.trick_number
    if seat is None:
        t.trump = state.trump
        t.hands = (tuple(state.hands[0]), tuple(state.hands[1]))
        t.hidden = (0, 0)
        t.known = (frozenset(), frozenset())
        t.stock = tuple(state.stock)
        t.stock_hidden = 0
        t.stock_size = state.stock_size
        t.turnup_in_stock = state.turnup_in_stock
        t.closed_by = state.closed_by
        t.trick = tuple(state.trick)
        t.leader = state.leader
        t.tricks = tuple(state.tricks)
        t.points = (state.points(0), state.points(1))
        t.tricks_won = tuple(state.tricks_won)
        t.marriages = tuple(state.marriages)
        t.to_act = state.to_act
    else:
        if seat not in (0, 1) or isinstance(seat, bool):
            raise ValueError(f"seat must be None (all cards open), 0 or 1, not {seat!r}")
        v = state.view(seat)
        other = 1 - seat
        hands: list[tuple] = [(), ()]
        hands[seat] = tuple(v.hand)
        hands[other] = tuple(v.opponent_known)
        hidden = [0, 0]
        hidden[other] = v.opponent_hand_size - len(v.opponent_known)
        known: list[frozenset] = [frozenset(), frozenset()]
        known[other] = frozenset(v.opponent_known)
        t.trump = v.trump
        t.hands = tuple(hands)
        t.hidden = tuple(hidden)
        t.known = tuple(known)
        t.stock = ()
        t.turnup_in_stock = v.turnup is not None
        t.stock_hidden = v.stock_size - (1 if t.turnup_in_stock else 0)
        t.stock_size = v.stock_size
        t.closed_by = v.closed_by
        t.trick = tuple(v.trick)
        t.leader = v.leader
        t.tricks = tuple(v.tricks)
        t.points = tuple(v.points)
        t.tricks_won = tuple(v.tricks_won)
        t.marriages = tuple(v.marriages)
        t.to_act = v.to_act
    # The turn-up was shown face up to both players, so its identity is public even after it
    # has been drawn or turned down (after an exchange it is the trump nine).
    t.turnup = state.turnup
    return t


def _status_words(t: _Table) -> str:
    if t.result is not None:
        return "The hand is over."
    n = t.names[t.to_act]
    if t.draw_pending:
        return f"{n} won the trick and may close the stock before drawing, or draw."
    if t.close_exchange:
        return f"{n} may exchange the trump nine for the turned-down {t.turnup} now, or keep it."
    if t.trick:
        return f"{n} to play to {t.names[t.leader]}'s {t.trick[0]}."
    if t.pending is not None:
        s = t.pending.symbol
        return f"{n} announced the {s} marriage and must lead K{s} or Q{s}."
    return f"{n} to lead."


def _result_words(t: _Table) -> tuple[str, str]:
    r = t.result
    if r.winner is None:
        head = "Hand drawn: no game points."
    else:
        gp = r.game_points
        head = f"{t.names[r.winner]} wins the hand: {gp} game point{'s' if gp != 1 else ''}."
    return head, f"{r.explanation[:1].upper()}{r.explanation[1:]}. Card points {r.points[0]}–{r.points[1]}, " \
                 f"tricks {r.tricks[0]}–{r.tricks[1]}."


def _marriage_words(t: _Table, seat: int) -> str:
    ms = [(s, p) for (who, s, p) in t.marriages if who == seat]
    if not ms:
        return ""
    pending = "" if t.tricks_won[seat] else " (count after a trick)"
    return "marriages " + ", ".join(f"{s.symbol} {p}" for s, p in ms) + pending


def _player_html(t: _Table, seat: int) -> str:
    name = t.names[seat]
    to_act = t.to_act == seat
    badges = []
    if t.dealer == seat:
        badges.append('<span class="cardlab-badge">dealer</span>')
    if to_act:
        badges.append('<span class="cardlab-badge cardlab-turn">to act</span>')
    if t.closed_by == seat:
        badges.append('<span class="cardlab-badge">closed the stock</span>')
    pts = t.points[seat]
    facts = [f"{pts} card point{'s' if pts != 1 else ''}"]
    m = _marriage_words(t, seat)
    if m:
        facts.append(m)
    cards = []
    for c in sort_hand(t.hands[seat], t.trump):
        if c in t.known[seat]:
            cards.append(card_svg(c, extra_class="cardlab-known"))
        else:
            cards.append(card_svg(c))
    cards.extend(card_back_svg() for _ in range(t.hidden[seat]))
    if not cards:
        cards.append('<span class="cardlab-empty">none</span>')
    taken = [p for p in t.tricks if p[3] == seat]
    n = len(taken)
    pairs = "".join(f'<span class="cardlab-pair">{card_chip(lead)}{card_chip(follow)}</span>'
                    for (_, lead, follow, _) in taken)
    cls = "cardlab-player cardlab-to-act" if to_act else "cardlab-player"
    return (
        f'<div class="{cls}" data-seat="{seat}">'
        f'<div class="cardlab-head"><span class="cardlab-name">{_t(name)}</span>{"".join(badges)}'
        f'<span class="cardlab-points">{_t(" · ".join(facts))}</span></div>'
        f'<div class="cardlab-hand cardlab-cards" data-seat="{seat}">{"".join(cards)}</div>'
        f'<div class="cardlab-taken" data-seat="{seat}">{n} trick{"s" if n != 1 else ""} taken'
        f'{": " if n else ""}{pairs}</div></div>'
    )


def _stock_words(t: _Table) -> str:
    """The stock's state: "closed by A", "exhausted" or "8 cards"."""
    if t.closed_by is not None:
        return f"closed by {t.names[t.closed_by]}"
    if t.stock_size == 0:
        return "exhausted"
    return f"{t.stock_size} card{'s' if t.stock_size != 1 else ''}"


def _stock_html(t: _Table) -> str:
    parts = []
    if t.turnup_in_stock:
        if t.closed_by is not None:
            title = f"The turn-up {card_name(t.turnup)}, turned down"
            img = (card_svg(t.turnup, extra_class="cardlab-turned-down") if t.seat is None
                   else card_back_svg(title=title))
            note = "turned down"
        else:
            img, note = card_svg(t.turnup), "turn-up"
        parts.append(f'<div class="cardlab-slot">{img}<span>{_t(note)}</span></div>')
    else:
        parts.append(f'<div class="cardlab-slot">{card_svg(t.turnup, extra_class="cardlab-gone")}'
                     f'<span>turn-up drawn</span></div>')
    if t.stock:  # all cards open: the face-down stock in draw order
        faces = "".join(card_svg(c, size="sm") for c in t.stock)
        parts.append(f'<div class="cardlab-slot"><div class="cardlab-cards cardlab-small">{faces}</div>'
                     f'<span>face down, next to draw first</span></div>')
    elif t.stock_hidden:
        parts.append(f'<div class="cardlab-slot">{card_back_svg()}<span>{t.stock_hidden} face down</span></div>')
    return (f'<div class="cardlab-stock" data-size="{t.stock_size}"><div class="cardlab-label">Stock: '
            f'{_t(_stock_words(t))}{" with the turn-up" if t.stock_size and t.closed_by is None else ""}'
            f' · trumps {t.trump.symbol}</div>'
            f'<div class="cardlab-cards">{"".join(parts)}</div></div>')


def _trick_html(t: _Table) -> str:
    if t.trick:
        slots = []
        for i, c in enumerate(t.trick):
            who = t.names[(t.leader + i) % 2]
            role = "led" if i == 0 else "played"
            slots.append(f'<div class="cardlab-slot">{card_svg(c)}<span>{_t(who)} {role}</span></div>')
        if len(t.trick) == 1:
            slots.append('<div class="cardlab-slot"><span class="cardlab-empty">?</span><span>&#160;</span></div>')
        label = f"Trick {t.trick_number}"
        body = "".join(slots)
        cls = "cardlab-trick"
    elif t.tricks:
        leader, lead, follow, winner = t.tricks[-1]
        body = (f'<div class="cardlab-slot">{card_svg(lead)}<span>{_t(t.names[leader])} led</span></div>'
                f'<div class="cardlab-slot">{card_svg(follow)}<span>{_t(t.names[1 - leader])} played</span>'
                f'</div>')
        label = f"Last trick ({len(t.tricks)}): {t.names[winner]} won it"
        cls = "cardlab-trick cardlab-last-trick"
    else:
        body = '<div class="cardlab-slot"><span class="cardlab-empty">no card</span></div>'
        label = "Trick 1"
        cls = "cardlab-trick"
    return (f'<div class="{cls}" data-cards="{len(t.trick)}"><div class="cardlab-label">{_t(label)}</div>'
            f'<div class="cardlab-cards">{body}</div></div>')


def _sixtysix_html(state: Any, seat: int | None = None) -> str:
    """HTML renderer of :mod:`cardlab.sixtysix` states (see :func:`state_html`)."""
    t = _sixtysix_table(state, seat)
    bottom = 0 if seat is None else seat
    top = 1 - bottom
    view = "all cards open" if seat is None else f"{t.names[seat]}'s view"
    caption = (f"{t.rules_name} · trumps {t.trump.symbol} · {t.names[t.dealer]} deals · "
               f"trick {t.trick_number} · {view}")
    if t.result is not None:
        head, words = _result_words(t)
        end = (f'<div class="cardlab-result" data-winner="{"" if t.result.winner is None else t.result.winner}" '
               f'data-game-points="{t.result.game_points}"><div class="cardlab-result-head">{_t(head)}</div>'
               f'<div class="cardlab-result-text">{_t(words)}</div></div>')
    else:
        end = f'<div class="cardlab-status">{_t(_status_words(t))}</div>'
    seat_attr = "all" if seat is None else str(seat)
    return (
        f'<div class="cardlab-table" data-variant="{escape(state.variant)}" data-view="{seat_attr}">{_STYLE}'
        f'<div class="cardlab-caption">{_t(caption)}</div>'
        f"{_player_html(t, top)}"
        f'<div class="cardlab-middle">{_stock_html(t)}{_trick_html(t)}</div>'
        f"{_player_html(t, bottom)}{end}</div>"
    )


def _cards_text(cards: Iterable[Card], hidden: int = 0) -> str:
    parts = [format_cards(cards)] if cards else []
    parts.extend(["??"] * hidden)
    return " ".join(p for p in parts if p) or "(none)"


def _sixtysix_text(state: Any, seat: int | None = None) -> str:
    """Text renderer of :mod:`cardlab.sixtysix` states (see :func:`state_text`)."""
    t = _sixtysix_table(state, seat)
    view = "all cards open" if seat is None else f"{t.names[seat]}'s view"
    lines = [f"{t.rules_name} · trumps {t.trump.symbol} · {t.names[t.dealer]} deals · trick {t.trick_number} · "
             f"{view}"]
    bottom = 0 if seat is None else seat

    def player(s: int) -> list[str]:
        tags = []
        if t.dealer == s:
            tags.append("dealer")
        if t.to_act == s:
            tags.append("to act")
        tag = f" ({', '.join(tags)})" if tags else ""
        taken = [p for p in t.tricks if p[3] == s]
        facts = [f"{t.points[s]} card points", f"{len(taken)} trick{'s' if len(taken) != 1 else ''}"]
        m = _marriage_words(t, s)
        if m:
            facts.append(m)
        out = [f"{t.names[s]}{tag}: {_cards_text(sort_hand(t.hands[s], t.trump), t.hidden[s])}",
               f"    {', '.join(facts)}"]
        if taken:
            out.append("    taken: " + ", ".join(f"{a} {b}" for (_, a, b, _) in taken))
        return out

    lines += player(1 - bottom)
    if t.turnup_in_stock:
        turn = (f"turn-up {t.turnup} turned down" if t.closed_by is not None else f"turn-up {t.turnup}")
    else:
        turn = f"turn-up {t.turnup} drawn"
    size = _stock_words(t)
    face_down = (f"; face down: {format_cards(t.stock)}" if t.stock
                 else (f"; {t.stock_hidden} face down" if t.stock_hidden else ""))
    lines.append(f"Stock: {size}, {turn}{face_down}")
    if t.trick:
        lines.append(f"Trick {t.trick_number}: {t.names[t.leader]} led {t.trick[0]}"
                     + (f", {t.names[1 - t.leader]} played {t.trick[1]}" if len(t.trick) > 1 else ""))
    elif t.tricks:
        leader, a, b, w = t.tricks[-1]
        lines.append(f"Last trick: {t.names[leader]} led {a}, {t.names[1 - leader]} played {b}; "
                     f"{t.names[w]} won it")
    else:
        lines.append("Trick 1: no card led yet")
    lines += player(bottom)
    if t.result is not None:
        head, words = _result_words(t)
        lines += [head, words]
    else:
        lines.append(_status_words(t))
    return "\n".join(lines)


register("sixty-six", html=_sixtysix_html, text=_sixtysix_text)


# ---------------------------------------------------------------------------------------------
# Score sheet


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
