#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# kvm-unit-tests' SBI suite (riscv/sbi.flat, a third-party S-mode test that
# kernel and hypervisor developers run against a firmware) on Abacus, under
# QEMU 7.2 (qemu-system-riscv64) and QEMU 11.1 (scripts/sid-qemu), 4 harts,
# -m 256M, with a settings file (-initrd) that gives every value the suite can
# check (docs/sbi3.md, "kvm-unit-tests"):
#   - the firmware's own: SBI_SPEC_VERSION, SBI_IMPL_ID, SBI_IMPL_VERSION
#     (Abacus: from include/sbi_spec.h; OpenSBI: from its boot banner);
#   - the machine's: MVENDORID, MARCHID, MIMPID, as that QEMU reports them
#     for hart 0 (QMP qom-get): they differ between QEMU 7.2 and 11.1;
#   - INVALID_ADDR (the firmware's own memory, 0x80000000 on virt: S-mode may
#     not name it), MISALIGNED_EXC_DELEG_RESET=0, SBI_HAVE_FWFT_MISALIGNED_EXC_DELEG,
#     SSE_EVENT_COMPLETE_TIMEOUT=500000 and generous timer/IPI margins (the
#     suite's defaults are too short with 4 emulated harts on 2 shared cores).
#
# One line per QEMU: "PASS: kvm-unit-tests: <fw> on QEMU <v>: ..." when the
# suite printed its SUMMARY with at least KUT_MIN_TESTS tests and every FAIL
# line is a known disagreement listed in known-disagreements.txt (each one
# explained in docs/sbi3.md); else "FAIL: ..." and the failing lines. The
# suite's own lines stay in the log ($BUILD/test-logs/kvm-unit-tests-*.log),
# never on stdout (make test counts PASS:/FAIL: lines).
#
# Two checks of the suite measure the guest's time around a timer interrupt
# ("timer delay honored", listed in host-timing.txt); on a loaded host (2
# cores shared by several QEMUs) they fail now and then for every firmware,
# OpenSBI 1.9 included. A run whose only unexpected FAILs are those is run
# again, up to KUT_ATTEMPTS (3) runs in all; the line says so. Any other FAIL
# fails at once.
#
# -r also runs OpenSBI 1.9 (build/sid) the same way, for the side-by-side in
# docs/sbi3.md: its results are printed as INFO: lines, not judged.

set -u
cd "$(dirname "$0")/../.." || exit 2
here=tests/kvm-unit-tests

usage()
{
	cat <<'EOF'
usage: tests/kvm-unit-tests/run.sh [-q "7.2 11.1"] [-b IMAGE] [-r]
  -q LIST   the QEMUs to run on (default: 7.2 11.1)
  -b IMAGE  Abacus image (-bios; default $BUILD/generic/abacus.bin)
  -r        also run OpenSBI 1.9 from build/sid (INFO: lines, not judged)
environment:
  KUT_FLAT       the suite (default tests/kvm-unit-tests/prebuilt/sbi.flat,
                 carried by the project: its README names the upstream commit)
  KUT_MIN_TESTS  fewest tests a run must have (default 560)
  KUT_TIMEOUT    seconds one run may take (default 300)
  KUT_ATTEMPTS   runs when only host-timing checks fail (default 3)
  BUILD          build directory (default build)
EOF
}

BUILD=${BUILD:-build}
FIRMWARE=$BUILD/generic/abacus.bin
OPENSBI=$BUILD/sid/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin
KUT_FLAT=${KUT_FLAT:-$here/prebuilt/sbi.flat}
MIN_TESTS=${KUT_MIN_TESTS:-560}
TIMEOUT=${KUT_TIMEOUT:-300}
ATTEMPTS=${KUT_ATTEMPTS:-3}
qemus="7.2 11.1"
reference=0

while getopts "q:b:rh" opt; do
	case $opt in
	q) qemus=$OPTARG ;;
	b) FIRMWARE=$OPTARG ;;
	r) reference=1 ;;
	h) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done

mkdir -p "$BUILD/test-logs" "$BUILD/kvm-unit-tests"

qemu_binary()   # QEMU version label -> command
{
	case $1 in
	7.2) echo qemu-system-riscv64 ;;
	11.1) echo scripts/sid-qemu ;;
	*) return 1 ;;
	esac
}

