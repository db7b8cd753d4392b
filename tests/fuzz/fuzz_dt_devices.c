/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fuzz_dt's device recipes (an input starting with FUZZ_DT_DEVICE_RECIPE):
 * DTs naming the devices the firmware writes to (16550/DesignWare and
 * SiFive UARTs, CLINT and ACLINT MSWI/MTIMER, syscon-poweroff/-reboot,
 * gpio-poweroff/-restart on SiFive and JH7110 controllers) with fuzzed
 * regs, sizes, reg-shift/reg-io-width, syscon offsets and widths, GPIO
 * pins: every kind of misalignment and odd width. Each node's reg lies in
 * a host "MMIO window"; the real drivers probe it, and every device they
 * accept is then used as the firmware uses it: console bytes in and out,
 * each hart's doorbell and timer compare, every reset type and reason.
 *
 * Checked (besides no crash and no sanitizer report):
 * - every register address a driver keeps (UART, msip, mtimecmp, mtime,
 *   syscon register, GPIO block) is a multiple of its access width (a
 *   misaligned MMIO access is the trap QEMU 7.2 takes at shutdown; UBSan
 *   does not check volatile accesses, so this is checked where the drivers
 *   keep the addresses) and lies inside a region dt_device_reg() accepted;
 * - no byte of the window outside those regions is written (the window is
 *   filled with a pattern first);
 * - every accepted region's base is a multiple of the access width the
 *   driver asked for, which is 1, 2, 4 or 8;
 * - every refusal has its boot-log line.
 *
 * The drivers keep what they probed in static variables: their sources are
 * included here, so that the harness can forget one input's devices before
 * the next (the firmware probes once per boot).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libfdt.h>
#include "dt_device_reg.h"

/* Every driver's dt_device_reg() goes through the recorder below. */
static int recorded_dt_device_reg(const void *fdt, int node, int index, uint64_t min_size, unsigned int width,
				  uint64_t *base, uint64_t *size);
#define dt_device_reg recorded_dt_device_reg
#include "../../lib/core/timer.c"
#include "../../lib/core/reset.c"
#include "../../lib/drivers/uart_ns16550.c"
#include "../../lib/drivers/uart_sifive.c"
#include "../../lib/drivers/aclint.c"
#include "../../lib/drivers/reset_syscon.c"
#include "../../lib/drivers/reset_gpio.c"
#undef dt_device_reg

#include "fuzz_dt.h"
#include "host_memory.h"
#include "console.h"
#include "memory_map.h"
#include "sbi_spec.h"
#include "trap_expect.h"

#define WINDOW_SIZE   0x12000        /* a CLINT's 48 KiB and room around it */
#define PATTERN       0xa5
#define MAX_REGIONS   32
#define DEVICE_HARTS  2
#define INTC_PHANDLE  0x10           /* hart i's: INTC_PHANDLE + i */

static uint8_t *window;
static struct { uint64_t base, size; } regions[MAX_REGIONS];
static unsigned int region_count, refusals;

static int recorded_dt_device_reg(const void *fdt, int node, int index, uint64_t min_size, unsigned int width,
				  uint64_t *base, uint64_t *size)
{
	int r = dt_device_reg(fdt, node, index, min_size, width, base, size);

	if (r == DT_REG_REFUSED)
		refusals++;
	if (r)
		return r;
	FUZZ_EXPECT(width && width <= 8 && !(width & (width - 1)) && *base % width == 0,
		    "dt_device_reg accepted 0x%lx for %u-byte accesses", (unsigned long)*base, width);
	FUZZ_EXPECT(*size >= min_size, "dt_device_reg accepted a region smaller than asked");
	if (region_count < MAX_REGIONS) {
		regions[region_count].base = *base;
		regions[region_count].size = *size;
		region_count++;
	}
	return 0;
}

/* ---- What the drivers call that the firmware's other layers provide ---- */

static const struct console_device *console_found;

void console_set_device(const struct console_device *dev)
{
	console_found = dev;
}

/* The probe's read, as the firmware's would make it (a fault is impossible here). */
bool mmio_try_read(struct trap_expect *st, volatile const void *addr, unsigned int width, uint32_t *value)
{
	(void)st;
	FUZZ_EXPECT(width == 1 || width == 4, "a %u-byte probe read", width);
	*value = width == 4 ? *(volatile const uint32_t *)addr : *(volatile const uint8_t *)addr;
	return true;
}

