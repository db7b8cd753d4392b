#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Boots Linux on the firmware under QEMU virt (or spike), once per case of
# the table below, and prints the init program's check lines as
# "PASS: linux: <case>: <check>" / "FAIL: linux: <case>: <check> (...)"
# (counted by scripts/run-tests.sh), plus, per case, "PASS: linux: boot-<case>"
# when the kernel reached userspace, init reported as many lines as it
# counted, every firmware log marker of the case appeared, and Linux powered
# off through SBI SRST (QEMU exited 0) within the timeout; otherwise
# "FAIL: linux: boot-<case> (<why>)" and the tail of the log.
# Ends with "linux: N passed, N failed"; exit status 0 when none failed.
#
# How Linux gets there (the "load" column of the case table):
#   qemu        QEMU -kernel Image -initrd initramfs.cpio -append ...
#   uboot       the distribution chain: Abacus -> Debian's S-mode U-Boot
#               (-kernel u-boot.bin) -> distro boot of extlinux/extlinux.conf
#               on a virtio disk (tests/linux/make-boot-disk.py) -> Linux;
#               tests/linux/uboot-console.py drives U-Boot's console (its
#               `sbi` command first) and prints its own check lines
#   embedded    a one-image build (make PAYLOAD=$BUILD/linux/Image): QEMU gets
#               the firmware alone, a DT with /chosen bootargs and initrd (as
#               a board's would have) and the initramfs through a loader
#               device; the firmware must say it started the embedded payload
#   spl-fit     a distribution's own chain on QEMU 11.1 sifive_u (whatever
#               the kernel): Debian's HiFive Unleashed U-Boot SPL (-bios)
#               loads its u-boot.itb with the firmware put in place of
#               OpenSBI (scripts/abacus-fit) from an SD card
#               (tests/linux/make-boot-disk.py --spl --fit: SPL, FIT and an
#               ext4 partition with extlinux.conf); SPL enters the firmware,
#               which enters U-Boot, whose distro boot finds extlinux.conf on
#               its own (no key pressed) and boots Linux. Checked on top:
#               the console lines of SPL, the firmware's banner and U-Boot
#               arrive whole and in order (spl-fit-console), and QEMU's UART
#               model dropped no byte written to a full FIFO
#               (spl-fit-uart-nothing-dropped, from -d guest_errors)
#
# Environment:
#   LINUX_FIRMWARE  one -bios image for every case (default: the case's own,
#                   below); e.g. OpenSBI's fw_jump.bin for a comparison
#   BUILD           build directory (default build); logs go to $BUILD/test-logs
#   LINUX_KERNELS   kernels whose cases run (default "6.1 6.12 7.2")
#   LINUX_CASES     the cases to run (default: every case of LINUX_KERNELS)
#   LINUX_TIMEOUT   seconds per case (default: the case's own, below)
#   QEMU            QEMU for Linux 6.1 and 6.12 (default qemu-system-riscv64:
#                   Debian 12's QEMU 7.2, what their users run)
#   QEMU_SID        QEMU for Linux 7.2 (default scripts/sid-qemu: QEMU 11.1 of
#                   the Debian sid root, today's stack with today's kernel)
#   UBOOT           S-mode U-Boot with QEMU (default Debian 12's 2023.01,
#                   /usr/lib/u-boot/qemu-riscv64_smode/u-boot.bin)
#   UBOOT_SID       S-mode U-Boot with QEMU_SID (default the sid root's 2025.01)
#   SIFIVE_UBOOT    directory with the spl-fit cases' u-boot-spl.bin and
#                   u-boot.itb (default Debian sid's u-boot-sifive, unpacked
#                   by scripts/setup-sid.sh: .../sifive_unleashed)
#   QEMU_EXTRA      more QEMU arguments for every case (e.g. a -plugin)
# Build first: make -f tests/linux/linux.mk linux-kernel linux-initramfs

set -u
cd "$(dirname "$0")/../.." || exit 2

