"""Write the printable worksheet and answer key of worksheet codes or set codes (six exercises per
A4 page; see cardlab.render.worksheet) into <class folder>/print/ as <code>-worksheet.html and
<code>-key.html. Open one in a browser and print it.

    .venv/bin/python tools/make_worksheets.py ws-k7m2q 66-santase-legal,trick-e2-1234
    .venv/bin/python tools/make_worksheets.py --folder DIR --count 18 66-santase-legal-e2-7
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardlab.errors import CardlabError  # noqa: E402
from cardlab.classroom.worksheet import save_print  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("codes", nargs="+", help="worksheet codes (ws-...) or set codes, as typed")
    parser.add_argument("--folder", type=Path, default=None,
                        help="the class folder (default: $CARDLAB_CLASS_FOLDER or ./classes)")
    parser.add_argument("--count", type=int, default=12, help="exercises printed of a set code (default 12)")
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error("--count is at least 1")
    failed = 0
    for code in args.codes:
        try:
            for path in save_print(code, args.folder, args.count):
                print(path)
        except CardlabError as e:
            print(f"{code}: {e}", file=sys.stderr)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
