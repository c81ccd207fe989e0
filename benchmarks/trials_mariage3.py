"""Card-play models tried for a level above ``search`` in Russian Mariage for three (the record
of the trials README quotes; none of them gained anything measurable, so none is a player kind).

Each candidate plays one seat against two ``search`` players (``SamplingPlayer`` with 64 sampled
deals, no clock) on the seeded deals given, every deal once per seating, with common seeds
(:func:`cardlab.analysis.tournament.tournament`), so a deal where the candidate decides as search
does comes out level. The deals are trial deals (seeds from 1000), not the measured 0-399. Printed
after each chunk of deals: the candidate minus search in game points a hand with its 95 %
interval, and how many deals came out level:

    .venv/bin/python benchmarks/trials_mariage3.py points 1000:1040
    .venv/bin/python benchmarks/trials_mariage3.py inference 1000:1060

``--census`` instead counts the decisions of three ``search`` players over the deals (one seating
each): forced (one legal choice), all valued alike (the rule-based player decides), and valued,
with how many of those had their best two within 0.05 game points, and the median gap:

    .venv/bin/python benchmarks/trials_mariage3.py --census 1000:1012      # about 75 s

Candidates (search's sampled deals are the same wherever a candidate draws as search does):

``points``
    the solver's payoff refined by the player's own points: game points first, then his points
    (card points and counted marriages), so that positions the paranoid solve values alike (the
    other two together against him) are told apart by what he keeps;
``inference``
    each decision's sampled deals are drawn from 256 candidates, each weighted by how well it
    explains the other players' cards so far: 1 for each of their choices the rule-based player
    would have made in that deal, 0.25 for each it would not (``search`` falls back on the
    rule-based player whenever the solver values every choice alike); then solved as search does;
``self6``
    from six cards in hand, each choice valued by playing the sampled deal out with all cards open,
    every player at his turn choosing the card his own double-dummy solve values best for him
    (the other two cast against him; ties to the rule-based player's card), instead of one
    paranoid solve;
``self``
    the same from the first card, with 16 sampled deals while more than six cards are in hand;
``ties``
    search, except that the choices the solver values exactly alike are told apart by those
    open-card play-outs (32 deals).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardlab import mariage3 as m  # noqa: E402
from cardlab.actions import Action  # noqa: E402
from cardlab.analysis import adapters  # noqa: E402
from cardlab.analysis.adapt_common import world_hands  # noqa: E402
from cardlab.analysis.advice import _action_value  # noqa: E402
from cardlab.analysis.sampling import DealSampler  # noqa: E402
from cardlab.analysis.search_player import SamplingPlayer  # noqa: E402
from cardlab.analysis.solver import Solver  # noqa: E402
from cardlab.cards import Rank  # noqa: E402
from cardlab.pack24 import PACK_24  # noqa: E402
from cardlab.players.mariage3 import Mariage3Player  # noqa: E402

VARIANT = "mariage-3"
RULE_BASED = Mariage3Player()


def _ad():
    return adapters.get(VARIANT)


def _best(legal, totals, counts, view):
    """The legal action with the best mean (the rule-based choice when all are alike)."""
    means = [t / c if c else None for t, c in zip(totals, counts)]
    known = [x for x in means if x is not None]
    if not known or min(known) == max(known):
        return RULE_BASED.choose(view)
    return legal[means.index(max(known))]


def _solve_deals(view, know, deals, spec_of=None):
    """Search's valuation over ``deals`` (a Counter of sampled deals), each solved once and
    counted as often as drawn; ``spec_of`` may change each deal's PlaySpec."""
    ad = _ad()
    legal = tuple(view.legal_actions)
    totals, counts = [0.0] * len(legal), [0] * len(legal)
    for deal, n in deals.items():
        spec = ad.play_spec(ad.world(view, know, deal), (view.seat,))
        if spec_of is not None:
            spec = spec_of(spec, view.seat)
        values = dict(Solver(spec).move_values())
        for k, a in enumerate(legal):
            v = _action_value(a, values, spec.rules, None)
            if v is not None:
                totals[k] += n * v
                counts[k] += n
    return _best(legal, totals, counts, view)


