"""A class answering at once into one results database: time per record() and for the teacher's reads.

    .venv/bin/python benchmarks/bench_class_results.py [--processes 30] [--answers 20]
        [--synchronous NORMAL|FULL] [--think 0] [--folder DIR]

N student processes (fresh Pythons, as each student's kernel is) start together (each says it is
ready, then all wait for one go file) on an empty class folder (a temporary one unless
``--folder``); each opens :class:`cardlab.classroom.results.ClassResults` (the first makes the
file), joins with its own name and records M answers as fast as it can (``--think S``: a random
pause of up to S seconds between two answers). Printed: the median and min–max of the time of
one ``record()`` call (all N × M calls), the total time from the go to the last writer's end, the
rows found afterwards (N × M expected), and the time of ``summary()``, ``per_student()`` and
``answers()`` on the result (median of 5). ``--synchronous FULL`` measures what an ``fsync`` per
answer would cost (the module uses NORMAL; see its notes). Speed is what this script prints; no
test asserts a time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WRITER = r"""
import json, random, sys, time
from pathlib import Path
from cardlab.classroom import results
folder, name, go, count, synchronous, think = (sys.argv[1], sys.argv[2], Path(sys.argv[3]), int(sys.argv[4]),
                                               sys.argv[5], float(sys.argv[6]))
results.SYNCHRONOUS = synchronous
print("ready", flush=True)
while not go.exists():
    time.sleep(0.001)
begin = time.perf_counter()
db = results.ClassResults(folder)
db.join(name)
opened = time.perf_counter() - begin
times = []
for i in range(count):
    start = time.perf_counter()
    db.record(name, "66-santase-legal,trick-e2-1234", i, f"answer {i % 4}", i % 3 == 0, 1.5 + i,
              kind="legal", rules=["66.follow"])
    times.append(time.perf_counter() - start)
    if think:
        time.sleep(random.uniform(0, think))
print(json.dumps({"opened": opened, "times": times}), flush=True)
"""


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def median_time(call, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run(folder: Path, processes: int, answers: int, synchronous: str, think: float) -> None:
    from cardlab.classroom.results import FILE_NAME, ClassResults

    go = folder / ".go"
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(folder), f"Student {i:02d}", str(go),
                                 str(answers), synchronous, str(think)], stdout=subprocess.PIPE, text=True)
               for i in range(processes)]
    for w in writers:
        if w.stdout.readline().strip() != "ready":
            raise SystemExit("a writer did not start")
    start = time.perf_counter()
    go.touch()
    reports = []
    for w in writers:
        out, _ = w.communicate()
        if w.returncode:
            raise SystemExit(f"a writer failed (exit {w.returncode})")
        reports.append(json.loads(out))
    total = time.perf_counter() - start
    go.unlink()
    calls = [t for r in reports for t in r["times"]]
    opened = [r["opened"] for r in reports]
    with ClassResults(folder) as db:
        rows = len(db.answers())
        summary = median_time(db.summary)
        per_student = median_time(db.per_student)
        answers_read = median_time(db.answers)
    print(f"{processes} processes × {answers} answers, synchronous={synchronous}, think ≤ {think} s, "
          f"{os.cpu_count()} CPUs, file {folder / FILE_NAME}")
    print(f"record(): median {ms(statistics.median(calls))}, min–max {ms(min(calls))} – {ms(max(calls))} "
          f"({len(calls)} calls)")
    print(f"open + join: median {ms(statistics.median(opened))}, min–max {ms(min(opened))} – {ms(max(opened))}")
    print(f"total: {total:.2f} s from the go to the last writer's end ({len(calls) / total:.0f} answers/s); "
          f"rows found: {rows} (expected {processes * answers})")
    print(f"on the result: summary() {ms(summary)}, per_student() {ms(per_student)}, answers() {ms(answers_read)} "
          f"(median of 5)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=30)
    parser.add_argument("--answers", type=int, default=20)
    parser.add_argument("--synchronous", choices=["NORMAL", "FULL"], default="NORMAL")
    parser.add_argument("--think", type=float, default=0.0, help="longest pause between two answers, seconds")
    parser.add_argument("--folder", type=Path, help="an empty folder (default: a temporary one)")
    args = parser.parse_args()
    if args.folder:
        args.folder.mkdir(parents=True, exist_ok=True)
        run(args.folder.resolve(), args.processes, args.answers, args.synchronous, args.think)
    else:
        with tempfile.TemporaryDirectory() as folder:
            run(Path(folder), args.processes, args.answers, args.synchronous, args.think)


if __name__ == "__main__":
    main()
