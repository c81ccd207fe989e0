"""The class's results database (cardlab.classroom.results): every method, every refusal typed and
leaving the database as it was, schema versions and migrations, files that are not a results
database. Many processes at once: test_results_concurrency.py."""

import json
import math
import pickle
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.classroom import results
from cardlab.classroom.results import FILE_NAME, SCHEMA_VERSION, ClassResults, Student
from cardlab.classroom.roles import ClassFolderError
from cardlab.errors import CardlabError, ClassResultsError

SET = "66-santase-legal,trick-e2-1234"
COLUMNS = ["student", "set_code", "exercise", "kind", "answer", "right", "seconds", "rules", "time"]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    f = tmp_path / "class"
    f.mkdir()
    monkeypatch.setenv("CARDLAB_CLASS_FOLDER", str(f))
    return f


@pytest.fixture
def db(folder):
    with ClassResults() as r:
        yield r


@pytest.fixture
def filled(db):
    """Three students, four answers in two sets, one student without an answer."""
    db.join("Anna")
    db.join("Ben")
    db.join("Cleo")
    db.record("Anna", SET, 0, "♥K", False, 4.0, kind="legal", rules=("66.follow",))
    db.record("Ben", SET, 0, "♥K", False, 2.0, kind="legal", rules=("66.follow", "66.trump"))
    db.record("Ben", SET, 1, "♠A", True, 3.0, kind="trick", rules=("66.trick",))
    db.record("Anna", "ws-k7m2q", 0, "20", True, 10.5, kind="points")
    return db


def state(r: ClassResults):
    """Everything the database holds as the reader sees it, and its files' bytes (the WAL
    included: a refused write must not even append a frame)."""
    frame = r.answers()
    files = {p.name: p.read_bytes() for p in r.folder.iterdir() if p.name in (FILE_NAME, FILE_NAME + "-wal")}
    return r.students(), frame.to_json(orient="records", date_format="iso", date_unit="ns"), files


# -- the module ----------------------------------------------------------------------------------

