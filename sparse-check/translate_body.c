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
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "source_text.h"
#include "translate_internal.h"

struct function_translation {
	struct translation_unit *tu;
	struct function_model *model;
	struct entrypoint *ep;
	const struct code_range *range;
	struct pointer_map values; /* pseudo -> value id */
	struct pointer_map blocks; /* basic block -> index */
	/* Results of inlined calls the markers define: pseudo -> marker. */
	struct pointer_map claimed;
	struct block *block;
	struct position at; /* where the instruction being described is */
};

/* ---------------------------------------------- inlined bodies, markers */

/*
 * The caller's instructions that sparse places inside an inlined body.
 * Linearizing a call it inlined leaves sparse's current position inside
 * the inlined function, so the caller's instructions that take the call's
 * result right after it (a store, a test, a branch, a returned value) get
 * a position outside the caller's range: instruction -> marker.
 */
static struct pointer_map callers;
/* The phis that merge an inlined body's returned values. */
static struct pointer_map inlined_returns;

static bool live(const struct instruction *insn)
{
	return insn && insn->bb;
}

static bool scalar_type(struct symbol *type)
{
	type = base_type_of(type);
	if (!type)
		return false;
	if (type->type == SYM_PTR || type->type == SYM_ENUM ||
	    type->type == SYM_BITFIELD)
		return true;
	return is_int_type(type) && type->bit_size > 0 && type->bit_size <= 64;
}

/* Whether the translation describes this instruction with its result. */
static bool described(const struct function_translation *ft,
		      struct instruction *insn)
{
	struct position at;

	if (!live(insn) || !callers_code(ft->range, insn, &at))
		return false;
	switch (insn->opcode) {
	case OP_ENTRY:
	case OP_PHISOURCE:
	case OP_SYMADDR:
	case OP_INLINED_CALL:
		return false;
	default:
		return !sparse_is_conversion(insn->opcode);
	}
}

static int number_value(struct function_translation *ft, pseudo_t pseudo)
{
	void *found;

	if (pointer_map_get(&ft->values, pseudo, &found))
		return (int)(long)found;
	pointer_map_put(&ft->values, pseudo, (void *)(long)ft->model->value_count);
	return ft->model->value_count++;
}

/* The type of a value: its definition's, or its parameter's. */
static struct symbol *pseudo_type(struct function_translation *ft,
				  pseudo_t pseudo)
{
	struct symbol *fn, *arg;
	int index = 0;

	if (!pseudo)
		return NULL;
	if (pseudo->type == PSEUDO_REG || pseudo->type == PSEUDO_PHI)
		return pseudo->def ? pseudo->def->type : NULL;
	if (pseudo->type != PSEUDO_ARG)
		return NULL;
	fn = base_type_of(ft->ep->name);
	FOR_EACH_PTR (fn->arguments, arg) {
		if (++index == pseudo->nr)
			return arg;
	}
	END_FOR_EACH_PTR(arg);
	return NULL;
}

/* The struct or union a pointer type points to, complete, and its name. */
static bool pointee(struct symbol *pointer_type, unsigned long *size,
		    const char **name)
{
	static char text[256];
	struct symbol *type = base_type_of(pointer_type);

	if (!type || type->type != SYM_PTR)
		return false;
	type = base_type_of(type->ctype.base_type);
	if (!type || (type->type != SYM_STRUCT && type->type != SYM_UNION) ||
	    !type->symbol_list || !type->ident)
		return false;
	examine_symbol_type(type);
	*size = (unsigned long)bits_to_bytes(type->bit_size);
	snprintf(text, sizeof(text), "%s %s",
		 type->type == SYM_UNION ? "union" : "struct",
		 show_ident(type->ident));
	*name = text;
	return *size != 0;
}

static struct operand operand_of(struct function_translation *ft,
				 pseudo_t pseudo, int depth);

static struct operand symbol_operand(struct function_translation *ft,
				     struct symbol *sym)
{
	struct operand result = operand_unknown();

	if (is_func_type(sym)) {
		result.kind = OPERAND_FUNCTION;
		result.name = tu_string(ft->tu, show_ident(sym->ident));
		return result;
	}
	if (is_string_symbol(sym)) {
		result.kind = OPERAND_STRING;
		return result;
	}
	return operand_address(object_of(sym), ELEMENT_WHOLE);
}

