/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The AIA on the host (include/aia.h):
 * - DT discovery (lib/drivers/aia_dt.c) on QEMU 7.2's own DTs
 *   (tests/fixtures/aia/, dtc-compiled into $AIA_FIXTURES, default
 *   build/fixtures/aia) and on broken variants made from them with libfdt:
 *   each problem one line, a node that cannot be used left out, no crash;
 * - the DT S-mode gets: machine-level nodes disabled, the rest unchanged;
 * - the M-level APLIC set-up (lib/drivers/aplic_setup.c) against a model of
 *   an APLIC domain behind the MMIO seam (AIA 4.5: domaincfg, sourcecfg with
 *   D and child index, MSI address registers and their lock, IDCs);
 * - an M-level IMSIC interrupt file's set-up (lib/drivers/imsic_setup.c)
 *   against a model behind the miselect/mireg seam (AIA 5.3).
 */
#include <stdlib.h>
#include <libfdt.h>
#include "aia_dt.h"
#include "aplic.h"
#include "imsic.h"
#include "host_console.h"
#include "test.h"

TEST_MAIN_GLOBALS

static const char *fixture_dir = "build/fixtures/aia";
static char dt[65536];              /* the DT under test, writable, with room to grow */
static struct aia_dt aia;

static void test_setup(void)
{
	host_console_clear();
	memset(&aia, 0x5a, sizeof(aia));
}

/* Loads <fixture_dir>/<name>.dtb into dt[] with room for changes. */
static int load(const char *name)
{
	char path[512], raw[sizeof(dt)];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/%s.dtb", fixture_dir, name);
	f = fopen(path, "rb");
	if (!f)
		return -1;
	n = fread(raw, 1, sizeof(raw), f);
	fclose(f);
	if (n == 0 || fdt_check_header(raw) || fdt_totalsize(raw) != n)
		return -1;
	return fdt_open_into(raw, dt, sizeof(dt));
}

#define LOAD(name) CHECK_EQ(load(name), 0)

static int node_at(const char *path)
{
	return fdt_path_offset(dt, path);
}

static const struct aia_aplic *aplic_at(uint64_t base)
{
	for (unsigned int i = 0; i < aia.nr_aplics; i++)
		if (aia.aplic[i].base == base)
			return &aia.aplic[i];
	return NULL;
}

static const struct aia_imsic *imsic_at(uint64_t base)
{
	for (unsigned int i = 0; i < aia.nr_imsics; i++)
		if (aia.imsic[i].reg_base[0] == base)
			return &aia.imsic[i];
	return NULL;
}

/* ---- Discovery on QEMU's DTs ---- */

TEST(msi_mode_smp4_finds_both_levels_and_the_delegation)
{
	const struct aia_aplic *m, *s;
	const struct aia_imsic *mi, *si;
	uint64_t file;

	LOAD("qemu-virt-aplic-imsic-smp4");
	CHECK_EQ(aia_dt_scan(dt, &aia, true), 4);
	CHECK_EQ(aia.problems, 0);
	CHECK_EQ(host_console_lines(), 0);
	CHECK_EQ(aia.nr_imsics, 2);
	CHECK_EQ(aia.nr_aplics, 2);
	CHECK((mi = imsic_at(0x24000000)) != NULL);
	CHECK((si = imsic_at(0x28000000)) != NULL);
	CHECK_EQ(mi->level, AIA_LEVEL_M);
	CHECK_EQ(si->level, AIA_LEVEL_S);
	CHECK_EQ(mi->nr_files, 4);
	CHECK_EQ(mi->num_ids, 255);
	CHECK_EQ(mi->hart_index_bits, 2);           /* default: enough for 4 harts */
	CHECK_EQ(mi->guest_index_bits, 0);
	CHECK_EQ(mi->group_index_bits, 0);
	CHECK_EQ(mi->group_index_shift, 24);
	CHECK_EQ(mi->base, 0x24000000);
	CHECK(aia_imsic_file_addr(mi, 3, &file));
	CHECK_EQ(file, 0x24003000);
	CHECK(!aia_imsic_file_addr(mi, 4, &file));   /* the reg holds four files */

	CHECK((m = aplic_at(0xc000000)) != NULL);
	CHECK((s = aplic_at(0xd000000)) != NULL);
	CHECK_EQ(m->level, AIA_LEVEL_M);
	CHECK_EQ(s->level, AIA_LEVEL_S);
	CHECK(m->msi_mode);
	CHECK(s->msi_mode);
	CHECK(&aia.imsic[m->msi_imsic] == mi);
	CHECK(&aia.imsic[s->msi_imsic] == si);
	CHECK_EQ(m->num_sources, 96);
	CHECK_EQ(m->size, 0x8000);
	CHECK_EQ(m->nr_children, 1);
	CHECK(&aia.aplic[m->child_aplic[0]] == s);
	/* QEMU 7.2 writes "riscv,delegate" <child 1 96>. */
	CHECK_EQ(m->nr_delegations, 1);
	CHECK_EQ(m->delegation[0].child_index, 0);
	CHECK_EQ(m->delegation[0].first, 1);
	CHECK_EQ(m->delegation[0].last, 96);
	CHECK_EQ(s->nr_children, 0);
	CHECK_EQ(s->nr_delegations, 0);
}

