"""The compiled solver (cardlab.analysis._csearch) against the pure-Python one: the same exact
values, move values, zero-window tests and node counts over thousands of positions of every
variant and preset (random play; every seat choice an analysis uses), shared tables and the
deadline; CARDLAB_PURE_PYTHON=1 forces the Python path; under CARDLAB_REQUIRE_COMPILED=1 (CI)
the compiled solver must be in use.

More positions: CARDLAB_DIFF_POSITIONS=2000 (per variant and preset; default 200)."""

import os
import random
import time

import pytest
from kernel_helpers import kernel_in_subprocess

from cardlab import variants
from cardlab.analysis import adapters, solve
from cardlab.analysis.adapters import NotSolvable
from cardlab import kernels
from cardlab.analysis.solver import KERNEL, SearchTimeout, Solver

CASES = [(name, preset) for name in variants.names() for preset in variants.get(name).presets]
COUNT = int(os.environ.get("CARDLAB_DIFF_POSITIONS", "200"))
#: Cards in the largest hand of a position tested, and the most nodes its search may visit (the
#: compiled search counts them, as the Python one does): the Python path's time grows with the
#: nodes, so every variant is tested on the positions whose tree it can walk in a moment, whatever
#: its hands hold (read from the position, never from the variant's name); the compiled path is
#: also timed on whole hands by benchmarks/bench_kernel.py.
MAX_CARDS = 8
MAX_NODES = 40_000

needs_compiled = pytest.mark.skipif(not kernels.built()["solver"], reason="the compiled solver is not built here")


def _seat_choices(state, spec):
    """The seat choices an analysis uses: the adapter's default, and the player to act alone
    where three seats each score alone (not a declarer's count of card points, which is 501's
    question: ``spec.additive``)."""
    out = [None]
    if len(set(spec.team)) == 3 and not spec.additive:
        out.append((state.to_act,))
    return out


def _small(spec) -> bool:
    """Whether the search of ``spec`` visits at most :data:`MAX_NODES` nodes (the compiled search
    counts them; without it, every position of :data:`MAX_CARDS` cards or fewer is taken)."""
    if not kernels.built()["solver"]:
        return True
    solver = Solver(spec, kernel="compiled")
    solver.value()
    return solver.nodes <= MAX_NODES


def positions(name, preset, count, seed=0):
    """``count`` (state, seats, spec-maker) triples from seeded random play of ``name``."""
    v = variants.get(name)
    ad = adapters.get(name)
    rules = v.presets[preset]
    out, k = [], seed
    while len(out) < count:
        rng = random.Random(k)
        s = v.deal(rules, k % v.players, seed=k)
        while not s.is_finished and len(out) < count:
            if max(len(h) for h in s.hands) <= MAX_CARDS and rng.random() < 0.5:
                try:
                    spec = ad.play_spec(s, ad.default_seats(s))
                except NotSolvable:
                    spec = None
                for seats in _seat_choices(s, spec) if spec is not None and _small(spec) else ():
                    try:
                        chosen = ad.default_seats(s) if seats is None else seats
                        ad.play_spec(s, chosen)
                    except NotSolvable:
                        continue
                    out.append((s, chosen))
            s = s.apply(rng.choice(s.legal_actions()))
        k += 1
    return out[:count]


@needs_compiled
@pytest.mark.parametrize("name,preset", CASES)
def test_compiled_and_python_solvers_agree(name, preset):
    ad = adapters.get(name)
    rng = random.Random(7)
    for state, seats in positions(name, preset, COUNT):
        py = Solver(ad.play_spec(state, seats), kernel="python")
        c = Solver(ad.play_spec(state, seats), kernel="compiled")
        assert c.kernel == "compiled" and py.kernel == "python"
        v = py.value()
        assert c.value() == v, (name, preset, str(state))
        assert c.nodes == py.nodes
        if rng.random() < 0.25:
            assert c.move_values() == py.move_values()
            lo, hi = ad.play_spec(state, seats).bounds
            t = rng.randint(lo, hi)
            assert Solver(ad.play_spec(state, seats), kernel="compiled").at_least(t) == \
                Solver(ad.play_spec(state, seats), kernel="python").at_least(t) == (v >= t)


@needs_compiled
@pytest.mark.parametrize("name", variants.names())
def test_shared_tables_give_the_same_values_as_fresh_ones(name):
    """Tables shared along a hand (as exact.solve shares them) change no value."""
    v = variants.get(name)
    ad = adapters.get(name)
    for state, seats in positions(name, next(iter(v.presets)), 40, seed=100):
        shared: dict = {}
        first = Solver(ad.play_spec(state, seats), shared, kernel="compiled").value()
        again = Solver(ad.play_spec(state, seats), shared, kernel="compiled").value()
        assert first == again == Solver(ad.play_spec(state, seats), kernel="python").value()
        assert solve(state, seats) == first


@needs_compiled
def test_a_passed_deadline_stops_the_compiled_search():
    name = "mariage-3"
    ad = adapters.get(name)
    v = variants.get(name)
    s = v.deal(next(iter(v.presets.values())), 0, seed=3)
    while True:
        try:
            spec = ad.play_spec(s, ad.default_seats(s))
            break
        except NotSolvable:
            s = s.apply(s.legal_actions()[0])
    with pytest.raises(SearchTimeout):
        Solver(spec, deadline=time.perf_counter() - 1, kernel="compiled").value()


def test_an_unknown_kernel_is_refused():
    with pytest.raises(ValueError, match="kernel is 'compiled', 'python' or None"):
        Solver(None, kernel="fortran")   # the name is checked before the spec is read


def test_cardlab_pure_python_forces_the_python_solver():
    assert kernel_in_subprocess("cardlab.analysis.solver", "KERNEL", {"CARDLAB_PURE_PYTHON": "1"}) == "python"
    assert kernel_in_subprocess("cardlab.analysis.solver", "KERNEL", {"CARDLAB_PURE_PYTHON": "0"}) == ("compiled" if kernels.built()["solver"] else "python")


@pytest.mark.skipif(os.environ.get("CARDLAB_REQUIRE_COMPILED") != "1", reason="CI only (CARDLAB_REQUIRE_COMPILED=1)")
def test_ci_uses_the_compiled_solver():
    assert kernels.built()["solver"], "the compiled solver was not built by the installation"
    assert KERNEL == ("python" if os.environ.get("CARDLAB_PURE_PYTHON") == "1" else "compiled")
