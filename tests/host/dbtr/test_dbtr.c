/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The DBTR core (lib/ext/dbtr/dbtr_core.c) on a simulated trigger module
 * (sim_triggers.c), as QEMU 7.2 behaves and as a full Sdtrig
 * implementation: every function and error code of the chapter, the shared
 * memory layout, trig_state, and the firmware's own rules (never M-mode,
 * never an address in the firmware, what the hardware cannot do).
 */
#include <stdlib.h>
#include "test.h"
#include "dbtr/dbtr.h"
#include "host_memory.h"
#include "memory_map.h"
#include "sim_triggers.h"

TEST_MAIN_GLOBALS

#define RAM_SIZE (64 * 1024)
#define FW_SIZE  (8 * 1024)
#define T2(bits) (((unsigned long)TDATA1_TYPE_MCONTROL << TDATA1_TYPE_SHIFT) | (bits))
#define T6(bits) (((unsigned long)TDATA1_TYPE_MCONTROL6 << TDATA1_TYPE_SHIFT) | (bits))
#define STORE_S (MCONTROL_STORE | MCONTROL_S)

static uint8_t *ram;
static unsigned long *shm;          /* the shared memory, entries of 4 words */
static unsigned long addr_a, addr_b; /* S-mode addresses to watch */
static struct dbtr_hart dh;

static void machine(unsigned int triggers, bool qemu72)
{
	struct sim_triggers_config cfg = { triggers, (1U << 2) | (1U << 6), qemu72 };
	uint16_t types[SIM_TRIGGERS_MAX];

	sim_triggers_reset(&cfg);
	for (unsigned int i = 0; i < SIM_TRIGGERS_MAX; i++)
		types[i] = cfg.types;
	dbtr_hart_init(&dh, triggers, types);
}

static void test_setup(void)
{
	host_memory_reset();
	memory_map_add_ram((uintptr_t)ram, RAM_SIZE);
	memory_map.fw_base = (uintptr_t)ram;
	memory_map.fw_size = FW_SIZE;
	memset(ram, 0, RAM_SIZE);
	shm = (unsigned long *)(ram + FW_SIZE);
	addr_a = (unsigned long)(ram + FW_SIZE + 4096);
	addr_b = addr_a + 64;
	machine(4, true);
	CHECK_EQ(sbi_debug_set_shmem(&dh, (unsigned long)shm, 0, 0).error, SBI_SUCCESS);
}

static void entry(unsigned int i, unsigned long w0, unsigned long tdata1, unsigned long tdata2, unsigned long tdata3)
{
	shm[4 * i] = w0;
	shm[4 * i + 1] = tdata1;
	shm[4 * i + 2] = tdata2;
	shm[4 * i + 3] = tdata3;
}

static unsigned int mapped_count(void)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < dh.trig_max; i++)
		n += (dh.trig[i].state & SBI_DBTR_STATE_MAPPED) != 0;
	return n;
}

TEST(num_triggers_by_configuration)
{
	CHECK_EQ(sbi_debug_num_triggers(&dh, 0).value, 4);
	CHECK(!dh.more_unused);
	CHECK_EQ(sbi_debug_num_triggers(&dh, T2(0)).value, 4);
	CHECK_EQ(sbi_debug_num_triggers(&dh, T6(STORE_S | MCONTROL6_VS)).value, 4);
	CHECK_EQ(sbi_debug_num_triggers(&dh, 3UL << TDATA1_TYPE_SHIFT).value, 0);     /* icount: not offered */
	CHECK_EQ(sbi_debug_num_triggers(&dh, T2(MCONTROL_M)).value, 0);              /* never M-mode */
	CHECK_EQ(sbi_debug_num_triggers(&dh, T2(TDATA1_DMODE)).value, 0);
	CHECK_EQ(sbi_debug_num_triggers(&dh, 15UL << TDATA1_TYPE_SHIFT).error, SBI_SUCCESS);
	machine(0, true);
	CHECK_EQ(sbi_debug_num_triggers(&dh, 0).value, 0);
}

