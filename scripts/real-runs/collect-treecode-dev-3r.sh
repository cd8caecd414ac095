#!/usr/bin/env bash
# Development tree-code runs of 2026-12-02 (issue #22): sc_treecode on 3 ranks with the development particle sets
# (200000 particles, seed 1), on this host's shared memory and on 3 testbed nodes at 1gbit and 100mbit. The development
# cases had 1, 2 and 4 ranks only; 3 ranks on 2 cores puts two ranks on one core and one alone, which no development
# case had. These runs are for designing the model; they are not held out. Same collection path as the held-out runs
# (collect-holdout-treecode.sh: the lock, nice -19, QUIET=1, repeats as the outer loop, resumable).
# Raw outputs: traces/raw/treecode/2026-12-02-dev-3r/<config>/<distribution>-r<REP>.csv (+ .log).
# NP=5: the 5-rank development batch (three ranks on core 0), traces/raw/treecode/2026-12-02-dev-5r.
set -euo pipefail
HERE="$(dirname "$(readlink -f "$0")")"
export NP="${NP:-3}"
export RAW="${RAW:-$(cd "$HERE/../.." && pwd)/traces/raw/treecode/2026-12-02-dev-${NP}r}"
export N="${N:-200000}" SEED="${SEED:-1}" SET="${SET:-development batch}"
export PARTS_DIR="${PARTS_DIR:-/tmp/scalecast-dev-particles}"
exec "$HERE/collect-holdout-treecode.sh"
