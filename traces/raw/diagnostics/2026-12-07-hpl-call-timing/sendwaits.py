# Per rank: the big panel sends (> 100000 B) and the other rank's MPI_Iprobe answers during each (python3 sendwaits.py RUN_DIR with blas.*.csv of 2 ranks)
import csv, sys, glob
# per rank: the owner's panel sends (big sends with tag 2003?) and the other rank's probes during each
d=sys.argv[1]
files=sorted(glob.glob(d+'/blas.*.csv'))
R=[list(csv.DictReader(open(f))) for f in files]
def rows(rs, op): return [r for r in rs if r['op']==op]
for me in range(2):
    other=1-me
    sends=[r for r in rows(R[me],'send') if int(r['m'])>100000]
    probes=[(int(r['t0_ns']), int(r['ta'])) for r in rows(R[other],'iprobe')]
    tot=0; pats={}
    for s in sends:
        t0=int(s['t0_ns']); t1=t0+int(s['dt_ns']); tot+=int(s['dt_ns'])
        inside=[f for (t,f) in probes if t0<=t<=t1]
        k=tuple(inside[:4]); pats[k]=pats.get(k,0)+1
    print('rank',me,'big sends',len(sends),'total wait %.4f s'%(tot/1e9), 'probe answers during sends:', sorted(pats.items(), key=lambda x:-x[1])[:6])
    by={}
    for s in sends:
        t0=int(s['t0_ns']); t1=t0+int(s['dt_ns'])
        inside=tuple(f for (t,f) in probes if t0<=t<=t1)[:2]
        by.setdefault(inside,[]).append(int(s['dt_ns'])/1e6)
    for k,v in by.items(): print('   ',k, len(v), 'sends, ms: mean %.2f min %.2f max %.2f'%(sum(v)/len(v), min(v), max(v)))
