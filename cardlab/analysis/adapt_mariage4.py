"""Analysis adapter of four-player Mariage (:mod:`cardlab.mariage4`): see :mod:`cardlab.analysis.adapt_common`
for who maximises what and how hidden cards are sampled during the card play.

It reads the state's shapes directly: ``trick`` is the cards of the trick in progress (``leader``
led it), ``tricks`` are :class:`cardlab.tricks.Trick`, ``pair_points(pair)`` the pairs' card
points, and the result's ``pair_game_points(pair)`` what the hand gave each pair."""

from __future__ import annotations

from .. import mariage4 as m
from . import adapters
from ..pack24 import CARD_POINTS
from .adapt_common import World, build_spec, kq_mask, play_knowledge, points_table, world_hands
from ..cards import Rank

__all__ = ["ADAPTER"]


def play_spec(state, seats):
    if state.phase != "play" or state.result is not None:
        raise adapters.NotSolvable(f"the hand is in its {state.phase!r} phase: only the card play can be solved")
    r = state.rules
    if r.partner_can_meld:
        raise adapters.NotSolvable("the solver does not cover marriages declared for the partner "
                                   "(partner_can_meld)")
    if r.false_claim == "play_on" and not state.contract:
        raise adapters.NotSolvable("the solver does not cover false marriage claims that play on "
                                   "(false_claim='play_on')")
    if state.contract and state.contract[0] == "five" and not getattr(r, "opponents_set_aside", True):
        raise adapters.NotSolvable('the solver does not cover "five" with the opponents keeping six cards '
                                   "(opponents_set_aside=False)")
    tr = state.trick_rules
    playing = tuple(state.active_seats)
    mine = seats[0] % 2
    team = tuple(s % 2 for s in playing)
    maxp = tuple(i for i, s in enumerate(playing) if s % 2 == mine)
    prior = sum(a.points if a.pair == mine else -a.points for a in state.awards)
    needs = "team" if getattr(r, "marriage_needs_trick", True) else "none"
    pending = [0] * len(playing)
    ptr = (state.pair_tricks(0), state.pair_tricks(1))
    for pair in (0, 1):
        if needs == "team" and not ptr[pair] and state.marriage_points[pair]:
            pending[next(i for i, s in enumerate(playing) if s % 2 == pair)] = state.marriage_points[pair]
    has = tuple(state.tricks_won[s] > 0 for s in playing)
    P = (state.pair_points(0), state.pair_points(1))
    if state.contract:
        name, declarer = state.contract
        dpair = declarer % 2
        if name in ("coat", "suit"):
            worth = r.pips if r.coat_rule == "win_eight" else 6
        else:
            worth = 5 if name == "five" else 6
        def payoff(Pp, T, last, stop):
            made = T[1 - dpair] == 0        # the declarer must take every trick
            return prior + (worth if (dpair == mine) == made else -worth)

        # tricks won by the declarer's partner cannot happen (he sits out); a trick won by an
        # opponent ends the contract: the payoff counts the declarer's tricks at the end
        T0 = [0, 0]
        for t in state.tricks:
            T0[t.winner % 2] += 1
        return build_spec(
            state, playing, team=team, max_pos=maxp, hands=[state.hands[s] for s in playing],
            points=points_table(tr, CARD_POINTS), P=P, T=tuple(T0), has=has, pend=(0,) * len(playing),
            payoff=payoff, bounds=(-20, 20), marriages=False,
            marriage_from_trick=0, marriage_needs="team", lead_mask=0, last_trick_bonus=0, target=None,
            trick_cards=state.trick, rules=tr, trump=state.trump)
    scoring_literal = r.scoring == "literal"

    def gp66(pair, P, T):
        other = 1 - pair
        if not T[other]:
            return 3
        if scoring_literal:
            return 1
        return 2 if P[other] < 33 else 1

    def payoff(P, T, last, stop):
        if isinstance(stop, tuple):       # ("false", seat): a false marriage claim ends the hand
            pair = playing[stop[1]] % 2
            g = r.false_claim_points
            return prior + (-g if pair == mine else g)
        if stop is not None:
            g = gp66(stop, P, T)
            return prior + (g if stop == mine else -g)
        if r.no_66 == "last_trick":
            pair = playing[last] % 2
            g = r.last_trick_points
            return prior + (g if pair == mine else -g)
        return prior

    pm = state.pending_marriage
    return build_spec(
        state, playing, team=team, max_pos=maxp, hands=[state.hands[s] for s in playing],
        points=points_table(tr, CARD_POINTS), P=P, T=ptr, has=has, pend=tuple(pending),
        payoff=payoff, bounds=(-12, 12), marriages=True,
        marriage_from_trick=0 if r.marriage_on_first_lead else 1, marriage_needs=needs,
        lead_mask=kq_mask(pm, tr) if pm is not None and not state.trick else 0, last_trick_bonus=0,
        target=66, trick_cards=state.trick, rules=tr, trump=state.trump,
        claim_marriage=pm is None and state.meld_lead != len(state.tricks))

