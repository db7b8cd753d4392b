#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""
Static bound of each hart's M-mode stack (docs/reliability.md, "Stack depth").

    scripts/stack-check.py [--margin BYTES] [--verbose] BUILD_DIR...

BUILD_DIR is a firmware build (build/generic, build/generic-test-hooks,
build/generic-snapshot): GCC's -fcallgraph-info=su (the Makefile always
passes it) leaves a .ci file per object with each function's frame size and
its calls. The script finds the deepest chain of frames from every place
where C code starts on a hart's 2 KiB block:

  - the trap entry (firmware/trap_entry.S) builds a TRAP_FRAME_SIZE frame at
    the top of the stack and then calls the functions its object file calls
    (read from its relocations) and every handler of the ecall table
    (sbi_extension_table's handler slots, read from the relocations of the
    table the build generates, scripts/gen-ecall-table.py; the dispatch,
    sbi_ecall_dispatch, calls them indirectly; for a handler in assembly,
    ASM_HANDLERS, what its object file calls);
  - firmware/entry.S starts boot_warm_main at the very top of the stack.

Indirect calls are resolved by INDIRECT_CALLS below (by calling function).
Everything that could make the bound wrong is a failure, not a guess: a
reachable indirect call that is not listed, an address-taken function that
no list names (a new callback some listed call could reach), a call to
assembly or to a function without a .ci node, recursion, a frame that is not
static. The bound is pessimistic: every call counts its caller's whole frame,
also a tail call (which pops it first).