TEST(set_shmem_rules)
{
	unsigned long s = (unsigned long)shm;

	CHECK_EQ(sbi_debug_set_shmem(&dh, s, 0, 1).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_debug_set_shmem(&dh, ~0UL, ~0UL, 1).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_debug_set_shmem(&dh, s + 4, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_debug_set_shmem(&dh, s, 1, 0).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_debug_set_shmem(&dh, (unsigned long)ram, 0, 0).error, SBI_ERR_INVALID_ADDRESS);
	/* 4 triggers need 128 bytes: 96 before the end of RAM is too little. */
	CHECK_EQ(sbi_debug_set_shmem(&dh, (unsigned long)ram + RAM_SIZE - 96, 0, 0).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(sbi_debug_set_shmem(&dh, (unsigned long)ram + RAM_SIZE - 128, 0, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_debug_set_shmem(&dh, ~0UL, ~0UL, 0).error, SBI_SUCCESS);
	CHECK_EQ(sbi_debug_read_triggers(&dh, 0, 1).error, SBI_ERR_NO_SHMEM);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 1).error, SBI_ERR_NO_SHMEM);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 1).value, 0);
	CHECK_EQ(sbi_debug_update_triggers(&dh, 1).error, SBI_ERR_NO_SHMEM);
}

TEST(ranges_follow_the_tables_literally)
{
	CHECK_EQ(sbi_debug_read_triggers(&dh, 4, 0).error, SBI_ERR_BAD_RANGE);
	CHECK_EQ(sbi_debug_read_triggers(&dh, 0, 4).error, SBI_ERR_BAD_RANGE);
	CHECK_EQ(sbi_debug_read_triggers(&dh, 3, 1).error, SBI_ERR_BAD_RANGE);
	CHECK_EQ(sbi_debug_read_triggers(&dh, 1, ~0UL).error, SBI_ERR_BAD_RANGE);     /* no wrap */
	CHECK_EQ(sbi_debug_read_triggers(&dh, 0, 3).error, SBI_SUCCESS);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 4).error, SBI_ERR_BAD_RANGE);
	CHECK_EQ(sbi_debug_update_triggers(&dh, 4).error, SBI_ERR_BAD_RANGE);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 0).error, SBI_SUCCESS);
}

TEST(install_store_trigger_fires_only_as_configured)
{
	entry(0, 0xdead, T2(STORE_S), addr_a, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 1).error, SBI_SUCCESS);
	CHECK_EQ(shm[0], 0);                                   /* trig_idx written back */
	CHECK_EQ(shm[1], T2(STORE_S));                         /* the rest untouched */
	CHECK(sim_trigger_fires(addr_a, SIM_STORE, SIM_S));
	CHECK(!sim_trigger_fires(addr_a, SIM_LOAD, SIM_S));
	CHECK(!sim_trigger_fires(addr_a, SIM_STORE, SIM_U));
	CHECK(!sim_trigger_fires(addr_a, SIM_STORE, SIM_M));
	CHECK(!sim_trigger_fires(addr_b, SIM_STORE, SIM_S));
	/* A second install takes the next trigger. */
	entry(0, 0, T6(MCONTROL_LOAD | MCONTROL_U | MCONTROL6_VU), addr_b, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 1).error, SBI_SUCCESS);
	CHECK_EQ(shm[0], 1);
	CHECK(sim_trigger_fires(addr_b, SIM_LOAD, SIM_U));
	CHECK(sim_trigger_fires(addr_b, SIM_LOAD, SIM_VU));
	CHECK(!sim_trigger_fires(addr_b, SIM_LOAD, SIM_S));
}

