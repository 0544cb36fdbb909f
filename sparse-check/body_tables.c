// SPDX-License-Identifier: GPL-2.0
/*
 * Tables of functions: loads of function pointers out of a variable of the
 * unit (`_exits[i]`, `ops.exit`, `parts[i].exit`, `ops_ptr->exit`), the
 * functions the variable's initializer holds, and whether that initializer
 * is all it ever holds.  Which call that makes, and whether to believe it,
 * is the core's business (core/lowering/lower_table.c).
 *
 * Sparse loads an element as `load offset[address]`, where the address is
 * the variable itself, or the variable plus a scaled index
 * (`add (mul index, size), variable`), or a pointer.
 */
#include <string.h>

#include "body_internal.h"

/* A load out of a variable or through a pointer: base[index].field. */
struct table_load {
	struct symbol *variable; /* the variable, or NULL */
	pseudo_t pointer;	 /* else the pointer loaded through */
	bool indexed;
	pseudo_t index;	      /* an index that is a value, or NULL */
	long element;	      /* else the constant element */
	struct symbol *field; /* the member, or NULL */
};

static bool function_pointer_type(struct symbol *type)
{
	type = base_type_of(type);
	if (!type || type->type != SYM_PTR)
		return false;
	type = base_type_of(type->ctype.base_type);
	return type && type->type == SYM_FN;
}

struct symbol *address_symbol(pseudo_t address)
{
	if (address && address->type == PSEUDO_SYM)
		return address->sym;
	if (address && address->type == PSEUDO_REG && address->def &&
	    address->def->opcode == OP_SYMADDR &&
	    address->def->src->type == PSEUDO_SYM)
		return address->def->src->sym;
	return NULL;
}

bool static_storage(struct symbol *sym)
{
	return sym && !is_func_type(sym) &&
	       (sym->ctype.modifiers &
		(MOD_STATIC | MOD_EXTERN | MOD_TOPLEVEL));
}

/* The index a scaled offset (index * size, or index << log2(size)) holds. */
static pseudo_t scaled_index(pseudo_t scaled, unsigned long size)
{
	struct instruction *def;

	if (size == 1)
		return scaled;
	if (!scaled || scaled->type != PSEUDO_REG || !live(scaled->def))
		return NULL;
	def = scaled->def;
	if (def->src2->type != PSEUDO_VAL)
		return NULL;
	if (def->opcode == OP_MUL && (unsigned long)def->src2->value == size)
		return def->src1;
	if (def->opcode == OP_SHL && def->src2->value >= 0 &&
	    def->src2->value < 63 && (1UL << def->src2->value) == size)
		return def->src1;
	return NULL;
}

/* The member of a struct type at this offset, or NULL. */
static bool member_of(struct symbol *type, unsigned long offset,
		      unsigned long size, struct symbol **field)
{
	type = base_type_of(type);
	*field = NULL;
	if (type && (type->type == SYM_STRUCT || type->type == SYM_UNION)) {
		*field = member_at(type, offset, size);
		return *field != NULL;
	}
	/* An element that is the function pointer itself. */
	return offset == 0;
}

/*
 * An address that is a variable plus a scaled index, `&table[i]`: the
 * variable, and the offset added to it.
 */
static struct symbol *indexed_variable(pseudo_t address, pseudo_t *scaled)
{
	struct instruction *add;
	struct symbol *variable;

	if (address->type != PSEUDO_REG || !address->def ||
	    !live(address->def) || address->def->opcode != OP_ADD)
		return NULL;
	add = address->def;
	variable = address_symbol(add->src2);
	*scaled = add->src1;
	if (!variable) {
		variable = address_symbol(add->src1);
		*scaled = add->src2;
	}
	return variable;
}

/* The size of an element of an array variable, or 0. */
static unsigned long element_size_of(struct symbol *type)
{
	struct symbol *element_type;

	if (!type || type->type != SYM_ARRAY)
		return 0;
	element_type = base_type_of(type->ctype.base_type);
	if (!element_type)
		return 0;
	examine_symbol_type(element_type);
	return (unsigned long)bits_to_bytes(element_type->bit_size);
}

struct symbol *static_element(pseudo_t address, long offset, pseudo_t *index)
{
	pseudo_t scaled = NULL;
	struct symbol *variable = indexed_variable(address, &scaled), *type;
	unsigned long element_size;

	if (!variable || !variable->ident || !static_storage(variable) ||
	    offset < 0)
		return NULL;
	type = base_type_of(variable);
	if (!type)
		return NULL;
	examine_symbol_type(type);
	element_size = element_size_of(type);
	if (!element_size || (unsigned long)offset >= element_size)
		return NULL;
	*index = scaled_index(scaled, element_size);
	return *index ? variable : NULL;
}

