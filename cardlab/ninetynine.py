"""Ninety-Nine (David Parlett) for three players: the classic joker game and the revised rules.

Sources: everything2, "Ninety-nine" [E2] (the text of the joker turn-up game,
whose rank line is missing) and docs/rules-notes.md §2 and §5, which resolve the gaps and
name the published rules behind each choice: Parlett's own page [DP99], pagat [P99], *The
Penguin Book of Card Games* [PBCG], Wikipedia [W99], Board Game Arena [BGA99] and H. Fosdick
[FOS99]. Every disagreement between them is an option of :class:`NinetyNineRules`; the presets
:data:`CLASSIC` (the seed's game, the default) and :data:`REVISED` (Parlett's 1990 rules with
premium bids, game of 100 and the rubber) pick one reading each.

The game in short. 36 cards A K Q J 10 9 8 7 6 (A high) plus a joker, or the ♣2 in its place.
Twelve cards each, dealt in batches of 3; the 37th card is turned up and fixes trumps (a turned
up joker, and by default a nine, means no trump). The joker in a hand counts exactly as the
turn-up card, for play and as a bid card. Each player lays aside three *bid cards* face down:
the bid is the sum of their suit values ♦ 0, ♠ 1, ♥ 2, ♣ 3. Eldest leads; follow suit if able,
otherwise any card; nine tricks. Each trick scores 1 point; a player who took exactly the tricks
bid scores 30 more if alone, 20 if two succeeded, 10 if all three did.

Units: *tricks* (0–9 per deal) and *score points* (what the score sheet adds up: 1 per trick
plus bonuses and premiums). There are no card points in Ninety-Nine.

Seats are 0, 1, 2 clockwise; eldest hand is the dealer's left, ``(dealer + 1) % 3``.

Where the sources disagree (rules-notes §2.2), the option and its default:

* B-1 rank line missing from the seed: A K Q J 10 9 8 7 6 (:data:`RANKS_99`).
* B-2 a turned-up nine: no trump (``nine_turnup_no_trump=True``, DP99; ``False`` = the seed's letter).
* B-3 the joker is a copy of the turn-up in every respect (:meth:`NinetyNineState.effective`);
  with a nine turned up and no trump it is that nine, a plain card of the nine's suit.
* B-4 deal packets: 3 (seed) or 1 (DP99), ``deal_packet``.
* B-5 game 99 (seed) or 100 (PBCG), ``target``; the highest total wins; tied leaders play on [REC].
* B-6 premium bids: ``premiums`` (off classic, on revised). Offers are made in turn from eldest;
  a later equal offer is refused, a reveal beats a declaration; the standing offer is carried out
  (cards face up) when the round ends.
* B-7 revised first deal: no trump or ♦ (``first_deal_trump``).
* B-8 no duty to trump; B-9 a failed premium is paid to each opponent on top of any success
  bonus; B-10 failed bid cards stay face down for ever (seat views and the public result).
* ``wild_card``: the joker or the ♣2 in its place; ``mode``: classic or revised.

Typical use::

    from cardlab import ninetynine as nn
    s = nn.deal(nn.CLASSIC, dealer=0, seed=5, names=("Ana", "Boris", "Cleo"))
    s.legal_actions()[:2]         # (Action('bid K♦ 10♦ 8♦'), ...): Boris, eldest, lays aside three cards
    s = s.apply("bid 8♦ 6♦ 10♣")  # a bid of 0 + 0 + 3 = 3
    print(s.explain())            # Boris lays aside three bid cards face down: a secret bid.

Names: :class:`NinetyNineRules`, :class:`NinetyNineState` (phases ``"bidding"``, ``"premium"``,
``"play"``, ``"over"``), :class:`NinetyNineView` (one seat's knowledge), :class:`NinetyNineResult`
(score points per seat) and the score keepers :class:`~cardlab.ninetynine_game.NinetyNineGame` and
:class:`~cardlab.ninetynine_game.NinetyNineRubber` (in :mod:`cardlab.ninetynine_game`, also
reachable as ``ninetynine.NinetyNineGame``). The renderer is :mod:`cardlab.render.ninetynine`, the
rule-based player :class:`cardlab.players.ninetynine.NinetyNinePlayer`, the solver adapter
:mod:`cardlab.analysis.adapt_ninetynine`, the bid-card explorer :mod:`cardlab.widgets.ninetynine`,
the explanations in words :mod:`cardlab.ninetynine_words`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from collections.abc import Sequence as SequenceABC
from functools import lru_cache
from itertools import combinations, repeat
from operator import is_
from typing import ClassVar, Literal, NamedTuple, Sequence

from . import kernels, pack24
from .actions import Action, action_text, play, read_words
from .cards import CARDS_BY_CODE, JOKER, Card, Rank, Suit, format_cards, parse_card, parse_cards
from .rulesets import RuleSet
from .errors import IllegalActionError, NotationError, RulesError, DealError
from .ninetynine_words import explain_step, why_refused
from .state import GameState, HandResult, SeatView
from .variants import Standing, lazy_exports
from .tricks import Trick, TrickRules, trick_winner

__all__ = [
    "VARIANT", "SEAT_NAMES", "NinetyNineRules", "CLASSIC", "REVISED", "PRESETS", "RULES", "RANKS_99", "BID_VALUE",
    "SUCCESS_TRUMP", "PACK_36", "CLUB_TWO", "STRENGTH", "NinetyNineResult", "NinetyNineView", "NinetyNineState",
    "DealError", "deal", "deal_from_hands", "deal_from_places", "places", "deal_start", "STANDING", "shuffled_pack",
    "parse_action", "bid_value", "ways_to_bid", "stand_in", "deal_score", "describe_action", "BidChoices",
]

VARIANT = "ninety-nine"
#: Default player names, one per seat (the default of :func:`deal`, :func:`deal_from_hands` and the
#: score keepers).
SEAT_NAMES: tuple[str, str, str] = ("A", "B", "C")

#: Trick-taking order, high to low: A K Q J 10 9 8 7 6 [P99, PBCG, DP99, FOS99; rules-notes B-1].
RANKS_99: tuple[Rank, ...] = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
                              Rank.SEVEN, Rank.SIX)
#: Tricks each bid card is worth, by suit: ♦ 0, ♠ 1, ♥ 2, ♣ 3 [E2, P99, DP99].
BID_VALUE: dict[Suit, int] = {Suit.DIAMONDS: 0, Suit.SPADES: 1, Suit.HEARTS: 2, Suit.CLUBS: 3}
#: Revised rules: the number of players who made their bid fixes the next deal's trumps [PBCG, W99].
SUCCESS_TRUMP: dict[int, Suit] = {3: Suit.CLUBS, 2: Suit.HEARTS, 1: Suit.SPADES, 0: Suit.DIAMONDS}
#: The 36 ordinary cards, ♣ ♦ ♥ ♠, each A K Q J 10 9 8 7 6.
PACK_36: tuple[Card, ...] = tuple(Card.of(s, r) for s in Suit for r in RANKS_99)
#: The stand-in for the joker when a pack has none [E2, DP99].
CLUB_TWO: Card = Card.of(Suit.CLUBS, Rank.TWO)
TRICK_RULES = TrickRules(rank_order=RANKS_99, must_follow=True)
#: A card's strength in a trick (higher wins; by card, from :data:`RANKS_99`) [99.trick].
STRENGTH: dict = TRICK_RULES._strength
_PACK_SET = frozenset(PACK_36)
_ALL_CARDS = _PACK_SET | {JOKER, CLUB_TWO}

#: The classroom's exercise kinds this variant has, in lesson order (``Variant.exercise_kinds``).
EXERCISE_KINDS: tuple[str, ...] = ("legal", "trick", "bid", "scores")

#: Rule ids, their text and source; every IllegalActionError names one of these ids.
RULES: dict[str, tuple[str, str]] = {
    "99.pack": ("36 cards A K Q J 10 9 8 7 6 in each suit (A high, 6 low); the classic game adds a joker, or the ♣2 "
                "in its place, for 37 cards. The revised rules use the 36 cards only.",
                "E2, P99, PBCG, DP99, FOS99 (rules-notes B-1)"),
    "99.deal": ("12 cards each, dealt in batches of 3 starting with eldest (or one at a time); in the classic game "
                "the 37th card is turned face up beside the hands.", "E2; DP99 deals singly (rules-notes B-4)"),
    "99.trump.turnup": ("Classic: the suit of the turned-up card is trumps; a turned-up joker means no trump, and so "
                        "(by default) does a turned-up nine.", "E2; DP99 for the nine (rules-notes B-2)"),
    "99.joker": ("The joker (or ♣2) in a hand counts exactly as the turned-up card: its suit and rank for following "
                 "suit and winning tricks, its suit as a bid card.", "E2, DP99 (rules-notes B-3)"),
    "99.trump.successes": ("Revised: the first deal is played at no trump (or with ♦ trumps); then 3 successes in "
                           "the previous deal make ♣ trumps, 2 make ♥, 1 makes ♠, none makes ♦.",
                           "PBCG, W99; FOS99 and BGA99 for the ♦ first deal (rules-notes B-7)"),
    "99.turn": ("Only the player to act may act; when the deal is over nobody may.", "all sources"),
    "99.action": ("An action is a card played ('A♠', 'Jo'), three bid cards laid aside ('bid 6♦ K♠ A♣'), or, in "
                  "the premium round, 'declare', 'reveal' or 'pass' (each without a card or number).",
                  "cardlab notation"),
    "99.bid": ("Each player lays aside exactly three bid cards face down; the bid is the sum of their suit values, "
               "♦ 0, ♠ 1, ♥ 2, ♣ 3 (0 to 9 tricks); their ranks do not matter. Play starts once all three have bid.",
               "E2, P99, DP99"),
    "99.premium": ("Premium bids (revised rules): after bidding, each player in turn from eldest may offer to "
                   "declare (turn the bid cards face up, premium 30) or reveal (also play with the whole hand face "
                   "up, premium 60), or pass. Only one player may; a reveal beats a declaration whatever the seat; "
                   "between equal offers the player nearer the dealer's left has priority (so a later equal offer "
                   "is refused). The offer that stands is carried out at the start of play: only then do its "
                   "cards go face up.", "PBCG, W99, BGA99 (rules-notes B-6)"),
    "99.hold": ("You can only play a card you hold; bid cards are out of play.", "E2 (rules-notes B-10)"),
    "99.follow": ("You must follow suit if you can; otherwise you may play any card (no duty to trump).",
                  "E2, PBCG (rules-notes B-8)"),
    "99.trick": ("The highest trump wins the trick, otherwise the highest card of the suit led; the winner leads to "
                 "the next. Eldest leads to the first trick; nine tricks are played.", "E2, PBCG, W99"),
    "99.score": ("Each player scores 1 point per trick won, plus 30 if the only one to take exactly the tricks bid, "
                 "20 each if two did, 10 each if all three did. Those who succeeded show their bid cards.",
                 "E2, PBCG"),
    "99.premium.score": ("A declarer or revealer who succeeds also scores 30 or 60; one who fails gives 30 or 60 to "
                         "each opponent, whether or not the opponent succeeded.", "PBCG (rules-notes B-9)"),
    "99.game": ("The game ends after the deal in which someone reaches 99 (revised: 100); the highest total wins, "
                "and if the highest totals are tied another deal is played.",
                "E2; PBCG for 100; tie rule [REC] (rules-notes B-5)"),
    "99.game.bonus": ("Revised: the winner of a game, and any opponent who reached 100 in it, adds 100.", "PBCG"),
    "99.rubber": ("Revised: a rubber is won by the first player to win three games; each player in turn deals first "
                  "in a new game; the rubber's winner adds 100 for each game fewer than eight played.", "PBCG"),
    "99.dealer": ("The deal passes to the left after each deal.", "DP99, P99"),
}


# ---------------------------------------------------------------------------------------------
# Rules


@dataclass(frozen=True)
class NinetyNineRules(RuleSet):
    """A rule set for three-player Ninety-Nine: every disagreement between sources is one field.

    The defaults are the classic joker game of [E2] resolved by rules-notes §2. Make other
    rule sets with :meth:`with_options`; an unknown option or a value out of range raises
    :class:`~cardlab.errors.RulesError` naming the option.

    Attributes
    ----------
    name : str
        Display name.
    mode : "classic" or "revised"
        Classic: 37 cards, trumps from the turn-up [E2, DP99]. Revised: 36 cards, no turn-up,
        trumps from the previous deal's successes [PBCG, W99].
    wild_card : "joker" or "club-two"
        Classic only: the 37th card, the joker or the ♣2 in its place [E2].
    nine_turnup_no_trump : bool
        A turned-up nine means no trump (DP99; the seed is silent: rules-notes B-2).
    first_deal_trump : "none" or "diamonds"
        Revised only: trumps of a game's first deal (PBCG/W99: none; FOS99, BGA99: ♦; B-7).
    deal_packet : 3 or 1
        Cards per batch in the deal (seed: 3; DP99: one at a time; B-4).
    premiums : bool
        Declaring and revealing are allowed (B-6).
    declare_premium, reveal_premium : int
        Score points of a declaration (30) and a revelation (60) [PBCG].
    success_bonus : tuple of 3 ints
        Bonus for each successful player when one, two or three succeeded: (30, 20, 10).
    target : int
        Score points that end the game (seed: 99; PBCG: 100).
    game_bonus : int
        Added at the end of a game to the winner and to any opponent who reached the target
        (PBCG: 100; seed: 0).
    rubber_games, rubber_par, rubber_bonus : int
        A rubber is won by the first to win ``rubber_games`` games (3); its winner adds
        ``rubber_bonus`` (100) for each game fewer than ``rubber_par`` (8) played [PBCG].
    """

    default_preset = 'classic'

    name: str = "Ninety-Nine (classic: joker turn-up)"
    mode: Literal["classic", "revised"] = "classic"
    wild_card: Literal["joker", "club-two"] = "joker"
    nine_turnup_no_trump: bool = True
    first_deal_trump: Literal["none", "diamonds"] = "none"
    deal_packet: int = 3
    premiums: bool = False
    declare_premium: int = 30
    reveal_premium: int = 60
    success_bonus: tuple[int, int, int] = (30, 20, 10)
    target: int = 99
    game_bonus: int = 0
    rubber_games: int = 3
    rubber_par: int = 8
    rubber_bonus: int = 100

    _CHOICES = {
        "mode": ("classic", "revised"),
        "wild_card": ("joker", "club-two"),
        "first_deal_trump": ("none", "diamonds"),
    }

    _FLAGS = ("nine_turnup_no_trump", "premiums")
    _INTS = (("declare_premium", 0, 1000), ("reveal_premium", 0, 1000), ("target", 1, 10000),
             ("game_bonus", 0, 10000), ("rubber_games", 1, 20), ("rubber_par", 1, 100), ("rubber_bonus", 0, 10000))

    def __post_init__(self):
        self._check_options()
        if self.deal_packet not in (1, 3) or isinstance(self.deal_packet, bool):
            raise RulesError(f"option deal_packet must be 3 (batches of three) or 1 (singly), not "
                             f"{self.deal_packet!r}", "deal_packet")
        sb = self.success_bonus
        if isinstance(sb, list):
            sb = tuple(sb)
            object.__setattr__(self, "success_bonus", sb)
        if (not isinstance(sb, tuple) or len(sb) != 3
                or any(not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= 1000 for x in sb)):
            raise RulesError(f"option success_bonus must be three whole numbers (bonus when one, two, three "
                             f"players succeed), not {self.success_bonus!r}", "success_bonus")

    # -- derived facts ------------------------------------------------------------------------
    @property
    def pack_size(self) -> int:
        """37 in the classic game, 36 in the revised one."""
        return 37 if self.mode == "classic" else 36

    @property
    def wild(self) -> Card | None:
        """The card that counts as the turn-up (the joker or ♣2), or ``None`` (revised rules)."""
        if self.mode != "classic":
            return None
        return JOKER if self.wild_card == "joker" else CLUB_TWO

    @property
    def pack_cards(self) -> frozenset:
        """The set of cards in the pack."""
        w = self.wild
        return _PACK_SET | {w} if w is not None else _PACK_SET


#: The classic joker game of [E2] (rules-notes §2): the default.
CLASSIC = NinetyNineRules()

#: Parlett's revised rules (1990; [PBCG], [P99], rules-notes §2 and §5): no joker, trumps from the
#: previous deal's successes, premium bids, game of 100 with its bonus, the rubber.
REVISED = NinetyNineRules(
    name="Ninety-Nine (Parlett's revised rules)",
    mode="revised",
    premiums=True,
    target=100,
    game_bonus=100,
)

PRESETS: dict[str, NinetyNineRules] = {"classic": CLASSIC, "revised": REVISED}


# ---------------------------------------------------------------------------------------------
# Actions

PASS = Action("pass")
DECLARE = Action("declare")
REVEAL = Action("reveal")
_WORDS = {"pass": PASS, "declare": DECLARE, "reveal": REVEAL}


def parse_action(text: str | Action) -> Action:
    """Parse an action's text: a card (``"A♠"``, ``"10h"``, ``"Jo"``) plays it; ``"bid 6♦ K♠ A♣"``
    lays those three cards aside as bid cards (the order does not matter); ``"declare"``,
    ``"reveal"`` and ``"pass"`` are the premium choices. Raises
    :class:`~cardlab.errors.NotationError` for anything else (the number of bid cards is checked
    by the state, which names rule 99.bid)."""
    t = read_words(text, _WORDS, "'A♠' or 'bid 6♦ K♠ A♣'")
    if isinstance(t, Action):
        return t
    words = t.split()
    if words and words[0].lower() == "bid":
        try:
            cards = parse_cards(" ".join(words[1:]))
        except NotationError as exc:
            raise NotationError(f"{text!r}: {exc}") from None
        return Action("bid", None, cards)
    try:
        return play(parse_card(t))
    except NotationError as exc:
        raise NotationError(
            f"{text!r} is not a Ninety-Nine action: play a card ('A♠', 'Jo'), lay aside bid cards "
            f"('bid 6♦ K♠ A♣'), or say 'declare', 'reveal' or 'pass' ({exc})") from None




_SHAPES = {"play": "a card play names one card of the pack ('A♠', 'Jo') and nothing more",
           "bid": "a bid names its bid cards ('bid 6♦ K♠ A♣'), and no single card",
           **{k: f"'{k}' takes no card and no number" for k in ("pass", "declare", "reveal")}}


def _not_an_action(action: Action) -> str | None:
    """Why ``action`` is not a Ninety-Nine action at all (its kind or payload), in words, or
    ``None`` if it has the shape of one [99.action]. Equal is not enough: an int equals a Card."""
    kind, card, value = action
    if kind == "play":
        ok = card.__class__ is Card and value is None and card in _ALL_CARDS
    elif kind == "bid":
        ok = (card is None and value.__class__ is tuple
              and all(c.__class__ is Card and c in _ALL_CARDS for c in value))
    elif kind in ("pass", "declare", "reveal"):
        ok = card is None and value is None
    else:
        what = "Ninety-Nine has no marriages; " if kind == "marriage" else ""
        return (f"'{action_text(action)}' is not a Ninety-Nine action: {what}play a card, lay aside bid cards "
                f"('bid 6♦ K♠ A♣'), or say 'declare', 'reveal' or 'pass'")
    if ok:
        return None
    return f"'{action_text(action)}' is not a well-formed action: {_SHAPES[kind]}"


# ---------------------------------------------------------------------------------------------
# Bidding helpers (pure functions, used by the state, the player, the widget and the notebook)


def stand_in(card: Card, wild: Card | None, joker_as: Card | None) -> Card:
    """``card`` as it plays and bids: the ``wild`` card (joker or ♣2) becomes ``joker_as`` (the
    turn-up it stands for) when there is one; any other card is itself [99.joker]."""
    return joker_as if (card == wild and joker_as is not None) else card


def bid_value(cards: Sequence[Card | str] | str, joker_as: Card | str | None = None,
              wild: Card | str | None = JOKER) -> int:
    """The bid (tricks) that ``cards`` make as bid cards: ♦ 0, ♠ 1, ♥ 2, ♣ 3 each [E2].

    ``joker_as`` is the card the wild card stands for (the turn-up); ``wild`` is the wild card
    (the joker by default, or ♣2). Raises :class:`~cardlab.errors.NotationError` for text that is
    not a card and ``ValueError`` for a wild card with nothing to stand for."""
    w = parse_card(wild) if wild is not None else None
    j = parse_card(joker_as) if joker_as is not None else None
    total = 0
    for c in (parse_cards(cards) if isinstance(cards, str) else map(parse_card, cards)):
        e = stand_in(c, w, j)
        if e.suit is None:
            raise ValueError(f"{c} has no suit of its own: it counts as the turn-up card, and none was given")
        total += BID_VALUE[e.suit]
    return total


def ways_to_bid(hand: Sequence[Card | str] | str, joker_as: Card | str | None = None,
                wild: Card | str | None = JOKER) -> dict[int, list[tuple[Card, ...]]]:
    """Every way of laying aside three cards of ``hand``, grouped by the bid they make.

    Returns a dict from each bid 0–9 (every key present, possibly with an empty list) to the
    sorted list of 3-card tuples making it; for 12 cards the lists hold C(12, 3) = 220 choices in
    all. ``joker_as`` and ``wild`` as in :func:`bid_value`."""
    cards = parse_cards(hand) if isinstance(hand, str) else [parse_card(c) for c in hand]
    out: dict[int, list[tuple[Card, ...]]] = {b: [] for b in range(10)}
    for combo in combinations(sorted(cards, key=_bid_sort_key(wild, joker_as)), 3):
        out[bid_value(combo, joker_as, wild)].append(combo)
    return out


def _bid_sort_key(wild, joker_as):
    w = parse_card(wild) if wild is not None else None
    j = parse_card(joker_as) if joker_as is not None else None

    def key(c: Card):
        e = stand_in(c, w, j)
        if e.suit is None:
            return (9, 0, 0)
        return (BID_VALUE[e.suit], -STRENGTH[e], c == w)
    return key


class _DealTables(NamedTuple):
    """Per-card lookup tables of one deal's joker reading (indexed by the card's code, 0–79),
    used on the hot path of :meth:`NinetyNineState.legal_actions` and :meth:`NinetyNineState.apply`.
    They are :func:`stand_in` and :func:`_bid_sort_key` written out once per (wild card, card it
    stands for); those plain functions stay the source of truth (tests/test_ninetynine_speed_*)."""

    eff: tuple       # the card as it plays and bids (the wild card becomes the card it stands for)
    suit: tuple      # the suit of ``eff`` (None for a suitless card, or a code that is no card)
    bid_rank: tuple  # the card's place in the order of :func:`_bid_sort_key` (bid value, then rank
    #                  high to low) as a whole number: equal keys, equal numbers


_TABLES: dict[tuple, _DealTables] = {}


def _deal_tables(wild: Card | None, joker_as: Card | None) -> _DealTables:
    """The (cached) :class:`_DealTables` for a wild card and the card it stands for."""
    t = _TABLES.get((wild, joker_as))
    if t is None:
        key = _bid_sort_key(wild, joker_as)
        keys = {code: key(c) for code, c in CARDS_BY_CODE.items()}
        place = {k: i for i, k in enumerate(sorted(set(keys.values())))}
        eff, suit, bid_rank = [None] * 80, [None] * 80, [None] * 80
        for code, c in CARDS_BY_CODE.items():
            e = stand_in(c, wild, joker_as)
            eff[code], suit[code], bid_rank[code] = e, e.suit, place[keys[code]]
        t = _TABLES[(wild, joker_as)] = _DealTables(tuple(eff), tuple(suit), tuple(bid_rank))
    return t


#: ``play(card)`` by card code (None where a code is no card): one index instead of a call.
_PLAY_BY_CODE: tuple = tuple(play(CARDS_BY_CODE[i]) if i in CARDS_BY_CODE else None for i in range(80))


class _BidActions(dict):
    """Interned bid actions: ``_BID_ACTIONS[cards]`` is ``Action("bid", None, cards)`` for a tuple
    of three cards already in bid order, made on first use and shared by every hand that holds
    them. At most C(36, 3) = 7,140 triples without the wild card plus 3 orders x C(36, 2) = 630
    pairs for each of the two wild cards, 10,920 in all, so the cache stays small (about 2 MB)."""

    __slots__ = ()

    def __missing__(self, cards: tuple) -> Action:
        a = self[cards] = Action("bid", None, cards)
        return a


_BID_ACTIONS = _BidActions()


@lru_cache(maxsize=None)
def _combinations(n: int) -> tuple:
    """Every choice of 3 of ``n`` positions, in the order of ``itertools.combinations``, and
    each choice's index."""
    combos = tuple(combinations(range(n), 3))
    return combos, {c: i for i, c in enumerate(combos)}