unsigned long host_csr_read(unsigned int csr)
{
	(void)csr;
	return 0;
}

/* The delays of a reset, on a clock that runs fast (timebase 1 kHz: 1 tick a millisecond). */
static uint64_t fake_clock;

static uint64_t fake_now(void)
{
	return fake_clock += 1ULL << 30;
}

static const struct timer_device fake_timer = { .now = fake_now };

/* ---- The DT ---- */

struct recipe {
	const uint8_t *p;
	size_t n;
};

static uint8_t take(struct recipe *r)
{
	if (!r->n)
		return 0;
	r->n--;
	return *r->p++;
}

static uint32_t take16(struct recipe *r)
{
	return (uint32_t)take(r) << 8 | take(r);
}

static uint32_t take32(struct recipe *r)
{
	return take16(r) << 16 | take16(r);
}

/* An offset into the window: aligned to 8, or anything. */
static uint64_t window_offset(struct recipe *r, uint64_t room)
{
	uint64_t off = (take16(r) % (WINDOW_SIZE / 8)) * 8;

	if (take(r) & 1)
		off += take(r) % 8;
	return off < room ? off : off % room;
}

static int set_reg(void *fdt, int node, struct recipe *r, uint64_t natural)
{
	uint64_t off = window_offset(r, WINDOW_SIZE), size;
	uint64_t base = (uintptr_t)window + off;
	uint8_t how = take(r);

	size = how % 4 == 0 ? take16(r) : how % 4 == 1 ? natural - take(r) % 8 : natural;
	if (off + size > WINDOW_SIZE)
		size = WINDOW_SIZE - off;
	fdt32_t reg[4] = { cpu_to_fdt32(base >> 32), cpu_to_fdt32((uint32_t)base), cpu_to_fdt32(size >> 32),
			   cpu_to_fdt32((uint32_t)size) };
	return fdt_setprop(fdt, node, "reg", reg, sizeof(reg));
}

/* A u32 property: absent, or one of a few values worth trying, or anything. */
static int maybe_u32(void *fdt, int node, const char *name, struct recipe *r, const uint32_t *usual,
		     unsigned int n_usual)
{
	uint8_t k = take(r);

	if (k % 3 == 0)
		return 0;
	return fdt_setprop_u32(fdt, node, name, k % 3 == 1 ? usual[take(r) % n_usual] : take32(r));
}

static const uint32_t widths[] = { 1, 2, 3, 4, 8, 0 };
static const uint32_t shifts[] = { 0, 1, 2, 3, 4, 5 };

