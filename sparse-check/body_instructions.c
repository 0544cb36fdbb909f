// SPDX-License-Identifier: GPL-2.0
/*
 * One instruction of a function's own code, described: calls by name with
 * their operands (an inlined call's marker as a call of the inlined
 * function), comparisons and arithmetic, field writes into followed
 * structs, copies of them, loads of constants.
 */
#include "body_internal.h"
#include "source_text.h"

/* ----------------------------------------------------------------- calls */

/* The type a pointer result is used as: its own, or that of a cast of it. */
static bool used_type(pseudo_t result, struct symbol *type, unsigned long *size,
		      const char **name, int depth)
{
	struct pseudo_user *user;
	bool found = false;

	if (depth > 3)
		return false;
	if (type && pointee(type, size, name))
		return true;
	if (!result || result->type != PSEUDO_REG)
		return false;
	FOR_EACH_PTR(result->users, user) {
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
	return ident_name(def->src->sym->ident);
}

static void describe_object_copy(struct function_translation *ft,
				 struct instruction *insn, const char *tag,
				 pseudo_t value)
{
	struct model_instruction *copy = describe_instruction(
		ft, insn, INSN_OBJECT_COPY, insn->opcode == OP_CALL);

	/* ... and a copy by assignment at its '='. */
	if (insn->opcode == OP_STORE && copy->location.file)
		copy->location.column = source_assignment(
			copy->location.file, copy->location.line,
			copy->location.column, false);
	copy->object_copy.type_tag = tu_string(ft->tu, tag);
	copy->object_copy.source_name = tu_string(ft->tu, loaded_from(value));
}

/*
 * Whether the source assigns a call's result that nothing uses: sparse
 * drops a value that is never read, where GCC's front-end keeps the
 * assignment and gives the call a result that nothing reads.
 */
static bool assigned(const struct model_instruction *call)
{
	return call->location.file &&
	       source_assigned(call->location.file, call->location.line,
			       call->location.column);
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
	FOR_EACH_PTR(insn->fntypes, argument_type) {
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
				ptr_list_nth_entry(
					(struct ptr_list *)insn->arguments, i));
		i++;
	}
	END_FOR_EACH_PTR(argument_type);
	ft->at = call_place(insn);
	call = describe_instruction(ft, insn, INSN_CALL, true);
	describe_macros(call, insn->pos);
	if (insn->func->type == PSEUDO_SYM && is_func_type(insn->func->sym))
		call->call.name =
			tu_string(ft->tu, ident_name(insn->func->sym->ident));
	else
		call->call.target = operand_of(ft, insn->func, 0);
	/* A call through a pointer: at the expression that names it. */
	if (!call->call.name && call->location.file) {
		struct source_location at = unit_location(ft->at, false);

		if (at.file && at.line == call->location.line)
			call->location.column = source_call_expression(
				at.file, at.line, at.column);
	}
	call->call.argument_count = (size_t)count;
	call->call.arguments = tu_operands(ft->tu, (size_t)count);
	i = 0;
	FOR_EACH_PTR(insn->arguments, argument) {
		call->call.arguments[i] = typed_operand(
			ft, argument,
			ptr_list_nth_entry((struct ptr_list *)insn->fntypes,
					   i + 1));
		i++;
	}
	END_FOR_EACH_PTR(argument);
	if (result_used(ft, insn->target, NULL) || assigned(call))
		set_result(ft, call, insn->target);
	if (used_type(insn->target, insn->type, &size, &name, 0)) {
		call->call.result_pointee = tu_string(ft->tu, name);
		call->call.result_pointee_size = size;
	}
}

/*
 * Whether the caller uses an inlined call's result: directly, or through
 * what the optimizer made of it (the condition of the select it is, a
 * compare on the operands of the compare it is).
 */
static bool inlined_result_used(struct function_translation *ft,
				struct instruction *marker)
{
	struct instruction *def = marker->target->def;
	struct pseudo_user *user;

