#!/usr/bin/env bash
# Runs a validation case's steps as `scalecast validate` does (from the repository, {work} replaced by WORK) without
# comparing: what a held-out batch's record of its predictions takes before the runs exist. Prints the case's
# predicted table(s), {work} replaced, one per line. Extra words after WORK are added to every `predict` step
# (e.g. --engine smpi), and a step's --polls is dropped when --engine smpi is among them. CAL_EXTRA="..." adds its
# words to every `calibrate` step (e.g. --no-network-cpu).
# Usage: [CAL_EXTRA="..."] scripts/real-runs/case-steps.sh CASE_DIR WORK [EXTRA...]
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)"
SC="$ROOT/scalecast"
case_dir="$1" work="$2"; shift 2
[ -s "$case_dir/case.json" ] || { echo "case-steps: no $case_dir/case.json" >&2; exit 2; }
mkdir -p "$work"
smpi=0; [[ " $* " == *" --engine smpi "* ]] && smpi=1
python3 -c 'import json,sys; [print("\x1f".join(s)) for s in json.load(open(sys.argv[1]))["steps"]]' "$case_dir/case.json" |
while IFS=$'\x1f' read -r -a step; do
  words=()
  for w in "${step[@]//\{work\}/$work}"; do [ "$smpi" = 1 ] && [ "$w" = --polls ] || words+=("$w"); done
  [ "${step[0]}" = predict ] && words+=("$@")
  # shellcheck disable=SC2206
  [ "${step[0]}" = calibrate ] && [ -n "${CAL_EXTRA:-}" ] && words+=(${CAL_EXTRA})
  ( cd "$ROOT" && "$SC" "${words[@]}" >/dev/null )
done
python3 -c 'import json,sys
p=json.load(open(sys.argv[1]))["predicted"]
for f in ([p] if isinstance(p,str) else p): print(f.replace("{work}", sys.argv[2]))' "$case_dir/case.json" "$work"
