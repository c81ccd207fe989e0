"""Sixty-six for two: Bulgarian Santase (the default), Russian two-player Mariage and German 66.

Sources: [FGS] (Santase, [FGS]), [SHR] (Russian
Mariage, [SHR]) and docs/rules-notes.md §3 (Santase) and §4.1 (Russian Mariage), which
resolve what the seeds leave open and name the published rules behind each choice (pagat's
Sechsundsechzig [P66], belot.bg [BEL], bg.wikipedia [BGW], NikolayIT's SantaseGameEngine
[NIK]). Every disagreement between those sources is an option of :class:`SixtySixRules`; the
presets :data:`SANTASE`, :data:`RUSSIAN_MARIAGE` and :data:`GERMAN_66` pick one reading each.

Seats are 0 and 1. *Card points* are the cards' value (A 11, 10 10, K 4, Q 3, J 2, 9 0; 120 in
the pack); card points taken plus marriages declared (20 or 40) and the last-trick 10 are
*points*, and the 66 and 33 thresholds count points; the 1, 2 or 3 a hand is worth, and the game
target (11 in Santase), are *game points*.

Typical use::

    from cardlab import sixtysix
    s = sixtysix.deal(sixtysix.SANTASE, dealer=0, seed=7)   # seat 1, the non-dealer, leads
    s.legal_actions()            # (Action('J♥'), Action('J♣'), ...): any card while the stock is open
    s = s.apply("J♥")            # a new state; the old one is unchanged
    print(s.explain())           # "B leads J♥."

Names: :class:`SixtySixRules`, :class:`SixtySixState`, :class:`SixtySixView` (one seat's
knowledge), :class:`SixtySixResult` (how a hand ended) and the score keeper
:class:`~cardlab.sixtysix_game.SixtySixGame` (in :mod:`cardlab.sixtysix_game`, also reachable
as ``sixtysix.SixtySixGame``). The explanations in words (each step, each refusal) are in
:mod:`cardlab.sixtysix_words`. The renderer is :mod:`cardlab.render.sixtysix`, the rule-based
player :class:`cardlab.players.sixtysix.SixtySixPlayer`, the solver adapter
:mod:`cardlab.analysis.adapt_sixtysix`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter
from typing import ClassVar, Literal, Sequence

from .actions import Action, check_said_value, play, read_words, said_marriage_value
from . import cards as _cards
from .cards import PACK_24, Card, Rank, Suit, parse_card, parse_cards, parse_suit
from .rulesets import RuleSet
from .errors import IllegalActionError, NotationError, RulesError, DealError
from .pack24 import CARD_POINTS, MARRIAGE_POINTS, TRUMP_MARRIAGE_POINTS, marriage_points, shuffled_pack
from .state import GameState, HandResult, SeatView
from .variants import Standing, lazy_exports
from .tricks import Trick, TrickRules

__all__ = [
    "SixtySixRules",
    "SANTASE",
    "RUSSIAN_MARIAGE",
    "GERMAN_66",
    "PRESETS",
    "CARD_POINTS",
    "RULES",
    "SixtySixState",
    "SixtySixResult",
    "SixtySixView",
    "DealError",
    "deal",
    "deal_from_hands", "deal_from_places", "places", "STANDING",
    "VARIANT", "SEAT_NAMES",
    "shuffled_pack",
    "parse_action",
    "hand_game_points",
]

VARIANT = "sixty-six"

#: The default player names, seat 0 then seat 1 (of deal, deal_from_hands and the score keeper).
SEAT_NAMES: tuple[str, ...] = ("A", "B")

# CARD_POINTS (by rank: A 11, 10 10, K 4, Q 3, J 2, 9 0 [FGS, SHR, P66]; 120 in all) is pack24's: shared code
# reads it as each rules module's card points (the classroom's points questions, the handouts).
# The same by card code, for the hot path:
_PTS = [0] * 80
for _c in PACK_24:
    _PTS[_c] = CARD_POINTS[_c.rank]
_PTS = tuple(_PTS)

#: The classroom's exercise kinds this variant has, in lesson order (``Variant.exercise_kinds``).
EXERCISE_KINDS: tuple[str, ...] = ("legal", "trick", "points", "marriage", "score")

#: The "and why" of the classroom's game-points question: each :attr:`SixtySixResult.reason` a
#: won hand gives, in words.
SCORE_REASONS: dict[str, str] = {
    "66": "the winner reached 66 points",
    "closer_made": "the player who closed the stock reached 66",
    "closer_failed": "the player who closed the stock failed to reach 66",
    "last_trick": "nobody reached 66: the last trick decides",
    "false_claim": "a player claimed 66 without having it",
}

#: Rule ids, their text and source; every IllegalActionError names one of these ids.
RULES: dict[str, tuple[str, str]] = {
    "66.deal": ("Deal 3 to the non-dealer and 3 to the dealer, turn the next card for trumps, deal 3 more each; "
                "the rest is the stock, under which the turn-up lies (or: 3+3 each, then turn the 13th card).",
                "FGS, BEL, IGK; SHR / P66 for 3-3-turn (rules-notes C-1, D-1)"),
    "66.turn": ("Only the player to act may act; when the hand is over nobody may.", "all sources"),
    "66.hold": ("You can only play a card you hold.", "all sources"),
    "66.free-play": ("While the stock is open any card may be played: no duty to follow, trump or head.",
                     "FGS, SHR"),
    "66.follow": ("Once the stock is exhausted or closed you must follow suit.", "FGS, SHR"),
    "66.head": ("Following suit after the stock is gone, you must beat the card led if you can (Santase, German 66; "
                "not in the Russian seed).", "P66, NIK (rules-notes D-3)"),
    "66.trump": ("Once the stock is exhausted or closed, if you cannot follow suit you must trump if you can.",
                 "FGS, SHR"),
    "66.marriage.lead": ("A marriage (K+Q of one suit, 40 in trumps, 20 otherwise) may be declared only by the player "
                         "about to lead, who then leads its K or Q; one marriage per lead.", "FGS, P66"),
    "66.marriage.first-lead": ("No marriage on the first lead of the hand (Santase); where allowed, its points count "
                               "only once its owner has taken a trick.", "BEL, NIK (Santase); P66 and rules-notes §4.1 (pending points)"),
    "66.marriage.stock": ("No marriages once the stock is exhausted or closed (German 66, Russian Mariage).",
                          "P66, SHR (rules-notes C-4)"),
    "66.marriage.led": ("After declaring a marriage you must lead its king or queen.", "FGS, P66"),
    "66.exchange": ("The holder of the trump 9 may exchange it for the turn-up when about to lead, having taken a "
                    "trick, while the stock is open and holds at least 4 cards (counting the turn-up).",
                    "FGS, BEL (rules-notes C-7)"),
    "66.close": ("The player about to lead may close the stock (turn the turn-up face down) while it holds at least 4 "
                 "cards; then no one draws and the duties of the exhausted stock apply.",
                 "FGS, BGW, NIK (rules-notes C-7, D-2)"),
    "66.out": ("A player claims 'out' when he believes he has 66; a false claim gives the opponent 2 game points "
               "(German 66). Elsewhere the hand ends by itself at 66.", "P66, CS66 (rules-notes C-8)"),
    "66.draw": ("After each trick the winner draws the top card of the stock, then the loser; the last draw takes "
                "the turn-up.", "FGS, P66"),
    "66.last-trick": ("The winner of the last trick scores 10 more points when the stock ran out without a close.",
                      "FGS, P66, NIK"),
    "66.win": ("A hand ends as soon as a player has 66 points (tricks, last-trick 10 and marriages that count).",
               "FGS, SHR"),
    "66.score": ("The hand's winner scores 1 game point; 2 if the loser has under 33; 3 if the loser took no trick.",
                 "FGS, SHR, P66 (rules-notes C-9, C-10)"),
    "66.close-score": ("A closer who reaches 66 scores as usual (Russian: always 3); a closer who fails gives the "
                       "opponent 2, or 3 if the opponent had no trick when the stock was closed (or always 3).",
                       "P66, NIK, SHR (rules-notes C-5, C-6, D-7)"),
    "66.tie": ("If nobody reaches 66 the last-trick winner takes 1 game point (Santase seed); or the hand is a draw "
               "(P66), optionally worth 1 more to the next hand's winner. Equal totals at 66 or more, such as 75 "
               "each when nobody claimed 66, are settled the same way (pagat's Sechsundsechzig).",
               "FGS, P66 (pagat, Sechsundsechzig), S66 (rules-notes C-3)"),
    "66.game": ("The game goes to 11 game points (Santase; 7 in German 66 and Russian Mariage).",
                "FGS, BEL, P66, SHR (rules-notes C-12, D-17)"),
    "66.dealer": ("After a hand the winner deals the next (Santase, German 66) or the deal alternates (Russian).",
                  "P66, NIK, SHR (rules-notes C-2)"),
    "66.action": ("An action is a card of the pack, a marriage with its suit, or exchange, close, out, draw or "
                  "pass with nothing more.", "cardlab notation"),
}


@dataclass(frozen=True)
class SixtySixRules(RuleSet):
    """A rule set for two-player Sixty-six: every disagreement between sources is one field.

    The defaults are Santase as in [FGS] resolved by rules-notes §3. Make other rule sets
    with :func:`dataclasses.replace` or :meth:`with_options`; an unknown option or a value out of
    range raises :class:`~cardlab.errors.RulesError`.

    Attributes
    ----------
    name : str
        Display name of the rule set.
    deal_order : "3-turn-3" or "3-3-turn"
        Where the turn-up comes in the deal (rules-notes C-1, D-1).
    next_dealer : "winner", "loser" or "alternate"
        Who deals the next hand (C-2). After a drawn hand the same dealer deals again.
    must_head : bool
        After the stock: beat the led card when following suit if you can (D-3).
    must_trump : bool
        After the stock: trump when you cannot follow (FGS, SHR).
    marriage_on_first_lead : bool
        May the first lead of the hand be a marriage (its points pending until a trick)?
    marriages_after_stock : bool
        Marriages once the stock is exhausted or closed (C-4).
    nine_exchange : bool
        The trump-9 exchange exists (D-4).
    exchange_needs_trick : bool
        The exchanger must have taken a trick (FGS).
    exchange_min_stock, close_min_stock : int
        Least stock size, counting the turn-up, for the exchange and for closing (C-7).
    close_on_first_lead : bool
        May the stock be closed before the first trick (NIK: no)?
    close_before_draw : bool
        May the winner of a trick close before drawing (P66, HOY), so the hand ends with five
        cards each? When true and closing is allowed, the trick's winner chooses ``draw`` or
        ``close``.
    exchange_on_close : bool
        When the stock is closed, may the closer's opponent exchange the trump nine at once,
        even without a trick (P66; rules-notes C-7)? He chooses ``exchange`` or ``pass``.
    last_trick_bonus : int
        Card points for the last trick when the stock ran out (10; 0 in Russian Mariage).
    tie_rule : "last_trick", "draw" or "draw_plus_next"
        When nobody reaches 66 (C-3, D-5).
    failed_close : "two_or_three" or "flat_three"
        A failed closer's penalty (C-5).
    closed_game_points : int or None
        If set, a successful closer always scores this (Russian: 3, D-7).
    close_count_rule : "whole_hand" or "at_close"
        Which of the opponent's points decide a successful closer's 1/2/3 (C-6).
    going_out : "automatic" or "claim"
        Does the hand end by itself at 66, or must it be claimed (C-8)?
    false_claim_points : int
        Game points to the opponent of a false claim.
    target : int
        Game points that win the game (C-12, D-17).
    shutout_doubles_game : bool
        German 66: a game won with the loser at 0 counts double.
    """

    default_preset = 'santase'

    name: str = "Santase (Bulgaria)"
    deal_order: Literal["3-turn-3", "3-3-turn"] = "3-turn-3"
    next_dealer: Literal["winner", "loser", "alternate"] = "winner"
    must_head: bool = True
    must_trump: bool = True
    marriage_on_first_lead: bool = False
    marriages_after_stock: bool = True
    nine_exchange: bool = True
    exchange_needs_trick: bool = True
    exchange_min_stock: int = 4
    close_min_stock: int = 4
    close_on_first_lead: bool = False
    close_before_draw: bool = False
    exchange_on_close: bool = False
    last_trick_bonus: int = 10
    tie_rule: Literal["last_trick", "draw", "draw_plus_next"] = "last_trick"
    failed_close: Literal["two_or_three", "flat_three"] = "two_or_three"
    closed_game_points: int | None = None
    close_count_rule: Literal["whole_hand", "at_close"] = "whole_hand"
    going_out: Literal["automatic", "claim"] = "automatic"
    false_claim_points: int = 2
    target: int = 11
    shutout_doubles_game: bool = False

    _CHOICES = {
        "deal_order": ("3-turn-3", "3-3-turn"),
        "next_dealer": ("winner", "loser", "alternate"),
        "tie_rule": ("last_trick", "draw", "draw_plus_next"),
        "failed_close": ("two_or_three", "flat_three"),
        "close_count_rule": ("whole_hand", "at_close"),
        "going_out": ("automatic", "claim"),
    }

    _FLAGS = ("must_head", "must_trump", "marriage_on_first_lead", "marriages_after_stock", "nine_exchange",
              "exchange_needs_trick", "close_on_first_lead", "close_before_draw", "exchange_on_close",
              "shutout_doubles_game")
    _INTS = (("exchange_min_stock", 2, 12), ("close_min_stock", 2, 12), ("last_trick_bonus", 0, 100),
             ("false_claim_points", 0, 3), ("target", 1, 1000))

    def __post_init__(self):
        self._check_options()
        if self.closed_game_points is not None and self.closed_game_points not in (1, 2, 3):
            raise RulesError(f"option closed_game_points must be 1, 2, 3 or null, not {self.closed_game_points!r}",
                            "closed_game_points")
        object.__setattr__(self, "_phase2", TrickRules(must_follow=True, must_head=self.must_head,
                                                       must_trump=self.must_trump))


    @property
    def trick_rules_after_stock(self) -> TrickRules:
        return self._phase2  # type: ignore[attr-defined]


#: Bulgarian Santase ([FGS] with rules-notes §3): the default.
SANTASE = SixtySixRules()

#: Russian two-player Mariage ([SHR], rules-notes §4.1).
RUSSIAN_MARIAGE = SixtySixRules(
    name="Russian Mariage (two players)",
    deal_order="3-3-turn",
    next_dealer="alternate",
    must_head=False,
    marriage_on_first_lead=True,
    marriages_after_stock=False,
    nine_exchange=False,
    close_on_first_lead=True,
    last_trick_bonus=0,
    tie_rule="last_trick",
    failed_close="flat_three",
    closed_game_points=3,
    target=7,
)

#: German Sechsundsechzig as described by pagat ([P66]; rules-notes §5 "German 66").
GERMAN_66 = SixtySixRules(
    name="German 66 (pagat)",
    deal_order="3-3-turn",
    next_dealer="winner",
    must_head=True,
    marriage_on_first_lead=True,
    marriages_after_stock=False,
    close_before_draw=True,
    exchange_on_close=True,
    tie_rule="draw",
    going_out="claim",
    target=7,
    shutout_doubles_game=True,
)

PRESETS: dict[str, SixtySixRules] = {
    "santase": SANTASE,
    "russian": RUSSIAN_MARIAGE,
    "german": GERMAN_66,
}



# ---------------------------------------------------------------------------------------------
# Actions

EXCHANGE = Action("exchange")
CLOSE = Action("close")
OUT = Action("out")
DRAW = Action("draw")
PASS = Action("pass")
_WORDS = {"exchange": EXCHANGE, "close": CLOSE, "out": OUT, "draw": DRAW, "pass": PASS}
_MARRIAGE = {s: Action("marriage", None, s) for s in Suit}
# the first word of a marriage's text: "marriage ♥", or its value said ("20 ♥", "40 ♠")
_MARRIAGE_WORDS = ("marriage", str(MARRIAGE_POINTS), str(TRUMP_MARRIAGE_POINTS), "marry")

# Fast lookup tables for the hot path (legal_actions / apply of random playouts).
_PLAY_OF = {c: play(c) for c in PACK_24}  # card -> its interned play action (the one of actions.play)
_play_of = _PLAY_OF.__getitem__
_PACK_CODES = frozenset(int(c) for c in PACK_24)
_SUIT_T = [None] * 80
for _c in PACK_24:
    _SUIT_T[_c] = _c.suit
_SUIT_T = tuple(_SUIT_T)
_NINE_T = tuple(Card.of(s, Rank.NINE) for s in Suit)              # indexed by suit
_KQ_T = tuple(frozenset((Card.of(s, Rank.KING), Card.of(s, Rank.QUEEN))) for s in Suit)
_KING_OF_QUEEN = {Card.of(s, Rank.QUEEN): Card.of(s, Rank.KING) for s in Suit}
_MARRIAGE_OF_QUEEN = {Card.of(s, Rank.QUEEN): _MARRIAGE[s] for s in Suit}
_STRENGTH66 = TrickRules()._strength  # A 10 K Q J 9, the only rank order of Sixty-six
_DRAW_CLOSE = (DRAW, CLOSE)
_DRAW_CLOSE_OUT = (DRAW, CLOSE, OUT)
# after the stock, for a led card: same-suit cards, and same-suit cards that beat it
_SAME_SUIT = {c: frozenset(d for d in PACK_24 if d.suit == c.suit) for c in PACK_24}
_BEATS_SAME = {c: frozenset(d for d in PACK_24 if d.suit == c.suit and _STRENGTH66[d] > _STRENGTH66[c]) for c in PACK_24}
_SUIT_CARDS = tuple(frozenset(d for d in PACK_24 if d.suit == s) for s in Suit)
_EXCHANGE_PASS = (EXCHANGE, PASS)


def _trick_table(winner: int, leader: int, lead: int):
    """The completed tricks led by ``leader`` with the card coded ``lead`` and won by ``winner``,
    indexed by the follower's card (``None`` where there is no such card)."""
    if lead not in _PACK_CODES:
        return None
    return tuple(tuple.__new__(Trick, (leader, ((leader, Card(lead)), (1 - leader, Card(c))), winner))
                 if c in _PACK_CODES and c != lead else None for c in range(80))


