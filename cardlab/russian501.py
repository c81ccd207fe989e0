"""The Russian three-player 66 with prikup, counted down from 501 ("501").

Sources: ../shared/seeds/000_*.txt ([SEED-000], the text of pagat's page "501" [P501], from
Michael Latash) and ../shared/rules-notes.md §1, which resolves what the seed leaves open
(A-1 … A-13). Every disagreement between readings is an option of :class:`Rules501`; the
presets :data:`PAGAT_501` (the default: rules-notes' recommendations), :data:`LITERAL_501` (the
seed read word for word where rules-notes had to choose) and :data:`FIVES_501` (bids in fives,
as in 1000) pick one reading each.

A hand goes through these phases (``state.phase``):

``"auction"``
    Eldest (the dealer's left) speaks first, then clockwise: ``pass``, ``bid N`` or, before
    looking at one's cards, ``blind N`` or ``look``. Minimum 66, each bid higher.
``"prikup"``
    The auction is won; the bidder turns the three prikup cards face up and takes them (``take``).
``"contract"``
    The bidder names trumps or no trump and a contract at least the final bid
    (``contract ♠ 80``, ``contract NT 80``), or gives up (``concede``).
``"give"``
    The bidder passes one card face down to each opponent (``give J♣``): first to the
    opponent on the bidder's left, then to the other.
``"play"``
    Eight tricks; eldest leads first. A card (``A♠``) plays it; ``marriage K♥`` leads the K♥ and
    declares the K♥ Q♥ marriage.
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
A-8   several at 0: a successful bidder, else the lowest, else on   :meth:`Game501.add`
A-9   no last-trick bonus                                           ``last_trick_bonus``
A-10  no duty to head or to overtrump                               ``must_head``, ``must_overtrump``
A-11  the dealer sitting out keeps his score                         rule ``501.players``
A-12  a marriage in no trump is 20 and makes no trump               rule ``501.marriage``
A-13  the bidder's marriage, too, needs a trick                     rule ``501.marriage.trick``
====  ==========================================================  ==================================

Seats are numbered clockwise from 0. With three at the table all three play; with four the
dealer deals to the other three and sits the hand out [SEED-000]. Card points (A 11, 10 10,
K 4, Q 3, J 2, 9 0; 120 in the pack), marriage points (40 in trumps, 20 otherwise), bids and
contracts are all *card points* of the hand; what moves a player's score from 501 towards 0
is counted in *game points* (the contract, the opponents' points, 25 for a concession).

Typical use::

    from cardlab import russian501 as p501
    s = p501.deal(p501.PAGAT_501, dealer=0, seed=7, names=("Ana", "Boris", "Vera"))
    s.legal_actions()     # (Action('look'), Action('pass'), Action('blind 66'), ...)
    s = s.apply("look").apply("bid 66")
    print(s.explain())    # "Boris bids 66."
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from html import escape
from typing import NamedTuple, Sequence

from .actions import Action, play
from .cards import PACK_24, Card, Rank, Suit, format_cards, parse_card, parse_cards
from .rulesets import RuleSet
from .errors import IllegalActionError, NotationError, RulesError, DealError
from .state import GameState
from .tricks import RANKS_66, TrickRules, explain_duty, legal_plays, trick_winner

__all__ = [
    "Rules501",
    "PAGAT_501",
    "LITERAL_501",
    "FIVES_501",
    "PRESETS",
    "CARD_POINTS",
    "RULES",
    "DEAL_POSITIONS",
    "Trick",
    "HandResult501",
    "SeatView501",
    "Prikup501State",
    "Game501",
    "Rule501Player",
    "DealError",
    "deal",
    "deal_from_hands",
    "shuffled_pack",
    "parse_action",
    "score_changes",
    "hand_strength",
]

VARIANT = "russian-501"

#: Card points of the 24-card pack, by rank [SEED-000]: 30 a suit, 120 in all.
CARD_POINTS: dict[Rank, int] = {
    Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0,
}
_PTS = {c: CARD_POINTS[c.rank] for c in PACK_24}
_PACK_SET = frozenset(PACK_24)

#: Where each card of the pack goes, by index from the top (rules-notes §1.1 step 4 / A-2):
#: ``"talon"`` or the position of the active player in the order of the deal (0 = eldest, the
#: dealer's left; 1 = the next; 2 = the dealer, or with four at the table the dealer's right).
DEAL_POSITIONS: tuple = tuple(
    "talon" if i in (3, 7, 11) else (i % 4 if i < 12 else (i - 12) % 3) for i in range(24)
)

#: Rule ids, their text and source; every IllegalActionError names one of these ids.
RULES: dict[str, tuple[str, str]] = {
    "501.players": ("Three active players; with four at the table the dealer deals to the other three and sits "
                    "the hand out, and his score does not change.", "SEED-000 (rules-notes A-11)"),
    "501.deal": ("The dealer deals one card at a time clockwise from his left; in each of the first three rounds "
                 "one card goes face down to the prikup (after the third player's card), so each player has 7 "
                 "cards and the prikup 3.", "SEED-000, rules-notes §1.1 step 4 (A-2)"),
    "501.turn": ("Only the player to act may act; nobody acts once the hand is over; the dealer who sits out "
                 "never acts.", "SEED-000"),
    "501.auction": ("Eldest speaks first, then clockwise; each player passes or bids. The auction ends when the "
                    "last bid is followed by two passes; if all three pass the hand is thrown in and the next "
                    "dealer deals.", "SEED-000"),
    "501.bid.min": ("The lowest bid is 66.", "SEED-000"),
    "501.bid.higher": ("Each bid must be higher than the last (by the bid step: 1, or 5 as in 1000).",
                       "SEED-000, P1000 (rules-notes A-3)"),
    "501.bid.max": ("No bid or contract above the maximum (220, the most a hand can be worth: 120 card points "
                    "and four marriages).", "SEED-000, rules-notes A-3"),
    "501.pass-final": ("A player who has passed may not bid again.", "P1000 (rules-notes A-4)"),
    "501.blind": ("A player who has not looked at his cards may bid blind; if the auction is won by a blind bid "
                  "the bidder's result for the hand (plus or minus) is doubled. Once he looks, his later bids "
                  "are not blind.", "SEED-000 (rules-notes A-5)"),
    "501.look": ("Looking at one's cards is an action; after it the player bids normally.", "SEED-000"),
    "501.prikup": ("The prikup is turned face up for all to see and taken by the winner of the auction, who then "
                   "has 10 cards.", "SEED-000"),
    "501.contract": ("The bidder names trumps or no trump and a contract of at least the final bid.",
                     "SEED-000"),
    "501.concede": ("Instead of naming a contract the bidder may give up: he is charged the bid (doubled if "
                    "blind) and each opponent scores as if he had taken 25.", "SEED-000 (rules-notes A-6)"),
    "501.give": ("After naming the contract the bidder passes one card face down to each opponent (first to the "
                 "one on his left), so that everyone holds 8. Any of his 10 cards may be passed; only the bidder "
                 "and the receiver know the card, so from then on nobody else knows which prikup cards the "
                 "bidder still holds.", "SEED-000, rules-notes §1.1"),
    "501.lead": ("Eldest (the dealer's left) leads to the first trick, whoever won the auction; the winner of a "
                 "trick leads to the next.", "SEED-000"),
    "501.hold": ("You can only play a card you hold.", "all sources"),
    "501.follow": ("You must follow suit if you can.", "SEED-000"),
    "501.trump": ("If you cannot follow suit you must play a trump if you have one (it need not beat a trump "
                  "already played); in no trump any card.", "SEED-000"),
    "501.head": ("Option: when following suit, beat the highest card of the suit led if you can (not in the "
                 "seed).", "rules-notes A-10"),
    "501.overtrump": ("Option: when trumping, beat a trump already in the trick if you can (not in the seed).",
                      "rules-notes A-10"),
    "501.marriage": ("Any player may declare a marriage only when leading, by leading its king or queen with the "
                     "other still in hand: 40 in trumps, 20 otherwise, all 20 in no trump. Trumps never change.",
                     "SEED-000 (rules-notes A-12)"),
    "501.marriage.trick": ("A marriage counts only if its owner takes at least one trick in the hand.",
                           "SEED-000 (rules-notes A-13)"),
    "501.score": ("From 501 down: the bidder goes down by the contract if his points reach it, up by it if not; "
                  "each opponent goes down by the points he took (tricks and his marriages that count).",
                  "SEED-000 (rules-notes A-1)"),
    "501.score.blind": ("After a blind win the bidder's result is doubled, including a raised contract.",
                        "SEED-000 (rules-notes A-5)"),
    "501.protect": ("An opponent whose score is 100 or less (at the start of the hand) subtracts nothing, "
                    "neither for tricks nor for a concession; only a successful bid lowers it.",
                    "SEED-000 (rules-notes A-7)"),
    "501.game": ("The first player at 0 or below wins. If several reach it in the same hand, a successful "
                 "bidder wins; otherwise the lowest score; if still tied, play on.",
                 "SEED-000, rules-notes A-8"),
    "501.dealer": ("The deal passes to the left after every hand, a thrown-in hand included.", "SEED-000"),
}



# ---------------------------------------------------------------------------------------------
# Rule set


@dataclass(frozen=True)
class Rules501(RuleSet):
    """A rule set for 501: each disagreement between readings of the sources is one field.

    The defaults are [SEED-000] resolved by rules-notes §1.2. Make other rule sets with
    :meth:`with_options`; an unknown option or a value out of range raises
    :class:`~cardlab.errors.RulesError` naming the option.

    Attributes
    ----------
    name : str
        Display name.
    start_score : int
        Everybody's score at the start of the game (501) [SEED-000].
    min_bid : int
        The lowest bid (66) [SEED-000].
    bid_step : int
        Each bid must exceed the last by at least this, and bids and contracts are multiples
        of it above ``min_bid`` (1; 1000 uses 5) (A-3).
    max_bid : int
        The highest bid or contract (220, the most a hand can be worth) (A-3).
    blind_bids : bool
        Players may bid before looking at their cards (``blind N``), doubling a winning blind
        bidder's result [SEED-000]. When false everyone looks at the deal at once.
    pass_is_final : bool
        A player who passes drops out of the auction (A-4, as in 1000). When false a player who
        passed may bid again later, and the auction ends when the last bid is followed by two
        passes in a row (the seed's words read literally).
    opponent_marriages_count : bool
        An opponent's marriages (that count) are part of what he subtracts (A-1). When false he
        subtracts only the card points in his tricks.
    concession_credit : int
        What each opponent subtracts when the bidder concedes (25) [SEED-000].
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

    def __post_init__(self):
        for f in ("blind_bids", "pass_is_final", "opponent_marriages_count", "opponent_can_win_by_tricks",
                  "must_head", "must_overtrump"):
            if not isinstance(getattr(self, f), bool):
                raise RulesError(f"option {f} must be true or false, not {getattr(self, f)!r}", f)
        for f, lo, hi in (("start_score", 1, 100000), ("min_bid", 1, 220), ("bid_step", 1, 50),
                          ("max_bid", 1, 1000), ("concession_credit", 0, 220), ("last_trick_bonus", 0, 100)):
            v = getattr(self, f)
            if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
                raise RulesError(f"option {f} must be a whole number from {lo} to {hi}, not {v!r}", f)
        if self.max_bid < self.min_bid:
            raise RulesError(f"option max_bid ({self.max_bid}) must be at least min_bid ({self.min_bid})", "max_bid")
        pt = self.protect_threshold
        if pt is not None and (not isinstance(pt, int) or isinstance(pt, bool) or not 0 <= pt <= 100000):
            raise RulesError(f"option protect_threshold must be a whole number or null, not {pt!r}",
                             "protect_threshold")
        if not isinstance(self.name, str) or not self.name:
            raise RulesError("option name must be a non-empty text", "name")
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
PAGAT_501 = Rules501()
#: The seed read word for word where rules-notes chose: a pass is not final (the auction ends on two passes in
#: a row, A-4) and an opponent subtracts only "the points they took in tricks" (A-1).
LITERAL_501 = Rules501(name="501 (seed read literally)", pass_is_final=False, opponent_marriages_count=False)
#: Bids and contracts in fives, as in 1000 (A-3).
FIVES_501 = Rules501(name="501 with bids in fives", bid_step=5)

PRESETS: dict[str, Rules501] = {"pagat": PAGAT_501, "literal": LITERAL_501, "fives": FIVES_501}


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
    ``"10h"``) plays it; ``"marriage K♥"`` (also ``"20 K♥"``, ``"40 Q♠"``) leads that card
    declaring its marriage. Raises :class:`~cardlab.errors.NotationError` for anything else."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise NotationError(f"an action must be text such as 'bid 70' or 'A♠', not {type(text).__name__}")
    t = text.strip()
    low = t.lower()
    if low in _WORDS:
        return _WORDS[low]
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
    if head in ("give", "marriage", "20", "40"):
        if len(words) != 2:
            raise NotationError(f"{text!r}: write '{head}' and one card, e.g. '{head} K♥'")
        try:
            card = parse_card(words[1])
        except NotationError as exc:
            raise NotationError(f"{text!r}: {exc}") from None
        return Action("give" if head == "give" else "marriage", card)
    try:
        return play(parse_card(t))
    except NotationError as exc:
        raise NotationError(
            f"{text!r} is not a 501 action: say 'look', 'pass', 'bid 70', 'blind 70', 'take', "
            f"'contract ♠ 80', 'concede', 'give J♣', a card such as 'A♠', or 'marriage K♥' ({exc})") from None