class BidChoices(SequenceABC):
    """The bid actions of one hand, as a read-only sequence that makes each action only when it
    is asked for [99.bid]: ``Action("bid", None, c) for c in combinations(cards, 3)``, where
    ``cards`` is the hand in bid order (by bid value, then rank). Shape: ``len`` is
    C(len(cards), 3) (220 for 12 cards); indexing (negative and slices too), iteration,
    ``in``, ``index`` and ``count`` answer as the tuple of those actions would (``in`` and
    ``index`` without building it), and it is equal to that tuple. ``legal_actions()`` returns
    it in the bidding phase, so a decision no longer builds 220 actions."""

    __slots__ = ("_cards",)

    def __init__(self, cards: Sequence):
        self._cards = tuple(cards)

    def __len__(self) -> int:
        n = len(self._cards)
        return n * (n - 1) * (n - 2) // 6

    def __getitem__(self, i):
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(len(self))))
        a, b, c = _combinations(len(self._cards))[0][i]
        cs = self._cards
        return _BID_ACTIONS[(cs[a], cs[b], cs[c])]

    def __iter__(self):
        return map(_BID_ACTIONS.__getitem__, combinations(self._cards, 3))

    def __reversed__(self):
        return reversed(tuple(self))

    def _place(self, action) -> int:
        """The index ``action`` would have here if it is listed, else -1 (no action is built)."""
        if action.__class__ is not Action or action.kind != "bid":
            return -1
        value = action.value
        if value.__class__ is not tuple or len(value) != 3:
            return -1
        cs = self._cards
        try:
            where = (cs.index(value[0]), cs.index(value[1]), cs.index(value[2]))
        except ValueError:
            return -1
        return _combinations(len(cs))[1].get(where, -1)

    def __contains__(self, action) -> bool:
        i = self._place(action)
        return i >= 0 and self[i] == action

    def listed(self, action) -> bool:
        """Is ``action`` the very object this sequence lists (identity, as apply's fast path
        asks of a tuple)?"""
        i = self._place(action)
        return i >= 0 and self[i] is action

    def index(self, action, start: int = 0, stop: int | None = None) -> int:
        i = self._place(action)
        n = len(self)
        lo, hi, _ = slice(start, stop).indices(n)
        if i >= 0 and lo <= i < hi and self[i] == action:
            return i
        raise ValueError(f"{action!r} is not in the bid choices")

    def count(self, action) -> int:
        return int(action in self)

    def __eq__(self, other):
        if isinstance(other, BidChoices):
            return self._cards == other._cards
        if isinstance(other, tuple):
            return len(other) == len(self) and tuple(self) == other
        return NotImplemented

    def __hash__(self):
        return hash(tuple(self))

    def __add__(self, other):
        return tuple(self) + tuple(other)

    def __radd__(self, other):
        return tuple(other) + tuple(self)

    def __repr__(self) -> str:
        return f"BidChoices({len(self)} bids from {format_cards(self._cards)})"

    def __reduce__(self):
        return (BidChoices, (self._cards,))


