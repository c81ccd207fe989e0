"""The printable rules sheets list every rule of every variant with its sources linked, and stay
in step with the sheets written to docs/rules/ (tools/make_rules_sheets.py)."""

import importlib
import re
from pathlib import Path

import pytest

from cardlab import variants
from cardlab.render.rules_sheet import SOURCES, rules_sheet_html

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"


@pytest.mark.parametrize("name", variants.names())
def test_every_rule_on_the_sheet_with_linked_sources(name):
    v = variants.get(name)
    html = rules_sheet_html(name)
    rules = importlib.import_module(v.module).RULES
    for rid in rules:
        assert f">{rid}<" in html
    assert "@media print" in html and html.startswith("<!DOCTYPE html>")
    cited = set(re.findall(r'<abbr title="[^"]*">([A-Z0-9]+)</abbr>', html))
    assert cited and cited <= set(SOURCES)
    assert (DOCS / f"{name}.html").read_text(encoding="utf-8") == html, "run tools/make_rules_sheets.py"


def test_unknown_variant():
    with pytest.raises(KeyError):
        rules_sheet_html("bridge")
