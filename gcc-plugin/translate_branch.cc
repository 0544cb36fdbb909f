// SPDX-License-Identifier: GPL-2.0
/*
 * What GCC's front-end folded before the plugin's pass, described as the
 * branches the source wrote.
 *
 * When optimizing (-O2, -Os; not -O0) GCC's front-end folds `a && b` and
 * `a || b` on simple operands into one test (fold-const's
 * fold_truth_andor(), when LOGICAL_OP_NON_SHORT_CIRCUIT): the gimplifier
 * then writes `_3 = _1 & _2; if (_3 != 0)`, `(a | b) != 0` for `a || b`
 * on integers, and `(unsigned)(x + 12) <= 1` for `x == -12 || x == -11`
 * (fold_range_test()).  One branch on the merged value is a test the
 * core cannot follow, so a path on which the first comparison already
 * failed could still take the branch.  Each merge is described here as
 * the short circuit it was: the first test in the block, each further one
 * in a block of its own added after GCC's, both sides reaching the
 * original successors.  Clang and sparse describe the same code so (see
 * sparse-check/translate_body.c), and GCC at -O0 has it so itself.
 *
 * At every level the front-end also makes `a < b ? a : b` MIN_EXPR (and
 * MAX_EXPR): a branch and a phi here, as sparse spells out a select.
 * Nothing in GCC is changed: only the model has the extra blocks.
 */
#include "gcc-compat.h"

#include <vector>

#include "translate.h"
#include "translate_internal.h"

/* What a condition is made of. */
enum part_kind {
	PART_VALUE,   /* a value, tested against zero */
	PART_COMPARE, /* value OP constant, a comparison GCC folded away */
	PART_AND,
	PART_OR,
};

struct condition_part {
	enum part_kind kind;
	bool inverted; /* the part holds when its test does not */
	tree value;
	enum binary_operator op; /* PART_COMPARE */
	long long constant;
	int left, right; /* PART_AND, PART_OR: indexes of the parts */
};

/* How deep merges nest before the rest is left one test. */
#define MERGE_DEPTH 8

static gimple *assignment_of(tree value)
{
	gimple *def;

	if (!value || TREE_CODE(value) != SSA_NAME ||
	    SSA_NAME_IS_DEFAULT_DEF(value))
		return NULL;
	def = SSA_NAME_DEF_STMT(value);
	return def && is_gimple_assign(def) ? def : NULL;
}

/* Holds 0 or 1 only: ~ and ^ 1 on it are a logical not. */
static bool boolean_type(tree type)
{
	return type && INTEGRAL_TYPE_P(type) &&
	       (TREE_CODE(type) == BOOLEAN_TYPE || TYPE_PRECISION(type) == 1);
}

/* A truth value: a _Bool, or a comparison's result, through conversions. */
static bool truth_value(tree value)
{
	tree root = root_of(value);
	gimple *def = assignment_of(root);

	if (!root || !INTEGRAL_TYPE_P(TREE_TYPE(root)))
		return false;
	if (boolean_type(TREE_TYPE(root)))
		return true;
	return def &&
	       TREE_CODE_CLASS(gimple_assign_rhs_code(def)) == tcc_comparison;
}

static int add_part(std::vector<condition_part> &parts, enum part_kind kind,
		    bool inverted)
{
	condition_part part = {};

	part.kind = kind;
	part.inverted = inverted;
	parts.push_back(part);
	return (int)parts.size() - 1;
}

static int value_part(std::vector<condition_part> &parts, tree value,
		      bool inverted)
{
	int at = add_part(parts, PART_VALUE, inverted);

	parts[at].value = value;
	return at;
}

static int compare_part(std::vector<condition_part> &parts, tree value,
			enum binary_operator op, long long constant)
{
	int at = add_part(parts, PART_COMPARE, false);

	parts[at].value = value;
	parts[at].op = op;
	parts[at].constant = constant;
	return at;
}

static int merge_part(std::vector<condition_part> &parts, enum part_kind kind,
		      int left, int right, bool inverted)
{
	int at = add_part(parts, kind, inverted);

	parts[at].left = left;
	parts[at].right = right;
	return at;
}

