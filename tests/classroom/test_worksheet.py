"""Worksheets (issue 22): made from a teacher's positions (an item whose kind does not apply is
refused when the worksheet is made), saved under a ws- code in the class folder, JSON Schema
checked on save and load (hand-edited and random files refused with the place named), codes
read however typed; printed as a worksheet that holds no answer and as an answer key."""

import html
import json
import os
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from cardlab import variants
from cardlab.classroom import kinds_for, make_exercise
from cardlab.classroom import worksheet as wsm
from cardlab.classroom.notation import position_text
from cardlab.classroom.worksheet import (ALPHABET, Worksheet, WorksheetError, WorksheetItem, WorksheetSet,
                                         is_worksheet_code, load_worksheet, parse_worksheet_code)
from cardlab.errors import CardlabError
from cardlab.render.worksheet import PER_PAGE, set_html, worksheet_html


def position_of(ex) -> str:
    s = ex.state
    if ex.kind == "trick":
        card = next(c for c in s.hands[s.to_act] if f" plays {c} " in ex.question)
        s = s.apply(str(card))
    return position_text(s, before=ex.start if ex.kind == "scores" and ex.start is not None else None)


def every_kind(seed=0):
    """One item per variant and kind, from generated exercises' positions."""
    return [WorksheetItem(position_of(make_exercise(v, k, seed)), k) for v in variants.names() for k in kinds_for(v)]


@pytest.fixture(scope="module")
def items():
    return every_kind()


def test_round_trip_through_the_class_folder(tmp_path, items):
    ws = Worksheet("  Every kind, lesson 1 ", items[:10] + [WorksheetItem(items[0].position, "legal", "Your turn: which?")])
    assert ws.title == "Every kind, lesson 1" and len(ws.exercises()) == 11
    code = ws.save(tmp_path)
    assert re.fullmatch(r"ws-[a-z2-9]{5}", code) and not set(code[3:]) & set("01oli")
    path = tmp_path / "worksheets" / f"{code}.json"
    assert path.is_file() and json.loads(path.read_text("utf-8"))["title"] == ws.title
    back = load_worksheet(code.upper().replace("-", " "), tmp_path)
    assert back == ws and back.items == ws.items
    for a, b in zip(back.exercises(), ws.exercises()):
        assert (a.question, a.expected, a.kind) == (b.question, b.expected, b.kind)
        assert a.check(a.expected).right
    assert back.exercises()[-1].question == "Your turn: which?"
    second = ws.save(tmp_path)
    assert second != code and len(list((tmp_path / "worksheets").iterdir())) == 2


def test_the_class_folder_is_the_default(tmp_path, monkeypatch, items):
    from cardlab.classroom import roles
    monkeypatch.setenv(roles.FOLDER_VARIABLE, str(tmp_path))
    code = Worksheet("Default folder", items[:2]).save()
    assert (tmp_path / "worksheets" / f"{code}.json").exists()
    assert load_worksheet(code).title == "Default folder"


def test_a_code_is_never_reused(tmp_path, monkeypatch, items):
    ws = Worksheet("One", items[:1])
    draws = iter("aaaaa" + "aaaaa" + "bbbbb")
    monkeypatch.setattr(wsm.secrets, "choice", lambda alphabet: next(draws))
    assert ws.save(tmp_path) == "ws-aaaaa"
    before = (tmp_path / "worksheets" / "ws-aaaaa.json").read_bytes()
    assert Worksheet("Two", items[1:2]).save(tmp_path) == "ws-bbbbb"
    assert (tmp_path / "worksheets" / "ws-aaaaa.json").read_bytes() == before


def test_the_alphabet_has_no_look_alikes():
    assert len(ALPHABET) == 31 and not set(ALPHABET) & set("01oli") and len(set(ALPHABET)) == 31


@pytest.mark.parametrize("typed", ["ws-k7m2q", "WS-K7M2Q", "ws k7m2q", " Ws – k7 m2q ", "wsk7m2q", "ws_k7m2q",
                                   "ws—K7M2Q"])
def test_codes_are_read_however_typed(typed):
    assert parse_worksheet_code(typed) == "ws-k7m2q" and is_worksheet_code(typed)


@pytest.mark.parametrize("typed,words", [
    ("66-santase-legal-e2-12", "starts with 'ws-'"), ("ws-k7m2", "5 characters"), ("ws-k7m2qq", "5 characters"),
    ("ws-k7m2o", "no 0, o, 1, l or i"), ("ws-k1m2q", "no 0, o, 1, l or i"), ("ws-k7m2!", "letters a to z"),
    ("", "starts with"), (12345, "text"),
])
def test_bad_codes_are_refused_in_words(typed, words):
    with pytest.raises(WorksheetError, match=words) as e:
        parse_worksheet_code(typed)
    assert e.value.place == "code" and not is_worksheet_code(typed)


