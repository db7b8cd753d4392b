/* SPDX-License-Identifier: BSD-2-Clause */
/* The device tree to check: a DTB as it is, or a .dts compiled by dtc. */
#ifndef ABACUS_PMU_DT_DT_INPUT_H
#define ABACUS_PMU_DT_DT_INPUT_H

#include <stdbool.h>
#include <stddef.h>

struct dt_input {
	void *fdt;          /* malloc'ed, 8-byte aligned, at least its header's totalsize */
	size_t size;
	bool from_dts;      /* compiled by dtc */
};

/*
 * Loads path: a file that starts with the FDT magic is a DTB, anything else
 * goes through `dtc -q -I dts -O dtb` ($DTC, default dtc). A DTB whose header
 * claims more bytes than the file holds is refused (the firmware reads the
 * previous stage's memory; here a short file would be read past its end).
 * Returns 0, or -1 after printing why to stderr.
 */
int dt_input_load(const char *path, struct dt_input *in);
/* The program's name, for those messages (each tool's main.c). */
extern const char dt_input_tool[];
void dt_input_free(struct dt_input *in);

#endif
