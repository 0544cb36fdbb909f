// SPDX-License-Identifier: GPL-2.0
/*
 * One function's linearized code, as sparse leaves it after its own
 * optimization, described to the core: blocks of instructions (calls by
 * name with their operands, comparisons and arithmetic, field writes,
 * struct copies), phis, branches and returns.  Conversions are not
 * described: operands name the value they convert.
 *
 * Sparse inlines static inline functions into their callers and leaves an
 * OP_INLINED_CALL marker after the inlined body, with the arguments and the
 * result.  The body is not the caller's code (its instructions keep the
 * inlined function's positions, outside the caller's range): the marker is
 * described as a call of the inlined function, which is what GCC's
 * front-end sees before inlining, and the body's blocks become plain jumps.
 */
#include "body_internal.h"
#include "check.h"

/* --------------------------------------------------------- control flow */

static int block_index(struct function_translation *ft, struct basic_block *bb)
{
	void *found;

	CHECK(pointer_map_get(&ft->blocks, bb, &found));
	return (int)(long)found;
}

static int exit_index(struct function_translation *ft, struct basic_block *bb)
{
	void *found;

	CHECK(pointer_map_get(&ft->exits, bb, &found));
	return (int)(long)found;
}

/* A select of the function's own code, spelled out as a branch and a phi. */
static struct instruction *terminator(struct basic_block *bb);

/*
 * `if (x) return a; return b;`, which sparse merges into returning
 * select(x, a, b): the two returns again, each with its own place.
 */
static struct instruction *returned_select(struct function_translation *ft,
					   struct instruction *ret)
{
	pseudo_t value = ret && ret->opcode == OP_RET ? ret->src : NULL;
	struct instruction *def =
		value && has_definition(value) ? value->def : NULL;

	if (!live(def) || def->opcode != OP_SEL || !described(ft, def) ||
	    !scalar_result(def) || pseudo_user_list_size(value->users) != 1)
		return NULL;
	return def;
}

static bool spelled_out(struct function_translation *ft,
			struct instruction *insn)
{
	return insn->opcode == OP_SEL && described(ft, insn) && insn->target &&
	       scalar_result(insn) &&
	       returned_select(ft, terminator(insn->bb)) != insn;
}

static struct instruction *terminator(struct basic_block *bb)
{
	struct instruction *insn, *last = NULL;

	FOR_EACH_PTR(bb->insns, insn) {
		if (live(insn))
			last = insn;
	}
	END_FOR_EACH_PTR(insn);
	if (!last)
		return NULL;
	switch (last->opcode) {
	case OP_RET:
	case OP_BR:
	case OP_CBR:
	case OP_SWITCH:
	case OP_COMPUTEDGOTO:
	case OP_UNREACH:
		return last;
	default:
		return NULL;
	}
}

static void add_edge(struct function_translation *ft, int from,
		     struct basic_block *to)
{
	struct block *block = &ft->model->blocks[from];
	int target = block_index(ft, to);

	for (size_t i = 0; i < block->successor_count; i++)
		if (block->successors[i] == target)
			return;
	block_add_edge(ft->tu, ft->model, from, target);
}

/* Each select: its block branches to two blocks that join in the next. */
static void select_edges(struct function_translation *ft,
			 struct basic_block *bb)
{
	int segment = block_index(ft, bb);
	struct instruction *insn;

	FOR_EACH_PTR(bb->insns, insn) {
		if (!live(insn) || !spelled_out(ft, insn))
			continue;
		ft->model->blocks[segment].exit = EXIT_BRANCH;
		ft->model->blocks[segment + 1].exit = EXIT_JUMP;
		ft->model->blocks[segment + 2].exit = EXIT_JUMP;
		block_add_edge(ft->tu, ft->model, segment, segment + 1);
		block_add_edge(ft->tu, ft->model, segment, segment + 2);
		block_add_edge(ft->tu, ft->model, segment + 1, segment + 3);
		block_add_edge(ft->tu, ft->model, segment + 2, segment + 3);
		segment += 3;
	}
	END_FOR_EACH_PTR(insn);
}

