/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The end of cold boot, on the boot hart once every hart is set up: the PMU
 * event map, the boot log, the DT fixups, and the jump to the next stage.
 */
#include <libfdt.h>
#include "console.h"
#include "drivers.h"
#include "fw_dynamic.h"
#include "hart_ext.h"
#include "platform.h"
#include "riscv_csr.h"
#include "sbi_boot.h"
#include "sbi_console.h"
#include "sbi_ecall.h"
#include "sbi_hsm.h"
#include "sbi_ipi.h"
#include "sbi_memory.h"
#include "sbi_string.h"

extern char _fw_start[], _fw_image_end[], _fw_end[];
extern char boot_stack_top[];
/* firmware/entry.S: calls fn(arg) with sp = stack_top, then returns on the caller's stack. */
void call_on_stack(void (*fn)(void *), void *arg, void *stack_top);

static const struct {
	uint32_t flag;
	const char *name;
} feature_names[] = {
	{ HART_HAS_S, "S" },          { HART_HAS_H, "H" },
	{ HART_HAS_SSTC, "Sstc" },    { HART_HAS_SSCOFPMF, "Sscofpmf" },
	{ HART_HAS_SMCNTRPMF, "Smcntrpmf" }, { HART_HAS_ZICBOM, "Zicbom" },
	{ HART_HAS_ZICBOZ, "Zicboz" }, { HART_HAS_ZICFILP, "Zicfilp" },
	{ HART_HAS_ZICFISS, "Zicfiss" }, { HART_HAS_SSDBLTRP, "Ssdbltrp" },
	{ HART_HAS_SVADU, "Svadu" }, { HART_HAS_SMNPM, "Smnpm" },
	{ HART_HAS_SDTRIG, "Sdtrig" },
};

static void log_features(const struct hart_state *hs)
{
	for (unsigned int i = 0; i < sizeof(feature_names) / sizeof(feature_names[0]); i++)
		if (hs->features & feature_names[i].flag)
			sbi_printf(" %s", feature_names[i].name);
	if (!(hs->features & HART_HAS_S))
		sbi_printf(" (no S-mode: kept in M-mode)");
}

static bool harts_alike(const struct hart_state *a, const struct hart_state *b)
{
	return a->features == b->features && a->pmu.hw_present == b->pmu.hw_present &&
	       a->ext->dbtr.trig_max == b->ext->dbtr.trig_max &&
	       a->pmu.hpm_width == b->pmu.hpm_width && a->pmp_count == b->pmp_count;
}

/* One line per run of consecutive harts with the same features. */
static void log_harts(void)
{
	for (unsigned int i = 0; i < hart_count;) {
		const struct hart_state *hs = hart_table[i];
		unsigned int j = i + 1;
		while (j < hart_count && harts_alike(hs, hart_table[j]) &&
		       hart_table[j]->hartid == hart_table[j - 1]->hartid + 1)
			j++;
		if (j - i > 1)
			sbi_printf("abacus: harts %lu-%lu     :", hs->hartid, hart_table[j - 1]->hartid);
		else
			sbi_printf("abacus: hart %-10lu:", hs->hartid);
		log_features(hs);
		if (hs->ext->dbtr.trig_max)
			sbi_printf(" (%u triggers)", hs->ext->dbtr.trig_max);
		sbi_printf("; counters: cycle time instret");
		if (hs->pmu.num_hw > 3)
			sbi_printf(" hpm3-%u (%u-bit)", hs->pmu.num_hw - 1, hs->pmu.hpm_width + 1);
		if (!hs->pmu.has_mcountinhibit)
			sbi_printf(" (no mcountinhibit: hardware counters readable, not configurable)");
		if (!(hs->features & HART_HAS_SSCOFPMF))
			sbi_printf("; no Sscofpmf: no overflow interrupt, filter flags ignored%s",
				   hs->features & HART_HAS_SMCNTRPMF ? " but on cycle/instret" : "");
		if (!hs->pmp_count)
			sbi_printf("; WARNING: no PMP, firmware memory not protected");
		sbi_printf("\n");
		i = j;
	}
}

static struct hart_state *choose_next_hart(const struct next_stage *next, struct hart_state *self)
{
	if (next->boot_hart != -1UL)
		return hart_by_id(next->boot_hart);
	if (sbi_hsm_hart_usable(self))
		return self;
	for (unsigned int i = 0; i < hart_count; i++)
		if (sbi_hsm_hart_usable(hart_table[i]))
			return hart_table[i];
	return NULL;
}

