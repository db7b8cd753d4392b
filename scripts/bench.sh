#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# `make bench`: retired instructions per SBI call, Abacus against OpenSBI,
# on Debian 12's QEMU 7.2 (beside OpenSBI 1.1) and on today's QEMU 11.1
# (beside OpenSBI 1.9, both from the Debian sid root of scripts/setup-sid.sh).
#
# Runs the S-mode payload tests/payloads/bench.c under
#   qemu-system-riscv64 -M virt -smp 1 -icount shift=0
# (instret then counts every guest instruction, M-mode included, exactly)
# once with each firmware on each QEMU, and prints one table: instructions
# per call for each firmware, the ratios, and the goals:
#   every PMU call            <= 1/3 of OpenSBI 1.1's (QEMU 7.2) and of
#                             OpenSBI 1.9's (QEMU 11.1)
#   unknown-EID round trip    <= 60 instructions (on both QEMUs)
#   pmu_counter_fw_read       <= 70 instructions (on both QEMUs)
#   config_matching(cycles), (instructions) <= 120 (on both QEMUs)
# Calls an OpenSBI does not implement show as n/a.
#
# usage: scripts/bench.sh [--check | --trace]
#   --check   exit 1 when a goal is missed (default: report only)
#   --trace   also show where Abacus spends each call's instructions, per
#             firmware function (QEMU 7.2 -singlestep -d exec trace of the
#             fastest run of each call; needs python3 and $FIRMWARE's .elf)
# environment:
#   BUILD     build directory (default build)
#   FIRMWARE  Abacus image (default $BUILD/generic/abacus.bin, built first)
#   OPENSBI   reference image on QEMU 7.2 (default Debian 12's OpenSBI 1.1 fw_jump.bin)
#   OPENSBI11 reference image on QEMU 11.1 (default sid's OpenSBI 1.9 fw_jump.bin)
#   QEMU      QEMU 7.2 binary (default qemu-system-riscv64)
#   QEMU11    QEMU 11.1 (default scripts/sid-qemu)

set -u
cd "$(dirname "$0")/.." || exit 2

BUILD=${BUILD:-build}
QEMU=${QEMU:-qemu-system-riscv64}
OPENSBI=${OPENSBI:-/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.bin}
QEMU11=${QEMU11:-scripts/sid-qemu}
OPENSBI11=${OPENSBI11:-${ABACUS_SID_ROOT:-$BUILD/sid}/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.bin}
PAYLOAD=$BUILD/payloads/bench.elf
LOG_DIR=$BUILD/bench
check=0

trace=0
case ${1-} in
--check) check=1 ;;
--trace) trace=1 ;;
"") ;;
*) echo "usage: scripts/bench.sh [--check | --trace]" >&2; exit 2 ;;
esac

if [ -z "${FIRMWARE-}" ]; then
	FIRMWARE=$BUILD/generic/abacus.bin
	make -s BUILD="$BUILD" firmware || { echo "bench: the firmware did not build" >&2; exit 2; }
fi
# Only the benchmark payload: a broken test payload elsewhere must not stop it.
make -s BUILD="$BUILD" "$PAYLOAD" || { echo "bench: $PAYLOAD did not build" >&2; exit 2; }
for f in "$FIRMWARE" "$OPENSBI" "$OPENSBI11"; do
	[ -r "$f" ] || { echo "bench: cannot read $f (scripts/setup.sh installs it)" >&2; exit 2; }
done
mkdir -p "$LOG_DIR"

# run <log> <qemu> <firmware>: the benchmark under one firmware; fails unless it passed.
run()
{
	timeout -k 5 120 "$2" -M virt -nographic -no-reboot -smp 1 -icount shift=0 \
		-bios "$3" -kernel "$PAYLOAD" </dev/null >"$1" 2>&1
	if ! grep -q '^PAYLOAD-PASS bench ' "$1"; then
		echo "bench: the run with $3 on $2 failed; its log: $1" >&2
		tail -n 20 "$1" >&2
		return 1
	fi
}

run "$LOG_DIR/ecall-abacus.log" "$QEMU" "$FIRMWARE" || exit 1
run "$LOG_DIR/ecall-opensbi.log" "$QEMU" "$OPENSBI" || exit 1
run "$LOG_DIR/ecall-abacus-qemu11.log" "$QEMU11" "$FIRMWARE" || exit 1
run "$LOG_DIR/ecall-opensbi-qemu11.log" "$QEMU11" "$OPENSBI11" || exit 1
echo "QEMU 7.2: $("$QEMU" --version | head -n 1)"
echo "QEMU 11.1: $("$QEMU11" --version | head -n 1)"
echo

