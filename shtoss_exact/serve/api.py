"""The casekeeper page's JSON: its query read into the library's keyword arguments.

``GET /api/case?game=G&seen=CARDS&...`` is answered by ``case.query.case_record``, the
very function the ``case`` command calls, so the record is byte for byte what
``shtoss-exact case --game G --seen CARDS ... --format json`` prints. The query's names
are the command's options (``QUERY``); each is read here into the library's keyword
(``bet-kind`` into ``side`` and ``kind``, or ``all`` into ``every_kind``, ``pay-for``
into ``pay``, ``deck`` into a whole number, a flag ``1`` or ``0`` into a bool), and a
scheme or pattern must be a built-in name: the page reads no file. A bad value is the
library's one line, in the request's language: ``lang=ru`` or ``lang=en`` (the command's
``--lang``), else the ``Accept-Language`` header's (``serve.language``). The record is the
same in every language: its keys and values are data.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl

from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import _, check_language, ngettext, speaking
from shtoss_exact.serve.language import request_language

MAX_FIELDS = 20
"""Most query parameters read."""

QUERY = {
    "game": "game",
    "scheme": "scheme",
    "deck": "deck",
    "seen": "seen",
    "case": "case",
    "bet-kind": "side, kind, every_kind",
    "call-the-turn": "call_the_turn",
    "pay-for": "pay",
    "cathop-pay": "cathop_pay",
    "pattern": "pattern",
    "replay": "replay",
    "bets": "bets",
}
"""The query's names (the options of ``case`` less ``--format``, ``--decimals``,
``-o``) -> the keyword arguments of ``case_record`` they are read into (``bet-kind``:
``side`` and ``kind``, or ``every_kind`` for ``all``)."""

LANG = "lang"
"""The query's name of the language of the error lines (the command's ``--lang``)."""

PARAMETERS = (*QUERY, LANG)

FLAGS = ("call-the-turn", "replay")
_YES = ("", "1", "true", "yes", "on")
_NO = ("0", "false", "no", "off")

PROGRAM = "shtoss-exact: "
"""What every error line starts with, in every language."""

PREFIX = PROGRAM + "error: "
"""What every error line starts with, as on the command line's stderr (in English)."""


def prefix() -> str:
    """What an error line starts with in the language spoken now (``shtoss-exact: ошибка: ``)."""
    return f"{PROGRAM}{_('error')}: "


def case_keywords(query: str) -> dict[str, Any]:
    """The keyword arguments of ``case_record`` for the query text ``query``.

    >>> case_keywords("seen=5h+Ks&bet-kind=coppered&replay=1")["side"]
    <Side.COPPERED: 'coppered'>
    """
    try:
        pairs = parse_qsl(query, keep_blank_values=True, max_num_fields=MAX_FIELDS,
                          errors="strict")  # fmt: skip
    except UnicodeDecodeError:
        raise ShtossError(_("query: not UTF-8 text: allowed UTF-8 text")) from None
    except ValueError:
        raise ShtossError(
            ngettext(
                "query: more than {max_fields} parameter: allowed at most {max_fields} parameter",
                "query: more than {max_fields} parameters: allowed at most {max_fields} parameters",
                MAX_FIELDS,
            ).format(max_fields=MAX_FIELDS)
        ) from None
    keywords: dict[str, Any] = {}
    given: set[str] = set()
    for name, value in pairs:
        if name not in PARAMETERS:
            raise ShtossError(
                _("unknown parameter {name!r}: allowed {query}").format(
                    name=name[:40], query=", ".join(PARAMETERS)
                )
            )
        if name in given:
            raise ShtossError(
                _("parameter {name!r} is given twice: allowed once").format(name=name)
            )
        given.add(name)
        if name == LANG:
            check_language(value)  # spoken already: see case_answer
        else:
            keywords.update(_read(name, value))
    return keywords


def _read(name: str, value: str) -> dict[str, Any]:
    """One parameter's keyword arguments."""
    if name in FLAGS:
        word = value.strip().lower()
        if word not in _YES + _NO:
            raise ShtossError(
                _("{name}={value!r}: allowed 1 or 0 (true or false)").format(
                    name=name, value=value[:20]
                )
            )
        return {QUERY[name]: word in _YES}
    if name == "bet-kind":
        from shtoss_exact.case.query import bet_kind_keywords

        return bet_kind_keywords(value)
    if name == "deck":
        from shtoss_exact.numbers import whole_number

        return {"deck": whole_number(value, name="deck", text=True)}
    if name == "scheme":
        from shtoss_exact.schemes.scheme import scheme_named

        try:
            return {"scheme": scheme_named(value)}
        except ShtossError as error:
            raise ShtossError(
                _("{error} (the page reads no scheme file)").format(error=error)
            ) from None
    if name == "pattern":
        from shtoss_exact.case.pattern import pattern_named

        try:
            return {"pattern": pattern_named(value)}
        except ShtossError as error:
            raise ShtossError(
                _("{error} (the page reads no pattern file)").format(error=error)
            ) from None
    return {QUERY[name]: value}


def case_answer(query: str, *, accept_language: str | None = None,
                default: str = "en") -> tuple[int, str]:  # fmt: skip
    """``/api/case``: ``(200, the record as JSON)`` for ``query``, or ``(400, LINE)``,
    ``LINE`` the one error line, in the language of the query's ``lang=``, else of the
    request's ``Accept-Language`` header, else ``default`` (the server's)."""
    with speaking(request_language(query_lang(query), accept_language, default=default)):
        try:
            from shtoss_exact.case.query import case_record
            from shtoss_exact.records import to_json

            return 200, to_json(case_record(**case_keywords(query))) + "\n"
        except ShtossError as error:
            return 400, prefix() + str(error)
        except RecursionError:
            return 400, prefix() + _("input nested too deeply")
        except MemoryError:
            return (
                400,
                prefix() + _("out of memory: the computation is larger than this machine holds"),
            )


def query_lang(query: str) -> str | None:
    """The value of the first ``lang=`` of the query text ``query`` (its first
    ``MAX_FIELDS`` parameters), read before the rest, so that their errors are spoken in
    it; ``None`` when there is none.

    >>> query_lang("seen=5h&lang=ru"), query_lang("seen=5h")
    ('ru', None)
    """
    from urllib.parse import unquote_plus

    for part in query.split("&", MAX_FIELDS)[:MAX_FIELDS]:
        name, equals, value = part.partition("=")
        if name == LANG and equals:
            return unquote_plus(value[:40])
    return None


def schemes_answer() -> str:
    """``/api/schemes``: the record of ``shtoss-exact schemes --format json``."""
    from shtoss_exact.records import to_json
    from shtoss_exact.schemes.listing import schemes_record

    return to_json(schemes_record()) + "\n"