# The machine every run uses: QEMU virt, its default CPU, 4 harts.
MACHINE=(-M virt -smp 4 -m 256M)

# "mvendorid marchid mimpid" of hart 0 as this QEMU sets them (QMP qom-get).
machine_ids()
{
	local qemu=$1
	{
		echo '{"execute":"qmp_capabilities"}'
		for p in mvendorid marchid mimpid; do
			echo "{\"execute\":\"qom-get\",\"arguments\":{\"path\":\"/machine/soc0/harts[0]\",\"property\":\"$p\"},\"id\":\"$p\"}"
		done
		echo '{"execute":"quit"}'
	} | timeout 60 $qemu "${MACHINE[@]}" -display none -nodefaults -S -qmp stdio -bios none 2>/dev/null |
		python3 -c '
import json, sys
got = {}
for line in sys.stdin:
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if m.get("id") in ("mvendorid", "marchid", "mimpid") and "return" in m:
        got[m["id"]] = m["return"]
if len(got) != 3:
    sys.exit(1)
print(got["mvendorid"], got["marchid"], got["mimpid"])'
}

# Abacus's answers to the Base extension, from the source it was built from.
abacus_ids()
{
	awk '
		$1 == "#define" && $2 == "SBI_SPEC_VERSION_MAJOR" { major = $3 + 0 }
		$1 == "#define" && $2 == "SBI_SPEC_VERSION_MINOR" { minor = $3 + 0 }
		$1 == "#define" && $2 == "SBI_IMPL_ID_ABACUS" { id = $3 }
		$1 == "#define" && $2 == "SBI_IMPL_VERSION" { ver = $3 }
		END {
			if (major == "" || minor == "" || id == "" || ver == "") exit 1
			printf "0x%x %s %s\n", major * 2^24 + minor, id, ver
		}' include/sbi_spec.h
}

# OpenSBI's, from its boot banner ("OpenSBI v1.9", "Runtime SBI Version: 3.0");
# implementation ID 1 is OpenSBI's in the Base chapter's table.
opensbi_ids()
{
	local qemu=$1 log=$BUILD/kvm-unit-tests/opensbi-banner.log pid ver spec
	$qemu "${MACHINE[@]}" -nographic -bios "$OPENSBI" >"$log" 2>&1 </dev/null &
	pid=$!
	for _ in $(seq 300); do
		grep -q 'Runtime SBI Version' "$log" && break
		sleep 0.2
	done
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	ver=$(sed -n 's/^OpenSBI v\([0-9]*\)\.\([0-9]*\).*/\1 \2/p' "$log" | head -1)
	spec=$(sed -n 's/^Runtime SBI Version *: *\([0-9]*\)\.\([0-9]*\).*/\1 \2/p' "$log" | head -1)
	[ -n "$ver" ] && [ -n "$spec" ] || return 1
	set -- $spec $ver
	printf '0x%x 1 0x%x\n' $((($1 << 24) | $2)) $((($3 << 16) | $4))
}

# Writes the settings file for firmware $1 (abacus/opensbi) on QEMU $2.
write_settings()
{
	local fw=$1 qemu=$2 out=$3 spec impl_id impl_ver mvendorid marchid mimpid
	read -r mvendorid marchid mimpid < <(machine_ids "$qemu") || return 1
	if [ "$fw" = abacus ]; then
		read -r spec impl_id impl_ver < <(abacus_ids) || return 1
	else
		read -r spec impl_id impl_ver < <(opensbi_ids "$qemu") || return 1
	fi
	[ -n "$mimpid" ] && [ -n "$impl_ver" ] || return 1
	{
		echo "SBI_SPEC_VERSION=$spec"
		echo "SBI_IMPL_ID=$impl_id"
		echo "SBI_IMPL_VERSION=$impl_ver"
		echo "MVENDORID=$mvendorid"
		echo "MARCHID=$marchid"
		echo "MIMPID=$mimpid"
		cat "$here/settings.env"
	} | grep -v '^#' >"$out"
}

# Whole FAIL lines, one a line ('#' comments), in list file $1.
listed_line()
{
	grep -v '^#' "$here/$1" | grep -qxF -- "$2"
}

