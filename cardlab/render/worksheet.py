"""Printed worksheets and answer keys (issue 22): any list of classroom exercises (a teacher's
worksheet, :mod:`cardlab.classroom.worksheet`, or a set code's exercises) as one self-contained
HTML page that a browser prints on A4, six exercises per page.

    from cardlab.render.worksheet import worksheet_html, set_html
    html = worksheet_html(load_worksheet("ws-k7m2q").exercises(), "Marriages, lesson 3")
    key = worksheet_html(exercises, "Marriages, lesson 3", answers=True)
    set_html("66-santase-legal,trick-e2-1234")                   # a set code, printed the same way

The worksheet (``answers=False``) shows each exercise's number, its question, the position drawn
as the students' page draws it (:func:`cardlab.render.state_html` with the exercise's seat and
``hide=ex.hidden``, so the drawing leaves out what is asked) and a space to answer; it never
holds an answer. The answer key (``answers=True``) gives each exercise's question, its answer,
and the verdict's explanation with the ids of the rules that decide it (the exercise's own check
of its expected answer: :meth:`~cardlab.classroom.verdicts.Exercise.check`).

Print CSS: ``@page`` A4 with 10 mm margins; six exercises per page (each block
``break-inside: avoid``, a page break after every sixth); every text at 10 pt or more (the
drawings are pictures, the
students' page's drawing scaled to fit six to a page: :data:`ZOOM`). The page has inline CSS and SVG only: no script, nothing loaded from elsewhere.
"""

from __future__ import annotations

import re
from html import escape
from typing import Iterable

__all__ = ["worksheet_html", "set_html", "PER_PAGE", "PAGE_CSS", "ZOOM"]

#: Exercises printed on one A4 page.
PER_PAGE = 6

#: The page's style sheet (screen and print).
PAGE_CSS = """
@page{size:A4 portrait;margin:10mm}
html{-webkit-print-color-adjust:exact;print-color-adjust:exact}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:11pt;color:#1e2a23}
.ws-sheet{width:190mm;margin:0 auto}
.ws-page{min-height:275mm;display:flex;flex-direction:column;break-after:page;page-break-after:always}
.ws-page:last-child{break-after:auto;page-break-after:auto}
.ws-head{display:flex;justify-content:space-between;align-items:baseline;gap:8mm;border-bottom:1.5px solid #1e2a23;
 padding:0 0 1mm;margin:0 0 1mm;font-size:10pt;flex:none}
.ws-head h1{font-size:12pt;margin:0;font-weight:700}
.ws-head .ws-name,.ws-head span{white-space:nowrap}
.ws-ex{flex:1 0 auto;min-height:42mm;display:flex;gap:3mm;border-bottom:1px solid #b3d1bd;padding:1.2mm 0;
 break-inside:avoid;page-break-inside:avoid;box-sizing:border-box}
.ws-ex:last-child{border-bottom:none}
.ws-text{flex:0 0 58mm;display:flex;flex-direction:column;min-width:0;font-size:10pt;line-height:1.25}
.ws-q{margin:0}
.ws-q b{font-size:11pt}
.ws-space{flex:1;min-height:9mm;margin-top:1.5mm;border:1px solid #8a9a90;border-radius:2mm;padding:1mm 2mm;
 color:#56675c;font-size:10pt}
.ws-draw{flex:1 1 auto;min-width:0;height:39mm;overflow:hidden;position:relative}
.ws-fit{transform-origin:0 0;position:absolute;left:0;top:0}
.ws-draw .cardlab-table{background:#fff;border-color:#b3d1bd}
.ws-key .ws-ex{display:block;min-height:0}
.ws-key .ws-text{display:block}
.ws-answer{margin:.8mm 0 0;font-size:10.5pt}
.ws-why{margin:.6mm 0 0;font-size:10pt;line-height:1.25;color:#2b3a31}
.ws-rules{margin:.4mm 0 0;font-size:10pt;color:#56675c}
@media screen{body{background:#ddd}.ws-page{background:#fff;margin:6mm auto;padding:10mm;box-shadow:0 1px 4px #999;
 width:190mm;box-sizing:content-box}}
""".strip()


#: The width of a drawing's box on the page, in mm (the page's 190 mm less the text column).
DRAW_MM = 129


def _scale(state_html: str, zoom: float) -> str:
    """The drawing laid out at the width that, scaled by ``zoom``, fills its box."""
    return (f'<div class="ws-fit" style="width:{DRAW_MM / zoom:.1f}mm;transform:scale({zoom:g})">'
            f'{state_html}</div>')


def _drawing(ex) -> str:
    """The exercise's position as the students' page draws it (its seat's view, what is asked
    left out), scaled to the exercise's box."""
    from . import state_html

    table = state_html(ex.state, ex.seat, size="normal", hide=ex.hidden, layout="table")
    return _scale(table, _zoom(ex))


#: The scale of a drawing in its box (129 mm by 42 mm), by the seats at the table: the widest
#: drawing of each table size measured in Chromium (2 seats: 913 px by 306 px; 3: 1073 px; 4:
#: 1226 px) fits.
ZOOM: dict[int, float] = {2: 0.52, 3: 0.45, 4: 0.39}


def _zoom(ex) -> float:
    """The scale of the drawing in its box (:data:`ZOOM`, by the number of seats)."""
    return ZOOM.get(len(ex.state.names), min(ZOOM.values()))