/*
 * `(unsigned)(x + c) <= n`, which GCC made of a test that x is in [k, k+n]
 * (k = -c): x == k || x == k + 1 when n is 1, as `err == -EAGAIN || err ==
 * -ENOMEM` is written, else x >= k && x <= k + n.  'op' and 'bound' are the
 * comparison of the unsigned sum; -1 when it is no such test.
 */
static int range_part(std::vector<condition_part> &parts, tree sum,
		      enum tree_code op, tree bound, bool inverted)
{
	gimple *def = assignment_of(sum);
	tree type = TREE_TYPE(sum), x, converted, addend = NULL_TREE;
	unsigned int precision = TYPE_PRECISION(type);
	__int128 n, k, low, high;
	gimple *conversion;

	if (!def || !INTEGRAL_TYPE_P(type) || !TYPE_UNSIGNED(type) ||
	    precision > 64 || TREE_CODE(bound) != INTEGER_CST ||
	    !tree_fits_uhwi_p(bound))
		return -1;
	converted = sum;
	if (gimple_assign_rhs_code(def) == PLUS_EXPR &&
	    TREE_CODE(gimple_assign_rhs2(def)) == INTEGER_CST) {
		converted = gimple_assign_rhs1(def);
		addend = gimple_assign_rhs2(def);
	}
	/* The unsigned copy of a signed x, or an unsigned x itself. */
	conversion = assignment_of(converted);
	x = converted;
	if (conversion &&
	    CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(conversion)))
		x = gimple_assign_rhs1(conversion);
	/* Without an addend it is the source's own `(size_t)i < 2`, as C's
	 * conversions write it, more often than fold's `i >= 0 && i <= 1`. */
	if (!addend || TREE_CODE(x) != SSA_NAME ||
	    !INTEGRAL_TYPE_P(TREE_TYPE(x)) ||
	    TYPE_PRECISION(TREE_TYPE(x)) != precision)
		return -1;
	n = (__int128)tree_to_uhwi(bound);
	switch (op) {
	case LE_EXPR:
		break;
	case GT_EXPR:
		inverted = !inverted;
		break;
	case LT_EXPR:
	case GE_EXPR:
		if (n == 0)
			return -1;
		n--;
		inverted ^= op == GE_EXPR;
		break;
	default:
		return -1;
	}
	/* k = -c modulo 2^precision, in x's own type. */
	k = addend ? -(__int128)TREE_INT_CST_LOW(addend) : 0;
	k &= ((__int128)1 << precision) - 1;
	low = TYPE_UNSIGNED(TREE_TYPE(x)) ? 0 :
					    -((__int128)1 << (precision - 1));
	high = low + ((__int128)1 << precision) - 1;
	if (k > high)
		k -= (__int128)1 << precision;
	/* A range that wraps is no pair of tests. */
	if (k + n > high || n < 1)
		return -1;
	if (n == 1)
		return merge_part(
			parts, PART_OR,
			compare_part(parts, x, BINARY_EQ, (long long)k),
			compare_part(parts, x, BINARY_EQ, (long long)(k + 1)),
			inverted);
	return merge_part(parts, PART_AND,
			  compare_part(parts, x, BINARY_GE, (long long)k),
			  compare_part(parts, x, BINARY_LE, (long long)(k + n)),
			  inverted);
}

static int split_value(std::vector<condition_part> &parts, tree value,
		       bool inverted, int depth);

/*
 * 'value' is a test of 'operand' against zero: the operand's parts when it
 * is a merge, else 'value' itself, as the code computed it.
 */
static int split_or_keep(std::vector<condition_part> &parts, tree value,
			 bool inverted, tree operand, bool operand_inverted,
			 int depth)
{
	size_t before = parts.size();
	int inner = split_value(parts, operand, operand_inverted, depth + 1);

	if (parts[inner].kind != PART_VALUE)
		return inner;
	parts.resize(before);
	return value_part(parts, value, inverted);
}

