// SPDX-License-Identifier: BSD-2-Clause
/*
 * SBI firmware event checks, for QEMU -smp N (2 <= N <= 8), without -icount
 * (platform-notes.md: Linux on several harts may never finish booting under
 * -icount), and with -cpu rv64,sstc=false so that Linux programs its timer
 * through SBI set_timer.
 *
 * Every event is counted on every CPU (perf_event_open pid -1, one fd per
 * CPU: init is root). Abacus counts a *_SENT event once per target hart of
 * the request, on the sending hart (the sender included when it is a
 * target), and a *_RECEIVED event once per request a hart carries out
 * (docs/pmu.md). So SENT over all CPUs equals RECEIVED over all CPUs, and
 * where the test controls who sends what to whom the counts are exact:
 * riscv_flush_icache from CPU 0 with this process's threads on every other
 * CPU is one remote_fence_i to the N - 1 others, N - 1 FENCE_I_SENT on CPU 0
 * and one FENCE_I_RECEIVED on each other CPU. Per-task counts (pid 0) are
 * printed for comparison only: an IPI or fence received while the task is
 * not running is not the task's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/membarrier.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "linux_test.h"
#include "sbi_spec.h"

#define SLEEP_ROUNDS     10
#define SLEEP_MS         10
#define SET_TIMER_MIN_PER_CPU 5
#define PINGPONG_ROUNDS  200
#define FENCE_ROUNDS     64
/*
 * Without -icount each CPU is a host thread: on a loaded host one may not
 * run for a good fraction of a second. A wait for something that must
 * happen goes on, in short sleeps, until it has or this much time passed.
 */
#define WAIT_MS          10000

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

static long monotonic_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

static bool open_fw(struct fw_counter *c, unsigned int code, int ncpus, const char *check_name)
{
	int err = fw_counter_open_all_cpus(c, code, ncpus);

	if (err < 0)
		check(false, check_name, "perf_event_open of firmware event %u on every CPU: %s", code,
		      strerror(-err));
	return err == 0;
}

static int open_task_fw(unsigned int code)
{
	return counter_open(PERF_TYPE_RAW, PERF_RAW_SBI_FIRMWARE | code, 0, -1);
}

static uint64_t task_read(int fd)
{
	return fd < 0 ? 0 : counter_read(fd);
}

/* ---- SET_TIMER: Linux without Sstc reprograms each CPU's timer by SBI ---- */
static void check_set_timer(int ncpus)
{
	struct fw_counter c;
	uint64_t per_cpu[MAX_CPUS], sum = 0, task_before, task_count;
	int task_fd, slow_cpus = 0;

	if (!open_fw(&c, SBI_PMU_FW_SET_TIMER, ncpus, "fw-set-timer"))
		return;
	task_fd = open_task_fw(SBI_PMU_FW_SET_TIMER);
	fw_counter_mark(&c);
	task_before = task_read(task_fd);
	/*
	 * HZ_PERIODIC, HZ=250 (kernel.config): every CPU, idle or not, takes a
	 * tick every 4 ms and reprograms its timer, about 25 times in 100 ms.
	 * Sleep at least that long, and on until every CPU has counted a fifth
	 * of it (a CPU whose host thread did not run meanwhile ticks later).
	 */
	long start = monotonic_ms(), waited;
	int round = 0;
	do {
		sleep_ms(SLEEP_MS);
		round++;
		sum = 0;
		slow_cpus = 0;
		for (int cpu = 0; cpu < ncpus; cpu++) {
			per_cpu[cpu] = fw_counter_delta(&c, cpu);
			sum += per_cpu[cpu];
			slow_cpus += per_cpu[cpu] < SET_TIMER_MIN_PER_CPU;
		}
		waited = monotonic_ms() - start;
	} while (round < SLEEP_ROUNDS || (slow_cpus && waited < WAIT_MS));
	task_count = task_read(task_fd) - task_before;
	check(sum > 0, "fw-set-timer", "no SBI set_timer counted on any CPU in %ld ms of sleep", waited);
	check(slow_cpus == 0, "fw-set-timer-every-cpu",
	      "%d of %d CPUs counted fewer than %d set_timer calls in %ld ms", slow_cpus, ncpus,
	      SET_TIMER_MIN_PER_CPU, waited);
	note("fw-set-timer: per CPU %llu %llu %llu %llu..., per task %s%llu",
	     (unsigned long long)per_cpu[0], (unsigned long long)per_cpu[1],
	     (unsigned long long)(ncpus > 2 ? per_cpu[2] : 0),
	     (unsigned long long)(ncpus > 3 ? per_cpu[3] : 0), task_fd < 0 ? "(open failed) " : "",
	     (unsigned long long)task_count);
	if (task_fd >= 0)
		close(task_fd);
	fw_counter_close(&c);
}

