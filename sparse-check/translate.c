// SPDX-License-Identifier: GPL-2.0
/*
 * Sparse's view of a unit, described to the core: followed types and
 * enumerators, defined followed macros, aliases, variables of followed
 * types and their file-scope initializers, and every linearized function
 * with its callees.  Decides nothing: which names are API functions and
 * which bodies are worth describing are the core's business
 * (core/model/describe.c); the core's queries (model_type_followed() and
 * friends) only let this file skip what the core would throw away.
 */
#include "translate.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "macros.h"
#include "source_text.h"
#include "translate_internal.h"

struct unit_translation *unit;

struct symbol *base_type_of(struct symbol *sym)
{
	while (sym && sym->type == SYM_NODE)
		sym = sym->ctype.base_type;
	return sym;
}

const char *tag_of(struct symbol *type)
{
	type = base_type_of(type);
	if (!type || (type->type != SYM_STRUCT && type->type != SYM_UNION) ||
	    !type->ident)
		return NULL;
	return ident_name(type->ident);
}

const char *followed_tag(struct symbol *type)
{
	const char *tag;

	type = base_type_of(type);
	while (type && type->type == SYM_ARRAY)
		type = base_type_of(type->ctype.base_type);
	tag = tag_of(type);
	return tag && model_type_followed(tag) ? tag : NULL;
}

struct symbol *member_at(struct symbol *type, unsigned long offset,
			 unsigned long size)
{
	struct symbol *member;

	type = base_type_of(type);
	if (!type || (type->type != SYM_STRUCT && type->type != SYM_UNION))
		return NULL;
	FOR_EACH_PTR(type->symbol_list, member) {
		if (member->offset == offset && member->ident &&
		    (!size ||
		     (unsigned long)bits_to_bytes(member->bit_size) == size))
			return member;
	}
	END_FOR_EACH_PTR(member);
	return NULL;
}

bool in_range(const struct code_range *range, struct position pos)
{
	if ((int)pos.stream != range->stream)
		return false;
	if (pos.line < range->line ||
	    (pos.line == range->line && pos.pos < range->column))
		return false;
	return pos.line < range->end_line ||
	       (pos.line == range->end_line && pos.pos < range->end_column);
}

struct source_location unit_location(struct position pos, bool call)
{
	struct source_location location = { NULL, 0, 0 };
	const char *file;

	if (!pos.line)
		return location;
	file = stream_name(pos.stream);
	location.file = tu_string(unit->tu, file);
	location.line = pos.line;
	location.column =
		source_byte_column(file, pos.line, pos.pos, SPARSE_TABSTOP);
	if (call)
		location.column =
			source_call_name(file, pos.line, location.column);
	return location;
}

/* A position as sparse counts it, tabs expanded: for what nobody prints. */
static struct source_location sparse_location(struct position pos)
{
	struct source_location location = {
		.file = tu_string(unit->tu, stream_name(pos.stream)),
		.line = pos.line,
		.column = pos.pos,
	};

	return location;
}

/*
 * Sparse keeps no record of macro expansions, only their outermost name's
 * position: the name written there, when it is a macro, and the followed
 * macros it may expand to (macros.c) are the macros the core hears of.
 */
/* The macros describe_macros() gathers, each once. */
struct macro_names {
	const char *names[32];
	size_t count;
};

static void add_macro_name(struct macro_names *found, const char *name)
{
	for (size_t i = 0; i < found->count; i++)
		if (!strcmp(found->names[i], name))
			return;
	if (found->count < sizeof(found->names) / sizeof(found->names[0]))
		found->names[found->count++] = name;
}

/*
 * A macro named in the arguments of the outermost one: what it reaches
 * wrote tokens the outer macro only passed on, as in
 * unlikely(!KMEM_CACHE_SETUP(...)).
 */
