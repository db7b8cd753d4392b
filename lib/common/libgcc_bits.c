/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The bit-counting helpers GCC calls for __builtin_ctz/clz/popcount on a
 * hart without Zbb. Debian's bare-metal toolchain ships libgcc only for the
 * double-float ABI, which cannot link with this soft-float firmware.
 */
int __ctzdi2(unsigned long x);
int __clzdi2(unsigned long x);
int __popcountdi2(unsigned long x);
int __ctzsi2(unsigned int x);
int __clzsi2(unsigned int x);
int __popcountsi2(unsigned int x);

int __ctzdi2(unsigned long x)
{
	int n = 0;

	if (!x)
		return 64;
	if (!(x & 0xffffffffUL)) { n += 32; x >>= 32; }
	if (!(x & 0xffffUL)) { n += 16; x >>= 16; }
	if (!(x & 0xffUL)) { n += 8; x >>= 8; }
	if (!(x & 0xfUL)) { n += 4; x >>= 4; }
	if (!(x & 0x3UL)) { n += 2; x >>= 2; }
	if (!(x & 0x1UL))
		n += 1;
	return n;
}

int __clzdi2(unsigned long x)
{
	int n = 0;

	if (!x)
		return 64;
	if (!(x >> 32)) { n += 32; x <<= 32; }
	if (!(x >> 48)) { n += 16; x <<= 16; }
	if (!(x >> 56)) { n += 8; x <<= 8; }
	if (!(x >> 60)) { n += 4; x <<= 4; }
	if (!(x >> 62)) { n += 2; x <<= 2; }
	if (!(x >> 63))
		n += 1;
	return n;
}

int __popcountdi2(unsigned long x)
{
	x = x - ((x >> 1) & 0x5555555555555555UL);
	x = (x & 0x3333333333333333UL) + ((x >> 2) & 0x3333333333333333UL);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fUL;
	return (int)((x * 0x0101010101010101UL) >> 56);
}

int __ctzsi2(unsigned int x)
{
	return x ? __ctzdi2(x) : 32;
}

int __clzsi2(unsigned int x)
{
	return __clzdi2(x) - 32;
}

int __popcountsi2(unsigned int x)
{
	return __popcountdi2(x);
}

/* GCC recognises byte-swap idioms (libfdt's, ours) and calls these. A byte
 * loop is not such an idiom, so this cannot turn into a call to itself. */
unsigned int __bswapsi2(unsigned int x);
unsigned long __bswapdi2(unsigned long x);

unsigned int __bswapsi2(unsigned int x)
{
	unsigned int r = 0;

	for (int i = 0; i < 4; i++, x >>= 8)
		r = (r << 8) | (x & 0xff);
	return r;
}

unsigned long __bswapdi2(unsigned long x)
{
	unsigned long r = 0;

	for (int i = 0; i < 8; i++, x >>= 8)
		r = (r << 8) | (x & 0xff);
	return r;
}
