// SPDX-License-Identifier: GPL-2.0
/*
 * The arena behind a translation unit's model (arena.h): chunks that
 * grow as the front-end describes, released together with the unit.
 */
#include "arena.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"

#define CHUNK_SIZE (64 * 1024)

struct arena_chunk {
	struct arena_chunk *next;
	size_t used;
	size_t size;
	max_align_t data[];
};

void arena_init(struct arena *arena)
{
	arena->chunks = NULL;
}

void arena_release(struct arena *arena)
{
	struct arena_chunk *chunk = arena->chunks;

	while (chunk) {
		struct arena_chunk *next = chunk->next;

		free(chunk);
		chunk = next;
	}
	arena->chunks = NULL;
}

static struct arena_chunk *new_chunk(struct arena *arena, size_t size)
{
	struct arena_chunk *chunk;

	if (size < CHUNK_SIZE)
		size = CHUNK_SIZE;
	chunk = malloc(sizeof(*chunk) + size);
	CHECK(chunk != NULL);
	chunk->used = 0;
	chunk->size = size;
	chunk->next = arena->chunks;
	arena->chunks = chunk;
	return chunk;
}

void *arena_alloc(struct arena *arena, size_t size)
{
	struct arena_chunk *chunk = arena->chunks;
	size_t align = sizeof(max_align_t);
	void *memory;

	size = (size + align - 1) / align * align;
	if (!chunk || chunk->size - chunk->used < size)
		chunk = new_chunk(arena, size);
	memory = (char *)chunk->data + chunk->used;
	chunk->used += size;
	memset(memory, 0, size);
	return memory;
}

void *arena_grow(struct arena *arena, void *old, size_t old_size,
		 size_t new_size)
{
	void *memory = arena_alloc(arena, new_size);

	if (old_size)
		memcpy(memory, old, old_size);
	return memory;
}

char *arena_strdup(struct arena *arena, const char *text)
{
	size_t length = strlen(text) + 1;
	char *copy = arena_alloc(arena, length);

	memcpy(copy, text, length);
	return copy;
}
