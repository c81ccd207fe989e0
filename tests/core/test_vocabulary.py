"""One vocabulary in every text the package shows (issue 25).

* **card points** are the value of the cards only (A 11, 10 10, K 4, Q 3, J 2, 9 0); cards
  plus marriages (and a last-trick bonus) are **points**; what a hand scores toward the game is
  **game points**;
* marriages are **declared**, never "announced" (contracts may be announced);
* the pile drawn from in Sixty-six is the **stock**, never the "talon".

Random hands of every variant and preset of the registry (the test variant of tests/variant_kit
included) are played out; at each state every text a user reads is gathered: the table in words
and drawn (all cards open and each seat's view), the step's explanation, the result, the
buttons' labels and help, the classroom's points explanation, and the score sheet; besides, each
variant's RULES texts, score reasons, handout and rules sheet (without the seeds' own quoted
words, which are quotations). Then:

* every "N card points" said of a seat or pair (the name nearest before it) is the card value
  of the tricks that seat or pair has taken, no marriage and no bonus in it; "N card points"
  said of a trick ("wins the trick (N card points") is the value of the trick just taken;
* no text says "talon" or announces a marriage.
"""

from __future__ import annotations

import html
import importlib
import random
import re

import pytest

from cardlab import render, variants
from cardlab.pack24 import CARD_POINTS

_CARD_POINTS_RE = re.compile(r"(\d+) card points?\b")
_TRICK_BEFORE = re.compile(r"(the trick|trick with \S+) \($")
_TAGS = re.compile(r"<[^>]+>")
_ANNOUNCED_MARRIAGE = re.compile(r"announc\w*[^.;:]{0,40}\bmarriage|marriage[^.;:]{0,25}\bannounc", re.I)
_SUIT_CHARS = "♣♦♥♠"


def _plain(text: str) -> str:
    return html.unescape(_TAGS.sub(" ", text))


def _value(cards) -> int:
    return sum(CARD_POINTS.get(c.rank, 0) for c in cards)


def _sides(state) -> dict[str, tuple[int, ...]]:
    """Each name a text may give a count to: every seat, and every pair of a partnership game."""
    sides = {name: (seat,) for seat, name in enumerate(state.names)}
    if hasattr(state, "pair_name"):
        for pair in (0, 1):
            sides[state.pair_name(pair)] = (pair, pair + 2)
    return sides


def _name_re(name: str) -> re.Pattern:
    edge = r"\w" + _SUIT_CHARS
    return re.compile(rf"(?<![{edge}]){re.escape(name)}(?![{edge}])")


def check_card_points(text: str, state, where: str) -> int:
    """Assert every "N card points" of ``text`` (about ``state``) is a side's or the last trick's
    card value; returns how many were checked."""
    tricks = list(getattr(state, "tricks", ()))
    sides = _sides(state)
    patterns = {name: _name_re(name) for name in sides}
    checked = 0
    for m in _CARD_POINTS_RE.finditer(text):
        n = int(m.group(1))
        before = text[:m.start()]
        if _TRICK_BEFORE.search(before):
            assert tricks and n == _value(tricks[-1].played), (
                f"{where}: {n} card points for the trick just taken, which holds "
                f"{_value(tricks[-1].played) if tricks else 'nothing'}\n{text}")
            checked += 1
            continue
        best, side = -1, None
        for name, pat in patterns.items():
            for k in pat.finditer(before):
                end = k.end()
                if end > best or (end == best and len(name) > len(side or "")):
                    best, side = end, name
        assert side is not None, f"{where}: '{m.group(0)}' said of nobody\n{text}"
        seats = sides[side]
        want = sum(_value(t.played) for t in tricks if t.winner in seats)
        assert n == want, (f"{where}: {side} said to have {n} card points; the cards of their tricks are "
                           f"worth {want}\n{text}")
        checked += 1
    return checked


def check_words(text: str, where: str) -> None:
    low = text.lower()
    assert "talon" not in low, f"{where}: says 'talon'\n{text}"
    bad = _ANNOUNCED_MARRIAGE.search(text)
    assert bad is None, f"{where}: a marriage is announced ('{bad.group(0)}'), not declared\n{text}"


def _state_texts(v, state):
    """(where, text) of every text shown for ``state``."""
    out = [("state_text", render.state_text(state)), ("state_html", _plain(render.state_html(state)))]
    for seat in range(len(state.names)):
        try:
            out.append((f"state_text seat {seat}", render.state_text(state, seat)))
            out.append((f"state_html seat {seat}", _plain(render.state_html(state, seat))))
        except ValueError:      # a seat that sits the hand out has no view in some variants
            pass
    out.append(("explain", state.explain()))
    res = getattr(state, "result", None)
    if res is not None and getattr(res, "explanation", None):
        out.append(("result", res.explanation))
    if res is None:
        for a in state.legal_actions():
            t = v.describe_action(a, state)
            out.append((f"describe_action {a}", f"{t.label}. {t.help}"))
    return out


