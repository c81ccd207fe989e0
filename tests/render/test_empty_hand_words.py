"""An empty hand in the table picture reads "no cards", never a bare "none" (issue 24: texts in
words), in every variant and preset, at the end of a randomly played hand."""

import random

import pytest

from cardlab import variants


@pytest.mark.parametrize("name", variants.names())
def test_an_empty_hand_reads_no_cards(name):
    v = variants.get(name)
    rng = random.Random(5)
    for preset in v.presets:
        s = v.deal(v.presets[preset], dealer=0, seed=11)
        while not s.is_finished:
            s = s.apply(rng.choice(s.legal_actions()))
        render = v.render()
        for seat in (None, *range(v.players)):
            html = render.state_html(s, seat)
            assert ">none<" not in html, (name, preset, seat)