BUILD=${BUILD:-build}
QEMU=${QEMU:-qemu-system-riscv64}
LOG_DIR=$BUILD/test-logs
TEST_DIR=$BUILD/linux-test
TAIL_LINES=40
BOOTARGS="console=ttyS0 earlycon panic=-1"
KERNELS=${LINUX_KERNELS:-6.1 6.12 7.2}
SID_ROOT=${ABACUS_SID_ROOT:-build/sid}
QEMU_SID=${QEMU_SID:-scripts/sid-qemu}
UBOOT=${UBOOT:-/usr/lib/u-boot/qemu-riscv64_smode/u-boot.bin}
UBOOT_SID=${UBOOT_SID:-$SID_ROOT/usr/lib/u-boot/qemu-riscv64_smode/u-boot.bin}
SIFIVE_UBOOT=${SIFIVE_UBOOT:-$SID_ROOT/abacus-riscv64/root/usr/lib/u-boot/sifive_unleashed}
INITRD_ADDR=0x88000000       # embedded: where the loader device puts the initramfs
# spl-fit: lines that must arrive whole and in this order (extended regular
# expressions, each a whole line): SPL's, the firmware's banner, U-Boot's,
# distro boot's. A byte lost anywhere in them fails the case.
SPL_FIT_LINES=(
	'U-Boot SPL [0-9]{4}\.[0-9]{2}[^ ]* \(.*\)'
	'Trying to boot from MMC1'
	'Abacus SBI firmware [0-9]+\.[0-9]+ \(SBI [0-9]+\.[0-9]+\)'
	'U-Boot [0-9]{4}\.[0-9]{2}[^ ]* \(.*\)'
	'Model: SiFive HiFive Unleashed A00'
	'Hit any key to stop autoboot: .*'
	'Found /boot/extlinux/extlinux\.conf'
	'Starting kernel \.\.\.'
)

# Kernels: Image and initramfs, and the stack they run on.
#   6.1         Debian's linux-source-6.1 (tests/linux/kernel.config)
#   6.12        Debian's linux-source-6.12, stock (+ kernel-6.12.config: KVM,
#               CPU hotplug, cpuidle, membarrier), initramfs with the KVM selftests
#   6.12-fixed  the same with tests/linux/linux-6.12-riscv-pmu-sbi-fixes.patch,
#               the two one-line riscv_pmu_sbi fixes (docs/linux.md)
#   7.2         Debian sid's linux-source-7.2, stock (+ kernel-7.2.config: user
#               shadow stacks, KVM, CPU hotplug, membarrier; built in the sid
#               root), initramfs with its own KVM selftests
#   7.2-fixed   the same with tests/linux/linux-7.2-*.patch (the same two fixes)
# 6.1 and 6.12 run on Debian 12's QEMU 7.2 and U-Boot 2023.01, the stack
# their users have; 7.2 on Debian sid's QEMU 11.1 and U-Boot 2025.01.
declare -A KERNEL_IMAGE=(
	[6.1]=$BUILD/linux/Image
	[6.12]=$BUILD/linux-6.12/Image
	[6.12-fixed]=$BUILD/linux-6.12/Image-patched
	[7.2]=$BUILD/linux-7.2/Image
	[7.2-fixed]=$BUILD/linux-7.2/Image-patched
)
declare -A KERNEL_INITRD=(
	[6.1]=$TEST_DIR/initramfs-6.1.cpio
	[6.12]=$TEST_DIR/initramfs-6.12.cpio
	[6.12-fixed]=$TEST_DIR/initramfs-6.12.cpio
	[7.2]=$TEST_DIR/initramfs-7.2.cpio
	[7.2-fixed]=$TEST_DIR/initramfs-7.2.cpio
)
declare -A KERNEL_QEMU=([6.1]=$QEMU [6.12]=$QEMU [6.12-fixed]=$QEMU [7.2]=$QEMU_SID [7.2-fixed]=$QEMU_SID)
declare -A KERNEL_UBOOT=([6.1]=$UBOOT [6.12]=$UBOOT [6.12-fixed]=$UBOOT [7.2]=$UBOOT_SID [7.2-fixed]=$UBOOT_SID)

