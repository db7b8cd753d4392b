/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hart table at boot (lib/core/hart_table.c): which harts the firmware
 * keeps when some have no IPI doorbell (an MSWI slot), the boot hand-shake's state moves
 * (a hart arriving as the deadline passes either makes it or parks, never
 * both), and the table after harts are left out: DT order kept, hart_by_id
 * and hart_by_intc_phandle no longer find them, indexes renumbered.
 */
#include "test.h"
#include "hart.h"
#include "ipi_device.h"

TEST_MAIN_GLOBALS

#define MAX_HARTS 8

static struct hart_state harts[MAX_HARTS];
static struct hart_state *table[MAX_HARTS];
static uint32_t msip[MAX_HARTS];
/* A doorbell the table code never rings: only whether a hart has one counts. */
static const struct ipi_device mswi = { .mip = 0 };

/* n harts with hartids ids[], all WAITING; with_msip: bit i gives hart i an MSWI slot. */
static void make_table(unsigned int n, const unsigned long *ids, unsigned int with_msip)
{
	for (unsigned int i = 0; i < n; i++) {
		memset(&harts[i], 0, sizeof(harts[i]));
		harts[i].hartid = ids[i];
		harts[i].index = i;
		harts[i].dt_cpu_ordinal = i;
		harts[i].intc_phandle = 100 + i;
		harts[i].boot_state = HART_BOOT_WAITING;
		if (with_msip >> i & 1)
			hart_set_ipi_device(&harts[i], &mswi, &msip[i]);
		table[i] = &harts[i];
	}
	hart_table = table;
	hart_count = n;
	hart_left_out_count = 0;
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
	CHECK_EQ(harts[1].boot_state, HART_BOOT_NO_IPI);
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

TEST(a_hart_that_arrives_after_the_deadline_parks)
{
	/* hart 3 never arrived: the deadline takes it. */
	harts[0].boot_state = HART_BOOT_READY;
	CHECK(hart_boot_transition(&harts[1], HART_BOOT_WAITING, HART_BOOT_ARRIVED));
	CHECK(hart_boot_transition(&harts[1], HART_BOOT_ARRIVED, HART_BOOT_READY));
	CHECK_EQ(hart_table_leave_out_late(&harts[0]), 2);   /* 2 (arrived, not ready) and 3 */
	CHECK_EQ(hart_count, 2);
	CHECK_EQ(harts[3].boot_state, HART_BOOT_LATE);
	/* Hart 3 arrives now: it cannot claim its slot, so it parks. */
	CHECK(!hart_boot_transition(&harts[3], HART_BOOT_WAITING, HART_BOOT_ARRIVED));
	CHECK(hart_by_id(3) == NULL);
	CHECK(hart_by_id(1) == &harts[1]);
}

TEST(a_hart_setting_up_at_the_deadline_parks_after_its_set_up)
{
	CHECK(hart_boot_transition(&harts[2], HART_BOOT_WAITING, HART_BOOT_ARRIVED));
	CHECK_EQ(hart_table_leave_out_late(&harts[0]), 3);
	/* Its set-up done, it may not become READY. */
	CHECK(!hart_boot_transition(&harts[2], HART_BOOT_ARRIVED, HART_BOOT_READY));
	CHECK_EQ(harts[2].boot_state, HART_BOOT_LATE);
}

TEST(a_ready_hart_is_never_taken_by_the_deadline)
{
	for (unsigned int i = 1; i < 4; i++) {
		CHECK(hart_boot_transition(&harts[i], HART_BOOT_WAITING, HART_BOOT_ARRIVED));
		CHECK(hart_boot_transition(&harts[i], HART_BOOT_ARRIVED, HART_BOOT_READY));
	}
	CHECK_EQ(hart_table_leave_out_late(&harts[0]), 0);
	CHECK_EQ(hart_count, 4);
}

TEST(harts_left_out_at_cold_boot_and_at_the_deadline_both_stay_listed)
{
	static const unsigned long ids[] = { 0, 1, 2, 3, 4 };

	make_table(5, ids, 0x1d);   /* hart 1: no slot */
	CHECK(hart_table_keep_wakeable(0) == &harts[0]);
	CHECK(hart_boot_transition(&harts[2], HART_BOOT_WAITING, HART_BOOT_ARRIVED));
	CHECK(hart_boot_transition(&harts[2], HART_BOOT_ARRIVED, HART_BOOT_READY));
	CHECK_EQ(hart_table_leave_out_late(&harts[0]), 2);   /* 3 and 4 */
	CHECK_EQ(hart_count, 2);
	CHECK_EQ(hart_left_out_count, 3);
	CHECK(hart_table[0] == &harts[0] && hart_table[1] == &harts[2]);
	/* Behind them, each group in DT order: 3, 4 (late), then 1 (no slot). */
	CHECK(hart_table[2] == &harts[3] && hart_table[3] == &harts[4] && hart_table[4] == &harts[1]);
	CHECK_EQ(hart_table[3]->boot_state, HART_BOOT_LATE);
	CHECK_EQ(hart_table[4]->boot_state, HART_BOOT_NO_IPI);
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
	RUN(a_hart_that_arrives_after_the_deadline_parks);
	RUN(a_hart_setting_up_at_the_deadline_parks_after_its_set_up);
	RUN(a_ready_hart_is_never_taken_by_the_deadline);
	RUN(harts_left_out_at_cold_boot_and_at_the_deadline_both_stay_listed);
	return TEST_EXIT_CODE;
}
