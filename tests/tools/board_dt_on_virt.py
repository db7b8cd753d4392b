#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""A board's DT on QEMU virt with the board's own console, timer and IPI devices.

    board_dt_on_virt.py BOARD.dts|BOARD.dtb OUT.dtb [--ram BYTES] [--console move|beside]

What moves: RAM (every memory node, /reserved-memory and the /memreserve/
entries out; one /memory@80000000 of --ram bytes in, default 256 MiB), the
console and the timer/IPI devices onto QEMU virt's addresses, KEEPING their
compatible strings, so that the firmware decides as it would on the board
and QEMU's models answer the registers it uses:

- the console (/chosen/stdout-path's node), --console move (default): to
  QEMU's 16550 at 0x10000000, with QEMU's byte spacing (reg-shift 0,
  reg-io-width 1): a 16550-family UART (ns16550a, snps,dw-apb-uart, the K1's
  intel,xscale-uart) prints there. --console beside: left where it is (a
  UART QEMU does not model, such as the RZ/Five's SCIF: its probe finds
  nothing there and refuses it), and a ns16550a at 0x10000000 added after
  it, which the firmware falls back to.
- a CLINT (riscv,clint0, sifive,clint0, thead,c900-clint): to QEMU's CLINT,
  0x2000000, 64 KiB. Its slots must be the harts in hartid order (QEMU's).
- T-Head's ACLINT (the SG2042's): the thead,c900-aclint-mswi node onto
  QEMU's CLINT msip words (0x2000000 + 4 x its first hart's id), each
  thead,c900-aclint-mtimer node onto QEMU's CLINT mtimecmp words
  (0x2004000 + 8 x its first hart's id, 8 bytes a hart). QEMU's CLINT takes
  the 32-bit halves T-Head's MTIMER is written with, and its time is the
  time CSR, which QEMU's harts read in M-mode. Each node's harts must have
  consecutive hartids.
- The Andes PLMT and PLICSW stay where they are: QEMU models neither (an
  MTIMER with mtime right before the first mtimecmp, a PLIC whose pending
  bits software sets), so their probes find nothing and refuse them.

What stays: everything else, the root compatible and model, the cpus and
their ISA strings, the PMU node, the timebase, the reset and PMIC nodes.

The DT is read and written here (no libfdt binding needed); a .dts is
compiled with dtc first. Fails, saying why, when the DT is not one it can
move as described (a console behind a bus that translates addresses, slots
not in hartid order, a kind of timer it does not know).
"""
import argparse
import struct
import subprocess
import sys

FDT_MAGIC = 0xD00DFEED
FDT_BEGIN_NODE, FDT_END_NODE, FDT_PROP, FDT_NOP, FDT_END = 1, 2, 3, 4, 9
QEMU_UART, QEMU_UART_SIZE = 0x10000000, 0x100
QEMU_CLINT, QEMU_CLINT_SIZE = 0x2000000, 0x10000
QEMU_MSIP_SIZE, QEMU_MTIMECMP = 0x4000, 0x2004000
QEMU_RAM = 0x80000000

CLINTS = ("riscv,clint0", "sifive,clint0", "thead,c900-clint")
MSWIS = ("riscv,aclint-mswi", "thead,c900-aclint-mswi")
MTIMERS = ("thead,c900-aclint-mtimer",)
NOT_MOVED = ("andestech,plmt0", "andestech,plicsw")
UNKNOWN_TIMERS = ("riscv,aclint-mtimer",)


class MoveError(Exception):
    pass


class Node:
    def __init__(self, name, parent=None):
        self.name, self.parent, self.props, self.children = name, parent, [], []

    def get(self, name):
        for n, v in self.props:
            if n == name:
                return v
        return None

    def set(self, name, value):
        for i, (n, _) in enumerate(self.props):
            if n == name:
                self.props[i] = (name, value)
                return
        self.props.append((name, value))

    def delete(self, name):
        self.props = [(n, v) for n, v in self.props if n != name]

    def child(self, name):
        return next((c for c in self.children if c.name == name), None)

    def path(self):
        return "/" if self.parent is None else (self.parent.path().rstrip("/") + "/" + self.name)

    def walk(self):
        yield self
        for c in self.children:
            yield from c.walk()

    def strings(self, name):
        v = self.get(name)
        return [] if v is None else [s.decode() for s in v.rstrip(b"\0").split(b"\0")]

    def u32s(self, name):
        v = self.get(name) or b""
        return list(struct.unpack(">%dI" % (len(v) // 4), v[:len(v) // 4 * 4]))

    def compatible_with(self, names):
        return any(c in names for c in self.strings("compatible"))


def parse(blob):
    magic, total, off_struct, off_strings, off_rsv, version = struct.unpack_from(">6I", blob, 0)
    if magic != FDT_MAGIC or version < 17:
        raise MoveError("not a flattened DT of version 17 or later")
    boot_cpuid = struct.unpack_from(">I", blob, 28)[0]

    def string(off):
        end = blob.index(b"\0", off_strings + off)
        return blob[off_strings + off:end].decode()

    pos, root, node = off_struct, None, None
    while True:
        token = struct.unpack_from(">I", blob, pos)[0]
        pos += 4
        if token == FDT_BEGIN_NODE:
            end = blob.index(b"\0", pos)
            name = blob[pos:end].decode()
            pos = (end + 4) & ~3
            new = Node(name, node)
            if node is None:
                root = new
            else:
                node.children.append(new)
            node = new
        elif token == FDT_END_NODE:
            node = node.parent
        elif token == FDT_PROP:
            length, nameoff = struct.unpack_from(">II", blob, pos)
            pos += 8
            node.props.append((string(nameoff), bytes(blob[pos:pos + length])))
            pos = (pos + length + 3) & ~3
        elif token == FDT_NOP:
            continue
        elif token == FDT_END:
            return root, boot_cpuid
        else:
            raise MoveError("bad token 0x%x at 0x%x" % (token, pos - 4))


def serialize(root, boot_cpuid):
    strings, offsets, out = bytearray(), {}, bytearray()

    def name_off(name):
        if name not in offsets:
            offsets[name] = len(strings)
            strings.extend(name.encode() + b"\0")
        return offsets[name]

    def emit(node):
        out.extend(struct.pack(">I", FDT_BEGIN_NODE))
        out.extend(node.name.encode() + b"\0")
        out.extend(b"\0" * (-len(out) % 4))
        for name, value in node.props:
            out.extend(struct.pack(">III", FDT_PROP, len(value), name_off(name)))
            out.extend(value)
            out.extend(b"\0" * (-len(out) % 4))
        for c in node.children:
            emit(c)
        out.extend(struct.pack(">I", FDT_END_NODE))

    emit(root)
    out.extend(struct.pack(">I", FDT_END))
    rsv = struct.pack(">QQ", 0, 0)                    # no /memreserve/ entries
    off_rsv = 40
    off_struct = off_rsv + len(rsv)
    off_strings = off_struct + len(out)
    total = off_strings + len(strings)
    header = struct.pack(">10I", FDT_MAGIC, total, off_struct, off_strings, off_rsv, 17, 16, boot_cpuid,
                         len(strings), len(out))
    return header + rsv + bytes(out) + bytes(strings)


def cells(node, name, default):
    v = node.u32s(name) if node is not None else []
    return v[0] if v else default


def set_reg(node, base, size):
    parent = node.parent
    ac, sc = cells(parent, "#address-cells", 2), cells(parent, "#size-cells", 1)
    words = [(base >> (32 * i)) & 0xFFFFFFFF for i in reversed(range(ac))]
    words += [(size >> (32 * i)) & 0xFFFFFFFF for i in reversed(range(sc))]
    node.set("reg", struct.pack(">%dI" % len(words), *words))


def check_untranslated(node):
    """The node's reg is a CPU address: every bus above it has an empty ranges."""
    p = node.parent
    while p is not None and p.parent is not None:
        r = p.get("ranges")
        if r is None or len(r):
            raise MoveError("%s: bus %s translates addresses (ranges); not moved" % (node.path(), p.path()))
        p = p.parent


def by_path(root, path):
    node = root
    for part in [p for p in path.split("/") if p]:
        node = node.child(part)
        if node is None:
            return None
    return node


def stdout_node(root):
    chosen = root.child("chosen")
    path = chosen.strings("stdout-path")[0] if chosen and chosen.get("stdout-path") else None
    if not path:
        raise MoveError("no /chosen/stdout-path")
    path = path.split(":")[0]
    if not path.startswith("/"):
        aliases = root.child("aliases")
        target = aliases.strings(path) if aliases else []
        if not target:
            raise MoveError("stdout-path alias %s not in /aliases" % path)
        path = target[0]
    node = by_path(root, path)
    if node is None:
        raise MoveError("stdout-path %s: no such node" % path)
    return node


def hartids_of(root, node):
    """For each interrupts-extended pair <phandle irq>: the hartid of the cpu whose controller it names."""
    by_phandle = {}
    for n in root.walk():
        for prop in ("phandle", "linux,phandle"):
            if n.get(prop):
                by_phandle[n.u32s(prop)[0]] = n
    ie = node.u32s("interrupts-extended")
    ids = []
    for i in range(0, len(ie) - 1, 2):
        intc = by_phandle.get(ie[i])
        cpu = intc.parent if intc is not None else None
        if cpu is None or cpu.strings("device_type") != ["cpu"]:
            raise MoveError("%s: interrupts-extended entry %d names no cpu" % (node.path(), i // 2))
        ids.append((cpu.u32s("reg")[-1], ie[i + 1]))
    return ids


def harts_in_slots(root, node):
    """The hartids, one per slot (a phandle counted once), checked consecutive."""
    slots = []
    for hartid, _ in hartids_of(root, node):
        if not slots or slots[-1] != hartid:
            slots.append(hartid)
    if not slots or slots != list(range(slots[0], slots[0] + len(slots))):
        raise MoveError("%s: its harts are not consecutive hartids (%s)" % (node.path(), slots))
    return slots


def move(root, ram, console):
    notes = []
    # RAM.
    for n in list(root.walk()):
        if n.parent is not None and (n.strings("device_type") == ["memory"] or n.path() == "/reserved-memory"):
            n.parent.children.remove(n)
    memory = Node("memory@%x" % QEMU_RAM, root)
    memory.set("device_type", b"memory\0")
    set_reg(memory, QEMU_RAM, ram)
    root.children.insert(0, memory)

    # The console.
    uart = stdout_node(root)
    if console == "move":
        check_untranslated(uart)
        set_reg(uart, QEMU_UART, QEMU_UART_SIZE)
        uart.set("reg-shift", struct.pack(">I", 0))
        uart.set("reg-io-width", struct.pack(">I", 1))
        uart.set("status", b"okay\0")
        notes.append("console %s (%s) on QEMU's 16550" % (uart.path(), " ".join(uart.strings("compatible"))))
    else:
        qemu = Node("serial@%x" % QEMU_UART, root)
        qemu.set("compatible", b"ns16550a\0")
        set_reg(qemu, QEMU_UART, QEMU_UART_SIZE)
        root.children.append(qemu)
        notes.append("console %s (%s) left at its address; QEMU's 16550 added after it"
                     % (uart.path(), " ".join(uart.strings("compatible"))))

    # Timers and IPIs.
    for n in list(root.walk()):
        if n.compatible_with(UNKNOWN_TIMERS):
            raise MoveError("%s: %s is not moved by this tool" % (n.path(), n.strings("compatible")))
        if n.compatible_with(CLINTS):
            check_untranslated(n)
            slots = harts_in_slots(root, n)
            if slots[0] != 0:
                raise MoveError("%s: slot 0 is hart %d, not hart 0 (QEMU's CLINT)" % (n.path(), slots[0]))
            set_reg(n, QEMU_CLINT, QEMU_CLINT_SIZE)
            notes.append("%s (%s) on QEMU's CLINT" % (n.path(), n.strings("compatible")[-1]))
        elif n.compatible_with(MSWIS):
            check_untranslated(n)
            slots = harts_in_slots(root, n)
            set_reg(n, QEMU_CLINT + 4 * slots[0], QEMU_MSIP_SIZE - 4 * slots[0])
            notes.append("%s (%s) on QEMU's msip words of harts %d-%d"
                         % (n.path(), n.strings("compatible")[-1], slots[0], slots[-1]))
        elif n.compatible_with(MTIMERS):
            check_untranslated(n)
            slots = harts_in_slots(root, n)
            set_reg(n, QEMU_MTIMECMP + 8 * slots[0], 8 * len(slots))
            notes.append("%s (%s) on QEMU's mtimecmp words of harts %d-%d"
                         % (n.path(), n.strings("compatible")[-1], slots[0], slots[-1]))
        elif n.compatible_with(NOT_MOVED):
            notes.append("%s (%s) left at its address: QEMU has no such device"
                         % (n.path(), n.strings("compatible")[0]))
    return notes


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("board")
    ap.add_argument("out")
    ap.add_argument("--ram", type=lambda s: int(s, 0), default=0x10000000)
    ap.add_argument("--console", choices=("move", "beside"), default="move")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    try:
        if args.board.endswith(".dts"):
            blob = subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", args.board], check=True,
                                  capture_output=True).stdout
        else:
            with open(args.board, "rb") as f:
                blob = f.read()
        root, boot_cpuid = parse(blob)
        notes = move(root, args.ram, args.console)
    except (MoveError, subprocess.CalledProcessError, OSError) as e:
        print("board_dt_on_virt: %s: %s" % (args.board, e), file=sys.stderr)
        return 1
    with open(args.out, "wb") as f:
        f.write(serialize(root, boot_cpuid))
    if not args.quiet:
        for note in notes:
            print("board_dt_on_virt: %s" % note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
