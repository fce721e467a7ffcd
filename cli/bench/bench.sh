#!/usr/bin/env bash
# polyid CLI benchmark: 1,000,000 IDs written to a pipe (`polyid tid -n 1000000 | cat`).
# Peers: `seq 1000000 | cat` (the floor: a coreutil writing ~6.9 MB to the same pipe) and,
# when the Python package is installed in the repo's .venv, the same core through Python
# (`TidGenerator().next_many_str` joined and written). Times with hyperfine when it is
# installed, else with bash's `time` (best of 10). Usage: cli/bench/bench.sh [POLYID_BINARY]
# With BENCH_MD set to a file (make cli-bench-write, tools/bench_section.py), the table is
# appended to it as Markdown.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="${1:-$root/target/release/polyid}"
out="$root/target/cli"
mkdir -p "$out"
py="$root/.venv/bin/python"
n=1000000

declare -a names cmds labels
add() { names+=("$1"); cmds+=("$2"); labels+=("$3"); }
add "polyid tid" "$bin tid -n $n | cat > /dev/null" '`polyid tid`'
add "polyid tid --display" "$bin tid --display -n $n | cat > /dev/null" '`polyid tid --display`'
add "polyid euid" "$bin euid -n $n | cat > /dev/null" '`polyid euid`'
add "polyid xid" "$bin xid -n $n | cat > /dev/null" '`polyid xid`'
add "seq (floor)" "seq $n | cat > /dev/null" "\`seq $n\` (the floor: a coreutil writing the same number of lines)"
if [ -x "$py" ] && "$py" -c 'import polyid' 2>/dev/null; then
  add "python polyid tid" "$py -c 'import sys, polyid; sys.stdout.write(\"\\n\".join(polyid.TidGenerator().next_many_str($n)) + \"\\n\")' | cat > /dev/null" \
    "Python, \`TidGenerator().next_many_str($n)\` joined and written"
fi

# Sanity: the benchmarked command writes n lines.
lines=$("$bin" tid -n $n | wc -l)
[ "$lines" -eq $n ] || { echo "polyid tid -n $n wrote $lines lines"; exit 1; }

declare -a means
if command -v hyperfine > /dev/null; then
  args=()
  for i in "${!cmds[@]}"; do args+=(-n "${names[$i]}" "${cmds[$i]}"); done
  hyperfine --warmup 3 --runs 20 --style basic --export-json "$out/bench.json" "${args[@]}" >&2
  mapfile -t means < <(python3 -c '
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(r["median"])' "$out/bench.json")
  how="hyperfine --warmup 3 --runs 20, median"
else
  TIMEFORMAT=%R
  for i in "${!cmds[@]}"; do
    best=""
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      t=$( { time bash -c "${cmds[$i]}" ; } 2>&1 )
      if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
    done
    means+=("$best")
  done
  how="bash time, best of 10"
fi

echo
echo "1,000,000 IDs to a pipe ($how), $(nproc) CPUs, $(uname -m)"
base=${means[0]}
for i in "${!names[@]}"; do
  awk -v name="${names[$i]}" -v t="${means[$i]}" -v b="$base" -v n=$n 'BEGIN {
    printf "  %-22s %8.1f ms  %6.1f M IDs/s  %5.2fx polyid tid\n", name, t * 1000, n / t / 1e6, t / b }'
done
awk -v t="$base" 'BEGIN { printf "polyid tid -n 1000000 | cat: %.1f ms\n", t * 1000 }'
if [ -n "${BENCH_MD:-}" ]; then
  {
    echo "$n IDs to a pipe (\`polyid tid -n $n | cat > /dev/null\`; $how):"
    echo
    echo "| command | time | IDs/s | vs \`polyid tid\` |"
    echo "|---|---:|---:|---:|"
    for i in "${!names[@]}"; do
      awk -v label="${labels[$i]}" -v t="${means[$i]}" -v b="$base" -v n=$n 'BEGIN {
        printf "| %s | %.1f ms | %.1f M | %.2fx |\n", label, t * 1000, n / t / 1e6, t / b }'
    done
  } >> "$BENCH_MD"
fi
