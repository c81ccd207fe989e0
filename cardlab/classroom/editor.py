"""A position editor: a teacher picks or types the cards of a position, checks it against the
rules, and saves it as a record (issue 13).

``PositionEditor()`` starts from a random Sixty-six deal. Its parts, top to bottom:

* the game, its rules (a preset), the dealer and the players' names; **Before**: the game's
  standing before this hand (each player's totals; 501's scores; the pips per pair on the
  eight), saved with the record; in revised Ninety-Nine, the previous deal's successes, which
  fix trumps;
* **Put cards in**: the place a click sends a card to: each player's hand (cards in the order
  dealt), then the variant's other places (Sixty-six's turn-up and stock, 501's prikup, classic
  Ninety-Nine's turn-up);
* the pack, one button per card, each saying where the card lies now (and coloured by it: each
  hand its own colour, red for a card not placed yet); a click moves the card to the chosen
  place, or takes it back out when it is already there;
* a summary of every place with its count, the cut (four-player Mariage) and the actions so far;
* **Check** builds the position in the notation of :mod:`cardlab.classroom.notation` and shows it
  drawn with every card face up, or says in words what is wrong and where (with the rule's id);
  **Read text** loads a position typed or pasted into the text box; **Random deal** and
  **Clear** fill or empty the places; **Save in the class folder** writes the checked position
  as a record file (:meth:`cardlab.records.Record.save`, atomic) under the *File name* typed, in
  the class folder (:func:`cardlab.classroom.roles.class_folder`): a bare name, never a path,
  never over an existing file unless *Replace* is ticked (:func:`cardlab.classroom.roles.safe_path`).
  :meth:`PositionEditor.record` gives the record without writing it.

The editor belongs on the teacher's page and in a teacher's notebook; the students' page does
not show it (it is the only part of the class's page that writes a file).

No callback raises; a mistake is a message in words. Widgets only update ``HTML.value``, and
every part has a ``cardlab-editor-…`` CSS class (for browser tests).
"""

from __future__ import annotations

import html
import re

import ipywidgets as w

from .. import records, variants
from ..cards import parse_card
from ..errors import CardlabError
from ..render import state_html
from ..widgets.base import StaticFallback, button, guarded, html_pane
from .exercises import classroom_variants as _classroom_variants, code_of as _code_of
from .notation import PositionError, parse_position, position_text
from .roles import safe_path

__all__ = ["PositionEditor"]

_SUIT_ORDER = "♣♦♥♠"
#: A card button's colour says where the card lies: each hand its own, the other places grey
#: (their name is on the button), a card not placed yet red.
_PLACE_STYLE = {None: "danger", "hand 0": "info", "hand 1": "primary", "hand 2": "success", "hand 3": "warning"}


