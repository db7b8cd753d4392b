/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Payloads use the firmware's string functions (lib/common/libc_string.c,
 * linked by payloads.mk): libfdt, built for payloads with
 * include/libfdt_env.h, calls them through include/libc_string.h too.
 */
#ifndef PAYLOAD_STRING_H
#define PAYLOAD_STRING_H

#include "libc_string.h"

#endif
