#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# What a distribution's user boots, on QEMU 11.1 (scripts/sid-qemu) with
# Abacus as -bios, from Debian's own packages (scripts/setup-sid.sh puts them
# in the sid root):
#
#   edk2-*       a RISC-V VM as libvirt/virt-manager makes it: QEMU virt with
#                EDK2 (qemu-efi-riscv64) in pflash0 and a copy of its
#                variable store in pflash1, which QEMU names as the next stage
#                (next_addr 0x20000000, flash: docs/boot.md); EDK2 boots GRUB
#                (Debian's grubriscv64.efi, grub-efi-riscv64-unsigned) from the
#                EFI System Partition of a disk made here
#                (tests/linux/make-esp.py), GRUB boots Linux (the installer's
#                generic 6.12 kernel, through its EFI stub) with the Linux
#                test's init (tests/linux/init) as the initrd, which checks
#                the chain (abacus_chain=edk2: Abacus's SBI, UEFI, the
#                firmware region out of Linux's RAM, perf) and powers off.
#                With ACPI (QEMU's default, as libvirt) and without (the DT
#                Abacus fixed up, passed on by EDK2). On 4 harts Linux starts
#                the other three through HSM.
#   installer-*  Debian 13's installer (debian-installer-13-netboot-riscv64:
#                its kernel and initrd, -kernel/-initrd) reaches its first
#                screen, "Select a language", on the serial console: on virt
#                (4 harts, -cpu max) and on tt-atlantis (8 harts, RAM at 0,
#                ACLINT MTIMER, IPIs through the M-level IMSIC; QEMU loads
#                -kernel at 0x200000). QEMU is stopped there.
#
# One line per case: "PASS: distro: <case>" when, within its timeout, the
# firmware named the expected next stage, the kernel brought up every hart,
# and user space got as far as the case asks (edk2: init's checks all passed
# and Linux powered off through SBI SRST, QEMU exiting 0; installer: the
# first screen); no kernel panic. Otherwise "FAIL: distro: <case> (<why>)"
# and the log's tail. init's own check lines come as "PASS: distro: <case>:
# <check>". Then a timing line per case: wall time, and the guest time at
# which the kernel ran /init (its log's timestamp).
# Ends with "distro: N passed, N failed"; exit status 0 when none failed.
#
# -r also runs OpenSBI 1.9 (build/sid's fw_dynamic.bin) on the same cases,
# for docs/linux.md's side by side: its results are INFO: lines, not judged.
#
# Environment: BUILD (default build; logs in $BUILD/test-logs/distro-*),
# DISTRO_TIMEOUT (seconds per case, default the case's own), QEMU_SID
# (default scripts/sid-qemu), ABACUS_SID_ROOT (default build/sid).

set -u
cd "$(dirname "$0")/../.." || exit 2

usage()
{
	cat <<'EOF'
usage: tests/linux/run-distro.sh [-k PATTERN] [-b IMAGE] [-r]
  -k PATTERN  only the cases whose name matches (grep -E)
  -b IMAGE    Abacus image (-bios; default $BUILD/generic/abacus.bin)
  -r          also run OpenSBI 1.9 from the sid root (INFO: lines, not judged)
EOF
}

BUILD=${BUILD:-build}
SID_ROOT=${ABACUS_SID_ROOT:-build/sid}
QEMU_SID=${QEMU_SID:-scripts/sid-qemu}
FIRMWARE=$BUILD/generic/abacus.bin
OPENSBI=$SID_ROOT/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin
EDK2_CODE=$SID_ROOT/usr/share/qemu-efi-riscv64/RISCV_VIRT_CODE.fd
EDK2_VARS=$SID_ROOT/usr/share/qemu-efi-riscv64/RISCV_VIRT_VARS.fd
GRUB=$SID_ROOT/abacus-riscv64/root/usr/lib/grub/riscv64-efi/monolithic/grubriscv64.efi
DI=$SID_ROOT/usr/lib/debian-installer/images/13/riscv64/text/debian-installer/riscv64
INIT=$BUILD/linux-test/init
LOG_DIR=$BUILD/test-logs
TAIL_LINES=30
EDK2_APPEND="console=ttyS0 earlycon panic=-1 abacus_test=boot abacus_chain=edk2"
FIRST_SCREEN="Select a language"
pattern=
reference=0

while getopts "k:b:rh" opt; do
	case $opt in
	k) pattern=$OPTARG ;;
	b) FIRMWARE=$OPTARG ;;
	r) reference=1 ;;
	h) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done

# The cases: name | machine | QEMU arguments | load | timeout (s) | harts the kernel must bring up | the firmware's next stage
CASE_TABLE='
edk2-smp1             | virt,pflash0=p0,pflash1=p1          | -smp 1 -m 1G          | edk2      | 300 | 1 | 0x20000000
edk2-smp4             | virt,pflash0=p0,pflash1=p1          | -smp 4 -m 1G          | edk2      | 300 | 4 | 0x20000000
edk2-dt-smp4          | virt,pflash0=p0,pflash1=p1,acpi=off | -smp 4 -m 1G          | edk2      | 300 | 4 | 0x20000000
installer-virt        | virt                                | -smp 4 -m 1G -cpu max | installer | 600 | 4 | 0x80200000
installer-tt-atlantis | tt-atlantis                         | -smp 8 -m 2G          | installer | 600 | 8 | 0x200000'

