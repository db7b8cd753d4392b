# SPDX-License-Identifier: BSD-2-Clause
#
# Sourced by build-kernel.sh and build-kvm-selftests.sh (bash, from the
# repository root, with VERSION, B (the BUILD_DIR of that kernel) and CROSS
# set): where a kernel version's tree is and how its build commands run.
#   T         the tree (src/, obj/) as these scripts see it
#   TR        the same tree as the build commands see it
#   TARBALL   Debian's linux-source-VERSION tarball
#   in_tree   runs a command where the build commands run
# 6.1 and 6.12 build on the host with Debian 12's GCC 12; the tree is B.
# 7.2 builds inside the Debian sid root of scripts/setup-sid.sh
# (${ABACUS_SID_ROOT:-build/sid}) with its GCC 16: Linux 7.2's user shadow
# stacks (RISCV_USER_CFI) need a compiler that knows Zicfiss. Its tree is
# ROOT/abacus-build/linux-7.2, the only place of the shared root written to;
# the scripts copy what the tests use (Images, KVM selftests) out to B.
case $VERSION in
7.2)
	ROOT=${ABACUS_SID_ROOT:-build/sid}
	TARBALL=${LINUX_TARBALL:-$ROOT/usr/src/linux-source-$VERSION.tar.xz}
	T=$ROOT/abacus-build/linux-$VERSION
	TR=/abacus-build/linux-$VERSION
	# The root's own tools in a clean environment (the host's PATH and
	# locale mean nothing there).
	in_tree() { chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C.UTF-8 "$@"; }
	if [ ! -x "$ROOT/usr/bin/${CROSS}gcc" ]; then
		echo "${0##*/}: no ${CROSS}gcc in the sid root $ROOT (scripts/setup-sid.sh makes it)" >&2
		exit 1
	fi
	# chroot needs root, as debootstrap did (scripts/setup-sid.sh).
	if [ "$(id -u)" -ne 0 ]; then
		echo "${0##*/}: Linux $VERSION builds inside the sid root with chroot: run as root (e.g. sudo make test)" >&2
		exit 1
	fi
	;;
*)
	TARBALL=${LINUX_TARBALL:-/usr/src/linux-source-$VERSION.tar.xz}
	T=$B
	TR=$PWD/$B
	in_tree() { "$@"; }
	;;
esac
