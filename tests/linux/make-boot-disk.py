#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""A boot disk as a Debian system on QEMU virt has it, built without root.

    tests/linux/make-boot-disk.py --kernel Image --initrd initramfs.cpio \\
        --append "console=ttyS0 ..." [--version 6.1] --out disk.img
        [--spl u-boot-spl.bin --fit u-boot.itb]

The disk has an MBR partition table with one bootable Linux partition
(type 0x83, from sector 2048), an ext4 file system made by mke2fs -d
(e2fsprogs), and in it /boot with the kernel, the initramfs and
/boot/extlinux/extlinux.conf in the layout Debian's u-boot-menu writes:
U-Boot's distro boot (scan_dev_for_boot_part, boot_prefixes "/ /boot/")
finds it on virtio 0:1 and boots its default entry with `sysboot`. There is
no fdtdir line and no DTB on the disk: U-Boot hands Linux the DT it got from
the firmware.

With --spl and --fit the disk is the SD card of a SiFive HiFive Unleashed or
Unmatched as U-Boot's board documentation (doc/board/sifive/) lays it out:
a GPT with U-Boot SPL in partition 1 (sectors 34-2081, type
5B193300-FC78-40CD-8002-E86C45580B47), the FIT SPL loads from sector 2082
(CONFIG_SYS_MMCSD_RAW_MODE_U_BOOT_SECTOR 0x822) in partition 2 (type
2E54B353-1271-4842-806F-E436D6AF6985), and the same ext4 file system in
partition 3, marked legacy-BIOS-bootable: U-Boot's distro boot
(scan_dev_for_boot_part) scans the partitions so marked, and partition 1
when none is.
"""
import argparse
import os
import struct
import uuid
import zlib
import shutil
import subprocess
import sys
import tempfile

SECTOR = 512
FIRST_SECTOR = 2048                 # 1 MiB alignment, as partitioning tools do
# Debian riscv64 names its kernels /boot/vmlinux-<version>, its initramfs
# /boot/initrd.img-<version>; here <version> is e.g. 6.1-abacus.
KERNEL_NAME = "vmlinux-{version}-abacus"
INITRD_NAME = "initrd.img-{version}-abacus"

EXTLINUX = """## /boot/extlinux/extlinux.conf
##
## As Debian's u-boot-update writes it (package u-boot-menu), for the
## Abacus boot-chain test (tests/linux/run-linux.sh, case uboot).

default l0
menu title U-Boot menu
prompt 0
timeout 50


label l0
	menu label Linux {version} on Abacus
	linux /boot/{kernel}
	initrd /boot/{initrd}
	append {append}
