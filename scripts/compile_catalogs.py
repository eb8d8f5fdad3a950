"""Compile the message catalogs: each ``shtoss_exact/locale/*/LC_MESSAGES/*.po`` into the
``.mo`` file beside it, which the standard library's gettext reads at run time.

Babel is a development tool here (it is in the test extra, not a dependency of the
package): ``python scripts/compile_catalogs.py``; ``--check`` fails when a ``.mo`` file is
not the compilation of its ``.po`` file.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parent.parent / "shtoss_exact" / "locale"


def compiled(po: Path) -> bytes:
    """The ``.mo`` bytes of the catalog ``po``."""
    with po.open("rb") as source:
        catalog = read_po(source, abort_invalid=True)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        data = compiled(po)
        if check:
            if not mo.exists() or mo.read_bytes() != data:
                stale.append(str(mo))
        else:
            mo.write_bytes(data)
    for name in stale:
        print(f"stale: {name} (run python scripts/compile_catalogs.py)", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
