"""Sixty-six for two as HTML/SVG and as text (renders :mod:`cardlab.sixtysix` states).

A seat's view is built only from ``state.view(seat)`` and the public trick in progress
(``state.trick_by_seat()``), so a hidden card (the opponent's unseen cards, the face-down stock)
is never written into the output.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..cards import format_cards
from .cards import (STYLE, around_html, card_back_svg, card_chip, card_name, card_svg, cards_text, hide_set,
                    play_status, points_words, sort_hand, table_class, text_escape as _t, uncounted_marriage_words)

__all__ = ["state_html", "state_text"]

# Sixty-six


class _Table:
    """Everything one view of a Sixty-six table shows; built only from public facts plus, for a
    seat view, that seat's :class:`~cardlab.sixtysix.SixtySixView`."""

    __slots__ = ("seat", "names", "dealer", "rules_name", "trump", "hands", "hidden", "known", "stock",
                 "stock_hidden", "stock_size", "turnup", "turnup_in_stock", "closed_by", "trick", "by_seat", "leader",
                 "tricks", "points", "tricks_won", "marriages", "to_act", "result", "pending", "trick_number",
                 "draw_pending", "close_exchange")


def _table(state: Any, seat: int | None) -> _Table:
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
    t.by_seat = state.trick_by_seat()  # the trick in progress is public: ((seat, card), ...)
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
    return play_status(n, t.names, t.leader, t.trick, t.pending)


def _result_words(t: _Table) -> tuple[str, str]:
    r = t.result
    if r.winner is None:
        head = "Hand drawn: no game points."
    else:
        gp = r.game_points
        head = f"{t.names[r.winner]} wins the hand: {gp} game point{'s' if gp != 1 else ''}."
    return head, f"{r.explanation[:1].upper()}{r.explanation[1:]}. Points {r.points[0]}–{r.points[1]}, " \
                 f"tricks {r.tricks[0]}–{r.tricks[1]}."


def _marriage_words(t: _Table, seat: int) -> str:
    """The seat's declared marriages that do not count yet (no trick taken): they are not in its points."""
    if t.tricks_won[seat]:
        return ""
    return uncounted_marriage_words([(s, p) for (who, s, p) in t.marriages if who == seat], t.result is not None)


def _points_words(t: _Table, seat: int) -> str:
    """The seat's count: ``"12 card points"``, or ``"32 points (12 card points + marriage ♦ 20)"``."""
    counted = [(s, p) for (who, s, p) in t.marriages if who == seat] if t.tricks_won[seat] else []
    return points_words(t.points[seat], t.tricks, (seat,), counted)


def _player_html(t: _Table, seat: int, hide: frozenset = frozenset()) -> str:
    name = t.names[seat]
    to_act = t.to_act == seat
    badges = []
    if t.dealer == seat:
        badges.append('<span class="cardlab-badge">dealer</span>')
    if to_act:
        badges.append('<span class="cardlab-badge cardlab-turn">to act</span>')
    if t.closed_by == seat:
        badges.append('<span class="cardlab-badge">closed the stock</span>')
    facts = [] if "card_points" in hide else [_points_words(t, seat)]
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
        cards.append('<span class="cardlab-empty">no cards</span>')
    taken = [p for p in t.tricks if p.winner == seat]
    n = len(taken)
    pairs = "".join(f'<span class="cardlab-pair">{"".join(card_chip(c) for _, c in p.cards)}</span>'
                    for p in taken)
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
        for i, (seat, c) in enumerate(t.by_seat):
            who = t.names[seat]
            role = "led" if i == 0 else "played"
            slots.append(f'<div class="cardlab-slot">{card_svg(c)}<span>{_t(who)} {role}</span></div>')
        if len(t.trick) == 1:
            slots.append('<div class="cardlab-slot"><span class="cardlab-empty">?</span><span>&#160;</span></div>')
        label = f"Trick {t.trick_number}"
        body = "".join(slots)
        cls = "cardlab-trick"
    elif t.tricks:
        last = t.tricks[-1]
        body = "".join(f'<div class="cardlab-slot">{card_svg(c)}<span>{_t(t.names[who])} '
                       f'{"led" if i == 0 else "played"}</span></div>' for i, (who, c) in enumerate(last.cards))
        label = f"Last trick ({len(t.tricks)}): {t.names[last.winner]} won it"
        cls = "cardlab-trick cardlab-last-trick"
    else:
        body = '<div class="cardlab-slot"><span class="cardlab-empty">no card</span></div>'
        label = "Trick 1"
        cls = "cardlab-trick"
    return (f'<div class="{cls}" data-cards="{len(t.trick)}"><div class="cardlab-label">{_t(label)}</div>'
            f'<div class="cardlab-cards">{body}</div></div>')