TEST(direct_mode_levels_come_from_the_hart_interrupts)
{
	const struct aia_aplic *m, *s;

	LOAD("qemu-virt-aplic-smp4");
	CHECK_EQ(aia_dt_scan(dt, &aia, true), 2);
	CHECK_EQ(host_console_lines(), 0);
	CHECK_EQ(aia.nr_imsics, 0);
	CHECK((m = aplic_at(0xc000000)) != NULL);
	CHECK((s = aplic_at(0xd000000)) != NULL);
	CHECK_EQ(m->level, AIA_LEVEL_M);              /* interrupts-extended: <intc 11> x 4 */
	CHECK_EQ(s->level, AIA_LEVEL_S);              /* <intc 9> x 4 */
	CHECK(!m->msi_mode);
	CHECK_EQ(m->msi_imsic, -1);
	CHECK_EQ(m->nr_idcs, 4);
	CHECK_EQ(m->nr_delegations, 1);
}

TEST(single_hart_imsic_has_no_hart_index_bits)
{
	LOAD("qemu-virt-aplic-imsic-smp1");
	CHECK_EQ(aia_dt_scan(dt, &aia, true), 4);
	CHECK_EQ(imsic_at(0x24000000)->hart_index_bits, 0);
	CHECK_EQ(imsic_at(0x24000000)->nr_files, 1);
}

TEST(two_sockets_two_groups)
{
	const struct aia_imsic *mi;
	uint64_t file;

	LOAD("qemu-virt-aplic-imsic-2sockets");
	CHECK_EQ(aia_dt_scan(dt, &aia, true), 6);
	CHECK_EQ(host_console_lines(), 0);
	CHECK((mi = imsic_at(0x24000000)) != NULL);
	CHECK_EQ(mi->nr_regs, 2);
	CHECK_EQ(mi->reg_base[1], 0x25000000);
	CHECK_EQ(mi->group_index_bits, 1);
	CHECK_EQ(mi->hart_index_bits, 1);
	CHECK_EQ(mi->base, 0x24000000);
	/* Files 0-1 in the first group's reg, 2-3 in the second's. */
	CHECK(aia_imsic_file_addr(mi, 1, &file));
	CHECK_EQ(file, 0x24001000);
	CHECK(aia_imsic_file_addr(mi, 2, &file));
	CHECK_EQ(file, 0x25000000);
	CHECK(aia_imsic_file_addr(mi, 3, &file));
	CHECK_EQ(file, 0x25001000);
	/* One root (M-level) domain per socket, each delegating to its own child. */
	CHECK_EQ(aplic_at(0xc000000)->level, AIA_LEVEL_M);
	CHECK_EQ(aplic_at(0xc008000)->level, AIA_LEVEL_M);
	CHECK(&aia.aplic[aplic_at(0xc008000)->child_aplic[0]] == aplic_at(0xd008000));
}

/* ---- MSI address configuration (AIA 4.5.3, 4.9.1) ---- */

TEST(msi_address_configuration_of_qemu_virt)
{
	struct aplic_msi_cfg cfg;
	const char *why;

	LOAD("qemu-virt-aplic-imsic-smp4");
	aia_dt_scan(dt, &aia, false);
	CHECK(aplic_msi_cfg_from_imsic(imsic_at(0x24000000), &cfg, &why));
	CHECK_EQ(cfg.addr, 0x24000);                  /* base PPN */
	CHECK_EQ(cfg.addrh, 2U << APLIC_MSIADDRH_LHXW_SHIFT);   /* LHXW 2, HHXS 0, HHXW 0, LHXS 0 */
	CHECK(aplic_msi_cfg_from_imsic(imsic_at(0x28000000), &cfg, &why));
	CHECK_EQ(cfg.addr, 0x28000);

	LOAD("qemu-virt-aplic-imsic-2sockets");
	aia_dt_scan(dt, &aia, false);
	CHECK(aplic_msi_cfg_from_imsic(imsic_at(0x24000000), &cfg, &why));
	CHECK_EQ(cfg.addr, 0x24000);
	/* group index at address bit 24: HHXS = 24 - 24 = 0; HHXW 1; LHXW 1 */
	CHECK_EQ(cfg.addrh, (1U << APLIC_MSIADDRH_HHXW_SHIFT) | (1U << APLIC_MSIADDRH_LHXW_SHIFT));
}

TEST(msi_address_registers_reject_what_they_cannot_hold)
{
	struct aia_imsic im = { 0 };
	struct aplic_msi_cfg cfg;
	const char *why;

	im.base = 0x24000000;
	im.group_index_shift = 23;        /* below 24: HHXS would be negative */
	CHECK(!aplic_msi_cfg_from_imsic(&im, &cfg, &why));
	CHECK(why != NULL);
	im.group_index_shift = 40;
	im.base = 1ULL << 56;            /* PPN wider than 44 bits */
	CHECK(!aplic_msi_cfg_from_imsic(&im, &cfg, &why));
	im.base = 0x1000000000ULL;       /* 64 GiB: high PPN bits used */
	CHECK(aplic_msi_cfg_from_imsic(&im, &cfg, &why));
	CHECK_EQ(cfg.addr, 0x1000000);
	CHECK_EQ(cfg.addrh & APLIC_MSIADDRH_PPN_MASK, 0);
	CHECK_EQ(cfg.addrh >> APLIC_MSIADDRH_HHXS_SHIFT, 16);   /* HHXS = 40 - 24 */
}

