#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Runs the S-mode payload test cases listed in tests/qemu-tests.txt under
# QEMU, with the firmware as -bios and the payload ELF as -kernel, on each of
# two QEMUs: 7.2 (Debian 12's qemu-system-riscv64) and 11.1 (Debian sid's,
# scripts/sid-qemu). Every case runs on both unless its qemu= option names
# one (the case file says why).
#
# For each case and QEMU it prints "PASS: <label>: <name>" or
# "FAIL: <label>: <name> (<why>)", the label being "qemu" for QEMU 7.2 and
# "qemu11" for QEMU 11.1 (a failure is followed by the last 40 lines of the
# log), and at the end "<label>: N passed, N failed" for each. Logs stay in
# $BUILD/test-logs/<name>.log (QEMU 7.2) and $BUILD/test-logs/qemu11/<name>.log
# (QEMU 11.1), the QEMU command line in <name>.cmd. Exit status: 0 when every
# case passed.
#
# A case passes when the log has "PAYLOAD-PASS <payload> (", no
# "PAYLOAD-FAIL <payload>", every log= marker, no nolog= marker, and QEMU exited 0 by itself
# within the timeout. On a machine without an exit device (sifive_u) QEMU
# is stopped once the PASS/FAIL line is seen and its exit status is not
# used; virt and spike have one. expect=reboot cases also need two PAYLOAD-START lines (see
# tests/payloads/srst_reboot.h). record=yes cases (expect=halt) also read the
# firmware's fatal trap record out of the halted machine through QEMU's
# monitor, as a debugger would (tests/tools/qemu-fatal-record.py), and add
# its line to the log.

set -u

usage()
{
	cat <<'EOF'
usage: tests/run-qemu.sh [-j N] [-k PATTERN] [-q QEMUS] [-f CASES_FILE] [-l] [-h]
  -j N         run N cases at a time (default 2)
  -k PATTERN   only the cases whose name matches the extended regex PATTERN
  -q QEMUS     the QEMUs to run on, comma-separated: 7.2, 11 (default 7.2,11)
  -f FILE      the case list (default tests/qemu-tests.txt)
  -l           list the selected cases with their QEMU command lines, run nothing
environment:
  FIRMWARE     -bios image (default $BUILD/generic/abacus.bin, the one image)
  BUILD        build directory (default build): payloads from $BUILD/payloads,
               logs to $BUILD/test-logs
  QEMU         QEMU 7.2 binary (default qemu-system-riscv64)
  QEMU11       QEMU 11.1 binary (default scripts/sid-qemu, from the sid root
               that scripts/setup.sh makes)
  TIMEOUT      default timeout of a case in seconds (default 30)
EOF
}

cd "$(dirname "$0")/.." || exit 2

BUILD=${BUILD:-build}
FIRMWARE=${FIRMWARE:-$BUILD/generic/abacus.bin}
DEFAULT_TIMEOUT=${TIMEOUT:-30}
LOG_DIR=$BUILD/test-logs
TAIL_LINES=40

# The QEMUs, by the name the case file uses (qemu=, key@NAME=): binary, the
# label of its PASS/FAIL lines, its log directory, the version it must be.
ALL_QEMUS=(7.2 11)
declare -A qemu_bin=([7.2]=${QEMU:-qemu-system-riscv64} [11]=${QEMU11:-scripts/sid-qemu})
declare -A qemu_label=([7.2]=qemu [11]=qemu11)
declare -A qemu_logs=([7.2]=$LOG_DIR [11]=$LOG_DIR/qemu11)
declare -A qemu_version_re=([7.2]='^7\.2\.' [11]='^11\.1\.')
declare -A qemu_problem=()

jobs_max=2
filter=
qemus=7.2,11
cases_file=tests/qemu-tests.txt
list_only=0

while getopts "j:k:q:f:lh" opt; do
	case $opt in
	j) jobs_max=$OPTARG ;;
	k) filter=$OPTARG ;;
	q) qemus=$OPTARG ;;
	f) cases_file=$OPTARG ;;
	l) list_only=1 ;;
	h) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -ne 0 ] || ! [[ $jobs_max =~ ^[1-9][0-9]*$ ]]; then
	usage >&2
	exit 2