def state_html(state: Any, seat: int | None = None, hide: frozenset = frozenset(), layout: str = "column") -> str:
    """HTML renderer of :mod:`cardlab.sixtysix` states (see :func:`cardlab.render.state_html`).
    ``hide`` (tokens of :data:`~cardlab.render.cards.HIDE_TOKENS`): ``"card_points"`` leaves out
    each player's points (and the result's text, which counts them), ``"result"`` the
    result box (the status then says only that the hand is over); the others draw nothing here.
    ``layout`` (:data:`~cardlab.render.cards.LAYOUTS`): ``"column"`` or ``"table"``. Raises
    ``ValueError`` for a bad seat, token or layout."""
    hide = hide_set(hide)
    outer = table_class(layout)
    t = _table(state, seat)
    bottom = 0 if seat is None else seat
    top = 1 - bottom
    view = "all cards open" if seat is None else f"{t.names[seat]}'s view"
    caption = (f"{t.rules_name} · trumps {t.trump.symbol} · {t.names[t.dealer]} deals · "
               f"trick {t.trick_number} · {view}")
    if t.result is not None and "result" not in hide:
        head, words = _result_words(t)
        text = "" if "card_points" in hide else f'<div class="cardlab-result-text">{_t(words)}</div>'
        end = (f'<div class="cardlab-result" data-winner="{"" if t.result.winner is None else t.result.winner}" '
               f'data-game-points="{t.result.game_points}"><div class="cardlab-result-head">{_t(head)}</div>'
               f'{text}</div>')
    else:
        end = f'<div class="cardlab-status">{_t(_status_words(t))}</div>'
    seat_attr = "all" if seat is None else str(seat)
    middle = f'<div class="cardlab-middle">{_stock_html(t)}{_trick_html(t)}</div>'
    if layout == "table":
        seats = around_html([_player_html(t, top, hide)], middle, _player_html(t, bottom, hide))
    else:
        seats = f"{_player_html(t, top, hide)}{middle}{_player_html(t, bottom, hide)}"
    return (
        f'<div class="{outer}" data-variant="{escape(state.variant)}" data-view="{seat_attr}">{STYLE}'
        f'<div class="cardlab-caption">{_t(caption)}</div>{seats}{end}</div>'
    )


def state_text(state: Any, seat: int | None = None) -> str:
    """Text renderer of :mod:`cardlab.sixtysix` states (see :func:`state_text`)."""
    t = _table(state, seat)
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
        taken = [p for p in t.tricks if p.winner == s]
        facts = [_points_words(t, s), f"{len(taken)} trick{'s' if len(taken) != 1 else ''}"]
        m = _marriage_words(t, s)
        if m:
            facts.append(m)
        out = [f"{t.names[s]}{tag}: {cards_text(sort_hand(t.hands[s], t.trump), t.hidden[s])}",
               f"    {', '.join(facts)}"]
        if taken:
            out.append("    taken: " + ", ".join(" ".join(str(c) for _, c in p.cards) for p in taken))
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
    if t.by_seat:
        lines.append(f"Trick {t.trick_number}: "
                     + ", ".join(f"{t.names[seat]} {'led' if i == 0 else 'played'} {c}"
                                 for i, (seat, c) in enumerate(t.by_seat)))
    elif t.tricks:
        last = t.tricks[-1]
        (leader, a), (other, b) = last.cards
        lines.append(f"Last trick: {t.names[leader]} led {a}, {t.names[other]} played {b}; "
                     f"{t.names[last.winner]} won it")
    else:
        lines.append("Trick 1: no card led yet")
    lines += player(bottom)
    if t.result is not None:
        head, words = _result_words(t)
        lines += [head, words]
    else:
        lines.append(_status_words(t))
    return "\n".join(lines)