/* ---- Broken DTs: one line per problem, unusable nodes left out, never a crash ---- */

static int setprop_cells(const char *path, const char *name, const uint32_t *cells, int n)
{
	fdt32_t v[16];

	for (int i = 0; i < n; i++)
		v[i] = cpu_to_fdt32(cells[i]);
	return fdt_setprop(dt, node_at(path), name, v, n * 4);
}

TEST(delegation_to_a_child_not_in_riscv_children_is_dropped)
{
	const uint32_t bad[] = { 0x77, 1, 10, 0x0c, 20, 30 };   /* 0x0c: QEMU's S-level domain */

	LOAD("qemu-virt-aplic-imsic-smp4");
	CHECK_EQ(setprop_cells("/soc/aplic@c000000", "riscv,delegate", bad, 6), 0);
	aia_dt_scan(dt, &aia, true);
	CHECK_EQ(host_console_lines(), 1);
	CHECK(host_console_contains("aia: aplic@c000000: riscv,delegate entry 0: child 0x77 is not in riscv,children"));
	CHECK_EQ(aplic_at(0xc000000)->nr_delegations, 1);
	CHECK_EQ(aplic_at(0xc000000)->delegation[0].first, 20);
	CHECK_EQ(aplic_at(0xc000000)->delegation[0].last, 30);
}

TEST(delegation_ranges_out_of_bounds_overlapping_or_partial)
{
	const uint32_t bad[] = { 0x0c, 0, 5,  0x0c, 9, 3,  0x0c, 90, 200,  0x0c, 95, 96,  0x0c, 97, 99, 0x0c };

	LOAD("qemu-virt-aplic-imsic-smp4");
	/* The binding's name wins over QEMU's. */
	CHECK_EQ(setprop_cells("/soc/aplic@c000000", "riscv,delegation", bad, 16), 0);
	aia_dt_scan(dt, &aia, true);
	CHECK(host_console_contains("riscv,delegation: 4 bytes after the last whole <child first last> triple ignored"));
	CHECK(host_console_contains("riscv,delegation entry 0: sources 0-5 are not within 1-96; ignored"));
	CHECK(host_console_contains("riscv,delegation entry 1: sources 9-3 are not within 1-96; ignored"));
	CHECK(host_console_contains("riscv,delegation entry 2: sources 90-200 end past 96; cut there"));
	CHECK(host_console_contains("riscv,delegation entry 3: sources 95-96 already delegated; ignored"));
	CHECK(host_console_contains("riscv,delegation entry 4: sources 97-99 are not within 1-96; ignored"));
	CHECK_EQ(host_console_lines(), 6);
	CHECK_EQ(aplic_at(0xc000000)->nr_delegations, 1);
	CHECK_EQ(aplic_at(0xc000000)->delegation[0].first, 90);
	CHECK_EQ(aplic_at(0xc000000)->delegation[0].last, 96);
}

TEST(imsic_with_mixed_or_foreign_hart_interrupts_is_left_out)
{
	const uint32_t mixed[] = { 0x08, 11, 0x06, 9 };
	const uint32_t foreign[] = { 0x08, 3 };

	LOAD("qemu-virt-aplic-imsic-smp4");
	CHECK_EQ(setprop_cells("/soc/imsics@24000000", "interrupts-extended", mixed, 4), 0);
	aia_dt_scan(dt, &aia, true);
	CHECK(host_console_contains("aia: imsics@24000000: interrupts-extended names hart interrupt 9 (9 or 11, "
				    "the same for every hart, expected); node ignored"));
	CHECK(imsic_at(0x24000000) == NULL);
	/* Its APLIC (msi-parent) goes with it: its level is unknown. */
	CHECK(host_console_contains("aia: aplic@c000000: msi-parent is not a usable IMSIC; node ignored"));
	CHECK(aplic_at(0xc000000) == NULL);
	CHECK(aplic_at(0xd000000) != NULL);

	LOAD("qemu-virt-aplic-imsic-smp4");
	host_console_clear();
	CHECK_EQ(setprop_cells("/soc/imsics@24000000", "interrupts-extended", foreign, 2), 0);
	aia_dt_scan(dt, &aia, true);
	CHECK(host_console_contains("names hart interrupt 3"));
}

TEST(imsic_without_reg_or_with_too_few_files_is_left_out)
{
	const uint32_t small[] = { 0, 0x24000000, 0, 0x2000 };   /* 2 files for 4 harts */

	LOAD("qemu-virt-aplic-imsic-smp4");
	CHECK_EQ(fdt_delprop(dt, node_at("/soc/imsics@24000000"), "reg"), 0);
	aia_dt_scan(dt, &aia, true);
	CHECK(host_console_contains("aia: imsics@24000000: no reg; node ignored"));
	CHECK(imsic_at(0x24000000) == NULL);

	LOAD("qemu-virt-aplic-imsic-smp4");
	host_console_clear();
	CHECK_EQ(setprop_cells("/soc/imsics@24000000", "reg", small, 4), 0);
	aia_dt_scan(dt, &aia, true);
	CHECK(host_console_contains("aia: imsics@24000000: reg holds fewer than its 4 interrupt files; node ignored"));
}

