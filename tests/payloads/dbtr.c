/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * DBTR extension (Debug Triggers chapter) on QEMU 7.2's Sdtrig triggers
 * (two, mcontrol and mcontrol6): every function and error code, the shared
 * memory layout, trig_state; triggers firing as breakpoints in S-mode,
 * U-mode and (mcontrol6, with H) VS-mode, and only for the accesses and
 * modes asked; never in M-mode: the firmware writing and reading watched
 * S-mode memory (SSE attributes, the DBTR shared memory itself) raises
 * nothing, nor does a watched location the firmware reads with S-mode's
 * permissions (a legacy hart mask, MPRV); never on firmware addresses. Triggers are
 * per hart, and a stopped hart's are uninstalled.
 */
#include "lower_mode.h"
#include "pmu_util.h"

#define T2(bits) ((2UL << 60) | (bits))
#define T6(bits) ((6UL << 60) | (bits))
#define LOAD     (1UL << 0)
#define STORE    (1UL << 1)
#define EXEC     (1UL << 2)
#define MODE_U   (1UL << 3)
#define MODE_S   (1UL << 4)
#define MODE_M   (1UL << 6)
#define SIZE32_2 (3UL << 16)            /* mcontrol sizelo = 3: 32-bit accesses */
#define SIZE32_6 (3UL << 16)            /* mcontrol6 size = 3 */
#define T6_VU    (1UL << 23)
#define T6_VS    (1UL << 24)
#define DMODE    (1UL << 59)
#define CHAIN    (1UL << 11)
#define MATCH(m) ((unsigned long)(m) << 7)
#define CAUSE_BREAKPOINT 3
#define FW_BASE  0x80000000UL
#define SOON_US  2000000UL

struct entry {
	unsigned long w[4];
};

static struct entry shmem[4] __attribute__((aligned(16)));
static volatile uint32_t target_a __attribute__((aligned(8)));
static volatile uint32_t target_b __attribute__((aligned(8)));
static unsigned long sse_buf[4] __attribute__((aligned(16)));
static unsigned long hart_mask __attribute__((aligned(8)));
static bool has_h;

/* A 4-byte instruction at a known address: an execute trigger's target. */
void exec_target(void);
__asm__(".section .text\n.balign 4\n.globl exec_target\nexec_target:\n"
	".option push\n.option norvc\nnop\nret\n.option pop\n");

static unsigned long do_store(volatile uint32_t *p)
{
	trap_catch_begin();
	__asm__ volatile(".option push\n.option norvc\nsw zero, 0(%0)\n.option pop" : : "r"(p) : "memory");
	return trap_catch_end();
}

static unsigned long do_load(volatile uint32_t *p)
{
	trap_catch_begin();
	__asm__ volatile(".option push\n.option norvc\nlw t0, 0(%0)\n.option pop" : : "r"(p) : "t0", "memory");
	return trap_catch_end();
}

static unsigned long do_exec(void)
{
	trap_catch_begin();
	exec_target();
	return trap_catch_end();
}

static bool fired(unsigned long count)
{
	return count == 1 && trap_catch.last_cause == CAUSE_BREAKPOINT;
}

static long install(unsigned long tdata1, unsigned long tdata2, unsigned long *idx)
{
	struct sbiret r;

	shmem[0] = (struct entry){ { ~0UL, tdata1, tdata2, 0 } };
	r = sbi_debug_install_triggers(1);
	if (idx)
		*idx = shmem[0].w[0];
	return r.error;
}

