// SPDX-License-Identifier: GPL-2.0
/*
 * Operands and values of one function's code: sparse's pseudos as the
 * core's operands (SSA values, constants, addresses of objects, strings,
 * functions).  Conversions are not described: an operand names the value
 * it converts.
 */
#include <stdio.h>
#include <stdlib.h>

#include "body_internal.h"

bool live(const struct instruction *insn)
{
	return insn && insn->bb;
}

/*
 * Whether an instruction's result is a scalar.  The phis and selects that
 * sparse makes when it promotes a variable to registers may carry no type,
 * only their size: a register-sized one is a scalar too.
 */
bool scalar_result(const struct instruction *insn)
{
	if (insn->type)
		return scalar_type(insn->type);
	return (insn->opcode == OP_PHI || insn->opcode == OP_SEL) &&
	       insn->size > 0 && insn->size <= 64;
}

bool scalar_type(struct symbol *type)
{
	type = base_type_of(type);
	/* __bitwise types (slab_flags_t, gfp_t) are their integer type. */
	while (type && (type->type == SYM_RESTRICT || type->type == SYM_FOULED))
		type = base_type_of(type->ctype.base_type);
	if (!type)
		return false;
	if (type->type == SYM_PTR || type->type == SYM_ENUM ||
	    type->type == SYM_BITFIELD)
		return true;
	return is_int_type(type) && type->bit_size > 0 && type->bit_size <= 64;
}

/* pointer + constant, where the pointer's struct has a followed member. */
static bool followed_member_address(const struct function_translation *ft,
				    struct instruction *add)
{
	struct symbol *type, *member;

	if (add->src2->type != PSEUDO_VAL)
		return false;
	type = base_type_of(
		pseudo_type((struct function_translation *)ft, add->src1));
	if (!type || type->type != SYM_PTR)
		return false;
	member = member_at(type->ctype.base_type,
			   (unsigned long)add->src2->value, 0);
	return member && followed_tag(member);
}

bool call_result_phi(const struct function_translation *ft,
		     struct instruction *phi)
{
	void *marker;

	return inlined_return(phi) ||
	       (phi->target &&
		pointer_map_get(&ft->claimed, phi->target, &marker));
}

/* Whether the translation describes this instruction with its result. */
bool described(const struct function_translation *ft, struct instruction *insn)
{
	struct position at;

	/*
	 * Every phi is translated (translate_block()) but the result of an
	 * inlined call the core wants as a call, wherever sparse placed it:
	 * a phi of a variable sits where the variable is read, maybe inside
	 * an inlined helper.
	 */
	if (live(insn) && insn->opcode == OP_PHI)
		return !call_result_phi(ft, insn) && scalar_result(insn);
	if (!live(insn) || !callers_code(ft->range, insn, &at))
		return false;
	switch (insn->opcode) {
	case OP_ENTRY:
	case OP_PHISOURCE:
	case OP_SYMADDR:
	case OP_INLINED_CALL:
		return false;
	case OP_ADD:
		/*
		 * &array[constant] and &pointer->member of a followed type
		 * (an instance in a struct): addresses, not arithmetic.
		 */
		return insn->src1->type != PSEUDO_SYM &&
		       insn->src2->type != PSEUDO_SYM &&
		       !followed_member_address(ft, insn);
	default:
		return !sparse_is_conversion(insn->opcode);
	}
}

int number_value(struct function_translation *ft, pseudo_t pseudo)
{
	void *found;

	if (pointer_map_get(&ft->values, pseudo, &found))
		return (int)(long)found;
	pointer_map_put(&ft->values, pseudo,
			(void *)(long)ft->model->value_count);
	return ft->model->value_count++;
}

/* The type of a value: its definition's, or its parameter's. */
struct symbol *pseudo_type(struct function_translation *ft, pseudo_t pseudo)
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
	FOR_EACH_PTR(fn->arguments, arg) {
		if (++index == pseudo->nr)
			return arg;
	}
	END_FOR_EACH_PTR(arg);
	return NULL;
}

/* The struct or union a pointer type points to, complete, and its name. */
bool pointee(struct symbol *pointer_type, unsigned long *size,
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
		 ident_name(type->ident));
	*name = text;
	return *size != 0;
}

struct operand operand_of(struct function_translation *ft, pseudo_t pseudo,
			  int depth);

static struct operand symbol_operand(struct function_translation *ft,
				     struct symbol *sym)
{
	struct operand result = operand_unknown();
	int index;

