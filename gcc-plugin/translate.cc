// SPDX-License-Identifier: GPL-2.0
/*
 * GIMPLE to the core's model.  Decides nothing: it only says, in the core's
 * terms, which calls the API table knows, what they are applied to, how
 * blocks connect and which values the branches and returns test.
 */
#include "gcc-compat.h"

#include <map>
#include <vector>

#include "translate.h"

extern "C" {
#include "api.h"
}

/* Types and declarations seen while parsing: see record_type/record_decl. */
static tree opaque_type;
static tree cache_type;
static tree args_type;

struct declared_instance {
	tree decl;
	struct cache_instance instance;
	std::string name;
	std::string file;
	std::string section;
};

static std::vector<declared_instance> declared;
static std::map<tree, size_t> declared_index;

/* Reserved kmem_cache_args fields set in file-scope initializers. */
struct file_scope_field {
	std::string field;
	location_t location;
};

static std::vector<file_scope_field> file_scope_fields;

static int preallocated_bit = -1;
static bool opaque_complete, cache_complete;
static unsigned long opaque_size, opaque_align, cache_size, cache_align;
static location_t cache_location;

static const char *identifier(tree node)
{
	if (!node)
		return NULL;
	if (TREE_CODE(node) == IDENTIFIER_NODE)
		return IDENTIFIER_POINTER(node);
	if (DECL_P(node) && DECL_NAME(node))
		return IDENTIFIER_POINTER(DECL_NAME(node));
	return NULL;
}

static const char *tag_name(tree type)
{
	if (!type || !RECORD_OR_UNION_TYPE_P(type))
		return NULL;
	type = TYPE_MAIN_VARIANT(type);
	return identifier(TYPE_NAME(type));
}

static bool is_type(tree type, tree wanted)
{
	return type && wanted && TYPE_P(type) &&
	       TYPE_MAIN_VARIANT(type) == TYPE_MAIN_VARIANT(wanted);
}

