"""Three-player Mariage as HTML/SVG and as text (renders :mod:`cardlab.mariage3` states).

The two other players at the top, the trumps and the trick in the middle, the viewer at the
bottom. A seat's view is built only from ``state.view(seat)`` (a
:class:`~cardlab.mariage3.Mariage3View`), so another seat's hidden cards and the cards not yet
dealt are never written into the output.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..cards import format_cards
from ..mariage3 import SEATS, VARIANT
from .cards import (CSS, around_html, card_back_svg, hide_set, table_class, card_chip, card_svg, play_status,
                    points_words, sort_hand, uncounted_marriage_words)

if TYPE_CHECKING:
    from ..mariage3 import Mariage3State

__all__ = ["state_html", "state_text"]

_CSS_M3 = (".cardlab-table .cardlab-m3-others{display:flex;flex-wrap:wrap;gap:0 16px}"
           ".cardlab-table .cardlab-m3-others>.cardlab-player{flex:1 1 200px}")


class _Table:
    """What one view of the table shows: all cards (``seat=None``) or, for a seat, only what
    its :class:`Mariage3View` holds."""

    __slots__ = ("seat", "names", "dealer", "rules_name", "trump", "turnup", "turnup_holder", "named_by", "hands",
                 "hidden", "known", "undealt", "undealt_hidden", "trick", "by_seat", "leader", "tricks", "points",
                 "tricks_won", "marriages", "pending", "to_act", "result", "trick_number", "phase")


def _table(state: "Mariage3State", seat: int | None) -> _Table:
    t = _Table()
    t.seat = seat
    t.names = state.names
    t.dealer = state.dealer
    t.rules_name = state.rules.name
    t.trick_number = state.trick_number
    if seat is None:
        t.phase = state.phase
        t.trump = state.trump
        t.turnup = state.turnup
        t.named_by = state.trump_named_by
        t.hands = state.hands
        t.hidden = (0, 0, 0)
        t.known = tuple(frozenset(c for c in state.hands[s] if c in state.shown[s]) for s in SEATS)
        t.undealt = state.undealt
        t.undealt_hidden = 0
        t.trick = state.trick
        t.by_seat = state.trick_by_seat()
        t.leader = state.leader
        t.tricks = state.tricks
        t.points = tuple(state.points(s) for s in SEATS)
        t.tricks_won = state.tricks_won
        t.marriages = state.marriages
        t.pending = state.pending_marriage
        t.to_act = state.to_act
        t.result = state.result
    else:
        if seat not in SEATS or isinstance(seat, bool):
            raise ValueError(f"seat must be None (all cards open), 0, 1 or 2, not {seat!r}")
        v = state.view(seat)
        t.phase = v.phase
        t.trump = v.trump
        t.turnup = v.turnup
        t.named_by = v.trump_named_by
        t.hands = tuple(v.hand if s == seat else v.known[s] for s in SEATS)
        t.hidden = tuple(0 if s == seat else v.hand_sizes[s] - len(v.known[s]) for s in SEATS)
        t.known = tuple(frozenset(v.known[s]) if s != seat else frozenset() for s in SEATS)
        t.undealt = ()
        t.undealt_hidden = 24 - sum(v.hand_sizes) - 3 * len(v.tricks) - len(v.trick)
        t.trick = v.trick
        t.by_seat = v.trick_by_seat()
        t.leader = v.leader
        t.tricks = v.tricks
        t.points = v.points
        t.tricks_won = v.tricks_won
        t.marriages = v.marriages
        t.pending = v.pending_marriage
        t.to_act = v.to_act
        t.result = v.result
    t.turnup_holder = state.turnup_holder
    return t


def _marriage_words(t: _Table, seat: int) -> str:
    """The seat's declared marriages that do not count yet (no trick taken): they are not in its points."""
    if t.tricks_won[seat]:
        return ""
    return uncounted_marriage_words([(s, p) for (who, s, p) in t.marriages if who == seat], t.result is not None)


