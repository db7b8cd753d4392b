/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The check of every DT-described register region (lib/core/dt_device_reg.c)
 * on the host, and the syscon reset driver (lib/drivers/reset_syscon.c) that
 * uses it for a register at a DT-given offset: the region's base must be a
 * multiple of the driver's access width (1, 2, 4 or 8) and a register at an
 * offset must lie inside the region at an address that is one too; anything
 * else is refused at probe with one boot-log line (checked word for word),
 * never an access that traps at shutdown. The syscon block is a plain array.
 */
#include <stdlib.h>
#include <libfdt.h>
#include "drivers.h"
#include "dt_device_reg.h"
#include "host_console.h"
#include "host_memory.h"
#include "reset_device.h"
#include "sbi_spec.h"
#include "test.h"
#include "timer_device.h"
#include "trap_expect.h"

/* The driver under test: its DT_DRIVER() entry (lib/drivers/reset_syscon.c). */
extern const struct dt_driver syscon_poweroff_driver;

TEST_MAIN_GLOBALS

#define DEV_BASE 0x10000000UL
#define DEV_SIZE 0x1000UL

static uint64_t fake_now(void);
static const struct timer_device fake_timer = { .now = fake_now };
static uint64_t fake_time;

/* The reset's wait: 1 ms a look at a 1 kHz clock. */
static uint64_t fake_now(void)
{
	return ++fake_time;
}

/* The probe's read with a fault expected: faults at fault_at, else reads the plain array. */
static volatile const void *fault_at;

bool mmio_try_read(struct trap_expect *st, volatile const void *addr, unsigned int width, uint32_t *value)
{
	(void)st, (void)width;
	if (addr == fault_at)
		return false;
	*value = *(const volatile uint32_t *)addr;
	return true;
}

static void test_setup(void)
{
	fault_at = NULL;
	host_memory_reset();
	host_console_clear();
	timer_device_set(&fake_timer);
	timer_set_hz(1000);
}

/* A tree with /dev@<base> (reg base, size) and, syscon != NULL, a child of the root naming it as regmap. */
static void *tree(uint64_t base, uint64_t size, const char *regmap_compatible, const char *syscon,
		  int offset, int reg_io_width)
{
	static uint8_t fdt[4096];
	char name[32];
	fdt32_t reg[4] = { cpu_to_fdt32(base >> 32), cpu_to_fdt32((uint32_t)base), cpu_to_fdt32(size >> 32),
			   cpu_to_fdt32((uint32_t)size) };
	int node, err = fdt_create_empty_tree(fdt, sizeof(fdt));

	err |= fdt_setprop_u32(fdt, 0, "#address-cells", 2);
	err |= fdt_setprop_u32(fdt, 0, "#size-cells", 2);
	snprintf(name, sizeof(name), "dev@%lx", (unsigned long)base);
	node = fdt_add_subnode(fdt, 0, name);
	err |= node < 0;
	err |= fdt_setprop(fdt, node, "reg", reg, sizeof(reg));
	err |= fdt_setprop_string(fdt, node, "compatible", regmap_compatible ? regmap_compatible : "vendor,dev");
	err |= fdt_setprop_u32(fdt, node, "phandle", 1);
	if (reg_io_width >= 0)
		err |= fdt_setprop_u32(fdt, node, "reg-io-width", reg_io_width);
	if (syscon) {
		int child = fdt_add_subnode(fdt, 0, strcmp(syscon, "syscon-poweroff") ? "reboot" : "poweroff");
		err |= child < 0;
		err |= fdt_setprop_string(fdt, child, "compatible", syscon);
		err |= fdt_setprop_u32(fdt, child, "regmap", 1);
		err |= fdt_setprop_u32(fdt, child, "offset", offset);
		err |= fdt_setprop_u32(fdt, child, "value", 0x5555);
	}
	if (err)
		abort();
	return fdt;
}

static int node_of(const void *fdt, const char *path)
{
	return fdt_path_offset(fdt, path);
}

/* Every access width a driver may use, at a base aligned to all of them. */
TEST(aligned_region_for_every_width)
{
	void *fdt = tree(DEV_BASE, DEV_SIZE, NULL, NULL, 0, -1);
	uint64_t base, size;

	for (unsigned int w = 1; w <= 8; w *= 2)
		CHECK_EQ(dt_device_reg(fdt, node_of(fdt, "/dev@10000000"), 0, 16, w, &base, &size), 0);
	CHECK_EQ(base, DEV_BASE);
	CHECK_EQ(size, DEV_SIZE);
	CHECK_EQ(host_console_lines(), 0);
}

