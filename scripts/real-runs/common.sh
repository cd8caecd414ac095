# Sourced by the collect-*.sh / collect.sh measurement scripts: the repository, the scalecast launcher,
# the shared measurement lock, a timestamped log, the testbed's status line for provenance, and a
# testbed teardown on exit. Each script sets TB (its testbed name) before it brings a testbed up.
ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
SC="$ROOT/scalecast"
LOCK=/tmp/scalecast-measure.lock
log() { echo "[$(date -u +%H:%M:%S)] $*" >&2; }
# The testbed's shape, for provenance (the probe's own lines name the hostfile, not the rate).
testbed_line() { "$SC" testbed status | awk -v n="$TB" '$1=="testbed" && $2==n":" {sub(/^testbed /,""); print; exit}'; }
cleanup() { "$SC" testbed down --name "$TB" >/dev/null 2>&1 || true; }
trap cleanup EXIT
# The tree code's shared-memory placements, shared by collect-treecode.sh (the runs) and collect-iprobe.sh (the
# poll cost of each placement), so both always measure the same thing. 1 and 2 ranks: copy-in/copy-out as the
# ping-pong trace traces/local/pingpong-shm-2r-nocma.csv, and no yield of Open MPI's own (the code's --wait decides).
# 4 ranks on the 2 cores: Open MPI's own oversubscribed setting (mpi_yield_when_idle 1, given explicitly) and two
# ranks pinned to each core (ranks 0,2 on core 0; 1,3 on core 1), as the 4-node testbed's namespaces are.
SHM_MCA="--mca btl_vader_single_copy_mechanism none --mca mpi_yield_when_idle 0"
SHM4_MCA="--mca btl_vader_single_copy_mechanism none --mca mpi_yield_when_idle 1 --map-by core --bind-to core:overload-allowed"