/*
 * The parts of 'value' tested against zero (holding when it is non-zero,
 * or zero when 'inverted'): a merge splits, anything else is one value.
 */
static int split_value(std::vector<condition_part> &parts, tree value,
		       bool inverted, int depth)
{
	tree root = root_of(value);
	gimple *def = assignment_of(root);
	enum tree_code code;
	tree left, right;
	int range;

	if (!def || depth > MERGE_DEPTH)
		return value_part(parts, root, inverted);
	code = gimple_assign_rhs_code(def);
	left = gimple_assign_rhs1(def);
	right = gimple_num_ops(def) > 2 ? gimple_assign_rhs2(def) : NULL_TREE;
	/* a && b on truth values; a || b on truth values or on integers,
	 * which (a | b) != 0 is. */
	if ((code == BIT_AND_EXPR && truth_value(left) && truth_value(right)) ||
	    (code == BIT_IOR_EXPR && INTEGRAL_TYPE_P(TREE_TYPE(root)))) {
		enum part_kind kind = code == BIT_AND_EXPR ? PART_AND : PART_OR;

		return merge_part(
			parts, kind, split_value(parts, left, false, depth + 1),
			split_value(parts, right, false, depth + 1), inverted);
	}
	/* !merge (GIMPLE's ~ or ^ 1 of a truth value), merge != 0. */
	if ((boolean_type(TREE_TYPE(left)) &&
	     (code == BIT_NOT_EXPR || code == TRUTH_NOT_EXPR ||
	      (code == BIT_XOR_EXPR && integer_onep(right)))) ||
	    ((code == NE_EXPR || code == EQ_EXPR) && integer_zerop(right)))
		return split_or_keep(parts, root, inverted, left,
				     inverted ^ (code != NE_EXPR), depth);
	if (TREE_CODE_CLASS(code) == tcc_comparison && right) {
		range = range_part(parts, left, code, right, inverted);
		if (range >= 0)
			return range;
	}
	return value_part(parts, root, inverted);
}

/* The parts of the block's condition, or -1 when GCC merged nothing. */
static int split_condition(std::vector<condition_part> &parts, gcond *stmt)
{
	tree lhs = gimple_cond_lhs(stmt), rhs = gimple_cond_rhs(stmt);
	enum tree_code code = gimple_cond_code(stmt);
	int top = -1;

	if ((code == NE_EXPR || code == EQ_EXPR) && integer_zerop(rhs))
		top = split_value(parts, lhs, code == EQ_EXPR, 0);
	else
		top = range_part(parts, lhs, code, rhs, false);
	if (top < 0 || parts[top].kind == PART_VALUE)
		return -1;
	return top;
}

/* One more block of the model, part of GCC's block 'owner'. */
static int owned_block(function_translation *ft, int owner)
{
	int added = function_add_block(ft->tu, ft->model);

	ft->owners.resize(added + 1, -1);
	ft->owners[added] = owner;
	return added;
}

/* Block 'index' tests part 'at': to 'yes' when it holds, else to 'no'. */
static void describe_part(function_translation *ft, gcond *stmt,
			  const std::vector<condition_part> &parts, int at,
			  int index, int yes, int no, int owner)
{
	const condition_part &part = parts[at];
	struct block *block;
	int middle;

	if (part.inverted)
		std::swap(yes, no);
	if (part.kind == PART_AND || part.kind == PART_OR) {
		middle = owned_block(ft, owner);
		if (part.kind == PART_AND)
			describe_part(ft, stmt, parts, part.left, index, middle,
				      no, owner);
		else
			describe_part(ft, stmt, parts, part.left, index, yes,
				      middle, owner);
		describe_part(ft, stmt, parts, part.right, middle, yes, no,
			      owner);
		return;
	}
	block = &ft->model->blocks[index];
	block->exit = EXIT_BRANCH;
	if (part.kind == PART_COMPARE) {
		struct model_instruction *compare;

		ft->block = block;
		compare = add_instruction(ft, stmt, INSN_BINARY);
		compare->binary.op = part.op;
		compare->binary.is_unsigned =
			TYPE_UNSIGNED(TREE_TYPE(part.value));
		compare->binary.left = operand_of(ft, part.value);
		compare->binary.right = operand_constant(part.constant);
		compare->result = ft->model->value_count++;
		block->condition = operand_value(compare->result);
	} else {
		block->condition = operand_of(ft, part.value);
	}
	block_add_edge(ft->tu, ft->model, index, yes);
	block_add_edge(ft->tu, ft->model, index, no);
}

