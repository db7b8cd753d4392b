/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The AIA as S-mode meets it (QEMU virt with aia=aplic-imsic or aia=aplic,
 * -cpu rv64,x-smaia=true,x-ssaia=true):
 *
 * - the DT S-mode gets has the machine-level IMSIC and APLIC nodes
 *   disabled, its own supervisor-level ones enabled, and the S-level APLIC's
 *   msi-parent (MSI mode) is an enabled S-level IMSIC;
 * - S-mode loads and stores anywhere in the M-level IMSIC files and the
 *   M-level APLIC domain fault (access faults handed to S-mode, stval the
 *   address): PMP, the firmware owns them;
 * - a wired device interrupt reaches S-mode through the S-level APLIC: the
 *   goldfish RTC's alarm (QEMU's rtc node, source 11, level-high), set in
 *   the past so it fires at once, on the boot hart and on another hart. In
 *   MSI mode the S-level domain forwards it to the hart's S-level IMSIC
 *   file (siselect/sireg, claimed with stopei), in direct mode through the
 *   hart's IDC (claimi). It can only arrive if the M-level domain delegated
 *   the source to the S-level one, and, in MSI mode, set the S-level MSI
 *   addresses (smsiaddrcfg): both are the firmware's. The S-level domain
 *   is initialised first, as S-mode's own (every source inactive).
 *
 * Informational lines (QEMU 7.2's behaviour, not the firmware's; docs/aia.md):
 * - QEMU-APLIC-LEVEL-SETIPNUM: in MSI mode a write of a level-triggered
 *   source to setipnum_le while its line is low must not set it pending
 *   (AIA 4.7); QEMU 7.2 does (Linux 6.12 writes it at every EOI: an IRQ
 *   storm on the UART);
 * - QEMU-HVIEN: whether hvien/hvip bit 13 (LCOFI) are writable, which KVM
 *   needs to give a guest its counter-overflow interrupt.
 */
#include <libfdt.h>
#include "payload.h"

#define CAUSE_STORE_ACCESS 7
#define IRQ_S_EXT          9
#define MAX_NODES          8
#define RTC_EIID           11      /* the identity the S-level domain forwards the RTC as (MSI mode) */

/* APLIC domain registers (AIA 4.5) */
#define APLIC_DOMAINCFG      0x0000
#define APLIC_SOURCECFG(i)   (0x0004 + 4 * ((i) - 1))
#define APLIC_SETIPNUM_LE    0x2000
#define APLIC_SETIENUM       0x1edc
#define APLIC_CLRIENUM       0x1fdc
#define APLIC_CLRIE(k)       (0x1f00 + 4 * (k))
#define APLIC_TARGET(i)      (0x3004 + 4 * ((i) - 1))
#define APLIC_IDC(n)         (0x4000 + 32 * (n))
#define APLIC_IDC_IDELIVERY  0x00
#define APLIC_IDC_ITHRESHOLD 0x08
#define APLIC_IDC_TOPI       0x18
#define APLIC_IDC_CLAIMI     0x1c
#define DOMAINCFG_IE         (1U << 8)
#define DOMAINCFG_DM         (1U << 2)
#define SOURCECFG_LEVEL1     6
/* S-level IMSIC file registers (siselect, AIA 5.3) and CSRs */
#define CSR_SISELECT  0x150
#define CSR_SIREG     0x151
#define CSR_STOPEI    0x15c
#define CSR_HVIEN     0x608
#define CSR_HVIP      0x645
#define ISEL_EIDELIVERY  0x70
#define ISEL_EITHRESHOLD 0x72
#define ISEL_EIE0        0xc0
/* goldfish RTC (QEMU hw/rtc/goldfish_rtc.c) */
#define RTC_ALARM_LOW       0x08
#define RTC_ALARM_HIGH      0x0c
#define RTC_IRQ_ENABLED     0x10
#define RTC_CLEAR_INTERRUPT 0x1c