/*
 * `a && b` and `a || b` on compares, which sparse turns into one branch on
 * the and (or) of two booleans: the branches they were, so that each test
 * can be followed.  How many blocks that adds.
 */
static struct instruction *short_circuit(struct function_translation *ft,
					 pseudo_t condition)
{
	struct instruction *def =
		has_definition(condition) ? condition->def : NULL;

	if (!live(def) || (def->opcode != OP_AND && def->opcode != OP_OR) ||
	    def->size != 1 || !described(ft, def))
		return NULL;
	return def;
}

static int short_circuit_blocks(struct function_translation *ft,
				pseudo_t condition)
{
	struct instruction *def = short_circuit(ft, condition);

	if (!def)
		return 0;
	return 1 + short_circuit_blocks(ft, def->src1) +
	       short_circuit_blocks(ft, def->src2);
}

static bool split_branch(struct function_translation *ft,
			 struct instruction *branch)
{
	struct position at;

	return branch && branch->opcode == OP_CBR &&
	       branch->bb_true != branch->bb_false &&
	       callers_code(ft->range, branch, &at) &&
	       short_circuit(ft, branch->cond);
}

/* Block 'index' tests 'condition': non-zero to 'yes', zero to 'no'. */
static void branch_chain(struct function_translation *ft, int index,
			 pseudo_t condition, int yes, int no, int *next)
{
	struct instruction *def = short_circuit(ft, condition);
	struct block *block = &ft->model->blocks[index];
	int middle;

	if (!def) {
		block->exit = EXIT_BRANCH;
		block->condition = operand_of(ft, condition, 0);
		block_add_edge(ft->tu, ft->model, index, yes);
		block_add_edge(ft->tu, ft->model, index, no);
		return;
	}
	middle = (*next)++;
	if (def->opcode == OP_AND) {
		branch_chain(ft, index, def->src1, middle, no, next);
		branch_chain(ft, middle, def->src2, yes, no, next);
	} else {
		branch_chain(ft, index, def->src1, yes, middle, next);
		branch_chain(ft, middle, def->src2, yes, no, next);
	}
}

/* Block 'index' returns select(c, a, b): it tests c, two blocks return. */
static void split_return(struct function_translation *ft, int index,
			 struct instruction *ret)
{
	struct instruction *select = returned_select(ft, ret);
	struct block *block = &ft->model->blocks[index];

	block->exit = EXIT_BRANCH;
	block->condition = operand_of(ft, select->src1, 0);
	block_add_edge(ft->tu, ft->model, index, index + 1);
	block_add_edge(ft->tu, ft->model, index, index + 2);
	for (int side = 0; side < 2; side++) {
		struct block *returns = &ft->model->blocks[index + 1 + side];
		pseudo_t value = side ? select->src3 : select->src2;

		returns->exit = EXIT_RETURN;
		returns->return_value = value_of(ft, value, select->type);
		returns->return_location =
			returned_at(ft, returns->return_value, select->pos);
	}
}

/* Edges first: phis are sized by their block's predecessors. */
static void translate_edges(struct function_translation *ft,
			    struct basic_block *bb)
{
	int index = exit_index(ft, bb);
	struct block *block = &ft->model->blocks[index];
	struct instruction *last = terminator(bb);
	struct multijmp *jump;
	struct position at;

