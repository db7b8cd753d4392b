/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * AIA nodes in the DT (include/aia_dt.h): IMSICs and APLIC domains, their
 * level, geometry, children and delegation; and hiding the machine-level
 * ones from S-mode. Pure (libfdt only), host-tested on QEMU's own DTs and
 * broken variants (tests/host/test_aia.c) and fuzzed (tests/fuzz/fuzz_dt.c).
 *
 * A DT may be wrong in every way: each problem is one boot-log line naming
 * the node, and a node that cannot be used safely is left out as a whole.
 * What makes a node unusable is what the firmware could get wrong with it:
 * an IMSIC without reg or level (nothing to protect, or the wrong files),
 * an APLIC without reg, level or riscv,num-sources. Bad optional parts (a
 * delegation triple naming no child, a geometry the MSI address registers
 * cannot hold) drop only that part.
 */
#include <stdarg.h>
#include <libfdt.h>
#include "aia_dt.h"
#include "console.h"
#include "fdt_helpers.h"
#include "format.h"

#define IMSIC_PAGE_SHIFT   12
#define IMSIC_MIN_IDS      63       /* riscv,imsics.yaml: 63..2047 */
#define IMSIC_MAX_IDS      2047
#define IMSIC_MAX_GUEST_BITS 7
#define IMSIC_MAX_HART_BITS  15
#define IMSIC_MAX_GROUP_BITS 7
#define IMSIC_DEFAULT_GROUP_SHIFT 24   /* 2 * page shift */
#define IMSIC_MAX_GROUP_SHIFT 55
#define APLIC_MIN_REGION   0x4000   /* AIA 4.5: the smallest control region is 16 KiB */
#define AIA_WALK_MAX_DEPTH 16       /* deeper nodes' parents are looked up the slow way */

static const char imsic_compatible[] = DT_COMPATIBLE("riscv,imsics", "qemu,imsics");
static const char aplic_compatible[] = DT_COMPATIBLE("riscv,aplic", "qemu,aplic");

/* One line for one problem with a node: "aia: <node>: <what>; <what is done>". */
static void __attribute__((format(printf, 5, 6)))
problem(struct aia_dt *aia, bool report, const void *fdt, int node, const char *fmt, ...)
{
	char line[160], name[64];
	va_list ap;

	aia->problems++;
	if (!report)
		return;
	va_start(ap, fmt);
	format_vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	/* The node's name printable only: it cannot start a log line of its own. */
	console_printf("aia: %s: %s\n", format_printable(name, sizeof(name), fdt_get_name(fdt, node, NULL), SIZE_MAX), line);
}

/* Smallest b with 2^b >= n (n >= 1). */
static uint32_t bits_for(unsigned int n)
{
	uint32_t b = 0;

	while (b < 31 && (1U << b) < n)
		b++;
	return b;
}

/*
 * The level a list of <hart-intc-phandle irq> pairs signals: all pairs must
 * name the same hart interrupt, 9 or 11. *pairs gets the number of pairs.
 */
static enum aia_level intc_level(const void *fdt, int node, unsigned int *pairs, uint32_t *bad_irq)
{
	int len;
	const fdt32_t *ie = fdt_getprop(fdt, node, "interrupts-extended", &len);
	uint32_t irq = 0;

	*pairs = 0;
	*bad_irq = 0;
	if (!ie || len < 8 || len % 8)
		return AIA_LEVEL_UNKNOWN;
	for (int i = 0; i < len / 8; i++) {
		uint32_t this = fdt32_ld(&ie[2 * i + 1]);
		if ((this != AIA_IRQ_S_EXT && this != AIA_IRQ_M_EXT) || (i && this != irq)) {
			*bad_irq = this;
			return AIA_LEVEL_UNKNOWN;
		}
		irq = this;
	}
	*pairs = (unsigned int)(len / 8);
	return irq == AIA_IRQ_M_EXT ? AIA_LEVEL_M : AIA_LEVEL_S;
}

