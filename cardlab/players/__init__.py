"""Computer players. A player sees only a seat view (one seat's knowledge, ``state.view(seat)``),
never the state, so no player can peek at hidden cards.

Every variant offers three kinds, listed in its :class:`~cardlab.variants.Variant`'s
``player_kinds`` and built by :func:`make_player` (``kind, seed, variant=...``):

* ``"random"``: :class:`RandomPlayer` (any variant: it only needs ``view.legal_actions``);
* ``"heuristic"`` (also called ``"rule-based"``): the variant's readable rule-based player, one
  module per variant in this package (:class:`~cardlab.players.sixtysix.SixtySixPlayer`, …);
* ``"search"``: :class:`cardlab.analysis.search_player.SamplingPlayer`, which samples the hidden
  cards consistently with its view and searches each sampled world (any variant with an
  analysis adapter), within about 1 s a move.

:func:`kind_label` names each kind in words for menus. How strong each level is, measured over
duplicate deals, is in ``benchmarks/results/strength.md``.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from ..actions import Action

__all__ = ["Player", "RandomPlayer", "make_player", "player_kinds", "kind_label", "ALIASES", "KIND_LABELS"]


class Player(Protocol):
    """Anything with ``choose(view) -> Action``, where ``view.legal_actions`` is not empty."""

    name: str

    def choose(self, view: Any) -> Action: ...


class RandomPlayer:
    """Chooses uniformly at random among the legal actions; ``seed`` makes it reproducible."""

    name = "random"

    def __init__(self, seed: int | None = 0):
        self.rng = random.Random(seed)

    def choose(self, view: Any) -> Action:
        return self.rng.choice(view.legal_actions)


#: Other names accepted for a kind.
ALIASES = {"rule-based": "heuristic", "rules": "heuristic", "sampling": "search"}

#: Each kind in words, for menus: what the level is and how long it thinks.
KIND_LABELS = {
    "random": "Random (any legal move)",
    "heuristic": "Rule-based (plays by simple rules)",
    "search": "Search (about 1 s a move)",
    "expert": "Expert (strongest; thinks longer)",
}


def kind_label(kind: str) -> str:
    """The words naming player ``kind`` in a menu (e.g. "Search (about 1 s a move)"); a kind
    with no label (a variant's own) is named as it is written."""
    kind = ALIASES.get(kind, kind) if isinstance(kind, str) else kind
    return KIND_LABELS.get(kind, str(kind))


def player_kinds(variant: str | None = None) -> list[str]:
    """The player kinds ``variant`` offers (``"random"``, ``"heuristic"``, ``"search"``);
    ``None``: the registry's first game (``variants.names(declared=True)[0]``, Sixty-six).
    Raises ``KeyError`` for an unknown variant."""
    from .. import variants

    return list(variants.get(variant or variants.names(declared=True)[0]).player_kinds)


def make_player(name: str, seed: int | None = 0, variant: str | None = None) -> Player:
    """A computer player of kind ``name`` for ``variant`` (``None``: the registry's first game,
    Sixty-six): ``"random"``,
    ``"heuristic"`` (or ``"rule-based"``) or ``"search"``, seeded with ``seed``.

    Raises ``ValueError`` for an unknown kind or variant (listing the known ones)."""
    from .. import variants

    kind = ALIASES.get(name, name) if isinstance(name, str) else name
    if variant is None:
        variant = variants.names(declared=True)[0]
    try:
        v = variants.get(variant)
    except KeyError as exc:
        raise ValueError(f"no computer players for the variant {variant!r}: {exc.args[0]}") from None
    return v.make_player(kind, seed)
