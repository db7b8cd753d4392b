#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Tests of abacus-pmu-dt (scripts/abacus-pmu-dt/), the host riscv,pmu checker.

One "PASS: tools: ..." or "FAIL: tools: ... (why)" line per test, counted by
scripts/run-tests.sh; exit status 1 when any failed. Run from the repository
root after `make tools firmware` and `make PLATFORM=hifive-unmatched`:

    TOOL=build/host/abacus-pmu-dt-asan python3 tests/tools/test_abacus_pmu_dt.py

Environment: TOOL (the binary under test, default the ASan build), TOOL_PLAIN
(the installed build, whose output must be identical), BUILD (default build),
QEMU (default qemu-system-riscv64).

What is checked: every fixture of tests/fixtures/ in text and JSON (exit
status, JSON parsed by python3 and consistent with the text), exact lines for
QEMU's node, the binding's HiFive Unmatched node (seed 001) and the U74
default table, every hart option, bad input; and, the strongest check, the
tool's pmu: lines against the firmware's own boot log under QEMU for the same
DT (QEMU virt's own DT, a malformed one, QEMU sifive_u with the HiFive
Unmatched build).
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time

BUILD = os.environ.get("BUILD", "build")
TOOL = os.environ.get("TOOL", f"{BUILD}/host/abacus-pmu-dt-asan")
TOOL_PLAIN = os.environ.get("TOOL_PLAIN", f"{BUILD}/tools/abacus-pmu-dt")
QEMU = os.environ.get("QEMU", "qemu-system-riscv64")
FIXTURES = "tests/fixtures"
QEMU_TIMEOUT = 120          # seconds for one firmware boot on a loaded machine

results = {"passed": 0, "failed": 0}


class CheckFailed(Exception):
    pass


def expect(cond, why):
    if not cond:
        raise CheckFailed(why)


def test(name):
    """Decorator: runs the test at once and prints its PASS/FAIL line."""
    def run(fn):
        try:
            fn()
        except CheckFailed as e:
            results["failed"] += 1
            print(f"FAIL: tools: abacus-pmu-dt {name} ({e})", flush=True)
        except Exception as e:   # a crash of the test itself is a failure too
            results["failed"] += 1
            print(f"FAIL: tools: abacus-pmu-dt {name} (test error: {type(e).__name__}: {e})", flush=True)
        else:
            results["passed"] += 1
            print(f"PASS: tools: abacus-pmu-dt {name}", flush=True)
        return fn
    return run


def tool(*args, binary=None):
    """Runs the tool; returns (exit status, stdout, stderr)."""
    p = subprocess.run([binary or TOOL, *args], capture_output=True, text=True, timeout=120)
    # The ASan build reports memory errors on stderr with a non-zero status.
    if "Sanitizer" in p.stderr or "runtime error" in p.stderr:
        raise CheckFailed(f"sanitizer report: {p.stderr.strip()[:400]}")
    return p.returncode, p.stdout, p.stderr


def tool_json(*args):
    rc, out, err = tool("--json", *args)
    try:
        return rc, json.loads(out)
    except json.JSONDecodeError as e:
        raise CheckFailed(f"--json output is not JSON: {e}: {out[:200]!r} {err[:200]!r}")


def text_section(out, title_prefix):
    """The indented lines under the section whose title starts with title_prefix."""
    lines, inside = [], False
    for line in out.splitlines():
        if line.startswith(title_prefix):
            inside = True
            continue
        if inside:
            if not line.startswith("  "):
                break
            lines.append(line[2:])
    return lines


def boot_log(out):
    return text_section(out, "boot log")


def has_lines(out, wanted):
    missing = [w for w in wanted if w not in out.splitlines()]
    expect(not missing, "missing line(s): " + " | ".join(missing))


# The 52 standard events: Table 2 codes 1..10, then cache_id x op_id x result_id (Tables 3-5).
STANDARD = list(range(1, 11)) + [0x10000 | c << 3 | o << 1 | r
                                 for c in range(7) for o in range(3) for r in range(2)]


