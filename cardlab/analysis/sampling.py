"""Sampling the cards one seat cannot see, consistently with everything it knows.

A :class:`Knowledge` lists the unseen cards, the hidden locations (an opponent's hand, the
face-down stock, the prikup ...), how many unseen cards each location holds, and the cards each
location cannot hold (voids and other facts shown by the play). Each variant's adapter builds it
from the seat's views (:func:`knowledge`).

:class:`DealSampler` draws **uniformly** among all consistent assignments of the unseen cards to
the locations, by exact counting: the cards are grouped by the set of locations they may be in;
the number of completions is counted by dynamic programming over the remaining room in each
location; each group's split is drawn with probability proportional to its number of
completions, then the group's cards are shuffled into that split. Cardinality facts ("this
location holds at most one of these cards": 501's prikup cards in a defender's hand) are counted
in the same dynamic programme, so they too are respected exactly and uniformly. :meth:`Knowledge.count_deals`
and :meth:`Knowledge.card_probabilities` give the exact numbers the tests compare with.

:func:`estimate` answers a yes/no question over sampled worlds (e.g. "does closing now
succeed?"), with the count of samples and a Wilson 95 % confidence interval (:func:`wilson`).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Callable, Sequence

from ..cards import Card, format_cards
from ..errors import AnalysisArgumentError
from .parallel import check_workers, run_map

__all__ = ["Knowledge", "DealSampler", "Estimate", "wilson", "estimate", "knowledge", "check_count", "check_views",
           "seat_views", "variant_of_view"]


def check_count(name: str, value) -> int:
    """``value`` if it is a positive whole number (an ``int``, not a ``bool``); else raises
    :class:`~cardlab.errors.AnalysisArgumentError` naming the argument ``name``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise AnalysisArgumentError(name, f"{name} must be a positive whole number, not {value!r}")
    return value


