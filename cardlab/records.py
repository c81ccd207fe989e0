"""Game records: a lossless JSON form of one hand or a whole game, and its replay.

A record holds the variant, the full rule set, the players, and per hand the dealer, the deal
(the pack from the top, or a seed) and the actions as text. Replaying a record gives states
identical to the ones that were saved. Loading never executes anything from the file (plain
JSON, no pickle); it checks the structure against :data:`SCHEMA` (jsonschema), then the rules,
then replays every action, and reports the first problem as a :class:`~cardlab.errors.RecordError`
whose ``location`` says where (``hands[1].actions[7]``).

Example record::

    {"format": "cardlab-record", "version": 1, "variant": "sixty-six",
     "rules": {"name": "Santase (Bulgaria)", "deal_order": "3-turn-3", ...},
     "players": ["Ana", "Boris"], "title": "A close that works",
     "hands": [{"dealer": 0, "pack": ["Q♠", "J♥", ...], "actions": ["J♥", "A♥", "marriage ♠", ...]}]}
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from .cards import Card
from .errors import IllegalActionError, NotationError, RecordError, RulesError

__all__ = ["Record", "HandRecord", "SCHEMA", "load", "loads"]

FORMAT = "cardlab-record"
VERSION = 1

#: JSON Schema of a record (draft 2020-12).
SCHEMA: dict = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["format", "version", "variant", "rules", "players", "hands"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": FORMAT},
        "version": {"const": VERSION},
        "variant": {"type": "string"},
        "rules": {"type": "object"},
        "players": {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 2, "maxItems": 4},
        "title": {"type": "string"},
        "notes": {"type": "string"},
        "source": {"type": "string"},
        "hands": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["dealer", "actions"],
                "additionalProperties": False,
                "properties": {
                    "dealer": {"type": "integer", "minimum": 0, "maximum": 3},
                    "pack": {"type": "array", "items": {"type": "string"}},
                    "seed": {"type": "integer"},
                    "actions": {"type": "array", "items": {"type": "string"}},
                    "comment": {"type": "string"},
                },
                "oneOf": [{"required": ["pack"]}, {"required": ["seed"]}],
            },
        },
    },
}


@dataclass(frozen=True)
class HandRecord:
    """One hand: its dealer, its deal (``pack`` from the top, or ``seed``) and its actions."""

    dealer: int
    actions: tuple[str, ...]
    pack: tuple[Card, ...] | None = None
    seed: int | None = None
    comment: str = ""

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"dealer": self.dealer}
        if self.pack is not None:
            d["pack"] = [str(c) for c in self.pack]
        else:
            d["seed"] = self.seed
        d["actions"] = list(self.actions)
        if self.comment:
            d["comment"] = self.comment
        return d


@dataclass(frozen=True)
class Record:
    """A lossless record of one hand or a game of several hands.

    Attributes
    ----------
    variant : str
        ``"sixty-six"``.
    rules : object
        The variant's rule set (e.g. :class:`~cardlab.sixtysix.SixtySixRules`).
    players : tuple of str
    hands : tuple of HandRecord
    title, notes, source : str
        Free text shown by the notebooks.
    """

    variant: str
    rules: Any
    players: tuple[str, ...]
    hands: tuple[HandRecord, ...]
    title: str = ""
    notes: str = ""
    source: str = ""
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    # -- building ---------------------------------------------------------------------------
    @classmethod
    def from_state(cls, state, title: str = "", notes: str = "", source: str = "") -> "Record":
        """The record of the hand that led to ``state`` (finished or not).

        Raises :class:`RecordError` if the deal cannot be replayed on its own (its trumps depend
        on the previous deal of its game, as in revised Ninety-Nine): save the game with
        :meth:`from_states` instead."""
        if getattr(state, "depends_on_previous_deal", False):
            raise RecordError("hands", "this deal's trumps depend on the previous deal of its game; "
                                       "save the whole game with Record.from_states")
        hand = HandRecord(dealer=state.dealer, actions=tuple(str(a) for a in state.actions()), pack=tuple(state.pack))
        return cls(state.variant, state.rules, tuple(state.names), (hand,), title, notes, source)

    @classmethod
    def from_states(cls, finals: Sequence, title: str = "", notes: str = "", source: str = "") -> "Record":
        """The record of several hands of one game, given each hand's last state in order."""
        if not finals:
            raise RecordError("hands", "a record needs at least one hand")
        first = finals[0]
        hands = tuple(HandRecord(dealer=s.dealer, actions=tuple(str(a) for a in s.actions()), pack=tuple(s.pack))
                      for s in finals)
        return cls(first.variant, first.rules, tuple(first.names), hands, title, notes, source)

    # -- JSON -------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        d: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "variant": self.variant,
            "rules": self.rules.to_dict(),
            "players": list(self.players),
        }
        for key in ("title", "notes", "source"):
            if getattr(self, key):
                d[key] = getattr(self, key)
        d["hands"] = [h.to_dict() for h in self.hands]
        return d

    def to_json(self, indent: int | None = 1) -> str:
        """The record as JSON text (UTF-8 card symbols kept as they are)."""
        text = json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)
        if indent is not None:
            text = _compact_lists(text)
        return text + "\n"

    def save(self, path: str | Path) -> None:
        """Write the record as UTF-8 JSON (the file is written whole, then moved into place)."""
        path = Path(path)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(self.to_json(), encoding="utf-8")
        tmp.replace(path)

    # -- replay -----------------------------------------------------------------------------
    def replay(self) -> list:
        """Each hand's last state, in order, replaying every action (validated on load)."""
        if "finals" not in self._cache:
            self._cache["finals"] = _replay(self)
        return list(self._cache["finals"])

    def states(self) -> list:
        """Every state of every hand in order (the deal of each hand, then each action)."""
        out = []
        for final in self.replay():
            out.extend(final.history())
        return out

    def game(self):
        """The game's score keeper (the variant's ``new_game``, e.g.
        :class:`~cardlab.sixtysix.SixtySixGame`) after the finished hands."""
        self.replay()
        return self._cache["game"]

    def _repr_html_(self) -> str:
        from .render import state_html

        finals = self.replay()
        head = f"<h4>{_esc(self.title)}</h4>" if self.title else ""
        return head + state_html(finals[-1])


