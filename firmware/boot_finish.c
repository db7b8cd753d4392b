/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The end of cold boot, on the boot hart once every hart is set up: what
 * each service sets up from the DT, the boot log, the DT fixups, and the
 * jump to the next stage; each service's part through its boot hooks
 * (include/boot_hooks.h).
 */
#include <libfdt.h>
#include "aia.h"
#include "boot_hooks.h"
#include "console.h"
#include "drivers.h"
#include "fdt_helpers.h"
#include "fdt_placement.h"
#include "fw_config.h"
#include "fw_dynamic.h"
#include "fw_payload.h"
#include "hart_ext.h"
#include "imsic.h"
#include "ipi_device.h"
#include "platform.h"
#include "reset_device.h"
#include "riscv_csr.h"
#include "boot.h"
#include "format.h"
#include "hart_run.h"
#include "memory_map.h"
#include "libc_string.h"
#include "timer_device.h"
#include "trap_report.h"

extern char _fw_start[], _fw_end[], _bss_start[], _bss_end[];

/* What cold boot found (firmware/boot.c fills it), for the end of boot. */
struct boot_info boot_info;

/* The boot log's name of each HART_HAS_* bit, in bit order ("": not printed). */
static const char feature_names[] =
	"S\0H\0Sstc\0Sscofpmf\0Smcntrpmf\0Zicbom\0Zicboz\0\0Zkr\0Svpbmt\0Svadu\0\0Smstateen\0"
	"Zicfilp\0Zicfiss\0Ssdbltrp\0Smnpm\0Smdbltrp\0Smcdeleg\0Ssccfg\0Sscsrind\0Sdtrig";

/* The names of the flags; with hs, each followed by what a service says of it on that hart. */
static void log_feature_names(uint32_t flags, const struct hart_state *hs)
{
	const char *p = feature_names;

	for (unsigned int bit = 0; bit < HART_HAS_BITS; p += strlen(p) + 1, bit++)
		if (((flags >> bit) & 1) && *p) {
			console_printf(" %s", p);
			if (hs)
				boot_hooks_log_feature(1U << bit, hs);
		}
}

static void log_features(const struct hart_state *hs)
{
	log_feature_names(hs->features, hs);
	if (!(hs->features & HART_HAS_S))
		console_printf(" (no S-mode: kept in M-mode)");
}

static bool harts_alike(const struct hart_state *a, const struct hart_state *b)
{
	return a->features == b->features && a->isa_features == b->isa_features && a->pmp_count == b->pmp_count &&
	       a->pmp_granule == b->pmp_granule && a->pmp_denied == b->pmp_denied && boot_hooks_harts_alike(a, b);
}

/* One region of memory_map.denied: the firmware, or devices merged (named by the first: the lowest address). */
static void log_region(unsigned int r, bool first)
{
	const struct memory_region *d = &memory_map.denied[r];

	console_printf("%s%s 0x%lx-0x%lx", first ? " " : ", ", d->name, (unsigned long)d->base,
		   (unsigned long)(d->base + d->size - 1));
}

/* What S-mode is denied, as the boot hart's PMP does it. */
static void log_pmp(const struct hart_state *hs)
{
	console_printf("abacus: PMP             : %u entries, %lu-byte granules; S/U-mode denied:", hs->pmp_count,
		   hs->pmp_granule);
	for (unsigned int r = 0; r < hs->pmp_denied; r++)
		log_region(r, r == 0);
	if (!hs->pmp_denied)
		console_printf(" nothing");
	console_printf("\n");
}

/* Loud, one line for a run of harts: what their PMP cannot deny S/U-mode (S-mode is withheld there). */
static void log_pmp_problems(const struct hart_state *hs, unsigned int harts)
{
	if (hs->pmp_denied >= memory_map.denied_count)
		return;
	console_printf("abacus: WARNING: hart%s %lu", harts > 1 ? "s" : "", hs->hartid);
	if (harts > 1)
		console_printf("-%lu", hs->hartid + harts - 1);   /* log_harts' runs are consecutive hartids */
	console_printf(": PMP (%u entries) cannot deny S/U-mode", hs->pmp_count);
	for (unsigned int r = hs->pmp_denied; r < memory_map.denied_count; r++)
		log_region(r, r == hs->pmp_denied);
	console_printf("; S-mode withheld\n");
}

