"""The score keepers of Ninety-Nine (:mod:`cardlab.ninetynine`): the game of several deals to 99
(or 100) [99.game, 99.game.bonus, 99.dealer] and the revised rules' rubber [99.rubber].

Also available as ``cardlab.ninetynine.NinetyNineGame`` and ``cardlab.ninetynine.NinetyNineRubber``::

    from cardlab import ninetynine as nn
    game = nn.NinetyNineGame(nn.CLASSIC, first_dealer=0, names=("Ana", "Boris", "Cleo"))
    s = game.deal(seed=1)        # play it to the end, then
    # game.add(final_state)      # -> the score-sheet row
"""

from __future__ import annotations

from typing import Sequence

from .errors import DealError, RulesError
from .scorekeeper import ScoreKeeper
from .ninetynine import CLASSIC, REVISED, SEAT_NAMES, NinetyNineRules, NinetyNineState, deal

__all__ = ["NinetyNineGame", "NinetyNineRubber"]


def _check_table(rules, first_dealer, names) -> None:
    """Raise DealError for a first dealer that is not the int 0, 1 or 2 or names that are not
    three, RulesError for rules that are not a NinetyNineRules."""
    if first_dealer.__class__ is not int or first_dealer not in (0, 1, 2):
        raise DealError(f"the first dealer is seat 0, 1 or 2, not {first_dealer!r}")
    if not isinstance(rules, NinetyNineRules):
        raise RulesError(f"rules must be a NinetyNineRules, not {type(rules).__name__}")
    if len(tuple(names)) != 3:
        raise DealError(f"Ninety-Nine is for three players; {len(tuple(names))} names were given")


