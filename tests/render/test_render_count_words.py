"""Every variant's table words a seat's (or pair's) count alike: "12 card points" for cards alone,
"52 points (12 card points + marriage ♠ 40)" once a marriage counts, and a declared marriage that
does not count yet beside it, "marriage ♣ 20 (counts after a trick)", or once the hand is over
"(not counted: no trick)" (501 read "92 points · 5 tricks · marriages ♠ 40" before). Registry-driven,
over hands the rule-based players play."""

from __future__ import annotations

import re

import pytest

from cardlab import render, variants

SPAN = re.compile(r'class="cardlab-points">([^<]*)<')
COUNTED = re.compile(r"(\d+) points \((\d+) card points? \+ ((?:marriage [♠♥♦♣] \d+(?: \+ )?)+)")


def captions(name, hands=12):
    v = variants.get(name)
    for seed in range(hands):
        s = v.deal(seed=seed)
        players = [v.make_player("heuristic", seed * 10 + k) for k in range(v.players)]
        while True:
            for text in SPAN.findall(render.state_html(s)):
                yield text, s.is_finished
            if s.is_finished:
                break
            s = s.apply(players[s.to_act].choose(s.view(s.to_act)))


@pytest.mark.parametrize("name", variants.names())
def test_a_counted_marriage_is_inside_the_count_in_every_variant(name):
    with_marriage = counted = 0
    for text, over in captions(name):
        assert not re.search(r"\d+ points · \d+ tricks?", text), text      # the count says what it counts
        if "marriage" not in text:
            continue
        with_marriage += 1
        m = COUNTED.search(text)
        if m:
            counted += 1
            marriages = sum(int(x) for x in re.findall(r"marriage [♠♥♦♣] (\d+)", m.group(3)))
            assert int(m.group(1)) >= int(m.group(2)) + marriages, text
        elif over:
            assert "(not counted: no trick)" in text and "after a trick" not in text, text
        else:
            assert "after a trick" in text, text
    if with_marriage:
        assert counted, f"{name}: marriages shown {with_marriage} times, never inside a count"
