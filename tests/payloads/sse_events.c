/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE extension, the contract of each function (SSE chapter): event IDs and
 * their error codes, the upper 32 bits of uint32_t parameters, every
 * attribute with its reset value, access rule and errors, attribute shared
 * memory, the state machine's errors, injection errors, masking, and
 * sbi_sse_complete with nothing running. Delivery itself: sse_delivery.c.
 * Prints SSE-PMU-yes|no: whether the PMU overflow event exists (Sscofpmf).
 */
#include "pmu_util.h"
#include "sse.h"

#define LOCAL_SW  SBI_SSE_EVENT_LOCAL_SOFTWARE
#define GLOBAL_SW SBI_SSE_EVENT_GLOBAL_SOFTWARE
#define PMU_OVF   SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW
#define FW_BASE   0x80000000UL
#define HI32      (1UL << 32)

static unsigned long buf[16] __attribute__((aligned(16)));
static unsigned long hartid;

static const unsigned long reserved_ids[] = {
	0x2, 0x3fff, 0x8001, 0xbfff, 0x10001, 0x13fff, 0x18000, 0x1bfff, 0x20000, 0xf0000,
	0x100001, 0x108001, 0x110000, 0xfffe0000, 0xffff0001, 0xffff3fff, 0xffff8001, 0xffffbfff,
};
/* Valid IDs Abacus does not offer on QEMU: RAS, double trap, platform-specific. */
static const unsigned long unsupported_ids[] = {
	SBI_SSE_EVENT_LOCAL_HIGH_PRIO_RAS, SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP, SBI_SSE_EVENT_GLOBAL_HIGH_PRIO_RAS,
	SBI_SSE_EVENT_LOCAL_LOW_PRIO_RAS, SBI_SSE_EVENT_GLOBAL_LOW_PRIO_RAS, 0x4000, 0x7fff, 0xc000, 0xffff,
	0x14000, 0x1c000, 0x104000, 0x10c000, 0xffff4000, 0xffff7fff, 0xffffc000, 0xffffffff,
};

static void check_all_functions(unsigned long id, long err)
{
	buf[0] = 0;
	CHECK_EQ(sbi_sse_read_attrs(id, 0, 1, (unsigned long)buf, 0).error, err);
	CHECK_EQ(sbi_sse_write_attrs(id, SBI_SSE_ATTR_PRIORITY, 1, (unsigned long)buf, 0).error, err);
	CHECK_EQ(sbi_sse_register(id, (unsigned long)sse_entry, 0).error, err);
	CHECK_EQ(sbi_sse_unregister(id).error, err);
	CHECK_EQ(sbi_sse_enable(id).error, err);
	CHECK_EQ(sbi_sse_disable(id).error, err);
	CHECK_EQ(sbi_sse_inject(id, hartid).error, err);
}