static void add_argument_macro(const char *name, size_t length, void *context)
{
	const char *const *reached;
	char copy[256];
	size_t count;

	if (length >= sizeof(copy))
		return;
	memcpy(copy, name, length);
	copy[length] = '\0';
	if (!macro_named(copy))
		return;
	count = macros_reached(copy, &reached);
	for (size_t i = 0; i < count; i++)
		add_macro_name(context, reached[i]);
}

void describe_macros(struct model_instruction *insn_model, struct position pos)
{
	struct source_location at = unit_location(pos, false);
	struct macro_names found = { .count = 0 };
	const char *const *reached;
	size_t count;
	char name[256];

	if (!at.file ||
	    !source_identifier(at.file, at.line, at.column, name,
			       sizeof(name)) ||
	    !macro_named(name))
		return;
	count = macros_reached(name, &reached);
	for (size_t i = 0; i < count; i++)
		add_macro_name(&found, reached[i]);
	source_call_identifiers(at.file, at.line, at.column, add_argument_macro,
				&found);
	insn_model->macros = tu_strings(unit->tu, found.count + 1);
	for (size_t i = 0; i < found.count; i++)
		insn_model->macros[i] = tu_string(unit->tu, found.names[i]);
	insn_model->macros[found.count] = tu_string(unit->tu, name);
	insn_model->macro_count = found.count + 1;
}

bool is_string_symbol(struct symbol *sym)
{
	return sym && !sym->ident && sym->initializer &&
	       sym->initializer->type == EXPR_STRING;
}

int object_of(struct symbol *sym)
{
	struct symbol *type = base_type_of(sym);
	unsigned long modifiers = sym->ctype.modifiers;
	struct object object = { 0 };
	void *found;

	if (pointer_map_get(&unit->objects, sym, &found))
		return (int)(long)found;
	object.name = sym->ident ? ident_name(sym->ident) : "<literal>";
	while (type && type->type == SYM_ARRAY)
		type = base_type_of(type->ctype.base_type);
	object.type_tag = tag_of(type);
	object.location = unit_location(sym->pos, false);
	if (!object.location.file)
		object.location.file = "";
	object.is_extern = (modifiers & MOD_EXTERN) != 0;
	object.automatic =
		!(modifiers & (MOD_STATIC | MOD_EXTERN | MOD_TOPLEVEL));
	object.is_const = (modifiers & MOD_CONST) != 0;
	object.is_volatile = (modifiers & MOD_VOLATILE) != 0;
	object.is_array =
		base_type_of(sym) && base_type_of(sym)->type == SYM_ARRAY;
	object.external = (modifiers & (MOD_EXTERN | MOD_TOPLEVEL)) &&
			  !(modifiers & MOD_STATIC);
	object.section = parsed_section(sym);
	found = (void *)(long)tu_add_object(unit->tu, &object);
	pointer_map_put(&unit->objects, sym, found);
	return (int)(long)found;
}

/* --------------------------------------------------------------- the unit */

/* A followed macro when defined, and its body when that is one number. */
static void describe_macro(struct translation_unit *tu, const char *name)
{
	const char *number = macro_number(name);

	if (!macro_named(name))
		return;
	tu_describe_macro(tu, name);
	if (number)
		tu_describe_macro_token(tu, name, number);
}

static void describe_unit(struct translation_unit *tu)
{
	struct symbol *sym;

	FOR_EACH_PTR(parsed_followed_symbols(), sym) {
		struct expression *value = sym->initializer;

		if (sym->namespace == NS_STRUCT && sym->type == SYM_STRUCT &&
		    sym->symbol_list) {
			examine_symbol_type(sym);
			tu_describe_type(
				tu, ident_name(sym->ident),
				(unsigned long)bits_to_bytes(sym->bit_size),
				(unsigned long)sym->ctype.alignment,
				unit_location(sym->pos, false));
		} else if (sym->enum_member && value &&
			   value->type == EXPR_VALUE) {
			tu_describe_enumerator(tu, ident_name(sym->ident),
					       (long long)value->value);
		}
	}
	END_FOR_EACH_PTR(sym);
	for (int i = 0; model_followed_macros[i]; i++)
		describe_macro(tu, model_followed_macros[i]);
	/* --arch and -m32/-m64 have set it, as for any pointer type. */
	tu_describe_pointer_size(tu,
				 (unsigned long)bits_to_bytes(bits_in_pointer));
	describe_aliases(tu);
}