trim()
{
	local s=$1
	s=${s#"${s%%[![:space:]]*}"}
	printf '%s' "${s%"${s##*[![:space:]]}"}"
}

passed=0
failed=0
result()   # result PASS|FAIL|INFO-label name [why]
{
	case $1 in
	PASS) passed=$((passed + 1)); echo "PASS: distro: $2" ;;
	FAIL) failed=$((failed + 1)); echo "FAIL: distro: $2 (${3-})" ;;
	*) echo "INFO: distro: $2: ${1#INFO-}${3:+ (${3})}" ;;
	esac
}

mkdir -p "$LOG_DIR" || exit 2

# What every case needs, and how to get it.
missing=
for f in "$EDK2_CODE" "$EDK2_VARS" "$GRUB" "$DI/linux" "$DI/initrd.gz"; do
	[ -r "$f" ] || missing="$missing $f"
done
if ! "$QEMU_SID" --version >/dev/null 2>&1; then
	missing="$missing QEMU 11.1 ($QEMU_SID)"
fi
if [ -n "$missing" ]; then
	echo "FAIL: distro: prerequisites (missing:$missing; scripts/setup.sh installs them into the sid root)"
	echo "distro: 0 passed, 1 failed"
	exit 1
fi
# The Linux test's init (a static riscv64 program: Debian 12's riscv64-linux-gnu-gcc).
if ! make -s -f tests/linux/linux.mk BUILD="$BUILD" "$INIT" >"$LOG_DIR/distro-init-build.log" 2>&1; then
	echo "FAIL: distro: build of $INIT (log: $LOG_DIR/distro-init-build.log)"
	echo "distro: 0 passed, 1 failed"
	exit 1
fi

# The ESP every edk2 case boots (QEMU opens it with snapshot=on: never written).
esp=$LOG_DIR/distro-esp.img
if ! python3 tests/linux/make-esp.py --grub "$GRUB" --kernel "$DI/linux" --init "$INIT" \
		--append "$EDK2_APPEND" --out "$esp" >"$LOG_DIR/distro-esp.log" 2>&1; then
	echo "FAIL: distro: tests/linux/make-esp.py (log: $LOG_DIR/distro-esp.log)"
	echo "distro: 0 passed, 1 failed"
	exit 1
fi

# Runs QEMU for a case until the case's end; sets rc (QEMU's exit status,
# or "stopped" when the first screen came and QEMU was stopped, or
# "timeout"), ms (wall time).
run_case()   # run_case log timeout load cmd...
{
	local log=$1 timeout=$2 load=$3 pid deadline start
	shift 3
	start=$(date +%s%N)
	"$@" </dev/null >"$log" 2>&1 &
	pid=$!
	deadline=$(($(date +%s) + timeout))
	rc=timeout
	while :; do
		if ! kill -0 "$pid" 2>/dev/null; then
			wait "$pid"
			rc=$?
			break
		fi
		if [ "$load" = installer ] && grep -aqF "$FIRST_SCREEN" "$log"; then
			rc=stopped
			break
		fi
		if [ "$(date +%s)" -ge "$deadline" ]; then
			break
		fi
		sleep 1
	done
	if [ "$rc" = stopped ] || [ "$rc" = timeout ]; then
		kill "$pid" 2>/dev/null
		sleep 1
		kill -9 "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	fi
	ms=$((($(date +%s%N) - start) / 1000000))
}

