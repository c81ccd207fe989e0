"""An exact ("double dummy") solver for the card play of any trick-taking game of the family,
on card bitmasks.

The solver knows nothing of a variant: it plays a :class:`PlaySpec`, a plain description of a
position (hands as bitmasks, trump, the follower's duties as :class:`~cardlab.tricks.TrickRules`
flags, the trick in progress, card points or trick counting, marriages on the lead, the
last-trick bonus, teams, which seats maximise, and a payoff at the end). Each variant has a
small adapter (:mod:`cardlab.analysis.adapters`) that builds the spec from one of its states.

Card bits. A card of suit ``s`` (0-3) and trick strength ``k`` (1 = lowest; from the variant's
:class:`TrickRules` rank order) is bit ``16 * s + k`` of an ``int``, so a suit is a contiguous
block of bits and "higher in the same suit" is a mask comparison.

Search. Alpha-beta over single card plays, the seats in :attr:`PlaySpec.max_seats` maximising
the payoff and every other seat minimising it (for three players this is *paranoid* search: the
chosen seat, or the declarer, against the other two playing together, which is exactly the
question "can this seat make it whatever the others do"). A transposition table keyed at trick
boundaries stores lower and upper bounds and the best lead; moves are ordered (on the lead:
the table's move, then the highest cards of their suit still in play, then the others from the
lowest; following: winning cards, cheapest first, then the lowest discards); cards of one hand that are adjacent in rank among the cards
still in play and worth the same card points are equivalent, and only one of them is searched.
:meth:`Solver.at_least` is a zero-window test ("can the maximising side reach ``v``?"), and
:meth:`Solver.value` an MTD(f) sequence of such tests (Plaat et al. 1996), which on these trees
searches fewer positions than one full-window search (when a test moves the bound by one only,
the next one bisects the range left). When the payoff is the maximising side's points
(:attr:`PlaySpec.additive`, 501), the table stores values relative to the points already taken,
so positions reached with different scores share entries, and a position is cut off at once
when the side already has the points asked for, or could not reach them with every card point
still in play. :meth:`Solver.move_values` values each card move of the player to act (the
sampling player's use).

Marriages on the lead: a leader who holds K and Q of a suit and leads one of them may declare
the marriage or not; both are searched (declaring is not always best: in Sixty-six the
closer's opponent may prefer not to reach 66, so that the closer fails and pays 3 rather than
the 2 of being gone out on).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from time import perf_counter
from typing import Callable, Sequence

from .. import kernels
from ..cards import Card, Suit
from ..tricks import TrickRules

__all__ = ["PlaySpec", "Solver", "SearchTimeout", "card_bit", "bit_card", "mask_of", "cards_of", "SUIT_MASK", "INF",
           "KERNEL"]

INF = 10 ** 9

#: The key under which a shared table dict keeps the compiled search's own table.
_COMPILED_TABLE = "cardlab.analysis._csearch.Table"


_COMPILED = kernels.load("cardlab.analysis._csearch")

#: Which search :class:`Solver` uses by default: ``"compiled"`` (the C extension
#: :mod:`cardlab.analysis._csearch`, built at installation) or ``"python"`` (no extension, or
#: the environment variable ``CARDLAB_PURE_PYTHON=1``). Both give the same values.
KERNEL = kernels.default_kernel(_COMPILED)


def _compiled_module(kernel: str | None):
    """The compiled module to use for ``kernel`` (None: :data:`KERNEL`), or None for Python.
    Raises ``ValueError`` for another name, ``ImportError`` for "compiled" without the extension."""
    return kernels.pick(kernel, KERNEL, _COMPILED, "the compiled solver (cardlab.analysis._csearch)")


#: Bits of each suit (16 per suit).
SUIT_MASK: tuple[int, ...] = tuple(0xFFFF << (16 * s) for s in range(4))
# bits of the same suit above bit i
_ABOVE = tuple(SUIT_MASK[i >> 4] & ~((2 << i) - 1) for i in range(64))


def card_bit(card: Card, rules: TrickRules) -> int:
    """The bit index of ``card`` (a ranked card of a suit) under ``rules``' rank order:
    ``16 * suit + strength`` (strength 1 = lowest). Raises ``ValueError`` for the joker or an
    unranked card."""
    k = rules.strength(card)
    if card.suit is None or k < 1:
        raise ValueError(f"{card} has no place in the rank order {[str(r) for r in rules.rank_order]}")
    return 16 * int(card.suit) + k


def bit_card(i: int, rules: TrickRules) -> Card:
    """The card of bit index ``i`` under ``rules`` (inverse of :func:`card_bit`)."""
    suit, k = divmod(i, 16)
    rank = rules.rank_order[len(rules.rank_order) - k]
    return Card.of(Suit(suit), rank)


def mask_of(cards: Sequence[Card], rules: TrickRules) -> int:
    """The bitmask of ``cards``. Raises ``ValueError`` as :func:`card_bit` does."""
    bits = _bits_of(rules)
    m = 0
    try:
        for c in cards:
            m |= bits[c]
    except (KeyError, TypeError):
        return _mask_slow(cards, rules)
    return m


def _mask_slow(cards, rules) -> int:
    m = 0
    for c in cards:
        m |= 1 << card_bit(c, rules)
    return m


@lru_cache(maxsize=64)
def _bits_of(rules: TrickRules) -> dict:
    """Card -> its bit (``1 << card_bit``) for every ranked card of ``rules``' rank order."""
    from ..cards import Rank

    out = {}
    for s in Suit:
        for r in Rank:
            try:
                c = Card.of(s, r)
                out[c] = 1 << card_bit(c, rules)
            except (ValueError, KeyError, TypeError):
                continue
    return out


