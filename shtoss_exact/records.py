"""One record per result: ``to_dict()`` is the JSON, and every rendering starts from it.

A record is a ``dict`` of plain JSON values: exact numbers as strings (``"433/833"``),
whole numbers as ints, words as strings, and lists of records. Where a record also
gives floats they stand under ``"float"``, keyed like the exact values, each
``float(Fraction)`` (``None`` beyond the range of floats), so that strict JSON always
holds. Every key is a word of the README's glossary.

``Record`` is the mixin of every result class: it derives ``repr()`` (the numbers,
not the internals, on one line), notebook displays (``_repr_html_``,
``_repr_markdown_``), ``to_frame()`` (a pandas DataFrame of its natural rows) and
``to_json()`` from ``to_dict()``, through ``shtoss_exact.notebook``. A result whose
fields hold a ``dict`` (or another mapping) takes its hash from ``frozen_hash``: equal
results hash alike, so every result can be a ``dict`` key or a ``set`` member.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any, ClassVar, TypeVar

from shtoss_exact.int_text import int_str
from shtoss_exact.numbers import exact_str, float_of

JSON_INDENT = 2

T = TypeVar("T")


class Record:
    """A result with a record: subclasses define ``to_dict()``.

    ``_rows`` names the list of the record that holds the result's natural rows (one per
    abzug, rank, outcome, bankroll, deck size); ``None``: the record's first list of
    rows, or its summary as one row when it has none. ``_shown_record()`` is the record
    the displays and frames read (``to_dict()`` unless a result shows more).
    """

    _rows: ClassVar[str | None] = None

    def _percent_words(self) -> tuple[str, ...]:
        """Words of this record that are probabilities besides the glossary's own."""
        return ()

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    def to_json(self) -> str:
        """The record as strict JSON (no ``NaN`` or ``Infinity``), UTF-8 text."""
        return to_json(self.to_dict())

    def _shown_record(self) -> Mapping[str, Any]:
        return self.to_dict()

    def _sheet(self, rows: str | None = None) -> Any:
        from shtoss_exact.notebook import Sheet

        return Sheet(type(self).__name__, self._shown_record(), rows=rows, natural=self._rows,
                     percent=self._percent_words())  # fmt: skip

    def __repr__(self) -> str:
        from shtoss_exact.notebook import Sheet, one_line

        return one_line(type(self).__name__, Sheet(type(self).__name__, self.to_dict()).summary)

    def _repr_markdown_(self) -> str:
        from shtoss_exact.notebook import markdown

        return str(markdown(self._sheet()))

    def _repr_html_(self) -> str | None:
        # A result with a display of its own (the closed forms' formulas) keeps it: the
        # notebook takes HTML before Markdown, so the generic table steps aside.
        if type(self)._repr_markdown_ is not Record._repr_markdown_:
            return None
        from shtoss_exact.notebook import html_of

        return str(html_of(self._sheet()))

    def to_frame(self, *, rows: str | None = None) -> Any:
        """A ``pandas.DataFrame`` of the natural rows (or of the list ``rows`` of the
        record): exact values as ``Fraction`` objects, each with ``<column>_float``
        beside it; the summary in ``.attrs["summary"]``. Needs pandas (the ``pandas``
        extra).

        >>> from shtoss_exact import odds
        >>> frame = odds(cards=8, copies=2).to_frame()
        >>> frame.columns.tolist()
        ['abzug', 'killed', 'killed_float', 'plie', 'plie_float', 'given', 'given_float']
        >>> frame["given"][0], frame["given"].sum()
        (Fraction(3, 14), Fraction(3, 7))
        """
        from shtoss_exact.notebook import frame

        sheet = self._sheet(rows)
        return frame(sheet.natural(), summary=sheet.summary)


def made(cls: type[T], **fields: Any) -> T:
    """An instance of the frozen dataclass ``cls`` holding ``fields`` (every field, by
    name), made without its ``__init__``: a frozen class assigns each field through
    ``object.__setattr__``, which costs more than the value for small results made by
    the thousand (a table's rows). Only for classes with no ``__post_init__``.

    >>> from shtoss_exact.bet.rows import AbzugOdds
    >>> made(AbzugOdds, abzug=1, killed=Fraction(1), plie=Fraction(0), given=Fraction(0)) == \
AbzugOdds(abzug=1, killed=Fraction(1), plie=Fraction(0), given=Fraction(0))
    True
    """
    instance = _new(cls)
    _set(instance, "__dict__", fields)  # the keywords' own dict, fresh at every call
    return instance