def _points_words(t: _Table, seat: int) -> str:
    """The seat's count: ``"12 card points"``, or ``"32 points (12 card points + marriage ♦ 20)"``."""
    counted = [(s, p) for (who, s, p) in t.marriages if who == seat] if t.tricks_won[seat] else []
    return points_words(t.points[seat], t.tricks, (seat,), counted)


def _status(t: _Table) -> str:
    if t.result is not None:
        return "The hand is over."
    n = t.names[t.to_act]
    if t.phase == "trumps":
        return f"{n} (eldest) to name trumps, or to have the next card turned up."
    return play_status(n, t.names, t.leader, t.trick, t.pending)


def _result_words(t: _Table) -> tuple[str, str]:
    r = t.result
    pays = ", ".join(f"{t.names[s]} pays {r.payments[s]}" for s in SEATS if s != r.winner)
    head = f"{t.names[r.winner]} wins the hand and receives {r.game_points} game points ({pays})."
    pts = "–".join(map(str, r.points))
    tr = "–".join(map(str, r.tricks))
    return head, f"{r.explanation[:1].upper()}{r.explanation[1:]}. Points {pts}, tricks {tr}."


def _player_html(t: _Table, seat: int, hide: frozenset = frozenset()) -> str:
    badges = []
    if seat == (t.dealer + 1) % 3:
        badges.append('<span class="cardlab-badge">eldest</span>')
    if seat == t.dealer:
        badges.append('<span class="cardlab-badge">dealer</span>')
    if t.to_act == seat:
        badges.append('<span class="cardlab-badge cardlab-turn">to act</span>')
    if t.named_by == seat:
        badges.append('<span class="cardlab-badge">named trumps</span>')
    facts = [] if "card_points" in hide else [_points_words(t, seat)]
    m = _marriage_words(t, seat)
    if m:
        facts.append(m)
    cards = [card_svg(c, extra_class="cardlab-known" if c in t.known[seat] else None)
             for c in sort_hand(t.hands[seat], t.trump)]
    cards.extend(card_back_svg() for _ in range(t.hidden[seat]))
    if not cards:
        cards.append('<span class="cardlab-empty">no cards</span>')
    taken = [tr for tr in t.tricks if tr.winner == seat]
    n = len(taken)
    pairs = "".join(f'<span class="cardlab-pair">{"".join(card_chip(c) for c in tr.played)}</span>' for tr in taken)
    cls = "cardlab-player cardlab-to-act" if t.to_act == seat else "cardlab-player"
    return (f'<div class="{cls}" data-seat="{seat}"><div class="cardlab-head">'
            f'<span class="cardlab-name">{escape(t.names[seat], quote=False)}</span>{"".join(badges)}'
            f'<span class="cardlab-points">{escape(" · ".join(facts), quote=False)}</span></div>'
            f'<div class="cardlab-hand cardlab-cards" data-seat="{seat}">{"".join(cards)}</div>'
            f'<div class="cardlab-taken" data-seat="{seat}">{n} trick{"s" if n != 1 else ""} taken'
            f'{": " if n else ""}{pairs}</div></div>')


def _trumps_html(t: _Table) -> str:
    if t.trump is None:
        if t.undealt:
            faces = "".join(card_svg(c, size="sm") for c in t.undealt)
            body = (f'<div class="cardlab-slot"><div class="cardlab-cards cardlab-small">{faces}</div>'
                    f'<span>still to deal, in order</span></div>')
        else:
            body = (f'<div class="cardlab-slot">{card_back_svg()}<span>{t.undealt_hidden} cards still to deal'
                    f'</span></div>')
        label = "Trumps: not fixed yet"
    elif t.turnup is not None:
        holder = t.names[t.turnup_holder]
        in_hand = any(t.turnup in tr.played for tr in t.tricks) or t.turnup in t.trick
        cls = "cardlab-gone" if in_hand else None
        note = f"turn-up, {holder}'s" + (" (played)" if in_hand else "")
        body = (f'<div class="cardlab-slot">{card_svg(t.turnup, extra_class=cls)}<span>{escape(note, quote=False)}'
                f'</span></div>')
        label = f"Trumps {t.trump.symbol}"
    else:
        body = (f'<div class="cardlab-slot"><span class="cardlab-empty">{t.trump.symbol}</span>'
                f'<span>named by {escape(t.names[t.named_by], quote=False)}</span></div>')
        label = f"Trumps {t.trump.symbol}"
    return (f'<div class="cardlab-stock" data-size="0"><div class="cardlab-label">{label} · no stock</div>'
            f'<div class="cardlab-cards">{body}</div></div>')


