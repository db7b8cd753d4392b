/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Cycle sampling on every hart at once, the way Linux's perf drives the SBI
 * PMU (docs/pmu.md, "Sampling on every hart"). Each hart samples its own
 * cycles with Sscofpmf's overflow interrupt:
 *
 *   - its LCOFI handler does what Linux's riscv_pmu_sbi does: stops the
 *     counter (base 0 and a mask, the general path), reads scountovf,
 *     clears LCOFIP, reads the counter and starts it again with a new
 *     initial value (mask 1, SET_INIT_VALUE);
 *   - every so often it runs a "tick" with interrupts off, as perf's tick
 *     adjusting a sampling period does: some work, then a stop and a start
 *     of the counter from the value it read. A counter that wraps during
 *     that work is restarted before its overflow interrupt is taken.
 *
 * Under -icount shift=0 everything is counted exactly:
 *
 *   - every wrap of the counter (seen in a value read at a stop, by the
 *     handler or by a tick) brings exactly one overflow interrupt that finds
 *     the counter's OF bit, and no interrupt comes without one (before the
 *     fix of issue 25 a tick's start cleared OF and the interrupt then found
 *     none: Linux's handler leaves every counter stopped in that case);
 *   - a counter stopped and started again loses no event and counts none
 *     twice: the sum of what it counted equals what the free-running cycle
 *     counter counted over the same windows (each read right next to the
 *     ecall that starts or stops the counter). With Smcntrpmf (-cpu max)
 *     cycle does not count M-mode; without it the windows hold no M-mode.
 *
 * Under -icount, QEMU's cycle counters count the instructions of all harts
 * together (platform-notes.md): a hart's counter advances with the machine's
 * virtual time while the hart is in S-mode. That is what both sides of the
 * comparison count, on every hart.
 */
#include "pmu_util.h"

#define PERIOD      100000UL    /* cycles between two samples */
#define ROUNDS      40          /* ticks per hart */
#define RUN_ITER    25000UL     /* spin iterations between two ticks, interrupts on */
#define TICK_ITER   8000UL      /* spin iterations of a tick's work, interrupts off */
#define MAX_HARTS   8
/*
 * How far a window's count may be from the reference: the rdcycle beside
 * the ecall is on one side only (2 cycles a window measured). QEMU runs the
 * harts in turns; on the rare window where the other harts' turn falls
 * between the rdcycle and the ecall, their instructions are on one side
 * only too (11,849 cycles on one window of one hart, measured): a few such
 * windows are allowed, each counted as an outlier.
 */
#define WINDOW_SLACK    8
#define MAX_OUTLIERS    2

struct hart_sampling {
	unsigned long hartid;
	unsigned long counter;          /* the counter this hart samples on */
	uint64_t start_value;           /* what it was last started from */
	uint64_t window_start;          /* cycle right after that start */
	uint64_t counted;               /* sum of what the counter counted */
	uint64_t reference;             /* sum of cycle over the same windows */
	unsigned long windows;
	uint64_t drift;                 /* sum of |count - cycle| over windows within WINDOW_SLACK */
	unsigned long outliers;         /* windows beyond it */
	int64_t worst;                  /* the largest count - cycle of a window */
	unsigned long samples;          /* overflow interrupts that found OF */
	unsigned long spurious;         /* overflow interrupts that did not */
	unsigned long wraps;            /* wraps seen in the values read */
	unsigned long tick_wraps;       /* of them, seen first by a tick */
	unsigned long errors;           /* SBI calls that failed */
	unsigned long done;
};

static struct hart_sampling harts[MAX_HARTS];