	if (is_func_type(sym)) {
		result.kind = OPERAND_FUNCTION;
		result.name = tu_string(ft->tu, ident_name(sym->ident));
		return result;
	}
	if (is_string_symbol(sym)) {
		result.kind = OPERAND_STRING;
		return result;
	}
	/* An array's name is the address of its first element. */
	index = object_of(sym);
	return operand_address(
		index, ft->tu->objects[index].is_array ? 0 : ELEMENT_WHOLE);
}

/* A read-only integer variable with a constant initializer is that constant. */
bool constant_variable(struct symbol *sym, long long *constant)
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

	if (address.kind == OPERAND_ADDRESS && address.element == 0 &&
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
		address.element = offset->type == PSEUDO_VAL && element_size ?
					  (long)(offset->value /
						 (long long)element_size) :
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
	result.pointee = tu_string(ft->tu, ident_name(member->ident));
	return result;
}

bool identity_marker(struct instruction *marker)
{
	pseudo_t argument;

	if (!marker || marker->opcode != OP_INLINED_CALL || !marker->target)
		return false;
	FOR_EACH_PTR(marker->arguments, argument) {
		if (argument == marker->target)
			return true;
	}
	END_FOR_EACH_PTR(argument);
	return false;
}

/*
 * The value an identity call (identity_calls) gives 'pseudo' for the
 * instruction reading it: that of the last such call on it before the
 * reader in the reader's block.
 */
static bool identity_value(struct function_translation *ft, pseudo_t pseudo,
			   int *value)
{
	struct instruction *insn, *reader = ft->reader;
	bool found = false;
	void *id;

	if (!reader || !reader->bb)
		return false;
	FOR_EACH_PTR(reader->bb->insns, insn) {
		if (insn == reader)
			break;
		if (insn->target == pseudo &&
		    pointer_map_get(&ft->identity_calls, insn, &id)) {
			*value = (int)(long)id;
			found = true;
		}
	}
	END_FOR_EACH_PTR(insn);
	return found;
}

struct operand operand_of(struct function_translation *ft, pseudo_t pseudo,
			  int depth)
{
	struct instruction *def;
	struct position at;
	void *claim;
	int identity;

	if (!pseudo || depth > 32)
		return operand_unknown();
	if (ft->identity_calls.count && identity_value(ft, pseudo, &identity))
		return operand_value(identity);
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
		return scalar_result(def) ?
			       operand_value(number_value(ft, pseudo)) :
			       operand_unknown();
	if (sparse_is_conversion(def->opcode))
		return operand_of(ft, def->src, depth + 1);
	if (def->opcode == OP_SYMADDR)
		return operand_of(ft, def->src, depth + 1);
	if (def->opcode == OP_ADD && !callers_code(ft->range, def, &at))
		return operand_unknown();
	/* Sparse puts a scaled index first: index * size + array. */
	if (def->opcode == OP_ADD && def->src2->type == PSEUDO_SYM &&
	    def->src1->type != PSEUDO_SYM)
		return offset_address(ft, def->src2, def->src1, depth);
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
	if (is_signed_type(base) && (operand.constant & (1LL << (bits - 1))))
		operand.constant |= ~0ULL << bits;
	else
		operand.constant &= (1LL << bits) - 1;
	return operand;
}

struct operand operand_as(struct function_translation *ft, pseudo_t pseudo,
			  struct symbol *type)
{
	return constant_as(pseudo, operand_of(ft, pseudo, 0), type);
}

/* An operand, with the struct its type points to when it is one. */
/*
 * &object.member or &pointer->member for a first member of the type the
 * pointer is used as: the same address as the struct's, with no cast in
 * between.  GCC's front-end names no object for the first (*unknown), and
 * the member of the struct pointed to for the second.
 */
static bool first_member(struct function_translation *ft, pseudo_t pseudo,
			 struct symbol *type, struct operand *member_address)
{
	struct symbol *used = base_type_of(type), *storage, *member = NULL;
	const char *tag;

	if (!used || used->type != SYM_PTR)
		return false;
	used = base_type_of(used->ctype.base_type);
	for (int depth = 0; pseudo && depth < 8; depth++) {
		if (pseudo->type == PSEUDO_SYM) {
			storage = base_type_of(pseudo->sym);
		} else {
			storage = base_type_of(pseudo_type(ft, pseudo));
			storage =
				storage && storage->type == SYM_PTR ?
					base_type_of(storage->ctype.base_type) :
					NULL;
		}
		if (storage && storage != used &&
		    (storage->type == SYM_STRUCT ||
		     storage->type == SYM_UNION) &&
		    (member = member_at(storage, 0, 0)) &&
		    base_type_of(member) == used)
			break;
		member = NULL;
		if (!has_definition(pseudo) || !pseudo->def ||
		    (pseudo->def->opcode != OP_SYMADDR &&
		     !sparse_is_conversion(pseudo->def->opcode)))
			break;
		pseudo = pseudo->def->src;
	}
	if (!member)
		return false;
	*member_address = operand_unknown();
	tag = followed_tag(member);
	if (pseudo->type == PSEUDO_SYM || !tag)
		return true;
	*member_address = operand_of(ft, pseudo, 0);
	if (member_address->kind != OPERAND_VALUE) {
		*member_address = operand_unknown();
		return true;
	}
	member_address->kind = OPERAND_MEMBER_ADDRESS;
	member_address->name = tu_string(ft->tu, tag);
	member_address->pointee = tu_string(ft->tu, ident_name(member->ident));
	return true;
}

