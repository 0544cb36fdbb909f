// SPDX-License-Identifier: GPL-2.0
/*
 * Setups and creates: which cache a create's arguments preallocate, what a
 * setup is asked to build (its constant arguments, for kmem-invalid-args),
 * and whether the storage a cache is placed in comes from the heap.
 */
#include <string.h>

#include "api.h"
#include "lower.h"

static unsigned long constant_size(struct operand operand)
{
	return operand.kind == OPERAND_CONSTANT && operand.constant > 0 ?
		       (unsigned long)operand.constant :
		       0;
}

/*
 * The cache a create's arguments preallocate: writes of '.preallocated'
 * into the args object anywhere in the function or at file scope.  Writes
 * that disagree leave the cache unknown; no write, or only NULL, is a
 * dynamic create.
 */
bool lowered_preallocated(const struct lowering *lowering, struct operand args,
			  struct cache_ref *cache)
{
	bool found = false, agree = true;
	struct cache_ref first = { CACHE_REF_NONE, -1, ELEMENT_WHOLE };

	if (args.kind != OPERAND_ADDRESS)
		return false;
	for (size_t i = 0; i < lowering->write_count; i++) {
		const struct field_write *write = &lowering->writes[i];
		struct operand source = write->instruction->field_write.source;
		struct cache_ref ref;

		if (write->object != args.object ||
		    strcmp(write->instruction->field_write.field,
			   API_PREALLOCATED_FIELD))
			continue;
		if (source.kind == OPERAND_CONSTANT && source.constant == 0)
			continue;
		ref = lowered_cache_ref(lowering, source);
		if (found &&
		    (ref.kind != first.kind || ref.index != first.index ||
		     ref.element != first.element))
			agree = false;
		if (!found)
			first = ref;
		found = true;
	}
	if (!found)
		return false;
	cache->kind = CACHE_REF_NONE;
	cache->index = -1;
	cache->element = ELEMENT_WHOLE;
	if (agree)
		*cache = first;
	return true;
}

static struct known_number known_argument(const struct model_instruction *call,
					  int position)
{
	struct operand operand = lowered_argument(call, position);

	return (struct known_number){ operand.kind == OPERAND_CONSTANT,
				      operand.constant };
}

/* A field of the args object, when every write of it is one constant. */
static struct known_number known_field(const struct lowering *lowering,
				       struct operand args, const char *field)
{
	struct known_number known = { false, 0 };
	bool written = false;

	if (args.kind != OPERAND_ADDRESS)
		return known;
	for (size_t i = 0; i < lowering->write_count; i++) {
		const struct field_write *write = &lowering->writes[i];
		struct operand source = write->instruction->field_write.source;

		if (write->object != args.object ||
		    strcmp(write->instruction->field_write.field, field))
			continue;
		if (source.kind != OPERAND_CONSTANT ||
		    (written && source.constant != known.value))
			return (struct known_number){ false, 0 };
		known = (struct known_number){ true, source.constant };
		written = true;
	}
	/* A compound literal's fields not written are zero. */
	if (!written && lowering->tu->objects[args.object].automatic)
		return (struct known_number){ true, 0 };
	return known;
}

