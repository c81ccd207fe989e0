"""The play table's setup bar and labels (issue 24, rough edges).

* The Game menu lists the games in one order, the lessons' (notebooks/index.ipynb's suggested
  order), read from the registry's declared order, as the class page's Game menu does.
* The Opponent menu names each computer player the registry lists in words ("Rule-based",
  "Search (about 1 s a move)"), reading a player class's own ``label`` when it declares one;
  the Seat menu reads first, second …; the Dealer menu names the dealer and the human's part.
* No label of the table (buttons, menus, number controls), no status line, result box, message,
  hint or review has a double space, a leading or trailing space, or "None"/"none" standing where
  a card, a name or a count should be, over random play of every variant and preset; no label
  of a 501 action met in random play (every preset) has a double space, an outer space or the
  action's typed syntax (the play table's "Bid  blind").
"""

from __future__ import annotations

import dataclasses
import html as _html
import json
import random
import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as w  # noqa: E402

from cardlab import players, variants  # noqa: E402
from cardlab.widgets import PlayTable  # noqa: E402
from cardlab.widgets.table import action_label  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

#: Each lesson notebook of the index's suggested order and the game it teaches.
LESSON_OF = {"sixty_six": "sixty-six", "mariage_three": "mariage-3", "russian_501": "russian-501",
             "mariage_four": "mariage-4", "ninety_nine": "ninety-nine"}

#: "None" anywhere (Python's None leaking into words); "none" where it stands for a value: a text
#: of its own, in brackets, after a colon or an equals sign, or ending a clause after "is"/"are".
NONE_AS_VALUE = re.compile(r"\bNone\b|(?:^|[(:=]\s*)none\s*(?:[).,;]|$)|\b(?:is|are|was|were)\s+none\s*(?:[.,;)]|$)")


