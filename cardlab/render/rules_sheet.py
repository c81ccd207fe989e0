"""A printable rules sheet per variant, generated from its ``RULES`` table: each rule's id, its
text and its sources, each source named and linked (the ids of docs/rules-notes.md §0); where
one of the four seed texts is a source, its own words for the rule, quoted
(:mod:`cardlab.render.seed_quotes`); and the options of the rule set with the preset's values.
One HTML page with print CSS, to print from the browser (File → Print) or to hand out as a file.

    from cardlab.render.rules_sheet import rules_sheet_html, save_rules_sheet
    save_rules_sheet("sixty-six", "sixty-six-rules.html")      # or: rules_sheet_html("mariage-3")

``tools/make_rules_sheets.py`` writes the sheet of every variant to docs/rules/.
"""

from __future__ import annotations

import importlib
import math
import re
from html import escape, unescape
from pathlib import Path

from .seed_quotes import QUOTES, SEEDS

__all__ = ["SOURCES", "rules_sheet_html", "save_rules_sheet"]

#: The published sources the RULES tables cite, by id: (name, address).
SOURCES: dict[str, tuple[str, str]] = {
    "P501": ('pagat, "501" (from Michael Latash)', "http://www.pagat.com/marriage/501.html"),
    "P1000": ('pagat, "1000"', "https://www.pagat.com/marriage/1000.html"),
    "P99": ("pagat, Ninety-Nine (David Parlett)", "https://www.pagat.com/exact/99.html"),
    "DP99": ("David Parlett, Ninety-Nine (classic version)", "https://davidparlett.co.uk/oricards/ninety9.html"),
    "PBCG": ("David Parlett, The Penguin Book of Card Games, Ninety-Nine", ""),
    "E2": ('everything2, "Ninety-nine"', "https://m.everything2.com/user/Jeeves/writeups/Ninety-nine"),
    "W99": ("Wikipedia, Ninety-nine (trick-taking card game)",
            "https://en.wikipedia.org/wiki/Ninety-nine_(trick-taking_card_game)"),
    "BGA99": ("Board Game Arena, Ninety-Nine", "http://en.doc.boardgamearena.com/Gamehelpninetynine"),
    "FOS99": ("H. Fosdick, Ninety-Nine", "https://bestfreenewgames.com/PII_cards/ninety_nine.html"),
    "P66": ("pagat, Sechsundsechzig (66)", "https://www.pagat.com/marriage/66.html"),
    "NIK": ("SantaseGameEngine rules (Bulgarian Santase)", "https://github.com/NikolayIT/SantaseGameEngine"),
    "FGS": ("favorite-games.com, Santase", "https://favorite-games.com/htmlen/rules_santase.php"),
    "BEL": ("belot.bg, Santase rules", "https://belot.bg/en/rules-santase"),
    "BGW": ("bg.wikipedia, Сантасе", "https://bg.wikipedia.org/wiki/Сантасе"),
    "IGK": ("Шестдесет и шест (Сантасе) – правила",
            "https://sites.google.com/site/igriskarti/za-golemite/sestdeset-i-sest-santase"),
    "S66": ("schnapsen66.info", "http://www.schnapsen66.info/"),
    "CS66": ("casinospiegel.net, 66", "https://casinospiegel.net/66.html"),
    "SHR": ('shram.kiev.ua, "Марьяж (66, Шнопс)" (English machine translation)',
            "http://en.shram.kiev.ua/games/cards/2_66.shtml"),
    "REC": ("cardlab's own reading where no source decides (docs/rules-notes.md)", ""),
}

_TOKEN = re.compile(r"\b(" + "|".join(sorted(SOURCES, key=len, reverse=True)) + r")\b")

#: Screen: one readable column. Print: one A4 page per variant, in two columns of type sized to the
#: sheet (:func:`_print_size`); the sources' addresses are printed once, in the list at the end.
_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em; color: #1a1a1a;
  line-height: 1.35; }