TEST(read_returns_state_and_configuration)
{
	entry(0, 0, T6(STORE_S | MCONTROL6_VS | MCONTROL_U), addr_a, 0);
	entry(1, 0, T2(MCONTROL_EXECUTE | MCONTROL_U), addr_b, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 2).error, SBI_SUCCESS);
	CHECK_EQ(shm[0], 0);
	CHECK_EQ(shm[4], 1);
	memset(shm, 0xa5, 16 * sizeof(unsigned long));
	CHECK_EQ(sbi_debug_read_triggers(&dh, 0, 2).error, SBI_SUCCESS);
	CHECK_EQ(shm[0], SBI_DBTR_STATE_MAPPED | SBI_DBTR_STATE_S | SBI_DBTR_STATE_VS | SBI_DBTR_STATE_U);
	CHECK_EQ(shm[1], T6(STORE_S | MCONTROL6_VS | MCONTROL_U));
	CHECK_EQ(shm[2], addr_a);
	CHECK_EQ(shm[3], 0);
	CHECK_EQ(shm[4], SBI_DBTR_STATE_MAPPED | SBI_DBTR_STATE_U);
	CHECK_EQ(shm[5], T2(MCONTROL_EXECUTE | MCONTROL_U));
	CHECK_EQ(shm[6], addr_b);
	CHECK_EQ(shm[8], 0xa5a5a5a5a5a5a5a5UL);               /* nothing past the count */
	/* Reading from base 1 puts trigger 1 at entry 0; unmapped triggers read 0. */
	CHECK_EQ(sbi_debug_read_triggers(&dh, 1, 2).error, SBI_SUCCESS);
	CHECK_EQ(shm[1], T2(MCONTROL_EXECUTE | MCONTROL_U));
	CHECK_EQ(shm[4], 0);
	CHECK_EQ(shm[5], 0);
}

TEST(install_rejects_what_smode_may_not_ask)
{
	static const unsigned long bad[] = {
		T2(STORE_S | MCONTROL_M), T2(STORE_S) | TDATA1_DMODE, T2(STORE_S | MCONTROL_HIT),
		T2(STORE_S | (1UL << 5)), T2(STORE_S | (1UL << 30)), T2(STORE_S | (1UL << MCONTROL_ACTION_SHIFT)),
		T6(STORE_S | MCONTROL_M), T6(STORE_S | MCONTROL6_HIT0), T6(STORE_S | (1UL << 19)),
		0, 15UL << TDATA1_TYPE_SHIFT, 9UL << TDATA1_TYPE_SHIFT,
	};

	for (unsigned int i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct sbiret r;
		entry(0, 0, T2(STORE_S), addr_a, 0);
		entry(1, 0, bad[i], addr_b, 0);
		r = sbi_debug_install_triggers(&dh, 2);
		CHECK_EQ(r.error, SBI_ERR_INVALID_PARAM);
		CHECK_EQ(r.value, 1);                 /* the failing entry */
		CHECK_EQ(mapped_count(), 0);          /* nothing installed */
		CHECK_EQ(shm[0], 0);
	}
	/* Other trigger types are valid Sdtrig but not offered. */
	entry(0, 0, (3UL << TDATA1_TYPE_SHIFT) | 0x1, 0, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 1).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 1).value, 0);
}

