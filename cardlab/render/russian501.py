"""501 as HTML/SVG and as text (renders :mod:`cardlab.russian501` states).

A seat's view is built only from ``state.view(seat)``, so a hidden card (other hands, the
face-down prikup, the cards the bidder passed, one's own cards before looking) is never written
into the output.
"""

from __future__ import annotations

from ..actions import Action
from ..cards import format_cards
from ..russian501 import VARIANT
from .cards import (STYLE as _STYLE, around_html, card_back_svg, card_chip, card_svg, hide_set, points_words, sort_hand,
                    table_class, text_escape as _t, uncounted_marriage_words)

__all__ = ["state_html", "state_text", "CSS_501"]


def _say_bid(a: Action) -> str:
    return f"{a.value} blind" if a.kind == "blind" else str(a.value)


#: The 501 table's own styles (auction calls, the contract, a seat sitting out).
CSS_501 = """
.cardlab-table .cardlab-auction-line{font-size:12px;margin:2px 0}
.cardlab-table .cardlab-call{display:inline-block;margin:0 4px 2px 0;padding:0 5px;border-radius:6px;background:#fff;
 border:1px solid var(--cl-line)}
.cardlab-table .cardlab-call.cardlab-call-blind{border-color:#8e24aa;color:#6a1b9a}
.cardlab-table .cardlab-call.cardlab-call-pass{color:var(--cl-muted)}
.cardlab-table .cardlab-contract{font-weight:600}
.cardlab-table .cardlab-player.cardlab-sitting-out{opacity:.6}
""".strip()


def _call_html(nm, seat, a: Action, bids: bool = True) -> str:
    cls = "cardlab-call"
    if a.kind == "blind":
        cls += " cardlab-call-blind"
    elif a.kind == "pass":
        cls += " cardlab-call-pass"
    if bids:
        text = {"pass": "pass", "bid": str(a.value), "blind": f"{a.value} blind"}[a.kind]
    else:
        text = {"pass": "pass", "bid": "bid", "blind": "bid blind"}[a.kind]
    return f'<span class="{cls}" data-seat="{seat}">{_t(nm[seat])}: {_t(text)}</span>'


def _contract_words(st, bids: bool = True) -> str:
    if st.bidder is None:
        return ""
    if st.contract is None:
        return f"{st.bid if bids else 'bid'}{' blind' if st.blind else ''} (contract not named yet)"
    tr = "no trump" if st.no_trump else f"trumps {st.trump.symbol}"
    return f"{tr}{', ' + str(st.contract) if bids else ''}{' (blind: ×2)' if st.blind else ''}"


def _status(st, hide: frozenset = frozenset()) -> str:
    nm = st.names
    if st.result is not None:
        return "The hand is over." if "result" in hide else ""
    who = nm[st._to_act]
    ph = st.phase
    bids = "bids" not in hide
    if ph == "bidding":
        value = f" {st.high_bid}" if bids else ""
        hb = (f"high bid{value}{' blind' if st.high_blind else ''} by {nm[st.high_bidder]}"
              if st.high_bid is not None else "no bid yet")
        return f"Auction ({hb}): {who} to speak."
    if ph == "prikup":
        return f"{who} won the auction and turns up the prikup."
    if ph == "contract":
        if not bids:
            return f"{who} names trumps and a contract at least as high as the bid, or concedes."
        return f"{who} names trumps and a contract of at least {st.high_bid}, or concedes."
    if ph == "give":
        return f"{who} passes a card face down to {nm[st.opponents()[len(st.given)]]}."
    if st.trick:
        return f"{who} to play to {nm[st.leader]}'s {st.trick[0]}."
    if st.pending_marriage is not None:
        return f"{who} declared the {st.pending_marriage.symbol} marriage and leads its king or queen."
    return f"{who} to lead."


