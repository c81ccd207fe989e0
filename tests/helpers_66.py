"""Shared builders and a small, independent rules oracle for the Sixty-six tests.

The point table and the legal-action oracle below are written from docs/rules-notes.md (§"Shared
definitions", §3 Santase, §4.1 Russian Mariage) and the option docs of SixtySixRules, not from
the engine's output.
"""

from __future__ import annotations

import pytest

from cardlab import PACK_24, Card, IllegalActionError, Rank, parse_card, parse_cards
from cardlab import sixtysix as ss

#: Card points by rank, rules-notes §"Shared definitions": A 11, 10 10, K 4, Q 3, J 2, 9 0.
POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0}
#: Trick-taking order high -> low: A 10 K Q J 9.
ORDER = {Rank.ACE: 6, Rank.TEN: 5, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 1}


def pts(card) -> int:
    return POINTS[parse_card(card).rank]


def C(text) -> Card:
    return parse_card(text)


def deal66(hands, turnup, stock=None, rules=ss.SANTASE, dealer=1, names=("A", "B")):
    """``deal_from_hands`` with a stock that defaults to the other 11 cards in PACK_24 order
    (♣ A 10 K Q J 9, then ♦, ♥, ♠). dealer=1 by default, so seat 0 ("A") leads first."""
    hs = [parse_cards(h) if isinstance(h, str) else tuple(map(parse_card, h)) for h in hands]
    t = parse_card(turnup)
    if stock is None:
        used = set(hs[0]) | set(hs[1]) | {t}
        stock = tuple(c for c in PACK_24 if c not in used)
    elif isinstance(stock, str):
        stock = parse_cards(stock)
    return ss.deal_from_hands(hs, t, stock, rules=rules, dealer=dealer, names=names)


def tokens(script: str) -> list[str]:
    """Split a script such as ``"A♥ 9♥ | marriage ♠ | K♠ 9♣"`` into action texts."""
    out: list[str] = []
    for part in script.replace("|", ",").split(","):
        part = part.strip()
        if not part:
            continue
        if part.startswith("marriage") or part in ("exchange", "close", "out", "draw", "draw?", "pass"):
            out.append(part)
        else:
            out.extend(part.split())
    return out


def draw_pending(state) -> bool:
    """The trick's winner must choose between drawing and closing (close_before_draw rules)."""
    return {"draw", "close"} <= set(legal(state)) <= {"draw", "close", "out"}


def run(state, script: str, auto_draw: bool = True):
    """Apply the actions of ``script`` by their text, in order (see :func:`tokens`).

    With ``auto_draw`` (the default), whenever the rules let a trick's winner close before
    drawing (German 66) and the script does not say "close" or "draw" next, "draw" is applied,
    so one script describes the same play under every preset. The token "draw?" draws only if
    the rules offer the choice (use it before "close" to close *after* drawing everywhere)."""
    toks = tokens(script)
    for tok in toks:
        if tok == "draw?":
            if draw_pending(state):
                state = state.apply("draw")
            continue
        if auto_draw and tok not in ("draw", "close") and draw_pending(state):
            state = state.apply("draw")
        state = state.apply(tok)
    if auto_draw and draw_pending(state):
        state = state.apply("draw")
    return state