/* ---- IPIs: a thread on CPU 1 woken from CPU 0 and back, through pipes ---- */
struct pingpong {
	int to_peer[2], to_main[2];
	bool pinned;
};

static void *pingpong_peer(void *arg)
{
	struct pingpong *pp = arg;
	char byte;

	pp->pinned = pin_to_cpu(1);
	while (read(pp->to_peer[0], &byte, 1) == 1 && byte != 'q')
		if (write(pp->to_main[1], &byte, 1) != 1)
			break;
	return NULL;
}

/*
 * The IPI totals balance exactly over a window whose start and end every CPU
 * agrees on. The kernel's own IPIs (a wake-up from a timer tick, RCU) can
 * fall across one of the read passes, which takes milliseconds under TCG:
 * then one side has it and the other not. So a window that does not
 * balance is measured again, up to IPI_ATTEMPTS times; a firmware that
 * miscounts (per call, or per interrupt) misses every time.
 */
#define IPI_ATTEMPTS 3

static void check_ipi(int ncpus)
{
	struct fw_counter sent, received;
	struct pingpong pp;
	pthread_t peer;
	uint64_t sent_cpu[MAX_CPUS], received_cpu[MAX_CPUS];
	uint64_t sent_cpu0 = 0, received_cpu1 = 0, sent_sum = 0, received_sum = 0, task_before, task_sent = 0;
	char byte = 'p';
	int task_fd, rounds = 0, attempt;
	bool warmed_up;

	if (!open_fw(&sent, SBI_PMU_FW_IPI_SENT, ncpus, "fw-ipi"))
		return;
	if (!open_fw(&received, SBI_PMU_FW_IPI_RECEIVED, ncpus, "fw-ipi")) {
		fw_counter_close(&sent);
		return;
	}
	if (pipe(pp.to_peer) != 0 || pipe(pp.to_main) != 0 ||
	    pthread_create(&peer, NULL, pingpong_peer, &pp) != 0) {
		check(false, "fw-ipi-workload", "pipe/pthread_create: %s", strerror(errno));
		fw_counter_close(&sent);
		fw_counter_close(&received);
		return;
	}
	task_fd = open_task_fw(SBI_PMU_FW_IPI_SENT);
	/* One round first, so the peer has pinned itself before counting starts. */
	warmed_up = write(pp.to_peer[1], &byte, 1) == 1 && read(pp.to_main[0], &byte, 1) == 1;
	for (attempt = 1; attempt <= IPI_ATTEMPTS; attempt++) {
		/* Quiet first: the peer sleeps in read(), nothing is in flight. */
		sleep_ms(20);
		fw_counter_mark(&sent);
		fw_counter_mark(&received);
		task_before = task_read(task_fd);
		for (rounds = 0; warmed_up && rounds < PINGPONG_ROUNDS && write(pp.to_peer[1], &byte, 1) == 1 &&
		     read(pp.to_main[0], &byte, 1) == 1;)
			rounds++;
		task_sent = task_read(task_fd) - task_before;
		sleep_ms(20);
		/*
		 * Read exactly as fw_counter_mark() did, CPU 0 (this thread's)
		 * first: reading CPU k's counter is one IPI from CPU 0 to CPU k,
		 * counted in IPI_RECEIVED on CPU k before the read, and in IPI_SENT
		 * on CPU 0 after its read. The IPIs of the marks' reads are thus in
		 * the SENT deltas, and those of these reads in the RECEIVED deltas:
		 * as many of each.
		 */
		fw_counter_deltas(&sent, sent_cpu);
		fw_counter_deltas(&received, received_cpu);
		sent_cpu0 = sent_cpu[0];
		received_cpu1 = received_cpu[1];
		sent_sum = received_sum = 0;
		for (int cpu = 0; cpu < ncpus; cpu++) {
			sent_sum += sent_cpu[cpu];
			received_sum += received_cpu[cpu];
		}
		note("fw-ipi: window %d: sent %llu (CPU 0: %llu, per task %s%llu), received %llu (CPU 1: %llu)",
		     attempt, (unsigned long long)sent_sum, (unsigned long long)sent_cpu0,
		     task_fd < 0 ? "(open failed) " : "", (unsigned long long)task_sent,
		     (unsigned long long)received_sum, (unsigned long long)received_cpu1);
		if (sent_sum == received_sum)
			break;
	}
	byte = 'q';
	if (write(pp.to_peer[1], &byte, 1) != 1)
		note("fw-ipi: could not stop the peer thread");
	pthread_join(peer, NULL);

	check(rounds == PINGPONG_ROUNDS && pp.pinned, "fw-ipi-workload",
	      "%d of %d ping-pong rounds, peer pinned to CPU 1: %s", rounds, PINGPONG_ROUNDS,
	      pp.pinned ? "yes" : "no");
	check(sent_sum > 0, "fw-ipi-sent", "no IPI_SENT on any CPU during %d wake-ups across CPUs",
	      PINGPONG_ROUNDS);
	check(received_sum > 0, "fw-ipi-received", "no IPI_RECEIVED on any CPU during %d wake-ups",
	      PINGPONG_ROUNDS);
	/*
	 * Waking a task on an idle CPU (in wfi) takes an IPI. The peer may not
	 * be asleep yet when it is woken (no IPI then), so at least half the
	 * rounds, not all: a firmware that drops or miscounts IPIs falls short.
	 */
	check(2 * sent_cpu0 >= PINGPONG_ROUNDS && 2 * received_cpu1 >= PINGPONG_ROUNDS,
	      "fw-ipi-per-wakeup",
	      "%d wake-ups of CPU 1 from CPU 0: IPI_SENT on CPU 0 %llu, IPI_RECEIVED on CPU 1 %llu",
	      PINGPONG_ROUNDS, (unsigned long long)sent_cpu0, (unsigned long long)received_cpu1);
	/* Per request, sender and receiver alike: the totals agree exactly. */
	check(sent_sum == received_sum, "fw-ipi-balance",
	      "IPI_SENT %llu, IPI_RECEIVED %llu over all CPUs, in each of %d windows (the last shown)",
	      (unsigned long long)sent_sum, (unsigned long long)received_sum, IPI_ATTEMPTS);
	if (task_fd >= 0)
		close(task_fd);
	close(pp.to_peer[0]), close(pp.to_peer[1]), close(pp.to_main[0]), close(pp.to_main[1]);
	fw_counter_close(&sent);
	fw_counter_close(&received);
}

