"""Advice for one decision from one seat's knowledge: the value of each legal choice, the best
one and why, within a time budget ("anytime"). The play table's hint and hand review, and the
``search`` computer player, all use :func:`advise`.

How a choice is valued: the hidden cards are sampled uniformly among the deals consistent with
what the seat has seen this hand (:func:`cardlab.analysis.knowledge` of its views: its hand,
cards played and shown, voids revealed by the play); in each sampled deal every legal choice is
valued with all cards open (double dummy):

* in the card play of every variant, exactly, by :class:`~cardlab.analysis.solver.Solver`;
* in Sixty-six while the stock is open, the rule-based player plays on for everybody until the
  stock is closed or exhausted, and that position is solved exactly;
* a decision before the card play that the variant's adapter values
  (:attr:`~cardlab.analysis.adapters.Adapter.before_play_values`: four-player Mariage's trump
  choice and announcements, 501's trumps and first card passed, Ninety-Nine's bid cards), by
  that valuation: each choice tried in the same sampled deals, the rest of the hand played as
  the adapter says (``before_play_as``), the expert player's valuation;
* the other decisions that are not card play in the games without a stock (an auction, a
  contract's level, claims) are not valued: the advice is then the variant's rule-based
  player's choice, and says so (:attr:`Advice.valued` is false).

That is the ``"solver"`` model, which casts the others as its adapter's ``solved_as`` says (in
a game for three, both against the seat advised). The ``"play-outs"`` model, the hint's and
the review's in the games where each plays for himself (the adapter's ``played_out_as``), instead
plays the rest of each sampled deal after each choice with the variant's rule-based player in
every seat, each playing for his own result, and averages the seat's result: a cruder player
than the solver, but opponents who play as people do rather than together against the seat, so
early choices are told apart (against two perfect opponents playing together, Ninety-Nine's
bid can rarely be made whatever one plays). The ``search`` computer player uses the solver.

The reason is written in words: each action as the play table's buttons name it (the variant's
``describe_action``), never in the action's typed syntax.

Sampled deals are drawn and solved one after another until ``max_samples`` are done or the
``budget`` in seconds is spent (a solve that would overrun it is abandoned); the advice uses
every deal finished by then and reports how many. With the same views and seed, the advice is
the same whenever the sample count, not the clock, ends the sampling (``budget=None``).
Double-dummy values are optimistic for the side that would have to guess in real play; averaged
over deals they still rank the choices well (the usual baseline for trick-taking games).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from time import perf_counter
from typing import Callable, Sequence

from ..actions import Action
from ..errors import CardlabError
from . import adapters
from .adapters import NotSolvable
from .exact import solve_with_adapter
from .sampling import DealSampler, variant_of_view
from .solver import SearchTimeout, Solver

__all__ = ["Advice", "advise", "MODELS"]


@dataclass(frozen=True)
class Advice:
    """The advice for one decision of one seat.

    Attributes
    ----------
    seat : int
        The seat advised.
    actions : tuple of Action
        Its legal actions, in the engine's order.
    values : tuple of (float or None)
        The mean value of each action over the sampled deals, in :attr:`unit`, for ``seat``
        (higher is better); ``None`` where the analysis could not value it.
    samples : int
        Sampled deals solved (0 when the advice is the rule-based player's).
    unit : str
        The unit of the values ("game points", "points", "tricks made" …).
    best : Action
        The advised action.
    reason : str
        Why, in words.
    timed_out : bool
        The time budget, not the sample count, ended the sampling.
    notes : tuple of (str or None), optional
        Where the analysis ranks the choices by more than their mean (501's trumps: the deals in
        which the contract is made first), that figure per action in words ("20 of 24"), headed
        by :attr:`notes_heading` ("contract made in"); ``None`` where the mean alone ranks.
    notes_heading : str, optional
    order : tuple of int, optional
        With :attr:`notes`: the valued actions' indexes in :attr:`actions`, best first, in the
        analysis's ranking (which the mean alone would not give).
    """

    seat: int
    actions: tuple
    values: tuple
    samples: int
    unit: str
    best: Action
    reason: str
    timed_out: bool = False
    notes: tuple | None = None
    notes_heading: str | None = None
    order: tuple | None = None

    @property
    def valued(self) -> bool:
        """Whether the analysis valued this decision: some sampled deal was solved and at least
        one choice has a value. When false, :attr:`best` is the rule-based player's choice, not
        the analysis's, and no choice can be called best or costly."""
        return self.samples > 0 and any(v is not None for v in self.values)

    def value_of(self, action: Action) -> float | None:
        """The mean value of ``action`` (``None`` if not valued). Raises ``KeyError`` for an
        action that is not one of :attr:`actions`."""
        try:
            return self.values[self.actions.index(action)]
        except ValueError:
            raise KeyError(f"{action} is not one of the legal actions advised on") from None

    def table(self):
        """The values as a pandas DataFrame (columns ``action``, ``value``, ``best``), best first."""
        from cardlab.optional import pandas as pd

        rows = [{"action": str(a), "value": (None if v is None else round(v, 3)), "best": "best" if a == self.best else ""}
                for a, v in zip(self.actions, self.values)]
        rows.sort(key=lambda r: (r["best"] != "best", -(r["value"] if r["value"] is not None else -1e9)))
        return pd.DataFrame(rows, columns=["action", "value", "best"])


def _rule_based(variant: str, seed: int, kind: str = "heuristic"):
    from .. import variants

    v = variants.get(variant)
    kind = kind if kind in v.player_kinds and kind != "search" else "random"
    return v.make_player(kind, seed)


def _action_value(action, values: dict, rules, joker_as):
    """The solver's value of a legal action from its root move values: a card play, or a
    marriage (its K or Q led, declaring it: the better of the two). None for an action the
    solver does not value (a claim)."""
    from ..cards import Card, Rank
    from .solver import card_bit

    def bit(card):
        try:
            return card_bit(card, rules)
        except ValueError:             # a wild card (the joker) plays as the card it stands for
            return None if joker_as is None else card_bit(joker_as, rules)

    if action.kind == "play":
        return values.get((bit(action.card), False))
    if action.kind == "marriage":
        if action.card is not None:    # a marriage declared by leading its card
            return values.get((bit(action.card), True))
        vs = [values.get((bit(Card.of(action.value, r)), True)) for r in (Rank.KING, Rank.QUEEN)]
        vs = [v for v in vs if v is not None]
        return max(vs) if vs else None
    return None


def _check_count(name: str, value, allow_none: bool = False):
    if value is None and allow_none:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise CardlabError(f"{name} must be a positive whole number, not {value!r}")


MODELS = ("solver", "play-outs")


def advise(views: Sequence, seed: int = 0, budget: float | None = 1.0, max_samples: int = 200,
           rollouts: int = 1, rollout_policy: str = "heuristic", words: Callable | None = None,
           model: str | None = None, before_play: bool = True) -> Advice:
    """Advise the seat to act on its decision, from its views only.

    Parameters
    ----------
    views : sequence of seat views
        That seat's views this hand, oldest first (``[s.view(seat) for s in state.history()]``
        or the views it was shown at its decisions); the last is the decision advised on and must
        give the seat legal actions. Nothing else is read, so no hidden card can leak in.
    seed : int
        Seeds the sampling (and the rule-based play-outs).
    budget : float or None
        Seconds to spend at most (about: the first sampled deal is always finished when it is
        quick); ``None`` for no limit (then the result depends only on views and seed).
    max_samples : int
        Sampled deals at most (a positive whole number).
    rollouts : int
        Play-outs per deal and action where the position cannot be solved yet (Sixty-six's open
        stock).
    rollout_policy : str
        The player kind that plays those play-outs and makes the choices the analysis does not
        value (default ``"heuristic"``, the variant's rule-based player; ``"random"``).
    words : callable(action) -> str, optional
        How the reason names an action (the play table passes its button labels); by default
        the variant's ``describe_action`` label in the seat's view.
    model : str, optional
        ``"solver"`` or ``"play-outs"`` (see the module docstring); by default the adapter's
        :attr:`~cardlab.analysis.adapters.Adapter.hint_model` (play-outs where each plays for himself).
    before_play : bool
        Value a decision before the card play by the adapter's ``before_play_values`` where it
        has one (default: the hint and the review do); False leaves such decisions unvalued, to
        the rule-based player (the ``search`` player, whose level is defined without them).

    Returns
    -------
    Advice

    Raises
    ------
    CardlabError
        If ``views`` is empty, the last view's seat is not to act, a count is not a positive
        whole number (``budget`` must be a positive number or ``None``), or ``model`` is not one
        of :data:`MODELS` (or is "play-outs" for a variant whose states cannot be rebuilt).
    NotSolvable
        If the variant has no analysis adapter.
    """
    views = list(views)
    view, legal = _decision(views, budget, max_samples, rollouts)
    seat = view.seat
    variant = variant_of_view(view)
    ad = adapters.get(variant)
    model = _check_model(model, ad)
    if len(legal) == 1:
        return Advice(seat, legal, (None,), 0, ad.value_unit, legal[0], "It is the only legal action.")
    words = words or _label_words(variant, view)
    deadline = None if budget is None else perf_counter() + budget
    rng = random.Random(seed)

    def rule_based():  # the rule-based player, seeded from the sampling's generator when made
        return _rule_based(variant, rng.randrange(1 << 30), rollout_policy)

    tally = _Tally([0.0] * len(legal), [0] * len(legal), model=model)
    try:
        if before_play and _before_play(ad, view, seed, deadline, tally):
            pass
        elif model == "play-outs":
            _sample_whole_states(ad, views, legal, rng, deadline, max_samples, tally, rule_based, _played_out(ad))
        elif ad.world is not None and getattr(view, "phase", "play") == "play":
            _sample_solved(ad, views, legal, rng, deadline, max_samples, tally)
        elif ad.complete is not None:
            _sample_whole_states(ad, views, legal, rng, deadline, max_samples, tally, rule_based,
                                 _solved_or_rolled_out(ad, rollouts))
    except NotSolvable:
        tally.done = 0
    return _conclude(ad, view, legal, tally, rule_based, words)


def _before_play(ad, view, seed: int, deadline, tally: _Tally) -> bool:
    """Fill ``tally`` from the adapter's valuation of a decision before the card play
    (:attr:`~cardlab.analysis.adapters.Adapter.before_play_values`, over the adapter's
    ``before_play_samples`` deals, fewer if ``deadline`` passes first); False, leaving it empty,
    where there is none."""
    if ad.before_play_values is None or getattr(view, "phase", "play") == "play":
        return False
    got = ad.before_play_values(view, ad.before_play_samples, seed, deadline)
    if got is None:
        return False
    for k, v in enumerate(got.values):
        if v is not None:
            tally.totals[k], tally.valued[k] = v, 1
    tally.done = got.deals
    tally.timed_out = got.timed_out
    tally.model = "before-play"
    tally.rank, tally.notes, tally.notes_heading = got.rank, got.notes, got.notes_heading
    return True


def _check_model(model, ad) -> str:
    """``model``, or the adapter's hint model for ``None``; raises :class:`CardlabError` for a
    name not in :data:`MODELS` or play-outs the adapter cannot rebuild states for."""
    if model is None:
        return ad.hint_model
    if model not in MODELS:
        raise CardlabError(f"model must be one of {', '.join(MODELS)}, not {model!r}")
    if model == "play-outs" and ad.complete is None:
        raise CardlabError(f"play-outs need whole states rebuilt from a view, which the {ad.variant} "
                           "analysis cannot do; use the solver")
    return model


def _label_words(variant: str, view):
    """``action -> its label`` by the variant's ``describe_action`` in ``view`` (the words of
    the play table's buttons); where a label needs more of the state than a view holds (to whom
    501 gives a card), the label without a state."""
    from .. import variants

    describe = variants.get(variant).describe_action

    def words(action) -> str:
        try:
            return describe(action, view).label
        except AttributeError:     # a label reading what only the whole state holds
            return describe(action, None).label

    return words


def _decision(views: list, budget, max_samples, rollouts) -> tuple:
    """The decision advised on, ``(last view, its legal actions)``, after checking the
    arguments of :func:`advise` (raises :class:`CardlabError` as it says)."""
    if not views:
        raise CardlabError("advice needs at least one view of the seat to act")
    _check_count("max_samples", max_samples)
    _check_count("rollouts", rollouts)
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float)) or budget <= 0):
        raise CardlabError(f"budget must be a positive number of seconds or None, not {budget!r}")
    view = views[-1]
    legal = tuple(view.legal_actions)
    if not legal:
        raise CardlabError(f"seat {view.seat} has no decision to make in this view")
    return view, legal