def check_seat(name: str, seat, players: int) -> int:
    """``seat`` if it is a seat of a table of ``players`` (an ``int`` from 0, not a ``bool``);
    else raises :class:`~cardlab.errors.AnalysisArgumentError` naming the argument."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise AnalysisArgumentError(name, f"{name} must be a seat from 0 to {players - 1}, not {seat!r}")
    return seat


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows about the cards it cannot see.

    Attributes
    ----------
    seat : int
        The seat whose knowledge this is.
    unseen : tuple of Card
        The cards whose place the seat does not know.
    locations : tuple of str
        The hidden locations, in words (e.g. ``("seat 1's hand", "stock")``).
    counts : tuple of int
        How many of the unseen cards each location holds; they add up to ``len(unseen)``.
    excluded : tuple of frozenset of Card
        Per location, the unseen cards it cannot hold (shown by the play).
    notes : tuple of str
        Each inference in words ("trick 8: seat 1 did not follow ♥, so holds no ♥").
    extra : dict
        Facts a variant's adapter needs to rebuild a full state (e.g. the turn-up card).
    limits : tuple of (int, frozenset of Card, int)
        Cardinality facts: ``(location, cards, most)`` says the location holds at most ``most``
        of ``cards`` (501: a defender holds at most one of the prikup cards, the one the
        declarer may have passed him [501.give]). Counting and sampling respect them exactly.

    Raises
    ------
    AnalysisArgumentError
        (a ``ValueError``) if the counts are not whole numbers adding up to the unseen cards,
        there is not one count and one set of excluded cards per location, or a limit names a
        location that does not exist.
    """

    seat: int
    unseen: tuple
    locations: tuple
    counts: tuple
    excluded: tuple
    notes: tuple = ()
    extra: dict = field(default_factory=dict, compare=False)
    limits: tuple = ()

    def __post_init__(self):
        if any(isinstance(c, bool) or not isinstance(c, int) for c in self.counts):
            raise AnalysisArgumentError("counts", f"counts must be whole numbers, not {list(self.counts)}")
        if sum(self.counts) != len(self.unseen) or any(c < 0 for c in self.counts):
            raise AnalysisArgumentError("counts", f"the hidden locations hold {list(self.counts)} cards but "
                                                  f"{len(self.unseen)} are unseen")
        if len(self.excluded) != len(self.locations) or len(self.counts) != len(self.locations):
            raise AnalysisArgumentError("locations", "give one count and one set of excluded cards per location")
        for loc, _cards, most in self.limits:
            if not 0 <= loc < len(self.locations) or most < 0:
                raise AnalysisArgumentError("limits", f"a limit names location {loc} of {len(self.locations)} "
                                                      f"and at most {most} cards")

    def allowed(self, card: Card) -> tuple:
        """Indices of the locations ``card`` may be in."""
        return tuple(i for i, ex in enumerate(self.excluded) if card not in ex)

    def _groups(self, first: Card | None = None):
        """``[((sig, limit_mask), cards), ...]``: the unseen cards grouped by the locations they
        may be in (bitmask) and the limits they fall under (bitmask); ``first``'s group first."""
        groups: dict[tuple, list] = {}
        for c in self.unseen:
            sig = 0
            for i, ex in enumerate(self.excluded):
                if c not in ex:
                    sig |= 1 << i
            lim = 0
            for j, (_loc, cards, _most) in enumerate(self.limits):
                if c in cards:
                    lim |= 1 << j
            groups.setdefault((sig, lim), []).append(c)
        items = sorted(groups.items())
        if first is not None:
            items.sort(key=lambda kv: first not in kv[1])
        return items

    def _counter(self, groups) -> "_Counter":
        return _Counter(tuple((key, len(cs)) for key, cs in groups), len(self.locations),
                        tuple(loc for loc, _c, _m in self.limits))

    def _start(self) -> tuple:
        return (tuple(self.counts), tuple(most for _l, _c, most in self.limits))

    def count_deals(self) -> int:
        """The exact number of consistent assignments of the unseen cards to the locations
        (cards within a location unordered)."""
        return self._counter(self._groups()).count(0, self._start())

    def card_probabilities(self) -> dict:
        """``{card: (p_0, p_1, ...)}``: the exact probability of each unseen card being in each
        location, under the uniform distribution over consistent deals. Raises
        :class:`~cardlab.errors.AnalysisArgumentError` if no deal is consistent."""
        total = self.count_deals()
        if total == 0:
            raise AnalysisArgumentError("knowledge", "no deal is consistent with this knowledge")
        out = {}
        L = len(self.locations)
        for key, cards in self._groups():
            first = cards[0]
            groups = self._groups(first)
            counter = self._counter(groups)
            g = len(cards)
            expect = [0] * L
            start = self._start()
            for split in _splits(key[0], g, L, self.counts):
                nxt = counter.step(key, split, start)
                if nxt is None:
                    continue
                ways = _multinomial(g, split) * counter.count(1, nxt)
                for i in range(L):
                    expect[i] += split[i] * ways
            probs = tuple(e / (g * total) for e in expect)
            for c in cards:
                out[c] = probs
        return out

    def describe(self) -> str:
        """The knowledge in words."""
        parts = [f"{len(self.unseen)} unseen cards: {format_cards(self.unseen)}"]
        for name, n, ex in zip(self.locations, self.counts, self.excluded):
            line = f"{name}: {n} of them"
            if ex:
                line += f", not {format_cards(sorted(ex))}"
            parts.append(line)
        for loc, cards, most in self.limits:
            parts.append(f"{self.locations[loc]}: at most {most} of {format_cards(sorted(cards))}")
        parts.extend(self.notes)
        return "; ".join(parts)


def _splits(sig: int, g: int, L: int, caps: Sequence[int]):
    """Every way to put ``g`` cards into the locations of bitmask ``sig`` within ``caps``."""
    locs = [i for i in range(L) if sig >> i & 1]

    def rec(k, left, cur):
        if k == len(locs) - 1:
            i = locs[k]
            if left <= caps[i]:
                cur[i] = left
                yield tuple(cur)
                cur[i] = 0
            return
        i = locs[k]
        for a in range(min(left, caps[i]) + 1):
            cur[i] = a
            yield from rec(k + 1, left - a, cur)
        cur[i] = 0

    if not locs:
        if g == 0:
            yield (0,) * L
        return
    yield from rec(0, g, [0] * L)


def _multinomial(g: int, split) -> int:
    out = math.factorial(g)
    for a in split:
        out //= math.factorial(a)
    return out


class _Counter:
    """Number of ways to place groups ``k..`` into the remaining room: ``room = (caps, lims)``,
    the cards still to go in each location and, per limit, how many more of its cards its
    location may take. ``groups``: ``((sig, limit_mask), size)``; ``limit_locs``: each limit's
    location."""

    def __init__(self, groups, L, limit_locs=()):
        self.groups = groups
        self.L = L
        self.limit_locs = limit_locs

        @lru_cache(maxsize=None)
        def count(k, room):
            caps, _lims = room
            if k == len(groups):
                return 1 if not any(caps) else 0
            key, g = groups[k]
            total = 0
            for split in _splits(key[0], g, L, caps):
                nxt = self.step(key, split, room)
                if nxt is not None:
                    total += _multinomial(g, split) * count(k + 1, nxt)
            return total

        self.count = count

    def step(self, key, split, room):
        """The room left after a group with ``key`` is split as ``split``; None if a limit is
        broken."""
        caps, lims = room
        lim_mask = key[1]
        if lim_mask:
            lims = list(lims)
            for j, loc in enumerate(self.limit_locs):
                if lim_mask >> j & 1:
                    lims[j] -= split[loc]
                    if lims[j] < 0:
                        return None
            lims = tuple(lims)
        return (tuple(c - d for c, d in zip(caps, split)), lims)


