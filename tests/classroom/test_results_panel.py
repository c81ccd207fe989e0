"""The teacher's results panel (cardlab.classroom.results_panel.ResultsPanel), the worksheet maker
and the print buttons (cardlab.classroom.maker), headless, with a real ClassResults in a temporary
class folder (issue 22).

* with no database the panel says "no answers yet" and creates nothing; once students answer, a
  refresh (the button, or a tick of the hidden timer) shows the students and their counts, % right
  per exercise as an SVG bar chart, the commonest wrong answers with the rule each breaks (id and
  words from the variant's RULES), a per-student table; the set menu filters;
* *Auto* starts and stops the timer; an unchanged database is not drawn again;
* Export CSV writes into the class folder under a bare name; paths, hidden names, an existing file
  without Replace are refused in words;
* a damaged database is said in words at a refresh, never raised;
* random clicks over the panel, the maker and the print buttons for every variant's set never raise;
* the maker adds the editor's position with a kind (a kind that does not apply is refused in words),
  saves the worksheet (its code opens on the students' page) and prints it and its answer key into
  the class folder.
"""

import random

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("matplotlib")

import ipywidgets as w  # noqa: E402

from cardlab import variants  # noqa: E402
from cardlab.classroom import kinds_for  # noqa: E402
from cardlab.classroom.editor import PositionEditor  # noqa: E402
from cardlab.classroom.exercises import ExerciseSet, SetCode  # noqa: E402
from cardlab.classroom.maker import PrintButtons, WorksheetMaker  # noqa: E402
from cardlab.classroom.panel import ClassroomPanel  # noqa: E402
from cardlab.classroom.results import ClassResults  # noqa: E402
from cardlab.classroom.results_panel import ALL_SETS, ResultsPanel, rule_words  # noqa: E402
from cardlab.classroom.widget import answer_text  # noqa: E402

CASES = [(v, next(iter(variants.get(v).presets))) for v in variants.names()]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDLAB_CLASS_FOLDER", str(tmp_path))
    return tmp_path


def wrong_answer(ex):
    """An answer in the exercise's form that is wrong (or None when every answer of the form is right)."""
    form, e = ex.answer_form, ex.expected
    if form == "cards":
        cards = list(ex.state.hands[ex.state.to_act])
        return [c for c in cards if c not in e][:1] or None
    if form == "seat":
        return (e + 1) % len(ex.state.names)
    if form == "yesno":
        return not e
    if form == "numbers":
        return [x + 1 for x in e]
    if form == "score":
        return (e[0] + 1, e[1])
    return e + 1


def answer(results, name, code, ex, i, right):
    given = ex.expected if right else wrong_answer(ex)
    if given is None:
        given = ex.expected
    verdict = ex.check(given)
    results.record(name, code, i, answer_text(ex, given), verdict.right, 12.5, kind=ex.kind, rules=verdict.rule_ids)
    return verdict


def fill(folder, code, names=("Anna", "Ben", "Chen"), count=4):
    results = ClassResults(folder)
    s = ExerciseSet(code, count=count)
    for k, name in enumerate(names):
        results.join(name)
        for i in range(count):
            answer(results, name, str(s.code), s.exercise(i), i, right=(k + i) % 2 == 0)
    return results, s


def test_with_no_database_it_says_no_answers_yet_and_creates_nothing(tmp_path):
    panel = ResultsPanel(tmp_path)
    assert "No answers yet" in panel.status.value
    assert not (tmp_path / "results.sqlite3").exists() and list(tmp_path.iterdir()) == []
    panel.refresh_button.click()
    panel.timer.value += 1
    assert panel.errors == [] and panel.problems == [] and panel.refreshes == 3


def test_a_refresh_shows_the_class_answers(folder):
    code = "66-santase-legal,trick-e2-41"
    panel = ResultsPanel(folder)
    results, s = fill(folder, code)
    assert "No answers yet" in panel.status.value      # not read until a refresh
    panel.timer.value += 1                              # a tick of the timer in the browser
    assert "<b>12</b> answers from <b>3</b> students" in panel.status.value
    assert "Anna 4, Ben 4, Chen 4" in panel.students.value
    assert "<svg" in panel.chart.value and "% right per exercise" in panel.chart.value
    wrong = panel.wrong.value
    assert "Commonest wrong answers" in wrong and "66." in wrong
    summary = results.summary()
    for r in summary.itertuples():
        for text, count, rules in r.top_wrong:
            for rid in rules:
                assert rid in wrong and rule_words(rid, ["sixty-six"]) in wrong.replace("&#x27;", "'")
    table = panel.table.value
    assert all(n in table for n in ("Anna", "Ben", "Chen")) and "% right" in table and "Median time" in table
    assert panel.sets.options == (ALL_SETS, str(s.code))
    assert panel.errors == [] and panel.problems == []