	block->exit = EXIT_NONE;
	if (!last)
		return;
	switch (last->opcode) {
	case OP_RET:
		block->exit = EXIT_RETURN;
		if (returned_select(ft, last))
			split_return(ft, index, last);
		return;
	case OP_BR:
		block->exit = EXIT_JUMP;
		add_edge(ft, index, last->bb_true);
		return;
	case OP_CBR:
		if (split_branch(ft, last)) {
			int next = index + 1;

			branch_chain(ft, index, last->cond,
				     block_index(ft, last->bb_true),
				     block_index(ft, last->bb_false), &next);
			return;
		}
		/* A branch of an inlined body goes both ways: its test is
		 * not the caller's code. */
		block->exit = callers_code(ft->range, last, &at) &&
					      last->bb_true != last->bb_false ?
				      EXIT_BRANCH :
				      EXIT_JUMP;
		add_edge(ft, index, last->bb_true);
		add_edge(ft, index, last->bb_false);
		return;
	case OP_SWITCH:
	case OP_COMPUTEDGOTO:
		block->exit = EXIT_JUMP;
		FOR_EACH_PTR(last->multijmp_list, jump) {
			add_edge(ft, index, jump->target);
		}
		END_FOR_EACH_PTR(jump);
		if (!block->successor_count)
			block->exit = EXIT_NONE;
		return;
	default:
		return;
	}
}

/*
 * Where a value that reaches a phi is written: a call's at the call when
 * the call is written there (`return f(x);`: sparse places the phi's source
 * at the call's last argument), a constant's at its return when sparse
 * merged returns, otherwise where sparse put it.
 */
static struct source_location incoming_place(struct function_translation *ft,
					     struct instruction *source,
					     struct value value)
{
	pseudo_t incoming = source->phi_src;
	struct position at;

	if (has_definition(incoming) && live(incoming->def) &&
	    incoming->def->opcode == OP_CALL &&
	    incoming->def->pos.stream == source->pos.stream &&
	    incoming->def->pos.line == source->pos.line &&
	    own_code(ft->range, source->pos))
		return unit_location(call_place(incoming->def), true);
	callers_code(ft->range, source, &at);
	if (value.kind == VALUE_CONSTANT && !own_code(ft->range, source->pos))
		return returned_at(ft, value, at);
	return unit_location(at, true);
}

static void translate_phi(struct function_translation *ft,
			  struct instruction *insn)
{
	struct block *block = ft->block;
	struct phi *phi;
	pseudo_t source;

	if (!insn->target || !scalar_result(insn))
		return;
	phi = block_add_phi(ft->tu, block, number_value(ft, insn->target));
	FOR_EACH_PTR(insn->phi_list, source) {
		struct instruction *def =
			source && source != VOID ? source->def : NULL;

		if (!live(def) || def->opcode != OP_PHISOURCE)
			continue;
		/* The phi reads the value where its source is. */
		ft->reader = def;
		for (size_t p = 0; p < block->predecessor_count; p++) {
			if (ft->owners[block->predecessors[p]] != def->bb)
				continue;
			phi->incoming[p] =
				value_of(ft, def->phi_src, def->type);
			phi->incoming_location[p] =
				incoming_place(ft, def, phi->incoming[p]);
		}
	}
	END_FOR_EACH_PTR(source);
	ft->reader = NULL;
}

/*
 * target = src1 ? src2 : src3, as the branches sparse merged into it: the
 * block branches on src1, its two successors join in a phi.
 */
static void translate_select(struct function_translation *ft,
			     struct instruction *insn, int segment)
{
	struct block *join = &ft->model->blocks[segment + 3];
	struct phi *phi;

	ft->model->blocks[segment].condition = operand_of(ft, insn->src1, 0);
	phi = block_add_phi(ft->tu, join, number_value(ft, insn->target));
	phi->incoming[0] = value_of(ft, insn->src2, insn->type);
	phi->incoming[1] = value_of(ft, insn->src3, insn->type);
	phi->incoming_location[0] = returned_at(ft, phi->incoming[0], ft->at);
	phi->incoming_location[1] = returned_at(ft, phi->incoming[1], ft->at);
}

/*
 * What a branch of the function's own code tests.  Sparse's optimizer may
 * make it test a value of an inlined body: when that body returned
 * select(value, a, b), the call's result is a exactly when the value is
 * non-zero, and that is the test described.
 */
static struct operand branch_condition(struct function_translation *ft,
				       struct instruction *branch)
{
	struct operand condition = operand_of(ft, branch->cond, 0);
	struct instruction *select = inlined_select(ft, branch->cond);
	struct model_instruction *test;

