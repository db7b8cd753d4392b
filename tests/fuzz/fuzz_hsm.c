/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * HSM for fuzz_sbi: the firmware's own hart_start and hart_get_status
 * (lib/ext/hsm/hsm.c, on lib/trap/hart_run.c), whose answers the fuzzer checks against the hart's
 * model (fuzz_sbi.c). hart_stop and hart_suspend wait in M-mode for an
 * interrupt and do not return the way an SBI call does: they stay the
 * harness stand-ins of fuzz_host.c, and the firmware's are renamed here,
 * never called.
 */
#define sbi_hsm_hart_stop    fuzz_not_called_hsm_hart_stop
#define sbi_hsm_hart_suspend fuzz_not_called_hsm_hart_suspend
#include "../../lib/ext/hsm/hsm.c"
#include "../../lib/trap/hart_run.c"
