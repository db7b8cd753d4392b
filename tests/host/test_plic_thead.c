/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/drivers/plic_thead.c on the host, through the timer_ipi walk it joins
 * (lib/core/dt_driver.c) and the region check (lib/core/dt_device_reg.c),
 * against a simulated PLIC (host_mmio.h). The register sequence is the
 * vendor's: one 32-bit write of S_PER (bit 0) to PLIC_CTRL at offset
 * 0x1ffffc (XuanTie C906 user manual, PLIC_CTRL; OpenSBI's plic.c and
 * Sophgo's FSBL write the same), and nothing else; a PLIC that is not
 * T-Head's, disabled, too small, in RAM, faulting or not keeping the bit
 * gets no write, or a refusal line.
 */
#include <stdlib.h>
#include <libfdt.h>
#include "drivers.h"
#include "host_console.h"
#include "host_memory.h"
#include "host_mmio.h"
#include "test.h"

TEST_MAIN_GLOBALS

#define PLIC_CTRL 0x1ffffc

/* The walk's probes (include/dt_driver.h, ABACUS_HOST): straight to the driver. */
int dt_driver_probe_watched(const struct dt_driver *drv, const void *fdt, int node)
{
	return drv->probe(fdt, node);
}

static char blob[4096];

static void test_setup(void)
{
	host_mmio_reset();
	host_console_clear();
	host_memory_reset();
}

/* A tree with one PLIC node at the simulated window: its compatible (NUL-separated), reg size, status. */
static const void *tree(const char *compatible, int compatible_len, uint64_t size, const char *status)
{
	uint64_t base = host_mmio_base();
	fdt32_t reg[4] = { cpu_to_fdt32(base >> 32), cpu_to_fdt32((uint32_t)base), cpu_to_fdt32(size >> 32),
			   cpu_to_fdt32((uint32_t)size) };
	int node, err = fdt_create_empty_tree(blob, sizeof(blob));

	err |= fdt_setprop_u32(blob, 0, "#address-cells", 2);
	err |= fdt_setprop_u32(blob, 0, "#size-cells", 2);
	node = fdt_add_subnode(blob, 0, "interrupt-controller@ffd8000000");
	err |= node < 0;
	err |= fdt_setprop(blob, node, "compatible", compatible, compatible_len);
	err |= fdt_setprop(blob, node, "reg", reg, sizeof(reg));
	if (status)
		err |= fdt_setprop_string(blob, node, "status", status);
	if (err) {
		fprintf(stderr, "cannot build the test DT\n");
		exit(2);
	}
	return blob;
}
#define TH1520_PLIC "thead,th1520-plic\0thead,c900-plic"
#define PLIC(size) tree(TH1520_PLIC, sizeof(TH1520_PLIC), size, NULL)

static int walk(const void *fdt)
{
	return dt_probe_all(fdt, DT_DRIVERS(timer_ipi));
}

TEST(s_mode_access_is_delegated_with_one_write)
{
	CHECK_EQ(walk(PLIC(HOST_MMIO_SIZE)), 1);
	CHECK_EQ(host_mmio.nr_writes, 1);
	CHECK_EQ(host_mmio.writes[0].offset, PLIC_CTRL);
	CHECK_EQ(host_mmio.writes[0].value, 1);
	CHECK_EQ(host_mmio.writes[0].width, 4);
	CHECK_EQ(host_mmio_reg32(PLIC_CTRL), 1);
	CHECK_EQ(host_mmio.stray, 0);
	CHECK_EQ(host_console_lines(), 0);
	/* The boot log's line, from the summary at the end of boot. */
	plic_thead_log();
	CHECK(host_console_contains("abacus: PLIC            : T-Head's, S_PER set on 1"));
}

TEST(every_t_head_plic_and_only_those)
{
	static const char sg2042[] = "sophgo,sg2042-plic\0thead,c900-plic";
	static const char d1[] = "allwinner,sun20i-d1-plic\0thead,c900-plic";
	static const char sifive[] = "sifive,fu540-c000-plic\0sifive,plic-1.0.0";
	static const char andes[] = "renesas,r9a07g043-plic\0andestech,nceplic100";

	CHECK_EQ(walk(tree(sg2042, sizeof(sg2042), HOST_MMIO_SIZE, NULL)), 1);
	CHECK_EQ(walk(tree(d1, sizeof(d1), HOST_MMIO_SIZE, "okay")), 1);
	CHECK_EQ(host_mmio.nr_writes, 2);
	host_mmio_reset();
	CHECK_EQ(walk(tree(sifive, sizeof(sifive), HOST_MMIO_SIZE, NULL)), 0);
	CHECK_EQ(walk(tree(andes, sizeof(andes), HOST_MMIO_SIZE, NULL)), 0);
	CHECK_EQ(walk(tree(TH1520_PLIC, sizeof(TH1520_PLIC), HOST_MMIO_SIZE, "disabled")), 0);
	/* "reserved" (the firmware's) is a reset walk's only. */
	CHECK_EQ(walk(tree(TH1520_PLIC, sizeof(TH1520_PLIC), HOST_MMIO_SIZE, "reserved")), 0);
	CHECK_EQ(host_mmio.nr_writes + host_mmio.reads, 0);
}

TEST(a_region_without_plic_ctrl_is_refused)
{
	CHECK_EQ(walk(PLIC(PLIC_CTRL)), 0);
	CHECK_EQ(host_mmio.nr_writes + host_mmio.reads, 0);
	CHECK(host_console_contains("interrupt-controller@ffd8000000: reg "));
	CHECK(host_console_contains("is too small for its registers; device refused"));
}

TEST(a_region_in_ram_is_refused)
{
	CHECK(memory_map_add_ram(host_mmio_base(), HOST_MMIO_SIZE));
	CHECK_EQ(walk(PLIC(HOST_MMIO_SIZE)), 0);
	CHECK_EQ(host_mmio.nr_writes + host_mmio.reads, 0);
	CHECK(host_console_contains("lies in RAM"));
}

TEST(a_faulting_plic_ctrl_is_refused)
{
	host_mmio.fault_from = PLIC_CTRL;
	host_mmio.fault_to = PLIC_CTRL + 4;
	CHECK_EQ(walk(PLIC(HOST_MMIO_SIZE)), 0);
	CHECK(host_mmio.faults >= 1);
	CHECK(host_console_contains("does not take S-mode access (PLIC_CTRL); device refused"));
}

static uint64_t reads_zero(uint64_t offset, unsigned int width, uint64_t stored)
{
	(void)offset, (void)width, (void)stored;
	return 0;
}

static uint64_t reads_ones(uint64_t offset, unsigned int width, uint64_t stored)
{
	(void)offset, (void)width, (void)stored;
	return 0xffffffff;
}

/* Something else answers there: the bit does not stay, or every bit reads 1 (a bus with nothing on it). */
TEST(a_plic_ctrl_that_drops_the_bit_is_refused)
{
	host_mmio.read_hook = reads_zero;
	CHECK_EQ(walk(PLIC(HOST_MMIO_SIZE)), 0);
	CHECK_EQ(host_mmio.nr_writes, 1);
	CHECK(host_console_contains("does not take S-mode access (PLIC_CTRL); device refused"));
	host_console_clear();
	host_mmio.read_hook = reads_ones;
	CHECK_EQ(walk(PLIC(HOST_MMIO_SIZE)), 0);
	CHECK(host_console_contains("does not take S-mode access (PLIC_CTRL); device refused"));
}

int main(void)
{
	RUN(s_mode_access_is_delegated_with_one_write);
	RUN(every_t_head_plic_and_only_those);
	RUN(a_region_without_plic_ctrl_is_refused);
	RUN(a_region_in_ram_is_refused);
	RUN(a_faulting_plic_ctrl_is_refused);
	RUN(a_plic_ctrl_that_drops_the_bit_is_refused);
	return TEST_EXIT_CODE;
}