static void check_event_ids(bool has_pmu)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(reserved_ids); i++)
		check_all_functions(reserved_ids[i], SBI_ERR_INVALID_PARAM);
	for (unsigned int i = 0; i < ARRAY_SIZE(unsupported_ids); i++)
		check_all_functions(unsupported_ids[i], SBI_ERR_NOT_SUPPORTED);
	if (!has_pmu)
		check_all_functions(PMU_OVF, SBI_ERR_NOT_SUPPORTED);
	/* event_id is a uint32_t: bits 63:32 are ignored. */
	CHECK_EQ(sbi_sse_read_attrs(HI32 | LOCAL_SW, 0, 1, (unsigned long)buf, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_read_attrs(HI32 | 0x2, 0, 1, (unsigned long)buf, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_ecall(SBI_EXT_SSE, 10, 0, 0, 0, 0, 0, 0).error, SBI_ERR_NOT_SUPPORTED);
}

static void check_mask_state(void)
{
	/* Masked at boot (SSE chapter, sbi_sse_hart_unmask). */
	CHECK_EQ(sbi_sse_hart_mask().error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(sbi_sse_hart_unmask().error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_hart_unmask().error, SBI_ERR_ALREADY_STARTED);
	CHECK_EQ(sbi_sse_hart_mask().error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_hart_mask().error, SBI_ERR_ALREADY_STOPPED);
}

static void check_reset_values(unsigned long id, bool global)
{
	unsigned long all[SBI_SSE_ATTR_COUNT];

	CHECK_EQ(sbi_sse_read_attrs(id, 0, SBI_SSE_ATTR_COUNT, (unsigned long)all, 0).error, SBI_SUCCESS);
	for (unsigned int i = 0; i < SBI_SSE_ATTR_COUNT; i++) {
		unsigned long one = sse_attr(id, i);
		CHECK_EQ(one, all[i]);                    /* one at a time = all at once */
		if (i == SBI_SSE_ATTR_STATUS)
			CHECK_EQ(one, SBI_SSE_ATTR_STATUS_INJECT);   /* UNUSED, not pending, injectable */
		else if (i == SBI_SSE_ATTR_PREFERRED_HART)
			CHECK(global || one == hartid);
		else
			CHECK_EQ(one, 0);
	}
}

static void check_attribute_rules(unsigned long id, bool global)
{
	unsigned long s = (unsigned long)buf;

	/* Read-only attributes. */
	CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_STATUS, 0), SBI_ERR_DENIED);
	CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_ENTRY_PC, (unsigned long)sse_entry), SBI_ERR_DENIED);
	CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_ENTRY_ARG, 0), SBI_ERR_DENIED);
	/* Values. */
	CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_PRIORITY, HI32), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_PRIORITY, 0xffffffff), SBI_SUCCESS);
	CHECK_EQ(sse_attr(id, SBI_SSE_ATTR_PRIORITY), 0xffffffff);
	CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_PRIORITY, 0), SBI_SUCCESS);
	CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_CONFIG, ~SBI_SSE_ATTR_CONFIG_ONESHOT), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_CONFIG, 2), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_CONFIG, SBI_SSE_ATTR_CONFIG_ONESHOT), SBI_SUCCESS);
	CHECK_EQ(sse_attr(id, SBI_SSE_ATTR_CONFIG), SBI_SSE_ATTR_CONFIG_ONESHOT);
	CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_CONFIG, 0), SBI_SUCCESS);
	if (global) {
		CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_PREFERRED_HART, 0xffffffff), SBI_ERR_INVALID_PARAM);
		CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_PREFERRED_HART, HI32 | hartid), SBI_ERR_INVALID_PARAM);
		CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_PREFERRED_HART, hartid), SBI_SUCCESS);
		CHECK_EQ(sse_attr(id, SBI_SSE_ATTR_PREFERRED_HART), hartid);
	} else {
		CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_PREFERRED_HART, hartid), SBI_ERR_DENIED);
	}
	/* Interrupted state: only while RUNNING. */
	for (unsigned long a = SBI_SSE_ATTR_INTERRUPTED_SEPC; a <= SBI_SSE_ATTR_INTERRUPTED_A7; a++)
		CHECK_EQ(sse_attr_set(id, a, 1), SBI_ERR_INVALID_STATE);
	/* Counts, ranges, memory. */
	CHECK_EQ(sbi_sse_read_attrs(id, 0, 0, s, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_sse_write_attrs(id, SBI_SSE_ATTR_PRIORITY, 0, s, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_sse_read_attrs(id, SBI_SSE_ATTR_COUNT, 1, s, 0).error, SBI_ERR_BAD_RANGE);
	CHECK_EQ(sbi_sse_read_attrs(id, SBI_SSE_ATTR_INTERRUPTED_A7, 2, s, 0).error, SBI_ERR_BAD_RANGE);
	CHECK_EQ(sbi_sse_read_attrs(id, 0xffffffff, 2, s, 0).error, SBI_ERR_BAD_RANGE);
	CHECK_EQ(sbi_sse_write_attrs(id, SBI_SSE_ATTR_COUNT, 1, s, 0).error, SBI_ERR_BAD_RANGE);
	CHECK_EQ(sbi_sse_read_attrs(id, 0, 1, s + 1, 0).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_sse_read_attrs(id, 0, 1, s + 4, 0).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_sse_write_attrs(id, SBI_SSE_ATTR_PRIORITY, 1, s + 4, 0).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_sse_read_attrs(id, 0, 1, s, 1).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_sse_read_attrs(id, 0, 1, FW_BASE, 0).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_sse_read_attrs(id, 0, 1, FW_BASE + 0x1000, 0).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_sse_write_attrs(id, SBI_SSE_ATTR_PRIORITY, 1, FW_BASE + 0x1000, 0).error,
		 SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_sse_read_attrs(id, 0, 1, QEMU_UART_MMIO, 0).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_sse_read_attrs(id, 0, 2, QEMU_RAM_END - 8, 0).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_sse_read_attrs(id, 0, 1, QEMU_RAM_END - 8, 0).error, SBI_SUCCESS);
	/* attr_id and attr_count are uint32_t: bits 63:32 are ignored. */
	CHECK_EQ(sbi_sse_read_attrs(id, HI32 | SBI_SSE_ATTR_PRIORITY, HI32 | 1, s, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_read_attrs(id, 0, HI32, s, 0).error, SBI_ERR_INVALID_PARAM);   /* a count of 0 */
}

/* Only the bytes of the attributes asked for are written, value i at offset 8 * i. */
static void check_read_footprint(unsigned long id)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(buf); i++)
		buf[i] = 0x5a5a5a5a5a5a5a5aUL;
	CHECK_EQ(sbi_sse_read_attrs(id, SBI_SSE_ATTR_PRIORITY, 3, (unsigned long)&buf[2], 0).error, SBI_SUCCESS);
	CHECK_EQ(buf[1], 0x5a5a5a5a5a5a5a5aUL);
	CHECK_EQ(buf[2], 0);                                     /* PRIORITY */
	CHECK_EQ(buf[3], 0);                                     /* CONFIG */
	CHECK(buf[4] != 0x5a5a5a5a5a5a5a5aUL);                   /* PREFERRED_HART */
	CHECK_EQ(buf[5], 0x5a5a5a5a5a5a5a5aUL);
}

