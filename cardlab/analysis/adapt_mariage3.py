"""Analysis adapter of three-player Mariage (:mod:`cardlab.mariage3`): see :mod:`cardlab.analysis.adapt_common`
for who maximises what and how hidden cards are sampled during the card play."""

from __future__ import annotations

from .. import mariage3 as m
from . import adapters
from ..pack24 import CARD_POINTS, PACK_24
from .adapt_common import (World, build_spec, kq_mask, marriage_points_by_seat, play_knowledge, points_table,
                           winner_recency, world_hands)


__all__ = ["ADAPTER"]


def play_spec(state, seats):
    if state.phase != "play" or state.result is not None:
        raise adapters.NotSolvable(f"the hand is in its {state.phase!r} phase: only the card play can be solved")
    r = state.rules
    tr = state.trick_rules
    me = seats[0]
    playing = (0, 1, 2)
    automatic = r.going_out == "automatic"
    scale_out = r.cards_out_payment == "scale"
    most = r.cards_out_rule == "most_points"
    pay = m.opponent_payment

    def settle(w, P, T, scale):
        if me == w:
            return sum((pay(P[o], T[o] > 0) if scale else 1) for o in (0, 1, 2) if o != w)
        return -(pay(P[me], T[me] > 0) if scale else 1)

    def payoff(P, T, last, stop, rec=None):
        if stop is not None and automatic:
            return settle(stop, P, T, True)
        if not most:
            return settle(last, P, T, scale_out)
        best = max(P)
        tied = [s for s in (0, 1, 2) if P[s] == best]
        w = tied[0] if len(tied) == 1 else next(s for s in rec if s in tied)
        return settle(w, P, T, scale_out)

    tw = tuple(state.tricks_won)
    pm = state.pending_marriage
    return build_spec(
        state, playing, team=(0, 1, 2), max_pos=(me,), hands=list(state.hands),
        points=points_table(tr, CARD_POINTS), P=tuple(state.points(s) for s in playing), T=tw,
        has=tuple(t > 0 for t in tw), pend=tuple(0 if tw[s] else state.marriage_points[s] for s in playing),
        payoff=payoff, bounds=(-3, 6), marriages=r.marriages,
        marriage_from_trick=0 if r.marriage_on_first_lead else 1, marriage_needs="seat",
        lead_mask=kq_mask(pm, tr) if pm is not None and not state.trick else 0, last_trick_bonus=0,
        target=66 if automatic else None, trick_cards=list(state.trick), rules=tr, trump=state.trump,
        recency=winner_recency(state.tricks, {0: 0, 1: 1, 2: 2}) if most else None)

def result_value(state, seats):
    return state.result.returns[seats[0]]

def knowledge(views, names=None):
    v = views[-1]
    if v.phase != "play":
        raise adapters.NotSolvable("the analysis samples a three-player Mariage hand during its card play only")
    return play_knowledge(v, (0, 1, 2), v.known, v.rules.trick_rules, lambda c: c, names, "out of play", 0)

def world(view, know, deal):
    return World(phase="play", result=None, rules=view.rules, trick_rules=view.rules.trick_rules,
                  hands=world_hands(view, know, deal, (0, 1, 2), view.known), _points=view.points,
                  tricks_won=view.tricks_won, trump=view.trump, marriage_points=marriage_points_by_seat(view, 3),
                  pending_marriage=view.pending_marriage, leader=view.leader, trick=view.trick,
                  tricks=view.tricks, names=view.names)

_CARD_PTS = {c: CARD_POINTS[c.rank] for c in PACK_24}  # card -> card points (Trick.card_points)


def complete(view, know, deal):
    """A full state of the card play equal to the real one in everything ``view``'s seat can see,
    with the hidden cards as in ``deal`` (one sampled assignment of ``know``: each other seat's
    unshown cards). Names and rules are the view's; the state has no parent and its pack is the
    24 cards in card order (the pack's order is not known). Card points are summed from the
    tricks [m3 counting]; marriage points from the marriages declared."""
    st = m.Mariage3State._blank()
    st.rules = view.rules
    st.dealer = view.dealer
    st.names = view.names
    st.pack = tuple(sorted(PACK_24))
    st.hands = world_hands(view, know, deal, (0, 1, 2), view.known)
    st.undealt = ()
    st.trump = view.trump
    st.turnup = view.turnup
    # the dealer's last card, or the card eldest turned (m3.trump)
    st.turnup_holder = (None if view.turnup is None else
                        view.dealer if view.rules.trump_rule == "dealer_last" else (view.dealer + 1) % 3)
    st.trump_named_by = view.trump_named_by
    st.leader = view.leader
    st.trick = tuple(view.trick)
    st.tricks = tuple(view.tricks)
    cp = [0, 0, 0]
    for t in view.tricks:
        cp[t.winner] += t.card_points(_CARD_PTS)
    st.card_points = tuple(cp)
    st.marriage_points = marriage_points_by_seat(view, 3)
    st.tricks_won = tuple(view.tricks_won)
    st.marriages = tuple(view.marriages)
    st.pending_marriage = view.pending_marriage
    st.shown = tuple(frozenset(k) for k in view.known)
    st._to_act = view.to_act
    return st


def default_seats(state):
    return (state.to_act if state.to_act is not None else 0,)

def describe(v, seats, state):
    name = state.names[seats[0]]
    if v > 0:
        return f"{name} receives {v} game point{'s' if v != 1 else ''}"
    return f"{name} pays {-v} game point{'s' if v != -1 else ''}"

#: The hint's model in words (see :attr:`cardlab.analysis.adapters.Adapter.played_out_as`).
PLAYED_OUT_AS = "the rest of the hand played out by the rule-based players, each playing for himself"

ADAPTER = adapters.Adapter(
    solved_as="the other two playing together against you (a cautious assumption: in this game each plays for himself)",
    variant=m.VARIANT, play_spec=play_spec, result_value=result_value, default_seats=default_seats,
    played_out_as=PLAYED_OUT_AS,
    value_unit="game points", cost_threshold=0.25, describe_value=describe, knowledge=knowledge, world=world,
    complete=complete)
