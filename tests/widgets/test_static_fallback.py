"""Every cardlab widget's output carries its first view as static HTML (issue 25).

The display bundle of every widget class (cardlab.widgets.base.StaticFallback) holds ``text/html``
beside the widget view: what the widget shows when it is displayed, as plain HTML a notebook
stored without widget state shows on GitHub, nbviewer and through nbconvert. Checked here:

* on every variant of the registry (the test variant included) and every preset, the Stepper's
  and the PlayTable's picture shows the hands' cards, and two widgets made alike give the same
  picture (nbval compares it); every variant's own widgets, the analysis stepper and the
  classroom's widgets have a picture too; no picture holds a script, a style sheet or a model id;
* the students' views (an ExerciseWidget with ``teacher=False``, a lesson's Question and Reveal)
  give no answer away in the picture, of every kind on every variant and preset (compared with
  the expected answer as tests/classroom/test_classroom_leaks.py does); the teacher's does;
* nbconvert's HTMLExporter shows the picture of a notebook executed as tools/run_notebooks.py
  executes them (no widget state);
* in JupyterLab a widget cell shows the live widget once and no picture (the browser test).
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as w  # noqa: E402

from cardlab import records, variants  # noqa: E402
from cardlab.classroom import kinds_for, make_exercise  # noqa: E402
from cardlab.classroom.editor import PositionEditor  # noqa: E402
from cardlab.classroom.hands import SampleHands  # noqa: E402
from cardlab.classroom.join import JoinBox  # noqa: E402
from cardlab.classroom.lesson import Question, Reveal  # noqa: E402
from cardlab.classroom.maker import PrintButtons, WorksheetMaker  # noqa: E402
from cardlab.classroom.panel import ClassroomPanel  # noqa: E402
from cardlab.classroom.results_panel import ResultsPanel  # noqa: E402
from cardlab.classroom.widget import ExerciseWidget  # noqa: E402
from cardlab.widgets import PlayTable, Stepper  # noqa: E402
from cardlab.widgets.base import FALLBACK_NOTE, StaticFallback, static_markup  # noqa: E402

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
DATA = ROOT / "data"
sys.path.insert(0, str(TESTS / "classroom"))
from test_classroom_leaks import HIDDEN_IN_WORDS, check_no_answer as no_answer_in_words, words  # noqa: E402
from test_exercise_from_position import position_of  # noqa: E402

VARIANT_PRESETS = [(v, p) for v in variants.names() for p in variants.get(v).presets]
KIND_CASES = [(v, p, k) for v, p in VARIANT_PRESETS for k in kinds_for(v)]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def picture(widget) -> str:
    """The ``text/html`` of ``widget``'s display bundle, checked for what every picture must be."""
    bundle = widget._repr_mimebundle_()
    assert WIDGET_VIEW in bundle and "text/plain" in bundle
    html = bundle["text/html"]
    assert html.startswith('<div class="cardlab-static"') and FALLBACK_NOTE in html
    assert not re.search(r"<(script|style)\b", html, re.I), "a picture holds a script or a style sheet"
    assert not re.search(r"\son\w+\s*=", html), "a picture holds an event handler"
    assert widget.model_id not in html and not re.search(r"\b[0-9a-f]{32}\b", html), "a model id in a picture"
    return html


def shown_cards(html: str) -> set[str]:
    return set(re.findall(r'data-card="([^"]+)"', html))


def drawn_cards(widget) -> set[str]:
    """The cards drawn (as pictures) in the visible HTML panes of ``widget``'s tree."""
    if widget.layout.display == "none" or widget.layout.visibility == "hidden":
        return set()
    from cardlab.widgets.card_view import CardView

    if isinstance(widget, (w.HTML, CardView)):          # the table's picture is a CardView
        return set(re.findall(r'<svg[^>]*\sdata-card="([^"]+)"', widget.value))
    return set().union(*(drawn_cards(c) for c in getattr(widget, "children", ())))


def a_hand(variant: str, preset: str, seed: int = 5):
    """A hand of ``variant`` dealt with ``preset``, once the cards are in the hands (a hand whose
    deal starts with a cut is taken on with its first legal actions)."""
    v = variants.get(variant)
    s = v.deal(v.presets[preset], 0, seed=seed)
    while not any(s.hands):
        s = s.apply(s.legal_actions()[0])
    return s


