/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The payload library's string functions (string.c) have the firmware's
 * prototypes: libfdt, built for payloads with include/libfdt_env.h, calls
 * them through include/sbi_string.h.
 */
#ifndef PAYLOAD_STRING_H
#define PAYLOAD_STRING_H

#include "sbi_string.h"

#endif
