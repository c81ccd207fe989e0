"""Analysis adapter of 501 (:mod:`cardlab.russian501`): see :mod:`cardlab.analysis.adapt_common`
for who maximises what and how hidden cards are sampled during the card play."""

from __future__ import annotations

from .. import russian501 as m
from . import adapters
from ..pack24 import CARD_POINTS
from .adapt_common import (World, build_spec, joined_names, kq_mask, marriage_points_by_seat, play_knowledge,
                           points_table, world_hands)
from ..cards import format_cards
from .sampling import Knowledge

__all__ = ["ADAPTER"]


def play_spec(state, seats):
    if state.phase != "play" or state.result is not None:
        during = " (the auction)" if state.phase == "bidding" else ""
        raise adapters.NotSolvable(f"the hand is in its {state.phase!r} phase{during}: only the card play (phase "
                                   f"'play') can be solved exactly")
    playing = tuple(state.active)
    pos = {s: i for i, s in enumerate(playing)}
    tr = state.trick_rules
    r = state.rules
    maxp = tuple(pos[s] for s in seats)

    def payoff(P, T, last, stop):
        return sum(P[p] for p in maxp)

    tw = [state.tricks_won[s] for s in playing]
    pm = state.pending_marriage        # declared by the leader: he now leads its K or Q
    return build_spec(
        state, playing, team=tuple(range(3)), max_pos=maxp, hands=[state.hands[s] for s in playing],
        points=points_table(tr, CARD_POINTS), P=tuple(state.points(s) for s in playing), T=tuple(tw),
        has=tuple(t > 0 for t in tw), pend=tuple(0 if state.tricks_won[s] else state.marriage_points[s]
                                                 for s in playing),
        payoff=payoff, bounds=(0, 220), marriages=True, marriage_from_trick=0, marriage_needs="seat",
        lead_mask=kq_mask(pm, tr) if pm is not None and not state.trick else 0,
        last_trick_bonus=r.last_trick_bonus, target=None, trick_cards=state.trick, rules=tr, trump=state.trump,
        additive=True)

def result_value(state, seats):
    return sum(state.result.points[s] for s in seats)

def default_seats(state):
    if state.bidder is not None:
        return (state.bidder,)
    return (state.to_act if state.to_act is not None else state.active[0],)

def describe(v, seats, state):
    # short enough for a table cell (pandas cuts text at 50 characters)
    if state.contract is not None and tuple(seats) == (state.bidder,):
        return f"{v} points: contract {state.contract} {'made' if v >= state.contract else 'failed'}"
    return f"{joined_names(state, seats)} take{'s' if len(seats) == 1 else ''} {v} points"

def knowledge(views, names=None):
    v = views[-1]
    if v.phase != "play":
        raise adapters.NotSolvable("the analysis samples a 501 hand during its card play only")
    know = play_knowledge(v, tuple(v.active), v.known, v.rules.trick_rules, lambda c: c, names,
                           "out of play", 0)
    if v.seat == v.bidder or not v.prikup:
        return know
    # A defender saw the prikup turned up; the declarer passed one card face down to each
    # defender [501.give], so the other defender holds at most one prikup card (none if he
    # has already played one) and the declarer the rest.
    others = know.extra["others"]
    mate = next(s for s in others if s != v.bidder)
    loc = others.index(mate)
    prikup = frozenset(v.prikup)
    played = sum(1 for t in v.tricks for seat, c in t.cards if seat == mate and c in prikup)
    lead = v.active.index(v.leader) if v.trick else 0
    played += sum(1 for k, c in enumerate(v.trick) if v.active[(lead + k) % 3] == mate and c in prikup)
    hidden = prikup & set(know.unseen)
    if not hidden:
        return know
    most = max(0, 1 - played)
    name = names[mate] if names else f"seat {mate}"
    note = (f"the declarer passed {name} one card face down, so {name} holds at most {most} of the prikup "
            f"cards {format_cards(sorted(hidden))}")
    return Knowledge(seat=know.seat, unseen=know.unseen, locations=know.locations, counts=know.counts,
                     excluded=know.excluded, notes=know.notes + (note,), extra=know.extra,
                     limits=((loc, frozenset(hidden), most),))

