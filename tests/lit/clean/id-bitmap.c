// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// Clean corpus: bit manipulation: an ID allocator over a bitmap with a
// cyclic hint, a contiguous-region allocator, a small CRC and parity
// helpers, and a packed register-field encoder.
#include <linux/bitops.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#define IDA_BITS		1024
#define REGION_BITS		256

struct id_alloc {
	spinlock_t		lock;
	unsigned int		next;
	unsigned int		nr_used;
	unsigned int		max;
	DECLARE_BITMAP(map, IDA_BITS);
};

void id_alloc_init(struct id_alloc *ida, unsigned int max)
{
	spin_lock_init(&ida->lock);
	ida->next = 0;
	ida->nr_used = 0;
	ida->max = min_t(unsigned int, max, IDA_BITS);
	memset(ida->map, 0, sizeof(ida->map));
}

/* Allocate the lowest free ID at or after @min; -ENOSPC when full. */
int id_alloc_range(struct id_alloc *ida, unsigned int min)
{
	unsigned long id;
	int ret;

	spin_lock(&ida->lock);
	id = find_next_zero_bit(ida->map, ida->max, min);
	if (id >= ida->max) {
		ret = -ENOSPC;
	} else {
		__set_bit(id, ida->map);
		ida->nr_used++;
		ret = id;
	}
	spin_unlock(&ida->lock);
	return ret;
}

/* Cyclic allocation: start after the last ID handed out, wrap once. */
int id_alloc_cyclic(struct id_alloc *ida)
{
	unsigned long id;
	int ret = -ENOSPC;

	spin_lock(&ida->lock);
	id = find_next_zero_bit(ida->map, ida->max, ida->next);
	if (id >= ida->max)
		id = find_next_zero_bit(ida->map, ida->max, 0);
	if (id < ida->max) {
		__set_bit(id, ida->map);
		ida->nr_used++;
		ida->next = id + 1 < ida->max ? id + 1 : 0;
		ret = id;
	}
	spin_unlock(&ida->lock);
	return ret;
}

void id_free(struct id_alloc *ida, unsigned int id)
{
	spin_lock(&ida->lock);
	if (WARN_ON(id >= ida->max || !test_bit(id, ida->map))) {
		spin_unlock(&ida->lock);
		return;
	}
	__clear_bit(id, ida->map);
	ida->nr_used--;
	spin_unlock(&ida->lock);
}

unsigned int id_count_used(const struct id_alloc *ida)
{
	unsigned int i, n = 0;

	for (i = 0; i < BITS_TO_LONGS(ida->max); i++)
		n += hweight_long(ida->map[i]);
	return n;
}

/* A region allocator: @nr contiguous bits, aligned to @align (power of 2). */
struct region_map {
	DECLARE_BITMAP(bits, REGION_BITS);
	unsigned int		size;
};

static bool region_is_free(const struct region_map *rm, unsigned int start,
			   unsigned int nr)
{
	unsigned int i;

	for (i = start; i < start + nr; i++)
		if (test_bit(i, rm->bits))
			return false;
	return true;
}

int region_alloc(struct region_map *rm, unsigned int nr, unsigned int align)
{
	unsigned int start, i;

	if (!nr || nr > rm->size || !is_power_of_2(align))
		return -EINVAL;

	for (start = 0; start + nr <= rm->size; start += align) {
		if (!region_is_free(rm, start, nr))
			continue;
		for (i = start; i < start + nr; i++)
			__set_bit(i, rm->bits);
		return start;
	}
	return -ENOSPC;
}

void region_release(struct region_map *rm, unsigned int start, unsigned int nr)
{
	unsigned int i;

	for (i = start; i < start + nr && i < rm->size; i++)
		__clear_bit(i, rm->bits);
}

/* Length of the longest run of free bits: for fragmentation statistics. */
unsigned int region_largest_free(const struct region_map *rm)
{
	unsigned int i, run = 0, best = 0;

	for (i = 0; i < rm->size; i++) {
		if (test_bit(i, rm->bits)) {
			run = 0;
			continue;
		}
		if (++run > best)
			best = run;
	}
	return best;
}

/* CRC-8 (polynomial 0x07), bitwise. */
u8 crc8_simple(const u8 *data, size_t len)
{
	u8 crc = 0;
	size_t i;
	int bit;

	for (i = 0; i < len; i++) {
		crc ^= data[i];
		for (bit = 0; bit < 8; bit++)
			crc = (crc & 0x80) ? (u8)((crc << 1) ^ 0x07) : (u8)(crc << 1);
	}
	return crc;
}

