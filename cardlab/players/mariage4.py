"""The rule-based player of four-player Mariage (:mod:`cardlab.mariage4`): a few plain rules a
learner can read and check (listed in :class:`Mariage4Player`). It sees only a
:class:`~cardlab.mariage4.Mariage4View`, never the state.
"""

from __future__ import annotations

import random

from ..actions import Action
from ..cards import PACK_24, Card, Suit
from ..mariage4 import PASS, RUSSIAN_4, TURN, Mariage4View, partner_of
from ..pack24 import CARD_POINTS
from ..tricks import trick_winner

__all__ = ["Mariage4Player"]

_PTS = {c: CARD_POINTS[c.rank] for c in PACK_24}
_TRUMP = {s: Action("trump", None, s) for s in Suit}


class Mariage4Player:
    """A readable rule-based player; it sees only a :class:`Mariage4View`.

    1. Cut: a seeded random cut. Trumps: name the suit of which it holds the most of its first
       three cards (the one with more card points on a tie) if it holds two or three of it, else
       turn the last card.
    2. Announce, in this order:

       a. three nines whenever it holds three or four nines (with four it prefers this game,
          worth 3, to a redeal; where three nines is not played it claims the redeal);
       b. a redeal only for a weak hand: always when its hand is under 13 card points
          (``redeal points``), and for its pair's shortage of trumps (``redeal trumps``) only
          when its hand is also under ``weak_below`` card points (20 by default; an average
          hand holds 120 / 4 = 30). With a better hand it plays on;
       c. "six" with six top cards in no-trump play (cards no unseen card can beat);
       d. never "five", "fur coat" or "suit": they must keep a card the opponents could beat,
          and it survives only if every higher card of its suit is in the partner's thrown-in
          hand (6 of the 18 cards it cannot see) or set aside: about one chance in three when
          one card is higher, for a stake the same size either way. Otherwise it passes.
    3. Three nines: place the lowest matching card, at the top or the bottom at random (the place
       only says which card is meant: it does not change the score); leave the nine of the suit in
       which the declarer holds the most cards (the opponents are least likely to match it).
    4. Five: set aside the lowest card.
    5. Play: when about to lead, claim 66 with a marriage if it brings the pair to 66 (it counts
       perfectly: the rule forbids looking back at tricks, not remembering them, so its claims are
       never false); else declare a marriage (trumps first); lead the highest sure winner, else
       a low card; follow by winning cheaply when the partner is not already winning, else
       throw the lowest card.
    """

    name = "rule-based"

    def __init__(self, seed: int | None = 0, weak_below: int = 20):
        self.rng = random.Random(seed)
        self.weak_below = weak_below

    def choose(self, view: Mariage4View) -> Action:
        """One of ``view.legal_actions``, by the rules in the class docstring (uses only the view)."""
        legal = view.legal_actions
        kinds: dict[str, list[Action]] = {}
        for a in legal:
            kinds.setdefault(a.kind, []).append(a)
        ph = view.phase
        hand = view.hand
        if ph == "cut":
            return self.rng.choice(legal)
        if ph == "trumps":
            counts = {s: sum(c.suit == s for c in hand) for s in Suit}
            best = max(Suit, key=lambda s: (counts[s], sum(_PTS[c] for c in hand if c.suit == s)))
            return _TRUMP[best] if counts[best] >= 2 and _TRUMP[best] in legal else TURN
        if ph == "announce":
            if "three nines" in kinds:
                return kinds["three nines"][0]
            redeals = {a.value: a for a in kinds.get("redeal", ())}
            if "points" in redeals:
                return redeals["points"]
            if "nines" in redeals:                      # four nines where three nines is not played
                return redeals["nines"]
            if "trumps" in redeals and sum(_PTS[c] for c in hand) < self.weak_below:
                return redeals["trumps"]
            if "six" in kinds and _top_cards(hand) >= 6:
                return kinds["six"][0]
            return PASS
        if ph == "nines":
            if "leave" in kinds:
                return max(kinds["leave"], key=lambda a: sum(c.suit == a.card.suit for c in hand))
            places = [a for a in kinds.get("place", []) if a.card is not None and a.value == "top"]
            if places:
                low = min(places, key=lambda a: (_PTS[a.card], _STR(a.card)))
                return Action("place", low.card, self.rng.choice(("top", "bottom")))
            return legal[0]
        if ph == "give":
            return min(legal, key=lambda a: (_PTS[a.card], _STR(a.card)))
        # play
        if "claim" in kinds:
            pair = view.seat % 2
            for a in kinds["claim"]:
                v = 40 if a.value == view.trump else 20
                has_trick = view.tricks_won[pair] + view.tricks_won[pair + 2] > 0
                if has_trick and view.pair_points[pair] + v >= 66:
                    return a
        if "marriage" in kinds:
            return max(kinds["marriage"], key=lambda a: a.value == view.trump)
        plays = kinds.get("play", [])
        trump = view.trump
        if not view.trick:
            unseen = set(view.unseen)
            sure = [a for a in plays if not any(u.suit == a.card.suit and _STR(u) > _STR(a.card) for u in unseen)]
            if sure:
                return max(sure, key=lambda a: (_PTS[a.card], a.card.suit != trump))
            return min(plays, key=lambda a: (a.card.suit == trump, _PTS[a.card], _STR(a.card)))
        cards = list(view.trick)
        best = trick_winner(cards, trump, view.rules.trick_rules)
        # in normal play nobody sits out: the k-th card of the trick is the leader's k-th neighbour
        partner_winning = view.contract is None and (view.leader + best) % 4 == partner_of(view.seat)
        if not partner_winning:
            winners = [a for a in plays if trick_winner(cards + [a.card], trump, view.rules.trick_rules) == len(cards)]
            if winners:
                return min(winners, key=lambda a: (a.card.suit == trump, _STR(a.card)))
            return min(plays, key=lambda a: (_PTS[a.card], _STR(a.card)))
        return max(plays, key=lambda a: (a.card.suit != trump, _PTS[a.card]))


def _STR(c: Card) -> int:
    return RUSSIAN_4.trick_rules.strength(c)


def _top_cards(hand) -> int:
    """Cards of ``hand`` that win in no-trump play whatever the others hold (top of their suit
    counting the hand's own higher cards)."""
    own = set(hand)
    n = 0
    for c in hand:
        if all(d in own for d in PACK_24 if d.suit == c.suit and _STR(d) > _STR(c)):
            n += 1
    return n
