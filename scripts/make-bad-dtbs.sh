#!/bin/bash
# Builds the broken device trees the boot tests give QEMU with -dtb
# (tests/qemu-tests.txt, "bad DT" section), from QEMU virt's own DT:
#   no-cpus.dtb      without /cpus                  -> boot refused
#   no-memory.dtb    without the memory node        -> boot refused
#   bad-pmu.dtb      riscv,pmu rows with every kind of error -> each reported, good rows kept
#   cpus-disabled.dtb  the only cpu node disabled        -> boot refused
#   no-clint.dtb     1 hart, no CLINT: no MSWI, no M-mode timer -> the hart runs alone
#   alias-loop.dtb   /chosen/stdout-path names an alias whose value is itself -> first UART, boot goes on
# and devices a DT places where the firmware must never write (each refused
# with a boot-log line, boot goes on without it):
#   serial-in-firmware.dtb  stdout-path names a second ns16550a whose reg is
#                    the firmware's trap_entry (at 0x80000000 + its offset in
#                    the image): the real UART prints, the trap vector stays
#   clint-in-ram.dtb 1 hart, the CLINT's reg moved to 0x80200000, the
#                    payload's first instructions: no MSWI, no M-mode timer
#   aia-9-aplics.dtb QEMU virt,aia=aplic with 4 sockets (8 APLIC domains, as
#                    many as the firmware's AIA table holds) and one more
#                    APLIC node: it might be machine-level and could not be
#                    protected, so no hart gets S-mode -> boot refused
# and for early faults (docs/reliability.md, "Early faults"; 0x18000000 is
# unmapped on QEMU virt: every access there faults):
#   console-fault.dtb    stdout-path names a second UART at 0x18000000 -> refused, the first UART is the console
#   clint-fault.dtb      the CLINT at 0x18000000 -> a trap during boot, reported on the console
#   no-console-clint-fault.dtb  the only UART and the CLINT there -> no console; the trap is recorded
#   console-store-fault.dtb     the UART at 0x0ffffffb, reg-shift = <1>: its status register is the real
#                        UART's (0x10000005: room to transmit), a byte
#                        written faults -> a trap inside the console; recorded, nothing deadlocks
# and, from QEMU virt's 4-hart DT, harts the firmware must not offer (boot goes on):
#   cpu1-disabled.dtb  cpu@1 status = "disabled"
#   cpu0-disabled.dtb  cpu@0 status = "disabled" (the hart that usually wins the boot lottery)
#   no-mswi-hart3.dtb  the CLINT lists no interrupt for hart 3 (its slot names no cpu)
#   no-mswi-hart0.dtb  the same for hart 0
#   (virt4.dtb itself, given to QEMU -smp 3: hart 3 listed but never runs)
# and for where the DT handed to S-mode goes (the fixups add a /reserved-memory
# node and remove the riscv,pmu mapping properties):
#   virt4.dtb          the fixed-up DT is larger: it must move to free memory
#   dt-shrink.dtb      with a 24-row riscv,event-to-mhpmevent: it fits in place
#   virt512.dtb        512 harts: the firmware region fills the span up to the
#                      next stage, so the DT stays in place with a /memreserve/
#   virt512-limit.dtb  the same without its riscv,pmu node, with a 4-byte
#                      /chosen/abacus,pmu-snapshot, which the fixups remove (16
#                      bytes) as they add the 16-byte /memreserve/ entry: the
#                      fixed-up DT is exactly the loader's size (QEMU packs a
#                      -dtb DT: no free space), and fits in place
#   virt512-short.dtb  the property empty (12 bytes): the fixed-up DT is 4 bytes
#                      (a DT's step) too large for anywhere -> boot stops (FATAL)
# and, for QEMU machines that make no DT of their own (docs/porting.md, "QEMU's
# machines"), the board's DT the cases give with -dtb:
#   qemu-k230.dtb        tests/fixtures/machines/qemu-k230.dts (Linux 7.2 has no K230 DT)
#   mpfs-icicle-kit.dtb  Linux 7.2's microchip/mpfs-icicle-kit (scripts/linux-dtb.sh),
#                        with /chosen/bootargs "srst.present=0" for the payloads
#                        (it has no reset device; QEMU 11.1 does not put -append
#                        into a -dtb there)
set -eu
cd "$(dirname "$0")/.."
out=${1:-build/bad-dtb}
mkdir -p "$out"
# trap_entry's place in the image (firmware/trap_entry.S), from the firmware
# when it is built (its offset moves with the code before it).
elf=${FIRMWARE_ELF:-build/generic/abacus.elf}
[ -f "$out/.complete" ] && [ "$out/.complete" -nt "$0" ] && { [ ! -f "$elf" ] || [ "$out/.complete" -nt "$elf" ]; } &&
	exit 0