static const char *level_name(enum aia_level level)
{
	return level == AIA_LEVEL_M ? "machine" : "supervisor";
}

bool aia_imsic_file_addr(const struct aia_imsic *imsic, unsigned int i, uint64_t *addr)
{
	uint64_t stride = (uint64_t)1 << (imsic->guest_index_bits + IMSIC_PAGE_SHIFT);
	uint64_t offset = (uint64_t)i * stride;

	/* Files are packed through the reg entries in order; each entry holds whole files. */
	for (unsigned int r = 0; r < imsic->nr_regs; r++) {
		uint64_t whole = imsic->reg_size[r] / stride * stride;
		if (offset < whole) {
			*addr = imsic->reg_base[r] + offset;
			return true;
		}
		offset -= whole;
	}
	return false;
}

/* Reads an IMSIC node into *im; false (reported) when it cannot be used. */
static bool scan_imsic(const void *fdt, int node, struct aia_dt *aia, struct aia_imsic *im, bool report)
{
	uint32_t bad_irq, v;
	uint64_t base, size, low_mask, group_mask = 0, last;

	im->node = node;
	im->phandle = fdt_get_phandle(fdt, node);
	im->level = intc_level(fdt, node, &im->nr_files, &bad_irq);
	if (im->level == AIA_LEVEL_UNKNOWN) {
		if (bad_irq)
			problem(aia, report, fdt, node, "interrupts-extended names hart interrupt %u (9 or 11, the same "
				"for every hart, expected); node ignored", bad_irq);
		else
			problem(aia, report, fdt, node, "no interrupts-extended (pairs of hart interrupt controller "
				"and 9 or 11); node ignored");
		return false;
	}
	im->nr_regs = 0;
	for (int i = 0; fdt_read_reg(fdt, node, i, &base, &size) == 0; i++) {
		if (i >= AIA_MAX_IMSIC_REGS) {
			aia->overflow++;
			problem(aia, report, fdt, node, "more than %u reg entries; node ignored", AIA_MAX_IMSIC_REGS);
			return false;
		}
		if (!size || base + size < base || (base & ((1UL << IMSIC_PAGE_SHIFT) - 1))) {
			problem(aia, report, fdt, node, "reg entry %d (0x%lx+0x%lx) is not whole 4 KiB pages; node ignored",
				   i, (unsigned long)base, (unsigned long)size);
			return false;
		}
		im->reg_base[i] = base;
		im->reg_size[i] = size;
		im->nr_regs++;
	}
	if (!im->nr_regs) {
		problem(aia, report, fdt, node, "no reg; node ignored");
		return false;
	}

	v = fdt_read_u32(fdt, node, "riscv,num-ids", 0);
	if (v < IMSIC_MIN_IDS || v > IMSIC_MAX_IDS) {
		problem(aia, report, fdt, node, "riscv,num-ids %u is not in 63..2047; using 63", v);
		v = IMSIC_MIN_IDS;
	}
	im->num_ids = v;

	im->guest_index_bits = fdt_read_u32(fdt, node, "riscv,guest-index-bits", 0);
	im->hart_index_bits = fdt_read_u32(fdt, node, "riscv,hart-index-bits", bits_for(im->nr_files));
	im->group_index_bits = fdt_read_u32(fdt, node, "riscv,group-index-bits", 0);
	im->group_index_shift = fdt_read_u32(fdt, node, "riscv,group-index-shift", IMSIC_DEFAULT_GROUP_SHIFT);
	if (im->guest_index_bits > IMSIC_MAX_GUEST_BITS || im->hart_index_bits > IMSIC_MAX_HART_BITS ||
	    im->group_index_bits > IMSIC_MAX_GROUP_BITS || im->group_index_shift > IMSIC_MAX_GROUP_SHIFT) {
		problem(aia, report, fdt, node, "index bits out of range (guest %u, hart %u, group %u, shift %u); "
			   "node ignored", im->guest_index_bits, im->hart_index_bits, im->group_index_bits,
			   im->group_index_shift);
		return false;
	}
	if ((1UL << im->hart_index_bits) < im->nr_files && !im->group_index_bits) {
		problem(aia, report, fdt, node, "riscv,hart-index-bits %u cannot number its %u harts; node ignored",
			   im->hart_index_bits, im->nr_files);
		return false;
	}
	/*
	 * The files' base (AIA 5.1.1): the address with the guest, hart and
	 * group index bits clear, the same for every reg entry (group).
	 */
	low_mask = ((uint64_t)1 << (im->guest_index_bits + im->hart_index_bits + IMSIC_PAGE_SHIFT)) - 1;
	if (im->group_index_bits)
		group_mask = (((uint64_t)1 << im->group_index_bits) - 1) << im->group_index_shift;
	im->base = im->reg_base[0] & ~low_mask & ~group_mask;
	for (unsigned int r = 1; r < im->nr_regs; r++)
		if ((im->reg_base[r] & ~low_mask & ~group_mask) != im->base) {
			problem(aia, report, fdt, node, "reg entry %u (0x%lx) is not in the files' layout from 0x%lx; "
				   "node ignored", r, (unsigned long)im->reg_base[r], (unsigned long)im->base);
			return false;
		}
	if (!aia_imsic_file_addr(im, im->nr_files - 1, &last)) {
		problem(aia, report, fdt, node, "reg holds fewer than its %u interrupt files; node ignored",
			   im->nr_files);
		return false;
	}
	return true;
}

