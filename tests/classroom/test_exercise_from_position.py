"""make_exercise_from_position (issue 22): every kind on positions given in notation, for every
variant and preset, asks the generator's question about that position and checks answers as the
generated exercise does; a kind that does not apply is refused in words; own questions replace
the generated one (checked)."""

import glob

import pytest

from cardlab import records, variants
from cardlab.classroom import ExerciseError, kinds_for, make_exercise, make_exercise_from_position
from cardlab.classroom.notation import PositionError, position_text
from cardlab.errors import CardlabError

SEEDS = range(4)
CASES = [(v, p, k) for v in variants.names() for p in variants.get(v).presets for k in kinds_for(v)]
FILES = sorted(glob.glob("data/*.json"))


def position_of(ex) -> str:
    """The position text a teacher would write for generated exercise ``ex``: its state (for
    "trick": after the card the question names), with the standing before the hand it uses."""
    s = ex.state
    if ex.kind == "trick":
        card = next(c for c in s.hands[s.to_act] if f" plays {c} " in ex.question)
        s = s.apply(str(card))
    return position_text(s, before=ex.start if ex.kind == "scores" and ex.start is not None else None)


def wrong_answer(ex):
    """An answer in the exercise's form that is not the expected one."""
    e = ex.expected
    return {"cards": lambda: frozenset(ex.state.hands[ex.state.to_act]) - e or frozenset(),
            "seat": lambda: (e + 1) % len(ex.state.names), "number": lambda: e + 1,
            "yesno": lambda: not e, "numbers": lambda: tuple(x + 1 for x in e),
            "score": lambda: (e[0] + 1, e[1])}[ex.answer_form]()


@pytest.mark.parametrize("variant,preset,kind", CASES)
def test_every_kind_on_the_positions_of_generated_exercises(variant, preset, kind):
    for seed in SEEDS:
        for level in ("easy", "harder"):
            ex = make_exercise(variant, kind, seed, preset, level=level)
            text = position_of(ex)
            mine = make_exercise_from_position(text, kind)
            where = f"{variant} {preset} {kind} seed {seed} {level}: {text}"
            assert (mine.variant, mine.kind, mine.answer_form) == (variant, kind, ex.answer_form), where
            assert mine.hidden == ex.hidden, where
            # the generator draws the seat, suit, claim or pair of these kinds; the others ask the same
            assert mine.question == ex.question or kind in ("points", "marriage", "redeal", "eight"), where
            if mine.question == ex.question:
                assert mine.expected == ex.expected, where
            v = mine.check(mine.expected)
            assert v.right and v.explanation and v.rule_ids == mine.check(mine.expected).rule_ids, where
            if mine.question == ex.question:     # the same question: the same verdicts
                assert v == ex.check(ex.expected), where
                assert mine.check(wrong_answer(mine)) == ex.check(wrong_answer(mine)), where
            w = mine.check(wrong_answer(mine))
            assert (not w.right and w.explanation.startswith("The answer is")) or mine.expected == wrong_answer(mine), \
                where
            assert mine.level in ("easy", "harder") and mine.version == 2


def _start(rec, variant):
    part = variants.get(variant).standing
    if rec.start and part and part[0].name in rec.start:
        return rec.start[part[0].name]
    return None


@pytest.mark.parametrize("path", FILES)
def test_every_kind_on_every_state_of_the_sample_records(path):
    """Each kind either makes an exercise (whose expected answer its own check accepts) or is
    refused with an ExerciseError saying what the question needs."""
    rec = records.load(path)
    made = refused = 0
    for s in rec.states():
        text = position_text(s, before=_start(rec, s.variant))
        for kind in kinds_for(s.variant):
            try:
                ex = make_exercise_from_position(text, kind)
            except ExerciseError as e:
                refused += 1
                assert " question needs " in str(e) and e.kind == kind, (path, kind, str(e))
                continue
            made += 1
            assert ex.check(ex.expected).right, (path, kind, text)
    assert made + refused == len(rec.states()) * len(kinds_for(rec.variant))


# -- refusals in words ------------------------------------------------------------------------------
def _deal(variant, seed=3):
    v = variants.get(variant)
    return v.deal(v.default_rules, 0, seed=seed)


def _play_to(s, stop):
    """Play the first legal action until ``stop(state)``."""
    while s.to_act is not None and not stop(s):
        s = s.apply(s.legal_actions()[0])
    return s


def test_a_trick_question_needs_a_trick_finished_by_the_last_card():
    s = _deal("sixty-six")
    with pytest.raises(ExerciseError, match="a 'trick' question needs a trick in progress.*no card has been led yet"):
        make_exercise_from_position(position_text(s), "trick")
    led = s.apply(next(a for a in s.legal_actions() if a.kind == "play"))
    with pytest.raises(ExerciseError, match="leaves the trick unfinished \\(1 card played to it\\)"):
        make_exercise_from_position(position_text(led), "trick")


