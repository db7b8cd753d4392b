#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# The platforms `make test` (scripts/run-tests.sh) builds besides qemu-virt,
# one per line: hifive-unmatched always (its QEMU sifive_u cases and the
# abacus-pmu-dt tests boot it), then each platform named in
# $ABACUS_EXTRA_PLATFORMS (space-separated) that is not already listed.
# ABACUS_EXTRA_PLATFORMS adds platforms; it never replaces the default.
list=" qemu-virt hifive-unmatched "
echo hifive-unmatched
for p in ${ABACUS_EXTRA_PLATFORMS:-}; do
	case $list in
	*" $p "*) ;;
	*) list="$list$p "; echo "$p" ;;
	esac
done