def test_the_menu_keeps_one_set_and_new_answers_appear_at_the_next_tick(folder):
    fill(folder, "66-santase-legal,trick-e2-1", names=("Anna",), count=2)
    results, s = fill(folder, "99-classic-bid,scores-e2-2", names=("Ben",), count=2)
    panel = ResultsPanel(folder, auto=False)
    assert len(panel.sets.options) == 3
    panel.sets.value = str(s.code)
    assert panel.set_code == str(s.code) and "<b>2</b> answers" in panel.status.value
    assert "Anna 0, Ben 2" in panel.students.value
    drawn = panel.chart.value
    results.join("Dana")
    answer(results, "Dana", str(s.code), s.exercise(0), 0, right=False)
    panel.timer.value += 1
    assert "<b>3</b> answers" in panel.status.value and "Dana 1" in panel.students.value
    assert panel.chart.value != drawn
    status = panel.status.value
    panel.timer.value += 1                    # nothing new: not drawn again
    assert panel.status.value == status


def test_auto_starts_and_stops_the_timer(folder):
    panel = ResultsPanel(folder)
    assert not panel.timer.playing                  # started once the browser shows it
    panel.timer._view_count = 1
    assert panel.timer.playing and panel.timer.repeat and panel.timer.layout.display == "none"
    assert panel.timer.interval <= 10_000
    panel.auto.value = False
    assert not panel.timer.playing
    panel.auto.value = True
    assert panel.timer.playing


def test_export_csv_writes_into_the_class_folder_and_refuses_paths_in_words(folder, tmp_path_factory):
    fill(folder, "66-german-legal,trick-e2-3", count=2)
    panel = ResultsPanel(folder)
    outside = tmp_path_factory.mktemp("outside")
    for bad in ("", "../lesson", str(outside / "x"), ".hidden", "a/b", "c:d"):
        panel.csv_name.value = bad
        panel.export_button.click()
        assert "cardlab-results-mistake" in panel.export_message.value, bad
        assert "Traceback" not in panel.export_message.value
    assert list(outside.iterdir()) == [] and not (folder.parent / "lesson.csv").exists()
    panel.csv_name.value = "lesson_3"
    panel.export_button.click()
    assert (folder / "lesson_3.csv").exists() and "lesson_3.csv" in panel.export_message.value
    first = (folder / "lesson_3.csv").read_text()
    assert first.splitlines()[0].startswith("student,set_code,exercise") and len(first.splitlines()) == 7
    panel.export_button.click()
    assert "cardlab-results-mistake" in panel.export_message.value and "Replace" in panel.export_message.value
    panel.csv_replace.value = True
    panel.export_button.click()
    assert "cardlab-results-exported" in panel.export_message.value
    assert panel.errors == []


def test_a_damaged_database_is_said_at_a_refresh_never_raised(folder):
    (folder / "results.sqlite3").write_bytes(b"this is not a database" * 10)
    panel = ResultsPanel(folder)
    assert "cannot be read" in panel.status.value and panel.problems and panel.errors == []
    panel.timer.value += 1
    panel.refresh_button.click()
    assert panel.errors == [] and (folder / "results.sqlite3").read_bytes().startswith(b"this is not")


def _controls(widget, hidden=False):
    if hidden or getattr(widget.layout, "display", None) == "none":
        return []
    out = []
    if isinstance(widget, (w.Button, w.ToggleButton, w.Checkbox, w.Text, w.Dropdown)) and not widget.disabled:
        out.append(widget)
    for child in getattr(widget, "children", ()):
        out.extend(_controls(child))
    return out


def _poke(c, rng):
    if isinstance(c, w.Button):
        c.click()
    elif isinstance(c, w.Dropdown):
        if c.options:
            choice = rng.choice(c.options)
            c.value = choice[1] if isinstance(choice, tuple) else choice
    elif isinstance(c, (w.ToggleButton, w.Checkbox)):
        c.value = not c.value
    else:
        c.value = rng.choice(["lesson", "../x", "/tmp/x", "", ".h", "Worksheet 2", "Who wins?", "x" * 90])