def cards_of(mask: int, rules: TrickRules) -> list[Card]:
    """The cards of ``mask``, lowest bit first."""
    out = []
    while mask:
        b = mask & -mask
        out.append(bit_card(b.bit_length() - 1, rules))
        mask ^= b
    return out


def _in_order(rules: TrickRules, k: int) -> bool:
    """Is strength ``k`` (1 = lowest) a rank of ``rules``' order?"""
    return 1 <= k <= len(rules.rank_order)


@lru_cache(maxsize=512)
def _marriage_tables(rules: TrickRules, trump: int, marriage_values: tuple) -> tuple:
    """Per rank order, trump and marriage values, built once (every sampled deal of a question
    shares them): the king bits, and per bit index its marriage partner's mask and the
    marriage's value (0 for cards that are not a K or Q)."""
    from ..cards import Rank

    mplain, mtrumpv = marriage_values
    kq = []
    for s in range(4):
        try:
            kb = card_bit(Card.of(Suit(s), Rank.KING), rules)
            qb = card_bit(Card.of(Suit(s), Rank.QUEEN), rules)
            kq.append((kb, qb))
        except ValueError:
            kq.append(None)
    kbits = tuple(pair[0] for pair in kq if pair is not None)
    partner = [0] * 64   # bit index -> mask of its marriage partner (0 if not K/Q)
    mval = [0] * 64
    for s, pair in enumerate(kq):
        if pair is None:
            continue
        kb, qb = pair
        partner[kb] = 1 << qb
        partner[qb] = 1 << kb
        mval[kb] = mval[qb] = mtrumpv if s == trump else mplain
    return kbits, tuple(partner), tuple(mval)


@lru_cache(maxsize=512)
def _has_equal_cards(points: tuple, rules: TrickRules) -> bool:
    """Whether two cards of a suit are worth the same (only then can cards be equivalent)."""
    return any(points[16 * su + a] == points[16 * su + b] for su in range(4) for a in range(1, 16)
               for b in range(a + 1, 16) if _in_order(rules, a) and _in_order(rules, b))


