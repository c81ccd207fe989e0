"""A one-line text notation for a position, as FEN is for chess (issue 13).

A teacher writes the cards where they lie; the engine replays the deal and the actions since::

    66 santase | dealer 0 | names Ana,Boris | hands Q♠ J♦ A♥ K♥ J♠ 9♥ / K♣ 10♦ … | turn-up 9♠ | stock 9♥ A♣ … | trumps ♠ | actions J♥; marriage ♥; K♥

Fields, separated by ``" | "``:

* the variant code and rule preset (codes as in set codes: ``66``, ``501``, ``99``, ``m3``,
  ``m4``);
* ``dealer N`` (in Ninety-Nine's revised rules followed by ``after N successes``, the previous
  hand's successes that fix trumps);
* ``names`` (comma-separated; their number is the table size);
* optionally ``before 120,80,300``: the standing before the hand, the variant's main part of it
  (``Variant.standing[0]``: 501's scores, the eight's pips per pair, the totals elsewhere), as
  many whole numbers as that part holds at this table (``Standing.size``), checked by the
  variant's score keeper; the questions that depend on it read it (501's scores after the hand,
  the pips uncovered on the eight). It is not part of the state: :func:`read_position` returns it
  beside the state, :func:`position_text` prints it when given ``before``;
* the cards, in either of two forms:

  - **the hands form** (printed): ``hands`` with each seat's cards *in the order dealt*, seats
    separated by ``" / "`` (``-`` for the dealer who sits out at a four-player 501 table), then
    the variant's other places: Sixty-six ``turn-up`` (the trump card) and ``stock`` (the
    face-down cards in draw order); 501 ``prikup`` (3 cards); classic Ninety-Nine ``turn-up``;
    four-player Mariage ``cut`` (the cuts made, ``cut 8`` or ``cut 2, 8`` after a nine at the
    bottom [m4.nine-cut]; the hands are those dealt from the cut pack). Each variant declares
    these places (``Variant.places``: name, size, what they hold) and its ``deal_from_places``
    builds the pack they come from; this module never asks which variant it writes.
  - **the pack form**: ``pack`` with every card as dealt, top first (a record's layout).

* optionally ``trumps ♠``: checked against the trump suit the deal and the actions give (what
  names trumps differs by variant: the turn-up, the dealer's last card, a bid or a marriage);
* optionally ``actions``, the actions so far separated by ``"; "`` (in the hands form of
  four-player Mariage, the actions after the cut).

:func:`position_text` prints the one canonical form: the hands form, or the pack form for a
position the hands form cannot write (a four-player hand not yet cut). :func:`parse_position`
reads either back. Errors are :class:`PositionError` (a :class:`~cardlab.errors.NotationError`)
with the character position and the field at fault; an action the rules refuse carries the
rule's words and id.
"""

from __future__ import annotations

import importlib
import random
import re
from functools import lru_cache
from typing import NamedTuple

from .. import variants
from ..cards import parse_card, parse_suit
from ..errors import CardlabError, IllegalActionError, NotationError
from .exercises import classroom_variants as _classroom_variants, code_of as _code_of, variant_of_code as _variant_of

__all__ = ["PositionError", "Position", "position_text", "parse_position", "read_position", "standing_part",
           "PLACES", "PLACE_SIZES", "hand_size"]

# -- what each variant declares: its places (``Variant.places``) and their deal ---------------------
def _other_places(v, rules, dealer: int = 0, players: int | None = None) -> tuple:
    """The variant's places after the hands under ``rules`` (:class:`cardlab.variants.Place`)."""
    return tuple(p for p in v.places(rules, dealer, players or v.players) if not p.name.startswith("hand "))


def _keywords() -> tuple[str, ...]:
    """Every field a position may have after the names, in order: the cards (``hands`` or
    ``pack``), every registered variant's other places, ``trumps`` and ``actions``."""
    out = ["hands", "pack"]
    for v in _classroom_variants():
        for rules in v.presets.values():
            out += [p.name for p in _other_places(v, rules) if p.name not in out]
    return tuple(["before"] + out + ["trumps", "actions"])


