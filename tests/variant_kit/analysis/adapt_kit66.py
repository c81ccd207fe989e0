"""The test variant's analysis adapter: the card play solved exactly, the value the signed game
points of ``seats[0]`` (what he scores, or minus what the other scores) [kit.score]; sampling
samples the other hand (less its shown cards) with the voids the play showed."""

from __future__ import annotations

from cardlab.analysis import adapters
from cardlab.analysis.adapt_common import (World, build_spec, kq_mask, marriage_points_by_seat, play_knowledge,
                                           points_table, world_hands)
from cardlab.pack24 import CARD_POINTS

from .. import kit66 as m

__all__ = ["ADAPTER"]


def play_spec(state, seats):
    """The solver's position of ``state`` (the play phase), maximised by ``seats[0]``. Raises
    :class:`~cardlab.analysis.adapters.NotSolvable` once the hand is over."""
    if state.phase != "play" or state.result is not None:
        raise adapters.NotSolvable(f"the hand is in its {state.phase!r} phase: only the card play can be solved")
    r, tr, me = state.rules, state.trick_rules, seats[0]

    def payoff(P, T, last, stop, rec=None):
        if stop is not None:
            gp = m.game_points_for(P[1 - stop], T[1 - stop] > 0)
            return gp if stop == me else -gp
        return 1 if last == me else -1

    tw = tuple(state.tricks_won)
    pm = state.pending_marriage
    return build_spec(
        state, (0, 1), team=(0, 1), max_pos=(me,), hands=list(state.hands), points=points_table(tr, CARD_POINTS),
        P=tuple(state.points(s) for s in (0, 1)), T=tw, has=tuple(t > 0 for t in tw),
        pend=tuple(0 if tw[s] else state.marriage_points[s] for s in (0, 1)), payoff=payoff, bounds=(-3, 3),
        marriages=True, marriage_from_trick=0 if r.marriage_on_first_lead else 1, marriage_needs="seat",
        lead_mask=kq_mask(pm, tr) if pm is not None and not state.trick else 0,
        last_trick_bonus=10 if r.last_trick_bonus else 0, target=66, trick_cards=list(state.trick), rules=tr,
        trump=state.trump)


def result_value(state, seats):
    """Signed game points of ``seats[0]`` in a finished hand."""
    res = state.result
    return res.game_points if res.winner == seats[0] else -res.game_points


def knowledge(views, names=None):
    """What the seat of ``views[-1]`` knows of the other hand (its voids, its shown cards)."""
    v = views[-1]
    return play_knowledge(v, (0, 1), v.known, v.rules.trick_rules, lambda c: c, names, "out of play", 0)


def world(view, know, deal):
    """A sampled world: ``view`` with the other hand as ``deal`` gives it (solved only)."""
    return World(phase="play", result=None, rules=view.rules, trick_rules=view.rules.trick_rules,
                  hands=world_hands(view, know, deal, (0, 1), view.known), _points=view.points,
                  tricks_won=view.tricks_won, trump=view.trump, marriage_points=marriage_points_by_seat(view, 2),
                  pending_marriage=view.pending_marriage, leader=view.leader, trick=view.trick,
                  tricks=view.tricks, names=view.names)


def describe(v, seats, state):
    """The value in words: ``"Ann scores 2 game points"`` or ``"Bob scores 1 game point"``."""
    who = state.names[seats[0]] if v > 0 else state.names[1 - seats[0]]
    return f"{who} scores {abs(v)} game point{'s' if abs(v) != 1 else ''}"


ADAPTER = adapters.Adapter(
    variant=m.VARIANT, play_spec=play_spec, result_value=result_value, default_seats=lambda s: (s.to_act or 0,),
    value_unit="game points", cost_threshold=0.25, describe_value=describe, knowledge=knowledge, world=world,
    other_side=lambda seats, state: (1 - seats[0],))
