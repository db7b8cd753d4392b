#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""The build's own checks (Makefile, firmware/opensbi_vars.mk, scripts/check-relocs.sh).

- the per-board builds of before are gone, with a message that says where
  they went: `make PLATFORM=qemu-virt` and `PLATFORM=hifive-unmatched` fail
  naming the generic image;
- OpenSBI's variables: an unknown FW_* variable (command line or
  environment) and PLATFORM_DEFCONFIG stop the build saying why; bad values
  (not a number, FW_TEXT_START not 4 KiB aligned, a missing FW_FDT_PATH,
  FW_OPTIONS other than 0/1, two settings of the same thing, FW_PIC=n,
  FW_DYNAMIC=n) too; the ones Abacus honours are accepted;
- the image is linked only as a PIE whose dynamic relocations are all
  R_RISCV_RELATIVE (firmware/entry.S applies no other kind): a linker that
  makes no PIE (the bare-metal one) fails the build, and so does an ELF with
  another relocation type or a relocation section entry.S does not walk.

Run from the repository root after `make firmware` (the objects are reused).
One "PASS: tools: build ..." / "FAIL: tools: build ..." line per check.
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BUILD, expect, finish, test  # noqa: E402


def make(*args, env=None, dry=True):
    """make with these arguments (parse only, -n, unless dry is False); (exit status, stdout + stderr)."""
    e = {k: v for k, v in os.environ.items() if not k.startswith("FW_") and k != "PLATFORM_DEFCONFIG"}
    e.update(env or {})
    cmd = ["make", "-s", f"BUILD={BUILD}", *(["-n"] if dry else []), *args]
    p = subprocess.run(cmd, capture_output=True, text=True, env=e, timeout=1200)
    return p.returncode, p.stdout + p.stderr


def refused(args, words, env=None):
    rc, out = make(*args, "firmware", env=env)
    expect(rc != 0, f"make {' '.join(args)} succeeded")
    for w in words:
        expect(w in out, f"make {' '.join(args)}: no '{w}' in: {out.strip()[-300:]}")


def accepted(args):
    rc, out = make(*args, "firmware")
    expect(rc == 0, f"make -n {' '.join(args)} failed: {out.strip()[-300:]}")


@test("PLATFORM=qemu-virt names the generic image", "build")
def _():
    refused(["PLATFORM=qemu-virt"], ["PLATFORM=qemu-virt is no longer a build of its own", "PLATFORM=generic",
                                     "platform/generic/quirks/"])


@test("PLATFORM=hifive-unmatched names the generic image", "build")
def _():
    refused(["PLATFORM=hifive-unmatched"], ["PLATFORM=hifive-unmatched is no longer a build of its own"])


@test("an unknown PLATFORM is an error", "build")
def _():
    refused(["PLATFORM=nosuch"], ["unknown PLATFORM 'nosuch'"])


@test("an unknown FW_* variable is an error, on the command line and in the environment", "build")
def _():
    refused(["FW_NOSUCH=1"], ["FW_NOSUCH is not an Abacus build variable", "FW_TEXT_START", "docs/porting.md"])
    refused([], ["FW_NOSUCH is not an Abacus build variable"], env={"FW_NOSUCH": "1"})


@test("OpenSBI variables without a meaning here say why", "build")
def _():
    refused(["PLATFORM_DEFCONFIG=defconfig"], ["PLATFORM_DEFCONFIG is not an Abacus build variable",
                                               "Abacus has no Kconfig"])
    refused(["FW_PAYLOAD_ALIGN=0x1000"], ["FW_PAYLOAD_ALIGN", "FW_PAYLOAD_OFFSET"])
    refused(["FW_FDT_PADDING=1024"], ["FW_FDT_PADDING", "not needed"])
    refused(["FW_BASE=0x40000000"], ["FW_BASE", "runs where it is loaded", "FW_TEXT_START"])
    refused(["FW_PIC=n"], ["FW_PIC=n", "position-independent"])
    refused(["FW_DYNAMIC=n"], ["FW_DYNAMIC=n"])


@test("bad values are errors", "build")
def _():
    refused(["FW_JUMP_ADDR=lots"], ["FW_JUMP_ADDR=lots is not a number"])
    refused(["FW_TEXT_START=0x80000100"], ["FW_TEXT_START=0x80000100 is not 4 KiB aligned"])
    refused(["FW_FDT_PATH=/nonexistent.dtb"], ["FW_FDT_PATH=/nonexistent.dtb: no such file"])
    refused(["FW_OPTIONS=2"], ["FW_OPTIONS=2", "bit 0"])
    refused(["FW_JUMP_ADDR=0x80200000", "FW_JUMP_OFFSET=0x200000"], ["FW_JUMP_ADDR and FW_JUMP_OFFSET"])
    refused(["FW_JUMP_FDT_ADDR=0x82200000", "FW_PAYLOAD_FDT_ADDR=0x82400000"], ["S-mode's DT placed twice"])
    refused(["FW_PAYLOAD_PATH=a.bin", "PAYLOAD=b.bin"], ["name different payloads"])
    refused(["FW_PAYLOAD_OFFSET=0x200000", "PAYLOAD_ADDR=0x80200000"], ["PAYLOAD_ADDR and FW_PAYLOAD_OFFSET"])