def _bid(n: int) -> Action:
    return Action("bid", None, n)


def _blind(n: int) -> Action:
    return Action("blind", None, n)


def _contract(trump: Suit | None, n: int) -> Action:
    return Action("contract", None, (NO_TRUMP if trump is None else trump, n))


def _auction_legal(rules: "Rules501", high_bid: int | None, looked: bool) -> tuple:
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


def _contract_legal(rules: "Rules501", bid: int) -> tuple:
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
# points, the interned play action, and for kings and queens the marriage partner and the
# "marriage" action. They keep property calls and Action building off the hot path.
_SUIT_AT = tuple(Card._table[i].suit if i in Card._table else None for i in range(80))
_PTS_AT = tuple(_PTS.get(Card._table.get(i), 0) for i in range(80))
_PLAY_AT = tuple(play(Card._table[i]) if i in Card._table else None for i in range(80))
_PARTNER_AT = tuple(
    Card.of(c.suit, Rank.QUEEN if c.rank == Rank.KING else Rank.KING)
    if c is not None and c.suit is not None and c.rank in (Rank.KING, Rank.QUEEN) else None
    for c in (Card._table.get(i) for i in range(80)))
_GIVE_AT = tuple(Action("give", Card._table[i]) if i in Card._table else None for i in range(80))
_MARRIAGE_AT = tuple(Action("marriage", Card._table[i]) if _PARTNER_AT[i] is not None else None
                     for i in range(80))


def _replace(values: tuple, i: int, value) -> tuple:
    """``values`` with item ``i`` replaced by ``value``."""
    out = list(values)
    out[i] = value
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Deal

def shuffled_pack(seed: int) -> tuple[Card, ...]:
    """The 24-card pack shuffled reproducibly from an integer ``seed`` (the same shuffle as
    :func:`cardlab.sixtysix.shuffled_pack`). Index 0 is the top card, dealt first."""
    from .sixtysix import shuffled_pack as _sp

    if not isinstance(seed, int) or isinstance(seed, bool):
        raise DealError(f"a seed must be a whole number, not {seed!r}")
    return _sp(seed)


def _check_pack(pack: Sequence) -> tuple[Card, ...]:
    try:
        cards = tuple(parse_card(c) for c in pack)
    except NotationError as exc:
        raise DealError(f"the pack has a card that cannot be read: {exc}") from None
    if len(cards) != 24:
        raise DealError(f"a 501 pack has 24 cards (A 10 K Q J 9 of each suit), not {len(cards)} [rule 501.deal]")
    seen: set = set()
    for i, c in enumerate(cards):
        if c not in _PACK_SET:
            raise DealError(f"card {i} ({c}) is not in the 24-card pack (A 10 K Q J 9 only) [rule 501.deal]")
        if c in seen:
            raise DealError(f"card {i} ({c}) appears twice in the pack [rule 501.deal]")
        seen.add(c)
    return cards


@functools.lru_cache(maxsize=None)
def _next_seats(active: tuple, table: int) -> tuple:
    """Per table seat, the active seat after it clockwise (``None`` for a seat sitting out)."""
    return tuple(active[(active.index(s) + 1) % 3] if s in active else None for s in range(table))


def active_seats(dealer: int, table: int) -> tuple[int, int, int]:
    """The three active seats in the order of the deal, clockwise from the dealer's left (eldest
    first): with 3 at the table the dealer is the third; with 4 he sits out [501.players]."""
    return tuple((dealer + k) % table for k in (1, 2, 3))  # type: ignore[return-value]


def deal(rules: Rules501 = PAGAT_501, dealer: int = 0, seed: int | None = None,
         pack: Sequence[Card | str] | None = None,
         names: Sequence[str] = ("A", "B", "C")) -> "Prikup501State":
    """Deal a hand and return its first state (eldest to speak in the auction).

    Parameters
    ----------
    rules : Rules501
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
        If ``rules`` is not a :class:`Rules501`.
    """
    if (seed is None) == (pack is None):
        raise DealError("give either a seed or a pack (the 24 cards from the top), not both or neither")
    if not isinstance(rules, Rules501):
        raise RulesError(f"rules must be a Rules501, not {type(rules).__name__}")
    names = tuple(names)
    if len(names) not in (3, 4):
        raise DealError(f"501 is played by 3 at the table, or 4 with the dealer sitting out; not {len(names)} "
                        f"[rule 501.players]")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < len(names):
        raise DealError(f"the dealer is a seat from 0 to {len(names) - 1}, not {dealer!r}")
    cards = shuffled_pack(seed) if pack is None else _check_pack(pack)
    seat_indexes, talon_indexes = _deal_layout(dealer, len(names))
    hands = tuple(tuple(cards[i] for i in ix) for ix in seat_indexes)
    talon = tuple(cards[i] for i in talon_indexes)
    return Prikup501State._initial(rules, dealer, names, cards, hands, talon)


@functools.lru_cache(maxsize=None)
def _deal_layout(dealer: int, table: int) -> tuple:
    """``(per table seat the pack indexes of his cards, the prikup's pack indexes)``, in the
    order dealt, from :data:`DEAL_POSITIONS` [501.deal] (cached: it depends only on these two)."""
    active = active_seats(dealer, table)
    hands: list[list[int]] = [[] for _ in range(table)]
    talon = []
    for i, pos in enumerate(DEAL_POSITIONS):
        if pos == "talon":
            talon.append(i)
        else:
            hands[active[pos]].append(i)
    return tuple(tuple(h) for h in hands), tuple(talon)


def deal_from_hands(hands: Sequence, prikup, rules: Rules501 = PAGAT_501, dealer: int = 0,
                    names: Sequence[str] = ("A", "B", "C")) -> "Prikup501State":
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
        if pos == "talon":
            pack.append(talon.pop(0))
        else:
            pack.append(hs[active[pos]][taken[pos]])
            taken[pos] += 1
    return deal(rules, dealer, pack=pack, names=names)


