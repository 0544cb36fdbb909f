// SPDX-License-Identifier: GPL-2.0
/*
 * GIMPLE to the core's model.  Describes and decides nothing: calls are
 * names with operands, branches are conditions on values, stores into
 * structs are field writes.  Which names are API functions, which functions
 * deserve a body, what a branch tests and what a create sets up are the
 * core's business (core/model/describe.c, core/lowering/lower.c).  The core's
 * queries (model_type_followed() and friends) only let this file skip what the
 * core would throw away.
 */
#include "gcc-compat.h"

#include <map>
#include <vector>

#include "translate.h"
#include "translate_internal.h"

/* What parsing shows, kept until the unit is translated. */
struct described_type {
	std::string tag;
	unsigned long size, align;
	location_t location;
};

struct described_enumerator {
	std::string name;
	long long value;
};

static std::vector<described_type> types;
static std::vector<described_enumerator> enumerators;
/* Variables of followed types, in declaration order. */
static std::vector<tree> declared;
static std::map<tree, size_t> declared_index;
/*
 * Where each variable was first declared other than extern: its definition.
 * A later extern redeclaration (EXPORT_SYMBOL's, after a definition with no
 * initializer) moves DECL_SOURCE_LOCATION to itself.
 */
static std::map<tree, location_t> defined_at;

const char *identifier(tree node)
{
	if (!node)
		return NULL;
	if (TREE_CODE(node) == IDENTIFIER_NODE)
		return IDENTIFIER_POINTER(node);
	if (DECL_P(node) && DECL_NAME(node))
		return IDENTIFIER_POINTER(DECL_NAME(node));
	return NULL;
}

const char *tag_name(tree type)
{
	if (!type || !RECORD_OR_UNION_TYPE_P(type))
		return NULL;
	type = TYPE_MAIN_VARIANT(type);
	return identifier(TYPE_NAME(type));
}

/*
 * The core's followed tags and enumerators as GCC's identifiers.  Every
 * type and enumerator of every header passes through record_type(), and
 * every variable through record_decl(): tens of thousands per unit, so a
 * name is tested by its length first (a bit per length), then by a few
 * pointer comparisons (GCC interns names), never with strings.
 */
#define INTERNED_LIMIT 8

struct interned_names {
	tree names[INTERNED_LIMIT];
	int count;
	unsigned long long lengths; /* bit N: a name of N characters */
};

static struct interned_names interned_tags, interned_enumerators;

static void intern(const char *const *names, struct interned_names *list)
{
	for (int i = 0; names[i]; i++) {
		size_t length = strlen(names[i]);

		gcc_assert(list->count < INTERNED_LIMIT && length < 64);
		list->names[list->count++] = get_identifier(names[i]);
		list->lengths |= 1ULL << length;
	}
}

void translate_init(void)
{
	intern(model_followed_type_tags, &interned_tags);
	intern(model_followed_enumerators, &interned_enumerators);
}

static inline bool listed(const struct interned_names &list, tree name)
{
	size_t length = IDENTIFIER_LENGTH(name);

	if (length >= 64 || !(list.lengths >> length & 1))
		return false;
	for (int i = 0; i < list.count; i++)
		if (list.names[i] == name)
			return true;
	return false;
}

/* The identifier that names a struct or union type, or NULL_TREE. */
static inline tree tag_identifier(tree type)
{
	tree name;

	if (!type || !RECORD_OR_UNION_TYPE_P(type))
		return NULL_TREE;
	name = TYPE_NAME(TYPE_MAIN_VARIANT(type));
	if (name && TREE_CODE(name) == TYPE_DECL)
		name = DECL_NAME(name);
	return name && TREE_CODE(name) == IDENTIFIER_NODE ? name : NULL_TREE;
}

/* The tag of a type the core follows, or NULL. */
const char *followed_tag(tree type)
{
	tree name = tag_identifier(strip_arrays(type));

	return name && listed(interned_tags, name) ? IDENTIFIER_POINTER(name) :
						     NULL;
}

/* Resolves macro expansions to where the outermost macro is written. */
struct source_location gcc_location(location_t location)
{
	struct source_location result = { NULL, 0, 0 };
	expanded_location expanded;

	if (location == UNKNOWN_LOCATION)
		return result;
	location = linemap_resolve_location(line_table, location,
					    LRK_MACRO_EXPANSION_POINT, NULL);
	expanded = expand_location(location);
	result.file = expanded.file;
	result.line = expanded.line;
	result.column = expanded.column;
	return result;
}

