"""Shared pieces of cardlab's widgets: buttons and HTML panes carrying ``cardlab-…`` classes.

Conventions of every widget in this package: widgets only
update ``HTML.value`` and ``Label.value``; they never print into ``Output`` widgets nor call
``clear_output``, so nbval, Voila and static HTML all see the same thing. Every part has a
``cardlab-…`` CSS class (added with ``add_class``) for browser tests. A person's mistake is shown
in the widget's message area in words, never as a traceback, and no callback raises.

Every public widget class also lists :class:`StaticFallback` first among its bases: its output
then carries its first view as static HTML (``text/html`` beside the widget view), which
JupyterLab and Voila leave unshown while the widget lives and GitHub, nbviewer and nbconvert
show for a notebook stored without widget state.
"""

from __future__ import annotations

import base64
import html
import re
from typing import Any, Callable

import ipywidgets as w

from ..errors import CardlabError

__all__ = ["StaticFallback", "button", "guarded", "html_pane", "static_markup", "widget_html"]


def guarded(fn: Callable, say: Callable[[str], None], errors: list, what: str) -> Callable:
    """``fn`` as a widget callback that never raises: a :class:`~cardlab.errors.CardlabError`
    (a person's mistake) is passed to ``say`` in its own words; any other exception (a bug) is
    appended to ``errors`` as ``"Type: message"`` and said as "Something went wrong (Type);
    ``what`` is as it was." (tests click everything and check ``errors`` stays empty)."""
    def handler(*args):
        try:
            fn(*args)
        except CardlabError as e:
            say(str(e))
        except Exception as e:  # noqa: BLE001 - no callback may raise; a bug is kept in errors
            errors.append(f"{type(e).__name__}: {e}")
            say(f"Something went wrong ({type(e).__name__}); {what} is as it was.")
    return handler


def button(description: str, css_class: str, tooltip: str = "") -> w.Button:
    b = w.Button(description=description, tooltip=tooltip, layout=w.Layout(width="auto"))
    b.add_class(css_class)
    return b


def html_pane(css_class: str, value: str = "") -> w.HTML:
    """An HTML widget carrying ``css_class`` (the browser tests and the CSS find widgets by it)."""
    h = w.HTML(value)
    h.add_class(css_class)
    return h


# ---------------------------------------------------------------------------------------------
# The static fallback: a widget's first view as plain HTML inside its own output

#: Inline styles standing in for the drawings' style sheet (:data:`cardlab.render.cards.CSS`) in
#: a fallback: GitHub's notebook view drops ``<style>`` blocks, so a fallback carries none and
#: gives the elements that carry these classes their look in ``style`` attributes instead (the
#: rest reads well unstyled: blocks stack, cards sit in rows).
FALLBACK_STYLES = {
    "cardlab-table": ("display:inline-block;padding:6px 10px;background:#e7f2ea;color:#1e2a23;"
                      "border:1px solid #b3d1bd;border-radius:10px;font-size:13px;line-height:1.35"),
    "cardlab-caption": "color:#56675c;font-size:12px;margin:0 0 4px",
    "cardlab-player": "margin:4px 0;padding:2px 4px",
    "cardlab-to-act": "border:2px solid #d79b00;border-radius:8px",
    "cardlab-head": "margin-bottom:3px",
    "cardlab-name": "font-weight:600",
    "cardlab-badge": "font-size:11px;padding:0 6px;border-radius:8px;background:#fff;border:1px solid #b3d1bd",
    "cardlab-turn": "background:#ffe08a;border-color:#d79b00",
    "cardlab-cards": "display:flex;flex-wrap:wrap;gap:3px;align-items:flex-end",
    "cardlab-row": "display:flex;flex-wrap:wrap;gap:6px 8px",
    "cardlab-middle": "display:flex;flex-wrap:wrap;gap:6px 18px;margin:6px 0;padding:4px;border:1px dashed #b3d1bd",
    "cardlab-label": "font-size:12px;color:#56675c",
    "cardlab-slot": "display:inline-flex;flex-direction:column;align-items:center;font-size:11px;color:#56675c",
    "cardlab-empty": "display:inline-block;padding:2px 6px;border:2px dashed #b3d1bd;border-radius:5px;color:#56675c",
    "cardlab-taken": "font-size:12px;color:#56675c",
    "cardlab-chip": ("padding:0 3px;margin:0 1px;border-radius:3px;background:#fff;border:1px solid #c9cfd3;"
                     "color:#1b1b1b;font-weight:600;font-size:12px"),
    "cardlab-red": "color:#c62828",
    "cardlab-known": "outline:2px solid #d79b00",
    "cardlab-gone": "opacity:.45",
    "cardlab-turned-down": "opacity:.45",
    "cardlab-last-trick": "opacity:.6",
    "cardlab-status": "margin-top:4px;font-weight:600",
    "cardlab-result": "margin-top:6px;padding:4px 8px;border-radius:8px;background:#fff;border:1px solid #d79b00",
    "cardlab-result-head": "font-weight:700",
    "cardlab-score-sheet": "border-collapse:collapse;font-size:13px",
    "cardlab-message-text": "font-size:13px",
    "cardlab-error": "color:#b3261e;font-weight:600",
}