class DealSampler:
    """Uniform sampler of consistent deals for a :class:`Knowledge`.

    Parameters
    ----------
    knowledge : Knowledge

    Raises
    ------
    AnalysisArgumentError
        (a ``ValueError``) if ``knowledge`` is not a :class:`Knowledge` or no deal is
        consistent with it.
    """

    def __init__(self, knowledge: Knowledge):
        if not isinstance(knowledge, Knowledge):
            raise AnalysisArgumentError("knowledge", f"a DealSampler needs a Knowledge, not {type(knowledge).__name__}")
        self.knowledge = knowledge
        groups = knowledge._groups()
        self._groups = groups
        self._counter = knowledge._counter(groups)
        self.total = self._counter.count(0, knowledge._start())
        if self.total == 0:
            raise AnalysisArgumentError("knowledge", "no deal of the unseen cards is consistent with what this seat knows: "
                             + knowledge.describe())
        self._choices = {}

    def _split_table(self, k, room):
        key = (k, room)
        t = self._choices.get(key)
        if t is None:
            gkey, g = self._groups[k][0], len(self._groups[k][1])
            t = []
            acc = 0
            for split in _splits(gkey[0], g, len(room[0]), room[0]):
                nxt = self._counter.step(gkey, split, room)
                if nxt is None:
                    continue
                w = _multinomial(g, split) * self._counter.count(k + 1, nxt)
                if w:
                    acc += w
                    t.append((acc, split, nxt))
            self._choices[key] = t
        return t

    def sample(self, rng: random.Random) -> tuple:
        """One deal: a tuple with, per location, a tuple of cards in random order. Raises
        :class:`~cardlab.errors.AnalysisArgumentError` if ``rng`` is not a ``random.Random``."""
        if not isinstance(rng, random.Random):
            raise AnalysisArgumentError("rng", f"rng must be a random.Random, not {type(rng).__name__}")
        L = len(self.knowledge.locations)
        room = self.knowledge._start()
        out = [[] for _ in range(L)]
        for k, (_key, cards) in enumerate(self._groups):
            table = self._split_table(k, room)
            x = rng.randrange(table[-1][0])
            for acc, split, nxt in table:
                if x < acc:
                    break
            cs = list(cards)
            rng.shuffle(cs)
            pos = 0
            for i in range(L):
                out[i].extend(cs[pos:pos + split[i]])
                pos += split[i]
            room = nxt
        for part in out:
            rng.shuffle(part)
        return tuple(tuple(p) for p in out)


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval for ``k`` successes in ``n`` trials (95 % by default).
    Returns ``(low, high)``; ``(0.0, 1.0)`` when ``n`` is 0. Raises
    :class:`~cardlab.errors.AnalysisArgumentError` if ``k`` or ``n`` is not a whole number,
    ``n`` is negative or ``k`` is not from 0 to ``n``."""
    for name, x in (("k", k), ("n", n)):
        if isinstance(x, bool) or not isinstance(x, int):
            raise AnalysisArgumentError(name, f"{name} must be a whole number, not {x!r}")
    if n < 0 or not 0 <= k <= n:
        raise AnalysisArgumentError("k", f"k must be from 0 to n = {n}, not {k} (n at least 0)")
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    den = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Estimate:
    """A chance estimated over sampled worlds.

    Attributes
    ----------
    successes, samples : int
    p : float
        successes / samples.
    low, high : float
        The Wilson 95 % confidence interval.
    question : str
    """

    successes: int
    samples: int
    p: float
    low: float
    high: float
    question: str = ""

    def __str__(self) -> str:
        return (f"{self.question}: {self.p:.1%} ({self.successes} of {self.samples} sampled deals; "
                f"95% CI {self.low:.1%}–{self.high:.1%})")


def knowledge(views, names=None) -> Knowledge:
    """The :class:`Knowledge` of the seat of ``views`` (its views from the deal to now, or just
    the last view; a state stands for the views of the player to act along its history).
    ``names`` (default: a state's player names) are used in the notes; without them seats are
    called "seat 1" etc.

    Raises
    ------
    AnalysisArgumentError
        (a ``ValueError``) for no views, something that is not a seat's view, views of
        different seats, variants, deals or rules, or out of order (see :func:`check_views`);
        a finished state (no player to act).
    NotSolvable
        For a variant with no adapter, or a phase the adapter does not sample (e.g. an auction).
    """
    from . import adapters

    names = getattr(views, "names", None) if names is None else names
    views = seat_views(views)
    variant = variant_of_view(views[-1])
    ad = adapters.get(variant)
    if ad.knowledge is None:
        raise adapters.NotSolvable(f"the analysis cannot sample hidden cards in {variant!r} yet")
    return ad.knowledge(views, names=names)


def variant_of_view(view) -> str:
    """The registered variant name of a seat's ``view``: its ``variant`` field, or else the variant
    whose rules module defines the class of ``view.rules``. Raises
    :class:`~cardlab.errors.AnalysisArgumentError` (argument ``"views"``) when neither tells."""
    v = getattr(view, "variant", None)
    if v:
        return v
    rules = getattr(view, "rules", None)
    mod = type(rules).__module__ if rules is not None else ""
    from .. import variants

    for name in variants.names():
        if variants.get(name).module == mod:
            return name
    raise AnalysisArgumentError("views", f"cannot tell the variant of {type(view).__name__}")


def _seen(view) -> set:
    """The cards a view shows its seat: its hand, the trick on the table, the completed tricks."""
    out = set(getattr(view, "hand", ()) or ())
    for t in tuple(getattr(view, "tricks", ()) or ()):
        out.update(getattr(t, "played", ()) or ())
    for c in tuple(getattr(view, "trick", ()) or ()):
        out.add(c)
    return out


def check_views(views) -> list:
    """``views`` as a list after checking that they can be one seat's views of one hand, in
    order: at least one; each a seat's view (``state.view(seat)``), not a state; all of the same
    type, variant, seat, dealer and rules; each view's completed tricks begin with the previous
    view's; and no card the seat saw in a view (its hand, the cards on the table and in
    completed tricks) is unseen in the next. Raises
    :class:`~cardlab.errors.AnalysisArgumentError` (argument ``"views"``) otherwise."""
    from ..state import GameState

    views = list(views)
    if not views:
        raise AnalysisArgumentError("views", "no views: give the seat's views of the hand (at least the last), "
                                             "e.g. [s.view(seat) for s in state.history()], or a state")
    for i, v in enumerate(views):
        if isinstance(v, GameState):
            raise AnalysisArgumentError("views", f"views[{i}] is a state, not a seat's view: use state.view(seat) "
                                                 f"(or pass the state alone)")
        seat = getattr(v, "seat", None)
        if isinstance(seat, bool) or not isinstance(seat, int) or not hasattr(v, "unseen"):
            raise AnalysisArgumentError("views", f"views[{i}] is not a seat's view ({type(v).__name__})")
    for i, (a, b) in enumerate(zip(views, views[1:])):
        where = f"views[{i}] and views[{i + 1}]"
        if type(a) is not type(b):
            raise AnalysisArgumentError("views", f"{where} are of different types ({type(a).__name__}, "
                                                 f"{type(b).__name__}): views of one seat in one hand are needed")
        for attr in ("variant", "seat", "dealer", "rules"):
            if getattr(a, attr, None) != getattr(b, attr, None):
                raise AnalysisArgumentError("views", f"{where} differ in {attr}: views of one seat in one hand "
                                                     f"are needed")
        ta, tb = tuple(getattr(a, "tricks", ()) or ()), tuple(getattr(b, "tricks", ()) or ())
        if tb[:len(ta)] != ta:
            raise AnalysisArgumentError("views", f"{where} show different completed tricks: they are not views of "
                                                 f"one hand, in order")
        lost = _seen(a) & set(b.unseen)
        if lost:
            raise AnalysisArgumentError("views", f"{where} are not of one deal: {format_cards(sorted(lost))} "
                                                 f"seen in the first, unseen in the second")
    return views


def seat_views(views, seat: int | None = None):
    """A seat's views as a list, oldest first: from a state (its ``seat``, default the player to
    act, one view per position of the state's history) or from a view or a list of views (checked
    by :func:`check_views`). Raises :class:`~cardlab.errors.AnalysisArgumentError` for a finished
    state without ``seat``, a bad seat, ``seat`` given with views, or views that are not one seat's."""
    from ..state import GameState

    if isinstance(views, GameState):
        st = views
        if seat is None:
            seat = st.to_act
            if seat is None:
                raise AnalysisArgumentError("state", "the hand is over: no player is to act, so there is no seat "
                                                     "whose knowledge to use (pass seat=)")
        check_seat("seat", seat, len(st.names))
        return [s.view(seat) for s in st.history()]
    if seat is not None:
        raise AnalysisArgumentError("seat", "seat= is for a state; views are already one seat's")
    if isinstance(views, (str, bytes)) or views is None:
        raise AnalysisArgumentError("views", f"a state, a seat's view or a list of views, not {views!r}")
    if not isinstance(views, (list, tuple)):
        views = [views]
    return check_views(views)


