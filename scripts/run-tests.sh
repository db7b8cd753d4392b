#!/bin/bash
# The whole test suite (`make test`): builds the firmware, the host unit tests
# and the S-mode payloads, runs them all, and ends with "N passed, N failed".
# Every test prints one "PASS: ..." or "FAIL: ..." line; this script counts them.
# ABACUS_SKIP_SID=1 (no Debian sid root: scripts/setup.sh skipped it, README):
# what needs the root (QEMU 11.1, OpenSBI 1.9, Linux 7.2's kernel and tree,
# the distribution boots) is left out, each part with a "SKIP: ..." line, and
# the closing line says ", N skipped".
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
skip_sid=${ABACUS_SKIP_SID:-0}
skip() {  # a part left out: one line, counted
	echo "SKIP: $* (ABACUS_SKIP_SID=1: no Debian sid root)" | tee -a "$out"
}

status=0
if ! run make -s BUILD="$BUILD" firmware payloads; then
	echo "FAIL: build: firmware or payloads did not build" | tee -a "$out"
	status=1
fi
# The test-hook image (lib/ext/test_hooks/test_hooks_ecall.c) some payload tests boot.
if ! run make -s BUILD="$BUILD" TEST_HOOKS=1 firmware; then
	echo "FAIL: build: TEST_HOOKS=1 firmware did not build" | tee -a "$out"
	status=1
fi
# The image that offers PMU snapshot memory on every boot (payload and Linux tests).
if ! run make -s BUILD="$BUILD" PMU_SNAPSHOT=y firmware; then
	echo "FAIL: build: PMU_SNAPSHOT=y firmware did not build" | tee -a "$out"
	status=1
fi
# The static bound of each hart's M-mode stack, from GCC's call graphs
# (scripts/stack-check.py, docs/reliability.md "Stack depth"). One image for
# every board (PLATFORM=generic): QEMU virt and sifive_u boot the same one.
stack_builds=
for d in generic generic-test-hooks generic-snapshot; do
	[ -f "$BUILD/$d/abacus.map" ] && stack_builds="$stack_builds $BUILD/$d"
done
run scripts/stack-check.py $stack_builds || status=1
# The file graph of each build: no circle, every dependency pointing down the
# layers of docs/architecture.md, no firmware source file over 600 lines
# (scripts/layer-check.py).
run scripts/layer-check.py $stack_builds || status=1
# One-image builds (make PAYLOAD=...) that payload tests boot without -kernel,
# and the images built with OpenSBI's variables (FW_TEXT_START, FW_JUMP_ADDR,
# FW_FDT_PATH, ...) that payload tests boot (tests/payloads/embedded.mk).
# The firmware built by the sid root's GCC 15 and clang 21 too, warning-free
# (make compilers-test; docs/bench.md, "Compilers").
if [ "$skip_sid" = 1 ]; then
	run make -s BUILD="$BUILD" COMPILERS=gcc12 compilers-test || status=1
	skip "compilers: GCC 15 and clang 21 (the root's)"
else
	run make -s BUILD="$BUILD" compilers-test || status=1
fi
if ! run make -s BUILD="$BUILD" embedded-images; then
	echo "FAIL: build: one-image builds (make embedded-images)" | tee -a "$out"
	status=1
fi
run make -s BUILD="$BUILD" host-tests || status=1
# The build's own checks: old PLATFORMs and OpenSBI's FW_* variables, the PIE link (tests/tools/test_build_options.py).
run env BUILD="$BUILD" python3 tests/tools/test_build_options.py || status=1
# abacus-pmu-dt, the host riscv,pmu checker, against the fixtures, the firmware's boot log
# and Linux's board DTs; and the docs tried literally (tests/tools/test_docs.py).
run make -s BUILD="$BUILD" tools-test || status=1
# scripts/abacus-fit on Debian's FITs for the HiFive Unleashed and Unmatched and
# the VisionFive 2, and on hashed, signed and external-data FITs (tests/tools/test_abacus_fit.py).
if [ "$skip_sid" = 1 ]; then
	skip "abacus-fit: Debian sid's FITs (u-boot-sifive, u-boot-starfive in the root)"
else
	run make -s BUILD="$BUILD" fit-test || status=1
fi
run scripts/make-bad-dtbs.sh "$BUILD/bad-dtb" || status=1
if [ "$skip_sid" = 1 ]; then
	run tests/run-qemu.sh -q 7.2 || status=1
	skip "qemu11: every payload case on QEMU 11.1"
else
	run tests/run-qemu.sh || status=1
fi
# kvm-unit-tests' SBI suite on QEMU 7.2 and 11.1 (tests/kvm-unit-tests/run.sh, docs/sbi3.md).
if [ "$skip_sid" = 1 ]; then
	run tests/kvm-unit-tests/run.sh -q 7.2 || status=1
	skip "kvm-unit-tests: abacus on QEMU 11.1"
else
	run tests/kvm-unit-tests/run.sh || status=1
fi
# Short fuzzing runs and the firmware-memory canary (docs/reliability.md).
run make -s BUILD="$BUILD" fuzz-short || status=1
# Linux 6.1 and 6.12 (QEMU 7.2) and 7.2 (QEMU 11.1, built in the sid root) on
# Abacus: perf, CPU hotplug, KVM selftests, user shadow stacks (kernels built
# once and cached in $BUILD/linux, $BUILD/linux-6.12 and $BUILD/linux-7.2;
# LINUX_KERNELS=6.1 runs one of them, ABACUS_SKIP_LINUX=1 none).
if [ "${ABACUS_SKIP_LINUX:-0}" != 1 ]; then
	if [ "$skip_sid" = 1 ]; then
		kernels=
		for k in ${LINUX_KERNELS:-6.1 6.12 7.2}; do
			[ "$k" = 7.2 ] || kernels="$kernels $k"
		done
		skip "linux: the Linux 7.2 cases (QEMU 11.1, built with the root's GCC)"
		skip "linux: sifive-fit (QEMU 11.1 sifive_u, Debian sid's U-Boot SPL and FIT)"
		[ -z "$kernels" ] || run make -s BUILD="$BUILD" LINUX_KERNELS="${kernels# }" linux-test || status=1
	else
		run make -s BUILD="$BUILD" linux-test || status=1
	fi
	# What a distribution's user boots on QEMU 11.1: EDK2 -> GRUB -> Linux on 1
	# and 4 harts, Debian's installer to its first screen on virt and
	# tt-atlantis (tests/linux/run-distro.sh, docs/linux.md).
	if [ "$skip_sid" = 1 ]; then
		skip "distro: EDK2 -> GRUB -> Linux and the installer (QEMU 11.1, Debian sid's packages)"
	else
		run tests/linux/run-distro.sh || status=1
	fi
fi

passed=$(grep -c '^PASS: ' "$out")
failed=$(grep -c '^FAIL: ' "$out")
skipped=$(grep -c '^SKIP: ' "$out")
[ "$failed" -eq 0 ] || status=1
[ "$passed" -gt 0 ] || status=1
echo
if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
exit $status
