#!/bin/bash
# One-time set-up on a fresh Debian 12 machine, then a build:
#   - Debian packages: the bare-metal RISC-V toolchain, QEMU, dtc, host libfdt
#     (host unit tests), OpenSBI 1.1 (the reference in benchmarks),
#     linux-source-6.1 (upstream libfdt for the firmware, and the Linux test)
#     and linux-source-6.12 (bookworm-security: the Linux 6.12 and KVM test);
#   - today's stack (QEMU 11.1, OpenSBI 1.9, U-Boot 2025.01, Linux 7.2, a newer
#     riscv64 Linux GCC, EDK2, Debian's installer and GRUB) in a Debian sid
#     root, build/sid (scripts/setup-sid.sh), unless ABACUS_SKIP_SID=1 (then
#     `ABACUS_SKIP_SID=1 make test` leaves out what needs it, with SKIP lines);
#   - upstream libfdt extracted into build/ (never committed);
#   - the firmware, the test payloads and the host tools (build/tools/).
# A second run installs nothing new and downloads nothing.
set -eu
cd "$(dirname "$0")/.."

PACKAGES="make gcc libc6-dev gcc-riscv64-unknown-elf qemu-system-misc device-tree-compiler libfdt-dev
	opensbi linux-source-6.1 xz-utils"
# The Linux boot tests (tests/linux) also need a riscv64 Linux toolchain, a
# second kernel tree (Linux 6.12, from Debian's security archive) and patch
# (the labelled test patch of tests/linux/linux-6.12-*.patch).
PACKAGES="$PACKAGES gcc-riscv64-linux-gnu libc6-dev-riscv64-cross bc bison flex cpio libssl-dev libelf-dev"
PACKAGES="$PACKAGES linux-source-6.12 patch"
# The distribution boot chain (tests/linux, case uboot): Debian's S-mode U-Boot
# for QEMU virt, and mkfs.ext4 -d to build its boot disk without root; mtools
# makes the FAT EFI System Partition of the UEFI chain (tests/linux/make-esp.py).
PACKAGES="$PACKAGES u-boot-qemu e2fsprogs mtools"
# U-Boot's FIT tools: scripts/abacus-fit (Abacus into a distribution's
# u-boot.itb) runs mkimage, the tests list FITs with dumpimage.
PACKAGES="$PACKAGES u-boot-tools"
# The host fuzzers (tests/fuzz, docs/reliability.md): clang with libFuzzer and
# the sanitizer runtimes; python3 for their seeds and the QEMU canary run.
PACKAGES="$PACKAGES clang libclang-rt-14-dev python3"
# Today's stack is installed into a Debian sid root by debootstrap (below).
PACKAGES="$PACKAGES debootstrap"

missing=
for p in $PACKAGES; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
	SUDO=
	[ "$(id -u)" -eq 0 ] || SUDO=sudo
	echo "setup: installing$missing"
	$SUDO apt-get update -q
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q $missing
else
	echo "setup: all packages present"
fi
# Today's stack (QEMU 11.1, OpenSBI 1.9, U-Boot 2025.01, Linux 7.2 and a newer
# cross GCC, EDK2, Debian's installer and GRUB): a Debian sid root in
# build/sid, from Debian's own packages (about 3 GB with the Linux 7.2 build
# make test does there).
if [ "${ABACUS_SKIP_SID:-0}" = 1 ]; then
	echo "setup: ABACUS_SKIP_SID=1: no Debian sid root; run 'ABACUS_SKIP_SID=1 make test' (what needs it says SKIP)"
else
	scripts/setup-sid.sh
fi
make -j"$(nproc)" firmware payloads tools
