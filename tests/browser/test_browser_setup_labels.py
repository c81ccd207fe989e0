"""The play table's setup bar reads whole at 1280×720 (issue 24: "Computer 3 (you are eldes…"):
in Voila and in JupyterLab, for every game of the Game menu and every seat, each option of each
setup menu (Game, Rules, Your seat, Dealer, Opponent) fits its menu's box when chosen, and the bar
keeps to three rows at most above the table. A closed menu shows only its chosen option, so an
option wider than the box would be cut with an ellipsis.

The width of an option's words is measured in the page with the menu's own font (a canvas's
``measureText``) and compared with the room inside the box (its width less the padding and the
arrow, which ipywidgets draws inside the right padding)."""

import pytest
from browser_helpers import open_in_voila, run_all_in_lab, screenshot, wait_for

from cardlab import variants

pytestmark = pytest.mark.browser

NOTEBOOK = "play.ipynb"
MENUS = ("cardlab-variant-menu", "cardlab-rules-menu", "cardlab-seat-menu", "cardlab-dealer-menu",
         "cardlab-opponent-menu")
#: px: the bar's height on three rows at most (a row is a 28 px menu and its margins; measured 64 px,
#: two rows, everywhere in Voila and for three games in JupyterLab, 96 px for 501 and Mariage for
#: four there); whether the table under it still fits is test_browser_table_fit's measure
ROWS_AT_MOST = 100
ARROW = 0  # px kept for the menu's arrow besides its padding (ipywidgets' right padding holds it)

_CUT = """([table, menus, arrow]) => {
    const ctx = document.createElement('canvas').getContext('2d');
    const out = [];
    for (const css of menus) {
        const sel = table.querySelector('.' + css + ' select');
        if (!sel) { out.push(css + ': no menu'); continue; }
        const s = getComputedStyle(sel);
        ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
        const room = sel.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - arrow;
        for (const o of sel.options) {
            const need = ctx.measureText(o.text).width;
            if (need > room + 1) out.push(`${css}: "${o.text}" needs ${Math.round(need)} px, has ${Math.round(room)}`);
        }
    }
    const bar = table.querySelector('.cardlab-setup').getBoundingClientRect();
    return {cut: out, bar: Math.round(bar.height)};
}"""


def _redraws(table) -> int:
    return int(table.locator(".cardlab-status-line .cardlab-status").get_attribute("data-refresh") or 0)


def _choose(page, table, css: str, label: str) -> None:
    before = _redraws(table)
    table.locator(f".{css} select").select_option(label=label)
    page.wait_for_function(
        """([el, old]) => { const m = el.querySelector('.cardlab-status-line .cardlab-status');
            return m && +m.dataset.refresh > old && m.dataset.busy === '0'; }""",
        arg=[table.element_handle(), before], timeout=60_000)


def _every_menu_option_fits(page, table, where: str) -> None:
    problems, bars = [], {}
    for name in variants.names(declared=True):
        title = variants.get(name).title
        if table.locator(f".cardlab-view .cardlab-table[data-variant='{name}']").count() == 0:
            _choose(page, table, "cardlab-variant-menu", title)
        seats = table.locator(".cardlab-seat-menu select option").all_text_contents()
        for k, seat in enumerate(seats):
            if table.locator(f".cardlab-view .cardlab-table[data-view='{k}']").count() == 0:
                _choose(page, table, "cardlab-seat-menu", seat)
            m = page.evaluate(_CUT, [table.element_handle(), list(MENUS), ARROW])
            problems += [f"{where}, {title}, seat {seat}: {c}" for c in m["cut"]]
            bars[(name, seat)] = m["bar"]
        screenshot(page, f"{where}-setup-{name}")
    assert not problems, "menu options cut at 1280 px:\n" + "\n".join(problems)
    print(where, "setup bar heights (px):", sorted(set(bars.values())))
    assert max(bars.values()) <= ROWS_AT_MOST, {k: b for k, b in bars.items() if b > ROWS_AT_MOST}


def test_voila_setup_menus_read_whole(page, voila_server):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_in_voila(page, voila_server, NOTEBOOK)
    _every_menu_option_fits(page, wait_for(page, page.locator(".cardlab-play").first, "the play table"), "voila")


def test_lab_setup_menus_read_whole(page, lab_server):
    page.set_viewport_size({"width": 1280, "height": 720})
    run_all_in_lab(page, lab_server, NOTEBOOK)
    panel = page.locator(f"[id='{page.evaluate('() => window.jupyterapp.shell.currentWidget.id')}']")
    _every_menu_option_fits(page, wait_for(page, panel.locator(".jp-OutputArea-output .cardlab-play").first,
                                           "the play table"), "lab")
