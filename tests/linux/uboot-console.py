#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Drives U-Boot's serial console in a QEMU run of the boot chain
Abacus -> U-Boot -> Linux (tests/linux/run-linux.sh, case uboot).

    tests/linux/uboot-console.py --log LOG [--timeout S] -- QEMU ARGS...

QEMU runs with its serial line on this program's pipes (-serial stdio,
-display none, -monitor none are added). Everything the machine prints goes
to LOG. The program stops autoboot at "Hit any key to stop autoboot", runs
U-Boot's `sbi` command, then `boot` (bootcmd: distro boot, which finds
extlinux/extlinux.conf on the virtio disk and boots Linux), and waits for
QEMU to exit (Linux powers off through SBI SRST). It prints one
"PASS: linux: uboot-..." or "FAIL: linux: uboot-... (why)" line per check:

  uboot-prompt          autoboot stopped, U-Boot's prompt answered;
  uboot-sbi-command     `sbi` reports the SBI version of Abacus's banner and
                        lists, by U-Boot's names, exactly the extensions of
                        Abacus's boot log that this U-Boot knows (2023.01
                        does not probe DBCN and newer ones; 2025.01 names
                        them up to MPXY);
  uboot-extlinux        distro boot found /boot/extlinux/extlinux.conf,
                        loaded the kernel and initrd it names (in either
                        order) and started it.

