#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Firmware memory canary for the random SBI stress run (docs/reliability.md).

S-mode cannot read the firmware region (PMP), so the stress payload cannot
check it itself. This script runs tests/payloads/stress_random.c under QEMU
with a monitor socket and `-append stress.canary`: the payload stops before
and after its random calls (STRESS-CANARY-BEGIN / -END, waiting for a
console byte), and at each stop the script saves the firmware region
(monitor `pmemsave`). Then, from the firmware ELF:

  - every read-only section (.text, .rodata) must equal the ELF's bytes, with
    the relocations firmware/entry.S applies at boot (the pointers in
    .rodata), at both stops;
  - the tables set at boot that decide what S-mode may reach and how calls
    are dispatched (memory_map, pmu_event_map, pmu_platform, the hart
    tables, boot_info, ...) must be unchanged between the stops;
  - the heap (the DT copy, the hart tables) must be unchanged between the
    stops, except the per-hart blocks (each hart's M-mode stack and state)
    and the per-hart SBI 3.0 state (SSE events, FWFT values, DBTR triggers:
    one array, allocated by firmware/boot.c right after hart_sp_table and
    before the first hart block);
  - other firmware data that changed is listed, for information.

The machine's DT is QEMU's own with /chosen/abacus,pmu-snapshot added (the
payload calls snapshot memory too, which the firmware offers only when asked).

Prints one line, "PASS: stress-canary: ..." or "FAIL: stress-canary: ...".
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from qemu_monitor import Monitor  # noqa: E402

# Set at boot, read-only after: what S-mode may reach, the dispatch, the harts.
BOOT_TABLES = [
    "memory_map", "pmu_event_map", "pmu_platform", "hart_table", "hart_count", "hart_sp_table",
    "hart_sp_table_len", "boot_hartid", "boot_info", "heap_next", "heap_limit",
]
# ... and fields of symbols whose other fields change at run time: (symbol, offset, bytes).
BOOT_FIELDS = [
    ("console", 0, 8),   # the console device (lib/core/console.c: its first field)
]
HART_BLOCK_SIZE = 2048
CROSS = os.environ.get("CROSS_COMPILE", "riscv64-unknown-elf-")


def elf_sections(elf, with_relocs=False):
    """(name, addr, size, offset) of each allocated read-only PROGBITS section; the packed
    relocations (.rela.dyn, which BSS overlays once they are applied) only with_relocs."""
    out = subprocess.run([CROSS + "readelf", "-S", "-W", elf], capture_output=True, text=True,
                         check=True).stdout
    sections = []
    for line in out.splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+(\S+)\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)\s+\S+\s+(\S*)",
                     line)
        if not m:
            continue
        name, kind, addr, off, size, flags = m.groups()
        if kind == "PROGBITS" and "A" in flags and "W" not in flags and (with_relocs or name != ".rela.dyn"):
            sections.append((name, int(addr, 16), int(size, 16), int(off, 16)))
    return sections


def elf_symbols(elf):
    """name -> (addr, size) of data symbols, and the sorted list for address lookups."""
    out = subprocess.run([CROSS + "nm", "-S", elf], capture_output=True, text=True, check=True).stdout
    symbols = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "bBdD":
            symbols[parts[3]] = (int(parts[0], 16), int(parts[1], 16))
        elif len(parts) == 3 and parts[1] in "bBdDtTrR":
            symbols.setdefault(parts[2], (int(parts[0], 16), 0))
    return symbols


def elf_relocations(elf):
    """(address, link-time address) of each word the packed relocation table names
    (scripts/pack-relocs.py): entry.S adds the load offset to each."""
    data = open(elf, "rb").read()
    relocs = []
    for name, addr, size, off in elf_sections(elf, with_relocs=True):
        if name != ".rela.dyn":
            continue
        sections = elf_sections(elf)
        link_start = elf_symbols(elf)["_fw_start"][0]
        p, pos = link_start, off
        while True:
            d = int.from_bytes(data[pos:pos + 2], "little")
            pos += 2
            if d == 0:
                return relocs
            p += 8 * d
            for _, saddr, ssize, soff in sections:
                if saddr <= p < saddr + ssize:
                    relocs.append((p, u64(data, soff + p - saddr)))
    return relocs