static int add_device(void *fdt, int parent, unsigned int i, struct recipe *r, uint32_t *phandle)
{
	static const char *const uart_compat[] = { "ns16550a", "snps,dw-apb-uart", "sifive,uart0" };
	static const char *const clint_compat[] = { "riscv,clint0", "thead,c900-clint", "riscv,aclint-mswi",
						    "riscv,aclint-mtimer" };
	uint8_t kind = take(r) % 5;
	char name[24];
	int node, err = 0;

	/* (fdt_setprop_string evaluates its string twice: every choice is taken before.) */
	snprintf(name, sizeof(name), "dev@%u", i);
	node = fdt_add_subnode(fdt, parent, name);
	if (node < 0)
		return node;
	switch (kind) {
	case 0: {            /* a UART */
		const char *c = uart_compat[take(r) % 3];
		err |= fdt_setprop_string(fdt, node, "compatible", c);
		err |= set_reg(fdt, node, r, 0x100);
		err |= maybe_u32(fdt, node, "reg-shift", r, shifts, 6);
		err |= maybe_u32(fdt, node, "reg-io-width", r, widths, 6);
		break;
	}
	case 1: {            /* CLINT or ACLINT: each hart's slot, <phandle 3> for MSWI, <phandle 7> for MTIMER */
		uint8_t which = take(r) % 4;
		fdt32_t ie[4 * DEVICE_HARTS];
		unsigned int cells = 0;
		err |= fdt_setprop_string(fdt, node, "compatible", clint_compat[which]);
		err |= set_reg(fdt, node, r, which == 2 ? 0x4000 : which == 3 ? 0x8000 : 0xc000);
		if (which == 3 && take(r) & 1) {       /* mtime as a second reg entry */
			uint64_t base = (uintptr_t)window + window_offset(r, WINDOW_SIZE - 8);
			fdt32_t reg[8];
			int len;
			const fdt32_t *first = fdt_getprop(fdt, node, "reg", &len);
			if (first && len == 16) {
				memcpy(reg, first, 16);
				reg[4] = cpu_to_fdt32(base >> 32);
				reg[5] = cpu_to_fdt32((uint32_t)base);
				reg[6] = 0;
				reg[7] = cpu_to_fdt32(8);
				err |= fdt_setprop(fdt, node, "reg", reg, sizeof(reg));
			}
		}
		for (unsigned int h = 0; h < DEVICE_HARTS; h++) {
			if (which != 3) {
				ie[cells++] = cpu_to_fdt32(INTC_PHANDLE + h);
				ie[cells++] = cpu_to_fdt32(3);
			}
			if (which != 2) {
				ie[cells++] = cpu_to_fdt32(INTC_PHANDLE + h);
				ie[cells++] = cpu_to_fdt32(7);
			}
		}
		err |= fdt_setprop(fdt, node, "interrupts-extended", ie, cells * 4);
		break;
	}
	case 2:              /* a syscon block, with its poweroff or reboot node */
	case 3: {
		static const uint32_t offsets[] = { 0, 2, 4, 6, 0xffc, 0xffe, 0x1000, 0xfffffffc };
		uint32_t ph = (*phandle)++;
		char child[24];
		int c;
		const char *regmap_compat = take(r) & 1 ? "sifive,test1" : "syscon";
		err |= fdt_setprop_string(fdt, node, "compatible", regmap_compat);
		err |= set_reg(fdt, node, r, 0x1000);
		err |= fdt_setprop_u32(fdt, node, "phandle", ph);
		err |= maybe_u32(fdt, node, "reg-io-width", r, widths, 6);
		snprintf(child, sizeof(child), "%s@%u", kind == 2 ? "poweroff" : "reboot", i);
		c = fdt_add_subnode(fdt, parent, child);
		if (c < 0)
			return c;
		err |= fdt_setprop_string(fdt, c, "compatible", kind == 2 ? "syscon-poweroff" : "syscon-reboot");
		err |= fdt_setprop_u32(fdt, c, "regmap", take(r) % 8 ? ph : take32(r));
		err |= maybe_u32(fdt, c, "offset", r, offsets, 8);
		err |= fdt_setprop_u32(fdt, c, "value", take32(r));
		if (take(r) & 1)
			err |= fdt_setprop_u32(fdt, c, "mask", take32(r));
		break;
	}
	default: {           /* a GPIO controller and a poweroff or restart line on it */
		uint32_t ph = (*phandle)++, pin = take(r) % 72, flags = take(r) & 1;
		bool jh7110 = take(r) & 1;
		char child[24];
		int c;
		fdt32_t gpios[3] = { cpu_to_fdt32(ph), cpu_to_fdt32(pin), cpu_to_fdt32(flags) };
		err |= fdt_setprop_string(fdt, node, "compatible", jh7110 ? "starfive,jh7110-sys-pinctrl" : "sifive,gpio0");
		err |= set_reg(fdt, node, r, jh7110 ? 0x80 : 0x44);
		err |= fdt_setprop_u32(fdt, node, "phandle", ph);
		err |= fdt_setprop_u32(fdt, node, "#gpio-cells", 2);
		snprintf(child, sizeof(child), "gpio-line@%u", i);
		c = fdt_add_subnode(fdt, parent, child);
		if (c < 0)
			return c;
		const char *line_compat = take(r) & 1 ? "gpio-poweroff" : "gpio-restart";
		err |= fdt_setprop_string(fdt, c, "compatible", line_compat);
		err |= fdt_setprop(fdt, c, "gpios", gpios, sizeof(gpios));
		break;
	}
	}
	return err ? -1 : 0;
}

/* ---- One recipe ---- */

