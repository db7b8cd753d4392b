/* SPDX-License-Identifier: BSD-2-Clause */
/* A simulated hart implementing the CSR layer; see sim_hart.h. */
#include <string.h>
#include "pmu/pmu_hw.h"
#include "sim_hart.h"

struct sim_hart sim;

const struct sim_hart_config sim_qemu_virt = {
	.hpm_present = 0x7fff8, .hpm_width = 64, .has_mcountinhibit = true,
};
const struct sim_hart_config sim_qemu_sscofpmf = {
	.hpm_present = 0x7fff8, .hpm_width = 64, .has_mcountinhibit = true, .has_sscofpmf = true,
};
const struct sim_hart_config sim_u74 = {
	.hpm_present = 0xfffffff8, .hpm_zero = 0xffffffe0, .hpm_width = 40, .has_mcountinhibit = true,
};
const struct sim_hart_config sim_qemu72_sscofpmf = {
	.hpm_present = 0x7fff8, .hpm_width = 64, .has_mcountinhibit = true, .has_sscofpmf = true,
	.counts_from_last_write = true,
};

void sim_hart_reset(const struct sim_hart_config *cfg)
{
	memset(&sim, 0, sizeof sim);
	sim.cfg = *cfg;
	sim.cfg.hpm_present &= ~0x7u;
	sim.cfg.hpm_zero &= sim.cfg.hpm_present;
	sim.priv = SIM_PRIV_M;
}

static bool hpm_exists(unsigned int n)
{
	return n >= 3 && n <= 31 && (sim.cfg.hpm_present >> n & 1);
}

/* mcycle, minstret or an existing mhpmcounter. */
static bool counter_exists(unsigned int n)
{
	return n == 0 || n == 2 || hpm_exists(n);
}

static uint64_t counter_mask(unsigned int n)
{
	if (n >= 3 && (sim.cfg.hpm_zero >> n & 1))
		return 0;
	if (n < 3 || sim.cfg.hpm_width >= 64)
		return ~0ULL;
	return (1ULL << sim.cfg.hpm_width) - 1;
}

uint32_t sim_hart_counters(void)
{
	return 0x5u | (sim.cfg.hpm_present & ~sim.cfg.hpm_zero);
}

static uint32_t scountovf_value(void)
{
	uint32_t bits = 0;

	for (unsigned int n = 3; n < 32; n++)
		if (hpm_exists(n) && (sim.mhpmevent[n] & MHPMEVENT_OF))
			bits |= 1u << n;
	return bits;
}

/* Reading counter n (it exists): QEMU 7.2's inhibited counters read as sim_hart.h says. */
static uint64_t counter_read(unsigned int n)
{
	uint32_t bit = 1u << n;

	if (!sim.cfg.counts_from_last_write || !(sim.mcountinhibit & bit))
		return sim.counter[n];
	if (sim.qemu_started & bit) {
		sim.qemu_started &= ~bit;
		return sim.counter[n];
	}
	return sim.last_written[n];
}

static void counter_write(unsigned int n, uint64_t value)
{
	uint64_t event = sim.mhpmevent[n] & ~(MHPMEVENT_OF | MHPMEVENT_FILTER_MASK);

	if (sim.cfg.counts_from_last_write && n >= 3 && (event == 1 || event == 2) && (int64_t)value >= 0)
		sim.qemu72_past_timers++;
	sim.counter[n] = value & counter_mask(n);
	sim.last_written[n] = sim.counter[n];
}

/* After an mcountinhibit write: QEMU 7.2 marks every running counter started, and time passes. */
static void inhibit_written(uint32_t before)
{
	uint32_t running = (0x5u | sim.cfg.hpm_present) & ~sim.mcountinhibit;

	if (!sim.cfg.counts_from_last_write)
		return;
	sim.qemu_started |= running;
	if (before & running)
		sim_hart_tick(1);
}

/* ---- Trap-safe access by number ---- */

static uint64_t andes_csr_values[6];

/*
 * The Andes overflow CSRs but mcountermask_m, by number, as read (NULL: not
 * one); the 32-bit ones are copied from sim each time.
 */
