#!/usr/bin/env bash
# Idempotent set-up as root on Debian 12 (SimGrid 3.32, MSG bindings: libsimgrid-java, Java 17) or Debian 13
# (SimGrid 4.0, S4U bindings: simgrid-java, Java 21), read from /etc/os-release: apt packages, then the Maven build
# (only when sources changed; pom.xml compiles the back-end of the SimGrid installed).
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

# shellcheck disable=SC1091
os=$( . /etc/os-release 2>/dev/null && echo "${ID:-?}-${VERSION_ID:-?}" || echo unknown)
case "$os" in
  debian-12) SIMGRID=libsimgrid-java; JDK=openjdk-17-jdk-headless ;;
  debian-13) SIMGRID=simgrid-java; JDK=openjdk-21-jdk-headless ;;
  *)
    if dpkg-query -W -f='${Status}' libsimgrid-java 2>/dev/null | grep -q "install ok installed"; then
      SIMGRID=libsimgrid-java; JDK=openjdk-17-jdk-headless
    elif [ -e /usr/lib/x86_64-linux-gnu/libsimgrid-java.so.4.0 ]; then
      SIMGRID=simgrid-java; JDK=openjdk-21-jdk-headless
    else
      name=$( . /etc/os-release 2>/dev/null && echo "${PRETTY_NAME:-}")
      echo "scalecast setup: runs on Debian 12 (SimGrid 3.32: libsimgrid-java) or Debian 13 (SimGrid 4.0: simgrid-java);"\
        "this system is ${name:-unknown (no /etc/os-release)} and has neither installed" >&2
      exit 2
    fi ;;
esac
PKGS=("$SIMGRID" libsimgrid-dev openmpi-bin libopenmpi-dev libblas3 make gcc)
[ "$TESTS" = 1 ] && PKGS+=(hpcc netpipe-openmpi iproute2 slurm-wlm munge chromium)
command -v javac >/dev/null 2>&1 || PKGS+=("$JDK")
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
  for p in "${missing[@]}"; do
    policy=$(apt-cache policy "$p" 2>/dev/null || true)   # whole output first: grep -q would cut the pipe (pipefail)
    if ! grep -q 'Candidate: [0-9]' <<<"$policy"; then
      echo "scalecast setup: this system's package registry has no $p ($os; scalecast needs it here)" >&2
      exit 2
    fi
  done
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

# Build when target/ is missing or older than any source.
stamp="$ROOT/target/.scalecast-built"
if [ ! -f "$stamp" ] || [ -n "$(find "$ROOT/pom.xml" "$ROOT/src/main" -newer "$stamp" -print -quit 2>/dev/null)" ]; then
  say "building (mvn package -DskipTests)"
  ( cd "$ROOT" && mvn -q -B -DskipTests package >&2 ) || { echo "scalecast setup: build failed (run: mvn -DskipTests package)" >&2; exit 1; }
  touch "$stamp"
fi
