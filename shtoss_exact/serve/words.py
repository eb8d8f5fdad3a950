"""The casekeeper page's words: its HTML in one language, every label from the catalog, and
the words its script speaks.

``static/index.html`` is the page with each label written ``{{message}}`` (the message
in English, as the catalog knows it; ``{{message|name=HTML}}`` when the message holds a
``{name}`` that stands for the page's markup, the same in every language) and two
values, ``{{=lang}}`` (the page's language, its ``<html lang>``) and ``{{=words}}``: the
words of ``static/app.js`` as JSON, in a ``<script type="application/json">`` block that
is data, never run (``script_words``: ``SCRIPT``'s messages, ``PLURALS``' forms, and the
catalog's plural rule as a table of the form's index for 0..199). ``page`` renders it;
every message is in ``PAGE``, ``SCRIPT`` or ``PLURALS``, marked for the catalog (a test
holds the page, the script and these tables equal).

>>> "<title>shtoss-exact — счётчик карт</title>" in page("ru")
True
"""

from __future__ import annotations

import json
import re
from html import escape
from importlib import resources
from typing import Any

from shtoss_exact.i18n import LANGUAGES, N_, _, catalog, ngettext, speaking

PAGE = (
    N_("shtoss-exact — the casekeeper"),
    N_("The casekeeper"),
    N_("exact odds as the cards fall"),
    N_("Type the cards as they fall"),
    N_("5h Ks 5d  or  7ч Дп"),
    N_("Deal"),
    N_("Game"),
    N_("Faro"),
    N_("Stuss"),
    N_("Pharaon"),
    N_("Bassette"),
    N_("Stoss"),
    N_("Scheme"),
    N_("Deck"),
    N_("Undo"),
    N_("New deal"),
    N_("Language"),
    N_("The deal"),
    N_("The cards: Tab into them, the arrow keys to move, Enter to deal one."),
    N_("Cards: click each card as it falls"),
    N_("Turns dealt"),
    N_("Recorded bets"),
    N_("Rank"),
    N_("Bet"),
    N_("Stake"),
    N_("Record bet"),
    N_("bet"),
    N_("placed after"),
    N_("stake"),
    N_("ev"),
    N_("status"),
    N_("turn"),
    N_("result"),
    N_("The odds"),
    N_("Numbers"),
    N_("exact"),
    N_("percent"),
    N_("both"),
    N_("The odds of every bet on each rank"),
    N_(
        "Every number is exact, from {api}: the record of {command}. ev is the punter's "
        "expected net per unit staked, its bar drawn to the largest ev shown; edge the "
        "banker's. Percentages are rounded for reading only."
    ),
)
"""The labels of ``static/index.html``."""

SCRIPT = (
    # the card parser's refusals, in the library's words (deck.py, case/parse.py)
    N_("write a rank then a suit, e.g. 7h, 10D, QS, A♠, Дп"),
    N_("unknown card {text}: {form}"),
    N_("unknown rank {text}: allowed ranks are {allowed}"),
    N_("2..10, J, Q, K, A (or В, Д, К, Т)"),
    N_("unknown card {text}: {error}"),
    N_("s/c/h/d, ♠/♣/♥/♦, п/т/ч/б or spades/clubs/hearts/diamonds"),
    N_("unknown suit {text}: allowed suits are {allowed}"),
    N_("card {card} is not in the {deck}-card deck: allowed ranks {ranks}..A"),
    N_("card {card} is seen twice (cards {where} and {place}): a deck holds each card once"),
    N_("the link's cards: {error}"),
    N_("error"),
    # the cards' names, as a screen reader says them
    N_("{rank} of spades"),
    N_("{rank} of hearts"),
    N_("{rank} of diamonds"),
    N_("{rank} of clubs"),
    N_("jack"),
    N_("queen"),
    N_("king"),
    N_("ace"),
    # the deal, in the case command's words (report/case_view.py)
    N_("Half a turn: {cards} lost — the winner is still to fall"),
    N_("Faro"),
    N_("Stuss"),
    N_("Pharaon"),
    N_("Bassette"),
    N_("Stoss ({scheme})"),
    N_("before the soda"),
    N_(", soda {card}"),
    N_("soda {card}"),
    N_("{loser} loses, {winner} wins"),
    N_("hock {card}"),
    # the odds table: its groups, and its columns as the case command's tables say them
    N_("Stay until decided"),
    N_("Next turn only"),
    N_("Coppered (to lose)"),
    N_("bet"),
    N_("rank"),
    N_("left"),
    N_("win"),
    N_("lose"),
    N_("split"),
    N_("dead"),
    N_("ev"),
    N_("edge {edge} = {percent} of the stake"),
    # the lines under it
    N_("Best bet now: {rank}, {side}, {kind} — ev {ev}"),
    N_("high card"),
    N_("No bet is left: the deal is over."),
    N_("High card on the next turn: win {win}, lose {lose}, split (a push) {split}, ev {ev}"),
    N_("Calling the turn: three of a kind, one order only: no bet"),
    N_(
        "Calling the turn ({kind}): right {right}, pays {payout}; ev {ev_for} paid for, "
        "{ev_to} paid to"
    ),
    N_("Deal check: {splits} so far, p-value {p_value}"),
    N_(" — the deal is whole: each card seen once"),
    N_(" (the verdict at the deal's end)"),
    N_("The banker's take so far: {take}; stakes still open: {stakes}"),
    N_("No bet recorded: pick a rank, a kind and a stake."),
)
"""The messages ``static/app.js`` speaks through ``t()``."""