# -- points: game points, then the player's own points ---------------------------------------------

SCALE = 256   # more than any player's points, so game points always come first


def _with_points(spec, me):
    pay = spec.payoff

    def payoff(P, T, last, stop, *rec):
        return pay(P, T, last, stop, *rec) * SCALE + min(max(P[me], 0), SCALE - 1)

    lo, hi = spec.bounds
    return dataclasses.replace(spec, payoff=payoff, bounds=(lo * SCALE, hi * SCALE + SCALE - 1))


class PointsPlayer(SamplingPlayer):
    def _search(self, views, seed, samples=None, budget=None):
        view = views[-1]
        if view.phase != "play":
            return super()._search(views, seed, samples, budget)
        rng = random.Random(seed)
        know = _ad().knowledge(views)
        sampler = DealSampler(know)
        deals = Counter()
        for _ in range(samples or self.samples):
            deals[sampler.sample(rng)] += 1
        return _solve_deals(view, know, deals, _with_points)


# -- inference: sampled deals weighted by the others' choices so far -------------------------------

CANDIDATES = 256
MISS = 0.25


def history(view):
    """``[(seat, card or marriage Action), ...]``: the card play so far in order, each marriage
    declared just before the lead of its king or queen."""
    out = []
    left = [(s, suit) for s, suit, _p in view.marriages]
    tricks = [(t.leader, list(t.cards)) for t in view.tricks]
    if view.trick:
        tricks.append((view.leader, list(view.trick_by_seat())))
    for _leader, cards in tricks:
        for i, (seat, card) in enumerate(cards):
            if i == 0 and card.rank in (Rank.KING, Rank.QUEEN) and (seat, card.suit) in left:
                left.remove((seat, card.suit))
                out.append((seat, Action("marriage", None, card.suit)))
            out.append((seat, card))
    if view.pending_marriage is not None and not view.trick:
        out.append((view.leader, Action("marriage", None, view.pending_marriage)))
    return out


def _start(view, hands):
    """The first position of the card play with ``hands`` (per seat) and the view's table."""
    st = m.Mariage3State._blank()
    st.rules, st.dealer, st.names = view.rules, view.dealer, view.names
    st.pack, st.hands, st.undealt = tuple(sorted(PACK_24)), tuple(tuple(h) for h in hands), ()
    st.trump, st.turnup, st.trump_named_by = view.trump, view.turnup, view.trump_named_by
    st.turnup_holder = (None if view.turnup is None else
                        view.dealer if view.rules.trump_rule == "dealer_last" else (view.dealer + 1) % 3)
    lead = view.tricks[0].leader if view.tricks else view.leader
    st.leader, st.trick, st.tricks, st._to_act = lead, (), (), lead
    st.card_points = st.marriage_points = st.tricks_won = (0, 0, 0)
    st.marriages, st.pending_marriage = (), None
    shown = [frozenset(), frozenset(), frozenset()]
    if st.turnup_holder is not None:
        shown[st.turnup_holder] = frozenset((view.turnup,))
    st.shown = tuple(shown)
    return st


def _first(view, act):
    """``view`` with ``act`` (and its card) first: the rule-based player takes the first of equally
    good choices, so it chooses ``act`` there exactly when ``act`` is one of its best."""
    legal = (act,) + tuple(a for a in view.legal_actions if a != act)
    hand = view.hand
    if act.kind == "play":
        hand = (act.card,) + tuple(c for c in hand if c != act.card)
    return dataclasses.replace(view, legal_actions=legal, hand=hand)