# Firmware of a case:
#   abacus              $BUILD/generic/abacus.bin, as built by default: PMU
#                       snapshot memory only when the DT asks (pmu-snapshot below)
#   abacus-snapshot     $BUILD/generic-snapshot/abacus.bin (make
#                       PMU_SNAPSHOT=y: snapshot memory offered on every boot)
#   abacus-payload      $BUILD/generic-payload-Image/abacus.bin (make
#                       PAYLOAD=$BUILD/linux/Image: the 6.1 kernel inside)
# LINUX_FIRMWARE replaces the first two; a one-image case keeps its own
# image only when LINUX_FIRMWARE is unset (it is Abacus's build option).
declare -A FIRMWARE_IMAGE=(
	[abacus]=$BUILD/generic/abacus.bin
	[abacus-snapshot]=$BUILD/generic-snapshot/abacus.bin
	[abacus-payload]=$BUILD/generic-payload-Image/abacus.bin
)
# DT of a case: QEMU's own (-), or QEMU's own for exactly that machine
# (-M virt,dumpdtb=) changed as named (several joined by +), given with -dtb:
#   pmu-snapshot       /chosen/abacus,pmu-snapshot (the firmware's opt-in switch)
#   idle-states        a default non-retentive idle state (SBI HSM suspend
#                      0x80000000) for every hart, used by Linux's cpuidle
#   uart-edge          the UART's interrupt edge-triggered (rising) instead of
#                      level-high: in MSI mode QEMU 7.2's APLIC re-pends a level
#                      source at every EOI of Linux 6.12 (docs/aia.md)
DT_PMU_SNAPSHOT='s|^\tchosen {|\tchosen {\n\t\tabacus,pmu-snapshot;|'
DT_IDLE_STATES='s|^\t\tcpu@[0-9]* {|&\n\t\t\tcpu-idle-states = <\&cpu_nonret>;|; 0,/^\t\tcpu@/s|^\t\tcpu@|\t\tidle-states {\n\t\t\tcpu_nonret: cpu-nonretentive {\n\t\t\t\tcompatible = "riscv,idle-state";\n\t\t\t\triscv,sbi-suspend-param = <0x80000000>;\n\t\t\t\tentry-latency-us = <10>;\n\t\t\t\texit-latency-us = <10>;\n\t\t\t\tmin-residency-us = <100>;\n\t\t\t};\n\t\t};\n&|'
DT_UART_EDGE='/^\t\tserial@10000000 {/,/};/s|interrupts = <0x0a 0x04>;|interrupts = <0x0a 0x01>;|'
declare -A DT_EDIT=(
	[pmu-snapshot]=$DT_PMU_SNAPSHOT
	[idle-states]=$DT_IDLE_STATES
	[uart-edge]=$DT_UART_EDGE
)
# What the firmware's boot log must say in such a case (with Abacus).
declare -A FIRMWARE_LOG=(
	[abacus-snapshot]="PMU snapshot    : offered (build option PMU_SNAPSHOT=y)"
	[pmu-snapshot]="PMU snapshot    : offered (DT /chosen/abacus,pmu-snapshot)"
	[embedded]="(embedded payload)"
)

