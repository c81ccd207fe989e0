"""The score keeper of 501 (:mod:`cardlab.russian501`): the running scores from 501 down to 0
[501.game, 501.dealer], with the "100 or less" rule applied on top of each hand's result
[501.protect]. Also reachable as ``cardlab.russian501.Russian501Game`` and
``cardlab.russian501.score_changes``."""

from __future__ import annotations

from typing import Sequence

from .errors import DealError
from .scorekeeper import ScoreKeeper
from .russian501 import PAGAT_501, SEAT_NAMES, Russian501Result, Russian501Rules, Russian501State, deal

__all__ = ["Russian501Game", "score_changes"]


def score_changes(result: Russian501Result, scores: Sequence[int], rules: Russian501Rules,
                  names: Sequence[str] | None = None) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """What a finished hand does to the running scores, with the rules that apply on top of
    :attr:`Russian501Result.changes`.

    Parameters
    ----------
    result : Russian501Result
    scores : sequence of int
        Each table seat's score at the start of the hand.
    rules : Russian501Rules
    names : sequence of str, optional
        Player names for the notes (default ``"seat 0"`` …).

    Returns
    -------
    (changes, notes)
        ``changes[seat]`` is added to the score (negative: towards 0); ``notes`` are the rules
        applied, in words: an opponent at ``protect_threshold`` or less subtracts nothing
        [501.protect, A-7, checked on the score at the start of the hand]; with
        ``opponent_can_win_by_tricks`` false an opponent stops at 1.
    """
    out = list(result.changes)
    notes = []
    nm = tuple(names) if names is not None else tuple(f"seat {i}" for i in range(len(scores)))
    if result.bidder is not None:
        for seat, delta in enumerate(result.changes):
            if seat == result.bidder or delta >= 0:
                continue
            pt = rules.protect_threshold
            if pt is not None and scores[seat] <= pt:
                out[seat] = 0
                notes.append(f"{nm[seat]} is at {scores[seat]} (≤ {pt}): subtracts nothing [rule 501.protect]")
            elif not rules.opponent_can_win_by_tricks and scores[seat] + delta < 1:
                out[seat] = 1 - scores[seat]
                notes.append(f"{nm[seat]} stops at 1: an opponent cannot win on tricks under these rules")
    return tuple(out), tuple(notes)


