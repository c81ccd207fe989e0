"""Golden move-path counts ("perft", as chess engines keep them) for every variant and preset.

For fixed positions of each variant and preset (the deal with seed 1 and seed 2, and the
position reached by 12 seeded random actions from the first seed from 3 up whose hand is still
running then), count the legal-action sequences of
each length 1..depth (a finished hand does not extend). The counts are a regression net for the
legality code: any change in which actions are legal, anywhere in the tree, changes a count.

    .venv/bin/python tools/perft.py            # print the counts
    .venv/bin/python tools/perft.py --write    # (re)write tests/perft/<variant>.json

The depth of each position is the largest (up to 6) whose tree stays under ``--max-nodes``
nodes; it is stored with the counts, so the test recomputes exactly what was written.
tests/core/test_perft.py checks every stored file against the engines.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardlab import variants  # noqa: E402

OUT = ROOT / "tests" / "perft"
MAX_DEPTH = 6


def counts(state, depth: int, limit: int | None = None) -> list[int]:
    """Number of legal-action sequences of each length 1..``depth`` from ``state``. With
    ``limit``, stops (returning None) once more than ``limit`` nodes have been visited."""
    out = [0] * depth
    seen = 0
    level = [state]
    for d in range(depth):
        nxt = []
        for s in level:
            if s.is_finished:
                continue
            for a in s.legal_actions():
                nxt.append(s.apply(a))
        out[d] = len(nxt)
        seen += len(nxt)
        if limit is not None and seen > limit:
            return None
        level = nxt
    return out


def positions(v, rules):
    """The fixed positions of one variant and rule set: (label, deal seed, actions as text)."""
    out = [("deal seed 1", 1, []), ("deal seed 2", 2, [])]
    for seed in range(3, 100):          # the first seed whose hand is still running after 12 actions
        s = v.deal(rules, 0, seed=seed)
        rng = random.Random(seed)
        acts = []
        for _ in range(12):
            if s.is_finished:
                break
            a = rng.choice(s.legal_actions())
            acts.append(str(a))
            s = s.apply(a)
        if not s.is_finished:
            out.append((f"seed {seed} after 12 random actions", seed, acts))
            return out
    raise RuntimeError(f"no running position after 12 random actions in {v.name}")


def build(name: str, max_nodes: int) -> dict:
    v = variants.get(name)
    data = {"variant": name, "positions": []}
    for preset, rules in v.presets.items():
        for label, seed, acts in positions(v, rules):
            s = v.deal(rules, 0, seed=seed).apply_all(acts)
            best = None
            for depth in range(1, MAX_DEPTH + 1):
                c = counts(s, depth, limit=max_nodes)
                if c is None:
                    break
                best = c
            data["positions"].append({"preset": preset, "label": label, "seed": seed, "dealer": 0,
                                      "actions": acts, "depth": len(best), "counts": best})
    return data


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true", help="write tests/perft/<variant>.json")
    ap.add_argument("--max-nodes", type=int, default=40_000, help="largest tree per position (default 40,000)")
    ap.add_argument("variants", nargs="*", help="variant names (default: every registered variant)")
    args = ap.parse_args(argv)
    for name in args.variants or variants.names():
        data = build(name, args.max_nodes)
        for p in data["positions"]:
            print(f"{name:12} {p['preset']:10} {p['label']:32} depth {p['depth']}: {p['counts']}")
        if args.write:
            OUT.mkdir(exist_ok=True)
            (OUT / f"{name}.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
