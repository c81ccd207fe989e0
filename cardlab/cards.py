"""Cards, suits, ranks and the card notation shared by every variant.

A :class:`Card` is an immutable value (an ``int`` subclass, so it hashes, compares and sorts
fast and can index tables). Every card is interned: ``Card.of(Suit.SPADES, Rank.ACE) is
parse_card("AS")``. Card *points* and trick *strength* belong to a game, not to the card: see
:class:`cardlab.tricks.TrickRules` and each variant's rule set.

Notation. :func:`parse_card` accepts what people type: ``"A♠"``, ``"AS"``, ``"as"``, ``"10h"``,
``"T♥"``, ``"♥10"``, ``"Q♦"``, ``"Jo"`` (the joker). ``str(card)`` prints the one canonical form:
rank then suit symbol, ``"A♠"``, ``"10♥"``, ``"Jo"``.
"""

from __future__ import annotations

import enum
from types import MappingProxyType
from typing import Iterable, Mapping

from .errors import NotationError

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "parse_card",
    "parse_cards",
    "format_cards",
    "PACK_24",
    "JOKER",
    "CARDS_BY_CODE",
    "check_pack",
    "parse_suit",
]


class Suit(enum.IntEnum):
    """The four suits, in cardlab's display order (♣ ♦ ♥ ♠)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The suit sign: ``"♣"``, ``"♦"``, ``"♥"`` or ``"♠"``."""
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The ASCII letter: ``"C"``, ``"D"``, ``"H"`` or ``"S"``."""
        return "CDHS"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def __str__(self) -> str:
        return self.symbol

    def __bool__(self) -> bool:
        """Every suit is true, ♣ included (its integer value is 0): ``if trump:`` means "trumps
        are named", never "the suit is not clubs". Test for no trump with ``is None``."""
        return True


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