# ---------------------------------------------------------------------------------------------
# Deal


def shuffled_pack(seed: int, rules: NinetyNineRules = CLASSIC) -> tuple[Card, ...]:
    """The pack of ``rules`` (37 or 36 cards: :data:`PACK_36`, then the wild card) shuffled
    reproducibly from an integer ``seed`` by :func:`cardlab.pack24.shuffled_pack` (its
    ``"fisher-yates"`` order, which every seed of this variant has always used). Index 0 is the top
    card, dealt first. Raises :class:`DealError` for a seed that is not a whole number."""
    cards = PACK_36 if rules.wild is None else PACK_36 + (rules.wild,)
    return pack24.shuffled_pack(seed, cards)


def _layout(dealer: int, packet: int) -> tuple[tuple[int, ...], ...]:
    """Pack indices of each seat's 12 cards: packets of ``packet`` cards go to eldest, the
    second player and the dealer in turn (rules-notes §2.1 [REC]). The turn-up is index 36.
    (Computed once per dealer and packet size, then cached: there are six.)"""
    key = (dealer, packet)
    layout = _LAYOUTS.get(key)
    if layout is None:
        seats: list[list[int]] = [[], [], []]
        for i in range(36):
            pos = (i % (3 * packet)) // packet
            seats[(dealer + 1 + pos) % 3].append(i)
        layout = _LAYOUTS[key] = tuple(tuple(s) for s in seats)
    return layout