TEST(imsic_bad_numbers_are_reported)
{
	const uint32_t ids = 5, guest = 9, hart = 1;

	LOAD("qemu-virt-aplic-imsic-smp4");
	CHECK_EQ(setprop_cells("/soc/imsics@24000000", "riscv,num-ids", &ids, 1), 0);
	aia_dt_scan(dt, &aia, true);
	CHECK(host_console_contains("aia: imsics@24000000: riscv,num-ids 5 is not in 63..2047; using 63"));
	CHECK_EQ(imsic_at(0x24000000)->num_ids, 63);

	LOAD("qemu-virt-aplic-imsic-smp4");
	host_console_clear();
	CHECK_EQ(setprop_cells("/soc/imsics@24000000", "riscv,guest-index-bits", &guest, 1), 0);
	aia_dt_scan(dt, &aia, true);
	CHECK(host_console_contains("index bits out of range (guest 9"));
	CHECK(imsic_at(0x24000000) == NULL);

	LOAD("qemu-virt-aplic-imsic-smp4");
	host_console_clear();
	CHECK_EQ(setprop_cells("/soc/imsics@24000000", "riscv,hart-index-bits", &hart, 1), 0);
	aia_dt_scan(dt, &aia, true);
	CHECK(host_console_contains("riscv,hart-index-bits 1 cannot number its 4 harts; node ignored"));
}

TEST(aplic_without_reg_sources_or_level_is_left_out)
{
	const uint32_t none = 0, many = 1024, tiny[] = { 0, 0xc000000, 0, 0x1000 };

	LOAD("qemu-virt-aplic-smp4");
	CHECK_EQ(setprop_cells("/soc/aplic@c000000", "riscv,num-sources", &none, 1), 0);
	CHECK_EQ(setprop_cells("/soc/aplic@d000000", "riscv,num-sources", &many, 1), 0);
	aia_dt_scan(dt, &aia, true);
	CHECK(host_console_contains("aia: aplic@c000000: riscv,num-sources 0 is not in 1..1023; node ignored"));
	CHECK(host_console_contains("aia: aplic@d000000: riscv,num-sources 1024 is not in 1..1023; node ignored"));
	CHECK_EQ(aia.nr_aplics, 0);

	LOAD("qemu-virt-aplic-smp4");
	host_console_clear();
	CHECK_EQ(setprop_cells("/soc/aplic@c000000", "reg", tiny, 4), 0);
	CHECK_EQ(fdt_delprop(dt, node_at("/soc/aplic@d000000"), "interrupts-extended"), 0);
	aia_dt_scan(dt, &aia, true);
	CHECK(host_console_contains("aia: aplic@c000000: no reg of at least 16 KiB"));
	CHECK(host_console_contains("aia: aplic@d000000: neither msi-parent nor interrupts-extended: its level is unknown"));
	CHECK_EQ(aia.nr_aplics, 0);
}

TEST(disabled_nodes_are_not_there)
{
	LOAD("qemu-virt-aplic-imsic-smp4");
	CHECK_EQ(fdt_setprop_string(dt, node_at("/soc/aplic@d000000"), "status", "disabled"), 0);
	aia_dt_scan(dt, &aia, true);
	CHECK(aplic_at(0xd000000) == NULL);
	/* Its parent still delegates to child index 0 (the hardware's), and says the child is unusable. */
	CHECK(host_console_contains("aia: aplic@c000000: child 0 (phandle 0xc) is not a usable APLIC domain"));
	CHECK_EQ(aplic_at(0xc000000)->nr_delegations, 1);
}

TEST(no_aia_nodes_no_lines)
{
	char empty[4096];

	CHECK_EQ(fdt_create_empty_tree(empty, sizeof(empty)), 0);
	CHECK_EQ(aia_dt_scan(empty, &aia, true), 0);
	CHECK_EQ(host_console_lines(), 0);
}

/* ---- The DT S-mode gets ---- */

static const char *status_of(const char *path)
{
	const char *s = fdt_getprop(dt, node_at(path), "status", NULL);
	return s ? s : "(none)";
}

TEST(fixup_disables_the_machine_level_nodes_only)
{
	LOAD("qemu-virt-aplic-imsic-smp4");
	CHECK_EQ(aia_dt_fixup(dt, NULL), 0);
	CHECK(!strcmp(status_of("/soc/imsics@24000000"), "disabled"));
	CHECK(!strcmp(status_of("/soc/aplic@c000000"), "disabled"));
	CHECK(!strcmp(status_of("/soc/imsics@28000000"), "(none)"));
	CHECK(!strcmp(status_of("/soc/aplic@d000000"), "(none)"));
	/* References stay valid: the S-level APLIC's msi-parent is the S-level IMSIC. */
	CHECK_EQ(fdt_node_offset_by_phandle(dt, fdt_get_phandle(dt, node_at("/soc/imsics@28000000"))),
		 node_at("/soc/imsics@28000000"));
	/* And what is left is what S-mode's own scan finds: the S level. */
	aia_dt_scan(dt, &aia, true);
	CHECK_EQ(aia.nr_imsics, 1);
	CHECK_EQ(aia.nr_aplics, 1);
	CHECK_EQ(aia.imsic[0].level, AIA_LEVEL_S);
	CHECK_EQ(aia.aplic[0].level, AIA_LEVEL_S);
	CHECK_EQ(fdt_check_full(dt, fdt_totalsize(dt)), 0);
}

