"""The class's page (ClassroomPanel), headless: for every variant and preset, everything it offers
clicked in random order (games, rules, kinds, New set, codes typed right and wrong, Open, and
every control of the exercises it shows) without a callback raising; a code gives everybody the
same set; a bad code is answered in words and leaves the set shown; a code typed with spaces or
capitals is read; the teacher's page comes from the server's key in the page's address
(?view=teacher is the students' page); the page reads as words (kinds named in words, no code in
its messages)."""

import random

import pytest

pytest.importorskip("ipywidgets")

from cardlab import variants  # noqa: E402
from cardlab.classroom import kinds_for  # noqa: E402
from cardlab.classroom.exercises import CODE_OF, CURRENT, LEVELS, CodeError, SetCode  # noqa: E402
from cardlab.classroom import roles  # noqa: E402
from cardlab.classroom.panel import KIND_WORDS, ClassroomPanel  # noqa: E402

CASES = [(v, p) for v in variants.names() for p in variants.get(v).presets]

BAD_CODES = ["", "   ", "66", "zz-santase-legal-1", "66-nope-legal-1", "66-santase-bid-1", "66-santase-legal-x",
             "99-classic-legal,legal-3", "m4-russian-marriage-12345678901", "501-pagat--4"]


def _random_code(rng):
    v = rng.choice(variants.names())
    kinds = [k for k in kinds_for(v) if rng.random() < 0.6] or [kinds_for(v)[0]]
    level = rng.choice(LEVELS)
    return str(SetCode(v, rng.choice(list(variants.get(v).presets)), tuple(kinds), rng.randrange(10 ** 6), level=level,
                       version=rng.choice([1, CURRENT]) if level == "easy" else CURRENT))


def _poke(panel, rng):
    """One thing a person does on the page, chosen at random among everything it offers."""
    ex = panel.widget
    offered = ["game", "rules", "level", "kind", "new", "type-good", "type-bad", "open"]
    offered += ["exercise"] * 6 + ["next", "size"]
    what = rng.choice(offered)
    if what == "game":
        panel.game.value = rng.choice(panel.game.options)[1]
    elif what == "rules":
        panel.rules.value = rng.choice(panel.rules.options)
    elif what == "level":
        panel.level.value = rng.choice(panel.level.options)[1]
    elif what == "kind" and panel.kinds.children:
        t = rng.choice(panel.kinds.children)
        t.value = not t.value
    elif what == "new":
        panel.new_button.click()
    elif what == "type-good":
        panel.code.value = _random_code(rng)
    elif what == "type-bad":
        panel.code.value = rng.choice(BAD_CODES)
    elif what == "open":
        panel.open_button.click()
    elif what == "exercise" and ex.controls.children:
        c = rng.choice(ex.controls.children)
        if hasattr(c, "options"):
            choice = rng.choice(c.options)
            c.value = choice[1] if isinstance(choice, tuple) else choice
        elif hasattr(c, "click"):
            c.click()
        elif isinstance(getattr(c, "value", None), bool):
            c.value = not c.value
        else:
            c.value = rng.randrange(-50, 900)
    elif what == "next":
        ex.next_button.click()
    elif what == "size":
        ex.card_size.value = rng.choice(ex.card_size.options)
    return what


@pytest.mark.parametrize("variant,preset", CASES)
def test_random_clicks_never_raise(variant, preset):
    rng = random.Random(f"{variant}/{preset}")
    panel = ClassroomPanel(str(SetCode(variant, preset, kinds_for(variant), 11)), teacher=False)
    done = {"answered": 0, "sets": 0, "refused": 0}
    for _ in range(400):
        before = panel.set_code
        what = _poke(panel, rng)
        assert panel.errors == [] and panel.widget.errors == [], (panel.errors, panel.widget.errors)
        assert "Traceback" not in panel.message.value + panel.widget.verdict.value
        if what == "open" and "cardlab-panel-mistake" in panel.message.value:
            assert panel.set_code == before          # a refused code leaves the set shown
            done["refused"] += 1
        done["sets"] += panel.set_code != before
        done["answered"] = max(done["answered"], panel.widget.set.answered)
    assert done["sets"] >= 1 and done["answered"] >= 1, done


@pytest.mark.parametrize("code", ["99-revised-bid,scores-4242", f"99-revised-bid,scores-h{CURRENT}-4242",
                                  f"99-revised-bid,scores-e{CURRENT}-4242"])
def test_a_code_gives_everybody_the_same_set(code):
    a, b = ClassroomPanel(teacher=False), ClassroomPanel(code, teacher=False)
    a.open_code(code)
    assert a.set_code == b.set_code == code
    assert a.widget.set.count == b.widget.set.count == 2 * ClassroomPanel.PER_KIND
    for i in range(a.widget.set.count):
        qa, qb = a.widget.set.exercise(i), b.widget.set.exercise(i)
        assert (qa.question, qa.expected) == (qb.question, qb.expected)
    assert (a.game.value, a.rules.value) == ("ninety-nine", "revised")
    assert a.level.value == b.level.value == a.widget.set.code.level == ("harder" if "-h" in code else "easy")
    assert [t.kind for t in a.kinds.children if t.value] == ["bid", "scores"]
    assert "Set code" in a.message.value and code in a.message.value


