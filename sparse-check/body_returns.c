// SPDX-License-Identifier: GPL-2.0
/*
 * Where a function's returns are.  Sparse merges every return into one
 * block, and often into a select or a phi, and keeps no place for them:
 * the places come from the return statements of the function's own code.
 */
#include "body_internal.h"

/* A return statement of the function's own code, for the place of a value. */
struct return_search {
	const struct code_range *range;
	bool constant; /* only a return of this constant */
	long long value;
	bool found;
	struct position at;
};

static bool same_constant(struct expression *expr, long long value)
{
	int bits = expr->ctype ? base_type_of(expr->ctype)->bit_size : 64;
	long long written = (long long)expr->value;

	if (bits > 0 && bits < 64 && (written & (1LL << (bits - 1))) &&
	    is_signed_type(expr->ctype))
		written |= ~0ULL << bits;
	return written == value;
}

/* Where an expression starts: a call at its function's name. */
static struct position expression_place(struct expression *expr)
{
	while (expr->type == EXPR_CAST || expr->type == EXPR_IMPLIED_CAST ||
	       expr->type == EXPR_FORCE_CAST)
		expr = expr->cast_expression;
	if (expr->type == EXPR_CALL && expr->fn)
		return expr->fn->pos;
	return expr->pos;
}

static void find_return(struct return_search *search, struct statement *stmt)
{
	struct statement *child;

	if (!stmt)
		return;
	switch (stmt->type) {
	case STMT_RETURN:
		if (!in_range(search->range, stmt->pos) ||
		    (search->constant &&
		     (!stmt->ret_value || stmt->ret_value->type != EXPR_VALUE ||
		      !same_constant(stmt->ret_value, search->value))))
			return;
		search->at = stmt->ret_value ?
				     expression_place(stmt->ret_value) :
				     stmt->pos;
		search->found = true;
		return;
	case STMT_COMPOUND:
		if (stmt->inline_fn)
			return;
		FOR_EACH_PTR(stmt->stmts, child) {
			find_return(search, child);
		}
		END_FOR_EACH_PTR(child);
		return;
	case STMT_IF:
		find_return(search, stmt->if_true);
		find_return(search, stmt->if_false);
		return;
	case STMT_ITERATOR:
		find_return(search, stmt->iterator_pre_statement);
		find_return(search, stmt->iterator_statement);
		find_return(search, stmt->iterator_post_statement);
		return;
	case STMT_SWITCH:
		find_return(search, stmt->switch_statement);
		return;
	case STMT_CASE:
		find_return(search, stmt->case_statement);
		return;
	case STMT_LABEL:
		find_return(search, stmt->label_statement);
		return;
	default:
		return;
	}
}

/*
 * Where a returned value is written: the return of that constant, when
 * sparse merged returns into a select or a phi and kept no place of its
 * own; otherwise 'otherwise'.
 */
struct source_location returned_at(struct function_translation *ft,
				   struct value value,
				   struct position otherwise)
{
	struct return_search search = {
		.range = ft->range,
		.constant = value.kind == VALUE_CONSTANT,
		.value = value.constant,
	};

	if (search.constant)
		find_return(&search, base_type_of(ft->ep->name)->stmt);
	return unit_location(search.found ? search.at : otherwise, true);
}

void translate_return(struct function_translation *ft, struct instruction *ret)
{
	struct return_search search = { .range = ft->range };

	find_return(&search, base_type_of(ft->ep->name)->stmt);
	ft->block->return_value = ret->src && ret->src != VOID ?
					  value_of(ft, ret->src, ret->type) :
					  value_unknown();
	ft->block->return_location = unit_location(
		search.found ? search.at : ft->ep->name->pos, true);
}