# Every completed trick that can occur, made once at import (Tricks are immutable, so states
# share them and the hot path allocates none): _TRICKS[winner][leader][lead][card].
_TRICKS = tuple(tuple(tuple(_trick_table(w, ld, lead) for lead in range(80)) for ld in (0, 1)) for w in (0, 1))


def parse_action(text: str | Action) -> Action:
    """Parse an action's text: a card (``"A♠"``, ``"10h"``) plays it; ``"marriage ♥"`` (or
    ``"marriage KH"``, ``"20 ♥"``, ``"40 ♠"``) declares a marriage; ``"exchange"``,
    ``"close"``, ``"out"``, ``"draw"`` (draw instead of closing, when ``close_before_draw``),
    ``"pass"`` (decline the exchange offered at a close, when ``exchange_on_close``). Raises :class:`~cardlab.errors.NotationError` for anything else."""
    t = read_words(text, _WORDS, "'A♠' or 'close'")
    if isinstance(t, Action):
        return t
    low = t.lower()
    words = low.split()
    if words and words[0] in _MARRIAGE_WORDS:
        rest = t.split(None, 1)[1].strip() if len(words) > 1 else ""
        if not rest:
            raise NotationError(f"{text!r}: name the marriage's suit, e.g. 'marriage ♥'")
        suit = parse_suit(rest)
        return _MARRIAGE[suit]
    try:
        return play(parse_card(t))
    except NotationError as exc:
        raise NotationError(
            f"{text!r} is not a Sixty-six action: play a card ('A♠', '10h'), or say 'marriage ♥', "
            f"'exchange', 'close' or 'out' ({exc})") from None


