"""Four-player Mariage as HTML/SVG and as text (renders :mod:`cardlab.mariage4` states).

The partner at the top, the opponents at the sides, the viewer at the bottom; trumps, the
contract, the three-nines game and the trick in the middle. A seat's view is built only from
``state.view(seat)`` (a :class:`~cardlab.mariage4.Mariage4View`), so another seat's hidden cards
(the partner's too) are never written into the output. :func:`nines_html` draws the three-nines
game on its own (for :mod:`cardlab.widgets.mariage4`).

The score keeper's "eight" (:class:`cardlab.mariage4_game.Eight`) is drawn here too, as inline
SVG: :func:`eight_svg` draws one pair's eight with CSS classes a browser test can check:
``svg.cardlab-eight`` (``data-pips`` = pips uncovered, ``data-coat``, ``data-lining``), each pip a
``path.cardlab-pip`` with ``data-pip`` = 1..8 and ``cardlab-uncovered`` or ``cardlab-covered``; the
coat is ``.cardlab-coat`` and the lining ``.cardlab-lining``. :func:`eights_html` puts both pairs'
eights side by side. Pure string building, standard library only. An eight is read through its
attributes only: the score keeper imports this module for its HTML, not the other way round.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..cards import Suit, format_cards
from ..mariage4 import VARIANT
from ..mariage4_words import CONTRACT_NAMES, result_headline, waiting_for
from .cards import SUIT_PATHS as _SUIT_PATHS
from .cards import STYLE, around_html, card_back_svg, hide_set, table_class, card_chip, card_svg, sort_hand, text_escape
from .cards import points_words

if TYPE_CHECKING:
    from ..mariage4 import Mariage4State
    from ..mariage4_game import Eight

__all__ = ["state_html", "state_text", "nines_html", "eight_svg", "eights_html"]

_STYLE = STYLE
_t = text_escape


def _table_facts(state: "Mariage4State", seat: int | None):
    """Per seat: (visible cards, known-to-all subset, hidden count); built only from the view
    when ``seat`` is given."""
    if seat is None:
        return [(tuple(state.hands[s]), frozenset(state.shown[s]), 0) for s in range(4)], None
    v = state.view(seat)
    out = []
    for s in range(4):
        if s == seat:
            out.append((tuple(v.hand), frozenset(), 0))
        else:
            k = v.known[s]
            out.append((tuple(k), frozenset(k), v.hand_sizes[s] - len(k)))
    return out, v


def _trump_words(state: "Mariage4State") -> str:
    """The trumps in force, in words: ``"trumps ♣"``, ``"trumps not fixed yet"`` before the deal
    fixes them, or ``"no trumps"`` in a contract played without trumps (the suit fixed in the
    deal has no power then) [m4.trump, m4.contract.play]."""
    if state.named_trump is None:
        return "trumps not fixed yet"
    if state.trump is None:
        return "no trumps"
    return f"trumps {state.trump.symbol}"


def _phase_words(state: "Mariage4State") -> str:
    if state.result is not None:
        return "The hand is over."
    who = state.names[state._to_act]
    words = waiting_for(state)
    return words[0].upper() + words[1:] + "." if state.phase != "play" else (
        f"{who} to play to the trick." if state.trick else
        (f"{who} declared the {state.pending_marriage.symbol} marriage and must lead its king or queen."
         if state.pending_marriage else f"{who} to lead."))


def state_html(state: "Mariage4State", seat: int | None = None, hide: frozenset = frozenset(),
               layout: str = "column") -> str:
    """HTML table of a four-player state: all cards open (``seat=None``) or one seat's view,
    built from ``state.view(seat)`` so hidden cards (the partner's too) are never written.

    ``hide`` (tokens of :data:`~cardlab.render.cards.HIDE_TOKENS`): ``"card_points"`` leaves out
    the pairs' points, ``"result"`` the result box (the status then says only that the hand
    is over), ``"pips"`` what the hand uncovers on the eights (the result's text, which also
    counts points, goes with either); the special contracts are not bids and stay.
    ``layout`` (:data:`~cardlab.render.cards.LAYOUTS`): ``"column"`` (the partner at the top, the
    opponents, the middle, the viewer) or ``"table"`` (the three others in a row in playing
    order, then the middle beside the viewer). Raises ``ValueError`` for a bad seat, token or
    layout."""
    hide = hide_set(hide)
    outer = table_class(layout)
    if seat is not None and (seat not in (0, 1, 2, 3) or isinstance(seat, bool)):
        raise ValueError(f"seat must be None (all cards open) or 0 to 3, not {seat!r}")
    facts, v = _table_facts(state, seat)
    names = state.names
    order = [(seat if seat is not None else 0) + k for k in (2, 1, 3, 0)]
    order = [x % 4 for x in order]  # partner on top, then the opponents, the viewer last
    players = [_player_html(state, s, facts[s]) for s in order]
    # the middle: trumps, the nines game, the trick
    mid = [_facts_html(state, v, hide)]
    ni = v.nines if v is not None else state.nines
    if ni is not None:
        mid.append(_nines_line_html(ni, names, seat) if layout == "table" else _nines_slots_html(ni, names, seat))
    mid.append(_trick_html(state))
    view = "all cards open" if seat is None else f"{names[seat]}'s view"
    caption = f"{state.rules.name} · {names[state.dealer]} deals · {view}"
    middle = f'<div class="cardlab-middle" style="flex-direction:column">{"".join(mid)}</div>'
    if layout == "table":     # players are [partner, next, third, viewer]: in playing order next, partner, third;
        # the middle's facts and the nines game in words beside the trick
        middle = (f'<div class="cardlab-middle cardlab-m4-middle"><div class="cardlab-m4-facts">{"".join(mid[:-1])}'
                  f'</div>{mid[-1]}</div>')
        seats = around_html([players[1], players[0], players[2]], middle, players[3])
    else:
        seats = f'{"".join(players[:3])}{middle}{players[3]}'
    return (f'<div class="{outer}" data-variant="{VARIANT}" data-view="{"all" if seat is None else seat}">'
            f'{_STYLE}<div class="cardlab-caption">{_t(caption)}</div>{seats}{_end_html(state, hide)}</div>')


def _player_html(state: "Mariage4State", s: int, fact) -> str:
    """One seat's box: name and pair, badges (dealer, eldest, to act, declarer, sits out), the
    cards it shows (``fact``: visible cards, the known-to-all ones, hidden count; trumps
    sorted as in force), the cards set aside, and the tricks it took."""
    cards, known, hidden = fact
    imgs = [card_svg(c, extra_class="cardlab-known" if c in known else None) for c in sort_hand(cards, state.trump)]
    imgs += [card_back_svg() for _ in range(hidden)]
    if state.aside[s]:
        imgs.append(f'<span class="cardlab-badge">{len(state.aside[s])} set aside / thrown in</span>')
    if not imgs:
        imgs.append('<span class="cardlab-empty">no cards</span>')
    badges = []
    if s == state.dealer:
        badges.append('<span class="cardlab-badge">dealer</span>')
    if s == state.eldest:
        badges.append('<span class="cardlab-badge">eldest</span>')
    if state.to_act == s:
        badges.append('<span class="cardlab-badge cardlab-turn">to act</span>')
    if state.contract and state.contract[1] == s:
        badges.append(f'<span class="cardlab-badge">declarer: {_t(CONTRACT_NAMES[state.contract[0]])}</span>')
    if state.sitting_out == s:
        badges.append('<span class="cardlab-badge">sits out</span>')
    won = [t for t in state.tricks if t.winner == s]
    taken = "".join(f'<span class="cardlab-pair">{"".join(card_chip(c) for _, c in t.cards)}</span>'
                    for t in won)
    cls = "cardlab-player cardlab-to-act" if state.to_act == s else "cardlab-player"
    return (f'<div class="{cls}" data-seat="{s}"><div class="cardlab-head"><span class="cardlab-name">'
            f'{_t(state.names[s])}</span><span class="cardlab-points">pair {"A" if s % 2 == 0 else "B"}</span>'
            f'{"".join(badges)}</div><div class="cardlab-hand cardlab-cards" data-seat="{s}">{"".join(imgs)}</div>'
            f'<div class="cardlab-taken" data-seat="{s}">{len(won)} trick{"s" if len(won) != 1 else ""}'
            f'{": " if won else ""}{taken}</div></div>')


def _pair_points_words(state: "Mariage4State", pair: int) -> str:
    """A pair's count: ``"Ana & Cleo 12 card points"``, or ``"Ana & Cleo 32 points (12 card
    points + marriage ♦ 20)"`` once its marriages count."""
    seats = (pair, pair + 2)
    counts = bool(state.tricks_won[pair] + state.tricks_won[pair + 2]) or not state.rules.marriage_needs_trick
    counted = [(s, v) for holder, s, v in state.marriages if holder in seats] if counts else []
    return f"{state.pair_name(pair)} {points_words(state.pair_points(pair), state.tricks, seats, counted)}"