struct source_location unit_location(struct translation_unit *tu,
				     location_t location)
{
	struct source_location result = gcc_location(location);

	if (result.file)
		result.file = tu_string(tu, result.file);
	return result;
}

/* The macros whose expansions wrote this location, innermost first. */
void describe_macros(struct translation_unit *tu,
		     struct model_instruction *instruction, location_t location)
{
	std::vector<const char *> names;

	location = get_pure_location(location);
	while (location > BUILTINS_LOCATION &&
	       linemap_location_from_macro_expansion_p(line_table, location)) {
		const line_map *map = linemap_lookup(line_table, location);

		if (map && linemap_macro_expansion_map_p(map)) {
			const char *name = linemap_map_get_macro_name(
				linemap_check_macro(map));

			if (name)
				names.push_back(name);
		}
		location = linemap_unwind_toward_expansion(line_table, location,
							   &map);
	}
	if (names.empty())
		return;
	instruction->macros = tu_strings(tu, names.size());
	for (size_t i = 0; i < names.size(); i++)
		instruction->macros[i] = tu_string(tu, names[i]);
	instruction->macro_count = names.size();
}

unsigned long constant_size(tree size)
{
	if (!size || !tree_fits_uhwi_p(size))
		return 0;
	return (unsigned long)tree_to_uhwi(size);
}

/* The values of the followed enumerators an enum declares. */
static void __attribute__((noinline)) record_enumerators(tree type)
{
	for (tree value = TYPE_VALUES(type); value; value = TREE_CHAIN(value)) {
		const char *enumerator;
		tree constant = TREE_VALUE(value);

		if (!listed(interned_enumerators, TREE_PURPOSE(value)))
			continue;
		enumerator = identifier(TREE_PURPOSE(value));
		if (constant && TREE_CODE(constant) == CONST_DECL)
			constant = DECL_INITIAL(constant);
		if (constant && tree_fits_shwi_p(constant))
			enumerators.push_back(
				{ enumerator, tree_to_shwi(constant) });
	}
}

static void __attribute__((noinline)) record_struct(tree type, tree tag)
{
	/* In C, TYPE_NAME is the tag itself; the stub decl has the place. */
	types.push_back({ IDENTIFIER_POINTER(tag),
			  constant_size(TYPE_SIZE_UNIT(type)),
			  TYPE_ALIGN_UNIT(type),
			  TYPE_STUB_DECL(type) ?
				  DECL_SOURCE_LOCATION(TYPE_STUB_DECL(type)) :
				  UNKNOWN_LOCATION });
}

/*
 * The common case (a struct the core does not follow, an enum once the
 * followed enumerators are known) returns before any call.
 */
void record_type(tree type)
{
	tree tag;

	if (!type || type == error_mark_node)
		return;
	if (TREE_CODE(type) == ENUMERAL_TYPE) {
		/* C declares an enumerator once: the rest of the unit's
		 * enums (thousands of values) need not be read. */
		if (enumerators.size() < (size_t)interned_enumerators.count)
			record_enumerators(type);
		return;
	}
	/* Most types the headers finish are incomplete or no struct. */
	if (!RECORD_OR_UNION_TYPE_P(type) || !COMPLETE_TYPE_P(type))
		return;
	tag = tag_identifier(type);
	if (tag && listed(interned_tags, tag))
		record_struct(type, tag);
}

void record_decl(tree decl)
{
	if (!decl || TREE_CODE(decl) != VAR_DECL || !DECL_NAME(decl) ||
	    !followed_tag(TREE_TYPE(decl)))
		return;
	if (!DECL_EXTERNAL(decl) && !defined_at.count(decl))
		defined_at[decl] = DECL_SOURCE_LOCATION(decl);
	if (declared_index.count(decl))
		return;
	declared_index[decl] = declared.size();
	declared.push_back(decl);
}

/* The spelling of a user macro's body that is one token, like "12". */
static bool macro_single_token(const char *name, std::string *spelling)
{
	cpp_hashnode *node =
		cpp_lookup(parse_in, (const unsigned char *)name, strlen(name));
	const cpp_macro *macro;
	const cpp_token *token;

	if (!node || !cpp_user_macro_p(node) || !node->value.macro)
		return false;
	macro = node->value.macro;
	if (macro->kind != cmk_macro || macro->fun_like || macro->count != 1)
		return false;
	token = &macro->exp.tokens[0];
	if (token->type != CPP_NUMBER)
		return false;
	spelling->assign((const char *)token->val.str.text, token->val.str.len);
	return true;
}

/* Per-unit translation state. */
struct unit_translation {
	struct translation_unit *tu;
	std::map<tree, int> objects; /* decl -> tu->objects index */
};

