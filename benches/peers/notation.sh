#!/usr/bin/env bash
# Dice notation beside icepool (docs/performance.md): the exact odds of
#   keep   N d6 keeping the highest 3 (`Nd6kh3`, icepool `d6.highest(N, 3)`),
#   explode  the sum of N exploding d6, each adding at most 9 extra dice
#          (`Nd6!9`, icepool `N @ d6.explode(depth=9)`, its default depth),
#   d66    a d66 table (`d66`, icepool `d6 * 10 + d6`),
# each chart with one row per total (every outcome listed, as icepool's die
# lists them), timed by the adapter's cw-scale and scale_icepool.py with the
# same protocol (SCALE_TARGET_S, SCALE_RUNS), then the growth exponent of
# each (the slope of log time on log N, least squares).
#
#   benches/peers/notation.sh                 (run.sh runs it too)
#   KEEP_NS="3 10" EXPLODE_NS="1 5" benches/peers/notation.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
project=$(cd "$here/../.." && pwd)
peers=${PEERS_DIR:-$project/../shared/peers}
work=${PEERS_WORK:-${TMPDIR:-/tmp}/chartwright-peers}
keep_ns=${KEEP_NS:-3 5 10 20 50 100}
explode_ns=${EXPLODE_NS:-1 2 5 10 20 50}
ad=$work/notation-adapter
mkdir -p "$work"; rm -rf "$ad"; mkdir -p "$ad"
cp -r "$peers/chartwright-adapter/src" "$peers/chartwright-adapter/rules" "$ad/"
sed "s#@PROJECT@#$project#" "$peers/chartwright-adapter/Cargo.toml.in" > "$ad/Cargo.toml"
# The adapter is written against the first `Odds` API (patch_adapter.py
# patches it, as run.sh does); scale.rs gains the three kinds.
python3 "$here/patch_adapter.py" "$ad/src"
python3 - "$ad/src/scale.rs" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
kinds = '''        "keep" | "explode" | "d66" => {
            let (dice, lo, hi) = match kind {
                "keep" => (format!("{n}d6kh3"), 3, 18),
                "explode" => (format!("{n}d6!9"), n, n * 60),
                _ => ("d66".to_string(), 11, 66),
            };
            writeln!(out, "table c \\"{kind}\\" {{\\n  roll {dice}\\n  rows {{").unwrap();
            for total in lo..=hi {
                writeln!(out, "    {total} => \\"{total}\\"").unwrap();
            }
            out.push_str("  }\\n}\\n");
        }
'''
marker = '        k => panic!("unknown kind {k}"),'
assert marker in text, "scale.rs changed: update notation.sh"
open(path, "w").write(text.replace(marker, kinds + marker))
PY
(cd "$ad" && cargo build --release --quiet --bin cw-scale)
scale=$ad/target/release/cw-scale
commit=$(git -C "$project" rev-parse --short HEAD)
echo "dice notation beside icepool $(python3 -c 'import icepool; print(icepool.__version__)'), $(date -u '+%Y-%m-%d %H:%M UTC'), on $commit"
echo
echo "| kind | N | chartwright | icepool | icepool / chartwright |"
echo "|---|---:|---:|---:|---:|"
results=$(mktemp)
for kind in keep explode d66; do
  case $kind in
    keep) ns=$keep_ns ;;
    explode) ns=$explode_ns ;;
    *) ns=1 ;;
  esac
  for n in $ns; do
    cw=$("$scale" "$kind" "$n")
    ice=$(timeout 600 python3 "$here/scale_icepool.py" "$kind" "$n" || echo '{}')
    python3 - "$kind" "$n" "$cw" "$ice" "$results" <<'PY'
import json, sys
kind, n, cw, ice, results = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), json.loads(sys.argv[4]), sys.argv[5]
def fmt(s):
    return "—" if s is None else (f"{s*1e6:.3g} µs" if s < 1e-3 else f"{s*1e3:.3g} ms" if s < 1 else f"{s:.3g} s")
c, i = cw.get("median_s"), ice.get("median_s")
if cw.get("outcomes") is not None and ice.get("outcomes") is not None and cw["outcomes"] != ice["outcomes"]:
    sys.exit(f"{kind} {n}: chartwright lists {cw['outcomes']} outcomes, icepool {ice['outcomes']}")
ratio = f"{i / c:.3g}" if c and i else cw.get("status", "—")
print(f"| {kind} | {n} | {fmt(c)} | {fmt(i)} | {ratio} |")
with open(results, "a") as f:
    f.write(json.dumps({"kind": kind, "n": int(n), "cw": c, "ice": i}) + "\n")
PY
  done
done
echo
echo "| kind | N | growth exponent, chartwright | growth exponent, icepool |"
echo "|---|---|---:|---:|"
python3 - "$results" <<'PY'
import json, math, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
def slope(points):
    points = [(math.log(n), math.log(t)) for n, t in points if t]
    if len(points) < 2:
        return None
    mx = sum(x for x, _ in points) / len(points)
    my = sum(y for _, y in points) / len(points)
    return sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x, _ in points)
for kind in ("keep", "explode"):
    mine = [r for r in rows if r["kind"] == kind]
    if len(mine) < 2:
        continue
    ns = f"{mine[0]['n']}…{mine[-1]['n']}"
    cw = slope([(r["n"], r["cw"]) for r in mine])
    ice = slope([(r["n"], r["ice"]) for r in mine])
    fmt = lambda s: "—" if s is None else f"{s:.2f}"
    print(f"| {kind} | {ns} | {fmt(cw)} | {fmt(ice)} |")
PY
rm -f "$results"
