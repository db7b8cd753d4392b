#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""
The firmware's file graph, from the code's own names, against the layers
docs/architecture.md draws.

    scripts/layer-check.py [--dot] BUILD_DIR...

For each firmware build directory (build/generic, ...) it reads every
object file the firmware links (libfdt aside: third-party code at the very
bottom), and draws an arrow A -> B for each name A uses that only B defines
(`nm`: functions and data; a static inline function in a header counts where
it is inlined). Then:

  - no circle: the graph has no cycle (a strongly connected component of
    more than one file is printed with its arrows);
  - layers point down: every file belongs to one layer of the table in
    docs/architecture.md (section "Layers": rows `| N | name | paths |`, the
    paths as `glob` in backticks, first match wins), and no arrow goes from
    a lower layer to a higher one;
  - no firmware source file (firmware/, lib/, platform/, include/) over
    600 lines;
  - device regions checked: no driver or board quirk (lib/drivers/,
    platform/) reads a reg with fdt_read_reg; they use dt_device_reg()
    (include/dt_device_reg.h), which refuses a region in RAM or in the
    firmware, except the scanners listed in RAW_REG_READERS.

Each check prints one `PASS: layers: ...` or `FAIL: layers: ...` line; exit
status 1 if any failed. --dot prints the graph (Graphviz) instead.
"""
import fnmatch
import os
import re
import subprocess
import sys

MAX_LINES = 600
NM = os.environ.get("NM", "riscv64-unknown-elf-nm")
TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
ARCH_DOC = os.path.join(TOP, "docs", "architecture.md")
DEVICE_DIRS = ("lib/drivers/", "platform/")
# Files under DEVICE_DIRS that may read a raw reg, and why.
RAW_REG_READERS = {
    "lib/drivers/aia_dt.c": "a DT scan (fuzzed on the host); lib/drivers/aia.c checks every region it uses",
}


def read_layers():
    """[(number, name, [globs])] from the Layers table of docs/architecture.md."""
    layers = []
    in_section = False
    for line in open(ARCH_DOC, encoding="utf-8"):
        if line.startswith("## "):
            in_section = line.strip() == "## Layers"
            continue
        m = re.match(r"\|\s*(\d+)\s*\|\s*([^|]+?)\s*\|(.*)\|\s*$", line) if in_section else None
        if m:
            globs = re.findall(r"`([^`]+)`", m.group(3))
            layers.append((int(m.group(1)), m.group(2), globs))
    return layers


def layer_of(path, layers):
    for number, name, globs in layers:
        for g in globs:
            if fnmatch.fnmatchcase(path, g) or fnmatch.fnmatchcase(path, g.rstrip("/") + "/*"):
                return number, name
    return None


def objects(build):
    """{source path: object path} for the firmware's own objects in build."""
    result = {}
    for root, _, files in os.walk(build):
        rel_root = os.path.relpath(root, build)
        if rel_root.split(os.sep)[0] == "libfdt":
            continue
        for f in files:
            if not (f.endswith(".c.o") or f.endswith(".S.o")):
                continue
            src = os.path.normpath(os.path.join(rel_root, f[:-2]))
            if os.path.exists(os.path.join(TOP, src)):
                result[src] = os.path.join(root, f)
    return result


def graph(objs):
    defined, used = {}, {}
    for src, obj in objs.items():
        out = subprocess.run([NM, obj], capture_output=True, text=True, check=True).stdout
        used[src] = set()
        for line in out.splitlines():
            f = line.split()
            if len(f) == 2 and f[0] == "U":
                used[src].add(f[1])
            elif len(f) == 3 and f[1] in "TDBRGSVWC":
                defined.setdefault(f[2], set()).add(src)
    edges = {src: {} for src in objs}
    for src, names in used.items():
        for name in names:
            owners = defined.get(name, set())
            if len(owners) == 1:
                (dst,) = owners
                if dst != src:
                    edges[src].setdefault(dst, []).append(name)
    return edges