static uint64_t *andes_csr(unsigned int csr_num)
{
	switch (csr_num) {
	case CSR_NUM_ANDES_MCOUNTERINTEN: andes_csr_values[0] = sim.andes_inten; return &andes_csr_values[0];
	case CSR_NUM_ANDES_MCOUNTERMASK_S: andes_csr_values[1] = sim.andes_mask_s; return &andes_csr_values[1];
	case CSR_NUM_ANDES_MCOUNTERMASK_U: andes_csr_values[2] = sim.andes_mask_u; return &andes_csr_values[2];
	case CSR_NUM_ANDES_MCOUNTEROVF: andes_csr_values[3] = sim.andes_ovf; return &andes_csr_values[3];
	case CSR_NUM_ANDES_MSLIDELEG: return &sim.andes_mslideleg;
	case CSR_NUM_ANDES_SLIP: return &sim.andes_slip;
	default: return NULL;
	}
}

/* The counters' bits exist for mcycle, minstret and the present hpm counters. */
static void andes_csr_write(unsigned int csr_num, uint64_t value)
{
	uint32_t counters = 0x5u | sim.cfg.hpm_present;

	switch (csr_num) {
	case CSR_NUM_ANDES_MCOUNTERINTEN: sim.andes_inten = (uint32_t)value & counters; break;
	case CSR_NUM_ANDES_MCOUNTERMASK_S: sim.andes_mask_s = (uint32_t)value & counters; break;
	case CSR_NUM_ANDES_MCOUNTERMASK_U: sim.andes_mask_u = (uint32_t)value & counters; break;
	case CSR_NUM_ANDES_MCOUNTEROVF: sim.andes_ovf = (uint32_t)value & counters; break;
	case CSR_NUM_ANDES_MSLIDELEG: sim.andes_mslideleg = value & (1UL << ANDES_IRQ_PMOVI); break;
	default: sim.andes_slip = value & (1UL << ANDES_IRQ_PMOVI); break;
	}
}

bool csr_try_read(unsigned int csr_num, uint64_t *value)
{
	unsigned int n = csr_num & 0x1f;
	uint64_t v;

	if (csr_num == CSR_NUM_MCOUNTINHIBIT && sim.cfg.has_mcountinhibit)
		v = sim.mcountinhibit;
	else if ((csr_num == CSR_NUM_MCYCLECFG || csr_num == CSR_NUM_MINSTRETCFG) && sim.cfg.has_smcntrpmf)
		v = sim.counter_cfg[csr_num == CSR_NUM_MCYCLECFG ? 0 : 2];
	else if (csr_num >= CSR_NUM_MHPMEVENT(3) && csr_num <= CSR_NUM_MHPMEVENT(31) && hpm_exists(n))
		v = sim.mhpmevent[n];
	else if ((csr_num & ~0x1fu) == CSR_NUM_MCYCLE && counter_exists(n))
		v = counter_read(n);
	else if ((csr_num & ~0x1fu) == CSR_NUM_CYCLE && counter_exists(n))
		v = counter_read(n);
	else if (csr_num == CSR_NUM_CYCLE + 1)
		v = sim.counter[1];
	else if (csr_num == CSR_NUM_SCOUNTOVF && sim.cfg.has_sscofpmf)
		v = scountovf_value();
	else if (csr_num == CSR_NUM_MCOUNTEREN)
		v = 0;
	else if (csr_num == CSR_NUM_THEAD_MCOUNTERINTEN && sim.cfg.has_thead_ovf)
		v = sim.thead_inten;
	else if (andes_csr(csr_num) && sim.cfg.has_andes_pmu)
		v = *andes_csr(csr_num);
	else if (csr_num == CSR_NUM_MIP)
		v = sim.andes_mip;
	else {
		sim.traps++;
		return false;
	}
	*value = v;
	return true;
}