Exit status: QEMU's, 124 when the whole run timed out, 125 when U-Boot
reported an unhandled exception (QEMU is killed then).
Every wait has its own generous limit inside the overall timeout: this runs
on loaded 2-core machines.
"""
import argparse
import os
import re
import select
import subprocess
import sys
import time

PROMPT = b"=> "
AUTOBOOT = b"Hit any key to stop autoboot"
UBOOT_CRASH = b"Unhandled exception:"

# Abacus's boot-log names -> the names U-Boot's `sbi` command prints: U-Boot
# 2023.01 (Debian 12) probes these; U-Boot 2025.01 (Debian sid) also the
# extensions of UBOOT_2025_NAMES.
UBOOT_NAMES = {
    "base": ["SBI Base Functionality"],
    "time": ["Timer Extension"],
    "ipi": ["IPI Extension"],
    "rfence": ["RFENCE Extension"],
    "hsm": ["Hart State Management Extension"],
    "srst": ["System Reset Extension"],
    "pmu": ["Performance Monitoring Unit Extension"],
}
UBOOT_2025_NAMES = {
    "dbcn": ["Debug Console Extension"],
    "susp": ["System Suspend Extension"],
    "cppc": ["Collaborative Processor Performance Control Extension"],
    "nacl": ["Nested Acceleration Extension"],
    "sta": ["Steal-time Accounting Extension"],
    "sse": ["Supervisor Software Events"],
    "fwft": ["Firmware Features Extension"],
    "dbtr": ["Debug Triggers Extension"],
    "mpxy": ["Message Proxy Extension"],
}
LEGACY = ["Set Timer", "Console Putchar", "Console Getchar", "Clear IPI", "Send IPI",
          "Remote FENCE.I", "Remote SFENCE.VMA", "Remote SFENCE.VMA with ASID", "System Shutdown"]


def uboot_names(log):
    """The name table of the U-Boot whose banner is in the log (2025.01 or later: more)."""
    banner = re.search(r"U-Boot (\d+)\.(\d+)", log)
    names = dict(UBOOT_NAMES)
    if banner and (int(banner.group(1)), int(banner.group(2))) >= (2025, 1):
        names.update(UBOOT_2025_NAMES)
    return names


class Console:
    def __init__(self, cmd, log_path, deadline):
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT)
        self.log = open(log_path, "wb")
        self.buf = b""
        self.deadline = deadline

    def read_until(self, marker, seconds):
        """Reads until marker appears after the current end; True if it did."""
        start = len(self.buf)
        limit = min(time.time() + seconds, self.deadline)
        while time.time() < limit:
            ready, _, _ = select.select([self.proc.stdout], [], [], 0.2)
            if not ready:
                if self.proc.poll() is not None:
                    return False
                continue
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                return False
            self.buf += chunk
            self.log.write(chunk)
            self.log.flush()
            if marker is not None and marker in self.buf[start:]:
                return True
        return False

    def send(self, text):
        self.proc.stdin.write(text)
        self.proc.stdin.flush()

    def finish(self):
        """Reads until QEMU exits or the deadline; returns its exit status (124: killed
        at the deadline, 125: killed after U-Boot reported an exception)."""
        status = 124
        while self.proc.poll() is None and time.time() < self.deadline:
            self.read_until(None, 1)
            # U-Boot prints this and loops: no point waiting for the deadline.
            if UBOOT_CRASH in self.buf:
                self.read_until(None, 2)
                status = 125
                print("linux: U-Boot reported an unhandled exception; QEMU stopped", flush=True)
                break
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        else:
            status = self.proc.returncode
        self.read_until(None, 0)
        self.log.close()
        return status


def text(b):
    return b.decode(errors="replace").replace("\r", "")


def result(ok, name, why=""):
    print(f"PASS: linux: {name}" if ok else f"FAIL: linux: {name} ({why})", flush=True)


def check_sbi_command(log, sbi_output):
    banner = re.search(r"Abacus SBI firmware \S+ \(SBI (\d+)\.(\d+)\)", log)
    line = re.search(r"^abacus: SBI extensions\s*: (.*)$", log, re.M)
    if not banner or not line:
        return result(False, "uboot-sbi-command", "no Abacus banner or SBI extensions line in the boot log")
    names = uboot_names(log)
    known = set(LEGACY) | {n for ns in names.values() for n in ns}
    expected = []
    for word in line.group(1).split():
        if word.startswith("legacy("):
            expected += LEGACY
        else:
            expected += names.get(word, [])
    version = re.search(r"SBI (\d+)\.(\d+)", sbi_output)
    listed = re.findall(r"^  (\S.*)$", sbi_output.split("Extensions:", 1)[-1], re.M)
    listed = [name for name in listed if name in known]
    problems = []
    if not version or version.groups() != banner.groups():
        problems.append(f"version {version.group(0) if version else 'missing'}, banner says SBI "
                        f"{banner.group(1)}.{banner.group(2)}")
    missing = [n for n in expected if n not in listed]
    extra = [n for n in listed if n not in expected]
    if missing:
        problems.append("not listed: " + ", ".join(missing))
    if extra:
        problems.append("listed but not in Abacus's boot log: " + ", ".join(extra))
    if "Extensions:" not in sbi_output:
        problems.append("no Extensions: list")
    result(not problems, "uboot-sbi-command", "; ".join(problems))
    if not problems:
        print(f"linux: U-Boot's sbi command lists {len(listed)} extensions, as Abacus's boot log says",
              flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--log", required=True)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("qemu", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    qemu = args.qemu[1:] if args.qemu[:1] == ["--"] else args.qemu
    cmd = qemu + ["-serial", "stdio", "-display", "none", "-monitor", "none"]
    con = Console(cmd, args.log, time.time() + args.timeout)

    prompt = con.read_until(AUTOBOOT, 120)
    if prompt:
        con.send(b" ")
        prompt = con.read_until(PROMPT, 30)
    result(prompt, "uboot-prompt", "no 'Hit any key to stop autoboot' or no prompt after it")
    if prompt:
        mark = len(con.buf)
        con.send(b"sbi\n")
        done = con.read_until(b"\n" + PROMPT, 30)
        sbi_output = text(con.buf[mark:]) if done else ""
        if done:
            check_sbi_command(text(con.buf), sbi_output)
        else:
            result(False, "uboot-sbi-command", "no prompt after the sbi command")
        con.send(b"boot\n")
    status = con.finish()
    log = text(con.buf)
    # Both files the entry names, in either order (2023.01 loads the initrd
    # first, 2025.01 the kernel), between finding the file and starting.
    found = re.search(r"Found /boot/extlinux/extlinux\.conf(.*)Starting kernel", log, re.S)
    started = found and all(re.search(r"Retrieving file: /boot/" + f + r"-\S+", found.group(1))
                            for f in (r"initrd\.img", "vmlinux"))
    result(bool(started), "uboot-extlinux",
           "distro boot did not find extlinux.conf, load what it names and start the kernel")
    sys.exit(status)


if __name__ == "__main__":
    main()
