"""Ninety-Nine widgets: the bid-card explorer.

:class:`BidCardExplorer` shows one player's twelve cards as toggle buttons. Pick any three and it
shows the bid they make (♦ 0, ♠ 1, ♥ 2, ♣ 3 tricks each [E2]), the nine cards left to
play with the rule-based player's count of the tricks they may take, and, for the whole hand,
every way of making each bid 0–9, grouped by suit pattern with the arithmetic of the count
(e.g. ``♦ ♠ ♣: 4 × 2 × 3 = 24 ways``). The joker (or ♣2) counts as the turn-up card
[E2, DP99].

Conventions as in :mod:`cardlab.widgets.base`: only ``HTML.value`` / ``Label.value`` change (no
Output widgets, no clear_output); every part has a ``cardlab-…`` CSS class for browser tests;
a user's mistake (a fourth card) is shown as a message, never a traceback; every callback is
wrapped by :func:`cardlab.widgets.base.guarded`, so none raises (a bug is kept in ``.errors``).

CSS classes: ``cardlab-bidcards`` (the whole explorer), ``cardlab-bidcards-seat`` (whose hand),
``cardlab-bidcard`` (each card toggle; also ``cardlab-bidcard-<ASCII>``, e.g.
``cardlab-bidcard-10S``, ``cardlab-bidcard-Jo``), ``cardlab-bidcards-clear``,
``cardlab-bidcards-suggest``, ``cardlab-bid-value`` (the bid picked), ``cardlab-kept`` (the nine
cards left), ``cardlab-ways`` (the table of every way), ``cardlab-message``.

A picked card (a toggle that is on, ``mod-active``) is drawn on :data:`PICKED_BACKGROUND` with a
dark border: red cards (#c62828) read at 5.1:1 on it and black ones (#1b1b1b) at 15.6:1, both
above WCAG AA's 4.5:1 (JupyterLab's own grey for an active toggle, #bdbdbd, gives red 3.0:1).
"""

from __future__ import annotations

from collections import Counter
from html import escape
from math import comb
from typing import Any, Sequence

import ipywidgets as w

from .. import render
from ..cards import Card, Suit, format_cards, parse_card, parse_cards
from ..errors import CardlabError
from ..ninetynine import BID_VALUE, CLASSIC, RANKS_99, NinetyNineRules, NinetyNineState, deal_from_hands
from ..players.ninetynine import NinetyNinePlayer, estimate_tricks
from .base import StaticFallback, button, guarded, html_pane

__all__ = ["BidCardExplorer", "ways_table_html"]

_SUIT_ORDER = sorted(Suit, key=lambda s: BID_VALUE[s])  # ♦ ♠ ♥ ♣, by bid value


def _deal_state(source: Any) -> NinetyNineState:
    if isinstance(source, NinetyNineState):
        return source.history()[0]
    if callable(getattr(source, "replay", None)):
        finals = source.replay()
        if finals and isinstance(finals[0], NinetyNineState):
            return finals[0].history()[0]
    raise TypeError(f"a BidCardExplorer needs a Ninety-Nine state or record, not {type(source).__name__} "
                    f"(or use BidCardExplorer.from_hand)")


def _patterns(hand: Sequence[Card], eff) -> dict[int, list[tuple[tuple[Suit, ...], int, str, list]]]:
    """For each bid, the suit patterns making it: (suits, ways, arithmetic, combos)."""
    by_suit = Counter(eff(c).suit for c in hand)
    out: dict[int, list] = {b: [] for b in range(10)}
    groups: dict[tuple, list] = {}
    for b, combos in _all_ways(hand, eff).items():
        for combo in combos:
            key = tuple(sorted((eff(c).suit for c in combo), key=lambda s: BID_VALUE[s]))
            groups.setdefault((b, key), []).append(combo)
    for (b, suits), combos in sorted(groups.items(), key=lambda kv: (kv[0][0], [BID_VALUE[s] for s in kv[0][1]])):
        need = Counter(suits)
        factors = [(comb(by_suit[s], k), by_suit[s], k) for s, k in sorted(need.items(), key=lambda x: BID_VALUE[x[0]])]
        terms = [str(n) if k == 1 else f"C({n},{k})" for _, n, k in factors]
        total = 1
        for f, _, _ in factors:
            total *= f
        arith = " × ".join(terms) + (f" = {total}" if len(terms) > 1 or "C(" in terms[0] else "")
        out[b].append((suits, total, arith, combos))
    return out