def _trick_html(t: _Table) -> str:
    if t.trick or not t.tricks:
        slots = []
        for i, (seat, c) in enumerate(t.by_seat):
            who = t.names[seat]
            slots.append(f'<div class="cardlab-slot">{card_svg(c)}<span>{escape(who, quote=False)} '
                         f'{"led" if i == 0 else "played"}</span></div>')
        for i in range(len(t.trick), 3):
            who = t.names[(t.leader + i) % 3]
            slots.append(f'<div class="cardlab-slot"><span class="cardlab-empty">?</span>'
                         f'<span>{escape(who, quote=False)}</span></div>')
        label = f"Trick {t.trick_number}"
        cls = "cardlab-trick"
    else:
        last = t.tricks[-1]
        slots = [f'<div class="cardlab-slot">{card_svg(c)}<span>{escape(t.names[who], quote=False)} '
                 f'{"led" if i == 0 else "played"}</span></div>' for i, (who, c) in enumerate(last.cards)]
        label = f"Last trick ({len(t.tricks)}): {t.names[last.winner]} won it"
        cls = "cardlab-trick cardlab-last-trick"
    return (f'<div class="{cls}" data-cards="{len(t.trick)}"><div class="cardlab-label">{escape(label, quote=False)}'
            f'</div><div class="cardlab-cards">{"".join(slots)}</div></div>')


def state_html(state: "Mariage3State", seat: int | None = None, hide: frozenset = frozenset(),
               layout: str = "column") -> str:
    """The table of a three-player Mariage state as HTML (what :func:`cardlab.render.state_html`
    returns for it): the two other players at the top, the trumps and the trick in the middle,
    the viewer (``seat``, or seat 0 when all cards are open) at the bottom. ``seat=None`` shows
    every card; a seat shows only its :class:`Mariage3View` (others' cards face down, except those
    shown to the table).

    ``hide`` (tokens of :data:`~cardlab.render.cards.HIDE_TOKENS`): ``"card_points"`` leaves out
    each player's points (and the result's text, which counts them), ``"result"`` the
    result box (the status then says only that the hand is over). ``layout``
    (:data:`~cardlab.render.cards.LAYOUTS`): ``"column"`` or ``"table"``. Raises ``ValueError`` if
    ``seat`` is not None, 0, 1 or 2, or for a bad token or layout."""
    hide = hide_set(hide)
    outer = table_class(layout)
    t = _table(state, seat)
    bottom = 0 if seat is None else seat
    view = "all cards open" if seat is None else f"{t.names[seat]}'s view"
    trump = t.trump.symbol if t.trump is not None else "not fixed"
    caption = f"{t.rules_name} · trumps {trump} · {t.names[t.dealer]} deals · trick {t.trick_number} · {view}"
    if t.result is not None and "result" not in hide:
        head, words = _result_words(t)
        text = "" if "card_points" in hide else f'<div class="cardlab-result-text">{escape(words, quote=False)}</div>'
        end = (f'<div class="cardlab-result" data-winner="{t.result.winner}" data-game-points="{t.result.game_points}">'
               f'<div class="cardlab-result-head">{escape(head, quote=False)}</div>{text}</div>')
    else:
        end = f'<div class="cardlab-status">{escape(_status(t), quote=False)}</div>'
    others = [_player_html(t, (bottom + k) % 3, hide) for k in (1, 2)]
    middle = f'<div class="cardlab-middle">{_trumps_html(t)}{_trick_html(t)}</div>'
    if layout == "table":
        seats = around_html(others, middle, _player_html(t, bottom, hide))
    else:
        seats = f'<div class="cardlab-m3-others">{"".join(others)}</div>{middle}{_player_html(t, bottom, hide)}'
    return (f'<div class="{outer}" data-variant="{VARIANT}" data-view="{"all" if seat is None else seat}">'
            f"<style>{CSS}{_CSS_M3}</style>"
            f'<div class="cardlab-caption">{escape(caption, quote=False)}</div>{seats}{end}</div>')


