"""Write the one-page student handout of every variant to docs/handouts/<variant>.html (the rules
of its default preset in plain words with a picture of the cards, 10 pt or more; see
cardlab.render.handout), or to the folder given with --out. Open one in a browser and print it.

    .venv/bin/python tools/make_handouts.py            # docs/handouts/
    .venv/bin/python tools/make_handouts.py --out DIR
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardlab import variants  # noqa: E402
from cardlab.render.handout import save_handout  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "handouts",
                        help="folder to write <variant>.html into (default: docs/handouts/)")
    out = parser.parse_args(argv).out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    for name in variants.names():
        path = save_handout(name, out / f"{name}.html")
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
