"""The record of ``shtoss-exact schemes`` (and of the page's ``/api/schemes``): every
built-in scheme with its Russian names, parameters, rule and source."""

from __future__ import annotations

from typing import Any

from shtoss_exact.numbers import exact_str
from shtoss_exact.schemes.scheme import BUILTIN, scheme_names

__all__ = ["schemes_record"]


def schemes_record() -> dict[str, Any]:
    """The record of ``shtoss-exact schemes``: every built-in scheme, its Russian names,
    parameters, rule and source.

    >>> schemes_record()["schemes"][0]["scheme"]
    'classic'
    """
    aliases = scheme_names()
    return {
        "schemes": [
            {
                "scheme": s.name,
                "aliases": aliases[s.name],
                "parameters": [
                    {"parameter": k, "value": exact_str(v)} for k, v in s.params.items()
                ],
                "rule": s.description,
                "source": s.source,
            }
            for s in BUILTIN.values()
        ]
    }
