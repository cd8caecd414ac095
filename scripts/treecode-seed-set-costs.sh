#!/usr/bin/env bash
# Seed 000's smooth against clustered MFlops (issue #31): the real code's time per event on each set, from the 1-rank
# runs of sc_treecode (200000 particles, seed 1, 2 steps) in two trace folders: traces/raw/treecode/shm-1r (the
# development machine, 12 runs per set at nice -19) and traces/raw/treecode/2026-12-02-shm-1r (this machine, 5 runs per
# set under the measurement lock with QUIET=1, scripts/real-runs/collect-treecode-anchor.sh). Fits one cost model per
# set and folder (scalecast treecode cost, --anchor-speed 1.26Gf as the seed models), writes them to
# validation/treecode-seeds/findings/cost-SET-200k-quiet.json (development
# machine, as findings/regenerate.sh writes them) and cost-SET-200k-here.json (this machine), and prints, per folder and set, the measured MFlops
# of step 2 (median over the runs) beside the MFlops each set's cost model and the clustered cost model give for that
# set's exact counts (walk seconds = visits x t_visit + pp x t_pp + cells x t_cell). Nothing is run or timed here.
set -euo pipefail
cd "$(dirname "$0")/.."
out=validation/treecode-seeds/findings
for spec in quiet:shm-1r here:2026-12-02-shm-1r; do
  tag=${spec%%:*} dir=traces/raw/treecode/${spec#*:}
  for d in clustered smooth; do
    ./scalecast treecode cost --run "$(ls "$dir"/$d-r*.csv | sort -V | paste -sd,)" --anchor-speed 1.26Gf \
      --out "$out/cost-$d-200k-$tag.json" >&2
  done
done
python3 - "$out" <<'PY'
import csv, glob, json, statistics, sys
out = sys.argv[1]
print("# kind: treecode-set-costs")
print("# source: sc_treecode 1-rank RANK/STEP tables in traces/raw/treecode/{shm-1r,2026-12-02-shm-1r} (their provenance: host,"
      " loadavg, priority, QUIET cap) and the cost models fitted from them in " + out)
print("# command: scripts/treecode-seed-set-costs.sh")
print("# note: measured = step 2 of each run, median over the runs; model_walk_s = the step's exact counts x the cost model's"
      " seconds per event (visits, pp, cells); model_mflops = flops / model_walk_s; cost_model names the set it was fitted on")
print("folder,set,runs,measured_mflops_median,cost_model,t_visit_ns,t_pp_ns,t_cell_ns,model_walk_s,model_mflops,measured_t_grav_median_s")
for tag, folder in (("quiet", "shm-1r"), ("here", "2026-12-02-shm-1r")):
    for d in ("clustered", "smooth"):
        rows = []
        for f in sorted(glob.glob(f"traces/raw/treecode/{folder}/{d}-r*.csv")):
            rows += [r for r in csv.DictReader(l for l in open(f) if not l.startswith("#")) if r["step"] == "2"]
        r0 = rows[0]
        visits, pp = int(r0["n_visit"]), int(r0["n_pp"])
        cells, flops = int(r0["n_cell_soft"]) + int(r0["n_cell_newt"]), int(r0["flops"])
        assert all(int(r["flops"]) == flops for r in rows), "counts differ between runs of one set"
        mf = statistics.median(float(r["mflops"]) for r in rows)
        tg = statistics.median(float(r["t_grav_s"]) for r in rows)
        for cm in sorted({"clustered", d}):
            c = json.load(open(f"{out}/cost-{cm}-200k-{tag}.json"))
            walk = visits * c["secondsPerVisit"] + pp * c["secondsPerPp"] + cells * c["secondsPerCell"]
            print(f"{folder},{d},{len(rows)},{mf:.0f},{cm},{c['secondsPerVisit']*1e9:.2f},{c['secondsPerPp']*1e9:.2f},"
                  f"{c['secondsPerCell']*1e9:.2f},{walk:.4f},{flops/walk/1e6:.0f},{tg:.4f}")
PY
