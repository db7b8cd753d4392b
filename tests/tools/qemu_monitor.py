# SPDX-License-Identifier: BSD-2-Clause
"""A client of QEMU's human monitor on a Unix socket (-monitor unix:PATH,server=on,wait=off),
shared by tests/tools/qemu-fatal-record.py and tests/fuzz/stress-canary.py."""
import socket
import time


class Monitor:
    def __init__(self, path, wait_s=0.0, timeout_s=None):
        """Connects to the monitor at path, trying again for up to wait_s seconds while QEMU
        creates the socket; timeout_s bounds each later read (None: no bound)."""
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        deadline = time.monotonic() + wait_s
        while True:
            try:
                self.sock.connect(path)
                break
            except OSError:
                if time.monotonic() >= deadline:
                    raise RuntimeError("no QEMU monitor at " + path)
                time.sleep(0.1)
        self.sock.settimeout(timeout_s)
        self.read_prompt()

    def read_prompt(self):
        """What the monitor printed up to its next prompt."""
        data = b""
        while not data.endswith(b"(qemu) "):
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError("QEMU monitor closed")
            data += chunk
        return data.decode(errors="replace")

    def command(self, text):
        """Runs one monitor command; returns what it printed."""
        self.sock.sendall(text.encode() + b"\n")
        return self.read_prompt()
