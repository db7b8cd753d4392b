#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""abacus-pmu-dt on every riscv,pmu board DT of Debian's Linux sources.

Linux 6.12 (/usr/src/linux-source-6.12.tar.xz, scripts/setup.sh) and Linux
7.2 (the sid root's /usr/src/linux-source-7.2.tar.xz, scripts/setup-sid.sh;
$ABACUS_SID_ROOT, default build/sid): each board .dts is preprocessed and
compiled as the kernel does it (tests/tools/linux_dts.py, once per tarball,
into build/linux-dts/), and every board whose tree has a riscv,pmu node is
checked on the hart its SoC has. Each board's expectation is written out
below: its exit status, the firmware's pmu: lines word for word, how many
standard events stay without a counter, and for the D1 the rows no counter
can serve. A board added to (or gone from) a tree fails until it is listed.

One "PASS: tools: ..." / "FAIL: tools: ..." line per board and kernel.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import linux_dts  # noqa: E402
from harness import BUILD, boot_log, expect, finish, test, text_section, tool, tool_json  # noqa: E402

SID_ROOT = os.environ.get("ABACUS_SID_ROOT", f"{BUILD}/sid")
KERNELS = {
    "6.12": "/usr/src/linux-source-6.12.tar.xz",
    "7.2": f"{SID_ROOT}/usr/src/linux-source-7.2.tar.xz",
}

# The harts. c906 and c910 are the tool's presets (facts and sources in
# docs/pmu.md, section 7). For the cores of the boards only Linux 7.2 has, no
# preset: the hart is the one the DT describes (the counters its rows name,
# Sscofpmf as its riscv,isa-extensions say; width not known, 64 taken),
# which checks the node against the firmware's rules rather than against
# the silicon.
C906 = ["--hart", "c906"]
C910 = ["--hart", "c910"]
P550_AS_DT = ["--hpm-mask", "0x78", "--width", "64", "--sscofpmf"]
X280_AS_DT = ["--hpm-mask", "0x78", "--width", "64", "--sscofpmf"]   # 4 counters (commit
C920_AS_DT = ["--hpm-mask", "0xfffffff8", "--width", "64", "--sscofpmf"]  # of the node)

# The D1's node (sun20i-d1s.dtsi) maps the L1D events and raw events 0xb-0xf to
# mhpmcounter13-17. The C906 has no mhpmcounter10-12 (OpenSBI's D1 mask
# 0x3e3f8): the PMU core makes them a hole in the logical numbering
# (docs/pmu.md, section 1) and hands out 13-17, so every row is served.
D1 = {"hart": C906, "rc": 0, "cpus": 1, "sscofpmf": False, "uncountable": 40,
      "log": ["pmu: 10 event ranges, 10 selectors, 12 raw ranges from /pmu"], "unusable": []}
TH1520 = {"hart": C910, "rc": 0, "cpus": 4, "sscofpmf": False, "uncountable": 34,
          "log": ["pmu: 16 event ranges, 16 selectors, 42 raw ranges from /pmu"], "unusable": []}
EIC7700 = {"hart": P550_AS_DT, "rc": 0, "cpus": 4, "sscofpmf": True, "uncountable": 44,
           "log": ["pmu: 6 event ranges, 6 selectors, 16 raw ranges from /pmu"], "unusable": []}
SG2044 = {"hart": C920_AS_DT, "rc": 0, "cpus": 64, "sscofpmf": True, "uncountable": 28,
          "log": ["pmu: 22 event ranges, 20 selectors, 42 raw ranges from /pmu"], "unusable": []}
BLACKHOLE = {"hart": X280_AS_DT, "rc": 0, "cpus": 4, "sscofpmf": True, "uncountable": 40,
             "log": ["pmu: 8 event ranges, 12 selectors, 3 raw ranges from /pmu"], "unusable": []}

D1_BOARDS = {f"allwinner/sun20i-{b}.dts": D1 for b in (
    "d1-clockworkpi-v3.14", "d1-devterm-v3.14", "d1-dongshan-nezha-stu", "d1-lichee-rv-86-panel-480p",
    "d1-lichee-rv-86-panel-720p", "d1-lichee-rv-dock", "d1-lichee-rv", "d1-mangopi-mq-pro", "d1-nezha",
    "d1s-mangopi-mq")}
TH1520_BOARDS = {"thead/th1520-beaglev-ahead.dts": TH1520, "thead/th1520-lichee-pi-4a.dts": TH1520}
EXPECTED = {
    "6.12": {**D1_BOARDS, **TH1520_BOARDS},
    "7.2": {**D1_BOARDS, **TH1520_BOARDS,
            "eswin/eic7700-hifive-premier-p550.dts": EIC7700,
            "sophgo/sg2044-sophgo-srd3-10.dts": SG2044,
            "tenstorrent/blackhole-card.dts": BLACKHOLE},
}


def check_board(dtb, want):
    rc, out, err = tool(*want["hart"], dtb)
    expect(rc == want["rc"], f"exit status {rc}, expected {want['rc']}: {err.strip()[:200]}")
    expect(boot_log(out) == want["log"], f"boot log {boot_log(out)}")
    expect(text_section(out, "kept rows the firmware cannot serve") == want["unusable"],
           f"rows not served {text_section(out, 'kept rows the firmware cannot serve')}")
    jrc, d = tool_json(*want["hart"], dtb)
    expect(jrc == rc and d["boot_log"] == want["log"], "JSON differs from the text")
    expect(d["dt"]["riscv_pmu_node"] and d["dt"]["cpus"] == want["cpus"], f"dt {d['dt']}")
    expect(d["hart"]["sscofpmf"] == want["sscofpmf"], f"Sscofpmf {d['hart']['sscofpmf']}")
    expect(len(d["uncountable"]) == want["uncountable"], f"{len(d['uncountable'])} standard events uncounted")


for version, tarball in KERNELS.items():
    manifest = None

    @test(f"Linux {version}: every riscv,pmu board DT found, preprocessed and compiled as the kernel does",
          needs_sid=version == "7.2")
    def _(version=version, tarball=tarball):
        global manifest
        expect(os.path.exists(tarball), f"{tarball} missing (scripts/setup.sh, scripts/setup-sid.sh)")
        try:
            manifest = linux_dts.prepare(tarball, f"{BUILD}/linux-dts/{version}")
        except linux_dts.PrepareError as e:
            expect(False, str(e))
        found, listed = set(manifest["boards"]), set(EXPECTED[version])
        expect(found == listed, f"boards with a riscv,pmu node {sorted(found - listed)} not listed here, "
               f"listed but not found {sorted(listed - found)}")
        expect(manifest["preprocessed"] >= 30, f"only {manifest['preprocessed']} board DTs preprocessed")

    for board, want in EXPECTED[version].items():
        @test(f"Linux {version} {board}: exit {want['rc']}, {want['log'][-1]}", needs_sid=version == "7.2")
        def _(board=board, want=want):
            expect(manifest is not None, "the tree was not prepared")
            check_board(manifest["boards"][board], want)


@test("Linux 7.2 D1: clean when the probe finds mhpmcounter3-31 (if the C906's 10-12 accept writes)", needs_sid=True)
def _():
    dtb = f"{BUILD}/linux-dts/7.2/dtb/allwinner/sun20i-d1-nezha.dtb"
    expect(os.path.exists(dtb), "not prepared")
    rc, out, _ = tool("--hart", "c906", "--hpm-mask", "0xfffffff8", dtb)
    expect(rc == 0 and not text_section(out, "kept rows the firmware cannot serve"), f"exit status {rc}")


sys.exit(finish("tools (Linux DTs)"))
