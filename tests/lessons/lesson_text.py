"""Reading the lessons as a beginner does: their prose, the glossary's terms, the beginner's path.

Shared by the lesson tests and ``tools/lesson_words.py``. A lesson's *path* is everything before
its closing section (a level-2 heading starting "Other ways people play this"): what a beginner
reads in order. Prose is the markdown without headings, fenced code, inline code, HTML tags and
link targets (each blanked to spaces, so positions still point into the cell's text).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
#: The lessons in the order the index suggests; the first holds the glossary.
LESSONS = ("sixty_six.ipynb", "mariage_three.ipynb", "russian_501.ipynb", "mariage_four.ipynb",
           "ninety_nine.ipynb")
FIRST = LESSONS[0]
GLOSSARY_HEADING = "## Glossary"
GLOSSARY_LINK = f"{FIRST}#Glossary"
CLOSING_HEADING = "## Other ways people play this"

#: Each glossary term and the words that are a use of it.
TERMS: dict[str, str] = {
    "trick": r"\btricks?\b(?!-taking)",
    "lead": r"\b(?:lead|leads|leading|led)\b",
    "follow suit": r"\bfollow(?:s|ing|ed)? suit\b",
    "trumps": r"\btrumps?\b",
    "stock": r"\bstock\b",
    "prikup": r"\bprikup\b",
    "marriage": r"\bmarriages?\b",
    "card points": r"\bcard points?\b",
    "points": r"(?<!card )(?<!game )\bpoints\b",
    "game points": r"\bgame points?\b",
    "contract": r"\bcontracts?\b",
    "declarer": r"\bdeclarers?\b",
    "eldest": r"\beldest\b",
}

_LINK = re.compile(r"\[([^\]]*)\]\(([^)]*)\)")


def cells(name: str) -> list[dict]:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def _blank(text: str, pattern: str, flags=0) -> str:
    return re.sub(pattern, lambda m: " " * len(m.group(0)), text, flags=flags)


def prose(text: str) -> tuple[str, list[tuple[int, int, str]]]:
    """``(text, links)``: the markdown's prose with everything but the words a reader reads
    blanked, and each link's text span ``(start, end, target)``."""
    text = _blank(text, r"^```.*?^```", re.M | re.S)
    text = _blank(text, r"^#.*$", re.M)
    text = _blank(text, r"`[^`\n]*`")
    text = _blank(text, r"<[^>\n]*>")
    links = []
    out = list(text)
    for m in _LINK.finditer(text):
        links.append((m.start(1), m.end(1), m.group(2)))
        for i in range(m.end(1), m.end(0)):
            out[i] = " "
    return "".join(out), links


def path_cells(name: str) -> list[dict]:
    """The cells of the beginner's path (before the closing section)."""
    out = []
    for c in cells(name):
        if c["cell_type"] == "markdown" and source(c).lstrip().startswith(CLOSING_HEADING):
            break
        out.append(c)
    return out


def words(text: str) -> int:
    return len(re.findall(r"\S+", text))


def path_words(cells_: list[dict]) -> int:
    """Words of markdown a beginner reads on the path (headings included, code excluded)."""
    return sum(words(source(c)) for c in cells_ if c["cell_type"] == "markdown")