# ---------------------------------------------------------------------------------------------
# Results, tricks, views


class Trick(NamedTuple):
    """A completed trick: ``leader`` (seat), ``cards`` as ((seat, Card), …) in play order, lead
    first, and the ``winner`` (seat)."""

    leader: int
    cards: tuple
    winner: int

    @property
    def card_points(self) -> int:
        return sum(_PTS[c] for _, c in self.cards)


@dataclass(frozen=True)
class HandResult501:
    """How a hand ended, before the game's running scores are touched.

    Attributes
    ----------
    outcome : str
        ``"made"``, ``"failed"`` (the contract), ``"conceded"`` or ``"thrown_in"`` (three passes).
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
        Per table seat, in card points (the unit of bids and contracts): card points in tricks +
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
    """

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


@dataclass(frozen=True)
class SeatView501:
    """What one seat may know: its own cards once it has looked, and everything shown to all.

    Attributes
    ----------
    seat : int
    hand : tuple of Card
        This seat's cards; empty before it has looked (a blind bidder does not see them).
    looked : bool
        Has this seat looked at its cards?
    hand_sizes : tuple of int
        Cards in each table seat's hand.
    known : tuple of tuple of Card
        Per table seat, cards this seat knows are in that hand: the prikup cards the bidder
        took (until he passes his first card face down: from then on any of them may be in an
        opponent's hand), the partner of a declared marriage, and for the bidder the cards he
        gave.
    phase : str
        ``"auction"``, ``"prikup"``, ``"contract"``, ``"give"``, ``"play"`` or ``"over"``.
    dealer : int
    active : tuple of int
        The three active seats, eldest first.
    auction : tuple of (seat, Action)
        Every auction call so far, in order (public).
    looked_seats : tuple of bool
        Who has looked (public: you see a player pick up his cards).
    passed : tuple of bool
    high_bid, high_bidder, high_blind
        The current (or final) bid, its bidder, and whether it was made blind.
    bidder, bid, contract, trump, no_trump, blind
        Once the auction is won: the bidder, the final bid, the contract (``None`` until named),
        trumps (``None`` for no trump or not named yet), ``no_trump``, and the blind flag.
    prikup : tuple of Card
        The prikup's cards once turned face up (``()`` while face down).
    given_to : tuple of int
        The seats the bidder has passed a card to so far (public: the card itself is not).
    trick : tuple of (seat, Card)
        The current trick, lead first.
    leader : int or None
    tricks : tuple of Trick
    points : tuple of int
        Per table seat, card points in tricks + marriages that count.
    tricks_won : tuple of int
    marriages : tuple of (seat, Suit, points)
    unseen : tuple of Card
        Cards this seat cannot see: in other hands (unless known), in the face-down prikup, and
        its own before it has looked.
    to_act : int or None
    legal_actions : tuple of Action
        Only when this seat is to act; otherwise empty.
    finished : bool
    result : HandResult501 or None
    rules : Rules501
    """

    seat: int
    hand: tuple
    looked: bool
    hand_sizes: tuple
    known: tuple
    phase: str
    dealer: int
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
    trick: tuple
    leader: int | None
    tricks: tuple
    points: tuple
    tricks_won: tuple
    marriages: tuple
    unseen: tuple
    to_act: int | None
    legal_actions: tuple
    finished: bool
    result: HandResult501 | None
    rules: Rules501


# ---------------------------------------------------------------------------------------------
# State