@dataclass
class _Tally:
    """The running sums of :func:`advise`: per legal action the total value and how many deals
    valued it, the deals done, whether the clock ended the sampling, and the rule-based player
    made for the play-outs (if any)."""

    totals: list
    valued: list
    done: int = 0
    timed_out: bool = False
    policy: object = None
    model: str = "solver"
    rank: tuple | None = None          # a valuation before the play: the expert's ranking, notes
    notes: tuple | None = None
    notes_heading: str | None = None


def _sample_whole_states(ad, views, legal, rng, deadline, max_samples, tally: _Tally, rule_based, value_of) -> None:
    """Value each legal action on sampled deals completed to whole states (the adapter's
    ``complete``): ``value_of(child, seats, policy, tables)`` values the state after each action
    for the seat, ``policy`` being the rule-based player (``rule_based()``, made once the deals can
    be sampled, kept in ``tally.policy``) and ``tables`` the solver's tables for this deal."""
    view = views[-1]
    seats = (view.seat,)
    know = ad.knowledge(views)
    sampler = DealSampler(know)
    tally.policy = policy = rule_based()
    while tally.done < max_samples:
        if deadline is not None and tally.done and perf_counter() > deadline:
            tally.timed_out = True
            break
        world = ad.complete(view, know, sampler.sample(rng))
        tables: dict = {}
        for k, a in enumerate(legal):
            tally.totals[k] += value_of(world.apply(a), seats, policy, tables)
            tally.valued[k] += 1
        tally.done += 1


