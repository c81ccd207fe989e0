"""The printable rules sheets list every rule of every variant with its sources linked, and
tools/make_rules_sheets.py writes one per variant."""

import importlib
import re
from pathlib import Path

import pytest

from cardlab import variants
from cardlab.render.rules_sheet import SOURCES, rules_sheet_html

ROOT = Path(__file__).resolve().parent.parent


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


def test_the_tool_writes_every_sheet(tmp_path, monkeypatch):
    import runpy

    from cardlab.render import rules_sheet

    written = []
    monkeypatch.setattr(rules_sheet, "save_rules_sheet", lambda name, path: written.append(name) or path)
    monkeypatch.setattr("pathlib.Path.mkdir", lambda *a, **k: None)
    runpy.run_path(str(ROOT / "tools" / "make_rules_sheets.py"), run_name="__main__")
    assert sorted(written) == variants.names()


def test_unknown_variant():
    with pytest.raises(KeyError):
        rules_sheet_html("bridge")