static bool parse_load(struct instruction *insn, struct table_load *load)
{
	pseudo_t address = insn->src, scaled = NULL;
	unsigned long size = (unsigned long)bits_to_bytes(insn->size);
	unsigned long offset = (unsigned long)insn->offset, element_size;
	struct symbol *type, *element_type;

	*load = (struct table_load){ .element = 0 };
	if (insn->offset < 0 || !function_pointer_type(insn->type))
		return false;
	load->variable = address_symbol(address);
	if (!load->variable) {
		load->variable = indexed_variable(address, &scaled);
		if (!load->variable && scaled)
			return false;
	}
	if (!load->variable) {
		/* Through a pointer: a member (translate_table_load()). */
		if (address->type != PSEUDO_REG &&
		    address->type != PSEUDO_ARG && address->type != PSEUDO_PHI)
			return false;
		load->pointer = address;
		return true;
	}
	if (!static_storage(load->variable))
		return false;
	type = base_type_of(load->variable);
	if (!type)
		return false;
	examine_symbol_type(type);
	if (type->type != SYM_ARRAY)
		return !scaled && member_of(type, offset, size, &load->field) &&
		       load->field;
	element_type = base_type_of(type->ctype.base_type);
	if (!element_type)
		return false;
	examine_symbol_type(element_type);
	element_size = (unsigned long)bits_to_bytes(element_type->bit_size);
	if (!element_size)
		return false;
	load->indexed = true;
	if (scaled) {
		load->index = scaled_index(scaled, element_size);
		if (!load->index || offset >= element_size)
			return false;
	} else {
		load->element = (long)(offset / element_size);
		offset %= element_size;
	}
	return member_of(element_type, offset, size, &load->field);
}

/*
 * Calls 'visit' on every function an initializer holds, at its byte
 * offset in the variable.  Sparse gives a nested initializer's entries
 * offsets relative to it; once expanded, the nested initializer stands in
 * its enclosing list in place of its position, and its entries' offsets
 * count from the enclosing one's base.
 */
static void for_each_function(struct expression *initializer,
			      unsigned long offset,
			      void (*visit)(unsigned long offset,
					    const char *function, void *data),
			      void *data)
{
	struct expression *entry;

	if (!initializer || initializer->type != EXPR_INITIALIZER)
		return;
	FOR_EACH_PTR(initializer->expr_list, entry) {
		struct expression *value;

		/* Expanded: offsets already counted from the same base. */
		if (entry && entry->type == EXPR_INITIALIZER) {
			for_each_function(entry, offset, visit, data);
			continue;
		}
		if (!entry || entry->type != EXPR_POS || !entry->init_expr)
			continue;
		value = entry->init_expr;
		while (value->type == EXPR_CAST ||
		       value->type == EXPR_IMPLIED_CAST ||
		       value->type == EXPR_FORCE_CAST)
			value = value->cast_expression;
		if (value->type == EXPR_PREOP && value->op == '&' &&
		    value->unop)
			value = value->unop;
		if (value->type == EXPR_INITIALIZER)
			for_each_function(value, offset + entry->init_offset,
					  visit, data);
		else if (value->type == EXPR_SYMBOL && value->symbol &&
			 is_func_type(value->symbol) && value->symbol->ident)
			visit(offset + entry->init_offset,
			      ident_name(value->symbol->ident), data);
	}
	END_FOR_EACH_PTR(entry);
}

/* Where a byte offset of a variable lies: element and member. */
static bool entry_at(struct symbol *variable, unsigned long offset,
		     long *element, const char **field)
{
	struct symbol *type = base_type_of(variable), *member;
	unsigned long element_size;

	*element = ELEMENT_WHOLE;
	*field = NULL;
	if (type && type->type == SYM_ARRAY) {
		type = base_type_of(type->ctype.base_type);
		element_size =
			type ? (unsigned long)bits_to_bytes(type->bit_size) : 0;
		if (!element_size)
			return false;
		*element = (long)(offset / element_size);
		offset %= element_size;
	}
	if (!member_of(type, offset, 0, &member))
		return false;
	*field = member ? ident_name(member->ident) : NULL;
	/* A struct's own entries are its members. */
	return *element != ELEMENT_WHOLE || *field;
}

struct entry_visit {
	struct symbol *variable;
	int object;
};

static void describe_entry(unsigned long offset, const char *function,
			   void *data)
{
	struct entry_visit *visit = data;
	const char *field;
	long element;

	if (entry_at(visit->variable, offset, &element, &field))
		tu_describe_function_entry(unit->tu, visit->object, element,
					   field, function);
}

/*
 * Whether code uses an address only to load from it: a load, directly or
 * after adding an offset, which is how sparse reads an element.
 */
static bool only_loaded(pseudo_t address, int depth)
{
	struct pseudo_user *user;

	if (depth > 8)
		return false;
	FOR_EACH_PTR(address->users, user) {
		struct instruction *insn = user->insn;

		if (!live(insn))
			continue;
		if (insn->opcode == OP_LOAD && insn->src == address)
			continue;
		if ((insn->opcode == OP_ADD || insn->opcode == OP_SYMADDR ||
		     sparse_is_conversion(insn->opcode)) &&
		    insn->target && only_loaded(insn->target, depth + 1))
			continue;
		return false;
	}
	END_FOR_EACH_PTR(user);
	return true;
}

