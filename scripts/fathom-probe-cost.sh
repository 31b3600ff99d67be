#!/bin/bash
# fathom's cost per root probe on the positions of SyzygyProbeBenchmark, for BENCHMARKS.md's probe
# comparison (issue 18). fathom's CLI takes one FEN per process, so the script runs it once per FEN
# and once per FEN on a position it refuses after start-up (the empty run: process start, tb_init,
# FEN parsing, no probe), and reports (fens - empty) / N in CPU (user+sys) and wall time.
# What fathom does per FEN is a root probe (WDL and DTZ of the position and of every legal move,
# plus the PGN line it prints), not one DTZ lookup: compare it with JMH's dtz() knowing that.
#   usage: scripts/fathom-probe-cost.sh [N] [SYZYGY_DIR]   (default 1000 positions, ../shared/data/syzygy)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000}
dir=${2:-../shared/data/syzygy}
fathom=/usr/games/fathom
[ -x "$fathom" ] || { echo "fathom-probe-cost: no fathom at $fathom (apt-get install fathom)" >&2; exit 2; }
[ -d "$dir" ] || { echo "fathom-probe-cost: no Syzygy tables at $dir" >&2; exit 2; }
cp="benchmarks/target/classes:$(cat benchmarks/target/classpath.txt)"
fens=$(mktemp)
trap 'rm -f "$fens" "$fens".*' EXIT
java -cp "$cp" org.rookery.benchmarks.SyzygyProbeFens "$n" > "$fens"
# 6 pieces: parsed, then refused as not in the (<= 5-piece) tables, after tb_init
empty="8/8/8/3k4/8/2R1R3/8/RR2K3 w - - 0 1"
run() { # $1: file of FENs; prints "wall user sys"
  /usr/bin/time -f "%e %U %S" -o "$1.time" bash -c 'while IFS= read -r f; do "$0" --test --path="$1" "$f" > /dev/null 2>&1 || true; done < "$2"' \
    "$fathom" "$dir" "$1"
  cat "$1.time"
}
awk -v n="$n" -v f="$empty" 'BEGIN { for (i = 0; i < n; i++) print f }' > "$fens.empty"
read -r fw fu fs < <(run "$fens")
read -r ew eu es < <(run "$fens.empty")
read -r fw2 fu2 fs2 < <(run "$fens")
read -r ew2 eu2 es2 < <(run "$fens.empty")
awk -v n="$n" -v fw="$fw" -v fc="$(echo "$fu + $fs" | bc)" -v ew="$ew" -v ec="$(echo "$eu + $es" | bc)" \
    -v fw2="$fw2" -v fc2="$(echo "$fu2 + $fs2" | bc)" -v ew2="$ew2" -v ec2="$(echo "$eu2 + $es2" | bc)" 'BEGIN {
  printf "fathom, %d positions, runs alternating fens/empty twice:\n", n
  printf "  fens:  wall %.2f s, %.2f s; cpu %.2f s, %.2f s\n", fw, fw2, fc, fc2
  printf "  empty: wall %.2f s, %.2f s; cpu %.2f s, %.2f s\n", ew, ew2, ec, ec2
  printf "  per probe: cpu %.0f us, %.0f us; wall %.0f us, %.0f us (start-up per process: cpu %.0f us)\n",
    (fc - ec) / n * 1e6, (fc2 - ec2) / n * 1e6, (fw - ew) / n * 1e6, (fw2 - ew2) / n * 1e6, ec / n * 1e6
}'
