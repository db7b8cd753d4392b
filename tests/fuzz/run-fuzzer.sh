#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Runs one libFuzzer target for a while and prints one line:
#   PASS: fuzz: <name>: <inputs> inputs in <s> s, cov <c> ft <f>, corpus <n>
#   FAIL: fuzz: <name>: <why> (reproducer: <file>)
# usage: tests/fuzz/run-fuzzer.sh DIR NAME SECONDS [libFuzzer options...]
#   DIR/fuzz_NAME is the target; DIR/seeds-NAME the seeds (read only);
#   DIR/corpus-NAME the corpus it grows (kept between runs); DIR/NAME.log
#   the whole output; a crash is saved as DIR/NAME-crash-*.
# Reproduce a crash: DIR/fuzz_NAME DIR/NAME-crash-<hash>
set -u
dir=$1 name=$2 seconds=$3
shift 3
bin=$dir/fuzz_$name
log=$dir/$name.log
corpus=$dir/corpus-$name
seeds=$dir/seeds-$name

if [ ! -x "$bin" ]; then
	echo "FAIL: fuzz: $name: $bin not built (is clang installed? scripts/setup.sh)"
	exit 1
fi
mkdir -p "$corpus" "$seeds"
# -timeout: an input running 10 s is a hang; -error_exitcode: what a crash exits with.
"$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
	-error_exitcode=77 -timeout_exitcode=78 -artifact_prefix="$dir/$name-" "$@" \
	"$corpus" "$seeds" >"$log" 2>&1
rc=$?

runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1)
files=$(find "$corpus" -type f | wc -l)
# The target's own figure (SBI calls, device trees), printed at exit.
what=$(grep -oE '^fuzz_[a-z]+: [0-9]+ .*' "$log" | tail -1 | sed 's/^fuzz_[a-z]*: //')
if [ "$rc" -eq 0 ] && [ -n "$runs" ]; then
	echo "PASS: fuzz: $name: $runs inputs${what:+ ($what)} in $seconds s, ${cov:-cov ?}, corpus $files, 0 crashes"
	exit 0
fi
artifact=$(grep -oE "Test unit written to [^ ]+" "$log" | tail -1 | sed 's/Test unit written to //')
why=$(grep -m1 -E 'invariant violated|ERROR: (AddressSanitizer|libFuzzer)|runtime error|SUMMARY' "$log" | cut -c1-200)
echo "FAIL: fuzz: $name: ${why:-exit status $rc} (reproducer: ${artifact:-none}; log: $log)"
exit 1
