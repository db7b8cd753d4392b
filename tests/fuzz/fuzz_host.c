/* SPDX-License-Identifier: BSD-2-Clause */
/* The host machine of the fuzzers; see fuzz_host.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "reset_device.h"
#include "fuzz_host.h"
#include "hart_lifecycle.h"
#include "hart_switch.h"
#include "ipi_device.h"
#include "riscv_csr.h"
#include "console.h"
#include "sbi_ecall.h"
#include "hsm/hsm.h"
#include "ipi.h"
#include "sbi_spec.h"
#include "time/smode_timer.h"
#include "timer_device.h"

struct hart_state *host_current_hart;
struct host_hart host_harts[HOST_HARTS];
unsigned int host_current;
/* Not 0..n-1: hart_by_id must search, and a mask base of 64 reaches the last. */
const unsigned long host_hartids[HOST_HARTS] = { 0, 1, 2, 3, 64 };
static struct hart_state *host_table[HOST_HARTS];
static uint32_t host_msip[HOST_HARTS];       /* stand-in MSWI registers */

/* The stand-in doorbell: it counts (ipis_raised). */
static void host_doorbell_send(struct hart_state *hs)
{
	host_harts[hs->index].ipis_raised++;
}

static void host_doorbell_clear(struct hart_state *hs)
{
	(void)hs;
}

static const struct ipi_device host_doorbell = { 0, host_doorbell_send, host_doorbell_clear, "host" };

struct host_console host_console;
struct host_call host_last_call;

static unsigned long host_mip;

void host_select_hart(unsigned int i)
{
	if (i == host_current && host_current_hart == host_harts[i].hs)
		return;
	host_harts[host_current].sim = sim;
	sim = host_harts[i].sim;
	host_harts[host_current].triggers = sim_triggers;
	sim_triggers = host_harts[i].triggers;
	host_current = i;
	host_current_hart = host_harts[i].hs;
}

/* ---- Console device ---- */

/* A UART that takes `room` more bytes, then is full until the input gives it room again. */
static bool host_console_putc(char c)
{
	if (host_console.room == 0)
		return false;
	if (host_console.room > 0)
		host_console.room--;
	if (host_console.since_mark < HOST_CONSOLE_KEEP)
		host_console.last[host_console.since_mark] = (uint8_t)c;
	host_console.since_mark++;
	host_console.bytes++;
	return true;
}

/* The machine's time source, for the console's wait: half a millisecond a look. */
static uint64_t host_clock;

static uint64_t host_clock_now(void)
{
	return host_clock += 500;
}

static const struct timer_device host_timer = { .now = host_clock_now };

static int host_console_getc(void)
{
	if (host_console.input_pos >= host_console.input_len)
		return -1;
	return host_console.input[host_console.input_pos++];
}

static const struct console_device host_console_device = {
	.name = "host",
	.try_putc = host_console_putc,
	.getc = host_console_getc,
};

void host_console_mark(void)
{
	host_console.since_mark = 0;
}

void host_call_clear(void)
{
	memset(&host_last_call, 0, sizeof(host_last_call));
}

static void host_record(const char *fn, unsigned long a0, unsigned long a1, unsigned long a2,
			unsigned long a3, unsigned long a4, unsigned long a5)
{
	unsigned long count = host_last_call.count + 1;

	host_last_call = (struct host_call){ fn, { a0, a1, a2, a3, a4, a5 }, count };
}

void host_machine_reset(const struct sim_hart_config *const cfgs[HOST_HARTS])
{
	for (unsigned int i = 0; i < HOST_HARTS; i++) {
		struct hart_state *hs = host_harts[i].hs;

		if (!hs) {
			hs = aligned_alloc(16, sizeof(*hs));
			host_harts[i].hs = hs;
			host_table[i] = hs;
		}
		memset(hs, 0, sizeof(*hs));
		hs->hartid = host_hartids[i];
		hs->index = i;
		hs->ext = &host_harts[i].ext;    /* set up by the SBI 3.0 part of the target */
		hs->features = i == HOST_HART_NO_SMODE ? 0 : HART_HAS_S | (i & 1 ? HART_HAS_H : 0);
		hs->run_state = i == HOST_HART_NO_SMODE ? SBI_HSM_STATE_STOPPED : SBI_HSM_STATE_STARTED;
		hs->presence = HART_READY;
		/* Every hart has an MSWI slot, as boot requires of a hart it offers
		 * (only a lone hart may lack one); the doorbell above counts. */
		hart_set_ipi_device(hs, &host_doorbell, &host_msip[i]);
		host_harts[i].ipis_raised = 0;

		/* Probe its PMU on its own CSRs. */
		host_current = i;
		host_current_hart = hs;
		sim_hart_reset(cfgs[i]);
		pmu_hart_init(&hs->pmu, cfgs[i]->has_sscofpmf, cfgs[i]->has_smcntrpmf);
		host_harts[i].sim = sim;
	}
	hart_table = host_table;
	hart_count = HOST_HARTS;
	boot_hartid = 0;
	host_select_hart(0);

	memset(&host_console, 0, sizeof(host_console));
	host_console.room = -1;
	console_set_device(&host_console_device);
	timer_device_set(&host_timer);
	timer_set_hz(1000000);
	/* As boot does: a hart waiting for the console serves its IPIs. */
	console_set_wait_hook(ipi_serve_pending);
	host_call_clear();
	host_mip = 0;
}

