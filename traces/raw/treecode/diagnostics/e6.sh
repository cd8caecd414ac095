#!/bin/bash
cd /work/main
exec 9>/tmp/scalecast-measure.lock; flock 9
./scalecast testbed up --name dg --nodes 2 --rate 100mbit >/dev/null 2>&1 || { echo "testbed up failed"; exit 1; }
for rep in 1; do
for kb in 1024 4096 16384 65536; do
  echo "== chain-kb $kb rep $rep $(date +%T)"
  nice -n -19 ./scalecast testbed run --name dg -- {mpirun} -np 2 /tmp/diag/ip3 --polls 100000 --repeats 3 --chain-kb $kb 2>&1 | awk '/^IPROBE/{c=($7-$6)/$4*1e6; printf "   r%s tA %.3f tB %.3f cost_us %.2f\n",$2,$6,$7,c}' | sort -k7 -n | sed -n '1p;4p;6p'
done
done
./scalecast testbed down --name dg >/dev/null 2>&1
