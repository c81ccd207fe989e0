"""A computer player that samples the hidden cards and searches each sampled world
("perfect-information Monte Carlo").

At each decision with more than one legal action, :class:`SamplingPlayer`:

1. builds its seat's knowledge from the views it has seen this hand (its hand, the cards played
   and shown, voids revealed by the play: :func:`cardlab.analysis.knowledge`);
2. draws ``samples`` worlds uniformly among the deals consistent with it;
3. in each world values every legal action: exactly with the double-dummy solver when the
   position after it is pure card play (Sixty-six once the stock is closed or exhausted, every
   card of a game without a stock); otherwise the variant's rule-based player plays on for
   everybody until such a position is reached (the stock runs out or is closed), which is then
   solved exactly, so that every action is valued with the same double-dummy optimism;
4. plays the action with the best average value for its own seat (ties: the engine's order;
   when every action is worth the same, the variant's rule-based player chooses).

It sees only its views, like every player. Double-dummy values are optimistic for the side that
would need to guess in real play; averaged over worlds they still rank the actions well, which
is why this simple method is the usual baseline for trick-taking games.
"""

from __future__ import annotations

import random

from ..actions import Action
from . import adapters
from .adapters import NotSolvable
from .exact import _solve
from .sampling import DealSampler, _variant_of
from .solver import Solver

__all__ = ["SamplingPlayer"]


def _cards_in(x, out: set) -> set:
    """Every Card inside ``x`` (a card, or tuples/lists of them at any depth)."""
    from ..cards import Card

    if isinstance(x, Card):
        out.add(x)
    elif isinstance(x, (tuple, list)):
        for y in x:
            _cards_in(y, out)
    return out


def _played_since(prev, view) -> set:
    """Cards played to tricks between two views of one seat (an exchange may remove one more)."""
    out = _cards_in(tuple(getattr(view, "trick", ())), set())
    return _cards_in(tuple(getattr(view, "tricks", ()))[len(prev.tricks):], out)


def _bit(card, rules, joker_as):
    from .solver import card_bit

    try:
        return card_bit(card, rules)
    except ValueError:             # a wild card (the joker) plays as the card it stands for
        if joker_as is None:
            return None
        return card_bit(joker_as, rules)


def _action_value(action, values: dict, rules, joker_as):
    """The solver's value of a legal action from its root move values: a card play, or a
    marriage (announced with the K or Q led; the better of the two when the action names only
    the suit). None for an action the solver does not value (a claim)."""
    from ..cards import Card, Rank

    if action.kind == "play":
        b = _bit(action.card, rules, joker_as)
        return values.get((b, False))
    if action.kind == "marriage":
        if action.card is not None:
            return values.get((_bit(action.card, rules, joker_as), True))
        suit = action.value
        vs = [values.get((_bit(Card.of(suit, r), rules, joker_as), True)) for r in (Rank.KING, Rank.QUEEN)]
        vs = [v for v in vs if v is not None]
        return max(vs) if vs else None
    return None


