#!/usr/bin/env bash
# The README's test command: set-up (idempotent), then every test group through Maven.
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
"$ROOT/scripts/setup.sh" --tests
[ -x "$ROOT/scripts/ci-services.sh" ] && "$ROOT/scripts/ci-services.sh" start || true
cd "$ROOT"
status=0
mvn -B verify "$@" || status=$?
[ -x "$ROOT/scripts/ci-services.sh" ] && "$ROOT/scripts/ci-services.sh" stop || true
exit $status