TEST(install_never_aims_at_firmware_memory)
{
	unsigned long fw = (unsigned long)ram, napot_over_fw = ((unsigned long)ram + FW_SIZE - 1) | 0xfff;

	entry(0, 0, T2(STORE_S), fw + 8, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 1).error, SBI_ERR_INVALID_PARAM);
	entry(0, 0, T2(MCONTROL_EXECUTE | MCONTROL_S | (2UL << MCONTROL_MATCH_SHIFT)), fw + FW_SIZE - 1, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 1).error, SBI_ERR_INVALID_PARAM);
	machine(4, false);
	CHECK_EQ(sbi_debug_set_shmem(&dh, (unsigned long)shm, 0, 0).error, 0);
	entry(0, 0, T2(STORE_S | (1UL << MCONTROL_MATCH_SHIFT)), napot_over_fw & ~0x1000UL, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 1).error, SBI_ERR_INVALID_PARAM);
	entry(0, 0, T2(STORE_S | (1UL << MCONTROL_MATCH_SHIFT)), ~0UL, 0);          /* all of memory */
	CHECK_EQ(sbi_debug_install_triggers(&dh, 1).error, SBI_ERR_INVALID_PARAM);
	entry(0, 0, T2(STORE_S | (1UL << MCONTROL_MATCH_SHIFT)), addr_a | 0x3f, 0);   /* 128 bytes in S-mode RAM */
	CHECK_EQ(sbi_debug_install_triggers(&dh, 1).error, SBI_SUCCESS);
	/* select = 1: tdata2 is a value, not an address. */
	entry(0, 0, T2(STORE_S | MCONTROL_SELECT), fw, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 1).error, SBI_SUCCESS);
	/* Masked matches: ranges not bounded, not offered. */
	entry(0, 0, T2(STORE_S | (4UL << MCONTROL_MATCH_SHIFT)), addr_a, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 1).error, SBI_ERR_NOT_SUPPORTED);
}

TEST(what_the_hardware_drops_is_not_supported)
{
	struct sbiret r;

	/* QEMU 7.2 drops match, chain, action and tdata3: installing undoes itself. */
	entry(0, 0, T2(STORE_S), addr_a, 0);
	entry(1, 0, T2(STORE_S | (1UL << MCONTROL_MATCH_SHIFT)), addr_b | 7, 0);
	r = sbi_debug_install_triggers(&dh, 2);
	CHECK_EQ(r.error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(r.value, 1);
	CHECK_EQ(mapped_count(), 0);
	CHECK(!sim_trigger_fires(addr_a, SIM_STORE, SIM_S));   /* entry 0 cleared again */
	entry(0, 0, T2(STORE_S), addr_a, 5);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 1).error, SBI_ERR_NOT_SUPPORTED);
	/* Size bits are kept: fine. */
	entry(0, 0, T2(STORE_S | MCONTROL_SIZELO), addr_a, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 1).error, SBI_SUCCESS);
}

TEST(chains_get_contiguous_triggers_and_may_not_end_the_array)
{
	struct sbiret r;

	machine(4, false);
	CHECK_EQ(sbi_debug_set_shmem(&dh, (unsigned long)shm, 0, 0).error, 0);
	entry(0, 0, T2(STORE_S | MCONTROL_CHAIN), addr_a, 0);
	r = sbi_debug_install_triggers(&dh, 1);
	CHECK_EQ(r.error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(r.value, 0);
	/* Trigger 1 in use: a chain of two goes to 2-3. */
	entry(0, 0, T2(STORE_S), addr_a, 0);
	entry(1, 0, T2(STORE_S), addr_b, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 2).error, 0);
	CHECK_EQ(sbi_debug_uninstall_triggers(&dh, 0, 1).error, 0);
	entry(0, 0, T2(STORE_S | MCONTROL_CHAIN | (2UL << MCONTROL_MATCH_SHIFT)), addr_a, 0);
	entry(1, 0, T2(STORE_S | (3UL << MCONTROL_MATCH_SHIFT)), addr_b, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 2).error, SBI_SUCCESS);
	CHECK_EQ(shm[0], 2);
	CHECK_EQ(shm[4], 3);
	/* Trigger 0 is free, but a chain of two does not fit anywhere. */
	entry(0, 0, T2(STORE_S | MCONTROL_CHAIN), addr_a, 0);
	entry(1, 0, T2(STORE_S), addr_b, 0);
	r = sbi_debug_install_triggers(&dh, 2);
	CHECK_EQ(r.error, SBI_ERR_FAILED);
	CHECK_EQ(r.value, 0);
}

