/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Boot-time allocation inside the firmware region, after the image: per-hart
 * blocks, the hart table and the DTB copy. Memory is never freed; the region
 * is sized (and PMP-protected) once allocation is done.
 */
#ifndef ABACUS_SBI_HEAP_H
#define ABACUS_SBI_HEAP_H

#include <stdint.h>

void sbi_heap_init(uintptr_t start, uintptr_t limit);
/* Zeroed memory, or NULL when the firmware region is full. */
void *sbi_heap_alloc(unsigned long size, unsigned long align);
uintptr_t sbi_heap_end(void);

#endif
