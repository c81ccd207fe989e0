"""The rule-based player of Ninety-Nine (:mod:`cardlab.ninetynine`): a few plain rules a learner
can read and check (listed in :class:`NinetyNinePlayer`). It sees only a
:class:`~cardlab.ninetynine.NinetyNineView`, never the state. Its count of the tricks a hand may
take, :func:`estimate_tricks`, is also what the bid-card explorer shows.
"""

from __future__ import annotations

import random
from typing import Sequence

from ..actions import Action, play
from ..cards import Card, Rank, Suit
from ..ninetynine import BID_VALUE, DECLARE, PASS, RANKS_99, STRENGTH, TRICK_RULES, NinetyNineView
from ..tricks import trick_winner

__all__ = ["NinetyNinePlayer", "estimate_tricks"]


def estimate_tricks(cards: Sequence[Card], trump: Suit | None) -> tuple[float, list[str]]:
    """A learner's estimate of the tricks ``cards`` (the nine to play, with the joker already
    replaced by the card it stands for) will take, with the reasons, one line per counted card.

    Counting rules (readable, not optimal):

    * an ace counts 1; a king counts 1 with the ace of its suit, else ½ if it has a guard;
      a queen counts ½ with the ace or king of its suit and a guard;
    * trumps: every trump beyond the third counts 1 more (long trumps win when the others are
      out); the jack of trumps counts ½ with three or more trumps;
    * at no trump, every card beyond the fourth in a suit headed by an ace or king counts ½.

    Returns ``(estimate, reasons)``; the estimate is a multiple of ½."""
    by_suit: dict[Suit, list[Card]] = {s: [] for s in Suit}
    for c in cards:
        by_suit[c.suit].append(c)
    est = 0.0
    why: list[str] = []
    for s, held in by_suit.items():
        ranks = {c.rank for c in held}
        n = len(held)
        if Rank.ACE in ranks:
            est += 1
            why.append(f"A{s.symbol}: 1")
        if Rank.KING in ranks:
            if Rank.ACE in ranks:
                est += 1
                why.append(f"K{s.symbol} with the ace: 1")
            elif n >= 2:
                est += 0.5
                why.append(f"K{s.symbol} guarded: ½")
        if Rank.QUEEN in ranks and n >= 3 and (Rank.ACE in ranks or Rank.KING in ranks):
            est += 0.5
            why.append(f"Q{s.symbol} with a higher honour: ½")
        if s == trump:
            if n > 3:
                est += n - 3
                why.append(f"{n} trumps: {n - 3} long trump{'s' if n > 4 else ''}")
            if Rank.JACK in ranks and n >= 3:
                est += 0.5
                why.append(f"J{s.symbol} among {n} trumps: ½")
        elif trump is None and n > 4 and (Rank.ACE in ranks or Rank.KING in ranks):
            est += 0.5 * (n - 4)
            why.append(f"long {s.symbol} ({n} cards): {0.5 * (n - 4):g}")
    return est, why


