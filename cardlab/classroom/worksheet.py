"""Worksheets: a teacher's own positions, each with an exercise kind and an optional own question,
saved in the class folder under a short code that students open like a set code (issue 22).

    from cardlab.classroom.worksheet import Worksheet, WorksheetItem, load_worksheet
    ws = Worksheet("Marriages, lesson 3", [WorksheetItem("66 santase | dealer 0 | ...", "marriage")])
    code = ws.save()                 # "ws-k7m2q": <class folder>/worksheets/ws-k7m2q.json
    load_worksheet("WS K7M2Q").exercises()

Every item is made into its exercise (:func:`~cardlab.classroom.from_position.make_exercise_from_position`)
when the worksheet is made, so a kind that does not apply to its position is refused then, with
the item's number, not when a student opens the worksheet; loading a file makes them again.

The file (at most :data:`MAX_FILE_BYTES`) is JSON checked against :data:`SCHEMA` (jsonschema) on
save and on load::

    {"format": "cardlab-worksheet", "version": 1, "title": "...",
     "items": [{"position": "...", "kind": "legal", "question": ""}, ...]}

Codes are ``ws-`` and :data:`CODE_LENGTH` characters of :data:`ALPHABET` (a-z and 2-9 without
the look-alikes 0/o, 1/l/i), read however typed (spaces, capitals, a dash typed as – or left
out). A file is written only inside ``<class folder>/worksheets/`` (no links followed, never over
another worksheet). Errors are :class:`WorksheetError` naming the place (the item, the field).
"""

from __future__ import annotations

import json
import os
import secrets
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import CardlabError
from .exercises import ExerciseSet
from .verdicts import Exercise

__all__ = ["Worksheet", "WorksheetItem", "WorksheetError", "WorksheetSet", "load_worksheet", "parse_worksheet_code",
           "is_worksheet_code", "worksheet_path", "SCHEMA", "ALPHABET", "CODE_LENGTH", "MAX_ITEMS", "MAX_TITLE",
           "MAX_FILE_BYTES", "MAX_POSITION", "FOLDER", "PRINT_FOLDER", "open_code", "save_print"]

#: The characters of a worksheet code after ``ws-``: a-z and 2-9 without 0/o and 1/l/i (31).
ALPHABET = "".join(c for c in "abcdefghijklmnopqrstuvwxyz23456789" if c not in "oli")
#: Characters after ``ws-``.
CODE_LENGTH = 5
#: The most items a worksheet holds.
MAX_ITEMS = 60
#: The longest title, in characters.
MAX_TITLE = 120
#: The longest position text of an item, in characters.
MAX_POSITION = 2000
#: The largest worksheet file, in bytes (256 KiB).
MAX_FILE_BYTES = 256 * 1024
#: The folder of the class folder that holds the worksheets.
FOLDER = "worksheets"
#: The folder of the class folder that holds printable pages (:func:`save_print`).
PRINT_FOLDER = "print"

_KINDS = ("legal", "trick", "points", "marriage", "bid", "score", "scores", "redeal", "eight")

#: The JSON Schema of a worksheet file (draft 2020-12).
SCHEMA: dict = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "cardlab worksheet",
    "type": "object",
    "additionalProperties": False,
    "required": ["format", "version", "title", "items"],
    "properties": {
        "format": {"const": "cardlab-worksheet"},
        "version": {"const": 1},
        "title": {"type": "string", "minLength": 1, "maxLength": MAX_TITLE, "pattern": r"^[^\x00-\x1f\x7f]*$"},
        "items": {
            "type": "array", "minItems": 1, "maxItems": MAX_ITEMS,
            "items": {
                "type": "object", "additionalProperties": False, "required": ["position", "kind"],
                "properties": {
                    "position": {"type": "string", "minLength": 1, "maxLength": MAX_POSITION,
                                 "pattern": r"^[^\x00-\x1f\x7f]*$"},
                    "kind": {"enum": list(_KINDS)},
                    "question": {"type": "string", "maxLength": 300, "pattern": r"^[^\x00-\x1f\x7f]*$"},
                },
            },
        },
    },
}