static bool hart_set_up(const struct hart_state *hs)
{
	return __atomic_load_n(&hs->presence, __ATOMIC_ACQUIRE) == HART_READY;
}

/*
 * One line per run of consecutive harts with the same features; only the
 * PMP problems when quiet. Harts not set up (late, gone) are listed apart.
 */
static void log_harts(bool quiet)
{
	for (unsigned int i = 0; i < hart_count;) {
		const struct hart_state *hs = hart_table[i];
		unsigned int j = i + 1;
		if (!hart_set_up(hs)) {
			i++;
			continue;
		}
		while (j < hart_count && hart_set_up(hart_table[j]) && harts_alike(hs, hart_table[j]) &&
		       hart_table[j]->hartid == hart_table[j - 1]->hartid + 1)
			j++;
		if (quiet) {
			log_pmp_problems(hs, j - i);
			i = j;
			continue;
		}
		if (j - i > 1)
			console_printf("abacus: harts %lu-%lu     :", hs->hartid, hart_table[j - 1]->hartid);
		else
			console_printf("abacus: hart %-10lu:", hs->hartid);
		log_features(hs);
		boot_hooks_log_hart(hs);
		/* Extensions the DT claims that the hart would not enable for S-mode. */
		uint32_t unconfirmed = hs->isa_features & ~hs->features &
				       (HART_HAS_SVPBMT | HART_HAS_ZKR | HART_HAS_SMSTATEEN | HART_HAS_SSTC |
					HART_HAS_ZICFILP | HART_HAS_ZICFISS | HART_HAS_SSDBLTRP | HART_HAS_SMNPM |
					HART_HAS_SMDBLTRP | HART_HAS_SMCDELEG | HART_HAS_SSCSRIND);
		if (hs->features & HART_CDELEG_LOSES_MINH) {
			console_printf("; Smcdeleg unused: a sireg2 write clears MINH");
			unconfirmed &= ~HART_HAS_SMCDELEG;
		}
		if (unconfirmed) {
			console_printf("; WARNING: DT lists");
			log_feature_names(unconfirmed, NULL);
			console_printf(", not usable from S-mode (its enable bit does not stick)");
		}
		console_printf("\n");
		log_pmp_problems(hs, j - i);
		i = j;
	}
}

/* Each hart's IPI doorbell and timer, by runs of consecutive harts alike: "harts 0-63: IPI mswi, timer mtimer". */
static void log_timer_ipi(void)
{
	console_printf("abacus: timer/IPI       : timebase %lu Hz", (unsigned long)timer_hz());
	for (unsigned int i = 0; i < hart_count;) {
		const struct hart_state *hs = hart_table[i];
		unsigned int j = i + 1;
		while (j < hart_count && hart_table[j]->ipi_dev == hs->ipi_dev && hart_table[j]->timer_dev == hs->timer_dev &&
		       hart_table[j]->hartid == hart_table[j - 1]->hartid + 1)
			j++;
		console_printf("; hart%s %lu", j - i > 1 ? "s" : "", hs->hartid);
		if (j - i > 1)
			console_printf("-%lu", hart_table[j - 1]->hartid);
		console_printf(": IPI %s, timer %s", hs->ipi_dev ? hs->ipi_dev->name : "none",
			   hs->timer_dev ? hs->timer_dev->name : "none");
		i = j;
	}
	console_printf("\n");
}

/* Prints hartids as "1, 3-5, 9": runs of consecutive hartids as ranges. */
struct hartid_list {
	unsigned long first, last;
	bool open;
	unsigned int printed;
};

