#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""The docs tried literally: what README.md and docs/*.md show must be what happens.

- every "section N" reference (docs/X.md, section N; "(section N" inside a
  doc) names a "## N." heading there, and where it gives the title
  (section N, "Title") the heading has that title;
- docs/pmu.md's abacus-pmu-dt example session and JSON example, and
  docs/porting.md's abacus-dryrun session, are what the installed builds
  print for those commands ("..." stands for skipped lines);
- the README's one-image sample lines are in the boot log of the README's own
  command (build/generic-payload-hello, from `make embedded-images`);
- the README's `make run` boot log is what `make run` prints, line for line
  (which hart wins the boot lottery aside);
- docs/porting.md's table "OpenSBI option -> Abacus" names every FW_*
  variable the build knows (firmware/opensbi_vars.mk), and no other.

One "PASS: tools: docs ..." / "FAIL: tools: docs ..." line per check.
"""
import glob
import os
import re
import shlex
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BUILD, TOOL_PLAIN, expect, finish, test  # noqa: E402

QEMU = os.environ.get("QEMU", "qemu-system-riscv64")
DRYRUN_PLAIN = os.environ.get("DRYRUN_PLAIN", f"{BUILD}/tools/abacus-dryrun")
DOCS = ["README.md", *sorted(glob.glob("docs/*.md"))]


def doc_text(path):
    with open(path) as f:
        return f.read()


def headings(path):
    """{N: title} of the '## N. Title' headings."""
    return {int(m.group(1)): m.group(2).strip()
            for m in re.finditer(r"^## (\d+)\. (.*)$", doc_text(path), re.M)}


REF = re.compile(r'(?:(docs/[\w-]+\.md),?\s+|\()section\s+(\d+)(?:,\s+"([^"]+)")?')


@test("every numbered section reference names a section there (and its title, where given)", "docs")
def _():
    bad, count = [], 0
    for doc in DOCS:
        for m in REF.finditer(doc_text(doc)):
            target = m.group(1) or doc
            number, title = int(m.group(2)), m.group(3)
            count += 1
            found = headings(target) if os.path.exists(target) else {}
            if number not in found:
                bad.append(f"{doc}: {m.group(0)!r}: {target} has no section {number}")
            elif title and not found[number].startswith(title.replace("\n", " ")):
                bad.append(f"{doc}: {m.group(0)!r}: section {number} of {target} is {found[number]!r}")
    expect(count >= 10, f"only {count} references found: the pattern no longer matches the docs")
    expect(not bad, "; ".join(bad))


@test("README and docs/pmu.md point at section 7 of docs/pmu.md for the checker", "docs")
def _():
    for doc in ("README.md", "docs/pmu.md"):
        text = " ".join(doc_text(doc).split())
        expect('section 7, "Checking a DT on the host"' in text, f"{doc} does not name section 7 for the checker")
    expect(headings("docs/pmu.md").get(7, "").startswith("Checking a DT on the host"), "docs/pmu.md section 7")


def shown_session(doc, command_start):
    """The indented block of doc whose first line is '    $ <command_start>...': (command, output lines)."""
    lines = doc_text(doc).splitlines()
    for i, line in enumerate(lines):
        if line.startswith(f"    $ {command_start}"):
            command, out = line[6:], []
            for nxt in lines[i + 1:]:
                if nxt and not nxt.startswith("    "):
                    break
                out.append(nxt[4:])
            while out and not out[-1]:
                out.pop()
            return command, out
    expect(False, f"{doc} shows no '$ {command_start}' session")


def matches(shown, real):
    """shown == real, where a line '...' in shown stands for one or more real lines."""
    pattern = "".join(r"(?:[^\n]*\n)+" if l.strip() == "..." else re.escape(l) + r"\n" for l in shown)
    return re.fullmatch(pattern, "".join(l + "\n" for l in real)) is not None


def run_shown(command):
    """Runs a command as a user would, with abacus-pmu-dt being the installed build."""
    command = command.replace("abacus-pmu-dt", TOOL_PLAIN, 1)
    p = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=120)
    return p.stdout.splitlines()


@test("docs/pmu.md's example session is what the tool prints", "docs")
def _():
    command, shown = shown_session("docs/pmu.md", "abacus-pmu-dt --counters")
    real = run_shown(command)
    expect(matches(shown, real), f"differs from `{command}`: first real lines not shown: "
           f"{[l for l in real if l not in shown][:3]}, shown but not printed: {[l for l in shown if l not in real and l.strip() != '...'][:3]}")


@test("docs/porting.md's dry-run session is what abacus-dryrun prints", "docs")
def _():
    command, shown = shown_session("docs/porting.md", "abacus-dryrun")
    real = run_shown(command.replace("abacus-dryrun", DRYRUN_PLAIN, 1))
    expect(matches(shown, real), f"differs from `{command}`: first real lines not shown: "
           f"{[l for l in real if l not in shown][:3]}, shown but not printed: "
           f"{[l for l in shown if l not in real and l.strip() != '...'][:3]}")


@test("docs/pmu.md's JSON example is what the tool prints", "docs")
def _():
    lines = doc_text("docs/pmu.md").splitlines()
    i = next(i for i, l in enumerate(lines) if l.startswith("    $ abacus-pmu-dt --json"))
    command = lines[i][6:].rstrip("\\") + lines[i + 1].strip()
    real = run_shown(command)
    expect(real == [lines[i + 2][4:]], f"`{command}` prints {real}, the doc shows {lines[i + 2][4:]!r}")


def boot_log(argv, until=b"abacus: next stage"):
    """The console output of a QEMU command line, up to the line starting with `until`."""
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    log, deadline = b"", time.time() + 120
    try:
        os.set_blocking(p.stdout.fileno(), False)
        while until not in log and time.time() < deadline and p.poll() is None:
            log += p.stdout.read() or b""
            time.sleep(0.05)
        time.sleep(0.2)
        log += p.stdout.read() or b""
    finally:
        p.kill()
        p.wait()
    return log.decode(errors="replace").replace("\r", "").splitlines()


@test("README's one-image sample lines come from the README's own command", "docs")
def _():
    readme = doc_text("README.md")
    block = readme[readme.index("### One-image builds"):readme.index("## Checking")]
    shown = [l for l in block.splitlines() if l.startswith("abacus: ")]
    expect(len(shown) >= 2, f"the README shows {shown}")
    command = next(l for l in block.splitlines() if "-bios build/generic-payload-hello/abacus.bin" in l)
    argv = shlex.split(command.split("#")[0])
    expect(argv[0] == "qemu-system-riscv64", f"README command {argv}")
    image = f"{BUILD}/generic-payload-hello/abacus.bin"
    expect(os.path.exists(image), f"{image} missing (make embedded-images)")
    argv = [QEMU, *[image if a == "build/generic-payload-hello/abacus.bin" else a for a in argv[1:]]]
    real = boot_log(argv)
    missing = [l for l in shown if l not in real]
    expect(not missing, f"not in the boot log: {missing}; it has {[l for l in real if l.startswith(('abacus: payload', 'abacus: next'))]}")


@test("README's make run boot log is what make run prints", "docs")
def _():
    readme = doc_text("README.md")
    block = readme[readme.index("## Booting it: `make run`"):]
    block = block[block.index("```\n") + 4:]
    shown = block[:block.index("```")].splitlines()
    expect(shown and shown[0].startswith("Abacus SBI firmware"), f"the README shows {shown[:2]}")
    image, payload = f"{BUILD}/generic/abacus.bin", f"{BUILD}/payloads/hello.elf"
    expect(os.path.exists(image) and os.path.exists(payload), "make firmware payloads first")
    # scripts/run-demo.sh's command line (make run), with this build's files.
    real = boot_log([QEMU, "-M", "virt", "-smp", "4", "-nographic", "-bios", image, "-kernel", payload])
    start = next((i for i, l in enumerate(real) if l.startswith("Abacus SBI firmware")), None)
    expect(start is not None, f"no banner in {real[:5]}")
    # The boot hart is whichever hart wins the lottery: its number is not the README's to promise.
    lottery = lambda l: re.sub(r"(boot hart|on hart) \d+", r"\1 N", l)
    real = [lottery(l) for l in real[start:start + len(shown)]]
    differ = [(a, b) for a, b in zip(map(lottery, shown), real) if a != b]
    expect(len(real) == len(shown) and not differ, f"README vs make run: {differ or real}")


@test("docs/porting.md's OpenSBI table names exactly the FW_* variables the build knows", "docs")
def _():
    with open("firmware/opensbi_vars.mk") as f:
        mk = f.read()
    known = set(re.search(r"^opensbi_known := ((?:.*\\\n)*.*)$", mk, re.M).group(1).replace("\\\n", " ").split())
    known |= set(re.findall(r"^opensbi_why_(\w+) :=", mk, re.M))
    known -= {"FW_COLD_OPT"}   # the Makefile's own knob, not OpenSBI's
    text = doc_text("docs/porting.md")
    table = text[text.index("## OpenSBI option -> Abacus"):text.index("## Limits")]
    in_table = set(re.findall(r"`((?:FW|PLATFORM)_[A-Z_]+)", table)) - {"PLATFORM_SRCS"}
    expect(known - in_table == set(), f"known to the build, not in the table: {sorted(known - in_table)}")
    expect(in_table - known == set(), f"in the table, unknown to the build: {sorted(in_table - known)}")


sys.exit(finish("tools (docs)"))
