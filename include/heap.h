/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Boot-time allocation inside the firmware region, after the image: per-hart
 * blocks, the hart table, the DTB copy and every table whose size the DT
 * decides (RAM ranges, firmware devices, the PMP plan). Memory is
 * never freed; the region is sized (and PMP-protected) once allocation is
 * done, and then the heap is sealed: nothing allocated later could lie
 * outside the protected region. The gap an alignment leaves (below a 2 KiB
 * hart block: up to 2 KiB) is kept and filled by later allocations that fit
 * (the firmware-device tables), so they do not grow the region past a
 * power of two for nothing.
 */
#ifndef ABACUS_HEAP_H
#define ABACUS_HEAP_H

#include <stdbool.h>
#include <stdint.h>

void heap_init(uintptr_t start, uintptr_t limit);
/* Zeroed memory, or NULL when the firmware region is full or the heap is sealed. */
void *heap_alloc(unsigned long size, unsigned long align);
uintptr_t heap_end(void);
/* No allocation after this (boot: the firmware region is fixed). */
void heap_seal(void);

#endif