TEST(fixup_handles_every_socket_and_direct_mode)
{
	LOAD("qemu-virt-aplic-imsic-2sockets");
	CHECK_EQ(aia_dt_fixup(dt, NULL), 0);
	CHECK(!strcmp(status_of("/soc/aplic@c000000"), "disabled"));
	CHECK(!strcmp(status_of("/soc/aplic@c008000"), "disabled"));
	CHECK(!strcmp(status_of("/soc/imsics@24000000"), "disabled"));
	CHECK(!strcmp(status_of("/soc/aplic@d008000"), "(none)"));

	LOAD("qemu-virt-aplic-smp4");
	CHECK_EQ(aia_dt_fixup(dt, NULL), 0);
	CHECK(!strcmp(status_of("/soc/aplic@c000000"), "disabled"));
	CHECK(!strcmp(status_of("/soc/aplic@d000000"), "(none)"));
	/* Twice is the same as once. */
	CHECK_EQ(aia_dt_fixup(dt, NULL), 0);
	CHECK(!strcmp(status_of("/soc/aplic@c000000"), "disabled"));
}

TEST(fixup_with_the_boot_scan_walks_nothing_more_and_agrees)
{
	static struct aia_dt scan;
	static char copy[sizeof(dt)];

	/* Boot: the scan at cold boot, the fixup on that very layout. */
	LOAD("qemu-virt-aplic-imsic-2sockets");
	memcpy(copy, dt, sizeof(dt));
	aia_dt_scan(dt, &scan, false);
	CHECK_EQ(aia_dt_fixup(dt, &scan), 0);
	CHECK_EQ(aia_dt_fixup(copy, NULL), 0);
	CHECK_EQ(fdt_totalsize(dt), fdt_totalsize(copy));
	CHECK(memcmp(dt, copy, fdt_totalsize(dt)) == 0);
	/* A machine without AIA: nothing found, nothing changed. */
	CHECK_EQ(fdt_create_empty_tree(copy, sizeof(copy)), 0);
	aia_dt_scan(copy, &scan, false);
	memcpy(dt, copy, sizeof(copy));
	CHECK_EQ(aia_dt_fixup(copy, &scan), 0);
	CHECK(memcmp(dt, copy, fdt_totalsize(dt)) == 0);
}

TEST(scan_of_nodes_another_walk_found)
{
	int nodes[AIA_MAX_CANDIDATES], n = 0;

	/* As the ACLINT walk notes them: every candidate, in any order, other nodes skipped. */
	LOAD("qemu-virt-aplic-imsic-smp4");
	nodes[n++] = node_at("/soc/aplic@c000000");
	nodes[n++] = node_at("/soc/serial@10000000");
	nodes[n++] = node_at("/soc/aplic@d000000");
	nodes[n++] = node_at("/soc/imsics@28000000");
	nodes[n++] = node_at("/soc/imsics@24000000");
	CHECK(aia_dt_is_candidate(dt, nodes[0]) && !aia_dt_is_candidate(dt, nodes[1]));
	CHECK_EQ(aia_dt_scan_nodes(dt, &aia, true, nodes, NULL, (unsigned int)n), 4);
	CHECK_EQ(host_console_lines(), 0);
	CHECK(aplic_at(0xc000000)->msi_mode);
	CHECK(&aia.imsic[aplic_at(0xc000000)->msi_imsic] == imsic_at(0x24000000));
	CHECK(&aia.aplic[aplic_at(0xc000000)->child_aplic[0]] == aplic_at(0xd000000));
}

TEST(fixup_reports_a_full_dt)
{
	char full[sizeof(dt)];

	LOAD("qemu-virt-aplic-imsic-smp4");
	CHECK_EQ(fdt_open_into(dt, full, fdt_totalsize(dt)), 0);
	fdt_pack(full);
	CHECK_EQ(aia_dt_fixup(full, NULL), -FDT_ERR_NOSPACE);
}

/* ---- A model of one APLIC domain behind the MMIO seam ---- */

struct model_aplic {
	uint32_t domaincfg;          /* IE, DM, BE as written (masked below) */
	bool dm_writable, dm_value;  /* DM WARL: writable, or read-only dm_value */
	bool not_an_aplic;           /* nothing there: every read 0 */
	unsigned int nr_sources, nr_children, nr_idcs;
	uint32_t sourcecfg[1024];
	uint32_t mmsi, mmsih, smsi, smsih;
	uint32_t idc[16][3];
	unsigned int writes, bad_accesses;
};

static uint32_t model_read(void *ctx, uint32_t off)
{
	struct model_aplic *m = ctx;

	if (m->not_an_aplic)
		return 0;
	if (off == APLIC_DOMAINCFG)
		return APLIC_DOMAINCFG_RO80 | m->domaincfg;
	if (off >= APLIC_SOURCECFG(1) && off <= APLIC_SOURCECFG(1023))
		return (off - APLIC_SOURCECFG(1)) / 4 + 1 <= m->nr_sources ? m->sourcecfg[(off - APLIC_SOURCECFG(1)) / 4 + 1] : 0;
	if (off == APLIC_MMSIADDRCFG)
		return m->mmsi;
	if (off == APLIC_MMSIADDRCFGH)
		return m->mmsih;
	if (off == APLIC_SMSIADDRCFG)
		return m->smsi;
	if (off == APLIC_SMSIADDRCFGH)
		return m->smsih & ((7U << APLIC_MSIADDRH_LHXS_SHIFT) | APLIC_MSIADDRH_PPN_MASK);   /* AIA 4.5.4 */
	m->bad_accesses++;
	return 0;
}

