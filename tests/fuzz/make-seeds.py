#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Writes the seed inputs of the host fuzzers (never committed: generated at build time).

usage: tests/fuzz/make-seeds.py DIR
  DIR/seeds-sbi/  programs for fuzz_sbi.c: the usual PMU flows, so the fuzzer
                  starts from calls that succeed;
  DIR/seeds-dt/   recipes for fuzz_dt.c (riscv,pmu nodes; devices with misaligned regs and
                  offsets) and reproducers of bugs found (the tests/fixtures DTBs are added
                  by tests/host/fuzz.mk).
"""
import os
import sys

# fuzz_sbi.c encoding: hart_cfg, fill, then operations; op bytes 0-9 are PMU
# calls whose next byte is the FID, followed by the generators' choices
# (see gen_counter_idx, gen_mask, gen_flags, gen_event_idx in fuzz_sbi.c).
PMU = 0
FW_EVENTS = 18
SET_SHMEM = [PMU, 7, 0, 0, 0, 5, 2, 0, 1]                 # page-aligned RAM, hi 0, flags 0
CONFIG_FW = [PMU, 2, 1, 0, 7, 0, 2, 6, 4, 6, 0]           # firmware counters, CLEAR|AUTO_START, IPI_SENT
CONFIG_CYCLES = [PMU, 2, 2, 0, 2, 0, 2, 6, 0, 1, 0]       # hardware counters, CLEAR|AUTO_START, cycles
COUNT_EVENTS = [FW_EVENTS, 6, 3]                         # four IPI_SENT
FW_READ = [PMU, 5, 1, 0]
STOP_SNAPSHOT = [PMU, 4, 1, 0, 7, 0, 2, 2]                # TAKE_SNAPSHOT on the firmware counters
STOP_RESET = [PMU, 4, 0, 0, 2, 0, 2, 1]                   # every counter, RESET
TICK = [17, 1, 0, 200]
EVENT_INFO = [PMU, 8, 1, 16, 0, 5, 2, 0, 2, 3, 1] + [4, 6, 1, 0, 0] * 3

# SBI 3.0 (fuzz_sbi3.c): op 24 SSE calls (FID, then gen_event_id: choice, table index,
# upper-bits choice), 26 FWFT, 27 DBTR, 28 the SSE machine (0: deliver on return).
SSE, FWFT, DBTR, SSE_MACHINE = 24, 26, 27, 28
SSE_LOCAL, SSE_GLOBAL = [1, 0, 1], [1, 1, 1]
def sse(fid, event, *rest):
    return [SSE, fid] + event + list(rest)
SSE_FLOW = (sse(2, SSE_LOCAL, 1, 0x10, 0, *[0] * 8) + sse(4, SSE_LOCAL, *[0] * 8) +
            sse(8, SSE_LOCAL, *[0] * 8) + sse(7, SSE_LOCAL, 1, 0) + [SSE_MACHINE, 0] +
            sse(6, SSE_LOCAL, *[0] * 16))
SSE_GLOBAL_FLOW = (sse(2, SSE_GLOBAL, 1, 0x20, 0, *[0] * 8) + sse(4, SSE_GLOBAL, *[0] * 8) +
                   sse(8, SSE_GLOBAL, *[0] * 8) + sse(7, SSE_GLOBAL, 1, 0) + [SSE_MACHINE, 0] + [SSE_MACHINE, 2])
FWFT_LOCK = [FWFT, 1, 0, 1, 1, 1, 1, 1, 1]
DBTR_FLOW = [DBTR, 1, 1, 0, 0, 0, 3, 1] + [DBTR, 3, 1, 1, 1, 1, 0, 0, 1, 0x12, 0, 1, 2, 0x40, 0, 1] + [DBTR, 2, 1, 0, 1, 1]
# A hart's fate (fuzz_sbi.c): op 30 (hart index, 0: it dies / 1: it comes late),
# op 14 send_ipi (FID byte, base choice 3 then base 0, gen_mask 4/2: harts 0-1),
# op 31 HSM (1: hart_start / 0: get_status, hart index, address in RAM, opaque).
HART_DIES = [30, 1, 0]
IPI_TO_0_AND_1 = [14, 1, 3, 4, 2, 0]
def hsm(start, index):
    return [31, start, 1, index, 1, 0, 0] + [0] * 8
# DBCN (op 11): FID, gen_addr (page-aligned RAM), gen_addr_hi (0), a length of 20; write_byte's
# byte. Op 21 with 0xc0 | even: the UART takes that many more bytes, then stalls; 0xc1: it drains.
DBCN_WRITE = [11, 0, 0, 0, 0, 3, 2, 20]
DBCN_WRITE_BYTE = [11, 2, 0, 0, 0, 3, 2, 0] + [0x41] + [0] * 7
CONSOLE_STALL = ([21, 0xc0, 3] + DBCN_WRITE + DBCN_WRITE + DBCN_WRITE_BYTE + [21, 0xc1] + DBCN_WRITE +
                 DBCN_WRITE_BYTE)
SBI_SEEDS = {
    "hart-gone": [0, 0] + HART_DIES + IPI_TO_0_AND_1 + hsm(1, 1) + hsm(0, 1) + sse(7, SSE_LOCAL, 1, 1),
    "hart-late": [0, 2] + hsm(1, 3) + hsm(0, 3) + [30, 3, 1] + hsm(1, 3) + hsm(0, 3),
    "console-stall": [0, 0] + CONSOLE_STALL,
    "sse-local-flow": [0, 0] + SSE_FLOW,
    "sse-global-flow": [0, 0] + SSE_GLOBAL_FLOW,
    "fwft-lock": [0, 0] + FWFT_LOCK + FWFT_LOCK,
    "dbtr-flow": [0, 0] + DBTR_FLOW,
    "fw-counter-flow": [0, 0] + SET_SHMEM + CONFIG_FW + COUNT_EVENTS + FW_READ + STOP_SNAPSHOT + FW_READ,
    "hw-counter-flow": [0x55, 0] + CONFIG_CYCLES + TICK + STOP_RESET,
    "event-info": [0, 0] + EVENT_INFO,
    # SKIP_MATCH onto a running firmware counter: it is stopped (value kept) and reprogrammed.
    "skip-match-running": [0, 0] + CONFIG_FW + COUNT_EVENTS + [PMU, 2, 1, 0, 0, 0, 2, 5, 4, 7, 0] + FW_READ +
                          SET_SHMEM + STOP_SNAPSHOT,
    "every-hart": [0xe4, 0xa5] + CONFIG_FW + [23, 1] + CONFIG_FW + [23, 3] + CONFIG_CYCLES + [14, 0, 0, 0],
}

# fuzz_dt.c recipe: what (bit 0 ranges, 1 selectors, 2 raw, 4-5 extra nodes...), options,
# then per property: how, rows, partial?, cells (generator choice, value).
DT_RECIPES = {
    "ranges-qemu": [1, 0, 1, 5, 1] + [0, 1, 0, 1, 4, 0] + [0, 2, 0, 2, 4, 0] + [1, 0x19, 1, 0x19, 4, 0] * 3,
    "all-props": [7, 4, 1, 2, 1, 0, 1, 0, 1, 3, 3] + [1, 2, 1, 1, 0, 0, 9, 0, 0, 0, 0x33] + [1, 1, 1] + [7, 0] * 4 + [3, 9],
    "two-nodes": [0x11, 1, 1, 1, 1, 0, 1, 0, 1, 3, 5, 1, 1, 1, 0, 2, 0, 2, 3, 2],
}

# fuzz_dt_devices.c recipe: 0xde, the device count - 1, then per device its kind (0 UART, 1
# CLINT/ACLINT, 2 syscon-poweroff, 3 syscon-reboot, 4 GPIO line) and its choices: where its reg
# lies in the window (16-bit offset / 8, a skew flag and skew), the reg's size (0: a 16-bit size
# follows, 1: the driver's own less a byte that follows, 2: the driver's own, 3: 1 + a byte % 64),
# properties (0: absent; 1, index: a usual value).
DEVICE_UART_W4_SHIFT0 = [0, 1, 0x00, 0x20, 0, 2, 1, 0, 1, 3]          # dw-apb-uart, reg-shift 0, reg-io-width 4
DEVICE_UART_W4_SKEW2 = [0, 1, 0x00, 0x20, 1, 2, 2, 1, 2, 1, 3]        # ... reg-shift 2, at a base 2 off
DEVICE_UART_OK = [0, 0, 0x00, 0x20, 0, 2, 0, 0]                       # ns16550a, defaults
DEVICE_CLINT_SKEW4 = [1, 0, 0x00, 0x00, 1, 4, 2]                      # CLINT at a base 4 off (8-byte mtime)
DEVICE_CLINT_OK = [1, 0, 0x00, 0x00, 0, 2]
DEVICE_SYSCON_OFFSET2 = [2, 1, 0x18, 0x00, 0, 2, 0, 1, 1, 1, 0, 0, 0x55, 0x55, 0]   # poweroff offset 2
DEVICE_SYSCON_OK = [3, 1, 0x18, 0x00, 0, 2, 0, 1, 1, 2, 0, 0, 0x77, 0x77, 0]       # reboot offset 4
DEVICE_GPIO_SKEW2 = [4, 10, 1, 0, 0x19, 0x00, 1, 2, 2, 1]             # SiFive GPIO at a base 2 off
DEVICE_GPIO_OK = [4, 2, 0, 0, 0x19, 0x00, 0, 2, 1]
# Kind 5: an I2C controller (which: 0 DesignWare, 1 sifive,i2c0, 2 opencores, 3 K1, 4 none, 5 RIIC;
# faults: bit 0 stuck, 1 held (RIIC: left off), 2 never disables (RIIC: bus busy), 3 first device
# absent, 4 another DA906x ID, 5 400 kHz, 6 two address cells, 7 disabled; PMIC count), its reg,
# reg-shift, reg-io-width, then per PMIC its how (which: 0-1 AXP15060, 2 DA9063, 3 P1, 4 SG2042
# MCU, 5 DA9062; bit 7 an address byte follows; bits 5-6 the
# reg's cells; bit 3 inside the PMIC before). Kind 6: a PMIC on a plain node (0), the soc (1), the
# root (2). After the devices: memory (bit 0 RAM, 1 the firmware, each an offset and a size) and
# the clock of the resets' probes (0 the timer walk's, 1 running, 2 stuck).
I2C_REG = [0x04, 0x00, 0, 2]                                          # at window offset 0x2000, its own size
DEVICE_I2C_DW_AXP = [5, 0, 0, 1] + I2C_REG + [0, 0] + [0x00]
DEVICE_I2C_OCORES_DA9063 = [5, 1, 0, 1] + I2C_REG + [1, 2, 1, 0] + [0x02]   # reg-shift 2, reg-io-width 1
DEVICE_I2C_OCORES_SMALLEST = [5, 1, 0, 1] + [0x04, 0x00, 0, 3, 0x13] + [1, 2, 1, 0] + [0x02]  # 0x14 bytes: to STATUS
DEVICE_I2C_K1_P1 = [5, 3, 0x20, 1] + I2C_REG + [0, 0] + [0x03]
DEVICE_I2C_DW_MCU_STUCK = [5, 0, 0x01, 1] + I2C_REG + [0, 0] + [0x04]
DEVICE_I2C_RIIC_DA9062 = [5, 5, 0, 1] + I2C_REG + [0, 0] + [0x05]
DEVICE_I2C_RIIC_BUSY = [5, 5, 0x04, 1] + I2C_REG + [0, 0] + [0x05]
DEVICE_I2C_RIIC_LEFT_OFF = [5, 5, 0x02, 1] + I2C_REG + [0, 0] + [0x05]
DEVICE_PMIC_ON_A_NODE = [6, 0, 0x06, 0x00, 0, 2, 0x00]
DEVICE_PMIC_AT_THE_ROOT = [6, 2, 0x07, 0x00, 0, 2, 0x02]
DT_DEVICE_RECIPES = {
    "i2c-designware-axp15060": [0xde, 0] + DEVICE_I2C_DW_AXP + [0, 1],
    "i2c-ocores-da9063-no-time": [0xde, 0] + DEVICE_I2C_OCORES_DA9063 + [0, 0],
    "i2c-ocores-smallest-region": [0xde, 0] + DEVICE_I2C_OCORES_SMALLEST + [0, 1],
    "i2c-k1-p1": [0xde, 0] + DEVICE_I2C_K1_P1 + [0, 1],
    "i2c-designware-stuck": [0xde, 0] + DEVICE_I2C_DW_MCU_STUCK + [0, 0],
    "i2c-riic-da9062": [0xde, 0] + DEVICE_I2C_RIIC_DA9062 + [0, 1],
    "i2c-riic-bus-busy": [0xde, 0] + DEVICE_I2C_RIIC_BUSY + [0, 2],
    "i2c-riic-left-off": [0xde, 0] + DEVICE_I2C_RIIC_LEFT_OFF + [0, 0],
    "i2c-pmics-off-any-bus": [0xde, 1] + DEVICE_PMIC_ON_A_NODE + DEVICE_PMIC_AT_THE_ROOT,
    "i2c-controller-in-ram": [0xde, 0] + DEVICE_I2C_DW_AXP + [1, 0x04, 0x00, 0, 0x10, 0x00, 1],

    "uart-width4-shift0": [0xde, 0] + DEVICE_UART_W4_SHIFT0,
    "uart-width4-skew2": [0xde, 0] + DEVICE_UART_W4_SKEW2,
    "clint-skew4": [0xde, 0] + DEVICE_CLINT_SKEW4,
    "syscon-offset2": [0xde, 0] + DEVICE_SYSCON_OFFSET2,
    "gpio-skew2": [0xde, 0] + DEVICE_GPIO_SKEW2,
    "all-good": [0xde, 3] + DEVICE_UART_OK + DEVICE_CLINT_OK + DEVICE_SYSCON_OK + DEVICE_GPIO_OK,
}

# Reproducers of bugs found (docs/reliability.md).
DT_REGRESSIONS = {
    # Device recipe: a K1 I2C controller with its P1 PMIC, probed on a time source that does not
    # move (timebase set, mtime stuck): the unit reset's hold, timer_delay_ms(1), never ended and
    # the boot hung in the PMIC's probe (lib/core/timer.c now falls back on its loop).
    "i2c-k1-stuck-clock": bytes([0xde, 0, 5, 3, 0x20, 1, 0x04, 0x00, 0, 2, 0, 0, 0x03, 0, 2]),
    # Device recipe: a gpio-poweroff node refused after one taken (a JH7110 controller with a pin
    # past its 64) left the line found before with the refused node's controller kind: the
    # shutdown would have written past the SiFive block it had checked (lib/drivers/reset_gpio.c
    # now changes the line only for a usable node).
    "gpio-line-spoiled": bytes.fromhex(
        "de030000002400aeb7ec1900aeaeaeaeaeaeaeaeaeaeaeaeae3d110101010100010001aeaeae00040200030102050019"
        "000002ba"
    ),
    # A memory reservation map without a terminating entry: fdt_open_into
    # moved a negative size (firmware/boot.c now refuses such a DTB).
    "rsvmap-unterminated.dtb": bytes.fromhex(
        "d00dfeed0000029000000038000001e800000028000000110000001000000000000000a8000001b00000000000000000"
        "002e00000000000000000001000000000000000300000004000000000000000200000003000000040000000f00000002"
        "00000003000000170000001b6162616375732c62696e64696e672d6578616d706c650000000000016370757300000000"
        "0000000300000004000000000000000100000003000000040000000f0000000000000003000000040000002600989680"
        "00000001637075403000000000000003000000060000001b726973637600000000000003000000040000003963707500"
        "0000000300000004000000450000000000000003000000090000004972763634696d6163000000000000000200000002"
        "00000001706d7500000000030000000a0000001b72697363762c706d75000000000000030000000c000000530000000b"
        "000000000000000100000003000000300000006c00000001000000010000000100000002000000020000000400000003"
        "0000000a00000ff80001000000010033000ff000000000030000003c000000880000000000000002ffffffffffffffff"
        "000000f80000000000000000fffffffffffffff000000ff0ffffffff00000000ffffffffffffff0f00000ff000000002"
        "000000020000000923616464726573732d63656c6c73002373697a652d63656c6c7300636f6d70617469626c65007469"
        "6d65626173652d6672657175656e6379006465766963655f74797065007265670072697363762c697361007269736376"
        "2c6576656e742d746f2d6d68706d6576656e740072697363762c6576656e742d746f2d6d68706d636f756e7465727300"
        "72697363762c7261772d6576656e742d746f2d6d68706d636f756e7465727300"
    ),
    # The root node ends before the riscv,pmu node: fdt_get_path (for the log
    # line) read and wrote before its buffer (lib/ext/pmu/pmu_dt.c now checks first).
    "root-closes-early.dtb": bytes.fromhex(
        "d00dfeed000001bf0000003800000164000000280000001100000010000000000000005b0000012c0000000000000000"
        "000000000000000000000001000000000000000300000000000400000000000200000003000000040000000f00000002"
        "00000003000000150000001b6162616375732c6261642d73656c6563746f72730000000000000001706d750000000003"
        "0000000a0000001b72697363762c706d7500000000000003000000180000002600000003000000060000001800010000"
        "000100330000001800000003000000840000004200000003000000000000180100000000000000000000000100100003"
        "00000000000000010002800000000000000000010003ff00ff0000001800010000000100330000001800000003000000"
        "840000004200000003000000000000180100000000000000000000000100100003000000000000000100028000000000"
        "00000000010003ff00ff0002000000020000000923616464726573732d63656c6c73002373697a652d63656c6c730063"
        "6f6d70617469626c650072697363762c6576656e742d746f2d6d68706d636f756e746572730072697363762c6576656e"
        "742d746f2d6d68706d6576656e7400"
    ),
    # The structure block at a misaligned offset (0x36): libfdt's 4-byte tag
    # loads are misaligned, which traps in M-mode (firmware/boot.c now refuses it).
    "struct-misaligned.dtb": bytes.fromhex(
        "d00dfeed0000107e0000003600000ef8000000280000001100000010000000000000018600000ec00000000000000000"
        "0000000000006b0000000001000000000000000300000004000000000000000200000003000000040000000f00000002"
        "000000030000000d0000001b72697363762d76697274696f0000000000000003000000120000002672697363762d7669"
        "7274696f2c71656d7500000000000001706d7500000000036576656e743a206d61702066756c6c2028363420726f7773"
        "292c200076656e742d746f2d6d68706d6576656e7400a563706c65007374617475730072697363762c697361006d6d75"
        "2d747970650023696e746572727570742d63656c6c7300696e746572727570742d636f6e74726f6c3065720063cfcfcf"
        "cfcfcf707500696e746572727570747300636c6f636b2d6672657175656e637900696e746572727570742d6d61702d6d"
        "61736b00696e746572727570742d6d6170006275732d72616e6765006c696e75782c7063692d646f6d61696e00726973"
        "63762c6e64657600696e74657272757074732d657870656e64656400"
    ),
    # /chosen/stdout-path names an alias whose value is the alias itself:
    # libfdt resolved it again and again until the boot stack ran through
    # firmware memory (lib/fdt/fdt_helpers.c now takes only an alias whose
    # value is a full path; found by scripts/stack-check.py's recursion check).
    "alias-loop.dtb": bytes.fromhex(
        "d00dfeed0000010b00000038000000d400000028000000110000001000000000000000370000009c0000000000000000"
        "000000000000000000000001000000000000000300000004000000000000000200000003000000040000000f00000002"
        "00000003000000120000001b6162616375732c616c6961732d6c6f6f7000000000000001616c69617365730000000003"
        "00000005000000266c6f6f7000000000000000020000000163686f73656e0000000000030000000c0000002b6c6f6f70"
        "3a3131353230300000000002000000020000000923616464726573732d63656c6c73002373697a652d63656c6c730063"
        "6f6d70617469626c65006c6f6f70007374646f75742d7061746800"
    ),
}


def write(path, data):
    with open(path, "wb") as f:
        f.write(bytes(data))


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "build/fuzz"
    for sub in ("seeds-sbi", "seeds-dt"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    for name, data in SBI_SEEDS.items():
        write(os.path.join(out, "seeds-sbi", name), data)
    for name, data in DT_RECIPES.items():
        write(os.path.join(out, "seeds-dt", "recipe-" + name), data)
    for name, data in DT_DEVICE_RECIPES.items():
        write(os.path.join(out, "seeds-dt", "devices-" + name), data)
    for name, data in DT_REGRESSIONS.items():
        write(os.path.join(out, "seeds-dt", "regression-" + name), data)


if __name__ == "__main__":
    main()
