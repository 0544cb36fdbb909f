// SPDX-License-Identifier: GPL-2.0
/*
 * Module state: variables with static storage that other functions set,
 * such as a "caches are up" flag or a mode.  A module exit that destroys
 * its cache only `if (cache_ready)`, or an init that sets it up only
 * `if (use_cache)`, is right when the flag says what init did, and no walk
 * of one function can know that.  Everything slabcheck decides about such
 * state is here, in two steps:
 *
 *  - Lowering: which branches test module state (block->tests_memory).  A
 *    branch tests it when its condition reads a variable with static
 *    storage, directly or through a state reader (a function of the unit
 *    that only computes from such variables), and no block before the
 *    branch in this function writes that variable, unless an earlier test
 *    of it comes between.  `foo_class = class_create(...); if
 *    (IS_ERR(foo_class))` tests what the function just did; `if
 *    (cache_ready)` in module exit tests what init did; `foo_use_cache =
 *    ...; if (foo_use_cache) setup; ... out: if (foo_use_cache) destroy;`
 *    tests its own write first and module state the second time: the walk
 *    does not know that the two tests agree, and taking the later one as
 *    state keeps it from reporting the paths where they would not.
 *    Decided for all branches of a function by one forward pass per set of
 *    variables tested: linear in the blocks, however many branches.  A
 *    flag per element, `if (!done[i]) continue;` on an array with static
 *    storage picked by a value, is state whatever the function writes
 *    (block->tests_element): the walk follows no element of an array.
 *
 *  - The walk: on the side of a branch on module state that skips a setup
 *    or destroy (directly, or by a function of the unit) that only the
 *    other side's blocks do, that cache is forgotten (SLOT_UNKNOWN, about
 *    which no rule speaks).  The side that runs them is walked as it is, so
 *    a resetup or a use after destroy inside is still found, but what it
 *    sets up is marked as guarded: a helper that sets up only `if
 *    (!foo_inited)` and then sets the flag is not a resetup when called
 *    twice (kmem-resetup reads effect->guarded).  A cache the path already
 *    destroyed, met again at a branch whose side destroys it (`if
 *    (foo_ready) { destroy; foo_ready = false; }`, called twice), is
 *    forgotten on that side too: the first destroy may have cleared the
 *    flag.  A branch on module state that guards no setup or destroy (`if
 *    (debug) pr_info(...)`) forgets nothing.  A flag per element guards,
 *    where the path knows the element, what the table's element for it
 *    does (module_state_walk.c).
 *
 * The walk's part is module_state_walk.c.  docs/rules.md, "Branches on
 * module state", says the same for users.
 */
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "check.h"
#include "lower.h"
#include "module_state.h"

/*
 * The variables with static storage a condition reads; 'element', when
 * all it reads is one element of an array picked by a value, that value.
 */
struct memory_reads {
	const char *names[4];
	int count;
	bool too_many;
	int element;
};

static void add_read(struct memory_reads *reads, const char *name)
{
	for (int i = 0; i < reads->count; i++)
		if (!strcmp(reads->names[i], name))
			return;
	if (reads->count ==
	    (int)(sizeof(reads->names) / sizeof(reads->names[0])))
		reads->too_many = true;
	else
		reads->names[reads->count++] = name;
}

/*
 * Whether an operand of a state reader (below) is one: a constant, a
 * variable with static storage (added to 'reads'), or a value the
 * function computes from those.  Parameters and what the front-end does
 * not describe are not.
 */
static bool reads_state_only(const bool *computed, struct operand operand,
			     struct memory_reads *reads)
{
	switch (operand.kind) {
	case OPERAND_CONSTANT:
		return true;
	case OPERAND_MEMORY:
		if (!operand.name)
			return false;
		add_read(reads, operand.name);
		return true;
	case OPERAND_VALUE:
		return operand.value >= 0 && computed[operand.value];
	default:
		return false;
	}
}

static bool value_reads_state_only(const bool *computed, struct value value)
{
	return value.kind == VALUE_CONSTANT ||
	       (value.kind == VALUE_ID && value.id >= 0 && computed[value.id]);
}

static bool computes_state_only(const struct model_instruction *instruction,
				const bool *computed,
				struct memory_reads *reads)
{
	const struct api_entry *api = lowered_api(instruction);

	switch (instruction->kind) {
	case INSN_ASSIGN:
		return reads_state_only(computed, instruction->source, reads);
	case INSN_BINARY:
		return reads_state_only(computed, instruction->binary.left,
					reads) &&
		       reads_state_only(computed, instruction->binary.right,
					reads);
	case INSN_CALL:
		return api && api->role == API_PASS_THROUGH &&
		       reads_state_only(computed,
					lowered_argument(instruction, 0),
					reads);
	case INSN_USE:
		for (size_t i = 0; i < instruction->use.operand_count; i++)
			if (!reads_state_only(computed,
					      instruction->use.operands[i],
					      reads))
				return false;
		return true;
	default:
		return false;
	}
}

