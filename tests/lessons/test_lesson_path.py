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
                cards = _CARD.findall(bold)
                phrases += [bold, *(cards if len(cards) == 1 else []), *_UNIT.findall(bold)]
                if len(cards) > 1:      # a sequence of cards: stated when all of them are named
                    patterns.append(re.compile("".join(f"(?=.*{re.escape(c)})" for c in cards), re.S))
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


# --- ... nor in the outputs shown under it -------------------------------------------------------
#
# Under a question the learner also sees the stored outputs of the cells that follow: a table, a
# printout, a picture's words. Those shown before the lesson moves on (up to the next markdown cell
# that is more than a lead-in ending in ":" to the next output, the next heading or the next
# question) must not show the answer either, nor may the prose up to the next heading or question.

#: The lessons' players: a name right before a number ("Vera 54") gives that player's number.
_PLAYERS = ("Ana", "Boris", "Vera", "Cleo", "Dan", "Gleb")
_NAMES_BEFORE = r"\b(?:" + "|".join(_PLAYERS) + r"):? {n}(?![\d.])"
_VERBS_BEFORE = r"\b(?:uncover|carr|pay|receiv|scor|up|down|goes up|goes down)\w*:? {n}(?![\d.])"


def _words(text: str) -> str:
    """Text as compared: tags dropped, entities decoded, '&' read as 'and', spaces collapsed."""
    return re.sub(r"\s+", " ", _plain(text).replace("&", " and ")).strip()


def _phrase(p: str) -> re.Pattern:
    """A phrase as a pattern: case-insensitive, each word may take an ending ("carry" finds
    "carrying"), '&' read as 'and'."""
    parts = [re.escape(w) + (r"\w*" if w.isalpha() else "") for w in _words(p).split()]
    return re.compile(r"(?<![\w♠♥♦♣])" + r"\s+".join(parts) + r"(?![\d♠♥♦♣])", re.I)


def _number_patterns(n: str, names: bool = True) -> list[re.Pattern]:
    """The number ``n`` where it is a result: after '=', after a score word, before a unit, and
    (``names``: a Reveal's bold number, which is a player's) right after a player's name."""
    pats = [re.compile(rf"=\s*{n}(?![\d.])"), re.compile(_VERBS_BEFORE.format(n=n), re.I),
            re.compile(rf"(?<![\d.]){n} (?:game points?|card points?|points?|pips?)\b")]
    return pats + [re.compile(_NAMES_BEFORE.format(n=n))] if names else pats


def _gives(text: str, n: str) -> bool:
    """Whether ``text`` holds the whole number ``n``."""
    return re.search(rf"(?<![\d.]){n}(?![\d.])", text) is not None


def _shown_answer_tokens(q) -> tuple[list[re.Pattern], list[set[str]]]:
    """What would show ``q``'s answer in an output: ``(patterns, sets)``; an output shows the
    answer when a pattern matches or when it holds every number or card of a set (a score
    sheet's new scores; after a "legal" question, all the player's other cards, played later).
    Numbers the question itself gives are left out (they say nothing new)."""
    from cardlab.classroom.lesson import Question

    pats: list[re.Pattern] = []
    sets: list[set[str]] = []
    if isinstance(q, Question):
        ex = q.set.current
        asked = _words(ex.question)
        head = ex.answer_text().split(":")[0].strip()
        why = _plain(ex.check(ex.expected).explanation)
        cards = _CARD.findall(head)
        pats += [_phrase(c) for c in cards]
        if ex.kind == "legal":
            # The player's other cards, shown played later, tell by elimination which he played here.
            hand = ex.state.hands[ex.state.to_act]
            sets.append({str(c) for c in hand if str(c) not in cards})
        if ex.kind == "marriage" and ex.expected is True:
            pats.append(re.compile(rf"\b{ex.state.names[ex.state.to_act]}\b declares\b"))
        if ex.kind == "trick":
            pats += [re.compile(_NAME_WINS.format(name=re.escape(n))) for n in re.findall(r"\b[A-Z][a-z]+\b", head)]
        numbers = [n for n in re.findall(r"\d+", head) if not cards and not _gives(asked, n)]
        if len(set(numbers)) > 1:
            sets.append(set(numbers))
        elif numbers:
            pats += _number_patterns(numbers[0], names=False)
        pats += [_phrase(u) for u in _UNIT.findall(why) if not _gives(asked, re.findall(r"\d+", u)[0])]
    else:
        answer = q._answer_html
        asked = _words(q.question.value)
        for m in re.finditer(r"<b>(.*?)</b>", answer, re.S):
            bold = _plain(m.group(1)).rstrip(".:,;!")
            if re.fullmatch(r"\d+", bold):
                unit = re.match(r"\s*(game points?|card points?|points|pips)\b", _plain(answer[m.end():]))
                pats += [_phrase(f"{bold} {unit.group(1)}")] if unit else _number_patterns(bold)
            elif bold.lower() not in ("yes", "no"):
                cards = _CARD.findall(bold)
                pats += [_phrase(bold), *map(_phrase, cards[:1] if len(cards) == 1 else [])]
                if len(cards) > 1:
                    sets.append(set(cards))
                if re.search(r"\bwins?\b", bold):
                    pats += [re.compile(rf"\b{n}\b(?:\s+\S+){{0,2}}?\s+(?:wins?|won)\b") for n in re.findall(r"\b[A-Z][a-z]+\b", bold)]
        first = _sentences(_plain(answer))
        pats += [_phrase(u) for u in (_UNIT.findall(first[0]) if first else []) if _words(u).lower() not in asked.lower()]
    return pats, sets


