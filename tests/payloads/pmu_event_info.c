/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU extension, event_get_info (FID 8, Tables 18 and 19): a table of
 * supported and unsupported events on QEMU virt, where only the output
 * words may change; and every error, after which nothing is written.
 */
#include "pmu_util.h"

struct event_info {
	uint32_t event_idx;
	uint32_t output;
	uint64_t event_data;
};
_Static_assert(sizeof(struct event_info) == SBI_PMU_EVENT_INFO_ENTRY_SIZE, "Table 18 entry");

#define OUTPUT_UNTOUCHED 0xdeadbeefu

static const struct { uint32_t event_idx; uint64_t event_data; uint32_t supported; } table[] = {
	{ EV_HW(SBI_PMU_HW_CPU_CYCLES), 0, 1 },
	{ EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0, 1 },
	{ EV_HW(SBI_PMU_HW_NO_EVENT), 0, 0 },
	{ EV_HW(SBI_PMU_HW_CACHE_REFERENCES), 0, 0 },
	{ EV_HW(SBI_PMU_HW_CACHE_MISSES), 0, 0 },
	{ EV_HW(SBI_PMU_HW_BRANCH_INSTRUCTIONS), 0, 0 },
	{ EV_HW(SBI_PMU_HW_BRANCH_MISSES), 0, 0 },
	{ EV_HW(SBI_PMU_HW_BUS_CYCLES), 0, 0 },
	{ EV_HW(SBI_PMU_HW_STALLED_CYCLES_FRONTEND), 0, 0 },
	{ EV_HW(SBI_PMU_HW_STALLED_CYCLES_BACKEND), 0, 0 },
	{ EV_HW(SBI_PMU_HW_REF_CPU_CYCLES), 0, 0 },
	{ EV_HW(11), 0, 0 },
	{ EV_DTLB_READ_MISS, 0, 1 },
	{ EV_DTLB_WRITE_MISS, 0, 1 },
	{ EV_ITLB_READ_MISS, 0, 1 },
	{ EV_CACHE(SBI_PMU_HW_CACHE_L1D, SBI_PMU_HW_CACHE_OP_READ, 0), 0, 0 },
	{ EV_CACHE(SBI_PMU_HW_CACHE_ITLB, SBI_PMU_HW_CACHE_OP_READ, 0), 0, 0 },
	{ EV_RAW, 0x2, 0 },
	{ EV_RAW_V2, 0x2, 0 },
	{ EV_FW(SBI_PMU_FW_MISALIGNED_LOAD), 0, 1 },
	{ EV_FW(SBI_PMU_FW_SET_TIMER), 0, 1 },
	{ EV_FW(SBI_PMU_FW_HFENCE_VVMA_ASID_RECEIVED), 0, 1 },
	{ EV_FW(22), 0, 0 },
	{ EV_FW(256), 0, 0 },
	{ EV_FW(0xfffe), 0, 0 },
	{ EV_FW(SBI_PMU_FW_PLATFORM), QEMU_FW_PLATFORM_CONSOLE_BYTES, 1 },
	{ EV_FW(SBI_PMU_FW_PLATFORM), 2, 0 },
	{ EV_FW(SBI_PMU_FW_PLATFORM), 0, 0 },
	{ 4UL << 16 | 1, 0, 0 },
	{ 14UL << 16 | 1, 0, 0 },
};
#define TABLE_SIZE (sizeof(table) / sizeof(table[0]))

/* Entries with a guard entry before and after, so stray writes show. */
static struct event_info buffer[TABLE_SIZE + 2] __attribute__((aligned(PMU_PAGE_SIZE)));
static struct event_info *const entries = &buffer[1];

static void fill(void)
{
	for (unsigned int i = 0; i < TABLE_SIZE + 2; i++) {
		buffer[i].event_idx = 0x12345;
		buffer[i].output = OUTPUT_UNTOUCHED;
		buffer[i].event_data = 0x1122334455667788UL;
	}
	for (unsigned int i = 0; i < TABLE_SIZE; i++) {
		entries[i].event_idx = table[i].event_idx;
		entries[i].event_data = table[i].event_data;
	}
	__asm__ volatile("fence" ::: "memory");
}

/* Everything as fill() left it, but the outputs of the first n entries. */
static unsigned int buffer_changes(unsigned int n)
{
	unsigned int bad = 0;

	for (unsigned int i = 0; i < TABLE_SIZE + 2; i++) {
		bool entry = i >= 1 && i <= TABLE_SIZE;
		uint32_t idx = entry ? table[i - 1].event_idx : 0x12345;
		uint64_t data = entry ? table[i - 1].event_data : 0x1122334455667788UL;
		bool output_may_change = entry && i - 1 < n;

		if (buffer[i].event_idx != idx || buffer[i].event_data != data ||
		    (!output_may_change && buffer[i].output != OUTPUT_UNTOUCHED)) {
			if (bad++ < 4)
				printf("  buffer[%u] changed: idx 0x%x output 0x%x data 0x%lx\n", i,
				       buffer[i].event_idx, buffer[i].output,
				       (unsigned long)buffer[i].event_data);
		}
	}
	return bad;
}