static void check_basics(unsigned long *trig_max)
{
	unsigned long s = (unsigned long)shmem;

	CHECK_EQ(sbi_probe_extension(SBI_EXT_DBTR).value, 1);
	CHECK_EQ(sbi_ecall(SBI_EXT_DBTR, 8, 0, 0, 0, 0, 0, 0).error, SBI_ERR_NOT_SUPPORTED);
	*trig_max = sbi_debug_num_triggers(0).value;
	printf("DBTR-TRIGGERS=%lu\n", *trig_max);
	CHECK_EQ(sbi_debug_num_triggers(0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_debug_num_triggers(T2(0)).value, *trig_max);
	CHECK_EQ(sbi_debug_num_triggers(T6(STORE | MODE_S)).value, *trig_max);
	CHECK_EQ(sbi_debug_num_triggers(3UL << 60).value, 0);              /* icount: not offered */
	CHECK_EQ(sbi_debug_num_triggers(T2(STORE | MODE_M)).value, 0);     /* never M-mode */
	CHECK_EQ(sbi_debug_num_triggers(T6(STORE) | DMODE).value, 0);
	/* Shared memory. */
	CHECK_EQ(sbi_debug_read_triggers(0, 1).error, SBI_ERR_NO_SHMEM);
	CHECK_EQ(sbi_debug_install_triggers(1).error, SBI_ERR_NO_SHMEM);
	CHECK_EQ(sbi_debug_update_triggers(1).error, SBI_ERR_NO_SHMEM);
	CHECK_EQ(sbi_debug_set_shmem(s, 0, 1).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_debug_set_shmem(s + 4, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_debug_set_shmem(s, 1, 0).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_debug_set_shmem(FW_BASE, 0, 0).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_debug_set_shmem(FW_BASE + 0x1000, 0, 0).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_debug_set_shmem(QEMU_UART_MMIO, 0, 0).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_debug_set_shmem(QEMU_RAM_END - 32, 0, 0).error, SBI_ERR_INVALID_ADDRESS);   /* 2 entries */
	CHECK_EQ(sbi_debug_set_shmem(~0UL, ~0UL, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_debug_set_shmem(s, 0, 0).error, SBI_SUCCESS);
	/* Ranges, as the chapter's tables give them. */
	CHECK_EQ(sbi_debug_read_triggers(*trig_max, 0).error, SBI_ERR_BAD_RANGE);
	CHECK_EQ(sbi_debug_read_triggers(0, *trig_max).error, SBI_ERR_BAD_RANGE);
	CHECK_EQ(sbi_debug_read_triggers(*trig_max - 1, 1).error, SBI_ERR_BAD_RANGE);
	CHECK_EQ(sbi_debug_install_triggers(*trig_max).error, SBI_ERR_BAD_RANGE);
	CHECK_EQ(sbi_debug_update_triggers(*trig_max).error, SBI_ERR_BAD_RANGE);
	CHECK_EQ(sbi_debug_read_triggers(0, *trig_max - 1).error, SBI_SUCCESS);
}

static void check_smode_triggers(void)
{
	unsigned long idx;

	/* A store trigger (mcontrol) in S-mode, as Linux's would be. */
	CHECK_EQ(install(T2(STORE | MODE_S | SIZE32_2), (unsigned long)&target_a, &idx), SBI_SUCCESS);
	CHECK_EQ(idx, 0);
	CHECK(fired(do_store(&target_a)));
	CHECK_EQ(do_load(&target_a), 0);
	CHECK_EQ(do_store(&target_b), 0);
	/* The state and configuration read back. */
	CHECK_EQ(sbi_debug_read_triggers(0, 1).error, SBI_SUCCESS);
	CHECK_EQ(shmem[0].w[0], SBI_DBTR_STATE_MAPPED | SBI_DBTR_STATE_S);
	CHECK_EQ(shmem[0].w[1], T2(STORE | MODE_S | SIZE32_2));
	CHECK_EQ(shmem[0].w[2], (unsigned long)&target_a);
	CHECK_EQ(shmem[0].w[3], 0);
	/* Disabled: quiet, modes cleared in tdata1, kept in trig_state; enabled again. */
	CHECK_EQ(sbi_debug_disable_triggers(0, 1).error, SBI_SUCCESS);
	CHECK_EQ(do_store(&target_a), 0);
	CHECK_EQ(sbi_debug_read_triggers(0, 1).error, SBI_SUCCESS);
	CHECK_EQ(shmem[0].w[0], SBI_DBTR_STATE_MAPPED | SBI_DBTR_STATE_S);
	CHECK_EQ(shmem[0].w[1], T2(STORE | SIZE32_2));
	CHECK_EQ(sbi_debug_enable_triggers(0, 1).error, SBI_SUCCESS);
	CHECK(fired(do_store(&target_a)));
	/* A second trigger: a load on target_b (mcontrol6), index 1. */
	CHECK_EQ(install(T6(LOAD | MODE_S | SIZE32_6), (unsigned long)&target_b, &idx), SBI_SUCCESS);
	CHECK_EQ(idx, 1);
	CHECK(fired(do_load(&target_b)));
	CHECK_EQ(do_store(&target_b), 0);
	CHECK(fired(do_store(&target_a)));
	/* None left. */
	CHECK_EQ(install(T2(STORE | MODE_S), (unsigned long)&target_b, NULL), SBI_ERR_FAILED);
	/* Update trigger 1 into a store trigger. */
	shmem[0] = (struct entry){ { 1, T6(STORE | MODE_S), (unsigned long)&target_b, 0 } };
	CHECK_EQ(sbi_debug_update_triggers(1).error, SBI_SUCCESS);
	CHECK_EQ(do_load(&target_b), 0);
	CHECK(fired(do_store(&target_b)));
	/* Uninstall both: quiet, and then they are not there. */
	CHECK_EQ(sbi_debug_uninstall_triggers(0, 3).error, SBI_SUCCESS);
	CHECK_EQ(do_store(&target_a), 0);
	CHECK_EQ(do_store(&target_b), 0);
	CHECK_EQ(sbi_debug_uninstall_triggers(0, 1).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_debug_enable_triggers(0, 1).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_debug_disable_triggers(1, 1).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_debug_enable_triggers(0, 1UL << 2).error, SBI_ERR_INVALID_PARAM);   /* >= trig_max */
	shmem[0] = (struct entry){ { 0, T2(STORE | MODE_S), (unsigned long)&target_a, 0 } };
	CHECK_EQ(sbi_debug_update_triggers(1).error, SBI_ERR_FAILED);                   /* not installed */
	shmem[0].w[0] = 2;
	CHECK_EQ(sbi_debug_update_triggers(1).error, SBI_ERR_INVALID_PARAM);            /* >= trig_max */
	CHECK_EQ(do_store(&target_a), 0);
	CHECK_EQ(sbi_debug_read_triggers(0, 1).error, SBI_SUCCESS);
	CHECK_EQ(shmem[0].w[0], 0);
	/* An execute trigger. */
	CHECK_EQ(install(T2(EXEC | MODE_S), (unsigned long)exec_target, NULL), SBI_SUCCESS);
	CHECK(fired(do_exec()));
	CHECK_EQ(do_load((volatile uint32_t *)exec_target), 0);
	CHECK_EQ(sbi_debug_uninstall_triggers(0, 1).error, SBI_SUCCESS);
	CHECK_EQ(do_exec(), 0);
}

static void check_rejected(void)
{
	struct sbiret r;

	CHECK_EQ(install(T2(STORE | MODE_S | MODE_M), (unsigned long)&target_a, NULL), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(install(T2(STORE | MODE_S) | DMODE, (unsigned long)&target_a, NULL), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(install(T6(STORE | MODE_S | MODE_M), (unsigned long)&target_a, NULL), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(install(T2(STORE | MODE_S | (1UL << 12)), (unsigned long)&target_a, NULL), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(install(0, (unsigned long)&target_a, NULL), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(install(15UL << 60, (unsigned long)&target_a, NULL), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(install((3UL << 60) | 1, 0, NULL), SBI_ERR_NOT_SUPPORTED);             /* icount */
	/* Never a trigger on firmware memory, whatever the mode asked. */
	CHECK_EQ(install(T2(STORE | MODE_S), FW_BASE, NULL), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(install(T2(EXEC | MODE_U), FW_BASE + 0x100, NULL), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(install(T6(LOAD | MODE_S), FW_BASE + 0x10000, NULL), SBI_ERR_INVALID_PARAM);
	/* What QEMU 7.2's triggers cannot do: NAPOT match, chains, tdata3 (textra). */
	CHECK_EQ(install(T2(STORE | MODE_S | MATCH(1)), (unsigned long)&target_a | 7, NULL), SBI_ERR_NOT_SUPPORTED);
	shmem[0] = (struct entry){ { 0, T2(STORE | MODE_S), (unsigned long)&target_a, 1 } };
	CHECK_EQ(sbi_debug_install_triggers(1).error, SBI_ERR_NOT_SUPPORTED);
	/* A chain must not end the array. */
	shmem[0] = (struct entry){ { 0, T2(STORE | MODE_S | CHAIN), (unsigned long)&target_a, 0 } };
	r = sbi_debug_install_triggers(1);
	CHECK_EQ(r.error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(r.value, 0);
	/* Nothing was left installed by any of these. */
	CHECK_EQ(sbi_debug_read_triggers(0, 1).error, SBI_SUCCESS);
	CHECK_EQ(shmem[0].w[0], 0);
	CHECK_EQ(do_store(&target_a), 0);
}

static unsigned long store_in_lower_mode(unsigned long p)
{
	*(volatile uint32_t *)p = 1;
	return 0;
}

static void check_lower_mode_triggers(void)
{
	/* U-mode only: fires in U-mode, not in S-mode. */
	CHECK_EQ(install(T2(STORE | MODE_U), (unsigned long)&target_a, NULL), SBI_SUCCESS);
	CHECK_EQ(do_store(&target_a), 0);
	trap_catch_begin();
	lower_mode_call(LOWER_MODE_U, store_in_lower_mode, (unsigned long)&target_a);
	CHECK(fired(trap_catch_end()));
	CHECK_EQ(sbi_debug_uninstall_triggers(0, 1).error, SBI_SUCCESS);
	/* An S-mode trigger stays quiet in U-mode. */
	CHECK_EQ(install(T2(STORE | MODE_S), (unsigned long)&target_a, NULL), SBI_SUCCESS);
	trap_catch_begin();
	lower_mode_call(LOWER_MODE_U, store_in_lower_mode, (unsigned long)&target_a);
	CHECK_EQ(trap_catch_end(), 0);
	CHECK_EQ(sbi_debug_uninstall_triggers(0, 1).error, SBI_SUCCESS);
	if (!has_h)
		return;
	/* mcontrol6 with vs: fires in VS-mode (the breakpoint reaches HS-mode). */
	CHECK_EQ(install(T6(STORE | T6_VS), (unsigned long)&target_a, NULL), SBI_SUCCESS);
	CHECK_EQ(sbi_debug_read_triggers(0, 1).error, SBI_SUCCESS);
	CHECK_EQ(shmem[0].w[0], SBI_DBTR_STATE_MAPPED | SBI_DBTR_STATE_VS);
	CHECK_EQ(do_store(&target_a), 0);
	trap_catch_begin();
	lower_mode_call(LOWER_MODE_VS, store_in_lower_mode, (unsigned long)&target_a);
	CHECK(fired(trap_catch_end()));
	trap_catch_begin();
	lower_mode_call(LOWER_MODE_VU, store_in_lower_mode, (unsigned long)&target_a);
	CHECK_EQ(trap_catch_end(), 0);
	CHECK_EQ(sbi_debug_uninstall_triggers(0, 1).error, SBI_SUCCESS);
}

/* The firmware's own accesses to watched S-mode memory raise nothing. */
static void check_never_in_mmode(void)
{
	struct sbiret r;

	sse_buf[0] = 0;   /* PRIORITY 0, for write_attrs below */
	CHECK_EQ(install(T6(LOAD | STORE | MODE_S | MODE_U | T6_VS | T6_VU), (unsigned long)&sse_buf[0], NULL),
		 SBI_SUCCESS);
	trap_catch_begin();
	r = sbi_sse_read_attrs(SBI_SSE_EVENT_LOCAL_SOFTWARE, 0, 2, (unsigned long)sse_buf, 0);   /* a write */
	CHECK_EQ(trap_catch_end(), 0);
	CHECK_EQ(r.error, SBI_SUCCESS);
	trap_catch_begin();
	r = sbi_sse_write_attrs(SBI_SSE_EVENT_LOCAL_SOFTWARE, SBI_SSE_ATTR_PRIORITY, 1, (unsigned long)sse_buf, 0);
	CHECK_EQ(trap_catch_end(), 0);          /* a read */
	CHECK_EQ(r.error, SBI_SUCCESS);
	CHECK(fired(do_load((volatile uint32_t *)&sse_buf[0])));   /* the trigger is live */
	CHECK_EQ(sbi_debug_uninstall_triggers(0, 1).error, SBI_SUCCESS);
	/* A trigger on the shared memory word the firmware writes back (trig_idx, trig_state). */
	shmem[0] = (struct entry){ { ~0UL, T2(STORE | MODE_S), (unsigned long)&shmem[0].w[0], 0 } };
	trap_catch_begin();
	r = sbi_debug_install_triggers(1);
	CHECK_EQ(r.error, SBI_SUCCESS);
	r = sbi_debug_read_triggers(0, 1);
	CHECK_EQ(trap_catch_end(), 0);
	CHECK_EQ(r.error, SBI_SUCCESS);
	CHECK_EQ(shmem[0].w[0], SBI_DBTR_STATE_MAPPED | SBI_DBTR_STATE_S);
	CHECK_EQ(sbi_debug_uninstall_triggers(0, 1).error, SBI_SUCCESS);
}

/*
 * Memory the firmware reads with S-mode's permissions (mstatus.MPRV): the
 * legacy calls' hart mask. QEMU 7.2 matches triggers against the current
 * privilege (M here), so nothing fires; hardware that matched the effective
 * one would raise the breakpoint inside the firmware's trap-expecting access,
 * which hands it to S-mode at the ecall like a fault on the mask. Either way
 * the firmware carries on.
 */
static void check_mprv_access(unsigned long hartid)
{
	unsigned long count;

	hart_mask = 1UL << hartid;
	CHECK_EQ(install(T2(LOAD | MODE_S), (unsigned long)&hart_mask, NULL), SBI_SUCCESS);
	trap_catch_begin();
	sbi_legacy_send_ipi(&hart_mask);
	count = trap_catch_end();
	CHECK(count == 0 || fired(count));
	CHECK_EQ(sbi_debug_uninstall_triggers(0, 1).error, SBI_SUCCESS);
	CHECK_EQ(sbi_legacy_send_ipi(&hart_mask), 0);      /* and without the trigger, the call works */
	csr_clear(sip, SIP_SSIP);
}

static volatile unsigned long other_fired, other_state0, other_nr, other_done;

static void other_hart_stores(void *arg)
{
	(void)arg;
	other_fired = do_store(&target_a);
	__atomic_store_n(&other_done, 1, __ATOMIC_RELEASE);
}

static struct entry other_shmem[4] __attribute__((aligned(16)));

static void other_hart_installs(void *arg)
{
	(void)arg;
	CHECK_EQ(sbi_debug_set_shmem((unsigned long)other_shmem, 0, 0).error, SBI_SUCCESS);
	other_shmem[0] = (struct entry){ { 0, T2(STORE | MODE_S), (unsigned long)&target_b, 0 } };
	CHECK_EQ(sbi_debug_install_triggers(1).error, SBI_SUCCESS);
	__atomic_store_n(&other_done, 2, __ATOMIC_RELEASE);
	/* hart_run's job ends with hart_stop: the trigger must go with it. */
}

static void other_hart_after_restart(void *arg)
{
	(void)arg;
	other_nr = sbi_debug_read_triggers(0, 1).error;      /* shared memory was disabled */
	CHECK_EQ(sbi_debug_set_shmem((unsigned long)other_shmem, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_debug_read_triggers(0, 1).error, SBI_SUCCESS);
	other_state0 = other_shmem[0].w[0];
	other_fired = do_store(&target_b);
	CHECK_EQ(sbi_debug_set_shmem(~0UL, ~0UL, 0).error, SBI_SUCCESS);
	__atomic_store_n(&other_done, 3, __ATOMIC_RELEASE);
}

/* Triggers are per hart; a stopped hart's are uninstalled. */
static void check_per_hart(unsigned long me)
{
	unsigned long ids[8], other = me;
	int n = dt_hartids(ids, 8);

	for (int i = 0; i < n && i < 8; i++)
		if (ids[i] != me)
			other = ids[i];
	if (other == me)
		return;
	CHECK_EQ(install(T2(STORE | MODE_S), (unsigned long)&target_a, NULL), SBI_SUCCESS);
	CHECK_EQ(hart_run(other, other_hart_stores, NULL).error, SBI_SUCCESS);
	CHECK(wait_flag(&other_done, 1, SOON_US));
	CHECK(hart_wait_state(other, SBI_HSM_STATE_STOPPED, SOON_US));
	CHECK_EQ(other_fired, 0);                  /* hart 0's trigger, not the other's */
	CHECK(fired(do_store(&target_a)));
	CHECK_EQ(sbi_debug_uninstall_triggers(0, 1).error, SBI_SUCCESS);
	CHECK_EQ(hart_run(other, other_hart_installs, NULL).error, SBI_SUCCESS);
	CHECK(wait_flag(&other_done, 2, SOON_US));
	CHECK(hart_wait_state(other, SBI_HSM_STATE_STOPPED, SOON_US));
	CHECK_EQ(do_store(&target_b), 0);          /* the other hart's trigger is not ours */
	CHECK_EQ(hart_run(other, other_hart_after_restart, NULL).error, SBI_SUCCESS);
	CHECK(wait_flag(&other_done, 3, SOON_US));
	CHECK(hart_wait_state(other, SBI_HSM_STATE_STOPPED, SOON_US));
	CHECK_EQ(other_nr, SBI_ERR_NO_SHMEM);
	CHECK_EQ(other_state0, 0);
	CHECK_EQ(other_fired, 0);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	unsigned long trig_max;

	(void)dtb;
	test_start("dbtr");
	trap_catch_install(NULL);
	has_h = dt_isa_has_letter('h');
	printf("DBTR-H-%s\n", has_h ? "yes" : "no");
	check_basics(&trig_max);
	if (!CHECK(trig_max >= 2))
		return;
	check_smode_triggers();
	check_rejected();
	check_lower_mode_triggers();
	check_never_in_mmode();
	check_mprv_access(hartid);
	check_per_hart(hartid);
}