def test_importing_the_module_does_not_import_pandas():
    code = "import sys, cardlab.classroom.results; print('pandas' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_the_file_is_in_the_folder_in_wal_mode_at_the_current_version(folder, db):
    assert db.path == folder.resolve() / FILE_NAME and db.path.exists()
    with sqlite3.connect(db.path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == len(results.MIGRATIONS)
    con = db._connection()
    assert con.execute("PRAGMA busy_timeout").fetchone()[0] == results.BUSY_TIMEOUT_MS
    assert con.execute("PRAGMA synchronous").fetchone()[0] == 1   # NORMAL
    assert con.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_a_given_folder_and_a_missing_one(tmp_path):
    with ClassResults(tmp_path) as r:
        assert r.path == tmp_path.resolve() / FILE_NAME
    with pytest.raises(ClassResultsError) as e:
        ClassResults(tmp_path / "nowhere")
    assert e.value.argument == "folder" and not (tmp_path / "nowhere").exists()
    with pytest.raises(ClassResultsError):
        ClassResults(3.5)


# -- joining -------------------------------------------------------------------------------------

def test_join_and_join_again_without_regard_to_case(db):
    anna = db.join("  Anna ")
    assert anna == Student(anna.id, "Anna", False)
    assert db.join("ANNA") == Student(anna.id, "Anna", True)
    assert db.join("anna") == Student(anna.id, "Anna", True)
    ben = db.join("Straße")
    assert db.join("STRASSE") == Student(ben.id, "Straße", True)   # casefold, not just ASCII
    assert db.join("Zoë") == db.join("Zoe\u0308")._replace(returning=False)   # composed or not, one name
    assert db.students() == ["Anna", "Straße", "Zoë"]


def test_a_name_of_forty_characters_is_taken(db):
    assert db.join("x" * 40).name == "x" * 40


control = st.characters(categories=["Cc", "Cf", "Zl", "Zp"])
plain = st.characters(categories=["L", "N", "P", "S", "Zs"])
bad_names = st.one_of(
    st.tuples(st.text(plain, max_size=10), control, st.text(plain, max_size=10)).map("".join),  # control
    st.text(plain, min_size=41, max_size=60).filter(lambda s: len(s.strip()) > 40),            # too long
    st.text(st.sampled_from(" \u00a0\u3000"), max_size=5),                                       # empty
    st.one_of(st.none(), st.integers(), st.floats(), st.binary(max_size=5), st.lists(st.text(max_size=3))),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=bad_names)
def test_a_bad_name_is_refused_and_nothing_changes(filled, name):
    before = state(filled)
    with pytest.raises(ClassResultsError) as e:
        filled.join(name)
    assert e.value.argument == "name" and str(e.value)
    with pytest.raises(ClassResultsError) as e:
        filled.record(name, SET, 5, "x", True, 1.0)
    assert e.value.argument == "student"
    assert state(filled) == before


@pytest.mark.parametrize("name, words", [("", "empty"), ("   ", "empty"), ("a" * 41, "at most 40"),
                                         ("Ann\nA", "control"), ("Ann\tA", "control"),
                                         ("Ann\u200bA", "control"), (None, "text")])
def test_each_bad_name_is_refused_in_words(db, name, words):
    with pytest.raises(ClassResultsError, match=words):
        db.join(name)
    assert db.students() == []


# -- recording -----------------------------------------------------------------------------------

def test_answers_has_the_columns_and_types(filled):
    frame = filled.answers()
    assert list(frame.columns) == COLUMNS and len(frame) == 4
    assert frame["exercise"].dtype == "int64" and frame["right"].dtype == bool
    assert frame["seconds"].dtype == "float64" and str(frame["time"].dtype) == "datetime64[ns, UTC]"
    first = frame.iloc[1]
    assert (first["student"], first["set_code"], first["exercise"], first["kind"], first["answer"],
            first["right"], first["seconds"], first["rules"]) == ("Ben", SET, 0, "legal", "♥K", False, 2.0,
                                                                  ("66.follow", "66.trump"))
    assert frame["time"].is_monotonic_increasing
    assert (pd.Timestamp.now(tz="UTC") - frame["time"].max()).total_seconds() < 60
    assert list(filled.answers("ws-k7m2q")["answer"]) == ["20"]


def test_every_frame_is_typed_when_empty(db):
    assert list(db.answers().columns) == COLUMNS and db.answers().empty
    assert str(db.answers()["time"].dtype) == "datetime64[ns, UTC]"
    assert list(db.summary().columns) == ["set_code", "exercise", "kind", "answered", "right_pct", "top_wrong"]
    assert list(db.per_student().columns) == ["student", "answered", "right", "right_pct", "median_seconds", "last"]
    assert db.students() == []


def test_record_takes_the_student_as_returned_by_join_and_any_case_of_the_name(db):
    ben = db.join("Ben")
    db.record(ben, SET, 0, "a", True, 0)
    db.record("BEN", SET, 1, "", False, 0.25)   # an empty answer is an answer
    assert list(db.answers()["student"]) == ["Ben", "Ben"]


def test_a_second_answer_to_one_exercise_is_refused(filled):
    before = state(filled)
    for name in ("Ben", "ben"):
        with pytest.raises(ClassResultsError, match="already answered") as e:
            filled.record(name, SET, 0, "♠A", True, 1.0, kind="legal")
        assert e.value.argument == "exercise"
    assert state(filled) == before
    filled.record("Ben", "ws-k7m2q", 0, "♠A", True, 1.0)   # the same index in another set is another exercise


def test_a_student_who_has_not_joined_is_refused(filled):
    before = state(filled)
    with pytest.raises(ClassResultsError, match="not joined") as e:
        filled.record("Dora", SET, 0, "♠A", True, 1.0)
    assert e.value.argument == "student" and state(filled) == before


GOOD = dict(student="Cleo", set_code=SET, exercise=3, answer="♠A", right=True, seconds=2.5, kind="legal",
            rules=("66.follow",))
too_long = lambda n: st.text(plain, min_size=n + 1, max_size=n + 20).filter(lambda s: len(s.strip()) > n)  # noqa: E731
BAD = {
    "student": bad_names,
    "set_code": st.one_of(too_long(80), st.just(""), st.just(" "), st.integers(), st.none(),
                          st.tuples(st.text(plain, max_size=5), control).map("".join)),
    "exercise": st.one_of(st.booleans(), st.integers(max_value=-1), st.integers(min_value=10_000),
                          st.floats(), st.text(max_size=3), st.none(), st.just(2.0)),
    "answer": st.one_of(too_long(400), st.integers(), st.floats(), st.none(), st.binary(max_size=4),
                        st.lists(st.text(max_size=2), max_size=2),
                        st.tuples(st.text(plain, max_size=5), control, st.text(plain, max_size=5)).map("".join)),
    "right": st.one_of(st.integers(), st.floats(), st.text(max_size=3), st.none(), st.just("True")),
    "seconds": st.one_of(st.just(math.nan), st.just(math.inf), st.just(-math.inf),
                         st.floats(max_value=-1e-300, allow_nan=False), st.integers(max_value=-1), st.booleans(),
                         st.text(max_size=3), st.none(), st.just("2.5")),
    "kind": st.one_of(too_long(80), st.integers(), st.none(), st.tuples(control).map("".join)),
    "rules": st.one_of(st.text(min_size=1, max_size=5), st.none(), st.integers(), st.sets(st.text(max_size=3)),
                       st.lists(st.just("66.follow"), min_size=21, max_size=25),
                       st.lists(st.one_of(st.integers(), st.none(), st.just(""), too_long(80)), min_size=1, max_size=3)),
}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_bad_argument_to_record_is_refused_and_nothing_changes(filled, data):
    argument = data.draw(st.sampled_from(sorted(BAD)), label="argument")
    value = data.draw(BAD[argument], label="value")
    arguments = dict(GOOD, **{argument: value})
    before = state(filled)
    with pytest.raises(ClassResultsError) as e:
        filled.record(arguments.pop("student"), arguments.pop("set_code"), arguments.pop("exercise"),
                      arguments.pop("answer"), arguments.pop("right"), arguments.pop("seconds"), **arguments)
    assert e.value.argument == argument and str(e.value)
    assert state(filled) == before


@pytest.mark.parametrize("argument, value, words", [
    ("right", 1, "bool"), ("right", 0, "bool"), ("exercise", True, "int"), ("exercise", 1.0, "int"),
    ("exercise", -1, "0 to"), ("seconds", math.nan, "finite"), ("seconds", math.inf, "finite"),
    ("seconds", -0.5, "≥ 0"), ("seconds", False, "number"), ("rules", "66.follow", "list or tuple"),
    ("answer", "x" * 401, "at most 400"), ("set_code", "", "empty")])
def test_each_bad_argument_is_refused_in_words(filled, argument, value, words):
    arguments = dict(GOOD, **{argument: value})
    with pytest.raises(ClassResultsError, match=words):
        filled.record(**arguments)


def test_good_numbers_of_every_accepted_type(db):
    db.join("Cleo")
    db.record("Cleo", SET, 0, "a", True, 0)          # int seconds
    db.record("Cleo", SET, 9_999, "a", False, 1e6)   # the largest index
    db.record("Cleo", SET, 1, "a", False, 0.0, rules=["66.follow"])
    assert list(db.answers()["seconds"]) == [0.0, 1e6, 0.0]


# -- reading: summary, per student, students -----------------------------------------------------

def test_summary_per_exercise_with_the_commonest_wrong_answers_and_their_rules(filled):
    filled.join("Dora")
    filled.join("Emil")
    filled.record("Cleo", SET, 0, "♠9", False, 1.0, kind="legal", rules=("66.trump",))
    filled.record("Dora", SET, 0, "♠9", False, 1.0, kind="legal", rules=("66.trump",))
    filled.record("Emil", SET, 0, "♦A", True, 1.0, kind="legal")
    frame = filled.summary()
    assert list(frame[["set_code", "exercise"]].itertuples(index=False, name=None)) == [
        (SET, 0), (SET, 1), ("ws-k7m2q", 0)]
    row = frame.iloc[0]
    assert (row["kind"], row["answered"], row["right_pct"]) == ("legal", 5, 20.0)
    # two answers tie at 2: in the text's order; each with the rules its answers broke
    assert row["top_wrong"] == [("♠9", 2, ("66.trump",)), ("♥K", 2, ("66.follow", "66.trump"))]
    assert frame.iloc[1]["top_wrong"] == [] and frame.iloc[1]["right_pct"] == 100.0
    only = filled.summary("ws-k7m2q")
    assert len(only) == 1 and only.iloc[0]["kind"] == "points"


def test_summary_lists_at_most_three_wrong_answers(db):
    for i in range(6):
        db.join(f"s{i}")
        db.record(f"s{i}", SET, 0, f"wrong{i % 5}", False, 1.0, rules=(f"r{i % 5}",))
    top = db.summary().iloc[0]["top_wrong"]
    assert top == [("wrong0", 2, ("r0",)), ("wrong1", 1, ("r1",)), ("wrong2", 1, ("r2",))]


def test_per_student(filled):
    frame = filled.per_student()
    assert list(frame["student"]) == ["Anna", "Ben", "Cleo"]
    assert list(frame["answered"]) == [2, 2, 0] and list(frame["right"]) == [1, 1, 0]
    assert list(frame["right_pct"][:2]) == [50.0, 50.0] and math.isnan(frame["right_pct"][2])
    assert list(frame["median_seconds"][:2]) == [7.25, 2.5] and math.isnan(frame["median_seconds"][2])
    answers = filled.answers()
    assert frame["last"][0] == answers["time"][3] and pd.isna(frame["last"][2])
    one = filled.per_student(SET)
    assert list(one["answered"]) == [1, 2, 0] and list(one["right"]) == [0, 1, 0]


def test_a_bad_set_code_filter_is_refused(filled):
    for method in (filled.answers, filled.summary, filled.per_student):
        with pytest.raises(ClassResultsError):
            method(42)
        if method == filled.per_student:
            assert list(method("no-such-set")["answered"]) == [0, 0, 0]
        else:
            assert method("no-such-set").empty


# -- export --------------------------------------------------------------------------------------

def test_export_csv_to_a_bare_name_in_the_class_folder(folder, filled):
    path = filled.export_csv("lesson 3")
    assert path == folder.resolve() / "lesson 3.csv"
    back = pd.read_csv(path)
    assert list(back.columns) == COLUMNS and len(back) == 4
    assert back["rules"].fillna("").tolist() == ["66.follow", "66.follow 66.trump", "66.trick", ""]
    assert back["answer"].tolist() == ["♥K", "♥K", "♠A", "20"]
    assert pd.to_datetime(back["time"], utc=True).tolist() == filled.answers()["time"].tolist()
    with pytest.raises(ClassFolderError, match="exists"):
        filled.export_csv("lesson 3.csv")
    filled.record("Cleo", SET, 0, "x", True, 1.0)
    assert len(pd.read_csv(filled.export_csv("lesson 3", replace=True))) == 5
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith(FILE_NAME)) == ["lesson 3.csv"]