# The cases: name | kernel | load | firmware | DT | timeout (s) | QEMU machine arguments | kernel arguments
#   exact/fw:      one hart under -icount shift=0 (cycle and instret count guest
#                  instructions; Linux on >= 2 harts under -icount may never
#                  finish booting, platform-notes.md), Sscofpmf for sampling;
#                  four harts without icount for IPIs and remote fences, no
#                  Sstc so that Linux sets its timer through SBI.
#   6.12 and 7.2 stock on the firmware as built (no snapshot memory, what
#                  their users get): counting, sampling, firmware events,
#                  hotplug, non-retentive idle, KVM. KVM gives guests Sscofpmf
#                  only on an AIA host: without AIA the overflow part of
#                  sbi_pmu_test skips (abacus_kvm_skip).
#   snapshot memory asked for (the build option, abacus-snapshot; the DT
#                  property, pmu-snapshot): the stock 6.12 kernel counts with it
#                  (exact: a stopped counter read from the snapshot page);
#                  sampling and hotplug with it need the two fixes (-fixed).
#   AIA (docs/aia.md): -M virt,aia=aplic-imsic (MSI mode; with aclint=on no
#                  MSWI: the firmware's IPIs through the M-level IMSIC files) or
#                  aia=aplic (direct mode), -cpu ...,x-smaia=true,x-ssaia=true
#                  (QEMU 11.1: smaia, ssaia, on in -cpu max): the S-level
#                  controllers, the M-level ones hidden, no irqchip errors,
#                  device interrupts (aia-msi/aia-direct); KVM on the AIA host,
#                  where the overflow part runs: on QEMU 7.2 it fails in
#                  exactly the known way (no hvien/hvip bit 13:
#                  abacus_kvm_known_failure), on QEMU 11.1 it passes; counting;
#                  CPU hotplug (HSM through M-level IMSIC IPIs, and with the
#                  S-level APLIC driving the harts). On QEMU 7.2 in MSI mode the
#                  UART's interrupt is edge-triggered in the DT (uart-edge): its
#                  APLIC storms a level one (checks_aia.c, docs/aia.md).
#   7.2 on QEMU 11.1 -cpu max (every extension it models): user shadow
#                  stacks (FWFT SHADOW_STACK), also after CPU hotplug.
#   smp-sampling:  4 kHz cycle sampling on four busy harts at once under
#                  -icount shift=0,sleep=off (Linux 7.2 boots there on QEMU
#                  11.1 in about 10 s of wall time): every overflow delivered,
#                  no counter left stopped (issue 25, docs/pmu.md); then two
#                  processes on each hart, switched between (sampling-switch).
#                  Not on QEMU 7.2: its round-robin under -icount stalls a
#                  hart for up to 120 ms and, in about one run of eight,
#                  never runs one again, with any firmware (docs/pmu.md);
#                  there sampling-switch runs on one hart (6.12-exact).
#   uboot:         the fw checks after U-Boot (four harts: Linux starts the
#                  other three through HSM; without -icount, which makes
#                  U-Boot's waits take minutes), plus the boot-chain checks;
#                  Debian 12's U-Boot 2023.01 with 6.1, sid's 2025.01 with 7.2.
#   embedded:      the exact checks on the one-image build, plus the chain checks.
#   spike:         QEMU spike (-M spike after the runner's -M virt: the last
#                  one wins), whose only console is HTIF, which Linux has no
#                  driver for: the kernel prints through the SBI debug console
#                  (earlycon=sbi, then hvc0: CONFIG_SERIAL_EARLYCON_RISCV_SBI
#                  and CONFIG_HVC_RISCV_SBI, which need Linux >= 6.8 for DBCN
#                  without the legacy calls); no Sstc for S-mode there, so
#                  the fw checks see Linux's timer go through SBI set_timer.
#   sifive-fit:    the firmware events (four U54 harts with S-mode, hart 0 the
#                  E51 without) and the chain checks after SPL -> FIT -> U-Boot
#                  on sifive_u; Linux ends with a reboot (sifive_u has no
#                  power-off, a gpio-restart line; -no-reboot ends QEMU there).
CASE_TABLE='
exact                   | 6.1        | qemu     | abacus          | -                      | 180 | -smp 1 -icount shift=0 -cpu rv64,sscofpmf=true | abacus_test=exact,sampling
fw                      | 6.1        | qemu     | abacus          | -                      | 180 | -smp 4 -cpu rv64,sstc=false                    | abacus_test=fw
6.12-exact              | 6.12       | qemu     | abacus          | -                      | 180 | -smp 1 -icount shift=0 -cpu rv64,sscofpmf=true | abacus_test=snapshot-off,exact,sampling,sampling-switch
6.12-fw                 | 6.12       | qemu     | abacus          | -                      | 180 | -smp 4 -cpu rv64,sstc=false                    | abacus_test=snapshot-off,fw,fw-ipi-mask
6.12-hotplug            | 6.12       | qemu     | abacus          | -                      | 180 | -smp 2 -cpu rv64,sscofpmf=true                 | abacus_test=snapshot-off,hotplug
6.12-kvm                | 6.12       | qemu     | abacus          | -                      | 600 | -smp 2 -cpu rv64,sscofpmf=true                 | abacus_test=snapshot-off,kvm abacus_kvm_skip=sbi-pmu-overflow
6.12-snapshot-exact     | 6.12       | qemu     | abacus          | pmu-snapshot           | 180 | -smp 1 -icount shift=0 -cpu rv64,sscofpmf=true | abacus_test=snapshot-on,exact
6.12-snapshot-fw        | 6.12       | qemu     | abacus-snapshot | -                      | 180 | -smp 4 -cpu rv64,sstc=false                    | abacus_test=snapshot-on,fw,fw-ipi-mask
6.12-snapshot-cpuidle   | 6.12       | qemu     | abacus          | idle-states+pmu-snapshot | 180 | -smp 2 -cpu rv64,sscofpmf=true               | abacus_test=snapshot-on,cpuidle
6.12-snapshot-kvm       | 6.12       | qemu     | abacus-snapshot | -                      | 600 | -smp 2 -cpu rv64,sscofpmf=true                 | abacus_test=snapshot-on,kvm abacus_kvm_skip=sbi-pmu-overflow
6.12-fixed-sampling     | 6.12-fixed | qemu     | abacus-snapshot | -                      | 180 | -smp 1 -icount shift=0 -cpu rv64,sscofpmf=true | abacus_test=snapshot-on,sampling
6.12-fixed-hotplug      | 6.12-fixed | qemu     | abacus          | pmu-snapshot           | 180 | -smp 2 -cpu rv64,sscofpmf=true                 | abacus_test=snapshot-on,hotplug
6.12-aia-kvm            | 6.12       | qemu     | abacus          | uart-edge+pmu-snapshot | 600 | -smp 2 -M virt,aia=aplic-imsic -cpu rv64,sscofpmf=true,x-smaia=true,x-ssaia=true | abacus_test=snapshot-on,aia-msi,kvm abacus_kvm_known_failure=sbi-pmu-overflow
6.12-aia-exact          | 6.12       | qemu     | abacus          | uart-edge              | 180 | -smp 1 -icount shift=0 -M virt,aia=aplic-imsic -cpu rv64,sscofpmf=true,x-smaia=true,x-ssaia=true | abacus_test=snapshot-off,aia-msi,exact
6.12-aia-aclint-hotplug | 6.12-fixed | qemu     | abacus          | uart-edge+pmu-snapshot | 180 | -smp 2 -M virt,aia=aplic-imsic,aclint=on -cpu rv64,sscofpmf=true,x-smaia=true,x-ssaia=true | abacus_test=snapshot-on,aia-msi,hotplug
6.12-aia-aplic          | 6.12-fixed | qemu     | abacus          | pmu-snapshot           | 180 | -smp 2 -M virt,aia=aplic -cpu rv64,sscofpmf=true,x-smaia=true,x-ssaia=true | abacus_test=snapshot-on,aia-direct,hotplug
7.2-exact               | 7.2        | qemu     | abacus          | -                      | 180 | -smp 1 -icount shift=0 -cpu max                | abacus_test=snapshot-off,exact,sampling,shadow-stack
7.2-fw                  | 7.2        | qemu     | abacus          | -                      | 180 | -smp 4 -cpu max,sstc=false                     | abacus_test=snapshot-off,fw,fw-ipi-mask
7.2-hotplug             | 7.2        | qemu     | abacus          | -                      | 180 | -smp 2 -cpu max                                | abacus_test=snapshot-off,hotplug,shadow-stack
7.2-aia-kvm             | 7.2        | qemu     | abacus          | -                      | 600 | -smp 2 -M virt,aia=aplic-imsic -cpu max,smaia=true,ssaia=true | abacus_test=snapshot-off,aia-msi,kvm
7.2-fixed-sampling      | 7.2-fixed  | qemu     | abacus-snapshot | -                      | 180 | -smp 1 -icount shift=0 -cpu max                | abacus_test=snapshot-on,exact,sampling
7.2-smp-sampling        | 7.2        | qemu     | abacus          | -                      | 180 | -smp 4 -icount shift=0,sleep=off -cpu max      | abacus_test=snapshot-off,sampling-smp,sampling-switch
7.2-fixed-hotplug       | 7.2-fixed  | qemu     | abacus          | pmu-snapshot           | 180 | -smp 2 -cpu max                                | abacus_test=snapshot-on,hotplug
uboot                   | 6.1        | uboot    | abacus          | -                      | 360 | -smp 4 -cpu rv64,sstc=false                    | abacus_test=fw abacus_chain=uboot abacus_extlinux=debian-style
7.2-uboot               | 7.2        | uboot    | abacus          | -                      | 360 | -smp 4 -cpu max,sstc=false                     | abacus_test=fw abacus_chain=uboot abacus_extlinux=debian-style
embedded                | 6.1        | embedded | abacus-payload  | -                      | 180 | -smp 1 -icount shift=0 -cpu rv64,sscofpmf=true | abacus_test=exact abacus_chain=embedded
6.12-spike              | 6.12       | qemu     | abacus          | -                      | 180 | -smp 2 -M spike                                | earlycon=sbi console=hvc0 abacus_test=fw
7.2-spike               | 7.2        | qemu     | abacus          | -                      | 180 | -smp 2 -M spike                                | earlycon=sbi console=hvc0 abacus_test=fw
sifive-fit              | 6.1        | spl-fit  | abacus          | -                      | 300 | -M sifive_u,msel=11 -smp 5 -m 8G               | abacus_test=fw abacus_chain=spl-fit abacus_extlinux=debian-style abacus_end=reboot'