/* ---- Remote fences from a process whose threads run on every CPU ---- */
struct spinners {
	pthread_t thread[MAX_CPUS];
	int count;
	int running;    /* threads that have reached their CPU */
	int stop;
};

static void *spin_on_cpu(void *arg)
{
	struct spinners *s = arg;

	__atomic_fetch_add(&s->running, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&s->stop, __ATOMIC_ACQUIRE))
		;
	return NULL;
}

/* One thread pinned to each CPU but 0, spinning in U-mode: our mm stays live there. */
static bool spinners_start(struct spinners *s, int ncpus)
{
	memset(s, 0, sizeof *s);
	for (int cpu = 1; cpu < ncpus; cpu++) {
		pthread_attr_t attr;
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		pthread_attr_init(&attr);
		pthread_attr_setaffinity_np(&attr, sizeof set, &set);
		if (pthread_create(&s->thread[s->count], &attr, spin_on_cpu, s) != 0)
			return false;
		s->count++;
		pthread_attr_destroy(&attr);
	}
	/* Each pinned thread runs only on its CPU: once it runs, our mm is live there. */
	for (long start = monotonic_ms(); __atomic_load_n(&s->running, __ATOMIC_ACQUIRE) < s->count;) {
		if (monotonic_ms() - start > WAIT_MS) {
			note("only %d of %d spinner threads reached their CPU in %d ms",
			     __atomic_load_n(&s->running, __ATOMIC_ACQUIRE), s->count, WAIT_MS);
			break;
		}
		sleep_ms(1);
	}
	return true;
}