static void hartid_list_flush(struct hartid_list *l)
{
	if (!l->open)
		return;
	console_printf(l->printed++ ? ", %lu" : "%lu", l->first);
	if (l->last != l->first)
		console_printf("-%lu", l->last);
	l->open = false;
}

static void hartid_list_add(struct hartid_list *l, unsigned long hartid)
{
	if (l->open && hartid == l->last + 1) {
		l->last = hartid;
		return;
	}
	hartid_list_flush(l);
	l->first = l->last = hartid;
	l->open = true;
}

/*
 * One warning line for the harts of hart_table[first .. end - 1] whose
 * presence is `presence`: "hart(s) 1, 3-5 (N harts): why". Harts left out
 * at cold boot lie past hart_count; late and gone ones among the others.
 */
static void log_harts_in(unsigned int first, unsigned int end, unsigned int presence, const char *why)
{
	struct hartid_list list = { 0 };
	unsigned int n = 0;

	for (unsigned int i = first; i < end; i++)
		n += hart_table[i]->presence == presence;
	if (!n)
		return;
	console_printf("abacus: warning: hart%s ", n > 1 ? "s" : "");
	for (unsigned int i = first; i < end; i++)
		if (hart_table[i]->presence == presence)
			hartid_list_add(&list, hart_table[i]->hartid);
	hartid_list_flush(&list);
	if (n > 3)
		console_printf(" (%u harts)", n);
	console_printf(": %s\n", why);
}

/*
 * The harts not set up when boot goes on: late ones (WAITING, ARRIVED)
 * join when they come, and S-mode's DT lists them; gone ones (a fatal
 * trap, reported above) are disabled in it.
 */
static void log_harts_not_set_up(void)
{
	char why[112];

	format_snprintf(why, sizeof(why), "not set up within %lu ms; each joins when it comes (STOPPED until then)",
		     boot_info.hart_wait_ms);
	log_harts_in(0, hart_count, HART_WAITING, why);
	log_harts_in(0, hart_count, HART_ARRIVED, why);
	log_harts_in(0, hart_count, HART_GONE, "stopped for good during boot (its fatal trap above); not offered");
}

/* ", disabled in the DT: 1, 5-7" for cpu nodes whose status is not "okay". */
static void log_disabled_cpus(const void *fdt)
{
	struct hartid_list list = { 0 };
	int cpus = fdt_path_offset(fdt, "/cpus"), node;

	if (cpus < 0)
		return;
	fdt_for_each_subnode(node, fdt, cpus) {
		long id = fdt_cpu_hartid(fdt, node);
		if (id < 0 || fdt_node_is_enabled(fdt, node))
			continue;
		if (!list.open && !list.printed)
			console_printf("; disabled in the DT: ");
		hartid_list_add(&list, id);
	}
	hartid_list_flush(&list);
}

/* A hart set up, with S-mode: one the next stage can start on. */
static bool hart_can_start(const struct hart_state *hs)
{
	return hs && hart_offered_to_smode(hs) && hart_set_up(hs);
}

static struct hart_state *choose_next_hart(const struct next_stage *next, struct hart_state *self, bool quiet)
{
	struct hart_state *named = next->boot_hart != -1UL ? hart_by_id(next->boot_hart) : NULL;

	if (hart_can_start(named))
		return named;
	if (named && !quiet)
		console_printf("abacus: fw_dynamic_info boot_hart %lu is not set up (late or gone); not used\n",
			   named->hartid);
	if (hart_can_start(self))
		return self;
	for (unsigned int i = 0; i < hart_count; i++)
		if (hart_can_start(hart_table[i]))
			return hart_table[i];
	return NULL;
}

/*
 * Fixes up the firmware's copy of the DT (afresh from the loader's when
 * `fresh`) and decides where it goes for S-mode (lib/fdt/fdt_placement.c).
 */
static enum fdt_place fix_up_and_place(enum fdt_fw_reservation how, bool fresh, unsigned long next_addr,
				       struct fdt_placement *where, uint64_t *addr)
{
	void *fdt = boot_info.fdt;
	int err = fresh ? fdt_open_into(boot_info.orig_fdt, fdt, boot_info.fdt_buf_size) : 0;

