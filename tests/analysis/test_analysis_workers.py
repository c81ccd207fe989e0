"""Questions and tournaments give the same answer whatever ``workers`` is: this process, worker
processes, or an Executor (a thread pool stands in for a cluster's executor here)."""

from concurrent.futures import ThreadPoolExecutor

import pytest

from cardlab import records
from cardlab.analysis import close_chance
from cardlab.analysis.parallel import run_map
from cardlab.analysis.tournament import tournament
from cardlab.errors import AnalysisArgumentError


def square(x):
    return x * x


def test_run_map_keeps_order_everywhere():
    items = list(range(50))
    want = [x * x for x in items]
    with ThreadPoolExecutor(3) as ex:
        for w in (1, 2, None, ex):
            assert run_map(square, items, w) == want
    assert run_map(lambda x: x * x, items, 2) == want  # not picklable: runs here


def test_close_chance_same_answer_for_any_workers():
    s = records.load("data/santase_close.json").states()[11]
    answers = set()
    with ThreadPoolExecutor(2) as ex:
        for w in (1, 2, ex):
            e = close_chance(s, samples=120, seed=5, workers=w)
            answers.add((e.successes, e.samples))
    assert len(answers) == 1


@pytest.mark.parametrize("variant,players", [("sixty-six", ["heuristic", "random"]),
                                             ("mariage-3", ["heuristic", "random", "random"])])
def test_tournament_same_table_for_any_workers(variant, players):
    one = tournament(players, deals=3, variant=variant, seed=11, workers=1)
    two = tournament(players, deals=3, variant=variant, seed=11, workers=2)
    assert one.equals(two)


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "all"])
def test_bad_workers_refused(bad):
    s = records.load("data/santase_close.json").states()[11]
    with pytest.raises(AnalysisArgumentError, match="workers"):
        close_chance(s, samples=10, workers=bad)
    with pytest.raises(AnalysisArgumentError, match="workers"):
        tournament(["random", "random"], deals=1, workers=bad)


def test_close_chance_on_a_dask_local_cluster():
    distributed = pytest.importorskip("dask.distributed", reason="the cluster extra (pip install cardlab[cluster])")
    s = records.load("data/santase_close.json").states()[11]
    here = close_chance(s, samples=200, seed=3, workers=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        there = close_chance(s, samples=200, seed=3, workers=client.get_executor())
    assert (there.successes, there.samples) == (here.successes, here.samples)