def result_value(state, seats):
    mine = seats[0] % 2
    res = state.result
    return res.pair_game_points(mine) - res.pair_game_points(1 - mine)

def _rules_now(view):
    return view.rules.contract_trick_rules if view.contract else view.rules.trick_rules

def _active(view):
    return tuple(s for s in range(4) if s != view.sitting_out)

def knowledge(views, names=None):
    v = views[-1]
    if v.phase != "play":
        raise adapters.NotSolvable("the analysis samples a four-player Mariage hand during its card play only")
    return play_knowledge(v, _active(v), v.known, _rules_now(v), lambda c: c, names, "out of play", 0)

def world(view, know, deal):
    playing = _active(view)
    pending = None
    legal = view.legal_actions
    if not view.trick and legal and all(a.kind == "play" and a.card.rank in (Rank.KING, Rank.QUEEN)
                                        for a in legal):
        suits = {a.card.suit for a in legal}
        if len(suits) == 1 and any(ms == view.seat and su in suits for ms, su, _p in view.marriages):
            pending = suits.pop()
    mp = [0, 0]
    for ms, _su, pts in view.marriages:
        mp[ms % 2] += pts
    return World(phase="play", result=None, rules=view.rules, contract=view.contract,
                  trick_rules=_rules_now(view), active_seats=playing, awards=view.awards,
                  marriage_points=tuple(mp), tricks_won=view.tricks_won, _points=view.points,
                  pair_points=view.pair_points.__getitem__,
                  hands=world_hands(view, know, deal, playing, view.known), tricks=view.tricks,
                  trick=view.trick, leader=view.leader, pending_marriage=pending,
                  meld_lead=len(view.tricks) if pending is not None else -1, trump=view.trump,
                  names=tuple(f"seat {i}" for i in range(4)))

def default_seats(state):
    s = state.to_act if state.to_act is not None else 0
    return (s, (s + 2) % 4)

def describe(v, seats, state):
    pair = f"{state.names[seats[0] % 2]} & {state.names[seats[0] % 2 + 2]}"
    if v == 0:
        return f"{pair} come out level"
    return f"{pair} {'gain' if v > 0 else 'lose'} {abs(v)} game point{'s' if abs(v) != 1 else ''} on balance"



# --- the expert's valuation of the trump choice and the announcements ------------------------------

def _sampled_hands(view, rng):
    """Four hands as dealt (first packet, then second), ``view``'s seat holding its own cards and
    everyone's shown cards where they are, the rest of the pack dealt at random; ``None`` when the
    rebuild cannot match the view (the dealer's last card would have to be a nine)."""
    seat, eldest, rules = view.seat, view.eldest, view.rules
    mine = tuple(view.hand)
    fixed = {s: tuple(view.known[s]) for s in range(4) if s != seat}
    pool = [c for c in view.unseen if not any(c in k for k in fixed.values())]
    rng.shuffle(pool)
    full = 3 if view.phase == "trumps" else 6
    hands = []
    for s in range(4):
        if s == seat:
            h = list(mine)
        else:
            h = list(fixed.get(s, ()))
            while len(h) < full:
                h.append(pool.pop())
            if s == eldest and view.trump_turned is not None:   # the turned card where the deal put it
                h.remove(view.trump_turned)
                h.insert(5 if rules.turned_card == "sixth" else 2, view.trump_turned)
        hands.append(h)
    if full == 3:                                            # the second packets
        for s in range(4):
            hands[s] += [pool.pop() for _ in range(3)]
    last = hands[view.dealer]
    if rules.nine_cut_rule and last[-1].rank == Rank.NINE:   # the pack's bottom card, never a nine
        k = next((i for i in (3, 4) if last[i].rank != Rank.NINE), None)
        if k is None or view.dealer == seat:
            return None
        last[k], last[-1] = last[-1], last[k]
    return hands


def _rebuilt(view, hands):
    """The state ``view`` was taken from, had the others held ``hands``: dealt, cut, trumps
    chosen and the announcements before ``view``'s seat passed; ``None`` when it does not give
    ``view``'s decision (a nines game, an ask for a partner's nine: courses it does not replay)."""
    from ..errors import CardlabError

    if view.nines is not None or view.awards:
        return None
    try:
        s = m.deal_from_hands(hands, view.rules, view.dealer, names=tuple(f"seat {i}" for i in range(4)))
        s = s.apply(m.CUT_ACTIONS[12])
        if view.phase == "announce":
            s = s.apply(m.TURN if view.trump_turned is not None else m.TRUMP_ACTIONS[view.named_trump])
            standing = view.standing
            if standing is not None:      # the others passed but the one who announced it
                while s.to_act != standing[1]:
                    s = s.apply(m.PASS)
                s = s.apply(m.CONTRACT_ACTIONS[standing[0]])
            while s.phase == "announce" and s.to_act != view.seat:
                s = s.apply(m.PASS)
    except CardlabError:                  # a deal the announcements so far rule out
        return None
    if s.phase != view.phase or s.to_act != view.seat or s.legal_actions() != tuple(view.legal_actions) \
            or tuple(s.hands[view.seat]) != tuple(view.hand) or s.trump != view.trump:
        return None
    return s


