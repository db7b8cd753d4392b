/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hart table (lib/core/hart_table.c): which harts the firmware keeps
 * when some have no IPI doorbell (an MSWI slot), and the table after harts
 * are left out at cold boot (DT order kept, hart_by_id and
 * hart_by_intc_phandle no longer find them, indexes renumbered); a hart's
 * presence: it arrives whenever it comes (no deadline takes it), and a
 * hart that can no longer run S-mode is gone for good - HSM STOPPED, the
 * boot hart rung when it went before it was set up.
 */
#include "test.h"
#include "hart.h"
#include "ipi_device.h"
#include "sbi_spec.h"

TEST_MAIN_GLOBALS

#define MAX_HARTS 8

static struct hart_state harts[MAX_HARTS];
static struct hart_state *table[MAX_HARTS];
static uint32_t msip[MAX_HARTS];
/* A doorbell that counts its rings, per hart. */
static unsigned int rung[MAX_HARTS];
static void mswi_send(struct hart_state *target)
{
	rung[target - harts]++;
}
static const struct ipi_device mswi = { .mip = 0, .send = mswi_send };

/* n harts with hartids ids[], all WAITING; with_msip: bit i gives hart i an MSWI slot. */
static void make_table(unsigned int n, const unsigned long *ids, unsigned int with_msip)
{
	for (unsigned int i = 0; i < n; i++) {
		memset(&harts[i], 0, sizeof(harts[i]));
		harts[i].hartid = ids[i];
		harts[i].index = i;
		harts[i].dt_cpu_ordinal = i;
		harts[i].intc_phandle = 100 + i;
		harts[i].presence = HART_WAITING;
		harts[i].run_state = SBI_HSM_STATE_STOPPED;
		rung[i] = 0;
		if (with_msip >> i & 1)
			hart_set_ipi_device(&harts[i], &mswi, &msip[i]);
		table[i] = &harts[i];
	}
	hart_table = table;
	hart_count = n;
	hart_left_out_count = 0;
	boot_hartid = ids[0];
	harts_gone = harts_gone_unready = 0;
}

static void test_setup(void)
{
	static const unsigned long ids[] = { 0, 1, 2, 3 };

	make_table(4, ids, 0xf);
}

TEST(every_hart_with_a_slot_is_kept)
{
	CHECK(hart_table_keep_wakeable(0) == &harts[0]);
	CHECK_EQ(hart_count, 4);
	CHECK_EQ(hart_left_out_count, 0);
	for (unsigned int i = 0; i < 4; i++)
		CHECK(hart_by_id(i) == &harts[i]);
}

TEST(a_hart_without_a_slot_is_left_out)
{
	static const unsigned long ids[] = { 0, 1, 2, 3 };
	unsigned int hint = 0;

	make_table(4, ids, 0xd);   /* hart 1 has none */
	CHECK(hart_table_keep_wakeable(0) == &harts[0]);
	CHECK_EQ(hart_count, 3);
	CHECK_EQ(hart_left_out_count, 1);
	CHECK(hart_by_id(1) == NULL);
	CHECK(hart_by_id(2) == &harts[2]);
	CHECK(hart_by_intc_phandle(101, &hint) == NULL);
	CHECK_EQ(harts[1].presence, HART_NO_IPI);
	/* DT order kept, indexes renumbered, the left-out hart behind. */
	CHECK(hart_table[0] == &harts[0] && hart_table[1] == &harts[2] && hart_table[2] == &harts[3]);
	CHECK(hart_table[3] == &harts[1]);
	for (unsigned int i = 0; i < 4; i++)
		CHECK_EQ(hart_table[i]->index, i);
}

TEST(a_cold_hart_without_a_slot_hands_boot_to_the_first_kept)
{
	static const unsigned long ids[] = { 5, 6, 7 };

	make_table(3, ids, 0x6);   /* hartid 5 (cold) has none */
	CHECK(hart_table_keep_wakeable(5) == &harts[1]);
	CHECK_EQ(hart_count, 2);
	CHECK(hart_by_id(5) == NULL);
}

TEST(a_cold_hart_not_in_the_table_hands_boot_to_the_first_kept)
{
	CHECK(hart_table_keep_wakeable(9) == &harts[0]);
	CHECK_EQ(hart_count, 4);
}

TEST(without_any_slot_the_cold_hart_runs_alone)
{
	static const unsigned long ids[] = { 0, 1, 2 };

	make_table(3, ids, 0);
	CHECK(hart_table_keep_wakeable(1) == &harts[1]);
	CHECK_EQ(hart_count, 1);
	CHECK(hart_table[0] == &harts[1]);
	CHECK(hart_by_id(0) == NULL && hart_by_id(2) == NULL);
}

