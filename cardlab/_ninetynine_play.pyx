# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The card play of :meth:`cardlab.ninetynine.NinetyNineState.playout`, compiled.

The same rules as the pure-Python loop ``NinetyNineState._play_out_cards_python`` (follow suit
[99.follow]; the trick is won by the highest trump, else the highest card of the suit led
[99.trick], as :func:`cardlab.tricks.trick_winner` says), run on C arrays of card codes. Which
loop runs is :data:`cardlab.ninetynine.PLAYOUT_KERNEL` (``CARDLAB_PURE_PYTHON=1`` forces
Python); ``tests/test_ninetynine_playout_kernel.py`` checks that both end every deal alike,
choice for choice.
"""

cdef dict _TABLES = {}


cdef class _Tables:
    """Per-code arrays of one deal's joker reading (a ``_DealTables``): the suit of the card as
    it plays (-1: none) and its strength in a trick (higher wins)."""
    cdef int suit[80]
    cdef int strength[80]
    cdef object keep   # the _DealTables, so that its id stays its own

    def __init__(self, tab, tuple strength):
        cdef int code
        self.keep = tab
        for code in range(80):
            s = tab.suit[code]
            self.suit[code] = -1 if s is None else int(s)
            e = tab.eff[code]
            self.strength[code] = -1 if e is None else strength[e]


cdef _Tables _tables_of(tab, tuple strength):
    t = _TABLES.get(id(tab))
    if t is None:
        t = _TABLES[id(tab)] = _Tables(tab, strength)
    return <_Tables>t


def play_out_cards(state, choose, tuple plays, tuple cards, tuple strength, tuple pairs_from, new_trick):
    """Play ``state`` (a scratch NinetyNineState in the play phase) to its last trick in place
    with ``choose(legal_actions) -> Action``, as ``_play_out_cards_python`` does; the caller
    scores it. ``plays[code]`` is the listed play action of a card, ``cards[code]`` the card,
    ``strength`` the rank strengths of :data:`cardlab.ninetynine.TRICK_RULES`, ``pairs_from``
    ``_PAIRS_FROM`` and ``new_trick(leader, pairs, winner)`` makes a Trick. A choice that is not
    a listed action goes to ``state._accept`` (the state written back first), which returns the
    listed action or raises IllegalActionError."""
    cdef _Tables tb = _tables_of(state._tab, strength)
    cdef int h[3][12]
    cdef int n[3]
    cdef int lc[12]
    cdef int t[3]
    cdef int tn = 0, m = 0, i, k, seat, leader, code, led, winner, best_suit, trump_i
    cdef int won[3]
    cdef tuple legal
    cdef list tricks = list(state.tricks)
    trump = state.trump
    trump_i = -2 if trump is None else int(trump)
    for seat in range(3):
        hand = state.hands[seat]
        n[seat] = len(hand)
        for i in range(n[seat]):
            h[seat][i] = hand[i]
        won[seat] = state.tricks_won[seat]
    for c in state.trick:
        t[tn] = c
        tn += 1
    leader = state.leader
    seat = state._to_act
    given = state._legal
    while True:
        if given is not None:           # the starting state's own list
            legal = given
            given = None
            m = len(legal)
            for k in range(m):
                lc[k] = legal[k].card
        else:
            m = 0
            if tn:
                led = tb.suit[t[0]]
                for i in range(n[seat]):
                    if tb.suit[h[seat][i]] == led:
                        lc[m] = h[seat][i]
                        m += 1
            if m == 0:
                for i in range(n[seat]):
                    lc[i] = h[seat][i]
                m = n[seat]
            legal = tuple([plays[lc[k]] for k in range(m)])
        action = choose(legal)
        k = 0
        while k < m and legal[k] is not action:
            k += 1
        if k == m:                       # not the listed object: check it
            _write_back(state, h, n, t, tn, tricks, won, leader, seat, cards)
            action = state._accept(action, legal)
            k = 0
            while k < m and legal[k] is not action:
                k += 1
        code = lc[k]
        for i in range(n[seat]):         # take the card from the hand, keeping the order
            if h[seat][i] == code:
                break
        n[seat] -= 1
        while i < n[seat]:
            h[seat][i] = h[seat][i + 1]
            i += 1
        t[tn] = code
        tn += 1
        if tn < 3:
            seat = (seat + 1) % 3
            continue
        winner = 0                       # [99.trick]: trick_winner on the cards as they play
        best_suit = tb.suit[t[0]]
        for i in range(1, 3):
            if tb.suit[t[i]] == best_suit:
                if tb.strength[t[i]] > tb.strength[t[winner]]:
                    winner = i
            elif tb.suit[t[i]] == trump_i:
                winner = i
                best_suit = trump_i
        winner = (leader + winner) % 3
        p = pairs_from[leader]
        tricks.append(new_trick(leader, (p[0][t[0]], p[1][t[1]], p[2][t[2]]), winner))
        won[winner] += 1
        tn = 0
        leader = seat = winner
        if len(tricks) == 9:
            break
    _write_back(state, h, n, t, tn, tricks, won, leader, seat, cards)


cdef _write_back(state, int h[3][12], int n[3], int t[3], int tn, list tricks, int won[3], int leader, int seat,
                 tuple cards):
    state.hands = tuple([tuple([cards[h[s][i]] for i in range(n[s])]) for s in range(3)])
    state.trick = tuple([cards[t[i]] for i in range(tn)])
    state.tricks = tuple(tricks)
    state.tricks_won = (won[0], won[1], won[2])
    state.leader = leader
    state._to_act = seat