# Table: the rows in the payload's order, then the goals. Logs in the order
# Abacus and OpenSBI 1.1 on QEMU 7.2, Abacus and OpenSBI 1.9 on QEMU 11.1.
awk -v check="$check" '
	FNR == 1 { fw++ }
	/^BENCH / {
		sub(/\r$/, "")
		name = $2
		value[fw, name] = $3
		if (fw == 1) order[++rows] = name
	}
	function goal_max(name) {
		if (name == "unknown_eid") return 60
		if (name == "pmu_counter_fw_read") return 70
		if (name == "pmu_counter_config_matching(cycles)") return 120
		if (name == "pmu_counter_config_matching(instructions)") return 120
		return -1
	}
	function get(f, name) { return ((f, name) in value) ? value[f, name] : "n/a" }
	function ratio(a, o) { return (a != "n/a" && o != "n/a" && o > 0) ? sprintf("%.2f", a / o) : "-" }
	# The goals of one QEMU: Abacus a against its OpenSBI o.
	function goals(name, a, o, r,    ok, text) {
		text = ""
		if (name ~ /^pmu_/ && r != "-") {
			ok = (a * 3 <= o)
			text = sprintf("<= 1/3: %s", ok ? "met" : "MISSED")
			if (ok) met++; else missed++
		}
		if (goal_max(name) >= 0) {
			ok = (a != "n/a" && a <= goal_max(name))
			text = text (text != "" ? ", " : "") sprintf("<= %d: %s", goal_max(name), ok ? "met" : "MISSED")
			if (ok) met++; else missed++
		}
		return text
	}
	END {
		printf "%-42s %14s %8s  %-26s| %14s %8s  %s\n", "", "---- QEMU 7.2", "", "",
		       "--- QEMU 11.1", "", ""
		printf "%-42s %6s %7s %6s  %-26s| %6s %7s %6s  %s\n", "call", "Abacus", "OSBI1.1", "ratio", "goal",
		       "Abacus", "OSBI1.9", "ratio", "goal"
		missed = 0; met = 0
		for (i = 1; i <= rows; i++) {
			name = order[i]
			a = get(1, name); o = get(2, name); r = ratio(a, o)
			a11 = get(3, name); o11 = get(4, name); r11 = ratio(a11, o11)
			g = goals(name, a, o, r); g11 = goals(name, a11, o11, r11)
			printf "%-42s %6s %7s %6s  %-26s| %6s %7s %6s  %s\n", name, a, o, r, g, a11, o11, r11, g11
		}
		printf "\ngoals: %d met, %d missed\n", met, missed
		if (check && missed) exit 1
	}
' "$LOG_DIR/ecall-abacus.log" "$LOG_DIR/ecall-opensbi.log" \
  "$LOG_DIR/ecall-abacus-qemu11.log" "$LOG_DIR/ecall-opensbi-qemu11.log"

status=$?
[ "$trace" = 1 ] || exit $status

# --- where the instructions go ------------------------------------------------
elf=${FIRMWARE%.bin}.elf
[ -r "$elf" ] || { echo "bench: --trace needs $elf" >&2; exit 2; }
echo
echo "Abacus, M-mode instructions per firmware function (fastest run of each call):"
timeout -k 5 300 "$QEMU" -M virt -nographic -no-reboot -smp 1 -icount shift=0 -singlestep \
	-d nochain,exec -D "$LOG_DIR/ecall-abacus.trace" -bios "$FIRMWARE" -kernel "$PAYLOAD" \
	</dev/null >"$LOG_DIR/ecall-abacus.trace.log" 2>&1
python3 - "$LOG_DIR/ecall-abacus.trace" "$LOG_DIR/ecall-abacus.trace.log" "$elf" "$PAYLOAD" <<'PY'
import bisect, re, subprocess, sys

trace, log, fw_elf, payload = sys.argv[1:5]
PAYLOAD_BASE = 0x80200000

def objdump(path):
    return subprocess.check_output(["riscv64-unknown-elf-objdump", "-d", path], text=True)

# The measured ecalls: an ecall right after a rdinstret or rdcycle (bench.c measure_ecall*).
ecalls, prev = set(), ""
for line in objdump(payload).splitlines():
    m = re.match(r"\s*([0-9a-f]+):\s+[0-9a-f]+\s+(\S+)", line)
    if not m:
        continue
    if m.group(2) == "ecall" and prev in ("rdinstret", "rdcycle"):
        ecalls.add(int(m.group(1), 16))
    prev = m.group(2)

syms = []
for line in subprocess.check_output(["riscv64-unknown-elf-nm", "-n", fw_elf], text=True).splitlines():
    f = line.split()
    if len(f) == 3 and f[1] in "tTW":
        syms.append((int(f[0], 16), f[2]))
addrs = [a for a, _ in syms]

def function(pc):
    i = bisect.bisect_right(addrs, pc) - 1
    return syms[i][1] if i >= 0 else hex(pc)

pcs = []
with open(trace) as f:
    for line in f:
        m = re.search(r"\[[0-9a-f]+/([0-9a-f]+)/", line)
        if m:
            pcs.append(int(m.group(1), 16))

segments, i = [], 0
while i < len(pcs) - 1:
    if pcs[i] in ecalls and pcs[i + 1] < PAYLOAD_BASE:
        j = i + 1
        while j < len(pcs) and pcs[j] < PAYLOAD_BASE:
            j += 1
        segments.append(pcs[i + 1:j])
        i = j
    else:
        i += 1

names = []
for line in open(log):
    f = line.split()
    if len(f) >= 3 and f[0] == "BENCH" and f[1] != "rdinstret":
        names.append((f[1], 1 if f[2] == "n/a" else 10))   # bench.c RUNS
pos = 0
for name, runs in names:
    best = min(segments[pos:pos + runs], key=len) if segments[pos:pos + runs] else []
    pos += runs
    parts = []
    for pc in best:
        fn = function(pc)
        if parts and parts[-1][0] == fn:
            parts[-1][1] += 1
        else:
            parts.append([fn, 1])
    print("  %-34s %4d: %s" % (name, len(best), ", ".join("%s %d" % (fn, n) for fn, n in parts)))
PY
status=$?
rm -f "$LOG_DIR/ecall-abacus.trace"   # hundreds of MB
exit $status