/* A read-only integer variable with a constant initializer is that constant. */
static bool constant_variable(struct symbol *sym, long long *constant)
{
	struct expression *initial = sym->initializer;

	if (!(sym->ctype.modifiers & MOD_CONST) || !is_int_type(sym) ||
	    !initial || initial->type != EXPR_VALUE)
		return false;
	*constant = (long long)initial->value;
	return true;
}

/*
 * base + offset: an element of an array variable, or &pointer->member when
 * the member has a followed type.
 */
static struct operand offset_address(struct function_translation *ft,
				     pseudo_t base, pseudo_t offset, int depth)
{
	struct operand address = operand_of(ft, base, depth + 1);
	struct operand result = operand_unknown();
	struct symbol *type, *member;
	const char *tag;

	if (address.kind == OPERAND_ADDRESS &&
	    address.element == ELEMENT_WHOLE &&
	    ft->tu->objects[address.object].is_array) {
		struct symbol *array = NULL;
		unsigned long element_size;

		if (base->type == PSEUDO_SYM)
			array = base_type_of(base->sym);
		else if (base->def && base->def->opcode == OP_SYMADDR &&
			 base->def->src->type == PSEUDO_SYM)
			array = base_type_of(base->def->src->sym);
		if (!array || array->type != SYM_ARRAY)
			return operand_unknown();
		element_size = (unsigned long)bits_to_bytes(
			base_type_of(array->ctype.base_type)->bit_size);
		address.element =
			offset->type == PSEUDO_VAL && element_size ?
				(long)(offset->value / (long long)element_size) :
				ELEMENT_UNKNOWN;
		return address;
	}
	if (address.kind != OPERAND_VALUE || offset->type != PSEUDO_VAL)
		return result;
	type = base_type_of(pseudo_type(ft, base));
	if (!type || type->type != SYM_PTR)
		return result;
	member = member_at(type->ctype.base_type, (unsigned long)offset->value,
			   0);
	tag = member ? followed_tag(member) : NULL;
	if (!tag)
		return result;
	result = address;
	result.kind = OPERAND_MEMBER_ADDRESS;
	result.name = tu_string(ft->tu, tag);
	result.pointee = tu_string(ft->tu, show_ident(member->ident));
	return result;
}

static struct operand operand_of(struct function_translation *ft,
				 pseudo_t pseudo, int depth)
{
	struct instruction *def;
	struct position at;
	void *claim;

	if (!pseudo || depth > 32)
		return operand_unknown();
	switch (pseudo->type) {
	case PSEUDO_VAL:
		return operand_constant(pseudo->value);
	case PSEUDO_SYM:
		return symbol_operand(ft, pseudo->sym);
	case PSEUDO_ARG:
		return operand_value(number_value(ft, pseudo));
	case PSEUDO_REG:
	case PSEUDO_PHI:
		break;
	default:
		return operand_unknown();
	}
	if (pointer_map_get(&ft->claimed, pseudo, &claim))
		return operand_value(number_value(ft, pseudo));
	def = pseudo->def;
	if (!def)
		return operand_unknown();
	if (described(ft, def))
		return scalar_type(def->type) ?
			       operand_value(number_value(ft, pseudo)) :
			       operand_unknown();
	if (sparse_is_conversion(def->opcode))
		return operand_of(ft, def->src, depth + 1);
	if (def->opcode == OP_SYMADDR)
		return operand_of(ft, def->src, depth + 1);
	if (def->opcode == OP_ADD && !callers_code(ft->range, def, &at))
		return operand_unknown();
	if (def->opcode == OP_ADD)
		return offset_address(ft, def->src1, def->src2, depth);
	return operand_unknown();
}

/*
 * Sparse keeps a constant as the bits of its instruction's size: -12 in an
 * int is 0xfffffff4.  The constant the source means, for that type.
 */
static struct operand constant_as(pseudo_t pseudo, struct operand operand,
				  struct symbol *type)
{
	struct symbol *base = base_type_of(type);
	int bits;

