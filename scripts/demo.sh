#!/usr/bin/env bash
# ./rookery demo — the whole pipeline on one machine with no setup:
#   a real Kafka broker (KRaft), two workers, the Spark sink into Parquet, a gauntlet between two
#   close strengths of Rookery's engine (plus Stockfish when installed) with an opening book and
#   SPRT, the analysis jobs over those games and a bundled sample of real master games, endgame
#   tables, and the dashboard, left open on the match's page. Everything is stopped at the end.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
R="$ROOT/rookery"
SAMPLE="$ROOT/data/pgnmentor-sample.pgn.zst"

demo_usage() {
  cat <<'TXT'
Usage: ./rookery demo [--data DIR] [--keep-open SECONDS]

Runs the whole pipeline on this machine: a Kafka broker, two workers and the Spark sink; a gauntlet
between two close strengths of Rookery's engine under SPRT; the draw-rule and opening statistics over
its games and a bundled sample of 3,991 real master games (data/README.md); endgame tables; and the
dashboard, left open on the match's page until Ctrl-C.

Options:
  --data DIR           Data root for the demo's broker, tables and logs
                       (default: $ROOKERY_DATA/demo, else ./rookery-data/demo).
  --keep-open SECONDS  Keep the dashboard open this long, then stop (0: stop at once). Default: until
                       Ctrl-C on a terminal; without one (CI, scripts) stop at once.
  -h, --help           Show this help.
TXT
}

DATA="${ROOKERY_DATA:-$PWD/rookery-data}/demo"
KEEP_OPEN="${ROOKERY_DEMO_KEEP_OPEN:-}"
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) demo_usage; exit 0 ;;
    --data|--keep-open)
      [ $# -ge 2 ] && [ -n "$2" ] || { echo "rookery demo: $1 needs a value; try './rookery demo --help'" >&2; exit 2; }
      if [ "$1" = --data ]; then DATA="$2"; else KEEP_OPEN="$2"; fi
      shift 2 ;;
    --data=*) DATA="${1#--data=}"; shift ;;
    --keep-open=*) KEEP_OPEN="${1#--keep-open=}"; shift ;;
    *) echo "rookery demo: unknown option '$1'; try './rookery demo --help'" >&2; exit 2 ;;
  esac
done
if [ -n "$KEEP_OPEN" ] && ! [[ "$KEEP_OPEN" =~ ^[0-9]+$ ]]; then
  echo "rookery demo: --keep-open must be a number of seconds, not '$KEEP_OPEN'" >&2; exit 2
fi
if [ -e "$DATA" ] && [ ! -d "$DATA" ]; then echo "rookery demo: --data: $DATA is not a directory" >&2; exit 2; fi
mkdir -p "$DATA" 2>/dev/null || { echo "rookery demo: --data: cannot create $DATA" >&2; exit 2; }
DATA="$(cd "$DATA" && pwd)"
LOGS="$DATA/logs"
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
trap cleanup EXIT
# Ctrl-C while the dashboard is open is how the demo ends: exit 0 (cleanup runs on EXIT).
OPEN=""
trap 'echo; echo "Stopping."; if [ -n "$OPEN" ]; then exit 0; else exit 130; fi' INT TERM

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
# Two neighbouring skill levels: the same depth and node caps, a little less evaluation noise for
# level 13 (SkillLevel). Measured at tc=30+0.3: 15-9-11 after 35 games, about +60 Elo, so the SPRT
# needs many game pairs; levels 20 and 6 ended 24-0, and levels 12 and 10 18-2-1.
{
  echo "# Engines these demo workers agree to run (tasks name them; nothing else can be started)."
  echo "allow_builtin: true"
  echo "engines:"
  echo "  rookery-13: {cmd: builtin, args: [--level, \"13\"]}"
  echo "  rookery-12: {cmd: builtin, args: [--level, \"12\"]}"
  # Stockfish's skill 3 is near level 13 (6-4 in 10 games at tc=20+0.2; skill 1 lost 4-0, skill 6 won 3-0-1).
  [ -n "$SF" ] && echo "  stockfish: {cmd: $SF, options: {Threads: 1, Hash: 16, Skill Level: 3}}"
} > "$DATA/engines.yaml"

step "3. The Spark sink (rookery.games -> $DATA/games, Parquet) and two workers"
"$R" sink --bootstrap "$BOOT" --data "$DATA" --master 'local[1]' --trigger-seconds 5 > "$LOGS/sink.log" 2>&1 &
PIDS+=($!)
for i in 1 2; do
  "$R" worker --bootstrap "$BOOT" --engines "$DATA/engines.yaml" --id "demo-$i" --log "$LOGS" > "$LOGS/worker-$i.log" 2>&1 &
  PIDS+=($!)
done
echo "sink and workers started (logs in $LOGS)"

