"""The lessons as a beginner meets them (issue 25): every glossary word defined before it is
used or linked to the glossary where first used, the core game before the readings, something to
do at every step, and no engine talk on the path."""

from __future__ import annotations

import re

import pytest

from lesson_text import (CLOSING_HEADING, FIRST, GLOSSARY_HEADING, GLOSSARY_LINK, LESSONS, TERMS, cells,
                         path_cells, prose, source)


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
