"""Per rank, HPL window: total time and count per op (MPI by size class)."""
import csv,glob,sys,collections
for d in sys.argv[1:]:
    wr=[l for l in open(d+'/hpccoutf.txt') if l.startswith('WR')][0].split()
    n,nb=int(wr[1]),int(wr[2]); gf=float(wr[6]); t=(2*n**3/3+1.5*n**2)/(gf*1e9)
    R=[list(csv.DictReader(open(f))) for f in sorted(glob.glob(d+'/blas.*.csv'))]
    starts=[]
    for rows in R:
        lastbig=max([i for i,r in enumerate(rows) if r['op']=='dgemm' and r['m']==r['n']==r['k'] and int(r['m'])>=100] or [-1])
        starts.append(next(int(r['t0_ns']) for r in rows[lastbig+1:] if r['op'] in ('dgemm','dtrsm','dger','idamax','dscal')))
    st=min(starts); en=st+t*1e9
    print(d,'HPL t=%.4f gflops %.3f'%(t,gf))
    for i,rows in enumerate(R):
        w=[r for r in rows if st<=int(r['t0_ns'])<en]
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