def check_counters_line(out, d, total, hardware, firmware):
    """The counters line, from counter_get_info. Index 1 (time) is listed as long as the
    core answers counter_get_info(1); the line is right either way ("{time}" in hardware)."""
    names = [c["name"] for c in d["hart"]["hardware_counters"]]
    time_listed = "time" in names
    hw = hardware.replace("{time}", "time, " if time_listed else "")
    n = len(names)
    has_lines(out, [f"counters    : {total} = {n} hardware ({hw}) + {firmware} firmware"])
    expect(names[:2] == ["mcycle", "time" if time_listed else "minstret"], f"hardware counters {names}")


def check_consistent(args, expected_rc=None):
    """Text and JSON of one run agree with each other and with the spec's event list."""
    rc, out, _ = tool(*args)
    jrc, d = tool_json(*args)
    expect(rc == jrc, f"exit status {rc} in text mode, {jrc} with --json")
    if expected_rc is not None:
        expect(rc == expected_rc, f"exit status {rc}, expected {expected_rc}")
    expect(d["exit_status"] == rc, f"JSON exit_status {d['exit_status']} but the tool exited {rc}")
    if d["fatal"]:
        expect(rc == 2, "a fatal DTB must exit 2")
        return rc, out, d
    expect((d["problems"] > 0) == (rc == 1), f"problems {d['problems']} but exit status {rc}")
    expect(d["boot_log"] == boot_log(out), "JSON boot_log differs from the text's boot log")
    expect([e["event_idx"] for e in d["events"]] == STANDARD, "events are not the 52 standard events in order")
    for e in d["events"]:
        expect(e["countable"] == bool(e["counters"]), f"{e['name']}: countable disagrees with counters")
        expect(len(e["counters"]) == len(e["counter_names"]), f"{e['name']}: counter names")
        expect(all(c != 1 for c in e["counters"]), f"{e['name']}: the time counter handed out")
    expect(d["uncountable"] == [e["name"] for e in d["events"] if not e["countable"]],
           "uncountable list differs from the events' countable flags")
    listed = text_section(out, "standard events")
    countable = [e for e in d["events"] if e["countable"]]
    expect(len(listed) == max(len(countable), 1), "text lists a different number of countable events")
    for line, e in zip(listed, countable):
        expect(line.startswith(f"{e['name']} ({e['event_idx_hex']}) → "), f"text line {line!r} for {e['name']}")
    expect(len(text_section(out, "no counter can count")) == max(len(d["uncountable"]), 1),
           "text lists a different number of uncountable events")
    if os.path.exists(TOOL_PLAIN) and TOOL_PLAIN != TOOL:
        prc, pout, _ = tool(*args, binary=TOOL_PLAIN)
        expect((prc, pout) == (rc, out), f"{TOOL_PLAIN} and {TOOL} disagree")
    return rc, out, d


# ---- Every fixture ------------------------------------------------------------------------

# Exit status on QEMU virt's hart (the default preset): 0 only where the node is used as written.
FIXTURE_RC = {
    "bad-ranges": 1, "bad-raw": 1, "bad-selectors": 1, "binding-example": 1, "hifive-unmatched": 0,
    "missing-counters": 1, "no-pmu": 0, "odd-lengths": 1, "qemu-virt-sscofpmf": 1, "qemu-virt": 1,
    "too-many-rows": 1, "two-pmu-nodes": 1, "pmu-snapshot": 0,
}
for fixture in sorted(f[:-4] for f in os.listdir(FIXTURES) if f.endswith(".dts")):
    @test(f"fixture {fixture}")
    def _(fixture=fixture):
        expect(fixture in FIXTURE_RC, "new fixture: add its exit status to FIXTURE_RC")
        check_consistent([f"{FIXTURES}/{fixture}.dts"], FIXTURE_RC[fixture])
        # A DTB gives the same report as its source, but for the first line.
        with tempfile.TemporaryDirectory() as tmp:
            dtb = f"{tmp}/{fixture}.dtb"
            subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", dtb, f"{FIXTURES}/{fixture}.dts"], check=True)
            _, from_dts, _ = tool(f"{FIXTURES}/{fixture}.dts")
            _, from_dtb, _ = tool(dtb)
            expect(from_dts.splitlines()[1:] == from_dtb.splitlines()[1:], "DTB and DTS reports differ")


# ---- Exact output ---------------------------------------------------------------------------