def test_a_missing_worksheet_and_links_are_refused(tmp_path, items):
    with pytest.raises(WorksheetError, match="no worksheet ws-aaaaa"):
        load_worksheet("ws-aaaaa", tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    code = Worksheet("Linked", items[:1]).save(outside)
    (tmp_path / "class").mkdir()
    (tmp_path / "class" / "worksheets").symlink_to(outside / "worksheets")
    with pytest.raises(WorksheetError, match="link"):
        load_worksheet(code, tmp_path / "class")
    with pytest.raises(WorksheetError, match="link"):
        Worksheet("Linked", items[:1]).save(tmp_path / "class")
    assert len(list((outside / "worksheets").iterdir())) == 1
    (tmp_path / "c2" / "worksheets").mkdir(parents=True)
    (tmp_path / "c2" / "worksheets" / "ws-bbbbb.json").symlink_to(outside / "worksheets" / f"{code}.json")
    with pytest.raises(WorksheetError, match="link"):
        load_worksheet("ws-bbbbb", tmp_path / "c2")


def test_an_item_that_does_not_apply_is_refused_when_the_worksheet_is_made(items):
    legal = next(x for x in items if x.kind == "legal" and x.position.startswith("66 "))
    with pytest.raises(WorksheetError, match=r"item 2: a 'score' question needs a finished hand") as e:
        Worksheet("Bad", [legal, WorksheetItem(legal.position, "score")])
    assert e.value.place == "item 2"
    with pytest.raises(WorksheetError, match="item 1: .*has no exercise 'bid'"):
        Worksheet("Bad", [WorksheetItem(legal.position, "bid")])
    with pytest.raises(WorksheetError, match="item 1, kind: 'nonsense' is not an exercise kind"):
        Worksheet("Bad", [(legal.position, "nonsense")])
    with pytest.raises(WorksheetError, match="item 1: .*at character"):
        Worksheet("Bad", [{"position": "66 santase | dealer 0", "kind": "legal"}])
    with pytest.raises(WorksheetError, match="item 1: .*control characters"):
        Worksheet("Bad", [WorksheetItem(legal.position, "legal", "a\nb")])


def test_limits(items, tmp_path):
    with pytest.raises(WorksheetError, match="title"):
        Worksheet("  ", items[:1])
    with pytest.raises(WorksheetError, match="at most 120"):
        Worksheet("t" * 121, items[:1])
    with pytest.raises(WorksheetError, match="control"):
        Worksheet("a\tb", items[:1])
    with pytest.raises(WorksheetError, match="at least one"):
        Worksheet("Empty", [])
    with pytest.raises(WorksheetError, match="at most 60"):
        Worksheet("Long", [items[0]] * 61)
    big = Worksheet("t" * 120, [items[0]] * 60)
    assert len(big.exercises()) == 60
    code = big.save(tmp_path)
    assert (tmp_path / "worksheets" / f"{code}.json").stat().st_size < wsm.MAX_FILE_BYTES
    assert Worksheet("Add", items[:1]).add(items[1].position, items[1].kind).items == tuple(items[:2])


# -- hand-edited files ----------------------------------------------------------------------------------
def _write(tmp_path, body, code="ws-ccccc"):
    d = tmp_path / "worksheets"
    d.mkdir(exist_ok=True)
    (d / f"{code}.json").write_bytes(body if isinstance(body, bytes) else body.encode("utf-8"))
    return code


@pytest.mark.parametrize("edit,place", [
    (lambda d: d.pop("title"), "file"),
    (lambda d: d.update(title=""), "title"),
    (lambda d: d.update(title="x" * 121), "title"),
    (lambda d: d.update(version=2), "version"),
    (lambda d: d.update(format="other"), "format"),
    (lambda d: d.update(extra=1), "file"),
    (lambda d: d["items"][1].update(kind="guess"), "items[1].kind"),
    (lambda d: d["items"][0].update(position=12), "items[0].position"),
    (lambda d: d["items"][2].update(question="q" * 301), "items[2].question"),
    (lambda d: d["items"][2].update(question="a\u0007b"), "items[2].question"),
    (lambda d: d["items"][0].pop("kind"), "items[0]"),
    (lambda d: d.update(items=d["items"] * 25), "items"),
    (lambda d: d.update(items=[]), "items"),
    (lambda d: d["items"][0].update(kind="bid"), "item 1"),
])
def test_hand_edited_files_are_refused_naming_the_place(tmp_path, items, edit, place):
    data = Worksheet("Edited", items[:3]).to_json()
    edit(data)
    code = _write(tmp_path, json.dumps(data))
    with pytest.raises(WorksheetError) as e:
        load_worksheet(code, tmp_path)
    assert e.value.place == place, str(e.value)


def test_files_that_are_not_json_or_too_large_are_refused(tmp_path, items):
    for body, words in ((b"{not json", "not JSON: .*line 1"), (b"\xff\xfe", "not UTF-8"),
                        (b" " * (wsm.MAX_FILE_BYTES + 1), "larger than"), (b"[" * 100000, "not JSON|nested")):
        with pytest.raises(WorksheetError, match=words):
            load_worksheet(_write(tmp_path, body), tmp_path)


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                     lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=10), c, max_size=4),
                     max_leaves=20)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.one_of(_json, st.fixed_dictionaries(
    {"format": st.sampled_from(["cardlab-worksheet", "x"]), "version": st.sampled_from([1, 2, "1"]),
     "title": st.text(max_size=130), "items": st.lists(st.fixed_dictionaries(
         {"position": st.text(max_size=40), "kind": st.sampled_from(["legal", "trick", "x", ""])},
         optional={"question": st.text(max_size=20)}), max_size=3)},
    optional={"extra": _json})))