struct operand typed_operand(struct function_translation *ft, pseudo_t pseudo,
			     struct symbol *type)
{
	struct operand result;

	if (first_member(ft, pseudo, type, &result))
		return result;
	result = operand_as(ft, pseudo, type);
	/* A member's address names the member where others name a type. */
	if (result.kind == OPERAND_MEMBER_ADDRESS)
		return result;
	unsigned long size;
	const char *name;
	bool found = type && pointee(type, &size, &name);

	/*
	 * An argument converted to a parameter's void *: the struct it
	 * pointed to before, as GCC, which drops such conversions, has it.
	 */
	for (int depth = 0; !found && pseudo && depth < 8; depth++) {
		found = pointee(pseudo_type(ft, pseudo), &size, &name);
		if (!has_definition(pseudo) || !pseudo->def ||
		    !sparse_is_conversion(pseudo->def->opcode))
			break;
		pseudo = pseudo->def->src;
	}
	if (found) {
		result.pointee = tu_string(ft->tu, name);
		result.pointee_size = size;
	}
	return result;
}

struct value value_of(struct function_translation *ft, pseudo_t pseudo,
		      struct symbol *type)
{
	struct operand operand = operand_as(ft, pseudo, type);

	if (operand.kind == OPERAND_VALUE)
		return value_id(operand.value);
	if (operand.kind == OPERAND_CONSTANT)
		return value_constant((long)operand.constant);
	return value_unknown();
}

struct model_instruction *describe_instruction(struct function_translation *ft,
					       struct instruction *insn,
					       enum instruction_kind kind,
					       bool call)
{
	struct model_instruction *described_insn =
		block_add_instruction(ft->tu, ft->block, kind);

	described_insn->location = unit_location(ft->at, call);
	return described_insn;
}

void set_result(struct function_translation *ft,
		struct model_instruction *described_insn, pseudo_t target)
{
	if (target &&
	    (target->type == PSEUDO_REG || target->type == PSEUDO_PHI) &&
	    scalar_type(target->def ? target->def->type : NULL))
		described_insn->result = number_value(ft, target);
}

bool result_used(struct function_translation *ft, pseudo_t result,
		 struct instruction *except)
{
	struct pseudo_user *user;

	if (!result || !has_definition(result))
		return false;
	FOR_EACH_PTR(result->users, user) {
		struct instruction *insn = user->insn;

		/* A marker uses its operands only when it is a call here. */
		if (insn != except && live(insn) &&
		    (insn->opcode != OP_INLINED_CALL ||
		     followed_marker(ft->range, insn)))
			return true;
	}
	END_FOR_EACH_PTR(user);
	return false;
}

/*
 * The select an inlined call's result is, when it selects between two
 * different constants on this value of the inlined body.
 */
struct instruction *inlined_select(struct function_translation *ft,
				   pseudo_t value)
{
	for (size_t i = 0; i < ft->claimed.capacity; i++) {
		pseudo_t result = (pseudo_t)ft->claimed.keys[i];
		struct instruction *def = result ? result->def : NULL;

		if (live(def) && def->opcode == OP_SEL && def->src1 == value &&
		    def->src2->type == PSEUDO_VAL &&
		    def->src3->type == PSEUDO_VAL &&
		    def->src2->value != def->src3->value)
			return def;
	}
	return NULL;
}

/*
 * The compare of an inlined body that an inlined call's result is, on the
 * same operands as this one of the caller's code, or NULL.
 */
struct instruction *inlined_compare(struct function_translation *ft,
				    struct instruction *insn)
{
	for (size_t i = 0; i < ft->claimed.capacity; i++) {
		pseudo_t result = (pseudo_t)ft->claimed.keys[i];
		struct instruction *def = result ? result->def : NULL;

		if (def != insn && live(def) && def->opcode >= OP_BINCMP &&
		    def->opcode <= OP_BINCMP_END && def->src1 == insn->src1 &&
		    def->src2 == insn->src2)
			return def;
	}
	return NULL;
}