@test("qemu-virt exact lines")
def _():
    rc, out, d = check_consistent([f"{FIXTURES}/qemu-virt.dts"], 1)
    expect(boot_log(out) == [
        "pmu: riscv,event-to-mhpmcounters: 2 cells after the last whole 3-cell row ignored",
        "pmu: riscv,event-to-mhpmcounters row 5: first 0x0 is SBI_PMU_HW_NO_EVENT, skipped",
        "pmu: 5 event ranges, 0 selectors, 0 raw ranges from /pmu",
    ], f"boot log {boot_log(out)}")
    expect(text_section(out, "standard events") == [
        "SBI_PMU_HW_CPU_CYCLES (0x1) → mcycle, mhpmcounter3-18, selector 0x1",
        "SBI_PMU_HW_INSTRUCTIONS (0x2) → minstret, mhpmcounter3-18, selector 0x2",
        "SBI_PMU_HW_CACHE_DTLB READ MISS (0x10019) → mhpmcounter3-18, selector 0x10019",
        "SBI_PMU_HW_CACHE_DTLB WRITE MISS (0x1001b) → mhpmcounter3-18, selector 0x1001b",
        "SBI_PMU_HW_CACHE_ITLB READ MISS (0x10021) → mhpmcounter3-18, selector 0x10021",
    ], "event map")
    has_lines(out, [
        "hart model  : qemu-virt: mhpmcounter3-18 (16 programmable, 64-bit), mcountinhibit, no Sscofpmf",
        "  none: event_idx 0x20000 and 0x30000 get SBI_ERR_NOT_SUPPORTED",
        "no counter can count (47 of 52 standard events):",
        "  SBI_PMU_HW_CACHE_REFERENCES (0x3)",
        "  SBI_PMU_HW_CACHE_NODE PREFETCH MISS (0x10035)",
        "result      : 2 problems with the riscv,pmu node (exit status 1)",
    ])
    cycles = d["events"][0]
    expect(cycles["counters"] == [0] + list(range(3, 19)) and cycles["selector"] == "0x1", f"cycles {cycles}")
    expect(d["hart"]["num_counters"] == 43 and d["hart"]["firmware_counters"] == 24, "counter counts")
    check_counters_line(out, d, 43, "mcycle, {time}minstret, mhpmcounter3-18; mhpmcounters 64-bit", 24)
    expect(d["map"] == {"event_ranges": 5, "selectors": 0, "raw_ranges": 0, "source": "riscv,pmu node"}, "map")


# Seed 001's HiFive Unmatched node (tests/fixtures/hifive-unmatched.dts holds it unchanged):
# the selectors and raw rows the binding example gives, as the firmware must program them.
SEED_001_SELECTORS = {0x3: 0x1801, 0x4: 0x0302, 0x5: 0x4000, 0x6: 0x6001, 0x10001: 0x0202, 0x10002: 0x0402,
                      0x10009: 0x0102, 0x10011: 0x2002, 0x10019: 0x1002, 0x10021: 0x0802}
SEED_001_RAW = [(0x0, 0xfffffffffc0000ff), (0x1, 0xfffffffffff800ff), (0x2, 0xffffffffffffe0ff)]