def world(view, know, deal):
    playing = tuple(view.active)
    return World(phase="play", result=None, rules=view.rules, trick_rules=view.rules.trick_rules,
                  active=playing, hands=world_hands(view, know, deal, playing, view.known),
                  _points=view.points, tricks_won=view.tricks_won, trump=view.trump,
                  marriage_points=marriage_points_by_seat(view, len(view.hand_sizes)), leader=view.leader,
                  trick=view.trick, tricks=view.tricks, bidder=view.bidder, contract=view.contract,
                  pending_marriage=view.pending_marriage,
                  names=tuple(f"seat {i}" for i in range(len(view.hand_sizes))))

def score(state, seat):
    # how far the hand moves the seat's score towards 0 (before the game's "100 or less"
    # rule): the bidder's contract made or failed, an opponent's points [501.score]
    return -state.result.returns[seat]

# --- the expert's valuation of the bidder's trumps and first card passed -------------------------

def _rebuilt(view, hands):
    """The state ``view`` (the bidder's, after he took the prikup) was taken from, had the seats
    held ``hands`` as dealt (the bidder's seven first cards, then the prikup): dealt, the auction
    replayed call by call (each seat looking first where the view says it looked and its call
    was not blind), the prikup taken and, in the give phase, the contract named; ``None`` when
    that does not give ``view``'s decision."""
    from ..errors import CardlabError

    try:
        s = m.deal_from_hands(hands, view.prikup, view.rules, view.dealer,
                              names=tuple(f"seat {i}" for i in range(len(view.hand_sizes))))
        for seat, call in view.auction:
            if call.kind != "blind" and view.looked_seats[seat] and not s.looked[seat]:
                s = s.apply(m.LOOK)
            s = s.apply(call)
        s = s.apply(m.TAKE)
        if view.phase == "give":
            s = s.apply(m._contract(None if view.no_trump else view.trump, view.contract))
    except CardlabError:
        return None
    if s.phase != view.phase or s.to_act != view.seat or s.hands[view.seat] != tuple(view.hand) \
            or s.legal_actions() != tuple(view.legal_actions):
        return None
    return s


def _sampled_hands(view, rng):
    """Every seat's seven cards as dealt: the bidder's own (his hand without the prikup), the
    14 cards he cannot see dealt at random to the two others."""
    pool = list(view.unseen)
    rng.shuffle(pool)
    hands = [[] for _ in view.hand_sizes]
    prikup = set(view.prikup)
    for seat in view.active:
        hands[seat] = [c for c in view.hand if c not in prikup] if seat == view.seat else [pool.pop() for _ in range(7)]
    return hands


def _values(view, candidates, samples, seed, deadline=None):
    """``(per candidate action (deals where the bidder's points reach the contract, total
    points), deals tried)``, each candidate taken in the same ``samples`` sampled deals, the rest
    of the choices before the play made by the rule-based player and the play solved double
    dummy; ``None`` if no deal could be rebuilt. ``deadline`` stops the sampling early
    (:func:`~cardlab.analysis.adapters.out_of_time`): fewer deals tried."""
    import random

    from ..players.russian501 import Russian501Player
    from .advice import _rollouts

    rng = random.Random(seed)
    policy = Russian501Player(seed)
    out = [[0, 0] for _ in candidates]
    done = tries = 0
    while done < samples and tries < 4 * samples and not adapters.out_of_time(deadline, done, samples):
        tries += 1
        state = _rebuilt(view, _sampled_hands(view, rng))
        if state is None:
            continue
        for k, a in enumerate(candidates):
            child = state.apply(a)
            points = _rollouts(ADAPTER, child, (view.seat,), policy, 1)
            out[k][0] += points >= child.contract
            out[k][1] += points
        done += 1
    return (out, done) if done else None