class Prikup501State(GameState):
    """One moment of a hand of 501. Immutable; :meth:`apply` returns the next state.

    Public attributes (stable; read-only by convention)
    ---------------------------------------------------
    rules : Rules501
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
        ``"auction"``, ``"prikup"``, ``"contract"``, ``"give"``, ``"play"`` or ``"over"``.
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
    trick : tuple of (seat, Card)
        The current trick, lead first.
    tricks : tuple of Trick
        Completed tricks in order, each (leader, ((seat, card), …), winner).
    card_points, tricks_won, marriage_points : tuple of int
        Per table seat; marriage points are those declared (they count once the seat has a trick,
        see :meth:`points`).
    marriages : tuple of (seat, Suit, points)
        Marriages declared, in order.
    shown : tuple of frozenset of Card
        Per table seat, cards in that hand known to everyone: the prikup cards in the bidder's
        hand until he passes his first card face down, and marriage partners.
    result : HandResult501 or None
    trick_rules : TrickRules
        The duties in force during the play (``rules.trick_rules``).
    """

    __slots__ = ("rules", "dealer", "names", "pack", "active", "hands", "prikup", "prikup_up", "phase", "_to_act",
                 "looked", "passed", "auction", "high_bid", "high_bidder", "high_blind", "passes_in_row",
                 "bidder", "contract", "trump", "no_trump", "given", "leader", "trick", "tricks", "card_points",
                 "tricks_won", "marriage_points", "marriages", "shown", "result", "_next")

    variant = VARIANT

    @classmethod
    def _initial(cls, rules, dealer, names, pack, hands, talon):
        s = object.__new__(cls)
        s.parent = None
        s.last_action = None
        s._legal = None
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
        s.phase = "auction"
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
        s.result = None
        return s

    def _child(self, action):
        """A copy of this state whose parent is this one; :meth:`_do` then changes it in place.
        (Explicit assignments: this runs once per action, so it is on the hot path.)"""
        s = object.__new__(Prikup501State)
        s.parent = self
        s.last_action = action
        s._legal = None
        s.rules = self.rules
        s.dealer = self.dealer
        s.names = self.names
        s.pack = self.pack
        s.active = self.active
        s._next = self._next
        s.hands = self.hands
        s.prikup = self.prikup
        s.prikup_up = self.prikup_up
        s.phase = self.phase
        s._to_act = self._to_act
        s.looked = self.looked
        s.passed = self.passed
        s.auction = self.auction
        s.high_bid = self.high_bid
        s.high_bidder = self.high_bidder
        s.high_blind = self.high_blind
        s.passes_in_row = self.passes_in_row
        s.bidder = self.bidder
        s.contract = self.contract
        s.trump = self.trump
        s.no_trump = self.no_trump
        s.given = self.given
        s.leader = self.leader
        s.trick = self.trick
        s.tricks = self.tricks
        s.card_points = self.card_points
        s.tricks_won = self.tricks_won
        s.marriage_points = self.marriage_points
        s.marriages = self.marriages
        s.shown = self.shown
        s.result = self.result
        return s

    # -- queries --------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` when the hand is over."""
        return None if self.result is not None else self._to_act

    @property
    def is_finished(self) -> bool:
        return self.result is not None

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
    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the player to act may take (empty once the hand is over); see the module
        docstring for each phase."""
        legal = self._legal
        if legal is None:
            self._legal = legal = () if self.result is not None else self._legal_now()
        return legal

    def _legal_now(self) -> tuple[Action, ...]:
        seat = self._to_act
        r = self.rules
        ph = self.phase
        if ph == "play":
            # Built directly from the hand with the per-card tables; the plain rule checks
            # (tricks.legal_plays, explain_duty) stay the source of the refusals' reasons, and
            # tests/test_501_legal_consistency.py checks that both agree at every step.
            hand = self.hands[seat]
            trick = self.trick
            if trick:
                if r.must_head or r.must_overtrump:
                    cards = legal_plays(hand, [c for _, c in trick], self.trump, r._trick_rules)
                    return tuple([_PLAY_AT[c] for c in cards])
                led = _SUIT_AT[trick[0][1]]
                out = [_PLAY_AT[c] for c in hand if _SUIT_AT[c] is led]       # follow suit
                if out:
                    return tuple(out)
                trump = self.trump
                if trump is not None:
                    out = [_PLAY_AT[c] for c in hand if _SUIT_AT[c] is trump]  # else trump
                    if out:
                        return tuple(out)
                return tuple([_PLAY_AT[c] for c in hand])                     # else anything
            out = [_PLAY_AT[c] for c in hand]
            for c in hand:
                partner = _PARTNER_AT[c]
                if partner is not None and partner in hand:
                    out.append(_MARRIAGE_AT[c])
            return tuple(out)
        if ph == "auction":
            return _auction_legal(r, self.high_bid, self.looked[seat])[0]
        if ph == "prikup":
            return (TAKE,)
        if ph == "contract":
            return _contract_legal(r, self.high_bid)[0]
        # give
        return tuple(_GIVE_AT[c] for c in self.hands[seat])

    # -- applying -------------------------------------------------------------------------
    def apply(self, action: Action | str, seat: int | None = None) -> "Prikup501State":
        """Return the state after ``action`` (an :class:`Action` or its text).

        ``seat``, when given, says who is acting: it must be the seat to act (a widget or a
        table passes it so that, e.g., a player who has passed is told the pass was final).

        Raises
        ------
        NotationError
            If the text is not an action.
        IllegalActionError
            If the rules forbid it now (or ``seat`` is not to act); ``rule`` is a key of
            :data:`RULES` and ``reason`` says why in words. A marriage announced as text with
            the wrong value ("40 K♥" when hearts are not trumps) is refused too [501.marriage].
            The state is unchanged (states are immutable)."""
        said = None
        if not isinstance(action, Action):
            words = action.split() if isinstance(action, str) else []
            said = int(words[0]) if len(words) == 2 and words[0] in ("20", "40") else None
            action = parse_action(action)
        if seat is not None and seat != self.to_act:
            raise self._not_your_turn(seat, action)
        legal = self._legal
        if not (action in legal if legal is not None and len(legal) <= 16 else self._allows(action)):
            raise self._why_illegal(action)
        if said is not None:
            worth = 40 if action.card.suit == self.trump else 20
            if said != worth:
                why = "trumps" if worth == 40 else ("no trump: every marriage is 20" if self.no_trump else "not trumps")
                raise IllegalActionError("501.marriage", f"the {action.card.suit.symbol} marriage is worth {worth} "
                                                         f"here ({why}), not {said}: say '{worth} {action.card}'")
        s = self._child(action)
        if action.kind == "play":  # the commonest action, straight to its handler
            s._play(self._to_act, action.card)
        else:
            s._do(self._to_act, action)
        return s

    def _allows(self, action: Action) -> bool:
        """``action in self.legal_actions()``, answered from the cached frozensets for the long
        lists of the auction and the contract."""
        if self.result is None:
            ph = self.phase
            try:
                if ph == "auction":
                    return action in _auction_legal(self.rules, self.high_bid, self.looked[self._to_act])[1]
                if ph == "contract":
                    return action in _contract_legal(self.rules, self.high_bid)[1]
            except TypeError:  # an unhashable value (e.g. a list): compare one by one below
                pass
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        return action in legal

    def playout(self, choose) -> HandResult501:
        """Play the hand to its end with ``choose(legal_actions) -> Action`` and return the result,
        without keeping the states (this state is unchanged). Raises IllegalActionError if
        ``choose`` returns an illegal action."""
        s = self._child(None)
        while s.result is None:
            legal = s._legal_now()
            a = choose(legal)
            if not (a in legal if len(legal) <= 16 else s._allows(a)):
                raise s._why_illegal(a)
            s._do(s._to_act, a)
        return s.result

    def _do(self, seat: int, a: Action) -> None:
        self._legal = None
        kind = a.kind
        if kind == "play":  # the commonest action first
            self._play(seat, a.card)
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
        elif kind in ("play", "marriage"):
            if kind == "marriage":
                suit = a.card.suit
                value = 40 if suit == self.trump else 20
                self.marriage_points = _replace(self.marriage_points, seat, self.marriage_points[seat] + value)
                self.marriages = self.marriages + ((seat, suit, value),)
                self.shown = _replace(self.shown, seat, self.shown[seat] | {_partner(a.card)})
            self._play(seat, a.card)

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
        self.result = HandResult501(
            "thrown_in", None, None, None, None, False, zeros, zeros, zeros, zeros, zeros,
            f"all three passed: the hand is thrown in without play, nobody scores, and "
            f"{self.names[(self.dealer + 1) % n]} deals next [rule 501.auction]")

    def _play(self, seat: int, card: Card) -> None:
        h = self.hands[seat]
        i = h.index(card)
        self.hands = _replace(self.hands, seat, h[:i] + h[i + 1:])
        shown = self.shown[seat]
        if shown and card in shown:
            self.shown = _replace(self.shown, seat, shown - {card})
        trick = self.trick + ((seat, card),)
        if len(trick) < 3:
            self.trick = trick
            self._to_act = self._next[seat]
            return
        cards = (trick[0][1], trick[1][1], card)
        w = trick[trick_winner(cards, self.trump, self.rules._trick_rules)][0]
        pts = _PTS_AT[cards[0]] + _PTS_AT[cards[1]] + _PTS_AT[card]
        if len(self.tricks) == 7:
            pts += self.rules.last_trick_bonus
        self.card_points = _replace(self.card_points, w, self.card_points[w] + pts)
        self.tricks_won = _replace(self.tricks_won, w, self.tricks_won[w] + 1)
        self.tricks = self.tricks + (Trick(self.leader, trick, w),)
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
        self.result = HandResult501(
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
        self.result = HandResult501(
            "conceded", b, self.high_bid, None, None, self.high_blind, zeros, zeros, zeros, zeros, tuple(changes),
            f"{self.names[b]} gives up after seeing the prikup: up by the bid {self.high_bid}{dbl}; each "
            f"opponent goes down {r.concession_credit} as if he had taken {r.concession_credit} [rule 501.concede]")

    # -- errors ----------------------------------------------------------------------------
    def _not_your_turn(self, seat: int, a: Action) -> IllegalActionError:
        nm = self.names
        if not isinstance(seat, int) or not 0 <= seat < len(nm):
            return IllegalActionError("501.turn", f"there is no seat {seat!r} at this table")
        if self.result is not None:
            return IllegalActionError("501.turn", "the hand is over; no more actions can be taken")
        if seat not in self.active:
            return IllegalActionError("501.players", f"{nm[seat]} dealt and sits this hand out")
        if self.phase == "auction" and self.passed[seat] and a.kind in ("bid", "blind"):
            return IllegalActionError("501.pass-final", f"{nm[seat]} has passed and may not bid again: a pass is "
                                                        f"final")
        return IllegalActionError("501.turn", f"it is {nm[self._to_act]}'s turn, not {nm[seat]}'s")

    def _why_illegal(self, a: Action) -> IllegalActionError:
        if self.result is not None:
            return IllegalActionError("501.turn", "the hand is over; no more actions can be taken")
        seat = self._to_act
        name = self.names[seat]
        r = self.rules
        kind = a.kind
        ph = self.phase
        if ph == "auction":
            if kind == "look":
                return IllegalActionError("501.look", f"{name} has already looked at the cards")
            if kind in ("bid", "blind"):
                n = a.value
                if kind == "blind" and not r.blind_bids:
                    return IllegalActionError("501.blind", f"these rules ({r.name}) have no blind bids")
                if kind == "blind" and self.looked[seat]:
                    return IllegalActionError("501.blind", f"{name} has looked at the cards, so cannot bid blind "
                                                           f"any more")
                if kind == "bid" and not self.looked[seat]:
                    return IllegalActionError("501.look", f"{name} has not looked at the cards yet: 'look' first, "
                                                          f"or bid blind ('blind {n}')")
                if n < r.min_bid:
                    return IllegalActionError("501.bid.min", f"a bid of {n} is too low: the lowest bid is "
                                                             f"{r.min_bid}")
                if n > r.max_bid:
                    return IllegalActionError("501.bid.max", f"a bid of {n} is above the maximum {r.max_bid}")
                if self.high_bid is not None and n < self.high_bid + r.bid_step:
                    return IllegalActionError("501.bid.higher", f"a bid of {n} is too low: it must be higher than "
                                                                f"{self.names[self.high_bidder]}'s {self.high_bid}"
                                                                + (f" by at least {r.bid_step}" if r.bid_step > 1 else ""))
                if (n - r.min_bid) % r.bid_step:
                    return IllegalActionError("501.bid.higher", f"bids go up in steps of {r.bid_step} from "
                                                                f"{r.min_bid}; {n} is not one of them")
            return IllegalActionError("501.auction", f"during the auction {name} may only pass, bid"
                                                     f"{', bid blind or look' if not self.looked[seat] else ''}; "
                                                     f"not '{a}'")
        if kind in ("bid", "blind", "pass", "look") and ph in ("give", "play"):
            return IllegalActionError("501.auction", f"the auction is over ({self.names[self.bidder]} won it with "
                                                     f"{self.high_bid}); '{a}' is not possible now")
        if ph == "prikup":
            return IllegalActionError("501.prikup", f"the auction is over: {name} must first turn up and take the "
                                                    f"prikup ('take')")
        if ph == "contract":
            if kind == "contract":
                trump, n = a.value
                if n < self.high_bid:
                    return IllegalActionError("501.contract", f"a contract of {n} is below the final bid "
                                                              f"{self.high_bid}: name {self.high_bid} or more")
                if n > r.max_bid:
                    return IllegalActionError("501.bid.max", f"a contract of {n} is above the maximum {r.max_bid}")
                return IllegalActionError("501.contract", f"contracts go up in steps of {r.bid_step} from the bid "
                                                          f"{self.high_bid}; {n} is not one of them")
            if kind in ("bid", "blind", "pass", "look"):
                return IllegalActionError("501.auction", f"the auction is over ({name} won it with {self.high_bid}); "
                                                         f"name a contract or concede")
            return IllegalActionError("501.contract", f"{name} must now name trumps or no trump and a contract of "
                                                      f"at least {self.high_bid} (e.g. 'contract ♠ "
                                                      f"{self.high_bid}'), or concede")
        if ph == "give":
            to = self.opponents()[len(self.given)]
            if kind == "give":
                return IllegalActionError("501.give", f"{name} does not hold {a.card}, so cannot pass it to "
                                                      f"{self.names[to]}")
            return IllegalActionError("501.give", f"{name} must now pass one card face down to {self.names[to]} "
                                                  f"('give CARD')")
        # play
        if seat != self._to_act:  # pragma: no cover - the seat is always the one to act
            return IllegalActionError("501.turn", "not your turn")
        hand = self.hands[seat]
        if kind == "marriage":
            c = a.card
            if self.trick:
                return IllegalActionError("501.marriage", f"a marriage can be declared only when leading; {name} "
                                                          f"must play to the trick")
            if c.rank not in (Rank.KING, Rank.QUEEN):
                return IllegalActionError("501.marriage", f"a marriage is declared by leading its king or queen, "
                                                          f"not {c}")
            if c not in hand:
                return IllegalActionError("501.hold", f"{name} does not hold {c}")
            return IllegalActionError("501.marriage", f"{name} cannot declare the {c.suit.symbol} marriage: the "
                                                      f"{_partner(c)} is not in hand")
        if kind == "play":
            c = a.card
            if c not in hand:
                return IllegalActionError("501.hold", f"{name} does not hold {c}")
            duty = explain_duty(c, hand, [x for _, x in self.trick], self.trump, r.trick_rules)
            if duty is not None:
                key, reason = duty
                return IllegalActionError(f"501.{key}", f"{c} is not allowed: {reason}")
        return IllegalActionError("501.turn", f"'{a}' is not possible now: {name} must play a card")

    # -- views ------------------------------------------------------------------------------
    def view(self, seat: int) -> SeatView501:
        """What ``seat`` may know now (see :class:`SeatView501`). Raises ``ValueError`` for a seat
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
        visible |= {c for _, c in self.trick}
        for t in self.tricks:
            visible |= {c for _, c in t.cards}
        unseen = tuple(c for c in PACK_24 if c not in visible)
        return SeatView501(
            seat=seat, hand=own, looked=self.looked[seat], hand_sizes=tuple(len(h) for h in self.hands),
            known=tuple(known), phase=self.phase, dealer=self.dealer, active=self.active, auction=self.auction,
            looked_seats=self.looked, passed=self.passed, high_bid=self.high_bid, high_bidder=self.high_bidder,
            high_blind=self.high_blind, bidder=self.bidder, bid=self.bid, contract=self.contract, trump=self.trump,
            no_trump=self.no_trump, blind=self.blind, prikup=self.prikup if self.prikup_up else (),
            given_to=tuple(to for to, _ in self.given), trick=self.trick, leader=self.leader, tricks=self.tricks,
            points=tuple(self.points(s) for s in range(n)), tricks_won=self.tricks_won, marriages=self.marriages,
            unseen=unseen, to_act=self.to_act,
            legal_actions=self.legal_actions() if self.to_act == seat else (),
            finished=self.result is not None, result=self.result, rules=self.rules)

    def explain(self) -> str:
        """The last step in words (the deal, for the first state)."""
        return explain_step(self)

    def __repr__(self) -> str:
        status = "finished" if self.result else f"{self.names[self._to_act]} to act"
        return f"<Prikup501State {self.rules.name}: {self.phase}, {status}>"

    def _repr_html_(self) -> str:
        return state_html(self)


