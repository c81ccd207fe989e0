"""The class's answers in one SQLite database, written by every student's kernel at once.

``ClassResults(folder)`` opens (or makes) ``<folder>/results.sqlite3`` with the standard library's
:mod:`sqlite3`; ``folder=None`` is the class folder (:func:`cardlab.classroom.roles.class_folder`).
A student :meth:`~ClassResults.join` s with a name; each checked answer is
:meth:`~ClassResults.record` ed once; the teacher reads :meth:`~ClassResults.answers`,
:meth:`~ClassResults.summary` and :meth:`~ClassResults.per_student` (pandas DataFrames) and
:meth:`~ClassResults.export_csv` s the answers.

**Many writers.** Each kernel of the served page is its own process with its own
:class:`ClassResults`. The file is in WAL mode (readers never wait for writers, a writer never
waits for readers); every write is one short ``BEGIN IMMEDIATE`` transaction, and a writer that
finds another one writing waits up to :data:`BUSY_TIMEOUT_MS` (``PRAGMA busy_timeout``). A
connection belongs to one process and one thread: an object used after a ``fork`` or from
another thread opens its own.

**Crashes.** ``PRAGMA synchronous=NORMAL`` (:data:`SYNCHRONOUS`): in WAL mode a commit is in the
operating system's hands when ``record`` returns, so a kernel killed at any moment (SIGKILL
included) loses nothing it committed and leaves no half row: the next connection rolls back the
unfinished transaction and the file passes ``PRAGMA integrity_check``. Only a power cut or an
operating-system crash can lose the last few commits (never corrupt the file); ``FULL`` would
close that gap with an ``fsync`` per answer, a cost every click of a class of 30 would pay, for
answers a student can give again.

**Schema versions.** The schema's version is ``PRAGMA user_version``; :data:`MIGRATIONS` lists
the steps, step ``i`` taking a file from version ``i`` to ``i + 1`` (step 0 makes the tables), so
a new version is one more entry. Opening runs the missing steps in one transaction; a file of a
newer version than :data:`SCHEMA_VERSION`, a file that is not SQLite, or an SQLite file with
someone else's tables is refused with :class:`~cardlab.errors.ClassResultsError` and left as it
is. (A server database through SQLAlchemy is not offered: SQLite needs no setup and carries a
class of 30 writers; see the benchmark ``benchmarks/bench_class_results.py``.)

pandas is imported by the methods that return DataFrames, not by importing this module.
"""

from __future__ import annotations

import json
import math
import os
import random
import sqlite3
import threading
import time
import unicodedata
from datetime import datetime, timezone
from pathlib import Path
from typing import NamedTuple

from ..errors import ClassResultsError

__all__ = ["ClassResults", "ClassResultsError", "Student", "FILE_NAME", "SCHEMA_VERSION", "MIGRATIONS",
           "MAX_NAME_LENGTH", "MAX_TEXT_LENGTH", "MAX_ANSWER_LENGTH", "MAX_EXERCISE", "MAX_RULES", "TOP_WRONG",
           "BUSY_TIMEOUT_MS", "SYNCHRONOUS", "check_name"]

#: The database's file name in the class folder.
FILE_NAME = "results.sqlite3"
#: The longest student name, in characters (after stripping spaces at both ends).
MAX_NAME_LENGTH = 40
#: The longest set code, exercise kind or rule id, in characters.
MAX_TEXT_LENGTH = 80
#: The longest answer text, in characters.
MAX_ANSWER_LENGTH = 400
#: The largest exercise index.
MAX_EXERCISE = 9_999
#: The most rule ids one answer records.
MAX_RULES = 20
#: How many of the commonest wrong answers :meth:`ClassResults.summary` lists per exercise.
TOP_WRONG = 3
#: How long a write waits for another process's write to finish, in milliseconds.
BUSY_TIMEOUT_MS = 30_000
#: ``PRAGMA synchronous`` (see the module's notes on crashes).
SYNCHRONOUS = "NORMAL"

_TIME = "datetime64[ns, UTC]"   # the dtype of the DataFrames' times
_SQLITE_HEADER = b"SQLite format 3\x00"
# control characters, format characters (zero-width, direction marks), lone surrogates, line and
# paragraph separators: refused in names and in all stored text
_REFUSED_CATEGORIES = ("Cc", "Cf", "Cs", "Zl", "Zp")


