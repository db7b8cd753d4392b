/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Debug Triggers: the rules of the DBTR chapter (lib/ext/dbtr/dbtr.h).
 *
 * Shared memory: entry i is four XLEN words at offset i * (XLEN / 2). Every
 * call that takes configurations copies them out of S-mode memory once,
 * checks all of them, and only then programs anything; a trigger the
 * hardware does not take as asked (read back) undoes the whole call.
 *
 * Ranges follow the chapter's tables to the letter: read_triggers answers
 * SBI_ERR_BAD_RANGE when trig_idx_base + trig_count >= trig_max, and
 * install/update when trig_count >= trig_max (docs/sbi3.md).
 */
#include <stddef.h>
#include "dbtr/dbtr_hw.h"
#include "dbtr/dbtr.h"
#include "memory_map.h"

#define DBTR_SHMEM_DISABLE (~0UL)

/* tdata1 bits S-mode may set, by type (the others are M-mode's, read-only or reserved). */
#define MCONTROL_SMODE_BITS (MCONTROL_LOAD | MCONTROL_STORE | MCONTROL_EXECUTE | MCONTROL_U | MCONTROL_S | \
			     MCONTROL_MATCH | MCONTROL_CHAIN | MCONTROL_ACTION | MCONTROL_SIZELO | \
			     MCONTROL_TIMING | MCONTROL_SELECT | MCONTROL_SIZEHI)
#define MCONTROL6_SMODE_BITS (MCONTROL_LOAD | MCONTROL_STORE | MCONTROL_EXECUTE | MCONTROL_U | MCONTROL_S | \
			      MCONTROL6_UNCERTAINEN | MCONTROL_MATCH | MCONTROL_CHAIN | MCONTROL_ACTION | \
			      MCONTROL6_SIZE | MCONTROL6_SELECT | MCONTROL6_VU | MCONTROL6_VS)
#define TDATA1_TYPE_BITS (0xfUL << TDATA1_TYPE_SHIFT)

struct dbtr_entry {
	unsigned long word[4];    /* trig_idx or trig_state, tdata1, tdata2, tdata3 */
};

/*
 * What install and update copy out of shared memory before checking any of
 * it (no TOCTOU), on the M-mode stack (one of the deepest frames S-mode can
 * drive, docs/boot.md "Memory"): only what they use, for the most triggers
 * a call can name - trig_count >= trig_max is BAD_RANGE (the chapter's
 * tables), so at most DBTR_MAX_TRIGGERS - 1.
 */
#define DBTR_MAX_PER_CALL (DBTR_MAX_TRIGGERS - 1)
#define DBTR_IDX_NONE     0xff    /* a trig_idx update got that no trigger has */

struct dbtr_config {
	unsigned long tdata[3];   /* tdata1, tdata2, tdata3 as S-mode wrote them */
};
_Static_assert(DBTR_MAX_TRIGGERS < DBTR_IDX_NONE, "trigger indexes fit a byte");

/* Mode bits of tdata1 and their trig_state copies (table "Debug Trigger State Fields"). */
static unsigned long dbtr_mode_bits(unsigned long tdata1)
{
	return TDATA1_TYPE(tdata1) == TDATA1_TYPE_MCONTROL6 ? MCONTROL_U | MCONTROL_S | MCONTROL6_VU | MCONTROL6_VS
							      : MCONTROL_U | MCONTROL_S;
}

static unsigned long dbtr_state_of(unsigned long tdata1)
{
	unsigned long state = SBI_DBTR_STATE_MAPPED;

	if (tdata1 & MCONTROL_U)
		state |= SBI_DBTR_STATE_U;
	if (tdata1 & MCONTROL_S)
		state |= SBI_DBTR_STATE_S;
	if (TDATA1_TYPE(tdata1) == TDATA1_TYPE_MCONTROL6) {
		if (tdata1 & MCONTROL6_VU)
			state |= SBI_DBTR_STATE_VU;
		if (tdata1 & MCONTROL6_VS)
			state |= SBI_DBTR_STATE_VS;
	}
	return state;
}

static unsigned long dbtr_tdata1_with_modes(unsigned long tdata1, unsigned long state)
{
	tdata1 &= ~dbtr_mode_bits(tdata1);
	if (state & SBI_DBTR_STATE_U)
		tdata1 |= MCONTROL_U;
	if (state & SBI_DBTR_STATE_S)
		tdata1 |= MCONTROL_S;
	if (TDATA1_TYPE(tdata1) == TDATA1_TYPE_MCONTROL6) {
		if (state & SBI_DBTR_STATE_VU)
			tdata1 |= MCONTROL6_VU;
		if (state & SBI_DBTR_STATE_VS)
			tdata1 |= MCONTROL6_VS;
	}
	return tdata1;
}