/* Whether an initializer names the variable (takes its address). */
static bool names(struct expression *expression, struct symbol *variable,
		  int depth)
{
	struct expression *entry;

	if (!expression || depth > 32)
		return false;
	switch (expression->type) {
	case EXPR_SYMBOL:
		return expression->symbol == variable;
	case EXPR_INITIALIZER:
		FOR_EACH_PTR(expression->expr_list, entry) {
			if (names(entry, variable, depth + 1))
				return true;
		}
		END_FOR_EACH_PTR(entry);
		return false;
	case EXPR_POS:
		return names(expression->init_expr, variable, depth + 1);
	case EXPR_CAST:
	case EXPR_IMPLIED_CAST:
	case EXPR_FORCE_CAST:
		return names(expression->cast_expression, variable, depth + 1);
	case EXPR_PREOP:
		return names(expression->unop, variable, depth + 1);
	case EXPR_BINOP:
		return names(expression->left, variable, depth + 1) ||
		       names(expression->right, variable, depth + 1);
	default:
		return false;
	}
}

/*
 * Whether the unit stores into the variable or takes its address: each
 * function's entrypoint lists the pseudos of the variables it uses (its
 * accesses), each with every instruction that uses it, so their users
 * answer for the code; the other variables' initializers answer for the
 * rest.
 */
static bool written_in_unit(struct symbol *variable)
{
	struct symbol *other;

	FOR_EACH_PTR(parsed_functions(), other) {
		pseudo_t access;

		if (!other->ep)
			continue;
		FOR_EACH_PTR(other->ep->accesses, access) {
			if (access->type == PSEUDO_SYM &&
			    access->sym == variable && !only_loaded(access, 0))
				return true;
		}
		END_FOR_EACH_PTR(access);
	}
	END_FOR_EACH_PTR(other);
	FOR_EACH_PTR(unit->symbols, other) {
		if (other != variable && !is_func_type(other) &&
		    names(other->initializer, variable, 0))
			return true;
	}
	END_FOR_EACH_PTR(other);
	return false;
}

/* The functions a variable's initializer holds, once per variable. */
static int describe_table(struct symbol *variable)
{
	struct entry_visit visit = { .variable = variable };
	void *described;

	visit.object = object_of(variable);
	if (pointer_map_get(&unit->tables, variable, &described))
		return visit.object;
	pointer_map_put(&unit->tables, variable, variable);
	for_each_function(variable->initializer, 0, describe_entry, &visit);
	unit->tu->objects[visit.object].written_in_unit =
		written_in_unit(variable);
	return visit.object;
}

bool translate_table_load(struct function_translation *ft,
			  struct instruction *insn)
{
	struct model_instruction *load_insn;
	struct table_load load;
	struct symbol *pointer_type;

	if (!parse_load(insn, &load))
		return false;
	if (load.pointer) {
		/* A member of the struct the pointer points to. */
		pointer_type = base_type_of(pseudo_type(ft, load.pointer));
		if (!pointer_type || pointer_type->type != SYM_PTR ||
		    !member_of(pointer_type->ctype.base_type,
			       (unsigned long)insn->offset,
			       (unsigned long)bits_to_bytes(insn->size),
			       &load.field) ||
		    !load.field)
			return false;
	}
	load_insn = describe_instruction(ft, insn, INSN_LOAD, false);
	if (load.variable)
		load_insn->load.object = operand_address(
			describe_table(load.variable), ELEMENT_WHOLE);
	else
		load_insn->load.object = operand_of(ft, load.pointer, 0);
	load_insn->load.indexed = load.indexed;
	if (load.index)
		load_insn->load.index = operand_of(ft, load.index, 0);
	else if (load.indexed)
		load_insn->load.index = operand_constant(load.element);
	if (load.field)
		load_insn->load.field =
			tu_string(ft->tu, ident_name(load.field->ident));
	set_result(ft, load_insn, insn->target);
	return true;
}

void describe_table_callees(struct translation_unit *tu,
			    struct function_model *model,
			    struct instruction *call)
{
	pseudo_t pointer = call->func;
	struct table_load load;

	while (pointer && pointer->type == PSEUDO_REG && live(pointer->def) &&
	       sparse_is_conversion(pointer->def->opcode))
		pointer = pointer->def->src;
	if (!pointer || pointer->type != PSEUDO_REG || !live(pointer->def) ||
	    pointer->def->opcode != OP_LOAD ||
	    !parse_load(pointer->def, &load) || !load.variable)
		return;
	/* Which of its functions that reaches is the core's to decide. */
	function_add_table_callee(tu, model, describe_table(load.variable),
				  load.field ? ident_name(load.field->ident) :
					       NULL);
}