class WorksheetError(CardlabError):
    """A worksheet, its file or its code that cannot be used.

    Attributes
    ----------
    place : str
        Where the problem is: ``"code"``, ``"title"``, ``"items"``, ``"item 3"`` (1-based, as a
        teacher counts), ``"item 3, kind"``, ``"file"`` or a place in the file (``"items[2].kind"``).
    """

    def __init__(self, message: str, place: str = ""):
        self.place = place
        # a code is what a person typed in the code box: the message speaks of it without a place
        super().__init__(f"{place}: {message}" if place and place != "code" else message)


def _no_controls(text: str) -> bool:
    return not any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in text)


@dataclass(frozen=True)
class WorksheetItem:
    """One exercise of a worksheet: a position in notation (:mod:`cardlab.classroom.notation`), an
    exercise kind that applies to it, and an own question text (``""``: the usual question)."""

    position: str
    kind: str
    question: str = ""

    def exercise(self) -> Exercise:
        """The item's exercise (:func:`~cardlab.classroom.from_position.make_exercise_from_position`).
        Raises what that raises (PositionError, ExerciseError)."""
        from .from_position import make_exercise_from_position
        return make_exercise_from_position(self.position, self.kind, self.question)


@dataclass(frozen=True)
class Worksheet:
    """A titled list of :class:`WorksheetItem` (1 to :data:`MAX_ITEMS`; a title of 1 to
    :data:`MAX_TITLE` characters without control characters). Items may be given as
    WorksheetItem or as dicts / tuples of ``(position, kind[, question])``.

    Every item is made into its exercise when the worksheet is made: raises
    :class:`WorksheetError` (``place``: ``"title"``, ``"items"``, ``"item N"``) naming the first
    item whose position cannot be read or whose kind does not apply, with the reason in words."""

    title: str
    items: tuple = ()
    _exercises: tuple = field(default=(), repr=False, compare=False)

    def __post_init__(self):
        title = self.title
        if not isinstance(title, str) or not title.strip():
            raise WorksheetError("a worksheet needs a title (text, not empty)", "title")
        title = title.strip()
        if len(title) > MAX_TITLE:
            raise WorksheetError(f"a title has at most {MAX_TITLE} characters; this one has {len(title)}", "title")
        if not _no_controls(title):
            raise WorksheetError("a title cannot hold control characters (such as a line break)", "title")
        if isinstance(self.items, (str, bytes, dict)) or not hasattr(self.items, "__iter__"):
            raise WorksheetError(f"the items are a list of positions with their kinds, not "
                                 f"{type(self.items).__name__}", "items")
        items = [_item(x, i) for i, x in enumerate(self.items)]
        if not items:
            raise WorksheetError("a worksheet needs at least one exercise", "items")
        if len(items) > MAX_ITEMS:
            raise WorksheetError(f"a worksheet holds at most {MAX_ITEMS} exercises, not {len(items)}", "items")
        exercises = []
        for i, item in enumerate(items):
            try:
                exercises.append(item.exercise())
            except CardlabError as e:
                raise WorksheetError(str(e), f"item {i + 1}") from None
        object.__setattr__(self, "title", title)
        object.__setattr__(self, "items", tuple(items))
        object.__setattr__(self, "_exercises", tuple(exercises))

    def exercises(self) -> list[Exercise]:
        """The exercises, one per item in order (made when the worksheet was made)."""
        return list(self._exercises)

    def add(self, position: str, kind: str, question: str = "") -> "Worksheet":
        """A new worksheet with one more item at the end. Raises :class:`WorksheetError` as
        making a worksheet does (this one is unchanged)."""
        return Worksheet(self.title, self.items + (WorksheetItem(position, kind, question),))

    def to_json(self) -> dict:
        """The file's JSON object (see :data:`SCHEMA`)."""
        return {"format": "cardlab-worksheet", "version": 1, "title": self.title,
                "items": [{"position": x.position, "kind": x.kind, **({"question": x.question} if x.question else {})}
                          for x in self.items]}

    @classmethod
    def from_json(cls, data: Any) -> "Worksheet":
        """The worksheet of a file's JSON object, checked against :data:`SCHEMA` and then made
        (each item's exercise). Raises :class:`WorksheetError` naming the place at fault."""
        _validate(data)
        return cls(data["title"], [WorksheetItem(x["position"], x["kind"], x.get("question", ""))
                                   for x in data["items"]])

    def save(self, folder: str | os.PathLike | None = None) -> str:
        """Write the worksheet to ``<folder>/worksheets/<code>.json`` under a new code and return
        the code (``"ws-k7m2q"``). ``folder`` None: :func:`cardlab.classroom.roles.class_folder`.
        The file is checked against :data:`SCHEMA` first, created only if no file has that code
        (never over another worksheet) and never through a link. Raises :class:`WorksheetError`
        (nothing written) for a file the schema refuses or over :data:`MAX_FILE_BYTES`, and
        :class:`~cardlab.classroom.roles.ClassFolderError` / ``OSError`` for a folder that
        cannot be used."""
        data = self.to_json()
        _validate(data)
        body = json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")
        if len(body) > MAX_FILE_BYTES:
            raise WorksheetError(f"the file would be {len(body)} bytes; a worksheet file has at most "
                                 f"{MAX_FILE_BYTES}", "file")
        where = _folder(folder, make=True)
        for _ in range(50):
            code = "ws-" + "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
            path = where / f"{code}.json"
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
            except FileExistsError:
                continue
            try:
                os.write(fd, body)
            except BaseException:
                os.close(fd)
                path.unlink(missing_ok=True)
                raise
            os.close(fd)
            return code
        raise WorksheetError("no free worksheet code found", "code")  # pragma: no cover


