"""The test variant's tables as HTML and as text (renders :mod:`variant_kit.kit66` states).

The other player at the top, the trump card and the trick in the middle, the viewer at the
bottom. A seat's drawing is built from ``state.view(seat)`` only, so the other hand's hidden cards
are never written. Built on the shared pieces of :mod:`cardlab.render.cards`.
"""

from __future__ import annotations

from html import escape

from cardlab.cards import format_cards
from cardlab.render.cards import (CSS, around_html, card_back_svg, card_chip, card_svg, hide_set, play_status,
                                  points_words, sort_hand, table_class, uncounted_marriage_words)

from ..kit66 import SEATS, VARIANT

__all__ = ["state_html", "state_text"]


def _seen(state, seat):
    """``(hands, hidden counts, known cards, points, to_act, result)`` as ``seat`` sees them
    (``None``: everything open). Raises ``ValueError`` for a seat that is not None, 0 or 1."""
    if seat is None:
        known = tuple(frozenset(c for c in state.hands[s] if c in state.shown[s]) for s in SEATS)
        return state.hands, (0, 0), known, tuple(state.points(s) for s in SEATS), state.to_act, state.result
    if seat not in SEATS or isinstance(seat, bool):
        raise ValueError(f"seat must be None (all cards open), 0 or 1, not {seat!r}")
    v = state.view(seat)
    hands = tuple(v.hand if s == seat else v.known[s] for s in SEATS)
    hidden = tuple(0 if s == seat else v.hand_sizes[s] - len(v.known[s]) for s in SEATS)
    known = tuple(frozenset(v.known[s]) if s != seat else frozenset() for s in SEATS)
    return hands, hidden, known, v.points, v.to_act, v.result


def _count_words(state, points, seat: int) -> str:
    """The seat's count in every variant's words (:func:`cardlab.render.cards.points_words`): its
    marriages are in it once it has a trick [kit.marriage.first-lead]."""
    counted = [(s, p) for who, s, p in state.marriages if who == seat] if state.tricks_won[seat] else []
    return points_words(points[seat], state.tricks, (seat,), counted)


def _player_html(state, seen, seat: int, hide: frozenset) -> str:
    hands, hidden, known, points, to_act, _ = seen
    badges = ['<span class="cardlab-badge">dealer</span>'] if seat == state.dealer else []
    if to_act == seat:
        badges.append('<span class="cardlab-badge cardlab-turn">to act</span>')
    facts = [] if "card_points" in hide else [_count_words(state, points, seat)]
    ms = [(s, p) for who, s, p in state.marriages if who == seat]
    if ms and not state.tricks_won[seat]:             # the marriages not in the count words
        facts.append(uncounted_marriage_words(ms, state.result is not None))
    elif ms and "card_points" in hide:
        facts.append("marriage" + ("s " if len(ms) > 1 else " ") + ", ".join(f"{s.symbol} {p}" for s, p in ms))
    cards = [card_svg(c, extra_class="cardlab-known" if c in known[seat] else None)
             for c in sort_hand(hands[seat], state.trump)]
    cards += [card_back_svg() for _ in range(hidden[seat])]
    taken = [t for t in state.tricks if t.winner == seat]
    pairs = "".join(f'<span class="cardlab-pair">{"".join(card_chip(c) for c in t.played)}</span>' for t in taken)
    cls = "cardlab-player cardlab-to-act" if to_act == seat else "cardlab-player"
    return (f'<div class="{cls}" data-seat="{seat}"><div class="cardlab-head">'
            f'<span class="cardlab-name">{escape(state.names[seat], quote=False)}</span>{"".join(badges)}'
            f'<span class="cardlab-points">{escape(" · ".join(facts), quote=False)}</span></div>'
            f'<div class="cardlab-hand cardlab-cards" data-seat="{seat}">'
            f'{"".join(cards) or "<span class=cardlab-empty>no cards</span>"}</div>'
            f'<div class="cardlab-taken" data-seat="{seat}">{len(taken)} trick{"s" if len(taken) != 1 else ""} '
            f'taken{": " if taken else ""}{pairs}</div></div>')


