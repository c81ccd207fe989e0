"""The class's results database under a class's load: 30 student processes answering at the same
moment into one folder (none lost or doubled), a teacher's process reading summaries meanwhile
(never failing), and writers killed with SIGKILL in the middle of their writes (the file opens,
passes ``PRAGMA integrity_check`` and holds only whole rows). Each process is a fresh Python
(subprocess), as each student's kernel is."""

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardlab.classroom.results import FILE_NAME, ClassResults

STUDENTS = 30
ANSWERS = 20
SET = "66-santase-legal,trick-e2-1234"
# The longest pause of a student between two answers, in seconds: a class answers in bursts, not
# in a tight loop, and the pauses let the teacher's reader (one process among 31 on two cores) be
# scheduled while the class writes. The 30 still start together and write into each other's way.
THINK = 0.05

# One student's kernel: says it is ready, waits for the go file (the class starts at once), then
# opens the database (the first of them makes it), joins and records its answers; prints the
# seconds each record() took. Answer i of every student is derived from i, so a row can be checked.
WRITER = r"""
import json, sys, time
from pathlib import Path
from cardlab.classroom.results import ClassResults
import random
folder, name, go, count, set_code = sys.argv[1], sys.argv[2], Path(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
think = float(sys.argv[6])   # the longest pause between two answers, in seconds (0: none)
print("ready", flush=True)
while not go.exists():
    time.sleep(0.002)
results = ClassResults(folder)
results.join(name)
times = []
for i in range(count):
    start = time.perf_counter()
    results.record(name, set_code, i, f"answer {i}", i % 3 == 0, i * 0.5, kind="legal", rules=[f"r.{i}", "r.x"])
    times.append(time.perf_counter() - start)
    if think:
        time.sleep(random.uniform(0, think))
    if count > 1000:
        print(i, flush=True)   # the killed writer says what it has committed
print(json.dumps(times), flush=True)
"""

# The teacher's kernel: summary() and per_student() in a loop until the stop file appears; prints
# how many reads it made, the answers counted by each, and every error.
READER = r"""
import json, sys, time
from pathlib import Path
from cardlab.classroom.results import ClassResults
folder, go, stop = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
import tempfile
with tempfile.TemporaryDirectory() as scratch:   # warmed up before the class starts, as the teacher's page is
    ClassResults(scratch).summary()
print("ready", flush=True)
while not go.exists():
    time.sleep(0.002)
counts, errors = [], []
while True:
    last = stop.exists()
    try:
        results = ClassResults(folder)   # the first reads may come before any writer made the file
        summary = results.summary()
        students = results.per_student()
        counts.append(int(summary["answered"].sum()) if len(summary) else 0)
        assert int(students["answered"].sum()) >= counts[-1]
        results.close()
    except Exception as error:
        errors.append(repr(error))
    if last:
        break
print(json.dumps({"counts": counts, "errors": errors}), flush=True)
"""


def start(code: str, *args) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", code, *map(str, args)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def wait_ready(processes) -> None:
    for p in processes:
        line = p.stdout.readline()
        assert line.strip() == "ready", p.stderr.read()


def check_whole(path: Path) -> None:
    """The file opens, passes integrity_check, and every answer row is one a writer wrote whole."""
    with sqlite3.connect(path) as con:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert con.execute("PRAGMA foreign_key_check").fetchall() == []
        for exercise, answer, right, seconds, rules, kind in con.execute(
                "SELECT exercise, answer, right, seconds, rules, kind FROM answers"):
            assert (answer, right, seconds, json.loads(rules), kind) == (
                f"answer {exercise}", int(exercise % 3 == 0), exercise * 0.5, [f"r.{exercise}", "r.x"], "legal")
    con.close()


@pytest.fixture(scope="module")
def lesson(tmp_path_factory):
    """30 writers and a reader, all started at once into one empty folder."""
    folder = tmp_path_factory.mktemp("class")
    go, stop = folder.parent / "go", folder.parent / "stop"
    reader = start(READER, folder, go, stop)
    writers = [start(WRITER, folder, f"Student {i:02d}", go, ANSWERS, SET, THINK) for i in range(STUDENTS)]
    wait_ready([reader, *writers])
    began = time.perf_counter()
    go.touch()
    outputs = [w.communicate(timeout=120) for w in writers]
    took = time.perf_counter() - began
    stop.touch()
    read, read_errors = reader.communicate(timeout=60)
    return {"folder": folder, "writers": writers, "outputs": outputs, "reader": reader,
            "read": read, "read_errors": read_errors, "seconds": took}


