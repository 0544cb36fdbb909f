// SPDX-License-Identifier: GPL-2.0
/*
 * The markers sparse leaves for the calls it inlined, and which
 * instructions are the caller's own code rather than an inlined body's.
 * Both are worked out before sparse optimizes a function (markers_track(),
 * from a wrapper of its optimize()): optimization rewrites the values and
 * the places these rest on.
 */
#include "body_internal.h"

/* ---------------------------------------------- inlined bodies, markers */

/*
 * The caller's instructions that sparse places inside an inlined body.
 * Linearizing a call it inlined leaves sparse's current position inside
 * the inlined function, so the caller's instructions that take the call's
 * result right after it (a store, a test, a branch, a returned value) get
 * a position outside the caller's range: instruction -> marker.
 */
static struct pointer_map callers;
/*
 * A call written inside another call's arguments takes the enclosing
 * call's place, as GCC's front-end places it: call -> enclosing call.
 */
static struct pointer_map enclosing;
/* The phis that merge an inlined body's returned values. */
static struct pointer_map inlined_returns;
/*
 * The results of the calls the core wants as calls, in the function being
 * described (find_api_results()): result -> marker.
 */
static struct pointer_map api_results;

bool inlined_return(struct instruction *phi)
{
	void *marker;

	return pointer_map_get(&inlined_returns, phi, &marker);
}

/*
 * A select the caller's own test decides.  Sparse turns a variable that an
 * if of the caller sets one way or another (flags |= X on one branch) into
 * a select when it promotes the variable to a register, and places it
 * where the variable is read: inside the inlined helper the caller passes
 * it to.  The select is the caller's as the test is.
 */
static bool callers_select(const struct code_range *range,
			   struct instruction *insn, struct position *at)
{
	struct instruction *test;

	if (insn->opcode != OP_SEL || !insn->src1 ||
	    insn->src1->type != PSEUDO_REG || !(test = insn->src1->def) ||
	    !live(test) || !own_code(range, test->pos))
		return false;
	*at = test->pos;
	return true;
}

/*
 * Whether a value is the caller's: its own code's, or the result of a call
 * it made to the API (the caller's `IS_ERR(p) ? ... : ...`).
 */
static bool callers_value(const struct code_range *range, pseudo_t value)
{
	struct instruction *def;
	void *marker;

	if (!value || value->type != PSEUDO_REG || !(def = value->def) ||
	    !live(def))
		return true;
	return own_code(range, def->pos) ||
	       pointer_map_get(&callers, def, &marker) ||
	       pointer_map_get(&api_results, value, &marker);
}

/*
 * A select of an API helper's body that sparse's optimizer made of a phi
 * (`IS_ERR(res) ? PTR_ERR(res) : 0`, an `err` set on one branch): sparse
 * places it where the caller's code ends, which says nothing.  It is the
 * body's when the body tests (the test is neither the caller's code nor
 * the result of the caller's call of the API) and the body reads it or
 * returns it as the call's result.
 */
static bool body_select(const struct code_range *range,
			struct instruction *insn)
{
	struct pseudo_user *user;
	void *marker;

	if (insn->opcode != OP_SEL || !insn->target ||
	    callers_value(range, insn->src1))
		return false;
	if (pointer_map_get(&api_results, insn->target, &marker))
		return true;
	FOR_EACH_PTR(insn->target->users, user) {
		struct instruction *reader = user->insn;

		if (live(reader) && reader->opcode != OP_INLINED_CALL &&
		    reader->opcode != OP_SEL && reader->opcode != OP_PHI &&
		    !own_code(range, reader->pos))
			return true;
	}
	END_FOR_EACH_PTR(user);
	return false;
}

bool callers_code(const struct code_range *range, struct instruction *insn,
		  struct position *at)
{
	void *marker;

	if (own_code(range, insn->pos) && !body_select(range, insn)) {
		*at = insn->pos;
		return true;
	}
	if (callers_select(range, insn, at))
		return true;
	if (!pointer_map_get(&callers, insn, &marker))
		return false;
	*at = ((struct instruction *)marker)->pos;
	return true;
}

