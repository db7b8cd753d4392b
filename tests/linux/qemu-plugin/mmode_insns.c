// SPDX-License-Identifier: BSD-2-Clause
/*
 * A QEMU 7.2 TCG plugin that splits the retired instructions of a RISC-V
 * virt machine into firmware and everything else, for docs/linux.md:
 *
 *   qemu-system-riscv64 ... -plugin build/linux/mmode_insns.so[,fw_end=0x80200000]
 *
 * An instruction is the firmware's when its pc lies in the boot ROM
 * (0x1000..0x1fff, QEMU's reset code) or in [0x80000000, fw_end): the SBI
 * firmware runs there, in M-mode with translation off, and Linux never runs
 * code below its load address 0x80200000. At the first instruction
 * executed at a user address (below the ROM-free 0x80000000, above the
 * ROM) the counts so far are kept as "to userspace", and the firmware's
 * count at the first instruction at or above fw_end as "to the next stage";
 * at exit all are printed (to the QEMU log: add -d plugin [-D file]). Counts are per instruction (inline adds before each one); use
 * -smp 1, the adds are not atomic across vCPU threads.
 *
 * The QEMU plugin API is a C ABI; Debian ships no qemu-plugin.h, so the
 * few declarations used are written out below (API version 1, QEMU 7.2).
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The QEMU plugin API, as far as used here ---- */
typedef uint64_t qemu_plugin_id_t;
typedef struct qemu_info_t qemu_info_t;   /* only passed through */
struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   void (*cb)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb));
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn, enum qemu_plugin_op op,
						void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
					  void (*cb)(unsigned int vcpu_index, void *userdata),
					  enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, void (*cb)(qemu_plugin_id_t id, void *userdata),
				    void *userdata);
void qemu_plugin_outs(const char *string);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/* ---- The split ---- */
#define ROM_START  0x1000ULL
#define ROM_END    0x2000ULL
#define RAM_START  0x80000000ULL

static uint64_t fw_end = 0x80200000ULL;
static uint64_t fw_insns, other_insns;
static uint64_t fw_at_kernel, fw_at_user, other_at_user;
static bool kernel_reached, user_reached;

static bool is_firmware(uint64_t pc)
{
	return (pc >= ROM_START && pc < ROM_END) || (pc >= RAM_START && pc < fw_end);
}

static bool is_user(uint64_t pc)
{
	return pc >= ROM_END && pc < RAM_START;
}

static void first_kernel_tb(unsigned int vcpu_index, void *userdata)
{
	(void)vcpu_index, (void)userdata;
	if (kernel_reached)
		return;
	kernel_reached = true;
	fw_at_kernel = fw_insns;
}

static void first_user_tb(unsigned int vcpu_index, void *userdata)
{
	(void)vcpu_index, (void)userdata;
	if (user_reached)
		return;
	user_reached = true;
	fw_at_user = fw_insns;
	other_at_user = other_insns;
}

static void tb_translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);

	(void)id;
	uint64_t pc = qemu_plugin_tb_vaddr(tb);

	if (!kernel_reached && pc >= fw_end)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, first_kernel_tb, QEMU_PLUGIN_CB_NO_REGS, NULL);
	if (!user_reached && is_user(pc))
		qemu_plugin_register_vcpu_tb_exec_cb(tb, first_user_tb, QEMU_PLUGIN_CB_NO_REGS, NULL);
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t *bucket = is_firmware(qemu_plugin_insn_vaddr(insn)) ? &fw_insns : &other_insns;

		qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, bucket, 1);
	}
}

static void report(qemu_plugin_id_t id, void *userdata)
{
	char line[256];

	(void)id, (void)userdata;
	if (kernel_reached) {
		snprintf(line, sizeof line, "mmode_insns: to the next stage: firmware %" PRIu64 "\n",
			 fw_at_kernel);
		qemu_plugin_outs(line);
	}
	if (user_reached) {
		snprintf(line, sizeof line,
			 "mmode_insns: to userspace: firmware %" PRIu64 ", other %" PRIu64 ", total %" PRIu64 "\n",
			 fw_at_user, other_at_user, fw_at_user + other_at_user);
		qemu_plugin_outs(line);
	}
	snprintf(line, sizeof line,
		 "mmode_insns: to exit: firmware %" PRIu64 ", other %" PRIu64 ", total %" PRIu64 "\n",
		 fw_insns, other_insns, fw_insns + other_insns);
	qemu_plugin_outs(line);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
	(void)info;
	for (int i = 0; i < argc; i++) {
		if (strncmp(argv[i], "fw_end=", 7) == 0) {
			fw_end = strtoull(argv[i] + 7, NULL, 0);
		} else {
			fprintf(stderr, "mmode_insns: unknown argument %s\n", argv[i]);
			return -1;
		}
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_translated);
	qemu_plugin_register_atexit_cb(id, report, NULL);
	return 0;
}