def _pairs_points_words(state: "Mariage4State") -> str:
    return f"{_pair_points_words(state, 0)} – {_pair_points_words(state, 1)}"


def _facts_html(state: "Mariage4State", v, hide: frozenset) -> str:
    """The middle's line of facts: trumps (and the card turned), the contract or the one
    standing, the bottom cards shown at the cuts (``v``: the seat's view, or None), the pairs'
    points unless hidden."""
    names = state.names
    info = [_trump_words(state)]
    if state.trump_turned is not None:
        info.append(f"turned {state.trump_turned}")
    if state.contract:
        info.append(f"contract {CONTRACT_NAMES[state.contract[0]]} by {names[state.contract[1]]}")
    elif state.standing:
        info.append(f"standing: {CONTRACT_NAMES[state.standing[0]]} by {names[state.standing[1]]}")
    bottoms = state.bottom_cards if v is None else v.bottom_cards
    if bottoms:
        info.append("bottom after the cuts: " + " ".join(str(c) for c in bottoms))
    if "card_points" not in hide:
        info.append(_pairs_points_words(state))
    return f'<div class="cardlab-label">{_t(" · ".join(info))}</div>'


def _nines_line_html(ni: dict, names, seat: int | None) -> str:
    """The three-nines game ``ni`` on one line, its cards as chips (the table layout); a placed
    card shows once the declarer has left his nine, or to its own seat."""
    parts = [f'{card_chip(c)} {"left" if ni["left"] == c else ("taken back" if ni["left"] else "on the table")}'
             for c in ni["nines"]]
    for s_, (c, pos) in ni["placed"].items():
        shown = seat is None or ni["left"] is not None or s_ == seat
        what = "nothing" if c is None else (card_chip(c) if shown else "a card face down")
        parts.append(f'<span class="cardlab-placed" data-seat="{s_}" data-pos="{pos or ""}">{_t(names[s_])}: '
                     f'{what}{" at the " + pos if pos else ""}</span>')
    return (f'<div class="cardlab-nines"><div class="cardlab-label">Three nines by {_t(names[ni["declarer"]])}: '
            f'{" · ".join(parts)}</div></div>')


