"""The student handouts (cardlab.render.handout; issue 20: "a one-page student handout per variant
(≥ 10 pt, the rules in plain words with a picture of the cards, no option names)"): every
registered variant has one; it names no option, rule id or source key; it draws the cards with
their card points; it loads nothing; every font size in it is 10 pt or more; its numbers are the
default preset's; its words were written for the default preset's options; each other preset's
differences are named in plain words. The one-page print is tests/browser/test_browser_handout.py."""

import dataclasses
import importlib
import re
import runpy
from html import unescape
from pathlib import Path

import pytest

from cardlab import variants
from cardlab.render import handout as handout_module
from cardlab.render.handout import differences_in_words, handout_html, teaching
from cardlab.render.rules_sheet import SOURCES

ROOT = Path(__file__).resolve().parents[2]
NAMES = variants.names()

#: 10 pt in CSS px (96 px = 72 pt).
MIN_PX = 10 * 96 / 72


def _visible_text(html: str) -> str:
    """What a reader sees: the body without tags, the style sheet or the cards' <title> tooltips."""
    body = html[html.index("<body"):]
    body = re.sub(r"<title>.*?</title>", " ", body, flags=re.S)
    body = re.sub(r"</?(b|i|span)\b[^>]*>", "", body)       # inline: no space between words
    return unescape(re.sub(r"<[^>]+>", " ", body))


def _rules_class(name):
    return type(variants.get(name).default_rules)


# -- every variant, and the errors --------------------------------------------------------------

def test_every_registered_variant_has_a_handout():
    for name in NAMES:
        assert teaching(name).sections, name
        html = handout_html(name)
        assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
        assert f"<h1>{variants.get(name).title}</h1>".replace("&", "&amp;") in html


def test_unknown_variant_is_the_registrys_error():
    with pytest.raises(KeyError, match="unknown variant 'bridge'"):
        handout_html("bridge")


def test_a_variant_without_handout_text_is_refused(monkeypatch):
    monkeypatch.delattr(variants.get("mariage-3").render(), "HANDOUT")
    with pytest.raises(ValueError, match="no student handout is written for Russian Mariage for three"):
        handout_html("mariage-3")


def test_a_preset_difference_without_words_is_refused(monkeypatch):
    monkeypatch.delitem(teaching("sixty-six").differences, "target")
    with pytest.raises(ValueError, match="no plain words for how the preset 'russian' differs"):
        handout_html("sixty-six")


# -- no option names, rule ids or source keys ---------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_no_option_names(name):
    """No field name of the variant's rule set class appears as an option. A name of one plain
    word ("target", "marriages", "pips", "contracts", "scoring") is an everyday word the rules
    need, so it may appear as a word, but never as an option (``name=…``, ``name: …``, in code
    type); names of more than one word may not appear as names, with underscores or hyphens (the
    same words with spaces are the game's own words: "three nines" is the call, "must trump" the
    duty); nor may the option values that are code words (``two_or_three``, ``3-turn-3``)."""
    html = handout_html(name)
    text = _visible_text(html)
    assert "<code" not in html and "<kbd" not in html and "<tt" not in html
    cls = _rules_class(name)
    fields = [f.name for f in dataclasses.fields(cls)]
    assert len(fields) > 5
    for field in fields:
        if "_" in field:
            for form in (field, field.replace("_", "-")):
                assert form.lower() not in text.lower(), f"{name}: the option name {form!r} is on the handout"
            assert field not in html, f"{name}: the option name {field!r} is in the page's HTML"
        else:
            assert not re.search(rf"\b{field}\s*[=:]", text), f"{name}: the option {field!r} is given a value"
    for values in getattr(cls, "_CHOICES", {}).values():
        for value in values:
            if re.search(r"[_-]", value):
                assert value not in text, f"{name}: the option value {value!r} is on the handout"


@pytest.mark.parametrize("name", NAMES)
def test_no_rule_ids_or_source_keys(name):
    html = handout_html(name)
    text = _visible_text(html)
    for v in NAMES:       # no variant's rule id, not only this one's
        for rid in importlib.import_module(variants.get(v).module).RULES:
            assert rid not in html, f"{name}: the rule id {rid} is on the handout"
    for key in SOURCES:
        assert not re.search(rf"\b{key}\b", text), f"{name}: the source key {key} is on the handout"
    assert "rules-notes" not in text and "seed" not in text.lower()


