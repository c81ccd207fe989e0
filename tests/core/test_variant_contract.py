"""The contract every registered variant keeps, for every preset (``variants.names()`` x presets).

One test module for the shared state API (see cardlab/state.py and cardlab/variants.py), run on
random hands of every variant and preset, checking at every state:

* the state API: ``to_act`` is a seat while running and ``None`` when over; ``legal_actions()``
  is a non-empty tuple of distinct Actions while running, empty when over; ``apply`` returns a
  new state whose parent is the old one, and leaves the old one unchanged; the text of every
  legal action parses back to it (``apply(str(a))``); ``phase`` is one of ``state.PHASES``;
  ``points(seat)`` is an int for every seat; ``explain()``, ``repr`` and ``_repr_html_`` work;
* cards conserved: ``card_locations()`` places every card of the pack exactly once;
* seat views: ``view(seat).hand`` is the seat's hand; a card the view calls ``unseen`` appears
  nowhere else in the view, is not in the seat's hand, and every card of the pack is either
  shown somewhere in the view or listed as unseen; ``view(seat).legal_actions`` is the legal
  list for the seat to act and empty for the others; completed tricks are ``tricks.Trick``;
* every refusal is typed and names a rule: random actions that are not legal (other legal
  lists' actions, hand-built ones with wrong payloads) raise ``IllegalActionError`` whose rule
  is in the module's ``RULES``, or ``NotationError``; the state is unchanged;
* a renderer (HTML and text, all open and from every seat) and an action description (group in
  ``variants.ACTION_GROUPS``, a non-empty label) for every legal action met;
* at the end: ``result`` extends ``state.HandResult``, ``returns`` has one number per seat;
  the record round-trips (``Record.from_state`` -> JSON -> ``loads`` -> same actions, same
  final result).
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import random
from collections import Counter

import pytest

from cardlab import PACK_24, Action, Card, records, variants
from cardlab.cards import Suit
from cardlab.errors import IllegalActionError, NotationError
from cardlab.render import state_html, state_text
from cardlab.state import PHASES, GameState, HandResult
from cardlab.tricks import Trick

HANDS_PER_PRESET = 12


def cases():
    out = []
    for name in variants.names():
        v = variants.get(name)
        for preset in v.presets:
            out.append(pytest.param(name, preset, id=f"{name}-{preset}"))
    return out


def cards_in(obj, depth=0, seen=None) -> list:
    """Every Card found in ``obj`` (a view): attributes, tuples, lists, dicts, nested results."""
    if depth > 6:
        return []
    if isinstance(obj, Card):
        return [obj]
    if isinstance(obj, (str, bytes, int, float, bool, Suit)) or obj is None:
        return []
    if isinstance(obj, dict):
        return [c for k, v in obj.items() for c in cards_in(k, depth + 1) + cards_in(v, depth + 1)]
    if isinstance(obj, (tuple, list, set, frozenset)):
        return [c for x in obj for c in cards_in(x, depth + 1)]
    if dataclasses.is_dataclass(obj):
        return [c for f in dataclasses.fields(obj) for c in cards_in(getattr(obj, f.name), depth + 1)]
    return []


def fingerprint(s) -> tuple:
    return (s.to_act, s.legal_actions(), s.phase, tuple(s.points(x) for x in range(len(s.names))),
            repr(s.card_locations()), s.result)


def junk_actions(s, legal, rng) -> list:
    """Actions that are not legal here: hand-built ones with wrong payloads, and legal actions'
    kinds with other payloads."""
    cards = [c for cs in s.card_locations().values() for c in cs]
    out = [Action("play", None), Action("play", None, 3), Action("marriage", None, None),
           Action("marriage", rng.choice(cards)), Action("marriage", None, "x"), Action("bid", None, -1),
           Action("bid", None, (None, None, None)), Action("bid", rng.choice(cards), 1.5), Action("pass", None, 1),
           Action("pass", rng.choice(cards)), Action("nonsense"), Action("close", None, 2), Action("exchange", None, 7),
           Action("play", rng.choice(cards))]
    for a in rng.sample(list(legal), min(3, len(legal))):
        out.append(Action(a.kind, a.card, 10_000))
        out.append(Action(a.kind, rng.choice(cards), a.value))
    return [a for a in out if a not in legal]


def check_state(v, module, s, rng):
    n = len(s.names)
    assert isinstance(s, GameState) and s.variant == v.name
    assert s.phase in PHASES, s.phase
    for seat in range(n):
        assert isinstance(s.points(seat), int)
    # cards conserved
    places = s.card_locations()
    allcards = [c for cs in places.values() for c in cs]
    assert Counter(allcards) == Counter(s.pack), "every card of the pack in exactly one place"
    legal = s.legal_actions()
    if s.is_finished:
        assert s.to_act is None and legal == ()
        assert isinstance(s.result, HandResult)
        assert len(s.result.returns) == n and hasattr(s.result, "winner")
    else:
        assert s.to_act in range(n) and legal and len(set(legal)) == len(legal)
    # views
    for seat in range(n):
        view = s.view(seat)
        assert view.seat == seat
        if getattr(view, "looked", True) is False:
            # 501: a bidder who has not looked at their cards (bidding blind) sees no hand
            assert view.hand == ()
        else:
            assert tuple(sorted(view.hand)) == tuple(sorted(s.hands[seat]))
        in_pack_order = tuple(c for c in PACK_24 if c in set(view.unseen))
        assert tuple(view.unseen) in (tuple(sorted(view.unseen)), in_pack_order), \
            "unseen cards in a fixed order, never in the deal's (which would tell where they lie)"
        unseen = set(view.unseen)
        assert not unseen & set(view.hand)
        hide = {"unseen": ()}
        if hasattr(view, "prikup"):
            # 501's view names the prikup cards that were shown to everyone, even once
            # they lie in the bidder's hand; that is knowledge, not a leak
            hide["prikup"] = ()
        shown = cards_in(dataclasses.replace(view, **hide))
        assert not unseen & set(shown), f"unseen cards shown in {v.name} view of seat {seat}"
        assert set(s.pack) <= unseen | set(shown), "every card seen or unseen"
        assert tuple(view.legal_actions) == (legal if seat == s.to_act else ())
        assert all(isinstance(t, Trick) for t in view.tricks)
        assert state_text(s, seat) and "cardlab-table" in state_html(s, seat)
    assert all(isinstance(t, Trick) for t in s.tricks)
    assert isinstance(s.explain(), str) and repr(s).startswith("<")
    assert "cardlab-table" in s._repr_html_() and state_text(s)
    for a in legal:
        d = v.describe_action(a, s)
        assert d.group in variants.ACTION_GROUPS and d.label, (a, d)
    # refusals: typed, naming a rule, state unchanged
    before = fingerprint(s)
    for bad in junk_actions(s, legal, rng):
        with pytest.raises((IllegalActionError, NotationError)) as info:
            s.apply(bad)
        if isinstance(info.value, IllegalActionError):
            assert info.value.rule in module.RULES, (bad, info.value.rule)
    assert fingerprint(s) == before


@pytest.mark.parametrize("name,preset", cases())
def test_variant_contract(name, preset):
    v = variants.get(name)
    module = importlib.import_module(v.module)
    rules = v.presets[preset]
    rng = random.Random(f"{name}/{preset}")
    for hand in range(HANDS_PER_PRESET):
        s = v.deal(rules, hand % v.players, seed=1000 + hand)
        steps = 0
        while True:
            check_state(v, module, s, rng)
            if s.is_finished:
                break
            legal = s.legal_actions()
            a = rng.choice(legal)
            if steps % 5 == 0:      # the text form applies as the action does
                assert s.apply(str(a)).last_action == a
            nxt = s.apply(a)
            assert nxt.parent is s and nxt.last_action == a
            s = nxt
            steps += 1
            assert steps < 1000
        rec = records.Record.from_state(s, title="contract")
        again = records.loads(rec.to_json()).states()[-1]
        assert again.actions() == s.actions() and again.result == s.result


def test_registry_is_the_one_place():
    """Every registered variant carries what a front end needs."""
    for name in variants.names():
        v = variants.get(name)
        assert v.name == name and v.presets and v.seat_names and len(v.seat_names) == v.players
        assert {"random", "heuristic", "search"} <= set(v.player_kinds)
        for kind in v.player_kinds:
            assert hasattr(v.make_player(kind, 1), "choose")
        assert hasattr(v.render(), "state_html") and hasattr(v.render(), "state_text")
        module = importlib.import_module(v.module)
        assert isinstance(module.RULES, dict)
        assert v.adapter is None or hasattr(importlib.import_module(v.adapter), "ADAPTER")


@pytest.mark.parametrize("name", variants.names())
def test_classroom_declarations(name):
    """Every registered variant declares what the classroom needs, so that no classroom module
    keys a table by a variant's name: a set code's short code (letters and digits, none shared),
    its exercise kinds (known kinds, in lesson order, "legal" and "trick" first) and, with the
    game-points kind, words for its results' reasons."""
    from cardlab.classroom import exercises

    v = variants.get(name)
    assert v.code and v.code.isalnum() and v.code == v.code.lower(), v.code
    others = [variants.get(n).code for n in variants.names() if n != name]
    assert v.code not in others
    assert exercises.variant_of_code(v.code) == name and str(exercises.SetCode(name, next(iter(v.presets)),
                                                                           v.exercise_kinds[:1], 5)).startswith(v.code)
    lesson = list(exercises.ANSWER_FORMS)
    assert v.exercise_kinds[:2] == ("legal", "trick") and set(v.exercise_kinds) <= set(lesson)
    assert list(v.exercise_kinds) == sorted(v.exercise_kinds, key=lesson.index)
    assert exercises.kinds_for(name) == v.exercise_kinds
    assert ("score" in v.exercise_kinds) == bool(v.score_reasons)
    assert all(isinstance(k, str) and isinstance(w, str) and w for k, w in v.score_reasons.items())
    # the views keep answering for the code that reads them
    assert exercises.VARIANT_CODES[v.code] == name and exercises.CODE_OF[name] == v.code
    assert all((name in vs) == (k in v.exercise_kinds) for k, vs in exercises.KINDS.items())
    assert exercises.SCORE_REASONS.get(name, {}) == dict(v.score_reasons)


