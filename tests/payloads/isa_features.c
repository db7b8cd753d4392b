/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the hart's ISA extensions give S-mode through the firmware (QEMU
 * 11.1; also run with OpenSBI 1.9 for comparison, tests/qemu-tests.txt):
 *
 * - Every FWFT feature and SSE event the hart can have is offered, and no
 *   other: a feature exists exactly when the DT's riscv,isa names its
 *   extension (LANDING_PAD zicfilp, SHADOW_STACK zicfiss, DOUBLE_TRAP
 *   ssdbltrp, PTE_AD_HW_UPDATING svadu with svade, POINTER_MASKING_PMLEN
 *   smnpm); the double-trap event with ssdbltrp, the PMU overflow event with
 *   sscofpmf, the software events always, the RAS events never (no platform
 *   here raises one). Printed as FWFT-OFFERED / SSE-OFFERED lines.
 * - POINTER_MASKING_PMLEN: S-mode loads ignore the top PMLEN bits of an
 *   address (satp Bare: the address is zero-extended) with 7 or 16, not
 *   with 0; other lengths are INVALID_PARAM.
 * - Svadu/Svade: with both, PTE_AD_HW_UPDATING = 0 (reset) means a page
 *   fault on a PTE with A = 0, 1 means the hardware sets A; with Svadu alone
 *   (QEMU's -cpu max) the hardware sets A from boot, and there is no
 *   feature to turn it off.
 * - Smstateen: sstateen0 and hstateen0 start at 0; S-mode reaches senvcfg,
 *   siselect, stopi, sstateen1..3 without trapping; HS-mode can hand VS-mode
 *   senvcfg and siselect through hstateen0 (VS-mode's access is a virtual
 *   instruction until it does); custom state (C) is never handed down.
 */
#include "lower_mode.h"
#include "pmu_util.h"

#define CSR_SENVCFG   0x10A
#define CSR_SSTATEEN0 0x10C
#define CSR_SSTATEEN1 0x10D
#define CSR_SSTATEEN3 0x10F
#define CSR_HSTATEEN0 0x60C
#define CSR_HSTATEEN1 0x60D
#define CSR_SISELECT  0x150
#define CSR_STOPI     0xDB0
#define STATEEN_C       (1UL << 0)
#define STATEEN_CSRIND  (1UL << 60)
#define STATEEN_ENVCFG  (1UL << 62)
#define STATEEN_SE0     (1UL << 63)
#define CAUSE_LOAD_PAGE_FAULT_P 13
#define CAUSE_VIRTUAL_INSTRUCTION_P 22

#define PTE_V (1UL << 0)
#define PTE_R (1UL << 1)
#define PTE_W (1UL << 2)
#define PTE_X (1UL << 3)
#define PTE_A (1UL << 6)
#define PTE_D (1UL << 7)

static bool is_abacus;

/* ---- inventory ---- */

static const struct {
	unsigned long id;
	const char *name;
	const char *ext;    /* DT extension(s) it needs ("svadu+svade"), NULL: always */
} fwft_features[] = {
	{ SBI_FWFT_MISALIGNED_EXC_DELEG, "misaligned-deleg", NULL },
	{ SBI_FWFT_LANDING_PAD, "landing-pad", "zicfilp" },
	{ SBI_FWFT_SHADOW_STACK, "shadow-stack", "zicfiss" },
	{ SBI_FWFT_DOUBLE_TRAP, "double-trap", "ssdbltrp" },
	{ SBI_FWFT_PTE_AD_HW_UPDATING, "pte-ad-hw", "svadu+svade" },
	{ SBI_FWFT_POINTER_MASKING_PMLEN, "pointer-masking", "smnpm" },
};

static const struct {
	unsigned long id;
	const char *name;
	const char *ext;    /* NULL: always; "-": never */
} sse_events[] = {
	{ 0x00000000, "local-ras-high", "-" },
	{ 0x00000001, "local-double-trap", "ssdbltrp" },
	{ 0x00008000, "global-ras-high", "-" },
	{ 0x00010000, "local-pmu-overflow", "sscofpmf" },
	{ 0x00100000, "local-ras-low", "-" },
	{ 0x00108000, "global-ras-low", "-" },
	{ 0xffff0000, "local-software", NULL },
	{ 0xffff8000, "global-software", NULL },
};

static bool dt_has_all(const char *ext)
{
	char one[32];

	if (!ext)
		return true;
	if (!strcmp(ext, "-"))
		return false;
	while (*ext) {
		unsigned int n = 0;

		while (ext[n] && ext[n] != '+' && n < sizeof(one) - 1)
			n++;
		memcpy(one, ext, n);
		one[n] = 0;
		if (!dt_isa_has(one))
			return false;
		ext += n + (ext[n] == '+');
	}
	return true;
}

static void check_inventory(void)
{
	char line[256];
	int len = 0;

	for (unsigned int i = 0; i < ARRAY_SIZE(fwft_features); i++) {
		struct sbiret r = sbi_fwft_get(fwft_features[i].id);
		bool offered = r.error == SBI_SUCCESS, expected = dt_has_all(fwft_features[i].ext);

		if (!CHECK_EQ(offered, expected))
			printf("FWFT %s: error %ld, the DT says %s\n", fwft_features[i].name, r.error,
			       expected ? "yes" : "no");
		if (!offered)
			CHECK_EQ(r.error, SBI_ERR_NOT_SUPPORTED);
		if (offered)
			len += snprintf(line + len, sizeof(line) - len, " %s", fwft_features[i].name);
	}
	printf("FWFT-OFFERED%s\n", line);
	len = 0;
	line[0] = 0;
	for (unsigned int i = 0; i < ARRAY_SIZE(sse_events); i++) {
		unsigned long value = 0;
		struct sbiret r = sbi_sse_read_attrs(sse_events[i].id, SBI_SSE_ATTR_STATUS, 1, (unsigned long)&value, 0);
		bool offered = r.error == SBI_SUCCESS, expected = dt_has_all(sse_events[i].ext);

		if (!CHECK_EQ(offered, expected))
			printf("SSE %s: error %ld, expected %s\n", sse_events[i].name, r.error, expected ? "yes" : "no");
		if (!offered)
			CHECK_EQ(r.error, SBI_ERR_NOT_SUPPORTED);
		if (offered)
			len += snprintf(line + len, sizeof(line) - len, " %s", sse_events[i].name);
	}
	printf("SSE-OFFERED%s\n", line);
}

/* ---- pointer masking ---- */

static volatile uint64_t pm_word = 0x0123456789abcdefUL;

/* A load from addr: the value, or ~0 after a trap (trap_catch). */
static unsigned long load_or_trap(unsigned long addr)
{
	unsigned long v = ~0UL;

	trap_catch_begin();
	__asm__ volatile(".option push\n.option norvc\nld %0, 0(%1)\n.option pop" : "+&r"(v) : "r"(addr) : "memory");
	trap_catch_end();
	return v;
}

static void check_pointer_masking(void)
{
	unsigned long addr = (unsigned long)&pm_word;
	unsigned long tag7 = addr | (0x7fUL << 57), tag16 = addr | (0xffffUL << 48);

	if (!dt_isa_has("smnpm"))
		return;
	CHECK_EQ(sbi_fwft_get(SBI_FWFT_POINTER_MASKING_PMLEN).value, 0);
	CHECK_EQ(load_or_trap(tag7), ~0UL);                      /* PMLEN 0: an access fault */
	CHECK_EQ(trap_catch.count, 1);
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_POINTER_MASKING_PMLEN, 7, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_fwft_get(SBI_FWFT_POINTER_MASKING_PMLEN).value, 7);
	CHECK_EQ(load_or_trap(tag7), pm_word);
	CHECK_EQ(trap_catch.count, 0);
	CHECK_EQ(load_or_trap(tag16), ~0UL);                     /* bits 56..48 are not masked */
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_POINTER_MASKING_PMLEN, 16, 0).error, SBI_SUCCESS);
	CHECK_EQ(load_or_trap(tag16), pm_word);
	CHECK_EQ(trap_catch.count, 0);
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_POINTER_MASKING_PMLEN, 8, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_POINTER_MASKING_PMLEN, 1, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_fwft_get(SBI_FWFT_POINTER_MASKING_PMLEN).value, 16);   /* unchanged */
	CHECK_EQ(sbi_fwft_set(SBI_FWFT_POINTER_MASKING_PMLEN, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(load_or_trap(tag7), ~0UL);
	printf("ISA-PMLEN checked\n");
}

/* ---- hardware A/D updating ---- */

static uint64_t ad_root[512] __attribute__((aligned(4096)));
static uint64_t ad_l1[512] __attribute__((aligned(4096)));
static uint64_t ad_l0[512] __attribute__((aligned(4096)));
static volatile uint64_t ad_page[512] __attribute__((aligned(4096)));
#define AD_VA VM_ALIAS_BASE

static void ad_map(void)
{
	ad_root[VM_RAM_BASE >> 30] = ((VM_RAM_BASE >> 12) << 10) | PTE_V | PTE_R | PTE_W | PTE_X | PTE_A | PTE_D;
	ad_root[AD_VA >> 30] = (((unsigned long)ad_l1 >> 12) << 10) | PTE_V;
	ad_l1[0] = (((unsigned long)ad_l0 >> 12) << 10) | PTE_V;
	ad_l0[0] = (((unsigned long)ad_page >> 12) << 10) | PTE_V | PTE_R | PTE_W;   /* A = D = 0 */
	__asm__ volatile("fence" ::: "memory");
	csr_write(satp, SATP_MODE_SV39 | ((unsigned long)ad_root >> 12));
	__asm__ volatile("sfence.vma" ::: "memory");
}

/* A load from the page with A = 0: true when the hardware set A (no fault). */
static bool ad_load_sets_a(void)
{
	ad_l0[0] &= ~(PTE_A | PTE_D);
	__asm__ volatile("fence\nsfence.vma" ::: "memory");
	ad_page[1] = 5;
	load_or_trap(AD_VA + 8);
	if (trap_catch.count) {
		CHECK_EQ(trap_catch.last_cause, CAUSE_LOAD_PAGE_FAULT_P);
		return false;
	}
	return (ad_l0[0] & PTE_A) != 0;
}

static void check_ad_updating(void)
{
	bool svadu = dt_isa_has("svadu"), svade = dt_isa_has("svade");

	if (!svadu)
		return;
	ad_map();
	if (svade) {
		/* Both: A/D faults from reset, S-mode may switch (the firmware fences). */
		CHECK_EQ(sbi_fwft_get(SBI_FWFT_PTE_AD_HW_UPDATING).value, 0);
		CHECK(!ad_load_sets_a());
		CHECK_EQ(sbi_fwft_set(SBI_FWFT_PTE_AD_HW_UPDATING, 1, 0).error, SBI_SUCCESS);
		CHECK(ad_load_sets_a());
		CHECK_EQ(sbi_fwft_set(SBI_FWFT_PTE_AD_HW_UPDATING, 0, 0).error, SBI_SUCCESS);
		CHECK(!ad_load_sets_a());
	} else {
		/* Svadu alone: hardware updating from boot, nothing to switch. */
		CHECK_EQ(sbi_fwft_get(SBI_FWFT_PTE_AD_HW_UPDATING).error, SBI_ERR_NOT_SUPPORTED);
		CHECK(ad_load_sets_a());
	}
	vm_disable();
	printf("ISA-ADUE %s checked\n", svade ? "svade+svadu" : "svadu");
}

/* ---- Smstateen ---- */

/* csrr of a CSR number; true when it did not trap. */
#define CSR_READABLE(csr) ({ unsigned long __v = 0; trap_catch_begin(); \
	__asm__ volatile(".option push\n.option norvc\ncsrr %0, " #csr "\n.option pop" : "+r"(__v) : : "memory"); \
	trap_catch_end() == 0; })

