/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef ABACUS_LOCK_H
#define ABACUS_LOCK_H

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

/*
 * A lock that knows which hart holds it (owner = hartid + 1, 0 when free).
 * The fatal trap report needs it: a trap taken while its own hart holds
 * the console lock (a UART access that faults) must not wait for that lock
 * for ever (docs/reliability.md, "Early faults").
 */
typedef struct {
	volatile unsigned long owner;
} owned_lock_t;

static inline bool owned_trylock(owned_lock_t *l, unsigned long me)
{
	unsigned long free = 0;

	return __atomic_compare_exchange_n(&l->owner, &free, me, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

static inline void owned_lock(owned_lock_t *l, unsigned long me)
{
	while (!owned_trylock(l, me))
		while (__atomic_load_n(&l->owner, __ATOMIC_RELAXED))
			;
}

static inline bool owned_lock_held_by(const owned_lock_t *l, unsigned long me)
{
	return __atomic_load_n(&l->owner, __ATOMIC_RELAXED) == me;
}

static inline void owned_unlock(owned_lock_t *l)
{
	__atomic_store_n(&l->owner, 0, __ATOMIC_RELEASE);
}

#endif
