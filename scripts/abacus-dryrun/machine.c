/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The simulated harts (machine.h): one per cpu node, each a CSR file that
 * has what its hart model and its cpu node's ISA say, and no more. A CSR
 * the hart lacks traps: skipped when the firmware expects it (a probe),
 * fatal otherwise, as on the hart. WARL fields keep only what the hart
 * implements, so the firmware's probes (write, read back) find exactly the
 * extensions the DT names. The counters are tests/host/sim_hart.c's.
 */
#include <libfdt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/pmu_hw.h"
#include "dbtr/dbtr_hw.h"
#include "fdt_helpers.h"
#include "imsic.h"
#include "machine.h"
#include "mmio.h"
#include "riscv_csr.h"
#include "dbtr/dbtr.h"

struct machine machine;
struct hart_state *host_current_hart;
static struct trap_expect *expecting;    /* between trap_expect_begin and _end */

/* ---- Hart models ---- */

/* The DT's ISA for a cpu node names ext (a multi-letter extension): its riscv,isa-extensions, else riscv,isa. */
static bool isa_names(const void *fdt, int node, const char *ext)
{
	const char *value;
	int len;
	const char *prop = fdt && node >= 0 ? fdt_cpu_isa_property(fdt, node, &value, &len) : NULL;
	size_t n = strlen(ext);

	if (!prop)
		return false;
	if (strcmp(prop, "riscv,isa-extensions") == 0)
		return fdt_stringlist_contains(value, len, ext);
	for (const char *p = memchr(value, '_', len); p && p < value + len; p = memchr(p + 1, '_', value + len - p - 1))
		if ((size_t)(value + len - p - 1) >= n && strncmp(p + 1, ext, n) == 0 &&
		    (p[1 + n] == '_' || p[1 + n] == '\0'))
			return true;
	return false;
}

/* The counters a riscv,pmu node's rows name (event and raw-event rows: their counter masks). */
static uint64_t pmu_node_counters(const void *fdt)
{
	int node = fdt ? fdt_node_offset_by_compatible(fdt, -1, "riscv,pmu") : -1, len;
	const fdt32_t *p;
	uint64_t counters = 0;

	if (node < 0)
		return 0;
	p = fdt_getprop(fdt, node, "riscv,event-to-mhpmcounters", &len);
	for (int i = 0; p && i + 3 <= len / 4; i += 3)
		counters |= fdt32_ld(&p[i + 2]);
	p = fdt_getprop(fdt, node, "riscv,raw-event-to-mhpmcounters", &len);
	for (int i = 0; p && i + 5 <= len / 4; i += 5)
		counters |= fdt32_ld(&p[i + 4]);
	return counters;
}

/*
 * A hart the DT describes and no preset knows: the counters its riscv,pmu
 * node names (64-bit, mcountinhibit), menvcfg, the usual 16 PMP entries of
 * 4 bytes, and one trigger (mcontrol6) when its ISA names Sdtrig.
 */
static void dt_model(const void *fdt, struct machine_hart *h)
{
	memset(&h->model, 0, sizeof(h->model));
	h->model.preset = "dt";
	h->model.hpm_mask = (uint32_t)h->pmu_dt_counters & ~7U;
	h->model.width = 64;
	h->model.mcountinhibit = true;
	h->model.sscofpmf = h->isa & HART_HAS_SSCOFPMF;
	h->model.menvcfg = true;
	h->model.pmp_entries = 16;
	h->model.pmp_granule = 4;
	if (isa_names(fdt, h->cpu_node, "sdtrig")) {
		h->model.triggers = 1;
		h->model.trigger_types = 1U << TDATA1_TYPE_MCONTROL6;
	}
}

