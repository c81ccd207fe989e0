"""Tests of cardlab.render: card images, the Sixty-six table (open and seat views), text form,
score sheet and the variant registry. Expected contents were checked by hand against the
deal of seed 7 (see the comments)."""

import random
import re
import subprocess
import sys

import pytest

from cardlab import PACK_24, NotationError, parse_card, parse_cards, render, sixtysix

# Seed 7, Santase, A (seat 0) deals, B (seat 1) leads:
#   seat 0: 9♠ 10♠ J♠ Q♦ 9♣ 9♥        seat 1: J♥ J♣ 10♥ 9♦ K♣ A♥
#   turn-up Q♠ (trumps ♠); stock, top first: Q♥ A♠ A♣ K♦ K♠ A♦ J♦ 10♣ K♥ Q♣ 10♦
SEAT0 = set(parse_cards("9♠ 10♠ J♠ Q♦ 9♣ 9♥"))
SEAT1 = set(parse_cards("J♥ J♣ 10♥ 9♦ K♣ A♥"))
STOCK = parse_cards("Q♥ A♠ A♣ K♦ K♠ A♦ J♦ 10♣ K♥ Q♣ 10♦")
TURNUP = parse_card("Q♠")
# A whole hand from seed 7 (played at random once, then written down): A wins 71–27.
GAME = "J♣ 9♣ Q♥ 9♠ J♠ J♥ 9♥ A♥ K♣ 10♣ A♣ 9♦ 10♠ Q♠ Q♦ A♦ Q♣ A♠ 10♦ J♦".split()


def cards_in(html):
    return [parse_card(t) for t in re.findall(r'data-card="([^"]+)"', html)]


def section(html, cls, seat=None):
    """The inner HTML of the first ``<div class="… cls …" [data-seat=seat]>`` (no nested divs
    in hands, so the first ``</div>`` closes it) or, for the stock, up to the trick."""
    if cls == "cardlab-stock":
        start = html.index('class="cardlab-stock"')
        return html[start:html.index('class="cardlab-trick', start)]
    if cls == "cardlab-trick":
        start = html.index('class="cardlab-trick')
        return html[start:html.index('class="cardlab-player', start)]
    attr = f' data-seat="{seat}"' if seat is not None else ""
    m = re.search(rf'<div class="[^"]*\b{cls}\b[^"]*"{attr}[^>]*>(.*?)</div>', html, re.S)
    assert m, f"no {cls} section"
    return m.group(1)


@pytest.fixture
def s7():
    return sixtysix.deal(seed=7)


# -- cards ------------------------------------------------------------------------------------


def test_card_svg_ace_of_spades():
    svg = render.card_svg("AS")
    assert svg.startswith("<svg ") and svg.endswith("</svg>")
    assert 'class="cardlab-card"' in svg
    assert 'data-card="A♠"' in svg
    assert "<title>Ace of spades</title>" in svg
    assert 'width="44" height="62"' in svg
    assert "#1b1b1b" in svg and "#c62828" not in svg  # black suit


def test_card_svg_ten_of_hearts_is_red_and_named():
    svg = render.card_svg(parse_card("10h"), size="lg")
    assert 'data-card="10♥"' in svg
    assert "<title>Ten of hearts</title>" in svg
    assert 'width="66" height="93"' in svg
    assert "#c62828" in svg and "#1b1b1b" not in svg
    assert ">10</text>" in svg


def test_card_svg_sizes_and_errors():
    assert 'width="32" height="45"' in render.card_svg("9♣", size="sm")
    with pytest.raises(ValueError, match="unknown card size"):
        render.card_svg("9♣", size="xl")
    with pytest.raises(NotationError):
        render.card_svg("Z♣")


def test_card_back_has_no_identity():
    svg = render.card_back_svg()
    assert 'class="cardlab-card cardlab-back"' in svg
    assert "data-card" not in svg
    assert "<title>Face-down card</title>" in svg
    assert 'width="44" height="62"' in svg


def test_card_names():
    assert render.card_name("KD") == "King of diamonds"
    assert render.card_name("9c") == "Nine of clubs"
    assert render.card_name("Jo") == "Joker"


