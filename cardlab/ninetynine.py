"""Ninety-Nine (David Parlett) for three players: the classic joker game and the revised rules.

Sources: ../shared/seeds/001_*.txt ([SEED-001], the everything2 text of the joker turn-up game,
whose rank line is missing) and ../shared/rules-notes.md §2 and §5, which resolve the gaps and
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
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from itertools import combinations, repeat
from operator import is_
from typing import Literal, NamedTuple, Sequence

from .actions import Action, play
from .cards import JOKER, Card, Rank, Suit, format_cards, parse_card, parse_cards
from .rulesets import RuleSet
from .errors import IllegalActionError, NotationError, RulesError, DealError
from .state import GameState
from .tricks import TrickRules, legal_plays, trick_winner

__all__ = [
    "NinetyNineRules", "CLASSIC", "REVISED", "PRESETS", "RULES", "RANKS_99", "BID_VALUE", "SUCCESS_TRUMP",
    "PACK_36", "CLUB_TWO", "Trick", "NinetyNineResult", "NinetyNineView", "NinetyNineState", "NinetyNineGame",
    "NinetyNineRubber", "NinetyNinePlayer", "DealError", "deal", "deal_from_hands", "shuffled_pack",
    "parse_action", "bid_value", "ways_to_bid", "estimate_tricks", "deal_score",
]

VARIANT = "ninety-nine"

#: Trick-taking order, high to low: A K Q J 10 9 8 7 6 [P99, PBCG, DP99, FOS99; rules-notes B-1].
RANKS_99: tuple[Rank, ...] = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
                              Rank.SEVEN, Rank.SIX)
#: Tricks each bid card is worth, by suit: ♦ 0, ♠ 1, ♥ 2, ♣ 3 [SEED-001, P99, DP99].
BID_VALUE: dict[Suit, int] = {Suit.DIAMONDS: 0, Suit.SPADES: 1, Suit.HEARTS: 2, Suit.CLUBS: 3}
#: Revised rules: the number of players who made their bid fixes the next deal's trumps [PBCG, W99].
SUCCESS_TRUMP: dict[int, Suit] = {3: Suit.CLUBS, 2: Suit.HEARTS, 1: Suit.SPADES, 0: Suit.DIAMONDS}
#: The 36 ordinary cards, ♣ ♦ ♥ ♠, each A K Q J 10 9 8 7 6.
PACK_36: tuple[Card, ...] = tuple(Card.of(s, r) for s in Suit for r in RANKS_99)
#: The stand-in for the joker when a pack has none [SEED-001, DP99].
CLUB_TWO: Card = Card.of(Suit.CLUBS, Rank.TWO)
TRICK_RULES = TrickRules(rank_order=RANKS_99, must_follow=True)
_STRENGTH = TRICK_RULES._strength
_PACK_SET = frozenset(PACK_36)

#: Rule ids, their text and source; every IllegalActionError names one of these ids.
RULES: dict[str, tuple[str, str]] = {
    "99.pack": ("36 cards A K Q J 10 9 8 7 6 in each suit (A high, 6 low); the classic game adds a joker, or the ♣2 "
                "in its place, for 37 cards. The revised rules use the 36 cards only.",
                "SEED-001, P99, PBCG, DP99, FOS99 (rules-notes B-1)"),
    "99.deal": ("12 cards each, dealt in batches of 3 starting with eldest (or one at a time); in the classic game "
                "the 37th card is turned face up beside the hands.", "SEED-001; DP99 deals singly (rules-notes B-4)"),
    "99.trump.turnup": ("Classic: the suit of the turned-up card is trumps; a turned-up joker means no trump, and so "
                        "(by default) does a turned-up nine.", "SEED-001; DP99 for the nine (rules-notes B-2)"),
    "99.joker": ("The joker (or ♣2) in a hand counts exactly as the turned-up card: its suit and rank for following "
                 "suit and winning tricks, its suit as a bid card.", "SEED-001, DP99 (rules-notes B-3)"),
    "99.trump.successes": ("Revised: the first deal is played at no trump (or with ♦ trumps); then 3 successes in "
                           "the previous deal make ♣ trumps, 2 make ♥, 1 makes ♠, none makes ♦.",
                           "PBCG, W99; FOS99 and BGA99 for the ♦ first deal (rules-notes B-7)"),
    "99.turn": ("Only the player to act may act; when the deal is over nobody may.", "all sources"),
    "99.bid": ("Each player lays aside exactly three bid cards face down; the bid is the sum of their suit values, "
               "♦ 0, ♠ 1, ♥ 2, ♣ 3 (0 to 9 tricks); their ranks do not matter. Play starts once all three have bid.",
               "SEED-001, P99, DP99"),
    "99.premium": ("Premium bids (revised rules): after bidding, each player in turn from eldest may offer to "
                   "declare (turn the bid cards face up, premium 30) or reveal (also play with the whole hand face "
                   "up, premium 60), or pass. Only one player may; a reveal beats a declaration whatever the seat; "
                   "between equal offers the player nearer the dealer's left has priority (so a later equal offer "
                   "is refused). The offer that stands is carried out at the start of play: only then do its "
                   "cards go face up.", "PBCG, W99, BGA99 (rules-notes B-6)"),
    "99.hold": ("You can only play a card you hold; bid cards are out of play.", "SEED-001 (rules-notes B-10)"),
    "99.follow": ("You must follow suit if you can; otherwise you may play any card (no duty to trump).",
                  "SEED-001, PBCG (rules-notes B-8)"),
    "99.trick": ("The highest trump wins the trick, otherwise the highest card of the suit led; the winner leads to "
                 "the next. Eldest leads to the first trick; nine tricks are played.", "SEED-001, PBCG, W99"),
    "99.score": ("Each player scores 1 point per trick won, plus 30 if the only one to take exactly the tricks bid, "
                 "20 each if two did, 10 each if all three did. Those who succeeded show their bid cards.",
                 "SEED-001, PBCG"),
    "99.premium.score": ("A declarer or revealer who succeeds also scores 30 or 60; one who fails gives 30 or 60 to "
                         "each opponent, whether or not the opponent succeeded.", "PBCG (rules-notes B-9)"),
    "99.game": ("The game ends after the deal in which someone reaches 99 (revised: 100); the highest total wins, "
                "and if the highest totals are tied another deal is played.",
                "SEED-001; PBCG for 100; tie rule [REC] (rules-notes B-5)"),
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

    The defaults are the classic joker game of [SEED-001] resolved by rules-notes §2. Make other
    rule sets with :meth:`with_options`; an unknown option or a value out of range raises
    :class:`~cardlab.errors.RulesError` naming the option.

    Attributes
    ----------
    name : str
        Display name.
    mode : "classic" or "revised"
        Classic: 37 cards, trumps from the turn-up [SEED-001, DP99]. Revised: 36 cards, no turn-up,
        trumps from the previous deal's successes [PBCG, W99].
    wild_card : "joker" or "club-two"
        Classic only: the 37th card, the joker or the ♣2 in its place [SEED-001].
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

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name:
            raise RulesError("option name must be a non-empty text", "name")
        for f, allowed in self._CHOICES.items():
            if getattr(self, f) not in allowed:
                raise RulesError(f"option {f}={getattr(self, f)!r} is not one of {', '.join(allowed)}", f)
        for f in ("nine_turnup_no_trump", "premiums"):
            if not isinstance(getattr(self, f), bool):
                raise RulesError(f"option {f} must be true or false, not {getattr(self, f)!r}", f)
        if self.deal_packet not in (1, 3) or isinstance(self.deal_packet, bool):
            raise RulesError(f"option deal_packet must be 3 (batches of three) or 1 (singly), not "
                             f"{self.deal_packet!r}", "deal_packet")
        for f, lo, hi in (("declare_premium", 0, 1000), ("reveal_premium", 0, 1000), ("target", 1, 10000),
                          ("game_bonus", 0, 10000), ("rubber_games", 1, 20), ("rubber_par", 1, 100),
                          ("rubber_bonus", 0, 10000)):
            v = getattr(self, f)
            if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
                raise RulesError(f"option {f} must be a whole number from {lo} to {hi}, not {v!r}", f)
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



#: The classic joker game of [SEED-001] (rules-notes §2): the default.
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
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise NotationError(f"an action must be text such as 'A♠' or 'bid 6♦ K♠ A♣', not {type(text).__name__}")
    t = text.strip()
    low = t.lower()
    if low in _WORDS:
        return _WORDS[low]
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


# ---------------------------------------------------------------------------------------------
# Bidding helpers (pure functions, used by the state, the player, the widget and the notebook)


def _stand_in(card: Card, wild: Card | None, joker_as: Card | None) -> Card:
    return joker_as if (card == wild and joker_as is not None) else card


def bid_value(cards: Sequence[Card | str] | str, joker_as: Card | str | None = None,
              wild: Card | str | None = JOKER) -> int:
    """The bid (tricks) that ``cards`` make as bid cards: ♦ 0, ♠ 1, ♥ 2, ♣ 3 each [SEED-001].

    ``joker_as`` is the card the wild card stands for (the turn-up); ``wild`` is the wild card
    (the joker by default, or ♣2). Raises :class:`~cardlab.errors.NotationError` for text that is
    not a card and ``ValueError`` for a wild card with nothing to stand for."""
    w = parse_card(wild) if wild is not None else None
    j = parse_card(joker_as) if joker_as is not None else None
    total = 0
    for c in (parse_cards(cards) if isinstance(cards, str) else map(parse_card, cards)):
        e = _stand_in(c, w, j)
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
        e = _stand_in(c, w, j)
        if e.suit is None:
            return (9, 0, 0)
        return (BID_VALUE[e.suit], -_STRENGTH[e], c == w)
    return key


class _DealTables(NamedTuple):
    """Per-card lookup tables of one deal's joker reading (indexed by the card's code, 0–79),
    used on the hot path of :meth:`NinetyNineState.legal_actions` and :meth:`NinetyNineState.apply`.
    They are :func:`_stand_in` and :func:`_bid_sort_key` written out once per (wild card, card it
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
        keys = {code: key(c) for code, c in Card._table.items()}
        place = {k: i for i, k in enumerate(sorted(set(keys.values())))}
        eff, suit, bid_rank = [None] * 80, [None] * 80, [None] * 80
        for code, c in Card._table.items():
            e = _stand_in(c, wild, joker_as)
            eff[code], suit[code], bid_rank[code] = e, e.suit, place[keys[code]]
        t = _TABLES[(wild, joker_as)] = _DealTables(tuple(eff), tuple(suit), tuple(bid_rank))
    return t


#: ``play(card)`` by card code (None where a code is no card): one index instead of a call.
_PLAY_BY_CODE: tuple = tuple(play(Card._table[i]) if i in Card._table else None for i in range(80))


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


def estimate_tricks(cards: Sequence[Card], trump: Suit | None) -> tuple[float, list[str]]:
    """A learner's estimate of the tricks ``cards`` (the nine to play, with the joker already
    replaced by the card it stands for) will take, with the reasons, one line per counted card.

    Counting rules (readable, not optimal):

    * an ace counts 1; a king counts 1 with the ace of its suit, else ½ if it has a guard;
      a queen counts ½ with the ace or king of its suit and a guard;
    * trumps: every trump beyond the third counts 1 more (long trumps win when the others are
      out); the jack of trumps counts ½ with three or more trumps;
    * at no trump, every card beyond the fourth in a suit headed by an ace or king counts ½.

    Returns ``(estimate, reasons)``; the estimate is a multiple of ½."""
    by_suit: dict[Suit, list[Card]] = {s: [] for s in Suit}
    for c in cards:
        by_suit[c.suit].append(c)
    est = 0.0
    why: list[str] = []
    for s, held in by_suit.items():
        ranks = {c.rank for c in held}
        n = len(held)
        if Rank.ACE in ranks:
            est += 1
            why.append(f"A{s.symbol}: 1")
        if Rank.KING in ranks:
            if Rank.ACE in ranks:
                est += 1
                why.append(f"K{s.symbol} with the ace: 1")
            elif n >= 2:
                est += 0.5
                why.append(f"K{s.symbol} guarded: ½")
        if Rank.QUEEN in ranks and n >= 3 and (Rank.ACE in ranks or Rank.KING in ranks):
            est += 0.5
            why.append(f"Q{s.symbol} with a higher honour: ½")
        if s == trump:
            if n > 3:
                est += n - 3
                why.append(f"{n} trumps: {n - 3} long trump{'s' if n > 4 else ''}")
            if Rank.JACK in ranks and n >= 3:
                est += 0.5
                why.append(f"J{s.symbol} among {n} trumps: ½")
        elif trump is None and n > 4 and (Rank.ACE in ranks or Rank.KING in ranks):
            est += 0.5 * (n - 4)
            why.append(f"long {s.symbol} ({n} cards): {0.5 * (n - 4):g}")
    return est, why


# ---------------------------------------------------------------------------------------------
# Deal


def shuffled_pack(seed: int, rules: NinetyNineRules = CLASSIC) -> tuple[Card, ...]:
    """The pack of ``rules`` (37 or 36 cards) shuffled reproducibly from an integer ``seed``
    (Fisher-Yates driven by :meth:`random.Random.random`). Index 0 is the top card, dealt first.
    Raises :class:`DealError` for a seed that is not a whole number."""
    import random

    if not isinstance(seed, int) or isinstance(seed, bool):
        raise DealError(f"a seed must be a whole number, not {seed!r}")
    rnd = random.Random(seed).random
    pack = list(PACK_36)
    if rules.wild is not None:
        pack.append(rules.wild)
    for i in range(len(pack) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        pack[i], pack[j] = pack[j], pack[i]
    return tuple(pack)


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


def _check_pack_cards(pack: Sequence) -> tuple[Card, ...]:
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


def _check_pack(pack: Sequence, rules: NinetyNineRules) -> tuple[Card, ...]:
    cards = _check_pack_cards(pack)
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
    return turnup.suit, f"the turn-up {turnup} makes {_suit_name(turnup.suit)} trumps"


def _suit_name(s: Suit) -> str:
    return {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}[s]


def deal(rules: NinetyNineRules = CLASSIC, dealer: int = 0, seed: int | None = None,
         pack: Sequence[Card | str] | None = None, names: Sequence[str] = ("A", "B", "C"),
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
    if dealer not in (0, 1, 2) or isinstance(dealer, bool):
        raise DealError(f"the dealer is seat 0, 1 or 2, not {dealer!r}")
    if len(tuple(names)) != 3:
        raise DealError(f"Ninety-Nine is for three players; {len(tuple(names))} names were given")
    if previous_successes is not None and (rules.mode != "revised" or previous_successes not in (0, 1, 2, 3)):
        raise DealError("previous_successes (0 to 3) is only for the revised rules, where it fixes trumps "
                        "[rule 99.trump.successes]")
    cards = shuffled_pack(seed, rules) if pack is None else _check_pack(pack, rules)
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
                   f"previous deal, so {_suit_name(trump)} are trumps")
    return NinetyNineState._initial(rules, dealer, hands, turnup, trump, joker_as, why, tuple(names), cards,
                                    previous_successes)


def deal_from_hands(hands: Sequence[Sequence[Card | str] | str], turnup: Card | str | None = None,
                    rules: NinetyNineRules = CLASSIC, dealer: int = 0, names: Sequence[str] = ("A", "B", "C"),
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


# ---------------------------------------------------------------------------------------------
# Tricks, results, views


class Trick(NamedTuple):
    """A completed trick.

    Attributes
    ----------
    leader : int
        The seat that led.
    cards : tuple of 3 Card
        In play order, the lead first: the card of seat ``s`` is ``cards[(s - leader) % 3]``
        (the joker appears as itself; see :attr:`NinetyNineState.joker_as`).
    winner : int
        The seat that won it.
    """

    leader: int
    cards: tuple
    winner: int

    def by_seat(self) -> tuple[Card, Card, Card]:
        """The cards indexed by seat (``by_seat()[s]`` is what seat ``s`` played)."""
        return tuple(self.cards[(s - self.leader) % 3] for s in range(3))  # type: ignore[return-value]


@dataclass(frozen=True)
class NinetyNineResult:
    """How a deal was scored [99.score, 99.premium.score].

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
    """

    bids: tuple
    tricks: tuple[int, int, int]
    made: tuple[bool, bool, bool]
    successes: int
    premium: tuple | None
    scores: tuple[int, int, int]
    parts: tuple
    explanation: str

    def public(self, shown: Sequence[bool]) -> "NinetyNineResult":
        """A copy with the bids of seats not in ``shown`` replaced by ``None``."""
        return dataclasses.replace(self, bids=tuple(b if shown[s] else None for s, b in enumerate(self.bids)))


def deal_score(bids: Sequence[int], tricks: Sequence[int], rules: NinetyNineRules = CLASSIC,
               premium: tuple | None = None, names: Sequence[str] = ("A", "B", "C")
               ) -> tuple[tuple[int, ...], tuple, str]:
    """Score one deal [99.score, 99.premium.score; SEED-001, PBCG].

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
    if premium is not None and (len(premium) != 2 or premium[0] not in (0, 1, 2) or isinstance(premium[0], bool)
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


@dataclass(frozen=True)
class NinetyNineView:
    """What one seat may know: its own cards and everything shown to all.

    Attributes
    ----------
    seat : int
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
        The wild card of these rules (the joker or ♣2).
    phase : "bid", "premium", "play" or "over"
    premium : (seat, kind) or None
        The premium offer that stands (public: offers are made aloud); it is carried out, and
        its cards shown, once the premium round is over.
    premium_calls : tuple of (seat, action text)
        What each player said in the premium round, in order.
    trick : tuple of Card
        The current trick, lead first; the card of the i-th player is ``trick[i]``, played by
        seat ``(leader + i) % 3``.
    leader : int
    tricks : tuple of Trick
        Completed tricks (public).
    tricks_won : tuple of 3 int
    unseen : tuple of Card
        The cards this seat cannot see: the others' hidden hands and face-down bid cards.
    to_act : int or None
    legal_actions : tuple of Action
        Only when this seat is to act; otherwise empty.
    finished : bool
    result : NinetyNineResult or None
        The public copy (failed players' bids hidden).
    rules : NinetyNineRules
    dealer : int
    names : tuple of str
    """

    seat: int
    hand: tuple
    bid_cards: tuple
    bid: int | None
    hand_sizes: tuple
    bids_laid: tuple
    shown_bids: tuple
    revealed_hand: tuple
    trump: Suit | None
    turnup: Card | None
    joker_as: Card | None
    wild: Card | None
    phase: str
    premium: tuple | None
    premium_calls: tuple
    trick: tuple
    leader: int
    tricks: tuple
    tricks_won: tuple
    unseen: tuple
    to_act: int | None
    legal_actions: tuple
    finished: bool
    result: NinetyNineResult | None
    rules: NinetyNineRules
    dealer: int
    names: tuple

    def effective(self, card: Card) -> Card:
        """``card`` as it plays: the joker (or ♣2) becomes the card it stands for."""
        return _stand_in(card, self.wild, self.joker_as)


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
        ``"bid"``, ``"premium"``, ``"play"`` or ``"over"``.
    leader : int
        Seat leading the current trick.
    trick : tuple of Card
        The current trick's cards, lead first; ``trick[i]`` was played by ``(leader + i) % 3``.
    tricks : tuple of :class:`Trick`
        Completed tricks in order (leader, cards in play order, winner).
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

    __slots__ = ("rules", "dealer", "names", "pack", "hands", "bid_cards", "bids", "turnup", "trump", "trump_reason",
                 "joker_as", "previous_successes", "phase", "leader", "trick", "tricks", "tricks_won", "premium",
                 "premium_calls", "result", "_to_act", "_tab")

    variant = VARIANT
    trick_rules = TRICK_RULES
    marriages = ()

    @classmethod
    def _initial(cls, rules, dealer, hands, turnup, trump, joker_as, why, names, pack, previous_successes):
        s = object.__new__(cls)
        s.parent = None
        s.last_action = None
        s._legal = None
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
        s.phase = "bid"
        s.leader = (dealer + 1) % 3
        s.trick = ()
        s.tricks = ()
        s.tricks_won = (0, 0, 0)
        s.premium = None
        s.premium_calls = ()
        s.result = None
        s._to_act = (dealer + 1) % 3
        s._tab = _deal_tables(rules.wild, joker_as)
        return s

    def _child(self, action: Action) -> "NinetyNineState":
        # Every slot of NinetyNineState copied by hand (faster than a loop over __slots__); the
        # tuples are shared, never changed in place. Add a new slot here too.
        s = _new_state(NinetyNineState)
        s.rules = self.rules
        s.dealer = self.dealer
        s.names = self.names
        s.pack = self.pack
        s.hands = self.hands
        s.bid_cards = self.bid_cards
        s.bids = self.bids
        s.turnup = self.turnup
        s.trump = self.trump
        s.trump_reason = self.trump_reason
        s.joker_as = self.joker_as
        s.previous_successes = self.previous_successes
        s.phase = self.phase
        s.leader = self.leader
        s.trick = self.trick
        s.tricks = self.tricks
        s.tricks_won = self.tricks_won
        s.premium = self.premium
        s.premium_calls = self.premium_calls
        s.result = self.result
        s._to_act = self._to_act
        s._tab = self._tab
        s.parent = self
        s.last_action = action
        s._legal = None
        return s

    # -- queries ------------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` when the deal is over."""
        return None if self.result is not None else self._to_act

    @property
    def is_finished(self) -> bool:
        return self.result is not None

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
        if self.phase in ("bid", "premium"):
            return 0
        return len(self.tricks) + (1 if self.trick or self.result is None else 0)

    def effective(self, card: Card) -> Card:
        """``card`` as it plays and bids: the wild card becomes :attr:`joker_as` [99.joker]."""
        return _stand_in(card, self.rules.wild, self.joker_as)

    def bid_of(self, cards: Sequence[Card]) -> int:
        """The bid ``cards`` would make as bid cards in this deal [99.bid, 99.joker]."""
        return sum(BID_VALUE[self.effective(c).suit] for c in cards)

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
    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the player to act may take (empty once the deal is over).

        Bidding: every choice of three cards of the hand, as ``bid`` actions whose cards are in a
        fixed order (by bid value, then rank). Premium round: ``pass`` and whichever of
        ``declare`` / ``reveal`` would have priority. Play: the cards that follow suit, or any
        card when void."""
        legal = self._legal
        if legal is None:
            self._legal = legal = () if self.result is not None else self._legal_now()
        return legal

    def _legal_now(self) -> tuple[Action, ...]:
        # Built straight from the hand with the deal's lookup tables (self._tab). It is the same
        # list, in the same order, as the plain rule statement: bid actions are
        # ``Action("bid", None, c) for c in combinations(sorted(hand, key=_bid_sort_key(...)), 3)``
        # and plays are ``legal_plays`` on the effective cards (see _legal_plain, checked against
        # this at every step of random deals by tests/test_ninetynine_speed_consistency.py).
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
        if phase == "bid":
            # C(12, 3) = 220 actions, looked up (in C) among the interned bid actions.
            ordered = sorted(hand, key=self._tab.bid_rank.__getitem__)
            return tuple(map(_BID_ACTIONS.__getitem__, combinations(ordered, 3)))
        offer = self.premium
        if offer is None:
            return (PASS, DECLARE, REVEAL)
        if offer[1] == "declare":
            return (PASS, REVEAL)
        return (PASS,)

    def _legal_plain(self) -> tuple[Action, ...]:
        """The legal actions written out from the plain rule statements (:func:`_bid_sort_key`,
        :func:`~cardlab.tricks.legal_plays` on :meth:`effective` cards): slower, the reference
        that :meth:`legal_actions` must equal exactly, order included."""
        if self.result is not None:
            return ()
        seat = self._to_act
        hand = self.hands[seat]
        if self.phase == "bid":
            key = _bid_sort_key(self.rules.wild, self.joker_as)
            return tuple(Action("bid", None, c) for c in combinations(sorted(hand, key=key), 3))
        if self.phase == "premium":
            offer = self.premium
            if offer is None:
                return (PASS, DECLARE, REVEAL)
            if offer[1] == "declare":
                return (PASS, REVEAL)
            return (PASS,)
        if not self.trick:
            return tuple(play(c) for c in hand)
        eff = {self.effective(c): c for c in hand}
        allowed = legal_plays(tuple(eff), tuple(self.effective(c) for c in self.trick), self.trump, TRICK_RULES)
        return tuple(play(eff[c]) for c in allowed)

    # -- applying actions -----------------------------------------------------------------
    def _canonical(self, action: Action) -> Action:
        if action.kind == "bid" and isinstance(action.value, tuple) and self.phase == "bid":
            key = _bid_sort_key(self.rules.wild, self.joker_as)
            return Action("bid", None, tuple(sorted(action.value, key=key)))
        return action

    def apply(self, action: Action | str) -> "NinetyNineState":
        """Return the state after ``action`` (an :class:`Action` or its text: ``"A♠"``,
        ``"bid 6♦ K♠ A♣"``, ``"declare"``, ``"reveal"``, ``"pass"``).

        Raises
        ------
        NotationError
            If the text is not an action.
        IllegalActionError
            If the rules forbid it now (laying aside other than three of your cards, a revoke,
            a premium after another has priority, acting out of turn …); the message names the
            rule (see :data:`RULES`). This state is unchanged."""
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        # Fast path: the very Action object taken from legal_actions() (found by identity, which
        # reads only the list's pointers; already canonical, so nothing to parse, sort or check).
        # Anything else, an equal Action made by hand included, goes through the checks.
        if True not in map(is_, legal, repeat(action)):
            action = self._accept(action, legal)
        s = self._child(action)
        if action.kind == "play":
            s._play(self._to_act, action.card)
        else:
            s._do(self._to_act, action)
        return s

    def _accept(self, action: Action | str, legal: tuple) -> Action:
        """``action`` parsed and in canonical form if it is legal now (``legal`` is this state's
        legal list); raises NotationError or IllegalActionError as :meth:`apply` says."""
        if not isinstance(action, Action):
            action = parse_action(action)
        elif action.kind not in ("play", "bid", "pass", "declare", "reveal"):
            raise NotationError(f"{str(action)!r} is not a Ninety-Nine action: play a card, lay aside bid "
                                f"cards ('bid 6♦ K♠ A♣'), or say 'declare', 'reveal' or 'pass'")
        action = self._canonical(action)
        if action not in legal:
            raise self._why_illegal(action)
        return action

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
            legal = s._legal
            if legal is None:
                legal = s._legal_now()
            action = choose(legal)
            if True not in map(is_, legal, repeat(action)):   # not the listed object: check it
                action = s._accept(action, legal)
            seat = s._to_act
            if action.kind == "play":
                s._play(seat, action.card)
            else:
                s._do(seat, action)
            s._legal = None
        return s.result

    def _do(self, seat: int, action: Action) -> None:
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
        else:
            self._play(seat, action.card)

    def _play(self, seat: int, card: Card) -> None:
        h = self.hands[seat]
        i = h.index(card)
        self.hands = _put(self.hands, seat, h[:i] + h[i + 1:])
        trick = self.trick + (card,)
        if len(trick) < 3:
            self.trick = trick
            self._to_act = (seat + 1) % 3
            return
        eff = self._tab.eff
        i = trick_winner((eff[trick[0]], eff[trick[1]], eff[trick[2]]), self.trump, TRICK_RULES)
        winner = (self.leader + i) % 3
        self.tricks = self.tricks + (Trick(self.leader, trick, winner),)
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
        if self.result is not None:
            return IllegalActionError("99.turn", "the deal is over; no more actions can be taken")
        seat = self._to_act
        name = self.names[seat]
        kind = action.kind
        if self.phase == "bid":
            if kind != "bid":
                return IllegalActionError("99.bid", f"first every player lays aside three bid cards; {name} is to bid "
                                                    f"(e.g. 'bid {format_cards(self.hands[seat][:3])}')")
            cards = action.value if isinstance(action.value, tuple) else ()
            if len(cards) != 3:
                return IllegalActionError("99.bid", f"lay aside exactly three cards as bid cards, not {len(cards)}")
            if len(set(cards)) != 3:
                return IllegalActionError("99.bid", f"the same card is named twice in {format_cards(cards)}")
            missing = [c for c in cards if c not in self.hands[seat]]
            return IllegalActionError("99.bid", f"{name} does not hold {format_cards(missing)}")
        if kind == "bid":
            return IllegalActionError("99.bid", f"{name} has already laid aside bid cards; bids cannot be changed")
        if self.phase == "premium":
            if kind == "play":
                return IllegalActionError("99.premium", f"the premium round comes first: {name} may declare, reveal or "
                                                        f"pass")
            p_seat, p_kind = self.premium
            if kind == "declare" and p_kind == "declare":
                return IllegalActionError("99.premium", f"{self.names[p_seat]} has already offered to declare and, "
                                                        f"nearer the dealer's left, has priority; only a reveal "
                                                        f"beats it")
            return IllegalActionError("99.premium", f"{self.names[p_seat]} has already offered to reveal, which has "
                                                    f"priority; only one premium bid is allowed per deal")
        if kind in ("declare", "reveal", "pass"):
            return IllegalActionError("99.premium", "premium bids are made after bidding, before the first lead"
                                      if self.rules.premiums else f"{self.rules.name} has no premium bids")
        card = action.card
        hand = self.hands[seat]
        if card not in hand:
            where = " (it is one of the bid cards, out of play)" if card in self.bid_cards[seat] else ""
            return IllegalActionError("99.hold", f"{name} does not hold {card}{where}")
        led = self.effective(self.trick[0]).suit
        same = [c for c in hand if self.effective(c).suit == led]
        joker = f" (the {card} counts as {self.joker_as})" if self.effective(card) != card else ""
        return IllegalActionError("99.follow", f"{card}{joker} is not allowed: you must follow suit ({led.symbol}): "
                                               f"{name} holds {format_cards(same)}")

    # -- views and words ----------------------------------------------------------------------
    def view(self, seat: int) -> NinetyNineView:
        """What ``seat`` may know now (see :class:`NinetyNineView`): never another player's hidden
        hand or face-down bid cards. Raises ``ValueError`` for a seat that is not 0, 1 or 2."""
        if seat not in (0, 1, 2) or isinstance(seat, bool):
            raise ValueError(f"seat must be 0, 1 or 2, not {seat!r}")
        shown = self.shown()
        revealer = self.revealer
        shown_bids = tuple(self.bid_cards[s] if shown[s] and self.bid_cards[s] else None for s in range(3))
        revealed = tuple(self.hands[s] if s == revealer else None for s in range(3))
        visible = set(self.hands[seat]) | set(self.bid_cards[seat]) | set(self.trick)
        for t in self.tricks:
            visible.update(t.cards)
        for s in range(3):
            if shown_bids[s]:
                visible.update(shown_bids[s])
            if revealed[s]:
                visible.update(revealed[s])
        if self.turnup is not None:
            visible.add(self.turnup)
        unseen = tuple(c for c in self.pack if c not in visible)
        res = (self.result.public(tuple(shown[s] or s == seat for s in range(3))) if self.result is not None
               else None)
        return NinetyNineView(
            seat=seat, hand=self.hands[seat], bid_cards=self.bid_cards[seat], bid=self.bids[seat],
            hand_sizes=tuple(len(h) for h in self.hands), bids_laid=tuple(bool(b) for b in self.bid_cards),
            shown_bids=shown_bids, revealed_hand=revealed, trump=self.trump, turnup=self.turnup,
            joker_as=self.joker_as, wild=self.rules.wild, phase=self.phase, premium=self.premium,
            premium_calls=self.premium_calls, trick=self.trick, leader=self.leader, tricks=self.tricks,
            tricks_won=self.tricks_won, unseen=unseen, to_act=self.to_act,
            legal_actions=self.legal_actions() if self.to_act == seat else (), finished=self.result is not None,
            result=res, rules=self.rules, dealer=self.dealer, names=self.names)

    def explain(self) -> str:
        """The last step in words (the deal, for the first state). Never names a hidden card."""
        return explain_step(self)

    def __repr__(self) -> str:
        status = "finished" if self.result else f"{self.names[self._to_act]} to act"
        trump = self.trump.symbol if self.trump is not None else "no trump"
        return (f"<NinetyNineState {self.rules.name}: {self.phase}, trick {self.trick_number}, trumps {trump}, "
                f"tricks {'–'.join(map(str, self.tricks_won))}, {status}>")

    def _repr_html_(self) -> str:
        from .render import state_html

        return state_html(self)


def _put(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


_new_state = object.__new__


def _trump_words(s: NinetyNineState) -> str:
    return "no trump" if s.trump is None else f"{_suit_name(s.trump)} ({s.trump.symbol}) are trumps"


def explain_step(s: NinetyNineState) -> str:
    """Words for the step that led to ``s``: what happened and which rule made it so. Hidden
    cards (bid cards laid aside face down) are never named."""
    names = s.names
    p = s.parent
    r = s.rules
    if p is None:
        eldest = names[s.eldest]
        how = "in batches of 3" if r.deal_packet == 3 else "one at a time"
        if r.mode == "classic":
            wild = "joker" if r.wild == JOKER else "♣2 (standing in for the joker)"
            text = (f"{names[s.dealer]} deals 12 cards each {how}, starting with {eldest}, and turns up the 37th "
                    f"card: {s.trump_reason}.")
            if s.joker_as is not None:
                text += (f" The {wild} counts as a second {s.joker_as} for whoever holds it "
                         f"(a {s.joker_as.suit.symbol} bid card worth {BID_VALUE[s.joker_as.suit]}).")
        else:
            text = f"{names[s.dealer]} deals 12 cards each {how}, starting with {eldest}: {s.trump_reason}."
        return text + (f" Each player now lays aside three bid cards (♦ 0, ♠ 1, ♥ 2, ♣ 3 tricks each); {eldest} "
                       f"first.")
    a = s.last_action
    seat = p._to_act
    who = names[seat]
    parts: list[str] = []
    if a.kind == "bid":
        parts.append(f"{who} lays aside three bid cards face down: a secret bid.")
        if s.phase == "premium":
            parts.append(f"All three have bid. Now each player in turn, {names[s.eldest]} first, may declare "
                         f"(+{r.declare_premium}) or reveal (+{r.reveal_premium}), or pass.")
        elif s.phase == "play":
            parts.append(f"All three have bid; {names[s.leader]} leads to the first trick ({_trump_words(s)}).")
    elif a.kind in ("declare", "reveal"):
        if a.kind == "declare":
            parts.append(f"{who} offers to declare: to turn the bid cards face up at the start of play, for a "
                         f"premium of {r.declare_premium}.")
        else:
            parts.append(f"{who} offers to reveal: to turn the bid cards face up and play with the whole hand face "
                         f"up, for a premium of {r.reveal_premium}.")
        if p.premium is not None:
            parts.append(f"A reveal beats {names[p.premium[0]]}'s declaration, whose bid cards stay face down.")
    elif a.kind == "pass":
        parts.append(f"{who} makes no premium bid.")
    if a.kind in ("declare", "reveal", "pass") and s.phase == "play":
        if s.premium is None:
            parts.append("Nobody made a premium bid.")
        else:
            q, kind = s.premium
            cards = f"{format_cards(s.bid_cards[q])}, a bid of {s.bids[q]}"
            if kind == "declare":
                parts.append(f"{names[q]}'s declaration stands: the bid cards go face up ({cards}).")
            else:
                parts.append(f"{names[q]}'s revelation stands: the bid cards go face up ({cards}) and "
                             f"{names[q]} lays the whole hand face up on the table.")
        parts.append(f"{names[s.leader]} leads to the first trick ({_trump_words(s)}).")
    if a.kind == "play":
        card = a.card
        eff = s.effective(card)
        joker = f" (counting as {eff})" if eff != card else ""
        if not p.trick:
            parts.append(f"{who} leads {card}{joker}.")
        else:
            lead = p.trick[0]
            led = p.effective(lead).suit
            how = "" if eff.suit == led else (
                f" (no {led.symbol} left: {'a trump' if eff.suit == s.trump and s.trump is not None else 'a discard'})")
            parts.append(f"{who} plays {card}{joker} to {names[p.leader]}'s {lead}{how}.")
            if not s.trick:
                t = s.tricks[-1]
                w = t.winner
                wc = t.cards[(w - t.leader) % 3]
                why = ("the highest trump" if s.trump is not None and s.effective(wc).suit == s.trump
                       and led != s.trump else "the highest card of the suit led")
                n = s.tricks_won[w]
                parts.append(f"{names[w]} wins trick {len(s.tricks)} with {wc} ({why}); {names[w]} has {n} "
                             f"trick{'s' if n != 1 else ''}.")
    if s.result is not None:
        res = s.result
        shown = s.shown()
        lines = []
        for q in range(3):
            if shown[q]:
                lines.append(f"{names[q]} bid {res.bids[q]} and took {res.tricks[q]}: "
                             f"{'made it, and shows the bid cards' if res.made[q] else 'failed'}")
            else:
                lines.append(f"{names[q]} took {res.tricks[q]} and did not make the bid")
        summary = res.explanation[:1].upper() + res.explanation[1:]
        parts.append("Deal over: " + "; ".join(lines) + ". " + summary + ".")
    return " ".join(parts)


# ---------------------------------------------------------------------------------------------
# The game and the rubber


class NinetyNineGame:
    """A game of several deals, to ``rules.target`` score points (99 classic, 100 revised)
    [99.game, 99.game.bonus, 99.dealer].

    Deal the next deal with :meth:`deal` (its dealer passes to the left; in the revised rules its
    trumps follow from the previous deal's successes), play it, then :meth:`add` its final
    state. The game is over after the deal in which someone reaches the target, unless the
    highest totals are tied (then it plays on). :meth:`rows` and :meth:`score_sheet` give the
    score sheet; ``goal`` and :meth:`row_summary` serve the Stepper's game line.

    Parameters
    ----------
    rules : NinetyNineRules
    first_dealer : int
        Seat 0, 1 or 2.
    names : three str

    Raises
    ------
    DealError
        For a first dealer that is not a seat.
    """

    def __init__(self, rules: NinetyNineRules = CLASSIC, first_dealer: int = 0,
                 names: Sequence[str] = ("A", "B", "C")):
        if first_dealer not in (0, 1, 2) or isinstance(first_dealer, bool):
            raise DealError(f"the first dealer is seat 0, 1 or 2, not {first_dealer!r}")
        if not isinstance(rules, NinetyNineRules):
            raise RulesError(f"rules must be a NinetyNineRules, not {type(rules).__name__}")
        if len(tuple(names)) != 3:
            raise DealError(f"Ninety-Nine is for three players; {len(tuple(names))} names were given")
        self.rules = rules
        self.first_dealer = first_dealer
        self.names = tuple(names)
        self.hands: list[NinetyNineState] = []
        self._rows: list[dict] = []
        self.totals = [0, 0, 0]
        self.bonus = (0, 0, 0)
        self._winner: int | None = None

    @property
    def goal(self) -> str:
        """The goal in words, e.g. ``"game to 99"``."""
        extra = f" (+{self.rules.game_bonus} game bonus)" if self.rules.game_bonus else ""
        return f"game to {self.rules.target}{extra}"

    @property
    def next_dealer(self) -> int:
        """The dealer of the next deal: the deal passes to the left [99.dealer]."""
        if not self.hands:
            return self.first_dealer
        return (self.hands[-1].dealer + 1) % 3

    @property
    def next_dealer_reason(self) -> str:
        if not self.hands:
            return "the first dealer is chosen by cutting"
        return "the deal passes to the left [rule 99.dealer]"

    @property
    def previous_successes(self) -> int | None:
        """Successes in the last deal (revised rules: they fix the next trumps), or ``None``
        before the first deal and in the classic game."""
        if self.rules.mode != "revised" or not self.hands:
            return None
        return self.hands[-1].result.successes

    @property
    def is_over(self) -> bool:
        return self._winner is not None

    @property
    def winner(self) -> int | None:
        """The seat with the highest total once someone has reached the target, or ``None``."""
        return self._winner

    def deal(self, seed: int | None = None, pack: Sequence | None = None) -> NinetyNineState:
        """Deal the next deal (by :attr:`next_dealer`, with the revised trumps). Raises
        :class:`DealError` if the game is over; deal errors pass through."""
        if self.is_over:
            raise DealError(f"the game is over: {self.names[self._winner]} won the {self.goal}")
        return deal(self.rules, self.next_dealer, seed=seed, pack=pack, names=self.names,
                    previous_successes=self.previous_successes)

    #: The hook a game record's replay may use to deal each deal in the game's context (the
    #: revised rules' trumps depend on the previous deal): the same as :meth:`deal`.
    deal_next = deal

    def add(self, final: NinetyNineState) -> dict:
        """Score a finished deal and return its score-sheet row.

        Raises :class:`DealError` if the deal is unfinished, dealt by the wrong seat, played
        under other rules or (revised) with trumps other than the previous deal fixed, or if the
        game is already over."""
        if not isinstance(final, NinetyNineState) or final.result is None:
            raise DealError("only a finished deal can be scored")
        if self.is_over:
            raise DealError("the game is already over")
        if final.dealer != self.next_dealer:
            raise DealError(f"deal {len(self.hands) + 1} should be dealt by {self.names[self.next_dealer]} "
                            f"[rule 99.dealer]")
        if final.rules != self.rules:
            raise DealError("the deal was played under other rules than the game")
        if final.previous_successes != self.previous_successes:
            raise DealError("the deal's trumps do not follow from the previous deal's successes "
                            "[rule 99.trump.successes]")
        res = final.result
        self.hands.append(final)
        for s in range(3):
            self.totals[s] += res.scores[s]
        note = ""
        top = max(self.totals)
        if top >= self.rules.target:
            leaders = [s for s in range(3) if self.totals[s] == top]
            if len(leaders) == 1:
                self._winner = leaders[0]
                gb = self.rules.game_bonus
                if gb:
                    got = [s for s in range(3) if self.totals[s] >= self.rules.target]
                    self.bonus = tuple(gb if s in got else 0 for s in range(3))
                    for s in got:
                        self.totals[s] += gb
                    note = "{} wins the game; game bonus +{} to {}".format(
                        self.names[self._winner], gb, " and ".join(self.names[s] for s in got))
                else:
                    note = f"{self.names[self._winner]} wins the game"
            else:
                note = "tied at the top: another deal [rule 99.game]"
        trump = final.trump.symbol if final.trump is not None else "NT"
        row = {
            "deal": len(self.hands),
            "dealer": self.names[final.dealer],
            "trumps": trump,
            "bids": "–".join(str(b) for b in res.bids),
            "tricks": "–".join(str(t) for t in res.tricks),
            "made": ", ".join(self.names[s] for s in range(3) if res.made[s]) or "—",
            "premium": (f"{self.names[res.premium[0]]} {res.premium[1]}s" if res.premium else "—"),
            "scores": "–".join(str(x) for x in res.scores),
            self.names[0]: self.totals[0],
            self.names[1]: self.totals[1],
            self.names[2]: self.totals[2],
            "note": note,
        }
        self._rows.append(row)
        return row

    def row_summary(self, row: dict) -> str:
        """What one deal scored, e.g. ``"Ana +4, Boris +23, Cleo +22 (made: Boris, Cleo)"``, and
        the game bonus when the deal ended a revised game (``"…; game bonus +100 to Ana and Boris"``)."""
        scores = row["scores"].split("–")
        text = ", ".join(f"{n} +{x}" for n, x in zip(self.names, scores))
        note = row.get("note", "")
        bonus = f"; {note[note.index('game bonus'):]}" if "game bonus" in note else ""
        return f"{text} (made: {row['made']}){bonus}"

    def rows(self) -> list[dict]:
        """The score sheet, one dict per deal, with running totals under each player's name."""
        return list(self._rows)

    def score_sheet(self):
        """The score sheet as a pandas DataFrame indexed by deal (imports pandas)."""
        import pandas as pd

        cols = ["deal", "dealer", "trumps", "bids", "tricks", "made", "premium", "scores", *self.names, "note"]
        return pd.DataFrame(self._rows, columns=cols).set_index("deal")


class NinetyNineRubber:
    """A rubber of games under the revised rules [99.rubber; PBCG]: the first player to win
    ``rules.rubber_games`` games (3) wins it; each player in turn deals first in a new game; the
    winner adds ``rules.rubber_bonus`` (100) for each game fewer than ``rules.rubber_par`` (8).

    Each player's rubber total is the sum of their final game scores (game bonuses included),
    plus the rubber bonus [REC: PBCG's summary does not say more].

    Use :meth:`new_game`, play it to the end, then :meth:`add` it.

    Raises :class:`DealError` for a first dealer that is not seat 0–2 or names that are not
    three, :class:`~cardlab.errors.RulesError` for rules that are not a :class:`NinetyNineRules`."""

    def __init__(self, rules: NinetyNineRules = REVISED, names: Sequence[str] = ("A", "B", "C"),
                 first_dealer: int = 0):
        if first_dealer not in (0, 1, 2) or isinstance(first_dealer, bool):
            raise DealError(f"the first dealer is seat 0, 1 or 2, not {first_dealer!r}")
        if not isinstance(rules, NinetyNineRules):
            raise RulesError(f"rules must be a NinetyNineRules, not {type(rules).__name__}")
        if len(tuple(names)) != 3:
            raise DealError(f"Ninety-Nine is for three players; {len(tuple(names))} names were given")
        self.rules = rules
        self.names = tuple(names)
        self.first_dealer = first_dealer
        self.games: list[NinetyNineGame] = []
        self.wins = [0, 0, 0]

    @property
    def is_over(self) -> bool:
        return max(self.wins) >= self.rules.rubber_games

    @property
    def winner(self) -> int | None:
        return self.wins.index(max(self.wins)) if self.is_over else None

    @property
    def rubber_bonus(self) -> int:
        """The winner's rubber bonus: ``rubber_bonus × (rubber_par − games played)``, 0 while
        the rubber goes on (and never negative)."""
        if not self.is_over:
            return 0
        return self.rules.rubber_bonus * max(0, self.rules.rubber_par - len(self.games))

    @property
    def totals(self) -> tuple[int, int, int]:
        """Each player's rubber total so far (plus the rubber bonus once it is over)."""
        t = [sum(g.totals[s] for g in self.games) for s in range(3)]
        if self.is_over:
            t[self.winner] += self.rubber_bonus
        return tuple(t)

    def new_game(self) -> NinetyNineGame:
        """The next game, its first dealer one seat to the left of the previous game's. Raises
        :class:`DealError` when the rubber is over."""
        if self.is_over:
            raise DealError("the rubber is over")
        return NinetyNineGame(self.rules, (self.first_dealer + len(self.games)) % 3, self.names)

    def add(self, game: NinetyNineGame) -> None:
        """Count a finished game. Raises :class:`DealError` for an unfinished game, one with the
        wrong first dealer or other rules, or when the rubber is over."""
        if not game.is_over:
            raise DealError("only a finished game counts in the rubber")
        if self.is_over:
            raise DealError("the rubber is over")
        if game.first_dealer != (self.first_dealer + len(self.games)) % 3:
            raise DealError("each player in turn deals first in a new game [rule 99.rubber]")
        if game.rules != self.rules:
            raise DealError("the game was played under other rules than the rubber")
        self.games.append(game)
        self.wins[game.winner] += 1


# ---------------------------------------------------------------------------------------------
# A rule-based computer player


class NinetyNinePlayer:
    """A rule-based player a learner can read. It sees only a :class:`NinetyNineView`.

    Bidding: for every way of laying aside three cards, estimate the tricks the nine cards left
    will take (:func:`estimate_tricks`: high cards and trumps) and keep the choice whose code
    (♦ 0, ♠ 1, ♥ 2, ♣ 3) comes nearest that estimate; among equals, keep the strongest nine
    (lay aside the lowest cards).

    Premiums (when allowed): declare only a clear-cut hand: every card kept is either a top card
    (an ace, or in an unbroken run from the ace) or a nine or lower, with at most three trumps,
    and the bid equals the number of top cards; never reveal.

    Play, with ``need`` = bid − tricks won:

    * ``need > 0``: following, win with the cheapest card that beats the trick if it can (last
      to play) or if that card is an ace or a trump; otherwise play the lowest card. Leading,
      lead the highest card of the longest suit when it holds the suit's ace, else the lowest.
    * ``need <= 0`` (made, or failed by too many): lose tricks: play the highest card that does
      not win the trick, else the lowest; lead the lowest card.

    ``seed`` only breaks ties reproducibly."""

    name = "rule-based"

    def __init__(self, seed: int | None = 0):
        import random

        self.rng = random.Random(seed)

    def choose(self, view: NinetyNineView) -> Action:
        if view.phase == "bid":
            return self.choose_bid(view)[0]
        if view.phase == "premium":
            return self._premium(view)
        return self._play(view)

    # -- bidding ------------------------------------------------------------------------------
    def choose_bid(self, view: NinetyNineView) -> tuple[Action, float, list[str]]:
        """The bid action, the estimate of the nine cards kept, and the reasons."""
        best = None
        for a in view.legal_actions:
            keep = [view.effective(c) for c in view.hand if c not in a.value]
            est, why = estimate_tricks(keep, view.trump)
            bid = sum(BID_VALUE[view.effective(c).suit] for c in a.value)
            strength = sum(_STRENGTH[c] + (9 if c.suit == view.trump else 0) for c in keep)
            key = (abs(bid - est), -strength)
            if best is None or key < best[0]:
                best = (key, a, est, why)
        return best[1], best[2], best[3]

    def _premium(self, view: NinetyNineView) -> Action:
        kinds = {a.kind for a in view.legal_actions}
        if "declare" not in kinds:
            return PASS
        sure = _clear_tricks(view.hand, view)
        if sure is not None and sure == view.bid:
            return DECLARE
        return PASS

    # -- play ---------------------------------------------------------------------------------
    def _play(self, view: NinetyNineView) -> Action:
        plays = [a.card for a in view.legal_actions]
        eff = view.effective
        need = view.bid - view.tricks_won[view.seat]
        trump = view.trump
        if not view.trick:
            if need > 0:
                by_suit: dict = {}
                for c in plays:
                    by_suit.setdefault(eff(c).suit, []).append(c)
                longest = max(by_suit.values(), key=lambda cs: (len(cs), max(_STRENGTH[eff(c)] for c in cs)))
                top = max(longest, key=lambda c: _STRENGTH[eff(c)])
                if eff(top).rank == Rank.ACE:
                    return play(top)
            return play(min(plays, key=lambda c: (_STRENGTH[eff(c)], eff(c).suit == trump)))
        trick = [eff(c) for c in view.trick]
        last = len(trick) == 2

        def wins(c: Card) -> bool:
            return trick_winner(trick + [eff(c)], trump, TRICK_RULES) == len(trick)

        winners = [c for c in plays if wins(c)]
        losers = [c for c in plays if not wins(c)]
        if need > 0 and winners:
            cheap = min(winners, key=lambda c: (eff(c).suit == trump, _STRENGTH[eff(c)]))
            if last or eff(cheap).rank == Rank.ACE or (trump is not None and eff(cheap).suit == trump):
                return play(cheap)
        if need > 0:
            return play(min(plays, key=lambda c: (eff(c).suit == trump, _STRENGTH[eff(c)])))
        if losers:
            return play(max(losers, key=lambda c: (_STRENGTH[eff(c)], eff(c).suit != trump)))
        return play(min(plays, key=lambda c: (eff(c).suit == trump, _STRENGTH[eff(c)])))


def _clear_tricks(hand: Sequence[Card], view: NinetyNineView) -> int | None:
    """The tricks a hand will take if it is *clear-cut*, else ``None``: every card is either a
    top card (the ace, or in an unbroken run from the ace) or a nine or lower, and it holds at
    most three trumps. The count is the number of top cards."""
    cards = [view.effective(c) for c in hand]
    by_suit: dict = {}
    for c in cards:
        by_suit.setdefault(c.suit, set()).add(c.rank)
    if view.trump is not None and len(by_suit.get(view.trump, ())) > 3:
        return None
    sure = 0
    for ranks in by_suit.values():
        run = 0
        for r in RANKS_99:
            if r in ranks:
                run += 1
            else:
                break
        rest = [r for r in list(ranks) if RANKS_99.index(r) >= run]
        if any(r > Rank.NINE for r in rest):
            return None
        sure += run
    return sure


# ---------------------------------------------------------------------------------------------
# Registration

def describe_action(action: Action, state=None):
    """How a front end shows ``action`` (interim: grouped by kind, labelled by its text)."""
    from .variants import ActionText

    group = {"play": "card", "marriage": "marriage", "bid": "bid", "blind": "bid", "pass": "pass"}.get(action.kind, "other")
    return ActionText(group, str(action), "")


def _register() -> None:
    from . import variants

    variants.register(variants.Variant(
        name=VARIANT,
        title="Ninety-Nine (David Parlett)",
        players=3,
        rules_from_dict=NinetyNineRules.from_dict,
        check_pack=_check_pack_cards,
        deal=deal,
        new_game=lambda rules, first_dealer, names: NinetyNineGame(rules, first_dealer, names),
        module="cardlab.ninetynine",
        presets=PRESETS,
        describe_action=describe_action,
        seat_names=("A", "B", "C"),
        renderer="cardlab.ninetynine",
        adapter="cardlab.analysis.adapt_ninetynine",
        player_kinds={"random": "cardlab.players:RandomPlayer", "heuristic": "cardlab.ninetynine:NinetyNinePlayer",
                      "search": "cardlab.analysis.search_player:SamplingPlayer"},
    ))



# ---------------------------------------------------------------------------------------------
# Rendering (registered with cardlab.render; pure functions, standard library only)

_CSS99 = """
.cardlab-table .cardlab-bidpile{display:flex;gap:2px;align-items:flex-end}
.cardlab-table .cardlab-row99{display:flex;flex-wrap:wrap;gap:4px 18px;align-items:flex-end}
.cardlab-table .cardlab-bid-label{font-size:11px;color:var(--cl-muted)}
.cardlab-table .cardlab-made{color:#1b7a3a;font-weight:700}
.cardlab-table .cardlab-failed{color:#b3261e;font-weight:700}
.cardlab-table .cardlab-premium{background:#ffe8c2;border-color:#d79b00}
.cardlab-table table.cardlab-result99{border-collapse:collapse;margin-top:4px}
.cardlab-table table.cardlab-result99 td,.cardlab-table table.cardlab-result99 th{padding:1px 8px;
 border-bottom:1px solid #e0e4e1;text-align:left}
""".strip()


class _Table99:
    """Everything one view of the table shows, built from the state (all open) or from one
    seat's :class:`NinetyNineView`."""

    __slots__ = ("seat", "names", "dealer", "rules", "trump", "trump_reason", "turnup", "joker_as", "phase",
                 "hands", "hidden",
                 "bid_cards", "bid_hidden", "bids", "premium", "premium_calls", "trick", "leader", "tricks",
                 "tricks_won", "to_act", "result", "trick_number", "made_shown")


def _table99(state: NinetyNineState, seat: int | None) -> _Table99:
    t = _Table99()
    t.seat = seat
    t.names = tuple(state.names)
    t.dealer = state.dealer
    t.rules = state.rules
    t.trump = state.trump
    t.trump_reason = state.trump_reason
    t.turnup = state.turnup
    t.joker_as = state.joker_as
    t.phase = state.phase
    t.trick_number = state.trick_number
    t.premium = state.premium
    t.premium_calls = state.premium_calls
    t.leader = state.leader
    t.trick = tuple(state.trick)
    t.tricks = tuple(state.tricks)
    t.tricks_won = tuple(state.tricks_won)
    t.to_act = state.to_act
    if seat is None:
        t.hands = tuple(tuple(h) for h in state.hands)
        t.hidden = (0, 0, 0)
        t.bid_cards = tuple(tuple(b) for b in state.bid_cards)
        t.bid_hidden = (0, 0, 0)
        t.bids = tuple(state.bids)
        t.result = state.result
        t.made_shown = state.shown()
    else:
        if seat not in (0, 1, 2) or isinstance(seat, bool):
            raise ValueError(f"seat must be None (all cards open), 0, 1 or 2, not {seat!r}")
        v = state.view(seat)
        hands, hidden, bc, bh, bids = [], [], [], [], []
        for s in range(3):
            if s == seat:
                hands.append(tuple(v.hand))
                hidden.append(0)
                bc.append(tuple(v.bid_cards))
                bh.append(0)
                bids.append(v.bid)
            else:
                if v.revealed_hand[s] is not None:
                    hands.append(tuple(v.revealed_hand[s]))
                    hidden.append(0)
                else:
                    hands.append(())
                    hidden.append(v.hand_sizes[s])
                if v.shown_bids[s] is not None:
                    bc.append(tuple(v.shown_bids[s]))
                    bh.append(0)
                    bids.append(state.bid_of(v.shown_bids[s]))
                else:
                    bc.append(())
                    bh.append(3 if v.bids_laid[s] else 0)
                    bids.append(None)
        t.hands, t.hidden, t.bid_cards, t.bid_hidden, t.bids = (tuple(hands), tuple(hidden), tuple(bc), tuple(bh),
                                                                 tuple(bids))
        t.result = v.result
        t.made_shown = tuple(v.shown_bids[s] is not None or s == seat for s in range(3))
    return t


def _sort99(t: _Table99, cards) -> list:
    """Cards sorted for display (render.sort_hand), the joker (or ♣2) placed where the card it
    stands for would be, so a learner sees it among its suit [99.joker]."""
    from .render import sort_hand

    wild, joker_as = t.rules.wild, t.joker_as
    order = sort_hand([_stand_in(c, wild, joker_as) for c in cards], t.trump, RANKS_99)
    pos = {c: i for i, c in enumerate(order)}
    return sorted(cards, key=lambda c: (pos[_stand_in(c, wild, joker_as)], c == wild))


def _premium_tag(t: _Table99) -> str:
    kind = "declare" if t.premium[1] == "declare" else "reveal"
    if t.phase == "premium":
        return f"offers to {kind}"
    return "declared" if kind == "declare" else "revealed"


def _status99(t: _Table99) -> str:
    if t.result is not None:
        return "The deal is over."
    n = t.names[t.to_act]
    if t.phase == "bid":
        return f"{n} to lay aside three bid cards (♦ 0, ♠ 1, ♥ 2, ♣ 3)."
    if t.phase == "premium":
        if t.premium is None:
            return f"{n} may offer to declare or to reveal, or pass."
        who = t.names[t.premium[0]]
        if t.premium[1] == "declare":
            return f"{n} may offer to reveal (beating {who}'s declaration) or pass."
        return f"{n} can only pass: {who}'s offer to reveal has priority."
    if t.trick:
        return f"{n} to play to trick {t.trick_number} ({t.names[t.leader]} led {t.trick[0]})."
    return f"{n} to lead to trick {t.trick_number}."


def _trump_caption(t: _Table99) -> str:
    return "no trump" if t.trump is None else f"trumps {t.trump.symbol}"


def _player99(t: _Table99, s: int) -> str:
    from .render import _t, card_back_svg, card_chip, card_svg

    badges = []
    if t.dealer == s:
        badges.append('<span class="cardlab-badge">dealer</span>')
    if (t.dealer + 1) % 3 == s:
        badges.append('<span class="cardlab-badge">eldest</span>')
    if t.to_act == s:
        badges.append('<span class="cardlab-badge cardlab-turn">to act</span>')
    if t.premium is not None and t.premium[0] == s:
        badges.append(f'<span class="cardlab-badge cardlab-premium">{_premium_tag(t)}</span>')
    n = t.tricks_won[s]
    bid = t.bids[s]
    facts = [f"{n} trick{'s' if n != 1 else ''}"]
    if bid is not None:
        facts.append(f"bid {bid}")
    elif t.bid_hidden[s]:
        facts.append("bid hidden")
    cards = [card_svg(c) for c in _sort99(t, t.hands[s])]
    cards += [card_back_svg() for _ in range(t.hidden[s])]
    if not cards:
        cards.append('<span class="cardlab-empty">none</span>')
    if t.bid_cards[s]:
        pile = "".join(card_svg(c, size="sm") for c in t.bid_cards[s])
        label = f"bid cards: {bid}"
        if t.seat is None and not t.made_shown[s]:
            label += " (face down)"
    elif t.bid_hidden[s]:
        pile = "".join(card_back_svg(size="sm", title="Bid card, face down") for _ in range(3))
        label = "bid cards, face down"
    else:
        pile = '<span class="cardlab-empty">—</span>'
        label = "no bid yet"
    taken = [tr for tr in t.tricks if tr.winner == s]
    chips = "".join(f'<span class="cardlab-pair">{"".join(card_chip(c) for c in tr.cards)}</span>' for tr in taken)
    cls = "cardlab-player cardlab-to-act" if t.to_act == s else "cardlab-player"
    return (
        f'<div class="{cls}" data-seat="{s}">'
        f'<div class="cardlab-head"><span class="cardlab-name">{_t(t.names[s])}</span>{"".join(badges)}'
        f'<span class="cardlab-points">{_t(" · ".join(facts))}</span></div>'
        f'<div class="cardlab-row99"><div class="cardlab-hand cardlab-cards" data-seat="{s}">{"".join(cards)}</div>'
        f'<div class="cardlab-slot"><div class="cardlab-bidpile cardlab-bidcards-pile" data-seat="{s}">{pile}</div>'
        f'<span class="cardlab-bid-label">{_t(label)}</span></div></div>'
        f'<div class="cardlab-taken" data-seat="{s}">{n} trick{"s" if n != 1 else ""} taken{": " if n else ""}'
        f'{chips}</div></div>'
    )


def _middle99(t: _Table99) -> str:
    from .render import _t, card_svg

    parts = []
    if t.turnup is not None:
        note = "turn-up"
        if t.joker_as is not None:
            wild = "joker" if t.rules.wild == JOKER else "♣2"
            note += f" (the {wild} counts as {t.joker_as})"
        parts.append(f'<div class="cardlab-stock"><div class="cardlab-label">{_t(_trump_caption(t))}</div>'
                     f'<div class="cardlab-cards"><div class="cardlab-slot">{card_svg(t.turnup)}<span>{_t(note)}'
                     f'</span></div></div></div>')
    else:
        parts.append(f'<div class="cardlab-stock"><div class="cardlab-label">{_t(_trump_caption(t))}</div>'
                     f'<div class="cardlab-trump-reason" style="max-width:150px;font-size:11px">no turn-up: '
                     f'{_t(t.trump_reason)}</div></div>')
    if t.trick:
        slots = []
        for i, c in enumerate(t.trick):
            who = t.names[(t.leader + i) % 3]
            as_ = f" (as {t.joker_as})" if c == t.rules.wild and t.joker_as is not None else ""
            slots.append(f'<div class="cardlab-slot">{card_svg(c)}<span>{_t(who)} {"led" if i == 0 else "played"}'
                         f'{_t(as_)}</span></div>')
        slots += ['<div class="cardlab-slot"><span class="cardlab-empty">?</span><span>&#160;</span></div>'] * \
            (3 - len(t.trick))
        body, label, cls = "".join(slots), f"Trick {t.trick_number}", "cardlab-trick"
    elif t.tricks:
        last = t.tricks[-1]
        body = "".join(f'<div class="cardlab-slot">{card_svg(c)}<span>{_t(t.names[(last.leader + i) % 3])}</span>'
                       f'</div>' for i, c in enumerate(last.cards))
        label = f"Last trick ({len(t.tricks)}): {t.names[last.winner]} won it"
        cls = "cardlab-trick cardlab-last-trick"
    else:
        body = '<div class="cardlab-slot"><span class="cardlab-empty">no card</span></div>'
        label = "Trick 1 (after the bidding)" if t.phase in ("bid", "premium") else "Trick 1"
        cls = "cardlab-trick"
    parts.append(f'<div class="{cls}" data-cards="{len(t.trick)}"><div class="cardlab-label">{_t(label)}</div>'
                 f'<div class="cardlab-cards">{body}</div></div>')
    return f'<div class="cardlab-middle">{"".join(parts)}</div>'


def _result99(t: _Table99) -> str:
    from .render import _t

    r = t.result
    rows = []
    for s in range(3):
        bid = r.bids[s]
        mark = ('<span class="cardlab-made">made</span>' if r.made[s]
                else '<span class="cardlab-failed">failed</span>')
        parts = " + ".join(f"{p} ({label})" for label, p in r.parts[s])
        rows.append(f'<tr data-seat="{s}"><td>{_t(t.names[s])}</td><td>{"?" if bid is None else bid}</td>'
                    f'<td>{r.tricks[s]}</td><td>{mark}</td><td>{_t(parts)}</td><td><b>{r.scores[s]}</b></td></tr>')
    head = ("<tr><th>player</th><th>bid</th><th>tricks</th><th></th><th>score parts</th><th>deal score</th></tr>")
    text = r.explanation[:1].upper() + r.explanation[1:] + "."
    return (f'<div class="cardlab-result" data-successes="{r.successes}"><div class="cardlab-result-head">'
            f'Deal over: {r.successes} made the bid.</div><table class="cardlab-result99">{head}{"".join(rows)}'
            f'</table><div class="cardlab-result-text">{_t(text)}</div></div>')


def state_html(state: NinetyNineState, seat: int | None = None) -> str:
    """HTML of a Ninety-Nine table, all cards open (``seat=None``, bid cards shown face up with
    their bid) or as ``seat`` sees it (others' hands and face-down bid cards as card backs).
    Raises ``ValueError`` for a seat that is not None, 0, 1 or 2."""
    from .render import _STYLE, _t

    t = _table99(state, seat)
    view = "all cards open" if seat is None else f"{t.names[seat]}'s view"
    caption = f"{t.rules.name} · {_trump_caption(t)} · {t.names[t.dealer]} deals · {view}"
    order = [0, 1, 2] if seat is None else [(seat + 1) % 3, (seat + 2) % 3, seat]
    players = [_player99(t, s) for s in order]
    end = _result99(t) if t.result is not None else f'<div class="cardlab-status">{_t(_status99(t))}</div>'
    seat_attr = "all" if seat is None else str(seat)
    return (f'<div class="cardlab-table" data-variant="{VARIANT}" data-view="{seat_attr}" data-phase="{t.phase}">'
            f'{_STYLE}<style>{_CSS99}</style><div class="cardlab-caption">{_t(caption)}</div>'
            f'{players[0]}{players[1]}{_middle99(t)}{players[2]}{end}</div>')


def state_text(state: NinetyNineState, seat: int | None = None) -> str:
    """Plain text of a Ninety-Nine table (hidden cards written ``??``); parameters and errors as
    :func:`state_html`."""
    t = _table99(state, seat)
    view = "all cards open" if seat is None else f"{t.names[seat]}'s view"
    lines = [f"{t.rules.name} · {_trump_caption(t)} · {t.names[t.dealer]} deals · {view}"]
    if t.turnup is not None:
        j = f" (the {'joker' if t.rules.wild == JOKER else '♣2'} counts as {t.joker_as})" if t.joker_as else ""
        lines.append(f"Turn-up: {t.turnup}{j}")
    else:
        lines.append(f"No turn-up: {t.trump_reason}")
    for s in range(3):
        tags = [x for x, ok in (("dealer", t.dealer == s), ("eldest", (t.dealer + 1) % 3 == s),
                                ("to act", t.to_act == s)) if ok]
        if t.premium is not None and t.premium[0] == s:
            tags.append(_premium_tag(t))
        hand = " ".join([format_cards(_sort99(t, t.hands[s]))] + ["??"] * t.hidden[s]).strip()
        if t.bid_cards[s]:
            bid = f"bid {t.bids[s]} ({format_cards(t.bid_cards[s])})"
        elif t.bid_hidden[s]:
            bid = "bid hidden (?? ?? ??)"
        else:
            bid = "no bid yet"
        tag = f" ({', '.join(tags)})" if tags else ""
        n = t.tricks_won[s]
        lines.append(f"{t.names[s]}{tag}: {hand or '(none)'} | {bid} | {n} trick{'s' if n != 1 else ''}")
    if t.trick:
        lines.append(f"Trick {t.trick_number}: " + ", ".join(
            f"{t.names[(t.leader + i) % 3]} {c}" for i, c in enumerate(t.trick)))
    elif t.tricks:
        last = t.tricks[-1]
        lines.append("Last trick: " + ", ".join(f"{t.names[(last.leader + i) % 3]} {c}"
                                                  for i, c in enumerate(last.cards))
                     + f"; {t.names[last.winner]} won it")
    if t.result is not None:
        r = t.result
        for s in range(3):
            bid = "?" if r.bids[s] is None else r.bids[s]
            lines.append(f"{t.names[s]}: bid {bid}, took {r.tricks[s]}, {'made' if r.made[s] else 'failed'}, "
                         f"scores {r.scores[s]}")
    else:
        lines.append(_status99(t))
    return "\n".join(lines)


_register()
