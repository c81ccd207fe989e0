"""Analysis adapters of the variants without a stock: 501 (:mod:`cardlab.russian501`),
three-player Mariage (:mod:`cardlab.mariage3`), four-player Mariage (:mod:`cardlab.mariage4`) and
Ninety-Nine (:mod:`cardlab.ninetynine`).

Each registers itself only if its engine module imports; every adapter reads the state's
documented public attributes (``hands``, ``trump``, ``leader``, ``trick``, ``tricks``,
``tricks_won``, ``marriages``/``marriage_points``, ``phase``, ``trick_rules``, ``result`` ...).
Exact solving covers the **card play** of a hand (``phase == "play"``); auctions, bid cards and
contracts announced before the play are decisions of another kind and raise
:class:`~cardlab.analysis.adapters.NotSolvable`.

Who maximises what (the value, from the point of view of ``seats``):

* **501**: the card points of ``seats`` (default: the declarer alone) at the end of the hand:
  tricks, marriages that count (once the seat has a trick [501.marriage.trick]), the last-trick
  bonus if the rules have one. The declarer plays against both defenders together; "does he
  make his contract?" is the zero-window test ``value >= contract``.
* **three-player Mariage**: the game points ``seats[0]`` receives (+) or pays (−) in this hand
  [m3 settlement], against the other two playing together (paranoid search).
* **four-player Mariage**: the game points (pips) of the pair of ``seats[0]`` minus those of
  the other pair in this hand, partnership against partnership; the contracts "five", "six",
  "fur coat" and "suit" (declarer alone against two, no trumps) included.
* **Ninety-Nine**: 1 if ``seats[0]`` takes exactly the number of tricks he bid, else 0, against
  the other two playing together.

Sampling during the card play (:func:`_play_knowledge`): the hidden cards of each other seat,
less the cards it has shown (marriage partners, 501's gifts for the declarer, Ninety-Nine's
revealed hands), with the voids shown by the play; in 501 a defender also knows that the other
defender holds at most one of the prikup cards he saw turned up [501.give].

Not covered (NotSolvable, saying which option): four-player Mariage with marriages announced for
the partner (``partner_can_meld``), false marriage claims that play on (``false_claim="play_on"``,
the "literal" preset) in normal play, and "five" with the opponents keeping six cards.
"""

from __future__ import annotations

import importlib

from ..cards import Card, Rank, format_cards
from . import adapters
from .sampling import Knowledge
from .solver import PlaySpec, card_bit

__all__: list[str] = []

_POINTS_24 = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0}


def _import(mod: str):
    try:
        return importlib.import_module(mod)
    except Exception:  # noqa: BLE001 - an engine still being written is left out, not fatal
        return None


def _points_table(rules, values: dict) -> tuple:
    out = [0] * 64
    for s in range(4):
        for r in rules.rank_order:
            c = Card.of(s, r)  # type: ignore[arg-type]
            out[card_bit(c, rules)] = values.get(r, 0)
    return tuple(out)


def _cards_of_trick(trick) -> list:
    """The cards of a trick in play order, whether stored as cards or (seat, card) pairs."""
    return [x[1] if isinstance(x, tuple) else x for x in trick]


def _recency(tricks, pos_of) -> tuple:
    out: list = []
    for t in reversed(tricks):
        p = pos_of[t.winner]
        if p not in out:
            out.append(p)
    return tuple(out)


def _played(view) -> set:
    out = set(view.trick)
    for t in view.tricks:
        out.update(x[1] if isinstance(x, tuple) else x for x in t.cards)
    return out


def _names(state, seats) -> str:
    return " and ".join(state.names[s] for s in seats)