_BUTTON = "display:inline-block;margin:1px;padding:1px 8px;border:1px solid #999;border-radius:3px;background:#eee;font:13px sans-serif"
_PRESSED = "background:#c8d3de;border-color:#44678a;box-shadow:inset 0 1px 3px #0004"
_FIELD = "display:inline-block;min-width:3em;padding:0 4px;border:1px solid #999;background:#fff"
_ROW = "display:flex;flex-flow:row wrap;align-items:center;gap:2px 6px"
_COLUMN = "display:flex;flex-direction:column;gap:2px"
#: The line under every fallback, saying it is a picture.
FALLBACK_NOTE = "A picture of the widget as it first showed: run the notebook to use it."

_BLOCKS = re.compile(r"<(script|style)\b[^>]*>.*?</\1\s*>", re.S | re.I)
_SVG = re.compile(r"<svg\b([^>]*)>.*?</svg\s*>", re.S | re.I)
_TAG = re.compile(r"<([a-zA-Z][\w-]*)(\s[^<>]*?)?(/?)>")
_CLASS = re.compile(r"""\bclass\s*=\s*(["'])(.*?)\1""", re.S)
_STYLE_ATTR = re.compile(r"""\bstyle\s*=\s*(["'])(.*?)\1""", re.S)
_CHIP = re.compile(r"""<span class=(["'])cardlab-chip( cardlab-red)?\1[^>]*>(.*?)</span>""", re.S)
_CLOSED = re.compile(r"<details>\s*<summary>(.*?)</summary>.*?</details>", re.S)
_HANDLERS = re.compile(r"""\son\w+\s*=\s*(["']).*?\1""", re.S | re.I)


def _attr(attrs: str, name: str) -> str | None:
    m = re.search(rf"""\b{name}\s*=\s*(["'])(.*?)\1""", attrs, re.S)
    return html.unescape(m.group(2)) if m else None


_SVG_KEEP = ("width", "height", "viewBox")
#: A group drawn again turned (a card's corner, upside down in the opposite corner).
_TURNED_TWIN = re.compile(r'(<g\b[^>]*>)((?:(?!<g\b).)+?)<g transform="(rotate\([^)]*\))">\2</g>', re.S)


def _compact_svg(svg: str, attrs: str) -> str:
    """A card's ``<svg>`` as a stand-alone picture, smaller: only its size attributes (the
    ``<img>`` carries its name), no ``<title>``, and a corner drawn again turned referenced with
    ``<use>`` instead of written twice (the ids live inside the picture's data URL only)."""
    keep = "".join(f' {k}="{html.escape(v)}"' for k in _SVG_KEEP if (v := _attr(attrs, k)) is not None)
    if "xmlns:xlink=" in attrs:
        keep += ' xmlns:xlink="http://www.w3.org/1999/xlink"'
    body = svg[svg.index(">") + 1:]
    body = re.sub(r"<title>.*?</title>|<metadata>.*?</metadata>", "", body, flags=re.S)
    # ids made at random (a chart's clip paths and markers) numbered in order of appearance
    for n, old in enumerate(dict.fromkeys(re.findall(r'\bid="([^"]+)"', body))):
        body = re.sub(rf'(?<=["#]){re.escape(old)}(?=[")])', f"i{n}", body)
    body = _TURNED_TWIN.sub(r'\1<g id="c">\2</g><use href="#c" transform="\3"/>', body, count=1)
    return f'<svg xmlns="http://www.w3.org/2000/svg"{keep}>{body}'


