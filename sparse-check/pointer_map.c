// SPDX-License-Identifier: GPL-2.0
#include "pointer_map.h"

#include <stdint.h>
#include <stdlib.h>

#include "check.h"

void pointer_map_init(struct pointer_map *map)
{
	*map = (struct pointer_map){ 0 };
}

void pointer_map_release(struct pointer_map *map)
{
	free(map->keys);
	free(map->values);
	pointer_map_init(map);
}

static size_t slot_of(const struct pointer_map *map, const void *key)
{
	uintptr_t hash = (uintptr_t)key;

	hash ^= hash >> 17;
	hash *= 0x9e3779b97f4a7c15ull;
	return (size_t)(hash >> 7) & (map->capacity - 1);
}

static void grow(struct pointer_map *map)
{
	struct pointer_map bigger = {
		.capacity = map->capacity ? map->capacity * 2 : 64,
	};

	bigger.keys = calloc(bigger.capacity, sizeof(*bigger.keys));
	bigger.values = calloc(bigger.capacity, sizeof(*bigger.values));
	CHECK(bigger.keys && bigger.values);
	for (size_t i = 0; i < map->capacity; i++)
		if (map->keys[i])
			pointer_map_put(&bigger, map->keys[i], map->values[i]);
	free(map->keys);
	free(map->values);
	*map = bigger;
}

void pointer_map_put(struct pointer_map *map, const void *key, void *value)
{
	size_t slot;

	CHECK(key != NULL);
	if ((map->count + 1) * 2 > map->capacity)
		grow(map);
	for (slot = slot_of(map, key); map->keys[slot];
	     slot = (slot + 1) & (map->capacity - 1))
		if (map->keys[slot] == key) {
			map->values[slot] = value;
			return;
		}
	map->keys[slot] = key;
	map->values[slot] = value;
	map->count++;
}

bool pointer_map_get(const struct pointer_map *map, const void *key,
		     void **value)
{
	if (!map->capacity)
		return false;
	for (size_t slot = slot_of(map, key); map->keys[slot];
	     slot = (slot + 1) & (map->capacity - 1))
		if (map->keys[slot] == key) {
			*value = map->values[slot];
			return true;
		}
	return false;
}
