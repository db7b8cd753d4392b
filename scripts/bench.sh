#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# `make bench`: retired instructions per SBI call, Abacus against OpenSBI 1.1.
#
# Runs the S-mode payload tests/payloads/bench.c under
#   qemu-system-riscv64 -M virt -smp 1 -icount shift=0
# (instret then counts every guest instruction, M-mode included, exactly)
# once with each firmware, and prints one table: instructions per call for
# each firmware, the ratio, and the goals:
#   every PMU call            <= 1/3 of OpenSBI 1.1's
#   unknown-EID round trip    <= 60 instructions
#   pmu_counter_fw_read       <= 70 instructions
# Calls OpenSBI 1.1 does not implement show as n/a.
#
# usage: scripts/bench.sh [--check | --trace]
#   --check   exit 1 when a goal is missed (default: report only)
#   --trace   also show where Abacus spends each call's instructions, per
#             firmware function (QEMU -singlestep -d exec trace of the
#             fastest run of each call; needs python3 and $FIRMWARE's .elf)
# environment:
#   BUILD     build directory (default build)
#   FIRMWARE  Abacus image (default $BUILD/qemu-virt/abacus.bin, built first)
#   OPENSBI   reference image (default Debian's OpenSBI 1.1 fw_jump.bin)
#   QEMU      QEMU binary (default qemu-system-riscv64)

set -u
cd "$(dirname "$0")/.." || exit 2

BUILD=${BUILD:-build}
QEMU=${QEMU:-qemu-system-riscv64}
OPENSBI=${OPENSBI:-/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.bin}
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
	FIRMWARE=$BUILD/qemu-virt/abacus.bin
	make -s BUILD="$BUILD" firmware || { echo "bench: the firmware did not build" >&2; exit 2; }
fi
# Only the benchmark payload: a broken test payload elsewhere must not stop it.
make -s BUILD="$BUILD" "$PAYLOAD" || { echo "bench: $PAYLOAD did not build" >&2; exit 2; }
for f in "$FIRMWARE" "$OPENSBI"; do
	[ -r "$f" ] || { echo "bench: cannot read $f" >&2; exit 2; }
done
mkdir -p "$LOG_DIR"

# run <log> <firmware>: the benchmark under one firmware; fails unless it passed.
run()
{
	timeout -k 5 120 "$QEMU" -M virt -nographic -no-reboot -smp 1 -icount shift=0 \
		-bios "$2" -kernel "$PAYLOAD" </dev/null >"$1" 2>&1
	if ! grep -q '^PAYLOAD-PASS bench ' "$1"; then
		echo "bench: the run with $2 failed; its log: $1" >&2
		tail -n 20 "$1" >&2
		return 1
	fi
}

run "$LOG_DIR/ecall-abacus.log" "$FIRMWARE" || exit 1
run "$LOG_DIR/ecall-opensbi.log" "$OPENSBI" || exit 1

# Table: the rows in the payload's order, then the goals.
awk -v check="$check" '
	FNR == 1 { fw++ }
	/^BENCH / {
		sub(/\r$/, "")
		name = $2
		value = ($3 == "n/a") ? "n/a" : $3
		if (fw == 1) { order[++rows] = name; abacus[name] = value }
		else { opensbi[name] = value }
	}
	function goal_max(name) {
		if (name == "unknown_eid") return 60
		if (name == "pmu_counter_fw_read") return 70
		if (name == "pmu_counter_config_matching(cycles)") return 120
		if (name == "pmu_counter_config_matching(instructions)") return 120
		return -1
	}
	END {
		printf "%-34s %8s %12s %8s  %s\n", "call", "Abacus", "OpenSBI 1.1", "ratio", "goal"
		missed = 0; met = 0
		for (i = 1; i <= rows; i++) {
			name = order[i]; a = abacus[name]; o = (name in opensbi) ? opensbi[name] : "n/a"
			ratio = (a != "n/a" && o != "n/a" && o > 0) ? sprintf("%.2f", a / o) : "-"
			goal = ""
			if (name ~ /^pmu_/ && ratio != "-") {
				ok = (a * 3 <= o)
				goal = goal sprintf("<= 1/3: %s", ok ? "met" : "MISSED")
				if (ok) met++; else missed++
			}
			if (goal_max(name) >= 0) {
				ok = (a != "n/a" && a <= goal_max(name))
				goal = goal (goal != "" ? ", " : "") sprintf("<= %d: %s", goal_max(name), ok ? "met" : "MISSED")
				if (ok) met++; else missed++
			}
			printf "%-34s %8s %12s %8s  %s\n", name, a, o, ratio, goal
		}
		printf "\ngoals: %d met, %d missed\n", met, missed
		if (check && missed) exit 1
	}
' "$LOG_DIR/ecall-abacus.log" "$LOG_DIR/ecall-opensbi.log"

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