def _card_box(attrs: str) -> str | None:
    """A card's ``<svg>`` (class ``cardlab-card``) as a card-sized box holding its text ("10♦",
    red for ♥ ♦; "??" on blue for a face-down card) in inline styles: a few hundred bytes
    instead of a drawing, and where styles are dropped still the card's text (``None`` for a
    drawing that is not a card)."""
    classes = (_attr(attrs, "class") or "").split()
    if "cardlab-card" not in classes:
        return None
    width = int(float(_attr(attrs, "width") or 44))
    height = int(float(_attr(attrs, "height") or 62))
    card = _attr(attrs, "data-card")
    name = _attr(attrs, "aria-label") or card or "a card"
    extra = "".join(";" + FALLBACK_STYLES[c] for c in classes if c in FALLBACK_STYLES)
    box = (f"display:inline-block;width:{width - 8}px;height:{height - 4}px;padding:1px 3px;border:1px solid #8e969c;"
           f"border-radius:4px;font:700 {max(10, round(width * .34))}px sans-serif")
    if card is None:     # face down: nothing about the card is written
        return (f'<span class="{html.escape(" ".join(classes))}" title="{html.escape(name)}" '
                f'style="{box};background:#24528f;color:#cfe0f5{extra}">??</span>')
    colour = ";color:#c62828" if card[-1:] in "♥♦" else ";color:#000"
    return (f'<span class="{html.escape(" ".join(classes))}" data-card="{html.escape(card)}" '
            f'title="{html.escape(name)}" style="{box};background:#fff{colour}{extra}">{html.escape(card)}</span>')


def _svg_img(m: re.Match) -> str:
    """An inline ``<svg>`` drawing as an ``<img>`` with the drawing in a data URL, its name as
    ``alt`` text (read where images are not shown)."""
    attrs = m.group(1)
    card = _card_box(attrs)
    if card is not None:
        return card
    svg = _compact_svg(m.group(0), attrs)
    src = "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
    out = [f'<img src="{src}"']
    alt = _attr(attrs, "aria-label") or _attr(attrs, "data-card") or "drawing"
    out.append(f' alt="{html.escape(alt)}" title="{html.escape(alt)}"')
    for name in ("width", "height", "class", "data-card"):
        value = _attr(attrs, name)
        if value is not None:
            out.append(f' {name}="{html.escape(value)}"')
    style = " ".join(s for s in (FALLBACK_STYLES.get(c) for c in (_attr(attrs, "class") or "").split()) if s)
    out.append(f' style="vertical-align:bottom;{style}">' if style else ' style="vertical-align:bottom">')
    return "".join(out)


def _inline_style(m: re.Match) -> str:
    tag, attrs, close = m.group(1), m.group(2) or "", m.group(3)
    cls = _CLASS.search(attrs)
    if not cls or tag.lower() == "img":
        return m.group(0)
    styles = [FALLBACK_STYLES[c] for c in cls.group(2).split() if c in FALLBACK_STYLES]
    if not styles:
        return m.group(0)
    own = _STYLE_ATTR.search(attrs)
    if own:
        merged = ";".join(styles + [html.unescape(own.group(2))])
        attrs = attrs[:own.start()] + f'style="{html.escape(merged)}"' + attrs[own.end():]
    else:
        attrs += f' style="{html.escape(";".join(styles))}"'
    return f"<{tag}{attrs}{close}>"