@pytest.mark.parametrize("name", NAMES)
def test_no_code_leftovers(name):
    """Every {fact} was filled in and no Python value was written as such."""
    text = _visible_text(handout_html(name))
    assert not re.search(r"[{}]|\bNone\b|\bTrue\b|\bFalse\b|\(\)|\[\]", text), text
    assert "**" not in text


# -- the picture of the cards --------------------------------------------------------------------

def _card_labels(html):
    """(card, label under it) for every card drawn in a handout-card box."""
    return re.findall(r'<div class="handout-card"[^>]*><svg [^>]*data-card="([^"]+)".*?</svg>'
                      r'<span class="handout-card-label">([^<]*)</span>', html, flags=re.S)


@pytest.mark.parametrize("name", NAMES)
def test_the_cards_are_drawn_with_their_values(name):
    module = importlib.import_module(variants.get(name).module)
    html = handout_html(name)
    drawn = _card_labels(html)
    assert len(drawn) >= 8 and html.count('class="cardlab-card"') == len(drawn)
    if hasattr(module, "CARD_POINTS"):
        points = {str(r.label): str(p) for r, p in module.CARD_POINTS.items()}
        labelled = {card[:-1]: label for card, label in drawn if label}
        assert labelled == points, f"{name}: the cards' points drawn {labelled} are not the rules' {points}"
        assert sum(module.CARD_POINTS.values()) * 4 == 120 and "120 card points" in _visible_text(html)
        assert any(card.startswith("K") for card, label in drawn if not label)   # the marriage
        assert any(card.startswith("Q") for card, label in drawn if not label)
    else:
        # Ninety-Nine: every rank of a suit, the joker, and a card of each suit with its bid value
        assert "card point" not in _visible_text(html)
        ranks = [card[:-1] for card, label in drawn if not label and card != "Jo"]
        assert ranks == [r.label for r in module.RANKS_99]
        assert ("Jo", "") in drawn
        bids = {card[-1]: int(label) for card, label in drawn if label}
        assert bids == {s.symbol: v for s, v in module.BID_VALUE.items()}


def test_four_player_mariage_draws_its_eight():
    html = handout_html("mariage-4")
    assert html.count('class="cardlab-eight"') == 1 and 'data-pips="3"' in html
    assert "3 pips uncovered" in _visible_text(html)
    assert all('class="cardlab-eight"' not in handout_html(n) for n in NAMES if n != "mariage-4")


# -- nothing loaded, and 10 pt or more ------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_nothing_is_loaded_from_elsewhere(name):
    html = handout_html(name)
    for tag in ("<link", "<script", "<img", "<iframe", "<object", "<embed", "<video", "<audio", "<a "):
        assert tag not in html.lower(), f"{name}: {tag}"
    for attr in ("src=", "href=", "url(", "@import"):
        assert attr not in html.lower(), f"{name}: {attr}"
    # the only address is the SVG namespace, which names and loads nothing
    assert set(re.findall(r"\w+://[^\s\"'<>)]*", html)) == {"http://www.w3.org/2000/svg"}


@pytest.mark.parametrize("name", NAMES)
def test_every_font_size_is_10pt_or_more(name):
    """Every font size in the CSS (the style sheet and inline styles) is an absolute size of at
    least 10 pt (pt, or px ≥ 13.33); every SVG text, scaled from its viewBox to its drawn width,
    is at least 13.33 px."""
    html = handout_html(name)
    css = " ".join(re.findall(r"<style>(.*?)</style>", html, flags=re.S) + re.findall(r'style="([^"]*)"', html))
    sizes = re.findall(r"font-size\s*:\s*([\d.]+)\s*([a-z%]*)", css)
    assert len(sizes) >= 5
    for number, unit in sizes:
        px = {"pt": float(number) * 96 / 72, "px": float(number)}.get(unit)
        assert px is not None, f"{name}: font-size {number}{unit} is not an absolute size"
        assert px >= MIN_PX - 0.01, f"{name}: font-size {number}{unit} is under 10 pt"
    for svg in re.findall(r"<svg .*?</svg>", html, flags=re.S):
        width = float(re.search(r'width="([\d.]+)"', svg).group(1))
        view = float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))
        for size in re.findall(r'<text [^>]*font-size="([\d.]+)"[^>]*>\s*[^<\s]', svg):
            assert float(size) * width / view >= MIN_PX - 0.01, f"{name}: SVG text at {size} in {svg[:80]}"
    assert "font-size" not in "".join(re.findall(r"<p [^>]*>|<span [^>]*>|<div [^>]*>", html))


