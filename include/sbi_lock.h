/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef ABACUS_SBI_LOCK_H
#define ABACUS_SBI_LOCK_H

#include <stdbool.h>

typedef struct {
	volatile int locked;
} spinlock_t;

static inline void spin_lock(spinlock_t *l)
{
	while (__atomic_exchange_n(&l->locked, 1, __ATOMIC_ACQUIRE))
		while (__atomic_load_n(&l->locked, __ATOMIC_RELAXED))
			;
}

/* True when the lock was free and is now held. */
static inline bool spin_trylock(spinlock_t *l)
{
	return !__atomic_load_n(&l->locked, __ATOMIC_RELAXED) &&
	       !__atomic_exchange_n(&l->locked, 1, __ATOMIC_ACQUIRE);
}

static inline void spin_unlock(spinlock_t *l)
{
	__atomic_store_n(&l->locked, 0, __ATOMIC_RELEASE);
}

#endif