def _plurals(count: int) -> tuple[str, ...]:
    """Each message of the script about ``count`` things (``n_()`` in ``app.js``), in the
    form for ``count``."""
    return (
        ngettext("after {count} turn", "after {count} turns", count),
        ngettext("{count} card left", "{count} cards left", count),
        ngettext("{count} turn to deal", "{count} turns to deal", count),
        ngettext("{count} split", "{count} splits", count),
    )


PLURALS = (
    ("after {count} turn", "after {count} turns"),
    ("{count} card left", "{count} cards left"),
    ("{count} turn to deal", "{count} turns to deal"),
    ("{count} split", "{count} splits"),
)
"""The messages ``static/app.js`` speaks through ``n_()``: (singular, plural), as
``_plurals`` asks ``ngettext`` for them."""

PLURAL_TABLE = 200
"""The plural rule is sent as the form's index of each count below this; a larger count
is read by ``count % 100 + 100`` (the rules of the catalog's languages read a count
through ``n % 10``, ``n % 100`` and ``n == 1``)."""

_MARK = re.compile(r"\{\{(=?)(.*?)\}\}(?!\})")


def plural_rule(language: str) -> list[int]:
    """The index of the plural form of each count 0..``PLURAL_TABLE - 1`` in ``language``,
    by its catalog's rule (``Plural-Forms``).

    >>> plural_rule("ru")[:6], plural_rule("en")[:3]
    ([2, 0, 1, 1, 1, 2], [1, 0, 1])
    """
    rule = getattr(catalog(language), "plural", None)
    if rule is None:  # English: the messages themselves
        return [int(count != 1) for count in range(PLURAL_TABLE)]
    return [int(rule(count)) for count in range(PLURAL_TABLE)]


def script_words(language: str) -> dict[str, Any]:
    """What ``static/app.js`` speaks in ``language``: ``lang``, the ``languages`` of the
    switch, ``messages`` (each of ``SCRIPT`` -> its translation), ``plurals`` (each
    singular of ``PLURALS`` -> its forms, in the order of the rule's index) and ``plural``
    (``plural_rule``)."""
    rule = plural_rule(language)
    first = [rule.index(form) for form in range(max(rule) + 1)]  # a count of each form
    with speaking(language):
        messages = {message: _(message) for message in SCRIPT}
        forms = [_plurals(count) for count in first]
    plurals = {singular: [form[at] for form in forms] for at, (singular, _p) in enumerate(PLURALS)}
    return {"lang": language, "languages": list(LANGUAGES), "messages": messages,
            "plurals": plurals, "plural": rule}  # fmt: skip


def page(language: str, template: str | None = None) -> str:
    """``static/index.html`` (or ``template``) in ``language``: each ``{{message}}`` the
    catalog's, HTML-escaped (``{{message|name=HTML}}``: its ``{name}`` that HTML);
    ``{{=lang}}`` and ``{{=words}}`` the language and ``script_words`` (as JSON that
    cannot end the ``<script>`` block it is in)."""
    if template is None:
        source = resources.files("shtoss_exact.serve").joinpath("static", "index.html")
        template = source.read_text(encoding="utf-8")
    words = json.dumps(script_words(language), ensure_ascii=False, separators=(",", ":"))
    values = {"lang": language, "words": re.sub("[<>&]", _escaped, words)}

    def spoken(mark: re.Match[str]) -> str:
        if mark.group(1):
            return values[mark.group(2)]
        message, *markup = mark.group(2).split("|")
        text = escape(_(message))
        return text.format_map(dict(part.split("=", 1) for part in markup)) if markup else text

    with speaking(language):
        return _MARK.sub(spoken, template)


def _escaped(character: re.Match[str]) -> str:
    """``<``, ``>`` or ``&`` in JSON as its ``\\uXXXX`` escape."""
    return f"\\u{ord(character.group()):04x}"
