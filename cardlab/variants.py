"""The one registry of variants: everything a front end needs to know about each game.

Code that works for every variant (records, the stepper, the play table, tournaments, the
analysis, benchmarks, tests) asks ``variants.get(name)`` (``name`` as stored in a record or in
``state.variant``) and never branches on a variant's name. The variants cardlab ships are
described by one line each in :data:`BUILTIN`; the rules modules hold rules only and do not
register themselves. A variant from outside cardlab calls :func:`register` with a :class:`Variant`.

A sixth built-in variant adds four modules and one line of :data:`BUILTIN`:

* ``cardlab/<stem>.py``: rules (rule set and ``PRESETS``, ``RULES``, ``deal``, ``check_pack``,
  state, legality, apply/playout, view, explanations in words, ``describe_action``, result);
  its score keeper there or in a module of its own; for the classroom ``EXERCISE_KINDS``,
  ``places(rules, dealer, players)``, ``deal_from_places(places, rules, dealer, names, start)``,
  ``STANDING``, and as it needs them ``SCORE_REASONS`` and ``deal_start(rules)`` (the line of
  :data:`BUILTIN` gives its set code);
* ``cardlab/render/<stem>.py``: ``state_html(state, seat=None)`` and ``state_text(state, seat=None)``;
* ``cardlab/players/<stem>.py``: its rule-based computer player;
* ``cardlab/analysis/adapt_<stem>.py``: its solver adapter (``ADAPTER``), if it is analysed;

plus sample records in ``data/``, golden counts in ``tests/perft/`` (``tools/perft.py --write``)
and a notebook. The contract test (``tests/core/test_variant_contract.py``) then covers it unchanged.
Every piece is named by module path and imported on first use, so ``import cardlab`` stays light.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, NamedTuple, Sequence

from .errors import CardlabError

__all__ = ["Variant", "ActionText", "Place", "Standing", "ACTION_GROUPS", "Builtin", "register", "register_extra", "EXTRA_VARIANTS_ENV",
           "ExtraVariantError", "get", "names", "game_class", "BUILTIN"]

#: The groups a play table shows actions in, the same in every variant: ``"card"`` (a card
#: played to a trick), ``"marriage"`` (declaring K+Q), ``"bid"`` (a bid or blind bid),
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
        Short button text in the rule's words (``"Declare marriage ♥ (20)"``, ``"Bid 70"``).
    help : str
        One sentence saying what the action does, with the rule's id (a tooltip).
    """

    group: str
    label: str
    help: str = ""


class Place(NamedTuple):
    """One place a deal puts cards in, as the classroom's position text and editor write it.

    Attributes
    ----------
    name : str
        The place's field in position text: ``"hand 0"`` … (each seat's hand, cards in the order
        dealt), ``"turn-up"``, ``"stock"``, ``"prikup"``, ``"cut"``.
    size : int
        The cards it holds (0 for a hand that is not dealt, or a place of actions).
    holds : str
        What it holds, in words (one phrase, for a label or tooltip).
    action : str
        ``""`` for a place of cards; otherwise the kind of action the place writes: the hand's
        first actions of that kind, given by their values (four-player Mariage's ``"cut"``: the
        cuts made, after which the hands are dealt).
    default : str
        For a place of actions: the values written when none are chosen (``"12"``: one cut of 12).
    """

    name: str
    size: int
    holds: str
    action: str = ""
    default: str = ""