/* Hands S-mode the fixed-up DT where the loader put the original. */
static void *place_smode_fdt(void)
{
	void *orig = boot_info.orig_fdt;
	void *fdt = boot_info.fdt;
	int err;

	err = fdt_fixup_for_smode(fdt);
	if (err) {
		sbi_printf("abacus: warning: DT fixups failed (%s); S-mode gets the DT unchanged\n",
			   fdt_strerror(err));
		return orig;
	}
	fdt_pack(fdt);
	if (!sbi_memory_smode_range_ok((unsigned long)orig, 0, fdt_totalsize(fdt) + 0UL)) {
		sbi_printf("abacus: warning: DT at %p is not in S-mode RAM; S-mode gets it unchanged\n", orig);
		return orig;
	}
	/* The loader reserved the original's size; a fixed-up DT may be slightly
	 * larger (QEMU leaves megabytes free after it; so does U-Boot SPL). */
	if (fdt_totalsize(fdt) > boot_info.orig_fdt_size + FDT_FIXUP_ROOM_BYTES)
		return orig;
	memcpy(orig, fdt, fdt_totalsize(fdt));
	return orig;
}

static const char *const fwft_feature_names[SBI_FWFT_FEATURE_COUNT] = {
	"misaligned-deleg", "landing-pad", "shadow-stack", "double-trap", "pte-ad-hw", "pointer-masking",
};

/* What S-mode gets from SSE, FWFT and DBTR on a hart (docs/sbi3.md): the
 * boot hart's, or the first hart's with S-mode (FU740: hart 0 has none). */
static void log_sbi3_extensions(const struct hart_state *hs)
{
	const struct hart_ext *ext;

	for (unsigned int i = 0; i < hart_count && !sbi_hsm_hart_usable(hs); i++)
		hs = hart_table[i];
	if (!sbi_hsm_hart_usable(hs))
		return;
	ext = hs->ext;

	sbi_printf("abacus: SSE             : events 0xffff0000 (local software) 0xffff8000 (global software)%s%s on hart %lu\n",
		   (ext->sse.supported_local >> SSE_LOCAL_PMU_OVERFLOW) & 1 ? " 0x10000 (PMU overflow)" : "",
		   (ext->sse.supported_local >> SSE_LOCAL_DOUBLE_TRAP) & 1 ? " 0x1 (double trap)" : "", hs->hartid);
	sbi_printf("abacus: FWFT            :");
	for (unsigned int f = 0; f < SBI_FWFT_FEATURE_COUNT; f++)
		if ((ext->fwft.supported >> f) & 1)
			sbi_printf(" %s", fwft_feature_names[f]);
	sbi_printf("%s on hart %lu\n", ext->fwft.supported ? "" : " none", hs->hartid);
	sbi_printf("abacus: DBTR            : %u triggers on hart %lu", ext->dbtr.trig_max, hs->hartid);
	if (ext->dbtr.trig_max)
		sbi_printf(" (types:%s%s)", (ext->dbtr.type_mask[0] >> TDATA1_TYPE_MCONTROL) & 1 ? " mcontrol" : "",
			   (ext->dbtr.type_mask[0] >> TDATA1_TYPE_MCONTROL6) & 1 ? " mcontrol6" : "");
	sbi_printf("\n");
}

/* The deep part of boot: libfdt, the PMU map, formatted output. */
struct boot_platform_work {
	struct hart_state *self;
	bool quiet;
	void *smode_fdt;
};

/*
 * Runs on the static boot stack (8 KiB, idle once cold boot is over), not on
 * the hart's 1 KiB M-mode stack: parsing and fixing up the DT goes deeper
 * than any trap path. Nothing here may use current_hart().
 */
