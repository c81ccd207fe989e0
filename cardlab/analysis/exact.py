"""Double-dummy analysis of real states: every card known, the best result for each side, the
value of each legal action, the best line of play.

These functions take any registered variant's state, ask its adapter
(:mod:`cardlab.analysis.adapters`) for the play position, and solve it with
:class:`~cardlab.analysis.solver.Solver`. A decision that is not a card (a marriage declared,
an exchange or pass at a close, a claim) is searched through the engine itself, one level, and
the positions after it are solved. :func:`brute_force` is plain minimax over the engine's state
API, the reference the solver is tested against.

Only the card play (``state.phase == "play"``) is analysed: a hand in an auction, a bid, a
premium call or an announcement (Ninety-Nine's bid cards, 501's auction, four-player Mariage's
announcements ...) raises :class:`NotSolvable` at once, saying so; so does a finished hand for
the functions that value decisions.

Values are from the point of view of ``seats`` (by default the adapter's: the player to act in
Sixty-six, the declarer in 501 ...): those seats maximise, every other seat minimises. With
three players this is *paranoid* search: one seat (or the declarer) against the other two
playing together, i.e. "what can this seat make whatever the others do".
"""

from __future__ import annotations

from collections.abc import Iterable

from ..actions import Action
from ..errors import AnalysisArgumentError
from ..state import GameState
from . import adapters
from .adapters import NotSolvable
from .solver import Solver

__all__ = ["solve", "action_values", "best_line", "brute_force", "value_table", "NotSolvable", "check_state",
           "maximising_seats", "solve_with_adapter"]


def check_state(state) -> None:
    """Check that ``state`` is a full state (a :class:`~cardlab.state.GameState`, every card known);
    raises :class:`~cardlab.errors.AnalysisArgumentError` (argument ``"state"``) for a seat's view
    or anything else."""
    if not isinstance(state, GameState):
        what = "a seat's view" if hasattr(state, "unseen") else type(state).__name__
        raise AnalysisArgumentError("state", f"the exact analysis takes a full state (every card known), not {what}")


def maximising_seats(state, seats) -> tuple:
    """The maximising seats as a tuple of seat numbers: the adapter's default for ``seats=None``,
    one seat, or a sequence of distinct seats of ``state``'s table; raises
    :class:`AnalysisArgumentError` (argument ``"state"``, see :func:`check_state`, or ``"seats"``)
    otherwise."""
    check_state(state)
    ad = adapters.get(state.variant)
    if seats is None:
        return tuple(ad.default_seats(state))
    n = len(state.names)
    if isinstance(seats, bool) or isinstance(seats, (str, bytes)) or not isinstance(seats, (int, Iterable)):
        raise AnalysisArgumentError("seats", f"seats must be a seat (0 to {n - 1}) or a sequence of seats, "
                                             f"not {seats!r}")
    out = (seats,) if isinstance(seats, int) else tuple(seats)
    if not out:
        raise AnalysisArgumentError("seats", "seats must name at least one seat")
    for x in out:
        if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < n:
            raise AnalysisArgumentError("seats", f"seats must be seats of this {n}-player table (0 to {n - 1}); "
                                                 f"{x!r} is not one")
    if len(set(out)) != len(out):
        raise AnalysisArgumentError("seats", f"seats must be distinct, not {out!r}")
    return out


def _check_tables(tables) -> dict:
    if tables is None:
        return {}
    if not isinstance(tables, dict):
        raise AnalysisArgumentError("tables", f"tables must be a dict (or None), not {type(tables).__name__}")
    return tables


def _only_card_play(state) -> None:
    """NotSolvable for a hand that is over, or not in its card play (an auction, bid cards,
    premiums, announcements): its decisions are never searched (they can be hundreds)."""
    if state.is_finished:
        raise NotSolvable("the hand is over: there is no action to value")
    phase = getattr(state, "phase", "play")
    if phase != "play":
        kinds = sorted({a.kind for a in state.legal_actions()})
        raise NotSolvable(f"the hand is in its {phase!r} phase ({', '.join(kinds)}): the exact analysis values "
                          f"the card play only; the decisions of an auction or a bid are not searched")


def solve(state, seats=None, tables: dict | None = None) -> int:
    """The exact value of ``state`` for ``seats`` with all cards known.

    Parameters
    ----------
    state : a variant's state
    seats : int or tuple of int, optional
        The maximising seat(s); by default the adapter's (see the module docstring).
    tables : dict, optional
        Transposition tables to reuse between calls on positions of the same hand.

    Returns
    -------
    int
        In the adapter's unit (``adapters.get(state.variant).value_unit``).

    Raises
    ------
    NotSolvable
        If the position is not card play (Sixty-six's open stock, an auction) or the variant has
        no adapter.
    AnalysisArgumentError
        (a ``ValueError``) if ``state`` is not a state, ``seats`` is not a seat or a sequence
        of distinct seats of the state's table (``seats=(7,)``, ``seats="x"``), or ``tables``
        is not a dict.
    """
    seats = maximising_seats(state, seats)
    ad = adapters.get(state.variant)
    return solve_with_adapter(ad, state, seats, None if tables is None else _check_tables(tables))


def _table_for(tables, state, spec, seats):
    key = (seats, _state_context(state))
    t = tables.get(key)
    if t is None:
        t = tables[key] = {}
    return t


def _state_context(state) -> tuple:
    """What fixes a hand's payoff besides the cards played: for the shared tables."""
    return tuple(repr(getattr(state, a, None)) for a in ("rules", "closed_by", "close_info", "contract", "bidder",
                                                          "bids", "trump", "awards", "joker_as"))


