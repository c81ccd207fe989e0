"""The lessons as a beginner meets them (issue 25): every glossary word defined before it is
used or linked to the glossary where first used, the core game before the readings, something to
do at every step, and no engine talk on the path."""

from __future__ import annotations

import ast
import contextlib
import functools
import html as _html
import io
import os
import re

import pytest

from lesson_text import (CLOSING_HEADING, FIRST, GLOSSARY_HEADING, GLOSSARY_LINK, LESSONS, NOTEBOOKS, TERMS,
                         cells, path_cells, prose, source)


def _markdown(name):
    return [source(c) for c in cells(name) if c["cell_type"] == "markdown"]


def _glossary_index(texts):
    for i, t in enumerate(texts):
        if t.lstrip().startswith(GLOSSARY_HEADING):
            return i
    return None


def test_the_first_lesson_defines_every_term_in_its_glossary():
    texts = _markdown(FIRST)
    g = _glossary_index(texts)
    assert g is not None, f"{FIRST} has no '{GLOSSARY_HEADING}' section"
    bold = " ".join(re.findall(r"\*\*([^*]+)\*\*", texts[g]))
    missing = [t for t, rx in TERMS.items() if not re.search(rx, bold, re.I)]
    assert not missing, f"the glossary defines no {missing} (each term in bold where it is defined)"


@pytest.mark.parametrize("term", list(TERMS))
def test_the_first_lesson_uses_no_term_before_its_glossary(term):
    texts = _markdown(FIRST)
    g = _glossary_index(texts)
    assert g is not None
    for i, t in enumerate(texts[:g]):
        text, _ = prose(t)
        m = re.search(TERMS[term], text, re.I)
        assert m is None, f"{FIRST}, markdown cell {i}: '{m.group(0)}' before the glossary defines it"


@pytest.mark.parametrize("name", LESSONS[1:])
@pytest.mark.parametrize("term", list(TERMS))
def test_a_later_lesson_links_each_term_to_the_glossary_where_first_used(name, term):
    for i, t in enumerate(_markdown(name)):
        text, links = prose(t)
        m = re.search(TERMS[term], text, re.I)
        if m is None:
            continue
        inside = [target for a, b, target in links if a <= m.start() < b]
        assert inside and inside[0].endswith(GLOSSARY_LINK), (
            f"{name}, markdown cell {i}: the first use of '{term}' ('{m.group(0)}') is not a link to "
            f"the glossary ([{m.group(0)}]({GLOSSARY_LINK}))")
        return


@pytest.mark.parametrize("name", LESSONS)
def test_each_lesson_keeps_the_readings_for_a_closing_section(name):
    heads = [source(c).lstrip() for c in cells(name) if c["cell_type"] == "markdown"]
    assert any(h.startswith(CLOSING_HEADING) for h in heads), f"{name} has no '{CLOSING_HEADING}' section"


@pytest.mark.parametrize("name", LESSONS)
def test_each_lesson_asks_before_it_tells_and_ends_with_a_set(name):
    code = [source(c) for c in path_cells(name) if c["cell_type"] == "code"]
    asks = sum(len(re.findall(r"\b(?:Question|Reveal)\(", c)) for c in code)
    assert asks >= 3, f"{name}: {asks} predict-first questions on the path (at least 3)"
    assert any("lesson_set(" in c for c in code), f"{name}: no set of class exercises (lesson_set) on the path"


_ENGINE = re.compile(r"`[^`\n]*(?:[A-Za-z]_[A-Za-z]|\(|\)|\.[a-z_]+\b|=)[^`\n]*`")


@pytest.mark.parametrize("name", LESSONS)
def test_no_engine_talk_on_the_path(name):
    """The path's prose names no option, attribute, function or internal code (those belong in
    the closing section)."""
    for c in path_cells(name):
        if c["cell_type"] != "markdown":
            continue
        m = _ENGINE.search(source(c))
        assert m is None, f"{name}: engine talk on the beginner's path: {m.group(0)!r}"


def _is_question(cell) -> bool:
    for o in cell.get("outputs", []):
        t = "".join(o.get("data", {}).get("text/plain", ""))
        if t.startswith(("Reveal(", "Question(")):
            return True
    return False


