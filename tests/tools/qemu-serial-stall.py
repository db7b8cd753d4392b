#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Runs QEMU with its first serial port on a Unix socket whose reader stops reading on request,
as a serial line whose far end stops reading (tests/qemu-tests.txt, serial=stall;
tests/payloads/console_stall.c).

    qemu-serial-stall.py --log LOG --dir DIR -- QEMU [ARGS...]

The QEMU command line gets `-chardev socket` on DIR/<pid>.serial (this script listens there, QEMU
connects), `-serial chardev:...` and `-monitor unix:DIR/<pid>.mon`. Everything read from the serial
port is appended to LOG as it arrives, as QEMU's own stdout and stderr are. When the line

    SERIAL-STALL-STOP <address>

arrives (the Nth time), the reader stops reading: QEMU's socket fills, its UART's transmitter stays
full. It reads again once the 64-bit word at guest physical <address> is N or more, which it polls
through QEMU's monitor (`xp`): the guest says when it is done with the stalled console. A guest that
never says so stays stalled until QEMU exits. Exit status: QEMU's.
"""
import argparse
import os
import re
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from qemu_monitor import Monitor  # noqa: E402

STOP_RE = re.compile(rb"SERIAL-STALL-STOP (0x[0-9a-fA-F]+)\r?\n")
POLL_S = 0.2


def read_flag(monitor, address):
    """The 64-bit word at guest physical address, or None when the monitor says something else."""
    out = monitor.command(f"xp /1gx {address:#x}")
    m = re.search(r":\s+(0x[0-9a-fA-F]+)", out)
    return int(m.group(1), 16) if m else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--log", required=True)
    parser.add_argument("--dir", required=True)
    parser.add_argument("qemu", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    qemu = args.qemu[1:] if args.qemu[:1] == ["--"] else args.qemu
    if not qemu:
        parser.error("no QEMU command line")

    sock_dir = args.dir
    # A Unix socket's path holds at most 107 bytes: a deep build directory gets a short one.
    if len(os.path.join(sock_dir, f"{os.getpid()}.serial")) > 100:
        sock_dir = tempfile.mkdtemp(prefix="abacus-stall-")
    serial_path = os.path.join(sock_dir, f"{os.getpid()}.serial")
    monitor_path = os.path.join(sock_dir, f"{os.getpid()}.mon")
    for path in (serial_path, monitor_path):
        if os.path.exists(path):
            os.unlink(path)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(serial_path)
    listener.listen(1)

    log = open(args.log, "ab", buffering=0)
    proc = subprocess.Popen(qemu + ["-chardev", f"socket,id=stallserial,path={serial_path}",
                                    "-serial", "chardev:stallserial",
                                    "-monitor", f"unix:{monitor_path},server=on,wait=off"],
                            stdin=subprocess.DEVNULL, stdout=log, stderr=log)

    def stop(signum, frame):
        proc.terminate()
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    conn = None
    monitor = None
    try:
        listener.settimeout(1.0)
        while conn is None and proc.poll() is None:
            try:
                conn, _ = listener.accept()
            except socket.timeout:
                pass
        if conn is None:
            return proc.wait()
        conn.setblocking(False)
        pending = b""          # read since the last complete line, to find the marker in
        stops = 0
        stopped_at = None      # the flag's address while stopped
        while True:
            if stopped_at is not None:
                if proc.poll() is not None:
                    break
                try:
                    if monitor is None:
                        monitor = Monitor(monitor_path, wait_s=10.0, timeout_s=10.0)
                    value = read_flag(monitor, stopped_at)
                except (OSError, RuntimeError):
                    # QEMU is going away (a shutdown while stalled), or its monitor
                    # hung up: connect again while QEMU runs.
                    monitor = None
                    value = None
                if value is not None and value >= stops:
                    stopped_at = None
                else:
                    time.sleep(POLL_S)
                continue
            ready, _, _ = select.select([conn], [], [], POLL_S)
            if not ready:
                if proc.poll() is not None:
                    break
                continue
            try:
                data = conn.recv(4096)
            except BlockingIOError:
                continue
            if not data:
                break
            log.write(data)
            pending += data
            m = STOP_RE.search(pending)
            if m:
                stops += 1
                stopped_at = int(m.group(1), 16)
                pending = pending[m.end():]
            elif b"\n" in pending:
                pending = pending[pending.rindex(b"\n") + 1:]
        return proc.wait()
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
        for path in (serial_path, monitor_path):
            if os.path.exists(path):
                os.unlink(path)
        if sock_dir != args.dir:
            os.rmdir(sock_dir)


if __name__ == "__main__":
    sys.exit(main())