def _partner(card: Card) -> Card:
    """The other card of a king's or queen's marriage."""
    return Card.of(card.suit, Rank.QUEEN if card.rank == Rank.KING else Rank.KING)


def _say_bid(a: Action) -> str:
    return f"{a.value} blind" if a.kind == "blind" else str(a.value)


def explain_step(s: Prikup501State) -> str:
    """Words for the step that led to ``s``: what happened and which rule made it so. Never names
    a card that is face down (the cards passed by the bidder, anyone's hand)."""
    nm = s.names
    p = s.parent
    r = s.rules
    if p is None:
        e = s.active[0]
        out = [f"{nm[s.dealer]} deals 7 cards each, one at a time clockwise from {nm[e]}; in each of the first "
               f"three rounds one card goes face down to the prikup (3 cards)."]
        if len(nm) == 4:
            out.append(f"With four at the table the dealer, {nm[s.dealer]}, sits this hand out.")
        blind = " (or, without looking at the cards, bid blind)" if r.blind_bids else ""
        out.append(f"{nm[e]} speaks first: pass or bid at least {r.min_bid}{blind}.")
        return " ".join(out)
    a = s.last_action
    seat = p._to_act
    who = nm[seat]
    k = a.kind
    parts: list[str] = []
    if k == "look":
        parts.append(f"{who} looks at the cards; from now on {who}'s bids are not blind.")
    elif k == "pass":
        parts.append(f"{who} passes" + (" and is out of the auction." if r.pass_is_final else "."))
    elif k == "bid":
        parts.append(f"{who} bids {a.value}.")
    elif k == "blind":
        parts.append(f"{who} bids {a.value} blind, without looking at the cards: if this wins the auction, "
                     f"{who}'s result for the hand is doubled.")
    elif k == "take":
        parts.append(f"{who} turns the prikup face up for all to see ({format_cards(s.prikup)}) and takes it: "
                     f"{who} now has 10 cards.")
        if s.high_blind:
            parts.append(f"{who} won blind, so the result of this hand counts double.")
    elif k == "contract":
        trump, n = a.value
        tr = "no trump" if trump == NO_TRUMP else f"trumps {trump.symbol}"
        raised = f" (raised from the bid {s.high_bid})" if n > s.high_bid else ""
        parts.append(f"{who} plays {tr} and a contract of {n}{raised}; next {who} passes one card face down to "
                     f"each opponent.")
    elif k == "concede":
        parts.append(f"{who} concedes: the cards are not played.")
    elif k == "give":
        to = s.given[-1][0]
        parts.append(f"{who} passes a card face down to {nm[to]}.")
        if s.phase == "play":
            parts.append(f"Everyone holds 8 cards; {nm[s.active[0]]} (eldest) leads to the first trick.")
    elif k in ("play", "marriage"):
        card = a.card
        if k == "marriage":
            value = s.marriages[-1][2]
            why = ("trumps" if value == 40 else ("no trump: every marriage is 20" if s.no_trump else "not trumps"))
            counts = ("" if p.tricks_won[seat] else f"; it counts only if {who} takes a trick")
            parts.append(f"{who} leads {card} and declares the marriage {card.suit.symbol}: {value} ({why}{counts}).")
        elif not p.trick:
            parts.append(f"{who} leads {card}.")
        else:
            led = p.trick[0][1].suit
            if card.suit == led:
                parts.append(f"{who} plays {card}.")
            elif s.trump is not None and card.suit == s.trump:
                parts.append(f"{who} has no {led.symbol} and trumps with {card}.")
            else:
                parts.append(f"{who} has no {led.symbol}" + ("" if s.trump is None else " and no trump")
                             + f", so discards {card}.")
            if not s.trick:
                t = s.tricks[-1]
                pts = t.card_points
                bonus = r.last_trick_bonus if len(s.tricks) == 8 else 0
                extra = f" and {bonus} for the last trick" if bonus else ""
                parts.append(f"{nm[t.winner]} wins the trick ({pts} card point{'s' if pts != 1 else ''}{extra}).")
    if s.phase == "prikup" and p.phase == "auction":
        bl = " blind" if s.high_blind else ""
        parts.append(f"The auction is over: {nm[s.bidder]} won it with {s.high_bid}{bl} and plays alone against "
                     f"the other two.")
    if s.result is not None:
        parts.append("Hand over: " + s.result.explanation + ".")
    return " ".join(parts)


# ---------------------------------------------------------------------------------------------
# Scoring the game


def score_changes(result: HandResult501, scores: Sequence[int], rules: Rules501,
                  names: Sequence[str] | None = None) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """What a finished hand does to the running scores, with the rules that apply on top of
    :attr:`HandResult501.changes`.

    Parameters
    ----------
    result : HandResult501
    scores : sequence of int
        Each table seat's score at the start of the hand.
    rules : Rules501
    names : sequence of str, optional
        Player names for the notes (default ``"seat 0"`` …).

    Returns
    -------
    (changes, notes)
        ``changes[seat]`` is added to the score (negative: towards 0); ``notes`` are the rules
        applied, in words: an opponent at ``protect_threshold`` or less subtracts nothing
        [501.protect, A-7, checked on the score at the start of the hand]; with
        ``opponent_can_win_by_tricks`` false an opponent stops at 1.
    """
    out = list(result.changes)
    notes = []
    nm = tuple(names) if names is not None else tuple(f"seat {i}" for i in range(len(scores)))
    if result.bidder is not None:
        for seat, delta in enumerate(result.changes):
            if seat == result.bidder or delta >= 0:
                continue
            pt = rules.protect_threshold
            if pt is not None and scores[seat] <= pt:
                out[seat] = 0
                notes.append(f"{nm[seat]} is at {scores[seat]} (≤ {pt}): subtracts nothing [rule 501.protect]")
            elif not rules.opponent_can_win_by_tricks and scores[seat] + delta < 1:
                out[seat] = 1 - scores[seat]
                notes.append(f"{nm[seat]} stops at 1: an opponent cannot win on tricks under these rules")
    return tuple(out), tuple(notes)