# -- the right rules -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_the_words_were_written_for_the_default_preset(name):
    """Each handout's words describe the options it lists in ``written_for``: if a default
    preset changes one of them, the handout must be rewritten (this test then fails)."""
    default = variants.get(name).default_rules
    written = teaching(name).written_for
    assert written
    for option, value in written.items():
        assert getattr(default, option) == value, f"{name}: the handout was written for {option}={value!r}"


#: Facts a reader must find on each handout, taken from the variant's default rule set.
def _facts(name):
    r = variants.get(name).default_rules
    return {
        "sixty-six": lambda: [f"first player to {r.target} game points", "66 points", "under 33",
                      f"brings {r.last_trick_bonus} more points", f"at least {r.exchange_min_stock} cards"],
        "russian-501": lambda: [f"everyone starts at {r.start_score}", f"lowest bid is {r.min_bid}",
                                f"highest {r.max_bid}",
                        f"{r.protect_threshold} or less", f"goes down by {r.concession_credit}", "prikup 3"],
        "ninety-nine": lambda: [f"reaches {r.target}", "♦ 0, ♠ 1, ♥ 2, ♣ 3",
                        f"{r.success_bonus[0]} if he is the only one", f"{r.success_bonus[1]} each if two",
                        f"{r.success_bonus[2]} each if all three", "37 cards"],
        "mariage-3": lambda: [f"receive {r.target} game points", "8 cards each", "packets of 3, 2 and 3",
                      "33 points or more", "each opponent pays him 1"],
        "mariage-4": lambda: [f"win {r.eights_to_win} eights", f"({r.pips} pips)",
                              f"fewer than {r.redeal_points_below} card points",
                      f"opponents score {r.nines_points} game points", "five, six, fur coat, suit"],
        "kit-66": lambda: [f"{r.target} game points", "66 points", "12 cards to each", "33 or more"],
    }[name]()


@pytest.mark.parametrize("name", NAMES)
def test_the_numbers_are_the_default_presets(name):
    text = re.sub(r"\s+", " ", _visible_text(handout_html(name)))
    for fact in _facts(name):
        assert fact in text, f"{name}: {fact!r} is not on the handout"


@pytest.mark.parametrize("name", NAMES)
def test_other_presets_are_named_in_plain_words(name):
    v = variants.get(name)
    teach = teaching(name)
    assert set(teach.presets) == set(v.presets) and next(iter(teach.presets)) == next(iter(v.presets))
    html = handout_html(name)
    text = re.sub(r"\s+", " ", _visible_text(html))
    diffs = differences_in_words(name)
    expected = []
    for key, rules in list(v.presets.items())[1:]:
        changed = [f.name for f in dataclasses.fields(rules)
                   if f.name != "name" and getattr(rules, f.name) != getattr(v.default_rules, f.name)]
        if changed:
            expected.append((teach.presets[key], len(changed)))
    assert [(plain, len(phrases)) for plain, phrases in diffs] == expected
    assert ("Your teacher may play it differently" in text) == bool(diffs)
    for plain, phrases in diffs:
        assert f"{plain}:" in text
        for phrase in phrases:
            words = re.sub(r"\*\*", "", phrase)
            assert words[1:] in text, f"{name}: {words!r} is not on the handout"
    assert f"These are the rules of {next(iter(teach.presets.values()))}." in text


def test_every_difference_has_words_for_every_value_a_preset_uses():
    """The words of each option are written for both sides: the default's value too, so that a
    preset made the default one day still reads right."""
    for name in NAMES:
        v = variants.get(name)
        teach = teaching(name)
        for option, words in teach.differences.items():
            assert option in {f.name for f in dataclasses.fields(v.default_rules)}, f"{name}: {option}"
            for rules in v.presets.values():
                facts = handout_module._facts(rules)
                facts["v"] = getattr(rules, option)
                phrase = words(getattr(rules, option), rules).format_map(facts)
                assert phrase and "{" not in phrase


# -- the tool --------------------------------------------------------------------------------------

def test_the_tool_writes_every_handout(tmp_path):
    main = runpy.run_path(str(ROOT / "tools" / "make_handouts.py"))["main"]
    assert main(["--out", str(tmp_path)]) == 0
    assert sorted(p.stem for p in tmp_path.glob("*.html")) == NAMES
    assert (tmp_path / "mariage-3.html").read_text(encoding="utf-8") == handout_html("mariage-3")