_new, _set = object.__new__, object.__setattr__


def frozen_hash(record: object) -> int:
    """A hash of a frozen dataclass from the fields its ``==`` compares, each made
    hashable (a mapping as the frozen set of its items, a list as a tuple), so that
    equal records hash alike whatever their fields hold.

    >>> from shtoss_exact.bet.odds import odds
    >>> one, two = odds(scheme="lob-half").scheme_result, odds(scheme="lob-half").scheme_result
    >>> one == two and frozen_hash(one) == frozen_hash(two)
    True
    """
    values = tuple(_frozen(getattr(record, name)) for name in _compared(record))
    return hash((type(record).__qualname__, values))


def _compared(record: object) -> list[str]:
    """The names of the fields ``==`` compares, of a record or a standard dataclass."""
    own = getattr(type(record), "__record_fields__", None)
    if own is None:
        import dataclasses

        own = dataclasses.fields(record)  # type: ignore[arg-type]
    return [field.name for field in own if field.compare]


def _frozen(value: object) -> object:
    if isinstance(value, Mapping):
        return frozenset((key, _frozen(item)) for key, item in value.items())
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, set):
        return frozenset(value)
    if not isinstance(value, type) and _is_record(type(value)):
        try:
            hash(value)
        except TypeError:  # a frozen dataclass holding a dict
            return frozen_hash(value)
    return value


def _is_record(kind: type) -> bool:
    """A frozen record of ``shtoss_exact.frozen`` or a standard dataclass."""
    return hasattr(kind, "__record_fields__") or hasattr(kind, "__dataclass_params__")


def exact_fields(
    values: Mapping[str, Fraction | int | None], *, floats: bool = True
) -> dict[str, Any]:
    """Exact values as strings, and (``floats``) their floats under ``"float"``; a
    measure that does not exist (``None``: an edge per unit of action without action)
    is ``null`` in both.

    >>> exact_fields({"banker": Fraction(433, 833), "edge_per_action": None})
    {'banker': '433/833', 'edge_per_action': None, 'float': {'banker': 0.5198079231692677, \
'edge_per_action': None}}
    """
    record: dict[str, Any] = {
        key: None if value is None else exact_str(value) for key, value in values.items()
    }
    if floats:
        record["float"] = {
            key: None if value is None else float_of(value) for key, value in values.items()
        }
    return record


class FrozenRow(dict[str, Any]):
    """A row of a record that is never changed once made, so that every record showing
    it shares it (a bet's row, kept with the bet): a ``dict`` that refuses to change,
    its JSON text written once, at the depth it is first written at (``to_json``).

    >>> row = FrozenRow(rank="K", ev="-1/50")
    >>> row == {"rank": "K", "ev": "-1/50"}, to_json([row]) == to_json([dict(row)])
    (True, True)
    """

    __slots__ = ("_depth", "_text")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._depth, self._text = -1, ""  # the text at the depth first written

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a FrozenRow is shared and never changed: change a copy, dict(row)")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = _refuse
    __ior__ = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return FrozenRow, (dict(self),)


def to_json(record: Any) -> str:
    """Strict JSON of a record (a float that is not finite is a bug: ``ValueError``):
    the text of ``json.dumps(record, ensure_ascii=False, indent=2, allow_nan=False)``,
    with whole numbers of any length (written by ``int_str``).

    Written in one walk of the record, the pieces joined once: the standard encoder
    with an indent runs in Python, a generator per level, at twice the cost.

    >>> to_json({"ev": "-33/833", "float": {"ev": None}})
    '{\\n  "ev": "-33/833",\\n  "float": {\\n    "ev": null\\n  }\\n}'
    """
    from json.encoder import encode_basestring  # loaded when JSON is written, not at start-up

    pieces: list[str] = []
    _write(record, pieces, ["\n", "\n" + " " * JSON_INDENT], encode_basestring)
    return "".join(pieces)