def u64(data, offset):
    return int.from_bytes(data[offset:offset + 8], "little")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--smp", type=int, default=8)
    ap.add_argument("--calls", type=int, default=2000, help="random calls per hart")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--qemu", default=os.environ.get("QEMU", "qemu-system-riscv64"))
    ap.add_argument("--cpu", default=None, help="QEMU -cpu value")
    args = ap.parse_args()

    fw_elf = os.path.join(args.build, "generic", "abacus.elf")
    fw_bin = os.path.join(args.build, "generic", "abacus.bin")
    payload = os.path.join(args.build, "payloads", "stress_random.elf")
    workdir = os.path.join(args.build, "fuzz")
    os.makedirs(workdir, exist_ok=True)
    log_path = os.path.join(workdir, "stress-canary.log")
    name = "stress-canary"

    def fail(why):
        print(f"FAIL: {name}: {why} (log: {log_path})")
        sys.exit(1)

    for f in (fw_elf, fw_bin, payload):
        if not os.path.exists(f):
            fail(f"{f} not built")

    sock_dir = tempfile.mkdtemp(prefix="abacus-canary-")
    sock_path = os.path.join(sock_dir, "monitor.sock")
    cmd = [args.qemu, "-M", "virt", "-nographic", "-no-reboot", "-bios", fw_bin, "-kernel", payload,
           "-smp", str(args.smp), "-append", f"stress.canary stress.calls={args.calls} stress.seed={args.seed}"]
    if args.cpu:
        cmd += ["-cpu", args.cpu]
    # QEMU's DT for this very machine, with the firmware's snapshot opt-in.
    dtb = os.path.join(workdir, "stress-canary.dtb")
    if (subprocess.run(cmd + ["-M", f"virt,dumpdtb={dtb}"], stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0 or
            subprocess.run(["fdtput", dtb, "/chosen", "abacus,pmu-snapshot"]).returncode != 0):
        fail("could not make the DT with /chosen/abacus,pmu-snapshot (QEMU dumpdtb, fdtput)")
    cmd += ["-dtb", dtb, "-monitor", f"unix:{sock_path},server=on,wait=off"]
    log = open(log_path, "wb")
    log.write((" ".join(cmd) + "\n").encode())
    qemu = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    timer = threading.Timer(args.timeout, qemu.kill)
    timer.start()

    dumps = {}
    fw_region = None
    text = b""
    try:
        monitor = None
        line = b""
        while True:
            byte = qemu.stdout.read(1)
            if not byte:
                break
            log.write(byte)
            text += byte
            if byte != b"\n":
                line += byte
                continue
            s = line.decode(errors="replace").strip()
            line = b""
            m = re.search(r"firmware 0x([0-9a-f]+)\+0x([0-9a-f]+)", s)
            if s.startswith("STRESS:") and m:
                fw_region = (int(m.group(1), 16), int(m.group(2), 16))
            for marker, key in (("STRESS-CANARY-BEGIN", "begin"), ("STRESS-CANARY-END", "end")):
                if s == marker:
                    if fw_region is None:
                        fail("the payload did not say where the firmware region is")
                    if monitor is None:
                        monitor = Monitor(sock_path, wait_s=10)
                    path = os.path.abspath(os.path.join(workdir, f"canary-{key}.bin"))
                    reply = monitor.command(f"pmemsave 0x{fw_region[0]:x} 0x{fw_region[1]:x} \"{path}\"")
                    if not os.path.exists(path):
                        fail("pmemsave failed: " + reply.strip()[-200:])
                    with open(path, "rb") as f:
                        dumps[key] = f.read()
                    qemu.stdin.write(b"g")
                    qemu.stdin.flush()
        qemu.wait()
    finally:
        timer.cancel()
        log.close()
        if qemu.poll() is None:
            qemu.kill()
        try:
            os.unlink(sock_path)
            os.rmdir(sock_dir)
        except OSError:
            pass

    out = text.decode(errors="replace")
    summary = re.search(r"STRESS-SUMMARY .*", out)
    if "PAYLOAD-PASS stress_random" not in out:
        fail("the stress payload did not pass" + (f" ({summary.group(0)})" if summary else ""))
    if "begin" not in dumps or "end" not in dumps:
        fail("the payload never stopped for the canary")
    base, size = fw_region
    begin, end = dumps["begin"], dumps["end"]
    if len(begin) != size or len(end) != size:
        fail("short firmware dump")

    # 1. The read-only image, as linked and relocated where it runs.
    elf = open(fw_elf, "rb").read()
    link_start = elf_symbols(fw_elf)["_fw_start"][0]
    relocs = elf_relocations(fw_elf)
    ro_bytes = 0
    for sec, addr, length, off in elf_sections(fw_elf):
        want = bytearray(elf[off:off + length])
        for where, addend in relocs:
            if addr <= where < addr + length:
                want[where - addr:where - addr + 8] = (addend + base - link_start).to_bytes(8, "little")
        want = bytes(want)
        for key, dump in (("begin", begin), ("end", end)):
            got = dump[addr - base:addr - base + length]
            if got != want:
                first = next(i for i in range(length) if got[i] != want[i])
                fail(f"{sec} differs from the ELF at 0x{addr + first:x} ({key} of the run)")
        ro_bytes += length

    # 2. Boot-time tables; 3. the heap without the hart blocks.
    symbols = elf_symbols(fw_elf)
    checked = 0
    for sym in BOOT_TABLES:
        if sym not in symbols or not symbols[sym][1]:
            continue
        addr, length = symbols[sym]
        if begin[addr - base:addr - base + length] != end[addr - base:addr - base + length]:
            fail(f"boot-time table {sym} changed during the run")
        checked += length
    for sym, offset, length in BOOT_FIELDS:
        if sym not in symbols:
            fail(f"no symbol {sym} in the firmware: BOOT_FIELDS is stale")
            continue
        addr = symbols[sym][0] + offset
        if begin[addr - base:addr - base + length] != end[addr - base:addr - base + length]:
            fail(f"boot-time field {sym}+{offset} changed during the run")
        checked += length
    heap_start = symbols.get("_fw_end", (0, 0))[0]
    heap_end = u64(end, symbols["heap_next"][0] - base) if "heap_next" in symbols else heap_start
    hart_blocks = set()
    if "hart_table" in symbols and "hart_count" in symbols:
        table = u64(end, symbols["hart_table"][0] - base)
        count = int.from_bytes(end[symbols["hart_count"][0] - base:][:4], "little")
        for i in range(count):
            hart_blocks.add(u64(end, table - base + 8 * i) & ~(HART_BLOCK_SIZE - 1))
    ext_start = ext_end = 0
    if hart_blocks and "hart_sp_table" in symbols and "hart_sp_table_len" in symbols:
        sp_table = u64(end, symbols["hart_sp_table"][0] - base)
        sp_len = u64(end, symbols["hart_sp_table_len"][0] - base)
        ext_start = sp_table + 8 * sp_len
        ext_end = min(hart_blocks)
    for addr in range(heap_start, min(heap_end, base + size)):
        if addr & ~(HART_BLOCK_SIZE - 1) in hart_blocks or ext_start <= addr < ext_end:
            continue
        if begin[addr - base] != end[addr - base]:
            fail(f"firmware heap changed at 0x{addr:x} (outside the hart blocks)")
        checked += 1

    # Information: the rest of .data/.bss that changed.
    changed = []
    for sym, (addr, length) in sorted(symbols.items(), key=lambda kv: kv[1][0]):
        if length and base <= addr < heap_start and addr + length <= base + size:
            if begin[addr - base:addr - base + length] != end[addr - base:addr - base + length]:
                changed.append(sym)
    calls = re.search(r"calls=(\d+)", summary.group(0)).group(1) if summary else "?"
    print(f"PASS: {name}: {calls} random calls on {args.smp} harts; read-only image ({ro_bytes} bytes) as "
          f"linked, boot tables and heap ({checked} bytes) unchanged; changed as expected: "
          f"{', '.join(changed) or 'nothing'}, {len(hart_blocks)} hart blocks, "
          f"per-hart SBI 3.0 state ({ext_end - ext_start} bytes)")


if __name__ == "__main__":
    main()