def _solved_or_rolled_out(ad, rollouts: int):
    """The solver's model on a whole state (Sixty-six): the child solved exactly, or played on by
    the rule-based player until it can be (``rollouts`` times, the mean)."""
    def value_of(child, seats, policy, tables):
        try:
            return solve_with_adapter(ad, child, seats, tables)
        except NotSolvable:
            return _rollouts(ad, child, seats, policy, rollouts)
    return value_of


def _played_out(ad):
    """The play-out model: every seat played to the end of the hand by the rule-based player,
    each for his own result; the hand's result for the seat."""
    def value_of(child, seats, policy, _tables):
        s = child
        while s.result is None:
            s = s.apply(policy.choose(s.view(s.to_act)))
        return ad.result_value(s, seats)
    return value_of


def _sample_solved(ad, views, legal, rng, deadline, max_samples, tally: _Tally) -> None:
    """Value each legal card play on sampled deals of the card play, all moves of each solved
    at once (:meth:`Solver.move_values`); a solve that overruns the deadline ends the sampling."""
    view = views[-1]
    seats = (view.seat,)
    know = ad.knowledge(views)
    sampler = DealSampler(know)
    while tally.done < max_samples:
        if deadline is not None and perf_counter() > deadline and tally.done:
            tally.timed_out = True
            break
        world = ad.world(view, know, sampler.sample(rng))
        spec = ad.play_spec(world, seats)
        try:
            values = dict(Solver(spec, deadline=deadline if tally.done else _first_deadline(deadline)).move_values())
        except SearchTimeout:
            tally.timed_out = True
            break
        for k, a in enumerate(legal):
            v = _action_value(a, values, spec.rules, getattr(world, "joker_as", None))
            if v is not None:
                tally.totals[k] += v
                tally.valued[k] += 1
        tally.done += 1