# -- the pictures show the cards, the same every time -------------------------------------------------

@pytest.mark.parametrize("variant,preset", VARIANT_PRESETS)
def test_a_stepper_and_a_play_table_show_their_cards_the_same_each_time(variant, preset):
    state = a_hand(variant, preset)
    html = picture(Stepper(state, start=-1))
    every = {str(c) for hand in state.hands for c in hand}
    assert every and every <= shown_cards(html), f"{variant} {preset}: cards missing from the Stepper's picture"
    assert html == picture(Stepper(a_hand(variant, preset), start=-1))
    assert re.search(r"step \d+ / \d+", html)

    table = PlayTable(variant=variant, rules=preset, seed=3)
    html = picture(table)
    drawn = drawn_cards(table.view)             # the human's hand (face down in 501 until looked at)
    assert 'class="cardlab-table' in html and drawn <= shown_cards(html), f"{variant} {preset}: cards missing"
    assert html.count('class="cardlab-card') >= len(table.state.hands[0])   # face up or down
    assert html == picture(PlayTable(variant=variant, rules=preset, seed=3))
    assert table.errors == []


def test_a_seat_view_shows_only_that_seats_cards():
    state = a_hand("sixty-six", next(iter(variants.get("sixty-six").presets)))
    html = picture(Stepper(state, seat=0))
    assert {str(c) for c in state.hands[0]} <= shown_cards(html)
    assert not {str(c) for c in state.hands[1]} & shown_cards(html)


def test_the_variants_own_widgets_and_the_analysis_have_pictures():
    from cardlab import ninetynine as nn
    from cardlab import russian501 as p501
    from cardlab import sixtysix as ss
    from cardlab.widgets.analysis import BestLineStepper
    from cardlab.widgets.mariage4 import EightBoard, NinesWidget
    from cardlab.widgets.ninetynine import BidCardExplorer
    from cardlab.widgets.russian501 import AuctionTable, DealStepper

    made = {
        "NinesWidget": lambda: NinesWidget(records.load(DATA / "m4_three_nines.json")),
        "EightBoard": lambda: EightBoard(records.load(DATA / "m4_game.json")),
        "BidCardExplorer": lambda: BidCardExplorer(nn.deal_from_hands(
            ("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ A♣ K♣ Q♣", "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ A♦ K♦ Q♦",
             "J♣ 10♣ 9♣ 8♣ 7♣ 6♣ J♦ 10♦ 9♦ 8♦ 7♦ 6♦"), "Jo", dealer=2, names=("Ana", "Boris", "Cleo")), seat=0),
        "AuctionTable": lambda: AuctionTable(seed=11),
        "DealStepper": lambda: DealStepper(p501.deal_from_hands(
            ["A♠ K♠ Q♠ 9♠ A♥ 9♥ 9♣", "10♠ J♠ A♣ 10♣ K♥ Q♥ A♦", "K♣ Q♣ J♣ 10♦ K♦ Q♦ 10♥"], "J♥ J♦ 9♦",
            dealer=2, names=("Ana", "Boris", "Vera"))),
        "BestLineStepper": lambda: BestLineStepper(ss.deal(ss.SANTASE, dealer=1, seed=67).apply_all(
            "J♦ J♣ J♥ 9♣ K♣ K♥ 10♠ K♠ close 10♥ Q♥ J♠ 9♠ Q♣ A♣".split())),
    }
    for name, make in made.items():
        widget = make()
        assert isinstance(widget, StaticFallback), name
        html = picture(widget)
        assert drawn_cards(widget) <= shown_cards(html), f"{name}: cards missing from its picture"
        assert "<svg" not in html, name
        assert "cardlab-card" in html or name in ("EightBoard", "DealStepper", "BidCardExplorer"), name   # eights; no deal; keys
        assert html == picture(make()), f"{name}: two pictures differ"
    assert ">A♠</kbd>" in picture(made["BidCardExplorer"]())       # Ana's cards to pick, none picked yet
    assert picture(made["EightBoard"]()).count('<img src="data:image/svg+xml;base64,') == 2   # the pairs' eights


