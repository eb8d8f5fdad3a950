"""The project's one error type: every refusal of bad input is a ``ShtossError``."""

from __future__ import annotations


class ShtossError(ValueError):
    """Invalid input or a computation refused up front.

    The message is one line that names the bad value and what is allowed; the CLI
    prints it on stderr and exits with status 2.
    """