	if (!pseudo || pseudo->type != PSEUDO_VAL || !base ||
	    base->type == SYM_PTR)
		return operand;
	bits = base->bit_size;
	if (bits <= 0 || bits >= 64)
		return operand;
	if (is_signed_type(base) &&
	    (operand.constant & (1LL << (bits - 1))))
		operand.constant |= ~0ULL << bits;
	else
		operand.constant &= (1LL << bits) - 1;
	return operand;
}

static struct operand operand_as(struct function_translation *ft,
				 pseudo_t pseudo, struct symbol *type)
{
	return constant_as(pseudo, operand_of(ft, pseudo, 0), type);
}

/* An operand, with the struct its type points to when it is one. */
static struct operand typed_operand(struct function_translation *ft,
				    pseudo_t pseudo, struct symbol *type)
{
	struct operand result = operand_as(ft, pseudo, type);
	unsigned long size;
	const char *name;

	if (type && pointee(type, &size, &name)) {
		result.pointee = tu_string(ft->tu, name);
		result.pointee_size = size;
	}
	return result;
}

static struct value value_of(struct function_translation *ft, pseudo_t pseudo,
			     struct symbol *type)
{
	struct operand operand = operand_as(ft, pseudo, type);

	if (operand.kind == OPERAND_VALUE)
		return value_id(operand.value);
	if (operand.kind == OPERAND_CONSTANT)
		return value_constant((long)operand.constant);
	return value_unknown();
}

static struct model_instruction *describe_instruction(struct function_translation *ft,
					   struct instruction *insn,
					   enum instruction_kind kind,
					   bool call)
{
	struct model_instruction *described_insn =
		block_add_instruction(ft->tu, ft->block, kind);

	described_insn->location = unit_location(ft->at, call);
	return described_insn;
}

static void set_result(struct function_translation *ft,
		       struct model_instruction *described_insn, pseudo_t target)
{
	if (target &&
	    (target->type == PSEUDO_REG || target->type == PSEUDO_PHI) &&
	    scalar_type(target->def ? target->def->type : NULL))
		described_insn->result = number_value(ft, target);
}

/* ----------------------------------------------------------------- calls */

/* The type a pointer result is used as: its own, or that of a cast of it. */
static bool used_type(pseudo_t result, struct symbol *type,
		      unsigned long *size, const char **name, int depth)
{
	struct pseudo_user *user;
	bool found = false;

	if (depth > 3)
		return false;
	if (type && pointee(type, size, name))
		return true;
	if (!result || result->type != PSEUDO_REG)
		return false;
	FOR_EACH_PTR (result->users, user) {
		struct instruction *insn = user->insn;

		if (found || !live(insn) || !sparse_is_conversion(insn->opcode))
			continue;
		found = used_type(insn->target, insn->type, size, name,
				  depth + 1);
	}
	END_FOR_EACH_PTR(user);
	return found;
}

/* The variable a struct value was loaded from, when it was. */
static const char *loaded_from(pseudo_t value)
{
	struct instruction *def;

	if (!value || value->type != PSEUDO_REG || !(def = value->def) ||
	    def->opcode != OP_LOAD || def->src->type != PSEUDO_SYM ||
	    !def->src->sym->ident)
		return "<unnamed>";
	return show_ident(def->src->sym->ident);
}

static void describe_object_copy(struct function_translation *ft,
				 struct instruction *insn, const char *tag,
				 pseudo_t value)
{
	struct model_instruction *copy = describe_instruction(ft, insn, INSN_OBJECT_COPY,
						   false);

	/* ... and a copy by assignment at its '='. */
	if (insn->opcode == OP_STORE && copy->location.file)
		copy->location.column = source_assignment(
			copy->location.file, copy->location.line,
			copy->location.column, false);
	copy->object_copy.type_tag = tu_string(ft->tu, tag);
	copy->object_copy.source_name = tu_string(ft->tu, loaded_from(value));
}

static void translate_call(struct function_translation *ft,
			   struct instruction *insn)
{
	struct model_instruction *call;
	struct symbol *fntype = NULL, *argument_type;
	pseudo_t argument;
	unsigned long size;
	const char *name;
	int count = ptr_list_size((struct ptr_list *)insn->arguments), i = 0;