trap_entry=0x80000180
if [ -f "$elf" ]; then
	nm=$(command -v riscv64-unknown-elf-nm || command -v riscv64-linux-gnu-nm || echo nm)
	trap_entry=0x$($nm "$elf" | awk '$3 == "trap_entry" { print $1 }')
fi
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
dtc -q -I dts -O dtb -o "$out/cpus-disabled.dtb" "$out/virt.dts"
fdtput -t s "$out/cpus-disabled.dtb" /cpus/cpu@0 status disabled
drop_node '^\t\tclint@' > "$out/no-clint.dts"
dtc -q -I dts -O dtb -o "$out/no-clint.dtb" "$out/no-clint.dts"
cp "$out/virt.dtb" "$out/alias-loop.dtb"
fdtget -l "$out/alias-loop.dtb" / | grep -qx aliases || fdtput -c "$out/alias-loop.dtb" /aliases
fdtput -t s "$out/alias-loop.dtb" /aliases loop loop
fdtput -t s "$out/alias-loop.dtb" /chosen stdout-path loop:115200
# A UART at trap_entry, named by stdout-path; QEMU's own serial@10000000 stays.
cp "$out/virt.dtb" "$out/serial-in-firmware.dtb"
bad_uart=/soc/serial@$(printf '%x' "$trap_entry")
fdtput -c "$out/serial-in-firmware.dtb" "$bad_uart"
fdtput -t s "$out/serial-in-firmware.dtb" "$bad_uart" compatible ns16550a
fdtput -t x "$out/serial-in-firmware.dtb" "$bad_uart" reg 0 "$(printf '%x' "$trap_entry")" 0 100
fdtput -t s "$out/serial-in-firmware.dtb" /chosen stdout-path "$bad_uart"
cp "$out/virt.dtb" "$out/clint-in-ram.dtb"
clint1=$(fdtget -l "$out/virt.dtb" /soc | grep '^clint@')
fdtput -t x "$out/clint-in-ram.dtb" "/soc/$clint1" reg 0 80200000 0 10000
numa="-m 256M"
for i in 0 1 2 3; do numa="$numa -object memory-backend-ram,id=m$i,size=64M -numa node,nodeid=$i,cpus=$i,memdev=m$i"; done
# shellcheck disable=SC2086
qemu-system-riscv64 -M virt,aia=aplic,dumpdtb="$out/aia-9-aplics.dtb" -cpu rv64,x-smaia=true,x-ssaia=true \
	-smp 4,sockets=4 $numa -nographic >/dev/null 2>&1
fdtput -c "$out/aia-9-aplics.dtb" /soc/aplic@e000000
fdtput -t s "$out/aia-9-aplics.dtb" /soc/aplic@e000000 compatible riscv,aplic
fdtput -t x "$out/aia-9-aplics.dtb" /soc/aplic@e000000 reg 0 e000000 0 8000

uart=$(fdtget -l "$out/virt.dtb" /soc | grep '^serial@' | head -n 1)
clint=$(fdtget -l "$out/virt.dtb" /soc | grep '^clint@' | head -n 1)
cp "$out/virt.dtb" "$out/console-fault.dtb"
fdtput -c "$out/console-fault.dtb" /soc/serial@18000000
fdtput -t s "$out/console-fault.dtb" /soc/serial@18000000 compatible ns16550a
fdtput -t x "$out/console-fault.dtb" /soc/serial@18000000 reg 0 0x18000000 0 0x100
fdtput -t s "$out/console-fault.dtb" /chosen stdout-path /soc/serial@18000000
cp "$out/virt.dtb" "$out/clint-fault.dtb"
fdtput -t x "$out/clint-fault.dtb" "/soc/$clint" reg 0 0x18000000 0 0x10000
cp "$out/clint-fault.dtb" "$out/no-console-clint-fault.dtb"
fdtput -t x "$out/no-console-clint-fault.dtb" "/soc/$uart" reg 0 0x18100000 0 0x100
cp "$out/virt.dtb" "$out/console-store-fault.dtb"
fdtput -t x "$out/console-store-fault.dtb" "/soc/$uart" reg 0 0x0ffffffb 0 0x100
fdtput -t u "$out/console-store-fault.dtb" "/soc/$uart" reg-shift 1

