#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Tests of abacus-pmu-dt (scripts/abacus-pmu-dt/), the host riscv,pmu checker.

One "PASS: tools: ..." or "FAIL: tools: ... (why)" line per test, counted by
scripts/run-tests.sh; exit status 1 when any failed. Run from the repository
root after `make tools firmware`:

    TOOL=build/host/abacus-pmu-dt-asan python3 tests/tools/test_abacus_pmu_dt.py

Environment: TOOL (the binary under test, default the ASan build), TOOL_PLAIN
(the installed build, whose output must be identical), BUILD (default build),
QEMU (default qemu-system-riscv64).

What is checked: every fixture of tests/fixtures/ in text and JSON (exit
status, JSON parsed by python3 and consistent with the text), exact lines for
QEMU's node, the binding's HiFive Unmatched node (OpenSBI's docs/pmu_support.md) and the U74
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import (BUILD, TOOL, TOOL_PLAIN, boot_log, expect, finish, has_lines, test,  # noqa: E402
                     text_section, tool, tool_json)

QEMU = os.environ.get("QEMU", "qemu-system-riscv64")
SID_QEMU = "scripts/sid-qemu"   # QEMU 11.1: its DTs list riscv,isa-extensions
FIXTURES = "tests/fixtures"
QEMU_TIMEOUT = 120          # seconds for one firmware boot on a loaded machine


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
    unusable = d["unusable_event_ranges"] or any(r["unusable"] for r in d["raw_ranges"])
    expect((d["problems"] > 0 or bool(unusable)) == (rc == 1), f"problems {d['problems']} but exit status {rc}")
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
    "too-many-rows": 1, "two-pmu-nodes": 1, "pmu-snapshot": 0, "mysoc": 1, "fw-fdt-virt": 1, "newboard": 0,
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


@test("binding example hifive-unmatched node on u74")
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


@test("without a riscv,pmu node: the default map of the quirk the DT's root compatible chooses, or none")
def _():
    # No quirk names the fixture's root compatible (as JH7110's, PolarFire's): no default map.
    rc, out, d = check_consistent(["--hart", "u74", f"{FIXTURES}/no-pmu.dts"], 0)
    expect(boot_log(out) == ["pmu: no riscv,pmu node and no platform default map, map is empty"],
           f"boot log {boot_log(out)}")
    expect(d["quirk"] == "generic" and d["map"]["source"] == "none" and len(d["uncountable"]) == 50, f"map {d['map']}")
    has_lines(out, ["quirk       : generic (no default map)"])
    # The same tree with the FU740's root compatible: the FU740 quirk's U74 table.
    with tempfile.TemporaryDirectory() as tmp:
        dtb = f"{tmp}/fu740.dtb"
        subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", dtb, f"{FIXTURES}/no-pmu.dts"], check=True)
        subprocess.run(["fdtput", "-t", "s", dtb, "/", "compatible", "sifive,hifive-unmatched-a00",
                        "sifive,fu740-c000"], check=True)
        rc, out, d = check_consistent(["--hart", "u74", dtb], 0)
    expect(boot_log(out) == ["pmu: no riscv,pmu node, using the platform's default map"], f"boot log {boot_log(out)}")
    expect(d["quirk"] == "SiFive FU740" and d["map"]["source"] == "quirk default" and d["map"]["selectors"] == 8,
           f"map {d['map']}")
    has_lines(out, ["quirk       : SiFive FU740 (its default map applies without a riscv,pmu node)"])
    by_idx = {e["event_idx"]: e for e in d["events"]}
    # platform/generic/quirks/u74_pmu.c: no L1D_WRITE_ACCESS, no LL_READ_MISS
    expect(not by_idx[0x10002]["countable"] and not by_idx[0x10011]["countable"], "U74 table rows")
    expect(by_idx[0x5]["selector"] == "0x4000" and by_idx[0x10019]["selector"] == "0x1002", "U74 selectors")


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
    has_lines(out, ["DT cpus     : 1 enabled; ISA from riscv,isa; none names sscofpmf",
                    "note        : the hart has Sscofpmf but the DT does not say so: the firmware will not use it "
                    "(add _sscofpmf to riscv,isa)"])
    # The DT says so, the hart has no scountovf.
    rc, out, d = check_consistent([f"{FIXTURES}/qemu-virt-sscofpmf.dts"], 1)
    expect(not d["hart"]["sscofpmf"], "Sscofpmf used on a hart without it")
    has_lines(out, ["DT cpus     : 1 enabled; ISA from riscv,isa; it names sscofpmf",
                    "note        : the DT names sscofpmf but the hart has no scountovf: the firmware will not use it"])


def cpu_dts(cpus, pmu="riscv,event-to-mhpmcounters = <1 1 0x7fff9>;"):
    """A small tree with the given cpu nodes (each a string of properties) and a riscv,pmu node."""
    nodes = "".join(f"cpu@{i} {{ device_type = \"cpu\"; reg = <{i}>; compatible = \"riscv\"; {props} }};\n"
                    for i, props in enumerate(cpus))
    return (f"/dts-v1/;\n/ {{ #address-cells = <2>; #size-cells = <2>;\n"
            f"cpus {{ #address-cells = <1>; #size-cells = <0>;\n{nodes}}};\n"
            f"pmu {{ compatible = \"riscv,pmu\"; {pmu} }};\n}};\n")


@test("ISA as the firmware reads it: riscv,isa-extensions wins over riscv,isa")
def _():
    ext_without = 'riscv,isa = "rv64imac_sscofpmf"; riscv,isa-extensions = "i", "m", "a", "c";'
    ext_with = 'riscv,isa = "rv64imac"; riscv,isa-extensions = "i", "m", "a", "c", "sscofpmf";'
    string_only = 'riscv,isa = "rv64imac";'
    with tempfile.TemporaryDirectory() as tmp:
        def run(name, cpus, *args):
            path = f"{tmp}/{name}.dts"
            with open(path, "w") as f:
                f.write(cpu_dts(cpus))
            return check_consistent(["--hart", "qemu-virt-sscofpmf", *args, path], 0)

        # riscv,isa names it, riscv,isa-extensions (which wins) does not: not used, and the advice names the list.
        _, out, d = run("ignored", [ext_without])
        expect(not d["hart"]["sscofpmf"] and d["dt"]["isa_sscofpmf_ignored_cpus"] == 1, f"dt {d['dt']}")
        expect(d["dt"]["isa_property_cpus"] == {"riscv,isa-extensions": 1, "riscv,isa": 0, "none": 0}, f"{d['dt']}")
        has_lines(out, [
            "DT cpus     : 1 enabled; ISA from riscv,isa-extensions (their riscv,isa is then not read); none names sscofpmf",
            "note        : riscv,isa names sscofpmf on 1 cpu whose riscv,isa-extensions does not: the firmware "
            "will not use it (add \"sscofpmf\" to riscv,isa-extensions)"])
        expect("add _sscofpmf to riscv,isa)" not in out, "advice to edit riscv,isa, which is not read")
        # The other way round: used.
        _, out, d = run("used", [ext_with])
        expect(d["hart"]["sscofpmf"] and d["dt"]["isa_sscofpmf_cpus"] == 1 and "note" not in out, f"{d['dt']}")
        # A disabled cpu is not one the firmware boots: its ISA does not count.
        _, out, d = run("disabled", [ext_without, ext_with + ' status = "disabled";'])
        expect(d["dt"]["cpus"] == 1 and not d["hart"]["sscofpmf"], f"disabled cpu counted: {d['dt']}")
        # Mixed properties, and only some cpus naming it.
        _, out, d = run("mixed", [ext_with, string_only])
        has_lines(out, [
            "DT cpus     : 2 enabled; ISA from riscv,isa-extensions on 1, riscv,isa on 1, nothing on 0; "
            "1 of them name sscofpmf",
            "note        : the firmware uses Sscofpmf only on the harts whose cpu names it; this report is for "
            "one that does"])
        _, out, d = run("mixed-none", ['riscv,isa-extensions = "i", "m", "a", "c";', string_only])
        has_lines(out, ["note        : the hart has Sscofpmf but the DT does not say so: the firmware will not use "
                        "it (add \"sscofpmf\" to riscv,isa-extensions, or _sscofpmf to riscv,isa where a cpu has no "
                        "riscv,isa-extensions)"])


@test("a .dts with #include: a hint to run cpp, exit 2")
def _():
    with tempfile.TemporaryDirectory() as tmp:
        path = f"{tmp}/board.dts"
        with open(path, "w") as f:
            f.write('/dts-v1/;\n\n  #include <dt-bindings/gpio/gpio.h>\n/ { x = <GPIO_ACTIVE_HIGH>; };\n')
        rc, out, err = tool(path)
        expect(rc == 2 and out == "", f"exit status {rc}, output {out[:80]!r}")
        expect(f"abacus-pmu-dt: {path} uses the C preprocessor (#include on line 3), which dtc does not run. "
               "Preprocess it first as Linux does, then check the result:" in err.splitlines(), f"stderr {err!r}")
        expect("    cpp -nostdinc -undef -D__DTS__ -x assembler-with-cpp -I <linux>/scripts/dtc/include-prefixes "
               f"{path} -o board.pp.dts" in err.splitlines(), f"stderr {err!r}")
        # A plain syntax error gets no such hint.
        with open(path, "w") as f:
            f.write("/dts-v1/;\n/ { x = <1> };\n")
        rc, out, err = tool(path)
        expect(rc == 2 and "preprocessor" not in err, f"hint without a directive: {err!r}")


@test("T-Head presets c906 and c910")
def _():
    rc, out, d = check_consistent(["--hart", "c906", f"{FIXTURES}/no-pmu.dts"], 0)
    has_lines(out, ["hart model  : c906: mhpmcounter3-9, mhpmcounter13-17 (12 programmable, 64-bit), mcountinhibit, "
                    "no Sscofpmf",
                    "quirk       : generic (no default map)",
                    "counters    : 42 = 14 hardware (mcycle, minstret, mhpmcounter3-9, mhpmcounter13-17; "
                    "mhpmcounters 64-bit) + 24 firmware"])
    # The gap at 10-12 is a hole in the numbering (docs/pmu.md, section 1): 13-17 are offered.
    expect(d["hart"]["num_counters"] == 42 and d["present_not_offered"] == "0x0", f"{d['hart']['num_counters']}")
    rc, out, d = check_consistent(["--hart", "c910", f"{FIXTURES}/no-pmu.dts"], 0)
    has_lines(out, ["hart model  : c910: mhpmcounter3-18 (16 programmable, 64-bit), mcountinhibit, no Sscofpmf"])
    expect(d["hart"]["num_counters"] == 43 and d["present_not_offered"] == "0x0", f"{d['hart']['num_counters']}")


@test("rows on counters past a gap (C906: 10-12 absent) are served: exit 0")
def _():
    with tempfile.TemporaryDirectory() as tmp:
        path = f"{tmp}/gap.dts"
        with open(path, "w") as f:
            f.write(cpu_dts(['riscv,isa = "rv64imac";'],
                            "riscv,event-to-mhpmcounters = <3 3 0x8>, <0x10000 0x10001 0x4000>; "
                            "riscv,raw-event-to-mhpmcounters = <0 0xb 0xffffffff 0xffffffff 0x2000>, "
                            "<0 1 0xffffffff 0xffffffff 0x8>;"))
        rc, out, d = check_consistent(["--hpm-mask", "0x3e3f8", path], 0)
        expect(d["problems"] == 0 and boot_log(out) == ["pmu: 2 event ranges, 0 selectors, 2 raw ranges from /pmu"],
               f"boot log {boot_log(out)}")
        expect(not text_section(out, "kept rows the firmware cannot serve"), "rows not served")
        has_lines(out, ["  SBI_PMU_HW_CACHE_L1D READ ACCESS (0x10000) → mhpmcounter14, selector 0x10000",
                        "  match 0xb mask 0xffffffffffffffff → mhpmcounter13 (types 2 and 3)"])
        expect(d["unusable_event_ranges"] == [] and [r["unusable"] for r in d["raw_ranges"]] == [False, False],
               f"{d['unusable_event_ranges']}")


@test("a selector whose range row was skipped says which row")
def _():
    rc, out, d = check_consistent(["--hart", "qemu-sifive-u", f"{FIXTURES}/hifive-unmatched.dts"], 1)
    has_lines(out, [
        "  pmu: riscv,event-to-mhpmcounters row 0: counters 0x18 do not exist, skipped",
        "  pmu: riscv,event-to-mhpmevent row 0: event 0x3: its riscv,event-to-mhpmcounters row 0 was skipped, "
        "kept but unusable",
        "  pmu: riscv,event-to-mhpmevent row 9: event 0x10021: its riscv,event-to-mhpmcounters row 5 was skipped, "
        "kept but unusable"])
    expect(not any("has no riscv,event-to-mhpmcounters row" in l for l in boot_log(out)), "\"no row\" for a row")


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
    # mhpmcounter3, 4 and 6: 5 is a hole in the numbering, 6 is offered (docs/pmu.md, section 1).
    rc, out, d = check_consistent(["--hpm-mask", "0x58", f"{FIXTURES}/qemu-virt.dts"], 1)
    expect(d["hart"]["num_counters"] == 31 and d["events"][0]["counters"] == [0, 3, 4, 6],
           f"hpm-mask {d['events'][0]}")
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
            "--platform qemu-virt (gone)": ["--platform", "qemu-virt", f"{FIXTURES}/qemu-virt.dts"],
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
        rc, out, err = tool("--platform", "hifive-unmatched", f"{FIXTURES}/hifive-unmatched.dts")
        expect("--platform hifive-unmatched: no longer exists: the firmware takes its quirk from the DT's root "
               "compatible" in err, f"--platform: {err[:160]!r}")
        rc, out, err = tool("--help")
        expect(rc == 0 and "--hart PRESET" in out and all(f"    {h} " in out for h in ("u74", "c906", "c910")),
               "--help")


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

def firmware_pmu_lines(machine_args, firmware, qemu=QEMU):
    """Boots the firmware without a payload and returns its boot log's pmu: lines."""
    return [l for l in firmware_log(machine_args, firmware, qemu) if l.startswith("pmu: ")]


def firmware_log(machine_args, firmware, qemu=QEMU):
    """Boots the firmware without a payload and returns its boot log's lines."""
    cmd = [qemu, *machine_args, "-nographic", "-no-reboot", "-bios", firmware]
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
    return text.splitlines()


def dump_dtb(machine_args, path, qemu=QEMU):
    subprocess.run([qemu, *machine_args, "-nographic"], stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
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
    lines = compare_with_firmware(["-M", "virt", "-smp", "2"], f"{BUILD}/generic/abacus.bin", ["--hart", "qemu-virt"])
    expect(len(lines) == 3, f"{lines}")


@test("matches the firmware: QEMU virt with Sscofpmf")
def _():
    compare_with_firmware(["-M", "virt", "-smp", "1", "-cpu", "rv64,sscofpmf=true"],
                          f"{BUILD}/generic/abacus.bin", ["--hart", "qemu-virt-sscofpmf"])


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
        fw = firmware_pmu_lines(["-M", "virt", "-smp", "1", "-dtb", dtb], f"{BUILD}/generic/abacus.bin")
        rc, out, d = check_consistent([dtb], 1)
        expect(fw == boot_log(out), f"firmware {fw} != tool {boot_log(out)}")
        expect(len(fw) == 10 and d["problems"] == 9, f"{len(fw)} lines, {d['problems']} problems")


@test("matches the firmware: QEMU sifive_u, HiFive Unmatched build")
def _():
    lines = compare_with_firmware(["-M", "sifive_u", "-smp", "5"], f"{BUILD}/generic/abacus.bin",
                                  ["--hart", "qemu-sifive-u"], dedupe=True)
    # No mcountinhibit there: the harts line says so, not a pmu: line.
    expect(lines == ["pmu: no riscv,pmu node, using the platform's default map"], f"{lines}")


def harts_line_sscofpmf(log):
    """Whether the boot log's harts line lists Sscofpmf among the features the firmware uses."""
    lines = [l for l in log if re.match(r"abacus: harts? [0-9]", l)]
    expect(len(lines) == 1, f"harts lines {lines}")
    features = lines[0].split(":", 2)[2].split(";")[0].split()
    return "Sscofpmf" in features


@test("matches the firmware: QEMU 11.1 virt, riscv,isa-extensions with and without sscofpmf", needs_sid=True)
def _():
    machine = ["-M", "virt", "-smp", "1", "-cpu", "rv64,sscofpmf=true"]
    with tempfile.TemporaryDirectory() as tmp:
        dtb = f"{tmp}/q11.dtb"
        dump_dtb(["-M", f"virt,dumpdtb={dtb}", *machine[2:]], dtb, qemu=SID_QEMU)
        cpu = "/cpus/cpu@0"
        exts = subprocess.run(["fdtget", "-t", "s", dtb, cpu, "riscv,isa-extensions"], capture_output=True,
                              text=True, check=True).stdout.split()
        isa = subprocess.run(["fdtget", dtb, cpu, "riscv,isa"], capture_output=True, text=True, check=True).stdout
        expect("sscofpmf" in exts and "_sscofpmf" in isa, f"QEMU 11.1's DT without sscofpmf: {exts} {isa}")
        for edited in (False, True):
            if edited:   # riscv,isa still names it; the list the firmware reads does not
                subprocess.run(["fdtput", "-t", "s", dtb, cpu, "riscv,isa-extensions",
                                *[e for e in exts if e != "sscofpmf"]], check=True)
            log = firmware_log([*machine, "-dtb", dtb], f"{BUILD}/generic/abacus.bin", qemu=SID_QEMU)
            rc, d = tool_json("--hart", "qemu-virt-sscofpmf", dtb)
            fw = harts_line_sscofpmf(log)
            expect(fw == (not edited), f"firmware Sscofpmf {fw} with the list {'edited' if edited else 'as is'}")
            expect(d["hart"]["sscofpmf"] == fw, f"tool says Sscofpmf {d['hart']['sscofpmf']}, firmware {fw}")
            expect(d["dt"]["isa_sscofpmf_ignored_cpus"] == int(edited), f"dt {d['dt']}")
            expect([l for l in log if l.startswith("pmu: ")] == d["boot_log"], "pmu: lines differ")


sys.exit(finish("tools"))