def _tried(view, samples, seed, deadline=None):
    """``(legal, totals, deals, usual, timed_out)``: each of ``view``'s legal actions tried in the
    same sampled deals (see :func:`before_play`), the sum of its values for the seat's pair in game
    points, the deals tried, the rule-based player's choice and whether ``deadline`` ended the
    sampling (:func:`~cardlab.analysis.adapters.out_of_time`); ``None`` for a decision the
    valuation does not take or when no sampled deal fits the view."""
    if view.phase not in ("trumps", "announce") or view.nines is not None:
        return None
    if len(view.legal_actions) < 2:
        return None
    from .advice import _rollouts
    from ..players.mariage4 import Mariage4Player
    import random

    rng = random.Random(seed)
    legal = tuple(view.legal_actions)
    seats = (view.seat, (view.seat + 2) % 4)
    policy = Mariage4Player(seed)
    totals = [0.0] * len(legal)
    done = tries = 0
    timed_out = False
    while done < samples and tries < 4 * samples:
        if adapters.out_of_time(deadline, done, samples):
            timed_out = True
            break
        tries += 1
        hands = _sampled_hands(view, rng)
        state = None if hands is None else _rebuilt(view, hands)
        if state is None:
            continue
        for k, a in enumerate(legal):
            totals[k] += _rollouts(ADAPTER, state.apply(a), seats, policy, 1)
        done += 1
    if not done:
        return None
    return legal, totals, done, policy.choose(view), timed_out


def before_play(view, samples, seed):
    """The expert's trump choice (eldest, three cards in hand) or announcement (pass, a redeal
    claim, three nines, or a contract over the one standing, if any), as one of ``view``'s legal
    actions, or ``None`` for another decision (the cut, a nines game and what follows it, the
    cards set aside, the play) or when no sampled deal fits the view.

    Each legal action is taken in ``samples`` sampled deals of the cards the seat cannot see (the
    same deals for every action, drawn from ``seed``); the rest of the choices before the play are
    made by the rule-based players, and the card play is solved double dummy. The action with the
    best mean for the seat's pair, in game points, wins (ties: the rule-based player's choice)
    [m4.trumps, m4.announce]. Raises nothing for a view of this variant; it reads the view only.
    """
    got = _tried(view, samples, seed)
    if got is None:
        return None
    legal, totals, _deals, usual, _timed_out = got
    rank = _rank(legal, totals, usual)
    return legal[rank.index(max(rank))]


def _rank(legal, totals, usual):
    """The expert's ranking key per action: its total, then the rule-based player's choice."""
    return tuple((t, a == usual) for a, t in zip(legal, totals))


def before_play_values(view, samples, seed, deadline=None):
    """The valuation of :func:`before_play` for the hint and the review
    (:class:`~cardlab.analysis.adapters.BeforePlayValuation`): per legal action of ``view`` its
    mean for the seat's pair in game points over the deals tried, ranked as the expert ranks;
    ``None`` where :func:`before_play` gives ``None``. ``deadline``: see
    :func:`~cardlab.analysis.adapters.out_of_time`."""
    got = _tried(view, samples, seed, deadline)
    if got is None:
        return None
    legal, totals, deals, usual, timed_out = got
    return adapters.BeforePlayValuation(tuple(t / deals for t in totals), deals, _rank(legal, totals, usual),
                                        timed_out=timed_out)


#: How :func:`before_play_values` values a choice, in the hint's words.
BEFORE_PLAY_AS = ("each tried in the same deals, the other choices before the play made by the rule-based players "
                  "and the card play solved with all cards open, your partner playing with you")

ADAPTER = adapters.Adapter(
    solved_as="your partner playing with you",
    variant=m.VARIANT, play_spec=play_spec, result_value=result_value, default_seats=default_seats,
    value_unit="game points", cost_threshold=0.25, describe_value=describe, knowledge=knowledge, world=world,
    other_side=lambda seats, state: ((seats[0] + 1) % 4, (seats[0] + 3) % 4),
    before_play=before_play, before_play_samples=64, before_play_values=before_play_values,
    before_play_as=BEFORE_PLAY_AS, valued_decisions="the card play, the trump choice and the announcements")