	/* fntypes: the function's type, then each argument's. */
	FOR_EACH_PTR (insn->fntypes, argument_type) {
		const char *tag;

		if (!fntype) {
			fntype = argument_type;
			continue;
		}
		tag = followed_tag(argument_type);
		if (tag && base_type_of(argument_type)->type != SYM_ARRAY &&
		    base_type_of(argument_type)->type != SYM_PTR)
			describe_object_copy(
				ft, insn, tag,
				ptr_list_nth_entry((struct ptr_list *)insn->arguments,
						   i));
		i++;
	}
	END_FOR_EACH_PTR(argument_type);
	call = describe_instruction(ft, insn, INSN_CALL, true);
	describe_macros(call, ft->at);
	if (insn->func->type == PSEUDO_SYM && is_func_type(insn->func->sym))
		call->call.name =
			tu_string(ft->tu, show_ident(insn->func->sym->ident));
	else
		call->call.target = operand_of(ft, insn->func, 0);
	call->call.argument_count = (size_t)count;
	call->call.arguments = tu_operands(ft->tu, (size_t)count);
	i = 0;
	FOR_EACH_PTR (insn->arguments, argument) {
		call->call.arguments[i] = typed_operand(
			ft, argument,
			ptr_list_nth_entry((struct ptr_list *)insn->fntypes,
					   i + 1));
		i++;
	}
	END_FOR_EACH_PTR(argument);
	set_result(ft, call, insn->target);
	if (used_type(insn->target, insn->type, &size, &name, 0)) {
		call->call.result_pointee = tu_string(ft->tu, name);
		call->call.result_pointee_size = size;
	}
}

/* The marker of an inlined body: a call of the inlined function. */
static void translate_inlined_call(struct function_translation *ft,
				   struct instruction *insn)
{
	struct symbol *fn = insn->func->type == PSEUDO_SYM ? insn->func->sym :
							     NULL;
	struct symbol *fntype = base_type_of(fn), *parameter;
	struct model_instruction *call;
	pseudo_t argument;
	unsigned long size;
	const char *name;
	int count = ptr_list_size((struct ptr_list *)insn->arguments), i = 0;
	void *claim;

	if (!fn || !fn->ident)
		return;
	call = describe_instruction(ft, insn, INSN_CALL, true);
	describe_macros(call, ft->at);
	call->call.name = tu_string(ft->tu, show_ident(fn->ident));
	call->call.argument_count = (size_t)count;
	call->call.arguments = tu_operands(ft->tu, (size_t)count);
	PREPARE_PTR_LIST(fntype->arguments, parameter);
	FOR_EACH_PTR (insn->arguments, argument) {
		call->call.arguments[i++] =
			typed_operand(ft, argument, parameter);
		NEXT_PTR_LIST(parameter);
	}
	END_FOR_EACH_PTR(argument);
	FINISH_PTR_LIST(parameter);
	if (pointer_map_get(&ft->claimed, insn->target, &claim) &&
	    claim == insn)
		call->result = number_value(ft, insn->target);
	if (used_type(insn->target, fntype->ctype.base_type, &size, &name,
		      0)) {
		call->call.result_pointee = tu_string(ft->tu, name);
		call->call.result_pointee_size = size;
	}
}

/* ---------------------------------------------------- values and memory */

/* The struct a store writes into, and the object or pointer naming it. */
static struct symbol *written_struct(struct function_translation *ft,
				     pseudo_t address, struct operand *object)
{
	struct symbol *type;

	*object = operand_of(ft, address, 0);
	if (object->kind == OPERAND_ADDRESS) {
		pseudo_t base = address;

		if (base->type != PSEUDO_SYM && base->def &&
		    base->def->opcode == OP_SYMADDR)
			base = base->def->src;
		return base->type == PSEUDO_SYM ? base_type_of(base->sym) :
						  NULL;
	}
	if (object->kind != OPERAND_VALUE)
		return NULL;
	type = base_type_of(pseudo_type(ft, address));
	return type && type->type == SYM_PTR ?
		       base_type_of(type->ctype.base_type) :
		       NULL;
}

static void translate_store(struct function_translation *ft,
			    struct instruction *insn)
{
	struct operand object;
	struct symbol *type = written_struct(ft, insn->src, &object);
	const char *tag = type ? followed_tag(type) : NULL;
	struct model_instruction *write;
	struct symbol *member;