class Rank(enum.IntEnum):
    """Card ranks. The integer value is the *natural* order (2 low, ace high); each game
    ranks cards for trick-taking by its own strength table (in Sixty-six the 10 beats the
    king)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def label(self) -> str:
        """Canonical rank text: ``"A"``, ``"K"``, ``"Q"``, ``"J"``, ``"10"``, ``"9"`` … ``"2"``."""
        return _RANK_LABELS[self]

    def __str__(self) -> str:
        return self.label


_RANK_LABELS = {r: str(int(r)) for r in Rank if r <= 10}
_RANK_LABELS.update({Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A", Rank.JOKER: "Jo"})


class Card(int):
    """One playing card: a suit and a rank (the joker has no suit).

    Cards are interned and immutable; build them with :meth:`Card.of` or :func:`parse_card`.
    The integer value is ``suit * 16 + rank`` (joker: 64 + 15 = 79); ``card.index`` equals it.

    Attributes
    ----------
    suit : Suit or None
        ``None`` only for the joker.
    rank : Rank
    """

    __slots__ = ()
    _table: dict[int, "Card"] = {}
    suit: Suit | None
    rank: Rank

    def __new__(cls, value: int):  # noqa: D102 - internal; use Card.of / parse_card
        try:
            return cls._table[value]
        except KeyError:
            raise NotationError(f"{value!r} is not a card code") from None

    @classmethod
    def of(cls, suit: Suit | None, rank: Rank) -> "Card":
        """The card of ``suit`` and ``rank`` (``suit=None`` with ``Rank.JOKER`` for the joker)."""
        code = 64 + Rank.JOKER if rank == Rank.JOKER else int(suit) * 16 + int(rank)
        return cls._table[code]

    @property
    def suit(self) -> Suit | None:  # type: ignore[override]
        return _SUIT_SEQ[self]

    @property
    def rank(self) -> Rank:  # type: ignore[override]
        return _RANK_SEQ[self]

    @property
    def is_joker(self) -> bool:
        return int(self) == _JOKER_CODE

    @property
    def ascii(self) -> str:
        """ASCII form, e.g. ``"AS"``, ``"10H"``, ``"Jo"``."""
        return _ASCII[int(self)]

    def __str__(self) -> str:
        return _TEXT[int(self)]

    def __repr__(self) -> str:
        return f"Card('{_TEXT[int(self)]}')"

    def __reduce__(self):
        return (Card, (int(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


_JOKER_CODE = 64 + int(Rank.JOKER)
_SUIT_OF: dict[int, Suit | None] = {}
_RANK_OF: dict[int, Rank] = {}
_TEXT: dict[int, str] = {}
_ASCII: dict[int, str] = {}
for _s in Suit:
    for _r in Rank:
        if _r == Rank.JOKER:
            continue
        _code = int(_s) * 16 + int(_r)
        _c = int.__new__(Card, _code)
        Card._table[_code] = _c
        _SUIT_OF[_code] = _s
        _RANK_OF[_code] = _r
        _TEXT[_code] = _r.label + _s.symbol
        _ASCII[_code] = _r.label + _s.letter
_c = int.__new__(Card, _JOKER_CODE)
Card._table[_JOKER_CODE] = _c
_SUIT_OF[_JOKER_CODE] = None
_RANK_OF[_JOKER_CODE] = Rank.JOKER
_TEXT[_JOKER_CODE] = "Jo"
_ASCII[_JOKER_CODE] = "Jo"

JOKER: Card = Card._table[_JOKER_CODE]

#: Every card by its code (``int(card)``: ``suit * 16 + rank``, the joker 79), each the interned
#: :class:`Card`: a read-only mapping (codes from 0 to 79; the codes between suits are not cards).
#: Fast tables indexed by a card are built from it, e.g. ``tuple(CARDS_BY_CODE.get(i) for i in range(80))``.
CARDS_BY_CODE: Mapping[int, Card] = MappingProxyType(Card._table)
_SUIT_SEQ = tuple(_SUIT_OF.get(i) for i in range(80))  # indexed by the card itself: no int() call
_RANK_SEQ = tuple(_RANK_OF.get(i) for i in range(80))

_SUIT_TOKENS = {
    "♣": Suit.CLUBS, "♧": Suit.CLUBS, "c": Suit.CLUBS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "d": Suit.DIAMONDS,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS, "h": Suit.HEARTS,
    "♠": Suit.SPADES, "♤": Suit.SPADES, "s": Suit.SPADES,
}
_RANK_TOKENS = {
    "a": Rank.ACE, "k": Rank.KING, "q": Rank.QUEEN, "j": Rank.JACK,
    "t": Rank.TEN, "10": Rank.TEN,
    **{str(n): Rank(n) for n in range(2, 10)},
}
_JOKER_TOKENS = {"jo", "jk", "joker", "🃏", "*"}


def parse_card(text: str | Card) -> Card:
    """Parse one card as people type it.

    Accepts rank then suit or suit then rank, any case, with suit symbols (♣♦♥♠, or the outline
    ♧♢♡♤) or letters (C D H S), and ``10`` or ``T`` for the ten: ``"A♠"``, ``"AS"``, ``"as"``,
    ``"10h"``, ``"T♥"``, ``"♥10"``. The joker is ``"Jo"``, ``"JK"``, ``"Joker"`` or ``"🃏"``.
    A :class:`Card` is returned unchanged.

    Returns
    -------
    Card
        The interned card.

    Raises
    ------
    NotationError
        If the text is not one card, with the reason (unknown suit, unknown rank, empty text).
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise NotationError(f"a card must be given as text such as 'A♠' or 'AS', not {type(text).__name__}")
    raw = text
    t = "".join(text.split()).lower().replace("\ufe0f", "")
    if not t:
        raise NotationError("empty card: write a rank and a suit, e.g. 'A♠', 'AS', '10h' or 'T♥'")
    if t in _JOKER_TOKENS:
        return JOKER
    if t[0] in _SUIT_TOKENS and t[1:] in _RANK_TOKENS:
        suit_tok, rank_tok = t[0], t[1:]
    elif t[-1] in _SUIT_TOKENS:
        suit_tok, rank_tok = t[-1], t[:-1].strip()
    else:
        raise NotationError(
            f"{raw!r} has no suit: end it with ♣ ♦ ♥ ♠ or C D H S (e.g. 'A♠', 'AS', '10h')"
        )
    try:
        rank = _RANK_TOKENS[rank_tok]
    except KeyError:
        raise NotationError(
            f"{raw!r}: unknown rank {rank_tok!r}; ranks are A K Q J 10 (or T) 9 8 7 6 5 4 3 2"
        ) from None
    return Card.of(_SUIT_TOKENS[suit_tok], rank)


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Parse several cards: a string separated by spaces or commas (``"A♠ 10♥ KS"``) or an
    iterable of card texts. Returns a tuple in the order given; raises :class:`NotationError`
    naming the first bad item and its position."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    out = []
    for i, item in enumerate(items):
        try:
            out.append(parse_card(item))
        except NotationError as exc:
            raise NotationError(f"card {i + 1}: {exc}") from None
    return tuple(out)