int machine_init(const void *fdt, const char *hart_option, char *why, size_t why_size)
{
	int cpus = fdt ? fdt_path_offset(fdt, "/cpus") : -1, node;
	uint64_t pmu_counters = pmu_node_counters(fdt);
	unsigned int n = 0;

	memset(&machine, 0, sizeof(machine));
	machine.fdt = fdt;
	if (!fdt) {
		/* The hart that reads the DTB and stops: no DT to model it from. */
		machine.harts = calloc(1, sizeof(*machine.harts));
		if (!machine.harts)
			return snprintf(why, why_size, "out of memory"), -1;
		machine.nr_harts = 1;
		machine.harts[0].cpu_node = -1;
		machine.harts[0].model.preset = "none";
		machine.harts[0].model_source = "the DT is refused";
		return 0;
	}
	if (cpus >= 0)
		fdt_for_each_subnode(node, fdt, cpus)
			n += fdt_cpu_hartid(fdt, node) >= 0;
	machine.harts = calloc(n ? n : 1, sizeof(*machine.harts));
	if (!machine.harts) {
		snprintf(why, why_size, "out of memory");
		return -1;
	}
	if (cpus < 0)
		return 0;
	fdt_for_each_subnode(node, fdt, cpus) {
		struct machine_hart *h = &machine.harts[machine.nr_harts];
		long id = fdt_cpu_hartid(fdt, node);
		const char *compat, *mmu;
		struct sim_hart_config cfg;
		int len, mmu_len;

		if (id < 0)
			continue;
		machine.nr_harts++;
		h->hartid = (unsigned long)id;
		h->cpu_node = node;
		h->enabled = fdt_node_is_enabled(fdt, node);
		h->isa = fdt_cpu_isa_features(fdt, node);
		h->pmu_dt_counters = pmu_counters;
		compat = fdt_getprop(fdt, node, "compatible", &len);
		if (strcmp(hart_option, "auto") != 0) {
			if (!hart_model_preset(hart_option, &h->model)) {
				snprintf(why, why_size, "--hart %s: no such preset", hart_option);
				return -1;
			}
			h->model_source = "--hart";
		} else if (hart_model_for_cpu(compat, len)) {
			hart_model_preset(hart_model_for_cpu(compat, len), &h->model);
			h->model_source = "cpu compatible";
		} else {
			dt_model(fdt, h);
			h->model_source = "the DT";
		}
		/* misa: S with the ISA's letter or an MMU (a hart with one has S-mode), H with its letter. */
		mmu = fdt_getprop(fdt, node, "mmu-type", &mmu_len);
		h->misa_s = (h->isa & HART_HAS_S) || (mmu && strcmp(mmu, "riscv,none") != 0);
		h->misa_h = h->isa & HART_HAS_H;
		/* Its counters as after reset; Smcntrpmf as its ISA says. */
		hart_model_sim_config(&h->model, &cfg);
		cfg.has_smcntrpmf = h->isa & HART_HAS_SMCNTRPMF;
		sim_hart_reset(&cfg);
		h->pmu = sim;
		/* Smdbltrp: mstatus.MDT is 1 at reset (firmware/entry.S clears it). */
		if (h->isa & HART_HAS_SMDBLTRP)
			h->csr.mstatus = MSTATUS_MDT;
	}
	return 0;
}

struct machine_hart *machine_hart_by_id(unsigned long hartid)
{
	for (unsigned int i = 0; i < machine.nr_harts; i++)
		if (machine.harts[i].hartid == hartid)
			return &machine.harts[i];
	return NULL;
}

void machine_select(struct machine_hart *h)
{
	if (machine.current)
		machine.current->pmu = sim;
	machine.current = h;
	sim = h->pmu;
	if (!h->hs)
		h->hs = hart_by_id(h->hartid);
	host_current_hart = h->hs;
}

/* ---- Runs and traps ---- */

enum machine_stop machine_run(void (*fn)(void *), void *arg)
{
	struct machine_hart *h = machine.current;
	jmp_buf env, *outer = machine.run;

	machine.run = &env;
	h->stop = STOP_NONE;
	if (setjmp(env) == 0)
		fn(arg);
	machine.run = outer;
	expecting = NULL;
	return h->stop;
}

void machine_stop(enum machine_stop why, const char *fmt, ...)
{
	struct machine_hart *h = machine.current;
	va_list ap;

	h->stop = why;
	va_start(ap, fmt);
	vsnprintf(h->stop_detail, sizeof(h->stop_detail), fmt, ap);
	va_end(ap);
	if (!machine.run) {
		fprintf(stderr, "abacus-dryrun: hart %lu stopped outside a run: %s\n", h->hartid, h->stop_detail);
		exit(2);
	}
	longjmp(*machine.run, 1);
}