	if (!tag || type->type == SYM_ARRAY)
		return;
	examine_symbol_type(type);
	if (insn->offset == 0 && insn->size == (unsigned)type->bit_size) {
		describe_object_copy(ft, insn, tag, insn->target);
		return;
	}
	member = member_at(type, (unsigned long)insn->offset,
			   (unsigned long)bits_to_bytes(insn->size));
	if (!member)
		return;
	write = describe_instruction(ft, insn, INSN_FIELD_WRITE, false);
	/*
	 * The contract places a field write at the value written, or at the
	 * '=' when the value has no place of its own (a constant, a
	 * parameter), as GCC's front-end has it.
	 */
	if (write->location.file)
		write->location.column = source_assignment(
			write->location.file, write->location.line,
			write->location.column,
			insn->target->type != PSEUDO_VAL &&
				insn->target->type != PSEUDO_ARG);
	describe_macros(write, ft->at);
	write->field_write.object = object;
	write->field_write.type_tag = tu_string(ft->tu, tag);
	write->field_write.field = tu_string(ft->tu, show_ident(member->ident));
	write->field_write.source = operand_as(ft, insn->target, insn->type);
}

static void translate_load(struct function_translation *ft,
			   struct instruction *insn)
{
	struct model_instruction *described_insn;
	long long constant;

	if (insn->src->type == PSEUDO_SYM && insn->offset == 0 &&
	    constant_variable(insn->src->sym, &constant)) {
		described_insn = describe_instruction(ft, insn, INSN_ASSIGN, false);
		described_insn->source = operand_constant(constant);
	} else {
		described_insn = describe_instruction(ft, insn, INSN_DEFINE, false);
	}
	set_result(ft, described_insn, insn->target);
}

static bool binary_operator_of(const struct instruction *insn,
			       enum binary_operator *op, bool *is_unsigned)
{
	struct symbol *input = insn->opcode >= OP_BINCMP &&
					       insn->opcode <= OP_BINCMP_END ?
				       insn->itype :
				       insn->type;

	*is_unsigned = input && (is_ptr_type(input) || !is_signed_type(input));
	switch (insn->opcode) {
	case OP_SET_EQ:
		*op = OP_EQ;
		return true;
	case OP_SET_NE:
		*op = OP_NE;
		return true;
	case OP_SET_B:
		*is_unsigned = true;
		/* fall through */
	case OP_SET_LT:
		*op = OP_LT;
		return true;
	case OP_SET_BE:
		*is_unsigned = true;
		/* fall through */
	case OP_SET_LE:
		*op = OP_LE;
		return true;
	case OP_SET_A:
		*is_unsigned = true;
		/* fall through */
	case OP_SET_GT:
		*op = OP_GT;
		return true;
	case OP_SET_AE:
		*is_unsigned = true;
		/* fall through */
	case OP_SET_GE:
		*op = OP_GE;
		return true;
	case OP_ADD:
		*op = MODEL_OP_ADD;
		return true;
	case OP_SUB:
		*op = MODEL_OP_SUB;
		return true;
	case OP_OR:
		*op = OP_BIT_OR;
		return true;
	case OP_AND:
		*op = OP_BIT_AND;
		return true;
	default:
		return false;
	}
}

static void translate_binary(struct function_translation *ft,
			     struct instruction *insn)
{
	struct model_instruction *described_insn;
	enum binary_operator op;
	struct symbol *input;
	bool is_unsigned;

	if (!binary_operator_of(insn, &op, &is_unsigned)) {
		described_insn = describe_instruction(ft, insn, INSN_DEFINE, false);
		set_result(ft, described_insn, insn->target);
		return;
	}
	described_insn = describe_instruction(ft, insn, INSN_BINARY, false);
	described_insn->binary.op = op;
	described_insn->binary.is_unsigned = is_unsigned;
	input = insn->opcode >= OP_BINCMP && insn->opcode <= OP_BINCMP_END ?
			insn->itype :
			insn->type;
	described_insn->binary.left = operand_as(ft, insn->src1, input);
	described_insn->binary.right = operand_as(ft, insn->src2, input);
	set_result(ft, described_insn, insn->target);
}

/* Values an asm statement defines: known to exist, not what. */
static void translate_asm(struct function_translation *ft,
			  struct instruction *insn)
{
	struct asm_constraint *output;