	if (!err)
		err = fdt_fixup_for_smode(fdt, how, aia_boot_scan());   /* fdt: the layout cold boot scanned */
	if (err) {
		console_printf("abacus: warning: DT fixups failed (%s)\n", fdt_strerror(err));
		where->new_size = 0;
		return FDT_PLACE_NOWHERE;
	}
	fdt_pack(fdt);
	where->orig = (unsigned long)boot_info.orig_fdt;
	where->orig_size = boot_info.orig_fdt_size;
	where->new_size = fdt_totalsize(fdt);
	where->free_base = memory_map.fw_base + memory_map.fw_size;
	where->free_end = fw_memory_limit();
	where->next_addr = next_addr;
	where->fixed = fw_config.fdt_addr ? fw_config.fdt_addr :
		       fw_config.fdt_offset ? (uintptr_t)_fw_start + fw_config.fdt_offset : 0;
	/*
	 * Room for the next stage: U-Boot grows the DT where it lies ("Using
	 * Device Tree in place", fdt_high = ~0); with a packed DT, 2023.01
	 * wrote its /chosen over its own data and crashed at "Starting kernel"
	 * (tests/linux, case uboot).
	 */
	where->room = FDT_FIXUP_ROOM_BYTES;
	return fdt_place_for_smode(where, fdt, addr);
}

/*
 * Hands S-mode the fixed-up DT, never past what the loader reserved (its
 * original total size): in place when it fits there, else moved to free
 * memory after the firmware region. When it fits neither (a firmware region
 * that fills the span up to the next stage: hundreds of harts), the
 * firmware region is reserved by a 16-byte /memreserve/ entry instead of a
 * /reserved-memory node, which keeps a DT within the loader's size (the
 * firmware-only properties the services take out go); failing that, boot stops with one
 * FATAL line. The boot log says which, and why.
 */
static void *place_smode_fdt(unsigned long next_addr, bool quiet)
{
	struct fdt_placement where = { 0 };
	enum fdt_place place;
	uint64_t addr = 0;
	const char *how = "";

	place = fix_up_and_place(FDT_RESERVE_NO_MAP_NODE, false, next_addr, &where, &addr);
	if (place == FDT_PLACE_NOWHERE) {
		console_printf("abacus: warning: the fixed-up DT (%lu bytes) fits neither the loader's %lu bytes at %p "
			   "nor free memory: the firmware region becomes a /memreserve/ entry, not a no-map node\n",
			   (unsigned long)where.new_size, (unsigned long)where.orig_size, boot_info.orig_fdt);
		place = fix_up_and_place(FDT_RESERVE_MEMRESERVE, true, next_addr, &where, &addr);
		how = "; firmware region in /memreserve/";
	}
	if (where.fixed_refused)
		console_printf("abacus: warning: the build's DT address 0x%lx (FW_JUMP_FDT_ADDR) is not free S-mode RAM "
			   "for %lu bytes; placed as usual\n", (unsigned long)where.fixed, (unsigned long)where.new_size);
	switch (place) {
	case FDT_PLACE_FIXED:
		memcpy((void *)(uintptr_t)addr, boot_info.fdt, where.new_size);
		fdt_set_totalsize((void *)(uintptr_t)addr, where.total);
		if (!quiet)
			console_printf("abacus: DT for S-mode   : 0x%lx, the build's FW_JUMP_FDT_ADDR (%lu bytes; %lu free in it)%s\n",
				   (unsigned long)addr, (unsigned long)where.new_size,
				   (unsigned long)(where.total - where.new_size), how);
		return (void *)(uintptr_t)addr;
	case FDT_PLACE_IN_PLACE:
		memcpy(boot_info.orig_fdt, boot_info.fdt, where.new_size);
		fdt_set_totalsize(boot_info.orig_fdt, where.total);
		if (!quiet)
			console_printf("abacus: DT for S-mode   : 0x%lx, in place (%lu bytes; the loader's %lu)%s\n",
				   (unsigned long)addr, (unsigned long)where.new_size, (unsigned long)where.orig_size, how);
		return boot_info.orig_fdt;
	case FDT_PLACE_MOVED:
		memcpy((void *)(uintptr_t)addr, boot_info.fdt, where.new_size);
		fdt_set_totalsize((void *)(uintptr_t)addr, where.total);
		if (quiet)
			return (void *)(uintptr_t)addr;
		/* Not in place: S-mode cannot read where it was (FW_FDT_PATH: the image), or it grew. */
		console_printf("abacus: DT for S-mode   : 0x%lx, moved: %lu bytes", (unsigned long)addr, (unsigned long)where.new_size);
		if (!smode_range_ok(where.orig, 0, where.orig_size))
			console_printf(" out of %p, where S-mode cannot read them", boot_info.orig_fdt);
		else
			console_printf(" do not fit the loader's %lu at %p", (unsigned long)where.orig_size, boot_info.orig_fdt);
		console_printf("; %lu bytes free in it%s\n", (unsigned long)(where.total - where.new_size), how);
		return (void *)(uintptr_t)addr;
	default:
		/*
		 * S-mode never gets a DT that does not reserve the firmware region
		 * (it would take that memory for its own, and crash on the PMP),
		 * nor none: boot stops here, with one line.
		 */
		fatal_record_halt("no room for S-mode's DT with the firmware region reserved");
		if (where.new_size)
			console_printf("abacus: FATAL: S-mode's DT, the firmware region reserved (%lu bytes with a /memreserve/ "
				   "entry), fits neither the loader's %lu bytes at %p nor free memory; halting\n",
				   (unsigned long)where.new_size, (unsigned long)where.orig_size, boot_info.orig_fdt);
		else
			console_printf("abacus: FATAL: no DT for S-mode that reserves the firmware region (fixups failed); halting\n");
		park();
	}
}