def parse_suit(text: str) -> Suit:
    """Parse a suit as people type it: ``"♥"``, ``"H"``, ``"hearts"`` (any case), or a card,
    which names its suit (``"K♥"``). Raises :class:`NotationError` for anything else."""
    t = text.strip() if isinstance(text, str) else ""
    for s in Suit:
        if t.lower() in (s.symbol, s.letter.lower(), s.name.lower()):
            return s
    try:  # a card names its suit
        c = parse_card(t)
        if c.suit is not None:
            return c.suit
    except NotationError:
        pass
    raise NotationError(f"{text!r} is not a suit: use ♣ ♦ ♥ ♠ or C D H S")


def format_cards(cards: Iterable[Card], sep: str = " ") -> str:
    """Canonical text of several cards, e.g. ``"A♠ 10♥ K♣"``."""
    return sep.join(_TEXT[int(c)] for c in cards)


#: The 24-card pack of Sixty-six, Mariage and 501: A 10 K Q J 9 in each suit, ♣ ♦ ♥ ♠.
PACK_24: tuple[Card, ...] = tuple(
    Card.of(s, r)
    for s in Suit
    for r in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)
)


def check_pack(pack, allowed=PACK_24, *, game: str = "the", rule: str = "") -> tuple[Card, ...]:
    """Read and validate a pack given card by card (e.g. from a record): every card readable,
    none twice, every card one of ``allowed``, and exactly as many cards as ``allowed`` holds.

    Parameters
    ----------
    pack : sequence of Card or str
        The pack from the top (index 0 is dealt first).
    allowed : sequence of Card
        The game's pack (default :data:`PACK_24`, A 10 K Q J 9 of each suit).
    game : str
        The game's name for the messages (``"a Sixty-six"`` pack, ``"a 501"`` pack).
    rule : str
        The rule id to cite, e.g. ``"66.deal"``.

    Returns
    -------
    tuple of Card

    Raises
    ------
    DealError
        Naming the first card at fault and its position, or the wrong count.
    """
    from .errors import DealError

    cite = f" [rule {rule}]" if rule else ""
    try:
        cards = tuple(parse_card(c) for c in pack)
    except NotationError as exc:
        raise DealError(f"the pack has a card that cannot be read: {exc}") from None
    except TypeError:
        raise DealError(f"a pack is a list of cards, not {pack!r}") from None
    allowed_set = frozenset(allowed)
    what = "A 10 K Q J 9 of each suit" if allowed_set == _PACK_24_SET else format_cards(sorted(allowed_set))
    if len(cards) != len(allowed_set):
        raise DealError(f"{game} pack has {len(allowed_set)} cards ({what}), not {len(cards)}{cite}")
    seen: set[Card] = set()
    for i, c in enumerate(cards):
        if c not in allowed_set:
            raise DealError(f"card {i} ({c}) is not in the {len(allowed_set)}-card pack ({what}){cite}")
        if c in seen:
            raise DealError(f"card {i} ({c}) appears twice in the pack{cite}")
        seen.add(c)
    return cards


_PACK_24_SET = frozenset(PACK_24)
