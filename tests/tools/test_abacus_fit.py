#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""scripts/abacus-fit on the FITs distributions ship, checked with U-Boot's own tools.

    BUILD=build python3 tests/tools/test_abacus_fit.py

For Debian sid's u-boot.itb of the HiFive Unleashed, the HiFive Unmatched
(u-boot-sifive) and the VisionFive 2 (u-boot-starfive), unpacked by
scripts/setup-sid.sh: the output lists (dumpimage -l) exactly as the input,
but for the firmware image's description and size, and dumpimage extracts
Abacus from it and every other image unchanged. Then FITs made here from
the Unleashed one: with external data (mkimage -E), with hash nodes
(recomputed: each checked against the image's own SHA-256 and CRC32), and
signed (refused without --keydir; with it signed again, deterministically).
Each check prints "PASS: tools: abacus-fit ..." or "FAIL: ...".
"""
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zlib

sys.path.insert(0, os.path.dirname(__file__))
from harness import CheckFailed, expect, finish, test  # noqa: E402

BUILD = os.environ.get("BUILD", "build")
SID_ROOT = os.environ.get("ABACUS_SID_ROOT", "build/sid")
UBOOT_LIB = os.environ.get("ABACUS_UBOOT_LIB", f"{SID_ROOT}/abacus-riscv64/root/usr/lib/u-boot")
FIRMWARE = f"{BUILD}/generic/abacus.bin"
TOOL = "scripts/abacus-fit"
# Debian's boards, and where their firmware goes (U-Boot's CONFIG_SPL_OPENSBI_LOAD_ADDR).
BOARDS = [("sifive_unleashed", 0x80000000), ("sifive_unmatched", 0x80000000),
          ("starfive_visionfive2", 0x40000000)]
WORK = tempfile.mkdtemp(prefix="abacus-fit-test.")


def run(*cmd, env=None):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env)
    return p.returncode, p.stdout + p.stderr


def listing(itb):
    """dumpimage -l, without the lines that change on every build (dates)."""
    rc, out = run("dumpimage", "-l", itb)
    expect(rc == 0, f"dumpimage -l {itb}: {out.strip()[-200:]}")
    return [line for line in out.splitlines() if "Created:" not in line]


def images_of(lines):
    """{image index: (name, [its lines])} of a dumpimage -l listing."""
    images, current = {}, None
    for line in lines:
        m = re.match(r" Image (\d+) \((.*)\)", line)
        if m:
            current = int(m.group(1))
            images[current] = (m.group(2), [])
        elif line.startswith(" Default Configuration") or line.startswith(" Configuration"):
            current = None
        elif current is not None:
            images[current][1].append(line.strip())
    return images


def extract(itb, index, name):
    out = os.path.join(WORK, name)
    rc, text = run("dumpimage", "-T", "flat_dt", "-p", str(index), "-o", out, itb)
    expect(rc == 0, f"dumpimage -p {index} {itb}: {text.strip()[-200:]}")
    with open(out, "rb") as f:
        return f.read()


def firmware_bytes():
    with open(FIRMWARE, "rb") as f:
        return f.read()


def abacus_fit(*args, env=None):
    return run(sys.executable, TOOL, "--firmware", FIRMWARE, *args, env=env)


def check_replaced(original, output, firmware_load):
    """output lists as original but for the firmware image, which dumpimage gives back as Abacus."""
    before, after = listing(original), listing(output)
    b_images, a_images = images_of(before), images_of(after)
    expect(sorted(b_images) == sorted(a_images), f"images {b_images.keys()} became {a_images.keys()}")
    firmware_index = None
    for i, (name, lines) in b_images.items():
        a_name, a_lines = a_images[i]
        expect(name == a_name, f"image {i} is {a_name}, was {name}")
        if "Type:         Firmware" in lines:
            firmware_index = i
            changing = ("Description:", "Data Size:", "Hash value:")
            kept = [x for x in lines if not x.startswith(changing)]
            a_kept = [x for x in a_lines if not x.startswith(changing)]
            expect(kept == a_kept, f"firmware image {name}: {kept} became {a_kept}")
            expect(f"Load Address: {firmware_load:#010x}" in a_lines, f"firmware not loaded at {firmware_load:#x}")
            expect("Description:  Abacus SBI firmware (fw_dynamic)" in a_lines, f"description: {a_lines}")
            expect(extract(output, i, f"fw{i}") == firmware_bytes(), "the firmware image is not Abacus")
        else:
            expect(lines == a_lines, f"image {name}: {lines} became {a_lines}")
            expect(extract(output, i, f"new{i}") == extract(original, i, f"old{i}"), f"image {name}: data changed")
    expect(firmware_index is not None, "no firmware image in the input")
    # The configurations; a signature's value and time are made again (checked on their own).
    def configurations(lines):
        start = lines.index(next(x for x in lines if x.startswith(" Default Configuration")))
        return [x for x in lines[start:] if not x.strip().startswith(("Sign value:", "Timestamp:"))]
    expect(configurations(before) == configurations(after), "the configurations changed")


def debian_fit(board):
    path = f"{UBOOT_LIB}/{board}/u-boot.itb"
    if not os.path.exists(path):
        raise CheckFailed(f"{path} not found (scripts/setup-sid.sh unpacks u-boot-sifive and u-boot-starfive)")
    return path


for board, load in BOARDS:
    @test(f"replaces OpenSBI in Debian's {board} u-boot.itb, keeps the rest", "abacus-fit")
    def _(board=board, load=load):
        original = debian_fit(board)
        output = os.path.join(WORK, f"{board}.itb")
        rc, out = abacus_fit(original, output)
        expect(rc == 0, f"exit {rc}: {out.strip()}")
        check_replaced(original, output, load)


def unleashed_its(extra_image="", extra_conf="", firmware=None):
    """The Unleashed FIT's images as .its source, with hash or signature nodes added."""
    original = debian_fit("sifive_unleashed")
    files = [extract(original, i, f"unleashed{i}") for i in range(3)]
    if firmware:
        files[1] = firmware
    paths = []
    for i, data in enumerate(files):
        paths.append(os.path.join(WORK, f"its-image{i}.bin"))
        with open(paths[-1], "wb") as f:
            f.write(data)
    return f"""/dts-v1/;
/ {{
	description = "Configuration to load OpenSBI before U-Boot";
	#address-cells = <2>;
	images {{
		uboot {{ description = "U-Boot"; type = "standalone"; os = "U-Boot"; arch = "riscv";
			compression = "none"; load = <0 0x80200000>; data = /incbin/("{paths[0]}"); {extra_image} }};
		opensbi {{ description = "OpenSBI fw_dynamic Firmware"; type = "firmware"; os = "opensbi";
			arch = "riscv"; compression = "none"; load = <0 0x80000000>; entry = <0 0x80000000>;
			data = /incbin/("{paths[1]}"); {extra_image} }};
		fdt-1 {{ description = "hifive-unleashed-a00"; type = "flat_dt"; compression = "none";
			data = /incbin/("{paths[2]}"); {extra_image} }};
	}};
	configurations {{
		default = "conf-1";
		conf-1 {{ description = "hifive-unleashed-a00"; firmware = "opensbi"; loadables = "uboot";
			fdt = "fdt-1"; {extra_conf} }};
	}};
}};
"""


def make_fit(name, its, *mkimage_args, env=None):
    its_path = os.path.join(WORK, f"{name}.its")
    with open(its_path, "w") as f:
        f.write(its)
    out = os.path.join(WORK, f"{name}.itb")
    rc, text = run("mkimage", *mkimage_args, "-f", its_path, out, env=env)
    expect(rc == 0, f"mkimage: {text.strip()[-300:]}")
    return out


def header_dts(itb):
    rc, out = run("dtc", "-q", "-I", "dtb", "-O", "dts", itb)
    expect(rc == 0, f"dtc: {out[-200:]}")
    return out


@test("keeps external data external (mkimage -E)", "abacus-fit")
def _():
    original = make_fit("external", unleashed_its(), "-E", "-B", "0x8")
    expect("data-offset" in header_dts(original), "the test's FIT has no external data")
    output = os.path.join(WORK, "external-abacus.itb")
    rc, out = abacus_fit(original, output)
    expect(rc == 0, f"exit {rc}: {out.strip()}")
    dts = header_dts(output)
    expect("data-offset" in dts and "data = " not in dts, "the output's data is not external")
    check_replaced(original, output, 0x80000000)


@test("computes every image's hashes again", "abacus-fit")
def _():
    hashes = 'hash-1 { algo = "sha256"; }; hash-2 { algo = "crc32"; };'
    original = make_fit("hashed", unleashed_its(extra_image=hashes))
    output = os.path.join(WORK, "hashed-abacus.itb")
    rc, out = abacus_fit(original, output)
    expect(rc == 0, f"exit {rc}: {out.strip()}")
    check_replaced(original, output, 0x80000000)
    listed = images_of(listing(output))
    for i, (name, lines) in listed.items():
        data = extract(output, i, f"hashed{i}")
        values = [x.split(":", 1)[1].strip() for x in lines if x.startswith("Hash value:")]
        want = [hashlib.sha256(data).hexdigest(), f"{zlib.crc32(data):08x}"]
        expect(values == want, f"image {name}: hash values {values}, its data's {want}")


def rsa_keydir():
    keydir = os.path.join(WORK, "keys")
    os.makedirs(keydir, exist_ok=True)
    key = os.path.join(keydir, "dev.key")
    if not os.path.exists(key):
        rc, out = run("openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", key)
        expect(rc == 0, f"openssl genpkey: {out[-200:]}")
        rc, out = run("openssl", "req", "-batch", "-new", "-x509", "-key", key, "-out",
                      os.path.join(keydir, "dev.crt"), "-subj", "/CN=abacus-fit test")
        expect(rc == 0, f"openssl req: {out[-200:]}")
    return keydir


SIGNATURE = ('signature-1 { algo = "sha256,rsa2048"; key-name-hint = "dev"; '
             'sign-images = "firmware", "loadables", "fdt"; };')


def signature_value(itb):
    m = re.search(r"signature-1 \{[^}]*?value = <([^>]*)>", header_dts(itb), re.S)
    expect(m, f"{itb}: no signature value")
    return m.group(1)


@test("refuses a signed FIT without keys, signs it again with them", "abacus-fit")
def _():
    keydir = rsa_keydir()
    hashes = 'hash-1 { algo = "sha256"; };'
    original = make_fit("signed", unleashed_its(extra_image=hashes, extra_conf=SIGNATURE), "-k", keydir)
    old_value = signature_value(original)
    output = os.path.join(WORK, "signed-abacus.itb")
    rc, out = abacus_fit(original, output)
    expect(rc == 1 and "is signed" in out and not os.path.exists(output),
           f"without --keydir: exit {rc}, {out.strip()}")
    env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000")
    rc, out = abacus_fit("--keydir", keydir, original, output, env=env)
    expect(rc == 0 and "signed again" in out, f"with --keydir: exit {rc}, {out.strip()}")
    check_replaced(original, output, 0x80000000)
    new_value = signature_value(output)
    expect(new_value != old_value, "the signature was not made again")
    # The FIT mkimage makes from the same source with Abacus in it (RSA PKCS#1 v1.5
    # signatures are deterministic): the same signature, made with the same key.
    direct = make_fit("signed-direct", unleashed_its(extra_image=hashes, extra_conf=SIGNATURE,
                                                     firmware=firmware_bytes()).replace(
        "OpenSBI fw_dynamic Firmware", "Abacus SBI firmware (fw_dynamic)"), "-k", keydir, env=env)
    expect(signature_value(direct) == new_value, "not the signature mkimage makes for that FIT with that key")
    dts = header_dts(output)
    expect('key-name-hint = "dev"' in dts and 'algo = "sha256,rsa2048"' in dts,
           "the signature node lost its key or algorithm")


@test("replaces the firmware of a FIT that holds nothing else (SpacemiT K1's fw_dynamic.itb layout)", "abacus-fit")
def _():
    # As SpacemiT's K1 SDK builds the opensbi partition's FIT: the firmware alone, at 0x0,
    # a sha256 hash, one configuration naming it as firmware.
    fw = os.path.join(WORK, "k1-opensbi.bin")
    with open(fw, "wb") as f:
        f.write(extract(debian_fit("sifive_unleashed"), 1, "k1-source"))
    its = f"""/dts-v1/;
/ {{
	description = "Configuration to load OpenSBI before U-Boot";
	#address-cells = <2>;
	images {{
		opensbi {{ description = "OpenSBI fw_dynamic Firmware"; type = "firmware"; os = "opensbi";
			arch = "riscv"; compression = "none"; load = <0x0 0x0>; entry = <0x0 0x0>;
			data = /incbin/("{fw}"); hash-1 {{ algo = "sha256"; }}; }};
	}};
	configurations {{
		default = "config_1";
		config_1 {{ description = "opensbi FIT config"; firmware = "opensbi"; }};
	}};
}};
"""
    original = make_fit("k1-fw-dynamic", its)
    output = os.path.join(WORK, "k1-fw-dynamic-abacus.itb")
    rc, out = abacus_fit(original, output)
    expect(rc == 0, f"exit {rc}: {out.strip()}")
    check_replaced(original, output, 0x0)
    lines = images_of(listing(output))[0][1]
    want = hashlib.sha256(firmware_bytes()).hexdigest()
    expect(f"Hash value:   {want}" in lines, f"sha256 of Abacus {want} not in {lines}")


@test("refuses a firmware image SPL would not enter with fw_dynamic", "abacus-fit")
def _():
    its = unleashed_its().replace('os = "opensbi"', 'os = "linux"')
    original = make_fit("not-opensbi", its)
    rc, out = abacus_fit(original, os.path.join(WORK, "not-opensbi-abacus.itb"))
    expect(rc == 1 and 'os "opensbi"' in out, f"exit {rc}: {out.strip()}")


@test("refuses an Abacus that would overlap U-Boot", "abacus-fit")
def _():
    its = unleashed_its().replace("load = <0 0x80200000>", "load = <0 0x80010000>")
    original = make_fit("overlap", its)
    rc, out = abacus_fit(original, os.path.join(WORK, "overlap-abacus.itb"))
    expect(rc == 1 and "overlap image uboot" in out, f"exit {rc}: {out.strip()}")


status = finish("abacus-fit")
shutil.rmtree(WORK, ignore_errors=True)
sys.exit(status)
