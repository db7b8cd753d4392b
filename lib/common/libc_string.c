/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * String and memory functions. memcpy/memset move a word at a time when both
 * ends are aligned: boot copies the DTB (large with hundreds of harts) and clears
 * every hart's block, which byte loops made a visible part of boot time.
 * Built with -fno-builtin so GCC does not turn these loops into calls to
 * themselves.
 */
#include <stdint.h>
#include "libc_string.h"

#define WORD sizeof(unsigned long)

void *memcpy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if ((((uintptr_t)d | (uintptr_t)s) & (WORD - 1)) == 0) {
		for (; n >= WORD; n -= WORD, d += WORD, s += WORD)
			*(unsigned long *)d = *(const unsigned long *)s;
	}
	while (n--)
		*d++ = *s++;
	return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (d <= s || d >= s + n)
		return memcpy(dst, src, n);
	/* Overlapping, destination above: copy from the end (libfdt opens room this way). */
	if ((((uintptr_t)d | (uintptr_t)s | n) & (WORD - 1)) == 0) {
		for (; n; n -= WORD)
			*(unsigned long *)(d + n - WORD) = *(const unsigned long *)(s + n - WORD);
		return dst;
	}
	while (n--)
		d[n] = s[n];
	return dst;
}

void *memset(void *dst, int c, size_t n)
{
	unsigned char *d = dst;
	unsigned long word = (unsigned char)c * (~0UL / 0xff);   /* the byte in every lane */

	while (n && ((uintptr_t)d & (WORD - 1))) {
		*d++ = (unsigned char)c;
		n--;
	}
	for (; n >= WORD; n -= WORD, d += WORD)
		*(unsigned long *)d = word;
	while (n--)
		*d++ = (unsigned char)c;
	return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;

	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x - *y;
	return 0;
}

void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (; n; n--, p++)
		if (*p == (unsigned char)c)
			return (void *)p;
	return NULL;
}

size_t strlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return p - s;
}

size_t strnlen(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n])
		n++;
	return n;
}

int strcmp(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return (unsigned char)*a - (unsigned char)*b;
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		if (*a != *b)
			return (unsigned char)*a - (unsigned char)*b;
		if (!*a)
			break;
	}
	return 0;
}

char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return NULL;
	}
}

char *strrchr(const char *s, int c)
{
	const char *last = NULL;

	for (;; s++) {
		if (*s == (char)c)
			last = s;
		if (!*s)
			return (char *)last;
	}
}