def _esc(text: str) -> str:
    import html

    return html.escape(text)


def _compact_lists(text: str) -> str:
    """Put each list of short strings (a pack, the actions) on as few lines as is readable."""
    import re

    def repl(m: re.Match) -> str:
        items = re.findall(r'"(?:[^"\\]|\\.)*"', m.group(0))
        return "[" + ", ".join(items) + "]"

    return re.sub(r'\[\s*("(?:[^"\\]|\\.)*"\s*,?\s*)+\]', repl, text)


# -- loading -------------------------------------------------------------------------------


def loads(text: str) -> Record:
    """Parse and validate a record from JSON text.

    Raises
    ------
    RecordError
        With ``location`` ("" for the whole file, ``"rules.target"``, ``"hands[1].actions[7]"``
        …) and the reason: invalid JSON, a missing or extra field, an unknown variant or
        option, a pack that is not a legal deal, a dealer out of turn, an illegal action, an
        unfinished hand followed by another, a hand after the game ended.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError("", f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    return from_dict(data)


def load(path: str | Path) -> Record:
    """Read and validate a record file (UTF-8 JSON); see :func:`loads` for the errors."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError("", f"{path.name} is not UTF-8 text ({exc.reason})") from None
    try:
        return loads(text)
    except RecordError as exc:
        raise RecordError(exc.location, f"{exc.message} (in {path.name})") from None