_LAYOUTS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def check_pack(pack: Sequence) -> tuple[Card, ...]:
    """Validate a pack from a record: the 36 cards plus optionally the joker or ♣2 (any rules).
    Raises :class:`DealError` saying what is wrong."""
    try:
        cards = tuple(parse_card(c) for c in pack)
    except NotationError as exc:
        raise DealError(f"the pack has a card that cannot be read: {exc}") from None
    if len(cards) not in (36, 37):
        raise DealError(f"a Ninety-Nine pack has 37 cards (A K Q J 10 9 8 7 6 of each suit and a joker or the ♣2) "
                        f"or 36 in the revised rules, not {len(cards)} [rule 99.pack]")
    seen: set[Card] = set()
    extra = None
    for i, c in enumerate(cards):
        if c in seen:
            raise DealError(f"card {i} ({c}) appears twice in the pack")
        seen.add(c)
        if c not in _PACK_SET:
            if c in (JOKER, CLUB_TWO) and extra is None:
                extra = c
            else:
                raise DealError(f"card {i} ({c}) is not in the Ninety-Nine pack (A K Q J 10 9 8 7 6, and one joker "
                                f"or ♣2) [rule 99.pack]")
    if len(cards) == 37 and extra is None:
        raise DealError("a 37-card pack needs the joker or the ♣2 as its 37th card [rule 99.pack]")
    return cards


def _check_pack_for(pack: Sequence, rules: NinetyNineRules) -> tuple[Card, ...]:
    cards = check_pack(pack)
    if len(cards) != rules.pack_size or (rules.wild is not None and rules.wild not in cards):
        what = (f"37 cards with the {'joker' if rules.wild == JOKER else '♣2'}" if rules.wild is not None
                else "the 36 cards without a joker")
        raise DealError(f"{rules.name} is played with {what}; this pack has {len(cards)} cards "
                        f"[rule 99.pack]")
    return cards


def _turnup_trump(turnup: Card, rules: NinetyNineRules) -> tuple[Suit | None, str]:
    """Trumps fixed by the turn-up, and why [99.trump.turnup]."""
    if turnup == rules.wild:
        return None, f"the turn-up is the {'joker' if turnup == JOKER else '♣2 (the joker)'}: no trump"
    if turnup.rank == Rank.NINE and rules.nine_turnup_no_trump:
        return None, f"the turn-up is a nine ({turnup}): no trump"
    return turnup.suit, f"the turn-up {turnup} makes {turnup.suit.name.lower()} trumps"


def deal(rules: NinetyNineRules = CLASSIC, dealer: int = 0, seed: int | None = None,
         pack: Sequence[Card | str] | None = None, names: Sequence[str] = SEAT_NAMES,
         previous_successes: int | None = None) -> "NinetyNineState":
    """Deal a hand and return its first state (eldest, the dealer's left, lays aside bid cards
    first).

    Parameters
    ----------
    rules : NinetyNineRules
        The rule set (default :data:`CLASSIC`).
    dealer : int
        Seat 0, 1 or 2.
    seed : int, optional
        Shuffle with :func:`shuffled_pack`. Give ``seed`` or ``pack``, not both.
    pack : sequence of 37 (classic) or 36 (revised) cards or card texts, optional
        The pack from the top, dealt as rules-notes §2.1 says: in packets of ``rules.deal_packet``
        to eldest, the second player and the dealer in turn; card 36 is the classic turn-up.
    names : three str
        Player names, used in explanations.
    previous_successes : int, optional
        Revised rules only: how many players made their bid in the previous deal of the game
        (``None`` for a game's first deal), which fixes trumps [99.trump.successes].

    Raises
    ------
    DealError
        For a pack that is not this rule set's pack, a dealer that is not a seat, neither or
        both of seed and pack, or ``previous_successes`` not in 0–3 (or given in classic mode).
    """
    if not isinstance(rules, NinetyNineRules):
        raise RulesError(f"rules must be a NinetyNineRules, not {type(rules).__name__}")
    if (seed is None) == (pack is None):
        raise DealError(f"give either a seed or a pack (the {rules.pack_size} cards from the top), not both or "
                        f"neither")
    if dealer.__class__ is not int or dealer not in (0, 1, 2):
        raise DealError(f"the dealer is seat 0, 1 or 2, not {dealer!r}")
    if len(tuple(names)) != 3:
        raise DealError(f"Ninety-Nine is for three players; {len(tuple(names))} names were given")
    if previous_successes is not None and (rules.mode != "revised" or previous_successes.__class__ is not int
                                           or previous_successes not in (0, 1, 2, 3)):
        raise DealError("previous_successes (0 to 3) is only for the revised rules, where it fixes trumps "
                        "[rule 99.trump.successes]")
    cards = shuffled_pack(seed, rules) if pack is None else _check_pack_for(pack, rules)
    layout = _layout(dealer, rules.deal_packet)
    hands = tuple(tuple(cards[i] for i in idx) for idx in layout)
    if rules.mode == "classic":
        turnup = cards[36]
        trump, why = _turnup_trump(turnup, rules)
        joker_as = None if turnup == rules.wild else turnup
    else:
        turnup = None
        joker_as = None
        if previous_successes is None:
            trump = Suit.DIAMONDS if rules.first_deal_trump == "diamonds" else None
            why = ("the first deal of a game is played with diamonds as trumps" if trump is not None
                   else "the first deal of a game is played at no trump")
        else:
            trump = SUCCESS_TRUMP[previous_successes]
            why = (f"{previous_successes} player{'s' if previous_successes != 1 else ''} made their bid in the "
                   f"previous deal, so {trump.name.lower()} are trumps")
    return NinetyNineState._initial(rules, dealer, hands, turnup, trump, joker_as, why, tuple(names), cards,
                                    previous_successes)


