"""The projector, measured in Voila (headless Chromium at 1280×720): for every variant, rule preset
and kind of exercise, an ExerciseWidget at "projector" size shows its question, its position and its
answer controls on one screen: from the question's top to the controls' bottom at most 720 px,
and nothing wider than 1280 px (bounding boxes), for an exercise of each level (easy and harder) in
the current generator version. The page is a small notebook this test writes into a temporary folder and serves with its
own Voila, so it depends on no other page. Also measured: the question, verdict and buttons grow
with the cards (font sizes at projector size against normal size), and a sample hand of
four-player Mariage laid around the table. Set CARDLAB_SHOTS=DIR to keep a screenshot of each
screen (``projector-<variant>-<preset>-<kind>-<level>.png``)."""

from pathlib import Path

import pytest
from browser_helpers import open_in_voila, screenshot, wait_for
from conftest import serve_voila
from playwright.sync_api import expect

from cardlab import variants
from cardlab.classroom.exercises import CURRENT, LEVELS, SetCode, kinds_for

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
WIDTH, HEIGHT = 1280, 720
#: Every variant, preset, kind and level, in the current generator version.
CASES = [(v, p, k, level) for v in variants.names() for p in variants.get(v).presets for k in kinds_for(v)
         for level in LEVELS]
NOTEBOOK = "projector.ipynb"


def _cell(source: str) -> dict:
    return {"cell_type": "code", "execution_count": None, "id": f"c{abs(hash(source)) % 10**8}", "metadata": {},
            "outputs": [], "source": source}


def _notebook() -> dict:
    """One widget per variant, preset, kind and level, each an exercise at projector size
    (the students' page: teacher=False), and one page's sample hands at projector size."""
    cells = [_cell("from cardlab import variants\nfrom cardlab.classroom.widget import ExerciseWidget\n"
                   "from cardlab.classroom.hands import SampleHands")]
    for variant, preset, kind, level in CASES:
        code = str(SetCode(variant, preset, (kind,), 20, level=level, version=CURRENT))
        cells.append(_cell(f"ExerciseWidget({code!r}, count=1, teacher=False, card_size='projector')"))
    trick = str(SetCode("sixty-six", "santase", ("trick",), 20, level="easy", version=CURRENT))
    cells.append(_cell(f"ExerciseWidget({trick!r}, count=1, teacher=False, card_size='normal')"))
    cells.append(_cell(f"SampleHands({str(ROOT / 'data')!r}, choice='m4_normal.json', card_size='projector')"))
    return {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                        "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


@pytest.fixture(scope="module")
def projector_server(tmp_path_factory):
    """A Voila server with this test's notebook beside a copy of the project's notebooks."""
    yield from serve_voila(tmp_path_factory.mktemp("projector"), {NOTEBOOK: _notebook()},
                           ["--VoilaExecutor.timeout=600", "--VoilaExecutor.iopub_timeout=60"])


def _screen(widget) -> dict:
    """The bounding boxes of the question, position and controls of ``widget`` and what they span."""
    boxes = {part: widget.locator(f".cardlab-class-{part}").first.bounding_box()
             for part in ("question", "position", "controls")}
    table = widget.locator(".cardlab-class-position .cardlab-table").first.bounding_box()
    top = boxes["question"]["y"]
    bottom = max(b["y"] + b["height"] for b in boxes.values())
    right = max(max(b["x"] + b["width"] for b in boxes.values()), table["x"] + table["width"])
    left = min(min(b["x"] for b in boxes.values()), table["x"])
    return {"height": bottom - top, "left": left, "right": right, "table": table["height"]}


def _font_px(locator) -> float:
    return float(locator.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))


