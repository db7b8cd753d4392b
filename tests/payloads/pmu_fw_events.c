/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU extension, firmware events (Table 6) read with counter_fw_read
 * (FID 5): all 22 standard events are counted at once, one firmware counter
 * each, while the test makes a known number of each kind of call or trap;
 * every counter must then hold exactly its own number. Then QEMU virt's
 * platform event (SBI_PMU_FW_PLATFORM, event_data 1): bytes written to the
 * console.
 */
#include "pmu_util.h"

static unsigned long counter_of[SBI_PMU_FW_EVENT_COUNT];
static unsigned long expected[SBI_PMU_FW_EVENT_COUNT];

/* Instructions that trap to M-mode and come back to S-mode as the same exception. */
static void illegal_instruction(void)
{
	/* csrrw zero, cycle, zero: a write to a read-only CSR; 4 bytes. */
	__asm__ volatile(".4byte 0xc0001073" ::: "memory");
}

static void load_from(unsigned long addr)
{
	unsigned long v;

	__asm__ volatile(".option push\n.option norvc\nld %0, 0(%1)\n.option pop"
			 : "=r"(v) : "r"(addr) : "memory");
}

static void store_to(unsigned long addr)
{
	__asm__ volatile(".option push\n.option norvc\nsd zero, 0(%0)\n.option pop"
			 : : "r"(addr) : "memory");
}

static void start_all_standard_events(void)
{
	pmu_reset_all();
	for (unsigned long code = 0; code < SBI_PMU_FW_EVENT_COUNT; code++) {
		struct sbiret ret = sbi_pmu_counter_config_matching(
			FW_FIRST, FW_MASK >> FW_FIRST,
			SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START, EV_FW(code), 0);

		CHECK_EQ(ret.error, SBI_SUCCESS);
		CHECK_EQ(ret.value, FW_FIRST + code);
		counter_of[code] = ret.value;
		expected[code] = 0;
	}
}

static void check_all_counts(const char *after)
{
	for (unsigned long code = 0; code < SBI_PMU_FW_EVENT_COUNT; code++) {
		struct sbiret ret = sbi_pmu_counter_fw_read(counter_of[code]);

		if (!CHECK_EQ(ret.error, SBI_SUCCESS) || !CHECK_EQ(ret.value, expected[code]))
			printf("  after %s: firmware event %lu counted %lu, expected %lu\n", after, code,
			       ret.value, expected[code]);
		ret = sbi_pmu_counter_fw_read_hi(counter_of[code]);
		CHECK_EQ(ret.error, SBI_SUCCESS);
		CHECK_EQ(ret.value, 0);
	}
}