bool csr_try_write(unsigned int csr_num, uint64_t value)
{
	unsigned int n = csr_num & 0x1f;

	if (csr_num == CSR_NUM_MCOUNTINHIBIT && sim.cfg.has_mcountinhibit) {
		uint32_t before = sim.mcountinhibit;

		sim.mcountinhibit = (uint32_t)value & (0x5u | sim.cfg.hpm_present);
		inhibit_written(before);
	} else if ((csr_num == CSR_NUM_MCYCLECFG || csr_num == CSR_NUM_MINSTRETCFG) && sim.cfg.has_smcntrpmf)
		sim.counter_cfg[csr_num == CSR_NUM_MCYCLECFG ? 0 : 2] = value;
	else if (csr_num >= CSR_NUM_MHPMEVENT(3) && csr_num <= CSR_NUM_MHPMEVENT(31) && hpm_exists(n))
		sim.mhpmevent[n] = value;
	else if ((csr_num & ~0x1fu) == CSR_NUM_MCYCLE && counter_exists(n))
		counter_write(n, value);
	else if (csr_num == CSR_NUM_MCOUNTEREN)
		;
	else if (csr_num == CSR_NUM_ANDES_MCOUNTERMASK_M && sim.cfg.has_andes_pmu)
		sim.andes_mask_m = (uint32_t)value;
	else if (andes_csr(csr_num) && sim.cfg.has_andes_pmu)
		andes_csr_write(csr_num, value);
	else {
		sim.traps++;
		return false;
	}
	sim.csr_writes++;
	return true;
}

/* ---- Fast accessors ---- */

static bool check(bool ok)
{
	if (!ok)
		sim.bad_accesses++;
	return ok;
}

uint64_t csr_read_counter(unsigned long counter)
{
	return check(counter_exists(counter)) ? counter_read(counter) : 0;
}

void csr_write_counter(unsigned long counter, uint64_t value)
{
	sim.csr_writes++;
	if (!check(counter_exists(counter)))
		return;
	counter_write(counter, value);
	sim.written_while_inhibited &= ~(1u << counter);
	sim.written_while_inhibited |= sim.mcountinhibit & (1u << counter);
}

void csr_counter_freeze(unsigned long counter)
{
	csr_write_counter(counter, csr_read_counter(counter));
}

void csr_counter_write_back(unsigned long counter)
{
	csr_write_counter(counter, csr_read_counter(counter));
}

uint64_t csr_read_mhpmevent(unsigned long counter)
{
	return check(hpm_exists(counter)) ? sim.mhpmevent[counter] : 0;
}

void csr_write_mhpmevent(unsigned long counter, uint64_t value)
{
	sim.csr_writes++;
	if (check(hpm_exists(counter)))
		sim.mhpmevent[counter] = value;
}

uint64_t csr_read_counter_cfg(unsigned long counter)
{
	return check(sim.cfg.has_smcntrpmf && (counter == 0 || counter == 2)) ? sim.counter_cfg[counter] : 0;
}

void csr_write_counter_cfg(unsigned long counter, uint64_t value)
{
	sim.csr_writes++;
	if (check(sim.cfg.has_smcntrpmf && (counter == 0 || counter == 2)))
		sim.counter_cfg[counter] = value;
}

void csr_inhibit_set(unsigned long counter_mask)
{
	uint32_t before = sim.mcountinhibit;

	sim.csr_writes++;
	if (!check(sim.cfg.has_mcountinhibit))
		return;
	sim.mcountinhibit |= counter_mask & (0x5u | sim.cfg.hpm_present);
	inhibit_written(before);
}

void csr_inhibit_clear(unsigned long counter_mask)
{
	uint32_t before = sim.mcountinhibit;

	sim.csr_writes++;
	if (!check(sim.cfg.has_mcountinhibit))
		return;
	sim.mcountinhibit &= ~counter_mask;
	inhibit_written(before);
}

uint32_t csr_inhibit_read(void)
{
	return check(sim.cfg.has_mcountinhibit) ? sim.mcountinhibit : 0;
}

uint32_t csr_read_scountovf(void)
{
	return check(sim.cfg.has_sscofpmf) ? scountovf_value() : 0;
}

void csr_clear_lcofip(void)
{
	sim.csr_writes++;
	if (check(sim.cfg.has_sscofpmf))
		sim.lcofip = false;
}

bool csr_lcofi_pending(void)
{
	return check(sim.cfg.has_sscofpmf) && sim.lcofip;
}

/* T-Head's bits exist for the present hpm counters only. */
void csr_thead_ovf_arm(uint32_t counter_mask)
{
	sim.csr_writes++;
	if (!check(sim.cfg.has_thead_ovf))
		return;
	counter_mask &= sim.cfg.hpm_present;
	sim.thead_of &= ~counter_mask;
	sim.thead_wen |= counter_mask;
	sim.thead_inten |= counter_mask;
}

void csr_thead_ovf_disarm(uint32_t counter_mask)
{
	sim.csr_writes++;
	if (!check(sim.cfg.has_thead_ovf))
		return;
	sim.thead_inten &= ~counter_mask;
	sim.thead_of &= ~counter_mask;
}