fi
selected_qemus=()
IFS=, read -r -a qemu_words <<<"$qemus"
for q in ${qemu_words[@]+"${qemu_words[@]}"}; do
	if [ -z "${qemu_label[$q]-}" ]; then
		echo "run-qemu.sh: unknown QEMU '$q' in -q (7.2 or 11)" >&2
		exit 2
	fi
	selected_qemus+=("$q")
done
[ "${#selected_qemus[@]}" -gt 0 ] || { usage >&2; exit 2; }
if ! [[ $DEFAULT_TIMEOUT =~ ^[1-9][0-9]*$ ]]; then
	echo "run-qemu.sh: TIMEOUT must be a number of seconds" >&2
	exit 2
fi
if [ ! -r "$cases_file" ]; then
	echo "run-qemu.sh: cannot read $cases_file" >&2
	exit 2
fi

trim()
{
	local s=$1
	s=${s#"${s%%[![:space:]]*}"}
	s=${s%"${s##*[![:space:]]}"}
	printf '%s' "$s"
}

# --- read the case list -------------------------------------------------------
# One case per line: name | payload | qemu args | options ('#' starts a comment).

case_names=()
case_payloads=()
case_args=()
case_opts=()
bad_lines=()
declare -A seen_names=()
line_no=0

while IFS= read -r line || [ -n "$line" ]; do
	line_no=$((line_no + 1))
	line=${line%%#*}
	[ -z "$(trim "$line")" ] && continue
	IFS='|' read -r f_name f_payload f_args f_opts f_extra <<<"$line"
	f_name=$(trim "$f_name")
	f_payload=$(trim "${f_payload-}")
	if [ -z "$f_name" ] || [ -z "$f_payload" ] || [ -n "$(trim "${f_extra-}")" ] ||
	   ! [[ $f_name =~ ^[A-Za-z0-9_.+-]+$ ]]; then
		bad_lines+=("$cases_file:$line_no")
		continue
	fi
	if [ -n "${seen_names[$f_name]-}" ]; then
		bad_lines+=("$cases_file:$line_no (duplicate name $f_name)")
		continue
	fi
	seen_names[$f_name]=1
	if [ -n "$filter" ] && ! [[ $f_name =~ $filter ]]; then
		continue
	fi
	case_names+=("$f_name")
	case_payloads+=("$f_payload")
	case_args+=("$(trim "${f_args-}")")
	case_opts+=("$(trim "${f_opts-}")")
done <"$cases_file"

# --- one case -------------------------------------------------------------------

# The QEMUs a case runs on: its qemu= option, else all of them (also for an
# unknown qemu=, so that setup_case fails the case instead of it vanishing).
case_qemus()
{
	local opt
	local -a opt_words

	read -r -a opt_words <<<"$1"
	for opt in ${opt_words[@]+"${opt_words[@]}"}; do
		case $opt in
		qemu=*)
			if [ -n "${qemu_label[${opt#qemu=}]-}" ]; then
				echo "${opt#qemu=}"
				return
			fi ;;
		esac
	done
	echo "${ALL_QEMUS[*]}"
}

# What an option may be called (key=, and key@QEMU= but for qemu=).
OPTION_KEYS="machine timeout expect firmware exit-device kernel cpu accel dt log nolog record serial"

# Sets the globals of one case $5 on QEMU $4 from its fields; config_error is
# non-empty when the line cannot be run. Options apply in two passes: those
# for every QEMU (key=value), then those for this one (key@QEMU=value),
# which override a single-valued option and add to log=.
setup_case()
{
	local payload=$1 args=$2 opts=$3 qid=$4 name=$5 opt pass key value q
	local -a opt_words extra_args

	machine=virt
	timeout_s=$DEFAULT_TIMEOUT
	expect=shutdown
	firmware=$FIRMWARE
	exit_device=
	kernel=yes
	cpu=
	accel=
	dt_edit=
	record=no
	serial=
	markers=()
	absent_markers=()
	config_error=

	read -r -a opt_words <<<"$opts"
	for pass in all this; do
		for opt in ${opt_words[@]+"${opt_words[@]}"}; do
			key=${opt%%=*}
			value=${opt#*=}
			if [ "$key" = "$opt" ] || [ -z "$value" ]; then
				config_error="unknown option '$opt'"
				continue
			fi
			if [[ $key == *@* ]]; then
				q=${key#*@}
				key=${key%%@*}
				if [ -z "${qemu_label[$q]-}" ]; then
					config_error="unknown QEMU in option '$opt' (7.2 or 11)"
					continue
				fi
				case " $OPTION_KEYS " in
				*" $key "*) ;;
				*) config_error="unknown option '$opt'"; continue ;;
				esac
				[ "$pass" = this ] && [ "$q" = "$qid" ] || continue
			elif [ "$pass" = this ]; then
				continue
			fi
			case $key in
			machine) machine=$value ;;
			timeout) timeout_s=$value ;;
			expect) expect=$value ;;
			firmware) firmware=$value ;;
			exit-device) exit_device=$value ;;
			kernel) kernel=$value ;;
			cpu) cpu=$value ;;
			accel) accel=$value ;;
			dt) dt_edit=$value ;;
			record) record=$value ;;
			serial) serial=$value ;;
			log) markers+=("${value//\~/ }") ;;
			nolog) absent_markers+=("${value//\~/ }") ;;
			qemu) [ -n "${qemu_label[$value]-}" ] || config_error="bad qemu '$value' (7.2 or 11)" ;;
			*) config_error="unknown option '$opt'" ;;
			esac
		done
	done
	if ! [[ $timeout_s =~ ^[1-9][0-9]*$ ]]; then
		config_error="bad timeout '$timeout_s'"
	fi
	case $expect in
	shutdown | reboot | halt) ;;
	*) config_error="bad expect '$expect' (shutdown, reboot or halt)" ;;
	esac
	# A shutdown exits QEMU on virt (with any options: virt,aia=...), through
	# its sifive,test1 device, and on spike, through HTIF's exit request
	# (QEMU exits with the code the firmware gives: 0, 1 for a failure).
	if [ -z "$exit_device" ]; then
		case $machine in virt | virt,* | spike | spike,*) exit_device=yes ;; *) exit_device=no ;; esac
	fi
	case $exit_device in
	yes | no) ;;
	*) config_error="bad exit-device '$exit_device' (yes or no)" ;;
	esac
	case $kernel in
	yes | no) ;;
	*) config_error="bad kernel '$kernel' (yes or no)" ;;
	esac
	case $record in
	no) ;;
	yes) [ "$expect" = halt ] || config_error="record=yes needs expect=halt" ;;
	*) config_error="bad record '$record' (yes or no)" ;;
	esac
	case $dt_edit in
	'' | pmu-snapshot | thead-clint | dw-apb-uart | syscon-mask | syscon-misaligned | syscon-misaligned-both | i2c-pmic) ;;
	*) config_error="bad dt '$dt_edit' (pmu-snapshot, thead-clint, dw-apb-uart, syscon-mask, syscon-misaligned, syscon-misaligned-both or i2c-pmic)" ;;
	esac
	case $serial in
	'') ;;
	stall) [ "$record" = no ] || config_error="serial=stall with record=yes (both want the monitor)" ;;
	*) config_error="bad serial '$serial' (stall)" ;;
	esac
	if [ -n "$dt_edit" ] && [[ " $args " == *" -dtb "* ]]; then
		config_error="dt=$dt_edit with a -dtb of its own"
	fi

	if [[ $payload == */* || $payload == *.elf ]]; then
		elf=$payload
	else
		elf=$BUILD/payloads/$payload.elf
	fi
	payload_name=$(basename "$elf" .elf)
	payload_re=$(printf '%s' "$payload_name" | sed 's/[][\.*^$+?(){}|/]/\\&/g')

	qemu_cmd=("${qemu_bin[$qid]}" -M "$machine" -nographic)
	# expect=reboot lets QEMU perform the reset so that the payload boots again.
	[ "$expect" = reboot ] || qemu_cmd+=(-no-reboot)
	# firmware=none: no -bios; the image under test comes another way.
	[ "$firmware" = none ] || qemu_cmd+=(-bios "$firmware")
	# kernel=no: the payload is built into the firmware image (make PAYLOAD=...).
	[ "$kernel" = no ] || qemu_cmd+=(-kernel "$elf")
	read -r -a extra_args <<<"$args"
	qemu_cmd+=(${extra_args[@]+"${extra_args[@]}"})
	if [ -n "$cpu" ]; then
		if [[ " $args " == *" -cpu "* ]]; then
			config_error="-cpu both in the arguments and as cpu="
		fi
		qemu_cmd+=(-cpu "$cpu")
	fi
	[ -z "$accel" ] || qemu_cmd+=(-accel "$accel")
	# record=yes: the monitor on a socket, for tests/tools/qemu-fatal-record.py.
	monitor=${qemu_logs[$qid]}/$name.mon
	[ "$record" = no ] || qemu_cmd+=(-monitor "unix:$monitor,server=on,wait=off")
	# This QEMU missing or another version: every case on it fails, saying so.
	[ -z "${qemu_problem[$qid]-}" ] || config_error=${qemu_problem[$qid]}
}

# What may follow a payload name in a PAYLOAD-* line.
name_end='([^A-Za-z0-9_.+-]|$)'

log_has_line()
{
	grep -qE -- "$1" "$log"
}

# Decides PASS or FAIL from the log and QEMU's exit status; sets reason.
judge_case()
{
	local rc=$1 stopped_on_result=$2 starts marker nfailed

	# expect=halt: the firmware refuses to boot (e.g. a bad DT): every log=
	# marker must appear, and no payload may start.
	if [ "$expect" = halt ]; then
		if log_has_line "PAYLOAD-START"; then
			reason="the firmware booted the payload instead of halting"
			return
		fi
		for marker in ${markers[@]+"${markers[@]}"}; do
			if ! grep -qF -- "$marker" "$log"; then
				reason="log lacks '$marker' (QEMU exit status $rc)"
				return
			fi
		done
		return
	fi

	if log_has_line "PAYLOAD-FAIL $payload_re$name_end"; then
		nfailed=$(grep -c "CHECK FAILED" "$log")
		reason="payload reported failure, $nfailed failed checks"
		log_has_line "UNEXPECTED TRAP" && reason="payload reported failure: unexpected trap"
		return
	fi
	if [ "$stopped_on_result" = 0 ] && { [ "$rc" = 124 ] || [ "$rc" = 137 ]; }; then
		reason="timeout after ${timeout_s}s"
		if log_has_line "PAYLOAD-PASS $payload_re \\("; then
			reason="$reason, after PAYLOAD-PASS: the shutdown did not end QEMU"
		fi
		return
	fi
	# QEMU exits 0 when it is sent SIGTERM: say so rather than blame the payload.
	if [ "$stopped_on_result" = 0 ] && log_has_line "terminating on signal"; then
		reason="QEMU was stopped by a signal (exit status $rc)"
		return
	fi
	if ! log_has_line "PAYLOAD-PASS $payload_re \\("; then
		if log_has_line "PAYLOAD-START $payload_re$name_end"; then
			reason="no PAYLOAD-PASS line, QEMU exit status $rc"
		else
			reason="payload never started, QEMU exit status $rc"
		fi
		return
	fi
	if [ "$exit_device" = yes ] && [ "$rc" != 0 ]; then
		reason="QEMU exit status $rc"
		return
	fi
	if [ "$expect" = reboot ]; then
		starts=$(grep -cE -- "PAYLOAD-START $payload_re$name_end" "$log")
		if [ "$starts" -lt 2 ]; then
			reason="the payload did not boot a second time: no reboot"
			return
		fi
	fi
	for marker in ${markers[@]+"${markers[@]}"}; do
		if ! grep -qF -- "$marker" "$log"; then
			reason="log lacks '$marker'"
			return
		fi
	done
	for marker in ${absent_markers[@]+"${absent_markers[@]}"}; do
		if grep -qF -- "$marker" "$log"; then
			reason="log has '$marker'"
			return
		fi
	done
}

# dt=EDIT: this QEMU's own DT for exactly this machine (dumpdtb), edited,
# given with -dtb. pmu-snapshot: the firmware's opt-in
# /chosen/abacus,pmu-snapshot; thead-clint: the CLINT as T-Head's
# thead,c900-clint; dw-apb-uart: the UART as snps,dw-apb-uart with the
# reg-shift = <0> and reg-io-width = <1> that QEMU's byte-spaced 16550 has;
# i2c-pmic (a machine with DesignWare I2C buses: tt-atlantis): the device at
# 0x6f on one bus (QEMU's DS1338 RTC) named as the SG2042 board MCU, and a
# DA9063 PMIC at 0x58 on the first bus with no device.
# syscon-misaligned: the power-off register at offset 2 (not 4-byte
# aligned); syscon-misaligned-both: that, and the reboot one at offset 6.
make_case_dtb()
{
	local dtb=${qemu_logs[$2]}/$1.dtb node

	rm -f "$dtb"
	"${qemu_cmd[@]}" -M "$machine,dumpdtb=$dtb" </dev/null >/dev/null 2>&1 || return 1
	case $dt_edit in
	pmu-snapshot) fdtput "$dtb" /chosen abacus,pmu-snapshot || return 1 ;;
	thead-clint)
		node=/soc/$(fdtget -l "$dtb" /soc | grep -m 1 '^clint@') &&
			fdtput -t s "$dtb" "$node" compatible thead,c900-clint || return 1 ;;
	dw-apb-uart)
		node=/soc/$(fdtget -l "$dtb" /soc | grep -m 1 '^serial@') &&
			fdtput -t s "$dtb" "$node" compatible snps,dw-apb-uart &&
			fdtput -t u "$dtb" "$node" reg-shift 0 && fdtput -t u "$dtb" "$node" reg-io-width 1 || return 1 ;;
	syscon-mask)
		node=/soc/$(fdtget -l "$dtb" /soc | grep -m 1 '^test@') &&
			fdtput -t s "$dtb" "$node" compatible syscon &&
			for r in poweroff reboot; do
				fdtput -t x "$dtb" /$r mask "$(fdtget -t x "$dtb" /$r value)" &&
					fdtput -d "$dtb" /$r value || return 1
			done || return 1 ;;
	i2c-pmic)
		local bus children mcu='' empty=''
		for bus in $(fdtget -l "$dtb" /soc | grep '^i2c@'); do
			children=$(fdtget -l "$dtb" "/soc/$bus")
			if [ -z "$children" ]; then
				[ -n "$empty" ] || empty=/soc/$bus
			elif grep -q '@6f$' <<<"$children"; then
				mcu=/soc/$bus/$(grep -m 1 '@6f$' <<<"$children")
			fi
		done
		[ -n "$mcu" ] && [ -n "$empty" ] &&
			fdtput -t s "$dtb" "$mcu" compatible sophgo,sg2042-hwmon-mcu &&
			fdtput -c "$dtb" "$empty/pmic@58" && fdtput -t s "$dtb" "$empty/pmic@58" compatible dlg,da9063 &&
			fdtput -t x "$dtb" "$empty/pmic@58" reg 58 || return 1 ;;
	syscon-misaligned) fdtput -t u "$dtb" /poweroff offset 2 || return 1 ;;
	syscon-misaligned-both)
		fdtput -t u "$dtb" /poweroff offset 2 && fdtput -t u "$dtb" /reboot offset 6 || return 1 ;;
	esac
	qemu_cmd+=(-dtb "$dtb")
}

run_case()
{
	local name=$1 qid=$2 qemu_pid rc stopped_on_result=0 label=${qemu_label[$2]}
	local job=$label.$1

	log=${qemu_logs[$qid]}/$name.log
	reason=$config_error
	if [ -z "$reason" ] && [ -n "$dt_edit" ] && ! make_case_dtb "$name" "$qid"; then
		reason="could not make the case's DT (QEMU dumpdtb, fdtput)"
	fi
	printf '%q ' "${qemu_cmd[@]}" >"${qemu_logs[$qid]}/$name.cmd"
	echo >>"${qemu_logs[$qid]}/$name.cmd"
	: >"$log"

	if [ -z "$reason" ] && [ "$firmware" != none ] && [ ! -f "$firmware" ]; then
		reason="firmware $firmware not found (build it, or set FIRMWARE=...)"
	fi
	if [ -z "$reason" ] && [ ! -f "$elf" ]; then
		reason="payload $elf not found (make payloads)"
	fi

	if [ -z "$reason" ]; then
		# No input: legacy getchar and DBCN read must find nothing.
		if [ "$serial" = stall ]; then
			# The serial port on a socket whose reader stops when the payload asks.
			timeout -k 5 "$timeout_s" tests/tools/qemu-serial-stall.py --log "$log" --dir "$run_dir" \
				-- "${qemu_cmd[@]}" </dev/null >>"$log" 2>&1 &
		else
			timeout -k 5 "$timeout_s" "${qemu_cmd[@]}" </dev/null >"$log" 2>&1 &
		fi
		qemu_pid=$!
		echo "$qemu_pid" >"$run_dir/$job.pid"
		if [ "$expect" = halt ]; then
			# The firmware halts for good: stop QEMU once every marker is there
			# (record=yes: in the log or in the record read from the machine).
			local polls=0 record_file=$log.record
			rm -f "$record_file"
			while kill -0 "$qemu_pid" 2>/dev/null; do
				local missing=0 marker
				polls=$((polls + 1))
				# Read again each second: a later trap (one inside the report) updates it.
				if [ "$record" = yes ] && [ $((polls % 5)) = 0 ]; then
					tests/tools/qemu-fatal-record.py "$monitor" "${firmware%.bin}.elf" \
						>"$record_file.new" 2>/dev/null && mv "$record_file.new" "$record_file"
					rm -f "$record_file.new"
				fi
				for marker in ${markers[@]+"${markers[@]}"}; do
					cat "$log" "$record_file" 2>/dev/null | grep -qF -- "$marker" || missing=1
				done
				if [ "$missing" = 0 ]; then
					sleep 1
					kill -TERM "$qemu_pid" 2>/dev/null
					stopped_on_result=1
					break
				fi
				sleep 0.2
			done
		elif [ "$exit_device" = no ]; then
			while kill -0 "$qemu_pid" 2>/dev/null; do
				if log_has_line "PAYLOAD-(PASS|FAIL) $payload_re$name_end"; then
					sleep 1		# let the last lines reach the log
					kill -TERM "$qemu_pid" 2>/dev/null
					stopped_on_result=1
					break
				fi
				sleep 0.2
			done
		fi
		wait "$qemu_pid"
		rc=$?
		rm -f "$run_dir/$job.pid"
		if [ "$expect" = halt ] && [ "$record" = yes ]; then
			# QEMU is gone: its log may take the record's line now.
			cat "$log.record" >>"$log" 2>/dev/null
			rm -f "$log.record" "$monitor"
		fi
		judge_case "$rc" "$stopped_on_result"
	fi

	{
		if [ -z "$reason" ]; then
			echo "PASS: $label: $name"
		else
			echo "FAIL: $label: $name ($reason)"
			if [ -s "$log" ]; then
				tail -n "$TAIL_LINES" "$log" | tr -d '\r' | sed 's/^/    | /'
			fi
			echo "    (log: $log)"
		fi
	} >"$run_dir/$job.report"
	if [ -z "$reason" ]; then echo PASS; else echo FAIL; fi >"$run_dir/$job.result"
	# One report at a time on stdout, whole.
	flock "$run_dir/print.lock" cat "$run_dir/$job.report"
}

# --- run ---------------------------------------------------------------------

# Each selected QEMU must be there and be the version its label says.
for q in "${selected_qemus[@]}"; do
	version=$("${qemu_bin[$q]}" --version 2>/dev/null | sed -n '1s/^QEMU emulator version \([0-9.]*\).*/\1/p')
	if [ -z "$version" ]; then
		qemu_problem[$q]="QEMU $q: '${qemu_bin[$q]}' does not run (scripts/setup.sh installs it)"
	elif ! [[ $version =~ ${qemu_version_re[$q]} ]]; then
		qemu_problem[$q]="QEMU $q: '${qemu_bin[$q]}' is QEMU $version"
	fi
done

# The (case, QEMU) pairs to run, case by case.
run_names=()
run_qemus=()
run_index=()
for i in "${!case_names[@]}"; do
	for q in "${selected_qemus[@]}"; do
		[[ " $(case_qemus "${case_opts[$i]}") " == *" $q "* ]] || continue
		run_names+=("${case_names[$i]}")
		run_qemus+=("$q")
		run_index+=("$i")
	done
done

if [ "$list_only" = 1 ]; then
	for j in "${!run_names[@]}"; do
		i=${run_index[$j]}
		setup_case "${case_payloads[$i]}" "${case_args[$i]}" "${case_opts[$i]}" "${run_qemus[$j]}" "${run_names[$j]}"
		printf '%s: %s: ' "${qemu_label[${run_qemus[$j]}]}" "${run_names[$j]}"
		printf '%q ' "${qemu_cmd[@]}"
		printf '(timeout %ss, expect %s)%s\n' "$timeout_s" "$expect" "${config_error:+ [$config_error]}"
	done
	exit 0
fi

for q in "${selected_qemus[@]}"; do
	mkdir -p "${qemu_logs[$q]}" || exit 2
done
run_dir=$(mktemp -d "$LOG_DIR/.run.XXXXXX") || exit 2

stop_all()
{
	local f
	trap '' INT TERM
	echo "run-qemu.sh: interrupted, stopping QEMU" >&2
	for f in "$run_dir"/*.pid; do
		[ -f "$f" ] && kill -TERM "$(cat "$f")" 2>/dev/null
	done
	wait
	rm -rf "$run_dir"
	exit 130
}
trap stop_all INT TERM

for line in ${bad_lines[@]+"${bad_lines[@]}"}; do
	echo "FAIL: qemu: malformed case line $line"
	echo FAIL >"$run_dir/.bad.$RANDOM$RANDOM.result"
done

running=0
for j in "${!run_names[@]}"; do
	if [ "$running" -ge "$jobs_max" ]; then
		wait -n
		running=$((running - 1))
	fi
	i=${run_index[$j]}
	setup_case "${case_payloads[$i]}" "${case_args[$i]}" "${case_opts[$i]}" "${run_qemus[$j]}" "${run_names[$j]}"
	run_case "${run_names[$j]}" "${run_qemus[$j]}" &
	running=$((running + 1))
done
wait

failed_total=0
for q in "${selected_qemus[@]}"; do
	passed=0
	failed=0
	for f in "$run_dir/${qemu_label[$q]}".*.result; do
		[ -f "$f" ] || continue
		if [ "$(cat "$f")" = PASS ]; then
			passed=$((passed + 1))
		else
			failed=$((failed + 1))
		fi
	done
	echo "${qemu_label[$q]}: $passed passed, $failed failed"
	failed_total=$((failed_total + failed))
done
for f in "$run_dir"/.bad.*.result; do
	[ -f "$f" ] && failed_total=$((failed_total + 1))
done
rm -rf "$run_dir"

if [ "${#run_names[@]}" -eq 0 ]; then
	echo "run-qemu.sh: no test case selected${filter:+ by -k '$filter'}" >&2
fi
[ "$failed_total" -eq 0 ] && [ "${#run_names[@]}" -gt 0 ]
