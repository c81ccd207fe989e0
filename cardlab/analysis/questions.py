"""Ready questions for the notebooks: each is asked of full states (the real one, or a world
sampled from one seat's knowledge) and answered exactly, double dummy.

A double-dummy answer on a sampled world assumes that, from then on, everybody plays knowing
all the cards. The chance estimated this way is therefore an estimate of the best a seat could
do *if it could see the cards after the decision*; real play, where the closer still has to
guess, succeeds somewhat less often. The notebooks say so next to each figure.
"""

from __future__ import annotations

from ..errors import AnalysisArgumentError
from .adapters import NotSolvable
from .exact import check_state, solve
from .sampling import Estimate, check_count, check_seat, check_seed, estimate, seat_views

__all__ = ["close_succeeds", "close_chance", "makes", "chance"]


def close_succeeds(state) -> bool:
    """Sixty-six: does closing the stock now win the hand for the player to act, with best play
    by both (all cards known)? ``state`` must offer the action "close" [66.close].

    Raises :class:`NotSolvable` if the hand is over or closing is not a legal action now;
    :class:`~cardlab.errors.AnalysisArgumentError` if ``state`` is not a state (e.g. a view)."""
    check_state(state)
    if state.is_finished:
        raise NotSolvable("the hand is over: there is no stock to close [rule 66.close]")
    if not any(a.kind == "close" for a in state.legal_actions()):
        raise NotSolvable("closing the stock is not a legal action in this position [rule 66.close]")
    closer = state.to_act
    return solve(state.apply("close"), seats=(closer,)) > 0


def close_chance(state_or_views, samples: int = 1000, seed: int = 0, workers=None) -> Estimate:
    """Sixty-six: the chance that closing now succeeds, from the knowledge of the player to
    act only: its hand, the turn-up, the cards played and shown. ``samples`` worlds are drawn
    uniformly among the deals consistent with that knowledge and each is solved after the
    close (:func:`close_succeeds`). Returns an :class:`Estimate` with a Wilson 95 % interval.

    ``state_or_views``: a state (the views of its player to act along its history are used)
    or that seat's list of views. ``workers``: where the worlds are solved (default every
    local core; see :mod:`cardlab.analysis.parallel`); the answer does not depend on it.

    Raises
    ------
    NotSolvable
        If the hand is over, or closing is not a legal action for that seat now [66.close].
    AnalysisArgumentError
        (a ``ValueError``) if ``samples`` is not a positive whole number, ``seed`` not a whole
        number, ``workers`` not a positive whole number, an Executor or None, or the views are
        not one seat's views of one hand (see :func:`~cardlab.analysis.knowledge`).
    """
    check_count("samples", samples)
    check_seed(seed)
    if getattr(state_or_views, "is_finished", False):
        raise NotSolvable("the hand is over: there is no stock to close, so no chance to estimate [rule 66.close]")
    views = seat_views(state_or_views)
    last = views[-1]
    if getattr(last, "finished", False) or getattr(last, "to_act", None) is None:
        raise NotSolvable("the hand is over: there is no stock to close, so no chance to estimate [rule 66.close]")
    if not any(getattr(a, "kind", None) == "close" for a in getattr(last, "legal_actions", ())):
        raise NotSolvable("closing the stock is not a legal action for this seat now [rule 66.close]")
    # after a close nobody draws [66.close]: the stock's order no longer matters, so each distinct
    # world (the same unseen cards in the opponent's hand) is solved once
    return estimate(views, close_succeeds, samples=samples, seed=seed, text="closing succeeds", workers=workers,
                    order_matters=False)


def makes(state, seats, threshold: int) -> bool:
    """Does the side of ``seats`` reach at least ``threshold`` with best play, all cards known?
    ``threshold`` is in the variant adapter's unit (``adapters.get(variant).value_unit``: game
    points in Sixty-six and Mariage, points (cards and marriages) in 501, 1 = bid made in Ninety-Nine). Raises
    :class:`NotSolvable` and :class:`~cardlab.errors.AnalysisArgumentError` as
    :func:`~cardlab.analysis.exact.solve` does, and the latter if ``threshold`` is not a
    number."""
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)):
        raise AnalysisArgumentError("threshold", f"threshold must be a number, not {threshold!r}")
    return solve(state, seats=seats) >= threshold


