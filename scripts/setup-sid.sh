#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Today's stack, from Debian's own packages only: a Debian sid root made with
# debootstrap inside the build tree (default build/sid), holding
#   qemu-system-riscv   QEMU 11.1 (sid packages RISC-V QEMU on its own)
#   opensbi             OpenSBI 1.9 (the reference on today's QEMU: make bench)
#   u-boot-qemu         U-Boot 2025.01 (the boot chain, tests/linux)
#   linux-source-7.2    Linux 7.2 (tests/linux)
#   gcc-riscv64-linux-gnu and what a kernel build needs: Linux 7.2's user
#                       shadow stacks (RISCV_USER_CFI) need a newer GCC than
#                       Debian 12's, so that kernel is built inside the root.
#   gcc-riscv64-unknown-elf, clang-21
#                       GCC 15 and clang 21: the firmware is built by them
#                       too (make compilers-test, scripts/sid-cc)
#   picolibc-riscv64-unknown-elf
#                       only for <stdint.h>: sid's GCC 15 for this target
#                       ships none of its own (Debian 12's GCC 12 does) and
#                       names picolibc as a Recommends, which
#                       --no-install-recommends leaves out
#   qemu-efi-riscv64    EDK2 for QEMU virt (RISCV_VIRT_CODE.fd/_VARS.fd), and
#   debian-installer-13-netboot-riscv64
#                       Debian 13's installer kernel and initrd: the UEFI
#                       boot chain and the installer's first screen
#                       (tests/linux/run-distro.sh)
# and, unpacked into ROOT/abacus-riscv64/root (not installed: riscv64 data
# the tests hand to QEMU, nothing the host runs), the riscv64 packages
#   grub-efi-riscv64-unsigned  Debian's GRUB for EFI, every module built in
#                       (grubriscv64.efi): the UEFI chain's boot loader
#   u-boot-sifive       U-Boot SPL and u-boot.itb (OpenSBI 1.9 inside) of
#   u-boot-starfive     the HiFive Unleashed and Unmatched and the
#                       VisionFive 2: the distribution's chain SPL -> FIT on
#                       QEMU sifive_u (tests/linux/run-linux.sh, load
#                       spl-fit) and scripts/abacus-fit on all three FITs
# fetched with apt-get download through a riscv64-only apt state of their
# own, so the root's own architecture list stays as it is.
# Nothing of it is committed (build/ is ignored). Run as root (or with sudo):
# debootstrap and chroot need it. Idempotent: when the root holds every
# package of the list, a second run installs and downloads nothing.
#
#   scripts/setup-sid.sh [ROOT]
#
# QEMU 11.1 runs from the host with scripts/sid-qemu (through the root's own
# dynamic loader, no chroot); the kernel build runs in the root with chroot.
set -eu
cd "$(dirname "$0")/.."