	if (result_used(ft, marker->target, marker))
		return true;
	if (!live(def))
		return false;
	if (def->opcode == OP_SEL)
		return result_used(ft, def->src1, def);
	if (def->opcode < OP_BINCMP || def->opcode > OP_BINCMP_END ||
	    !has_definition(def->src1))
		return false;
	FOR_EACH_PTR(def->src1->users, user) {
		struct instruction *insn = user->insn;

		if (insn != def && live(insn) && insn->opcode >= OP_BINCMP &&
		    insn->opcode <= OP_BINCMP_END && insn->src1 == def->src1 &&
		    insn->src2 == def->src2)
			return true;
	}
	END_FOR_EACH_PTR(user);
	return false;
}

/* The marker of an inlined body: a call of the inlined function. */
static void translate_inlined_call(struct function_translation *ft,
				   struct instruction *insn)
{
	struct symbol *fn =
		insn->func->type == PSEUDO_SYM ? insn->func->sym : NULL;
	struct symbol *fntype = base_type_of(fn), *parameter;
	struct model_instruction *call;
	pseudo_t argument;
	unsigned long size;
	const char *name;
	int count = ptr_list_size((struct ptr_list *)insn->arguments), i = 0;
	void *claim;

	if (!fn || !fn->ident)
		return;
	ft->at = call_place(insn);
	call = describe_instruction(ft, insn, INSN_CALL, true);
	describe_macros(call, insn->pos);
	call->call.name = tu_string(ft->tu, ident_name(fn->ident));
	call->call.argument_count = (size_t)count;
	call->call.arguments = tu_operands(ft->tu, (size_t)count);
	PREPARE_PTR_LIST(fntype->arguments, parameter);
	FOR_EACH_PTR(insn->arguments, argument) {
		call->call.arguments[i++] =
			typed_operand(ft, argument, parameter);
		NEXT_PTR_LIST(parameter);
	}
	END_FOR_EACH_PTR(argument);
	FINISH_PTR_LIST(parameter);
	if (pointer_map_get(&ft->claimed, insn->target, &claim) &&
	    claim == insn && (inlined_result_used(ft, insn) || assigned(call)))
		call->result = number_value(ft, insn->target);
	/*
	 * PTR_ERR(s) is a cast: once optimized, its marker's result is s
	 * itself.  Its result is a value of its own, which the caller's
	 * code after it reads in place of s (operand_of()), as GCC has it.
	 */
	if (call->result < 0 && identity_marker(insn)) {
		call->result = ft->model->value_count++;
		pointer_map_put(&ft->identity_calls, insn,
				(void *)(long)call->result);
	}
	if (used_type(insn->target, fntype->ctype.base_type, &size, &name, 0)) {
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

/*
 * A store that comes from a local variable's initializer: the value's
 * place, or the variable's when the value has none of its own (a constant,
 * a variable), as GCC's front-end has it.  Sparse places these stores
 * where its linearizer happened to be.
 */
static bool place_initializer(struct function_translation *ft,
			      struct instruction *insn,
			      struct model_instruction *write)
{
	pseudo_t address = insn->src;
	struct expression *entry, *value = NULL;
	struct symbol *sym;
	unsigned int last_line = 0;

	if (address->type != PSEUDO_SYM && has_definition(address) &&
	    address->def && address->def->opcode == OP_SYMADDR)
		address = address->def->src;
	if (address->type != PSEUDO_SYM)
		return false;
	sym = address->sym;
	if (!sym->initializer || sym->initializer->type != EXPR_INITIALIZER ||
	    sym->pos.stream != insn->pos.stream ||
	    insn->pos.line < sym->pos.line)
		return false;
	FOR_EACH_PTR(sym->initializer->expr_list, entry) {
		if (entry->type != EXPR_POS || !entry->init_expr)
			continue;
		if (entry->init_expr->pos.line > last_line)
			last_line = entry->init_expr->pos.line;
		if (entry->init_offset == (unsigned long)insn->offset)
			value = entry->init_expr;
	}
	END_FOR_EACH_PTR(entry);
	if (!value || insn->pos.line > last_line)
		return false;
	while (value->type == EXPR_CAST || value->type == EXPR_IMPLIED_CAST)
		value = value->cast_expression;
	/* Sparse reads a variable as *&variable. */
	if (value->type == EXPR_PREOP && value->op == '*' && value->unop &&
	    value->unop->type == EXPR_SYMBOL)
		value = value->unop;
	if (value->type == EXPR_VALUE || value->type == EXPR_SYMBOL) {
		write->location = unit_location(sym->pos, false);
		return true;
	}
	write->location = unit_location(value->pos, false);
	if (write->location.file)
		write->location.column = source_assignment(
			write->location.file, write->location.line,
			write->location.column, true);
	return true;
}

/* The name of the variable with static storage an access goes to. */
static const char *static_variable(struct function_translation *ft,
				   pseudo_t address)
{
	struct symbol *variable = address_symbol(address);

	if (!static_storage(variable) || !variable->ident)
		return NULL;
	return tu_string(ft->tu, show_ident(variable->ident));
}

static void translate_store(struct function_translation *ft,
			    struct instruction *insn)
{
	struct operand object;
	struct symbol *type = written_struct(ft, insn->src, &object);
	const char *tag = type ? followed_tag(type) : NULL;
	const char *stored = static_variable(ft, insn->src);
	struct model_instruction *write;
	struct symbol *member;

	if (stored) {
		struct model_instruction *store =
			describe_instruction(ft, insn, INSN_STORE, false);

		store->store = stored;
		store->volatile_access = insn->is_volatile;
	}
	if (!tag || type->type == SYM_ARRAY)
		return;
	examine_symbol_type(type);
	if (insn->offset == 0 && insn->size == (unsigned)type->bit_size) {
		/* A constant is an initializer clearing it, not a copy. */
		if (insn->target->type != PSEUDO_VAL)
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
	if (!place_initializer(ft, insn, write) && write->location.file)
		write->location.column = source_assignment(
			write->location.file, write->location.line,
			write->location.column,
			insn->target->type != PSEUDO_VAL &&
				insn->target->type != PSEUDO_ARG);
	describe_macros(write, ft->at);
	write->field_write.object = object;
	write->field_write.type_tag = tu_string(ft->tu, tag);
	write->field_write.field = tu_string(ft->tu, ident_name(member->ident));
	write->field_write.source = operand_as(ft, insn->target, insn->type);
}

static void translate_load(struct function_translation *ft,
			   struct instruction *insn)
{
	struct model_instruction *described_insn;
	long long constant;
	struct symbol *array;
	pseudo_t index;

	if (translate_table_load(ft, insn))
		return;
	if (insn->src->type == PSEUDO_SYM && insn->offset == 0 &&
	    constant_variable(insn->src->sym, &constant)) {
		described_insn =
			describe_instruction(ft, insn, INSN_ASSIGN, false);
		described_insn->source = operand_constant(constant);
	} else if (static_variable(ft, insn->src)) {
		described_insn =
			describe_instruction(ft, insn, INSN_ASSIGN, false);
		described_insn->source =
			operand_memory(static_variable(ft, insn->src));
		described_insn->volatile_access = insn->is_volatile;
	} else if ((array = static_element(insn->src, insn->offset, &index))) {
		/* `done[i]`: the element of a static array i picks. */
		described_insn =
			describe_instruction(ft, insn, INSN_ASSIGN, false);
		described_insn->source = operand_memory_element(
			tu_string(ft->tu, show_ident(array->ident)),
			operand_of(ft, index, 0));
		described_insn->volatile_access = insn->is_volatile;
	} else {
		described_insn =
			describe_instruction(ft, insn, INSN_DEFINE, false);
	}
	set_result(ft, described_insn, insn->target);
}

static bool binary_operator_of(const struct instruction *insn,
			       enum binary_operator *op, bool *is_unsigned)
{
	struct symbol *input =
		insn->opcode >= OP_BINCMP && insn->opcode <= OP_BINCMP_END ?
			insn->itype :
			insn->type;

	*is_unsigned = input && (is_ptr_type(input) || !is_signed_type(input));
	switch (insn->opcode) {
	case OP_SET_EQ:
		*op = BINARY_EQ;
		return true;
	case OP_SET_NE:
		*op = BINARY_NE;
		return true;
	case OP_SET_B:
		*is_unsigned = true;
		/* fall through */
	case OP_SET_LT:
		*op = BINARY_LT;
		return true;
	case OP_SET_BE:
		*is_unsigned = true;
		/* fall through */
	case OP_SET_LE:
		*op = BINARY_LE;
		return true;
	case OP_SET_A:
		*is_unsigned = true;
		/* fall through */
	case OP_SET_GT:
		*op = BINARY_GT;
		return true;
	case OP_SET_AE:
		*is_unsigned = true;
		/* fall through */
	case OP_SET_GE:
		*op = BINARY_GE;
		return true;
	case OP_ADD:
		*op = BINARY_ADD;
		return true;
	case OP_SUB:
		*op = BINARY_SUB;
		return true;
	case OP_OR:
		*op = BINARY_BIT_OR;
		return true;
	case OP_AND:
		*op = BINARY_BIT_AND;
		return true;
	default:
		return false;
	}
}

static int inverse_compare(int opcode)
{
	switch (opcode) {
	case OP_SET_EQ:
		return OP_SET_NE;
	case OP_SET_NE:
		return OP_SET_EQ;
	case OP_SET_LT:
		return OP_SET_GE;
	case OP_SET_GE:
		return OP_SET_LT;
	case OP_SET_LE:
		return OP_SET_GT;
	case OP_SET_GT:
		return OP_SET_LE;
	case OP_SET_B:
		return OP_SET_AE;
	case OP_SET_AE:
		return OP_SET_B;
	case OP_SET_BE:
		return OP_SET_A;
	case OP_SET_A:
		return OP_SET_BE;
	default:
		return -1;
	}
}

/*
 * A compare of the caller's code on the operands of an inlined call's
 * compare (sparse folds a negated test into the inverse compare):
 * the call's result, or its negation.
 */
static bool translate_inlined_test(struct function_translation *ft,
				   struct instruction *insn)
{
	struct instruction *compare = inlined_compare(ft, insn);
	struct model_instruction *test;

	if (!compare)
		return false;
	if (compare->opcode == insn->opcode) {
		test = describe_instruction(ft, insn, INSN_ASSIGN, false);
		test->source = operand_of(ft, compare->target, 0);
	} else if (compare->opcode == inverse_compare(insn->opcode)) {
		test = describe_instruction(ft, insn, INSN_BINARY, false);
		test->binary.op = BINARY_EQ;
		test->binary.left = operand_of(ft, compare->target, 0);
		test->binary.right = operand_constant(0);
	} else {
		return false;
	}
	set_result(ft, test, insn->target);
	return true;
}

/*
 * Sparse writes i - 1 on a 32-bit value as i + 4294967295: the same value
 * modulo 2^32, which Clang writes as the subtraction it is.
 */
static void describe_decrement(struct model_instruction *described_insn,
			       unsigned int bits)
{
	struct operand *right = &described_insn->binary.right;

	if (described_insn->binary.op != BINARY_ADD || !bits || bits >= 64 ||
	    right->kind != OPERAND_CONSTANT ||
	    right->constant < (1LL << (bits - 1)) ||
	    right->constant >= (1LL << bits))
		return;
	described_insn->binary.op = BINARY_SUB;
	right->constant = (1LL << bits) - right->constant;
}

static void translate_binary(struct function_translation *ft,
			     struct instruction *insn)
{
	struct model_instruction *described_insn;
	enum binary_operator op;
	struct symbol *input;
	bool is_unsigned;

	if (translate_inlined_test(ft, insn))
		return;
	if (!binary_operator_of(insn, &op, &is_unsigned)) {
		described_insn =
			describe_instruction(ft, insn, INSN_DEFINE, false);
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
	describe_decrement(described_insn, insn->size);
	set_result(ft, described_insn, insn->target);
}

/* Values an asm statement defines: known to exist, not what. */
static void translate_asm(struct function_translation *ft,
			  struct instruction *insn)
{
	struct asm_constraint *output;

	if (!insn->asm_rules)
		return;
	FOR_EACH_PTR(insn->asm_rules->outputs, output) {
		pseudo_t pseudo = output->pseudo;

		if (pseudo && pseudo->type == PSEUDO_REG && pseudo->def == insn)
			describe_instruction(ft, insn, INSN_DEFINE, false)
				->result = number_value(ft, pseudo);
	}
	END_FOR_EACH_PTR(output);
}

void translate_instruction(struct function_translation *ft,
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
