/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The DT's names of the ISA extensions the firmware looks for
 * (lib/fdt/fdt_helpers.c): riscv,isa-extensions (a string list, what QEMU
 * 11.1 and Linux's binding use) and riscv,isa (one string, QEMU 7.2), each
 * name to its HART_HAS_* bit, whole names only.
 */
#include <libfdt.h>
#include "test.h"
#include "fdt_helpers.h"
#include "hart.h"

TEST_MAIN_GLOBALS

static void test_setup(void)
{
}

/* QEMU 11.1 -cpu max, abridged: every name the firmware knows, among others. */
static const char max_list[] = "i\0m\0a\0h\0zicbom\0zicboz\0zicfilp\0zicfiss\0zkr\0sdtrig\0smcdeleg\0smcntrpmf\0"
			       "smcsrind\0smdbltrp\0smnpm\0smstateen\0ssccfg\0sscofpmf\0sscsrind\0ssdbltrp\0ssnpm\0"
			       "sstc\0svadu\0svade\0svpbmt";
static const uint32_t max_flags = HART_HAS_H | HART_HAS_ZICBOM | HART_HAS_ZICBOZ | HART_HAS_ZICFILP |
				  HART_HAS_ZICFISS | HART_HAS_ZKR | HART_HAS_SMCDELEG | HART_HAS_SMCNTRPMF |
				  HART_HAS_SMDBLTRP | HART_HAS_SMNPM | HART_HAS_SMSTATEEN | HART_HAS_SSCCFG |
				  HART_HAS_SSCOFPMF | HART_HAS_SSCSRIND | HART_HAS_SSDBLTRP | HART_HAS_SSTC |
				  HART_HAS_SVADU | HART_HAS_SVADE | HART_HAS_SVPBMT;

static uint64_t dt_buf[512];

static void *dt_with_cpu(const char *prop, const char *value, int len)
{
	void *fdt = dt_buf;
	int cpus, cpu;

	fdt_create_empty_tree(fdt, 4096);
	cpus = fdt_add_subnode(fdt, 0, "cpus");
	cpu = fdt_add_subnode(fdt, cpus, "cpu@0");
	fdt_setprop(fdt, cpu, prop, value, len);
	return fdt;
}

TEST(isa_extensions_list_names_every_extension)
{
	void *fdt = dt_with_cpu("riscv,isa-extensions", max_list, sizeof(max_list));
	int cpu = fdt_path_offset(fdt, "/cpus/cpu@0");

	CHECK_EQ(fdt_cpu_isa_features(fdt, cpu), max_flags);
}

TEST(isa_string_names_every_extension)
{
	const char isa[] = "rv64imafdch_zicbom_zicboz_zicfilp_zicfiss_zkr_sdtrig_smcdeleg_smcntrpmf_smcsrind_"
			   "smdbltrp_smnpm_smstateen_ssccfg_sscofpmf_sscsrind_ssdbltrp_ssnpm_sstc_svadu_svade_svpbmt";

	CHECK_EQ(isa_string_features(isa, sizeof(isa) - 1), max_flags);
}

TEST(whole_names_only)
{
	/* Prefixes, extensions of names, an empty name and the names of bits found by probing match nothing. */
	const char list[] = "zicfi\0zicfissx\0ssdbltr\0smcdelegate\0menvcfg\0\0sdtrig\0svade";
	void *fdt = dt_with_cpu("riscv,isa-extensions", list, sizeof(list));

	CHECK_EQ(fdt_cpu_isa_features(fdt, fdt_path_offset(fdt, "/cpus/cpu@0")), HART_HAS_SVADE);
	CHECK_EQ(isa_string_features("rv64i_zicfi_smnpmx_ssccf", 24), 0);
}

/* The property's bytes after fdt_cpu_isa_remove(flags). */
static int removed(const char *prop, const char *value, int len, uint32_t flags, const char **out)
{
	void *fdt = dt_with_cpu(prop, value, len);
	int cpu = fdt_path_offset(fdt, "/cpus/cpu@0"), out_len = -1;

	if (fdt_cpu_isa_remove(fdt, cpu, flags) || fdt_check_full(fdt, 4096))
		return -1;
	*out = fdt_getprop(fdt, fdt_path_offset(fdt, "/cpus/cpu@0"), prop, &out_len);
	return out_len;
}

/* QEMU spike's riscv,isa-extensions claims sstc, which its CPU lacks: S-mode's DT drops it, and only it. */
TEST(remove_drops_whole_list_entries)
{
	const char *out;
	int len = removed("riscv,isa-extensions", max_list, sizeof(max_list), HART_HAS_SSTC, &out);
	char copy[sizeof(max_list)];
	void *fdt;

	CHECK_EQ(len, sizeof(max_list) - 5);
	memcpy(copy, out, len);                         /* out lies in the DT the next one overwrites */
	fdt = dt_with_cpu("riscv,isa-extensions", copy, len);
	CHECK_EQ(fdt_cpu_isa_features(fdt, fdt_path_offset(fdt, "/cpus/cpu@0")), max_flags & ~HART_HAS_SSTC);
	/* Two at once, the last entry among them. */
	len = removed("riscv,isa-extensions", max_list, sizeof(max_list), HART_HAS_SSTC | HART_HAS_SVPBMT, &out);
	CHECK_EQ(len, sizeof(max_list) - 5 - 7);
	CHECK(memcmp(out + len - 6, "svade", 6) == 0);
}

/* QEMU 7.2 spike's riscv,isa ends in _sstc; elsewhere the token goes with its '_'; whole names only. */
TEST(remove_drops_isa_string_tokens)
{
	static const char *const cases[][2] = {
		{ "rv64imafdch_zicsr_zifencei_zihintpause_zba_zbb_zbc_zbs_sstc",
		  "rv64imafdch_zicsr_zifencei_zihintpause_zba_zbb_zbc_zbs" },
		{ "rv64imac_sstc_zicsr", "rv64imac_zicsr" },
		{ "rv64imac_sstc", "rv64imac" },
		{ "rv64imafdc_sstcx_zsstc_sst", "rv64imafdc_sstcx_zsstc_sst" },
		{ "rv64imafdcs", "rv64imafdcs" },
		{ "_zicsr__sstc_", "_zicsr__" },
		{ "_sstc", "" },
	};
	const char *out;

	for (unsigned int i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int len = removed("riscv,isa", cases[i][0], strlen(cases[i][0]) + 1, HART_HAS_SSTC, &out);
		CHECK_EQ(len, strlen(cases[i][1]) + 1);
		CHECK(strcmp(out, cases[i][1]) == 0);
	}
}

/* Nothing to drop, or not a terminated string: the property as it was. */
TEST(remove_leaves_the_rest_alone)
{
	const char unterminated[] = { 'r', 'v', '6', '4', 'i', '_', 's', 's', 't', 'c' };
	const char *out;

	CHECK_EQ(removed("riscv,isa-extensions", max_list, sizeof(max_list), 0, &out), sizeof(max_list));
	CHECK(memcmp(out, max_list, sizeof(max_list)) == 0);
	CHECK_EQ(removed("riscv,isa", unterminated, sizeof(unterminated), HART_HAS_SSTC, &out), sizeof(unterminated));
	CHECK(memcmp(out, unterminated, sizeof(unterminated)) == 0);
}

int main(void)
{
	RUN(isa_extensions_list_names_every_extension);
	RUN(isa_string_names_every_extension);
	RUN(whole_names_only);
	RUN(remove_drops_whole_list_entries);
	RUN(remove_drops_isa_string_tokens);
	RUN(remove_leaves_the_rest_alone);
	return TEST_EXIT_CODE;
}