def state_text(state: "Mariage3State", seat: int | None = None) -> str:
    """The table as plain text (what :func:`cardlab.render.state_text` returns for it); a hidden
    card is written ``??``. Same parameters and errors as :func:`state_html`."""
    t = _table(state, seat)
    bottom = 0 if seat is None else seat
    view = "all cards open" if seat is None else f"{t.names[seat]}'s view"
    trump = t.trump.symbol if t.trump is not None else "not fixed"
    lines = [f"{t.rules_name} · trumps {trump} · {t.names[t.dealer]} deals · trick {t.trick_number} · {view}"]

    def player(s: int) -> list[str]:
        tags = [x for x, ok in (("eldest", s == (t.dealer + 1) % 3), ("dealer", s == t.dealer),
                                ("to act", t.to_act == s)) if ok]
        cards = [format_cards(sort_hand(t.hands[s], t.trump))] if t.hands[s] else []
        cards += ["??"] * t.hidden[s]
        facts = [_points_words(t, s), f"{t.tricks_won[s]} trick{'s' if t.tricks_won[s] != 1 else ''}"]
        m = _marriage_words(t, s)
        if m:
            facts.append(m)
        out = [f"{t.names[s]}{' (' + ', '.join(tags) + ')' if tags else ''}: {' '.join(cards) or '(none)'}",
               f"    {', '.join(facts)}"]
        taken = [format_cards(tr.played) for tr in t.tricks if tr.winner == s]
        if taken:
            out.append("    taken: " + " | ".join(taken))
        return out

    for k in (1, 2):
        lines += player((bottom + k) % 3)
    if t.trump is None:
        rest = format_cards(t.undealt) if t.undealt else f"{t.undealt_hidden} cards"
        lines.append(f"Trumps not fixed yet; still to deal: {rest}")
    elif t.turnup is not None:
        lines.append(f"Trumps {t.trump.symbol}: turn-up {t.turnup} ({t.names[t.turnup_holder]}'s); no stock")
    else:
        lines.append(f"Trumps {t.trump.symbol}, named by {t.names[t.named_by]}; no stock")
    if t.trick:
        played = ", ".join(f"{t.names[seat]} {'led' if i == 0 else 'played'} {c}"
                           for i, (seat, c) in enumerate(t.by_seat))
        lines.append(f"Trick {t.trick_number}: {played}")
    elif t.tricks:
        last = t.tricks[-1]
        lines.append(f"Last trick: {format_cards(last.played)} (led by {t.names[last.leader]}); "
                     f"{t.names[last.winner]} won it")
    else:
        lines.append("Trick 1: no card led yet")
    lines += player(bottom)
    if t.result is not None:
        lines += list(_result_words(t))
    else:
        lines.append(_status(t))
    return "\n".join(lines)

#: The quantities of :data:`cardlab.render.HIDE_TOKENS` this renderer draws (each left out when
#: ``hide`` names it), and those its result text states in words (left out with the result text).
WRITES: frozenset = frozenset({"card_points", "result"})
RESULT_STATES: frozenset = frozenset({"card_points"})


# ---------------------------------------------------------------------------------------------
# The student handout (cardlab.render.handout draws it): the rules in plain words, for a beginner

from .handout import Teaching, PACK_POINTS, TRICK_WINNER, pack_24_picture, same_words, words_for, yes_no  # noqa: E402  (the handout's pieces)


