#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""
The ecall dispatch table, generated from the build's SBI_EXTENSION() entries
(include/sbi_ecall.h, docs/architecture.md "Adding an extension").

    scripts/gen-ecall-table.py OUT.c OBJECT...

Reads the section abacus_sbi_ext of every object (ELF64, little-endian: the
firmware's RISC-V objects or a host build's x86-64 ones): each entry is the
EID, then the handler, name and availability check as relocations. It then
picks the table's multiplier: an odd 64-bit number such that the high 64
bits of eid * multiplier, masked to a slot's byte offset (sbi_ecall_slot_at(),
include/sbi_ecall.h, SBI_EXT_HASH_BITS slots of 32 bytes), give every
extension a slot of its own. Multipliers come from a fixed sequence, so the
same extensions always make the same table. Writes OUT.c (only when its
content changes).

Fails with one line saying why when an entry is malformed (a static handler,
an EID in the legacy range or above 32 bits), when two entries claim one
EID, or when no multiplier tried fits them in the slots.
"""
import os
import re
import struct
import sys

SECTION = "abacus_sbi_ext"
ENTRY_SIZE = 32            # struct sbi_ext: eid, handler, name, available
HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "include", "sbi_ecall.h")
TRIES = 1000000            # multipliers tried
LEGACY_LAST = 0x0F         # SBI_EXT_LEGACY_LAST
EMPTY_HANDLER = "sbi_ecall_legacy_eid0"

R_64 = {("riscv", 2), ("x86_64", 1)}   # R_RISCV_64, R_X86_64_64
MACHINES = {243: "riscv", 62: "x86_64"}


def fail(msg):
    sys.stderr.write("gen-ecall-table: %s\n" % msg)
    sys.exit(1)


class Elf:
    def __init__(self, path):
        self.path = path
        with open(path, "rb") as f:
            self.data = f.read()
        d = self.data
        if d[:4] != b"\x7fELF" or d[4] != 2 or d[5] != 1:
            fail("%s: not a 64-bit little-endian ELF object" % path)
        self.machine = MACHINES.get(struct.unpack_from("<H", d, 0x12)[0], "other")
        shoff, = struct.unpack_from("<Q", d, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 0x3A)
        self.sections = []
        for i in range(shnum):
            (name, stype, flags, addr, off, size, link, info, align,
             entsize) = struct.unpack_from("<IIQQQQIIQQ", d, shoff + i * shentsize)
            self.sections.append(dict(name=name, type=stype, off=off, size=size, link=link, info=info))
        strtab = self.sections[shstrndx]
        for s in self.sections:
            s["name"] = self.cstr(strtab["off"] + s["name"])

    def cstr(self, off):
        return self.data[off:self.data.index(b"\0", off)].decode()

    def symbols(self, symtab):
        strtab = self.sections[symtab["link"]]
        syms = []
        for off in range(symtab["off"], symtab["off"] + symtab["size"], 24):
            name, info, other, shndx, value, size = struct.unpack_from("<IBBHQQ", self.data, off)
            syms.append(dict(name=self.cstr(strtab["off"] + name), bind=info >> 4, shndx=shndx, value=value))
        return syms

    def string_at(self, sym, addend):
        """The NUL-terminated string a relocation against sym + addend points to."""
        if sym["shndx"] == 0 or sym["shndx"] >= len(self.sections):
            return None
        sec = self.sections[sym["shndx"]]
        off = sec["off"] + sym["value"] + addend
        if not sec["off"] <= off < sec["off"] + sec["size"]:
            return None
        return self.cstr(off)

    def entries(self):
        """[(eid, handler, name, available)] of this object's abacus_sbi_ext section."""
        idx = next((i for i, s in enumerate(self.sections) if s["name"] == SECTION), None)
        if idx is None:
            return []
        sec = self.sections[idx]
        if sec["size"] % ENTRY_SIZE:
            fail("%s: section %s is %d bytes, not whole %d-byte entries" % (self.path, SECTION, sec["size"],
                                                                          ENTRY_SIZE))
        rela = next((s for s in self.sections if s["type"] == 4 and s["info"] == idx), None)   # SHT_RELA
        if rela is None:
            fail("%s: section %s has no relocations (no handler?)" % (self.path, SECTION))
        syms = self.symbols(self.sections[rela["link"]])
        relocs = {}
        for off in range(rela["off"], rela["off"] + rela["size"], 24):
            r_offset, r_info, r_addend = struct.unpack_from("<QQq", self.data, off)
            relocs[r_offset] = (syms[r_info >> 32], r_info & 0xffffffff, r_addend)
        found = []
        for at in range(0, sec["size"], ENTRY_SIZE):
            eid, = struct.unpack_from("<Q", self.data, sec["off"] + at)
            where = "%s: the SBI_EXTENSION entry of EID 0x%x" % (self.path, eid)
            handler, name, available = relocs.get(at + 8), relocs.get(at + 16), relocs.get(at + 24)
            if handler is None or (self.machine, handler[1]) not in R_64 or handler[2] != 0:
                fail("%s names no handler function" % where)
            for what, r in (("handler", handler), ("availability check", available)):
                if r and r[0]["bind"] not in (1, 2):
                    fail("%s: its %s %s is static; the generated table must name it: make it global" %
                         (where, what, r[0]["name"] or "(a local symbol)"))
            if available and ((self.machine, available[1]) not in R_64 or available[2] != 0):
                fail("%s: its availability check is not a function" % where)
            name = name and (self.machine, name[1]) in R_64 and self.string_at(name[0], name[2])
            if not name or not re.fullmatch(r"[A-Za-z0-9_-]+", name):
                fail("%s has no name (a string of letters, digits, - and _)" % where)
            if eid <= LEGACY_LAST:
                fail("%s: EIDs 0x00-0x%02X are the legacy extensions' (lib/ext/legacy/)" % (where, LEGACY_LAST))
            if eid > 0xFFFFFFFF:
                fail("%s: an EID is 32 bits (SBI chapter 3)" % where)
            found.append((eid, handler[0]["name"], name, available[0]["name"] if available else None))
        return found


