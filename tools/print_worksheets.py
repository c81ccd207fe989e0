#!/usr/bin/env python3
"""Write the printouts of every worksheet saved in a class folder, as ``python3 dev.py class`` does
at start:

    .venv/bin/python tools/print_worksheets.py CLASS_FOLDER

For each ``CLASS_FOLDER/worksheets/<code>.json`` (saved by the teacher's worksheet maker), the
worksheet and its answer key (:func:`cardlab.render.worksheet.worksheet_html`: A4, six exercises a
page, print CSS) go into ``CLASS_FOLDER/printouts/`` as ``<code>-worksheet.html`` and
``<code>-answers.html`` (:func:`cardlab.classroom.maker.printout_name`); a printout newer than its
worksheet file is left as it is. A worksheet that cannot be read is named with the reason and
skipped. Prints one line per worksheet written and a summary; exit status 0 unless the folder is
not a folder.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def print_worksheets(folder: Path, out=print) -> int:
    """Write the printouts of ``folder``'s saved worksheets into ``folder/printouts/``; returns
    how many worksheets have their printouts there."""
    from cardlab.classroom.maker import printout_name
    from cardlab.classroom.worksheet import load_worksheet
    from cardlab.errors import CardlabError
    from cardlab.render.worksheet import worksheet_html

    sheets = sorted((folder / "worksheets").glob("ws-*.json")) if (folder / "worksheets").is_dir() else []
    target = folder / "printouts"
    done = 0
    for path in sheets:
        code = path.stem
        try:
            sheet = load_worksheet(code, folder)
        except CardlabError as e:
            out(f"  {code}: not printed ({e})")
            continue
        if target.is_symlink():
            out(f"  {target} is a link: no printouts are written through it")
            return done
        target.mkdir(exist_ok=True)
        wrote = False
        for answers in (False, True):
            page = target / printout_name(code, answers)
            if page.is_symlink() or page.is_dir():
                out(f"  {page.name}: a link or a folder is in the way, not written")
                continue
            if page.exists() and page.stat().st_mtime >= path.stat().st_mtime:
                continue
            partial = page.with_name(f".{page.name}.{os.getpid()}.part")
            try:
                partial.write_text(worksheet_html(sheet.exercises(), f"{sheet.title} ({code})", answers=answers),
                                   encoding="utf-8")
                os.replace(partial, page)
            finally:
                partial.unlink(missing_ok=True)
            wrote = True
        done += 1
        if wrote:
            n = len(sheet.items)
            out(f"  {code}: {sheet.title} ({n} exercise{'s' if n != 1 else ''})")
    return done


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: tools/print_worksheets.py CLASS_FOLDER (an existing folder)", file=sys.stderr)
        return 2
    folder = Path(argv[0]).resolve()
    n = print_worksheets(folder)
    if n:
        print(f"printouts of {n} saved worksheet{'s' if n != 1 else ''} (worksheet and answer key each): "
              f"{folder / 'printouts'}/")
    else:
        print(f"no saved worksheets yet in {folder / 'worksheets'} (the teacher's page saves them; its Print buttons "
              f"write printouts into the class folder)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