def _nines_slots_html(ni: dict, names, seat: int | None) -> str:
    """The three-nines game ``ni`` as card slots (the column layout): the nines, then each
    placed card (face down until shown, as in :func:`_nines_line_html`: a card back and "1 card
    face down"; "nothing placed" for an opponent without a card of the nines' suits)."""
    slots = "".join(f'<div class="cardlab-slot">{card_svg(c, extra_class="cardlab-nine")}<span>'
                    f'{"left" if ni["left"] == c else ("taken back" if ni["left"] else "on the table")}'
                    '</span></div>' for c in ni["nines"])
    for s_, (c, pos) in ni["placed"].items():
        shown = seat is None or ni["left"] is not None or s_ == seat
        if pos is None:                        # no card of the nines' suits: nothing placed
            img, words = '<span class="cardlab-empty">nothing placed</span>', ""
        elif c is None or not shown:           # another seat's card before the declarer leaves a nine
            img = card_back_svg(title=f"Placed card ({pos}), face down")
            words = ": 1 card face down, " + ("on top" if pos == "top" else "at the bottom")
        else:
            img, words = card_svg(c), f": {pos}"
        slots += (f'<div class="cardlab-slot cardlab-placed" data-seat="{s_}" data-pos="{pos or ""}">{img}'
                  f'<span>{_t(names[s_])}{_t(words)}</span></div>')
    return (f'<div class="cardlab-nines"><div class="cardlab-label">Three nines by {_t(names[ni["declarer"]])}'
            f'</div><div class="cardlab-cards">{slots}</div></div>')


