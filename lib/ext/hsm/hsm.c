/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hart State Management: the SBI functions on a hart's run state
 * (include/hart_run.h). A stopped hart waits in M-mode (wfi, woken by an
 * IPI: lib/trap/hart_run.c) until another hart starts it; a suspended hart
 * waits the same way until an interrupt S-mode enabled is pending. State
 * changes are atomic, so two harts racing to start the same hart cannot
 * both succeed. A hart that has not come yet (late at boot) or can no longer
 * run S-mode (gone after a fatal trap) reads STOPPED and is not started
 * (include/hart.h, presence).
 */
#include "hart_lifecycle.h"
#include "riscv_csr.h"
#include "hsm/hsm.h"
#include "ipi.h"
#include "memory_map.h"
#include "sbi_spec.h"
#include "timer_device.h"

/* Internal: a starter has claimed the hart and is writing its start parameters. */
#define HSM_STATE_CLAIMED (-1L)

/* The hart's run state is the HSM chapter's hart state (include/hart_run.h). */
_Static_assert(HART_RUN_STARTED == SBI_HSM_STATE_STARTED && HART_RUN_STOPPED == SBI_HSM_STATE_STOPPED &&
	       HART_RUN_START_PENDING == SBI_HSM_STATE_START_PENDING &&
	       HART_RUN_STOP_PENDING == SBI_HSM_STATE_STOP_PENDING &&
	       HART_RUN_SUSPENDED == SBI_HSM_STATE_SUSPENDED, "run states are the HSM chapter's");

/*
 * A hart that has not come (WAITING), claimed by its starter: the
 * platform's waker asked to wake it, wait on the time source up to
 * HSM_WAKE_WAIT_MS for it to set itself up (READY) or go (GONE). Its
 * presence then; WAITING when it cannot be woken or did not come in time.
 * No time source, or one that does not move: no wait (never a loop count).
 */
static unsigned int hsm_wake_absent(struct hart_state *hs)
{
	struct timer_deadline d;
	unsigned int presence;

	if (!timer_deadline_start(&d, HSM_WAKE_WAIT_MS) || hart_run_waker(hs->hartid, current_hart()->hartid))
		return HART_WAITING;
	while ((presence = __atomic_load_n(&hs->presence, __ATOMIC_SEQ_CST)) == HART_WAITING ||
	       presence == HART_ARRIVED)
		if (timer_deadline_passed(&d))
			return HART_WAITING;
	return presence;
}

struct sbiret sbi_hsm_hart_start(unsigned long hartid, unsigned long start_addr, unsigned long opaque)
{
	struct hart_state *hs = hart_by_id(hartid);
	unsigned int presence;

	if (!hs || !hart_offered_to_smode(hs))
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if (!smode_addr_ok(start_addr))
		return sbiret_err(SBI_ERR_INVALID_ADDRESS);
	/* Claim the hart before writing its start parameters. */
	if (!hart_run_move(hs, SBI_HSM_STATE_STOPPED, HSM_STATE_CLAIMED))
		return sbiret_err(SBI_ERR_ALREADY_AVAILABLE);
	presence = __atomic_load_n(&hs->presence, __ATOMIC_SEQ_CST);
	if (presence == HART_WAITING && hart_run_waker)
		presence = hsm_wake_absent(hs);
	if (presence != HART_READY) {
		__atomic_store_n(&hs->run_state, SBI_HSM_STATE_STOPPED, __ATOMIC_RELEASE);
		/*
		 * Gone (a fatal trap): "hartid is not a valid hartid as the
		 * corresponding hart cannot be started in supervisor mode". Not
		 * here yet (a late hart, which the platform could not wake or
		 * which did not come in time): it joins when it comes, so this
		 * start "failed for unspecified or unknown other reasons" and a
		 * later one succeeds (HSM chapter, hart_start errors; docs/boot.md).
		 */
		return sbiret_err(presence == HART_GONE ? SBI_ERR_INVALID_PARAM : SBI_ERR_FAILED);
	}
	hs->start_addr = start_addr;
	hs->start_arg1 = opaque;
	hs->start_mode = PRV_S;
	__atomic_store_n(&hs->run_state, SBI_HSM_STATE_START_PENDING, __ATOMIC_SEQ_CST);
	/* Gone since it was claimed (a fatal trap while it served an IPI, stopped): STOPPED it stays. */
	if (__atomic_load_n(&hs->presence, __ATOMIC_SEQ_CST) == HART_GONE) {
		hart_run_move(hs, SBI_HSM_STATE_START_PENDING, SBI_HSM_STATE_STOPPED);
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	}
	hart_run_wake(hs);
	return sbiret_ok(0);
}

