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
import re
from html import escape
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

_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #1a1a1a; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; } .cardlab-rules-sub { color: #555; margin-top: 0; }
table { border-collapse: collapse; width: 100%; font-size: 0.92em; }
th, td { border-bottom: 1px solid #ccc; padding: 0.3em 0.5em; vertical-align: top; text-align: left; }
td.cardlab-rule-id { font-family: monospace; white-space: nowrap; }
td.cardlab-rule-source { width: 28%; color: #333; }
blockquote.cardlab-rule-quote { margin: 0.35em 0 0.1em 1em; padding-left: 0.6em; border-left: 3px solid #bbb;
  color: #444; font-style: italic; font-size: 0.95em; }
.cardlab-quote-source { font-style: normal; font-size: 0.85em; color: #666; white-space: nowrap; }
h2 { font-size: 1.1em; margin-top: 1.5em; }
@media print {
  body { margin: 1cm; font-size: 10pt; } a { color: inherit; text-decoration: none; }
  a[href]::after { content: " (" attr(href) ")"; font-size: 0.8em; color: #555; word-break: break-all; }
  tr { page-break-inside: avoid; } h2 { page-break-after: avoid; }
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


def _quotes_html(rule_id: str) -> str:
    """The seed passages quoted for ``rule_id`` (none: ""), each with its source id."""
    return "".join(
        f'<blockquote class="cardlab-rule-quote" cite="{escape(SOURCES[src][1])}">“{escape(text)}” '
        f'<span class="cardlab-quote-source">— {escape(src)}</span></blockquote>'
        for src, text in QUOTES.get(rule_id, ()))


def rules_sheet_html(variant: str, rules=None, quotes: bool = True) -> str:
    """The rules sheet of ``variant`` (a registered name) as one HTML page with print CSS: every
    rule of its ``RULES`` table (id, text, sources linked and, unless ``quotes`` is False, the
    seed text's own words where a seed is a source: :data:`~cardlab.render.seed_quotes.QUOTES`),
    then the options of ``rules`` (default: the variant's default preset) with their values, then
    the sources cited.

    Raises ``KeyError`` for an unknown variant (as :func:`cardlab.variants.get`)."""
    import dataclasses

    from .. import variants

    v = variants.get(variant)
    module = importlib.import_module(v.module)
    rules = v.default_rules if rules is None else rules
    rows = "".join(
        f'<tr><td class="cardlab-rule-id">{escape(rid)}</td><td>{escape(text)}{_quotes_html(rid) if quotes else ""}</td>'
        f'<td class="cardlab-rule-source">{_source_html(src)}</td></tr>'
        for rid, (text, src) in module.RULES.items())
    quoted = sorted({src for rid in module.RULES for src, _ in QUOTES.get(rid, ())}) if quotes else []
    options = "".join(
        f"<tr><td class=\"cardlab-rule-id\">{escape(f.name)}</td><td>{escape(repr(getattr(rules, f.name)))}</td></tr>"
        for f in dataclasses.fields(rules))
    cited = sorted({m.group(1) for _t, src in module.RULES.values() for m in _TOKEN.finditer(src)})
    sources = "".join(
        f"<li><b>{k}</b>: {escape(SOURCES[k][0])}"
        + (f' — <a href="{escape(SOURCES[k][1])}">{escape(SOURCES[k][1])}</a>' if SOURCES[k][1] else "")
        + (f" <i>(quoted above: {escape(SEEDS[k])})</i>" if k in quoted else "") + "</li>"
        for k in cited)
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{escape(v.title)}: rules</title>'
            f"<style>{_CSS}</style></head><body class=\"cardlab-rules-sheet\">"
            f"<h1>{escape(v.title)}</h1>"
            f'<p class="cardlab-rules-sub">Rules as cardlab plays them under “{escape(rules.name)}”; each rule\'s id is '
            f"the one an error message names. Generated from <code>{escape(v.module)}.RULES</code>."
            + (" In italics under a rule, the words of the seed text that is its source, quoted as published (a "
               "machine translation keeps its wording)." if quotes else "") + "</p>"
            f"<table><thead><tr><th>rule</th><th>what it says</th><th>sources</th></tr></thead><tbody>{rows}</tbody></table>"
            f"<h2>Options of this rule set</h2><table><tbody>{options}</tbody></table>"
            f"<h2>Sources</h2><ul>{sources}</ul></body></html>")


def save_rules_sheet(variant: str, path, rules=None, quotes: bool = True) -> Path:
    """Write :func:`rules_sheet_html` to ``path`` (UTF-8) and return it as a Path. Raises
    ``KeyError`` for an unknown variant and ``OSError`` if the file cannot be written."""
    p = Path(path)
    p.write_text(rules_sheet_html(variant, rules, quotes), encoding="utf-8")
    return p
