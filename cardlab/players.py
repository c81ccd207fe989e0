"""Computer players, and the registry of the players of every variant. A player sees only a
seat view (one seat's knowledge: :class:`~cardlab.sixtysix.SeatView` in Sixty-six), never the
state, so no player can peek at hidden cards. The Sixty-six players are defined here:

* :class:`RandomPlayer` picks uniformly among the legal actions (seeded, reproducible).
* :class:`HeuristicPlayer` follows a few plain rules a learner can read and check:

  1. take any bonus that is free: exchange the trump nine; announce the best marriage;
  2. once the stock is gone or closed, or when following, win a trick cheaply if it is worth it,
     otherwise throw the lowest card;
  3. close the stock when its own points plus the sure tricks it holds reach 66;
  4. when leading with the stock open, lead a low non-trump card.

Every variant has three kinds of player, built by :func:`make_player` (``kind, seed,
variant=...``) from the registry :data:`KINDS` (data: variant -> kind -> "module:attribute"):

* ``"random"``: :class:`RandomPlayer` (any variant: it only needs ``view.legal_actions``);
* ``"heuristic"`` (also called ``"rule-based"``): the readable rule-based player, this module's
  :class:`HeuristicPlayer` for Sixty-six, each variant module's own for the others;
* ``"search"``: :class:`cardlab.analysis.search_player.SamplingPlayer`, which samples the hidden
  cards consistently with its view and searches each sampled world (any variant with an
  analysis adapter; in the games without a stock it searches the card play and leaves the
  auction, contracts and bid cards to the rule-based player).

:func:`player_kinds` lists the kinds a variant offers; :func:`register_player` adds one.
"""

from __future__ import annotations

import random
from typing import Protocol

from .actions import Action
from .cards import Card, Rank
from .sixtysix import CARD_POINTS, SeatView
from .tricks import RANKS_66

__all__ = ["Player", "RandomPlayer", "HeuristicPlayer", "make_player", "PLAYERS", "KINDS", "player_kinds",
           "register_player"]

_STRENGTH = {r: len(RANKS_66) - i for i, r in enumerate(RANKS_66)}


class Player(Protocol):
    """Anything with ``choose(view) -> Action``, where ``view.legal_actions`` is not empty."""

    name: str

    def choose(self, view: SeatView) -> Action: ...


class RandomPlayer:
    """Chooses uniformly at random among the legal actions; ``seed`` makes it reproducible."""

    name = "random"

    def __init__(self, seed: int | None = 0):
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal_actions)


def _pts(card: Card) -> int:
    return CARD_POINTS[card.rank]


def _beats(a: Card, b: Card, trump) -> bool:
    """Does ``a``, played second, beat ``b``, led?"""
    if a.suit == b.suit:
        return _STRENGTH[a.rank] > _STRENGTH[b.rank]
    return a.suit == trump


class HeuristicPlayer:
    """A simple rule-based player (rules in the module docstring). Deterministic."""

    name = "heuristic"

    def __init__(self, seed: int | None = 0):
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        kinds = {a.kind: a for a in legal}
        plays = [a for a in legal if a.kind == "play"]
        trump = view.trump
        if "out" in kinds and view.points[view.seat] >= 66:
            return kinds["out"]
        if "exchange" in kinds:
            return kinds["exchange"]
        marriages = [a for a in legal if a.kind == "marriage"]
        if marriages:
            return max(marriages, key=lambda a: a.value == trump)
        if "close" in kinds and self._close_is_safe(view):
            return kinds["close"]
        if "draw" in kinds:  # won a trick and may close before drawing: closing wasn't safe
            return kinds["draw"]
        if view.trick:
            return self._follow(view, plays)
        return self._lead(view, plays)

    def _sure_winners(self, view: SeatView) -> list[Card]:
        """Cards no unseen card can beat when led (top cards of their suit, trumps first)."""
        unseen = set(view.unseen) | set(view.opponent_known)
        out = []
        for c in view.hand:
            higher = [u for u in unseen if u.suit == c.suit and _STRENGTH[u.rank] > _STRENGTH[c.rank]]
            if higher:
                continue
            if c.suit != view.trump and any(u.suit == view.trump for u in unseen):
                # a non-trump can be trumped only once the duty to follow applies and the
                # opponent is void; count it only when we hold all the trumps left
                continue
            out.append(c)
        return out

    def _close_is_safe(self, view: SeatView) -> bool:
        sure = self._sure_winners(view)
        return view.points[view.seat] + sum(_pts(c) for c in sure) + 10 * bool(sure) >= 66

    def _follow(self, view: SeatView, plays: list[Action]) -> Action:
        lead = view.trick[0]
        trump = view.trump
        winners = [a for a in plays if _beats(a.card, lead, trump)]
        at_stake = _pts(lead)
        if winners:
            # win with the cheapest card of the led suit; trump only a card worth 10 or more
            same = [a for a in winners if a.card.suit == lead.suit]
            if same:
                return min(same, key=lambda a: _STRENGTH[a.card.rank])
            if at_stake >= 10 or not view.stock_open:
                return min(winners, key=lambda a: (_STRENGTH[a.card.rank], _pts(a.card)))
        return min(plays, key=lambda a: (a.card.suit == trump, _pts(a.card), _STRENGTH[a.card.rank]))

    def _lead(self, view: SeatView, plays: list[Action]) -> Action:
        trump = view.trump
        if not view.stock_open:
            sure = set(self._sure_winners(view))
            winners = [a for a in plays if a.card in sure]
            if winners:
                return max(winners, key=lambda a: (_pts(a.card), a.card.suit == trump))
        # keep marriage partners together and lead a cheap non-trump
        hand = view.hand
        kings_queens = {c for c in hand if c.rank in (Rank.KING, Rank.QUEEN)
                        and any(d.suit == c.suit and d.rank in (Rank.KING, Rank.QUEEN) and d != c for d in hand)}
        return min(plays, key=lambda a: (a.card.suit == trump, a.card in kings_queens, _pts(a.card),
                                          _STRENGTH[a.card.rank]))