@pytest.mark.parametrize("variant,preset", CASES)
def test_random_clicks_over_the_results_panel_and_the_maker_never_raise(variant, preset, folder):
    rng = random.Random(f"results/{variant}")
    code = str(SetCode(variant, preset, kinds_for(variant), 8))
    fill(folder, code, count=2 * len(kinds_for(variant)))
    panel = ResultsPanel(folder)
    teacher = ClassroomPanel(code, teacher=True)
    printer = PrintButtons(lambda: (teacher.set_code, teacher.widget.set.count), folder)
    editor = PositionEditor(variant=variant, seed=3)
    maker = WorksheetMaker(editor, folder)
    page = w.VBox([panel, printer, maker])
    for _ in range(150):
        c = rng.choice(_controls(page) + [panel.timer])
        if c is panel.timer:
            c.value += 1
        else:
            _poke(c, rng)
        assert panel.errors == [] and printer.errors == [] and maker.errors == [] and maker.printer.errors == [], \
            (panel.errors, printer.errors, maker.errors, maker.printer.errors)
        assert panel.problems == []
        for pane in (panel.status, panel.export_message, printer.message, maker.message):
            assert "Traceback" not in pane.value
    assert panel.refreshes > 1
    for path in folder.rglob("*"):        # everything written is inside the class folder
        assert path.resolve().is_relative_to(folder.resolve())


def test_the_maker_adds_saves_and_prints_a_worksheet_the_students_open(folder):
    from pathlib import Path

    from cardlab.classroom.notation import position_text
    from cardlab.records import load

    editor = PositionEditor(variant="sixty-six", seed=3)
    maker = WorksheetMaker(editor, folder)
    assert [k for _, k in maker.kind.options] == list(kinds_for("sixty-six"))
    maker.printer.print(False)
    assert "Save the worksheet first" in maker.printer.message.value
    assert maker.add("legal", "Which of your cards may you play?")
    assert not maker.add("score")                         # the hand is not over: refused in words
    assert "finished hand" in maker.message.value and len(maker.items) == 1
    states = load(Path(__file__).resolve().parents[2] / "data" / "santase_close.json").states()
    assert editor.load(position_text(states[6]))
    assert maker.add("trick") or maker.add("legal")
    code = maker.save()
    assert code and code.startswith("ws-") and code in maker.code_pane.value
    assert (folder / "worksheets" / f"{code}.json").exists()
    maker.printer.print(False)
    maker.printer.print(True)
    sheet = folder / "print" / f"{code}-worksheet.html"
    key = folder / "print" / f"{code}-key.html"
    assert sheet.exists() and key.exists() and str(key) in maker.printer.message.value
    assert "Which of your cards may you play?" in sheet.read_text() and "Answer key" in key.read_text()
    students = ClassroomPanel(teacher=False, join=True)
    students.open_code(code.upper())
    assert students.set_code == code and students.widget.set.count == 2
    assert maker.errors == [] and maker.printer.errors == []


def test_the_print_buttons_print_the_set_shown(folder):
    teacher = ClassroomPanel("501-pagat-legal,trick-e2-12", teacher=True)
    printer = PrintButtons(lambda: (teacher.set_code, teacher.widget.set.count), None)
    printer.print(False)
    stem = teacher.set_code.replace(",", "+")
    assert f"{stem}-worksheet.html" in printer.message.value
    printer.print(True)
    assert f"{stem}-key.html" in printer.message.value and printer.errors == []
    assert sorted(p.name for p in (folder / "print").iterdir()) == [f"{stem}-key.html", f"{stem}-worksheet.html"]
    page = (folder / "print" / f"{stem}-worksheet.html").read_text()
    assert "Exercise set 501-pagat-legal,trick-e2-12" in page and page.count("class='ws-page'") == 1


def test_dev_py_class_prints_the_results_file_and_the_saved_worksheets(folder, capsys):
    import sys
    from pathlib import Path

    from cardlab.classroom.notation import position_text
    from cardlab.classroom.worksheet import Worksheet
    from cardlab.records import load

    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root / "tools"))
    import class_server

    server = class_server.ClassServer(sys.executable, folder=folder, port=0)
    assert f"Class's results:    {folder.resolve() / 'results.sqlite3'}" in class_server.banner(server)
    class_server.print_saved_worksheets(sys.executable, folder)          # none saved: nothing written
    assert not (folder / "print").exists()
    states = load(root / "data" / "santase_close.json").states()
    code = Worksheet("Lesson 4", [(position_text(states[6]), "legal")]).save(folder)
    (folder / "worksheets" / "ws-22222.json").write_text("{not json")       # said by the tool, skipped
    assert class_server.saved_worksheets(folder) == sorted([code, "ws-22222"])
    class_server.print_saved_worksheets(sys.executable, folder)
    assert "printouts of 2 saved worksheets" in capsys.readouterr().out
    pages = sorted(p.name for p in (folder / "print").iterdir())
    assert pages == [f"{code}-key.html", f"{code}-worksheet.html"]
    assert "Answer key" in (folder / "print" / f"{code}-key.html").read_text()
