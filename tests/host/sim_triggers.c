/* SPDX-License-Identifier: BSD-2-Clause */
/* Simulated trigger module (sim_triggers.h). */
#include <string.h>
#include "dbtr/dbtr_hw.h"
#include "dbtr/dbtr.h"
#include "sim_triggers.h"

struct sim_triggers sim_triggers;
#define sim_cfg (sim_triggers.cfg)

void sim_triggers_reset(const struct sim_triggers_config *cfg)
{
	sim_cfg = *cfg;
	memset(sim_trig, 0, sizeof(sim_trig));
	for (unsigned int i = 0; i < cfg->count; i++)
		sim_trig[i].tdata1 = (unsigned long)TDATA1_TYPE_MCONTROL << TDATA1_TYPE_SHIFT;
}

/* What the hardware keeps of a tdata1 write. */
static unsigned long sim_tdata1_kept(unsigned long old, unsigned long v)
{
	unsigned long type = TDATA1_TYPE(v);
	unsigned long keep;

	if (type == 0 || !((sim_cfg.types >> type) & 1))
		return old;                      /* QEMU 7.2: an unsupported type is ignored */
	if (sim_cfg.qemu72)
		keep = type == TDATA1_TYPE_MCONTROL6
			       ? 0x7fUL | MCONTROL6_SIZE | MCONTROL6_VU | MCONTROL6_VS
			       : 0x5fUL | MCONTROL_SIZELO;
	else
		keep = ~(0xfUL << TDATA1_TYPE_SHIFT) & ~TDATA1_DMODE;
	return (type << TDATA1_TYPE_SHIFT) | (v & keep);
}

void dbtr_hw_write(unsigned int idx, const unsigned long tdata[3], unsigned long readback[3])
{
	struct sim_trigger *t = &sim_trig[idx];

	t->tdata2 = tdata[1];
	t->tdata3 = sim_cfg.qemu72 ? 0 : tdata[2];
	t->tdata1 = sim_tdata1_kept(t->tdata1, tdata[0]);
	t->writes++;
	readback[0] = t->tdata1;
	readback[1] = t->tdata2;
	readback[2] = t->tdata3;
}

void dbtr_hw_clear(unsigned int idx)
{
	struct sim_trigger *t = &sim_trig[idx];

	t->tdata1 &= 0xfUL << TDATA1_TYPE_SHIFT;
	t->tdata2 = 0;
	t->tdata3 = 0;
	t->writes++;
}

bool sim_trigger_fires(unsigned long addr, enum sim_access access, enum sim_mode mode)
{
	for (unsigned int i = 0; i < sim_cfg.count; i++) {
		const struct sim_trigger *t = &sim_trig[i];
		unsigned long d = t->tdata1, mode_bit;
		bool six = TDATA1_TYPE(d) == TDATA1_TYPE_MCONTROL6;

		if (TDATA1_TYPE(d) != TDATA1_TYPE_MCONTROL && !six)
			continue;
		switch (mode) {
		case SIM_U: mode_bit = MCONTROL_U; break;
		case SIM_S: mode_bit = MCONTROL_S; break;
		case SIM_VU: mode_bit = six ? MCONTROL6_VU : 0; break;
		case SIM_VS: mode_bit = six ? MCONTROL6_VS : 0; break;
		default: mode_bit = MCONTROL_M; break;
		}
		if (!(d & mode_bit) || !(d & (1UL << access)) || t->tdata2 != addr)
			continue;
		return true;
	}
	return false;
}