# ---------------------------------------------------------------------------------------------
# Deal


def _layout(order: str) -> tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...]]:
    """Pack indices of (non-dealer's hand, dealer's hand, turn-up, stock in draw order)."""
    if order == "3-turn-3":
        return (0, 1, 2, 7, 8, 9), (3, 4, 5, 10, 11, 12), 6, tuple(range(13, 24))
    return (0, 1, 2, 6, 7, 8), (3, 4, 5, 9, 10, 11), 12, tuple(range(13, 24))


# the same layouts as item getters, so a deal picks its hands in one call each
_DEALERS = {order: (itemgetter(*nd), itemgetter(*d), t, itemgetter(*st))
            for order in ("3-turn-3", "3-3-turn") for nd, d, t, st in [_layout(order)]}


def check_pack(pack: Sequence) -> tuple[Card, ...]:
    """Validate a pack from a record: the 24 cards A 10 K Q J 9 of each suit, each once.
    Raises :class:`DealError` naming the card at fault [rule 66.deal]."""
    return _cards.check_pack(pack, game="a Sixty-six", rule="66.deal")


def deal(rules: SixtySixRules = SANTASE, dealer: int = 0, seed: int | None = None,
         pack: Sequence[Card | str] | None = None, names: Sequence[str] = SEAT_NAMES) -> "SixtySixState":
    """Deal a hand and return its first state (the non-dealer to lead).

    Parameters
    ----------
    rules : SixtySixRules
        The rule set (default Santase).
    dealer : int
        Seat 0 or 1.
    seed : int, optional
        Shuffle the pack with :func:`cardlab.pack24.shuffled_pack` (its default Fisher-Yates order, which
        every Sixty-six seed has always used). Give ``seed`` or ``pack``, not both.
    pack : sequence of 24 cards (or card texts), optional
        The pack from the top; dealt as ``rules.deal_order`` says (rules-notes §3.1 step 4).
    names : pair of str
        Player names, used only in explanations (default :data:`SEAT_NAMES`).

    Raises
    ------
    DealError
        If the pack is not the 24 distinct cards, or neither/both of seed and pack are given.
    """
    if (seed is None) == (pack is None):
        raise DealError("give either a seed or a pack (the 24 cards from the top), not both or neither")
    if dealer.__class__ is not int or dealer not in (0, 1):
        raise DealError(f"the dealer is seat 0 or 1, not {dealer!r}")
    if not isinstance(rules, SixtySixRules):
        raise RulesError(f"rules must be a SixtySixRules, not {type(rules).__name__}")
    cards = shuffled_pack(seed) if pack is None else check_pack(pack)
    non_dealer_cards, dealer_cards, turnup, stock = _DEALERS[rules.deal_order]
    hands = (non_dealer_cards(cards), dealer_cards(cards))
    if dealer == 0:
        hands = (hands[1], hands[0])
    return SixtySixState._initial(rules, dealer, hands, cards[turnup], stock(cards), tuple(names), cards)


