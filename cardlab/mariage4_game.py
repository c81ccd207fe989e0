"""The "eight": how the four-player Russian Mariage keeps its score (the game's score keeper).

Source: shram.kiev.ua, "Марьяж (66, Шнопс)" [SHR] (an English machine translation), read by
docs/rules-notes.md §4.3 and D-14, D-15, D-17. Each pair keeps score on an **eight** (a card
with eight pips) half covered by another card; as the pair wins points it slides the cover and
**uncovers** pips. A pair with all **8** pips uncovered has won the eight. Points won beyond the
eighth pip are carried to the next eight (rules-notes D-15). A heavy defeat is marked on the
losers' eight: a **fur coat** (another card laid on top of it) or a **suit** (a fur coat on top
and a **lining** underneath). The German custom is the same idea with a seven covered by an
eight [P66, S66].

Standard library only, no ipywidgets. :class:`Eight` is one pair's eight (an immutable value);
:class:`EightGame` keeps a game of several hands on the two pairs' eights (the score keeper of
:mod:`cardlab.mariage4`, registered as ``cardlab.mariage4_game:EightGame``). The drawing is in
:mod:`cardlab.render.mariage4` (``eight_svg``, ``eights_html``), imported only by the two HTML
methods here (:meth:`Eight._repr_html_`, :meth:`EightGame.eights_html`); the renderer reads an
eight through its attributes and does not import this module.

Units: pips are *game points* (one pip per game point); the score sheet's ``points`` column is each
pair's points in the hand (cards and marriages), for reading only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .errors import DealError
from .scorekeeper import ScoreKeeper
from .mariage4 import RUSSIAN_4, SEAT_NAMES, Award, Mariage4Rules, Mariage4State, deal

__all__ = ["Eight", "EightGame", "MAX_PIPS"]

#: The pips on an eight card: an eight has 1 to this many (rules option ``pips``; the renderer
#: places each, :data:`cardlab.render.mariage4.PIP_ORDER`).
MAX_PIPS = 8



@dataclass(frozen=True)
class Eight:
    """One pair's eight.

    Attributes
    ----------
    pips : int
        Pips uncovered, 0 to ``size`` (game points won on this eight).
    size : int
        Pips on the card (8; rules option ``pips``).
    coat : bool
        A fur coat lies on top of this eight (the pair lost a "fur coat" or "suit" contract).
    lining : bool
        A lining lies under it (the pair lost a "suit" contract).

    Raises
    ------
    ValueError
        If ``pips`` is outside 0..size, or a lining is given without a coat.
    """

    pips: int = 0
    size: int = 8
    coat: bool = False
    lining: bool = False

    def __post_init__(self):
        if not isinstance(self.size, int) or not 1 <= self.size <= MAX_PIPS:
            raise ValueError(f"an eight has 1 to {MAX_PIPS} pips, not {self.size!r}")
        if not isinstance(self.pips, int) or not 0 <= self.pips <= self.size:
            raise ValueError(f"pips uncovered must be 0 to {self.size}, not {self.pips!r}")
        if self.lining and not self.coat:
            raise ValueError("a lining goes under an eight only together with a fur coat on top (a 'suit')")

    @property
    def full(self) -> bool:
        """All pips uncovered: the eight is won."""
        return self.pips == self.size

    def uncover(self, points: int) -> tuple["Eight", int]:
        """Uncover ``points`` more pips (game points, >= 0). Returns ``(new eight, surplus)``,
        where ``surplus`` is what did not fit on this card (to carry to the next eight)."""
        if not isinstance(points, int) or points < 0:
            raise ValueError(f"points to uncover must be a whole number >= 0, not {points!r}")
        total = self.pips + points
        fit = min(total, self.size)
        return Eight(fit, self.size, self.coat, self.lining), total - fit

    def _repr_html_(self) -> str:
        from .render.mariage4 import eight_svg

        return eight_svg(self)


#: Award reasons in words, for score sheets.
_AWARD_WORDS = {"66": "66", "last_trick": "last trick", "three_nines": "three nines", "five": '"five"',
                "six": '"six"', "coat": '"fur coat"', "suit": '"suit"', "false_claim": "false claim",
                "nine_cut": "nines at the cut"}
_MARK_WORDS = {"coat": "a fur coat", "suit": "a suit"}


class EightGame(ScoreKeeper):
    """The score of a game of several hands, kept on each pair's eight [m4.eight, m4.dealer].

    Each award uncovers pips on the winning pair's current eight; at ``rules.pips`` the eight
    is won, both pairs start a new eight, and the surplus is carried to the winner's new eight
    (``carry_over``: always, only for "six", or never). A won fur coat or suit (``coat_rule``
    "win_eight") wins the eight outright and lays its mark on the losers' eight. The game is won
    by the first pair with ``rules.eights_to_win`` eights.

    Parameters
    ----------
    rules : Mariage4Rules
    first_dealer : int
    names : four str
        Players in seat order (default :data:`cardlab.mariage4.SEAT_NAMES`).
    pips : pair of int, optional
        Pips already uncovered on each pair's current eight (default 0 and 0), each below
        ``rules.pips``: a game taken up in the middle.
    won : pair of int, optional
        Eights each pair has already won (default 0 and 0), each below ``rules.eights_to_win``.

    Raises
    ------
    DealError
        For a first dealer that is not a seat, or ``pips`` / ``won`` out of range.

    Attributes
    ----------
    eights : list of two :class:`~cardlab.mariage4_game.Eight`
        Each pair's current eight.
    won : list of two int
        Eights won per pair.
    marks : list of two list of str
        ``"coat"`` / ``"suit"`` marks each pair has had laid on its eights.
    history : list of (two Eight, eights won)
        What to draw after each hand: the eights as they stand, or, if an eight was won in that
        hand, the two finished eights (the winners' full, the losers' with any coat or lining).
    """

    def __init__(self, rules: Mariage4Rules = RUSSIAN_4, first_dealer: int = 0,
                 names: Sequence[str] = SEAT_NAMES, pips: Sequence[int] | None = None,
                 won: Sequence[int] | None = None):
        if first_dealer not in (0, 1, 2, 3):
            raise DealError(f"the first dealer is a seat from 0 to 3, not {first_dealer!r}")
        self.rules = rules
        self.first_dealer = first_dealer
        self.names = tuple(names)
        self.hands: list = []
        self._rows: list[dict] = []
        start = [0, 0] if pips is None else self._start(pips, 2, 0, rules.pips - 1, "pips uncovered")
        self.eights = [Eight(start[0], rules.pips), Eight(start[1], rules.pips)]
        self.won = [0, 0] if won is None else self._start(won, 2, 0, rules.eights_to_win - 1, "eights won")
        self.marks: list[list[str]] = [[], []]
        self.history: list = []
        self._finished_now = None
        self.notes: list[list[str]] = []

    @property
    def goal(self) -> str:
        """The game's goal in words (read by the generic stepper)."""
        return f"eights of {self.rules.pips} pips, first pair to {self.rules.eights_to_win} eights"

    def pair_name(self, pair: int) -> str:
        """The pair's two names, e.g. ``"Ana & Cleo"`` for pair 0."""
        return f"{self.names[pair]} & {self.names[pair + 2]}"

    @property
    def next_dealer(self) -> int:
        """Clockwise; after a redeal claim the same dealer (``redeal_dealer``) [m4.dealer]."""
        if not self.hands:
            return self.first_dealer
        last = self.hands[-1]
        if last.result.redeal and self.rules.redeal_dealer == "same":
            return last.dealer
        return (last.dealer + 1) % 4

    @property
    def next_dealer_reason(self) -> str:
        """Why :attr:`next_dealer` deals, in words (for error messages and notebooks)."""
        if not self.hands:
            return "the first dealer is chosen by lot [rule m4.dealer]"
        if self.hands[-1].result.redeal and self.rules.redeal_dealer == "same":
            return "the last hand was thrown in by a redeal claim, so the same dealer deals again [rule m4.dealer]"
        return "the deal passes clockwise [rule m4.dealer]"

    @property
    def winner(self) -> int | None:
        """A seat of the winning pair (0 or 1), or None while the game goes on."""
        best = 0 if self.won[0] >= self.won[1] else 1
        return best if self.won[best] >= self.rules.eights_to_win else None

    state_class = Mariage4State
    deal_function = staticmethod(deal)

    def _over_text(self) -> str:
        return f"{self.pair_name(self.winner)} won"

    @property
    def last_finished(self) -> tuple | None:
        """The two eights as they were when an eight was won in the last :meth:`add_awards` (or
        :meth:`add`): the winners' full, the losers' with any coat or lining; ``None`` if no eight
        was won then."""
        return self._finished_now

    def add_awards(self, awards: Sequence[Award]) -> list[str]:
        """Uncover the pips of ``awards`` (in order) on the pairs' eights, lay their marks, carry
        surplus points, and count won eights [m4.eight]; stops once the game is over. Returns
        the notes in words ("Ana & Cleo win eight no. 1, carrying 2 to the next"). Used by
        :meth:`add`; public so the eight's arithmetic can be shown and tested on its own."""
        notes: list[str] = []
        self._finished_now = None
        for aw in awards:
            if self.is_over:
                break
            self._award(aw, notes)
        return notes

    def _award(self, aw: Award, notes: list[str]) -> None:
        r = self.rules
        pair, other = aw.pair, 1 - aw.pair
        if aw.mark:
            e = self.eights[other]
            self.eights[other] = Eight(e.pips, e.size, True, e.lining or aw.mark == "suit")
            self.marks[other].append(aw.mark)
        if aw.whole_eight:
            e = self.eights[pair]
            self.eights[pair] = Eight(r.pips, r.pips, e.coat, e.lining)
            surplus = 0
        else:
            self.eights[pair], surplus = self.eights[pair].uncover(aw.points)
        if self.eights[pair].full:
            self.won[pair] += 1
            carry = surplus if (r.carry_over == "always" or (r.carry_over == "six_only" and aw.reason == "six")) else 0
            carry = 0 if self.is_over else min(carry, r.pips - 1)
            notes.append(f"{self.pair_name(pair)} win eight no. {self.won[pair]}"
                         + (f", carrying {carry} to the next" if carry else
                            (f" ({surplus} surplus not carried)" if surplus else "")))
            self._finished_now = tuple(self.eights)
            self.eights = [Eight(0, r.pips), Eight(0, r.pips)]
            if carry:
                self.eights[pair], _ = self.eights[pair].uncover(carry)

    def add(self, final: Mariage4State) -> dict:
        """Score a finished hand; returns its score-sheet row. Raises :class:`DealError` if the
        hand is unfinished, out of turn, under other rules, or the game is over."""
        self._check_hand(final)
        notes = self.add_awards(final.result.awards)
        self.hands.append(final)
        # what to draw after this hand: an eight finished in it (full, with its marks), else the current ones
        self.history.append((self._finished_now or tuple(self.eights), tuple(self.won)))
        self.notes.append(notes)
        res = final.result
        gp = (res.pair_game_points(0), res.pair_game_points(1))
        row = {
            "hand": len(self.hands), "dealer": self.names[final.dealer], "how": res.reason,
            "points": f"{res.pair_points[0]}–{res.pair_points[1]}" if final.tricks else "—",
            "game points": f"{gp[0]}–{gp[1]}",
            "awards": "; ".join(f"{self.pair_name(a.pair)} +{a.points} ({_AWARD_WORDS.get(a.reason, a.reason)}"
                                + (", whole eight" if a.whole_eight else "")
                                + (f", {_MARK_WORDS[a.mark]} on the others" if a.mark else "") + ")"
                                for a in res.awards) or "—",
        }
        for seat, nm in enumerate(self.names):
            row[nm] = self.eights[seat % 2].pips
        row["eights won"] = f"{self.won[0]}–{self.won[1]}"
        row["note"] = "; ".join(notes)
        self._rows.append(row)
        return row

    def row_summary(self, row: dict) -> str:
        """What a hand scored, in words, for the stepper's game line."""
        if row["how"] == "redeal":
            return "redeal, no score"
        s = row["awards"]
        if row["note"]:
            s += f" ({row['note']})"
        return s

    def score_sheet(self):
        """The score sheet as a pandas DataFrame indexed by hand (imports pandas): dealer, how the
        hand ended, points (cards and marriages) and game points per pair, the awards in words, then the pips
        uncovered on each pair's current eight after the hand, eights won, and notes."""
        from cardlab.optional import pandas as pd

        pips = {f"pips {self.pair_name(p)}": [r[self.names[p]] for r in self._rows] for p in (0, 1)}
        df = pd.DataFrame(self._rows, columns=["hand", "dealer", "how", "points", "game points", "awards"])
        for k, v in pips.items():
            df[k] = v
        df["eights won"] = [r["eights won"] for r in self._rows]
        df["note"] = [r["note"] for r in self._rows]
        return df.set_index("hand")

    def eights_html(self, index: int | None = None) -> str:
        """Both pairs' eights after hand ``index`` (0-based; default the last; -1 before the
        first hand) as HTML: an eight finished in that hand is drawn full, with its marks."""
        from .render.mariage4 import eights_html

        if index is None:
            index = len(self.history) - 1
        if index >= 0:
            es, won = self.history[index]
        else:
            es, won = (Eight(0, self.rules.pips), Eight(0, self.rules.pips)), (0, 0)
        return eights_html(es, [self.pair_name(0), self.pair_name(1)], won,
                           caption=f"after hand {index + 1}" if index >= 0 else "before the first hand")