def test_declared_order():
    """``names()`` is sorted; ``names(declared=True)`` is the same names in the order declared
    (the built-in lines first), the order the classroom's menus show."""
    assert variants.names() == sorted(variants.names(declared=True))
    builtin = [n for n in variants.BUILTIN if n in variants.names()]
    assert variants.names(declared=True)[:len(builtin)] == builtin


@pytest.mark.parametrize("name", variants.names())
def test_places_declared(name):
    """Every registered variant declares its places (``Variant.places``: the hands, then the
    others) so that they hold the whole pack, and a ``deal_from_places`` with the one signature
    that deals them back: the position text of seeded deals (every preset, table size and
    dealer) reads back to the same pack; its standing names a keyword its score keeper takes."""
    from cardlab.classroom.notation import parse_position, position_text

    v = variants.get(name)
    assert callable(v.places) and callable(v.deal_from_places)
    for rules in v.presets.values():
        for n in v.player_counts or (v.players,):
            names = tuple(f"P{i}" for i in range(n))
            for dealer in range(n):
                places = v.places(rules, dealer, n)
                assert [p.name for p in places[:n]] == [f"hand {i}" for i in range(n)]
                assert all(isinstance(p, variants.Place) and p.holds for p in places)
                assert all(not p.action or (p.size == 0 and p.default) for p in places)
                s = v.deal(rules, dealer, seed=dealer + 7, names=names)
                assert sum(p.size for p in places) == len(s.pack), (rules.name, n, dealer)
                back = parse_position(position_text(s))
                assert back.pack == s.pack and back.actions() == s.actions()
    keeper = inspect.signature(variants.game_class(name)).parameters
    for part in v.standing:      # each declared part of the standing is a keyword of the score keeper
        assert isinstance(part, variants.Standing), part
        assert part.name in keeper and part.label and (part.count is None or part.count >= 0), part
    assert v.standing, "a variant declares the standing its games start from"