/* counter_start (mask 1, SET_INIT_VALUE); *after: cycle right after the ecall. */
static long start_timed(unsigned long idx, uint64_t value, uint64_t *after)
{
	register unsigned long a0 __asm__("a0") = idx;
	register unsigned long a1 __asm__("a1") = 1;
	register unsigned long a2 __asm__("a2") = SBI_PMU_START_FLAG_SET_INIT_VALUE;
	register unsigned long a3 __asm__("a3") = value;
	register unsigned long a6 __asm__("a6") = SBI_PMU_COUNTER_START;
	register unsigned long a7 __asm__("a7") = SBI_EXT_PMU;
	unsigned long t;

	__asm__ volatile("ecall\n\trdcycle %[t]"
			 : [t] "=r"(t), "+r"(a0), "+r"(a1)
			 : "r"(a2), "r"(a3), "r"(a6), "r"(a7)
			 : "memory");
	*after = t;
	return (long)a0;
}

/* counter_stop of counter idx as base and mask give it; *before: cycle right before the ecall. */
static long stop_timed(unsigned long base, unsigned long mask, uint64_t *before)
{
	register unsigned long a0 __asm__("a0") = base;
	register unsigned long a1 __asm__("a1") = mask;
	register unsigned long a2 __asm__("a2") = 0;
	register unsigned long a6 __asm__("a6") = SBI_PMU_COUNTER_STOP;
	register unsigned long a7 __asm__("a7") = SBI_EXT_PMU;
	unsigned long t;

	__asm__ volatile("rdcycle %[t]\n\tecall"
			 : [t] "=&r"(t), "+r"(a0), "+r"(a1)
			 : "r"(a2), "r"(a6), "r"(a7)
			 : "memory");
	*before = t;
	return (long)a0;
}

static void start_from(struct hart_sampling *h, uint64_t value)
{
	h->start_value = value;
	if (start_timed(h->counter, value, &h->window_start) != SBI_SUCCESS)
		h->errors++;
}

/*
 * After a stop whose ecall began at cycle `before`: adds the window to both
 * sums and reads the counter; true when it wrapped since it was started
 * (every start value is below the wrap by at most PERIOD).
 */
static bool stopped_at(struct hart_sampling *h, uint64_t before, uint64_t *value)
{
	uint64_t v = read_hw_counter(h->counter);
	bool wrapped = (int64_t)h->start_value < 0 && (int64_t)v >= 0;
	int64_t d = (int64_t)((v - h->start_value) - (before - h->window_start));

	h->counted += v - h->start_value;
	h->reference += before - h->window_start;
	h->windows++;
	if (d > WINDOW_SLACK || d < -WINDOW_SLACK)
		h->outliers++;
	else
		h->drift += (uint64_t)(d < 0 ? -d : d);
	if (d < 0 ? -d > (h->worst < 0 ? -h->worst : h->worst) : d > (h->worst < 0 ? -h->worst : h->worst))
		h->worst = d;
	h->wraps += wrapped;
	*value = v;
	return wrapped;
}

static struct hart_sampling *this_hart(void)
{
	unsigned long id = current_hartid();

	return &harts[id < MAX_HARTS ? id : 0];
}

/* The overflow interrupt, as Linux's pmu_sbi_ovf_handler takes it. */
static bool on_interrupt(struct trap_frame *frame)
{
	struct hart_sampling *h = this_hart();
	uint64_t before, v;
	unsigned long overflowed;

	if (frame->scause != SCAUSE_LCOFI)
		return false;
	if (stop_timed(0, 1UL << h->counter, &before) != SBI_SUCCESS)
		h->errors++;
	overflowed = read_scountovf();
	csr_clear(sip, SIP_LCOFIP);
	if (overflowed & (1UL << h->counter))
		h->samples++;
	else
		h->spurious++;
	start_from(h, stopped_at(h, before, &v) ? 0UL - PERIOD : v);
	return true;
}

/* Perf's tick: with interrupts off, some work, then the counter stopped and started again. */
static void tick(struct hart_sampling *h)
{
	uint64_t before, v;
	bool wrapped;

	csr_clear(sstatus, SSTATUS_SIE);
	spin(TICK_ITER);
	if (stop_timed(h->counter, 1, &before) != SBI_SUCCESS)
		h->errors++;
	wrapped = stopped_at(h, before, &v);
	h->tick_wraps += wrapped;
	start_from(h, wrapped ? 0UL - PERIOD : v);
	csr_set(sstatus, SSTATUS_SIE);
}