def test_the_analysis_stepper_on_every_variant_it_analyses():
    from cardlab.analysis import NotSolvable
    from cardlab.widgets.analysis import BestLineStepper

    shown = 0
    for variant in variants.names():
        if not variants.get(variant).adapter:
            continue
        rng = random.Random(variant)
        s = a_hand(variant, next(iter(variants.get(variant).presets)), seed=2)
        line = [s]
        while not s.is_finished:
            s = s.apply(rng.choice(s.legal_actions()))
            line.append(s)
        for state in reversed(line[-8:-1]):
            try:
                widget = BestLineStepper(state)
            except (NotSolvable, ValueError):
                continue
            html = picture(widget)
            assert shown_cards(html), variant
            shown += 1
            break
    assert shown >= 2


def test_the_classroom_widgets_have_pictures(tmp_path):
    editor = PositionEditor(variant="sixty-six", seed=3)
    teacher = ClassroomPanel("66-santase-legal,trick-5", teacher=True)
    made = {
        "ClassroomPanel": lambda: ClassroomPanel("66-santase-legal,trick-5", teacher=False),
        "SampleHands": lambda: SampleHands(DATA, choice="santase_close.json"),
        "PositionEditor": lambda: PositionEditor(variant="sixty-six", seed=3),
        "JoinBox": lambda: JoinBox(tmp_path),
        "ResultsPanel": lambda: ResultsPanel(tmp_path, auto=False),
        "PrintButtons": lambda: PrintButtons(lambda: (teacher.set_code, teacher.widget.set.count), tmp_path),
        "WorksheetMaker": lambda: WorksheetMaker(editor, tmp_path),
    }
    for name, make in made.items():
        widget = make()
        assert isinstance(widget, StaticFallback), name
        html = picture(widget)
        assert html == picture(make()), f"{name}: two pictures differ"
        assert re.sub(r"<[^>]+>", "", html.replace(FALLBACK_NOTE, "")).strip(), f"{name}: an empty picture"
    for variant in variants.names():
        editor = PositionEditor(variant=variant, seed=3)
        assert drawn_cards(editor) <= shown_cards(picture(editor)), f"the position editor of {variant}"
    assert shown_cards(picture(SampleHands(DATA, choice="santase_close.json")))


def test_hidden_parts_are_left_out_and_buttons_show_their_state():
    class Box(StaticFallback, w.VBox):
        pass

    gone = w.HTML("<p>gone</p>", layout=w.Layout(display="none"))
    unseen = w.Label("unseen", layout=w.Layout(visibility="hidden"))
    down = w.ToggleButton(description="K♥", value=True)
    up = w.ToggleButton(description="Q♥")
    menu = w.Dropdown(options=["normal", "large"], value="large", description="Cards")
    number = w.IntText(value=7, description="Points")
    html = picture(Box([gone, unseen, w.HBox([down, up]), menu, number, w.Label("a < b")]))
    assert "gone" not in html and "unseen" not in html
    assert re.search(r"<kbd[^>]*box-shadow[^>]*><b>K♥</b></kbd>", html) and re.search(r"<kbd[^>]*>Q♥</kbd>", html)
    assert "Cards: " in html and ">large<" in html and "Points: " in html and ">7<" in html
    assert "a &lt; b" in html


def test_cards_become_boxes_with_their_text_and_other_drawings_images():
    from cardlab.render.cards import card_back_svg, card_svg

    html = static_markup('<div class="cardlab-cards">' + card_svg("A♠") + card_svg("10♥", extra_class="cardlab-known")
                         + card_back_svg() + "</div>")
    assert "<svg" not in html and "<img" not in html
    assert re.search(r'<span class="cardlab-card" data-card="A♠" title="Ace of spades" style="[^"]*color:#000[^"]*">A♠</span>', html)
    assert re.search(r'data-card="10♥"[^>]*style="[^"]*color:#c62828[^"]*outline:2px solid #d79b00', html)
    assert re.search(r'<span class="cardlab-card cardlab-back" title="Face-down card" style="[^"]*">\?\?</span>', html)
    assert 'style="display:flex' in html                     # the class's look, inline
    assert words(html) == "A♠ 10♥ ??"                         # where styles are dropped: the cards' text
    drawing = static_markup('<svg xmlns="http://www.w3.org/2000/svg" class="cardlab-eight" width="110" height="170" '
                            'aria-label="an eight"><title>an eight</title><circle cx="5" cy="5" r="4"/></svg>')
    assert drawing.startswith('<img src="data:image/svg+xml;base64,') and 'alt="an eight"' in drawing


