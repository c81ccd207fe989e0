"""What the analysis adapters of the variants without a stock share: 501
(:mod:`cardlab.analysis.adapt_russian501`), three-player Mariage (``adapt_mariage3``),
four-player Mariage (``adapt_mariage4``) and Ninety-Nine (``adapt_ninetynine``).

Every adapter reads the state's
documented public attributes (``hands``, ``trump``, ``leader``, ``trick``, ``tricks``,
``tricks_won``, ``marriages``/``marriage_points``, ``phase``, ``trick_rules``, ``result`` ...).
Exact solving covers the **card play** of a hand (``phase == "play"``); auctions, bid cards and
contracts announced before the play are decisions of another kind and raise
:class:`~cardlab.analysis.adapters.NotSolvable`.

Who maximises what (the value, from the point of view of ``seats``):

* **501**: the points of ``seats`` (default: the declarer alone) at the end of the hand:
  card points of the tricks, marriages that count (once the seat has a trick [501.marriage.trick]), the last-trick
  bonus if the rules have one. The declarer plays against both defenders together; "does he
  make his contract?" is the zero-window test ``value >= contract``.
* **three-player Mariage**: the game points ``seats[0]`` receives (+) or pays (−) in this hand
  [m3 settlement], against the other two playing together (paranoid search).
* **four-player Mariage**: the game points (pips) of the pair of ``seats[0]`` minus those of
  the other pair in this hand, partnership against partnership; the contracts "five", "six",
  "fur coat" and "suit" (declarer alone against two, no trumps) included.
* **Ninety-Nine**: 1 if ``seats[0]`` takes exactly the number of tricks he bid, else 0, against
  the other two playing together.

Sampling during the card play (:func:`play_knowledge`): the hidden cards of each other seat,
less the cards it has shown (marriage partners, 501's gifts for the declarer, Ninety-Nine's
revealed hands), with the voids shown by the play; in 501 a defender also knows that the other
defender holds at most one of the prikup cards he saw turned up [501.give].

Not covered (NotSolvable, saying which option): four-player Mariage with marriages declared for
the partner (``partner_can_meld``), false marriage claims that play on (``false_claim="play_on"``,
the "literal" preset) in normal play, and "five" with the opponents keeping six cards.
"""

from __future__ import annotations

from ..cards import Card, Rank
from .sampling import Knowledge
from .solver import PlaySpec, card_bit

__all__ = ["points_table", "winner_recency", "played_cards", "joined_names", "build_spec", "kq_mask", "World",
           "play_knowledge", "world_hands", "marriage_points_by_seat"]


def points_table(rules, values: dict) -> tuple:
    """The solver's card-point table: a tuple of 64 ints indexed by
    :func:`~cardlab.analysis.solver.card_bit` under ``rules`` (a trick-rules object with
    ``rank_order``), each card's ``values[rank]`` in card points (0 for a rank not in ``values``
    and for the unused bits); ``values`` is usually :data:`cardlab.pack24.CARD_POINTS`."""
    out = [0] * 64
    for s in range(4):
        for r in rules.rank_order:
            c = Card.of(s, r)  # type: ignore[arg-type]
            out[card_bit(c, rules)] = values.get(r, 0)
    return tuple(out)


def winner_recency(tricks, pos_of) -> tuple:
    """The solver positions of the trick winners, most recent first, each once: a tuple of ints
    (``pos_of`` maps a seat to its position in the solver's seat order). Used where a tie in
    points is won by whoever took a trick last (three-player Mariage's "most points" rule)."""
    out: list = []
    for t in reversed(tricks):
        p = pos_of[t.winner]
        if p not in out:
            out.append(p)
    return tuple(out)


def played_cards(view) -> set:
    """The cards of ``view`` already played: the trick in progress and every completed trick's
    cards, as a set of :class:`~cardlab.cards.Card`."""
    out = set(view.trick)
    for t in view.tricks:
        out.update(t.played)
    return out