#: The quantities of :data:`cardlab.render.HIDE_TOKENS` this renderer draws (each left out when
#: ``hide`` names it), and those its result text states in words (left out with the result text).
WRITES: frozenset = frozenset({"card_points", "result"})
RESULT_STATES: frozenset = frozenset({"card_points"})


# ---------------------------------------------------------------------------------------------
# The student handout (cardlab.render.handout draws it): the rules in plain words, for a beginner

from .handout import Teaching, PACK_POINTS, TRICK_WINNER, pack_24_picture, same_words, words_for, yes_no  # noqa: E402  (the handout's pieces)


HANDOUT = Teaching(
    intro="Two players, each on his own. A hand is won with 66 points; a game with {target} game points.",
    sections=(
        ("What you need", (PACK_POINTS,)),
        ("The aim", (
            "Win tricks with valuable cards, and declare marriages, to be the first to **66 points** in a hand. "
            "A hand won brings 1, 2 or 3 **game points**; the first player to {target} game points wins the game.",)),
        ("The deal", (
            "The dealer gives 3 cards to the other player and 3 to himself, turns the next card face up (its "
            "suit is **trumps**), then deals 3 more each. The rest is the **stock**, face down across the "
            "turned-up card.",)),
        ("The play", (
            TRICK_WINNER + " The dealer's opponent leads to the first trick; its winner leads to the next.",
            "**While the stock is open** you may play any card: you need not follow suit or trump. After each "
            "trick the winner takes the top card of the stock, then the other player; the turned-up card is "
            "taken last.",
            "**Once the stock is used up or closed** you must follow suit and beat the card led if you can; "
            "with no card of that suit you must trump if you can.",
            "**The nine of trumps**: about to lead, once you have won a trick, you may swap it for the turned-up "
            "card while the stock (that card counted) has at least {exchange_min_stock} cards.",
            "**Closing**: about to lead, after the first trick, you may turn the trump card face down while the "
            "stock has at least {close_min_stock} cards. Nobody takes cards any more and the rules of a used-up "
            "stock apply. Close only when you expect to reach 66 with the cards you hold.")),
        ("Marriages", (
            "A king and queen of one suit in your hand are a **marriage**: 20 points, 40 in trumps. Declare it "
            "when you are about to lead (not on the first lead of a hand), then lead its king or queen; one "
            "marriage per lead. Marriages may be declared after the stock is used up or closed too.",)),
        ("Scoring a hand", (
            "The hand ends as soon as a player has 66 points (tricks and marriages): that player wins it.",
            "The winner scores 1 game point; 2 if the other player has under 33 points; 3 if the other "
            "player took no trick.",
            "If the stock ran out without a close, the last trick brings {last_trick_bonus} more points. If "
            "nobody reaches 66, the winner of the last trick scores 1 game point.",
            "A player who closed and reaches 66 scores as usual. If he fails, the other player scores 2 game "
            "points, or 3 if he had taken no trick when the stock was closed and did not reach 66 himself.")),
        ("How the game ends", (
            "The first player to {target} game points wins the game. The winner of a hand deals the next one.",)),
    ),
    presets={"santase": "Santase", "russian": "Russian Mariage for two", "german": "German 66"},
    differences={
        "deal_order": words_for({"3-3-turn": "the trump card is turned after 6 cards each are dealt",
                               "3-turn-3": "the trump card is turned after the first 3 cards each"}),
        "next_dealer": words_for({"winner": "the winner of a hand deals the next", "loser": "the loser deals next",
                                "alternate": "the players take turns to deal"}),
        "must_head": yes_no("after the stock you must beat the card led if you can",
                          "after the stock you must follow suit but need not beat the card led"),
        "must_trump": yes_no("after the stock you must trump when you cannot follow suit",
                           "you need never trump"),
        "marriage_on_first_lead": yes_no("a marriage may be declared on the first lead too (it counts once its owner "
                                       "wins a trick)", "no marriage on the first lead"),
        "marriages_after_stock": yes_no("marriages may be declared after the stock too",
                                      "no marriages once the stock is used up or closed"),
        "nine_exchange": yes_no("the nine of trumps may be swapped", "the nine of trumps is never swapped"),
        "exchange_needs_trick": yes_no("the nine is swapped only after winning a trick",
                                     "the nine may be swapped before winning a trick"),
        "exchange_min_stock": same_words("the nine may be swapped while the stock has at least {v} cards"),
        "close_min_stock": same_words("the stock may be closed while it has at least {v} cards"),
        "close_on_first_lead": yes_no("the stock may be closed before the first trick too",
                                    "the stock may not be closed before the first trick"),
        "close_before_draw": yes_no("the winner of a trick may close the stock before taking a card",
                                  "the stock is closed only before a lead"),
        "exchange_on_close": yes_no("when the stock is closed, the other player may at once swap the nine of "
                                  "trumps, even without a trick", "nobody swaps the nine when the stock is closed"),
        "last_trick_bonus": lambda v, r: ("the last trick brings no extra points" if not v else
                                          f"the last trick brings {v} more points"),
        "tie_rule": words_for({"last_trick": "if nobody reaches 66, the last trick's winner scores 1 game point",
                             "draw": "if nobody reaches 66 (65 to 65), the hand is a draw",
                             "draw_plus_next": "if nobody reaches 66 the hand is a draw, and the next hand's "
                                               "winner scores 1 more game point"}),
        "failed_close": words_for({"flat_three": "a player who closes and fails gives the other 3 game points",
                                 "two_or_three": "a player who closes and fails gives the other 2 or 3 game points"}),
        "closed_game_points": lambda v, r: ("a player who closes and reaches 66 scores as usual" if v is None else
                                            f"a player who closes and reaches 66 always scores {v} game points"),
        "close_count_rule": words_for({"at_close": "after a close, the 1, 2 or 3 game points depend on the other "
                                                 "player's cards when the stock was closed",
                                     "whole_hand": "after a close, the 1, 2 or 3 game points depend on the other "
                                                   "player's cards at the end"}),
        "going_out": lambda v, r: ("the hand ends by itself at 66" if v == "automatic" else
                                   "you must say “out” when you think you have 66; say it wrongly and the other "
                                   f"player scores {r.false_claim_points} game points"),
        "false_claim_points": same_words("a wrong “out” gives the other player {v} game points"),
        "target": same_words("the game is won with {v} game points"),
        "shutout_doubles_game": yes_no("a game won while the loser has no game point counts double",
                                     "every game won counts once"),
    },
    written_for={"deal_order": "3-turn-3", "next_dealer": "winner", "must_head": True, "must_trump": True,
                 "marriage_on_first_lead": False, "marriages_after_stock": True, "nine_exchange": True,
                 "exchange_needs_trick": True, "close_on_first_lead": False, "close_before_draw": False,
                 "exchange_on_close": False, "tie_rule": "last_trick", "failed_close": "two_or_three",
                 "closed_game_points": None, "close_count_rule": "whole_hand", "going_out": "automatic",
                 "shutout_doubles_game": False},
    picture=pack_24_picture,
)
