/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Device registers: every access a driver makes to its device goes through
 * these. On the hart each is one load or store of its width (inline: the
 * same instructions as a volatile pointer); in host builds that simulate
 * devices (ABACUS_SIM_MMIO: the dry run, scripts/abacus-dryrun, and driver
 * tests, tests/host/host_mmio.c) they reach a simulated
 * device space instead, which answers reads and records writes, so the
 * drivers' own probes run there unchanged (docs/architecture.md, "Adding
 * things").
 */
#ifndef ABACUS_MMIO_H
#define ABACUS_MMIO_H

#include <stdbool.h>
#include <stdint.h>

#ifdef ABACUS_SIM_MMIO
uint64_t host_mmio_read(const volatile void *addr, unsigned int width);
void host_mmio_write(volatile void *addr, unsigned int width, uint64_t value);
/* A read or write that may fault (made with traps expected): *trapped set when it did. */
void host_mmio_access_expecting_trap(volatile void *addr, bool write, uint32_t *value);

static inline uint8_t mmio_read8(const volatile void *addr) { return (uint8_t)host_mmio_read(addr, 1); }
static inline uint16_t mmio_read16(const volatile void *addr) { return (uint16_t)host_mmio_read(addr, 2); }
static inline uint32_t mmio_read32(const volatile void *addr) { return (uint32_t)host_mmio_read(addr, 4); }
static inline uint64_t mmio_read64(const volatile void *addr) { return host_mmio_read(addr, 8); }
static inline void mmio_write8(volatile void *addr, uint8_t v) { host_mmio_write(addr, 1, v); }
static inline void mmio_write16(volatile void *addr, uint16_t v) { host_mmio_write(addr, 2, v); }
static inline void mmio_write32(volatile void *addr, uint32_t v) { host_mmio_write(addr, 4, v); }
static inline void mmio_write64(volatile void *addr, uint64_t v) { host_mmio_write(addr, 8, v); }
#define mmio_read32_expecting_trap(addr, value) host_mmio_access_expecting_trap(addr, false, value)
#define mmio_write32_expecting_trap(addr, value) host_mmio_access_expecting_trap(addr, true, &(uint32_t){ value })
#else   /* the hart, and host tests that give a driver real memory */
#define MMIO_INLINE static inline __attribute__((always_inline))

MMIO_INLINE uint8_t mmio_read8(const volatile void *addr) { return *(const volatile uint8_t *)addr; }
MMIO_INLINE uint16_t mmio_read16(const volatile void *addr) { return *(const volatile uint16_t *)addr; }
MMIO_INLINE uint32_t mmio_read32(const volatile void *addr) { return *(const volatile uint32_t *)addr; }
MMIO_INLINE uint64_t mmio_read64(const volatile void *addr) { return *(const volatile uint64_t *)addr; }
MMIO_INLINE void mmio_write8(volatile void *addr, uint8_t v) { *(volatile uint8_t *)addr = v; }
MMIO_INLINE void mmio_write16(volatile void *addr, uint16_t v) { *(volatile uint16_t *)addr = v; }
MMIO_INLINE void mmio_write32(volatile void *addr, uint32_t v) { *(volatile uint32_t *)addr = v; }
MMIO_INLINE void mmio_write64(volatile void *addr, uint64_t v) { *(volatile uint64_t *)addr = v; }

/*
 * For accesses made with traps expected (trap_expect_begin/end, a device a
 * wrong DT may name): one 4-byte instruction each (norvc), which the probe
 * vector steps over; a load that faults leaves *value as it was.
 */
#define mmio_read32_expecting_trap(addr, value) \
	__asm__ __volatile__(".option push\n.option norvc\nlw %0, 0(%1)\n.option pop" \
			     : "+&r"(*(value)) : "r"(addr) : "memory")
#define mmio_write32_expecting_trap(addr, value) \
	__asm__ __volatile__(".option push\n.option norvc\nsw %0, 0(%1)\n.option pop" \
			     : : "r"(value), "r"(addr) : "memory")
#endif

#endif