static void model_write(void *ctx, uint32_t off, uint32_t v)
{
	struct model_aplic *m = ctx;

	m->writes++;
	if (m->not_an_aplic)
		return;
	if (off == APLIC_DOMAINCFG) {
		m->domaincfg = v & APLIC_DOMAINCFG_IE;
		if (m->dm_writable ? (v & APLIC_DOMAINCFG_DM) : m->dm_value)
			m->domaincfg |= APLIC_DOMAINCFG_DM;
		return;
	}
	if (off >= APLIC_SOURCECFG(1) && off <= APLIC_SOURCECFG(1023)) {
		unsigned int i = (off - APLIC_SOURCECFG(1)) / 4 + 1;
		if (i > m->nr_sources)
			return;
		/* AIA 4.5.2: a leaf domain turns a write with D = 1 into 0. */
		if ((v & APLIC_SOURCECFG_D) && !m->nr_children)
			v = 0;
		m->sourcecfg[i] = v & APLIC_SOURCECFG_D ? v & (APLIC_SOURCECFG_D | APLIC_SOURCECFG_CHILD) : v & 7;
		return;
	}
	if (off >= APLIC_MMSIADDRCFG && off <= APLIC_SMSIADDRCFGH) {
		if (m->mmsih & APLIC_MSIADDRH_L)
			return;                             /* locked: writes ignored */
		if (off == APLIC_MMSIADDRCFG) m->mmsi = v;
		if (off == APLIC_MMSIADDRCFGH) m->mmsih = v;
		if (off == APLIC_SMSIADDRCFG) m->smsi = v;
		if (off == APLIC_SMSIADDRCFGH) m->smsih = v;
		return;
	}
	if (off >= APLIC_IDC(0) && off < APLIC_IDC(m->nr_idcs) && (off & 31) <= APLIC_IDC_ITHRESHOLD) {
		m->idc[(off - APLIC_IDC(0)) / 32][(off & 31) / 4] = v;
		return;
	}
	m->bad_accesses++;
}

static struct model_aplic model;
static struct aplic_setup setup;
static struct aplic_result result;

static void run_setup(void)
{
	struct aplic_mmio mmio = { model_read, model_write, &model };

	aplic_setup_mlevel(&mmio, &setup, &result);
}

static void model_qemu(bool msi)
{
	memset(&model, 0, sizeof(model));
	model.nr_sources = 96;
	model.nr_children = 1;
	model.nr_idcs = msi ? 0 : 4;
	model.dm_value = msi;
	/* Garbage a previous boot left. */
	for (unsigned int i = 1; i <= 96; i++)
		model.sourcecfg[i] = 6;
	model.domaincfg = APLIC_DOMAINCFG_IE | (msi ? APLIC_DOMAINCFG_DM : 0);
	for (unsigned int n = 0; n < model.nr_idcs; n++)
		model.idc[n][0] = model.idc[n][1] = 1;
}

TEST(setup_msi_mode_delegates_every_source_and_locks_both_msi_addresses)
{
	LOAD("qemu-virt-aplic-imsic-smp4");
	aia_dt_scan(dt, &aia, false);
	aplic_setup_from_dt(&aia, aplic_at(0xc000000), &setup);
	CHECK(setup.msi_mode);
	CHECK(setup.has_mmsi && setup.has_smsi);
	model_qemu(true);
	run_setup();
	CHECK(result.ok);
	CHECK_EQ(result.delegated, 96);
	CHECK_EQ(result.not_delegated, 0);
	CHECK(!result.dm_mismatch && !result.msi_mismatch && !result.msi_locked_before);
	for (unsigned int i = 1; i <= 96; i++)
		CHECK_EQ(model.sourcecfg[i], APLIC_SOURCECFG_D | 0);
	CHECK_EQ(model.domaincfg, APLIC_DOMAINCFG_IE | APLIC_DOMAINCFG_DM);
	CHECK_EQ(result.domaincfg, APLIC_DOMAINCFG_RO80 | APLIC_DOMAINCFG_IE | APLIC_DOMAINCFG_DM);
	CHECK_EQ(model.mmsi, 0x24000);
	CHECK_EQ(model.mmsih, APLIC_MSIADDRH_L | (2U << APLIC_MSIADDRH_LHXW_SHIFT));
	CHECK_EQ(model.smsi, 0x28000);
	/* LHXW written to smsiaddrcfgh too, for QEMU 7.2 (reserved bits on a conforming APLIC). */
	CHECK_EQ(model.smsih, 2U << APLIC_MSIADDRH_LHXW_SHIFT);
	CHECK_EQ(model.bad_accesses, 0);
}

