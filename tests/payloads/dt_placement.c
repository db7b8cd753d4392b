/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where the firmware put the DT S-mode receives (docs/boot.md): the loader
 * reserved the original's total size and nothing more, so the fixed-up DT
 * is written back in place only when it fits there, and otherwise goes to
 * free memory, the loader's copy left as it was.
 *
 * QEMU virt -dtb FILE: QEMU loads FILE (packed, unchanged without -append
 * but for the value of /chosen/rng-seed, random at each reset) and passes
 * its address in a1 through the reset vector in its ROM at 0x1000 (the
 * dword at 0x1020), which S-mode can read. The case also loads FILE at
 * DT_REFERENCE with the generic loader, as the reference: what the loader's
 * copy held, and its total size. QEMU's buffer around the DT is
 * zero-filled, so the bytes after the original total size must still be
 * zero: the firmware did not write past the loader's reservation.
 *
 * Checked: the DT in a1 is valid, 8-byte aligned, in RAM, outside the
 * firmware region and the payload, and fixed up: the firmware region is
 * reserved (/reserved-memory/abacus@, or, when the DT had no room for that
 * node, a /memreserve/ entry at the start of RAM, a power of two long);
 * in place, it is no larger than the original; moved, it does not overlap
 * the loader's copy, which is byte for byte the original. Which of the two
 * happens is the case's log marker (the firmware says it in its boot log).
 */
#include <libfdt.h>
#include "payload.h"

#define QEMU_RESET_VECTOR     0x1000UL
#define QEMU_RESET_VECTOR_FDT 0x1020UL    /* fdt_laddr: .dword, after 6 words of code */
#define QEMU_AUIPC_T0         0x00000297U /* the reset vector's first instruction */
#define DT_REFERENCE          0x86000000UL
#define TAIL_BYTES            8192UL      /* checked past the original's end */

extern char _start[], __payload_end[];

static bool overlap(uint64_t a, uint64_t asize, uint64_t b, uint64_t bsize)
{
	return a < b + bsize && b < a + asize;
}

/* The firmware region as the DT S-mode got reserves it: the node, else the /memreserve/ entry. */
static bool firmware_region(const void *fdt, uint64_t *base, uint64_t *size)
{
	uint64_t ram_base, ram_size;

	if (dt_firmware_region_node(fdt) >= 0) {
		printf("firmware region: /reserved-memory node\n");
		return dt_firmware_region(base, size);
	}
	if (!dt_memory_region(&ram_base, &ram_size))
		return false;
	for (int i = 0; i < fdt_num_mem_rsv(fdt); i++)
		if (fdt_get_mem_rsv(fdt, i, base, size) == 0 && *base == ram_base && *size &&
		    !(*size & (*size - 1))) {
			printf("firmware region: /memreserve/ entry\n");
			return true;
		}
	return false;
}

static void check_same_machine(const void *a, const void *b)
{
	int ca = fdt_path_offset(a, "/cpus"), cb = fdt_path_offset(b, "/cpus"), na = 0, nb = 0, node;
	const char *ma = fdt_getprop(a, 0, "model", NULL), *mb = fdt_getprop(b, 0, "model", NULL);

	CHECK(ma && mb && strcmp(ma, mb) == 0);
	if (!CHECK(ca >= 0 && cb >= 0))
		return;
	fdt_for_each_subnode(node, a, ca)
		na++;
	fdt_for_each_subnode(node, b, cb)
		nb++;
	CHECK_EQ(na, nb);
}

/* a == b byte for byte, the value of /chosen/rng-seed aside (QEMU's, random). */
static bool same_bytes_but_seed(const void *a, const void *b)
{
	int chosen = fdt_path_offset(a, "/chosen"), len = 0;
	const uint8_t *seed = chosen < 0 ? NULL : fdt_getprop(a, chosen, "rng-seed", &len);
	size_t size = fdt_totalsize(b), from = seed ? (size_t)(seed - (const uint8_t *)a) : size;

	if (fdt_totalsize(a) != size || from > size || from + (size_t)len > size)
		return false;
	for (size_t i = 0; i < size; i++)
		if ((i < from || i >= from + (size_t)len) && ((const uint8_t *)a)[i] != ((const uint8_t *)b)[i]) {
			printf("  loader's copy differs from the original at byte %lu\n", (unsigned long)i);
			return false;
		}
	return true;
}

void payload_main(unsigned long hartid, unsigned long dtb)
{
	const void *smode = (const void *)dtb, *ref = (const void *)DT_REFERENCE;
	uint64_t loader, ref_size, size, ram_base, ram_size, fw_base, fw_size;
	const volatile uint8_t *tail;
	unsigned long nonzero = 0;

	(void)hartid;
	test_start("dt_placement");
	if (!CHECK_EQ(*(volatile uint32_t *)QEMU_RESET_VECTOR, QEMU_AUIPC_T0) ||
	    !CHECK_EQ(fdt_check_header(ref), 0))
		return;
	loader = *(volatile uint64_t *)QEMU_RESET_VECTOR_FDT;
	ref_size = fdt_totalsize(ref);
	printf("loader's DT at 0x%lx, %lu bytes; S-mode's at 0x%lx\n", (unsigned long)loader,
	       (unsigned long)ref_size, dtb);

	/* The DT S-mode gets: valid, aligned, fixed up, in RAM S-mode owns. */
	if (!CHECK_EQ(fdt_check_header(smode), 0))
		return;
	size = fdt_totalsize(smode);
	CHECK_EQ(dtb & 7, 0);
	if (CHECK(dt_memory_region(&ram_base, &ram_size)))
		CHECK(dtb >= ram_base && dtb + size <= ram_base + ram_size);
	if (CHECK(firmware_region(smode, &fw_base, &fw_size)))
		CHECK(!overlap(dtb, size, fw_base, fw_size));
	CHECK(!overlap(dtb, size, (unsigned long)_start, (unsigned long)(__payload_end - _start)));
	check_same_machine(smode, ref);

	if (dtb == loader) {
		printf("in place: %lu bytes in the loader's %lu\n", (unsigned long)size, (unsigned long)ref_size);
		CHECK(size <= ref_size);
	} else {
		printf("moved: %lu bytes\n", (unsigned long)size);
		CHECK(!overlap(dtb, size, loader, ref_size));
		/* The loader's copy is left as the loader wrote it. */
		CHECK(same_bytes_but_seed((const void *)(unsigned long)loader, ref));
	}
	/* Nothing written past the loader's reservation. */
	tail = (const volatile uint8_t *)(unsigned long)(loader + ref_size);
	for (unsigned long i = 0; i < TAIL_BYTES; i++)
		nonzero += tail[i] != 0;
	if (!CHECK_EQ(nonzero, 0))
		printf("  %lu non-zero bytes in the %lu after the loader's DT\n", nonzero, TAIL_BYTES);
}
