#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Boots Linux 6.1 ($BUILD/linux/Image, initramfs $BUILD/linux/initramfs.cpio)
# on the firmware under QEMU virt, once per case below, and prints the init
# program's "PASS: linux: ..." / "FAIL: linux: ..." lines (counted by
# scripts/run-tests.sh) plus, per case, "PASS: linux: boot-<case>" when the
# kernel reached userspace, init reported as many lines as it counted, and
# Linux powered off through SBI SRST (QEMU exited 0) within the timeout;
# otherwise "FAIL: linux: boot-<case> (<why>)" and the tail of the log.
# Ends with "linux: N passed, N failed"; exit status 0 when none failed.
#
# Environment:
#   LINUX_FIRMWARE  -bios image (default $BUILD/qemu-virt/abacus.bin)
#   BUILD           build directory (default build); logs go to $BUILD/test-logs
#   LINUX_CASES     the cases to run (default: all, "exact fw")
#   LINUX_TIMEOUT   seconds per case (default 180)
#   QEMU            QEMU binary (default qemu-system-riscv64)
#   QEMU_EXTRA      more QEMU arguments for every case (e.g. a -plugin)
# Build first: make -f tests/linux/linux.mk linux-kernel linux-initramfs

set -u
cd "$(dirname "$0")/../.." || exit 2

BUILD=${BUILD:-build}
FIRMWARE=${LINUX_FIRMWARE:-$BUILD/qemu-virt/abacus.bin}
QEMU=${QEMU:-qemu-system-riscv64}
TIMEOUT=${LINUX_TIMEOUT:-180}
LOG_DIR=$BUILD/test-logs
KERNEL=$BUILD/linux/Image
INITRD=$BUILD/linux/initramfs.cpio
TAIL_LINES=40
BOOTARGS="console=ttyS0 earlycon panic=-1"

# case name -> QEMU machine arguments and the init's check group.
#   exact: one hart under -icount shift=0, so that cycle and instret count
#          guest instructions (platform-notes.md: Linux with -smp >= 2 under
#          -icount may never finish booting); Sscofpmf for sampling.
#   fw:    four harts without -icount for IPIs and remote fences; no Sstc,
#          so that Linux sets its timer through SBI.
declare -A CASE_ARGS=(
	[exact]="-smp 1 -icount shift=0 -cpu rv64,sscofpmf=true"
	[fw]="-smp 4 -cpu rv64,sstc=false"
)
CASES=${LINUX_CASES:-exact fw}

passed=0
failed=0
result()   # result PASS|FAIL name [details]
{
	if [ "$1" = PASS ]; then
		passed=$((passed + 1))
		echo "PASS: linux: $2"
	else
		failed=$((failed + 1))
		echo "FAIL: linux: $2 (${3-})"
	fi
}

for f in "$FIRMWARE" "$KERNEL" "$INITRD"; do
	if [ ! -f "$f" ]; then
		result FAIL setup "$f not found (make -f tests/linux/linux.mk linux-test builds it)"
		echo "linux: $passed passed, $failed failed"
		exit 1
	fi
done
mkdir -p "$LOG_DIR" || exit 2

for name in $CASES; do
	if [ -z "${CASE_ARGS[$name]-}" ]; then
		result FAIL "boot-$name" "unknown case"
		continue
	fi
	log=$LOG_DIR/linux-$name.log
	read -r -a machine_args <<<"${CASE_ARGS[$name]} ${QEMU_EXTRA-}"
	cmd=("$QEMU" -M virt -m 256M -nographic -no-reboot -bios "$FIRMWARE" -kernel "$KERNEL"
	     -initrd "$INITRD" -append "$BOOTARGS abacus_test=$name" "${machine_args[@]}")
	printf '%q ' "${cmd[@]}" >"$LOG_DIR/linux-$name.cmd"
	echo >>"$LOG_DIR/linux-$name.cmd"

	start=$(date +%s%N)
	timeout -k 5 "$TIMEOUT" "${cmd[@]}" </dev/null >"$log" 2>&1
	rc=$?
	ms=$((($(date +%s%N) - start) / 1000000))

	# The init program's check lines as it printed them, its notes indented.
	tr -d '\r' <"$log" | grep -aE '^(PASS|FAIL): linux: ' >"$log.results"
	run_passed=$(grep -c '^PASS: ' "$log.results")
	run_failed=$(grep -c '^FAIL: ' "$log.results")
	tr -d '\r' <"$log" | grep -aE '^(PASS: linux: |FAIL: linux: |linux: )' |
		grep -avE '^linux: [0-9]+ passed, [0-9]+ failed$' | sed 's/^linux: /    linux: /'
	passed=$((passed + run_passed))
	failed=$((failed + run_failed))
	rm -f "$log.results"

	summary=$(tr -d '\r' <"$log" | grep -aE '^linux: [0-9]+ passed, [0-9]+ failed$' | tail -n 1)
	why=
	if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
		why="timeout after ${TIMEOUT}s"
	elif ! grep -qa 'linux: userspace reached' "$log"; then
		why="the kernel did not reach userspace (QEMU exit status $rc)"
	elif [ -z "$summary" ]; then
		why="init did not finish its checks (QEMU exit status $rc)"
	elif [ "$summary" != "linux: $run_passed passed, $run_failed failed" ]; then
		why="init counted '${summary#linux: }', the log has $run_passed PASS and $run_failed FAIL lines"
	elif [ "$rc" != 0 ]; then
		why="QEMU exit status $rc: no clean SBI SRST shutdown"
	fi
	if grep -qa 'Kernel panic' "$log"; then
		why="${why:+$why, }kernel panic"
	fi
	if [ -z "$why" ]; then
		result PASS "boot-$name"
	else
		result FAIL "boot-$name" "$why"
		tail -n "$TAIL_LINES" "$log" | tr -d '\r' | sed 's/^/    | /'
	fi
	uptime=$(tr -d '\r' <"$log" | sed -n 's/^linux: userspace reached: .*uptime \([0-9.]*\) s$/\1/p')
	printf 'linux: case %s: %d.%03d s wall, userspace at %s s uptime (log: %s)\n' "$name" \
		$((ms / 1000)) $((ms % 1000)) "${uptime:-?}" "$log"
done

echo "linux: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
