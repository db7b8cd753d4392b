// SPDX-License-Identifier: BSD-2-Clause
/*
 * dt-to-virt: a board's DT moved onto QEMU virt, so that the firmware boots
 * with the board's decisions on a machine QEMU models (tests/qemu-tests.txt,
 * "Boards' DTs on virt"):
 *
 *     dt-to-virt BOARD.dtb OUT.dtb RAM_BYTES
 *
 * What moves: RAM (every memory node and /reserved-memory out, one
 * /memory@80000000 of RAM_BYTES in), the console (the /chosen/stdout-path
 * node becomes QEMU's ns16550a at 0x10000000) and the CLINT (every
 * CLINT/ACLINT node out, one riscv,clint0 at 0x2000000 in, a slot per cpu
 * node in hartid order, as QEMU numbers them). What stays: everything else:
 * the root compatible and model, the cpus and their ISA, the PMU node, the
 * reset and PMIC nodes and the buses they hang on, whose registers then
 * point at nothing on virt.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libfdt.h>

static const char *const clints[] = {
	"riscv,clint0", "sifive,clint0", "thead,c900-clint", "riscv,aclint-mswi", "riscv,aclint-mtimer",
	"riscv,aclint-sswi", "thead,c900-aclint-mswi", "thead,c900-aclint-mtimer", "thead,c900-aclint-sswi", NULL
};

static void die(const char *what, int err)
{
	fprintf(stderr, "dt-to-virt: %s: %s\n", what, err < 0 ? fdt_strerror(err) : "failed");
	exit(1);
}

static int is_clint(const void *fdt, int node)
{
	int len;
	const char *c = fdt_getprop(fdt, node, "compatible", &len);

	for (int i = 0; c && clints[i]; i++)
		if (fdt_stringlist_contains(c, len, clints[i]))
			return 1;
	return 0;
}

static int is_memory(const void *fdt, int node)
{
	const char *t = fdt_getprop(fdt, node, "device_type", NULL);

	return t && !strcmp(t, "memory");
}

/* Deletes every node that matches, one at a time (offsets move after each). */
static void delete_nodes(void *fdt, int (*match)(const void *, int))
{
	for (int found = 1; found;) {
		found = 0;
		for (int node = fdt_next_node(fdt, -1, NULL); node >= 0; node = fdt_next_node(fdt, node, NULL))
			if (match(fdt, node)) {
				int err = fdt_del_node(fdt, node);
				if (err)
					die("delete", err);
				found = 1;
				break;
			}
	}
}

static int check(int err, const char *what)
{
	if (err < 0)
		die(what, err);
	return err;
}

static void set_reg(void *fdt, int node, uint64_t base, uint64_t size)
{
	int parent = fdt_parent_offset(fdt, node), ac = fdt_address_cells(fdt, parent), sc = fdt_size_cells(fdt, parent);
	fdt32_t reg[4];
	int n = 0;

	if (ac == 2)
		reg[n++] = cpu_to_fdt32(base >> 32);
	reg[n++] = cpu_to_fdt32((uint32_t)base);
	if (sc == 2)
		reg[n++] = cpu_to_fdt32(size >> 32);
	reg[n++] = cpu_to_fdt32((uint32_t)size);
	check(fdt_setprop(fdt, node, "reg", reg, n * 4), "reg");
}

/* The console: the stdout-path node, now QEMU's 16550. */
static void move_console(void *fdt)
{
	int chosen = fdt_path_offset(fdt, "/chosen"), len, node;
	const char *path = chosen >= 0 ? fdt_getprop(fdt, chosen, "stdout-path", &len) : NULL;
	char buf[256];

	if (!path)
		die("no /chosen/stdout-path", 0);
	snprintf(buf, sizeof(buf), "%s", path);
	buf[strcspn(buf, ":")] = 0;
	node = buf[0] == '/' ? fdt_path_offset(fdt, buf) : fdt_path_offset(fdt, fdt_get_alias(fdt, buf) ?: "");
	check(node, "stdout-path node");
	check(fdt_setprop_string(fdt, node, "compatible", "ns16550a"), "compatible");
	set_reg(fdt, node, 0x10000000, 0x100);
	check(fdt_setprop_u32(fdt, node, "reg-shift", 0), "reg-shift");
	check(fdt_setprop_u32(fdt, node, "reg-io-width", 1), "reg-io-width");
	check(fdt_setprop_string(fdt, node, "status", "okay"), "status");
}

