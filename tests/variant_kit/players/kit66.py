"""The test variant's rule-based player: a few plain rules, reading only a
:class:`~variant_kit.kit66.Kit66View` (never the state)."""

from __future__ import annotations

import random

from cardlab.actions import Action
from cardlab.cards import Card
from cardlab.pack24 import CARD_POINTS
from cardlab.tricks import trick_winner

__all__ = ["Kit66Player"]


class Kit66Player:
    """A readable rule-based player. Its rules, in order:

    1. declare a marriage when it may (the trump marriage first), then lead its queen;
    2. leading: lead a sure winner (no unseen card of its suit is higher and, for a plain suit,
       no trump is unseen), the one worth most; otherwise the cheapest card of a plain suit;
    3. following: win the trick with the cheapest card that wins it if the trick holds 10 card
       points or more or the winning card is not a trump; otherwise play the cheapest card.

    ``seed`` is taken for the players' common interface; the choices are deterministic.
    """

    name = "heuristic"

    def __init__(self, seed: int | None = 0):
        self.rng = random.Random(seed)

    def choose(self, view) -> Action:
        """The action for ``view`` (whose ``legal_actions`` is not empty). Raises ``ValueError``
        when asked to act with no legal action."""
        legal = view.legal_actions
        if not legal:
            raise ValueError("the heuristic player was asked to act when it has no legal action")
        marriages = [a for a in legal if a.kind == "marriage"]
        if marriages:
            return max(marriages, key=lambda a: (a.value == view.trump, -int(a.value)))
        plays = [a for a in legal if a.kind == "play"]
        if view.pending_marriage is not None:
            return min(plays, key=lambda a: -int(a.card.rank))      # the queen before the king
        trump = view.trump
        strength = view.rules.trick_rules.strength

        def cheap(a: Action):
            return a.card.suit == trump, CARD_POINTS[a.card.rank], strength(a.card), int(a.card)

        if not view.trick:
            others = set(view.unseen) | set(view.known[1 - view.seat])
            sure = [a for a in plays if self._sure(a.card, others, trump, strength)]
            if sure:
                return max(sure, key=lambda a: (CARD_POINTS[a.card.rank], a.card.suit != trump))
            return min(plays, key=cheap)
        trick = view.trick
        rules = view.rules.trick_rules
        winners = [a for a in plays if trick_winner(trick + (a.card,), trump, rules) == 1]
        if winners:
            best = min(winners, key=lambda a: (a.card.suit == trump, strength(a.card)))
            if CARD_POINTS[trick[0].rank] >= 10 or best.card.suit != trump:
                return best
        return min(plays, key=cheap)

    @staticmethod
    def _sure(card: Card, others: set, trump, strength) -> bool:
        if any(u.suit == card.suit and strength(u) > strength(card) for u in others):
            return False
        return card.suit == trump or not any(u.suit == trump for u in others)