void machine_trap(const char *fmt, ...)
{
	char what[160];
	va_list ap;

	if (expecting) {
		expecting->trapped = 1;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	machine_stop(STOP_FATAL_TRAP, "%s, outside a probe: a fatal trap on the hart", what);
}

void trap_expect_begin_on(struct trap_expect *st)
{
	st->trapped = 0;
	expecting = st;
}

bool trap_expect_end_on(struct trap_expect *st)
{
	expecting = NULL;
	return st->trapped != 0;
}

void trap_expect_begin(void)
{
	trap_expect_begin_on(&machine.current->expect);
}

bool trap_expect_end(void)
{
	return trap_expect_end_on(&machine.current->expect);
}

/* One device register read that may fault (include/trap_expect.h): the device space's. */
bool mmio_try_read(struct trap_expect *st, volatile const void *addr, unsigned int width, uint32_t *value)
{
	uint32_t v = 0;

	trap_expect_begin_on(st);
	v = (uint32_t)host_mmio_read(addr, width);
	if (trap_expect_end_on(st))
		return false;
	*value = v;
	return true;
}

/* ---- CSRs ---- */

/* menvcfg's fields the hart implements: the extensions its ISA names. */
static unsigned long menvcfg_writable(const struct machine_hart *h)
{
	static const struct { uint32_t ext; unsigned long bits; } fields[] = {
		{ HART_HAS_ZICBOM, MENVCFG_CBIE_INV | MENVCFG_CBCFE }, { HART_HAS_ZICBOZ, MENVCFG_CBZE },
		{ HART_HAS_SVPBMT, MENVCFG_PBMTE }, { HART_HAS_SVADU, MENVCFG_ADUE }, { HART_HAS_SSTC, MENVCFG_STCE },
		{ HART_HAS_SMCDELEG, MENVCFG_CDE }, { HART_HAS_ZICFILP, MENVCFG_LPE }, { HART_HAS_ZICFISS, MENVCFG_SSE },
		{ HART_HAS_SSDBLTRP, MENVCFG_DTE }, { HART_HAS_SMNPM, MENVCFG_PMM },
	};
	unsigned long bits = 1;   /* FIOM */

	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (h->isa & fields[i].ext)
			bits |= fields[i].bits;
	return bits;
}

static bool smaia(const struct machine_hart *h)
{
	return isa_names(machine.fdt, h->cpu_node, "smaia");
}

/*
 * The hart's register for csr: its storage and the bits a write changes, or
 * NULL when the hart has no such CSR (the counters are sim_hart's: not here).
 */
static unsigned long *csr_slot(struct machine_hart *h, unsigned int csr, unsigned long *writable)
{
	struct machine_csrs *c = &h->csr;
	bool s = h->misa_s, smstateen = h->isa & HART_HAS_SMSTATEEN;

	*writable = ~0UL;
	switch (csr) {
	case CSR_MSTATUS:
		*writable = ~(h->isa & HART_HAS_SMDBLTRP ? 0 : MSTATUS_MDT);
		return &c->mstatus;
	case CSR_MEDELEG:
		/* Every exception S-mode may take but ecalls from M-mode and double traps. */
		*writable = 0xffffffUL & ~(1UL << CAUSE_MACHINE_ECALL) & ~(1UL << CAUSE_DOUBLE_TRAP);
		return s ? &c->medeleg : NULL;
	case CSR_MIDELEG: return s ? &c->mideleg : NULL;
	case CSR_MIE: return &c->mie;
	case CSR_MIP: return &c->mip;
	case CSR_MTVEC: return &c->mtvec;
	case CSR_MSCRATCH: return &c->mscratch;
	case CSR_MEPC: return &c->mepc;
	case CSR_MCAUSE: return &c->mcause;
	case CSR_MTVAL: return &c->mtval;
	case CSR_MCOUNTEREN: return s ? &c->mcounteren : NULL;
	case CSR_MENVCFG:
		*writable = menvcfg_writable(h);
		return h->model.menvcfg ? &c->menvcfg : NULL;
	case CSR_MSECCFG:
		*writable = h->isa & HART_HAS_ZKR ? MSECCFG_SSEED | (MSECCFG_SSEED >> 1) : 0;
		return h->isa & HART_HAS_ZKR ? &c->mseccfg : NULL;
	case CSR_MSTATEEN0: case CSR_MSTATEEN1: case CSR_MSTATEEN2: case CSR_MSTATEEN3:
		return smstateen ? &c->mstateen[csr - CSR_MSTATEEN0] : NULL;
	case CSR_SSTATEEN0: case CSR_SSTATEEN1: case CSR_SSTATEEN2: case CSR_SSTATEEN3:
		return smstateen && s ? &c->sstateen[csr - CSR_SSTATEEN0] : NULL;
	case CSR_HSTATEEN0: case CSR_HSTATEEN1: case CSR_HSTATEEN2: case CSR_HSTATEEN3:
		return smstateen && h->misa_h ? &c->hstateen[csr - CSR_HSTATEEN0] : NULL;
	case CSR_SIE: return s ? &c->sie : NULL;
	case CSR_STVEC: return s ? &c->stvec : NULL;
	case CSR_SSCRATCH: return s ? &c->sscratch : NULL;
	case CSR_SEPC: return s ? &c->sepc : NULL;
	case CSR_SCAUSE: return s ? &c->scause : NULL;
	case CSR_STVAL: return s ? &c->stval : NULL;
	case CSR_SATP: return s ? &c->satp : NULL;
	case CSR_STIMECMP:
		return (h->isa & HART_HAS_SSTC) && h->model.menvcfg && s ? &c->stimecmp : NULL;
	case CSR_SISELECT: return (h->isa & HART_HAS_SSCSRIND) && s ? &c->siselect : NULL;
	case CSR_MVIEN: return smaia(h) ? &c->mvien : NULL;
	case CSR_MISELECT: return smaia(h) ? &c->miselect : NULL;
	default:
		return NULL;
	}
}

/* The counters' CSRs, T-Head's overflow ones and scountovf: the simulated PMU (tests/host/sim_hart.c). */
static bool pmu_csr(unsigned int csr)
{
	return (csr >= CSR_NUM_MCOUNTINHIBIT && csr <= CSR_NUM_MHPMEVENT(31)) ||
	       (csr >= CSR_NUM_MCYCLE && csr <= CSR_NUM_MCYCLE + 31) || (csr >= CSR_NUM_CYCLE && csr <= CSR_NUM_CYCLE + 31) ||
	       csr == CSR_NUM_SCOUNTOVF || (csr >= CSR_NUM_THEAD_MCOUNTERWEN && csr <= CSR_NUM_THEAD_MCOUNTEROF);
}

/* Smcdeleg's sireg2 views (siselect 0x40 + i): counter i's event selector, MINH reading 0 and kept. */
static bool sireg2_view(struct machine_hart *h, bool write, unsigned long *value)
{
	unsigned long i = h->csr.siselect - SISELECT_COUNTER_BASE;
	unsigned int csr = i == 0 ? CSR_NUM_MCYCLECFG : i == 2 ? CSR_NUM_MINSTRETCFG : CSR_NUM_MHPMEVENT(i);
	uint64_t real;

	if (!(h->isa & HART_HAS_SMCDELEG) || i >= 32 || i == 1 || !csr_try_read(csr, &real))
		return false;
	if (!write) {
		*value = real & ~MHPMEVENT_MINH;
		return true;
	}
	return csr_try_write(csr, (*value & ~MHPMEVENT_MINH) | (real & MHPMEVENT_MINH));
}

/* The M-level IMSIC interrupt file behind miselect/mireg (AIA 5.3), on a hart with Smaia. */
static bool mireg_access(struct machine_hart *h, bool write, unsigned long *value)
{
	unsigned long isel = h->csr.miselect;
	unsigned long *reg = NULL, writable = ~0UL;

	if (isel == IMSIC_EIDELIVERY) {
		reg = &h->csr.eidelivery;
		writable = 1;
	} else if (isel == IMSIC_EITHRESHOLD) {
		reg = &h->csr.eithreshold;
		writable = 0x7ff;
	} else if (isel >= IMSIC_EIE0 && isel < IMSIC_EIE0 + 2 * MACHINE_IMSIC_REGS && !(isel & 1)) {
		reg = &h->csr.eie[(isel - IMSIC_EIE0) / 2];
		writable = isel == IMSIC_EIE0 ? ~1UL : ~0UL;   /* identity 0 does not exist */
	} else if (isel >= IMSIC_EIP0 && isel < IMSIC_EIE0 && !(isel & 1)) {
		static unsigned long eip;
		eip = 0;
		reg = &eip;
		writable = 0;
	}
	if (!reg || !smaia(h))
		return false;
	if (write)
		*reg = (*reg & ~writable) | (*value & writable);
	else
		*value = *reg;
	return true;
}

/* One access; false when the hart has no such CSR (the caller traps). */
static bool csr_access(unsigned int csr, bool write, unsigned long *value)
{
	struct machine_hart *h = machine.current;
	unsigned long *reg, writable;
	uint64_t v;

	if (pmu_csr(csr)) {
		if (write)
			return csr_try_write(csr, *value);
		if (!csr_try_read(csr, &v))
			return false;
		*value = v;
		return true;
	}
	switch (csr) {
	case CSR_MISA:
		if (!write)
			*value = (2UL << 62) | MISA_EXT('I') | MISA_EXT('M') | MISA_EXT('A') |
				 (h->misa_s ? MISA_EXT('S') | MISA_EXT('U') : 0) | (h->misa_h ? MISA_EXT('H') : 0);
		return true;   /* WARL: a write changes nothing the firmware sets */
	case CSR_MVENDORID: case CSR_MARCHID: case CSR_MIMPID: case CSR_MHARTID:
		if (!write)
			*value = csr == CSR_MVENDORID ? h->model.mvendorid : csr == CSR_MARCHID ? h->model.marchid :
				 csr == CSR_MIMPID ? h->model.mimpid : h->hartid;
		return !write;
	case CSR_TIME:
		if (!write)
			*value = machine.time += 1000;
		return !write;
	case CSR_SIREG2:
		return (h->isa & HART_HAS_SSCSRIND) && sireg2_view(h, write, value);
	case CSR_MIREG:
		return mireg_access(h, write, value);
	case CSR_MTOPEI:
		if (!write)
			*value = 0;
		return smaia(h);
	}
	reg = csr_slot(h, csr, &writable);
	if (!reg)
		return false;
	if (write)
		*reg = (*reg & ~writable) | (*value & writable);
	else
		*value = *reg;
	return true;
}

unsigned long host_csr_read(unsigned int csr)
{
	unsigned long v = 0;

	if (!csr_access(csr, false, &v))
		machine_trap("hart %lu read CSR 0x%x, which its model does not have", machine.current->hartid, csr);
	return v;
}

void host_csr_write(unsigned int csr, unsigned long value)
{
	if (!csr_access(csr, true, &value))
		machine_trap("hart %lu wrote CSR 0x%x, which its model does not have", machine.current->hartid, csr);
}

unsigned long host_csr_set(unsigned int csr, unsigned long bits)
{
	unsigned long old = host_csr_read(csr);

	host_csr_write(csr, old | bits);
	return old;
}

unsigned long host_csr_clear(unsigned int csr, unsigned long bits)
{
	unsigned long old = host_csr_read(csr);

	host_csr_write(csr, old & ~bits);
	return old;
}

unsigned long host_csr_swap(unsigned int csr, unsigned long value)
{
	unsigned long old = host_csr_read(csr);

	host_csr_write(csr, value);
	return old;
}

void host_csr_read_expecting_trap(unsigned int csr, unsigned long *value)
{
	unsigned long v;

	if (csr_access(csr, false, &v))
		*value = v;
	else
		machine_trap("hart %lu read CSR 0x%x", machine.current->hartid, csr);
}

void host_csr_write_expecting_trap(unsigned int csr, unsigned long value)
{
	if (!csr_access(csr, true, &value))
		machine_trap("hart %lu wrote CSR 0x%x", machine.current->hartid, csr);
}

/* Only the boot hart waits, and only for harts that are set up already: nothing to wait for. */
void host_wfi(void)
{
}

/* ---- Triggers (lib/ext/dbtr/dbtr_hw.h): the model's, found as the firmware's probe finds them ---- */

unsigned int dbtr_hw_probe(uint16_t *type_mask, unsigned int max)
{
	const struct hart_model *m = &machine.current->model;
	unsigned int n = m->triggers < max ? m->triggers : max;

	for (unsigned int i = 0; i < n; i++)
		type_mask[i] = m->trigger_types;
	return n;
}
