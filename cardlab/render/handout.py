"""A one-page student handout per variant: the rules of its default preset in plain words, for a
beginner, with a picture of the cards drawn by :func:`cardlab.render.cards.card_svg`.

The teacher's reference sheet (:mod:`cardlab.render.rules_sheet`) lists every rule with its id,
its sources and the rule set's options; this handout is what goes in front of a class: what you
need (the pack and its card points, drawn), the aim, the deal, the play, marriages, scoring and
how the game ends, then a short "your teacher may play it differently" paragraph naming, in plain
words, how each other preset of the variant differs from the default. It never shows an option's
name, a rule id or a source key (tests/render/test_render_handout.py checks all three). Printed from a browser it
fills one A4 page, with every text at 10 pt or more (tests/browser/test_browser_handout.py prints each
handout to PDF in Chromium, counts the pages and measures the smallest text).

    from cardlab.render.handout import handout_html, save_handout
    save_handout("sixty-six", "santase-handout.html")           # or: handout_html("mariage-3")

``tools/make_handouts.py`` writes the handout of every variant to docs/handouts/<variant>.html.

Where the words come from. Each variant's teaching text is one :class:`Teaching`, declared by
the variant as ``HANDOUT`` in its renderer module (``cardlab.render.<stem>``; :func:`teaching`
reads it through the registry); the facts in it are those of the variant's ``RULES`` table, its rule set and docs/rules-notes.md, and
its numbers are read from the default rule set when the page is made (``{target}`` in a text is
``rules.target``). Each entry says which option values its words describe
(:attr:`Teaching.written_for`; a test checks them against the default preset) and gives plain
words for every option in which another preset differs (:attr:`Teaching.differences`). The page
is self-contained: inline CSS and inline SVG, no script, nothing fetched.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any, Callable, Mapping

from ..cards import JOKER, Card, Rank, Suit
from .cards import card_svg

__all__ = ["Teaching", "teaching", "handout_html", "save_handout", "differences_in_words", "card_box",
           "pack_24_picture", "PACK_POINTS", "TRICK_WINNER", "yes_no", "same_words", "words_for"]


@dataclass(frozen=True)
class Teaching:
    """The plain-words teaching content of one variant's handout.

    Attributes
    ----------
    intro : str
        One line under the title (who plays, in a sentence).
    sections : tuple of (str, tuple of str)
        Each section's heading and its points, in order; a point is plain text in which
        ``{option}`` is replaced by that option's value in the default rule set (and
        ``{min_bid_plus_step}`` and the like by :attr:`extra` facts), and ``**words**`` is set in bold.
    presets : mapping of str to str
        Every preset's name in plain words (the registry's preset keys), the default's first.
    differences : mapping of str to callable(value, rules) -> str
        For each option in which some preset differs from the default: what the preset does, in
        plain words (``value`` is the preset's value of the option, ``rules`` the preset); the
        text may name ``{v}`` (the value) and the preset's options as :attr:`sections` do.
    written_for : mapping of str to object
        The option values the words of :attr:`sections` state as fact (tests check them against
        the default preset, so a changed default cannot leave the handout saying the old rule).
    picture : callable(module, rules) -> str
        The HTML of the picture of the cards (drawn with ``card_svg``).
    extra : callable(rules) -> dict
        Derived facts the texts may name besides the options.
    """

    intro: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]
    presets: Mapping[str, str]
    differences: Mapping[str, Callable[[Any, Any], str]]
    written_for: Mapping[str, Any]
    picture: Callable[[Any, Any], str]
    extra: Callable[[Any], dict] = field(default=lambda rules: {})


# ---------------------------------------------------------------------------------------------
# Pictures

def _card_box(card, label: str, title: str = "") -> str:
    t = f' title="{escape(title)}"' if title else ""
    return (f'<div class="handout-card"{t}>{card_svg(card, "lg")}'
            f'<span class="handout-card-label">{escape(label)}</span></div>')


def card_box(card, label: str, title: str = "") -> str:
    """One card of a handout's picture (large) with ``label`` under it (HTML)."""
    return _card_box(card, label, title)


def pack_24_picture(module, rules, extra: str = "") -> str:
    """The picture of a 24-card game's handout (HTML): one suit of the pack in order of rank, each
    card with its card points (the rules module's ``CARD_POINTS``), a marriage (K and Q of one
    suit) beside it, then ``extra`` (a further ``handout-group`` of the variant's own)."""
    ranks = sorted(module.CARD_POINTS, key=lambda r: -module.CARD_POINTS[r])
    row = "".join(_card_box(Card.of(Suit.HEARTS, r), str(module.CARD_POINTS[r])) for r in ranks)
    marriage = "".join(_card_box(Card.of(Suit.CLUBS, r), "") for r in (Rank.KING, Rank.QUEEN))
    total = 4 * sum(module.CARD_POINTS.values())
    return (f'<figure class="handout-pack"><div class="handout-row">'
            f'<div class="handout-group"><div class="handout-cards">{row}</div>'
            f'<figcaption>One suit, highest card first; under each card its <b>card points</b>. '
            f'The four suits ♣ ♦ ♥ ♠ make {4 * len(ranks)} cards and {total} card points.</figcaption></div>'
            f'<div class="handout-group"><div class="handout-cards">{marriage}</div>'
            f'<figcaption>A <b>marriage</b>: K and Q of one suit.</figcaption></div>'
            f'{extra}</div></figure>')


# ---------------------------------------------------------------------------------------------
# Plain words, shared by the 24-card games

PACK_POINTS = ("Four suits (♣ ♦ ♥ ♠) of six cards each, as in the picture: 24 cards. In every suit the cards "
                "rank A, 10, K, Q, J, 9, highest first; the number under a card is its **card points**.")
TRICK_WINNER = ("In a **trick** each player in turn plays one card. The highest trump in it wins the trick; with "
                 "no trump in it, the highest card of the suit led (a card of another suit never wins).")


def yes_no(text_yes: str, text_no: str) -> Callable[[Any, Any], str]:
    """A :attr:`Teaching.differences` entry for a yes/no option: ``text_yes`` when the preset's
    value is true, else ``text_no``."""
    return lambda value, rules: text_yes if value else text_no


def same_words(template: str) -> Callable[[Any, Any], str]:
    """A :attr:`Teaching.differences` entry that says ``template`` whatever the value (it may name
    ``{v}``, the value, and the rule set's options)."""
    return lambda value, rules: template


def words_for(words: Mapping[Any, str]) -> Callable[[Any, Any], str]:
    """A :attr:`Teaching.differences` entry that says ``words[value]``."""
    return lambda value, rules: words[value]



# ---------------------------------------------------------------------------------------------
# The page

#: Screen and print alike: one A4 page, two columns of 10 pt type under the picture. Every font
#: size is an absolute size of 10 pt or more (tests/render/test_render_handout.py reads them).
_CSS = """
@page { size: A4; margin: 9mm 10mm; }
html { font-size: 10pt; }
body { font-family: "DejaVu Sans", system-ui, sans-serif; font-size: 10pt; line-height: 1.25; color: #1a1a1a;
  margin: 1em auto; max-width: 190mm; padding: 0 4mm; }
h1 { font-size: 15pt; margin: 0; }
.handout-intro { font-size: 10pt; margin: 0.15em 0 0.3em; color: #333; }
figure.handout-pack { margin: 0 0 0.3em; }
.handout-row { display: flex; flex-wrap: wrap; gap: 0 5mm; align-items: flex-start; }
.handout-group { margin: 0 0 0.2em; width: min-content; }
.handout-cards { display: flex; gap: 3px; }
.handout-card { display: flex; flex-direction: column; align-items: center; }
.handout-card svg { display: block; }
.handout-card-label { font-size: 11pt; font-weight: bold; line-height: 1.2; min-height: 1.2em; }
figcaption { font-size: 10pt; }
.handout-eight { width: 110px; }
.handout-eight svg { display: block; margin-bottom: -22px; }
.handout-body { column-count: 2; column-gap: 6mm; }
h2 { font-size: 11pt; margin: 0.35em 0 0.1em; color: #1d4e3a; break-after: avoid; }
h2:first-child { margin-top: 0; }
.handout-body ul { margin: 0; padding-left: 1.05em; }
.handout-body li { margin: 0 0 0.12em; }
.handout-differently { break-inside: avoid; border-top: 1px solid #999; margin-top: 0.3em; }
.handout-differently p { margin: 0.1em 0; font-size: 10pt; }
@media print { body { margin: 0; max-width: none; padding: 0; } }
"""


class _Facts(dict):
    """Facts a text may name; a name it lacks is a mistake in the teaching text, said as one."""

    def __missing__(self, key):
        raise KeyError(f"the handout text names {{{key}}}, which is no fact of the rule set")


def _facts(rules) -> _Facts:
    facts = _Facts({f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)})
    return facts