enum level { LEVEL_UNKNOWN, LEVEL_M, LEVEL_S };

struct aia_node {
	int node;
	bool imsic;
	enum level level;
	bool enabled;
	uint64_t base, size;
};

static struct aia_node nodes[MAX_NODES];
static int nnodes;
static const struct aia_node *s_aplic, *s_imsic;
static bool msi_mode;

static volatile unsigned long faults, last_cause, last_tval;
static volatile unsigned long rtc_irqs[PAYLOAD_MAX_HARTS], rtc_claim[PAYLOAD_MAX_HARTS];
static volatile unsigned long illegal;
static uint64_t rtc_base;
static uint32_t rtc_source;
static unsigned int delivered_harts;

static void w32(uint64_t addr, uint32_t v)
{
	*(volatile uint32_t *)(uintptr_t)addr = v;
}

static uint32_t r32(uint64_t addr)
{
	return *(volatile uint32_t *)(uintptr_t)addr;
}

/* ---- DT ---- */

/* The level of <intc irq> pairs: 11 machine, 9 supervisor. */
static enum level pairs_level(const void *fdt, int node)
{
	int len;
	const fdt32_t *ie = fdt_getprop(fdt, node, "interrupts-extended", &len);

	if (!ie || len < 8)
		return LEVEL_UNKNOWN;
	switch (fdt32_to_cpu(ie[1])) {
	case 11: return LEVEL_M;
	case 9: return LEVEL_S;
	default: return LEVEL_UNKNOWN;
	}
}

static enum level node_level(const void *fdt, int node)
{
	int len;
	const fdt32_t *msi = fdt_getprop(fdt, node, "msi-parent", &len);

	if (msi && len >= 4)
		return pairs_level(fdt, fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(msi[0])));
	return pairs_level(fdt, node);
}

static void find_nodes(const void *fdt)
{
	static const char *const compat[] = { "riscv,imsics", "riscv,aplic" };

	for (unsigned int c = 0; c < ARRAY_SIZE(compat); c++)
		for (int node = fdt_node_offset_by_compatible(fdt, -1, compat[c]); node >= 0 && nnodes < MAX_NODES;
		     node = fdt_node_offset_by_compatible(fdt, node, compat[c])) {
			struct aia_node *n = &nodes[nnodes++];
			n->node = node;
			n->imsic = c == 0;
			n->level = node_level(fdt, node);
			n->enabled = dt_node_enabled(fdt, node);
			CHECK(dt_node_reg(fdt, node, 0, &n->base, &n->size));
			printf("%s@0x%lx: %s-level, %s\n", n->imsic ? "imsic" : "aplic", (unsigned long)n->base,
			       n->level == LEVEL_M ? "machine" : n->level == LEVEL_S ? "supervisor" : "unknown",
			       n->enabled ? "enabled" : "disabled");
		}
}

/* The position of hart `hartid`'s interrupt controller in a node's interrupts-extended, or -1. */
static int hart_position(const void *fdt, int node, unsigned long hartid)
{
	int len, cpus = fdt_path_offset(fdt, "/cpus"), cpu;
	const fdt32_t *ie = fdt_getprop(fdt, node, "interrupts-extended", &len);

	fdt_for_each_subnode(cpu, fdt, cpus) {
		const fdt32_t *reg = fdt_getprop(fdt, cpu, "reg", NULL);
		int intc;
		if (!reg || fdt32_to_cpu(reg[0]) != hartid)
			continue;
		fdt_for_each_subnode(intc, fdt, cpu) {
			uint32_t ph = fdt_get_phandle(fdt, intc);
			for (int i = 0; ie && ph && i < len / 8; i++)
				if (fdt32_to_cpu(ie[2 * i]) == ph)
					return i;
		}
	}
	return -1;
}