def _trick_html(state: "Mariage4State") -> str:
    """The trick in progress with its seats, else the last trick and its winner, else an empty
    first trick."""
    names = state.names
    if state.trick:
        body = "".join(f'<div class="cardlab-slot">{card_svg(c)}<span>{_t(names[s_])}</span></div>'
                       for s_, c in state.trick_by_seat())
        label, cls, n = f"Trick {len(state.tricks) + 1}", "cardlab-trick", len(state.trick)
    elif state.tricks:
        t = state.tricks[-1]
        body = "".join(f'<div class="cardlab-slot">{card_svg(c)}<span>{_t(names[s_])}</span></div>'
                       for s_, c in t.cards)
        label, cls, n = (f"Last trick ({len(state.tricks)}): {names[t.winner]} won it",
                         "cardlab-trick cardlab-last-trick", 0)
    else:
        body = '<div class="cardlab-slot"><span class="cardlab-empty">no card</span></div>'
        label, cls, n = "Trick 1", "cardlab-trick", 0
    return (f'<div class="{cls}" data-cards="{n}"><div class="cardlab-label">{_t(label)}</div>'
            f'<div class="cardlab-cards">{body}</div></div>')


def _end_html(state: "Mariage4State", hide: frozenset) -> str:
    """The result box (its head says who won what, :func:`~cardlab.mariage4_words.result_headline`;
    its text, and the head's numbers, left out when points or pips are hidden), or the status
    line while the hand runs (also when the result is hidden)."""
    if state.result is not None and "result" not in hide:
        r = state.result
        text = ("" if hide & {"card_points", "pips"} else
                f'<div class="cardlab-result-text">{_t(r.explanation[:1].upper() + r.explanation[1:])}.</div>')
        head = result_headline(state, points="card_points" not in hide, pips="pips" not in hide)
        return (f'<div class="cardlab-result" data-reason="{escape(r.reason)}"><div class="cardlab-result-head">'
                f'{_t(head)}.</div>{text}</div>')
    return f'<div class="cardlab-status">{_t(_phase_words(state))}</div>'