def deal_from_hands(hands: Sequence[Sequence[Card | str] | str], turnup: Card | str | None = None,
                    rules: NinetyNineRules = CLASSIC, dealer: int = 0, names: Sequence[str] = SEAT_NAMES,
                    previous_successes: int | None = None) -> "NinetyNineState":
    """Deal explicit hands: ``hands[seat]`` (12 cards each, a sequence or one text such as
    ``"A♠ K♠ …"``) and, in the classic game, the ``turnup``. Builds the equivalent pack (so the
    deal can be saved as a record) and calls :func:`deal`; raises :class:`DealError` as it does,
    or if the hands and turn-up are not exactly the rule set's pack."""
    try:
        hs = [parse_cards(h) for h in hands]
        t = parse_card(turnup) if turnup is not None else None
    except NotationError as exc:
        raise DealError(str(exc)) from None
    if len(hs) != 3 or any(len(h) != 12 for h in hs):
        raise DealError("give three hands of 12 cards each")
    if (t is None) != (rules.mode != "classic"):
        raise DealError("the classic game needs the turn-up card; the revised rules have none")
    pack: list = [None] * rules.pack_size
    for seat, idx in enumerate(_layout(dealer, rules.deal_packet)):
        for k, i in enumerate(idx):
            pack[i] = hs[seat][k]
    if t is not None:
        pack[36] = t
    return deal(rules, dealer, pack=pack, names=names, previous_successes=previous_successes)


def places(rules: NinetyNineRules = CLASSIC, dealer: int = 0, players: int = 3) -> tuple:
    """Where a deal puts the cards [99.deal]: 12 to each hand and, in the classic game, the
    turn-up that names trumps (:class:`cardlab.variants.Place`)."""
    from .variants import Place

    hands = tuple(Place(f"hand {i}", 12, "the cards dealt to this seat") for i in range(players))
    return hands + ((Place("turn-up", 1, "the card turned for trumps"),) if rules.mode == "classic" else ())


def deal_start(rules: NinetyNineRules = CLASSIC) -> tuple[str, ...]:
    """The keyword arguments of :func:`deal` that carry the previous hand into this one under
    ``rules``: ``previous_successes`` in the revised rules [99.trump.successes], none in the classic."""
    return ("previous_successes",) if rules.mode == "revised" else ()


#: The standing a game starts from (a record's ``start``): the score keeper's keyword, what its
#: numbers are, how many (0: one per seat) (:attr:`cardlab.variants.Variant.standing`).
STANDING: tuple[Standing, ...] = (Standing("totals", "score points per player"),
                            Standing("previous_successes", "the previous deal's successes (0 to 3; revised rules)", None))


def deal_from_places(places, rules: NinetyNineRules = CLASSIC, dealer: int = 0,
                     names: Sequence[str] = SEAT_NAMES, start=None) -> "NinetyNineState":
    """The first state of the deal that puts the cards of ``places`` (place name -> cards in the
    order dealt, the names of :func:`places`) where they lie: ``deal_from_hands`` with the
    registry's one signature (:attr:`cardlab.variants.Variant.deal_from_places`)."""
    turnup = places.get("turn-up")
    turnup = turnup[0] if isinstance(turnup, (list, tuple)) and len(turnup) == 1 else turnup
    return deal_from_hands([places[f"hand {i}"] for i in range(len(names))], turnup, rules, dealer, names,
                           **dict(start or {}))


# ---------------------------------------------------------------------------------------------
# Tricks, results, views


#: The result's ``reason`` by the number of players who made their bid.
_REASONS = ("no_success", "one_success", "two_successes", "three_successes")


@dataclass(frozen=True)
class NinetyNineResult(HandResult):
    """How a deal was scored [99.score, 99.premium.score] (extends :class:`cardlab.state.HandResult`).

    Attributes
    ----------
    bids : tuple of 3 (int or None)
        Each seat's bid in tricks; ``None`` where the bid is hidden (the public copy in a seat
        view hides the bids of players who failed and had not declared).
    tricks : tuple of 3 int
        Tricks each seat won (they add up to 9).
    made : tuple of 3 bool
        Who took exactly the tricks bid.
    successes : int
        How many made their bid (0–3).
    premium : (seat, "declare" or "reveal") or None
    scores : tuple of 3 int
        Score points each seat scores for this deal.
    parts : tuple of 3 tuples of (label, points)
        Each seat's score in parts (tricks, success bonus, premium), adding up to ``scores``.
    explanation : str
        The scoring in words (only what is public: failed bids are not named).
    returns : tuple of 3 int
        (property) The same as ``scores``: what each seat scores this deal, in :attr:`unit`.
    winner : None
        (property) Always ``None``: a deal of Ninety-Nine has no winner (every seat scores, and
        only the game, to 99 or 100, is won: :attr:`NinetyNineGame.winner`).
    reason : str
        (property) ``"no_success"``, ``"one_success"``, ``"two_successes"`` or
        ``"three_successes"``: how many made their bid (every deal ends after nine tricks).
    """

    unit: ClassVar[str] = "score points"

    bids: tuple
    tricks: tuple[int, int, int]
    made: tuple[bool, bool, bool]
    successes: int
    premium: tuple | None
    scores: tuple[int, int, int]
    parts: tuple
    explanation: str

    @property
    def returns(self) -> tuple[int, int, int]:
        return self.scores

    @property
    def winner(self) -> None:
        return None

    @property
    def reason(self) -> str:
        return _REASONS[self.successes]

    def public(self, shown: Sequence[bool]) -> "NinetyNineResult":
        """A copy with the bids of seats not in ``shown`` replaced by ``None``."""
        return dataclasses.replace(self, bids=tuple(b if shown[s] else None for s, b in enumerate(self.bids)))


def deal_score(bids: Sequence[int], tricks: Sequence[int], rules: NinetyNineRules = CLASSIC,
               premium: tuple | None = None, names: Sequence[str] = SEAT_NAMES
               ) -> tuple[tuple[int, ...], tuple, str]:
    """Score one deal [99.score, 99.premium.score; E2, PBCG].

    Parameters
    ----------
    bids, tricks : three ints each
        Each seat's bid and tricks won.
    premium : (seat, "declare" or "reveal") or None
    rules : NinetyNineRules
        For the success bonuses and premiums.
    names : three str
        Used in the explanation.

    Returns
    -------
    (scores, parts, explanation)
        ``scores[s]`` in score points; ``parts[s]`` a tuple of (label, points); the words.

    Raises
    ------
    ValueError
        For bids that are not three whole numbers 0–9, tricks that are not three whole numbers
        adding up to 9, or a premium that is not ``(seat 0–2, "declare" or "reveal")``.
    """
    def whole(x) -> bool:
        return isinstance(x, int) and not isinstance(x, bool)

    if len(bids) != 3 or not all(whole(b) and 0 <= b <= 9 for b in bids):
        raise ValueError(f"bids must be three whole numbers from 0 to 9 [rule 99.bid], not {tuple(bids)!r}")
    if len(tricks) != 3 or not all(whole(t) and t >= 0 for t in tricks) or sum(tricks) != 9:
        raise ValueError(f"tricks must be three whole numbers adding up to 9 [rule 99.trick], not {tuple(tricks)!r}")
    if premium is not None and (len(premium) != 2 or premium[0].__class__ is not int or premium[0] not in (0, 1, 2)
                                or premium[1] not in ("declare", "reveal")):
        raise ValueError(f"a premium is (seat 0-2, 'declare' or 'reveal') [rule 99.premium], not {premium!r}")
    return _deal_score(bids, tricks, rules, premium, names)


def _deal_score(bids, tricks, rules, premium, names) -> tuple[tuple[int, ...], tuple, str]:
    """:func:`deal_score` without checking its arguments (the state's own, already valid)."""
    made = [bids[s] == tricks[s] for s in range(3)]
    n = sum(made)
    bonus = rules.success_bonus[n - 1] if n else 0
    parts: list[list[tuple[str, int]]] = [[(f"{tricks[s]} trick{'s' if tricks[s] != 1 else ''}", tricks[s])]
                                          for s in range(3)]
    words = []
    for s in range(3):
        if made[s]:
            parts[s].append(({1: "only one to make the bid", 2: "one of two to make the bid",
                              3: "all three made the bid"}[n], bonus))
    if n == 0:
        words.append("nobody took exactly the tricks bid, so there is no bonus")
    else:
        who = " and ".join(names[s] for s in range(3) if made[s])
        phrase = {1: f"{who} alone made the bid: +{bonus}", 2: f"{who} made their bids: +{bonus} each",
                  3: f"all three made their bids: +{bonus} each"}[n]
        words.append(phrase)
    if premium is not None:
        p, kind = premium
        value = rules.declare_premium if kind == "declare" else rules.reveal_premium
        noun = "declaration" if kind == "declare" else "revelation"
        if made[p]:
            parts[p].append((f"{noun} made", value))
            words.append(f"{names[p]}'s {noun} succeeded: +{value}")
        else:
            for o in range(3):
                if o != p:
                    parts[o].append((f"{names[p]}'s {noun} failed", value))
            words.append(f"{names[p]}'s {noun} failed: +{value} to each opponent")
    scores = tuple(sum(v for _, v in ps) for ps in parts)
    tot = ", ".join(f"{names[s]} {scores[s]}" for s in range(3))
    text = "; ".join(words) + f". Scores: {tot} (1 per trick plus bonuses)"
    return scores, tuple(tuple(ps) for ps in parts), text


