"""The analysis adapter of Sixty-six (:mod:`cardlab.sixtysix`): Santase, Russian Mariage and
German 66.

Exact solving covers the end game: once the stock is exhausted or closed every card is in the
two hands, so with all cards known the play is a game of perfect information. The payoff is the
hand's **game points** from the maximising seat's point of view (+1..+3 when it wins the hand,
−1..−3 when it loses, 0 for a drawn hand), scored exactly as the engine scores: the 66 target
reached by a trick or a marriage that counts [66.win], 1/2/3 by the loser's card points and
tricks [66.score], the closer's success or failure [66.close-score], the last-trick 10 when the
stock ran out without a close [66.last-trick], the tie rule [66.tie]. Under German 66's "claim"
rule a player who reaches 66 claims at once (claiming later can only lower his game points, as
the opponent's points only grow), and a false claim is searched as a move of its own (it can
limit a certain loss of 3 to the 2 of a false claim).

Knowledge for sampling: the hidden locations are the opponent's hand and the face-down stock.
Once the stock is exhausted or closed nobody draws any more, so each card the opponent plays
then tells something for the rest of the hand: not following suit shows a void in the suit led,
not trumping (when trumping is a duty) a void in trumps, following under the card led (when
heading is a duty) that he holds no higher card of that suit [66.follow, 66.trump, 66.head].
"""

from __future__ import annotations

from ..cards import PACK_24, Card, Rank, Suit
from ..pack24 import CARD_POINTS, MARRIAGE_POINTS, TRUMP_MARRIAGE_POINTS
from ..sixtysix import SEAT_NAMES, VARIANT, SixtySixState, hand_game_points
from ..tricks import TrickRules
from . import adapters
from .sampling import Knowledge
from .solver import PlaySpec, card_bit, mask_of

__all__ = ["play_spec", "result_value", "knowledge", "complete"]

_TR = TrickRules()  # A 10 K Q J 9: the rank order of every Sixty-six rule set
_POINTS = [0] * 64
for _c in PACK_24:
    _POINTS[card_bit(_c, _TR)] = CARD_POINTS[_c.rank]
_POINTS = tuple(_POINTS)
_CARD_PTS = {c: CARD_POINTS[c.rank] for c in PACK_24}  # card -> card points (Trick.card_points)
_KQ = {s: mask_of((Card.of(s, Rank.KING), Card.of(s, Rank.QUEEN)), _TR) for s in Suit}


def _scorer(state: SixtySixState, seat: int):
    """payoff(P, T, last, stop) in signed game points for ``seat``, as the engine scores."""
    r = state.rules
    closer = state.closed_by
    close_info = state.close_info

    def finish66(w, P, T):
        o = 1 - w
        if closer is None:
            return w, hand_game_points(P[o], T[o] > 0)
        if closer == w:
            if r.closed_game_points is not None:
                return w, r.closed_game_points
            if r.close_count_rule == "at_close":
                return w, hand_game_points(close_info[0], close_info[1])
            return w, hand_game_points(P[o], T[o] > 0)
        # the closer's opponent went out first
        return w, (3 if r.failed_close == "flat_three" else 2)

    def failed(cl):
        if r.failed_close == "flat_three":
            return 1 - cl, 3
        return 1 - cl, (2 if close_info[1] else 3)

    # the number of tricks when the cards run out: a trick that reaches 66 as the last one ends
    # the hand by the count of the cards, not by a claim (equal totals are then a tie [66.tie])
    all_tricks = len(state.tricks) + (len(state.hands[0]) + len(state.hands[1]) + len(state.trick)) // 2

    def payoff(P, T, last, stop):
        if stop is not None and stop.__class__ is int and T[0] + T[1] == all_tricks:
            stop = None
        if stop is None:
            if closer is not None:
                if P[closer] >= 66:
                    w, gp = finish66(closer, P, T)
                elif P[1 - closer] >= 66:
                    w, gp = finish66(1 - closer, P, T)
                else:
                    w, gp = failed(closer)
            elif (P[0] >= 66 or P[1] >= 66) and P[0] != P[1]:
                # both at 66 or more only when nobody claimed it: the higher total wins
                w, gp = finish66(0 if P[0] > P[1] else 1, P, T)
            elif r.tie_rule == "last_trick":    # nobody at 66, or equal totals [66.tie]
                w, gp = last, 1
            else:
                return 0
        elif isinstance(stop, tuple):       # ("claim", seat)
            c = stop[1]
            if P[c] >= 66:
                w, gp = finish66(c, P, T)
            else:
                w, gp = 1 - c, r.false_claim_points
        else:
            w, gp = finish66(stop, P, T)
        return gp if w == seat else -gp

    return payoff