@test("seed-001 hifive-unmatched node on u74")
def _():
    rc, out, d = check_consistent(["--hart", "u74", f"{FIXTURES}/hifive-unmatched.dts"], 0)
    expect(boot_log(out) == ["pmu: 6 event ranges, 10 selectors, 3 raw ranges from /pmu"], f"boot log {boot_log(out)}")
    by_idx = {e["event_idx"]: e for e in d["events"]}
    for idx, sel in SEED_001_SELECTORS.items():
        e = by_idx[idx]
        expect(e["counters"] == [3, 4] and e["selector"] == hex(sel) and e["mhpmevent"] == hex(sel),
               f"{e['name']}: {e['counters']} {e['selector']}")
    expect(by_idx[1]["counters"] == [0] and by_idx[1]["selector"] is None, "cycles only on mcycle")
    expect(by_idx[2]["counters"] == [2], "instructions only on minstret")
    expect(len(d["uncountable"]) == 40, f"{len(d['uncountable'])} uncountable")
    expect([(int(r["match"], 16), int(r["mask"], 16)) for r in d["raw_ranges"]] == SEED_001_RAW, "raw rows")
    expect(all(r["counters"] == [3, 4] and r["event_types"] == [2, 3] for r in d["raw_ranges"]), "raw counters")
    has_lines(out, [
        "hart model  : u74: mhpmcounter3-4 (2 programmable, 40-bit), mcountinhibit, no Sscofpmf",
        "  SBI_PMU_HW_CPU_CYCLES (0x1) → mcycle",
        "  SBI_PMU_HW_CACHE_REFERENCES (0x3) → mhpmcounter3-4, selector 0x1801",
        "  SBI_PMU_HW_CACHE_ITLB READ MISS (0x10021) → mhpmcounter3-4, selector 0x802",
        "  match 0x0 mask 0xfffffffffc0000ff → mhpmcounter3-4 (types 2 and 3)",
        "  match 0x2 mask 0xffffffffffffe0ff → mhpmcounter3-4 (types 2 and 3)",
        "no counter can count (40 of 52 standard events):",
        "result      : no problems: the firmware uses the map as written (exit status 0)",
    ])
    check_counters_line(out, d, 29, "mcycle, {time}minstret, mhpmcounter3-4; mhpmcounters 40-bit", 24)
    widths = {c["name"]: c["width"] for c in d["hart"]["hardware_counters"]}
    widths.pop("time", None)
    expect(widths == {"mcycle": 64, "minstret": 64, "mhpmcounter3": 40, "mhpmcounter4": 40}, f"widths {widths}")


@test("binding example: raw rows beyond 47 and 55 bits")
def _():
    rc, out, d = check_consistent([f"{FIXTURES}/binding-example.dts"], 1)
    has_lines(out, [
        "  pmu: riscv,event-to-mhpmcounters row 3: counters 0x80000 do not exist, dropped; kept 0x7f000",
        "  pmu: riscv,event-to-mhpmevent row 0: event 0xb has no riscv,event-to-mhpmcounters row, kept but unusable",
        "  match 0xffffffff00000000 mask 0xffffffffffffff0f → no event_data can match (match has bits above 55)",
    ])
    last = d["raw_ranges"][-1]
    expect(last["event_types"] == [] and last["counters"] == [], f"unreachable raw row {last}")


@test("u74 default map without a riscv,pmu node")
def _():
    rc, out, d = check_consistent(["--hart", "u74", f"{FIXTURES}/no-pmu.dts"], 0)
    expect(boot_log(out) == ["pmu: no riscv,pmu node, using the platform's default map"], f"boot log {boot_log(out)}")
    expect(d["map"]["source"] == "platform default" and d["map"]["selectors"] == 8, f"map {d['map']}")
    by_idx = {e["event_idx"]: e for e in d["events"]}
    # platform/hifive-unmatched/u74_pmu.c: no L1D_WRITE_ACCESS, no LL_READ_MISS
    expect(not by_idx[0x10002]["countable"] and not by_idx[0x10011]["countable"], "U74 table rows")
    expect(by_idx[0x5]["selector"] == "0x4000" and by_idx[0x10019]["selector"] == "0x1002", "U74 selectors")
    # The same DT for QEMU virt's platform: no default map.
    rc, out, d = check_consistent(["--platform", "qemu-virt", "--hart", "u74", f"{FIXTURES}/no-pmu.dts"], 0)
    expect(boot_log(out) == ["pmu: no riscv,pmu node and no platform default map, map is empty"], "qemu-virt platform")
    expect(d["map"]["source"] == "none" and len(d["uncountable"]) == 50, f"map {d['map']}")


@test("sscofpmf from the hart model and the DT's riscv,isa")
def _():
    # Both say Sscofpmf: used; cycles then go to a programmable counter first (selector shown without MINH).
    rc, out, d = check_consistent(["--hart", "qemu-virt-sscofpmf", f"{FIXTURES}/qemu-virt-sscofpmf.dts"], 1)
    expect(d["hart"]["sscofpmf"], "Sscofpmf not used")
    cycles = d["events"][0]
    expect(cycles["selector"] == "0x1" and cycles["mhpmevent"] == "0x4000000000000001", f"cycles {cycles}")
    has_lines(out, ["  SBI_PMU_HW_CPU_CYCLES (0x1) → mcycle, mhpmcounter3-18, selector 0x1"])
    # The hart has it, the DT does not say so: the firmware does not use it.
    rc, out, d = check_consistent(["--sscofpmf", f"{FIXTURES}/qemu-virt.dts"], 1)
    expect(not d["hart"]["sscofpmf"] and d["hart_model"]["sscofpmf"], "Sscofpmf used without riscv,isa")
    has_lines(out, ["note        : the hart has Sscofpmf but the DT does not say so: the firmware will not use it "
                    "(add sscofpmf to riscv,isa)"])
    # The DT says so, the hart has no scountovf.
    rc, out, d = check_consistent([f"{FIXTURES}/qemu-virt-sscofpmf.dts"], 1)
    expect(not d["hart"]["sscofpmf"], "Sscofpmf used on a hart without it")
    has_lines(out, ["note        : riscv,isa names sscofpmf but the hart has no scountovf: the firmware will not use it"])


