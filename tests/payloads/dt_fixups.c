/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The DT S-mode receives (firmware/fdt_fixup.c):
 * - it is a valid FDT (fdt_check_header), with free space for the next
 *   stage's own fixups (U-Boot grows it in place);
 * - /reserved-memory/abacus@<base> has no-map and a reg covering the
 *   firmware region: a power of two from where the firmware runs (the start
 *   of RAM, or what the case says: -append fw.base=ADDR, for a firmware
 *   loaded elsewhere), naturally aligned there (one PMP NAPOT entry), clear
 *   of the payload;
 * - that region is exactly what the firmware refuses S-mode buffers in:
 *   DBCN console_write of its last byte fails with SBI_ERR_INVALID_PARAM,
 *   of the byte at its end succeeds;
 * - the riscv,pmu node keeps its compatible but loses the firmware-only
 *   mapping properties (DT binding, OpenSBI's docs/pmu_support.md: they are for the SBI
 *   implementation);
 * - every cpu node is enabled (all harts of virt have S-mode), and every
 *   hart in it is known to HSM.
 */
#include <libfdt.h>
#include "payload.h"

extern char _start[], payload_stacks[];

static void check_header(const void *fdt)
{
	CHECK_EQ(fdt_check_header(fdt), 0);
	CHECK_EQ(fdt_magic(fdt), FDT_MAGIC);
	/* The firmware's copy must keep the whole tree inside totalsize. */
	CHECK(fdt_totalsize(fdt) >= fdt_off_dt_struct(fdt) + fdt_size_dt_struct(fdt));
	CHECK(fdt_totalsize(fdt) >= fdt_off_dt_strings(fdt) + fdt_size_dt_strings(fdt));
	/*
	 * Free space after the blocks (the firmware's fixup room, 4 KiB, less what
	 * it added): U-Boot adds /chosen properties in place, within totalsize.
	 */
	CHECK(fdt_totalsize(fdt) - (fdt_off_dt_strings(fdt) + fdt_size_dt_strings(fdt)) >= 2048);
}

/* "abacus@" and base in lower-case hex without leading zeros (DT unit address). */
static void firmware_node_name(char *buf, uint64_t base)
{
	char digits[17];
	int n = 0;

	do {
		digits[n++] = "0123456789abcdef"[base & 0xf];
		base >>= 4;
	} while (base);
	memcpy(buf, DT_FIRMWARE_NODE_PREFIX, strlen(DT_FIRMWARE_NODE_PREFIX));
	buf += strlen(DT_FIRMWARE_NODE_PREFIX);
	while (n)
		*buf++ = digits[--n];
	*buf = '\0';
}

static bool is_power_of_two(uint64_t x)
{
	return x && !(x & (x - 1));
}

static void check_reserved_memory(const void *fdt)
{
	int parent = fdt_path_offset(fdt, "/reserved-memory");
	int node = dt_firmware_region_node(fdt), len, count = 0, child;
	uint64_t base, size, ram_base, ram_size, expected_base;
	char expected_name[32];

	if (!CHECK(parent >= 0) || !CHECK(node >= 0))
		return;
	/* A reserved-memory parent needs #address-cells, #size-cells and ranges. */
	CHECK(fdt_getprop(fdt, parent, "#address-cells", NULL) != NULL);
	CHECK(fdt_getprop(fdt, parent, "#size-cells", NULL) != NULL);
	CHECK(fdt_getprop(fdt, parent, "ranges", NULL) != NULL);

	/* Exactly one firmware node. */
	fdt_for_each_subnode(child, fdt, parent) {
		const char *name = fdt_get_name(fdt, child, NULL);

		if (name && strncmp(name, DT_FIRMWARE_NODE_PREFIX,
				    strlen(DT_FIRMWARE_NODE_PREFIX)) == 0)
			count++;
	}
	CHECK_EQ(count, 1);

	CHECK(fdt_getprop(fdt, node, "no-map", &len) != NULL);
	CHECK_EQ(len, 0);
	if (!CHECK(dt_node_reg(fdt, node, 0, &base, &size)) ||
	    !CHECK(dt_memory_region(&ram_base, &ram_size)))
		return;
	printf("firmware region 0x%lx size 0x%lx (%lu KiB); RAM 0x%lx size 0x%lx\n",
	       (unsigned long)base, (unsigned long)size, (unsigned long)(size >> 10),
	       (unsigned long)ram_base, (unsigned long)ram_size);

	/* The unit address is the reg base, in lower-case hex without leading zeros. */
	firmware_node_name(expected_name, base);
	CHECK_EQ(strcmp(fdt_get_name(fdt, node, NULL), expected_name), 0);

	expected_base = dt_bootarg("fw.base", ram_base);
	CHECK_EQ(base, expected_base);
	CHECK(is_power_of_two(size));
	if (base == ram_base)
		CHECK_EQ(base & (size - 1), 0);
	CHECK(size >= 4096);
	/* Clear of the payload: its image and the stacks of the first 64 harts after it (layout.h). */
	CHECK(base + size <= (unsigned long)_start ||
	      base >= (unsigned long)payload_stacks + 64 * PAYLOAD_STACK_SIZE);
	/* One reg entry only. */
	CHECK(!dt_node_reg(fdt, node, 1, &base, &size));
}

