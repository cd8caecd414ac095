#!/usr/bin/env python3
"""Measured against simulated b_eff, per length (and per method): where a b_eff prediction misses.

usage: scripts/beff-curves.py MEASURED_beff.csv SIMULATED_beff.csv [PINGPONG.csv --messages-per-iteration M]

Both files are `beff` traces (pattern,method,length_bytes,bandwidth_Bps[,looplength,repetition]).
For each length it prints, as b_eff aggregates (notes/benchmarks.md 1.3): B(pat, L) = max over
methods and repetitions, then the geometric mean over the patterns of the whole run ("all", as
both families are averaged alike), measured and simulated, and their signed relative error; then
the same per method (max over repetitions only). With a ping-pong trace and the messages one
loop iteration sends over the whole system (2 on 2 processes), the measured time of one iteration
(L * M / B) is also shown as a multiple of
the ping-pong's one-way time at L (interpolated): 1.0 means the pattern's messages cross as fast as
a lone ping-pong message, 2.0 that they share one capacity two at a time.
Python 3 standard library only; prints Markdown.
"""
import bisect
import collections
import csv
import math
import sys

METHODS = ["sendrecv", "alltoallv", "nonblocking"]


def rows(path):
    with open(path) as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def best(path):
    """(pattern, method, length) -> max bandwidth over repetitions."""
    d = collections.defaultdict(float)
    for r in rows(path):
        k = (r["pattern"], r["method"], int(r["length_bytes"]))
        d[k] = max(d[k], float(r["bandwidth_Bps"]))
    return d


def logavg(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def per_length(d, method=None):
    by = collections.defaultdict(lambda: collections.defaultdict(float))
    for (pat, m, length), v in d.items():
        if method is None or m == method:
            by[length][pat] = max(by[length][pat], v)
    return {length: logavg(list(p.values())) for length, p in by.items()}


def pingpong(path):
    pts = sorted((int(r["size_bytes"]), float(r["time_s"])) for r in rows(path))
    sizes = [s for s, _ in pts]

    def t(length):
        i = bisect.bisect_left(sizes, length)
        if i < len(sizes) and sizes[i] == length:
            return pts[i][1]
        if i >= len(sizes):
            s, v = pts[-1]
            return v * length / s
        (a, ta), (b, tb) = pts[i - 1], pts[i]
        return ta + (tb - ta) * (length - a) / (b - a)
    return t


def main(argv):
    args = argv[1:]
    msgs = None
    if len(args) >= 2 and args[-2] == "--messages-per-iteration":
        msgs = int(args[-1])
        args = args[:-2]
    if len(args) not in (2, 3) or (len(args) == 3) != (msgs is not None):
        sys.exit(__doc__)
    m, s = best(args[0]), best(args[1])
    pp = pingpong(args[2]) if len(args) == 3 else None
    am, as_ = per_length(m), per_length(s)
    pm = {me: per_length(m, me) for me in METHODS}
    ps = {me: per_length(s, me) for me in METHODS}
    head = "| L (B) | measured MB/s | simulated MB/s | error |"
    for me in METHODS:
        head += f" {me} meas / sim |"
    if pp:
        head += " measured iteration / ping-pong one-way |"
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for length in sorted(am):
        sim = as_.get(length, float("nan"))
        line = f"| {length} | {am[length] / 1e6:.3f} | {sim / 1e6:.3f} | {100 * (sim / am[length] - 1):+.0f}% |"
        for me in METHODS:
            x, y = pm[me].get(length), ps[me].get(length)
            line += f" {x / 1e6:.3f} / {y / 1e6:.3f} |" if x and y else " - |"
        if pp:
            line += f" {length * msgs / am[length] / pp(length):.2f} |"
        print(line)
    print()
    print(f"patterns: {len({k[0] for k in m})}; measured {args[0]}; simulated {args[1]}")


if __name__ == "__main__":
    main(sys.argv)