static tree strip_arrays(tree type)
{
	while (type && TREE_CODE(type) == ARRAY_TYPE)
		type = TREE_TYPE(type);
	return type;
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

static bool from_api_macro(location_t location)
{
	location = get_pure_location(location);
	while (location > BUILTINS_LOCATION &&
	       linemap_location_from_macro_expansion_p(line_table, location)) {
		const line_map *map = linemap_lookup(line_table, location);

		if (map && linemap_macro_expansion_map_p(map)) {
			const char *name = linemap_map_get_macro_name(
				linemap_check_macro(map));

			if (name && api_lookup_macro(name))
				return true;
		}
		location = linemap_unwind_toward_expansion(line_table, location,
							   &map);
	}
	return false;
}

static unsigned long constant_size(tree size)
{
	if (!size || !tree_fits_uhwi_p(size))
		return 0;
	return (unsigned long)tree_to_uhwi(size);
}

void record_type(tree type)
{
	const char *name;

	if (!type || type == error_mark_node)
		return;
	if (TREE_CODE(type) == ENUMERAL_TYPE) {
		for (tree value = TYPE_VALUES(type); value;
		     value = TREE_CHAIN(value)) {
			const char *enumerator = identifier(TREE_PURPOSE(value));
			tree constant = TREE_VALUE(value);

			if (constant && TREE_CODE(constant) == CONST_DECL)
				constant = DECL_INITIAL(constant);
			if (enumerator &&
			    !strcmp(enumerator, API_PREALLOCATED_BIT_NAME) &&
			    constant && tree_fits_shwi_p(constant))
				preallocated_bit = (int)tree_to_shwi(constant);
		}
		return;
	}
	name = tag_name(type);
	if (!name || !COMPLETE_TYPE_P(type))
		return;
	if (!strcmp(name, API_OPAQUE_TAG)) {
		opaque_type = TYPE_MAIN_VARIANT(type);
		opaque_complete = true;
		opaque_size = constant_size(TYPE_SIZE_UNIT(type));
		opaque_align = TYPE_ALIGN_UNIT(type);
	} else if (!strcmp(name, API_CACHE_TAG)) {
		cache_type = TYPE_MAIN_VARIANT(type);
		cache_complete = true;
		cache_size = constant_size(TYPE_SIZE_UNIT(type));
		cache_align = TYPE_ALIGN_UNIT(type);
		/* In C, TYPE_NAME is the tag itself; the stub decl has the place. */
		cache_location = TYPE_STUB_DECL(type) ?
					 DECL_SOURCE_LOCATION(TYPE_STUB_DECL(type)) :
					 UNKNOWN_LOCATION;
	} else if (!strcmp(name, API_ARGS_TAG)) {
		args_type = TYPE_MAIN_VARIANT(type);
	}
}

/* The opaque type may only be declared, never completed, in a unit. */
static bool is_opaque(tree type)
{
	const char *name = tag_name(type);

	return name && !strcmp(name, API_OPAQUE_TAG);
}

static void record_args_initializer(tree decl)
{
	tree initial = DECL_INITIAL(decl);
	unsigned HOST_WIDE_INT index;
	tree field, value;

	if (!initial || TREE_CODE(initial) != CONSTRUCTOR)
		return;
	FOR_EACH_CONSTRUCTOR_ELT(CONSTRUCTOR_ELTS(initial), index, field, value) {
		const char *name = identifier(field);

		if (!name || !api_is_reserved_args_field(name) ||
		    integer_zerop(value))
			continue;
		file_scope_fields.push_back(
			{ name, EXPR_P(value) && EXPR_HAS_LOCATION(value) ?
					EXPR_LOCATION(value) :
					DECL_SOURCE_LOCATION(decl) });
	}
}

void record_decl(tree decl)
{
	tree type;
	declared_instance entry;
	auto found = declared_index.find(decl);

	if (!decl || TREE_CODE(decl) != VAR_DECL || !DECL_NAME(decl))
		return;
	type = strip_arrays(TREE_TYPE(decl));
	if (TREE_STATIC(decl) && is_type(type, args_type)) {
		record_args_initializer(decl);
		return;
	}
	if (!is_opaque(type))
		return;
	entry.decl = decl;
	entry.name = IDENTIFIER_POINTER(DECL_NAME(decl));
	entry.instance.location = gcc_location(DECL_SOURCE_LOCATION(decl));
	entry.file = entry.instance.location.file ?
			     entry.instance.location.file : "";
	entry.instance.automatic = !TREE_STATIC(decl) && !DECL_EXTERNAL(decl);
	entry.instance.is_const = TREE_READONLY(decl);
	entry.instance.is_extern = DECL_EXTERNAL(decl);
	entry.instance.is_array = TREE_CODE(TREE_TYPE(decl)) == ARRAY_TYPE;
	if (DECL_SECTION_NAME(decl))
		entry.section = DECL_SECTION_NAME(decl);
	if (found != declared_index.end()) {
		declared[found->second] = entry;
		return;
	}
	declared_index[decl] = declared.size();
	declared.push_back(entry);
}

/* Per-function translation state. */
struct function_translation {
	struct translation_unit *tu;
	struct function *fun;
	struct function_model *model;
	std::map<tree, int> values;	/* SSA root -> value id */
	/* Compound-literal kmem_cache_args -> what .preallocated holds. */
	std::map<tree, tree> preallocated;
	std::map<tree, std::vector<size_t> > args_field_events;
	int current_block;
};

struct unit_translation {
	struct translation_unit *tu;
	std::map<tree, int> function_index;	/* decl -> model function */
	std::map<tree, int> instance_index;	/* decl -> model instance */
};

static unit_translation *unit;

/* Follows copies and conversions back to the value they copy. */
static tree root_of(tree value)
{
	for (int depth = 0; depth < 32 && value; depth++) {
		gimple *def;

		if (TREE_CODE(value) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF(value))
			return value;
		def = SSA_NAME_DEF_STMT(value);
		if (!def || !is_gimple_assign(def))
			return value;
		switch (gimple_assign_rhs_code(def)) {
		case SSA_NAME:
		case NOP_EXPR:
		case CONVERT_EXPR:
		case VIEW_CONVERT_EXPR:
		case INTEGER_CST:
			value = gimple_assign_rhs1(def);
			if (TREE_CODE(value) == VIEW_CONVERT_EXPR)
				value = TREE_OPERAND(value, 0);
			break;
		default:
			return value;
		}
	}
	return value;
}

static bool followed_type(tree type)
{
	return type && (INTEGRAL_TYPE_P(type) || POINTER_TYPE_P(type));
}

static int number_value(function_translation *ft, tree root)
{
	auto found = ft->values.find(root);

	if (found != ft->values.end())
		return found->second;
	ft->values[root] = ft->model->value_count;
	return ft->model->value_count++;
}

/* The model's value for an operand, numbering SSA roots on demand. */
static struct value model_value(function_translation *ft, tree operand)
{
	tree root = root_of(operand);

	if (!root)
		return value_unknown();
	if (TREE_CODE(root) == INTEGER_CST && tree_fits_shwi_p(root))
		return value_constant((long)tree_to_shwi(root));
	if (TREE_CODE(root) == SSA_NAME && followed_type(TREE_TYPE(root)))
		return value_id(number_value(ft, root));
	return value_unknown();
}

static int parameter_index(struct function *fun, tree parm)
{
	int index = 0;

	for (tree arg = DECL_ARGUMENTS(fun->decl); arg; arg = DECL_CHAIN(arg)) {
		if (arg == parm)
			return index;
		index++;
	}
	return -1;
}

static bool is_api_call(const gimple *stmt, enum api_role role)
{
	tree fndecl;
	const struct api_entry *entry;

	if (!stmt || !is_gimple_call(stmt))
		return false;
	fndecl = gimple_call_fndecl(stmt);
	if (!fndecl || !DECL_NAME(fndecl))
		return false;
	entry = api_lookup(IDENTIFIER_POINTER(DECL_NAME(fndecl)));
	return entry && entry->role == role;
}

static int instance_of(tree decl)
{
	auto found = unit->instance_index.find(decl);

	return found == unit->instance_index.end() ? -1 : found->second;
}

/* The storage an address points to: a declaration, maybe an element. */
static tree address_base(tree address, long *element)
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

/* What a cache argument refers to, through copies and to_kmem_cache(). */
static struct cache_ref cache_ref_of(function_translation *ft, tree operand)
{
	struct cache_ref none = { CACHE_REF_NONE, -1, ELEMENT_WHOLE };

	for (int depth = 0; depth < 8 && operand; depth++) {
		tree root = root_of(operand);
		long element;
		tree base;
		gimple *def;

		if (!root)
			return none;
		if (TREE_CODE(root) == ADDR_EXPR) {
			int instance;

			base = address_base(root, &element);
			instance = base ? instance_of(base) : -1;
			if (instance < 0)
				return none;
			return cache_ref_instance(instance, element);
		}
		if (TREE_CODE(root) != SSA_NAME)
			return none;
		if (SSA_NAME_IS_DEFAULT_DEF(root)) {
			tree var = SSA_NAME_VAR(root);
			int index;

			if (!var || TREE_CODE(var) != PARM_DECL)
				return none;
			index = parameter_index(ft->fun, var);
			return index < 0 ? none : cache_ref_parameter(index);
		}
		def = SSA_NAME_DEF_STMT(root);
		if (!is_api_call(def, API_TO_CACHE) ||
		    gimple_call_num_args(def) < 1)
			return none;
		operand = gimple_call_arg(def, 0);
	}
	return none;
}

static struct event *add_event(function_translation *ft, gimple *stmt,
			       enum event_kind kind)
{
	struct block *block = &ft->model->blocks[ft->current_block];
	struct event *event = block_add_event(ft->tu, block, kind);

	event->location = gcc_location(gimple_location(stmt));
	if (event->location.file)
		event->location.file = tu_string(ft->tu, event->location.file);
	return event;
}

/* Bits known to be set in a flags argument. */
static bool constant_flags(tree operand, unsigned long long *flags, int depth)
{
	tree root = root_of(operand);
	gimple *def;

	if (!root || depth > 8)
		return false;
	if (TREE_CODE(root) == INTEGER_CST) {
		*flags = (unsigned long long)TREE_INT_CST_LOW(root);
		return true;
	}
	if (TREE_CODE(root) == VAR_DECL && TREE_READONLY(root) &&
	    DECL_INITIAL(root))
		return constant_flags(DECL_INITIAL(root), flags, depth + 1);
	if (TREE_CODE(root) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF(root))
		return false;
	def = SSA_NAME_DEF_STMT(root);
	if (!def || !is_gimple_assign(def))
		return false;
	if (gimple_assign_rhs_code(def) == BIT_IOR_EXPR) {
		unsigned long long left = 0, right = 0;
		bool known_left = constant_flags(gimple_assign_rhs1(def), &left,
						 depth + 1);
		bool known_right = constant_flags(gimple_assign_rhs2(def),
						  &right, depth + 1);

		/* Known set bits survive an or with anything. */
		*flags = (known_left ? left : 0) | (known_right ? right : 0);
		return known_left || known_right;
	}
	if (gimple_assign_single_p(def))
		return constant_flags(gimple_assign_rhs1(def), flags, depth + 1);
	return false;
}

static void describe_storage(struct event *event, function_translation *ft,
			     tree base)
{
	tree type = strip_arrays(TREE_TYPE(base));

	event->storage_name = tu_string(ft->tu, identifier(base) ?
							identifier(base) :
							"<unnamed>");
	event->storage_is_opaque = is_opaque(type);
	event->storage_is_cache = is_type(type, cache_type) ||
				  (tag_name(type) &&
				   !strcmp(tag_name(type), API_CACHE_TAG));
}

/* A cache argument that is the address of something: is it a cache? */
static void check_cast(function_translation *ft, gimple *stmt, tree operand)
{
	tree root = root_of(operand);
	long element;
	tree base = address_base(root, &element);
	struct event *event;

	if (!base || instance_of(base) >= 0)
		return;
	event = add_event(ft, stmt, EVENT_CACHE_CAST);
	describe_storage(event, ft, base);
}

/* The struct a pointer points to, as "struct foo", and its size. */
static bool pointee(tree pointer_type, unsigned long *size, std::string *name)
{
	tree type;
	const char *tag;

	if (!pointer_type || !POINTER_TYPE_P(pointer_type))
		return false;
	type = TREE_TYPE(pointer_type);
	/* A byte or void pointer says nothing of what the object is. */
	if (!type || !RECORD_OR_UNION_TYPE_P(type) || !COMPLETE_TYPE_P(type))
		return false;
	*size = constant_size(TYPE_SIZE_UNIT(type));
	tag = tag_name(type);
	if (tag)
		*name = std::string(TREE_CODE(type) == UNION_TYPE ? "union " :
								      "struct ") +
			tag;
	else if (TYPE_NAME(type) && identifier(TYPE_NAME(type)))
		*name = identifier(TYPE_NAME(type));
	else
		return false;
	return *size != 0;
}

/* The type an allocation is used as: its own, or that of a copy of it. */
static bool allocated_type(tree lhs, unsigned long *size, std::string *name,
			   int depth)
{
	imm_use_iterator iterator;
	gimple *use;
	bool found = false;

	if (!lhs || depth > 3)
		return false;
	if (pointee(TREE_TYPE(lhs), size, name))
		return true;
	if (TREE_CODE(lhs) != SSA_NAME)
		return false;
	FOR_EACH_IMM_USE_STMT(use, iterator, lhs) {
		if (found || !is_gimple_assign(use) ||
		    (!gimple_assign_single_p(use) && !gimple_assign_cast_p(use)))
			continue;
		found = allocated_type(gimple_assign_lhs(use), size, name,
				       depth + 1);
	}
	return found;
}

static void set_result(function_translation *ft, struct event *event,
		       gimple *stmt)
{
	tree lhs = gimple_call_lhs(stmt);

	if (lhs && TREE_CODE(lhs) == SSA_NAME && followed_type(TREE_TYPE(lhs)))
		event->result = value_id(number_value(ft, lhs));
}

static void translate_setup(function_translation *ft, gcall *stmt,
			    const struct api_entry *api, struct cache_ref cache)
{
	struct event *event = add_event(ft, stmt, EVENT_SETUP);
	unsigned int args = gimple_call_num_args(stmt);

	event->callee = api->name;
	event->cache = cache;
	event->result_is_pointer = api->returns_pointer;
	set_result(ft, event, stmt);
	if (api->size_argument >= 0 && (unsigned)api->size_argument < args)
		event->size = constant_size(
			root_of(gimple_call_arg(stmt, api->size_argument)));
	if (api->flags_argument >= 0 && (unsigned)api->flags_argument < args)
		event->flags_known = constant_flags(
			gimple_call_arg(stmt, api->flags_argument),
			&event->flags, 0);
}

static void translate_create_args(function_translation *ft, gcall *stmt,
				  const struct api_entry *api)
{
	tree args = api->args_argument < (int)gimple_call_num_args(stmt) ?
			    gimple_call_arg(stmt, api->args_argument) :
			    NULL_TREE;
	long element;
	tree base = address_base(args, &element);
	struct cache_ref cache = { CACHE_REF_NONE, -1, ELEMENT_WHOLE };
	bool preallocated = false;

	if (base) {
		auto found = ft->preallocated.find(base);

		if (found != ft->preallocated.end() &&
		    !integer_zerop(found->second)) {
			preallocated = true;
			cache = cache_ref_of(ft, found->second);
		}
		/* The setup macros fill a compound literal for this call. */
		if (from_api_macro(gimple_location(stmt)))
			for (size_t index : ft->args_field_events[base])
				ft->model->blocks[ft->current_block]
					.events[index]
					.from_api_macro = true;
	}
	if (preallocated) {
		translate_setup(ft, stmt, api, cache);
		return;
	}
	struct event *event = add_event(ft, stmt, EVENT_CREATE);

	event->callee = api->name;
	event->result_is_pointer = true;
	set_result(ft, event, stmt);
	event->flags_known = constant_flags(
		gimple_call_arg(stmt, api->flags_argument), &event->flags, 0);
}

static void translate_api_call(function_translation *ft, gcall *stmt,
			       const struct api_entry *api)
{
	unsigned int args = gimple_call_num_args(stmt);
	tree cache_operand = api->cache_argument >= 0 &&
					     (unsigned)api->cache_argument < args ?
				     gimple_call_arg(stmt, api->cache_argument) :
				     NULL_TREE;
	struct cache_ref cache = cache_ref_of(ft, cache_operand);
	struct event *event;

	if (cache_operand && api->role != API_TO_CACHE)
		check_cast(ft, stmt, cache_operand);
	switch (api->role) {
	case API_SETUP:
		translate_setup(ft, stmt, api, cache);
		return;
	case API_CREATE_ARGS:
		translate_create_args(ft, stmt, api);
		return;
	case API_CREATE:
		event = add_event(ft, stmt, EVENT_CREATE);
		event->callee = api->name;
		set_result(ft, event, stmt);
		if ((unsigned)api->flags_argument < args)
			event->flags_known = constant_flags(
				gimple_call_arg(stmt, api->flags_argument),
				&event->flags, 0);
		return;
	case API_DESTROY:
	case API_ALLOC:
	case API_FREE: {
		unsigned long size = 0;
		std::string type;

		event = add_event(ft, stmt, api->role == API_DESTROY ?
						    EVENT_DESTROY :
						    api->role == API_ALLOC ?
						    EVENT_ALLOC :
						    EVENT_FREE);
		event->callee = api->name;
		event->cache = cache;
		set_result(ft, event, stmt);
		if (api->role == API_ALLOC &&
		    allocated_type(gimple_call_lhs(stmt), &size, &type, 0)) {
			event->size = size;
			event->type_name = tu_string(ft->tu, type.c_str());
		}
		/* The object's own type: its root may be the void * it came from. */
		if (api->role == API_FREE && (unsigned)api->object_argument < args &&
		    pointee(TREE_TYPE(gimple_call_arg(stmt,
						      api->object_argument)),
			    &size, &type)) {
			event->size = size;
			event->type_name = tu_string(ft->tu, type.c_str());
		}
		return;
	}
	case API_TO_CACHE: {
		long element;
		tree base = address_base(root_of(cache_operand), &element);

		if (!base)
			return;
		event = add_event(ft, stmt, EVENT_CACHE_CAST);
		describe_storage(event, ft, base);
		return;
	}
	default:
		event = add_event(ft, stmt, EVENT_DEFINE);
		set_result(ft, event, stmt);
		return;
	}
}

/* Whether a call hands one of the unit's caches to someone. */
static bool passes_cache(function_translation *ft, gcall *stmt)
{
	for (unsigned int i = 0; i < gimple_call_num_args(stmt); i++)
		if (cache_ref_of(ft, gimple_call_arg(stmt, i)).kind !=
		    CACHE_REF_NONE)
			return true;
	return false;
}

static void translate_call(function_translation *ft, gcall *stmt)
{
	tree fndecl = gimple_call_fndecl(stmt);
	const char *name = identifier(fndecl);
	const struct api_entry *api = name ? api_lookup(name) : NULL;
	unsigned int args = gimple_call_num_args(stmt);
	struct event *event;

	for (unsigned int i = 0; i < args; i++) {
		tree arg = gimple_call_arg(stmt, i);

		if (is_opaque(TREE_TYPE(arg)) && DECL_P(arg)) {
			event = add_event(ft, stmt, EVENT_COPY);
			event->storage_name = tu_string(ft->tu, identifier(arg));
		}
	}
	if (api) {
		translate_api_call(ft, stmt, api);
		return;
	}
	auto found = fndecl ? unit->function_index.find(fndecl) :
			      unit->function_index.end();
	if (found == unit->function_index.end() &&
	    !passes_cache(ft, stmt)) {
		tree lhs = gimple_call_lhs(stmt);

		if (lhs && ft->values.count(lhs)) {
			event = add_event(ft, stmt, EVENT_DEFINE);
			event->result = value_id(ft->values[lhs]);
		}
		return;
	}
	event = add_event(ft, stmt, EVENT_CALL);
	if (found != unit->function_index.end()) {
		event->function = found->second;
		event->callee = ft->tu->functions[found->second].name;
	} else {
		event->callee = tu_string(ft->tu, name ? name : "<indirect>");
	}
	set_result(ft, event, stmt);
	event->argument_count = args;
	event->arguments = (struct cache_ref *)arena_alloc(
		&ft->tu->arena, (args + 1) * sizeof(struct cache_ref));
	for (unsigned int i = 0; i < args; i++)
		event->arguments[i] = cache_ref_of(ft, gimple_call_arg(stmt, i));
}

/* Where the value of an operand is written, when GIMPLE kept it. */
static location_t value_location(tree value)
{
	if (!value)
		return UNKNOWN_LOCATION;
	if (TREE_CODE(value) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF(value) &&
	    SSA_NAME_DEF_STMT(value))
		return gimple_location(SSA_NAME_DEF_STMT(value));
	if (EXPR_P(value) && EXPR_HAS_LOCATION(value))
		return EXPR_LOCATION(value);
	return UNKNOWN_LOCATION;
}

static void note_args_field(function_translation *ft, gimple *stmt,
			    tree base, tree field, tree value)
{
	const char *name = identifier(field);
	struct event *event;
	struct block *block;

	if (!name || !api_is_reserved_args_field(name))
		return;
	if (!strcmp(name, API_PREALLOCATED_FIELD) && base)
		ft->preallocated[base] = value;
	event = add_event(ft, stmt, EVENT_ARGS_FIELD);
	/* The initializer's value marks the field better than the literal. */
	location_t at = value_location(value);
	if (at != UNKNOWN_LOCATION) {
		event->location = gcc_location(at);
		event->location.file = tu_string(ft->tu, event->location.file);
	}
	event->field = tu_string(ft->tu, name);
	event->from_api_macro = from_api_macro(gimple_location(stmt));
	block = &ft->model->blocks[ft->current_block];
	if (base && DECL_P(base) && DECL_ARTIFICIAL(base))
		ft->args_field_events[base].push_back(block->event_count - 1);
}

static void translate_assign(function_translation *ft, gimple *stmt)
{
	tree lhs = gimple_assign_lhs(stmt);
	tree rhs = gimple_assign_rhs1(stmt);

	if (TREE_CODE(lhs) == COMPONENT_REF &&
	    is_type(DECL_CONTEXT(TREE_OPERAND(lhs, 1)), args_type)) {
		tree base = TREE_OPERAND(lhs, 0);

		note_args_field(ft, stmt, DECL_P(base) ? base : NULL_TREE,
				TREE_OPERAND(lhs, 1), rhs);
		return;
	}
	if (gimple_assign_single_p(stmt) && is_type(TREE_TYPE(lhs), args_type) &&
	    TREE_CODE(rhs) == CONSTRUCTOR) {
		unsigned HOST_WIDE_INT index;
		tree field, value;

		FOR_EACH_CONSTRUCTOR_ELT(CONSTRUCTOR_ELTS(rhs), index, field,
					 value)
			if (field && TREE_CODE(field) == FIELD_DECL)
				note_args_field(ft, stmt,
						DECL_P(lhs) ? lhs : NULL_TREE,
						field, value);
		return;
	}
	if (gimple_assign_single_p(stmt) && is_opaque(TREE_TYPE(lhs)) &&
	    TREE_CODE(rhs) != CONSTRUCTOR) {
		tree source = get_base_address(rhs);
		struct event *event = add_event(ft, stmt, EVENT_COPY);

		event->storage_name = tu_string(
			ft->tu, source && identifier(source) ?
					identifier(source) :
					"<unnamed>");
		return;
	}
	if (TREE_CODE(lhs) == SSA_NAME && ft->values.count(lhs) &&
	    root_of(lhs) == lhs) {
		struct event *event = add_event(ft, stmt, EVENT_DEFINE);

		event->result = value_id(ft->values[lhs]);
	}
}

/*
 * A test of one value against zero, possibly through IS_ERR(), a logical
 * not or a comparison result: which value, which test, and whether the
 * test holds when the comparison is true.
 */
static bool normalize_test(function_translation *ft, tree operand,
			   bool holds_when_zero, struct block *block,
			   bool *holds_on_true, int depth)
{
	tree root = root_of(operand);
	gimple *def;

	if (!root || TREE_CODE(root) != SSA_NAME || depth > 4)
		return false;
	def = SSA_NAME_DEF_STMT(root);
	/* likely()/unlikely() test what they wrap. */
	if (!SSA_NAME_IS_DEFAULT_DEF(root) && def &&
	    gimple_call_builtin_p(def, BUILT_IN_EXPECT) &&
	    gimple_call_num_args(def) >= 1)
		return normalize_test(ft, gimple_call_arg(def, 0),
				      holds_when_zero, block, holds_on_true,
				      depth + 1);
	if (!SSA_NAME_IS_DEFAULT_DEF(root) && def && is_gimple_call(def) &&
	    gimple_call_num_args(def) == 1 &&
	    (is_api_call(def, API_IS_ERROR) ||
	     is_api_call(def, API_IS_ERROR_OR_NULL))) {
		const char *name = identifier(gimple_call_fndecl(def));
		struct value tested = model_value(ft, gimple_call_arg(def, 0));

		if (tested.kind != VALUE_ID)
			return false;
		block->test = strcmp(name, "IS_ERR") ? TEST_ERROR_OR_NULL :
						       TEST_ERROR;
		block->tested_value = tested.id;
		/* IS_ERR() != 0 holds the test; == 0 does not. */
		*holds_on_true = !holds_when_zero;
		return true;
	}
	if (!SSA_NAME_IS_DEFAULT_DEF(root) && def && is_gimple_assign(def) &&
	    (gimple_assign_rhs_code(def) == NE_EXPR ||
	     gimple_assign_rhs_code(def) == EQ_EXPR) &&
	    integer_zerop(gimple_assign_rhs2(def))) {
		/* (x != 0) == 0 tests x == 0, and so on. */
		bool inner = gimple_assign_rhs_code(def) == EQ_EXPR;

		return normalize_test(ft, gimple_assign_rhs1(def),
				      holds_when_zero != inner, block,
				      holds_on_true, depth + 1);
	}
	if (!followed_type(TREE_TYPE(root)))
		return false;
	block->test = TEST_ZERO;
	block->tested_value = number_value(ft, root);
	*holds_on_true = holds_when_zero;
	return true;
}

static void translate_cond(function_translation *ft, basic_block bb,
			   gcond *stmt)
{
	struct block *block = &ft->model->blocks[bb->index];
	enum tree_code code = gimple_cond_code(stmt);
	edge true_edge, false_edge;
	bool holds_on_true = false;

	extract_true_false_edges_from_block(bb, &true_edge, &false_edge);
	block->exit = EXIT_JUMP;
	if ((code == LT_EXPR || code == GE_EXPR) &&
	    integer_zerop(gimple_cond_rhs(stmt)) &&
	    true_edge->dest != false_edge->dest &&
	    model_value(ft, gimple_cond_lhs(stmt)).kind == VALUE_ID) {
		/* err < 0: how 0-or-errno results are often tested. */
		block->exit = EXIT_TEST;
		block->test = TEST_NEGATIVE;
		block->tested_value = model_value(ft, gimple_cond_lhs(stmt)).id;
		if (code == GE_EXPR)
			std::swap(true_edge, false_edge);
	} else if ((code == EQ_EXPR || code == NE_EXPR) &&
	    integer_zerop(gimple_cond_rhs(stmt)) &&
	    true_edge->dest != false_edge->dest &&
	    normalize_test(ft, gimple_cond_lhs(stmt), code == EQ_EXPR, block,
			   &holds_on_true, 0)) {
		block->exit = EXIT_TEST;
		if (!holds_on_true)
			std::swap(true_edge, false_edge);
	}
	block_add_edge(ft->tu, ft->model, bb->index, true_edge->dest->index);
	block_add_edge(ft->tu, ft->model, bb->index, false_edge->dest->index);
}

static void translate_block(function_translation *ft, basic_block bb)
{
	struct block *block = &ft->model->blocks[bb->index];
	gimple *last = NULL;

	ft->current_block = bb->index;
	ft->preallocated.clear();
	ft->args_field_events.clear();
	for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi);
	     gsi_next(&gsi)) {
		gimple *stmt = gsi_stmt(gsi);

		last = stmt;
		if (is_gimple_call(stmt))
			translate_call(ft, as_a<gcall *>(stmt));
		else if (is_gimple_assign(stmt))
			translate_assign(ft, stmt);
		else if (gimple_code(stmt) == GIMPLE_RETURN) {
			tree retval = gimple_return_retval(
				as_a<greturn *>(stmt));

			block->exit = EXIT_RETURN;
			block->return_value = retval ? model_value(ft, retval) :
						       value_unknown();
			block->return_location = gcc_location(
				gimple_location(stmt));
		}
	}
	if (last && gimple_code(last) == GIMPLE_COND) {
		translate_cond(ft, bb, as_a<gcond *>(last));
		return;
	}
	if (block->exit == EXIT_RETURN)
		return;
	block->exit = EXIT_JUMP;
	if (EDGE_COUNT(bb->succs) == 0)
		block->exit = EXIT_NONE;
	edge e;
	edge_iterator ei;

	FOR_EACH_EDGE(e, ei, bb->succs) {
		if (e->dest == EXIT_BLOCK_PTR_FOR_FN(ft->fun)) {
			/* Falls off the end of a void function. */
			block->exit = EXIT_RETURN;
			block->return_value = value_unknown();
			continue;
		}
		block_add_edge(ft->tu, ft->model, bb->index, e->dest->index);
	}
}

