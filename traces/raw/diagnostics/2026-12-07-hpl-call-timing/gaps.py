import csv,sys
for p in sys.argv[2:]:
    rows=list(csv.DictReader(open(p))); hpl=float(sys.argv[1])
    end=max(int(r['t0_ns'])+int(r['dt_ns']) for r in rows); st=end-(hpl+0.2)*1e9
    rows=[r for r in rows if int(r['t0_ns'])>=st]
    gaps=[]
    for a,b in zip(rows,rows[1:]):
        g=(int(b['t0_ns'])-int(a['t0_ns'])-int(a['dt_ns']))/1e9
        gaps.append((g,a,b))
    tot=sum(g for g,_,_ in gaps)
    span=(int(rows[-1]['t0_ns'])+int(rows[-1]['dt_ns'])-int(rows[0]['t0_ns']))/1e9
    big=sorted(gaps,key=lambda x:-x[0])
    def d(r): return '%s %sx%sx%s'%(r['op'],r['m'],r['n'],r['k'])
    print(p,'span %.3f gaps total %.3f; >1ms: %d sum %.3f; >100us: %d sum %.3f'%(span,tot,sum(1 for g in gaps if g[0]>1e-3),sum(g[0] for g in gaps if g[0]>1e-3),sum(1 for g in gaps if g[0]>1e-4),sum(g[0] for g in gaps if g[0]>1e-4)))
    for g,a,b in big[:8]: print('   %.4f after %s before %s'%(g,d(a),d(b)))