def test_sort_hand_by_suit_trumps_last_then_strength():
    hand = parse_cards("9♠ 10♠ J♠ Q♦ 9♣ 9♥ A♣ K♥")
    assert [str(c) for c in render.sort_hand(hand, trump=parse_card("Q♠").suit)] == \
        "A♣ 9♣ Q♦ K♥ 9♥ 10♠ J♠ 9♠".split()
    # with hearts trumps, hearts move to the end
    assert [str(c) for c in render.sort_hand(hand, trump=parse_card("K♥").suit)] == \
        "A♣ 9♣ Q♦ 10♠ J♠ 9♠ K♥ 9♥".split()


# -- the table: open view ---------------------------------------------------------------------


def test_open_view_shows_every_card(s7):
    html = render.state_html(s7)
    assert html.startswith('<div class="cardlab-table"') and 'data-view="all"' in html
    assert "<style>" in html
    assert set(cards_in(html)) == set(PACK_24)
    assert len(cards_in(html)) == 24
    assert "cardlab-back" not in html
    assert set(cards_in(section(html, "cardlab-hand", 0))) == SEAT0
    assert set(cards_in(section(html, "cardlab-hand", 1))) == SEAT1
    # the stock in draw order, then nothing else
    stock = cards_in(section(html, "cardlab-stock"))
    assert stock == [TURNUP, *STOCK]
    assert "12 cards with the turn-up" in html
    assert "B to lead." in html
    assert "A deals" in html and "trumps ♠" in html


def test_hand_sorted_by_suit_with_trumps_last(s7):
    html = render.state_html(s7)
    assert [str(c) for c in cards_in(section(html, "cardlab-hand", 0))] == "9♣ Q♦ 9♥ 10♠ J♠ 9♠".split()
    assert [str(c) for c in cards_in(section(html, "cardlab-hand", 1))] == "K♣ J♣ 9♦ A♥ 10♥ J♥".split()


def test_repr_html_is_state_html(s7):
    assert s7._repr_html_() == render.state_html(s7)


# -- the table: seat views --------------------------------------------------------------------


def test_seat0_view_hides_opponent_and_stock(s7):
    html = render.state_html(s7, seat=0)
    assert 'data-view="0"' in html and "A's view" in html
    shown = set(cards_in(html))
    assert shown == SEAT0 | {TURNUP}          # own six cards and the turn-up, nothing else
    assert not shown & SEAT1
    assert not shown & set(STOCK)
    assert set(cards_in(section(html, "cardlab-hand", 0))) == SEAT0
    assert section(html, "cardlab-hand", 1).count("cardlab-back") == 6
    assert section(html, "cardlab-stock").count("cardlab-back") == 1
    assert "11 face down" in html
    for c in SEAT1 | set(STOCK):              # not even the card's name in a title
        assert render.card_name(c) not in html


def test_seat1_view_after_two_tricks(s7):
    s = s7.apply_all(GAME[:5])                # B wins J♣ 9♣, A wins Q♥ 9♠ with a trump, A leads J♠
    html = render.state_html(s, seat=1)
    hand = [str(c) for c in cards_in(section(html, "cardlab-hand", 1))]
    assert hand == "K♣ K♦ 9♦ A♥ 10♥ J♥".split()
    assert cards_in(section(html, "cardlab-trick")) == [parse_card("J♠")]
    assert "A led" in html and "B to play to A's J♠." in html
    taken0 = section(html, "cardlab-taken", 0)
    assert "1 trick taken" in taken0 and cards_in(taken0) == list(parse_cards("Q♥ 9♠"))
    assert cards_in(section(html, "cardlab-taken", 1)) == list(parse_cards("J♣ 9♣"))
    assert "3 card points" in html and "2 card points" in html
    # A's hand (10♠ Q♦ 9♥ A♠ A♣) and the stock stay hidden
    assert not set(cards_in(html)) & set(parse_cards("10♠ Q♦ 9♥ A♠ A♣ K♠ A♦ J♦ 10♣ K♥ Q♣ 10♦"))
    assert section(html, "cardlab-hand", 0).count("cardlab-back") == 5