def chance(state_or_views, question, samples: int = 1000, seed: int = 0, text: str = "",
           seat: int | None = None, workers=None) -> Estimate:
    """Any yes/no ``question(world)`` over ``samples`` worlds sampled from the knowledge of
    ``seat`` (default: the player to act of the state). Returns an :class:`Estimate` (the count
    of successes, the samples and the Wilson 95 % interval). Raises :class:`NotSolvable` for a
    variant whose sampled worlds cannot be rebuilt as full states (see :func:`estimate`);
    :class:`~cardlab.errors.AnalysisArgumentError` for ``samples``, ``seed``, ``question``
    or the views as :func:`estimate` does, for a ``seat`` that is not one of the state's (or
    given with views), or a finished state without ``seat``. ``workers`` as for :func:`estimate`."""
    return estimate(seat_views(state_or_views, seat), question, samples=samples, seed=seed, text=text,
                    workers=workers)


# ---------------------------------------------------------------------------------------------
# 501: can I make a bid of N with this hand, before the prikup is seen?


def bid_chance_501(state, bid: int, seat: int | None = None, samples: int = 100, seed: int = 0,
                   trumps: str = "best") -> Estimate:
    """501: the chance that ``seat`` (default: the player to act), bidding ``bid`` with the seven
    cards he holds, makes it, from his knowledge only (before the prikup is seen).

    Each sample deals the 17 unseen cards uniformly to the two other active players (7 each)
    and the prikup (3). The sampled hand is then played through the engine: the seat wins the
    auction at ``bid`` (the others pass), takes the prikup, names trumps and a contract of
    ``bid``, gives two cards away, and the play is solved exactly, the declarer against both
    defenders (double dummy): success if his points (cards and marriages) reach ``bid`` [501.score].

    ``trumps="best"`` tries every trump suit and no trump and keeps the best (the gifts chosen
    for each by the rule-based player :class:`cardlab.players.russian501.Russian501Player`);
    ``trumps="rule"`` names the trump the rule-based player's hand-strength rule picks (5 times
    faster). The gifts are chosen from the declarer's own ten cards only; the play after them
    is solved with all cards open, so the figure is, in practice, an upper estimate of the
    chance at the table (the declarer never has to guess). The other players' calls in the
    auction so far are not used as evidence about their hands. ``bid`` is in points (cards and marriages).

    Returns an :class:`Estimate` (successes, samples, Wilson 95 % interval). Raises
    :class:`NotSolvable` if ``state`` is not a 501 auction in which ``seat`` has looked at his
    cards; :class:`~cardlab.errors.AnalysisArgumentError` (a ``ValueError``) for a ``bid``
    that is not a whole number within the rules' range and step, an unknown ``trumps``, a
    ``samples`` that is not a positive whole number, a ``seed`` that is not a whole number or a
    ``seat`` that is not one of the state's.
    """
    check_state(state)
    check_count("samples", samples)
    check_seed(seed)
    if isinstance(bid, bool) or not isinstance(bid, int):
        raise AnalysisArgumentError("bid", f"bid must be a whole number of points, not {bid!r}")
    if seat is not None:
        check_seat("seat", seat, len(state.names))
    import random as _random

    from .. import russian501 as m
    from ..players.russian501 import Russian501Player, hand_strength
    from .adapters import get
    from .sampling import DealSampler, Knowledge, wilson

    if state.variant != m.VARIANT or state.phase != "bidding":
        raise NotSolvable("bid_chance_501 asks about a 501 hand during its auction")
    seat = state.to_act if seat is None else seat
    view = state.view(seat)
    if not view.hand:
        raise NotSolvable("this seat has not looked at its cards: there is no hand to judge")
    r = state.rules
    if not r.min_bid <= bid <= r.max_bid or (bid - r.min_bid) % r.bid_step:
        step = f" in steps of {r.bid_step}" if r.bid_step > 1 else ""
        raise AnalysisArgumentError("bid", f"a bid under {r.name} is from {r.min_bid} to {r.max_bid}{step}, not {bid} "
                         f"[rules 501.bid.min, 501.bid.max]")
    if trumps not in ("best", "rule"):
        raise AnalysisArgumentError("trumps", f"trumps must be 'best' or 'rule', not {trumps!r}")
    others = [s for s in state.active if s != seat]
    know = Knowledge(seat=seat, unseen=tuple(view.unseen),
                     locations=tuple(f"{state.names[s]}'s hand" for s in others) + ("prikup",),
                     counts=(7, 7, 3), excluded=(frozenset(),) * 3)
    sampler = DealSampler(know)
    rng = _random.Random(seed)
    ad = get(m.VARIANT)
    giver = Russian501Player(seed)
    k = 0
    for _ in range(samples):
        deal = sampler.sample(rng)
        hands = [()] * len(state.names)
        hands[seat] = tuple(view.hand)
        for s, cards in zip(others, deal[:2]):
            hands[s] = cards
        s = m.deal_from_hands(hands, deal[2], rules=r, dealer=state.dealer, names=state.names)
        k += _bid_made_501(s, seat, bid, trumps, giver, ad, hand_strength)
    lo, hi = wilson(k, samples)
    return Estimate(k, samples, k / samples if samples else 0.0, lo, hi,
                    f"{state.names[seat]} makes a bid of {bid}")