/* The deep part of boot: libfdt, what services set up from the DT, formatted output. */
struct boot_platform_work {
	struct hart_state *self;
	bool quiet;
	bool smode;                 /* some hart can run the next stage: S-mode needs its DT */
	unsigned long next_addr;
	void *smode_fdt;
};

/*
 * Runs on the static boot stack (idle once cold boot is over), not on the
 * hart's M-mode stack: parsing and fixing up the DT goes deeper than any
 * trap path (scripts/stack-check.py bounds both, entry.S sizes them).
 * Nothing here may use current_hart().
 */
static void boot_finish_platform(void *arg)
{
	struct boot_platform_work *work = arg;

	log_harts_in(hart_count, hart_count + hart_left_out_count, HART_NO_IPI,
		     "no MSWI slot in the DT, cannot be woken; left out");
	log_harts_not_set_up();
	/* For the harts not here (log_harts_not_set_up); else none (or the test hook's). */
	if (platform->hooks && platform->hooks->hart_wake)
		hart_run_waker = platform->hooks->hart_wake;
	boot_hooks_setup(boot_info.fdt);

	if (!work->quiet) {
		int root = 0, len;
		const char *model = fdt_getprop(boot_info.fdt, root, "model", &len);
		/* The DT's words, on the one line: no newline or control character of theirs reaches the log. */
		char model_text[80];
		/* The image's last bytes are its packed relocations, which BSS overlays (firmware/abacus.ld). */
		unsigned long image = boot_info.image_end - (unsigned long)_fw_start;
		unsigned long bss = (unsigned long)(_bss_end - _bss_start);
		console_printf("abacus: platform        : %s (%s)\n", platform->name,
			   model ? format_printable(model_text, sizeof(model_text), model, (size_t)len) : "no model");
		console_printf("abacus: firmware        : 0x%lx-0x%lx (%lu KiB protected; image %lu KiB, bss %lu KiB, "
			   "per-hart %u B x %u, DT copy and tables %lu KiB)\n",
			   (unsigned long)memory_map.fw_base, (unsigned long)(memory_map.fw_base + memory_map.fw_size - 1),
			   (unsigned long)(memory_map.fw_size >> 10), image >> 10, bss >> 10,
			   (unsigned int)(HART_BLOCK_SIZE + sizeof(struct hart_ext)), boot_info.hart_blocks,
			   (boot_info.heap_used -
			    (unsigned long)boot_info.hart_blocks * (HART_BLOCK_SIZE + sizeof(struct hart_ext))) >> 10);
		for (unsigned int i = 0; i < memory_map.ram_count; i++)
			console_printf("abacus: RAM             : 0x%lx-0x%lx\n", (unsigned long)memory_map.ram[i].base,
				   (unsigned long)(memory_map.ram[i].base + memory_map.ram[i].size - 1));
		console_printf("abacus: console         : %s\n",
			   console_get_device() ? console_get_device()->name : "none");
		log_timer_ipi();
		console_printf("abacus: reset           : %s\n", reset_device_name());
		console_printf("abacus: harts           : %u (boot hart %lu", hart_count, boot_hartid);
		if (boot_info.cold_hartid != boot_hartid)
			console_printf(", after cold boot on hart %lu", boot_info.cold_hartid);
		console_printf(")");
		if (boot_info.cpus_disabled)
			log_disabled_cpus(boot_info.fdt);
		console_printf("\n");
		log_harts(false);
		aia_log();
		imsic_log();
		plic_thead_log();
		log_pmp(work->self);
		boot_hooks_log(work->self);
	}

	if (work->quiet)
		log_harts(true);   /* what S-mode could reach is never kept quiet */
	work->smode_fdt = work->smode ? place_smode_fdt(work->next_addr, work->quiet) : NULL;
}

