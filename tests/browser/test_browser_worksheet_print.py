"""A 12-exercise worksheet and its answer key print on two A4 pages each in Chromium (issue 22:
six exercises per page), as a teacher's File → Print does: page.pdf with the page's own CSS page
size, pages counted. Every text of the page outside the drawings is at 10 pt or more, in print;
each drawing fits its box; the page loads nothing. CARDLAB_SHOTS=DIR keeps screenshots and PDFs."""

import os
import re
from pathlib import Path

import pytest

import browser_helpers
from cardlab import variants
from cardlab.classroom import kinds_for, make_exercise
from cardlab.classroom.notation import position_text
from cardlab.classroom.worksheet import Worksheet, WorksheetItem
from cardlab.render.worksheet import set_html, worksheet_html

pytestmark = pytest.mark.browser

shot = getattr(browser_helpers, "shot", None) or browser_helpers.screenshot

#: 10 pt in CSS pixels (96 px = 72 pt).
MIN_PX = 10 * 96 / 72

# Every drawn element with text of its own outside the drawings: [font size in px, text].
_SMALLEST_TEXT = """() => {
    const out = [];
    for (const el of document.body.querySelectorAll('*')) {
        if (el.closest('.ws-draw')) continue;
        const own = Array.from(el.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();
        if (!own) continue;
        const cs = getComputedStyle(el);
        if (cs.display === 'none' || cs.visibility === 'hidden') continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        out.push([parseFloat(cs.fontSize), own.slice(0, 40)]);
    }
    out.sort((a, b) => a[0] - b[0]);
    return out;
}"""

# Each drawing's overflow past its box, in px: [right, bottom].
_OVERFLOW = """() => Array.from(document.querySelectorAll('.ws-draw')).map(d => {
    const f = d.firstElementChild.getBoundingClientRect(), r = d.getBoundingClientRect();
    const t = d.querySelector('.cardlab-table').getBoundingClientRect();
    return [Math.round(Math.max(f.right, t.right) - r.right), Math.round(Math.max(f.bottom, t.bottom) - r.bottom)];
})"""


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def _keep(name: str, pdf: bytes) -> None:
    d = os.environ.get("CARDLAB_SHOTS")
    if d:
        Path(d).mkdir(parents=True, exist_ok=True)
        (Path(d) / name).write_bytes(pdf)


def _twelve() -> list:
    """Twelve exercises from a teacher's worksheet: positions in notation, spread over the variants
    and kinds (the widest tables included)."""
    items = []
    for seed in range(3):
        for v in variants.names(declared=True):
            for k in kinds_for(v):
                ex = make_exercise(v, k, seed, level="harder")
                s = ex.state
                if k == "trick":
                    s = s.apply(str(next(c for c in s.hands[s.to_act] if f" plays {c} " in ex.question)))
                items.append(WorksheetItem(position_text(s, before=ex.start if k == "scores" else None), k))
    picked = items[::max(1, len(items) // 12)][:12]
    return Worksheet("Twelve positions", picked).exercises()


def _print(page, markup: str, name: str) -> int:
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.set_viewport_size({"width": 794, "height": 1123})
    page.set_content(markup)
    shot(page, name)
    page.emulate_media(media="print")
    texts = page.evaluate(_SMALLEST_TEXT)
    assert len(texts) > 20 and texts[0][0] >= MIN_PX - 0.01, f"{name}: text under 10 pt in print: {texts[:5]}"
    over = page.evaluate(_OVERFLOW)
    assert all(r <= 1 and b <= 1 for r, b in over), f"{name}: a drawing overflows its box: {over}"
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    _keep(f"{name}.pdf", pdf)
    assert not requests, f"{name} loads {requests}"
    return _pages(pdf)


def test_a_twelve_exercise_worksheet_and_its_key_print_on_two_pages_each(page):
    exercises = _twelve()
    assert len(exercises) == 12 and len({len(ex.state.names) for ex in exercises}) >= 2
    assert _print(page, worksheet_html(exercises, "Twelve positions"), "worksheet-print") == 2
    assert page.locator("svg.cardlab-card").count() > 12 * 5
    assert _print(page, worksheet_html(exercises, "Twelve positions", answers=True), "worksheet-key-print") == 2


def test_a_set_code_prints_the_same_way(page):
    assert _print(page, set_html("m4-russian-legal,trick,eight-h2-77", count=12), "set-print") == 2
    assert _print(page, set_html("m4-russian-legal,trick,eight-h2-77", count=13, answers=True), "set-key-print") == 3
