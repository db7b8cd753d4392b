/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shutdown and reboot through the Sophgo CV18xx's RTC (Milk-V Duo's
 * CV1800B, CV1812H, SG2000/SG2002: sophgo,cv1800b-rtc). The RTC domain
 * sequences the SoC's power: a request the RTC takes powers the chip off,
 * or resets it. Its node's region holds both blocks: the RTC control
 * registers at its start, the RTC core's 0x1000 on.
 *
 * The sequence is the vendor's (Sophgo's U-Boot for the CV180x,
 * sophgo/u-boot-2021.10 board/cvitek/cv180x/board.c: cv_system_reset,
 * cv_system_off; registers in its cv180x_reg.h):
 * 1. RTC_EN_WARM_RST_REQ (core 0xcc) or RTC_EN_SHDN_REQ (core 0xc0) = 1,
 *    and read back until it reads 1 (the RTC domain runs from a slow
 *    clock: here for at most RTC_REQ_WAIT_MS);
 * 2. RTC_CTRL0_UNLOCKKEY (control 0x04) = 0xab18;
 * 3. RTC_CTRL0 (control 0x08) |= 0xffff0800 | request: bit 4 warm reset,
 *    bit 0 shutdown (the upper half the write enables, bit 11 kept set).
 * Linux 7.2 has no reset driver for these SoCs (its rtc-cv1800.c keeps
 * time only). Both reboots are the warm reset, as the vendor's are.
 */
#include <stddef.h>
#include "drivers.h"
#include "dt_device_reg.h"
#include "mmio.h"
#include "reset_device.h"
#include "sbi_spec.h"
#include "timer_device.h"

#define RTC_CTRL0_UNLOCKKEY    0x004
#define RTC_CTRL0              0x008
#define RTC_CORE               0x1000
#define RTC_EN_SHDN_REQ        (RTC_CORE + 0xc0)
#define RTC_EN_WARM_RST_REQ    (RTC_CORE + 0xcc)
#define RTC_REGION             (RTC_EN_WARM_RST_REQ + 4)
#define RTC_CTRL0_KEY          0xab18U
#define RTC_CTRL0_WRITE        0xffff0800U
#define RTC_CTRL0_REQ_SHDN     (1U << 0)
#define RTC_CTRL0_REQ_WARM_RST (1U << 4)
#define RTC_REQ_WAIT_MS        10
#define RTC_RESET_WAIT_MS      1000

static volatile uint8_t *rtc;

static void cv1800_rtc_reset(unsigned long type, unsigned long reason)
{
	bool off = type == SBI_SRST_TYPE_SHUTDOWN;
	volatile uint8_t *enable = rtc + (off ? RTC_EN_SHDN_REQ : RTC_EN_WARM_RST_REQ);

	(void)reason;
	mmio_write32(enable, 1);
	for (unsigned int ms = 0; mmio_read32(enable) != 1; ms++) {
		if (ms == RTC_REQ_WAIT_MS)
			return;           /* the RTC did not take it: not this device */
		timer_delay_ms(1);
	}
	mmio_write32(rtc + RTC_CTRL0_UNLOCKKEY, RTC_CTRL0_KEY);
	mmio_write32(rtc + RTC_CTRL0, mmio_read32(rtc + RTC_CTRL0) | RTC_CTRL0_WRITE |
				      (off ? RTC_CTRL0_REQ_SHDN : RTC_CTRL0_REQ_WARM_RST));
	timer_delay_ms(RTC_RESET_WAIT_MS);
}

static const struct reset_device cv1800_rtc_reset_device = {
	.name = "cv1800-rtc",
	.slot = RESET_SLOT_RTC,
	.supported = reset_type_any,
	.reset = cv1800_rtc_reset,
};

static int cv1800_rtc_probe(const void *fdt, int node)
{
	uint64_t base, size;

	/* A reset must not fault: the RTC's control block is read once here, with a fault expected. */
	if (!dt_device_reg_answers(fdt, node, 0, RTC_REGION, 4, RTC_CTRL0, &base, &size))
		return -1;
	rtc = (volatile uint8_t *)(uintptr_t)base;
	reset_device_add(&cv1800_rtc_reset_device);
	return 0;
}

DT_DRIVER(reset, cv1800_rtc_driver, "cv1800-rtc") = { DT_COMPATIBLE("sophgo,cv1800b-rtc"), cv1800_rtc_probe };