/* ---- CSRs the ecall glue reads (tests/fuzz/host/riscv_csr.h) ---- */

unsigned long host_csr_read(unsigned int csr)
{
	switch (csr) {
	case CSR_MVENDORID: return HOST_MVENDORID;
	case CSR_MARCHID: return HOST_MARCHID;
	case CSR_MIMPID: return HOST_MIMPID;
	case CSR_MIP: return host_mip;
	case CSR_MHARTID: return host_hartids[host_current];   /* the console lock's owner */
	default:
		fprintf(stderr, "fuzz_host: the firmware read CSR 0x%x, which the harness does not model\n", csr);
		abort();
	}
}

void host_csr_write(unsigned int csr, unsigned long value)
{
	if (csr != CSR_MIP) {
		fprintf(stderr, "fuzz_host: the firmware wrote CSR 0x%x, which the harness does not model\n", csr);
		abort();
	}
	host_mip = value;
}

unsigned long host_csr_set(unsigned int csr, unsigned long bits)
{
	unsigned long old = host_csr_read(csr);

	host_csr_write(csr, old | bits);
	return old;
}

unsigned long host_csr_clear(unsigned int csr, unsigned long bits)
{
	unsigned long old = host_csr_read(csr);

	host_csr_write(csr, old & ~bits);
	return old;
}

/* ---- Stand-ins for hardware services (harness level only) ---- */

struct sbiret sbi_hsm_hart_stop(struct hart_state *hs)
{
	host_record("hsm_stop", hs->hartid, 0, 0, 0, 0, 0);
	return sbiret_err(SBI_ERR_FAILED);
}

struct sbiret sbi_hsm_hart_suspend(struct hart_state *hs, uint32_t type, unsigned long resume_addr,
				   unsigned long opaque)
{
	host_record("hsm_suspend", hs->hartid, type, resume_addr, opaque, 0, 0);
	return sbiret_ok(0);
}

/* What only the firmware's HSM loops reach (tests/fuzz/fuzz_hsm.c): never, in the harness. */
static void __attribute__((noreturn)) host_not_reached(const char *what)
{
	fprintf(stderr, "fuzz_host: %s reached: the harness does not model it\n", what);
	abort();
}

void host_wfi(void)
{
	host_not_reached("wfi");
}

void hart_enter_next_mode(unsigned long a0, unsigned long a1, unsigned long addr, unsigned long mode,
			  unsigned long stack_top)
{
	(void)a0, (void)a1, (void)addr, (void)mode, (void)stack_top;
	host_not_reached("hart_enter_next_mode");
}

void smode_timer_process(void)
{
	host_not_reached("smode_timer_process");
}

void hart_lifecycle_reset(struct hart_state *hs)
{
	(void)hs;
	host_not_reached("hart_lifecycle_reset");
}

struct sbiret sbi_rfence(unsigned long hart_mask, unsigned long hart_mask_base, unsigned long fid,
			 unsigned long start, unsigned long size, unsigned long asid_vmid)
{
	host_record("rfence", hart_mask, hart_mask_base, fid, start, size, asid_vmid);
	return sbiret_ok(0);
}

void smode_timer_set(uint64_t stime_value)
{
	host_record("timer_set", stime_value, 0, 0, 0, 0, 0);
}

bool reset_supported(unsigned long type)
{
	return HOST_RESET_SUPPORTED(type);
}

void reset_system(unsigned long type, unsigned long reason)
{
	/* The real device does not return; the glue then answers SBI_ERR_FAILED. */
	host_record("reset_system", type, reason, 0, 0, 0, 0);
}

/* Legacy calls read S-mode memory with MPRV (real hardware): routing only. */
struct sbiret sbi_ecall_legacy(unsigned long a0, unsigned long a1, unsigned long a2, unsigned long a3,
			       unsigned long a4, unsigned long a5, unsigned long eid)
{
	host_record("legacy", a0, a1, a2, a3, a4, eid);
	(void)a5;
	return sbiret_err(SBI_ERR_NOT_SUPPORTED);
}
