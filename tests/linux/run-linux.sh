#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Boots Linux 6.1 ($BUILD/linux/Image, initramfs $BUILD/linux/initramfs.cpio)
# on the firmware under QEMU virt, once per case below, and prints the init
# program's "PASS: linux: ..." / "FAIL: linux: ..." lines (counted by
# scripts/run-tests.sh) plus, per case, "PASS: linux: boot-<case>" when the
# kernel reached userspace, init reported as many lines as it counted, the
# firmware's boot log showed the case's next stage, and Linux powered off
# through SBI SRST (QEMU exited 0) within the timeout; otherwise
# "FAIL: linux: boot-<case> (<why>)" and the tail of the log.
# Ends with "linux: N passed, N failed"; exit status 0 when none failed.
#
# How Linux gets there:
#   exact, fw   QEMU -kernel Image -initrd initramfs.cpio
#   uboot       the distribution chain: Abacus -> Debian's S-mode U-Boot
#               (-kernel u-boot.bin) -> distro boot of extlinux/extlinux.conf
#               on a virtio disk (tests/linux/make-boot-disk.py) -> Linux;
#               tests/linux/uboot-console.py runs U-Boot's sbi command first
#   embedded    a one-image build (make PAYLOAD=$BUILD/linux/Image): QEMU gets
#               the firmware alone, a DT with /chosen bootargs and initrd (as
#               a board's would have) and the initramfs through a loader device;
#               the firmware must say it started the embedded payload
#
# Environment:
#   LINUX_FIRMWARE  -bios image (default $BUILD/qemu-virt/abacus.bin)
#   EMBEDDED_FIRMWARE  the one-image build (default $BUILD/qemu-virt-payload-Image/abacus.bin)
#   UBOOT           S-mode U-Boot (default /usr/lib/u-boot/qemu-riscv64_smode/u-boot.bin)
#   BUILD           build directory (default build); logs go to $BUILD/test-logs
#   LINUX_CASES     the cases to run (default: all, "exact fw uboot embedded")
#   LINUX_TIMEOUT   seconds per case (default 180; the uboot case gets twice that)
#   QEMU            QEMU binary (default qemu-system-riscv64)
#   QEMU_EXTRA      more QEMU arguments for every case (e.g. a -plugin)
# Build first: make -f tests/linux/linux.mk linux-kernel linux-initramfs

set -u
cd "$(dirname "$0")/../.." || exit 2

BUILD=${BUILD:-build}
FIRMWARE=${LINUX_FIRMWARE:-$BUILD/qemu-virt/abacus.bin}
EMBEDDED_FIRMWARE=${EMBEDDED_FIRMWARE:-$BUILD/qemu-virt-payload-Image/abacus.bin}
UBOOT=${UBOOT:-/usr/lib/u-boot/qemu-riscv64_smode/u-boot.bin}
QEMU=${QEMU:-qemu-system-riscv64}
TIMEOUT=${LINUX_TIMEOUT:-180}
LOG_DIR=$BUILD/test-logs
KERNEL=$BUILD/linux/Image
INITRD=$BUILD/linux/initramfs.cpio
TAIL_LINES=40
BOOTARGS="console=ttyS0 earlycon panic=-1"
INITRD_ADDR=0x88000000       # embedded: where the loader device puts the initramfs