ROOT=${1:-${ABACUS_SID_ROOT:-build/sid}}
MIRROR=${ABACUS_SID_MIRROR:-http://deb.debian.org/debian}
PACKAGES="qemu-system-riscv opensbi u-boot-qemu linux-source-7.2
	gcc-riscv64-linux-gnu libc6-dev-riscv64-cross make bc bison flex cpio xz-utils
	libssl-dev libelf-dev patch python3 gcc libc6-dev
	qemu-efi-riscv64 debian-installer-13-netboot-riscv64
	gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf clang-21"
RISCV64_PACKAGES="grub-efi-riscv64-unsigned u-boot-sifive u-boot-starfive"
RISCV64_DIR=abacus-riscv64          # in the root
STAMP=$ROOT/.abacus-packages
want="$(echo $PACKAGES) riscv64: $(echo $RISCV64_PACKAGES)"

SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo

if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$want" ]; then
	echo "setup-sid: $ROOT has every package ($(ABACUS_SID_ROOT=$ROOT scripts/sid-qemu --version | head -n 1))"
	exit 0
fi

if ! command -v debootstrap >/dev/null; then
	echo "setup-sid: installing debootstrap"
	$SUDO apt-get install -y -q debootstrap
fi
if [ ! -x "$ROOT/usr/bin/apt-get" ] || [ ! -f "$ROOT/.abacus-debootstrap-done" ]; then
	echo "setup-sid: debootstrap sid into $ROOT (about a minute)"
	$SUDO rm -rf "$ROOT"
	mkdir -p "$(dirname "$ROOT")"
	if ! $SUDO debootstrap --variant=minbase sid "$ROOT" "$MIRROR" >"$ROOT.debootstrap.log" 2>&1; then
		tail -n 20 "$ROOT.debootstrap.log" >&2
		echo "setup-sid: debootstrap failed (log: $ROOT.debootstrap.log)" >&2
		exit 1
	fi
	$SUDO touch "$ROOT/.abacus-debootstrap-done"
fi
# The root resolves names as the host does (apt inside it downloads).
$SUDO cp /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true
echo "setup-sid: installing into $ROOT:" $PACKAGES
# The mirror may serve a frozen sid whose Release file has expired: accept it.
$SUDO chroot "$ROOT" apt-get -o Acquire::Check-Valid-Until=false update -q >"$ROOT.apt.log" 2>&1 || { tail -n 20 "$ROOT.apt.log" >&2; exit 1; }
if ! $SUDO chroot "$ROOT" env DEBIAN_FRONTEND=noninteractive \
	apt-get install -y -q --no-install-recommends $PACKAGES >>"$ROOT.apt.log" 2>&1; then
	tail -n 20 "$ROOT.apt.log" >&2
	echo "setup-sid: apt-get install in $ROOT failed (log: $ROOT.apt.log)" >&2
	exit 1
fi
# The riscv64 packages: their own apt state (lists, cache, an empty status)
# under ROOT/$RISCV64_DIR, the root's sources; unpacked into
# ROOT/$RISCV64_DIR/root, then the lists and .debs are dropped.
R64="-o APT::Architecture=riscv64 -o APT::Architectures::=riscv64 -o Acquire::Check-Valid-Until=false
	-o Dir::State::Lists=/$RISCV64_DIR/lists -o Dir::State::Status=/$RISCV64_DIR/status
	-o Dir::Cache=/$RISCV64_DIR/cache -o APT::Sandbox::User=root"
echo "setup-sid: unpacking riscv64 packages into $ROOT/$RISCV64_DIR/root:" $RISCV64_PACKAGES
$SUDO rm -rf "$ROOT/$RISCV64_DIR"
$SUDO mkdir -p "$ROOT/$RISCV64_DIR/lists/partial" "$ROOT/$RISCV64_DIR/cache/archives/partial" \
	"$ROOT/$RISCV64_DIR/debs" "$ROOT/$RISCV64_DIR/root"
$SUDO touch "$ROOT/$RISCV64_DIR/status"
if ! $SUDO chroot "$ROOT" apt-get $R64 update -q >>"$ROOT.apt.log" 2>&1 ||
   ! $SUDO chroot "$ROOT" sh -c "cd /$RISCV64_DIR/debs && apt-get $(echo $R64) download $RISCV64_PACKAGES" \
	>>"$ROOT.apt.log" 2>&1; then
	tail -n 20 "$ROOT.apt.log" >&2
	echo "setup-sid: apt-get download of riscv64 packages failed (log: $ROOT.apt.log)" >&2
	exit 1
fi
for deb in "$ROOT/$RISCV64_DIR"/debs/*.deb; do
	$SUDO chroot "$ROOT" dpkg-deb -x "/$RISCV64_DIR/debs/${deb##*/}" "/$RISCV64_DIR/root"
done
$SUDO rm -rf "$ROOT/$RISCV64_DIR/lists" "$ROOT/$RISCV64_DIR/cache" "$ROOT/$RISCV64_DIR/debs" "$ROOT/$RISCV64_DIR/status"
# The downloaded .debs are not needed again (a second run installs nothing).
$SUDO chroot "$ROOT" apt-get clean
echo "$want" | $SUDO tee "$STAMP" >/dev/null
echo "setup-sid: $ROOT ready ($(ABACUS_SID_ROOT=$ROOT scripts/sid-qemu --version | head -n 1))"
