// SPDX-License-Identifier: BSD-2-Clause
/*
 * A QEMU TCG plugin that shows how a multi-hart machine was scheduled under
 * -icount (single-threaded round-robin: one vCPU runs at a time), for
 * docs/pmu.md ("QEMU 7.2: what it can do with several harts"):
 *
 *   gcc -O2 -shared -fPIC -fvisibility=hidden -o vcpu_turns.so \
 *       tests/linux/qemu-plugin/vcpu_turns.c
 *   qemu-system-riscv64 ... -smp 4 -icount shift=0,sleep=off \
 *       -plugin ./vcpu_turns.so,min=5000000 -d plugin -D turns.log
 *
 * A turn is a run of translation blocks executed by one vCPU with no other
 * vCPU's in between (consecutive rounds in which the others ran nothing
 * make one turn). Every turn of at least `min` instructions (default
 * 2,000,000) is logged with where it began (instructions executed by all
 * vCPUs before it), its length, its six hottest block addresses with their
 * instructions, and the address of the block each vCPU ran last:
 *
 *   turn vcpu 3 at 1627520138 len 72535076: ffffffff8006a3d2:24178184 ... | last0 ffffffff8014f484 | ...
 *
 * Look the addresses up in the kernel's System.map or the firmware's ELF
 * (addr2line). Counts are per block (taken when a block starts), exact
 * enough for turns of millions. Single-threaded round-robin only (-icount):
 * with a thread per vCPU the counters below would race.
 *
 * The QEMU plugin API is a C ABI; Debian ships no qemu-plugin.h, so the
 * few declarations used are written out below (API version 1, QEMU 7.2;
 * QEMU 11.1 loads it too).
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The QEMU plugin API, as far as used here ---- */
typedef uint64_t qemu_plugin_id_t;
typedef struct qemu_info_t qemu_info_t;   /* only passed through */
struct qemu_plugin_tb;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   void (*cb)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb));
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
					  void (*cb)(unsigned int vcpu_index, void *userdata),
					  enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, void (*cb)(qemu_plugin_id_t id, void *userdata),
				    void *userdata);
void qemu_plugin_outs(const char *string);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/* ---- Turns ---- */
#define MAX_VCPUS  8
#define HOT_SLOTS  4096   /* open addressing, by block address */
#define HOT_SHOWN  6

struct block {
	uint64_t pc;
	uint64_t insns;
};

static struct block hot[HOT_SLOTS];
static unsigned int hot_used[HOT_SLOTS], hot_count;

static uint64_t min_turn = 2000000;
static uint64_t executed, turn_start, turn_len, turns[MAX_VCPUS];
static uint64_t last_pc[MAX_VCPUS];
static int current = -1;

static void hot_add(uint64_t pc, uint64_t insns)
{
	unsigned int h = (unsigned int)(pc >> 1) % HOT_SLOTS;

	for (unsigned int probe = 0; probe < 16; probe++) {
		struct block *b = &hot[(h + probe) % HOT_SLOTS];

		if (b->insns && b->pc == pc) {
			b->insns += insns;
			return;
		}
		if (!b->insns) {
			b->pc = pc;
			b->insns = insns;
			hot_used[hot_count++] = (h + probe) % HOT_SLOTS;
			return;
		}
	}
	/* A full neighbourhood: this block goes uncounted among the hottest. */
}

static void turn_end(void)
{
	char line[1024];
	int n;

	if (current >= 0 && turn_len >= min_turn) {
		n = snprintf(line, sizeof line, "turn vcpu %d at %" PRIu64 " len %" PRIu64 ":", current,
			     turn_start, turn_len);
		for (int k = 0; k < HOT_SHOWN; k++) {
			struct block *top = NULL;

			for (unsigned int i = 0; i < hot_count; i++)
				if (hot[hot_used[i]].insns && (!top || hot[hot_used[i]].insns > top->insns))
					top = &hot[hot_used[i]];
			if (!top)
				break;
			n += snprintf(line + n, sizeof line - n, " %" PRIx64 ":%" PRIu64, top->pc, top->insns);
			top->insns = 0;
		}
		for (int v = 0; v < MAX_VCPUS && n < (int)sizeof line - 40; v++)
			if (turns[v])
				n += snprintf(line + n, sizeof line - n, " | last%d %" PRIx64, v, last_pc[v]);
		snprintf(line + n, sizeof line - n, "\n");
		qemu_plugin_outs(line);
	}
	for (unsigned int i = 0; i < hot_count; i++)
		hot[hot_used[i]] = (struct block){ 0 };
	hot_count = 0;
}

static void block_executed(unsigned int vcpu, void *userdata)
{
	const struct block *b = userdata;

	if (vcpu >= MAX_VCPUS)
		return;
	if ((int)vcpu != current) {
		turn_end();
		current = (int)vcpu;
		turn_start = executed;
		turn_len = 0;
		turns[vcpu]++;
	}
	executed += b->insns;
	turn_len += b->insns;
	last_pc[vcpu] = b->pc;
	hot_add(b->pc, b->insns);
}

static void block_translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	struct block *b = malloc(sizeof *b);   /* lives as long as QEMU keeps the block */

	(void)id;
	if (!b)
		return;
	b->pc = qemu_plugin_tb_vaddr(tb);
	b->insns = qemu_plugin_tb_n_insns(tb);
	qemu_plugin_register_vcpu_tb_exec_cb(tb, block_executed, QEMU_PLUGIN_CB_NO_REGS, b);
}

static void report(qemu_plugin_id_t id, void *userdata)
{
	char line[256];
	int n;

	(void)id, (void)userdata;
	turn_end();
	n = snprintf(line, sizeof line, "vcpu_turns: %" PRIu64 " instructions; turns", executed);
	for (int v = 0; v < MAX_VCPUS; v++)
		if (turns[v])
			n += snprintf(line + n, sizeof line - n, " vcpu%d %" PRIu64, v, turns[v]);
	snprintf(line + n, sizeof line - n, "\n");
	qemu_plugin_outs(line);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
	(void)info;
	for (int i = 0; i < argc; i++) {
		if (strncmp(argv[i], "min=", 4) == 0) {
			min_turn = strtoull(argv[i] + 4, NULL, 0);
		} else {
			fprintf(stderr, "vcpu_turns: unknown argument %s\n", argv[i]);
			return -1;
		}
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, block_translated);
	qemu_plugin_register_atexit_cb(id, report, NULL);
	return 0;
}