def _conclude(ad, view, legal, tally: _Tally, rule_based, words) -> Advice:
    """The advice from the sums: the best mean and the next best, or the rule-based player's
    choice (the play-outs' player, else ``rule_based()``) when nothing was valued or every
    choice is worth the same; actions named by ``words``."""
    seat = view.seat
    done = tally.done
    means = tuple(tally.totals[k] / tally.valued[k] if tally.valued[k] else None for k in range(len(legal)))
    known = [m for m in means if m is not None]
    if not done or not known:
        best = (tally.policy or rule_based()).choose(view)
        why = (f"it values {ad.valued_decisions} only" if getattr(view, "phase", "play") != "play"
               else "no sampled deal could be solved in the time allowed")
        return Advice(seat, legal, tuple(None for _ in legal), 0, ad.value_unit, best,
                      f"Not valued by the analysis ({why}); the rule-based player would choose: {words(best)}.",
                      tally.timed_out)
    top = max(known)
    amount = ad.value_words or (lambda x: f"{_fmt(x)} {ad.value_unit}")
    if tally.model == "before-play":
        how = ad.before_play_as or "each tried in sampled deals"
    elif tally.model == "play-outs":
        how = f"each with {ad.played_out_as}"
    else:
        how = "each solved with all cards open" + (f" and {ad.solved_as}" if ad.solved_as else "")
    notes = tally.notes
    noted = {notes[k] for k in range(len(legal)) if means[k] is not None} if notes else set()
    order = None
    if min(known) == top and len(noted) < 2:
        best = (tally.policy or rule_based()).choose(view)
        reason = (f"Every choice is worth the same ({amount(top)} on average over {done} sampled "
                  f"deals, {how}); the rule-based player would choose: {words(best)}.")
    else:
        # the ranking: a valuation before the play ranks as the expert does, else by the mean
        rank = tally.rank or tuple(means)
        order = sorted((i for i in range(len(legal)) if means[i] is not None and rank[i] is not None),
                       key=lambda i: (rank[i], -i), reverse=True)
        k = order[0]
        best = legal[k]
        second = order[1] if len(order) > 1 else None
        if notes:
            head = f"{tally.notes_heading} " if tally.notes_heading else ""
            reason = (f"Best: {words(best)}: {head}{notes[k]} sampled deals of the cards you cannot see, worth "
                      f"{amount(means[k])} on average, {how}")
        else:
            reason = (f"Best: {words(best)}, worth {amount(means[k])} on average over {done} sampled deals "
                      f"of the cards you cannot see, {how}")
        if second is not None:
            reason += f"; the next best: {words(legal[second])}, "
            if notes:
                reason += f"{head}{notes[second]}, "
            reason += amount(means[second]) if ad.value_words or notes else _fmt(means[second])
        reason += "."
    return Advice(seat, legal, means, done, ad.value_unit, best, reason, tally.timed_out, notes,
                  tally.notes_heading if notes else None, tuple(order) if notes and order else None)


def _first_deadline(deadline):
    """The first sampled deal may take up to twice the budget before it is abandoned, so that a
    slow first solve still gives an answer rather than none."""
    if deadline is None:
        return None
    now = perf_counter()
    return deadline + max(0.0, deadline - now)


def _fmt(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".") if abs(x - round(x)) > 1e-9 else str(int(round(x)))


def _rollouts(ad, state, seats, policy, rollouts: int) -> float:
    """Play on with the rule-based player until a position the solver takes (then solve it
    exactly) or the end of the hand; the mean over ``rollouts`` play-outs."""
    total = 0.0
    for _ in range(rollouts):
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
    return total / rollouts