PLAYERS = {"random": RandomPlayer, "heuristic": HeuristicPlayer}

#: Player kinds per variant: kind -> "module:attribute" of a class (or factory) taking ``seed``.
KINDS: dict[str, dict[str, str]] = {
    "sixty-six": {"random": "cardlab.players:RandomPlayer", "heuristic": "cardlab.players:HeuristicPlayer",
                  "search": "cardlab.analysis.search_player:SamplingPlayer"},
    "russian-501": {"random": "cardlab.players:RandomPlayer", "heuristic": "cardlab.prikup501:Rule501Player",
                    "search": "cardlab.analysis.search_player:SamplingPlayer"},
    "mariage-3": {"random": "cardlab.players:RandomPlayer", "heuristic": "cardlab.mariage:HeuristicPlayer",
                  "search": "cardlab.analysis.search_player:SamplingPlayer"},
    "mariage-4": {"random": "cardlab.players:RandomPlayer", "heuristic": "cardlab.mariage4:Mariage4Player",
                  "search": "cardlab.analysis.search_player:SamplingPlayer"},
    "ninety-nine": {"random": "cardlab.players:RandomPlayer", "heuristic": "cardlab.ninetynine:NinetyNinePlayer",
                    "search": "cardlab.analysis.search_player:SamplingPlayer"},
}
#: Other names accepted for a kind.
ALIASES = {"rule-based": "heuristic", "rules": "heuristic", "sampling": "search"}


def register_player(variant: str, kind: str, target: str) -> None:
    """Offer player ``kind`` in ``variant``: ``target`` is ``"module:attribute"`` of a class or
    factory called with ``seed``."""
    if ":" not in target:
        raise ValueError(f"give the player as 'module:attribute', not {target!r}")
    KINDS.setdefault(variant, {})[kind] = target


def player_kinds(variant: str = "sixty-six") -> list[str]:
    """The player kinds offered in ``variant`` whose code can be imported now."""
    out = []
    for kind, target in KINDS.get(variant, {}).items():
        try:
            _resolve(target)
        except (ImportError, AttributeError):
            continue
        out.append(kind)
    return out


def _resolve(target: str):
    import importlib

    mod, attr = target.split(":")
    return getattr(importlib.import_module(mod), attr)


def make_player(name: str, seed: int | None = 0, variant: str = "sixty-six") -> Player:
    """A computer player of kind ``name`` for ``variant`` (default Sixty-six): ``"random"``,
    ``"heuristic"`` (or ``"rule-based"``) or ``"search"``, seeded with ``seed``.

    Raises ``ValueError`` for an unknown kind or variant (listing the known ones), or when the
    variant's module that provides that kind cannot be imported."""
    kind = ALIASES.get(name, name) if isinstance(name, str) else name
    table = KINDS.get(variant)
    if table is None:
        raise ValueError(f"no computer players for the variant {variant!r}; known: {', '.join(KINDS)}")
    target = table.get(kind)
    if target is None:
        raise ValueError(f"unknown player {name!r}; choose one of {', '.join(table)}")
    try:
        factory = _resolve(target)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"the {kind!r} player of {variant} is not available: {exc}") from None
    return factory(seed)
