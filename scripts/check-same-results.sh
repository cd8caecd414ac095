#!/bin/sh
# Runs every validation case (or the case folders given after the baseline) and compares each
# point's predicted value with a baseline written by `scalecast validate --out`, exactly (the
# CSV holds full precision). Prints one line per point that moved, is new or is gone, then a
# summary; exits 0 when every predicted value is identical, 1 when any differs.
#
#   scripts/check-same-results.sh BASELINE.csv [CASE_DIR...]     (JOBS=2 by default)
set -eu
if [ $# -lt 1 ] || [ ! -f "$1" ]; then
    echo "usage: $0 BASELINE.csv [CASE_DIR...]" >&2
    exit 2
fi
baseline=$1
shift
cd "$(dirname "$0")/.."
out=$(mktemp /tmp/check-same-results.XXXXXX.csv)
trap 'rm -f "$out"' EXIT
status=0
nice -n 15 ./scalecast validate "$@" --jobs "${JOBS:-2}" --out "$out" >/dev/null || status=$?
if [ "$status" -ne 0 ] && [ "$status" -ne 3 ]; then   # 3 = some case beyond tolerance, still a result
    echo "scalecast validate failed (exit $status)" >&2
    exit 1
fi
python3 - "$baseline" "$out" "$#" <<'PY'
import csv, sys

def rows(path):
    with open(path, newline="") as f:
        lines = [l for l in f if not l.startswith("#")]
    return {(r["case"], r["point"]): r["predicted"] for r in csv.DictReader(lines)}

base, now, only_given = rows(sys.argv[1]), rows(sys.argv[2]), int(sys.argv[3]) > 0
if only_given:  # compare only the cases that were run
    cases = {c for c, _ in now}
    base = {k: v for k, v in base.items() if k[0] in cases}
same = 0
diff = 0
for key in sorted(set(base) | set(now)):
    b, n = base.get(key), now.get(key)
    if b == n:
        same += 1
        continue
    diff += 1
    print(f"{key[0]}  {key[1]}: baseline {b if b is not None else '(none)'}, now {n if n is not None else '(none)'}")
cases = len({c for c, _ in set(base) | set(now)})
print(f"{same} of {same + diff} points identical over {cases} cases; {diff} differ")
sys.exit(1 if diff else 0)
PY