/* The first error in attribute order is returned, and then nothing is written. */
static void check_write_is_all_or_nothing(unsigned long id)
{
	buf[0] = 7;                                   /* PRIORITY: fine */
	buf[1] = 6;                                   /* CONFIG: reserved bits */
	CHECK_EQ(sbi_sse_write_attrs(id, SBI_SSE_ATTR_PRIORITY, 2, (unsigned long)buf, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sse_attr(id, SBI_SSE_ATTR_PRIORITY), 0);
	buf[0] = 0;                                   /* STATUS: read-only */
	buf[1] = HI32;                                /* PRIORITY: bad value */
	CHECK_EQ(sbi_sse_write_attrs(id, SBI_SSE_ATTR_STATUS, 2, (unsigned long)buf, 0).error, SBI_ERR_DENIED);
	buf[0] = HI32;
	buf[1] = 0;
	buf[2] = hartid;
	buf[3] = 0;                                   /* ENTRY_PC: read-only, after a bad PRIORITY */
	CHECK_EQ(sbi_sse_write_attrs(id, SBI_SSE_ATTR_PRIORITY, 4, (unsigned long)buf, 0).error, SBI_ERR_INVALID_PARAM);
	buf[0] = 3;
	buf[1] = SBI_SSE_ATTR_CONFIG_ONESHOT;
	CHECK_EQ(sbi_sse_write_attrs(id, SBI_SSE_ATTR_PRIORITY, 2, (unsigned long)buf, 0).error, SBI_SUCCESS);
	CHECK_EQ(sse_attr(id, SBI_SSE_ATTR_PRIORITY), 3);
	CHECK_EQ(sse_attr(id, SBI_SSE_ATTR_CONFIG), SBI_SSE_ATTR_CONFIG_ONESHOT);
	buf[0] = 0;
	buf[1] = 0;
	CHECK_EQ(sbi_sse_write_attrs(id, SBI_SSE_ATTR_PRIORITY, 2, (unsigned long)buf, 0).error, SBI_SUCCESS);
}

static void check_state_machine(unsigned long id, bool global)
{
	unsigned long pc = (unsigned long)sse_entry;

	CHECK_EQ(sse_state(id), SBI_SSE_STATE_UNUSED);
	CHECK_EQ(sbi_sse_unregister(id).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_enable(id).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_disable(id).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_inject(id, hartid).error, SBI_ERR_FAILED);     /* nobody registered */
	/* handler_entry_pc: 2-byte aligned, S-mode memory. */
	CHECK_EQ(sbi_sse_register(id, pc + 1, 0).error, SBI_ERR_INVALID_PARAM);
	/* An entry S-mode could not run (satp Bare: firmware, MMIO, past RAM): the
	 * register table's INVALID_PARAM, not INVALID_ADDRESS (docs/sbi3.md). */
	CHECK_EQ(sbi_sse_register(id, FW_BASE, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_sse_register(id, FW_BASE + 0x800, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_sse_register(id, QEMU_UART_MMIO, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_sse_register(id, QEMU_RAM_END, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sse_state(id), SBI_SSE_STATE_UNUSED);
	CHECK_EQ(sbi_sse_register(id, pc, 0x1234).error, SBI_SUCCESS);
	CHECK_EQ(sse_state(id), SBI_SSE_STATE_REGISTERED);
	CHECK_EQ(sse_attr(id, SBI_SSE_ATTR_ENTRY_PC), pc);
	CHECK_EQ(sse_attr(id, SBI_SSE_ATTR_ENTRY_ARG), 0x1234);
	CHECK_EQ(sbi_sse_register(id, pc, 0).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_disable(id).error, SBI_ERR_INVALID_STATE);
	/* PRIORITY, CONFIG (and a global PREFERRED_HART) settle in REGISTERED... */
	CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_PRIORITY, 1), SBI_SUCCESS);
	CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_CONFIG, 0), SBI_SUCCESS);
	if (global)
		CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_PREFERRED_HART, hartid), SBI_SUCCESS);
	CHECK_EQ(sbi_sse_enable(id).error, SBI_SUCCESS);
	CHECK_EQ(sse_state(id), SBI_SSE_STATE_ENABLED);
	/* ... not once ENABLED. */
	CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_PRIORITY, 2), SBI_ERR_INVALID_STATE);
	CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_CONFIG, 1), SBI_ERR_INVALID_STATE);
	if (global)
		CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_PREFERRED_HART, hartid), SBI_ERR_INVALID_STATE);
	CHECK_EQ(sse_attr(id, SBI_SSE_ATTR_PRIORITY), 1);
	CHECK_EQ(sbi_sse_enable(id).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_register(id, pc, 0).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_unregister(id).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_disable(id).error, SBI_SUCCESS);
	CHECK_EQ(sse_state(id), SBI_SSE_STATE_REGISTERED);
	/* Injected while only registered (hart masked anyway): pending, not run. */
	CHECK_EQ(sbi_sse_inject(id, hartid).error, SBI_SUCCESS);
	CHECK(sse_attr(id, SBI_SSE_ATTR_STATUS) & SBI_SSE_ATTR_STATUS_PENDING);
	CHECK_EQ(sbi_sse_unregister(id).error, SBI_SUCCESS);
	CHECK_EQ(sse_attr(id, SBI_SSE_ATTR_STATUS), SBI_SSE_ATTR_STATUS_INJECT);   /* UNUSED, pending dropped */
	CHECK_EQ(sse_attr_set(id, SBI_SSE_ATTR_PRIORITY, 0), SBI_SUCCESS);
}

