/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE delivery on one hart (SSE chapter: injection, completion, priority):
 * what the handler gets (a6 = hart ID, a7 = ENTRY_ARG, sepc = interrupted
 * pc, sstatus.SPP/SPIE/SIE, the interrupted state in the attributes), that
 * completion resumes every register, sepc and sstatus bit exactly, that an
 * event injected while masked runs on unmask, that interrupts-disabled code
 * is preempted, ONESHOT, a handler changing the interrupted state, nesting
 * by priority (event_id breaking ties), and an event signalled while it
 * runs. With H (log SSE-H-yes) hstatus.SPV/SPVP are checked too.
 */
#include "ecall_probe.h"
#include "sse.h"

#define LOCAL_SW  SBI_SSE_EVENT_LOCAL_SOFTWARE
#define GLOBAL_SW SBI_SSE_EVENT_GLOBAL_SOFTWARE
#define CSR_HSTATUS 0x600
#define HSTATUS_SPV  (1UL << 7)
#define HSTATUS_SPVP (1UL << 8)
/* seen.interrupted[]: attributes INTERRUPTED_SEPC, _FLAGS, _A6, _A7. */
#define SSE_INTERRUPTED_SEPC_IDX  0
#define SSE_INTERRUPTED_FLAGS_IDX 1
#define SSE_INTERRUPTED_A6_IDX    2
#define SSE_INTERRUPTED_A7_IDX    3

/*
 * resume_probe(eid, fid, a0, a1): makes the ecall and returns 1, or 2 when
 * the code resumes at resume_probe_alt instead (a handler moved it there).
 */
unsigned long resume_probe(unsigned long eid, unsigned long fid, unsigned long a0, unsigned long a1);
extern char resume_probe_alt[];
__asm__(".section .text\n"
	".balign 4\n"
	"resume_probe:\n"
	"	mv a7, a0\n"
	"	mv a6, a1\n"
	"	mv a0, a2\n"
	"	mv a1, a3\n"
	"	ecall\n"
	"	li a0, 1\n"
	"	ret\n"
	"resume_probe_alt:\n"
	"	li a0, 2\n"
	"	ret\n");

static unsigned long hartid;
static bool has_h;

static uint8_t stacks[2][SSE_STACK_SIZE] __attribute__((aligned(16)));
static struct sse_handler_arg args[2];

/* What a handler saw. */
struct seen {
	unsigned long calls;
	unsigned long a6_hartid, sepc, sstatus, hstatus, status;
	unsigned long interrupted[4];
	unsigned long order;            /* global call sequence number */
};
static struct seen seen_local, seen_global;
static unsigned long sequence;

/* Options for the handlers. */
static unsigned long redirect_sepc;              /* handler's own sepc for the resumption */
static bool write_interrupted;                   /* handler writes INTERRUPTED_* */
static unsigned long inject_from_handler;        /* event the handler injects (0: none) */
static struct seen *seen_of_injected;

static void record(struct seen *s, unsigned long event, struct trap_frame *regs, unsigned long a6)
{
	s->calls++;
	s->order = ++sequence;
	s->a6_hartid = a6;
	s->sepc = regs->sepc;
	s->sstatus = regs->sstatus;
	s->hstatus = has_h ? csr_read(CSR_HSTATUS) : 0;
	s->status = sse_attr(event, SBI_SSE_ATTR_STATUS);
	CHECK_EQ(sbi_sse_read_attrs(event, SBI_SSE_ATTR_INTERRUPTED_SEPC, 4, (unsigned long)s->interrupted, 0).error,
		 SBI_SUCCESS);
}