uint32_t csr_thead_ovf_read(void)
{
	return check(sim.cfg.has_thead_ovf) ? sim.thead_of : 0;
}

void csr_thead_mmode_uncounted(void)
{
	sim.csr_writes++;
	if (check(sim.cfg.has_thead_ovf))
		sim.thead_mxstatus |= THEAD_MXSTATUS_PMDM;
}

bool sim_thead_irq(void)
{
	return (sim.thead_of & sim.thead_inten) != 0;
}

bool sim_andes_smode_irq(void)
{
	return (sim.andes_slip >> ANDES_IRQ_PMOVI) & 1;
}

/* Andes: a wrap of counter c sets its overflow bit; with its interrupt enabled, PMOVI. */
static void andes_wrapped(unsigned int c)
{
	sim.andes_ovf |= 1u << c;
	if (!(sim.andes_inten >> c & 1))
		return;
	if (sim.andes_mslideleg >> ANDES_IRQ_PMOVI & 1)
		sim.andes_slip |= 1UL << ANDES_IRQ_PMOVI;
	else
		sim.andes_mip |= 1UL << ANDES_IRQ_PMOVI;
}

/* ---- Counting ---- */

/* The Sscofpmf / Smcntrpmf filter bit that stops counting in the current mode. */
static uint64_t priv_inhibit_bit(void)
{
	switch (sim.priv) {
	case SIM_PRIV_M: return MHPMEVENT_MINH;
	case SIM_PRIV_S: return MHPMEVENT_SINH;
	case SIM_PRIV_U: return MHPMEVENT_UINH;
	case SIM_PRIV_VS: return MHPMEVENT_VSINH;
	default: return MHPMEVENT_VUINH;
	}
}

static bool counter_filtered(unsigned int n)
{
	/* The vendors' own mode inhibits: T-Head's mxstatus.PMDM, Andes's mcountermask_m/_s/_u. */
	if (sim.priv == SIM_PRIV_M &&
	    ((sim.thead_mxstatus & THEAD_MXSTATUS_PMDM) || (sim.andes_mask_m >> n & 1)))
		return true;
	if ((sim.priv == SIM_PRIV_S && (sim.andes_mask_s >> n & 1)) ||
	    (sim.priv == SIM_PRIV_U && (sim.andes_mask_u >> n & 1)))
		return true;
	if (n >= 3)
		return sim.cfg.has_sscofpmf && (sim.mhpmevent[n] & priv_inhibit_bit());
	return sim.cfg.has_smcntrpmf && (sim.counter_cfg[n] & priv_inhibit_bit());
}

void sim_hart_tick(uint64_t n)
{
	sim.counter[1] += n;   /* time never stops */
	for (unsigned int c = 0; c < 32; c++) {
		uint64_t mask = counter_mask(c), old = sim.counter[c];

		if (c == 1 || !counter_exists(c) || !mask)
			continue;
		/* QEMU 7.2's counters go on counting underneath the inhibit bit. */
		if (sim.cfg.has_mcountinhibit && (sim.mcountinhibit >> c & 1) && !sim.cfg.counts_from_last_write)
			continue;
		if (counter_filtered(c))
			continue;
		/* A programmable counter whose mhpmevent selects no event does not count. */
		if (c >= 3 && !(sim.mhpmevent[c] & ~(MHPMEVENT_OF | MHPMEVENT_FILTER_MASK)))
			continue;
		sim.counter[c] = (old + n) & mask;
		/* T-Head: a wrap sets the counter's overflow bit (its interrupt: sim_thead_irq). */
		if (n > mask - old && c >= 3 && sim.cfg.has_thead_ovf)
			sim.thead_of |= 1u << c;
		if (n > mask - old && sim.cfg.has_andes_pmu)
			andes_wrapped(c);
		/* Wrapped past the counter's width: Sscofpmf sets OF and, on 0 -> 1, raises LCOFIP. */
		if (n > mask - old && c >= 3 && sim.cfg.has_sscofpmf && !(sim.mhpmevent[c] & MHPMEVENT_OF)) {
			sim.mhpmevent[c] |= MHPMEVENT_OF;
			sim.lcofip = true;
			sim.lcofi_raised++;
		}
	}
}

void csr_serve_pending_ipi(void)
{
	sim.ipi_serves++;
}