@dataclass(frozen=True, kw_only=True)
class NinetyNineView(SeatView):
    """What one seat may know: its own cards and everything shown to all (extends
    :class:`cardlab.state.SeatView`, whose fields it has; built with keywords).

    Attributes (besides the base's)
    -------------------------------
    variant : str
        ``VARIANT``.
    hand : tuple of Card
        This seat's cards still to play (12 before bidding, then 9 down to 0).
    bid_cards : tuple of Card
        This seat's own bid cards (empty before it bids).
    bid : int or None
        This seat's own bid.
    hand_sizes : tuple of 3 int
    bids_laid : tuple of 3 bool
        Who has laid aside bid cards (public: the cards are seen going face down).
    shown_bids : tuple of 3 (tuple of Card or None)
        Bid cards face up for everyone: a declarer's or revealer's from the first lead on, and
        at the end the successful players' (``None`` while face down).
    revealed_hand : tuple of 3 (tuple of Card or None)
        The hand of a revealer, face up on the table from the first lead on (``None`` for the
        others).
    trump : Suit or None
    turnup : Card or None
        The classic turn-up card (public); ``None`` in the revised rules.
    joker_as : Card or None
        The card the joker (or ♣2) counts as, ``None`` when it is not in play.
    wild : Card or None
        (property) The wild card of these rules (the joker or ♣2), ``rules.wild``.
    phase : "bidding", "premium", "play" or "over"
    premium : (seat, kind) or None
        The premium offer that stands (public: offers are made aloud); it is carried out, and
        its cards shown, once the premium round is over.
    premium_calls : tuple of (seat, action text)
        What each player said in the premium round, in order.
    trick : tuple of Card
        The current trick, lead first; the card of the i-th player is ``trick[i]``, played by
        seat ``(leader + i) % 3``.
    leader : int
    tricks : tuple of :class:`cardlab.tricks.Trick`
        Completed tricks (public), cards as (seat, Card) pairs in play order.
    tricks_won : tuple of 3 int
    points : tuple of 3 int
        Card points: always 0, Ninety-Nine has none (tricks count: :attr:`tricks_won`).
    unseen : tuple of Card
        The cards this seat cannot see: the others' hidden hands and face-down bid cards.
    legal_actions : tuple of Action
        Only when this seat is to act; otherwise empty.
    finished : bool
    result : NinetyNineResult or None
        The public copy (failed players' bids hidden).
    rules : NinetyNineRules
    names : tuple of str
    """

    variant: str = field(default=VARIANT, kw_only=True)
    bid_cards: tuple
    bid: int | None
    hand_sizes: tuple
    bids_laid: tuple
    shown_bids: tuple
    revealed_hand: tuple
    trump: Suit | None
    turnup: Card | None
    joker_as: Card | None
    premium: tuple | None
    premium_calls: tuple
    leader: int
    tricks_won: tuple
    finished: bool
    names: tuple

    @property
    def wild(self) -> Card | None:
        return self.rules.wild

    def effective(self, card: Card) -> Card:
        """``card`` as it plays: the joker (or ♣2) becomes the card it stands for."""
        return stand_in(card, self.rules.wild, self.joker_as)


# ---------------------------------------------------------------------------------------------
# State


