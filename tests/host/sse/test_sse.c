/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SSE core (lib/ext/sse/sse_core.c, sse_attrs.c, sse_context.c) on four simulated harts:
 * event IDs and their error codes, the state machine of the chapter's
 * figure, attributes and their access rules, priorities and nesting,
 * masking, injection (local, remote, global), global events on their
 * preferred hart only (masked, stopped, restarted, moved by the client),
 * the PMU overflow event's hold on LCOFI, hart reset, injections racing a
 * hart's stop (on two threads) and exactly what delivery and completion do
 * to S-mode's registers.
 */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include "test.h"
#include "hart_ext.h"
#include "riscv_csr.h"
#include "hsm/hsm.h"
#include "host_memory.h"
#include "memory_map.h"
#include "ipi.h"
#include "sse/sse_hw.h"
#include "sse/sse_internal.h"

TEST_MAIN_GLOBALS

#define HARTS 4
#define RAM_SIZE (64 * 1024)
#define FW_SIZE  (8 * 1024)

#define LOCAL_SW  SBI_SSE_EVENT_LOCAL_SOFTWARE
#define GLOBAL_SW SBI_SSE_EVENT_GLOBAL_SOFTWARE
#define PMU_OVF   SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW
#define DBL_TRAP  SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP

static struct hart_state harts[HARTS];
static struct hart_ext exts[HARTS];
static struct hart_state *table[HARTS];
static uint8_t *ram;
static unsigned long *mem;   /* S-mode memory for attribute values */
static unsigned long HANDLER_PC;   /* an address in S-mode RAM */

/* ---- The hardware seam, recorded (lib/ext/sse/sse_hw.h) ---- */
static struct hart_state *hw_current;        /* whose CSRs the seam acts on */
static bool lcofi_mmode[HARTS], mie_lcofie[HARTS];
static unsigned int kicks[HARTS], lcofi_acks[HARTS];
static bool translation_on;

bool sse_hw_lcofi_take(void)
{
	bool old = mie_lcofie[hw_current->index];

	lcofi_mmode[hw_current->index] = true;
	mie_lcofie[hw_current->index] = true;
	return old;
}

void sse_hw_lcofi_give(bool smode_lcofie)
{
	lcofi_mmode[hw_current->index] = false;
	mie_lcofie[hw_current->index] = smode_lcofie;
}

void sse_hw_lcofi_ack(void)
{
	lcofi_acks[hw_current->index]++;
}

/* Its IPIs (the IPI transport, include/ipi.h), counted per target (from any thread). */
void ipi_raise(struct hart_state *target, const struct ipi_reason *reason)
{
	CHECK(reason == &sse_ipi_reason);
	__atomic_fetch_add(&kicks[target->index], 1, __ATOMIC_RELAXED);
}

bool sse_hw_entry_pc_ok(unsigned long pc)
{
	return translation_on || smode_addr_ok(pc);
}

/* ---- Harness ---- */
static struct hart_state *on(unsigned int i)
{
	hw_current = &harts[i];
	return &harts[i];
}

static void test_setup(void)
{
	memset(harts, 0, sizeof(harts));
	memset(exts, 0, sizeof(exts));
	memset(lcofi_mmode, 0, sizeof(lcofi_mmode));
	memset(mie_lcofie, 0, sizeof(mie_lcofie));
	memset(kicks, 0, sizeof(kicks));
	memset(lcofi_acks, 0, sizeof(lcofi_acks));
	translation_on = false;
	host_memory_reset();
	memory_map_add_ram((uintptr_t)ram, RAM_SIZE);
	memory_map.fw_base = (uintptr_t)ram;
	memory_map.fw_size = FW_SIZE;
	mem = (unsigned long *)(ram + FW_SIZE);
	HANDLER_PC = (unsigned long)(ram + RAM_SIZE - 0x400);
	memset(mem, 0, RAM_SIZE - FW_SIZE);
	for (unsigned int i = 0; i < HARTS; i++) {
		harts[i].hartid = i == 3 ? 64 : i;      /* not 0..n-1: lookups must search */
		harts[i].index = i;
		harts[i].features = HART_HAS_S | (i & 1 ? HART_HAS_H : 0);
		harts[i].run_state = SBI_HSM_STATE_STARTED;
		harts[i].ext = &exts[i];
		table[i] = &harts[i];
		hw_current = &harts[i];
		/* Harts 0 and 1 have Sscofpmf, hart 1 also Ssdbltrp. */
		sse_hart_init(&harts[i], i <= 1, i == 1);
	}
	hart_table = table;
	hart_count = HARTS;
	sse_global_init(0);
	on(0);
}

static unsigned long attr(struct hart_state *hs, uint32_t event, uint32_t id)
{
	struct sbiret r = sbi_sse_read_attrs(hs, event, id, 1, (unsigned long)mem, 0);

	return r.error ? 0xdeadUL : mem[0];
}

static long set_attr(struct hart_state *hs, uint32_t event, uint32_t id, unsigned long value)
{
	mem[0] = value;
	return sbi_sse_write_attrs(hs, event, id, 1, (unsigned long)mem, 0).error;
}

static unsigned long state(struct hart_state *hs, uint32_t event)
{
	return attr(hs, event, SBI_SSE_ATTR_STATUS) & SBI_SSE_ATTR_STATUS_STATE_MASK;
}

static bool pending(struct hart_state *hs, uint32_t event)
{
	return attr(hs, event, SBI_SSE_ATTR_STATUS) & SBI_SSE_ATTR_STATUS_PENDING;
}

static long reg_enable(struct hart_state *hs, uint32_t event, unsigned long arg)
{
	long err = sbi_sse_register(hs, event, HANDLER_PC, arg).error;

	return err ? err : sbi_sse_enable(hs, event).error;
}

/* An S-mode context interrupted in S-mode with interrupts on. */
static struct sse_cpu_context smode_ctx(const struct hart_state *hs)
{
	return (struct sse_cpu_context){
		.mstatus = ((unsigned long)PRV_S << MSTATUS_MPP_SHIFT) | MSTATUS_SIE | MSTATUS_SPIE,
		.mepc = 0x80200800, .sepc = 0x80201000, .a6 = 0x66, .a7 = 0x77,
		.has_h = (hs->features & HART_HAS_H) != 0,
	};
}

/* ---- Event IDs ---- */

TEST(reserved_ids_are_invalid_param_everywhere)
{
	static const uint32_t ids[] = { 0x2, 0x3fff, 0x8001, 0xbfff, 0x10001, 0x18000, 0x20000,
					0x100001, 0x108001, 0xffff0001, 0xffff8001, 0x12340000 };
	struct hart_state *hs = on(0);

	for (unsigned int i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		CHECK_EQ(sbi_sse_read_attrs(hs, ids[i], 0, 1, (unsigned long)mem, 0).error, SBI_ERR_INVALID_PARAM);
		CHECK_EQ(sbi_sse_write_attrs(hs, ids[i], 1, 1, (unsigned long)mem, 0).error, SBI_ERR_INVALID_PARAM);
		CHECK_EQ(sbi_sse_register(hs, ids[i], HANDLER_PC, 0).error, SBI_ERR_INVALID_PARAM);
		CHECK_EQ(sbi_sse_unregister(hs, ids[i]).error, SBI_ERR_INVALID_PARAM);
		CHECK_EQ(sbi_sse_enable(hs, ids[i]).error, SBI_ERR_INVALID_PARAM);
		CHECK_EQ(sbi_sse_disable(hs, ids[i]).error, SBI_ERR_INVALID_PARAM);
		CHECK_EQ(sbi_sse_inject(hs, ids[i], 0).error, SBI_ERR_INVALID_PARAM);
	}
}

TEST(unsupported_and_platform_ids_are_not_supported)
{
	static const uint32_t ids[] = { SBI_SSE_EVENT_LOCAL_HIGH_PRIO_RAS, SBI_SSE_EVENT_GLOBAL_HIGH_PRIO_RAS,
					SBI_SSE_EVENT_LOCAL_LOW_PRIO_RAS, SBI_SSE_EVENT_GLOBAL_LOW_PRIO_RAS,
					0x4000, 0x7fff, 0xc000, 0xffff, 0x14000, 0x1c000, 0xffff4000, 0xffffc000 };
	struct hart_state *hs = on(0);

	for (unsigned int i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		CHECK_EQ(sbi_sse_read_attrs(hs, ids[i], 0, 1, (unsigned long)mem, 0).error, SBI_ERR_NOT_SUPPORTED);
		CHECK_EQ(sbi_sse_register(hs, ids[i], HANDLER_PC, 0).error, SBI_ERR_NOT_SUPPORTED);
		CHECK_EQ(sbi_sse_enable(hs, ids[i]).error, SBI_ERR_NOT_SUPPORTED);
		CHECK_EQ(sbi_sse_inject(hs, ids[i], 0).error, SBI_ERR_NOT_SUPPORTED);
	}
}