class Standing(NamedTuple):
    """One part of the standing a game starts from: a key of a record's ``start``, the same
    keyword of the variant's score keeper (``new_game(rules, first_dealer, names, **start)``).

    Attributes
    ----------
    name : str
        The key and keyword (``"totals"``, ``"scores"``, ``"pips"`` ...).
    label : str
        What the numbers are, in words, with their unit (``"game points per player"``).
    count : int or None
        How many numbers: ``0`` one per seat, ``n`` exactly ``n`` (one per pair: 2), ``None``
        one number (not a list).
    """

    name: str
    label: str
    count: int | None = 0

    def size(self, players: int) -> int | None:
        """The numbers this part holds at a table of ``players`` (``None``: one number)."""
        return players if self.count == 0 else self.count


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
        Default player names, one per seat: the rules module's ``SEAT_NAMES``, the default names
        of its deal, ``deal_from_places`` and score keeper.
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
    code : str
        The short code naming the variant in the classroom's set codes and position text
        (``"66"``, ``"m4"``): letters and digits, no ``-``; ``""``: the variant is not in the classroom.
    exercise_kinds : tuple of str
        The classroom's exercise kinds the variant has, in lesson order (the kinds are those of
        :data:`cardlab.classroom.exercises.ANSWER_FORMS`; ``"legal"`` and ``"trick"`` suit every
        trick-taking game, the others need what the variant scores: card points, marriages, bids ...).
    score_reasons : mapping of str to str
        For the ``"score"`` exercise: each ``reason`` the hand's result may give, in words (how
        the hand was won: ``"66"`` -> ``"the winner reached 66 points"``).
    places : callable(rules, dealer, players) -> tuple of Place, or None
        Where a deal under ``rules`` puts the cards: each seat's hand (``"hand 0"`` …) and then
        the variant's other places, in the order position text writes them.
    deal_from_places : callable(places, rules, dealer, names, start) -> state, or None
        The first state of the deal that puts these cards in these places (``places``: place
        name -> its cards in the order dealt, or for a place of actions their values; ``start``:
        the deal's keyword arguments of :attr:`deal_start`). Raises
        :class:`~cardlab.errors.DealError` as ``deal`` does. A place of actions is applied by
        the caller (the state returned is before them).
    deal_start : callable(rules) -> tuple of str
        The keyword arguments of ``deal`` that carry the standing before the hand into it under
        ``rules`` (Ninety-Nine's revised ``previous_successes``); by default none.
    standing : tuple of Standing
        Every part of the standing a game may start from (a record's ``start``, the score
        keeper's keywords), the main one first (the one a teacher types: totals, scores, pips),
        e.g. ``(Standing("totals", "game points per player"),)``; ``()`` if the keeper takes none.
    lesson_widgets : str
        The module of the variant's own lesson widgets (``"cardlab.widgets.russian501"``: 501's
        bidding table and deal stepper), imported on first use; ``""`` if it has none (the
        stepper and the play table serve every variant).
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
    code: str = ""
    exercise_kinds: tuple[str, ...] = ()
    score_reasons: Mapping[str, str] = field(default_factory=dict)
    places: Callable[..., tuple] | None = None
    deal_from_places: Callable[..., Any] | None = None
    deal_start: Callable[[Any], tuple[str, ...]] = lambda rules: ()
    standing: tuple[Standing, ...] = ()
    lesson_widgets: str = ""

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
        return _attribute(target)(seed)


_REGISTRY: dict[str, Variant] = {}
class Builtin(NamedTuple):
    """One line of :data:`BUILTIN`: what is not found in the rules module itself.

    The rules module ``cardlab.<stem>`` gives ``PRESETS`` (the first is the default; the rule
    set's class gives ``from_dict``), ``deal``, ``check_pack`` and ``describe_action``, and for the
    classroom ``EXERCISE_KINDS``, ``places``, ``deal_from_places``, ``STANDING``, ``deal_start`` (optional) and, if it
    has the ``"score"`` kind, ``SCORE_REASONS``; the
    renderer is ``cardlab.render.<stem>``, the rule-based player ``cardlab.players.<stem>:<heuristic>``
    and the solver adapter ``cardlab.analysis.adapt_<stem>``. ``extra_players`` names the computer
    levels of :data:`_LEVELS` the variant offers besides random, rule-based and search (a level
    measured stronger than search in this game: ``benchmarks/results/strength.md``).
    """

    stem: str
    title: str
    players: int
    game: str                       # the score keeper, "module:Class" (called with rules, first_dealer, names)
    heuristic: str                  # the rule-based player's class in cardlab.players.<stem>
    code: str                       # the classroom's short code (Variant.code)
    player_counts: tuple[int, ...] = ()
    extra_players: tuple[str, ...] = ()


#: The variants cardlab ships, by name; each is built on first use (so ``import cardlab`` stays light).
#: The lines are in the order the lessons are taken (notebooks/index.ipynb: Sixty-six, Mariage for
#: three, 501, Mariage for four, Ninety-Nine): :func:`names` with ``declared=True`` gives it, and
#: every menu of games reads it there (the play table's, the class page's), so one order holds
#: everywhere. A new variant's line goes where its lesson stands in that order.
BUILTIN: dict[str, Builtin] = {
    "sixty-six": Builtin("sixtysix", "Sixty-six for two (Santase, Russian Mariage, German 66)", 2,
                         "cardlab.sixtysix_game:SixtySixGame", "SixtySixPlayer", "66",
                         extra_players=("expert",)),
    "mariage-3": Builtin("mariage3", "Russian Mariage for three", 3, "cardlab.mariage3_game:Mariage3Game", "Mariage3Player",
                         "m3"),
    "russian-501": Builtin("russian501", "501 (Russian three-player 66 with prikup)", 3,
                           "cardlab.russian501_game:Russian501Game", "Russian501Player", "501", (3, 4),
                           extra_players=("expert",)),
    "mariage-4": Builtin("mariage4", "Russian Mariage for four (two pairs)", 4, "cardlab.mariage4_game:EightGame",
                         "Mariage4Player", "m4", extra_players=("expert",)),
    "ninety-nine": Builtin("ninetynine", "Ninety-Nine (David Parlett)", 3,
                           "cardlab.ninetynine_game:NinetyNineGame", "NinetyNinePlayer", "99",
                           extra_players=("expert",)),
}

#: Where a built-in variant's lesson widgets live, if it has any (found without importing ipywidgets).
_WIDGETS = Path(__file__).resolve().parent / "widgets"

#: The computer players every variant offers besides its rule-based one.
_COMMON_PLAYERS = {"random": "cardlab.players:RandomPlayer", "search": "cardlab.analysis.search_player:SamplingPlayer"}

#: The computer levels a variant may offer besides those (:attr:`Builtin.extra_players`): the
#: ``expert`` is search plus what the variant's analysis adapter declares for it: its own valuation
#: of the decisions before the card play, or more sampled deals (Sixty-six).
_LEVELS = {"expert": "cardlab.analysis.search_player:ExpertPlayer"}


def _attribute(target: str):
    """The object named ``"module:attribute"``, imported now."""
    module, attr = target.split(":")
    return getattr(importlib.import_module(module), attr)


def _game_factory(target: str):
    def new_game(rules, first_dealer, names, **start):
        return _attribute(target)(rules, first_dealer, names, **start)

    new_game.__doc__ = f"A score keeper ({target.replace(':', '.')}) for a game under ``rules``."
    new_game.keeper = target       # "module:Class", for game_class
    return new_game


def _build(name: str) -> Variant:
    """The :class:`Variant` of the built-in ``name``, from its :data:`BUILTIN` line and its rules module."""
    b = BUILTIN[name]
    module = f"cardlab.{b.stem}"
    m = importlib.import_module(module)
    return Variant(
        name=name, title=b.title, players=b.players, module=module,
        rules_from_dict=type(next(iter(m.PRESETS.values()))).from_dict,
        check_pack=m.check_pack, deal=m.deal, new_game=_game_factory(b.game), presets=m.PRESETS,
        describe_action=m.describe_action, seat_names=tuple(m.SEAT_NAMES),
        player_counts=b.player_counts, renderer=f"cardlab.render.{b.stem}",
        player_kinds={"random": _COMMON_PLAYERS["random"], "heuristic": f"cardlab.players.{b.stem}:{b.heuristic}",
                      "search": _COMMON_PLAYERS["search"], **{k: _LEVELS[k] for k in b.extra_players}},
        adapter=f"cardlab.analysis.adapt_{b.stem}", code=b.code,
        exercise_kinds=tuple(getattr(m, "EXERCISE_KINDS", ())), score_reasons=dict(getattr(m, "SCORE_REASONS", {})),
        places=getattr(m, "places", None), deal_from_places=getattr(m, "deal_from_places", None),
        standing=tuple(Standing(*part) for part in getattr(m, "STANDING", ())),
        lesson_widgets=f"cardlab.widgets.{b.stem}" if _WIDGETS.joinpath(f"{b.stem}.py").is_file() else "",
        **({"deal_start": m.deal_start} if hasattr(m, "deal_start") else {}))


def lazy_exports(module_name: str, exports: Mapping[str, str]):
    """A module ``__getattr__`` that imports ``exports`` (attribute name -> module) on first use,
    so a rules module can offer its score keeper without importing it (PEP 562)."""

    def __getattr__(name: str):
        if name in exports:
            return getattr(importlib.import_module(exports[name]), name)
        raise AttributeError(f"module {module_name!r} has no attribute {name!r}")

    return __getattr__


def register(variant: Variant) -> None:
    """Add ``variant`` to the registry (a later registration of the same name replaces it)."""
    _REGISTRY[variant.name] = variant


#: The environment variable naming variants from outside cardlab to register when the registry is
#: first asked (:func:`register_extra`); unset, none are. The tests set it for their test-only
#: variant (tests/conftest.py), so that variant never appears in a user's menus.
EXTRA_VARIANTS_ENV = "CARDLAB_EXTRA_VARIANTS"

_EXTRA = {"done": False, "loading": False}


class ExtraVariantError(CardlabError):
    """A value of :data:`EXTRA_VARIANTS_ENV` that does not name variants to register: an entry
    that is not ``module:attribute``, a module that cannot be imported, a missing attribute, an
    object that is not a :class:`Variant` (nor a callable returning one), or a variant that would
    replace a built-in one. The message quotes the entry at fault and says which it is."""


def register_extra(spec: str | None = None) -> list[str]:
    """Register the variants named by ``spec`` (default: the environment variable
    :data:`EXTRA_VARIANTS_ENV`, read now): ``"module:attribute[,module:attribute...]"``, each
    attribute a :class:`Variant` or a callable returning one (called with no arguments). Returns
    the names registered, in order. :func:`get` and :func:`names` call it once, with the
    environment's value, before they first answer; an empty or unset value registers nothing.

    Raises :class:`ExtraVariantError` saying which entry is wrong and how (nothing of a bad value
    is registered, and the next :func:`get` or :func:`names` raises again)."""
    from_env = spec is None
    if from_env:
        if _EXTRA["loading"]:       # a module being imported asked the registry: answer without it
            return []
        spec = os.environ.get(EXTRA_VARIANTS_ENV, "")
    if not isinstance(spec, str):
        raise ExtraVariantError(f"{EXTRA_VARIANTS_ENV} is text such as 'package.module:attribute', "
                                f"not {type(spec).__name__}")
    found: list[Variant] = []
    _EXTRA["loading"] = True
    try:
        for entry in (e.strip() for e in spec.split(",")):
            if not entry:
                continue
            module, sep, attr = entry.partition(":")
            if not sep or not module or not attr or ":" in attr:
                raise ExtraVariantError(f"{EXTRA_VARIANTS_ENV} entry {entry!r} is not 'module:attribute' "
                                        f"(e.g. 'package.module:attribute')")
            try:
                obj = getattr(importlib.import_module(module), attr)
            except ImportError as exc:
                raise ExtraVariantError(f"{EXTRA_VARIANTS_ENV} entry {entry!r}: module {module!r} cannot be "
                                        f"imported ({exc})") from None
            except AttributeError:
                raise ExtraVariantError(f"{EXTRA_VARIANTS_ENV} entry {entry!r}: module {module!r} has no "
                                        f"attribute {attr!r}") from None
            variant = obj() if callable(obj) and not isinstance(obj, Variant) else obj
            if not isinstance(variant, Variant):
                raise ExtraVariantError(f"{EXTRA_VARIANTS_ENV} entry {entry!r} gives a {type(variant).__name__}, "
                                        f"not a cardlab.variants.Variant (nor a callable returning one)")
            if variant.name in BUILTIN:
                raise ExtraVariantError(f"{EXTRA_VARIANTS_ENV} entry {entry!r} names the variant "
                                        f"{variant.name!r}, which is built in: give it a name of its own")
            found.append(variant)
    finally:
        _EXTRA["loading"] = False
    for variant in found:
        register(variant)
    if from_env:
        _EXTRA["done"] = True
    return [v.name for v in found]


def get(name: str) -> Variant:
    """The variant called ``name``. Raises ``KeyError`` with the known names if there is none."""
    if not _EXTRA["done"]:
        register_extra()
    if isinstance(name, str) and name not in _REGISTRY and name in BUILTIN and _shipped(name):
        _REGISTRY[name] = _build(name)
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        raise KeyError(f"unknown variant {name!r}; known: {', '.join(names())}") from None


def game_class(name: str):
    """The score keeper of the variant called ``name``: for a built-in variant its class (e.g.
    :class:`~cardlab.sixtysix_game.SixtySixGame`, imported now), otherwise its ``new_game``
    callable. Both take ``(rules, first_dealer, names, **start)``. Raises ``KeyError`` as
    :func:`get` does."""
    v = get(name)
    keeper = getattr(v.new_game, "keeper", None)
    return _attribute(keeper) if keeper else v.new_game


def _shipped(name: str) -> bool:
    return importlib.util.find_spec(f"cardlab.{BUILTIN[name].stem}") is not None


def names(declared: bool = False) -> list[str]:
    """The names of every known variant (built-in ones whose module is not shipped are left out),
    sorted by name; ``declared=True``: in the order they were declared, the lines of
    :data:`BUILTIN` (the lessons' order) and then the :func:`register` calls: the order every
    menu of games shows (the play table's, the class page's)."""
    if not _EXTRA["done"]:
        register_extra()
    builtin = [n for n in BUILTIN if _shipped(n)]
    if declared:
        return builtin + [n for n in _REGISTRY if n not in BUILTIN]
    return sorted(set(_REGISTRY) | set(builtin))