static void check_dt(const void *fdt)
{
	int m_level = 0;

	for (int i = 0; i < nnodes; i++) {
		const struct aia_node *n = &nodes[i];
		if (!CHECK(n->level != LEVEL_UNKNOWN))
			continue;
		if (n->level == LEVEL_M) {
			m_level++;
			if (!CHECK(!n->enabled))
				printf("  machine-level node at 0x%lx is enabled in S-mode's DT\n", (unsigned long)n->base);
		} else {
			CHECK(n->enabled);
			if (n->imsic)
				s_imsic = n;
			else
				s_aplic = n;
		}
	}
	CHECK(m_level >= 1);
	if (!CHECK(s_aplic != NULL))
		test_fail();
	msi_mode = fdt_getprop(fdt, s_aplic->node, "msi-parent", NULL) != NULL;
	if (msi_mode) {
		const fdt32_t *msi = fdt_getprop(fdt, s_aplic->node, "msi-parent", NULL);
		int parent = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(msi[0]));
		/* A valid reference to an enabled S-level IMSIC. */
		CHECK(s_imsic != NULL);
		CHECK(s_imsic && parent == s_imsic->node);
	}
	printf("AIA-MODE-%s\n", msi_mode ? "MSI" : "DIRECT");
}

/* ---- The M-level regions fault ---- */

static bool count_fault(struct trap_frame *frame)
{
	if (frame->scause == CAUSE_LOAD_ACCESS || frame->scause == CAUSE_STORE_ACCESS) {
		faults++;
		last_cause = frame->scause;
		last_tval = frame->stval;
		frame->sepc += 4;
		return true;
	}
	if (frame->scause == CAUSE_ILLEGAL_INSTRUCTION) {
		illegal++;
		frame->sepc += 4;
		return true;
	}
	return false;
}

static unsigned long load32(uint64_t addr)
{
	unsigned long v = 0x5a5a;
	__asm__ volatile(".option push\n.option norvc\nlw %0, 0(%1)\n.option pop" : "+&r"(v) : "r"(addr) : "memory");
	return v;
}

static void store32(uint64_t addr, unsigned long v)
{
	__asm__ volatile(".option push\n.option norvc\nsw %0, 0(%1)\n.option pop" : : "r"(v), "r"(addr) : "memory");
}

static void check_mlevel_faults(void)
{
	unsigned int probed = 0;

	for (int i = 0; i < nnodes; i++) {
		const struct aia_node *n = &nodes[i];
		if (n->level != LEVEL_M)
			continue;
		/* Every interrupt file's seteipnum_le (4 KiB apart), and the start, middle and end of the region. */
		for (uint64_t off = 0; off < n->size; off += n->imsic ? 0x1000 : n->size) {
			const uint64_t probes[] = { n->base + off, n->base + off + 0x800, n->base + n->size - 4 };
			for (unsigned int p = 0; p < ARRAY_SIZE(probes); p++) {
				faults = 0;
				CHECK_EQ(load32(probes[p]), 0x5a5a);
				if (!CHECK_EQ(faults, 1) || !CHECK_EQ(last_cause, CAUSE_LOAD_ACCESS))
					printf("  S-mode load from 0x%lx (M-level %s) did not fault\n", (unsigned long)probes[p],
					       n->imsic ? "IMSIC" : "APLIC");
				CHECK_EQ(last_tval, probes[p]);
				faults = 0;
				/* 1: an IPI to that hart's M-mode, or source 1 pending, were it to land */
				store32(probes[p], 1);
				if (!CHECK_EQ(faults, 1) || !CHECK_EQ(last_cause, CAUSE_STORE_ACCESS))
					printf("  S-mode store to 0x%lx (M-level %s) did not fault\n", (unsigned long)probes[p],
					       n->imsic ? "IMSIC" : "APLIC");
				CHECK_EQ(last_tval, probes[p]);
				probed++;
			}
		}
	}
	printf("M-LEVEL-FAULTS: %u addresses, every load and store faulted\n", probed);
	CHECK(probed > 0);
}

/* ---- A device interrupt through the S-level APLIC ---- */