def state_html(state, seat: int | None = None, hide: frozenset = frozenset(), layout: str = "column") -> str:
    """The table of a 501 state as HTML (see :func:`cardlab.render.state_html`): all cards open
    (``seat=None``) or as ``seat`` sees it (built from ``state.view(seat)`` only: face-down
    cards are drawn as backs with nothing about them written).

    ``hide`` (tokens of :data:`~cardlab.render.cards.HIDE_TOKENS`): ``"card_points"`` leaves out
    each player's points (and the result's text, which counts them), ``"bids"`` the values of
    the auction's calls and of the contract, ``"result"`` the result box. ``layout``
    (:data:`~cardlab.render.cards.LAYOUTS`): ``"column"`` or ``"table"``. Raises ``ValueError``
    for a bad seat, token or layout."""
    hide = hide_set(hide)
    outer = table_class(layout)
    bids = "bids" not in hide
    n = len(state.names)
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n):
        raise ValueError(f"seat must be None (all cards open) or a seat from 0 to {n - 1}, not {seat!r}")
    v = state.view(seat) if seat is not None else None
    nm = state.names
    view_words = "all cards open" if seat is None else f"{nm[seat]}'s view"
    caption = f"{state.rules.name} · {nm[state.dealer]} deals · {_phase_words(state)} · {view_words}"
    players = [_player_html(state, s, seat, v, hide) for s in range(n)]
    calls = "".join(_call_html(nm, s, a, bids) for s, a in state.auction)
    auction = (f'<div class="cardlab-auction-line"><span class="cardlab-label">Auction: </span>'
               f'{calls or "no call yet"}</div>')
    contract = ""
    if state.bidder is not None:
        contract = (f'<div class="cardlab-slot"><span class="cardlab-contract">{_t(nm[state.bidder])}: '
                    f'{_t(_contract_words(state, bids))}</span></div>')
    view_attr = "all" if seat is None else str(seat)
    middle = f'<div class="cardlab-middle">{_prikup_html(state, seat)}{contract}{_trick_html(state)}</div>'
    head = f'<div class="cardlab-caption">{_t(caption)}</div>{auction}'
    if layout == "table":     # the auction on the caption's line, to keep the table short
        me = 0 if seat is None else seat
        seats = around_html([players[(me + k) % n] for k in range(1, n)], middle, players[me])
        head = f'<div class="cardlab-row cardlab-head-row">{head}</div>'
    else:
        seats = f'{"".join(players)}{middle}'
    return (f'<div class="{outer}" data-variant="{VARIANT}" data-view="{view_attr}" data-phase="{state.phase}">'
            f'{_STYLE}<style>{CSS_501}</style>{head}{seats}{_end_html(state, hide)}</div>')


def _seat_cards(state, s: int, seat: int | None, v) -> tuple[list, int, frozenset]:
    """What the table shows of seat ``s``'s hand to ``seat`` (None: all cards open; ``v`` its
    view): the cards shown, how many are face down, and which of the shown cards the seat
    knows of another's hand (shown to all)."""
    if seat is None:
        return list(state.hands[s]), 0, frozenset()
    if s == seat:
        return list(v.hand), len(state.hands[s]) - len(v.hand), frozenset()
    shown_cards = list(v.known[s])
    return shown_cards, v.hand_sizes[s] - len(shown_cards), frozenset(shown_cards)


def _badges(state, s: int) -> list[str]:
    """Seat ``s``'s badges: dealer (sitting out), eldest, bidder, passed or not looked in the
    auction, to act."""
    badges = []
    if s == state.dealer:
        badges.append("dealer" + (" (sits out)" if s not in state.active else ""))
    if s == state.active[0]:
        badges.append("eldest")
    if state.bidder == s:
        badges.append("bidder")
    if state.phase == "bidding" and s in state.active:
        if state.passed[s]:
            badges.append("passed")
        if not state.looked[s]:
            badges.append("has not looked")
    if state.to_act == s:
        badges.append("to act")
    return badges


def _count_words(state, s: int, hide: frozenset) -> list:
    """Seat ``s``'s count as every variant's table words it (``[]`` when hidden): ``"12 card
    points"``, or ``"32 points (12 card points + marriage ♦ 20)"`` with the marriages that count
    (their owner has taken a trick) [501.marriage.trick]."""
    if "card_points" in hide:
        return []
    counted = [(m[1], m[2]) for m in state.marriages if m[0] == s] if state.tricks_won[s] else []
    return [points_words(state.points(s), state.tricks, (s,), counted)]


def _marriage_words(state, s: int, hide: frozenset) -> list:
    """Seat ``s``'s declared marriages that are not in its count words: those that do not count
    yet (no trick taken), or all of them when the count is hidden (a declared marriage is public)."""
    ms = [(m[1], m[2]) for m in state.marriages if m[0] == s]
    if not ms or (state.tricks_won[s] and "card_points" not in hide):
        return []
    if state.tricks_won[s]:      # counted, but the count is hidden
        return ["marriage" + ("s " if len(ms) > 1 else " ") + ", ".join(f"{suit.symbol} {v}" for suit, v in ms)]
    return [uncounted_marriage_words(ms, state.phase == "over")]