def solve_with_adapter(ad, state, seats, tables, depth: int = 2) -> int:
    """The value of ``state`` (an int in the adapter ``ad``'s unit, for the maximising ``seats``,
    a tuple from :func:`maximising_seats`) with both sides playing best. ``tables`` is a dict of
    transposition tables shared between calls, or ``None``. A decision that is not a card (an
    exchange or a pass at a close, a marriage declared before its lead) is searched through the
    engine, at most ``depth`` decisions deep, and an auction or a bid never: raises
    :class:`NotSolvable` there."""
    if state.is_finished:
        return ad.result_value(state, seats)
    try:
        spec = ad.play_spec(state, seats)
    except NotSolvable:
        legal = state.legal_actions()
        if depth <= 0 or getattr(state, "phase", "play") != "play" or all(a.kind == "play" for a in legal):
            raise
        if tables is None:      # the positions below share their tables
            tables = {}
        vals = [solve_with_adapter(ad, state.apply(a), seats, tables, depth - 1) for a in legal]
        return max(vals) if state.to_act in seats else min(vals)
    # (no tables given: a one-off solve needs no key for sharing)
    return Solver(spec, None if tables is None else _table_for(tables, state, spec, seats)).value()


def action_values(state, seats=None, tables: dict | None = None) -> list[tuple[Action, int | None]]:
    """For each legal action of the player to act, the exact value (for ``seats``) of the
    position after it, or ``None`` where that position cannot be solved (e.g. Sixty-six's
    actions that leave the stock open: only "close" is then valued). Order: the engine's.

    Raises :class:`NotSolvable` for a finished hand, a hand not in its card play (an auction,
    bid cards: refused at once, not searched) or a variant without an adapter;
    :class:`~cardlab.errors.AnalysisArgumentError` for ``seats`` or ``tables`` as
    :func:`solve` does."""
    seats = maximising_seats(state, seats)
    tables = _check_tables(tables)
    ad = adapters.get(state.variant)
    _only_card_play(state)
    out = []
    for a in state.legal_actions():
        try:
            out.append((a, solve_with_adapter(ad, state.apply(a), seats, tables)))
        except NotSolvable:
            out.append((a, None))
    return out


def best_line(state, seats=None) -> list:
    """The states of a best line of play from ``state`` to the end of the hand (``state``
    first): at each step the player to act takes the first action of best value for its side
    (maximising if in ``seats``, else minimising). Raises :class:`NotSolvable` if a position on
    the way cannot be solved (a finished hand, one not in its card play: see
    :func:`action_values`); :class:`~cardlab.errors.AnalysisArgumentError` for ``seats`` as
    :func:`solve` does."""
    seats = maximising_seats(state, seats)
    _only_card_play(state)
    tables: dict = {}
    line = [state]
    s = state
    while not s.is_finished:
        vals = [(a, v) for a, v in action_values(s, seats, tables) if v is not None]
        if not vals:
            raise NotSolvable("no action of this position can be solved")
        pick = max if s.to_act in seats else min
        best = pick(v for _a, v in vals)
        a = next(a for a, v in vals if v == best)
        s = s.apply(a)
        line.append(s)
    return line


def brute_force(state, seats=None) -> int:
    """Plain minimax over the engine's state API (every legal action of every seat, no pruning):
    the reference for testing the solver on small positions. Exponential: keep it to a few
    cards per hand. Raises :class:`NotSolvable` for a variant without an adapter and
    :class:`~cardlab.errors.AnalysisArgumentError` for ``seats`` as :func:`solve` does."""
    seats = maximising_seats(state, seats)
    ad = adapters.get(state.variant)

    def rec(s):
        if s.is_finished:
            return ad.result_value(s, seats)
        vals = [rec(s.apply(a)) for a in s.legal_actions()]
        return max(vals) if s.to_act in seats else min(vals)

    return rec(state)


def value_table(state, seats=None):
    """A pandas DataFrame of :func:`action_values`, indexed by the action's text: the column
    ``"value (<unit>)"`` (the adapter's unit: game points in Sixty-six and Mariage, points
    in 501, 1 = bid made in Ninety-Nine; empty where the position after the action is not pure
    card play, e.g. a Sixty-six card that leaves the stock open), ``"meaning"`` (the value in
    words) and ``"best"`` (``"★"`` on a best choice for the player to act: the highest value if
    he is one of ``seats``, else the lowest; empty otherwise). The actions' column is named by
    the header (``columns.name == "action"``), so the table shows one header row. Raises :class:`NotSolvable` and
    :class:`~cardlab.errors.AnalysisArgumentError` as :func:`action_values`. Imports pandas."""
    from cardlab.optional import pandas as pd

    seats = maximising_seats(state, seats)
    ad = adapters.get(state.variant)
    _only_card_play(state)
    vals = action_values(state, seats)
    known = [v for _a, v in vals if v is not None]
    pick = max if state.to_act in seats else min
    best = pick(known) if known else None
    rows = []
    for a, v in vals:
        rows.append({
            "action": str(a),
            f"value ({ad.value_unit})": v,
            "meaning": ad.describe_value(v, seats, state) if v is not None else "not solved: not pure card play after it",
            "best": "★" if v is not None and v == best else "",
        })
    table = pd.DataFrame(rows).set_index("action")
    table.index.name = None          # no second header row for the index's name ...
    table.columns.name = "action"    # ... which stands over the actions instead
    return table
