/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A hart's SBI 3.0 extension state: Supervisor Software Events, Firmware
 * Features, Debug Triggers. One block per hart, allocated at boot next to
 * the per-hart block (it would not fit the 2 KiB block with the M-mode
 * stack); hart_state.ext points to it. Each service sets up and resets its
 * part through the per-hart lifecycle (include/hart_lifecycle.h).
 */
#ifndef ABACUS_HART_EXT_H
#define ABACUS_HART_EXT_H

#include "hart.h"
#include "dbtr/dbtr.h"
#include "fwft/fwft.h"
#include "sse/sse.h"

struct hart_ext {
	struct sse_hart sse;
	struct fwft_hart fwft;
	struct dbtr_hart dbtr;
};

#endif