/* [a, a + size) meets the firmware region; size 0 stands for 2^64. */
static bool dbtr_hits_firmware(uint64_t a, uint64_t size)
{
	uint64_t fb = memory_map.fw_base, fs = memory_map.fw_size;

	if (!fs)
		return false;
	if (!size)
		return true;
	return a < fb + fs && fb < a + size && a + size > a;
}

static bool dbtr_select(unsigned long tdata1)
{
	return tdata1 & (TDATA1_TYPE(tdata1) == TDATA1_TYPE_MCONTROL6 ? MCONTROL6_SELECT : MCONTROL_SELECT);
}

/*
 * Whether S-mode may give a trigger this tdata1: SBI_SUCCESS,
 * SBI_ERR_INVALID_PARAM (not a legal value for S-mode: another type, the M
 * or dmode bit, a read-only or reserved bit, the debug-mode action) or
 * SBI_ERR_NOT_SUPPORTED (a legal Sdtrig configuration Abacus does not
 * program: other trigger types, address matches whose range it cannot
 * bound).
 */
static long dbtr_tdata1_check(unsigned long tdata1)
{
	unsigned long allowed, match;

	switch (TDATA1_TYPE(tdata1)) {
	case TDATA1_TYPE_MCONTROL:
		allowed = MCONTROL_SMODE_BITS;
		break;
	case TDATA1_TYPE_MCONTROL6:
		allowed = MCONTROL6_SMODE_BITS;
		break;
	case 0:          /* no trigger */
	case 8 ... 11:   /* reserved */
	case 15:         /* disabled */
		return SBI_ERR_INVALID_PARAM;
	default:         /* legacy, icount, itrigger, etrigger, tmexttrigger, custom */
		return SBI_ERR_NOT_SUPPORTED;
	}
	/* DBTR chapter: trig_tdata1.dmode and .m must be zero. */
	if (tdata1 & ~(allowed | TDATA1_TYPE_BITS))
		return SBI_ERR_INVALID_PARAM;
	if (((tdata1 & MCONTROL_ACTION) >> MCONTROL_ACTION_SHIFT) == 1)   /* enter Debug Mode: dmode only */
		return SBI_ERR_INVALID_PARAM;
	match = (tdata1 & MCONTROL_MATCH) >> MCONTROL_MATCH_SHIFT;
	/* equal, NAPOT, greater or equal, less than; the masked and negated
	 * matches cover address ranges not checked here. */
	if (!dbtr_select(tdata1) && match > 3)
		return SBI_ERR_NOT_SUPPORTED;
	return SBI_SUCCESS;
}

/* ... and with this tdata2: never an address in the firmware region. */
static long dbtr_config_check(unsigned long tdata1, unsigned long tdata2)
{
	long err = dbtr_tdata1_check(tdata1);
	unsigned int ones;
	uint64_t size;

	if (err || dbtr_select(tdata1))     /* select: tdata2 is a data value */
		return err;
	switch ((tdata1 & MCONTROL_MATCH) >> MCONTROL_MATCH_SHIFT) {
	case 1:   /* NAPOT: the range whose size is 2 << (trailing ones of tdata2) */
		ones = __builtin_ctzl(~tdata2 | (1UL << 63));
		size = ones >= 63 ? 0 : 2ULL << ones;
		return dbtr_hits_firmware(tdata2 & ~(size - 1), size) ? SBI_ERR_INVALID_PARAM : SBI_SUCCESS;
	default:  /* equal; the bound of greater-or-equal and less-than */
		return dbtr_hits_firmware(tdata2, 1) ? SBI_ERR_INVALID_PARAM : SBI_SUCCESS;
	}
}

/* The hardware took the configuration as asked (the bits S-mode controls, tdata2, tdata3). */
static bool dbtr_readback_ok(const unsigned long want[3], const unsigned long got[3])
{
	unsigned long bits = TDATA1_TYPE_BITS |
			     (TDATA1_TYPE(want[0]) == TDATA1_TYPE_MCONTROL6 ? MCONTROL6_SMODE_BITS : MCONTROL_SMODE_BITS);

	return ((want[0] ^ got[0]) & bits) == 0 && want[1] == got[1] && want[2] == got[2];
}