/* Forgets the previous input's devices: what a new boot starts from. */
static void forget_devices(void)
{
	memset(reset_devices, 0, sizeof(reset_devices));
	memset(&poweroff_action, 0, sizeof(poweroff_action));
	memset(&reboot_action, 0, sizeof(reboot_action));
	memset(&poweroff_line, 0, sizeof(poweroff_line));
	memset(&restart_line, 0, sizeof(restart_line));
	mtime_reg = NULL;
	mswi_found = mtimer_found = false;
	devices_found = 0;
	time_source = NULL;
	timebase_hz = 0;
	console_found = NULL;
	region_count = refusals = 0;
}

/*
 * Every node probed, with the drivers of boot's walks (the DT_DRIVER tables of
 * the drivers included above) but with every node of each kind: a later node
 * of a kind must not spoil what an earlier one left (boot stops at the first
 * that works; a driver must not rely on it).
 */
static void probe_every_device(const void *fdt)
{
	(void)dt_probe_all(fdt, DT_DRIVERS(console));
	(void)dt_probe_all(fdt, DT_DRIVERS(timer_ipi));
	(void)dt_probe_all(fdt, DT_DRIVERS(reset));
}

/* Everything outside the accepted regions still holds the pattern. */
static void check_window(void)
{
	for (uint64_t off = 0; off < WINDOW_SIZE; off++) {
		uint64_t a = (uintptr_t)window + off;
		bool inside = false;

		if (window[off] == PATTERN)
			continue;
		for (unsigned int i = 0; i < region_count && !inside; i++)
			inside = a >= regions[i].base && a - regions[i].base < regions[i].size;
		FUZZ_EXPECT(inside, "a write at window offset 0x%lx, outside every region the check accepted",
			    (unsigned long)off);
	}
}

/* A register the firmware will access: aligned to its width, inside a region the check accepted. */
static void check_register(const volatile void *reg, unsigned int width, const char *what)
{
	uint64_t a = (uintptr_t)reg;
	bool inside = false;

	for (unsigned int i = 0; i < region_count && !inside; i++)
		inside = a >= regions[i].base && a - regions[i].base < regions[i].size &&
			 regions[i].size - (a - regions[i].base) >= width;
	FUZZ_EXPECT(a % width == 0, "%s at 0x%lx: a misaligned %u-byte access (a trap on QEMU 7.2)", what,
		    (unsigned long)a, width);
	FUZZ_EXPECT(inside, "%s at 0x%lx: outside every region the check accepted", what, (unsigned long)a);
}

/*
 * Every register address the drivers kept: UBSan does not check volatile
 * accesses, so the alignment of what the firmware will access is checked
 * here, where the drivers keep it, before it is used.
 */
static void check_registers(const struct hart_state *harts)
{
	if (console_found == &ns16550_console) {
		FUZZ_EXPECT((1U << uart_shift) % uart_width == 0, "16550 registers %u bytes apart, %u wide",
			    1U << uart_shift, uart_width);
		check_register(uart_base + (UART_THR << uart_shift), uart_width, "16550 THR");
		check_register(uart_base + (UART_LSR << uart_shift), uart_width, "16550 LSR");
	} else if (console_found == &sifive_uart_console) {
		check_register(&sifive_uart[SIFIVE_UART_TXDATA / 4], 4, "SiFive UART txdata");
		check_register(&sifive_uart[SIFIVE_UART_RXDATA / 4], 4, "SiFive UART rxdata");
	}
	for (unsigned int h = 0; h < DEVICE_HARTS; h++) {
		if (harts[h].ipi_dev == &mswi_ipi_device)
			check_register(harts[h].ipi_reg, 4, "msip");
		if (harts[h].timer_dev == &mtimer_device)
			check_register(harts[h].timer_reg, 8, "mtimecmp");
		if (harts[h].timer_dev == &thead_mtimer_device)
			check_register(harts[h].timer_reg, 8, "T-Head mtimecmp (two 4-byte halves)");
	}
	if (time_source == &mtimer_device)
		check_register(mtime_reg, 8, "mtime");
	if (poweroff_action.valid)
		check_register(poweroff_action.reg, 4, "syscon-poweroff register");
	if (reboot_action.valid)
		check_register(reboot_action.reg, 4, "syscon-reboot register");
	if (poweroff_line.valid)
		check_register(&poweroff_line.regs[poweroff_line.jh7110 ? JH7110_GPIO_DOUT / 4 + 15 : SIFIVE_GPIO_OUT_XOR / 4],
			       4, "gpio-poweroff's last register");
	if (restart_line.valid)
		check_register(&restart_line.regs[restart_line.jh7110 ? JH7110_GPIO_DOUT / 4 + 15 : SIFIVE_GPIO_OUT_XOR / 4],
			       4, "gpio-restart's last register");
}