static void translate_phis(function_translation *ft, basic_block bb)
{
	struct block *block = &ft->model->blocks[bb->index];

	for (gphi_iterator gpi = gsi_start_phis(bb); !gsi_end_p(gpi);
	     gsi_next(&gpi)) {
		gphi *phi = gpi.phi();
		tree result = gimple_phi_result(phi);
		struct phi *model_phi;

		if (virtual_operand_p(result) ||
		    !followed_type(TREE_TYPE(result)))
			continue;
		model_phi = block_add_phi(ft->tu, block,
					  number_value(ft, result));
		for (unsigned int i = 0; i < gimple_phi_num_args(phi); i++) {
			int source = gimple_phi_arg_edge(phi, i)->src->index;

			for (size_t p = 0; p < block->predecessor_count; p++) {
				if (block->predecessors[p] != source)
					continue;
				model_phi->incoming[p] = model_value(
					ft, gimple_phi_arg_def(phi, i));
				model_phi->incoming_location[p] = gcc_location(
					gimple_phi_arg_location(phi, i));
			}
		}
	}
}

static void translate_body(struct translation_unit *tu, int index,
			   struct function *fun)
{
	function_translation ft;
	basic_block bb;

	ft.tu = tu;
	ft.fun = fun;
	ft.model = &tu->functions[index];
	ft.current_block = 0;
	for (tree arg = DECL_ARGUMENTS(fun->decl); arg; arg = DECL_CHAIN(arg))
		ft.model->parameter_count++;
	ft.model->returns_value =
		!VOID_TYPE_P(TREE_TYPE(TREE_TYPE(fun->decl)));
	function_set_blocks(tu, ft.model, last_basic_block_for_fn(fun));
	/* The model's entry is block 0, as GCC's ENTRY_BLOCK is. */
	FOR_ALL_BB_FN(bb, fun) {
		if (bb == EXIT_BLOCK_PTR_FOR_FN(fun))
			continue;
		if (bb == ENTRY_BLOCK_PTR_FOR_FN(fun)) {
			edge e;
			edge_iterator ei;

			FOR_EACH_EDGE(e, ei, bb->succs)
				block_add_edge(tu, ft.model, bb->index,
					       e->dest->index);
			continue;
		}
		translate_block(&ft, bb);
	}
	FOR_EACH_BB_FN(bb, fun)
		translate_phis(&ft, bb);
}

