"""Malformed-action fuzzer: every variant and preset, random hands, and at every state of them a
burst of actions that are not legal there (hand-built with wrong payloads, other variants' kinds,
numbers equal to a card or a suit, legal kinds with foreign payloads, texts).

Each probe must be refused with a typed error (IllegalActionError naming a rule of the variant's
RULES, or NotationError for text that is no action) and leave the state as it was. The script
prints the counts per variant and preset and exits 1 if any probe escaped.

    .venv/bin/python tools/fuzz_actions.py                 # 100 hands per preset
    .venv/bin/python tools/fuzz_actions.py --hands 1000 --seed 7
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardlab import Action, variants  # noqa: E402
from cardlab.cards import JOKER, Suit  # noqa: E402
from cardlab.errors import IllegalActionError, NotationError  # noqa: E402

KINDS = ("play", "marriage", "bid", "blind", "pass", "look", "take", "contract", "concede", "give", "trumps",
         "trump", "turn", "cut", "redeal", "claim", "five", "six", "coat", "suit", "declare", "reveal", "close",
         "exchange", "out", "draw", "nonsense", "")
TEXTS = ("", " ", "11♠", "marriage", "marriage 7", "bid", "bid -1", "bid 1e3", "blind x", "contract ♥",
         "trump ♥ ♥", "cut 0", "cut 99", "play A♠ A♠", "Jo Jo", "\ud800", "A♠" * 50, "pass 1", "60 ♦")


def probes(s, legal, rng) -> list:
    cards = [c for cs in s.card_locations().values() for c in cs] + [JOKER]
    payloads = [None, 0, 1, 1.0, 2.0, -1, 10_000, True, "x", "♥", (), (None, None, None), rng.choice(cards),
                tuple(rng.sample(cards, 3)), rng.choice(list(Suit)), float(int(rng.choice(cards))), [1, 2]]
    out = []
    for _ in range(12):
        out.append(Action(rng.choice(KINDS), rng.choice(payloads), rng.choice(payloads)))
    for a in rng.sample(list(legal), min(4, len(legal))):
        out.append(Action(a.kind, a.card, rng.choice(payloads[1:])))
        out.append(Action(a.kind, rng.choice(payloads[1:]), a.value))
        if a.card is not None:  # the same action with an int equal to its card
            out.append(Action(a.kind, int(a.card), a.value))
        if isinstance(a.value, Suit):  # ... or a float equal to its suit
            out.append(Action(a.kind, a.card, float(a.value)))
    out += rng.sample(TEXTS, 3)
    trump = getattr(s, "trump", None)
    for a in legal:  # a legal marriage announced with the wrong value ("40 ♥" when ♥ is not trumps)
        if a.kind == "marriage" and isinstance(a.value, Suit):
            worth = 40 if a.value == trump and not getattr(s, "no_trump", False) else 20
            out.append(f"{60 - worth} {a.value.symbol}")
    return [a for a in out if not _is_legal(a, legal)]


def _is_legal(a, legal) -> bool:
    """Whether ``a`` is one of ``legal`` with payloads of the same types, or names the same bid
    cards in another order (Ninety-Nine takes them in any order [99.bid])."""
    if not isinstance(a, Action):
        return False
    if a in legal:
        same = legal[legal.index(a)]
        return all(type(x) is type(y) for x, y in zip(a, same))
    if a.kind == "bid" and isinstance(a.value, tuple):
        cards = frozenset(a.value)
        return any(b.kind == "bid" and isinstance(b.value, tuple) and frozenset(b.value) == cards
                   and len(b.value) == len(a.value) for b in legal)
    return False


def fingerprint(s) -> tuple:
    return (s.to_act, s.legal_actions(), s.phase, repr(s.card_locations()), s.result)


def run(name: str, preset: str, hands: int, seed: int) -> dict:
    v = variants.get(name)
    rules_ids = importlib.import_module(v.module).RULES
    rng = random.Random(f"{seed}/{name}/{preset}")
    n = {"hands": 0, "states": 0, "probes": 0, "refused": 0, "escapes": 0}
    for h in range(hands):
        s = v.deal(v.presets[preset], h % v.players, seed=seed * 100_000 + h)
        n["hands"] += 1
        while True:
            legal = s.legal_actions()
            before = fingerprint(s)
            n["states"] += 1
            for bad in probes(s, legal, rng):
                n["probes"] += 1
                try:
                    s.apply(bad)
                except IllegalActionError as exc:
                    ok = exc.rule in rules_ids
                except NotationError:
                    ok = True
                except Exception as exc:  # noqa: BLE001 - exactly what the fuzzer looks for
                    ok = False
                    print(f"ESCAPE {name}/{preset} hand {h}: {bad!r}: {type(exc).__name__}: {exc}", file=sys.stderr)
                else:
                    ok = False
                    print(f"APPLIED {name}/{preset} hand {h}: {bad!r} was applied", file=sys.stderr)
                if ok and fingerprint(s) == before:
                    n["refused"] += 1
                else:
                    n["escapes"] += 1
            if s.is_finished:
                break
            s = s.apply(rng.choice(legal))
    return n


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=100, help="random hands per variant and preset (default 100)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    total = {"hands": 0, "states": 0, "probes": 0, "refused": 0, "escapes": 0}
    t0 = time.perf_counter()
    print(f"{'variant':12} {'preset':9} {'hands':>6} {'states':>8} {'probes':>9} {'refused':>9} {'escapes':>8}")
    for name in variants.names():
        for preset in variants.get(name).presets:
            n = run(name, preset, args.hands, args.seed)
            print(f"{name:12} {preset:9} {n['hands']:6} {n['states']:8,} {n['probes']:9,} {n['refused']:9,} "
                  f"{n['escapes']:8}")
            for k in total:
                total[k] += n[k]
    print(f"{'all':22} {total['hands']:6} {total['states']:8,} {total['probes']:9,} {total['refused']:9,} "
          f"{total['escapes']:8}   ({time.perf_counter() - t0:.0f} s)")
    return 1 if total["escapes"] else 0


if __name__ == "__main__":
    sys.exit(main())
