// SPDX-License-Identifier: GPL-2.0
/*
 * What a path knows of a value: fact bits (zero, non-zero, an error
 * pointer, not negative, ...) for every value, and, for the values that
 * decide tests against constants (loop counters, flags, `i == 0` guards),
 * the constant itself.  Tests refine what is known; a side of a test that
 * contradicts it is a path that cannot happen.
 *
 * Constants are kept only for "tracked" values: those a test compares with
 * a constant or that pick the element of a table of functions, and those
 * they are copied, incremented or merged from.
 * Everything else keeps one byte, so that states stay small.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "walk_internal.h"

/* A value the state keeps a fact for. */
static bool is_value(const struct walk *walk, struct value value)
{
	return value.kind == VALUE_ID && value.id >= 0 &&
	       value.id < walk->value_count && walk->fact_slot[value.id] >= 0;
}

static void read_value(struct walk *walk, struct value value)
{
	if (value.kind != VALUE_ID || value.id < 0 ||
	    value.id >= walk->value_count || walk->fact_slot[value.id] >= 0)
		return;
	walk->fact_values[walk->fact_count] = value.id;
	walk->fact_slot[value.id] = walk->fact_count++;
}

/*
 * Only values something reads can change a path: tests, returns, phis and
 * copies.  The others (most call results, comparisons never branched on)
 * get no byte in the state, so that states stay small in big functions.
 */
void facts_choose(struct walk *walk)
{
	const struct function_model *fn = walk->function;

	walk->fact_slot = arena_alloc(
		&walk->arena, ((size_t)walk->value_count + 1) * sizeof(int));
	walk->fact_values = arena_alloc(
		&walk->arena, ((size_t)walk->value_count + 1) * sizeof(int));
	for (int v = 0; v < walk->value_count; v++)
		walk->fact_slot[v] = -1;
	for (size_t b = 0; b < fn->block_count; b++) {
		const struct block *block = &fn->blocks[b];

		if (block->exit == EXIT_TEST && block->test != TEST_UNKNOWN)
			read_value(walk, value_id(block->tested_value));
		if (block_element_value(block) >= 0)
			read_value(walk, value_id(block_element_value(block)));
		if (block->exit == EXIT_RETURN)
			read_value(walk, block->return_value);
		for (size_t i = 0; i < block->phi_count; i++) {
			read_value(walk, value_id(block->phis[i].result));
			for (size_t p = 0; p < block->phis[i].incoming_count;
			     p++)
				read_value(walk, block->phis[i].incoming[p]);
		}
		for (size_t e = 0; e < block->event_count; e++) {
			const struct event *event = &block->events[e];

			if (event_reads_source(event)) {
				read_value(walk, event->source);
				read_value(walk, event->result);
			}
			read_value(walk, table_index(event));
		}
	}
}

static void track(struct walk *walk, struct value value, bool *changed)
{
	if (!is_value(walk, value) || walk->tracked[value.id] >= 0)
		return;
	walk->tracked_values[walk->tracked_count] = value.id;
	walk->tracked[value.id] = walk->tracked_count++;
	*changed = true;
}

/* Values a test compares with a constant, and where they come from. */
void facts_track(struct walk *walk)
{
	const struct function_model *fn = walk->function;
	bool changed = true;

	walk->tracked = arena_alloc(
		&walk->arena, ((size_t)walk->value_count + 1) * sizeof(int));
	walk->tracked_values = arena_alloc(
		&walk->arena, ((size_t)walk->value_count + 1) * sizeof(int));
	for (int v = 0; v < walk->value_count; v++)
		walk->tracked[v] = -1;
	for (size_t b = 0; b < fn->block_count; b++) {
		const struct block *block = &fn->blocks[b];

		if (block->exit == EXIT_TEST &&
		    (block->test == TEST_EQUAL || block->test == TEST_LESS ||
		     block->test == TEST_IN_SET))
			track(walk, value_id(block->tested_value), &changed);
		/* The index that picks a table's element is a constant too,
		 * and so is the one that picks a flag of module state. */
		if (block_element_value(block) >= 0)
			track(walk, value_id(block_element_value(block)),
			      &changed);
		for (size_t e = 0; e < block->event_count; e++)
			track(walk, table_index(&block->events[e]), &changed);
	}
	while (changed) {
		changed = false;
		for (size_t b = 0; b < fn->block_count; b++) {
			const struct block *block = &fn->blocks[b];

			for (size_t i = 0; i < block->phi_count; i++) {
				const struct phi *phi = &block->phis[i];

				if (!is_value(walk, value_id(phi->result)) ||
				    walk->tracked[phi->result] < 0)
					continue;
				for (size_t p = 0; p < phi->incoming_count; p++)
					track(walk, phi->incoming[p], &changed);
			}
			for (size_t e = 0; e < block->event_count; e++) {
				const struct event *event = &block->events[e];

				if ((event->kind != EVENT_VALUE_COPY &&
				     event->kind != EVENT_VALUE_ADD) ||
				    !is_value(walk, event->result) ||
				    walk->tracked[event->result.id] < 0)
					continue;
				track(walk, event->source, &changed);
			}
		}
	}
}

