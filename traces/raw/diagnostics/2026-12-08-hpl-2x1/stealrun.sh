#!/bin/bash
# usage: stealrun.sh NAME N P Q NB  -> per-cpu steal and busy during the run
a=$(grep -E "^cpu[01] " /proc/stat)
out=$(./shm.sh "$@")
b=$(grep -E "^cpu[01] " /proc/stat)
python3 - "$a" "$b" "$out" <<'PY'
import sys
a=[l.split() for l in sys.argv[1].splitlines()]; b=[l.split() for l in sys.argv[2].splitlines()]
s=[]
for x,y in zip(a,b):
    d=[int(j)-int(i) for i,j in zip(x[1:],y[1:])]
    tot=sum(d[:8]); s.append('%s user %.0f%% sys %.0f%% idle %.0f%% steal %.1f%% irq+soft %.1f%%'%(x[0],100*d[0]/tot,100*d[2]/tot,100*d[3]/tot,100*d[7]/tot,100*(d[5]+d[6])/tot))
print(sys.argv[3],' | '.join(s))
PY