static void dbtr_program(struct dbtr_hart *dh, unsigned int idx)
{
	const struct dbtr_trigger *t = &dh->trig[idx];
	unsigned long tdata[3] = { t->tdata1, t->tdata2, t->tdata3 }, readback[3];

	dbtr_hw_write(idx, tdata, readback);
}

static void dbtr_uninstall(struct dbtr_hart *dh, unsigned int idx)
{
	dbtr_hw_clear(idx);
	dh->trig[idx] = (struct dbtr_trigger){ 0 };
}

void dbtr_hart_init(struct dbtr_hart *dh, unsigned int trig_max, const uint16_t *type_mask)
{
	dh->trig_max = trig_max < DBTR_MAX_TRIGGERS ? trig_max : DBTR_MAX_TRIGGERS;
	dh->more_unused = trig_max > DBTR_MAX_TRIGGERS;
	for (unsigned int i = 0; i < DBTR_MAX_TRIGGERS; i++) {
		dh->type_mask[i] = i < dh->trig_max ? type_mask[i] : 0;
		dh->trig[i] = (struct dbtr_trigger){ 0 };
	}
	dh->shmem_enabled = false;
	dh->shmem = 0;
}

void dbtr_hart_reset(struct dbtr_hart *dh)
{
	for (unsigned int i = 0; i < dh->trig_max; i++)
		if (dh->trig[i].state & SBI_DBTR_STATE_MAPPED)
			dbtr_uninstall(dh, i);
	dh->shmem_enabled = false;
	dh->shmem = 0;
}

struct sbiret sbi_debug_num_triggers(struct dbtr_hart *dh, unsigned long trig_tdata1)
{
	unsigned long n = 0;

	if (trig_tdata1 == 0)
		return sbiret_ok(dh->trig_max);
	/* Triggers of that type, if S-mode may configure one so at all. */
	if (dbtr_tdata1_check(trig_tdata1) == SBI_SUCCESS) {
		for (unsigned int i = 0; i < dh->trig_max; i++)
			if ((dh->type_mask[i] >> TDATA1_TYPE(trig_tdata1)) & 1)
				n++;
	}
	return sbiret_ok(n);   /* this function always succeeds */
}

struct sbiret sbi_debug_set_shmem(struct dbtr_hart *dh, unsigned long shmem_phys_lo, unsigned long shmem_phys_hi,
				  unsigned long flags)
{
	if (flags != 0)
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if (shmem_phys_lo == DBTR_SHMEM_DISABLE && shmem_phys_hi == DBTR_SHMEM_DISABLE) {
		dh->shmem_enabled = false;
		dh->shmem = 0;
		return sbiret_ok(0);
	}
	if (shmem_phys_lo & (sizeof(unsigned long) - 1))
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	if (!smode_range_ok(shmem_phys_lo, shmem_phys_hi,
				       (uint64_t)dh->trig_max * SBI_DBTR_SHMEM_ENTRY_SIZE))
		return sbiret_err(SBI_ERR_INVALID_ADDRESS);
	dh->shmem = shmem_phys_lo;
	dh->shmem_enabled = true;
	return sbiret_ok(0);
}

static volatile struct dbtr_entry *dbtr_shmem_entry(const struct dbtr_hart *dh, unsigned long i)
{
	return (volatile struct dbtr_entry *)(dh->shmem + i * SBI_DBTR_SHMEM_ENTRY_SIZE);
}

/* Entries [0, count) once; with idx, also each trig_idx (DBTR_IDX_NONE when there is no such trigger). */
static void dbtr_copy_in(const struct dbtr_hart *dh, struct dbtr_config *cfg, uint8_t *idx, unsigned long count)
{
	for (unsigned long i = 0; i < count; i++) {
		volatile struct dbtr_entry *in = dbtr_shmem_entry(dh, i);
		if (idx) {
			unsigned long t_idx = in->word[0];
			idx[i] = t_idx < dh->trig_max ? (uint8_t)t_idx : DBTR_IDX_NONE;
		}
		for (int w = 0; w < 3; w++)
			cfg[i].tdata[w] = in->word[w + 1];
	}
}

