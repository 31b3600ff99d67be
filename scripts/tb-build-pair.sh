#!/bin/bash
# Builds every table up to 4 pieces with two versions of the endgame classes at the same time, one
# thread each, so both see the same machine (whose speed drifts by a third within an hour here):
# the comparison behind BENCHMARKS.md's session-6 pairs.
#   usage: scripts/tb-build-pair.sh CLASSES_A CLASSES_B
# CLASSES_x: an endgame classes directory or jar (e.g. a copy of endgame/target/classes of each
# version); the other dependencies come from endgame/target/classpath.txt. Prints per version the
# wall and CPU (user+sys) seconds, the summed compression seconds and a digest of the 36 files.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { echo "usage: $0 CLASSES_A CLASSES_B" >&2; exit 2; }
deps=$(cat endgame/target/classpath.txt)
one() {
  local out; out=$(mktemp -d)
  /usr/bin/time -f "%e %U %S" -o "$out.time" java -Xmx6g -cp "$1:$deps" org.rookery.endgame.cli.TbMain \
    generate --pieces 4 --out "$out" --threads 1 > "$out.log" 2>&1
  local comp sums w u s
  comp=$(grep -o "bytes in [0-9.]* s$" "$out.log" | awk '{s += $3} END {print s}')
  sums=$(cd "$out" && sha256sum ./*.rtb | sha256sum | cut -c1-16)
  read -r w u s < "$out.time"
  echo "$1: wall $w s, cpu $(echo "$u + $s" | bc) s, compression $comp s, tables $sums"
  rm -rf "$out" "$out.time" "$out.log"
}
one "$1" & one "$2" & wait
