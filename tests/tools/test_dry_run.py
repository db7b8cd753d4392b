#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""abacus-dryrun (scripts/abacus-dryrun): the firmware's boot on the host, checked.

- Linux 7.2's RISC-V board DTs, every one (Debian's linux-source-7.2 in the
  sid root, compiled once as the kernel does: tests/tools/linux_dts.py), each
  booted once (--decisions) and compared with the golden table
  tests/tools/dry-run-golden.txt: a board whose decisions differ, a board
  gone or new, fails with the difference. `make dryrun-golden` (this script
  with --regenerate) writes the table anew from what the tool says now:
  review its diff as the change it is.
- The boot log it predicts is the firmware's own, word for word, under QEMU
  7.2 (virt with 4 harts, with the AIA, sifive_u) and QEMU 11.1 (virt).
- Every DT driver and board quirk of the firmware image is in the tool, in
  the image's order (the order a walk offers a node to them).
- Fixtures: refused devices, a DT the firmware refuses, no console, options.

One "PASS: tools: ..." / "FAIL: tools: ..." line per check (tests/tools/harness.py).
"""
import difflib
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import linux_dts  # noqa: E402
import harness  # noqa: E402
from harness import BUILD, expect, finish, test  # noqa: E402

DRYRUN = os.environ.get("DRYRUN", f"{BUILD}/host/abacus-dryrun-asan")
GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dry-run-golden.txt")
SID_ROOT = os.environ.get("ABACUS_SID_ROOT", f"{BUILD}/sid")
TARBALL = f"{SID_ROOT}/usr/src/linux-source-7.2.tar.xz"
FIXTURES = "tests/fixtures"
FIRMWARE = f"{BUILD}/generic/abacus.bin"
QEMU = os.environ.get("QEMU", "qemu-system-riscv64")
SID_QEMU = "scripts/sid-qemu"

# Boards whose loader writes /memory (their Linux DT has none, and the
# firmware stops there): RAM where the SoC's memory map puts DRAM, 1 GiB.
RAM = {
    "allwinner/sun20i-d1": "0x40000000:0x40000000",     # D1/D1s user manual: DRAM at 0x40000000
    "eswin/eic7700": "0x80000000:0x40000000",           # EIC7700X: DDR at 0x80000000
    "sophgo/sg2042": "0x0:0x40000000",                  # SG2042: DDR at 0
    "spacemit/k1": "0x0:0x40000000",                    # K1: DDR at 0
}

HEADER = """\
# The dry run's decisions for every RISC-V board DT of Linux 7.2
# (tests/tools/test_dry_run.py: `build/tools/abacus-dryrun --decisions [ARGS] BOARD.dtb`
# with the hart models of `--hart auto`). A change that moves any board's
# decision changes its block: regenerate with `make dryrun-golden` and review
# the diff. Each block: "== <board> [ARGS]", the exit status, the decisions.
# "i2c": each I2C bus the boot used, the devices addressed and the wires:
# S<address byte> a start ("-": not acknowledged), W<byte> written,
# R<byte> read ("n": answered NACK), P a stop.
"""


def tool(*args):
    return harness.tool(*args, binary=DRYRUN)


def board_args(board):
    for prefix, ram in RAM.items():
        if board.startswith(prefix):
            return ["--ram", ram]
    return []


def run_board(board, dtb):
    args = board_args(board)
    rc, out, err = tool("--decisions", *args, dtb)
    expect(rc in (0, 1, 3), f"exit status {rc}: {err.strip()[:300]}")
    return " ".join([f"== {board}", *args]), [f"exit       : {rc}", *out.splitlines()]


def read_golden():
    blocks, key = {}, None
    with open(GOLDEN) as f:
        for line in f.read().splitlines():
            if line.startswith("#") or (not line and key is None):
                continue
            if line.startswith("== "):
                key = line
                blocks[key.split()[1]] = (key, [])
            elif line:
                blocks[key.split()[1]][1].append(line)
    return blocks


def linux_boards():
    manifest = linux_dts.prepare(TARBALL, f"{BUILD}/linux-dts/7.2")
    return manifest["all"]


def regenerate():
    boards = linux_boards()
    with open(GOLDEN, "w") as f:
        f.write(HEADER)
        for board in sorted(boards):
            key, lines = run_board(board, boards[board])
            f.write("\n" + key + "\n" + "\n".join(lines) + "\n")
    print(f"{GOLDEN}: {len(boards)} boards")


# ---- Linux 7.2's boards against the golden table -----------------------------------------

def check_linux_boards():
    boards, golden = None, None

    @test("Linux 7.2: every RISC-V board DT compiled as the kernel does, each in the golden table", "abacus-dryrun")
    def _():
        nonlocal boards, golden
        expect(os.path.exists(TARBALL), f"{TARBALL} missing (scripts/setup-sid.sh)")
        try:
            boards = linux_boards()
        except linux_dts.PrepareError as e:
            expect(False, str(e))
        golden = read_golden()
        expect(len(boards) >= 50, f"only {len(boards)} boards")
        expect(set(boards) == set(golden), f"boards not in the table {sorted(set(boards) - set(golden))}, "
               f"in the table but gone {sorted(set(golden) - set(boards))} (make dryrun-golden)")

    for board in sorted(boards or {}):
        @test(f"Linux 7.2 {board}: decisions as in the golden table", "abacus-dryrun")
        def _(board=board):
            key, lines = run_board(board, boards[board])
            want_key, want = golden.get(board, (None, []))
            if (key, lines) != (want_key, want):
                diff = list(difflib.unified_diff([want_key or "", *want], [key, *lines], "golden", "now", n=0,
                                                 lineterm=""))[2:]
                expect(False, "differs (make dryrun-golden, then review): " + " | ".join(diff[:12]))


# ---- The firmware's own boot log under QEMU ------------------------------------------------

def firmware_log(qemu, machine_args):
    """Boots the firmware without a payload; its lines up to the SBI extensions line."""
    cmd = [qemu, *machine_args, "-nographic", "-no-reboot", "-bios", FIRMWARE]
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    log, deadline = b"", time.time() + 120   # generous: a loaded machine
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
    lines = text.splitlines()
    expect(any(l.startswith("abacus: next stage") for l in lines), f"the firmware did not boot: {text[-300:]!r}")
    return lines[:next(i for i, l in enumerate(lines) if l.startswith("abacus: SBI extensions"))]


def compare_with_firmware(qemu, machine_args, tool_args):
    with tempfile.TemporaryDirectory() as tmp:
        dtb = f"{tmp}/machine.dtb"
        dump = list(machine_args)
        dump[1] += f",dumpdtb={dtb}"
        subprocess.run([qemu, *dump, "-nographic"], stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
        expect(os.path.exists(dtb), "QEMU did not dump its DT")
        fw = firmware_log(qemu, machine_args)
        # The hart that won the boot lottery there (any may: QEMU 11.1's is not always hart 0).
        boot = [l for l in fw if l.startswith("abacus: harts           : ")]
        expect(boot, "no harts line")
        boot_hart = boot[0].split("(boot hart ")[1].split(")")[0].split(",")[0]
        rc, out, err = tool(*tool_args, "--boot-hart", boot_hart, dtb)
        mine = [l[2:] for l in out.split("\ndecisions:\n")[0].splitlines()[1:]]
        expect(fw == mine, "differs: " + " | ".join(list(difflib.unified_diff(fw, mine, "firmware", "dry run", n=0,
                                                                               lineterm=""))[2:14]))
        return rc, out


def check_firmware_logs():
    cases = [
        ("QEMU 7.2 virt, 4 harts", QEMU, ["-M", "virt", "-smp", "4"], ["--hart", "qemu-virt"], 0),
        ("QEMU 7.2 virt with the AIA (APLIC, IMSIC), 4 harts", QEMU,
         ["-M", "virt,aia=aplic-imsic", "-smp", "4", "-cpu", "rv64,x-smaia=true,x-ssaia=true"],
         ["--hart", "qemu-virt"], 0),
        ("QEMU 7.2 sifive_u, 5 harts (hart 0 without S-mode)", QEMU, ["-M", "sifive_u", "-smp", "5"],
         ["--hart", "qemu-sifive-u"], 1),       # its reset: a gpio-restart line, no shutdown
        ("QEMU 11.1 virt, 2 harts", SID_QEMU, ["-M", "virt", "-smp", "2"], ["--hart", "qemu-virt"], 0),
    ]
    for name, qemu, machine_args, tool_args, want_rc in cases:
        @test(f"the boot log it predicts is the firmware's on {name}", "abacus-dryrun")
        def _(qemu=qemu, machine_args=machine_args, tool_args=tool_args, want_rc=want_rc):
            expect(os.path.exists(FIRMWARE), f"{FIRMWARE} missing (make firmware)")
            rc, _ = compare_with_firmware(qemu, machine_args, tool_args)
            expect(rc == want_rc, f"exit status {rc}, expected {want_rc}")


# ---- The image's drivers and quirks ----------------------------------------------------------

def table_symbols(nm, binary, table):
    """The symbols between __start_<table> and __stop_<table>, in address order."""
    out = subprocess.run([nm, "-n", binary], capture_output=True, text=True, check=True).stdout
    syms = [(int(a, 16), name) for a, _, name in (l.split() for l in out.splitlines() if len(l.split()) == 3)]
    start = next(a for a, n in syms if n == f"__start_{table}")
    stop = next(a for a, n in syms if n == f"__stop_{table}")
    return [n for a, n in sorted(syms) if start <= a < stop and not n.startswith("__")]


def check_drivers():
    @test("has every DT driver and board quirk of the firmware image, in the image's order", "abacus-dryrun")
    def _():
        elf = f"{BUILD}/generic/abacus.elf"
        expect(os.path.exists(elf), f"{elf} missing (make firmware)")
        for table in ("abacus_dt_console", "abacus_dt_timer_ipi", "abacus_dt_reset", "abacus_platform_quirks"):
            fw = table_symbols("riscv64-linux-gnu-nm", elf, table)
            mine = table_symbols("nm", DRYRUN, table)
            expect(fw and fw == mine, f"{table}: image {fw}, dry run {mine}")


# ---- Fixtures and options -------------------------------------------------------------------

def decisions(out):
    return out.split("\ndecisions:\n")[1].splitlines() if "\ndecisions:\n" in out else out.splitlines()


def line(out, label):
    found = [l for l in decisions(out) if l.startswith(f"{label:<11}: ")]
    expect(found, f"no {label} line")
    return found[0][13:]


def check_fixtures():
    @test("QEMU virt's fixture: ready (exit 0), every decision", "abacus-dryrun")
    def _():
        rc, out, err = tool("--hart", "qemu-virt", f"{FIXTURES}/qemu-virt.dts")
        expect(rc == 0, f"exit status {rc}: {err[:200]}")
        expect(line(out, "console") == "serial@10000000 (ns16550), /chosen/stdout-path", line(out, "console"))
        expect(line(out, "timer/IPI") == "hart 0: IPI clint@2000000 (clint: riscv,clint0), timer clint@2000000 "
           "(clint: riscv,clint0)",
               line(out, "timer/IPI"))
        expect(line(out, "reset").startswith("shutdown: syscon (sifive,test); cold reboot: syscon (sifive,test)"),
               line(out, "reset"))
        expect(line(out, "PMP") == "hart 0: 3 of 16 entries: --- 0x80000000-0x8003ffff, --- 0x2000000-0x200ffff, "
               "rwx everything", line(out, "PMP"))
        expect(line(out, "SBI 3.0") == "hart 0: SSE local software; FWFT MISALIGNED_EXC_DELEG; DBTR 2 triggers",
               line(out, "SBI 3.0"))
        expect(line(out, "no driver").startswith("none"), line(out, "no driver"))


    @test("RZ/Five SMARC with its loader's DT: console, timer and IPI, shutdown, reboot, PMU map", "abacus-dryrun")
    def _():
        # The DT Renesas's U-Boot hands the firmware (Linux's has no PLMT or PLICSW): issue 24's
        # row for the board. The DA9062 answers on a RIIC the firmware sets up from power-on and
        # switches the board off; the SoC's watchdog reboots it.
        rc, out, err = tool(f"{FIXTURES}/boards/rzfive-smarc-uboot.dts")
        expect(line(out, "console") == "serial@1004b800 (renesas-scif), /chosen/stdout-path", line(out, "console"))
        expect(line(out, "timer/IPI") == "hart 0: IPI interrupt-controller@13000000 (andes-plicsw: andestech,plicsw), "
               "timer plmt0@110c0000 (plmt: andestech,plmt0)", line(out, "timer/IPI"))
        expect(line(out, "reset") == "shutdown: da9062 at 0x58 on i2c@10058000 (shutdown); cold reboot: rzg2l-wdt; "
               "warm reboot: rzg2l-wdt", line(out, "reset"))
        expect(line(out, "PMU") == "a map from the quirk's default: 5 event ranges, 14 selectors, 12 raw ranges",
               line(out, "PMU"))

    @test("a device in RAM and one in the firmware are refused, each with the firmware's line", "abacus-dryrun")
    def _():
        rc, out, _ = tool(f"{FIXTURES}/devices/in-ram-and-firmware.dts")
        refused = [l for l in out.splitlines() if "device refused" in l]
        expect(len(refused) >= 2, f"refusal lines {refused}")
        expect(any("lies in" in l for l in decisions(out) if l.startswith(("not used", "           :"))),
               f"not used lines {[l for l in decisions(out) if l.startswith('not used')]}")


    @test("a DT the firmware refuses stops cold boot (exit 3) with its FATAL line", "abacus-dryrun")
    def _():
        with tempfile.TemporaryDirectory() as tmp:
            dtb = f"{tmp}/v16.dtb"
            subprocess.run(["dtc", "-q", "-V", "16", "-I", "dts", "-O", "dtb", "-o", dtb, f"{FIXTURES}/qemu-virt.dts"],
                           check=True)
            rc, out, _ = tool("--decisions", dtb)
            expect(rc == 3, f"exit status {rc}")
            expect(line(out, "boot") == "stops in cold boot on hart 0: FATAL: DTB format version is not 17; halting",
                   line(out, "boot"))


    @test("no console: exit 1, the UART no driver knows named", "abacus-dryrun")
    def _():
        dts = open(f"{FIXTURES}/qemu-virt.dts").read().replace('"ns16550a"', '"renesas,scif"')
        with tempfile.TemporaryDirectory() as tmp:
            path = f"{tmp}/scif.dts"
            open(path, "w").write(dts)
            rc, out, _ = tool("--decisions", path)
            expect(rc == 1, f"exit status {rc}")
            expect(line(out, "console").startswith("none: stdout-path serial@10000000 (no UART a console driver knows"),
                   line(out, "console"))
            expect("UART serial@10000000 (renesas,scif)" in line(out, "no driver"), line(out, "no driver"))
            expect(all(l.startswith("[unseen] ") for l in out.splitlines()[1:] if l.startswith("  ") and "abacus:" in l),
                   "lines printed without a console not marked [unseen]")


    @test("a model with a newline and control characters is one clean platform line", "abacus-dryrun")
    def _():
        dts = open(f"{FIXTURES}/qemu-virt.dts").read().replace(
            'model = "riscv-virtio,qemu";', r'model = "ACME\nabacus: FATAL: fake\x01\x1b[2J";')
        with tempfile.TemporaryDirectory() as tmp:
            path = f"{tmp}/model.dts"
            open(path, "w").write(dts)
            rc, out, _ = tool("--hart", "qemu-virt", path)
            log = [l[2:] for l in out.split("\ndecisions:\n")[0].splitlines()[1:]]
            expect(rc == 0, f"exit status {rc}")
            mine = [l for l in log if "fake" in l]
            expect(mine == ["abacus: platform        : QEMU virt (ACME?abacus: FATAL: fake??[2J)"], f"lines {mine}")
            expect(line(out, "boot").startswith("to the next stage"), line(out, "boot"))


    # Controllers of each kind with their PMICs (tests/host/i2c_models/ behind each controller's reg).
    I2C_BUSES = """
