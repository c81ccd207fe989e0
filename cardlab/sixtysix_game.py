"""The score keeper of Sixty-six for two (:mod:`cardlab.sixtysix`): hands played until a player
reaches the game target, the dealer's rotation and the tie rules [66.game, 66.dealer, 66.tie].

Also available as ``cardlab.sixtysix.SixtySixGame``::

    from cardlab import sixtysix
    game = sixtysix.SixtySixGame(sixtysix.SANTASE, first_dealer=0, names=("Ana", "Boris"))
    s = game.deal(seed=1)        # play it to the end, then
    # game.add(final_state)      # -> the score-sheet row
"""

from __future__ import annotations

from typing import Sequence

from .errors import DealError
from .scorekeeper import ScoreKeeper
from .sixtysix import SANTASE, SEAT_NAMES, SixtySixRules, SixtySixState, deal

__all__ = ["SixtySixGame"]


class SixtySixGame(ScoreKeeper):
    """A game of several hands, to ``rules.target`` game points (11 in Santase) [66.game],
    with the dealer's rotation [66.dealer] and the tie rules [66.tie].

    Use :meth:`deal` to deal the next hand (its dealer follows the rotation), play it to the end,
    then :meth:`add` its final state. :meth:`rows` and :meth:`score_sheet` give the score sheet.

    Parameters
    ----------
    rules : SixtySixRules
    first_dealer : int
        Seat 0 or 1 (chosen by lot at the table).
    names : pair of str
        The players' names (default :data:`cardlab.sixtysix.SEAT_NAMES`).
    totals : pair of int, optional
        The game points each player has before the first hand (default 0 and 0), each below
        ``rules.target``: a game taken up in the middle ("9 to 10: who wins with this hand?").

    Raises
    ------
    DealError
        For a first dealer that is not seat 0 or 1, or ``totals`` that are not two whole
        numbers from 0 to ``rules.target - 1``.
    """

    def __init__(self, rules: SixtySixRules = SANTASE, first_dealer: int = 0, names: Sequence[str] = SEAT_NAMES,
                 totals: Sequence[int] | None = None):
        if first_dealer.__class__ is not int or first_dealer not in (0, 1):
            raise DealError(f"the first dealer is seat 0 or 1, not {first_dealer!r}")
        self.rules = rules
        self.first_dealer = first_dealer
        self.names = tuple(names)
        self.hands: list[SixtySixState] = []
        self._rows: list[dict] = []
        self.totals = [0, 0] if totals is None else self._start(totals, 2, 0, rules.target - 1, "starting totals")
        self.start_totals = tuple(self.totals)
        self._carry = 0  # draw_plus_next: game points waiting for the next decisive hand

    @property
    def next_dealer(self) -> int:
        """The dealer of the next hand under ``rules.next_dealer`` (a drawn hand is dealt again
        by the same dealer) [66.dealer]."""
        if not self.hands:
            return self.first_dealer
        last = self.hands[-1]
        res = last.result
        if res.winner is None:
            return last.dealer
        rule = self.rules.next_dealer
        if rule == "winner":
            return res.winner
        if rule == "loser":
            return 1 - res.winner
        return 1 - last.dealer

    @property
    def next_dealer_reason(self) -> str:
        """Why :attr:`next_dealer` deals, in words, with the rule id."""
        if not self.hands:
            return "the first dealer is chosen by lot [rule 66.dealer]"
        n = len(self.hands)
        if self.hands[-1].result.winner is None:
            return f"hand {n} was drawn, so the same dealer deals again [rule 66.dealer]"
        rule = self.rules.next_dealer
        who = {"winner": "the winner of", "loser": "the loser of", "alternate": "the other player after"}[rule]
        return f"{who} hand {n} deals next under these rules [rule 66.dealer]"

    @property
    def winner(self) -> int | None:
        """The seat that reached the target (only a hand's winner scores, so the first to reach
        it is the only one), or ``None`` while the game goes on."""
        best = 0 if self.totals[0] >= self.totals[1] else 1
        return best if self.totals[best] >= self.rules.target else None

    @property
    def game_value(self) -> int:
        """1 for a won game; 2 when ``shutout_doubles_game`` and the loser scored nothing."""
        if not self.is_over:
            return 0
        loser = 1 - self.winner
        return 2 if self.rules.shutout_doubles_game and self.totals[loser] == 0 else 1

    state_class = SixtySixState
    deal_function = staticmethod(deal)

    def _over_text(self) -> str:
        return f"{self.names[self.winner]} reached {self.rules.target}"

    def add(self, final: SixtySixState) -> dict:
        """Score a finished hand and return its score-sheet row.

        Raises :class:`DealError` if the hand is unfinished, was dealt by the wrong dealer
        [66.dealer], was played under other rules, or the game is already over."""
        self._check_hand(final)
        res = final.result
        gp = res.game_points
        note = ""
        if res.winner is None:
            if self.rules.tie_rule == "draw_plus_next":
                self._carry += 1
                note = "drawn: 1 game point carried to the next hand"
            else:
                note = "drawn"
        elif self._carry:
            gp += self._carry
            note = f"+{self._carry} carried from drawn hand(s)"
            self._carry = 0
        if res.winner is not None:
            self.totals[res.winner] += gp
        self.hands.append(final)
        row = {
            "hand": len(self.hands),
            "dealer": self.names[final.dealer],
            "winner": self.names[res.winner] if res.winner is not None else "—",
            "how": res.reason,
            "points": f"{res.points[0]}–{res.points[1]}",
            "game points": gp,
            self.names[0]: self.totals[0],
            self.names[1]: self.totals[1],
            "note": note,
        }
        self._rows.append(row)
        return row

    def columns(self) -> list[str]:
        """The score sheet's columns: hand, dealer, winner, how, points (cards and marriages), game points, a
        running total per player (game points), note."""
        return ["hand", "dealer", "winner", "how", "points", "game points", *self.names, "note"]