Prints one PASS:/FAIL: line per build: FAIL when the bound exceeds the stack
(HART_BLOCK_SIZE - sizeof(struct hart_state)) minus the margin.
"""
import argparse
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CROSS = os.environ.get('CROSS_COMPILE', 'riscv64-unknown-elf-')

# Which functions each indirect call site may reach, by the function that
# makes the call (GCC clone suffixes such as .isra.0 are ignored). A target
# missing from one build (another platform's driver) is fine; one missing
# from every build checked is a stale entry and fails.
INDIRECT_CALLS = {
    # Hart masks: the per-target callbacks (lib/core/hart_mask.c).
    'sbi_hartmask_for_each': ['legacy_send_ipi', 'rfence_send', 'send_smode_ipi'],
    'sbi_hartmask_check': ['hart_has_h'],
    # The console device (lib/core/console.c): the UART drivers' try_putc and getc
    # (console_put may be inlined into its callers) ...
    'console_put': ['ns16550_try_putc', 'sifive_uart_try_putc', 'scif_try_putc', 'htif_try_putc'],
    'console_putc_raw': ['ns16550_try_putc', 'sifive_uart_try_putc', 'scif_try_putc', 'htif_try_putc'],
    'console_putc': ['ns16550_try_putc', 'sifive_uart_try_putc', 'scif_try_putc', 'htif_try_putc'],
    'console_puts': ['ns16550_try_putc', 'sifive_uart_try_putc', 'scif_try_putc', 'htif_try_putc'],
    # ... and its wait hook, which boot sets to the IPI layer's ipi_serve_pending.
    'console_wait_for_room': ['ns16550_try_putc', 'sifive_uart_try_putc', 'scif_try_putc', 'htif_try_putc'],
    'console_write': ['ns16550_try_putc', 'sifive_uart_try_putc', 'scif_try_putc', 'htif_try_putc', 'ipi_serve_pending'],
    'console_getc': ['ns16550_getc', 'sifive_uart_getc', 'scif_getc', 'htif_getc'],
    # The formatter's output (lib/common/format.c): the console's, for console_printf.
    'format': ['console_putc_raw'],
    'put_padded': ['console_putc_raw'],
    'put_number': ['console_putc_raw'],
    'sink_put': ['console_putc_raw'],
    # Misaligned emulation's S-mode memory accessors (lib/trap/emulate.c).
    'misaligned_emulate': ['smode_fetch_insn', 'smode_read_u8', 'smode_write_u8'],
    # The board quirks' PMU firmware-event hooks (platform/generic/quirks/).
    'pmu_event_decode': ['qemu_virt_fw_event_lookup'],
    # A vendor's counter overflow interrupt (lib/ext/pmu/pmu.h, pmu_vendor_counters): the Andes AX45MP's.
    'special_take': ['ax45_take'],
    'special_start': ['ax45_start'],
    'snapshot_take': ['ax45_overflowed'],
    'pmu_hart_reset': ['ax45_hart_reset'],
    # ... and its probe on an Andes hart, handed to the PMU's discovery at boot (pmu_andes_hart_probe).
    'pmu_hart_discover': ['andes_ax45_pmu_hart_init'],
    'fw_platform_event_now': ['qemu_virt_fw_event_read'],
    # IPI doorbells (include/ipi_device.h): ACLINT MSWI, Andes PLICSW, M-level IMSIC file.
    'ipi_raise': ['mswi_send', 'plicsw_send', 'imsic_ipi_send'],
    'ipi_device_send': ['mswi_send', 'plicsw_send', 'imsic_ipi_send'],
    'ipi_device_clear': ['mswi_clear', 'plicsw_clear', 'imsic_ipi_clear'],
    # A hart gone before it was set up rings the boot hart (lib/core/hart_table.c);
    # the test hook that lets a hart held back at boot come rings it.
    'hart_mark_gone': ['mswi_send', 'plicsw_send', 'imsic_ipi_send', 'hart_lifecycle_reset'],
    'test_release_hart': ['mswi_send', 'plicsw_send', 'imsic_ipi_send'],
    # ... and the IPI reasons' handlers (IPI_REASON, include/ipi.h).
    'ipi_take': ['mswi_clear', 'plicsw_clear', 'imsic_ipi_clear', 'smode_ipi_take', 'rfence_ipi', 'sse_ipi'],
    # The machine timer (include/timer_device.h): ACLINT MTIMER (and the Andes PLMT), T-Head's.
    'smode_timer_set': ['mtimer_set_compare', 'thead_mtimer_set_compare'],
    'timer_now': ['mtimer_now', 'thead_mtimer_now'],
    'timer_delay_ms': ['mtimer_now', 'thead_mtimer_now'],
    'timer_deadline_start': ['mtimer_now', 'thead_mtimer_now'],
    'timer_deadline_passed': ['mtimer_now', 'thead_mtimer_now'],
    # Reset devices (lib/core/reset.c): syscon, GPIO lines, HTIF's exit request, the D1's and the
    # RZ/Five's watchdogs, the CV18xx's RTC, the TH1520's AON, a PMIC on I2C (lib/core/i2c_reset.c),
    # a quirk's fallback (no quirk has one).
    'reset_supported': ['syscon_supported', 'gpio_reset_supported', 'htif_reset_supported', 'reset_type_reboot',
                        'reset_type_any', 'i2c_reset_supported', 'platform_reset_supported'],
    'reset_system': ['syscon_supported', 'gpio_reset_supported', 'htif_reset_supported', 'reset_type_reboot',
                     'reset_type_any', 'i2c_reset_supported', 'platform_reset_supported', 'syscon_reset', 'gpio_reset',
                     'htif_reset', 'sunxi_wdt_reset', 'rzg2l_wdt_reset', 'cv1800_rtc_reset', 'th1520_aon_reset',
                     'i2c_reset'],
    # I2C controllers' transfers (include/i2c_bus.h): DesignWare, OpenCores/SiFive, SpacemiT K1, Renesas RIIC.
    'i2c_transfer': ['dw_i2c_transfer', 'oc_i2c_transfer', 'k1_i2c_transfer', 'riic_transfer'],
    # A SoC quirk's I2C clock (include/i2c_bus.h, i2c_set_power_hook), as a controller is added (boot).
    'i2c_bus_add': ['jh7110_i2c_power', 'rzfive_i2c_power'],
    # The AIA's M-level APLIC (boot) and each hart's M-level IMSIC file (hart
    # set-up, also on hart_start) through accessors the host tests replace
    # (lib/drivers/aia.c).
    'aplic_setup_mlevel': ['mmio_read', 'mmio_write'],
    'imsic_mfile_setup': ['mireg_read', 'mireg_write'],
    # PMP: the plan's entries, written as they come (lib/core/pmp.c; hart set-up).
    'add_entry': ['pmp_write_entry'],
    # Boot only, on the static boot stack (not a hart block): listed so that
    # every address-taken function is accounted for. The board quirks' set-up.
    'boot_cold_main': ['sg2042_init', 'rzfive_init', 'k1_init'],
    # A board quirk's additions to S-mode's DT (firmware/fdt_fixup.c), on the boot stack at the end of boot.
    'fdt_fixup_for_smode': ['rzfive_fdt_fixup'],
    'boot_warm_main': ['mswi_send', 'plicsw_send', 'imsic_ipi_send', 'mswi_clear', 'plicsw_clear',
                       'imsic_ipi_clear', 'mtimer_set_compare', 'thead_mtimer_set_compare', 'k1_hart_init'],
    # HSM hart_start of a hart that has not come: the board quirk's way to wake it (include/hart_run.h;
    # the test-hook image's stand-in for QEMU, abacus.hold-wake),
    # then the time source while it waits (hsm_wake_absent, inlined).
    'sbi_hsm_hart_start': ['k1_hart_wake', 'test_wake_held_hart', 'mtimer_now', 'thead_mtimer_now'],
}

# Tables the linker gathers whose entries hold function pointers: every
# function an entry of such a section points to is a target of the listed
# calls, found from the objects' relocations, so a new entry (a new driver:
# DT_DRIVER, include/dt_driver.h) needs no line here.
TABLE_CALLS = {
    'abacus_dt_console': ['dt_walk_probe', 'dt_probe_node'],
    # The per-hart lifecycle (HART_LIFECYCLE, include/hart_lifecycle.h; sections
    # abacus_hart_lifecycle.<order>.<name>): each hook by its runner, at its
    # offset in an entry.
    'abacus_hart_lifecycle.': {0: ['hart_lifecycle_prepare'], 8: ['hart_lifecycle_discover'],
                               16: ['hart_lifecycle_init'], 24: ['hart_lifecycle_reset']},
    # The boot hooks (BOOT_HOOK, include/boot_hooks.h; abacus_boot_<hook>.<order>.<name>): each by its runner.
    'abacus_boot_setup.': ['boot_hooks_setup'],
    'abacus_boot_log_feature.': ['boot_hooks_log_feature'],
    'abacus_boot_log_hart.': ['boot_hooks_log_hart'],
    'abacus_boot_harts_alike.': ['boot_hooks_harts_alike'],
    'abacus_boot_log.': ['boot_hooks_log'],
    'abacus_boot_fdt_fixup.': ['boot_hooks_fdt_fixup'],
    'abacus_boot_start.': ['boot_hooks_start'],
    'abacus_dt_timer_ipi': ['dt_walk_probe', 'dt_probe_node'],
    'abacus_dt_reset': ['dt_walk_probe', 'dt_probe_node'],
    'abacus_dt_i2c': ['i2c_probe_controller'],
}

# Address-taken functions that C never calls on a hart's stack: trap and
# probe vectors (mtvec; skip_insn_vector: the entry's CSR probes), the reset entry, and what call_on_stack runs on
# another stack: the boot-time DT work on the boot stack (boot_finish_platform,
# next_stage_choose_deep), a fatal trap's report on its own (trap_report_print; and
# what boot_trap_vector runs there: boot_trap_report, boot_trap_nested).
NOT_CALLED_ON_HART_STACK = {'_fw_start', 'trap_entry', 'trap_entry_flush_tlb', 'trap_expect_vector', 'boot_trap_vector', 'skip_insn_vector',
                            'boot_finish_platform', 'next_stage_choose_deep', 'trap_report_print', 'boot_trap_report',
                            'boot_trap_nested'}

# Recursion the code bounds, as (caller, callee): the call edges that cannot
# be taken below that call. libfdt resolves an alias at the start of a
# path by looking it up under "/aliases" (a full path) and then looking up
# its value; the firmware passes libfdt a path that starts with an alias
# only after checking that the alias's value is a full path
# (lib/fdt/fdt_helpers.c, fdt_stdout_node). So below those two calls no
# alias is resolved again.
# (GCC may inline fdt_path_offset, a strlen and a call: both forms are listed.)
FDT_ALIAS_EDGES = (('fdt_path_offset_namelen', 'fdt_get_alias_namelen'),
                   ('fdt_path_offset_namelen', 'fdt_path_offset'),
                   ('fdt_path_offset_namelen', 'fdt_path_offset_namelen'))
BOUNDED_RECURSION = {edge: FDT_ALIAS_EDGES for edge in (
    ('fdt_get_alias_namelen', 'fdt_path_offset'), ('fdt_get_alias_namelen', 'fdt_path_offset_namelen'),
    ('fdt_path_offset_namelen', 'fdt_path_offset'), ('fdt_path_offset_namelen', 'fdt_path_offset_namelen'))}
# SSE's IPI handler raises its own reason again when it runs inside an ecall
# (lib/ext/sse/sse_core.c, sse_ipi); ipi_raise takes a request at once only
# on a hart without a doorbell, which never has requests pending outside
# that very call, so its handlers never run inside an ecall: below that
# raise, the IPI is not taken again.
BOUNDED_RECURSION[('sse_ipi', 'ipi_raise')] = (('ipi_raise', 'ipi_take'),)

# Assembly that C calls: bytes it pushes on the hart's stack. call_on_stack
# saves two registers there, then runs its function on another stack;
# hart_enter_next_mode, hart_enter_block (cold boot: onto the hart's own
# stack, where boot_warm_main is a root) and park never return and push
# nothing; mstatus_mpv_write (lib/common/mstatus_mpv.S) returns and pushes
# nothing.
ASM_FUNCTIONS = {'call_on_stack': 16, 'hart_enter_next_mode': 0, 'hart_enter_block': 0, 'park': 0,
                 'mstatus_mpv_write': 0}

# The other stacks C runs on, checked with the same margin: (function, the
# file and #define of its stack's size). Cold boot and the DT work at the end
# of boot run on the 4 KiB boot stack (firmware/entry.S; BOOT_DEEP_STACK_SIZE
# is its size for a finisher that is not the cold-boot hart), a fatal trap's
# report on its own stack (lib/core/trap_report.c).
OTHER_STACKS = [
    ('boot_cold_main', 'firmware/boot.c', 'BOOT_DEEP_STACK_SIZE'),
    ('boot_finish_platform', 'firmware/boot.c', 'BOOT_DEEP_STACK_SIZE'),
    ('next_stage_choose_deep', 'firmware/boot.c', 'BOOT_DEEP_STACK_SIZE'),
    ('trap_report_print', 'include/trap_report.h', 'TRAP_REPORT_STACK_SIZE'),
    ('boot_trap_report', 'include/trap_report.h', 'TRAP_REPORT_STACK_SIZE'),
    ('boot_trap_nested', 'include/trap_report.h', 'TRAP_REPORT_STACK_SIZE'),
]

# Handlers of the ecall table written in assembly, by object file: the SSE
# slot (lib/ext/sse/sse_ecall_entry.S), which calls the SSE glue and
# then delivery, on the ecall's frame.
ASM_HANDLERS = {'sse_ecall_entry.S.o': 'sbi_ecall_sse_entry'}

# Where firmware/entry.S starts C on a hart's block, at its top.
BLOCK_TOP_ROOTS = ['boot_warm_main']

node_re = re.compile(r'node: \{ title: "([^"]*)" label: "([^"]*)"')
edge_re = re.compile(r'edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)" label: "([^"]*)"')
frame_re = re.compile(r'\\n(\d+) bytes \(([a-z ,]+)\)')


def bare(title):
    """Function name of a .ci node title ("path:name" for static functions), clone suffix removed."""
    return title.rsplit(':', 1)[-1].split('.')[0]


def c_header_define(path, name):
    with open(os.path.join(ROOT, path)) as f:
        for line in f:
            m = re.match(r'#define\s+%s\s+\(?([0-9]+)' % name, line)
            if m:
                return int(m.group(1))
    raise SystemExit('stack-check: %s not found in %s' % (name, path))


def c_sizeof(expr, cflags):
    """A constant expression evaluated by the cross compiler (no code is run)."""
    src = '#include "hart.h"\n#include "trap.h"\nconst unsigned long stack_check_value = %s;\n' % expr
    out = subprocess.run([CROSS + 'gcc', '-march=rv64imac_zicsr_zifencei', '-mabi=lp64', '-ffreestanding', '-O2', '-S', '-o', '-',
                          '-x', 'c', '-'] + cflags, input=src, capture_output=True, text=True, cwd=ROOT)
    if out.returncode:
        raise SystemExit('stack-check: cannot evaluate %s:\n%s' % (expr, out.stderr))
    m = re.search(r'stack_check_value:\s*\n\s*\.dword\s+(\d+)', out.stdout)
    if not m:
        raise SystemExit('stack-check: cannot read %s from the compiler output' % expr)
    return int(m.group(1))


def relocations(obj):
    """(section, offset, type, symbol, addend) of an object's non-debug relocations."""
    out = subprocess.run([CROSS + 'readelf', '-rW', obj], capture_output=True, text=True, check=True).stdout
    section = None
    for line in out.splitlines():
        m = re.match(r"Relocation section '\.rela(\S+)'", line)
        if m:
            section = m.group(1)
            continue
        f = line.split()
        if section is None or section.startswith('.debug') or len(f) < 5 or not f[2].startswith('R_RISCV_'):
            continue
        sym = f[4]
        addend = int(f[6], 16) if len(f) > 6 and f[5] == '+' else 0
        yield section, int(f[0], 16), f[2], sym, addend