@pytest.mark.parametrize("name", ["../up", "/tmp/x", "a/b", ".hidden", "", "x\ny", "c:stream", "y" * 61])
def test_export_csv_refuses_every_name_that_is_not_a_bare_name(folder, filled, name):
    with pytest.raises(CardlabError):
        filled.export_csv(name)
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith(FILE_NAME)) == []


def test_export_csv_refuses_what_is_not_a_name_or_an_absolute_path(folder, filled):
    for path in (Path("relative.csv"), 3, None, b"x.csv"):
        with pytest.raises(ClassResultsError) as e:
            filled.export_csv(path)
        assert e.value.argument == "path"


def test_export_csv_to_an_absolute_path_given_by_code(tmp_path, filled):
    target = tmp_path / "elsewhere.csv"
    assert filled.export_csv(target) == target and len(pd.read_csv(target)) == 4
    with pytest.raises(ClassResultsError, match="exists"):
        filled.export_csv(target)
    with pytest.raises(ClassResultsError, match="not a folder"):
        filled.export_csv(tmp_path / "no" / "x.csv")


def test_a_database_outside_the_class_folder_exports_into_its_own_folder(tmp_path, folder):
    other = tmp_path / "other"
    other.mkdir()
    with ClassResults(other) as r:
        r.join("Anna")
        assert r.export_csv("out") == other.resolve() / "out.csv"
        with pytest.raises(ClassFolderError):
            r.export_csv("out")
    assert not (folder / "out.csv").exists()