def nines_html(state: "Mariage4State", seat: int | None = None) -> str:
    """The three-nines game of ``state`` as HTML (``<div class="cardlab-nines-table">``): the
    three nines (the one left marked ``cardlab-nine-left``), each opponent's pile of six with his
    placed card on top or at the bottom (face down until the declarer has left his nine, unless
    it is ``seat``'s own), and who scores. Built from ``state.view(seat)`` when ``seat`` is given.
    Raises ``ValueError`` if no three nines has been declared by ``state``."""
    ni = state.view(seat).nines if seat is not None else state.nines
    if ni is None:
        raise ValueError("no three nines has been declared in this hand (yet)")
    names = state.names
    d = ni["declarer"]
    nines = "".join(
        f'<div class="cardlab-slot">{card_svg(c, extra_class="cardlab-nine-left" if ni["left"] == c else None)}'
        f'<span>{"left on the table" if ni["left"] == c else ("taken back" if ni["left"] else "face up")}</span></div>'
        for c in ni["nines"])
    piles = []
    for opp in ((d + 1) % 4, (d + 3) % 4):
        if opp not in ni["placed"]:
            piles.append(f'<div class="cardlab-pile" data-seat="{opp}"><div class="cardlab-label">{_t(names[opp])}: '
                         f'not placed yet</div><div class="cardlab-cards">{card_back_svg(size="sm")}</div></div>')
            continue
        c, pos = ni["placed"][opp]
        open_ = seat is None and ni["left"] is not None or (seat is not None and c is not None)
        if c is None and pos is None:
            body = card_back_svg(size="sm", title="His pile: nothing placed")
            words = "no card of those suits: nothing placed"
        else:
            img = (card_svg(c, size="sm", extra_class="cardlab-placed-card") if open_ else
                   card_back_svg(size="sm", extra_class="cardlab-placed-card", title=f"Placed card ({pos})"))
            rest = card_back_svg(size="sm", title="The rest of his pile")
            body = img + rest if pos == "top" else rest + img
            words = f"placed at the {pos}" + (f": {c}" if open_ else " (face down)")
        piles.append(f'<div class="cardlab-pile" data-seat="{opp}" data-pos="{escape(pos or "")}"><div '
                     f'class="cardlab-label">{_t(names[opp])}: {_t(words)}</div><div class="cardlab-cards" '
                     f'style="flex-direction:column">{body}</div></div>')
    if ni["winner"] is not None:
        aw = [a for a in state.awards if a.reason == "three_nines"][0]
        end = (f'<div class="cardlab-result" data-winner-pair="{ni["winner"]}"><div class="cardlab-result-head">'
               f'{_t(state.pair_name(ni["winner"]))} uncover {aw.points}</div><div class="cardlab-result-text">'
               f'{_t(aw.text[:1].upper() + aw.text[1:])}.</div></div>')
    else:
        waiting = state.names[state.to_act] if state.to_act is not None else ""
        end = f'<div class="cardlab-status">Waiting for {_t(waiting)}.</div>'
    return (f'<div class="cardlab-table cardlab-nines-table">{_STYLE}<div class="cardlab-caption">Three nines by '
            f'{_t(names[d])} ({_t(state.pair_name(d % 2))})</div><div class="cardlab-cards">{nines}</div>'
            f'<div class="cardlab-middle">{"".join(piles)}</div>{end}</div>')


def state_text(state: "Mariage4State", seat: int | None = None) -> str:
    """Plain-text table of a four-player state (hidden cards written ``??``); same seat rules
    as :func:`state_html`."""
    if seat is not None and (seat not in (0, 1, 2, 3) or isinstance(seat, bool)):
        raise ValueError(f"seat must be None (all cards open) or 0 to 3, not {seat!r}")
    facts, v = _table_facts(state, seat)
    names = state.names
    trump = state.trump        # in force: None before it is fixed and in a contract without trumps
    view = "all cards open" if seat is None else f"{names[seat]}'s view"
    words = "trumps not fixed" if state.named_trump is None else _trump_words(state)
    lines = [f"{state.rules.name} · {names[state.dealer]} deals · {words} · {view}"]
    for s in range(4):
        cards, _known, hidden = facts[s]
        txt = " ".join([format_cards(sort_hand(cards, trump))] * bool(cards) + ["??"] * hidden) or "(none)"
        tags = [t for t, on in (("dealer", s == state.dealer), ("to act", state.to_act == s),
                                ("sits out", state.sitting_out == s)) if on]
        lines.append(f"{names[s]}{' (' + ', '.join(tags) + ')' if tags else ''}: {txt}")
    if state.contract:
        lines.append(f"Contract: {CONTRACT_NAMES[state.contract[0]]} by {names[state.contract[1]]}")
    if state.trick:
        lines.append("Trick: " + ", ".join(f"{names[s_]} {c}" for s_, c in state.trick_by_seat()))
    lines.append(f"Points: {_pairs_points_words(state)}")
    if state.result is not None:
        r = state.result
        lines.append(f"Hand over: {result_headline(state)}. {r.explanation[:1].upper() + r.explanation[1:]}.")
    else:
        lines.append(_phase_words(state))
    return "\n".join(lines)


# -- the eight (the score keeper's) ------------------------------------------------------------

_RED = "#c62828"
_BLACK = "#1b1b1b"
_PIP_W = 16

#: Pip centres on an 88×124 card, in the order they are uncovered (reading order: top row left
#: and right, upper centre, middle row, lower centre, bottom row): an eight of up to 8 pips.
PIP_ORDER: tuple[tuple[int, int], ...] = (
    (24, 24), (64, 24), (44, 43), (24, 62), (64, 62), (44, 81), (24, 100), (64, 100),
)