def _middle_html(state) -> str:
    played = any(state.turnup in t.played for t in state.tricks) or state.turnup in state.trick
    note = f"trump card, {state.names[state.dealer]}'s" + (" (played)" if played else "")
    trumps = (f'<div class="cardlab-stock" data-size="0"><div class="cardlab-label">Trumps {state.trump.symbol} · '
              f'no stock</div><div class="cardlab-cards"><div class="cardlab-slot">'
              f'{card_svg(state.turnup, extra_class="cardlab-gone" if played else None)}'
              f'<span>{escape(note, quote=False)}</span></div></div></div>')
    slots = [f'<div class="cardlab-slot">{card_svg(c)}<span>{escape(state.names[s], quote=False)} '
             f'{"led" if i == 0 else "played"}</span></div>' for i, (s, c) in enumerate(state.trick_by_seat())]
    trick = (f'<div class="cardlab-trick" data-cards="{len(state.trick)}"><div class="cardlab-label">Trick '
             f'{state.trick_number}</div><div class="cardlab-cards">{"".join(slots)}</div></div>')
    return f'<div class="cardlab-middle">{trumps}{trick}</div>'


def _status(state, to_act) -> str:
    if to_act is None:
        return "The hand is over."
    return play_status(state.names[to_act], state.names, state.leader, state.trick, state.pending_marriage)


def state_html(state, seat: int | None = None, hide=frozenset(), layout: str = "column") -> str:
    """The table as HTML (what :func:`cardlab.render.state_html` returns for it): ``seat=None``
    every card open, a seat its view only. ``hide`` leaves out the points (``"card_points"``,
    with the result's text that counts them) and the result box (``"result"``); ``layout`` is
    ``"column"`` or ``"table"``. Raises ``ValueError`` for a bad seat, token or layout."""
    hide = hide_set(hide)
    outer = table_class(layout)
    seen = _seen(state, seat)
    bottom = 0 if seat is None else seat
    view = "all cards open" if seat is None else f"{state.names[seat]}'s view"
    caption = (f"{state.rules.name} · trumps {state.trump.symbol} · {state.names[state.dealer]} deals · "
               f"trick {state.trick_number} · {view}")
    result = seen[5]
    if result is not None and "result" not in hide:
        text = "" if "card_points" in hide else \
            f'<div class="cardlab-result-text">{escape(result.explanation, quote=False)}</div>'
        gp = result.game_points
        end = (f'<div class="cardlab-result" data-winner="{result.winner}" data-game-points="{gp}">'
               f'<div class="cardlab-result-head">{escape(state.names[result.winner], quote=False)} wins the hand '
               f'and scores {gp} game point{"s" if gp != 1 else ""}.</div>{text}</div>')
    else:
        end = f'<div class="cardlab-status">{escape(_status(state, seen[4]), quote=False)}</div>'
    other = _player_html(state, seen, 1 - bottom, hide)
    mine = _player_html(state, seen, bottom, hide)
    seats = around_html([other], _middle_html(state), mine) if layout == "table" else \
        f"{other}{_middle_html(state)}{mine}"
    return (f'<div class="{outer}" data-variant="{VARIANT}" data-view="{"all" if seat is None else seat}">'
            f'<style>{CSS}</style><div class="cardlab-caption">{escape(caption, quote=False)}</div>{seats}{end}</div>')


