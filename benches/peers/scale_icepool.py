#!/usr/bin/env python3
"""icepool's side of the scaling tables in docs/performance.md.

    scale_icepool.py pool2 N     (N @ (d10 >= 6)) @ (d6 >= 4): N d10 hitting on 6+,
                                 each hit converting on a d6 4+ (icepool gives the
                                 marginal of the converted hits)
    scale_icepool.py pool2j N    the same pool's joint answer, (hits, converted), the
                                 question a chart without `report` answers: each
                                 count of hits k mixes in k @ (d6 >= 4), the quickest
                                 of the ways tried to write it (summing N dice of
                                 Vector outcomes was 3x slower at N = 10, 7x at 20)
    scale_icepool.py sum N       N @ d6: the sum of N d6
    scale_icepool.py keep N      d6.highest(N, 3): N d6 keeping the highest 3 (`Nd6kh3`)
    scale_icepool.py explode N   N @ d6.explode(depth=9): N exploding d6, each adding at
                                 most 9 extra dice (`Nd6!9`)
    scale_icepool.py d66 N       d6 * 10 + d6, a d66 (N is ignored)

Same protocol as the peers harness (../shared/peers/common.py) and cw-scale:
a warm-up call, K calls calibrated so a run lasts SCALE_TARGET_S (0.3 s),
SCALE_RUNS (5) runs, median seconds per call. Fresh dice every call
(icepool memoises icepool.d(n) and caches n @ die on the die).
Prints one JSON line.
"""
import json
import os
import sys
import time

import icepool


def fresh(sides):
    return icepool.Die(range(1, sides + 1))


def pool2(n):
    return (n @ (fresh(10) >= 6)) @ (fresh(6) >= 4)


def pool2_joint(n):
    converts = fresh(6) >= 4
    return (n @ (fresh(10) >= 6)).map(lambda k: (k @ converts).map(lambda j: (k, j)))


def total(n):
    return n @ fresh(6)


def keep(n):
    return fresh(6).highest(n, 3)


def explode(n):
    return n @ fresh(6).explode(depth=9)


def d66(_n):
    return fresh(6) * 10 + fresh(6)


def main():
    kind, n = sys.argv[1], int(sys.argv[2])
    f = {
        "pool2": pool2,
        "pool2j": pool2_joint,
        "sum": total,
        "keep": keep,
        "explode": explode,
        "d66": d66,
    }[kind]
    target = float(os.environ.get("SCALE_TARGET_S", "0.3"))
    runs = int(os.environ.get("SCALE_RUNS", "5"))
    t0 = time.perf_counter()
    outcomes = len(f(n))
    first = time.perf_counter() - t0
    t0 = time.perf_counter()
    f(n)
    one = max(time.perf_counter() - t0, 1e-7)
    k = max(1, min(1_000_000, round(target / one)))
    per = []
    for _ in range(runs):
        t0 = time.perf_counter()
        for _ in range(k):
            f(n)
        per.append((time.perf_counter() - t0) / k)
    per.sort()
    print(json.dumps({"peer": "icepool", "version": icepool.__version__, "kind": kind, "n": n,
                      "median_s": per[len(per) // 2], "runs": per, "outcomes": outcomes,
                      "first_call_s": first}))


if __name__ == "__main__":
    main()