def static_markup(markup: str) -> str:
    """``markup`` (an HTML pane's value) made fit for a static fallback: no ``<script>`` and no
    ``<style>`` blocks (GitHub drops them; nbviewer would apply them to the whole page), no event
    handlers, a card's ``<svg>`` a card-sized box with its text ("10♦", "??" face down), any other
    inline ``<svg>`` (an eight, a chart) an ``<img>`` with a data URL and its name as its ``alt``
    text (its metadata left out and its ids numbered in order, so the same drawing gives the same
    text), a card written as a chip (tricks taken, a list of ways) its text in bold
    (red for ♥ ♦), a closed ``<details>`` its summary only (as it first shows), and the drawings'
    classes given their look inline (:data:`FALLBACK_STYLES`). Deterministic: the same markup
    gives the same text."""
    out = _SVG.sub(_svg_img, markup)      # first: a drawing's own style sheet stays inside its picture
    out = _BLOCKS.sub("", out)
    out = _CLOSED.sub(r"<div>\1</div>", out)     # a closed <details> shows its summary only
    out = _CHIP.sub(lambda m: f'<b style="color:#c62828">{m.group(3)}</b>' if m.group(2) else f"<b>{m.group(3)}</b>", out)
    out = _HANDLERS.sub("", out)
    out = _TAG.sub(_inline_style, out)
    # words in neighbouring inline elements stay apart where no style sheet spaces them
    return out.replace("</span><span", "</span> <span").replace("><img", "> <img")


def _hidden(widget) -> bool:
    layout = getattr(widget, "layout", None)
    return layout is not None and (getattr(layout, "display", None) == "none"
                                   or getattr(layout, "visibility", None) == "hidden")


def _button_html(text: str, pressed: bool = False, disabled: bool = False) -> str:
    style = _BUTTON + (";" + _PRESSED if pressed else "") + (";opacity:.5" if disabled else "")
    body = html.escape(text) or "&nbsp;"
    return f'<kbd style="{style}">{"<b>" + body + "</b>" if pressed else body}</kbd>'


def _field_html(description: str, value: Any, css_class: str = "cardlab-static-field") -> str:
    head = f"{html.escape(description)}: " if description else ""
    return (f'<span class="{css_class}">{head}<span style="{_FIELD}">'
            f'{html.escape(str(value)) or "&nbsp;"}</span></span>')


def _output_html(outputs) -> str:
    """The stored outputs of an ``Output`` widget as HTML (HTML, an image, or text)."""
    parts = []
    for out in outputs:
        kind = out.get("output_type")
        if kind == "stream":
            parts.append(f"<pre>{html.escape(''.join(out.get('text', '')))}</pre>")
        elif kind == "error":
            parts.append(f"<pre>{html.escape(out.get('ename', ''))}: {html.escape(out.get('evalue', ''))}</pre>")
        else:
            data = out.get("data", {})
            if "text/html" in data:
                value = data["text/html"]
                parts.append(static_markup("".join(value) if isinstance(value, list) else value))
            elif "image/png" in data or "image/jpeg" in data:
                fmt = "png" if "image/png" in data else "jpeg"
                parts.append(f'<img src="data:image/{fmt};base64,{"".join(data["image/" + fmt]).strip()}" alt="image">')
            elif "text/plain" in data:
                parts.append(f"<pre>{html.escape(''.join(data['text/plain']))}</pre>")
    return "".join(parts)


