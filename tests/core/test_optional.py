"""pandas is optional (the ``tables`` extra, issue 23): a function that needs it says so in a
typed error where it is missing, and importing cardlab, the classroom and the play table loads
none of it (so they run in the static site's browser Python)."""

import subprocess
import sys

import pytest

from cardlab import CardlabError
from cardlab.optional import MissingPackageError


def test_a_function_needing_pandas_says_so_where_it_is_missing(monkeypatch):
    from cardlab import sixtysix
    from cardlab.sixtysix_game import SixtySixGame

    monkeypatch.setitem(sys.modules, "pandas", None)     # import pandas now raises ImportError
    game = SixtySixGame(sixtysix.SANTASE)
    with pytest.raises(MissingPackageError) as info:
        game.score_sheet()
    err = info.value
    assert isinstance(err, CardlabError) and isinstance(err, ImportError) and err.name == "pandas"
    text = str(err)
    assert "score_sheet() needs pandas" in text and "cardlab[tables]" in text, text


def test_with_pandas_the_module_itself_is_given():
    pd = pytest.importorskip("pandas")
    from cardlab.optional import pandas

    assert pandas is pd


def test_unknown_names_are_attribute_errors():
    import cardlab.optional

    with pytest.raises(AttributeError):
        cardlab.optional.numpy  # noqa: B018


def test_the_site_s_notebooks_load_no_pandas():
    code = ("import sys\n"
            "import cardlab\n"
            "from cardlab.classroom.panel import ClassroomPanel\n"
            "from cardlab.classroom.hands import SampleHands\n"
            "from cardlab.classroom.widget import ExerciseWidget\n"
            "from cardlab.classroom.editor import PositionEditor\n"
            "from cardlab.widgets import PlayTable\n"
            "PlayTable(variant='sixty-six', seed=1, opponent='heuristic')\n"
            "ExerciseWidget('66-santase-legal-e2-2026', count=2, teacher=False)\n"
            "ClassroomPanel(teacher=False)\n"
            "print(sorted(m for m in ('pandas', 'numpy', 'matplotlib') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]", out