static bool on_interrupt(struct trap_frame *frame)
{
	unsigned long me = current_hartid();

	if (frame->scause != (SCAUSE_INTERRUPT | IRQ_S_EXT))
		return count_fault(frame);
	if (msi_mode) {
		unsigned long top;
		__asm__ volatile("csrrw %0, %1, zero" : "=r"(top) : "i"(CSR_STOPEI) : "memory");
		rtc_claim[me] = top >> 16;
		/* The device lowers its line; a level source is then no longer pending. */
		w32(rtc_base + RTC_CLEAR_INTERRUPT, 1);
	} else {
		/*
		 * Direct mode, level source: the pending bit follows the line
		 * (AIA 4.7), so the device is served between reading topi and
		 * claiming. (QEMU 7.2 keeps the bit when the line drops until the
		 * claim; claimed with the line still high, it comes back.)
		 */
		uint64_t idc = s_aplic->base + APLIC_IDC(hart_position(dt_fdt(), s_aplic->node, me));
		rtc_claim[me] = r32(idc + APLIC_IDC_TOPI) >> 16;
		w32(rtc_base + RTC_CLEAR_INTERRUPT, 1);
		r32(idc + APLIC_IDC_CLAIMI);
	}
	__atomic_fetch_add(&rtc_irqs[me], 1, __ATOMIC_RELEASE);
	return true;
}

static void sireg_write(unsigned long isel, unsigned long v)
{
	csr_write(CSR_SISELECT, isel);
	csr_write(CSR_SIREG, v);
}

/* The calling hart takes S-level external interrupts: its IMSIC file (MSI mode) or its IDC (direct). */
static void receive_on(unsigned long hartid)
{
	if (msi_mode) {
		unsigned long before = illegal;
		sireg_write(ISEL_EIDELIVERY, 1);
		sireg_write(ISEL_EITHRESHOLD, 0);
		sireg_write(ISEL_EIE0, 1UL << RTC_EIID);
		/* S-mode's own IMSIC state: no trap (the firmware's mstateen0 where there is Smstateen). */
		CHECK_EQ(illegal, before);
	} else {
		int idc = hart_position(dt_fdt(), s_aplic->node, hartid);
		CHECK(idc >= 0);
		w32(s_aplic->base + APLIC_IDC(idc) + APLIC_IDC_ITHRESHOLD, 0);
		w32(s_aplic->base + APLIC_IDC(idc) + APLIC_IDC_IDELIVERY, 1);
	}
	csr_set(sie, SIE_SEIE);
	csr_set(sstatus, SSTATUS_SIE);
}

static void quiet_on(unsigned long hartid)
{
	csr_clear(sstatus, SSTATUS_SIE);
	csr_clear(sie, SIE_SEIE);
	if (!msi_mode)
		w32(s_aplic->base + APLIC_IDC(hart_position(dt_fdt(), s_aplic->node, hartid)) + APLIC_IDC_IDELIVERY, 0);
}

/* Source rtc_source to hart `hartid`: its IMSIC file's hart index, or its IDC. */
static void target_hart(unsigned long hartid)
{
	const void *fdt = dt_fdt();
	uint32_t target;

	if (msi_mode) {
		/* QEMU virt numbers the files densely (group << hart index bits | hart):
		 * the hart index is the file's position in the S-level IMSIC node. */
		int index = hart_position(fdt, s_imsic->node, hartid);
		CHECK(index >= 0);
		target = (uint32_t)index << 18 | RTC_EIID;
	} else {
		int idc = hart_position(fdt, s_aplic->node, hartid);
		CHECK(idc >= 0);
		target = (uint32_t)idc << 18 | 1;     /* priority 1 */
	}
	w32(s_aplic->base + APLIC_TARGET(rtc_source), target);
}