trim()
{
	local s=$1
	s=${s#"${s%%[![:space:]]*}"}
	printf '%s' "${s%"${s##*[![:space:]]}"}"
}

declare -A C_KERNEL C_LOAD C_FIRMWARE C_DT C_TIMEOUT C_MACHINE C_APPEND
ALL_CASES=
while IFS='|' read -r f_name f_kernel f_load f_fw f_dt f_timeout f_machine f_append; do
	f_name=$(trim "$f_name")
	[ -n "$f_name" ] || continue
	f_kernel=$(trim "$f_kernel")
	case " $KERNELS " in *" ${f_kernel%-fixed} "*) ;; *) continue ;; esac
	C_KERNEL[$f_name]=$f_kernel
	C_LOAD[$f_name]=$(trim "$f_load")
	C_FIRMWARE[$f_name]=$(trim "$f_fw")
	C_DT[$f_name]=$(trim "$f_dt")
	C_TIMEOUT[$f_name]=$(trim "$f_timeout")
	C_MACHINE[$f_name]=$(trim "$f_machine")
	C_APPEND[$f_name]=$(trim "$f_append")
	# Another firmware cannot run Abacus's one-image build: left out by default.
	[ -n "${LINUX_FIRMWARE-}" ] && [ "${C_LOAD[$f_name]}" = embedded ] && continue
	# Without the sid root (its QEMU 11.1 and U-Boot SPL) no spl-fit case: scripts/run-tests.sh says SKIP.
	[ "${ABACUS_SKIP_SID:-0}" = 1 ] && [ "${C_LOAD[$f_name]}" = spl-fit ] && continue
	ALL_CASES="$ALL_CASES $f_name"