static int find_imsic(const struct aia_dt *aia, uint32_t phandle)
{
	for (unsigned int i = 0; phandle && i < aia->nr_imsics; i++)
		if (aia->imsic[i].phandle == phandle)
			return (int)i;
	return -1;
}

/* riscv,delegation (the binding) or riscv,delegate (QEMU 7.2): <child first last> triples. */
static void scan_delegation(const void *fdt, int node, struct aia_dt *aia, struct aia_aplic *ap, bool report)
{
	const char *name = "riscv,delegation";
	int len;
	const fdt32_t *d = fdt_getprop(fdt, node, name, &len);

	if (!d) {
		name = "riscv,delegate";
		d = fdt_getprop(fdt, node, name, &len);
	}
	ap->nr_delegations = 0;
	if (!d)
		return;
	if (len % 12)
		problem(aia, report, fdt, node, "%s: %d bytes after the last whole <child first last> triple ignored",
			   name, len % 12);
	for (int t = 0; t < len / 12; t++) {
		uint32_t child = fdt32_ld(&d[3 * t]), first = fdt32_ld(&d[3 * t + 1]), last = fdt32_ld(&d[3 * t + 2]);
		unsigned int idx;
		bool overlap = false;

		for (idx = 0; idx < ap->nr_children && ap->children[idx] != child; idx++)
			;
		if (idx == ap->nr_children) {
			problem(aia, report, fdt, node, "%s entry %d: child 0x%x is not in riscv,children; ignored",
				   name, t, child);
			continue;
		}
		if (!first || first > last || first > ap->num_sources) {
			problem(aia, report, fdt, node, "%s entry %d: sources %u-%u are not within 1-%u; ignored",
				   name, t, first, last, ap->num_sources);
			continue;
		}
		if (last > ap->num_sources) {
			problem(aia, report, fdt, node, "%s entry %d: sources %u-%u end past %u; cut there",
				   name, t, first, last, ap->num_sources);
			last = ap->num_sources;
		}
		for (unsigned int k = 0; k < ap->nr_delegations; k++)
			overlap |= first <= ap->delegation[k].last && ap->delegation[k].first <= last;
		if (overlap) {
			problem(aia, report, fdt, node, "%s entry %d: sources %u-%u already delegated; ignored",
				   name, t, first, last);
			continue;
		}
		if (ap->nr_delegations == AIA_MAX_DELEGATIONS) {
			problem(aia, report, fdt, node, "%s: more than %u entries; the rest ignored", name,
				   AIA_MAX_DELEGATIONS);
			break;
		}
		ap->delegation[ap->nr_delegations++] = (struct aia_delegation){ idx, first, last };
	}
}

