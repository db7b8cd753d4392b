/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>
#include "pmu/pmu_hw.h"
#include "report.h"

const char *counter_name(unsigned int idx, char *buf, size_t size)
{
	static const char *const fixed[] = { "mcycle", "time", "minstret" };

	if (idx < HART_MODEL_HPM_FIRST)
		return fixed[idx];
	snprintf(buf, size, "mhpmcounter%u", idx);
	return buf;
}

/* Appends s to buf (size bytes, NUL-terminated), truncating. */
static void append(char *buf, size_t size, const char *s)
{
	size_t len = strlen(buf);

	if (len + 1 < size)
		snprintf(buf + len, size - len, "%s", s);
}

void counter_set_text(uint64_t set, char *buf, size_t size)
{
	char name[32], part[64];
	unsigned int i = 0;

	buf[0] = '\0';
	while (i < 64) {
		unsigned int j = i;

		if (!(set >> i & 1)) {
			i++;
			continue;
		}
		/* A run of programmable counters i..j-1 becomes "mhpmcounterI-J". */
		while (i >= HART_MODEL_HPM_FIRST && j < 64 && (set >> j & 1))
			j++;
		if (buf[0])
			append(buf, size, ", ");
		if (i >= HART_MODEL_HPM_FIRST && j - i >= 2) {
			snprintf(part, sizeof(part), "%s-%u", counter_name(i, name, sizeof(name)), j - 1);
			append(buf, size, part);
			i = j;
		} else {
			append(buf, size, counter_name(i, name, sizeof(name)));
			i++;
		}
	}
	if (!buf[0])
		snprintf(buf, size, "none");
}

uint64_t shown_selector(const struct pmu_probe *p, uint64_t mhpmevent)
{
	return p->has_sscofpmf ? mhpmevent & ~(MHPMEVENT_OF | MHPMEVENT_FILTER_MASK) : mhpmevent;
}
