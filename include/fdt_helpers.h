/* SPDX-License-Identifier: BSD-2-Clause */
/* Small helpers over libfdt for reading the platform description. */
#ifndef ABACUS_FDT_HELPERS_H
#define ABACUS_FDT_HELPERS_H

#include <stdbool.h>
#include <stdint.h>

/*
 * A list of compatible strings as one constant: each string with its NUL,
 * an empty string ending the list. DT_COMPATIBLE("a", "b") is "a\0b\0" (and
 * the literal's own NUL): one pointer for the list, where an array of
 * pointers costs a word and a relocation per string, and a word for its NULL.
 * One to eight string literals; more do not compile.
 */
#define DT_COMPATIBLE(...) DT_COMPATIBLE_PICK(__VA_ARGS__, DT_COMPATIBLE_8, DT_COMPATIBLE_7, DT_COMPATIBLE_6, \
	DT_COMPATIBLE_5, DT_COMPATIBLE_4, DT_COMPATIBLE_3, DT_COMPATIBLE_2, DT_COMPATIBLE_1, )(__VA_ARGS__)
#define DT_COMPATIBLE_PICK(_1, _2, _3, _4, _5, _6, _7, _8, list, ...) list
#define DT_COMPATIBLE_1(s) s "\0"
#define DT_COMPATIBLE_2(s, ...) s "\0" DT_COMPATIBLE_1(__VA_ARGS__)
#define DT_COMPATIBLE_3(s, ...) s "\0" DT_COMPATIBLE_2(__VA_ARGS__)
#define DT_COMPATIBLE_4(s, ...) s "\0" DT_COMPATIBLE_3(__VA_ARGS__)
#define DT_COMPATIBLE_5(s, ...) s "\0" DT_COMPATIBLE_4(__VA_ARGS__)
#define DT_COMPATIBLE_6(s, ...) s "\0" DT_COMPATIBLE_5(__VA_ARGS__)
#define DT_COMPATIBLE_7(s, ...) s "\0" DT_COMPATIBLE_6(__VA_ARGS__)
#define DT_COMPATIBLE_8(s, ...) s "\0" DT_COMPATIBLE_7(__VA_ARGS__)

/* True when the stringlist `prop` (a compatible property, len bytes) holds a string of `list` (DT_COMPATIBLE). */
bool dt_compatible_matches(const char *list, const char *prop, int len);

/* Larger than any DT we expect (QEMU's 512-hart DTs included: docs/reliability.md). */
#define FDT_BOOT_MAX_SIZE (1UL << 20)

/*
 * The checks a DTB from the loader must pass before anything reads it (the
 * caller has checked it is present and 8-byte aligned): NULL when it is fit,
 * else the reason for the boot log (*err: a libfdt error, or 0).
 */
const char *fdt_check_boot_dtb(const void *dtb, int *err);

/* Tells fdt_read_reg the parent of node (which it would otherwise look up by
 * walking from the root) until the next call; node -1 forgets it. */
void fdt_parent_hint(int node, int parent);
/* The same for every node of path[0..len-1] (the root first, each the parent
 * of the next: a walk's path down to the node it probes); kept, not copied. */
void fdt_parent_hint_path(const int *path, int len);
/* The parent hinted for node (a probe called from a walk knows it, and its ancestors'), or -1. */
int fdt_parent_hinted(int node);
/* node's parent: the hinted one, else found by walking from the root (fdt_parent_offset). */
int fdt_parent(const void *fdt, int node);
/* reg entry idx of node, using the parent's #address-cells/#size-cells. */
int fdt_read_reg(const void *fdt, int node, int idx, uint64_t *addr, uint64_t *size);
/* A u32 property, or dflt when absent or malformed. */
uint32_t fdt_read_u32(const void *fdt, int node, const char *name, uint32_t dflt);
/*
 * A property of node that is one phandle and nargs cells (clocks = <&crg 5>,
 * mboxes, gpios): the node the phandle names, its cells in args[0 ..
 * nargs - 1]; < 0 for no such property, another length, no such node, or
 * (compatible not NULL) a node not compatible with it.
 */
int fdt_phandle_args(const void *fdt, int node, const char *prop, const char *compatible, unsigned int nargs,
		     uint32_t *args);
/* True when the node's status is absent, "okay" or "ok". */
bool fdt_node_is_enabled(const void *fdt, int node);
/* The node's status is "reserved" (DT spec: operational, but for another software component such as the platform firmware). */
bool fdt_node_is_reserved(const void *fdt, int node);
/*
 * A no-map node `name` under /reserved-memory covering [base, base + size),
 * its reg in the parent's cells (1 or 2 of each); the parent is made, with
 * 2 and 2 cells and an empty ranges, when the DT has none. The node's
 * offset, else a libfdt error (-FDT_ERR_BADNCELLS for other cells).
 */
int fdt_reserved_memory_add(void *fdt, const char *name, uint64_t base, uint64_t size);
/* The node named by /chosen/stdout-path (options after ':' ignored), or < 0. */
int fdt_stdout_node(const void *fdt);
/* The hartid of a cpu node (its reg), or -1 when it is not a cpu. */
long fdt_cpu_hartid(const void *fdt, int cpu_node);
/* The same for a cpu node the firmware may use: -1 also when its status is
 * not "okay" (a spare or broken hart: neither waited for nor offered). */
long fdt_cpu_enabled_hartid(const void *fdt, int cpu_node);
/* The /cpus child describing hartid (enabled or not), or < 0. */
int fdt_cpu_node_by_hartid(const void *fdt, unsigned long hartid);
/* The phandle of a cpu node's interrupt-controller child, or 0. */
uint32_t fdt_cpu_intc_phandle(const void *fdt, int cpu_node);
/* The property a cpu node's ISA extensions are read from: "riscv,isa-extensions"
 * when the node has it (riscv,isa is then ignored), else "riscv,isa", else NULL;
 * *value and *len are its bytes (NULL, 0 for none). */
const char *fdt_cpu_isa_property(const void *fdt, int cpu_node, const char **value, int *len);
/* HART_HAS_* flags named by that property. */
uint32_t fdt_cpu_isa_features(const void *fdt, int cpu_node);
/* Takes the extensions of `flags` (HART_HAS_* bits with a DT name) out of the
 * node's riscv,isa-extensions and riscv,isa, whichever it has: S-mode's DT
 * names only what S-mode can use. 0 or a libfdt error. */
int fdt_cpu_isa_remove(void *fdt, int cpu_node, uint32_t flags);
/* Parses an ISA string into HART_HAS_* flags (exposed for host tests). */
uint32_t isa_string_features(const char *isa, int len);

#endif