def test_thirty_students_at_once_give_exactly_six_hundred_rows(lesson):
    for w, (out, err) in zip(lesson["writers"], lesson["outputs"]):
        assert w.returncode == 0, err
        assert len(json.loads(out)) == ANSWERS
    with ClassResults(lesson["folder"]) as r:
        frame = r.answers()
        assert len(frame) == STUDENTS * ANSWERS
        assert not frame.duplicated(["student", "set_code", "exercise"]).any()
        assert sorted(r.students()) == [f"Student {i:02d}" for i in range(STUDENTS)]
        per = frame.groupby("student")["exercise"].apply(sorted)
        assert all(ex == list(range(ANSWERS)) for ex in per)
        summary = r.summary()
        assert list(summary["answered"]) == [STUDENTS] * ANSWERS
        assert list(r.per_student()["answered"]) == [ANSWERS] * STUDENTS
    check_whole(lesson["folder"] / FILE_NAME)
    print(f"\n30 × 20 answers in {lesson['seconds']:.2f} s (from the go, Python's start-up of the "
          f"database included)")


def test_the_teacher_reading_while_the_class_writes_never_fails(lesson):
    reader = lesson["reader"]
    assert reader.returncode == 0, lesson["read_errors"]
    report = json.loads(lesson["read"])
    assert report["errors"] == []
    counts = report["counts"]
    assert len(counts) >= 2 and counts == sorted(counts)   # every read whole, none going backwards
    assert counts[-1] == STUDENTS * ANSWERS
    assert any(0 < c < STUDENTS * ANSWERS for c in counts), counts   # it did read while writers wrote
    print(f"\n{len(counts)} reads, {sum(0 < c < STUDENTS * ANSWERS for c in counts)} while the class wrote")


def kill_after(folder: Path, name: str, set_code: str, *, rows: int | None = None, delay: float = 0.0):
    """Starts a writer of many answers and kills it with SIGKILL once it has committed ``rows``
    answers (read from its output) or ``delay`` seconds after the go; returns what it had said it
    committed (-1: nothing)."""
    go = folder.parent / f"go-{set_code}"
    writer = start(WRITER, folder, name, go, 100_000, set_code, 0)
    wait_ready([writer])
    go.touch()
    committed = -1
    if rows is None:
        time.sleep(delay)
    else:
        while committed < rows:
            line = writer.stdout.readline()
            assert line, writer.stderr.read()
            committed = int(line)
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait(timeout=30)
    assert writer.returncode == -signal.SIGKILL
    writer.stdout.close()
    writer.stderr.close()
    return committed


def test_a_writer_killed_mid_write_leaves_a_whole_database(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    rng = random.Random(22)
    for round_ in range(5):
        said = kill_after(folder, f"Writer {round_}", f"kill-{round_}", rows=rng.randrange(50, 600))
        check_whole(folder / FILE_NAME)
        with ClassResults(folder) as r:
            mine = r.answers(f"kill-{round_}")
            # whole answers only, in order, none missing: at least all it said it had committed
            assert list(mine["exercise"]) == list(range(len(mine))) and len(mine) >= said + 1
            # the killed student comes back and continues the record
            again = r.join(f"writer {round_}")
            assert again.returning
            r.record(again.name, f"kill-{round_}", len(mine), f"answer {len(mine)}", len(mine) % 3 == 0,
                     len(mine) * 0.5, kind="legal", rules=[f"r.{len(mine)}", "r.x"])
        check_whole(folder / FILE_NAME)


@pytest.mark.parametrize("delay", [0.0, 0.02, 0.05, 0.1, 0.2])
def test_a_writer_killed_while_making_the_database_leaves_one_that_opens(tmp_path, delay):
    folder = tmp_path / "class"
    folder.mkdir()
    kill_after(folder, "Early", "early", delay=delay)
    with ClassResults(folder) as r:   # made or migrated now if the writer did not get so far
        r.join("Next")
        r.record("Next", "early", 0, "answer 0", True, 0.0, kind="legal", rules=["r.0", "r.x"])
    check_whole(folder / FILE_NAME)