def from_dict(data: Any) -> Record:
    """Validate a record given as a decoded JSON object; see :func:`loads`."""
    import jsonschema

    validator = jsonschema.Draft202012Validator(SCHEMA)
    errors = sorted(validator.iter_errors(data), key=lambda e: (len(e.path), list(map(str, e.path))))
    if errors:
        e = errors[0]
        raise RecordError(_path(e.absolute_path), _schema_message(e))
    from . import variants

    variant = data["variant"]
    try:
        v = variants.get(variant)
    except KeyError as exc:
        raise RecordError("variant", exc.args[0]) from None
    try:
        rules = v.rules_from_dict(data["rules"])
    except RulesError as exc:
        raise RecordError(f"rules.{exc.option}" if exc.option else "rules", str(exc)) from None
    players = tuple(data["players"])
    if not v.accepts(len(players)):
        counts = " or ".join(map(str, v.player_counts or (v.players,)))
        raise RecordError("players", f"{v.title} is for {counts} players; the record names {len(players)}")
    hands = []
    for i, h in enumerate(data["hands"]):
        if not 0 <= h["dealer"] < len(players):
            raise RecordError(f"hands[{i}].dealer", f"the dealer is a seat from 0 to {len(players) - 1}, "
                                                    f"not {h['dealer']}")
        pack = None
        if "pack" in h:
            try:
                pack = tuple(v.check_pack(h["pack"]))
            except ValueError as exc:
                raise RecordError(f"hands[{i}].pack", str(exc)) from None
        hands.append(HandRecord(dealer=h["dealer"], actions=tuple(h["actions"]), pack=pack, seed=h.get("seed"),
                                comment=h.get("comment", "")))
    rec = Record(variant, rules, players, tuple(hands), data.get("title", ""), data.get("notes", ""),
                 data.get("source", ""))
    rec.replay()  # validate every action now, so a bad record fails on load
    return rec


def _replay(rec: Record) -> list:
    from . import variants

    v = variants.get(rec.variant)
    game = v.new_game(rec.rules, rec.hands[0].dealer, rec.players)
    finals = []
    for i, h in enumerate(rec.hands):
        where = f"hands[{i}]"
        if game.is_over:
            goal = getattr(game, "goal", None) or f"game to {rec.rules.target}"
            raise RecordError(where, f"the game was already over ({rec.players[game.winner]} won the {goal}) "
                                     f"before this hand")
        if h.dealer != game.next_dealer:
            raise RecordError(f"{where}.dealer", f"hand {i + 1} must be dealt by seat {game.next_dealer} "
                                                 f"({rec.players[game.next_dealer]}): "
                                                 f"{getattr(game, 'next_dealer_reason', 'the rotation of the deal')}")
        try:
            # a game whose deals depend on earlier ones (e.g. revised Ninety-Nine's trumps) deals itself
            deal_next = getattr(game, "deal_next", None)
            s = (deal_next(seed=h.seed, pack=h.pack) if callable(deal_next)
                 else v.deal(rec.rules, h.dealer, seed=h.seed, pack=h.pack, names=rec.players))
        except ValueError as exc:
            raise RecordError(f"{where}.pack", str(exc)) from None
        for j, text in enumerate(h.actions):
            try:
                s = s.apply(text)
            except (IllegalActionError, NotationError) as exc:
                raise RecordError(f"{where}.actions[{j}]", f"{text!r}: {exc}") from None
        finals.append(s)
        if s.result is not None:
            try:
                game.add(s)
            except ValueError as exc:
                raise RecordError(where, str(exc)) from None
        elif i + 1 < len(rec.hands):
            raise RecordError(f"{where}.actions", f"hand {i + 1} is unfinished after {len(h.actions)} actions, "
                                                  f"but another hand follows")
    rec._cache["game"] = game
    return finals


def _path(parts) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _schema_message(e) -> str:
    if e.validator == "required":
        return e.message.replace("is a required property", "is missing")
    if e.validator == "additionalProperties":
        return f"unexpected field(s): {e.message.split('(')[-1].rstrip(')')}"
    if e.validator == "oneOf":
        return "a hand needs either 'pack' (the cards from the top) or 'seed', not both or neither"
    return e.message