@pytest.mark.parametrize("name", LESSONS)
def test_a_question_cells_code_is_folded_so_it_does_not_give_the_answer_away(name):
    """A Reveal's answer is an argument in its cell's code (and a Question's position says much):
    in JupyterLab the cell's code is folded (``jupyter.source_hidden``), one click opens it;
    Voila shows no code at all."""
    questions = [c for c in cells(name) if c["cell_type"] == "code" and _is_question(c)]
    assert len(questions) >= 3, f"{name}: {len(questions)} stored question outputs"
    for c in questions:
        assert c["metadata"].get("jupyter", {}).get("source_hidden") is True, (
            f"{name}: a question's code is not folded: {source(c)[:80]!r}")


# --- A question's answer opens on a click, not in the paragraph after it -------------------------
#
# A question cell (folded code whose stored output is a ``Question(...)`` or ``Reveal(...)``) is
# followed by the lesson's prose; a learner sees both before any click. So the markdown cell right
# after a question must not state its answer. The answers are taken from the objects themselves:
# each lesson's code cells are run in this process (about 6 s for the five lessons), and for a
# Question the engine's answer (``answer_text``) and the rule's words it opens on *Show the
# answer*; for a Reveal the answer it opens (its bold words are where it names the answer).

_CARD = re.compile(r"(?<![\w♠♥♦♣])(?:10|[AKQJ9876])[♠♥♦♣]|\bJo\b")
#: A number with what it counts, or a score's move: "2 game points", "22 card points", "down 75".
_UNIT = re.compile(r"\b\d+ (?:game points?|card points?|points?|pips?)\b|\b(?:up|down) \d+\b")
_NAME_WINS = r"\b{name}\b(?:\s+\S+){{0,2}}?\s+(?:wins?|won|takes?|took|leads?|led)\b"
_YES_NO_OPENING = re.compile(r"^(?:(?i:yes|no)\b|(?:[Hh]e|[Ss]he|[Tt]hey|[A-Z][a-z]+) (?:may|can|cannot|must not)\b)")
_ALL_OR_ONE_OPENING = re.compile(r"^(?i:only|any|all|none|every)\b")


def _run_lesson(name: str) -> dict[int, list]:
    """Run the lesson's code cells in order (in the notebooks folder, as Jupyter does) and return,
    per code cell index, the objects it shows: its last expression's value and what it displays."""
    ns: dict = {"__name__": "__lesson__"}
    shown: dict[int, list] = {}
    here = os.getcwd()
    os.chdir(NOTEBOOKS)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            for i, c in enumerate(cells(name)):
                if c["cell_type"] != "code":
                    continue
                out = shown.setdefault(i, [])
                ns["display"] = lambda *objs, **_: out.extend(objs)
                tree = ast.parse(source(c))
                last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
                exec(compile(tree, f"<{name} cell {i}>", "exec"), ns)
                if last is not None:
                    out.append(eval(compile(ast.Expression(last.value), f"<{name} cell {i}>", "eval"), ns))
    finally:
        os.chdir(here)
    return shown


@functools.lru_cache(maxsize=None)
def _questions(name: str) -> list[tuple[int, object]]:
    """``(cell index, Question or Reveal)`` for each question cell of the lesson, in order."""
    from cardlab.classroom.lesson import Question, Reveal

    shown = _run_lesson(name)
    found = []
    for i, c in enumerate(cells(name)):
        if c["cell_type"] != "code" or not _is_question(c):
            continue
        objs = [o for o in shown[i] if isinstance(o, (Question, Reveal))]
        assert objs, f"{name}, cell {i}: a stored question output, but the cell shows no Question or Reveal"
        found.extend((i, o) for o in objs)
    return found


def _plain(markup: str) -> str:
    """Words as read: HTML tags and markdown emphasis dropped, entities decoded, spaces collapsed."""
    text = _html.unescape(re.sub(r"<[^>]+>", " ", markup)).replace("**", "").replace("*", "")
    return re.sub(r"\s+", " ", text).strip()


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?:;])\s+", text) if s.strip()]