@dataclass
class PlaySpec:
    """A position of card play, as data. Shapes: one entry per seat (``n`` seats) or per team.

    Attributes
    ----------
    n : int
        Seats at the table (2 to 4), numbered 0..n-1 in playing order.
    hands : tuple of int
        Each seat's cards as a bitmask (see :func:`card_bit`).
    trump : int
        Trump suit 0-3, or -1 for no trump.
    rules : TrickRules
        The follower's duties and the rank order.
    leader : int
        Seat that led (or is to lead) the current trick.
    trick : tuple of int
        Bit indices of the cards already played to the current trick, lead first.
    points : tuple of int
        Card points of each bit index (64 entries); all zero in a trick-counting game.
    team : tuple of int
        Team (scoring unit) of each seat: ``(0, 1)`` for two players, ``(0, 1, 2)`` for three
        players scoring alone, ``(0, 1, 0, 1)`` for two partnerships.
    max_seats : frozenset of int
        Seats that maximise the payoff; all others minimise it.
    team_points, team_tricks : tuple of int
        Card points (tricks, counted marriages, bonus) and tricks taken so far, per team.
    has_trick : tuple of bool
        Per seat: has it taken a trick (marriages count only then, see ``marriage_needs``).
    pending : tuple of int
        Per seat: marriage points declared that do not count yet.
    marriages : bool
        May a leader declare a marriage (K+Q of a suit in hand) and lead its K or Q?
    marriage_values : (int, int)
        Points of a plain marriage and of the trump marriage (20, 40; with no trump all plain).
    marriage_needs : "seat", "team" or "none"
        A marriage counts once the seat that declared it (``seat``) or his team (``team``) has a trick.
    marriage_from_trick : int
        No marriage on a lead before this many tricks have been played in the hand (1: not on
        the first lead).
    lead_mask : int
        If not 0, the root lead must be one of these cards (the K or Q of a marriage just
        declared); no further marriage is declared on that lead.
    last_trick_bonus : int
        Card points to the winner of the last trick.
    target : int or None
        Play stops as soon as a team reaches this many points (66), by a trick or a marriage
        that counts.
    can_claim : bool
        The leader may end the hand by claiming (German 66's "out"); the payoff is then
        ``payoff(points, tricks, None, ("claim", seat))``.
    claim_marriage : bool
        The leader may declare a marriage he holds *without leading* (four-player Mariage's
        claim): if it brings his team to the target the hand is won as usual, otherwise the
        claim is false and ends the hand with ``payoff(points, tricks, None, ("false", seat))``.
    additive : bool
        The payoff is the sum of the points of the maximising seats' teams (501's declarer's
        card points): with no target and no claim, the points still to come do not depend on
        the points taken so far, so the transposition table stores values relative to them and
        positions reached with different scores share entries.
    recency : tuple of int or None
        When the payoff depends on who took a trick most recently (three-player Mariage's
        "most points" tie-break): the seats ordered by their latest trick, most recent
        first (seats without a trick left out). The payoff then gets it as a fifth argument.
    payoff : callable(points, tricks, last_winner, stop) -> int
        The value at the end, from the maximising side's point of view. ``points`` and
        ``tricks`` are per team; ``last_winner`` is the seat that took the last trick played
        (or None); ``stop`` is the team that reached the target, ``("claim", seat)``, or None
        when the cards ran out.
    bounds : (int, int)
        Least and greatest payoff (for the search window).
    """

    n: int
    hands: tuple
    trump: int
    rules: TrickRules
    leader: int
    trick: tuple
    points: tuple
    team: tuple
    max_seats: frozenset
    team_points: tuple
    team_tricks: tuple
    has_trick: tuple
    pending: tuple
    payoff: Callable
    bounds: tuple
    marriages: bool = False
    marriage_values: tuple = (20, 40)
    marriage_needs: str = "seat"
    marriage_from_trick: int = 0
    lead_mask: int = 0
    last_trick_bonus: int = 0
    target: int | None = None
    can_claim: bool = False
    recency: tuple | None = None
    claim_marriage: bool = False
    additive: bool = False

    @property
    def to_act(self) -> int:
        return (self.leader + len(self.trick)) % self.n


class SearchTimeout(Exception):
    """Raised inside :class:`Solver` when its ``deadline`` passes before the search is done (the
    caller decides with what it has; see :func:`cardlab.analysis.advice.advise`)."""