static unit_translation *unit;

/*
 * The section the source named.  Only the attribute: DECL_SECTION_NAME
 * may also be one GCC chose itself (-fdata-sections), and is gone with the
 * varpool node of a static nothing references.
 */
static const char *declared_section(tree decl)
{
	tree attribute = lookup_attribute("section", DECL_ATTRIBUTES(decl));

	if (!attribute || !TREE_VALUE(attribute) ||
	    TREE_CODE(TREE_VALUE(TREE_VALUE(attribute))) != STRING_CST)
		return NULL;
	return TREE_STRING_POINTER(TREE_VALUE(TREE_VALUE(attribute)));
}

int object_of(tree decl)
{
	auto found = unit->objects.find(decl);
	struct object object = {};
	const char *name = identifier(decl);

	if (found != unit->objects.end())
		return found->second;
	object.name = name ? name : "<unnamed>";
	object.type_tag = tag_name(strip_arrays(TREE_TYPE(decl)));
	auto definition = defined_at.find(decl);
	object.location = gcc_location(definition != defined_at.end() ?
					       definition->second :
					       DECL_SOURCE_LOCATION(decl));
	if (!object.location.file)
		object.location.file = "";
	object.automatic = !TREE_STATIC(decl) && !DECL_EXTERNAL(decl);
	/*
	 * What the source declared, not what IPA made of it: by the time the
	 * pass runs, a static nothing references is TREE_READONLY and its
	 * varpool node, which holds DECL_SECTION_NAME, is gone.
	 */
	object.is_const = TYPE_READONLY(strip_arrays(TREE_TYPE(decl)));
	object.is_volatile = TREE_THIS_VOLATILE(decl);
	object.is_extern = DECL_EXTERNAL(decl);
	object.is_array = TREE_CODE(TREE_TYPE(decl)) == ARRAY_TYPE;
	object.external = TREE_PUBLIC(decl);
	if (TREE_CODE(decl) == VAR_DECL)
		object.section = declared_section(decl);
	return unit->objects[decl] = tu_add_object(unit->tu, &object);
}

/* The storage an address points to: a declaration, maybe an element. */
tree address_base(tree address, long *element)
{
	tree object;

	*element = ELEMENT_WHOLE;
	if (!address || TREE_CODE(address) != ADDR_EXPR)
		return NULL_TREE;
	object = TREE_OPERAND(address, 0);
	if (TREE_CODE(object) == ARRAY_REF) {
		tree index = TREE_OPERAND(object, 1);

		*element = index && tree_fits_shwi_p(index) ?
				   (long)tree_to_shwi(index) :
				   ELEMENT_UNKNOWN;
		object = TREE_OPERAND(object, 0);
	}
	return DECL_P(object) ? object : NULL_TREE;
}

/* An operand naming a variable of a followed type, or its address. */
static bool mentions_followed(tree operand)
{
	if (!operand)
		return false;
	if (TREE_CODE(operand) == ADDR_EXPR)
		operand = TREE_OPERAND(operand, 0);
	if (TREE_CODE(operand) == ARRAY_REF)
		operand = TREE_OPERAND(operand, 0);
	return followed_tag(TREE_TYPE(operand)) != NULL;
}

/* What the core needs to choose bodies: callees, followed types. */
static void describe_function(struct translation_unit *tu,
			      struct function_model *model,
			      struct function *fun)
{
	basic_block bb;

	FOR_EACH_BB_FN(bb, fun)
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);

			if (is_gimple_call(stmt)) {
				const char *name =
					identifier(gimple_call_fndecl(stmt));

				if (name)
					function_add_callee(tu, model, name);
				else
					describe_table_callees(
						tu, model, as_a<gcall *>(stmt));
				for (unsigned int i = 0;
				     !model->mentions_followed &&
				     i < gimple_call_num_args(stmt);
				     i++)
					model->mentions_followed =
						mentions_followed(
							gimple_call_arg(stmt,
									i));
				continue;
			}
			if (model->mentions_followed || !is_gimple_assign(stmt))
				continue;
			tree lhs = gimple_assign_lhs(stmt);

			model->mentions_followed =
				followed_tag(TREE_TYPE(lhs)) ||
				(TREE_CODE(lhs) == COMPONENT_REF &&
				 followed_tag(
					 DECL_CONTEXT(TREE_OPERAND(lhs, 1)))) ||
				mentions_followed(gimple_assign_rhs1(stmt));
		}
}