/* Reads an APLIC domain into *ap (after the IMSICs); false (reported) when it cannot be used. */
static bool scan_aplic(const void *fdt, int node, struct aia_dt *aia, struct aia_aplic *ap, bool report)
{
	uint32_t bad_irq;
	unsigned int pairs;
	enum aia_level wired;
	int len;
	const fdt32_t *p;

	ap->node = node;
	ap->phandle = fdt_get_phandle(fdt, node);
	if (fdt_read_reg(fdt, node, 0, &ap->base, &ap->size) || ap->size < APLIC_MIN_REGION || (ap->base & 3)) {
		problem(aia, report, fdt, node, "no reg of at least 16 KiB (an APLIC domain's control region); "
			   "node ignored");
		return false;
	}
	ap->num_sources = fdt_read_u32(fdt, node, "riscv,num-sources", 0);
	if (!ap->num_sources || ap->num_sources > AIA_MAX_SOURCES) {
		problem(aia, report, fdt, node, "riscv,num-sources %u is not in 1..1023; node ignored", ap->num_sources);
		return false;
	}

	wired = intc_level(fdt, node, &pairs, &bad_irq);
	ap->nr_idcs = pairs;
	ap->msi_imsic = -1;
	p = fdt_getprop(fdt, node, "msi-parent", &len);
	ap->msi_mode = p != NULL;
	if (p) {
		ap->msi_imsic = len >= 4 ? find_imsic(aia, fdt32_ld(p)) : -1;
		if (ap->msi_imsic < 0) {
			problem(aia, report, fdt, node, "msi-parent is not a usable IMSIC; node ignored");
			return false;
		}
		ap->level = aia->imsic[ap->msi_imsic].level;
		if (wired != AIA_LEVEL_UNKNOWN && wired != ap->level) {
			problem(aia, report, fdt, node, "msi-parent is %s-level but interrupts-extended %s-level; "
				   "node ignored", level_name(ap->level), level_name(wired));
			return false;
		}
	} else {
		ap->level = wired;
		if (wired == AIA_LEVEL_UNKNOWN) {
			if (bad_irq)
				problem(aia, report, fdt, node, "interrupts-extended names hart interrupt %u (9 or 11, "
					"the same for every hart, expected); node ignored", bad_irq);
			else
				problem(aia, report, fdt, node, "neither msi-parent nor interrupts-extended: its level "
					"is unknown; node ignored");
			return false;
		}
	}

	ap->nr_children = 0;
	p = fdt_getprop(fdt, node, "riscv,children", &len);
	if (p) {
		if (len / 4 > AIA_MAX_CHILDREN)
			problem(aia, report, fdt, node, "riscv,children: more than %u children; the rest ignored",
				   AIA_MAX_CHILDREN);
		for (int i = 0; i < len / 4 && i < AIA_MAX_CHILDREN; i++)
			ap->children[ap->nr_children++] = fdt32_ld(&p[i]);
	}
	scan_delegation(fdt, node, aia, ap, report);
	return true;
}

/* Links each domain's children to the scanned domains; checks the hierarchy's levels (AIA 4.4). */
static void link_children(const void *fdt, struct aia_dt *aia, bool report)
{
	for (unsigned int a = 0; a < aia->nr_aplics; a++) {
		struct aia_aplic *ap = &aia->aplic[a];
		if (ap->level == AIA_LEVEL_S && ap->nr_children)
			problem(aia, report, fdt, ap->node, "a supervisor-level domain with children: left to S-mode");
		for (unsigned int c = 0; c < ap->nr_children; c++) {
			ap->child_aplic[c] = -1;
			for (unsigned int k = 0; k < aia->nr_aplics; k++)
				if (k != a && aia->aplic[k].phandle == ap->children[c])
					ap->child_aplic[c] = (int)k;
			if (ap->child_aplic[c] < 0)
				problem(aia, report, fdt, ap->node, "child %u (phandle 0x%x) is not a usable APLIC domain",
					   c, ap->children[c]);
		}
	}
}