done <<<"$CASE_TABLE"
CASES=${LINUX_CASES:-$ALL_CASES}

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

# spl-fit: SPL_FIT_LINES whole and in order in the log; no byte dropped by QEMU's UART model.
spl_fit_console_checks()   # name log
{
	local line next=0 lost
	while IFS= read -r line; do
		[ "$next" -lt "${#SPL_FIT_LINES[@]}" ] || break
		if [[ $line =~ ^${SPL_FIT_LINES[$next]}$ ]]; then
			next=$((next + 1))
		fi
	done < <(tr -d '\r' <"$2")
	if [ "$next" = "${#SPL_FIT_LINES[@]}" ]; then
		result PASS "$1: spl-fit-console"
	else
		result FAIL "$1: spl-fit-console" "no whole line '${SPL_FIT_LINES[$next]}' after the ones before it"
	fi
	lost=$(grep -c 'sifive_uart: TX FIFO overflow' "$2.qemu-errors" 2>/dev/null)
	if [ -f "$2.qemu-errors" ] && [ "$lost" = 0 ]; then
		result PASS "$1: spl-fit-uart-nothing-dropped"
	else
		result FAIL "$1: spl-fit-uart-nothing-dropped" "QEMU's -d guest_errors log $2.qemu-errors: ${lost:-no log} bytes written to a full TX FIFO"
	fi
}

mkdir -p "$LOG_DIR" || exit 2

