"""The play table speaks in words, never in an action's typed syntax (issue 24).

Over random play of every variant and preset in the registry (the test variant included), the
table's user-facing texts — its status line, the table's status and result lines, the message,
the hint and the review — never show an action the way it is typed (``str(action)``: ``look``,
``trump ♥``, ``bid 7♦ 6♦ 8♥``) where that text differs from the action's words (the variant's
``describe_action`` label, which the buttons show); and a result that speaks of a bid says whose.

Raw syntax is recognised without reading a variant's name: the raw texts are those of the legal
actions met. A one-word raw text is also an English word ("pass", "look"), so it counts only
where it reads as syntax: quoted or marked up (``'look'``, ``"look"``, ``**look**``, a table
cell or bold text of its own), or opening a sentence in lower case (``look is …``). A raw text
of several parts (``trump ♥``) counts wherever it stands, unless the action's own words contain
it (``Declare marriage ♥ (20)`` contains ``marriage ♥``).
"""

from __future__ import annotations

import html as _html
import random
import re

import pytest

pytest.importorskip("ipywidgets")

from cardlab import variants  # noqa: E402
from cardlab.widgets import PlayTable  # noqa: E402
from cardlab.widgets.table import action_label  # noqa: E402

SEEDS = range(2)
HINTS = 3            # hints asked per hand, at random decisions
MARKS = (("'", "'"), ('"', '"'), ("‘", "’"), ("“", "”"), ("**", "**"), ("`", "`"))
TAGS = ("b", "i", "code", "td", "th", "li", "span")
WORDS_OF_ALL = re.compile(r"\b(nobody|no one|none|every|all|each|both)\b", re.I)

#: Texts known to break the rule that are written outside the play table, by the owner's file
#: (reported on issue 24): while one of them is met and nothing else, the test is an expected
#: failure naming them; once they are fixed it passes as it is.
ELSEWHERE: dict = {}


def cases():
    return [pytest.param(n, p, id=f"{n}-{p}") for n in variants.names() for p in variants.get(n).presets]


def plain(h: str) -> str:
    """The text a person reads in HTML ``h`` (style sheets dropped, tags as spaces)."""
    h = re.sub(r"<style\b.*?</style>", " ", h, flags=re.S)
    return re.sub(r"\s+", " ", _html.unescape(re.sub(r"<[^>]+>", " ", h))).strip()


def parts(view_html: str, cls: str) -> list[str]:
    """The HTML of each ``<div class="cls" ...>`` block of the table's drawing (to its end)."""
    out = []
    for m in re.finditer(rf'<div class="{cls}"[^>]*>', view_html):
        depth, i = 1, m.end()
        for t in re.finditer(r"<(/?)div\b[^>]*>", view_html[i:]):
            depth += -1 if t.group(1) else 1
            if depth == 0:
                out.append(view_html[m.start():i + t.end()])
                break
    return out


def raw_texts(state) -> dict:
    """raw text -> words, for the legal actions of ``state`` whose raw text is not their words
    (a card played is named as the card: ``Jo``, ``A♠``)."""
    out = {}
    for a in state.legal_actions():
        r = str(a)
        if a.card is not None and r == str(a.card):
            continue
        label = action_label(a, state)
        if r.lower() != label.lower():
            out.setdefault(r, label)
    return out


def syntax_in(raw: str, words: str, h: str) -> str | None:
    """Where ``raw`` shows as syntax in the HTML ``h`` (a short excerpt), or ``None``."""
    text = plain(h)
    for o, c in MARKS:
        q = f"{o}{raw}{c}"
        if q in text and q not in words:
            return q
    e = _html.escape(raw, quote=False)
    for tag in TAGS:
        if re.search(rf"<{tag}\b[^>]*>\s*{re.escape(e)}\s*</{tag}>", h):
            return f"<{tag}>{raw}</{tag}>"
    m = re.search(rf"(?:^|[.!?;:]\s)({re.escape(raw)})(?=[\s,.;:)]|$)", text)
    if m and raw[:1].islower():
        return text[max(0, m.start() - 30):m.end() + 30]
    if " " in raw and not re.search(rf"(?<!\w){re.escape(raw.lower())}(?!\w)", words.lower()):
        m = re.search(rf"(?<!\w){re.escape(raw)}(?!\w)", text)
        if m:
            return text[max(0, m.start() - 30):m.end() + 30]
    return None


def texts(p: PlayTable) -> dict:
    """The table's user-facing texts now, by name (HTML)."""
    view = p.view.value
    out = {"status": p.status.value, "message": p.message.value, "hint": p.hint_html.value,
           "review": p.review_html.value}
    for k, block in enumerate(parts(view, "cardlab-status")):
        out[f"table status {k}"] = block
    for k, block in enumerate(parts(view, "cardlab-result")):
        out[f"result {k}"] = block
    return out