def _verdict(ex):
    """The verdict on the expected answer (its explanation and the rules that decide it)."""
    return ex.check(ex.expected)


def _rules_words(variant: str, rule_ids) -> str:
    """Each rule id with its words from the variant's ``RULES`` (``"m3.follow: you must follow suit …"``)."""
    from ..classroom.verdicts import rule_text

    out = []
    for rid in dict.fromkeys(r for r in rule_ids if r):
        words = rule_text(variant, rid)
        out.append(f"{rid}: {words}" if words else rid)
    return "; ".join(out)


#: A question's words for the screen, and what they say on paper (set codes keep their exact
#: questions, so the printout rewords the instruction rather than the generator).
_PAPER_WORDS = {"(click them)": "(circle them)"}


def _on_paper(question: str) -> str:
    """``question`` as it reads on paper: the screen's instruction (click) said for a pen."""
    for screen, paper in _PAPER_WORDS.items():
        question = question.replace(screen, paper)
    return question


def worksheet_html(exercises: Iterable, title: str, answers: bool = False) -> str:
    """One self-contained HTML page (``<!DOCTYPE html>…``, a ``str``) printing ``exercises`` (a
    sequence of :class:`~cardlab.classroom.verdicts.Exercise`) under ``title``, six to an A4
    page: the worksheet (``answers=False``: question, position drawn, a space to answer; no
    answer anywhere) or the answer key (``answers=True``: question, answer, explanation and
    rule ids). Raises ``ValueError`` for an empty list or a title that is not text."""
    exercises = list(exercises)
    if not exercises:
        raise ValueError("a worksheet prints at least one exercise")
    if not isinstance(title, str):
        raise ValueError(f"the title is text, not {type(title).__name__}")
    title = " ".join(title.split()) or "Worksheet"
    what = "Answer key" if answers else "Worksheet"
    pages = []
    for first in range(0, len(exercises), PER_PAGE):
        chunk = exercises[first:first + PER_PAGE]
        number = first // PER_PAGE + 1
        total = (len(exercises) + PER_PAGE - 1) // PER_PAGE
        name = "" if answers else "<span class='ws-name'>Name: ________________</span>"
        head = (f"<div class='ws-head'><h1>{escape(title)}</h1><span>{what} · page {number} of {total}</span>"
                f"{name}</div>")
        blocks = [(_key_block if answers else _block)(first + i + 1, ex) for i, ex in enumerate(chunk)]
        blocks += ["<div class='ws-ex ws-blank'></div>"] * (PER_PAGE - len(chunk))
        pages.append(f"<div class='ws-page'>{head}{''.join(blocks)}</div>")
    body, styles = _hoist_styles("".join(pages))
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{escape(title)} · {what.lower()}</title>{styles}<style>{PAGE_CSS}</style></head>"
            f"<body><div class='ws-sheet{' ws-key' if answers else ''}'>{body}</div></body></html>")


_STYLE_BLOCK = re.compile(r"<style>(.*?)</style>", re.S)


def _hoist_styles(markup: str) -> tuple[str, str]:
    """``markup`` without its ``<style>`` blocks (each drawing brings the same sheets), and those
    blocks once each for the page head, in the order of their last occurrence: the cascade is
    the one the repeated blocks gave (a sheet in the body applies to the whole page too)."""
    last: dict[str, int] = {}
    for i, m in enumerate(_STYLE_BLOCK.finditer(markup)):
        last[m.group(1)] = i
    ordered = sorted(last, key=last.get)
    return _STYLE_BLOCK.sub("", markup), "".join(f"<style>{css}</style>" for css in ordered)


def _block(n: int, ex) -> str:
    return (f"<div class='ws-ex' data-kind='{escape(ex.kind)}'><div class='ws-text'>"
            f"<p class='ws-q'><b>{n}.</b> {escape(_on_paper(ex.question))}</p>"
            f"<div class='ws-space'>Answer:</div></div>"
            f"<div class='ws-draw'>{_drawing(ex)}</div></div>")


def _key_block(n: int, ex) -> str:
    v = _verdict(ex)
    rules = (f"<p class='ws-rules'>Rules: {escape(_rules_words(ex.variant, v.rule_ids))}</p>"
             if v.rule_ids else "")
    return (f"<div class='ws-ex' data-kind='{escape(ex.kind)}'><div class='ws-text'>"
            f"<p class='ws-q'><b>{n}.</b> {escape(_on_paper(ex.question))}</p>"
            f"<p class='ws-answer'><b>Answer:</b> {escape(ex.answer_text())}</p>"
            f"<p class='ws-why'>{escape(v.explanation)}</p>{rules}</div></div>")


def set_html(code, answers: bool = False, count: int = 12) -> str:
    """The exercises of set code ``code`` (text as typed, or a
    :class:`~cardlab.classroom.exercises.SetCode`; ``count`` of them, as
    :class:`~cardlab.classroom.exercises.ExerciseSet` gives them) printed as
    :func:`worksheet_html` prints a worksheet, titled with the canonical code. Raises
    :class:`~cardlab.classroom.exercises.CodeError` for a bad code."""
    from ..classroom.exercises import ExerciseSet

    s = ExerciseSet(code, count=count)
    return worksheet_html([s.exercise(i) for i in range(count)], f"Exercise set {s.code}", answers)
