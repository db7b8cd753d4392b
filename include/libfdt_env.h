/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Abacus' own environment for upstream libfdt (fetched at build time, never
 * committed): freestanding types, big-endian helpers and our string functions.
 */
#ifndef LIBFDT_ENV_H
#define LIBFDT_ENV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include "libc_string.h"

typedef uint16_t fdt16_t;
typedef uint32_t fdt32_t;
typedef uint64_t fdt64_t;

/* RISC-V is little-endian; the FDT is big-endian. Plain shifts: without Zbb
 * GCC would turn __builtin_bswap into libgcc calls we do not link. */
static inline uint16_t fdt_swab16(uint16_t x)
{
	return (uint16_t)((x >> 8) | (x << 8));
}

static inline uint32_t fdt_swab32(uint32_t x)
{
	return (x >> 24) | ((x >> 8) & 0xff00) | ((x << 8) & 0xff0000) | (x << 24);
}

static inline uint64_t fdt_swab64(uint64_t x)
{
	return ((uint64_t)fdt_swab32((uint32_t)x) << 32) | fdt_swab32((uint32_t)(x >> 32));
}

static inline uint16_t fdt16_to_cpu(fdt16_t x) { return fdt_swab16(x); }
static inline fdt16_t cpu_to_fdt16(uint16_t x) { return fdt_swab16(x); }
static inline uint32_t fdt32_to_cpu(fdt32_t x) { return fdt_swab32(x); }
static inline fdt32_t cpu_to_fdt32(uint32_t x) { return fdt_swab32(x); }
static inline uint64_t fdt64_to_cpu(fdt64_t x) { return fdt_swab64(x); }
static inline fdt64_t cpu_to_fdt64(uint64_t x) { return fdt_swab64(x); }

#endif