bool aia_dt_is_candidate(const void *fdt, int node)
{
	int len;
	const char *compat = fdt_getprop(fdt, node, "compatible", &len);

	return compat && (dt_compatible_matches(imsic_compatible, compat, len) ||
			  dt_compatible_matches(aplic_compatible, compat, len));
}

unsigned int aia_dt_scan_nodes(const void *fdt, struct aia_dt *aia, bool report, const int *nodes,
			       const int *parents, unsigned int n)
{
	unsigned int aplics[AIA_MAX_APLICS];
	unsigned int nr_aplic_nodes = 0;
	int len;

	aia->nr_imsics = aia->nr_aplics = aia->problems = aia->overflow = 0;
	/*
	 * IMSICs first: an APLIC in MSI mode names one. Each node's parent,
	 * when known, spares fdt_read_reg a walk from the root per reg entry.
	 */
	for (unsigned int i = 0; i < n; i++) {
		const char *compat = fdt_getprop(fdt, nodes[i], "compatible", &len);
		if (!compat || !fdt_node_is_enabled(fdt, nodes[i]))
			continue;
		if (dt_compatible_matches(imsic_compatible, compat, len)) {
			if (aia->nr_imsics == AIA_MAX_IMSICS) {
				aia->overflow++;
				problem(aia, report, fdt, nodes[i], "more than %u IMSIC nodes; ignored", AIA_MAX_IMSICS);
				continue;
			}
			if (parents)
				fdt_parent_hint(nodes[i], parents[i]);
			if (scan_imsic(fdt, nodes[i], aia, &aia->imsic[aia->nr_imsics], report))
				aia->nr_imsics++;
		} else if (dt_compatible_matches(aplic_compatible, compat, len)) {
			if (nr_aplic_nodes == AIA_MAX_APLICS) {
				aia->overflow++;
				problem(aia, report, fdt, nodes[i], "more than %u APLIC domains; ignored", AIA_MAX_APLICS);
			} else {
				aplics[nr_aplic_nodes++] = i;
			}
		}
	}
	for (unsigned int k = 0; k < nr_aplic_nodes; k++) {
		unsigned int i = aplics[k];
		if (parents)
			fdt_parent_hint(nodes[i], parents[i]);
		if (scan_aplic(fdt, nodes[i], aia, &aia->aplic[aia->nr_aplics], report))
			aia->nr_aplics++;
	}
	fdt_parent_hint(-1, -1);
	link_children(fdt, aia, report);
	return aia->nr_imsics + aia->nr_aplics;
}

unsigned int aia_dt_scan(const void *fdt, struct aia_dt *aia, bool report)
{
	int nodes[AIA_MAX_CANDIDATES], parents[AIA_MAX_CANDIDATES], path[AIA_WALK_MAX_DEPTH];
	unsigned int n = 0, walk_problems;
	int node, depth = 0;

	aia->problems = 0;
	for (node = fdt_next_node(fdt, -1, &depth); node >= 0; node = fdt_next_node(fdt, node, &depth)) {
		if (depth >= 0 && depth < AIA_WALK_MAX_DEPTH)
			path[depth] = node;
		if (!aia_dt_is_candidate(fdt, node) || !fdt_node_is_enabled(fdt, node))
			continue;
		if (n == AIA_MAX_CANDIDATES) {
			problem(aia, report, fdt, node, "more than %u AIA nodes; ignored", AIA_MAX_CANDIDATES);
			continue;
		}
		parents[n] = depth > 0 && depth <= AIA_WALK_MAX_DEPTH ? path[depth - 1] : fdt_parent_offset(fdt, node);
		nodes[n++] = node;
	}
	walk_problems = aia->problems;
	aia_dt_scan_nodes(fdt, aia, report, nodes, parents, n);
	aia->problems += walk_problems;
	return aia->nr_imsics + aia->nr_aplics;
}

