#!/bin/bash
# Runs OpenSpiel's oh_hell (Python) and our `fixed_work` bench alternately, three rounds,
# and prints each side's actions per CPU-second.
#
# Usage: bench-compare/compare.sh <python with pyspiel> <fixed_work binary>
#   (`cargo bench -p crownbattles-rules --bench fixed_work --no-run` prints the binary.)
set -eu
PY=$1
FW=$2
OS="$(dirname "$0")/openspiel_oh_hell.py"
for round in 1 2 3; do
  for p in 3 5 7; do
    os=$("$PY" "$OS" "$p" 6 | grep "CPU time" | sed 's/,//g' | awk '{print $4, $7}')
    ours=""
    for q in $p $([ "$p" = 7 ] && echo 8); do
      best=999
      for _ in 1 2 3; do
        t=$( { /usr/bin/time -f "%U" "$FW" "$q" 60000 > /tmp/compare.out; } 2>&1 )
        best=$(echo "$t $best" | awk '{print ($1<$2)?$1:$2}')
      done
      acts=$(grep -o '[0-9]* actions' /tmp/compare.out | cut -d' ' -f1)
      ours="$ours ${q}p $(awk -v a="$acts" -v t="$best" 'BEGIN{printf "%.2f M", a/t/1e6}')"
    done
    echo "round $round: OpenSpiel ${p}p all=$(echo "$os" | cut -d' ' -f1) player=$(echo "$os" | cut -d' ' -f2) | ours$ours"
  done
done