def _text_html(text: str, facts: Mapping[str, Any] | None = None) -> str:
    """``text`` with its ``{fact}`` names filled in (unless ``facts`` is None), escaped,
    ``**words**`` in bold."""
    html = escape(text if facts is None else text.format_map(facts), quote=False)
    return re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", html)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def differences_in_words(variant: str) -> list[tuple[str, list[str]]]:
    """How each other preset of ``variant`` differs from the default, in plain words:
    ``[(preset's plain name, [difference, …]), …]`` in the order of the variant's presets, each
    difference a phrase without a full stop. A preset that differs in nothing is left out.

    Raises ``KeyError`` for an unknown variant (as :func:`cardlab.variants.get`) and
    ``ValueError`` if the variant has no handout text or the text has no words for an option in
    which a preset differs (or for a preset)."""
    from .. import variants

    v = variants.get(variant)
    teach = teaching(v.name)
    default = v.default_rules
    out = []
    for key, rules in list(v.presets.items())[1:]:
        phrases = []
        for f in dataclasses.fields(rules):
            value = getattr(rules, f.name)
            if f.name == "name" or value == getattr(default, f.name):
                continue
            words = teach.differences.get(f.name)
            if words is None:
                raise ValueError(f"the handout of {v.title} has no plain words for how the preset {key!r} "
                                 f"differs in {f.name!r}")
            facts = _facts(rules)
            facts["v"] = value
            phrases.append(words(value, rules).format_map(facts))
        if phrases:
            if key not in teach.presets:
                raise ValueError(f"the handout of {v.title} has no plain name for the preset {key!r}")
            out.append((teach.presets[key], phrases))
    return out