class Game501:
    """A game of 501: hands until a player's score reaches 0 or below [501.game], the deal
    passing to the left after every hand [501.dealer].

    Parameters
    ----------
    rules : Rules501
    first_dealer : int
    names : sequence of 3 or 4 str

    Attributes
    ----------
    scores : list of int
        The running scores (``rules.start_score`` at the start).
    start_totals : tuple of int
        The scores before the first hand.
    goal : str
        ``"game from 501 down to 0"``.
    hands : list of Prikup501State
        The final states added so far.
    """

    def __init__(self, rules: Rules501 = PAGAT_501, first_dealer: int = 0, names: Sequence[str] = ("A", "B", "C")):
        names = tuple(names)
        if len(names) not in (3, 4):
            raise DealError(f"501 is played by 3, or 4 with the dealer sitting out; not {len(names)} "
                            f"[rule 501.players]")
        if not isinstance(first_dealer, int) or not 0 <= first_dealer < len(names):
            raise DealError(f"the first dealer is a seat from 0 to {len(names) - 1}, not {first_dealer!r}")
        self.rules = rules
        self.first_dealer = first_dealer
        self.names = names
        self.scores = [rules.start_score] * len(names)
        self.start_totals = tuple(self.scores)
        self.hands: list[Prikup501State] = []
        self._rows: list[dict] = []
        self._winner: int | None = None
        self.goal = f"game from {rules.start_score} down to 0"

    @property
    def next_dealer(self) -> int:
        """The dealer of the next hand: the first dealer, then one seat to the left each hand."""
        if not self.hands:
            return self.first_dealer
        return (self.hands[-1].dealer + 1) % len(self.names)

    @property
    def next_dealer_reason(self) -> str:
        if not self.hands:
            return "the first dealer is chosen by lot"
        return "the deal passes to the left after every hand [rule 501.dealer]"

    @property
    def is_over(self) -> bool:
        return self._winner is not None

    @property
    def winner(self) -> int | None:
        """The seat that won the game, or ``None`` while it goes on."""
        return self._winner

    def deal(self, seed: int | None = None, pack: Sequence | None = None) -> Prikup501State:
        """Deal the next hand (dealer by the rotation). Raises :class:`DealError` if the game is over."""
        if self.is_over:
            raise DealError(f"the game is over: {self.names[self._winner]} won")
        return deal(self.rules, self.next_dealer, seed=seed, pack=pack, names=self.names)

    def add(self, final: Prikup501State) -> dict:
        """Score a finished hand; return its score-sheet row.

        Raises :class:`DealError` if the hand is unfinished, dealt by the wrong dealer, played under
        other rules or with other players, or the game is already over."""
        if not isinstance(final, Prikup501State) or final.result is None:
            raise DealError("only a finished hand of 501 can be scored")
        if self.is_over:
            raise DealError("the game is already over")
        if final.dealer != self.next_dealer:
            raise DealError(f"hand {len(self.hands) + 1} should be dealt by {self.names[self.next_dealer]}: "
                            f"the deal passes to the left [rule 501.dealer]")
        if final.rules != self.rules:
            raise DealError("the hand was played under other rules than the game")
        if tuple(final.names) != self.names:
            raise DealError("the hand was played by other players than the game's")
        res = final.result
        before = tuple(self.scores)
        changes, notes = score_changes(res, before, self.rules, self.names)
        for i, d in enumerate(changes):
            self.scores[i] += d
        self.hands.append(final)
        b = res.bidder
        nm = self.names
        if res.outcome == "thrown_in":
            bid_text, contract_text = "—", "—"
        else:
            bid_text = f"{res.bid}{' blind' if res.blind else ''}"
            if res.outcome == "conceded":
                contract_text = "conceded"
            else:
                contract_text = f"{'NT' if res.trump is None else res.trump.symbol} {res.contract}"
        row = {
            "hand": len(self.hands),
            "dealer": nm[final.dealer],
            "bidder": nm[b] if b is not None else "—",
            "bid": bid_text,
            "contract": contract_text,
            "outcome": res.outcome.replace("_", " "),
            "points": " · ".join(f"{nm[s]} {res.points[s]}" for s in sorted(final.active))
            if res.outcome in ("made", "failed") else "—",
        }
        for i, name in enumerate(nm):
            row[f"{name} ±"] = changes[i]
        for i, name in enumerate(nm):
            row[name] = self.scores[i]
        row["note"] = "; ".join(notes)
        self._rows.append(row)
        self._decide(res)
        if self._winner is not None:
            row["note"] = (row["note"] + "; " if row["note"] else "") + f"{nm[self._winner]} wins the game"
        return row

    def _decide(self, res: HandResult501) -> None:
        """The winner once somebody is at 0 or below [501.game, rules-notes A-8]."""
        down = [i for i, sc in enumerate(self.scores) if sc <= 0]
        if not down:
            return
        if res.outcome == "made" and res.bidder in down:
            self._winner = res.bidder
            return
        low = min(self.scores[i] for i in down)
        best = [i for i in down if self.scores[i] == low]
        if len(best) == 1:
            self._winner = best[0]

    def rows(self) -> list[dict]:
        """The score sheet, one dict per hand: ``hand``, ``dealer``, ``bidder``, ``bid``,
        ``contract``, ``outcome``, ``points`` (text: each active player's card points in the hand,
        marriages that count included), ``NAME ±`` (the change to each score, in game points) and
        ``NAME`` (each running score), ``note`` (the rules applied, e.g. the 100-or-less rule)."""
        return list(self._rows)

    def row_summary(self, row: dict) -> str:
        """One hand in words for the stepper, e.g. ``"Ana bid 80 blind, made ♠ 85"``."""
        if row["outcome"] == "thrown in":
            return "all passed, hand thrown in"
        if row["outcome"] == "conceded":
            return f"{row['bidder']} bid {row['bid']} and conceded"
        return f"{row['bidder']} bid {row['bid']}, {row['outcome']} {row['contract']}"

    def score_sheet(self):
        """The score sheet as a pandas DataFrame indexed by hand (imports pandas)."""
        import pandas as pd

        cols = ["hand", "dealer", "bidder", "bid", "contract", "outcome", "points"]
        cols += [f"{n} ±" for n in self.names] + list(self.names) + ["note"]
        return pd.DataFrame(self._rows, columns=cols).set_index("hand")

    def score_chart(self, ax=None):
        """A line chart of the running scores after each hand (hand 0: the start), on ``ax`` or a
        new matplotlib figure; returns the axes (imports matplotlib)."""
        if ax is None:
            import matplotlib.pyplot as plt

            _fig, ax = plt.subplots(figsize=(7, 3.2))
        hands = list(range(len(self._rows) + 1))
        for name, start in zip(self.names, self.start_totals):
            ax.plot(hands, [start] + [r[name] for r in self._rows], marker=".", label=name)
        ax.axhline(0, color="black", linewidth=0.8)
        if self.rules.protect_threshold is not None:
            ax.axhline(self.rules.protect_threshold, color="grey", linewidth=0.6, linestyle="--")
        ax.set_xlabel("hand")
        ax.set_ylabel("score")
        ax.set_title(self.goal)
        ax.legend()
        return ax


# ---------------------------------------------------------------------------------------------
# A rule-based player


def hand_strength(cards: Sequence[Card], trump: Suit | None = None) -> dict:
    """A readable estimate of what a hand can take, in card points, as a dict of its parts.

    ``cards`` are the player's cards; ``trump`` the trump suit to assume (``None``: the best
    suit of the hand, see ``"trump"`` in the answer). The parts, each one line of arithmetic:

    * ``"aces"``: 11 for each ace plus 10 for the ten of the same suit (a ten guarded by its
      ace is as good as won), and 5 for an unguarded ten with two or more cards of its suit;
    * ``"trumps"``: 6 per trump beyond two (long trumps win the opponents' aces and tens);
    * ``"marriages"``: 40 for the trump marriage, 20 for each other (a sure marriage is
      worth its value only if the player wins a trick, which such a hand nearly always does);
    * ``"catch"``: 10 for what the tricks won will catch from the opponents (a rough average).

    Returns ``{"trump": Suit or None, "aces": int, "trumps": int, "marriages": int, "catch": int,
    "total": int}``."""
    by_suit = {s: [c for c in cards if c.suit == s] for s in Suit}
    if trump is None:
        def suit_value(s):
            cs = by_suit[s]
            kq = sum(1 for c in cs if c.rank in (Rank.KING, Rank.QUEEN)) == 2
            return len(cs) * 3 + sum(_PTS[c] for c in cs) / 4 + (30 if kq else 0)
        trump = max(Suit, key=suit_value)
    aces = 0
    for s, cs in by_suit.items():
        ranks = {c.rank for c in cs}
        if Rank.ACE in ranks:
            aces += 11 + (10 if Rank.TEN in ranks else 0)
        elif Rank.TEN in ranks and len(cs) >= 2:
            aces += 5
    trumps = 6 * max(0, len(by_suit[trump]) - 2)
    marriages = 0
    for s, cs in by_suit.items():
        if {Rank.KING, Rank.QUEEN} <= {c.rank for c in cs}:
            marriages += 40 if s == trump else 20
    catch = 10
    return {"trump": trump, "aces": aces, "trumps": trumps, "marriages": marriages, "catch": catch,
            "total": aces + trumps + marriages + catch}