def _bid_made_501(s, seat: int, bid: int, trumps: str, giver, ad, hand_strength) -> bool:
    """One sampled 501 deal ``s`` (its first state): ``seat`` wins the auction at ``bid`` (the
    others pass), takes the prikup and tries each trump option (``trumps``: "rule", the one
    ``hand_strength`` picks; "best", no trump and every suit held), ``giver`` passing the two
    cards; made if the declarer's points reach ``bid`` with all cards open (``ad``: the
    variant's analysis adapter)."""
    from .solver import Solver

    while s.phase == "bidding":
        if s.to_act == seat:
            legal = [str(a) for a in s.legal_actions()]
            s = s.apply("look" if "look" in legal and not s.looked[seat] else f"bid {bid}")
        else:
            s = s.apply("pass")
    s = s.apply("take")
    hand10 = s.hands[seat]
    if trumps == "rule":
        options = [hand_strength(hand10)["trump"]]
    else:
        options = [None, *sorted({c.suit for c in hand10})]
    for t in options:
        x = s.apply(f"contract {'NT' if t is None else t.symbol} {bid}")
        while x.phase == "give":
            x = x.apply(giver.choose(x.view(seat)))
        if Solver(ad.play_spec(x, (seat,))).at_least(bid):
            return True
    return False


# ---------------------------------------------------------------------------------------------
# Ninety-Nine: which three bid cards?


def _ways_99(view, m, per_bid: int) -> list:
    """For each bid the hand can make, its ``per_bid`` most natural ways, ranked as the
    rule-based player ranks choices: the trick estimate of the nine cards kept
    (:func:`cardlab.players.ninetynine.estimate_tricks`) nearest the bid first, then the strongest nine
    kept (lowest cards laid aside)."""
    from ..players.ninetynine import estimate_tricks

    tr = m.TRICK_RULES
    out = []
    ways = m.ways_to_bid(tuple(view.hand), view.joker_as, view.rules.wild)
    for bid, combos in sorted(ways.items()):
        ranked = []
        for combo in combos:
            keep = [view.effective(c) for c in view.hand if c not in combo]
            est, _why = estimate_tricks(keep, view.trump)
            strength = sum(tr.strength(c) + (9 if c.suit == view.trump else 0) for c in keep if c.suit is not None)
            ranked.append(((abs(bid - est), -strength), combo))
        ranked.sort(key=lambda kv: kv[0])
        out.extend(combo for _key, combo in ranked[:per_bid])
    return out


def _choices_99(view, m, per_bid: int, choices) -> list[tuple]:
    """The choices of three bid cards :func:`bid_cards_chance_99` compares: ``choices`` read as
    cards (texts or cards) and checked against the seat's hand, or by default the natural ways
    of each bid (:func:`_ways_99`). Raises :class:`AnalysisArgumentError` (and
    :class:`~cardlab.errors.NotationError` for a text that is not cards) as that function says."""
    from ..cards import format_cards, parse_cards

    hand = tuple(view.hand)
    if choices is None:
        choices = _ways_99(view, m, per_bid)
    elif isinstance(choices, (str, bytes)) or not hasattr(choices, "__iter__"):
        raise AnalysisArgumentError("choices", f"choices is a list of three-card choices, not {choices!r}")
    choices = [tuple(parse_cards(c)) for c in choices]
    if not choices:
        raise AnalysisArgumentError("choices", "choices is empty: give at least one choice of three bid cards")
    for c in choices:
        if len(c) != 3 or len(set(c)) != 3 or not set(c) <= set(hand):
            raise AnalysisArgumentError("choices", f"each choice is three different cards of the seat's hand "
                                                   f"({format_cards(hand)}), not {format_cards(c)}")
    return choices