class NinetyNinePlayer:
    """A rule-based player a learner can read. It sees only a :class:`NinetyNineView`.

    Bidding: for every way of laying aside three cards, estimate the tricks the nine cards left
    will take (:func:`estimate_tricks`: high cards and trumps) and keep the choice whose code
    (♦ 0, ♠ 1, ♥ 2, ♣ 3) comes nearest that estimate; among equals, keep the strongest nine
    (lay aside the lowest cards).

    Premiums (when allowed): declare only a clear-cut hand: every card kept is either a top card
    (an ace, or in an unbroken run from the ace) or a nine or lower, with at most three trumps,
    and the bid equals the number of top cards; never reveal.

    Play, with ``need`` = bid − tricks won:

    * ``need > 0``: following, win with the cheapest card that beats the trick if it can (last
      to play) or if that card is an ace or a trump; otherwise play the lowest card. Leading,
      lead the highest card of the longest suit when it holds the suit's ace, else the lowest.
    * ``need <= 0`` (made, or failed by too many): lose tricks: play the highest card that does
      not win the trick, else the lowest; lead the lowest card.

    ``seed`` only breaks ties reproducibly."""

    name = "rule-based"

    def __init__(self, seed: int | None = 0):
        self.rng = random.Random(seed)

    def choose(self, view: NinetyNineView) -> Action:
        if view.phase == "bidding":
            return self.choose_bid(view)[0]
        if view.phase == "premium":
            return self._premium(view)
        return self._play(view)

    # -- bidding ------------------------------------------------------------------------------
    def choose_bid(self, view: NinetyNineView) -> tuple[Action, float, list[str]]:
        """The bid action, the estimate of the nine cards kept, and the reasons."""
        best = None
        for a in view.legal_actions:
            keep = [view.effective(c) for c in view.hand if c not in a.value]
            est, why = estimate_tricks(keep, view.trump)
            bid = sum(BID_VALUE[view.effective(c).suit] for c in a.value)
            strength = sum(STRENGTH[c] + (9 if c.suit == view.trump else 0) for c in keep)
            key = (abs(bid - est), -strength)
            if best is None or key < best[0]:
                best = (key, a, est, why)
        return best[1], best[2], best[3]

    def _premium(self, view: NinetyNineView) -> Action:
        kinds = {a.kind for a in view.legal_actions}
        if "declare" not in kinds:
            return PASS
        sure = _clear_tricks(view.hand, view)
        if sure is not None and sure == view.bid:
            return DECLARE
        return PASS

    # -- play ---------------------------------------------------------------------------------
    def _play(self, view: NinetyNineView) -> Action:
        plays = [a.card for a in view.legal_actions]
        eff = view.effective
        need = view.bid - view.tricks_won[view.seat]
        trump = view.trump
        if not view.trick:
            if need > 0:
                by_suit: dict = {}
                for c in plays:
                    by_suit.setdefault(eff(c).suit, []).append(c)
                longest = max(by_suit.values(), key=lambda cs: (len(cs), max(STRENGTH[eff(c)] for c in cs)))
                top = max(longest, key=lambda c: STRENGTH[eff(c)])
                if eff(top).rank == Rank.ACE:
                    return play(top)
            return play(min(plays, key=lambda c: (STRENGTH[eff(c)], eff(c).suit == trump)))
        trick = [eff(c) for c in view.trick]
        last = len(trick) == 2

        def wins(c: Card) -> bool:
            return trick_winner(trick + [eff(c)], trump, TRICK_RULES) == len(trick)

        winners = [c for c in plays if wins(c)]
        losers = [c for c in plays if not wins(c)]
        if need > 0 and winners:
            cheap = min(winners, key=lambda c: (eff(c).suit == trump, STRENGTH[eff(c)]))
            if last or eff(cheap).rank == Rank.ACE or (trump is not None and eff(cheap).suit == trump):
                return play(cheap)
        if need > 0:
            return play(min(plays, key=lambda c: (eff(c).suit == trump, STRENGTH[eff(c)])))
        if losers:
            return play(max(losers, key=lambda c: (STRENGTH[eff(c)], eff(c).suit != trump)))
        return play(min(plays, key=lambda c: (eff(c).suit == trump, STRENGTH[eff(c)])))


def _clear_tricks(hand: Sequence[Card], view: NinetyNineView) -> int | None:
    """The tricks a hand will take if it is *clear-cut*, else ``None``: every card is either a
    top card (the ace, or in an unbroken run from the ace) or a nine or lower, and it holds at
    most three trumps. The count is the number of top cards."""
    cards = [view.effective(c) for c in hand]
    by_suit: dict = {}
    for c in cards:
        by_suit.setdefault(c.suit, set()).add(c.rank)
    if view.trump is not None and len(by_suit.get(view.trump, ())) > 3:
        return None
    sure = 0
    for ranks in by_suit.values():
        run = 0
        for r in RANKS_99:
            if r in ranks:
                run += 1
            else:
                break
        rest = [r for r in list(ranks) if RANKS_99.index(r) >= run]
        if any(r > Rank.NINE for r in rest):
            return None
        sure += run
    return sure