class Rule501Player:
    """A readable rule-based player for 501 (``choose(view) -> Action``; it sees only the view).

    Auction: it looks at its cards, except that with probability ``blind_rate`` (seeded) it opens
    blind at the lowest bid while no one has bid more than ``min_bid + 4``. Having looked, it
    estimates the hand with :func:`hand_strength` plus 30 for what the bidder gains from the
    prikup and from choosing trumps and the two cards he gives away (measured over 1,200 seeded
    hands: a bidder makes on average about 45 more than the estimate of his 7 cards, and in three
    hands out of four at least 25 more). It opens with the lowest bid and overcalls with the
    lowest allowed bid that is a multiple of ``round_to`` (66, then 70, 75, 80 …; the lowest
    allowed bid when none is a multiple), while that is at most the estimate; otherwise it
    passes. Bidding in round numbers keeps auctions short (over 1,500 seeded deals the median
    auction has 5 calls, looks not counted, and the longest 16; raising by 1 each time gave a
    median of 10 and up to 62 calls).

    After the prikup: it chooses trumps by :func:`hand_strength` on its 10 cards (no trump when it
    holds three aces or more and no marriage), concedes when the estimate is more than 20 short
    of the bid (the bidder's 10-card estimate is about his average result less 10), else plays
    the bid (raised to the estimate less 10, in steps, when that is higher). About a quarter of
    its contracts fail (27 % over 1,500 seeded deals). That is the price of playing on: even
    with a 10-card estimate 20 below the bid it made about a third of its contracts (over 3,000
    seeded deals), and since a failed contract at the bid costs the bidder no more than a concession
    (the bid either way), only the opponents' points (what they took against 25 each) argue for
    giving up.
    It passes its two least useful cards (nines and jacks of short side suits, never a marriage
    card or a trump when it can help it), the first to the opponent on its left.

    Play: when leading it declares its best marriage, else leads a card no unseen card can beat,
    else a low card of its longest side suit (keeping marriage cards). When following: if its
    partner (the other opponent of the bidder) is winning the trick and cannot be beaten (it
    plays last, or no unseen card beats the partner's), it throws its highest-scoring non-trump;
    otherwise, unless a partner is winning, it wins the trick as cheaply as it can when it plays
    second, plays last, or the trick holds 10 card points or more; else it plays its lowest card.

    Parameters
    ----------
    seed : int or None
        Seeds its one random choice, whether to open blind.
    blind_rate : float
        The chance (0 … 1) of opening blind when it may.
    round_to : int
        Overcalls go to multiples of this (5); 1 gives the lowest allowed bid each time.

    Raises
    ------
    ValueError
        If ``round_to`` is not a whole number of at least 1; from :meth:`choose`, if the view
        has no legal action (it is not this seat's turn).
    """

    name = "rule-based"

    def __init__(self, seed: int | None = 0, blind_rate: float = 0.05, round_to: int = 5):
        import random

        if not isinstance(round_to, int) or isinstance(round_to, bool) or round_to < 1:
            raise ValueError(f"round_to must be a whole number of at least 1, not {round_to!r}")
        self.rng = random.Random(seed)
        self.blind_rate = blind_rate
        self.round_to = round_to

    def choose(self, view: SeatView501) -> Action:
        legal = view.legal_actions
        if not legal:
            raise ValueError("this seat has nothing to do now")
        ph = view.phase
        if ph == "auction":
            return self._auction(view, legal)
        if ph == "prikup":
            return TAKE
        if ph == "contract":
            return self._contract(view, legal)
        if ph == "give":
            return self._give(view, legal)
        return self._play(view, legal)

    # auction
    def _auction(self, view, legal):
        r = view.rules
        bids = [a for a in legal if a.kind in ("bid", "blind")]
        if not view.looked:
            if bids and (view.high_bid is None or view.high_bid <= r.min_bid + 4) \
                    and self.rng.random() < self.blind_rate:
                return bids[0]
            return LOOK
        estimate = hand_strength(view.hand)["total"] + 30
        if not bids:
            return PASS
        pick = bids[0]
        if view.high_bid is not None:
            pick = next((a for a in bids if a.value % self.round_to == 0), bids[0])
        return pick if pick.value <= estimate else PASS

    # contract
    def _contract(self, view, legal):
        hand = view.hand
        hs = hand_strength(hand)
        aces = sum(1 for c in hand if c.rank == Rank.ACE)
        trump = hs["trump"]
        if aces >= 3 and hs["marriages"] == 0:
            trump = None
        estimate = hs["total"]
        if estimate + 20 < view.high_bid:
            return CONCEDE
        target = max(view.high_bid, estimate - 10)
        choices = [a for a in legal if a.kind == "contract" and (a.value[0] == NO_TRUMP) == (trump is None)
                   and (trump is None or a.value[0] == trump) and a.value[1] <= target]
        return choices[-1]

    def _give(self, view, legal):
        hand = view.hand
        trump = view.trump

        def usefulness(c):
            same = [d for d in hand if d.suit == c.suit]
            in_marriage = c.rank in (Rank.KING, Rank.QUEEN) and _partner(c) in hand
            return (c.suit == trump, in_marriage, c.rank == Rank.ACE, _PTS[c], len(same), RANKS_66.index(c.rank) * -1)
        return min(legal, key=lambda a: usefulness(a.card))

    # play
    def _play(self, view, legal):
        trump = view.trump
        marriages = [a for a in legal if a.kind == "marriage"]
        if marriages:
            return max(marriages, key=lambda a: (a.card.suit == trump, a.card.rank == Rank.KING))
        plays = [a for a in legal if a.kind == "play"]
        if not view.trick:
            return self._lead(view, plays)
        return self._follow(view, plays)

    def _beats_all_unseen(self, view, card):
        strength = view.rules.trick_rules.strength
        unseen = set(view.unseen) | {c for s, ks in enumerate(view.known) if s != view.seat for c in ks}
        if any(u.suit == card.suit and strength(u) > strength(card) for u in unseen):
            return False
        return card.suit == view.trump or view.trump is None or not any(u.suit == view.trump for u in unseen)

    def _lead(self, view, plays):
        hand = view.hand
        sure = [a for a in plays if self._beats_all_unseen(view, a.card)]
        if sure:
            return max(sure, key=lambda a: (_PTS[a.card], a.card.suit != view.trump))
        side = [a for a in plays if a.card.suit != view.trump
                and not (a.card.rank in (Rank.KING, Rank.QUEEN) and _partner(a.card) in hand)] or plays
        def key(a):
            length = sum(1 for c in hand if c.suit == a.card.suit)
            return (-length, _PTS[a.card])
        return min(side, key=key)

    def _follow(self, view, plays):
        strength = view.rules.trick_rules.strength
        trump = view.trump
        trick = view.trick
        cards = [c for _, c in trick]
        win_i = trick_winner(cards, trump, view.rules.trick_rules)
        win_seat, win_card = trick[win_i]
        last = len(trick) == 2
        partner_winning = (view.bidder is not None and view.seat != view.bidder and win_seat != view.bidder)

        def beats(c):
            if c.suit == win_card.suit:
                return strength(c) > strength(win_card)
            return trump is not None and c.suit == trump
        at_stake = sum(_PTS[c] for c in cards)
        if partner_winning and (last or self._beats_all_unseen(view, win_card)):
            return max(plays, key=lambda a: (a.card.suit != trump, _PTS[a.card]))
        winners = [a for a in plays if beats(a.card)]
        if winners and not partner_winning and (last or at_stake >= 10 or len(trick) == 1):
            return min(winners, key=lambda a: (a.card.suit == trump and cards[0].suit != trump, _PTS[a.card],
                                               strength(a.card)))
        return min(plays, key=lambda a: (a.card.suit == trump, _PTS[a.card], strength(a.card)))


# ---------------------------------------------------------------------------------------------
# Rendering (registered with cardlab.render; standard library only)


def _t(text: str) -> str:
    return escape(text, quote=False)


_CSS_501 = """
.cardlab-table .cardlab-auction-line{font-size:12px;margin:2px 0}
.cardlab-table .cardlab-call{display:inline-block;margin:0 4px 2px 0;padding:0 5px;border-radius:6px;background:#fff;
 border:1px solid var(--cl-line)}
.cardlab-table .cardlab-call.cardlab-call-blind{border-color:#8e24aa;color:#6a1b9a}
.cardlab-table .cardlab-call.cardlab-call-pass{color:var(--cl-muted)}
.cardlab-table .cardlab-contract{font-weight:600}
.cardlab-table .cardlab-player.cardlab-sitting-out{opacity:.6}
""".strip()


def _call_html(nm, seat, a: Action) -> str:
    cls = "cardlab-call"
    if a.kind == "blind":
        cls += " cardlab-call-blind"
    elif a.kind == "pass":
        cls += " cardlab-call-pass"
    text = {"pass": "pass", "bid": str(a.value), "blind": f"{a.value} blind"}[a.kind]
    return f'<span class="{cls}" data-seat="{seat}">{_t(nm[seat])}: {_t(text)}</span>'


def _contract_words(st: Prikup501State | SeatView501) -> str:
    if st.bidder is None:
        return ""
    if st.contract is None:
        return f"{st.bid}{' blind' if st.blind else ''} (contract not named yet)"
    tr = "no trump" if st.no_trump else f"trumps {st.trump.symbol}"
    return f"{tr}, {st.contract}{' (blind: ×2)' if st.blind else ''}"


def _status(st: Prikup501State) -> str:
    nm = st.names
    if st.result is not None:
        return ""
    who = nm[st._to_act]
    ph = st.phase
    if ph == "auction":
        hb = (f"high bid {st.high_bid}{' blind' if st.high_blind else ''} by {nm[st.high_bidder]}"
              if st.high_bid is not None else "no bid yet")
        return f"Auction ({hb}): {who} to speak."
    if ph == "prikup":
        return f"{who} won the auction and turns up the prikup."
    if ph == "contract":
        return f"{who} names trumps and a contract of at least {st.high_bid}, or concedes."
    if ph == "give":
        return f"{who} passes a card face down to {nm[st.opponents()[len(st.given)]]}."
    if st.trick:
        return f"{who} to play to {nm[st.trick[0][0]]}'s {st.trick[0][1]}."
    return f"{who} to lead."