def _item(x: Any, i: int) -> WorksheetItem:
    place = f"item {i + 1}"
    if isinstance(x, WorksheetItem):
        item = x
    elif isinstance(x, dict):
        extra = set(x) - {"position", "kind", "question"}
        if extra or "position" not in x or "kind" not in x:
            raise WorksheetError("an item is a position, a kind and optionally a question"
                                 + (f", not {', '.join(sorted(map(str, extra)))}" if extra else ""), place)
        item = WorksheetItem(x["position"], x["kind"], x.get("question", ""))
    elif isinstance(x, (tuple, list)) and len(x) in (2, 3):
        item = WorksheetItem(*x)
    else:
        raise WorksheetError(f"an item is a position, a kind and optionally a question, not {type(x).__name__}",
                             place)
    if not isinstance(item.position, str) or not item.position.strip():
        raise WorksheetError("the position is missing", place)
    if len(item.position) > MAX_POSITION:
        raise WorksheetError(f"a position has at most {MAX_POSITION} characters", place)
    if not isinstance(item.kind, str) or item.kind not in _KINDS:
        raise WorksheetError(f"{item.kind!r} is not an exercise kind; the kinds are {', '.join(_KINDS)}",
                             place + ", kind")
    if not isinstance(item.question, str):
        raise WorksheetError(f"a question is text, not {type(item.question).__name__}", place + ", question")
    return item


def _validate(data: Any) -> None:
    """Check ``data`` against :data:`SCHEMA`; raise :class:`WorksheetError` at the first place
    it breaks (``"items[2].kind"``)."""
    import jsonschema

    validator = jsonschema.Draft202012Validator(SCHEMA)
    errors = sorted(validator.iter_errors(data), key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path))))
    if errors:
        e = errors[0]
        place = "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else str(p))
                        for i, p in enumerate(e.absolute_path)) or "file"
        message = e.message if len(e.message) <= 200 else e.message[:200] + "…"
        raise WorksheetError(f"this is not a worksheet file as cardlab writes it: {message}", place)