static void check_standard_events(void)
{
	unsigned long self = current_hartid();
	unsigned long self_mask = 1UL << self;   /* QEMU virt hartids are < 64 here */
	struct pmu_memory_layout mem;

	pmu_memory_layout(&mem);
	start_all_standard_events();
	check_all_counts("nothing");

	/* Timer: 10 through the TIME extension, 3 through legacy SET_TIMER. */
	for (int i = 0; i < 10; i++)
		CHECK_EQ(sbi_set_timer(~0UL).error, SBI_SUCCESS);
	for (int i = 0; i < 3; i++)
		CHECK_EQ(sbi_legacy_set_timer(~0UL), 0);
	expected[SBI_PMU_FW_SET_TIMER] += 13;
	check_all_counts("set_timer");

	/* IPIs to this hart: each one sent and received (the S-mode IPI stays masked). */
	for (int i = 0; i < 5; i++)
		CHECK_EQ(sbi_send_ipi(1, self).error, SBI_SUCCESS);
	CHECK_EQ(sbi_send_ipi(self_mask, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_legacy_send_ipi(&self_mask), 0);
	/* Every started hart: only this one is (the others are parked, STOPPED). */
	CHECK_EQ(sbi_send_ipi(0, -1UL).error, SBI_SUCCESS);
	expected[SBI_PMU_FW_IPI_SENT] += 8;
	expected[SBI_PMU_FW_IPI_RECEIVED] += 8;
	csr_clear(sip, SIP_SSIP);
	/* A call that fails sends nothing. */
	CHECK_EQ(sbi_send_ipi(1, 0x100000).error, SBI_ERR_INVALID_PARAM);
	check_all_counts("send_ipi");

	/* Remote fences on this hart: sent and received each time. */
	for (int i = 0; i < 4; i++)
		CHECK_EQ(sbi_remote_fence_i(1, self).error, SBI_SUCCESS);
	CHECK_EQ(sbi_legacy_remote_fence_i(&self_mask), 0);
	expected[SBI_PMU_FW_FENCE_I_SENT] += 5;
	expected[SBI_PMU_FW_FENCE_I_RECEIVED] += 5;
	for (int i = 0; i < 3; i++)
		CHECK_EQ(sbi_remote_sfence_vma(1, self, 0, 4096).error, SBI_SUCCESS);
	CHECK_EQ(sbi_remote_sfence_vma(1, self, 0, ~0UL).error, SBI_SUCCESS);
	expected[SBI_PMU_FW_SFENCE_VMA_SENT] += 4;
	expected[SBI_PMU_FW_SFENCE_VMA_RECEIVED] += 4;
	for (int i = 0; i < 2; i++)
		CHECK_EQ(sbi_remote_sfence_vma_asid(1, self, 0, 4096, 1).error, SBI_SUCCESS);
	expected[SBI_PMU_FW_SFENCE_VMA_ASID_SENT] += 2;
	expected[SBI_PMU_FW_SFENCE_VMA_ASID_RECEIVED] += 2;
	/* QEMU's default rv64 CPU has the H extension, so the HFENCEs exist. */
	CHECK_EQ(sbi_remote_hfence_gvma(1, self, 0, 4096).error, SBI_SUCCESS);
	expected[SBI_PMU_FW_HFENCE_GVMA_SENT] += 1;
	expected[SBI_PMU_FW_HFENCE_GVMA_RECEIVED] += 1;
	for (int i = 0; i < 2; i++)
		CHECK_EQ(sbi_remote_hfence_gvma_vmid(1, self, 0, 4096, 1).error, SBI_SUCCESS);
	expected[SBI_PMU_FW_HFENCE_GVMA_VMID_SENT] += 2;
	expected[SBI_PMU_FW_HFENCE_GVMA_VMID_RECEIVED] += 2;
	for (int i = 0; i < 3; i++)
		CHECK_EQ(sbi_remote_hfence_vvma(1, self, 0, 4096).error, SBI_SUCCESS);
	expected[SBI_PMU_FW_HFENCE_VVMA_SENT] += 3;
	expected[SBI_PMU_FW_HFENCE_VVMA_RECEIVED] += 3;
	for (int i = 0; i < 4; i++)
		CHECK_EQ(sbi_remote_hfence_vvma_asid(1, self, 0, 4096, 1).error, SBI_SUCCESS);
	expected[SBI_PMU_FW_HFENCE_VVMA_ASID_SENT] += 4;
	expected[SBI_PMU_FW_HFENCE_VVMA_ASID_RECEIVED] += 4;
	check_all_counts("remote fences");

	/* Traps the firmware sees and hands back to S-mode. */
	trap_catch_begin();
	for (int i = 0; i < 6; i++)
		illegal_instruction();
	CHECK_EQ(trap_catch_end(), 6);
	CHECK_EQ(trap_catch.last_cause, SCAUSE_ILLEGAL_INSN);
	expected[SBI_PMU_FW_ILLEGAL_INSN] += 6;
	/* The firmware region (PMP) and an address with no device behind it. */
	trap_catch_begin();
	load_from(mem.fw_base);
	load_from(0);
	load_from(8);
	CHECK_EQ(trap_catch_end(), 3);
	CHECK_EQ(trap_catch.last_cause, 5);   /* load access fault */
	expected[SBI_PMU_FW_ACCESS_LOAD] += 3;
	trap_catch_begin();
	store_to(0);
	store_to(16);
	CHECK_EQ(trap_catch_end(), 2);
	CHECK_EQ(trap_catch.last_cause, 7);   /* store/AMO access fault */
	expected[SBI_PMU_FW_ACCESS_STORE] += 2;
	check_all_counts("traps");

	/* Stopped counters keep their counts while the events go on. */
	CHECK_EQ(sbi_pmu_counter_stop(FW_FIRST, FW_MASK >> FW_FIRST & ((1UL << SBI_PMU_FW_EVENT_COUNT) - 1),
				      0).error, SBI_SUCCESS);
	sbi_set_timer(~0UL);
	CHECK_EQ(sbi_send_ipi(1, self).error, SBI_SUCCESS);
	csr_clear(sip, SIP_SSIP);
	check_all_counts("stop");
	pmu_reset_all();
}

static void check_platform_console_bytes(void)
{
	static const char text[] = "PMU platform event: console bytes\n";
	struct sbiret ret;
	unsigned long c, before, after;

	pmu_reset_all();
	ret = sbi_pmu_counter_config_matching(FW_FIRST, FW_MASK >> FW_FIRST,
					      SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START,
					      EV_FW(SBI_PMU_FW_PLATFORM), QEMU_FW_PLATFORM_CONSOLE_BYTES);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	c = ret.value;

	/* No printf between the two reads: every byte written is one of these. */
	before = sbi_pmu_counter_fw_read(c).value;
	ret = sbi_debug_console_write(sizeof(text) - 1, (unsigned long)text, 0);
	unsigned long written = ret.value;
	sbi_debug_console_write_byte('>');
	sbi_debug_console_write_byte('\n');
	sbi_legacy_console_putchar('<');
	sbi_legacy_console_putchar('<');
	sbi_legacy_console_putchar('\n');
	after = sbi_pmu_counter_fw_read(c).value;
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK_EQ(written, sizeof(text) - 1);
	if (!CHECK_EQ(after - before, written + 5))
		printf("  console bytes counted %lu, written %lu\n", after - before, written + 5);

	/* Stopped: frozen while more is written. */
	CHECK_EQ(sbi_pmu_counter_stop(c, 1, 0).error, SBI_SUCCESS);
	before = sbi_pmu_counter_fw_read(c).value;
	printf("this line is not counted\n");
	CHECK_EQ(sbi_pmu_counter_fw_read(c).value, before);
	/* Two counters for the same platform event count the same bytes. */
	ret = sbi_pmu_counter_config_matching(FW_FIRST, FW_MASK >> FW_FIRST,
					      SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START,
					      EV_FW(SBI_PMU_FW_PLATFORM), QEMU_FW_PLATFORM_CONSOLE_BYTES);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	CHECK(ret.value != c);
	CHECK_EQ(sbi_pmu_counter_start(c, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 0).error, SBI_SUCCESS);
	sbi_debug_console_write(sizeof(text) - 1, (unsigned long)text, 0);
	CHECK_EQ(sbi_pmu_counter_fw_read(c).value, sizeof(text) - 1);
	CHECK_EQ(sbi_pmu_counter_fw_read(ret.value).value, sizeof(text) - 1);
	pmu_reset_all();
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)hartid, (void)dtb;
	test_start("pmu_fw_events");
	trap_catch_install(NULL);
	pmu_probe_sscofpmf();
	check_standard_events();
	check_platform_console_bytes();
}