def test_random_files_are_refused_with_a_worksheet_error(tmp_path, data):
    code = _write(tmp_path, json.dumps(data))
    with pytest.raises(WorksheetError):        # none of these is a worksheet (no position reads)
        load_worksheet(code, tmp_path)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(0, 4000), junk=st.binary(max_size=8))
def test_damaged_files_are_refused_or_read_whole(tmp_path, cut, junk):
    ws = Worksheet("Damaged", [WorksheetItem(position_of(make_exercise("sixty-six", "legal", 1)), "legal")])
    body = json.dumps(ws.to_json()).encode("utf-8")
    damaged = body[:cut] + junk + body[cut + len(junk):]
    code = _write(tmp_path, damaged)
    try:
        back = load_worksheet(code, tmp_path)
    except WorksheetError:
        return
    assert len(back.items) == 1


def test_errors_are_cardlab_errors():
    assert issubclass(WorksheetError, CardlabError)


# -- answered as a set -----------------------------------------------------------------------------------
def test_a_worksheet_is_answered_like_a_set(items):
    ws = Worksheet("As a set", items[:3])
    s = WorksheetSet(ws, "WS AAAAA")
    assert (str(s.code), s.count, s.title) == ("ws-aaaaa", 3, "As a set")
    assert s.answer(s.current.expected).right and s.score == "1 of 1 right"
    assert s.next() and s.next() and not s.next()


# -- printing ----------------------------------------------------------------------------------------------
_STYLE = re.compile(r"<style\b.*?</style>", re.S)
_TAG = re.compile(r"<[^>]+>")


def words(markup: str) -> str:
    return " ".join(html.unescape(_TAG.sub(" ", _STYLE.sub(" ", markup))).split())


def _n(x):
    return rf"(?<![\d.,]){x}(?![\d])"


def leaks(ex, text: str) -> list[str]:
    """Where ``text`` (the words of one exercise's block without its question) gives the answer."""
    e, kind = ex.expected, ex.kind
    pats = {"points": [rf"{_n(e)}\s+(?:card\s+)?points?\b"], "eight": [rf"{_n(e)}\s+pips?\b", r"\d+\s+pips?\b"],
            "bid": [rf"\bbid\s*:?\s*{_n(e)}", r"\bbid cards?\s*:\s*\d"],
            "score": [r"\bgame points?\b", r"\bwins? the hand\b"], "scores": [r"\bScores?\s*:", r"\bdeal score\b"]}
    found = [p for p in pats.get(kind, []) if re.search(p, text, re.I)]
    if ex.answer_form in ("score", "numbers") and ex.answer_text() in text:
        found.append(ex.answer_text())
    return found


