/* SPDX-License-Identifier: BSD-2-Clause */
#include <libfdt.h>
#include "fdt_helpers.h"
#include "hart.h"
#include "libc_string.h"

/* Set by a walk that knows a node's parent (lib/core/dt_driver.c): one
 * node's, or every node's on the path from the root to the probed one (a
 * probe that looks at an ancestor, an I2C device's controller, finds its
 * parent there too). */
static struct {
	int node, parent;
	const int *path;
	int path_len;
} parent_hint = { -1, -1, NULL, 0 };

void fdt_parent_hint(int node, int parent)
{
	parent_hint.node = node;
	parent_hint.parent = parent;
	parent_hint.path = NULL;
	parent_hint.path_len = 0;
}

void fdt_parent_hint_path(const int *path, int len)
{
	fdt_parent_hint(len > 1 ? path[len - 1] : -1, len > 1 ? path[len - 2] : -1);
	parent_hint.path = path;
	parent_hint.path_len = len;
}

int fdt_parent_hinted(int node)
{
	if (node == parent_hint.node)
		return parent_hint.parent;
	for (int i = 1; i < parent_hint.path_len; i++)
		if (parent_hint.path[i] == node)
			return parent_hint.path[i - 1];
	return -1;
}

int fdt_parent(const void *fdt, int node)
{
	int parent = fdt_parent_hinted(node);

	return parent >= 0 ? parent : fdt_parent_offset(fdt, node);
}

int fdt_read_reg(const void *fdt, int node, int idx, uint64_t *addr, uint64_t *size)
{
	int parent = fdt_parent(fdt, node);
	int ac, sc, len;
	const fdt32_t *reg;

	if (parent < 0)
		return -1;
	ac = fdt_address_cells(fdt, parent);
	sc = fdt_size_cells(fdt, parent);
	if (ac < 1 || ac > 2 || sc < 0 || sc > 2)
		return -1;
	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg || idx < 0 || len < (idx + 1) * (ac + sc) * 4)
		return -1;
	reg += idx * (ac + sc);
	*addr = 0;
	for (int i = 0; i < ac; i++)
		*addr = (*addr << 32) | fdt32_ld(reg++);
	*size = 0;
	for (int i = 0; i < sc; i++)
		*size = (*size << 32) | fdt32_ld(reg++);
	return 0;
}

uint32_t fdt_read_u32(const void *fdt, int node, const char *name, uint32_t dflt)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, name, &len);

	return p && len == 4 ? fdt32_ld(p) : dflt;
}

int fdt_phandle_args(const void *fdt, int node, const char *prop, const char *compatible, unsigned int nargs,
		     uint32_t *args)
{
	int len, target;
	const fdt32_t *cells = fdt_getprop(fdt, node, prop, &len);

	/* No such property: len is a libfdt error, never (1 + nargs) cells. */
	if (len != (int)(sizeof(fdt32_t) * (1 + nargs)))
		return -1;
	for (unsigned int i = 0; i < nargs; i++)
		args[i] = fdt32_ld(&cells[1 + i]);
	target = fdt_node_offset_by_phandle(fdt, fdt32_ld(cells));
	/* No such phandle: target < 0, which fdt_node_check_compatible refuses too. */
	return compatible && fdt_node_check_compatible(fdt, target, compatible) ? -1 : target;
}

/*
 * Against a property already fetched: no walk of the node's properties per
 * string. Each string of the list is measured once, and compared with its
 * NUL, so that only a whole string of the property matches it.
 */
bool dt_compatible_matches(const char *list, const char *prop, int len)
{
	const char *end = prop + (len > 0 ? len : 0);

	for (size_t n; *list; list += n) {
		n = strlen(list) + 1;
		for (const char *p = prop; (size_t)(end - p) >= n; p++) {
			if (!memcmp(p, list, n))
				return true;
			p = memchr(p, '\0', (size_t)(end - p));
			if (!p)
				break;
		}
	}
	return false;
}

bool fdt_node_is_enabled(const void *fdt, int node)
{
	int len;
	const char *s = fdt_getprop(fdt, node, "status", &len);

	if (!s)
		return true;
	return (len >= 5 && !strncmp(s, "okay", 5)) || (len >= 3 && !strncmp(s, "ok", 3));
}

bool fdt_node_is_reserved(const void *fdt, int node)
{
	int len;
	const char *s = fdt_getprop(fdt, node, "status", &len);

	return s && len >= 9 && !strncmp(s, "reserved", 9);
}