TEST(without_any_slot_and_an_unlisted_cold_hart_no_hart_is_kept)
{
	static const unsigned long ids[] = { 0, 1 };

	make_table(2, ids, 0);
	CHECK(hart_table_keep_wakeable(4) == NULL);
}

TEST(a_lone_hart_without_a_slot_is_kept)
{
	static const unsigned long ids[] = { 0 };

	make_table(1, ids, 0);
	CHECK(hart_table_keep_wakeable(0) == &harts[0]);
	CHECK_EQ(hart_count, 1);
}

TEST(a_hart_joins_whenever_it_comes)
{
	/* No deadline moves a hart: one that comes after boot went on joins as any other. */
	harts[0].presence = HART_READY;
	CHECK(hart_presence_move(&harts[3], HART_WAITING, HART_ARRIVED));
	CHECK(hart_presence_move(&harts[3], HART_ARRIVED, HART_READY));
	CHECK_EQ(hart_count, 4);
	CHECK(hart_by_id(3) == &harts[3]);
	/* Each move once: a second arrival finds it moved. */
	CHECK(!hart_presence_move(&harts[3], HART_WAITING, HART_ARRIVED));
}

TEST(a_hart_that_goes_is_stopped_for_good)
{
	harts[1].presence = HART_READY;
	harts[1].run_state = SBI_HSM_STATE_STARTED;
	CHECK(hart_mark_gone(&harts[1], NULL));
	CHECK_EQ(harts[1].presence, HART_GONE);
	CHECK(hart_gone(&harts[1]));
	CHECK_EQ(harts[1].run_state, SBI_HSM_STATE_STOPPED);
	CHECK_EQ(harts_gone, 1);
	/* Set up before it went: boot was not waiting for it, nobody is rung. */
	CHECK_EQ(harts_gone_unready, 0);
	CHECK_EQ(rung[0], 0);
	/* Once: a trap in its own report does not count it again. */
	CHECK(!hart_mark_gone(&harts[1], NULL));
	CHECK_EQ(harts_gone, 1);
	/* It stays listed (HSM answers for it), and never moves again. */
	CHECK(hart_by_id(1) == &harts[1]);
	CHECK(!hart_presence_move(&harts[1], HART_ARRIVED, HART_READY));
	CHECK(!hart_gone(&harts[2]));
}

static unsigned int released_presence;
static long released_run_state;

static void release_probe(struct hart_state *hs)
{
	released_presence = hs->presence;
	released_run_state = hs->run_state;
}

TEST(a_gone_harts_services_let_go_before_it_reads_stopped)
{
	harts[3].presence = HART_READY;
	harts[3].run_state = SBI_HSM_STATE_STARTED;
	CHECK(hart_mark_gone(&harts[3], release_probe));
	/* Waits on it end first (GONE), then its services let go, then STOPPED. */
	CHECK_EQ(released_presence, HART_GONE);
	CHECK_EQ(released_run_state, SBI_HSM_STATE_STARTED);
	CHECK_EQ(harts[3].run_state, SBI_HSM_STATE_STOPPED);
}

TEST(a_hart_that_goes_during_its_set_up_rings_the_boot_hart)
{
	harts[0].presence = HART_READY;
	CHECK(hart_presence_move(&harts[2], HART_WAITING, HART_ARRIVED));
	CHECK(hart_mark_gone(&harts[2], NULL));
	/* Boot counts it as done with its set-up, and is woken to see it. */
	CHECK_EQ(harts_gone_unready, 1);
	CHECK_EQ(rung[0], 1);
	CHECK_EQ(rung[2], 0);
	CHECK_EQ(harts[2].run_state, SBI_HSM_STATE_STOPPED);
}

TEST(the_boot_hart_that_goes_rings_nobody)
{
	CHECK(hart_mark_gone(&harts[0], NULL));
	CHECK_EQ(rung[0], 0);
	CHECK_EQ(harts_gone_unready, 1);
}

int main(void)
{
	RUN(every_hart_with_a_slot_is_kept);
	RUN(a_hart_without_a_slot_is_left_out);
	RUN(a_cold_hart_without_a_slot_hands_boot_to_the_first_kept);
	RUN(a_cold_hart_not_in_the_table_hands_boot_to_the_first_kept);
	RUN(without_any_slot_the_cold_hart_runs_alone);
	RUN(without_any_slot_and_an_unlisted_cold_hart_no_hart_is_kept);
	RUN(a_lone_hart_without_a_slot_is_kept);
	RUN(a_hart_joins_whenever_it_comes);
	RUN(a_hart_that_goes_is_stopped_for_good);
	RUN(a_gone_harts_services_let_go_before_it_reads_stopped);
	RUN(a_hart_that_goes_during_its_set_up_rings_the_boot_hart);
	RUN(the_boot_hart_that_goes_rings_nobody);
	return TEST_EXIT_CODE;
}