def _all_ways(hand, eff) -> dict[int, list[tuple[Card, ...]]]:
    from itertools import combinations

    out: dict[int, list] = {b: [] for b in range(10)}
    def key(c):
        return (BID_VALUE[eff(c).suit], RANKS_99.index(eff(c).rank))

    for combo in combinations(sorted(hand, key=key), 3):
        out[sum(BID_VALUE[eff(c).suit] for c in combo)].append(combo)
    return out


def ways_table_html(hand: Sequence[Card], eff=lambda c: c, highlight: int | None = None) -> str:
    """Every way of making each bid 0–9 from ``hand`` as an HTML table
    (``<table class="cardlab-ways">``): per bid the number of ways and each suit pattern with its
    count worked out (``C(n,k)`` is the number of ways to choose k of n cards), the choices
    themselves in a ``<details>`` list. ``eff`` maps a card to the card it counts as (the joker
    to the turn-up); ``highlight`` marks one bid's row (class ``cardlab-current``)."""
    pats = _patterns(hand, eff)
    rows = []
    for b in range(10):
        items = pats[b]
        n = sum(t for _, t, _, _ in items)
        cells = []
        for suits, total, arith, combos in items:
            label = " ".join(s.symbol for s in suits)
            chips = " · ".join("".join(render.card_chip(c) for c in combo) for combo in combos)
            cells.append(f'<details><summary>{escape(label)}: {escape(arith)} way{"s" if total != 1 else ""}'
                         f'</summary>{chips}</details>')
        body = "".join(cells) if cells else "—"
        cls = ' class="cardlab-current"' if highlight == b else ""
        rows.append(f'<tr data-bid="{b}"{cls}><td><b>{b}</b></td><td>{n}</td><td>{body}</td></tr>')
    total = sum(t for b in range(10) for _, t, _, _ in pats[b])
    return (f'<table class="cardlab-ways"><thead><tr><th>bid</th><th>ways</th><th>suit patterns (♦ 0, ♠ 1, '
            f'♥ 2, ♣ 3)</th></tr></thead><tbody>{"".join(rows)}</tbody><tfoot><tr><td>all</td><td>{total}</td>'
            f'<td>C({len(hand)},3) = {comb(len(hand), 3)}</td></tr></tfoot></table>')


#: The background of a picked bid card (light amber): text of :data:`RED_TEXT` 5.1:1, of #1b1b1b 15.6:1.
PICKED_BACKGROUND = "#fff4cc"
#: The text colour of a red card's button.
RED_TEXT = "#c62828"

_CSS = """
<style>
.cardlab-bidcards .cardlab-bidcard.mod-active{background-color:#fff4cc;color:#1b1b1b;
 outline:2px solid #1b1b1b;outline-offset:-2px}
.cardlab-bidcards .cardlab-bid-value-text{font-size:15px;font-weight:700;padding:4px 0}
.cardlab-bidcards table.cardlab-ways{border-collapse:collapse;font-size:12px;margin-top:4px}
.cardlab-bidcards table.cardlab-ways td,.cardlab-bidcards table.cardlab-ways th{padding:2px 8px;
 border-bottom:1px solid #d5dbd7;text-align:left;vertical-align:top}
.cardlab-bidcards table.cardlab-ways tr.cardlab-current{background:#ffe08a}
.cardlab-bidcards details summary{cursor:pointer}
.cardlab-bidcards .cardlab-kept-cards{display:flex;flex-wrap:wrap;gap:3px}
</style>
""".strip()