def test_the_printed_worksheet_holds_no_answer_and_the_key_every_answer():
    exercises = []
    for seed in range(4):
        exercises += [make_exercise(v, k, seed, level=lvl) for v in variants.names() for k in kinds_for(v)
                      for lvl in ("easy", "harder")]
    page = worksheet_html(exercises, "Every kind")
    assert page.startswith("<!DOCTYPE html>")
    for loads in ("<script", "src=", "href=", "url(", "@import"):      # self-contained: nothing fetched
        assert loads not in page
    body = page.split("<body>", 1)[1]
    for word in ("ws-answer", "ws-why", "Rules:", "cardlab-class-teacher"):
        assert word not in body
    blocks = page.split("<div class='ws-ex' data-kind=")[1:]
    assert len(blocks) == len(exercises)
    for ex, block in zip(exercises, blocks):
        question = html.escape(ex.question.replace("(click them)", "(circle them)"))
        assert question in block
        rest = words(block.replace(question, " "))
        assert not leaks(ex, rest), (ex.kind, ex.question, leaks(ex, rest))
        markup = _STYLE.sub("", block)
        if "result" in ex.hidden:
            assert not re.search(r"class=['\"][^'\"]*\bcardlab-result\b", markup), ex.question
        if "pips" in ex.hidden:
            assert not re.search(r"class=['\"][^'\"]*\bcardlab-(?:eight|pip)\b", markup), ex.question
    assert page.count("class='ws-page'") == -(-len(exercises) // PER_PAGE)
    assert page.count("break-inside:avoid") >= 1 and "size:A4" in page

    key = worksheet_html(exercises, "Every kind", answers=True)
    blocks = key.split("<div class='ws-ex' data-kind=")[1:]
    for ex, block in zip(exercises, blocks):
        v = ex.check(ex.expected)
        assert html.escape(ex.answer_text()) in block and html.escape(v.explanation) in block
        for rid in v.rule_ids:
            assert rid in block


def test_a_worksheet_and_a_set_code_print_the_same_way(items):
    ws = Worksheet("Mine", items[:7])
    page = worksheet_html(ws.exercises(), ws.title)
    assert page.count("class='ws-page'") == 2 and "page 2 of 2" in page
    code_page = set_html("66-Santase-legal, trick-e2-1234", count=8)
    assert "Exercise set 66-santase-legal,trick-e2-1234" in code_page and code_page.count("data-kind=") == 8
    assert "Answer:" in set_html("66-santase-legal-e2-1", answers=True, count=2)
    with pytest.raises(ValueError):
        worksheet_html([], "Nothing")
    from cardlab.classroom.exercises import CodeError
    with pytest.raises(CodeError):
        set_html("77-nope-legal-1")


def test_one_box_opens_both_codes_and_prints_them_into_the_class_folder(tmp_path, items):
    from cardlab.classroom.exercises import ExerciseSet
    from cardlab.classroom.worksheet import open_code, save_print
    code = Worksheet("Printed", items[:7]).save(tmp_path)
    opened = open_code(code.upper(), tmp_path)
    assert isinstance(opened, WorksheetSet) and opened.count == 7
    assert isinstance(open_code("66-santase-legal-e2-5", tmp_path, count=3), ExerciseSet)
    with pytest.raises(WorksheetError):
        open_code("ws-zzzzz", tmp_path)
    sheet, key = save_print(code, tmp_path)
    assert sheet.parent == key.parent == (tmp_path / "print").resolve()
    assert "ws-answer" not in sheet.read_text("utf-8").split("<body>")[1] and "ws-answer" in key.read_text("utf-8")
    assert save_print(code, tmp_path) == (sheet, key)                  # printed again: replaced
    s2, k2 = save_print("66-santase-legal,trick-e2-5", tmp_path, count=6)
    assert s2.name == "66-santase-legal+trick-e2-5-worksheet.html" and k2.exists()
    sheet.unlink()
    sheet.symlink_to(tmp_path / "elsewhere.html")
    with pytest.raises(WorksheetError, match="link"):
        save_print(code, tmp_path)
    assert not (tmp_path / "elsewhere.html").exists()
    assert sorted(p.name for p in (tmp_path / "print").iterdir() if p.name.startswith(".")) == []


def test_the_tool_writes_the_prints(tmp_path, capsys):
    import importlib.util
    from pathlib import Path
    spec = importlib.util.spec_from_file_location("make_worksheets", Path(__file__).parents[2] / "tools" /
                                                  "make_worksheets.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.main(["--folder", str(tmp_path), "--count", "3", "66-santase-legal-e2-7"]) == 0
    assert len(list((tmp_path / "print").iterdir())) == 2
    assert tool.main(["--folder", str(tmp_path), "ws-abcde"]) == 1
    assert "no worksheet ws-abcde" in capsys.readouterr().err
