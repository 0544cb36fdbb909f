/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A bump allocator: the model of a translation unit lives exactly as long as
 * the unit's analysis, so it is freed in one go and never piece by piece.
 */
#ifndef SLABCHECK_ARENA_H
#define SLABCHECK_ARENA_H

#include <stddef.h>

struct arena_chunk;

struct arena {
	struct arena_chunk *chunks;
};

void arena_init(struct arena *arena);
void arena_release(struct arena *arena);
/* Zeroed memory; aborts when the system has none left. */
void *arena_alloc(struct arena *arena, size_t size);
/* Grows an array allocated from the arena; old contents are copied. */
void *arena_grow(struct arena *arena, void *old, size_t old_size,
		 size_t new_size);
char *arena_strdup(struct arena *arena, const char *text);

#endif