_DASHES = str.maketrans({"–": "-", "—": "-", "‐": "-", "‑": "-", "−": "-", "_": "-"})


def parse_worksheet_code(code: str) -> str:
    """The canonical worksheet code (``"ws-k7m2q"``) of ``code`` as typed: spaces anywhere,
    capitals, a dash typed as – or — or left out (``"WS K7M2Q"``, ``"ws k7m2q"``). Raises
    :class:`WorksheetError` (place ``"code"``) saying what is wrong."""
    if not isinstance(code, str):
        raise WorksheetError(f"a worksheet code is text such as 'ws-k7m2q', not {type(code).__name__}", "code")
    text = "".join(code.split()).translate(_DASHES).lower()
    if not text.startswith("ws"):
        raise WorksheetError(f"a worksheet code starts with 'ws-', such as 'ws-k7m2q', not {code.strip()!r}", "code")
    body = text[2:].lstrip("-")
    if len(body) != CODE_LENGTH:
        raise WorksheetError(f"a worksheet code has {CODE_LENGTH} characters after 'ws-', not {len(body)} "
                             f"({code.strip()!r})", "code")
    wrong = [c for c in body if c not in ALPHABET]
    if wrong:
        look = [c for c in wrong if c in "0o1li"]
        raise WorksheetError(f"{wrong[0]!r} is not in a worksheet code"
                             + (" (codes use no 0, o, 1, l or i, so that none is mistaken for another)" if look else
                                f" (letters a to z and digits 2 to 9)"), "code")
    return "ws-" + body


def is_worksheet_code(code: Any) -> bool:
    """Whether ``code`` reads as a worksheet code (:func:`parse_worksheet_code`), rather than a
    set code: a box that opens both asks this first."""
    try:
        parse_worksheet_code(code)
    except WorksheetError:
        return False
    return True


def _folder(folder, make: bool, name: str = FOLDER) -> Path:
    """``<folder>/<name>`` (``folder`` None: the class folder; ``name``: ``worksheets``), resolved;
    refused if it is a link or lies outside the folder."""
    if folder is None:
        from .roles import class_folder
        base = class_folder()
    else:
        base = Path(folder)
        if make:
            base.mkdir(parents=True, exist_ok=True)
        base = base.resolve()
    where = base / name
    if where.is_symlink():
        raise WorksheetError(f"{where} is a link to somewhere else: worksheets are not written through it", "file")
    if make:
        where.mkdir(exist_ok=True)
    if where.exists() and (not where.is_dir() or where.resolve().parent != base):
        raise WorksheetError(f"{where} is not a folder inside the class folder", "file")
    return where


def worksheet_path(code: str, folder: str | os.PathLike | None = None) -> Path:
    """The file of worksheet ``code`` (as typed) in ``<folder>/worksheets/`` (``folder`` None: the
    class folder); it need not exist. Raises :class:`WorksheetError` for a bad code or folder."""
    return _folder(folder, make=False) / f"{parse_worksheet_code(code)}.json"