# -- the students' pictures hold no answer --------------------------------------------------------

#: A menu or a field in a picture ("Answer: 0", "Why: <the first reason>"): the same for every
#: exercise (test_classroom_leaks.check_controls checks the controls hold nothing of the answer).
_MENU = re.compile(r'<span class="cardlab-static-(?:menu|field)">.*?</span></span>', re.S)


def check_no_answer(html: str, widget, ex, where: str) -> None:
    """The picture of a students' view of exercise ``ex``: no answer pane, no "Answer:", the
    drawing without what the question asks, the expected answer nowhere next to its unit (the
    question's own words and the menus and fields, the same for every exercise, left out)."""
    assert "cardlab-class-teacher" not in html and "cardlab-lesson-answer" not in html, where
    rest = html.replace(static_markup(widget.question.value), "") if widget.question.value else html
    text = words(_MENU.sub("", rest))
    assert "Answer:" not in text, where
    drawing = words(static_markup(widget.position.value))
    for token in ex.hidden:
        for pattern in HIDDEN_IN_WORDS[token]:
            found = re.search(pattern, drawing, re.I)
            assert found is None, f"{where}: the picture shows {found.group(0)!r} although {token} is hidden"
    no_answer_in_words(text, ex, where)


@pytest.mark.parametrize("variant,preset,kind", KIND_CASES)
def test_the_students_pictures_hold_no_answer(variant, preset, kind):
    for seed in range(2):
        level = ("easy", "harder")[seed % 2]
        ex = make_exercise(variant, kind, seed, preset, level=level)
        where = f"{variant} {preset} {kind} seed {seed}"
        q = Question(position_of(ex), kind)
        html = picture(q)
        check_no_answer(html, q, q.set.current, where + " (Question)")
        assert html == picture(Question(position_of(ex), kind))
        q.show()
        assert words(q.set.current.answer_text()) in words(picture(q)), where + ": the answer, once shown, is in the picture"

    from cardlab.classroom.exercises import SetCode

    code = str(SetCode(variant, preset, (kind,), 7, level="harder"))
    student = ExerciseWidget(code, count=3, teacher=False)
    teacher = ExerciseWidget(code, count=3, teacher=True)
    for i in range(3):
        ex = student.set.current
        check_no_answer(picture(student), student, ex, f"{code} exercise {i + 1}")
        assert "Answer:" in words(picture(teacher)) and words(ex.answer_text()) in words(picture(teacher))
        student.next_button.click()
        teacher.next_button.click()
    assert student.errors == [] and teacher.errors == []


def test_a_reveal_shows_its_answer_only_once_clicked():
    answer = "The <b>A♥</b>: it wins the trick whatever they hold."
    r = Reveal("Which card would you lead?", answer)
    html = picture(r)
    assert "Which card would you lead?" in html and "Show the answer" in html
    assert "A♥" not in html and "wins the trick" not in html
    r.show()
    html = picture(r)
    assert "wins the trick" in html and "Show the answer" not in html   # the button is hidden then


def test_a_students_panel_picture_holds_no_answer(monkeypatch):
    monkeypatch.setenv("CARDLAB_TEACHER_KEY", "a-teacher-key-not-to-be-sent-0123456789")
    for variant, preset in VARIANT_PRESETS:
        if not kinds_for(variant):
            continue
        from cardlab.classroom.exercises import SetCode

        panel = ClassroomPanel(str(SetCode(variant, preset, kinds_for(variant), 3)))
        assert not panel.teacher
        for i in range(panel.widget.set.count):
            html = picture(panel)
            assert "a-teacher-key" not in html and "key=" not in html
            check_no_answer(html, panel.widget, panel.widget.set.current, f"panel {variant} {preset} exercise {i + 1}")
            panel.widget.next_button.click()


# -- where the picture is shown -------------------------------------------------------------------