def _migrate_1(db: sqlite3.Connection) -> None:
    """Version 1: the students (a name is unique without regard to case: ``key`` is its casefold)
    and their answers (one per student, set and exercise)."""
    db.execute("""CREATE TABLE students (
                      id     INTEGER PRIMARY KEY,
                      name   TEXT NOT NULL,
                      key    TEXT NOT NULL UNIQUE,
                      joined TEXT NOT NULL)""")
    db.execute("""CREATE TABLE answers (
                      id       INTEGER PRIMARY KEY,
                      student  INTEGER NOT NULL REFERENCES students(id),
                      set_code TEXT NOT NULL,
                      exercise INTEGER NOT NULL CHECK (exercise >= 0),
                      kind     TEXT NOT NULL,
                      answer   TEXT NOT NULL,
                      right    INTEGER NOT NULL CHECK (right IN (0, 1)),
                      seconds  REAL NOT NULL CHECK (seconds >= 0),
                      rules    TEXT NOT NULL,
                      time     TEXT NOT NULL,
                      UNIQUE (student, set_code, exercise))""")
    db.execute("CREATE INDEX answers_by_set ON answers (set_code, exercise)")


#: The schema's migration steps: ``MIGRATIONS[i](connection)`` takes a file from version ``i`` to
#: ``i + 1`` inside the opening transaction (no commits of its own).
MIGRATIONS = (_migrate_1,)
#: The schema version this code writes: the number of migration steps.
SCHEMA_VERSION = len(MIGRATIONS)

_ABANDONED: list = []   # connections a forked child inherited: never used, never closed (see _connection)


class Student(NamedTuple):
    """A student in the class: the row ``id``, the ``name`` as first given, and ``returning``:
    true when the name (without regard to case) had joined already."""

    id: int
    name: str
    returning: bool


def _refuse(argument: str, message: str) -> ClassResultsError:
    return ClassResultsError(argument, message)


def _text(value, argument: str, what: str, maximum: int, *, empty: bool = False) -> str:
    """``value`` stripped of spaces at both ends, checked: a str, at most ``maximum`` characters,
    non-empty unless ``empty``, no control characters anywhere (a line break or tab at an end
    included: ``str.strip`` would remove them silently)."""
    if not isinstance(value, str):
        raise _refuse(argument, f"{what} is text, not {type(value).__name__} ({value!r:.60}).")
    if len(value) > 2 * maximum + 64:   # refused before it is read character by character
        raise _refuse(argument, f"{what} has at most {maximum} characters; this one has {len(value.strip())}.")
    bad = next((c for c in value if unicodedata.category(c) in _REFUSED_CATEGORIES), None)
    if bad is not None:
        raise _refuse(argument, f"{what} cannot hold control characters such as a line break or a tab "
                                f"(it holds U+{ord(bad):04X}).")
    text = value.strip()
    if not text and not empty:
        raise _refuse(argument, f"{what} is empty: type one.")
    if len(text) > maximum:
        raise _refuse(argument, f"{what} has at most {maximum} characters; this one has {len(text)}.")
    return unicodedata.normalize("NFC", text)


def check_name(name) -> str:
    """A student's name as it is stored: ``name`` stripped of spaces at both ends (and in Unicode's
    composed form, NFC). Raises :class:`~cardlab.errors.ClassResultsError` (``argument="name"``)
    when it is not a str, is empty, has more than :data:`MAX_NAME_LENGTH` characters or holds a
    control character."""
    return _text(name, "name", "A name", MAX_NAME_LENGTH)


def _key(name: str) -> str:
    """The name as compared: ``"Anna"``, ``"ANNA"`` and ``"anna"`` are one student."""
    return unicodedata.normalize("NFKC", name).casefold()


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


