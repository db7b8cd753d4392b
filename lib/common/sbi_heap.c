/* SPDX-License-Identifier: BSD-2-Clause */
#include "sbi_heap.h"
#include "sbi_string.h"

static uintptr_t heap_next, heap_limit;
static bool heap_sealed;

void sbi_heap_init(uintptr_t start, uintptr_t limit)
{
	heap_next = start;
	heap_limit = limit;
	heap_sealed = false;
}

void *sbi_heap_alloc(unsigned long size, unsigned long align)
{
	uintptr_t p = (heap_next + align - 1) & ~(uintptr_t)(align - 1);

	if (heap_sealed || p < heap_next || size > heap_limit - p || p > heap_limit)
		return NULL;
	heap_next = p + size;
	memset((void *)p, 0, size);
	return (void *)p;
}

uintptr_t sbi_heap_end(void)
{
	return heap_next;
}

uintptr_t sbi_heap_limit(void)
{
	return heap_limit;
}

void sbi_heap_seal(void)
{
	heap_sealed = true;
}
