# Recomputes the coverage of `validate --intervals --work W` runs from their kept samples, with and without the
# model discrepancy (docs/intervals.md), per case, per family and pooled: the same rules as validate (type-7 5/95 %
# quantiles of the samples; the mixture of N(ln(s_k/point), sigma^2) with the cross-validated sigma of the table).
# Used for docs/notebook/intervals.md's fourth measurement (it reproduces validate's per-family lines).
#   python3 scripts/intervals-recompute.py W1[:W2...] validation/discrepancy/discrepancy.csv CASE_DIR...
import csv, json, math, sys, os
from statistics import NormalDist, median
N = NormalDist()
works, dfile, cases = sys.argv[1].split(':'), sys.argv[2], sys.argv[3:]
def table(path):
    with open(path) as f:
        return list(csv.DictReader(l for l in f if not l.startswith('#') and l.strip()))
drows = table(dfile)
def family(c):
    for s in c['steps']:
        if s[0] in ('predict', 'simulate'):
            a = s[1]
            return a
def sigma(fam, name):
    allr = None
    for r in drows:
        if r['family'] != fam: continue
        if r['left_out'] != '-' and name in r['left_out'].split(' '): return float(r['sigma_log'])
        if r['left_out'] == '-': allr = float(r['sigma_log'])
    return allr if allr is not None else float('nan')
def q7(v, p):
    v = sorted(v); h = (len(v) - 1) * p; lo = int(math.floor(h)); hi = min(lo + 1, len(v) - 1)
    return v[lo] + (h - lo) * (v[hi] - v[lo])
def cdf(v, s, x): return sum(N.cdf((x - m) / s) for m in v) / len(v)
def mq(v, s, p):
    lo, hi = min(v) - 12 * s, max(v) + 12 * s
    for _ in range(200):
        mid = (lo + hi) / 2
        if cdf(v, s, mid) < p: lo = mid
        else: hi = mid
    return (lo + hi) / 2
def keyof(row, key):
    out = []
    for k in key:
        x = row[k]
        try: out.append(float(x))
        except ValueError: out.append(x)
    return tuple(out)
res = []
for d in cases:
    c = json.load(open(os.path.join(d, 'case.json'))); name = os.path.basename(d.rstrip('/'))
    preds = c['predicted'] if isinstance(c['predicted'], list) else [c['predicted']]
    meas = table(os.path.join(d, c['measured']))
    def load(dirp):
        rows = {}
        for p in preds:
            f = p.replace('{work}', dirp)
            if not os.path.exists(f): return None
            for r in table(f): rows[keyof(r, c['key'])] = float(r[c['predicted_value']])
        return rows
    work = next((w for w in works if os.path.isdir(os.path.join(w, name))), works[0])
    point = load(os.path.join(work, name))
    sd = os.path.join(work, name, 'intervals')
    if point is None or not os.path.isdir(sd): continue
    samples = []
    for k in sorted(os.listdir(sd), key=lambda s: int(s.split('-')[1])):
        s = load(os.path.join(sd, k))
        if s is None: samples = None; break
        samples.append(s)
    if not samples: continue
    fam = family(c); sg = sigma(fam, name)
    for m in meas:
        kk = keyof(m, c['key'])
        if kk not in point: continue
        p, y = point[kk], float(m[c['measured_value']])
        v = [s[kk] for s in samples]
        lo0, hi0 = q7(v, .05), q7(v, .95)
        rank0 = sum(1 if x < y else .5 if x == y else 0 for x in v) / len(v)
        if sg == sg and sg > 0 and p > 0 and all(x > 0 for x in v):
            lv = [math.log(x / p) for x in v]
            lo1, hi1 = p * math.exp(mq(lv, sg, .05)), p * math.exp(mq(lv, sg, .95)); rank1 = cdf(lv, sg, math.log(y / p))
        else:
            lo1, hi1, rank1 = lo0, hi0, rank0
        res.append(dict(case=name, fam=fam, p=p, y=y, w0=(hi0 - lo0) / abs(p), w1=(hi1 - lo1) / abs(p), in0=lo0 <= y <= hi0,
                        in1=lo1 <= y <= hi1, r0=rank0, r1=rank1, sg=sg))
def summ(rs, label):
    if not rs: return
    n = len(rs)
    def at(key, l): return 100 * sum(abs(r[key] - .5) <= l / 2 + 1e-12 for r in rs) / n
    print(f"{label:34s} {n:4d} pts  samples alone: in {100*sum(r['in0'] for r in rs)/n:5.1f}% width {100*median(r['w0'] for r in rs):5.1f}%"
          f" | with discrepancy: in {100*sum(r['in1'] for r in rs)/n:5.1f}% width {100*median(r['w1'] for r in rs):5.1f}%"
          f" obs50/80/90/95 {at('r1',.5):.0f}/{at('r1',.8):.0f}/{at('r1',.9):.0f}/{at('r1',.95):.0f}"
          f" (alone {at('r0',.5):.0f}/{at('r0',.8):.0f}/{at('r0',.9):.0f}/{at('r0',.95):.0f})")
for cname in sorted({r['case'] for r in res}):
    summ([r for r in res if r['case'] == cname], cname)
print()
for f in sorted({r['fam'] for r in res}):
    summ([r for r in res if r['fam'] == f], 'family ' + f)
summ(res, 'pooled')
summ([r for r in res if r['case'] != 'pingpong-roundtrip-netpipe-shm'], 'pooled without netpipe')
summ([r for r in res if r['fam'] in ('hpl', 'treecode', 'trace', 'beff')], 'hpl+treecode+trace+beff')
summ([r for r in res if r['fam'] not in ('pingpong', 'swap')], 'without pingpong, swap')
