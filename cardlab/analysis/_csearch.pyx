# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled search of :mod:`cardlab.analysis.solver` (the same algorithm as its pure-Python
path, on 64-bit card masks, C arrays and a C transposition table).

:class:`Kernel` is built from a :class:`~cardlab.analysis.solver.PlaySpec` and answers
``search(alpha, beta, forced)`` exactly as the Python closure of ``Solver._build`` does: the
same legal moves, equivalent-card pruning, move ordering, marriages, claims, targets, pending
marriages, recency and additive bounds. The payoff is the spec's Python callable (memoised per
kernel), except for additive specs (501's declarer's card points), where it is the sum of the
maximising teams' points, computed here as the spec documents it.

The transposition table (:class:`Table`) stores the whole key of each position (hands, seat to
lead, points, tricks, trick flags, pending marriages, lead restriction, recency), so a hit is
the same position, never a hash collision. One table may be shared by kernels of positions of
the same hand with the same payoff and maximising seats (as the Python dict tables are).
"""

from libc.stdint cimport uint64_t, int64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

cdef extern from *:
    """
    #include <time.h>
    static double cardlab_monotonic(void) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
    }
    """
    double cardlab_monotonic() nogil
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_clzll(unsigned long long) nogil

cdef enum:
    KW = 8            # words in a key
    MAXN = 4          # seats

cdef int INF = 1000000000


cdef struct Entry:
    uint64_t k[KW]
    int lo
    int hi
    int move
    int used


cdef inline uint64_t _mix(const uint64_t *k) nogil:
    cdef uint64_t h = 0x9E3779B97F4A7C15ULL
    cdef int i
    for i in range(KW):
        h ^= k[i] + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2)
        h *= 0xBF58476D1CE4E5B9ULL
        h ^= h >> 31
    return h


cdef class Table:
    """An open-addressing hash table from full 8-word keys to (lo, hi, move) bounds."""
    cdef Entry *slots
    cdef uint64_t mask
    cdef uint64_t count

    def __cinit__(self, int log2_size=8):
        self.slots = <Entry *> calloc(1 << log2_size, sizeof(Entry))
        if self.slots == NULL:
            raise MemoryError()
        self.mask = (1 << log2_size) - 1
        self.count = 0

    def __dealloc__(self):
        free(self.slots)

    def __len__(self):
        return self.count

    cdef Entry *find(self, const uint64_t *k) nogil:
        """The entry of ``k``, or NULL."""
        cdef uint64_t i = _mix(k) & self.mask
        cdef Entry *e
        cdef int j, same
        while True:
            e = &self.slots[i]
            if not e.used:
                return NULL
            same = 1
            for j in range(KW):
                if e.k[j] != k[j]:
                    same = 0
                    break
            if same:
                return e
            i = (i + 1) & self.mask

    cdef int grow(self) except -1:
        cdef uint64_t old_size = self.mask + 1
        cdef Entry *old = self.slots
        cdef Entry *fresh = <Entry *> calloc(old_size * 2, sizeof(Entry))
        cdef uint64_t i, j
        if fresh == NULL:
            raise MemoryError()
        self.slots = fresh
        self.mask = old_size * 2 - 1
        for i in range(old_size):
            if old[i].used:
                j = _mix(old[i].k) & self.mask
                while self.slots[j].used:
                    j = (j + 1) & self.mask
                self.slots[j] = old[i]
        free(old)
        return 0

    cdef int store(self, const uint64_t *k, int lo, int hi, int move) except -1:
        cdef uint64_t i
        cdef Entry *e
        cdef int j, same
        if (self.count + 1) * 2 > self.mask + 1:
            self.grow()
        i = _mix(k) & self.mask
        while True:
            e = &self.slots[i]
            if not e.used:
                for j in range(KW):
                    e.k[j] = k[j]
                e.used = 1
                self.count += 1
                break
            same = 1
            for j in range(KW):
                if e.k[j] != k[j]:
                    same = 0
                    break
            if same:
                break
            i = (i + 1) & self.mask
        e.lo = lo
        e.hi = hi
        e.move = move
        return 0


cdef inline int _top(uint64_t m) nogil:
    return 63 - __builtin_clzll(m)


cdef class Kernel:
    """The search of one :class:`PlaySpec` (see the module docstring)."""
    cdef public long long nodes
    cdef int n, nteams, trump, tsuit
    cdef uint64_t H[MAXN]
    cdef uint64_t TS
    cdef uint64_t SM[4]
    cdef uint64_t ABOVE[64]
    cdef int PTS[64]
    cdef uint64_t PARTNER[64]
    cdef int MVAL[64]
    cdef int KBITS[4]
    cdef int nk
    cdef int TEAM[MAXN]
    cdef int ISMAX[MAXN]
    cdef int P[3]
    cdef int T[3]
    cdef int HAS[MAXN]
    cdef int PEND[MAXN]
    cdef int REC[MAXN]
    cdef int nrec
    cdef int MAXT[3]
    cdef int nmaxt
    cdef int MAXSEATS[MAXN]
    cdef int nmaxseats
    cdef bint follow, head, mtrump, otrump, marriages, can_claim, claim_marriage, track, additive
    cdef bint has_in_key, equiv
    cdef int needs            # 0 seat, 1 team, 2 none
    cdef int m_from, bonus, target, RP
    cdef double deadline
    cdef bint has_deadline
    cdef long long until_clock
    cdef bint has_forced, forced_marry
    cdef int forced_bit
    cdef object payoff
    cdef object timeout
    cdef Table table
    cdef Table memo
    cdef object spec

    def __init__(self, spec, Table table, deadline, timeout, tuple points, tuple above, tuple partner,
                 tuple mval, tuple kbits, bint equiv):
        cdef int i, s
        cdef uint64_t m
        self.spec = spec
        self.nodes = 0
        self.n = spec.n
        self.table = table
        self.memo = Table(6)
        self.timeout = timeout
        self.payoff = spec.payoff
        for s in range(MAXN):
            self.H[s] = 0
            self.HAS[s] = 0
            self.PEND[s] = 0
            self.TEAM[s] = 0
            self.ISMAX[s] = 0
        for s in range(self.n):
            self.H[s] = spec.hands[s]
            self.TEAM[s] = spec.team[s]
            self.ISMAX[s] = s in spec.max_seats
            self.HAS[s] = bool(spec.has_trick[s])
            self.PEND[s] = spec.pending[s]
        self.nteams = len(spec.team_points)
        for i in range(3):
            self.P[i] = 0
            self.T[i] = 0
        for i in range(self.nteams):
            self.P[i] = spec.team_points[i]
            self.T[i] = spec.team_tricks[i]
        self.trump = spec.trump
        self.tsuit = spec.trump if spec.trump >= 0 else -99
        for i in range(4):
            self.SM[i] = (<uint64_t> 0xFFFF) << (16 * i)
        self.TS = self.SM[spec.trump] if spec.trump >= 0 else 0
        for i in range(64):
            self.ABOVE[i] = above[i]
            self.PTS[i] = points[i]
            self.PARTNER[i] = partner[i]
            self.MVAL[i] = mval[i]
        self.nk = len(kbits)
        for i in range(self.nk):
            self.KBITS[i] = kbits[i]
        rules = spec.rules
        self.follow = rules.must_follow
        self.head = rules.must_head
        self.mtrump = rules.must_trump and spec.trump >= 0
        self.otrump = rules.must_overtrump
        self.marriages = spec.marriages
        self.needs = {"seat": 0, "team": 1, "none": 2}[spec.marriage_needs]
        self.m_from = spec.marriage_from_trick
        self.can_claim = spec.can_claim
        self.claim_marriage = spec.claim_marriage
        self.track = spec.recency is not None
        self.nrec = 0
        if self.track:
            for s in spec.recency:
                self.REC[self.nrec] = s
                self.nrec += 1
        self.additive = spec.additive and spec.target is None and not spec.can_claim and not spec.claim_marriage
        self.target = spec.target if spec.target is not None else INF
        self.bonus = spec.last_trick_bonus
        maxt = sorted({spec.team[x] for x in spec.max_seats})
        self.nmaxt = len(maxt)
        for i in range(self.nmaxt):
            self.MAXT[i] = maxt[i]
        self.nmaxseats = 0
        for s in range(self.n):
            if spec.team[s] in maxt:
                self.MAXSEATS[self.nmaxseats] = s
                self.nmaxseats += 1
        self.has_in_key = len(set(spec.team)) < spec.n and spec.marriage_needs == "seat"
        self.equiv = equiv
        self.RP = 0
        for s in range(self.n):
            m = self.H[s]
            while m:
                i = __builtin_ctzll(m)
                m &= m - 1
                self.RP += self.PTS[i]
        self.has_deadline = deadline is not None
        self.deadline = deadline if deadline is not None else 0.0
        self.until_clock = 0
        self.has_forced = False

    # -- helpers ---------------------------------------------------------------------------------
    cdef int call_payoff(self, int last, int stop) except? -2147483000:
        """The spec's payoff for the current points and tricks; ``stop``: -1 none, 0-2 the team
        that reached the target, 10+seat a claim, 20+seat a false claim."""
        cdef uint64_t k[KW]
        cdef int i, v
        cdef Entry *e
        if self.additive:
            v = 0
            for i in range(self.nmaxt):
                v += self.P[self.MAXT[i]]
            return v
        memset(k, 0, sizeof(k))
        k[0] = (<uint64_t> self.P[0]) | ((<uint64_t> self.P[1]) << 16) | ((<uint64_t> self.P[2]) << 32)
        k[1] = (<uint64_t> self.T[0]) | ((<uint64_t> self.T[1]) << 8) | ((<uint64_t> self.T[2]) << 16) \
            | ((<uint64_t> (last + 1)) << 24) | ((<uint64_t> (stop + 1)) << 32)
        if self.track:
            k[2] = self._rec_code()
        e = self.memo.find(k)
        if e != NULL:
            return e.lo
        P = [self.P[i] for i in range(self.nteams)]
        T = [self.T[i] for i in range(self.nteams)]
        lw = None if last < 0 else last
        if stop < 0:
            st = None
        elif stop < 10:
            st = stop
        elif stop < 20:
            st = ("claim", stop - 10)
        else:
            st = ("false", stop - 20)
        if self.track:
            v = self.payoff(P, T, lw, st, [self.REC[i] for i in range(self.nrec)])
        else:
            v = self.payoff(P, T, lw, st)
        self.memo.store(k, v, v, 0)
        return v

    cdef inline uint64_t _rec_code(self):
        cdef uint64_t c = 0
        cdef int i
        for i in range(self.nrec):
            c = c * 5 + <uint64_t> (self.REC[i] + 1)
        return c

    cdef inline bint team_has(self, int seat):
        cdef int t = self.TEAM[seat], s
        for s in range(self.n):
            if self.TEAM[s] == t and self.HAS[s]:
                return True
        return False

    cdef inline bint counts_now(self, int seat):
        if self.needs == 2:
            return True
        if self.needs == 1:
            return self.team_has(seat)
        return self.HAS[seat]

    cdef uint64_t prune(self, uint64_t legal, int *cards, int k):
        """Drop each legal card whose next lower card still in play (in a hand or in the trick)
        is also legal and worth the same."""
        cdef uint64_t inplay = 0, out = legal, m = legal, bb, lower
        cdef int s, i, j
        for s in range(self.n):
            inplay |= self.H[s]
        for s in range(k):
            inplay |= (<uint64_t> 1) << cards[s]
        while m:
            i = __builtin_ctzll(m)
            bb = (<uint64_t> 1) << i
            m &= m - 1
            lower = inplay & self.SM[i >> 4] & (bb - 1)
            if lower:
                j = _top(lower)
                if (legal >> j) & 1 and self.PTS[j] == self.PTS[i] and not (
                        self.marriages and (self.PARTNER[i] or self.PARTNER[j])):
                    out ^= bb
        return out

    # -- the search --------------------------------------------------------------------------------
    cdef int finish_trick(self, int leader, int *cards, int winner_seat, int alpha, int beta) except? -2147483000:
        cdef int w = self.TEAM[winner_seat]
        cdef int gained = 0, i, s, v, first = 0, nreal = 0
        cdef int real_seat[MAXN]
        cdef int real_val[MAXN]
        cdef int old_rec[MAXN]
        cdef int old_nrec = self.nrec
        for i in range(self.n):
            gained += self.PTS[cards[i]]
        self.P[w] += gained
        self.T[w] += 1
        if not self.HAS[winner_seat]:
            self.HAS[winner_seat] = 1
            for s in range(self.n):
                if self.PEND[s] and self.counts_now(s):
                    self.P[self.TEAM[s]] += self.PEND[s]
                    real_seat[nreal] = s
                    real_val[nreal] = self.PEND[s]
                    nreal += 1
                    self.PEND[s] = 0
            first = 1
        if self.track:
            for i in range(self.nrec):
                old_rec[i] = self.REC[i]
            self._front(winner_seat)
        if not self.H[winner_seat]:
            self.P[w] += self.bonus
            v = self.call_payoff(winner_seat, w if self.P[w] >= self.target else -1)
            self.P[w] -= self.bonus
        elif self.P[w] >= self.target:
            v = self.call_payoff(winner_seat, w)
        else:
            v = self.lead(winner_seat, 0, alpha, beta)
        if self.track:
            for i in range(old_nrec):
                self.REC[i] = old_rec[i]
            self.nrec = old_nrec
        for i in range(nreal):
            self.PEND[real_seat[i]] = real_val[i]
            self.P[self.TEAM[real_seat[i]]] -= real_val[i]
        if first:
            self.HAS[winner_seat] = 0
        self.T[w] -= 1
        self.P[w] -= gained
        return v

    cdef void _front(self, int seat):
        """Recency: ``seat`` took the latest trick."""
        cdef int i, j = -1
        for i in range(self.nrec):
            if self.REC[i] == seat:
                j = i
                break
        if j < 0:
            j = self.nrec
            self.nrec += 1
        while j > 0:
            self.REC[j] = self.REC[j - 1]
            j -= 1
        self.REC[0] = seat

    cdef int follow_node(self, int leader, int *cards, int k, int best, int best_seat, int alpha,
                         int beta) except? -2147483000:
        cdef int seat, led, i, v, v_best, nm = 0, nlow = 0, bs, nb, ns, last
        cdef uint64_t h, sm, same, legal, tr, winners, losers, m
        cdef bint ismax, forced = False
        cdef int fbit = 0
        cdef int moves[64]      # (a hand holds at most 64 cards: one per bit)
        cdef int wins[64]
        cdef int low[64]
        self.nodes += 1
        if self.has_forced:
            forced = True
            fbit = self.forced_bit
            self.has_forced = False
        seat = (leader + k) % self.n
        h = self.H[seat]
        led = cards[0] >> 4
        sm = self.SM[led]
        same = h & sm
        if self.follow and same:
            if self.head and (best >> 4) == led:
                legal = same & self.ABOVE[best]
                if not legal:
                    legal = same
            else:
                legal = same
        elif self.mtrump and not same and (h & self.TS):
            tr = h & self.TS
            if self.otrump and (best >> 4) == self.tsuit:
                legal = tr & self.ABOVE[best]
                if not legal:
                    legal = tr
            else:
                legal = tr
        else:
            legal = h
        if forced:
            legal &= (<uint64_t> 1) << fbit
        elif self.equiv:
            legal = self.prune(legal, cards, k)
        bs = best >> 4
        winners = legal & (self.ABOVE[best] | (self.TS if bs != self.tsuit else 0))
        losers = legal ^ winners
        ismax = self.ISMAX[seat]
        m = winners
        while m:
            moves[nm] = __builtin_ctzll(m)
            wins[nm] = 1
            nm += 1
            m &= m - 1
        m = losers
        while m:
            low[nlow] = __builtin_ctzll(m)
            nlow += 1
            m &= m - 1
        if self.ISMAX[best_seat] == ismax and best_seat != seat:   # the partner is winning: throw high first
            for i in range(nm - 1, -1, -1):
                moves[i + nlow] = moves[i]
                wins[i + nlow] = 1
            for i in range(nlow):
                moves[i] = low[nlow - 1 - i]
                wins[i] = 0
        else:
            for i in range(nlow):
                moves[nm + i] = low[i]
                wins[nm + i] = 0
        nm += nlow
        last = k + 1 == self.n
        v_best = -INF if ismax else INF
        for j in range(nm):
            i = moves[j]
            self.H[seat] = h ^ ((<uint64_t> 1) << i)
            self.RP -= self.PTS[i]
            if wins[j]:
                nb = i
                ns = seat
            else:
                nb = best
                ns = best_seat
            cards[k] = i
            if last:
                v = self.finish_trick(leader, cards, ns, alpha, beta)
            else:
                v = self.follow_node(leader, cards, k + 1, nb, ns, alpha, beta)
            self.RP += self.PTS[i]
            self.H[seat] = h
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

    cdef void make_key(self, uint64_t *key, int seat, uint64_t restrict):
        cdef int s
        memset(key, 0, KW * sizeof(uint64_t))
        for s in range(self.n):
            key[s] = self.H[s]
        key[4] = restrict
        cdef uint64_t hasbits = 0
        if self.additive or self.has_in_key:
            for s in range(self.n):
                if self.HAS[s]:
                    hasbits |= (<uint64_t> 1) << s
        key[5] = (<uint64_t> seat) | (hasbits << 4)
        key[7] = (<uint64_t> self.PEND[0]) | ((<uint64_t> self.PEND[1]) << 16) | \
            ((<uint64_t> self.PEND[2]) << 32) | ((<uint64_t> self.PEND[3]) << 48)
        if not self.additive:
            key[5] |= ((<uint64_t> self.T[0]) << 24) | ((<uint64_t> self.T[1]) << 32) | ((<uint64_t> self.T[2]) << 40)
            if self.track:
                key[5] |= self._rec_code() << 48
            key[6] = (<uint64_t> self.P[0]) | ((<uint64_t> self.P[1]) << 16) | ((<uint64_t> self.P[2]) << 32)

    cdef int lead(self, int seat, uint64_t restrict, int alpha, int beta) except? -2147483000:
        cdef int base = 0, rem, s, i, j, kb, v, v_best, best_move, a0, b0, tt_move = -1, lo, hi
        cdef int nm = 0, nrest = 0, tricks_played, gain
        cdef uint64_t h, hs, legal, inplay, m
        cdef uint64_t key[KW]
        cdef Entry *entry
        cdef bint ismax, may_marry, false_ok, found = False
        cdef int elo = 0, ehi = 0
        cdef int mv[130]        # each card of the hand, led with or without its marriage
        cdef int mm[130]
        cdef int rv[130]
        cdef int rm[130]
        cdef int one[4]
        self.nodes += 1
        if self.has_deadline:
            self.until_clock -= 1
            if self.until_clock <= 0:
                self.until_clock = 256
                if cardlab_monotonic() > self.deadline:
                    raise self.timeout
        if self.has_forced:
            self.has_forced = False
            return self.lead_forced(seat, self.forced_bit, self.forced_marry, alpha, beta)
        if self.additive:
            for i in range(self.nmaxt):
                base += self.P[self.MAXT[i]]
            if base >= beta:
                return base
            rem = self.bonus + self.RP
            for j in range(self.nmaxseats):
                s = self.MAXSEATS[j]
                rem += self.PEND[s]
                hs = self.H[s]
                if self.marriages:
                    for i in range(self.nk):
                        kb = self.KBITS[i]
                        if (hs >> kb) & 1 and hs & self.PARTNER[kb]:
                            rem += self.MVAL[kb]
            if base + rem <= alpha:
                return base + rem
        self.make_key(key, seat, restrict)
        entry = self.table.find(key)
        a0 = alpha
        b0 = beta
        if entry != NULL:
            found = True
            elo = entry.lo
            ehi = entry.hi
            tt_move = entry.move
            lo = elo + base
            hi = ehi + base
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
        h = self.H[seat]
        legal = restrict if restrict else h
        ismax = self.ISMAX[seat]
        v_best = -INF if ismax else INF
        best_move = -1
        if self.can_claim:
            v = self.call_payoff(-1, 10 + seat)
            v_best = v
            best_move = -2
            if ismax:
                if v > alpha:
                    alpha = v
            else:
                if v < beta:
                    beta = v
        if alpha < beta:
            tricks_played = 0
            for i in range(self.nteams):
                tricks_played += self.T[i]
            may_marry = self.marriages and not restrict and tricks_played >= self.m_from
            if self.claim_marriage and may_marry and alpha < beta:
                false_ok = False
                for j in range(self.nk):
                    i = self.KBITS[j]
                    if (h >> i) & 1 and h & self.PARTNER[i]:
                        gain = self.MVAL[i] if self.counts_now(seat) else 0
                        if self.P[self.TEAM[seat]] + gain < self.target:
                            false_ok = True
                            break
                if false_ok:
                    v = self.call_payoff(-1, 20 + seat)
                    if ismax:
                        if v > v_best:
                            v_best = v
                            best_move = -3
                        if v > alpha:
                            alpha = v
                    else:
                        if v < v_best:
                            v_best = v
                            best_move = -3
                        if v < beta:
                            beta = v
            if self.equiv:
                legal = self.prune(legal, one, 0)
            if alpha >= beta:      # the false claim alone cuts off: no card is searched
                legal = 0
            if tt_move >= 0 and (legal >> tt_move) & 1:
                if may_marry and self.PARTNER[tt_move] and h & self.PARTNER[tt_move]:
                    mv[nm] = tt_move
                    mm[nm] = 1
                    nm += 1
                mv[nm] = tt_move
                mm[nm] = 0
                nm += 1
            inplay = 0
            for s in range(self.n):
                inplay |= self.H[s]
            m = legal
            while m:
                i = _top(m)
                m ^= (<uint64_t> 1) << i
                if i == tt_move:
                    continue
                if not (inplay & self.ABOVE[i]):
                    if may_marry and self.PARTNER[i] and h & self.PARTNER[i]:
                        mv[nm] = i
                        mm[nm] = 1
                        nm += 1
                    mv[nm] = i
                    mm[nm] = 0
                    nm += 1
                else:
                    if may_marry and self.PARTNER[i] and h & self.PARTNER[i]:
                        rv[nrest] = i
                        rm[nrest] = 1
                        nrest += 1
                    rv[nrest] = i
                    rm[nrest] = 0
                    nrest += 1
            for j in range(nrest - 1, -1, -1):
                mv[nm] = rv[j]
                mm[nm] = rm[j]
                nm += 1
            for j in range(nm):
                i = mv[j]
                v = self.lead_forced(seat, i, mm[j], alpha, beta)   # (the marriage, then the card led)
                if ismax:
                    if v > v_best:
                        v_best = v
                        best_move = i
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                else:
                    if v < v_best:
                        v_best = v
                        best_move = i
                        if v < beta:
                            beta = v
                            if alpha >= beta:
                                break
        if found:
            lo = elo + base
            hi = ehi + base
        else:
            lo = -INF
            hi = INF
        if v_best <= a0:
            if v_best < hi:
                hi = v_best
        elif v_best >= b0:
            if v_best > lo:
                lo = v_best
        else:
            lo = v_best
            hi = v_best
        self.table.store(key, lo - base, hi - base, best_move)
        return v_best

    cdef int lead_forced(self, int seat, int i, bint marry, int alpha, int beta) except? -2147483000:
        """``seat`` leads card ``i``, announcing its marriage first when ``marry``: the value."""
        cdef uint64_t h = self.H[seat]
        cdef int team = self.TEAM[seat], counted = 0, pend_add = 0, val, v
        cdef int one[4]
        if marry:
            val = self.MVAL[i]
            if self.counts_now(seat):
                counted = val
                self.P[team] += val
            else:
                pend_add = val
                self.PEND[seat] += val
            if counted and self.P[team] >= self.target:
                v = self.call_payoff(-1, team)
                self.P[team] -= counted
                return v
        self.H[seat] = h ^ ((<uint64_t> 1) << i)
        self.RP -= self.PTS[i]
        one[0] = i
        v = self.follow_node(seat, one, 1, i, seat, alpha, beta)
        self.RP += self.PTS[i]
        self.H[seat] = h
        if counted:
            self.P[team] -= counted
        if pend_add:
            self.PEND[seat] -= pend_add
        return v

    # -- entry points ------------------------------------------------------------------------------
    def search(self, int alpha, int beta, force=None):
        """The fail-soft alpha-beta value within ``(alpha, beta)`` of the spec's position, with
        ``force`` = ``(bit, declared)`` the only move searched at the root (or None)."""
        cdef int cards[4]
        cdef int k, i, best, best_seat, nt
        cdef bint anyh = False
        sp = self.spec
        if force is not None:
            self.has_forced = True
            self.forced_bit = force[0]
            self.forced_marry = bool(force[1])
        else:
            self.has_forced = False
        self.until_clock = 0
        if sp.trick:
            nt = len(sp.trick)
            for k in range(nt):
                cards[k] = sp.trick[k]
            best = cards[0]
            best_seat = sp.leader
            for k in range(1, nt):
                i = cards[k]
                if ((i >> 4) == (best >> 4) and i > best) or ((i >> 4) == self.tsuit and (best >> 4) != self.tsuit):
                    best = i
                    best_seat = (sp.leader + k) % self.n
            return self.follow_node(sp.leader, cards, nt, best, best_seat, alpha, beta)
        for k in range(self.n):
            if self.H[k]:
                anyh = True
        if not anyh:
            return self.call_payoff(-1, -1)
        return self.lead(sp.leader, sp.lead_mask, alpha, beta)

    def bounds(self):
        """(least, greatest) payoff of an additive position (as the Python path's ``bounds``)."""
        cdef int base = 0, rem, i, j, s, kb
        cdef uint64_t hs
        for i in range(self.nmaxt):
            base += self.P[self.MAXT[i]]
        rem = self.bonus + self.RP
        for b in self.spec.trick:
            rem += self.PTS[b]
        for j in range(self.nmaxseats):
            s = self.MAXSEATS[j]
            rem += self.PEND[s]
            hs = self.H[s]
            if self.marriages:
                for i in range(self.nk):
                    kb = self.KBITS[i]
                    if (hs >> kb) & 1 and hs & self.PARTNER[kb]:
                        rem += self.MVAL[kb]
        return base, base + rem

    @property
    def is_additive(self):
        return self.additive
