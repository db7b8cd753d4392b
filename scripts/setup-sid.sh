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
	libssl-dev libelf-dev patch python3 gcc libc6-dev"
STAMP=$ROOT/.abacus-packages
want=$(echo $PACKAGES)

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
echo "setup-sid: installing into $ROOT:" $want
# The mirror may serve a frozen sid whose Release file has expired: accept it.
$SUDO chroot "$ROOT" apt-get -o Acquire::Check-Valid-Until=false update -q >"$ROOT.apt.log" 2>&1 || { tail -n 20 "$ROOT.apt.log" >&2; exit 1; }
if ! $SUDO chroot "$ROOT" env DEBIAN_FRONTEND=noninteractive \
	apt-get install -y -q --no-install-recommends $want >>"$ROOT.apt.log" 2>&1; then
	tail -n 20 "$ROOT.apt.log" >&2
	echo "setup-sid: apt-get install in $ROOT failed (log: $ROOT.apt.log)" >&2
	exit 1
fi
# The downloaded .debs are not needed again (a second run installs nothing).
$SUDO chroot "$ROOT" apt-get clean
echo "$want" | $SUDO tee "$STAMP" >/dev/null
echo "setup-sid: $ROOT ready ($(ABACUS_SID_ROOT=$ROOT scripts/sid-qemu --version | head -n 1))"