@test("the snapshot switch: /chosen/abacus,pmu-snapshot")
def _():
    rc, out, d = check_consistent([f"{FIXTURES}/pmu-snapshot.dts"], 0)
    has_lines(out, ["snapshot    : offered (DT /chosen/abacus,pmu-snapshot)"])
    expect(d["hart"]["snapshot_offered"] == "DT /chosen/abacus,pmu-snapshot",
           f"snapshot_offered {d['hart']['snapshot_offered']}")
    rc, out, d = check_consistent([f"{FIXTURES}/qemu-virt.dts"], 1)
    has_lines(out, ["snapshot    : withheld (the default; /chosen/abacus,pmu-snapshot offers it): "
                    "snapshot_set_shmem answers NOT_SUPPORTED"])
    expect(d["hart"]["snapshot_offered"] is None, "snapshot offered without the property")


@test("hart options: counters, width, hpm-mask, mcountinhibit")
def _():
    rc, out, d = check_consistent(["--counters", "4", "--width", "48", f"{FIXTURES}/qemu-virt.dts"], 1)
    has_lines(out, [
        "hart model  : custom: mhpmcounter3-6 (4 programmable, 48-bit), mcountinhibit, no Sscofpmf",
        "  pmu: riscv,event-to-mhpmcounters row 0: counters 0x7ff80 do not exist, dropped; kept 0x79",
        "  pmu: riscv,event-to-mhpmcounters row 2: counters 0x7ff80 do not exist, dropped; kept 0x78",
        "  SBI_PMU_HW_CPU_CYCLES (0x1) → mcycle, mhpmcounter3-6, selector 0x1",
    ])
    check_counters_line(out, d, 31, "mcycle, {time}minstret, mhpmcounter3-6; mhpmcounters 48-bit", 24)
    expect(d["problems"] == 7, f"problems {d['problems']}")
    # mhpmcounter3, 4 and 6: only the contiguous run from 3 is offered (docs/pmu.md, section 1).
    rc, out, d = check_consistent(["--hpm-mask", "0x58", f"{FIXTURES}/qemu-virt.dts"], 1)
    expect(d["hart"]["num_counters"] == 29 and d["events"][0]["counters"] == [0, 3, 4], f"hpm-mask {d['events'][0]}")
    expect(d["hart"]["mcounteren"] == "0x5f", f"mcounteren {d['hart']['mcounteren']}")
    # No mcountinhibit (docs/pmu.md, section 1): the same counters for the same events
    # with the same selectors (written at start: a stopped mhpmcounter selects no
    # event), the same pmu: lines; the harts line of the boot log says how they stop.
    _, _, with_inh = check_consistent([f"{FIXTURES}/qemu-virt.dts"], 1)
    rc, out, d = check_consistent(["--no-mcountinhibit", f"{FIXTURES}/qemu-virt.dts"], 1)
    expect(boot_log(out) == boot_log(tool(f"{FIXTURES}/qemu-virt.dts")[1]), f"boot log {boot_log(out)}")
    expect(d["hart"]["num_counters"] == with_inh["hart"]["num_counters"] and not d["hart"]["mcountinhibit"],
           "no mcountinhibit")
    expect([(e["counters"], e["selector"]) for e in d["events"]] ==
           [(e["counters"], e["selector"]) for e in with_inh["events"]], "events differ without mcountinhibit")
    has_lines(out, ["  SBI_PMU_HW_CACHE_DTLB READ MISS (0x10019) → mhpmcounter3-18, selector 0x10019"])
    # Zero programmable counters: every range row names only absent counters.
    rc, out, d = check_consistent(["--counters", "0", f"{FIXTURES}/qemu-virt.dts"], 1)
    has_lines(out, ["  pmu: riscv,event-to-mhpmcounters row 2: counters 0x7fff8 do not exist, skipped"])
    expect([e["event_idx"] for e in d["events"] if e["countable"]] == [1, 2], "only cycles/instructions")


