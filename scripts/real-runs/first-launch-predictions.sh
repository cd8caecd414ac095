#!/usr/bin/env bash
# What a held-out trace batch would predict had its suites run b_eff once (as measure suite did before 6d0c41e): every
# case's steps with each suite folder replaced by a copy whose beff.csv keeps only the first launch (repetitions below
# the '# probe:' line's reps), so the exchange check reads one launch instead of the median of three. Written beside
# the batch's record before any run, as a column for comparison (validation/holdout/README.md, batch b5).
# Usage: BATCH=b5 PROGS="..." scripts/real-runs/first-launch-predictions.sh > OUT.csv
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)"
: "${BATCH:?BATCH=b5 names the batch}" "${PROGS:?PROGS names the programs}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
echo "# kind: prediction-record"
echo "# source: scalecast $(git -C "$ROOT" rev-parse --short HEAD), $(date -u +%Y-%m-%dT%H:%M:%SZ), scripts/real-runs/first-launch-predictions.sh: the steps of validation/holdout/trace-PROG-$BATCH/case.json on copies of their suites whose beff.csv keeps only the first of its launches"
echo "app,nodes,link_rate,first_launch_time_s"
for p in $PROGS; do
  dir="$ROOT/validation/holdout/trace-$p-$BATCH"
  mkdir -p "$work/$p/case"
  python3 - "$dir/case.json" "$work/$p/case/case.json" "$work/suites" "$ROOT" <<'EOF'
import json, os, re, shutil, sys
src, dst, suites, root = sys.argv[1:]
case = json.load(open(src))
for step in case["steps"]:
    if step[0] == "calibrate" and "--traces" in step:
        i = step.index("--traces") + 1
        folder = step[i]
        copy = os.path.join(suites, os.path.basename(folder))
        if not os.path.isdir(copy):
            shutil.copytree(os.path.join(root, folder), copy)
            beff = os.path.join(copy, "beff.csv")
            lines = open(beff).read().splitlines(keepends=True)
            reps = int(re.search(r"\breps=(\d+)", next(l for l in lines if l.startswith("# probe:"))).group(1))
            out, header = [], None
            for l in lines:
                if l.startswith("#"):
                    out.append(l)
                elif header is None:
                    header = l.strip().split(","); out.append(l)
                elif int(l.strip().split(",")[header.index("repetition")]) < reps:
                    out.append(l)
            open(beff, "w").writelines(out)
        step[i] = copy
json.dump(case, open(dst, "w"), indent=2)
EOF
  cp "$dir/measured.csv" "$work/$p/case/" 2>/dev/null || true
  mapfile -t outs < <(cd "$ROOT" && "$ROOT/scripts/real-runs/case-steps.sh" "$work/$p/case" "$work/$p/run")
  [ "${#outs[@]}" -gt 0 ] || { echo "first-launch-predictions: $p: a step failed" >&2; exit 1; }
  for f in "${outs[@]}"; do
    python3 -c 'import csv,sys
for d in csv.DictReader([l for l in open(sys.argv[1]) if not l.startswith("#")]):
    print(",".join([sys.argv[2], d["nodes"], d["link_rate"], d["time_s"]]))' "$f" "$p"
  done
done | sort
