/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU extension, the snapshot shared memory: snapshot_set_shmem (FID 7,
 * Table 17) and the Table 16 layout as counter_stop TAKE_SNAPSHOT writes it
 * and counter_start INIT_SNAPSHOT reads it. The page is filled with a
 * pattern first: only the overflow bitmap and the slots of the counters
 * named (relative to counter_idx_base) may change, and only in the calls
 * with a snapshot flag.
 *
 * The firmware offers the memory only when asked (docs/pmu.md): the cases
 * run with the DT's /chosen/abacus,pmu-snapshot (dt=pmu-snapshot) or an
 * image built with PMU_SNAPSHOT=y. The property is the firmware's: the DT
 * S-mode gets does not have it.
 */
#include <libfdt.h>
#include "pmu_util.h"

DEFINE_PMU_PAGE(snapshot_page);
DEFINE_PMU_PAGE(other_page);

#define WORDS (PMU_PAGE_SIZE / 8)
#define OVERFLOW_WORD 0
#define SLOT(i) (1 + (i))   /* counter_values[i] */

static uint64_t pattern(unsigned int word)
{
	return 0xa5a5a5a500000000UL | word;
}

static void fill(uint64_t *page)
{
	for (unsigned int i = 0; i < WORDS; i++)
		page[i] = pattern(i);
	__asm__ volatile("fence" ::: "memory");
}

/* Every word not in expect_changed still holds the pattern; returns how many differ. */
static unsigned int page_changes(const volatile uint64_t *page, uint64_t expect_changed_words)
{
	unsigned int bad = 0;

	for (unsigned int i = 0; i < WORDS; i++) {
		if (i < 64 && (expect_changed_words & (1UL << i)))
			continue;
		if (page[i] != pattern(i)) {
			if (bad++ < 4)
				printf("  word %u of the page changed: 0x%lx\n", i, (unsigned long)page[i]);
		}
	}
	return bad;
}

static unsigned long addr(const void *p)
{
	return (unsigned long)p;   /* satp = 0: virtual == physical */
}

static unsigned long config_fw(unsigned long code)
{
	struct sbiret ret = sbi_pmu_counter_config_matching(FW_FIRST, FW_MASK >> FW_FIRST,
							    SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_FW(code), 0);

	CHECK_EQ(ret.error, SBI_SUCCESS);
	return ret.value;
}

