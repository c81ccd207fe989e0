"""Sample hands to step through in class: a menu of the record files of a folder (the project's
``data/``: real positions of every game, each chosen to show a rule) and a
:class:`~cardlab.widgets.stepper.Stepper` on the one chosen, with a card-size menu for the
projector that sizes this widget's drawings only (its text and buttons grow with the cards), and
the seats laid out around the table (the others side by side, the middle beside the viewer).

The menu reads only each file's game and title (fast, without replaying it); the hand chosen is
loaded by :func:`cardlab.records.load`, which checks it, so a file that is not a good record is
a message in words, never a traceback, and the hand shown stays.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

import ipywidgets as w

from .. import records, render, variants
from ..errors import CardlabError
from ..render import CARD_ZOOM
from ..widgets.base import StaticFallback, guarded, html_pane
from ..widgets.stepper import Stepper, show_size

__all__ = ["SampleHands"]


def _menu(folder: Path) -> list[tuple[str, str]]:
    """(label, path) for each ``*.json`` record of ``folder`` that names a known game and a title,
    in the classroom's game order, then by file name."""
    order = variants.names(declared=True)
    found = []
    for path in sorted(folder.glob("*.json")):
        try:
            head = json.loads(path.read_text(encoding="utf-8"))
            game, title = head["variant"], str(head.get("title") or path.stem)
            rank = order.index(game)
        except (OSError, ValueError, KeyError, TypeError):
            continue          # not a record this menu can name: left out
        game_name = variants.get(game).title.split(" (")[0]     # "Sixty-six for two", "501" …
        found.append((rank, path.name, f"{game_name}: {title}", str(path)))
    return [(label, p) for _rank, _name, label, p in sorted(found)]


class SampleHands(StaticFallback, w.VBox):
    """Step through the sample hands of ``folder`` (see the module docstring).

    Parameters
    ----------
    folder : str or Path
        Where the record files are (default ``"../data"``, the project's samples as seen from
        ``notebooks/``).
    choice : str or None
        The file name to show first (e.g. ``"santase_close.json"``); default the first in the menu.
    card_size : str or None
        ``"normal"``, ``"large"`` or ``"projector"`` (:data:`cardlab.render.CARD_ZOOM`); ``None``
        (default): the setting of :func:`cardlab.render.set_card_size` when the widget is made.

    Raises
    ------
    ValueError
        If ``folder`` holds no record the menu can name, ``choice`` is not one of them, or
        ``card_size`` is not a card size.
    cardlab.records.RecordError
        If the first hand's file is not a good record (when the widget is made; later choices
        are messages).

    Attributes
    ----------
    menu : ipywidgets.Dropdown
        The hands, labelled "game: title" (class ``cardlab-hands-menu``).
    card_size : ipywidgets.Dropdown
        normal, large, projector: the size of this widget's drawings, and of nothing else on the
        page (class ``cardlab-hands-size``).
    stepper : Stepper
        The hand shown.
    errors : list of str
        Unexpected errors met in callbacks (empty unless a bug).
    """

    def __init__(self, folder: str | Path = "../data", choice: str | None = None, card_size: str | None = None):
        card_size = render.card_size() if card_size is None else card_size
        if card_size not in CARD_ZOOM:
            raise ValueError(f"the card size is one of {', '.join(CARD_ZOOM)}, not {card_size!r}")
        folder = Path(folder)
        options = _menu(folder)
        if not options:
            raise ValueError(f"no sample hand (a cardlab record file, *.json) in {folder}")
        self.errors: list[str] = []
        self._reverting = False
        self.menu = w.Dropdown(options=options, description="Hand", layout=w.Layout(width="40em"))
        self.menu.add_class("cardlab-hands-menu")
        if choice is not None:
            wanted = [p for _label, p in options if Path(p).name == choice]
            if not wanted:
                raise ValueError(f"{choice!r} is not among the sample hands of {folder}")
            self.menu.value = wanted[0]
        self.card_size = w.Dropdown(options=list(CARD_ZOOM), value=card_size, description="Cards",
                                    layout=w.Layout(width="14em"))
        self.card_size.add_class("cardlab-hands-size")
        self.message = html_pane("cardlab-hands-message")
        self.stepper = self._stepper(records.load(self.menu.value))
        self.place = w.Box([self.stepper])
        self.menu.observe(guarded(self._chosen, self._mistake, self.errors, "the hand shown"), names="value")
        self.card_size.observe(guarded(self._resized, self._mistake, self.errors, "the hand shown"), names="value")
        super().__init__([w.HBox([self.menu, self.card_size], layout=w.Layout(flex_flow="row wrap")),
                          self.message, self.place])
        self.add_class("cardlab-hands")
        show_size(self, card_size)

    def _mistake(self, words: str) -> None:
        self.message.value = f"<p class='cardlab-hands-mistake'>{html.escape(words)}</p>"

    def _chosen(self, change) -> None:
        if self._reverting:
            return
        try:
            record = records.load(change["new"])
        except (CardlabError, OSError) as e:     # a bad or vanished file: said, the hand shown stays
            self._reverting = True
            try:
                self.menu.value = change["old"]
            finally:
                self._reverting = False
            self._mistake(f"{Path(change['new']).name} cannot be shown: {e}")
            return
        self.message.value = ""
        self.stepper = self._stepper(record)
        self.place.children = [self.stepper]

    def _stepper(self, record) -> Stepper:
        return Stepper(record, size=self.card_size.value, layout="table")

    def _resized(self, change) -> None:
        self.stepper.size = change["new"]
        show_size(self, change["new"])