def test_the_test_variant_is_its_own_files_and_one_registration():
    """The test-only variant (tests/variant_kit, registered by conftest through
    CARDLAB_EXTRA_VARIANTS) is in the registry like any other; every module it names is under its
    own package, and nothing in cardlab names it: adding it took its files and one registration."""
    import os
    from pathlib import Path

    import variant_kit

    assert os.environ[variants.EXTRA_VARIANTS_ENV] == "variant_kit:declaration"
    v = variants.get(variant_kit.NAME)
    assert v.name in variants.names() and variants.names(declared=True)[-1] == v.name
    modules = [v.module, v.renderer, v.adapter, *(t.split(":")[0] for t in v.player_kinds.values())]
    assert all(m.startswith("variant_kit.") or m.startswith("cardlab.") for m in modules)
    assert sum(m.startswith("variant_kit.") for m in modules) == 4      # rules, renderer, adapter, player
    root = Path(variants.__file__).resolve().parent
    for path in root.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert variant_kit.NAME not in text and "variant_kit" not in text, path


@pytest.mark.parametrize("spec,words", [
    ("nope", "is not 'module:attribute'"),
    ("a:b:c", "is not 'module:attribute'"),
    ("no_such_module_here:x", "cannot be imported"),
    ("variant_kit:missing", "has no attribute 'missing'"),
    ("variant_kit:NAME", "gives a str, not a cardlab.variants.Variant"),
    ("cardlab.variants:names", "gives a list"),
])
def test_a_bad_extra_variant_is_refused_saying_why(spec, words):
    """register_extra (what CARDLAB_EXTRA_VARIANTS feeds) refuses a bad entry with a typed error
    quoting it and saying what is wrong; nothing is registered."""
    from cardlab.errors import CardlabError

    before = variants.names()
    with pytest.raises(variants.ExtraVariantError, match=words) as err:
        variants.register_extra(spec)
    assert isinstance(err.value, CardlabError) and repr(spec.split(",")[0])[1:-1] in str(err.value)
    assert variants.names() == before


