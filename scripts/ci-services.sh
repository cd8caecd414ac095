#!/usr/bin/env bash
# Services the test suite uses, started by scripts/test.sh around `mvn verify`:
# a one-node Slurm cluster (for the Slurm executor's tests). A service that cannot start is
# reported and its tests skip themselves with the reason.
set -uo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
case "${1:-}" in
  start)
    if [ "$(id -u)" = 0 ]; then
      "$ROOT/scripts/slurm-local.sh" start || echo "ci-services: Slurm did not start; its tests will be skipped" >&2
    else
      echo "ci-services: not root; Slurm tests will be skipped" >&2
    fi ;;
  stop)
    [ "$(id -u)" = 0 ] && "$ROOT/scripts/slurm-local.sh" stop >/dev/null 2>&1 || true ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
exit 0
