"""Ninety-Nine as HTML/SVG and as text (renders :mod:`cardlab.ninetynine` states).

Two players above, the turn-up (or the trumps' reason) and the trick in the middle, the third
player (the viewer, in a seat's view) below, each with a face-down or face-up pile of bid cards.
A seat's view is built only from ``state.view(seat)`` (a :class:`~cardlab.ninetynine.NinetyNineView`),
so another player's hidden hand and face-down bid cards are never written into the output.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import JOKER, format_cards
from ..ninetynine import RANKS_99, VARIANT, stand_in
from .cards import (STYLE, around_html, card_back_svg, card_chip, card_svg, hide_set, sort_hand, table_class,
                    text_escape as _t)

if TYPE_CHECKING:
    from ..ninetynine import NinetyNineState

__all__ = ["state_html", "state_text"]

_CSS99 = """
.cardlab-table .cardlab-bidpile{display:flex;gap:2px;align-items:flex-end}
.cardlab-table .cardlab-row99{display:flex;flex-wrap:wrap;gap:4px 18px;align-items:flex-end}
.cardlab-table .cardlab-bid-label{font-size:11px;color:var(--cl-muted)}
.cardlab-table .cardlab-made{color:#1b7a3a;font-weight:700}
.cardlab-table .cardlab-failed{color:#b3261e;font-weight:700}
.cardlab-table .cardlab-premium{background:#ffe8c2;border-color:#d79b00}
.cardlab-table table.cardlab-result99{border-collapse:collapse;margin-top:4px}
.cardlab-table table.cardlab-result99 td,.cardlab-table table.cardlab-result99 th{padding:1px 8px;
 border-bottom:1px solid #e0e4e1;text-align:left}
""".strip()


class _Table99:
    """Everything one view of the table shows, built from the state (all open) or from one
    seat's :class:`NinetyNineView`."""

    __slots__ = ("seat", "names", "dealer", "rules", "trump", "trump_reason", "turnup", "joker_as", "phase",
                 "hands", "hidden",
                 "bid_cards", "bid_hidden", "bids", "premium", "premium_calls", "trick", "leader", "tricks",
                 "tricks_won", "to_act", "result", "trick_number", "made_shown")


def _table99(state: "NinetyNineState", seat: int | None) -> _Table99:
    t = _Table99()
    t.seat = seat
    t.names = tuple(state.names)
    t.dealer = state.dealer
    t.rules = state.rules
    t.trump = state.trump
    t.trump_reason = state.trump_reason
    t.turnup = state.turnup
    t.joker_as = state.joker_as
    t.phase = state.phase
    t.trick_number = state.trick_number
    t.premium = state.premium
    t.premium_calls = state.premium_calls
    t.leader = state.leader
    t.trick = tuple(state.trick)
    t.tricks = tuple(state.tricks)
    t.tricks_won = tuple(state.tricks_won)
    t.to_act = state.to_act
    if seat is None:
        t.hands = tuple(tuple(h) for h in state.hands)
        t.hidden = (0, 0, 0)
        t.bid_cards = tuple(tuple(b) for b in state.bid_cards)
        t.bid_hidden = (0, 0, 0)
        t.bids = tuple(state.bids)
        t.result = state.result
        t.made_shown = state.shown()
    else:
        if seat.__class__ is not int or seat not in (0, 1, 2):
            raise ValueError(f"seat must be None (all cards open), 0, 1 or 2, not {seat!r}")
        v = state.view(seat)
        hands, hidden, bc, bh, bids = [], [], [], [], []
        for s in range(3):
            if s == seat:
                hands.append(tuple(v.hand))
                hidden.append(0)
                bc.append(tuple(v.bid_cards))
                bh.append(0)
                bids.append(v.bid)
            else:
                if v.revealed_hand[s] is not None:
                    hands.append(tuple(v.revealed_hand[s]))
                    hidden.append(0)
                else:
                    hands.append(())
                    hidden.append(v.hand_sizes[s])
                if v.shown_bids[s] is not None:
                    bc.append(tuple(v.shown_bids[s]))
                    bh.append(0)
                    bids.append(state.bid_of(v.shown_bids[s]))
                else:
                    bc.append(())
                    bh.append(3 if v.bids_laid[s] else 0)
                    bids.append(None)
        t.hands, t.hidden, t.bid_cards, t.bid_hidden, t.bids = (tuple(hands), tuple(hidden), tuple(bc), tuple(bh),
                                                                 tuple(bids))
        t.result = v.result
        t.made_shown = tuple(v.shown_bids[s] is not None or s == seat for s in range(3))
    return t


def _sort99(t: _Table99, cards) -> list:
    """Cards sorted for display (render.sort_hand), the joker (or ♣2) placed where the card it
    stands for would be, so a learner sees it among its suit [99.joker]."""
    wild, joker_as = t.rules.wild, t.joker_as
    order = sort_hand([stand_in(c, wild, joker_as) for c in cards], t.trump, RANKS_99)
    pos = {c: i for i, c in enumerate(order)}
    return sorted(cards, key=lambda c: (pos[stand_in(c, wild, joker_as)], c == wild))


def _premium_tag(t: _Table99) -> str:
    kind = "declare" if t.premium[1] == "declare" else "reveal"
    if t.phase == "premium":
        return f"offers to {kind}"
    return "declared" if kind == "declare" else "revealed"


def _status99(t: _Table99) -> str:
    if t.result is not None:
        return "The deal is over."
    n = t.names[t.to_act]
    if t.phase == "bidding":
        return f"{n} to lay aside three bid cards (♦ 0, ♠ 1, ♥ 2, ♣ 3)."
    if t.phase == "premium":
        if t.premium is None:
            return f"{n} may offer to declare or to reveal, or pass."
        who = t.names[t.premium[0]]
        if t.premium[1] == "declare":
            return f"{n} may offer to reveal (beating {who}'s declaration) or pass."
        return f"{n} can only pass: {who}'s offer to reveal has priority."
    if t.trick:
        return f"{n} to play to trick {t.trick_number} ({t.names[t.leader]} led {t.trick[0]})."
    return f"{n} to lead to trick {t.trick_number}."


def _trump_caption(t: _Table99) -> str:
    return "no trump" if t.trump is None else f"trumps {t.trump.symbol}"


def _player99(t: _Table99, s: int, hide: frozenset = frozenset()) -> str:
    badges = []
    if t.dealer == s:
        badges.append('<span class="cardlab-badge">dealer</span>')
    if (t.dealer + 1) % 3 == s:
        badges.append('<span class="cardlab-badge">eldest</span>')
    if t.to_act == s:
        badges.append('<span class="cardlab-badge cardlab-turn">to act</span>')
    if t.premium is not None and t.premium[0] == s:
        badges.append(f'<span class="cardlab-badge cardlab-premium">{_premium_tag(t)}</span>')
    n = t.tricks_won[s]
    bid = t.bids[s]
    facts = [f"{n} trick{'s' if n != 1 else ''}"]
    if bid is not None and "bids" not in hide:
        facts.append(f"bid {bid}")
    elif t.bid_hidden[s]:
        facts.append("bid hidden")
    cards = [card_svg(c) for c in _sort99(t, t.hands[s])]
    cards += [card_back_svg() for _ in range(t.hidden[s])]
    if not cards:
        cards.append('<span class="cardlab-empty">no cards</span>')
    if t.bid_cards[s]:
        pile = "".join(card_svg(c, size="sm") for c in t.bid_cards[s])
        label = "bid cards" if "bids" in hide else f"bid cards: {bid}"
        if t.seat is None and not t.made_shown[s]:
            label += " (face down)"
    elif t.bid_hidden[s]:
        pile = "".join(card_back_svg(size="sm", title="Bid card, face down") for _ in range(3))
        label = "bid cards, face down"
    else:
        pile = '<span class="cardlab-empty">—</span>'
        label = "no bid yet"
    taken = [tr for tr in t.tricks if tr.winner == s]
    chips = "".join(f'<span class="cardlab-pair">{"".join(card_chip(c) for c in tr.played)}</span>' for tr in taken)
    cls = "cardlab-player cardlab-to-act" if t.to_act == s else "cardlab-player"
    return (
        f'<div class="{cls}" data-seat="{s}">'
        f'<div class="cardlab-head"><span class="cardlab-name">{_t(t.names[s])}</span>{"".join(badges)}'
        f'<span class="cardlab-points">{_t(" · ".join(facts))}</span></div>'
        f'<div class="cardlab-row99"><div class="cardlab-hand cardlab-cards" data-seat="{s}">{"".join(cards)}</div>'
        f'<div class="cardlab-slot"><div class="cardlab-bidpile cardlab-bidcards-pile" data-seat="{s}">{pile}</div>'
        f'<span class="cardlab-bid-label">{_t(label)}</span></div></div>'
        f'<div class="cardlab-taken" data-seat="{s}">{n} trick{"s" if n != 1 else ""} taken{": " if n else ""}'
        f'{chips}</div></div>'
    )


def _middle99(t: _Table99) -> str:
    parts = []
    if t.turnup is not None:
        note = "turn-up"
        if t.joker_as is not None:
            wild = "joker" if t.rules.wild == JOKER else "♣2"
            note += f" (the {wild} counts as {t.joker_as})"
        parts.append(f'<div class="cardlab-stock"><div class="cardlab-label">{_t(_trump_caption(t))}</div>'
                     f'<div class="cardlab-cards"><div class="cardlab-slot">{card_svg(t.turnup)}<span>{_t(note)}'
                     f'</span></div></div></div>')
    else:
        parts.append(f'<div class="cardlab-stock"><div class="cardlab-label">{_t(_trump_caption(t))}</div>'
                     f'<div class="cardlab-trump-reason" style="max-width:150px;font-size:11px">no turn-up: '
                     f'{_t(t.trump_reason)}</div></div>')
    if t.trick:
        slots = []
        for i, c in enumerate(t.trick):
            who = t.names[(t.leader + i) % 3]
            as_ = f" (as {t.joker_as})" if c == t.rules.wild and t.joker_as is not None else ""
            slots.append(f'<div class="cardlab-slot">{card_svg(c)}<span>{_t(who)} {"led" if i == 0 else "played"}'
                         f'{_t(as_)}</span></div>')
        slots += ['<div class="cardlab-slot"><span class="cardlab-empty">?</span><span>&#160;</span></div>'] * \
            (3 - len(t.trick))
        body, label, cls = "".join(slots), f"Trick {t.trick_number}", "cardlab-trick"
    elif t.tricks:
        last = t.tricks[-1]
        body = "".join(f'<div class="cardlab-slot">{card_svg(c)}<span>{_t(t.names[who])}</span></div>'
                       for who, c in last.cards)
        label = f"Last trick ({len(t.tricks)}): {t.names[last.winner]} won it"
        cls = "cardlab-trick cardlab-last-trick"
    else:
        body = '<div class="cardlab-slot"><span class="cardlab-empty">no card</span></div>'
        label = "Trick 1 (after the bidding)" if t.phase in ("bidding", "premium") else "Trick 1"
        cls = "cardlab-trick"
    parts.append(f'<div class="{cls}" data-cards="{len(t.trick)}"><div class="cardlab-label">{_t(label)}</div>'
                 f'<div class="cardlab-cards">{body}</div></div>')
    return f'<div class="cardlab-middle">{"".join(parts)}</div>'


def _result99(t: _Table99, hide: frozenset = frozenset()) -> str:
    r = t.result
    if "bids" in hide:      # who made the bid, tricks and scores would give each bid away
        return ('<div class="cardlab-result"><div class="cardlab-result-head">The deal is over.</div></div>')
    rows = []
    for s in range(3):
        bid = r.bids[s]
        mark = ('<span class="cardlab-made">made</span>' if r.made[s]
                else '<span class="cardlab-failed">failed</span>')
        parts = " + ".join(f"{p} ({label})" for label, p in r.parts[s])
        rows.append(f'<tr data-seat="{s}"><td>{_t(t.names[s])}</td><td>{"?" if bid is None else bid}</td>'
                    f'<td>{r.tricks[s]}</td><td>{mark}</td><td>{_t(parts)}</td><td><b>{r.scores[s]}</b></td></tr>')
    head = ("<tr><th>player</th><th>bid</th><th>tricks</th><th></th><th>score parts</th><th>deal score</th></tr>")
    # the table above gives every score: the box's words stop before the explanation's own
    # "Scores: …" sentence (see ninetynine._deal_score), so the box stays two lines shorter
    words = r.explanation.rsplit(". Scores: ", 1)[0]
    text = words[:1].upper() + words[1:] + "."
    return (f'<div class="cardlab-result" data-successes="{r.successes}"><div class="cardlab-result-head">'
            f'Deal over: {_t(_who_made(t.names, r.made))}.</div><table class="cardlab-result99">{head}{"".join(rows)}'
            f'</table><div class="cardlab-result-text">{_t(text)}</div></div>')


def _who_made(names, made) -> str:
    """Who made their bid, in words: "nobody made their bid", "Ana made her bid" is not said
    (the table does not know a player's gender): "Ana made the bid", "Ana and Cleo made their bids"."""
    who = [str(n) for n, m in zip(names, made) if m]
    if not who:
        return "nobody made their bid"
    if len(who) == 1:
        return f"{who[0]} made the bid"
    return f"{', '.join(who[:-1])} and {who[-1]} made their bids"


def state_html(state: "NinetyNineState", seat: int | None = None, hide: frozenset = frozenset(),
               layout: str = "column") -> str:
    """HTML of a Ninety-Nine table, all cards open (``seat=None``, bid cards shown face up with
    their bid) or as ``seat`` sees it (others' hands and face-down bid cards as card backs).

    ``hide`` (tokens of :data:`~cardlab.render.cards.HIDE_TOKENS`): ``"bids"`` leaves out the bid
    each player's bid cards make (the cards stay; a result then says only that the deal is
    over), ``"result"`` the result box (the status says the deal is over); Ninety-Nine has no
    card points nor pips. ``layout`` (:data:`~cardlab.render.cards.LAYOUTS`): ``"column"`` or
    ``"table"``. Raises ``ValueError`` for a seat that is not None, 0, 1 or 2, a bad token or
    layout."""
    hide = hide_set(hide)
    outer = table_class(layout)
    t = _table99(state, seat)
    view = "all cards open" if seat is None else f"{t.names[seat]}'s view"
    caption = f"{t.rules.name} · {_trump_caption(t)} · {t.names[t.dealer]} deals · {view}"
    order = [0, 1, 2] if seat is None else [(seat + 1) % 3, (seat + 2) % 3, seat]
    players = [_player99(t, s, hide) for s in order]
    end = (_result99(t, hide) if t.result is not None and "result" not in hide
           else f'<div class="cardlab-status">{_t(_status99(t))}</div>')
    seat_attr = "all" if seat is None else str(seat)
    if layout == "table":
        seats = around_html(players[:2], _middle99(t), players[2])
    else:
        seats = f'{players[0]}{players[1]}{_middle99(t)}{players[2]}'
    return (f'<div class="{outer}" data-variant="{VARIANT}" data-view="{seat_attr}" data-phase="{t.phase}">'
            f'{STYLE}<style>{_CSS99}</style><div class="cardlab-caption">{_t(caption)}</div>{seats}{end}</div>')


def state_text(state: "NinetyNineState", seat: int | None = None) -> str:
    """Plain text of a Ninety-Nine table (hidden cards written ``??``); parameters and errors as
    :func:`state_html`."""
    t = _table99(state, seat)
    view = "all cards open" if seat is None else f"{t.names[seat]}'s view"
    lines = [f"{t.rules.name} · {_trump_caption(t)} · {t.names[t.dealer]} deals · {view}"]
    if t.turnup is not None:
        j = f" (the {'joker' if t.rules.wild == JOKER else '♣2'} counts as {t.joker_as})" if t.joker_as else ""
        lines.append(f"Turn-up: {t.turnup}{j}")
    else:
        lines.append(f"No turn-up: {t.trump_reason}")
    for s in range(3):
        tags = [x for x, ok in (("dealer", t.dealer == s), ("eldest", (t.dealer + 1) % 3 == s),
                                ("to act", t.to_act == s)) if ok]
        if t.premium is not None and t.premium[0] == s:
            tags.append(_premium_tag(t))
        hand = " ".join([format_cards(_sort99(t, t.hands[s]))] + ["??"] * t.hidden[s]).strip()
        if t.bid_cards[s]:
            bid = f"bid {t.bids[s]} ({format_cards(t.bid_cards[s])})"
        elif t.bid_hidden[s]:
            bid = "bid hidden (?? ?? ??)"
        else:
            bid = "no bid yet"
        tag = f" ({', '.join(tags)})" if tags else ""
        n = t.tricks_won[s]
        lines.append(f"{t.names[s]}{tag}: {hand or '(none)'} | {bid} | {n} trick{'s' if n != 1 else ''}")
    if t.trick:
        lines.append(f"Trick {t.trick_number}: " + ", ".join(
            f"{t.names[(t.leader + i) % 3]} {c}" for i, c in enumerate(t.trick)))
    elif t.tricks:
        last = t.tricks[-1]
        lines.append("Last trick: " + ", ".join(f"{t.names[who]} {c}" for who, c in last.cards)
                     + f"; {t.names[last.winner]} won it")
    if t.result is not None:
        r = t.result
        for s in range(3):
            bid = "?" if r.bids[s] is None else r.bids[s]
            lines.append(f"{t.names[s]}: bid {bid}, took {r.tricks[s]}, {'made' if r.made[s] else 'failed'}, "
                         f"scores {r.scores[s]}")
    else:
        lines.append(_status99(t))
    return "\n".join(lines)

#: The quantities of :data:`cardlab.render.HIDE_TOKENS` this renderer draws (each left out when
#: ``hide`` names it), and those its result text states in words (left out with the result text).
WRITES: frozenset = frozenset({"bids", "result"})
RESULT_STATES: frozenset = frozenset({"bids"})


# ---------------------------------------------------------------------------------------------
# The student handout (cardlab.render.handout draws it): the rules in plain words, for a beginner

from ..cards import Card, Rank, Suit  # noqa: E402
from .handout import Teaching, TRICK_WINNER, card_box, same_words, words_for, yes_no  # noqa: E402  (the handout's pieces)


def _pack_99_picture(module, rules) -> str:
    """Ninety-Nine: one suit in order of rank with the joker (or the ♣2 in its place), and one card
    of each suit with its value as a bid card (the module's ``RANKS_99`` and ``BID_VALUE``)."""
    row = "".join(card_box(Card.of(Suit.SPADES, r), "") for r in module.RANKS_99)
    wild = rules.wild
    if wild is not None:
        row += card_box(wild, "", "counts as the turned-up card")
    bids = sorted(module.BID_VALUE, key=module.BID_VALUE.get)
    bid_row = "".join(card_box(Card.of(s, r), str(module.BID_VALUE[s]))
                      for s, r in zip(bids, (Rank.EIGHT, Rank.KING, Rank.SIX, Rank.ACE)))
    what = ("" if wild is None else
            f", then the {'joker' if wild == JOKER else '2 of clubs'}, which counts as the turned-up card")
    return (f'<figure class="handout-pack"><div class="handout-group"><div class="handout-cards">{row}</div>'
            f'<figcaption>One suit, highest card first{what}.</figcaption></div>'
            f'<div class="handout-row"><div class="handout-group"><div class="handout-cards">{bid_row}</div>'
            f'<figcaption>As a <b>bid card</b> each card is worth its suit\'s number, whatever its rank.'
            f'</figcaption></div></div></figure>')


HANDOUT = Teaching(
    intro="Three players, each on his own. You bid the exact number of tricks you will take by setting three "
          "of your cards aside.",
    sections=(
        ("What you need", (
            "36 cards, A K Q J 10 9 8 7 6 in every suit (ace high), and one joker (or the 2 of clubs in its place): "
            "37 cards. The cards have no points: only tricks count.",)),
        ("The aim", (
            "Take **exactly** as many tricks as you bid. Every trick scores 1 point, and making your bid exactly "
            "scores a bonus. The game ends when someone reaches {target}.",)),
        ("The deal", (
            "12 cards each, dealt in batches of {deal_packet}, starting on the dealer's left. The last card is "
            "turned face up: its suit is **trumps**. A turned-up joker or nine means no trumps.",
            "The **joker** in your hand counts exactly as the turned-up card: the same suit and rank, when you "
            "play it and as a bid card.")),
        ("Bidding", (
            "Everyone sets three **bid cards** aside, face down, at the same time. Your bid is the sum of their "
            "suit numbers: ♦ 0, ♠ 1, ♥ 2, ♣ 3 (0 to 9 tricks); their ranks do not matter. To remember: a diamond "
            "looks like a 0, a spade has one point, a heart two bumps, a club three leaves.",
            "Example: bid cards 8♦, K♠ and A♣ bid 0 + 1 + 3 = 4 tricks. You play the other 9 cards.")),
        ("The play", (
            TRICK_WINNER + " The player on the dealer's left leads to the first trick; the winner of a trick "
            "leads to the next. Nine tricks.",
            "You must follow suit if you can; if you cannot, play any card (you need not trump). There are no "
            "marriages in Ninety-Nine.")),
        ("Scoring a deal", (
            "Everyone scores 1 point for each trick he took.",
            "Who took exactly his bid shows his bid cards and scores a bonus: {bonus_one} if he is the only one, "
            "{bonus_two} each if two made it, {bonus_three} each if all three did. Example: you bid 4, take 4 and "
            "are the only one: 4 + {bonus_one} = {example} points.")),
        ("How the game ends", (
            "The game ends after the deal in which someone reaches {target} or more: the highest total wins. If "
            "the highest totals are equal, play another deal. The deal passes to the left.",)),
    ),
    presets={"classic": "Ninety-Nine with the joker", "revised": "Parlett's revised rules"},
    differences={
        "mode": words_for({"revised": "36 cards, no joker and no turned-up card: the first deal is played without "
                                    "trumps, then the number of players who made their bid in the last deal sets "
                                    "trumps (all three: ♣, two: ♥, one: ♠, none: ♦); the first to win "
                                    "{rubber_games} games wins a rubber",
                         "classic": "37 cards with the joker; the turned-up card sets trumps"}),
        "premiums": yes_no("after bidding, one player may **declare** (bid cards face up: {declare_premium} more if "
                         "he makes it) or **reveal** (his whole hand face up too: {reveal_premium} more); if he "
                         "fails, each opponent scores it instead", "no one declares or reveals a bid"),
        "target": same_words("the game ends at {v}"),
        "game_bonus": same_words("the winner of a game, and anyone else who reached {target}, adds {v}"),
        "wild_card": words_for({"club-two": "the 2 of clubs takes the joker's place", "joker": "the joker is used"}),
        "nine_turnup_no_trump": yes_no("a turned-up nine means no trumps", "a turned-up nine makes its suit trumps"),
        "first_deal_trump": words_for({"diamonds": "the first deal of a game is played with ♦ trumps",
                                     "none": "the first deal of a game is played without trumps"}),
        "deal_packet": lambda v, r: ("the cards are dealt one at a time" if v == 1 else
                                     f"the cards are dealt {v} at a time"),
        "success_bonus": lambda v, r: f"the bonus for making your bid is {v[0]}, {v[1]} or {v[2]}",
    },
    written_for={"mode": "classic", "wild_card": "joker", "nine_turnup_no_trump": True, "deal_packet": 3,
                 "premiums": False, "game_bonus": 0},
    picture=_pack_99_picture,
    extra=lambda r: {"bonus_one": r.success_bonus[0], "bonus_two": r.success_bonus[1],
                     "bonus_three": r.success_bonus[2], "example": 4 + r.success_bonus[0]},
)
