#!/usr/bin/env bash
# The long campaigns (docs/testing.md) at one commit, in resumable chunks.
#
#   scripts/campaign.sh build DIR              # release test binary and CLI of HEAD, kept in DIR/<commit>/
#   scripts/campaign.sh reference DIR FIRST LAST   # generated files FIRST..LAST, 2,000 a chunk, both cores
#   scripts/campaign.sh diff DIR FIRST LAST        # diff claims pairs FIRST..LAST, 250 a chunk
#   scripts/campaign.sh sum DIR                # the totals of every finished chunk
#
# Each chunk writes DIR/<commit>/<kind>-<first>.log and, once finished,
# DIR/<commit>/<kind>-<first>.done; a rerun skips finished chunks, so a run
# cut short resumes where it stopped. The binaries are copied aside, so the
# working tree may change while a campaign runs: its figures stay those of
# the commit it was built at (CAMPAIGN_COMMIT=<commit> runs or sums the
# chunks of a campaign built earlier). Chunks run at `nice 19`.
set -euo pipefail
cd "$(dirname "$0")/.."
cmd=${1:?usage: scripts/campaign.sh build|reference|diff|sum DIR ...}
dir=${2:?a folder for the binaries and logs}
# CAMPAIGN_COMMIT resumes a campaign built at an earlier commit.
commit=${CAMPAIGN_COMMIT:-$(git rev-parse --short HEAD)}
case $cmd in
build)
  [ -z "$(git status --porcelain -- src cli/src tests)" ] || { echo "commit first: the binaries must be HEAD's" >&2; exit 1; }
  out=$(cargo test --release --test integration --no-run --message-format=json 2>/dev/null \
    | grep -o '"executable":"[^"]*integration-[^"]*"' | tail -1 | cut -d'"' -f4)
  [ -n "$out" ] || { echo "the test binary did not build" >&2; exit 1; }
  cargo build --release -p chartwright-cli
  mkdir -p "$dir/$commit"
  cp "$out" "$dir/$commit/integration"
  cp target/release/chartwright "$dir/$commit/chartwright"
  echo "$dir/$commit"
  ;;
reference | diff)
  first=${3:?first seed}; last=${4:?last seed (exclusive)}
  here="$dir/$commit"
  [ -x "$here/integration" ] || { echo "run: scripts/campaign.sh build $dir" >&2; exit 1; }
  step=$([ "$cmd" = reference ] && echo 2000 || echo 250)
  for ((s = first; s < last; s += step)); do
    n=$((last - s < step ? last - s : step))
    [ -f "$here/$cmd-$s.done" ] && continue
    if [ "$cmd" = reference ]; then
      CHARTWRIGHT_CAMPAIGN=$n CHARTWRIGHT_CAMPAIGN_START=$s CHARTWRIGHT_CAMPAIGN_THREADS=2 \
        nice -n 19 "$here/integration" reference::generated::campaign --ignored --nocapture \
        > "$here/$cmd-$s.log" 2>&1 || true
    else
      CHARTWRIGHT_DIFF_CAMPAIGN=$n CHARTWRIGHT_DIFF_SEED=$s CHARTWRIGHT_DIFF_BIN="$here/chartwright" \
        nice -n 19 "$here/integration" diff_claims::diff_claims_campaign --ignored --nocapture \
        > "$here/$cmd-$s.log" 2>&1 || true
    fi
    grep -q "^test .* ok$\|^test .* FAILED$" "$here/$cmd-$s.log" && touch "$here/$cmd-$s.done"
  done
  ;;
sum)
  for d in "$dir"/*/; do
    # A folder of a campaign holds its binaries.
    [ -x "$d/integration" ] || continue
    echo "== $d"
    grep -h '^TOTAL' "$d"reference-*.log 2>/dev/null | awk '
      { for (i = 1; i < NF; i++) {
          if ($(i+1) ~ /^files/) f += $i; if ($(i+1) == "charts,") c += $i
          if ($(i+1) == "situations:") s += $i; if ($(i+1) == "agree") a += $i
          if ($(i+1) == "disagree,") d += $i; if ($(i+1) == "unsupported,") u += $i
          if ($(i+1) == "past") l += $i; if ($(i+1) == "expectations") e += $i
        } n++ }
      END { if (n) printf "reference: %d chunks, %d files, %d charts, %d situations: %d agree, %d past an engine limit, %d unsupported, %d disagree; %d expectations\n", n, f, c, s, a, l, u, d, e }' || true
    grep -h 'campaign of pairs' "$d"diff-*.log 2>/dev/null | awk '
      { for (i = 1; i < NF; i++) {
          if ($(i+1) == "variants") v += $i; if ($(i+1) == "charts" && $(i+2) == "compared,") c += $i
          if ($(i+1) == "missed") m += $i; if ($(i+1) == "false") x += $i
          if ($(i+1) == "charts" && $(i+2) == "changed;") ch += $i
        } n++ }
      END { if (n) printf "diff claims: %d chunks, %d variants, %d charts compared, %d changed: %d missed, %d false changes\n", n, v, c, ch, m, x }' || true
    grep -h '^DISAGREE\|^FAIL \|^MISSED\|^FALSE' "$d"*.log 2>/dev/null | cut -c1-100 | sort | uniq -c || true
  done
  ;;
*) echo "unknown command $cmd" >&2; exit 1 ;;
esac
