"""The student handouts (issue 20: "a one-page student handout per variant, ≥ 10 pt") print on
exactly one A4 page each, and no text on them, in print or on screen, is drawn smaller than
10 pt (13.33 CSS px): Chromium prints each handout to PDF, as a teacher's File → Print does, the
pages are counted, and every element that shows text is measured, SVG text (the cards' corners)
at the size it is drawn. The page loads nothing. CARDLAB_SHOTS=DIR keeps a screenshot and the PDF
of each."""

import os
import re
from pathlib import Path

import pytest

from browser_helpers import screenshot
from cardlab import variants
from cardlab.render.handout import handout_html

pytestmark = pytest.mark.browser

#: 10 pt in CSS pixels (96 px = 72 pt).
MIN_PX = 10 * 96 / 72

# Every element with text of its own that is drawn (not hidden, not a <title> or <style>): its
# font size as drawn, in CSS px. An SVG text's computed font size is in the SVG's user units, so
# it is scaled by the SVG's transform to the screen (getScreenCTM).
_SMALLEST_TEXT = """() => {
    const out = [];
    for (const el of document.body.querySelectorAll('*')) {
        const tag = el.tagName.toLowerCase();
        if (tag === 'title' || tag === 'style' || tag === 'script') continue;
        const own = Array.from(el.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();
        if (!own) continue;
        const cs = getComputedStyle(el);
        if (cs.display === 'none' || cs.visibility === 'hidden') continue;
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        let px = parseFloat(cs.fontSize);
        if (el instanceof SVGElement && el.getScreenCTM) {
            const m = el.getScreenCTM();
            px *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
        }
        out.push([px, own.slice(0, 40), tag]);
    }
    out.sort((a, b) => a[0] - b[0]);
    return out;
}"""


def _pages(pdf: bytes) -> int:
    """The number of page objects in a PDF (Chromium writes one ``/Type /Page`` per page)."""
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def _shots() -> Path | None:
    d = os.environ.get("CARDLAB_SHOTS")
    if not d:
        return None
    Path(d).mkdir(parents=True, exist_ok=True)
    return Path(d)


@pytest.mark.parametrize("name", variants.names())
def test_every_handout_prints_on_one_a4_page_at_10pt_or_more(page, name):
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.set_viewport_size({"width": 794, "height": 1123})      # A4 at 96 px per inch
    page.set_content(handout_html(name))
    assert not requests, f"the {name} handout loads {requests}"
    texts = page.evaluate(_SMALLEST_TEXT)
    assert len(texts) > 30, f"the {name} handout shows almost no text: {texts}"
    assert texts[0][0] >= MIN_PX - 0.01, f"{name}: text under 10 pt on screen: {texts[:5]}"
    screenshot(page, f"handout-{name}")

    page.emulate_media(media="print")
    texts = page.evaluate(_SMALLEST_TEXT)
    assert texts[0][0] >= MIN_PX - 0.01, f"{name}: text under 10 pt in print: {texts[:5]}"
    cards = page.locator("svg.cardlab-card").count()
    assert cards >= 8, f"{name}: {cards} card pictures"
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    if (shots := _shots()) is not None:
        (shots / f"handout-{name}.pdf").write_bytes(pdf)
    assert _pages(pdf) == 1, f"the {name} handout prints on {_pages(pdf)} pages"
    assert not requests, f"the {name} handout loads {requests}"


def test_the_measure_sees_small_text(page):
    """The font measure is not blind: a 9 pt paragraph and a card drawn at the small size (its
    corner text under 10 pt) are both found."""
    from cardlab.render.cards import card_svg

    page.set_content(f'<!DOCTYPE html><body><p style="font-size:12pt">big</p><p style="font-size:9pt">small</p>'
                     f'{card_svg("A♠", "sm")}</body>')
    texts = page.evaluate(_SMALLEST_TEXT)
    assert texts[0][0] < MIN_PX and {t[1] for t in texts if t[0] < MIN_PX} == {"small", "A"}
    assert _pages(b"<< /Type /Pages >> << /Type /Page >> << /Type/Page >>") == 2