	if (condition.kind != OPERAND_UNKNOWN || !select)
		return condition;
	test = describe_instruction(ft, branch, INSN_BINARY, false);
	test->binary.op = BINARY_EQ;
	test->binary.left = operand_of(ft, select->target, 0);
	test->binary.right = operand_as(ft, select->src2, select->type);
	test->result = ft->model->value_count++;
	return operand_value(test->result);
}

static void translate_block(struct function_translation *ft,
			    struct basic_block *bb)
{
	struct instruction *insn, *last = terminator(bb);
	int segment = block_index(ft, bb);
	size_t first;
	bool own;

	ft->block = &ft->model->blocks[segment];
	FOR_EACH_PTR(bb->insns, insn) {
		if (!live(insn))
			continue;
		if (insn->opcode == OP_PHI) {
			if (!call_result_phi(ft, insn))
				translate_phi(ft, insn);
			continue;
		}
		own = callers_code(ft->range, insn, &ft->at);
		ft->reader = insn;
		if (spelled_out(ft, insn)) {
			translate_select(ft, insn, segment);
			segment += 3;
			ft->block = &ft->model->blocks[segment];
			continue;
		}
		if (insn == last) {
			if (insn->opcode == OP_RET &&
			    !returned_select(ft, insn))
				translate_return(ft, insn);
			if (insn->opcode == OP_CBR &&
			    ft->block->exit == EXIT_BRANCH &&
			    !split_branch(ft, insn))
				ft->block->condition =
					branch_condition(ft, insn);
			if (own && (insn->opcode == OP_SWITCH ||
				    insn->opcode == OP_COMPUTEDGOTO))
				describe_other_uses(
					ft, insn, ft->block->instruction_count);
			continue;
		}
		first = ft->block->instruction_count;
		if (described(ft, insn) || followed_marker(ft->range, insn))
			translate_instruction(ft, insn);
		if (own)
			describe_other_uses(ft, insn, first);
	}
	END_FOR_EACH_PTR(insn);
}

/*
 * Whether an inlined function returns a value: sparse gives the marker of a
 * void one the value of the body's last expression.
 */
static bool returns_value(struct instruction *marker)
{
	struct symbol *fn = marker->func->type == PSEUDO_SYM ?
				    base_type_of(marker->func->sym) :
				    NULL;

	return fn && fn->type == SYM_FN && scalar_type(fn->ctype.base_type);
}

/*
 * Whether the caller's code defines an inlined call's result.  A value of
 * the inlined body does not: the call is described with it as its result,
 * whatever the body computed it with.  A phi may be the caller's (a
 * variable's, placed where the helper reads it) only when the call returns
 * its argument as it is; any other phi the result is merged the body's
 * values (its own returns, those of a helper it called:
 * PTR_ERR_OR_ZERO()'s, a local variable it returns).
 */
static bool callers_result(struct function_translation *ft,
			   struct instruction *marker)
{
	struct instruction *def = marker->target->def;

	if (live(def) && def->opcode == OP_PHI && !identity_marker(marker))
		return false;
	return described(ft, def);
}

/* Inlined calls whose result the caller's code cannot define otherwise. */
static void claim_results(struct function_translation *ft)
{
	struct basic_block *bb;
	struct instruction *insn;

	FOR_EACH_PTR(ft->ep->bbs, bb) {
		FOR_EACH_PTR(bb->insns, insn) {
			pseudo_t target = insn->target;
			void *claim;

			if (!live(insn) || !followed_marker(ft->range, insn) ||
			    !returns_value(insn) || !target ||
			    (target->type != PSEUDO_REG &&
			     target->type != PSEUDO_PHI) ||
			    callers_result(ft, insn) ||
			    pointer_map_get(&ft->claimed, target, &claim))
				continue;
			pointer_map_put(&ft->claimed, target, insn);
		}
		END_FOR_EACH_PTR(insn);
	}
	END_FOR_EACH_PTR(bb);
}