bool parity32(u32 v)
{
	return hweight32(v) & 1;
}

/* Round up to the next power of two (32-bit); 0 and 1 map to 1. */
u32 roundup_pow_of_two_u32(u32 n)
{
	if (n <= 1)
		return 1;
	return 1U << fls(n - 1);
}

u32 reverse_bits32(u32 v)
{
	v = ((v >> 1) & 0x55555555) | ((v & 0x55555555) << 1);
	v = ((v >> 2) & 0x33333333) | ((v & 0x33333333) << 2);
	v = ((v >> 4) & 0x0f0f0f0f) | ((v & 0x0f0f0f0f) << 4);
	v = ((v >> 8) & 0x00ff00ff) | ((v & 0x00ff00ff) << 8);
	return (v >> 16) | (v << 16);
}

/*
 * Register fields described by mask; the value is shifted into place
 * using the mask's lowest set bit, like FIELD_PREP().
 */
struct reg_field {
	const char	*name;
	u32		mask;
};

static const struct reg_field ctrl_fields[] = {
	{ "enable",	0x00000001 },
	{ "mode",	0x0000000e },
	{ "irq_mask",	0x0000ff00 },
	{ "divider",	0x0fff0000 },
	{ "reset",	0x80000000 },
};

static inline u32 field_prep(u32 mask, u32 val)
{
	return (val << __ffs(mask)) & mask;
}

static inline u32 field_get(u32 mask, u32 reg)
{
	return (reg & mask) >> __ffs(mask);
}

int reg_set_field(u32 *reg, const char *name, u32 val)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ctrl_fields); i++) {
		const struct reg_field *f = &ctrl_fields[i];

		if (strcmp(f->name, name))
			continue;
		if (field_get(f->mask, field_prep(f->mask, val)) != val)
			return -ERANGE;
		*reg = (*reg & ~f->mask) | field_prep(f->mask, val);
		return 0;
	}
	return -ENOENT;
}

int reg_describe(u32 reg, char *buf, size_t size)
{
	unsigned int i;
	int n = 0;

	for (i = 0; i < ARRAY_SIZE(ctrl_fields); i++) {
		const struct reg_field *f = &ctrl_fields[i];

		n += scnprintf(buf + n, size - n, "%s%s=%#x", i ? " " : "",
			       f->name, field_get(f->mask, reg));
	}
	return n;
}

/* Walk the set bits of a 64-bit event mask, calling @fn for each. */
unsigned int for_each_event(u64 events, void (*fn)(unsigned int bit, void *),
			    void *arg)
{
	unsigned long map[BITS_TO_LONGS(64)] = { (unsigned long)events };
	unsigned long bit;
	unsigned int n = 0;

	for_each_set_bit(bit, map, 64) {
		fn(bit, arg);
		n++;
	}
	return n;
}

struct region_map *region_map_create(unsigned int size)
{
	struct region_map *rm;

	if (size > REGION_BITS)
		return ERR_PTR(-EINVAL);
	rm = kzalloc(sizeof(*rm), GFP_KERNEL);
	if (!rm)
		return ERR_PTR(-ENOMEM);
	rm->size = size;
	return rm;
}

#ifdef SLABCHECK_TWIN
/*
 * The twin keeps region maps in a static cache and sets it up on first
 * use, without remembering that it did.
 */
#include <linux/slab-static.h>

static struct kmem_cache_opaque region_map_cache;
#define region_map_cachep to_kmem_cache(&region_map_cache)

struct region_map *region_map_create_cached(unsigned int size)
{
	struct region_map *rm;

	if (size > REGION_BITS)
		return ERR_PTR(-EINVAL);
	if (kmem_cache_setup(region_map_cachep, "region_map",
			     sizeof(struct region_map), 0, 0, NULL))
		return ERR_PTR(-ENOMEM);
	rm = kmem_cache_zalloc(region_map_cachep, GFP_KERNEL);
	if (!rm)
		return ERR_PTR(-ENOMEM);
	rm->size = size;
	return rm;
}

int region_maps_create(struct region_map **maps, unsigned int size)
{
	maps[0] = region_map_create_cached(size);
	if (IS_ERR(maps[0]))
		return PTR_ERR(maps[0]);
	// TWIN: {{.*}}[[@LINE+1]]:12: warning: static cache 'region_map_cache' may already be set up on this path (set up again in 'region_map_create_cached') [kmem-resetup]
	maps[1] = region_map_create_cached(size);
	return PTR_ERR_OR_ZERO(maps[1]);
}
#endif