def lesson_order() -> list[str]:
    """The games in the order notebooks/index.ipynb suggests (its numbered list of lessons)."""
    nb = json.loads((ROOT / "notebooks" / "index.ipynb").read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    stems = re.findall(r"^\s*\d+\.\s*\[\*\*[^\]]+\*\*\]\((\w+)\.ipynb\)", text, flags=re.M)
    assert stems, "index.ipynb has no numbered list of lessons"
    return [LESSON_OF[s] for s in stems]


def shipped(order) -> list[str]:
    return [n for n in order if n in variants.BUILTIN]


# -- the order of the games ---------------------------------------------------------------------
def test_the_lessons_order_is_the_registrys_declared_order():
    assert lesson_order() == ["sixty-six", "mariage-3", "russian-501", "mariage-4", "ninety-nine"]
    assert shipped(variants.names(declared=True)) == lesson_order()


def test_the_game_menu_is_in_the_lessons_order():
    p = PlayTable(seed=0)
    menu = [value for _label, value in p.variant_menu.options]
    assert shipped(menu) == lesson_order(), menu
    assert menu == variants.names(declared=True)       # a registered variant follows the shipped ones


def test_the_class_pages_game_menu_is_in_the_same_order():
    from cardlab.classroom.panel import ClassroomPanel

    panel = ClassroomPanel()
    games = [value for _label, value in panel.game.options]
    table = [value for _label, value in PlayTable(seed=0).variant_menu.options]
    assert shipped(games) == lesson_order(), games
    assert games == [n for n in table if variants.get(n).code]


# -- the opponent, seat and dealer menus ---------------------------------------------------------
@pytest.mark.parametrize("name", variants.names())
def test_the_opponent_menu_says_what_each_level_is(name):
    v = variants.get(name)
    p = PlayTable(name, seed=0)
    options = dict((value, label) for label, value in p.opponent_menu.options)
    assert list(options) == list(v.player_kinds)            # every kind the registry lists, in its order
    for kind, label in options.items():
        assert label != kind and label[:1].isupper() and "  " not in label and label == label.strip(), label
    for kind in set(options) & set(players.KIND_LABELS):      # the words the players module declares
        assert options[kind] == players.kind_label(kind)
    if "heuristic" in options:
        assert options["heuristic"].startswith("Rule-based")
    if "search" in options:
        assert re.fullmatch(r"Search \(about \d+(\.\d+)? s a move\)", options["search"]), options["search"]
    if "expert" in options:
        # labelled as the slower level it is (issue 24: "it may think longer ..., labelled as such")
        assert re.fullmatch(r"Expert \(.*(slower|longer).*\)", options["expert"]), options["expert"]
    assert p.opponent_menu.label == options["heuristic"]      # the table's default opponent, in words


class _LabelledPlayer:
    """A computer player whose class declares its menu words."""

    label = "Deep  (thinks about 5 s a move) "

    def __init__(self, seed=0):
        self.seed = seed

    def choose(self, view):
        return view.legal_actions[0]


class _PlainPlayer(_LabelledPlayer):
    label = None


def test_the_opponent_menu_reads_a_declared_label_and_names_any_other_kind(monkeypatch):
    """A kind whose class declares ``label`` is shown by it (spaces tidied); a kind the players
    module names (players.kind_label) by those words; any other kind by its name as a word:
    nothing is hard-coded for kinds the registry does not list."""
    v = variants.get("sixty-six")
    kinds = dict(v.player_kinds, deep=f"{__name__}:_LabelledPlayer", deep_search=f"{__name__}:_PlainPlayer")
    monkeypatch.setitem(variants._REGISTRY, v.name, dataclasses.replace(v, player_kinds=kinds))
    p = PlayTable(v.name, seed=0, opponent="deep")
    labels = dict((value, label) for label, value in p.opponent_menu.options)
    assert labels["deep"] == "Deep (thinks about 5 s a move)"
    assert labels["deep_search"] == "Deep search"
    assert labels["search"] == players.kind_label("search")
    assert p.opponent_menu.value == "deep" and p.opponent_menu.label == labels["deep"]


@pytest.mark.parametrize("name", variants.names())
def test_the_seat_and_dealer_menus_read_in_words(name):
    v = variants.get(name)
    n = v.players
    for human in range(n):
        p = PlayTable(name, seed=0, human=human)
        assert [label for label, _ in p.seat_menu.options] == ["first", "second", "third", "fourth"][:n]
        dealers = dict((value, label) for label, value in p.dealer_menu.options)
        assert sorted(dealers) == list(range(n))
        assert dealers[human].startswith("you")
        assert p.dealer_menu.value == (human - 1) % n                      # by default the human is eldest
        assert dealers[(human - 1) % n].startswith(p.names[(human - 1) % n]) and "eldest hand" in dealers[(human - 1) % n]
        for d, label in dealers.items():
            assert "  " not in label and "None" not in label and "seat" not in label, label
            if d != human:
                assert label.startswith(f"{p.names[d]} (you ") and label.endswith(")"), label


def test_choosing_a_dealer_deals_with_that_dealer_and_a_seat_keeps_the_part():
    p = PlayTable("mariage-4", seed=4, human=0, names=("Ana", "Boris", "Cleo", "Dan"))
    p.dealer_menu.value = 2
    assert p.dealer == 2 and p.state.dealer == 2 and p.seed == 4 and not p.errors
    assert p.state.names == ("Ana", "Boris", "Cleo", "Dan")      # the players keep their names
    assert p.dealer_menu.label == "Cleo (you sit opposite the dealer)"
    p.opponent_menu.value = "random"                      # another opponent keeps the dealer
    assert p.dealer == 2 and p.state.dealer == 2
    p.seat_menu.value = 1                                 # another seat: opposite the dealer still
    assert (p.human, p.dealer) == (1, 3) and p.dealer_menu.value == 3 and p.state.dealer == 3
    assert "opposite the dealer" in p.dealer_menu.label
    p.variant_menu.value = "sixty-six"                    # another game: back to the default, eldest hand
    assert (p.human, p.dealer) == (0, 1) and "eldest hand" in p.dealer_menu.label
    assert not p.errors, p.errors


# -- labels, status lines and result boxes in random play ---------------------------------------
def _text_nodes(h: str) -> list[str]:
    """The texts a person reads in the HTML ``h``, node by node (style sheets and scripts left out,
    entities read)."""
    h = re.sub(r"<(style|script)\b.*?</\1>", " ", h, flags=re.S)
    return [_html.unescape(t) for t in re.findall(r">([^<]+)<", f">{h}<") if t.strip()]


from test_table_words import parts as _blocks  # noqa: E402  (the drawing's blocks, one reader for both tests)


def table_texts(p: PlayTable) -> list[tuple[str, str]]:
    """(where, text) for every label of the table's widgets (buttons, their tooltips, menus'
    options, descriptions) and every text of its status line, the drawing's status and result
    boxes, the message, the hint and the review."""
    out = []

    def walk(x):
        if getattr(x, "description", None):
            out.append(("description", x.description))
        if isinstance(x, w.Button) and x.tooltip:
            out.append(("tooltip", x.tooltip))
        if isinstance(x, w.Dropdown):
            out.extend(("menu option", label) for label in x._options_labels)
        if isinstance(x, w.Box):
            for y in x.children:
                walk(y)

    walk(p)
    for key, h in (("status", p.status.value), ("message", p.message.value), ("hint", p.hint_html.value),
                   ("review", p.review_html.value)):
        out.extend((key, t) for t in _text_nodes(h))
    for cls, key in (("cardlab-status", "table status"), ("cardlab-result", "result")):
        for block in _blocks(p.view.value, cls):
            out.extend((key, t) for t in _text_nodes(block))
    return out


def faults(where: str, text: str) -> list[str]:
    out = []
    inner = text.strip()
    if "  " in inner:
        out.append("a double space")
    if where in ("description", "menu option", "tooltip") and text != text.strip():
        out.append("a leading or trailing space")
    if NONE_AS_VALUE.search(text):
        out.append("None/none standing for a value")
    return [f"{where}: {f} in {text!r}" for f in out]


def test_the_fault_finder():
    assert faults("description", "Bid  blind") and faults("description", " Pass")
    assert faults("table status", "Face down: none") and faults("result", "Winner: None.")
    assert faults("table status", "Trumps are none.")
    assert not faults("review", "The analysis valued none of your decisions in this hand.")
    assert not faults("description", "Bid blind") and not faults("result", "Nobody made the contract.")


def cases():
    return [pytest.param(n, p, id=f"{n}-{p}") for n in variants.names() for p in variants.get(n).presets]


@pytest.mark.parametrize("name,preset", cases())
def test_no_double_space_nor_none_in_the_tables_words(name, preset):
    found: list[str] = []
    for seed in range(3):
        p = PlayTable(name, rules=preset, seed=seed, human=seed % variants.get(name).players, opponent="random",
                      hint_budget=0.05, review_budget=0.02)
        rng = random.Random(seed)
        hints = set(rng.sample(range(30), 2))
        step = 0
        while True:
            for where, text in table_texts(p):
                found.extend(f"seed {seed}: {f}" for f in faults(where, text))
            if p.state.is_finished:
                break
            if step in hints and p.state.to_act == p.human:
                p.hint()
                for where, text in table_texts(p):
                    found.extend(f"seed {seed}: {f}" for f in faults(where, text))
            assert p.act(rng.choice(p.state.legal_actions())), p.message.value
            step += 1
        if seed == 0:
            p.review()
            for where, text in table_texts(p):
                found.extend(f"seed {seed}: {f}" for f in faults(where, text))
        assert not p.errors, p.errors
    found = list(dict.fromkeys(found))
    assert not found, "\n".join(found[:20])


# -- 501's labels ----------------------------------------------------------------------------------
def _syntax(action) -> str | None:
    """The action's typed form where it is not a card's name (``"blind 70"``, ``"contract ♠ 80"``)."""
    raw = str(action)
    return None if action.card is not None and raw == str(action.card) else raw


@pytest.mark.parametrize("preset", list(variants.get("russian-501").presets))
def test_every_501_label_met_in_random_play_is_words(preset):
    """Every label of every 501 action legal in random play (the variant's describe_action, and
    the play table's buttons and number controls made from them) has no double space, no outer
    space and not the action's typed syntax."""
    v = variants.get("russian-501")
    found: list[str] = []
    labels = set()
    for seed in range(6):
        s = v.deal(v.presets[preset], seed % 3, seed=seed)
        rng = random.Random(seed)
        while not s.is_finished:
            for a in s.legal_actions():
                label = action_label(a, s)
                labels.add(label)
                raw = _syntax(a)
                if "  " in label or label != label.strip():
                    found.append(f"{label!r} (for {a})")
                if raw and label.startswith(raw):      # the typed form (lower case), not words
                    found.append(f"{label!r} is the typed form {raw!r}")
            s = s.apply(rng.choice(s.legal_actions()))
    for seed in range(4):
        p = PlayTable(v.name, rules=preset, seed=seed, human=seed % 3, opponent="random")
        rng = random.Random(seed)
        while not p.state.is_finished:
            raws = {r for r in map(_syntax, p.state.legal_actions()) if r}
            for _kind, x in p.offered():
                d = getattr(x, "description", "")
                if isinstance(x, w.Button) and d:
                    if "  " in d or d != d.strip():
                        found.append(f"button {d!r}")
                    if d in raws:
                        found.append(f"button {d!r} is an action's typed form")
            assert p.act(rng.choice(p.state.legal_actions())), p.message.value
    assert len(labels) > 20
    assert not found, "\n".join(sorted(set(found))[:20])