def state_text(state, seat: int | None = None) -> str:
    """The table as plain text; a hidden card is written ``??``. Same parameters and errors as
    :func:`state_html`."""
    hands, hidden, _, points, to_act, result = _seen(state, seat)
    bottom = 0 if seat is None else seat
    view = "all cards open" if seat is None else f"{state.names[seat]}'s view"
    lines = [f"{state.rules.name} · trumps {state.trump.symbol} · {state.names[state.dealer]} deals · "
             f"trick {state.trick_number} · {view}"]

    def player(s: int) -> list[str]:
        tags = [t for t, ok in (("dealer", s == state.dealer), ("to act", to_act == s)) if ok]
        cards = " ".join(([format_cards(sort_hand(hands[s], state.trump))] if hands[s] else []) + ["??"] * hidden[s])
        out = [f"{state.names[s]}{' (' + ', '.join(tags) + ')' if tags else ''}: {cards or '(none)'}",
               f"    {_count_words(state, points, s)}, {state.tricks_won[s]} trick{'s' if state.tricks_won[s] != 1 else ''}"]
        taken = [format_cards(t.played) for t in state.tricks if t.winner == s]
        return out + (["    taken: " + " | ".join(taken)] if taken else [])

    lines += player(1 - bottom)
    lines.append(f"Trumps {state.trump.symbol}: trump card {state.turnup} ({state.names[state.dealer]}'s); no stock")
    trick = ", ".join(f"{state.names[s]} {'led' if i == 0 else 'played'} {c}"
                      for i, (s, c) in enumerate(state.trick_by_seat()))
    lines.append(f"Trick {state.trick_number}: {trick or 'no card led yet'}")
    lines += player(bottom)
    lines.append(result.explanation if result is not None else _status(state, to_act))
    return "\n".join(lines)

#: The quantities of :data:`cardlab.render.HIDE_TOKENS` this renderer draws (each left out when
#: ``hide`` names it), and those its result text states in words (left out with the result text).
WRITES: frozenset = frozenset({"card_points", "result"})
RESULT_STATES: frozenset = frozenset({"card_points"})


# ---------------------------------------------------------------------------------------------
# The student handout (cardlab.render.handout draws it from this declaration)

from cardlab.render.handout import (PACK_POINTS, TRICK_WINNER, Teaching, pack_24_picture,  # noqa: E402
                                    yes_no)

HANDOUT = Teaching(
    intro="Two players, each on his own, all 24 cards dealt. A hand is won with 66 points; a game with "
          "{target} game points.",
    sections=(
        ("What you need", (PACK_POINTS,)),
        ("The aim", (
            "Win tricks with valuable cards, and declare marriages, to be the first to **66 points** in a hand. "
            "A hand won brings 1, 2 or 3 **game points**; the first player to {target} game points wins the game.",)),
        ("The deal", (
            "The dealer gives 12 cards to each player, 3 at a time, the other player first. The dealer shows his "
            "last card: its suit is **trumps**. He keeps it in his hand.",)),
        ("The play", (
            TRICK_WINNER + " The dealer's opponent leads to the first trick; its winner leads to the next.",
            "You must **follow suit** and, when you can, beat the card led; with no card of that suit you must "
            "play a trump if you have one.",)),
        ("Marriages", (
            "A **marriage** is the K and Q of one suit in your hand: 40 points in trumps, 20 in another "
            "suit. Declare it when you lead, then lead its K or Q. Its points count once you have won a trick.",)),
        ("Scoring", (
            "The last trick is worth 10 points more. The first to 66 points wins the hand and scores "
            "**1 game point** if the other has 33 or more, **2** if fewer, **3** if the other took no trick.",)),
    ),
    presets={"kit": "the usual rules", "plain": "plain rules"},
    differences={
        "must_head": yes_no("you must beat the card led when you can", "you need only follow suit"),
        "must_trump": yes_no("without the suit led you must trump", "without the suit led you may play any card"),
        "marriage_on_first_lead": yes_no("a marriage may be shown on the first lead",
                                         "no marriage on the first lead"),
        "last_trick_bonus": yes_no("the last trick is worth 10 points more", "the last trick is worth nothing more"),
    },
    written_for={"must_head": True, "must_trump": True, "marriage_on_first_lead": True, "last_trick_bonus": True,
                 "target": 7},
    picture=pack_24_picture,
)