def before_play(view, samples, seed):
    """The expert's choice of trumps and of the first card passed, as the bidder, or ``None`` for
    another decision [501.contract, 501.give].

    Trumps: at the contract the rule-based player would name (``None`` where it concedes: the
    double-dummy play this valuation rests on is pessimistic for the bidder, by 14 points on
    average over 51 hands of search players, so it does not judge a concession), each trump
    suit and no trump is named in the same ``samples`` sampled deals of the 14 cards the bidder
    cannot see; the rule-based player passes the cards, and the play is solved double dummy. The
    choice made in the most deals wins (then the most points; ties: the rule-based choice).
    The first card passed: each card of the hand, the second one passed as the rule-based
    player would, valued the same way. Made means the bidder's points (cards and marriages)
    reach the contract; the deals are drawn from ``seed``. Returns one of ``view``'s legal
    actions, or ``None`` (another seat or phase, the second card passed, a concession, or no
    sampled deal fitting the view); raises nothing for a view of this variant."""
    got = _tried(view, samples, seed)
    if got is None:
        return None
    candidates, values, _deals, usual = got
    rank = _rank(candidates, values, usual)
    return candidates[rank.index(max(rank))]


def _rank(candidates, values, usual):
    """The expert's ranking key per candidate: the deals made, then the points, then the
    rule-based player's choice."""
    return tuple((made, points, a == usual) for a, (made, points) in zip(candidates, values))


def _tried(view, samples, seed, deadline=None):
    """``(candidates, values, deals, usual)`` for :func:`before_play` (``values`` as
    :func:`_values` gives them, ``usual`` the rule-based player's choice), or ``None`` where it
    gives ``None``."""
    if view.seat != view.bidder or view.phase not in ("contract", "give") or view.given_to:
        return None
    from ..players.russian501 import Russian501Player

    usual = Russian501Player(seed).choose(view)
    legal = tuple(view.legal_actions)
    if view.phase == "contract":
        if usual.kind != "contract":
            return None
        level = usual.value[1]
        candidates = tuple(a for a in legal if a.kind == "contract" and a.value[1] == level)
    else:
        candidates = legal
    if len(candidates) < 2:
        return None
    got = _values(view, candidates, samples, seed, deadline)
    if got is None:
        return None
    values, deals = got
    return candidates, values, deals, usual


def before_play_values(view, samples, seed, deadline=None):
    """The valuation of :func:`before_play` for the hint and the review
    (:class:`~cardlab.analysis.adapters.BeforePlayValuation`): per legal action of ``view`` the
    bidder's mean points (cards and marriages) over the deals tried, ``None`` for an action it
    does not try (a contract at another level than the rule-based player's); ranked as the expert
    ranks, first by the deals in which the contract is made (the notes: "20 of 24"), then by the
    points. ``None`` where :func:`before_play` gives ``None``. ``deadline``: see
    :func:`~cardlab.analysis.adapters.out_of_time`."""
    got = _tried(view, samples, seed, deadline)
    if got is None:
        return None
    candidates, values, deals, usual = got
    at = {a: k for k, a in enumerate(candidates)}
    rank = _rank(candidates, values, usual)

    def each(f):
        return tuple(None if a not in at else f(at[a]) for a in view.legal_actions)

    return adapters.BeforePlayValuation(
        each(lambda k: values[k][1] / deals), deals, each(lambda k: rank[k]),
        notes=each(lambda k: f"{values[k][0]} of {deals}"), notes_heading="contract made in",
        timed_out=deals < samples and adapters.out_of_time(deadline, deals, samples))


#: How :func:`before_play_values` values a choice, in the hint's words.
BEFORE_PLAY_AS = ("each tried in the same deals, the cards passed as the rule-based player would and the card play "
                  "solved with all cards open, the other players together against you; ranked first by the deals "
                  "in which the contract is made, then by the points")



ADAPTER = adapters.Adapter(
    solved_as="the other players playing together against you",
    variant=m.VARIANT, play_spec=play_spec, result_value=result_value, default_seats=default_seats,
    value_unit="points", cost_threshold=5, describe_value=describe, score=score,
    score_unit="game points", knowledge=knowledge, world=world, before_play=before_play,
    before_play_values=before_play_values, before_play_as=BEFORE_PLAY_AS,
    valued_decisions="the card play and the bidder's trumps and first card passed")