/* A constant of a static initializer, as an operand. */
static struct operand static_operand(struct expression *value)
{
	struct operand result = operand_unknown();

	while (value &&
	       (value->type == EXPR_CAST || value->type == EXPR_IMPLIED_CAST ||
		value->type == EXPR_FORCE_CAST))
		value = value->cast_expression;
	if (!value)
		return result;
	if (value->type == EXPR_VALUE)
		return operand_constant((long long)value->value);
	if (value->type == EXPR_SYMBOL && value->symbol &&
	    is_func_type(value->symbol)) {
		result.kind = OPERAND_FUNCTION;
		result.name =
			tu_string(unit->tu, ident_name(value->symbol->ident));
		return result;
	}
	if (value->type != EXPR_PREOP || value->op != '&' || !value->unop)
		return result;
	value = value->unop;
	if (value->type == EXPR_SYMBOL && value->symbol) {
		if (is_func_type(value->symbol)) {
			result.kind = OPERAND_FUNCTION;
			result.name = tu_string(
				unit->tu, ident_name(value->symbol->ident));
			return result;
		}
		return operand_address(object_of(value->symbol), ELEMENT_WHOLE);
	}
	return result;
}

/* A followed variable's file-scope initializer: one field write a member. */
static void describe_initializer(struct translation_unit *tu,
				 struct symbol *sym)
{
	struct expression *entry, *initializer = sym->initializer;
	int object = object_of(sym);
	const char *tag = tag_of(sym);

	if (!initializer || initializer->type != EXPR_INITIALIZER || !tag)
		return;
	FOR_EACH_PTR(initializer->expr_list, entry) {
		struct symbol *member;
		struct model_instruction *write;

		if (entry->type != EXPR_POS || !entry->init_expr)
			continue;
		member = member_at(sym, entry->init_offset, 0);
		if (!member)
			continue;
		write = block_add_instruction(tu, &tu->file_scope,
					      INSN_FIELD_WRITE);
		/* The value written, or the variable for a constant. */
		write->location =
			entry->init_expr->type == EXPR_VALUE ?
				unit_location(sym->pos, false) :
				unit_location(entry->init_expr->pos, false);
		if (write->location.file &&
		    entry->init_expr->type != EXPR_VALUE)
			write->location.column = source_assignment(
				write->location.file, write->location.line,
				write->location.column, true);
		describe_macros(write, entry->init_expr->pos);
		write->field_write.object =
			operand_address(object, ELEMENT_WHOLE);
		write->field_write.type_tag = tu_string(tu, tag);
		write->field_write.field =
			tu_string(tu, ident_name(member->ident));
		write->field_write.source = static_operand(entry->init_expr);
	}
	END_FOR_EACH_PTR(entry);
}

/* Variables of followed types, and file-scope initializers of them. */
static void describe_variables(struct translation_unit *tu,
			       struct symbol_list *symbols)
{
	struct symbol *sym;

	FOR_EACH_PTR(symbols, sym) {
		if (is_func_type(sym) || !followed_tag(sym))
			continue;
		object_of(sym);
		describe_initializer(tu, sym);
	}
	END_FOR_EACH_PTR(sym);
}

/* --------------------------------------------------------- the functions */

struct defined_function {
	struct symbol *sym;
	struct code_range range;
	int index;	      /* in tu->functions */
	signed char followed; /* model_call_followed(): -1 not asked yet */
};