/* Whether a statement is one the model cares about at all. */
static bool interesting_statement(gimple *stmt, std::vector<tree> *callees)
{
	if (is_gimple_call(stmt)) {
		tree fndecl = gimple_call_fndecl(stmt);
		const char *name = identifier(fndecl);

		if (name && api_lookup(name))
			return true;
		if (fndecl && unit->function_index.count(fndecl))
			callees->push_back(fndecl);
		for (unsigned int i = 0; i < gimple_call_num_args(stmt); i++)
			if (is_opaque(TREE_TYPE(gimple_call_arg(stmt, i))))
				return true;
		return false;
	}
	if (!is_gimple_assign(stmt))
		return false;
	tree lhs = gimple_assign_lhs(stmt);

	if (TREE_CODE(lhs) == COMPONENT_REF &&
	    is_type(DECL_CONTEXT(TREE_OPERAND(lhs, 1)), args_type))
		return true;
	if (is_type(TREE_TYPE(lhs), args_type))
		return true;
	return is_opaque(TREE_TYPE(lhs));
}

struct candidate {
	cgraph_node *node;
	bool relevant;
	std::vector<tree> callees;
};

static bool is_api_function(tree decl)
{
	const char *name = identifier(decl);

	return name && api_lookup(name);
}

/* Functions that touch the API, and those that call them, get a model. */
static void choose_functions(std::vector<candidate> *candidates,
			     const std::string &init, const std::string &exit)
{
	std::map<tree, size_t> position;
	bool changed = true;
	cgraph_node *node;

	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node) {
		if (is_api_function(node->decl) || !DECL_STRUCT_FUNCTION(node->decl))
			continue;
		position[node->decl] = candidates->size();
		candidates->push_back({ node, false, {} });
		/* Placeholder so interesting_statement sees local callees. */
		unit->function_index[node->decl] = -1;
	}
	for (candidate &c : *candidates) {
		struct function *fun = DECL_STRUCT_FUNCTION(c.node->decl);
		const char *name = identifier(c.node->decl);
		basic_block bb;

		/* What module init and exit do not do matters too. */
		if (name && (init == name || exit == name))
			c.relevant = true;

		FOR_EACH_BB_FN(bb, fun)
			for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
			     !gsi_end_p(gsi); gsi_next(&gsi))
				if (interesting_statement(gsi_stmt(gsi),
							  &c.callees))
					c.relevant = true;
	}
	while (changed) {
		changed = false;
		for (candidate &c : *candidates) {
			if (c.relevant)
				continue;
			for (tree callee : c.callees)
				if ((*candidates)[position[callee]].relevant) {
					c.relevant = true;
					changed = true;
					break;
				}
		}
	}
	unit->function_index.clear();
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