&{/soc} {
	i2c@10030000 {
		compatible = "sifive,fu740-c000-i2c", "sifive,i2c0";
		reg = <0x00 0x10030000 0x00 0x1000>;
		reg-shift = <2>;
		reg-io-width = <1>;
		#address-cells = <1>;
		#size-cells = <0>;
		%s
	};
	i2c@10040000 {
		compatible = "snps,designware-i2c";
		reg = <0x00 0x10040000 0x00 0x1000>;
		#address-cells = <1>;
		#size-cells = <0>;
		pmic@36 { compatible = "x-powers,axp15060"; reg = <0x36>; };
		eeprom@50 { compatible = "atmel,24c02"; reg = <0x50>; };
	};
	i2c@10050000 {
		compatible = "spacemit,k1-i2c";
		reg = <0x00 0x10050000 0x00 0x38>;
		clock-frequency = <400000>;
		#address-cells = <1>;
		#size-cells = <0>;
		pmic@41 { compatible = "spacemit,p1"; reg = <0x41>; };
	};
};
"""

    def i2c_board(tmp, ocores_children):
        path = f"{tmp}/i2c.dts"
        open(path, "w").write(open(f"{FIXTURES}/qemu-virt.dts").read() + I2C_BUSES % ocores_children)
        rc, out, err = tool("--decisions", "--hart", "qemu-virt", path)
        expect(rc == 0, f"exit status {rc}: {err[:200]}")
        return out, [l[13:] for l in decisions(out) if l.startswith(("i2c        : ", "           : i2c@"))]

    @test("I2C: each controller's model completes its PMIC's probe; the wires on the i2c line", "abacus-dryrun")
    def _():
        with tempfile.TemporaryDirectory() as tmp:
            out, buses = i2c_board(tmp, 'pmic@58 { compatible = "dlg,da9063"; reg = <0x58>; };')
        expect(buses == [
            "i2c@10030000 (ocores) to 0x58 pmic@58 (da9063): Sb0 W00 W02 P Sb0 W81 Sb1 R61n P Sb0 W00 W00 P",
            "i2c@10040000 (designware) to 0x36 pmic@36 (axp15060): S6c W32 S6d R00n P",
            "i2c@10050000 (k1) to 0x41 pmic@41 (spacemit-p1): S82 W7e S83 R00n P"], f"i2c lines {buses}")
        # Each probed; the slot keeps the last (include/i2c_reset.h).
        expect(line(out, "drivers").count("pmic@") == 3, line(out, "drivers"))
        expect("spacemit-p1 at 0x41 on i2c@10050000 (shutdown, reboot)" in line(out, "reset"), line(out, "reset"))

    @test("I2C: a device the dry run has no model for answers, its registers reading 0 (said so)", "abacus-dryrun")
    def _():
        # Two nodes at 0x58, the first no chip the dry run knows: it answers, and the DA9063's ID check fails.
        with tempfile.TemporaryDirectory() as tmp:
            out, buses = i2c_board(tmp, 'rtc@58 { compatible = "acme,rtc"; reg = <0x58>; };\n'
                                        'pmic@58 { compatible = "dlg,da9063"; reg = <0x58>; };')
        expect(buses[0] == "i2c@10030000 (ocores) to 0x58 rtc@58 (no model: answers, its registers read 0 until "
               "written): Sb0 W00 W02 P Sb0 W81 Sb1 R00n P", f"i2c lines {buses}")
        expect(any(l.endswith("pmic@58 (da9063): wrong device; not used")
                   for l in decisions(out)), "no not-used line for the DA9063")


    @test("--smode-dtb writes S-mode's DT: the firmware region reserved, no-map", "abacus-dryrun")
    def _():
        with tempfile.TemporaryDirectory() as tmp:
            rc, _, err = tool("--smode-dtb", f"{tmp}/s.dtb", f"{FIXTURES}/qemu-virt.dts")
            expect(rc in (0, 1), f"exit status {rc}: {err[:200]}")
            nodes = subprocess.run(["fdtget", "-l", f"{tmp}/s.dtb", "/reserved-memory"], capture_output=True,
                                   text=True).stdout.split()
            expect("abacus@80000000" in nodes, f"/reserved-memory children {nodes}")


    @test("--fw-base, --boot-hart and --ram move the image, the boot hart and RAM", "abacus-dryrun")
    def _():
        rc, out, _ = tool("--decisions", "--fw-base", "0x80400000", f"{FIXTURES}/qemu-virt.dts")
        expect(line(out, "firmware").startswith("0x80400000-0x8043ffff (256 KiB), loaded at the address asked for"),
               line(out, "firmware"))
        rc, out, _ = tool("--decisions", "--ram", "0x100000000:0x10000000", f"{FIXTURES}/qemu-virt.dts")
        expect(line(out, "RAM") == "0x100000000-0x10fffffff", line(out, "RAM"))
        rc, out, _ = tool("--decisions", "--boot-hart", "3", "--hart", "qemu-virt", "tests/fixtures/aia/"
                          "qemu-virt-aplic-imsic-smp4.dts")
        expect(line(out, "boot").startswith("to the next stage (boot hart 3;"), line(out, "boot"))


    @test("bad options and unreadable input: exit 2, one line on stderr", "abacus-dryrun")
    def _():
        for args in (["--hart", "nosuch", f"{FIXTURES}/qemu-virt.dts"], ["--fw-base", "0x123", f"{FIXTURES}/qemu-virt.dts"],
                     ["--ram", "0x80000000", f"{FIXTURES}/qemu-virt.dts"], ["--boot-hart", "9", f"{FIXTURES}/qemu-virt.dts"],
                     ["/nonexistent.dtb"], []):
            rc, out, err = tool(*args)
            expect(rc == 2 and err.strip(), f"{args}: exit status {rc}, stderr {err[:100]!r}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--regenerate"]:
        regenerate()
        sys.exit(0)
    check_drivers()
    check_fixtures()
    check_firmware_logs()
    check_linux_boards()
    sys.exit(finish("tools (abacus-dryrun)"))