class PositionEditor(StaticFallback, w.VBox):
    """A widget to set up a position by picking cards (see the module docstring).

    Parameters
    ----------
    text : str or None
        A position in the notation of :mod:`cardlab.classroom.notation` to start from; ``None``
        for a random deal of ``variant``'s first preset.
    variant : str
        Registry name of the game, when ``text`` is None (default: the first game of the registry).
    seed : int
        The random deal's seed (**Random deal** goes on from it).

    Attributes
    ----------
    state : GameState or None
        The last position that **Check** accepted (None before, or after a change).
    places : dict of str -> list of Card
        The cards in each place: ``"hand 0"`` … and ``"turn-up"``, ``"stock"``, ``"prikup"``.

    Raises :class:`~cardlab.classroom.notation.PositionError` for a bad ``text`` (when the widget
    is made, not in a callback).
    """

    def __init__(self, text: str | None = None, *, variant: str | None = None, seed: int = 1):
        self.seed = seed
        self.state = None
        self.previous_successes: int | None = None   # Ninety-Nine's revised rules: fixes trumps
        self.places: dict[str, list] = {}
        self.cuts: tuple[int, ...] = ()
        self.actions: list[str] = []
        self._busy = False
        #: Unexpected errors met in callbacks (each shown as "Something went wrong"); empty unless a bug.
        self.errors: list[str] = []
        names = [v.name for v in _classroom_variants()]
        self.game = w.Dropdown(options=[(variants.get(n).title, n) for n in names], description="Game",
                               layout=w.Layout(width="22em"))
        self.game.add_class("cardlab-editor-game")
        self.preset = w.Dropdown(description="Rules", layout=w.Layout(width="16em"))
        self.preset.add_class("cardlab-editor-preset")
        self.dealer = w.Dropdown(description="Dealer", layout=w.Layout(width="14em"))
        self.dealer.add_class("cardlab-editor-dealer")
        self.names = w.Text(description="Players", layout=w.Layout(width="26em"),
                            tooltip="the players' names, comma-separated, in seat order")
        self.names.add_class("cardlab-editor-names")
        self.successes = w.Dropdown(options=[("first deal of the game (no trumps)", None)]
                                    + [(f"{k} made their bid in the deal before", k) for k in range(4)],
                                    description="Trumps from", layout=w.Layout(width="30em"),
                                    tooltip="revised Ninety-Nine: the previous deal's successes fix trumps")
        self.successes.add_class("cardlab-editor-successes")
        self.standing = w.Text(description="Before", layout=w.Layout(width="26em"),
                               placeholder="the game's totals before this hand, e.g. 9, 10")
        self.standing.add_class("cardlab-editor-standing")
        self.target = w.ToggleButtons(description="Put cards in", style={"button_width": "auto"})
        self.target.add_class("cardlab-editor-place")
        self.pack_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.pack_box.add_class("cardlab-editor-pack")
        self.summary = html_pane("cardlab-editor-summary")
        self.text = w.Textarea(description="Position", layout=w.Layout(width="100%", height="5em"))
        self.text.add_class("cardlab-editor-text")
        self.message = html_pane("cardlab-editor-message")
        self.drawing = html_pane("cardlab-editor-drawing")
        self.file_name = w.Text(value="", description="File name", placeholder="e.g. nine_to_ten",
                                layout=w.Layout(width="22em"),
                                tooltip="a name for the file in the class folder (no folders, no slashes)")
        self.file_name.add_class("cardlab-editor-path")
        self.replace = w.Checkbox(value=False, description="Replace", indent=False, layout=w.Layout(width="7em"),
                                  tooltip="overwrite a file of that name in the class folder")
        self.replace.add_class("cardlab-editor-replace")
        self.buttons = []
        for label, css, fn, tip in (
                ("Check", "cardlab-editor-check", self.check, "check the position against the rules and draw it"),
                ("Read text", "cardlab-editor-read", self._read_text, "load the position typed in the text box"),
                ("Random deal", "cardlab-editor-random", self._random, "fill every place from a new random deal"),
                ("Clear", "cardlab-editor-clear", self._clear, "empty every place"),
                ("Save in the class folder", "cardlab-editor-save", self._save,
                 "check the position and save it as a record under the file name, in the class folder")):
            b = button(label, css, tip)
            b.on_click(self._safe(lambda _, f=fn: f()))
            self.buttons.append(b)
        self.game.observe(self._safe(lambda _: self._game_changed()), names="value")
        self.preset.observe(self._safe(lambda _: self._shape_changed()), names="value")
        self.dealer.observe(self._safe(lambda _: self._changed()), names="value")
        self.names.observe(self._safe(lambda _: self._names_changed()), names="value")
        self.successes.observe(self._safe(lambda _: self._successes_changed()), names="value")
        self.standing.observe(self._safe(lambda _: self._standing_changed()), names="value")
        super().__init__([w.HBox([self.game, self.preset, self.dealer]), w.HBox([self.names, self.standing]),
                          self.successes, self.target, self.pack_box,
                          self.summary, w.HBox(self.buttons[:4]), self.text,
                          w.HBox([self.file_name, self.replace, self.buttons[4]]),
                          self.message, self.drawing])
        self.add_class("cardlab-editor")
        if text is not None:
            self._load(parse_position(text))
        else:
            self._busy = True
            self.game.value = variant if variant in names else names[0]
            self._busy = False
            self._game_changed()

    # -- callbacks --------------------------------------------------------------------------------
    def _safe(self, fn):
        safe = guarded(fn, lambda words: self._say(words, "mistake"), self.errors, "the position")

        def handler(*args):
            if not self._busy:
                safe(*args)
        return handler

    def _say(self, words: str, kind: str = "note") -> None:
        self.message.value = f"<p class='cardlab-editor-{kind}'>{html.escape(words)}</p>"

    @property
    def variant(self):
        return variants.get(self.game.value)

    @property
    def rules(self):
        return self.variant.presets[self.preset.value]

    def _seat_names(self) -> list[str]:
        return [n.strip() for n in self.names.value.split(",")]

    def _game_changed(self) -> None:
        v = self.variant
        self.previous_successes = None
        self._busy = True
        try:
            self.standing.value = ""
            self.preset.options = list(v.presets)
            self.preset.value = list(v.presets)[0]
            self.names.value = ",".join(map(str, v.deal(v.presets[self.preset.value], 0, seed=0).names))
        finally:
            self._busy = False
        self._shape_changed(deal=True)

    def _names_changed(self) -> None:
        names = self._seat_names()
        v = self.variant
        if not v.accepts(len(names)) or not all(names):
            self._say(f"{v.title} is played by {' or '.join(map(str, v.player_counts or (v.players,)))} players: "
                      f"give that many names, separated by commas", "mistake")
            return
        self._shape_changed(deal=len(names) != len(self._hand_keys()))

    def _shape_changed(self, deal: bool = True) -> None:
        """The game, rules or table size changed: new places (and a random deal to start from)."""
        names = self._seat_names()
        self._busy = True
        try:
            dealer = self.dealer.value if isinstance(self.dealer.value, int) else 0
            self.dealer.options = [(f"{n} (seat {i})", i) for i, n in enumerate(names)]
            self.dealer.value = dealer if dealer < len(names) else 0
        finally:
            self._busy = False
        self._standing_changed()
        if deal or not self.places:
            self._random(advance=False)
        else:
            self._changed()

    def _hand_keys(self) -> list[str]:
        return [k for k in self.places if k.startswith("hand ")]

    def _declared(self) -> tuple:
        """The places the current game declares under the current rules, dealer and table
        (``Variant.places``: :class:`cardlab.variants.Place`)."""
        dealer = self.dealer.value if isinstance(self.dealer.value, int) else 0
        return self.variant.places(self.rules, dealer, len(self._seat_names()))

    def _action_place(self):
        """The game's place of actions (four-player Mariage's cuts), or None."""
        return next((p for p in self._declared() if p.action), None)

    def _acted(self) -> str:
        """The values of the place of actions as written (the cuts: ``"2, 8"``), or its default."""
        acting = self._action_place()
        return (", ".join(map(str, self.cuts)) or acting.default) if acting else ""

    def _place_names(self) -> list[str]:
        """The places of cards of the current game and rules, in order (hands first)."""
        return [p.name for p in self._declared() if not p.action]

    def _wanted(self, place: str) -> int:
        """How many cards ``place`` holds in the current game."""
        return next((p.size for p in self._declared() if p.name == place), 0)

    def _label(self, place: str) -> str:
        if place.startswith("hand "):
            seat = int(place.split()[1])
            names = self._seat_names()
            return f"{names[seat] if seat < len(names) else place}'s hand"
        return place

    # -- the places --------------------------------------------------------------------------------
    def _pack_cards(self) -> list:
        v = self.variant
        pack = v.deal(self.rules, 0, seed=0, names=tuple(self._seat_names()), **self._extra()).pack
        return sorted(pack, key=lambda c: (_SUIT_ORDER.find(str(c)[-1]), -self._rank_value(c), str(c)))

    @staticmethod
    def _rank_value(card) -> int:
        order = "A 10 K Q J 9 8 7 6 Jo".split()
        text = str(card)[:-1] if str(card) != "Jo" else "Jo"
        return -order.index(text) if text in order else -99

    def _extra(self) -> dict:
        v = self.variant
        if "previous_successes" in v.deal_start(self.rules) and self.previous_successes is not None:
            return {"previous_successes": self.previous_successes}
        return {}

    def _successes_changed(self) -> None:
        self.previous_successes = self.successes.value
        self._changed()


    def start(self) -> dict:
        """The game's standing before this hand, as the ``start`` of a record (``{}`` when the
        Before box is empty). Raises :class:`~cardlab.errors.CardlabError` for text that is not
        whole numbers."""
        text = self.standing.value.strip()
        if not text:
            return {}
        try:
            values = [int(x) for x in text.replace(",", " ").split()]
        except ValueError:
            raise CardlabError(f"Before: give whole numbers separated by commas "
                               f"({self.variant.standing[0].label}), not {text!r}") from None
        return {self.variant.standing[0].name: values}

    def _standing_changed(self) -> None:
        main = self.variant.standing[0]      # the part of the standing a teacher types (Variant.standing)
        size = main.size(len(self._seat_names())) or 1
        self.standing.placeholder = f"{main.label}, e.g. " + ", ".join("0" for _ in range(size))
        self.state = None

    def _where(self, card) -> str | None:
        for place, cards in self.places.items():
            if card in cards:
                return place
        return None

    def pick(self, card) -> None:
        """Move ``card`` (a Card or its text) to the chosen place, or take it out of that place
        when it is already there (as a click on its button does). Never raises."""
        self._safe(self._pick)(card)

    def _pick(self, card) -> None:
        card = parse_card(card) if isinstance(card, str) else card
        place = self.target.value
        if place is None:
            self._say("choose where the card goes first (Put cards in)", "mistake")
            return
        here = self._where(card)
        if here == place:
            self.places[place].remove(card)
        else:
            if len(self.places[place]) >= self._wanted(place):
                self._say(f"{self._label(place)} already has its {self._wanted(place)} card(s): click one of them "
                          f"to take it out first", "mistake")
                return
            if here is not None:
                self.places[here].remove(card)
            self.places[place].append(card)
        self.actions = []
        self._changed()

    def _changed(self) -> None:
        """Redraw the pack buttons, the places and the text after a change."""
        self.state = None
        keys = self._place_names()
        old = self.places
        self.places = {k: list(old.get(k, [])) for k in keys}
        for k in keys:   # a place that shrank (a dealer who now sits out) gives its cards back
            del self.places[k][self._wanted(k):]
        current = self.target.value
        self._busy = True
        try:
            self.target.options = [(self._label(k), k) for k in keys]
            self.target.value = current if current in keys else next(
                (k for k in keys if len(self.places[k]) < self._wanted(k)), keys[0])
        finally:
            self._busy = False
        buttons = []
        for card in self._pack_cards():
            where = self._where(card)
            b = w.Button(description=str(card) + ("" if where is None else f" · {self._short(where)}"),
                         tooltip=f"{card}: {self._label(where) if where else 'not placed'}",
                         layout=w.Layout(width="auto"), button_style=_PLACE_STYLE.get(where, ""))
            b.add_class("cardlab-editor-card")
            b.card = card
            b.on_click(self._safe(lambda _, c=card: self._pick(c)))
            buttons.append(b)
        self.pack_box.children = buttons
        rows = []
        for k in keys:
            cards = self.places[k]
            rows.append(f"<tr><td>{html.escape(self._label(k))}</td><td>{len(cards)}/{self._wanted(k)}</td>"
                        f"<td>{html.escape(' '.join(map(str, cards)) or '—')}</td></tr>")
        acting = self._action_place()
        if acting:
            rows.append(f"<tr><td>{acting.name}</td><td></td><td>{html.escape(self._acted())}</td></tr>")
        if self.actions:
            rows.append(f"<tr><td>actions</td><td>{len(self.actions)}</td>"
                        f"<td>{html.escape('; '.join(self.actions))}</td></tr>")
        revised = "previous_successes" in self.variant.deal_start(self.rules)
        self.successes.layout.display = None if revised else "none"
        if revised and self.successes.value != self.previous_successes:
            self._busy = True
            try:
                self.successes.value = self.previous_successes
            finally:
                self._busy = False
        self.summary.value = "<table class='cardlab-editor-places'>" + "".join(rows) + "</table>"
        self.text.value = self.position_text()
        self.drawing.value = ""

    def _short(self, place: str) -> str:
        if place.startswith("hand "):
            names = self._seat_names()
            seat = int(place.split()[1])
            return names[seat] if seat < len(names) else place
        return place

    # -- text and state ---------------------------------------------------------------------------
    def position_text(self) -> str:
        """The position as the places hold it, in the notation's hands form (a ``str``; it may
        not be a legal position yet: :meth:`check` says)."""
        v = self.variant
        names = self._seat_names()
        prev = self._extra().get("previous_successes")
        parts = [f"{_code_of(v.name)} {self.preset.value}",
                 f"dealer {self.dealer.value}" + (f" after {prev} successes" if prev is not None else ""),
                 "names " + ",".join(names),
                 "hands " + " / ".join(" ".join(map(str, self.places.get(f"hand {i}", []))) or "-"
                                       for i in range(len(names)))]
        for k in self._place_names():
            if not k.startswith("hand "):
                parts.append(f"{k} " + " ".join(map(str, self.places[k])))
        acting = self._action_place()
        if acting:
            parts.append(f"{acting.name} {self._acted()}")
        if self.actions:
            parts.append("actions " + "; ".join(self.actions))
        return " | ".join(parts)

    def check(self) -> bool:
        """Check the position the places hold; draw it and return True, or say what is wrong
        (with the field, the place in the text and the rule's id) and return False. Never
        raises."""
        try:
            state = parse_position(self.position_text())
        except PositionError as e:
            rule = f" [rule {e.rule}]" if e.rule and f"rule {e.rule}" not in str(e) else ""
            self._say(f"Not a position yet: {e}{rule}", "mistake")
            return False
        except CardlabError as e:
            self._say(f"Not a position yet: {e}", "mistake")
            return False
        try:
            start = self.start()
            if start:
                records.Record.from_state(state, start=start)   # the score keeper checks the standing
        except CardlabError as e:
            self._say(f"Not a position yet: {e}", "mistake")
            return False
        self.state = state
        self.text.value = position_text(state)
        self.drawing.value = state_html(state, None)
        turn = ("the hand is over" if state.is_finished
                else f"{state.names[state.to_act]} is to act")
        self._say(f"A legal position of {self.variant.title} ({self.preset.value}): {turn}.", "right")
        return True

    def load(self, text: str) -> bool:
        """Load the position written in ``text`` (as **Read text** does); True if it was read,
        otherwise the message says where it is wrong. Never raises."""
        try:
            state = parse_position(text)
        except CardlabError as e:
            self._say(f"The text is not a position: {e}", "mistake")
            return False
        self._load(state)
        return True

    def _read_text(self) -> None:
        self.load(self.text.value)

    def _load(self, state) -> None:
        """Show ``state``: its game, rules, names and dealer, the places of its deal, its actions."""
        text = position_text(state)
        fields = _fields(text)
        v = variants.get(state.variant)
        self._busy = True
        try:
            self.game.value = v.name
            self.preset.options = list(v.presets)
            self.preset.value = text.split(" | ")[0].split()[1]
            self.names.value = ",".join(map(str, state.names))
            self.dealer.options = [(f"{n} (seat {i})", i) for i, n in enumerate(state.names)]
            self.dealer.value = state.dealer
        finally:
            self._busy = False
        self.state = state
        self.previous_successes = getattr(state, "previous_successes", None)
        if "hands" in fields:
            self._take_places(fields)
            self.actions = [a.strip() for a in fields.get("actions", "").split(";") if a.strip()]
            self._changed()
            self.state = state
            self.drawing.value = state_html(state, None)
            self._say(f"Read: a position of {v.title} ({self.preset.value}).", "right")
        else:   # a hand before its place of actions (a four-player hand still to be cut): start from its pack
            self.places = {}
            self.cuts = ()
            self.actions = []
            self._random(advance=False, pack=state.pack)
            acting = self._action_place()
            if acting:
                from .notation import deal_rule
                self._say(f"That hand has no hands yet (before its {acting.name}), so the places show the pack dealt "
                          f"after {acting.action} {acting.default} [rule {deal_rule(v)}].", "note")

    def _take_places(self, fields: dict) -> None:
        """The places (and the cut) from a position's hands-form fields."""
        self.places = {f"hand {i}": [] if h.strip() == "-" else [parse_card(c) for c in h.split()]
                       for i, h in enumerate(fields["hands"].split(" / "))}
        for p in self._declared():
            if not p.name.startswith("hand ") and not p.action and p.name in fields:
                self.places[p.name] = [parse_card(c) for c in fields[p.name].split()]
        acting = self._action_place()
        self.cuts = tuple(int(c) for c in fields.get(acting.name, "").replace(",", " ").split()) if acting else ()

    def _random(self, advance: bool = True, pack=None) -> None:
        """Fill every place from a random deal (the next seed when ``advance``)."""
        if advance:
            self.seed += 1
        v = self.variant
        names = tuple(self._seat_names())
        if not v.accepts(len(names)) or not all(names):   # names refused before: the deal's own
            names = tuple(map(str, v.deal(self.rules, 0, seed=0).names))
            self._busy = True
            try:
                self.names.value = ",".join(names)
                self.dealer.options = [(f"{n} (seat {i})", i) for i, n in enumerate(names)]
            finally:
                self._busy = False
        dealer = self.dealer.value if isinstance(self.dealer.value, int) and self.dealer.value < len(names) else 0
        if pack is None:
            state = v.deal(self.rules, dealer, seed=self.seed, names=names, **self._extra())
        else:
            state = v.deal(self.rules, dealer, pack=pack, names=names, **self._extra())
        acting = self._action_place()
        if acting:                         # the default actions, then as the rules ask again (a nine at the bottom)
            state = state.apply(f"{acting.action} {acting.default}")
            while any(a.kind == acting.action for a in state.legal_actions()):
                state = state.apply(state.legal_actions()[len(state.legal_actions()) // 2])
        self._take_places(_fields(position_text(state)))
        self.actions = []
        self._changed()
        if pack is None:
            self._say(f"A random deal (seed {self.seed}): click cards to move them, then Check.", "note")

    def _clear(self) -> None:
        self.places = {k: [] for k in self._place_names()}
        self.actions = []
        self._changed()
        self._say("Every place is empty: choose a place, then click its cards.", "note")

    def record(self) -> records.Record:
        """The checked position as a record (:class:`cardlab.records.Record`, with the standing
        before the hand as its ``start``), written nowhere. Raises
        :class:`~cardlab.errors.CardlabError` (with the message shown) when the position or the
        standing is not legal."""
        if not self.check():
            raise CardlabError(_text(self.message.value))
        return records.Record.from_state(self.state, title=f"A position of {self.variant.title}",
                                         notes=position_text(self.state), start=self.start())

    def save(self, name: str | None = None, *, replace: bool | None = None) -> bool:
        """Check the position and save it as a record file (JSON, :mod:`cardlab.records`,
        written atomically) named ``name`` in the class folder
        (:func:`cardlab.classroom.roles.class_folder`); by default the *File name* box and the
        *Replace* box. ``name`` is a bare file name (``.json`` is added):
        :func:`~cardlab.classroom.roles.safe_path` refuses a path, a hidden or too long name,
        a link, and an existing file unless ``replace``. True if saved; a refusal, an illegal
        position or a file that cannot be written is a message in words, and nothing is
        written. Never raises."""
        try:
            name = self.file_name.value if name is None else name
            replace = self.replace.value if replace is None else bool(replace)
            target = safe_path(name, ".json", replace=replace)   # refuse a bad name before checking
            record = self.record()
            target = safe_path(name, ".json", replace=replace)   # and again just before writing
            record.save(target)
        except CardlabError as e:
            self._say(f"Not saved: {e}", "mistake")
            return False
        except OSError as e:
            self._say(f"Not saved: the class folder cannot be written ({e.strerror or e}).", "mistake")
            return False
        self._say(f"Saved as {target.name} in the class folder.", "right")
        return True

    def _save(self) -> None:
        self.save()


def _text(message: str) -> str:
    """A message pane's words without its markup."""
    return html.unescape(re.sub(r"<[^>]+>", "", message))


def _fields(text: str) -> dict:
    """A position text's fields after the names, by keyword."""
    return {f.split(" ", 1)[0]: f.split(" ", 1)[1] if " " in f else "" for f in text.split(" | ")[3:]}
