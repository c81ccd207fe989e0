"""Four-player Mariage as HTML/SVG and as text (renders :mod:`cardlab.mariage4` states).

The partner at the top, the opponents at the sides, the viewer at the bottom; trumps, the
contract, the three-nines game and the trick in the middle. A seat's view is built only from
``state.view(seat)`` (a :class:`~cardlab.mariage4.Mariage4View`), so another seat's hidden cards
(the partner's too) are never written into the output. :func:`nines_html` draws the three-nines
game on its own (for :mod:`cardlab.mariage4_widgets`).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..cards import format_cards
from ..mariage4 import CONTRACT_NAMES, VARIANT
from ..mariage4_explain import waiting_for
from .cards import STYLE, around_html, card_back_svg, hide_set, table_class, card_chip, card_svg, sort_hand, text_escape

if TYPE_CHECKING:
    from ..mariage4 import Mariage4State

__all__ = ["state_html", "state_text", "nines_html"]

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


def _phase_words(state: "Mariage4State") -> str:
    if state.result is not None:
        return "The hand is over."
    who = state.names[state._to_act]
    words = waiting_for(state)
    return words[0].upper() + words[1:] + "." if state.phase != "play" else (
        f"{who} to play to the trick." if state.trick else
        (f"{who} announced the {state.pending_marriage.symbol} marriage and must lead its king or queen."
         if state.pending_marriage else f"{who} to lead."))


def state_html(state: "Mariage4State", seat: int | None = None, hide: frozenset = frozenset(),
               layout: str = "column") -> str:
    """HTML table of a four-player state: all cards open (``seat=None``) or one seat's view,
    built from ``state.view(seat)`` so hidden cards (the partner's too) are never written.

    ``hide`` (tokens of :data:`~cardlab.render.cards.HIDE_TOKENS`): ``"card_points"`` leaves out
    the pairs' card points, ``"result"`` the result box (the status then says only that the hand
    is over), ``"pips"`` what the hand uncovers on the eights (the result's text, which also
    counts card points, goes with either); the special contracts are not bids and stay.
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
    trump = state.named_trump
    order = [(seat if seat is not None else 0) + k for k in (2, 1, 3, 0)]
    order = [x % 4 for x in order]  # partner on top, then the opponents, the viewer last
    players = []
    for s in order:
        cards, known, hidden = facts[s]
        imgs = [card_svg(c, extra_class="cardlab-known" if c in known else None) for c in sort_hand(cards, trump)]
        imgs += [card_back_svg() for _ in range(hidden)]
        if state.aside[s]:
            imgs.append(f'<span class="cardlab-badge">{len(state.aside[s])} set aside / thrown in</span>')
        if not imgs:
            imgs.append('<span class="cardlab-empty">none</span>')
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
        players.append(
            f'<div class="{cls}" data-seat="{s}"><div class="cardlab-head"><span class="cardlab-name">'
            f'{_t(names[s])}</span><span class="cardlab-points">pair {"A" if s % 2 == 0 else "B"}</span>'
            f'{"".join(badges)}</div><div class="cardlab-hand cardlab-cards" data-seat="{s}">{"".join(imgs)}</div>'
            f'<div class="cardlab-taken" data-seat="{s}">{len(won)} trick{"s" if len(won) != 1 else ""}'
            f'{": " if won else ""}{taken}</div></div>')
    # the middle: trumps, the nines game, the trick
    mid = []
    info = [f"trumps {trump.symbol}" if trump is not None else "trumps not fixed yet"]
    if state.trump_turned is not None:
        info.append(f"turned {state.trump_turned}")
    if state.contract:
        info.append(f"contract {CONTRACT_NAMES[state.contract[0]]} by {names[state.contract[1]]}"
                    + (", no trumps" if state.trump is None else ""))
    elif state.standing:
        info.append(f"standing: {CONTRACT_NAMES[state.standing[0]]} by {names[state.standing[1]]}")
    bottoms = state.bottom_cards if v is None else v.bottom_cards
    if bottoms:
        info.append("bottom after the cuts: " + " ".join(str(c) for c in bottoms))
    if "card_points" not in hide:
        info.append(f"card points {state.pair_name(0)} {state.pair_points(0)} – "
                    f"{state.pair_name(1)} {state.pair_points(1)}")
    mid.append(f'<div class="cardlab-label">{_t(" · ".join(info))}</div>')
    ni = v.nines if v is not None else state.nines
    if ni is not None and layout == "table":     # the nines game on one line, its cards as chips
        parts = [f'{card_chip(c)} {"left" if ni["left"] == c else ("taken back" if ni["left"] else "on the table")}'
                 for c in ni["nines"]]
        for s_, (c, pos) in ni["placed"].items():
            shown = seat is None or ni["left"] is not None or s_ == seat
            what = "nothing" if c is None else (card_chip(c) if shown else "a card face down")
            parts.append(f'<span class="cardlab-placed" data-seat="{s_}" data-pos="{pos or ""}">{_t(names[s_])}: '
                         f'{what}{" at the " + pos if pos else ""}</span>')
        mid.append(f'<div class="cardlab-nines"><div class="cardlab-label">Three nines by {_t(names[ni["declarer"]])}: '
                   f'{" · ".join(parts)}</div></div>')
    elif ni is not None:
        slots = "".join(f'<div class="cardlab-slot">{card_svg(c, extra_class="cardlab-nine")}<span>'
                        f'{"left" if ni["left"] == c else ("taken back" if ni["left"] else "on the table")}'
                        '</span></div>' for c in ni["nines"])
        for s_, (c, pos) in ni["placed"].items():
            shown = seat is None or ni["left"] is not None or s_ == seat
            img = ('<span class="cardlab-empty">none</span>' if c is None else
                   (card_svg(c) if shown else card_back_svg(title="Placed card, face down")))
            slots += (f'<div class="cardlab-slot cardlab-placed" data-seat="{s_}" data-pos="{pos or ""}">{img}'
                      f'<span>{_t(names[s_])}{": " + pos if pos else ""}</span></div>')
        mid.append(f'<div class="cardlab-nines"><div class="cardlab-label">Three nines by {_t(names[ni["declarer"]])}'
                   f'</div><div class="cardlab-cards">{slots}</div></div>')
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
    mid.append(f'<div class="{cls}" data-cards="{n}"><div class="cardlab-label">{_t(label)}</div>'
               f'<div class="cardlab-cards">{body}</div></div>')
    if state.result is not None and "result" not in hide:
        r = state.result
        text = ("" if hide & {"card_points", "pips"} else
                f'<div class="cardlab-result-text">{_t(r.explanation[:1].upper() + r.explanation[1:])}.</div>')
        end = (f'<div class="cardlab-result" data-reason="{escape(r.reason)}"><div class="cardlab-result-head">'
               f'{_t("Redeal." if r.redeal else "Hand over.")}</div>{text}</div>')
    else:
        end = f'<div class="cardlab-status">{_t(_phase_words(state))}</div>'
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
            f'{_STYLE}<div class="cardlab-caption">{_t(caption)}</div>{seats}{end}</div>')



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
    trump = state.named_trump
    view = "all cards open" if seat is None else f"{names[seat]}'s view"
    lines = [f"{state.rules.name} · {names[state.dealer]} deals · trumps "
             f"{trump.symbol if trump is not None else 'not fixed'} · {view}"]
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
    lines.append(f"Card points: {state.pair_name(0)} {state.pair_points(0)} – "
                 f"{state.pair_name(1)} {state.pair_points(1)}")
    if state.result is not None:
        lines.append("Hand over: " + state.result.explanation + ".")
    else:
        lines.append(_phase_words(state))
    return "\n".join(lines)
