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

ADAPTER = adapters.Adapter(
    solved_as="the other players playing together against you",
    variant=m.VARIANT, play_spec=play_spec, result_value=result_value, default_seats=default_seats,
    value_unit="points", cost_threshold=5, describe_value=describe, score=score,
    score_unit="game points", knowledge=knowledge, world=world)
