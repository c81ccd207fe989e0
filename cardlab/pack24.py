"""The 24-card pack's facts shared by the Sixty-six / Mariage family, written once.

Sixty-six, 501, Mariage for three and Mariage for four play with the same 24 cards (A 10 K Q J 9
of each suit), count them the same way and value marriages the same way; each rules module
imports these facts from here instead of defining them again (Ninety-Nine has its own pack and
no card points, and uses only the shuffle).

* :data:`CARD_POINTS`: card points per rank (A 11, 10 10, K 4, Q 3, J 2, 9 0; 120 in the pack)
  [the seeds: 002 "Card values", 003 §1, 000 "Card values"];
* :func:`marriage_points`: a marriage's points, 40 in trumps and 20 in a plain suit
  [002 "Marriages", 003 §4, 000 "Marriages"];
* :func:`shuffled_pack`: the pack shuffled from a seed, on the public :mod:`random` API.

**Seeds keep their deals.** Records, golden perft counts, the notebooks and the classroom's set
codes rest on seeded deals, so no seed's deal changes here: every variant's seed gives the pack it
always gave. Two orders exist because two were shipped: ``"fisher-yates"`` (Sixty-six, 501,
Mariage for three and Ninety-Nine) and ``"python"`` (Mariage for four: what
:meth:`random.Random.shuffle` does); a variant declares which its seeds use. A new variant uses
the default.
"""

from __future__ import annotations

import random
from typing import Literal, Sequence

from .cards import PACK_24, Card, Rank, Suit
from .errors import DealError

__all__ = ["PACK_24", "CARD_POINTS", "PACK_CARD_POINTS", "MARRIAGE_POINTS", "TRUMP_MARRIAGE_POINTS",
           "marriage_points", "shuffled_pack", "SHUFFLES"]

#: Card points per rank, the same in every variant of the family [002, 003 §1, 000].
CARD_POINTS: dict[Rank, int] = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2,
                                Rank.NINE: 0}

#: Card points in the whole 24-card pack (4 × 30 = 120).
PACK_CARD_POINTS: int = sum(CARD_POINTS[c.rank] for c in PACK_24)

#: A plain-suit marriage (K+Q), in points (added to card points) [002 "Marriages", 003 §4, 000].
MARRIAGE_POINTS: int = 20
#: A marriage in trumps, in points.
TRUMP_MARRIAGE_POINTS: int = 40

#: The shuffles a variant's seeds may use (see the module docstring).
SHUFFLES: tuple[str, ...] = ("fisher-yates", "python")

# i + 1 for i = n - 1 .. 1 (Fisher-Yates from the end), per pack size
_MULTS: dict[int, tuple[int, ...]] = {}


def marriage_points(suit: Suit, trump: Suit | None) -> int:
    """The points of a marriage in ``suit`` when ``trump`` is trumps (``None``: no trumps):
    40 in trumps, otherwise 20 [002 "Marriages", 003 §4, 000 "Marriages"]."""
    return TRUMP_MARRIAGE_POINTS if suit == trump else MARRIAGE_POINTS


def shuffled_pack(seed: int, cards: Sequence[Card] = PACK_24,
                  order: Literal["fisher-yates", "python"] = "fisher-yates") -> tuple[Card, ...]:
    """``cards`` (default the 24-card pack) shuffled reproducibly from an integer ``seed``; index 0
    is the top card, dealt first.

    ``order="fisher-yates"``: a Fisher-Yates shuffle from the end driven by
    :meth:`random.Random.random` (``j = int(random() * (i + 1))``), whose output is fixed across
    Python versions. ``order="python"``: :meth:`random.Random.shuffle` itself. Both use only the
    public :mod:`random` API.

    Raises :class:`~cardlab.errors.DealError` for a seed that is not a whole number (``True`` is
    not a seed) or an unknown ``order``.
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise DealError(f"a seed must be a whole number, not {seed!r}")
    pack = list(cards)
    rng = random.Random(seed)
    if order == "python":
        rng.shuffle(pack)
        return tuple(pack)
    if order != "fisher-yates":
        raise DealError(f"unknown shuffle {order!r}; choose one of {', '.join(SHUFFLES)}")
    n = len(pack)
    mults = _MULTS.get(n)
    if mults is None:
        mults = _MULTS[n] = tuple(range(n, 1, -1))
    rnd = rng.random
    i = n - 1
    for j in [int(rnd() * m) for m in mults]:
        pack[i], pack[j] = pack[j], pack[i]
        i -= 1
    return tuple(pack)