def _player_html(state, s: int, seat: int | None, v, hide: frozenset) -> str:
    """Seat ``s``'s box as ``seat`` sees it: name, badges, points, tricks and marriages in the
    play (points unless hidden), the hand (face-down cards as backs), the tricks taken."""
    nm = state.names
    sitting = s not in state.active
    shown_cards, hidden, known = _seat_cards(state, s, seat, v)
    to_act = state.to_act == s
    badge_html = "".join(
        f'<span class="cardlab-badge{" cardlab-turn" if b == "to act" else ""}">{_t(b)}</span>'
        for b in _badges(state, s))
    cards = [card_svg(c, extra_class="cardlab-known" if c in known else None)
             for c in sort_hand(shown_cards, state.trump)]
    title = "Face-down card (not looked at yet)" if (seat == s and hidden) else "Face-down card"
    cards.extend(card_back_svg(title=title) for _ in range(hidden))
    if not cards:
        cards.append('<span class="cardlab-empty">no cards</span>')
    taken = [t for t in state.tricks if t.winner == s]
    facts = ""
    if s in state.active and (state.phase in ("play", "over")):
        facts = " · ".join(_count_words(state, s, hide) + [f"{len(taken)} trick{'s' if len(taken) != 1 else ''}"]
                           + _marriage_words(state, s, hide))
    chips = "".join(f'<span class="cardlab-pair">{"".join(card_chip(c) for _, c in t.cards)}</span>'
                    for t in taken)
    cls = "cardlab-player" + (" cardlab-to-act" if to_act else "") + (" cardlab-sitting-out" if sitting else "")
    return (f'<div class="{cls}" data-seat="{s}"><div class="cardlab-head"><span class="cardlab-name">{_t(nm[s])}'
            f'</span>{badge_html}<span class="cardlab-points">{_t(facts)}</span></div>'
            f'<div class="cardlab-hand cardlab-cards" data-seat="{s}">{"".join(cards)}</div>'
            + (f'<div class="cardlab-taken" data-seat="{s}">{chips}</div>' if chips else "") + "</div>")


def _prikup_html(state, seat: int | None) -> str:
    """The prikup: turned down (all cards open) or as backs to a seat until taken; once taken,
    words only (its cards are drawn in the bidder's hand, shown to all, and nowhere else)."""
    if state.prikup_up:
        words = _t(f"Prikup taken into {state.names[state.bidder]}'s hand")
        return (f'<div class="cardlab-slot cardlab-prikup cardlab-prikup-taken"><span>'
                f'{words}</span></div>')
    if seat is None:
        pk = "".join(card_svg(c, size="sm", extra_class="cardlab-turned-down") for c in state.prikup)
        pk_label = "Prikup (face down)"
    else:
        pk = "".join(card_back_svg(size="sm", title="Prikup card, face down") for _ in state.prikup)
        pk_label = "Prikup (face down)"
    return (f'<div class="cardlab-slot cardlab-prikup"><div class="cardlab-cards cardlab-small">{pk}</div>'
            f'<span>{_t(pk_label)}</span></div>')


def _trick_html(state) -> str:
    """The trick in progress with its seats (empty slots for the cards to come in the play),
    else the last trick and its winner."""
    nm = state.names
    if state.trick or not state.tricks:
        slots = "".join(f'<div class="cardlab-slot">{card_svg(c)}<span>{_t(nm[s])}</span></div>'
                        for s, c in state.trick_by_seat())
        slots += "".join('<div class="cardlab-slot"><span class="cardlab-empty">?</span><span>&#160;</span></div>'
                         for _ in range(3 - len(state.trick))) if state.phase == "play" else ""
        label = f"Trick {len(state.tricks) + 1}" if state.phase == "play" else "No trick yet"
        tcls = "cardlab-trick"
        nc = len(state.trick)
    else:
        t = state.tricks[-1]
        slots = "".join(f'<div class="cardlab-slot">{card_svg(c)}<span>{_t(nm[s])}</span></div>' for s, c in t.cards)
        label = f"Last trick ({len(state.tricks)}): {nm[t.winner]} won it"
        tcls = "cardlab-trick cardlab-last-trick"
        nc = 0
    return (f'<div class="{tcls}" data-cards="{nc}"><div class="cardlab-label">{_t(label)}</div>'
            f'<div class="cardlab-cards">{slots}</div></div>')