static int compare_starts(const void *a, const void *b)
{
	const struct code_range *x =
		&((const struct defined_function *)a)->range;
	const struct code_range *y =
		&((const struct defined_function *)b)->range;

	if (x->stream != y->stream)
		return x->stream < y->stream ? -1 : 1;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->column != y->column)
		return x->column < y->column ? -1 : 1;
	return 0;
}

/* Each function's range ends where the next one of its file starts. */
static void find_ranges(struct defined_function *functions, size_t count)
{
	qsort(functions, count, sizeof(*functions), compare_starts);
	for (size_t i = 0; i < count; i++) {
		struct code_range *range = &functions[i].range;
		size_t next = i + 1;

		while (next < count &&
		       !compare_starts(&functions[i], &functions[next]))
			next++;
		if (next < count &&
		    functions[next].range.stream == range->stream) {
			range->end_line = functions[next].range.line;
			range->end_column = functions[next].range.column;
		} else {
			range->end_line = ~0u;
			range->end_column = ~0u;
		}
	}
}

/* The functions of the file sparse parsed last, and their ranges. */
static struct defined_function *functions;
/* What defined_function_at() found last: an element of 'functions'. */
static struct defined_function *last_found;
static size_t function_count;
static struct pointer_map ranges; /* symbol -> its code_range */

void translate_prepare(struct symbol_list *symbols)
{
	struct symbol *sym;

	(void)symbols;
	free(functions);
	pointer_map_release(&ranges);
	functions = calloc((size_t)symbol_list_size(parsed_functions()) + 1,
			   sizeof(*functions));
	CHECK(functions != NULL);
	last_found = NULL;
	function_count = 0;
	FOR_EACH_PTR(parsed_functions(), sym) {
		struct symbol *fn = base_type_of(sym);

		if (!sym->ident || !fn || fn->type != SYM_FN ||
		    (!fn->stmt && !fn->inline_stmt))
			continue;
		functions[function_count++] = (struct defined_function){
			.sym = sym,
			.range = { .stream = sym->pos.stream,
				   .line = sym->pos.line,
				   .column = sym->pos.pos },
			.followed = -1,
		};
	}
	END_FOR_EACH_PTR(sym);
	find_ranges(functions, function_count);
	for (size_t i = 0; i < function_count; i++)
		pointer_map_put(&ranges, functions[i].sym, &functions[i].range);
}

const struct code_range *function_range(struct symbol *sym)
{
	void *range;

	return pointer_map_get(&ranges, sym, &range) ? range : NULL;
}

const char *ident_text(const struct ident *ident, char *buffer, size_t size)
{
	size_t length = ident->len < size - 1 ? ident->len : size - 1;

	memcpy(buffer, ident->name, length);
	buffer[length] = '\0';
	return buffer;
}

/* Identifier names, copied once each until the unit ends. */
static struct pointer_map names;

const char *ident_name(const struct ident *ident)
{
	char buffer[256];
	void *name;

	if (!ident)
		return NULL;
	if (pointer_map_get(&names, ident, &name))
		return name;
	name = strdup(ident_text(ident, buffer, sizeof(buffer)));
	CHECK(name != NULL);
	pointer_map_put(&names, ident, name);
	return name;
}

/* The core's answer for an inlined function, asked once per function. */
static struct pointer_map call_answers; /* ident -> 1 followed, 2 not */

static bool call_followed(const struct ident *ident)
{
	char name[256];
	void *answer;

	if (!pointer_map_get(&call_answers, ident, &answer)) {
		answer = (void *)(model_call_followed(ident_text(
					  ident, name, sizeof(name))) ?
					  1L :
					  2L);
		pointer_map_put(&call_answers, ident, answer);
	}
	return answer == (void *)1L;
}

static bool function_followed(struct defined_function *function)
{
	if (function->followed < 0)
		function->followed = call_followed(function->sym->ident);
	return function->followed;
}