def check_result_names_bidder(p: PlayTable, failures: list) -> None:
    """Every sentence of a result that speaks of a bid names a player (or says nobody, all…)."""
    names = [n for n in p.state.names if n]
    for key, h in texts(p).items():
        if not key.startswith("result"):
            continue
        for sentence in re.split(r"(?<=[.!?])\s+", plain(h)):
            if re.search(r"\bbids?\b", sentence, re.I) and not any(n in sentence for n in names) \
                    and not WORDS_OF_ALL.search(sentence):
                failures.append(f"{key}: the result speaks of a bid without saying whose: {sentence!r} "
                                f"[in: {plain(h)}]")


@pytest.mark.parametrize("name,preset", cases())
def test_no_action_syntax_in_the_tables_words(name, preset):
    failures: list[str] = []
    for seed in SEEDS:
        p = PlayTable(name, rules=preset, seed=seed, opponent="random", setup=False,
                      hint_budget=0.05, review_budget=0.02)
        rng = random.Random(seed)
        raws: dict = {}
        hint_at = set(rng.sample(range(40), HINTS))
        took_back = False
        step = 0
        while not p.state.is_finished:
            s = p.state
            raws.update(raw_texts(s))
            if step in hint_at:
                p.hint()
            seen = texts(p)
            for raw, words in raws.items():
                for key, h in seen.items():
                    where = syntax_in(raw, words, h)
                    if where:
                        failures.append(f"seed {seed}, {key}: {raw!r} (words: {words!r}) in …{where}… "
                                        f"[in: {plain(h)}]")
            legal = s.legal_actions()
            assert p.act(rng.choice(legal)), p.message.value
            if not took_back and step == 3 and any(x.to_act == p.human for x in p.state.history()[:-1]):
                took_back = p.take_back()
                raws.update(raw_texts(p.state) if p.state.to_act == p.human else {})
                for raw, words in raws.items():
                    where = syntax_in(raw, words, p.message.value)
                    if where:
                        failures.append(f"seed {seed}, message: {raw!r} (words: {words!r}) in …{where}… "
                                        f"[in: {plain(p.message.value)}]")
            step += 1
        p.review()
        check_result_names_bidder(p, failures)
        for raw, words in raws.items():
            for key, h in texts(p).items():
                where = syntax_in(raw, words, h)
                if where:
                    failures.append(f"seed {seed}, {key}: {raw!r} (words: {words!r}) in …{where}… [in: {plain(h)}]")
        assert not p.errors, p.errors
    failures = list(dict.fromkeys(failures))
    known = {owner for f in failures for owner, pattern in ELSEWHERE.items() if pattern.search(f)}
    mine = [f for f in failures if not any(pattern.search(f) for pattern in ELSEWHERE.values())]
    assert not mine, "\n".join(mine)
    if known:
        pytest.xfail("action syntax written outside the play table, in " + "; ".join(sorted(known)))


def test_the_detector_sees_syntax_and_spares_words():
    """The recogniser itself: the reported texts are syntax, the rule's words are not."""
    assert syntax_in("trump ♥", "Trumps ♥", "Human is to name trumps ('trump ♥') or turn ('turn')")
    assert syntax_in("turn", "Turn the last card", "Human is to name trumps or turn ('turn')")
    assert syntax_in("bid 7♦ 6♦ 8♥", "Bid 7: 7♦ 6♦ 8♥", "<b>Hint.</b> bid 7♦ 6♦ 8♥ is the choice")
    assert syntax_in("look", "Look at my cards", "look is the rule-based player's choice")
    assert syntax_in("look", "Look at my cards", "<td>look</td>")
    assert not syntax_in("pass", "Pass", "Human may declare or reveal, or pass.")
    assert not syntax_in("marriage ♥", "Declare marriage ♥ (20)", "35 points (15 card points + marriage ♥ 20)")
    assert not syntax_in("six", 'Announce "six"', 'contract "six" by Human')
    assert not syntax_in("look", "Look at my cards", "Hint: Look at my cards.")


@pytest.mark.parametrize("name", variants.names())
def test_the_seat_menu_reads_in_words(name):
    """The setup bar names seats in words ("first", "second" ...), not "seat 1 (A)"."""
    p = PlayTable(name, seed=0)
    labels = [label for label, _ in p.seat_menu.options]
    assert labels == ["first", "second", "third", "fourth"][:variants.get(name).players], labels
