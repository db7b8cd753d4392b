/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include "event_names.h"
#include "sbi_spec.h"

#define CACHE_IDS     7   /* SBI_PMU_HW_CACHE_L1D .. SBI_PMU_HW_CACHE_NODE */
#define CACHE_OPS     3   /* READ, WRITE, PREFETCH */
#define CACHE_RESULTS 2   /* ACCESS, MISS */

static const char *const general_names[SBI_PMU_HW_GENERAL_MAX] = {
	[SBI_PMU_HW_CPU_CYCLES] = "SBI_PMU_HW_CPU_CYCLES",
	[SBI_PMU_HW_INSTRUCTIONS] = "SBI_PMU_HW_INSTRUCTIONS",
	[SBI_PMU_HW_CACHE_REFERENCES] = "SBI_PMU_HW_CACHE_REFERENCES",
	[SBI_PMU_HW_CACHE_MISSES] = "SBI_PMU_HW_CACHE_MISSES",
	[SBI_PMU_HW_BRANCH_INSTRUCTIONS] = "SBI_PMU_HW_BRANCH_INSTRUCTIONS",
	[SBI_PMU_HW_BRANCH_MISSES] = "SBI_PMU_HW_BRANCH_MISSES",
	[SBI_PMU_HW_BUS_CYCLES] = "SBI_PMU_HW_BUS_CYCLES",
	[SBI_PMU_HW_STALLED_CYCLES_FRONTEND] = "SBI_PMU_HW_STALLED_CYCLES_FRONTEND",
	[SBI_PMU_HW_STALLED_CYCLES_BACKEND] = "SBI_PMU_HW_STALLED_CYCLES_BACKEND",
	[SBI_PMU_HW_REF_CPU_CYCLES] = "SBI_PMU_HW_REF_CPU_CYCLES",
};

static const char *const cache_ids[CACHE_IDS] = {
	"SBI_PMU_HW_CACHE_L1D", "SBI_PMU_HW_CACHE_L1I", "SBI_PMU_HW_CACHE_LL", "SBI_PMU_HW_CACHE_DTLB",
	"SBI_PMU_HW_CACHE_ITLB", "SBI_PMU_HW_CACHE_BPU", "SBI_PMU_HW_CACHE_NODE",
};
static const char *const cache_ops[CACHE_OPS] = {
	"SBI_PMU_HW_CACHE_OP_READ", "SBI_PMU_HW_CACHE_OP_WRITE", "SBI_PMU_HW_CACHE_OP_PREFETCH",
};
static const char *const cache_results[CACHE_RESULTS] = {
	"SBI_PMU_HW_CACHE_RESULT_ACCESS", "SBI_PMU_HW_CACHE_RESULT_MISS",
};
#define OP_PREFIX_LEN     (sizeof("SBI_PMU_HW_CACHE_OP_") - 1)
#define RESULT_PREFIX_LEN (sizeof("SBI_PMU_HW_CACHE_RESULT_") - 1)

/* event_idx.code of a cache event: [15:3] cache_id, [2:1] op_id, [0] result_id. */
static unsigned int cache_id(uint32_t idx) { return SBI_PMU_EVENT_IDX_CODE(idx) >> 3; }
static unsigned int cache_op(uint32_t idx) { return (idx >> 1) & 3; }
static unsigned int cache_result(uint32_t idx) { return idx & 1; }

static int is_cache_event(uint32_t idx)
{
	return idx >> 16 == SBI_PMU_EVENT_TYPE_HW_CACHE && cache_id(idx) < CACHE_IDS &&
	       cache_op(idx) < CACHE_OPS;
}

uint32_t standard_event_idx(unsigned int i)
{
	const unsigned int general = SBI_PMU_HW_GENERAL_MAX - 1;

	if (i < general)
		return i + 1;
	i -= general;
	/* cache_id, then op_id, then result_id: the order of Tables 3-5 */
	return SBI_PMU_EVENT_TYPE_HW_CACHE << 16 | (i / (CACHE_OPS * CACHE_RESULTS)) << 3 |
	       (i / CACHE_RESULTS % CACHE_OPS) << 1 | i % CACHE_RESULTS;
}

const char *cache_id_name(uint32_t idx)
{
	return is_cache_event(idx) ? cache_ids[cache_id(idx)] : NULL;
}

const char *cache_op_name(uint32_t idx)
{
	return is_cache_event(idx) ? cache_ops[cache_op(idx)] : NULL;
}

const char *cache_result_name(uint32_t idx)
{
	return is_cache_event(idx) ? cache_results[cache_result(idx)] : NULL;
}

void event_name(uint32_t idx, char *buf, size_t size)
{
	if (idx >> 16 == SBI_PMU_EVENT_TYPE_HW && idx > 0 && idx < SBI_PMU_HW_GENERAL_MAX)
		snprintf(buf, size, "%s", general_names[idx]);
	else if (is_cache_event(idx))
		snprintf(buf, size, "%s %s %s", cache_id_name(idx), cache_op_name(idx) + OP_PREFIX_LEN,
			 cache_result_name(idx) + RESULT_PREFIX_LEN);
	else
		snprintf(buf, size, "event 0x%x", (unsigned int)idx);
}
