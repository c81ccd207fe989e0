"""Running the independent pieces of a question or a tournament on several cores or a cluster.

The sampled questions (:func:`cardlab.analysis.estimate`, :func:`~cardlab.analysis.close_chance`,
:func:`~cardlab.analysis.chance`) and :func:`~cardlab.analysis.tournament.tournament` take
``workers``:

* ``None`` (the default): every core of this machine (``os.cpu_count()``), in worker processes;
* a whole number: that many worker processes (``1``: in this process, no pool);
* any :class:`concurrent.futures.Executor`: its ``map`` runs the pieces, e.g. Dask's
  ``Client(...).get_executor()`` on a cluster or a ``ThreadPoolExecutor``; the caller owns it.

Every random choice is made before the pieces are handed out (the sampled deals are drawn in
order from the seed; each tournament hand has its own seed), and the answers are put back in
order, so the same arguments give the same answer whatever ``workers`` is. A question given as
a function that cannot be pickled (a ``lambda`` typed in a notebook) runs in this process.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial
from typing import Any, Callable, Sequence

from ..errors import AnalysisArgumentError

__all__ = ["run_map", "check_workers"]


def check_workers(workers: Any) -> Any:
    """``workers`` if it is ``None``, a positive whole number or an Executor; else raises
    :class:`~cardlab.errors.AnalysisArgumentError`."""
    if workers is None or isinstance(workers, Executor) or callable(getattr(workers, "map", None)):
        return workers
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise AnalysisArgumentError("workers", f"workers must be a positive whole number, an Executor or None "
                                               f"(every core), not {workers!r}")
    return workers


def _picklable(obj) -> bool:
    try:
        pickle.dumps(obj)
    except Exception:  # noqa: BLE001 - whatever pickling raises, the answer is "no"
        return False
    return True


def _each(fn: Callable, chunk: Sequence) -> list:
    return [fn(x) for x in chunk]


def run_map(fn: Callable, items: Sequence, workers: Any = None, min_per_worker: int = 2) -> list:
    """``[fn(x) for x in items]``, the calls spread over ``workers`` (see the module docstring).

    ``fn`` and the items must pickle for worker processes (``fn`` a module-level function or a
    ``functools.partial`` of one); otherwise, as with one worker or fewer than
    ``min_per_worker`` items per worker, the calls run in this process. Raises :class:`~cardlab.errors.AnalysisArgumentError` for a
    bad ``workers``; whatever ``fn`` raises propagates."""
    workers = check_workers(workers)
    items = list(items)
    if workers is not None and not isinstance(workers, int):
        # an Executor (a cluster's, say): a few dozen tasks rather than one per item
        size = max(1, -(-len(items) // 64))
        chunks = [items[i:i + size] for i in range(0, len(items), size)]
        return [y for part in workers.map(partial(_each, fn), chunks) for y in part]
    n = (os.cpu_count() or 1) if workers is None else workers
    n = min(n, len(items) // max(1, min_per_worker))
    if n <= 1 or not _picklable(fn) or not _picklable(items[0]):  # (the items are alike: one tells)
        return [fn(x) for x in items]
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    chunk = max(1, len(items) // (n * 4))
    with ProcessPoolExecutor(max_workers=n, mp_context=ctx) as pool:
        return list(pool.map(fn, items, chunksize=chunk))