static void spinners_stop(struct spinners *s)
{
	__atomic_store_n(&s->stop, 1, __ATOMIC_RELEASE);
	for (int i = 0; i < s->count; i++)
		pthread_join(s->thread[i], NULL);
}

/*
 * Checks a SENT/RECEIVED pair after a workload of `rounds` requests from CPU
 * 0 (the only sender: SENT on other CPUs is 0). Each request names the same
 * targets, so every target received the same number F >= rounds of them and
 * CPU 0 sent F per target: SENT on CPU 0 = F x targets = RECEIVED over all
 * CPUs, exactly. others_only: the targets are the other CPUs (CPU 0 receives
 * nothing and F = rounds exactly); otherwise every CPU, CPU 0 included.
 */
static void check_fence_pair(const char *name, struct fw_counter *sent, struct fw_counter *received,
			     int ncpus, int rounds, uint64_t task_sent, bool others_only)
{
	uint64_t sent_cpu[MAX_CPUS], received_cpu[MAX_CPUS], sent_sum = 0, received_sum = 0;
	uint64_t per_target;
	int targets = others_only ? ncpus - 1 : ncpus, uneven = 0;
	char check_name[64];

	fw_counter_deltas(sent, sent_cpu);
	fw_counter_deltas(received, received_cpu);
	per_target = received_cpu[1];
	for (int cpu = 0; cpu < ncpus; cpu++) {
		sent_sum += sent_cpu[cpu];
		received_sum += received_cpu[cpu];
		if ((cpu == 0 && others_only) ? received_cpu[0] != 0 : received_cpu[cpu] != per_target)
			uneven++;
	}
	snprintf(check_name, sizeof check_name, "%s-received", name);
	check(uneven == 0 && per_target >= (uint64_t)rounds && (!others_only || per_target == (uint64_t)rounds),
	      check_name, "%d requests: received %llu on CPU 1, %d CPUs differ (CPU 0: %llu)", rounds,
	      (unsigned long long)per_target, uneven, (unsigned long long)received_cpu[0]);
	snprintf(check_name, sizeof check_name, "%s-sent-per-target", name);
	check(sent_cpu[0] == per_target * targets && sent_sum == sent_cpu[0], check_name,
	      "SENT on CPU 0 %llu (all CPUs %llu) for %llu requests to %d targets each",
	      (unsigned long long)sent_cpu[0], (unsigned long long)sent_sum, (unsigned long long)per_target,
	      targets);
	snprintf(check_name, sizeof check_name, "%s-balance", name);
	check(sent_sum == received_sum, check_name, "%llu sent, %llu received", (unsigned long long)sent_sum,
	      (unsigned long long)received_sum);
	note("%s: sent %llu (CPU 0: %llu, per task: %llu), received %llu (CPU 1: %llu), %d requests",
	     name, (unsigned long long)sent_sum, (unsigned long long)sent_cpu[0],
	     (unsigned long long)task_sent, (unsigned long long)received_sum,
	     (unsigned long long)received_cpu[1], rounds);
}