TEST(pmu_and_double_trap_events_follow_the_hart)
{
	/* Hart 2 has neither Sscofpmf nor Ssdbltrp; hart 1 has both. */
	CHECK_EQ(sbi_sse_register(on(2), PMU_OVF, HANDLER_PC, 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(sbi_sse_register(on(2), DBL_TRAP, HANDLER_PC, 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(sbi_sse_register(on(0), DBL_TRAP, HANDLER_PC, 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(sbi_sse_register(on(1), PMU_OVF, HANDLER_PC, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_register(on(1), DBL_TRAP, HANDLER_PC, 0).error, SBI_SUCCESS);
	/* Injecting hart 2's PMU event from hart 1: not there. */
	CHECK_EQ(sbi_sse_inject(on(1), PMU_OVF, 2).error, SBI_ERR_NOT_SUPPORTED);
}

/* ---- The state machine ---- */

TEST(state_machine_transitions_and_their_errors)
{
	struct hart_state *hs = on(0);

	CHECK_EQ(state(hs, LOCAL_SW), SBI_SSE_STATE_UNUSED);
	CHECK_EQ(sbi_sse_unregister(hs, LOCAL_SW).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_enable(hs, LOCAL_SW).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_disable(hs, LOCAL_SW).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_register(hs, LOCAL_SW, HANDLER_PC, 5).error, SBI_SUCCESS);
	CHECK_EQ(state(hs, LOCAL_SW), SBI_SSE_STATE_REGISTERED);
	CHECK_EQ(sbi_sse_register(hs, LOCAL_SW, HANDLER_PC, 5).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_disable(hs, LOCAL_SW).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_enable(hs, LOCAL_SW).error, SBI_SUCCESS);
	CHECK_EQ(state(hs, LOCAL_SW), SBI_SSE_STATE_ENABLED);
	CHECK_EQ(sbi_sse_enable(hs, LOCAL_SW).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_register(hs, LOCAL_SW, HANDLER_PC, 5).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_unregister(hs, LOCAL_SW).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_disable(hs, LOCAL_SW).error, SBI_SUCCESS);
	CHECK_EQ(state(hs, LOCAL_SW), SBI_SSE_STATE_REGISTERED);
	CHECK_EQ(sbi_sse_unregister(hs, LOCAL_SW).error, SBI_SUCCESS);
	CHECK_EQ(state(hs, LOCAL_SW), SBI_SSE_STATE_UNUSED);
}

TEST(running_event_rejects_every_transition_but_complete)
{
	struct hart_state *hs = on(0);
	struct sse_cpu_context ctx = smode_ctx(hs);

	CHECK_EQ(sbi_sse_hart_unmask(hs).error, SBI_SUCCESS);
	CHECK_EQ(reg_enable(hs, LOCAL_SW, 1), SBI_SUCCESS);
	CHECK_EQ(sbi_sse_inject(hs, LOCAL_SW, 0).error, SBI_SUCCESS);
	CHECK(sse_deliver(hs, &ctx));
	CHECK_EQ(state(hs, LOCAL_SW), SBI_SSE_STATE_RUNNING);
	CHECK_EQ(sbi_sse_register(hs, LOCAL_SW, HANDLER_PC, 1).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_unregister(hs, LOCAL_SW).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_enable(hs, LOCAL_SW).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_disable(hs, LOCAL_SW).error, SBI_ERR_INVALID_STATE);
	CHECK(sbi_sse_complete(hs, &ctx));
	CHECK_EQ(state(hs, LOCAL_SW), SBI_SSE_STATE_ENABLED);
	/* Nothing running: complete does nothing. */
	CHECK(!sbi_sse_complete(hs, &ctx));
}

TEST(register_checks_pc_alignment_and_address)
{
	struct hart_state *hs = on(0);
	unsigned long ram_pc = (unsigned long)(ram + FW_SIZE + 64);

	CHECK_EQ(sbi_sse_register(hs, LOCAL_SW, ram_pc | 1, 0).error, SBI_ERR_INVALID_PARAM);
	/* Firmware memory, MMIO: not an entry S-mode can run, INVALID_PARAM (the register table's code). */
	CHECK_EQ(sbi_sse_register(hs, LOCAL_SW, (unsigned long)ram, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_sse_register(hs, LOCAL_SW, 0x10000000, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(state(hs, LOCAL_SW), SBI_SSE_STATE_UNUSED);
	CHECK_EQ(sbi_sse_register(hs, LOCAL_SW, ram_pc + 2, 0x1234).error, SBI_SUCCESS);   /* 2-byte aligned is fine */
	CHECK_EQ(attr(hs, LOCAL_SW, SBI_SSE_ATTR_ENTRY_PC), ram_pc + 2);
	CHECK_EQ(attr(hs, LOCAL_SW, SBI_SSE_ATTR_ENTRY_ARG), 0x1234);
	/* A virtual address (translation on) is S-mode's business. */
	translation_on = true;
	CHECK_EQ(sbi_sse_register(hs, GLOBAL_SW, 0xffffffff80001000UL, 0).error, SBI_SUCCESS);
}

/* ---- Attributes ---- */

TEST(attribute_reset_values)
{
	struct hart_state *hs = on(3);

	CHECK_EQ(sbi_sse_read_attrs(hs, LOCAL_SW, 0, SBI_SSE_ATTR_COUNT, (unsigned long)mem, 0).error, SBI_SUCCESS);
	CHECK_EQ(mem[SBI_SSE_ATTR_STATUS], SBI_SSE_ATTR_STATUS_INJECT);
	CHECK_EQ(mem[SBI_SSE_ATTR_PREFERRED_HART], 64);         /* a local event: the hart itself */
	for (unsigned int i = SBI_SSE_ATTR_PRIORITY; i < SBI_SSE_ATTR_COUNT; i++)
		if (i != SBI_SSE_ATTR_PREFERRED_HART)
			CHECK_EQ(mem[i], 0);
	CHECK_EQ(attr(hs, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART), 0);   /* sse_global_init(0) */
	CHECK_EQ(attr(on(1), DBL_TRAP, SBI_SSE_ATTR_STATUS), 0);          /* not injectable */
	CHECK_EQ(attr(on(1), PMU_OVF, SBI_SSE_ATTR_STATUS), SBI_SSE_ATTR_STATUS_INJECT);
}

TEST(attribute_ranges_counts_and_memory)
{
	struct hart_state *hs = on(0);
	unsigned long s = (unsigned long)mem;

	CHECK_EQ(sbi_sse_read_attrs(hs, LOCAL_SW, 0, 0, s, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_sse_write_attrs(hs, LOCAL_SW, 1, 0, s, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_sse_read_attrs(hs, LOCAL_SW, 10, 1, s, 0).error, SBI_ERR_BAD_RANGE);
	CHECK_EQ(sbi_sse_read_attrs(hs, LOCAL_SW, 9, 2, s, 0).error, SBI_ERR_BAD_RANGE);
	CHECK_EQ(sbi_sse_read_attrs(hs, LOCAL_SW, 0xffffffff, 2, s, 0).error, SBI_ERR_BAD_RANGE);   /* no 32-bit wrap */
	CHECK_EQ(sbi_sse_write_attrs(hs, LOCAL_SW, 10, 1, s, 0).error, SBI_ERR_BAD_RANGE);
	CHECK_EQ(sbi_sse_read_attrs(hs, LOCAL_SW, 9, 1, s, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_read_attrs(hs, LOCAL_SW, 0, 1, s + 4, 0).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_sse_read_attrs(hs, LOCAL_SW, 0, 1, s, 1).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_sse_read_attrs(hs, LOCAL_SW, 0, 1, (unsigned long)ram, 0).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_sse_read_attrs(hs, LOCAL_SW, 0, 2, (unsigned long)ram + RAM_SIZE - 8, 0).error,
		 SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_sse_write_attrs(hs, LOCAL_SW, 1, 1, (unsigned long)ram + FW_SIZE - 8, 0).error,
		 SBI_ERR_INVALID_ADDRESS);
}

TEST(read_writes_only_its_values_at_offsets_from_zero)
{
	struct hart_state *hs = on(0);

	for (int i = 0; i < 8; i++)
		mem[i] = 0xa5a5a5a5a5a5a5a5UL;
	CHECK_EQ(sbi_sse_register(hs, LOCAL_SW, HANDLER_PC, 0xbeef).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_read_attrs(hs, LOCAL_SW, SBI_SSE_ATTR_ENTRY_PC, 2, (unsigned long)&mem[1], 0).error, 0);
	CHECK_EQ(mem[0], 0xa5a5a5a5a5a5a5a5UL);
	CHECK_EQ(mem[1], HANDLER_PC);
	CHECK_EQ(mem[2], 0xbeef);
	CHECK_EQ(mem[3], 0xa5a5a5a5a5a5a5a5UL);
}

TEST(read_only_attributes_are_denied)
{
	struct hart_state *hs = on(0);

	CHECK_EQ(set_attr(hs, LOCAL_SW, SBI_SSE_ATTR_STATUS, 0), SBI_ERR_DENIED);
	CHECK_EQ(set_attr(hs, LOCAL_SW, SBI_SSE_ATTR_ENTRY_PC, HANDLER_PC), SBI_ERR_DENIED);
	CHECK_EQ(set_attr(hs, LOCAL_SW, SBI_SSE_ATTR_ENTRY_ARG, 1), SBI_ERR_DENIED);
	CHECK_EQ(set_attr(hs, LOCAL_SW, SBI_SSE_ATTR_PREFERRED_HART, 0), SBI_ERR_DENIED);
	CHECK_EQ(set_attr(hs, GLOBAL_SW, SBI_SSE_ATTR_STATUS, 0), SBI_ERR_DENIED);
}

TEST(priority_config_preferred_hart_values_and_states)
{
	struct hart_state *hs = on(0);

	CHECK_EQ(set_attr(hs, LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 1UL << 32), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(set_attr(hs, LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 0xffffffff), SBI_SUCCESS);
	CHECK_EQ(attr(hs, LOCAL_SW, SBI_SSE_ATTR_PRIORITY), 0xffffffff);
	CHECK_EQ(set_attr(hs, LOCAL_SW, SBI_SSE_ATTR_CONFIG, 2), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(set_attr(hs, LOCAL_SW, SBI_SSE_ATTR_CONFIG, ~SBI_SSE_ATTR_CONFIG_ONESHOT), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(set_attr(hs, LOCAL_SW, SBI_SSE_ATTR_CONFIG, SBI_SSE_ATTR_CONFIG_ONESHOT), SBI_SUCCESS);
	CHECK_EQ(set_attr(hs, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, 4), SBI_ERR_INVALID_PARAM);      /* no hart 4 */
	CHECK_EQ(set_attr(hs, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, 0xffffffff), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(set_attr(hs, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, 64), SBI_SUCCESS);
	CHECK_EQ(attr(on(2), GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART), 64);   /* global: every hart sees it */
	/* REGISTERED: still writable. ENABLED: INVALID_STATE. */
	CHECK_EQ(sbi_sse_register(hs, LOCAL_SW, HANDLER_PC, 0).error, 0);
	CHECK_EQ(set_attr(hs, LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 3), SBI_SUCCESS);
	CHECK_EQ(sbi_sse_enable(hs, LOCAL_SW).error, 0);
	CHECK_EQ(set_attr(hs, LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 4), SBI_ERR_INVALID_STATE);
	CHECK_EQ(set_attr(hs, LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 1UL << 40), SBI_ERR_INVALID_STATE);
	CHECK_EQ(set_attr(hs, LOCAL_SW, SBI_SSE_ATTR_CONFIG, 0), SBI_ERR_INVALID_STATE);
	CHECK_EQ(reg_enable(hs, GLOBAL_SW, 0), 0);
	CHECK_EQ(set_attr(hs, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, 0), SBI_ERR_INVALID_STATE);
	CHECK_EQ(attr(hs, LOCAL_SW, SBI_SSE_ATTR_PRIORITY), 3);
}

TEST(write_first_error_in_attribute_order_and_nothing_written)
{
	struct hart_state *hs = on(0);

	/* PRIORITY ok, CONFIG bad: INVALID_PARAM, priority unchanged. */
	mem[0] = 9;
	mem[1] = 4;
	CHECK_EQ(sbi_sse_write_attrs(hs, LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 2, (unsigned long)mem, 0).error,
		 SBI_ERR_INVALID_PARAM);
	CHECK_EQ(attr(hs, LOCAL_SW, SBI_SSE_ATTR_PRIORITY), 0);
	/* STATUS first (DENIED) before a bad PRIORITY (INVALID_PARAM). */
	mem[0] = 0;
	mem[1] = 1UL << 33;
	CHECK_EQ(sbi_sse_write_attrs(hs, LOCAL_SW, SBI_SSE_ATTR_STATUS, 2, (unsigned long)mem, 0).error,
		 SBI_ERR_DENIED);
	/* A bad PRIORITY before a read-only ENTRY_PC. */
	mem[0] = 1UL << 33;
	mem[1] = 0;
	mem[2] = 0;
	mem[3] = 0;
	CHECK_EQ(sbi_sse_write_attrs(hs, GLOBAL_SW, SBI_SSE_ATTR_PRIORITY, 4, (unsigned long)mem, 0).error,
		 SBI_ERR_INVALID_PARAM);
	/* All good: all written. */
	mem[0] = 7;
	mem[1] = 1;
	mem[2] = 2;
	CHECK_EQ(sbi_sse_write_attrs(hs, GLOBAL_SW, SBI_SSE_ATTR_PRIORITY, 3, (unsigned long)mem, 0).error, 0);
	CHECK_EQ(attr(hs, GLOBAL_SW, SBI_SSE_ATTR_PRIORITY), 7);
	CHECK_EQ(attr(hs, GLOBAL_SW, SBI_SSE_ATTR_CONFIG), 1);
	CHECK_EQ(attr(hs, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART), 2);
}

TEST(interrupted_attributes_only_while_running_on_this_hart)
{
	struct hart_state *h0 = on(0), *h2;
	struct sse_cpu_context ctx = smode_ctx(h0);

	for (unsigned int a = SBI_SSE_ATTR_INTERRUPTED_SEPC; a <= SBI_SSE_ATTR_INTERRUPTED_A7; a++)
		CHECK_EQ(set_attr(h0, LOCAL_SW, a, 1), SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_hart_unmask(h0).error, 0);
	CHECK_EQ(reg_enable(h0, GLOBAL_SW, 0), 0);
	CHECK_EQ(sbi_sse_inject(h0, GLOBAL_SW, 77).error, 0);   /* hart_id ignored for global events */
	CHECK(h0->exit_work);
	CHECK(sse_deliver(h0, &ctx));
	CHECK_EQ(set_attr(h0, GLOBAL_SW, SBI_SSE_ATTR_INTERRUPTED_FLAGS, SBI_SSE_FLAGS_ALL), SBI_SUCCESS);
	CHECK_EQ(set_attr(h0, GLOBAL_SW, SBI_SSE_ATTR_INTERRUPTED_FLAGS, 1UL << 6), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(set_attr(h0, GLOBAL_SW, SBI_SSE_ATTR_INTERRUPTED_FLAGS, 1UL << 32), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(set_attr(h0, GLOBAL_SW, SBI_SSE_ATTR_INTERRUPTED_A6, ~0UL), SBI_SUCCESS);
	CHECK_EQ(attr(h0, GLOBAL_SW, SBI_SSE_ATTR_INTERRUPTED_A6), ~0UL);
	/* Another hart sees the values, but may not change them. */
	h2 = on(2);
	CHECK_EQ(attr(h2, GLOBAL_SW, SBI_SSE_ATTR_INTERRUPTED_A6), ~0UL);
	CHECK_EQ(set_attr(h2, GLOBAL_SW, SBI_SSE_ATTR_INTERRUPTED_A6, 1), SBI_ERR_INVALID_STATE);
}

/* ---- Delivery and completion ---- */

TEST(delivery_enters_handler_as_the_chapter_says)
{
	struct hart_state *hs = on(0);
	struct sse_cpu_context ctx = smode_ctx(hs);

	CHECK_EQ(sbi_sse_hart_unmask(hs).error, 0);
	CHECK_EQ(reg_enable(hs, LOCAL_SW, 0xabcd), 0);
	CHECK_EQ(sbi_sse_inject(hs, LOCAL_SW, 0).error, 0);
	CHECK(pending(hs, LOCAL_SW));
	CHECK(hs->exit_work);
	CHECK(sse_deliver(hs, &ctx));
	CHECK(!hs->exit_work);
	CHECK(!pending(hs, LOCAL_SW));
	CHECK_EQ(ctx.a6, 0);                      /* hart ID */
	CHECK_EQ(ctx.a7, 0xabcd);                 /* ENTRY_ARG */
	CHECK_EQ(ctx.mepc, HANDLER_PC);
	CHECK_EQ(ctx.sepc, 0x80200800);           /* the interrupted pc */
	CHECK_EQ(ctx.mstatus, ((unsigned long)PRV_S << MSTATUS_MPP_SHIFT) | MSTATUS_SPP | MSTATUS_SPIE);
	CHECK_EQ(attr(hs, LOCAL_SW, SBI_SSE_ATTR_INTERRUPTED_SEPC), 0x80201000);
	CHECK_EQ(attr(hs, LOCAL_SW, SBI_SSE_ATTR_INTERRUPTED_FLAGS), SBI_SSE_FLAG_SSTATUS_SPIE);
	CHECK_EQ(attr(hs, LOCAL_SW, SBI_SSE_ATTR_INTERRUPTED_A6), 0x66);
	CHECK_EQ(attr(hs, LOCAL_SW, SBI_SSE_ATTR_INTERRUPTED_A7), 0x77);
	/* The handler completes: the interrupted context comes back exactly. */
	CHECK(sbi_sse_complete(hs, &ctx));
	CHECK_EQ(ctx.mepc, 0x80200800);
	CHECK_EQ(ctx.sepc, 0x80201000);
	CHECK_EQ(ctx.a6, 0x66);
	CHECK_EQ(ctx.a7, 0x77);
	CHECK_EQ(ctx.mstatus, ((unsigned long)PRV_S << MSTATUS_MPP_SHIFT) | MSTATUS_SIE | MSTATUS_SPIE);
}

TEST(context_from_umode_and_vs_mode_with_h)
{
	struct sse_cpu_context c = {
		.mstatus = ((unsigned long)PRV_U << MSTATUS_MPP_SHIFT) | MSTATUS_MPV | MSTATUS_SPP,
		.mepc = 0x1000, .sepc = 0x2000, .hstatus = HSTATUS_SPVP, .has_h = true,
	}, orig = c;
	unsigned long saved[4];

	/* Interrupted in VU-mode (MPP = U, MPV = 1). */
	sse_context_enter(&c, saved, 7, 0x3000, 9);
	CHECK_EQ(saved[SSE_INTERRUPTED_FLAGS], SBI_SSE_FLAG_SSTATUS_SPP | SBI_SSE_FLAG_HSTATUS_SPVP);
	CHECK_EQ(c.mstatus, (unsigned long)PRV_S << MSTATUS_MPP_SHIFT);      /* SPP = U, MPV = 0 */
	CHECK_EQ(c.hstatus, HSTATUS_SPV);                                   /* SPV = 1, SPVP = SPP = 0 */
	CHECK_EQ(c.sepc, 0x1000);
	sse_context_resume(&c, saved);
	CHECK_EQ(c.mstatus, orig.mstatus);
	CHECK_EQ(c.hstatus, orig.hstatus);
	CHECK_EQ(c.mepc, orig.mepc);
	CHECK_EQ(c.sepc, orig.sepc);

	/* VS-mode with SIE set: SPP = SPVP = 1, SPIE = 1. */
	c = (struct sse_cpu_context){
		.mstatus = ((unsigned long)PRV_S << MSTATUS_MPP_SHIFT) | MSTATUS_MPV | MSTATUS_SIE, .has_h = true,
	};
	orig = c;
	sse_context_enter(&c, saved, 1, 0x3000, 9);
	CHECK_EQ(c.mstatus, ((unsigned long)PRV_S << MSTATUS_MPP_SHIFT) | MSTATUS_SPP | MSTATUS_SPIE);
	CHECK_EQ(c.hstatus, HSTATUS_SPV | HSTATUS_SPVP);
	sse_context_resume(&c, saved);
	CHECK_EQ(c.mstatus, orig.mstatus);
	CHECK_EQ(c.hstatus, 0);

	/* HS-mode, H present: SPV cleared, SPVP kept (only set when SPV). */
	c = (struct sse_cpu_context){
		.mstatus = (unsigned long)PRV_S << MSTATUS_MPP_SHIFT, .hstatus = HSTATUS_SPV, .has_h = true,
	};
	sse_context_enter(&c, saved, 1, 0x3000, 9);
	CHECK_EQ(saved[SSE_INTERRUPTED_FLAGS], SBI_SSE_FLAG_HSTATUS_SPV);
	CHECK_EQ(c.hstatus, 0);
	sse_context_resume(&c, saved);
	CHECK_EQ(c.hstatus, HSTATUS_SPV);
	CHECK_EQ(c.mstatus & MSTATUS_MPV, 0);

	/* Without H, hstatus is never touched and the H flags read 0. */
	c = (struct sse_cpu_context){ .mstatus = 0, .hstatus = 0x5a5 };
	sse_context_enter(&c, saved, 1, 0x3000, 9);
	CHECK_EQ(c.hstatus, 0x5a5);
	CHECK_EQ(saved[SSE_INTERRUPTED_FLAGS], 0);
}

TEST(context_landing_pad_and_double_trap_bits)
{
	struct sse_cpu_context c = {
		.mstatus = ((unsigned long)PRV_S << MSTATUS_MPP_SHIFT) | MSTATUS_MPELP,
		.lp_active = true, .dt_active = true,
	}, orig = c;
	unsigned long saved[4];

	sse_context_enter(&c, saved, 1, 0x3000, 9);
	/* SPELP = the interrupted ELP, ELP for the handler = NO_LP_EXPECTED, SDT = 1. */
	CHECK_EQ(c.mstatus & (MSTATUS_SPELP | MSTATUS_MPELP | MSTATUS_SDT), MSTATUS_SPELP | MSTATUS_SDT);
	CHECK_EQ(saved[SSE_INTERRUPTED_FLAGS], 0);    /* SPELP and SDT were 0 before */
	/* A nested delivery saves SPELP = 1. */
	{
		struct sse_cpu_context n = c;
		unsigned long nested[4];
		n.mstatus = (n.mstatus & ~MSTATUS_MPP) | ((unsigned long)PRV_S << MSTATUS_MPP_SHIFT);
		sse_context_enter(&n, nested, 1, 0x3000, 9);
		CHECK_EQ(nested[SSE_INTERRUPTED_FLAGS],
			 SBI_SSE_FLAG_SSTATUS_SPP | SBI_SSE_FLAG_SSTATUS_SPELP | SBI_SSE_FLAG_SSTATUS_SDT);
	}
	sse_context_resume(&c, saved);
	CHECK_EQ(c.mstatus, orig.mstatus);
	/* SDT set when interrupted is saved and restored. */
	c.mstatus |= MSTATUS_SDT;
	sse_context_enter(&c, saved, 1, 0x3000, 9);
	CHECK(saved[SSE_INTERRUPTED_FLAGS] & SBI_SSE_FLAG_SSTATUS_SDT);
	sse_context_resume(&c, saved);
	CHECK(c.mstatus & MSTATUS_SDT);
	/* Extensions not available to S-mode: their bits are left alone and read 0. */
	c = (struct sse_cpu_context){ .mstatus = MSTATUS_SDT | MSTATUS_SPELP };
	sse_context_enter(&c, saved, 1, 0x3000, 9);
	CHECK_EQ(saved[SSE_INTERRUPTED_FLAGS], 0);
	CHECK_EQ(c.mstatus & (MSTATUS_SDT | MSTATUS_SPELP), MSTATUS_SDT | MSTATUS_SPELP);
}

TEST(complete_resumes_what_the_handler_wrote)
{
	struct hart_state *hs = on(0);
	struct sse_cpu_context ctx = smode_ctx(hs);

	CHECK_EQ(sbi_sse_hart_unmask(hs).error, 0);
	CHECK_EQ(reg_enable(hs, LOCAL_SW, 1), 0);
	CHECK_EQ(sbi_sse_inject(hs, LOCAL_SW, 0).error, 0);
	CHECK(sse_deliver(hs, &ctx));
	mem[0] = 0x80300000;
	mem[1] = SBI_SSE_FLAG_SSTATUS_SPP;
	mem[2] = 0x606;
	mem[3] = 0x707;
	CHECK_EQ(sbi_sse_write_attrs(hs, LOCAL_SW, SBI_SSE_ATTR_INTERRUPTED_SEPC, 4, (unsigned long)mem, 0).error, 0);
	CHECK(sbi_sse_complete(hs, &ctx));
	CHECK_EQ(ctx.sepc, 0x80300000);
	CHECK_EQ(ctx.a6, 0x606);
	CHECK_EQ(ctx.a7, 0x707);
	CHECK_EQ(ctx.mstatus & (MSTATUS_SPP | MSTATUS_SPIE | MSTATUS_SIE), MSTATUS_SPP | MSTATUS_SIE);
}

TEST(oneshot_completes_to_registered)
{
	struct hart_state *hs = on(0);
	struct sse_cpu_context ctx = smode_ctx(hs);

	CHECK_EQ(sbi_sse_hart_unmask(hs).error, 0);
	CHECK_EQ(sbi_sse_register(hs, LOCAL_SW, HANDLER_PC, 0).error, 0);
	CHECK_EQ(set_attr(hs, LOCAL_SW, SBI_SSE_ATTR_CONFIG, SBI_SSE_ATTR_CONFIG_ONESHOT), 0);
	CHECK_EQ(sbi_sse_enable(hs, LOCAL_SW).error, 0);
	CHECK_EQ(sbi_sse_inject(hs, LOCAL_SW, 0).error, 0);
	CHECK(sse_deliver(hs, &ctx));
	CHECK(sbi_sse_complete(hs, &ctx));
	CHECK_EQ(state(hs, LOCAL_SW), SBI_SSE_STATE_REGISTERED);
	/* Injected again while only registered: pending, delivered once enabled. */
	CHECK_EQ(sbi_sse_inject(hs, LOCAL_SW, 0).error, 0);
	CHECK(!hs->exit_work);
	CHECK(pending(hs, LOCAL_SW));
	CHECK_EQ(sbi_sse_enable(hs, LOCAL_SW).error, 0);
	CHECK(hs->exit_work);
}

TEST(masked_hart_holds_events_until_unmask)
{
	struct hart_state *hs = on(0);
	struct sse_cpu_context ctx = smode_ctx(hs);

	CHECK_EQ(sbi_sse_hart_mask(hs).error, SBI_ERR_ALREADY_STOPPED);     /* masked at boot */
	CHECK_EQ(reg_enable(hs, LOCAL_SW, 1), 0);
	CHECK_EQ(sbi_sse_inject(hs, LOCAL_SW, 0).error, 0);
	CHECK(!hs->exit_work);
	CHECK(!sse_deliver(hs, &ctx));
	CHECK_EQ(sbi_sse_hart_unmask(hs).error, SBI_SUCCESS);
	CHECK(hs->exit_work);
	CHECK_EQ(sbi_sse_hart_unmask(hs).error, SBI_ERR_ALREADY_STARTED);
	CHECK_EQ(sbi_sse_hart_mask(hs).error, SBI_SUCCESS);
	CHECK(!hs->exit_work);
	CHECK_EQ(sbi_sse_hart_mask(hs).error, SBI_ERR_ALREADY_STOPPED);
}

TEST(priorities_nesting_and_event_id_tie_break)
{
	struct hart_state *hs = on(0);
	struct sse_cpu_context ctx = smode_ctx(hs);

	CHECK_EQ(sbi_sse_hart_unmask(hs).error, 0);
	/* Same priority: the lower event_id (local 0xffff0000) wins over global. */
	CHECK_EQ(reg_enable(hs, LOCAL_SW, 1), 0);
	CHECK_EQ(reg_enable(hs, GLOBAL_SW, 2), 0);
	CHECK_EQ(sbi_sse_inject(hs, GLOBAL_SW, 0).error, 0);
	CHECK_EQ(sbi_sse_inject(hs, LOCAL_SW, 0).error, 0);
	CHECK(sse_deliver(hs, &ctx));
	CHECK_EQ(ctx.a7, 1);
	/* The global one is lower priority: it waits for the local one. */
	CHECK(!hs->exit_work);
	CHECK(pending(hs, GLOBAL_SW));
	CHECK(sbi_sse_complete(hs, &ctx));
	CHECK(hs->exit_work);
	CHECK(sse_deliver(hs, &ctx));
	CHECK_EQ(ctx.a7, 2);
	/* While the global one runs, the local one (higher) preempts it. */
	CHECK_EQ(sbi_sse_inject(hs, LOCAL_SW, 0).error, 0);
	CHECK(hs->exit_work);
	CHECK(sse_deliver(hs, &ctx));
	CHECK_EQ(ctx.a7, 1);
	CHECK_EQ(state(hs, GLOBAL_SW), SBI_SSE_STATE_RUNNING);
	CHECK_EQ(state(hs, LOCAL_SW), SBI_SSE_STATE_RUNNING);
	/* Completion goes to the highest running first, then back to the global handler. */
	CHECK(sbi_sse_complete(hs, &ctx));
	CHECK_EQ(state(hs, LOCAL_SW), SBI_SSE_STATE_ENABLED);
	CHECK_EQ(ctx.a7, 2);          /* the global handler's registers again */
	CHECK(sbi_sse_complete(hs, &ctx));
	CHECK_EQ(state(hs, GLOBAL_SW), SBI_SSE_STATE_ENABLED);
	CHECK_EQ(ctx.a7, 0x77);
}

TEST(priority_attribute_orders_delivery)
{
	struct hart_state *hs = on(0);
	struct sse_cpu_context ctx = smode_ctx(hs);

	CHECK_EQ(sbi_sse_hart_unmask(hs).error, 0);
	CHECK_EQ(sbi_sse_register(hs, LOCAL_SW, HANDLER_PC, 1).error, 0);
	CHECK_EQ(set_attr(hs, LOCAL_SW, SBI_SSE_ATTR_PRIORITY, 10), 0);
	CHECK_EQ(sbi_sse_enable(hs, LOCAL_SW).error, 0);
	CHECK_EQ(sbi_sse_register(hs, GLOBAL_SW, HANDLER_PC, 2).error, 0);
	CHECK_EQ(set_attr(hs, GLOBAL_SW, SBI_SSE_ATTR_PRIORITY, 5), 0);
	CHECK_EQ(sbi_sse_enable(hs, GLOBAL_SW).error, 0);
	CHECK_EQ(sbi_sse_inject(hs, LOCAL_SW, 0).error, 0);
	CHECK(sse_deliver(hs, &ctx));
	CHECK_EQ(ctx.a7, 1);
	/* Priority 5 beats the running priority 10. */
	CHECK_EQ(sbi_sse_inject(hs, GLOBAL_SW, 0).error, 0);
	CHECK(hs->exit_work);
	CHECK(sse_deliver(hs, &ctx));
	CHECK_EQ(ctx.a7, 2);
	/* The same event signalled while it runs waits for its completion. */
	CHECK_EQ(sbi_sse_inject(hs, GLOBAL_SW, 0).error, 0);
	CHECK(!hs->exit_work);
	CHECK(sbi_sse_complete(hs, &ctx));
	CHECK(hs->exit_work);
}

TEST(inject_errors)
{
	struct hart_state *hs = on(0);

	CHECK_EQ(sbi_sse_inject(hs, LOCAL_SW, 0).error, SBI_ERR_FAILED);      /* UNUSED */
	CHECK_EQ(sbi_sse_inject(hs, GLOBAL_SW, 0).error, SBI_ERR_FAILED);
	CHECK_EQ(sbi_sse_inject(hs, LOCAL_SW, 5).error, SBI_ERR_INVALID_PARAM);   /* no such hart */
	harts[2].features = 0;                                                      /* hart 2: no S-mode */
	CHECK_EQ(sbi_sse_inject(hs, LOCAL_SW, 2).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_sse_register(on(1), DBL_TRAP, HANDLER_PC, 0).error, 0);
	CHECK_EQ(sbi_sse_inject(on(0), DBL_TRAP, 1).error, SBI_ERR_INVALID_PARAM);   /* not injectable */
}

TEST(remote_local_injection_kicks_the_target)
{
	struct hart_state *h0 = on(0), *h3;
	struct sse_cpu_context ctx;

	h3 = on(3);
	CHECK_EQ(sbi_sse_hart_unmask(h3).error, 0);
	CHECK_EQ(reg_enable(h3, LOCAL_SW, 3), 0);
	on(0);
	CHECK_EQ(sbi_sse_inject(h0, LOCAL_SW, 64).error, SBI_SUCCESS);
	CHECK_EQ(kicks[3], 1);
	CHECK(!h0->exit_work);
	/* The target takes it at the IPI. */
	on(3);
	sse_ipi(h3, false);
	CHECK(h3->exit_work);
	ctx = smode_ctx(h3);
	CHECK(sse_deliver(h3, &ctx));
	CHECK_EQ(ctx.a6, 64);
	/* An injection racing with an unregister is dropped when the target looks. */
	CHECK(sbi_sse_complete(h3, &ctx));
	CHECK_EQ(sbi_sse_disable(h3, LOCAL_SW).error, 0);
	on(0);
	CHECK_EQ(sbi_sse_inject(h0, LOCAL_SW, 64).error, SBI_SUCCESS);
	on(3);
	CHECK_EQ(sbi_sse_unregister(h3, LOCAL_SW).error, 0);
	sse_ipi(h3, false);
	CHECK(!pending(h3, LOCAL_SW));
}

/*
 * Served from the machine software interrupt, an SSE IPI is done: the trap's
 * slow exit delivers. Served by an M-mode wait inside an ecall (whose fast
 * exit does not look at exit_work), it keeps the hart's IPI raised until the
 * ecall returns and the interrupt delivers; nothing ready, nothing kept.
 */
TEST(sse_ipi_served_inside_an_ecall_stays_raised)
{
	struct hart_state *h0 = on(0), *h3;

	h3 = on(3);
	CHECK_EQ(sbi_sse_hart_unmask(h3).error, 0);
	CHECK_EQ(reg_enable(h3, LOCAL_SW, 3), 0);
	on(0);
	CHECK_EQ(sbi_sse_inject(h0, LOCAL_SW, 64).error, SBI_SUCCESS);
	CHECK_EQ(kicks[3], 1);
	on(3);
	sse_ipi(h3, true);
	CHECK(h3->exit_work);
	CHECK_EQ(kicks[3], 2);          /* raised again, on itself */
	sse_ipi(h3, true);              /* the wait loop serves it again: still raised */
	CHECK_EQ(kicks[3], 3);
	sse_ipi(h3, false);             /* the interrupt: its exit delivers */
	CHECK_EQ(kicks[3], 3);
	/* Masked: nothing ready, nothing kept. */
	CHECK_EQ(sbi_sse_hart_mask(h3).error, 0);
	sse_ipi(h3, true);
	CHECK(!h3->exit_work);
	CHECK_EQ(kicks[3], 3);
}

/* ---- Global events ---- */

TEST(global_event_goes_to_its_preferred_hart)
{
	struct hart_state *h0 = on(0), *h2 = on(2);
	struct sse_cpu_context ctx = smode_ctx(h2);

	CHECK_EQ(sbi_sse_hart_unmask(h2).error, 0);
	on(0);
	CHECK_EQ(sbi_sse_hart_unmask(h0).error, 0);
	CHECK_EQ(sbi_sse_register(h0, GLOBAL_SW, HANDLER_PC, 8).error, 0);
	CHECK_EQ(set_attr(h0, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, 2), 0);
	CHECK_EQ(sbi_sse_enable(h0, GLOBAL_SW).error, 0);
	CHECK_EQ(sbi_sse_inject(h0, GLOBAL_SW, 0).error, 0);
	CHECK(!h0->exit_work);
	CHECK_EQ(kicks[2], 1);
	on(2);
	sse_ipi(h2, false);
	CHECK(h2->exit_work);
	CHECK(sse_deliver(h2, &ctx));
	CHECK_EQ(ctx.a6, 2);
	CHECK_EQ(state(h0, GLOBAL_SW), SBI_SSE_STATE_RUNNING);   /* one state for all harts */
	/* Hart 0 cannot complete hart 2's handler. */
	on(0);
	ctx = smode_ctx(h0);
	CHECK(!sbi_sse_complete(h0, &ctx));
	on(2);
	CHECK(sbi_sse_complete(h2, &ctx));
	CHECK_EQ(state(h0, GLOBAL_SW), SBI_SSE_STATE_ENABLED);
}

TEST(global_event_waits_for_its_masked_preferred_hart)
{
	struct hart_state *h0 = on(0), *h1 = on(1);
	struct sse_cpu_context ctx = smode_ctx(h0);

	CHECK_EQ(sbi_sse_hart_unmask(h1).error, 0);
	on(0);
	CHECK_EQ(reg_enable(h0, GLOBAL_SW, 8), 0);      /* preferred hart 0: masked */
	CHECK_EQ(sbi_sse_inject(h0, GLOBAL_SW, 1).error, 0);
	CHECK(!h0->exit_work);
	CHECK(pending(h0, GLOBAL_SW));
	/* Hart 1 takes events, but the client did not name it: no IPI, nothing ready. */
	for (unsigned int i = 0; i < HARTS; i++)
		CHECK_EQ(kicks[i], 0);
	on(1);
	sse_ipi(h1, false);
	CHECK(!h1->exit_work);
	CHECK_EQ(sbi_sse_hart_mask(h1).error, 0);
	CHECK_EQ(sbi_sse_hart_unmask(h1).error, 0);
	CHECK(!h1->exit_work);
	ctx = smode_ctx(h1);
	CHECK(!sse_deliver(h1, &ctx));
	/* Hart 0 unmasks: delivered there, on the way back from hart_unmask. */
	on(0);
	ctx = smode_ctx(h0);
	ctx.a6 = SBI_SSE_HART_UNMASK;
	CHECK_EQ(sbi_sse_hart_unmask(h0).error, 0);
	CHECK(h0->exit_work);
	CHECK(sse_deliver(h0, &ctx));
	CHECK_EQ(ctx.a6, 0);                              /* hart 0's ID */
	CHECK_EQ(ctx.a7, 8);
	CHECK_EQ(attr(h0, GLOBAL_SW, SBI_SSE_ATTR_INTERRUPTED_A6), SBI_SSE_HART_UNMASK);
	CHECK(!pending(h0, GLOBAL_SW));
	CHECK(sbi_sse_complete(h0, &ctx));
	CHECK_EQ(state(h1, GLOBAL_SW), SBI_SSE_STATE_ENABLED);
	CHECK_EQ(kicks[1], 0);
}

TEST(global_event_injected_elsewhere_for_a_masked_preferred_hart)
{
	struct hart_state *h0 = on(0), *h3 = on(3);
	struct sse_cpu_context ctx = smode_ctx(h3);

	on(0);
	CHECK_EQ(sbi_sse_hart_unmask(h0).error, 0);
	CHECK_EQ(sbi_sse_register(h0, GLOBAL_SW, HANDLER_PC, 5).error, 0);
	CHECK_EQ(set_attr(h0, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, 64), 0);
	CHECK_EQ(sbi_sse_enable(h0, GLOBAL_SW).error, 0);
	CHECK_EQ(sbi_sse_inject(h0, GLOBAL_SW, 0).error, 0);
	/* Hart 64 is masked: no IPI now (nothing it could do), none for the injector. */
	CHECK_EQ(kicks[3], 0);
	CHECK(!h0->exit_work);
	/* Its unmask routes the event to itself: ready without an IPI. */
	on(3);
	CHECK_EQ(sbi_sse_hart_unmask(h3).error, 0);
	CHECK(h3->exit_work);
	CHECK_EQ(kicks[3], 0);
	CHECK(sse_deliver(h3, &ctx));
	CHECK_EQ(ctx.a6, 64);
	CHECK(sbi_sse_complete(h3, &ctx));
	/* Unmasked now: the next injection from hart 0 goes to hart 64 by IPI. */
	on(0);
	CHECK_EQ(sbi_sse_inject(h0, GLOBAL_SW, 0).error, 0);
	CHECK_EQ(kicks[3], 1);
	CHECK(!h0->exit_work);
	on(3);
	sse_ipi(h3, false);
	CHECK(h3->exit_work);
}

TEST(masking_the_preferred_hart_keeps_the_event_there)
{
	struct hart_state *h0 = on(0), *h2 = on(2);
	struct sse_cpu_context ctx = smode_ctx(h2);

	CHECK_EQ(sbi_sse_hart_unmask(h2).error, 0);
	on(0);
	CHECK_EQ(sbi_sse_hart_unmask(h0).error, 0);
	CHECK_EQ(sbi_sse_register(h0, GLOBAL_SW, HANDLER_PC, 8).error, 0);
	CHECK_EQ(set_attr(h0, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, 2), 0);
	CHECK_EQ(sbi_sse_enable(h0, GLOBAL_SW).error, 0);
	CHECK_EQ(sbi_sse_inject(h0, GLOBAL_SW, 0).error, 0);
	CHECK_EQ(kicks[2], 1);
	/* Hart 2 masks before it looks at the IPI: the event stays its own. */
	on(2);
	CHECK_EQ(sbi_sse_hart_mask(h2).error, 0);
	sse_ipi(h2, false);
	CHECK(!h2->exit_work);
	CHECK_EQ(kicks[0] + kicks[1] + kicks[3], 0);
	on(0);
	CHECK_EQ(sbi_sse_inject(h0, GLOBAL_SW, 0).error, 0);   /* again: still pending, once */
	CHECK(!h0->exit_work);
	CHECK(pending(h0, GLOBAL_SW));
	on(2);
	CHECK_EQ(sbi_sse_hart_unmask(h2).error, 0);
	CHECK(h2->exit_work);
	CHECK(sse_deliver(h2, &ctx));
	CHECK(sbi_sse_complete(h2, &ctx));
	CHECK(!h2->exit_work);                             /* both injections: one delivery */
	CHECK(!pending(h2, GLOBAL_SW));
}

TEST(preferred_hart_is_what_was_written_and_a_hart_that_takes_events)
{
	struct hart_state *h0 = on(0);

	CHECK_EQ(set_attr(h0, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, 64), 0);
	for (unsigned int i = 0; i < HARTS; i++)
		CHECK_EQ(attr(on(i), GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART), 64);
	on(0);
	/* A stopped or stopping hart cannot take events: refused, nothing written. */
	harts[2].run_state = SBI_HSM_STATE_STOPPED;
	CHECK_EQ(set_attr(h0, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, 2), SBI_ERR_INVALID_PARAM);
	harts[2].run_state = SBI_HSM_STATE_STOP_PENDING;
	CHECK_EQ(set_attr(h0, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, 2), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(attr(h0, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART), 64);
	/* Started, starting, suspended: it runs S-mode (a suspended hart wakes for an event). */
	harts[2].run_state = SBI_HSM_STATE_START_PENDING;
	CHECK_EQ(set_attr(h0, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, 2), SBI_SUCCESS);
	harts[2].run_state = SBI_HSM_STATE_SUSPENDED;
	CHECK_EQ(set_attr(h0, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, 2), SBI_SUCCESS);
	harts[2].run_state = SBI_HSM_STATE_STARTED;
	/* A hart without S-mode (kept in M-mode) is not offered: refused. */
	harts[1].features &= ~HART_HAS_S;
	CHECK_EQ(set_attr(h0, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, 1), SBI_ERR_INVALID_PARAM);
	/* IDs that name no hart, also with bits above the hart's ID. */
	CHECK_EQ(set_attr(h0, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, 3), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(set_attr(h0, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, (1UL << 32) | 64), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(attr(h0, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART), 2);
	/* The preferred hart stops: the attribute still reads what the client wrote. */
	on(2);
	harts[2].run_state = SBI_HSM_STATE_STOP_PENDING;
	sse_hart_reset(&harts[2]);
	harts[2].run_state = SBI_HSM_STATE_STOPPED;
	CHECK_EQ(attr(on(0), GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART), 2);
}

TEST(disable_keeps_a_global_event_pending)
{
	struct hart_state *h0 = on(0);

	CHECK_EQ(sbi_sse_hart_unmask(h0).error, 0);
	CHECK_EQ(reg_enable(h0, GLOBAL_SW, 8), 0);
	CHECK_EQ(sbi_sse_inject(h0, GLOBAL_SW, 0).error, 0);
	CHECK(h0->exit_work);
	CHECK_EQ(sbi_sse_disable(h0, GLOBAL_SW).error, 0);
	CHECK(!h0->exit_work);
	CHECK(pending(h0, GLOBAL_SW));
	CHECK_EQ(sbi_sse_enable(h0, GLOBAL_SW).error, 0);
	CHECK(h0->exit_work);
	/* Unregister drops it. */
	CHECK_EQ(sbi_sse_disable(h0, GLOBAL_SW).error, 0);
	CHECK_EQ(sbi_sse_unregister(h0, GLOBAL_SW).error, 0);
	CHECK(!pending(h0, GLOBAL_SW));
}

TEST(hart_reset_resets_local_events_and_keeps_global_ones_for_the_hart)
{
	struct hart_state *h0 = on(0), *h2 = on(2);
	struct sse_cpu_context ctx = smode_ctx(h2);

	CHECK_EQ(sbi_sse_hart_unmask(h2).error, 0);
	CHECK_EQ(reg_enable(h2, LOCAL_SW, 1), 0);
	CHECK_EQ(set_attr(h2, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, 2), 0);
	CHECK_EQ(reg_enable(h2, GLOBAL_SW, 2), 0);
	CHECK_EQ(sbi_sse_inject(h2, GLOBAL_SW, 0).error, 0);
	CHECK(sse_deliver(h2, &ctx));
	CHECK_EQ(sbi_sse_inject(h2, GLOBAL_SW, 0).error, 0);       /* again, while it runs */
	/* Hart 2 stops (HSM) with the handler running; hart 0 takes events. */
	on(0);
	CHECK_EQ(sbi_sse_hart_unmask(h0).error, 0);
	on(2);
	harts[2].run_state = SBI_HSM_STATE_STOP_PENDING;
	sse_hart_reset(h2);
	harts[2].run_state = SBI_HSM_STATE_STOPPED;
	CHECK_EQ(state(h2, LOCAL_SW), SBI_SSE_STATE_UNUSED);
	CHECK_EQ(attr(h2, LOCAL_SW, SBI_SSE_ATTR_ENTRY_ARG), 0);
	CHECK_EQ(sbi_sse_hart_mask(h2).error, SBI_ERR_ALREADY_STOPPED);      /* masked again */
	CHECK(!h2->exit_work);
	CHECK_EQ(h2->ext->sse.global_targeted, 0);
	/* The handler died with the hart: done. The second injection waits for hart 2. */
	on(0);
	CHECK_EQ(state(h0, GLOBAL_SW), SBI_SSE_STATE_ENABLED);
	CHECK(pending(h0, GLOBAL_SW));
	CHECK_EQ(attr(h0, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART), 2);      /* not rewritten */
	for (unsigned int i = 0; i < HARTS; i++)
		CHECK_EQ(kicks[i], 0);
	sse_ipi(h0, false);
	CHECK(!h0->exit_work);
	CHECK_EQ(sbi_sse_inject(h0, GLOBAL_SW, 0).error, 0);       /* injected while it is stopped */
	CHECK(!h0->exit_work);
	CHECK_EQ(kicks[2], 0);
	/* Started again (masked, as at boot); its unmask delivers the event there. */
	harts[2].run_state = SBI_HSM_STATE_STARTED;
	on(2);
	ctx = smode_ctx(h2);
	CHECK(!sse_deliver(h2, &ctx));
	CHECK_EQ(sbi_sse_hart_unmask(h2).error, 0);
	CHECK(h2->exit_work);
	CHECK(sse_deliver(h2, &ctx));
	CHECK_EQ(ctx.a6, 2);
	CHECK(sbi_sse_complete(h2, &ctx));
	CHECK(!pending(h2, GLOBAL_SW));
}

TEST(client_moves_a_global_event_off_a_stopped_hart)
{
	struct hart_state *h0 = on(0), *h1 = on(1);
	struct sse_cpu_context ctx = smode_ctx(h1);

	CHECK_EQ(sbi_sse_hart_unmask(h1).error, 0);
	on(0);
	CHECK_EQ(sbi_sse_register(h0, GLOBAL_SW, HANDLER_PC, 3).error, 0);
	CHECK_EQ(set_attr(h0, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, 2), 0);
	CHECK_EQ(sbi_sse_enable(h0, GLOBAL_SW).error, 0);
	CHECK_EQ(sbi_sse_inject(h0, GLOBAL_SW, 0).error, 0);       /* hart 2 masked: waits */
	harts[2].run_state = SBI_HSM_STATE_STOPPED;
	/* The client names another hart (disable, write, enable): the event goes there. */
	CHECK_EQ(sbi_sse_disable(h0, GLOBAL_SW).error, 0);
	CHECK_EQ(set_attr(h0, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, 2), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(set_attr(h0, GLOBAL_SW, SBI_SSE_ATTR_PREFERRED_HART, 1), 0);
	CHECK_EQ(sbi_sse_enable(h0, GLOBAL_SW).error, 0);
	CHECK_EQ(kicks[1], 1);
	on(1);
	sse_ipi(h1, false);
	CHECK(sse_deliver(h1, &ctx));
	CHECK_EQ(ctx.a6, 1);
}

/* ---- PMU overflow and double trap ---- */

TEST(pmu_event_takes_lcofi_while_enabled)
{
	struct hart_state *hs = on(0);
	struct sse_cpu_context ctx = smode_ctx(hs);

	mie_lcofie[0] = true;                 /* S-mode had sie.LCOFIE set */
	CHECK_EQ(sbi_sse_register(hs, PMU_OVF, HANDLER_PC, 0).error, 0);
	CHECK(!lcofi_mmode[0]);
	CHECK_EQ(sbi_sse_enable(hs, PMU_OVF).error, 0);
	CHECK(lcofi_mmode[0]);
	CHECK_EQ(sbi_sse_hart_unmask(hs).error, 0);
	sse_pmu_overflow(hs);
	CHECK_EQ(lcofi_acks[0], 1);
	CHECK(hs->exit_work);
	CHECK(sse_deliver(hs, &ctx));
	CHECK(lcofi_mmode[0]);                /* RUNNING: still M-mode's */
	sse_pmu_overflow(hs);                 /* again while it runs: pending */
	CHECK(!hs->exit_work);
	CHECK(sbi_sse_complete(hs, &ctx));
	CHECK(hs->exit_work);
	CHECK(sse_deliver(hs, &ctx));
	CHECK(sbi_sse_complete(hs, &ctx));
	CHECK_EQ(sbi_sse_disable(hs, PMU_OVF).error, 0);
	CHECK(!lcofi_mmode[0]);
	CHECK(mie_lcofie[0]);                 /* S-mode's enable bit back */
}

TEST(pmu_event_oneshot_and_reset_give_lcofi_back)
{
	struct hart_state *hs = on(1);
	struct sse_cpu_context ctx = smode_ctx(hs);

	CHECK_EQ(sbi_sse_register(hs, PMU_OVF, HANDLER_PC, 0).error, 0);
	CHECK_EQ(set_attr(hs, PMU_OVF, SBI_SSE_ATTR_CONFIG, SBI_SSE_ATTR_CONFIG_ONESHOT), 0);
	CHECK_EQ(sbi_sse_enable(hs, PMU_OVF).error, 0);
	CHECK_EQ(sbi_sse_hart_unmask(hs).error, 0);
	sse_pmu_overflow(hs);
	CHECK(sse_deliver(hs, &ctx));
	CHECK(sbi_sse_complete(hs, &ctx));
	CHECK(!lcofi_mmode[1]);
	CHECK_EQ(sbi_sse_enable(hs, PMU_OVF).error, 0);
	CHECK(lcofi_mmode[1]);
	sse_hart_reset(hs);
	CHECK(!lcofi_mmode[1]);
}

TEST(double_trap_needs_an_enabled_handler)
{
	struct hart_state *hs = on(1);

	CHECK(!sse_double_trap(hs));
	CHECK_EQ(reg_enable(hs, DBL_TRAP, 0), 0);
	CHECK(!sse_double_trap(hs));            /* masked */
	CHECK_EQ(sbi_sse_hart_unmask(hs).error, 0);
	CHECK(sse_double_trap(hs));
	CHECK(hs->exit_work);
	CHECK(!sse_double_trap(on(0)));          /* no Ssdbltrp there */
	/* A double trap inside the double-trap handler has no handler left: the hart stops. */
	{
		struct sse_cpu_context ctx = smode_ctx(hs);

		CHECK(sse_deliver(hs, &ctx));
		CHECK_EQ(state(hs, DBL_TRAP), SBI_SSE_STATE_RUNNING);
		CHECK(!sse_double_trap(hs));
		CHECK(sbi_sse_complete(hs, &ctx));
		CHECK(sse_double_trap(hs));      /* enabled again */
	}
}

/* ---- Injections racing a hart's stop ---- */

static struct sse_event *local_sw_of(unsigned int hart)
{
	return &exts[hart].sse.local[SSE_LOCAL_SOFTWARE];
}

/*
 * The stop drops what was pending, and an injection answers as of the stop:
 * SUCCESS before it, FAILED after it (a stopped hart's hart_id is valid:
 * never INVALID_PARAM), and one that read the event before the stop never
 * lands in the next registration, after a restart or a re-register.
 */
TEST(injection_from_before_a_stop_never_reaches_the_next_start)
{
	struct hart_state *h0 = on(0), *h1 = on(1);
	struct sse_event *e = local_sw_of(1);
	struct sse_cpu_context ctx = smode_ctx(h1);
	unsigned long seen;

	CHECK_EQ(reg_enable(h1, LOCAL_SW, 1), 0);                 /* masked: injections wait */
	on(0);
	CHECK_EQ(sbi_sse_inject(h0, LOCAL_SW, 1).error, SBI_SUCCESS);
	on(1);
	sse_ipi(h1, false);
	CHECK(pending(h1, LOCAL_SW));
	seen = sse_status(e);                                      /* an injector reads the word ... */
	harts[1].run_state = SBI_HSM_STATE_STOP_PENDING;
	sse_hart_reset(h1);                                        /* ... the hart stops ... */
	harts[1].run_state = SBI_HSM_STATE_STOPPED;
	CHECK(!pending(h1, LOCAL_SW));
	CHECK_EQ(attr(h1, LOCAL_SW, SBI_SSE_ATTR_STATUS), SBI_SSE_ATTR_STATUS_INJECT);   /* UNUSED, injectable */
	on(0);
	CHECK_EQ(sbi_sse_inject(h0, LOCAL_SW, 1).error, SBI_ERR_FAILED);
	/* ... starts again, registers, enables and unmasks ... */
	harts[1].run_state = SBI_HSM_STATE_STARTED;
	on(1);
	CHECK_EQ(reg_enable(h1, LOCAL_SW, 2), 0);
	CHECK_EQ(sbi_sse_hart_unmask(h1).error, 0);
	/* ... and the injector sets the bit only now: too late, FAILED, nothing runs. */
	CHECK(!sse_status_inject(e, seen));
	CHECK(!pending(h1, LOCAL_SW));
	CHECK(!h1->exit_work);
	CHECK(!sse_deliver(h1, &ctx));
	/* One that reads the word now lands. */
	CHECK(sse_status_inject(e, sse_status(e)));
	CHECK(pending(h1, LOCAL_SW));
	/* The same across an unregister and a register again. */
	CHECK(sse_deliver(h1, &ctx));
	CHECK(sbi_sse_complete(h1, &ctx));
	CHECK_EQ(sbi_sse_disable(h1, LOCAL_SW).error, 0);
	seen = sse_status(e);
	CHECK_EQ(sbi_sse_unregister(h1, LOCAL_SW).error, 0);
	CHECK_EQ(reg_enable(h1, LOCAL_SW, 3), 0);
	CHECK(!sse_status_inject(e, seen));
	CHECK(!pending(h1, LOCAL_SW));
	/* An injection that finds the bit already set in its registration succeeds. */
	seen = sse_status(e);
	CHECK(sse_status_inject(e, seen));
	CHECK(sse_status_inject(e, seen));
	CHECK(pending(h1, LOCAL_SW));
}

/* The target thread of the race below: hart 1 starts, takes events and stops, over and over. */
struct stop_race {
	volatile int stop;
	unsigned long starts, runs, errors;
};

static void *stop_race_target(void *p)
{
	struct stop_race *r = p;
	struct hart_state *h1 = &harts[1];

	while (!__atomic_load_n(&r->stop, __ATOMIC_ACQUIRE)) {
		struct sse_cpu_context ctx = smode_ctx(h1);

		r->errors += reg_enable(h1, LOCAL_SW, r->starts) != 0;
		r->errors += sbi_sse_hart_unmask(h1).error != 0;
		sse_ipi(h1, false);
		if (h1->exit_work && sse_deliver(h1, &ctx)) {
			r->runs++;
			r->errors += !sbi_sse_complete(h1, &ctx);
		}
		__atomic_store_n(&h1->run_state, SBI_HSM_STATE_STOP_PENDING, __ATOMIC_RELEASE);
		sse_hart_reset(h1);
		__atomic_store_n(&h1->run_state, SBI_HSM_STATE_STARTED, __ATOMIC_RELEASE);
		r->starts++;
	}
	return NULL;
}

static double seconds_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

/*
 * Hart 2 injects into hart 1 while hart 1 (another thread) starts and stops
 * as fast as it can: every answer is SUCCESS or FAILED, never another code
 * (a reset that zeroed the event before setting it up again made injectors
 * see a non-injectable event: INVALID_PARAM). The threads run for a time
 * bound, until the injector has seen the answer change at enough stops.
 */
TEST(injection_racing_a_stop_is_success_or_failed)
{
	struct stop_race race = { 0 };
	struct hart_state *h2 = &harts[2];
	unsigned long answers[3] = { 0 }, flips = 0, other = 0;
	long last = SBI_SUCCESS, other_error = 0;
	double end = seconds_now() + 2.0;
	pthread_t thread;

	CHECK_EQ(pthread_create(&thread, NULL, stop_race_target, &race), 0);
	while (seconds_now() < end && flips < 20000) {
		for (int i = 0; i < 1000; i++) {
			long err = sbi_sse_inject(h2, LOCAL_SW, 1).error;

			if (err == SBI_SUCCESS || err == SBI_ERR_FAILED) {
				answers[err == SBI_SUCCESS]++;
				flips += err != last;
				last = err;
			} else {
				other++;
				other_error = err;
			}
		}
	}
	__atomic_store_n(&race.stop, 1, __ATOMIC_RELEASE);
	pthread_join(thread, NULL);
	printf("  stop race: %lu starts, %lu runs, %lu SUCCESS, %lu FAILED, %lu answer changes, %lu others (last %ld)\n",
	       race.starts, race.runs, answers[1], answers[0], flips, other, other_error);
	CHECK_EQ(other, 0);
	CHECK_EQ(race.errors, 0);
	CHECK(answers[0] > 0 && answers[1] > 0);
}

int main(void)
{
	ram = aligned_alloc(4096, RAM_SIZE);
	RUN(reserved_ids_are_invalid_param_everywhere);
	RUN(unsupported_and_platform_ids_are_not_supported);
	RUN(pmu_and_double_trap_events_follow_the_hart);
	RUN(state_machine_transitions_and_their_errors);
	RUN(running_event_rejects_every_transition_but_complete);
	RUN(register_checks_pc_alignment_and_address);
	RUN(attribute_reset_values);
	RUN(attribute_ranges_counts_and_memory);
	RUN(read_writes_only_its_values_at_offsets_from_zero);
	RUN(read_only_attributes_are_denied);
	RUN(priority_config_preferred_hart_values_and_states);
	RUN(write_first_error_in_attribute_order_and_nothing_written);
	RUN(interrupted_attributes_only_while_running_on_this_hart);
	RUN(delivery_enters_handler_as_the_chapter_says);
	RUN(context_from_umode_and_vs_mode_with_h);
	RUN(context_landing_pad_and_double_trap_bits);
	RUN(complete_resumes_what_the_handler_wrote);
	RUN(oneshot_completes_to_registered);
	RUN(masked_hart_holds_events_until_unmask);
	RUN(priorities_nesting_and_event_id_tie_break);
	RUN(priority_attribute_orders_delivery);
	RUN(inject_errors);
	RUN(remote_local_injection_kicks_the_target);
	RUN(sse_ipi_served_inside_an_ecall_stays_raised);
	RUN(global_event_goes_to_its_preferred_hart);
	RUN(global_event_waits_for_its_masked_preferred_hart);
	RUN(global_event_injected_elsewhere_for_a_masked_preferred_hart);
	RUN(masking_the_preferred_hart_keeps_the_event_there);
	RUN(preferred_hart_is_what_was_written_and_a_hart_that_takes_events);
	RUN(disable_keeps_a_global_event_pending);
	RUN(hart_reset_resets_local_events_and_keeps_global_ones_for_the_hart);
	RUN(client_moves_a_global_event_off_a_stopped_hart);
	RUN(pmu_event_takes_lcofi_while_enabled);
	RUN(pmu_event_oneshot_and_reset_give_lcofi_back);
	RUN(double_trap_needs_an_enabled_handler);
	RUN(injection_from_before_a_stop_never_reaches_the_next_start);
	RUN(injection_racing_a_stop_is_success_or_failed);
	free(ram);
	return TEST_EXIT_CODE;
}
#include "hart.h"
struct hart_state *host_current_hart;