TEST(install_fails_when_triggers_run_out)
{
	struct sbiret r;

	for (unsigned int i = 0; i < 3; i++)
		entry(i, 0, T2(STORE_S), addr_a + 8 * i, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 3).error, SBI_SUCCESS);
	entry(0, 0, T2(STORE_S), addr_b, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 1).error, SBI_SUCCESS);
	CHECK_EQ(shm[0], 3);
	entry(0, 0, T2(STORE_S), addr_b, 0);
	r = sbi_debug_install_triggers(&dh, 1);
	CHECK_EQ(r.error, SBI_ERR_FAILED);
	CHECK_EQ(r.value, 0);
	/* A type no trigger takes fails the same way. */
	machine(4, true);
	dh.type_mask[0] = dh.type_mask[1] = dh.type_mask[2] = dh.type_mask[3] = 1U << 2;
	CHECK_EQ(sbi_debug_set_shmem(&dh, (unsigned long)shm, 0, 0).error, 0);
	entry(0, 0, T6(STORE_S), addr_a, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 1).error, SBI_ERR_FAILED);
}

TEST(disable_enable_keep_the_saved_modes)
{
	entry(0, 0, T6(STORE_S | MCONTROL_U | MCONTROL6_VS), addr_a, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 1).error, 0);
	CHECK_EQ(sbi_debug_disable_triggers(&dh, 0, 1).error, SBI_SUCCESS);
	CHECK(!sim_trigger_fires(addr_a, SIM_STORE, SIM_S));
	CHECK(!sim_trigger_fires(addr_a, SIM_STORE, SIM_VS));
	CHECK_EQ(sbi_debug_read_triggers(&dh, 0, 1).error, 0);
	CHECK_EQ(shm[1], T6(MCONTROL_STORE));                     /* the modes cleared */
	CHECK_EQ(shm[0], SBI_DBTR_STATE_MAPPED | SBI_DBTR_STATE_S | SBI_DBTR_STATE_U | SBI_DBTR_STATE_VS);
	CHECK_EQ(sbi_debug_disable_triggers(&dh, 0, 1).error, SBI_SUCCESS);   /* twice: still fine */
	CHECK_EQ(sbi_debug_enable_triggers(&dh, 0, 1).error, SBI_SUCCESS);
	CHECK(sim_trigger_fires(addr_a, SIM_STORE, SIM_S));
	CHECK(sim_trigger_fires(addr_a, SIM_STORE, SIM_VS));
	CHECK(sim_trigger_fires(addr_a, SIM_STORE, SIM_U));
	CHECK_EQ(sbi_debug_read_triggers(&dh, 0, 1).error, 0);
	CHECK_EQ(shm[1], T6(STORE_S | MCONTROL_U | MCONTROL6_VS));
}

TEST(sets_must_name_installed_triggers)
{
	entry(0, 0, T2(STORE_S), addr_a, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 1).error, 0);
	CHECK_EQ(sbi_debug_enable_triggers(&dh, 0, 3).error, SBI_ERR_INVALID_PARAM);    /* 1 not installed */
	CHECK_EQ(sbi_debug_disable_triggers(&dh, 1, 1).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_debug_uninstall_triggers(&dh, 0, 1UL << 4).error, SBI_ERR_INVALID_PARAM);   /* >= trig_max */
	CHECK_EQ(sbi_debug_uninstall_triggers(&dh, ~0UL, 2).error, SBI_ERR_INVALID_PARAM);       /* wraps */
	CHECK_EQ(sbi_debug_enable_triggers(&dh, 4, 1).error, SBI_ERR_INVALID_PARAM);
	CHECK(sim_trigger_fires(addr_a, SIM_STORE, SIM_S));      /* a failed call changed nothing */
	CHECK_EQ(sbi_debug_enable_triggers(&dh, 0, 0).error, SBI_SUCCESS);       /* the empty set */
	CHECK_EQ(sbi_debug_uninstall_triggers(&dh, 0, 1).error, SBI_SUCCESS);
	CHECK(!sim_trigger_fires(addr_a, SIM_STORE, SIM_S));
	CHECK_EQ(dh.trig[0].state, 0);
	CHECK_EQ(sbi_debug_uninstall_triggers(&dh, 0, 1).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(sbi_debug_enable_triggers(&dh, 0, 1).error, SBI_ERR_INVALID_PARAM);
}