/* One page mapped, written and unmapped: a TLB flush of it on every CPU of mm_cpumask. */
static void map_touch_unmap(long page)
{
	volatile char *p = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return;
	p[0] = 1;
	munmap((void *)p, page);
}

static void check_remote_fences(int ncpus)
{
	struct fw_counter vma_sent, vma_received, fence_i_sent, fence_i_received;
	struct spinners s;
	long page = sysconf(_SC_PAGESIZE);
	uint64_t task_before;
	int task_fd;

	memset(&vma_received, 0, sizeof vma_received);
	memset(&fence_i_sent, 0, sizeof fence_i_sent);
	memset(&fence_i_received, 0, sizeof fence_i_received);
	if (!open_fw(&vma_sent, SBI_PMU_FW_SFENCE_VMA_ASID_SENT, ncpus, "fw-sfence-vma-asid") ||
	    !open_fw(&vma_received, SBI_PMU_FW_SFENCE_VMA_ASID_RECEIVED, ncpus, "fw-sfence-vma-asid") ||
	    !open_fw(&fence_i_sent, SBI_PMU_FW_FENCE_I_SENT, ncpus, "fw-fence-i") ||
	    !open_fw(&fence_i_received, SBI_PMU_FW_FENCE_I_RECEIVED, ncpus, "fw-fence-i"))
		goto close_counters;
	if (!spinners_start(&s, ncpus)) {
		check(false, "fw-remote-fence-threads", "pthread_create: %s", strerror(errno));
		spinners_stop(&s);
		goto close_counters;
	}

	/*
	 * munmap in a process live on other CPUs: Linux 6.1 flushes the range
	 * on every CPU of mm_cpumask with SBI remote_sfence_vma_asid (QEMU has
	 * 16 ASID bits, so Linux uses ASIDs and never the plain sfence.vma call).
	 */
	task_fd = open_task_fw(SBI_PMU_FW_SFENCE_VMA_ASID_SENT);
	map_touch_unmap(page);   /* warm-up: first-time code and page-table paths, not counted */
	fw_counter_mark(&vma_sent);
	fw_counter_mark(&vma_received);
	task_before = task_read(task_fd);
	for (int i = 0; i < FENCE_ROUNDS; i++)
		map_touch_unmap(page);
	/* mm_cpumask holds every CPU (Linux keeps it with ASIDs), this one too. */
	check_fence_pair("fw-sfence-vma-asid", &vma_sent, &vma_received, ncpus, FENCE_ROUNDS,
			 task_read(task_fd) - task_before, false);
	if (task_fd >= 0)
		close(task_fd);

	/* riscv_flush_icache for all threads: SBI remote_fence_i to the other CPUs. */
	task_fd = open_task_fw(SBI_PMU_FW_FENCE_I_SENT);
	syscall(SYS_riscv_flush_icache, 0UL, 0UL, 0UL);   /* warm-up */
	fw_counter_mark(&fence_i_sent);
	fw_counter_mark(&fence_i_received);
	task_before = task_read(task_fd);
	for (int i = 0; i < FENCE_ROUNDS; i++)
		syscall(SYS_riscv_flush_icache, 0UL, 0UL, 0UL);
	/* flush_icache_mm: one remote_fence_i to the other CPUs of mm_cpumask. */
	check_fence_pair("fw-fence-i", &fence_i_sent, &fence_i_received, ncpus, FENCE_ROUNDS,
			 task_read(task_fd) - task_before, true);
	if (task_fd >= 0)
		close(task_fd);

	spinners_stop(&s);
close_counters:
	fw_counter_close(&vma_sent);
	fw_counter_close(&vma_received);
	fw_counter_close(&fence_i_sent);
	fw_counter_close(&fence_i_received);
}