/* The CLINT: machine software (3) and timer (7) interrupts of each hart, in hartid order. */
static void add_clint(void *fdt)
{
	int cpus = check(fdt_path_offset(fdt, "/cpus"), "/cpus"), cpu, node, n = 0;
	fdt32_t cells[4 * 512];

	for (uint32_t hartid = 0; hartid < 4096 && n < 512; hartid++)
		fdt_for_each_subnode(cpu, fdt, cpus) {
			const fdt32_t *reg = fdt_getprop(fdt, cpu, "reg", NULL);
			const char *type = fdt_getprop(fdt, cpu, "device_type", NULL);
			int intc;
			uint32_t ph;

			if (!reg || !type || strcmp(type, "cpu") || fdt32_to_cpu(*reg) != hartid)
				continue;
			fdt_for_each_subnode(intc, fdt, cpu)
				if (fdt_getprop(fdt, intc, "interrupt-controller", NULL))
					break;
			check(intc, "cpu interrupt controller");
			ph = fdt_get_phandle(fdt, intc);
			if (!ph) {
				check(fdt_generate_phandle(fdt, &ph), "phandle");
				check(fdt_setprop_u32(fdt, intc, "phandle", ph), "phandle");
			}
			cells[n * 4] = cpu_to_fdt32(ph);
			cells[n * 4 + 1] = cpu_to_fdt32(3);
			cells[n * 4 + 2] = cpu_to_fdt32(ph);
			cells[n * 4 + 3] = cpu_to_fdt32(7);
			n++;
		}
	node = check(fdt_add_subnode(fdt, 0, "clint@2000000"), "clint");
	check(fdt_setprop_string(fdt, node, "compatible", "riscv,clint0"), "compatible");
	set_reg(fdt, node, 0x2000000, 0x10000);
	check(fdt_setprop(fdt, node, "interrupts-extended", cells, n * 16), "interrupts-extended");
}

int main(int argc, char **argv)
{
	FILE *f;
	void *fdt;
	long size;
	int node, rsv;

	if (argc != 4) {
		fprintf(stderr, "usage: dt-to-virt BOARD.dtb OUT.dtb RAM_BYTES\n");
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f || fseek(f, 0, SEEK_END) || (size = ftell(f)) <= 0)
		die(argv[1], 0);
	rewind(f);
	fdt = malloc(size + 65536);
	if (!fdt || fread(fdt, 1, size, f) != (size_t)size)
		die(argv[1], 0);
	fclose(f);
	check(fdt_open_into(fdt, fdt, size + 65536), "open");

	delete_nodes(fdt, is_memory);
	delete_nodes(fdt, is_clint);
	rsv = fdt_path_offset(fdt, "/reserved-memory");
	if (rsv >= 0)
		check(fdt_del_node(fdt, rsv), "/reserved-memory");
	move_console(fdt);
	node = check(fdt_add_subnode(fdt, 0, "memory@80000000"), "memory");
	check(fdt_setprop_string(fdt, node, "device_type", "memory"), "device_type");
	set_reg(fdt, node, 0x80000000, strtoull(argv[3], NULL, 0));
	add_clint(fdt);
	check(fdt_pack(fdt), "pack");

	f = fopen(argv[2], "wb");
	if (!f || fwrite(fdt, 1, fdt_totalsize(fdt), f) != fdt_totalsize(fdt) || fclose(f))
		die(argv[2], 0);
	return 0;
}
