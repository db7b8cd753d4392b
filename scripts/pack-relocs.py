#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""
Packs the firmware's relocations after the link (Makefile, after
scripts/check-relocs.sh), in place in the ELF.

The linker leaves R_RISCV_RELATIVE entries in .rela.dyn: 24 bytes each
({offset, info, addend}, 205 of them: 4.9 KB, 5 % of the image), and zeros
in the words they fill. This writes each addend (the link-time address) into
its word and replaces .rela.dyn with the word distances between relocated
words, 16 bits each, ending with 0:

    p = _fw_start; for each d: p += 8 * d; *p += load address - link address

which firmware/entry.S applies. The section shrinks to the packed table
(its type becomes PROGBITS: readelf -r shows nothing left to do), and so do
the image segment and abacus.bin when .rela.dyn ends the image.

   usage: scripts/pack-relocs.py ELF
Fails (and removes the ELF) on anything it cannot pack: a relocation other
than R_RISCV_RELATIVE, a target outside the image's file contents or not
8-byte aligned, two words more than 65535 words apart.
"""
import os
import struct
import sys

SHT_PROGBITS, SHT_RELA, SHT_NOBITS = 1, 4, 8
R_RISCV_RELATIVE = 3


def fail(elf, why):
    print(f"pack-relocs: {elf}: {why}", file=sys.stderr)
    os.remove(elf)
    sys.exit(1)


def main():
    path = sys.argv[1]
    data = bytearray(open(path, "rb").read())
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        fail(path, "not a 64-bit little-endian ELF")
    e_phoff, e_shoff = struct.unpack_from("<QQ", data, 0x20)
    e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx = struct.unpack_from("<HHHHH", data, 0x36)

    def section(i):
        name, typ, flags, addr, off, size = struct.unpack_from("<IIQQQQ", data, e_shoff + i * e_shentsize)
        return {"i": i, "name": name, "type": typ, "addr": addr, "off": off, "size": size}

    sections = [section(i) for i in range(e_shnum)]
    strtab = sections[e_shstrndx]

    def name_of(s):
        start = strtab["off"] + s["name"]
        return data[start:data.index(0, start)].decode()

    rela = [s for s in sections if name_of(s) == ".rela.dyn"]
    text = [s for s in sections if name_of(s) == ".text"]
    if len(rela) != 1 or rela[0]["type"] != SHT_RELA or not text:
        fail(path, "no .rela.dyn of type RELA (packed already, or not the firmware's link)")
    rela, image_start = rela[0], text[0]["addr"]

    def file_offset(addr):
        for s in sections:
            if s["type"] == SHT_PROGBITS and s["addr"] <= addr and addr + 8 <= s["addr"] + s["size"]:
                return s["off"] + addr - s["addr"]
        return None

    offsets = []
    for k in range(rela["size"] // 24):
        r_offset, r_info, r_addend = struct.unpack_from("<QQq", data, rela["off"] + 24 * k)
        if r_info & 0xffffffff != R_RISCV_RELATIVE:
            fail(path, f"relocation type {r_info & 0xffffffff} at 0x{r_offset:x}: only R_RISCV_RELATIVE is packed")
        where = file_offset(r_offset)
        if where is None or r_offset % 8:
            fail(path, f"relocated word 0x{r_offset:x} is not an aligned word of the image's contents")
        struct.pack_into("<q", data, where, r_addend)
        offsets.append(r_offset)

    packed = bytearray()
    prev = image_start
    for off in sorted(offsets):
        words = (off - prev) // 8
        if not 0 < words <= 0xffff:
            fail(path, f"relocated words 0x{prev:x} and 0x{off:x} are {words} words apart (1..65535 packable)")
        packed += struct.pack("<H", words)
        prev = off
    packed += struct.pack("<H", 0)
    packed += bytes(-len(packed) % 8)
    if len(packed) > rela["size"]:
        fail(path, "the packed table is larger than .rela.dyn")

    # The table in place of the entries, zeros after it; the section (and
    # the segment, when the section ends its contents) shrinks to it.
    data[rela["off"]:rela["off"] + rela["size"]] = packed + bytes(rela["size"] - len(packed))
    saved = rela["size"] - len(packed)
    hdr = e_shoff + rela["i"] * e_shentsize
    struct.pack_into("<I", data, hdr + 4, SHT_PROGBITS)
    struct.pack_into("<Q", data, hdr + 0x20, len(packed))   # sh_size
    struct.pack_into("<Q", data, hdr + 0x38, 0)             # sh_entsize
    struct.pack_into("<I", data, hdr + 0x28, 0)             # sh_link
    for p in range(e_phnum):
        ph = e_phoff + p * e_phentsize
        p_offset, p_vaddr, p_paddr, p_filesz, p_memsz = struct.unpack_from("<QQQQQ", data, ph + 8)
        if p_offset + p_filesz == rela["off"] + rela["size"]:
            struct.pack_into("<QQ", data, ph + 0x20, p_filesz - saved, p_memsz - saved if p_memsz == p_filesz else p_memsz)
    with open(path + ".packed", "wb") as f:
        f.write(data)
    os.replace(path + ".packed", path)


if __name__ == "__main__":
    main()