void boot_finish(struct hart_state *self)
{
	struct next_stage next;
	struct hart_state *target;
	struct boot_platform_work work;
	void *smode_fdt;
	bool quiet;

	next_stage_choose(boot_info.fw_info, boot_info.fdt, boot_info.deep_stack_top, &next);
	quiet = next.options & FW_DYNAMIC_OPTION_NO_BOOT_PRINTS;

	boot_info.quiet = quiet;
	target = choose_next_hart(&next, self, quiet);
	work.self = self;
	work.quiet = quiet;
	work.smode = target != NULL;
	work.next_addr = next.addr;
	call_on_stack(boot_finish_platform, &work, boot_info.deep_stack_top);
	smode_fdt = work.smode_fdt;
	if (!target) {
		console_printf("abacus: no hart can run S-mode; nothing to boot\n");
		hart_run_stopped_loop(self);
	}
	if (!quiet && fw_payload_size())
		console_printf("abacus: payload         : 0x%lx-0x%lx (%lu KiB, built into the image)%s\n",
			   fw_payload_addr(), fw_payload_addr() + fw_payload_size() - 1,
			   (fw_payload_size() + 1023) >> 10, fw_payload_usable() ? "" : "; not in RAM: not used");
	if (next.empty_why) {
		next_stage_log_empty(&next);   /* never quiet: the boot stops here */
		hart_run_stopped_loop(self);
	}
	boot_hooks_start(target);
	if (!quiet)
		console_printf("abacus: next stage      : 0x%lx in %s-mode on hart %lu (%s), DT at %p\n\n", next.addr,
			   next.mode == PRV_S ? "S" : "U", target->hartid, next.source, smode_fdt);

	target->start_addr = next.addr;
	target->start_arg1 = (unsigned long)smode_fdt;
	target->start_mode = next.mode;
	if (target == self) {
		self->run_state = HART_RUN_STARTED;
		hart_enter_next_mode(self->hartid, (unsigned long)smode_fdt, next.addr, next.mode,
				     hart_stack_top(self));
	}
	__atomic_store_n(&target->run_state, HART_RUN_START_PENDING, __ATOMIC_RELEASE);
	hart_run_wake(target);
	hart_run_stopped_loop(self);
}
