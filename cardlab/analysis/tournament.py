"""Tournaments: computer players play seeded deals against each other.

:func:`tournament` deals ``deals`` hands from seeds ``seed, seed + 1, ...`` and plays each one
once for every rotation of the players round the table (so each player sits in every seat of
every deal: the luck of the cards cancels out, as in duplicate bridge; four players play as two
partnerships, so there the table is turned once only and each pair holds each half of the deal
once). Players see only their
seat's views. The result is a pandas DataFrame with one row per hand played; :func:`standings`
sums it per player. The same arguments always give the same table.

:func:`difference` measures a duplicate match between two players (or two levels) with a 95 %
interval; :func:`load_match` and :func:`strength_table` read matches stored in parts by
``benchmarks/bench_strength.py``.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..errors import AnalysisArgumentError

__all__ = ["tournament", "standings", "difference", "load_match", "strength_table"]

#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959964


def _make(spec: Any, seed: int, variant: str):
    from ..players import make_player

    if isinstance(spec, str):
        player = make_player(spec, seed, variant=variant)
        if getattr(player, "budget", None) is not None:
            # a clock would make the table depend on the machine's speed: a kind named by its
            # string decides by its sample count alone, so the same arguments give the same table
            player.budget = None
        return player
    if callable(getattr(spec, "choose", None)):
        return spec
    if callable(spec):  # a factory taking the seed
        return spec(seed)
    raise AnalysisArgumentError("players", f"a player is a kind name ('random', 'heuristic', 'search'), an object with choose(view) "
                    f"or a factory taking a seed, not {spec!r}")


def _label(spec: Any) -> str:
    if isinstance(spec, str):
        return spec
    return getattr(spec, "name", None) or type(spec).__name__


def _play_hand(job) -> dict:
    """One tournament hand (run in a worker): ``job`` is (variant, rules, players, labels, deal
    seed, rotation, max_actions, common_seeds); returns its row."""
    from .. import variants
    from . import adapters

    variant, rules, players, labels, d, rot, max_actions, common_seeds = job
    v = variants.get(variant)
    n = len(players)
    order = [(i + rot) % n for i in range(n)]          # seat -> index into players
    turn = 0 if common_seeds else rot
    seat_players = [_make(players[order[s]], d * 7919 + 31 * s + turn, variant) for s in range(n)]
    kwargs = {} if rules is None else {"rules": rules}
    dealer = d % n
    state = v.deal(dealer=dealer, seed=d, names=tuple(labels[order[s]] for s in range(n)), **kwargs)
    steps = 0
    while not state.is_finished:
        seat = state.to_act
        state = state.apply(seat_players[seat].choose(state.view(seat)))
        steps += 1
        if steps > max_actions:
            raise RuntimeError(f"deal {d} did not end within {max_actions} actions")
    res = state.result
    row = {"deal": d, "rotation": rot, "dealer": labels[order[dealer]]}
    for s in range(n):
        row[f"seat {s}"] = labels[order[s]]
    w = getattr(res, "winner", None)
    row["winner"] = labels[order[w]] if isinstance(w, int) else "—"
    if getattr(res, "reason", None) is not None:
        row["reason"] = res.reason
    ad = adapters.get(variant)
    for s in range(n):
        row[labels[order[s]]] = ad.hand_score(state, s)
    return row


def tournament(players: Sequence[Any], deals: int = 20, variant: str | None = None, rules: Any = None,
               seed: int = 0, names: Sequence[str] | None = None, max_actions: int = 2000, workers=None,
               common_seeds: bool = False):
    """Play ``deals`` seeded deals between ``players`` and return the results table.

    Parameters
    ----------
    players : sequence
        One entry per seat of the table: a player kind (``"random"``, ``"heuristic"``,
        ``"search"``), an object with ``choose(view)``, or a factory ``f(seed) -> player``.
        Kinds are built afresh for each hand with a seed derived from the deal; a ``"search"``
        kind plays without its time budget (by its sample count alone), so the table does not
        depend on the machine's speed. A factory's players are used as built: give them
        ``budget=None`` for a reproducible table.
    deals : int
        Number of deals (seeds ``seed`` .. ``seed + deals - 1``); each is played once per
        rotation of the players round the table (with four players, two partnerships, twice:
        as dealt and turned by one seat, so partners stay partners).
    variant : str
        A registered variant (default ``None``: the registry's first game,
        ``variants.names(declared=True)[0]``, Sixty-six).
    rules : the variant's rules, optional
        Default: the variant's ``deal`` default.
    seed : int
    names : sequence of str, optional
        A label per entry of ``players`` (default: the kind or the player's ``name``; repeated
        labels get "#2", "#3").
    max_actions : int
        Safety limit of actions per hand.
    workers : None, int or concurrent.futures.Executor
        Where the hands are played: ``None`` every local core, a number of worker processes
        (1: this process), or an Executor such as Dask's ``client.get_executor()`` (see
        :mod:`cardlab.analysis.parallel`). Player objects (which keep their state from hand to
        hand) and factories that cannot be pickled (a ``lambda``) play in this process. The
        table does not depend on it.
    common_seeds : bool
        ``False`` (default): each player is seeded from the deal, its seat and the rotation.
        ``True``: from the deal and the seat only, so whoever sits at a seat draws the same
        random numbers in every rotation of a deal (common random numbers). Two levels that
        decide alike and draw alike (the expert where its own valuation agrees with the
        rule-based player's choice, and search) then play a deal's rotations alike, and
        :func:`difference` measures only the decisions where they differ: the same mean, a
        narrower interval.

    Returns
    -------
    pandas.DataFrame
        One row per hand: ``deal`` (seed), ``rotation``, ``dealer``, a column per seat with the
        label sitting there, ``winner`` (label, or "—"), ``reason`` when the result has one,
        and one column per label with what the hand is worth to that player in the game's own
        terms (``adapters.get(variant).hand_score``: Sixty-six and Mariage signed game points,
        501 how far his score moved towards 0, Ninety-Nine the points scored). Sorted by deal
        and rotation.

    Raises
    ------
    AnalysisArgumentError
        (a ``ValueError``) if ``variant`` is unknown, the number of players does not fit the
        variant's table, a player is not a kind, a player object or a factory, ``names`` does
        not give one label per player, ``deals`` or ``max_actions`` is not a positive whole
        number, ``seed`` is not a whole number, ``workers`` is not a positive whole number,
        an Executor or None, or ``common_seeds`` is not a bool.
    NotSolvable
        For a variant with no analysis adapter.
    RuntimeError
        If a hand does not end within ``max_actions`` actions (an engine or player bug).
    """
    from cardlab.optional import pandas as pd

    from .. import variants

    if variant is None:
        variant = variants.names(declared=True)[0]
    from . import adapters
    from .parallel import check_workers, run_map
    from .sampling import check_count, check_seed

    try:
        v = variants.get(variant)
    except (KeyError, TypeError):
        raise AnalysisArgumentError("variant", f"unknown variant {variant!r}; known: "
                                               f"{', '.join(variants.names())}") from None
    if isinstance(players, (str, bytes)) or not hasattr(players, "__len__"):
        raise AnalysisArgumentError("players", f"players is a sequence with one player per seat, not {players!r}")
    n = len(players)
    if not v.accepts(n):
        raise AnalysisArgumentError("players", f"{v.title} is played by {v.players}, not {n}")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise AnalysisArgumentError("deals", f"deals must be a positive whole number (play at least one deal), "
                                             f"not {deals!r}")
    check_count("max_actions", max_actions)
    check_seed(seed)
    if names is not None and (isinstance(names, (str, bytes)) or len(names) != n):
        raise AnalysisArgumentError("names", f"names gives one label per player ({n}), not {names!r}")
    adapters.get(variant)  # NotSolvable now for a variant the analysis does not cover
    check_workers(workers)
    if not isinstance(common_seeds, bool):
        raise AnalysisArgumentError("common_seeds", f"common_seeds is True or False, not {common_seeds!r}")
    labels = list(names) if names is not None else [_label(p) for p in players]
    seen: dict[str, int] = {}
    for i, lab in enumerate(labels):
        seen[lab] = seen.get(lab, 0) + 1
        if seen[lab] > 1:
            labels[i] = f"{lab} #{seen[lab]}"
    # four players are two partnerships (seats 0 & 2, 1 & 3): turning the table by one seat keeps
    # partners together and gives each pair the other half of the deal; turning it further
    # would only repeat those seatings
    rotations = 2 if n == 4 else n
    jobs = [(variant, rules, list(players), labels, d, rot, max_actions, common_seeds)
            for d in range(seed, seed + deals) for rot in range(rotations)]
    if any(not isinstance(p, str) and callable(getattr(p, "choose", None)) for p in players):
        workers = 1  # a player object keeps its state from hand to hand: one process plays them in order
    rows = run_map(_play_hand, jobs, workers, min_per_worker=1)
    return pd.DataFrame(rows)


def standings(table):
    """Per player label, from a :func:`tournament` table: hands played, hands "won" (in which
    his value was the highest at the table and not everybody's was the same; partners win
    together), and the total and mean value. Sorted by total, best first. Raises
    :class:`~cardlab.errors.AnalysisArgumentError` if ``table`` is not a :func:`tournament`
    table (a DataFrame with "seat N" columns)."""
    from cardlab.optional import pandas as pd

    columns = [str(c) for c in getattr(table, "columns", ())]
    seat_cols = [c for c in columns if c.startswith("seat ")]
    if not seat_cols:
        raise AnalysisArgumentError("table", "table must be a tournament() table, with a 'seat N' column per seat")
    labels = sorted({x for c in seat_cols for x in table[c]})
    values = table[labels]
    top = values.max(axis=1)
    decided = top > values.min(axis=1)
    out = []
    for lab in labels:
        col = table[lab]
        out.append({"player": lab, "hands": int(col.notna().sum()), "won": int(((col == top) & decided).sum()),
                    "total": float(col.sum()), "mean per hand": round(float(col.mean()), 3)})
    return pd.DataFrame(out).set_index("player").sort_values("total", ascending=False)


def _columns_of(table, label: str) -> list:
    seat_cols = [c for c in table.columns if str(c).startswith("seat ")]
    labels = {x for c in seat_cols for x in table[c]}
    return sorted(x for x in labels if x == label or (isinstance(x, str) and x.startswith(label + " #")))


def difference(table, a: str, b: str) -> dict:
    """How much better player ``a`` did than player ``b`` in a :func:`tournament` table, per hand,
    with a 95 % interval.

    Per deal: the mean over the deal's seatings of ``a``'s value minus the mean of ``b``'s seats
    (labels ``b``, ``b #2`` … count as ``b``; ``a`` likewise), in the game's own unit (the
    table's values: ``adapters.get(variant).hand_score``, unit ``hand_score_unit``); then the mean
    of those per-deal differences and its interval, mean ± 1.96 standard errors (the deals are
    independent draws; a normal approximation, sound from about 30 deals).

    Returns ``{"deals", "hands", "mean", "low", "high"}`` (``low``/``high`` are NaN for one deal).
    Raises :class:`~cardlab.errors.AnalysisArgumentError` if the table is not a tournament table
    or ``a`` or ``b`` sat at none of its seats."""
    import math

    columns = [str(c) for c in getattr(table, "columns", ())]
    if not any(c.startswith("seat ") for c in columns) or "deal" not in columns:
        raise AnalysisArgumentError("table", "table must be a tournament() table, with 'deal' and 'seat N' columns")
    a_cols, b_cols = _columns_of(table, a), _columns_of(table, b)
    for name, cols in ((a, a_cols), (b, b_cols)):
        if not cols:
            raise AnalysisArgumentError("players", f"{name!r} sat at no seat of this table")
    per_hand = table[a_cols].mean(axis=1) - table[b_cols].mean(axis=1)
    per_deal = per_hand.groupby(table["deal"]).mean()
    n = len(per_deal)
    mean = float(per_deal.mean())
    half = Z95 * float(per_deal.std(ddof=1)) / math.sqrt(n) if n > 1 else float("nan")
    return {"deals": n, "hands": len(table), "mean": mean, "low": mean - half, "high": mean + half}


def load_match(folder):
    """Every stored part of one match (the CSV files in ``folder``, each a :func:`tournament`
    table after a first line giving the command that played it) as one table, or ``None`` when
    nothing is stored there. Raises ``OSError`` for an unreadable file."""
    from pathlib import Path

    from cardlab.optional import pandas as pd

    parts = sorted(Path(folder).glob("*.csv"))
    if not parts:
        return None
    tables = [pd.read_csv(p, skiprows=1) for p in parts]   # the first line is the command
    return pd.concat(tables, ignore_index=True).drop_duplicates(["deal", "rotation"]).reset_index(drop=True)


def strength_table(folder):
    """The strength table of the matches stored under ``folder`` (``<variant>/<A>-vs-<B>/*.csv``,
    as ``benchmarks/bench_strength.py`` stores them): a pandas DataFrame with one row per match
    and variant: ``variant`` (its title), ``A``, ``B``, ``deals``, ``mean`` (A − B per hand, in
    ``unit``), ``low``, ``high`` (the 95 % interval of :func:`difference`) and ``unit``. Variants
    in the registry's order; an empty table when nothing is stored."""
    from pathlib import Path

    from cardlab.optional import pandas as pd

    from .. import variants
    from . import adapters

    rows = []
    root = Path(folder)
    for name in variants.names(declared=True):
        for match in sorted(p for p in (root / name).glob("*-vs-*") if p.is_dir()):
            table = load_match(match)
            if table is None:
                continue
            a, _, b = match.name.partition("-vs-")
            d = difference(table, a, b)
            rows.append({"variant": variants.get(name).title, "A": a, "B": b, "deals": d["deals"],
                         "mean": round(d["mean"], 3), "low": round(d["low"], 3), "high": round(d["high"], 3),
                         "unit": adapters.get(name).hand_score_unit})
    return pd.DataFrame(rows, columns=["variant", "A", "B", "deals", "mean", "low", "high", "unit"])