static void translate_parameters(struct function_translation *ft)
{
	struct symbol *fn = base_type_of(ft->ep->name);
	pseudo_t arg;

	function_set_parameters(
		ft->tu, ft->model,
		ptr_list_size((struct ptr_list *)fn->arguments));
	FOR_EACH_PTR(ft->ep->entry->arg_list, arg) {
		if (arg->type == PSEUDO_ARG && arg->nr >= 1 &&
		    arg->nr <= ft->model->parameter_count &&
		    scalar_type(pseudo_type(ft, arg)))
			ft->model->parameter_values[arg->nr - 1] =
				number_value(ft, arg);
	}
	END_FOR_EACH_PTR(arg);
}

static bool is_first_block(struct function_translation *ft, int index)
{
	for (size_t i = 0; i < ft->blocks.capacity; i++)
		if (ft->blocks.keys[i] &&
		    (int)(long)ft->blocks.values[i] == index)
			return true;
	return false;
}

/*
 * A block's first model block, three more per select, and one more per
 * test of a split branch.
 */
static void number_blocks(struct function_translation *ft,
			  struct basic_block *bb, int *count)
{
	struct instruction *insn;

	pointer_map_put(&ft->blocks, bb, (void *)(long)*count);
	FOR_EACH_PTR(bb->insns, insn) {
		if (live(insn) && spelled_out(ft, insn))
			*count += 3;
	}
	END_FOR_EACH_PTR(insn);
	pointer_map_put(&ft->exits, bb, (void *)(long)*count);
	(*count)++;
	if (split_branch(ft, terminator(bb)))
		*count += short_circuit_blocks(ft, terminator(bb)->cond);
	if (returned_select(ft, terminator(bb)))
		*count += 2;
}

void translate_body(struct translation_unit *tu, int index,
		    struct entrypoint *ep, const struct code_range *range)
{
	struct function_translation ft = {
		.tu = tu,
		.model = &tu->functions[index],
		.ep = ep,
		.range = range,
	};
	struct symbol *fn = base_type_of(ep->name);
	struct basic_block *bb;
	int count = 0;

	pointer_map_init(&ft.values);
	pointer_map_init(&ft.blocks);
	pointer_map_init(&ft.exits);
	pointer_map_init(&ft.claimed);
	find_api_results(ep, range);
	pointer_map_init(&ft.identity_calls);
	/* The model's entry is block 0. */
	number_blocks(&ft, ep->entry->bb, &count);
	FOR_EACH_PTR(ep->bbs, bb) {
		if (bb != ep->entry->bb)
			number_blocks(&ft, bb, &count);
	}
	END_FOR_EACH_PTR(bb);
	translate_parameters(&ft);
	ft.model->returns_value =
		fn->ctype.base_type && fn->ctype.base_type != &void_ctype;
	ft.model->described = true;
	function_set_blocks(tu, ft.model, (size_t)count);
	ft.owners = calloc((size_t)count + 1, sizeof(*ft.owners));
	CHECK(ft.owners != NULL);
	FOR_EACH_PTR(ep->bbs, bb) {
		int last = block_index(&ft, bb) + 1;

		while (last < count && !ft.owners[last] &&
		       !is_first_block(&ft, last))
			last++;
		for (int b = block_index(&ft, bb); b < last; b++)
			ft.owners[b] = bb;
	}
	END_FOR_EACH_PTR(bb);
	claim_results(&ft);
	find_enclosing(ep, range);
	FOR_EACH_PTR(ep->bbs, bb) {
		select_edges(&ft, bb);
		translate_edges(&ft, bb);
	}
	END_FOR_EACH_PTR(bb);
	FOR_EACH_PTR(ep->bbs, bb) {
		translate_block(&ft, bb);
	}
	END_FOR_EACH_PTR(bb);
	pointer_map_release(&ft.values);
	pointer_map_release(&ft.blocks);
	pointer_map_release(&ft.exits);
	pointer_map_release(&ft.claimed);
	pointer_map_release(&ft.identity_calls);
	free(ft.owners);
}