/* A base 2 bytes off: fine for byte and 16-bit accesses, refused for 4- and 8-byte ones, one line each. */
TEST(misaligned_base_refused_for_wider_accesses)
{
	void *fdt = tree(DEV_BASE + 2, DEV_SIZE, NULL, NULL, 0, -1);
	int node = node_of(fdt, "/dev@10000002");
	uint64_t base, size;

	CHECK_EQ(dt_device_reg(fdt, node, 0, 16, 1, &base, &size), 0);
	CHECK_EQ(dt_device_reg(fdt, node, 0, 16, 2, &base, &size), 0);
	CHECK_EQ(host_console_lines(), 0);
	CHECK_EQ(dt_device_reg(fdt, node, 0, 16, 4, &base, &size), DT_REG_REFUSED);
	CHECK(strcmp(host_console_text(), "abacus: dev@10000002: reg 0x10000002-0x10001001 is not aligned to its "
					  "4-byte accesses; device refused\n") == 0);
	CHECK_EQ(dt_device_reg(fdt, node, 0, 16, 8, &base, &size), DT_REG_REFUSED);
	CHECK_EQ(host_console_lines(), 2);
}

/* No such width: refused (a driver's mistake must not let an access through). */
TEST(no_such_width)
{
	void *fdt = tree(DEV_BASE, DEV_SIZE, NULL, NULL, 0, -1);
	int node = node_of(fdt, "/dev@10000000");
	uint64_t base, size;

	CHECK_EQ(dt_device_reg(fdt, node, 0, 16, 0, &base, &size), DT_REG_REFUSED);
	CHECK_EQ(dt_device_reg(fdt, node, 0, 16, 3, &base, &size), DT_REG_REFUSED);
	CHECK_EQ(dt_device_reg(fdt, node, 0, 16, 16, &base, &size), DT_REG_REFUSED);
	CHECK_EQ(host_console_lines(), 3);
}

/* The other checks come first, as before: an absent entry says nothing, a small one is too small. */
TEST(range_checks_unchanged)
{
	void *fdt = tree(DEV_BASE + 4, 8, NULL, NULL, 0, -1);
	int node = node_of(fdt, "/dev@10000004");
	uint64_t base, size;

	CHECK_EQ(dt_device_reg(fdt, node, 1, 4, 4, &base, &size), DT_REG_ABSENT);
	CHECK_EQ(host_console_lines(), 0);
	CHECK_EQ(dt_device_reg(fdt, node, 0, 16, 4, &base, &size), DT_REG_REFUSED);
	CHECK(strstr(host_console_text(), "is too small for its registers") != NULL);
	CHECK_EQ(dt_device_reg(fdt, node, 0, 8, 4, &base, &size), 0);
}

/* A register at a DT-given offset: inside the region and aligned, or refused naming the node that gave it. */
TEST(register_at_an_offset)
{
	void *fdt = tree(DEV_BASE, DEV_SIZE, NULL, "syscon-poweroff", 0, -1);
	int node = node_of(fdt, "/poweroff");

	CHECK(dt_device_reg_in(fdt, node, DEV_BASE, DEV_SIZE, 0, 4));
	CHECK(dt_device_reg_in(fdt, node, DEV_BASE, DEV_SIZE, DEV_SIZE - 4, 4));
	CHECK_EQ(host_console_lines(), 0);
	CHECK(!dt_device_reg_in(fdt, node, DEV_BASE, DEV_SIZE, 2, 4));
	CHECK(strcmp(host_console_text(), "abacus: poweroff: reg 0x10000002-0x10000005 is not aligned to its 4-byte "
					  "accesses; device refused\n") == 0);
	host_console_clear();
	CHECK(!dt_device_reg_in(fdt, node, DEV_BASE, DEV_SIZE, DEV_SIZE - 2, 4));
	CHECK(strstr(host_console_text(), "reg 0x10000ffe-0x10001001 lies outside the region it is an offset into") != NULL);
	CHECK(!dt_device_reg_in(fdt, node, DEV_BASE, DEV_SIZE, DEV_SIZE, 4));
	CHECK(!dt_device_reg_in(fdt, node, DEV_BASE, DEV_SIZE, ~0ULL - 1, 4));   /* no wrap-around */
	CHECK(!dt_device_reg_in(fdt, node, DEV_BASE, DEV_SIZE, 0, 3));
	CHECK_EQ(host_console_lines(), 4);
}

/* ---- The syscon driver (its state is static: these run in order, refusals first) ---- */