static unsigned char constant_fact(int64_t constant)
{
	if (constant == 0)
		return FACT_ZERO | FACT_NOT_ERROR | FACT_NOT_NEGATIVE;
	if (constant < 0 && constant >= -4095)
		return FACT_NONZERO | FACT_ERROR | FACT_ERROR_OR_NULL;
	if (constant < 0)
		return FACT_NONZERO | FACT_NOT_ERROR;
	return FACT_NONZERO | FACT_NOT_ERROR | FACT_NOT_NEGATIVE;
}

unsigned char value_fact(const struct walk *walk,
			 const struct path_state *state, struct value value)
{
	if (value.kind == VALUE_CONSTANT)
		return constant_fact(value.constant);
	if (is_value(walk, value))
		return *state_fact_byte(walk, state, value.id);
	return 0;
}

void set_fact(struct walk *walk, struct path_state *state, struct value value,
	      unsigned char fact)
{
	if (!is_value(walk, value))
		return;
	*state_fact_byte(walk, state, value.id) = fact;
	/* A constant the fact no longer vouches for must not split states. */
	if (!(fact & FACT_CONSTANT) && walk->tracked[value.id] >= 0)
		state_set_constant(walk, state, walk->tracked[value.id], 0);
}

bool known_constant(const struct walk *walk, const struct path_state *state,
		    struct value value, int64_t *constant)
{
	if (value.kind == VALUE_CONSTANT) {
		*constant = value.constant;
		return true;
	}
	if (!is_value(walk, value) || walk->tracked[value.id] < 0 ||
	    !(*state_fact_byte(walk, state, value.id) & FACT_CONSTANT))
		return false;
	*constant = state_constant(walk, state, walk->tracked[value.id]);
	return true;
}

/* The value is this constant now, as far as the state can say. */
static void set_known(struct walk *walk, struct path_state *state,
		      struct value value, int64_t constant)
{
	if (!is_value(walk, value))
		return;
	if (walk->tracked[value.id] < 0 || constant < INT32_MIN ||
	    constant > INT32_MAX) {
		set_fact(walk, state, value, constant_fact(constant));
		return;
	}
	*state_fact_byte(walk, state, value.id) =
		constant_fact(constant) | FACT_CONSTANT;
	state_set_constant(walk, state, walk->tracked[value.id], constant);
}

void facts_assign(struct walk *walk, struct path_state *state,
		  struct value result, struct value source, int64_t addend)
{
	int64_t constant;
	unsigned char fact;

	if (!is_value(walk, result))
		return;
	if (known_constant(walk, state, source, &constant)) {
		set_known(walk, state, result, constant + addend);
		return;
	}
	fact = value_fact(walk, state, source);
	/* A sum of a forgotten counter is forgotten too, not unknown. */
	if (addend)
		fact &= FACT_WIDENED;
	set_fact(walk, state, result, fact & ~FACT_CONSTANT);
}

bool setup_failed(unsigned char fact, bool result_is_pointer)
{
	if (result_is_pointer)
		return fact & (FACT_ZERO | FACT_ERROR | FACT_ERROR_OR_NULL);
	return fact & FACT_NONZERO;
}

/* A test of a value against a constant. */
struct constant_test {
	enum value_test test;
	long long constant;
	bool is_unsigned;
};

static bool constant_test_holds(const struct constant_test *test,
				int64_t constant)
{
	if (test->test == TEST_EQUAL)
		return constant == test->constant;
	if (test->test == TEST_IN_SET)
		return constant >= 0 && constant < TEST_SET_LIMIT &&
		       ((unsigned long long)test->constant >> constant) & 1;
	if (test->is_unsigned)
		return (uint64_t)constant < (uint64_t)test->constant;
	return constant < test->constant;
}

/*
 * TEST_EQUAL, TEST_LESS and TEST_IN_SET on a value whose constant is not
 * known.
 */