int fdt_reserved_memory_add(void *fdt, const char *name, uint64_t base, uint64_t size)
{
	fdt32_t reg[4];
	int parent, node, err, ac, sc, n = 0;

	parent = fdt_path_offset(fdt, "/reserved-memory");
	if (parent < 0) {
		parent = fdt_add_subnode(fdt, 0, "reserved-memory");
		if (parent < 0)
			return parent;
		if ((err = fdt_setprop_u32(fdt, parent, "#address-cells", 2)) ||
		    (err = fdt_setprop_u32(fdt, parent, "#size-cells", 2)) ||
		    (err = fdt_setprop(fdt, parent, "ranges", NULL, 0)))
			return err;
	}
	ac = fdt_address_cells(fdt, parent);
	sc = fdt_size_cells(fdt, parent);
	if (ac < 1 || ac > 2 || sc < 1 || sc > 2)
		return -FDT_ERR_BADNCELLS;
	node = fdt_add_subnode(fdt, parent, name);
	if (node < 0)
		return node;
	if (ac == 2)
		reg[n++] = cpu_to_fdt32(base >> 32);
	reg[n++] = cpu_to_fdt32((uint32_t)base);
	if (sc == 2)
		reg[n++] = cpu_to_fdt32(size >> 32);
	reg[n++] = cpu_to_fdt32((uint32_t)size);
	if ((err = fdt_setprop(fdt, node, "reg", reg, n * sizeof(reg[0]))) ||
	    (err = fdt_setprop(fdt, node, "no-map", NULL, 0)))
		return err;
	return node;
}

int fdt_stdout_node(const void *fdt)
{
	int chosen = fdt_path_offset(fdt, "/chosen");
	const char *path;
	int len, n;

	if (chosen < 0)
		return -1;
	path = fdt_getprop(fdt, chosen, "stdout-path", &len);
	if (!path || len < 1)
		return -1;
	for (n = 0; n < len && path[n] && path[n] != ':'; n++)
		;
	/*
	 * An alias ("serial0") or a full path: libfdt handles both, but this
	 * libfdt resolves an alias's value as a path again, aliases included:
	 * an alias naming itself recursed until the boot stack ran through
	 * firmware memory. Only an alias whose value is a full path is taken.
	 */
	if (n && path[0] != '/') {
		int alias_len = 0;
		const char *alias;
		while (alias_len < n && path[alias_len] != '/')
			alias_len++;
		alias = fdt_get_alias_namelen(fdt, path, alias_len);
		if (!alias || alias[0] != '/')
			return -1;
	}
	return fdt_path_offset_namelen(fdt, path, n);
}

long fdt_cpu_hartid(const void *fdt, int cpu_node)
{
	int len;
	const char *type = fdt_getprop(fdt, cpu_node, "device_type", &len);
	const fdt32_t *reg;

	if (!type || len != 4 || memcmp(type, "cpu", 4))
		return -1;
	reg = fdt_getprop(fdt, cpu_node, "reg", &len);
	if (!reg || len < 4)
		return -1;
	/* #address-cells of /cpus is 1 (or 2 with a zero upper cell). */
	return len >= 8 ? (long)(((uint64_t)fdt32_ld(reg) << 32) | fdt32_ld(reg + 1)) : (long)fdt32_ld(reg);
}

long fdt_cpu_enabled_hartid(const void *fdt, int cpu_node)
{
	long id = fdt_cpu_hartid(fdt, cpu_node);

	return id >= 0 && fdt_node_is_enabled(fdt, cpu_node) ? id : -1;
}

int fdt_cpu_node_by_hartid(const void *fdt, unsigned long hartid)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node;

	if (cpus < 0)
		return cpus;
	fdt_for_each_subnode(node, fdt, cpus)
		if (fdt_cpu_hartid(fdt, node) == (long)hartid)
			return node;
	return -FDT_ERR_NOTFOUND;
}

uint32_t fdt_cpu_intc_phandle(const void *fdt, int cpu_node)
{
	int child;

	fdt_for_each_subnode(child, fdt, cpu_node)
		if (fdt_getprop(fdt, child, "interrupt-controller", NULL))
			return fdt_get_phandle(fdt, child);
	return 0;
}

/*
 * The DT's name of the extension each HART_HAS_* bit stands for, in bit
 * order, "" where the DT has none to look for (S and H are single letters,
 * menvcfg and Sdtrig are found by probing). One string: the table costs no
 * pointers.
 */
static const char isa_extension_names[] =
	"\0\0sstc\0sscofpmf\0smcntrpmf\0zicbom\0zicboz\0\0zkr\0svpbmt\0svadu\0svade\0smstateen\0"
	"zicfilp\0zicfiss\0ssdbltrp\0smnpm\0smdbltrp\0smcdeleg\0ssccfg\0sscsrind\0";

static uint32_t isa_extension_flag(const char *name, int len)
{
	const char *p = isa_extension_names;

	if (len <= 0)
		return 0;   /* an empty name is no extension (the table's "" entries) */
	for (unsigned int bit = 0; bit < HART_HAS_BITS - 1; bit++) {
		int n = strlen(p);

		if (n == len && !strncmp(p, name, len))
			return 1U << bit;
		p += n + 1;
	}
	return 0;
}