/*
 * The function of the unit whose definition holds the position, or NULL.
 * Callers ask about the instructions of one body after another: the last
 * function found answers most questions without a search.
 */
static struct defined_function *defined_function_at(struct position pos)
{
	struct defined_function key = {
		.range = { .stream = pos.stream,
			   .line = pos.line,
			   .column = pos.pos },
	};
	size_t low = 0, high = function_count;

	if (last_found && in_range(&last_found->range, pos))
		return last_found;

	/* The last function that starts at or before the position. */
	while (low < high) {
		size_t middle = (low + high) / 2;

		if (compare_starts(&functions[middle], &key) <= 0)
			low = middle + 1;
		else
			high = middle;
	}
	if (!low || !in_range(&functions[low - 1].range, pos))
		return NULL;
	last_found = &functions[low - 1];
	return last_found;
}

bool same_function(struct position a, struct position b)
{
	return defined_function_at(a) == defined_function_at(b);
}

/*
 * Whether a position lies in the range of a function the core does not
 * want as a call: code sparse inlined from it is its caller's own code.
 */
static bool inlined_own(struct position pos)
{
	struct defined_function *function = defined_function_at(pos);

	return function && !function_followed(function);
}

bool own_code(const struct code_range *range, struct position pos)
{
	return in_range(range, pos) || inlined_own(pos);
}

bool followed_marker(const struct code_range *range, struct instruction *insn)
{
	struct symbol *fn;

	if (insn->opcode != OP_INLINED_CALL || !insn->func)
		return false;
	fn = insn->func->type == PSEUDO_SYM ? insn->func->sym : NULL;
	return fn && fn->ident && call_followed(fn->ident) &&
	       own_code(range, insn->pos);
}

void translate_unit(struct translation_unit *tu, struct symbol_list *symbols)
{
	struct unit_translation translation = { .tu = tu, .symbols = symbols };

	unit = &translation;
	pointer_map_init(&translation.objects);
	pointer_map_init(&translation.tables);
	describe_unit(tu);
	describe_variables(tu, symbols);
	for (size_t i = 0; i < function_count; i++) {
		struct symbol *sym = functions[i].sym;
		int index;

		if (!sym->ep || !sym->ep->entry)
			continue;
		/* Placed as sparse has it: the byte column, which takes
		 * reading the file, only for the functions the core keeps. */
		index = tu_add_function(tu, ident_name(sym->ident),
					sparse_location(sym->pos));
		functions[i].index = index;
		tu->functions[index].external =
			!(sym->ctype.modifiers & MOD_STATIC);
		describe_callees(tu, &tu->functions[index], sym->ep,
				 &functions[i].range);
	}
	model_select(tu);
	for (size_t i = 0; i < function_count; i++) {
		struct symbol *sym = functions[i].sym;
		int index = functions[i].index;

		if (sym->ep && sym->ep->entry &&
		    (tu->functions[index].wanted || index == tu->module_init ||
		     index == tu->module_exit))
			tu->functions[index].location =
				unit_location(sym->pos, false);
	}
	for (size_t i = 0; i < function_count; i++) {
		struct symbol *sym = functions[i].sym;

		if (sym->ep && sym->ep->entry &&
		    tu->functions[functions[i].index].wanted)
			translate_body(tu, functions[i].index, sym->ep,
				       &functions[i].range);
	}
	pointer_map_release(&translation.objects);
	pointer_map_release(&translation.tables);
	unit = NULL;
}

void attributes_release(void)
{
	parse_hooks_release();
	free(functions);
	functions = NULL;
	last_found = NULL;
	function_count = 0;
	pointer_map_release(&ranges);
	pointer_map_release(&call_answers);
	for (size_t i = 0; i < names.capacity; i++)
		if (names.keys[i])
			free(names.values[i]);
	pointer_map_release(&names);
	markers_release();
	macros_release();
	source_text_release();
}
