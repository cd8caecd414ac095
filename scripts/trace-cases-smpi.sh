#!/bin/sh
# SMPI's figures beside a trace validation case's (docs/trace.md, "Validation cases"): runs the case's steps with
# {work} in a scratch folder, every `predict trace` step once more with `--engine smpi` (the same platform XML), and
# prints one CSV row per configuration: case, nodes, link_rate, scalecast time_s, SMPI time_s.
#   scripts/trace-cases-smpi.sh CASE_DIR...      (build first; needs smpirun and smpireplaymain)
set -eu
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || { echo "usage: $0 CASE_DIR..." >&2; exit 2; }
echo "case,nodes,link_rate,scalecast_time_s,smpi_time_s"
for c in "$@"; do
  python3 - "$c" <<'PY'
import csv, json, os, subprocess, sys, tempfile
case = sys.argv[1]
steps = json.load(open(os.path.join(case, "case.json")))["steps"]
work = tempfile.mkdtemp(prefix="scalecast-smpi-case-")
def run(args):
    r = subprocess.run(["./scalecast"] + args, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"{case}: {' '.join(args)}: exit {r.returncode}: {r.stderr.strip()}")
def table(path):
    with open(path) as f:
        return [row for row in csv.DictReader(l for l in f if not l.startswith("#"))]
for s in steps:
    s = [a.replace("{work}", work) for a in s]
    run(s)
    if s[:2] == ["predict", "trace"]:
        out = s[s.index("--out") + 1]
        smpi = out[:-4] + "-smpi.csv"
        t = [a for a in s if a != "--polls"]  # SMPI replays the rank files as they are (docs/trace.md, Polls)
        t[t.index("--out") + 1] = smpi
        run(t + ["--engine", "smpi"])
        for a, b in zip(table(out), table(smpi)):
            print(f"{os.path.basename(case.rstrip('/'))},{a['nodes']},{a['link_rate']},{a['time_s']},{b['time_s']}")
PY
done
