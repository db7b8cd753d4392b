/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef ABACUS_BOOT_H
#define ABACUS_BOOT_H

#include "hart.h"
#include "hart_switch.h"

/* Free space in the DT handed to S-mode (a next stage grows it in place). */
#define FDT_FIXUP_ROOM_BYTES 4096
/*
 * Room for DT fixups in the firmware's copy: a /reserved-memory node, the
 * AIA's status properties (every socket's M-level IMSICs and APLICs), a
 * quirk's nodes (the RZ/Five's DMA pool) and the ISA edits
 * (FDT_COPY_ROOM_BYTES, with room to spare: what the cases of
 * tests/qemu-tests.txt use is in docs/boot.md), and a status property per
 * cpu node at worst (FDT_FIXUP_ROOM_PER_CPU: firmware/fdt_fixup.c,
 * fixup_harts_not_offered). By cpu node, not by the DT's size: QEMU 11.1's
 * cpu nodes (riscv,isa-extensions) are much larger than QEMU 7.2's, and
 * room for a fraction of its 512-hart DT left no space below the next
 * stage for the firmware region, which holds the copy (docs/boot.md,
 * docs/reliability.md).
 */
#define FDT_COPY_ROOM_BYTES 1024
#define FDT_FIXUP_ROOM_PER_CPU 24
static inline unsigned long fdt_fixup_room(unsigned int cpu_nodes)
{
	return FDT_COPY_ROOM_BYTES + (unsigned long)FDT_FIXUP_ROOM_PER_CPU * cpu_nodes;
}

/* What cold boot found, for the rest of boot. */
struct boot_info {
	void *fdt;                  /* the firmware's copy (with room for fixups) */
	void *orig_fdt;             /* where the loader put it; S-mode gets it here */
	unsigned long orig_fdt_size;
	unsigned long fdt_buf_size; /* the firmware's copy: its buffer */
	unsigned long fw_info;      /* a2 at reset (fw_dynamic_info) */
	unsigned long image_end;    /* where the loaded image ends: past its packed relocations (firmware/entry.S) */
	unsigned long heap_used;
	unsigned int hart_blocks;   /* hart_state blocks allocated (usable cpu nodes) */
	unsigned int cpus_disabled; /* cpu nodes whose status is not "okay" */
	unsigned long cold_hartid;  /* the hart that won the boot lottery */
	void *deep_stack_top;       /* stack for the DT work at the end of boot */
	unsigned long hart_wait_ms; /* the boot deadline for the other harts */
	bool quiet;                 /* the loader asked for no boot prints (fw_dynamic_info options) */
};
extern struct boot_info boot_info;


/*
 * Cold boot: the console from the DT, stdout-path first, else the first UART
 * its driver accepts (a refused one says why on the console found); < 0:
 * none (firmware/boot_devices.c).
 */
int boot_probe_console(const void *fdt);
/* Cold boot: IPI doorbells, timer, AIA and reset devices from the DT (firmware/boot_devices.c). */
void boot_probe_devices(const void *fdt);
/* Per-hart M-mode set-up: trap vector, delegation, counters, PMP (firmware/hart_init.c). */
void hart_init_mmode(struct hart_state *hs);
/* Smstateen: sstateen0..3 and hstateen0..3 back to 0 (boot, and HSM hart_stop). */
/* Boot hart, after every hart is set up: PMU map, DT fixups, log, next stage (firmware/boot_finish.c). */
void boot_finish(struct hart_state *hs) __attribute__((noreturn));
/* How the DT tells S-mode the firmware region is not its memory. */
enum fdt_fw_reservation {
	FDT_RESERVE_NO_MAP_NODE,    /* /reserved-memory/abacus@<base>, no-map */
	FDT_RESERVE_MEMRESERVE,     /* a /memreserve/ entry: 16 bytes, when there is no room for the node */
};
/*
 * DT changes before S-mode sees it (firmware/fdt_fixup.c). `aia`: the AIA
 * nodes of a DT of this layout (aia_dt_scan), or NULL to find them here.
 */
struct aia_dt;
int fdt_fixup_for_smode(void *fdt, enum fdt_fw_reservation how, const struct aia_dt *aia);

#endif
