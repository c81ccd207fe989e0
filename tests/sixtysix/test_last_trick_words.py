"""The step log says what the last trick scores: its card points and, when the hand was played
out without a close, the last-trick bonus [66.last-trick], so that the points it shows add up."""

import random
import re

import pytest

from cardlab import sixtysix as ss


@pytest.mark.parametrize("preset", list(ss.PRESETS))
def test_the_points_after_each_trick_add_up_in_words(preset):
    rules = ss.PRESETS[preset]
    rng = random.Random(3)
    bonus_said = 0
    for seed in range(60):
        s = ss.deal(rules, dealer=seed & 1, seed=seed)
        while not s.is_finished:
            legal = s.legal_actions()     # play on without closing or claiming, to reach the last trick
            acts = [a for a in legal if a.kind in ("play", "draw")] or legal
            p, s = s, s.apply(rng.choice(acts))
            m = re.search(r"(\w+) wins the trick \((\d+) card points?(?: and (\d+) for the last trick)?; "
                          r"points now (\d+)–(\d+)\)", s.explain())
            if not m:
                continue
            winner = s.names.index(m.group(1))
            extra = int(m.group(3) or 0)
            bonus_said += extra > 0
            assert extra == s.bonus[winner] - p.bonus[winner]
            # cards and bonus together make the points shown (marriages are counted once a trick is won)
            assert (int(m.group(4)), int(m.group(5))) == (s.points(0), s.points(1))
            assert s.points(winner) - p.points(winner) >= int(m.group(2)) + extra
    if rules.last_trick_bonus:
        assert bonus_said, f"{preset}: no hand reached the last trick"