def elf_functions(elf):
    out = subprocess.run([CROSS + 'nm', elf], capture_output=True, text=True, check=True).stdout
    return {f[2] for f in (l.split() for l in out.splitlines()) if len(f) == 3 and f[1] in 'tT'}


def elf_aliases(elf):
    """Function names that share an address with another (an alias, e.g. trap_exit_work): name -> the others."""
    out = subprocess.run([CROSS + 'nm', elf], capture_output=True, text=True, check=True).stdout
    at = {}
    for f in (l.split() for l in out.splitlines()):
        if len(f) == 3 and f[1] in 'tT':
            at.setdefault(f[0], []).append(f[2])
    return {n: [o for o in names if o != n] for names in at.values() if len(names) > 1 for n in names}


class Build:
    def __init__(self, path):
        self.path = path.rstrip('/')
        self.name = os.path.basename(self.path)
        self.errors = []
        self.frames = {}          # .ci title -> frame bytes
        self.by_name = {}         # bare name -> [titles]
        self.calls = {}           # title -> [(callee title or name, site)]
        self.objects = self.linked_objects()
        self.aliases = None       # name -> other function names at its address (elf_aliases)
        self.table_targets = {}   # calling function -> functions of linker-gathered tables it calls (TABLE_CALLS)
        self.platforms = {m.group(1) for m in (re.search(r'/platform/([^/]+)/', o) for o in self.objects) if m}

    def linked_objects(self):
        mapfile = os.path.join(self.path, 'abacus.map')
        if not os.path.exists(mapfile):
            raise SystemExit('stack-check: %s: no abacus.map (build the firmware first)' % self.path)
        objs = []
        with open(mapfile) as f:
            for line in f:
                if line.startswith('LOAD ') and line.strip().endswith('.o'):
                    objs.append(line.split()[1])
        return objs

    def load_graph(self):
        for obj in self.objects:
            if obj.endswith('.S.o'):
                continue
            ci = obj[:-2] + '.ci'
            if not os.path.exists(ci) or os.path.getmtime(ci) < os.path.getmtime(obj) - 1:
                self.errors.append('%s: no call graph next to it (built without -fcallgraph-info=su?)' % obj)
                continue
            with open(ci) as f:
                for line in f:
                    m = node_re.match(line)
                    if m:
                        title, label = m.groups()
                        fm = frame_re.search(label)
                        if fm:
                            if fm.group(2) != 'static':
                                self.errors.append('%s: frame not static (%s)' % (bare(title), fm.group(2)))
                            self.frames[title] = int(fm.group(1))
                            self.by_name.setdefault(bare(title), []).append(title)
                        continue
                    m = edge_re.match(line)
                    if m:
                        self.calls.setdefault(m.group(1), []).append((m.group(2), m.group(3)))

    def resolve(self, name):
        """Titles of the defined functions a call to `name` may reach."""
        if name in self.frames:
            return [name]
        titles = self.by_name.get(bare(name), [])
        if not titles:
            # An alias the C call graph does not know (include/trap.h's TRAP_EXIT_WORK): the function it names.
            if self.aliases is None:
                self.aliases = elf_aliases(os.path.join(self.path, 'abacus.elf'))
            for other in self.aliases.get(name, []):
                titles = titles or self.by_name.get(bare(other), [])
        return titles

    def address_taken(self):
        """Functions whose address some code or data takes (not by a call), and the ecall table's handlers."""
        funcs = elf_functions(os.path.join(self.path, 'abacus.elf'))
        shift = c_header_define('include/sbi_ecall.h', 'SBI_EXT_ENTRY_SHIFT')
        handler = c_header_define('include/sbi_ecall.h', 'SBI_EXT_ENTRY_HANDLER')
        available = c_header_define('include/sbi_ecall.h', 'SBI_EXT_ENTRY_AVAILABLE')
        slots = c_header_define('include/sbi_ecall.h', 'SBI_EXT_TABLE_SLOTS')
        taken, handlers, asm_calls = set(), set(), {}
        for obj in self.objects:
            for section, offset, rtype, sym, _ in relocations(obj):
                if sym not in funcs:
                    continue
                if rtype in ('R_RISCV_CALL', 'R_RISCV_CALL_PLT'):
                    if obj.endswith('.S.o'):
                        asm_calls.setdefault(os.path.basename(obj), set()).add(sym)
                    continue
                if rtype in ('R_RISCV_JAL', 'R_RISCV_RVC_JUMP', 'R_RISCV_BRANCH', 'R_RISCV_RVC_BRANCH'):
                    continue   # jumps within a function (assembly labels)
                if section == 'abacus_sbi_ext':
                    continue   # SBI_EXTENSION entries: the image drops them, their table has what they name
                if section.endswith('sbi_extension_table') and rtype == 'R_RISCV_64' and \
                        (offset - slots) % (1 << shift) == handler:
                    handlers.add(sym)
                elif section.endswith('sbi_extension_table') and rtype == 'R_RISCV_64' and \
                        (offset - slots) % (1 << shift) == available:
                    # An extension's availability check: the base extension's probe calls it.
                    for caller in ('sbi_ecall_probe', 'sbi_ecall_log_extensions'):
                        self.table_targets.setdefault(caller, set()).add(sym)
                elif section in TABLE_CALLS:
                    for caller in TABLE_CALLS[section]:
                        self.table_targets.setdefault(caller, set()).add(sym)
                elif section.startswith('abacus_hart_lifecycle.'):
                    for caller in TABLE_CALLS['abacus_hart_lifecycle.'][offset % 32]:
                        self.table_targets.setdefault(caller, set()).add(sym)
                elif section.split('.')[0] + '.' in TABLE_CALLS:
                    for caller in TABLE_CALLS[section.split('.')[0] + '.']:
                        self.table_targets.setdefault(caller, set()).add(sym)
                else:
                    taken.add(sym)
        return taken, handlers, asm_calls

    def check(self, known_targets):
        self.load_graph()
        trap_frame = self.trap_frame
        taken, handlers, asm_calls = self.address_taken()
        if not handlers:
            self.errors.append('no ecall handler found in sbi_extension_table')
        # The dispatch's indirect call reaches the table's handlers.
        self.table_targets.setdefault('sbi_ecall_dispatch', set()).update(handlers)
        # Roots: what the trap entry calls (below its frame), the table's handlers, boot_warm_main.
        roots = [(0, r) for r in BLOCK_TOP_ROOTS]
        entry_calls = asm_calls.get('trap_entry.S.o', set())
        if not entry_calls:
            self.errors.append('trap_entry.S.o calls nothing: cannot find the trap handlers')
        # Handlers in assembly (ASM_HANDLERS) run on the trap frame too: what they call is a root.
        for obj, fn in ASM_HANDLERS.items():
            if fn in handlers:
                if not asm_calls.get(obj):
                    self.errors.append('%s calls nothing: cannot find what %s calls' % (obj, fn))
                entry_calls |= asm_calls.get(obj, set())
        for fn in sorted(entry_calls | handlers):
            if fn in ASM_HANDLERS.values():
                continue          # assembly: its calls are among entry_calls
            roots.append((trap_frame, fn))
        # Every address-taken function must be a known callee of some listed indirect call.
        listed = set(known_targets) | NOT_CALLED_ON_HART_STACK | handlers | set(ASM_HANDLERS.values())
        for fn in sorted(taken - listed):
            self.errors.append('%s: its address is taken, but no INDIRECT_CALLS entry lists it '
                               '(scripts/stack-check.py)' % fn)

        self.roots = roots
        self.memo = {}
        results = []
        for base, fn in roots:
            titles = self.resolve(fn)
            if not titles:
                self.errors.append('root %s: not found in the call graph' % fn)
                continue
            for t in titles:
                d, p = self.deepest(t, (), frozenset(), None)
                results.append((base + d, base, p))
        results.sort(key=lambda r: -r[0])
        return results

    def callees(self, title, cut):
        """(callee title, cut below it) for every call title makes; (None, (bytes, name)) for assembly."""
        for callee, site in self.calls.get(title, []):
            if (bare(title), bare(callee)) in cut:
                continue
            if callee == '__indirect_call':
                key = bare(title)
                if key not in INDIRECT_CALLS and key not in self.table_targets:
                    self.errors.append('%s (%s): indirect call not listed in INDIRECT_CALLS' % (key, site))
                    continue
                names = INDIRECT_CALLS.get(key, []) + sorted(self.table_targets.get(key, ()))
                targets = [t for name in names for t in self.resolve(name)]
            elif bare(callee) in ASM_FUNCTIONS and not self.resolve(callee):
                yield None, (ASM_FUNCTIONS[bare(callee)], bare(callee))
                continue
            else:
                targets = self.resolve(callee)
                if not targets:
                    self.errors.append('%s calls %s, which has no call graph (assembly? libgcc?)' %
                                       (bare(title), callee))
                    continue
            below = cut | frozenset(BOUNDED_RECURSION.get((bare(title), bare(callee)), ()))
            for t in targets:
                yield t, below

    def deepest(self, title, path, cut, via):
        """(bytes, chain) of the deepest chain of frames from title; with via, of those that call via (else None)."""
        # A function may be active twice only below a bounded recursion
        # edge, whose cut set then differs (it only grows: this ends).
        if (title, cut) in path:
            self.errors.append('recursion: %s' % ' > '.join(bare(t) for t, _ in path + ((title, cut),)))
            return None if via else (0, [])
        if via and bare(title) == via:
            via = None
        key = (title, cut, via)
        if key in self.memo:
            return self.memo[key]
        best = None if via else (0, [])
        for callee, below in self.callees(title, cut):
            if callee is None:
                size, name = below
                if not via and size > best[0]:
                    best = (size, ['%s(%d, assembly)' % (name, size)])
                continue
            r = self.deepest(callee, path + ((title, cut),), below, via)
            if r and (best is None or r[0] > best[0]):
                best = r
        result = None if best is None else \
            (self.frames[title] + best[0], ['%s(%d)' % (bare(title), self.frames[title])] + best[1])
        self.memo[key] = result
        return result

    def through(self, via):
        """The deepest chain from any root that calls via: (bytes with the root's base, base, chain) or None."""
        best = None
        for base, fn in self.roots:
            for t in self.resolve(fn):
                r = self.deepest(t, (), frozenset(), via)
                if r and (best is None or base + r[0] > best[0]):
                    best = (base + r[0], base, r[1])
        return best


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--margin', type=int, default=128, help='bytes that must stay free (default 128)')
    ap.add_argument('--verbose', '-v', action='store_true', help='the deepest path from every root')
    ap.add_argument('--through', action='append', default=[], metavar='FUNCTION',
                    help='also the deepest path that calls FUNCTION (repeatable)')
    ap.add_argument('builds', nargs='+')
    args = ap.parse_args()

    block = c_header_define('include/hart.h', 'HART_BLOCK_SIZE')
    known = {t for ts in INDIRECT_CALLS.values() for t in ts}
    seen, platforms = set(), set()
    status = 0
    for path in args.builds:
        b = Build(path)
        libfdt = os.path.join(os.path.dirname(b.path), 'libfdt-src')
        cflags = ['-Iinclude', '-Ilib/ext', '-I' + libfdt]
        hs = c_sizeof('sizeof(struct hart_state)', cflags)
        b.trap_frame = c_sizeof('TRAP_FRAME_SIZE', cflags)
        stack = block - hs
        results = b.check(known)
        seen |= set(b.by_name)
        platforms |= b.platforms
        limit = stack - args.margin
        if args.verbose:
            for depth, base, p in results:
                print('  %s: %4d bytes: %s%s' % (b.name, depth, 'trap frame(%d) > ' % base if base else '',
                                                 ' > '.join(p)))
        for via in args.through:
            r = b.through(via)
            print('  %s: through %s: %s' % (b.name, via, 'not reachable' if not r else '%d bytes: %s%s' % (
                r[0], 'trap frame(%d) > ' % r[1] if r[1] else '', ' > '.join(r[2]))))
        others = []
        for fn, path_, define in OTHER_STACKS:
            size = c_header_define(path_, define)
            for t in b.resolve(fn):
                d, p = b.deepest(t, (), frozenset(), None)
                others.append('%s %d of %d' % (fn, d, size))
                if d > size - args.margin:
                    b.errors.append('%s runs on a %d-byte stack: deepest path %d bytes leaves less than '
                                    'the margin: %s' % (fn, size, d, ' > '.join(p)))
        if not results:
            b.errors.append('no root found')
        worst = results[0] if results else (0, 0, [])
        what = '%s%s' % ('trap frame(%d) > ' % worst[1] if worst[1] else '', ' > '.join(worst[2]))
        for e in sorted(set(b.errors)):
            print('stack-check: %s: %s' % (b.name, e))
        if b.errors:
            print('FAIL: stack-check %s: %d problem(s) above; the bound would not be reliable' %
                  (b.name, len(set(b.errors))))
            status = 1
        elif worst[0] > limit:
            print('FAIL: stack-check %s: deepest path %d bytes > %d (stack %d - margin %d): %s' %
                  (b.name, worst[0], limit, stack, args.margin, what))
            status = 1
        else:
            print('PASS: stack-check %s: deepest path %d of %d bytes (margin %d kept, %d free): %s; '
                  'other stacks: %s' % (b.name, worst[0], stack, args.margin, stack - worst[0], what,
                                         ', '.join(others)))
    # A target no build has is stale, once every platform has been checked.
    stale = sorted(t for t in known if t not in seen)
    if stale and platforms >= set(os.listdir(os.path.join(ROOT, 'platform'))):
        print('FAIL: stack-check: INDIRECT_CALLS names functions no build has: %s' % ' '.join(stale))
        status = 1
    return status


if __name__ == '__main__':
    sys.exit(main())
