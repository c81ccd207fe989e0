"""Sample hands to step through in class (SampleHands), headless: every record of data/ is in the
menu; everything the widget offers (the menu, the card size, the stepper's buttons, slider and
views) clicked in random order over every game's hands never raises nor meets a bug; a file that
is not a good record is a message and the hand shown stays."""

import json
import random
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from cardlab import render, variants  # noqa: E402
from cardlab.classroom.hands import SampleHands  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "data"


def test_every_sample_record_is_in_the_menu_in_game_order():
    hands = SampleHands(DATA)
    files = sorted(p.name for p in DATA.glob("*.json"))
    assert sorted(Path(p).name for _label, p in hands.menu.options) == files
    games = [label.split(":")[0] for label, _p in hands.menu.options]
    assert games[0] == "Sixty-six for two" and games[-1] == "Ninety-Nine"    # the lessons' order (variants.BUILTIN)
    assert games == sorted(games, key=games.index)          # each game's hands together


def test_random_clicks_over_every_games_hands():
    rng = random.Random(13)
    hands = SampleHands(DATA, choice="santase_close.json")
    seen, steps = set(), 0
    try:
        for _ in range(600):
            s = hands.stepper
            what = rng.random()
            if what < 0.12:
                hands.menu.value = rng.choice(hands.menu.options)[1]
            elif what < 0.2:
                hands.card_size.value = rng.choice(hands.card_size.options)
            elif what < 0.8:
                rng.choice([s.first_button, s.prev_button, s.next_button, s.last_button]).click()
            elif what < 0.9:
                s.slider.value = rng.randint(s.slider.min, s.slider.max)
            else:
                s.seat_picker.value = rng.choice(s.seat_picker.options)[1]
            seen.add(hands.stepper.state.variant)
            steps += 1
            assert hands.errors == [] and hands.message.value == ""
            assert 'class="cardlab-table cardlab-around"' in hands.stepper.view.value   # seats around the table
            assert render.card_size() == "normal"       # the widget's size is its own
    finally:
        render.set_card_size("normal")
    # every game with a sample record in the folder was shown (the shipped games all have some; a
    # variant registered from outside cardlab, as the tests' kit-66, has none there)
    named = (json.loads(p.read_text(encoding="utf-8")).get("variant") for p in DATA.glob("*.json"))
    in_folder = {v for v in named if v in variants.names()}
    assert seen == in_folder >= set(variants.BUILTIN) and steps == 600


def test_the_card_size_reaches_the_hand_shown():
    hands = SampleHands(DATA, choice="m4_normal.json")
    try:
        hands.card_size.value = "projector"
        assert "zoom:1.8" in hands.stepper.view.value and "cardlab-size-projector" in hands.stepper._dom_classes
        assert "cardlab-size-projector" in hands._dom_classes
        assert "--jp-widgets-font-size:23px" in hands.stepper.view.value
        hands.menu.value = [p for _label, p in hands.menu.options if p.endswith("santase_close.json")][0]
        assert "zoom:1.8" in hands.stepper.view.value          # a new hand keeps the widget's size
        hands.card_size.value = "normal"
        assert "cardlab-zoom" not in hands.stepper.view.value and "cardlab-size-normal" in hands._dom_classes
    finally:
        render.set_card_size("normal")


def test_a_size_chosen_applies_to_that_widget_only():
    """Two sample-hand widgets on one page: the projector size chosen in one changes neither the
    other's drawing nor the setting that later widgets start from."""
    one = SampleHands(DATA, choice="m4_normal.json")
    other = SampleHands(DATA, choice="m4_normal.json")
    before = other.stepper.view.value
    one.card_size.value = "projector"
    assert "zoom:1.8" in one.stepper.view.value
    assert other.stepper.view.value == before and other.card_size.value == "normal"
    other.stepper.next()
    assert "cardlab-zoom" not in other.stepper.view.value
    assert render.card_size() == "normal" and SampleHands(DATA).card_size.value == "normal"
    assert SampleHands(DATA, card_size="large").card_size.value == "large"
    with pytest.raises(ValueError, match="card size"):
        SampleHands(DATA, card_size="huge")


def test_four_seats_are_laid_around_the_table():
    """Four-player Mariage: the three other seats side by side in one row, the middle beside the
    viewer (not four seats stacked)."""
    hands = SampleHands(DATA, choice="m4_normal.json", card_size="projector")
    view = hands.stepper.view.value
    others = view[view.index('class="cardlab-row cardlab-others"'):view.index('class="cardlab-row cardlab-near"')]
    assert others.count('class="cardlab-player') == 3
    near = view[view.index('class="cardlab-row cardlab-near"'):]
    assert near.index('class="cardlab-middle') < near.index('class="cardlab-player')


def test_a_bad_file_is_a_message_and_the_hand_stays(tmp_path):
    (tmp_path / "santase_close.json").write_bytes((DATA / "santase_close.json").read_bytes())
    (tmp_path / "zz_broken.json").write_text('{"variant": "sixty-six", "title": "Broken"}', encoding="utf-8")
    (tmp_path / "notes.json").write_text("not a record", encoding="utf-8")     # left out of the menu
    hands = SampleHands(tmp_path)
    assert [label for label, _p in hands.menu.options] == ["Sixty-six for two: A close that works",
                                                           "Sixty-six for two: Broken"]
    shown = hands.stepper
    hands.menu.value = str(tmp_path / "zz_broken.json")
    assert "zz_broken.json cannot be shown" in hands.message.value and "format" in hands.message.value
    assert hands.stepper is shown and hands.menu.value == str(tmp_path / "santase_close.json")
    assert hands.errors == []


def test_a_folder_without_hands_and_an_unknown_choice(tmp_path):
    with pytest.raises(ValueError, match="no sample hand"):
        SampleHands(tmp_path)
    with pytest.raises(ValueError, match="not among the sample hands"):
        SampleHands(DATA, choice="no_such.json")


def test_a_stepper_takes_its_own_size():
    from cardlab import records
    from cardlab.widgets.stepper import Stepper

    record = records.load(DATA / "m4_normal.json")
    big = Stepper(record, size="projector", layout="table")
    plain = Stepper(record)
    assert "zoom:1.8" in big.view.value and "cardlab-around" in big.view.value
    assert "cardlab-zoom" not in plain.view.value and "cardlab-around" not in plain.view.value
    big.size = "large"
    assert "zoom:1.4" in big.view.value and "cardlab-size-large" in big._dom_classes
    assert plain.size is None and render.card_size() == "normal"
    with pytest.raises(ValueError, match="card size"):
        Stepper(record, size="huge")
    with pytest.raises(ValueError, match="layout"):
        Stepper(record, layout="round")
    with pytest.raises(ValueError, match="card size"):
        big.size = "tiny"
    assert big.size == "large"
