/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The machine the dry run boots the firmware on: a simulated hart per cpu
 * node (its CSRs, counters, triggers and PMP, from a hart model and the
 * node's ISA: machine.c), a simulated device space behind every DT node's
 * reg (devices.c), and the points where the firmware would leave C for good
 * (park, the next stage), which end a hart's run here (boot_run.c).
 */
#ifndef ABACUS_DRYRUN_MACHINE_H
#define ABACUS_DRYRUN_MACHINE_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include "hart.h"
#include "hart_model.h"
#include "sim_hart.h"
#include "sim_triggers.h"
#include "trap_expect.h"

/* RV64 IMSIC interrupt-file registers: eie/eip 0, 2, ..., 62. */
#define MACHINE_IMSIC_REGS 32

struct machine_csrs {
	unsigned long mstatus, medeleg, mideleg, mie, mip, mtvec, mscratch, mepc, mcause, mtval;
	unsigned long mcounteren, menvcfg, mseccfg, mstateen[4], sstateen[4], hstateen[4];
	unsigned long sie, stvec, sscratch, sepc, scause, stval, satp, stimecmp, siselect;
	unsigned long mvien, miselect, eidelivery, eithreshold, eie[MACHINE_IMSIC_REGS];
};

/* How a hart's run ended (boot_run.c). */
enum machine_stop {
	STOP_NONE,          /* still running (or never run) */
	STOP_PARKED,        /* park(): boot failed, or the hart was left out */
	STOP_HSM_STOPPED,   /* set up, waiting in HSM's stopped state */
	STOP_BOOT_DONE,     /* the boot hart reached S-mode's DT placement: the end of the dry run */
	STOP_FATAL_TRAP,    /* an access the hart or the device space does not have, outside a probe */
};

struct machine_hart {
	unsigned long hartid;
	int cpu_node;
	bool enabled;                    /* its cpu node is "okay" */
	struct hart_model model;
	const char *model_source;        /* "preset", "cpu compatible", "the DT" */
	uint32_t isa;                    /* HART_HAS_* its DT ISA names (fdt_cpu_isa_features) */
	bool misa_s, misa_h;             /* misa's S and H: the ISA's letters, or an MMU for S */
	uint64_t pmu_dt_counters;        /* the "dt" model: the counters the riscv,pmu node names */
	struct machine_csrs csr;
	struct sim_hart pmu;             /* its counters while another hart is current */
	struct sim_triggers triggers;
	struct trap_expect expect;       /* trap_expect_begin/end without a hart_state */
	/* The PMP as pmp_deny wrote it (pmp_sim.c). */
	unsigned int pmp_used;
	unsigned long pmpaddr[64];
	uint8_t pmpcfg[64];
	struct hart_state *hs;           /* the firmware's, once cold boot laid the harts out */
	enum machine_stop stop;
	char stop_detail[192];
};

struct machine {
	const void *fdt;                 /* the loader's DT */
	struct machine_hart *harts;
	unsigned int nr_harts;
	struct machine_hart *current;
	jmp_buf *run;                    /* where a hart's run ends (machine_stop) */
	uint64_t time;                   /* the time CSR: advances on every read */
};

extern struct machine machine;

/* A hart per cpu node with a hartid, each from its model (--hart; "auto": by cpu compatible, else the DT);
 * fdt NULL (a DTB boot refuses): one hart 0. */
int machine_init(const void *fdt, const char *hart_option, char *why, size_t why_size);
/* Makes h the calling hart: its CSRs, counters, triggers, and the firmware's current_hart(). */
void machine_select(struct machine_hart *h);
struct machine_hart *machine_hart_by_id(unsigned long hartid);
/* Runs fn(arg) on the selected hart until it returns or the hart stops (machine_stop). */
enum machine_stop machine_run(void (*fn)(void *), void *arg);
/* Ends the calling hart's run. */
void machine_stop(enum machine_stop why, const char *fmt, ...) __attribute__((noreturn, format(printf, 2, 3)));
/* An access the machine does not have: skipped when a trap is expected (trap_expect), else a fatal trap. */
void machine_trap(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