def joined_names(state, seats) -> str:
    """The names of ``seats`` (seat numbers of ``state``) joined with " and " (e.g. "Ann and Bob"),
    for a value's description."""
    return " and ".join(state.names[s] for s in seats)


def build_spec(state, playing, *, team, max_pos, hands, points, P, T, has, pend, payoff, bounds, marriages,
               marriage_from_trick, marriage_needs, lead_mask, last_trick_bonus, target, trick_cards, rules,
               trump, map_card=None, claim_marriage=False, recency=None, additive=False) -> PlaySpec:
    """The solver's :class:`~cardlab.analysis.solver.PlaySpec` of the card play of ``state``
    among the seats ``playing`` (a tuple of seat numbers; solver position i is ``playing[i]``).

    ``hands`` are the playing seats' cards (in ``playing`` order; turned into bit masks here),
    ``trick_cards`` the trick in progress in play order, ``points`` a :func:`points_table`;
    ``P``/``T``/``has``/``pend`` the card points, tricks, "has a trick" flags and pending marriage
    points per position; marriage values are 20/40 card points. Every other keyword is passed to
    the PlaySpec field of the same meaning (``max_pos`` → ``max_seats``, ``P`` → ``team_points``,
    ``T`` → ``team_tricks``, ``has`` → ``has_trick``, ``pend`` → ``pending``); ``map_card``
    maps a card before its bit is taken (a variant whose cards change suit or rank in play)."""
    pos_of = {s: i for i, s in enumerate(playing)}

    def bit(c):
        if map_card is not None:
            c = map_card(c)
        return card_bit(c, rules)

    masks = []
    for h in hands:
        m = 0
        for c in h:
            m |= 1 << bit(c)
        masks.append(m)
    return PlaySpec(
        n=len(playing), hands=tuple(masks), trump=-1 if trump is None else int(trump), rules=rules,
        leader=pos_of[state.leader], trick=tuple(bit(c) for c in trick_cards), points=points, team=team,
        max_seats=frozenset(max_pos), team_points=P, team_tricks=T, has_trick=has, pending=pend,
        payoff=payoff, bounds=bounds, marriages=marriages, marriage_values=(20, 40), marriage_needs=marriage_needs,
        marriage_from_trick=marriage_from_trick, lead_mask=lead_mask, last_trick_bonus=last_trick_bonus,
        target=target, claim_marriage=claim_marriage, recency=recency, additive=additive)


def kq_mask(suit, rules, map_card=None) -> int:
    """The bit mask (an int, bits of :func:`~cardlab.analysis.solver.card_bit` under ``rules``) of
    the king and queen of ``suit``: the cards a lead must come from after a marriage is declared."""
    return (1 << card_bit(Card.of(suit, Rank.KING), rules)) | (1 << card_bit(Card.of(suit, Rank.QUEEN), rules))




# ---------------------------------------------------------------------------------------------
# Sampling during the card play: knowledge from one seat's views, and a "world" (an object with
# the state attributes the adapter reads, the hidden cards as sampled) for the solver


class World:
    """The attributes of a state that an adapter's ``play_spec`` reads, built from one seat's view
    and one sampled assignment of the hidden cards (no engine state: a world is only solved).
    Keywords become attributes; ``_points`` (card points per seat) is read by :meth:`points`."""

    def __init__(self, **kw):
        self.__dict__.update(kw)

    def points(self, seat):
        """The card points of ``seat`` so far."""
        return self._points[seat]

    def pair_tricks(self, pair):
        """The tricks taken by the pair of seats ``pair`` and ``pair + 2`` (four-player games)."""
        return self.tricks_won[pair] + self.tricks_won[pair + 2]