"""


def mbr(partition_sectors):
    """A DOS partition table: one bootable type-0x83 partition from FIRST_SECTOR."""
    table = bytearray(SECTOR)
    entry = bytearray(16)
    entry[0] = 0x80                               # bootable
    entry[1:4] = b"\xfe\xff\xff"                  # CHS unused: LBA only
    entry[4] = 0x83                               # Linux
    entry[5:8] = b"\xfe\xff\xff"
    entry[8:12] = FIRST_SECTOR.to_bytes(4, "little")
    entry[12:16] = partition_sectors.to_bytes(4, "little")
    table[440:444] = (0xabac0001).to_bytes(4, "little")   # disk signature
    table[446:462] = entry
    table[510:512] = b"\x55\xaa"
    return bytes(table)


# The SiFive SD layout (U-Boot's doc/board/sifive/unmatched.rst): start, end (inclusive), type.
SIFIVE_SPL = (34, 2081, "5B193300-FC78-40CD-8002-E86C45580B47", "spl")
SIFIVE_FIT = (2082, 10273, "2E54B353-1271-4842-806F-E436D6AF6985", "uboot")
SIFIVE_FS_START = 16384                       # 8 MiB
LINUX_FS_TYPE = "0FC63DAF-8483-4772-8E79-3D69D8477DE4"
GPT_ENTRIES = 128
GPT_ENTRY_SIZE = 128
GPT_ATTR_LEGACY_BIOS_BOOTABLE = 1 << 2


def gpt_guid(name):
    """A fixed GUID per name: the same disk every run."""
    return uuid.uuid5(uuid.NAMESPACE_URL, "abacus-boot-disk:" + name).bytes_le


def gpt(total_sectors, partitions):
    """Protective MBR, primary and backup GPT for partitions [(first, last, type, name, attrs)]:
    (bytes for sectors 0-33, bytes for the last 33 sectors)."""
    entries = bytearray(GPT_ENTRIES * GPT_ENTRY_SIZE)
    for i, (first, last, kind, name, attrs) in enumerate(partitions):
        entries[i * GPT_ENTRY_SIZE:(i + 1) * GPT_ENTRY_SIZE] = (
            uuid.UUID(kind).bytes_le + gpt_guid(name) + struct.pack("<QQQ", first, last, attrs) +
            name.encode("utf-16-le").ljust(72, b"\0"))
    entries_crc = zlib.crc32(entries)
    last_lba = total_sectors - 1

    def header(my_lba, other_lba, entries_lba):
        fields = [b"EFI PART", 0x00010000, 92, 0, 0, my_lba, other_lba, 34, last_lba - 33,
                  gpt_guid("disk"), entries_lba, GPT_ENTRIES, GPT_ENTRY_SIZE, entries_crc]
        fmt = "<8sIIIIQQQQ16sQIII"
        crc = zlib.crc32(struct.pack(fmt, *fields))
        fields[3] = crc
        return struct.pack(fmt, *fields).ljust(SECTOR, b"\0")

    pmbr = bytearray(SECTOR)
    pmbr[446:462] = (b"\0\0\x02\0\xee\xff\xff\xff" + struct.pack("<II", 1, min(last_lba, 0xffffffff)))
    pmbr[510:512] = b"\x55\xaa"
    head = bytes(pmbr) + header(1, last_lba, 2) + bytes(entries)
    tail = bytes(entries) + header(last_lba, 1, last_lba - 32)
    return head, tail


def sifive_sd(out, spl, fit, fs):
    """The SD card image: GPT, SPL, FIT, then the file system in partition 3."""
    with open(spl, "rb") as f:
        spl_data = f.read()
    with open(fit, "rb") as f:
        fit_data = f.read()
    for (first, last, _, name), data in ((SIFIVE_SPL, spl_data), (SIFIVE_FIT, fit_data)):
        if len(data) > (last - first + 1) * SECTOR:
            sys.exit(f"make-boot-disk: {name} ({len(data)} bytes) does not fit sectors {first}-{last}")
    fs_sectors = os.path.getsize(fs) // SECTOR
    # QEMU takes only SD cards whose size is a power of two.
    total = 1 << (SIFIVE_FS_START + fs_sectors + 33 - 1).bit_length()
    parts = [SIFIVE_SPL + (0,), SIFIVE_FIT + (0,),
             (SIFIVE_FS_START, SIFIVE_FS_START + fs_sectors - 1, LINUX_FS_TYPE, "boot", GPT_ATTR_LEGACY_BIOS_BOOTABLE)]
    head, tail = gpt(total, parts)
    out.write(head)
    for first, data in ((SIFIVE_SPL[0], spl_data), (SIFIVE_FIT[0], fit_data)):
        out.seek(first * SECTOR)
        out.write(data)
    out.seek(SIFIVE_FS_START * SECTOR)
    with open(fs, "rb") as f:
        shutil.copyfileobj(f, out)
    out.seek((total - 33) * SECTOR)
    out.write(tail)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--initrd", required=True)
    ap.add_argument("--append", required=True, help="kernel command line of the extlinux entry")
    ap.add_argument("--version", default="6.1", help="kernel version in the file names (default 6.1)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--size-mib", type=int, default=16, help="file system size (default 16)")
    ap.add_argument("--spl", help="U-Boot SPL: make a SiFive SD card (GPT) of it, --fit and the file system")
    ap.add_argument("--fit", help="the FIT SPL loads (u-boot.itb), with --spl")
    args = ap.parse_args()
    if bool(args.spl) != bool(args.fit):
        ap.error("--spl and --fit go together")

    mkfs = shutil.which("mkfs.ext4") or shutil.which("mkfs.ext4", path="/usr/sbin:/sbin")
    if not mkfs:
        sys.exit("make-boot-disk: mkfs.ext4 not found (apt-get install e2fsprogs)")
    with tempfile.TemporaryDirectory() as tmp:
        boot = os.path.join(tmp, "root", "boot")
        os.makedirs(os.path.join(boot, "extlinux"))
        kernel = KERNEL_NAME.format(version=args.version)
        initrd = INITRD_NAME.format(version=args.version)
        shutil.copyfile(args.kernel, os.path.join(boot, kernel))
        shutil.copyfile(args.initrd, os.path.join(boot, initrd))
        with open(os.path.join(boot, "extlinux", "extlinux.conf"), "w") as f:
            f.write(EXTLINUX.format(kernel=kernel, initrd=initrd, append=args.append, version=args.version))
        fs = os.path.join(tmp, "fs.img")
        # -d fills the file system from a directory: no mount, no root.
        subprocess.run([mkfs, "-q", "-F", "-L", "abacus-boot", "-d", os.path.join(tmp, "root"),
                        fs, f"{args.size_mib}M"], check=True, stdout=subprocess.DEVNULL)
        size = os.path.getsize(fs)
        tmp_out = args.out + ".tmp"
        with open(tmp_out, "wb") as out:
            if args.spl:
                sifive_sd(out, args.spl, args.fit, fs)
            else:
                out.write(mbr(size // SECTOR))
                out.write(bytes((FIRST_SECTOR - 1) * SECTOR))
                with open(fs, "rb") as f:
                    shutil.copyfileobj(f, out)
        os.replace(tmp_out, args.out)


if __name__ == "__main__":
    main()