def weight(view, know, deal, hist) -> float:
    """How well ``deal`` explains the others' choices in ``hist``: ``MISS`` to the power of the
    choices (with more than one legal) the rule-based player would not have made."""
    hands = [list(h) for h in world_hands(view, know, deal, (0, 1, 2), view.known)]
    for seat, a in hist:
        if not isinstance(a, Action):
            hands[seat].append(a)
    st = _start(view, hands)
    w = 1.0
    for seat, a in hist:
        act = a if isinstance(a, Action) else next(x for x in st.legal_actions() if x.kind == "play" and x.card == a)
        if seat != view.seat and len(st.legal_actions()) > 1 and RULE_BASED.choose(_first(st.view(seat), act)) != act:
            w *= MISS
        st = st.apply(act)
    return w


class InferencePlayer(SamplingPlayer):
    def _search(self, views, seed, samples=None, budget=None):
        view = views[-1]
        hist = history(view) if view.phase == "play" else []
        if not any(s != view.seat for s, _a in hist):
            return super()._search(views, seed, samples, budget)
        rng = random.Random(seed)
        know = _ad().knowledge(views)
        sampler = DealSampler(know)
        cands = [sampler.sample(rng) for _ in range(CANDIDATES)]
        ws = [weight(view, know, d, hist) for d in cands]
        if min(ws) == max(ws):
            return super()._search(views, seed, samples, budget)
        picks = Counter(rng.choices(range(CANDIDATES), ws, k=samples or self.samples))
        return _solve_deals(view, know, Counter({cands[i]: n for i, n in picks.items()}))


# -- open-card play-outs, each player solving for himself -----------------------------------------

def play_out(state, me, tables) -> int:
    """``me``'s game points when ``state`` is played to its end with all cards open, each player
    choosing the card his own double-dummy solve values best (ties: the rule-based card)."""
    ad = _ad()
    while state.result is None:
        seat = state.to_act
        legal = state.legal_actions()
        if len(legal) > 1:
            spec = ad.play_spec(state, (seat,))
            values = dict(Solver(spec, table=tables.setdefault(seat, {})).move_values())
            av = [_action_value(a, values, spec.rules, None) for a in legal]
            top = max(x for x in av if x is not None)
            best = [a for a, x in zip(legal, av) if x == top]
            usual = RULE_BASED.choose(state.view(seat))
            legal = (usual if usual in best else best[0],)
        state = state.apply(legal[0])
    return ad.result_value(state, (me,))


def _played_out(views, seed, n, choices):
    """Per choice, the sum of its open-card play-outs over ``n`` sampled deals."""
    ad = _ad()
    view = views[-1]
    rng = random.Random(seed)
    know = ad.knowledge(views)
    sampler = DealSampler(know)
    totals = [0.0] * len(choices)
    for _ in range(n):
        world = ad.complete(view, know, sampler.sample(rng))
        tables: dict = {}
        for k, a in enumerate(choices):
            totals[k] += play_out(world.apply(a), view.seat, tables)
    return totals


class SelfSolvingPlayer(SamplingPlayer):
    from_cards = 6            # in hand at most; earlier, search
    early_samples = None      # sampled deals while more cards are in hand (None: search's way)

    def _search(self, views, seed, samples=None, budget=None):
        view = views[-1]
        if view.phase != "play":
            return super()._search(views, seed, samples, budget)
        n = samples or self.samples
        if len(view.hand) > self.from_cards:
            if self.early_samples is None:
                return super()._search(views, seed, samples, budget)
            n = self.early_samples
        legal = tuple(view.legal_actions)
        totals = _played_out(views, seed, n, legal)
        return _best(legal, totals, [n] * len(legal), view)


class WholeHandPlayer(SelfSolvingPlayer):
    early_samples = 16


class TiesPlayer(SamplingPlayer):
    samples_for_ties = 32

    def _search(self, views, seed, samples=None, budget=None):
        best = super()._search(views, seed, samples, budget)
        adv, view = self.last_advice, views[-1]
        if view.phase != "play" or adv is None or not adv.samples:
            return best
        top = max(v for v in adv.values if v is not None)
        tied = [a for a, v in zip(view.legal_actions, adv.values) if v is not None and v >= top - 1e-9]
        if len(tied) < 2:
            return best
        totals = _played_out(views, seed + 1, self.samples_for_ties, tied)
        return best if min(totals) == max(totals) else tied[totals.index(max(totals))]