/*
 * A kernel-wide TLB flush: Linux 6.1 implements flush_tlb_kernel_range as
 * flush_tlb_all, 6.12 as a flush without ASID of the range, both SBI
 * remote_sfence_vma (no ASID) to every online CPU. One
 * path that userspace can drive: freed vmalloc areas are purged (and the
 * TLBs flushed) once more than lazy_max_pages() pages wait (32 MiB times
 * fls(online CPUs)). A file table of 2^20 descriptors is an 8 MiB vmalloc
 * area, freed when the process exits: a few dozen short-lived children
 * that dup2() onto descriptor 2^20 - 1 make the kernel flush.
 */
#define FDTABLE_FDS      (1 << 20)
#define FDTABLE_CHILDREN 48

static bool child_with_big_fdtable(void)
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		struct rlimit rl = { FDTABLE_FDS, FDTABLE_FDS };

		_exit(setrlimit(RLIMIT_NOFILE, &rl) == 0 && dup2(1, FDTABLE_FDS - 1) >= 0 ? 0 : 1);
	}
	return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	       WEXITSTATUS(status) == 0;
}

static void check_kernel_sfence(int ncpus)
{
	struct fw_counter sent, received;
	int children = 0;

	if (!open_fw(&sent, SBI_PMU_FW_SFENCE_VMA_SENT, ncpus, "fw-sfence-vma"))
		return;
	if (!open_fw(&received, SBI_PMU_FW_SFENCE_VMA_RECEIVED, ncpus, "fw-sfence-vma")) {
		fw_counter_close(&sent);
		return;
	}
	fw_counter_mark(&sent);
	fw_counter_mark(&received);
	while (children < FDTABLE_CHILDREN && fw_counter_delta_sum(&sent) == 0) {
		if (!child_with_big_fdtable()) {
			check(false, "fw-sfence-vma-workload", "child %d could not dup2 onto fd %d",
			      children, FDTABLE_FDS - 1);
			break;
		}
		children++;
		sleep_ms(5);   /* the purge runs in a kworker */
	}

	/*
	 * The purge runs in a kworker, whenever the host lets it: wait for a
	 * flush to be counted and to be over (a fence is synchronous: once no
	 * request is in flight, as many are received as were sent).
	 */
	uint64_t sent_cpu[MAX_CPUS], received_cpu[MAX_CPUS], sent_sum = 0, received_sum = 0;
	int silent_cpus = 0, uneven = 0;
	long start = monotonic_ms();

	do {
		sleep_ms(SLEEP_MS);
		sent_sum = fw_counter_delta_sum(&sent);
		received_sum = fw_counter_delta_sum(&received);
	} while ((sent_sum == 0 || sent_sum != received_sum) && monotonic_ms() - start < WAIT_MS);
	sent_sum = received_sum = 0;

	fw_counter_deltas(&sent, sent_cpu);
	fw_counter_deltas(&received, received_cpu);
	for (int cpu = 0; cpu < ncpus; cpu++) {
		sent_sum += sent_cpu[cpu];
		received_sum += received_cpu[cpu];
		silent_cpus += received_cpu[cpu] == 0;
		uneven += received_cpu[cpu] != received_cpu[0];
	}
	check(sent_sum > 0, "fw-sfence-vma-sent", "no SFENCE_VMA_SENT after %d vmalloc'ed file tables",
	      children);
	/* flush_tlb_all names every online CPU, the sender included. */
	check(sent_sum > 0 && silent_cpus == 0, "fw-sfence-vma-received",
	      "%d of %d CPUs received no SFENCE_VMA", silent_cpus, ncpus);
	check(sent_sum == received_sum, "fw-sfence-vma-balance", "%llu sent, %llu received",
	      (unsigned long long)sent_sum, (unsigned long long)received_sum);
	/* Every flush names every CPU: each received as many, one SENT per CPU per flush. */
	check(uneven == 0 && sent_sum == received_cpu[0] * ncpus, "fw-sfence-vma-sent-per-target",
	      "%llu sent for %llu flushes to %d CPUs (%d CPUs received another number)",
	      (unsigned long long)sent_sum, (unsigned long long)received_cpu[0], ncpus, uneven);
	note("fw-sfence-vma: %llu sent, %llu received, after %d children", (unsigned long long)sent_sum,
	     (unsigned long long)received_sum, children);
	fw_counter_close(&sent);
	fw_counter_close(&received);
}