static void handler(struct sse_handler_arg *arg, struct trap_frame *regs, unsigned long a6)
{
	unsigned long event = (unsigned long)arg->data;
	struct seen *s = event == LOCAL_SW ? &seen_local : &seen_global;

	record(s, event, regs, a6);
	/* Not writable while RUNNING. */
	CHECK_EQ(sse_attr_set(event, SBI_SSE_ATTR_PRIORITY, 0), SBI_ERR_INVALID_STATE);
	CHECK_EQ(sse_attr_set(event, SBI_SSE_ATTR_CONFIG, 0), SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_disable(event).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sbi_sse_unregister(event).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(sse_attr_set(event, SBI_SSE_ATTR_INTERRUPTED_FLAGS, 1UL << 6), SBI_ERR_INVALID_PARAM);
	if (inject_from_handler) {
		unsigned long other = inject_from_handler;
		inject_from_handler = 0;
		CHECK_EQ(sbi_sse_inject(other, hartid).error, SBI_SUCCESS);
		/* A higher priority event ran before the call returned; a lower one waits. */
		s->status = sse_attr(other, SBI_SSE_ATTR_STATUS);
		s->interrupted[0] = seen_of_injected->calls;
	}
	if (write_interrupted) {
		/* An even sepc: sepc[0] is always zero (privileged spec, "sepc");
		 * QEMU 7.2 kept an odd value written to it, QEMU 11.1 clears bit 0. */
		unsigned long v[4] = { 0x80badbac, SBI_SSE_FLAG_SSTATUS_SPP, 0x6666, 0x7777 };
		CHECK_EQ(sbi_sse_write_attrs(event, SBI_SSE_ATTR_INTERRUPTED_SEPC, 4, (unsigned long)v, 0).error,
			 SBI_SUCCESS);
	}
	if (redirect_sepc)
		regs->sepc = redirect_sepc;
}

static void setup_event(unsigned int i, unsigned long event, uint32_t priority)
{
	CHECK_EQ(sse_register_handler(event, &args[i], handler, (void *)event, stacks[i]).error, SBI_SUCCESS);
	CHECK_EQ(sse_attr_set(event, SBI_SSE_ATTR_PRIORITY, priority), SBI_SUCCESS);
	if (event == GLOBAL_SW)
		CHECK_EQ(sse_attr_set(event, SBI_SSE_ATTR_PREFERRED_HART, hartid), SBI_SUCCESS);
	CHECK_EQ(sbi_sse_enable(event).error, SBI_SUCCESS);
}

static void teardown_event(unsigned long event)
{
	CHECK_EQ(sbi_sse_disable(event).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_unregister(event).error, SBI_SUCCESS);
}

static void reset_seen(void)
{
	memset(&seen_local, 0, sizeof(seen_local));
	memset(&seen_global, 0, sizeof(seen_global));
	sequence = 0;
}

/* Held while masked, delivered by the unmask call itself. */
static void check_masked_then_unmask(void)
{
	reset_seen();
	setup_event(0, LOCAL_SW, 0);
	CHECK_EQ(sbi_sse_inject(LOCAL_SW, hartid).error, SBI_SUCCESS);
	CHECK_EQ(seen_local.calls, 0);
	CHECK(sse_attr(LOCAL_SW, SBI_SSE_ATTR_STATUS) & SBI_SSE_ATTR_STATUS_PENDING);
	CHECK_EQ(sbi_sse_hart_unmask().error, SBI_SUCCESS);
	CHECK_EQ(seen_local.calls, 1);
	CHECK_EQ(seen_local.a6_hartid, hartid);
	/* In the handler: RUNNING, no longer pending, injectable. */
	CHECK_EQ(seen_local.status, SBI_SSE_STATE_RUNNING | SBI_SSE_ATTR_STATUS_INJECT);
	/* The interrupted a6/a7: the unmask call's FID and EID. */
	CHECK_EQ(seen_local.interrupted[SSE_INTERRUPTED_A6_IDX], SBI_SSE_HART_UNMASK);
	CHECK_EQ(seen_local.interrupted[SSE_INTERRUPTED_A7_IDX], SBI_EXT_SSE);
	CHECK_EQ(sse_state(LOCAL_SW), SBI_SSE_STATE_ENABLED);
	CHECK(!(sse_attr(LOCAL_SW, SBI_SSE_ATTR_STATUS) & SBI_SSE_ATTR_STATUS_PENDING));
	/* Masked again: injections wait again. */
	CHECK_EQ(sbi_sse_hart_mask().error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_inject(LOCAL_SW, hartid).error, SBI_SUCCESS);
	CHECK_EQ(seen_local.calls, 1);
	CHECK_EQ(sbi_sse_hart_unmask().error, SBI_SUCCESS);
	CHECK_EQ(seen_local.calls, 2);
	teardown_event(LOCAL_SW);
}

/* Every register, sepc and the sstatus/hstatus bits as they were. */
static void check_context_exact(bool sie, bool spp, bool spie)
{
	struct ecall_probe p = { .arg = { LOCAL_SW, hartid, 0, 0, 0, 0, SBI_SSE_INJECT, SBI_EXT_SSE } };
	unsigned long gp, tp, sstatus, flags = 0;

	reset_seen();
	setup_event(0, LOCAL_SW, 0);
	csr_clear(sstatus, SSTATUS_SIE | SSTATUS_SPP | SSTATUS_SPIE);
	csr_set(sstatus, (spp ? SSTATUS_SPP : 0) | (spie ? SSTATUS_SPIE : 0));
	csr_write(sepc, 0x80001234);
	if (has_h) {
		csr_set(CSR_HSTATUS, HSTATUS_SPV | HSTATUS_SPVP);
		flags |= SBI_SSE_FLAG_HSTATUS_SPV | SBI_SSE_FLAG_HSTATUS_SPVP;
	}
	if (sie)
		csr_set(sstatus, SSTATUS_SIE);   /* sie has nothing enabled: no interrupt */
	ecall_probe(&p);
	sstatus = csr_read(sstatus);
	csr_clear(sstatus, SSTATUS_SIE);
	__asm__ volatile("mv %0, gp\n\tmv %1, tp" : "=r"(gp), "=r"(tp));
	CHECK_EQ(seen_local.calls, 1);
	/* The handler entered as the chapter says. */
	CHECK_EQ(seen_local.a6_hartid, hartid);
	CHECK(seen_local.sepc > (unsigned long)ecall_probe && seen_local.sepc < (unsigned long)ecall_probe + 512);
	CHECK_EQ(seen_local.sstatus & (SSTATUS_SPP | SSTATUS_SPIE | SSTATUS_SIE),
		 SSTATUS_SPP | (sie ? SSTATUS_SPIE : 0));
	if (has_h)
		CHECK_EQ(seen_local.hstatus & (HSTATUS_SPV | HSTATUS_SPVP), HSTATUS_SPVP);   /* V was 0; SPVP kept */
	if (spp)
		flags |= SBI_SSE_FLAG_SSTATUS_SPP;
	if (spie)
		flags |= SBI_SSE_FLAG_SSTATUS_SPIE;
	CHECK_EQ(seen_local.interrupted[SSE_INTERRUPTED_SEPC_IDX], 0x80001234);
	CHECK_EQ(seen_local.interrupted[SSE_INTERRUPTED_FLAGS_IDX], flags);
	CHECK_EQ(seen_local.interrupted[SSE_INTERRUPTED_A6_IDX], SBI_SSE_INJECT);
	CHECK_EQ(seen_local.interrupted[SSE_INTERRUPTED_A7_IDX], SBI_EXT_SSE);
	/* ... and everything came back. */
	CHECK_EQ(p.after[10], SBI_SUCCESS);
	CHECK_EQ(p.after[16], SBI_SSE_INJECT);
	CHECK_EQ(p.after[17], SBI_EXT_SSE);
	CHECK_EQ(p.after[2], p.sp_before);
	CHECK_EQ(p.after[3], gp);
	CHECK_EQ(p.after[4], tp);
	for (unsigned int n = 1; n < 32; n++)
		if (n != 2 && n != 3 && n != 4 && (n < 10 || n > 17))
			CHECK_EQ(p.after[n], ECALL_PROBE_PATTERN(n));
	CHECK_EQ(p.after[0], 0x80001234);                  /* sepc */
	CHECK_EQ(sstatus & (SSTATUS_SPP | SSTATUS_SPIE | SSTATUS_SIE),
		 (spp ? SSTATUS_SPP : 0) | (spie ? SSTATUS_SPIE : 0) | (sie ? SSTATUS_SIE : 0));
	if (has_h) {
		CHECK_EQ(csr_read(CSR_HSTATUS) & (HSTATUS_SPV | HSTATUS_SPVP), HSTATUS_SPV | HSTATUS_SPVP);
		csr_clear(CSR_HSTATUS, HSTATUS_SPV | HSTATUS_SPVP);
	}
	teardown_event(LOCAL_SW);
}

/* The handler rewrites INTERRUPTED_*: the resumed context has those values. */
static void check_handler_changes_interrupted_state(void)
{
	struct ecall_probe p = { .arg = { LOCAL_SW, hartid, 0, 0, 0, 0, SBI_SSE_INJECT, SBI_EXT_SSE } };

	reset_seen();
	setup_event(0, LOCAL_SW, 0);
	csr_clear(sstatus, SSTATUS_SPP | SSTATUS_SPIE);
	csr_set(sstatus, SSTATUS_SPIE);
	write_interrupted = true;
	ecall_probe(&p);
	write_interrupted = false;
	CHECK_EQ(seen_local.calls, 1);
	CHECK_EQ(p.after[0], 0x80badbac);
	CHECK_EQ(p.after[16], 0x6666);
	CHECK_EQ(p.after[17], 0x7777);
	CHECK_EQ(csr_read(sstatus) & (SSTATUS_SPP | SSTATUS_SPIE), SSTATUS_SPP);
	/* The handler moves its own sepc: the code resumes there. */
	redirect_sepc = (unsigned long)resume_probe_alt;
	CHECK_EQ(resume_probe(SBI_EXT_SSE, SBI_SSE_INJECT, LOCAL_SW, hartid), 2);
	redirect_sepc = 0;
	CHECK_EQ(seen_local.calls, 2);
	CHECK_EQ(resume_probe(SBI_EXT_SSE, SBI_SSE_INJECT, LOCAL_SW, hartid), 1);
	teardown_event(LOCAL_SW);
}

static void check_oneshot(void)
{
	reset_seen();
	CHECK_EQ(sse_register_handler(LOCAL_SW, &args[0], handler, (void *)(unsigned long)LOCAL_SW, stacks[0]).error, 0);
	CHECK_EQ(sse_attr_set(LOCAL_SW, SBI_SSE_ATTR_CONFIG, SBI_SSE_ATTR_CONFIG_ONESHOT), SBI_SUCCESS);
	CHECK_EQ(sbi_sse_enable(LOCAL_SW).error, SBI_SUCCESS);
	CHECK_EQ(sbi_sse_inject(LOCAL_SW, hartid).error, SBI_SUCCESS);
	CHECK_EQ(seen_local.calls, 1);
	CHECK_EQ(sse_state(LOCAL_SW), SBI_SSE_STATE_REGISTERED);
	/* Registered only: pending until enabled again. */
	CHECK_EQ(sbi_sse_inject(LOCAL_SW, hartid).error, SBI_SUCCESS);
	CHECK_EQ(seen_local.calls, 1);
	CHECK_EQ(sbi_sse_enable(LOCAL_SW).error, SBI_SUCCESS);
	CHECK_EQ(seen_local.calls, 2);
	CHECK_EQ(sse_state(LOCAL_SW), SBI_SSE_STATE_REGISTERED);
	CHECK_EQ(sse_attr_set(LOCAL_SW, SBI_SSE_ATTR_CONFIG, 0), SBI_SUCCESS);
	CHECK_EQ(sbi_sse_unregister(LOCAL_SW).error, SBI_SUCCESS);
}

/*
 * hi: the handler of `first` injects `second`, which outranks it: second runs
 * before the inject call returns. lo: second ranks lower: it waits.
 */
static void check_nesting(unsigned long first, uint32_t prio_first, unsigned long second, uint32_t prio_second,
			  bool nested)
{
	struct seen *s1 = first == LOCAL_SW ? &seen_local : &seen_global;
	struct seen *s2 = second == LOCAL_SW ? &seen_local : &seen_global;

	reset_seen();
	setup_event(0, first, prio_first);
	setup_event(1, second, prio_second);
	inject_from_handler = second;
	seen_of_injected = s2;
	CHECK_EQ(sbi_sse_inject(first, hartid).error, SBI_SUCCESS);
	CHECK_EQ(s1->calls, 1);
	CHECK_EQ(s2->calls, 1);
	if (nested) {
		CHECK_EQ(s1->interrupted[0], 1);      /* second had run when the inject returned */
		CHECK_EQ(s1->status, SBI_SSE_STATE_ENABLED | SBI_SSE_ATTR_STATUS_INJECT);
		CHECK_EQ(s2->order, 2);
		/* The nested handler interrupted first's handler, in S-mode. */
		CHECK(s2->sstatus & SSTATUS_SPP);
		CHECK_EQ(s2->interrupted[SSE_INTERRUPTED_A6_IDX], SBI_SSE_INJECT);
	} else {
		CHECK_EQ(s1->interrupted[0], 0);      /* not yet */
		CHECK_EQ(s1->status, SBI_SSE_STATE_ENABLED | SBI_SSE_ATTR_STATUS_PENDING | SBI_SSE_ATTR_STATUS_INJECT);
		CHECK_EQ(s1->order, 1);
		CHECK_EQ(s2->order, 2);
	}
	teardown_event(first);
	teardown_event(second);
}

/* An event signalled again while its handler runs is taken after it completes. */
static void check_signalled_while_running(void)
{
	reset_seen();
	setup_event(0, LOCAL_SW, 0);
	inject_from_handler = LOCAL_SW;
	seen_of_injected = &seen_local;
	CHECK_EQ(sbi_sse_inject(LOCAL_SW, hartid).error, SBI_SUCCESS);
	CHECK_EQ(seen_local.calls, 2);
	CHECK_EQ(seen_local.status, SBI_SSE_STATE_RUNNING | SBI_SSE_ATTR_STATUS_INJECT);  /* second call: no re-inject */
	teardown_event(LOCAL_SW);
}

void payload_main(unsigned long id, unsigned long dtb)
{
	(void)dtb;
	hartid = id;
	test_start("sse_delivery");
	has_h = dt_isa_has_letter('h');
	printf("SSE-H-%s\n", has_h ? "yes" : "no");
	check_masked_then_unmask();
	CHECK_EQ(sbi_sse_hart_unmask().error, SBI_ERR_ALREADY_STARTED);   /* left unmasked */
	/* Interrupts off or on, whatever SPP/SPIE: delivered, and all restored. */
	check_context_exact(false, false, false);
	check_context_exact(false, true, true);
	check_context_exact(true, false, true);
	check_context_exact(true, true, false);
	check_handler_changes_interrupted_state();
	check_oneshot();
	/* Same priority: the lower event_id (local 0xffff0000) ranks higher. */
	check_nesting(GLOBAL_SW, 0, LOCAL_SW, 0, true);
	check_nesting(LOCAL_SW, 0, GLOBAL_SW, 0, false);
	/* PRIORITY decides before event_id. */
	check_nesting(LOCAL_SW, 10, GLOBAL_SW, 5, true);
	check_nesting(GLOBAL_SW, 5, LOCAL_SW, 10, false);
	check_signalled_while_running();
	CHECK_EQ(sbi_sse_complete().error, SBI_SUCCESS);   /* nothing running: nothing happens */
}
