/* SPDX-License-Identifier: GPL-2.0 */
/* Pointers to small integers or pointers: sparse's symbols and pseudos to
 * the model's indexes, hashed (sparse's own ptrmap is a linear list). */
#ifndef SLABCHECK_SPARSE_POINTER_MAP_H
#define SLABCHECK_SPARSE_POINTER_MAP_H

#include <stdbool.h>
#include <stddef.h>

struct pointer_map {
	const void **keys;
	void **values;
	size_t capacity, count;
};

void pointer_map_init(struct pointer_map *map);
void pointer_map_release(struct pointer_map *map);
void pointer_map_put(struct pointer_map *map, const void *key, void *value);
/* Whether the key is there; its value in *value. */
bool pointer_map_get(const struct pointer_map *map, const void *key,
		     void **value);

#endif
