#!/usr/bin/env bash
# Development HPL runs of 2026-12-02 (issue #22): HPCC on this host's shared memory, 2 ranks, at configurations the
# development cases lacked: the long broadcasts (BCAST 4 = Lng, 5 = LnM) beside 1rM and 1rg at the same N and NB, and
# an N whose trailing update is larger than the dgemm grid's largest order. These runs are for designing the model;
# they are not held out (validation/holdout/ is never used for that). Same collection path as the held-out runs
# (collect-holdout.sh: the lock, nice -19, QUIET=1, repeats as the outer loop, resumable).
# Raw outputs: traces/raw/hpcc-dev/2026-12-02/shm-2r/<config>-r<rep>/.
set -euo pipefail
HERE="$(dirname "$(readlink -f "$0")")"
export RAW="${RAW:-$HERE/../../traces/raw/hpcc-dev/2026-12-02}"
export SHM_LIST="${SHM_LIST:-3000 1 2 80 4;3000 1 2 80 5;3000 1 2 80 1;3000 1 2 80 0;2000 1 2 80 4;6000 1 2 80 1}"
exec "$HERE/collect-holdout.sh" shm