def eight_svg(eight: "Eight", suit: Suit = Suit.HEARTS, label: str = "", size: str = "md") -> str:
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
    return _draw_eight(eight.pips, eight.size, eight.coat, eight.lining, suit, label, scale)


def _draw_eight(pips: int, size: int, coat: bool, lining: bool, suit: Suit, label: str, scale: float) -> str:
    """:func:`eight_svg` of an eight given by its numbers: ``pips`` uncovered of ``size``, a fur
    ``coat`` and a ``lining``, drawn ``scale`` times 110×170."""
    color = _RED if suit.is_red else _BLACK
    w, h = 110, 170
    words = _words(pips, size, coat, lining, label)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="cardlab-eight" data-pips="{pips}" '
             f'data-size="{size}" data-coat="{int(coat)}" data-lining="{int(lining)}" '
             f'width="{w * scale:g}" height="{h * scale:g}" viewBox="0 0 {w} {h}" role="img" '
             f'aria-label="{escape(words)}"><title>{escape(words)}</title>']
    ox, oy = 11, 14  # the eight card's top-left corner
    if lining:
        parts.append(f'<rect class="cardlab-lining" x="{ox - 6}" y="{oy + 14}" width="88" height="124" rx="8" '
                     f'fill="#8d6e63" stroke="#5d4037" stroke-width="2"/>')
    parts.append(f'<g transform="translate({ox} {oy})">'
                 '<rect x="1" y="1" width="86" height="122" rx="8" fill="#fff" stroke="#8e969c" stroke-width="2"/>'
                 f'<text x="6" y="16" font-size="14" font-weight="700" fill="{color}" '
                 'font-family="DejaVu Sans, Arial, sans-serif">8</text>')
    for i, (cx, cy) in enumerate(PIP_ORDER[:size]):
        up = i < pips
        cls = "cardlab-pip cardlab-uncovered" if up else "cardlab-pip cardlab-covered"
        paint = f'fill="{color}"' if up else 'fill="none" stroke="#b0b7bc" stroke-width="5"'
        s = _PIP_W / 100
        parts.append(f'<path class="{cls}" data-pip="{i + 1}" d="{_SUIT_PATHS[suit]}" '
                     f'transform="translate({cx - _PIP_W / 2:g} {cy - _PIP_W / 2:g}) scale({s:g})" {paint}/>')
    if pips < size:  # the cover card: it hides every pip from the next one to uncover on
        nx, ny = PIP_ORDER[pips]
        top = max(2, ny - 11)
        if pips and PIP_ORDER[pips - 1][1] == ny:  # the row is half uncovered: a notch
            d = f"M{nx - 11} {top}H87V123H1V{ny + 11}H{nx - 11}Z"
        else:
            d = f"M1 {top}H87V123H1Z"
        parts.append(f'<path class="cardlab-cover" d="{d}" fill="#9aa5ad" fill-opacity="0.55" '
                     'stroke="#6b7780" stroke-width="1.5"/>')
    parts.append("</g>")
    if coat:
        parts.append(f'<g class="cardlab-coat"><rect x="{ox + 4}" y="{oy - 10}" width="80" height="46" rx="6" '
                     'fill="#3e2723" stroke="#1b0f0c" stroke-width="2"/>'
                     f'<text x="{ox + 44}" y="{oy + 18}" font-size="13" text-anchor="middle" fill="#fff" '
                     'font-family="DejaVu Sans, Arial, sans-serif">fur coat</text></g>')
    parts.append(f'<text x="{w / 2:g}" y="{h - 6}" font-size="11" text-anchor="middle" fill="#333" '
                 f'font-family="DejaVu Sans, Arial, sans-serif">{escape(label or f"{pips} / {size}")}'
                 '</text></svg>')
    return "".join(parts)


def _words(pips: int, size: int, coat: bool, lining: bool, label: str) -> str:
    who = f"{label}: " if label else ""
    marks = " with a fur coat and a lining (a suit)" if lining else (" with a fur coat" if coat else "")
    return f"{who}eight with {pips} of {size} pips uncovered{marks}"


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

