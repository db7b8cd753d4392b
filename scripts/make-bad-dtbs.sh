#!/bin/bash
# Builds the broken device trees the boot tests give QEMU with -dtb
# (tests/qemu-tests.txt, "bad DT" section), from QEMU virt's own DT:
#   no-cpus.dtb      without /cpus                  -> boot refused
#   no-memory.dtb    without the memory node        -> boot refused
#   bad-pmu.dtb      riscv,pmu rows with every kind of error -> each reported, good rows kept
#   withhold-snapshot-smp4.dtb  4 harts, /chosen/abacus,withhold-pmu-snapshot
set -eu
cd "$(dirname "$0")/.."
out=${1:-build/bad-dtb}
mkdir -p "$out"
[ -f "$out/.complete" ] && [ "$out/.complete" -nt "$0" ] && exit 0
qemu-system-riscv64 -M virt,dumpdtb="$out/virt.dtb" -smp 1 -nographic >/dev/null 2>&1
dtc -q -I dtb -O dts -o "$out/virt.dts" "$out/virt.dtb"

# Drops the node whose opening line matches $1 (and its whole subtree).
drop_node() {
	awk -v pat="$1" '
		skip == 0 && $0 ~ pat { skip = 1; depth = 0 }
		skip == 1 { depth += gsub(/{/, "{"); depth -= gsub(/}/, "}"); if (depth <= 0 && /}/) skip = 2; next }
		skip == 2 { skip = 0 }
		{ print }' "$out/virt.dts"
}

drop_node '^\tcpus {' > "$out/no-cpus.dts"
drop_node '^\tmemory@' > "$out/no-memory.dts"
dtc -q -I dts -O dtb -o "$out/no-cpus.dtb" "$out/no-cpus.dts"
dtc -q -I dts -O dtb -o "$out/no-memory.dtb" "$out/no-memory.dts"
# riscv,pmu: a reversed range, a row naming time (counter 1), a raw row whose
# mask cannot match, and one good range; the whole property stays valid DTS.
sed 's|riscv,event-to-mhpmcounters = <[^>]*>;|riscv,event-to-mhpmcounters = <0x01 0x01 0x7fff9 0x10019 0x10000 0x7fff8 0x10021 0x10021 0x02>;\n\t\triscv,raw-event-to-mhpmcounters = <0x00 0x0f 0x00 0x07 0x7fff8>;|' \
	"$out/virt.dts" > "$out/bad-pmu.dts"
dtc -q -I dts -O dtb -o "$out/bad-pmu.dtb" "$out/bad-pmu.dts"
# Not a bad DT: QEMU virt with 4 harts and the firmware-only switch that
# withholds PMU snapshot memory from S-mode (docs/pmu.md).
qemu-system-riscv64 -M virt,dumpdtb="$out/virt-smp4.dtb" -smp 4 -nographic >/dev/null 2>&1
dtc -q -I dtb -O dts "$out/virt-smp4.dtb" |
	sed 's|^\tchosen {|\tchosen {\n\t\tabacus,withhold-pmu-snapshot;|' >"$out/withhold-snapshot-smp4.dts"
grep -q 'abacus,withhold-pmu-snapshot;' "$out/withhold-snapshot-smp4.dts"
dtc -q -I dts -O dtb -o "$out/withhold-snapshot-smp4.dtb" "$out/withhold-snapshot-smp4.dts"
touch "$out/.complete"