# The 4-hart DT, packed (QEMU dumps a 1 MiB buffer). It keeps /chosen/rng-seed:
# QEMU gives a DT it loads one (new random bytes at each reset), so with it
# the loaded copy has the file's size (dt_placement compares them).
qemu-system-riscv64 -M virt,dumpdtb="$out/virt4-raw.dtb" -smp 4 -nographic >/dev/null 2>&1
dtc -q -I dtb -O dtb -o "$out/virt4.dtb" "$out/virt4-raw.dtb"
rm -f "$out/virt4-raw.dtb"
for h in 0 1; do
	cp "$out/virt4.dtb" "$out/cpu$h-disabled.dtb"
	fdtput -t s "$out/cpu$h-disabled.dtb" "/cpus/cpu@$h" status disabled
done
# A hart's CLINT slot is its position in interrupts-extended: replace its
# interrupt controller's phandle by one no node has, keeping the positions.
clint=$(fdtget -l "$out/virt4.dtb" /soc | grep '^clint@')
for h in 0 3; do
	intc=$(fdtget -t u "$out/virt4.dtb" "/cpus/cpu@$h/interrupt-controller" phandle)
	cells=$(fdtget -t u "$out/virt4.dtb" "/soc/$clint" interrupts-extended)
	new=$(for c in $cells; do echo -n "$c "; done | awk -v p="$intc" '{ for (i = 1; i <= NF; i += 2) { if ($i == p) $i = 65535 } print }')
	cp "$out/virt4.dtb" "$out/no-mswi-hart$h.dtb"
	fdtput -t u "$out/no-mswi-hart$h.dtb" "/soc/$clint" interrupts-extended $new
done
# 24 rows <event_idx selector_hi selector_lo>, valid cache events (Tables 3-5).
rows=
for code in 0 1 2 3 4 5 8 9 10 11 12 13 16 17 18 19 20 21 24 25 26 27 28 29; do
	rows="$rows $((0x10000 + code)) 0 $((0x100 + code))"
done
qemu-system-riscv64 -M virt,dumpdtb="$out/virt512-raw.dtb" -smp 512 -nographic >/dev/null 2>&1
dtc -q -I dtb -O dtb -o "$out/virt512.dtb" "$out/virt512-raw.dtb"
rm -f "$out/virt512-raw.dtb"
cp "$out/virt512.dtb" "$out/virt512-limit.dtb"
fdtput -r "$out/virt512-limit.dtb" /pmu
cp "$out/virt512-limit.dtb" "$out/virt512-short.dtb"
fdtput -t u "$out/virt512-limit.dtb" /chosen abacus,pmu-snapshot 0
fdtput "$out/virt512-short.dtb" /chosen abacus,pmu-snapshot
dtc -q -I dtb -O dtb -o "$out/virt512-limit.dtb" "$out/virt512-limit.dtb"
dtc -q -I dtb -O dtb -o "$out/virt512-short.dtb" "$out/virt512-short.dtb"
cp "$out/virt4.dtb" "$out/dt-shrink.dtb"
fdtput -t u "$out/dt-shrink.dtb" /pmu riscv,event-to-mhpmevent $rows
dtc -q -I dts -O dtb -o "$out/qemu-k230.dtb" tests/fixtures/machines/qemu-k230.dts
scripts/linux-dtb.sh microchip/mpfs-icicle-kit "$out/mpfs-icicle-kit.dtb"
fdtput -t s "$out/mpfs-icicle-kit.dtb" /chosen bootargs srst.present=0
touch "$out/.complete"
