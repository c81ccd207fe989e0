"""The one registry of variants: everything a front end needs to know about each game.

Each rules module describes its variant with a :class:`Variant` and registers it when imported;
code that works for every variant (records, the stepper, the play table, tournaments, the
analysis, benchmarks, tests) asks ``variants.get(name)`` (``name`` as stored in a record or in
``state.variant``) and never branches on a variant's name.

A sixth variant adds four modules and touches nothing else:

* ``cardlab/<variant>.py``: rules (rule set and presets, ``RULES``, deal, state, legality,
  apply/playout, view, explanations in words, result, score keeper) and one :func:`register`;
* ``cardlab/render/<variant>.py``: ``state_html(state, seat=None)`` and ``state_text(state, seat=None)``;
* ``cardlab/players/<variant>.py``: its rule-based computer player;
* ``cardlab/analysis/adapt_<variant>.py``: its solver adapter (``ADAPTER``), if it is analysed;
plus its line in :data:`BUILTIN` below, sample records in ``data/`` and a notebook.

Heavier pieces (renderer, players, adapter) are named by module path and imported on first use,
so ``import cardlab`` and importing a rules module stay light.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, NamedTuple, Sequence

__all__ = ["Variant", "ActionText", "ACTION_GROUPS", "register", "get", "names", "BUILTIN"]

#: The groups a play table shows actions in, the same in every variant: ``"card"`` (a card
#: played to a trick), ``"marriage"`` (announcing K+Q), ``"bid"`` (a bid or blind bid),
#: ``"contract"`` (naming the contract or trumps after an auction), ``"trumps"`` (naming or
#: turning trumps), ``"give"`` (a card passed, set aside or placed), ``"claim"`` (claims and
#: special contracts: out, redeal, five …), ``"stock"`` (exchange, close, draw, look, take),
#: ``"pass"`` (declining the call offered now) and ``"other"``.
ACTION_GROUPS: tuple[str, ...] = ("card", "marriage", "bid", "contract", "trumps", "give", "claim", "stock",
                                  "pass", "other")


class ActionText(NamedTuple):
    """How a front end shows one action.

    Attributes
    ----------
    group : str
        One of :data:`ACTION_GROUPS`.
    label : str
        Short button text in the rule's words (``"Announce marriage ♥ (20)"``, ``"Bid 70"``).
    help : str
        One sentence saying what the action does, with the rule's id (a tooltip).
    """

    group: str
    label: str
    help: str = ""


@dataclass(frozen=True)
class Variant:
    """How to build, replay, show and play one variant.

    Attributes
    ----------
    name : str
        The id stored in records and in ``state.variant`` (e.g. ``"sixty-six"``).
    title : str
        Display name.
    players : int
        Number of players at the table.
    module : str
        The rules module (``"cardlab.sixtysix"``).
    rules_from_dict : callable(dict) -> rules
        Builds a rule set from a record's ``"rules"`` object; raises
        :class:`~cardlab.errors.RulesError` (with ``option`` set when one option is at fault).
    check_pack : callable(sequence) -> tuple of Card
        Validates a pack from a record; raises :class:`~cardlab.errors.DealError` saying what is wrong.
    deal : callable(rules, dealer, seed=None, pack=None, names=...) -> state
        Deals a hand.
    new_game : callable(rules, first_dealer, names) -> game
        A score keeper with ``next_dealer``, ``add(final_state)``, ``is_over``, ``winner``,
        ``names``, ``rules``, ``rows()`` and ``score_sheet()``; optionally ``goal`` and
        ``row_summary(row)`` (see the stepper).
    presets : mapping of str to rules
        The named rule sets; the first is the default.
    describe_action : callable(action, state) -> ActionText
        How a front end shows an action legal in ``state`` (its group, label and help).
    seat_names : tuple of str
        Default player names, one per seat.
    player_counts : tuple of int
        Every table size the variant accepts (default: just ``players``).
    renderer : str
        Module with ``state_html(state, seat=None)`` and ``state_text(state, seat=None)``.
    player_kinds : mapping of str to str
        Computer players: kind (``"random"``, ``"heuristic"``, ``"search"``) -> ``"module:attribute"``
        of a class or factory called with ``seed``.
    adapter : str or None
        Module whose ``ADAPTER`` is the variant's :class:`cardlab.analysis.adapters.Adapter`
        (``None``: not analysed).
    """

    name: str
    title: str
    players: int
    module: str
    rules_from_dict: Callable[[dict], Any]
    check_pack: Callable[[Sequence], tuple]
    deal: Callable[..., Any]
    new_game: Callable[..., Any]
    presets: Mapping[str, Any]
    describe_action: Callable[..., ActionText]
    seat_names: tuple[str, ...]
    player_counts: tuple[int, ...] = ()
    renderer: str = ""
    player_kinds: Mapping[str, str] = field(default_factory=dict)
    adapter: str | None = None

    def accepts(self, n: int) -> bool:
        """Whether ``n`` players can sit at this variant's table."""
        return n in (self.player_counts or (self.players,))

    @property
    def default_rules(self):
        """The default rule set (the first preset)."""
        return next(iter(self.presets.values()))

    def render(self):
        """The renderer module (imported on first use)."""
        return importlib.import_module(self.renderer)

    def make_player(self, kind: str, seed: int | None = 0):
        """A computer player of ``kind`` (one of :attr:`player_kinds`), seeded with ``seed``.
        Raises ``ValueError`` for an unknown kind, listing the known ones."""
        target = self.player_kinds.get(kind)
        if target is None:
            raise ValueError(f"unknown player {kind!r} for {self.title}; choose one of {', '.join(self.player_kinds)}")
        mod, attr = target.split(":")
        return getattr(importlib.import_module(mod), attr)(seed)


_REGISTRY: dict[str, Variant] = {}
#: Variants cardlab ships: name -> rules module, imported on first use so `import cardlab` stays light.
BUILTIN = {
    "sixty-six": "cardlab.sixtysix",
    "russian-501": "cardlab.russian501",
    "ninety-nine": "cardlab.ninetynine",
    "mariage-3": "cardlab.mariage3",
    "mariage-4": "cardlab.mariage4",
}


def register(variant: Variant) -> None:
    """Add ``variant`` to the registry (a later registration of the same name replaces it)."""
    _REGISTRY[variant.name] = variant


def get(name: str) -> Variant:
    """The variant called ``name``. Raises ``KeyError`` with the known names if there is none."""
    if name not in _REGISTRY and isinstance(name, str) and name in BUILTIN \
            and importlib.util.find_spec(BUILTIN[name]) is not None:
        importlib.import_module(BUILTIN[name])
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        raise KeyError(f"unknown variant {name!r}; known: {', '.join(names())}") from None


def names() -> list[str]:
    """The names of every known variant (built-in ones whose module is not shipped are left out)."""
    shipped = {n for n, mod in BUILTIN.items() if importlib.util.find_spec(mod) is not None}
    return sorted(set(_REGISTRY) | shipped)