def deal_from_hands(hands: Sequence[Sequence[Card | str]], turnup: Card | str, stock: Sequence[Card | str],
                    rules: SixtySixRules = SANTASE, dealer: int = 0,
                    names: Sequence[str] = SEAT_NAMES) -> "SixtySixState":
    """Deal explicit hands: ``hands[seat]`` (6 cards each), the ``turnup`` (trump card) and the
    11 face-down ``stock`` cards in draw order. Each group of cards may be a sequence of cards or
    card texts, or one text (``"K♥ Q♥ J♣ 9♣ 9♦ J♦"``). Builds the equivalent pack (so the hand
    can be saved as a record) and calls :func:`deal`. Raises :class:`DealError` as :func:`deal`
    does."""
    try:
        hs = [parse_cards(h) for h in hands]
        t = parse_card(turnup)
        st = parse_cards(stock)
    except NotationError as exc:
        raise DealError(str(exc)) from None
    if len(hs) != 2 or any(len(h) != 6 for h in hs):
        raise DealError("give two hands of 6 cards each")
    if len(st) != 11:
        raise DealError(f"the stock has 11 face-down cards under the turn-up, not {len(st)}")
    nd_idx, d_idx, t_idx, st_idx = _layout(rules.deal_order)
    pack: list = [None] * 24
    for k, i in enumerate(nd_idx):
        pack[i] = hs[1 - dealer][k]
    for k, i in enumerate(d_idx):
        pack[i] = hs[dealer][k]
    pack[t_idx] = t
    for k, i in enumerate(st_idx):
        pack[i] = st[k]
    return deal(rules, dealer, pack=pack, names=names)


def places(rules: SixtySixRules = SANTASE, dealer: int = 0, players: int = 2) -> tuple:
    """Where a deal puts the cards [66.deal]: 6 to each hand, the turn-up (the trump card) and the
    11 cards of the stock in draw order (:class:`cardlab.variants.Place`)."""
    from .variants import Place

    return tuple(Place(f"hand {i}", 6, "the cards dealt to this seat") for i in range(players)) + (
        Place("turn-up", 1, "the trump card, turned face up"), Place("stock", 11, "the face-down cards, in draw order"))


#: The standing a game starts from (a record's ``start``): the score keeper's keyword, what its
#: numbers are, how many (0: one per seat) (:attr:`cardlab.variants.Variant.standing`).
STANDING: tuple[Standing, ...] = (Standing("totals", "game points per player"),)


def deal_from_places(places, rules: SixtySixRules = SANTASE, dealer: int = 0, names: Sequence[str] = SEAT_NAMES,
                     start=None) -> "SixtySixState":
    """The first state of the deal that puts the cards of ``places`` (place name -> cards in the
    order dealt, the names of :func:`places`) where they lie: ``deal_from_hands`` with the
    registry's one signature (:attr:`cardlab.variants.Variant.deal_from_places`)."""
    turnup = places["turn-up"]
    turnup = turnup[0] if isinstance(turnup, (list, tuple)) and len(turnup) == 1 else turnup
    return deal_from_hands([places[f"hand {i}"] for i in range(len(names))], turnup, places["stock"], rules,
                           dealer, names)


# ---------------------------------------------------------------------------------------------
# Results


@dataclass(frozen=True)
class SixtySixResult(HandResult):
    """How a hand ended (extends :class:`cardlab.state.HandResult`: ``returns``, ``winner``,
    ``reason`` and ``explanation``, with Sixty-six's game points, points and tricks).

    Attributes
    ----------
    winner : int or None
        The seat that scores, or ``None`` for a drawn hand.
    game_points : int
        Game points the winner scores (0 for a draw; a point carried from drawn hands under
        ``draw_plus_next`` is added by :class:`SixtySixGame`, not here).
    reason : str
        ``"66"`` (reached 66), ``"closer_made"``, ``"closer_failed"``, ``"last_trick"``
        (nobody reached 66, or equal totals, under the Santase tie rule), ``"draw"``,
        ``"false_claim"``.
    points : tuple of int
        Each seat's points at the end: card points of its tricks, last-trick bonus and marriages
        that count.
    tricks : tuple of int
        Tricks each seat took.
    explanation : str
        The scoring in words, with the rule applied.
    returns : tuple of int
        (property) The game points each seat scores in this hand: ``game_points`` for the
        winner, 0 for the other; ``(0, 0)`` for a drawn hand.
    """

    unit: ClassVar[str] = "game points"

    winner: int | None
    game_points: int
    reason: str
    points: tuple[int, int]
    tricks: tuple[int, int]
    explanation: str

    @property
    def returns(self) -> tuple[int, int]:
        w = self.winner
        if w is None:
            return (0, 0)
        return (self.game_points, 0) if w == 0 else (0, self.game_points)


def hand_game_points(loser_points: int, loser_took_trick: bool) -> int:
    """Game points for winning a hand by reaching 66 [FGS, P66; rules-notes C-9, C-10]:
    3 if the loser took no trick, 2 if the loser has fewer than 33 points, else 1."""
    if not loser_took_trick:
        return 3
    return 2 if loser_points < 33 else 1