for name in $CASES; do
	if [ -z "${C_KERNEL[$name]-}" ]; then
		result FAIL "boot-$name" "unknown case, or its kernel is not in LINUX_KERNELS ($KERNELS)"
		continue
	fi
	log=$LOG_DIR/linux-$name.log
	kernel=${KERNEL_IMAGE[${C_KERNEL[$name]}]}
	initrd=${KERNEL_INITRD[${C_KERNEL[$name]}]}
	qemu=${KERNEL_QEMU[${C_KERNEL[$name]}]}
	bootargs_console=$BOOTARGS
	uboot=${KERNEL_UBOOT[${C_KERNEL[$name]}]}
	load=${C_LOAD[$name]}
	fw_kind=${C_FIRMWARE[$name]}
	if [ "$load" = embedded ]; then
		firmware=${FIRMWARE_IMAGE[$fw_kind]}
	else
		firmware=${LINUX_FIRMWARE:-${FIRMWARE_IMAGE[$fw_kind]}}
	fi
	timeout=${LINUX_TIMEOUT:-${C_TIMEOUT[$name]}}
	missing=
	needed=("$firmware" "$kernel" "$initrd")
	[ "$load" = uboot ] && needed+=("$uboot")
	if [ "$load" = spl-fit ]; then
		# Debian sid's SPL and FIT for sifive_u: QEMU 11.1, the SiFive UART.
		qemu=$QEMU_SID
		bootargs_console="console=ttySIF0 earlycon panic=-1"
		needed+=("$SIFIVE_UBOOT/u-boot-spl.bin" "$SIFIVE_UBOOT/u-boot.itb")
	fi
	for f in "${needed[@]}"; do
		[ -f "$f" ] || missing="$missing $f"
	done
	if [ -n "$missing" ]; then
		result FAIL "boot-$name" "not found:$missing (make -f tests/linux/linux.mk linux-test builds them; U-Boot: scripts/setup.sh installs u-boot-qemu, and into the sid root; scripts/setup-sid.sh unpacks u-boot-sifive)"
		continue
	fi
	read -r -a machine_args <<<"${C_MACHINE[$name]} ${QEMU_EXTRA-}"
	dtb_args=()
	dt_kind=${C_DT[$name]}
	if [ "$dt_kind" != - ]; then
		# QEMU's own DT for exactly this machine, changed as the case says.
		dtb=$LOG_DIR/linux-$name.dtb
		"$qemu" -M virt,dumpdtb="$dtb.qemu" -m 256M -nographic "${machine_args[@]}" >/dev/null 2>&1
		dtc -q -I dtb -O dts "$dtb.qemu" >"$dtb.dts"
		for edit in ${dt_kind//+/ }; do
			sed -i "${DT_EDIT[$edit]}" "$dtb.dts"
		done
		dtc -q -I dts -O dtb -o "$dtb" "$dtb.dts"
		dtb_args=(-dtb "$dtb")
	fi
	bootargs="$bootargs_console ${C_APPEND[$name]}"
	driver_out=
	setup_error=
	case $load in
	uboot)
		# Debian's S-mode U-Boot boots what a distribution installs on a disk.
		disk=$LOG_DIR/linux-$name-disk.img
		driver_out=$log.uboot
		if ! python3 tests/linux/make-boot-disk.py --kernel "$kernel" --initrd "$initrd" \
				--append "$bootargs" --version "${C_KERNEL[$name]%-fixed}" --out "$disk"; then
			setup_error="tests/linux/make-boot-disk.py failed"
		fi
		cmd=(python3 tests/linux/uboot-console.py --log "$log" --timeout "$timeout" --
		     "$qemu" -M virt -m 256M -no-reboot -bios "$firmware" -kernel "$uboot" -nic none
		     -drive "file=$disk,format=raw,if=none,id=hd0" -device virtio-blk-device,drive=hd0
		     "${dtb_args[@]}" "${machine_args[@]}")
		;;
	spl-fit)
		# The distribution's FIT with the firmware in OpenSBI's place, on an SD card with SPL.
		disk=$LOG_DIR/linux-$name-sd.img
		itb=$LOG_DIR/linux-$name.itb
		if ! scripts/abacus-fit --firmware "$firmware" "$SIFIVE_UBOOT/u-boot.itb" "$itb" >"$log.fit" 2>&1; then
			setup_error="scripts/abacus-fit failed: $(tail -n 1 "$log.fit")"
		elif ! python3 tests/linux/make-boot-disk.py --kernel "$kernel" --initrd "$initrd" \
				--append "$bootargs" --version "${C_KERNEL[$name]%-fixed}" --out "$disk" \
				--spl "$SIFIVE_UBOOT/u-boot-spl.bin" --fit "$itb"; then
			setup_error="tests/linux/make-boot-disk.py failed"
		fi
		rm -f "$log.qemu-errors"
		# -d guest_errors: QEMU's UART model reports each byte written to a full FIFO.
		# -nic user: after SD-card reads QEMU 11.1's main loop can sleep through the
		# UART's drain timer until something else wakes it (console stalled for good,
		# under OpenSBI as under Abacus); libslirp's poll timeout wakes it every second
		# (docs/boot.md, "The SiFive UART's first drain"). restrict=on: no way out.
		cmd=("$qemu" -nographic -no-reboot -bios "$SIFIVE_UBOOT/u-boot-spl.bin" -nic user,restrict=on
		     -drive "file=$disk,if=sd,format=raw" -d guest_errors -D "$log.qemu-errors" "${machine_args[@]}")
		;;
	embedded)
		# The board's DT carries the command line and the initrd's place.
		dtb=$LOG_DIR/linux-$name.dtb
		rm -f "$dtb"
		initrd_end=$(printf '0x%x' $((INITRD_ADDR + $(stat -c %s "$initrd"))))
		if ! "$qemu" -M "virt,dumpdtb=$dtb" -m 256M "${machine_args[@]}" -nographic >/dev/null 2>&1 ||
		   ! fdtput -t s "$dtb" /chosen bootargs "$bootargs" ||
		   ! fdtput -t x "$dtb" /chosen linux,initrd-start "$INITRD_ADDR" ||
		   ! fdtput -t x "$dtb" /chosen linux,initrd-end "$initrd_end"; then
			setup_error="could not make the DT with /chosen (QEMU dumpdtb, fdtput)"
		fi
		cmd=("$qemu" -M virt -m 256M -nographic -no-reboot -bios "$firmware" -dtb "$dtb"
		     -device "loader,file=$initrd,addr=$INITRD_ADDR,force-raw=on" "${machine_args[@]}")
		;;
	*)
		cmd=("$qemu" -M virt -m 256M -nographic -no-reboot -bios "$firmware" -kernel "$kernel"
		     -initrd "$initrd" -append "$bootargs" "${dtb_args[@]}" "${machine_args[@]}")
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
		timeout -k 5 "$((timeout + 30))" "${cmd[@]}" </dev/null >"$driver_out" 2>&1
	else
		timeout -k 5 "$timeout" "${cmd[@]}" </dev/null >"$log" 2>&1
	fi
	rc=$?
	ms=$((($(date +%s%N) - start) / 1000000))

	# The init program's check lines, with the case's name; its notes indented.
	tr -d '\r' <"$log" | grep -aE '^(PASS|FAIL): linux: ' >"$log.results"
	run_passed=$(grep -c '^PASS: ' "$log.results")
	run_failed=$(grep -c '^FAIL: ' "$log.results")
	tr -d '\r' <"$log" | grep -aE '^(PASS: linux: |FAIL: linux: |linux: )' |
		grep -avE '^linux: [0-9]+ passed, [0-9]+ failed$' |
		sed -e "s/^\(PASS\|FAIL\): linux: /\1: linux: $name: /" -e 's/^linux: /    linux: /'
	passed=$((passed + run_passed))
	failed=$((failed + run_failed))
	if [ -n "$driver_out" ]; then
		# The console driver's own check lines (uboot-...), then its notes.
		grep -aE '^(PASS|FAIL): linux: ' "$driver_out" |
			sed "s/^\(PASS\|FAIL\): linux: /\1: linux: $name: /"
		passed=$((passed + $(grep -c '^PASS: ' "$driver_out")))
		failed=$((failed + $(grep -c '^FAIL: ' "$driver_out")))
		grep -avE '^(PASS|FAIL): ' "$driver_out" | sed 's/^/    uboot-console: /'
	fi
	rm -f "$log.results"
	if [ "$load" = spl-fit ]; then
		spl_fit_console_checks "$name" "$log"
	fi

	summary=$(tr -d '\r' <"$log" | grep -aE '^linux: [0-9]+ passed, [0-9]+ failed$' | tail -n 1)
	why=
	if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
		why="timeout after ${timeout}s"
	elif ! grep -qa 'Linux version' "$log"; then
		why="Linux printed nothing (QEMU exit status $rc): no console driver for this machine in the kernel?"
	elif ! grep -qa 'linux: userspace reached' "$log"; then
		why="the kernel did not reach userspace (QEMU exit status $rc)"
	elif [ -z "$summary" ]; then
		why="init did not finish its checks (QEMU exit status $rc)"
	elif [ "$summary" != "linux: $run_passed passed, $run_failed failed" ]; then
		why="init counted '${summary#linux: }', the log has $run_passed PASS and $run_failed FAIL lines"
	elif [ "$rc" != 0 ]; then
		why="QEMU exit status $rc: no clean SBI SRST shutdown"
	fi
	for kind in "$fw_kind" ${dt_kind//+/ } "$load"; do
		if { [ -z "${LINUX_FIRMWARE-}" ] || [ "$load" = embedded ]; } && [ -n "${FIRMWARE_LOG[$kind]-}" ] &&
		   ! grep -qaF "${FIRMWARE_LOG[$kind]}" "$log"; then
			why="${why:+$why, }no '${FIRMWARE_LOG[$kind]}' in the firmware's boot log"
		fi
	done
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
