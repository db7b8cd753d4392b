#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""tests/tools/board_dt_on_virt.py, checked: what it moves where, what it keeps, what it refuses.

One "PASS: tools: ..." / "FAIL: tools: ..." line per check (tests/tools/harness.py).
"""
import atexit
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import board_dt_on_virt as mover  # noqa: E402
from harness import expect, finish, test  # noqa: E402

FIXTURES = "tests/fixtures/boards"
WHAT = "board_dt_on_virt"
tmp = tempfile.mkdtemp(prefix="board-dt-on-virt-")
atexit.register(shutil.rmtree, tmp, True)


def run(src, *args):
    out = os.path.join(tmp, os.path.basename(src) + ".dtb")
    p = subprocess.run([sys.executable, "tests/tools/board_dt_on_virt.py", "--quiet", *args, src, out],
                       capture_output=True, text=True)
    return p.returncode, out, p.stderr


def fdtget(dtb, node, prop, kind="x"):
    p = subprocess.run(["fdtget", "-t", kind, dtb, node, prop], capture_output=True, text=True)
    expect(p.returncode == 0, f"fdtget {node} {prop}: {p.stderr.strip()}")
    return p.stdout.split() if kind == "x" else p.stdout.strip()


def nodes(dtb, path="/"):
    return subprocess.run(["fdtget", "-l", dtb, path], capture_output=True, text=True, check=True).stdout.split()


def reg(dtb, node):
    return [int(x, 16) for x in fdtget(dtb, node, "reg")]


@test("SG2042: T-Head's MSWI on QEMU's msip words, each MTIMER on its harts' mtimecmp words", WHAT)
def pioneer():
    rc, dtb, err = run(f"{FIXTURES}/milkv-pioneer.dts")
    expect(rc == 0, err)
    expect(reg(dtb, "/soc/interrupt-controller@7094000000") == [0, 0x2000000, 0, 0x4000], "MSWI reg")
    for k in range(16):
        node = "/soc/timer@70ac%02x4000" % k
        expect(reg(dtb, node) == [0, 0x2004000 + 32 * k, 0, 32], f"{node} reg {reg(dtb, node)}")
        expect(fdtget(dtb, node, "compatible", "s") == "sophgo,sg2042-aclint-mtimer thead,c900-aclint-mtimer",
               f"{node} compatible")
    expect(reg(dtb, "/soc/serial@7040000000") == [0, 0x10000000, 0, 0x100], "console reg")
    expect(fdtget(dtb, "/soc/serial@7040000000", "reg-shift") == ["0"], "reg-shift")
    expect(fdtget(dtb, "/soc/serial@7040000000", "compatible", "s") == "snps,dw-apb-uart", "console compatible")


@test("K1: the XScale UART and the CLINT moved, their compatible strings kept; one memory node", WHAT)
def k1():
    rc, dtb, err = run(f"{FIXTURES}/bananapi-f3.dts")
    expect(rc == 0, err)
    uart = "/soc/dma-bus/serial@d4017000"
    expect(fdtget(dtb, uart, "compatible", "s") == "spacemit,k1-uart intel,xscale-uart", "console compatible")
    expect(reg(dtb, uart) == [0, 0x10000000, 0, 0x100], "console reg")
    expect(fdtget(dtb, uart, "reg-io-width") == ["1"], "reg-io-width")
    expect(reg(dtb, "/soc/timer@e4000000") == [0, 0x2000000, 0, 0x10000], "CLINT reg")
    memories = [n for n in nodes(dtb) if n.startswith("memory")]
    expect(memories == ["memory@80000000"], f"memory nodes {memories}")
    expect(reg(dtb, "/memory@80000000") == [0, 0x80000000, 0, 0x10000000], "RAM")
    expect("reserved-memory" not in nodes(dtb), "/reserved-memory kept")


@test("RZ/Five: SCIF, PLMT and PLICSW where they are, QEMU's 16550 beside", WHAT)
def rzfive():
    rc, dtb, err = run(f"{FIXTURES}/rzfive-smarc-uboot.dts", "--console", "beside")
    expect(rc == 0, err)
    expect(reg(dtb, "/soc/serial@1004b800") == [0, 0x1004b800, 0, 0x400], "SCIF reg")
    expect(reg(dtb, "/soc/plmt0@110c0000") == [0, 0x110c0000, 0, 0x10000], "PLMT reg")
    expect(reg(dtb, "/soc/interrupt-controller@13000000") == [0, 0x13000000, 0, 0x400000], "PLICSW reg")
    expect(fdtget(dtb, "/serial@10000000", "compatible", "s") == "ns16550a", "QEMU's 16550")
    expect(nodes(dtb)[-1] == "serial@10000000", "the 16550 comes after the SCIF")


@test("a DT read and written unchanged is the same DT (dtc's view)", WHAT)
def round_trip():
    blob = subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", f"{FIXTURES}/milkv-pioneer.dts"],
                          capture_output=True, check=True).stdout
    root, boot_cpuid = mover.parse(blob)
    again = mover.serialize(root, boot_cpuid)

    def dts(b):
        return subprocess.run(["dtc", "-q", "-I", "dtb", "-O", "dts", "-"], input=b, capture_output=True,
                              check=True).stdout
    expect(dts(blob) == dts(again), "the decompiled DTs differ")


SMALL = """/dts-v1/;
/ {
	#address-cells = <2>; #size-cells = <2>;
	chosen { stdout-path = "/soc/serial@1000"; };
	cpus { #address-cells = <1>; #size-cells = <0>;
		cpu@0 { device_type = "cpu"; reg = <0>; i0: interrupt-controller { interrupt-controller; }; };
		cpu@1 { device_type = "cpu"; reg = <1>; i1: interrupt-controller { interrupt-controller; }; };
	};
	soc { #address-cells = <2>; #size-cells = <2>; %s
		serial@1000 { compatible = "ns16550a"; reg = <0 0x1000 0 0x100>; };
		timer@2000 { compatible = "thead,c900-aclint-mtimer"; reg = <0 0x2000 0 0x10>;
			interrupts-extended = <%s>; };
	};
};
"""


def small(ranges, mtimer_harts):
    path = os.path.join(tmp, "small-%d.dts" % len(os.listdir(tmp)))
    with open(path, "w") as f:
        f.write(SMALL % (ranges, mtimer_harts))
    return path


@test("refuses what it cannot move as described", WHAT)
def refusals():
    rc, _, err = run(small("ranges;", "&i0 7 &i1 7"))
    expect(rc == 0, f"a good DT refused: {err}")
    rc, _, err = run(small("ranges;", "&i1 7 &i0 7"))
    expect(rc == 1 and "not consecutive" in err, f"harts out of order: {rc} {err}")
    rc, _, err = run(small("ranges = <0 0 0 0x10000000 0 0x10000>;", "&i0 7 &i1 7"))
    expect(rc == 1 and "translates addresses" in err, f"a translating bus: {rc} {err}")


sys.exit(finish(WHAT))