# -- schema versions and foreign files -----------------------------------------------------------

def test_a_version_0_empty_file_opens_and_is_migrated(tmp_path):
    (tmp_path / FILE_NAME).write_bytes(b"")
    with ClassResults(tmp_path) as r:
        assert r.join("Anna").returning is False
    raw = tmp_path / "raw"
    raw.mkdir()
    with sqlite3.connect(raw / FILE_NAME) as con:   # an SQLite file with no tables, version 0
        con.execute("CREATE TABLE t (x)")
        con.execute("DROP TABLE t")
    assert (raw / FILE_NAME).read_bytes().startswith(b"SQLite format 3\x00")
    with ClassResults(raw) as r:
        r.join("Ben")
        assert r._connection().execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_current_file_opens_with_its_data(tmp_path):
    with ClassResults(tmp_path) as r:
        r.join("Anna")
        r.record("Anna", SET, 0, "x", True, 1.0)
    with ClassResults(tmp_path) as r:
        assert r.students() == ["Anna"] and len(r.answers()) == 1


def snapshot(folder: Path) -> dict:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_a_newer_version_is_refused_and_not_altered(tmp_path):
    with ClassResults(tmp_path) as r:
        r.join("Anna")
    with sqlite3.connect(tmp_path / FILE_NAME) as con:
        con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.close()
    before = snapshot(tmp_path)
    with pytest.raises(ClassResultsError, match="newer") as e:
        ClassResults(tmp_path)
    assert e.value.argument == "file" and snapshot(tmp_path) == before