def _end_html(state, hide: frozenset) -> str:
    """The result box (its text left out when points or bids are hidden), or the status
    line while the hand runs (also when the result is hidden)."""
    if state.result is not None and "result" not in hide:
        r = state.result
        head = {"made": "Contract made", "failed": "Contract failed", "conceded": "Conceded",
                "thrown_in": "Thrown in"}[r.outcome]
        changes = ", ".join(f"{state.names[s]} {r.changes[s]:+d}" for s in state.active)
        text = ("" if hide & {"card_points", "bids"} else
                f'<div class="cardlab-result-text">{_t(r.explanation[:1].upper() + r.explanation[1:])}.'
                f' Before the 100-or-less rule: {_t(changes)}.</div>')
        return (f'<div class="cardlab-result" data-outcome="{r.outcome}"><div class="cardlab-result-head">'
                f'{_t(head)}</div>{text}</div>')
    return f'<div class="cardlab-status">{_t(_status(state, hide))}</div>'


def _phase_words(state) -> str:
    return {"bidding": "auction", "prikup": "prikup", "contract": "contract", "give": "passing cards",
            "play": f"trick {len(state.tricks) + 1}", "over": "hand over"}[state.phase]


def state_text(state, seat: int | None = None) -> str:
    """The table of a 501 state as plain text; a card this view may not see is ``??``."""
    n = len(state.names)
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n):
        raise ValueError(f"seat must be None (all cards open) or a seat from 0 to {n - 1}, not {seat!r}")
    v = state.view(seat) if seat is not None else None
    nm = state.names
    view_words = "all cards open" if seat is None else f"{nm[seat]}'s view"
    lines = [f"{state.rules.name} · {nm[state.dealer]} deals · {_phase_words(state)} · {view_words}"]
    calls = ", ".join(f"{nm[s]} {_say_bid(a) if a.kind != 'pass' else 'pass'}" for s, a in state.auction)
    lines.append(f"Auction: {calls or 'no call yet'}")
    for s in range(n):
        if seat is None:
            cs, hidden = list(state.hands[s]), 0
        elif s == seat:
            cs, hidden = list(v.hand), len(state.hands[s]) - len(v.hand)
        else:
            cs = list(v.known[s])
            hidden = v.hand_sizes[s] - len(cs)
        tags = []
        if s == state.dealer:
            tags.append("dealer" + (", sits out" if s not in state.active else ""))
        if state.bidder == s:
            tags.append("bidder")
        if state.to_act == s:
            tags.append("to act")
        tag = f" ({', '.join(tags)})" if tags else ""
        body = " ".join([format_cards(sort_hand(cs, state.trump))] * bool(cs) + ["??"] * hidden) or "(none)"
        extra = ""
        if s in state.active and state.phase in ("play", "over"):
            extra = "  [" + ", ".join(_count_words(state, s, frozenset())
                                      + [f"{state.tricks_won[s]} trick{'s' if state.tricks_won[s] != 1 else ''}"]
                                      + _marriage_words(state, s, frozenset())) + "]"
        lines.append(f"{nm[s]}{tag}: {body}{extra}")
    if state.prikup_up:
        lines.append(f"Prikup: {format_cards(state.prikup)} (taken by {nm[state.bidder]})")
    elif seat is None:
        lines.append(f"Prikup (face down): {format_cards(state.prikup)}")
    else:
        lines.append("Prikup: ?? ?? ?? (face down)")
    if state.bidder is not None:
        lines.append(f"Contract: {nm[state.bidder]}, {_contract_words(state)}")
    if state.trick:
        lines.append("Trick: " + ", ".join(f"{nm[s]} {c}" for s, c in state.trick_by_seat()))
    elif state.tricks:
        t = state.tricks[-1]
        lines.append("Last trick: " + ", ".join(f"{nm[s]} {c}" for s, c in t.cards) + f"; {nm[t.winner]} won it")
    if state.result is not None:
        lines.append("Result: " + state.result.explanation)
    else:
        lines.append(_status(state))
    return "\n".join(lines)

#: The quantities of :data:`cardlab.render.HIDE_TOKENS` this renderer draws (each left out when
#: ``hide`` names it), and those its result text states in words (left out with the result text).
WRITES: frozenset = frozenset({"bids", "card_points", "result"})
RESULT_STATES: frozenset = frozenset({"bids", "card_points"})


# ---------------------------------------------------------------------------------------------
# The student handout (cardlab.render.handout draws it): the rules in plain words, for a beginner

from .handout import Teaching, PACK_POINTS, TRICK_WINNER, pack_24_picture, same_words, yes_no  # noqa: E402  (the handout's pieces)