step "4. A gauntlet through Kafka: rookery-13 vs rookery-12, UHO book, SPRT(0, 80), at most 60 games"
# The skill levels cap nodes and depth, so games run as fast as those allow; the clock is generous
# so that a busy machine makes games slower, not lost on time.
EACH=(tc=20+0.2 timemargin=1000)
MATCH_ARGS=(-engine name=rookery-13 "${EACH[@]}" -engine name=rookery-12 "${EACH[@]}"
  -openings file="$ROOT/books/uho_4060_v3-sample.epd" order=random -srand 42
  -rounds 30 -games 2 -repeat -sprt elo0=0 elo1=80 alpha=0.05 beta=0.05 model=logistic -ratinginterval 10 -event "Rookery demo")
"$R" submit --bootstrap "$BOOT" --follow "${MATCH_ARGS[@]}" | tee "$LOGS/match.log"
MATCH_ID="$(sed -n 's/^Submitted match \([^:]*\):.*/\1/p; s/^Match \([^ ]*\) was already submitted.*/\1/p' "$LOGS/match.log" | head -n 1)"

if [ -n "$SF" ]; then
  step "4b. And against Stockfish (skill 3), four games"
  "$R" submit --bootstrap "$BOOT" --follow -engine name=rookery-13 "${EACH[@]}" \
    -engine name=stockfish "${EACH[@]}" -openings file="$ROOT/books/uho_4060_v3-sample.epd" order=random \
    -srand 7 -rounds 2 -games 2 -repeat -event "Rookery demo vs Stockfish"
else
  echo "(Stockfish is not installed; 'apt-get install stockfish' adds a match against it)"
fi

step "5. Stop the workers and the streaming sink; a final sink run catches up from its checkpoint"
for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
for pid in "${PIDS[@]}"; do for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done; done
PIDS=()
"$R" sink --bootstrap "$BOOT" --data "$DATA" --master 'local[2]' --once 2>&1 | tail -n 3

step "6. Analysis jobs (Spark, local[2]) over the games just played and $(basename "$SAMPLE")"
# Engine games from book positions rarely repeat or reach the 50-move rule; the bundled sample of
# real master games (data/README.md) shows what the statistics look like on human play.
if [ -f "$SAMPLE" ]; then
  "$R" analyze ingest --input "$SAMPLE" --out "$DATA" --collection pgnmentor-sample --master 'local[2]' --quiet 2>&1 | tail -n 2
else
  echo "($SAMPLE is missing; the statistics cover the gauntlet's games only)"
fi
"$R" analyze draw-rules --data "$DATA" --master 'local[2]' 2>&1 | tail -n 12
"$R" analyze openings --data "$DATA" --master 'local[2]' 2>&1 | tail -n 4

step "7. Endgame tables: generate KQvK and KRvK, and probe the KQK mate in 10"
"$R" tb generate KQvK KRvK --out "$DATA/tables" --quiet
"$R" tb probe "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1" --tb "$DATA/tables" | cut -c1-160

cat <<TXT

The games are Parquet under $DATA/games (partitioned by collection: one per match, and
pgnmentor-sample), readable by Spark, DuckDB or pandas, e.g.
  duckdb -c "SELECT white, black, result, termination, ply_count FROM read_parquet('$DATA/games/*/*.parquet')"
Statistics tables: $DATA/draw_rules, $DATA/openings.
TXT

step "8. The dashboard"
"$R" dashboard --data "$DATA" --bootstrap "$BOOT" --tb "$DATA/tables" --port 0 > "$LOGS/dashboard.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 1 120); do grep -q 'http://' "$LOGS/dashboard.log" 2>/dev/null && break; sleep 0.5; done
URL="$(grep -o 'http://[^ ]*' "$LOGS/dashboard.log" | head -n 1 || true)"
if [ -z "$URL" ]; then
  echo "The dashboard did not start; see $LOGS/dashboard.log" >&2
  exit 1
fi
PAGE="${URL%/}/matches"
[ -n "$MATCH_ID" ] && PAGE="${URL%/}/matches/$MATCH_ID"
echo "The match:        $PAGE"
echo "Draw rules:       ${URL%/}/draw-rules"
echo "Opening explorer: ${URL%/}/explorer"
echo "Tablebase:        ${URL%/}/tablebase"
printf '\nNext: ./rookery --help, docs/cluster.md, docs/analysis.md, ./rookery test\n'
if [ -n "$KEEP_OPEN" ]; then
  if [ "$KEEP_OPEN" -gt 0 ]; then
    echo "The dashboard stays open for $KEEP_OPEN s (Ctrl-C stops it sooner)."
    OPEN=1
    sleep "$KEEP_OPEN"
  fi
elif [ -t 0 ] && [ -t 1 ]; then
  echo "Open $PAGE in a browser. The dashboard stays open; press Ctrl-C to stop everything."
  OPEN=1
  wait "${PIDS[0]}" || true
fi
echo "Done."