@pytest.mark.parametrize("bad", BAD_CODES)
def test_a_bad_code_is_answered_in_words_and_the_set_stays(bad):
    panel = ClassroomPanel("66-santase-legal-1", teacher=False)
    panel.code.value = bad
    panel.open_button.click()
    assert "cardlab-panel-mistake" in panel.message.value
    assert panel.set_code == "66-santase-legal-1"
    if bad.strip():
        assert "at character" in panel.message.value     # the place it goes wrong


def test_no_kind_chosen():
    panel = ClassroomPanel("m3-russian-legal,trick-5", teacher=False)
    for t in panel.kinds.children:
        t.value = False
    panel.new_button.click()
    assert "at least one kind" in panel.message.value and panel.set_code == "m3-russian-legal,trick-5"


def test_new_set_uses_the_choices_and_a_new_seed():
    panel = ClassroomPanel(teacher=False)
    panel.game.value = "russian-501"
    panel.rules.value = "fives"
    panel.level.value = "harder"
    for t in panel.kinds.children:
        t.value = t.kind in ("scores", "legal")
    panel.new_button.click()
    code = panel.set_code
    assert code.startswith(f"{CODE_OF['russian-501']}-fives-legal,scores-h{CURRENT}-")
    assert all(panel.widget.set.exercise(i).level == "harder" for i in range(panel.widget.set.count))
    panel.new_button.click()
    assert panel.set_code != code or panel.set_code.endswith("-0")


KEY = "the-teachers-key-0123456789abcdef"


@pytest.mark.parametrize("query,teacher", [(f"key={KEY}", True), ("view=teacher", False), ("key=wrong", False),
                                           (f"view=teacher&key={KEY[:-1]}", False), ("", False)])
def test_the_teachers_page_comes_from_the_key_in_the_address(monkeypatch, query, teacher):
    monkeypatch.setenv("CARDLAB_TEACHER_KEY", KEY)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", query)
    panel = ClassroomPanel("66-santase-legal-3")
    assert panel.teacher is teacher and panel.widget.teacher is teacher
    if teacher:
        assert "Teacher's page" in panel.banner.value and "Answer:" in panel.widget.answer_pane.value
        assert "same without the key" in panel.banner.value and KEY not in panel.banner.value
    else:
        assert "cardlab-panel-students" in panel.banner.value and panel.widget.answer_pane.value == ""
        assert "teacher" not in panel.banner.value.lower() or "teacher's set code" in panel.banner.value
    for text in (panel.banner.value, panel.message.value):
        assert "view=" not in text and "key=" not in text


def test_without_a_key_on_the_server_nobody_is_the_teacher_and_teacher_true_forces_it(monkeypatch):
    monkeypatch.delenv("CARDLAB_TEACHER_KEY", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "key=")
    assert not ClassroomPanel("66-santase-legal-3").teacher
    monkeypatch.delenv("QUERY_STRING")                         # JupyterLab, nbval: the students' page
    assert not ClassroomPanel("66-santase-legal-3").teacher
    forced = ClassroomPanel("66-santase-legal-3", teacher=True)  # a teacher's own notebook
    assert forced.teacher and "Answer:" in forced.widget.answer_pane.value
    forced.new_button.click()
    assert forced.widget.teacher


@pytest.mark.parametrize("typed", ["66-santase-legal,trick-1234", "  66-Santase-Legal, Trick-1234 ",
                                   "66 - santase - legal, trick - 1234", "66-SANTASE-LEGAL,TRICK-1234"])
def test_a_code_is_read_however_it_is_typed(typed):
    panel = ClassroomPanel(teacher=False)
    panel.code.value = typed
    panel.open_button.click()
    assert "cardlab-panel-mistake" not in panel.message.value, panel.message.value
    assert (panel.widget.set.code.variant, panel.widget.set.code.kinds, panel.widget.set.code.seed) == \
        ("sixty-six", ("legal", "trick"), 1234)


def test_the_kinds_are_named_in_words():
    for v in variants.names():
        panel = ClassroomPanel(str(SetCode(v, next(iter(variants.get(v).presets)), kinds_for(v), 1)), teacher=False)
        for t in panel.kinds.children:
            assert t.description == KIND_WORDS[t.kind][0] and t.tooltip.endswith("?")
        words = panel.banner.value + panel.message.value
        assert "cardlab." not in words and "(" not in words.replace("(at character", "")


def test_a_bad_starting_code_raises_when_the_panel_is_made():
    with pytest.raises(CodeError):
        ClassroomPanel("66-santase-nope-1")