static unsigned char refine_unknown(struct walk *walk, struct path_state *state,
				    struct value tested,
				    const struct constant_test *test,
				    bool holds, bool *possible)
{
	long long k = test->constant;

	*possible = true;
	if (test->test == TEST_IN_SET)
		return holds && !(k & 1) ? FACT_NONZERO | FACT_NOT_NEGATIVE :
		       holds		 ? FACT_NOT_NEGATIVE :
					   0;
	if (test->test == TEST_EQUAL) {
		if (holds) {
			set_known(walk, state, tested, k);
			return 0;
		}
		return k == 0 ? FACT_NONZERO : 0;
	}
	if (test->is_unsigned) {
		if (holds && k == 0)
			*possible = false;
		return !holds && k > 0 ? FACT_NONZERO : 0;
	}
	if (holds)
		return k <= 0 ? FACT_NONZERO : 0;
	return k > 0  ? FACT_NONZERO | FACT_NOT_NEGATIVE :
	       k == 0 ? FACT_NOT_NEGATIVE :
			0;
}

/* What the test adds to the tested value's facts, or false: impossible. */
static bool refine_bits(unsigned char fact, enum value_test test, bool holds,
			unsigned char *add)
{
	switch (test) {
	case TEST_ZERO:
		if (holds) {
			*add = FACT_ZERO | FACT_NOT_ERROR | FACT_NOT_NEGATIVE;
			return !(fact & FACT_NONZERO);
		}
		*add = FACT_NONZERO;
		return !(fact & FACT_ZERO);
	case TEST_ERROR:
		if (holds) {
			*add = FACT_ERROR | FACT_NONZERO | FACT_ERROR_OR_NULL;
			return !(fact & (FACT_NOT_ERROR | FACT_ZERO));
		}
		*add = FACT_NOT_ERROR;
		return !(fact & FACT_ERROR);
	case TEST_NEGATIVE:
		if (holds) {
			/*
			 * Negative stays negative: as an error code, which a
			 * helper returns for its caller to test `< 0` again
			 * (fs/afs's afs_fs_init(): the path that destroyed a
			 * cache returns a value it found negative).  Not for
			 * a value known to be no error code.
			 */
			*add = FACT_NONZERO;
			if (!(fact & FACT_NOT_ERROR))
				*add |= FACT_ERROR | FACT_ERROR_OR_NULL;
			return !(fact & (FACT_ZERO | FACT_NOT_NEGATIVE));
		}
		/* An error code (-4095..-1, the -ENOMEM a helper returns) is
		 * negative: `ret >= 0` does not hold for it. */
		*add = FACT_NOT_NEGATIVE;
		return !(fact & FACT_ERROR);
	case TEST_ERROR_OR_NULL:
		if (holds) {
			*add = FACT_ERROR_OR_NULL;
			return !((fact & FACT_NOT_ERROR) &&
				 (fact & FACT_NONZERO));
		}
		*add = FACT_NONZERO | FACT_NOT_ERROR;
		return !(fact & (FACT_ZERO | FACT_ERROR));
	default:
		*add = 0;
		return true;
	}
}

bool facts_refine_value(struct walk *walk, struct path_state *state,
			struct value tested, enum value_test kind,
			long long test_constant, bool is_unsigned, bool holds)
{
	const struct constant_test test = { kind, test_constant, is_unsigned };
	unsigned char fact, add = 0;
	int64_t constant;
	bool possible, widened;

	if (kind == TEST_UNKNOWN || !is_value(walk, tested))
		return true;
	fact = value_fact(walk, state, tested);
	widened = fact & FACT_WIDENED;
	if (kind == TEST_EQUAL || kind == TEST_LESS || kind == TEST_IN_SET) {
		if (known_constant(walk, state, tested, &constant))
			return constant_test_holds(&test, constant) == holds;
		add = refine_unknown(walk, state, tested, &test, holds,
				     &possible);
		if (!possible)
			return false;
		fact = value_fact(walk, state, tested);
	} else if (!refine_bits(fact, kind, holds, &add)) {
		return false;
	} else if (kind == TEST_ZERO && holds) {
		/* A tracked value tested zero is the constant zero. */
		set_known(walk, state, tested, 0);
		fact = value_fact(walk, state, tested);
	}
	/* A forgotten counter decides nothing: this side is a guess. */
	if (widened)
		*state_imprecise_byte(walk, state) = 1;
	*state_fact_byte(walk, state, tested.id) = fact | add;
	return true;
}

bool facts_refine(struct walk *walk, struct path_state *state,
		  const struct block *block, bool holds)
{
	return facts_refine_value(walk, state, value_id(block->tested_value),
				  block->test, block->test_constant,
				  block->test_unsigned, holds);
}

void facts_widen(struct walk *walk, struct path_state *state)
{
	for (int i = 0; i < walk->tracked_count; i++) {
		int v = walk->tracked_values[i];
		unsigned char *fact;

		fact = state_fact_byte(walk, state, v);
		if (!(*fact & FACT_CONSTANT))
			continue;
		set_fact(walk, state, value_id(v), FACT_WIDENED);
	}
}