#: The quantities of :data:`cardlab.render.HIDE_TOKENS` this renderer draws (each left out when
#: ``hide`` names it), and those its result text states in words (left out with the result text).
WRITES: frozenset = frozenset({"card_points", "pips", "result"})
RESULT_STATES: frozenset = frozenset({"card_points", "pips"})


# ---------------------------------------------------------------------------------------------
# The student handout (cardlab.render.handout draws it): the rules in plain words, for a beginner

from .handout import Teaching, PACK_POINTS, TRICK_WINNER, pack_24_picture, same_words, words_for, yes_no  # noqa: E402  (the handout's pieces)


def _eight_picture(rules) -> str:
    """Four-player Mariage: a pair's eight of ``rules.pips`` pips with 3 uncovered (drawn as by
    :func:`eight_svg`)."""
    svg = _draw_eight(3, rules.pips, False, False, Suit.HEARTS, " ", 1.0)
    # the caption says it in words: no label drawn under the card
    svg = svg.replace('aria-label=" : ', 'aria-label="').replace("<title> : ", "<title>")
    return (f'<div class="handout-group handout-eight">{svg}'
            f'<figcaption>An <b>eight</b>: 3 pips uncovered.</figcaption></div>')


HANDOUT = Teaching(
    intro="Four players in two pairs; partners sit opposite each other. All the cards are dealt, 6 each: there "
          "is no stock.",
    sections=(
        ("What you need", (
            PACK_POINTS,
            "Each pair keeps its score on an **eight**: an eight card half covered by another card.")),
        ("The aim", (
            "Your pair wants **66 points** in a hand (partners' tricks and marriages count together). For "
            "every game point won, uncover one pip on your eight; a full eight ({pips} pips) is an eight won, and "
            "extra points go on to the next. The first pair to win {eights_to_win} eights wins the game.",)),
        ("Cut and deal", (
            "The player on the dealer's right cuts. If a nine is then at the bottom, it is shown and he cuts "
            "again; a nine {nine_cuts} times running gives the dealing pair {nine_cut_points} game point and the "
            "deal passes on.",
            "The dealer deals 3 cards each, starting on his left. That player (**eldest**) names trumps from them, "
            "or says no. Then 3 more cards each; if eldest said no, his last card is turned face up and sets "
            "trumps.")),
        ("Before play", (
            "In turn from eldest, each player passes or calls. **Redeal**, before any other call (the same dealer "
            "deals again): fewer than {redeal_points_below} card points in your hand; all four nines; or your "
            "pair has no trump, one trump, or just the 9 and J of trumps in different hands (ask your partner).",
            "**Three nines**: lay three nines face up. Each opponent puts a card of one of those suits on top or "
            "at the bottom of his pile, saying which. You take back two nines: if a placed card has the suit of "
            "the one left, the opponents score {nines_points} game points, otherwise your pair does. Then the "
            "calls go on.",
            "**A contract**, higher than any already called: five, six, fur coat, suit. You lead, your partner "
            "puts his cards away, trumps have no power, all follow suit, and you must win every trick. **Five**: "
            "you and each opponent first set one card aside; worth 5 game points. **Six**: worth 6. **Fur coat**: "
            "the winners take the whole eight and lay a fur coat on the losers' eight; **suit**: a coat and a "
            "lining under it. If an opponent takes a trick, the opponents score it instead. For five, fur coat and "
            "suit you must hold a card they could beat.")),
        ("The play", (
            TRICK_WINNER + " Eldest leads to the first trick; the winner of a trick leads to the next. You must "
            "follow suit; if you cannot, you must trump if you can.",)),
        ("Marriages", (
            "About to lead, even on the first lead, you may declare a **marriage** (K and Q of one suit in your "
            "hand): 40 points in trumps, 20 otherwise; then lead its K or Q. It counts once your pair has a "
            "trick. If it brings your pair to 66 you may show it without leading; if you are wrong the hand "
            "ends and the opponents score {false_claim_points} game point.",)),
        ("Scoring a hand", (
            "A pair reaching 66 stops the play and scores 3 game points if the opponents took no trick, 2 if they "
            "have under 33, else 1. If no pair reaches 66, the pair that took the last trick scores "
            "{last_trick_points} game point.",)),
        ("How the game ends", (
            "The first pair to win {eights_to_win} eights wins the game. The deal passes clockwise.",)),
    ),
    presets={"russian": "Russian Mariage for four", "literal": "A more literal reading of the old rules"},
    differences={
        "scoring": words_for({"literal": "a pair reaching 66 scores 3 if the opponents took no trick, otherwise 1",
                            "1-2-3": "a pair reaching 66 scores 1, 2 or 3"}),
        "turned_card": words_for({"third": "if eldest does not name trumps, his 3rd card is turned",
                                "sixth": "if eldest does not name trumps, his 6th card is turned"}),
        "false_claim": words_for({"play_on": "after a wrong marriage claim the opponents score, but the marriage is "
                                           "led and play goes on",
                                "ends_hand": "a wrong marriage claim ends the hand"}),
        "coat_rule": words_for({"six_points": "a won fur coat or suit is worth 6 game points besides its mark",
                              "win_eight": "a won fur coat or suit wins the whole eight"}),
        "carry_over": words_for({"six_only": "points beyond a full eight go on to the next only after six",
                               "never": "points beyond a full eight are lost",
                               "always": "points beyond a full eight go on to the next"}),
        "marriage_needs_trick": yes_no("a marriage counts once the pair has a trick",
                                     "a marriage counts at once, even before a trick"),
        "contract_after_nines": words_for({"not_declarer": "after three nines, only the other players may call a "
                                                         "contract", "anyone": "anyone may call a contract"}),
        "overcall": words_for({"other_pair": "only the other pair may call a higher contract",
                             "anyone": "anyone may call a higher contract"}),
        "cutter": words_for({"left": "the player on the dealer's left cuts", "right": "the dealer's right cuts"}),
        "nine_cut_rule": yes_no("a nine at the bottom means cutting again", "a nine at the bottom does not matter"),
        "redeal_dealer": words_for({"next": "after a redeal the next player deals", "same": "the same dealer deals"}),
        "three_nines": yes_no("three nines may be called", "there is no three nines call"),
        "nines_from_partner": yes_no("with two nines you may ask your partner for the third", "no asking for nines"),
        "five_aside": words_for({"last": "in five, the declarer sets aside his 6th card",
                               "choose": "in five, the declarer chooses the card to set aside"}),
        "opponents_set_aside": yes_no("in five the opponents set a card aside too", "in five the opponents keep 6"),
        "beatable_rule": yes_no("contracts need a card the opponents could beat", "any hand may call a contract"),
        "contract_trumps": yes_no("trumps keep their power in contracts", "trumps have no power in contracts"),
        "must_head": yes_no("following suit, you must beat the highest card of the suit if you can",
                          "you never have to beat the card led"),
        "marriage_on_first_lead": yes_no("marriages on the first lead too", "no marriage on the first lead"),
        "partner_can_meld": yes_no("the leader may declare his partner's marriage", "only your own marriage"),
        "no_66": words_for({"nobody": "if no pair reaches 66, nobody scores",
                          "last_trick": "if no pair reaches 66, the last trick scores"}),
        "eights_to_win": same_words("the first pair to win {v} eights wins"),
    },
    written_for={"cutter": "right", "nine_cut_rule": True, "nine_cut_award": "dealers", "turned_card": "sixth",
                 "redeal_nines": True, "redeal_trumps": True, "redeal_dealer": "same", "three_nines": True,
                 "nines_from_partner": False, "contract_after_nines": "anyone",
                 "contracts": ("five", "six", "coat", "suit"), "five_aside": "choose", "opponents_set_aside": True,
                 "overcall": "anyone", "beatable_rule": True, "contract_trumps": False, "coat_rule": "win_eight",
                 "must_head": False, "marriage_on_first_lead": True, "marriage_needs_trick": True,
                 "partner_can_meld": False, "false_claim": "ends_hand", "scoring": "1-2-3", "no_66": "last_trick",
                 "carry_over": "always"},
    picture=lambda module, rules: pack_24_picture(module, rules, extra=_eight_picture(rules)),
)