def _views(name: str):
    if name == "PLACES":        # variant -> its places after the hands (default rules)
        return {v.name: tuple(p.name for p in _other_places(v, v.default_rules)) for v in _classroom_variants()}
    if name == "PLACE_SIZES":   # variant -> (cards per hand, {place: cards}) (default rules, dealer 0)
        return {v.name: (v.places(v.default_rules, 0, v.players)[0].size,
                         {p.name: p.size for p in _other_places(v, v.default_rules) if not p.action})
                for v in _classroom_variants()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __getattr__(name: str):
    """``PLACES`` and ``PLACE_SIZES``: views of the variants' declared places (``Variant.places``)."""
    return _views(name)


def hand_size(variant: str, seat: int, dealer: int, players: int) -> int:
    """Cards dealt to ``seat``'s hand in ``variant`` (registry name), as the variant declares its
    places (``Variant.places``): e.g. 0 for the dealer who sits out at a four-player 501 table
    [501.players]."""
    v = variants.get(variant)
    return v.places(v.default_rules, dealer, players)[seat].size


def deal_rule(v) -> str:
    """The id of the deal rule (``"66.deal"``) of ``v`` (a :class:`~cardlab.variants.Variant`),
    from its rules module's ``RULES``; ``""`` if it has none."""
    from .verdicts import top_rule
    found = top_rule(v.name, "deal")
    return found[0] if found else ""


class PositionError(NotationError):
    """Position text that cannot be read.

    Attributes
    ----------
    position : int
        0-based character position where the problem starts.
    field : str
        ``"variant"``, ``"dealer"``, ``"names"``, ``"hands"``, ``"turn-up"``, ``"stock"``,
        ``"prikup"``, ``"cut"``, ``"pack"``, ``"before"``, ``"trumps"``, ``"actions"`` or ``"text"``.
    rule : str or None
        The rule id, when the rules refuse the position (an action, a deal).
    """

    def __init__(self, message: str, position: int, field: str, rule: str | None = None):
        self.position = position
        self.field = field
        self.rule = rule
        super().__init__(f"{message} (at character {position + 1}, the {field})")


def _preset_name(state) -> str:
    v = variants.get(state.variant)
    for name, rules in v.presets.items():
        if rules == state.rules:
            return name
    raise CardlabError(f"the rule set {state.rules.name!r} is not a preset of {v.title}: the position notation "
                       f"names presets only ({', '.join(v.presets)})")


# -- the hands form: where each card of the pack goes ------------------------------------------
def _action_place(v, rules):
    """The variant's place of actions (four-player Mariage's cuts), or None."""
    return next((p for p in _other_places(v, rules) if p.action), None)


def _build(v, rules, dealer, names, extra, hands, places):
    """The first state of the deal with these ``hands`` (in the order dealt) and ``places``
    (place name -> cards, or the values of a place of actions), through the variant's own
    ``deal_from_places``; a place of actions is not applied yet."""
    given = {f"hand {i}": h for i, h in enumerate(hands)}
    given.update(places)
    return v.deal_from_places(given, rules, dealer, tuple(names), dict(extra))


@lru_cache(maxsize=64)
def _layout(name: str, rules, dealer: int, n: int, extra: tuple, acted: tuple = ()):
    """Where the hands form's cards lie in the pack: ``(hands, places)`` with the pack index of
    each card, found by dealing marked cards through ``deal_from_places`` (so the layout is the
    variant's own); ``acted``: the values of the place of actions (the cuts), if any."""
    v = variants.get(name)
    names = tuple(f"P{i}" for i in range(n))
    cards = sorted(v.deal(rules, dealer, seed=0, names=names, **dict(extra)).pack, key=str)
    sizes = v.places(rules, dealer, n)
    rng = random.Random(0)
    for _ in range(50):          # marked cards a deal's own checks accept (no nine at the bottom, ...)
        rng.shuffle(cards)
        it = iter(cards)
        hands = [[next(it) for _ in range(p.size)] for p in sizes if p.name.startswith("hand ")]
        places = {p.name: [next(it) for _ in range(p.size)] for p in sizes
                  if not p.name.startswith("hand ") and not p.action}
        flat = dict(places)
        flat.update({p.name: acted for p in sizes if p.action})
        try:
            state = _build(v, rules, dealer, names, dict(extra), hands, flat)
        except CardlabError:
            continue
        where = {c: i for i, c in enumerate(state.pack)}
        return (tuple(tuple(where[c] for c in h) for h in hands),
                {k: tuple(where[c] for c in m) for k, m in places.items()})
    raise CardlabError(f"no layout found for {v.title}")  # pragma: no cover


def _extra(state) -> tuple:
    v = variants.get(state.variant)
    return tuple((k, getattr(state, k)) for k in v.deal_start(state.rules) if getattr(state, k, None) is not None)


def _acted(state, place) -> tuple:
    """The values of the hand's first actions of ``place``'s kind (the cuts made)."""
    out = []
    for a in state.actions():
        if a.kind != place.action:
            break
        out.append(int(a.value))
    return tuple(out)


def _hands_form(state) -> list[str] | None:
    """The hands-form fields of ``state``'s deal, or None when it cannot be written so."""
    v = variants.get(state.variant)
    n = len(state.names)
    acting = _action_place(v, state.rules)
    acted = _acted(state, acting) if acting else ()
    if acting and not acted:
        return None
    dealt = state.pack
    hands_ix, places_ix = _layout(v.name, state.rules, state.dealer, n, _extra(state), acted)
    if any(i >= len(dealt) for h in hands_ix for i in h):
        return None
    hands = [" ".join(str(dealt[i]) for i in h) or "-" for h in hands_ix]
    out = ["hands " + " / ".join(hands)]
    for p in _other_places(v, state.rules, state.dealer, n):
        if p.action:
            out.append(f"{p.name} " + ", ".join(map(str, acted)))
        else:
            out.append(f"{p.name} " + " ".join(str(dealt[i]) for i in places_ix[p.name]))
    return out


def _actions_after_deal(state) -> list[str]:
    acts = [str(a) for a in state.actions()]
    acting = _action_place(variants.get(state.variant), state.rules)
    return acts[len(_acted(state, acting)):] if acting else acts


def position_text(state, before=None) -> str:
    """The canonical one-line notation of ``state`` (any variant's state), a ``str``: the hands
    form, or the pack form where the hands form cannot write the position (see the module
    docstring); with ``before`` (the standing before the hand: a sequence of whole numbers, as
    many as the variant's main standing part holds at this table, see :func:`standing_part`; one
    number where it holds one) the field ``before 120,80,300`` after the names. Raises
    :class:`~cardlab.errors.CardlabError` when its rule set is not one of the variant's presets,
    and :class:`PositionError` (field ``"before"``) for a ``before`` of the wrong count or that
    the variant's score keeper refuses."""
    head = f"{_code_of(state.variant)} {_preset_name(state)}"
    prev = getattr(state, "previous_successes", None)
    dealer = f"dealer {state.dealer}" + (f" after {prev} successes" if prev is not None else "")
    parts = [head, dealer, "names " + ",".join(map(str, state.names))]
    if before is not None:
        values = _check_before(state, before, 0)
        parts.append("before " + ",".join(map(str, values)))
    cards = _hands_form(state)
    acts = _actions_after_deal(state) if cards else [str(a) for a in state.actions()]
    trump = getattr(state, "trump", None)
    tail = ([f"trumps {trump}"] if trump is not None else []) + (["actions " + "; ".join(acts)] if acts else [])
    if cards:
        text = " | ".join(parts + cards + tail)
        try:   # the hands form stands for this very deal (not only for the same hands)
            back = parse_position(text)
            if back.pack == state.pack and [str(a) for a in back.actions()] == [str(a) for a in state.actions()]:
                return text
        except CardlabError:
            pass
        acts = [str(a) for a in state.actions()]
        tail = tail[:1] if trump is not None else []
        tail += ["actions " + "; ".join(acts)] if acts else []
    return " | ".join(parts + ["pack " + " ".join(map(str, state.pack))] + tail)


def _cards(text: str, offset: int, field: str) -> list:
    out = []
    for word in text.split(" "):
        if word:
            try:
                out.append(parse_card(word))
            except NotationError as e:
                raise PositionError(str(e), offset, field) from None
        offset += len(word) + 1
    return out


class Position(NamedTuple):
    """A position read from text (:func:`read_position`).

    Attributes
    ----------
    state : GameState
        The state written.
    before : tuple of int or None
        The standing before the hand (the ``before`` field: the variant's main standing part,
        :func:`standing_part`), ``None`` when the text gives none.
    """

    state: object
    before: tuple | None = None


def standing_part(variant: str):
    """The part of the standing a position's ``before`` field gives for ``variant`` (a registry
    name): its main :class:`~cardlab.variants.Standing` (``Variant.standing[0]``), ``None`` when
    the variant declares no standing."""
    standing = variants.get(variant).standing
    return standing[0] if standing else None


def _check_before(state, values, offset: int) -> tuple:
    """``values`` (whole numbers) checked as the standing before ``state``'s hand: the count of
    the variant's main standing part at this table, and what its score keeper accepts. Returns
    them as a tuple. Raises :class:`PositionError` (field ``"before"``, at ``offset``)."""
    v = variants.get(state.variant)
    part = standing_part(state.variant)
    if part is None:
        raise PositionError(f"{v.title} keeps no standing before a hand: leave out 'before'", offset, "before")
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        values = (values,)
    values = tuple(values)
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in values):
        raise PositionError(f"'before' gives whole numbers ({part.label}), not {values!r}", offset, "before")
    size = part.size(len(state.names))
    want = 1 if size is None else size
    if len(values) != want:
        raise PositionError(f"'before' gives the {part.label}: {want} number{'s' if want != 1 else ''} at this "
                            f"table of {len(state.names)} players, not {len(values)}", offset, "before")
    given = values[0] if size is None else list(values)
    try:
        v.new_game(state.rules, state.dealer, tuple(state.names), **{part.name: given})
    except CardlabError as e:
        raise PositionError(f"'before' ({part.label}): {e}", offset, "before", getattr(e, "rule", None)) from None
    return values