def state_html(state: Prikup501State, seat: int | None = None) -> str:
    """The table of a 501 state as HTML (see :func:`cardlab.render.state_html`): all cards open
    (``seat=None``) or as ``seat`` sees it (built from ``state.view(seat)`` only: face-down
    cards are drawn as backs with nothing about them written)."""
    from .render import _STYLE, card_back_svg, card_chip, card_svg, sort_hand

    n = len(state.names)
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n):
        raise ValueError(f"seat must be None (all cards open) or a seat from 0 to {n - 1}, not {seat!r}")
    v = state.view(seat) if seat is not None else None
    nm = state.names
    trump = state.trump
    view_words = "all cards open" if seat is None else f"{nm[seat]}'s view"
    caption = f"{state.rules.name} · {nm[state.dealer]} deals · {_phase_words(state)} · {view_words}"
    players = []
    order = list(range(n))
    for s in order:
        sitting = s not in state.active
        if seat is None:
            shown_cards = list(state.hands[s])
            hidden = 0
            known = frozenset()
        elif s == seat:
            shown_cards = list(v.hand)
            hidden = len(state.hands[s]) - len(v.hand)
            known = frozenset()
        else:
            shown_cards = list(v.known[s])
            hidden = v.hand_sizes[s] - len(shown_cards)
            known = frozenset(shown_cards)
        badges = []
        if s == state.dealer:
            badges.append("dealer" + (" (sits out)" if sitting else ""))
        if s == state.active[0]:
            badges.append("eldest")
        if state.bidder == s:
            badges.append("bidder")
        if state.phase == "auction" and s in state.active:
            if state.passed[s]:
                badges.append("passed")
            if not state.looked[s]:
                badges.append("has not looked")
        to_act = state.to_act == s
        if to_act:
            badges.append("to act")
        badge_html = "".join(
            f'<span class="cardlab-badge{" cardlab-turn" if b == "to act" else ""}">{_t(b)}</span>' for b in badges)
        cards = []
        for c in sort_hand(shown_cards, trump):
            cards.append(card_svg(c, extra_class="cardlab-known" if c in known else None))
        title = "Face-down card (not looked at yet)" if (seat == s and hidden) else "Face-down card"
        cards.extend(card_back_svg(title=title) for _ in range(hidden))
        if not cards:
            cards.append('<span class="cardlab-empty">none</span>')
        taken = [t for t in state.tricks if t.winner == s]
        facts = ""
        if s in state.active and (state.phase in ("play", "over")):
            facts = f"{state.points(s)} points · {len(taken)} trick{'s' if len(taken) != 1 else ''}"
            ms = [f"{m[1].symbol} {m[2]}" for m in state.marriages if m[0] == s]
            if ms:
                facts += " · marriages " + ", ".join(ms) + ("" if state.tricks_won[s] else " (count after a trick)")
        chips = "".join(f'<span class="cardlab-pair">{"".join(card_chip(c) for _, c in t.cards)}</span>'
                        for t in taken)
        cls = "cardlab-player" + (" cardlab-to-act" if to_act else "") + (" cardlab-sitting-out" if sitting else "")
        players.append(
            f'<div class="{cls}" data-seat="{s}"><div class="cardlab-head"><span class="cardlab-name">{_t(nm[s])}'
            f'</span>{badge_html}<span class="cardlab-points">{_t(facts)}</span></div>'
            f'<div class="cardlab-hand cardlab-cards" data-seat="{s}">{"".join(cards)}</div>'
            + (f'<div class="cardlab-taken" data-seat="{s}">{chips}</div>' if chips else "") + "</div>")
    # auction line
    calls = "".join(_call_html(nm, s, a) for s, a in state.auction)
    auction = (f'<div class="cardlab-auction-line"><span class="cardlab-label">Auction: </span>'
               f'{calls or "no call yet"}</div>')
    # prikup
    if state.prikup_up:
        pk = "".join(card_svg(c, size="sm") for c in state.prikup)
        pk_label = f"Prikup (taken by {nm[state.bidder]})"
    elif seat is None:
        pk = "".join(card_svg(c, size="sm", extra_class="cardlab-turned-down") for c in state.prikup)
        pk_label = "Prikup (face down)"
    else:
        pk = "".join(card_back_svg(size="sm", title="Prikup card, face down") for _ in state.prikup)
        pk_label = "Prikup (face down)"
    prikup = (f'<div class="cardlab-slot cardlab-prikup"><div class="cardlab-cards cardlab-small">{pk}</div>'
              f'<span>{_t(pk_label)}</span></div>')
    contract = ""
    if state.bidder is not None:
        contract = (f'<div class="cardlab-slot"><span class="cardlab-contract">{_t(nm[state.bidder])}: '
                    f'{_t(_contract_words(state))}</span></div>')
    # trick
    if state.trick or not state.tricks:
        slots = "".join(f'<div class="cardlab-slot">{card_svg(c)}<span>{_t(nm[s])}</span></div>'
                        for s, c in state.trick)
        slots += "".join('<div class="cardlab-slot"><span class="cardlab-empty">?</span><span>&#160;</span></div>'
                         for _ in range(3 - len(state.trick))) if state.phase == "play" else ""
        label = f"Trick {len(state.tricks) + 1}" if state.phase == "play" else "No trick yet"
        tcls = "cardlab-trick"
        nc = len(state.trick)
    else:
        t = state.tricks[-1]
        slots = "".join(f'<div class="cardlab-slot">{card_svg(c)}<span>{_t(nm[s])}</span></div>' for s, c in t.cards)
        label = f"Last trick ({len(state.tricks)}): {nm[t.winner]} won it"
        tcls = "cardlab-trick cardlab-last-trick"
        nc = 0
    trick = (f'<div class="{tcls}" data-cards="{nc}"><div class="cardlab-label">{_t(label)}</div>'
             f'<div class="cardlab-cards">{slots}</div></div>')
    if state.result is not None:
        r = state.result
        head = {"made": "Contract made", "failed": "Contract failed", "conceded": "Conceded",
                "thrown_in": "Thrown in"}[r.outcome]
        changes = ", ".join(f"{nm[s]} {r.changes[s]:+d}" for s in state.active)
        end = (f'<div class="cardlab-result" data-outcome="{r.outcome}"><div class="cardlab-result-head">'
               f'{_t(head)}</div><div class="cardlab-result-text">{_t(r.explanation[:1].upper() + r.explanation[1:])}.'
               f' Before the 100-or-less rule: {_t(changes)}.</div></div>')
    else:
        end = f'<div class="cardlab-status">{_t(_status(state))}</div>'
    view_attr = "all" if seat is None else str(seat)
    return (f'<div class="cardlab-table" data-variant="{VARIANT}" data-view="{view_attr}" data-phase="{state.phase}">'
            f'{_STYLE}<style>{_CSS_501}</style><div class="cardlab-caption">{_t(caption)}</div>{auction}'
            f'{"".join(players)}<div class="cardlab-middle">{prikup}{contract}{trick}</div>{end}</div>')


def _phase_words(state: Prikup501State) -> str:
    return {"auction": "auction", "prikup": "prikup", "contract": "contract", "give": "passing cards",
            "play": f"trick {len(state.tricks) + 1}", "over": "hand over"}[state.phase]


def state_text(state: Prikup501State, seat: int | None = None) -> str:
    """The table of a 501 state as plain text; a card this view may not see is ``??``."""
    n = len(state.names)
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n):
        raise ValueError(f"seat must be None (all cards open) or a seat from 0 to {n - 1}, not {seat!r}")
    from .render import sort_hand

    v = state.view(seat) if seat is not None else None
    nm = state.names
    view_words = "all cards open" if seat is None else f"{nm[seat]}'s view"
    lines = [f"{state.rules.name} · {nm[state.dealer]} deals · {_phase_words(state)} · {view_words}"]
    calls = ", ".join(f"{nm[s]} {_say_bid(a) if a.kind != 'pass' else 'pass'}" for s, a in state.auction)
    lines.append(f"Auction: {calls or 'no call yet'}")
    for s in range(n):
        if seat is None:
            cs, hidden = list(state.hands[s]), 0
        elif s == seat:
            cs, hidden = list(v.hand), len(state.hands[s]) - len(v.hand)
        else:
            cs = list(v.known[s])
            hidden = v.hand_sizes[s] - len(cs)
        tags = []
        if s == state.dealer:
            tags.append("dealer" + (", sits out" if s not in state.active else ""))
        if state.bidder == s:
            tags.append("bidder")
        if state.to_act == s:
            tags.append("to act")
        tag = f" ({', '.join(tags)})" if tags else ""
        body = " ".join([format_cards(sort_hand(cs, state.trump))] * bool(cs) + ["??"] * hidden) or "(none)"
        extra = ""
        if s in state.active and state.phase in ("play", "over"):
            extra = f"  [{state.points(s)} points, {state.tricks_won[s]} tricks]"
        lines.append(f"{nm[s]}{tag}: {body}{extra}")
    if state.prikup_up:
        lines.append(f"Prikup: {format_cards(state.prikup)} (taken by {nm[state.bidder]})")
    elif seat is None:
        lines.append(f"Prikup (face down): {format_cards(state.prikup)}")
    else:
        lines.append("Prikup: ?? ?? ?? (face down)")
    if state.bidder is not None:
        lines.append(f"Contract: {nm[state.bidder]}, {_contract_words(state)}")
    if state.trick:
        lines.append("Trick: " + ", ".join(f"{nm[s]} {c}" for s, c in state.trick))
    elif state.tricks:
        t = state.tricks[-1]
        lines.append("Last trick: " + ", ".join(f"{nm[s]} {c}" for s, c in t.cards) + f"; {nm[t.winner]} won it")
    if state.result is not None:
        lines.append("Result: " + state.result.explanation)
    else:
        lines.append(_status(state))
    return "\n".join(lines)

def describe_action(action: Action, state=None):
    """How a front end shows ``action`` (interim: grouped by kind, labelled by its text)."""
    from .variants import ActionText

    group = {"play": "card", "marriage": "marriage", "bid": "bid", "blind": "bid", "pass": "pass"}.get(action.kind, "other")
    return ActionText(group, str(action), "")


def _register() -> None:
    from . import variants

    variants.register(variants.Variant(
        name=VARIANT,
        title="501 (Russian three-player 66 with prikup)",
        players=3,
        rules_from_dict=Rules501.from_dict,
        check_pack=_check_pack,
        deal=deal,
        new_game=lambda rules, first_dealer, names: Game501(rules, first_dealer, names),
        module="cardlab.russian501",
        presets=PRESETS,
        describe_action=describe_action,
        seat_names=("A", "B", "C"),
        renderer="cardlab.russian501",
        adapter="cardlab.analysis.adapt_russian501",
        player_kinds={"random": "cardlab.players:RandomPlayer", "heuristic": "cardlab.russian501:Rule501Player",
                      "search": "cardlab.analysis.search_player:SamplingPlayer"},
        player_counts=(3, 4),
    ))


_register()