TEST(setup_direct_mode_turns_every_idc_off)
{
	LOAD("qemu-virt-aplic-smp4");
	aia_dt_scan(dt, &aia, false);
	aplic_setup_from_dt(&aia, aplic_at(0xc000000), &setup);
	CHECK(!setup.msi_mode);
	CHECK_EQ(setup.nr_idcs, 4);
	model_qemu(false);
	run_setup();
	CHECK(result.ok);
	CHECK_EQ(result.delegated, 96);
	CHECK_EQ(model.domaincfg, 0);                 /* IE off, DM 0 */
	for (unsigned int n = 0; n < 4; n++) {
		CHECK_EQ(model.idc[n][0], 0);             /* idelivery */
		CHECK_EQ(model.idc[n][1], 0);             /* iforce */
	}
	CHECK_EQ(model.mmsih, 0);                     /* no MSI registers touched */
	CHECK_EQ(model.bad_accesses, 0);
}

TEST(setup_makes_sources_outside_the_delegation_inactive)
{
	const uint32_t ranges[] = { 0x0c, 1, 10, 0x0c, 20, 30 };

	LOAD("qemu-virt-aplic-imsic-smp4");
	CHECK_EQ(setprop_cells("/soc/aplic@c000000", "riscv,delegate", ranges, 6), 0);
	aia_dt_scan(dt, &aia, false);
	aplic_setup_from_dt(&aia, aplic_at(0xc000000), &setup);
	model_qemu(true);
	run_setup();
	CHECK_EQ(result.delegated, 21);
	for (unsigned int i = 1; i <= 96; i++)
		CHECK_EQ(model.sourcecfg[i], (i <= 10 || (i >= 20 && i <= 30)) ? APLIC_SOURCECFG_D : 0);
}

TEST(setup_writes_nothing_more_where_no_aplic_answers)
{
	LOAD("qemu-virt-aplic-imsic-smp4");
	aia_dt_scan(dt, &aia, false);
	aplic_setup_from_dt(&aia, aplic_at(0xc000000), &setup);
	model_qemu(true);
	model.not_an_aplic = true;
	run_setup();
	CHECK(!result.ok);
	CHECK_EQ(model.writes, 1);                    /* the byte-order-safe domaincfg = 0 */
}

TEST(setup_reports_a_leaf_domain_and_a_read_only_delivery_mode)
{
	LOAD("qemu-virt-aplic-imsic-smp4");
	aia_dt_scan(dt, &aia, false);
	aplic_setup_from_dt(&aia, aplic_at(0xc000000), &setup);
	model_qemu(true);
	model.nr_children = 0;                        /* the hardware has no child domain */
	model.dm_value = false;                       /* and only direct delivery */
	run_setup();
	CHECK(result.ok);
	CHECK_EQ(result.delegated, 0);
	CHECK_EQ(result.not_delegated, 96);
	CHECK(result.dm_mismatch);
	for (unsigned int i = 1; i <= 96; i++)
		CHECK_EQ(model.sourcecfg[i], 0);          /* inactive, never active by accident */
}

TEST(setup_keeps_msi_addresses_locked_earlier)
{
	LOAD("qemu-virt-aplic-imsic-smp4");
	aia_dt_scan(dt, &aia, false);
	aplic_setup_from_dt(&aia, aplic_at(0xc000000), &setup);

	/* A warm reboot: locked with the same values. */
	model_qemu(true);
	model.mmsi = 0x24000;
	model.mmsih = APLIC_MSIADDRH_L | (2U << APLIC_MSIADDRH_LHXW_SHIFT);
	model.smsi = 0x28000;
	model.smsih = 0;
	run_setup();
	CHECK(result.msi_locked_before);
	CHECK(!result.msi_mismatch);

	/* Locked with other values: reported. */
	model_qemu(true);
	model.mmsi = 0x30000;
	model.mmsih = APLIC_MSIADDRH_L;
	run_setup();
	CHECK(result.msi_locked_before);
	CHECK(result.msi_mismatch);
	CHECK_EQ(model.mmsi, 0x30000);

	/* Locked and hidden (hardwired addresses): nothing to check. */
	model_qemu(true);
	model.mmsih = APLIC_MSIADDRH_L;
	run_setup();
	CHECK(!result.msi_mismatch);
}

/* ---- A model of one M-level interrupt file behind miselect/mireg ---- */

struct model_file {
	bool present;
	unsigned long eidelivery, eithreshold, eip[64], eie[64];
	unsigned int num_ids;
	bool eie_stuck;               /* eie writes ignored */
};

static struct model_file file;

static unsigned long *file_reg(unsigned long isel)
{
	if (isel == IMSIC_EIDELIVERY)
		return &file.eidelivery;
	if (isel == IMSIC_EITHRESHOLD)
		return &file.eithreshold;
	/* RV64: odd eip/eie numbers do not exist (illegal instruction). */
	if (isel >= IMSIC_EIP0 && isel < IMSIC_EIP0 + 64 && !(isel & 1))
		return &file.eip[isel - IMSIC_EIP0];
	if (isel >= IMSIC_EIE0 && isel < IMSIC_EIE0 + 64 && !(isel & 1))
		return &file.eie[isel - IMSIC_EIE0];
	return NULL;
}

static bool file_read(void *ctx, unsigned long isel, unsigned long *v)
{
	unsigned long *r = file_reg(isel);

	(void)ctx;
	if (!file.present || !r)
		return false;
	*v = *r;
	return true;
}