static bool uses_any(struct instruction *insn, struct pointer_map *values)
{
	void *unused;
	pseudo_t pseudo;

#define USES(p) ((p) && pointer_map_get(values, (p), &unused))
	switch (insn->opcode) {
	case OP_STORE:
		return USES(insn->target) || USES(insn->src);
	case OP_CBR:
	case OP_SWITCH:
		return USES(insn->cond);
	case OP_PHISOURCE:
		return USES(insn->phi_src);
	case OP_RET:
	case OP_LOAD:
	case OP_UNOP ... OP_UNOP_END:
	case OP_COPY:
		return USES(insn->src);
	case OP_BINARY ... OP_BINARY_END:
	case OP_BINCMP ... OP_BINCMP_END:
		return USES(insn->src1) || USES(insn->src2);
	case OP_SEL:
		return USES(insn->src1) || USES(insn->src2) || USES(insn->src3);
	case OP_CALL:
		FOR_EACH_PTR(insn->arguments, pseudo) {
			if (USES(pseudo))
				return true;
		}
		END_FOR_EACH_PTR(pseudo);
		return USES(insn->func);
	default:
		return false;
	}
#undef USES
}

/*
 * Sparse records a marker's arguments and result without using them, so
 * its optimizer, which rewrites every use of a value it replaces, leaves
 * the marker with values that no longer exist.  Registered as uses before
 * optimization, they follow the rewrites: the call's arguments are then the
 * caller's values, and its result the value the caller tests or returns.
 */
static void track_operands(struct instruction *marker)
{
	pseudo_t argument;

	FOR_EACH_PTR(marker->arguments, argument) {
		use_pseudo(marker, argument, THIS_ADDRESS(argument));
	}
	END_FOR_EACH_PTR(argument);
	if (marker->target && has_definition(marker->target))
		use_pseudo(marker, marker->target, &marker->target);
}

/*
 * The calls whose results are this call's arguments as they are, with no
 * conversion (GCC moves an argument to its call's place, and a conversion
 * in between keeps the inner call's own).
 */
static struct symbol *pointer_target(struct symbol *type)
{
	type = base_type_of(type);
	return type && type->type == SYM_PTR ?
		       base_type_of(type->ctype.base_type) :
		       type;
}

/* What a call returns, and what a call's parameters are. */
static struct symbol *returned_type(struct instruction *call)
{
	struct symbol *fn;

	if (call->opcode == OP_CALL)
		return call->type;
	fn = call->func->type == PSEUDO_SYM ? base_type_of(call->func->sym) :
					      NULL;
	return fn ? fn->ctype.base_type : NULL;
}

static struct symbol_list *parameters(struct instruction *call)
{
	struct symbol *fn = call->opcode == OP_CALL ?
				    first_symbol(call->fntypes) :
			    call->func->type == PSEUDO_SYM ? call->func->sym :
							     NULL;

	fn = base_type_of(fn);
	if (fn && fn->type == SYM_PTR)
		fn = base_type_of(fn->ctype.base_type);
	return fn && fn->type == SYM_FN ? fn->arguments : NULL;
}

/*
 * Whether 'a' is before 'b' in one file.  A call whose result reaches
 * another call's argument through a variable sparse promoted (`s =
 * to_kmem_cache(&d->cache); kmem_cache_setup(s, ...)`) is written before
 * that call, not inside its arguments.
 */
static bool written_before(struct position a, struct position b)
{
	return a.stream == b.stream &&
	       (a.line < b.line || (a.line == b.line && a.pos < b.pos));
}

static void note_enclosing(struct instruction *call, struct pointer_map *calls)
{
	struct symbol *parameter;
	pseudo_t argument;
	void *inner;

	PREPARE_PTR_LIST(parameters(call), parameter);
	FOR_EACH_PTR(call->arguments, argument) {
		/*
		 * Not across a helper sparse inlined: GCC, which calls the
		 * helper, places a call in its body where it is written.
		 */
		if (argument && pointer_map_get(calls, argument, &inner) &&
		    inner != call && parameter &&
		    same_function(((struct instruction *)inner)->pos,
				  call->pos) &&
		    !written_before(((struct instruction *)inner)->pos,
				    call->pos) &&
		    pointer_target(returned_type(inner)) ==
			    pointer_target(parameter))
			pointer_map_put(&enclosing, inner, call);
		NEXT_PTR_LIST(parameter);
	}
	END_FOR_EACH_PTR(argument);
	FINISH_PTR_LIST(parameter);
}

