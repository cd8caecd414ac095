#!/usr/bin/env bash
# Writes hpccinf.txt for one HPL configuration: HPCC's example input (Debian hpcc 1.5.0,
# /usr/share/doc/hpcc/examples/_hpccinf.txt) with only N, P and Q changed; every other HPL option
# stays HPCC's default: NB=80, PMAP row, threshold 16, PFACT=Right, NBMIN=4, NDIV=2, RFACT=Crout,
# BCAST=1rM, DEPTH=1, SWAP=mix (threshold 64), L1/U transposed, equilibration on, alignment 8.
# Usage: hpcc-input.sh N P Q OUT_FILE
set -euo pipefail
n="$1"; p="$2"; q="$3"; out="$4"
awk -v n="$n" -v p="$p" -v q="$q" '
  NR==6  { printf "%-13s Ns\n", n; next }
  NR==11 { printf "%-13s Ps\n", p; next }
  NR==12 { printf "%-13s Qs\n", q; next }
  { print }' /usr/share/doc/hpcc/examples/_hpccinf.txt > "$out"