def parse_position(text: str):
    """The state written in ``text`` (either form of the module docstring; a ``before`` field is
    checked and left out: :func:`read_position` returns it too). Raises :class:`PositionError`
    with the place and field of the first problem: an unknown variant or preset, a bad dealer or
    names, a missing, repeated or unknown field, a bad card, cards that are not the variant's
    pack or the wrong number in a place (with the deal rule's id), a ``before`` of the wrong
    count or out of range, a ``trumps`` field the position contradicts, or an action the rules
    refuse."""
    return read_position(text).state


def read_position(text: str) -> Position:
    """The position written in ``text``: a :class:`Position` (the state, and the ``before``
    field's standing or ``None``). Raises :class:`PositionError` as :func:`parse_position` does."""
    if not isinstance(text, str):
        raise PositionError(f"a position must be text, not {type(text).__name__}", 0, "text")
    pieces, starts, pos = text.split("|"), [], 0
    for p in pieces:
        starts.append(pos + len(p) - len(p.lstrip()))
        pos += len(p) + 1
    pieces = [p.strip() for p in pieces]
    if len(pieces) < 4:
        raise PositionError(f"a position has at least 4 fields separated by '|' (variant and preset, dealer, names, "
                            f"then the hands or the pack), not {len(pieces)}", 0, "text")
    head = pieces[0].split()
    name = _variant_of(head[0].lower()) if len(head) == 2 else None
    if name is None:
        raise PositionError(f"the first field is a variant code ({', '.join(v.code for v in _classroom_variants())}) "
                            f"and a preset, not {pieces[0]!r}", starts[0], "variant")
    v = variants.get(name)
    if head[1] not in v.presets:
        raise PositionError(f"{head[1]!r} is not a preset of {v.title}; use one of {', '.join(v.presets)}",
                            starts[0] + len(head[0]) + 1, "variant")
    rules = v.presets[head[1]]
    for i, word in ((1, "dealer"), (2, "names")):
        if not pieces[i].startswith(word + " "):
            raise PositionError(f"field {i + 1} must start with '{word} '", starts[i], word)
    names = tuple(n.strip() for n in pieces[2][len("names "):].split(","))
    if not v.accepts(len(names)) or not all(names):
        raise PositionError(f"{v.title} is played by {' or '.join(map(str, v.player_counts or (v.players,)))} "
                            f"named players, not {pieces[2][6:]!r}", starts[2] + 6, "names")
    dealer_text = pieces[1][len("dealer "):].strip()
    extra = {}
    if " after " in dealer_text:
        dealer_text, _, rest = dealer_text.partition(" after ")
        words = rest.split()
        if len(words) != 2 or words[1] != "successes" or not words[0].isdigit() \
                or not any("previous_successes" in v.deal_start(r) for r in v.presets.values()):
            raise PositionError(f"'after N successes' (Ninety-Nine's revised rules: how many made their bid in the "
                                f"previous hand) is the only addition to the dealer, not {rest!r}",
                                starts[1] + len("dealer ") + len(dealer_text), "dealer")
        extra["previous_successes"] = int(words[0])
    if not dealer_text.isdigit() or int(dealer_text) >= len(names):
        raise PositionError(f"the dealer is a seat from 0 to {len(names) - 1}, not {dealer_text!r}",
                            starts[1] + 7, "dealer")
    dealer = int(dealer_text)
    fields: dict[str, tuple[str, int]] = {}   # keyword -> (its text, where the text starts)
    keywords = _keywords()
    for piece, start in zip(pieces[3:], starts[3:]):
        word = piece.split(" ", 1)[0]
        if word not in keywords:
            raise PositionError(f"{word!r} is not a field of a position; after the names come "
                                f"{', '.join(keywords)}", start, "text")
        if word in fields:
            raise PositionError(f"the field {word!r} is given twice", start, word)
        fields[word] = (piece[len(word):].lstrip(), start + len(piece) - len(piece[len(word):].lstrip()))
    if "hands" in fields and "pack" in fields:
        later = max(("hands", "pack"), key=lambda k: fields[k][1])
        raise PositionError("give the cards either as 'hands' (with the variant's other places) or as 'pack', "
                            "not both", fields[later][1] - len(later) - 1, later)
    if "hands" not in fields and "pack" not in fields:
        raise PositionError("the cards are missing: after the names come the 'hands' (with the variant's other "
                            "places) or the 'pack'", starts[3], "hands")
    if "pack" in fields:
        state = _deal_pack(v, rules, dealer, names, extra, fields)
    else:
        state = _deal_hands(v, rules, dealer, names, extra, fields, starts[3])
    if "actions" in fields:
        body, offset = fields["actions"]
        for i, word in enumerate(body.split(";")):
            lead = len(word) - len(word.lstrip())
            try:
                state = state.apply(word.strip())
            except IllegalActionError as e:
                raise PositionError(f"action {i + 1} {word.strip()!r}: {e.reason}", offset + lead, "actions",
                                    e.rule) from None
            except CardlabError as e:
                raise PositionError(f"action {i + 1} {word.strip()!r}: {e}", offset + lead, "actions") from None
            offset += len(word) + 1
    if "trumps" in fields:
        body, offset = fields["trumps"]
        try:
            said = parse_suit(body.strip())
        except CardlabError as e:
            raise PositionError(str(e), offset, "trumps") from None
        have = getattr(state, "trump", None)
        if have != said:
            raise PositionError(f"trumps are {have if have is not None else 'not yet named'} in this position, not "
                                f"{said}: the deal and the actions fix them", offset, "trumps")
    before = None
    if "before" in fields:
        body, offset = fields["before"]
        words = [w for w in re.split(r"[,\s]+", body.strip()) if w]
        if not words or not all(re.fullmatch(r"[-−]?\d{1,6}", w) for w in words):
            part = standing_part(v.name)
            raise PositionError(f"'before' gives whole numbers separated by commas"
                                + (f" ({part.label})" if part else "") + f", not {body.strip()!r}", offset, "before")
        before = _check_before(state, [int(w.replace("−", "-")) for w in words], offset)
    return Position(state, before)