def test_every_exercise_fits_one_projector_screen(page, projector_server):
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    open_in_voila(page, projector_server, NOTEBOOK)
    widgets = page.locator(".cardlab-class")
    wait_for(page, widgets.first, "the first exercise")
    expect(widgets).to_have_count(len(CASES) + 1, timeout=300_000)
    expect(page.locator(".cardlab-hands")).to_have_count(1, timeout=300_000)
    figures = []
    for i, (variant, preset, kind, level) in enumerate(CASES):
        widget = widgets.nth(i)
        expect(widget.locator(".cardlab-class-header")).to_contain_text("Exercise 1 of 1")
        widget.locator(".cardlab-class-question").evaluate(
            "e => e.scrollIntoView({block: 'start', behavior: 'instant'})")
        page.wait_for_timeout(200)
        screen = _screen(widget)
        figures.append((f"{variant}/{preset}", kind, level, screen))
        screenshot(page, f"projector-{variant}-{preset}-{kind}-{level}")
    print("\nheight of question + position + controls at projector size (px), table height (px):")
    for variant, kind, level, screen in figures:
        print(f"  {variant:20s} {kind:9s} {level:6s}: {screen['height']:4.0f}  table {screen['table']:4.0f}"
              f"  right edge {screen['right']:4.0f}")
    too_tall = [(v, k, n, round(s["height"])) for v, k, n, s in figures if s["height"] > HEIGHT]
    too_wide = [(v, k, n, round(s["right"])) for v, k, n, s in figures if s["left"] < 0 or s["right"] > WIDTH]
    assert not too_tall, too_tall
    assert not too_wide, too_wide


def test_question_verdict_and_buttons_grow_with_the_cards(page, projector_server):
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    open_in_voila(page, projector_server, NOTEBOOK)
    widgets = page.locator(".cardlab-class")
    expect(widgets).to_have_count(len(CASES) + 1, timeout=300_000)
    big = widgets.nth(CASES.index(("sixty-six", "santase", "trick", "easy")))
    small = widgets.nth(len(CASES))     # the same kind at normal size
    for widget in (big, small):
        widget.locator("button.cardlab-class-seat").first.click()
        expect(widget.locator(".cardlab-class-mark")).to_be_visible(timeout=60_000)
    pairs = {"question": ".cardlab-class-question p", "verdict": ".cardlab-class-verdict p",
             "button": "button.cardlab-class-next"}
    for what, css in pairs.items():
        at_projector, at_normal = _font_px(big.locator(css).first), _font_px(small.locator(css).first)
        assert at_projector >= 1.6 * at_normal, (what, at_projector, at_normal)
    mark = big.locator(".cardlab-class-mark")
    colour = mark.evaluate("e => getComputedStyle(e).color")
    assert colour in ("rgb(27, 122, 58)", "rgb(179, 38, 30)"), colour      # green or red, in word too
    assert mark.inner_text().startswith(("✔ Right", "✘ Wrong"))
    big.scroll_into_view_if_needed()
    screenshot(page, "projector-verdict")


def test_four_player_sample_hand_is_laid_around_the_table(page, projector_server):
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    open_in_voila(page, projector_server, NOTEBOOK)
    hands = page.locator(".cardlab-hands")
    wait_for(page, hands.first, "the sample hands")
    table = hands.locator(".cardlab-view .cardlab-table")
    expect(table).to_have_attribute("data-variant", "mariage-4", timeout=60_000)
    hands.locator("button.cardlab-last").click()
    expect(hands.locator(".cardlab-step-label")).not_to_contain_text("step 1 /", timeout=60_000)
    heights = []
    for button in ("cardlab-first", "cardlab-next", "cardlab-next", "cardlab-last"):
        hands.locator(f"button.{button}").click()
        page.wait_for_timeout(300)
        box = table.bounding_box()
        heights.append(box["height"])
        assert box["x"] + box["width"] <= WIDTH
    others = hands.locator(".cardlab-others .cardlab-player").evaluate_all(
        "es => es.map(e => e.getBoundingClientRect().top)")
    assert len(others) == 3 and max(others) - min(others) < 2       # three seats side by side
    table.scroll_into_view_if_needed()
    screenshot(page, "projector-sample-hand-m4")
    print(f"\nfour-player sample hand at projector size: table heights {[round(h) for h in heights]} px")
    assert max(heights) <= HEIGHT