class NinetyNineGame(ScoreKeeper):
    """A game of several deals, to ``rules.target`` score points (99 classic, 100 revised)
    [99.game, 99.game.bonus, 99.dealer].

    Deal the next deal with :meth:`deal` (its dealer passes to the left; in the revised rules its
    trumps follow from the previous deal's successes), play it, then :meth:`add` its final
    state. The game is over after the deal in which someone reaches the target, unless the
    highest totals are tied (then it plays on). :meth:`rows` and :meth:`score_sheet` give the
    score sheet; ``goal`` and :meth:`row_summary` serve the Stepper's game line.

    Parameters
    ----------
    rules : NinetyNineRules
    first_dealer : int
        Seat 0, 1 or 2.
    names : three str
    totals : three int, optional
        Each player's score points before the first deal (default 0), each below
        ``rules.target``: a game taken up in the middle.
    previous_successes : int, optional
        Revised rules: how many made their bid in the deal before the first one (0-3), which
        fixes the first deal's trumps [99.trump.successes]; default none (a new game).

    Raises
    ------
    DealError
        For a first dealer that is not a seat, ``totals`` that are not three whole numbers
        from 0 to ``rules.target - 1``, or ``previous_successes`` outside 0-3 or with the
        classic rules.
    """

    def __init__(self, rules: NinetyNineRules = CLASSIC, first_dealer: int = 0,
                 names: Sequence[str] = SEAT_NAMES, totals: Sequence[int] | None = None,
                 previous_successes: int | None = None):
        _check_table(rules, first_dealer, names)
        if previous_successes is not None:
            if rules.mode != "revised":
                raise DealError("only the revised rules carry the previous deal's successes (they fix trumps) "
                                "[rule 99.trump.successes]")
            if previous_successes.__class__ is not int or not 0 <= previous_successes <= 3:
                raise DealError(f"the previous deal's successes are 0 to 3, not {previous_successes!r} "
                                f"[rule 99.trump.successes]")
        self._start_successes = previous_successes
        self.rules = rules
        self.first_dealer = first_dealer
        self.names = tuple(names)
        self.hands: list[NinetyNineState] = []
        self._rows: list[dict] = []
        self.totals = [0, 0, 0] if totals is None else self._start(totals, 3, 0, rules.target - 1,
                                                                   "starting totals")
        self.start_totals = tuple(self.totals)
        self.bonus = (0, 0, 0)
        self._winner: int | None = None

    @property
    def goal(self) -> str:
        """The goal in words, e.g. ``"game to 99"``."""
        extra = f" (+{self.rules.game_bonus} game bonus)" if self.rules.game_bonus else ""
        return f"game to {self.rules.target}{extra}"

    @property
    def next_dealer(self) -> int:
        """The dealer of the next deal: the deal passes to the left [99.dealer]."""
        if not self.hands:
            return self.first_dealer
        return (self.hands[-1].dealer + 1) % 3

    @property
    def next_dealer_reason(self) -> str:
        if not self.hands:
            return "the first dealer is chosen by cutting [rule 99.dealer]"
        return "the deal passes to the left [rule 99.dealer]"

    @property
    def previous_successes(self) -> int | None:
        """Successes in the last deal (revised rules: they fix the next trumps), or ``None``
        before the first deal and in the classic game."""
        if self.rules.mode != "revised":
            return None
        if not self.hands:
            return self._start_successes
        return self.hands[-1].result.successes

    state_class = NinetyNineState
    deal_function = staticmethod(deal)
    hand_word = "deal"

    def _over_text(self) -> str:
        return f"{self.names[self._winner]} won the {self.goal}"

    def deal(self, seed: int | None = None, pack: Sequence | None = None) -> NinetyNineState:
        """Deal the next deal (by :attr:`next_dealer`, with the revised trumps). Raises
        :class:`DealError` if the game is over; deal errors pass through."""
        if self.is_over:
            raise DealError(f"the game is over: {self._over_text()}")
        return deal(self.rules, self.next_dealer, seed=seed, pack=pack, names=self.names,
                    previous_successes=self.previous_successes)

    #: The hook a game record's replay may use to deal each deal in the game's context (the
    #: revised rules' trumps depend on the previous deal): the same as :meth:`deal`.
    deal_next = deal

    def add(self, final: NinetyNineState) -> dict:
        """Score a finished deal and return its score-sheet row.

        Raises :class:`DealError` if the deal is unfinished, dealt by the wrong seat, played
        under other rules or (revised) with trumps other than the previous deal fixed, or if the
        game is already over."""
        self._check_hand(final)
        if final.previous_successes != self.previous_successes:
            raise DealError("the deal's trumps do not follow from the previous deal's successes "
                            "[rule 99.trump.successes]")
        res = final.result
        self.hands.append(final)
        for s in range(3):
            self.totals[s] += res.scores[s]
        note = ""
        top = max(self.totals)
        if top >= self.rules.target:
            leaders = [s for s in range(3) if self.totals[s] == top]
            if len(leaders) == 1:
                self._winner = leaders[0]
                gb = self.rules.game_bonus
                if gb:
                    got = [s for s in range(3) if self.totals[s] >= self.rules.target]
                    self.bonus = tuple(gb if s in got else 0 for s in range(3))
                    for s in got:
                        self.totals[s] += gb
                    note = "{} wins the game; game bonus +{} to {}".format(
                        self.names[self._winner], gb, " and ".join(self.names[s] for s in got))
                else:
                    note = f"{self.names[self._winner]} wins the game"
            else:
                note = "tied at the top: another deal [rule 99.game]"
        trump = final.trump.symbol if final.trump is not None else "NT"
        row = {
            "deal": len(self.hands),
            "dealer": self.names[final.dealer],
            "trumps": trump,
            "bids": "–".join(str(b) for b in res.bids),
            "tricks": "–".join(str(t) for t in res.tricks),
            "made": ", ".join(self.names[s] for s in range(3) if res.made[s]) or "—",
            "premium": (f"{self.names[res.premium[0]]} {res.premium[1]}s" if res.premium else "—"),
            "scores": "–".join(str(x) for x in res.scores),
            self.names[0]: self.totals[0],
            self.names[1]: self.totals[1],
            self.names[2]: self.totals[2],
            "note": note,
        }
        self._rows.append(row)
        return row

    def row_summary(self, row: dict) -> str:
        """What one deal scored, e.g. ``"Ana +4, Boris +23, Cleo +22 (made: Boris, Cleo)"``, and
        the game bonus when the deal ended a revised game (``"…; game bonus +100 to Ana and Boris"``)."""
        scores = row["scores"].split("–")
        text = ", ".join(f"{n} +{x}" for n, x in zip(self.names, scores))
        note = row.get("note", "")
        bonus = f"; {note[note.index('game bonus'):]}" if "game bonus" in note else ""
        return f"{text} (made: {row['made']}){bonus}"

    def columns(self) -> list[str]:
        """The score sheet's columns: deal, dealer, trumps, bids, tricks, made, premium, scores
        (this deal's score points), a running total per player, note."""
        return ["deal", "dealer", "trumps", "bids", "tricks", "made", "premium", "scores", *self.names, "note"]


