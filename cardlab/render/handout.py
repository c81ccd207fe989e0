"""A one-page student handout per variant: the rules of its default preset in plain words, for a
beginner, with a picture of the cards drawn by :func:`cardlab.render.cards.card_svg`.

The teacher's reference sheet (:mod:`cardlab.render.rules_sheet`) lists every rule with its id,
its sources and the rule set's options; this handout is what goes in front of a class: what you
need (the pack and its card points, drawn), the aim, the deal, the play, marriages, scoring and
how the game ends, then a short "your teacher may play it differently" paragraph naming, in plain
words, how each other preset of the variant differs from the default. It never shows an option's
name, a rule id or a source key (tests/test_handout.py checks all three). Printed from a browser it
fills one A4 page, with every text at 10 pt or more (tests/test_browser_handout.py prints each
handout to PDF in Chromium, counts the pages and measures the smallest text).

    from cardlab.render.handout import handout_html, save_handout
    save_handout("sixty-six", "santase-handout.html")           # or: handout_html("mariage-3")

``tools/make_handouts.py`` writes the handout of every variant to docs/handouts/<variant>.html.

Where the words come from. Each variant's teaching text is one :class:`Teaching` entry of
:data:`TEACHING`, keyed by the registry's variant names (the variant's teaching content); the
facts in it are those of the variant's ``RULES`` table, its rule set and docs/rules-notes.md, and
its numbers are read from the default rule set when the page is made (``{target}`` in a text is
``rules.target``). Each entry says which option values its words describe
(:attr:`Teaching.written_for`; a test checks them against the default preset) and gives plain
words for every option in which another preset differs (:attr:`Teaching.differences`). The page
is self-contained: inline CSS and inline SVG, no script, nothing fetched.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any, Callable, Mapping

from ..cards import JOKER, Card, Rank, Suit
from .cards import card_svg

__all__ = ["Teaching", "TEACHING", "handout_html", "save_handout", "differences_in_words"]


@dataclass(frozen=True)
class Teaching:
    """The plain-words teaching content of one variant's handout.

    Attributes
    ----------
    intro : str
        One line under the title (who plays, in a sentence).
    sections : tuple of (str, tuple of str)
        Each section's heading and its points, in order; a point is plain text in which
        ``{option}`` is replaced by that option's value in the default rule set (and
        ``{min_bid_plus_step}`` and the like by :attr:`extra` facts), and ``**words**`` is set in bold.
    presets : mapping of str to str
        Every preset's name in plain words (the registry's preset keys), the default's first.
    differences : mapping of str to callable(value, rules) -> str
        For each option in which some preset differs from the default: what the preset does, in
        plain words (``value`` is the preset's value of the option, ``rules`` the preset); the
        text may name ``{v}`` (the value) and the preset's options as :attr:`sections` do.
    written_for : mapping of str to object
        The option values the words of :attr:`sections` state as fact (tests check them against
        the default preset, so a changed default cannot leave the handout saying the old rule).
    picture : callable(module, rules) -> str
        The HTML of the picture of the cards (drawn with ``card_svg``).
    extra : callable(rules) -> dict
        Derived facts the texts may name besides the options.
    """

    intro: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]
    presets: Mapping[str, str]
    differences: Mapping[str, Callable[[Any, Any], str]]
    written_for: Mapping[str, Any]
    picture: Callable[[Any, Any], str]
    extra: Callable[[Any], dict] = field(default=lambda rules: {})


# ---------------------------------------------------------------------------------------------
# Pictures

def _card_box(card, label: str, title: str = "") -> str:
    t = f' title="{escape(title)}"' if title else ""
    return (f'<div class="handout-card"{t}>{card_svg(card, "lg")}'
            f'<span class="handout-card-label">{escape(label)}</span></div>')


def _pack_24(module, rules) -> str:
    """One suit of the 24-card pack in order of rank, each card with its card points (the
    module's ``CARD_POINTS``), and a marriage (K and Q of one suit) beside it."""
    ranks = sorted(module.CARD_POINTS, key=lambda r: -module.CARD_POINTS[r])
    row = "".join(_card_box(Card.of(Suit.HEARTS, r), str(module.CARD_POINTS[r])) for r in ranks)
    marriage = "".join(_card_box(Card.of(Suit.CLUBS, r), "") for r in (Rank.KING, Rank.QUEEN))
    total = 4 * sum(module.CARD_POINTS.values())
    return (f'<figure class="handout-pack"><div class="handout-row">'
            f'<div class="handout-group"><div class="handout-cards">{row}</div>'
            f'<figcaption>One suit, highest card first; under each card its <b>card points</b>. '
            f'The four suits ♣ ♦ ♥ ♠ make {4 * len(ranks)} cards and {total} card points.</figcaption></div>'
            f'<div class="handout-group"><div class="handout-cards">{marriage}</div>'
            f'<figcaption>A <b>marriage</b>: K and Q of one suit.</figcaption></div>'
            f'{_eight_picture(module, rules)}</div></figure>')


def _eight_picture(module, rules) -> str:
    """Four-player Mariage: a pair's eight with 3 pips uncovered (drawn by the variant's renderer,
    :func:`cardlab.render.mariage4.eight_svg`)."""
    if not hasattr(rules, "pips"):
        return ""
    from ..mariage4_game import Eight
    from .mariage4 import eight_svg

    svg = eight_svg(Eight(3, rules.pips), Suit.HEARTS, label=" ")
    # the caption says it in words: no label drawn under the card
    svg = svg.replace('aria-label=" : ', 'aria-label="').replace("<title> : ", "<title>")
    return (f'<div class="handout-group handout-eight">{svg}'
            f'<figcaption>An <b>eight</b>: 3 pips uncovered.</figcaption></div>')


def _pack_99(module, rules) -> str:
    """Ninety-Nine: one suit in order of rank with the joker (or the ♣2 in its place), and one card
    of each suit with its value as a bid card (the module's ``RANKS_99`` and ``BID_VALUE``)."""
    row = "".join(_card_box(Card.of(Suit.SPADES, r), "") for r in module.RANKS_99)
    wild = rules.wild
    if wild is not None:
        row += _card_box(wild, "", "counts as the turned-up card")
    bids = sorted(module.BID_VALUE, key=module.BID_VALUE.get)
    bid_row = "".join(_card_box(Card.of(s, r), str(module.BID_VALUE[s]))
                      for s, r in zip(bids, (Rank.EIGHT, Rank.KING, Rank.SIX, Rank.ACE)))
    what = ("" if wild is None else
            f", then the {'joker' if wild == JOKER else '2 of clubs'}, which counts as the turned-up card")
    return (f'<figure class="handout-pack"><div class="handout-group"><div class="handout-cards">{row}</div>'
            f'<figcaption>One suit, highest card first{what}.</figcaption></div>'
            f'<div class="handout-row"><div class="handout-group"><div class="handout-cards">{bid_row}</div>'
            f'<figcaption>As a <b>bid card</b> each card is worth its suit\'s number, whatever its rank.'
            f'</figcaption></div></div></figure>')


# ---------------------------------------------------------------------------------------------
# Plain words, shared by the 24-card games

_PACK_POINTS = ("Four suits (♣ ♦ ♥ ♠) of six cards each, as in the picture: 24 cards. In every suit the cards "
                "rank A, 10, K, Q, J, 9, highest first; the number under a card is its **card points**.")
_TRICK_WINNER = ("In a **trick** each player in turn plays one card. The highest trump in it wins the trick; with "
                 "no trump in it, the highest card of the suit led (a card of another suit never wins).")


def _yes(text_yes: str, text_no: str) -> Callable[[Any, Any], str]:
    return lambda value, rules: text_yes if value else text_no


def _value(template: str) -> Callable[[Any, Any], str]:
    return lambda value, rules: template


def _choice(words: Mapping[Any, str]) -> Callable[[Any, Any], str]:
    return lambda value, rules: words[value]


_SIXTY_SIX = Teaching(
    intro="Two players, each on his own. A hand is won with 66 card points; a game with {target} game points.",
    sections=(
        ("What you need", (_PACK_POINTS,)),
        ("The aim", (
            "Win tricks with valuable cards, and show marriages, to be the first to **66 card points** in a hand. "
            "A hand won brings 1, 2 or 3 **game points**; the first player to {target} game points wins the game.",)),
        ("The deal", (
            "The dealer gives 3 cards to the other player and 3 to himself, turns the next card face up (its "
            "suit is **trumps**), then deals 3 more each. The rest is the **stock**, face down across the "
            "turned-up card.",)),
        ("The play", (
            _TRICK_WINNER + " The dealer's opponent leads to the first trick; its winner leads to the next.",
            "**While the stock is open** you may play any card: you need not follow suit or trump. After each "
            "trick the winner takes the top card of the stock, then the other player; the turned-up card is "
            "taken last.",
            "**Once the stock is used up or closed** you must follow suit and beat the card led if you can; "
            "with no card of that suit you must trump if you can.",
            "**The nine of trumps**: about to lead, once you have won a trick, you may swap it for the turned-up "
            "card while the stock (that card counted) has at least {exchange_min_stock} cards.",
            "**Closing**: about to lead, after the first trick, you may turn the trump card face down while the "
            "stock has at least {close_min_stock} cards. Nobody takes cards any more and the rules of a used-up "
            "stock apply. Close only when you expect to reach 66 with the cards you hold.")),
        ("Marriages", (
            "A king and queen of one suit in your hand are a **marriage**: 20 card points, 40 in trumps. Show it "
            "when you are about to lead (not on the first lead of a hand), then lead its king or queen; one "
            "marriage per lead. Marriages may be shown after the stock is used up or closed too.",)),
        ("Scoring a hand", (
            "The hand ends as soon as a player has 66 card points (tricks and marriages): that player wins it.",
            "The winner scores 1 game point; 2 if the other player has under 33 card points; 3 if the other "
            "player took no trick.",
            "If the stock ran out without a close, the last trick brings {last_trick_bonus} more card points. If "
            "nobody reaches 66, the winner of the last trick scores 1 game point.",
            "A player who closed and reaches 66 scores as usual. If he fails, the other player scores 2 game "
            "points, or 3 if he had taken no trick when the stock was closed and did not reach 66 himself.")),
        ("How the game ends", (
            "The first player to {target} game points wins the game. The winner of a hand deals the next one.",)),
    ),
    presets={"santase": "Santase", "russian": "Russian Mariage for two", "german": "German 66"},
    differences={
        "deal_order": _choice({"3-3-turn": "the trump card is turned after 6 cards each are dealt",
                               "3-turn-3": "the trump card is turned after the first 3 cards each"}),
        "next_dealer": _choice({"winner": "the winner of a hand deals the next", "loser": "the loser deals next",
                                "alternate": "the players take turns to deal"}),
        "must_head": _yes("after the stock you must beat the card led if you can",
                          "after the stock you must follow suit but need not beat the card led"),
        "must_trump": _yes("after the stock you must trump when you cannot follow suit",
                           "you need never trump"),
        "marriage_on_first_lead": _yes("a marriage may be shown on the first lead too (it counts once its owner "
                                       "wins a trick)", "no marriage on the first lead"),
        "marriages_after_stock": _yes("marriages may be shown after the stock too",
                                      "no marriages once the stock is used up or closed"),
        "nine_exchange": _yes("the nine of trumps may be swapped", "the nine of trumps is never swapped"),
        "exchange_needs_trick": _yes("the nine is swapped only after winning a trick",
                                     "the nine may be swapped before winning a trick"),
        "exchange_min_stock": _value("the nine may be swapped while the stock has at least {v} cards"),
        "close_min_stock": _value("the stock may be closed while it has at least {v} cards"),
        "close_on_first_lead": _yes("the stock may be closed before the first trick too",
                                    "the stock may not be closed before the first trick"),
        "close_before_draw": _yes("the winner of a trick may close the stock before taking a card",
                                  "the stock is closed only before a lead"),
        "exchange_on_close": _yes("when the stock is closed, the other player may at once swap the nine of "
                                  "trumps, even without a trick", "nobody swaps the nine when the stock is closed"),
        "last_trick_bonus": lambda v, r: ("the last trick brings no extra card points" if not v else
                                          f"the last trick brings {v} more card points"),
        "tie_rule": _choice({"last_trick": "if nobody reaches 66, the last trick's winner scores 1 game point",
                             "draw": "if nobody reaches 66 (65 to 65), the hand is a draw",
                             "draw_plus_next": "if nobody reaches 66 the hand is a draw, and the next hand's "
                                               "winner scores 1 more game point"}),
        "failed_close": _choice({"flat_three": "a player who closes and fails gives the other 3 game points",
                                 "two_or_three": "a player who closes and fails gives the other 2 or 3 game points"}),
        "closed_game_points": lambda v, r: ("a player who closes and reaches 66 scores as usual" if v is None else
                                            f"a player who closes and reaches 66 always scores {v} game points"),
        "close_count_rule": _choice({"at_close": "after a close, the 1, 2 or 3 game points depend on the other "
                                                 "player's cards when the stock was closed",
                                     "whole_hand": "after a close, the 1, 2 or 3 game points depend on the other "
                                                   "player's cards at the end"}),
        "going_out": lambda v, r: ("the hand ends by itself at 66" if v == "automatic" else
                                   "you must say “out” when you think you have 66; say it wrongly and the other "
                                   f"player scores {r.false_claim_points} game points"),
        "false_claim_points": _value("a wrong “out” gives the other player {v} game points"),
        "target": _value("the game is won with {v} game points"),
        "shutout_doubles_game": _yes("a game won while the loser has no game point counts double",
                                     "every game won counts once"),
    },
    written_for={"deal_order": "3-turn-3", "next_dealer": "winner", "must_head": True, "must_trump": True,
                 "marriage_on_first_lead": False, "marriages_after_stock": True, "nine_exchange": True,
                 "exchange_needs_trick": True, "close_on_first_lead": False, "close_before_draw": False,
                 "exchange_on_close": False, "tie_rule": "last_trick", "failed_close": "two_or_three",
                 "closed_game_points": None, "close_count_rule": "whole_hand", "going_out": "automatic",
                 "shutout_doubles_game": False},
    picture=_pack_24,
)

_RUSSIAN_501 = Teaching(
    intro="Three players; in each hand the highest bidder plays alone against the other two. With four at the "
          "table the dealer sits out each hand and his score stays as it is.",
    sections=(
        ("What you need", (_PACK_POINTS, "Paper to keep each player's score: everyone starts at {start_score}.")),
        ("The aim", (
            "Bring your score from {start_score} **down** to 0. In each hand the bidder must take at least the "
            "card points he bid; the other two lower their scores by the card points they take.",)),
        ("The deal", (
            "The dealer deals one card at a time, clockwise from his left. In each of the first three rounds one "
            "card goes face down to the **prikup**: everyone gets 7 cards, the prikup 3.",)),
        ("Bidding", (
            "The player on the dealer's left (**eldest**) speaks first, then clockwise: pass, or bid the card "
            "points (tricks and marriages) you will take. The lowest bid is {min_bid}, the highest {max_bid}; "
            "each bid is higher than the last. Once you pass you are out of the bidding. It ends when the other "
            "two have passed after a bid; if all three pass, the cards are thrown in and the next player deals.",
            "**Blind**: before looking at your cards you may bid blind. If a blind bid wins, the bidder's result "
            "(good or bad) counts double. Once you look, your later bids are not blind.",
            "The prikup is turned face up for all to see and the bidder takes it. He names trumps (a suit) or no "
            "trump and a **contract**: his final bid or more. Then he passes one card face down to each "
            "opponent: everyone holds 8.",
            "Instead, the bidder may **give up**: his score goes up by his bid (twice if blind), and each "
            "opponent's score goes down by {concession_credit}.")),
        ("The play", (
            _TRICK_WINNER + " Eldest leads to the first trick, whoever won the bidding; the winner of a trick "
            "leads to the next. Eight tricks; the last brings nothing extra.",
            "You must follow suit if you can. If you cannot, you must play a trump if you have one (it need not "
            "beat a trump already played); in no trump, any card. You never have to beat the card led.")),
        ("Marriages", (
            "Any player about to lead may show a **marriage** (K and Q of one suit in his hand): 40 card points "
            "in trumps, 20 in another suit, every one 20 in no trump. He then leads the K or Q; one marriage per "
            "lead. A marriage counts only if its owner takes at least one trick in the hand. Trumps never "
            "change.",)),
        ("Scoring a hand", (
            "Each player counts the card points of his tricks and of his marriages that count.",
            "**The bidder**: reached the contract, his score goes down by the contract; missed, it goes up by the "
            "contract. After a blind win, twice the contract.",
            "**Each opponent**: his score goes down by the card points he took.",
            "**{protect_threshold} or less**: an opponent whose score is {protect_threshold} or less at the "
            "start of the hand takes nothing off, for tricks or for a give-up; only making a contract as the "
            "bidder brings it down.")),
        ("How the game ends", (
            "The first player at 0 or below wins. If several get there in the same hand, a bidder who made his "
            "contract wins; otherwise the lowest score; if still equal, play on. The deal passes to the left.",)),
    ),
    presets={"pagat": "501", "literal": "Another reading", "fives": "Bids in fives"},
    differences={
        "pass_is_final": _yes("once you pass you are out of the bidding",
                              "a player who passed may bid again later; the bidding ends when a bid is followed "
                              "by two passes in a row"),
        "opponent_marriages_count": _yes("an opponent's marriages count for him too",
                                         "an opponent takes off only the card points of his tricks, not his "
                                         "marriages"),
        "bid_step": lambda v, r: (f"bids go up in steps of {v}: {r.min_bid}, {r.min_bid + v}, {r.min_bid + 2 * v} "
                                  f"and so on, and a contract is the final bid or more in steps of {v}"),
        "min_bid": _value("the lowest bid is {v}"),
        "max_bid": _value("the highest bid is {v}"),
        "blind_bids": _yes("you may bid blind", "there are no blind bids"),
        "concession_credit": _value("when the bidder gives up, each opponent counts {v}"),
        "protect_threshold": lambda v, r: ("there is no “100 or less” rule" if v is None else
                                           f"an opponent at {v} or less takes nothing off"),
        "opponent_can_win_by_tricks": _yes("an opponent may reach 0 with his tricks",
                                           "an opponent's tricks never take his score below 1"),
        "last_trick_bonus": lambda v, r: ("the last trick brings no extra card points" if not v else
                                          f"the last trick brings {v} more card points"),
        "must_head": _yes("when following suit you must beat the highest card of the suit if you can",
                          "you never have to beat the card led"),
        "must_overtrump": _yes("when you trump, you must beat a trump already played if you can",
                               "a trump need not beat a trump already played"),
        "start_score": _value("everyone starts at {v}"),
    },
    written_for={"pass_is_final": True, "opponent_marriages_count": True, "bid_step": 1, "blind_bids": True,
                 "opponent_can_win_by_tricks": True, "last_trick_bonus": 0, "must_head": False,
                 "must_overtrump": False},
    picture=_pack_24,
)

_NINETY_NINE = Teaching(
    intro="Three players, each on his own. You bid the exact number of tricks you will take by setting three "
          "of your cards aside.",
    sections=(
        ("What you need", (
            "36 cards, A K Q J 10 9 8 7 6 in every suit (ace high), and one joker (or the 2 of clubs in its place): "
            "37 cards. The cards have no points: only tricks count.",)),
        ("The aim", (
            "Take **exactly** as many tricks as you bid. Every trick scores 1 point, and making your bid exactly "
            "scores a bonus. The game ends when someone reaches {target}.",)),
        ("The deal", (
            "12 cards each, dealt in batches of {deal_packet}, starting on the dealer's left. The last card is "
            "turned face up: its suit is **trumps**. A turned-up joker or nine means no trumps.",
            "The **joker** in your hand counts exactly as the turned-up card: the same suit and rank, when you "
            "play it and as a bid card.")),
        ("Bidding", (
            "Everyone sets three **bid cards** aside, face down, at the same time. Your bid is the sum of their "
            "suit numbers: ♦ 0, ♠ 1, ♥ 2, ♣ 3 (0 to 9 tricks); their ranks do not matter. To remember: a diamond "
            "looks like a 0, a spade has one point, a heart two bumps, a club three leaves.",
            "Example: bid cards 8♦, K♠ and A♣ bid 0 + 1 + 3 = 4 tricks. You play the other 9 cards.")),
        ("The play", (
            _TRICK_WINNER + " The player on the dealer's left leads to the first trick; the winner of a trick "
            "leads to the next. Nine tricks.",
            "You must follow suit if you can; if you cannot, play any card (you need not trump). There are no "
            "marriages in Ninety-Nine.")),
        ("Scoring a deal", (
            "Everyone scores 1 point for each trick he took.",
            "Who took exactly his bid shows his bid cards and scores a bonus: {bonus_one} if he is the only one, "
            "{bonus_two} each if two made it, {bonus_three} each if all three did. Example: you bid 4, take 4 and "
            "are the only one: 4 + {bonus_one} = {example} points.")),
        ("How the game ends", (
            "The game ends after the deal in which someone reaches {target} or more: the highest total wins. If "
            "the highest totals are equal, play another deal. The deal passes to the left.",)),
    ),
    presets={"classic": "Ninety-Nine with the joker", "revised": "Parlett's revised rules"},
    differences={
        "mode": _choice({"revised": "36 cards, no joker and no turned-up card: the first deal is played without "
                                    "trumps, then the number of players who made their bid in the last deal sets "
                                    "trumps (all three: ♣, two: ♥, one: ♠, none: ♦); the first to win "
                                    "{rubber_games} games wins a rubber",
                         "classic": "37 cards with the joker; the turned-up card sets trumps"}),
        "premiums": _yes("after bidding, one player may **declare** (bid cards face up: {declare_premium} more if "
                         "he makes it) or **reveal** (his whole hand face up too: {reveal_premium} more); if he "
                         "fails, each opponent scores it instead", "no one declares or reveals a bid"),
        "target": _value("the game ends at {v}"),
        "game_bonus": _value("the winner of a game, and anyone else who reached {target}, adds {v}"),
        "wild_card": _choice({"club-two": "the 2 of clubs takes the joker's place", "joker": "the joker is used"}),
        "nine_turnup_no_trump": _yes("a turned-up nine means no trumps", "a turned-up nine makes its suit trumps"),
        "first_deal_trump": _choice({"diamonds": "the first deal of a game is played with ♦ trumps",
                                     "none": "the first deal of a game is played without trumps"}),
        "deal_packet": lambda v, r: ("the cards are dealt one at a time" if v == 1 else
                                     f"the cards are dealt {v} at a time"),
        "success_bonus": lambda v, r: f"the bonus for making your bid is {v[0]}, {v[1]} or {v[2]}",
    },
    written_for={"mode": "classic", "wild_card": "joker", "nine_turnup_no_trump": True, "deal_packet": 3,
                 "premiums": False, "game_bonus": 0},
    picture=_pack_99,
    extra=lambda r: {"bonus_one": r.success_bonus[0], "bonus_two": r.success_bonus[1],
                     "bonus_three": r.success_bonus[2], "example": 4 + r.success_bonus[0]},
)

_MARIAGE_3 = Teaching(
    intro="Three players, each on his own. All the cards are dealt: there is no stock.",
    sections=(
        ("What you need", (_PACK_POINTS,)),
        ("The aim", (
            "Be the first to **66 card points** in a hand, with tricks and marriages. Each opponent then pays you "
            "1, 2 or 3 **game points**; the first player to receive {target} game points wins the game.",)),
        ("The deal", (
            "The dealer deals 8 cards each, clockwise from his left, in packets of 3, 2 and 3. He shows his last "
            "card to everyone: its suit is **trumps**. The card stays in his hand.",)),
        ("The play", (
            _TRICK_WINNER + " The player on the dealer's left leads to the first trick; the winner of a trick "
            "leads to the next.",
            "From the first trick you must follow suit; if you cannot, you must play a trump if you have one. "
            "You never have to beat the cards already played.")),
        ("Marriages", (
            "About to lead, even on the very first lead, you may show a **marriage** (K and Q of one suit in your "
            "hand): 40 card points in trumps, 20 otherwise. Then lead its K or Q; one marriage per lead. Its "
            "points count once you have won a trick.",)),
        ("Scoring a hand", (
            "The hand ends as soon as a player has 66 card points: he wins it, and each opponent pays him 1 game "
            "point if the opponent has 33 card points or more, 2 if fewer but he took a trick, 3 if he took no "
            "trick.",
            "If nobody reaches 66, the winner of the last trick wins the hand and each opponent pays him 1.",
            "Example: Ana reaches 66. Boris has 40 card points and pays her 1 game point; Vera took one trick "
            "worth 14 and pays her 2.")),
        ("How the game ends", (
            "Write down the game points each player receives: the first to receive {target} wins the game. The "
            "deal passes to the left.",)),
    ),
    presets={"russian": "Russian Mariage for three", "pagat": "Three-handed German 66"},
    differences={
        "trump_rule": _choice({"eldest_chooses": "the player on the dealer's left may name trumps after seeing "
                                                 "his first 3 cards; if he does not, the first card of his next "
                                                 "packet is turned face up and sets trumps",
                               "dealer_last": "the dealer's last card sets trumps"}),
        "must_head": _yes("when following suit you must beat the highest card of that suit in the trick if you can",
                          "you never have to beat the cards already played"),
        "must_trump": _yes("if you cannot follow suit you must trump", "if you cannot follow suit, play any card"),
        "must_overtrump": _yes("trumping a trick already trumped, you must play a higher trump if you can",
                               "a trump need not beat a trump already played"),
        "marriages": _yes("marriages may be shown", "there are no marriages"),
        "marriage_on_first_lead": _yes("a marriage may be shown on the first lead",
                                       "no marriage on the first lead"),
        "going_out": _choice({"play_out": "the hand never stops at 66: all eight tricks are played",
                              "automatic": "the hand ends as soon as a player has 66"}),
        "cards_out_rule": _choice({"most_points": "when the cards run out, the player with the most card points "
                                                  "wins the hand",
                                   "last_trick": "when the cards run out, the winner of the last trick wins"}),
        "cards_out_payment": _choice({"scale": "each opponent pays 1, 2 or 3 as usual even then",
                                      "one": "when the cards run out, each opponent pays 1"}),
        "next_dealer": _choice({"winner": "the winner of a hand deals the next", "left": "the deal passes left"}),
        "game_count": _choice({"net": "the score counts what you received minus what you paid",
                               "received": "the score counts what you received"}),
        "target": _value("the game is won with {v} game points"),
    },
    written_for={"trump_rule": "dealer_last", "must_head": False, "must_trump": True, "must_overtrump": False,
                 "marriages": True, "marriage_on_first_lead": True, "going_out": "automatic",
                 "cards_out_rule": "last_trick", "cards_out_payment": "one", "next_dealer": "left",
                 "game_count": "received"},
    picture=_pack_24,
)

_MARIAGE_4 = Teaching(
    intro="Four players in two pairs; partners sit opposite each other. All the cards are dealt, 6 each: there "
          "is no stock.",
    sections=(
        ("What you need", (
            _PACK_POINTS,
            "Each pair keeps its score on an **eight**: an eight card half covered by another card.")),
        ("The aim", (
            "Your pair wants **66 card points** in a hand (partners' tricks and marriages count together). For "
            "every game point won, uncover one pip on your eight; a full eight ({pips} pips) is an eight won, and "
            "extra points go on to the next. The first pair to win {eights_to_win} eights wins the game.",)),
        ("Cut and deal", (
            "The player on the dealer's right cuts. If a nine is then at the bottom, it is shown and he cuts "
            "again; a nine {nine_cuts} times running gives the dealing pair {nine_cut_points} game point and the "
            "deal passes on.",
            "The dealer deals 3 cards each, starting on his left. That player (**eldest**) names trumps from them, "
            "or says no. Then 3 more cards each; if eldest said no, his last card is turned face up and sets "
            "trumps.")),
        ("Before play", (
            "In turn from eldest, each player passes or calls. **Redeal**, before any other call (the same dealer "
            "deals again): fewer than {redeal_points_below} card points in your hand; all four nines; or your "
            "pair has no trump, one trump, or just the 9 and J of trumps in different hands (ask your partner).",
            "**Three nines**: lay three nines face up. Each opponent puts a card of one of those suits on top or "
            "at the bottom of his pile, saying which. You take back two nines: if a placed card has the suit of "
            "the one left, the opponents score {nines_points} game points, otherwise your pair does. Then the "
            "calls go on.",
            "**A contract**, higher than any already called: five, six, fur coat, suit. You lead, your partner "
            "puts his cards away, trumps have no power, all follow suit, and you must win every trick. **Five**: "
            "you and each opponent first set one card aside; worth 5 game points. **Six**: worth 6. **Fur coat**: "
            "the winners take the whole eight and lay a fur coat on the losers' eight; **suit**: a coat and a "
            "lining under it. If an opponent takes a trick, the opponents score it instead. For five, fur coat and "
            "suit you must hold a card they could beat.")),
        ("The play", (
            _TRICK_WINNER + " Eldest leads to the first trick; the winner of a trick leads to the next. You must "
            "follow suit; if you cannot, you must trump if you can.",)),
        ("Marriages", (
            "About to lead, even on the first lead, you may show a **marriage** (K and Q of one suit in your "
            "hand): 40 card points in trumps, 20 otherwise; then lead its K or Q. It counts once your pair has a "
            "trick. If it brings your pair to 66 you may show it without leading; if you are wrong the hand "
            "ends and the opponents score {false_claim_points} game point.",)),
        ("Scoring a hand", (
            "A pair reaching 66 stops the play and scores 3 game points if the opponents took no trick, 2 if they "
            "have under 33, else 1. If no pair reaches 66, the pair that took the last trick scores "
            "{last_trick_points} game point.",)),
        ("How the game ends", (
            "The first pair to win {eights_to_win} eights wins the game. The deal passes clockwise.",)),
    ),
    presets={"russian": "Russian Mariage for four", "literal": "A more literal reading of the old rules"},
    differences={
        "scoring": _choice({"literal": "a pair reaching 66 scores 3 if the opponents took no trick, otherwise 1",
                            "1-2-3": "a pair reaching 66 scores 1, 2 or 3"}),
        "turned_card": _choice({"third": "if eldest does not name trumps, his 3rd card is turned",
                                "sixth": "if eldest does not name trumps, his 6th card is turned"}),
        "false_claim": _choice({"play_on": "after a wrong marriage claim the opponents score, but the marriage is "
                                           "led and play goes on",
                                "ends_hand": "a wrong marriage claim ends the hand"}),
        "coat_rule": _choice({"six_points": "a won fur coat or suit is worth 6 game points besides its mark",
                              "win_eight": "a won fur coat or suit wins the whole eight"}),
        "carry_over": _choice({"six_only": "points beyond a full eight go on to the next only after six",
                               "never": "points beyond a full eight are lost",
                               "always": "points beyond a full eight go on to the next"}),
        "marriage_needs_trick": _yes("a marriage counts once the pair has a trick",
                                     "a marriage counts at once, even before a trick"),
        "contract_after_nines": _choice({"not_declarer": "after three nines, only the other players may call a "
                                                         "contract", "anyone": "anyone may call a contract"}),
        "overcall": _choice({"other_pair": "only the other pair may call a higher contract",
                             "anyone": "anyone may call a higher contract"}),
        "cutter": _choice({"left": "the player on the dealer's left cuts", "right": "the dealer's right cuts"}),
        "nine_cut_rule": _yes("a nine at the bottom means cutting again", "a nine at the bottom does not matter"),
        "redeal_dealer": _choice({"next": "after a redeal the next player deals", "same": "the same dealer deals"}),
        "three_nines": _yes("three nines may be called", "there is no three nines call"),
        "nines_from_partner": _yes("with two nines you may ask your partner for the third", "no asking for nines"),
        "five_aside": _choice({"last": "in five, the declarer sets aside his 6th card",
                               "choose": "in five, the declarer chooses the card to set aside"}),
        "opponents_set_aside": _yes("in five the opponents set a card aside too", "in five the opponents keep 6"),
        "beatable_rule": _yes("contracts need a card the opponents could beat", "any hand may call a contract"),
        "contract_trumps": _yes("trumps keep their power in contracts", "trumps have no power in contracts"),
        "must_head": _yes("following suit, you must beat the highest card of the suit if you can",
                          "you never have to beat the card led"),
        "marriage_on_first_lead": _yes("marriages on the first lead too", "no marriage on the first lead"),
        "partner_can_meld": _yes("the leader may show his partner's marriage", "only your own marriage"),
        "no_66": _choice({"nobody": "if no pair reaches 66, nobody scores",
                          "last_trick": "if no pair reaches 66, the last trick scores"}),
        "eights_to_win": _value("the first pair to win {v} eights wins"),
    },
    written_for={"cutter": "right", "nine_cut_rule": True, "nine_cut_award": "dealers", "turned_card": "sixth",
                 "redeal_nines": True, "redeal_trumps": True, "redeal_dealer": "same", "three_nines": True,
                 "nines_from_partner": False, "contract_after_nines": "anyone",
                 "contracts": ("five", "six", "coat", "suit"), "five_aside": "choose", "opponents_set_aside": True,
                 "overcall": "anyone", "beatable_rule": True, "contract_trumps": False, "coat_rule": "win_eight",
                 "must_head": False, "marriage_on_first_lead": True, "marriage_needs_trick": True,
                 "partner_can_meld": False, "false_claim": "ends_hand", "scoring": "1-2-3", "no_66": "last_trick",
                 "carry_over": "always"},
    picture=_pack_24,
)

#: The teaching content of every built-in variant, by the registry's variant name.
TEACHING: dict[str, Teaching] = {
    "sixty-six": _SIXTY_SIX,
    "russian-501": _RUSSIAN_501,
    "ninety-nine": _NINETY_NINE,
    "mariage-3": _MARIAGE_3,
    "mariage-4": _MARIAGE_4,
}


# ---------------------------------------------------------------------------------------------
# The page

#: Screen and print alike: one A4 page, two columns of 10 pt type under the picture. Every font
#: size is an absolute size of 10 pt or more (tests/test_handout.py reads them).
_CSS = """
@page { size: A4; margin: 9mm 10mm; }
html { font-size: 10pt; }
body { font-family: "DejaVu Sans", system-ui, sans-serif; font-size: 10pt; line-height: 1.25; color: #1a1a1a;
  margin: 1em auto; max-width: 190mm; padding: 0 4mm; }
h1 { font-size: 15pt; margin: 0; }
.handout-intro { font-size: 10pt; margin: 0.15em 0 0.3em; color: #333; }
figure.handout-pack { margin: 0 0 0.3em; }
.handout-row { display: flex; flex-wrap: wrap; gap: 0 5mm; align-items: flex-start; }
.handout-group { margin: 0 0 0.2em; width: min-content; }
.handout-cards { display: flex; gap: 3px; }
.handout-card { display: flex; flex-direction: column; align-items: center; }
.handout-card svg { display: block; }
.handout-card-label { font-size: 11pt; font-weight: bold; line-height: 1.2; min-height: 1.2em; }
figcaption { font-size: 10pt; }
.handout-eight { width: 110px; }
.handout-eight svg { display: block; margin-bottom: -22px; }
.handout-body { column-count: 2; column-gap: 6mm; }
h2 { font-size: 11pt; margin: 0.35em 0 0.1em; color: #1d4e3a; break-after: avoid; }
h2:first-child { margin-top: 0; }
.handout-body ul { margin: 0; padding-left: 1.05em; }
.handout-body li { margin: 0 0 0.12em; }
.handout-differently { break-inside: avoid; border-top: 1px solid #999; margin-top: 0.3em; }
.handout-differently p { margin: 0.1em 0; font-size: 10pt; }
@media print { body { margin: 0; max-width: none; padding: 0; } }
"""


class _Facts(dict):
    """Facts a text may name; a name it lacks is a mistake in the teaching text, said as one."""

    def __missing__(self, key):
        raise KeyError(f"the handout text names {{{key}}}, which is no fact of the rule set")


def _facts(rules) -> _Facts:
    facts = _Facts({f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)})
    return facts


def _text_html(text: str, facts: Mapping[str, Any] | None = None) -> str:
    """``text`` with its ``{fact}`` names filled in (unless ``facts`` is None), escaped,
    ``**words**`` in bold."""
    html = escape(text if facts is None else text.format_map(facts), quote=False)
    return re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", html)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def differences_in_words(variant: str) -> list[tuple[str, list[str]]]:
    """How each other preset of ``variant`` differs from the default, in plain words:
    ``[(preset's plain name, [difference, …]), …]`` in the order of the variant's presets, each
    difference a phrase without a full stop. A preset that differs in nothing is left out.

    Raises ``KeyError`` for an unknown variant (as :func:`cardlab.variants.get`) and
    ``ValueError`` if the variant has no handout text or the text has no words for an option in
    which a preset differs (or for a preset)."""
    from .. import variants

    v = variants.get(variant)
    teach = _teaching(v)
    default = v.default_rules
    out = []
    for key, rules in list(v.presets.items())[1:]:
        phrases = []
        for f in dataclasses.fields(rules):
            value = getattr(rules, f.name)
            if f.name == "name" or value == getattr(default, f.name):
                continue
            words = teach.differences.get(f.name)
            if words is None:
                raise ValueError(f"the handout of {v.title} has no plain words for how the preset {key!r} "
                                 f"differs in {f.name!r}")
            facts = _facts(rules)
            facts["v"] = value
            phrases.append(words(value, rules).format_map(facts))
        if phrases:
            if key not in teach.presets:
                raise ValueError(f"the handout of {v.title} has no plain name for the preset {key!r}")
            out.append((teach.presets[key], phrases))
    return out


def _teaching(v) -> Teaching:
    teach = TEACHING.get(v.name)
    if teach is None:
        raise ValueError(f"no student handout is written for {v.title}; add its Teaching to "
                         f"cardlab.render.handout.TEACHING")
    return teach


def handout_html(variant: str) -> str:
    """The student handout of ``variant`` (a registered name) as one self-contained HTML page
    (``<!DOCTYPE html>…``, inline CSS and SVG, no script, nothing loaded from elsewhere) that prints
    on one A4 page with all text at 10 pt or more.

    The page: the variant's title and who plays; a picture of the cards (one suit drawn with
    :func:`~cardlab.render.cards.card_svg` at size ``"lg"``, each card with its card points, or in
    Ninety-Nine the ranks and the bid-card values; a marriage; four-player Mariage's eight); then,
    in two columns, the rules of the variant's default preset in plain words (what you need, the
    aim, the deal, the play, marriages, scoring, how the game ends) with its numbers read from that
    rule set; and "your teacher may play it differently", naming each other preset's differences
    (:func:`differences_in_words`). No option name, rule id or source key appears.

    Raises
    ------
    KeyError
        For an unknown variant (from :func:`cardlab.variants.get`, listing the known ones).
    ValueError
        For a registered variant that has no handout text in :data:`TEACHING`, or whose text
        lacks words for a preset's difference (:func:`differences_in_words`).
    """
    from .. import variants

    v = variants.get(variant)
    teach = _teaching(v)
    module = importlib.import_module(v.module)
    rules = v.default_rules
    facts = _facts(rules)
    facts.update(teach.extra(rules))
    sections = "".join(
        f"<h2>{escape(head)}</h2><ul>" + "".join(f"<li>{_text_html(t, facts)}</li>" for t in points) + "</ul>"
        for head, points in teach.sections)
    diffs = differences_in_words(variant)
    differently = ""
    if diffs:
        differently = ('<div class="handout-differently"><h2>Your teacher may play it differently</h2>'
                       + "".join(f"<p><b>{escape(name)}:</b> "
                                 + _text_html(_sentence("; ".join(phrases)) + ".") + "</p>"
                                 for name, phrases in diffs) + "</div>")
    title = escape(v.title)
    default_name = escape(next(iter(teach.presets.values())))
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f"<title>{title}: the rules for students</title><style>{_CSS}</style></head>"
            f'<body class="cardlab-handout" data-variant="{escape(v.name)}"><h1>{title}</h1>'
            f'<p class="handout-intro">{_text_html(teach.intro, facts)} These are the rules of '
            f"<b>{default_name}</b>.</p>"
            f"{teach.picture(module, rules)}"
            f'<div class="handout-body">{sections}{differently}</div></body></html>')


def save_handout(variant: str, path) -> Path:
    """Write :func:`handout_html` of ``variant`` to ``path`` (UTF-8) and return it as a Path.
    Raises as :func:`handout_html` does, and ``OSError`` if the file cannot be written."""
    p = Path(path)
    p.write_text(handout_html(variant), encoding="utf-8")
    return p