def cycles(edges):
    """Strongly connected components of more than one file (Tarjan, iterative)."""
    index, low, on_stack, stack, result = {}, {}, set(), [], []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                    advanced = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    result.append(sorted(comp))
    return result


def check_build(build, layers):
    ok = True
    name = os.path.relpath(build, TOP) if build.startswith(TOP) else build
    objs = objects(build)
    if not objs:
        print(f"FAIL: layers: {name}: no firmware objects (build it first)")
        return False
    edges = graph(objs)

    comps = cycles(edges)
    if comps:
        ok = False
        print(f"FAIL: layers: {name}: {len(comps)} circle(s) in the file graph")
        for comp in comps:
            print(f"    circle of {len(comp)} files:")
            for a in comp:
                for b in sorted(edges[a]):
                    if b in comp:
                        print(f"      {a} -> {b} ({', '.join(sorted(edges[a][b])[:4])})")
    else:
        print(f"PASS: layers: {name}: no circle in the file graph ({len(objs)} files)")

    unplaced = [s for s in sorted(objs) if layer_of(s, layers) is None]
    upward = []
    for a in sorted(edges):
        la = layer_of(a, layers)
        for b in sorted(edges[a]):
            lb = layer_of(b, layers)
            if la and lb and lb[0] > la[0]:
                upward.append((a, la, b, lb, sorted(edges[a][b])))
    if unplaced or upward:
        ok = False
        print(f"FAIL: layers: {name}: {len(unplaced)} file(s) in no layer, {len(upward)} arrow(s) pointing up")
        for s in unplaced:
            print(f"    {s}: in no layer of docs/architecture.md")
        for a, la, b, lb, names in upward:
            print(f"    {a} (layer {la[0]}, {la[1]}) -> {b} (layer {lb[0]}, {lb[1]}): {', '.join(names[:4])}")
    else:
        print(f"PASS: layers: {name}: every dependency points down ({len(layers)} layers)")

    raw = sorted(a for a in edges if a.startswith(DEVICE_DIRS) and a not in RAW_REG_READERS
                 and any("fdt_read_reg" in names for names in edges[a].values()))
    if raw:
        ok = False
        print(f"FAIL: layers: {name}: {len(raw)} driver file(s) read a device reg unchecked (fdt_read_reg, "
              f"not dt_device_reg): {', '.join(raw)}")
    else:
        print(f"PASS: layers: {name}: every driver reads device regs through dt_device_reg")
    return ok


def check_lengths():
    long_files = []
    for d in ("firmware", "lib", "platform", "include"):
        for root, _, files in os.walk(os.path.join(TOP, d)):
            for f in files:
                if f.endswith((".c", ".h", ".S")):
                    p = os.path.join(root, f)
                    n = sum(1 for _ in open(p, encoding="utf-8", errors="replace"))
                    if n > MAX_LINES:
                        long_files.append((os.path.relpath(p, TOP), n))
    if long_files:
        print(f"FAIL: layers: {len(long_files)} firmware source file(s) over {MAX_LINES} lines: "
              + ", ".join(f"{p} ({n})" for p, n in long_files))
        return False
    print(f"PASS: layers: no firmware source file over {MAX_LINES} lines")
    return True


def dot(builds, layers):
    edges = {}
    for b in builds:
        for a, targets in graph(objects(b)).items():
            edges.setdefault(a, set()).update(targets)
    print("digraph abacus {\n  rankdir=BT; node [shape=box, fontsize=10];")
    for a in sorted(edges):
        for b in sorted(edges[a]):
            print(f'  "{a}" -> "{b}";')
    print("}")


def main(argv):
    args = argv[1:]
    want_dot = "--dot" in args
    builds = [os.path.abspath(a) for a in args if a != "--dot"]
    if not builds:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    layers = read_layers()
    if want_dot:
        dot(builds, layers)
        return 0
    if not layers:
        print("FAIL: layers: docs/architecture.md has no Layers table")
        return 1
    ok = True
    for b in builds:
        ok &= check_build(b, layers)
    ok &= check_lengths()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
