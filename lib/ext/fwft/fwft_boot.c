/* SPDX-License-Identifier: BSD-2-Clause */
/* FWFT at the end of cold boot (include/boot_hooks.h): the features S-mode gets, in the boot log. */
#include "boot_hooks.h"
#include "console.h"
#include "hart_ext.h"

/* The names in place ("misaligned-deleg" and its NUL the longest): no pointer, and no relocation, per name. */
static const char fwft_feature_names[SBI_FWFT_FEATURE_COUNT][17] = {
	"misaligned-deleg", "landing-pad", "shadow-stack", "double-trap", "pte-ad-hw", "pointer-masking",
};

static void fwft_boot_log(const struct hart_state *self)
{
	const struct hart_state *hs = boot_hooks_log_hart_of(self);
	const struct fwft_hart *fh;

	if (!hs)
		return;
	fh = &hs->ext->fwft;
	console_printf("abacus: FWFT            :");
	for (unsigned int f = 0; f < SBI_FWFT_FEATURE_COUNT; f++)
		if ((fh->supported >> f) & 1)
			console_printf(" %s", fwft_feature_names[f]);
	if ((fh->supported >> SBI_FWFT_POINTER_MASKING_PMLEN) & 1)
		console_printf(" (PMLEN%s%s)", (fh->pmlen_supported >> 7) & 1 ? " 7" : "",
			   (fh->pmlen_supported >> 16) & 1 ? " 16" : "");
	console_printf("%s on hart %lu\n", fh->supported ? "" : " none", hs->hartid);
}

BOOT_HOOK(log, 30, fwft, fwft_boot_log);