static bool file_write(void *ctx, unsigned long isel, unsigned long v)
{
	unsigned long *r = file_reg(isel);

	(void)ctx;
	if (!file.present || !r)
		return false;
	if (isel >= IMSIC_EIE0 && file.eie_stuck)
		return true;
	if (isel >= IMSIC_EIE0 && (isel - IMSIC_EIE0) * 32 > file.num_ids)
		return true;                            /* identities not implemented read zero */
	*r = isel == IMSIC_EIDELIVERY ? v & 1 : v;
	return true;
}

static const struct imsic_csr file_csr = { file_read, file_write, NULL };

static void file_dirty(void)
{
	memset(&file, 0, sizeof(file));
	file.present = true;
	file.num_ids = 255;
	file.eithreshold = 7;
	for (unsigned int k = 0; k < 64; k += 2)
		file.eie[k] = ~0UL;
	file.eip[0] = 1UL << IMSIC_IPI_ID;            /* the boot hart's wake-up, already pending */
}

TEST(imsic_file_for_ipis_enables_only_the_ipi_identity)
{
	file_dirty();
	CHECK_EQ(imsic_mfile_setup(&file_csr, 255, true), IMSIC_SETUP_OK);
	CHECK_EQ(file.eidelivery, 1);
	CHECK_EQ(file.eithreshold, 0);
	CHECK_EQ(file.eie[0], 1UL << IMSIC_IPI_ID);
	CHECK_EQ(file.eie[2], 0);
	CHECK_EQ(file.eie[6], 0);                     /* identities 192-255 */
	CHECK_EQ(file.eip[0], 1UL << IMSIC_IPI_ID);   /* the pending IPI survives */
}

TEST(imsic_file_without_ipis_takes_no_interrupt)
{
	file_dirty();
	file.eidelivery = 1;
	CHECK_EQ(imsic_mfile_setup(&file_csr, 255, false), IMSIC_SETUP_OK);
	CHECK_EQ(file.eidelivery, 0);
	for (unsigned int k = 0; k < 8; k += 2)
		CHECK_EQ(file.eie[k], 0);
}

TEST(imsic_file_covers_2047_identities)
{
	file_dirty();
	file.num_ids = 2047;
	CHECK_EQ(imsic_mfile_setup(&file_csr, 2047, true), IMSIC_SETUP_OK);
	for (unsigned int k = 2; k < 64; k += 2)
		CHECK_EQ(file.eie[k], 0);
}

TEST(imsic_file_problems_are_told_apart)
{
	file_dirty();
	file.present = false;
	CHECK_EQ(imsic_mfile_setup(&file_csr, 255, true), IMSIC_SETUP_NO_CSRS);
	file_dirty();
	file.eie_stuck = true;
	file.eie[0] = 0;
	CHECK_EQ(imsic_mfile_setup(&file_csr, 255, true), IMSIC_SETUP_NO_IPI_ENABLE);
	CHECK_EQ(file.eidelivery, 0);                 /* never turned on without its identity */
}

int main(int argc, char **argv)
{
	const char *env = getenv("AIA_FIXTURES");

	if (argc > 1)
		fixture_dir = argv[1];
	else if (env && *env)
		fixture_dir = env;

	RUN(msi_mode_smp4_finds_both_levels_and_the_delegation);
	RUN(direct_mode_levels_come_from_the_hart_interrupts);
	RUN(single_hart_imsic_has_no_hart_index_bits);
	RUN(two_sockets_two_groups);
	RUN(msi_address_configuration_of_qemu_virt);
	RUN(msi_address_registers_reject_what_they_cannot_hold);
	RUN(delegation_to_a_child_not_in_riscv_children_is_dropped);
	RUN(delegation_ranges_out_of_bounds_overlapping_or_partial);
	RUN(imsic_with_mixed_or_foreign_hart_interrupts_is_left_out);
	RUN(imsic_without_reg_or_with_too_few_files_is_left_out);
	RUN(imsic_bad_numbers_are_reported);
	RUN(aplic_without_reg_sources_or_level_is_left_out);
	RUN(disabled_nodes_are_not_there);
	RUN(no_aia_nodes_no_lines);
	RUN(fixup_disables_the_machine_level_nodes_only);
	RUN(fixup_handles_every_socket_and_direct_mode);
	RUN(fixup_with_the_boot_scan_walks_nothing_more_and_agrees);
	RUN(scan_of_nodes_another_walk_found);
	RUN(fixup_reports_a_full_dt);
	RUN(setup_msi_mode_delegates_every_source_and_locks_both_msi_addresses);
	RUN(setup_direct_mode_turns_every_idc_off);
	RUN(setup_makes_sources_outside_the_delegation_inactive);
	RUN(setup_writes_nothing_more_where_no_aplic_answers);
	RUN(setup_reports_a_leaf_domain_and_a_read_only_delivery_mode);
	RUN(setup_keeps_msi_addresses_locked_earlier);
	RUN(imsic_file_for_ipis_enables_only_the_ipi_identity);
	RUN(imsic_file_without_ipis_takes_no_interrupt);
	RUN(imsic_file_covers_2047_identities);
	RUN(imsic_file_problems_are_told_apart);
	return TEST_EXIT_CODE;
}