def _write(value: Any, pieces: list[str], pads: list[str], quote: Callable[[str], str]) -> None:
    """Append the JSON of ``value`` at the depth ``len(pads) - 2`` (``pads``: a newline
    and the indent of each depth so far, one more than the depth; ``quote`` writes a
    string, as ``json`` does without ``ensure_ascii``). Text, ``None`` and short ints
    inside a container are written in place, the bulk of a record."""
    kind = type(value)
    if kind is str:
        pieces.append(quote(value))
        return
    if kind is FrozenRow:
        pieces.append(_row_text(value, pads, quote))
        return
    if not (kind is dict or kind is list or kind is tuple):
        pieces.append(_scalar(value, pads, quote))
        return
    if not value:
        pieces.append("{}" if kind is dict else "[]")
        return
    inner = pads[-1]
    pads.append(inner + " " * JSON_INDENT)
    items = value.items() if kind is dict else enumerate(value)
    start = "{" + inner if kind is dict else "[" + inner
    between = "," + inner
    for i, (key, item) in enumerate(items):
        head = between if i else start
        if kind is dict:
            head += (quote(key) if type(key) is str else quote(_key(key, quote))) + ": "
        of = type(item)
        if of is str:
            pieces.append(head + quote(item))
        elif item is None:
            pieces.append(head + "null")
        elif of is int and -_SHORT < item < _SHORT:
            pieces.append(head + int.__repr__(item))
        elif of is FrozenRow:
            pieces.append(head + _row_text(item, pads, quote))
        else:
            pieces.append(head)
            _write(item, pieces, pads, quote)
    pads.pop()
    pieces.append(pads[-2] + ("}" if kind is dict else "]"))


def _row_text(row: FrozenRow, pads: list[str], quote: Callable[[str], str]) -> str:
    """The JSON of ``row`` at the depth of ``pads``: written once at the depth it is first
    written at (a row stands at one depth of a record), afresh at any other."""
    if row._depth == len(pads):
        return row._text
    part: list[str] = []
    _write(dict(row), part, pads, quote)
    text = "".join(part)
    if row._depth < 0:
        row._depth, row._text = len(pads), text
    return text


_SHORT = 2**2000
"""Whole numbers below this in size are written by ``int.__repr__``; longer by
``int_str`` (which Python's limit on int-to-text conversion does not stop)."""


def _scalar(value: Any, pads: list[str], quote: Callable[[str], str]) -> str:
    """The JSON of a value not a ``str``, ``dict``, ``list`` or ``tuple``, as ``json``
    writes it (subclasses of those by their base)."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, int):
        return int.__repr__(value) if -_SHORT < value < _SHORT else int_str(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError(f"Out of range float values are not JSON compliant: {value!r}")
        return float.__repr__(value)
    if isinstance(value, list | tuple | dict):
        pieces: list[str] = []
        _write(dict(value) if isinstance(value, dict) else list(value), pieces, pads, quote)
        return "".join(pieces)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _key(key: Any, quote: Callable[[str], str]) -> str:
    """A key as ``json`` writes it: text, or a number, ``true``, ``false``, ``null``."""
    if isinstance(key, str):
        return key
    if key is None or isinstance(key, bool | int | float):
        return _scalar(key, [], quote)
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")


def _text(value: object) -> str:
    """``str(value)``, with whole numbers of any length written by ``int_str``."""
    if isinstance(value, int) and not isinstance(value, bool):
        return int_str(value)
    return str(value)


def record_markdown(record: Mapping[str, Any]) -> str:
    """A generic Markdown view of a record: its scalars in one table, each list of
    records in a table of its own (for notebooks).

    >>> print(record_markdown({"cards": 52, "rows": [{"abzug": 1, "given": "16/221"}]}))
    | key | value |
    | --- | --- |
    | cards | 52 |
    <BLANKLINE>
    **rows**
    <BLANKLINE>
    | abzug | given |
    | --- | --- |
    | 1 | 16/221 |
    """

    def line(cells: Iterable[object]) -> str:
        return "| " + " | ".join(_cell(c) for c in cells) + " |"

    scalars = [(k, v) for k, v in record.items() if not isinstance(v, list | dict)]
    # The floats beside the exact values are for machines: a reader has the exact ones.
    parts: list[str] = []
    if scalars:
        rows = [line(("key", "value")), "| --- | --- |"]
        rows += [line(pair) for pair in scalars]
        parts.append("\n".join(rows))
    for key, value in record.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            columns = [c for c in dict.fromkeys(k for v in value for k in v) if c != "float"]
            rows = [
                f"**{key}**",
                "",
                line(columns),
                "| " + " | ".join("---" for _ in columns) + " |",
            ]
            rows += [line(v.get(c, "") for c in columns) for v in value]
            parts.append("\n".join(rows))
    return "\n\n".join(parts)


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, dict | list):
        import json  # loaded when JSON is written, not at start-up

        return json.dumps(value, ensure_ascii=False, allow_nan=False).replace("|", "\\|")
    return _text(value).replace("|", "\\|")