struct sbiret sbi_debug_read_triggers(struct dbtr_hart *dh, unsigned long trig_idx_base, unsigned long trig_count)
{
	if (!dh->shmem_enabled)
		return sbiret_err(SBI_ERR_NO_SHMEM);
	if (trig_idx_base >= dh->trig_max || trig_count >= dh->trig_max - trig_idx_base)
		return sbiret_err(SBI_ERR_BAD_RANGE);
	for (unsigned long i = 0; i < trig_count; i++) {
		const struct dbtr_trigger *t = &dh->trig[trig_idx_base + i];
		volatile struct dbtr_entry *out = dbtr_shmem_entry(dh, i);
		out->word[0] = t->state;
		out->word[1] = t->tdata1;
		out->word[2] = t->tdata2;
		out->word[3] = t->tdata3;
	}
	return sbiret_ok(0);
}

/* Triggers [start, start + n) are free (in dh and in this call's `taken`) and can take these types. */
static bool dbtr_run_fits(const struct dbtr_hart *dh, uint32_t taken, unsigned int start,
			  const struct dbtr_config *cfg, unsigned int n)
{
	if (start + n > dh->trig_max)
		return false;
	for (unsigned int k = 0; k < n; k++) {
		unsigned int idx = start + k;
		if ((dh->trig[idx].state & SBI_DBTR_STATE_MAPPED) || ((taken >> idx) & 1) ||
		    !((dh->type_mask[idx] >> TDATA1_TYPE(cfg[k].tdata[0])) & 1))
			return false;
	}
	return true;
}

struct sbiret sbi_debug_install_triggers(struct dbtr_hart *dh, unsigned long trig_count)
{
	struct dbtr_config cfg[DBTR_MAX_PER_CALL];
	uint8_t idx[DBTR_MAX_PER_CALL];
	uint32_t taken = 0;
	unsigned int i, n;

	if (!dh->shmem_enabled)
		return sbiret_err(SBI_ERR_NO_SHMEM);
	if (trig_count >= dh->trig_max)
		return sbiret_err(SBI_ERR_BAD_RANGE);
	dbtr_copy_in(dh, cfg, NULL, trig_count);
	for (i = 0; i < trig_count; i++) {
		long err = dbtr_config_check(cfg[i].tdata[0], cfg[i].tdata[1]);
		/* A chain may not end the array (it would be incomplete). */
		if (!err && i == trig_count - 1 && (cfg[i].tdata[0] & MCONTROL_CHAIN))
			err = SBI_ERR_INVALID_PARAM;
		if (err)
			return (struct sbiret){ .error = err, .value = i };
	}
	/* Each chain (entries linked by chain = 1) gets contiguous triggers, lowest first. */
	for (i = 0; i < trig_count; i += n) {
		unsigned int start;
		for (n = 1; i + n - 1 < trig_count && (cfg[i + n - 1].tdata[0] & MCONTROL_CHAIN); n++)
			;
		for (start = 0; start < dh->trig_max && !dbtr_run_fits(dh, taken, start, &cfg[i], n); start++)
			;
		if (start >= dh->trig_max)
			return (struct sbiret){ .error = SBI_ERR_FAILED, .value = i };
		for (unsigned int k = 0; k < n; k++) {
			idx[i + k] = start + k;
			taken |= 1U << (start + k);
		}
	}
	for (i = 0; i < trig_count; i++) {
		unsigned long readback[3];
		dbtr_hw_write(idx[i], cfg[i].tdata, readback);
		if (!dbtr_readback_ok(cfg[i].tdata, readback)) {
			for (unsigned int k = 0; k <= i; k++)
				dbtr_hw_clear(idx[k]);
			return (struct sbiret){ .error = SBI_ERR_NOT_SUPPORTED, .value = i };
		}
	}
	for (i = 0; i < trig_count; i++) {
		struct dbtr_trigger *t = &dh->trig[idx[i]];
		t->tdata1 = cfg[i].tdata[0];
		t->tdata2 = cfg[i].tdata[1];
		t->tdata3 = cfg[i].tdata[2];
		t->state = dbtr_state_of(t->tdata1);
		dbtr_shmem_entry(dh, i)->word[0] = idx[i];
	}
	return sbiret_ok(0);
}

struct sbiret sbi_debug_update_triggers(struct dbtr_hart *dh, unsigned long trig_count)
{
	struct dbtr_config cfg[DBTR_MAX_PER_CALL];
	uint8_t idx[DBTR_MAX_PER_CALL];
	unsigned int i;