static void check_set_shmem_errors(void)
{
	struct pmu_memory_layout mem;
	unsigned long page = addr(snapshot_page);

	pmu_memory_layout(&mem);
	fill(snapshot_page);

	/* Table 17: flags must be zero; lo must be 4 KiB aligned. */
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(page, 0, 1).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(page, 0, 1UL << 63).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 1).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(page + 8, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(page + 16, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(page + 2048, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(~0UL, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(mem.fw_base + 8, 0, 0).error, SBI_ERR_INVALID_PARAM);

	/* Memory S-mode cannot hand over: firmware, MMIO, no RAM, wrapping, above 2^64. */
	static const char *const what[] = {
		"firmware start", "firmware last page", "UART MMIO", "address 0", "RAM end",
		"top page", "hi = 1", "hi = ~0",
	};
	const unsigned long lo[] = {
		mem.fw_base, mem.fw_base + mem.fw_size - PMU_PAGE_SIZE, QEMU_UART_MMIO, 0,
		mem.ram_end, ~0UL - PMU_PAGE_SIZE + 1, page, 0,
	};
	const unsigned long hi[] = { 0, 0, 0, 0, 0, 0, 1, ~0UL };
	for (unsigned int i = 0; i < sizeof(lo) / sizeof(lo[0]); i++) {
		struct sbiret ret = sbi_pmu_snapshot_set_shmem(lo[i], hi[i], 0);

		if (!CHECK_EQ(ret.error, SBI_ERR_INVALID_ADDRESS))
			printf("  set_shmem(0x%lx, 0x%lx) [%s] = %ld\n", lo[i], hi[i], what[i], ret.error);
	}
	/* None of that enabled anything. */
	CHECK_EQ(sbi_pmu_counter_stop(0, 0, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_ERR_NO_SHMEM);

	/* Setting it touches nothing in the page (accessed only by start/stop with the flags). */
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(page, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(page_changes(snapshot_page, 0), 0);
	/* A later failed call leaves the memory set: snapshots still land in the page. */
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(mem.fw_base, 0, 0).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_pmu_counter_stop(0, 0, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);

	/* Both halves all-ones: disabled. */
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_stop(0, 0, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_ERR_NO_SHMEM);
	CHECK_EQ(sbi_pmu_counter_start(0, 0, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0).error, SBI_ERR_NO_SHMEM);
	/* Disabling twice is fine. */
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0).error, SBI_SUCCESS);
}

static void check_firmware_counter_round_trip(void)
{
	unsigned long timer, ipi;
	volatile uint64_t *page = snapshot_page;

	pmu_reset_all();
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(addr(snapshot_page), 0, 0).error, SBI_SUCCESS);
	timer = config_fw(SBI_PMU_FW_SET_TIMER);
	ipi = config_fw(SBI_PMU_FW_IPI_SENT);
	CHECK_EQ(timer, FW_FIRST);
	CHECK_EQ(ipi, FW_FIRST + 1);

	/* Start and stop without the flags do not touch the page. */
	fill(snapshot_page);
	CHECK_EQ(sbi_pmu_counter_start(timer, 3, 0, 0).error, SBI_SUCCESS);
	sbi_set_timer(~0UL);
	sbi_set_timer(~0UL);
	CHECK_EQ(sbi_send_ipi(1, current_hartid()).error, SBI_SUCCESS);
	csr_clear(sip, SIP_SSIP);
	CHECK_EQ(sbi_pmu_counter_stop(timer, 3, 0).error, SBI_SUCCESS);
	CHECK_EQ(page_changes(page, 0), 0);

	/* TAKE_SNAPSHOT with base = timer: slots 0 and 1, and the overflow bitmap (0: no hardware). */
	CHECK_EQ(sbi_pmu_counter_start(timer, 3, 0, 0).error, SBI_SUCCESS);
	sbi_set_timer(~0UL);
	CHECK_EQ(sbi_pmu_counter_stop(timer, 3, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
	CHECK_EQ(page[OVERFLOW_WORD], 0);
	CHECK_EQ(page[SLOT(0)], 3);
	CHECK_EQ(page[SLOT(1)], 1);
	CHECK_EQ(page_changes(page, (1UL << OVERFLOW_WORD) | (1UL << SLOT(0)) | (1UL << SLOT(1))), 0);

	/* Slots are relative to counter_idx_base: base timer - 5 puts them in slots 5 and 6. */
	fill(snapshot_page);
	CHECK_EQ(sbi_pmu_counter_start(timer, 3, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_stop(timer - 5, 3UL << 5, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error,
		 SBI_SUCCESS);
	CHECK_EQ(page[OVERFLOW_WORD], 0);
	CHECK_EQ(page[SLOT(5)], 3);
	CHECK_EQ(page[SLOT(6)], 1);
	CHECK_EQ(page_changes(page, (1UL << OVERFLOW_WORD) | (1UL << SLOT(5)) | (1UL << SLOT(6))), 0);
	/* Only the stopped counter of a set with one: slot of ipi only. */
	fill(snapshot_page);
	CHECK_EQ(sbi_pmu_counter_start(ipi, 1, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_stop(ipi, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
	CHECK_EQ(page[SLOT(0)], 1);
	CHECK_EQ(page_changes(page, (1UL << OVERFLOW_WORD) | (1UL << SLOT(0))), 0);

	/* INIT_SNAPSHOT: each counter starts from its slot; the page is only read. */
	fill(snapshot_page);
	page[SLOT(0)] = 5000;
	page[SLOT(1)] = 7000;
	CHECK_EQ(sbi_pmu_counter_start(timer, 3, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_fw_read(timer).value, 5000);
	CHECK_EQ(sbi_pmu_counter_fw_read(ipi).value, 7000);
	sbi_set_timer(~0UL);
	CHECK_EQ(sbi_pmu_counter_fw_read(timer).value, 5001);
	CHECK_EQ(page[SLOT(0)], 5000);
	CHECK_EQ(page[SLOT(1)], 7000);
	CHECK_EQ(page_changes(page, (1UL << SLOT(0)) | (1UL << SLOT(1))), 0);
	/* ...relative to the base as well. */
	CHECK_EQ(sbi_pmu_counter_stop(timer, 3, 0).error, SBI_SUCCESS);
	page[SLOT(9)] = 42;
	CHECK_EQ(sbi_pmu_counter_start(ipi - 9, 1UL << 9, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0).error,
		 SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_fw_read(ipi).value, 42);
	CHECK_EQ(sbi_pmu_counter_fw_read(timer).value, 5001);
	/* Both start flags at once: INVALID_PARAM even with the memory set. */
	CHECK_EQ(sbi_pmu_counter_start(timer, 1, SBI_PMU_START_FLAG_INIT_SNAPSHOT |
				       SBI_PMU_START_FLAG_SET_INIT_VALUE, 0).error, SBI_ERR_INVALID_PARAM);

	/* A new page: snapshots go there, the old one is left alone. */
	fill(snapshot_page);
	fill(other_page);
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(addr(other_page), 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_stop(ipi, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
	CHECK_EQ(other_page[SLOT(0)], 42);
	CHECK_EQ(page_changes(other_page, (1UL << OVERFLOW_WORD) | (1UL << SLOT(0))), 0);
	CHECK_EQ(page_changes(snapshot_page, 0), 0);

	/* Disabled: NO_SHMEM, and neither page is touched. */
	fill(other_page);
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_stop(timer, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_ERR_NO_SHMEM);
	CHECK_EQ(sbi_pmu_counter_start(ipi, 1, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0).error, SBI_ERR_NO_SHMEM);
	CHECK_EQ(page_changes(other_page, 0), 0);
	CHECK_EQ(page_changes(snapshot_page, 0), 0);
	pmu_reset_all();
}

#define INIT_VALUE (1UL << 40)

static void check_hardware_counter_round_trip(bool sscofpmf)
{
	volatile uint64_t *page = snapshot_page;
	unsigned long h, value;
	uint64_t t0, t1;
	struct sbiret ret;

	pmu_reset_all();
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(addr(snapshot_page), 0, 0).error, SBI_SUCCESS);
	ret = sbi_pmu_counter_config_matching(QEMU_HPM_FIRST, QEMU_HPM_MASK >> QEMU_HPM_FIRST, 0,
					      EV_HW(SBI_PMU_HW_INSTRUCTIONS), 0);
	CHECK_EQ(ret.error, SBI_SUCCESS);
	h = ret.value;

	/* TAKE_SNAPSHOT: the slot holds the value the stopped counter keeps. */
	fill(snapshot_page);
	t0 = rdtime();
	CHECK_EQ(sbi_pmu_counter_start(h, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, INIT_VALUE).error,
		 SBI_SUCCESS);
	delay_us(COUNTING_WAIT_US);
	CHECK_EQ(sbi_pmu_counter_stop(h, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error, SBI_SUCCESS);
	t1 = rdtime();
	value = page[SLOT(0)];
	CHECK(value >= INIT_VALUE + COUNTED_MIN && value - INIT_VALUE <= max_counts_between(t0, t1));
	if (!CHECK_EQ(read_hw_counter(h), value))
		printf("  snapshot 0x%lx, stopped counter reads 0x%lx\n", value, read_hw_counter(h));
	/* Not near a wrap-around: no overflow, with or without Sscofpmf. */
	CHECK_EQ(page[OVERFLOW_WORD], 0);
	CHECK_EQ(page_changes(page, (1UL << OVERFLOW_WORD) | (1UL << SLOT(0))), 0);
	if (sscofpmf)
		CHECK_EQ(read_scountovf() & (1UL << h), 0);

	/*
	 * A set of a hardware and a firmware counter, slots relative to base h.
	 * (Not a small start value: QEMU 7.2 with Sscofpmf raises a spurious
	 * overflow at once for a start value below the virtual time in ns.)
	 */
	unsigned long f = config_fw(SBI_PMU_FW_SET_TIMER);
	fill(snapshot_page);
	t0 = rdtime();
	CHECK_EQ(sbi_pmu_counter_start(h, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, INIT_VALUE + 77).error,
		 SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_start(f, 1, SBI_PMU_START_FLAG_SET_INIT_VALUE, 88).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_counter_stop(h, 1 | (1UL << (f - h)), SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT).error,
		 SBI_SUCCESS);
	t1 = rdtime();
	CHECK(page[SLOT(0)] > INIT_VALUE + 77 && page[SLOT(0)] - (INIT_VALUE + 77) <= max_counts_between(t0, t1));
	CHECK_EQ(page[SLOT(f - h)], 88);
	CHECK_EQ(page[OVERFLOW_WORD], 0);
	CHECK_EQ(page_changes(page, (1UL << OVERFLOW_WORD) | (1UL << SLOT(0)) | (1UL << SLOT(f - h))), 0);

	/* INIT_SNAPSHOT loads the hardware counter from its slot. */
	page[SLOT(0)] = INIT_VALUE * 3;
	t0 = rdtime();
	CHECK_EQ(sbi_pmu_counter_start(h, 1, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0).error, SBI_SUCCESS);
	value = read_hw_counter(h);
	t1 = rdtime();
	if (!CHECK(value >= INIT_VALUE * 3 && value - INIT_VALUE * 3 <= max_counts_between(t0, t1)))
		printf("  started from a snapshot of 0x%lx: reads 0x%lx\n", INIT_VALUE * 3, value);
	CHECK_EQ(sbi_pmu_counter_stop(h, 1, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0).error, SBI_SUCCESS);
	pmu_reset_all();
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	bool sscofpmf;

	(void)hartid, (void)dtb;
	test_start("pmu_snapshot");
	trap_catch_install(NULL);
	CHECK(fdt_path_offset(dt_fdt(), "/chosen") >= 0);
	CHECK(fdt_getprop(dt_fdt(), fdt_path_offset(dt_fdt(), "/chosen"), "abacus,pmu-snapshot", NULL) == NULL);
	sscofpmf = pmu_probe_sscofpmf();
	check_set_shmem_errors();
	check_firmware_counter_round_trip();
	check_hardware_counter_round_trip(sscofpmf);
}