static unsigned long vs_read_senvcfg(unsigned long unused)
{
	(void)unused;
	return csr_read(0x10A);
}

static unsigned long vs_read_siselect(unsigned long unused)
{
	(void)unused;
	return csr_read(0x150);
}

static void check_stateen(void)
{
	unsigned long v;

	if (!dt_isa_has("smstateen"))
		return;
	/* sstateen0: 0 at entry; C never handed down */
	CHECK_EQ(csr_read(CSR_SSTATEEN0), 0);
	csr_write(CSR_SSTATEEN0, ~0UL);
	CHECK_EQ(csr_read(CSR_SSTATEEN0) & STATEEN_C, 0);
	csr_write(CSR_SSTATEEN0, 0);
	CHECK(CSR_READABLE(0x10D));                           /* sstateen1..3: mstateen1..3.SE */
	CHECK(CSR_READABLE(0x10F));
	CHECK(CSR_READABLE(0x10A));                           /* senvcfg: ENVCFG */
	if (dt_isa_has("sscsrind"))
		CHECK(CSR_READABLE(0x150));                   /* siselect: CSRIND */
	if (dt_isa_has("ssaia"))
		CHECK(CSR_READABLE(0xDB0));                   /* stopi: AIA */
	if (!dt_isa_has_letter('h'))
		return;
	/* hstateen0: 0 at entry; what the firmware allows sticks, C does not */
	CHECK_EQ(csr_read(CSR_HSTATEEN0), 0);
	CHECK(CSR_READABLE(0x60D));
	csr_write(CSR_HSTATEEN0, ~0UL);
	v = csr_read(CSR_HSTATEEN0);
	CHECK_EQ(v & (STATEEN_SE0 | STATEEN_ENVCFG), STATEEN_SE0 | STATEEN_ENVCFG);
	if (dt_isa_has("sscsrind"))
		CHECK(v & STATEEN_CSRIND);
	CHECK_EQ(v & STATEEN_C, 0);
	printf("ISA-STATEEN hstateen0 0x%lx\n", v);
	/* VS-mode: senvcfg and siselect only as hstateen0 says */
	csr_write(CSR_HSTATEEN0, 0);
	trap_catch_begin();
	lower_mode_call(LOWER_MODE_VS, vs_read_senvcfg, 0);
	if (dt_isa_has("sscsrind"))
		lower_mode_call(LOWER_MODE_VS, vs_read_siselect, 0);
	CHECK_EQ(trap_catch_end(), dt_isa_has("sscsrind") ? 2 : 1);
	CHECK_EQ(trap_catch.last_cause, CAUSE_VIRTUAL_INSTRUCTION_P);
	csr_write(CSR_HSTATEEN0, STATEEN_ENVCFG | STATEEN_CSRIND);
	trap_catch_begin();
	lower_mode_call(LOWER_MODE_VS, vs_read_senvcfg, 0);
	if (dt_isa_has("sscsrind"))
		lower_mode_call(LOWER_MODE_VS, vs_read_siselect, 0);
	CHECK_EQ(trap_catch_end(), 0);
	csr_write(CSR_HSTATEEN0, 0);
	printf("ISA-STATEEN checked\n");
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	(void)hartid, (void)dtb;
	test_start("isa_features");
	trap_catch_install(NULL);
	is_abacus = sbi_get_impl_id().value == SBI_IMPL_ID_ABACUS;
	printf("ISA-FIRMWARE %s\n", is_abacus ? "abacus" : "other");
	check_inventory();
	check_pointer_masking();
	check_ad_updating();
	check_stateen();
}
