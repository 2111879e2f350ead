#!/usr/bin/env bash
# Builds the libFuzzer targets (preset "fuzz": clang, ASan + UBSan) and runs each one for
# SECONDS_PER_TARGET (default 20) over a copy of its seed corpus, as many at once as there are
# cores. Prints per target the executions, executions a second, libFuzzer's coverage (cov: edges,
# ft: features) and the line coverage of the code the target is about (llvm-cov), then
# "fuzz: N passed, M failed"; exits non-zero when any target crashed. docs/fuzzing.md.
#
#   tests/fuzz/run-fuzzers.sh [SECONDS_PER_TARGET [TARGET...]]
#
# Nothing is written into the repository: each run works in build/fuzz/fuzz-runs/TARGET/ (its
# grown corpus, its log, the input of any crash). MEADOW_FUZZ_JOBS sets how many run at once.
set -euo pipefail
cd "$(dirname "$0")/../.."
# ccache: a fresh clone reuses what earlier clones compiled.
source deploy/ccache-env.sh
seconds=${1:-20}
shift || true
build=build/fuzz
runs=$build/fuzz-runs
jobs=${MEADOW_FUZZ_JOBS:-$(nproc)}
# ASan fills every new allocation's first 4 KiB with a pattern; nothing here relies on it, and
# without it the HTTP target (Beast's buffers) runs about 30 % faster.
export ASAN_OPTIONS=${ASAN_OPTIONS:-max_malloc_fill_size=0}

for tool in clang++ llvm-profdata llvm-cov; do
  command -v "$tool" >/dev/null || { echo "fuzz: FAIL: $tool not found (Debian: apt-get install clang llvm)"; exit 1; }
done
if [ ! -f "$(clang++ -print-resource-dir)/lib/linux/libclang_rt.fuzzer-$(uname -m).a" ]; then
  echo "fuzz: FAIL: libFuzzer's runtime not found (Debian: apt-get install libclang-rt-14-dev)"
  exit 1
fi
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz

# "NAME EXECUTABLE COVERED-SOURCE…" per target, written by tests/fuzz/CMakeLists.txt.
mapfile -t listing < "$build/tests/fuzz/fuzz-targets.txt"
if (($# > 0)); then
  wanted=" $* "
  kept=()
  for line in "${listing[@]}"; do
    [[ $wanted == *" ${line%% *} "* ]] && kept+=("$line")
  done
  listing=("${kept[@]}")
fi
((${#listing[@]})) || { echo "fuzz: FAIL: no such target: $*"; exit 1; }

run_target() {
  local name=$1 exe=$2 dir=$runs/$1
  rm -rf "$dir"
  mkdir -p "$dir/crash"
  cp -r tests/fuzz/corpus/"$name" "$dir/corpus"
  local dict=()
  [ -f tests/fuzz/dict/"$name".dict ] && dict=(-dict=tests/fuzz/dict/"$name".dict)
  local status=0
  LLVM_PROFILE_FILE="$dir/%p.profraw" "$exe" "$dir/corpus" "${dict[@]}" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$dir/crash/" >"$dir/log" 2>&1 || status=$?
  echo "$status" >"$dir/status"
}

mkdir -p "$runs"
for line in "${listing[@]}"; do
  read -r name exe _ <<<"$line"
  while (($(jobs -rp | wc -l) >= jobs)); do wait -n || true; done
  run_target "$name" "$exe" &
done
wait

# The line coverage of `sources` (paths from the checkout's root) in one target's profile:
# "covered/lines (percent)", summed over the sources.
line_coverage() {
  local exe=$1 profile=$2
  shift 2
  llvm-cov report "$exe" -instr-profile="$profile" 2>/dev/null | awk -v sources="$*" '
    BEGIN { n = split(sources, want, " ") }
    { for (i = 1; i <= n; i++) if (index($1, want[i]) && substr($1, length($1) - length(want[i]) + 1) == want[i]) {
        lines += $8; missed += $9 } }
    END { if (lines > 0) printf "%d/%d lines (%.1f%%)", lines - missed, lines, 100 * (lines - missed) / lines
          else printf "no lines" }'
}

passed=0
failed=0
echo
for line in "${listing[@]}"; do
  read -r name exe sources <<<"$line"
  read -ra covered <<<"$sources"
  dir=$runs/$name
  log=$dir/log
  status=$(cat "$dir/status")
  execs=$(grep -aoP '^stat::number_of_executed_units: *\K\d+' "$log" | tail -1 || true)
  rate=$(grep -aoP '^stat::average_exec_per_sec: *\K\d+' "$log" | tail -1 || true)
  cov=$(grep -aoP 'cov: \d+ ft: \d+ corp: \d+' "$log" | tail -1 || true)
  coverage="no profile"
  if compgen -G "$dir/*.profraw" >/dev/null; then
    llvm-profdata merge -sparse "$dir"/*.profraw -o "$dir/merged.profdata"
    coverage=$(line_coverage "$exe" "$dir/merged.profdata" "${covered[@]}")
  fi
  if [ "$status" -eq 0 ]; then
    passed=$((passed + 1))
    verdict=ok
  else
    failed=$((failed + 1))
    verdict="CRASHED (exit $status)"
  fi
  echo "fuzz target $name: $verdict; ${execs:-0} executions in ${seconds} s, ${rate:-0}/s; ${cov:-no coverage line}"
  echo "  line coverage of $sources: $coverage"
  if [ "$status" -ne 0 ]; then
    echo "  ---- the end of its log ($log):"
    grep -av '^#[0-9]' "$log" | tail -40 | sed 's/^/  | /'
    for input in "$dir"/crash/*; do
      [ -f "$input" ] || continue
      echo "  the input: $input"
      echo "  reproduce: $exe $input"
      echo "  keep it as a regression test: cp $input tests/fuzz/crashes/$name/"
    done
  fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