class NinetyNineRubber:
    """A rubber of games under the revised rules [99.rubber; PBCG]: the first player to win
    ``rules.rubber_games`` games (3) wins it; each player in turn deals first in a new game; the
    winner adds ``rules.rubber_bonus`` (100) for each game fewer than ``rules.rubber_par`` (8).

    Each player's rubber total is the sum of their final game scores (game bonuses included),
    plus the rubber bonus [REC: PBCG's summary does not say more].

    Use :meth:`new_game`, play it to the end, then :meth:`add` it.

    Raises :class:`DealError` for a first dealer that is not seat 0–2 or names that are not
    three, :class:`~cardlab.errors.RulesError` for rules that are not a :class:`NinetyNineRules`."""

    def __init__(self, rules: NinetyNineRules = REVISED, names: Sequence[str] = SEAT_NAMES,
                 first_dealer: int = 0):
        _check_table(rules, first_dealer, names)
        self.rules = rules
        self.names = tuple(names)
        self.first_dealer = first_dealer
        self.games: list[NinetyNineGame] = []
        self.wins = [0, 0, 0]

    @property
    def is_over(self) -> bool:
        return max(self.wins) >= self.rules.rubber_games

    @property
    def winner(self) -> int | None:
        return self.wins.index(max(self.wins)) if self.is_over else None

    @property
    def rubber_bonus(self) -> int:
        """The winner's rubber bonus: ``rubber_bonus × (rubber_par − games played)``, 0 while
        the rubber goes on (and never negative)."""
        if not self.is_over:
            return 0
        return self.rules.rubber_bonus * max(0, self.rules.rubber_par - len(self.games))

    @property
    def totals(self) -> tuple[int, int, int]:
        """Each player's rubber total so far (plus the rubber bonus once it is over)."""
        t = [sum(g.totals[s] for g in self.games) for s in range(3)]
        if self.is_over:
            t[self.winner] += self.rubber_bonus
        return tuple(t)

    def new_game(self) -> NinetyNineGame:
        """The next game, its first dealer one seat to the left of the previous game's. Raises
        :class:`DealError` when the rubber is over."""
        if self.is_over:
            raise DealError("the rubber is over")
        return NinetyNineGame(self.rules, (self.first_dealer + len(self.games)) % 3, self.names)

    def add(self, game: NinetyNineGame) -> None:
        """Count a finished game. Raises :class:`DealError` for an unfinished game, one with the
        wrong first dealer or other rules, or when the rubber is over."""
        if not game.is_over:
            raise DealError("only a finished game counts in the rubber")
        if self.is_over:
            raise DealError("the rubber is over")
        if game.first_dealer != (self.first_dealer + len(self.games)) % 3:
            raise DealError("each player in turn deals first in a new game [rule 99.rubber]")
        if game.rules != self.rules:
            raise DealError("the game was played under other rules than the rubber")
        self.games.append(game)
        self.wins[game.winner] += 1