def _answer(variant: str, view, know, question: Callable, deal) -> bool:
    """``question`` of the world made from ``view`` and one sampled ``deal`` (run in a worker)."""
    from . import adapters

    return bool(question(adapters.get(variant).complete(view, know, deal)))


def estimate(views, question: Callable, samples: int = 1000, seed: int = 0, text: str = "",
             workers=None, order_matters: bool = True) -> Estimate:
    """Estimate the chance that ``question(world)`` is true over ``samples`` worlds sampled
    uniformly from what the seat of ``views`` knows.

    Parameters
    ----------
    views : list of seat views (or one view)
        The seat's views from the deal to now (the last is now); see :func:`knowledge`.
    question : callable(state) -> bool
        Asked of each full state (the real one in everything the seat sees, the hidden cards
        sampled), e.g. :func:`cardlab.analysis.close_succeeds`.
    samples : int
        Number of worlds (each is an independent uniform draw).
    seed : int
        Seeds the sampler: the same seed gives the same answer, whatever ``workers`` is.
    workers : None, int or concurrent.futures.Executor
        Where the sampled worlds are answered: ``None`` every local core, a number of worker
        processes (1: this process), or an Executor such as Dask's ``client.get_executor()``
        (see :mod:`cardlab.analysis.parallel`).
    order_matters : bool
        False for a question whose answer does not depend on the order of the cards within a
        place (a hand's order never matters; a stock's matters only while someone draws from it,
        so not after it is closed or exhausted): then worlds with the same cards in every place
        are asked once and counted as often as they were drawn. The estimate is the same; only
        the time changes (a position with few unseen cards has few distinct worlds).

    Returns
    -------
    Estimate
        With the count of samples and the Wilson 95 % interval.

    Raises
    ------
    AnalysisArgumentError
        (a ``ValueError``) if ``samples`` is not a positive whole number, ``seed`` not a whole
        number, ``question`` not callable, ``workers`` not one of the above, or ``views`` are
        not one seat's views of one hand (see :func:`knowledge`).
    NotSolvable
        For a variant whose adapter cannot rebuild full states from a view (the games without
        a stock have their own questions: :func:`cardlab.analysis.bid_chance_501`, ...).
    """
    from . import adapters

    check_count("samples", samples)
    check_seed(seed)
    if not callable(question):
        raise AnalysisArgumentError("question", f"question must be a function of a state, not {question!r}")
    names = getattr(views, "names", None)
    views = seat_views(views)
    ad = adapters.get(variant_of_view(views[-1]))
    if ad.complete is None or ad.knowledge is None:
        raise adapters.NotSolvable(f"{ad.variant}: sampled worlds cannot be rebuilt as full states yet; use the "
                                   f"variant's own questions (cardlab.analysis.questions)")
    check_workers(workers)
    know = ad.knowledge(views, names=names)
    sampler = DealSampler(know)
    rng = random.Random(seed)
    deals = [sampler.sample(rng) for _ in range(samples)]  # drawn in order: the same whatever the workers
    ask = partial(_answer, ad.variant, views[-1], know, question)
    if order_matters:
        k = sum(run_map(ask, deals, workers))
    else:   # one answer per distinct world (the same cards in every place), counted as drawn
        drawn = Counter(tuple(frozenset(place) for place in deal) for deal in deals)
        distinct = [tuple(tuple(sorted(place)) for place in key) for key in drawn]
        k = sum(n for n, yes in zip(drawn.values(), run_map(ask, distinct, workers)) if yes)
    lo, hi = wilson(k, samples)
    return Estimate(k, samples, k / samples, lo, hi, text)


def check_seed(seed) -> int:
    """``seed`` if it is a whole number; else raises
    :class:`~cardlab.errors.AnalysisArgumentError`."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise AnalysisArgumentError("seed", f"seed must be a whole number, not {seed!r}")
    return seed