def _spec(state, playing, *, team, max_pos, hands, points, P, T, has, pend, payoff, bounds, marriages,
          marriage_from_trick, marriage_needs, lead_mask, last_trick_bonus, target, trick_cards, rules,
          trump, map_card=None, claim_marriage=False, recency=None, additive=False) -> PlaySpec:
    pos_of = {s: i for i, s in enumerate(playing)}

    def bit(c):
        if map_card is not None:
            c = map_card(c)
        return card_bit(c, rules)

    masks = []
    for h in hands:
        m = 0
        for c in h:
            m |= 1 << bit(c)
        masks.append(m)
    return PlaySpec(
        n=len(playing), hands=tuple(masks), trump=-1 if trump is None else int(trump), rules=rules,
        leader=pos_of[state.leader], trick=tuple(bit(c) for c in trick_cards), points=points, team=team,
        max_seats=frozenset(max_pos), team_points=P, team_tricks=T, has_trick=has, pending=pend,
        payoff=payoff, bounds=bounds, marriages=marriages, marriage_values=(20, 40), marriage_needs=marriage_needs,
        marriage_from_trick=marriage_from_trick, lead_mask=lead_mask, last_trick_bonus=last_trick_bonus,
        target=target, claim_marriage=claim_marriage, recency=recency, additive=additive)


def _kq_mask(suit, rules, map_card=None) -> int:
    return (1 << card_bit(Card.of(suit, Rank.KING), rules)) | (1 << card_bit(Card.of(suit, Rank.QUEEN), rules))




# ---------------------------------------------------------------------------------------------
# Sampling during the card play: knowledge from one seat's views, and a "world" (an object with
# the state attributes the adapter reads, the hidden cards as sampled) for the solver


class _World:
    """The attributes of a state that :func:`play_spec` reads, built from one seat's view and
    one sampled assignment of the hidden cards (no engine state: a world is only solved)."""

    def __init__(self, **kw):
        self.__dict__.update(kw)

    def points(self, seat):
        return self._points[seat]

    def pair_tricks(self, pair):
        return self.tricks_won[pair] + self.tricks_won[pair + 2]


def _play_knowledge(view, playing, known, trick_rules, effective, names, other_label, other_count):
    """Knowledge of the seat of ``view`` during the card play of a game without a stock.

    Hidden locations: each other playing seat's hand (its size less the cards it has shown),
    then ``other_label`` (cards out of play: bid cards, set-aside cards) when ``other_count``.
    Each card a seat played to a trick without following suit shows a void in the suit led;
    without trumping when it had to, a void in trumps; following below the best card of the
    suit when it had to beat it, no higher card of that suit [the variant's follow, trump and
    head rules]."""
    from .sampling import Knowledge

    me = view.seat
    others = [s for s in playing if s != me]
    unseen = set(view.unseen)
    trump = view.trump
    excluded = {s: set() for s in others}
    notes = []
    nm = (lambda s: names[s]) if names else (lambda s: f"seat {s}")
    n = len(playing)

    def seats_cards(leader, cards):
        out = []
        for k, x in enumerate(cards):
            if isinstance(x, tuple):
                out.append((x[0], effective(x[1])))
            else:
                out.append((playing[(playing.index(leader) + k) % n], effective(x)))
        return out

    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        tricks.append((getattr(view, "leader", None), view.trick))
    for ti, (leader, cards) in enumerate(tricks):
        sc = seats_cards(leader, cards)
        led = sc[0][1].suit
        best = sc[0][1]
        trumped = False
        for seat, c in sc[1:]:
            if seat in excluded:
                if c.suit != led and trick_rules.must_follow:
                    gone = {u for u in unseen if effective(u).suit == led}
                    if gone - excluded[seat]:
                        notes.append(f"trick {ti + 1}: {nm(seat)} did not follow {led.symbol}, so holds no "
                                     f"{led.symbol}")
                    excluded[seat] |= gone
                    if trick_rules.must_trump and trump is not None and c.suit != trump and led != trump:
                        gone = {u for u in unseen if effective(u).suit == trump}
                        if gone - excluded[seat]:
                            notes.append(f"trick {ti + 1}: {nm(seat)} did not trump, so holds no trump")
                        excluded[seat] |= gone
                elif (c.suit == led and trick_rules.must_head and not trumped and best.suit == led
                      and trick_rules.strength(c) < trick_rules.strength(best)):
                    gone = {u for u in unseen if effective(u).suit == led
                            and trick_rules.strength(effective(u)) > trick_rules.strength(best)}
                    if gone - excluded[seat]:
                        notes.append(f"trick {ti + 1}: {nm(seat)} did not beat {best}, so holds no higher "
                                     f"{led.symbol}")
                    excluded[seat] |= gone
            if c.suit == best.suit and trick_rules.strength(c) > trick_rules.strength(best):
                best = c
            elif trump is not None and c.suit == trump and best.suit != trump:
                best, trumped = c, True
    counts = [view.hand_sizes[s] - len(known[s]) for s in others]
    locations = [f"{nm(s)}'s hand" for s in others]
    ex = [frozenset(excluded[s]) for s in others]
    rest = len(unseen) - sum(counts)
    if other_count or rest:
        locations.append(other_label)
        counts.append(rest)
        ex.append(frozenset())
    return Knowledge(seat=me, unseen=tuple(sorted(unseen)), locations=tuple(locations), counts=tuple(counts),
                     excluded=tuple(ex), notes=tuple(notes), extra={"others": tuple(others)})


