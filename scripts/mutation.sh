#!/usr/bin/env sh
# Mutation testing of the engine and the schemes
# with mutmut, configured in pyproject.toml [tool.mutmut]; prints the score.
#
#   pip install -e '.[test,quality]' && sh scripts/mutation.sh
#
# Needs fork (Linux, macOS). A fresh run takes some 15 minutes on two cores.
set -eu
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python}"
MUTMUT="${MUTMUT:-mutmut}"
rm -rf mutants
"$MUTMUT" run --max-children "${JOBS:-2}" >/dev/null 2>&1 || true
"$MUTMUT" results --all true | "$PYTHON" -c '
import collections, sys
status = collections.Counter(line.rsplit(":", 1)[1].strip() for line in sys.stdin if ":" in line)
total = sum(status.values())
killed = status["killed"] + status["timeout"]
print(", ".join(f"{name}: {count}" for name, count in sorted(status.items())))
print(f"mutation score: {killed} killed / {total} total = {100 * killed / max(total, 1):.1f}%")
'