h1 { font-size: 1.5em; margin: 0 0 0.1em; } h2 { font-size: 1.05em; margin: 1.2em 0 0.3em; }
.cardlab-rules-sub { color: #555; margin: 0 0 1em; }
.cardlab-rule { margin: 0 0 0.55em; break-inside: avoid; }
.cardlab-rule-id { font-family: monospace; font-weight: bold; margin-right: 0.4em; }
.cardlab-rule-source { color: #555; font-size: 0.9em; white-space: nowrap; }
.cardlab-rule-source::before { content: "["; } .cardlab-rule-source::after { content: "]"; }
blockquote.cardlab-rule-quote { margin: 0.15em 0 0 1em; padding-left: 0.5em; border-left: 2px solid #bbb;
  color: #444; font-style: italic; font-size: 0.92em; }
.cardlab-quote-source { font-style: normal; font-size: 0.9em; color: #666; white-space: nowrap; }
.cardlab-rules-options, .cardlab-rules-sources { font-size: 0.9em; color: #333; }
.cardlab-rules-options code { white-space: nowrap; }
.cardlab-rules-sources { padding-left: 1.2em; margin: 0; } .cardlab-rules-sources a { word-break: break-all; }
abbr { text-decoration: none; }
@page { size: A4; margin: 9mm 10mm; }
@media print {
  body { margin: 0; max-width: none; padding: 0; font-size: var(--cardlab-print-size, 7pt); line-height: 1.2; }
  h1 { font-size: 12pt; } h2 { font-size: 8pt; margin: 0.5em 0 0.15em; } .cardlab-rules-sub { margin-bottom: 0.5em; }
  .cardlab-rules-body { column-count: 2; column-gap: 5mm; column-fill: balance; }
  .cardlab-rule { margin-bottom: 0.3em; }
  a { color: inherit; text-decoration: none; } h2 { break-after: avoid; }
}
"""


def _source_html(text: str) -> str:
    out, last = [], 0
    for m in _TOKEN.finditer(text):
        out.append(escape(text[last:m.start()]))
        name, url = SOURCES[m.group(1)]
        label = f'<abbr title="{escape(name)}">{m.group(1)}</abbr>'
        out.append(f'<a href="{escape(url)}">{label}</a>' if url else label)
        last = m.end()
    out.append(escape(text[last:]))
    return "".join(out)


def _print_size(body: str) -> float:
    """The printed type size (pt) that puts ``body`` (the sheet's HTML) on one A4 page: the area a
    text takes grows with the square of its size, so the size is a constant over the square root
    of its length in characters, measured (Chromium's PDF of every sheet, with and without quotes)
    to leave 4-8 % to spare; 6.5-9.5 pt. tests/browser/test_browser_rules_sheet.py prints every sheet."""
    length = len(unescape(re.sub(r"<[^>]+>", "", body)))
    return round(min(9.5, max(6.5, 690 / math.sqrt(max(length, 1)))), 1)


def _quotes_html(rule_id: str) -> str:
    """The seed passages quoted for ``rule_id`` (none: ""), each with its source id."""
    return "".join(
        f'<blockquote class="cardlab-rule-quote" cite="{escape(SOURCES[src][1])}">“{escape(text)}” '
        f'<span class="cardlab-quote-source">— {escape(src)}</span></blockquote>'
        for src, text in QUOTES.get(rule_id, ()))


def rules_sheet_html(variant: str, rules=None, quotes: bool = True) -> str:
    """The rules sheet of ``variant`` (a registered name) as one HTML page with print CSS that
    prints on one A4 page: every rule of its ``RULES`` table (id, text, sources linked and,
    unless ``quotes`` is False, the seed text's own words where a seed is a source:
    :data:`~cardlab.render.seed_quotes.QUOTES`), then the options of ``rules`` (default: the
    variant's default preset) with their values, then the sources cited with their addresses.

    Raises ``KeyError`` for an unknown variant (as :func:`cardlab.variants.get`)."""
    import dataclasses

    from .. import variants

    v = variants.get(variant)
    module = importlib.import_module(v.module)
    rules = v.default_rules if rules is None else rules
    items = "".join(
        f'<div class="cardlab-rule" id="rule-{escape(rid)}"><span class="cardlab-rule-id">{escape(rid)}</span>'
        f'{escape(text)} <span class="cardlab-rule-source">{_source_html(src)}</span>'
        f'{_quotes_html(rid) if quotes else ""}</div>'
        for rid, (text, src) in module.RULES.items())
    quoted = sorted({src for rid in module.RULES for src, _ in QUOTES.get(rid, ())}) if quotes else []
    options = " · ".join(
        f"<code>{escape(f.name)}</code>&nbsp;{escape(repr(getattr(rules, f.name)))}"
        for f in dataclasses.fields(rules) if f.name != "name")
    cited = sorted({m.group(1) for _t, src in module.RULES.values() for m in _TOKEN.finditer(src)})
    sources = "".join(
        f"<li><b>{k}</b>: {escape(SOURCES[k][0])}"
        + (f' — <a href="{escape(SOURCES[k][1])}">{escape(SOURCES[k][1])}</a>' if SOURCES[k][1] else "")
        + (f" <i>(quoted: {escape(SEEDS[k])})</i>" if k in quoted else "") + "</li>"
        for k in cited)
    body = (f"<h1>{escape(v.title)}</h1>"
            f'<p class="cardlab-rules-sub">The rules as cardlab plays them under “{escape(rules.name)}”, generated from '
            f"<code>{escape(v.module)}.RULES</code>; each rule's id is the one an error message names, its sources "
            f"in brackets."
            + (" In italics under a rule, the words of the seed text that is its source, quoted as published (a "
               "machine translation keeps its wording)." if quotes else "") + "</p>"
            f'<div class="cardlab-rules-body"><div class="cardlab-rules-list">{items}</div>'
            f'<h2>Options of this rule set</h2><p class="cardlab-rules-options">{options}</p>'
            f'<h2>Sources</h2><ul class="cardlab-rules-sources">{sources}</ul></div>')
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{escape(v.title)}: rules</title>'
            f"<style>{_CSS}</style></head><body class=\"cardlab-rules-sheet\" "
            f'style="--cardlab-print-size: {_print_size(body)}pt">{body}</body></html>')


def save_rules_sheet(variant: str, path, rules=None, quotes: bool = True) -> Path:
    """Write :func:`rules_sheet_html` to ``path`` (UTF-8) and return it as a Path. Raises
    ``KeyError`` for an unknown variant and ``OSError`` if the file cannot be written."""
    p = Path(path)
    p.write_text(rules_sheet_html(variant, rules, quotes), encoding="utf-8")
    return p