@test("the variables Abacus honours are accepted", "build")
def _():
    for args in (["FW_TEXT_START=0x40000000"], ["FW_JUMP_ADDR=0x80200000"], ["FW_JUMP_OFFSET=0x100000"],
                 ["FW_JUMP_FDT_ADDR=0x82200000"], ["FW_JUMP_FDT_OFFSET=0x2200000"], ["FW_PAYLOAD_FDT_ADDR=0x82200000"],
                 ["FW_OPTIONS=1"], ["FW_PIC=y"], ["FW_DYNAMIC=y", "FW_JUMP=y", "FW_PAYLOAD=y"],
                 ["FW_FDT_PATH=tests/fixtures/fw-fdt-virt.dts"]):
        accepted(args)


@test("each image with OpenSBI variables gets a directory of its own", "build")
def _():
    rc, out = make("FW_TEXT_START=0x40000000", "FW_JUMP_ADDR=0x40200000", "firmware")
    expect(rc == 0 and f"{BUILD}/generic-text-0x40000000-jump-0x40200000/abacus.elf" in out,
           f"no build/generic-text-0x40000000-jump-0x40200000 in: {out[-400:]}")


@test("a linker that makes no PIE fails the build", "build")
def _():
    # Its own image directory (FW_OPTIONS=0), so the default image is not touched.
    rc, out = make("LINK_CROSS_COMPILE=riscv64-unknown-elf-", "FW_OPTIONS=0", "firmware", dry=False)
    expect(rc != 0, "linked with riscv64-unknown-elf-ld")
    expect("position-independent" in out and "LINK_CROSS_COMPILE=riscv64-linux-gnu-" in out,
           f"no clear message: {out.strip()[-300:]}")
    expect(not os.path.exists(f"{BUILD}/generic-options-0x0/abacus.elf"), "the ELF was kept")


def decode_packed(elf, syms):
    """The (address, link-time value) of every word the packed table of elf's .bin names (scripts/pack-relocs.py)."""
    with open(elf[:-len("elf")] + "bin", "rb") as f:    # the image the loader loads, beside the ELF
        out = f.read()
    base = syms["_fw_start"]
    pos, p, words = syms["_fw_rela_start"] - base, base, []
    while True:
        d = int.from_bytes(out[pos:pos + 2], "little")
        pos += 2
        if d == 0:
            return words
        p += 8 * d
        words.append((p, int.from_bytes(out[p - base:p - base + 8], "little")))


@test("the generic image's relocations are packed: each packed word points into the image", "build")
def _():
    elf = f"{BUILD}/generic/abacus.elf"
    expect(os.path.exists(elf), f"{elf} missing (make firmware)")
    out = subprocess.run(["riscv64-linux-gnu-readelf", "-rW", elf], capture_output=True, text=True, check=True).stdout
    expect("Relocation section" not in out, "relocations left unpacked")
    syms = {}
    for line in subprocess.run(["riscv64-linux-gnu-nm", elf], capture_output=True, text=True, check=True).stdout.splitlines():
        f = line.split()
        if len(f) == 3:
            syms[f[2]] = int(f[0], 16)
    words = decode_packed(elf, syms)
    expect(len(words) > 100, f"only {len(words)} packed words")
    bad = [hex(a) for a, v in words if not syms["_fw_start"] <= v < syms["_fw_end"]]
    expect(not bad, f"packed words that hold no address in the image: {bad[:5]}")


def assemble(tmp, name, asm):
    src, obj = f"{tmp}/{name}.S", f"{tmp}/{name}.o"
    with open(src, "w") as f:
        f.write(asm)
    subprocess.run(["riscv64-unknown-elf-gcc", "-march=rv64imac", "-mabi=lp64", "-mcmodel=medany", "-c", src,
                    "-o", obj], check=True)
    return obj


def tiny_pie(tmp, asm, *inputs):
    """Links asm as a PIE the way the firmware is linked (with more link inputs); returns the ELF path."""
    elf = f"{tmp}/t.elf"
    subprocess.run(["riscv64-linux-gnu-ld", "-pie", "--no-dynamic-linker", "-o", elf, assemble(tmp, "t", asm),
                    *inputs], check=True, capture_output=True)
    return elf


