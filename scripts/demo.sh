#!/usr/bin/env bash
# ./rookery demo — Rookery on one machine with no setup: rules core, a real gauntlet with SPRT,
# and endgame tables. Everything it writes goes under ./rookery-data/demo.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
R="$ROOT/rookery"
DATA="${ROOKERY_DATA:-$PWD/rookery-data}/demo"
mkdir -p "$DATA"

step() { printf '\n== %s\n' "$*"; }

step "1. Self-check of the rules core"
"$R" selfcheck

step "2. Perft of the initial position to depth 6, split over 2 threads"
"$R" perft --depth 6 --threads 2 | tail -n 1

step "3. A gauntlet: Rookery's engine at full strength against weaker levels (and Stockfish when installed)"
SF=""
for d in /usr/games /usr/bin /usr/local/bin; do [ -x "$d/stockfish" ] && SF="$d/stockfish" && break; done
ENGINES=(-engine name=Rookery-20 cmd=builtin args="--level 20" -engine name=Rookery-8 cmd=builtin args="--level 8")
if [ -n "$SF" ]; then
  ENGINES+=(-engine name=Stockfish-skill2 cmd="$SF" "option.Skill Level=2" option.Threads=1 option.Hash=16)
else
  echo "(Stockfish not installed; 'apt-get install stockfish' adds it to this gauntlet)"
fi
rm -f "$DATA/gauntlet.pgn"
"$R" gauntlet "${ENGINES[@]}" -each tc=3+0.05 timemargin=100 \
  -openings file="$ROOT/books/uho_4060_v3-sample.epd" order=random -srand 42 \
  -rounds 3 -games 2 -repeat -concurrency 2 -ratinginterval 6 \
  -pgnout "$DATA/gauntlet.pgn" -log "$DATA/logs" -event "Rookery demo"
echo "Games written to $DATA/gauntlet.pgn"

step "4. Endgame tables: generate KQvK and KRvK, then probe a position"
"$R" tb generate KQvK KRvK --out "$DATA/tables" --quiet
"$R" tb probe "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1" --tb "$DATA/tables"

printf '\nDone. Next: ./rookery --help, ./rookery gauntlet --help, ./rookery bench core, ./rookery test\n'
