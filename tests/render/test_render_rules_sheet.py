"""The printable rules sheets list every rule of every variant with its sources linked and, where
a seed text is a source, the seed's own words for it (word for word, checked where the seed texts
are beside the checkout: ../shared/seeds or CARDLAB_SEEDS_DIR); tools/make_rules_sheets.py
writes one per variant."""

import importlib
import os
import re
from html import escape
from pathlib import Path

import pytest

from cardlab import variants
from cardlab.render.rules_sheet import SOURCES, rules_sheet_html
from cardlab.render.seed_quotes import NO_PASSAGE, QUOTES, SEEDS

ROOT = Path(__file__).resolve().parents[2]


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


# -- the seed texts' own words ------------------------------------------------------------------

#: The seed texts, where this checkout sits beside them (a developer's machine); CI has none.
SEED_DIR = Path(os.environ.get("CARDLAB_SEEDS_DIR") or ROOT.parent / "shared" / "seeds")
SEED_FILES = {"P501": "000_*.txt", "E2": "001_*.txt", "FGS": "002_*.txt", "SHR": "003_*.txt"}


def _cited(src: str) -> set:
    return {k for k in SEEDS if re.search(rf"\b{k}\b", src)}


def _all_rules():
    for name in variants.names():
        yield from importlib.import_module(variants.get(name).module).RULES.items()


def test_every_rule_a_seed_is_a_source_of_is_quoted_or_says_why_not():
    for rid, (_text, src) in _all_rules():
        seeds = _cited(src)
        if not seeds:
            assert rid not in QUOTES and rid not in NO_PASSAGE, f"{rid} cites no seed"
            continue
        quoted = {s for s, _ in QUOTES.get(rid, ())}
        assert quoted <= seeds, f"{rid}: quotes {quoted - seeds}, which its sources do not cite"
        assert quoted or NO_PASSAGE.get(rid), f"{rid} cites {seeds} but has no passage and no reason"
        assert not (quoted and rid in NO_PASSAGE), f"{rid} is both quoted and said to have no passage"
    known = {rid for rid, _ in _all_rules()}
    assert set(QUOTES) <= known and set(NO_PASSAGE) <= known


@pytest.mark.parametrize("name", variants.names())
def test_the_sheet_quotes_the_seed_under_the_rule(name):
    html = rules_sheet_html(name)
    rules = importlib.import_module(variants.get(name).module).RULES
    for rid in rules:
        row = html[html.index(f'id="rule-{rid}"'):]
        row = row[:row.index("</div>")]
        for src, text in QUOTES.get(rid, ()):
            assert f"“{escape(text)}” <span class=\"cardlab-quote-source\">— {src}</span>" in row
    if any(rid in QUOTES for rid in rules):
        assert "(quoted: " in html
        bare = rules_sheet_html(name, quotes=False)       # a shorter handout without the passages
        assert 'class="cardlab-rule-quote"' not in bare and "(quoted: " not in bare
        assert all(f">{rid}<" in bare for rid in rules)


@pytest.mark.skipif(not SEED_DIR.is_dir(), reason=f"the seed texts are not beside this checkout ({SEED_DIR})")
def test_every_passage_is_the_seed_word_for_word():
    texts = {k: next(SEED_DIR.glob(pattern)).read_text(encoding="utf-8") for k, pattern in SEED_FILES.items()}
    for rid, passages in QUOTES.items():
        for src, text in passages:
            for part in text.split(" … "):
                assert part in texts[src], f"{rid}: not in {src} word for word: {part!r}"
