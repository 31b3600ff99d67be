#!/usr/bin/env bash
# ./rookery demo — what Rookery can show on a fresh machine with no setup.
# Later issues extend this into the full pipeline (Kafka broker, workers, Spark sink, dashboard).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
R="$ROOT/rookery"

echo "== Rookery demo =="
echo
echo "-- 1. Built-in self-check of the rules core"
"$R" selfcheck
echo
echo "-- 2. Perft of the initial position, depth 6, split by root move"
"$R" perft --depth 6 --divide --threads 2
echo
echo "-- 3. The standard perft suite shipped with Rookery"
"$R" perft --epd "$ROOT/core/src/main/resources/org/rookery/core/perft/standard.epd" --max-depth 4
echo
echo "Done. Next: './rookery perft --help', './rookery bench core', './rookery test'."