def test_nbconvert_shows_the_picture_of_a_notebook_stored_without_widget_state(tmp_path, monkeypatch):
    """A small notebook executed as tools/run_notebooks.py executes them (no widget state), then
    exported to HTML: the exporter skips the widget view (no state) and shows the picture."""
    nbformat = pytest.importorskip("nbformat")
    from nbconvert import HTMLExporter

    sys.path.insert(0, str(ROOT / "tools"))
    import run_notebooks

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        "from cardlab import sixtysix\nfrom cardlab.widgets import Stepper\nStepper(sixtysix.deal(seed=7))")]
    path = tmp_path / "one.ipynb"
    nbformat.write(nb, path)
    monkeypatch.setattr(run_notebooks, "NOTEBOOKS", tmp_path)
    assert run_notebooks.main([path.name]) == 0
    stored = json.loads(path.read_text())
    assert "widgets" not in stored["metadata"]
    data = stored["cells"][0]["outputs"][0]["data"]
    assert WIDGET_VIEW in data and "cardlab-static" in "".join(data["text/html"])
    body, _ = HTMLExporter().from_filename(str(path))
    assert body.count('class="cardlab-static"') == 1
    from cardlab import sixtysix

    hands = sixtysix.deal(seed=7).hands
    assert {str(c) for h in hands for c in h} <= shown_cards(body)
    assert "Stepper(step 1" not in body                   # the picture, not the text repr


@pytest.mark.browser
def test_lab_shows_a_live_widget_once_and_no_picture(page, lab_server):
    """A notebook with one widget cell, stored with its picture (as the repository stores them):
    opened in JupyterLab the stored output shows the picture (no live widget yet); run, the cell
    shows the live widget once and the picture nowhere."""
    from browser_helpers import lab_address, run_all_in_lab, wait_for
    from playwright.sync_api import expect

    name = "static_fallback_check.ipynb"
    nbformat = pytest.importorskip("nbformat")
    nb = nbformat.v4.new_notebook()
    nb.metadata.kernelspec = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(
        "from cardlab import sixtysix\nfrom cardlab.widgets import Stepper\nStepper(sixtysix.deal(seed=7))")]
    stepper = Stepper(__import__("cardlab").sixtysix.deal(seed=7))
    bundle = stepper._repr_mimebundle_()
    nb.cells[0].outputs = [nbformat.v4.new_output("display_data", data=bundle)]
    nb.cells[0].execution_count = 1
    page.goto(f"{lab_server}/lab")
    page.wait_for_function("() => window.jupyterapp?.serviceManager?.contents !== undefined")
    page.evaluate("""([name, nb]) => window.jupyterapp.serviceManager.contents.save(
        name, {type: 'notebook', format: 'json', content: nb})""", [name, json.loads(json.dumps(nb))])
    page.goto(lab_address(lab_server, name))
    # look in this notebook's panel only
    page.wait_for_function("path => window.jupyterapp?.shell.currentWidget?.context?.path === path", arg=name)
    def this_panel():
        return page.locator(f"[id='{page.evaluate('() => window.jupyterapp.shell.currentWidget.id')}']")

    panel = this_panel()
    stored = panel.locator(".jp-OutputArea-output .cardlab-static")
    expect(stored).to_have_count(1)                     # before running: the stored picture
    expect(panel.locator(".jp-OutputArea-output .cardlab-next")).to_have_count(0)
    run_all_in_lab(page, lab_server, name)              # opens the notebook again: a new panel
    panel = this_panel()
    live = panel.locator(".jp-OutputArea-output .cardlab-next")
    wait_for(page, live.first, "the live Stepper")
    expect(live).to_have_count(1)
    expect(panel.locator(".jp-OutputArea-output .cardlab-view")).to_have_count(1)
    expect(panel.locator(".cardlab-static")).to_have_count(0)
    expect(panel.locator(".jp-OutputArea-output")).to_have_count(1)


@pytest.mark.browser
def test_voila_shows_the_live_widget_and_no_picture(page, voila_server):
    """The play notebook in Voila (as the class's served page is shown): the live table, once,
    and its picture nowhere, though the picture travels in the same output."""
    from browser_helpers import open_in_voila, wait_for
    from playwright.sync_api import expect

    open_in_voila(page, voila_server, "play.ipynb")
    wait_for(page, page.locator(".cardlab-view").first, "the live PlayTable")
    expect(page.locator(".cardlab-view")).to_have_count(1)
    expect(page.locator(".cardlab-static")).to_have_count(0)