static void boot_finish_platform(void *arg)
{
	struct boot_platform_work *work = arg;
	uint32_t present = 0;

	/* Counters that exist on some S-mode hart; the core checks each hart's own. */
	for (unsigned int i = 0; i < hart_count; i++)
		if (sbi_hsm_hart_usable(hart_table[i]))
			present |= hart_table[i]->pmu.hw_present;
	pmu_platform = platform.pmu;
	pmu_dt_parse(boot_info.fdt, &pmu_event_map, present, platform.pmu ? platform.pmu->default_map : NULL);

	if (!work->quiet) {
		int root = 0, len;
		const char *model = fdt_getprop(boot_info.fdt, root, "model", &len);
		unsigned long image = (unsigned long)(_fw_image_end - _fw_start);
		unsigned long total = (unsigned long)(_fw_end - _fw_start);
		sbi_printf("abacus: platform        : %s (%s)\n", platform.name, model ? model : "no model");
		sbi_printf("abacus: firmware        : 0x%lx-0x%lx (%lu KiB protected; image %lu KiB, bss %lu KiB, "
			   "per-hart %u B x %u, DT copy and tables %lu KiB)\n",
			   (unsigned long)sbi_memory.fw_base, (unsigned long)(sbi_memory.fw_base + sbi_memory.fw_size - 1),
			   (unsigned long)(sbi_memory.fw_size >> 10), image >> 10, (total - image) >> 10,
			   (unsigned int)(HART_BLOCK_SIZE + sizeof(struct hart_ext)), hart_count,
			   (boot_info.heap_used - (unsigned long)hart_count * (HART_BLOCK_SIZE + sizeof(struct hart_ext))) >> 10);
		for (unsigned int i = 0; i < sbi_memory.ram_count; i++)
			sbi_printf("abacus: RAM             : 0x%lx-0x%lx\n", (unsigned long)sbi_memory.ram[i].base,
				   (unsigned long)(sbi_memory.ram[i].base + sbi_memory.ram[i].size - 1));
		sbi_printf("abacus: console         : %s\n",
			   console_get_device() ? console_get_device()->name : "none");
		sbi_printf("abacus: timer/IPI       : %s, timebase %lu Hz\n",
			   aclint_mswi_present() ? "ACLINT/CLINT" : "none", (unsigned long)aclint_timebase_hz());
		sbi_printf("abacus: reset           : %s\n", reset_device_name());
		sbi_printf("abacus: harts           : %u (boot hart %lu)\n", hart_count, boot_hartid);
		log_harts();
		sbi_printf("abacus: PMU             : %lu counters on hart %lu (%u hardware, %u firmware); "
			   "%u event ranges, %u selectors, %u raw ranges\n",
			   pmu_num_counters(&work->self->pmu), work->self->hartid, work->self->pmu.num_hw, PMU_FW_COUNTERS,
			   pmu_event_map.range_count, pmu_event_map.selector_count, pmu_event_map.raw_count);
		log_sbi3_extensions(work->self);
		sbi_ecall_log_extensions();
#ifdef ABACUS_TEST_HOOKS
		sbi_printf("abacus: WARNING         : test build with firmware test hooks (EID 0x%x): not for production\n",
			   SBI_EXT_FIRMWARE_ABACUS);
#endif
	}

	work->smode_fdt = place_smode_fdt();
}

void boot_finish(struct hart_state *self)
{
	struct next_stage next;
	const char *why;
	struct hart_state *target;
	struct boot_platform_work work;
	void *smode_fdt;
	bool quiet;

	fw_dynamic_read(boot_info.fw_info, &next, &why);
	quiet = next.options & FW_DYNAMIC_OPTION_NO_BOOT_PRINTS;
	if (why)
		sbi_printf("abacus: rejecting fw_dynamic_info at 0x%lx: %s; using the default next stage\n",
			   boot_info.fw_info, why);

	work.self = self;
	work.quiet = quiet;
	call_on_stack(boot_finish_platform, &work, boot_stack_top);
	smode_fdt = work.smode_fdt;
	target = choose_next_hart(&next, self);
	if (!target) {
		sbi_printf("abacus: no hart can run S-mode; nothing to boot\n");
		sbi_hsm_stopped_loop(self);
	}
	/* SSE global events prefer the next stage's hart until S-mode says otherwise. */
	sse_global_init(target->hartid);
	if (!quiet)
		sbi_printf("abacus: next stage      : 0x%lx in %s-mode on hart %lu (%s), DT at %p\n\n", next.addr,
			   next.mode == PRV_S ? "S" : "U", target->hartid, next.source, smode_fdt);

	target->start_addr = next.addr;
	target->start_arg1 = (unsigned long)smode_fdt;
	target->start_mode = next.mode;
	if (target == self) {
		self->hsm_state = SBI_HSM_STATE_STARTED;
		hart_enter_next_mode(self->hartid, (unsigned long)smode_fdt, next.addr, next.mode,
				     hart_stack_top(self));
	}
	__atomic_store_n(&target->hsm_state, SBI_HSM_STATE_START_PENDING, __ATOMIC_RELEASE);
	sbi_ipi_raise(target, HART_IPI_WAKE);
	sbi_hsm_stopped_loop(self);
}