void markers_track(struct entrypoint *ep)
{
	const struct code_range *range = function_range(ep->name);
	struct pointer_map results;
	struct basic_block *bb;
	struct instruction *insn;

	pointer_map_init(&results);
	FOR_EACH_PTR(ep->bbs, bb) {
		struct instruction *marker = NULL;
		bool after_inlined = false;

		FOR_EACH_PTR(bb->insns, insn) {
			if (!live(insn))
				continue;
			if (insn->opcode == OP_INLINED_CALL) {
				track_operands(insn);
				after_inlined = true;
				if (!range || !followed_marker(range, insn))
					continue;
				if (insn->target &&
				    has_definition(insn->target) &&
				    insn->target->def &&
				    insn->target->def->opcode == OP_PHI)
					pointer_map_put(&inlined_returns,
							insn->target->def,
							insn);
				marker = insn;
				pointer_map_release(&results);
				if (insn->target)
					pointer_map_put(&results, insn->target,
							insn);
				continue;
			}
			/* Most code follows no inlined call. */
			if (!marker && !after_inlined)
				continue;
			if (range && own_code(range, insn->pos)) {
				/*
				 * The caller's call whose argument sparse
				 * inlined (`if (helper(to_kmem_cache(&x)))`):
				 * the test of its result that follows keeps
				 * the argument's inlined position.  It is
				 * the call's, as GCC places it.
				 */
				marker = NULL;
				pointer_map_release(&results);
				if (insn->opcode == OP_CALL && insn->target &&
				    has_definition(insn->target)) {
					marker = insn;
					pointer_map_put(&results, insn->target,
							insn);
				}
				continue;
			}
			if (!marker)
				continue;
			if (!uses_any(insn, &results))
				continue;
			pointer_map_put(&callers, insn, marker);
			if (insn->target && has_definition(insn->target))
				pointer_map_put(&results, insn->target, insn);
		}
		END_FOR_EACH_PTR(insn);
	}
	END_FOR_EACH_PTR(bb);
	pointer_map_release(&results);
}

void find_api_results(struct entrypoint *ep, const struct code_range *range)
{
	struct basic_block *bb;
	struct instruction *insn;

	pointer_map_release(&api_results);
	FOR_EACH_PTR(ep->bbs, bb) {
		FOR_EACH_PTR(bb->insns, insn) {
			if (live(insn) && followed_marker(range, insn) &&
			    insn->target && has_definition(insn->target))
				pointer_map_put(&api_results, insn->target,
						insn);
		}
		END_FOR_EACH_PTR(insn);
	}
	END_FOR_EACH_PTR(bb);
}

void find_enclosing(struct entrypoint *ep, const struct code_range *range)
{
	struct pointer_map calls; /* result -> call */
	struct basic_block *bb;
	struct instruction *insn;

	pointer_map_init(&calls);
	FOR_EACH_PTR(ep->bbs, bb) {
		FOR_EACH_PTR(bb->insns, insn) {
			struct position at;

			if (!live(insn) ||
			    (insn->opcode != OP_CALL &&
			     !followed_marker(range, insn)) ||
			    !callers_code(range, insn, &at))
				continue;
			note_enclosing(insn, &calls);
			if (insn->target && has_definition(insn->target))
				pointer_map_put(&calls, insn->target, insn);
		}
		END_FOR_EACH_PTR(insn);
	}
	END_FOR_EACH_PTR(bb);
	pointer_map_release(&calls);
}

struct position call_place(struct instruction *call)
{
	void *outer;

	for (int depth = 0;
	     depth < 16 && pointer_map_get(&enclosing, call, &outer); depth++)
		call = outer;
	return call->pos;
}

void markers_release(void)
{
	pointer_map_release(&enclosing);
	pointer_map_release(&callers);
	pointer_map_release(&inlined_returns);
	pointer_map_release(&api_results);
}