/* module_init()/module_exit() in a module alias these to the functions. */
static void find_module_functions(std::string *init, std::string *exit)
{
	cgraph_node *node;

	FOR_EACH_FUNCTION(node) {
		const char *name = identifier(node->decl);
		const char *target;

		if (!name)
			continue;
		target = alias_target(node->decl);
		if (!target)
			continue;
		if (!strcmp(name, "init_module"))
			*init = target;
		else if (!strcmp(name, "cleanup_module"))
			*exit = target;
	}
}

static void add_instances(struct translation_unit *tu)
{
	for (declared_instance &entry : declared) {
		struct cache_instance instance = entry.instance;

		instance.name = entry.name.c_str();
		instance.location.file = entry.file.c_str();
		instance.section = entry.section.empty() ? NULL :
							   entry.section.c_str();
		instance.is_extern = DECL_EXTERNAL(entry.decl);
		unit->instance_index[entry.decl] = tu_add_instance(tu, &instance);
	}
}

/* File-scope initializers have no function: give them a block of their own. */
static void add_file_scope(struct translation_unit *tu)
{
	struct source_location nowhere = { NULL, 0, 0 };
	struct function_model *model;

	if (file_scope_fields.empty())
		return;
	model = &tu->functions[tu_add_function(tu, "<file scope>", nowhere)];
	function_set_blocks(tu, model, 1);
	model->blocks[0].exit = EXIT_NONE;
	for (const file_scope_field &entry : file_scope_fields) {
		struct event *event = block_add_event(tu, &model->blocks[0],
						      EVENT_ARGS_FIELD);

		event->location = gcc_location(entry.location);
		event->location.file = tu_string(tu, event->location.file);
		event->field = tu_string(tu, entry.field.c_str());
		event->from_api_macro = from_api_macro(entry.location);
	}
}