	if (!insn->asm_rules)
		return;
	FOR_EACH_PTR (insn->asm_rules->outputs, output) {
		pseudo_t pseudo = output->pseudo;

		if (pseudo && pseudo->type == PSEUDO_REG && pseudo->def == insn)
			describe_instruction(ft, insn, INSN_DEFINE, false)->result =
				number_value(ft, pseudo);
	}
	END_FOR_EACH_PTR(output);
}

static void translate_instruction(struct function_translation *ft,
				  struct instruction *insn)
{
	switch (insn->opcode) {
	case OP_CALL:
		translate_call(ft, insn);
		return;
	case OP_INLINED_CALL:
		translate_inlined_call(ft, insn);
		return;
	case OP_STORE:
		translate_store(ft, insn);
		return;
	case OP_LOAD:
		translate_load(ft, insn);
		return;
	case OP_ASM:
		translate_asm(ft, insn);
		return;
	case OP_BINARY ... OP_BINARY_END:
	case OP_BINCMP ... OP_BINCMP_END:
		translate_binary(ft, insn);
		return;
	default:
		break;
	}
	if (insn->target &&
	    (insn->target->type == PSEUDO_REG ||
	     insn->target->type == PSEUDO_PHI) &&
	    insn->target->def == insn)
		set_result(ft,
			   describe_instruction(ft, insn, INSN_DEFINE, false),
			   insn->target);
}

/* --------------------------------------------------------- control flow */

static int block_index(struct function_translation *ft,
		       struct basic_block *bb)
{
	void *found;

	CHECK(pointer_map_get(&ft->blocks, bb, &found));
	return (int)(long)found;
}

static struct instruction *terminator(struct basic_block *bb)
{
	struct instruction *insn, *last = NULL;

