#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""A UEFI boot disk as a Debian system on a RISC-V VM has it, built without root.

    tests/linux/make-esp.py --grub grubriscv64.efi --kernel linux \\
        (--initrd initrd.gz | --init init-program) --append "console=ttyS0 ..." --out esp.img

The disk has an MBR partition table with one EFI System Partition (type
0xEF, from sector 2048), a FAT file system made by mtools (mformat, mmd,
mcopy: package mtools), and in it
    /EFI/BOOT/BOOTRISCV64.EFI   GRUB, where UEFI looks on removable media
                                (Debian's grubriscv64.efi from
                                grub-efi-riscv64-unsigned: every module built
                                in, prefix /EFI/debian)
    /EFI/debian/grub.cfg        one entry, no menu, no wait
    /vmlinuz, /initrd.img       the kernel (an EFI-stub Image) and its initrd
With --init the initrd is made here: a newc cpio holding /init (the given
static program), /dev/console, /proc and /sys, as tests/linux/initramfs.list
has them (no root needed for the device node).
"""
import argparse
import os
import subprocess
import sys
import tempfile

SECTOR = 512
FIRST_SECTOR = 2048                 # 1 MiB alignment, as partitioning tools do

GRUB_CFG = """# /EFI/debian/grub.cfg of the Abacus UEFI boot test (tests/linux/run-distro.sh):
# one entry, booted at once.
set timeout=0
set default=0
menuentry 'Linux on Abacus through EDK2 and GRUB' {{
	linux /vmlinuz {append}
	initrd /initrd.img
}}
"""


def newc(entries):
    """A cpio archive in the "new ASCII" format Linux's initramfs reads."""
    out = bytearray()
    for ino, (name, mode, data, rdev) in enumerate(entries + [("TRAILER!!!", 0, b"", (0, 0))], 1):
        nb = name.encode() + b"\0"
        fields = (ino, mode, 0, 0, 1, 0, len(data), 0, 0, rdev[0], rdev[1], len(nb), 0)
        out += b"070701" + "".join("%08x" % v for v in fields).encode() + nb
        out += b"\0" * (-len(out) % 4)
        out += data
        out += b"\0" * (-len(out) % 4)
    return bytes(out)


def initramfs(init_path):
    with open(init_path, "rb") as f:
        init = f.read()
    return newc([
        ("dev", 0o040755, b"", (0, 0)),
        ("dev/console", 0o020600, b"", (5, 1)),
        ("proc", 0o040755, b"", (0, 0)),
        ("sys", 0o040755, b"", (0, 0)),
        ("init", 0o100755, init, (0, 0)),
    ])


def mbr(partition_sectors):
    """A DOS partition table: one EFI System Partition (type 0xEF) from FIRST_SECTOR."""
    table = bytearray(SECTOR)
    entry = bytearray(16)
    entry[1:4] = b"\xfe\xff\xff"                  # CHS unused: LBA only
    entry[4] = 0xEF                               # EFI System Partition
    entry[5:8] = b"\xfe\xff\xff"
    entry[8:12] = FIRST_SECTOR.to_bytes(4, "little")
    entry[12:16] = partition_sectors.to_bytes(4, "little")
    table[440:444] = (0xabac0002).to_bytes(4, "little")   # disk signature
    table[446:462] = entry
    table[510:512] = b"\x55\xaa"
    return bytes(table)


def run(*cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--grub", required=True, help="GRUB for EFI (riscv64), installed as BOOTRISCV64.EFI")
    ap.add_argument("--kernel", required=True, help="Linux Image with its EFI stub")
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--initrd", help="an initrd to copy")
    group.add_argument("--init", help="a static init program: the initrd is made from it")
    ap.add_argument("--append", default="console=ttyS0", help="the kernel command line")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    payload = [os.path.getsize(p) for p in (args.grub, args.kernel, args.initrd or args.init)]
    # The files, FAT's tables and some slack, in whole MiB.
    part_mib = (sum(payload) * 11 // 10 + (8 << 20)) >> 20
    part_sectors = part_mib * (1 << 20) // SECTOR
    with open(args.out, "wb") as f:
        f.write(mbr(part_sectors))
        f.truncate((FIRST_SECTOR + part_sectors) * SECTOR)
    fs = "%s@@%d" % (args.out, FIRST_SECTOR * SECTOR)
    with tempfile.TemporaryDirectory() as tmp:
        cfg = os.path.join(tmp, "grub.cfg")
        with open(cfg, "w") as f:
            f.write(GRUB_CFG.format(append=args.append))
        initrd = args.initrd
        if args.init:
            initrd = os.path.join(tmp, "initrd.img")
            with open(initrd, "wb") as f:
                f.write(initramfs(args.init))
        run("mformat", "-i", fs, "-T", str(part_sectors), "-h", "64", "-s", "32", "-H", str(FIRST_SECTOR),
            "-v", "ESP", "::")
        run("mmd", "-i", fs, "::/EFI", "::/EFI/BOOT", "::/EFI/debian")
        run("mcopy", "-i", fs, args.grub, "::/EFI/BOOT/BOOTRISCV64.EFI")
        run("mcopy", "-i", fs, cfg, "::/EFI/debian/grub.cfg")
        run("mcopy", "-i", fs, args.kernel, "::/vmlinuz")
        run("mcopy", "-i", fs, initrd, "::/initrd.img")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (OSError, subprocess.CalledProcessError) as e:
        print("make-esp.py: %s" % e, file=sys.stderr)
        sys.exit(1)