/*
 * An IPI to several harts in one SBI call: membarrier(PRIVATE_EXPEDITED)
 * from CPU 0 while this process's threads run on every other CPU is one
 * smp_call_function_many() to those N - 1 CPUs, one SBI send_ipi with N - 1
 * harts in its mask. So IPI_SENT counted for this task (per task: only
 * while it runs, on CPU 0) is exactly N - 1 per call on Abacus, and 1 per
 * call on a firmware that counts per call. Noise (an interrupt during the
 * syscall that sends an IPI of its own) is retried like check_ipi's.
 */
#define MEMBARRIER_ROUNDS 64

static void check_ipi_mask(int ncpus)
{
	struct fw_counter received;
	struct spinners s;
	uint64_t received_cpu[MAX_CPUS], task_before, task_sent = 0, expected = 0;
	int task_fd, attempt, short_cpus = 0;

	if (syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) != 0) {
		check(false, "fw-ipi-mask-workload", "membarrier(REGISTER_PRIVATE_EXPEDITED): %s",
		      strerror(errno));
		return;
	}
	if (!open_fw(&received, SBI_PMU_FW_IPI_RECEIVED, ncpus, "fw-ipi-mask"))
		return;
	task_fd = open_task_fw(SBI_PMU_FW_IPI_SENT);
	if (task_fd < 0 || !spinners_start(&s, ncpus)) {
		check(false, "fw-ipi-mask-workload", "per-task IPI_SENT counter or spinning threads: %s",
		      strerror(task_fd < 0 ? -task_fd : errno));
		if (task_fd >= 0)
			spinners_stop(&s);
		goto out;
	}
	expected = (uint64_t)MEMBARRIER_ROUNDS * (ncpus - 1);
	syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);   /* warm-up */
	for (attempt = 1; attempt <= IPI_ATTEMPTS; attempt++) {
		fw_counter_mark(&received);
		task_before = task_read(task_fd);
		for (int i = 0; i < MEMBARRIER_ROUNDS; i++)
			syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
		task_sent = task_read(task_fd) - task_before;
		fw_counter_deltas(&received, received_cpu);
		short_cpus = 0;
		for (int cpu = 1; cpu < ncpus; cpu++)
			short_cpus += received_cpu[cpu] < MEMBARRIER_ROUNDS;
		note("fw-ipi-mask: window %d: %d membarriers to %d CPUs: IPI_SENT per task %llu, "
		     "IPI_RECEIVED on CPU 1 %llu", attempt, MEMBARRIER_ROUNDS, ncpus - 1,
		     (unsigned long long)task_sent, (unsigned long long)received_cpu[1]);
		if (task_sent == expected)
			break;
	}
	spinners_stop(&s);
	check(task_sent == expected, "fw-ipi-mask-sent-per-target",
	      "IPI_SENT %llu for %d calls to %d harts each (%llu expected)", (unsigned long long)task_sent,
	      MEMBARRIER_ROUNDS, ncpus - 1, (unsigned long long)expected);
	check(short_cpus == 0, "fw-ipi-mask-received", "%d of %d other CPUs received fewer than %d IPIs",
	      short_cpus, ncpus - 1, MEMBARRIER_ROUNDS);
out:
	if (task_fd >= 0)
		close(task_fd);
	fw_counter_close(&received);
}

void run_fw_ipi_mask_checks(int ncpus)
{
	if (!pin_to_cpu(0))
		note("could not pin init to CPU 0: %s", strerror(errno));
	check_ipi_mask(ncpus);
}

void run_fw_event_checks(int ncpus)
{
	if (!pin_to_cpu(0))
		note("could not pin init to CPU 0: %s", strerror(errno));
	check_set_timer(ncpus);
	check_ipi(ncpus);
	check_remote_fences(ncpus);
	check_kernel_sfence(ncpus);
}