class NinetyNineState(GameState):
    """One moment of a Ninety-Nine deal. Immutable; :meth:`apply` returns the next state.

    Public attributes (read-only by convention; the analysis code relies on them)
    ---------------------------------------------------------------------------
    rules, dealer, names, pack
        The rule set, dealer seat, player names and the pack as dealt (top first).
    hands : tuple of 3 tuples of Card
        Each seat's cards still to play (every card, hidden or not): 12 before bidding, 9 after.
    bid_cards : tuple of 3 tuples of Card
        Each seat's face-down bid cards (empty before it bids).
    bids : tuple of 3 (int or None)
        Each seat's bid, once laid aside.
    turnup : Card or None
        The classic turn-up (public); ``None`` in the revised rules.
    trump : Suit or None
        ``None`` for no trump.
    trump_reason : str
        Why these are trumps, in words.
    joker_as : Card or None
        The card the wild card (joker or ♣2, ``rules.wild``) counts as: the turn-up, unless the
        wild card itself was turned up (then ``None``).
    phase : str
        ``"bidding"`` (laying aside bid cards), ``"premium"``, ``"play"`` or ``"over"``.
    leader : int
        Seat leading the current trick.
    trick : tuple of Card
        The current trick's cards, lead first; ``trick[i]`` was played by ``(leader + i) % 3``.
    tricks : tuple of :class:`cardlab.tricks.Trick`
        Completed tricks in order: ``Trick(leader, cards, winner)``, ``cards`` the (seat, Card)
        pairs in play order (the joker appears as itself; see :attr:`joker_as`).
    tricks_won : tuple of 3 int
        Tricks taken so far per seat (Ninety-Nine has no card points and no marriages:
        :attr:`marriages` is always empty).
    premium : (seat, "declare" or "reveal") or None
        The premium offer that stands (carried out, its cards face up, from the first lead:
        see :attr:`premium_settled`).
    premium_calls : tuple of (seat, str)
        The premium round so far.
    result : NinetyNineResult or None
    trick_rules : TrickRules
        The duties in force during the play (follow suit; no duty to trump or head).
    to_act : int or None
    """

    __slots__ = ("hands", "bid_cards", "bids", "turnup", "trump", "trump_reason", "joker_as", "previous_successes",
                 "phase", "leader", "trick", "tricks", "tricks_won", "premium", "premium_calls", "_tab")

    variant = VARIANT
    trick_rules = TRICK_RULES
    marriages = ()

    @classmethod
    def _initial(cls, rules, dealer, hands, turnup, trump, joker_as, why, names, pack, previous_successes):
        s = cls._blank()
        s.rules = rules
        s.dealer = dealer
        s.names = names
        s.pack = pack
        s.hands = hands
        s.bid_cards = ((), (), ())
        s.bids = (None, None, None)
        s.turnup = turnup
        s.trump = trump
        s.trump_reason = why
        s.joker_as = joker_as
        s.previous_successes = previous_successes
        s.phase = "bidding"
        s.leader = (dealer + 1) % 3
        s.trick = ()
        s.tricks = ()
        s.tricks_won = (0, 0, 0)
        s.premium = None
        s.premium_calls = ()
        s._to_act = (dealer + 1) % 3
        s._tab = _deal_tables(rules.wild, joker_as)
        return s

    # -- queries ------------------------------------------------------------------------------
    @property
    def eldest(self) -> int:
        """The dealer's left, who bids and leads first."""
        return (self.dealer + 1) % 3

    @property
    def depends_on_previous_deal(self) -> bool:
        """``True`` for a revised deal after a game's first: its trumps come from the previous
        deal's successes (:attr:`previous_successes`), so a record of this deal alone would
        replay it as a first deal. Save the whole game (``Record.from_states``) instead."""
        return self.previous_successes is not None

    @property
    def trick_number(self) -> int:
        """1-based number of the trick in play (9 once the deal is over; 0 before the play)."""
        if self.phase in ("bidding", "premium"):
            return 0
        return len(self.tricks) + (1 if self.trick or self.result is None else 0)

    def effective(self, card: Card) -> Card:
        """``card`` as it plays and bids: the wild card becomes :attr:`joker_as` [99.joker]."""
        return stand_in(card, self.rules.wild, self.joker_as)

    def bid_of(self, cards: Sequence[Card]) -> int:
        """The bid ``cards`` would make as bid cards in this deal [99.bid, 99.joker]."""
        return sum(BID_VALUE[self.effective(c).suit] for c in cards)

    def points(self, seat: int) -> int:
        """Card points of ``seat``: always 0, as Ninety-Nine has no card points (each trick scores
        1 point at the end: see :attr:`tricks_won`)."""
        return 0

    def card_locations(self) -> dict[str, tuple[Card, ...]]:
        """Where every card of :attr:`pack` is: ``"hand 0"`` … ``"hand 2"`` (cards still to play),
        ``"bid cards 0"`` … ``"bid cards 2"``, ``"turn-up"`` (the classic turn-up; empty in the
        revised rules), ``"trick"`` (the trick in play) and ``"tricks"`` (completed tricks, in
        play order). Each card is in exactly one place."""
        h, b = self.hands, self.bid_cards
        return {"hand 0": h[0], "hand 1": h[1], "hand 2": h[2], "bid cards 0": b[0], "bid cards 1": b[1],
                "bid cards 2": b[2], "turn-up": () if self.turnup is None else (self.turnup,), "trick": self.trick,
                "tricks": tuple(c for t in self.tricks for _, c in t.cards)}

    def trick_by_seat(self) -> tuple[tuple[int, Card], ...]:
        """The trick in progress with its seats: ``((seat, card), ...)`` in the order played,
        the leader first (empty between tricks and before the play) [99.trick]."""
        leader = self.leader
        return tuple(((leader + i) % 3, c) for i, c in enumerate(self.trick))

    @property
    def premium_settled(self) -> tuple | None:
        """The premium bid carried out: ``(seat, "declare" or "reveal")`` once the premium round
        is over (from the first lead on), else ``None``. During the round a declaration or
        revelation is only an *offer* (a later reveal may still beat a declaration), so nothing
        is turned face up yet [99.premium; PBCG: the cards go face up "at the start of play"]."""
        return self.premium if self.phase in ("play", "over") else None

    @property
    def revealer(self) -> int | None:
        """The seat playing with its whole hand face up (a settled revelation), or ``None``."""
        p = self.premium_settled
        return p[0] if p is not None and p[1] == "reveal" else None

    def shown(self) -> tuple[bool, bool, bool]:
        """Whose bid cards are face up: a declarer's or revealer's once the premium round is
        over (see :attr:`premium_settled`), and at the end those who made their bid."""
        out = [False, False, False]
        if self.premium_settled is not None:
            out[self.premium[0]] = True
        if self.result is not None:
            for s in range(3):
                out[s] = out[s] or self.result.made[s]
        return tuple(out)

    # -- legal actions ------------------------------------------------------------------------
    def _legal_now(self) -> tuple[Action, ...]:
        """The legal actions of a running deal, computed afresh (``legal_actions`` caches them).

        Bidding: every choice of three cards of the hand, as ``bid`` actions whose cards are in a
        fixed order (by bid value, then rank), as a :class:`BidChoices` sequence (each action
        made only when asked for). Premium round: ``pass`` and whichever of
        ``declare`` / ``reveal`` would have priority. Play: the cards that follow suit, or any
        card when void."""
        # Built straight from the hand with the deal's lookup tables (self._tab). It is the same
        # list, in the same order, as the plain rule statement: bid actions are
        # ``Action("bid", None, c) for c in combinations(sorted(hand, key=_bid_sort_key(...)), 3)``
        # and plays are ``legal_plays`` on the effective cards (``legal_plain`` in
        # tests/ninetynine/test_ninetynine_speed_consistency.py, checked against this at every step of random deals).
        seat = self._to_act
        hand = self.hands[seat]
        phase = self.phase
        if phase == "play":
            plays = _PLAY_BY_CODE
            if not self.trick:
                return tuple(map(plays.__getitem__, hand))
            suit = self._tab.suit
            led = suit[self.trick[0]]
            same = tuple([plays[c] for c in hand if suit[c] == led])
            return same if same else tuple(map(plays.__getitem__, hand))
        if phase == "bidding":
            # C(12, 3) = 220 actions, each made (looked up among the interned bid actions) only
            # when asked for
            return BidChoices(sorted(hand, key=self._tab.bid_rank.__getitem__))
        offer = self.premium
        if offer is None:
            return (PASS, DECLARE, REVEAL)
        if offer[1] == "declare":
            return (PASS, REVEAL)
        return (PASS,)

    # -- applying actions: the hooks of GameState.apply --------------------------------------
    _TURN_RULE = "99.turn"
    _parse = staticmethod(parse_action)

    def _accept(self, action: Action | str, legal) -> Action:
        """The action of ``legal`` that ``action`` (an Action not taken from ``legal``, or its
        text, the bid cards in any order) stands for; raises as :meth:`apply` says. An Action not
        of this variant's shape, or only equal to a legal one (an int equals a Card), is refused
        with rule 99.action and never applied."""
        # Overrides the template because a bid names its three cards in any order [99.bid] and
        # the template finds the listed action by equality: a well-formed bid is first put in the
        # listed order, which depends on this deal's joker reading (so the static _parse cannot,
        # and a hand-built Action never goes through _parse). The rest is the template's.
        if not isinstance(action, Action):
            action = parse_action(action)
        if action.kind == "bid" and self.phase == "bidding" and _not_an_action(action) is None:
            action = Action("bid", None, tuple(sorted(action.value, key=self._tab.bid_rank.__getitem__)))
        return GameState._accept(self, action, legal)

    def playout(self, choose) -> NinetyNineResult:
        """Play the deal to its end with ``choose(legal_actions) -> Action`` and return the
        result; this state is unchanged. Raises :class:`IllegalActionError` (or NotationError) for
        an illegal choice, as :meth:`apply` does.

        The same rules as :meth:`apply`, run in place on one scratch copy of this state (no new
        state per action, no history): the result equals that of ``apply`` with the same choices."""
        if self.result is not None:
            return self.result
        s = self._child(self.last_action)
        s._legal = self._legal
        while s.result is None:
            if s.phase == "play":
                s._play_out_cards(choose)
                break
            legal = s._legal
            if legal is None:
                legal = s._legal_now()
            action = choose(legal)
            if not (legal.listed(action) if legal.__class__ is BidChoices
                    else True in map(is_, legal, repeat(action))):   # not the listed object: check it
                action = s._accept(action, legal)
            s._do(s._to_act, action)
            s._legal = None
        return s.result

    def _play_out_cards(self, choose, kernel: str | None = None) -> None:
        """The card play of :meth:`playout`, to the end of the deal, in place on this scratch
        copy, then the score: the compiled loop (:mod:`cardlab._ninetynine_play`) or
        :meth:`_play_out_cards_python`, as ``kernel`` (None: :data:`PLAYOUT_KERNEL`) says."""
        compiled = _playout_module(kernel)
        if compiled is None:
            self._play_out_cards_python(choose)
        else:
            compiled.play_out_cards(self, choose, _PLAY_BY_CODE, _CARD_BY_CODE, STRENGTH, _PAIRS_FROM,
                                    _new_trick)
        self._score()

    def _play_out_cards_python(self, choose) -> None:
        """The card play of :meth:`playout` in Python, to the last trick, in place on this
        scratch copy: the rules of :meth:`_legal_now` (follow suit [99.follow]) and :meth:`_do_play`
        (the trick's winner [99.trick]), on lists kept in local variables, the state's fields
        written back only at the end or before a choice that is not a listed action is
        checked."""
        plays = _PLAY_BY_CODE
        suit, eff = self._tab.suit, self._tab.eff
        trump = self.trump
        hands = [list(h) for h in self.hands]
        trick = list(self.trick)
        tricks = list(self.tricks)
        won = list(self.tricks_won)
        leader = self.leader
        seat = self._to_act
        legal = self._legal
        while True:
            h = hands[seat]
            if legal is None:
                if trick:
                    led = suit[trick[0]]
                    legal = tuple([plays[c] for c in h if suit[c] == led]) or tuple(map(plays.__getitem__, h))
                else:
                    legal = tuple(map(plays.__getitem__, h))
            action = choose(legal)
            if True not in map(is_, legal, repeat(action)):   # not the listed object: check it
                self.hands, self.trick, self.tricks = tuple(map(tuple, hands)), tuple(trick), tuple(tricks)
                self.tricks_won, self.leader, self._to_act = tuple(won), leader, seat
                action = self._accept(action, legal)
            legal = None
            card = action.card
            h.remove(card)
            trick.append(card)
            if len(trick) < 3:
                seat = (seat + 1) % 3
                continue
            winner = (leader + trick_winner((eff[trick[0]], eff[trick[1]], eff[trick[2]]), trump, TRICK_RULES)) % 3
            p0, p1, p2 = _PAIRS_FROM[leader]
            tricks.append(_new_tuple(Trick, (leader, (p0[trick[0]], p1[trick[1]], p2[trick[2]]), winner)))
            won[winner] += 1
            trick = []
            leader = seat = winner
            if len(tricks) == 9:
                break
        self.hands, self.trick, self.tricks = tuple(map(tuple, hands)), (), tuple(tricks)
        self.tricks_won, self.leader, self._to_act = tuple(won), leader, seat

    def _do(self, seat: int, action: Action) -> None:
        """A bid [99.bid] or a premium call [99.premium] by ``seat``, in place on a fresh child."""
        kind = action.kind
        if kind == "bid":
            cards = action.value
            h = tuple(c for c in self.hands[seat] if c not in cards)
            self.hands = _put(self.hands, seat, h)
            self.bid_cards = _put(self.bid_cards, seat, cards)
            suit = self._tab.suit    # bid_of(cards), by table: the suit values of the effective cards
            self.bids = _put(self.bids, seat, BID_VALUE[suit[cards[0]]] + BID_VALUE[suit[cards[1]]]
                             + BID_VALUE[suit[cards[2]]])
            nxt = (seat + 1) % 3
            if nxt == (self.dealer + 1) % 3:  # back to eldest: the dealer has bid, so all three have
                self.phase = "premium" if self.rules.premiums else "play"
            self._to_act = nxt
        elif kind in ("pass", "declare", "reveal"):
            self.premium_calls = self.premium_calls + ((seat, kind),)
            if kind != "pass":
                self.premium = (seat, kind)
            nxt = (seat + 1) % 3
            if nxt == self.eldest:
                self.phase = "play"
            self._to_act = nxt

    def _do_play(self, seat: int, card: Card) -> None:
        h = self.hands[seat]
        i = h.index(card)
        self.hands = _put(self.hands, seat, h[:i] + h[i + 1:])
        trick = self.trick + (card,)
        if len(trick) < 3:
            self.trick = trick
            self._to_act = (seat + 1) % 3
            return
        eff = self._tab.eff
        leader = self.leader
        winner = (leader + trick_winner((eff[trick[0]], eff[trick[1]], eff[trick[2]]), self.trump, TRICK_RULES)) % 3
        p0, p1, p2 = _PAIRS_FROM[leader]    # the (seat, card) pairs, made once at import
        self.tricks = self.tricks + (_new_tuple(Trick, (leader, (p0[trick[0]], p1[trick[1]], p2[trick[2]]),
                                                        winner)),)
        self.tricks_won = _put(self.tricks_won, winner, self.tricks_won[winner] + 1)
        self.trick = ()
        self.leader = winner
        self._to_act = winner
        if len(self.tricks) == 9:
            self._score()

    def _score(self) -> None:
        scores, parts, text = _deal_score(self.bids, self.tricks_won, self.rules, self.premium, self.names)
        made = tuple(self.bids[s] == self.tricks_won[s] for s in range(3))
        self.phase = "over"
        self.result = NinetyNineResult(self.bids, self.tricks_won, made, sum(made), self.premium, scores, parts,
                                       text)

    # -- errors -------------------------------------------------------------------------------
    def _why_illegal(self, action: Action) -> IllegalActionError:
        """Why ``action`` (not one of the legal actions, or only equal to one) is refused, naming
        the rule: 99.action for a malformed action, else the rule it breaks now (in words:
        :func:`cardlab.ninetynine_words.why_refused`)."""
        malformed = _not_an_action(action)
        if malformed is not None:
            return IllegalActionError("99.action", malformed)
        return why_refused(self, action)

    # -- views and words ----------------------------------------------------------------------
    def view(self, seat: int) -> NinetyNineView:
        """What ``seat`` may know now (see :class:`NinetyNineView`): never another player's hidden
        hand or face-down bid cards. Raises ``ValueError`` for a seat that is not 0, 1 or 2."""
        if seat.__class__ is not int or seat not in (0, 1, 2):
            raise ValueError(f"seat must be 0, 1 or 2, not {seat!r}")
        shown = self.shown()
        revealer = self.revealer
        shown_bids = tuple(self.bid_cards[s] if shown[s] and self.bid_cards[s] else None for s in range(3))
        revealed = tuple(self.hands[s] if s == revealer else None for s in range(3))
        visible = set(self.hands[seat]) | set(self.bid_cards[seat]) | set(self.trick)
        for t in self.tricks:
            visible.update(c for _, c in t.cards)
        for s in range(3):
            if shown_bids[s]:
                visible.update(shown_bids[s])
            if revealed[s]:
                visible.update(revealed[s])
        if self.turnup is not None:
            visible.add(self.turnup)
        # in card order, never in the pack's order (which would tell where each card was dealt)
        unseen = tuple(sorted(c for c in self.pack if c not in visible))
        res = (self.result.public(tuple(shown[s] or s == seat for s in range(3))) if self.result is not None
               else None)
        return NinetyNineView(
            seat=seat, hand=self.hands[seat], bid_cards=self.bid_cards[seat], bid=self.bids[seat],
            hand_sizes=tuple(len(h) for h in self.hands), bids_laid=tuple(bool(b) for b in self.bid_cards),
            shown_bids=shown_bids, revealed_hand=revealed, trump=self.trump, turnup=self.turnup,
            joker_as=self.joker_as, phase=self.phase, premium=self.premium,
            premium_calls=self.premium_calls, trick=self.trick, leader=self.leader, tricks=self.tricks,
            tricks_won=self.tricks_won, points=(0, 0, 0), unseen=unseen, to_act=self.to_act,
            legal_actions=self.legal_actions() if self.to_act == seat else (), finished=self.result is not None,
            result=res, rules=self.rules, dealer=self.dealer, names=self.names)

    def explain(self) -> str:
        """The last step in words (the deal, for the first state). Never names a hidden card
        (:func:`cardlab.ninetynine_words.explain_step`)."""
        return explain_step(self)

    def _summary(self) -> str:
        """Where the deal stands, for ``repr``: ``"play, trick 3, trumps ♠, tricks 1–0–1"``."""
        trump = self.trump.symbol if self.trump is not None else "no trump"
        return (f"{self.phase}, trick {self.trick_number}, trumps {trump}, "
                f"tricks {'–'.join(map(str, self.tricks_won))}")


