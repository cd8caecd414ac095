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