def play_knowledge(view, playing, known, trick_rules, effective, names, other_label, other_count):
    """Knowledge of the seat of ``view`` during the card play of a game without a stock.

    Hidden locations: each other playing seat's hand (its size less the cards it has shown),
    then ``other_label`` (cards out of play: bid cards, set-aside cards) when ``other_count``.
    Each card a seat played to a trick without following suit shows a void in the suit led;
    without trumping when it had to, a void in trumps; following below the best card of the
    suit when it had to beat it, no higher card of that suit [the variant's follow, trump and
    head rules]."""

    me = view.seat
    others = [s for s in playing if s != me]
    unseen = set(view.unseen)
    trump = view.trump
    excluded = {s: set() for s in others}
    notes = []
    nm = (lambda s: names[s]) if names else (lambda s: f"seat {s}")
    n = len(playing)

    def seats_cards(leader, cards):
        """(seat, effective card) pairs of the trick in progress: its cards in play order from
        ``leader`` round the playing seats."""
        start = playing.index(leader)
        return [(playing[(start + k) % n], effective(c)) for k, c in enumerate(cards)]

    # completed tricks are tricks.Trick (cards by seat); the trick in progress is its cards
    tricks = [[(s, effective(c)) for s, c in t.cards] for t in view.tricks]
    if view.trick:
        tricks.append(seats_cards(view.leader, view.trick))
    for ti, sc in enumerate(tricks):
        led = sc[0][1].suit
        best = sc[0][1]
        trumped = False
        for seat, c in sc[1:]:
            if seat in excluded:
                if c.suit != led and trick_rules.must_follow:
                    gone = {u for u in unseen if effective(u).suit == led}
                    if gone - excluded[seat]:
                        notes.append(f"trick {ti + 1}: {nm(seat)} did not follow {led.symbol}, so holds no "
                                     f"{led.symbol}")
                    excluded[seat] |= gone
                    if trick_rules.must_trump and trump is not None and c.suit != trump and led != trump:
                        gone = {u for u in unseen if effective(u).suit == trump}
                        if gone - excluded[seat]:
                            notes.append(f"trick {ti + 1}: {nm(seat)} did not trump, so holds no trump")
                        excluded[seat] |= gone
                elif (c.suit == led and trick_rules.must_head and not trumped and best.suit == led
                      and trick_rules.strength(c) < trick_rules.strength(best)):
                    gone = {u for u in unseen if effective(u).suit == led
                            and trick_rules.strength(effective(u)) > trick_rules.strength(best)}
                    if gone - excluded[seat]:
                        notes.append(f"trick {ti + 1}: {nm(seat)} did not beat {best}, so holds no higher "
                                     f"{led.symbol}")
                    excluded[seat] |= gone
            if c.suit == best.suit and trick_rules.strength(c) > trick_rules.strength(best):
                best = c
            elif trump is not None and c.suit == trump and best.suit != trump:
                best, trumped = c, True
    counts = [view.hand_sizes[s] - len(known[s]) for s in others]
    locations = [f"{nm(s)}'s hand" for s in others]
    ex = [frozenset(excluded[s]) for s in others]
    rest = len(unseen) - sum(counts)
    if other_count or rest:
        locations.append(other_label)
        counts.append(rest)
        ex.append(frozenset())
    return Knowledge(seat=me, unseen=tuple(sorted(unseen)), locations=tuple(locations), counts=tuple(counts),
                     excluded=tuple(ex), notes=tuple(notes), extra={"others": tuple(others)})


def world_hands(view, know, deal, playing, known):
    """Every seat's hand in one sampled world: a tuple indexed by seat (up to the highest seat in
    ``playing``; ``()`` for a seat out of play) of card tuples. The seat of ``view`` keeps its hand;
    each other seat (``know.extra["others"]``, in order with ``deal``'s sampled card groups) holds
    its shown cards ``known[seat]`` plus its sampled cards."""
    hands = {view.seat: tuple(view.hand)}
    for s, cards in zip(know.extra["others"], deal):
        hands[s] = tuple(known[s]) + tuple(cards)
    n_table = max(playing) + 1
    return tuple(hands.get(s, ()) for s in range(n_table))


def marriage_points_by_seat(view, n):
    """The points of the marriages declared by each of ``n`` seats: a tuple of ``n`` ints
    summed from ``view.marriages`` (``(seat, suit, points)`` triples)."""
    mp = [0] * n
    for seat, _suit, pts in view.marriages:
        mp[seat] += pts
    return tuple(mp)