CANDIDATE_PLAYERS = {"points": PointsPlayer, "inference": InferencePlayer, "self6": SelfSolvingPlayer,
                     "self": WholeHandPlayer, "ties": TiesPlayer}


def parser() -> argparse.ArgumentParser:
    """The command line; with no arguments (as ``dev.py bench`` runs every script) a short trial:
    ``points`` on four trial deals."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("candidate", nargs="?", default="points", choices=sorted(CANDIDATE_PLAYERS))
    ap.add_argument("deals", nargs="?", default="1000:1004", help="START:STOP (default 1000:1004)")
    ap.add_argument("--chunk", type=int, default=20)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--census", metavar="START:STOP", default=None,
                    help="count search's decisions by kind in these deals instead of a trial")
    return ap


def census(start: int, stop: int) -> Counter:
    """How ``search`` players decide in the deals ``start``..``stop - 1``: a Counter of decisions
    by kind (``forced``, ``alike``, ``valued``, ``close``: valued with the best two within 0.05
    game points) and ``gaps``, the list of the best-minus-second gaps of the valued ones."""
    from cardlab import variants

    game = variants.get(VARIANT)
    out, gaps = Counter(), []
    for seed in range(start, stop):
        s = game.deal(seed=seed)
        players = [SamplingPlayer(seed=seed * 10 + k, budget=None) for k in range(3)]
        while not s.is_finished:
            view = s.view(s.to_act)
            if len(view.legal_actions) == 1:
                out["forced"] += 1
                s = s.apply(view.legal_actions[0])
                continue
            p = players[s.to_act]
            act = p.choose(view)
            vals = sorted((x for x in p.last_advice.values if x is not None), reverse=True)
            if not vals or vals[0] == vals[-1]:
                out["alike"] += 1
            else:
                out["valued"] += 1
                gaps.append(vals[0] - vals[1])
                out["close"] += vals[0] - vals[1] < 0.05
            s = s.apply(act)
    out["gaps"] = gaps
    return out


def main(argv=None) -> None:
    from functools import partial

    import pandas as pd

    from cardlab.analysis.tournament import difference, tournament

    a = parser().parse_args(argv)
    lo, _, hi = (a.census or a.deals).partition(":")
    start, stop = int(lo), int(hi)
    if a.census:
        import statistics

        c = census(start, stop)
        total = c["forced"] + c["alike"] + c["valued"]
        print(f"{stop - start} deals, {total} decisions of search players: {c['forced']} forced, {c['alike']} "
              f"valued alike (the rule-based player decides), {c['valued']} valued, {c['close']} of them with "
              f"the best two within 0.05 game points; median gap {statistics.median(c['gaps'] or [0]):.2f}")
        return
    players = [partial(CANDIDATE_PLAYERS[a.candidate], budget=None), "search", "search"]
    names = [a.candidate, "search", "search"]
    tables = []
    t = time.perf_counter()
    for s0 in range(start, stop, a.chunk):
        tables.append(tournament(players, deals=min(a.chunk, stop - s0), variant=VARIANT, seed=s0,
                                 workers=a.workers, names=names, common_seeds=True))
        table = pd.concat(tables, ignore_index=True)
        d = difference(table, a.candidate, "search")
        search_cols = [c for c in table.columns if str(c).startswith("search")]
        per_deal = (table[a.candidate] - table[search_cols].mean(axis=1)).groupby(table["deal"]).mean()
        print(f"{d['deals']} deals: {a.candidate} − search {d['mean']:+.2f} [{d['low']:+.2f}, {d['high']:+.2f}] "
              f"game points a hand, {int((per_deal == 0).sum())} level, {time.perf_counter() - t:.0f} s", flush=True)


if __name__ == "__main__":
    main()
