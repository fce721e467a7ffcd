#!/usr/bin/env bash
# Runs each fuzz target (already built by `make fuzz-build`) for FUZZ_SECONDS seconds:
#   fuzz/run.sh [target...]
# Each target reads the committed seeds (fuzz/corpus/<t>, never written) and grows its own
# corpus in fuzz/corpus-grown/<t> (ignored by git). Failing inputs go to
# fuzz/artifacts/<t>/. Prints one line per target and a summary; exit status 1 when any
# target crashed, broke a property, timed out or ran out of memory.
#
# FUZZ_SEEDS=clean leaves out the regress-* seeds (inputs of known, still open core bugs), to
# fuzz the rest of a target meanwhile. FUZZ_BIN_DIR selects another build of the targets.
set -u -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
seconds=${FUZZ_SECONDS:-30}
bin_dir=${FUZZ_BIN_DIR:-$here/target/x86_64-unknown-linux-gnu/release}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(wdp_code full_id uid11 xid tid euid catalog extuuid_text extuuid_uuid arrow_text arrow_ffi arrow_ints arrow_stream)

printf '%-14s %7s %12s %10s  %s\n' target seconds execs execs/s result
failed=0
total=0
for t in "${targets[@]}"; do
  bin=$bin_dir/$t
  if [ ! -x "$bin" ]; then
    printf '%-14s %7s %12s %10s  %s\n' "$t" - - - "NOT BUILT ($bin)"
    failed=$((failed + 1))
    continue
  fi
  mkdir -p "$here/corpus-grown/$t" "$here/artifacts/$t"
  log=$here/artifacts/$t/last-run.log
  seeds=$here/corpus/$t
  if [ "${FUZZ_SEEDS:-all}" = clean ]; then
    seeds=$(mktemp -d)
    find "$here/corpus/$t" -type f ! -name 'regress-*' -exec cp {} "$seeds/" \;
  fi
  dict=()
  [ -f "$here/dict/$t.dict" ] && dict=(-dict="$here/dict/$t.dict")
  start=$(date +%s)
  "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$here/artifacts/$t/" "${dict[@]}" \
    "$here/corpus-grown/$t" "$seeds" >"$log" 2>&1
  rc=$?
  [ "$seeds" = "$here/corpus/$t" ] || rm -rf "$seeds"
  took=$(( $(date +%s) - start ))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  if [ "$rc" -eq 0 ]; then
    result=ok
  else
    failed=$((failed + 1))
    artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    why=$(grep -m1 -E "panicked at|ERROR: (libFuzzer|AddressSanitizer)" "$log" | sed 's/^ *//; s/:$//')
    result="FAILED (exit $rc): ${why:-see $log}${artifact:+; input $artifact}"
  fi
  total=$((total + ${execs:-0}))
  printf '%-14s %7s %12s %10s  %s\n' "$t" "$took" "${execs:--}" "${rate:--}" "$result"
  if [ "$rc" -ne 0 ]; then
    # The panic message and the property that failed.
    grep -A4 -m1 "panicked at" "$log" | sed 's/^/    /' | head -6
  fi
done
echo "fuzz: ${#targets[@]} targets, ${seconds}s each, $total execs, $((${#targets[@]} - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
