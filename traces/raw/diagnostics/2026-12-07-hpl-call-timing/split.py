"""HPL's window in a call log: from the first call after HPCC's last square dgemm (StarDGEMM / SingleDGEMM; HPL is
HPCC's last section, and the sections between use no BLAS or MPI point-to-point) for HPL's own time (from its Gflops);
then BLAS, update and owner-send time per rank. `hpl_window` is shared with ../2026-12-08-hpl-2x1/ops.py."""
import csv,glob,sys
BLAS={'dgemm','dtrsm','dger','dgemv','dscal','idamax','dcopy','daxpy'}
PANEL={'dgemm','dtrsm','dger','dgemv','dscal','idamax','dcopy','daxpy','iprobe','send','recv'}

def hpl_window(d):
    """(HPL seconds, NB, Gflops, each rank's calls inside HPL's window) of the run folder d."""
    wr=[l for l in open(d+'/hpccoutf.txt') if l.startswith('WR')][0].split()
    n,nb=int(wr[1]),int(wr[2]); gf=float(wr[6]); t=(2*n**3/3+1.5*n**2)/(gf*1e9)
    R=[list(csv.DictReader(open(f))) for f in sorted(glob.glob(d+'/blas.*.csv'))]
    starts=[]
    for rows in R:
        lastbig=max([i for i,r in enumerate(rows) if r['op']=='dgemm' and r['m']==r['n']==r['k'] and int(r['m'])>=100] or [-1])
        starts.append(next(int(r['t0_ns']) for r in rows[lastbig+1:] if r['op'] in ('dgemm','dtrsm','dger','idamax','dscal')))
    st=min(starts); en=st+t*1e9
    return t,nb,gf,[[r for r in rows if st<=int(r['t0_ns'])<en] for rows in R]

if __name__=='__main__':
    for d in sys.argv[1:]:
        t,nb,gf,W=hpl_window(d)
        out=[]
        for w in W:
            blas=sum(int(r['dt_ns']) for r in w if r['op'] in BLAS)/1e9
            upd=sum(int(r['dt_ns']) for r in w if (r['op']=='dgemm' and int(r['k'])==nb) or r['op']=='dtrsm')/1e9
            send=sum(int(r['dt_ns']) for r in w if r['op']=='send' and int(r['m'])>50000)/1e9
            out.append('blas %.4f (upd %.4f) send-wait %.4f non-blas %.4f'%(blas,upd,send,t-blas))
        print(d,'t=%.4f'%t,' | '.join(out))
