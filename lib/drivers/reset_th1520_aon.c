/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shutdown and reboot of a T-Head TH1520 board (Lichee Pi 4A, BeagleV-Ahead)
 * through its always-on subsystem: the AON node (thead,th1520-aon) names no
 * register of its own, only a mailbox channel to the E902 core whose
 * firmware powers the SoC off or restarts it on request. Linux 7.2's DTs
 * have no other reset device for these boards (th1520.dtsi: mboxes =
 * <&mbox_910t 1>; drivers/power/reset/th1520-aon-reboot.c).
 *
 * The request, as Linux 7.2 sends it (th1520-aon-reboot.c, its RPC in
 * drivers/firmware/thead,th1520-aon.c th1520_aon_call_rpc, the header in
 * include/linux/firmware/thead/thead,th1520-aon.h): 28 bytes, a header
 * { ver TH1520_AON_RPC_VERSION 2, size TH1520_AON_RPC_MSG_NUM 7, svc
 * TH1520_AON_RPC_SVC_WDG 5 (bit 7 clear: data; bit 6 clear: an ack
 * wanted), func TH1520_AON_WDG_FUNC_POWER_OFF 7 or _RESTART 5 } and zeros.
 *
 * The mailbox (Linux 7.2 drivers/mailbox/mailbox-th1520.c): channel 1 is
 * the E902's (TH_1520_MBOX_ICU_CPU1). A message goes into the E902's
 * registers (reg "remote-icu0", 0x4000 on: th1520_map_mmio's offset):
 * INFO0..INFO6 (0x14..0x2c), then GEN (0x10) bit 6 (RX_DATA) set
 * (th1520_mbox_send_data). The E902 acknowledges by writing
 * TH_1520_MBOX_ACK_MAGIC 0xdeadbeaf to INFO7 (0x30) of our side's
 * channel 1 registers (reg "local", 0x1000 on: TH_1520_MBOX_CHAN_RES_SIZE),
 * which Linux's interrupt handler reads and clears.
 *
 * A reset here: our INFO7 cleared, the message sent, then up to
 * AON_ACK_WAIT_MS for the acknowledgement (Linux's th1520_aon_init gives
 * the send MAX_TX_TIMEOUT, 500 ms) and AON_RESET_WAIT_MS more for the
 * power to go. S-mode's own requests on the channel are over by then
 * (it asked for the reset). Should the E902 not be running its firmware
 * (a loader that did not start it), nothing answers: a boot-log line, and
 * the reset goes on to the next device.
 */
#include <stddef.h>
#include <libfdt.h>
#include "console.h"
#include "drivers.h"
#include "dt_device_reg.h"
#include "fdt_helpers.h"
#include "mmio.h"
#include "reset_device.h"
#include "sbi_spec.h"
#include "timer_device.h"

#define MBOX_E902_CHANNEL      1          /* TH_1520_MBOX_ICU_CPU1 */
#define MBOX_LOCAL_CHANNEL1    0x1000     /* our side's channel 1 registers in "local" */
#define MBOX_REMOTE_ICU0       0x4000     /* the E902's registers in "remote-icu0" */
#define MBOX_GEN               0x10
#define MBOX_GEN_RX_DATA       (1U << 6)
#define MBOX_INFO0             0x14
#define MBOX_INFO7             0x30
#define MBOX_DATA_WORDS        7          /* TH_1520_MBOX_DATA_INFO_NUM */
#define MBOX_ACK_MAGIC         0xdeadbeafU

#define AON_RPC_VERSION        2
#define AON_RPC_MSG_NUM        7
#define AON_RPC_SVC_WDG        5
#define AON_WDG_FUNC_RESTART   5
#define AON_WDG_FUNC_POWER_OFF 7

#define AON_ACK_WAIT_MS        500
#define AON_RESET_WAIT_MS      1000

static volatile uint8_t *e902;    /* the E902's channel registers */
static volatile uint8_t *ours;    /* our side's channel 1 registers */

/* The header's four bytes, little-endian in INFO0: ver, size, svc, func. */
static uint32_t aon_header(uint32_t func)
{
	return AON_RPC_VERSION | AON_RPC_MSG_NUM << 8 | AON_RPC_SVC_WDG << 16 | func << 24;
}

/* The acknowledgement is looked for once more after the last wait. */
static bool acknowledged_within(unsigned int ms)
{
	for (unsigned int i = 0;; i++) {
		if (mmio_read32(ours + MBOX_INFO7) == MBOX_ACK_MAGIC)
			return true;
		if (i == ms)
			return false;
		timer_delay_ms(1);
	}
}

static void th1520_aon_reset(unsigned long type, unsigned long reason)
{
	uint32_t func = type == SBI_SRST_TYPE_SHUTDOWN ? AON_WDG_FUNC_POWER_OFF : AON_WDG_FUNC_RESTART;

	(void)reason;
	mmio_write32(ours + MBOX_INFO7, 0);
	/* INFO0 the header, INFO1..INFO6 zeros. */
	for (unsigned int i = 0; i < MBOX_DATA_WORDS; i++)
		mmio_write32(e902 + MBOX_INFO0 + 4 * i, i ? 0 : aon_header(func));
	mmio_write32(e902 + MBOX_GEN, mmio_read32(e902 + MBOX_GEN) | MBOX_GEN_RX_DATA);
	if (!acknowledged_within(AON_ACK_WAIT_MS)) {
		/* Not console_printf: this runs deep in an ecall's stack (scripts/stack-check.py). */
		console_puts("abacus: reset: th1520-aon: no E902 ack\n");
		return;
	}
	timer_delay_ms(AON_RESET_WAIT_MS);
}

static const struct reset_device th1520_aon_reset_device = {
	.name = "th1520-aon",
	.slot = RESET_SLOT_FIRMWARE,
	.supported = reset_type_any,
	.reset = th1520_aon_reset,
};

/* The registers at offset channel of the mailbox's reg named name (which must hold up to INFO7); NULL when refused. */
static volatile uint8_t *mbox_channel(const void *fdt, int mbox, const char *name, uint64_t channel)
{
	int index = fdt_stringlist_search(fdt, mbox, "reg-names", name);
	uint64_t base, size;

	/* No such name: index < 0, which dt_device_reg finds absent. INFO7,
	 * the register the reset polls or sets, read once with a fault expected. */
	if (!dt_device_reg_answers(fdt, mbox, index, channel + MBOX_INFO7 + 4, 4, channel + MBOX_INFO7, &base, &size))
		return NULL;
	return (volatile uint8_t *)(uintptr_t)(base + channel);
}

/* Refused: no mailbox channel 1 of a thead,th1520-mbox, its registers missing, too small or faulting. */
static int th1520_aon_probe(const void *fdt, int node)
{
	uint32_t channel;
	int mbox = fdt_phandle_args(fdt, node, "mboxes", "thead,th1520-mbox", 1, &channel);
	volatile uint8_t *local, *remote;

	if (mbox < 0 || channel != MBOX_E902_CHANNEL)
		return -1;
	local = mbox_channel(fdt, mbox, "local", MBOX_LOCAL_CHANNEL1);
	remote = local ? mbox_channel(fdt, mbox, "remote-icu0", MBOX_REMOTE_ICU0) : NULL;
	if (!remote)
		return -1;
	ours = local;
	e902 = remote;
	reset_device_add(&th1520_aon_reset_device);
	return 0;
}

DT_DRIVER(reset, th1520_aon_driver, "th1520-aon") = { DT_COMPATIBLE("thead,th1520-aon"), th1520_aon_probe };
