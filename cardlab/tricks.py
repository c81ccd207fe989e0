"""Trick play shared by every variant: who wins a trick, and which cards may be played to it.

Sources: the shared definitions of docs/rules-notes.md ("Trick winner"; "heading"). A
trick is won by the highest trump if any trump was played, otherwise by the highest card of the
suit led. The duties of a player who is not leading are flags, so each variant (and each phase
of a variant: Sixty-six before and after the stock runs out) picks its own:

* ``must_follow``: play a card of the suit led if you hold one;
* ``must_head``: when following suit, beat the highest card of that suit in the trick if you
  can (German *Stichzwang*, Bulgarian *качване*); it does not apply once the trick is trumped;
* ``must_trump``: if you cannot follow, play a trump if you hold one;
* ``must_overtrump``: when trumping, beat the highest trump in the trick if you can.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, Sequence

from .cards import Card, Rank, Suit

__all__ = ["Trick", "TrickRules", "RANKS_66", "trick_winner", "legal_plays", "FREE_PLAY"]

#: Trick-taking order of the 24-card games, high to low: A 10 K Q J 9.
RANKS_66: tuple[Rank, ...] = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)


class Trick(NamedTuple):
    """A completed trick, the same shape in every variant.

    Attributes
    ----------
    leader : int
        The seat that led.
    cards : tuple of (seat, Card)
        Every card played, with the seat that played it, in play order (the lead first). A seat
        sitting out (the dealer at a table of four in 501) is simply absent.
    winner : int
        The seat that won the trick.
    """

    leader: int
    cards: tuple
    winner: int

    @property
    def played(self) -> tuple[Card, ...]:
        """The cards alone, in play order (``played[0]`` was led)."""
        return tuple(c for _, c in self.cards)

    @property
    def lead(self) -> Card:
        """The card led."""
        return self.cards[0][1]

    def card_of(self, seat: int) -> Card | None:
        """The card ``seat`` played to this trick, or ``None`` if it played none."""
        for s, c in self.cards:
            if s == seat:
                return c
        return None

    def by_seat(self) -> dict[int, Card]:
        """The cards keyed by seat (``by_seat()[s]`` is what seat ``s`` played)."""
        return dict(self.cards)

    def card_points(self, values: Sequence[int]) -> int:
        """The trick's card points, given ``values`` indexed by card (``values[card]``: each
        variant's card-point table)."""
        return sum(values[c] for _, c in self.cards)


@dataclass(frozen=True)
class TrickRules:
    """How cards rank in a trick and what a follower must play.

    Parameters
    ----------
    rank_order : tuple of Rank
        Ranks from highest to lowest in trick-taking (default A 10 K Q J 9).
    must_follow, must_head, must_trump, must_overtrump : bool
        The follower's duties, as described in the module docstring.
    """

    rank_order: tuple[Rank, ...] = RANKS_66
    must_follow: bool = True
    must_head: bool = False
    must_trump: bool = False
    must_overtrump: bool = False
    _strength: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        table = [-1] * 80
        n = len(self.rank_order)
        for i, r in enumerate(self.rank_order):
            for s in Suit:
                table[int(Card.of(s, r))] = n - i
        object.__setattr__(self, "_strength", tuple(table))

    def strength(self, card: Card) -> int:
        """Trick-taking strength of ``card`` within its suit (higher wins; -1 if not ranked)."""
        return self._strength[card]


#: No duties at all: any card may be played (Sixty-six while the stock is open).
FREE_PLAY = TrickRules(must_follow=False)


def trick_winner(cards: Sequence[Card], trump: Suit | None, rules: TrickRules) -> int:
    """Index (0-based, in play order) of the card that wins the trick.

    Parameters
    ----------
    cards : sequence of Card
        The cards in the order they were played; ``cards[0]`` was led. Must not be empty.
    trump : Suit or None
        The trump suit, or ``None`` for no trump.
    rules : TrickRules
        Supplies the rank order.

    Returns
    -------
    int
        The highest trump if any trump was played, otherwise the highest card of the suit led.
    """
    strength = rules._strength
    best = 0
    best_card = cards[0]
    best_suit = best_card.suit
    for i in range(1, len(cards)):
        c = cards[i]
        s = c.suit
        if s == best_suit:
            if strength[c] > strength[best_card]:
                best, best_card = i, c
        elif s == trump and trump is not None:
            best, best_card, best_suit = i, c, s
    return best


def legal_plays(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, rules: TrickRules
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` under ``rules``.

    Parameters
    ----------
    hand : sequence of Card
        The player's cards (not empty).
    trick : sequence of Card
        Cards already played to this trick, in order; empty when leading (any card may be led).
    trump : Suit or None
    rules : TrickRules

    Returns
    -------
    tuple of Card
        A non-empty subset of ``hand``, in hand order.
    """
    if not trick or not (rules.must_follow or rules.must_trump):
        return tuple(hand)
    strength = rules._strength
    led = trick[0].suit
    if rules.must_follow:
        same = [c for c in hand if c.suit == led]
        if same:
            if rules.must_head:
                trumped = trump is not None and led != trump and any(c.suit == trump for c in trick)
                if not trumped:
                    top = max(strength[c] for c in trick if c.suit == led)
                    higher = [c for c in same if strength[c] > top]
                    if higher:
                        return tuple(higher)
            return tuple(same)
    if rules.must_trump and trump is not None and not any(c.suit == led for c in hand):
        trumps = [c for c in hand if c.suit == trump]
        if trumps:
            if rules.must_overtrump:
                in_trick = [strength[c] for c in trick if c.suit == trump]
                if in_trick:
                    top = max(in_trick)
                    higher = [c for c in trumps if strength[c] > top]
                    if higher:
                        return tuple(higher)
            return tuple(trumps)
    return tuple(hand)


def explain_duty(
    card: Card, hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, rules: TrickRules
) -> tuple[str, str] | None:
    """Why ``card`` may not be played, as ``(rule_key, reason)``, or ``None`` if it may.

    ``rule_key`` is one of ``"follow"``, ``"head"``, ``"trump"``, ``"overtrump"``; the variant
    prefixes it with its own rule id namespace.
    """
    allowed = legal_plays(hand, trick, trump, rules)
    if card in allowed:
        return None
    from .cards import format_cards

    led = trick[0].suit
    same = [c for c in hand if c.suit == led]
    shown = format_cards(allowed)
    if same:
        if card.suit == led and rules.must_head and len(allowed) < len(same):
            return ("head", f"you must beat the {trick_top(trick, led, rules)} if you can: play one of {shown}")
        return ("follow", f"you must follow suit ({led.symbol}): you hold {shown}")
    if rules.must_overtrump and len(allowed) < sum(1 for c in hand if c.suit == trump):
        return ("overtrump", f"you cannot follow {led.symbol} and must beat the trump in the trick: play one of {shown}")
    return ("trump", f"you cannot follow {led.symbol}, so you must play a trump ({trump.symbol}): you hold {shown}")


def trick_top(trick: Sequence[Card], suit: Suit, rules: TrickRules) -> Card:
    """The highest card of ``suit`` in ``trick``."""
    return max((c for c in trick if c.suit == suit), key=rules.strength)