# case name -> QEMU machine arguments and the init's check group.
#   exact: one hart under -icount shift=0, so that cycle and instret count
#          guest instructions (platform-notes.md: Linux with -smp >= 2 under
#          -icount may never finish booting); Sscofpmf for sampling.
#   fw:    four harts without -icount for IPIs and remote fences; no Sstc,
#          so that Linux sets its timer through SBI.
#   uboot: the fw checks after U-Boot (four harts: Linux starts the other
#          three through HSM; without -icount, which makes U-Boot's waits
#          take minutes), plus the boot-chain checks.
#   embedded: the exact checks on the one-image build, plus the chain checks.
declare -A CASE_ARGS=(
	[exact]="-smp 1 -icount shift=0 -cpu rv64,sscofpmf=true"
	[fw]="-smp 4 -cpu rv64,sstc=false"
	[uboot]="-smp 4 -cpu rv64,sstc=false"
	[embedded]="-smp 1 -icount shift=0 -cpu rv64,sscofpmf=true"
)
declare -A CASE_BOOTARGS=(
	[exact]="abacus_test=exact"
	[fw]="abacus_test=fw"
	[uboot]="abacus_test=fw abacus_chain=uboot abacus_extlinux=debian-style"
	[embedded]="abacus_test=exact abacus_chain=embedded"
)
# What the firmware's "next stage" boot-log line must say it started (Abacus only).
declare -A CASE_NEXT_STAGE=(
	[embedded]="(embedded payload)"
)
CASES=${LINUX_CASES:-exact fw uboot embedded}

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
	bootargs="$BOOTARGS ${CASE_BOOTARGS[$name]}"
	case_timeout=$TIMEOUT
	driver_out=
	setup_error=
	case $name in
	uboot)
		# Debian's S-mode U-Boot boots what a distribution installs on a disk.
		disk=$LOG_DIR/linux-uboot-disk.img
		driver_out=$log.uboot
		case_timeout=$((TIMEOUT * 2))
		if [ ! -f "$UBOOT" ]; then
			setup_error="$UBOOT not found (apt-get install u-boot-qemu; scripts/setup.sh does)"
		elif ! python3 tests/linux/make-boot-disk.py --kernel "$KERNEL" --initrd "$INITRD" \
				--append "$bootargs" --out "$disk"; then
			setup_error="tests/linux/make-boot-disk.py failed"
		fi
		cmd=(python3 tests/linux/uboot-console.py --log "$log" --timeout "$case_timeout" --
		     "$QEMU" -M virt -m 256M -no-reboot -bios "$FIRMWARE" -kernel "$UBOOT" -nic none
		     -drive "file=$disk,format=raw,if=none,id=hd0" -device virtio-blk-device,drive=hd0
		     "${machine_args[@]}")
		;;
	embedded)
		# The board's DT carries the command line and the initrd's place.
		dtb=$LOG_DIR/linux-embedded.dtb
		rm -f "$dtb"
		initrd_end=$(printf '0x%x' $((INITRD_ADDR + $(stat -c %s "$INITRD"))))
		if [ ! -f "$EMBEDDED_FIRMWARE" ]; then
			setup_error="$EMBEDDED_FIRMWARE not found (make PAYLOAD=$KERNEL)"
		elif ! "$QEMU" -M "virt,dumpdtb=$dtb" -m 256M "${machine_args[@]}" -nographic >/dev/null 2>&1 ||
		     ! fdtput -t s "$dtb" /chosen bootargs "$bootargs" ||
		     ! fdtput -t x "$dtb" /chosen linux,initrd-start "$INITRD_ADDR" ||
		     ! fdtput -t x "$dtb" /chosen linux,initrd-end "$initrd_end"; then
			setup_error="could not make the DT with /chosen (QEMU dumpdtb, fdtput)"
		fi
		cmd=("$QEMU" -M virt -m 256M -nographic -no-reboot -bios "$EMBEDDED_FIRMWARE" -dtb "$dtb"
		     -device "loader,file=$INITRD,addr=$INITRD_ADDR,force-raw=on" "${machine_args[@]}")
		;;
	*)
		cmd=("$QEMU" -M virt -m 256M -nographic -no-reboot -bios "$FIRMWARE" -kernel "$KERNEL"
		     -initrd "$INITRD" -append "$bootargs" "${machine_args[@]}")
		;;
	esac
	printf '%q ' "${cmd[@]}" >"$LOG_DIR/linux-$name.cmd"
	echo >>"$LOG_DIR/linux-$name.cmd"
	if [ -n "$setup_error" ]; then
		result FAIL "boot-$name" "$setup_error"
		continue
	fi

	start=$(date +%s%N)
	if [ -n "$driver_out" ]; then
		# The console driver writes the machine's output to $log itself.
		timeout -k 5 "$((case_timeout + 30))" "${cmd[@]}" </dev/null >"$driver_out" 2>&1
	else
		timeout -k 5 "$case_timeout" "${cmd[@]}" </dev/null >"$log" 2>&1
	fi
	rc=$?
	ms=$((($(date +%s%N) - start) / 1000000))

	# The init program's check lines as it printed them, its notes indented;
	# then those of the console driver (uboot).
	tr -d '\r' <"$log" | grep -aE '^(PASS|FAIL): linux: ' >"$log.results"
	run_passed=$(grep -c '^PASS: ' "$log.results")
	run_failed=$(grep -c '^FAIL: ' "$log.results")
	tr -d '\r' <"$log" | grep -aE '^(PASS: linux: |FAIL: linux: |linux: )' |
		grep -avE '^linux: [0-9]+ passed, [0-9]+ failed$' | sed 's/^linux: /    linux: /'
	passed=$((passed + run_passed))
	failed=$((failed + run_failed))
	if [ -n "$driver_out" ]; then
		grep -aE '^(PASS: |FAIL: |linux: )' "$driver_out" | sed 's/^linux: /    linux: /'
		passed=$((passed + $(grep -c '^PASS: ' "$driver_out")))
		failed=$((failed + $(grep -c '^FAIL: ' "$driver_out")))
		grep -avE '^(PASS: |FAIL: |linux: )' "$driver_out" | sed 's/^/    uboot-console: /'
	fi
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
	elif [ -n "${CASE_NEXT_STAGE[$name]-}" ] &&
	     ! tr -d '\r' <"$log" | grep -a '^abacus: next stage ' | grep -qF -- "${CASE_NEXT_STAGE[$name]}"; then
		why="the firmware's next-stage line does not say ${CASE_NEXT_STAGE[$name]}"
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
