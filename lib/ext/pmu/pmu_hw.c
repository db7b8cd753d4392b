/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CSR layer (pmu_hw.h) on real harts: the trap-safe probing accesses.
 * The fast accessors are inline in pmu_hw.h.
 */
#include "pmu/pmu_hw.h"
#include "riscv_csr.h"
#include "ipi.h"
#include "trap_expect.h"

void csr_serve_pending_ipi(void)
{
	ipi_serve_pending();
}

/* ---- Probing: accesses that may trap ---- */

/* The Andes overflow CSRs (csr_layer.h), read and written whole; *known = false for another number. */
static inline __attribute__((always_inline)) uint64_t andes_counter_csr(unsigned int csr_num, bool write,
									   uint64_t value, bool *known)
{
#define ANDES_CSR_ACCESS(num) \
	case num: \
		if (!write) \
			return csr_read(num); \
		csr_write(num, value); \
		return 0
	switch (csr_num) {
	ANDES_CSR_ACCESS(CSR_NUM_ANDES_MCOUNTERINTEN);
	ANDES_CSR_ACCESS(CSR_NUM_ANDES_MCOUNTERMASK_S);
	ANDES_CSR_ACCESS(CSR_NUM_ANDES_MCOUNTERMASK_U);
	ANDES_CSR_ACCESS(CSR_NUM_ANDES_MCOUNTEROVF);
	ANDES_CSR_ACCESS(CSR_NUM_ANDES_MSLIDELEG);
	default:
		*known = false;
		return 0;
	}
#undef ANDES_CSR_ACCESS
}

/*
 * The rarer CSRs: the read-only counter shadows, scountovf, the vendors'
 * (T-Head's overflow enable, the Andes ones), mip and mcounteren: out of
 * line, one copy for reads and writes (probes at boot, vendors' slow
 * paths). *known = false for another number.
 */
static __attribute__((noinline)) uint64_t rare_csr_access(unsigned int csr_num, bool write, uint64_t value,
							 bool *known)
{
	unsigned int n = csr_num & 0x1f;

	switch (csr_num & ~0x1fu) {
	case CSR_NUM_CYCLE:                     /* read-only shadows */
		if (write)
			break;
		if (n == 0)
			return csr_read(CSR_NUM_CYCLE);
		if (n == 1)
			return csr_read(CSR_NUM_CYCLE + 1);
		if (n == 2)
			return csr_read(CSR_NUM_CYCLE + 2);
		break;
	case CSR_NUM_SCOUNTOVF:
		if (n == 0 && !write)
			return csr_read(CSR_NUM_SCOUNTOVF);
		break;
	case CSR_NUM_THEAD_MCOUNTERINTEN & ~0x1fu:   /* vendors' CSRs 0x7c0-0x7df */
		if (csr_num == CSR_NUM_THEAD_MCOUNTERINTEN && !write)   /* T-Head's overflow enable */
			return csr_read(CSR_NUM_THEAD_MCOUNTERINTEN);
		if (csr_num == CSR_NUM_ANDES_MCOUNTERMASK_M && write) {  /* Andes: M-mode not counted */
			csr_write(CSR_NUM_ANDES_MCOUNTERMASK_M, value);
			return 0;
		}
		return andes_counter_csr(csr_num, write, value, known);
	case CSR_NUM_ANDES_SLIP & ~0x1fu:
		if (csr_num != CSR_NUM_ANDES_SLIP)
			break;
		if (!write)
			return csr_read(CSR_NUM_ANDES_SLIP);
		csr_write(CSR_NUM_ANDES_SLIP, value);
		return 0;
	case CSR_NUM_MIP & ~0x1fu:
		if (csr_num == CSR_NUM_MIP && !write)
			return csr_read(CSR_NUM_MIP);
		break;
	case CSR_NUM_MCOUNTEREN & ~0x1fu:
		if (n != (CSR_NUM_MCOUNTEREN & 0x1f))
			break;
		if (!write)
			return csr_read(CSR_NUM_MCOUNTEREN);
		csr_write(CSR_NUM_MCOUNTEREN, value);
		return 0;
	default:
		break;
	}
	*known = false;
	return 0;
}

/*
 * Accesses the CSR csr_num (one of those pmu_hw.h lists, plus cycle, time
 * and instret for reading); *known = false for any other number. Called
 * between trap_expect_begin() and trap_expect_end(): the trap handler skips
 * a csrr/csrw that traps (4 bytes) and trap_expect_end() reports it.
 */
static inline __attribute__((always_inline)) uint64_t csr_access_by_number(unsigned int csr_num, bool write,
									      uint64_t value, bool *known)
{
	unsigned int n = csr_num & 0x1f;

	*known = true;
	switch (csr_num & ~0x1fu) {
	case CSR_NUM_MCYCLE:                    /* mcycle, minstret, mhpmcounter3..31 */
		if (n == 1)
			break;
		if (!write)
			return csr_read_counter(n);
		csr_write_counter(n, value);
		return 0;
	case CSR_NUM_MCOUNTINHIBIT:             /* mcountinhibit, m*cfg, mhpmevent3..31 */
		if (n >= 3) {
			if (!write)
				return csr_read_mhpmevent(n);
			csr_write_mhpmevent(n, value);
			return 0;
		}
		if (n == 0) {
			if (!write)
				return csr_read(CSR_NUM_MCOUNTINHIBIT);
			csr_write(CSR_NUM_MCOUNTINHIBIT, value);
			return 0;
		}
		if (!write)
			return csr_read_counter_cfg(n == 1 ? 0 : 2);
		csr_write_counter_cfg(n == 1 ? 0 : 2, value);
		return 0;
	default:
		return rare_csr_access(csr_num, write, value, known);
	}
	*known = false;
	return 0;
}

bool csr_try_read(unsigned int csr_num, uint64_t *value)
{
	bool known, trapped;
	uint64_t csr_value;

	trap_expect_begin();
	csr_value = csr_access_by_number(csr_num, false, 0, &known);
	trapped = trap_expect_end();
	if (trapped || !known)
		return false;
	*value = csr_value;
	return true;
}

bool csr_try_write(unsigned int csr_num, uint64_t value)
{
	bool known, trapped;

	trap_expect_begin();
	csr_access_by_number(csr_num, true, value, &known);
	trapped = trap_expect_end();
	return !trapped && known;
}
