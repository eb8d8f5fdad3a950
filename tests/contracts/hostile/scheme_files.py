"""Scheme names and scheme files (``--scheme NAME|FILE``), read through ``odds``."""

from __future__ import annotations

from tests.contracts.hostile.harness import DEEP, LONG_EXPONENT, case, random_bytes


def _many_rules(count: int) -> bytes:
    rule = '[[rules]]\nkind = "killed"\npayoff = -1\n'
    return (rule * count).encode()


CASES = [
    case("scheme-unknown-name", "odds --scheme nosuch", "unknown scheme 'nosuch'"),
    case("scheme-russian-unknown", "odds --scheme фараоны", "фараоны"),
    case("scheme-missing-file", "odds --scheme missing.toml", "cannot read"),
    case("scheme-wrong-suffix", "odds --scheme s.txt", "unknown file type", s__txt=b"x = 1"),
    case("scheme-empty-toml", "odds --scheme e.toml", "empty", e__toml=b""),
    case("scheme-blank-json", "odds --scheme e.json", "empty", e__json=b" \n\t\n"),
    case("scheme-random-bytes", "odds --scheme r.toml", "not UTF-8", r__toml=random_bytes(4096, 1)),
    case("scheme-nul-bytes", "odds --scheme n.toml", "bad TOML", n__toml=b"\x00" * 64),
    case("scheme-invalid-utf8", "odds --scheme u.json", "not UTF-8", u__json=b'{"name": "\xff"}'),
    case(
        "scheme-two-byte-order-marks",
        "odds --scheme b.toml",
        "line 1: a byte-order mark (U+FEFF); allowed only as the file's first character",
        b__toml=b'\xef\xbb\xbf\xef\xbb\xbfname = "x"\n',
    ),
    case(
        "scheme-byte-order-mark-inside",
        "odds --scheme b.json",
        "line 2: a byte-order mark (U+FEFF)",
        b__json=b'{\n\xef\xbb\xbf"name": "x"}',
    ),
    case("scheme-bad-toml", "odds --scheme b.toml", "bad TOML", b__toml=b"[rules\npayoff = ="),
    case(
        "scheme-nested-json-lists",
        "odds --scheme d.json",
        "d.json",
        d__json=b"[" * DEEP + b"]" * DEEP,
    ),
    case(
        "scheme-nested-json-objects",
        "odds --scheme d.json",
        "d.json",
        d__json=b'{"a":' * DEEP + b"1" + b"}" * DEEP,
    ),
    case(
        "scheme-nested-toml-arrays",
        "odds --scheme d.toml",
        "d.toml",
        d__toml=b"a = " + b"[" * DEEP + b"]" * DEEP,
    ),
    case(
        "scheme-nested-toml-inline",
        "odds --scheme d.toml",
        "d.toml",
        d__toml=b"a = " + b"{b = " * DEEP + b"1" + b"}" * DEEP,
    ),
    case(
        "scheme-huge-file",
        "odds --scheme h.toml",
        "bytes",
        h__toml=b"# " + b"x" * 1_100_000 + b"\n",
    ),
    case("scheme-too-many-rules", "odds --scheme m.toml", "entries", m__toml=_many_rules(1001)),
    case("scheme-unknown-key", "odds --scheme k.toml", "unknown key", k__toml=b'colour = "red"'),
    case(
        "scheme-payoff-code",
        "odds --scheme c.toml",
        "payoffs.given: \"__import__('os').system('x')\" is not an exact number; allowed",
        c__toml=b"[payoffs]\ngiven = \"__import__('os').system('x')\"",
    ),
    case(
        "scheme-payoff-divides-by-zero",
        "odds --scheme z.json",
        "rules[1].payoff: '1/0' divides by zero; allowed",
        z__json=b'{"rules": [{"position": 1, "payoff": "1/0"}]}',
    ),
    case(
        "scheme-payoff-1e999999-toml",
        "odds --scheme x.toml",
        "payoffs.given",
        x__toml=b"[payoffs]\ngiven = 1e999999",
    ),
    case(
        "scheme-payoff-1e999999-json",
        "odds --scheme x.json",
        "payoffs.given",
        x__json=b'{"payoffs": {"given": 1e999999}}',
    ),
    case(
        "scheme-payoff-infinity-json",
        "odds --scheme x.json",
        "Infinity",
        x__json=b'{"payoffs": {"given": Infinity}}',
    ),
    case(
        "scheme-payoff-fullwidth",
        "odds --scheme x.toml",
        "payoffs.given: '３/4' is not an exact number; allowed",
        x__toml='[payoffs]\ngiven = "３/4"'.encode(),
    ),
    case(
        "scheme-payoff-bool",
        "odds --scheme x.toml",
        "payoffs.given: bad value True; allowed an integer",
        x__toml=b"[payoffs]\ngiven = true",
    ),
    case(
        "scheme-abzug-huge",
        "odds --scheme x.toml",
        "rules[1].abzug",
        x__toml=b"[[rules]]\nabzug = 1" + b"0" * 30 + b"\npayoff = 1",
    ),
    case(
        "scheme-rules-not-a-list",
        "odds --scheme x.json",
        "rules: bad value {'payoff': 1}; allowed a list",
        x__json=b'{"rules": {"payoff": 1}}',
    ),
    case(
        "scheme-top-level-list",
        "odds --scheme x.json",
        "bad value [1, 2]; allowed a table",
        x__json=b"[1, 2]",
    ),
    case("scheme-fifo", "odds --scheme p.toml", "not a regular file", fifos=("p.toml",)),
    case(
        "scheme-device", "odds --scheme z.json", "not a regular file", links={"z.json": "/dev/zero"}
    ),
    case(
        "scheme-param-two-values",
        "fair --scheme p.toml --solve x",
        "parameter 'x' is given two values",
        p__toml=b'[payoffs]\ngiven = {param = "x", value = 1}\n'
        b'killed = {param = "x", value = -1}\n',
    ),
    case(
        "scheme-json-duplicate-key",
        "odds --scheme d.json",
        "given twice",
        d__json=b'{"payoffs": {"given": 1}, "payoffs": {"given": 2}}',
    ),
    case(
        "scheme-name-terminal-escape",
        "odds --scheme e.toml",
        "control character",
        e__toml=b'name = "\\u001b[2Jred"',
    ),
    case(
        "scheme-name-zero-width-space",
        "odds --scheme z.toml",
        "name: 'my\\u200bscheme' holds an invisible format character; allowed printable text",
        z__toml='name = "my\u200bscheme"\n'.encode(),
    ),
    case(
        "scheme-name-line-separator",
        "odds --scheme s.json",
        "holds a line separator",
        s__json=b'{"name": "one\\u2028two"}',
    ),
    case(
        "scheme-description-line-break",
        "odds --scheme e.json",
        "control character",
        e__json=b'{"description": "one\\ntwo"}',
    ),
    case(
        "scheme-json-5000-digit-integer",
        "odds --scheme i.json",
        "i.json",
        i__json=b'{"payoffs": {"given": ' + b"9" * 5000 + b"}}",
    ),
    # --- a name is never a file of the working directory; a path looks like one ------------
    case(
        "scheme-name-beside-file-of-that-name",
        "odds --scheme nosuch",
        "unknown scheme 'nosuch'",
        nosuch=b'base = "pharaon"\n',
    ),
    case(
        "scheme-path-without-suffix",
        "odds --scheme ./classic",
        "unknown file type 'none'",
        classic=b'base = "pharaon"\n',
    ),
    case("scheme-name-long", ["odds", "--scheme", "x" * 100_000], "unknown scheme 'xxx"),
    case("scheme-path-long", ["odds", "--scheme", "x" * 5000 + ".toml"], "the path is too long"),
    case(
        "scheme-file-is-directory",
        "odds --scheme ./d.toml",
        "not a regular file",
        links={"d.toml": "."},
    ),
    case(
        "scheme-decomposed-kind-unknown",
        "odds --scheme k.toml",
        "unknown kind 'plíe'",
        k__toml='[[rules]]\nkind = "pli\u0301e"\npayoff = 1\n'.encode(),
    ),
    # A dotted key's parts cost the parser their square: bounded on the text first.
    case(
        "scheme-dotted-key-20000",
        "odds --scheme d.toml",
        "bad TOML (line 1: a key of more than 16 parts; allowed at most 16)",
        d__toml=b"a" + b".a" * 20_000 + b" = 1\n",
    ),
    case(
        "scheme-dotted-key-100000",
        "odds --scheme d.toml",
        "a key of more than 16 parts",
        d__toml=b"a" + b".a" * 100_000 + b" = 1\n",
    ),
    case(
        "scheme-dotted-key-in-inline-table",
        "odds --scheme d.toml",
        "a key of more than 16 parts",
        d__toml=b"t = {a" + b".a" * 20_000 + b" = 1}\n",
    ),
    case(
        "scheme-header-and-key-33-deep",
        "odds --scheme d.toml",
        "line 2: arrays and tables nested more than 32 deep",
        d__toml=b"[" + b".".join([b"a"] * 16) + b"]\n" + b".".join([b"b"] * 16) + b" = [1]\n",
    ),
    case(
        "scheme-nested-json-33",
        "odds --scheme d.json",
        "bad JSON (line 1: arrays and objects nested more than 32 deep",
        d__json=b'{"name": "[[[[", "rules": ' + b"[" * 33 + b"]" * 33 + b"}",
    ),
    case(
        "scheme-position-binary",
        "odds --scheme d.toml",
        "rules[1].position=(about 6021 digits)",
        d__toml=b'[[rules]]\nkind = "killed"\npayoff = -1\nposition = 0b' + b"1" * 20_000 + b"\n",
    ),
    case(
        "scheme-decimal-exponent-5000-digits",
        "odds --scheme s.toml",
        "bad TOML (the decimal 1e999999999999999999... has an exponent of 5000 digits",
        s__toml=b"[payoffs]\ngiven = " + LONG_EXPONENT + b"\n",
    ),
    case(
        "scheme-json-decimal-exponent-5000-digits",
        "odds --scheme s.json",
        "bad JSON (the decimal 1e-99999999999999999... has an exponent of 5000 digits",
        s__json=b'{"payoffs": {"given": 1e-' + b"9" * 5000 + b"}}",
    ),
]
