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

Steps 2-4 are :func:`cardlab.analysis.advice.advise`, which the play table's hint and review use
too; the player stops sampling when its time budget per decision is spent (anytime).

It sees only its views, like every player. Double-dummy values are optimistic for the side that
would need to guess in real play; averaged over worlds they still rank the actions well, which
is why this simple method is the usual baseline for trick-taking games.
"""

from __future__ import annotations

import random

from ..actions import Action
from ..errors import AnalysisArgumentError

__all__ = ["SamplingPlayer", "ExpertPlayer"]


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


class SamplingPlayer:
    """Samples worlds consistent with its view and searches each (see the module docstring),
    within a time budget per decision.

    Parameters
    ----------
    seed : int
        Seeds the sampling and the play-outs (reproducible when the sample count, not the
        clock, ends each decision: see ``budget``).
    samples : int
        Sampled deals per decision at most (default 64). More samples play more strongly.
    rollouts : int
        Play-outs per deal and action where no exact solve is possible yet (default 1: the
        rule-based policy is deterministic).
    rollout_policy : str
        The player kind that plays the play-outs (default ``"heuristic"``, the variant's
        rule-based player; ``"random"`` for uniform random play).
    budget : float or None
        Seconds per decision (default 0.8): the player decides with the deals it has solved
        when the time is up (anytime), so a move takes about this long at most on a loaded
        machine; ``None`` removes the limit (then ``samples`` alone decides the effort and the
        play is reproducible from the seed).
    model : str
        How each sampled deal values an action (see :func:`cardlab.analysis.advice.advise`):
        ``"solver"`` (default: double dummy, the others cast as the adapter's ``solved_as``
        says) or ``"play-outs"`` (the rest of the hand played by the rule-based players, each
        for his own result; for the games whose states the analysis rebuilds).

    Strength settings: ``samples`` and ``budget`` together (the first reached ends the
    sampling). The play table uses the defaults; tournaments may pass ``budget=None`` for
    reproducible results.

    Raises
    ------
    AnalysisArgumentError
        (a :class:`~cardlab.errors.CardlabError`, a ``ValueError``) if ``samples`` or
        ``rollouts`` is not a positive whole number, ``budget`` is not a positive number or
        ``None``, ``seed`` is not a whole number or ``None``, ``rollout_policy`` is not a
        text, or ``model`` is not one of :data:`~cardlab.analysis.advice.MODELS`.
    NotSolvable
        From :meth:`choose`, for a variant with no analysis adapter.
    """

    name = "search"

    def __init__(self, seed: int | None = 0, samples: int = 64, rollouts: int = 1,
                 rollout_policy: str = "heuristic", budget: float | None = 0.8, model: str = "solver"):
        import math

        from .sampling import check_count, check_seed

        check_count("samples", samples)
        check_count("rollouts", rollouts)
        if seed is not None:
            check_seed(seed)
        if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float))
                                   or not math.isfinite(budget) or budget <= 0):
            raise AnalysisArgumentError("budget", f"budget must be a positive number of seconds or None, not {budget!r}")
        if not isinstance(rollout_policy, str):
            raise AnalysisArgumentError("rollout_policy", f"rollout_policy is a player kind's name, not {rollout_policy!r}")
        from .advice import MODELS

        if model not in MODELS:
            raise AnalysisArgumentError("model", f"model must be one of {', '.join(MODELS)}, not {model!r}")
        self.model = model
        self.rng = random.Random(seed)
        self.samples = samples
        self.rollouts = rollouts
        self.rollout_policy = rollout_policy
        self.budget = budget
        self._views: list = []
        self.last_advice = None

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
        """The action with the best mean value over the sampled deals (see
        :func:`cardlab.analysis.advice.advise`); the advice is kept in :attr:`last_advice`.
        Raises :class:`NotSolvable` for a variant with no analysis adapter, and what
        :func:`~cardlab.analysis.advice.advise` raises for a view with no decision to make."""
        legal = tuple(view.legal_actions)
        views = self._remember(view)
        if len(legal) == 1:
            return legal[0]
        return self._search(views, self.rng.randrange(1 << 30))

    def _search(self, views, seed: int, samples: int | None = None, budget: float | None = None) -> Action:
        """:func:`~cardlab.analysis.advice.advise` on ``views`` with ``seed`` and ``samples`` deals at
        most within ``budget`` seconds (both by default the player's own); keeps and returns its best."""
        from .advice import advise

        adv = advise(views, seed=seed, budget=self.budget if samples is None else budget,
                     max_samples=self.samples if samples is None else samples,
                     rollouts=self.rollouts, rollout_policy=self.rollout_policy, model=self.model,
                     before_play=False)
        self.last_advice = adv
        return adv.best

    def __repr__(self) -> str:
        model = "" if self.model == "solver" else f", model={self.model!r}"
        return f"SamplingPlayer(samples={self.samples}, rollouts={self.rollouts}, budget={self.budget}{model})"


class ExpertPlayer(SamplingPlayer):
    """The ``search`` player plus what the variant's analysis adapter declares for the expert
    level: its own valuation of the decisions before the card play (``before_play``:
    Ninety-Nine's bid cards, each choice played out over sampled deals by the rule-based
    players; four-player Mariage's trump choice and announcements and 501's trumps and first
    card passed, each choice tried in sampled deals whose card play is solved), or more sampled
    deals per decision (``expert_samples``: Sixty-six, which has no decision before the play,
    256 instead of 64). Elsewhere it plays as :class:`SamplingPlayer` does, drawing its random
    numbers as that player would (one draw per decision), so with the same seed the two play
    alike until the expert's own valuation disagrees. Slower than ``search`` at those decisions
    (up to a few seconds) and measured against it in ``benchmarks/bench_strength.py``.

    Parameters
    ----------
    seed, rollouts, rollout_policy, model
        As :class:`SamplingPlayer` (the card play).
    samples : int or None
        Sampled deals per decision of the search; default ``None``: the adapter's
        :attr:`~cardlab.analysis.adapters.Adapter.expert_samples` (Sixty-six: 256), else 64 as
        search.
    budget : float or None
        Seconds per decision for 64 sampled deals (default 0.8, search's); with more deals the
        budget grows in proportion (Sixty-six's 256: 3.2 s at most), so the expert thinks longer
        rather than sampling less. ``None``: no clock (reproducible, as for search).
    before_play_samples : int or None
        Sampled deals per choice for the decisions before the play (the same deals for every
        choice); default ``None``: as many as the variant's adapter declares
        (:attr:`~cardlab.analysis.adapters.Adapter.before_play_samples`: 24, or 64 in
        four-player Mariage).

    Raises
    ------
    AnalysisArgumentError
        As :class:`SamplingPlayer`, and if ``samples`` or ``before_play_samples`` is not a
        positive whole number or ``None``.
    """

    name = "expert"

    #: The sampled deals the ``budget`` is given for (search's default count).
    BUDGET_SAMPLES = 64

    def __init__(self, seed: int | None = 0, samples: int | None = None, rollouts: int = 1,
                 rollout_policy: str = "heuristic", budget: float | None = 0.8, model: str = "solver",
                 before_play_samples: int | None = None):
        from .sampling import check_count

        super().__init__(seed=seed, samples=self.BUDGET_SAMPLES if samples is None else samples, rollouts=rollouts,
                         rollout_policy=rollout_policy, budget=budget, model=model)
        self.samples = samples                    # None: the adapter's count, read at each decision
        self.before_play_samples = (None if before_play_samples is None
                                    else check_count("before_play_samples", before_play_samples))

    def choose(self, view) -> Action:
        """The variant's valuation of a decision before the play when it has one for this view,
        else :meth:`SamplingPlayer.choose` with the expert's sampled deals. Raises what that
        method raises."""
        from . import adapters
        from .sampling import variant_of_view

        legal = tuple(view.legal_actions)
        views = self._remember(view)
        if len(legal) == 1:
            return legal[0]
        ad = adapters.get(variant_of_view(view))
        # one draw per decision, as search makes: where the valuation agrees with the rule-based
        # choice, the expert goes on drawing (and so playing) as search would from the same seed
        seed = self.rng.randrange(1 << 30)
        choice = None if ad.before_play is None else \
            ad.before_play(view, self.before_play_samples or ad.before_play_samples, seed)
        return choice if choice is not None else self._search_with(views, seed, ad)

    def _search_with(self, views, seed: int, ad) -> Action:
        """Search with the expert's sampled deals (its own, the adapter's or search's count) and
        a budget in proportion."""
        n = self.samples or ad.expert_samples or self.BUDGET_SAMPLES
        return self._search(views, seed, n, None if self.budget is None else self.budget * n / self.BUDGET_SAMPLES)

    def __repr__(self) -> str:
        return super().__repr__().replace("SamplingPlayer(", "ExpertPlayer(", 1)[:-1] + \
            f", before_play_samples={self.before_play_samples})"
