"""Write the printable rules sheet of every variant to docs/rules/<variant>.html (one page each,
generated from the RULES tables; see cardlab.render.rules_sheet). Open one in a browser and print.

    .venv/bin/python tools/make_rules_sheets.py
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardlab import variants  # noqa: E402
from cardlab.render.rules_sheet import save_rules_sheet  # noqa: E402

if __name__ == "__main__":
    out = ROOT / "docs" / "rules"
    out.mkdir(parents=True, exist_ok=True)
    for name in variants.names():
        print(save_rules_sheet(name, out / f"{name}.html").relative_to(ROOT))