def load_worksheet(code: str, folder: str | os.PathLike | None = None) -> Worksheet:
    """The worksheet saved under ``code`` (as typed: :func:`parse_worksheet_code`) in
    ``<folder>/worksheets/`` (``folder`` None: the class folder). Raises :class:`WorksheetError`
    for a bad code, no such worksheet, a link, a file over :data:`MAX_FILE_BYTES`, text that is
    not JSON (with its line), a file :data:`SCHEMA` refuses (naming the place) or an item that no
    longer applies (naming the item)."""
    path = worksheet_path(code, folder)
    name = parse_worksheet_code(code)
    if path.is_symlink():
        raise WorksheetError(f"the file of {name} is a link to somewhere else: it is not read", "file")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        raise WorksheetError(f"there is no worksheet {name} in this class (check the code)", "code") from None
    except OSError as e:
        raise WorksheetError(f"the file of {name} cannot be read: {e.strerror}", "file") from None
    with os.fdopen(fd, "rb") as f:
        body = f.read(MAX_FILE_BYTES + 1)
    if len(body) > MAX_FILE_BYTES:
        raise WorksheetError(f"the file of {name} is larger than {MAX_FILE_BYTES} bytes", "file")
    try:
        data = json.loads(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise WorksheetError(f"the file of {name} is not UTF-8 text", "file") from None
    except json.JSONDecodeError as e:
        raise WorksheetError(f"the file of {name} is not JSON: {e.msg} (line {e.lineno}, column {e.colno})",
                             "file") from None
    except RecursionError:
        raise WorksheetError(f"the file of {name} is not JSON as a worksheet writes it: nested too deep",
                             "file") from None
    try:
        return Worksheet.from_json(data)
    except RecursionError:     # pragma: no cover - a schema check of a structure nested too deep
        raise WorksheetError(f"the file of {name} is nested too deep to be a worksheet", "file") from None


class WorksheetSet(ExerciseSet):
    """A worksheet answered as a set (:class:`~cardlab.classroom.exercises.ExerciseSet`'s score,
    ``current``, ``answer``, ``next``), for the widgets: ``WorksheetSet(load_worksheet(code), code)``.
    :attr:`code` is the canonical worksheet code (text), :attr:`title` the worksheet's title."""

    def __init__(self, worksheet: Worksheet, code: str):
        self.code = parse_worksheet_code(code)
        self.title = worksheet.title
        self.count = len(worksheet.items)
        self.index = 0
        self.right = 0
        self.answered = 0
        self._done: set = set()
        self._cache: dict = dict(enumerate(worksheet.exercises()))

    def exercise(self, i: int) -> Exercise:
        """The ``i``-th exercise (0-based) of the worksheet."""
        return self._cache[i]


def open_code(code: str, folder: str | os.PathLike | None = None, count: int = 10) -> ExerciseSet:
    """What a box that takes both kinds of code opens: for a worksheet code (as typed) the saved
    worksheet as a :class:`WorksheetSet`, else the set code's
    :class:`~cardlab.classroom.exercises.ExerciseSet` of ``count`` exercises. Raises
    :class:`WorksheetError` (a worksheet code: no such worksheet, a bad file) or
    :class:`~cardlab.classroom.exercises.CodeError` (a set code)."""
    if is_worksheet_code(code):
        return WorksheetSet(load_worksheet(code, folder), code)
    return ExerciseSet(code, count=count)


def save_print(code: str, folder: str | os.PathLike | None = None, count: int = 12) -> tuple[Path, Path]:
    """Write the printable worksheet and answer key of ``code`` (a worksheet code or a set code,
    as typed; a set prints ``count`` exercises) into ``<folder>/print/`` (``folder`` None: the
    class folder) as ``<code>-worksheet.html`` and ``<code>-key.html`` (made by
    :func:`cardlab.render.worksheet.worksheet_html`), replacing earlier prints of the same code
    but never writing through a link. Returns the two paths. Raises what :func:`open_code`
    raises, and :class:`WorksheetError` for a print folder or file that is a link."""
    from ..render.worksheet import worksheet_html

    opened = open_code(code, folder, count)
    exercises = [opened.exercise(i) for i in range(opened.count)]
    title = opened.title if isinstance(opened, WorksheetSet) else f"Exercise set {opened.code}"
    stem = str(opened.code).replace(",", "+")
    where = _folder(folder, make=True, name=PRINT_FOLDER)
    out = []
    for suffix, answers in (("worksheet", False), ("key", True)):
        path = where / f"{stem}-{suffix}.html"
        if path.is_symlink() or (path.exists() and not path.is_file()):
            raise WorksheetError(f"{path.name} in the print folder is a link or a folder: it is not written", "file")
        body = worksheet_html(exercises, title, answers=answers).encode("utf-8")
        tmp = where / f".{path.name}.{secrets.token_hex(4)}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
        try:
            os.write(fd, body)
        finally:
            os.close(fd)
        os.replace(tmp, path)
        out.append(path)
    return out[0], out[1]