/*
 * A function of the unit that only reports module state: it computes its
 * result from variables with static storage and constants, and writes,
 * calls and takes nothing (`static bool foo_enabled(void) { return
 * foo_mode != FOO_OFF; }`).  A branch on its result is a branch on those
 * variables: adds them to 'reads'.  Anything else is not one.
 */
static bool state_reader_reads(const struct translation_unit *tu,
			       const struct model_instruction *call,
			       struct memory_reads *reads)
{
	int index =
		call->call.name ? tu_find_function(tu, call->call.name) : -1;
	const struct function_model *fn;
	struct memory_reads own = { 0 };
	bool *computed, only_state = true;

	if (index < 0)
		return false;
	fn = &tu->functions[index];
	if (!fn->described || !fn->returns_value || !fn->block_count)
		return false;
	computed = calloc((size_t)fn->value_count + 1, sizeof(bool));
	CHECK(computed != NULL);
	/* Values are defined before they are used, phis aside: two passes
	 * let a loop's phi see what the loop computes. */
	for (int pass = 0; pass < 2; pass++) {
		for (size_t b = 0; b < fn->block_count; b++) {
			const struct block *block = &fn->blocks[b];

			for (size_t i = 0; i < block->phi_count; i++) {
				const struct phi *phi = &block->phis[i];
				bool known = true;

				for (size_t p = 0; p < phi->incoming_count; p++)
					known &= value_reads_state_only(
						computed, phi->incoming[p]);
				if (phi->result >= 0)
					computed[phi->result] |= known;
			}
			for (size_t i = 0; i < block->instruction_count; i++) {
				const struct model_instruction *instruction =
					&block->instructions[i];
				struct memory_reads ignored = { 0 };

				if (instruction->result >= 0 &&
				    computes_state_only(instruction, computed,
							&ignored))
					computed[instruction->result] = true;
			}
		}
	}
	for (size_t b = 0; only_state && b < fn->block_count; b++) {
		const struct block *block = &fn->blocks[b];

		for (size_t i = 0; only_state && i < block->phi_count; i++)
			only_state = block->phis[i].result >= 0 &&
				     computed[block->phis[i].result];
		for (size_t i = 0; only_state && i < block->instruction_count;
		     i++)
			only_state = computes_state_only(
				&block->instructions[i], computed, &own);
		/* EXIT_TEST: the reader was lowered first. */
		if (block->exit == EXIT_BRANCH || block->exit == EXIT_TEST)
			only_state &= reads_state_only(computed,
						       block->condition, &own);
		if (block->exit == EXIT_RETURN)
			only_state &= value_reads_state_only(
				computed, block->return_value);
	}
	free(computed);
	if (!only_state || own.too_many)
		return false;
	for (int i = 0; i < own.count; i++)
		add_read(reads, own.names[i]);
	return true;
}

/*
 * Follows a condition back through copies, comparisons, arithmetic,
 * likely(), IS_ERR() and the unit's state readers to the variables with
 * static storage it reads.
 */
static void memory_read(const struct lowering *lowering,
			struct operand condition, int depth,
			struct memory_reads *reads)
{
	const struct model_instruction *definition;
	const struct api_entry *api;

	for (; depth < FOLLOW_DEPTH; depth++) {
		if (condition.kind == OPERAND_MEMORY && condition.name) {
			reads->element = reads->count || reads->element != -1 ?
						 -2 :
						 condition.value;
			add_read(reads, condition.name);
			return;
		}
		definition = lowered_definition(lowering, condition);
		if (!definition)
			return;
		api = lowered_api(definition);
		if (definition->kind == INSN_ASSIGN) {
			condition = definition->source;
		} else if (definition->kind == INSN_BINARY) {
			memory_read(lowering, definition->binary.left,
				    depth + 1, reads);
			condition = definition->binary.right;
		} else if (api && (api->role == API_PASS_THROUGH ||
				   api->role == API_IS_ERROR ||
				   api->role == API_IS_ERROR_OR_NULL)) {
			condition = lowered_argument(definition, 0);
		} else if (definition->kind == INSN_CALL && !api) {
			reads->element = -2;
			state_reader_reads(lowering->tu, definition, reads);
			return;
		} else {
			return;
		}
	}
}

static bool stores_one_of(const struct block *block,
			  const struct memory_reads *reads)
{
	for (size_t i = 0; i < block->instruction_count; i++) {
		const struct model_instruction *instruction =
			&block->instructions[i];

		if (instruction->kind != INSN_STORE)
			continue;
		for (int r = 0; r < reads->count; r++)
			if (!strcmp(instruction->store, reads->names[r]))
				return true;
	}
	return false;
}

static bool reads_intersect(const struct memory_reads *a,
			    const struct memory_reads *b)
{
	for (int i = 0; i < a->count; i++)
		for (int j = 0; j < b->count; j++)
			if (!strcmp(a->names[i], b->names[j]))
				return true;
	return false;
}

static bool same_reads(const struct memory_reads *a,
		       const struct memory_reads *b)
{
	if (a->count != b->count)
		return false;
	for (int i = 0; i < a->count; i++) {
		bool found = false;

		for (int j = 0; j < b->count && !found; j++)
			found = !strcmp(a->names[i], b->names[j]);
		if (!found)
			return false;
	}
	return true;
}