static void sample_on_this_hart(void *arg)
{
	struct hart_sampling *h = arg;
	struct sbiret ret;
	uint64_t before, v;

	ret = sbi_pmu_counter_config_matching(QEMU_HPM_FIRST, QEMU_HPM_MASK >> QEMU_HPM_FIRST, 0,
					      EV_HW(SBI_PMU_HW_CPU_CYCLES), 0);
	if (ret.error != SBI_SUCCESS || ret.value < QEMU_HPM_FIRST) {
		h->errors++;
		__atomic_store_n(&h->done, 1, __ATOMIC_RELEASE);
		return;
	}
	h->counter = ret.value;
	start_from(h, 0UL - PERIOD);
	csr_set(sie, SIE_LCOFIE);
	csr_set(sstatus, SSTATUS_SIE);
	for (unsigned int r = 0; r < ROUNDS; r++) {
		spin(RUN_ITER);
		tick(h);
	}
	csr_clear(sstatus, SSTATUS_SIE);
	if (stop_timed(h->counter, 1, &before) != SBI_SUCCESS)
		h->errors++;
	stopped_at(h, before, &v);
	/* A wrap right before the end: its interrupt is pending, with its OF bit. */
	if ((csr_read(sip) & SIP_LCOFIP) && (read_scountovf() & (1UL << h->counter))) {
		h->samples++;
		csr_clear(sip, SIP_LCOFIP);
	}
	csr_clear(sie, SIE_LCOFIE);
	/* Unmapped: it is stopped already. */
	if (sbi_pmu_counter_stop(h->counter, 1, SBI_PMU_STOP_FLAG_RESET).error != SBI_ERR_ALREADY_STOPPED)
		h->errors++;
	__atomic_store_n(&h->done, 1, __ATOMIC_RELEASE);
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	unsigned long ids[MAX_HARTS];
	int n;

	(void)dtb;
	test_start("pmu_sampling");
	trap_catch_install(on_interrupt);
	if (!pmu_probe_sscofpmf() || !pmu_probe_icount()) {
		printf("pmu_sampling needs Sscofpmf and -icount shift=0\n");
		CHECK(false);
		return;
	}
	pmu_reset_all();
	n = dt_hartids(ids, MAX_HARTS);
	if (!CHECK(n >= 2 && n <= MAX_HARTS))
		return;
	for (int i = 0; i < n; i++) {
		if (!CHECK(ids[i] < MAX_HARTS))
			return;
		harts[ids[i]].hartid = ids[i];
		if (ids[i] != hartid)
			CHECK_EQ(hart_run(ids[i], sample_on_this_hart, &harts[ids[i]]).error, SBI_SUCCESS);
	}
	sample_on_this_hart(&harts[hartid]);
	for (int i = 0; i < n; i++) {
		struct hart_sampling *h = &harts[ids[i]];

		CHECK(wait_flag(&h->done, 1, PAYLOAD_WAIT_US));
		printf("hart %lu: counter %lu, %lu samples, %lu wraps (%lu seen by a tick), %lu without OF, "
		       "%lu errors; counted %lu, cycle %lu over %lu windows: drift %lu, %lu outliers, worst %ld\n",
		       h->hartid, h->counter, h->samples, h->wraps, h->tick_wraps, h->spurious, h->errors,
		       (unsigned long)h->counted, (unsigned long)h->reference, h->windows,
		       (unsigned long)h->drift, h->outliers, (long)h->worst);
		CHECK_EQ(h->errors, 0);
		CHECK_EQ(h->spurious, 0);
		CHECK_EQ(h->samples, h->wraps);
		/* The run must have sampled at all, and had wraps in ticks to exercise. */
		CHECK(h->wraps >= 20);
		CHECK(h->tick_wraps >= 1);
		CHECK(h->drift <= h->windows * WINDOW_SLACK);
		CHECK(h->outliers <= MAX_OUTLIERS);
	}
}