def test_an_extra_variant_may_not_replace_a_built_in_one():
    import dataclasses
    import sys
    import types

    import variant_kit

    builtin = next(iter(variants.BUILTIN))
    fake = types.ModuleType("kit_clash")
    fake.VARIANT = dataclasses.replace(variant_kit.declaration(), name=builtin)
    sys.modules["kit_clash"] = fake
    try:
        with pytest.raises(variants.ExtraVariantError, match="built in"):
            variants.register_extra("kit_clash:VARIANT")
        assert variants.get(builtin).module.startswith("cardlab.")
        assert variants.register_extra("") == [] and variants.register_extra(" , ") == []
    finally:
        del sys.modules["kit_clash"]


@pytest.mark.parametrize("name", variants.names())
def test_lesson_widgets_declared_are_widget_modules(name):
    """A variant's lesson widgets (Variant.lesson_widgets) are a module of cardlab.widgets (or the
    variant's own package) that imports and offers at least one ipywidgets widget class."""
    import importlib

    import ipywidgets

    v = variants.get(name)
    if not v.lesson_widgets:
        return
    m = importlib.import_module(v.lesson_widgets)
    classes = [x for x in vars(m).values()
               if isinstance(x, type) and issubclass(x, ipywidgets.Widget) and x.__module__ == m.__name__]
    assert classes, f"{v.lesson_widgets} declares no widget"