def _deal_pack(v, rules, dealer, names, extra, fields):
    body, offset = fields["pack"]
    for k in _keywords():
        if k in fields and k not in ("pack", "trumps", "actions", "before"):
            raise PositionError(f"{k!r} belongs to the hands form, not beside 'pack'", fields[k][1] - len(k) - 1, k)
    pack = _cards(body, offset, "pack")
    try:
        return v.deal(rules, dealer, pack=pack, names=names, **extra)
    except CardlabError as e:
        raise PositionError(f"the pack cannot be dealt: {e}", offset, "pack", getattr(e, "rule", None)) from None
    except TypeError:  # a deal without names= (fixed table)
        raise PositionError(f"{v.title} takes no names here", offset, "names") from None


def _deal_hands(v, rules, dealer, names, extra, fields, where):
    declared = v.places(rules, dealer, len(names))
    others = {p.name: p for p in declared if not p.name.startswith("hand ")}
    want = tuple(others)
    for k in _keywords():
        if k in fields and k not in want and k not in ("hands", "pack", "trumps", "actions", "before"):
            raise PositionError(f"{v.title} ({rules.name}) has no {k!r}; its cards are written as 'hands'"
                                + (" and " + ", ".join(repr(w) for w in want) if want else ""),
                                fields[k][1] - len(k) - 1, k)
    for k in want:
        if k not in fields:
            raise PositionError(f"{v.title} ({rules.name}) needs the field {k!r} after the hands", where, k)
    body, offset = fields["hands"]
    hands, o = [], offset
    for part in body.split("/"):
        lead = len(part) - len(part.lstrip())
        hands.append([] if part.strip() == "-" else _cards(part.strip(), o + lead, "hands"))
        o += len(part) + 1
    if len(hands) != len(names):
        raise PositionError(f"give one hand per player ({len(names)} names), separated by '/', not {len(hands)}",
                            offset, "hands")
    rule = deal_rule(v)
    o = offset
    for seat, (part, cards) in enumerate(zip(body.split("/"), hands)):
        size = declared[seat].size
        if len(cards) != size:
            what = (f"{size} cards" if size else "no cards (the dealer sits out at a four-player table; write '-')")
            raise PositionError(f"{names[seat]}'s hand has {len(cards)} card(s); in {v.title} each hand is dealt "
                                f"{what} [rule {rule}]", o + len(part) - len(part.lstrip()), "hands", rule)
        o += len(part) + 1
    places = {}
    for k in want:
        b, o = fields[k]
        if not others[k].action and len(b.split()) != others[k].size:
            n = others[k].size
            raise PositionError(f"the {k} holds {n} card{'s' if n > 1 else ''} in {v.title}, not {len(b.split())} "
                                f"[rule {rule}]", o, k, rule)
        if others[k].action:
            try:
                cuts = tuple(int(w) for w in b.replace(",", " ").split())
            except ValueError:
                cuts = ()
            if not cuts or not all(1 <= c <= 23 for c in cuts):
                raise PositionError(f"the {k} is one or more numbers of cards from 1 to 23 (comma-separated), "
                                    f"not {b!r}", o, k)
            places[k] = cuts
        else:
            places[k] = _cards(b, o, k)
    try:
        state = _build(v, rules, dealer, names, extra, hands, places)
    except CardlabError as e:
        raise PositionError(f"these cards cannot be dealt: {e}", offset, "hands", getattr(e, "rule", None)) from None
    for k in want:
        if others[k].action:
            body, o = fields[k]
            for c in places[k]:
                try:
                    state = state.apply(f"{others[k].action} {c}")
                except IllegalActionError as e:
                    raise PositionError(f"'{others[k].action} {c}': {e.reason}", o, k, e.rule) from None
    return state
