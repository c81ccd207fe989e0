"""Property tests (hypothesis) for four-player Mariage: under any mix of options, along any walk of
legal actions, ``legal_actions()`` is exactly the set of actions ``apply`` accepts; every other
action raises IllegalActionError naming a rule of ``RULES`` and leaves the state as it was; and
the awards of a finished hand follow from its end (one award for the ending, at most one for
three nines before it)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab import PACK_24
from cardlab import mariage4 as m4
from cardlab.actions import Action, play
from cardlab.cards import Rank, Suit
from cardlab.errors import IllegalActionError

#: Every action of the game's notation (the cut sizes, every suit and every card in each form).
UNIVERSE = (
    [Action("cut", None, n) for n in (1, 7, 12, 23)]
    + [Action("trump", None, s) for s in Suit] + [m4.TURN, m4.PASS, m4.NINES, m4.ASK_NINE, m4.PLACE_NONE]
    + [Action("redeal", None, k) for k in ("points", "nines", "trumps")]
    + [Action(c) for c in m4.CONTRACTS]
    + [Action("place", c, pos) for c in PACK_24 for pos in ("top", "bottom")]
    + [Action("leave", c) for c in PACK_24 if c.rank == Rank.NINE]
    + [Action("aside", c) for c in PACK_24] + [play(c) for c in PACK_24]
    + [Action(k, None, s) for k in ("marriage", "claim") for s in Suit]
)

OPTIONS = st.fixed_dictionaries({
    "must_head": st.booleans(), "contract_trumps": st.booleans(), "partner_can_meld": st.booleans(),
    "nines_from_partner": st.booleans(), "marriage_needs_trick": st.booleans(),
    "opponents_set_aside": st.booleans(), "beatable_rule": st.booleans(),
    "five_aside": st.sampled_from(("choose", "last")), "false_claim": st.sampled_from(("ends_hand", "play_on")),
    "overcall": st.sampled_from(("anyone", "other_pair")),
    "contract_after_nines": st.sampled_from(("anyone", "not_declarer")),
    "scoring": st.sampled_from(("1-2-3", "literal")), "turned_card": st.sampled_from(("sixth", "third")),
})


def snapshot(s):
    return (s.hands, s.phase, s.to_act, s.awards, s.trick, s.tricks, s.standing, s.passes, s.marriages,
            s.card_points, s.result, s.aside, s.shown, s.cut_pack, s.trump, s.contract)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(options=OPTIONS, seed=st.integers(0, 10**6), picks=st.lists(st.integers(0, 10**6), min_size=60, max_size=60))
def test_legal_actions_are_exactly_what_apply_accepts(options, seed, picks):
    rules = m4.RUSSIAN_4.with_options(**options)
    s = m4.deal(rules, dealer=seed % 4, seed=seed)
    for i, pick in enumerate(picks):
        legal = set(s.legal_actions())
        before = snapshot(s)
        for a in UNIVERSE[pick % 7::7]:                       # a seventh of the notation at each step
            if a in legal:
                continue
            try:
                s.apply(a)
            except IllegalActionError as exc:
                assert exc.rule in m4.RULES, exc
            else:
                raise AssertionError(f"{a} was accepted but is not listed as legal: {s.explain()}")
            assert snapshot(s) == before
        if s.is_finished:
            assert not legal
            break
        assert legal
        s = s.apply(sorted(legal, key=str)[pick % len(legal)])
    if s.is_finished:
        r = s.result
        kinds = [a.reason for a in r.awards]
        assert kinds.count("three_nines") <= 1 and ("three_nines" not in kinds or kinds[0] == "three_nines")
        ending = [k for k in kinds if k != "three_nines"]
        if r.reason in ("redeal", "nobody"):
            assert ending == []
        else:                                   # one award for the end, after any false claims played on
            assert ending[-1] == r.reason and set(ending[:-1]) <= {"false_claim"}
            if rules.false_claim == "ends_hand":
                assert len(ending) == 1