def _sampled_deals_99(state, view, others: list, samples: int, seed: int) -> list:
    """``samples`` deals of the cards ``view``'s seat cannot see to the ``others`` (12 each),
    drawn uniformly with ``random.Random(seed)``: the same for every choice compared."""
    import random

    from .sampling import DealSampler, Knowledge

    know = Knowledge(seat=view.seat, unseen=tuple(view.unseen),
                     locations=tuple(f"{state.names[s]}'s hand" for s in others),
                     counts=(12, 12), excluded=(frozenset(), frozenset()))
    sampler = DealSampler(know)
    rng = random.Random(seed)
    return [sampler.sample(rng) for _ in range(samples)]


def _deal_99(m, state, seat: int, hand: tuple, others: list, deal) -> object:
    """The first state of a sampled Ninety-Nine deal: ``seat`` holds ``hand``, the ``others``
    the sampled hands of ``deal``; the turn-up, rules, dealer, names and previous successes are
    ``state``'s (``m``: the rules module)."""
    hands = [None] * 3
    hands[seat] = hand
    for s, cards in zip(others, deal):
        hands[s] = cards
    return m.deal_from_hands(hands, state.turnup, rules=state.rules, dealer=state.dealer, names=state.names,
                             previous_successes=getattr(state, "previous_successes", None))


def _bid_made_99(s, seat: int, choice: tuple, players: list) -> bool:
    """One sampled Ninety-Nine deal ``s`` (its first state) played out: ``seat`` lays ``choice``
    as bid cards, premiums are passed, and ``players`` (one rule-based player per seat) make
    every other choice; whether ``seat`` took exactly the tricks bid."""
    from ..cards import format_cards

    while not s.is_finished:
        p = s.to_act
        if s.phase == "bidding" and p == seat:
            s = s.apply("bid " + format_cards(choice))
        elif s.phase == "premium":
            s = s.apply("pass")
        else:
            s = s.apply(players[p].choose(s.view(p)))
    return bool(s.result.made[seat])


def bid_choices_made_99(table, view, choices, samples: int, seed: int) -> list[tuple[tuple, int]]:
    """For each of ``choices`` (three-card tuples of ``view``'s hand), in how many of ``samples``
    sampled deals ``view``'s seat makes its bid exactly when it lays that choice and the
    rule-based players play everything else (the same deals for every choice): a list of
    ``(choice, count)``. ``table`` gives the deal's public facts (``names``, ``turnup``,
    ``rules``, ``dealer``, ``previous_successes``): a state, or what a view shows of them
    (:func:`table_of_view_99`). Used by :func:`bid_cards_chance_99` and by the Ninety-Nine
    adapter's valuation of bid cards for the ``expert`` player."""
    counts, _done = bid_choices_made_99_until(table, view, choices, samples, seed)
    return list(zip(choices, counts))


def bid_choices_made_99_until(table, view, choices, samples: int, seed: int, deadline: float | None = None):
    """:func:`bid_choices_made_99` with a clock: ``(counts, deals)``, per choice the deals made
    of the first ``deals`` sampled deals, which stop early once ``deadline`` (a
    ``time.perf_counter()`` reading) has passed and enough are done
    (:func:`cardlab.analysis.adapters.out_of_time`). The deals and the players are those of
    :func:`bid_choices_made_99`, so without a clock the counts are the same."""
    from .. import ninetynine as m
    from ..players.ninetynine import NinetyNinePlayer
    from .adapters import out_of_time

    seat, hand = view.seat, tuple(view.hand)
    others = [s for s in range(3) if s != seat]
    deals = _sampled_deals_99(table, view, others, samples, seed)
    counts = [0] * len(choices)
    done = 0
    for i, deal in enumerate(deals):
        if out_of_time(deadline, done, samples):
            break
        start = _deal_99(m, table, seat, hand, others, deal)
        for k, choice in enumerate(choices):
            counts[k] += _bid_made_99(start, seat, choice, [NinetyNinePlayer(seed * 1000 + i * 3 + p) for p in range(3)])
        done += 1
    return counts, done