static const struct setup_parameters *
setup_parameters(struct lowering *lowering,
		 const struct model_instruction *call,
		 const struct api_entry *api)
{
	const struct api_parameters *positions =
		api_lookup_parameters(api->name);
	struct setup_parameters *parameters;
	struct operand args = lowered_argument(call, api->args_argument);

	if (!positions)
		return NULL;
	parameters = arena_alloc(&lowering->tu->arena, sizeof(*parameters));
	parameters->name_is_null =
		known_argument(call, positions->name_argument).known &&
		!known_argument(call, positions->name_argument).value;
	parameters->size = known_argument(call, api->size_argument);
	if (api->args_argument == NO_ARGUMENT) {
		parameters->align =
			known_argument(call, positions->align_argument);
		parameters->useroffset =
			known_argument(call, positions->useroffset_argument);
		parameters->usersize =
			known_argument(call, positions->usersize_argument);
		/* The helpers without usercopy pass no region: zero. */
		if (positions->useroffset_argument == NO_ARGUMENT)
			parameters->useroffset = parameters->usersize =
				(struct known_number){ true, 0 };
		parameters->use_freeptr_offset =
			(struct known_number){ true, 0 };
		return parameters;
	}
	parameters->align = known_field(lowering, args, API_ALIGN_FIELD);
	parameters->useroffset =
		known_field(lowering, args, API_USEROFFSET_FIELD);
	parameters->usersize = known_field(lowering, args, API_USERSIZE_FIELD);
	parameters->freeptr_offset =
		known_field(lowering, args, API_FREEPTR_OFFSET_FIELD);
	parameters->use_freeptr_offset =
		known_field(lowering, args, API_USE_FREEPTR_OFFSET_FIELD);
	return parameters;
}

/*
 * The allocator a cache's storage comes from, when it is heap memory: a
 * member of a struct the function got from kmalloc() and friends (or from
 * a cache), or such memory itself.  NULL otherwise.
 */
static const char *heap_origin(const struct lowering *lowering,
			       struct operand operand, const char **member,
			       const struct model_instruction **allocation)
{
	*member = NULL;
	for (int depth = 0; depth < FOLLOW_DEPTH; depth++) {
		const struct model_instruction *definition;
		const struct api_entry *api;

		if (operand.kind == OPERAND_MEMBER_ADDRESS) {
			if (!operand.name ||
			    strcmp(operand.name, API_OPAQUE_TAG))
				return NULL;
			*member = operand.pointee;
			operand = operand_value(operand.value);
		}
		definition = lowered_definition(lowering, operand);
		if (!definition)
			return NULL;
		if (definition->kind == INSN_ASSIGN) {
			operand = definition->source;
			continue;
		}
		api = lowered_api(definition);
		if (api &&
		    (api->role == API_HEAP_ALLOC || api->role == API_ALLOC)) {
			*allocation = definition;
			return api->name;
		}
		return NULL;
	}
	return NULL;
}

/* A static cache placed in heap memory: freed under a live cache. */
void lower_heap_check(struct lowering *lowering, struct block *block,
		      const struct model_instruction *call,
		      struct operand operand)
{
	const struct model_instruction *allocation = NULL;
	const char *member;
	const char *allocator =
		heap_origin(lowering, operand, &member, &allocation);
	struct event *event;

	if (!allocator || allocation == lowering->reported_heap)
		return;
	lowering->reported_heap = allocation;
	event = block_add_event(lowering->tu, block, EVENT_HEAP_STORAGE);
	event->location = call->location;
	event->callee = allocator;
	event->storage_name = member ? member : "<allocated>";
}

void lower_setup(struct lowering *lowering, struct block *block,
		 const struct model_instruction *call,
		 const struct api_entry *api, struct cache_ref cache)
{
	struct event *event = lowered_event(lowering, block, call, EVENT_SETUP);

	event->callee = api->name;
	event->cache = cache;
	event->result_is_pointer = api->returns_pointer;
	event->size = constant_size(lowered_argument(call, api->size_argument));
	event->flags_known = lowered_flags(
		lowering, lowered_argument(call, api->flags_argument),
		&event->flags, 0);
	event->parameters = setup_parameters(lowering, call, api);
	event->result_unread = lowered_unread(lowering, call->result);
	event->result_error_pointer_only =
		api->returns_pointer &&
		lowered_read_as_error_pointer_only(lowering, call->result);
}

void lower_create(struct lowering *lowering, struct block *block,
		  const struct model_instruction *call,
		  const struct api_entry *api)
{
	struct event *event =
		lowered_event(lowering, block, call, EVENT_CREATE);

	event->callee = api->name;
	event->result_is_pointer = true;
	event->flags_known = lowered_flags(
		lowering, lowered_argument(call, api->flags_argument),
		&event->flags, 0);
}
