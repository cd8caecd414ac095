import csv, sys, math, glob, statistics, collections
def load_grid(path, load):
    g = collections.defaultdict(list)
    with open(path) as f:
        rows = [l for l in f if not l.startswith('#')]
    for r in csv.DictReader(rows):
        if int(r['ranks_loaded']) != load: continue
        g[(float(r['n']), float(r['k']))].append(float(r['rate_flops_per_s']))
    S = sorted({s for s, _ in g}); K = sorted({k for _, k in g})
    R = {key: statistics.median(v) for key, v in g.items()}
    return S, K, R
def weight(ax, x):
    if x <= ax[0]: return 0, 0.0
    if x >= ax[-1]: return len(ax) - 1, 0.0
    for i in range(len(ax) - 1):
        if ax[i] <= x <= ax[i+1]:
            return i, (math.log(x) - math.log(ax[i])) / (math.log(ax[i+1]) - math.log(ax[i]))
def rate(grid, s, k):
    S, K, R = grid
    i, fs = weight(S, s); j, fk = weight(K, k)
    i1 = min(i+1, len(S)-1); j1 = min(j+1, len(K)-1)
    a = R[(S[i], K[j])] + fk * (R[(S[i], K[j1])] - R[(S[i], K[j])])
    b = R[(S[i1], K[j])] + fk * (R[(S[i1], K[j1])] - R[(S[i1], K[j])])
    return a + fs * (b - a)
def calls(path, hpl_s, start_ns=None):
    """HPL's calls: from its first BLAS call after HPCC's last square dgemm (HPL is HPCC's last section), for hpl_s."""
    rows = list(csv.DictReader(open(path)))
    if start_ns is None:
        big = [i for i, r in enumerate(rows) if r['op'] == 'dgemm' and r['m'] == r['n'] == r['k'] and int(r['m']) >= 100]
        start_ns = next(int(r['t0_ns']) for r in rows[(big[-1] + 1 if big else 0):] if r['op'] in ('dgemm', 'dtrsm', 'dger', 'idamax', 'dscal'))
    return [r for r in rows if start_ns <= int(r['t0_ns']) < start_ns + hpl_s * 1e9]
def classify(r, nb):
    op = r['op']; m, n, k = int(r['m']), int(r['n']), int(r['k'])
    if op == 'dgemm':
        if k == nb: return 'dgemm-update' if n > nb else 'dgemm-update-nbcols'
        return 'dgemm-panel'
    return op
def flops(r):
    op = r['op']; m, n, k = int(r['m']), int(r['n']), int(r['k'])
    if op == 'dgemm': return 2.0*m*n*k
    if op == 'dtrsm': return (m*m*n) if int(r['side']) == 141 else (n*n*m)
    if op in ('dger', 'dgemv'): return 2.0*m*n
    return float(m)
def model(r, grid, mapping):
    op = r['op']; m, n, k = int(r['m']), int(r['n']), int(r['k'])
    f = flops(r)
    if op == 'dgemm':
        s = math.sqrt(m*n) if mapping == 'sqrt' else m
        return f / rate(grid, s, k)
    if op == 'dtrsm':
        # model: rate of dgemm k x n x k on same block, k = triangle side
        tri = m if int(r['side']) == 141 else n; cols = n if int(r['side']) == 141 else m
        s = math.sqrt(tri*cols) if mapping == 'sqrt' else tri
        return f / rate(grid, s, tri)
    if op == 'dger':
        s = math.sqrt(m*n) if mapping == 'sqrt' else m
        return f / rate(grid, s, 1)
    return None
if __name__ == '__main__':
    suite, load, nb, hpl_s = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    grid = load_grid(suite, load)
    for path in sys.argv[5:]:
        cs = calls(path, hpl_s)
        agg = collections.defaultdict(lambda: [0, 0.0, 0.0, 0.0, 0.0])
        for r in cs:
            c = classify(r, nb); a = agg[c]
            a[0] += 1; a[1] += int(r['dt_ns'])/1e9; a[2] += flops(r)
            for idx, mp in ((3, 'sqrt'), (4, 'm')):
                v = model(r, grid, mp)
                if v is not None: a[idx] += v
        print(path, 'calls', len(cs))
        print('  %-20s %7s %9s %9s %9s %9s %9s' % ('class', 'calls', 'meas_s', 'Gflop/s', 'sqrt_s', 'm_s', 'sqrt/meas'))
        tot = [0, 0, 0]
        for c, a in sorted(agg.items(), key=lambda x: -x[1][1]):
            print('  %-20s %7d %9.4f %9.3f %9.4f %9.4f %9s' % (c, a[0], a[1], a[2]/a[1]/1e9 if a[1] else 0, a[3], a[4], '%.3f' % (a[3]/a[1]) if a[3] else '-'))
            tot[0] += a[1]; tot[1] += a[3]; tot[2] += a[4]
        print('  total measured %.4f  model sqrt %.4f  model m %.4f' % tuple(tot))
