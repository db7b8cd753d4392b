/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An empty memory map for a host test or fuzzer (include/memory_map.h): its
 * tables live on the boot-time heap, so the heap restarts on a buffer of its
 * own each time (link lib/common/heap.c with lib/common/smode_memory.c).
 */
#ifndef ABACUS_HOST_MEMORY_H
#define ABACUS_HOST_MEMORY_H

#include <stdint.h>
#include <string.h>
#include "heap.h"
#include "memory_map.h"

static inline void host_memory_reset(void)
{
	static uint64_t heap[8192];

	heap_init((uintptr_t)heap, (uintptr_t)heap + sizeof(heap));
	memset(&memory_map, 0, sizeof(memory_map));
}

#endif