void translate_unit(struct translation_unit *tu, bool is_module)
{
	unit_translation translation;
	std::vector<candidate> candidates;
	std::string init, exit;

	unit = &translation;
	translation.tu = tu;
	tu->is_module = is_module;
	tu->preallocated_bit = preallocated_bit;
	tu->opaque_complete = opaque_complete;
	tu->opaque_size = opaque_size;
	tu->opaque_align = opaque_align;
	tu->kmem_cache_complete = cache_complete;
	tu->kmem_cache_size = cache_size;
	tu->kmem_cache_align = cache_align;
	tu->kmem_cache_location = gcc_location(cache_location);
	add_instances(tu);
	find_module_functions(&init, &exit);
	choose_functions(&candidates, init, exit);
	for (candidate &c : candidates) {
		if (!c.relevant)
			continue;
		int index = tu_add_function(
			tu, identifier(c.node->decl),
			gcc_location(DECL_SOURCE_LOCATION(c.node->decl)));

		translation.function_index[c.node->decl] = index;
	}
	for (candidate &c : candidates) {
		auto found = translation.function_index.find(c.node->decl);

		if (found == translation.function_index.end())
			continue;
		push_cfun(DECL_STRUCT_FUNCTION(c.node->decl));
		translate_body(tu, found->second, DECL_STRUCT_FUNCTION(c.node->decl));
		pop_cfun();
	}
	add_file_scope(tu);
	if (!init.empty())
		tu->module_init = tu_find_function(tu, init.c_str());
	if (!exit.empty())
		tu->module_exit = tu_find_function(tu, exit.c_str());
	unit = NULL;
}