static void rtc_fire(void)
{
	w32(rtc_base + RTC_IRQ_ENABLED, 1);
	w32(rtc_base + RTC_ALARM_HIGH, 0);
	w32(rtc_base + RTC_ALARM_LOW, 0);   /* in the past: the alarm fires at once */
}

static bool wait_irq(unsigned long hartid, unsigned long count)
{
	uint64_t end = time_deadline_us(PAYLOAD_WAIT_US);

	while (__atomic_load_n(&rtc_irqs[hartid], __ATOMIC_ACQUIRE) < count)
		if (time_passed(end))
			return false;
	return true;
}

struct receiver {
	volatile unsigned long ready, quit;
};

static void receiver_job(void *arg)
{
	struct receiver *r = arg;
	unsigned long me = current_hartid();

	payload_trap_handler = on_interrupt;
	receive_on(me);
	__atomic_store_n(&r->ready, 1, __ATOMIC_RELEASE);
	wait_flag(&r->quit, 1, 60 * 1000 * 1000);
	quiet_on(me);
}

static void deliver(unsigned long target, unsigned long self)
{
	static struct receiver r;
	uint32_t expect = msi_mode ? RTC_EIID : rtc_source;

	if (target != self) {
		r.ready = r.quit = 0;
		CHECK_EQ(hart_run(target, receiver_job, &r).error, SBI_SUCCESS);
		CHECK(wait_flag(&r.ready, 1, PAYLOAD_WAIT_US));
	} else {
		receive_on(self);
	}
	target_hart(target);
	rtc_fire();
	if (CHECK(wait_irq(target, 1))) {
		CHECK_EQ(rtc_claim[target], expect);
		printf("AIA-DELIVERED-hart%lu: RTC source %u as identity %lu\n", target, rtc_source,
		       rtc_claim[target]);
		delivered_harts++;
	} else {
		printf("  no S-level external interrupt on hart %lu from the RTC (source %u)\n", target, rtc_source);
	}
	/* Cleared at the device: no second interrupt. */
	delay_us(20000);
	if (!CHECK_EQ(rtc_irqs[target], 1))
		printf("  hart %lu: %lu interrupts, the last claimed identity %lu\n", target, rtc_irqs[target],
		       rtc_claim[target]);
	if (target != self) {
		__atomic_store_n(&r.quit, 1, __ATOMIC_RELEASE);
		CHECK(hart_wait_state(target, SBI_HSM_STATE_STOPPED, PAYLOAD_WAIT_US));
	} else {
		quiet_on(self);
	}
}

/*
 * Informational: AIA 4.7 says a write to setipnum cannot set a level
 * source pending while its line is low. QEMU 7.2 sets it in MSI mode.
 */
static void probe_setipnum_level(unsigned long self)
{
	unsigned long before = rtc_irqs[self];

	receive_on(self);
	target_hart(self);
	w32(s_aplic->base + APLIC_SETIPNUM_LE, rtc_source);
	delay_us(50000);
	quiet_on(self);
	printf("QEMU-APLIC-LEVEL-SETIPNUM: a setipnum_le write of level source %u with its line low %s\n",
	       rtc_source, rtc_irqs[self] != before ? "set it pending: an MSI came (not as AIA 4.7 says)" :
	       "left it alone (AIA 4.7)");
	rtc_irqs[self] = before;
}