TEST(update_rules)
{
	struct sbiret r;

	entry(0, 0, T2(STORE_S), addr_a, 0);
	entry(1, 0, T6(STORE_S), addr_a, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 2).error, 0);
	entry(0, 4, T2(STORE_S), addr_b, 0);
	r = sbi_debug_update_triggers(&dh, 1);
	CHECK_EQ(r.error, SBI_ERR_INVALID_PARAM);                   /* trig_idx >= trig_max */
	entry(0, 2, T2(STORE_S), addr_b, 0);
	CHECK_EQ(sbi_debug_update_triggers(&dh, 1).error, SBI_ERR_FAILED);   /* not installed */
	entry(0, 0, T6(STORE_S), addr_b, 0);
	CHECK_EQ(sbi_debug_update_triggers(&dh, 1).error, SBI_ERR_INVALID_PARAM);   /* another type */
	entry(0, 0, T2(STORE_S | MCONTROL_M), addr_b, 0);
	CHECK_EQ(sbi_debug_update_triggers(&dh, 1).error, SBI_ERR_INVALID_PARAM);
	/* Entry 1 fails: entry 0 is not changed either. */
	entry(0, 0, T2(MCONTROL_LOAD | MCONTROL_U), addr_b, 0);
	entry(1, 1, T6(STORE_S), (unsigned long)ram, 0);
	r = sbi_debug_update_triggers(&dh, 2);
	CHECK_EQ(r.error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(r.value, 1);
	CHECK(sim_trigger_fires(addr_a, SIM_STORE, SIM_S));
	/* Good: both updated, trig_state copies the new modes. */
	entry(1, 1, T6(MCONTROL_EXECUTE | MCONTROL6_VU), addr_b + 8, 0);
	CHECK_EQ(sbi_debug_update_triggers(&dh, 2).error, SBI_SUCCESS);
	CHECK(!sim_trigger_fires(addr_a, SIM_STORE, SIM_S));
	CHECK(sim_trigger_fires(addr_b, SIM_LOAD, SIM_U));
	CHECK(sim_trigger_fires(addr_b + 8, SIM_EXECUTE, SIM_VU));
	CHECK_EQ(dh.trig[0].state, SBI_DBTR_STATE_MAPPED | SBI_DBTR_STATE_U);
	CHECK_EQ(dh.trig[1].state, SBI_DBTR_STATE_MAPPED | SBI_DBTR_STATE_VU);
	/* The hardware refuses an update: the old configuration comes back. */
	entry(0, 0, T2(MCONTROL_LOAD | MCONTROL_U), addr_b, 7);
	CHECK_EQ(sbi_debug_update_triggers(&dh, 1).error, SBI_ERR_NOT_SUPPORTED);
	CHECK(sim_trigger_fires(addr_b, SIM_LOAD, SIM_U));
	CHECK_EQ(dh.trig[0].tdata3, 0);
}

/*
 * The most triggers one call can name (trig_count < trig_max, the chapter's
 * ranges): the copy install and update keep on the M-mode stack holds
 * DBTR_MAX_TRIGGERS - 1 of them, and a trig_idx is checked before it is
 * kept in a byte (0x100 must not become trigger 0).
 */