def legal(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def snapshot(state):
    """Everything observable about a state, to check it is unchanged after a refused action."""
    return (
        legal(state), state.hands, state.stock, state.turnup, state.turnup_in_stock, state.trick,
        state.to_act, state.leader, state.card_points, state.bonus, state.marriage_points,
        state.tricks_won, state.tricks, state.marriages, state.closed_by, state.result,
        (state.points(0), state.points(1)), len(state.history()), state.last_action,
    )


def assert_illegal(state, action, rule: str, *words: str):
    """``action`` raises IllegalActionError naming ``rule``; the state is unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as ei:
        state.apply(action)
    exc = ei.value
    assert exc.rule == rule, f"{action!r}: expected rule {rule}, got {exc.rule} ({exc.reason})"
    assert exc.rule in ss.RULES
    assert exc.reason and f"[rule {rule}]" in str(exc)
    for w in words:
        assert w in exc.reason, exc.reason
    assert snapshot(state) == before
    return exc


def play_out(state, pick=None):
    """Play to the end, always choosing the first legal card play (never a marriage, close,
    exchange or claim) unless ``pick(state)`` returns an action."""
    while not state.is_finished:
        a = pick(state) if pick else None
        if a is None:
            a = next(x for x in state.legal_actions() if x.kind == "play")
        state = state.apply(a)
    return state


def tricks_points(state, seat) -> int:
    """Card points in the completed tricks won by ``seat``, from the point table above."""
    return sum(POINTS[c.rank] for t in state.tricks if t.winner == seat for _, c in t.cards)


# -- independent oracle of the legal actions ---------------------------------------------------

def beats(second: Card, first: Card, trump) -> bool:
    if second.suit == first.suit:
        return ORDER[second.rank] > ORDER[first.rank]
    return second.suit == trump


def expected_follow(hand, lead: Card, trump, rules) -> set[Card]:
    """Cards a follower may play once the stock is exhausted or closed: follow suit (and beat
    the card led if must_head and possible); void: trump if must_trump and possible; else any."""
    same = [c for c in hand if c.suit == lead.suit]
    if same:
        if rules.must_head:
            higher = [c for c in same if ORDER[c.rank] > ORDER[lead.rank]]
            if higher:
                return set(higher)
        return set(same)
    if rules.must_trump:
        trumps = [c for c in hand if c.suit == trump]
        if trumps:
            return set(trumps)
    return set(hand)


def expected_legal(state, pending_suit, after: str | None = None) -> set[str]:
    """The legal actions by the rules, given the marriage announced on this lead (or None).

    ``after`` says what just happened: ``"trick"`` (a trick was completed by the last action)
    or ``"close"`` (the last action closed the stock); it decides the two German interludes:
    close before drawing (close_before_draw) and the opponent's exchange at a close
    (exchange_on_close), rules-notes §5 'German 66'."""
    r = state.rules
    if state.result is not None:
        return set()
    seat = state.to_act
    hand = state.hands[seat]
    stock_size = len(state.stock) + (1 if state.turnup_in_stock else 0)
    stock_open = state.closed_by is None and stock_size > 0
    if after == "trick" and r.close_before_draw and stock_open and stock_size >= r.close_min_stock:
        # the winner may also claim 66 at once, right after the trick (P66 claim rules)
        return {"draw", "close"} | ({"out"} if r.going_out == "claim" else set())
    if (after == "close" and r.exchange_on_close and state.turnup_in_stock
            and Card.of(state.trump, Rank.NINE) in state.hands[1 - state.closed_by]):
        assert seat == 1 - state.closed_by
        return {"exchange", "pass"}
    if state.trick:
        if stock_open:
            return {str(c) for c in hand}
        return {str(c) for c in expected_follow(hand, state.trick[0], state.trump, r)}
    out: set[str] = set()
    any_trick = len(state.tricks) > 0
    if pending_suit is not None:
        out |= {str(c) for c in hand if c.suit == pending_suit and c.rank in (Rank.KING, Rank.QUEEN)}
    else:
        out |= {str(c) for c in hand}
        if (any_trick or r.marriage_on_first_lead) and (stock_open or r.marriages_after_stock):
            for c in hand:
                if c.rank == Rank.KING and Card.of(c.suit, Rank.QUEEN) in hand:
                    out.add(f"marriage {c.suit.symbol}")
    nine = Card.of(state.trump, Rank.NINE)
    if (r.nine_exchange and nine in hand and state.closed_by is None and state.turnup_in_stock
            and stock_size >= r.exchange_min_stock
            and (state.tricks_won[seat] > 0 or not r.exchange_needs_trick)):
        out.add("exchange")
    if (state.closed_by is None and stock_size > 0 and stock_size >= r.close_min_stock
            and (any_trick or r.close_on_first_lead)):
        out.add("close")
    if r.going_out == "claim" and any_trick:
        out.add("out")
    return out


def game_points_for(loser_points: int, loser_has_trick: bool) -> int:
    """rules-notes §3.1 'Game points per hand' with C-9/C-10: no trick 3; under 33 -> 2; else 1."""
    if not loser_has_trick:
        return 3
    return 2 if loser_points < 33 else 1


# -- finished hands of known outcome, by role (leader = non-dealer) ---------------------------

def by_role(leader_hand: str, dealer_hand: str, dealer: int) -> list[str]:
    hands = [None, None]
    hands[1 - dealer] = leader_hand
    hands[dealer] = dealer_hand
    return hands


def finish(state, script: str):
    """Run ``script``; under claim rules, claim "out" at the end if the hand is still open."""
    s = run(state, script)
    if not s.is_finished and s.rules.going_out == "claim":
        s = s.apply("out")
    return s


#: The leader takes A♥ 9♥ (11), announces 40 in trumps (51), K♠ 9♣ (55), A♠ 9♦ (66):
#: exactly 66, the dealer took no trick -> 3 game points for the leader.
SCHWARZ_W, SCHWARZ_L = "A♥ K♠ Q♠ A♠ J♣ J♦", "9♥ 9♣ 9♦ Q♣ Q♦ J♥"


def schwarz_leader(rules, dealer):
    s = deal66(by_role(SCHWARZ_W, SCHWARZ_L, dealer), "10♠", rules=rules, dealer=dealer)
    return finish(s, "A♥ 9♥ | marriage ♠ | K♠ 9♣ | A♠ 9♦")


def schwarz_dealer(rules, dealer):
    """The same with the roles swapped: the dealer wins 3 (the leader leads 9♥ into the A♥)."""
    s = deal66(by_role(SCHWARZ_L, SCHWARZ_W, dealer), "10♠", rules=rules, dealer=dealer)
    return finish(s, "9♥ A♥ | marriage ♠ | K♠ 9♣ | A♠ 9♦")


#: The leader loses 10♥ A♥ (21) and J♣ 10♣ (12) -> the dealer has exactly 33; then the leader
#: takes 9♦ A♦ (11), 40 in trumps (51), K♠ J♦ (57), A♠ 9♣ (68) -> 1 game point for the leader.
ONE_W, ONE_L = "10♥ J♣ A♦ K♠ Q♠ A♠", "A♥ 10♣ 9♦ J♦ 9♣ 9♥"


def one_point_leader(rules, dealer):
    s = deal66(by_role(ONE_W, ONE_L, dealer), "10♠", rules=rules, dealer=dealer)
    return finish(s, "10♥ A♥ | 10♣ J♣ | 9♦ A♦ | marriage ♠ | K♠ J♦ | A♠ 9♣")


#: 65-65 (see test_sixtysix_rules.P6565): the leader takes the last trick.
TIE_W, TIE_L = "K♣ K♦ K♥ 10♣ 10♦ 10♥", "Q♣ Q♦ Q♥ A♣ A♦ A♥"
TIE_STOCK = "9♣ J♣ J♦ 9♦ A♠ 10♠ Q♠ K♠ 9♠ J♥ 9♥"
TIE_PLAY = ("K♣ Q♣ | K♦ Q♦ | K♥ Q♥ | 10♣ A♣ | A♦ 10♦ | A♥ 10♥ | J♣ 9♣ | 9♦ J♦ | A♠ 10♠ | K♠ Q♠ | "
            "J♠ 9♠ | J♥ 9♥")


def tie_hand(rules, dealer):
    s = deal66(by_role(TIE_W, TIE_L, dealer), "J♠", TIE_STOCK, rules=rules, dealer=dealer)
    return run(s, TIE_PLAY)