static void check_device_interrupt(unsigned long self, const unsigned long *ids, int n)
{
	const void *fdt = dt_fdt();
	int rtc = fdt_node_offset_by_compatible(fdt, -1, "google,goldfish-rtc");
	const fdt32_t *irq, *parent, *sources;
	uint64_t size;

	if (!CHECK(rtc >= 0) || !CHECK(dt_node_reg(fdt, rtc, 0, &rtc_base, &size)))
		return;
	irq = fdt_getprop(fdt, rtc, "interrupts", NULL);
	parent = fdt_getprop(fdt, rtc, "interrupt-parent", NULL);
	if (!CHECK(irq && parent))
		return;
	rtc_source = fdt32_to_cpu(irq[0]);
	/* The device's interrupts go to an enabled S-level domain (one per socket: its socket's). */
	s_aplic = NULL;
	for (int i = 0; i < nnodes; i++)
		if (!nodes[i].imsic && nodes[i].node == fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(parent[0])))
			s_aplic = &nodes[i];
	if (!CHECK(s_aplic && s_aplic->level == LEVEL_S && s_aplic->enabled))
		return;

	/*
	 * The S-level domain is S-mode's to initialise (AIA 4.6: after reset
	 * only domaincfg is defined), as Linux does: every source inactive,
	 * every enable bit clear. QEMU 7.2 starts with stray pending and enable
	 * bits for source 1, which an IDC reports although the source is inactive.
	 */
	sources = fdt_getprop(fdt, s_aplic->node, "riscv,num-sources", NULL);
	if (!CHECK(sources))
		return;
	w32(s_aplic->base + APLIC_DOMAINCFG, 0);
	for (uint32_t i = 1; i <= fdt32_to_cpu(sources[0]); i++)
		w32(s_aplic->base + APLIC_SOURCECFG(i), 0);
	for (unsigned int k = 0; k < 32; k++)
		w32(s_aplic->base + APLIC_CLRIE(k), ~0U);
	w32(s_aplic->base + APLIC_DOMAINCFG, DOMAINCFG_IE | (msi_mode ? DOMAINCFG_DM : 0));
	w32(s_aplic->base + APLIC_SOURCECFG(rtc_source), SOURCECFG_LEVEL1);
	CHECK_EQ(r32(s_aplic->base + APLIC_SOURCECFG(rtc_source)), SOURCECFG_LEVEL1);
	w32(s_aplic->base + APLIC_SETIENUM, rtc_source);

	deliver(self, self);
	for (int i = 0; i < n; i++)
		if (ids[i] != self) {
			deliver(ids[i], self);
			break;
		}
	/* MSI mode: any hart's file, across hart groups (sockets) too: the last hart. */
	if (msi_mode && n > 2 && ids[n - 1] != self)
		deliver(ids[n - 1], self);
	printf("AIA-DELIVERED: %u harts\n", delivered_harts);
	if (msi_mode)
		probe_setipnum_level(self);

	w32(s_aplic->base + APLIC_CLRIENUM, rtc_source);
	w32(s_aplic->base + APLIC_SOURCECFG(rtc_source), 0);
	w32(rtc_base + RTC_IRQ_ENABLED, 0);
}

/* Informational: what KVM needs for a guest's counter-overflow interrupt (docs/linux.md). */
static void probe_hvien(void)
{
	unsigned long before = illegal, hvien, hvip;

	if (!dt_isa_has_letter('h'))
		return;
	csr_set(CSR_HVIEN, 1UL << 13);
	hvien = csr_read(CSR_HVIEN);
	csr_set(CSR_HVIP, 1UL << 13);
	hvip = csr_read(CSR_HVIP);
	csr_clear(CSR_HVIP, 1UL << 13);
	csr_clear(CSR_HVIEN, 1UL << 13);
	printf("QEMU-HVIEN: hvien bit 13 (LCOFI) %s, hvip bit 13 %s%s\n", hvien >> 13 & 1 ? "sticks" : "reads 0",
	       hvip >> 13 & 1 ? "sticks" : "reads 0", illegal != before ? " (a CSR access trapped)" : "");
	illegal = before;
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	unsigned long ids[PAYLOAD_MAX_HARTS];
	int n = dt_hartids(ids, PAYLOAD_MAX_HARTS);

	(void)dtb;
	test_start("aia");
	payload_trap_handler = on_interrupt;
	find_nodes(dt_fdt());
	check_dt(dt_fdt());
	check_mlevel_faults();
	check_device_interrupt(hartid, ids, n > PAYLOAD_MAX_HARTS ? PAYLOAD_MAX_HARTS : n);
	probe_hvien();
}