TEST(the_most_triggers_one_call_can_name)
{
	const unsigned int n = DBTR_MAX_TRIGGERS - 1;
	struct sbiret r;

	machine(SIM_TRIGGERS_MAX, false);          /* more than the firmware offers */
	CHECK_EQ(sbi_debug_num_triggers(&dh, 0).value, DBTR_MAX_TRIGGERS);
	CHECK(dh.more_unused);                     /* told in the boot log, not cut silently */
	CHECK_EQ(sbi_debug_set_shmem(&dh, (unsigned long)shm, 0, 0).error, 0);
	for (unsigned int i = 0; i < n; i++)
		entry(i, 0, T2(STORE_S), addr_a + 8 * i, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, n + 1).error, SBI_ERR_BAD_RANGE);
	CHECK_EQ(sbi_debug_install_triggers(&dh, n).error, SBI_SUCCESS);
	for (unsigned int i = 0; i < n; i++) {
		CHECK_EQ(shm[4 * i], i);
		CHECK(sim_trigger_fires(addr_a + 8 * i, SIM_STORE, SIM_S));
	}
	for (unsigned int i = 0; i < n; i++)
		entry(i, i, T2(MCONTROL_LOAD | MCONTROL_S), addr_b + 8 * i, 0);
	CHECK_EQ(sbi_debug_update_triggers(&dh, n + 1).error, SBI_ERR_BAD_RANGE);
	entry(n - 1, 0x100, T2(MCONTROL_LOAD | MCONTROL_S), addr_b, 0);
	r = sbi_debug_update_triggers(&dh, n);
	CHECK_EQ(r.error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(r.value, n - 1);
	entry(n - 1, ~0UL, T2(MCONTROL_LOAD | MCONTROL_S), addr_b, 0);
	CHECK_EQ(sbi_debug_update_triggers(&dh, n).error, SBI_ERR_INVALID_PARAM);
	CHECK(sim_trigger_fires(addr_a, SIM_STORE, SIM_S));        /* nothing changed */
	entry(n - 1, n - 1, T2(MCONTROL_LOAD | MCONTROL_S), addr_b + 8 * (n - 1), 0);
	CHECK_EQ(sbi_debug_update_triggers(&dh, n).error, SBI_SUCCESS);
	for (unsigned int i = 0; i < n; i++) {
		CHECK(sim_trigger_fires(addr_b + 8 * i, SIM_LOAD, SIM_S));
		CHECK(!sim_trigger_fires(addr_a + 8 * i, SIM_STORE, SIM_S));
	}
	CHECK_EQ(mapped_count(), n);
}

TEST(reset_uninstalls_everything)
{
	entry(0, 0, T2(STORE_S), addr_a, 0);
	entry(1, 0, T2(STORE_S), addr_b, 0);
	CHECK_EQ(sbi_debug_install_triggers(&dh, 2).error, 0);
	dbtr_hart_reset(&dh);
	CHECK_EQ(mapped_count(), 0);
	CHECK(!sim_trigger_fires(addr_a, SIM_STORE, SIM_S));
	CHECK(!sim_trigger_fires(addr_b, SIM_STORE, SIM_S));
	CHECK_EQ(sbi_debug_read_triggers(&dh, 0, 1).error, SBI_ERR_NO_SHMEM);
}

int main(void)
{
	ram = aligned_alloc(4096, RAM_SIZE);
	RUN(num_triggers_by_configuration);
	RUN(set_shmem_rules);
	RUN(ranges_follow_the_tables_literally);
	RUN(install_store_trigger_fires_only_as_configured);
	RUN(read_returns_state_and_configuration);
	RUN(install_rejects_what_smode_may_not_ask);
	RUN(install_never_aims_at_firmware_memory);
	RUN(what_the_hardware_drops_is_not_supported);
	RUN(chains_get_contiguous_triggers_and_may_not_end_the_array);
	RUN(install_fails_when_triggers_run_out);
	RUN(disable_enable_keep_the_saved_modes);
	RUN(sets_must_name_installed_triggers);
	RUN(update_rules);
	RUN(the_most_triggers_one_call_can_name);
	RUN(reset_uninstalls_everything);
	free(ram);
	return TEST_EXIT_CODE;
}
