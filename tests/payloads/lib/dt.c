/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What payloads read from the DT the firmware passed them (payload_dtb, set
 * by entry.S): the firmware's reserved region, RAM, the harts and the
 * timebase. Upstream libfdt does the parsing.
 */
#include <libfdt.h>
#include "payload.h"

unsigned long payload_dtb;

const void *dt_fdt(void)
{
	return (const void *)payload_dtb;
}

static uint64_t dt_read_cells(const fdt32_t *cells, int count)
{
	uint64_t v = 0;

	for (int i = 0; i < count; i++)
		v = (v << 32) | fdt32_to_cpu(cells[i]);
	return v;
}

bool dt_node_reg(const void *fdt, int node, int index, uint64_t *addr, uint64_t *size)
{
	int parent = fdt_parent_offset(fdt, node);
	int ac, sc, len;
	const fdt32_t *reg;

	if (parent < 0)
		return false;
	ac = fdt_address_cells(fdt, parent);
	sc = fdt_size_cells(fdt, parent);
	/* Two cells at most each: the values must fit in 64 bits. */
	if (ac < 1 || ac > 2 || sc < 0 || sc > 2)
		return false;
	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg || index < 0 || len < (index + 1) * (ac + sc) * 4)
		return false;
	reg += index * (ac + sc);
	*addr = dt_read_cells(reg, ac);
	*size = dt_read_cells(reg + ac, sc);
	return true;
}

int dt_firmware_region_node(const void *fdt)
{
	int parent = fdt_path_offset(fdt, "/reserved-memory");
	int node;

	if (parent < 0)
		return parent;
	fdt_for_each_subnode(node, fdt, parent) {
		const char *name = fdt_get_name(fdt, node, NULL);

		if (name && strncmp(name, DT_FIRMWARE_NODE_PREFIX,
				    strlen(DT_FIRMWARE_NODE_PREFIX)) == 0)
			return node;
	}
	return -FDT_ERR_NOTFOUND;
}

bool dt_firmware_region(uint64_t *base, uint64_t *size)
{
	const void *fdt = dt_fdt();
	int node = dt_firmware_region_node(fdt);

	return node >= 0 && dt_node_reg(fdt, node, 0, base, size);
}



bool dt_memory_region(uint64_t *base, uint64_t *size)
{
	const void *fdt = dt_fdt();
	uintptr_t here = (uintptr_t)_start;
	uint64_t b, sz;
	bool found = false;
	int node;

	fdt_for_each_subnode(node, fdt, 0) {
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);

		if (!type || strcmp(type, "memory") != 0)
			continue;
		for (int i = 0; dt_node_reg(fdt, node, i, &b, &sz); i++) {
			if (!found || (here >= b && here - b < sz)) {
				*base = b;
				*size = sz;
			}
			found = true;
			if (here >= b && here - b < sz)
				return true;
		}
	}
	return found;
}

/* A node without status is enabled (DT spec, "status"). */
bool dt_node_enabled(const void *fdt, int node)
{
	const char *status = fdt_getprop(fdt, node, "status", NULL);

	return !status || strcmp(status, "okay") == 0 || strcmp(status, "ok") == 0;
}

int dt_hartids(unsigned long *ids, int max)
{
	const void *fdt = dt_fdt();
	int cpus = fdt_path_offset(fdt, "/cpus");
	int node, count = 0;

	if (cpus < 0)
		return -1;
	fdt_for_each_subnode(node, fdt, cpus) {
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);
		uint64_t hartid, unused;

		if (!type || strcmp(type, "cpu") != 0 || !dt_node_enabled(fdt, node))
			continue;
		/* /cpus has #size-cells = 0: reg is the hartid alone. */
		if (!dt_node_reg(fdt, node, 0, &hartid, &unused))
			return -1;
		if (count < max)
			ids[count] = hartid;
		count++;
	}
	return count;
}

unsigned long dt_timebase_hz(void)
{
	const void *fdt = dt_fdt();
	int cpus = fdt_path_offset(fdt, "/cpus");
	const fdt32_t *prop;
	int len;

	if (cpus < 0)
		return 0;
	prop = fdt_getprop(fdt, cpus, "timebase-frequency", &len);
	if (!prop || len != 4)
		return 0;
	return fdt32_to_cpu(*prop);
}

bool dt_isa_has(const char *ext)
{
	const void *fdt = dt_fdt();
	int cpus = fdt_path_offset(fdt, "/cpus");
	size_t ext_len = strlen(ext);
	int node;

	if (cpus < 0)
		return false;
	fdt_for_each_subnode(node, fdt, cpus) {
		const char *isa = fdt_getprop(fdt, node, "riscv,isa", NULL);

		if (!isa)
			continue;
		/* Multi-letter extensions follow an underscore: "..._sstc_...". */
		for (const char *p = strchr(isa, '_'); p; p = strchr(p + 1, '_'))
			if (strncmp(p + 1, ext, ext_len) == 0 &&
			    (p[1 + ext_len] == '\0' || p[1 + ext_len] == '_'))
				return true;
		return false;
	}
	return false;
}

bool dt_isa_has_letter(char letter)
{
	const void *fdt = dt_fdt();
	int cpus = fdt_path_offset(fdt, "/cpus");
	int node;

	if (cpus < 0)
		return false;
	fdt_for_each_subnode(node, fdt, cpus) {
		const char *isa = fdt_getprop(fdt, node, "riscv,isa", NULL);

		if (!isa)
			continue;
		/* "rv64imafdch_...": the letters after rv32/rv64, up to the first '_'. */
		if (strncmp(isa, "rv", 2) != 0)
			return false;
		for (const char *p = isa + 4; *p && *p != '_'; p++)
			if (*p == letter)
				return true;
		return false;
	}
	return false;
}

unsigned long dt_bootarg(const char *name, unsigned long dflt)
{
	const void *fdt = dt_fdt();
	int chosen = fdt_path_offset(fdt, "/chosen"), len;
	const char *args = chosen < 0 ? NULL : fdt_getprop(fdt, chosen, "bootargs", &len);
	size_t n = strlen(name);

	for (const char *p = args; p && *p; p++) {
		unsigned long v = 0, base = 10;

		if ((p != args && p[-1] != ' ' && p[-1] != ',') || strncmp(p, name, n) || p[n] != '=')
			continue;
		p += n + 1;
		if (p[0] == '0' && p[1] == 'x') {
			base = 16;
			p += 2;
		}
		for (;; p++) {
			unsigned long digit;
			if (*p >= '0' && *p <= '9')
				digit = (unsigned long)(*p - '0');
			else if (base == 16 && *p >= 'a' && *p <= 'f')
				digit = (unsigned long)(*p - 'a' + 10);
			else
				break;
			v = v * base + digit;
		}
		return v;
	}
	return dflt;
}
