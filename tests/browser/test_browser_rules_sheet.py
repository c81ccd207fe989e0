"""The printable rules sheets print on one A4 page each (issue 13: "one page per variant"), for
every variant and preset, with and without the seed quotes: Chromium prints each to PDF, as a
teacher's File → Print does, and the pages are counted. Set CARDLAB_SHOTS=DIR to keep the PDFs."""

import os
import re
from pathlib import Path

import pytest

from cardlab import variants
from cardlab.render.rules_sheet import rules_sheet_html

pytestmark = pytest.mark.browser

CASES = [(name, preset) for name in variants.names() for preset in variants.get(name).presets]


def _pages(pdf: bytes) -> int:
    """The number of page objects in a PDF (Chromium writes one ``/Type /Page`` per page)."""
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


@pytest.mark.parametrize("quotes", [True, False], ids=["quotes", "no-quotes"])
@pytest.mark.parametrize("name,preset", CASES)
def test_every_sheet_prints_on_one_a4_page(page, name, preset, quotes):
    html = rules_sheet_html(name, variants.get(name).presets[preset], quotes=quotes)
    page.set_content(html)
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    if os.environ.get("CARDLAB_SHOTS"):
        out = Path(os.environ["CARDLAB_SHOTS"])
        out.mkdir(parents=True, exist_ok=True)
        (out / f"rules-{name}-{preset}-{'quotes' if quotes else 'plain'}.pdf").write_bytes(pdf)
    assert _pages(pdf) == 1, f"{name} ({preset}) prints on {_pages(pdf)} pages"
    size = float(re.search(r"--cardlab-print-size: ([\d.]+)pt", html).group(1))
    assert 6.5 <= size <= 9.5
    page.emulate_media(media="print")        # the two printed columns: no rule is split between them
    fragments = page.locator(".cardlab-rule").evaluate_all("els => els.map(e => e.getClientRects().length)")
    assert fragments and max(fragments) == 1, f"{name}: a rule is split across the printed columns"

def test_the_page_counter_counts():
    """_pages is not fooled by the /Pages tree node."""
    assert _pages(b"<< /Type /Pages /Kids [3 0 R 4 0 R] >> << /Type /Page >> << /Type/Page >>") == 2