bool aplic_msi_cfg_from_imsic(const struct aia_imsic *imsic, struct aplic_msi_cfg *cfg, const char **why)
{
	uint64_t ppn = imsic->base >> IMSIC_PAGE_SHIFT;
	uint32_t hhxs;

	/* AIA 4.9.1: HHXS = E - 24, where the group index sits at address bit E. */
	if (imsic->group_index_shift < 2 * IMSIC_PAGE_SHIFT) {
		*why = "group index shift below 24";
		return false;
	}
	hhxs = imsic->group_index_shift - 2 * IMSIC_PAGE_SHIFT;
	if (hhxs > 31 || ppn >> 44) {
		*why = hhxs > 31 ? "group index shift above 55" : "base above the 44-bit PPN";
		return false;
	}
	cfg->addr = (uint32_t)ppn;
	cfg->addrh = (uint32_t)(ppn >> 32) | (hhxs << APLIC_MSIADDRH_HHXS_SHIFT) |
		     (imsic->guest_index_bits << APLIC_MSIADDRH_LHXS_SHIFT) |
		     (imsic->group_index_bits << APLIC_MSIADDRH_HHXW_SHIFT) |
		     (imsic->hart_index_bits << APLIC_MSIADDRH_LHXW_SHIFT);
	*why = NULL;
	return true;
}

/* The level of an enabled AIA node, for a fixup that has no scan (no other checks). */
static enum aia_level node_level(const void *fdt, int node)
{
	unsigned int pairs;
	uint32_t bad_irq;
	int len;
	const fdt32_t *msi = fdt_getprop(fdt, node, "msi-parent", &len);

	if (msi && len >= 4) {
		int imsic = fdt_node_offset_by_phandle(fdt, fdt32_ld(msi));
		return imsic >= 0 ? intc_level(fdt, imsic, &pairs, &bad_irq) : AIA_LEVEL_UNKNOWN;
	}
	return intc_level(fdt, node, &pairs, &bad_irq);
}

/* Disables nodes[0..n-1], last offset first: a property written moves the nodes after it, never those before. */
static int disable_nodes(void *fdt, int *nodes, unsigned int n)
{
	while (n) {
		unsigned int last = 0;
		int err;
		for (unsigned int i = 1; i < n; i++)
			if (nodes[i] > nodes[last])
				last = i;
		err = fdt_setprop_string(fdt, nodes[last], "status", "disabled");
		if (err)
			return err;
		nodes[last] = nodes[--n];
	}
	return 0;
}

int aia_dt_fixup(void *fdt, const struct aia_dt *scan)
{
	int nodes[AIA_MAX_CANDIDATES];
	unsigned int n = 0;
	int node, err;

	if (scan) {
		for (unsigned int i = 0; i < scan->nr_imsics; i++)
			if (scan->imsic[i].level == AIA_LEVEL_M)
				nodes[n++] = scan->imsic[i].node;
		for (unsigned int i = 0; i < scan->nr_aplics; i++)
			if (scan->aplic[i].level == AIA_LEVEL_M)
				nodes[n++] = scan->aplic[i].node;
		return disable_nodes(fdt, nodes, n);
	}
	/* No scan: walks collect M-level nodes; a node once disabled is not found again. */
	do {
		n = 0;
		for (node = fdt_next_node(fdt, -1, NULL); node >= 0 && n < AIA_MAX_CANDIDATES;
		     node = fdt_next_node(fdt, node, NULL))
			if (aia_dt_is_candidate(fdt, node) && fdt_node_is_enabled(fdt, node) &&
			    node_level(fdt, node) == AIA_LEVEL_M)
				nodes[n++] = node;
		if ((err = disable_nodes(fdt, nodes, n)))
			return err;
	} while (n == AIA_MAX_CANDIDATES);
	return 0;
}
