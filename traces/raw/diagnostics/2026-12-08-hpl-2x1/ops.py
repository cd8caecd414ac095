"""Per rank, HPL window: total time and count per op (MPI by size class). Usage: python3 ops.py RUN_DIR..."""
import collections,os,sys
sys.path.insert(0,os.path.join(os.path.dirname(os.path.abspath(__file__)),'..','2026-12-07-hpl-call-timing'))
from split import hpl_window
for d in sys.argv[1:]:
    t,nb,gf,W=hpl_window(d)
    print(d,'HPL t=%.4f gflops %.3f'%(t,gf))
    for i,w in enumerate(W):
        c=collections.defaultdict(lambda:[0,0.0])
        for r in w:
            op=r['op']
            if op in('send','recv','isend','irecv','wait','ssend','test'):
                b=int(r['m']); op+='<=4K' if b<=4096 else ('<=64K' if b<=65536 else '>64K')
            c[op][0]+=1; c[op][1]+=int(r['dt_ns'])/1e9
        tot=sum(v[1] for v in c.values())
        print('  rank %d: calls %.4f s, outside calls %.4f s'%(i,tot,t-tot))
        for op,(k,s) in sorted(c.items(),key=lambda x:-x[1][1])[:14]:
            print('     %-12s %7d %8.4f s  mean %8.1f us'%(op,k,s,s/k*1e6))
