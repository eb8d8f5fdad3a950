"""The library's argument names as the command line's flags, in one table.

The library's messages name its own arguments (``give deals=, or bankroll=/target=``);
the command line prints the same message naming its flags (``give --deals, or
--bankroll/--target``). Every ``ShtossError`` the command line turns into its stderr
line passes through ``as_flags`` (the casekeeper page, whose query has no flags, shows
the library's own line).
"""

from __future__ import annotations

import re

__all__ = ["FLAGS", "as_flags"]

FLAGS: dict[str, str] = {
    "bankroll=": "--bankroll",
    "bets=['7']": "--bet 7",
    "card=": "--card",
    "cards=": "--cards",
    "case=": "--case",
    "copies=": "--copies",
    "deals=": "--deals",
    "graph=": "--export-graph",
    "host=": "--host",
    "max_stake=": "--max-stake",
    "net=False": "--format text",
    "public=True": "--public",
    "report=": "-o FILE",
    "schemes=": "--scheme",
    "seen=": "--seen",
    "stacked=": "--stacked",
    "suits=": "--suits",
    "takes=": "--takes",
    "tell_class=": "--class",
    "target=": "--target",
}
"""The library's spelling of an argument -> the command line's flag. A bare ``name=``
stands for the argument itself; before a quoted value (``cards='4..x'``) the flag is
followed by a space (``--cards '4..x'``); ``name=5`` (a value the library shows) is
left as it is."""

_SPELLINGS = (
    r"(?<![\w.\-])("
    + "|".join(re.escape(key) for key in sorted(FLAGS, key=len, reverse=True))
    + r")(?![\w\-\[(])"
)
"""The spellings as a pattern (compiled at the first error line, by re's own cache: not
at start-up)."""


def as_flags(message: str) -> str:
    """``message`` with the library's argument names (``seen=``) as the flags (``--seen``).

    >>> as_flags("give deals=, or bankroll=/target= to play until one ends it")
    'give --deals, or --bankroll/--target to play until one ends it'
    >>> as_flags("cards='4..x' is not a valid range; target=5 is kept; a case (seen=)")
    "--cards '4..x' is not a valid range; target=5 is kept; a case (--seen)"
    """

    def flag(match: re.Match[str]) -> str:
        key = match.group(1)
        after = message[match.end() : match.end() + 1]
        return FLAGS[key] + (" " if key.endswith("=") and after in ("'", '"') else "")

    return re.sub(_SPELLINGS, flag, message)