def teaching(variant: str) -> Teaching:
    """The teaching content of ``variant``'s handout: the ``HANDOUT`` its renderer module declares
    (:attr:`cardlab.variants.Variant.renderer`). Raises ``KeyError`` for an unknown variant and
    ``ValueError`` for one whose renderer declares no handout."""
    from .. import variants

    v = variants.get(variant)
    teach = getattr(v.render(), "HANDOUT", None)
    if not isinstance(teach, Teaching):
        raise ValueError(f"no student handout is written for {v.title}; declare its Teaching as HANDOUT "
                         f"in its renderer module {v.renderer}")
    return teach


def handout_html(variant: str) -> str:
    """The student handout of ``variant`` (a registered name) as one self-contained HTML page
    (``<!DOCTYPE html>…``, inline CSS and SVG, no script, nothing loaded from elsewhere) that prints
    on one A4 page with all text at 10 pt or more.

    The page: the variant's title and who plays; a picture of the cards (one suit drawn with
    :func:`~cardlab.render.cards.card_svg` at size ``"lg"``, each card with its card points, or in
    Ninety-Nine the ranks and the bid-card values; a marriage; four-player Mariage's eight); then,
    in two columns, the rules of the variant's default preset in plain words (what you need, the
    aim, the deal, the play, marriages, scoring, how the game ends) with its numbers read from that
    rule set; and "your teacher may play it differently", naming each other preset's differences
    (:func:`differences_in_words`). No option name, rule id or source key appears.

    Raises
    ------
    KeyError
        For an unknown variant (from :func:`cardlab.variants.get`, listing the known ones).
    ValueError
        For a registered variant whose renderer declares no ``HANDOUT``, or whose text
        lacks words for a preset's difference (:func:`differences_in_words`).
    """
    from .. import variants

    v = variants.get(variant)
    teach = teaching(v.name)
    module = importlib.import_module(v.module)
    rules = v.default_rules
    facts = _facts(rules)
    facts.update(teach.extra(rules))
    sections = "".join(
        f"<h2>{escape(head)}</h2><ul>" + "".join(f"<li>{_text_html(t, facts)}</li>" for t in points) + "</ul>"
        for head, points in teach.sections)
    diffs = differences_in_words(variant)
    differently = ""
    if diffs:
        differently = ('<div class="handout-differently"><h2>Your teacher may play it differently</h2>'
                       + "".join(f"<p><b>{escape(name)}:</b> "
                                 + _text_html(_sentence("; ".join(phrases)) + ".") + "</p>"
                                 for name, phrases in diffs) + "</div>")
    title = escape(v.title)
    default_name = escape(next(iter(teach.presets.values())))
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f"<title>{title}: the rules for students</title><style>{_CSS}</style></head>"
            f'<body class="cardlab-handout" data-variant="{escape(v.name)}"><h1>{title}</h1>'
            f'<p class="handout-intro">{_text_html(teach.intro, facts)} These are the rules of '
            f"<b>{default_name}</b>.</p>"
            f"{teach.picture(module, rules)}"
            f'<div class="handout-body">{sections}{differently}</div></body></html>')


def save_handout(variant: str, path) -> Path:
    """Write :func:`handout_html` of ``variant`` to ``path`` (UTF-8) and return it as a Path.
    Raises as :func:`handout_html` does, and ``OSError`` if the file cannot be written."""
    p = Path(path)
    p.write_text(handout_html(variant), encoding="utf-8")
    return p