/* DBCN refuses exactly the reserved region (and accepts RAM right after it). */
static void check_region_matches_dbcn(void)
{
	uint64_t base, size;
	char *after, saved;
	struct sbiret ret;

	if (!CHECK(dt_firmware_region(&base, &size)))
		return;
	ret = sbi_debug_console_write(1, base + size - 1, 0);
	CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);
	ret = sbi_debug_console_write(1, base, 0);
	CHECK_EQ(ret.error, SBI_ERR_INVALID_PARAM);

	/* The byte after the region may be the DT's (moved there: docs/boot.md). */
	after = (char *)(unsigned long)(base + size);
	saved = *after;
	*after = '\n';
	ret = sbi_debug_console_write(1, base + size, 0);
	*after = saved;
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(ret.value, 1);
}

static void check_pmu_node(const void *fdt)
{
	static const char *const removed[] = {
		"riscv,event-to-mhpmevent",
		"riscv,event-to-mhpmcounters",
		"riscv,raw-event-to-mhpmcounters",
	};
	int node = fdt_node_offset_by_compatible(fdt, -1, "riscv,pmu");

	/* QEMU virt has a riscv,pmu node: it must survive with its compatible. */
	if (!CHECK(node >= 0))
		return;
	CHECK(fdt_node_check_compatible(fdt, node, "riscv,pmu") == 0);
	for (unsigned int i = 0; i < ARRAY_SIZE(removed); i++)
		if (!CHECK(fdt_getprop(fdt, node, removed[i], NULL) == NULL))
			printf("  (riscv,pmu still has %s)\n", removed[i]);
	/* The only riscv,pmu node. */
	CHECK(fdt_node_offset_by_compatible(fdt, node, "riscv,pmu") < 0);
}

static void check_cpus(const void *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node, n = 0;
	unsigned long max_hartid = 0;

	if (!CHECK(cpus >= 0))
		return;
	fdt_for_each_subnode(node, fdt, cpus) {
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);
		const char *status;
		uint64_t hartid, unused;
		struct sbiret ret;

		if (!type || strcmp(type, "cpu") != 0)
			continue;
		n++;
		status = fdt_getprop(fdt, node, "status", NULL);
		if (!CHECK(status && strcmp(status, "okay") == 0))
			printf("  (%s: status %s)\n", fdt_get_name(fdt, node, NULL),
			       status ? status : "(none)");
		if (!CHECK(dt_node_reg(fdt, node, 0, &hartid, &unused)))
			continue;
		if (hartid > max_hartid)
			max_hartid = hartid;
		/* Every DT hart is a valid HSM hartid. */
		ret = sbi_hart_get_status(hartid);
		if (!CHECK_EQ(ret.error, SBI_SUCCESS))
			printf("  (hart_get_status(%lu))\n", (unsigned long)hartid);
	}
	printf("%d cpus in the DT\n", n);
	CHECK(n >= 1);
	CHECK_EQ(dt_hartids(NULL, 0), n);
	/* ...and a hartid after the last is not. */
	CHECK_EQ(sbi_hart_get_status(max_hartid + 1).error, SBI_ERR_INVALID_PARAM);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	const void *fdt = (const void *)dtb;

	(void)hartid;
	test_start("dt_fixups");
	check_header(fdt);
	if (test_checks_failed())
		test_fail();	/* nothing else can be read safely */
	check_reserved_memory(fdt);
	check_region_matches_dbcn();
	check_pmu_node(fdt);
	check_cpus(fdt);
	test_pass();
}