def _world_hands(view, know, deal, playing, known):
    hands = {view.seat: tuple(view.hand)}
    for s, cards in zip(know.extra["others"], deal):
        hands[s] = tuple(known[s]) + tuple(cards)
    n_table = max(playing) + 1
    return tuple(hands.get(s, ()) for s in range(n_table))


def _marriage_points_by_seat(view, n):
    mp = [0] * n
    for seat, _suit, pts in view.marriages:
        mp[seat] += pts
    return tuple(mp)


# ---------------------------------------------------------------------------------------------
# 501


def _register_501(m) -> None:
    def play_spec(state, seats):
        if state.phase != "play" or state.result is not None:
            raise adapters.NotSolvable(f"the hand is in its {state.phase!r} phase: only the card play (phase "
                                       f"'play') can be solved exactly")
        playing = tuple(state.active)
        pos = {s: i for i, s in enumerate(playing)}
        tr = state.trick_rules
        r = state.rules
        maxp = tuple(pos[s] for s in seats)

        def payoff(P, T, last, stop):
            return sum(P[p] for p in maxp)

        tw = [state.tricks_won[s] for s in playing]
        return _spec(
            state, playing, team=tuple(range(3)), max_pos=maxp, hands=[state.hands[s] for s in playing],
            points=_points_table(tr, _POINTS_24), P=tuple(state.points(s) for s in playing), T=tuple(tw),
            has=tuple(t > 0 for t in tw), pend=tuple(0 if state.tricks_won[s] else state.marriage_points[s]
                                                     for s in playing),
            payoff=payoff, bounds=(0, 220), marriages=True, marriage_from_trick=0, marriage_needs="seat",
            lead_mask=0, last_trick_bonus=r.last_trick_bonus, target=None,
            trick_cards=_cards_of_trick(state.trick), rules=tr, trump=state.trump, additive=True)

    def result_value(state, seats):
        return sum(state.result.points[s] for s in seats)

    def default_seats(state):
        if state.bidder is not None:
            return (state.bidder,)
        return (state.to_act if state.to_act is not None else state.active[0],)

    def describe(v, seats, state):
        # short enough for a table cell (pandas cuts text at 50 characters)
        if state.contract is not None and tuple(seats) == (state.bidder,):
            return f"{v} card points: contract {state.contract} {'made' if v >= state.contract else 'failed'}"
        return f"{_names(state, seats)} take{'s' if len(seats) == 1 else ''} {v} card points"

    def knowledge(views, names=None):
        v = views[-1]
        if v.phase != "play":
            raise adapters.NotSolvable("the analysis samples a 501 hand during its card play only")
        know = _play_knowledge(v, tuple(v.active), v.known, v.rules.trick_rules, lambda c: c, names,
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
        played = sum(1 for t in v.tricks for x in t.cards if x[0] == mate and x[1] in prikup)
        played += sum(1 for x in v.trick if x[0] == mate and x[1] in prikup)
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
        return _World(phase="play", result=None, rules=view.rules, trick_rules=view.rules.trick_rules,
                      active=playing, hands=_world_hands(view, know, deal, playing, view.known),
                      _points=view.points, tricks_won=view.tricks_won, trump=view.trump,
                      marriage_points=_marriage_points_by_seat(view, len(view.hand_sizes)), leader=view.leader,
                      trick=view.trick, tricks=view.tricks, bidder=view.bidder, contract=view.contract,
                      names=tuple(f"seat {i}" for i in range(len(view.hand_sizes))))

    def score(state, seat):
        # how far the hand moves the seat's score towards 0 (before the game's "100 or less"
        # rule): the bidder's contract made or failed, an opponent's points [501.score]
        return -state.result.changes[seat]

    adapters.register(adapters.Adapter(
        variant=m.VARIANT, play_spec=play_spec, result_value=result_value, default_seats=default_seats,
        value_unit="card points", describe_value=describe, score=score, knowledge=knowledge, world=world))


# ---------------------------------------------------------------------------------------------
# three-player Mariage


def _register_mariage3(m) -> None:
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
        return _spec(
            state, playing, team=(0, 1, 2), max_pos=(me,), hands=list(state.hands),
            points=_points_table(tr, _POINTS_24), P=tuple(state.points(s) for s in playing), T=tw,
            has=tuple(t > 0 for t in tw), pend=tuple(0 if tw[s] else state.marriage_points[s] for s in playing),
            payoff=payoff, bounds=(-3, 6), marriages=r.marriages,
            marriage_from_trick=0 if r.marriage_on_first_lead else 1, marriage_needs="seat",
            lead_mask=_kq_mask(pm, tr) if pm is not None and not state.trick else 0, last_trick_bonus=0,
            target=66 if automatic else None, trick_cards=list(state.trick), rules=tr, trump=state.trump,
            recency=_recency(state.tricks, {0: 0, 1: 1, 2: 2}) if most else None)

    def result_value(state, seats):
        res = state.result
        me = seats[0]
        return res.game_points if res.winner == me else -res.payments[me]

    def knowledge(views, names=None):
        v = views[-1]
        if v.phase != "play":
            raise adapters.NotSolvable("the analysis samples a three-player Mariage hand during its card play only")
        return _play_knowledge(v, (0, 1, 2), v.known, v.rules.trick_rules, lambda c: c, names, "out of play", 0)

    def world(view, know, deal):
        return _World(phase="play", result=None, rules=view.rules, trick_rules=view.rules.trick_rules,
                      hands=_world_hands(view, know, deal, (0, 1, 2), view.known), _points=view.points,
                      tricks_won=view.tricks_won, trump=view.trump, marriage_points=_marriage_points_by_seat(view, 3),
                      pending_marriage=view.pending_marriage, leader=view.leader, trick=view.trick,
                      tricks=view.tricks, names=view.names)

    def default_seats(state):
        return (state.to_act if state.to_act is not None else 0,)

    def describe(v, seats, state):
        name = state.names[seats[0]]
        if v > 0:
            return f"{name} receives {v} game point{'s' if v != 1 else ''}"
        return f"{name} pays {-v} game point{'s' if v != -1 else ''}"

    adapters.register(adapters.Adapter(
        variant=m.VARIANT, play_spec=play_spec, result_value=result_value, default_seats=default_seats,
        value_unit="game points", describe_value=describe, knowledge=knowledge, world=world))


# ---------------------------------------------------------------------------------------------
# four-player Mariage


def _register_mariage4(m) -> None:
    def play_spec(state, seats):
        if state.phase != "play" or state.result is not None:
            raise adapters.NotSolvable(f"the hand is in its {state.phase!r} phase: only the card play can be solved")
        r = state.rules
        if r.partner_can_meld:
            raise adapters.NotSolvable("the solver does not cover marriages announced for the partner "
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
        P = (state.points(0), state.points(1))
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
            return _spec(
                state, playing, team=team, max_pos=maxp, hands=[state.hands[s] for s in playing],
                points=_points_table(tr, _POINTS_24), P=P, T=tuple(T0), has=has, pend=(0,) * len(playing),
                payoff=payoff, bounds=(-20, 20), marriages=False,
                marriage_from_trick=0, marriage_needs="team", lead_mask=0, last_trick_bonus=0, target=None,
                trick_cards=_cards_of_trick(state.trick), rules=tr, trump=state.trump)
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
        return _spec(
            state, playing, team=team, max_pos=maxp, hands=[state.hands[s] for s in playing],
            points=_points_table(tr, _POINTS_24), P=P, T=ptr, has=has, pend=tuple(pending),
            payoff=payoff, bounds=(-12, 12), marriages=True,
            marriage_from_trick=0 if r.marriage_first_lead else 1, marriage_needs=needs,
            lead_mask=_kq_mask(pm, tr) if pm is not None and not state.trick else 0, last_trick_bonus=0,
            target=66, trick_cards=_cards_of_trick(state.trick), rules=tr, trump=state.trump,
            claim_marriage=pm is None and state.meld_lead != len(state.tricks))

    def result_value(state, seats):
        mine = seats[0] % 2
        res = state.result
        return res.game_points(mine) - res.game_points(1 - mine)

    def _rules_now(view):
        return view.rules.contract_trick_rules if view.contract else view.rules.trick_rules

    def _active(view):
        return tuple(s for s in range(4) if s != view.sitting_out)

    def knowledge(views, names=None):
        v = views[-1]
        if v.phase != "play":
            raise adapters.NotSolvable("the analysis samples a four-player Mariage hand during its card play only")
        return _play_knowledge(v, _active(v), v.known, _rules_now(v), lambda c: c, names, "out of play", 0)

    def world(view, know, deal):
        playing = _active(view)
        if view.trick:
            leader = view.trick[0][0]
        elif view.tricks:
            leader = view.tricks[-1].winner
        else:
            leader = view.to_act
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
        return _World(phase="play", result=None, rules=view.rules, contract=view.contract,
                      trick_rules=_rules_now(view), active_seats=playing, awards=view.awards,
                      marriage_points=tuple(mp), tricks_won=view.tricks_won, _points=view.points,
                      hands=_world_hands(view, know, deal, playing, view.known), tricks=view.tricks,
                      trick=view.trick, leader=leader, pending_marriage=pending,
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

    adapters.register(adapters.Adapter(
        variant=m.VARIANT, play_spec=play_spec, result_value=result_value, default_seats=default_seats,
        value_unit="game points", describe_value=describe, knowledge=knowledge, world=world,
        other_side=lambda seats, state: ((seats[0] + 1) % 4, (seats[0] + 3) % 4)))


# ---------------------------------------------------------------------------------------------
# Ninety-Nine


def _register_ninetynine(m) -> None:
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
        return _spec(
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

        known = tuple(tuple(c for c in (v.revealed_hand[s] or ()) if c not in _played(v)) if s != v.seat else ()
                      for s in range(3))
        return _play_knowledge(v, (0, 1, 2), known, m.TRICK_RULES, effective, names, "bid cards", 1)

    def world(view, know, deal):
        known = tuple(tuple(c for c in (view.revealed_hand[s] or ()) if c not in _played(view))
                      if s != view.seat else () for s in range(3))
        bids = tuple(view.bid if s == view.seat else None for s in range(3))
        return _World(phase="play", result=None, rules=view.rules, trick_rules=m.TRICK_RULES,
                      hands=_world_hands(view, know, deal, (0, 1, 2), known), tricks_won=view.tricks_won,
                      trump=view.trump, joker_as=view.joker_as, bids=bids, leader=view.leader, trick=view.trick,
                      tricks=view.tricks, names=view.names, _points=(0, 0, 0))

    def default_seats(state):
        return (state.to_act if state.to_act is not None else 0,)

    def describe(v, seats, state):
        name = state.names[seats[0]]
        bid = state.bids[seats[0]]
        return f"{name} {'makes' if v else 'cannot make'} exactly {bid} trick{'s' if bid != 1 else ''}"

    def score(state, seat):
        return state.result.scores[seat]

    adapters.register(adapters.Adapter(
        variant=m.VARIANT, play_spec=play_spec, result_value=result_value, default_seats=default_seats,
        value_unit="bid made (1) or not (0)", describe_value=describe, score=score, knowledge=knowledge,
        world=world))


for _mod, _reg in (("cardlab.russian501", _register_501), ("cardlab.mariage3", _register_mariage3),
                   ("cardlab.mariage4", _register_mariage4), ("cardlab.ninetynine", _register_ninetynine)):
    _m = _import(_mod)
    if _m is not None:
        try:
            _reg(_m)
        except Exception:  # noqa: BLE001 - an engine whose attributes changed is left out
            pass

