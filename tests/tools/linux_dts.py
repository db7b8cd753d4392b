# SPDX-License-Identifier: BSD-2-Clause
"""Linux's RISC-V board DTs, built as the kernel builds them, for tests/tools/test_linux_pmu_dts.py.

From a Debian linux-source-V tarball only what the RISC-V DTs need is
extracted, into BUILD/linux-dts/V/ (never committed): arch/riscv/boot/dts,
the arm64 Renesas files RZ/Five's DTs include, include/dt-bindings (with the
one uapi header it links to) and scripts/dtc/include-prefixes. Every board
.dts then goes through the C preprocessor and dtc with the flags of the
kernel's scripts/Makefile.dtbs (cmd_dtc):

    cc -E -nostdinc -I scripts/dtc/include-prefixes -undef -D__DTS__ -x assembler-with-cpp
    dtc -O dtb -b 0 -i <the .dts's directory> -i scripts/dtc/include-prefixes

and every board gets a DTB: "all" in the manifest maps each board to it,
"boards" only those whose preprocessed tree has a "riscv,pmu" node
(tests/tools/test_linux_pmu_dts.py), and the dry run takes them all
(tests/tools/test_dry_run.py). Extraction and compilation happen once per
tarball (a stamp of its size and time); later runs only read the manifest.
"""
import json
import os
import subprocess

MEMBERS = [
    "arch/riscv/boot/dts",
    "arch/arm64/boot/dts/renesas",                  # <arm64/renesas/r9a07g043.dtsi> in RZ/Five's DTs
    "include/dt-bindings",
    "include/uapi/linux/input-event-codes.h",       # include/dt-bindings/input/linux-event-codes.h links here
    "scripts/dtc/include-prefixes",
]
PREFIXES = "scripts/dtc/include-prefixes"
STAMP_VERSION = 2   # bump when MEMBERS or the compile flags change


class PrepareError(Exception):
    pass


def _run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        raise PrepareError(f"{' '.join(cmd[:3])}...: {p.stderr.strip()[-400:]}")
    return p


def _extract(tarball, top, dest):
    os.makedirs(dest, exist_ok=True)
    _run(["tar", "-xJf", tarball, "-C", dest, *[f"{top}/{m}" for m in MEMBERS]], timeout=900)


def prepare(tarball, dest):
    """Extracts and compiles once; returns {"boards": {rel.dts: dtb path} (riscv,pmu ones), "all": {every
    board}, "preprocessed": N, "tree": dir}."""
    top = os.path.basename(tarball)[:-len(".tar.xz")]          # linux-source-6.12
    st = os.stat(tarball)
    stamp = {"tarball": os.path.abspath(tarball), "size": st.st_size, "mtime": int(st.st_mtime),
             "version": STAMP_VERSION}
    manifest_path = f"{dest}/manifest.json"
    try:
        with open(manifest_path) as f:
            manifest = json.load(f)
        if manifest["stamp"] == stamp and all(os.path.exists(p) for p in manifest["all"].values()):
            return manifest
    except (OSError, ValueError, KeyError):
        pass
    subprocess.run(["rm", "-rf", dest], check=True)
    _extract(tarball, top, dest)
    tree = f"{dest}/{top}"
    boards, every, count = {}, {}, 0
    dts_root = f"{tree}/arch/riscv/boot/dts"
    for dirpath, _, files in sorted(os.walk(dts_root)):
        for name in sorted(files):
            if not name.endswith(".dts"):
                continue
            src = f"{dirpath}/{name}"
            rel = os.path.relpath(src, dts_root)
            pre = f"{dest}/pp/{rel}"
            os.makedirs(os.path.dirname(pre), exist_ok=True)
            _run(["gcc", "-E", "-nostdinc", "-I", f"{tree}/{PREFIXES}", "-undef", "-D__DTS__",
                  "-x", "assembler-with-cpp", "-o", pre, src])
            count += 1
            dtb = f"{dest}/dtb/{rel[:-4]}.dtb"
            os.makedirs(os.path.dirname(dtb), exist_ok=True)
            _run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-b", "0", "-i", dirpath, "-i", f"{tree}/{PREFIXES}",
                  "-o", dtb, pre])
            every[rel] = dtb
            with open(pre) as f:
                if '"riscv,pmu"' in f.read():
                    boards[rel] = dtb
    manifest = {"stamp": stamp, "boards": boards, "all": every, "preprocessed": count, "tree": tree}
    with open(manifest_path, "w") as f:
        json.dump(manifest, f, indent=1)
    return manifest
