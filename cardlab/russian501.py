"""The Russian three-player 66 with prikup, counted down from 501 ("501").

Registered variant name: ``"russian-501"`` (``cardlab.variants.get("russian-501")``, and
``state.variant`` of every state); rules :class:`Russian501Rules`, states
:class:`Russian501State`, seat views :class:`Russian501View`, results
:class:`Russian501Result`, the score keeper :class:`Russian501Game` (in
:mod:`cardlab.russian501_game`, also reachable here); the words for each step and each refusal
are in :mod:`cardlab.russian501_words` (which reads states only through their attributes, so this
module imports it and not the other way round). The table is drawn by
:mod:`cardlab.render.russian501`, the rule-based computer player is
:class:`cardlab.players.russian501.Russian501Player`, and the solver reads states through
:mod:`cardlab.analysis.adapt_russian501`.

Sources: pagat, "501" [P501] (http://www.pagat.com/marriage/501.html, from
Michael Latash) and docs/rules-notes.md §1, which resolves what the seed leaves open
(A-1 … A-13). Every disagreement between readings is an option of :class:`Russian501Rules`; the
presets :data:`PAGAT_501` (the default: rules-notes' recommendations), :data:`LITERAL_501` (the
seed read word for word where rules-notes had to choose) and :data:`FIVES_501` (bids in steps of
five from 66: 66, 71, 76 …) pick one reading each.

A hand goes through these phases (``state.phase``, names shared by every variant, see
:data:`cardlab.state.PHASES`):

``"bidding"``
    The auction. Eldest (the dealer's left) speaks first, then clockwise: ``pass``, ``bid N``
    or, before looking at one's cards, ``blind N`` or ``look``. Minimum 66, each bid higher.
``"prikup"``
    The auction is won; the bidder turns the three prikup cards face up and takes them (``take``).
``"contract"``
    The bidder names trumps or no trump and a contract at least the final bid
    (``contract ♠ 80``, ``contract NT 80``), or gives up (``concede``).
``"give"``
    The bidder passes one card face down to each opponent (``give J♣``): first to the
    opponent on the bidder's left, then to the other.
``"play"``
    Eight tricks; eldest leads first. A card (``A♠``) plays it. A player about to lead who
    holds a king and queen may first declare their marriage (``marriage ♥``, the action
    ``Action("marriage", None, Suit.HEARTS)``), and must then lead its K or Q as a separate
    play, as in Sixty-six.
``"over"``
    ``state.result`` says what happened.

Where rules-notes §1.2 had to choose (the default first; the option switches):

====  ==========================================================  ==================================
A-1   an opponent subtracts his marriages too                       ``opponent_marriages_count``
A-2   the prikup card goes after the third player's, rounds 1-3     :data:`DEAL_POSITIONS`
A-3   bids rise by 1, from 66 to 220                                ``bid_step``, ``min_bid``, ``max_bid``
A-4   a pass is final                                               ``pass_is_final``
A-5   doubled iff the winning bid was made before looking           rule ``501.blind``
A-6   a concession costs the bid (×2 blind), each opponent −25      ``concession_credit``
A-7   "100 or less" on the score at the start of the hand; an      ``protect_threshold``,
      opponent may win on tricks                                    ``opponent_can_win_by_tricks``
A-8   several at 0: a successful bidder, else the lowest, else on   :meth:`Russian501Game.add`
A-9   no last-trick bonus                                           ``last_trick_bonus``
A-10  no duty to head or to overtrump                               ``must_head``, ``must_overtrump``
A-11  the dealer sitting out keeps his score                         rule ``501.players``
A-12  a marriage in no trump is 20 and makes no trump               rule ``501.marriage``
A-13  the bidder's marriage, too, needs a trick                     rule ``501.marriage.trick``
====  ==========================================================  ==================================

Seats are numbered clockwise from 0. With three at the table all three play; with four the
dealer deals to the other three and sits the hand out [P501]. *Card points* are the cards'
value (A 11, 10 10, K 4, Q 3, J 2, 9 0; 120 in the pack); card points taken plus marriages
declared (40 in trumps, 20 otherwise) are *points*, the unit of bids and contracts; what moves
a player's score from 501 towards 0 is counted in *game points* (the contract, the opponents'
points, 25 for a concession).

Typical use::

    from cardlab import russian501 as p501
    s = p501.deal(p501.PAGAT_501, dealer=0, seed=7, names=("Ana", "Boris", "Vera"))
    s.legal_actions()     # (Action('look'), Action('pass'), Action('blind 66'), ...)
    s = s.apply("look").apply("bid 66")
    print(s.explain())    # "Boris bids 66."
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import ClassVar, Sequence

from .actions import Action, action_text, check_said_value, play, read_words, said_marriage_value
from . import cards as _cards
from .cards import CARDS_BY_CODE, PACK_24, Card, Rank, Suit, parse_card, parse_cards
from .pack24 import CARD_POINTS, marriage_points, shuffled_pack
from .rulesets import RuleSet
from .errors import IllegalActionError, NotationError, RulesError, DealError
from .russian501_words import explain_step, not_your_turn, why_illegal
from .state import GameState, HandResult, SeatView
from .variants import ActionText, Standing, lazy_exports
from .tricks import RANKS_66, Trick, TrickRules, legal_plays, trick_winner

__all__ = ["VARIANT", "SEAT_NAMES", "Russian501Rules", "PAGAT_501", "LITERAL_501", "FIVES_501", "PRESETS",
           "CARD_POINTS", "CARD_POINTS_AT", "MARRIAGE_CARDS", "RULES", "DEAL_POSITIONS", "Russian501Result",
           "Russian501View", "Russian501State", "DealError", "deal", "deal_from_hands", "deal_from_places", "places",
           "STANDING", "shuffled_pack", "parse_action", "malformed_reason", "describe_action"]
# Also here, imported on first use from cardlab.russian501_game: Russian501Game, score_changes.
# CARD_POINTS (by rank: A 11, 10 10, K 4, Q 3, J 2, 9 0 [P501]) and shuffled_pack (the default
# Fisher-Yates order, which 501's seeds have always used) are cardlab.pack24's, imported here.

#: The registered variant name (``cardlab.variants.get(VARIANT)``, ``state.variant``).
VARIANT = "russian-501"

#: The default player names (of :func:`deal`, :func:`deal_from_hands` and the score keeper):
#: three at the table, clockwise from seat 0.
SEAT_NAMES: tuple[str, ...] = ("A", "B", "C")

_PTS = {c: CARD_POINTS[c.rank] for c in PACK_24}
_PACK_SET = frozenset(PACK_24)

#: Where each card of the pack goes, by index from the top (rules-notes §1.1 step 4 / A-2):
#: ``"prikup"`` (a card of the prikup) or the position of the active
#: player in the order of the deal (0 = eldest, the dealer's left; 1 = the next; 2 = the dealer, or
#: with four at the table the dealer's right).
DEAL_POSITIONS: tuple = tuple(
    "prikup" if i in (3, 7, 11) else (i % 4 if i < 12 else (i - 12) % 3) for i in range(24)
)

#: The classroom's exercise kinds this variant has, in lesson order (``Variant.exercise_kinds``).
EXERCISE_KINDS: tuple[str, ...] = ("legal", "trick", "points", "marriage", "scores")

#: Rule ids, their text and source; every IllegalActionError names one of these ids.
RULES: dict[str, tuple[str, str]] = {
    "501.players": ("Three active players; with four at the table the dealer deals to the other three and sits "
                    "the hand out, and his score does not change.", "P501 (rules-notes A-11)"),
    "501.deal": ("The dealer deals one card at a time clockwise from his left; in each of the first three rounds "
                 "one card goes face down to the prikup (after the third player's card), so each player has 7 "
                 "cards and the prikup 3.", "P501, rules-notes §1.1 step 4 (A-2)"),
    "501.turn": ("Only the player to act may act; nobody acts once the hand is over; the dealer who sits out "
                 "never acts.", "P501"),
    "501.auction": ("Eldest speaks first, then clockwise; each player passes or bids. The auction ends when the "
                    "last bid is followed by two passes; if all three pass the hand is thrown in and the next "
                    "dealer deals.", "P501"),
    "501.bid.min": ("The lowest bid is 66.", "P501"),
    "501.bid.higher": ("Each bid must be higher than the last (by the bid step: 1, or 5 as in 1000).",
                       "P501, P1000 (rules-notes A-3)"),
    "501.bid.max": ("No bid or contract above the maximum (220, the most a hand can be worth: 120 card points "
                    "and four marriages).", "P501, rules-notes A-3"),
    "501.pass-final": ("A player who has passed may not bid again.", "P1000 (rules-notes A-4)"),
    "501.blind": ("A player who has not looked at his cards may bid blind; if the auction is won by a blind bid "
                  "the bidder's result for the hand (plus or minus) is doubled. Once he looks, his later bids "
                  "are not blind.", "P501 (rules-notes A-5)"),
    "501.look": ("Looking at one's cards is an action; after it the player bids normally.", "P501"),
    "501.prikup": ("The prikup is turned face up for all to see and taken by the winner of the auction, who then "
                   "has 10 cards.", "P501"),
    "501.contract": ("The bidder names trumps or no trump and a contract of at least the final bid.",
                     "P501"),
    "501.concede": ("Instead of naming a contract the bidder may give up: he is charged the bid (doubled if "
                    "blind) and each opponent scores as if he had taken 25.", "P501 (rules-notes A-6)"),
    "501.give": ("After naming the contract the bidder passes one card face down to each opponent (first to the "
                 "one on his left), so that everyone holds 8. Any of his 10 cards may be passed; only the bidder "
                 "and the receiver know the card, so from then on nobody else knows which prikup cards the "
                 "bidder still holds.", "P501, rules-notes §1.1"),
    "501.lead": ("Eldest (the dealer's left) leads to the first trick, whoever won the auction; the winner of a "
                 "trick leads to the next.", "P501"),
    "501.hold": ("You can only play a card you hold.", "all sources"),
    "501.follow": ("You must follow suit if you can.", "P501"),
    "501.trump": ("If you cannot follow suit you must play a trump if you have one (it need not beat a trump "
                  "already played); in no trump any card.", "P501"),
    "501.head": ("Option: when following suit, beat the highest card of the suit led if you can (not in the "
                 "seed).", "rules-notes A-10"),
    "501.overtrump": ("Option: when trumping, beat a trump already in the trick if you can (not in the seed).",
                      "rules-notes A-10"),
    "501.marriage": ("Any player may declare a marriage only when about to lead, holding its king and queen "
                     "(one marriage per lead): 40 in trumps, 20 otherwise, all 20 in no trump. Trumps never change.",
                     "P501 (rules-notes A-12)"),
    "501.marriage.led": ("After declaring a marriage the player leads its king or queen.", "P501"),
    "501.marriage.trick": ("A marriage counts only if its owner takes at least one trick in the hand.",
                           "P501 (rules-notes A-13)"),
    "501.score": ("From 501 down: the bidder goes down by the contract if his points reach it, up by it if not; "
                  "each opponent goes down by the points he took (tricks and his marriages that count).",
                  "P501 (rules-notes A-1)"),
    "501.score.blind": ("After a blind win the bidder's result is doubled, including a raised contract.",
                        "P501 (rules-notes A-5)"),
    "501.protect": ("An opponent whose score is 100 or less (at the start of the hand) subtracts nothing, "
                    "neither for tricks nor for a concession; only a successful bid lowers it.",
                    "P501 (rules-notes A-7)"),
    "501.game": ("The first player at 0 or below wins. If several reach it in the same hand, a successful "
                 "bidder wins; otherwise the lowest score; if still tied, play on.",
                 "P501, rules-notes A-8"),
    "501.dealer": ("The deal passes to the left after every hand, a thrown-in hand included.", "P501"),
    "501.action": ("An action is look, pass, bid N or blind N (a whole number), take, contract with trumps "
                   "(a suit or NT) and a whole number, concede, give with a card, a card of the pack played, or "
                   "marriage with a suit.", "cardlab"),
}



# ---------------------------------------------------------------------------------------------
# Rule set


@dataclass(frozen=True)
class Russian501Rules(RuleSet):
    """A rule set for 501: each disagreement between readings of the sources is one field.

    The defaults are [P501] resolved by rules-notes §1.2. Make other rule sets with
    :meth:`with_options`; an unknown option or a value out of range raises
    :class:`~cardlab.errors.RulesError` naming the option.

    Attributes
    ----------
    name : str
        Display name.
    start_score : int
        Everybody's score at the start of the game (501) [P501].
    min_bid : int
        The lowest bid (66) [P501].
    bid_step : int
        Each bid must exceed the last by at least this, and bids and contracts are multiples
        of it above ``min_bid`` (1; 1000 uses 5) (A-3).
    max_bid : int
        The highest bid or contract (220, the most a hand can be worth) (A-3).
    blind_bids : bool
        Players may bid before looking at their cards (``blind N``), doubling a winning blind
        bidder's result [P501]. When false everyone looks at the deal at once.
    pass_is_final : bool
        A player who passes drops out of the auction (A-4, as in 1000). When false a player who
        passed may bid again later, and the auction ends when the last bid is followed by two
        passes in a row (the seed's words read literally).
    opponent_marriages_count : bool
        An opponent's marriages (that count) are part of what he subtracts (A-1). When false he
        subtracts only the card points in his tricks.
    concession_credit : int
        What each opponent subtracts when the bidder concedes (25) [P501].
    protect_threshold : int or None
        An opponent at this score or less subtracts nothing (100) (A-7); ``None``: no such rule.
    opponent_can_win_by_tricks : bool
        May an opponent's tricks take him to 0 or below (and so win) (A-7)? When false he stops at 1.
    last_trick_bonus : int
        Card points for the last trick (0: there is none, A-9).
    must_head, must_overtrump : bool
        Extra duties when following (A-10; both false in the seed).
    """

    default_preset = 'pagat'

    name: str = "501 (pagat)"
    start_score: int = 501
    min_bid: int = 66
    bid_step: int = 1
    max_bid: int = 220
    blind_bids: bool = True
    pass_is_final: bool = True
    opponent_marriages_count: bool = True
    concession_credit: int = 25
    protect_threshold: int | None = 100
    opponent_can_win_by_tricks: bool = True
    last_trick_bonus: int = 0
    must_head: bool = False
    must_overtrump: bool = False

    _FLAGS = ("blind_bids", "pass_is_final", "opponent_marriages_count", "opponent_can_win_by_tricks",
              "must_head", "must_overtrump")
    _INTS = (("start_score", 1, 100000), ("min_bid", 1, 220), ("bid_step", 1, 50),
             ("max_bid", 1, 1000), ("concession_credit", 0, 220), ("last_trick_bonus", 0, 100))

    def __post_init__(self):
        self._check_options()
        if self.max_bid < self.min_bid:
            raise RulesError(f"option max_bid ({self.max_bid}) must be at least min_bid ({self.min_bid})", "max_bid")
        pt = self.protect_threshold
        if pt is not None and (not isinstance(pt, int) or isinstance(pt, bool) or not 0 <= pt <= 100000):
            raise RulesError(f"option protect_threshold must be a whole number or null, not {pt!r}",
                             "protect_threshold")
        object.__setattr__(self, "_trick_rules", TrickRules(
            rank_order=RANKS_66, must_follow=True, must_head=self.must_head, must_trump=True,
            must_overtrump=self.must_overtrump))
        # The auction's and the contract's legal lists depend only on a few numbers; they are
        # built once per rule set and kept here with a frozenset for quick membership tests
        # (not a field: equality, hashing and to_dict ignore it).
        object.__setattr__(self, "_legal_cache", {})

    @property
    def trick_rules(self) -> TrickRules:
        """The :class:`~cardlab.tricks.TrickRules` of the play: follow suit, else trump (A 10 K Q J 9)."""
        return self._trick_rules  # type: ignore[attr-defined]

    def bid_values(self, above: int | None) -> range:
        """The bids allowed after a bid of ``above`` (``None``: the opening bid), as a range."""
        lo = self.min_bid if above is None else above + self.bid_step
        lo = self.min_bid + -(-(lo - self.min_bid) // self.bid_step) * self.bid_step
        return range(lo, self.max_bid + 1, self.bid_step)

    def contract_values(self, bid: int) -> range:
        """The contracts allowed after a final bid of ``bid``: ``bid`` and up by the step."""
        return range(bid, self.max_bid + 1, self.bid_step)



#: rules-notes §1 recommendations (the default).
PAGAT_501 = Russian501Rules()
#: The seed read word for word where rules-notes chose: a pass is not final (the auction ends on two passes in
#: a row, A-4) and an opponent subtracts only "the points they took in tricks" (A-1).
LITERAL_501 = Russian501Rules(name="501 (seed read literally)", pass_is_final=False, opponent_marriages_count=False)
#: Bids and contracts in fives, as in 1000 (A-3), read as *steps* of five from the lowest bid: the
#: opening bid is still 66 and each bid is 5 more than a bid before it, so the bids are 66, 71, 76 …
#: (and contracts the final bid, +5, +10 …). The other reading, round numbers 70, 75, 80 …, is
#: ``FIVES_501.with_options(min_bid=70)`` (bids are ``min_bid`` + a multiple of ``bid_step``).
FIVES_501 = Russian501Rules(name="501 with bids in fives from 66 (66, 71, 76 …)", bid_step=5)

PRESETS: dict[str, Russian501Rules] = {"pagat": PAGAT_501, "literal": LITERAL_501, "fives": FIVES_501}


# ---------------------------------------------------------------------------------------------
# Actions

LOOK = Action("look")
PASS = Action("pass")
TAKE = Action("take")
CONCEDE = Action("concede")
_WORDS = {"look": LOOK, "pass": PASS, "take": TAKE, "concede": CONCEDE}
NO_TRUMP = "NT"
_SUIT_WORDS = {s.symbol: s for s in Suit} | {s.letter.lower(): s for s in Suit} | {s.name.lower(): s for s in Suit}
_NT_WORDS = {"nt", "no-trump", "notrump", "no_trump", "none", "бк"}


def parse_action(text: str | Action) -> Action:
    """Parse an action's text.

    ``"look"``, ``"pass"``, ``"bid 70"``, ``"blind 70"`` (auction); ``"take"`` (the prikup);
    ``"contract ♠ 80"``, ``"contract NT 80"``, ``"concede"``; ``"give J♣"``; a card (``"A♠"``,
    ``"10h"``) plays it; ``"marriage ♥"`` (also ``"marriage K♥"``: a card names its suit;
    ``"20 ♥"``, ``"40 ♠"``) declares the marriage of that suit, whose K or Q is then led as a
    separate play. Raises :class:`~cardlab.errors.NotationError` for anything else."""
    t = read_words(text, _WORDS, "'bid 70' or 'A♠'")
    if isinstance(t, Action):
        return t
    words = t.split()
    head = words[0].lower() if words else ""
    if head in ("bid", "blind"):
        if len(words) != 2 or not words[1].isdigit():
            raise NotationError(f"{text!r}: write '{head}' and a whole number, e.g. '{head} 70'")
        return Action(head, None, int(words[1]))
    if head == "contract":
        rest = [w for w in words[1:] if w.lower() not in ("no", "trump", "trumps")] if len(words) > 1 else []
        nt = any(w.lower() in ("no", "nt") for w in words[1:]) or any(w.lower() in _NT_WORDS for w in rest)
        if len(words) < 3 or not words[-1].isdigit():
            raise NotationError(f"{text!r}: write 'contract', trumps (♣ ♦ ♥ ♠ or NT) and a number, "
                                f"e.g. 'contract ♠ 80'")
        number = int(words[-1])
        if nt:
            return Action("contract", None, (NO_TRUMP, number))
        key = words[1].lower()
        if key not in _SUIT_WORDS or len(words) != 3:
            raise NotationError(f"{text!r}: trumps must be ♣ ♦ ♥ ♠ (or C D H S) or NT")
        return Action("contract", None, (_SUIT_WORDS[key], number))
    if head in ("marriage", "20", "40"):
        if len(words) != 2:
            raise NotationError(f"{text!r}: write '{head}' and a suit, e.g. '{head} ♥'")
        suit = _SUIT_WORDS.get(words[1].lower())
        if suit is None:
            try:
                suit = parse_card(words[1]).suit
            except NotationError:
                suit = None
        if suit is None:
            raise NotationError(f"{text!r}: name the marriage's suit (♣ ♦ ♥ ♠ or C D H S), e.g. '{head} ♥'")
        return _MARRIAGE[suit]
    if head == "give":
        if len(words) != 2:
            raise NotationError(f"{text!r}: write 'give' and one card, e.g. 'give J♣'")
        try:
            card = parse_card(words[1])
        except NotationError as exc:
            raise NotationError(f"{text!r}: {exc}") from None
        return Action("give", card)
    try:
        return play(parse_card(t))
    except NotationError as exc:
        raise NotationError(
            f"{text!r} is not a 501 action: say 'look', 'pass', 'bid 70', 'blind 70', 'take', "
            f"'contract ♠ 80', 'concede', 'give J♣', a card such as 'A♠', or 'marriage ♥' ({exc})") from None


def _bid(n: int) -> Action:
    return Action("bid", None, n)


def _blind(n: int) -> Action:
    return Action("blind", None, n)


def _contract(trump: Suit | None, n: int) -> Action:
    return Action("contract", None, (NO_TRUMP if trump is None else trump, n))


def _auction_legal(rules: "Russian501Rules", high_bid: int | None, looked: bool) -> tuple:
    """``(calls, set of calls)``: the auction calls of a player to speak, in order, and the same
    as a frozenset (cached in the rule set: they depend only on these three)."""
    key = ("auction", high_bid, looked)
    hit = rules._legal_cache.get(key)
    if hit is None:
        values = rules.bid_values(high_bid)
        if looked:
            calls = (PASS,) + tuple(_bid(n) for n in values)
        else:
            calls = (LOOK, PASS) + tuple(_blind(n) for n in values)
        rules._legal_cache[key] = hit = (calls, frozenset(calls))
    return hit


def _contract_legal(rules: "Russian501Rules", bid: int) -> tuple:
    """``(actions, set of actions)``: ``concede`` and every contract after a final bid of
    ``bid``, in order, and the same as a frozenset (cached in the rule set)."""
    key = ("contract", bid)
    hit = rules._legal_cache.get(key)
    if hit is None:
        out = [CONCEDE]
        for trump in (*Suit, None):
            out.extend(_contract(trump, n) for n in rules.contract_values(bid))
        actions = tuple(out)
        rules._legal_cache[key] = hit = (actions, frozenset(actions))
    return hit


# Per-card tables indexed by the card itself (a Card is an int code below 80): suit, card
# points, the interned play and give actions, and for kings and queens the marriage partner.
# They keep property calls and Action building off the hot path. Per suit: the "marriage"
# action and the king and queen (led after it).
_SUIT_AT = tuple(CARDS_BY_CODE[i].suit if i in CARDS_BY_CODE else None for i in range(80))
#: Card points indexed by the card itself (a Card is its int code, below 80; 0 for a code that
#: is no card of the pack): ``CARD_POINTS_AT[card]``, the table :meth:`cardlab.tricks.Trick.card_points` takes.
CARD_POINTS_AT: tuple[int, ...] = tuple(_PTS.get(CARDS_BY_CODE.get(i), 0) for i in range(80))
_PLAY_AT = tuple(play(CARDS_BY_CODE[i]) if i in CARDS_BY_CODE else None for i in range(80))
_PARTNER_AT = tuple(
    Card.of(c.suit, Rank.QUEEN if c.rank == Rank.KING else Rank.KING)
    if c is not None and c.suit is not None and c.rank in (Rank.KING, Rank.QUEEN) else None
    for c in (CARDS_BY_CODE.get(i) for i in range(80)))
_GIVE_AT = tuple(Action("give", CARDS_BY_CODE[i]) if i in CARDS_BY_CODE else None for i in range(80))
_MARRIAGE = {s: Action("marriage", None, s) for s in Suit}
_KING_MARRIAGE_AT = tuple(_MARRIAGE[CARDS_BY_CODE[i].suit] if i in CARDS_BY_CODE and CARDS_BY_CODE[i].rank == Rank.KING
                          and CARDS_BY_CODE[i].suit is not None else None for i in range(80))
#: The king and queen of each suit, the cards of its marriage [501.marriage].
MARRIAGE_CARDS: dict[Suit, tuple[Card, Card]] = {s: (Card.of(s, Rank.KING), Card.of(s, Rank.QUEEN)) for s in Suit}
_KINDS = frozenset(("look", "pass", "bid", "blind", "take", "contract", "concede", "give", "play", "marriage"))


def _replace(values: tuple, i: int, value) -> tuple:
    """``values`` with item ``i`` replaced by ``value``."""
    out = list(values)
    out[i] = value
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Deal

def check_pack(pack: Sequence) -> tuple[Card, ...]:
    """Validate a pack from a record: the 24 cards A 10 K Q J 9 of each suit, each once.
    Raises :class:`DealError` naming the card at fault [rule 501.deal]."""
    return _cards.check_pack(pack, game="a 501", rule="501.deal")


@functools.lru_cache(maxsize=None)
def _next_seats(active: tuple, table: int) -> tuple:
    """Per table seat, the active seat after it clockwise (``None`` for a seat sitting out)."""
    return tuple(active[(active.index(s) + 1) % 3] if s in active else None for s in range(table))


def active_seats(dealer: int, table: int) -> tuple[int, int, int]:
    """The three active seats in the order of the deal, clockwise from the dealer's left (eldest
    first): with 3 at the table the dealer is the third; with 4 he sits out [501.players]."""
    return tuple((dealer + k) % table for k in (1, 2, 3))  # type: ignore[return-value]


def deal(rules: Russian501Rules = PAGAT_501, dealer: int = 0, seed: int | None = None,
         pack: Sequence[Card | str] | None = None,
         names: Sequence[str] = SEAT_NAMES) -> "Russian501State":
    """Deal a hand and return its first state (eldest to speak in the auction).

    Parameters
    ----------
    rules : Russian501Rules
    dealer : int
        The dealer's seat (0 … table size − 1).
    seed : int, optional
        Shuffle with :func:`shuffled_pack`. Give ``seed`` or ``pack``, not both.
    pack : sequence of 24 cards (or card texts), optional
        The pack from the top, dealt as :data:`DEAL_POSITIONS` says [501.deal].
    names : sequence of 3 or 4 str
        The players clockwise; with 4 the dealer sits out [501.players].

    Raises
    ------
    DealError
        A pack that is not the 24 distinct cards, neither or both of seed and pack, a table of
        other than 3 or 4, a dealer who is not a seat.
    RulesError
        If ``rules`` is not a :class:`Russian501Rules`.
    """
    if (seed is None) == (pack is None):
        raise DealError("give either a seed or a pack (the 24 cards from the top), not both or neither")
    if not isinstance(rules, Russian501Rules):
        raise RulesError(f"rules must be a Russian501Rules, not {type(rules).__name__}")
    names = tuple(names)
    if len(names) not in (3, 4):
        raise DealError(f"501 is played by 3 at the table, or 4 with the dealer sitting out; not {len(names)} "
                        f"[rule 501.players]")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < len(names):
        raise DealError(f"the dealer is a seat from 0 to {len(names) - 1}, not {dealer!r}")
    cards = shuffled_pack(seed) if pack is None else check_pack(pack)
    seat_indexes, talon_indexes = _deal_layout(dealer, len(names))
    hands = tuple(tuple(cards[i] for i in ix) for ix in seat_indexes)
    talon = tuple(cards[i] for i in talon_indexes)
    return Russian501State._initial(rules, dealer, names, cards, hands, talon)


@functools.lru_cache(maxsize=None)
def _deal_layout(dealer: int, table: int) -> tuple:
    """``(per table seat the pack indexes of his cards, the prikup's pack indexes)``, in the
    order dealt, from :data:`DEAL_POSITIONS` [501.deal] (cached: it depends only on these two)."""
    active = active_seats(dealer, table)
    hands: list[list[int]] = [[] for _ in range(table)]
    talon = []
    for i, pos in enumerate(DEAL_POSITIONS):
        if pos == "prikup":
            talon.append(i)
        else:
            hands[active[pos]].append(i)
    return tuple(tuple(h) for h in hands), tuple(talon)


def deal_from_hands(hands: Sequence, prikup, rules: Russian501Rules = PAGAT_501, dealer: int = 0,
                    names: Sequence[str] = SEAT_NAMES) -> "Russian501State":
    """Deal explicit cards: ``hands[seat]`` (7 cards for each active seat; the sitting-out
    dealer's entry, with four at the table, is empty) and the 3 ``prikup`` cards. Each group may
    be a sequence of cards or card texts, or one text (``"A♠ 10♠ K♥ …"``). Builds the
    equivalent pack (so the hand can be saved as a record) and calls :func:`deal`. Raises
    :class:`DealError` as :func:`deal` does, or if a hand has the wrong size."""
    names = tuple(names)
    try:
        hs = [parse_cards(h) for h in hands]
        pk = parse_cards(prikup)
    except NotationError as exc:
        raise DealError(str(exc)) from None
    if len(hs) != len(names) or len(names) not in (3, 4):
        raise DealError(f"give one hand per player ({len(names)} names, {len(hs)} hands) [rule 501.players]")
    if not isinstance(dealer, int) or not 0 <= dealer < len(names):
        raise DealError(f"the dealer is a seat from 0 to {len(names) - 1}, not {dealer!r}")
    active = active_seats(dealer, len(names))
    for seat, h in enumerate(hs):
        want = 7 if seat in active else 0
        if len(h) != want:
            raise DealError(f"{names[seat]} should get {want} cards, not {len(h)} [rule 501.deal]")
    if len(pk) != 3:
        raise DealError(f"the prikup has 3 cards, not {len(pk)} [rule 501.deal]")
    taken = [0, 0, 0]
    pack: list = []
    talon = list(pk)
    for pos in DEAL_POSITIONS:
        if pos == "prikup":
            pack.append(talon.pop(0))
        else:
            pack.append(hs[active[pos]][taken[pos]])
            taken[pos] += 1
    return deal(rules, dealer, pack=pack, names=names)


def places(rules: Russian501Rules = PAGAT_501, dealer: int = 0, players: int = 3) -> tuple:
    """Where a deal puts the cards [501.deal, 501.players]: 7 to each hand (none to the dealer,
    who sits out at a four-player table) and 3 to the prikup (:class:`cardlab.variants.Place`)."""
    from .variants import Place

    return tuple(Place(f"hand {i}", 0 if players == 4 and i == dealer else 7, "the cards dealt to this seat")
                 for i in range(players)) + (Place("prikup", 3, "the widow, taken by the declarer"),)


#: The standing a game starts from (a record's ``start``): the score keeper's keyword, what its
#: numbers are, how many (0: one per seat) (:attr:`cardlab.variants.Variant.standing`).
STANDING: tuple[Standing, ...] = (Standing("scores", "scores per player (toward 501)"),)


def deal_from_places(places, rules: Russian501Rules = PAGAT_501, dealer: int = 0,
                     names: Sequence[str] = SEAT_NAMES, start=None) -> "Russian501State":
    """The first state of the deal that puts the cards of ``places`` (place name -> cards in the
    order dealt, the names of :func:`places`) where they lie: ``deal_from_hands`` with the
    registry's one signature (:attr:`cardlab.variants.Variant.deal_from_places`)."""
    return deal_from_hands([places[f"hand {i}"] for i in range(len(names))], places["prikup"], rules, dealer, names)


# ---------------------------------------------------------------------------------------------
# Results and views


@dataclass(frozen=True)
class Russian501Result(HandResult):
    """How a hand ended, before the game's running scores are touched (extends
    :class:`cardlab.state.HandResult`).

    Attributes
    ----------
    outcome : str
        ``"made"``, ``"failed"`` (the contract), ``"conceded"`` or ``"thrown_in"`` (three passes);
        also :attr:`reason`.
    bidder : int or None
        The bidder's seat (``None`` for a thrown-in hand).
    bid : int or None
        The final bid of the auction.
    contract : int or None
        The contract named (``None`` after a concession or a throw-in).
    trump : Suit or None
        Trumps (``None`` in no trump or when there was no play).
    blind : bool
        The auction was won by a blind bid: the bidder's result is doubled [501.score.blind].
    points : tuple of int
        Per table seat, in points (the unit of bids and contracts): card points in tricks +
        last-trick bonus + marriages that count (0 for the dealer sitting out and after a
        concession).
    card_points, marriage_points, tricks : tuple of int
        Per table seat: card points in tricks (with any last-trick bonus), marriage points that
        count, tricks taken.
    changes : tuple of int
        Per table seat, what the hand does to the score, in game points, negative towards 0: the bidder
        ∓contract (×2 blind), or +bid (×2) after a concession; each opponent −(what he takes
        off: his points, or 25 after a concession). The game applies the "100 or less" rule
        [501.protect] and any floor on top of these (see :func:`score_changes`).
    explanation : str
        The hand's outcome in words.
    returns : tuple of int
        (property) The same numbers as :attr:`changes`: per table seat, the change this hand makes
        to that seat's score, in game points (:attr:`unit`). **The sign is the score's**: the
        game is played from 501 *down* to 0, so a negative number is good for the seat (its
        score goes down towards 0: a made contract, an opponent's points) and a positive one
        bad (a failed or conceded contract); 0 for the dealer sitting out and in a thrown-in
        hand. Before the game's "100 or less" rule, which needs the running scores
        (:func:`score_changes`).
    winner : int or None
        (property) The bidder if the contract was made, else ``None`` (a failed or conceded
        contract, a thrown-in hand: the opponents of a failed bidder are two and do not win
        as one).
    """

    unit: ClassVar[str] = "game points"

    outcome: str
    bidder: int | None
    bid: int | None
    contract: int | None
    trump: Suit | None
    blind: bool
    points: tuple
    card_points: tuple
    marriage_points: tuple
    tricks: tuple
    changes: tuple
    explanation: str

    @property
    def made(self) -> bool:
        return self.outcome == "made"

    @property
    def reason(self) -> str:
        """How the hand ended: :attr:`outcome`."""
        return self.outcome

    @property
    def returns(self) -> tuple:
        return self.changes

    @property
    def winner(self) -> int | None:
        return self.bidder if self.outcome == "made" else None


@dataclass(frozen=True, kw_only=True)
class Russian501View(SeatView):
    """What one seat may know: its own cards once it has looked, and everything shown to all.

    Extends :class:`cardlab.state.SeatView` (keyword-only fields): ``variant`` is
    :data:`VARIANT`; ``hand`` is this seat's cards, empty before it has looked (a blind bidder
    does not see them: they are then in ``unseen``); ``unseen`` the cards this seat cannot see
    (in other hands unless known, in the face-down prikup, and its own before it has looked);
    ``phase`` ``"bidding"``, ``"prikup"``, ``"contract"``, ``"give"``, ``"play"`` or ``"over"``;
    ``trick`` the current trick in play order (``leader`` led ``trick[0]``; then clockwise among
    the active seats); ``tricks`` the completed tricks (:class:`cardlab.tricks.Trick`: leader,
    ((seat, card), …), winner); ``points`` per table seat, points: card points in tricks + marriages that
    count; ``result`` a :class:`Russian501Result` or ``None``; ``rules`` a
    :class:`Russian501Rules`. 501 adds:

    Attributes
    ----------
    looked : bool
        Has this seat looked at its cards?
    hand_sizes : tuple of int
        Cards in each table seat's hand.
    known : tuple of tuple of Card
        Per table seat, cards this seat knows are in that hand: the prikup cards the bidder
        took (until he passes his first card face down: from then on any of them may be in an
        opponent's hand), the king or queen of a declared marriage, and for the bidder the cards
        he gave.
    active : tuple of int
        The three active seats, eldest first.
    auction : tuple of (seat, Action)
        Every auction call so far, in order (public).
    looked_seats : tuple of bool
        Who has looked (public: you see a player pick up his cards).
    passed : tuple of bool
    high_bid, high_bidder, high_blind
        The current (or final) bid in points, its bidder, and whether it was made blind.
    bidder, bid, contract, trump, no_trump, blind
        Once the auction is won: the bidder, the final bid, the contract in points
        (``None`` until named), trumps (``None`` for no trump or not named yet), ``no_trump``,
        and the blind flag.
    prikup : tuple of Card
        The prikup's cards once turned face up (``()`` while face down).
    given_to : tuple of int
        The seats the bidder has passed a card to so far (public: the card itself is not).
    leader : int or None
    pending_marriage : Suit or None
        The marriage the leader has just declared (he must now lead its K or Q).
    tricks_won : tuple of int
    marriages : tuple of (seat, Suit, points)
    finished : bool
    """

    variant: str = field(default=VARIANT, kw_only=True)
    looked: bool
    hand_sizes: tuple
    known: tuple
    active: tuple
    auction: tuple
    looked_seats: tuple
    passed: tuple
    high_bid: int | None
    high_bidder: int | None
    high_blind: bool
    bidder: int | None
    bid: int | None
    contract: int | None
    trump: Suit | None
    no_trump: bool
    blind: bool
    prikup: tuple
    given_to: tuple
    leader: int | None
    tricks_won: tuple
    marriages: tuple
    finished: bool
    pending_marriage: Suit | None = None


# ---------------------------------------------------------------------------------------------
# State


class Russian501State(GameState):
    """One moment of a hand of 501. Immutable; :meth:`apply` returns the next state.

    Public attributes (stable; read-only by convention)
    ---------------------------------------------------
    rules : Russian501Rules
    dealer : int
    names : tuple of str
        The players clockwise, 3 or 4 (with 4 the dealer sits out).
    pack : tuple of Card
        The pack as dealt, top first.
    active : tuple of int
        The three active seats, eldest (the dealer's left) first.
    hands : tuple of tuple of Card
        Per table seat, every card in that hand, hidden or not (the dealer sitting out: empty).
    prikup : tuple of Card
        The three prikup cards as dealt (still listed after the bidder took them).
    prikup_up : bool
        The prikup has been turned face up (and taken).
    phase : str
        ``"bidding"``, ``"prikup"``, ``"contract"``, ``"give"``, ``"play"`` or ``"over"``.
    looked, passed : tuple of bool
        Per table seat.
    auction : tuple of (seat, Action)
        The auction calls in order.
    high_bid, high_bidder, high_blind
        The best bid so far, who made it, and whether it was blind.
    bidder : int or None
        The winner of the auction (``None`` during it and after a throw-in).
    contract : int or None
    trump : Suit or None
        Trumps; ``None`` for no trump (``no_trump`` tells it from "not named yet").
    no_trump : bool
    given : tuple of (seat, Card)
        The cards the bidder passed, to whom.
    leader : int or None
        Seat leading the current trick (during the play).
    trick : tuple of Card
        The current trick in play order (``leader`` led ``trick[0]``; the others follow clockwise
        among the active seats; :meth:`trick_by_seat` gives them with their seats).
    tricks : tuple of cardlab.tricks.Trick
        Completed tricks in order, each (leader, ((seat, card), …), winner).
    pending_marriage : Suit or None
        The marriage the player to lead has just declared; he must lead its K or Q next.
    card_points, tricks_won, marriage_points : tuple of int
        Per table seat; marriage points are those declared (they count once the seat has a trick,
        see :meth:`points`).
    marriages : tuple of (seat, Suit, points)
        Marriages declared, in order.
    shown : tuple of frozenset of Card
        Per table seat, cards in that hand known to everyone: the prikup cards in the bidder's
        hand until he passes his first card face down, and the K and Q of a declared marriage
        until played.
    result : Russian501Result or None
    trick_rules : TrickRules
        The duties in force during the play (``rules.trick_rules``).
    """

    __slots__ = ("active", "hands", "prikup", "prikup_up", "phase", "looked", "passed", "auction", "high_bid",
                 "high_bidder", "high_blind", "passes_in_row", "bidder", "contract", "trump", "no_trump", "given",
                 "leader", "trick", "tricks", "card_points", "tricks_won", "marriage_points", "marriages", "shown",
                 "pending_marriage", "_next")

    variant = VARIANT

    @classmethod
    def _initial(cls, rules, dealer, names, pack, hands, talon):
        s = cls._blank()
        n = len(names)
        s.rules = rules
        s.dealer = dealer
        s.names = names
        s.pack = pack
        s.active = active_seats(dealer, n)
        s._next = _next_seats(s.active, n)
        s.hands = hands
        s.prikup = talon
        s.prikup_up = False
        s.phase = "bidding"
        s._to_act = s.active[0]
        s.looked = tuple(not rules.blind_bids and seat in s.active for seat in range(n))
        s.passed = (False,) * n
        s.auction = ()
        s.high_bid = None
        s.high_bidder = None
        s.high_blind = False
        s.passes_in_row = 0
        s.bidder = None
        s.contract = None
        s.trump = None
        s.no_trump = False
        s.given = ()
        s.leader = None
        s.trick = ()
        s.tricks = ()
        s.card_points = (0,) * n
        s.tricks_won = (0,) * n
        s.marriage_points = (0,) * n
        s.marriages = ()
        s.shown = (frozenset(),) * n
        s.pending_marriage = None
        return s

    # -- queries --------------------------------------------------------------------------
    def _summary(self) -> str:
        return f"play, trick {len(self.tricks) + 1}" if self.phase == "play" else self.phase

    def card_locations(self) -> dict:
        """Where every card of the pack is now: ``"hand 0"`` … (one per table seat; the dealer
        sitting out holds none), ``"prikup"`` (face down, until taken), ``"trick"`` (the trick
        in progress) and ``"tricks"`` (completed tricks, in play order)."""
        out = {f"hand {i}": tuple(h) for i, h in enumerate(self.hands)}
        out["prikup"] = () if self.prikup_up else tuple(self.prikup)
        out["trick"] = tuple(self.trick)
        out["tricks"] = tuple(c for t in self.tricks for _, c in t.cards)
        return out

    def trick_by_seat(self) -> tuple:
        """The trick in progress as ``((seat, card), …)`` in play order (empty between tricks)."""
        out = []
        seat = self.leader
        for c in self.trick:
            out.append((seat, c))
            seat = self._next[seat]
        return tuple(out)

    @property
    def trick_rules(self) -> TrickRules:
        return self.rules.trick_rules

    @property
    def blind(self) -> bool:
        """The auction was won by a blind bid (so the bidder's result is doubled)."""
        return self.bidder is not None and self.high_blind

    @property
    def bid(self) -> int | None:
        """The final bid, once the auction is won."""
        return self.high_bid if self.bidder is not None else None

    def points(self, seat: int) -> int:
        """Points of ``seat`` now: card points in tricks (with any last-trick bonus) plus declared
        marriages once the seat has taken a trick [501.marriage.trick]."""
        return self.card_points[seat] + (self.marriage_points[seat] if self.tricks_won[seat] else 0)

    @property
    def trick_number(self) -> int:
        """1-based number of the trick in play; once the hand is over, the tricks played (8, or 0
        when there was no play)."""
        return min(8, len(self.tricks) + (0 if self.phase == "over" and not self.trick else 1))

    def next_seat(self, seat: int) -> int:
        """The active seat after ``seat`` clockwise (``ValueError`` for a seat not active)."""
        nxt = self._next[seat]
        if nxt is None:
            raise ValueError(f"seat {seat} is not active in this hand")
        return nxt

    def opponents(self) -> tuple[int, int]:
        """The bidder's opponents, the one on his left first (``()`` before the auction is won)."""
        if self.bidder is None:
            return ()  # type: ignore[return-value]
        first = self.next_seat(self.bidder)
        return (first, self.next_seat(first))

    # -- legal actions ----------------------------------------------------------------------
    def _legal_now(self) -> tuple[Action, ...]:
        """The legal actions of a running hand, computed afresh (``legal_actions`` caches them);
        see the module docstring for each phase."""
        seat = self._to_act
        r = self.rules
        ph = self.phase
        if ph == "play":
            # Built directly from the hand with the per-card tables; the plain rule checks
            # (tricks.legal_plays, explain_duty) stay the source of the refusals' reasons, and
            # tests/russian501/test_russian501_legal_consistency.py checks that both agree at every step.
            hand = self.hands[seat]
            trick = self.trick
            if trick:
                if r.must_head or r.must_overtrump:
                    cards = legal_plays(hand, trick, self.trump, r._trick_rules)
                    return tuple([_PLAY_AT[c] for c in cards])
                led = _SUIT_AT[trick[0]]
                out = [_PLAY_AT[c] for c in hand if _SUIT_AT[c] is led]       # follow suit
                if out:
                    return tuple(out)
                trump = self.trump
                if trump is not None:
                    out = [_PLAY_AT[c] for c in hand if _SUIT_AT[c] is trump]  # else trump
                    if out:
                        return tuple(out)
                return tuple([_PLAY_AT[c] for c in hand])                     # else anything
            pm = self.pending_marriage
            if pm is not None:                                                # lead its K or Q
                return tuple([_PLAY_AT[c] for c in hand if c in MARRIAGE_CARDS[pm]])
            out = [_PLAY_AT[c] for c in hand]
            for c in hand:
                m = _KING_MARRIAGE_AT[c]
                if m is not None and _PARTNER_AT[c] in hand:
                    out.append(m)
            return tuple(out)
        if ph == "bidding":
            return _auction_legal(r, self.high_bid, self.looked[seat])[0]
        if ph == "prikup":
            return (TAKE,)
        if ph == "contract":
            return _contract_legal(r, self.high_bid)[0]
        # give
        return tuple(_GIVE_AT[c] for c in self.hands[seat])

    # -- applying: the hooks of GameState.apply -------------------------------------------
    # ``apply(action, seat=None)`` is GameState's: read the text, refuse out of turn [501.turn],
    # check against the legal list, refuse an equal twin of a legal action (70.0 for 70, an int
    # equal to a card's code: rule 501.action), check a marriage's value said as text
    # [501.marriage], then step a copy (_do_play for a card, _do for the rest).
    _TURN_RULE: ClassVar[str] = "501.turn"
    _parse = staticmethod(parse_action)
    _said = staticmethod(said_marriage_value)

    def _check_said(self, said: int, action: Action) -> None:
        """Refuse a marriage said with the wrong value ("40 ♥" when hearts are not trumps; every
        marriage is 20 in no trump) [501.marriage]."""
        check_said_value(said, action, self.trump, "501.marriage", self.no_trump)

    def _allows(self, action: Action, legal: tuple) -> bool:
        """``action in legal``, answered from the cached frozensets for the long lists of the
        auction and the contract (up to 155 bids, 621 contracts)."""
        if len(legal) > 16:
            ph = self.phase
            try:
                if ph == "bidding":
                    return action in _auction_legal(self.rules, self.high_bid, self.looked[self._to_act])[1]
                if ph == "contract":
                    return action in _contract_legal(self.rules, self.high_bid)[1]
            except TypeError:  # an unhashable value (e.g. a list): compare one by one below
                pass
        return action in legal

    def playout(self, choose) -> Russian501Result:
        """Play the hand to its end with ``choose(legal_actions) -> Action`` and return the result,
        without keeping the states (this state is unchanged). Raises IllegalActionError if
        ``choose`` returns an illegal action. (Unlike :meth:`apply`, no check that a played card
        is a Card: a number equal to a card's code plays as that card in this private copy, of
        which only the result is kept.)"""
        s = self._child(None)
        while s.result is None:
            legal = s._legal_now()
            a = choose(legal)
            if not (a in legal if len(legal) <= 16 else s._allows(a, legal)):
                raise s._why_illegal(a)
            s._do(s._to_act, a)
        return s.result

    def _do(self, seat: int, a: Action) -> None:
        """Take ``a`` (any action; :meth:`apply` sends a card to :meth:`_do_play` directly) for
        ``seat`` in place, on a fresh copy or :meth:`playout`'s private one."""
        self._legal = None
        kind = a.kind
        if kind == "play":  # the commonest action first
            self._do_play(seat, a.card)
        elif kind == "look":
            self.looked = _replace(self.looked, seat, True)
        elif kind in ("bid", "blind", "pass"):
            self._auction_call(seat, a)
        elif kind == "take":
            self.prikup_up = True
            self.hands = _replace(self.hands, seat, self.hands[seat] + self.prikup)
            self.shown = _replace(self.shown, seat, self.shown[seat] | frozenset(self.prikup))
            self.looked = tuple(True if s in self.active else False for s in range(len(self.names)))
            self.phase = "contract"
        elif kind == "concede":
            self._finish_concession()
        elif kind == "contract":
            trump, n = a.value
            self.contract = n
            self.no_trump = trump == NO_TRUMP
            self.trump = None if self.no_trump else trump
            self.phase = "give"
        elif kind == "give":
            to = self.opponents()[len(self.given)]
            h = list(self.hands[seat])
            h.remove(a.card)
            self.hands = _replace(self.hands, seat, tuple(h))
            self.hands = _replace(self.hands, to, self.hands[to] + (a.card,))
            # The cards go face down: from the first one on, nobody but the bidder knows which of
            # the prikup cards are still in his hand (one may now be in an opponent's), so they
            # stop being known to all [501.give]. Marking only the card given would tell the other
            # opponent where it went.
            self.shown = _replace(self.shown, seat, frozenset())
            self.given = self.given + ((to, a.card),)
            if len(self.given) == 2:
                self.phase = "play"
                self.leader = self.active[0]
                self._to_act = self.active[0]
        elif kind == "marriage":
            suit = a.value
            value = marriage_points(suit, self.trump)   # 40 in trumps, 20 otherwise and in no trump
            self.marriage_points = _replace(self.marriage_points, seat, self.marriage_points[seat] + value)
            self.marriages = self.marriages + ((seat, suit, value),)
            self.shown = _replace(self.shown, seat, self.shown[seat] | frozenset(MARRIAGE_CARDS[suit]))
            self.pending_marriage = suit

    def _auction_call(self, seat: int, a: Action) -> None:
        self.auction = self.auction + ((seat, a),)
        r = self.rules
        if a.kind == "pass":
            self.passed = _replace(self.passed, seat, True)
            self.passes_in_row += 1
        else:
            self.high_bid = a.value
            self.high_bidder = seat
            self.high_blind = a.kind == "blind"
            self.passes_in_row = 0
            if r.pass_is_final is False:
                self.passed = (False,) * len(self.names)
        # has it ended?
        if r.pass_is_final:
            left = [s for s in self.active if not self.passed[s]]
            if self.high_bid is None and not left:
                return self._throw_in()
            if self.high_bid is not None and left == [self.high_bidder]:
                return self._auction_won()
            nxt = self.next_seat(seat)
            while self.passed[nxt]:
                nxt = self.next_seat(nxt)
            self._to_act = nxt
        else:
            if self.high_bid is None and self.passes_in_row == 3:
                return self._throw_in()
            if self.high_bid is not None and self.passes_in_row == 2:
                return self._auction_won()
            self._to_act = self.next_seat(seat)

    def _auction_won(self) -> None:
        self.bidder = self.high_bidder
        self.phase = "prikup"
        self._to_act = self.bidder

    def _throw_in(self) -> None:
        n = len(self.names)
        self.phase = "over"
        zeros = (0,) * n
        self.result = Russian501Result(
            "thrown_in", None, None, None, None, False, zeros, zeros, zeros, zeros, zeros,
            f"all three passed: the hand is thrown in without play, nobody scores, and "
            f"{self.names[(self.dealer + 1) % n]} deals next [rule 501.auction]")

    def _do_play(self, seat: int, card: Card) -> None:
        """Play ``card`` from ``seat``'s hand in place; the third card closes the trick
        [501.follow, 501.lead], the eighth trick the hand [501.score]."""
        h = self.hands[seat]
        i = h.index(card)
        self.hands = _replace(self.hands, seat, h[:i] + h[i + 1:])
        shown = self.shown[seat]
        if shown and card in shown:
            self.shown = _replace(self.shown, seat, shown - {card})
        trick = self.trick
        if len(trick) < 2:
            if not trick:
                self.pending_marriage = None
            self.trick = trick + (card,)
            self._to_act = self._next[seat]
            return
        cards = (trick[0], trick[1], card)
        ld = self.leader
        second = self._next[ld]
        pairs = ((ld, cards[0]), (second, cards[1]), (seat, card))
        w = pairs[trick_winner(cards, self.trump, self.rules._trick_rules)][0]
        pts = CARD_POINTS_AT[cards[0]] + CARD_POINTS_AT[cards[1]] + CARD_POINTS_AT[card]
        if len(self.tricks) == 7:
            pts += self.rules.last_trick_bonus
        self.card_points = _replace(self.card_points, w, self.card_points[w] + pts)
        self.tricks_won = _replace(self.tricks_won, w, self.tricks_won[w] + 1)
        self.tricks = self.tricks + (tuple.__new__(Trick, (ld, pairs, w)),)
        self.trick = ()
        self.leader = w
        self._to_act = w
        if len(self.tricks) == 8:
            self._finish_play()

    def _finish_play(self) -> None:
        r = self.rules
        n = len(self.names)
        b = self.bidder
        mult = 2 if self.high_blind else 1
        valid_m = tuple(self.marriage_points[s] if self.tricks_won[s] else 0 for s in range(n))
        pts = tuple(self.card_points[s] + valid_m[s] for s in range(n))
        made = pts[b] >= self.contract
        changes = [0] * n
        changes[b] = (-1 if made else 1) * self.contract * mult
        for o in self.opponents():
            changes[o] = -(pts[o] if r.opponent_marriages_count else self.card_points[o])
        trumps = "no trump" if self.no_trump else f"trumps {self.trump.symbol}"
        nm = self.names
        dbl = f" ×2 for the blind bid = {self.contract * mult}" if mult == 2 else ""
        if made:
            head = (f"{nm[b]} made the contract ({trumps}, {self.contract}) with {pts[b]}: down {self.contract}{dbl}")
        else:
            head = (f"{nm[b]} failed the contract ({trumps}, {self.contract}) with {pts[b]}: up {self.contract}{dbl}")
        lost = [m for m in self.marriages if not self.tricks_won[m[0]]]
        opp = ", ".join(
            f"{nm[o]} {pts[o] if r.opponent_marriages_count else self.card_points[o]}" for o in self.opponents())
        note = ""
        if lost:
            note = "; " + ", ".join(f"{nm[m[0]]}'s marriage {m[1].symbol} does not count (no trick)" for m in lost)
        self.phase = "over"
        self.result = Russian501Result(
            "made" if made else "failed", b, self.high_bid, self.contract, self.trump, self.high_blind, pts,
            self.card_points, valid_m, self.tricks_won, tuple(changes),
            f"{head}; the opponents go down by what they took: {opp}{note}")

    def _finish_concession(self) -> None:
        r = self.rules
        n = len(self.names)
        b = self.bidder
        mult = 2 if self.high_blind else 1
        changes = [0] * n
        changes[b] = self.high_bid * mult
        for o in self.opponents():
            changes[o] = -r.concession_credit
        zeros = (0,) * n
        dbl = f" ×2 (blind) = {self.high_bid * mult}" if mult == 2 else ""
        self.phase = "over"
        self.result = Russian501Result(
            "conceded", b, self.high_bid, None, None, self.high_blind, zeros, zeros, zeros, zeros, tuple(changes),
            f"{self.names[b]} gives up after seeing the prikup: up by the bid {self.high_bid}{dbl}; each "
            f"opponent goes down {r.concession_credit} as if he had taken {r.concession_credit} [rule 501.concede]")

    # -- errors (the reasons in words are cardlab.russian501_words') ---------------------------
    def _not_your_turn(self, seat, a: Action | str) -> IllegalActionError:
        """The refusal of ``a`` (an Action or its text) by ``seat`` when it is not that seat's turn:
        the hand over or no such seat [501.turn], the dealer sitting out [501.players], a bid after
        one's pass [501.pass-final], another's turn [501.turn]
        (:func:`cardlab.russian501_words.not_your_turn`)."""
        return not_your_turn(self, seat, a)

    def _why_illegal(self, a: Action) -> IllegalActionError:
        """Why ``a`` may not be applied now, naming the rule: the hand over [501.turn], an action
        that is not one of 501's [501.action] (:func:`malformed_reason`), else the rule it breaks
        now (:func:`cardlab.russian501_words.why_illegal`)."""
        if self.result is None:
            malformed = malformed_reason(a)
            if malformed is not None:
                return IllegalActionError("501.action", malformed)
        return why_illegal(self, a)

    # -- views ------------------------------------------------------------------------------
    def view(self, seat: int) -> Russian501View:
        """What ``seat`` may know now (see :class:`Russian501View`). Raises ``ValueError`` for a seat
        not at the table."""
        n = len(self.names)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise ValueError(f"seat must be a seat from 0 to {n - 1}, not {seat!r}")
        own = self.hands[seat] if self.looked[seat] else ()
        known = []
        for other in range(n):
            if other == seat:
                known.append(())
                continue
            k = set(self.shown[other])
            if seat == self.bidder:
                k |= {c for to, c in self.given if to == other}
            known.append(tuple(c for c in self.hands[other] if c in k))
        visible = set(own)
        for ks in known:
            visible |= set(ks)
        visible.update(self.trick)
        for t in self.tricks:
            visible |= {c for _, c in t.cards}
        unseen = tuple(c for c in PACK_24 if c not in visible)
        return Russian501View(
            seat=seat, hand=own, looked=self.looked[seat], hand_sizes=tuple(len(h) for h in self.hands),
            known=tuple(known), phase=self.phase, dealer=self.dealer, active=self.active, auction=self.auction,
            looked_seats=self.looked, passed=self.passed, high_bid=self.high_bid, high_bidder=self.high_bidder,
            high_blind=self.high_blind, bidder=self.bidder, bid=self.bid, contract=self.contract, trump=self.trump,
            no_trump=self.no_trump, blind=self.blind, prikup=self.prikup if self.prikup_up else (),
            given_to=tuple(to for to, _ in self.given), trick=self.trick, leader=self.leader, tricks=self.tricks,
            points=tuple(self.points(s) for s in range(n)), tricks_won=self.tricks_won, marriages=self.marriages,
            unseen=unseen, to_act=self.to_act,
            legal_actions=self.legal_actions() if self.to_act == seat else (),
            finished=self.result is not None, result=self.result, rules=self.rules,
            pending_marriage=self.pending_marriage)

    def explain(self) -> str:
        """The last step in words (the deal, for the first state; see
        :func:`cardlab.russian501_words.explain_step`)."""
        return explain_step(self)


def malformed_reason(action) -> str | None:
    """Why ``action`` is not an action of 501 at all (unknown kind, wrong payload, a number equal
    to a card or a suit), or ``None`` if it is well formed (it may still be illegal now)."""
    if not isinstance(action, Action):
        return f"{action_text(action)} is not an Action"
    kind, card, value = action
    if kind.__class__ is not str or kind not in _KINDS:
        why = ("is not a 501 action: look, pass, bid N, blind N, take, contract, concede, give a card, play a "
               "card or marriage with a suit")
    elif kind in ("play", "give"):
        if card.__class__ is not Card or card not in _PACK_SET:
            why = f"is not a {kind}: it takes one card of the 24-card pack (A 10 K Q J 9)"
        elif value is not None:
            why = f"is not a {kind}: it takes a card and no value"
        else:
            return None
    elif kind == "marriage":
        if card is None and value.__class__ is Suit:
            return None
        why = "is not a marriage: a marriage names its suit only (marriage ♥), not a card or a number"
    elif kind in ("bid", "blind"):
        if card is None and value.__class__ is int:
            return None
        why = f"is not a bid: '{kind}' takes a whole number ({kind} 70)"
    elif kind == "contract":
        if (card is None and value.__class__ is tuple and len(value) == 2 and value[1].__class__ is int
                and (value[0].__class__ is Suit or (value[0].__class__ is str and value[0] == NO_TRUMP))):
            return None
        why = "is not a contract: it takes trumps (♣ ♦ ♥ ♠ or NT) and a whole number (contract ♠ 80)"
    elif card is not None or value is not None:
        why = f"is not an action: '{kind}' takes no card and no value"
    else:
        return None
    return f"'{action_text(action)}' {why}"


def describe_action(action: Action, state: "Russian501State | None" = None) -> ActionText:
    """How a front end shows ``action``: its group (one of ``variants.ACTION_GROUPS``), a short
    button label in the rule's words and a one-line help naming the rule.

    ``"A♠"`` (a card played), ``"Declare marriage ♥ (40)"`` (the value when ``state`` is
    given), ``"Look at my cards"``, ``"Pass"``, ``"Bid 70"``, ``"Bid 70 blind"``, ``"Take the
    prikup"``, ``"Contract ♠ 80"`` / ``"Contract no trump 80"``, ``"Concede"``, ``"Give J♣ to
    Boris"``. Raises nothing: an action that is not one of 501's is shown by its text in the
    group ``"other"``."""
    if malformed_reason(action) is not None:
        return ActionText("other", action_text(action), "")
    kind, card, value = action
    if kind == "play":
        return ActionText("card", str(card), f"Play {card}. [rule 501.hold]")
    if kind == "marriage":
        trump = getattr(state, "trump", None)
        pts = "" if state is None or state.phase != "play" else f" ({marriage_points(value, trump)})"
        return ActionText("marriage", f"Declare marriage {value.symbol}{pts}",
                          f"Show K{value.symbol} and Q{value.symbol} (40 in trumps, 20 otherwise; they count once "
                          f"you take a trick), then lead one of them. [rule 501.marriage]")
    if kind in ("bid", "blind"):
        label = f"Bid {value}" + (" blind" if kind == "blind" else "")
        return ActionText("bid", label, f"{RULES['501.blind' if kind == 'blind' else '501.bid.higher'][0]} "
                                        f"[rule {'501.blind' if kind == 'blind' else '501.bid.higher'}]")
    if kind == "contract":
        trump, n = value
        tr = "no trump" if trump == NO_TRUMP else trump.symbol
        return ActionText("contract", f"Contract {tr} {n}", f"{RULES['501.contract'][0]} [rule 501.contract]")
    if kind == "give":
        to = ""
        if state is not None and state.phase == "give" and len(state.given) < 2:
            to = f" to {state.names[state.opponents()[len(state.given)]]}"
        return ActionText("give", f"Give {card}{to}", f"Pass {card} face down{to}. [rule 501.give]")
    if kind == "pass":
        final = getattr(getattr(state, "rules", None), "pass_is_final", True)
        rule = "501.pass-final" if final else "501.auction"
        return ActionText("pass", "Pass", ("Pass: out of the auction (a pass is final). " if final else
                                           "Pass (you may bid again later). ") + f"[rule {rule}]")
    group, label, rule = {"look": ("stock", "Look at my cards", "501.look"),
                          "take": ("stock", "Take the prikup", "501.prikup"),
                          "concede": ("contract", "Concede", "501.concede")}[kind]
    return ActionText(group, label, f"{RULES[rule][0]} [rule {rule}]")


# The score keeper lives in cardlab.russian501_game (to keep this module short); it is
# imported on first use as cardlab.russian501.Russian501Game (and score_changes).
__getattr__ = lazy_exports(__name__, {"Russian501Game": "cardlab.russian501_game", "score_changes": "cardlab.russian501_game"})