def widget_html(widget, top: bool = False) -> str:
    """``widget`` as a person sees it, in static HTML (see :class:`StaticFallback`): HTML panes
    as they are (:func:`static_markup`), labels as text, buttons as button-looking keys (a toggle
    that is down shown pressed, a disabled one faded), menus, number and text fields and sliders
    as "description: value", an HBox as a row and a VBox as a column (inline styles), an
    ``Image`` as an ``<img>`` with a data URL, an ``Output`` widget's stored outputs; parts whose
    layout hides them (``display: none``, ``visibility: hidden``) are left out, and a part that
    is itself a :class:`StaticFallback` (not ``top``) draws itself with its own
    :meth:`~StaticFallback.static_html`. Returns ``""`` for nothing to show. Never raises for
    an unknown widget kind (it is left out unless it has a description and a value)."""
    if _hidden(widget):
        return ""
    if not top and isinstance(widget, StaticFallback):
        return widget.static_html()
    if isinstance(widget, (w.HTML, w.HTMLMath)):
        return static_markup(widget.value) if widget.value else ""
    if isinstance(widget, w.Label):
        return f"<span>{html.escape(widget.value)}</span>" if widget.value else ""
    if isinstance(widget, w.Button):
        return _button_html(widget.description or widget.icon, disabled=widget.disabled)
    if isinstance(widget, w.ToggleButton):
        return _button_html(widget.description, pressed=bool(widget.value), disabled=widget.disabled)
    if isinstance(widget, w.ToggleButtons):
        head = f"<span>{html.escape(widget.description)} </span>" if widget.description else ""
        return head + "".join(_button_html(label, pressed=i == widget.index, disabled=widget.disabled)
                              for i, label in enumerate(widget._options_labels))
    if isinstance(widget, w.Checkbox):
        return f"<span>{'☑' if widget.value else '☐'} {html.escape(widget.description)}</span>"
    if isinstance(widget, w.Play):
        return _button_html("▶", disabled=widget.disabled)
    if isinstance(widget, w.Password):
        return _field_html(widget.description, "•" * len(widget.value))
    if isinstance(widget, (w.Dropdown, w.Select, w.RadioButtons, w.SelectionSlider)):
        return _field_html(widget.description, widget.label or "", "cardlab-static-menu")
    if isinstance(widget, w.Image):
        if widget.format == "url":
            src = bytes(widget.value).decode("utf-8", "replace")
        else:
            src = f"data:image/{widget.format};base64," + base64.b64encode(bytes(widget.value)).decode("ascii")
        size = "".join(f' {k}="{html.escape(str(v))}"' for k, v in (("width", widget.width), ("height", widget.height)) if v)
        return f'<img src="{html.escape(src)}" alt="image"{size}>'
    if isinstance(widget, w.Output):
        return _output_html(widget.outputs)
    if isinstance(widget, w.Box):
        parts = [p for p in (widget_html(c) for c in widget.children) if p]
        if not parts:
            return ""
        row = isinstance(widget, w.HBox) or (not isinstance(widget, w.VBox)
                                             and getattr(widget.layout, "flex_flow", None) in ("row", "row wrap"))
        if row:   # inline parts (keys, fields, words) stay on one line even where styles are dropped
            return f'<div style="{_ROW}">' + " ".join(
                f"<span>{p}</span>" if p.startswith(("<kbd", "<span")) else f"<div>{p}</div>" for p in parts) + "</div>"
        return f'<div style="{_COLUMN}">' + "".join(f"<div>{p}</div>" for p in parts) + "</div>"
    if isinstance(widget, w.Textarea):
        return (f"<div>{html.escape(widget.description)}</div>" if widget.description else "") + \
            f'<pre style="{_FIELD};white-space:pre-wrap">{html.escape(widget.value)}</pre>'
    if hasattr(widget, "description") and hasattr(widget, "value"):
        value = widget.value
        if isinstance(value, (tuple, list)):
            value = " – ".join(map(str, value))
        return _field_html(widget.description, value)
    return ""


class StaticFallback:
    """Mixin (listed before the ipywidgets base class) that makes a widget's output carry its
    first view as static HTML: the display bundle gets a ``text/html`` entry beside
    ``application/vnd.jupyter.widget-view+json`` and ``text/plain``.

    JupyterLab and Voila prefer the widget view, so a live widget shows once and the picture not
    at all; where the widget cannot live (a notebook stored without widget state, as
    tools/run_notebooks.py stores them, read on GitHub, nbviewer or through nbconvert, or
    opened before its cells run) the picture shows instead of the bare ``text/plain`` repr.
    The picture is what :meth:`static_html` gives when the widget is displayed: by default
    :func:`widget_html` of the widget's tree in a ``<div class="cardlab-static">`` with
    :data:`FALLBACK_NOTE` under it. It is deterministic (no model ids, times or random ids, so
    nbval can compare it), holds no ``<script>`` and no ``<style>`` (inline styles only) and
    shows only what the widget shows (nothing hidden, nothing not in its state): a class whose
    first view would be wrong overrides :meth:`static_html`. Displaying never fails for the
    picture: a picture that cannot be made is left out.
    """

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        if not data:
            return data
        try:
            picture = self.static_html()
        except Exception:  # noqa: BLE001 - displaying the live widget must not fail for its picture
            return data
        if picture:
            data["text/html"] = (f'<div class="cardlab-static" style="font:13px sans-serif">{picture}'
                                 f'<div style="font-size:11px;color:#6b6b6b;margin-top:2px">'
                                 f'{html.escape(FALLBACK_NOTE)}</div></div>')
        return data

    def static_html(self) -> str:
        """This widget's first view as static HTML (without the wrapper and note that
        :meth:`_repr_mimebundle_` adds); ``""`` for nothing to show."""
        return widget_html(self, top=True)
