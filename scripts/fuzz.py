"""Coverage-guided fuzzing (atheris) of the parsers of user input.

Any exception other than ``ShtossError`` is a crash, and so is a hang (libFuzzer's
``-timeout``) or a huge allocation (``-rss_limit_mb``). Targets:

* ``toml``, ``json``: raw bytes as a scheme file, through ``load_scheme``;
* ``card``: text through ``parse_card``, ``parse_rank`` and ``parse_suits``;
* ``number``: text through ``parse_fraction``.

Run (atheris is in the ``quality`` extra)::

    python scripts/fuzz.py toml -max_total_time=300 -timeout=5 -rss_limit_mb=2048

Further arguments go to libFuzzer (e.g. a corpus directory).
"""

from __future__ import annotations

import contextlib
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import atheris

with atheris.instrument_imports():
    from shtoss_exact.deck import parse_card, parse_rank, parse_suits
    from shtoss_exact.errors import ShtossError
    from shtoss_exact.numbers import parse_fraction
    from shtoss_exact.schemes.files import load_scheme

_FOLDER = Path(tempfile.mkdtemp(prefix="shtoss-fuzz-"))


def _file_target(suffix: str) -> Callable[[bytes], None]:
    path = _FOLDER / f"scheme{suffix}"

    def target(data: bytes) -> None:
        path.write_bytes(data)
        try:
            scheme = load_scheme(path)
        except ShtossError:
            return
        scheme.params  # noqa: B018 - an accepted scheme must answer its parameters

    return target


def _text(data: bytes) -> str:
    return atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(len(data))


def card_target(data: bytes) -> None:
    text = _text(data)
    for parse in (parse_card, parse_rank, parse_suits):
        with contextlib.suppress(ShtossError):
            parse(text)


def number_target(data: bytes) -> None:
    with contextlib.suppress(ShtossError):
        parse_fraction(_text(data))


TARGETS: dict[str, Callable[[bytes], None]] = {
    "toml": _file_target(".toml"),
    "json": _file_target(".json"),
    "card": card_target,
    "number": number_target,
}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in TARGETS:
        sys.exit(f"usage: fuzz.py {{{','.join(TARGETS)}}} [libFuzzer options]")
    target = TARGETS[sys.argv[1]]
    atheris.Setup([sys.argv[0], *sys.argv[2:]], target)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