class SamplingPlayer:
    """Samples worlds consistent with its view and searches each (see the module docstring).

    Parameters
    ----------
    seed : int
        Seeds the sampling and the play-outs (reproducible).
    samples : int
        Worlds sampled per decision (default 24).
    rollouts : int
        Play-outs per world and action where no exact solve is possible (default 1: the
        rule-based policy is deterministic).
    rollout_policy : str
        The player kind that plays the play-outs (default ``"heuristic"``, the variant's
        rule-based player; ``"random"`` for uniform random play).

    Raises
    ------
    NotSolvable
        From :meth:`choose`, for a variant with no analysis adapter.
    """

    name = "search"

    def __init__(self, seed: int | None = 0, samples: int = 16, rollouts: int = 1,
                 rollout_policy: str = "heuristic"):
        if samples < 1 or rollouts < 1:
            raise ValueError("samples and rollouts must be at least 1")
        self.rng = random.Random(seed)
        self.samples = samples
        self.rollouts = rollouts
        self.rollout_policy = rollout_policy
        self._policy_player = None
        self._views: list = []

    def _remember(self, view) -> list:
        prev = self._views[-1] if self._views else None
        same_hand = (prev is not None and getattr(prev, "seat", None) == view.seat
                     and len(getattr(prev, "tricks", ())) <= len(getattr(view, "tricks", ()))
                     and tuple(getattr(view, "tricks", ()))[:len(prev.tricks)] == tuple(prev.tricks)
                     and getattr(prev, "dealer", None) == getattr(view, "dealer", None)
                     and len(set(prev.hand) - set(view.hand) - _played_since(prev, view)) <= 1)
        if not same_hand:
            self._views = []
        self._views.append(view)
        return self._views

    def choose(self, view) -> Action:
        legal = tuple(view.legal_actions)
        views = self._remember(view)
        if len(legal) == 1:
            return legal[0]
        ad = adapters.get(_variant_of(view))
        if ad.complete is None:
            return self._choose_in_worlds(ad, view, views, legal)
        know = ad.knowledge(views)
        sampler = DealSampler(know)
        seat = view.seat
        seats = (seat,)
        totals = [0.0] * len(legal)
        rng = self.rng
        for _ in range(self.samples):
            world = ad.complete(view, know, sampler.sample(rng))
            tables: dict = {}
            for k, a in enumerate(legal):
                child = world.apply(a)
                try:
                    totals[k] += _solve(ad, child, seats, tables)
                except NotSolvable:
                    totals[k] += self._rollouts(ad, child, seats)
        best = max(totals)
        if min(totals) == best:       # nothing to choose between: the rule-based player decides
            return self._policy(ad.variant).choose(view)
        return legal[totals.index(best)]

    def _choose_in_worlds(self, ad, view, views, legal) -> Action:
        """Variants whose states are not rebuilt from a view (the games without a stock): in the
        card play, sample worlds and solve each move by move; any other decision (auction,
        contract, bid cards) is left to the variant's rule-based player."""
        variant = _variant_of(view)
        try:
            if ad.world is None or getattr(view, "phase", "play") != "play":
                raise NotSolvable("not in the card play")
            know = ad.knowledge(views)
        except NotSolvable:
            return self._policy(variant).choose(view)
        sampler = DealSampler(know)
        seats = (view.seat,)
        totals = [0.0] * len(legal)
        valued = [False] * len(legal)
        for _ in range(self.samples):
            world = ad.world(view, know, sampler.sample(self.rng))
            spec = ad.play_spec(world, seats)
            values = dict(Solver(spec).move_values())
            for k, a in enumerate(legal):
                v = _action_value(a, values, spec.rules, getattr(world, "joker_as", None))
                if v is not None:
                    totals[k] += v
                    valued[k] = True
        known = [t for t, ok in zip(totals, valued) if ok]
        if not known or min(known) == max(known):
            # the search cannot tell the actions apart (e.g. no exact bid can be guaranteed
            # yet in Ninety-Nine): the rule-based player decides
            return self._policy(variant).choose(view)
        best = max(known)
        return next(a for a, t, ok in zip(legal, totals, valued) if ok and t == best)

    def _policy(self, variant: str):
        """The play-out policy: the variant's rule-based player when it has one, else random."""
        if self._policy_player is None:
            from ..players import make_player

            try:
                self._policy_player = make_player(self.rollout_policy, self.rng.randrange(1 << 30), variant=variant)
            except ValueError:
                self._policy_player = make_player("random", self.rng.randrange(1 << 30), variant=variant)
        return self._policy_player

    def _rollouts(self, ad, state, seats) -> float:
        """Play on with the play-out policy until a position the solver can take (then solve it
        exactly) or the end of the hand; the average over ``rollouts`` play-outs."""
        policy = self._policy(state.variant)
        total = 0.0
        for _ in range(self.rollouts):
            s = state
            while True:
                if s.is_finished:
                    total += ad.result_value(s, seats)
                    break
                try:
                    spec = ad.play_spec(s, seats)
                except NotSolvable:
                    s = s.apply(policy.choose(s.view(s.to_act)))
                    continue
                total += Solver(spec).value()
                break
        return total / self.rollouts

    def __repr__(self) -> str:
        return f"SamplingPlayer(samples={self.samples}, rollouts={self.rollouts})"
