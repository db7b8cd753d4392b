/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fuzz_dt's device recipes (an input starting with FUZZ_DT_DEVICE_RECIPE):
 * DTs naming the devices the firmware writes to (16550/DesignWare and
 * SiFive UARTs, CLINT and ACLINT MSWI/MTIMER, syscon-poweroff/-reboot,
 * gpio-poweroff/-restart on SiFive and JH7110 controllers, I2C controllers
 * and the PMICs on them) with fuzzed regs, sizes, reg-shift/reg-io-width,
 * syscon offsets and widths, GPIO pins, I2C addresses: every kind of
 * misalignment and odd width. Each node's reg lies in a host "MMIO
 * window", parts of which may be RAM or the firmware; the real drivers
 * probe it, and every device they accept is then used as the firmware uses
 * it: console bytes in and out, each hart's doorbell and timer compare,
 * every reset type and reason (a PMIC's sequences over its bus).
 *
 * The I2C controllers (DesignWare, OpenCores/SiFive, K1, RIIC, or one no
 * driver knows) are the register models of tests/host/i2c_models/ behind
 * their reg, with a device at each address their children name and the
 * faults a recipe switches on (a controller that never finishes or never
 * disables, a transfer S-mode left held, a RIIC the loader left off or
 * whose bus stays busy, a device that does not answer, a DA9063 or
 * DA9062 with another ID); their PMICs sit on them, on a bus that is
 * disabled, on a node that is no controller (the soc, the root, another
 * PMIC), at
 * addresses past 0x7f, with two cells, twice. The bus's register accesses
 * (lib/core/i2c_bus.c, included here) reach the models through the
 * fuzz_mmio_* hooks; its poll bound is scaled down (FUZZ_I2C_POLLS) and the
 * clock is fuzzed: none (polls), running, or stuck.
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
 * - every refusal has its boot-log line (the I2C drivers' own refusals
 *   too), and every PMIC probe that fails has exactly one "not used" line;
 * - every I2C register access (probe reads included) is aligned and lies in
 *   the region dt_device_reg() accepted for an I2C controller's node;
 * - every I2C transfer ends: its register accesses are bounded by the poll
 *   bound, whatever the controller, the clock or the device do, and it
 *   returns one of the bus's results.
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

/* Every driver's dt_device_reg() goes through the recorder below, and so does
 * dt_device_reg_answers()'s (built here, not linked: lib/core/dt_device_answers.c). */
static int recorded_dt_device_reg(const void *fdt, int node, int index, uint64_t min_size, unsigned int width,
				  uint64_t *base, uint64_t *size);
#define dt_device_reg recorded_dt_device_reg
#include "../../lib/core/dt_device_answers.c"
#include "../../lib/core/timer.c"
#include "../../lib/core/reset.c"
#include "../../lib/drivers/uart_ns16550.c"
#include "../../lib/drivers/uart_sifive.c"
#include "../../lib/drivers/aclint.c"
#include "../../lib/drivers/reset_syscon.c"
#include "../../lib/drivers/reset_gpio.c"

/*
 * The I2C layer and its drivers. Their register accesses (only i2c_bus.c
 * makes them, and the controllers' probe reads) go through the hooks to the
 * controller models; transfers, refusals and PMIC probes are counted on the
 * way (the wrappers below). The poll bound of a transfer without time is
 * scaled down from 10^7, so that a stuck bus ends fast here: what is
 * checked is that it ends by it.
 */
#include "i2c_bus.h"
#include "mmio.h"
#include "trap_expect.h"
#define FUZZ_I2C_POLLS 256
#undef I2C_POLLS_MAX
#define I2C_POLLS_MAX FUZZ_I2C_POLLS
static uint8_t fuzz_mmio_read8(const volatile void *addr);
static uint32_t fuzz_mmio_read32(const volatile void *addr);
static void fuzz_mmio_write8(volatile void *addr, uint8_t value);
static void fuzz_mmio_write32(volatile void *addr, uint32_t value);
#define mmio_read8 fuzz_mmio_read8
#define mmio_read32 fuzz_mmio_read32
#define mmio_write8 fuzz_mmio_write8
#define mmio_write32 fuzz_mmio_write32
#include "../../lib/core/i2c_bus.c"
#undef mmio_read8
#undef mmio_read32
#undef mmio_write8
#undef mmio_write32
static int counted_i2c_transfer(const struct i2c_bus *bus, const struct i2c_xfer *x);
#define i2c_transfer counted_i2c_transfer
#include "../../lib/core/i2c_reset.c"
#undef i2c_transfer
static void counted_dt_device_refused(const void *fdt, int node, uint64_t base, uint64_t size, const char *why);
static bool i2c_probe_read(struct trap_expect *st, volatile const void *addr, unsigned int width, uint32_t *value);
#define dt_device_refused counted_dt_device_refused
#define mmio_try_read i2c_probe_read
#include "../../lib/core/i2c_bus_probe.c"
#include "../../lib/drivers/i2c_designware.c"
#include "../../lib/drivers/i2c_ocores.c"
#include "../../lib/drivers/i2c_k1.c"
#include "../../lib/drivers/i2c_riic.c"
#undef dt_device_refused
#undef mmio_try_read
static int counted_i2c_reset_probe(const void *fdt, int node, const struct i2c_reset_pmic *p);
#define i2c_reset_probe counted_i2c_reset_probe
#include "../../lib/drivers/reset_axp15060.c"
#include "../../lib/drivers/reset_da9063.c"
#include "../../lib/drivers/reset_spacemit_p1.c"
#include "../../lib/drivers/reset_sg2042_mcu.c"
#undef i2c_reset_probe
#undef dt_device_reg

#include "i2c_models/i2c_models.h"

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
static struct { uint64_t base, size; int node; } regions[MAX_REGIONS];
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
		regions[region_count].node = node;
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

/* ---- The I2C controllers: the shared models behind their regs ---- */

#define MAX_I2C 8                    /* a recipe's devices, every one a controller */
static struct i2c_model_slot {
	struct i2c_controller_model model;
	uint64_t base, size;         /* the node's reg, as the DT says (checked or not) */
	int node;
} i2c_models[MAX_I2C];
static unsigned int i2c_model_count;
/* What a recipe makes go wrong on a controller. */
#define I2C_FAULT_STUCK          0x01   /* it never finishes a byte */
#define I2C_FAULT_HELD           0x02   /* DesignWare: a transfer S-mode left held; RIIC: left off (ICE) */
#define I2C_FAULT_NEVER_DISABLES 0x04   /* DesignWare: IC_ENABLE_STATUS stays 1; RIIC: the bus stays busy */
#define I2C_FAULT_ABSENT         0x08   /* its first device does not answer */
#define I2C_FAULT_OTHER_ID       0x10   /* a DA9063 or DA9062 answers another DEVICE_ID */

/*
 * Register accesses of the I2C layer so far, and at the start of the
 * transfer under way (none: -1); a transfer's bound (a poll reads 2
 * registers at most), checked at each access: a wait that would not end
 * fails there, not at libFuzzer's timeout.
 */
static unsigned long i2c_accesses, transfer_start = ~0UL;
static unsigned int i2c_refusals;
#define I2C_TRANSFER_ACCESSES_MAX (2UL * (FUZZ_I2C_POLLS + 16) + 64)

static void check_register(const volatile void *reg, unsigned int width, const char *what);

/* addr .. addr + width lies in a region dt_device_reg accepted for node. */
static bool in_region_of(int node, uint64_t a, unsigned int width)
{
	for (unsigned int i = 0; i < region_count; i++)
		if (regions[i].node == node && a >= regions[i].base && a - regions[i].base < regions[i].size &&
		    regions[i].size - (a - regions[i].base) >= width)
			return true;
	return false;
}

/*
 * An access of the I2C layer: aligned, in the region dt_device_reg accepted
 * for a controller (regs may overlap in a recipe: any controller's whose reg
 * holds it); then that controller's model answers.
 */
static struct i2c_model_slot *i2c_access(const volatile void *addr, unsigned int width, const char *what)
{
	uint64_t a = (uintptr_t)addr;

	for (unsigned int i = 0; i < i2c_model_count; i++) {
		struct i2c_model_slot *m = &i2c_models[i];
		if (a >= m->base && a - m->base < m->size && in_region_of(m->node, a, width)) {
			check_register(addr, width, what);
			i2c_accesses++;
			FUZZ_EXPECT(transfer_start == ~0UL || i2c_accesses - transfer_start <= I2C_TRANSFER_ACCESSES_MAX,
				    "an I2C transfer on %s made more than %lu register accesses: a wait that does not end "
				    "by the deadline", m->model.name, I2C_TRANSFER_ACCESSES_MAX);
			return m;
		}
	}
	/* What there was, for the reproducer's reader. */
	for (unsigned int i = 0; i < i2c_model_count; i++)
		fprintf(stderr, "fuzz_dt: I2C controller %s (node %d): reg 0x%lx+0x%lx\n",
			i2c_models[i].model.name, i2c_models[i].node, (unsigned long)i2c_models[i].base,
			(unsigned long)i2c_models[i].size);
	for (unsigned int i = 0; i < region_count; i++)
		fprintf(stderr, "fuzz_dt: region accepted for node %d: 0x%lx+0x%lx\n", regions[i].node,
			(unsigned long)regions[i].base, (unsigned long)regions[i].size);
	fuzz_dt_fail("%s at 0x%lx: outside every region dt_device_reg accepted for an I2C controller", what,
		     (unsigned long)a);
}

static uint8_t fuzz_mmio_read8(const volatile void *addr)
{
	struct i2c_model_slot *m = i2c_access(addr, 1, "an I2C register read");

	return (uint8_t)i2c_controller_model_read(&m->model, (uintptr_t)addr - m->base, 1);
}

static uint32_t fuzz_mmio_read32(const volatile void *addr)
{
	struct i2c_model_slot *m = i2c_access(addr, 4, "an I2C register read");

	return i2c_controller_model_read(&m->model, (uintptr_t)addr - m->base, 4);
}

static void fuzz_mmio_write8(volatile void *addr, uint8_t value)
{
	struct i2c_model_slot *m = i2c_access(addr, 1, "an I2C register write");

	i2c_controller_model_write(&m->model, (uintptr_t)addr - m->base, 1, value);
}

static void fuzz_mmio_write32(volatile void *addr, uint32_t value)
{
	struct i2c_model_slot *m = i2c_access(addr, 4, "an I2C register write");

	i2c_controller_model_write(&m->model, (uintptr_t)addr - m->base, 4, value);
}

/* An I2C controller driver's probe read: in its checked region, from the model. */
static bool i2c_probe_read(struct trap_expect *st, volatile const void *addr, unsigned int width, uint32_t *value)
{
	struct i2c_model_slot *m = i2c_access(addr, width, "an I2C controller's probe read");

	(void)st;
	FUZZ_EXPECT(width == 1 || width == 4, "a %u-byte probe read", width);
	*value = i2c_controller_model_read(&m->model, (uintptr_t)addr - m->base, width);
	return true;
}

static int counted_i2c_transfer(const struct i2c_bus *bus, const struct i2c_xfer *x)
{
	int rc;

	transfer_start = i2c_accesses;
	rc = i2c_transfer(bus, x);
	transfer_start = ~0UL;
	FUZZ_EXPECT(rc == I2C_OK || rc == I2C_ERR_TIMEOUT || rc == I2C_ERR_NACK || rc == I2C_ERR_BUS,
		    "an I2C transfer on %s returned %d", bus->name, rc);
	return rc;
}

static void counted_dt_device_refused(const void *fdt, int node, uint64_t base, uint64_t size, const char *why)
{
	i2c_refusals++;
	dt_device_refused(fdt, node, base, size, why);
}

/* A PMIC's probe: taken, or refused with exactly one "not used" line. */
static int counted_i2c_reset_probe(const void *fdt, int node, const struct i2c_reset_pmic *p)
{
	size_t before = fuzz_dt_log_lines("; not used\n");
	int rc = i2c_reset_probe(fdt, node, p);
	size_t lines = fuzz_dt_log_lines("; not used\n") - before;

	FUZZ_EXPECT(fuzz_dt_log_full() || lines == (rc ? 1u : 0u), "%s's probe returned %d with %zu \"not used\" lines",
		    p->name, rc, lines);
	if (!rc)
		FUZZ_EXPECT(pmic == p && pmic_dev.bus && pmic_dev.addr <= 0x7f, "%s taken without its bus", p->name);
	return rc;
}

unsigned long host_csr_read(unsigned int csr)
{
	(void)csr;
	return 0;
}

/*
 * The delays of a reset and an I2C transfer's deadline, on a clock that
 * runs: a tick of 10 kHz at each look (a transfer's 25 ms are 250 looks,
 * more than any of the models needs; a reset's 500 ms wait, 5000).
 */
#define FAKE_HZ 10000
static uint64_t fake_clock;

static uint64_t fake_now(void)
{
	return ++fake_clock;
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

	/* Any size, a few bytes short, a small one (the spacing of a register may pass it), or the driver's own. */
	size = how % 4 == 0 ? take16(r) : how % 4 == 1 ? natural - take(r) % 8 :
	       how % 4 == 3 ? 1 + take(r) % 64 : natural;
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

/* The faults of device i's I2C controller (I2C_FAULT_*), for its model once the tree is whole. */
#define MAX_DEVICES 8
static uint8_t i2c_faults[MAX_DEVICES];

/*
 * A PMIC the firmware drives, under parent: its usual address or any byte
 * (past 0x7f too), one cell, two or none; now and then inside the PMIC
 * before it (prev, a name under parent, or NULL).
 */
static int add_pmic(void *fdt, int parent, const char *name, const char *prev, struct recipe *r)
{
	static const char *const compat[] = { "x-powers,axp15060", "stf,axp15060-regulator", "dlg,da9063",
					       "spacemit,p1", "sophgo,sg2042-hwmon-mcu", "dlg,da9062" };
	static const uint8_t usual[] = { 0x36, 0x36, 0x58, 0x41, 0x17, 0x58 };
	uint8_t how = take(r), which = how % 6;
	uint32_t addr = how & 0x80 ? take(r) : usual[which];
	fdt32_t two[2] = { 0, cpu_to_fdt32(addr) };
	int node, err = 0;

	if (prev && how & 0x08) {
		int p = fdt_subnode_offset(fdt, parent, prev);
		if (p >= 0)
			parent = p;
	}
	node = fdt_add_subnode(fdt, parent, name);
	if (node < 0)
		return node;
	err |= fdt_setprop_string(fdt, node, "compatible", compat[which]);
	if ((how & 0x60) == 0x20)
		err |= fdt_setprop(fdt, node, "reg", two, sizeof(two));
	else if ((how & 0x60) != 0x40)
		err |= fdt_setprop_u32(fdt, node, "reg", addr);
	return err ? -1 : 0;
}

static int add_device(void *fdt, int parent, unsigned int i, struct recipe *r, uint32_t *phandle)
{
	static const char *const uart_compat[] = { "ns16550a", "snps,dw-apb-uart", "sifive,uart0" };
	static const char *const clint_compat[] = { "riscv,clint0", "thead,c900-clint", "riscv,aclint-mswi",
						    "riscv,aclint-mtimer" };
	uint8_t kind = take(r) % 7;
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
	case 5: {            /* an I2C controller (or a node no I2C driver knows) with PMICs on it */
		static const char *const i2c_compat[] = { "snps,designware-i2c", "sifive,i2c0", "opencores,i2c-ocores",
							  "spacemit,k1-i2c", "vendor,other-i2c", "renesas,riic-rz" };
		static const uint64_t natural[] = { 0x100, 0x20, 0x20, 0x38, 0x100, 0x400 };
		/* faults: I2C_FAULT_* for its model; bit 5 a 400 kHz bus, 6 two address cells, 7 disabled. */
		uint8_t which = take(r) % 6, faults = take(r), pmics = take(r) % 4;
		char name[24], prev[24];
		const char *c = i2c_compat[which];
		err |= fdt_setprop_string(fdt, node, "compatible", c);
		err |= set_reg(fdt, node, r, natural[which]);
		err |= maybe_u32(fdt, node, "reg-shift", r, shifts, 6);
		err |= maybe_u32(fdt, node, "reg-io-width", r, widths, 6);
		err |= fdt_setprop_u32(fdt, node, "#address-cells", faults & 0x40 ? 2 : 1);
		err |= fdt_setprop_u32(fdt, node, "#size-cells", 0);
		err |= fdt_setprop_u32(fdt, node, "clock-frequency", faults & 0x20 ? 400000 : 100000);
		if (faults & 0x80)
			err |= fdt_setprop_string(fdt, node, "status", "disabled");
		i2c_faults[i] = faults;
		for (unsigned int k = 0; k < pmics && !err; k++) {
			snprintf(name, sizeof(name), "pmic@%u-%u", i, k);
			err |= add_pmic(fdt, node, name, k ? prev : NULL, r);
			memcpy(prev, name, sizeof(prev));
		}
		break;
	}
	case 6: {            /* a PMIC whose parent is no I2C controller: a plain node, the soc, the root */
		static const char *const where[] = { "node", "soc", "root" };
		uint8_t w = take(r) % 3;
		char name[24];
		err |= fdt_setprop_string(fdt, node, "compatible", "vendor,mfd");
		err |= set_reg(fdt, node, r, 0x100);
		snprintf(name, sizeof(name), "pmic@%u-%s", i, where[w]);
		if (!err)
			err = add_pmic(fdt, w == 0 ? node : w == 1 ? parent : 0, name, NULL, r);
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
	time_source = NULL;
	timebase_hz = 0;
	console_found = NULL;
	region_count = refusals = 0;
	memset(buses, 0, sizeof(buses));
	nr_buses = 0;
	pmic = NULL;
	memset(&pmic_dev, 0, sizeof(pmic_dev));
	memset(pmic_line, 0, sizeof(pmic_line));
	i2c_model_count = 0;
	i2c_accesses = 0;
	transfer_start = ~0UL;
	i2c_refusals = 0;
	memset(i2c_faults, 0, sizeof(i2c_faults));
}

/* The I2C controllers' models, once the tree (and its offsets) is whole, with the recipe's faults. */
static void make_i2c_models(const void *fdt)
{
	int node, depth = 0;

	for (node = fdt_next_node(fdt, -1, &depth); node >= 0; node = fdt_next_node(fdt, node, &depth)) {
		struct i2c_model_slot *slot = &i2c_models[i2c_model_count];
		struct i2c_controller_model *m = &slot->model;
		unsigned int index;
		uint8_t faults;

		if (i2c_model_count == MAX_I2C || fdt_read_reg(fdt, node, 0, &slot->base, &slot->size) ||
		    i2c_controller_model_init(m, fdt, node))
			continue;
		slot->node = node;
		i2c_model_count++;
		faults = sscanf(fdt_get_name(fdt, node, NULL), "dev@%u", &index) == 1 && index < MAX_DEVICES ?
			 i2c_faults[index] : 0;
		/* (The models share a union: only the model of the node's kind is set.) */
		switch (m->kind) {
		case I2C_MODEL_DESIGNWARE:
			m->dw.stuck = faults & I2C_FAULT_STUCK;
			if (faults & I2C_FAULT_HELD)
				m->dw.held = true, m->dw.enable = 1;
			m->dw.never_disables = faults & I2C_FAULT_NEVER_DISABLES;
			break;
		case I2C_MODEL_OCORES:
			m->oc.stuck = faults & I2C_FAULT_STUCK;
			break;
		case I2C_MODEL_K1:
			m->k1.stuck = faults & I2C_FAULT_STUCK;
			break;
		case I2C_MODEL_RIIC:
			/* The loader left it on (ICE) unless the recipe says it did not; a bus that stays busy. */
			if (!(faults & I2C_FAULT_HELD))
				m->riic.cr1 |= 0x80;
			m->riic.stuck = faults & I2C_FAULT_STUCK;
			m->riic.busy_forever = faults & I2C_FAULT_NEVER_DISABLES;
			break;
		default:
			break;
		}
		if (faults & I2C_FAULT_ABSENT && m->wires.nr_devices)
			m->wires.devices[0].present = false;
		for (unsigned int d = 0; faults & I2C_FAULT_OTHER_ID && d < m->wires.nr_devices; d++)
			m->wires.devices[d].regs[0x181] ^= 0x01;   /* the DA906x's DEVICE_ID (chips.c) */
	}
}

/*
 * Every node probed, with the drivers of boot's walks (the DT_DRIVER tables of
 * the drivers included above) but with every node of each kind: a later node
 * of a kind must not spoil what an earlier one left (boot stops at the first
 * that works; a driver must not rely on it).
 */
static uint64_t stuck_now(void)
{
	return 0x1000;
}

static const struct timer_device stuck_timer = { .now = stuck_now };

/* The clock the resets' probes see (what the timer walk found: 0; running: 1; stuck: 2). */
static void probe_every_device(const void *fdt, uint8_t clock)
{
	(void)dt_probe_all(fdt, DT_DRIVERS(console));
	(void)dt_probe_all(fdt, DT_DRIVERS(timer_ipi));
	if (clock) {
		time_source = clock == 1 ? &fake_timer : &stuck_timer;
		timebase_hz = FAKE_HZ;
	}
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
		if (harts[h].timer_dev == &thead_mtimer_device) {
			/* Written as two 4-byte halves (its driver asks for 4-byte alignment only). */
			check_register(harts[h].timer_reg, 4, "T-Head mtimecmp's low half");
			check_register((volatile uint8_t *)harts[h].timer_reg + 4, 4, "T-Head mtimecmp's high half");
		}
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
	/* The resets' delays on the running clock. */
	time_source = &fake_timer;
	timebase_hz = FAKE_HZ;
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
	unsigned int devices = 1 + take(&r) % MAX_DEVICES;
	uint8_t memory, clock;
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
	/* (A node added at the root moves /soc: found again each time.) */
	for (unsigned int i = 0; i < devices && !err; i++)
		err = add_device(fdt, fdt_subnode_offset(fdt, 0, "soc"), i, &r, &phandle);
	if (err)
		return;          /* the tree is full: nothing to probe */
	make_i2c_models(fdt);

	/* RAM and the firmware over parts of the window: a device there is refused. */
	memory = take(&r);
	if (memory & 1)
		memory_map_add_ram((uintptr_t)window + window_offset(&r, WINDOW_SIZE), 1 + take16(&r));
	if (memory & 2)
		memory_map_set_firmware((uintptr_t)window + window_offset(&r, WINDOW_SIZE), 1 + take16(&r));
	clock = take(&r) % 3;

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
	probe_every_device(fdt, clock);
	/* Each refusal said so, with its node's line (a syscon's offset refused by dt_device_reg_in too;
	 * an I2C controller's own refusals, dt_device_refused). */
	FUZZ_EXPECT(fuzz_dt_log_full() || fuzz_dt_log_lines("; device refused\n") - log_before >= refusals + i2c_refusals,
		    "%u refusals, %zu lines", refusals + i2c_refusals, fuzz_dt_log_lines("; device refused\n") - log_before);
	check_registers(harts);
	use_devices(harts);
	check_window();
	if (getenv("FUZZ_DT_LOG"))
		fprintf(stderr, "--- firmware log:\n%s--- reset: %s; I2C register accesses %lu\n", fuzz_dt_log(),
			reset_device_name(), i2c_accesses);
}