/* Uses every device accepted as the firmware does. */
static void use_devices(struct hart_state *harts)
{
	if (console_found) {
		for (int i = 0; i < 3; i++)
			(void)console_found->try_putc((char)('0' + i));
		(void)console_found->getc();
	}
	for (unsigned int h = 0; h < DEVICE_HARTS; h++) {
		struct hart_state *hs = &harts[h];
		if (hs->ipi_dev) {
			hs->ipi_dev->send(hs);
			hs->ipi_dev->clear(hs);
		}
		if (hs->timer_dev)
			hs->timer_dev->set_compare(hs, 0x0123456789abcdefULL);
	}
	if (time_source)
		(void)time_source->now();
	/* The resets' delays on the fast clock. */
	time_source = &fake_timer;
	timebase_hz = 1000;
	for (unsigned long type = 0; type <= SBI_SRST_TYPE_WARM_REBOOT; type++)
		for (unsigned long reason = 0; reason <= SBI_SRST_REASON_SYSTEM_FAILURE; reason++)
			reset_system(type, reason);
}

void fuzz_dt_device_recipe(const uint8_t *data, size_t size)
{
	static uint8_t fdt[16384];
	static struct hart_state harts[DEVICE_HARTS];
	static struct hart_state *table[DEVICE_HARTS];
	struct recipe r = { data, size };
	uint32_t phandle = 0x100;
	unsigned int devices = 1 + take(&r) % 4;
	int soc, cpus, err;
	size_t log_before;

	if (!window) {
		window = aligned_alloc(4096, WINDOW_SIZE);
		if (!window)
			abort();
	}
	forget_devices();
	host_memory_reset();
	memset(window, PATTERN, WINDOW_SIZE);

	/* An empty tree (version 17: header, reservation map terminator, root node, FDT_END), opened. */
	static const uint32_t empty_tree[] = { 0xd00dfeed, 72, 56, 72, 40, 17, 16, 0, 0, 16, 0, 0, 0, 0, 1, 0, 2, 9 };
	uint32_t empty[sizeof(empty_tree) / 4];
	for (unsigned int i = 0; i < sizeof(empty_tree) / 4; i++)
		empty[i] = cpu_to_fdt32(empty_tree[i]);
	err = fdt_open_into(empty, fdt, sizeof(fdt));
	err |= fdt_setprop_u32(fdt, 0, "#address-cells", 2);
	err |= fdt_setprop_u32(fdt, 0, "#size-cells", 2);
	cpus = fdt_add_subnode(fdt, 0, "cpus");
	soc = fdt_add_subnode(fdt, 0, "soc");
	if (err || cpus < 0 || soc < 0)
		abort();
	err |= fdt_setprop_u32(fdt, soc, "#address-cells", 2);
	err |= fdt_setprop_u32(fdt, soc, "#size-cells", 2);
	for (unsigned int i = 0; i < devices && !err; i++)
		err = add_device(fdt, soc, i, &r, &phandle);
	if (err)
		return;          /* the tree is full: nothing to probe */

	/* The harts, as boot lays them out: each with its interrupt controller's phandle. */
	memset(harts, 0, sizeof(harts));
	for (unsigned int h = 0; h < DEVICE_HARTS; h++) {
		harts[h].hartid = h;
		harts[h].index = h;
		harts[h].intc_phandle = INTC_PHANDLE + h;
		table[h] = &harts[h];
	}
	hart_table = table;
	hart_count = DEVICE_HARTS;

	log_before = fuzz_dt_log_lines("; device refused\n");
	probe_every_device(fdt);
	/* Each refusal said so, with its node's line (a syscon's offset refused by dt_device_reg_in too). */
	FUZZ_EXPECT(fuzz_dt_log_full() || fuzz_dt_log_lines("; device refused\n") - log_before >= refusals,
		    "%u refusals, %zu lines", refusals, fuzz_dt_log_lines("; device refused\n") - log_before);
	check_registers(harts);
	use_devices(harts);
	check_window();
}