uint32_t isa_string_features(const char *isa, int len)
{
	uint32_t flags = 0;
	int i = 0;

	if (len < 4 || strncmp(isa, "rv", 2))
		return 0;
	for (i = 2; i < len && isa[i] >= '0' && isa[i] <= '9'; i++)
		;
	/* Single-letter extensions up to the first '_' (or the end). */
	for (; i < len && isa[i] && isa[i] != '_'; i++) {
		if (isa[i] == 'h')
			flags |= HART_HAS_H;
		else if (isa[i] == 's')
			flags |= HART_HAS_S;
		else if (isa[i] == 'z' || isa[i] == 'x')
			break;
	}
	/* Multi-letter extensions, separated by '_'. */
	while (i < len && isa[i]) {
		int start, n;

		while (i < len && isa[i] == '_')
			i++;
		start = i;
		while (i < len && isa[i] && isa[i] != '_')
			i++;
		n = i - start;
		if (n > 0)
			flags |= isa_extension_flag(isa + start, n);
	}
	return flags;
}

static const char isa_extensions_prop[] = "riscv,isa-extensions";
static const char isa_string_prop[] = "riscv,isa";

/*
 * The rule: the current binding's string list wins, as in Linux; riscv,isa is
 * then only there for older software and is not read at all. Inlined into
 * both users, so the firmware (which only needs the features) carries no
 * extra call; the host checker calls fdt_cpu_isa_property.
 */
static inline __attribute__((always_inline)) const char *
isa_property(const void *fdt, int cpu_node, const char **value, int *len)
{
	*value = fdt_getprop(fdt, cpu_node, isa_extensions_prop, len);
	if (*value)
		return isa_extensions_prop;
	*value = fdt_getprop(fdt, cpu_node, isa_string_prop, len);
	return *value ? isa_string_prop : NULL;
}

const char *fdt_cpu_isa_property(const void *fdt, int cpu_node, const char **value, int *len)
{
	const char *prop = isa_property(fdt, cpu_node, value, len);

	if (!prop)
		*len = 0;
	return prop;
}

uint32_t fdt_cpu_isa_features(const void *fdt, int cpu_node)
{
	const char *s;
	int len;
	const char *prop = isa_property(fdt, cpu_node, &s, &len);
	uint32_t flags = 0;

	if (!prop)
		return 0;
	if (prop == isa_string_prop)
		return isa_string_features(s, strnlen(s, len));
	/* riscv,isa-extensions: a string list, one extension name per entry. */
	for (int i = 0; i < len;) {
		int n = strnlen(s + i, len - i);
		if (n == 1 && s[i] == 'h')
			flags |= HART_HAS_H;
		else if (n == 1 && s[i] == 's')
			flags |= HART_HAS_S;
		else
			flags |= isa_extension_flag(s + i, n);
		i += n + 1;
	}
	return flags;
}

/*
 * Each ISA property without the extensions of `flags`, compacted in place
 * and shrunk (never grown, so it always fits). The list drops whole entries;
 * the string keeps its first token (base and single letters) and drops
 * "_name" tokens. Unterminated: not a string (list) the firmware edits.
 */
int fdt_cpu_isa_remove(void *fdt, int cpu_node, uint32_t flags)
{
	const char *prop = isa_extensions_prop;
	int err = 0;

	for (;;) {
		int len, n, kept = 0;
		char *s = fdt_getprop_w(fdt, cpu_node, prop, &len);
		bool list = prop == isa_extensions_prop;
		char sep = list ? 0 : '_';
		void *data;

		if (s && len > 0 && !s[len - 1]) {
			n = list ? len : (int)strlen(s) + 1;
			for (int i = 0, end; i < n; i = end + 1) {
				for (end = i; end < n - 1 && s[end] != sep; end++)
					;
				/* The token [i, end); s[end] its separator (the string's last: its NUL). */
				if ((!list && i == 0) || !(isa_extension_flag(s + i, end - i) & flags)) {
					if (i > 0 && !list)
						s[kept++] = sep;
					memmove(s + kept, s + i, end - i);
					kept += end - i;
					if (list)
						s[kept++] = 0;
				}
			}
			if (!list)
				s[kept++] = 0;
			if (kept != len)
				err = fdt_setprop_placeholder(fdt, cpu_node, prop, kept, &data);
		}
		if (err || !list)
			return err;
		prop = isa_string_prop;
	}
}

const char *fdt_check_boot_dtb(const void *dtb, int *err)
{
	*err = fdt_check_header(dtb);
	if (*err)
		return "invalid DTB passed in a1";
	/* libfdt is built assuming the current format (version 17, as dtc, QEMU
	 * and U-Boot write it). */
	if (fdt_version(dtb) < 17 || fdt_last_comp_version(dtb) > 17)
		return "DTB format version is not 17";
	if (fdt_totalsize(dtb) > FDT_BOOT_MAX_SIZE)
		return "DTB larger than 1 MiB";
	/* The DT spec aligns the reservation map to 8 bytes and the structure
	 * block to 4: libfdt reads them with 8- and 4-byte loads, which trap in
	 * M-mode when misaligned. And fdt_open_into trusts the map's terminator:
	 * without one it moves a negative size. (Both found by tests/fuzz/fuzz_dt.c.) */
	if ((fdt_off_mem_rsvmap(dtb) & 7) || (fdt_off_dt_struct(dtb) & 3))
		return "DTB blocks are not aligned";
	if (fdt_num_mem_rsv(dtb) < 0)
		return "DTB memory reservation map has no terminating entry";
	return NULL;
}
