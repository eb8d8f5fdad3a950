"""One word per idea: every key every command emits is a word of the glossary (docs/glossary.md)."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from shtoss_exact.cli import all_commands
from tests import ROOT

GLOSSARY = ROOT / "docs" / "glossary.md"

INVOCATIONS = [
    "odds",
    "odds --scheme pharaon --card 7h",
    "odds --scheme thirds --card 7h --by-abzug",
    "odds --cards 9 --copies 0 --scheme faro",
    "schemes",
    "fair --scheme lob-half --solve lob",
    "bank --bet 7 --bet Q:2 --bet K:1:pharaon",
    "bank --bet 7 --bet Q:2 --cards 12 --copies 2 --joint",
    "series --deals 3",
    "series --plan paroli:3 --bankroll 5 --target 10",
    "series --plan hermann --series 2",
    "formula --copies 2",
    "formula --copies 2 --scheme faro --parity even",
    "table",
    "table --cards 8 --copies 2 --by-abzug",
    "table --cards 32..36:4 --game both --scheme classic,pharaon",
    "case --game faro --case A:1,7:2,K:0",
    "case --game faro --seen 5h,Ks,5d --bet-kind one-turn",
    "case --game faro --case *:0,A:1,7:1,K:1 --call-the-turn",
    "case --game faro --seen 5h,Ks,5d,9c,2s --bets K@0,5:coppered@1,high-card@1,A@2",
    "cheat box --rank 7 --takes 1",
    "cheat box --pattern every-rank --case *:0,7:2,K:2,Q:1 --takes 1",
    "cheat seconds --rank 5 --seen 5h,Ks,5d --takes 1",
    "cheat swap --rank Q --takes 1 --game two-deck --scheme lob-half",
    "cheat splits --stacked 2 --pattern every-rank",
    "cheat tell --rank 7 --class J,Q,K --seen 5h,Ks,5d --takes 1",
    "cheat splits --stacked 0 --seen 5h,Ks,5d",
    "audit splits --counts 3,1,0,2",
    "audit splits --counts 0,5 --stacked 2 --alpha 1/100",
    "audit parity --class 7,8,9 --seen 5h,7s,Kd,8c,2h --seen 2s,Kh,3d,Kc,4s",
    "audit deal --seen 5h,7s,Kd,8c,2h",
    "audit ledger --seen 5h,Ks,5d,9c,2s --bets 9@0,K:coppered@0,high-card@1",
    "strategy --bankroll 3 --target 6",
    "strategy --bankroll 3 --target 6 --scheme lob-half --objective stay",
]


def glossary() -> set[str]:
    text = GLOSSARY.read_text(encoding="utf-8")
    table = text.split("<!-- glossary:start -->")[1].split("<!-- glossary:end -->")[0]
    return set(re.findall(r"^\| `([a-z_]+)` \|", table, flags=re.MULTILINE))


def keys_of(data: object) -> set[str]:
    if isinstance(data, dict):
        found = set(data)
        for value in data.values():
            found |= keys_of(value)
        return found
    if isinstance(data, list):
        return set().union(*(keys_of(item) for item in data)) if data else set()
    return set()


def run(shtoss: Callable[..., Any], args: str, fmt: str) -> str:
    ran = shtoss(*args.split(), "--format", fmt, "--decimals", "3")
    assert ran.status == 0, (args, ran.stderr)
    assert ran.stderr == "", args
    return str(ran.stdout)


def test_the_glossary_is_a_sorted_table_of_words() -> None:
    words = glossary()
    assert len(words) > 30
    text = GLOSSARY.read_text(encoding="utf-8")
    table = text.split("<!-- glossary:start -->")[1].split("<!-- glossary:end -->")[0]
    listed = re.findall(r"^\| `([a-z_]+)` \|", table, flags=re.MULTILINE)
    assert listed == sorted(listed)


def test_the_invocations_cover_every_command() -> None:
    # plot draws a picture; serve answers with the records of case and schemes (below)
    printing = set(all_commands()) - {"plot", "serve"}
    assert {line.split()[0] for line in INVOCATIONS} >= printing


@pytest.mark.parametrize("args", INVOCATIONS)
def test_every_json_key_is_in_the_glossary(args: str, shtoss: Callable[..., Any]) -> None:
    emitted = keys_of(json.loads(run(shtoss, args, "json")))
    assert emitted, args
    assert emitted <= glossary(), sorted(emitted - glossary())


@pytest.mark.parametrize("args", INVOCATIONS)
def test_every_csv_column_is_in_the_glossary(args: str, shtoss: Callable[..., Any]) -> None:
    rows = list(csv.reader(io.StringIO(run(shtoss, args, "csv"))))
    columns = {re.sub(r"_decimal$", "", c) for c in rows[0]}
    assert columns <= glossary(), sorted(columns - glossary())


@pytest.mark.parametrize(
    "target",
    [
        "/api/case?seen=5h+Ks+5d&bets=K@0&replay=1",
        "/api/schemes",
        "/api/case?game=poker",
        "/nowhere",
    ],
)
def test_every_key_the_page_is_sent_is_in_the_glossary(target: str) -> None:
    from shtoss_exact.serve.app import App

    emitted = keys_of(App().handle("GET", target, "localhost").json())
    assert emitted, target
    assert emitted <= glossary(), sorted(emitted - glossary())
