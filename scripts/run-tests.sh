#!/bin/bash
# The whole test suite (`make test`): builds the firmware, the host unit tests
# and the S-mode payloads, runs them all, and ends with "N passed, N failed".
# Every test prints one "PASS: ..." or "FAIL: ..." line; this script counts them.
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
out="$BUILD/test-output.txt"
mkdir -p "$BUILD"
: > "$out"

run() {  # run a step, show and keep its output
	"$@" 2>&1 | tee -a "$out"
	return "${PIPESTATUS[0]}"
}

status=0
if ! run make -s BUILD="$BUILD" firmware payloads; then
	echo "FAIL: build: firmware or payloads did not build" | tee -a "$out"
	status=1
fi
# The test-hook image (lib/dispatch/sbi_ecall_test_hooks.c) some payload tests boot.
if ! run make -s BUILD="$BUILD" TEST_HOOKS=1 firmware; then
	echo "FAIL: build: TEST_HOOKS=1 firmware did not build" | tee -a "$out"
	status=1
fi
# The image that withholds PMU snapshot memory (payload and Linux 6.12 tests).
if ! run make -s BUILD="$BUILD" PMU_SNAPSHOT=n firmware; then
	echo "FAIL: build: PMU_SNAPSHOT=n firmware did not build" | tee -a "$out"
	status=1
fi
if [ -x /usr/bin/qemu-system-riscv64 ] && [ -n "${ABACUS_EXTRA_PLATFORMS-hifive-unmatched}" ]; then
	for p in ${ABACUS_EXTRA_PLATFORMS-hifive-unmatched}; do
		run make -s BUILD="$BUILD" PLATFORM="$p" firmware || { echo "FAIL: build: PLATFORM=$p" | tee -a "$out"; status=1; }
	done
fi
# The static bound of each hart's M-mode stack, from GCC's call graphs
# (scripts/stack-check.py, docs/reliability.md "Stack depth").
stack_builds=
for d in qemu-virt qemu-virt-test-hooks qemu-virt-no-snapshot ${ABACUS_EXTRA_PLATFORMS-hifive-unmatched}; do
	[ -f "$BUILD/$d/abacus.map" ] && stack_builds="$stack_builds $BUILD/$d"
done
run scripts/stack-check.py $stack_builds || status=1
# One-image builds (make PAYLOAD=...) that payload tests boot without -kernel.
if ! run make -s BUILD="$BUILD" embedded-images; then
	echo "FAIL: build: one-image builds (make embedded-images)" | tee -a "$out"
	status=1
fi
run make -s BUILD="$BUILD" host-tests || status=1
# abacus-pmu-dt, the host riscv,pmu checker, against the fixtures and the firmware's boot log.
run make -s BUILD="$BUILD" tools-test || status=1
run scripts/make-bad-dtbs.sh "$BUILD/bad-dtb" || status=1
run tests/run-qemu.sh || status=1
# kvm-unit-tests' SBI suite on QEMU 7.2 and 11.1 (tests/kvm-unit-tests/run.sh, docs/sbi3.md).
run tests/kvm-unit-tests/run.sh || status=1
# Short fuzzing runs and the firmware-memory canary (docs/reliability.md).
run make -s BUILD="$BUILD" fuzz-short || status=1
# Linux 6.1 and 6.12 on Abacus: perf, CPU hotplug, KVM selftests (kernels built
# once and cached in $BUILD/linux and $BUILD/linux-6.12; LINUX_KERNELS=6.1
# runs one of them, ABACUS_SKIP_LINUX=1 none).
if [ "${ABACUS_SKIP_LINUX:-0}" != 1 ]; then
	run make -s BUILD="$BUILD" linux-test || status=1
fi

passed=$(grep -c '^PASS: ' "$out")
failed=$(grep -c '^FAIL: ' "$out")
[ "$failed" -eq 0 ] || status=1
[ "$passed" -gt 0 ] || status=1
echo
echo "$passed passed, $failed failed"
exit $status
