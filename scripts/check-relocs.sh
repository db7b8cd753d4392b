#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Checks a freshly linked firmware ELF before the build keeps it: the image
# relocates itself at boot (firmware/entry.S), and that code applies
# R_RISCV_RELATIVE entries only. Fails when the ELF has any other dynamic
# relocation type, or none at all (the linker made no PIE: a bare-metal
# linker such as riscv64-unknown-elf-ld ignores -pie).
#   usage: scripts/check-relocs.sh ELF READELF LINK_CROSS_COMPILE
set -eu
elf=$1 readelf=$2 prefix=$3

relocs=$("$readelf" -rW "$elf") || { echo "check-relocs: $readelf cannot read $elf" >&2; rm -f "$elf"; exit 1; }
# All of them in .rela.dyn, which entry.S walks (firmware/abacus.ld gathers
# every .rela* there).
sections=$(printf '%s\n' "$relocs" | sed -n "s/^Relocation section '\([^']*\)'.*/\1/p" | sort -u)
if [ -n "$sections" ] && [ "$sections" != .rela.dyn ]; then
	echo "check-relocs: $elf has relocation sections other than .rela.dyn, which entry.S would not apply:" >&2
	printf '%s\n' "$sections" | sed 's/^/  /' >&2
	rm -f "$elf"
	exit 1
fi
# Relocation lines start with the offset: hexadecimal, then info, then the type.
types=$(printf '%s\n' "$relocs" | awk '$1 ~ /^[0-9a-f]+$/ && NF >= 3 { print $3 }' | sort | uniq -c)
if [ -z "$types" ]; then
	echo "check-relocs: $elf has no dynamic relocations: the linker (${prefix}ld) made no position-independent" >&2
	echo "  executable; link with LINK_CROSS_COMPILE=riscv64-linux-gnu- (Debian gcc-riscv64-linux-gnu)" >&2
	rm -f "$elf"
	exit 1
fi
other=$(printf '%s\n' "$types" | awk '$2 != "R_RISCV_RELATIVE"')
if [ -n "$other" ]; then
	echo "check-relocs: $elf has relocations firmware/entry.S does not apply (only R_RISCV_RELATIVE):" >&2
	printf '%s\n' "$other" | sed 's/^/  /' >&2
	printf '%s\n' "$relocs" | awk '$1 ~ /^[0-9a-f]+$/ && NF >= 3 && $3 != "R_RISCV_RELATIVE"' | head -n 10 | sed 's/^/    /' >&2
	rm -f "$elf"
	exit 1
fi
