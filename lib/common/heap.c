/* SPDX-License-Identifier: BSD-2-Clause */
#include "heap.h"
#include "libc_string.h"

/*
 * The heap counts in the firmware's addresses. Host builds (ABACUS_HOST: the
 * dry run, scripts/abacus-dryrun) run it on a board's addresses, with the
 * memory behind them heap_host_offset bytes away.
 */
#ifdef ABACUS_HOST
intptr_t heap_host_offset;
#define HEAP_MEMORY(p) ((void *)((p) + heap_host_offset))
#else
#define HEAP_MEMORY(p) ((void *)(p))
#endif

static uintptr_t heap_next, heap_limit;
/* The last gap an alignment left (before a 2 KiB hart block): later small allocations fill it. */
static uintptr_t hole_next, hole_end;
static bool heap_sealed;

void heap_init(uintptr_t start, uintptr_t limit)
{
	heap_next = start;
	heap_limit = limit;
	hole_next = hole_end = 0;
	heap_sealed = false;
}

/* align a power of two; 0 when it runs past end. */
static uintptr_t fit(uintptr_t next, uintptr_t end, unsigned long size, unsigned long align)
{
	uintptr_t p = (next + align - 1) & ~(uintptr_t)(align - 1);

	return p < next || p > end || size > end - p ? 0 : p;
}

void *heap_alloc(unsigned long size, unsigned long align)
{
	uintptr_t p;

	if (heap_sealed)
		return NULL;
	p = fit(hole_next, hole_end, size, align);
	if (p) {
		hole_next = p + size;
	} else {
		p = fit(heap_next, heap_limit, size, align);
		if (!p)
			return NULL;
		if (p - heap_next > hole_end - hole_next) {
			hole_next = heap_next;
			hole_end = p;
		}
		heap_next = p + size;
	}
	memset(HEAP_MEMORY(p), 0, size);
	return HEAP_MEMORY(p);
}

uintptr_t heap_end(void)
{
	return heap_next;
}

void heap_seal(void)
{
	heap_sealed = true;
}
