"""The duplicate-match measure (cardlab.analysis.tournament.difference) and the strength table
read from stored parts (load_match, strength_table), as benchmarks/bench_strength.py uses them."""

import math

import pandas as pd
import pytest

from cardlab import variants
from cardlab.analysis import AnalysisArgumentError
from cardlab.analysis.tournament import difference, load_match, strength_table, tournament


def _table(rows):
    """A two-seat tournament table: (deal, rotation, A's value, B's value)."""
    out = []
    for deal, rot, va, vb in rows:
        seats = ("A", "B") if rot == 0 else ("B", "A")
        out.append({"deal": deal, "rotation": rot, "seat 0": seats[0], "seat 1": seats[1], "A": va, "B": vb})
    return pd.DataFrame(out)


def test_difference_averages_each_deal_over_its_seatings_then_over_deals():
    # deal 0: A − B is +2 then 0 -> +1; deal 1: +3 then +1 -> +2; deal 2: 0 then 0 -> 0
    t = _table([(0, 0, 2, 0), (0, 1, 0, 0), (1, 0, 3, 0), (1, 1, 1, 0), (2, 0, 1, 1), (2, 1, 0, 0)])
    d = difference(t, "A", "B")
    assert d["deals"] == 3 and d["hands"] == 6
    assert d["mean"] == pytest.approx(1.0)
    half = 1.959964 * 1.0 / math.sqrt(3)       # per-deal values 1, 2, 0: standard deviation 1
    assert (d["low"], d["high"]) == (pytest.approx(1 - half), pytest.approx(1 + half))
    assert difference(t, "B", "A")["mean"] == pytest.approx(-1.0)


def test_difference_counts_repeated_labels_as_one_player():
    t = tournament(["heuristic", "random", "random"], deals=2, variant="ninety-nine", seed=3, workers=1)
    d = difference(t, "heuristic", "random")
    per_hand = t["heuristic"] - (t["random"] + t["random #2"]) / 2
    assert d["mean"] == pytest.approx(per_hand.groupby(t["deal"]).mean().mean())


def test_difference_refuses_what_is_not_a_match():
    t = _table([(0, 0, 1, 0), (0, 1, 0, 1)])
    with pytest.raises(AnalysisArgumentError, match="sat at no seat"):
        difference(t, "A", "expert")
    with pytest.raises(AnalysisArgumentError, match="tournament"):
        difference(pd.DataFrame({"x": [1]}), "A", "B")


def test_stored_parts_make_one_match_and_the_strength_table(tmp_path):
    folder = tmp_path / "sixty-six" / "A-vs-B"
    folder.mkdir(parents=True)
    t = _table([(0, 0, 2, 0), (0, 1, 0, 0), (1, 0, 3, 0), (1, 1, 1, 0)])
    for name, part in (("00000-00001.csv", t[t.deal == 0]), ("00001-00002.csv", t[t.deal == 1])):
        (folder / name).write_text("# the command, with a label like 'search #2'\n" + part.to_csv(index=False))
    loaded = load_match(folder)
    assert len(loaded) == 4 and list(loaded["seat 0"]) == ["A", "B", "A", "B"]
    table = strength_table(tmp_path)
    assert list(table[["A", "B", "deals"]].iloc[0]) == ["A", "B", 2]
    assert table["mean"].iloc[0] == pytest.approx(1.5) and table["unit"].iloc[0] == "game points"
    assert load_match(tmp_path / "nothing") is None and strength_table(tmp_path / "nothing").empty


def _per_deal(table):
    a = [c for c in table.columns if c == "A" or c.startswith("A #")]
    b = [c for c in table.columns if c == "B" or c.startswith("B #")]
    return (table[a].mean(axis=1) - table[b].mean(axis=1)).groupby(table["deal"]).mean()


@pytest.mark.parametrize("variant", variants.names())
def test_common_seeds_make_two_copies_of_one_level_differ_by_nothing(variant):
    """With common seeds, whoever sits at a seat draws the same random numbers in every seating of
    a deal: two copies of the random player, told apart only by their labels, play each deal's
    seatings alike, so every deal's difference is exactly 0. With the default seeding the
    seatings draw differently and some deal's difference is not 0 (the test can fail)."""
    players = variants.get(variant).players
    n = players if isinstance(players, int) else min(players)
    names = ["A" if (s == 0 or (n == 4 and s == 2)) else "B" for s in range(n)]
    same = tournament(["random"] * n, deals=6, variant=variant, names=names, workers=1, common_seeds=True)
    assert (_per_deal(same) == 0).all(), _per_deal(same)
    usual = tournament(["random"] * n, deals=6, variant=variant, names=names, workers=1)
    assert (_per_deal(usual) != 0).any()


def test_common_seeds_is_a_bool():
    with pytest.raises(AnalysisArgumentError):
        tournament(["random", "random"], deals=1, variant="sixty-six", common_seeds="yes")
