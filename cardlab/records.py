"""Game records: a lossless JSON form of one hand or a whole game, and its replay.

A record holds the variant, the full rule set, the players, and per hand the dealer, the deal
(the pack from the top, or a seed) and the actions as text. Replaying a record gives states
identical to the ones that were saved. Loading never executes anything from the file (plain
JSON, no pickle); it checks the structure against :data:`SCHEMA` (jsonschema), then the rules,
then replays every action, and reports the first problem as a :class:`~cardlab.errors.RecordError`
whose ``location`` says where (``hands[1].actions[7]``; ``"record"`` for the top level,
``"(file)"`` for the text as a whole). No other exception escapes :func:`load` / :func:`loads`
for bad content (an engine's own error while replaying a bad record is reported as a
``RecordError`` at the hand or action, with the engine's error as its ``__cause__``).

Limits, generous for real games and checked before the text is parsed (size) or before the
structure is validated (depth, hands, actions), each refused with a
:class:`~cardlab.errors.RecordLimitError` naming the limit:

* :data:`MAX_RECORD_BYTES` (4 MiB of UTF-8 text; a whole game is a few kB to a few 100 kB);
* :data:`MAX_DEPTH` (16 levels of nested arrays and objects; a record uses 4);
* :data:`MAX_HANDS` (1,000 hands per record);
* :data:`MAX_ACTIONS_PER_HAND` (2,000 actions per hand; random play of 100 deals of each
  variant takes at most 42).

Every text of a record that loads can be saved again: strings that cannot be written as UTF-8
(a lone surrogate such as ``"\\ud800"``, which JSON escapes can express) and numbers JSON cannot
write back (``1e999``) are refused on load with a ``RecordError`` at their location.

Example record::

    {"format": "cardlab-record", "version": 1, "variant": "sixty-six",
     "rules": {"name": "Santase (Bulgaria)", "deal_order": "3-turn-3", ...},
     "players": ["Ana", "Boris"], "title": "A close that works",
     "hands": [{"dealer": 0, "pack": ["Q♠", "J♥", ...], "actions": ["J♥", "A♥", "marriage ♠", ...]}]}
"""

from __future__ import annotations

import errno
import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from .cards import Card
from .errors import CardlabError, RecordError, RecordLimitError, RulesError

__all__ = ["Record", "HandRecord", "SCHEMA", "load", "loads", "MAX_RECORD_BYTES", "MAX_DEPTH", "MAX_HANDS",
           "MAX_ACTIONS_PER_HAND"]