# Runs the suite: firmware label, image, QEMU label. Prints one line.
run_one()
{
	local fw=$1 image=$2 v=$3 qemu name log env summary tests unexpected skipped line timing
	local -a fails=() other=()
	local known=0 why=
	name="$fw on QEMU $v"
	log=$BUILD/test-logs/kvm-unit-tests-$fw-qemu-$v.log
	env=$BUILD/kvm-unit-tests/$fw-qemu-$v.env
	qemu=$(qemu_binary "$v") || { echo "FAIL: kvm-unit-tests: $name: unknown QEMU"; return 1; }

	if [ ! -r "$KUT_FLAT" ]; then
		why="no suite at $KUT_FLAT (set KUT_FLAT)"
	elif [ ! -r "$image" ]; then
		why="no firmware image $image"
	elif ! $qemu --version >/dev/null 2>&1; then
		why="$qemu does not run (scripts/setup.sh installs it)"
	elif ! write_settings "$fw" "$qemu" "$env"; then
		why="could not work out the settings (QMP or the firmware's IDs)"
	fi
	if [ -n "$why" ]; then
		[ "$fw" = abacus ] && echo "FAIL: kvm-unit-tests: $name: $why" || echo "INFO: kvm-unit-tests: $name: $why"
		return 1
	fi

	local attempt=1 timing_note=
	while :; do
		fails=() other=() known=0 why= tests=0 unexpected=0 timing=0
		timeout "$TIMEOUT" $qemu "${MACHINE[@]}" -nographic -no-reboot -bios "$image" \
			-kernel "$KUT_FLAT" -initrd "$env" >"$log" 2>&1 </dev/null
		summary=$(grep -m1 '^SUMMARY: ' "$log")
		while IFS= read -r line; do
			if listed_line known-disagreements.txt "$line"; then
				known=$((known + 1))
			else
				listed_line host-timing.txt "$line" && timing=$((timing + 1))
				other+=("$line")
			fi
			fails+=("$line")
		done < <(grep '^FAIL: ' "$log")
		if [[ $summary =~ ^SUMMARY:\ ([0-9]+)\ tests(,\ ([0-9]+)\ unexpected\ failures)? ]]; then
			tests=${BASH_REMATCH[1]}
			unexpected=${BASH_REMATCH[3]:-0}
		else
			why="no SUMMARY line (crashed or timed out after ${TIMEOUT}s)"
		fi
		skipped=$(sed -n 's/.*, \([0-9]*\) skipped.*/\1/p' <<<"$summary")
		if [ -z "$why" ]; then
			if [ "${#other[@]}" -ne 0 ]; then
				why="${#other[@]} unexpected FAIL"
			elif [ "$unexpected" -ne "${#fails[@]}" ]; then
				why="SUMMARY counts $unexpected unexpected failures, the log has ${#fails[@]} FAIL lines"
			elif [ "$tests" -lt "$MIN_TESTS" ]; then
				why="$tests tests, fewer than $MIN_TESTS"
			fi
		fi
		# Only host-timing checks failed: run it again (see the top).
		if [ -n "$why" ] && [ "${#other[@]}" -gt 0 ] && [ "$timing" -eq "${#other[@]}" ] &&
		   [ "$attempt" -lt "$ATTEMPTS" ]; then
			timing_note="$timing_note; run $attempt: $timing host-timing FAIL"
			cp "$log" "${log%.log}-run$attempt.log"
			attempt=$((attempt + 1))
			continue
		fi
		break
	done
	[ -n "$timing_note" ] && timing_note=" (run $attempt of $ATTEMPTS${timing_note})"

	local verdict=PASS
	[ -n "$why" ] && verdict=FAIL
	[ "$fw" = abacus ] || verdict=INFO
	if [ -z "$why" ]; then
		echo "$verdict: kvm-unit-tests: $name: ${tests} tests, no unexpected FAIL, $known known disagreement(s), ${skipped:-0} skipped$timing_note"
	else
		echo "$verdict: kvm-unit-tests: $name: $why (${summary:-no summary}; log $log)$timing_note"
		for line in "${other[@]}"; do
			echo "  | ${line#FAIL: }"
		done
		[ -n "$summary" ] || tail -n 15 "$log" | sed 's/^/  | /'
	fi
	[ -z "$why" ]
}

status=0
for v in $qemus; do
	run_one abacus "$FIRMWARE" "$v" || status=1
	if [ "$reference" = 1 ]; then
		run_one opensbi "$OPENSBI" "$v"
	fi
done
exit $status
