#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Reads the firmware's fatal trap record out of a running QEMU, as a debugger would.

usage: qemu-fatal-record.py MONITOR_SOCKET FIRMWARE_ELF [LOAD_ADDRESS]

MONITOR_SOCKET is QEMU's human monitor on a Unix socket (-monitor
unix:PATH,server=on,wait=off); FIRMWARE_ELF gives the address of the symbol
abacus_fatal_trap (include/trap_report.h, struct fatal_trap_record), moved
by LOAD_ADDRESS - the link address when the image runs elsewhere (default
0x80000000, where -bios puts it). Prints one line when the record is complete
(its magic is "FATALTRP"):

  abacus_fatal_trap: hart H mcause 0x.. mepc 0x.. mtval 0x.. count N nested N why 'text'

and nothing when there is none yet (exit 1). tests/run-qemu.sh runs it for
the cases with record=yes and adds the line to the case's log.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from qemu_monitor import Monitor  # noqa: E402

FATAL_TRAP_MAGIC = 0x5052544C41544146
RECORD_WORDS = 8  # magic, hartid, mcause, mepc, mtval, why, count, nested


def symbol(elf, name):
    out = subprocess.run(["nm", elf], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] == name:
            return int(parts[0], 16)
    raise SystemExit(f"qemu-fatal-record: no symbol {name} in {elf}")


def words(mon, addr, count):
    """count 64-bit words of guest physical memory at addr."""
    out = mon.command(f"xp /{count}gx {addr:#x}")
    values = [int(v, 16) for v in re.findall(r"0x[0-9a-fA-F]{16}", out.split("\n", 1)[-1])]
    return values[:count]


def main():
    if len(sys.argv) not in (3, 4):
        raise SystemExit(__doc__)
    sock, elf = sys.argv[1], sys.argv[2]
    load = int(sys.argv[3], 0) if len(sys.argv) == 4 else 0x80000000
    delta = load - symbol(elf, "_fw_start")
    try:
        mon = Monitor(sock, timeout_s=5)
    except RuntimeError as e:
        raise SystemExit(f"qemu-fatal-record: {e}")
    rec = words(mon, symbol(elf, "abacus_fatal_trap") + delta, RECORD_WORDS)
    if len(rec) != RECORD_WORDS or rec[0] != FATAL_TRAP_MAGIC:
        return 1
    magic, hartid, mcause, mepc, mtval, why, count, nested = rec
    text = b""
    # The string lives in the image: read it (bounded) word by word.
    for word in words(mon, why, 16) if why else []:
        chunk = word.to_bytes(8, "little")
        text += chunk.split(b"\0", 1)[0]
        if b"\0" in chunk:
            break
    print(f"abacus_fatal_trap: hart {hartid} mcause {mcause:#x} mepc {mepc:#x} mtval {mtval:#x} "
          f"count {count} nested {nested} why '{text.decode(errors='replace')}'")
    return 0


if __name__ == "__main__":
    sys.exit(main())
