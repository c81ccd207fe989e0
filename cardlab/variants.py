"""The registry of variants: what records, steppers and tools need to know about each game.

Each variant module describes itself with a :class:`Variant` and registers it; code that works
for every variant (records, the stepper's game score, benchmarks) looks the variant up by the
name stored in a record or a state (``state.variant``), never by ``if name == ...``.

Adding a variant is: a rules dataclass with ``to_dict``/``from_dict``, a ``deal`` function, a
state class with the API of :class:`cardlab.state.GameState`, a game (score) class, renderers
registered in :mod:`cardlab.render`, and one :func:`register` call.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import Any, Callable, Sequence

__all__ = ["Variant", "register", "get", "names"]


@dataclass(frozen=True)
class Variant:
    """How to build and replay one variant.

    Attributes
    ----------
    name : str
        The id stored in records and in ``state.variant`` (e.g. ``"sixty-six"``).
    title : str
        Display name.
    players : int
        Number of players at the table.
    rules_from_dict : callable(dict) -> rules
        Builds a rule set from a record's ``"rules"`` object; raises
        :class:`~cardlab.errors.RulesError` (with ``option`` set when one option is at fault).
    check_pack : callable(sequence) -> tuple of Card
        Validates a pack from a record; raises ``ValueError`` saying what is wrong.
    deal : callable(rules, dealer, seed=None, pack=None, names=...) -> state
        Deals a hand.
    new_game : callable(rules, first_dealer, names) -> game
        A score keeper with ``next_dealer``, ``add(final_state)``, ``is_over``, ``winner``,
        ``names``, ``rules``, ``rows()`` and ``score_sheet()``. ``rows()`` gives one dict per
        finished hand with a running total under each player's name. Optionally the game also
        has ``goal`` (a phrase such as ``"game to 11"``, shown by the stepper; default
        ``"game to {rules.target}"``) and ``row_summary(row) -> str`` (what that hand scored,
        e.g. ``"Ana scores 2"``; default uses the row's ``winner`` and ``game points``).
    player_counts : tuple of int
        Every table size the variant accepts (default: just ``players``); e.g. a three-player
        game that four can play with the dealer sitting out gives ``(3, 4)``.
    """

    name: str
    title: str
    players: int
    rules_from_dict: Callable[[dict], Any]
    check_pack: Callable[[Sequence], tuple]
    deal: Callable[..., Any]
    new_game: Callable[..., Any]
    player_counts: tuple[int, ...] = ()

    def accepts(self, n: int) -> bool:
        """Whether ``n`` players can sit at this variant's table."""
        return n in (self.player_counts or (self.players,))


_REGISTRY: dict[str, Variant] = {}
# Variants cardlab ships, imported on first use so `import cardlab` stays light.
_BUILTIN = {
    "sixty-six": "cardlab.sixtysix",
    "russian-501": "cardlab.prikup501",
    "ninety-nine": "cardlab.ninetynine",
    "mariage-3": "cardlab.mariage",
    "mariage-4": "cardlab.mariage4",
}


def register(variant: Variant) -> None:
    """Add ``variant`` to the registry (a later registration of the same name replaces it)."""
    _REGISTRY[variant.name] = variant


def get(name: str) -> Variant:
    """The variant called ``name``. Raises ``KeyError`` with the known names if there is none."""
    if name not in _REGISTRY and name in _BUILTIN and importlib.util.find_spec(_BUILTIN[name]) is not None:
        importlib.import_module(_BUILTIN[name])
    try:
        return _REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown variant {name!r}; known: {', '.join(names())}") from None


def names() -> list[str]:
    """The names of every known variant (built-in ones whose module is not shipped are left out)."""
    shipped = {n for n, mod in _BUILTIN.items() if importlib.util.find_spec(mod) is not None}
    return sorted(set(_REGISTRY) | shipped)