static uint32_t block[DEV_SIZE / 4] __attribute__((aligned(4096)));

/*
 * QEMU's sifive,test1 block with the power-off register at offset 2 (the
 * issue's case): refused at probe with its line; no device, so a shutdown
 * finds none (SRST answers NOT_SUPPORTED) and nothing is written.
 */
TEST(syscon_misaligned_offset_refused_at_probe)
{
	void *fdt = tree((uintptr_t)block, DEV_SIZE, "sifive,test1", "syscon-poweroff", 2, -1);
	char line[160];

	CHECK_EQ(syscon_poweroff_driver.probe(fdt, node_of(fdt, "/poweroff")), -1);
	snprintf(line, sizeof(line), "abacus: poweroff: reg 0x%lx-0x%lx is not aligned to its 4-byte accesses; "
		 "device refused\n", (unsigned long)(uintptr_t)block + 2, (unsigned long)(uintptr_t)block + 5);
	CHECK(strcmp(host_console_text(), line) == 0);
	CHECK(!reset_supported(SBI_SRST_TYPE_SHUTDOWN));
	reset_system(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	for (unsigned int i = 0; i < DEV_SIZE / 4; i++)
		CHECK_EQ(block[i], 0);
}

/* A register past the block, a block at a misaligned base, a block accessed other than 4 bytes wide. */
TEST(syscon_other_refusals)
{
	void *fdt = tree((uintptr_t)block, DEV_SIZE, "syscon", "syscon-poweroff", DEV_SIZE, -1);

	CHECK_EQ(syscon_poweroff_driver.probe(fdt, node_of(fdt, "/poweroff")), -1);
	CHECK(strstr(host_console_text(), "lies outside the region it is an offset into; device refused") != NULL);
	fdt = tree((uintptr_t)block + 2, DEV_SIZE - 2, "syscon", "syscon-poweroff", 2, -1);
	CHECK_EQ(syscon_poweroff_driver.probe(fdt, node_of(fdt, "/poweroff")), -1);
	CHECK(strstr(host_console_text(), "is not aligned to its 4-byte accesses; device refused") != NULL);
	fdt = tree((uintptr_t)block, DEV_SIZE, "syscon", "syscon-poweroff", 0, 1);
	CHECK_EQ(syscon_poweroff_driver.probe(fdt, node_of(fdt, "/poweroff")), -1);
	CHECK(strstr(host_console_text(), "has a reg-io-width other than 4; device refused") != NULL);
	CHECK_EQ(host_console_lines(), 3);
	CHECK(!reset_supported(SBI_SRST_TYPE_SHUTDOWN));
}

/* Where nothing answers (a DT naming a block the machine lacks): refused at probe, never a fault at shutdown. */
TEST(syscon_register_that_faults_refused_at_probe)
{
	void *fdt = tree((uintptr_t)block, DEV_SIZE, "syscon", "syscon-poweroff", 8, 4);

	fault_at = &block[2];
	CHECK_EQ(syscon_poweroff_driver.probe(fdt, node_of(fdt, "/poweroff")), -1);
	CHECK(strstr(host_console_text(), "faults when read; device refused") != NULL);
	CHECK_EQ(host_console_lines(), 1);
	CHECK(!reset_supported(SBI_SRST_TYPE_SHUTDOWN));
	reset_system(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	CHECK_EQ(block[2], 0);
}

/* Aligned: taken, and the shutdown writes the value at that very register. */
TEST(syscon_aligned_offset_works)
{
	void *fdt = tree((uintptr_t)block, DEV_SIZE, "syscon", "syscon-poweroff", 8, 4);

	CHECK_EQ(syscon_poweroff_driver.probe(fdt, node_of(fdt, "/poweroff")), 0);
	CHECK_EQ(host_console_lines(), 0);
	CHECK(reset_supported(SBI_SRST_TYPE_SHUTDOWN));
	reset_system(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
	CHECK_EQ(block[2], 0x5555);
	CHECK_EQ(block[0] | block[1] | block[3], 0);
}

int main(void)
{
	RUN(aligned_region_for_every_width);
	RUN(misaligned_base_refused_for_wider_accesses);
	RUN(no_such_width);
	RUN(range_checks_unchanged);
	RUN(register_at_an_offset);
	RUN(syscon_misaligned_offset_refused_at_probe);
	RUN(syscon_other_refusals);
	RUN(syscon_register_that_faults_refused_at_probe);
	RUN(syscon_aligned_offset_works);
	return TEST_EXIT_CODE;
}