static void check_inject_errors(void)
{
	CHECK_EQ(sbi_sse_register(LOCAL_SW, (unsigned long)sse_entry, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_inject(LOCAL_SW, 9999).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_sse_inject(LOCAL_SW, -1UL).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_sse_inject(LOCAL_SW, HI32 | hartid).error, SBI_ERR_INVALID_PARAM);  /* hart_id is an unsigned long */
	CHECK_EQ(sbi_sse_unregister(LOCAL_SW).error, SBI_SUCCESS);
	/* A global event ignores hart_id. */
	CHECK_EQ(sbi_sse_register(GLOBAL_SW, (unsigned long)sse_entry, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_inject(GLOBAL_SW, 9999).error, SBI_SUCCESS);
	CHECK(sse_attr(GLOBAL_SW, SBI_SSE_ATTR_STATUS) & SBI_SSE_ATTR_STATUS_PENDING);
	CHECK_EQ(sbi_sse_unregister(GLOBAL_SW).error, SBI_SUCCESS);
}

static void check_complete_with_nothing_running(void)
{
	struct sbiret ret = sbi_sse_complete();

	CHECK_EQ(ret.error, SBI_SUCCESS);
}

void payload_main(unsigned long id, unsigned long dtb)
{
	bool has_pmu;

	(void)dtb;
	hartid = id;
	test_start("sse_events");
	trap_catch_install(NULL);
	has_pmu = pmu_probe_sscofpmf();
	printf("SSE-PMU-%s\n", has_pmu ? "yes" : "no");
	CHECK_EQ(sbi_probe_extension(SBI_EXT_SSE).value, 1);
	check_mask_state();
	check_event_ids(has_pmu);
	check_reset_values(LOCAL_SW, false);
	check_reset_values(GLOBAL_SW, true);
	if (has_pmu)
		check_reset_values(PMU_OVF, false);
	check_attribute_rules(LOCAL_SW, false);
	check_attribute_rules(GLOBAL_SW, true);
	if (has_pmu)
		check_attribute_rules(PMU_OVF, false);
	check_read_footprint(LOCAL_SW);
	check_write_is_all_or_nothing(LOCAL_SW);
	check_write_is_all_or_nothing(GLOBAL_SW);
	check_state_machine(LOCAL_SW, false);
	check_state_machine(GLOBAL_SW, true);
	if (has_pmu)
		check_state_machine(PMU_OVF, false);
	check_inject_errors();
	check_complete_with_nothing_running();
}