	FOR_EACH_PTR (bb->insns, insn) {
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

/* Edges first: phis are sized by their block's predecessors. */
static void translate_edges(struct function_translation *ft,
			    struct basic_block *bb)
{
	int index = block_index(ft, bb);
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
		return;
	case OP_BR:
		block->exit = EXIT_JUMP;
		add_edge(ft, index, last->bb_true);
		return;
	case OP_CBR:
		/* A branch of an inlined body goes both ways: its test is
		 * not the caller's code. */
		block->exit = callers_code(ft->range, last, &at) &&
					      last->bb_true != last->bb_false ?
				      EXIT_BRANCH :
				      EXIT_JUMP;
		add_edge(ft, index, last->bb_true);
		add_edge(ft, index, last->bb_false);
		if (block->exit == EXIT_BRANCH)
			block->condition = operand_of(ft, last->cond, 0);
		return;
	case OP_SWITCH:
	case OP_COMPUTEDGOTO:
		block->exit = EXIT_JUMP;
		FOR_EACH_PTR (last->multijmp_list, jump) {
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

/* The last return statement of the function's own code, for its place. */
static void find_return(const struct code_range *range,
			struct statement *stmt, struct position *found)
{
	struct statement *child;

	if (!stmt)
		return;
	switch (stmt->type) {
	case STMT_RETURN:
		if (!in_range(range, stmt->pos))
			return;
		*found = stmt->ret_value ? stmt->ret_value->pos : stmt->pos;
		return;
	case STMT_COMPOUND:
		if (stmt->inline_fn)
			return;
		FOR_EACH_PTR (stmt->stmts, child) {
			find_return(range, child, found);
		}
		END_FOR_EACH_PTR(child);
		return;
	case STMT_IF:
		find_return(range, stmt->if_true, found);
		find_return(range, stmt->if_false, found);
		return;
	case STMT_ITERATOR:
		find_return(range, stmt->iterator_pre_statement, found);
		find_return(range, stmt->iterator_statement, found);
		find_return(range, stmt->iterator_post_statement, found);
		return;
	case STMT_SWITCH:
		find_return(range, stmt->switch_statement, found);
		return;
	case STMT_CASE:
		find_return(range, stmt->case_statement, found);
		return;
	case STMT_LABEL:
		find_return(range, stmt->label_statement, found);
		return;
	default:
		return;
	}
}

static void translate_return(struct function_translation *ft,
			     struct instruction *ret)
{
	struct symbol *fn = base_type_of(ft->ep->name);
	struct position at = ret->pos;

	find_return(ft->range, fn->stmt, &at);
	ft->block->return_value = ret->src && ret->src != VOID ?
					  value_of(ft, ret->src, ret->type) :
					  value_unknown();
	ft->block->return_location = unit_location(at, true);
}

static void translate_phi(struct function_translation *ft,
			  struct instruction *insn)
{
	struct block *block = ft->block;
	struct phi *phi;
	pseudo_t source;
	struct position at;

	if (!insn->target || !scalar_type(insn->type))
		return;
	phi = block_add_phi(ft->tu, block, number_value(ft, insn->target));
	FOR_EACH_PTR (insn->phi_list, source) {
		struct instruction *def =
			source && source != VOID ? source->def : NULL;
		int from;

		if (!live(def) || def->opcode != OP_PHISOURCE)
			continue;
		from = block_index(ft, def->bb);
		for (size_t p = 0; p < block->predecessor_count; p++) {
			if (block->predecessors[p] != from)
				continue;
			phi->incoming[p] = value_of(ft, def->phi_src, def->type);
			callers_code(ft->range, def, &at);
			phi->incoming_location[p] = unit_location(at, true);
		}
	}
	END_FOR_EACH_PTR(source);
}

static void translate_block(struct function_translation *ft,
			    struct basic_block *bb)
{
	struct instruction *insn, *last = terminator(bb);
	void *unused;

	ft->block = &ft->model->blocks[block_index(ft, bb)];
	FOR_EACH_PTR (bb->insns, insn) {
		if (!live(insn))
			continue;
		if (insn->opcode == OP_PHI) {
			if (!pointer_map_get(&inlined_returns, insn, &unused))
				translate_phi(ft, insn);
			continue;
		}
		callers_code(ft->range, insn, &ft->at);
		if (insn == last) {
			if (insn->opcode == OP_RET)
				translate_return(ft, insn);
			continue;
		}
		if (described(ft, insn) ||
		    (insn->opcode == OP_INLINED_CALL &&
		     in_range(ft->range, insn->pos)))
			translate_instruction(ft, insn);
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

	return fn && fn->type == SYM_FN &&
	       scalar_type(fn->ctype.base_type);
}

/* Inlined calls whose result the caller's code cannot define otherwise. */
static void claim_results(struct function_translation *ft)
{
	struct basic_block *bb;
	struct instruction *insn;

	FOR_EACH_PTR (ft->ep->bbs, bb) {
		FOR_EACH_PTR (bb->insns, insn) {
			pseudo_t target = insn->target;
			void *claim;

			if (!live(insn) || insn->opcode != OP_INLINED_CALL ||
			    !in_range(ft->range, insn->pos) ||
			    !returns_value(insn) || !target ||
			    (target->type != PSEUDO_REG &&
			     target->type != PSEUDO_PHI) ||
			    described(ft, target->def) ||
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

	function_set_parameters(ft->tu, ft->model,
				ptr_list_size((struct ptr_list *)fn->arguments));
	FOR_EACH_PTR (ft->ep->entry->arg_list, arg) {
		if (arg->type == PSEUDO_ARG && arg->nr >= 1 &&
		    arg->nr <= ft->model->parameter_count &&
		    scalar_type(pseudo_type(ft, arg)))
			ft->model->parameter_values[arg->nr - 1] =
				number_value(ft, arg);
	}
	END_FOR_EACH_PTR(arg);
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
	int count = 1;

	pointer_map_init(&ft.values);
	pointer_map_init(&ft.blocks);
	pointer_map_init(&ft.claimed);
	/* The model's entry is block 0. */
	pointer_map_put(&ft.blocks, ep->entry->bb, (void *)0L);
	FOR_EACH_PTR (ep->bbs, bb) {
		if (bb != ep->entry->bb)
			pointer_map_put(&ft.blocks, bb, (void *)(long)count++);
	}
	END_FOR_EACH_PTR(bb);
	translate_parameters(&ft);
	ft.model->returns_value =
		fn->ctype.base_type && fn->ctype.base_type != &void_ctype;
	ft.model->described = true;
	function_set_blocks(tu, ft.model, (size_t)count);
	claim_results(&ft);
	FOR_EACH_PTR (ep->bbs, bb) {
		ft.block = &ft.model->blocks[block_index(&ft, bb)];
		translate_edges(&ft, bb);
	}
	END_FOR_EACH_PTR(bb);
	FOR_EACH_PTR (ep->bbs, bb) {
		translate_block(&ft, bb);
	}
	END_FOR_EACH_PTR(bb);
	pointer_map_release(&ft.values);
	pointer_map_release(&ft.blocks);
	pointer_map_release(&ft.claimed);
}

/* ------------------------------------------------- callees, before bodies */

static bool symbol_followed(pseudo_t pseudo)
{
	return pseudo && pseudo->type == PSEUDO_SYM &&
	       followed_tag(pseudo->sym) != NULL;
}

/* A store or load through a pointer to a followed struct. */
static bool pointer_followed(struct entrypoint *ep, pseudo_t address)
{
	struct function_translation ft = { .ep = ep };
	struct symbol *type = base_type_of(pseudo_type(&ft, address));

	return type && type->type == SYM_PTR &&
	       followed_tag(type->ctype.base_type) != NULL;
}

void describe_callees(struct translation_unit *tu,
		      struct function_model *model, struct entrypoint *ep,
		      const struct code_range *range)
{
	struct basic_block *bb;
	struct instruction *insn;

	FOR_EACH_PTR (ep->bbs, bb) {
		FOR_EACH_PTR (bb->insns, insn) {
			pseudo_t argument;
			struct position at;

			if (!live(insn) || !callers_code(range, insn, &at))
				continue;
			switch (insn->opcode) {
			case OP_CALL:
			case OP_INLINED_CALL:
				if (insn->func->type == PSEUDO_SYM &&
				    is_func_type(insn->func->sym) &&
				    insn->func->sym->ident)
					function_add_callee(
						tu, model,
						show_ident(
							insn->func->sym->ident));
				FOR_EACH_PTR (insn->arguments, argument) {
					if (symbol_followed(argument))
						model->mentions_followed = true;
				}
				END_FOR_EACH_PTR(argument);
				break;
			case OP_LOAD:
			case OP_STORE:
				if (pointer_followed(ep, insn->src))
					model->mentions_followed = true;
				/* fall through */
			case OP_SYMADDR:
				if (symbol_followed(insn->src))
					model->mentions_followed = true;
				break;
			default:
				break;
			}
		}
		END_FOR_EACH_PTR(insn);
	}
	END_FOR_EACH_PTR(bb);
}

bool callers_code(const struct code_range *range, struct instruction *insn,
		  struct position *at)
{
	void *marker;

	if (in_range(range, insn->pos)) {
		*at = insn->pos;
		return true;
	}
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
		FOR_EACH_PTR (insn->arguments, pseudo) {
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

	FOR_EACH_PTR (marker->arguments, argument) {
		use_pseudo(marker, argument, THIS_ADDRESS(argument));
	}
	END_FOR_EACH_PTR(argument);
	if (marker->target && has_definition(marker->target))
		use_pseudo(marker, marker->target, &marker->target);
}

void markers_track(struct entrypoint *ep)
{
	const struct code_range *range = function_range(ep->name);
	struct pointer_map results;
	struct basic_block *bb;
	struct instruction *insn;

	pointer_map_init(&results);
	FOR_EACH_PTR (ep->bbs, bb) {
		struct instruction *marker = NULL;

		FOR_EACH_PTR (bb->insns, insn) {
			if (!live(insn))
				continue;
			if (insn->opcode == OP_INLINED_CALL) {
				if (insn->target && has_definition(insn->target) &&
				    insn->target->def &&
				    insn->target->def->opcode == OP_PHI)
					pointer_map_put(&inlined_returns,
							insn->target->def, insn);
				track_operands(insn);
				if (!range || !in_range(range, insn->pos))
					continue;
				marker = insn;
				pointer_map_release(&results);
				if (insn->target)
					pointer_map_put(&results, insn->target,
							insn);
				continue;
			}
			if (!range || in_range(range, insn->pos)) {
				marker = NULL;
				continue;
			}
			if (!marker || !uses_any(insn, &results))
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

void markers_release(void)
{
	pointer_map_release(&callers);
	pointer_map_release(&inlined_returns);
}