def test_seat_views_never_leak_over_random_hands():
    """At every step of many random hands, a seat view shows exactly the cards that seat may
    see: its hand, the opponent's shown cards, the trick, the tricks taken and the turn-up."""
    rng = random.Random(2024)
    checked = 0
    for seed in range(25):
        rules = (sixtysix.SANTASE, sixtysix.RUSSIAN_MARIAGE, sixtysix.GERMAN_66)[seed % 3]
        s = sixtysix.deal(rules, dealer=seed % 2, seed=seed)
        while True:
            for seat in (0, 1):
                v = s.view(seat)
                allowed = set(v.hand) | set(v.opponent_known) | set(v.trick) | {s.turnup}
                for t in v.tricks:
                    allowed |= set(t.played)
                shown = set(cards_in(render.state_html(s, seat)))
                assert shown <= allowed, (seed, seat, s.actions())
                assert set(v.hand) <= shown
                hidden = set(s.hands[1 - seat]) - set(v.opponent_known)
                text = render.state_text(s, seat)
                assert not any(re.search(rf"(?<![0-9A-Za-z]){re.escape(str(c))}", text) for c in
                               hidden | set(s.stock)), (seed, seat, text)
                checked += 1
            if s.is_finished:
                break
            s = s.apply(rng.choice(s.legal_actions()))
    assert checked > 500


def test_seat_view_of_a_marriage_shows_the_pair():
    hands = (parse_cards("9♠ 10♠ J♠ Q♦ 9♣ 9♥"), parse_cards("K♥ Q♥ 10♥ 9♦ K♣ A♥"))
    stock = parse_cards("A♣ 10♣ Q♣ J♣ A♦ 10♦ K♦ J♦ J♥ A♠ K♠")
    rules = sixtysix.SANTASE.with_options(marriage_on_first_lead=True)
    s = sixtysix.deal_from_hands(hands, "Q♠", stock, rules=rules).apply("marriage ♥")
    html = render.state_html(s, seat=0)
    opp = section(html, "cardlab-hand", 1)
    assert cards_in(opp) == list(parse_cards("K♥ Q♥"))
    assert opp.count("cardlab-known") == 2 and opp.count("cardlab-back") == 4
    assert "marriage ♥ 20 (counts after a trick)" in html
    assert "B declared the ♥ marriage and must lead K♥ or Q♥." in html
    # B leads K♥ and wins the trick: the 20 now counts, Q♥ stays known to A
    s = s.apply("K♥").apply("9♥")
    html = render.state_html(s, seat=0)
    assert cards_in(section(html, "cardlab-hand", 1)) == [parse_card("Q♥")]
    assert "24 points (4 card points + marriage ♥ 20)<" in html
    assert "Last trick (1): B won it" in html


def test_closed_stock_turns_the_turnup_down(s7):
    s = s7.apply_all(["J♣", "9♣", "close"])   # B won the first trick and closes
    seat_html = render.state_html(s, seat=0)
    stock = section(seat_html, "cardlab-stock")
    assert cards_in(stock) == []              # the turn-up is face down now
    assert stock.count("cardlab-back") == 2
    assert "closed by B" in stock and "closed the stock" in seat_html
    open_html = render.state_html(s)
    assert "cardlab-turned-down" in section(open_html, "cardlab-stock")
    assert "turn-up Q♠ turned down" in render.state_text(s)


def test_exhausted_stock_shows_turnup_drawn(s7):
    s = s7.apply_all(GAME[:12])               # the sixth trick empties the stock; B takes Q♠
    assert s.stock_size == 0
    html = render.state_html(s, seat=0)
    stock = section(html, "cardlab-stock")
    assert "exhausted" in stock and "turn-up drawn" in stock and "cardlab-gone" in stock
    assert cards_in(stock) == [TURNUP]
    # B holds the drawn turn-up, which A saw: it is shown as a known card
    assert parse_card("Q♠") in cards_in(section(html, "cardlab-hand", 1))


def test_finished_hand_shows_result(s7):
    s = s7.apply_all(GAME)
    assert s.is_finished
    html = render.state_html(s, seat=1)
    res = re.search(r'<div class="cardlab-result"[^>]*>(.*?)</div></div>', html, re.S).group(0)
    assert 'data-winner="0"' in res and 'data-game-points="2"' in res
    assert "A wins the hand: 2 game points." in res
    assert "A reaches 71: B had 27 (under 33), so 2 game points. Points 71–27, tricks 7–3." in res
    assert "7 tricks taken" in html and "3 tricks taken" in html
    assert '<div class="cardlab-status"' not in html


def test_names_are_escaped():
    s = sixtysix.deal(seed=7, names=("<b>Ann</b>", "Bob & Co"))
    html = render.state_html(s, seat=0)
    assert "<b>Ann</b>" not in html
    assert "&lt;b&gt;Ann&lt;/b&gt;" in html and "Bob &amp; Co to lead." in html


