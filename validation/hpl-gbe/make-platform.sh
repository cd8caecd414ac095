#!/usr/bin/env bash
# make-platform.sh NIC SPEED OUT.xml — instantiate platform.xml.in for one NIC (3com | melco32).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
nic="$1"; speed="$2"; out="$3"
case "$nic" in
  3com)    name="3Com 3C905CX-TX-M (10/100)"; bw="11.76MBps"
           src="netperf TCP 94.10 Mbit/s with the 3c90x driver (Siegert, SFU nic-test)";;
  melco32) name="Melco LCI-G1000T32 (GbE, 32-bit PCI)"; bw="19.99MBps"
           src="1.7 x the 3Com figure: the seed itself reports MELCO-32 has about 1.7 x the 3COM bandwidth (its own network measurement)";;
  *) echo "make-platform.sh: NIC must be 3com or melco32, got '$nic'" >&2; exit 2;;
esac
sed -e "s|@NIC@|$name|" -e "s|@BW@|$bw|g" -e "s|@BWSRC@|$src|" -e "s|@LAT@|42us|" -e "s|@HALFLAT@|21us|" \
    -e "s|@SPEED@|$speed|g" "$here/platform.xml.in" > "$out"
