"""What every variant's score keeper shares: dealing the next hand by the game's rotation,
checking a finished hand before it is scored, and the score sheet.

The score keepers themselves (:class:`cardlab.sixtysix_game.SixtySixGame`,
:class:`cardlab.russian501_game.Russian501Game`, :class:`cardlab.ninetynine_game.NinetyNineGame`,
:class:`cardlab.mariage3_game.Mariage3Game`, :class:`cardlab.mariage4_game.EightGame`) keep their own scores,
rotation rule and end of game; ``variants.get(name).new_game(rules, first_dealer, names)`` makes
one for any variant.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Sequence

from .errors import DealError

__all__ = ["ScoreKeeper"]


class ScoreKeeper:
    """Base of every score keeper.

    A subclass sets the class attributes :attr:`state_class`, :attr:`deal_function` and
    :attr:`columns` (``hand_word`` too where a hand has another name), and gives ``rules``,
    ``names``, ``hands`` (the final states added), ``_rows`` (the score-sheet rows),
    ``next_dealer``, ``next_dealer_reason``, ``add(final)`` (which sets ``_winner`` when the
    game is decided, or the subclass overrides :attr:`winner`) and :meth:`_over_text`.
    """

    #: The variant's state class (a hand to be scored must be one).
    state_class: ClassVar[type]
    #: The variant's ``deal(rules, dealer, seed=None, pack=None, names=...)``.
    deal_function: ClassVar[Callable[..., Any]]
    #: What one hand is called on the score sheet (Ninety-Nine: ``"deal"``).
    hand_word: ClassVar[str] = "hand"

    rules: Any
    names: tuple
    hands: list
    _rows: list
    #: set by ``add`` once the game is decided (a keeper that derives the winner from its
    #: totals overrides :attr:`winner` instead)
    _winner: Any = None

    @property
    def winner(self):
        """The seat (Mariage for four: the pair) that won the game, or ``None`` while it goes on."""
        return self._winner

    @property
    def is_over(self) -> bool:
        """True once the game has a winner."""
        return self.winner is not None

    @staticmethod
    def _start(values, count: int, low: int, high: int, what: str) -> list[int]:
        """Check starting totals a teacher gives (``values``: ``count`` whole numbers from
        ``low`` to ``high``) and return them as a list; raises :class:`DealError` naming
        ``what`` and the range."""
        try:
            out = list(values)
        except TypeError:
            raise DealError(f"{what} are {count} whole numbers, one per seat, not {values!r}") from None
        if len(out) != count or any(isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high
                                    for v in out):
            raise DealError(f"{what} are {count} whole numbers from {low} to {high}, one per seat, not {values!r}")
        return out

    def columns(self) -> list[str]:
        """The score sheet's columns, the first being :attr:`hand_word` (its index)."""
        raise NotImplementedError

    def _over_text(self) -> str:
        """Who won the game, in words (for the error of dealing after the end)."""
        raise NotImplementedError

    def deal(self, seed: int | None = None, pack: Sequence | None = None):
        """Deal the next hand, its dealer by the game's rotation (:attr:`next_dealer`), from
        ``seed`` or a ``pack`` given card by card. Raises :class:`DealError` if the game is over
        (or the seed or pack is not one)."""
        if self.is_over:
            raise DealError(f"the game is over: {self._over_text()}")
        return type(self).deal_function(self.rules, self.next_dealer, seed=seed, pack=pack, names=self.names)

    def _check_hand(self, final, verb: str = "scored") -> None:
        """Raise :class:`DealError` unless ``final`` may be added now: a finished hand of this
        variant, the game not over, dealt by :attr:`next_dealer` and played under the game's rules."""
        word = self.hand_word
        if not isinstance(final, self.state_class) or final.result is None:
            raise DealError(f"only a finished {word} can be {verb}")
        if self.is_over:
            raise DealError("the game is already over")
        if final.dealer != self.next_dealer:
            raise DealError(f"{word} {len(self.hands) + 1} should be dealt by {self.names[self.next_dealer]} "
                            f"({self.next_dealer_reason})")
        if final.rules != self.rules:
            raise DealError(f"the {word} was played under other rules than the game")

    def rows(self) -> list[dict]:
        """The score sheet as a list of dicts, one per hand, with the :meth:`columns` as keys."""
        return list(self._rows)

    def score_sheet(self):
        """The score sheet as a pandas DataFrame indexed by hand (imports pandas)."""
        from cardlab.optional import pandas as pd

        return pd.DataFrame(self._rows, columns=self.columns()).set_index(self.hand_word)
