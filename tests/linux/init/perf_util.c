// SPDX-License-Identifier: BSD-2-Clause
/* perf_event_open helpers of the Linux boot test's init program. */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "linux_test.h"

int counter_open(uint32_t type, uint64_t config, pid_t pid, int cpu)
{
	struct perf_event_attr attr;
	long fd;

	memset(&attr, 0, sizeof attr);
	attr.size = sizeof attr;
	attr.type = type;
	attr.config = config;
	fd = syscall(SYS_perf_event_open, &attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
	return fd < 0 ? -errno : (int)fd;
}

uint64_t counter_read(int fd)
{
	uint64_t value;

	if (read(fd, &value, sizeof value) != sizeof value) {
		check(false, "perf-read", "read of perf fd %d: %s", fd, strerror(errno));
		printf("linux: %u passed, %u failed\n", checks_passed, checks_failed);
		exit(1);   /* init exiting: the kernel panics and the run script reports it */
	}
	return value;
}

int fw_counter_open_all_cpus(struct fw_counter *c, unsigned int code, int ncpus)
{
	memset(c, 0, sizeof *c);
	c->code = code;
	for (int cpu = 0; cpu < ncpus; cpu++) {
		int fd = counter_open(PERF_TYPE_RAW, PERF_RAW_SBI_FIRMWARE | code, -1, cpu);

		if (fd < 0) {
			fw_counter_close(c);
			return fd;
		}
		c->fd[cpu] = fd;
		c->ncpus = cpu + 1;
	}
	return 0;
}

void fw_counter_mark(struct fw_counter *c)
{
	for (int cpu = 0; cpu < c->ncpus; cpu++)
		c->start[cpu] = counter_read(c->fd[cpu]);
}

void fw_counter_deltas(const struct fw_counter *c, uint64_t *delta)
{
	for (int cpu = 0; cpu < c->ncpus; cpu++)
		delta[cpu] = counter_read(c->fd[cpu]) - c->start[cpu];
}

uint64_t fw_counter_delta(const struct fw_counter *c, int cpu)
{
	return counter_read(c->fd[cpu]) - c->start[cpu];
}

uint64_t fw_counter_delta_sum(const struct fw_counter *c)
{
	uint64_t sum = 0;

	for (int cpu = 0; cpu < c->ncpus; cpu++)
		sum += fw_counter_delta(c, cpu);
	return sum;
}

void fw_counter_close(struct fw_counter *c)
{
	for (int cpu = 0; cpu < c->ncpus; cpu++)
		close(c->fd[cpu]);
	c->ncpus = 0;
}

bool pin_to_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof set, &set) == 0;
}
