#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""A boot disk as a Debian system on QEMU virt has it, built without root.

    tests/linux/make-boot-disk.py --kernel Image --initrd initramfs.cpio \\
        --append "console=ttyS0 ..." [--version 6.1] --out disk.img

The disk has an MBR partition table with one bootable Linux partition
(type 0x83, from sector 2048), an ext4 file system made by mke2fs -d
(e2fsprogs), and in it /boot with the kernel, the initramfs and
/boot/extlinux/extlinux.conf in the layout Debian's u-boot-menu writes:
U-Boot's distro boot (scan_dev_for_boot_part, boot_prefixes "/ /boot/")
finds it on virtio 0:1 and boots its default entry with `sysboot`. There is
no fdtdir line and no DTB on the disk: U-Boot hands Linux the DT it got from
the firmware.
"""
import argparse
import os
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


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--initrd", required=True)
    ap.add_argument("--append", required=True, help="kernel command line of the extlinux entry")
    ap.add_argument("--version", default="6.1", help="kernel version in the file names (default 6.1)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--size-mib", type=int, default=16, help="file system size (default 16)")
    args = ap.parse_args()

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
        with open(tmp_out, "wb") as out, open(fs, "rb") as f:
            out.write(mbr(size // SECTOR))
            out.write(bytes((FIRST_SECTOR - 1) * SECTOR))
            shutil.copyfileobj(f, out)
        os.replace(tmp_out, args.out)


if __name__ == "__main__":
    main()