class BidCardExplorer(StaticFallback, w.VBox):
    """Pick three cards of a Ninety-Nine hand and see the bid they make.

    Parameters
    ----------
    source : NinetyNineState or record
        A deal (any state of it, or a record whose first deal is used); the hands are the twelve
        cards dealt.
    seat : int or None
        Whose hand is shown first (default: eldest, who bids first).

    Raises
    ------
    TypeError
        If ``source`` is not a Ninety-Nine state or record.
    ValueError
        If ``seat`` is not 0, 1 or 2.

    Attributes
    ----------
    deal : NinetyNineState
        The deal (before any bid).
    seat_picker : ipywidgets.ToggleButtons
        Class ``cardlab-bidcards-seat``.
    card_buttons : tuple of ipywidgets.ToggleButton
        One per card, sorted by bid value then rank; classes ``cardlab-bidcard`` and
        ``cardlab-bidcard-<ASCII>``; ``button.card`` is the card.
    clear_button, suggest_button : ipywidgets.Button
        ``cardlab-bidcards-clear`` (unselect all), ``cardlab-bidcards-suggest`` (select the
        rule-based player's choice).
    bid_html : ipywidgets.HTML
        The bid made by the cards picked (class ``cardlab-bid-value``).
    kept_html : ipywidgets.HTML
        The nine cards left and the player's count of their tricks (class ``cardlab-kept``).
    ways_html : ipywidgets.HTML
        Every way of making each bid from this hand (class ``cardlab-ways``).
    message : ipywidgets.HTML
        Why a click was refused (class ``cardlab-message``).
    errors : list of str
        Exceptions a callback met that were not a person's mistake (a bug), as ``"Type:
        message"``; the tests click everything and check it stays empty.
    """

    def __init__(self, source: Any, seat: int | None = None):
        self.deal = _deal_state(source)
        if seat is None:
            seat = self.deal.eldest
        if seat not in (0, 1, 2) or isinstance(seat, bool):
            raise ValueError(f"seat must be 0, 1 or 2, not {seat!r}")
        names = self.deal.names
        self.seat_picker = w.ToggleButtons(options=[(f"{n}'s hand", i) for i, n in enumerate(names)], value=seat,
                                           style={"button_width": "auto"})
        self.seat_picker.add_class("cardlab-bidcards-seat")
        self.errors: list[str] = []
        self.info = html_pane("cardlab-bidcards-info")
        self.cards_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.cards_box.add_class("cardlab-bidcards-hand")
        self.clear_button = button("Clear", "cardlab-bidcards-clear")
        self.suggest_button = button("Computer's choice", "cardlab-bidcards-suggest",
                                     "Select the three cards the rule-based player lays aside")
        self.bid_html = html_pane("cardlab-bid-value")
        self.message = html_pane("cardlab-message")
        self.kept_html = html_pane("cardlab-kept")
        self.ways_html = html_pane("cardlab-ways")
        self.card_buttons: tuple = ()
        self._syncing = False
        self.clear_button.on_click(self._guard(lambda _b: self.select([])))
        self.suggest_button.on_click(self._guard(lambda _b: self.suggest()))
        self.seat_picker.observe(self._guard(lambda _c: self._new_hand()), names="value")
        self._on_toggle_guarded = self._guard(self._on_toggle)
        style = w.HTML(_CSS)
        super().__init__(children=[style, self.seat_picker, self.info, self.cards_box,
                                   w.HBox([self.clear_button, self.suggest_button]), self.bid_html, self.message,
                                   self.kept_html, self.ways_html])
        self.add_class("cardlab-bidcards")
        self._new_hand()

    @classmethod
    def from_hand(cls, hand: str | Sequence, turnup: str | Card | None = None, rules: NinetyNineRules = CLASSIC,
                  names: Sequence[str] = ("Player", "Left", "Right")) -> "BidCardExplorer":
        """An explorer for one hand of 12 cards typed in (``"A♠ K♠ …"``) with the classic turn-up
        (or none under revised rules: then no trump); the other two hands are made of the
        remaining cards. Raises :class:`~cardlab.errors.DealError` (a ``ValueError``) for a hand
        or turn-up that is not part of the pack."""
        from ..ninetynine import PACK_36, DealError

        cards = parse_cards(hand) if isinstance(hand, str) else tuple(map(parse_card, hand))
        t = parse_card(turnup) if turnup is not None else None
        pack = list(PACK_36) + ([rules.wild] if rules.wild is not None else [])
        if len(set(cards)) != 12:
            raise DealError(f"give 12 different cards, not {len(cards)}")
        rest = [c for c in pack if c not in cards and c != t]
        if len(rest) != 24:
            raise DealError("the hand and turn-up must be cards of the pack, each once [rule 99.pack]")
        st = deal_from_hands([cards, rest[:12], rest[12:]], t, rules=rules, dealer=2, names=names)
        return cls(st, seat=0)

    # -- public API ---------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        return self.seat_picker.value

    @property
    def hand(self) -> tuple:
        """The twelve cards of the hand shown."""
        return self.deal.hands[self.seat]

    @property
    def selected(self) -> tuple:
        """The cards picked (0 to 3), in hand order."""
        return tuple(b.card for b in self.card_buttons if b.value)

    @property
    def bid(self) -> int | None:
        """The bid made by the three cards picked, or ``None`` unless exactly three are picked."""
        sel = self.selected
        return self.deal.bid_of(sel) if len(sel) == 3 else None

    def select(self, cards: Sequence | str) -> bool:
        """Pick exactly these cards (text or cards, at most three, all in the hand). Returns
        ``True`` if done; otherwise shows why in :attr:`message` and changes nothing."""
        try:
            cs = parse_cards(cards) if isinstance(cards, str) else tuple(map(parse_card, cards))
        except CardlabError as exc:
            self._say(str(exc))
            return False
        if len(cs) > 3:
            self._say(f"Lay aside three cards only, not {len(cs)}. [rule 99.bid]")
            return False
        missing = [c for c in cs if c not in self.hand]
        if missing:
            self._say(f"{self.deal.names[self.seat]} does not hold {format_cards(missing)}.")
            return False
        self._syncing = True
        try:
            for b in self.card_buttons:
                b.value = b.card in cs
        finally:
            self._syncing = False
        self._say("")
        self._refresh()
        return True

    def suggest(self) -> None:
        """Pick the three cards the rule-based player would lay aside from this hand."""
        action, _est, _why = NinetyNinePlayer(0).choose_bid(self._bid_view())
        self.select(action.value)

    def __repr__(self) -> str:
        sel = self.selected
        return (f"BidCardExplorer({self.deal.names[self.seat]}'s hand, picked {format_cards(sel) or 'nothing'}"
                f"{f', bid {self.bid}' if self.bid is not None else ''})")

    # -- internals ----------------------------------------------------------------------------
    def _bid_view(self):
        """The seat's view at the moment it bids (its twelve cards), for the rule-based player."""
        s = self.deal
        while s.to_act != self.seat:
            s = s.apply(s.legal_actions()[0])  # the others' bids are hidden: they do not change the view
        return s.view(self.seat)

    def _guard(self, fn):
        """``fn`` as a callback that never raises (:func:`cardlab.widgets.base.guarded`)."""
        return guarded(fn, self._say, self.errors, "the selection")

    def _say(self, text: str) -> None:
        self.message.value = ("" if not text else
                              f'<div class="cardlab-message-text cardlab-error">{escape(text, quote=False)}</div>')

    def _new_hand(self) -> None:
        old = self.card_buttons
        eff = self.deal.effective
        cards = sorted(self.hand, key=lambda c: (BID_VALUE[eff(c).suit], RANKS_99.index(eff(c).rank)))
        buttons = []
        for c in cards:
            b = w.ToggleButton(value=False, description=str(c), tooltip=f"{render.card_name(c)}: a "
                               f"{eff(c).suit.symbol} bid card is worth {BID_VALUE[eff(c).suit]}",
                               layout=w.Layout(width="auto", min_width="3.2em"))
            b.add_class("cardlab-bidcard")
            b.add_class(f"cardlab-bidcard-{c.ascii}")
            if eff(c).suit.is_red:
                b.style.text_color = RED_TEXT
            b.card = c
            b.observe(self._on_toggle_guarded, names="value")
            buttons.append(b)
        self.card_buttons = tuple(buttons)
        self.cards_box.children = self.card_buttons
        for b in old:
            b.close()
        d = self.deal
        trump = "no trump" if d.trump is None else f"trumps {d.trump.symbol}"
        turn = f"turn-up {d.turnup}, " if d.turnup is not None else ""
        joker = ""
        if d.joker_as is not None and d.rules.wild in self.hand:
            wild = "joker" if d.rules.wild.is_joker else str(d.rules.wild)
            joker = f" The {wild} in this hand counts as {d.joker_as}."
        self.info.value = (f'<div class="cardlab-explain-text">{escape(d.names[self.seat])}\'s twelve cards '
                           f'({escape(turn)}{escape(trump)}). Pick three to lay aside as bid cards: ♦ 0, ♠ 1, ♥ 2, '
                           f'♣ 3 tricks each.{escape(joker)}</div>')
        self._say("")
        self._refresh()

    def _on_toggle(self, change) -> None:
        if self._syncing:
            return
        if change["new"] and len(self.selected) > 3:
            self._syncing = True
            try:
                change["owner"].value = False
            finally:
                self._syncing = False
            self._say("Three bid cards only: unselect one first. [rule 99.bid]")
            return
        self._say("")
        self._refresh()

    def _refresh(self) -> None:
        d = self.deal
        eff = d.effective
        sel = self.selected
        if len(sel) == 3:
            values = [BID_VALUE[eff(c).suit] for c in sel]
            sum_text = " + ".join(f"{v} ({c})" for v, c in zip(values, sel))
            bid = sum(values)
            self.bid_html.value = (f'<div class="cardlab-bid-value-text" data-bid="{bid}">Bid cards '
                                   f'{escape(format_cards(sel))}: {escape(sum_text)} = {bid} '
                                   f'trick{"s" if bid != 1 else ""}</div>')
            kept = [c for c in self.hand if c not in sel]
            est, why = estimate_tricks([eff(c) for c in kept], d.trump)
            imgs = "".join(render.card_svg(c, size="sm") for c in render.sort_hand(kept, d.trump, RANKS_99))
            gap = est - bid
            verdict = ("matches the bid" if gap == 0 else
                       f"is {abs(gap):g} {'above' if gap > 0 else 'below'} the bid")
            self.kept_html.value = (f'<div class="cardlab-kept-box"><div>The nine cards left to play:</div>'
                                    f'<div class="cardlab-kept-cards">{imgs}</div><div>The rule-based player counts '
                                    f'{est:g} trick{"s" if est != 1 else ""} for them ({escape("; ".join(why)) or "no high cards"}); '
                                    f'that {verdict}.</div></div>')
            highlight = bid
        else:
            self.bid_html.value = (f'<div class="cardlab-bid-value-text" data-bid="">Pick three bid cards '
                                   f'({len(sel)} picked).</div>')
            self.kept_html.value = ""
            highlight = None
        self.ways_html.value = ways_table_html(self.hand, eff, highlight)