HANDOUT = Teaching(
    intro="Three players; in each hand the highest bidder plays alone against the other two. With four at the "
          "table the dealer sits out each hand and his score stays as it is.",
    sections=(
        ("What you need", (PACK_POINTS, "Paper to keep each player's score: everyone starts at {start_score}.")),
        ("The aim", (
            "Bring your score from {start_score} **down** to 0. In each hand the bidder must take at least the "
            "points he bid (cards and marriages); the other two lower their scores by the points they take.",)),
        ("The deal", (
            "The dealer deals one card at a time, clockwise from his left. In each of the first three rounds one "
            "card goes face down to the **prikup**: everyone gets 7 cards, the prikup 3.",)),
        ("Bidding", (
            "The player on the dealer's left (**eldest**) speaks first, then clockwise: pass, or bid the "
            "points (cards and marriages) you will take. The lowest bid is {min_bid}, the highest {max_bid}; "
            "each bid is higher than the last. Once you pass you are out of the bidding. It ends when the other "
            "two have passed after a bid; if all three pass, the cards are thrown in and the next player deals.",
            "**Blind**: before looking at your cards you may bid blind. If a blind bid wins, the bidder's result "
            "(good or bad) counts double. Once you look, your later bids are not blind.",
            "The prikup is turned face up for all to see and the bidder takes it. He names trumps (a suit) or no "
            "trump and a **contract**: his final bid or more. Then he passes one card face down to each "
            "opponent: everyone holds 8.",
            "Instead, the bidder may **give up**: his score goes up by his bid (twice if blind), and each "
            "opponent's score goes down by {concession_credit}.")),
        ("The play", (
            TRICK_WINNER + " Eldest leads to the first trick, whoever won the bidding; the winner of a trick "
            "leads to the next. Eight tricks; the last brings nothing extra.",
            "You must follow suit if you can. If you cannot, you must play a trump if you have one (it need not "
            "beat a trump already played); in no trump, any card. You never have to beat the card led.")),
        ("Marriages", (
            "Any player about to lead may declare a **marriage** (K and Q of one suit in his hand): 40 points "
            "in trumps, 20 in another suit, every one 20 in no trump. He then leads the K or Q; one marriage per "
            "lead. A marriage counts only if its owner takes at least one trick in the hand. Trumps never "
            "change.",)),
        ("Scoring a hand", (
            "Each player counts his points: the card points of his tricks plus his marriages that count.",
            "**The bidder**: reached the contract, his score goes down by the contract; missed, it goes up by the "
            "contract. After a blind win, twice the contract.",
            "**Each opponent**: his score goes down by the points he took.",
            "**{protect_threshold} or less**: an opponent whose score is {protect_threshold} or less at the "
            "start of the hand takes nothing off, for tricks or for a give-up; only making a contract as the "
            "bidder brings it down.")),
        ("How the game ends", (
            "The first player at 0 or below wins. If several get there in the same hand, a bidder who made his "
            "contract wins; otherwise the lowest score; if still equal, play on. The deal passes to the left.",)),
    ),
    presets={"pagat": "501", "literal": "Another reading", "fives": "Bids in fives"},
    differences={
        "pass_is_final": yes_no("once you pass you are out of the bidding",
                              "a player who passed may bid again later; the bidding ends when a bid is followed "
                              "by two passes in a row"),
        "opponent_marriages_count": yes_no("an opponent's marriages count for him too",
                                         "an opponent takes off only the card points of his tricks, not his "
                                         "marriages"),
        "bid_step": lambda v, r: (f"bids go up in steps of {v}: {r.min_bid}, {r.min_bid + v}, {r.min_bid + 2 * v} "
                                  f"and so on, and a contract is the final bid or more in steps of {v}"),
        "min_bid": same_words("the lowest bid is {v}"),
        "max_bid": same_words("the highest bid is {v}"),
        "blind_bids": yes_no("you may bid blind", "there are no blind bids"),
        "concession_credit": same_words("when the bidder gives up, each opponent counts {v}"),
        "protect_threshold": lambda v, r: ("there is no “100 or less” rule" if v is None else
                                           f"an opponent at {v} or less takes nothing off"),
        "opponent_can_win_by_tricks": yes_no("an opponent may reach 0 with his tricks",
                                           "an opponent's tricks never take his score below 1"),
        "last_trick_bonus": lambda v, r: ("the last trick brings no extra points" if not v else
                                          f"the last trick brings {v} more points"),
        "must_head": yes_no("when following suit you must beat the highest card of the suit if you can",
                          "you never have to beat the card led"),
        "must_overtrump": yes_no("when you trump, you must beat a trump already played if you can",
                               "a trump need not beat a trump already played"),
        "start_score": same_words("everyone starts at {v}"),
    },
    written_for={"pass_is_final": True, "opponent_marriages_count": True, "bid_step": 1, "blind_bids": True,
                 "opponent_can_win_by_tricks": True, "last_trick_bonus": 0, "must_head": False,
                 "must_overtrump": False},
    picture=pack_24_picture,
)