struct sbiret sbi_hsm_hart_suspend(struct hart_state *hs, uint32_t type, unsigned long resume_addr,
				      unsigned long opaque)
{
	bool non_retentive = type == SBI_HSM_SUSPEND_NON_RET_DEFAULT;

	/* Reserved types, and platform-specific ones (Abacus implements none), are
	 * INVALID_PARAM (HSM chapter, hart_suspend errors). */
	if (type != SBI_HSM_SUSPEND_RET_DEFAULT && !non_retentive)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if (non_retentive && !smode_addr_ok(resume_addr))
		return sbiret_err(SBI_ERR_INVALID_ADDRESS);

	hs->run_state = SBI_HSM_STATE_SUSPENDED;
	/* Wake on any interrupt S-mode has enabled (sie) becoming pending, or
	 * an SSE event ready for this hart (delivered on the way out). */
	while (!(csr_read(CSR_MIP) & csr_read(CSR_MIE) & ~(MIP_IPI | MIP_MTIP)) && !hs->exit_work) {
		wfi();
		hart_run_serve_interrupts();
	}
	hs->run_state = SBI_HSM_STATE_STARTED;
	if (non_retentive) {
		/*
		 * The PMU keeps its SBI state (mapped counters, the snapshot page),
		 * unlike hart_stop: the same kernel resumes, and Linux's cpuidle
		 * stops its counters before a non-retentive state and restarts them
		 * after it with counter_start alone, never configuring them or
		 * registering the snapshot page again (docs/pmu.md).
		 *
		 * Resume at resume_addr with a0 = hartid, a1 = opaque, satp = 0, SIE = 0
		 * (the trap exit restores mstatus, so clear SIE/SPP there). */
		csr_clear(CSR_MSTATUS, MSTATUS_SIE);
		csr_write(CSR_SATP, 0);
		csr_write(CSR_MEPC, resume_addr);
		return (struct sbiret){ .error = (long)hs->hartid, .value = opaque };
	}
	return sbiret_ok(0);
}

struct sbiret sbi_hsm_hart_stop(struct hart_state *hs)
{
	if (!hart_run_move(hs, SBI_HSM_STATE_STARTED, SBI_HSM_STATE_STOP_PENDING))
		return sbiret_err(SBI_ERR_FAILED);
	/* The next start (CPU hotplug, a new kernel after kexec) finds the hart as
	 * boot left it: the PMU counting nothing, SSE events reset, FWFT features
	 * at their defaults, triggers uninstalled (include/hart_lifecycle.h). */
	hart_lifecycle_reset(hs);
	csr_write(CSR_MIE, csr_read(CSR_MIE) & MIP_IPI);
	__atomic_store_n(&hs->run_state, SBI_HSM_STATE_STOPPED, __ATOMIC_RELEASE);
	hart_run_stopped_loop(hs);
}

struct sbiret sbi_hsm_hart_get_status(unsigned long hartid)
{
	struct hart_state *hs = hart_by_id(hartid);
	long st;

	if (!hs || !hart_offered_to_smode(hs))
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	st = __atomic_load_n(&hs->run_state, __ATOMIC_ACQUIRE);
	/* A hart claimed by a starter reads as START_PENDING. */
	return sbiret_ok(st == HSM_STATE_CLAIMED ? SBI_HSM_STATE_START_PENDING : (unsigned long)st);
}