def play_spec(state: SixtySixState, seats) -> PlaySpec:
    """The end game of ``state`` as a :class:`PlaySpec`, ``seats[0]`` maximising its game points.

    Raises :class:`~cardlab.analysis.adapters.NotSolvable` while the stock is open (or the
    winner of a trick has still to choose between drawing and closing, or the closer's opponent
    between exchanging and passing), and once the hand is over."""
    if state.result is not None:
        raise adapters.NotSolvable("the hand is over")
    if state.stock_open or state.draw_pending:
        raise adapters.NotSolvable("the stock is still open: exact solving starts once it is exhausted or closed "
                                   "(the hidden stock order is not part of the play)")
    if state.close_exchange:
        raise adapters.NotSolvable("the closer's opponent has first to exchange the trump nine or pass")
    seat = seats[0]
    r = state.rules
    tw = state.tricks_won
    return PlaySpec(
        n=2,
        hands=(mask_of(state.hands[0], _TR), mask_of(state.hands[1], _TR)),
        trump=int(state.trump),
        rules=r.trick_rules_after_stock,
        leader=state.leader,
        trick=tuple(card_bit(c, _TR) for c in state.trick),
        points=_POINTS,
        team=(0, 1),
        max_seats=frozenset((seat,)),
        team_points=(state.points(0), state.points(1)),
        team_tricks=tw,
        has_trick=(tw[0] > 0, tw[1] > 0),
        pending=tuple(0 if tw[s] else state.marriage_points[s] for s in (0, 1)),
        payoff=_scorer(state, seat),
        bounds=(-3, 3),
        marriages=r.marriages_after_stock,
        marriage_values=(MARRIAGE_POINTS, TRUMP_MARRIAGE_POINTS),
        marriage_needs="seat",
        marriage_from_trick=0 if r.marriage_on_first_lead else 1,
        lead_mask=_KQ[state.pending_marriage] if state.pending_marriage is not None and not state.trick else 0,
        last_trick_bonus=r.last_trick_bonus if state.closed_by is None else 0,
        target=66,
        can_claim=r.going_out == "claim",
    )


def result_value(state: SixtySixState, seats) -> int:
    """Signed game points of ``seats[0]`` in a finished hand (0 for a drawn hand)."""
    me = seats[0]
    returns = state.result.returns          # game points each seat scores in this hand
    return returns[me] - returns[1 - me]


def default_seats(state: SixtySixState) -> tuple:
    """The player to act (seat 0 once the hand is over)."""
    return (state.to_act if state.to_act is not None else 0,)


def describe_value(v: int, seats, state) -> str:
    """The value in words, e.g. "A wins 2 game points"."""
    name = state.names[seats[0]]
    if v == 0:
        return "a drawn hand"
    n = abs(v)
    return f"{name} {'wins' if v > 0 else 'loses'} {n} game point{'s' if n != 1 else ''}"


# ---------------------------------------------------------------------------------------------
# Sampling: knowledge from one seat's views, and a full state from a view plus hidden cards


def knowledge(views, names=None) -> Knowledge:
    """What the seat of ``views`` (its views in order, the last one now) knows about the hidden
    cards: the unseen cards, how many are in the opponent's hand and in the stock, and the cards
    the opponent cannot hold (voids and heading shown once the stock was exhausted or closed).
    With only the last view (no history) no play inference is made about tricks whose phase is
    unknown; the sampling is then looser but still consistent."""
    views = list(views)
    v = views[-1]
    rules = v.rules
    tr = rules.trick_rules_after_stock
    phase2 = {}
    turnup = None
    close_trick = None
    for x in views:
        i = len(x.tricks)
        # the last view during trick i shows the duties in force when its cards were played
        # (the stock can only close at a lead, and never reopens)
        phase2[i] = not x.stock_open
        if x.closed_by is not None and close_trick is None:
            close_trick = i
        if x.turnup is not None and turnup is None:
            turnup = x.turnup
    seat = v.seat
    opp = 1 - seat
    unseen = set(v.unseen)
    excluded: set = set()
    notes = []
    name = names[opp] if names else f"seat {opp}"
    trump = v.trump
    for i, t in enumerate(v.tricks):
        if t.leader == opp or not phase2.get(i, False):
            continue
        (_, lead), (_, follow) = t.cards
        ls = lead.suit
        if follow.suit != ls:
            if tr.must_follow:
                gone = {c for c in unseen if c.suit == ls}
                if gone - excluded:
                    notes.append(f"trick {i + 1}: {name} did not follow {ls.symbol}, so holds no {ls.symbol}")
                excluded |= gone
                if tr.must_trump and follow.suit != trump and ls != trump:
                    gone = {c for c in unseen if c.suit == trump}
                    if gone - excluded:
                        notes.append(f"trick {i + 1}: {name} did not trump, so holds no trump ({trump.symbol})")
                    excluded |= gone
        elif tr.must_head and tr.strength(follow) < tr.strength(lead):
            gone = {c for c in unseen if c.suit == ls and tr.strength(c) > tr.strength(lead)}
            if gone - excluded:
                notes.append(f"trick {i + 1}: {name} did not beat {lead}, so holds no higher {ls.symbol}")
            excluded |= gone
    opp_hidden = v.opponent_hand_size - len(v.opponent_known)
    stock_hidden = len(unseen) - opp_hidden
    return Knowledge(
        seat=seat,
        unseen=tuple(c for c in PACK_24 if c in unseen),
        locations=(f"{name}'s hand", "stock"),
        counts=(opp_hidden, stock_hidden),
        excluded=(frozenset(excluded), frozenset()),
        notes=tuple(notes),
        extra={"turnup": turnup, "close_trick": close_trick},
    )