class Solver:
    """Exact minimax value of a :class:`PlaySpec` by alpha-beta with a transposition table.

    Parameters
    ----------
    spec : PlaySpec
    table : dict, optional
        A transposition table to share between solvers of positions of the same hand with the
        same payoff and maximising seats (e.g. each legal card of a position); by default a new
        one.
    deadline : float or None
        A ``time.perf_counter()`` time after which the search stops by raising
        :class:`SearchTimeout` (checked at every trick's lead); ``None`` (default) for no limit.

    Attributes
    ----------
    nodes : int
        Card plays searched so far (for benchmarks).
    """

    def __init__(self, spec: PlaySpec, table: dict | None = None, deadline: float | None = None,
                 kernel: str | None = None):
        self.spec = spec
        self.deadline = deadline
        self.table = {} if table is None else table
        self.nodes = 0
        self._bounds = None
        compiled = _compiled_module(kernel)
        self.kernel = "compiled" if compiled is not None else "python"
        if compiled is None:
            self._search = self._build()
        else:
            self._search = self._build_compiled(compiled)

    def _root_moves(self) -> list:
        return _root_moves(self.spec)

    def _build_compiled(self, mod):
        """The compiled search (:mod:`cardlab.analysis._csearch`) of the spec, its C table kept in
        :attr:`table` (so tables are shared between solvers as the Python path's are)."""
        sp = self.spec
        table = self.table.get(_COMPILED_TABLE)
        if table is None:
            table = self.table[_COMPILED_TABLE] = mod.Table()
        kbits, partner, mval = _marriage_tables(sp.rules, sp.trump, sp.marriage_values)
        k = mod.Kernel(sp, table, self.deadline, SearchTimeout, tuple(sp.points), _ABOVE, partner, mval, kbits,
                       _has_equal_cards(tuple(sp.points), sp.rules))
        if k.is_additive:
            self._bounds = k.bounds

        def search(alpha, beta, force=None):
            try:
                return k.search(alpha, beta, force)
            finally:
                self.nodes = k.nodes

        return search

    # -- public -----------------------------------------------------------------------------
    def search(self, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta value within ``(alpha, beta)``: exact if strictly inside,
        otherwise a bound on the same side."""
        return self._search(alpha, beta)

    def value(self) -> int:
        """The exact minimax payoff, by an MTD(f) sequence of zero-window tests, each started at
        the bound the previous one returned (the first at 0 for narrow payoff ranges such as
        game points, in the middle of the range for wide ones such as card points); when a bound
        moves by one only, the next test bisects the range left."""
        return self._value(self._search)

    def move_values(self) -> list:
        """The exact value of each card move of the player to act, as ``[((bit, declared),
        value), ...]`` (``declared``: the card is led declaring its marriage). Claims are left
        out. Each value is found by the same MTD(f) sequence as :meth:`value`, with the move
        forced at the root; the transposition table is shared."""
        out = []
        for move in self._root_moves():
            out.append((move, self._value(lambda a, b, mv=move: self._search(a, b, mv))))
        return out

    def at_least(self, v: int) -> bool:
        """Can the maximising side make the payoff at least ``v`` whatever the others do?
        (A zero-window search.)"""
        return self._search(v - 1, v) >= v

    def _value(self, search) -> int:
        lo, hi = self.spec.bounds
        if self._bounds is not None:   # tighter: what the side has, and all it could still take
            blo, bhi = self._bounds()
            lo, hi = max(lo, blo), min(hi, bhi)
        lower, upper = lo, hi          # the value lies in [lower, upper]
        g = (lo + hi) // 2 if hi - lo > 16 else min(max(0, lo), hi)
        while lower < upper:           # MTD(f): zero-window tests at the last bound returned
            beta = min(max(g, lower + 1), upper)
            v = search(beta - 1, beta)
            if v < beta:
                upper = v               # failed low: the value is at most v
                slow = v == beta - 1
            else:
                lower = v               # failed high: the value is at least v
                slow = v == beta
            # a bound that moved by one only: bisect the range left instead (MTD-bi)
            g = (lower + upper + 1) // 2 if slow else v
        return lower

    # -- the search ------------------------------------------------------------------------
    def _build(self):
        sp = self.spec
        n = sp.n
        H = list(sp.hands)
        PTS = sp.points
        TEAM = sp.team
        ISMAX = tuple(s in sp.max_seats for s in range(n))
        trump = sp.trump
        TSUIT = trump if trump >= 0 else -99
        TS = SUIT_MASK[trump] if trump >= 0 else 0
        follow, head = sp.rules.must_follow, sp.rules.must_head
        mtrump, otrump = sp.rules.must_trump and trump >= 0, sp.rules.must_overtrump
        P = list(sp.team_points)
        T = list(sp.team_tricks)
        HAS = list(sp.has_trick)
        PEND = list(sp.pending)
        payoff = sp.payoff
        target = sp.target if sp.target is not None else INF
        bonus = sp.last_trick_bonus
        marriages = sp.marriages
        needs = sp.marriage_needs
        m_from = sp.marriage_from_trick
        can_claim = sp.can_claim
        claim_marriage = sp.claim_marriage
        track = sp.recency is not None
        additive = sp.additive and sp.target is None and not sp.can_claim and not sp.claim_marriage
        MAXT = tuple(sorted({sp.team[x] for x in sp.max_seats}))
        # per-seat "has a trick" flags matter beyond the tricks per team only when teams have
        # more than one seat and a marriage needs its owner's own trick
        has_in_key = len(set(sp.team)) < sp.n and sp.marriage_needs == "seat"
        MAXSEATS = tuple(x for x in range(sp.n) if sp.team[x] in MAXT)
        DEADLINE = self.deadline
        FORCED = [None]      # a root move to search alone (move_values), consumed by the root node
        # card points still in the hands (kept up to date as cards are played)
        RP = [0]
        for x in sp.hands:
            m = x
            while m:
                bb = m & -m
                m ^= bb
                RP[0] += sp.points[bb.bit_length() - 1]
        REC = list(sp.recency or ())
        ABOVE = _ABOVE
        SM = SUIT_MASK
        table = self.table
        KBITS, PARTNER, MVAL = _marriage_tables(sp.rules, trump, sp.marriage_values)
        self_ref = self
        equiv = _has_equal_cards(PTS, sp.rules)

        def prune(legal, cards):
            """Drop each legal card whose next lower card still in play (in a hand or in the
            trick) is also legal and worth the same: the two are interchangeable."""
            inplay = 0
            for x in H:
                inplay |= x
            for b in cards:
                inplay |= 1 << b
            out = legal
            m = legal
            while m:
                bb = m & -m
                m ^= bb
                i = bb.bit_length() - 1
                lower = inplay & SM[i >> 4] & (bb - 1)
                if lower:
                    j = lower.bit_length() - 1
                    if (legal >> j) & 1 and PTS[j] == PTS[i] and not (marriages and (PARTNER[i] or PARTNER[j])):
                        out ^= bb
            return out

        def team_has(seat):
            t = TEAM[seat]
            for s in range(n):
                if TEAM[s] == t and HAS[s]:
                    return True
            return False

        def counts_now(seat):
            if needs == "none":
                return True
            if needs == "team":
                return team_has(seat)
            return HAS[seat]

        def finish_trick(leader, cards, winner_seat, alpha, beta):
            """The trick is complete: score it, then continue or end."""
            w = TEAM[winner_seat]
            gained = 0
            for b in cards:
                gained += PTS[b]
            P[w] += gained
            T[w] += 1
            realised = []
            if not HAS[winner_seat]:
                HAS[winner_seat] = True
                # pending marriages that count from now on
                for s in range(n):
                    if PEND[s] and counts_now(s):
                        P[TEAM[s]] += PEND[s]
                        realised.append((s, PEND[s]))
                        PEND[s] = 0
                first = True
            else:
                first = False
            if track:
                old_rec = REC[:]
                if winner_seat in REC:
                    REC.remove(winner_seat)
                REC.insert(0, winner_seat)
            if not H[winner_seat]:     # every hand has as many cards left: the last trick
                P[w] += bonus
                stop = w if P[w] >= target else None
                v = payoff(P, T, winner_seat, stop, REC) if track else payoff(P, T, winner_seat, stop)
                P[w] -= bonus
            elif P[w] >= target:
                v = payoff(P, T, winner_seat, w, REC) if track else payoff(P, T, winner_seat, w)
            else:
                v = lead(winner_seat, 0, alpha, beta)
            if track:
                REC[:] = old_rec
            for s, pv in realised:
                PEND[s] = pv
                P[TEAM[s]] -= pv
            if first:
                HAS[winner_seat] = False
            T[w] -= 1
            P[w] -= gained
            return v

        def follow_node(leader, cards, best, best_seat, alpha, beta):
            """A card is to be played to a trick that has ``cards`` (bits) so far."""
            self_ref.nodes += 1
            forced = FORCED[0]
            if forced is not None:
                FORCED[0] = None
            k = len(cards)
            seat = (leader + k) % n
            h = H[seat]
            led = cards[0] >> 4
            sm = SM[led]
            same = h & sm
            if follow and same:
                if head and (best >> 4) == led:
                    legal = same & ABOVE[best] or same
                else:
                    legal = same
            elif mtrump and not same and h & TS:
                tr = h & TS
                if otrump and (best >> 4) == TSUIT:
                    legal = tr & ABOVE[best] or tr
                else:
                    legal = tr
            else:
                legal = h
            if forced is not None:
                legal &= 1 << forced[0]
            elif equiv:
                legal = prune(legal, cards)
            # cards that win the trick so far: higher in the best card's suit, or any trump
            # when the best card is not a trump
            bs = best >> 4
            winners = legal & (ABOVE[best] | (TS if bs != TSUIT else 0))
            losers = legal ^ winners
            ismax = ISMAX[seat]
            # order: win cheaply first (low bits first: in these packs the lower card of a suit
            # is also worth fewer points), then throw low; when the partner is winning, throw high
            moves = []
            m = winners
            while m:
                bb = m & -m
                m ^= bb
                moves.append((bb.bit_length() - 1, True))
            low = []
            m = losers
            while m:
                bb = m & -m
                m ^= bb
                low.append((bb.bit_length() - 1, False))
            if ISMAX[best_seat] == ismax and best_seat != seat:   # a partner (same side) is winning
                low.reverse()
                moves = low + moves
            else:
                moves += low
            last = k + 1 == n
            v_best = -INF if ismax else INF
            for i, wins in moves:
                bit = 1 << i
                H[seat] = h ^ bit
                RP[0] -= PTS[i]
                nb, ns = (i, seat) if wins else (best, best_seat)
                cards.append(i)
                if last:
                    v = finish_trick(leader, cards, ns, alpha, beta)
                else:
                    v = follow_node(leader, cards, nb, ns, alpha, beta)
                cards.pop()
                RP[0] += PTS[i]
                H[seat] = h
                if ismax:
                    if v > v_best:
                        v_best = v
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                else:
                    if v < v_best:
                        v_best = v
                        if v < beta:
                            beta = v
                            if alpha >= beta:
                                break
            return v_best

        def lead(seat, restrict, alpha, beta):
            """``seat`` leads a new trick."""
            self_ref.nodes += 1
            if DEADLINE is not None and perf_counter() > DEADLINE:
                raise SearchTimeout
            forced = FORCED[0]
            if forced is not None:
                FORCED[0] = None
                return lead_forced(seat, restrict, forced, alpha, beta)
            if additive:
                base = 0
                for t in MAXT:
                    base += P[t]
                # bounds: the maximising side keeps what it has and can at most take every card
                # point still in play, the last-trick bonus and its own marriages
                if base >= beta:
                    return base
                rem = bonus + RP[0]
                for s_ in MAXSEATS:
                    rem += PEND[s_]
                    hs = H[s_]
                    if marriages:
                        for kb in KBITS:
                            if (hs >> kb) & 1 and hs & PARTNER[kb]:
                                rem += MVAL[kb]
                if base + rem <= alpha:
                    return base + rem
                key = (*H, seat, *HAS, *PEND, restrict)
            else:
                base = 0
                if has_in_key:
                    key = (*H, seat, *P, *T, *HAS, *PEND, restrict, *REC)
                else:                  # who has a trick follows from the tricks per seat
                    key = (*H, seat, *P, *T, *PEND, restrict, *REC)
            entry = table.get(key)
            tt_move = -1
            a0, b0 = alpha, beta
            if entry is not None:
                lo, hi, tt_move = entry
                lo += base
                hi += base
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
                if alpha >= beta:
                    return lo
            h = H[seat]
            legal = restrict or h
            ismax = ISMAX[seat]
            v_best = -INF if ismax else INF
            best_move = -1
            if can_claim:
                v = payoff(P, T, None, ("claim", seat))
                v_best = v
                best_move = -2
                if ismax:
                    if v > alpha:
                        alpha = v
                else:
                    if v < beta:
                        beta = v
            if alpha < beta:
                tricks_played = sum(T)
                may_marry = marriages and not restrict and tricks_played >= m_from
                if claim_marriage and may_marry and alpha < beta:
                    # a false claim: declaring a held marriage without leading, short of the target
                    false_ok = False
                    for i in KBITS:
                        if (h >> i) & 1 and h & PARTNER[i]:
                            gain = MVAL[i] if counts_now(seat) else 0
                            if P[TEAM[seat]] + gain < target:
                                false_ok = True
                                break
                    if false_ok:
                        v = payoff(P, T, None, ("false", seat))
                        if ismax:
                            if v > v_best:
                                v_best, best_move = v, -3
                            if v > alpha:
                                alpha = v
                        else:
                            if v < v_best:
                                v_best, best_move = v, -3
                            if v < beta:
                                beta = v
                if equiv:
                    legal = prune(legal, ())
                if alpha >= beta:      # the false claim alone cuts off: no card is searched
                    legal = 0
                # order: the table's move, then high cards first (a marriage declared before
                # the same card led quietly)
                moves = []
                if tt_move >= 0 and (legal >> tt_move) & 1:
                    if may_marry and PARTNER[tt_move] and h & PARTNER[tt_move]:
                        moves.append((tt_move, True))
                    moves.append((tt_move, False))
                # then the cards that are the highest of their suit still in play (they win
                # unless trumped), high first; then the others, low first
                inplay = 0
                for x in H:
                    inplay |= x
                rest = []
                m = legal
                while m:
                    i = m.bit_length() - 1
                    m ^= 1 << i
                    if i == tt_move:
                        continue
                    dest = moves if not (inplay & ABOVE[i]) else rest
                    if may_marry and PARTNER[i] and h & PARTNER[i]:
                        dest.append((i, True))
                    dest.append((i, False))
                rest.reverse()
                moves += rest
                team = TEAM[seat]
                for i, marry in moves:
                    bit = 1 << i
                    counted = 0
                    pend_add = 0
                    if marry:
                        val = MVAL[i]
                        if counts_now(seat):
                            counted = val
                            P[team] += val
                        else:
                            pend_add = val
                            PEND[seat] += val
                        if counted and P[team] >= target:
                            v = payoff(P, T, None, team, REC) if track else payoff(P, T, None, team)
                            P[team] -= counted
                            if ismax:
                                if v > v_best:
                                    v_best, best_move = v, i
                                    if v > alpha:
                                        alpha = v
                            elif v < v_best:
                                v_best, best_move = v, i
                                if v < beta:
                                    beta = v
                            if alpha >= beta:
                                break
                            continue
                    H[seat] = h ^ bit
                    RP[0] -= PTS[i]
                    v = follow_node(seat, [i], i, seat, alpha, beta)
                    RP[0] += PTS[i]
                    H[seat] = h
                    if counted:
                        P[team] -= counted
                    if pend_add:
                        PEND[seat] -= pend_add
                    if ismax:
                        if v > v_best:
                            v_best, best_move = v, i
                            if v > alpha:
                                alpha = v
                                if alpha >= beta:
                                    break
                    else:
                        if v < v_best:
                            v_best, best_move = v, i
                            if v < beta:
                                beta = v
                                if alpha >= beta:
                                    break
            # store bounds
            if entry is not None:
                lo, hi = entry[0] + base, entry[1] + base
            else:
                lo, hi = -INF, INF
            if v_best <= a0:
                hi = min(hi, v_best)
            elif v_best >= b0:
                lo = max(lo, v_best)
            else:
                lo = hi = v_best
            table[key] = (lo - base, hi - base, best_move)
            return v_best

        def bounds():
            """(least, greatest) payoff of an additive position: the side's points now, and those
            plus every card point still in play, the last-trick bonus and its possible marriages."""
            base = sum(P[t] for t in MAXT)
            rem = bonus + RP[0]
            for b in sp.trick:
                rem += PTS[b]
            for s_ in MAXSEATS:
                rem += PEND[s_]
                hs = H[s_]
                if marriages:
                    for kb in KBITS:
                        if (hs >> kb) & 1 and hs & PARTNER[kb]:
                            rem += MVAL[kb]
            return base, base + rem

        if additive:
            self_ref._bounds = bounds

        def lead_forced(seat, restrict, move, alpha, beta):
            """The value of leading ``move`` = (bit, declare a marriage?) at the root."""
            i, marry = move
            h = H[seat]
            team = TEAM[seat]
            counted = pend_add = 0
            if marry:
                val = MVAL[i]
                if counts_now(seat):
                    counted = val
                    P[team] += val
                else:
                    pend_add = val
                    PEND[seat] += val
                if counted and P[team] >= target:
                    v = payoff(P, T, None, team, REC) if track else payoff(P, T, None, team)
                    P[team] -= counted
                    return v
            H[seat] = h ^ (1 << i)
            RP[0] -= PTS[i]
            v = follow_node(seat, [i], i, seat, alpha, beta)
            RP[0] += PTS[i]
            H[seat] = h
            if counted:
                P[team] -= counted
            if pend_add:
                PEND[seat] -= pend_add
            return v


        def root(alpha, beta, force=None):
            FORCED[0] = force
            if sp.trick:
                cards = list(sp.trick)
                best = cards[0]
                best_seat = sp.leader
                for k in range(1, len(cards)):
                    i = cards[k]
                    if ((i >> 4) == (best >> 4) and i > best) or ((i >> 4) == TSUIT and (best >> 4) != TSUIT):
                        best, best_seat = i, (sp.leader + k) % n
                return follow_node(sp.leader, cards, best, best_seat, alpha, beta)
            if not any(H):
                return payoff(P, T, None, None, REC) if track else payoff(P, T, None, None)
            return lead(sp.leader, sp.lead_mask, alpha, beta)

        return root


def _root_moves(sp: PlaySpec) -> list:
    """The card moves at the root of ``sp``: (bit, declare a marriage?) pairs (claims left out)."""
    n = sp.n
    trump = sp.trump
    TSUIT = trump if trump >= 0 else -99
    TS = SUIT_MASK[trump] if trump >= 0 else 0
    follow, head = sp.rules.must_follow, sp.rules.must_head
    mtrump, otrump = sp.rules.must_trump and trump >= 0, sp.rules.must_overtrump
    SM = SUIT_MASK
    ABOVE = _ABOVE
    if sp.trick:
        cards = list(sp.trick)
        seat = (sp.leader + len(cards)) % n
        h = sp.hands[seat]
        best = cards[0]
        for k in range(1, len(cards)):
            i = cards[k]
            if ((i >> 4) == (best >> 4) and i > best) or ((i >> 4) == TSUIT and (best >> 4) != TSUIT):
                best = i
        led = cards[0] >> 4
        same = h & SM[led]
        if follow and same:
            legal = (same & ABOVE[best] or same) if head and (best >> 4) == led else same
        elif mtrump and not same and h & TS:
            tr = h & TS
            legal = (tr & ABOVE[best] or tr) if otrump and (best >> 4) == TSUIT else tr
        else:
            legal = h
        out = []
        m = legal
        while m:
            bb = m & -m
            m ^= bb
            out.append((bb.bit_length() - 1, False))
        return out
    _kbits, PARTNER, _mval = _marriage_tables(sp.rules, trump, sp.marriage_values)
    seat = sp.leader
    h = sp.hands[seat]
    legal = sp.lead_mask or h
    may_marry = sp.marriages and not sp.lead_mask and sum(sp.team_tricks) >= sp.marriage_from_trick
    out = []
    m = legal
    while m:
        bb = m & -m
        m ^= bb
        i = bb.bit_length() - 1
        if may_marry and PARTNER[i] and h & PARTNER[i]:
            out.append((i, True))
        out.append((i, False))
    return out