class Russian501Game(ScoreKeeper):
    """A game of 501: hands until a player's score reaches 0 or below [501.game], the deal
    passing to the left after every hand [501.dealer].

    Parameters
    ----------
    rules : Russian501Rules
    first_dealer : int
    names : sequence of 3 or 4 str
    scores : sequence of int, optional
        Each seat's score before the first hand (default ``rules.start_score`` for everybody),
        each from 1 to ``rules.start_score``: a game taken up in the middle.

    Raises
    ------
    DealError
        For a table that is not 3 or 4 players, a first dealer that is not a seat, or
        ``scores`` that are not one whole number from 1 to ``rules.start_score`` per seat.

    Attributes
    ----------
    scores : list of int
        The running scores (``rules.start_score`` at the start).
    start_totals : tuple of int
        The scores before the first hand.
    goal : str
        ``"game from 501 down to 0"``.
    hands : list of Russian501State
        The final states added so far.
    """

    def __init__(self, rules: Russian501Rules = PAGAT_501, first_dealer: int = 0, names: Sequence[str] = SEAT_NAMES,
                 scores: Sequence[int] | None = None):
        names = tuple(names)
        if len(names) not in (3, 4):
            raise DealError(f"501 is played by 3, or 4 with the dealer sitting out; not {len(names)} "
                            f"[rule 501.players]")
        if not isinstance(first_dealer, int) or not 0 <= first_dealer < len(names):
            raise DealError(f"the first dealer is a seat from 0 to {len(names) - 1}, not {first_dealer!r}")
        self.rules = rules
        self.first_dealer = first_dealer
        self.names = names
        self.scores = ([rules.start_score] * len(names) if scores is None
                       else self._start(scores, len(names), 1, rules.start_score, "starting scores"))
        self.start_totals = tuple(self.scores)
        self.hands: list[Russian501State] = []
        self._rows: list[dict] = []
        self._winner: int | None = None
        self.goal = f"game from {rules.start_score} down to 0"

    @property
    def next_dealer(self) -> int:
        """The dealer of the next hand: the first dealer, then one seat to the left each hand."""
        if not self.hands:
            return self.first_dealer
        return (self.hands[-1].dealer + 1) % len(self.names)

    @property
    def next_dealer_reason(self) -> str:
        if not self.hands:
            return "the first dealer is chosen by lot [rule 501.dealer]"
        return "the deal passes to the left after every hand [rule 501.dealer]"

    state_class = Russian501State
    deal_function = staticmethod(deal)

    def _over_text(self) -> str:
        return f"{self.names[self._winner]} won"

    def add(self, final: Russian501State) -> dict:
        """Score a finished hand; return its score-sheet row.

        Raises :class:`DealError` if the hand is unfinished, dealt by the wrong dealer (the deal
        passes to the left [501.dealer]), played under other rules or with other players, or the
        game is already over."""
        self._check_hand(final)
        if tuple(final.names) != self.names:
            raise DealError("the hand was played by other players than the game's")
        res = final.result
        before = tuple(self.scores)
        changes, notes = score_changes(res, before, self.rules, self.names)
        for i, d in enumerate(changes):
            self.scores[i] += d
        self.hands.append(final)
        b = res.bidder
        nm = self.names
        if res.outcome == "thrown_in":
            bid_text, contract_text = "—", "—"
        else:
            bid_text = f"{res.bid}{' blind' if res.blind else ''}"
            if res.outcome == "conceded":
                contract_text = "conceded"
            else:
                contract_text = f"{'NT' if res.trump is None else res.trump.symbol} {res.contract}"
        row = {
            "hand": len(self.hands),
            "dealer": nm[final.dealer],
            "bidder": nm[b] if b is not None else "—",
            "bid": bid_text,
            "contract": contract_text,
            "outcome": res.outcome.replace("_", " "),
            "points": " · ".join(f"{nm[s]} {res.points[s]}" for s in sorted(final.active))
            if res.outcome in ("made", "failed") else "—",
        }
        for i, name in enumerate(nm):
            row[f"{name} ±"] = changes[i]
        for i, name in enumerate(nm):
            row[name] = self.scores[i]
        row["note"] = "; ".join(notes)
        self._rows.append(row)
        self._decide(res)
        if self._winner is not None:
            row["note"] = (row["note"] + "; " if row["note"] else "") + f"{nm[self._winner]} wins the game"
        return row

    def _decide(self, res: Russian501Result) -> None:
        """The winner once somebody is at 0 or below [501.game, rules-notes A-8]."""
        down = [i for i, sc in enumerate(self.scores) if sc <= 0]
        if not down:
            return
        if res.outcome == "made" and res.bidder in down:
            self._winner = res.bidder
            return
        low = min(self.scores[i] for i in down)
        best = [i for i in down if self.scores[i] == low]
        if len(best) == 1:
            self._winner = best[0]

    def columns(self) -> list[str]:
        """The score sheet's columns: ``hand``, ``dealer``, ``bidder``, ``bid``, ``contract``,
        ``outcome``, ``points`` (text: each active player's points in the hand: card points and
        the marriages that count), ``NAME ±`` (the change to each score, in game points) and ``NAME``
        (each running score), ``note`` (the rules applied, e.g. the 100-or-less rule)."""
        return (["hand", "dealer", "bidder", "bid", "contract", "outcome", "points"]
                + [f"{n} ±" for n in self.names] + list(self.names) + ["note"])

    def row_summary(self, row: dict) -> str:
        """One hand in words for the stepper, e.g. ``"Ana bid 80 blind, made ♠ 85"``."""
        if row["outcome"] == "thrown in":
            return "all passed, hand thrown in"
        if row["outcome"] == "conceded":
            return f"{row['bidder']} bid {row['bid']} and conceded"
        return f"{row['bidder']} bid {row['bid']}, {row['outcome']} {row['contract']}"

    def score_chart(self, ax=None):
        """A line chart of the running scores after each hand (hand 0: the start), on ``ax`` or a
        new matplotlib figure; returns the axes (imports matplotlib)."""
        if ax is None:
            import matplotlib.pyplot as plt

            _fig, ax = plt.subplots(figsize=(7, 3.2))
        hands = list(range(len(self._rows) + 1))
        for name, start in zip(self.names, self.start_totals):
            ax.plot(hands, [start] + [r[name] for r in self._rows], marker=".", label=name)
        ax.axhline(0, color="black", linewidth=0.8)
        if self.rules.protect_threshold is not None:
            ax.axhline(self.rules.protect_threshold, color="grey", linewidth=0.6, linestyle="--")
        ax.set_xlabel("hand")
        ax.set_ylabel("score")
        ax.set_title(self.goal)
        ax.legend()
        return ax
