#!/usr/bin/env bash
# ./rookery demo — the whole pipeline on one machine with no setup:
#   a real Kafka broker (KRaft), two workers, the Spark sink into Parquet, a gauntlet of Rookery's
#   engine at two strengths (plus Stockfish when installed) with an opening book and SPRT, the
#   analysis jobs, endgame tables, and the dashboard. Everything is stopped again at the end.
# Data goes under ./rookery-data/demo (override with ROOKERY_DATA=DIR).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
R="$ROOT/rookery"
DATA="${ROOKERY_DATA:-$PWD/rookery-data}/demo"
LOGS="$DATA/logs"
KEEP_OPEN="${ROOKERY_DEMO_KEEP_OPEN:-}"
mkdir -p "$LOGS"

PIDS=()
cleanup() {
  local code=$?
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  "$R" kafka stop --data "$DATA" >/dev/null 2>&1 || true
  exit "$code"
}
trap cleanup EXIT INT TERM

step() { printf '\n== %s\n' "$*"; }

step "1. Self-check of the rules core, and perft to depth 6"
"$R" selfcheck | tail -n 1
"$R" perft --depth 6 --threads 2 | tail -n 1

step "2. A Kafka broker (KRaft, 127.0.0.1) with its data in $DATA/kafka"
"$R" kafka start --data "$DATA"
BOOT="$(cat "$DATA/kafka/bootstrap.txt")"
echo "bootstrap: $BOOT"

SF=""
for d in /usr/games /usr/bin /usr/local/bin; do [ -x "$d/stockfish" ] && SF="$d/stockfish" && break; done
{
  echo "# Engines these demo workers agree to run (tasks name them; nothing else can be started)."
  echo "allow_builtin: true"
  echo "engines:"
  echo "  rookery-strong: {cmd: builtin, args: [--level, \"20\"]}"
  echo "  rookery-weak: {cmd: builtin, args: [--level, \"6\"]}"
  [ -n "$SF" ] && echo "  stockfish: {cmd: $SF, options: {Threads: 1, Hash: 16, Skill Level: 1}}"
} > "$DATA/engines.yaml"

step "3. The Spark sink (rookery.games -> $DATA/games, Parquet) and two workers"
"$R" sink --bootstrap "$BOOT" --data "$DATA" --master 'local[1]' --trigger-seconds 5 > "$LOGS/sink.log" 2>&1 &
PIDS+=($!)
for i in 1 2; do
  "$R" worker --bootstrap "$BOOT" --engines "$DATA/engines.yaml" --id "demo-$i" --log "$LOGS" > "$LOGS/worker-$i.log" 2>&1 &
  PIDS+=($!)
done
echo "sink and workers started (logs in $LOGS)"

step "4. A gauntlet through Kafka: rookery-strong vs rookery-weak, UHO book, SPRT(0, 100)"
MATCH_ARGS=(-engine name=rookery-strong tc=3+0.05 timemargin=200 -engine name=rookery-weak tc=3+0.05 timemargin=200
  -openings file="$ROOT/books/uho_4060_v3-sample.epd" order=random -srand 42
  -rounds 20 -games 2 -repeat -sprt elo0=0 elo1=100 alpha=0.05 beta=0.05 -ratinginterval 4 -event "Rookery demo")
"$R" submit --bootstrap "$BOOT" --follow "${MATCH_ARGS[@]}"

if [ -n "$SF" ]; then
  step "4b. And against Stockfish (skill 1), four games"
  "$R" submit --bootstrap "$BOOT" --follow -engine name=rookery-strong tc=3+0.05 timemargin=200 \
    -engine name=stockfish tc=3+0.05 timemargin=200 -openings file="$ROOT/books/uho_4060_v3-sample.epd" order=random \
    -srand 7 -rounds 2 -games 2 -repeat -event "Rookery demo vs Stockfish"
else
  echo "(Stockfish is not installed; 'apt-get install stockfish' adds a match against it)"
fi

step "5. Stop the workers and the streaming sink; a final sink run catches up from its checkpoint"
for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
for pid in "${PIDS[@]}"; do for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done; done
PIDS=()
"$R" sink --bootstrap "$BOOT" --data "$DATA" --master 'local[2]' --once 2>&1 | tail -n 3

step "6. Analysis jobs over the games just played (Spark, local[2])"
"$R" analyze draw-rules --data "$DATA" --master 'local[2]' 2>&1 | tail -n 12
"$R" analyze openings --data "$DATA" --master 'local[2]' 2>&1 | tail -n 4

step "7. Endgame tables: generate KQvK and KRvK, and probe the KQK mate in 10"
"$R" tb generate KQvK KRvK --out "$DATA/tables" --quiet
"$R" tb probe "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1" --tb "$DATA/tables" | cut -c1-160

cat <<TXT

The games are Parquet under $DATA/games (partitioned by match), readable by Spark, DuckDB or pandas, e.g.
  duckdb -c "SELECT white, black, result, termination, ply_count FROM read_parquet('$DATA/games/*/*.parquet')"
Statistics tables: $DATA/draw_rules, $DATA/openings.
TXT

if [ -f "$ROOT/dashboards/target/classpath.txt" ] && grep -q 'dashboard)' "$R"; then
  step "8. The dashboard"
  "$R" dashboard --data "$DATA" --bootstrap "$BOOT" --tb "$DATA/tables" --port 0 > "$LOGS/dashboard.log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 60); do grep -q 'http://' "$LOGS/dashboard.log" 2>/dev/null && break; sleep 0.5; done
  URL="$(grep -o 'http://[^ ]*' "$LOGS/dashboard.log" | head -n 1 || true)"
  echo "Dashboard: ${URL:-see $LOGS/dashboard.log}"
  if [ -t 0 ] || [ -n "$KEEP_OPEN" ]; then
    if [ -n "$KEEP_OPEN" ]; then sleep "$KEEP_OPEN"; else read -r -p "Press Enter to stop everything... " _; fi
  fi
fi

printf '\nDone. Next: ./rookery --help, docs/cluster.md, docs/analysis.md, ./rookery test\n'
