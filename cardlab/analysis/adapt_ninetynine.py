"""Analysis adapter of Ninety-Nine (:mod:`cardlab.ninetynine`): see :mod:`cardlab.analysis.adapt_common`
for who maximises what and how hidden cards are sampled during the card play.

It reads the state's and views' documented shapes: completed tricks are
:class:`cardlab.tricks.Trick` (cards by seat), the result's ``returns`` are score points, the
bid cards and the wild card's reading (``joker_as``) come from the state or the view."""

from __future__ import annotations

from .. import ninetynine as m
from . import adapters
from .adapt_common import World, build_spec, play_knowledge, played_cards, world_hands


__all__ = ["ADAPTER"]


def play_spec(state, seats):
    if state.phase != "play" or state.result is not None:
        raise adapters.NotSolvable(f"the hand is in its {state.phase!r} phase: only the card play can be solved")
    tr = state.trick_rules
    me = seats[0]
    bid = state.bids[me]
    wild = state.rules.wild
    stand = state.joker_as

    def map_card(c):
        return stand if (c == wild and stand is not None) else c

    def payoff(P, T, last, stop):
        return 1 if T[me] == bid else 0

    tw = tuple(state.tricks_won)
    return build_spec(
        state, (0, 1, 2), team=(0, 1, 2), max_pos=(me,), hands=list(state.hands), points=(0,) * 64,
        P=(0, 0, 0), T=tw, has=tuple(t > 0 for t in tw), pend=(0, 0, 0), payoff=payoff, bounds=(0, 1),
        marriages=False, marriage_from_trick=0, marriage_needs="seat", lead_mask=0, last_trick_bonus=0,
        target=None, trick_cards=list(state.trick), rules=tr, trump=state.trump, map_card=map_card)

def result_value(state, seats):
    return 1 if state.result.made[seats[0]] else 0

def knowledge(views, names=None):
    v = views[-1]
    if v.phase != "play":
        raise adapters.NotSolvable("the analysis samples a Ninety-Nine hand during its card play only")
    wild, stand = v.wild, v.joker_as

    def effective(c):
        return stand if (c == wild and stand is not None) else c

    known = tuple(tuple(c for c in (v.revealed_hand[s] or ()) if c not in played_cards(v)) if s != v.seat else ()
                  for s in range(3))
    return play_knowledge(v, (0, 1, 2), known, m.TRICK_RULES, effective, names, "bid cards", 1)

def world(view, know, deal):
    known = tuple(tuple(c for c in (view.revealed_hand[s] or ()) if c not in played_cards(view))
                  if s != view.seat else () for s in range(3))
    bids = tuple(view.bid if s == view.seat else None for s in range(3))
    return World(phase="play", result=None, rules=view.rules, trick_rules=m.TRICK_RULES,
                  hands=world_hands(view, know, deal, (0, 1, 2), known), tricks_won=view.tricks_won,
                  trump=view.trump, joker_as=view.joker_as, bids=bids, leader=view.leader, trick=view.trick,
                  tricks=view.tricks, names=view.names, _points=(0, 0, 0))

def complete(view, know, deal):
    """A full state of the card play equal to the real one in everything ``view``'s seat can see,
    with the hidden cards as in ``deal`` (one sampled assignment of ``know``: each other seat's
    unshown cards, then the face-down bid cards of the others). The bid cards are given out in
    threes to the others whose bid cards are face down, in ``know.extra["others"]`` order (the
    sampler shuffles within a location, so this split is uniform too); each sampled bid is what
    its cards make [99.bid]. Names and rules are the view's; the state has no parent, and its
    pack is every card of the deal in card order (the pack's order is not known)."""
    me = view.seat
    known = tuple(tuple(c for c in (view.revealed_hand[s] or ()) if c not in played_cards(view))
                  if s != me else () for s in range(3))
    hands = world_hands(view, know, deal, (0, 1, 2), known)
    face_down = list(deal[len(know.extra["others"])]) if len(deal) > len(know.extra["others"]) else []
    bid_cards = [(), (), ()]
    for s in range(3):
        if s == me:
            bid_cards[s] = tuple(view.bid_cards)
        elif view.shown_bids[s]:
            bid_cards[s] = tuple(view.shown_bids[s])
    for s in know.extra["others"]:
        if not bid_cards[s] and view.bids_laid[s]:
            bid_cards[s], face_down = tuple(face_down[:3]), face_down[3:]
    if face_down:
        raise adapters.NotSolvable(f"{len(face_down)} sampled card(s) left over after the bid cards")
    st = m.NinetyNineState._blank()
    st.rules = view.rules
    st.dealer = view.dealer
    st.names = view.names
    seen = set(view.unseen) | {c for h in hands for c in h} | {c for b in bid_cards for c in b} | played_cards(view)
    if view.turnup is not None:
        seen.add(view.turnup)
    st.pack = tuple(sorted(seen))
    st.hands = hands
    st.bid_cards = tuple(bid_cards)
    st.turnup = view.turnup
    st.trump = view.trump
    st.trump_reason = ""
    st.joker_as = view.joker_as
    st.previous_successes = None
    st._tab = m._deal_tables(view.rules.wild, view.joker_as)
    st.bids = tuple(st.bid_of(b) if b else None for b in bid_cards)
    st.phase = view.phase
    st.leader = view.leader
    st.trick = tuple(view.trick)
    st.tricks = tuple(view.tricks)
    st.tricks_won = tuple(view.tricks_won)
    st.premium = view.premium
    st.premium_calls = tuple(view.premium_calls)
    st._to_act = view.to_act
    return st


