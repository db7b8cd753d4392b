#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
#
# What some of the image's objects cost in bytes: the built image
# (make firmware) against the same objects linked again, the same way,
# without those whose path matches a pattern. A function of theirs that the
# rest of the image calls becomes a stub that returns 0: the image without
# them is only measured, never run. What they added inside other files
# (a hook's call site, a case in a shared switch) is not counted.
#   usage: scripts/image-cost.sh [-b IMAGE_DIR] PATTERN...
#     PATTERN: an extended regular expression over the objects' paths,
#     e.g. 'quirks/renesas' 'drivers/i2c_'
#     IMAGE_DIR: the image's build directory (default build/generic)
# Prints the image's size with and without them and the difference.
set -eu
cd "$(dirname "$0")/.."
O=build/generic
if [ "${1-}" = -b ]; then O=$2; shift 2; fi
[ $# -gt 0 ] || { sed -n '3,14p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
LD=${LINK_CROSS_COMPILE:-riscv64-linux-gnu-}ld
[ -f "$O/abacus.bin" ] && [ -f "$O/gen/objects" ] || { echo "image-cost: no image in $O (make firmware)" >&2; exit 1; }

pattern=$(printf '%s|' "$@"); pattern=${pattern%|}
keep=() dropped=0
# In the Makefile's order (FW_OBJS): the same layout, so the same padding.
libfdt=$(sed -n 's/^LIBFDT_FILES *:= *//p' Makefile)
for o in $(cat "$O/gen/objects") $(for f in $libfdt; do echo "$O/libfdt/${f%.c}.o"; done); do
	if [[ $o =~ $pattern ]]; then dropped=$((dropped + 1)); else keep+=("$o"); fi
done
[ "$dropped" -gt 0 ] || { echo "image-cost: no object matches $pattern" >&2; exit 1; }
extra=()
for o in "$O"/gen/sbi_ecall_table.o "$O"/fw_config.S.o "$O"/fw_payload.S.o; do
	[ -f "$o" ] && extra+=("$o")
done

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
link_bin() {  # out objects...
	local out=$1; shift
	"$LD" -pie --no-dynamic-linker --gc-sections --no-warn-rwx-segments --build-id=none \
		-T "$O/abacus.ld" -o "$tmp/$out.elf" "$@" 2>"$tmp/ld.log" || return 1
	scripts/pack-relocs.py "$tmp/$out.elf"
	riscv64-unknown-elf-objcopy -O binary "$tmp/$out.elf" "$tmp/$out.bin"
}
# The measure holds only if this link is the Makefile's: all of the objects
# must give the built image, byte for byte.
all=($(cat "$O/gen/objects") $(for f in $libfdt; do echo "$O/libfdt/${f%.c}.o"; done))
link_bin all "${all[@]}" "${extra[@]}" && cmp -s "$tmp/all.bin" "$O/abacus.bin" ||
	{ echo "image-cost: linking $O's objects again does not give $O/abacus.bin (rebuild it: make firmware)" >&2; exit 1; }
link() { link_bin without "${keep[@]}" "${extra[@]}" "$@"; }
if ! link; then
	# Each symbol the rest still names: a stub.
	grep -o "undefined reference to \`[A-Za-z0-9_.]*'" "$tmp/ld.log" | sed "s/.*\`//; s/'$//" | sort -u |
		while read -r sym; do printf '\t.globl %s\n%s:\n\tli a0, 0\n\tret\n' "$sym" "$sym"; done > "$tmp/stubs.S"
	riscv64-unknown-elf-gcc -march=rv64imac_zicsr_zifencei -mabi=lp64 -c -o "$tmp/stubs.o" "$tmp/stubs.S"
	link "$tmp/stubs.o" || { cat "$tmp/ld.log" >&2; exit 1; }
fi
with=$(stat -c %s "$O/abacus.bin") without=$(stat -c %s "$tmp/without.bin")
echo "image with them: $with B; without the $dropped objects: $without B; they cost $((with - without)) B"
