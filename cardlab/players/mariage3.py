"""The rule-based player of three-player Mariage (:mod:`cardlab.mariage3`): a few plain rules a
learner can read and check (listed in :class:`Mariage3Player`). It sees only a
:class:`~cardlab.mariage3.Mariage3View`, never the state.
"""

from __future__ import annotations

import random

from ..actions import Action
from ..cards import PACK_24, Card, Rank, Suit
from ..mariage3 import SEATS, Mariage3View
from ..pack24 import CARD_POINTS
from ..tricks import RANKS_66, trick_winner

__all__ = ["Mariage3Player"]

_PTS = {c: CARD_POINTS[c.rank] for c in PACK_24}
_KING = {s: Card.of(s, Rank.KING) for s in Suit}
_QUEEN = {s: Card.of(s, Rank.QUEEN) for s in Suit}


class Mariage3Player:
    """A readable rule-based player for three-player Mariage. It sees only a :class:`Mariage3View`.

    Its rules, in order:

    1. fixing trumps (``eldest_chooses``): name the suit in which its first three cards hold
       the most card points, if it holds two cards of it; otherwise ``turn``;
    2. declare a marriage when it may (the trump marriage first);
    3. after declaring, lead the queen (the king wins more often later);
    4. leading: lead a *sure winner* (no unseen card of its suit is higher, and for a plain suit
       no trump is left unseen), the one worth most; otherwise the cheapest card of a plain suit,
       keeping marriage partners and trumps;
    5. following as the last player: win the trick with the cheapest card that wins it, unless
       that card is a trump and the trick holds fewer than 10 card points; otherwise throw the
       cheapest legal card (plain suits before trumps);
    6. following second: win if it can with a card no unseen card of the suit led or of trumps
       can beat (the third player may still be void); otherwise throw the cheapest card.

    ``seed`` is accepted for the players' common interface; the choices are deterministic.
    """

    name = "heuristic"

    def __init__(self, seed: int | None = 0):
        self.rng = random.Random(seed)

    def choose(self, view: Mariage3View) -> Action:
        legal = view.legal_actions
        if not legal:
            raise ValueError("the heuristic player was asked to act when it has no legal action")
        kinds = [a.kind for a in legal]
        if "turn" in kinds:
            return self._trumps(view, legal)
        marriages = [a for a in legal if a.kind == "marriage"]
        if marriages:
            return max(marriages, key=lambda a: (a.value == view.trump, -int(a.value)))
        plays = [a for a in legal if a.kind == "play"]
        if view.pending_marriage is not None:
            return min(plays, key=lambda a: a.card.rank == Rank.KING)
        if not view.trick:
            return self._lead(view, plays)
        return self._follow(view, plays)

    @staticmethod
    def _trumps(view: Mariage3View, legal) -> Action:
        best, score = None, -1
        for s in Suit:
            cards = [c for c in view.hand if c.suit == s]
            pts = sum(_PTS[c] for c in cards)
            if len(cards) >= 2 and pts > score:
                best, score = s, pts
        return Action("trumps", None, best) if best is not None else Action("turn")

    @staticmethod
    def _strength(card: Card) -> int:
        return len(RANKS_66) - RANKS_66.index(card.rank)

    def _sure(self, view: Mariage3View, card: Card) -> bool:
        """No unseen (or shown) card in the others' hands beats ``card`` when it is led."""
        others = set(view.unseen)
        for s in SEATS:
            if s != view.seat:
                others.update(view.known[s])
        if any(u.suit == card.suit and self._strength(u) > self._strength(card) for u in others):
            return False
        if card.suit != view.trump and any(u.suit == view.trump for u in others):
            return False
        return True

    def _lead(self, view: Mariage3View, plays: list[Action]) -> Action:
        sure = [a for a in plays if self._sure(view, a.card)]
        if sure:
            return max(sure, key=lambda a: (_PTS[a.card], a.card.suit != view.trump))
        hand = view.hand
        pairs = {c for c in hand if c.rank in (Rank.KING, Rank.QUEEN)
                 and _KING[c.suit] in hand and _QUEEN[c.suit] in hand}
        return min(plays, key=lambda a: (a.card.suit == view.trump, a.card in pairs, _PTS[a.card],
                                          self._strength(a.card), int(a.card)))

    def _follow(self, view: Mariage3View, plays: list[Action]) -> Action:
        trick = view.trick
        trump = view.trump
        rules = view.rules.trick_rules
        at_stake = sum(_PTS[c] for c in trick)

        def wins(card: Card) -> bool:
            return trick_winner(trick + (card,), trump, rules) == len(trick)

        winners = [a for a in plays if wins(a.card)]
        cheapest = min(plays, key=lambda a: (a.card.suit == trump, _PTS[a.card], self._strength(a.card), int(a.card)))
        if not winners:
            return cheapest
        cheap_win = min(winners, key=lambda a: (a.card.suit == trump, self._strength(a.card), _PTS[a.card]))
        if len(trick) == 2:  # last to play: this card decides the trick
            if at_stake >= 10 or cheap_win.card.suit != trump:
                return cheap_win
            return cheapest
        # second to play: the third player may still beat us
        safe = [a for a in winners if self._sure_now(view, a.card)]
        if safe:
            return min(safe, key=lambda a: (a.card.suit == trump, self._strength(a.card)))
        return cheapest

    def _sure_now(self, view: Mariage3View, card: Card) -> bool:
        """Can no card left to the third player beat ``card`` in this trick? Treats every unseen
        card as possibly his."""
        third = (view.seat + 1) % 3
        cand = set(view.unseen) | set(view.known[third])
        led = view.trick[0].suit
        rules = view.rules.trick_rules
        # Any card the third player might hold that beats ours (a higher card of the suit led, or
        # a trump when he may be void) makes the win unsure.
        return not any(trick_winner(view.trick + (card, u), view.trump, rules) == 2
                       and u.suit in (led, view.trump) for u in cand)