@test("bad input exits 2 with one message")
def _():
    with tempfile.TemporaryDirectory() as tmp:
        cases = {
            "missing file": [f"{tmp}/nothing.dtb"],
            "dts syntax": [f"{tmp}/bad.dts"],
            "truncated dtb": [f"{tmp}/truncated.dtb"],
            "no file": [],
            "two files": [f"{FIXTURES}/qemu-virt.dts", f"{FIXTURES}/qemu-virt.dts"],
            "--counters 30": ["--counters", "30", f"{FIXTURES}/qemu-virt.dts"],
            "--counters -1": ["--counters", "-1", f"{FIXTURES}/qemu-virt.dts"],
            "--width 0": ["--width", "0", f"{FIXTURES}/qemu-virt.dts"],
            "--width 65": ["--width", "65", f"{FIXTURES}/qemu-virt.dts"],
            "--hpm-mask 0x7": ["--hpm-mask", "0x7", f"{FIXTURES}/qemu-virt.dts"],
            "--counters and --hpm-mask": ["--counters", "2", "--hpm-mask", "0x18", f"{FIXTURES}/qemu-virt.dts"],
            "--hart nosuch": ["--hart", "nosuch", f"{FIXTURES}/qemu-virt.dts"],
            "--platform nosuch": ["--platform", "nosuch", f"{FIXTURES}/qemu-virt.dts"],
            "unknown option": ["--nosuch", f"{FIXTURES}/qemu-virt.dts"],
        }
        with open(f"{tmp}/bad.dts", "w") as f:
            f.write("/dts-v1/;\n/ { pmu { compatible = \"riscv,pmu\" }; };\n")
        subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", f"{tmp}/whole.dtb", f"{FIXTURES}/qemu-virt.dts"],
                       check=True)
        with open(f"{tmp}/whole.dtb", "rb") as f:
            whole = f.read()
        with open(f"{tmp}/truncated.dtb", "wb") as f:
            f.write(whole[:len(whole) // 2])
        for what, args in cases.items():
            rc, out, err = tool(*args)
            expect(rc == 2, f"{what}: exit status {rc}")
            expect(out == "" and err.strip(), f"{what}: wants a message on stderr only, got {out[:80]!r} {err[:80]!r}")
        rc, out, err = tool("--help")
        expect(rc == 0 and "--hart PRESET" in out and "u74" in out, "--help")


@test("a DTB the firmware refuses: its FATAL line, exit 2")
def _():
    with tempfile.TemporaryDirectory() as tmp:
        dtb = f"{tmp}/v16.dtb"
        subprocess.run(["dtc", "-q", "-V", "16", "-I", "dts", "-O", "dtb", "-o", dtb, f"{FIXTURES}/qemu-virt.dts"],
                       check=True)
        rc, out, d = check_consistent([dtb], 2)
        has_lines(out, ["  abacus: FATAL: DTB format version is not 17; halting"])
        expect(d["fatal"] == "abacus: FATAL: DTB format version is not 17; halting" and "events" not in d, f"{d}")
        # A bad header: libfdt's reason in parentheses, as boot_fail() prints it.
        with open(dtb, "rb") as f:
            blob = bytearray(f.read())
        blob[20:24] = (99).to_bytes(4, "big")      # version 99, last compatible 99
        blob[24:28] = (99).to_bytes(4, "big")
        with open(dtb, "wb") as f:
            f.write(blob)
        rc, out, d = check_consistent([dtb], 2)
        expect(d["fatal"].startswith("abacus: FATAL: invalid DTB passed in a1 (") and d["fatal"].endswith("; halting"),
               f"fatal {d['fatal']}")


# ---- The firmware's own words, under QEMU -----------------------------------------------------

def firmware_pmu_lines(machine_args, firmware):
    """Boots the firmware without a payload and returns its boot log's pmu: lines."""
    cmd = [QEMU, *machine_args, "-nographic", "-no-reboot", "-bios", firmware]
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    log, deadline = b"", time.time() + QEMU_TIMEOUT
    try:
        os.set_blocking(p.stdout.fileno(), False)
        while b"abacus: next stage" not in log and b"FATAL" not in log and time.time() < deadline:
            chunk = p.stdout.read()
            if chunk:
                log += chunk
            elif p.poll() is not None:
                break
            else:
                time.sleep(0.05)
    finally:
        p.kill()
        p.wait()
    text = log.decode(errors="replace").replace("\r", "")
    expect("abacus: next stage" in text, f"the firmware did not finish booting: {text[-300:]!r}")
    return [l for l in text.splitlines() if l.startswith("pmu: ")]


def dump_dtb(machine_args, path):
    subprocess.run([QEMU, *machine_args, "-nographic"], stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
    expect(os.path.exists(path), f"QEMU did not dump its DT ({' '.join(machine_args)})")


def compare_with_firmware(machine_args, firmware, tool_args, dedupe=False):
    with tempfile.TemporaryDirectory() as tmp:
        dtb = f"{tmp}/machine.dtb"
        dump_args = list(machine_args)
        dump_args[1] += f",dumpdtb={dtb}"
        dump_dtb(dump_args, dtb)
        fw = firmware_pmu_lines(machine_args, firmware)
        _, out, _ = tool(*tool_args, dtb)
        mine = boot_log(out)
        if dedupe:      # per-hart lines: the firmware prints one per hart, the tool one for its model
            fw = list(dict.fromkeys(fw))
        expect(fw == mine, f"firmware {fw} != tool {mine}")
        return mine


@test("matches the firmware: QEMU virt's own DT")
def _():
    lines = compare_with_firmware(["-M", "virt", "-smp", "2"], f"{BUILD}/qemu-virt/abacus.bin", ["--hart", "qemu-virt"])
    expect(len(lines) == 3, f"{lines}")


@test("matches the firmware: QEMU virt with Sscofpmf")
def _():
    compare_with_firmware(["-M", "virt", "-smp", "1", "-cpu", "rv64,sscofpmf=true"],
                          f"{BUILD}/qemu-virt/abacus.bin", ["--hart", "qemu-virt-sscofpmf"])


@test("matches the firmware: a malformed riscv,pmu node (docs/pmu.md)")
def _():
    with tempfile.TemporaryDirectory() as tmp:
        dtb = f"{tmp}/bad.dtb"
        dump_dtb(["-M", f"virt,dumpdtb={dtb}", "-smp", "1"], dtb)
        # Every kind of row error the docs' example shows, on QEMU's own tree.
        for prop, cells in [
            ("riscv,event-to-mhpmcounters",
             "1 1 7fff9 2 2 7fffc 3 6 80018 5 7 8 10000 10033 5 20000 20000 8 10019 10019 2"),
            ("riscv,event-to-mhpmevent", "3 0 1801 3 0 302 b 0 1"),
            ("riscv,raw-event-to-mhpmcounters", "0 10 ffffffff ffffff0f 78 0 0 ffffffff fffffff0 7fff8 0"),
        ]:
            subprocess.run(["fdtput", "-t", "x", dtb, "/pmu", prop, *cells.split()], check=True)
        fw = firmware_pmu_lines(["-M", "virt", "-smp", "1", "-dtb", dtb], f"{BUILD}/qemu-virt/abacus.bin")
        rc, out, d = check_consistent([dtb], 1)
        expect(fw == boot_log(out), f"firmware {fw} != tool {boot_log(out)}")
        expect(len(fw) == 10 and d["problems"] == 9, f"{len(fw)} lines, {d['problems']} problems")


@test("matches the firmware: QEMU sifive_u, HiFive Unmatched build")
def _():
    lines = compare_with_firmware(["-M", "sifive_u", "-smp", "5"], f"{BUILD}/hifive-unmatched/abacus.bin",
                                  ["--hart", "qemu-sifive-u"], dedupe=True)
    # No mcountinhibit there: the harts line says so, not a pmu: line.
    expect(lines == ["pmu: no riscv,pmu node, using the platform's default map"], f"{lines}")


print(f"tools: {results['passed']} passed, {results['failed']} failed", flush=True)
sys.exit(1 if results["failed"] else 0)
