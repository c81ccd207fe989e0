"""The test variant's score keeper: game points to each hand's winner, the first to the target
(7) wins the game, the deal alternates [kit.score, kit.game, kit.dealer]."""

from __future__ import annotations

from typing import Sequence

from cardlab.errors import DealError, RulesError
from cardlab.scorekeeper import ScoreKeeper

from .kit66 import KIT, SEAT_NAMES, SEATS, Kit66Rules, Kit66State, deal

__all__ = ["Kit66Game"]


class Kit66Game(ScoreKeeper):
    """A game of several hands of the test variant.

    Parameters
    ----------
    rules : Kit66Rules
    first_dealer : int
        Seat 0 or 1.
    names : two str
    totals : two int, optional
        Game points each player has before the first hand (default 0), each below
        ``rules.target``.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`Kit66Rules`.
    DealError
        If ``first_dealer`` is not a seat, there are not two names, or ``totals`` are not two
        whole numbers from 0 to ``rules.target - 1``.

    Attributes
    ----------
    totals : list of 2 int
        Game points of each player.
    hands : list of Kit66State
        The finished hands, in order.
    """

    state_class = Kit66State
    deal_function = staticmethod(deal)

    def __init__(self, rules: Kit66Rules = KIT, first_dealer: int = 0, names: Sequence[str] = SEAT_NAMES,
                 totals: Sequence[int] | None = None):
        if not isinstance(rules, Kit66Rules):
            raise RulesError(f"rules must be a Kit66Rules, not {type(rules).__name__}")
        if first_dealer not in SEATS or isinstance(first_dealer, bool):
            raise DealError(f"the first dealer is seat 0 or 1, not {first_dealer!r}")
        names = tuple(names)
        if len(names) != 2:
            raise DealError(f"this game needs two names, not {len(names)}")
        self.rules, self.first_dealer, self.names = rules, first_dealer, names
        self.hands: list[Kit66State] = []
        self.totals = [0, 0] if totals is None else self._start(totals, 2, 0, rules.target - 1, "starting totals")
        self.start_totals = tuple(self.totals)
        self._rows: list[dict] = []

    @property
    def goal(self) -> str:
        """``"game to 7 game points"``."""
        return f"game to {self.rules.target} game points"

    @property
    def next_dealer(self) -> int:
        """The dealer of the next hand: the deal alternates [kit.dealer]."""
        return self.first_dealer if not self.hands else 1 - self.hands[-1].dealer

    @property
    def next_dealer_reason(self) -> str:
        """Why :attr:`next_dealer` deals, with the rule id."""
        return "the first dealer is chosen by lot [rule kit.dealer]" if not self.hands else \
            "the deal alternates [rule kit.dealer]"

    @property
    def winner(self) -> int | None:
        """The seat that reached the target, or ``None`` while the game goes on."""
        best = max(SEATS, key=lambda s: self.totals[s])
        return best if self.totals[best] >= self.rules.target else None

    def _over_text(self) -> str:
        return f"{self.names[self.winner]} reached {self.rules.target} game points"

    def add(self, final: Kit66State) -> dict:
        """Score a finished hand and return its row. Raises :class:`~cardlab.errors.DealError` if
        it is unfinished, dealt by the wrong dealer, under other rules, or the game is over."""
        self._check_hand(final)
        res = final.result
        self.totals[res.winner] += res.game_points
        self.hands.append(final)
        row = {"hand": len(self.hands), "dealer": self.names[final.dealer], "winner": self.names[res.winner],
               "how": res.reason, "points": "–".join(map(str, res.points)), "game points": res.game_points}
        row.update({self.names[s]: self.totals[s] for s in SEATS})
        self._rows.append(row)
        return row

    def row_summary(self, row: dict) -> str:
        """One row in words: ``"Ann scores 2 game points"``."""
        return f"{row['winner']} scores {row['game points']} game point{'s' if row['game points'] != 1 else ''}"

    def columns(self) -> list[str]:
        """The score sheet's columns (see :meth:`add`)."""
        return ["hand", "dealer", "winner", "how", "points", "game points", *self.names]