HANDOUT = Teaching(
    intro="Three players, each on his own. All the cards are dealt: there is no stock.",
    sections=(
        ("What you need", (PACK_POINTS,)),
        ("The aim", (
            "Be the first to **66 points** in a hand, with tricks and marriages. Each opponent then pays you "
            "1, 2 or 3 **game points**; the first player to receive {target} game points wins the game.",)),
        ("The deal", (
            "The dealer deals 8 cards each, clockwise from his left, in packets of 3, 2 and 3. He shows his last "
            "card to everyone: its suit is **trumps**. The card stays in his hand.",)),
        ("The play", (
            TRICK_WINNER + " The player on the dealer's left leads to the first trick; the winner of a trick "
            "leads to the next.",
            "From the first trick you must follow suit; if you cannot, you must play a trump if you have one. "
            "You never have to beat the cards already played.")),
        ("Marriages", (
            "About to lead, even on the very first lead, you may declare a **marriage** (K and Q of one suit in your "
            "hand): 40 points in trumps, 20 otherwise. Then lead its K or Q; one marriage per lead. Its "
            "points count once you have won a trick.",)),
        ("Scoring a hand", (
            "The hand ends as soon as a player has 66 points: he wins it, and each opponent pays him 1 game "
            "point if the opponent has 33 points or more, 2 if fewer but he took a trick, 3 if he took no "
            "trick.",
            "If nobody reaches 66, the winner of the last trick wins the hand and each opponent pays him 1.",
            "Example: Ana reaches 66. Boris has 40 points and pays her 1 game point; Vera took one trick "
            "worth 14 and pays her 2.")),
        ("How the game ends", (
            "Write down the game points each player receives: the first to receive {target} wins the game. The "
            "deal passes to the left.",)),
    ),
    presets={"russian": "Russian Mariage for three", "pagat": "Three-handed German 66"},
    differences={
        "trump_rule": words_for({"eldest_chooses": "the player on the dealer's left may name trumps after seeing "
                                                 "his first 3 cards; if he does not, the first card of his next "
                                                 "packet is turned face up and sets trumps",
                               "dealer_last": "the dealer's last card sets trumps"}),
        "must_head": yes_no("when following suit you must beat the highest card of that suit in the trick if you can",
                          "you never have to beat the cards already played"),
        "must_trump": yes_no("if you cannot follow suit you must trump", "if you cannot follow suit, play any card"),
        "must_overtrump": yes_no("trumping a trick already trumped, you must play a higher trump if you can",
                               "a trump need not beat a trump already played"),
        "marriages": yes_no("marriages may be declared", "there are no marriages"),
        "marriage_on_first_lead": yes_no("a marriage may be declared on the first lead",
                                       "no marriage on the first lead"),
        "going_out": words_for({"play_out": "the hand never stops at 66: all eight tricks are played",
                              "automatic": "the hand ends as soon as a player has 66"}),
        "cards_out_rule": words_for({"most_points": "when the cards run out, the player with the most points "
                                                  "wins the hand",
                                   "last_trick": "when the cards run out, the winner of the last trick wins"}),
        "cards_out_payment": words_for({"scale": "each opponent pays 1, 2 or 3 as usual even then",
                                      "one": "when the cards run out, each opponent pays 1"}),
        "next_dealer": words_for({"winner": "the winner of a hand deals the next", "left": "the deal passes left"}),
        "game_count": words_for({"net": "the score counts what you received minus what you paid",
                               "received": "the score counts what you received"}),
        "target": same_words("the game is won with {v} game points"),
    },
    written_for={"trump_rule": "dealer_last", "must_head": False, "must_trump": True, "must_overtrump": False,
                 "marriages": True, "marriage_on_first_lead": True, "going_out": "automatic",
                 "cards_out_rule": "last_trick", "cards_out_payment": "one", "next_dealer": "left",
                 "game_count": "received"},
    picture=pack_24_picture,
)