def multipliers():
    """A fixed sequence of odd 64-bit multipliers (xorshift64*, seed 1)."""
    x = 1
    while True:
        x ^= (x >> 12)
        x ^= (x << 25) & 0xFFFFFFFFFFFFFFFF
        x ^= (x >> 27)
        yield (x * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF | 1


def header_define(name):
    with open(HEADER) as f:
        for line in f:
            m = re.match(r"#define\s+%s\s+([0-9]+)" % name, line)
            if m:
                return int(m.group(1))
    fail("%s defines no %s" % (HEADER, name))


def slot_of(eid, mult, bits, shift):
    return ((eid * mult) >> 64 >> shift) & ((1 << bits) - 1)


def pick(eids, bits, shift):
    if len(eids) > 1 << bits:
        fail("%d extensions do not fit the table's %d slots: raise SBI_EXT_HASH_BITS (include/sbi_ecall.h)" %
             (len(eids), 1 << bits))
    seq = multipliers()
    for _ in range(TRIES):
        mult = next(seq)
        if len({slot_of(e, mult, bits, shift) for e in eids}) == len(eids):
            return mult
    fail("none of %d multipliers gives each of the %d extensions (EIDs %s) a slot of its own among %d: raise "
         "SBI_EXT_HASH_BITS (include/sbi_ecall.h)" % (TRIES, len(eids), " ".join("0x%x" % e for e in sorted(eids)),
                                                      1 << bits))


def write_if_changed(path, text):
    try:
        with open(path) as f:
            if f.read() == text:
                return
    except FileNotFoundError:
        pass
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__.strip().splitlines()[3].strip() + "\n")
        return 2
    out, objects = argv[1], argv[2:]
    exts, owner = [], {}
    for obj in objects:
        for ext in Elf(obj).entries():
            eid, handler = ext[0], ext[1]
            if eid in owner:
                fail("EID 0x%x is declared twice: by %s (%s) and by %s (%s)" % (eid, owner[eid][0], owner[eid][1],
                                                                             obj, handler))
            owner[eid] = (obj, handler)
            exts.append(ext)
    if not exts:
        fail("no SBI_EXTENSION entry in the %d objects given" % len(objects))
    bits, shift = header_define("SBI_EXT_HASH_BITS"), header_define("SBI_EXT_ENTRY_SHIFT")
    mult = pick([e[0] for e in exts], bits, shift)
    slots = {slot_of(ext[0], mult, bits, shift): ext for ext in exts}

    sig = "unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long"
    c = ["/* Generated by scripts/gen-ecall-table.py from this build's SBI_EXTENSION entries: do not edit. */",
         '#include "sbi_ecall.h"', ""]
    for eid, handler, name, available in sorted(exts):
        c.append("struct sbiret %s(%s);" % (handler, sig))
        if available:
            c.append("bool %s(void);" % available)
    c += ["", "const struct sbi_extension_table sbi_extension_table = {",
          "\t.hash_mult = 0x%016xUL," % mult, "\t.slot = {"]
    for i in range(1 << bits):
        if i in slots:
            eid, handler, name, available = slots[i]
            c.append('\t\t[%2d] = { 0x%x, %s, "%s", %s },' % (i, eid, handler, name, available or "0"))
        else:
            c.append("\t\t[%2d] = { 0, %s, 0, 0 }," % (i, EMPTY_HANDLER))
    c += ["\t},", "};", ""]
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    write_if_changed(out, "\n".join(c))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