def test_a_finished_hand_is_needed_for_the_score_kinds():
    for variant, kind in (("sixty-six", "score"), ("mariage-3", "score"), ("ninety-nine", "scores"),
                          ("russian-501", "scores"), ("mariage-4", "eight")):
        with pytest.raises(ExerciseError, match=rf"a?n? '{kind}' question needs a finished hand: this hand is still "
                                                rf"being played \(it is .*'s turn in the \w+ phase\)"):
            make_exercise_from_position(position_text(_deal(variant)), kind)


def test_501_scores_need_the_scores_before_the_hand():
    ex = make_exercise("russian-501", "scores", 1)
    bare = position_text(ex.state)
    with pytest.raises(ExerciseError, match="needs the scores per player .* before the hand.*add the field 'before'"):
        make_exercise_from_position(bare, "scores")
    mine = make_exercise_from_position(position_text(ex.state, before=ex.start), "scores")
    assert mine.expected == ex.expected and mine.start == ex.start
    with pytest.raises(PositionError) as e:
        make_exercise_from_position(bare.replace(" | hands", " | before 100,200 | hands"), "scores")
    assert e.value.field == "before" and "3 numbers" in str(e.value)


def test_kinds_the_variant_does_not_have_and_other_phases_are_refused():
    with pytest.raises(ExerciseError, match="Sixty-six .* has no exercise 'bid'; its kinds are legal, trick"):
        make_exercise_from_position(position_text(_deal("sixty-six")), "bid")
    with pytest.raises(ExerciseError, match="has no exercise 'nonsense'"):
        make_exercise_from_position(position_text(_deal("sixty-six")), "nonsense")
    with pytest.raises(ExerciseError, match="kind is text"):
        make_exercise_from_position(position_text(_deal("sixty-six")), 3)
    s99 = _deal("ninety-nine")
    with pytest.raises(ExerciseError, match="'legal' question needs a card to be played now: it is .*bidding phase"):
        make_exercise_from_position(position_text(s99), "legal")
    with pytest.raises(ExerciseError, match="'bid' question needs bid cards just set aside.*no bid has been made"):
        make_exercise_from_position(position_text(s99), "bid")
    with pytest.raises(ExerciseError, match="'points' question needs a trick taken: no trick has been taken yet"):
        make_exercise_from_position(position_text(_deal("sixty-six")), "points")
    m4 = _play_to(_deal("mariage-4"), lambda s: getattr(s, "phase", "") == "play")
    with pytest.raises(ExerciseError, match="'redeal' question needs a claim to be decided in the announce phase"):
        make_exercise_from_position(position_text(m4), "redeal")
    with pytest.raises(PositionError):
        make_exercise_from_position("66 santase | dealer 0", "legal")


def test_a_marriage_question_needs_a_king_and_queen_in_hand():
    for seed in range(40):
        s = _deal("sixty-six", seed)
        s = _play_to(s, lambda x: any(a.kind == "play" for a in x.legal_actions()))
        hand = s.hands[s.to_act]
        if not any(f"K{x}" in map(str, hand) and f"Q{x}" in map(str, hand) for x in "♣♦♥♠"):
            with pytest.raises(ExerciseError, match=r"'marriage' question needs a player to act who holds a king and "
                                                    r"a queen of one suit: \w+ holds no such pair"):
                make_exercise_from_position(position_text(s), "marriage")
            return
    pytest.fail("no hand without a marriage in 40 deals")


def test_eight_reads_the_pips_before_the_hand():
    size_checked = 0
    for seed in range(12):
        ex = make_exercise("mariage-4", "eight", seed, level="easy")
        blank = make_exercise_from_position(position_text(ex.state), "eight")
        assert "Both eights were blank before it" in blank.question
        pair = 0 if f"do {ex.state.names[0]} & {ex.state.names[2]} uncover" in blank.question else 1
        size = ex.state.rules.pips
        if blank.expected + 2 < size:
            before = [0, 0]
            before[pair] = 2
            mine = make_exercise_from_position(position_text(ex.state, before=before), "eight")
            assert mine.expected == blank.expected and mine.start == tuple(before)
            assert "eight showed" in mine.question and "2 pips" in mine.question
            size_checked += 1
    assert size_checked


# -- own questions --------------------------------------------------------------------------------
def test_an_own_question_replaces_the_generated_one_and_is_checked():
    ex = make_exercise("sixty-six", "legal", 5)
    text = position_of(ex)
    mine = make_exercise_from_position(text, "legal", "  Which cards can Ana play now?  ")
    assert mine.question == "Which cards can Ana play now?"
    assert mine.expected == ex.expected and mine.check(ex.expected).right
    for bad, words in (("   ", "empty"), ("x" * 301, "at most 300 characters"), ("one\ntwo", "control characters"),
                       ("tab\there", "control characters"), (b"bytes", "text")):
        with pytest.raises(ExerciseError, match=words):
            make_exercise_from_position(text, "legal", bad)
    assert make_exercise_from_position(text, "legal", "y" * 300).question == "y" * 300


def test_errors_are_cardlab_errors():
    assert issubclass(ExerciseError, CardlabError)