def _answer_tokens(q) -> tuple[list[str], list[re.Pattern], re.Pattern | None]:
    """What would state the answer: ``(phrases, patterns, opening)``. ``opening`` is a pattern a
    sentence stating the answer opens with (Yes/No, "She may", "Only"...)."""
    from cardlab.classroom.lesson import Question

    phrases: list[str] = []
    patterns: list[re.Pattern] = []
    opening = None
    if isinstance(q, Question):
        ex = q.set.current
        head = ex.answer_text().split(":")[0].strip()
        why = _plain(ex.check(ex.expected).explanation)
        if head.lower() in ("yes", "no"):
            opening = _YES_NO_OPENING
        cards = _CARD.findall(head)
        phrases += cards
        if ex.kind == "legal":
            opening = _ALL_OR_ONE_OPENING
        if not cards:
            patterns += [re.compile(rf"(?<![\d.]){n}(?!\d)") for n in re.findall(r"\d+", head)]
            patterns += [re.compile(_NAME_WINS.format(name=re.escape(n))) for n in re.findall(r"\b[A-Z][a-z]+\b", head)
                         if n not in ("Yes", "No")]
        phrases += _UNIT.findall(why)
    else:
        answer = q._answer_html
        words = _plain(answer)
        if re.match(r"(?i)(yes|no)\b", words):
            opening = _YES_NO_OPENING
        for m in re.finditer(r"<b>(.*?)</b>", answer, re.S):
            bold = _plain(m.group(1)).rstrip(".:,;!")
            if re.fullmatch(r"\d+", bold):
                unit = re.match(r"\s*(game points?|card points?|points|pips)\b", _plain(answer[m.end():]))
                if unit:
                    phrases.append(f"{bold} {unit.group(1)}")
                else:
                    patterns.append(re.compile(rf"(?<![\d.]){bold}(?!\d)"))
            elif bold.lower() not in ("yes", "no"):
                phrases += [bold, *_CARD.findall(bold), *_UNIT.findall(bold)]
        first = _sentences(words)
        phrases += _UNIT.findall(first[0]) if first else []
    return phrases, patterns, opening


def _states_answer(q, text: str) -> str | None:
    """The words of ``text`` (a markdown cell's prose) that state ``q``'s answer, or None. For a
    Question the cell's first sentence is checked (what the learner reads on), for a Reveal every
    sentence (its answer is a sentence of words, any of which may be repeated)."""
    from cardlab.classroom.lesson import Question

    phrases, patterns, opening = _answer_tokens(q)
    sentences = _sentences(_plain(text))
    if not sentences:
        return None
    if opening is not None and opening.match(sentences[0]):
        return sentences[0]
    for s in sentences[:1] if isinstance(q, Question) else sentences:
        for p in phrases:
            if re.search(rf"(?<![\w♠♥♦♣]){re.escape(p)}(?![\w♠♥♦♣])", s, re.I):
                return s
        for p in patterns:
            if p.search(s):
                return s
    return None


@pytest.mark.parametrize("name", LESSONS)
def test_the_paragraph_after_a_question_does_not_state_its_answer(name):
    """A predict-first question's answer opens on a click: the markdown cell right after the
    question cell (visible together with it) neither opens with the answer (a Question's answer:
    the winner winning, the card or number, Yes/No, "Only"/"Any") nor, after a Reveal, repeats
    the answer's key words (its bold words, Yes/No, the numbers it gives with their unit)."""
    all_cells = cells(name)
    qs = _questions(name)
    assert len(qs) >= 3, f"{name}: {len(qs)} questions found by running the lesson"
    leaks = []
    for i, q in qs:
        after = all_cells[i + 1] if i + 1 < len(all_cells) else None
        if after is None or after["cell_type"] != "markdown":
            continue
        text, _ = prose(source(after))
        said = _states_answer(q, text)
        if said is not None:
            leaks.append(f"cell {i + 1} after the {type(q).__name__} of cell {i}: {said!r}")
    assert not leaks, f"{name}: the paragraph after a question states its answer:\n  " + "\n  ".join(leaks)


def test_the_answer_check_catches_a_stated_answer():
    """The check itself: the paragraphs these lessons had before the answers moved behind the click
    are caught, and their rewritten forms pass."""
    qs = dict(_questions(FIRST))
    caught = {12: "Ana wins it: the K♦ is a trump, and any trump beats every card of another suit.",
              14: "### When the stock is used up\n\nBoris has 22 card points (J♠ 9♠, 9♥ K♥, 9♣ J♥, Q♥ A♥).",
              16: "Only the **10♠**: she must follow suit with a spade.",
              20: "**1 game point**: Ana's 43 are 33 or more.",
              24: "No: it is the first lead of the hand.",
              36: "**Ana scores 2 game points**: Boris closed and failed.",
              6: "The ten wins, so the winner takes **14 card points**."}
    for i, text in caught.items():
        assert _states_answer(qs[i], prose(text)[0]) is not None, (i, text)
    fine = {12: "Trick 6 goes to Boris: his A♥ takes the Q♥.",
            24: "In *\"A close that works\"* Boris declares K♦ Q♦ at his third lead.",
            36: "The end of the hand:"}
    for i, text in fine.items():
        assert _states_answer(qs[i], prose(text)[0]) is None, (i, text)
