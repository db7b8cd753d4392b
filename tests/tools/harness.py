# SPDX-License-Identifier: BSD-2-Clause
"""What the abacus-pmu-dt tests share: PASS/FAIL lines, running the tool, reading its report.

Each test prints one "PASS: tools: ..." or "FAIL: tools: ... (why)" line, which
scripts/run-tests.sh counts; finish() prints the totals and gives the exit status.
"""
import json
import os
import subprocess

BUILD = os.environ.get("BUILD", "build")
TOOL = os.environ.get("TOOL", f"{BUILD}/host/abacus-pmu-dt-asan")
TOOL_PLAIN = os.environ.get("TOOL_PLAIN", f"{BUILD}/tools/abacus-pmu-dt")

results = {"passed": 0, "failed": 0, "skipped": 0}
# ABACUS_SKIP_SID=1: scripts/setup.sh made no Debian sid root (README); the
# tests that need it (QEMU 11.1, Linux 7.2's tree) print SKIP lines instead.
SKIP_SID = os.environ.get("ABACUS_SKIP_SID") == "1"


class CheckFailed(Exception):
    pass


def expect(cond, why):
    if not cond:
        raise CheckFailed(why)


def test(name, what="abacus-pmu-dt", needs_sid=False):
    """Decorator: runs the test at once and prints its PASS/FAIL line (SKIP without the sid root it needs)."""
    def run(fn):
        if needs_sid and SKIP_SID:
            results["skipped"] += 1
            print(f"SKIP: tools: {what} {name} (ABACUS_SKIP_SID=1: no Debian sid root)", flush=True)
            return fn
        try:
            fn()
        except CheckFailed as e:
            results["failed"] += 1
            print(f"FAIL: tools: {what} {name} ({e})", flush=True)
        except Exception as e:   # a crash of the test itself is a failure too
            results["failed"] += 1
            print(f"FAIL: tools: {what} {name} (test error: {type(e).__name__}: {e})", flush=True)
        else:
            results["passed"] += 1
            print(f"PASS: tools: {what} {name}", flush=True)
        return fn
    return run


def finish(what):
    skipped = f", {results['skipped']} skipped" if results["skipped"] else ""
    print(f"{what}: {results['passed']} passed, {results['failed']} failed{skipped}", flush=True)
    return 1 if results["failed"] else 0


def tool(*args, binary=None):
    """Runs the tool; returns (exit status, stdout, stderr)."""
    p = subprocess.run([binary or TOOL, *args], capture_output=True, text=True, timeout=120)
    # The ASan build reports memory errors on stderr with a non-zero status.
    if "Sanitizer" in p.stderr or "runtime error" in p.stderr:
        raise CheckFailed(f"sanitizer report: {p.stderr.strip()[:400]}")
    return p.returncode, p.stdout, p.stderr


def tool_json(*args):
    rc, out, err = tool("--json", *args)
    try:
        return rc, json.loads(out)
    except json.JSONDecodeError as e:
        raise CheckFailed(f"--json output is not JSON: {e}: {out[:200]!r} {err[:200]!r}")


def text_section(out, title_prefix):
    """The indented lines under the section whose title starts with title_prefix."""
    lines, inside = [], False
    for line in out.splitlines():
        if line.startswith(title_prefix):
            inside = True
            continue
        if inside:
            if not line.startswith("  "):
                break
            lines.append(line[2:])
    return lines


def boot_log(out):
    return text_section(out, "boot log")


def has_lines(out, wanted):
    missing = [w for w in wanted if w not in out.splitlines()]
    expect(not missing, "missing line(s): " + " | ".join(missing))
