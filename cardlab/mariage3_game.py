"""The score keeper of three-player Mariage (:mod:`cardlab.mariage3`): a ledger of each hand's
settlement, each opponent paying the hand's winner, until a player reaches the target; the deal
passes to the left (or to the winner) [m3.score, m3.game, m3.dealer].

Also available as ``cardlab.mariage3.Mariage3Game``::

    from cardlab import mariage3
    from cardlab.mariage3_game import Mariage3Game
    game = Mariage3Game(mariage3.RUSSIAN_MARIAGE_3, first_dealer=0)
    s = game.deal(seed=1)        # play it to the end, then
    # game.add(final_state)      # -> the ledger's row
"""

from __future__ import annotations

from typing import Sequence

from .errors import DealError, RulesError
from .mariage3 import RUSSIAN_MARIAGE_3, SEAT_NAMES, SEATS, Mariage3Rules, Mariage3State, deal
from .scorekeeper import ScoreKeeper

__all__ = ["Mariage3Game"]



class Mariage3Game(ScoreKeeper):
    """A game of several hands with a ledger of the settlements [m3.score, m3.game, m3.dealer].

    Each finished hand is added with :meth:`add`: each opponent pays the hand's winner the game
    points of :attr:`Mariage3Result.payments`. The ledger keeps, per player, the game points
    **received** (:attr:`totals`) and the **net** balance, received minus paid (:attr:`net`; the
    three balances always sum to 0, and are what players settle in money at the end). Which of
    the two counts towards ``rules.target`` is the option ``rules.game_count`` (:attr:`standing`):
    by default the first player to receive the target wins (the project's reading of the seed's
    "until one of the players gets 7 or 8 points"; see :mod:`cardlab.mariage3`'s docstring).

    Parameters
    ----------
    rules : Mariage3Rules
    first_dealer : int
        Seat 0, 1 or 2 (by lot at the table).
    names : three str
    totals : three int, optional
        Game points each player has received before the first hand (default 0), each below
        ``rules.target``: a game taken up in the middle.
    net : three int, optional
        The net balances before the first hand (default 0; they must sum to 0 and, when
        ``game_count="net"``, each be below ``rules.target``).

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`Mariage3Rules`.
    DealError
        If ``first_dealer`` is not a seat, there are not three names, or ``totals`` / ``net``
        are not three whole numbers in range (``net`` summing to 0).

    Attributes
    ----------
    totals : list of 3 int
        Game points received by each player.
    net : list of 3 int
        Received minus paid, per player.
    standing : list of 3 int (property)
        What counts towards the target: :attr:`totals` or :attr:`net`.
    hands : list of Mariage3State
        The finished hands, in order.
    """

    def __init__(self, rules: Mariage3Rules = RUSSIAN_MARIAGE_3, first_dealer: int = 0, names: Sequence[str] = SEAT_NAMES,
                 totals: Sequence[int] | None = None, net: Sequence[int] | None = None):
        if not isinstance(rules, Mariage3Rules):
            raise RulesError(f"rules must be a Mariage3Rules, not {type(rules).__name__}")
        if first_dealer not in SEATS or isinstance(first_dealer, bool):
            raise DealError(f"the first dealer is seat 0, 1 or 2, not {first_dealer!r}")
        names = tuple(names)
        if len(names) != 3:
            raise DealError(f"three-player Mariage needs three names, not {len(names)}")
        self.rules = rules
        self.first_dealer = first_dealer
        self.names = names
        self.hands: list[Mariage3State] = []
        self.totals = [0, 0, 0] if totals is None else self._start(totals, 3, 0, rules.target - 1, "starting totals")
        self.net = [0, 0, 0] if net is None else self._start(net, 3, -10_000, 10_000, "starting net balances")
        if sum(self.net):
            raise DealError(f"net balances sum to 0 (what one pays another receives), not {tuple(self.net)}")
        if rules.game_count == "net" and max(self.net) >= rules.target:
            raise DealError(f"a net balance of {max(self.net)} has already reached the target {rules.target}")
        self.start_totals = tuple(self.standing)
        self._rows: list[dict] = []

    @property
    def standing(self) -> list[int]:
        """Per player, the game points that count towards the target: received
        (``game_count="received"``) or received minus paid (``"net"``)."""
        return list(self.net if self.rules.game_count == "net" else self.totals)

    @property
    def goal(self) -> str:
        """The game's goal in words, for the stepper: ``"game to 7 game points received"`` (or
        ``"game to 7 game points net (received minus paid)"``)."""
        if self.rules.game_count == "net":
            return f"game to {self.rules.target} game points net (received minus paid)"
        return f"game to {self.rules.target} game points received"

    @property
    def next_dealer(self) -> int:
        """The dealer of the next hand: the left of the last dealer, or the last winner."""
        if not self.hands:
            return self.first_dealer
        last = self.hands[-1]
        if self.rules.next_dealer == "winner":
            return last.result.winner
        return (last.dealer + 1) % 3

    @property
    def next_dealer_reason(self) -> str:
        """Why :attr:`next_dealer` deals, in words, with the rule id."""
        if not self.hands:
            return "the first dealer is chosen by lot [rule m3.dealer]"
        n = len(self.hands)
        if self.rules.next_dealer == "winner":
            return f"the winner of hand {n} deals next under these rules [rule m3.dealer]"
        return f"the deal passes to the left after hand {n} [rule m3.dealer]"

    @property
    def winner(self) -> int | None:
        """The seat whose :attr:`standing` reached ``rules.target``, or ``None`` while the game
        goes on. Only a hand's winner gains (received or net), so the first to reach the target
        is the only one."""
        standing = self.standing
        best = max(SEATS, key=lambda s: standing[s])
        return best if standing[best] >= self.rules.target else None

    state_class = Mariage3State
    deal_function = staticmethod(deal)

    def _over_text(self) -> str:
        return f"{self.names[self.winner]} reached {self.rules.target} ({self.goal})"

    def add(self, final: Mariage3State) -> dict:
        """Enter a finished hand in the ledger and return its row.

        Raises :class:`DealError` if the hand is unfinished, dealt by the wrong dealer, played
        under other rules, or the game is already over."""
        self._check_hand(final, "entered in the ledger")
        res = final.result
        w = res.winner
        self.totals[w] += res.game_points
        for s in SEATS:
            self.net[s] += res.game_points if s == w else -res.payments[s]
        self.hands.append(final)
        names = self.names
        row = {
            "hand": len(self.hands),
            "dealer": names[final.dealer],
            "winner": names[w],
            "how": res.reason,
            "points": "–".join(str(p) for p in res.points),
            "payments": ", ".join(f"{names[s]} {res.payments[s]}" for s in SEATS if s != w),
            "game points": res.game_points,
        }
        standing = self.standing
        for s in SEATS:
            row[names[s]] = standing[s]
        other, values = ("received", self.totals) if self.rules.game_count == "net" else ("net", self.net)
        for s in SEATS:
            row[f"{other} {names[s]}"] = values[s]
        self._rows.append(row)
        return row

    def row_summary(self, row: dict) -> str:
        """What one hand of the ledger scored, in words: ``"Ana takes 1 from Boris and 2 from
        Vera (3 game points)"``. ``row`` is one of :meth:`rows` (found by its ``"hand"``
        number); raises ``IndexError`` for a hand not in this ledger."""
        n = row["hand"]
        if not 1 <= n <= len(self.hands):
            raise IndexError(f"the ledger has hands 1 to {len(self.hands)}, not {n}")
        r = self.hands[n - 1].result
        parts = [f"{r.payments[s]} from {self.names[s]}" for s in SEATS if s != r.winner]
        return f"{self.names[r.winner]} takes {' and '.join(parts)} ({r.game_points} game points)"

    def rows(self) -> list[dict]:
        """The ledger as a list of dicts, one per hand: ``hand``, ``dealer``, ``winner``, ``how``
        (the :attr:`Mariage3Result.reason`), ``points`` (cards and marriages, text ``"73–43–24"``), ``payments``
        (text), ``game points`` (received by the winner); then under each player's name the
        running :attr:`standing` (what counts towards the target), and the other measure as
        ``"net NAME"`` (when received counts) or ``"received NAME"`` (when net counts)."""
        return list(self._rows)

    def columns(self) -> list[str]:
        """The ledger's columns (see :meth:`rows`)."""
        other = "received" if self.rules.game_count == "net" else "net"
        return ["hand", "dealer", "winner", "how", "points", "payments", "game points", *self.names,
                *(f"{other} {n}" for n in self.names)]