def before_play(view, samples, seed):
    """The bid cards to lay (an Action of ``view``'s legal actions) or ``None`` outside the
    bidding: of each bid the hand can make, its two most natural ways (as the rule-based player
    ranks them), the one made exactly most often over ``samples`` sampled deals played out by the
    rule-based players (:func:`cardlab.analysis.questions.bid_choices_made_99`; ties: the lower
    bid, then the more natural way) [99.bid]."""
    if view.phase != "bidding" or not view.legal_actions:
        return None
    choices, counts, _deals = _made(view, samples, seed)
    rank = _rank(view, counts, choices)
    best = choices[rank.index(max(rank))]
    return next(a for a in view.legal_actions if a.kind == "bid" and set(a.value) == set(best))


def _made(view, samples, seed, deadline=None):
    """``(choices, counts, deals)``: the choices :func:`before_play` tries (the more natural way
    of each bid first) and in how many of the first ``deals`` sampled deals each is made exactly
    (:func:`~cardlab.analysis.questions.bid_choices_made_99_until`)."""
    from . import questions

    choices = questions._choices_99(view, m, 2, None)
    counts, deals = questions.bid_choices_made_99_until(questions.table_of_view_99(view), view, choices, samples,
                                                        seed, deadline)
    return choices, counts, deals


def _rank(view, counts, choices):
    """The expert's ranking key per choice: the deals made, then the lower bid (Python's ``max``
    keeps the first of equal keys, the more natural way)."""
    return tuple((n, -m.bid_value(c, view.joker_as, view.rules.wild)) for c, n in zip(choices, counts))


def before_play_values(view, samples, seed, deadline=None):
    """The valuation of :func:`before_play` for the hint and the review
    (:class:`~cardlab.analysis.adapters.BeforePlayValuation`): per legal action of ``view`` the
    share of the deals tried in which laying those bid cards makes the bid exactly (the unit "bid
    made (1) or not (0)"), ``None`` for bid cards it does not try (beyond the two most natural
    ways of laying each bid), ranked as the expert ranks; ``None`` outside the bidding.
    ``deadline``: see :func:`~cardlab.analysis.adapters.out_of_time`."""
    if view.phase != "bidding" or len(view.legal_actions) < 2:
        return None
    choices, counts, deals = _made(view, samples, seed, deadline)
    rank = _rank(view, counts, choices)
    at = {frozenset(c): k for k, c in enumerate(choices)}
    ks = [at.get(frozenset(a.value)) if a.kind == "bid" else None for a in view.legal_actions]
    return adapters.BeforePlayValuation(
        tuple(None if k is None else counts[k] / deals for k in ks), deals,
        tuple(None if k is None else rank[k] + (-k,) for k in ks),
        timed_out=deals < samples)


#: How :func:`before_play_values` values a choice, in the hint's words.
BEFORE_PLAY_AS = ("each laid in the same deals, the rest of the deal played out by the rule-based players, each "
                  "trying to make his own bid (the two most natural ways of laying each bid are tried)")


def default_seats(state):
    return (state.to_act if state.to_act is not None else 0,)

def describe(v, seats, state):
    name = state.names[seats[0]]
    bid = state.bids[seats[0]]
    return f"{name} {'makes' if v else 'cannot make'} exactly {bid} trick{'s' if bid != 1 else ''}"

def score(state, seat):
    return state.result.returns[seat]

def chance_words(v: float) -> str:
    """A mean of "bid made (1) or not (0)" in the hint's words: "a 38 % chance of making your bid"."""
    return f"a {round(100 * v)} % chance of making your bid"


#: The hint's model in words (see :attr:`cardlab.analysis.adapters.Adapter.played_out_as`).
PLAYED_OUT_AS = "the rest of the deal played out by the rule-based players, each trying to make his own bid"

ADAPTER = adapters.Adapter(
    solved_as="the other two playing together against you (a cautious assumption: in this game each plays for himself)",
    played_out_as=PLAYED_OUT_AS,
    variant=m.VARIANT, play_spec=play_spec, result_value=result_value, default_seats=default_seats,
    value_unit="bid made (1) or not (0)", value_words=chance_words, cost_threshold=0.1, describe_value=describe,
    score=score, score_unit="score points",
    knowledge=knowledge, world=world, complete=complete, before_play=before_play,
    before_play_values=before_play_values, before_play_as=BEFORE_PLAY_AS,
    valued_decisions="the card play and the bid cards")