# ---------------------------------------------------------------------------------------------
# Seat view


@dataclass(frozen=True, kw_only=True)
class SixtySixView(SeatView):
    """What one seat may know: its own hand and everything shown to both players.

    The fields of :class:`cardlab.state.SeatView` (``variant`` is ``"sixty-six"``; ``hand``,
    ``unseen``: the opponent's unknown cards and the face-down stock; ``trick``: the cards played
    to the current trick, the leader's first; ``tricks``: completed :class:`cardlab.tricks.Trick`;
    ``points``: points each seat has now (card points, the bonus and the marriages that count);
    ``legal_actions`` only when this seat is to act; ``phase``: ``"play"`` while the hand runs,
    ``"over"`` once it has a result; ``result``: a :class:`SixtySixResult` or ``None``), all
    keyword-only, and Sixty-six's own:

    Attributes
    ----------
    opponent_hand_size : int
    opponent_known : tuple of Card
        Opponent's cards this seat has seen and that are still in the opponent's hand (shown in a
        marriage, the turn-up taken by an exchange or by the last draw).
    trump : Suit
    turnup : Card or None
        The face-up trump card under the stock, or ``None`` once it has been drawn.
    stock_size : int
        Cards in the stock counting the turn-up (0 when exhausted).
    closed_by : int or None
    leader : int
        The seat leading the current trick.
    tricks_won : tuple of int
        Tricks each seat has taken.
    marriages : tuple of (seat, Suit, points)
        The marriages declared, with their points (20 or 40).
    finished : bool
    pending_marriage : Suit or None
        The marriage the leader has just declared (he must lead its K or Q).
    draw_pending : bool
        The trick's winner may close before drawing (``close_before_draw`` rules).
    close_exchange : bool
        The stock was just closed and the closer's opponent may exchange the trump nine.
    """

    variant: str = field(default=VARIANT, kw_only=True)
    opponent_hand_size: int
    opponent_known: tuple[Card, ...]
    trump: Suit
    turnup: Card | None
    stock_size: int
    closed_by: int | None
    leader: int
    tricks_won: tuple[int, int]
    marriages: tuple
    finished: bool
    pending_marriage: Suit | None = None
    draw_pending: bool = False
    close_exchange: bool = False

    @property
    def stock_open(self) -> bool:
        return self.closed_by is None and self.stock_size > 0


# ---------------------------------------------------------------------------------------------
# State


