#!/usr/bin/env bash
# Idempotent set-up on Debian 12 as root: apt packages, then the Maven build (only when sources changed).
# Usage: scripts/setup.sh [--quiet] [--tests]
#   default: what the main job (./scalecast, the demo) needs: SimGrid, Open MPI (mpicc builds the probes),
#            reference BLAS (the dgemm probe links it), a JDK, Maven.
#   --tests: also what only the tests need: HPCC and NetPIPE (real runs), iproute2 (testbed), Slurm and munge
#            (the Slurm executor tests), Chromium (the report is opened headless).
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
QUIET=0; TESTS=0
for a in "$@"; do
  case "$a" in
    --quiet) QUIET=1 ;;
    --tests) TESTS=1 ;;
    *) echo "scalecast setup: unknown option $a (expected --quiet or --tests)" >&2; exit 2 ;;
  esac
done
say() { [ "$QUIET" = 1 ] || echo "scalecast setup: $*" >&2; }

PKGS=(libsimgrid-java libsimgrid-dev openmpi-bin libopenmpi-dev libblas3 make gcc)
[ "$TESTS" = 1 ] && PKGS+=(hpcc netpipe-openmpi iproute2 slurm-wlm munge chromium)
command -v javac >/dev/null 2>&1 || PKGS+=(openjdk-17-jdk-headless)
command -v mvn >/dev/null 2>&1 || PKGS+=(maven)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "scalecast setup: installing ${missing[*]}" >&2
  if [ "$(id -u)" != 0 ]; then echo "scalecast setup: need root to install ${missing[*]}" >&2; exit 1; fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  if [[ " ${missing[*]} " == *" libsimgrid-java "* ]] && ! apt-cache policy libsimgrid-java 2>/dev/null | grep -q 'Candidate: [0-9]'; then
    s4u=$(apt-cache policy simgrid-java 2>/dev/null | sed -n 's/.*Candidate: \([0-9].*\)/\1/p')
    echo "scalecast setup: needs SimGrid 3.32's Java bindings (libsimgrid-java, Debian 12) and this system's package registry"\
      "has none${s4u:+; it offers simgrid-java $s4u (the S4U bindings of SimGrid 4.x), which scalecast does not run on yet (issue #29)}" >&2
    exit 2
  fi
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

# Build when target/ is missing or older than any source.
stamp="$ROOT/target/.scalecast-built"
if [ ! -f "$stamp" ] || [ -n "$(find "$ROOT/pom.xml" "$ROOT/src/main" -newer "$stamp" -print -quit 2>/dev/null)" ]; then
  say "building (mvn package -DskipTests)"
  ( cd "$ROOT" && mvn -q -B -DskipTests package >&2 ) || { echo "scalecast setup: build failed (run: mvn -DskipTests package)" >&2; exit 1; }
  touch "$stamp"
fi