/* What reaches the end of a block, for one set of variables. */
enum { TESTED_NONE = -1, TESTED_MANY = -2 };

struct reaching {
	int tested;   /* the one test reaching, TESTED_NONE or TESTED_MANY */
	bool written; /* a write reaches, no test of the set since */
};

static int join_tested(int a, int b)
{
	if (a == TESTED_NONE || a == b)
		return b;
	if (b == TESTED_NONE)
		return a;
	return TESTED_MANY;
}

/*
 * Per block, the tests and writes of the set 'reads' that reach its
 * entry: a test of the set ends what came before it, and so does a write
 * (a block that both writes and tests counts as a test).  Then each branch
 * on exactly that set tests module state unless a write reaches it with
 * no test between, other than itself around a loop; one test it reaches is
 * enough.  The same answer as walking back from each branch, in one pass.
 */
static void mark_tests_of(struct function_model *fn,
			  const struct memory_reads *block_reads,
			  const struct memory_reads *reads)
{
	size_t count = fn->block_count;
	struct reaching *out = calloc(count, sizeof(*out));
	unsigned char *tests = calloc(count, 1), *stores = calloc(count, 1);
	unsigned char *queued = calloc(count, 1);
	int *work = calloc(count, sizeof(int));
	size_t depth = 0;

	CHECK(out && tests && stores && queued && work);
	for (size_t b = 0; b < count; b++) {
		tests[b] = fn->blocks[b].exit == EXIT_TEST &&
			   reads_intersect(&block_reads[b], reads);
		stores[b] = stores_one_of(&fn->blocks[b], reads);
		out[b] = (struct reaching){ .tested = TESTED_NONE };
		work[depth++] = (int)(count - 1 - b);
		queued[b] = 1;
	}
	while (depth) {
		int index = work[--depth];
		const struct block *block = &fn->blocks[index];
		struct reaching next = { .tested = TESTED_NONE };

		queued[index] = 0;
		if (tests[index]) {
			next.tested = index;
		} else if (stores[index]) {
			next.written = true;
		} else {
			for (size_t p = 0; p < block->predecessor_count; p++) {
				const struct reaching *in =
					&out[block->predecessors[p]];

				next.tested =
					join_tested(next.tested, in->tested);
				next.written |= in->written;
			}
		}
		if (next.tested == out[index].tested &&
		    next.written == out[index].written)
			continue;
		out[index] = next;
		for (size_t s = 0; s < block->successor_count; s++) {
			int successor = block->successors[s];

			if (!queued[successor]) {
				queued[successor] = 1;
				work[depth++] = successor;
			}
		}
	}
	for (size_t b = 0; b < count; b++) {
		struct block *block = &fn->blocks[b];
		int tested = TESTED_NONE;
		bool written = stores[b];

		if (block->exit != EXIT_TEST ||
		    !same_reads(&block_reads[b], reads))
			continue;
		for (size_t p = 0; p < block->predecessor_count; p++) {
			tested = join_tested(
				tested, out[block->predecessors[p]].tested);
			written |= out[block->predecessors[p]].written;
		}
		block->tests_memory =
			!written || (!stores[b] && tested != TESTED_NONE &&
				     tested != (int)b);
	}
	free(out);
	free(tests);
	free(stores);
	free(queued);
	free(work);
}

void module_state_mark_tests(const struct lowering *lowering)
{
	struct function_model *fn = lowering->function;
	struct memory_reads *block_reads;

	block_reads = calloc(fn->block_count + 1, sizeof(*block_reads));
	CHECK(block_reads != NULL);
	for (size_t b = 0; b < fn->block_count; b++) {
		block_reads[b].element = -1;
		if (fn->blocks[b].exit == EXIT_TEST)
			memory_read(lowering, fn->blocks[b].condition, 0,
				    &block_reads[b]);
	}
	/* One pass per distinct set of variables some branch tests. */
	for (size_t b = 0; b < fn->block_count; b++) {
		const struct memory_reads *reads = &block_reads[b];
		bool done = false;

		if (!reads->count || reads->too_many)
			continue;
		for (size_t earlier = 0; !done && earlier < b; earlier++)
			done = !block_reads[earlier].too_many &&
			       same_reads(&block_reads[earlier], reads);
		if (!done)
			mark_tests_of(fn, block_reads, reads);
	}
	/*
	 * A flag per element, `if (!done[i]) continue;`: what the function
	 * wrote into the array (`done[i] = true;` after each step) was
	 * another element, as far as the walk can tell, which follows no
	 * element of an array.  Taken as module state, always.
	 */
	for (size_t b = 0; b < fn->block_count; b++) {
		struct block *block = &fn->blocks[b];

		if (block_reads[b].count != 1 || block_reads[b].element < 0)
			continue;
		block->tests_memory = true;
		block->tests_element = true;
		block->element_value = block_reads[b].element;
	}
	free(block_reads);
}