def check_relocs(elf):
    p = subprocess.run(["scripts/check-relocs.sh", elf, "riscv64-linux-gnu-readelf", "riscv64-linux-gnu-"],
                       capture_output=True, text=True)
    return p.returncode, p.stderr


@test("check-relocs refuses a relocation other than R_RISCV_RELATIVE", "build")
def _():
    with tempfile.TemporaryDirectory() as tmp:
        # A pointer to a symbol of a shared object: R_RISCV_64 against it, for a dynamic linker to fill.
        lib = f"{tmp}/libx.so"
        subprocess.run(["riscv64-linux-gnu-ld", "-shared", "-o", lib,
                        assemble(tmp, "x", "\t.data\n\t.globl x\nx: .dword 1\n")], check=True)
        elf = tiny_pie(tmp, "\t.text\n\t.globl _start\n_start: j _start\n\t.data\n\t.dword x\n\t.dword _start\n",
                       lib)
        rc, err = check_relocs(elf)
        expect(rc != 0 and "R_RISCV_64" in err, f"status {rc}: {err}")
        expect(not os.path.exists(elf), "the ELF was kept")
        # With only a pointer into the image: accepted.
        elf = tiny_pie(tmp, "\t.text\n\t.globl _start\n_start: j _start\n\t.data\n\t.dword _start\n")
        rc, err = check_relocs(elf)
        expect(rc == 0, f"a RELATIVE-only PIE refused: {err}")


@test("pack-relocs writes each link-time address into its word and the word distances into .rela.dyn", "build")
def _():
    with tempfile.TemporaryDirectory() as tmp:
        elf = tiny_pie(tmp, "\t.text\n\t.globl _start\n_start: j _start\n\t.data\n\t.balign 8\n"
                            "d0: .dword _start\n\t.dword 7\n\t.dword d0\n")
        p = subprocess.run(["scripts/pack-relocs.py", elf], capture_output=True, text=True)
        expect(p.returncode == 0, f"pack-relocs failed: {p.stderr}")
        syms = {}
        for line in subprocess.run(["riscv64-linux-gnu-nm", elf], capture_output=True, text=True,
                                   check=True).stdout.splitlines():
            f = line.split()
            if len(f) == 3:
                syms[f[2]] = int(f[0], 16)
        secs = subprocess.run(["riscv64-linux-gnu-readelf", "-SW", elf], capture_output=True, text=True,
                              check=True).stdout
        line = [l for l in secs.splitlines() if ".rela.dyn" in l]
        expect(line and "PROGBITS" in line[0], f"no packed .rela.dyn: {line}")
        raw = open(elf, "rb").read()
        f = line[0].split("]")[1].split()
        off, size = int(f[3], 16), int(f[4], 16)
        table = [int.from_bytes(raw[off + 2 * i:off + 2 * i + 2], "little") for i in range(size // 2)]
        data = [l for l in secs.splitlines() if " .data " in l][0].split("]")[1].split()
        daddr, doff = int(data[2], 16), int(data[3], 16)
        word = lambda a: int.from_bytes(raw[doff + a - daddr:doff + a - daddr + 8], "little")
        d0 = syms["d0"]
        text = int([l for l in secs.splitlines() if " .text " in l][0].split("]")[1].split()[2], 16)
        expect(table[:3] == [(d0 - text) // 8, 2, 0], f"table {table[:4]}")
        expect(word(d0) == syms["_start"] and word(d0 + 8) == 7 and word(d0 + 16) == d0,
               f"words {word(d0):#x} {word(d0 + 8)} {word(d0 + 16):#x}")


@test("image-cost: relinks the image exactly, and counts a quirk's bytes", "build")
def _():
    # scripts/image-cost.sh refuses to measure unless linking every object again gives the
    # built image byte for byte; dropping one quirk must then cost something, and a
    # quirk that other code calls (the Andes PMU's hart set-up) links with a stub.
    image = f"{BUILD}/generic"
    p = subprocess.run(["scripts/image-cost.sh", "-b", image, "quirks/andes_ax45_pmu"],
                       capture_output=True, text=True, timeout=300)
    expect(p.returncode == 0, f"image-cost failed: {p.stdout}{p.stderr}")
    words = p.stdout.split()
    size = os.path.getsize(f"{image}/abacus.bin")
    expect(f"{size} B;" in p.stdout, f"not the built image's size {size}: {p.stdout}")
    cost = int(words[words.index("cost") + 1])
    expect(0 < cost < size, f"cost {cost}: {p.stdout}")
    p = subprocess.run(["scripts/image-cost.sh", "-b", image, "no-such-object"],
                       capture_output=True, text=True, timeout=300)
    expect(p.returncode != 0 and "no object matches" in p.stderr, f"{p.returncode}: {p.stderr}")


sys.exit(finish("tools (build)"))