static struct sbiret get_info(const void *p, unsigned long n, unsigned long flags)
{
	return sbi_pmu_event_get_info((unsigned long)p, 0, n, flags);
}

static void check_table(void)
{
	struct sbiret ret;

	fill();
	ret = get_info(entries, TABLE_SIZE, 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	for (unsigned int i = 0; i < TABLE_SIZE; i++) {
		/* Table 18: the whole 32-bit word, bit 0 = supported, the rest 0. */
		if (!CHECK_EQ(entries[i].output, table[i].supported))
			printf("  event 0x%x data 0x%lx: output 0x%x\n", table[i].event_idx,
			       (unsigned long)table[i].event_data, entries[i].output);
	}
	CHECK_EQ(buffer_changes(TABLE_SIZE), 0);

	/* Only num_entries entries are read and written. */
	fill();
	CHECK_EQ(get_info(entries, 3, 0).error, SBI_SUCCESS);
	CHECK_EQ(entries[0].output, 1);
	CHECK_EQ(entries[2].output, 0);
	CHECK_EQ(buffer_changes(3), 0);

	/* One entry, the last of the table. */
	fill();
	CHECK_EQ(get_info(&entries[TABLE_SIZE - 1], 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(entries[TABLE_SIZE - 1].output, 0);
	entries[TABLE_SIZE - 1].output = OUTPUT_UNTOUCHED;
	CHECK_EQ(buffer_changes(0), 0);

	/* num_entries 0: success, nothing touched. */
	fill();
	CHECK_EQ(get_info(entries, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(buffer_changes(0), 0);
}

static void check_errors(void)
{
	struct pmu_memory_layout mem;

	pmu_memory_layout(&mem);

	/* Table 19: flags must be zero. */
	fill();
	CHECK_EQ(get_info(entries, TABLE_SIZE, 1).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(get_info(entries, TABLE_SIZE, 1UL << 63).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(get_info(entries, 0, 1).error, SBI_ERR_INVALID_PARAM);
	/* shmem_phys_lo 16-byte aligned. */
	CHECK_EQ(get_info((const char *)entries + 8, 2, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(get_info((const char *)entries + 4, 2, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(get_info((const char *)entries + 1, 2, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(buffer_changes(0), 0);

	/* A reserved bit (20..31) in any event_idx word: nothing is written. */
	for (unsigned int bit = 20; bit < 32; bit += 11) {
		fill();
		entries[TABLE_SIZE - 1].event_idx |= 1u << bit;
		CHECK_EQ(get_info(entries, TABLE_SIZE, 0).error, SBI_ERR_INVALID_PARAM);
		for (unsigned int i = 0; i < TABLE_SIZE; i++)
			CHECK_EQ(entries[i].output, OUTPUT_UNTOUCHED);
		entries[TABLE_SIZE - 1].event_idx &= ~(1u << bit);
		CHECK_EQ(buffer_changes(0), 0);
	}

	/* Memory S-mode cannot hand over. */
	const struct { unsigned long lo, hi, n; const char *what; } bad[] = {
		{ mem.fw_base, 0, 1, "firmware start" },
		{ mem.fw_base + mem.fw_size - 16, 0, 1, "firmware end" },
		{ mem.fw_base + mem.fw_size - 16, 0, 2, "firmware end and beyond" },
		{ QEMU_UART_MMIO, 0, 1, "UART MMIO" },
		{ 0, 0, 1, "address 0" },
		{ mem.ram_end, 0, 1, "RAM end" },
		{ mem.ram_end - 16, 0, 2, "across RAM end" },
		{ ~0UL - 15, 0, 2, "wrapping" },
		{ ~0UL - 15, 0, 1, "top 16 bytes" },
		{ (unsigned long)entries, 0, 1UL << 59, "huge" },
		{ (unsigned long)entries, 1, 1, "hi = 1" },
	};
	for (unsigned int i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct sbiret ret = sbi_pmu_event_get_info(bad[i].lo, bad[i].hi, bad[i].n, 0);

		if (!CHECK_EQ(ret.error, SBI_ERR_INVALID_ADDRESS))
			printf("  event_get_info(0x%lx, 0x%lx, %lu) [%s] = %ld\n", bad[i].lo, bad[i].hi,
			       bad[i].n, bad[i].what, ret.error);
	}
	CHECK_EQ(buffer_changes(0), 0);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)hartid, (void)dtb;
	test_start("pmu_event_info");
	trap_catch_install(NULL);
	pmu_probe_sscofpmf();
	check_table();
	check_errors();
}