bool translate_merged_cond(function_translation *ft, basic_block bb,
			   gcond *stmt)
{
	std::vector<condition_part> parts;
	edge true_edge, false_edge;
	int top = split_condition(parts, stmt);

	if (top < 0)
		return false;
	extract_true_false_edges_from_block(bb, &true_edge, &false_edge);
	describe_part(ft, stmt, parts, top, ft->segment, true_edge->dest->index,
		      false_edge->dest->index, bb->index);
	ft->block = &ft->model->blocks[ft->segment];
	return true;
}

bool translate_min_max(function_translation *ft, gimple *stmt)
{
	struct model_instruction *compare;
	tree lhs, picked[2];
	int owner, sides[2], join;
	struct phi *phi;

	if (!is_gimple_assign(stmt) ||
	    (gimple_assign_rhs_code(stmt) != MIN_EXPR &&
	     gimple_assign_rhs_code(stmt) != MAX_EXPR))
		return false;
	lhs = gimple_assign_lhs(stmt);
	if (TREE_CODE(lhs) != SSA_NAME ||
	    !followed_value_type(TREE_TYPE(lhs)) || root_of(lhs) != lhs)
		return false;
	picked[0] = gimple_assign_rhs1(stmt);
	picked[1] = gimple_assign_rhs2(stmt);
	/* max_t() of two constants: no path decides it. */
	if (operand_of(ft, picked[0]).kind != OPERAND_VALUE &&
	    operand_of(ft, picked[1]).kind != OPERAND_VALUE)
		return false;
	/* MIN_EXPR <a, b> is a < b ? a : b, MAX_EXPR a > b ? a : b. */
	compare = add_instruction(ft, stmt, INSN_BINARY);
	compare->binary.op = gimple_assign_rhs_code(stmt) == MIN_EXPR ?
				     BINARY_LT :
				     BINARY_GT;
	compare->binary.is_unsigned = TYPE_UNSIGNED(TREE_TYPE(picked[0])) ||
				      POINTER_TYPE_P(TREE_TYPE(picked[0]));
	compare->binary.left = operand_of(ft, picked[0]);
	compare->binary.right = operand_of(ft, picked[1]);
	compare->result = ft->model->value_count++;
	owner = gimple_bb(stmt)->index;
	sides[0] = owned_block(ft, owner);
	sides[1] = owned_block(ft, owner);
	join = owned_block(ft, owner);
	ft->model->blocks[ft->segment].exit = EXIT_BRANCH;
	ft->model->blocks[ft->segment].condition =
		operand_value(compare->result);
	for (int side = 0; side < 2; side++) {
		ft->model->blocks[sides[side]].exit = EXIT_JUMP;
		block_add_edge(ft->tu, ft->model, ft->segment, sides[side]);
		block_add_edge(ft->tu, ft->model, sides[side], join);
	}
	phi = block_add_phi(ft->tu, &ft->model->blocks[join],
			    number_value(ft, lhs));
	for (size_t p = 0; p < phi->incoming_count; p++) {
		int side = ft->model->blocks[join].predecessors[p] == sides[1];

		phi->incoming[p] = value_of(ft, picked[side]);
		phi->incoming_location[p] =
			unit_location(ft->tu, gimple_location(stmt));
	}
	ft->segment = join;
	ft->block = &ft->model->blocks[join];
	return true;
}

int block_owner(const function_translation *ft, int block)
{
	if (block >= 0 && (size_t)block < ft->owners.size() &&
	    ft->owners[block] >= 0)
		return ft->owners[block];
	return block;
}