class ClassResults:
    """The class's results: ``<folder>/results.sqlite3`` (``folder=None``: the class folder).

    Parameters
    ----------
    folder : str, os.PathLike or None
        An existing folder; ``None`` is :func:`cardlab.classroom.roles.class_folder` (made if
        missing).

    Raises
    ------
    ClassResultsError
        (``argument="file"``) the file is not SQLite, is damaged, holds someone else's tables, or
        has a schema version newer than :data:`SCHEMA_VERSION`; (``argument="folder"``) the folder
        is not an existing folder. The file is not changed.
    ClassFolderError
        From :func:`~cardlab.classroom.roles.class_folder` when ``folder`` is ``None``.

    Each method opens (once per process and thread) its own connection; :meth:`close` closes
    this thread's. Usable as a context manager (closes on exit).
    """

    def __init__(self, folder: str | os.PathLike | None = None):
        if folder is None:
            from .roles import class_folder
            folder = class_folder()
        try:
            folder = Path(folder)
        except TypeError:
            raise _refuse("folder", f"A folder is a path, not {type(folder).__name__}.") from None
        if not folder.is_dir():
            raise _refuse("folder", f"{folder} is not a folder.")
        self.folder = folder.resolve()
        self.path = self.folder / FILE_NAME
        self._local = threading.local()
        self._open()

    # -- connections -------------------------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        """This process's and thread's connection, opened on first use. After a ``fork`` the
        parent's connection is left alone (kept referenced, never closed: closing it in the child
        could checkpoint or remove the WAL file under the parent) and a new one is opened."""
        local = self._local
        db = getattr(local, "db", None)
        if db is not None and local.pid == os.getpid():
            return db
        if db is not None:
            _ABANDONED.append(db)
        local.db = self._connect()
        local.pid = os.getpid()
        return local.db

    def _connect(self) -> sqlite3.Connection:
        if self.path.exists():
            self._check_header()
        try:
            db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        except sqlite3.Error as error:
            raise _refuse("file", f"{self.path} cannot be opened: {error}.") from None
        try:
            db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_MS)}")
            self._check_file(db)                      # read only: a refused file is left as it is
            self._wal(db)
            db.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
            db.execute("PRAGMA foreign_keys = ON")
        except sqlite3.DatabaseError as error:
            db.close()
            raise _refuse("file", f"{self.path} is not a class results database: {error}.") from None
        except BaseException:
            db.close()
            raise
        return db

    def _wal(self, db: sqlite3.Connection) -> None:
        """Puts the file in WAL mode (a setting kept in the file: once made, every later connection
        finds it so). Leaving rollback mode needs the file to itself, which the busy timeout does
        not wait for (SQLite answers "locked" at once, or keeps the old mode) when other processes
        are opening the new file at the same moment: retried until :data:`BUSY_TIMEOUT_MS`."""
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        delay = 0.005
        while True:
            try:
                mode = db.execute("PRAGMA journal_mode").fetchone()[0]
                if mode != "wal":
                    mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            except sqlite3.OperationalError as error:
                if time.monotonic() > deadline:
                    raise _refuse("file", f"{self.path} stayed locked by another process ({error}): try "
                                          f"again.") from None
                mode = None
            if mode == "wal":
                return
            if time.monotonic() > deadline:   # SQLite keeps (and answers) the old mode when it cannot change it
                raise _refuse("file", f"{self.path} cannot be put in WAL mode (it is in {mode} mode).")
            time.sleep(delay * (0.5 + random.random()))
            delay = min(delay * 2, 0.1)

    def _check_file(self, db: sqlite3.Connection) -> int:
        """The file's schema version; refuses (reading only) a version newer than this code's, and
        a file without a version that holds tables (someone else's database)."""
        # one statement, so one snapshot: another process may be making the tables right now
        version, tables = db.execute("SELECT (SELECT user_version FROM pragma_user_version), "
                                     "(SELECT count(*) FROM sqlite_master)").fetchone()
        self._check_version(version)
        if version == 0 and tables:
            raise _refuse("file", f"{self.path} holds other tables than a class's results (it has no "
                                  f"schema version): it is left as it is.")
        return version

    def _check_header(self) -> None:
        """Refuses a file that exists, is not empty and does not start as SQLite files do (opening
        it with sqlite3 would fail only at the first statement)."""
        try:
            with open(self.path, "rb") as file:
                head = file.read(len(_SQLITE_HEADER))
        except OSError as error:
            raise _refuse("file", f"{self.path} cannot be read: {error.strerror}.") from None
        if head and head != _SQLITE_HEADER:
            raise _refuse("file", f"{self.path} is not an SQLite database: it is left as it is; move it away "
                                  f"or choose another class folder.")

    def _open(self) -> None:
        """Connects and brings the schema to :data:`SCHEMA_VERSION` (one transaction), or refuses
        the file unchanged."""
        db = self._connection()
        try:
            if db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
                return
            db.execute("BEGIN IMMEDIATE")
            try:
                version = self._check_file(db)   # again: another process may have migrated meanwhile
                for step in range(version, SCHEMA_VERSION):
                    MIGRATIONS[step](db)
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        except sqlite3.DatabaseError as error:
            self.close()
            raise _refuse("file", f"{self.path} is not a class results database: {error}.") from None
        except BaseException:
            self.close()
            raise

    def _check_version(self, version: int) -> None:
        if version > SCHEMA_VERSION:
            raise _refuse("file", f"{self.path} has schema version {version}, newer than this cardlab's "
                                  f"{SCHEMA_VERSION}: update cardlab to open it (the file is left as it is).")
        if version < 0:
            raise _refuse("file", f"{self.path} has schema version {version}: not a class results database.")

    def _write(self, work):
        """Runs ``work(connection)`` in one ``BEGIN IMMEDIATE`` transaction: committed when it
        returns, rolled back when it raises."""
        db = self._connection()
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            raise _refuse("file", f"The class's results could not be written ({error}): try again.") from None
        try:
            result = work(db)
            db.execute("COMMIT")
            return result
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def close(self) -> None:
        """Closes this thread's connection (a later call opens a new one)."""
        db = getattr(self._local, "db", None)
        if db is not None and self._local.pid == os.getpid():
            db.close()
        self._local.db = None

    def __enter__(self) -> "ClassResults":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"ClassResults({str(self.folder)!r})"

    # -- writing -----------------------------------------------------------------------------

    def join(self, name: str) -> Student:
        """A student joins the class with ``name`` (checked by :func:`check_name`).

        Returns a :class:`Student`; ``returning=True`` (and the name as first given) when the
        name, without regard to case, is already in the class: after a page reload, the page asks
        whether that is the same person before continuing the record.

        Raises :class:`~cardlab.errors.ClassResultsError` (``argument="name"``) for a name
        :func:`check_name` refuses; nothing is written."""
        name = check_name(name)
        key = _key(name)

        def work(db):
            row = db.execute("SELECT id, name FROM students WHERE key = ?", (key,)).fetchone()
            if row is not None:
                return Student(row[0], row[1], True)
            cursor = db.execute("INSERT INTO students (name, key, joined) VALUES (?, ?, ?)", (name, key, _now()))
            return Student(cursor.lastrowid, name, False)

        return self._write(work)

    def record(self, student: str | Student, set_code: str, exercise: int, answer: str, right: bool,
               seconds: float, *, kind: str = "", rules=()) -> None:
        """Records one checked answer.

        Parameters
        ----------
        student : str or Student
            A joined student's name (without regard to case), or the :class:`Student`
            :meth:`join` returned.
        set_code : str
            The set's canonical code or the worksheet's code (1 to :data:`MAX_TEXT_LENGTH`
            characters).
        exercise : int
            The exercise's index in the set, 0 to :data:`MAX_EXERCISE` (an ``int``, not a bool).
        answer : str
            The answer's canonical text (at most :data:`MAX_ANSWER_LENGTH` characters; may be
            empty).
        right : bool
            Whether it was right (a ``bool``: 1 and 0 are refused).
        seconds : float
            Seconds taken: a finite number ≥ 0 (``float`` or ``int``, not a bool).
        kind : str
            The exercise's kind (at most :data:`MAX_TEXT_LENGTH` characters).
        rules : sequence of str
            The verdict's rule ids (at most :data:`MAX_RULES`, each 1 to
            :data:`MAX_TEXT_LENGTH` characters); a single str is refused.

        Raises :class:`~cardlab.errors.ClassResultsError` naming the argument: a value of the
        wrong type or out of range, a student who has not joined, an exercise this student has
        answered already in this set. Nothing is written then.
        """
        if isinstance(student, Student):
            student = student.name
        name = _text(student, "student", "A student's name", MAX_NAME_LENGTH)
        set_code = _text(set_code, "set_code", "A set code", MAX_TEXT_LENGTH)
        if type(exercise) is not int:
            raise _refuse("exercise", f"An exercise is a whole number (int), not {type(exercise).__name__} "
                                      f"({exercise!r:.40}).")
        if not 0 <= exercise <= MAX_EXERCISE:
            raise _refuse("exercise", f"An exercise is a number from 0 to {MAX_EXERCISE}, not {exercise}.")
        answer = _text(answer, "answer", "An answer", MAX_ANSWER_LENGTH, empty=True)
        if type(right) is not bool:
            raise _refuse("right", f"right is True or False (a bool), not {type(right).__name__} ({right!r:.40}).")
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
            raise _refuse("seconds", f"seconds is a number, not {type(seconds).__name__} ({seconds!r:.40}).")
        seconds = float(seconds)
        if not math.isfinite(seconds) or seconds < 0:
            raise _refuse("seconds", f"seconds is a finite number ≥ 0, not {seconds!r}.")
        kind = _text(kind, "kind", "A kind", MAX_TEXT_LENGTH, empty=True)
        if isinstance(rules, (str, bytes)) or not isinstance(rules, (list, tuple)):
            raise _refuse("rules", f"rules is a list or tuple of rule ids, not {type(rules).__name__}.")
        if len(rules) > MAX_RULES:
            raise _refuse("rules", f"An answer records at most {MAX_RULES} rule ids, not {len(rules)}.")
        rules = [_text(r, "rules", "A rule id", MAX_TEXT_LENGTH) for r in rules]
        key = _key(name)

        def work(db):
            row = db.execute("SELECT id, name FROM students WHERE key = ?", (key,)).fetchone()
            if row is None:
                raise _refuse("student", f"{name} has not joined this class: join first.")
            try:
                db.execute("INSERT INTO answers (student, set_code, exercise, kind, answer, right, seconds, rules, "
                           "time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           (row[0], set_code, exercise, kind, answer, int(right), seconds,
                            json.dumps(rules, ensure_ascii=False), _now()))
            except sqlite3.IntegrityError:
                raise _refuse("exercise", f"{row[1]} already answered exercise {exercise + 1} of {set_code}: "
                                          f"an exercise is recorded once.") from None

        self._write(work)

    # -- reading -----------------------------------------------------------------------------

    def students(self) -> list[str]:
        """The students' names, as first given, in the order they joined."""
        return [r[0] for r in self._connection().execute("SELECT name FROM students ORDER BY id")]

    def _set_filter(self, set_code) -> str | None:
        return None if set_code is None else _text(set_code, "set_code", "A set code", MAX_TEXT_LENGTH)

    def answers(self, set_code: str | None = None):
        """Every recorded answer, one row each, in the order recorded (text columns in
        pandas' ``str`` dtype): a :class:`pandas.DataFrame` with columns ``student`` (text, the name as joined),
        ``set_code`` (str), ``exercise`` (int), ``kind`` (str), ``answer`` (str), ``right``
        (bool), ``seconds`` (float), ``rules`` (tuple of str) and ``time`` (datetime64, UTC: when
        it was recorded). ``set_code`` keeps only that set's answers.

        Raises :class:`~cardlab.errors.ClassResultsError` for a ``set_code`` that is not a set
        code's text."""
        from cardlab.optional import pandas as pd

        code = self._set_filter(set_code)
        sql = ("SELECT s.name, a.set_code, a.exercise, a.kind, a.answer, a.right, a.seconds, a.rules, a.time "
               "FROM answers a JOIN students s ON s.id = a.student")
        rows = self._connection().execute(sql + (" WHERE a.set_code = ?" if code is not None else "")
                                          + " ORDER BY a.id", (code,) if code is not None else ()).fetchall()
        columns = ["student", "set_code", "exercise", "kind", "answer", "right", "seconds", "rules", "time"]
        frame = pd.DataFrame.from_records(rows, columns=columns)
        frame = frame.astype({"student": "str", "set_code": "str", "exercise": "int64", "kind": "str",
                              "answer": "str", "right": bool, "seconds": "float64"})
        frame["rules"] = pd.Series([tuple(json.loads(r)) for r in frame["rules"]], index=frame.index, dtype=object)
        frame["time"] = pd.to_datetime(frame["time"], utc=True, format="ISO8601").astype(_TIME)
        return frame

    def summary(self, set_code: str | None = None):
        """Per exercise: a :class:`pandas.DataFrame`, one row per (``set_code``, ``exercise``)
        answered at least once, sorted by both, with columns ``set_code``, ``exercise``, ``kind``,
        ``answered`` (int: how many students answered it), ``right_pct`` (float, 0–100: the
        percentage right) and ``top_wrong``: the :data:`TOP_WRONG` commonest wrong answers, a list
        of ``(answer, count, rules)`` (rules: a tuple of the rule ids those answers break), the
        commonest first (ties by the answer's text). ``set_code`` keeps only that set.

        Raises :class:`~cardlab.errors.ClassResultsError` for a ``set_code`` that is not a set
        code's text."""
        from cardlab.optional import pandas as pd

        frame = self.answers(set_code)
        columns = ["set_code", "exercise", "kind", "answered", "right_pct", "top_wrong"]
        rows = []
        for (code, exercise), group in frame.groupby(["set_code", "exercise"], sort=True):
            wrong = group[~group["right"]]
            counted = []
            for answer, same in wrong.groupby("answer", sort=False):
                rules: list[str] = []
                for ids in same["rules"]:
                    rules.extend(r for r in ids if r not in rules)
                counted.append((answer, len(same), tuple(rules)))
            counted.sort(key=lambda item: (-item[1], item[0]))
            kinds = group["kind"][group["kind"] != ""]
            rows.append((code, int(exercise), kinds.mode().iloc[0] if len(kinds) else "", len(group),
                         100.0 * group["right"].mean(), counted[:TOP_WRONG]))
        result = pd.DataFrame.from_records(rows, columns=columns)
        return result.astype({"set_code": "str", "kind": "str", "exercise": "int64", "answered": "int64", "right_pct": "float64"})

    def per_student(self, set_code: str | None = None):
        """Per student: a :class:`pandas.DataFrame`, one row per joined student (those with no
        answer too), in the order they joined, with columns ``student`` (str), ``answered`` and
        ``right`` (int), ``right_pct`` (float, 0–100; NaN with no answer), ``median_seconds``
        (float; NaN with no answer) and ``last`` (datetime64 UTC of the last answer; NaT with
        none). ``set_code`` counts only that set's answers.

        Raises :class:`~cardlab.errors.ClassResultsError` for a ``set_code`` that is not a set
        code's text."""
        from cardlab.optional import pandas as pd

        frame = self.answers(set_code)
        stats = frame.groupby("student", sort=False).agg(
            answered=("right", "size"), right=("right", "sum"), median_seconds=("seconds", "median"),
            last=("time", "max"))
        table = pd.DataFrame({"student": pd.Series(self.students(), dtype="str")})
        table = table.merge(stats, how="left", left_on="student", right_index=True)
        table["answered"] = table["answered"].fillna(0).astype("int64")
        table["right"] = table["right"].fillna(0).astype("int64")
        table["right_pct"] = (100.0 * table["right"] / table["answered"].where(table["answered"] > 0)).astype("float64")
        table["median_seconds"] = table["median_seconds"].astype("float64")
        table["last"] = pd.to_datetime(table["last"], utc=True).astype(_TIME)
        return table[["student", "answered", "right", "right_pct", "median_seconds", "last"]].reset_index(drop=True)

    def export_csv(self, path: str | os.PathLike, *, replace: bool = False) -> Path:
        """Writes :meth:`answers` as CSV (pandas ``to_csv``, UTF-8, rules joined by spaces, time in
        ISO 8601 UTC) and returns the file's path.

        ``path`` as a str is a file name a person typed: a bare name (``".csv"`` is added), checked
        by :func:`cardlab.classroom.roles.safe_path` and written in this database's folder; an
        existing file is replaced only with ``replace=True``. A :class:`pathlib.Path` that is
        absolute is code's choice and written where it says (its folder must exist; an existing
        file only with ``replace=True``).

        Raises :class:`~cardlab.classroom.roles.ClassFolderError` (a
        :class:`~cardlab.errors.CardlabError`) for a name that is not a bare file name, and
        :class:`~cardlab.errors.ClassResultsError` (``argument="path"``) for anything else that is
        not a name or an absolute path; nothing is written then."""
        from .roles import safe_path

        if isinstance(path, str):
            target = safe_path(path, ".csv", replace=replace, folder=self.folder)
        elif isinstance(path, os.PathLike) and Path(path).is_absolute():
            target = Path(path)
            if not target.parent.is_dir():
                raise _refuse("path", f"{target.parent} is not a folder.")
            if target.is_dir() or (target.exists() and not replace):
                raise _refuse("path", f"{target} exists (pass replace=True to overwrite it).")
        else:
            raise _refuse("path", f"Give a file name (text) or an absolute path, not {path!r:.60}.")
        frame = self.answers()
        frame["rules"] = frame["rules"].map(" ".join)
        partial = target.with_name(f".{target.name}.{os.getpid()}.part")
        try:
            frame.to_csv(partial, index=False, encoding="utf-8", date_format="%Y-%m-%dT%H:%M:%S.%fZ")
            os.replace(partial, target)
        finally:
            partial.unlink(missing_ok=True)
        return target

