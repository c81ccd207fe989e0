"""Per-variant adapters: how the analysis tools read one variant's states.

Everything in :mod:`cardlab.analysis` that depends on a variant goes through an
:class:`Adapter` registered under the variant's name (``state.variant``); nothing is decided by
``if name == ...``. An adapter says:

* ``play_spec(state, seats)``: the :class:`~cardlab.analysis.solver.PlaySpec` of a position of
  pure card play, the ``seats`` maximising the adapter's payoff; raises :class:`NotSolvable`
  (saying why) for a position that is not pure card play (Sixty-six's open stock, an auction);
* ``result_value(state, seats)``: the same payoff read from a finished hand's result (so
  brute-force minimax over the engine can be compared with the solver);
* ``default_seats(state)``: who the question is about by default (the player to act; 501's
  declarer; the partnership of the player to act);
* ``value_unit``: what the payoff counts ("game points", "points", "tricks", ...), and
  ``cost_threshold``: in that unit, the smallest cost of a decision the play table's review
  counts as a mistake (declared beside the unit, since what is small depends on it: 0.25 game
  points, 5 points);
* ``knowledge(views, names=None)`` and ``complete(view, knowledge, deal)``: for sampling (see
  :mod:`cardlab.analysis.sampling`): the hidden locations and what the seat knows about them,
  and a full state built from one seat's view plus one consistent assignment of the hidden
  cards (Sixty-six); or ``world(view, knowledge, deal)``, an object with just the attributes
  ``play_spec`` reads, for the games without a stock, whose sampled worlds are only solved;
* ``score(state, seat)``: what a finished hand is worth to a seat in the game's own terms (for
  tournaments), and ``other_side(seats, state)`` for two-sided zero-sum games.

Adapters for the built-in variants are imported on first use (:func:`get`), so adding a variant
to the analysis is one module with one :func:`register` call.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import Any, Callable

from ..errors import CardlabError

__all__ = ["Adapter", "BeforePlayValuation", "NotSolvable", "register", "get", "names", "out_of_time"]


class NotSolvable(CardlabError):
    """A position the exact solver cannot take: not pure card play (the stock is open, an
    auction or a bid is pending), or a variant with no analysis adapter. The message says why.
    A :class:`~cardlab.errors.CardlabError`, hence a ``ValueError``."""


@dataclass(frozen=True)
class BeforePlayValuation:
    """One decision before the card play valued as the ``expert`` values it
    (:attr:`Adapter.before_play_values`), for the hint and the review.

    Attributes
    ----------
    values : tuple of (float or None)
        Per legal action of the view (the engine's order): its mean over :attr:`deals` in the
        adapter's :attr:`~Adapter.value_unit`, or ``None`` for an action not tried.
    deals : int
        The sampled deals tried (at least 1): the same deals for every action tried.
    rank : tuple
        Per legal action, the key the expert ranks it by (higher is better; ``None`` where not
        tried): the mean value, then whatever settles the expert's ties (the rule-based player's
        choice first), or more than the mean where the expert ranks by more (501: the deals in
        which the contract is made first). The hint's best is the top of this ranking, so it is
        the expert's choice in the same deals.
    notes : tuple of (str or None), optional
        Per legal action, a figure the ranking rests on besides the mean, in words ("20 of 24"),
        headed by :attr:`notes_heading` ("contract made in"); ``None`` where the mean alone ranks.
    notes_heading : str, optional
    timed_out : bool
        The clock, not the sample count, ended the sampling.
    """

    values: tuple
    deals: int
    rank: tuple
    notes: tuple | None = None
    notes_heading: str | None = None
    timed_out: bool = False


#: The sampled deals a valuation before the play finishes before its clock may stop it, so that a
#: hint on a slow machine still rests on enough deals to tell choices apart.
MIN_DEALS_BEFORE_PLAY = 8


def out_of_time(deadline: float | None, done: int, samples: int) -> bool:
    """Whether a valuation before the play should stop sampling: ``deadline`` (a
    ``time.perf_counter()`` reading, or ``None`` for no clock) has passed and at least
    :data:`MIN_DEALS_BEFORE_PLAY` deals (or ``samples``, if fewer) are done."""
    from time import perf_counter

    return deadline is not None and done >= min(samples, MIN_DEALS_BEFORE_PLAY) and perf_counter() > deadline


@dataclass(frozen=True)
class Adapter:
    """How the analysis tools read one variant (see the module docstring).

    Attributes
    ----------
    variant : str
        The variant's registered name.
    play_spec : callable(state, seats) -> PlaySpec
    result_value : callable(state, seats) -> int
    default_seats : callable(state) -> tuple of int
    value_unit : str
    cost_threshold : float or None
        In :attr:`value_unit`, the smallest mean cost of one decision that the play table's
        review counts as a mistake (costs below it are shown but not counted): 0.25 game points
        (a quarter of the smallest win), 5 points (half a ten), 0.1 in Ninety-Nine's "bid made
        (1) or not (0)" (a tenth of the chance of making the bid). ``None`` (an adapter that
        declares none): every cost shown as more than 0 counts.
    describe_value : callable(value, seats, state) -> str
        The value in words ("A wins 2 game points").
    knowledge : callable(views, names=None) -> Knowledge, optional
    complete : callable(view, knowledge, deal) -> state, optional
    world : callable(view, knowledge, deal) -> object, optional
        Instead of ``complete``: an object with the state attributes ``play_spec`` reads, for
        variants whose states are not rebuilt from a view; such a world can be solved (by the
        sampling player, move by move) but not played on.
    other_side : callable(seats, state) -> tuple of int, optional
        For two-sided zero-sum games (Sixty-six, four-player Mariage): the seats of the other
        side, whose best result is then the same value with the sign reversed.
    score : callable(state, seat) -> number, optional
        What a finished hand is worth to one seat in the game's own terms (see
        :meth:`hand_score`).
    score_unit : str, optional
        The unit of ``score`` (e.g. "score points"); see :attr:`hand_score_unit`.
    solved_as : str, optional
        How the solver casts the other players when it values one seat's choices, in words for
        the hint (e.g. "the other two playing together against you"); ``None`` when that goes
        without saying (a game for two).
    played_out_as : str, optional
        For games where each player plays for himself (three players, no partner): set, the hint
        and the review value a choice by **play-outs** instead of solving: in each sampled deal
        (rebuilt by ``complete``) the rest of the hand is played by the variant's rule-based
        player in every seat, each for his own result; the words say so for the hint (e.g.
        "the rest of the hand played out by the rule-based players, each for his own result").
        ``None``: the hint and review solve, as the ``search`` player always does.
    before_play : callable(view, samples, seed) -> Action or None, optional
        The variant's own valuation of a decision before the card play, for the ``expert``
        player (:class:`~cardlab.analysis.search_player.ExpertPlayer`): the best legal action
        of ``view`` found over ``samples`` sampled deals (Ninety-Nine: the bid cards most often
        made exactly in rule-based play-outs; four-player Mariage: the trump choice and the
        announcements, the rest of the hand solved; 501: the bidder's trumps and first card
        passed, likewise), or ``None`` for a decision it does not value.
    before_play_values : callable(view, samples, seed, deadline=None) -> BeforePlayValuation or None, optional
        The same valuation for the hint and the review (:class:`BeforePlayValuation`: each legal
        action's mean in :attr:`value_unit` and the expert's ranking, whose top is the expert's
        choice with the same ``samples`` and ``seed``), ``None`` for a decision it does not
        value. ``deadline`` (a ``time.perf_counter()`` reading) stops the sampling once it has
        passed and :data:`MIN_DEALS_BEFORE_PLAY` deals are done (:func:`out_of_time`).
    before_play_as : str, optional
        How ``before_play_values`` values a choice, in words for the hint (e.g. "each tried in
        sampled deals, the other choices before the play made by the rule-based players and the
        card play solved with all cards open").
    valued_decisions : str
        What the analysis values in this game, in words for the review ("the card play"; "the
        card play, the trump choice and the announcements").
    before_play_samples : int
        The sampled deals ``before_play`` takes per decision when the player does not say
        (default 24; four-player Mariage, whose valuation is quick, 64).
    value_words : callable(float) -> str, optional
        A mean value in words for the hint's reason (Ninety-Nine: "a 38 % chance of making the
        bid" for 0.38 of "bid made (1) or not (0)"); default: the number and :attr:`value_unit`.
    expert_samples : int or None
        Where the ``expert`` adds more sampling rather than (or besides) a valuation before the
        play: the sampled deals per decision of its search (Sixty-six: 256, four times search's
        64, for a game with no decision before the play whose stock phase is valued by play-outs
        that a larger sample ranks more surely). ``None`` (default): search's count.
    """

    variant: str
    play_spec: Callable[..., Any]
    result_value: Callable[..., int]
    default_seats: Callable[..., tuple]
    value_unit: str
    describe_value: Callable[..., str]
    cost_threshold: float | None = None
    knowledge: Callable[..., Any] | None = None
    complete: Callable[..., Any] | None = None
    score: Callable[..., Any] | None = None
    world: Callable[..., Any] | None = None
    other_side: Callable[..., tuple] | None = None
    score_unit: str | None = None
    solved_as: str | None = None
    played_out_as: str | None = None
    before_play: Callable[..., Any] | None = None
    before_play_values: Callable[..., Any] | None = None
    before_play_as: str | None = None
    valued_decisions: str = "the card play"
    before_play_samples: int = 24
    expert_samples: int | None = None
    value_words: Callable[[float], str] | None = None

    @property
    def has_expert(self) -> bool:
        """Does the ``expert`` level add anything to search here: a valuation before the play
        (:attr:`before_play`) or more sampled deals (:attr:`expert_samples`)?"""
        return self.before_play is not None or self.expert_samples is not None

    @property
    def hint_model(self) -> str:
        """How the hint and the review value a decision: ``"play-outs"`` when the adapter declares
        :attr:`played_out_as` (and can rebuild a state with ``complete``), else ``"solver"``."""
        return "play-outs" if self.played_out_as and self.complete is not None else "solver"

    @property
    def hand_score_unit(self) -> str:
        """The unit of :meth:`hand_score`: ``score_unit`` with a ``score``, else :attr:`value_unit`."""
        return self.score_unit if self.score is not None and self.score_unit else self.value_unit

    def hand_score(self, state, seat: int):
        """What a finished hand is worth to ``seat`` in the game's own terms, for tournaments:
        ``score(state, seat)`` if the adapter has one (501: how far the seat's score moved
        towards 0; Ninety-Nine: the points scored), else ``result_value(state, (seat,))``."""
        if self.score is not None:
            return self.score(state, seat)
        return self.result_value(state, (seat,))


_REGISTRY: dict[str, Adapter] = {}

def register(adapter: Adapter) -> None:
    """Add (or replace) the adapter of ``adapter.variant``."""
    _REGISTRY[adapter.variant] = adapter


def _load(variant: str) -> None:
    """Take the ``ADAPTER`` of the module the variant's registry entry names (if any)."""
    from .. import variants

    try:
        module = variants.get(variant).adapter
    except KeyError:
        return
    if module and importlib.util.find_spec(module) is not None:
        register(importlib.import_module(module).ADAPTER)


def get(variant: str) -> Adapter:
    """The adapter of ``variant``, as named by its :class:`cardlab.variants.Variant`. Raises
    :class:`NotSolvable` if there is none (an unknown variant, or one the analysis does not cover)."""
    if variant not in _REGISTRY:
        _load(variant)
    try:
        return _REGISTRY[variant]
    except (KeyError, TypeError):
        raise NotSolvable(f"the analysis has no adapter for the variant {variant!r}; "
                          f"covered: {', '.join(names()) or 'none'}") from None


def names() -> list[str]:
    """Variants the analysis covers."""
    from .. import variants

    for v in variants.names():
        if v not in _REGISTRY:
            _load(v)
    return sorted(_REGISTRY)
