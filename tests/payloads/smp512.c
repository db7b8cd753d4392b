/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware alone with up to 512 harts (QEMU virt's maximum): the boot
 * hart starts every other hart through HSM hart_start; each hart, the boot
 * hart included, uses the PMU on its own:
 * - config_matching for CPU_CYCLES (even hartids) or INSTRUCTIONS (odd)
 *   with AUTO_START, reads the counter's CSR twice from S-mode (it moves),
 *   stops it (and a second stop is SBI_ERR_ALREADY_STOPPED, PMU Table 13);
 * - a SET_TIMER firmware counter reads exactly 1 after one set_timer call;
 * then reports back and stops itself (hart_stop). The boot hart waits for
 * every report (with a timeout), and every hart must end STOPPED.
 */
#include "payload.h"

/* Generous: 512 harts on two host cores (see tests/qemu-tests.txt). */
#define WAIT_ALL_US (200UL * 1000000UL)
#define LOOP 200

struct hart_report {
	volatile unsigned long done;
	long config_error, stop_error, second_stop_error, counter_index;
	unsigned long first_read, second_read, set_timer_count;
};

static struct hart_report reports[PAYLOAD_MAX_HARTS];
static unsigned long ids[PAYLOAD_MAX_HARTS];

static void use_the_pmu(void *arg)
{
	struct hart_report *r = arg;
	unsigned long me = current_hartid();
	unsigned long event = me & 1 ? SBI_PMU_HW_INSTRUCTIONS : SBI_PMU_HW_CPU_CYCLES;
	struct sbiret num = sbi_pmu_num_counters(), ret, info;
	volatile unsigned long sink = 0;
	unsigned long mask;
	long fw;

	mask = num.value >= 64 ? ~0UL : (1UL << num.value) - 1;
	ret = sbi_pmu_counter_config_matching(0, mask,
					      SBI_PMU_CFG_FLAG_CLEAR_VALUE |
					      SBI_PMU_CFG_FLAG_AUTO_START, event, 0);
	r->config_error = ret.error;
	if (ret.error == SBI_SUCCESS) {
		r->counter_index = ret.value;
		info = sbi_pmu_counter_get_info(ret.value);
		r->first_read = read_counter_csr(pmu_counter_csr(info.value));
		for (int i = 0; i < LOOP; i++)
			sink += i;
		r->second_read = read_counter_csr(pmu_counter_csr(info.value));
		r->stop_error = sbi_pmu_counter_stop(ret.value, 1, 0).error;
		r->second_stop_error = sbi_pmu_counter_stop(ret.value, 1, 0).error;
	}

	fw = pmu_fw_counter_start(SBI_PMU_FW_SET_TIMER);
	sbi_set_timer(UINT64_MAX);
	r->set_timer_count = fw >= 0 ? pmu_fw_counter_read(fw) : ~0UL;
	__atomic_store_n(&r->done, 1, __ATOMIC_RELEASE);
}

static bool check_report(unsigned long h)
{
	const struct hart_report *r = &reports[h];

	return CHECK_EQ(r->config_error, SBI_SUCCESS) &&
	       CHECK(r->second_read > r->first_read) &&
	       CHECK_EQ(r->stop_error, SBI_SUCCESS) &&
	       CHECK_EQ(r->second_stop_error, SBI_ERR_ALREADY_STOPPED) &&
	       CHECK_EQ(r->set_timer_count, 1);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	int n = dt_hartids(ids, PAYLOAD_MAX_HARTS), started = 0, reported = 0, stopped = 0;
	uint64_t t0 = rdtime(), t_started, t_reported, deadline;

	(void)dtb;
	test_start("smp512");
	printf("%d harts in the DT, boot hart %lu\n", n, hartid);
	if (!CHECK(n >= 1 && n <= PAYLOAD_MAX_HARTS))
		test_fail();

	for (int i = 0; i < n; i++) {
		struct sbiret ret;

		if (ids[i] == hartid)
			continue;
		ret = hart_run(ids[i], use_the_pmu, &reports[ids[i]]);
		if (CHECK_EQ(ret.error, SBI_SUCCESS))
			started++;
		else
			printf("  (hart_start(%lu))\n", ids[i]);
	}
	t_started = rdtime();
	use_the_pmu(&reports[hartid]);

	/* One deadline for all: a hart that never reports costs the wait once. */
	deadline = time_deadline_us(WAIT_ALL_US);
	for (int i = 0; i < n; i++) {
		volatile unsigned long *done = &reports[ids[i]].done;

		while (!__atomic_load_n(done, __ATOMIC_ACQUIRE) && !time_passed(deadline))
			;
		if (*done)
			reported++;
	}
	t_reported = rdtime();

	for (int i = 0; i < n; i++) {
		unsigned long h = ids[i];

		if (!reports[h].done) {
			printf("  (hart %lu never reported)\n", h);
			continue;
		}
		if (!check_report(h))
			printf("  (hart %lu: config %ld, reads %lu %lu, stop %ld %ld, "
			       "SET_TIMER %lu)\n", h, reports[h].config_error,
			       reports[h].first_read, reports[h].second_read, reports[h].stop_error,
			       reports[h].second_stop_error, reports[h].set_timer_count);
		if (h != hartid && hart_wait_state(h, SBI_HSM_STATE_STOPPED, PAYLOAD_WAIT_US))
			stopped++;
	}
	CHECK_EQ(started, n - 1);
	CHECK_EQ(reported, n);
	CHECK_EQ(stopped, n - 1);
	printf("SMP_HARTS_REPORTED=%d of %d (started %d, stopped %d); "
	       "start %lu ms, all reports %lu ms\n", reported, n, started, stopped,
	       (unsigned long)((t_started - t0) * 1000 / time_ticks_per_sec()),
	       (unsigned long)((t_reported - t0) * 1000 / time_ticks_per_sec()));
	test_pass();
}