def _points_explanations(name, state):
    from cardlab.classroom.verdicts import why_points

    if "points" not in variants.get(name).exercise_kinds or not getattr(state, "tricks", None):
        return []
    return [(f"why_points seat {seat}", why_points(name, state, seat)[0]) for seat in range(len(state.names))
            if seat in getattr(state, "active", range(len(state.names)))]


def _random_game(name, rules, seed, hands=2):
    """The states of ``hands`` hands of ``name`` under ``rules``, played at random, and the keeper."""
    v = variants.get(name)
    rng = random.Random(seed)
    game = v.new_game(rules, 0, v.seat_names)
    states = []
    for _ in range(hands):
        if game.is_over:
            break
        start = {k: getattr(game, k) for k in v.deal_start(rules) if getattr(game, k, None) is not None}
        s = v.deal(rules, dealer=game.next_dealer, seed=rng.randrange(10 ** 6), names=tuple(game.names), **start)
        states.append(s)
        while getattr(s, "result", None) is None:
            acts = s.legal_actions()
            assert acts, f"{name}: no legal action and no result"
            s = s.apply(rng.choice(acts))
            states.append(s)
        game.add(s)
    return states, game


CASES = [(name, preset) for name in variants.names() for preset in variants.get(name).presets]


@pytest.mark.parametrize("name,preset", CASES)
def test_texts_of_random_play_use_the_vocabulary(name, preset):
    v = variants.get(name)
    rules = v.presets[preset]
    checked = 0
    for seed in (1, 2):
        states, game = _random_game(name, rules, seed)
        for i, s in enumerate(states):
            texts = _state_texts(v, s)
            if i % 3 == 0 or getattr(s, "result", None) is not None:
                texts += _points_explanations(name, s)
            for where, text in texts:
                where = f"{name}/{preset} seed {seed} step {i} {where}"
                check_words(text, where)
                checked += check_card_points(text, s, where)
        for row in game.rows():
            text = " · ".join(f"{k}: {x}" for k, x in row.items())
            check_words(text, f"{name}/{preset} score sheet")
            assert "card points" not in " ".join(map(str, row)), f"{name}: a score sheet column says card points"
    if "points" in v.exercise_kinds:
        assert checked, f"{name}/{preset}: no text gave anyone card points"


@pytest.mark.parametrize("name", variants.names())
def test_static_texts_use_the_vocabulary(name):
    from cardlab.render.handout import handout_html
    from cardlab.render.rules_sheet import rules_sheet_html

    v = variants.get(name)
    m = importlib.import_module(v.module)
    for rid, (text, _source) in getattr(m, "RULES", {}).items():
        check_words(text, f"{name} RULES {rid}")
    for reason, words in v.score_reasons.items():
        check_words(words, f"{name} score reason {reason}")
    if v.score_reasons.get("66"):
        # marriages count toward 66 in every variant with this reason: it is points, not card points
        assert "card points" not in v.score_reasons["66"]
    if name in variants.BUILTIN:
        check_words(_plain(handout_html(name)), f"{name} handout")
        check_words(_plain(rules_sheet_html(name, quotes=False)), f"{name} rules sheet")


def test_points_question_says_what_it_counts():
    from cardlab.classroom.exercises import ExerciseSet

    for code in ("66-santase-points-e2-3", "m3-russian-points-h2-3", "m4-russian-points-e2-3",
                 "501-pagat-points-h2-3"):
        s = ExerciseSet(code, count=3)
        for i in range(3):
            ex = s.exercise(i)
            assert "points (cards and marriages)" in ex.question and "card points" not in ex.question, ex.question
            assert isinstance(ex.expected, int)


def test_points_words_reads_as_the_vocabulary():
    from cardlab import Suit, parse_card
    from cardlab.render.cards import points_words
    from cardlab.tricks import Trick

    t = Trick(leader=0, cards=((0, parse_card("K♦")), (1, parse_card("10♠"))), winner=0)
    cards = _value(t.played)
    assert points_words(cards, [t], (0,)) == f"{cards} card points"
    assert points_words(cards + 20, [t], (0,), [(Suit.DIAMONDS, 20)]) == \
        f"{cards + 20} points ({cards} card points + marriage ♦ 20)"
    assert points_words(cards + 10, [t], (0,)) == f"{cards + 10} points ({cards} card points + last trick 10)"
    assert points_words(0, [t], (1,)) == "0 card points"