# One case on one firmware; judged (PASS/FAIL) for Abacus, INFO for the reference.
one_case()   # one_case fw_label firmware name
{
	local label=$1 firmware=$2 name=$3 log vars why= init_at report summary run_passed run_failed
	local machine=${C_MACHINE[$name]} load=${C_LOAD[$name]} harts=${C_HARTS[$name]} next=${C_NEXT[$name]}
	local timeout=${DISTRO_TIMEOUT:-${C_TIMEOUT[$name]}} cpus
	local -a cmd args
	log=$LOG_DIR/distro-$name${label:+-$label}.log
	read -r -a args <<<"${C_ARGS[$name]}"
	cmd=("$QEMU_SID" -M "$machine" "${args[@]}" -nographic -no-reboot -bios "$firmware")
	case $load in
	edk2)
		vars=$LOG_DIR/distro-$name${label:+-$label}-VARS.fd
		cp "$EDK2_VARS" "$vars" || return
		cmd+=(-blockdev "node-name=p0,driver=file,filename=$EDK2_CODE,read-only=on"
		      -blockdev "node-name=p1,driver=file,filename=$vars"
		      -drive "file=$esp,format=raw,if=virtio,snapshot=on")
		;;
	installer)
		cmd+=(-kernel "$DI/linux" -initrd "$DI/initrd.gz" -append "console=ttyS0")
		;;
	esac
	printf '%q ' "${cmd[@]}" >"${log%.log}.cmd"
	echo >>"${log%.log}.cmd"

	run_case "$log" "$timeout" "$load" "${cmd[@]}"
	[ -n "${vars-}" ] && rm -f "$vars"

	[ "$harts" = 1 ] && cpus="1 CPU" || cpus="$harts CPUs"
	if [ "$rc" = timeout ]; then
		why="timeout after ${timeout}s"
	fi
	if [ -z "$label" ] && ! grep -aq "abacus: next stage      : $next in S-mode on hart [0-9]* (fw_dynamic)" "$log"; then
		why="${why:+$why, }the firmware did not name $next (fw_dynamic) as the next stage"
	fi
	if ! grep -aq "smp: Brought up 1 node, $cpus\$" <(tr -d '\r' <"$log"); then
		why="${why:+$why, }the kernel did not bring up $cpus"
	fi
	case $load in
	edk2)
		# init's check lines, with the case's name.
		report=$(tr -d '\r' <"$log" | grep -aE '^(PASS|FAIL): linux: ')
		run_passed=$(grep -c '^PASS: ' <<<"$report")
		run_failed=$(grep -c '^FAIL: ' <<<"$report")
		summary=$(tr -d '\r' <"$log" | grep -aE '^linux: [0-9]+ passed, [0-9]+ failed$' | tail -n 1)
		if [ -n "$report" ]; then
			if [ -z "$label" ]; then
				sed "s/^\(PASS\|FAIL\): linux: /\1: distro: $name: /" <<<"$report"
				passed=$((passed + run_passed))
				failed=$((failed + run_failed))
			else
				sed "s/^\(PASS\|FAIL\): linux: \(.*\)/INFO: distro: $name: $label: \1 \2/" <<<"$report"
			fi
		fi
		if ! grep -aq 'EFI stub: Booting Linux Kernel' "$log"; then
			why="${why:+$why, }GRUB did not start Linux through its EFI stub"
		elif ! grep -aq 'linux: userspace reached' "$log"; then
			why="${why:+$why, }the kernel did not reach user space"
		elif [ -z "$summary" ]; then
			why="${why:+$why, }init did not finish its checks"
		elif [ "$summary" != "linux: $run_passed passed, $run_failed failed" ] || [ "$run_failed" != 0 ]; then
			why="${why:+$why, }init: '${summary#linux: }'"
		elif [ "$rc" != 0 ]; then
			why="${why:+$why, }QEMU exit status $rc: no clean SBI SRST shutdown"
		fi
		;;
	installer)
		if [ "$rc" != stopped ]; then
			why="${why:+$why, }no '$FIRST_SCREEN' on the console (QEMU: $rc)"
		fi
		;;
	esac
	if grep -aq 'Kernel panic' "$log"; then
		why="${why:+$why, }kernel panic"
	fi
	init_at=$(tr -d '\r' <"$log" | sed -n 's/^\[ *\([0-9.]*\)\] Run \/init as init process.*/\1/p' | head -n 1)
	if [ -n "$label" ]; then
		result "INFO-${why:-ok}" "$name: $label"
	elif [ -z "$why" ]; then
		result PASS "$name"
	else
		result FAIL "$name" "$why"
		tail -n "$TAIL_LINES" "$log" | tr -d '\r' | sed 's/^/    | /'
	fi
	printf 'distro: case %s%s: %d.%03d s wall, /init at %s s guest time (log: %s)\n' "$name" "${label:+ on $label}" \
		$((ms / 1000)) $((ms % 1000)) "${init_at:-?}" "$log"
}

declare -A C_MACHINE C_ARGS C_LOAD C_TIMEOUT C_HARTS C_NEXT
cases=
while IFS='|' read -r f_name f_machine f_args f_load f_timeout f_harts f_next; do
	f_name=$(trim "$f_name")
	[ -n "$f_name" ] || continue
	[ -z "$pattern" ] || grep -qE -- "$pattern" <<<"$f_name" || continue
	C_MACHINE[$f_name]=$(trim "$f_machine")
	C_ARGS[$f_name]=$(trim "$f_args")
	C_LOAD[$f_name]=$(trim "$f_load")
	C_TIMEOUT[$f_name]=$(trim "$f_timeout")
	C_HARTS[$f_name]=$(trim "$f_harts")
	C_NEXT[$f_name]=$(trim "$f_next")
	cases="$cases $f_name"
done <<<"$CASE_TABLE"

if [ -z "$cases" ]; then
	echo "FAIL: distro: no case matches '$pattern'"
	echo "distro: 0 passed, 1 failed"
	exit 1
fi
if [ ! -r "$FIRMWARE" ]; then
	echo "FAIL: distro: no firmware image $FIRMWARE (make firmware)"
	echo "distro: 0 passed, 1 failed"
	exit 1
fi

for name in $cases; do
	one_case "" "$FIRMWARE" "$name"
	if [ "$reference" = 1 ]; then
		one_case opensbi-1.9 "$OPENSBI" "$name"
	fi
done

echo "distro: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