def test_bad_seat_and_unknown_variant(s7):
    with pytest.raises(ValueError, match="seat"):
        render.state_html(s7, seat=2)

    class Other:
        variant = "skat"

    with pytest.raises(ValueError, match="no renderer for Other: unknown variant 'skat'"):
        render.state_html(Other())
    with pytest.raises(ValueError, match="no renderer"):
        render.state_text(Other())


def test_registry_dispatches_on_variant(monkeypatch):
    """state_html finds the renderer module through the variant registry, for every variant."""
    from cardlab import variants
    from cardlab.render import renderer_of

    for name in variants.names():
        v = variants.get(name)
        s = v.deal(v.default_rules, 0, seed=1)
        assert renderer_of(s).__name__ == v.renderer
        assert render.state_html(s).startswith('<div class="cardlab-table"') or "cardlab-table" in render.state_html(s)
        assert render.state_text(s)


# -- text ---------------------------------------------------------------------------------------


def test_state_text_open_and_seat_view(s7):
    s = s7.apply_all(GAME[:5])
    assert render.state_text(s) == "\n".join([
        "Santase (Bulgaria) · trumps ♠ · A deals · trick 3 · all cards open",
        "B (to act): K♣ K♦ 9♦ A♥ 10♥ J♥",
        "    2 card points, 1 trick",
        "    taken: J♣ 9♣",
        "Stock: 8 cards, turn-up Q♠; face down: K♠ A♦ J♦ 10♣ K♥ Q♣ 10♦",
        "Trick 3: A led J♠",
        "A (dealer): A♣ Q♦ 9♥ A♠ 10♠",
        "    3 card points, 1 trick",
        "    taken: Q♥ 9♠",
        "B to play to A's J♠.",
    ])
    seat1 = render.state_text(s, seat=1)
    assert "A (dealer): ?? ?? ?? ?? ??" in seat1
    assert "Stock: 8 cards, turn-up Q♠; 7 face down" in seat1
    assert seat1.splitlines()[-4] == "B (to act): K♣ K♦ 9♦ A♥ 10♥ J♥"


def test_state_text_finished(s7):
    lines = render.state_text(s7.apply_all(GAME), seat=0).splitlines()
    assert lines[-2:] == ["A wins the hand: 2 game points.",
                          "A reaches 71: B had 27 (under 33), so 2 game points. Points 71–27, tricks 7–3."]


# -- score sheet ---------------------------------------------------------------------------------


def test_score_sheet_html():
    rows = [
        {"hand": 1, "dealer": "A", "winner": "B", "game points": 2, "totals": (0, 2)},
        {"hand": 2, "dealer": "B", "winner": None, "game points": 0, "totals": (0, 2), "note": "<drawn>"},
    ]
    html = render.score_sheet_html(rows)
    assert '<table class="cardlab-score-sheet">' in html
    heads = re.findall(r'<th scope="col">(.*?)</th>', html)
    assert heads == ["hand", "dealer", "winner", "game points", "totals", "note"]
    cells = [re.findall(r"<td>(.*?)</td>", tr) for tr in re.findall(r"<tr>(.*?)</tr>", html)[1:]]
    assert cells == [["1", "A", "B", "2", "0–2", ""], ["2", "B", "—", "0", "0–2", "&lt;drawn&gt;"]]
    assert "(no hands yet)" in render.score_sheet_html([])
    assert re.findall(r'<th scope="col">(.*?)</th>', render.score_sheet_html(rows, columns=["totals"])) == \
        ["totals"]