def _output_text(cell) -> list[str]:
    """The words of each stored output of a code cell (printed text, text/plain, text/html)."""
    texts = []
    for o in cell.get("outputs", []):
        if o.get("output_type") == "stream":
            texts.append("".join(o.get("text", "")))
        data = o.get("data", {})
        for mime in ("text/plain", "text/html"):
            if mime in data:
                raw = "".join(data[mime])
                texts.append(re.sub(r"<style.*?</style>|<script.*?</script>", " ", raw, flags=re.S) if mime == "text/html" else raw)
    return [_words(t) for t in texts]


def _is_lead_in(text: str) -> bool:
    """A markdown cell that only leads in to the output below it ("The end of the hand:")."""
    return not re.search(r"^#", text, re.M) and text.rstrip().endswith(":")


def _shown_after(all_cells, i):
    """``(outputs, prose)`` the learner sees under the question cell ``i``: the outputs up to the
    next markdown cell that is not a lead-in (or the next question); the prose of the markdown up
    to the next heading or question."""
    outputs, prose_ = [], []
    outputs_open = True
    for j in range(i + 1, len(all_cells)):
        c = all_cells[j]
        if c["cell_type"] == "code":
            if _is_question(c):
                break
            if outputs_open:
                outputs += [(j, t) for t in _output_text(c)]
            continue
        text = source(c)
        if re.search(r"^#", text, re.M):
            before = text[:re.search(r"^#", text, re.M).start()]
            if before.strip():
                prose_.append((j, _words(prose(before)[0])))
            break
        prose_.append((j, _words(prose(text)[0])))
        outputs_open = outputs_open and _is_lead_in(text)
    return outputs, prose_


def _shows(q, text: str) -> str | None:
    pats, sets = _shown_answer_tokens(q)
    for p in pats:
        m = p.search(text)
        if m:
            return m.group(0)
    for s in sets:
        if s and all(_gives(text, n) if n.isdigit() else _phrase(n).search(text) for n in s):
            return " ".join(sorted(s))
    return None


def _leaks_below(name: str) -> list[str]:
    all_cells = cells(name)
    leaks = {}
    for i, q in _questions(name):
        outputs, prose_ = _shown_after(all_cells, i)
        for j, text in outputs:
            said = _shows(q, text)
            if said is not None:
                leaks.setdefault((i, j), f"output of cell {j} under the {type(q).__name__} of cell {i}: {said!r} in {text[:100]!r}")
        for j, text in prose_:
            for s in _sentences(text):
                said = _shows(q, s)
                if said is not None:
                    leaks.setdefault((i, j), f"markdown cell {j} under the {type(q).__name__} of cell {i}: {said!r} in {s[:100]!r}")
    return list(leaks.values())


@pytest.mark.parametrize("name", LESSONS)
def test_what_is_shown_under_a_question_does_not_show_its_answer(name):
    """Under a predict-first question, the outputs shown before the lesson moves on (a score
    sheet, a trick table, a printout, a position's words) and the prose up to the next heading or
    question show none of the answer's key tokens: its cards (after "which cards may she play?",
    also the player's other cards played later, which tell by elimination), the trick's winner
    winning, the number with its unit or after '=', a name or score word before it ("Vera 54",
    "uncover 3"), all the new scores of a score sheet, or a Reveal's bold words."""
    leaks = _leaks_below(name)
    assert not leaks, f"{name}: shown under a question before the answer is opened:\n  " + "\n  ".join(leaks)


def test_the_output_check_catches_a_shown_answer():
    """The check itself: outputs these lessons showed under a question before the answers moved
    behind the click are caught; what is shown there now passes."""
    qs = dict(_questions(FIRST))
    caught = {16: "trick 9 Ana 10♦ 9♦ Ana 10 · 10 Ana Q♠ A♠ Boris 14 · 11 Boris A♣ K♣ Boris 15 · 12 Boris Q♦ 10♥ Boris 13",
              36: "Ana wins the hand: 2 game points. Boris closed but failed: the cards ran out with Boris on 65.",
              12: "Ana wins trick 5 with K♦ (the only trump).",
              14: "Boris's tricks: J♠ 9♠ 9♥ K♥ 9♣ J♥ Q♥ A♥ = 22"}
    for i, text in caught.items():
        assert _shows(qs[i], _words(text)) is not None, (i, text)
    fine = {16: "trick 8 Boris K♠ · trick 9 Ana 10♦ 9♦",
            36: "Step through this hand from Boris's seat: step 1 / 21, Ana 0 – Boris 0.",
            20: "Hand 1 of 1 · game to 11: Ana 0 – Boris 0. Boris leads first."}
    for i, text in fine.items():
        assert _shows(qs[i], _words(text)) is None, (i, text)