def complete(view, know: Knowledge, deal) -> SixtySixState:
    """A full state equal to the real one in everything ``view``'s seat can see, with the hidden
    cards as in ``deal`` (a tuple: the opponent's hidden cards, then the stock's face-down cards
    in draw order). Names are the default :data:`~cardlab.sixtysix.SEAT_NAMES`; the state has no
    parent and no pack."""
    seat = view.seat
    opp = 1 - seat
    opp_hidden, stock_cards = deal
    hands = [None, None]
    hands[seat] = tuple(view.hand)
    hands[opp] = tuple(view.opponent_known) + tuple(opp_hidden)
    s = SixtySixState._blank()
    s.rules = view.rules
    s.dealer = view.dealer
    s.names = SEAT_NAMES
    s.pack = None
    s.hands = tuple(hands)
    turnup = view.turnup if view.turnup is not None else (know.extra.get("turnup") or Card.of(view.trump, Rank.NINE))
    s.turnup = turnup
    s.turnup_in_stock = view.turnup is not None
    s.stock = tuple(stock_cards)
    s.trump = view.trump
    s.closed_by = view.closed_by
    s.leader = view.leader
    s.trick = tuple(view.trick)
    s._to_act = view.to_act if view.to_act is not None else view.leader
    cp = [0, 0]
    for t in view.tricks:
        cp[t.winner] += t.card_points(_CARD_PTS)
    s.card_points = tuple(cp)
    mp = [0, 0]
    for (ms, _suit, val) in view.marriages:
        mp[ms] += val
    s.marriage_points = tuple(mp)
    s.tricks_won = tuple(view.tricks_won)
    bonus = tuple(view.points[i] - cp[i] - (mp[i] if view.tricks_won[i] else 0) for i in (0, 1))
    s.bonus = bonus
    s.tricks = tuple(view.tricks)
    s.marriages = tuple(view.marriages)
    s.pending_marriage = view.pending_marriage
    shown = [set(), set()]
    shown[opp] = set(view.opponent_known)
    own = set(view.hand)
    for (ms, suit, _val) in view.marriages:
        if ms == seat:
            shown[seat] |= {c for c in (Card.of(suit, Rank.KING), Card.of(suit, Rank.QUEEN)) if c in own}
    s.shown = (frozenset(shown[0]), frozenset(shown[1]))
    s.draw_pending = view.draw_pending
    s.close_exchange = view.close_exchange
    # the closer's opponent's situation at the close (for the failed-close and at-close scoring)
    s.close_info = None
    if view.closed_by is not None:
        k = know.extra.get("close_trick")
        if k is None:
            k = len(view.tricks)
        o = 1 - view.closed_by
        before = view.tricks[:k]
        pts = sum(t.card_points(_CARD_PTS) for t in before if t.winner == o)
        had = any(t.winner == o for t in before)
        if had:
            kq_led = {t.lead.suit for t in before if t.leader == o and t.lead.rank in (Rank.KING, Rank.QUEEN)}
            pts += sum(val for (ms, suit, val) in view.marriages if ms == o and suit in kq_led)
        s.close_info = (pts, had)
    return s


ADAPTER = adapters.Adapter(
    variant=VARIANT,
    play_spec=play_spec,
    result_value=result_value,
    default_seats=default_seats,
    value_unit="game points",
    cost_threshold=0.25,
    # the expert: no decision before the play, so more sampled deals (benchmarks/results/strength.md)
    expert_samples=256,
    describe_value=describe_value,
    knowledge=knowledge,
    complete=complete,
    other_side=lambda seats, state: (1 - seats[0],),
)