#: The largest record accepted, in bytes of UTF-8 text (checked before parsing).
MAX_RECORD_BYTES = 4 * 1024 * 1024
#: The deepest nesting of JSON arrays and objects accepted (a record uses 4 levels).
MAX_DEPTH = 16
#: The most hands one record may hold (checked before validation).
MAX_HANDS = 1000
#: The most actions one hand may hold (checked before validation).
MAX_ACTIONS_PER_HAND = 2000

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
        "version": {"type": "integer", "const": VERSION},
        "variant": {"type": "string"},
        "rules": {"type": "object"},
        "players": {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 2, "maxItems": 4},
        "title": {"type": "string"},
        "notes": {"type": "string"},
        "source": {"type": "string"},
        # the parts a variant's game starts from are declared by the variant (Variant.standing)
        # and checked against that declaration when the record is read (_check_start)
        "start": {
            "type": "object",
            "propertyNames": {"pattern": "^[a-z][a-z_]*$"},
            "additionalProperties": {"oneOf": [
                {"type": "integer"},
                {"type": "array", "items": {"type": "integer"}, "minItems": 1, "maxItems": 4},
            ]},
        },
        "hands": {
            "type": "array",
            "minItems": 1,
            "maxItems": MAX_HANDS,
            "items": {
                "type": "object",
                "required": ["dealer", "actions"],
                "additionalProperties": False,
                "properties": {
                    "dealer": {"type": "integer", "minimum": 0, "maximum": 3},
                    "pack": {"type": "array", "items": {"type": "string"}},
                    "seed": {"type": "integer"},
                    "actions": {"type": "array", "items": {"type": "string"}, "maxItems": MAX_ACTIONS_PER_HAND},
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
    start : dict
        Where the game stood before the first hand (``{}`` for a game from the start): the
        parts the variant declares (:attr:`cardlab.variants.Variant.standing`, e.g. Sixty-six's
        per-seat ``totals``, 501's ``scores``, the eight's ``pips`` and ``won`` per pair, revised
        Ninety-Nine's ``previous_successes``, which fix the first deal's trumps), each a list of
        whole numbers of the declared size or one whole number; they are the score keeper's
        keywords. Their shape is checked against the declaration when the record is made or
        read, their values by the score keeper on replay (a :class:`RecordError` at ``start``).
    """

    variant: str
    rules: Any
    players: tuple[str, ...]
    hands: tuple[HandRecord, ...]
    title: str = ""
    notes: str = ""
    source: str = ""
    start: dict = field(default_factory=dict)
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    # -- building ---------------------------------------------------------------------------
    @classmethod
    def from_state(cls, state, title: str = "", notes: str = "", source: str = "",
                   start: dict | None = None) -> "Record":
        """The record of the hand that led to ``state`` (finished or not), with ``start``: the
        game's standing before it (see :attr:`start`; e.g. ``{"totals": [9, 10]}``). A deal
        whose trumps depend on the previous deal of its game (revised Ninety-Nine) stores
        that deal's successes in ``start``, so it replays on its own.

        Raises :class:`RecordError` (location ``start``) for a ``start`` the variant's score
        keeper refuses."""
        start = dict(start or {}, **_carried_into(state))
        hand = HandRecord(dealer=state.dealer, actions=tuple(str(a) for a in state.actions()), pack=tuple(state.pack))
        rec = cls(state.variant, state.rules, tuple(state.names), (hand,), title, notes, source, start)
        _check_start(rec)
        return rec

    @classmethod
    def from_states(cls, finals: Sequence, title: str = "", notes: str = "", source: str = "",
                    start: dict | None = None) -> "Record":
        """The record of several hands of one game, given each hand's last state in order, and
        the game's standing before the first (``start``, as in :meth:`from_state`).

        Raises :class:`RecordError` (location ``"hands"``) if ``finals`` is empty, or
        (``"start"``) for a ``start`` the score keeper refuses."""
        if not finals:
            raise RecordError("hands", "a record needs at least one hand")
        first = finals[0]
        start = dict(start or {}, **_carried_into(first))
        hands = tuple(HandRecord(dealer=s.dealer, actions=tuple(str(a) for a in s.actions()), pack=tuple(s.pack))
                      for s in finals)
        rec = cls(first.variant, first.rules, tuple(first.names), hands, title, notes, source, start)
        _check_start(rec)
        return rec

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
        if self.start:
            d["start"] = {k: (list(v) if isinstance(v, (list, tuple)) else v) for k, v in self.start.items()}
        d["hands"] = [h.to_dict() for h in self.hands]
        return d

    def to_json(self, indent: int | None = 1) -> str:
        """The record as JSON text (UTF-8 card symbols kept as they are). Raises nothing for a
        loaded record; a record built by hand with rules that are not a rule set raises the
        ``AttributeError`` of its missing ``to_dict``."""
        text = json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)
        if indent is not None:
            text = _compact_lists(text)
        return text + "\n"

    def save(self, path: str | Path) -> None:
        """Write the record as UTF-8 JSON, atomically: the text is written to a new temporary
        file in the same folder (a unique name ``.<name>.<random>.tmp``, created exclusively,
        so an existing file or symbolic link there is never written through and two saves never
        share it), flushed and fsynced, then moved over ``path`` with :func:`os.replace`. On
        any failure the temporary file is removed and an existing file at ``path`` is left as
        it was. A symbolic link at ``path`` is replaced by the file, not followed. The file
        keeps the permission bits of the file it replaces (a new one gets the umask's).

        Raises
        ------
        RecordError
            If the record cannot be written as UTF-8 JSON (e.g. a text with a lone surrogate
            given to the constructor; :func:`loads` refuses those), before any file is made.
        OSError
            If the folder does not exist or cannot be written, the disk is full (ENOSPC), or
            ``path`` is a folder.
        """
        path = Path(path)
        try:
            data = self.to_json().encode("utf-8")
        except UnicodeEncodeError as exc:
            raise RecordError("record", f"the record cannot be written as UTF-8 ({exc.reason} at "
                                        f"character {exc.start} of its JSON text)") from None
        folder = path.parent
        try:
            mode = os.stat(path).st_mode & 0o7777
        except OSError:
            mode = None
        fd, tmp = _create_temporary(folder, path.name)
        try:
            view = memoryview(data)
            while view:
                n = os.write(fd, view)
                if n <= 0:
                    raise OSError(errno.EIO, "write wrote nothing", str(tmp))
                view = view[n:]
            if mode is not None:
                os.fchmod(fd, mode)
            os.fsync(fd)
            os.close(fd)
            fd = -1
            os.replace(tmp, path)
        except BaseException:
            if fd >= 0:
                try:
                    os.close(fd)
                except OSError:
                    pass
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        _fsync_folder(folder)

    # -- replay -----------------------------------------------------------------------------
    def replay(self) -> list:
        """Each hand's last state, in order, replaying every action (validated on load).

        Raises :class:`RecordError` (with the location of the hand or action) for a record
        built by hand whose hands do not replay; a loaded record has already replayed."""
        if "finals" not in self._cache:
            self._cache["finals"] = _replay(self)
        return list(self._cache["finals"])

    def states(self) -> list:
        """Every state of every hand in order (the deal of each hand, then each action).
        Raises :class:`RecordError` as :meth:`replay` does."""
        out = []
        for final in self.replay():
            out.extend(final.history())
        return out

    def game(self):
        """The game's score keeper (the variant's ``new_game``, e.g.
        :class:`~cardlab.sixtysix.SixtySixGame`) after the finished hands. Raises
        :class:`RecordError` as :meth:`replay` does."""
        self.replay()
        return self._cache["game"]

    def _repr_html_(self) -> str:
        from .render import state_html

        finals = self.replay()
        head = f"<h4>{_esc(self.title)}</h4>" if self.title else ""
        return head + state_html(finals[-1])


def _create_temporary(folder: Path, name: str) -> tuple[int, Path]:
    """A new file ``folder/.<name>.<random>.tmp`` opened for writing, created exclusively
    (``O_EXCL``: never an existing file or link) and not following links: ``(fd, path)``."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        tmp = folder / f".{name}.{os.urandom(6).hex()}.tmp"
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no unused temporary file name", str(folder))


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable (best effort: not every system can fsync a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _esc(text: str) -> str:
    import html

    return html.escape(text)


def _compact_lists(text: str) -> str:
    """Put each list of short strings (a pack, the actions) on as few lines as is readable."""
    import re

    def repl(m: re.Match) -> str:
        items = re.findall(r'"(?:[^"\\]|\\.)*"', m.group(0))
        return "[" + ", ".join(items) + "]"

    string = r'"[^"\\]*(?:\\.[^"\\]*)*"'
    return re.sub(r'\[\s*' + string + r'(?:\s*,\s*' + string + r')*\s*\]', repl, text)


# -- loading -------------------------------------------------------------------------------


def loads(text: str | bytes) -> Record:
    """Parse and validate a record from JSON text (``str``, or UTF-8 ``bytes``).

    Raises
    ------
    RecordError
        For any bad content, with ``location`` (``"(file)"`` for the text as a whole,
        ``"record"`` for its top level, ``"rules.target"``, ``"hands[1].actions[7]"`` …) and
        the reason: not UTF-8, invalid JSON (including ``NaN``, an integer of more digits than
        Python converts, duplicate keys), a missing or extra field, a value of the wrong type
        (a number that is not a whole number, or ``true``, where a seat or a seed is expected),
        a text that cannot be written back as UTF-8, an unknown variant or option, a pack that
        is not a legal deal, a dealer out of turn, an illegal action, an unfinished hand
        followed by another, a hand after the game ended.
    RecordLimitError
        (a ``RecordError``) for a record over :data:`MAX_RECORD_BYTES`, :data:`MAX_DEPTH`,
        :data:`MAX_HANDS` or :data:`MAX_ACTIONS_PER_HAND`; the error's ``limit`` names it.
    """
    if isinstance(text, (bytes, bytearray, memoryview)):
        raw = bytes(text)
        if len(raw) > MAX_RECORD_BYTES:
            raise _too_big(len(raw))
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError("(file)", f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    elif not isinstance(text, str):
        raise RecordError("(file)", f"a record is JSON text (str or bytes), not {type(text).__name__}")
    elif len(text) > MAX_RECORD_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_RECORD_BYTES:
        raise _too_big(len(text.encode("utf-8", "surrogatepass")))
    if text.startswith("\ufeff"):  # a UTF-8 byte order mark, as some editors write
        text = text[1:]
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constant)
    except _BadJSON as exc:
        raise RecordError("(file)", f"not valid JSON: {exc}") from None
    except json.JSONDecodeError as exc:
        raise RecordError("(file)", f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise RecordLimitError("(file)", "the JSON is nested too deeply", "MAX_DEPTH", MAX_DEPTH) from None
    except ValueError as exc:  # e.g. an integer literal of more than sys.get_int_max_str_digits() digits
        raise RecordError("(file)", f"not valid JSON for a record: {exc}") from None
    return from_dict(data)


def load(path: str | Path) -> Record:
    """Read and validate a record file (UTF-8 JSON, at most :data:`MAX_RECORD_BYTES` bytes:
    no more is read); the file is only read, never changed.

    Raises
    ------
    RecordError
        As :func:`loads` does, the message naming the file.
    OSError
        If the file cannot be read: it does not exist (``FileNotFoundError``), it is a folder
        (``IsADirectoryError``), or it may not be read (``PermissionError``).
    """
    path = Path(path)
    with open(path, "rb") as f:
        raw = f.read(MAX_RECORD_BYTES + 1)
    try:
        if len(raw) > MAX_RECORD_BYTES:
            raise RecordLimitError("(file)", f"the file is larger than {MAX_RECORD_BYTES:,} bytes",
                                   "MAX_RECORD_BYTES", MAX_RECORD_BYTES)
        return loads(raw)
    except RecordError as exc:
        raise exc.with_note(f"(in {path.name})") from None


def from_dict(data: Any) -> Record:
    """Validate a record given as a decoded JSON object; see :func:`loads` for the errors
    (every one a :class:`RecordError`; the text limits apply as nesting, hands and actions)."""
    _check_shape(data)
    errors = sorted(_validator().iter_errors(data), key=lambda e: (len(e.path), list(map(str, e.path))))
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
    except CardlabError as exc:
        raise RecordError("rules", str(exc)) from None
    except Exception as exc:  # a variant's own checks of an option's value
        raise RecordError("rules", f"the rules cannot be built: {_describe(exc)}") from exc
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
            except CardlabError as exc:
                raise RecordError(f"hands[{i}].pack", str(exc)) from None
            except Exception as exc:
                raise RecordError(f"hands[{i}].pack", f"not a pack of this variant: {_describe(exc)}") from exc
        hands.append(HandRecord(dealer=h["dealer"], actions=tuple(h["actions"]), pack=pack, seed=h.get("seed"),
                                comment=h.get("comment", "")))
    rec = Record(variant, rules, players, tuple(hands), data.get("title", ""), data.get("notes", ""),
                 data.get("source", ""), dict(data.get("start", {})))
    _check_start(rec)
    rec.replay()  # validate every action now, so a bad record fails on load
    return rec


class _BadJSON(ValueError):
    """Raised from the JSON parser's hooks: duplicate keys, NaN or Infinity."""


def _no_duplicate_keys(pairs: list) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set = set()
        for k, _v in pairs:
            if k in seen:
                raise _BadJSON(f"the key {k!r} appears twice in one object")
            seen.add(k)
    return out


def _no_constant(name: str):
    raise _BadJSON(f"{name} is not a JSON number")


def _too_big(size: int) -> RecordLimitError:
    return RecordLimitError("(file)", f"the record is {size:,} bytes of UTF-8 text", "MAX_RECORD_BYTES",
                            MAX_RECORD_BYTES)


def _check_shape(data: Any) -> None:
    """Before schema validation: the limits (depth, hands, actions) and every value that could
    not be saved again (a text that is not valid UTF-8, a number that is not finite), walking
    the data without recursion."""
    if isinstance(data, dict):
        hands = data.get("hands")
        if isinstance(hands, list):
            if len(hands) > MAX_HANDS:
                raise RecordLimitError("hands", f"the record has {len(hands):,} hands", "MAX_HANDS", MAX_HANDS)
            for i, h in enumerate(hands):
                acts = h.get("actions") if isinstance(h, dict) else None
                if isinstance(acts, list) and len(acts) > MAX_ACTIONS_PER_HAND:
                    raise RecordLimitError(f"hands[{i}].actions", f"hand {i + 1} has {len(acts):,} actions",
                                           "MAX_ACTIONS_PER_HAND", MAX_ACTIONS_PER_HAND)
    stack: list = [(data, (), 1)]
    while stack:
        x, where, depth = stack.pop()
        if isinstance(x, (dict, list)):
            if depth > MAX_DEPTH:
                raise RecordLimitError(_path(where), "the JSON is nested too deeply", "MAX_DEPTH", MAX_DEPTH)
            if isinstance(x, dict):
                for k, y in x.items():
                    if not _encodable(k):
                        raise RecordError(_path(where), f"a key that cannot be written as UTF-8: {k!r}")
                    stack.append((y, where + (k,), depth + 1))
            else:
                stack.extend((y, where + (i,), depth + 1) for i, y in enumerate(x))
        elif isinstance(x, str):
            if not _encodable(x):
                raise RecordError(_path(where), f"a text that cannot be written as UTF-8 (a lone surrogate): {x!r}")
        elif isinstance(x, float) and not math.isfinite(x):
            raise RecordError(_path(where), f"{x!r} is not a number JSON can write")


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_VALIDATOR = None

#: Modules jsonschema imports, when they are installed, only to check string formats ("iri",
#: "iri-reference"). The record schema uses no "format", so the validator never needs them, and
#: ``rfc3987_syntax`` alone compiles its grammars on import (about 1 s of CPU, most of a served
#: page's start). They are kept out while this module imports jsonschema (and only then: a later
#: ``import rfc3987_syntax`` elsewhere works as usual).
_UNUSED_FORMAT_MODULES = ("rfc3987_syntax",)


def _import_jsonschema():
    """Import jsonschema without its unused format modules (see :data:`_UNUSED_FORMAT_MODULES`);
    if it is already imported, that module as it is."""
    import sys

    if "jsonschema" in sys.modules:
        return sys.modules["jsonschema"]
    kept_out = [name for name in _UNUSED_FORMAT_MODULES if name not in sys.modules]
    for name in kept_out:
        sys.modules[name] = None  # import machinery: None in sys.modules makes "import name" fail
    try:
        import jsonschema
    finally:
        for name in kept_out:
            if name in sys.modules and sys.modules[name] is None:
                del sys.modules[name]
    return jsonschema


def _validator():
    """The schema's validator, for which "integer" means a JSON integer only: not ``1.0`` (which
    JSON Schema counts as an integer) nor ``true``. Built on first use (importing jsonschema is
    what a record's first load costs; nothing imports it before)."""
    global _VALIDATOR
    if _VALIDATOR is None:
        jsonschema = _import_jsonschema()

        base = jsonschema.Draft202012Validator
        checker = base.TYPE_CHECKER.redefine(
            "integer", lambda _checker, x: isinstance(x, int) and not isinstance(x, bool))
        _VALIDATOR = jsonschema.validators.extend(base, type_checker=checker)(SCHEMA)
    return _VALIDATOR


def _describe(exc: BaseException) -> str:
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _replay(rec: Record) -> list:
    """Replay every hand; every step (the game's score keeper, each deal, each action, each
    score) is guarded, so a bad record gives a :class:`RecordError` at the hand or action
    (typed engine errors by their message; any other exception the data can provoke in an engine
    is reported the same way, in words that say so, with the exception as ``__cause__``; a
    ``NameError`` or ``ImportError``, a broken engine whatever the record, passes through)."""
    from . import variants

    v = variants.get(rec.variant)
    with _guard("start" if rec.start else "hands[0].dealer"):
        game = v.new_game(rec.rules, rec.hands[0].dealer, rec.players, **rec.start)
    finals = []
    for i, h in enumerate(rec.hands):
        where = f"hands[{i}]"
        with _guard(where):
            over = game.is_over
            if over:
                goal = getattr(game, "goal", None) or f"game to {rec.rules.target}"
                raise RecordError(where, f"the game was already over ({rec.players[game.winner]} won the {goal}) "
                                         f"before this hand")
            if h.dealer != game.next_dealer:
                raise RecordError(f"{where}.dealer", f"hand {i + 1} must be dealt by seat {game.next_dealer} "
                                                     f"({rec.players[game.next_dealer]}): "
                                                     f"{getattr(game, 'next_dealer_reason', 'the rotation of the deal')}")
        with _guard(f"{where}.pack" if h.pack is not None else f"{where}.seed"):
            # a game whose deals depend on earlier ones (e.g. revised Ninety-Nine's trumps) deals itself
            deal_next = getattr(game, "deal_next", None)
            s = (deal_next(seed=h.seed, pack=h.pack) if callable(deal_next)
                 else v.deal(rec.rules, h.dealer, seed=h.seed, pack=h.pack, names=rec.players))
        for j, text in enumerate(h.actions):
            with _guard(f"{where}.actions[{j}]", f"{text!r}: "):
                s = s.apply(text)
        finals.append(s)
        with _guard(where):
            finished = s.result is not None
            if finished:
                game.add(s)
        if not finished and i + 1 < len(rec.hands):
            raise RecordError(f"{where}.actions", f"hand {i + 1} is unfinished after {len(h.actions)} actions, "
                                                  f"but another hand follows")
    rec._cache["game"] = game
    return finals


def _carried_into(state) -> dict:
    """What a deal carries from the game before it, as ``start`` keeps it: the deal's keywords
    the variant declares (``Variant.deal_start``, e.g. revised Ninety-Nine's
    ``previous_successes``) with the values ``state`` was dealt with (``{}`` if none)."""
    from . import variants

    v = variants.get(state.variant)
    return {k: getattr(state, k) for k in v.deal_start(state.rules) if getattr(state, k, None) is not None}


def _check_start(rec: Record) -> None:
    """``rec.start`` holds only the parts of the standing the variant declares
    (:attr:`cardlab.variants.Variant.standing`), each of the declared size: a list of one number
    per seat, per pair, or one number (the values are checked when the score keeper is made, on
    replay; the score keeper made from them here refuses values out of range). Raises
    :class:`RecordError` at ``start`` or ``start.<part>``."""
    if not rec.start:
        return
    from . import variants

    v = variants.get(rec.variant)
    parts = {p.name: p for p in v.standing}
    for key, value in rec.start.items():
        part = parts.get(key)
        if part is None:
            raise RecordError(f"start.{key}", f"a game of {v.title} starts from "
                                              f"{' and '.join(parts) or 'nothing given'}, not {key!r}")
        size = part.size(len(rec.players))
        if size is None:
            if value.__class__ is not int:
                raise RecordError(f"start.{key}", f"{key} ({part.label}) is one whole number, not {value!r}")
        elif (not isinstance(value, (list, tuple)) or len(value) != size
              or any(x.__class__ is not int for x in value)):
            raise RecordError(f"start.{key}", f"{key} ({part.label}) is {size} whole numbers, not {value!r}")
    with _guard("start"):
        v.new_game(rec.rules, rec.hands[0].dealer, rec.players, **rec.start)


class _guard:
    """``with _guard(location):`` turns any exception of the block into a RecordError there
    (a RecordError passes unchanged)."""

    def __init__(self, location: str, prefix: str = ""):
        self.location = location
        self.prefix = prefix

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if exc is None or isinstance(exc, (RecordError, NameError, ImportError)) or not isinstance(exc, Exception):
            return False  # a NameError or ImportError is a broken engine, not a bad record
        if isinstance(exc, CardlabError):
            raise RecordError(self.location, f"{self.prefix}{exc}") from None
        raise RecordError(self.location, f"{self.prefix}the engine could not replay this: {_describe(exc)}") from exc


def _path(parts) -> str:
    """A location such as ``hands[1].actions[7]``; ``"record"`` for the top level."""
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "record"


def _schema_message(e) -> str:
    if e.validator == "required":
        return e.message.replace("is a required property", "is missing")
    if e.validator == "additionalProperties":
        return f"unexpected field(s): {e.message.split('(')[-1].rstrip(')')}"
    if e.validator == "oneOf":
        return "a hand needs either 'pack' (the cards from the top) or 'seed', not both or neither"
    return e.message
