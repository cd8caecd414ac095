#!/usr/bin/env bash
# Writes hpccinf.txt for one HPL configuration: HPCC's example input (Debian hpcc 1.5.0,
# /usr/share/doc/hpcc/examples/_hpccinf.txt) with only N, P, Q (and, when given, NB and BCAST) changed;
# every other HPL option stays HPCC's default: NB=80, PMAP row, threshold 16, PFACT=Right, NBMIN=4, NDIV=2,
# RFACT=Crout, BCAST=1rM, DEPTH=1, SWAP=mix (threshold 64), L1/U transposed, equilibration on, alignment 8.
# Usage: hpcc-input.sh N P Q OUT_FILE [NB [BCAST]]
set -euo pipefail
n="$1"; p="$2"; q="$3"; out="$4"; nb="${5:-80}"; bcast="${6:-1}"
example=/usr/share/doc/hpcc/examples/_hpccinf.txt
if [ ! -r "$example" ] || ! command -v hpcc >/dev/null; then
  echo "hpcc-input.sh: HPCC is not installed (no hpcc or no $example): apt-get install hpcc, or scripts/setup.sh --tests" >&2
  exit 2
fi
awk -v n="$n" -v p="$p" -v q="$q" -v nb="$nb" -v bc="$bcast" '
  NR==6  { printf "%-13s Ns\n", n; next }
  NR==8  { printf "%-13s NBs\n", nb; next }
  NR==11 { printf "%-13s Ps\n", p; next }
  NR==12 { printf "%-13s Qs\n", q; next }
  NR==23 { printf "%-13s BCASTs (0=1rg,1=1rM,2=2rg,3=2rM,4=Lng,5=LnM)\n", bc; next }
  { print }' "$example" > "$out"