def table_of_view_99(view):
    """The public facts of a Ninety-Nine deal that :func:`bid_choices_made_99` re-deals with, read
    from one seat's view: names, turn-up, rules, dealer, and (revised rules) previous successes
    as far as they fix trumps [99.trump.successes]: the count whose trump suit is the deal's."""
    from types import SimpleNamespace

    from .. import ninetynine as m

    previous = None
    if view.rules.mode == "revised" and view.trump is not None:
        previous = next((k for k, suit in m.SUCCESS_TRUMP.items() if suit == view.trump), None)
    return SimpleNamespace(names=view.names, turnup=view.turnup, rules=view.rules, dealer=view.dealer,
                           previous_successes=previous)


def bid_cards_chance_99(state, choices=None, seat: int | None = None, samples: int = 100, seed: int = 0,
                        per_bid: int = 1):
    """Ninety-Nine: for each choice of three bid cards, the chance that ``seat`` (default: the
    player to act) then takes exactly the tricks bid, from his knowledge only.

    Each sample deals the unseen cards uniformly to the two other players (the same samples for
    every choice, so the choices are compared on the same deals). The other players lay their
    bid cards and everybody plays the hand as the rule-based player
    :class:`cardlab.players.ninetynine.NinetyNinePlayer` would (a play-out, not a double-dummy solve:
    against two opponents who only wanted to spoil one exact bid, as a paranoid search assumes,
    almost no bid can be guaranteed). Premiums are passed.

    Parameters
    ----------
    state : a Ninety-Nine state in its bidding phase
    choices : list of three-card tuples (or texts), optional
        Default: for each bid 0–9 the hand can make, its ``per_bid`` most natural ways, ranked
        as the rule-based player ranks them (the trick estimate of the nine cards kept nearest
        the bid, then the strongest nine kept).
    samples, seed : int
        The number of sampled deals (the same for every choice) and the seed.
    per_bid : int
        How many ways of making each bid the default choices include (1: one row per bid).

    Returns
    -------
    pandas.DataFrame
        Indexed by the bid cards; columns "bid" (tricks: ♦ 0, ♠ 1, ♥ 2, ♣ 3 each [99.bid]),
        "made" and "samples" (counts of sampled deals), "chance", "95% low", "95% high" (the
        share of deals where the bid is made exactly, with its Wilson 95 % interval); best
        chance first.

    Raises
    ------
    NotSolvable
        If ``state`` is not a Ninety-Nine hand in its bidding phase.
    AnalysisArgumentError
        (a ``ValueError``) if ``samples`` or ``per_bid`` is not a positive whole number,
        ``seed`` not a whole number, ``seat`` not one of the state's, or ``choices`` is empty or
        holds a choice that is not three different cards of the seat's hand.
    NotationError
        For a choice given as text that is not cards.
    """
    check_state(state)
    check_count("samples", samples)
    check_count("per_bid", per_bid)
    check_seed(seed)
    if seat is not None:
        check_seat("seat", seat, len(state.names))
    from cardlab.optional import pandas as pd

    from .. import ninetynine as m
    from ..cards import format_cards
    from .sampling import wilson

    if state.variant != m.VARIANT or state.phase != "bidding":
        raise NotSolvable("bid_cards_chance_99 asks about a Ninety-Nine hand before the bid cards are laid")
    seat = state.to_act if seat is None else seat
    view = state.view(seat)
    wild, joker_as = state.rules.wild, state.joker_as
    choices = _choices_99(view, m, per_bid, choices)
    rows = []
    for choice, k in bid_choices_made_99(state, view, choices, samples, seed):
        lo, hi = wilson(k, samples)
        rows.append({"bid cards": format_cards(choice), "bid": m.bid_value(choice, joker_as, wild),
                     "made": k, "samples": samples, "chance": round(k / samples, 3),
                     "95% low": round(lo, 3), "95% high": round(hi, 3)})
    return pd.DataFrame(rows).sort_values(["chance", "bid"], ascending=[False, True]).set_index("bid cards")