def test_someone_elses_sqlite_file_is_refused_and_not_altered(tmp_path):
    with sqlite3.connect(tmp_path / FILE_NAME) as con:
        con.execute("CREATE TABLE grades (pupil TEXT, mark INTEGER)")
        con.execute("INSERT INTO grades VALUES ('x', 1)")
    con.close()
    before = snapshot(tmp_path)
    with pytest.raises(ClassResultsError, match="other tables"):
        ClassResults(tmp_path)
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("content", [b"name,answer\nAnna,x\n", b"\x00" * 4096, json.dumps({"a": 1}).encode(),
                                     b"SQLite format 3\x00" + b"\xff" * 5000])
def test_a_file_that_is_not_a_results_database_is_refused_and_not_altered(tmp_path, content):
    (tmp_path / FILE_NAME).write_bytes(content)
    before = snapshot(tmp_path)
    with pytest.raises(ClassResultsError) as e:
        ClassResults(tmp_path)
    assert e.value.argument == "file" and FILE_NAME in str(e.value)
    assert snapshot(tmp_path) == before


def test_a_second_version_is_one_more_migration(tmp_path, monkeypatch):
    with ClassResults(tmp_path) as r:
        r.join("Anna")
        r.record("Anna", SET, 0, "x", True, 1.0)
    ran = []

    def migrate_2(con):
        ran.append(con.execute("PRAGMA user_version").fetchone()[0])
        con.execute("ALTER TABLE answers ADD COLUMN hint_used INTEGER NOT NULL DEFAULT 0")

    monkeypatch.setattr(results, "MIGRATIONS", results.MIGRATIONS + (migrate_2,))
    monkeypatch.setattr(results, "SCHEMA_VERSION", 2)
    with ClassResults(tmp_path) as r:
        con = r._connection()
        assert con.execute("PRAGMA user_version").fetchone()[0] == 2
        assert "hint_used" in [c[1] for c in con.execute("PRAGMA table_info(answers)")]
        assert len(r.answers()) == 1
    with ClassResults(tmp_path):   # already at 2: no step runs again
        pass
    assert ran == [1]
    empty = tmp_path / "new"
    empty.mkdir()
    with ClassResults(empty) as r:   # a new file takes both steps
        assert r._connection().execute("PRAGMA user_version").fetchone()[0] == 2
    assert ran == [1, 0]   # a step sees the version the file had when opened: the new one is set after all steps


def test_a_failing_migration_leaves_the_file_at_its_version(tmp_path, monkeypatch):
    with ClassResults(tmp_path) as r:
        r.join("Anna")

    def broken(con):
        con.execute("ALTER TABLE answers ADD COLUMN extra INTEGER")
        raise RuntimeError("step failed")

    monkeypatch.setattr(results, "MIGRATIONS", results.MIGRATIONS + (broken,))
    monkeypatch.setattr(results, "SCHEMA_VERSION", 2)
    with pytest.raises(RuntimeError):
        ClassResults(tmp_path)
    monkeypatch.undo()
    with ClassResults(tmp_path) as r:
        con = r._connection()
        assert con.execute("PRAGMA user_version").fetchone()[0] == 1
        assert "extra" not in [c[1] for c in con.execute("PRAGMA table_info(answers)")]
        assert r.students() == ["Anna"]


# -- threads, errors -----------------------------------------------------------------------------

def test_one_object_used_from_several_threads(db):
    errors = []

    def student(i):
        try:
            db.join(f"t{i}")
            for k in range(5):
                db.record(f"t{i}", SET, k, "x", k % 2 == 0, 1.0)
        except Exception as error:   # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=student, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and len(db.answers()) == 20


def test_the_error_is_a_cardlab_error_that_pickles_whole(db):
    with pytest.raises(ClassResultsError) as e:
        db.join("")
    assert isinstance(e.value, CardlabError) and isinstance(e.value, ValueError)
    back = pickle.loads(pickle.dumps(e.value))
    assert type(back) is ClassResultsError and back.argument == "name" and str(back) == str(e.value)