static const char *alias_target(tree decl)
{
	tree attribute = lookup_attribute("alias", DECL_ATTRIBUTES(decl));
	tree value;

	if (!attribute || !TREE_VALUE(attribute))
		return NULL;
	value = TREE_VALUE(TREE_VALUE(attribute));
	return value && TREE_CODE(value) == STRING_CST ?
		       TREE_STRING_POINTER(value) :
		       NULL;
}

static void describe_unit(struct translation_unit *tu)
{
	cgraph_node *node;

	for (const described_type &type : types)
		tu_describe_type(tu, type.tag.c_str(), type.size, type.align,
				 gcc_location(type.location));
	for (const described_enumerator &enumerator : enumerators)
		tu_describe_enumerator(tu, enumerator.name.c_str(),
				       enumerator.value);
	for (int i = 0; parse_in && model_followed_macros[i]; i++) {
		const char *name = model_followed_macros[i];
		std::string token;

		if (!cpp_defined(parse_in, (const unsigned char *)name,
				 strlen(name)))
			continue;
		tu_describe_macro(tu, name);
		if (macro_single_token(name, &token))
			tu_describe_macro_token(tu, name, token.c_str());
	}
	tu_describe_pointer_size(tu,
				 tree_to_uhwi(TYPE_SIZE_UNIT(ptr_type_node)));
	FOR_EACH_FUNCTION(node) {
		const char *target = alias_target(node->decl);

		if (target && identifier(node->decl))
			tu_describe_alias(tu, identifier(node->decl), target);
	}
}

/* A constant of a static initializer, as an operand. */
static struct operand static_operand(tree value)
{
	struct operand result = operand_unknown();
	long element;
	tree base;

	STRIP_NOPS(value);
	if (TREE_CODE(value) == INTEGER_CST && tree_fits_shwi_p(value))
		return operand_constant(tree_to_shwi(value));
	if (TREE_CODE(value) != ADDR_EXPR)
		return result;
	if (TREE_CODE(TREE_OPERAND(value, 0)) == FUNCTION_DECL) {
		result.kind = OPERAND_FUNCTION;
		result.name =
			tu_string(unit->tu, identifier(TREE_OPERAND(value, 0)));
		return result;
	}
	base = address_base(value, &element);
	return base ? operand_address(object_of(base), element) : result;
}

/* Variables of followed types, and file-scope initializers of them. */
static void describe_variables(struct translation_unit *tu)
{
	for (tree decl : declared) {
		tree initial = DECL_INITIAL(decl);
		int object = object_of(decl);
		unsigned HOST_WIDE_INT index;
		tree field, value;

		if (!TREE_STATIC(decl) || !initial ||
		    TREE_CODE(initial) != CONSTRUCTOR)
			continue;
		FOR_EACH_CONSTRUCTOR_ELT(CONSTRUCTOR_ELTS(initial), index,
					 field, value) {
			struct model_instruction *write;
			location_t at;

			if (!field || TREE_CODE(field) != FIELD_DECL ||
			    !identifier(field))
				continue;
			write = block_add_instruction(tu, &tu->file_scope,
						      INSN_FIELD_WRITE);
			at = EXPR_P(value) && EXPR_HAS_LOCATION(value) ?
				     EXPR_LOCATION(value) :
				     DECL_SOURCE_LOCATION(decl);
			write->location = unit_location(tu, at);
			describe_macros(tu, write, at);
			write->field_write.object =
				operand_address(object, ELEMENT_WHOLE);
			write->field_write.type_tag = tu_string(
				tu, tag_name(strip_arrays(TREE_TYPE(decl))));
			write->field_write.field =
				tu_string(tu, identifier(field));
			write->field_write.source = static_operand(value);
		}
	}
}

void translate_unit(struct translation_unit *tu)
{
	unit_translation translation;
	std::map<int, cgraph_node *> bodies;
	cgraph_node *node;

	unit = &translation;
	translation.tu = tu;
	describe_unit(tu);
	describe_variables(tu);
	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node) {
		struct function *fun = DECL_STRUCT_FUNCTION(node->decl);
		int index;

		if (!fun || !identifier(node->decl))
			continue;
		index = tu_add_function(
			tu, identifier(node->decl),
			gcc_location(DECL_SOURCE_LOCATION(node->decl)));
		tu->functions[index].external = TREE_PUBLIC(node->decl);
		describe_function(tu, &tu->functions[index], fun);
		bodies[index] = node;
	}
	model_select(tu);
	for (auto &body : bodies) {
		struct function *fun = DECL_STRUCT_FUNCTION(body.second->decl);

		if (!tu->functions[body.first].wanted)
			continue;
		push_cfun(fun);
		translate_body(tu, body.first, fun);
		pop_cfun();
	}
	unit = NULL;
}