def test_render_imports_no_widgets_or_pandas():
    code = ("import sys, cardlab.render, cardlab.sixtysix; "
            "bad = [m for m in ('ipywidgets', 'pandas', 'IPython') if m in sys.modules]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_german_close_before_draw_and_exchange_at_close_status():
    # German 66, seed 1: B leads K♣, A plays J♦; B wins and may close before drawing
    s = sixtysix.deal(sixtysix.GERMAN_66, seed=1).apply_all(["K♣", "J♦"])
    html = render.state_html(s, seat=0)
    assert "B won the trick and may close the stock before drawing, or draw." in html
    assert "12 cards with the turn-up" in html               # nothing drawn yet
    assert section(html, "cardlab-hand", 0).count("<svg") == 5
    # seed 5: B closes; A holds the trump nine 9♣ and may take the turned-down 10♣
    s = sixtysix.deal(sixtysix.GERMAN_66, seed=5).apply_all(["A♠", "A♦", "draw", "K♦", "Q♦", "close"])
    assert s.to_act == 0
    text = render.state_text(s, seat=0)
    assert text.splitlines()[-1] == "A may exchange the trump nine for the turned-down 10♣ now, or keep it."
    assert "Stock: closed by B, turn-up 10♣ turned down; 9 face down" in text


# -- hide: a drawing that leaves out the quantity a question asks (issue 20) ----------------------

from cardlab import variants  # noqa: E402
from cardlab.classroom import exercises  # noqa: E402

#: What may not appear in a drawing made with each hide token: its words and its numbers in the
#: places each variant writes them (a seat's facts, a status line, the auction, the result box).
HIDDEN_MARKERS = {
    "card_points": re.compile(r"(?i)card points?\b|\d+ points? ·|\d+ points?\b(?! for)"),
    "bids": re.compile(r"\bbid \d|bid cards: \d|high bid \d|at least \d|cardlab-result99"
                       r"|cardlab-call[^>]*>[^<]*\d\d|cardlab-contract[^>]*>[^<]*\d\d"),   # bids are 66 or more
    "result": re.compile(r'class="cardlab-result|game points?\b|wins the hand|receives|Scores:|made the bid'
                         r"|Before the 100|Contract (made|failed)|Conceded|Thrown in|Redeal\."),
    "pips": re.compile(r"(?i)uncovers?\b|\bpips?\b|cardlab-eight"),
}
def _shows(variant, token, html):
    """Whether ``html`` shows what ``token`` names (a marker of HIDDEN_MARKERS, or the result's text
    where the variant's renderer declares its result text states that quantity: RESULT_STATES)."""
    return bool(HIDDEN_MARKERS[token].search(html)
                or (token in variants.get(variant).render().RESULT_STATES and "cardlab-result-text" in html))


DRAWN = re.compile(r'data-card="[^"]+"|class="cardlab-player[^"]*" data-seat="\d"|cardlab-back')


def _random_states(variant, rules, seeds=range(6), every=2):
    """States of random hands of ``variant`` under ``rules``: every ``every``-th step and the end."""
    v = variants.get(variant)
    seats = len(v.deal(rules, 0, seed=0).names)
    for seed in seeds:
        rng = random.Random(f"{variant}/{seed}")
        s = v.deal(rules, seed % seats, seed=seed)
        k = 0
        while True:
            if k % every == 0 or s.result is not None:
                yield s
            if s.result is not None:
                return
            s = s.apply(rng.choice(s.legal_actions()))
            k += 1


def _hidden_text(html):
    """The drawing as a person reads it: text, ``data-`` values and titles, without the style sheets."""
    return re.sub(r"<style>.*?</style>", "", html, flags=re.S)


@pytest.mark.parametrize("variant,preset", [(v, p) for v in variants.names() for p in variants.get(v).presets])
def test_hide_leaves_out_each_quantity_and_nothing_else(variant, preset):
    """For random states of every variant and preset, from every view: with a hide token the
    drawing has none of its markers and the same cards, seats and card backs; without, it is the
    drawing of hide=() (the default)."""
    rules = variants.get(variant).presets[preset]
    seen = {t: 0 for t in render.HIDE_TOKENS}
    for s in _random_states(variant, rules):
        for seat in [None] + list(range(len(s.names))):
            full = render.state_html(s, seat)
            assert render.state_html(s, seat, hide=()) == full == render.state_html(s, seat, hide=None)
            for token in render.HIDE_TOKENS:
                if _shows(variant, token, _hidden_text(full)):
                    seen[token] += 1
                hidden = render.state_html(s, seat, hide={token})
                assert not _shows(variant, token, _hidden_text(hidden)), (token, seat, hidden)
                assert sorted(DRAWN.findall(hidden)) == sorted(DRAWN.findall(full)), token
                assert hidden.count("<div") == hidden.count("</div>")
            every = render.state_html(s, seat, hide=render.HIDE_TOKENS)
            assert not any(_shows(variant, t, _hidden_text(every)) for t in HIDDEN_MARKERS)
    # the test sees each quantity this variant writes (and so can fail)
    written = variants.get(variant).render().WRITES      # what the renderer declares it draws
    assert written and written <= set(render.HIDE_TOKENS)
    assert {t for t, n in seen.items() if n} >= written, seen


@pytest.mark.parametrize("variant", variants.names())
def test_an_exercise_drawn_with_its_hidden_set_does_not_show_its_answer(variant):
    """Every kind of every variant and preset, a few seeds each: drawn as the students' page
    draws it (``hide=ex.hidden``), none of the hidden quantity's markers; the answer's number does
    not stand next to its unit."""
    for kind in exercises.kinds_for(variant):
        for preset in variants.get(variant).presets:
            for seed in range(4):
                ex = exercises.make_exercise(variant, kind, seed, preset)
                html = _hidden_text(render.state_html(ex.state, ex.seat, hide=ex.hidden))
                for token in ex.hidden:
                    assert not _shows(variant, token, html), (kind, preset, seed, token)
                if kind == "points":
                    assert not re.search(rf"\b{ex.expected} (card )?points?\b", html)
                if kind == "bid":
                    assert not re.search(rf"bid (cards: )?{ex.expected}\b", html)


def test_hide_tokens_are_checked():
    s = sixtysix.deal(seed=7)
    with pytest.raises(ValueError, match="card_points, bids, result, pips"):
        render.state_html(s, hide={"points"})
    with pytest.raises(ValueError, match="'answer'"):
        render.state_html(s, hide="answer")
    assert render.state_html(s, hide="card_points") == render.state_html(s, hide={"card_points"})
    for name in variants.names():
        v = variants.get(name)
        with pytest.raises(ValueError, match="hide names"):
            v.render().state_html(v.deal(v.default_rules if hasattr(v, "default_rules") else
                                         next(iter(v.presets.values())), 0, seed=1), None, hide={"legal"})


def test_hide_keeps_the_table_of_a_finished_sixty_six_hand():
    s = sixtysix.deal(seed=7)
    for c in GAME:
        s = s.apply(c)
    full = render.state_html(s)
    hidden = _hidden_text(render.state_html(s, hide={"card_points", "result"}))
    assert "71 card points" in full and "cardlab-result" in full
    assert "card point" not in hidden and "cardlab-result" not in hidden
    assert "The hand is over." in hidden and 'class="cardlab-taken"' in hidden   # the taken cards stay to count


@pytest.mark.parametrize("variant,preset", [(v, p) for v in variants.names() for p in variants.get(v).presets])
def test_the_table_layout_draws_the_same_table_around_the_table(variant, preset):
    """Every variant and preset, random states, every view: layout="table" puts the other seats
    in one row and the middle beside the viewer's seat, and draws the same cards, seats and card
    backs as the column layout; hidden quantities stay hidden; the column layout is the default
    at the normal size, the table layout at the large and projector sizes; a bad layout is a
    ValueError."""
    rules = variants.get(variant).presets[preset]
    for s in _random_states(variant, rules, seeds=range(3), every=5):
        players = len(s.names)
        for seat in [None] + list(range(players)):
            column = render.state_html(s, seat)
            table = render.state_html(s, seat, layout="table")
            assert 'class="cardlab-table cardlab-around"' in table and "cardlab-around" not in column
            assert sorted(DRAWN.findall(table)) == sorted(DRAWN.findall(column))
            assert table.count("<div") == table.count("</div>")
            row1 = table.index('class="cardlab-row cardlab-others"')
            row2 = table.index('class="cardlab-row cardlab-near"')
            others, near = table[row1:row2], table[row2:]
            assert others.count('class="cardlab-player') == players - 1
            assert near.count('class="cardlab-player') == 1
            assert near.index('class="cardlab-middle') < near.index('class="cardlab-player')
            viewer = 0 if seat is None else seat
            if variant != "ninety-nine":   # Ninety-Nine draws seat 2 at the bottom when all cards are open
                assert re.search(rf'class="cardlab-player[^"]*" data-seat="{viewer}"', near)
            hidden = _hidden_text(render.state_html(s, seat, layout="table", hide=render.HIDE_TOKENS))
            assert not any(_shows(variant, t, hidden) for t in HIDDEN_MARKERS)
            assert render.state_html(s, seat, size="projector") == \
                render.state_html(s, seat, size="projector", layout="table")
            assert "cardlab-around" not in render.state_html(s, seat, size="projector", layout="column")
    with pytest.raises(ValueError, match="layout is one of column, table"):
        render.state_html(s, layout="round")
    with pytest.raises(ValueError, match="layout"):
        variants.get(variant).render().state_html(s, None, layout="round")