	if (!dh->shmem_enabled)
		return sbiret_err(SBI_ERR_NO_SHMEM);
	if (trig_count >= dh->trig_max)
		return sbiret_err(SBI_ERR_BAD_RANGE);
	dbtr_copy_in(dh, cfg, idx, trig_count);
	for (i = 0; i < trig_count; i++) {
		unsigned long tdata1 = cfg[i].tdata[0];
		const struct dbtr_trigger *t;
		long err;
		if (idx[i] == DBTR_IDX_NONE)
			return (struct sbiret){ .error = SBI_ERR_INVALID_PARAM, .value = i };
		t = &dh->trig[idx[i]];
		if (!(t->state & SBI_DBTR_STATE_MAPPED))
			return (struct sbiret){ .error = SBI_ERR_FAILED, .value = i };
		/* Type and chain stay as installed (the chapter's update rules). */
		if (TDATA1_TYPE(tdata1) != TDATA1_TYPE(t->tdata1) ||
		    (tdata1 & MCONTROL_CHAIN) != (t->tdata1 & MCONTROL_CHAIN))
			return (struct sbiret){ .error = SBI_ERR_INVALID_PARAM, .value = i };
		err = dbtr_config_check(tdata1, cfg[i].tdata[1]);
		if (err)
			return (struct sbiret){ .error = err, .value = i };
	}
	for (i = 0; i < trig_count; i++) {
		unsigned long readback[3];
		dbtr_hw_write(idx[i], cfg[i].tdata, readback);
		if (!dbtr_readback_ok(cfg[i].tdata, readback)) {
			/* Put back what this call changed, last first. */
			for (unsigned int k = i + 1; k-- > 0;)
				dbtr_program(dh, idx[k]);
			return (struct sbiret){ .error = SBI_ERR_NOT_SUPPORTED, .value = i };
		}
	}
	for (i = 0; i < trig_count; i++) {
		struct dbtr_trigger *t = &dh->trig[idx[i]];
		t->tdata1 = cfg[i].tdata[0];
		t->tdata2 = cfg[i].tdata[1];
		t->tdata3 = cfg[i].tdata[2];
		t->state = dbtr_state_of(t->tdata1);
	}
	return sbiret_ok(0);
}

/* Every trigger the set names exists and is installed (the three tables' INVALID_PARAM). */
static bool dbtr_set_ok(const struct dbtr_hart *dh, unsigned long base, unsigned long mask)
{
	for (unsigned long m = mask; m; m &= m - 1) {
		unsigned long idx = base + __builtin_ctzl(m);
		if (idx < base || idx >= dh->trig_max || !(dh->trig[idx].state & SBI_DBTR_STATE_MAPPED))
			return false;
	}
	return true;
}

struct sbiret sbi_debug_uninstall_triggers(struct dbtr_hart *dh, unsigned long trig_idx_base,
					   unsigned long trig_idx_mask)
{
	if (!dbtr_set_ok(dh, trig_idx_base, trig_idx_mask))
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	for (unsigned long m = trig_idx_mask; m; m &= m - 1)
		dbtr_uninstall(dh, trig_idx_base + __builtin_ctzl(m));
	return sbiret_ok(0);
}

struct sbiret sbi_debug_enable_triggers(struct dbtr_hart *dh, unsigned long trig_idx_base,
					unsigned long trig_idx_mask)
{
	if (!dbtr_set_ok(dh, trig_idx_base, trig_idx_mask))
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	for (unsigned long m = trig_idx_mask; m; m &= m - 1) {
		unsigned int idx = trig_idx_base + __builtin_ctzl(m);
		struct dbtr_trigger *t = &dh->trig[idx];
		/* The modes come back from their saved copy in trig_state. */
		t->tdata1 = dbtr_tdata1_with_modes(t->tdata1, t->state);
		dbtr_program(dh, idx);
	}
	return sbiret_ok(0);
}

struct sbiret sbi_debug_disable_triggers(struct dbtr_hart *dh, unsigned long trig_idx_base,
					 unsigned long trig_idx_mask)
{
	if (!dbtr_set_ok(dh, trig_idx_base, trig_idx_mask))
		return sbiret_err(SBI_ERR_INVALID_PARAM);
	for (unsigned long m = trig_idx_mask; m; m &= m - 1) {
		unsigned int idx = trig_idx_base + __builtin_ctzl(m);
		struct dbtr_trigger *t = &dh->trig[idx];
		t->tdata1 &= ~dbtr_mode_bits(t->tdata1);   /* trig_state keeps the copy */
		dbtr_program(dh, idx);
	}
	return sbiret_ok(0);
}
