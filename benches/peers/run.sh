#!/usr/bin/env bash
# One run of the peers harness (../shared/peers from the project's top
# folder, or $PEERS_DIR) for docs/performance.md: the workloads W1-W6
# against icepool and the hand-written Rust baseline, then the scaling of
# both kinds of exact odds (the two-stage pool N d10 hitting on 6+, each hit
# converting on d6 4+: as the joint of both counts, `pool2`, and with
# `report converted`, `pool2r`; the sum of N d6) for chartwright (cw-scale)
# and icepool (scale_icepool.py); and, for the joint pool, the hand-written
# floor (joint-floor/: the same answer with nothing but the arithmetic, as
# reduced fractions and as icepool's counts over one denominator); then dice
# notation beside icepool (notation.sh).
#
#   benches/peers/run.sh [N ...]        (default N: 10 20 50 100 200 500)
#
# The harness's adapter was written against the first `Odds` API; a copy of
# the harness is patched to the current one (patch_adapter.py says how).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
project=$(cd "$here/../.." && pwd)
peers=${PEERS_DIR:-$project/../shared/peers}
work=${PEERS_WORK:-${TMPDIR:-/tmp}/chartwright-peers}
copy=$work/harness
mkdir -p "$work"; rm -rf "$copy"; cp -r "$peers" "$copy"; chmod -R u+w "$copy"
python3 "$here/patch_adapter.py" "$copy/chartwright-adapter/src"
# The parser is behind the `internals` feature: `cw-parse` (the parse
# benchmark) needs it.
sed -i -e 's#^chartwright = { path = "@PROJECT@" }#chartwright = { path = "@PROJECT@", features = ["internals"] }#' \
  "$copy/chartwright-adapter/Cargo.toml.in"
# The marginal series: the same two-stage pool with `report converted` (its
# outcome the converted hits alone, as icepool's), as cw-scale kind `pool2r`.
sed -i \
  -e 's/^        k => panic!("unknown kind {k}"),$/        "pool2r" => writeln!(out, "pool c \\"pool\\" {{\\n  roll {n}d10\\n  count hits \\"hits\\" on 6+\\n  per hits roll d6 count converted \\"converted\\" on 4+\\n  report converted\\n}}").unwrap(),\n&/' \
  "$copy/chartwright-adapter/src/scale.rs"
export PEERS_WORK=$work PEERS_ONLY=${PEERS_ONLY:-icepool,handcoded-rust,cw-peer}
"$copy/run.sh" "$project"
ns=${*:-10 20 50 100 200 500}
floor_target=$work/joint-floor-target
cargo build --release --quiet --manifest-path "$here/joint-floor/Cargo.toml" --target-dir "$floor_target"
floor=$floor_target/release/joint-floor
echo
echo "| kind | N | chartwright | icepool | icepool / chartwright |"
echo "|---|---:|---:|---:|---:|"
for kind in pool2 pool2r sum; do
  for n in $ns; do
    case $kind in
      pool2|pool2r) cw=$("$work/adapter/target/release/cw-scale" "$kind" "$n") ;;
      *) cw=$("$work/adapter/target/release/cw-scale" sum-full "$n" 6) ;;
    esac
    # The same question on both sides: the joint answer (icepool's `pool2j`)
    # for `pool2`, the converted hits alone (icepool's `pool2`) for `pool2r`.
    case $kind in
      pool2) ice_kind=pool2j ;;
      pool2r) ice_kind=pool2 ;;
      *) ice_kind=$kind ;;
    esac
    ice=$(timeout 600 python3 "$here/scale_icepool.py" "$ice_kind" "$n" || echo '{}')
    python3 - "$kind" "$n" "$cw" "$ice" <<'PY'
import json, sys
kind, n, cw, ice = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), json.loads(sys.argv[4])
def fmt(s):
    return "—" if s is None else (f"{s*1e6:.3g} µs" if s < 1e-3 else f"{s*1e3:.3g} ms" if s < 1 else f"{s:.3g} s")
c, i = cw.get("median_s"), ice.get("median_s")
ratio = f"{i / c:.3g}" if c and i else cw.get("status", "—")
print(f"| {kind} | {n} | {fmt(c)} | {fmt(i)} | {ratio} |")
PY
  done
done
# The joint pool's floor, alternated with cw-scale at each N (the same
# protocol: SCALE_TARGET_S, SCALE_RUNS).
echo
echo "| N | chartwright, joint | hand-written floor, fractions | floor, counts | chartwright / floor (fractions) |"
echo "|---:|---:|---:|---:|---:|"
for n in $ns; do
  cw=$("$work/adapter/target/release/cw-scale" pool2 "$n")
  fr=$("$floor" fractions "$n")
  co=$("$floor" counts "$n")
  python3 - "$n" "$cw" "$fr" "$co" <<'PY'
import json, sys
n, cw, fr, co = sys.argv[1], *(json.loads(a) for a in sys.argv[2:])
def fmt(s):
    return f"{s*1e6:.3g} µs" if s < 1e-3 else f"{s*1e3:.3g} ms" if s < 1 else f"{s:.3g} s"
c, f, k = cw["median_s"], fr["median_s"], co["median_s"]
print(f"| {n} | {fmt(c)} | {fmt(f)} | {fmt(k)} | {c / f:.3g} |")
PY
done
# Dice notation (keep highest, exploding sums, d66) beside icepool.
echo
"$here/notation.sh"