def _put(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


_new_tuple = tuple.__new__
#: ``_CARD_BY_CODE[code]`` is the card of a code (None where a code is no card).
_CARD_BY_CODE: tuple = tuple(CARDS_BY_CODE.get(i) for i in range(80))


def _new_trick(leader: int, cards: tuple, winner: int) -> Trick:
    return _new_tuple(Trick, (leader, cards, winner))


_PLAYOUT_COMPILED = kernels.load("cardlab._ninetynine_play")

#: Which card-play loop :meth:`NinetyNineState.playout` runs: ``"compiled"`` (the C extension
#: :mod:`cardlab._ninetynine_play`, built at installation with the compiled solver) or
#: ``"python"`` (no extension, or ``CARDLAB_PURE_PYTHON=1``). Both give the same results.
PLAYOUT_KERNEL = kernels.default_kernel(_PLAYOUT_COMPILED)


def _playout_module(kernel: str | None):
    """The compiled module for ``kernel`` (None: :data:`PLAYOUT_KERNEL`), or None for Python.
    Raises ``ValueError`` for another name, ``ImportError`` for "compiled" without the extension."""
    return kernels.pick(kernel, PLAYOUT_KERNEL, _PLAYOUT_COMPILED, "the compiled play-out (cardlab._ninetynine_play)")


#: ``_PAIRS[seat][code]`` is the pair ``(seat, card)`` of a completed Trick, shared by every trick.
_PAIRS = tuple(tuple((seat, CARDS_BY_CODE[i]) if i in CARDS_BY_CODE else None for i in range(80)) for seat in range(3))
#: The pair tables of the first, second and third card of a trick led by each seat.
_PAIRS_FROM = tuple((_PAIRS[ld], _PAIRS[(ld + 1) % 3], _PAIRS[(ld + 2) % 3]) for ld in range(3))


# ---------------------------------------------------------------------------------------------
# Front ends


def describe_action(action: Action, state: "NinetyNineState | None" = None) -> "variants.ActionText":  # noqa: F821
    """How a front end shows ``action``: its group, button text and help, in the rule's words.

    A card play is the card (``"Jo (as 8♥)"`` for the wild card when ``state`` says what it
    stands for); a bid ``"Bid 3: 8♦ 6♦ 10♣"`` (group ``"bid"``); the premium round's ``"Declare
    (+30)"`` and ``"Reveal (+60)"`` (group ``"claim"``) and ``"No premium bid"`` (``"pass"``).
    Raises nothing; an action that is not of this variant is shown by its text in the group
    ``"other"``."""
    from .variants import ActionText

    if _not_an_action(action) is not None:
        return ActionText("other", action_text(action), "")
    kind, card, value = action
    rules = getattr(state, "rules", None) or REVISED
    if kind == "play":
        joker_as = getattr(state, "joker_as", None)
        label = f"{card} (as {joker_as})" if joker_as is not None and card == rules.wild else str(card)
        if state is None or not getattr(state, "trick", ()):
            return ActionText("card", label, f"Lead {label}. [rule 99.trick]")
        return ActionText("card", label, f"Play {label} to the trick (follow suit if you can). [rule 99.follow]")
    if kind == "bid":
        cards = format_cards(value)
        try:
            n = state.bid_of(value) if isinstance(state, NinetyNineState) else bid_value(value, None, None)
        except (AttributeError, TypeError, ValueError, KeyError):
            n = None
        if n is None:
            return ActionText("bid", f"Bid cards: {cards}", f"Lay aside {cards} face down as bid cards. [rule 99.bid]")
        return ActionText("bid", f"Bid {n}: {cards}",
                          f"Lay aside {cards} face down as bid cards: a bid of {n} trick{'s' if n != 1 else ''} "
                          f"(♦ 0, ♠ 1, ♥ 2, ♣ 3 each). [rule 99.bid]")
    if kind == "declare":
        v = rules.declare_premium
        return ActionText("claim", f"Declare (+{v})",
                          f"Offer to turn your bid cards face up at the start of play: +{v} if you take exactly the "
                          f"tricks bid, else {v} to each opponent. [rule 99.premium]")
    if kind == "reveal":
        v = rules.reveal_premium
        return ActionText("claim", f"Reveal (+{v})",
                          f"Offer to play with your bid cards and your whole hand face up: +{v} if you take exactly "
                          f"the tricks bid, else {v} to each opponent. [rule 99.premium]")
    return ActionText("pass", "No premium bid", "Pass: make no premium bid this deal. [rule 99.premium]")


# The score keepers live in cardlab.ninetynine_game (to keep this module short); they are
# imported on first use as cardlab.ninetynine.NinetyNineGame and .NinetyNineRubber.
__getattr__ = lazy_exports(__name__, {"NinetyNineGame": "cardlab.ninetynine_game", "NinetyNineRubber": "cardlab.ninetynine_game"})
