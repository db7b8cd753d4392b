/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the parts of the fuzz_sbi target share (fuzz_sbi.c: the program, the
 * memory and the PMU/base/legacy calls; fuzz_sbi3.c: SSE, FWFT and DBTR).
 */
#ifndef FUZZ_SBI_H
#define FUZZ_SBI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "sbi_types.h"

#define PAGE 4096UL
/* guard | firmware region | S-mode RAM x SRAM_PAGES | guard */
#define SRAM_PAGES 3
#define MAP_PAGES (SRAM_PAGES + 3)
#define SRAM_FIRST 2

struct input {
	const uint8_t *p;
	size_t n;
};

extern uint8_t *map_base;
extern unsigned long calls_checked;

void __attribute__((noreturn, format(printf, 1, 2))) fuzz_fail(const char *fmt, ...);
#define EXPECT(cond, ...) do { if (!(cond)) fuzz_fail(__VA_ARGS__); } while (0)

uint8_t take8(struct input *in);
unsigned int take16(struct input *in);
uint64_t take64(struct input *in);

unsigned long page_addr(unsigned int n);
unsigned long sram_base(void);
unsigned long sram_end(void);
/* Addresses: valid S-mode RAM, its edges, the firmware, guards, wraps, garbage. */
unsigned long gen_addr(struct input *in);
unsigned long gen_addr_hi(struct input *in);
/* [lo, lo + size) is S-mode RAM (hi must be 0). */
bool sram_range(unsigned long lo, unsigned long hi, uint64_t size);

/* Before a call: snapshot what it may not change. Then allow() what it may write. */
void state_save(void);
void allow(unsigned long addr, uint64_t len);
void check_memory(const char *what);

struct sbiret ecall(unsigned long eid, unsigned long fid, unsigned long a0, unsigned long a1,
		    unsigned long a2, unsigned long a3, unsigned long a4, unsigned long a5);
bool error_in(long error, const long *codes, size_t n);
#define EXPECT_ERROR_IN(ret, what, ...) do { \
	static const long codes_[] = { __VA_ARGS__ }; \
	EXPECT(error_in((ret).error, codes_, sizeof(codes_) / sizeof(codes_[0])), \
	       "%s returned %ld, not allowed by the spec", what, (ret).error); } while (0)

/* fuzz_sbi3.c: the SBI 3.0 extensions. */
void sbi3_machine_reset(void);
void call_sse(struct input *in);
void call_fwft(struct input *in);
void call_dbtr(struct input *in);
/* What happens on the way back to S-mode and between calls: delivery, completion, LCOFI, IPIs. */
void op_sse_machine(struct input *in);
void check_sbi3_consistent(void);

#endif