class SixtySixState(GameState):
    """One moment of a Sixty-six hand. Immutable; :meth:`apply` returns the next state.

    Public attributes (read-only by convention)
    -------------------------------------------
    rules, dealer, names, pack
        The rule set, dealer seat, player names and the pack as dealt (top first).
    hands : tuple of two tuples of Card
    stock : tuple of Card
        The face-down stock in draw order (the turn-up is not included).
    turnup : Card
        The face-up trump card (the nine after an exchange); still set after it is drawn.
    turnup_in_stock : bool
    trump : Suit
    closed_by : int or None
    leader : int
        Seat leading the current trick.
    trick : tuple of Card
        Cards played to the current trick.
    card_points : tuple of int
        Card points in each seat's tricks (without bonus or marriages).
    bonus : tuple of int
        The last-trick 10, once scored.
    marriage_points : tuple of int
        Marriage points declared by each seat (they count once the seat has a trick).
    tricks_won : tuple of int
    tricks : tuple of Trick
        Completed tricks (:class:`cardlab.tricks.Trick`: leader, ((leader, lead), (follower,
        card)), winner).
    marriages : tuple of (seat, Suit, points)
    phase : str
        ``"play"`` while the hand runs, ``"over"`` once it has a result.
    result : SixtySixResult or None
    """

    __slots__ = ("hands", "stock", "turnup", "turnup_in_stock", "trump", "closed_by", "close_info", "leader",
                 "trick", "card_points", "bonus", "marriage_points", "tricks_won", "tricks", "marriages",
                 "pending_marriage", "shown", "draw_pending", "close_exchange")

    variant = VARIANT

    @classmethod
    def _initial(cls, rules, dealer, hands, turnup, stock, names, pack):
        s = cls._blank()
        s.rules = rules
        s.dealer = dealer
        s.names = names
        s.pack = pack
        s.hands = hands
        s.stock = stock
        s.turnup = turnup
        s.turnup_in_stock = True
        s.trump = turnup.suit
        s.closed_by = None
        s.close_info = None
        s.leader = 1 - dealer
        s.trick = ()
        s._to_act = 1 - dealer
        s.card_points = (0, 0)
        s.bonus = (0, 0)
        s.marriage_points = (0, 0)
        s.tricks_won = (0, 0)
        s.tricks = ()
        s.marriages = ()
        s.pending_marriage = None
        s.shown = (frozenset(), frozenset())
        s.draw_pending = False
        s.close_exchange = False
        return s

    # -- basic queries ----------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``"play"`` while the hand runs (every decision of Sixty-six is made around the tricks),
        ``"over"`` once it has a result."""
        return "play" if self.result is None else "over"

    def card_locations(self) -> dict[str, tuple[Card, ...]]:
        """Where every card is: ``"hand 0"``, ``"hand 1"``, ``"stock"`` (face down, in draw
        order), ``"turn-up"`` (while it lies under the stock; drawn, it is in a hand), ``"trick"``
        (the trick in progress) and ``"tricks"`` (the completed tricks, in play order). Each card
        of the pack is in exactly one place."""
        return {
            "hand 0": tuple(self.hands[0]),
            "hand 1": tuple(self.hands[1]),
            "stock": tuple(self.stock),
            "turn-up": (self.turnup,) if self.turnup_in_stock else (),
            "trick": tuple(self.trick),
            "tricks": tuple(c for t in self.tricks for _, c in t.cards),
        }

    def _summary(self) -> str:
        return (f"trick {self.trick_number}, trump {self.trump.symbol}, stock {self.stock_size}, "
                f"points {self.points(0)}–{self.points(1)}")

    @property
    def stock_size(self) -> int:
        """Cards in the stock counting the turn-up (12 after the deal, 0 when exhausted)."""
        return len(self.stock) + (1 if self.turnup_in_stock else 0)

    @property
    def stock_open(self) -> bool:
        """True while cards may still be drawn: the stock is neither exhausted nor closed."""
        return self.closed_by is None and (self.turnup_in_stock or bool(self.stock))

    def points(self, seat: int) -> int:
        """Points of ``seat`` now: card points of its tricks + last-trick bonus + marriages (these count only
        once the seat has taken a trick) [P66; rules-notes §3.1 'Game points per hand']."""
        p = self.card_points[seat] + self.bonus[seat]
        if self.tricks_won[seat]:
            p += self.marriage_points[seat]
        return p

    def trick_by_seat(self) -> tuple[tuple[int, Card], ...]:
        """The trick in progress with its seats: ``((leader, card),)`` once a card is led, ``()``
        between tricks (the second card completes the trick at once, which then is the last of
        :attr:`tricks`)."""
        leader = self.leader
        return tuple(((leader + i) % 2, c) for i, c in enumerate(self.trick))

    @property
    def trick_number(self) -> int:
        """1-based number of the trick in play (the last trick once the hand is over)."""
        return len(self.tricks) + (1 if self.trick or self.result is None else 0)

    # -- legal actions --------------------------------------------------------------------
    def _legal_now(self) -> tuple[Action, ...]:
        """The legal actions of a running hand, computed afresh (``legal_actions`` caches them).

        A leader may, before leading: exchange the trump nine, close, declare a marriage (then
        lead its K or Q), claim out (claim rules only); every card in hand may be led. A
        follower plays a card allowed by the phase's duties (free play while the stock is open;
        follow / head / trump once it is exhausted or closed)."""
        seat = self._to_act
        hand = self.hands[seat]
        if self.draw_pending:
            legal = _DRAW_CLOSE_OUT if self.rules.going_out == "claim" else _DRAW_CLOSE
        elif self.close_exchange:
            legal = _EXCHANGE_PASS
        elif self.trick:
            if self.closed_by is None and (self.turnup_in_stock or self.stock):
                legal = tuple(map(_play_of, hand))
            else:
                legal = tuple(map(_play_of, self._follow_cards(hand)))
        else:
            legal = self._lead_actions(seat, hand)
        return legal

    def _follow_cards(self, hand):
        """legal_plays() for a one-card trick after the stock, with the phase-2 duties."""
        lead = self.trick[0]
        tr = self.rules.trick_rules_after_stock
        if tr.must_head:  # one card in the trick: it cannot have been trumped
            higher = _BEATS_SAME[lead]
            cards = [c for c in hand if c in higher]
            if cards:
                return cards
        same = _SAME_SUIT[lead]
        cards = [c for c in hand if c in same]
        if cards:
            return cards
        if tr.must_trump:
            trumps = _SUIT_CARDS[self.trump]
            cards = [c for c in hand if c in trumps]
            if cards:
                return cards
        return hand

    def _lead_actions(self, seat, hand):
        r = self.rules
        extra = []
        pm = self.pending_marriage
        stock_open = self.closed_by is None and (self.turnup_in_stock or bool(self.stock))
        if pm is not None:
            kq = _KQ_T[pm]
            cards = tuple([_PLAY_OF[c] for c in hand if c in kq])
        else:
            cards = tuple(map(_play_of, hand))
            if (self.tricks or r.marriage_on_first_lead) and (stock_open or r.marriages_after_stock):
                kings = _KING_OF_QUEEN
                for c in hand:
                    k = kings.get(c)
                    if k is not None and k in hand:
                        extra.append(_MARRIAGE_OF_QUEEN[c])
        if stock_open:
            n = len(self.stock) + (1 if self.turnup_in_stock else 0)
            if (r.nine_exchange and self.turnup_in_stock and n >= r.exchange_min_stock
                    and (self.tricks_won[seat] or not r.exchange_needs_trick) and _NINE_T[self.trump] in hand):
                extra.append(EXCHANGE)
            if n >= r.close_min_stock and (self.tricks or r.close_on_first_lead):
                extra.append(CLOSE)
        if self.tricks and r.going_out == "claim":
            extra.append(OUT)
        return tuple(extra) + cards if extra else cards

    def _marriage_block(self, seat: int) -> tuple[str, str] | None:
        if self.pending_marriage is not None:
            return ("66.marriage.lead", "only one marriage may be declared per lead")
        if not self.tricks and not self.rules.marriage_on_first_lead:
            return ("66.marriage.first-lead", "no marriage may be declared on the first lead of the hand")
        if not self.stock_open and not self.rules.marriages_after_stock:
            why = "closed" if self.closed_by is not None else "exhausted"
            return ("66.marriage.stock", f"under these rules no marriage may be declared once the stock is {why}")
        return None

    def _exchange_ok(self, seat: int) -> tuple[str, str] | None:
        r = self.rules
        if not r.nine_exchange:
            return ("66.exchange", f"these rules ({r.name}) have no trump-nine exchange")
        nine = Card.of(self.trump, Rank.NINE)
        if nine not in self.hands[seat]:
            return ("66.exchange", f"you do not hold the trump nine ({nine})")
        if self.closed_by is not None:
            return ("66.exchange", "the stock is closed, so the trump nine can no longer be exchanged")
        if not self.turnup_in_stock:
            return ("66.exchange", "the turn-up has already been drawn")
        if self.stock_size < r.exchange_min_stock:
            return ("66.exchange", f"the stock has {self.stock_size} cards; the exchange needs at least "
                                   f"{r.exchange_min_stock}")
        if r.exchange_needs_trick and not self.tricks_won[seat]:
            return ("66.exchange", "you may exchange the trump nine only after you have taken a trick")
        return None

    def _close_ok(self) -> tuple[str, str] | None:
        r = self.rules
        if self.closed_by is not None:
            return ("66.close", "the stock is already closed")
        if not self.stock_open:
            return ("66.close", "the stock is exhausted; there is nothing left to close")
        if self.stock_size < r.close_min_stock:
            return ("66.close", f"the stock has {self.stock_size} cards; closing needs at least {r.close_min_stock}")
        if not self.tricks and not r.close_on_first_lead:
            return ("66.close", "the stock may not be closed before the first trick")
        return None

    # -- applying actions -----------------------------------------------------------------
    # -- applying actions: GameState.apply's hooks ---------------------------------------------
    #: An action out of turn, or any action once the hand is over, is refused by this rule.
    _TURN_RULE = "66.turn"
    #: The text of an action read by :func:`parse_action`.
    _parse = staticmethod(parse_action)
    #: A marriage's value said as text ("40 ♠"), checked by :meth:`_check_said`.
    _said = staticmethod(said_marriage_value)

    def _check_said(self, said: int, action: Action) -> None:
        """Refuse a marriage said with the wrong value ("40 ♥" when ♥ are not trumps), raising
        :class:`IllegalActionError` [66.marriage.lead]."""
        check_said_value(said, action, self.trump, "66.marriage.lead")

    def playout(self, choose) -> SixtySixResult:
        """Play the hand to its end and return the result, without keeping the states.

        ``choose(legal_actions)`` picks each action (e.g. ``random.Random(1).choice``). The
        same rules code as :meth:`apply` runs in place on one private copy, so this is the fast
        path for simulations and sampling; this state is unchanged. Raises
        :class:`IllegalActionError` if ``choose`` returns an action that is not legal."""
        s = self._child(None)
        while s.result is None:
            legal = s._legal_now()
            action = choose(legal)
            if action not in legal:
                raise s._why_illegal(action)
            # (unlike apply, no check that the card is a Card: a number equal to a card's code
            # plays as that card here, and no state of this private copy is kept)
            if action.kind == "play":
                s._do_play(s._to_act, action.card)
            else:
                s._do(s._to_act, action)
        return s.result

    def _do(self, seat: int, action: Action) -> None:
        """Carry out a legal action other than a card play, in place."""
        kind = action.kind
        if kind == "marriage":
            self._marry(seat, action.value)
        elif kind == "exchange":
            self._exchange(seat)
        elif kind == "close":
            other = 1 - seat
            self.close_info = (self.points(other), self.tricks_won[other] > 0)
            self.closed_by = seat
            self.draw_pending = False
            if (self.rules.exchange_on_close and self.turnup_in_stock
                    and _NINE_T[self.trump] in self.hands[other]):
                self.close_exchange = True
                self._to_act = other
        elif kind == "out":
            self._claim(seat)
        elif kind == "draw":
            self.draw_pending = False
            self._draw(seat)
        elif kind == "pass":
            self.close_exchange = False
            self._to_act = 1 - seat

    def _do_play(self, seat: int, card: Card) -> None:
        """Play ``card`` for ``seat``, in place: a lead, or the card that completes the trick,
        which is then scored, drawn for and checked for the end of the hand."""
        hands = self.hands
        h = hands[seat]
        i = h.index(card)
        h = h[:i] + h[i + 1:]
        self.hands = hands = (h, hands[1]) if seat == 0 else (hands[0], h)
        shown = self.shown
        if shown[seat] and card in shown[seat]:
            self.shown = (shown[0] - {card}, shown[1]) if seat == 0 else (shown[0], shown[1] - {card})
        self.pending_marriage = None
        trick = self.trick
        if not trick:
            self.trick = (card,)
            self._to_act = 1 - seat
            return
        lead = trick[0]
        leader = self.leader
        ls = _SUIT_T[lead]
        cs = _SUIT_T[card]
        if cs is ls:
            second = _STRENGTH66[card] > _STRENGTH66[lead]
        else:
            second = cs is self.trump
        winner = seat if second else leader
        pts = _PTS[lead] + _PTS[card]
        cp = self.card_points
        tw = self.tricks_won
        if winner:
            self.card_points = cp = (cp[0], cp[1] + pts)
            self.tricks_won = (tw[0], tw[1] + 1)
        else:
            self.card_points = cp = (cp[0] + pts, cp[1])
            self.tricks_won = (tw[0] + 1, tw[1])
        self.tricks = self.tricks + (_TRICKS[winner][leader][lead][card],)
        self.trick = ()
        self.leader = winner
        self._to_act = winner
        rules = self.rules
        stock_open = self.closed_by is None and (self.turnup_in_stock or self.stock)
        if not stock_open and not hands[winner]:
            self._end_of_cards(winner)  # the last trick: its bonus first, then the count
            return
        # the winner has a trick now, so its marriages count
        if rules.going_out == "automatic" and cp[winner] + self.bonus[winner] + self.marriage_points[winner] >= 66:
            self._finish_66(winner)
            return
        if stock_open:
            if rules.close_before_draw and len(self.stock) + (1 if self.turnup_in_stock else 0) >= rules.close_min_stock:
                self.draw_pending = True  # the winner may close before drawing
            else:
                self._draw(winner)

    def _exchange(self, seat: int) -> None:
        nine = Card.of(self.trump, Rank.NINE)
        old = self.turnup
        hs = list(self.hands)
        hs[seat] = tuple(old if c == nine else c for c in hs[seat])
        self.hands = tuple(hs)
        self.turnup = nine
        sh = list(self.shown)
        sh[seat] = sh[seat] | {old}
        self.shown = tuple(sh)
        if self.close_exchange:  # the closer's opponent exchanged at the close; the closer leads
            self.close_exchange = False
            self._to_act = 1 - seat

    def _marry(self, seat: int, suit: Suit) -> None:
        value = marriage_points(suit, self.trump)
        mp = list(self.marriage_points)
        mp[seat] += value
        self.marriage_points = tuple(mp)
        self.marriages = self.marriages + ((seat, suit, value),)
        self.pending_marriage = suit
        sh = list(self.shown)
        sh[seat] = sh[seat] | {Card.of(suit, Rank.KING), Card.of(suit, Rank.QUEEN)}
        self.shown = tuple(sh)
        if self.rules.going_out == "automatic" and self.tricks_won[seat] and self.points(seat) >= 66:
            self._finish_66(seat)

    def _draw(self, winner: int) -> None:
        """The winner draws the top card of the stock, then the loser; the last draw takes the
        turn-up [66.draw]."""
        st = self.stock
        first = st[0]
        if len(st) >= 2:
            second = st[1]
            self.stock = st[2:]
        else:
            second = self.turnup
            self.stock = ()
            self.turnup_in_stock = False
            sh = self.shown
            self.shown = (sh[0] | {second}, sh[1]) if winner else (sh[0], sh[1] | {second})
        h0, h1 = self.hands
        self.hands = (h0 + (first,), h1 + (second,)) if winner == 0 else (h0 + (second,), h1 + (first,))

    # -- ending the hand ---------------------------------------------------------------------
    def _finish_66(self, seat: int) -> None:
        """``seat`` has (or claims correctly) 66: score it [66.win, 66.score, 66.close-score]."""
        other = 1 - seat
        r = self.rules
        closer = self.closed_by
        if closer is None:
            gp = hand_game_points(self.points(other), self.tricks_won[other] > 0)
            why = self._why_points(other, gp)
            self._set_result(seat, gp, "66", f"{self.names[seat]} reaches {self.points(seat)}: {why}")
        elif closer == seat:
            if r.closed_game_points is not None:
                gp = r.closed_game_points
                self._set_result(seat, gp, "closer_made",
                                 f"{self.names[seat]} closed and reached {self.points(seat)}: a closed game made "
                                 f"always scores {gp} under these rules")
            else:
                if r.close_count_rule == "at_close":
                    lp, lt = self.close_info
                    gp = hand_game_points(lp, lt)
                    why = self._why_points(other, gp, at_close=True)
                else:
                    gp = hand_game_points(self.points(other), self.tricks_won[other] > 0)
                    why = self._why_points(other, gp)
                self._set_result(seat, gp, "closer_made",
                                 f"{self.names[seat]} closed and reached {self.points(seat)}: {why}")
        else:
            self._closer_failed(closer, f"{self.names[seat]} reached {self.points(seat)} first", went_out=True)

    def _why_points(self, loser: int, gp: int, at_close: bool = False) -> str:
        name = self.names[loser]
        if at_close:
            lp, lt = self.close_info
            when = " when the stock was closed"
        else:
            lp, _lt = self.points(loser), self.tricks_won[loser] > 0
            when = ""
        if gp == 3:
            return f"{name} had taken no trick{when}, so 3 game points"
        if gp == 2:
            return f"{name} had {lp} (under 33){when}, so 2 game points"
        return f"{name} had {lp} (33 or more){when}, so 1 game point"

    def _closer_failed(self, closer: int, how: str, went_out: bool = False) -> None:
        """The closer failed: the opponent scores 2, or 3 if he had no trick at the close, or a
        flat 3; when the opponent went out with 66 himself, 2 (P66; rules-notes C-5)."""
        other = 1 - closer
        r = self.rules
        if r.failed_close == "flat_three":
            gp = 3
            why = "a failed close always gives the opponent 3 game points under these rules"
        elif went_out:
            gp = 2
            why = f"{self.names[other]} went out first, so 2 game points"
        else:
            had_trick = self.close_info[1]
            gp = 2 if had_trick else 3
            why = (f"{self.names[other]} had a trick when the stock was closed, so 2 game points" if had_trick else
                   f"{self.names[other]} had no trick when the stock was closed, so 3 game points")
        self._set_result(other, gp, "closer_failed", f"{self.names[closer]} closed but failed: {how}; {why}")

    def _end_of_cards(self, last_winner: int) -> None:
        """All cards played without anyone going out [66.last-trick, 66.tie, 66.close-score]."""
        r = self.rules
        if self.closed_by is None and r.last_trick_bonus:
            b = list(self.bonus)
            b[last_winner] += r.last_trick_bonus
            self.bonus = tuple(b)
        p = (self.points(0), self.points(1))
        closer = self.closed_by
        # After the last card nobody has to claim: the cards are counted.
        if closer is not None:
            if p[closer] >= 66:
                self._finish_66(closer)
            elif p[1 - closer] >= 66:
                self._finish_66(1 - closer)
            else:
                self._closer_failed(closer, f"the cards ran out with {self.names[closer]} on {p[closer]}")
            return
        over = [seat for seat in (0, 1) if p[seat] >= 66]
        if len(over) == 1:
            self._finish_66(over[0])
            return
        if len(over) == 2:  # only possible when 66 must be claimed and nobody claimed it
            if p[0] != p[1]:
                self._finish_66(0 if p[0] > p[1] else 1)
                return
            # equal totals at 66 or more: the tie rule, as at any level [66.tie]; pagat's
            # Sechsundsechzig: a draw "could also happen at higher totals such as 75 each if one
            # of the players loses count of points and misses the opportunity to go out"
            how = f"the cards ran out with equal totals ({p[0]}–{p[1]}) and nobody claimed 66"
        else:
            how = f"nobody reached 66 ({p[0]}–{p[1]})"
        tie = r.tie_rule
        if tie == "last_trick":
            self._set_result(last_winner, 1, "last_trick",
                             f"{how}: {self.names[last_winner]} took the last trick and scores 1 game point")
        else:
            extra = " (1 more game point goes to the winner of the next hand)" if tie == "draw_plus_next" else ""
            self._set_result(None, 0, "draw", f"{how}: the hand is drawn{extra}")

    def _claim(self, seat: int) -> None:
        p = self.points(seat)
        if p >= 66:
            self._finish_66(seat)
        else:
            other = 1 - seat
            gp = self.rules.false_claim_points
            self._set_result(other, gp, "false_claim",
                             f"{self.names[seat]} claimed 66 with only {p}: a false claim gives "
                             f"{self.names[other]} {gp} game points")

    def _set_result(self, winner, gp, reason, text) -> None:
        self.result = SixtySixResult(winner=winner, game_points=gp, reason=reason,
                                     points=(self.points(0), self.points(1)), tricks=self.tricks_won, explanation=text)

    # -- errors -------------------------------------------------------------------------
    def _why_illegal(self, action: Action) -> IllegalActionError:
        """The refusal of ``action``, naming the rule it breaks now (``66.action`` when it is no
        Sixty-six action at all): :func:`cardlab.sixtysix_words.why_refused`."""
        from .sixtysix_words import why_refused

        return why_refused(self, action)

    # -- views and explanations ------------------------------------------------------------
    def view(self, seat: int) -> SixtySixView:
        """What ``seat`` may know now (see :class:`SixtySixView`); never the opponent's hidden
        cards or the face-down stock. Raises ``ValueError`` unless ``seat`` is 0 or 1."""
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1, not {seat!r}")
        other = 1 - seat
        opp_known = tuple(c for c in self.hands[other] if c in self.shown[other])
        visible = set(self.hands[seat]) | set(opp_known) | set(self.trick)
        for t in self.tricks:
            for _, c in t.cards:
                visible.add(c)
        if self.turnup_in_stock:
            visible.add(self.turnup)
        unseen = tuple(c for c in PACK_24 if c not in visible)
        return SixtySixView(
            seat=seat, hand=self.hands[seat], opponent_hand_size=len(self.hands[other]), opponent_known=opp_known,
            trump=self.trump, turnup=self.turnup if self.turnup_in_stock else None, stock_size=self.stock_size,
            closed_by=self.closed_by, trick=self.trick, leader=self.leader, tricks=self.tricks,
            points=(self.points(0), self.points(1)), tricks_won=self.tricks_won, marriages=self.marriages,
            unseen=unseen, to_act=self.to_act, legal_actions=self.legal_actions() if self.to_act == seat else (),
            finished=self.result is not None, result=self.result, rules=self.rules, dealer=self.dealer,
            pending_marriage=self.pending_marriage, draw_pending=self.draw_pending,
            close_exchange=self.close_exchange, phase=self.phase)

    def explain(self) -> str:
        """The last step in words (the deal, for the first state):
        :func:`cardlab.sixtysix_words.explain_step`."""
        from .sixtysix_words import explain_step

        return explain_step(self)


_LABELS = {"exchange": ("stock", "Exchange trump nine", "66.exchange"),
           "close": ("stock", "Close the stock", "66.close"),
           "out": ("claim", "Claim 66", "66.out"),
           "draw": ("stock", "Draw", "66.close"),
           "pass": ("pass", "Keep the trump nine", "66.exchange")}


def describe_action(action: Action, state: "SixtySixState | None" = None) -> "variants.ActionText":  # noqa: F821
    """How a front end shows ``action``: its group, button text and help, in the rule's words.

    A card play is the card (``"A♠"``); a marriage ``"Declare marriage ♥ (20)"`` (40 in
    trumps, when ``state`` is given); ``exchange``, ``close``, ``out``, ``draw`` (the trick's
    winner draws instead of closing) and ``pass`` (keep the trump nine when the closer's
    opponent is offered the exchange) in words. Raises nothing for an action of this variant;
    any other action is shown by its text in the group ``"other"``."""
    from .variants import ActionText

    kind = action.kind
    if kind == "play":
        return ActionText("card", str(action.card), f"Play {action.card}. [rule 66.hold]")
    if kind == "marriage" and isinstance(action.value, Suit):
        trump = getattr(state, "trump", None)
        pts = "" if trump is None else f" ({marriage_points(action.value, trump)})"
        return ActionText("marriage", f"Declare marriage {action.value.symbol}{pts}",
                          f"Show K and Q of {action.value.symbol} and lead one of them. [rule 66.marriage.lead]")
    if kind in _LABELS and action.card is None and action.value is None:
        group, label, rule = _LABELS[kind]
        return ActionText(group, label, f"{RULES[rule][0]} [rule {rule}]")
    return ActionText("other", str(action), "")


# The score keeper lives in cardlab.sixtysix_game (to keep this module short); it is
# imported on first use as cardlab.sixtysix.SixtySixGame.
__getattr__ = lazy_exports(__name__, {"SixtySixGame": "cardlab.sixtysix_game"})
